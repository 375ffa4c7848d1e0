"""Dragon Quest's design facts (``Game.design_facts``): GP, level, deck and party per turn; how a game ended."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.design import DesignFacts

#: the event just before the deck-out (DQ-1.2) -> what emptied the deck
_CAUSE = {"draw": "draw", "damage": "damage", "wipe_out": "wipe_out"}


def resources(state: Any) -> dict[str, list[float]]:
    """Each player's GP (DQ-6.2), level (DQ-9), cards left in the deck (the life, DQ-1.2) and party cards."""
    return {
        "gp": [float(state.gp[p]) for p in range(2)],
        "level": [float(state.level[p]) for p in range(2)],
        "deck": [float(len(state.deck(p))) for p in range(2)],
        "party": [float(len(state.party(p))) for p in range(2)],
    }


def end_kind(state: Any, events: Sequence[Any]) -> str:
    """What ended the game: ``turn_limit`` (DQ-1.4), or the deck-out's cause (DQ-1.2): a ``draw`` (DQ-6.3),
    ``damage`` (DQ-8.1, a blow or a poison tick), the ``wipe_out`` penalty (DQ-6.14) or another ``effect``."""
    result = state.result()
    if result is not None and result.reason == "DQ-1.4":
        return "turn_limit"
    kinds = [e.kind for e in events]
    if "deck_out" in kinds:  # the last draw, damage or wipe-out before it is what took the card that was not there
        for kind in reversed(kinds[: kinds.index("deck_out")]):
            if kind in _CAUSE:
                return _CAUSE[kind]
    return "effect"


def stand_in(card: Mapping[str, Any]) -> dict[str, Any] | None:
    """The card without its text: a character or monster keeps its level, cost and printed stats and loses its
    effects; an item keeps its cost and equip types and loses its bonuses and use. A quest is nothing but its
    text (a quest must do something, DQ-4.5): it has no plain stand-in (None)."""
    kind = card.get("type")
    if kind == "quest":
        return None
    plain = dict(card)
    if kind in ("character", "monster"):
        plain["effects"] = []
    elif kind == "item":
        plain.update(attack=0, hp=0, speed=0, use=None)
    plain["text"] = {"en": "", "ja": ""}
    return plain


TITLES: Mapping[str, Mapping[str, str]] = {
    "gp": {"en": "GP", "ja": "GP"},
    "level": {"en": "player level", "ja": "プレイヤーレベル"},
    "deck": {"en": "cards in deck", "ja": "デッキの枚数"},
    "party": {"en": "party cards", "ja": "パーティーの枚数"},
    "draw": {"en": "deck-out at a draw (DQ-6.3)", "ja": "ドローでデッキ切れ（DQ-6.3）"},
    "damage": {"en": "deck-out by damage (DQ-8.1)", "ja": "ダメージでデッキ切れ（DQ-8.1）"},
    "wipe_out": {"en": "deck-out by the wipe-out penalty (DQ-6.14)", "ja": "全滅ペナルティでデッキ切れ（DQ-6.14）"},
    "effect": {"en": "deck-out by another effect", "ja": "その他の効果でデッキ切れ"},
    "turn_limit": {"en": "turn limit (DQ-1.4)", "ja": "ターン上限（DQ-1.4）"},
}

FACTS = DesignFacts(resources=resources, end_kind=end_kind, titles=TITLES, stand_in=stand_in)
