"""How long a whole game's review takes (issue 24, item 2: a two-player game of about 200 decisions in at most
30 s with the pure package): the win chances at every decision and both seats' decisive moments.

    python benchmarks/review_budget.py [--rollouts 24] [--jobs 1] [--decisions 200]

It plays one game of each built-in game (random against the rule-of-thumb player, seeds from 1 up until a game
has at least ``--decisions`` decisions, or the longest of 40 seeds) and prints the decisions, the positions
estimated, the seconds for the chances and for the moments, and the total against the 30 s budget. Wall-clock
seconds on a shared machine: run it when the machine is quiet, and read the figures with that in mind.

Measured on 2026-12-03 on a quiet machine, 24 rollouts (the default of ``Review``, the widget and the CLI):
Dragon Quest 242 decisions 23.0 s pure, 11.8 s compiled (``.venv-fast/bin/python``); DARK MOON 137 decisions
6.6 s pure, 3.1 s compiled. With 32 rollouts the Dragon Quest game took 35.1 s pure: over the budget, hence 24.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import tcgteach
from tcgteach.agents import HeuristicAgent, RandomAgent
from tcgteach.review import Review

BUDGET = 30.0


def long_game(name: str, decisions: int) -> tuple[int, Any]:
    best: tuple[int, Any] | None = None
    for seed in range(1, 41):
        s = tcgteach.game(name).new_state(seed=seed)
        agents = [RandomAgent(seed), HeuristicAgent(seed)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s.apply(agents[p].act(s.view(p)))
        n = len(s.history)
        if best is None or n > best[0]:
            best = (n, s)
        if n >= decisions:
            break
    assert best is not None
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rollouts", type=int, default=24)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--decisions", type=int, default=200)
    args = ap.parse_args()
    for name in ("darkmoon", "dragonquest"):
        _, state = long_game(name, args.decisions)
        start = time.perf_counter()
        review = Review(state, rollouts=args.rollouts, jobs=args.jobs, progress=False)
        decisions = len(review.timeline.decisions())
        points = review.chances()
        mid = time.perf_counter()
        for seat in review.seats:
            review.moments(seat, "en")
        end = time.perf_counter()
        total = end - start
        print(
            f"{name:12s} {len(review.timeline):4d} moves, {decisions:4d} decisions, {len(points):4d} positions: "
            f"chances {mid - start:5.1f} s, moments {end - mid:5.1f} s, total {total:5.1f} s "
            f"({'within' if total <= BUDGET else 'OVER'} the {BUDGET:.0f} s budget; rollouts {args.rollouts}, "
            f"jobs {args.jobs})"
        )


if __name__ == "__main__":
    main()
