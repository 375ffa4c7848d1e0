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

First of all it prints the anchored figures (issue #14), each a ratio measured in this one run:
RLCard's UNO (``rlcard==1.2.0``: ``env.run`` with its random agents) is the anchor, and the games'
random play is given in decisions/s as a multiple of UNO's; heuristic against heuristic in
games/s; and the cost of ``state.view(p)`` in a short and a long heuristic game. Every contestant
runs in a worker process pinned to the same core, the batches interleaved, timed in CPU seconds
(``time.process_time``), medians of ``--repeats``. ``--baseline PATH`` measures the checkout at PATH
(e.g. ``git worktree add /tmp/base main``) beside this one, so "x today's" is measured too.
Targets (issue #14): DARK MOON >= 4x UNO and Dragon Quest >= 2.5x UNO in pure Python; heuristic
games/s >= 2x the baseline's; the view cost not growing with the length of the game. ``play_game`` is
random against random through the simulator's loop (``Session.play_out``, issue 23): against a
baseline from before a refactoring it must stay within noise (about 1.00x).

    python benchmarks/throughput.py --anchored-only [--baseline PATH] [--repeats 7]
"""

from __future__ import annotations

import argparse
import json
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


# -- the anchored figures (issue #14): worker processes, interleaved batches, CPU time, medians ----------------
#: (game, task) -> games per batch: each batch takes a few tenths of a CPU second
BATCH = {
    ("uno", "random"): 200,
    ("darkmoon", "random"): 150,
    ("dragonquest", "random"): 60,
    ("darkmoon", "heuristic"): 40,
    ("dragonquest", "heuristic"): 30,
    ("darkmoon", "simulate"): 150,
    ("dragonquest", "simulate"): 60,
}
VIEW_SEEDS = 40  # the shortest and the longest heuristic game of these seeds are timed view by view


def _task_random(name: str, games: int) -> dict[str, float]:
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    rng = random.Random(0)
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        s = game.new_state(seed=seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return {"cpu": time.process_time() - t0, "steps": steps, "games": games}


def _task_simulate(name: str, games: int) -> dict[str, float]:
    """Random against random through ``tcgteach.sim.play_game``: the simulator's own loop (``Session.play_out``
    since issue 23), with its records, in one process."""
    import tcgteach
    from tcgteach.sim import play_game

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        steps += play_game(game, seed, ["random"] * 2)["decisions"]
    return {"cpu": time.process_time() - t0, "steps": steps, "games": games}


def _task_uno(games: int) -> dict[str, float]:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(0)  # RLCard's random agent draws from numpy's global generator
    t0 = time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return {"cpu": time.process_time() - t0, "steps": env.timestep, "games": games}


def _heuristic_game(game: object, seed: int, on_view: object = None) -> int:
    from tcgteach.agents.heuristic import HeuristicAgent

    s = game.new_state(seed=seed)  # type: ignore[attr-defined]
    agents = [HeuristicAgent(seed * 1000 + i) for i in range(s.num_players)]
    steps = 0
    while not s.is_terminal():
        p = s.current_player
        if on_view is not None:
            on_view(s, p)  # type: ignore[operator]
        s.apply(agents[p].act(s.view(p)))
        steps += 1
    return steps


def _task_heuristic(name: str, games: int) -> dict[str, float]:
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        steps += _heuristic_game(game, seed)
    return {"cpu": time.process_time() - t0, "steps": steps, "games": games}


def _task_views(name: str, seed: int, per: int = 5) -> dict[str, float]:
    """CPU microseconds per ``state.view(p)`` over every decision of one heuristic game (each view taken
    ``per`` times), and over the last quarter of its decisions."""
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    costs: list[float] = []

    def on_view(s: object, p: int) -> None:
        view = s.view  # type: ignore[attr-defined]
        s.legal_actions()  # type: ignore[attr-defined]  # worked out for apply anyway (a view may share them)
        t0 = time.process_time()
        for _ in range(per):
            view(p)
        costs.append((time.process_time() - t0) / per * 1e6)

    steps = _heuristic_game(game, seed, on_view)
    late = costs[len(costs) * 3 // 4 :]
    return {"us": sum(costs) / len(costs), "late_us": sum(late) / len(late), "steps": steps}


def _task_lengths(name: str, seeds: int) -> dict[str, float]:
    """The seeds of the shortest and the longest of ``seeds`` heuristic games (decisions)."""
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS.get(name))
    lengths = [(_heuristic_game(game, seed), seed) for seed in range(seeds)]
    return {"short": min(lengths)[1], "long": max(lengths)[1]}


def serve(checkout: str) -> None:
    """The worker: imports ``tcgteach`` from ``checkout``, pins itself to one core, then answers one JSON
    task per line on stdin with one JSON line of figures."""
    sys.path.insert(0, checkout)
    pin_one_core()
    import tcgteach

    assert os.path.dirname(os.path.dirname(os.path.abspath(tcgteach.__file__))) == os.path.abspath(checkout)
    for line in sys.stdin:
        task = json.loads(line)
        kind, name = task["task"], task["game"]
        if kind == "uno":
            out = _task_uno(task["games"])
        elif kind == "random":
            out = _task_random(name, task["games"])
        elif kind == "heuristic":
            out = _task_heuristic(name, task["games"])
        elif kind == "simulate":
            out = _task_simulate(name, task["games"])
        elif kind == "views":
            out = _task_views(name, task["seed"])
        else:
            out = _task_lengths(name, task["seeds"])
        print(json.dumps(out), flush=True)


#: per job (checkout, game, kind): (decisions/s, games/s) of each batch
Rates = dict[tuple[str, str, str], list[tuple[float, float]]]


class Worker:
    """A ``serve`` process for one checkout."""

    def __init__(self, checkout: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--serve", checkout],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, **task: object) -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(task) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise SystemExit(f"benchmark worker failed on {task}")
        result: dict[str, float] = json.loads(answer)
        return result

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def have_rlcard() -> bool:
    import importlib.util

    return importlib.util.find_spec("rlcard") is not None


def _measure(workers: dict[str, Worker], jobs: list[tuple[str, str, str]], repeats: int) -> Rates:
    """Each job's (decisions/s, games/s) per repeat: a warm-up batch each, then ``repeats`` rounds of every job,
    interleaved (each batch in turn first)."""
    rates: Rates = {job: [] for job in jobs}
    for label, name, kind in jobs:  # warm-up: imports, caches, the first games
        task = "uno" if name == "uno" else kind
        workers[label].ask(task=task, game=name, games=max(2, BATCH[(name, kind)] // 10))
    for r in range(repeats):
        order = jobs[r % len(jobs) :] + jobs[: r % len(jobs)]
        for label, name, kind in order:
            task = "uno" if name == "uno" else kind
            out = workers[label].ask(task=task, game=name, games=BATCH[(name, kind)])
            rates[(label, name, kind)].append((out["steps"] / out["cpu"], out["games"] / out["cpu"]))
    return rates


def _print_game(name: str, labels: list[str], rates: Rates, uno: bool, baseline: bool) -> None:
    """One game's lines of the anchored table: random, heuristic and play_game per checkout, then the ratios
    to the baseline."""

    def med(job: tuple[str, str, str], k: int) -> float:
        return statistics.median(x[k] for x in rates[job])

    target = {"darkmoon": 4.0, "dragonquest": 2.5}
    for label in labels:
        tag = f"{name} ({'this checkout' if label == 'now' else 'baseline'})"
        for kind, word in (("random", "random    "), ("heuristic", "heuristic "), ("simulate", "play_game ")):
            job = (label, name, kind)
            ratio = f"  = {med(job, 0) / med(('uno', 'uno', 'random'), 0):4.2f}x UNO" if uno else ""
            goal = f" (target >= {target.get(name, 0)}x)" if uno and label == "now" and kind == "random" else ""
            print(f"{tag:<32} {word} {med(job, 0):9.0f} decisions/s {med(job, 1):8.1f} games/s{ratio}{goal}")
    if baseline:
        h, rnd, sim = (
            med(("now", name, k), 1) / med(("base", name, k), 1) for k in ("heuristic", "random", "simulate")
        )
        print(f"{name:<32} vs baseline: random {rnd:4.2f}x, heuristic {h:4.2f}x, play_game {sim:4.2f}x")


def _print_views(names: list[str], workers: dict[str, Worker]) -> None:
    """The cost of ``state.view(p)`` over a short and a long heuristic game of each game."""
    print("-- state.view(p): CPU us per view, mean over a whole heuristic game (and over its last quarter)")
    for name in names:
        seeds = workers["now"].ask(task="lengths", game=name, seeds=VIEW_SEEDS)
        for which in ("short", "long"):
            for label, worker in [(k, w) for k, w in workers.items() if k != "uno"]:
                runs = [worker.ask(task="views", game=name, seed=int(seeds[which])) for _ in range(3)]
                us = statistics.median(x["us"] for x in runs)
                late = statistics.median(x["late_us"] for x in runs)
                tag = "this checkout" if label == "now" else "baseline"
                print(
                    f"{name:<12} {which:<5} game (seed {int(seeds[which]):2d}, {int(runs[0]['steps']):3d} decisions) "
                    f"{tag:<13}: {us:6.1f} us per view, last quarter {late:6.1f} us"
                )


def report_anchored(names: list[str], repeats: int, baseline: str | None) -> None:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    workers = {"now": Worker(here)}
    if baseline:
        workers["base"] = Worker(baseline)
    uno = have_rlcard()
    # UNO in a process of its own: its garbage would slow down the games measured in the same process
    jobs: list[tuple[str, str, str]] = [("uno", "uno", "random")] if uno else []
    if uno:
        workers["uno"] = Worker(here)
    labels = ["now", "base"] if baseline else ["now"]
    for name in names:
        for label in labels:
            jobs += [(label, name, "random"), (label, name, "heuristic"), (label, name, "simulate")]
    rates = _measure(workers, jobs, repeats)
    print(
        f"-- anchored figures: one core, CPU time, medians of {repeats} interleaved batches "
        f"(python {sys.version.split()[0]})"
    )
    if uno:
        dps = statistics.median(x[0] for x in rates[("uno", "uno", "random")])
        gps = statistics.median(x[1] for x in rates[("uno", "uno", "random")])
        print(f"{'UNO (RLCard 1.2.0)':<24} random     {dps:9.0f} decisions/s {gps:8.1f} games/s")
    else:
        print("rlcard not installed: no UNO anchor (pip install rlcard==1.2.0)")
    for name in names:
        _print_game(name, labels, rates, uno, bool(baseline))
    _print_views(names, workers)
    for worker in workers.values():
        worker.close()


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
    ap.add_argument("--repeats", type=int, default=7, help="interleaved batches of the anchored figures")
    ap.add_argument("--baseline", default=None, help="another checkout measured beside this one (anchored figures)")
    ap.add_argument("--anchored-only", action="store_true", help="print the anchored figures only")
    ap.add_argument("--no-anchored", action="store_true", help="skip the anchored figures")
    ap.add_argument("--serve", default=None, help=argparse.SUPPRESS)  # the anchored figures' worker
    args = ap.parse_args()
    if args.serve:
        serve(args.serve)
        return
    names = ["darkmoon", "dragonquest"] if args.game == "all" else [args.game]
    if not args.no_anchored:
        report_anchored(names, args.repeats, args.baseline)
        if args.anchored_only:
            return
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
