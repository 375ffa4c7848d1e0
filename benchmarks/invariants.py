"""The engine's invariants over many random games (issue 22, item 8): 100,000 by default, both games.

    python benchmarks/invariants.py [--games 100000] [--workers N] [--every-step] [--game darkmoon]

Runs the conformance checker of the test suite (tests/conformance.py) with its ``invariants`` profile: at
every step the legal actions (a non-empty tuple of distinct actions, the same after apply + undo, each
parsing back from its text), apply + undo restoring the state, every card in exactly one zone, the node a
node of the flow graph; at the end the trail along flow-graph edges; and in one game of a hundred the
sampled checks (clones, views, stale actions, JSON round trips; replays in one of a thousand).
``--sampled`` runs the test suite's profile, ``--every-step`` every check at every step
over ``--games`` seeded games of each game, spread over worker processes, and prints what it checked
and how fast: games, decisions, checks of each kind, the longest game, games per second and decisions
per second, and the ratio to an anchor measured in the same run (bare random playouts of the same
games, no checks: the checks' cost). Any violation stops the run and names the game to replay it:
``Checker(name).play(index)``. With the compiled engine: ``bash run.sh fast benchmarks/invariants.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import conformance  # noqa: E402  (tests/conformance.py)
import tcgteach  # noqa: E402


def bare_playouts(name: str, games: int) -> tuple[float, int]:
    """The anchor: the same kind of random games with no checks at all (seconds, decisions)."""
    game = tcgteach.game(name)
    steps = 0
    t0 = time.perf_counter()
    for i in range(games):
        rng = random.Random(i)
        s = game.new_state(seed=i)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
    return time.perf_counter() - t0, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100_000, help="games of each game (default 100,000)")
    ap.add_argument("--workers", type=int, default=None, help="worker processes (default: the CPU count)")
    ap.add_argument("--every-step", action="store_true", help="the slower profile: every check at every step")
    ap.add_argument("--sampled", action="store_true", help="the test suite's profile (the default is 'invariants')")
    ap.add_argument("--game", choices=["darkmoon", "dragonquest"], action="append", help="only this game")
    args = ap.parse_args()
    names = args.game or ["darkmoon", "dragonquest"]
    profile = "every-step" if args.every_step else "sampled" if args.sampled else "invariants"
    import tcgteach.core.state as kernel

    compiled = not kernel.__file__.endswith(".py")  # a compiled module is an extension (.so)
    print(
        f"tcgteach {tcgteach.__version__} ({'compiled' if compiled else 'pure Python'}), profile {profile}, "
        f"{args.workers or os.cpu_count()} workers, {args.games:,} games each"
    )
    for name in names:
        anchor_games = max(20, min(500, args.games // 200))
        anchor_s, anchor_steps = bare_playouts(name, anchor_games)
        anchor_rate = anchor_steps / anchor_s
        t0 = time.perf_counter()
        rep = conformance.run(name, args.games, workers=args.workers, profile=profile)
        seconds = time.perf_counter() - t0
        workers = args.workers or min(os.cpu_count() or 1, 8)
        rate = rep.steps / seconds
        print(rep.summary())
        print(
            f"  {name}: {rep.games:,} games, {rep.steps:,} decisions in {seconds:,.1f} s: {rep.games / seconds:,.1f} "
            f"games/s, {rate:,.0f} decisions/s on {workers} workers; bare playouts (anchor, one process) "
            f"{anchor_rate:,.0f} decisions/s: checked play is {anchor_rate * workers / rate:.1f}x slower per worker"
        )
        assert rep.terminal == rep.games, "a game did not end"
        missing = rep.flow_edges - rep.edges_traversed
        print(
            f"  every game ended; flow edges traversed {len(rep.edges_traversed)}/{len(rep.flow_edges)}"
            + (f" (never: {sorted(missing)})" if missing else "")
            + "; 0 violations"
        )


if __name__ == "__main__":
    main()
