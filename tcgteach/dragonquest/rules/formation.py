"""Formation maintenance (DQ-5.4, DQ-5.5): moving back-row cards forward until the front row outnumbers the back.

At a combat's end step both players do it (DQ-7.9, ``battle.begin_end_step``). Under option
``formation_repair=immediate`` (DQ-5.5) a card that leaves the field outside combat makes its owner
repair at once, even in the opponent's turn: the instruction waits at node ``repair`` and then goes on
where it was (:class:`Resume`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from . import actions as A
from . import battle, effects, turn
from .ids import BACK, FRONT, Ev, Node

if TYPE_CHECKING:
    from .state import DragonQuestState


# members of the Node and Ev enums read in the functions below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_ADVANCE: Final = Ev.ADVANCE
_EV_REPAIR: Final = Ev.REPAIR
_NODE_COMBAT_START: Final = Node.COMBAT_START
_NODE_PREP: Final = Node.PREP
_NODE_REPAIR: Final = Node.REPAIR


class Resume(NamedTuple):
    """Where an instruction interrupted by a repair goes on (DQ-5.5); saved as ``[node, then, arg]``.

    ``then``: "prep" (back to the preparation phase), "quest" (the quest's effect goes on), "start" (back to
    the start step, the other player to act; ``arg`` is the player who used the effect), "poison" (the
    remaining poison ticks), "confusion" (the remaining confused cards).
    """

    node: str
    then: str
    arg: int


def repair_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """DQ-5.5: the owner picks the back-row card to move forward."""
    advance = s.inst.advances
    return tuple(advance[c] for c in sorted(s.back(p)))


def advance_card(s: DragonQuestState, p: int, c: int, rule: str = "DQ-5.4") -> None:
    """Move card ``c`` of player ``p`` from the back row to the front row (formation maintenance, DQ-5.4)."""
    s._touch_zone(p, BACK).remove(c)
    s._touch_zone(p, FRONT).append(c)
    s._emit(_EV_ADVANCE, rule, p, card=c)


def advance(s: DragonQuestState, a: A.Advance) -> None:
    """The chosen card moves forward: in a repair (DQ-5.5) or at the end step (DQ-5.4, DQ-7.9)."""
    if s.node == _NODE_REPAIR:
        advance_card(s, s.actor, a.card, "DQ-5.5")
        repair(s)
        return
    advance_card(s, s.actor, a.card)
    battle.maintain(s)


def repair_then(s: DragonQuestState, then: str, arg: int = -1) -> None:
    """Go on with the instruction (``then``, see :class:`Resume`) - after the owners of broken formations
    have repaired them (DQ-5.5)."""
    if s.repair and not s.losers:
        s.resume = Resume(s.node, then, arg)
        s._goto(_NODE_REPAIR)
        for p in s.repair:
            s._emit(_EV_REPAIR, "DQ-5.5", p, front=len(s.front(p)), back=len(s.back(p)))
        repair(s)
        return
    s.repair = ()
    resume(s, then, arg)


def repair(s: DragonQuestState) -> None:
    """Each waiting owner, in order, moves back-row cards forward until the front outnumbers the back."""
    while s.repair:
        p = s.repair[0]
        if s.formation_fine(p):
            s.repair = s.repair[1:]
            continue
        if len(s.back(p)) == 1:
            advance_card(s, p, s.back(p)[0], "DQ-5.5")
            continue
        s.actor = p  # even in the opponent's turn
        return
    assert s.resume is not None
    back, then, arg = s.resume
    s.resume = None
    s._goto(back)
    resume(s, then, arg)


def resume(s: DragonQuestState, then: str, arg: int) -> None:
    """Go back to where play stood before a formation repair (DQ-5.5): the preparation phase, a quest, or combat."""
    if then == "prep":
        if s.node != _NODE_PREP:
            s._goto(_NODE_PREP)
        s.actor = s.turn_player
    elif then == "quest":
        effects.continue_effect(s)
    elif then == "start":
        s._goto(_NODE_COMBAT_START)
        s.passes = 0
        s.actor = s.opponent(arg)  # DQ-7.1: alternating
    elif then == "poison":
        turn.poison_ticks(s)
    else:  # "confusion"
        turn.next_confusion(s)
