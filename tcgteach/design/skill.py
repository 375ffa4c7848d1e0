"""Skill against luck: the skill trace of a game (after Ludii's ``SkillTrace``).

The coach (Monte Carlo tree search) plays at a budget of ``b`` iterations per decision, doubled ``k`` times:
``b, 2b, 4b ...``. Three curves:

* **the ladder**: the coach at each budget against the same coach at half that budget. If a game rewards
  skill, the stronger side keeps winning more than half of the games however strong both already are;
  where the curve sinks to 50%, more thinking no longer pays (or luck decides).
* against the **heuristic** player and against the **random** player, at every budget.

Each match is played on paired seeds with the seats alternating (the stronger side is P1 in half the games),
scored 1 for a win, 1/2 for a draw. Reported: each match's score with a Wilson 95% interval; the **slope** of
the score against the heuristic player per doubling (least squares, with a t interval); the **luck share**:
the share of the ladder's decisive games the weaker side won; and Ludii's SkillTrace figure: the ladder's
scores ``y_k`` in [-1, 1] fitted by a line, its prediction ``p`` one level past the last (clipped to
[0, 1]), and ``p + (1 - p) * mean(max(y_k, 0))``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..core.checks import check_int
from ..core.errors import TcgError
from ..sim.runner import process_pool, processes_available, resolve_game, simulate
from ..sim.stats import wilson_interval
from ..sim.variants import t_quantile
from .measures import Estimate

#: the default budgets (iterations per decision) and games per match: both games' traces in about ten minutes
#: on two cores (benchmarks/design.py measures it)
BUDGETS = (2, 4, 8, 16, 32)
GAMES = 40


class CoachAt:
    """A picklable factory of the coach at a fixed budget (``f(seed) -> agent`` for ``simulate``)."""

    def __init__(self, iterations: int) -> None:
        self.iterations = check_int(iterations, "iterations", 1)
        self.name = f"coach{iterations}"

    def __call__(self, seed: int) -> Any:
        from ..agents.coach import CoachAgent

        return CoachAgent(seed, time_budget=None, iterations=self.iterations)

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Match:
    """The stronger side against the weaker one: games, the stronger side's wins, draws and losses, and its
    score (wins + draws/2) / games with a Wilson 95% interval."""

    strong: str
    weak: str
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> Estimate:
        """The strong side's score (a win 1, a draw ½) with its 95% Wilson interval."""
        points = self.wins + self.draws / 2
        low, high = wilson_interval(round(points), self.games) or (None, None)
        return Estimate(points / self.games if self.games else None, low, high, self.games)

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-safe data: the two sides, games, wins, draws, losses and the score."""
        return {
            "strong": self.strong, "weak": self.weak, "games": self.games, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "score": self.score.to_dict(),
        }  # fmt: skip


def play_match(game: Any, strong: Any, weak: Any, games: int, seed_start: int = 0, **run: Any) -> Match:
    """``games`` games of ``strong`` against ``weak`` on the seeds from ``seed_start``, the stronger side P1 on
    the even seeds and P2 on the odd ones."""
    seeds = list(range(seed_start, seed_start + games))
    even, odd = seeds[0::2], seeds[1::2]
    records = []
    if even:
        records += [(r, 0) for r in simulate(game, seeds=even, agents=(strong, weak), **run)]
    if odd:
        records += [(r, 1) for r in simulate(game, seeds=odd, agents=(weak, strong), **run)]
    wins = sum(1 for r, seat in records if r["winner"] == seat)
    losses = sum(1 for r, seat in records if r["winner"] is not None and r["winner"] != seat)
    label = [str(getattr(x, "name", x)) for x in (strong, weak)]
    return Match(label[0], label[1], len(records), wins, len(records) - wins - losses, losses)


def _play_matches(
    g: Any, sides: list[tuple[Any, Any]], games: int, seed_start: int, executor: Any, jobs: int | None, progress: Any
) -> list[Match]:
    """``play_match`` of each (strong, weak) pair, in order. On processes, one pool plays every match (not one pool
    a run of games), and without progress bars the matches are handed to it all at once (a thread per match only
    waits for its games): no core idles at the end of a match while the last game of it is played. The same games
    on the same seeds either way, so the same results."""
    own = None
    if executor is None and jobs != 1 and processes_available():
        own = executor = process_pool(jobs)
    run = {"executor": executor, "jobs": jobs, "progress": progress, "players": 2}
    try:
        if executor is None or progress is not False:
            return [play_match(g, strong, weak, games, seed_start, **run) for strong, weak in sides]
        # its worker processes started now, from this thread alone (a process that runs threads is never forked)
        executor.submit(int).result()
        with ThreadPoolExecutor(max_workers=len(sides)) as threads:
            futures = [threads.submit(play_match, g, strong, weak, games, seed_start, **run) for strong, weak in sides]
            return [f.result() for f in futures]
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


def _fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float, float]:
    """Least squares y = a + b x: (a, b, b's half-width at 95%, prediction's x mean) — b's interval needs 3+ points."""
    n = len(xs)
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=False)) / sxx if sxx else 0.0
    a = my - b * mx
    if n < 3 or not sxx:
        return a, b, math.inf, mx
    resid = sum((y - a - b * x) ** 2 for x, y in zip(xs, ys, strict=False))
    se = math.sqrt(resid / (n - 2) / sxx)
    return a, b, t_quantile(0.975, float(n - 2)) * se, mx


