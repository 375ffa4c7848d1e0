"""The undo frame of ``State.apply`` (``core/state.py``): its layout and the readers a game uses to look back.

A frame is what undo needs of the moment before an action, as one list (a step of play keeps this one object for
undo: few objects for the garbage collector to trace and free): the scalars (``node`` first, in the order of the
state's ``_scalar_names``), then the RNG state, how many events and trail steps there were, and then the zones the
action touched as they were, as numbers: for each zone its index, its number of cards and its cards
(``save_zone``; nothing: it touched none). The places after the scalars are counted from the number of scalars
(``ns``): ``frame[ns + F_RNG]``; the zones start at ``ns + F_ZONES``.
"""

from __future__ import annotations

from typing import Any, Final

Frame = list[Any]

#: the places in a frame after its ``ns`` scalars (``frame[ns + F_RNG]``)
F_RNG: Final = 0
F_EVENTS: Final = 1
F_TRAIL: Final = 2
#: where the records of the touched zones begin (``ns + F_ZONES``), to the frame's end
F_ZONES: Final = 3


def frame_scalars(frame: Frame, ns: int) -> list[Any]:
    """The ``ns`` scalars an undo frame saved (``node`` first, in the order of ``_scalar_names``)."""
    return frame[:ns]


def frame_zones(frame: Frame, ns: int) -> dict[int, tuple[int, ...]]:
    """The zones an undo frame of ``ns`` scalars saved, by index, as they were before its action (empty: it moved
    no card)."""
    zones: dict[int, tuple[int, ...]] = {}
    i, n = ns + F_ZONES, len(frame)
    while i + 1 < n and i + 2 + frame[i + 1] <= n:  # (a zone whose record an interrupt cut short never changed)
        k: int = frame[i + 1]
        zones[frame[i]] = tuple(frame[i + 2 : i + 2 + k])
        i += k + 2
    return zones


def save_zone(frame: Frame, start: int, index: int, zone: list[int]) -> None:
    """Add zone ``index`` as it is now (``zone``) to ``frame``, the undo frame of the action under way, whose
    records of touched zones begin at ``start``, unless the action touched it before: the first touch keeps what
    undo puts back. The zone changes only after this returns: a record that an interrupt cut short is that of a
    zone that never changed, and the readers (``State._restore``, ``frame_zones``) stop before it."""
    i, n = start, len(frame)
    while i < n:
        if frame[i] == index:
            return
        i += frame[i + 1] + 2
    frame.append(index)
    frame.append(len(zone))
    frame.extend(zone)
