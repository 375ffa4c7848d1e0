"""Names of the Dragon Quest engine: flow nodes, event kinds, zones and card states (and one tiny helper).

``Node`` and ``Ev`` are ``StrEnum``s: each member equals its text (``Node.PREP == "prep"``) and prints as
it, so saved states, records, printed output and code outside the package that compare with strings keep
working.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final

from ...core.events import FIRST_PLAYER as FIRST_PLAYER_KIND


class _Name(StrEnum):
    """A ``StrEnum`` that also prints like its text (``repr`` too), so a printed list of node ids or event
    kinds reads exactly as it did when they were strings."""

    def __repr__(self) -> str:
        return repr(self.value)


class Node(_Name):
    """The nodes of ``flow.TURN`` (DQ-3, DQ-5.5, DQ-6, DQ-7)."""

    SETUP = "setup"
    MULLIGAN = "mulligan"  # DQ-3.3
    RESET = "reset"  # DQ-6.1
    INCOME = "income"  # DQ-6.2
    DRAW = "draw"  # DQ-6.3
    PREP = "prep"  # DQ-6.4 - DQ-6.12
    PREP_PAY = "prep.pay"  # DQ-4.5
    PREP_TARGET = "prep.target"
    PREP_RESOLVE = "prep.resolve"
    BATTLE = "battle"  # DQ-6.13
    COMBAT_START = "combat.start"  # DQ-7.1
    COMBAT_PAY = "combat.pay"
    COMBAT_TARGET = "combat.target"
    COMBAT_RESOLVE = "combat.resolve"
    COMBAT_ACTION = "combat.action"  # DQ-7.2
    COMBAT_DEFEND = "combat.defend"  # DQ-7.4
    COMBAT_FALLBACK = "combat.fallback"  # DQ-7.5
    COMBAT_COUNTER = "combat.counter"  # DQ-7.7
    COMBAT_JUDGMENT = "combat.judgment"  # DQ-7.8
    COMBAT_END_STEP = "combat.end_step"  # DQ-7.9
    END = "end"  # DQ-6.14
    END_CONFUSION = "end.confusion"
    REPAIR = "repair"  # DQ-5.5
    GAME_OVER = "game_over"  # DQ-1.2 - DQ-1.4


class Ev(_Name):
    """The kinds of the events the engine emits (each event also names its rule ID)."""

    POSITION = "position"
    FIRST_PLAYER = FIRST_PLAYER_KIND  # the kernel's kind (core.events.FIRST_PLAYER): front ends read it
    DRAW_HAND = "draw_hand"
    START_VALUES = "start_values"
    MULLIGAN = "mulligan"
    KEEP = "keep"
    LEVEL_UP = "level_up"
    RESET = "reset"
    INCOME = "income"
    DRAW = "draw"
    RECRUIT = "recruit"
    TREAT = "treat"
    HEAL = "heal"
    RESTORE = "restore"
    EQUIP = "equip"
    MOVE = "move"
    SWAP = "swap"
    END_PREP = "end_prep"
    USE = "use"
    USE_ITEM = "use_item"
    QUEST = "quest"
    QUEST_LEAVES = "quest_leaves"
    DISCARD = "discard"
    GAIN_GP = "gain_gp"
    EFFECT_DRAW = "effect_draw"
    EFFECT_HEAL = "effect_heal"
    CURE = "cure"
    POISON = "poison"
    CONFUSE = "confuse"
    CLOSE = "close"
    ACTIVATE = "activate"
    DAMAGE = "damage"
    DEFEAT = "defeat"
    GAIN_GP_DEFEAT = "gain_gp_defeat"
    DECK_OUT = "deck_out"
    GAME_OVER = "game_over"
    SKIP_BATTLE = "skip_battle"
    FIGHT = "fight"
    PASS = "pass"
    PASS_ACTION = "pass_action"
    ATTACK = "attack"
    NO_BLOCKER = "no_blocker"
    NO_BLOCK = "no_block"
    BLOCK = "block"
    DEFENDER = "defender"
    COUNTER = "counter"
    NO_COUNTER = "no_counter"
    BATTLE = "battle"
    ADVANCE = "advance"
    CONTINUE = "continue"
    BATTLE_OVER = "battle_over"
    WIPE_OUT_SPARED = "wipe_out_spared"
    REPAIR = "repair"
    WIPE_OUT = "wipe_out"
    CONFUSION = "confusion"
    TURN_END = "turn_end"


class Zone(IntEnum):
    """A player's zones, in the order of ``DragonQuestState.ZONES`` (DQ-4.3)."""

    DECK = 0
    HAND = 1
    FRONT = 2
    BACK = 3
    DISCARD = 4
    EXP = 5
    QUEST = 6


# The numbers below are ``Final`` literals: compiled by mypyc, every module that imports them reads a constant
# (a plain module global is looked up in the module's dict at every use, and they are read at every step).

#: zones per player; after the 2 * NZ player zones come each card's damage pile, then each card's item slot
NZ: Final = 7
DECK: Final = 0
HAND: Final = 1
FRONT: Final = 2
BACK: Final = 3
DISCARD: Final = 4
EXP: Final = 5
QUEST: Final = 6
assert (NZ, (DECK, HAND, FRONT, BACK, DISCARD, EXP, QUEST)) == (len(Zone), tuple(int(z) for z in Zone))

#: card orientations (DQ-4.1): upright, sideways, upside down
ACTIVE: Final = 0
CLOSED: Final = 1
CONFUSED: Final = 2
ORIENT_NAMES: Final = ("active", "closed", "confused")
#: card kinds (DQ-10)
CHAR: Final = 0
MONSTER: Final = 1
ITEM: Final = 2
QUESTCARD: Final = 3

HAND_TARGET: Final = 6  # DQ-3.2 / DQ-6.3
ROW_MAX: Final = 3  # DQ-5.1
WIPE_OUT: Final = 5  # DQ-6.14.1


#: each card state as the one byte it is in ``DragonQuestState.orient``
_STATE_BYTE: Final = (bytes([ACTIVE]), bytes([CLOSED]), bytes([CONFUSED]))


def reoriented(orient: bytes, c: int, state: int) -> bytes:
    """``orient`` with card c in ``state`` (the card states are one ``bytes``, a byte per card: immutable, for undo,
    and no container for the garbage collector to trace)."""
    return orient[:c] + _STATE_BYTE[state] + orient[c + 1 :]


def replaced(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    """``t`` with item ``i`` set to ``v`` (per-card and per-player scalars are tuples: immutable, for undo)."""
    if len(t) == 2:  # (the per-player values of the two players: one tuple made)
        return (v, t[1]) if i == 0 else (t[0], v)
    items = list(t)  # (two allocations; slicing and joining made five)
    items[i] = v
    return tuple(items)
