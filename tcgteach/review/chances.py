"""Each seat's chance to win at each decision of a game: the coach's estimate, with its uncertainty.

At a position the estimate is what the coach's rollouts say from what the seats could see: ``rollouts`` times,
the cards one seat cannot see (each seat in turn, so no seat's secrets tilt it) are dealt at random
(``core.determinize``) and the game is played on to its end by the rule-of-thumb player on every side; a seat
scores 1 for a win, 0.5 for a draw, 0 otherwise (a rollout cut off after ``ROLLOUT_STEPS`` scores the game's
position estimate). The band is the 95% Wilson range of that score. A finished game's last point is its result,
exactly.

    points = win_chances(Timeline(state), rollouts=24)     # one ``Chance`` per decision, and the end
    points[-1].mean                                         # (1.0, 0.0): seat 0 won

The rollouts at every position are seeded by ``rollout_seed(seed)``, the same luck everywhere: the figures are
the same on one process or a pool of them (``executor``: any ``concurrent.futures.Executor``, as
``tcgteach.sim.simulate`` takes), and a game is worked out once per (record, rollouts, seed) in this process
(``CACHE_SIZE`` games kept).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, shown
from ..core.determinize import determinize
from ..core.errors import TcgError
from .timeline import Timeline, as_timeline

if TYPE_CHECKING:
    from ..core.state import State

#: steps a rollout plays before its position estimate scores it (the coach's own cap)
ROLLOUT_STEPS = 400
#: most rollouts per position a review may ask for
MAX_ROLLOUTS = 10_000
#: the z of the bands and of the noise rule (95%)
Z = 1.96
#: games whose chances are kept in this process
CACHE_SIZE = 32
_CACHE: OrderedDict[tuple[str, int, int], tuple[Chance, ...]] = OrderedDict()


@dataclass(frozen=True)
class Chance:
    """Each seat's estimated chance to win before move ``index`` (``index == len(timeline)``: the end), from
    ``n`` rollouts (0: exact, the game is over); ``low``/``high`` the 95% band; ``decider`` the seat to move."""

    index: int
    turn: int
    decider: int | None
    mean: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    n: int

    def se(self, seat: Any) -> float:  # Any: checked here
        """The standard error of ``seat``'s estimate (0 when exact)."""
        check_int(seat, "seat", 0, len(self.mean) - 1)
        if self.n <= 1:
            return 0.0
        p = self.mean[seat]
        return math.sqrt(max(p * (1 - p), 0.25 / self.n) / self.n)  # never 0 from a handful of equal rollouts


def play_on(s: State, act: Any) -> list[float]:
    """``s`` played on by ``act`` on every side for at most ``ROLLOUT_STEPS`` steps: each seat's score."""
    from ..agents.search import outcome_values

    steps = 0
    while steps < ROLLOUT_STEPS and not s.is_terminal():
        s.apply_unchecked(act(s))
        steps += 1
    return outcome_values(s)


def estimate(position: State, rollouts: int, seed: int, index: int = 0) -> Chance:
    """The estimate at one position (a full state), from ``rollouts`` rollouts seeded by ``seed``."""
    from ..agents.heuristic import HeuristicAgent
    from ..agents.hints import wilson
    from ..agents.search import _fast_act, outcome_values

    n_seats = position.num_players
    if position.is_terminal():
        exact = tuple(outcome_values(position))
        return Chance(index, position.turn, None, exact, exact, exact, 0)
    decider = position.current_player
    views = [position.view(p) for p in range(n_seats)]
    rng = random.Random(seed)
    agent = HeuristicAgent(rng.getrandbits(32))
    act = _fast_act(agent)
    sums = [0.0] * n_seats
    for k in range(rollouts):
        s = determinize(views[k % n_seats], rng)  # every seat's view in turn: no seat's secrets tilt it
        agent.rng.seed(rng.getrandbits(32))
        for seat, v in enumerate(play_on(s, act)):
            sums[seat] += v
    mean = tuple(x / rollouts for x in sums)
    bands = [wilson(x, rollouts, Z) for x in sums]  # the coach's own interval (agents.hints)
    return Chance(index, position.turn, decider, mean, tuple(b[0] for b in bands), tuple(b[1] for b in bands), rollouts)


def _chunk(positions: list[State], indices: list[int], rollouts: int, seed: int) -> list[Chance]:
    """A worker's share: the estimates of some positions (module level: it travels to a process pool)."""
    return [estimate(p, rollouts, rollout_seed(seed), i) for p, i in zip(positions, indices, strict=True)]


def rollout_seed(seed: int) -> int:
    """The seed of the rollouts at every position of a review seeded ``seed``: the same stream everywhere
    (common random numbers), so two neighbouring positions are played on with the same luck and the chart's
    steps come from the moves, not from the rollouts' luck (measured on two reviewed games: the mean step
    between neighbouring points 0.11 -> 0.04 in DARK MOON, 0.09 -> 0.05 in Dragon Quest, 12 rollouts)."""
    return (seed * 1_000_003 + 17) % (1 << 63)