@dataclass(frozen=True)
class SkillTrace:
    """The three curves (``ladder``, ``vs_heuristic``, ``vs_random``: one ``Match`` per budget), the slope of
    the score against the heuristic player per doubling (``slope``, ``slope_low``, ``slope_high``), the
    ``luck`` share and Ludii's ``ludii`` SkillTrace figure."""

    game: str
    budgets: tuple[int, ...]
    ladder: tuple[Match, ...]
    vs_heuristic: tuple[Match, ...]
    vs_random: tuple[Match, ...]
    slope: float
    slope_low: float
    slope_high: float
    luck: Estimate
    ludii: float
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """The skill trace as JSON-safe data: the budgets, every match and the slope of score against log budget."""
        return {
            "game": self.game, "budgets": list(self.budgets), "ladder": [m.to_dict() for m in self.ladder],
            "vs_heuristic": [m.to_dict() for m in self.vs_heuristic],
            "vs_random": [m.to_dict() for m in self.vs_random],
            "slope": self.slope, "slope_low": self.slope_low, "slope_high": self.slope_high,
            "luck": self.luck.to_dict(), "ludii": self.ludii, "seconds": self.seconds,
        }  # fmt: skip

    def table(self, lang: str = "en") -> str:
        """The skill trace as a plain-text table in ``lang``: each match's score and wins, draws, losses."""
        from .skilltexts import skill_table

        return skill_table(self, lang)

    def html(self, lang: str = "en") -> str:
        """The skill trace as an HTML section of the design report, with its chart."""
        from .skilltexts import skill_html

        return skill_html(self, lang)

    def __repr__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        from .report import inline

        return inline(self, "en")


def skill_trace(
    game: Any,
    budgets: Sequence[int] = BUDGETS,
    games: int = GAMES,
    *,
    options: Any = None,
    seed_start: int = 0,
    executor: Any = None,
    jobs: int | None = None,
    progress: bool | None = False,
) -> SkillTrace:
    """The skill trace of a two-player game: the coach at each of ``budgets`` (iterations per decision, each
    the double of the one before) against itself at the budget before, the heuristic and the random player,
    ``games`` games per match (see the module's text)."""
    from .args import run_args, seed_start_arg

    g = resolve_game(game, options)
    if isinstance(budgets, (str, bytes)) or not isinstance(budgets, Sequence):
        raise TcgError(f"budgets must be a list of budgets, each twice the one before (2, 4, 8 ...), not {budgets!r}")
    budgets = tuple(check_int(b, "budgets[]", 1, 1_000_000) for b in budgets)
    if len(budgets) < 2 or any(b2 != 2 * b1 for b1, b2 in zip(budgets, budgets[1:], strict=False)):
        raise TcgError(f"budgets must be two or more budgets, each twice the one before (2, 4, 8 ...), not {budgets}")
    check_int(games, "games", 2, 1_000_000)
    seed_start_arg(seed_start)
    run_args(executor, jobs, progress)
    if g.min_players != 2 and g.max_players < 2:
        raise TcgError(f"{g.name}: the skill trace is played by two players")
    start = time.perf_counter()
    coaches = [CoachAt(b) for b in budgets]
    sides: list[tuple[Any, Any]] = [(hi, lo) for lo, hi in zip(coaches, coaches[1:], strict=False)]
    sides += [(c, "heuristic") for c in coaches] + [(c, "random") for c in coaches]
    matches = _play_matches(g, sides, games, seed_start, executor, jobs, progress)
    k, n = len(coaches) - 1, len(coaches)
    ladder, vs_h, vs_r = tuple(matches[:k]), tuple(matches[k : k + n]), tuple(matches[k + n :])
    xs = [math.log2(b) for b in budgets]
    scores = [m.score.value or 0.0 for m in vs_h]
    _, slope, half, _ = _fit(xs, scores)
    decisive = sum(m.wins + m.losses for m in ladder)
    upsets = sum(m.losses for m in ladder)
    low, high = wilson_interval(upsets, decisive) or (None, None)
    luck = Estimate(upsets / decisive if decisive else None, low, high, decisive)
    ys = [2 * (m.score.value or 0.0) - 1 for m in ladder]  # Ludii: the stronger side's utility in [-1, 1]
    levels = list(range(len(ys)))
    a, b, _, _ = _fit(levels, ys) if len(ys) >= 2 else (ys[0], 0.0, 0.0, 0.0)
    predicted = min(1.0, max(0.0, a + b * (len(ys) + 1)))
    ludii = predicted + (1 - predicted) * statistics.fmean(max(y, 0.0) for y in ys)
    return SkillTrace(
        g.name, budgets, ladder, vs_h, vs_r, slope, slope - half, slope + half, luck, ludii,
        time.perf_counter() - start,
    )  # fmt: skip
