"""Who lists the legal actions at each decision node, and who carries out each action (the Dragon Quest flow).

Written as chains of tests rather than tables of functions: compiled by mypyc, each branch is a native call
(a table's entry is a Python object, called through the interpreter's calling convention at every step). The
most frequent nodes and actions of play come first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from . import actions as A
from . import battle, effects, formation, preparation, turn
from .ids import Node

if TYPE_CHECKING:
    from .state import DragonQuestState

# the nodes and action classes tested below, bound once (a static when compiled, not a lookup by name)
_PREP: Final = Node.PREP
_COMBAT_START: Final = Node.COMBAT_START
_BATTLE: Final = Node.BATTLE
_COMBAT_ACTION: Final = Node.COMBAT_ACTION
_DRAW: Final = Node.DRAW
_COMBAT_TARGET: Final = Node.COMBAT_TARGET
_PREP_TARGET: Final = Node.PREP_TARGET
_END_CONFUSION: Final = Node.END_CONFUSION
_COMBAT_END_STEP: Final = Node.COMBAT_END_STEP
_COMBAT_PAY: Final = Node.COMBAT_PAY
_PREP_PAY: Final = Node.PREP_PAY
_COMBAT_DEFEND: Final = Node.COMBAT_DEFEND
_COMBAT_COUNTER: Final = Node.COMBAT_COUNTER
_COMBAT_FALLBACK: Final = Node.COMBAT_FALLBACK
_MULLIGAN: Final = Node.MULLIGAN
_REPAIR: Final = Node.REPAIR

_MULLIGAN_OR_KEEP: Final = (A.MULLIGAN, A.KEEP)
_FIGHT_OR_SKIP: Final = (A.FIGHT, A.SKIP)
_COUNTER_OR_NOT: Final = (A.COUNTER, A.NO_COUNTER)

_SWAP: Final = A.Swap
_PASS: Final = A.Pass
_TARGET: Final = A.Target
_END_PREP: Final = A.EndPrep
_RECRUIT: Final = A.Recruit
_USE: Final = A.Use
_DRAW_ACTION: Final = A.Draw
_FIGHT: Final = A.Fight
_SKIP: Final = A.Skip
_DISCARD: Final = A.Discard
_RESTORE: Final = A.Restore
_EQUIP: Final = A.Equip
_ATTACK: Final = A.Attack
_QUEST: Final = A.Quest
_MOVE: Final = A.Move
_HEAL: Final = A.Heal
_ADVANCE: Final = A.Advance
_END_BATTLE: Final = A.EndBattle
_CONTINUE: Final = A.Continue
_BLOCK: Final = A.Block
_NO_BLOCK: Final = A.NoBlock
_TREAT: Final = A.Treat
_COUNTER: Final = A.Counter
_NO_COUNTER: Final = A.NoCounter
_KEEP: Final = A.Keep
_MULLIGAN_ACTION: Final = A.Mulligan
_USE_ITEM: Final = A.UseItem


def legal_actions(s: DragonQuestState) -> tuple[A.Action, ...]:
    """The legal actions of ``s.actor`` at the node ``s`` is at (none at a node that is passed through)."""
    node, p = s.node, s.actor
    if node == _PREP:
        return preparation.prep_actions(s, p)
    if node == _COMBAT_START:
        return battle.start_actions(s, p)
    if node == _BATTLE:
        return _FIGHT_OR_SKIP
    if node == _COMBAT_ACTION:
        return battle.action_step_actions(s, p)
    if node == _DRAW:
        return turn.draw_actions(s, p)
    if node == _COMBAT_TARGET or node == _PREP_TARGET:
        return effects.target_actions(s, p)
    if node == _END_CONFUSION:
        return turn.confusion_actions(s, p)
    return _rarer_actions(s, node, p)


def _rarer_actions(s: DragonQuestState, node: str, p: int) -> tuple[A.Action, ...]:
    if node == _COMBAT_END_STEP:
        return battle.end_step_actions(s, p)
    if node == _COMBAT_PAY or node == _PREP_PAY:
        return effects.pay_actions(s, p)
    if node == _COMBAT_DEFEND:
        return battle.defend_actions(s, p)
    if node == _COMBAT_COUNTER:
        return _COUNTER_OR_NOT
    if node == _COMBAT_FALLBACK:
        return battle.fallback_actions(s, p)
    if node == _MULLIGAN:
        return _MULLIGAN_OR_KEEP
    if node == _REPAIR:
        return formation.repair_actions(s, p)
    return ()


def carry_out(s: DragonQuestState, a: A.Action) -> None:
    """Carry out action ``a`` (legal in ``s``); ``KeyError`` for an object that is no Dragon Quest action."""
    t = type(a)
    if t is _SWAP:
        preparation.swap(s, cast(A.Swap, a))
    elif t is _PASS:
        battle.pass_(s, a)
    elif t is _TARGET:
        effects.target(s, cast(A.Target, a))
    elif t is _END_PREP:
        preparation.end_prep(s, a)
    elif t is _RECRUIT:
        preparation.recruit(s, cast(A.Recruit, a))
    elif t is _USE:
        effects.use(s, cast(A.Use, a))
    elif t is _DRAW_ACTION:
        turn.draw(s, cast(A.Draw, a))
    elif t is _FIGHT or t is _SKIP:
        battle.fight(s, a)
    else:
        _carry_out_rarer(s, a, t)


def _carry_out_rarer(s: DragonQuestState, a: A.Action, t: type) -> None:
    if t is _DISCARD:
        effects.pay_discard(s, cast(A.Discard, a))
    elif t is _RESTORE:
        preparation.restore(s, cast(A.Restore, a))
    elif t is _EQUIP:
        preparation.equip(s, cast(A.Equip, a))
    elif t is _ATTACK:
        battle.attack(s, cast(A.Attack, a))
    elif t is _QUEST:
        effects.quest(s, cast(A.Quest, a))
    elif t is _MOVE:
        preparation.move(s, cast(A.Move, a))
    elif t is _HEAL:
        preparation.heal(s, cast(A.Heal, a))
    elif t is _ADVANCE:
        formation.advance(s, cast(A.Advance, a))
    elif t is _END_BATTLE or t is _CONTINUE:
        battle.continue_(s, a)
    else:
        _carry_out_rarest(s, a, t)


def _carry_out_rarest(s: DragonQuestState, a: A.Action, t: type) -> None:
    if t is _BLOCK or t is _NO_BLOCK:
        battle.block(s, a)
    elif t is _TREAT:
        preparation.treat(s, cast(A.Treat, a))
    elif t is _COUNTER or t is _NO_COUNTER:
        battle.counter(s, a)
    elif t is _KEEP or t is _MULLIGAN_ACTION:
        turn.mulligan(s, a)
    elif t is _USE_ITEM:
        effects.use_item(s, cast(A.UseItem, a))
    else:
        raise KeyError(t)