def position_seed(seed: int, index: int) -> int:
    """The seed of the rollouts at position ``index`` of a review seeded ``seed``."""
    return (seed * 1_000_003 + index * 7_919 + 17) % (1 << 63)


def points_of(timeline: Timeline) -> list[int]:
    """The positions a review estimates: every decision (a choice between two or more actions), and the end."""
    return [m.index for m in timeline.moves if m.decision] + [len(timeline)]


def record_key(timeline: Timeline) -> str:
    """A digest of the game (its record without the result line): the cache's key."""
    from ..record import record_text

    return hashlib.sha256(record_text(timeline.final, result=False).encode("utf-8")).hexdigest()


def win_chances(
    source: Any,
    rollouts: Any = 24,
    seed: Any = 0,
    executor: Any = None,
    jobs: Any = 1,
    progress: Any = None,
) -> tuple[Chance, ...]:  # Any: checked here
    """One ``Chance`` per decision of the game and one for its end (see the module's text). ``source``: a
    state or a ``Timeline``; ``executor`` any ``concurrent.futures.Executor`` (used, not shut down), else
    ``jobs`` processes (1: this process; None: every core where processes can be had); ``progress`` a tqdm
    bar (None: in a terminal or a notebook)."""
    timeline = as_timeline(source)
    rollouts = check_int(rollouts, "rollouts", 1, MAX_ROLLOUTS)
    seed = check_int(seed, "seed", 0, (1 << 63) - 1)
    if executor is not None and not isinstance(executor, Executor):
        raise TcgError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    if jobs is not None:
        check_int(jobs, "jobs", 1, 1024)
    if progress is not None and not isinstance(progress, bool):
        raise TcgError(f"progress must be True, False or None, not {shown(progress)}")
    key = (record_key(timeline), rollouts, seed)
    cached = _cached(key)
    if cached is not None:
        return cached
    result = _run(timeline, points_of(timeline), rollouts, seed, executor, jobs, progress)
    _remember(key, result)
    return result


def chance_steps(source: Any, rollouts: Any = 24, seed: Any = 0) -> Iterator[Chance]:  # Any: checked here
    """The figures of ``win_chances`` one position at a time, in this process, in the order of the game (a
    front end shows each as it comes and stays responsive between them); once all are out they are cached as
    ``win_chances`` caches them (a cached game yields at once)."""
    timeline = as_timeline(source)
    rollouts = check_int(rollouts, "rollouts", 1, MAX_ROLLOUTS)
    seed = check_int(seed, "seed", 0, (1 << 63) - 1)
    key = (record_key(timeline), rollouts, seed)
    cached = _cached(key)
    if cached is not None:
        yield from cached
        return
    out = []
    for i in points_of(timeline):
        c = estimate(timeline.position(i), rollouts, rollout_seed(seed), i)
        out.append(c)
        yield c
    _remember(key, tuple(out))


def _cached(key: tuple[str, int, int]) -> tuple[Chance, ...] | None:
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    return None


def _remember(key: tuple[str, int, int], result: tuple[Chance, ...]) -> None:
    _CACHE[key] = result
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


def _run(
    timeline: Timeline,
    indices: list[int],
    rollouts: int,
    seed: int,
    executor: Executor | None,
    jobs: int | None,
    progress: bool | None,
) -> tuple[Chance, ...]:
    from ..sim.runner import _progress_bar, process_pool, processes_available

    bar = _progress_bar(progress, len(indices), "review")
    out: dict[int, Chance] = {}
    own = None
    try:
        if executor is None and jobs != 1 and processes_available() and len(indices) > 8:
            executor = own = process_pool(jobs)
        if executor is None:
            for i in indices:
                out[i] = estimate(timeline.position(i), rollouts, rollout_seed(seed), i)
                if bar is not None:
                    bar.update(1)
        else:
            _on_executor(executor, timeline, indices, rollouts, seed, bar, out)
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)
        if bar is not None:
            bar.close()
    return tuple(out[i] for i in indices)


def _on_executor(
    executor: Executor,
    timeline: Timeline,
    indices: list[int],
    rollouts: int,
    seed: int,
    bar: Any,
    out: dict[int, Chance],
) -> None:
    from concurrent.futures import as_completed

    size = max(1, math.ceil(len(indices) / 16))
    parts = [indices[k : k + size] for k in range(0, len(indices), size)]
    futures = {
        executor.submit(_chunk, [timeline.position(i) for i in part], part, rollouts, seed): part for part in parts
    }
    try:
        for fut in as_completed(futures):
            for c in fut.result():
                out[c.index] = c
            if bar is not None:
                bar.update(len(futures[fut]))
    except BaseException:
        for fut in futures:
            fut.cancel()
        raise


__all__: Sequence[str] = (
    "Chance",
    "ROLLOUT_STEPS",
    "Z",
    "chance_steps",
    "estimate",
    "points_of",
    "position_seed",
    "rollout_seed",
    "win_chances",
)
