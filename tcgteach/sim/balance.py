"""Are the starter decks fair against each other? Every pairing of two different decks, seats alternating.

>>> from tcgteach.sim.balance import deck_balance, format_balance
>>> print(format_balance(deck_balance("darkmoon", 200, jobs=2)))   # doctest: +SKIP

A pairing of decks A and B plays ``games`` games on the seeds ``seed_start ...``: A sits in seat 0 in
the games of even seeds and in seat 1 in those of odd seeds, so neither deck has the seat more often
(who goes first is still drawn from the seed, DM-3.3 / DQ-2). Each deck's win rate is its wins over all
the games of the pairing, with a Wilson interval; draws (shared wins, turn-limit draws) and capped
games are counted apart, so the two win rates and the draw rate add up to 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from itertools import combinations
from typing import Any

from .runner import process_pool, processes_available, resolve_game, simulate
from .stats import wilson_interval


def pairing(
    game: Any,
    a: Any,
    b: Any,
    games: int,
    agents: tuple[Any, Any] = ("heuristic", "heuristic"),
    jobs: int | None = None,
    executor: Executor | None = None,
    seed_start: int = 0,
    options: Any = None,
) -> dict[str, Any]:
    """Wins of deck ``a`` and deck ``b`` (names or card lists), draws and capped games over ``games``
    games with seats alternating. ``agents`` are per seat (the same agent on both sides by default)."""
    seeds = range(seed_start, seed_start + games)
    even, odd = [s for s in seeds if s % 2 == 0], [s for s in seeds if s % 2 == 1]
    kw: dict[str, Any] = {"agents": agents, "options": options, "jobs": jobs, "executor": executor, "progress": False}
    recs = [(r, 0) for r in simulate(game, seeds=even, decks=[a, b], **kw)] if even else []
    recs += [(r, 1) for r in simulate(game, seeds=odd, decks=[b, a], **kw)] if odd else []
    wins_a = sum(1 for r, seat_a in recs if not r["capped"] and r["winner"] == seat_a)
    wins_b = sum(1 for r, seat_a in recs if not r["capped"] and r["winner"] == 1 - seat_a)
    capped = sum(1 for r, _ in recs if r["capped"])
    n = len(recs)
    return {
        "a": a if isinstance(a, str) else "deck A",
        "b": b if isinstance(b, str) else "deck B",
        "games": n,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": n - wins_a - wins_b - capped,
        "capped": capped,
        "rate_a": wins_a / n if n else None,
        "rate_b": wins_b / n if n else None,
        "ci_a": wilson_interval(wins_a, n),
        "ci_b": wilson_interval(wins_b, n),
    }


def deck_balance(
    game: Any,
    games: int = 2000,
    decks: Sequence[str] | None = None,
    jobs: int | None = None,
    executor: Executor | None = None,
    seed_start: int = 0,
    agents: tuple[Any, Any] = ("heuristic", "heuristic"),
) -> list[dict[str, Any]]:
    """One ``pairing`` row per pair of different decks (the game's starter decks by default)."""
    g = resolve_game(game)
    names = list(decks) if decks is not None else g.starter_decks()
    own = None
    if executor is None and jobs != 1 and processes_available():
        own = executor = process_pool(jobs)  # one pool for every pairing (two runs each), not one a run
    try:
        return [
            pairing(g, a, b, games, agents=agents, jobs=jobs, executor=executor, seed_start=seed_start)
            for a, b in combinations(names, 2)
        ]
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


def _rate(rate: float | None, ci: tuple[float, float] | None) -> str:
    if rate is None or ci is None:
        return "-"
    return f"{rate:5.1%} ({ci[0]:5.1%}-{ci[1]:5.1%})"


def format_balance(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a text table: each deck's win rate with its 95% Wilson interval, then the draws."""
    w = max([len(f"{r['a']} vs {r['b']}") for r in rows] + [7])
    lines = [f"{'pairing':<{w}}  {'games':>5}  {'deck A wins (95% CI)':<23}  {'deck B wins (95% CI)':<23}  draws"]
    for r in rows:
        extra = f" ({r['capped']} capped)" if r["capped"] else ""
        lines.append(
            f"{r['a'] + ' vs ' + r['b']:<{w}}  {r['games']:>5}  {_rate(r['rate_a'], r['ci_a']):<23}  "
            f"{_rate(r['rate_b'], r['ci_b']):<23}  {r['draws']}{extra}"
        )
    return "\n".join(lines)
