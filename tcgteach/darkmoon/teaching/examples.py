"""The moments where DARK MOON rules act that no event, refusal or step names (``Game.rule_moments``).

The rule explorer (``tcgteach.explorer``, kind ``state``) shows, for each rule here, the first step of a
seeded game where its moment holds. Each moment is a predicate over the state before an action (None: a
game just set up) and the state after it; it answers the sentence saying what the rule does there.

- DM-2.5 (no side deck): the deal, where each player has the 40 cards of the deck and nothing else;
- DM-5.5 (the score breakdown): the end of the game, the result's breakdown per player read out;
- DM-6.4 (no discarding, no hand limit, no discard pile): a turn ending with a big hand, nothing discarded
  and every card still in the deck, the hand, the field or a unit;
- DM-6.5 (no combat, costs, tapping, summoning sickness ...): a unit made with a card that came onto the
  field this same turn, nothing paid or turned sideways.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...i18n import LANGS, Text
from ..rules.ids import Ev
from ..rules.setup import HAND_SIZE

if TYPE_CHECKING:
    from ..rules.state import DarkMoonState

Moment = Callable[[Any, Any], "dict[str, str] | None"]

#: a hand this big at the end of a turn shows that there is no hand limit (DM-6.4)
BIG_HAND = HAND_SIZE + 3

TEXT = Text(
    {
        "DM-2.5": (
            "each player plays with the 40 cards of their deck and nothing else ({counts}); there is no side "
            "deck to swap cards from between games",
            "各プレイヤーが使うのはデッキの40枚だけ（{counts}）。ゲームの合間にカードを入れ替えるためのサイドデッキはない",
        ),
        "count": ("P{p}: {d} in the deck, {h} in hand", "P{p}はデッキ{d}枚・手札{h}枚"),
        "DM-5.5": (
            "the game ends, and its result carries each player's score breakdown: {parts}",
            "ゲーム終了。結果には各プレイヤーの得点の内訳が含まれる：{parts}",
        ),
        "part": (
            "P{p} {units} in units + {bonus} unit bonus + {loose} for specials left on the field = {total}",
            "P{p}はユニット{units}＋ユニットのボーナス{bonus}＋場に残ったスペシャルカード{loose}＝{total}ポイント",
        ),
        "DM-6.4": (
            "P{p}'s turn ends with {n} cards in hand, {more} more than the {dealt} dealt, and nothing is "
            "discarded: there is no hand limit; every one of P{p}'s 40 cards is still in the deck, the hand, "
            "the field or a unit (no discard pile)",
            "P{p}のターンが手札{n}枚のまま終わる。配られた{dealt}枚より{more}枚多いが、何も捨てない："
            "手札の上限はない。P{p}の40枚はすべてデッキ・手札・場・ユニットのどこかにある（捨て札はない）",
        ),
        "DM-6.5": (
            "P{p} puts {cards}, which came onto the field this same turn, into unit {slot}: there is no "
            "summoning sickness; nothing was paid, turned sideways, fought or damaged on the way (no costs, tapping, "
            "combat or damage in this game)",
            "P{p}が、このターンに場に出たばかりの{cards}をユニット{slot}に入れる：召喚酔いはない。"
            "ここまでに何も払わず、カードを横向きにもせず、戦闘もダメージもない（このゲームにはコスト・タップ・"
            "戦闘・ダメージがない）",
        ),
    }
)


def _owned(s: DarkMoonState, p: int) -> int:
    """How many cards ``p`` has in all their zones."""
    return len(s.deck(p)) + len(s.hand(p)) + len(s.field(p)) + sum(len(u) for u in s.units(p))


# -- DM-2.5 ----------------------------------------------------------------------------------------------------
def no_side_deck(before: DarkMoonState | None, after: DarkMoonState) -> dict[str, str] | None:
    """At the deal, each player's cards are the cards of their deck list, in their deck or hand."""
    if before is not None:
        return None
    decks = after.setup["decks"]
    players = range(after.num_players)
    for p in players:
        if len(after.deck(p)) + len(after.hand(p)) != len(decks[p]) or _owned(after, p) != len(decks[p]):
            return None
    out = {}
    for lang in LANGS:
        sep = "、" if lang == "ja" else "; "
        counts = sep.join(TEXT.t("count", lang, p=p + 1, d=len(after.deck(p)), h=len(after.hand(p))) for p in players)
        out[lang] = TEXT.t("DM-2.5", lang, counts=counts)
    return out


