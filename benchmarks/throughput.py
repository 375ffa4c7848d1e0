"""Throughput of the engines on one core: random vs random, games/s and steps/s; then games/s of
``tcgteach.sim.simulate`` with 1 and 2 worker processes.

    python benchmarks/throughput.py [--games 300] [--game darkmoon] [--pool-games 1500] [--no-pool]

A "step" is one decision: the agent reads ``legal_actions()`` of its view-free state and the
engine applies the chosen action with the checked ``apply`` (as a simulation would). Also prints
the unchecked figure, the cost of ``undo``, the import time of ``tcgteach`` and the stepper's
latency per Step click (board, log and graph refreshed).
Targets: >= 40,000 DARK MOON steps/s (issue #2); >= 20,000 Dragon Quest steps/s with default
options and the simulation turn cap of 200 (issue #3); ``import tcgteach`` <= 150 ms;
>= 1.8x games/s from 1 to 2 worker processes on a 2-core machine (issue #4). The worker figures
include starting the pool and are measured before the process pins itself to one core.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

POOL_GAMES = {"darkmoon": 1500, "dragonquest": 500}  # enough that starting the pool does not dominate


def _cpu_seconds() -> float:
    """CPU time of this process plus its finished children (the pool's workers, once shut down)."""
    try:
        import resource
    except ImportError:  # not on Windows: CPU figures then count this process only
        return time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def pool_run(name: str, games: int, workers: int, repeat: int = 3) -> tuple[float, float]:
    """(games/s, CPU ms per game) of ``tcgteach.sim.simulate`` on a fresh pool of ``workers`` processes
    (start-up included): best of ``repeat`` runs, since other load on the machine only slows a run down."""
    from tcgteach.sim import process_pool, simulate

    best, cpu = 0.0, float("inf")
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), _cpu_seconds()
        with process_pool(workers) as pool:
            simulate(name, games, executor=pool, progress=False)
        best = max(best, games / (time.perf_counter() - t0))
        cpu = min(cpu, (_cpu_seconds() - c0) / games * 1000)
    return best, cpu


def report_workers(names: list[str], games: int | None) -> None:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"-- tcgteach.sim.simulate, random vs random, 1 vs 2 worker processes, best of 3 "
        f"({cores} cores, load average {load:.2f} before: other work on the machine lowers the speed-up)"
    )
    for name in names:
        n = games or POOL_GAMES[name]
        one, cpu1 = pool_run(name, n, 1)
        two, cpu2 = pool_run(name, n, 2)
        print(
            f"{name:<12} {n:5d} games: 1 worker {one:7.1f} games/s   2 workers {two:7.1f} games/s   "
            f"speed-up {two / one:4.2f}x (target >= 1.8x)"
        )
        # what two idle cores would give: the same work spread over two processes, overhead included
        print(
            f"{'':<12} CPU per game: 1 worker {cpu1:6.2f} ms, 2 workers {cpu2:6.2f} ms "
            f"-> speed-up on two idle cores {2 * cpu1 / cpu2:4.2f}x"
        )


def pin_one_core() -> None:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        pass


SIM_OPTIONS = {"darkmoon": {}, "dragonquest": {"turn_limit": 200}}  # DQ-1.4: a turn cap for simulations


def random_games(name: str, games: int, checked: bool = True, seed0: int = 0) -> tuple[float, int, float]:
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    rng = random.Random(seed0)
    steps = 0
    t0 = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        s = game.new_state(seed=seed)
        apply = s.apply if checked else s.apply_unchecked
        while not s.is_terminal():
            legal = s.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            steps += 1
    dt = time.perf_counter() - t0
    return dt, steps, games / dt


def undo_cost(name: str, games: int = 50) -> float:
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    rng = random.Random(1)
    n = 0
    t0 = time.perf_counter()
    for seed in range(games):
        s = game.new_state(seed=seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.randrange(len(legal))])
            n += 1
        while s.can_undo():
            s.undo()
    return (time.perf_counter() - t0) / n * 1e6


def import_ms() -> float:
    code = "import time; t = time.perf_counter(); import tcgteach; print((time.perf_counter() - t) * 1000)"
    runs = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
        for _ in range(5)
    ]
    return statistics.median(runs)


def stepper_ms(name: str, steps: int = 200) -> float:
    from tcgteach.widgets import Stepper

    st = Stepper(name, seed=1, options=SIM_OPTIONS.get(name))
    times = []
    for _ in range(steps):
        if st.state.is_terminal():
            st.reset(st.seed + 1)
        t0 = time.perf_counter()
        st.step_button.click()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def coach_seconds(name: str, positions: int = 8) -> tuple[float, float]:
    """Wall time of CoachAgent.hint() at its default budget, over mid-game positions with a choice."""
    import tcgteach
    from tcgteach.agents.coach import CoachAgent

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    rng = random.Random(7)
    times = []
    for seed in range(positions):
        s = game.new_state(seed=seed)
        for _ in range(rng.randrange(5, 40)):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        while not s.is_terminal() and len(s.legal_actions()) < 2:
            s.apply(s.legal_actions()[0])
        if s.is_terminal():
            continue
        t0 = time.perf_counter()
        CoachAgent(seed=seed).hint(s.view(s.current_player))
        times.append(time.perf_counter() - t0)
    return statistics.median(times), max(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--game", default="all", help="darkmoon, dragonquest or all")
    ap.add_argument("--no-widgets", action="store_true")
    ap.add_argument(
        "--pool-games",
        type=int,
        default=None,
        help="games per worker-count run (default: 1500 DARK MOON, 500 Dragon Quest)",
    )
    ap.add_argument("--no-pool", action="store_true", help="skip the 1 vs 2 worker processes figures")
    args = ap.parse_args()
    names = ["darkmoon", "dragonquest"] if args.game == "all" else [args.game]
    if not args.no_pool:
        report_workers(names, args.pool_games)  # before pinning: the workers inherit the affinity
    pin_one_core()
    print(f"python {sys.version.split()[0]}, one core, random vs random, {args.games} games each")
    for name in names:
        print(f"-- {name} (options {SIM_OPTIONS.get(name) or 'default'})")
        random_games(name, 20, seed0=10_000)  # warm-up
        dt, steps, gps = random_games(name, args.games)
        print(f"checked apply:   {gps:8.1f} games/s  {steps / dt:9.0f} steps/s  ({steps / args.games:.1f} steps/game)")
        dt, steps, gps = random_games(name, args.games, checked=False)
        print(f"unchecked apply: {gps:8.1f} games/s  {steps / dt:9.0f} steps/s")
        print(f"apply+undo:      {undo_cost(name):8.1f} us per action (apply, then undo back to the start)")
        if not args.no_widgets:
            print(f"stepper Step:    {stepper_ms(name):8.2f} ms median per click (board, log, graph refreshed)")
    print(f"import tcgteach: {import_ms():8.1f} ms (median of 5 fresh interpreters)")
    for name in names:
        median, worst = coach_seconds(name)
        print(
            f"coach hint ({name}): median {median:.2f} s, max {worst:.2f} s at the default 0.5 s budget "
            "(target: under 1 s)"
        )


if __name__ == "__main__":
    main()
