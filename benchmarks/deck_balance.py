"""Are the starter decks fair? Every pairing of two different starter decks, heuristic vs heuristic.

    python benchmarks/deck_balance.py [--games 2000] [--game darkmoon] [--jobs 2]

Each pairing plays ``--games`` games on the seeds 0, 1, ...: the first deck sits in seat 0 in the
games of even seeds and in seat 1 in the odd ones (who goes first is still drawn from the seed).
Prints each deck's win rate with its 95% Wilson interval, and the draws apart (a DARK MOON tie, a
Dragon Quest turn-limit draw). Target (issue 12 item 6): every win rate within 40-60% over at least
2,000 games per pairing. Dragon Quest plays with the simulation turn cap of 200 (DQ-1.4).
"""

from __future__ import annotations

import argparse
import time

from tcgteach.sim import process_pool
from tcgteach.sim.balance import deck_balance, format_balance


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000, help="games per pairing")
    ap.add_argument("--game", default="all", help="darkmoon, dragonquest or all")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (1: play in this process)")
    args = ap.parse_args()
    names = ["darkmoon", "dragonquest"] if args.game == "all" else [args.game]
    pool = process_pool(args.jobs) if args.jobs > 1 else None
    try:
        for name in names:
            t0 = time.perf_counter()
            rows = deck_balance(name, args.games, jobs=1 if pool is None else None, executor=pool)
            print(f"-- {name}: heuristic vs heuristic, seats alternating, {args.games} games per pairing")
            print(format_balance(rows))
            off = [
                f"{r[k]} {r['rate_' + s]:.1%}"
                for r in rows
                for k, s in (("a", "a"), ("b", "b"))
                if not 0.40 <= r["rate_" + s] <= 0.60
            ]
            print(f"outside 40-60%: {', '.join(off) if off else 'none'}   ({time.perf_counter() - t0:.0f} s)")
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
