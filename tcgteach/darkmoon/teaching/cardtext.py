"""Short DARK MOON card texts generated from the card data (en/ja): the on-play effect (DM-6), the
special cards' scoring condition and points (DM-5.2), and the copy mark that tells identical cards
apart on the board and in the action buttons.

The words are the engine's own (``text.py``, the board, ``data/rules.json``): 場, 手札, デッキ, ユニット,
プレイ時, スペシャル, 点, 枚. Nothing is written per card: every sentence comes from an effect or a
points entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.copies import copy_mark as _copy_mark
from ..rules.cards import CHARACTER_JA, Card

if TYPE_CHECKING:
    from ..rules.state import DarkMoonState


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (English only; Japanese counters do not change)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _who(name: str | None, ja: bool) -> str:
    if name is None:
        return "キャラクター" if ja else "character"
    return f"「{CHARACTER_JA[name]}」" if ja else name


def effect_does(card: Card, lang: str) -> str:
    """What the on-play effect does, without the ``On play`` head: ``draw 2 cards``."""
    e: Mapping[str, Any] | None = card.effect
    if e is None:
        return ""
    ja = lang == "ja"
    op = e["op"]
    name = e.get("name")
    n = int(e.get("n", 0))
    who = _who(name, ja)
    if op == "draw":
        return f"カードを{n}枚引く" if ja else f"draw {plural(n, 'card')}"
    if op == "each_draw":
        return f"自分から席順に全員がカードを{n}枚引く" if ja else f"every player draws {n}, in seat order from you"
    if op == "draw_if_field_has":
        other = card.is_character and card.character == name
        if ja:
            return f"自分の場に{'他の' if other else ''}{who}がいればカードを{n}枚引く"
        return f"if your field has {'another' if other else 'a'} {who}, draw {plural(n, 'card')}"
    if op == "search":
        if e["to"] == "hand":
            return (
                f"デッキの上から最初の{who}を手札に加え、デッキを混ぜる"
                if ja
                else f"take the first {who} of your deck into your hand, then shuffle"
            )
        return (
            f"デッキの上から最初の{who}を場に出し（効果なし）、デッキを混ぜる"
            if ja
            else f"put the first {who} of your deck onto your field (no effect), then shuffle"
        )
    if op == "peek":
        return (
            "デッキの一番上を見て、一番下に置いてもよい"
            if ja
            else "look at your top card; you may put it at the bottom"
        )
    if op == "return_opponent":
        return (
            f"相手の場の{who}1枚を持ち主の手札に戻してよい"
            if ja
            else f"you may return an opponent's {who} to its owner's hand"
        )
    if op == "place_from_hand":
        return (
            f"手札の{who}1枚を場に出してよい（効果も公開もなし）"
            if ja
            else f"you may put a {who} from your hand onto your field (no effect, no reveal)"
        )
    if op == "recycle":
        return (
            "手札1枚をデッキの一番下に置いてよい。その後1枚引く"
            if ja
            else "you may put a card from your hand at the bottom of your deck, then draw 1"
        )
    return str(op)


def effect_line(card: Card, lang: str) -> str:
    """``On play: draw 2 cards`` / ``プレイ時：カードを2枚引く`` ("" for a card without an effect)."""
    does = effect_does(card, lang)
    if not does:
        return ""
    return f"プレイ時：{does}" if lang == "ja" else f"On play: {does}"


def points_line(card: Card, lang: str) -> str:
    """A special card's points in a unit (DM-5.2): ``In a unit: +3 if 4+ different names``."""
    pts: Mapping[str, Any] | None = card.points
    if pts is None:
        return ""
    ja = lang == "ja"
    v = int(pts["value"])
    if "per_name" in pts:
        who = _who(pts["per_name"], ja)
        return f"ユニット内：{who}1枚につき+{v}点" if ja else f"In a unit: +{v} for each {who} in it"
    cond = pts.get("if")
    if not cond:
        return f"ユニット内：+{v}点" if ja else f"In a unit: +{plural(v, 'point')}"
    ((key, arg),) = cond.items()
    if key == "unit_has":
        who = _who(arg, ja)
        return f"ユニット内：{who}がいれば+{v}点" if ja else f"In a unit: +{v} if it has a {who}"
    if key == "unit_distinct_at_least":
        return (
            f"ユニット内：異なる名前が{arg}種類以上なら+{v}点"
            if ja
            else f"In a unit: +{v} if it has {arg} or more different names"
        )
    return (
        f"ユニット内：キャラクターが{arg}枚以上なら+{v}点"
        if ja
        else f"In a unit: +{v} if it has {arg} or more characters"
    )


def loose_line(lang: str) -> str:
    """DM-5.3: a special card left on the field (not in a unit) scores 1 point."""
    return "場（ユニット外）：1点" if lang == "ja" else "On the field (no unit): 1 point"


def card_lines(card: Card, lang: str) -> list[str]:
    """The effect and the points of a card, each one line ("" lines left out)."""
    lines = [effect_line(card, lang)]
    if not card.is_character:
        lines.append(points_line(card, lang))
    return [x for x in lines if x]


def copy_mark(state: DarkMoonState, c: int) -> str:
    """``②`` for the second copy of a card in this game (copies numbered in instance order, all
    players together), ``""`` for a card with no other copy. Stable for the whole game."""
    return _copy_mark(state.inst.cards, c)


def marked(state: DarkMoonState, c: int | None, lang: str) -> str:
    """A card's label with its copy mark: ``Heli — Moonlit Library Duty #1 ②``."""
    if c is None or c < 0:
        return "a card" if lang == "en" else "カード1枚"
    label = state.card(c).label(lang)
    mark = copy_mark(state, c)
    return f"{label} {mark}" if mark else label
