"""Why an action is refused: the message and the rule ID of ``IllegalActionError`` (DQ-1.1, DQ-3 - DQ-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import field_problem, shown
from . import actions as A
from .ids import MONSTER, Node
from .preparation import phase_repeats

if TYPE_CHECKING:
    from .state import DragonQuestState

#: decision nodes that take one kind of action, and the rule that says so
_EXPECTED: dict[str, str] = {
    Node.MULLIGAN: "DQ-3.3",
    Node.DRAW: "DQ-6.3",
    Node.BATTLE: "DQ-6.13",
    Node.COMBAT_DEFEND: "DQ-7.4",
    Node.COMBAT_FALLBACK: "DQ-7.5",
    Node.COMBAT_COUNTER: "DQ-7.7",
    Node.END_CONFUSION: "DQ-6.14",
}


def why_illegal(s: DragonQuestState, action: Any) -> tuple[str, str]:  # any object (see core.State.apply)
    """Why ``action`` is not legal in ``s``: a sentence and the rule ID it breaks, for ``IllegalActionError``."""
    node = s.node
    if node == Node.GAME_OVER:
        return "the game is over", "DQ-1.2"
    if type(action) not in A.ACTION_CLASSES:
        return f"{shown(action)} is not a Dragon Quest action", "DQ-6.4"
    problem = field_problem(action)  # Draw("x"), Recruit(3.0, 1): never compared or indexed with
    if problem is not None:
        return problem, type(action).RULE
    if node == Node.REPAIR:
        return (
            f"P{s.actor + 1}'s formation is broken: first move a back-row card to the front row "
            "(formation maintenance at once)"
        ), "DQ-5.5"
    if node in (Node.PREP_PAY, Node.COMBAT_PAY) and not isinstance(action, A.Discard):
        return "first pay the hand cost: choose the cards to discard", "DQ-4.5"
    if node in (Node.PREP_TARGET, Node.COMBAT_TARGET) and not isinstance(action, A.Target):
        return "first choose the target of the effect", "DQ-6.11"
    expected = _EXPECTED.get(node)
    if expected is not None and type(action).RULE != expected and not isinstance(action, A.Target):
        return f"now is the {s.game.turn_flow.label(node)} ({node}): {action} is not a choice here", expected
    if isinstance(action, A.Target) and node == Node.COMBAT_FALLBACK:
        return "the attacker picks a card of the defender's front row", "DQ-7.5"
    if isinstance(action, A.Target) and node == Node.END_CONFUSION:
        return "the owner of the confused card picks one of their own party cards", "DQ-6.14"
    return _why_not_now(s, action)


def _why_not_now(s: DragonQuestState, action: A.Action) -> tuple[str, str]:
    """An action of the right step that is still not possible: which condition fails."""
    node = s.node
    rule = type(action).RULE
    if isinstance(action, A.Recruit):
        return _why_recruit(s, action), "DQ-6.5" if node == Node.PREP else "DQ-6.4"
    if isinstance(action, A.Attack):
        if node != Node.COMBAT_ACTION:
            return "attacks are chosen in the action step of a combat", "DQ-7.3"
        if not s.front(s.opponent(s.actor)):
            return "the defender's front row is empty: no attack is possible", "DQ-7.6"
        return "the attacking card must be an own active front-row card", "DQ-7.3"
    if isinstance(action, A.Block):
        return "the defending card must be an own active front-row card", "DQ-7.4"
    if isinstance(action, A.Quest) and s.quest_played:
        return "only one quest card may be played per turn", "DQ-6.12"
    if isinstance(action, (A.Restore, A.Move, A.Swap, A.Use)) and node == Node.PREP and _bounded(s):
        return (
            f"this preparation phase has come back {phase_repeats(s)} times to a position it was already in "
            f"(option repeat_limit={s.game.options['repeat_limit']}): no more restores, formation changes or "
            "effects in it; end the phase or take another action"
        ), "DQ-6.4"
    if isinstance(action, (A.Treat, A.Heal, A.Restore, A.Equip)) and node == Node.PREP:
        return f"{action} is not possible (card, state or GP: {s.gp[s.actor]} GP)", rule
    if isinstance(action, (A.Move, A.Swap)) and node == Node.PREP:
        return "only active cards move, and the formation must stay legal", "DQ-6.10"
    if isinstance(action, A.Draw) and node == Node.DRAW:
        lo, hi = s.draw_range(s.actor)
        return f"draw between {lo} and {hi} cards", "DQ-6.3"
    return f"{action} is not legal now ({s.game.turn_flow.label(node)})", rule


def _bounded(s: DragonQuestState) -> bool:
    """Option repeat_limit (DQ-6.4) has closed this preparation phase to restores, formation changes and effects."""
    return s._repeat_limit > 0 and phase_repeats(s) >= s._repeat_limit


def _why_recruit(s: DragonQuestState, action: A.Recruit) -> str:
    p = s.actor
    if s.node != Node.PREP:
        return "party cards are recruited in the preparation phase"
    if action.card not in s.hand(p):
        return f"card {action.card} is not in P{p + 1}'s hand"
    if s.inst.kind[action.card] > MONSTER:
        return "only party cards (characters and monsters) are recruited"
    if s.recruits and s.inst.cost[action.card] > s.gp[p]:
        return (
            f"the first recruit of a turn is free; this one costs {s.inst.cost[action.card]} GP "
            f"and P{p + 1} has {s.gp[p]}"
        )
    return "that row is full or the formation would break DQ-5 (front must outnumber back)"
