"""The moments where Dragon Quest rules act that no event, refusal or step names (``Game.rule_moments``).

The rule explorer (``tcgteach.explorer``, kind ``state``) shows, for each rule here, the first step of a
seeded game where its moment holds. Each moment is a predicate over the state before an action (None: a
game just set up) and the state after it; it answers the sentence saying what the rule does there.

- a quantity the rule defines, at the moment it changes: DQ-9.1 experience, DQ-9.2 level;
- a rule carried out inside another one's processing: DQ-4.4 the GP paid (for a recruit, a treatment ...),
  DQ-4.6 the close cost of an effect or item, DQ-4.7 a card recruited this turn acting at once, DQ-10.2 an
  item going onto a character;
- a limit, at the moment it binds: DQ-5.1 a full front row, with no recruit or move to it offered;
- what the game does not have, at the moment it would apply: DQ-2.3 the deal (the 50 cards and nothing
  else), DQ-10.4 a turn ending with more than 6 cards in hand and nothing discarded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...i18n import LANGS, Text
from ..rules import actions as A
from ..rules.ids import ACTIVE, CLOSED, HAND_TARGET, MONSTER, ROW_MAX, Ev, Node

if TYPE_CHECKING:
    from ...core.events import Event
    from ..rules.state import DragonQuestState

Moment = Callable[[Any, Any], "dict[str, str] | None"]

#: a hand this big at the end of a turn shows that nothing makes a player discard (DQ-10.4)
BIG_HAND = HAND_TARGET + 1

TEXT = Text(
    {
        "DQ-2.3": (
            "each player plays with the 50 cards of their deck and nothing else — P1 {d1} in the deck and {h1} "
            "in hand, P2 {d2} and {h2}; there is no side deck to swap cards from between games",
            "各プレイヤーが使うのはデッキの50枚だけ（P1はデッキ{d1}枚・手札{h1}枚、P2はデッキ{d2}枚・手札{h2}枚）。"
            "ゲームの合間にカードを入れ替えるためのサイドデッキはない",
        ),
        "DQ-4.4": (
            "P{p} pays {cost} GP, the COST of {card}, to {what}: GP {a} → {b}. P{p} began this turn with {saved} "
            "GP kept from earlier turns (GP accumulates across turns); P{q}'s GP does not change (GP is never "
            "handed between players)",
            "P{p}が{card}のCOSTの{cost}GPを払って{what}：GP {a}→{b}。P{p}はこのターンを、前のターンから"
            "持ち越した{saved}GPで始めていた（GPはターンをまたいで貯まる）。P{q}のGPは変わらない"
            "（GPをプレイヤー同士で受け渡すことはない）",
        ),
        "recruit": (
            "recruit it (not the turn's first recruit, which is free)",
            "仲間にする（このターン2枚目以降の仲間は有料）",
        ),
        "treat": ("treat it", "治療する"),
        "heal": ("heal it", "回復する"),
        "restore": ("restore it to active", "アクティブに復帰させる"),
        "equip": ("equip {carrier} with it", "{carrier}に装備する"),
        "DQ-4.6": (
            "P{p} uses {card}'s effect and pays its close cost: {card}, active until now, is closed "
            "(a card that is not active could not pay it)",
            "P{p}が{card}の効果を使い、クローズコストを払う：アクティブだった{card}がクローズになる"
            "（アクティブでないカードでは払えない）",
        ),
        "DQ-4.6item": (
            "P{p} uses the item {item}: the close cost is paid by closing {card}, the character carrying it "
            "(active until now)",
            "P{p}がアイテム「{item}」を使う：クローズコストとして、それを装備しているキャラクター「{card}」"
            "（アクティブだった）がクローズになる",
        ),
        "DQ-4.7": (
            "P{p} {what} {card}, recruited active this same turn: there is no summoning sickness, so it may act "
            "at once",
            "P{p}が、このターンにアクティブで仲間にしたばかりの{card}{what_ja}：召喚酔いはないので、すぐに行動できる",
        ),
        "attacks": ("attacks with", "で攻撃する"),
        "uses": ("uses the effect of", "の効果を使う"),
        "DQ-5.1": (
            "P{p}'s front row now holds {n} cards, the most a row may hold: no recruit or move to the front row "
            "is offered any more (back row: {back})",
            "P{p}の前衛が{n}枚になり、1つの列に置ける上限に達した：これ以上、前衛に仲間にしたり移したりする"
            "選択肢は出ない（後衛は{back}枚）",
        ),
        "DQ-9.1": (
            "{cards} {goes} into P{q}'s experience box: P{p}'s experience {a} → {b} — a player's experience "
            "is the sum of the levels of the cards in the opponent's experience box",
            "{cards}が撃破されてP{q}の経験値ボックスに入る：P{p}の経験値が{a}から{b}になる。"
            "経験値は、相手の経験値ボックスにあるカードのレベルの合計",
        ),
        "card_level": ("{card} (level {level})", "{card}（レベル{level}）"),
        "DQ-9.2": (
            "P{p}'s reset phase: P{p}'s level goes from {a} to {b} — experience {exp}, and every full 5 raises "
            "the level by 1 (1 + {exp} ÷ 5 rounded down = {b})",
            "P{p}のリセットフェイズ：P{p}のレベルが{a}から{b}に上がる。経験値は{exp}で、5たまるごとにレベルが1上がる"
            "（1＋{exp}÷5の端数切り捨て＝{b}）",
        ),
        "DQ-10.2": (
            "P{p} equips {card}, a character, with the item {item}{mods}: only characters carry items",
            "P{p}がキャラクター「{card}」にアイテム「{item}」を装備する{mods}：アイテムを装備できるのはキャラクターだけ",
        ),
        "monsters": (
            "; P{p}'s {monster} on the field ({names}) {is_} not offered it",
            "。同じく場にいるP{p}のモンスター（{names}）には、装備する選択肢が出ない",
        ),
        "DQ-10.4": (
            "P{p}'s turn ends with {n} cards in hand, more than the {target} of the opening hand, and not one "
            "is discarded: the game has no hand-size discard",
            "P{p}のターンが手札{n}枚のまま終わる。初期手札の{target}枚より多いが、1枚も捨てない："
            "手札枚数の超過による捨て札はこのゲームにない",
        ),
        "same_name": (
            "; P{o} has two cards named {name} on the field: nothing limits one name in play either (the "
            "deck's limit of 4 copies, DQ-2.2, is another rule)",
            "。P{o}の場には{name}が2枚あるが、場に出せる同名カードの制限もない（デッキに入れる4枚までの制限"
            "DQ-2.2とは別）",
        ),
    }
)


def _texts(key: str, **fmt: Any) -> dict[str, str]:
    return {lang: TEXT.t(key, lang, **{k: v(lang) if callable(v) else v for k, v in fmt.items()}) for lang in LANGS}


def _new_events(before: DragonQuestState, after: DragonQuestState) -> list[Event]:
    return after.events[len(before.events) :]


def _name(s: DragonQuestState, c: int) -> Callable[[str], str]:
    return lambda lang: s.card(c).label(lang)


# -- DQ-2.3: the deal --------------------------------------------------------------------------------------------
def no_side_deck(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """At the deal, every card of each player's deck list is in their deck or hand, and no other card."""
    if before is not None:
        return None
    decks = after.setup["decks"]
    for p in range(2):
        mine = sorted(after.deck(p) + after.hand(p))
        if len(mine) != len(decks[p]) or any(after.owner(c) != p for c in mine):
            return None
    return _texts("DQ-2.3", d1=len(after.deck(0)), h1=len(after.hand(0)), d2=len(after.deck(1)), h2=len(after.hand(1)))


