"""Seeded random numbers: one small, portable generator per game state.

SplitMix64 keeps its whole state in one integer, so a state can save, restore and
serialise it for free (undo, clone, ``to_dict``) and the same seed gives the same
sequence in every process and on every Python version.
"""

from __future__ import annotations

from typing import Any, Final

# ``Final``: the compiled build keeps them as constants instead of reading the module's globals at every use
MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

# The products below are typed ``Any`` (``_Wide``): compiled by mypyc, a product of ``int``s that CPython's
# multiplication gives up on aborts the process ("fatal: out of memory"), and CPython's multiplication of
# numbers past 64 bits runs a pending signal's handler, so a Ctrl+C during a shuffle killed the kernel; an
# ``Any`` product raises the KeyboardInterrupt like any other exception (issue 22: atomic under interrupts).
_Wide = Any


#: a seed is a whole number of at most 64 bits either way: the generator keeps 64 bits, so a larger seed would
#: only repeat a smaller one (and a saved state must hold it as a JSON number every reader can read back)
SEED_LIMIT: Final = 1 << 64


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a seed (a whole number, -2**64 < seed < 2**64), or None."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"the seed must be a whole number, not {type(seed).__name__}"
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        return "the seed must be a whole number of at most 64 bits (from -(2**64 - 1) to 2**64 - 1)"
    return None


def mix_seed(seed: int) -> int:
    """Spread a small user seed (0, 1, 2 ...) over 64 bits."""
    z: _Wide = int(seed)
    z = (z * _GOLDEN + 0x632BE59BD9B4E019) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)  # type: ignore[no-any-return]


class Rng:
    """SplitMix64: fast, tiny state, good enough statistical quality for card shuffles."""

    __slots__ = ("state",)

    def __init__(self, state: int = 0) -> None:
        self.state = int(state) & MASK64

    def next64(self) -> int:
        s: _Wide = (self.state + _GOLDEN) & MASK64
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)  # type: ignore[no-any-return]

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (multiply-shift; bias < n / 2**64)."""
        wide: _Wide = self.next64()
        return (wide * n) >> 64  # type: ignore[no-any-return]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place (``next64`` inlined: a deck is shuffled at every game's start)."""
        s: _Wide = self.state
        z: _Wide
        golden, mask = _GOLDEN, MASK64  # (locals: read faster than globals in Python)
        for i in range(len(items) - 1, 0, -1):
            s = (s + golden) & mask
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s
