"""The small words of the Dragon Quest reasons: card names, levels, players, English verb agreement."""

from __future__ import annotations

from .cardtext import marked
from .facts import Facts


def _names(f: Facts, cards: list[int], ja: bool, most: int = 3) -> str:
    shown = [_n(f, c, ja) for c in cards[:most]]
    if len(cards) > most:
        shown.append("ほか" if ja else "…")
    return ("、" if ja else ", ").join(shown)


def _levels(levels: list[int], ja: bool) -> str:
    """``3, 4 and 5`` / ``3・4・5`` (each level once, lowest first)."""
    ls = [str(x) for x in sorted(set(levels))]
    if ja or len(ls) < 2:
        return "・".join(ls)
    return ", ".join(ls[:-1]) + " and " + ls[-1]


def _are(n: int) -> str:
    return "is" if n == 1 else "are"


def _has(n: int) -> str:
    return "has" if n == 1 else "have"


def _does(n: int) -> str:
    return "does" if n == 1 else "do"


def _n(f: Facts, c: int, ja: bool) -> str:
    return marked(f.view, c, "ja" if ja else "en")


def _p(p: int) -> str:
    return f"P{p + 1}"
