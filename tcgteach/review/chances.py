"""Each seat's chance to win at each decision of a game: the coach's estimate, with its uncertainty.

At a position the estimate is what the coach's rollouts say from the view of the seat to decide: ``rollouts``
times, the cards that seat cannot see are dealt at random (``core.determinize``) and the game is played on to
its end by the rule-of-thumb player on every side; a seat scores 1 for a win, 0.5 for a draw, 0 otherwise (a
rollout cut off after ``ROLLOUT_STEPS`` scores the game's position estimate). The band is the 95% Wilson range
of that score. A finished game's last point is its result, exactly.

    points = win_chances(Timeline(state), rollouts=24)     # one ``Chance`` per decision, and the end
    points[-1].mean                                         # (1.0, 0.0): seat 0 won

Every position is seeded by (seed, its index): the figures are the same on one process or a pool of them
(``executor``: any ``concurrent.futures.Executor``, as ``tcgteach.sim.simulate`` takes), and a game is worked out
once per (record, rollouts, seed) in this process (``CACHE_SIZE`` games kept).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import OrderedDict
from collections.abc import Sequence
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
    view = position.view(decider if decider is not None else 0)
    rng = random.Random(seed)
    agent = HeuristicAgent(rng.getrandbits(32))
    act = _fast_act(agent)
    sums = [0.0] * n_seats
    for _ in range(rollouts):
        s = determinize(view, rng)
        agent.rng.seed(rng.getrandbits(32))
        for seat, v in enumerate(play_on(s, act)):
            sums[seat] += v
    mean = tuple(x / rollouts for x in sums)
    bands = [wilson(x, rollouts, Z) for x in sums]  # the coach's own interval (agents.hints)
    return Chance(index, position.turn, decider, mean, tuple(b[0] for b in bands), tuple(b[1] for b in bands), rollouts)


def _chunk(positions: list[State], indices: list[int], rollouts: int, seed: int) -> list[Chance]:
    """A worker's share: the estimates of some positions (module level: it travels to a process pool)."""
    return [estimate(p, rollouts, position_seed(seed, i), i) for p, i in zip(positions, indices, strict=True)]


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
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    indices = points_of(timeline)
    result = _run(timeline, indices, rollouts, seed, executor, jobs, progress)
    _CACHE[key] = result
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


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
                out[i] = estimate(timeline.position(i), rollouts, position_seed(seed, i), i)
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


__all__: Sequence[str] = ("Chance", "ROLLOUT_STEPS", "Z", "estimate", "points_of", "position_seed", "win_chances")
