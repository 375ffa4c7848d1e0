"""Two batteries side by side: each measure's difference with its interval, and a verdict only beyond noise.

Two variants of one game played on the same seeds are **paired**: the same deal, the same first player, the
same agents' seeds; only the change differs, so the difference is measured game by game (the mean of the
per-seed differences, a t interval), which needs far fewer games than two independent samples. Two
different games (or disjoint seeds) are compared as independent samples (Welch's t for a mean, Newcombe's
interval for a rate). Many measures are compared at once, so a verdict ("higher", "lower") is given only when
the interval at the Bonferroni level (1 - alpha/m for m measures) excludes 0; the table shows the plain
95% interval beside it.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import TcgError
from ..sim.variants import newcombe, t_quantile, welch
from .battery import Battery
from .measures import BINARY, BOOTSTRAP, BOOTSTRAP_SEED, Estimate


@dataclass(frozen=True)
class Difference:
    """One measure of A and B: their estimates, B - A with a (1 - alpha) interval, and the verdict: +1 (B is
    higher beyond noise), -1 (lower) or 0 (within noise, or not comparable)."""

    measure: str
    a: Estimate | None
    b: Estimate | None
    diff: float | None
    low: float | None
    high: float | None
    paired: bool
    n: int
    verdict: int

    def to_dict(self) -> dict[str, Any]:
        """The difference as JSON-safe data: the measure, A's and B's estimates, the difference, its interval and
        verdict."""
        return {
            "measure": self.measure,
            "a": None if self.a is None else self.a.to_dict(),
            "b": None if self.b is None else self.b.to_dict(),
            "diff": self.diff,
            "low": self.low,
            "high": self.high,
            "paired": self.paired,
            "n": self.n,
            "verdict": self.verdict,
        }


def _paired(xs: Sequence[float], level: float) -> tuple[float, float, float]:
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, -math.inf, math.inf
    sd = statistics.stdev(xs)
    half = t_quantile(1 - (1 - level) / 2, float(len(xs) - 1)) * sd / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def _binary(name: str) -> bool:
    return name in BINARY or name.startswith(("win_seat_", "end_"))


def _difference(name: str, a: Battery, b: Battery, paired: bool, alpha: float, strict: float) -> Difference:
    va, vb = a.values.get(name), b.values.get(name)
    ea, eb = a.estimates.get(name), b.estimates.get(name)
    if name.startswith("end_") and a.game == b.game and (va is None) != (vb is None):
        # an end kind one variant never saw: 0 in each of its games (the other game may not have the kind at all)
        from .measures import mean_estimate

        side = a if va is None else b
        zeros: dict[int, float | None] = {s: 0.0 for s in side.seeds}
        if va is None:
            va, ea = zeros, mean_estimate(zeros.values(), binary=True)
        else:
            vb, eb = zeros, mean_estimate(zeros.values(), binary=True)
    if va is None or vb is None:
        return Difference(name, ea, eb, None, None, None, paired, 0, 0)
    if paired:
        diffs = [vb[s] - va[s] for s in va if s in vb and va[s] is not None and vb[s] is not None]  # type: ignore[operator]
        if not diffs:
            return Difference(name, ea, eb, None, None, None, True, 0, 0)
        d, low, high = _paired(diffs, 1 - alpha)
        _, slow, shigh = _paired(diffs, 1 - strict)
        verdict = 1 if slow > 0 else -1 if shigh < 0 else 0
        return Difference(name, ea, eb, d, low, high, True, len(diffs), verdict)
    xa = [float(x) for x in va.values() if x is not None]
    xb = [float(x) for x in vb.values() if x is not None]
    if _binary(name):
        row = newcombe(round(sum(xa)), len(xa), round(sum(xb)), len(xb), alpha)
        strict_row = newcombe(round(sum(xa)), len(xa), round(sum(xb)), len(xb), strict)
    else:
        row, strict_row = welch(xa, xb, alpha), welch(xa, xb, strict)
    verdict = 0
    if strict_row["low"] is not None and strict_row["low"] > 0:
        verdict = 1
    elif strict_row["high"] is not None and strict_row["high"] < 0:
        verdict = -1
    return Difference(name, ea, eb, row["diff"], row["low"], row["high"], False, min(len(xa), len(xb)), verdict)


def _outcomes(b: Battery) -> tuple[int, dict[int, int]]:
    """The seats of a battery and, per seed of a finished game, the seat that won alone (``seats``: nobody)."""
    wins = {int(k.rpartition("_")[2]): v for k, v in b.values.items() if k.startswith("win_seat_")}
    seats = len(wins)
    out: dict[int, int] = {}
    for seed in b.seeds:
        if all(v.get(seed) is not None for v in wins.values()):
            out[seed] = next((k for k, v in wins.items() if v[seed]), seats)
    return seats, out


def _balance_of(seats: int, sample: Sequence[int]) -> float:
    wins = [0] * (seats + 1)
    for seat in sample:
        wins[seat] += 1
    rates = [w / len(sample) for w in wins[:seats]]
    return 1.0 - (max(rates) - min(rates))


def _balance_difference(a: Battery, b: Battery, paired: bool, alpha: float, strict: float) -> Difference:
    """B's balance - A's, with a bootstrap interval (the same resampled seeds for both sides when paired)."""
    ka, oa = _outcomes(a)
    kb, ob = _outcomes(b)
    sa, sb = list(oa), list(ob)
    if paired:
        shared = set(sb)
        sa = sb = [s for s in sa if s in shared]
    if not sa or not sb or not ka or not kb:
        return Difference("balance", a.balance, b.balance, None, None, None, paired, 0, 0)
    xa, xb = [oa[s] for s in sa], [ob[s] for s in sb]
    d = _balance_of(kb, xb) - _balance_of(ka, xa)
    rng = random.Random(BOOTSTRAP_SEED)
    boot = []
    for _ in range(BOOTSTRAP):
        ia = rng.choices(range(len(xa)), k=len(xa))
        ib = ia if paired else rng.choices(range(len(xb)), k=len(xb))
        boot.append(_balance_of(kb, [xb[i] for i in ib]) - _balance_of(ka, [xa[i] for i in ia]))
    boot.sort()

    def cut(level: float) -> tuple[float, float]:
        tail = (1 - level) / 2
        return boot[int(tail * BOOTSTRAP)], boot[min(BOOTSTRAP - 1, int((1 - tail) * BOOTSTRAP))]

    low, high = cut(1 - alpha)
    slow, shigh = cut(1 - strict)
    verdict = 1 if slow > 0 else -1 if shigh < 0 else 0
    return Difference("balance", a.balance, b.balance, d, low, high, paired, min(len(sa), len(sb)), verdict)


@dataclass(frozen=True)
class DesignComparison:
    """A against B (``compare``): one ``Difference`` per measure, in the order of the table."""

    a: Battery
    b: Battery
    rows: tuple[Difference, ...]
    paired: bool
    alpha: float

    def __getitem__(self, measure: str) -> Difference:
        for row in self.rows:
            if row.measure == measure:
                return row
        raise TcgError(
            f"no measure {measure!r} in this comparison; there are: {', '.join(r.measure for r in self.rows)}"
        )

    def beyond_noise(self) -> list[str]:
        """The measures whose difference is beyond noise (the verdict is not 0)."""
        return [r.measure for r in self.rows if r.verdict]

    def table(self, lang: str = "en") -> str:
        """The comparison as a plain-text table in ``lang``: each measure for A and B, the difference with its interval
        and the verdict."""
        from .texts import comparison_table

        return comparison_table(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The comparison as JSON-safe data (both labels, paired or not, the level, every difference)."""
        return {
            "a": self.a.label,
            "b": self.b.label,
            "paired": self.paired,
            "alpha": self.alpha,
            "rows": [r.to_dict() for r in self.rows],
        }

    def __repr__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        from .report import inline

        return inline(self, "en")


