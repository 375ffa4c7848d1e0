"""The DARK MOON state's multi-field scalars as named, frozen values (immutable, so undo by
memento keeps them as they are, see ``core/state.py``).

A saved state writes each as the list of its fields in order (``to_json``): exactly the list the
positional tuple they replace was written as, so the state file format is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Literal, TypeAlias


class _Value:
    """What the values share: their JSON form."""

    __slots__ = ()

    def to_json(self) -> list[object]:
        """The fields in order (the saved-state form of the tuple this value replaced)."""
        return [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class PeekChoice(_Value):
    """A peek effect waits (DM-4.2): keep the looked-at top card ``top`` on top or put it at the
    bottom. In the view of a player who did not look, ``top`` is -1 (DM-6.3)."""

    op: Literal["peek"] = field(default="peek", init=False)
    source: int  # the card whose effect this is
    top: int


@dataclass(frozen=True, slots=True)
class TargetChoice(_Value):
    """A "you may choose" effect waits for a card or a decline (DM-4.2, DM-4.5, DM-6.1): ``op`` is
    return_opponent, place_from_hand or recycle; ``name`` the character it names (DM-6.2), if any."""

    op: str
    source: int  # the card whose effect this is
    name: str | None


#: the on-play effect waiting for the turn player's choice (node "effect")
Pending: TypeAlias = PeekChoice | TargetChoice


@dataclass(frozen=True, slots=True)
class Reveal(_Value):
    """The card turned over by this turn's last reveal and where it went (DM-4.4)."""

    card: int
    to: Literal["field", "hand"]
