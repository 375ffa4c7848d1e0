"""DARK MOON's design facts (``Game.design_facts``): points and units per turn, how a game ended, plain cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.design import DesignFacts


def resources(state: Any) -> dict[str, list[float]]:
    """Each player's points as they would stand now (DM-5) and units made (DM-4.6, at most 3: DM-4.7)."""
    n = state.num_players
    return {
        "points": [float(state.score(p)["total"]) for p in range(n)],
        "units": [float(sum(1 for u in state.units(p) if u)) for p in range(n)],
    }


def end_kind(state: Any, events: Sequence[Any]) -> str:
    """``units_filled`` (a player filled the third slot, DM-1.4), ``deck_out`` (an empty deck armed the end, DM-4.4a
    option ``deck_out=arms_end``) or ``turn_limit`` (nobody armed it before the cap, DM-1.4 option)."""
    if state.armed_by is None:
        return "turn_limit"
    return "deck_out" if state.armed_rule == "DM-4.4a" else "units_filled"


def stand_in(card: Mapping[str, Any]) -> dict[str, Any]:
    """The card without its text: a character keeps its name and number (DM-2.4, DM-5.2 read them) and loses its
    on-play effect; a special loses its effect and its scoring condition, and still scores 1 loose (DM-5.3)."""
    plain = dict(card)
    plain["effect"] = None
    if plain.get("type") == "special":
        plain["points"] = None
    plain["text"] = {"en": "", "ja": ""}
    return plain


TITLES: Mapping[str, Mapping[str, str]] = {
    "points": {"en": "points", "ja": "得点"},
    "units": {"en": "units made", "ja": "完成したユニット"},
    "units_filled": {"en": "three units filled (DM-1.4)", "ja": "ユニット3つ完成（DM-1.4）"},
    "deck_out": {"en": "an empty deck armed the end (DM-4.4a)", "ja": "デッキ切れで終了が確定（DM-4.4a）"},
    "turn_limit": {"en": "turn limit (DM-1.4 option)", "ja": "ターン上限（DM-1.4 のオプション）"},
}

FACTS = DesignFacts(resources=resources, end_kind=end_kind, titles=TITLES, stand_in=stand_in)
