"""DARK MOON scoring (DM-5) and the result of a finished game (DM-1.2, DM-1.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from ...core.errors import StateFileError
from ...core.outcome import Outcome

if TYPE_CHECKING:
    from .state import DarkMoonState

#: what the scores of an Outcome count (DM-1.2: points), for its result line
MEASURE: Final = ("points", "得点")


def score(s: DarkMoonState, player: int) -> dict[str, Any]:
    """The points ``player`` would have if the game ended now, with the DM-5.5 breakdown."""
    inst = s.inst
    units_points = bonus_points = 0
    detail = []
    for k, unit in enumerate(s.units(player)):
        if not unit:
            continue
        names = [inst.charname[c] for c in unit if inst.is_char[c]]  # DM-6.2: specials carry no name
        unit_bonus = []
        for c in unit:
            pts = inst.cards[c].points
            if pts is None:
                continue
            value = bonus(pts, names)
            if value:
                unit_bonus.append({"card": c, "points": value})
        u_bonus = sum(b["points"] for b in unit_bonus)
        units_points += len(unit)  # DM-5.1
        bonus_points += u_bonus  # DM-5.2
        detail.append({"slot": k + 1, "cards": len(unit), "bonus": u_bonus, "bonus_cards": unit_bonus})
    loose = sum(1 for c in s.field(player) if not inst.is_char[c])  # DM-5.3
    return {
        "player": player,
        "units": units_points,
        "unit_bonuses": bonus_points,
        "loose_specials": loose,
        "total": units_points + bonus_points + loose,
        "unit_detail": detail,
    }


def outcome(s: DarkMoonState) -> Outcome:
    """The outcome as the game stands: DM-1.2 most points, DM-1.3 ties."""
    breakdown = tuple(score(s, p) for p in range(s.num_players))
    scores = tuple(b["total"] for b in breakdown)
    best = max(scores)
    top = tuple(p for p, v in enumerate(scores) if v == best)
    if len(top) > 1 and s.game.options["tie"] == "none":
        winners: tuple[int, ...] = ()
    else:
        winners = top
    # the rule that ended the game: a tie (DM-1.3), an end armed by an empty deck (DM-4.4a), else DM-1.5
    reason = "DM-1.3" if len(top) > 1 else ("DM-4.4a" if s.armed_rule == "DM-4.4a" else "DM-1.5")
    return Outcome(winners, scores, reason, breakdown, nobody_wins=not winners, measure=MEASURE)


def bonus(points: Mapping[str, Any], names: Sequence[str | None]) -> int:
    """DM-5.2: a special's point effect for a unit whose character names are ``names``."""
    value: int = points["value"]
    if "per_name" in points:
        return value * names.count(points["per_name"])
    cond = points["if"]
    if cond is None:
        return value
    ((key, arg),) = cond.items()
    if key == "unit_has":
        return value if arg in names else 0
    if key == "unit_distinct_at_least":
        return value if len(set(names)) >= arg else 0
    if key == "unit_characters_at_least":
        return value if len(names) >= arg else 0
    raise StateFileError("card points", f"unknown condition {key!r}")
