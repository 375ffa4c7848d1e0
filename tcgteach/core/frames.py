"""The undo frame of ``State.apply`` (``core/state.py``): its layout and the readers a game uses to look back.

A frame is what undo needs of the moment before an action, as one tuple (a step of play keeps this one object for
undo, and one more when it moved cards: few objects for the garbage collector to trace and free): the scalars
(``node`` first, in the order of the state's ``_scalar_names``), then the RNG state, how many events and trail steps
there were, and the zones the action touched as they were (a dict by zone index of tuples, which the garbage
collector stops tracing once it has seen them; None: it touched none).
"""

from __future__ import annotations

from typing import Any, Final

Frame = tuple[Any, ...]

#: the places in a frame after its scalars, counted from its end
F_RNG: Final = -4
F_EVENTS: Final = -3
F_TRAIL: Final = -2
F_ZONES: Final = -1


def frame_scalars(frame: Frame) -> tuple[Any, ...]:
    """The scalars an undo frame saved (``node`` first, in the order of ``_scalar_names``)."""
    return frame[:F_RNG]


def frame_zones(frame: Frame) -> dict[int, tuple[int, ...]]:
    """The zones an undo frame saved, by index, as they were before its action (empty: it moved no card)."""
    saved: dict[int, tuple[int, ...]] | None = frame[F_ZONES]
    return {} if saved is None else saved
