"""Why an action is illegal in DARK MOON: the rule it breaks and the reason, one checker per kind of action
(``State._why_illegal``, asked when an action is refused)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.actions import Action, field_problem, shown
from . import actions as A
from .state import (
    _EFFECT_CHOICES,
    _UNIT_STEPS,
    MAX_UNIT,
    MIN_UNIT,
    SLOTS,
    DarkMoonState,
    _Node_EFFECT,
    _Node_GAME_OVER,
    _Node_MAIN,
    _Node_UNIT,
)


def why_illegal(s: DarkMoonState, action: Any) -> tuple[str, str]:  # any object: a compiled build checks no type
    """Why ``action`` is not legal in ``s``: a sentence and the rule ID it breaks (DM-4.1 ... DM-4.7), for
    ``IllegalActionError``."""
    node = s.node
    if node == _Node_GAME_OVER:
        return "the game is over", "DM-1.5"
    if not isinstance(action, Action) or type(action) not in A.ACTION_CLASSES:
        return f"{shown(action)} is not a DARK MOON action", "DM-4.1"
    problem = field_problem(action)  # Play(False), Play(41.0): never compared or indexed with
    if problem is not None:
        return problem, type(action).RULE
    if node == _Node_EFFECT and not isinstance(action, _EFFECT_CHOICES):
        assert s.pending is not None
        return f"first finish resolving the on-play effect ({s.pending.op})", "DM-4.2"
    if node == _Node_UNIT and not isinstance(action, _UNIT_STEPS):
        return "a unit is being created: pick cards, finish or cancel first", "DM-4.6"
    checker = _WHY_ILLEGAL.get(type(action))
    if checker is None:
        return f"{action} is not legal now", "DM-4.1"
    return checker(s, action)


def _why_play(s: DarkMoonState, action: A.Play) -> tuple[str, str]:
    if s.node != _Node_MAIN:
        return "cards are played only in the main phase", "DM-4.1"
    return f"card {action.card} is not in P{s.turn_player + 1}'s hand", "DM-4.2"


def _why_start_unit(s: DarkMoonState, action: A.StartUnit) -> tuple[str, str]:
    if s.node != _Node_MAIN:
        return "units are created only in the main phase", "DM-4.6"
    if s._units_bounded():
        return (
            f"{s.cancels_this_turn()} units were cancelled in this main phase, each bringing it back to "
            f"where it was (option repeat_limit={s.game.options['repeat_limit']}): no more units are "
            "started in it; play a card or end the main phase"
        ), "DM-4.6"
    if not 1 <= action.slot <= SLOTS:
        return f"there are only unit slots 1-{SLOTS}", "DM-4.7"
    if s.unit(s.turn_player, action.slot):
        return f"unit slot {action.slot} is already filled", "DM-4.7"
    return f"a unit needs at least {MIN_UNIT} character cards on the field", "DM-4.6"


def _why_pick(s: DarkMoonState, action: A.Pick) -> tuple[str, str]:
    if s.node != _Node_UNIT:
        return "start a unit (unit <slot>) before picking cards", "DM-4.6"
    if action.card in s.unit_pick:
        return f"card {action.card} is already picked", "DM-4.6"
    p = s.turn_player
    if action.card not in s.field(p):
        return f"card {action.card} is not on P{p + 1}'s field", "DM-4.6"
    if s.inst.is_char[action.card]:
        return f"a unit holds at most {MAX_UNIT} character cards", "DM-4.6"
    return "a unit holds at most 1 special card", "DM-4.6"


def _why_finish(s: DarkMoonState, action: A.Finish) -> tuple[str, str]:
    if s.node != _Node_UNIT:
        return "no unit is being created", "DM-4.6"
    return f"a unit needs {MIN_UNIT}-{MAX_UNIT} character cards", "DM-4.6"


def _why_cancel(s: DarkMoonState, action: A.Cancel) -> tuple[str, str]:
    return "no unit is being created", "DM-4.6"


def _why_effect_choice(s: DarkMoonState, action: Action) -> tuple[str, str]:
    if s.node != _Node_EFFECT:
        return "no on-play effect is waiting for a choice", "DM-4.2"
    return f"{action} is not a choice this effect offers", "DM-4.2"


_WHY_ILLEGAL: dict[type[Action], Callable[[DarkMoonState, Any], tuple[str, str]]] = {
    A.Play: _why_play,
    A.StartUnit: _why_start_unit,
    A.Pick: _why_pick,
    A.Finish: _why_finish,
    A.Cancel: _why_cancel,
    A.Choose: _why_effect_choice,
    A.Decline: _why_effect_choice,
    A.KeepTop: _why_effect_choice,
    A.ToBottom: _why_effect_choice,
}
