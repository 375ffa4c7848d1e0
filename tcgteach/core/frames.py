"""The undo frame of ``State.apply`` (``core/state.py``): its layout and the readers a game uses to look back.

A frame is what undo needs of the moment before an action, as one tuple (a step of play keeps this one object and
one list for undo: few objects for the garbage collector to trace and free): the scalars (``node`` first, in the
order of the state's ``_scalar_names``), then the RNG state, how many events and trail steps there were, and the
zones the action touched as they were, as one flat list of numbers: for each zone its index, its number of cards
and its cards (``save_zone``; empty: it touched none).
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
    saved: list[int] = frame[F_ZONES]
    zones: dict[int, tuple[int, ...]] = {}
    i, n = 0, len(saved)
    while i + 1 < n and i + 2 + saved[i + 1] <= n:  # (a zone whose record an interrupt cut short never changed)
        k = saved[i + 1]
        zones[saved[i]] = tuple(saved[i + 2 : i + 2 + k])
        i += k + 2
    return zones


def save_zone(saved: list[int], index: int, zone: list[int]) -> None:
    """Add zone ``index`` as it is now (``zone``) to ``saved``, the zones an action touched (the last place of its
    frame), unless the action touched it before: the first touch keeps what undo puts back. The zone changes
    only after this returns: a record that an interrupt cut short is that of a zone that never changed, and the
    readers (``State._restore``, ``frame_zones``) stop before it."""
    i, n = 0, len(saved)
    while i < n:
        if saved[i] == index:
            return
        i += saved[i + 1] + 2
    saved.append(index)
    saved.append(len(zone))
    saved.extend(zone)