# -- DQ-4.4: GP paid ----------------------------------------------------------------------------------------------
_PAID: dict[str, str] = {
    Ev.RECRUIT: "recruit",
    Ev.TREAT: "treat",
    Ev.HEAL: "heal",
    Ev.RESTORE: "restore",
    Ev.EQUIP: "equip",
}


def gp_cost(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """An action pays a COST in GP, by a player who kept GP from earlier turns: the payer's GP falls by
    exactly the COST, the opponent's stays."""
    if before is None:
        return None
    for e in _new_events(before, after):
        what = _PAID.get(str(e.kind))
        cost = e.data.get("cost", 0)
        if what is None or not cost or e.player is None:
            continue
        p, q = e.player, 1 - e.player
        saved = _carried(before, p)
        if after.gp[p] != before.gp[p] - cost or after.gp[q] != before.gp[q] or not saved:
            return None
        card = after.card(e.data["item"] if e.kind == Ev.EQUIP else e.data["card"])
        carrier = after.card(e.data["card"])
        return {
            lang: TEXT.t(
                "DQ-4.4",
                lang,
                p=p + 1,
                q=q + 1,
                cost=cost,
                card=card.label(lang),
                what=TEXT.t(what, lang, carrier=carrier.label(lang)),
                a=before.gp[p],
                b=after.gp[p],
                saved=saved,
            )
            for lang in LANGS
        }
    return None


def _carried(s: DragonQuestState, p: int) -> int:
    """The GP ``p`` had when this turn of theirs began (kept from earlier turns): the income phase's total
    less its gain; 0 when it is not ``p``'s turn."""
    for e in reversed(s.events):
        if e.kind == Ev.TURN_END:
            return 0
        if e.kind == Ev.INCOME and e.player == p:
            return int(e.data["total"]) - int(e.data["gp"])
    return 0


# -- DQ-4.6: close costs ----------------------------------------------------------------------------------------
def close_cost(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """An effect with a close cost, or an item's use, closes its active card (the item's carrier)."""
    if before is None:
        return None
    for e in _new_events(before, after):
        if e.kind == Ev.USE and e.data.get("close") or e.kind == Ev.USE_ITEM:
            c = e.data["card"]
            if before.orient[c] != ACTIVE or after.orient[c] != CLOSED:
                continue
            p = (e.player or 0) + 1
            if e.kind == Ev.USE_ITEM:
                return _texts("DQ-4.6item", p=p, card=_name(after, c), item=_name(after, e.data["item"]))
            return _texts("DQ-4.6", p=p, card=_name(after, c))
    return None


# -- DQ-4.7: no summoning sickness ---------------------------------------------------------------------------
def _recruited_active_this_turn(s: DragonQuestState, card: int) -> bool:
    for e in reversed(s.events):
        if e.kind in (Ev.RESET, Ev.TURN_END):  # the start of this turn: looked far enough
            return False
        if e.kind == Ev.RECRUIT and e.data.get("card") == card:
            return bool(e.data.get("state") == "active")
    return False


def no_summoning_sickness(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """A card recruited active this turn attacks, or uses an effect, in the same turn."""
    if before is None or not after.history:
        return None
    action = after.history[-1]
    if isinstance(action, A.Attack):
        key = "attacks"
    elif isinstance(action, A.Use):
        key = "uses"
    else:
        return None
    card = action.card
    if after.inst.owner[card] != before.actor or not _recruited_active_this_turn(before, card):
        return None
    return {
        lang: TEXT.t(
            "DQ-4.7",
            lang,
            p=before.actor + 1,
            what=TEXT.t(key, "en"),
            what_ja=TEXT.t(key, "ja"),
            card=after.card(card).label(lang),
        )
        for lang in LANGS
    }


# -- DQ-5.1: a full row ---------------------------------------------------------------------------------------
def row_limit(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """The front row reaches 3 cards in the preparation phase, and no recruit or move to it is offered."""
    if before is None or after.node != Node.PREP:
        return None
    p = after.actor
    if len(after.front(p)) != ROW_MAX or len(before.front(p)) >= ROW_MAX:
        return None
    back = set(after.back(p))
    for a in after.legal_actions():
        if isinstance(a, A.Recruit) and a.row == "front":
            return None
        if isinstance(a, A.Move) and a.card in back:
            return None
    return _texts("DQ-5.1", p=p + 1, n=ROW_MAX, back=len(back))


# -- DQ-9.1, DQ-9.2: experience and level -------------------------------------------------------------------
def experience(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """A player's experience rises: cards went into the opponent's experience box."""
    if before is None:
        return None
    for p in range(2):
        a, b = before.experience(p), after.experience(p)
        if b <= a:
            continue
        q = 1 - p
        new = [c for c in after.exp_box(q) if c not in before.exp_box(q)]
        goes = "is defeated and goes" if len(new) == 1 else "are defeated and go"
        out = {}
        for lang in LANGS:
            cards = ("、" if lang == "ja" else " and ").join(
                TEXT.t("card_level", lang, card=after.card(c).label(lang), level=after.inst.level[c]) for c in new
            )
            out[lang] = TEXT.t("DQ-9.1", lang, p=p + 1, q=q + 1, a=a, b=b, cards=cards, goes=goes)
        return out
    return None


def level(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """A player's level rises to 1 + experience // 5, checked at their reset phase (the level-up event of
    DQ-9.4 is among the step's events)."""
    if before is None:
        return None
    ups = {e.player for e in _new_events(before, after) if e.kind == Ev.LEVEL_UP}
    for p in sorted(q for q in ups if q is not None):
        a, b = before.level[p], after.level[p]
        exp = after.experience(p)
        if b > a and b == 1 + exp // 5:
            return _texts("DQ-9.2", p=p + 1, a=a, b=b, exp=exp)
    return None


# -- DQ-10.2: items go onto characters ---------------------------------------------------------------------
def _mods(s: DragonQuestState, item: int, lang: str) -> str:
    card = s.card(item)
    words = {"attack": ("attack", "攻撃力"), "hp": ("HP", "HP"), "speed": ("speed", "素早さ")}
    parts = [
        f"{words[k][lang == 'ja']}{'+' if getattr(card, k) > 0 else ''}{getattr(card, k)}"
        if lang == "ja"
        else f"{words[k][0]} {'+' if getattr(card, k) > 0 else ''}{getattr(card, k)}"
        for k in words
        if getattr(card, k)
    ]
    if not parts:
        return ""
    return "（" + "、".join(parts) + "）" if lang == "ja" else " (" + ", ".join(parts) + ")"


def item_card(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """An item goes onto a character while the same player has a monster on the field, which the legal
    actions did not offer it to."""
    if before is None:
        return None
    for e in _new_events(before, after):
        if e.kind != Ev.EQUIP or e.player is None:
            continue
        p, card, item = e.player, e.data["card"], e.data["item"]
        if after.inst.kind[card] == MONSTER:
            return None
        monsters = sorted(c for c in before.party(p) if before.inst.kind[c] == MONSTER)
        offered = {a.card for a in before.legal_actions() if isinstance(a, A.Equip) and a.item == item}
        if not monsters or card not in offered or offered & set(monsters):
            return None  # the moment that shows it: a monster of the same player stands by, not offered it
        out = {}
        for lang in LANGS:
            text = TEXT.t(
                "DQ-10.2",
                lang,
                p=p + 1,
                card=after.card(card).label(lang),
                item=after.card(item).label(lang),
                mods=_mods(after, item, lang),
            )
            names = list(dict.fromkeys(after.card(c).label(lang) for c in monsters))  # each name once
            many = len(monsters) > 1
            text += TEXT.t(
                "monsters",
                lang,
                p=p + 1,
                names=("、" if lang == "ja" else ", ").join(names),
                monster="monsters" if many else "monster",
                is_="are" if many else "is",
            )
            out[lang] = text
        return out
    return None


# -- DQ-10.4: what the game does not have -------------------------------------------------------------------
def _same_name(s: DragonQuestState) -> tuple[int, int] | None:
    """(player, a card) where a player has two party cards of the same name on the field."""
    for p in range(2):
        seen: dict[str, int] = {}
        for c in sorted(s.party(p)):
            cid = s.card(c).id
            if cid in seen:
                return p, c
            seen[cid] = c
    return None


def not_in_game(before: DragonQuestState | None, after: DragonQuestState) -> dict[str, str] | None:
    """A turn ends with more than 6 cards in the turn player's hand, kept whole: no card went to the discard
    pile at the turn end."""
    if before is None:
        return None
    for e in _new_events(before, after):
        if e.kind != Ev.TURN_END or e.player is None:
            continue
        p = e.player
        n = len(after.hand(p))
        if n < BIG_HAND or sorted(before.hand(p)) != sorted(after.hand(p)) or before.discard(p) != after.discard(p):
            return None  # a clean moment: the same hand, and no card went to the discard pile at all
        twin = _same_name(after)
        out = {}
        for lang in LANGS:
            text = TEXT.t("DQ-10.4", lang, p=p + 1, n=n, target=HAND_TARGET)
            if twin is not None:
                text += TEXT.t("same_name", lang, o=twin[0] + 1, name=after.card(twin[1]).label(lang))
            out[lang] = text
        return out
    return None


MOMENTS: Mapping[str, Moment] = {
    "DQ-2.3": no_side_deck,
    "DQ-4.4": gp_cost,
    "DQ-4.6": close_cost,
    "DQ-4.7": no_summoning_sickness,
    "DQ-5.1": row_limit,
    "DQ-9.1": experience,
    "DQ-9.2": level,
    "DQ-10.2": item_card,
    "DQ-10.4": not_in_game,
}
"""Rule ID -> its moment (``DragonQuest.rule_moments``)."""
