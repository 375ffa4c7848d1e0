"""Dragon Quest decisions: every choice of either player is one of these actions.

Card arguments are card instance numbers (player p's deck entry i is card ``p * 50 + i``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action as Action  # re-exported: the type of every Dragon Quest action
from ...core.actions import ActionSyntax


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Return the whole hand, shuffle, draw 6 again (DQ-3.3)."""

    VERB = "mulligan"
    RULE = "DQ-3.3"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the opening hand (DQ-3.3)."""

    VERB = "keep"
    RULE = "DQ-3.3"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw this many cards in the draw phase (DQ-6.3)."""

    VERB = "draw"
    RULE = "DQ-6.3"
    n: int


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Put a party card from hand into the front or back row (DQ-6.5)."""

    VERB = "recruit"
    RULE = "DQ-6.5"
    card: int
    row: str


@dataclass(frozen=True, slots=True)
class Treat(Action):
    """Remove all status ailments of an own party card, paying its COST (DQ-6.6)."""

    VERB = "treat"
    RULE = "DQ-6.6"
    card: int


@dataclass(frozen=True, slots=True)
class Heal(Action):
    """Remove all damage from an own normal party card, paying its COST (DQ-6.7)."""

    VERB = "heal"
    RULE = "DQ-6.7"
    card: int


@dataclass(frozen=True, slots=True)
class Restore(Action):
    """Make an own closed party card active, paying its COST (DQ-6.8)."""

    VERB = "restore"
    RULE = "DQ-6.8"
    card: int


@dataclass(frozen=True, slots=True)
class Equip(Action):
    """Put an item from hand onto an own character, paying the item's COST (DQ-6.9)."""

    VERB = "equip"
    RULE = "DQ-6.9"
    item: int
    card: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Formation change: move an active own card to the other row (DQ-6.10)."""

    VERB = "move"
    RULE = "DQ-6.10"
    card: int


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Formation change: swap an active front-row card with an active back-row card (DQ-6.10)."""

    VERB = "swap"
    RULE = "DQ-6.10"
    front: int
    back: int


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Activate effect number ``effect`` (0, 1) of an own party card (DQ-6.11, DQ-7.1, DQ-7.2)."""

    VERB = "use"
    RULE = "DQ-6.11"
    card: int
    effect: int


@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """The Item battle action: use an equipped item's effect, closing its carrier (DQ-7.2)."""

    VERB = "item"
    RULE = "DQ-7.2"
    item: int


@dataclass(frozen=True, slots=True)
class Quest(Action):
    """Play a quest card from hand (DQ-6.12)."""

    VERB = "quest"
    RULE = "DQ-6.12"
    card: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard this card from hand to pay a hand cost (DQ-4.5)."""

    VERB = "discard"
    RULE = "DQ-4.5"
    card: int


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Choose this card: the target of an effect, the attacker's fallback defender (DQ-7.5), or the
    card that takes a confusion damage (DQ-6.14)."""

    VERB = "target"
    RULE = "DQ-6.11"
    card: int


@dataclass(frozen=True, slots=True)
class EndPrep(Action):
    """End the preparation phase (DQ-6.4)."""

    VERB = "done"
    RULE = "DQ-6.4"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Enter combat (DQ-6.13)."""

    VERB = "fight"
    RULE = "DQ-6.13"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Skip the battle phase (DQ-6.13)."""

    VERB = "skip"
    RULE = "DQ-6.13"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Start step: pass priority (DQ-7.1). Action step: take no battle action, ending the battle (DQ-7.2)."""

    VERB = "pass"
    RULE = "DQ-7.1"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack with an active front-row card, closing it (DQ-7.3)."""

    VERB = "attack"
    RULE = "DQ-7.3"
    card: int


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Defend with an active front-row card; it is not closed by defending (DQ-7.4)."""

    VERB = "block"
    RULE = "DQ-7.4"
    card: int


@dataclass(frozen=True, slots=True)
class NoBlock(Action):
    """Refuse to choose a defending card: the attacker picks one (DQ-7.5)."""

    VERB = "noblock"
    RULE = "DQ-7.5"


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """The active defending card strikes back and is closed (DQ-7.7)."""

    VERB = "counter"
    RULE = "DQ-7.7"


@dataclass(frozen=True, slots=True)
class NoCounter(Action):
    """The defending card does not strike back and deals no damage (DQ-7.7)."""

    VERB = "nocounter"
    RULE = "DQ-7.7"


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Formation maintenance: move this back-row card to the front (DQ-5.4)."""

    VERB = "advance"
    RULE = "DQ-5.4"
    card: int


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """Continue the battle: back to the action step (DQ-7.9)."""

    VERB = "continue"
    RULE = "DQ-7.9"


@dataclass(frozen=True, slots=True)
class EndBattle(Action):
    """End the battle phase (DQ-7.9)."""

    VERB = "endbattle"
    RULE = "DQ-7.9"


ACTION_CLASSES = (
    Mulligan,
    Keep,
    Draw,
    Recruit,
    Treat,
    Heal,
    Restore,
    Equip,
    Move,
    Swap,
    Use,
    UseItem,
    Quest,
    Discard,
    Target,
    EndPrep,
    Fight,
    Skip,
    Pass,
    Attack,
    Block,
    NoBlock,
    Counter,
    NoCounter,
    Advance,
    Continue,
    EndBattle,
)
SYNTAX = ActionSyntax("dragonquest", ACTION_CLASSES, "DQ-6.4")

MULLIGAN, KEEP, END_PREP, FIGHT, SKIP, PASS = Mulligan(), Keep(), EndPrep(), Fight(), Skip(), Pass()
NO_BLOCK, COUNTER, NO_COUNTER, CONTINUE, END_BATTLE = NoBlock(), Counter(), NoCounter(), Continue(), EndBattle()
DRAWS = tuple(Draw(n) for n in range(7))