def compare(a: Battery, b: Battery, alpha: float = 0.05) -> DesignComparison:
    """B against A, measure by measure: paired on the seeds when both are the same game at the same table
    (same number of players) and share seeds; otherwise as independent samples."""
    if not isinstance(a, Battery) or not isinstance(b, Battery):
        raise TcgError("compare takes two batteries of tcgteach.design.run()")
    if not (isinstance(alpha, float) and 0 < alpha < 1):
        from ..core.checks import shown

        raise TcgError(f"alpha must be a significance level between 0 and 1 (0.05), not {shown(alpha)}")
    paired = a.game == b.game and a.players == b.players and bool(set(a.seeds) & set(b.seeds))
    names = a.names() + [k for k in b.names() if k not in a.names()]
    names = [k for k in names if k not in ("balance", "kingmaking")]
    m = len(names) + 2
    strict = alpha / m
    rows = [_difference(k, a, b, paired, alpha, strict) for k in names]
    rows.append(_balance_difference(a, b, paired, alpha, strict))
    if a.kingmaking is not None or b.kingmaking is not None:
        ka, kb = a.kingmaking, b.kingmaking
        if ka is not None and kb is not None and ka.n and kb.n and ka.value is not None and kb.value is not None:
            ra, rb = round(ka.value * ka.n), round(kb.value * kb.n)
            row, srow = newcombe(ra, ka.n, rb, kb.n, alpha), newcombe(ra, ka.n, rb, kb.n, strict)
            verdict = 1 if srow["low"] > 0 else -1 if srow["high"] < 0 else 0
            rows.append(
                Difference("kingmaking", ka, kb, row["diff"], row["low"], row["high"], False, min(ka.n, kb.n), verdict)
            )
        else:
            rows.append(Difference("kingmaking", ka, kb, None, None, None, False, 0, 0))
    return DesignComparison(a, b, tuple(rows), paired, alpha)
