"""Copy marks: which copy of a card an instance is, for the texts that must tell twins apart.

``②`` marks the second copy of a card ID in a game (copies numbered in instance order, all players
together); a card with no other copy has no mark. The marks are fixed by the set of card instances,
so they are worked out once per set (one pass over the cards) and kept, not searched for at each
card a board or a log names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: the marks of the first twenty copies; later ones are written ``#21`` ...
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_CACHE: dict[int, tuple[Sequence[_HasId], tuple[str, ...]]] = {}


def copy_marks(cards: Sequence[_HasId]) -> tuple[str, ...]:
    """The copy mark of every instance of ``cards`` (a game's instances, in order), kept per set."""
    hit = _CACHE.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    copies: dict[str, list[int]] = {}
    for k, card in enumerate(cards):
        copies.setdefault(card.id, []).append(k)
    marks = [""] * len(cards)
    for same in copies.values():
        if len(same) > 1:
            for n, k in enumerate(same):
                marks[k] = CIRCLED[n] if n < len(CIRCLED) else f"#{n + 1}"
    found = tuple(marks)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(cards)] = (cards, found)
    return found


def copy_mark(cards: Sequence[_HasId], c: int) -> str:
    """The mark of instance ``c`` of ``cards`` (``""`` for a hidden card, ``c < 0``)."""
    return "" if c < 0 else copy_marks(cards)[c]