# -- DM-5.5 ----------------------------------------------------------------------------------------------------
def score_breakdown(before: DarkMoonState | None, after: DarkMoonState) -> dict[str, str] | None:
    """The game has just ended: the result's breakdown, player by player."""
    if before is None or before.is_terminal() or not after.is_terminal():
        return None
    result = after.result()
    if result is None or len(result.breakdown) != after.num_players:
        return None
    out = {}
    for lang in LANGS:
        sep = "、" if lang == "ja" else "; "
        parts = sep.join(
            TEXT.t(
                "part",
                lang,
                p=b["player"] + 1,
                units=b["units"],
                bonus=b["unit_bonuses"],
                loose=b["loose_specials"],
                total=b["total"],
            )
            for b in result.breakdown
        )
        out[lang] = TEXT.t("DM-5.5", lang, parts=parts)
    return out


# -- DM-6.4 ----------------------------------------------------------------------------------------------------
def no_discard(before: DarkMoonState | None, after: DarkMoonState) -> dict[str, str] | None:
    """A turn ends with a big hand; the hand did not shrink at the end, and no card has left the game."""
    if before is None:
        return None
    for e in after.events[len(before.events) :]:
        if e.kind != Ev.TURN_END or e.player is None:
            continue
        p = e.player
        n = len(after.hand(p))
        if n < BIG_HAND or len(before.hand(p)) != n or _owned(after, p) != len(after.setup["decks"][p]):
            return None
        return {lang: TEXT.t("DM-6.4", lang, p=p + 1, n=n, more=n - HAND_SIZE, dealt=HAND_SIZE) for lang in LANGS}
    return None


# -- DM-6.5 ----------------------------------------------------------------------------------------------------
_ARRIVES = (Ev.PLAY, Ev.PLACED, Ev.REVEAL, Ev.SEARCH)


def _arrived_this_turn(s: DarkMoonState, cards: list[int]) -> list[int]:
    """The cards of ``cards`` that came onto the field this turn (played, placed, revealed or searched there)."""
    out = []
    for e in reversed(s.events):
        if e.kind == Ev.TURN_START:
            break
        if e.kind in _ARRIVES and e.data.get("card") in cards and e.data.get("to", "field") == "field":
            out.append(e.data["card"])
    return sorted(set(out), key=cards.index)


def no_summoning_sickness(before: DarkMoonState | None, after: DarkMoonState) -> dict[str, str] | None:
    """A unit is created with a card that came onto the field this same turn."""
    if before is None:
        return None
    for e in after.events[len(before.events) :]:
        if e.kind != Ev.UNIT_CREATED or e.player is None:
            continue
        fresh = _arrived_this_turn(before, list(e.data["cards"]))
        if not fresh:
            return None
        out = {}
        for lang in LANGS:
            names = [after.card(c).label(lang) for c in fresh]
            if lang == "ja":
                cards = "、".join(names)
            else:
                cards = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            out[lang] = TEXT.t("DM-6.5", lang, p=e.player + 1, cards=cards, slot=e.data["slot"])
        return out
    return None


MOMENTS: Mapping[str, Moment] = {
    "DM-2.5": no_side_deck,
    "DM-5.5": score_breakdown,
    "DM-6.4": no_discard,
    "DM-6.5": no_summoning_sickness,
}
"""Rule ID -> its moment (``DarkMoon.rule_moments``)."""
