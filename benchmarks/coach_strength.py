"""How strong is the coach? Games of the coach against another agent, seats alternating.

    python benchmarks/coach_strength.py --game darkmoon --opponent heuristic --games 20 --iterations 200

Prints the coach's wins, draws and losses with a 95% Wilson interval, and its decision time.
(Issue #4 asks that the coach beat the heuristic player in a measured majority of games.)
"""
from __future__ import annotations

import argparse
import math
import statistics
import time

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.agents.coach import CoachAgent


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="darkmoon")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=200, help="search iterations per decision (0: use --seconds)")
    ap.add_argument("--seconds", type=float, default=0.5)
    args = ap.parse_args()
    game = tcgteach.game(args.game, {"turn_limit": 200} if args.game == "dragonquest" else None)
    wins = draws = 0
    times: list[float] = []
    for i in range(args.games):
        s = game.new_state(seed=5000 + i)
        seat = i % 2
        coach = CoachAgent(seed=i, time_budget=None if args.iterations else args.seconds,
                           iterations=args.iterations or None)
        agents = {seat: coach, 1 - seat: make_agent(args.opponent, i)}
        while not s.is_terminal():
            p = s.current_player
            t0 = time.perf_counter()
            a = agents[p].act(s.view(p))
            if p == seat and len(s.legal_actions()) > 1:
                times.append(time.perf_counter() - t0)
            s.apply(a)
        w = s.result().winners
        wins += len(w) == 1 and w[0] == seat
        draws += len(w) != 1
        print(f"game {i + 1}: coach (P{seat + 1}) {'won' if len(w) == 1 and w[0] == seat else 'drew' if len(w) != 1 else 'lost'}",
              flush=True)
    lo, hi = wilson(wins, args.games)
    print(f"{args.game}: coach vs {args.opponent}: {wins} wins, {draws} draws, {args.games - wins - draws} losses "
          f"of {args.games} ({wins / args.games:.0%}, 95% CI {lo:.0%}-{hi:.0%})")
    if times:
        print(f"coach decision time: median {statistics.median(times):.3f} s, max {max(times):.3f} s "
              f"over {len(times)} decisions with a choice")


if __name__ == "__main__":
    main()
