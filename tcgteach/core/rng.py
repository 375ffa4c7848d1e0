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

#: compiled by mypyc (this module is then a native extension): ``Rng.shuffle`` runs ``shuffle_halves``, whose
#: small numbers are native machine ones there, while the interpreter is faster with one big-int product
NATIVE: Final = not __file__.endswith(".py")


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
        """The next 64-bit number of the generator (SplitMix64): the same seed gives the same sequence on every
        platform."""
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
        if NATIVE:  # compiled: the same numbers from native arithmetic on halves, below 2**50 (``shuffle_halves``)
            shuffle_halves(self, items)
            return
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


def shuffle_halves(rng: Rng, items: list[Any]) -> None:
    """``Rng.shuffle`` for the compiled build (the same shuffle and the same RNG state after it).

    The 64-bit numbers are held as 32-bit halves (``h``, ``lo``) and multiplied by 16-bit pieces (``_mul64``),
    so every product has factors below 2**30 and every sum stays below 2**36: compiled, each operation is then
    a native machine one (mypyc multiplies natively only factors below 2**30; no big int is made, and no pending
    signal's handler runs inside a product, see ``_Wide``)."""
    wide: _Wide = rng.state
    h: int = wide >> 32
    lo: int = wide & 0xFFFFFFFF
    for i in range(len(items) - 1, 0, -1):
        lo += 0x7F4A7C15  # s += golden (0x9E3779B9_7F4A7C15), mod 2**64
        h = (h + 0x9E3779B9 + (lo >> 32)) & 0xFFFFFFFF
        lo &= 0xFFFFFFFF
        zh = h ^ (h >> 30)  # z = s ^ (s >> 30)
        zl = lo ^ (((h << 2) & 0xFFFFFFFF) | (lo >> 30))
        zh, zl = _mul64(zh, zl, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
        zl ^= ((zh << 5) & 0xFFFFFFFF) | (zl >> 27)  # z ^= z >> 27
        zh ^= zh >> 27
        zh, zl = _mul64(zh, zl, 0x94D0, 0x49BB, 0x1331, 0x11EB)
        zl ^= ((zh << 1) & 0xFFFFFFFF) | (zl >> 31)  # z ^= z >> 31
        zh ^= zh >> 31
        n = i + 1  # j = (z * (i + 1)) >> 64, by 16-bit pieces of z with their carries
        t = (zh >> 16) * n + ((((zh & 0xFFFF) * n) + ((((zl >> 16) * n) + (((zl & 0xFFFF) * n) >> 16)) >> 16)) >> 16)
        j = t >> 16
        items[i], items[j] = items[j], items[i]
    wide = h
    rng.state = (wide << 32) | lo


def _mul64(h: int, lo: int, c3: int, c2: int, c1: int, c0: int) -> tuple[int, int]:
    """(h * 2**32 + lo) * (c3 * 2**48 + c2 * 2**32 + c1 * 2**16 + c0) mod 2**64, as 32-bit halves: schoolbook
    multiplication by 16-bit pieces (``p1`` is the sum of the products landing at bit 16, and so on)."""
    x0, x1, x2, x3 = lo & 0xFFFF, lo >> 16, h & 0xFFFF, h >> 16
    p1 = x0 * c1 + x1 * c0
    low = x0 * c0 + ((p1 & 0xFFFF) << 16)
    high = (
        (low >> 32)
        + (p1 >> 16)
        + x0 * c2
        + x1 * c1
        + x2 * c0
        + (((x0 * c3 + x1 * c2 + x2 * c1 + x3 * c0) & 0xFFFF) << 16)
    )
    return high & 0xFFFFFFFF, low & 0xFFFFFFFF
