"""How strong is the coach? Games of the coach against another agent, seats alternating.

    python benchmarks/coach_strength.py --game darkmoon --opponent heuristic --games 40 --iterations 100 --jobs 2

Prints the coach's wins, draws and losses with a 95% Wilson interval, and its decision time.
(Issue #4 asks that the coach beat the heuristic player in a measured majority of games.)
``--iterations 0`` plays with the time budget ``--seconds`` instead (results then depend on the machine).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.agents.coach import CoachAgent
from tcgteach.sim.stats import wilson_interval


def one_game(args: argparse.Namespace, i: int) -> tuple[str, list[float]]:
    game = tcgteach.game(args.game, {"turn_limit": 200} if args.game == "dragonquest" else None)
    s = game.new_state(seed=5000 + i)
    seat = i % 2
    coach = CoachAgent(
        seed=i,
        time_budget=None if args.iterations else args.seconds,
        iterations=args.iterations or None,
        search=args.search,
    )
    agents = {seat: coach, 1 - seat: make_agent(args.opponent, i)}
    times: list[float] = []
    while not s.is_terminal():
        p = s.current_player
        t0 = time.perf_counter()
        a = agents[p].act(s.view(p))
        if p == seat and len(s.legal_actions()) > 1:
            times.append(time.perf_counter() - t0)
        s.apply(a)
    w = list(s.result().winners)
    return ("won" if w == [seat] else "drew" if len(w) != 1 else "lost"), times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="darkmoon")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=100, help="rollouts per decision (0: use --seconds)")
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--search", default="guided", choices=("guided", "tree"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one_game, [args] * args.games, range(args.games)))
    outcomes = [r for r, _ in results]
    times = [t for _, ts in results for t in ts]
    for i, r in enumerate(outcomes):
        print(f"game {i + 1}: coach (P{i % 2 + 1}) {r}")
    wins, draws = outcomes.count("won"), outcomes.count("drew")
    lo, hi = wilson_interval(wins, args.games) or (0.0, 1.0)
    budget = f"{args.iterations} rollouts" if args.iterations else f"{args.seconds} s"
    print(
        f"{args.game}: coach ({args.search}, {budget}) vs {args.opponent}: {wins} wins, {draws} draws, "
        f"{args.games - wins - draws} losses of {args.games} "
        f"({wins / args.games:.0%} wins, 95% CI {lo:.0%}-{hi:.0%})"
    )
    if times:
        print(
            f"coach decision time: median {statistics.median(times):.3f} s, max {max(times):.3f} s "
            f"over {len(times)} decisions with a choice; {time.perf_counter() - start:.0f} s in all"
        )


if __name__ == "__main__":
    main()
