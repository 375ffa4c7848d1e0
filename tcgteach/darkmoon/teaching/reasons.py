"""Why a DARK MOON move is worth making, in game terms, each reason citing its rule (the coach's hints).

Every reason is read from the player's view and from nothing else: the order of the own deck is
hidden, but its contents are known (the deck list minus the cards seen in hand, on the field and in
units, DM-6.3), so the reveal odds of a play (DM-4.4) are counts of the cards still in the deck that
match a number on the field. The opponents' hands and decks are never looked at.

    reasons = explain(view, action, "ja")      # [Reason("DM-4.4", "..."), ...], most telling first
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Reason, check_choice
from ..rules import actions as A
from ..rules.cards import CHARACTER_JA, Card
from ..rules.ids import Node, Op
from ..rules.scoring import bonus
from ..rules.values import PeekChoice
from .cardtext import marked, plural, points_line
from .policy import DarkMoonPolicy

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..rules.state import DarkMoonState

_POLICY = DarkMoonPolicy()  # read only: its unit planner (DM-4.6, DM-5.2)


def _name(name: str | None, ja: bool) -> str:
    if name is None:
        return "キャラクター" if ja else "character"
    return CHARACTER_JA[name] if ja else name


def deck_contents(view: DarkMoonState, p: int) -> list[int]:
    """The cards in ``p``'s deck as ``p`` knows them: every card of p's deck list not seen in hand, on the field
    or in a unit (the order stays hidden). Card instances, so the caller can read their numbers and names."""
    seen = set(view.hand(p)) | set(view.field(p))
    for unit in view.units(p):
        seen.update(unit)
    owner = view.inst.owner
    return [c for c in range(len(owner)) if owner[c] == p and c not in seen]


def _matches(view: DarkMoonState, deck: list[int], numbers: set[int]) -> int:
    number = view.inst.number
    return sum(1 for c in deck if number[c] is not None and number[c] in numbers)


def _field_numbers(view: DarkMoonState, p: int) -> set[int]:
    number = view.inst.number
    return {n for c in view.field(p) if (n := number[c]) is not None}


def explain(view: DarkMoonState, action: Action, lang: str = "en") -> list[Reason]:
    """The reasons for ``action`` in ``view`` (the view of the player to act), most telling first."""
    check_choice(view, action, lang)
    ja = lang == "ja"
    node = view.node
    if node == Node.MAIN:
        out = _main(view, action, ja)
    elif node == Node.UNIT:
        out = _unit(view, action, ja)
    elif node == Node.EFFECT:
        out = _effect(view, action, ja)
    else:
        out = []
    return out


# -- the main phase (DM-4.1 - DM-4.6) -------------------------------------------------------------------
def _main(view: DarkMoonState, action: Action, ja: bool) -> list[Reason]:
    p = view.turn_player
    out: list[Reason] = []
    if isinstance(action, A.Play):
        out += _play(view, p, action.card, ja)
    elif isinstance(action, A.StartUnit):
        out += _start_unit(view, p, ja)
    elif isinstance(action, A.EndMain):
        out += _end_main(view, p, ja)
    final = view.armed_by is not None and view.armed_by != p
    if final and not isinstance(action, A.EndMain):
        out.append(
            Reason(
                "DM-1.5",
                "このターンが最後のターンなので、今すぐ点になることだけが大事です"
                if ja
                else "this is your last turn, so only points you can score right now count",
            )
        )
    if view.turn == 1 and view.action_limit() == 1 and not isinstance(action, A.EndMain):
        out.append(
            Reason(
                "DM-4.3",
                "先攻の最初のターンは1回しか行動できないので、この1手で終わりです"
                if ja
                else "the first player's first turn allows only one action, so this is the whole turn",
            )
        )
    return out


def _play(view: DarkMoonState, p: int, card: int, ja: bool) -> list[Reason]:
    inst = view.inst
    c = inst.cards[card]
    out: list[Reason] = []
    deck = [x for x in deck_contents(view, p) if x != card]
    before = _field_numbers(view, p)
    n = inst.number[card]
    after = before | {n} if n is not None else before
    k, m = _matches(view, deck, after), len(deck)
    if m == 0:
        out.append(
            Reason(
                "DM-4.4a",
                "デッキが空なので、出したあとの公開はありません" if ja else "your deck is empty, so no reveal follows",
            )
        )
    else:
        gained = k - _matches(view, deck, before)
        if ja:
            text = f"出したあと、デッキに残る{m}枚のうち{k}枚が場のキャラクターと同じナンバーになるので"
            if gained > 0:
                text += f"（このナンバー{n}で{gained}枚増えます）"
            text += (
                f"、公開で1枚がただで場に出る見込みは{m}分の{k}です"
                if k
                else "、公開でめくれたカードは手札に入るだけです"
            )
        else:
            verb = "matches" if k == 1 else "match"
            text = f"after it, {k} of the {plural(m, 'card')} left in your deck {verb} a number on your field"
            if gained > 0:
                text += f" (its number {n} brings {gained})"
            text += (
                f", so the reveal has {plural(k, 'chance')} in {m} to put a free card onto the field"
                if k
                else ", so the revealed card will only go to your hand"
            )
        out.append(Reason("DM-4.4", text))
    if n is not None:
        chars = len(view.field_characters(p)) + 1
        out.append(
            Reason(
                "DM-5.1",
                f"場のキャラクターは{chars}枚になり、ユニットに入れれば1枚1点です"
                if ja
                else f"your field will hold {plural(chars, 'character')}, each worth 1 point once in a unit",
            )
        )
    else:
        if c.points is not None:
            out.append(Reason("DM-5.2", ("ユニットに入れると" if ja else "put in a unit, ") + _points_clause(c, ja)))
        out.append(
            Reason(
                "DM-5.3",
                "スペシャルカードは場に置くだけで1点になります"
                if ja
                else "a special card scores 1 point as soon as it is on your field",
            )
        )
    fx = _effect_value(view, p, card, ja)
    if fx is not None:
        out.append(fx)
    return out


def _points_clause(card: Card, ja: bool) -> str:
    line = points_line(card, "ja" if ja else "en")
    head = "ユニット内：" if ja else "In a unit: "
    body = line[len(head) :] if line.startswith(head) else line
    return f"点が増えます（{body}）" if ja else f"it adds points ({body})"


def _effect_value(view: DarkMoonState, p: int, card: int, ja: bool) -> Reason | None:
    """What the on-play effect brings here (DM-4.2), judged from what the player knows."""
    inst = view.inst
    e = inst.cards[card].effect
    if e is None:
        return None
    op = e["op"]
    n = int(e.get("n", 0))
    name = e.get("name")
    deck = [x for x in deck_contents(view, p) if x != card]
    if op == Op.DRAW:
        return Reason(
            "DM-4.2",
            f"プレイ時効果で{n}枚引けるので、次に出せるカードが増えます"
            if ja
            else f"its on-play effect draws {plural(n, 'card')}: more cards to play later",
        )
    if op == Op.DRAW_IF_FIELD_HAS:
        others = [c for c in view.field(p) if inst.charname[c] == name and c != card]
        if others:
            return Reason(
                "DM-4.2",
                f"場に{_name(name, ja)}がいるので、プレイ時効果で{n}枚引けます"
                if ja
                else f"you have {name} on the field, so its on-play effect draws {plural(n, 'card')}",
            )
        return Reason(
            "DM-4.2",
            f"場に{_name(name, ja)}がいないので、プレイ時効果は今は何もしません"
            if ja
            else f"no {name} is on your field, so its on-play effect does nothing now",
        )
    if op == Op.SEARCH:
        left = sum(1 for c in deck if inst.charname[c] == name)
        where = ("場" if e["to"] == "field" else "手札") if ja else ("field" if e["to"] == "field" else "hand")
        if left:
            return Reason(
                "DM-4.2",
                f"デッキにはまだ{_name(name, ja)}が{left}枚あるので、効果で確実に{where}へ持ってこられます"
                if ja
                else f"your deck still holds {left} {name}, so its effect surely brings one to your {where}",
            )
        return Reason(
            "DM-4.2",
            f"デッキに{_name(name, ja)}はもう残っていないので、探す効果は空振りします"
            if ja
            else f"no {name} is left in your deck, so its search finds nothing",
        )
    if op == Op.PLACE_FROM_HAND:
        mates = [c for c in view.hand(p) if c != card and inst.charname[c] == name]
        if mates:
            return Reason(
                "DM-4.2",
                f"手札の{_name(name, ja)}も効果で一緒に場に出せるので、1回の行動で2枚並びます"
                if ja
                else f"its effect also puts your {name} from hand onto the field: two cards for one action",
            )
        return None
    if op == Op.RETURN_OPPONENT:
        targets = [
            c
            for q in range(view.num_players)
            if q != p
            for c in view.field(q)
            if inst.is_char[c] and (name is None or inst.charname[c] == name)
        ]
        if targets:
            return Reason(
                "DM-4.2",
                "効果で相手の場のキャラクターを手札に戻せるので、相手のユニット作りが遅れます"
                if ja
                else "its effect can send an opponent's character back to their hand, slowing their next unit",
            )
        return None
    return None


def _planned_unit(view: DarkMoonState, p: int) -> tuple[int, list[int]]:
    final = view.armed_by is not None and view.armed_by != p
    empty = sum(1 for u in view.units(p) if not u)
    unseen = None
    if not final and empty > 1:
        unseen, _names = _POLICY._unseen(view, p)
    return _POLICY._best_unit(view.inst, view.field(p), unseen)


def _start_unit(view: DarkMoonState, p: int, ja: bool) -> list[Reason]:
    inst = view.inst
    value, cards = _planned_unit(view, p)
    out: list[Reason] = []
    chars = [c for c in cards if inst.is_char[c]]
    specials = [c for c in cards if not inst.is_char[c]]
    if chars:
        out.append(
            Reason(
                "DM-5.1",
                f"場のキャラクター{len(chars)}枚をユニットにまとめれば、ゲーム終了時に1枚1点で{len(cards)}点が確定します"
                if ja
                else f"a unit of {plural(len(chars), 'character')} from your field locks in {len(cards)} points "
                "(1 for each card in it)",
            )
        )
    for s in specials:
        names = [inst.charname[c] for c in chars]
        pts = inst.cards[s].points
        extra = bonus(pts, names) if pts is not None else 0
        if extra:
            label = marked(view, s, "ja" if ja else "en")
            out.append(
                Reason(
                    "DM-5.2",
                    f"{label}を一緒に入れると条件を満たして+{extra}点になります"
                    if ja
                    else f"{label} joins it and meets its condition: +{plural(extra, 'point')}",
                )
            )
    out += _arming(view, p, ja)
    return out


def _arming(view: DarkMoonState, p: int, ja: bool) -> list[Reason]:
    empty = sum(1 for u in view.units(p) if not u)
    if empty != 1 or view.armed_by is not None:
        return []
    # DM-1.5: every other player takes one more turn (2 players: the opponent's next turn)
    if view.num_players == 2:
        after = "相手はあと1ターンだけです" if ja else "your opponent gets one last turn"
    else:
        after = (
            "ほかのプレイヤーは全員あと1ターンずつです（あなたのすぐ前の席の人のターンで終わり）"
            if ja
            else "every other player gets one last turn (the game ends after the player seated just before you)"
        )
    return [
        Reason(
            "DM-1.4",
            "これで3つ目のユニット置き場が埋まり、このターンの終わりに終了条件を満たします：" + after
            if ja
            else "it fills your third unit slot, so the end is armed at the end of this turn: " + after,
        )
    ]


def _end_main(view: DarkMoonState, p: int, ja: bool) -> list[Reason]:
    inst = view.inst
    units = view.units(p)
    empty = sum(1 for u in units if not u)
    chars = len(view.field_characters(p))
    out: list[Reason] = []
    if empty == 1 and chars >= 3 and view.armed_by is None:
        out.append(
            Reason(
                "DM-1.4",
                "最後のユニット置き場をまだ埋めなければ終了条件を満たさないので、もっと点を伸ばせます"
                if ja
                else "you keep your last unit slot free, so the end is not armed yet and you can still add points",
            )
        )
    if not view.hand(p) and chars < 3:
        out.append(
            Reason(
                "DM-4.1",
                "手札がなく、ユニットを作れるキャラクターも足りないので、できることが残っていません"
                if ja
                else "your hand is empty and your field has too few characters for a unit: nothing is left to do",
            )
        )
    del inst
    if not out:
        out.append(
            Reason(
                "DM-4.1",
                "行動は2回まで。使い切らずにメインフェイズを終えてもかまいません"
                if ja
                else "a turn allows up to two actions, and ending with fewer is allowed",
            )
        )
    return out


# -- creating a unit pick by pick (DM-4.6) ----------------------------------------------------------------
def _unit(view: DarkMoonState, action: Action, ja: bool) -> list[Reason]:
    p = view.turn_player
    inst = view.inst
    picked = list(view.unit_pick)
    if isinstance(action, A.Pick):
        c = action.card
        label = marked(view, c, "ja" if ja else "en")
        if inst.is_char[c]:
            return [
                Reason(
                    "DM-5.1",
                    f"{label}をユニットに入れれば1点になります（場に残すだけでは点になりません）"
                    if ja
                    else f"{label} scores 1 point in the unit (a character left on the field scores nothing)",
                )
            ]
        pts = inst.cards[c].points
        names = [inst.charname[x] for x in picked if inst.is_char[x]]
        extra = bonus(pts, names) if pts is not None else 0
        if extra:
            return [
                Reason(
                    "DM-5.2",
                    f"{label}はこのユニットの条件を満たすので+{extra}点になります"
                    if ja
                    else f"{label} meets its condition in this unit: +{plural(extra, 'point')}",
                )
            ]
        return [
            Reason(
                "DM-5.2",
                f"{label}の点の条件はまだ満たされていません（場に残せば1点です）"
                if ja
                else f"{label}'s condition is not met here yet (left on the field it scores 1)",
            )
        ]
    if isinstance(action, A.Finish):
        chars = [x for x in picked if inst.is_char[x]]
        names = [inst.charname[x] for x in chars]
        extra = sum(bonus(pts, names) for x in picked if (pts := inst.cards[x].points) is not None)
        total = len(picked) + extra
        out = [
            Reason(
                "DM-5.1",
                f"選んだ{len(picked)}枚でユニットが完成し、{total}点が確定します"
                if ja
                else f"the {plural(len(picked), 'card')} picked make the unit: {plural(total, 'point')} locked in",
            )
        ]
        return out + _arming(view, p, ja)
    if isinstance(action, A.Cancel):
        return [
            Reason(
                "DM-4.6",
                "やめても選んだカードは場に残り、行動も使いません"
                if ja
                else "the picked cards stay on the field and no action is used",
            )
        ]
    return []


# -- on-play choices ----------------------------------------------------------------------------------------
def _effect(view: DarkMoonState, action: Action, ja: bool) -> list[Reason]:
    p = view.turn_player
    inst = view.inst
    pending = view.pending
    if isinstance(pending, PeekChoice) and pending.top >= 0:
        return [_peek(view, p, pending.top, isinstance(action, A.KeepTop), ja)]
    op = getattr(pending, "op", None)
    if op == Op.RECYCLE and isinstance(action, A.Decline):
        return [
            Reason(
                "DM-4.2",
                "何も戻さなくても1枚引けます" if ja else "the draw of 1 comes even if you put nothing back",
            )
        ]
    if op == Op.PLACE_FROM_HAND and isinstance(action, A.Choose):
        label = marked(view, action.card, "ja" if ja else "en")
        return [
            Reason(
                "DM-4.2",
                f"{label}も場に出て、ユニットに入れられるキャラクターが1枚増えます（このカードの効果と公開はありません）"
                if ja
                else f"{label} joins your field too: one more character for a unit "
                "(its own effect and reveal do not happen)",
            )
        ]
    if op == Op.RECYCLE and isinstance(action, A.Choose):
        label = marked(view, action.card, "ja" if ja else "en")
        return [
            Reason(
                "DM-4.2",
                f"すぐには使わない{label}をデッキの下に置き、代わりに1枚引きます"
                if ja
                else f"{label}, a card you will not play soon, goes under the deck and you draw 1 instead",
            )
        ]
    if isinstance(action, A.Decline):
        return [
            Reason(
                "DM-4.2",
                "「してもよい」効果なので、何も選ばなくてかまいません"
                if ja
                else "the effect says 'you may', so choosing nothing is allowed",
            )
        ]
    if op == Op.RETURN_OPPONENT and isinstance(action, A.Choose):
        c = action.card
        q = inst.owner[c]
        left = sum(1 for x in view.field(q) if inst.is_char[x]) - 1
        label = marked(view, c, "ja" if ja else "en")
        if ja:
            text = f"{label}が手札に戻ると、P{q + 1}の場のキャラクターは{left}枚になり、"
            text += "ユニットを作れなくなります（3枚から）" if left < 3 else "次のユニットが1枚小さくなります"
        else:
            text = f"with {label} back in hand, P{q + 1}'s field keeps {plural(left, 'character')}: "
            text += "too few for a unit (3 at least)" if left < 3 else "their next unit is one card smaller"
        return [Reason("DM-4.6", text)]
    return []


def _peek(view: DarkMoonState, p: int, top: int, keep: bool, ja: bool) -> Reason:
    """Keep the looked-at card on top or put it at the bottom: what the next reveal will do (DM-4.4)."""
    inst = view.inst
    label = marked(view, top, "ja" if ja else "en")
    numbers = _field_numbers(view, p)
    match = inst.is_char[top] and inst.number[top] in numbers
    rest = [c for c in deck_contents(view, p) if c != top]
    k, m = _matches(view, rest, numbers), len(rest)
    if keep and match:
        text = (
            f"{label}は場のキャラクターと同じナンバーなので、次の公開でただで場に出ます"
            if ja
            else f"{label} matches a number on your field, so the next reveal puts it onto the field for free"
        )
    elif keep:
        text = (
            f"{label}は次の公開で手札に入ります。下に置いても、当たりは残り{m}枚のうち{k}枚しかありません"
            if ja
            else f"{label} goes to your hand at the next reveal; under the deck, only {k} of the other {m} cards "
            "would match"
        )
    elif match:
        text = (
            f"{label}は場のキャラクターと同じナンバーで、次の公開でただで場に出るはずでした。下に置くとそれを手放します"
            if ja
            else f"{label} matches a number on your field and would go onto the field for free: "
            "at the bottom that card is given up"
        )
    else:
        text = (
            f"{label}は場のどのナンバーとも一致しません。"
            f"下に置けば、次の公開は残り{m}枚のうち{k}枚の当たりに賭けられます"
            if ja
            else f"{label} matches no number on your field; under the deck, the next reveal gets "
            f"{plural(k, 'chance')} in {m} of a match instead"
        )
    return Reason("DM-4.4", text)
