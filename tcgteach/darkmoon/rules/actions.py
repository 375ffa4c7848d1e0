"""DARK MOON decisions. Card arguments are card instance numbers of the game (see ``state.card``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action, ActionSyntax


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand: a character (DM-4.2) or a special (DM-4.5)."""

    VERB = "play"
    RULE = "DM-4.2"
    card: int


@dataclass(frozen=True, slots=True)
class StartUnit(Action):
    """Begin creating a unit in an empty unit slot 1-3 (DM-4.6, DM-4.7)."""

    VERB = "unit"
    RULE = "DM-4.6"
    slot: int


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Add one field card to the unit being created (DM-4.6)."""

    VERB = "pick"
    RULE = "DM-4.6"
    card: int


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Put the picked cards into the slot as a unit; uses one action (DM-4.6)."""

    VERB = "finish"
    RULE = "DM-4.6"


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """Stop creating the unit; the picked cards stay on the field; no action used (DM-4.6)."""

    VERB = "cancel"
    RULE = "DM-4.6"


@dataclass(frozen=True, slots=True)
class EndMain(Action):
    """End the main phase now (DM-4.1: fewer than 2 actions is allowed)."""

    VERB = "end"
    RULE = "DM-4.1"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose a card for the on-play effect being resolved."""

    VERB = "choose"
    RULE = "DM-4.2"
    card: int


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Use none of an optional ("you may") effect."""

    VERB = "decline"
    RULE = "DM-4.2"


@dataclass(frozen=True, slots=True)
class KeepTop(Action):
    """Peek effect: leave the looked-at card on top of the deck."""

    VERB = "top"
    RULE = "DM-4.2"


@dataclass(frozen=True, slots=True)
class ToBottom(Action):
    """Peek effect: put the looked-at card at the bottom of the deck."""

    VERB = "bottom"
    RULE = "DM-4.2"


ACTION_CLASSES = (Play, StartUnit, Pick, Finish, Cancel, EndMain, Choose, Decline, KeepTop, ToBottom)
SYNTAX = ActionSyntax("darkmoon", ACTION_CLASSES, "DM-4.1")

# Actions are values; the ones without arguments are shared singletons, and the per-card ones are
# interned by the state (so legal lists reuse objects and membership tests are identity checks).
END_MAIN = EndMain()
FINISH = Finish()
CANCEL = Cancel()
DECLINE = Decline()
KEEP_TOP = KeepTop()
TO_BOTTOM = ToBottom()
UNIT_SLOTS = (StartUnit(1), StartUnit(2), StartUnit(3))
