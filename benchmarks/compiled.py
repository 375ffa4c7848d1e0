"""The compiled engine against the pure-Python one (issue #14, item 3): random play, decisions per CPU second.

    bash run.sh fast                                   # builds the compiled engine into .venv-fast first
    .venv/bin/python benchmarks/compiled.py [--repeats 7] [--fast-python .venv-fast/bin/python]

Three worker processes pinned to the same core: the pure-Python package from this checkout (run by this
script's interpreter), the compiled build installed in ``--fast-python`` (checked: its modules are .so files),
and RLCard's UNO (``rlcard==1.2.0``, ``env.run`` with its random agents) in this interpreter when rlcard is
importable. The same random-play loop as benchmarks/throughput.py (``legal_actions`` then the checked
``apply``, DARK MOON default options, Dragon Quest with the simulation turn cap of 200) runs in interleaved
batches, timed in CPU seconds (``time.process_time``); the figures are medians of ``--repeats`` batches.
Prints compiled/pure and each build as a multiple of UNO.
Targets with the compiled build: DARK MOON >= 8x UNO, Dragon Quest >= 8x UNO (issue #26; it was 4x in issue #14).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIM_OPTIONS: dict[str, dict[str, int]] = {"darkmoon": {}, "dragonquest": {"turn_limit": 200}}
#: games per batch (a few tenths of a CPU second each in pure Python)
BATCH = {"uno": 200, "darkmoon": 150, "dragonquest": 60}
TARGET = {"darkmoon": 8.0, "dragonquest": 8.0}


def pin_one_core() -> None:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        pass


def random_play(name: str, games: int) -> dict[str, float]:
    import tcgteach

    game = tcgteach.game(name, SIM_OPTIONS[name])
    rng = random.Random(0)
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        s = game.new_state(seed=seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return {"cpu": time.process_time() - t0, "steps": steps}


def uno_play(games: int) -> dict[str, float]:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(0)  # RLCard's random agent draws from numpy's global generator
    before = env.timestep  # counts every decision (env.step) of the env's life
    t0 = time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return {"cpu": time.process_time() - t0, "steps": env.timestep - before}


def serve(build: str) -> None:
    """A worker: ``pure`` imports the checkout's tcgteach, ``compiled`` the installed one (which must be
    compiled); then one JSON task per line on stdin, one JSON line of figures back."""
    if build == "pure":
        sys.path.insert(0, str(ROOT))
    pin_one_core()
    if build != "uno":
        import tcgteach.core.state

        where = str(tcgteach.core.state.__file__)
        if (build == "compiled") != where.endswith(".so") and not where.endswith(".pyd"):
            raise SystemExit(f"the {build} worker imported tcgteach.core.state from {where}")
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        task = json.loads(line)
        out = uno_play(task["games"]) if task["game"] == "uno" else random_play(task["game"], task["games"])
        print(json.dumps(out), flush=True)


class Worker:
    def __init__(self, python: str, build: str) -> None:
        env = dict(os.environ, PYTHONSAFEPATH="1")  # the compiled worker must not see the checkout
        self.proc = subprocess.Popen(
            [python, str(Path(__file__).resolve()), "--serve", build],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd="/",
        )
        self.ask(None)

    def ask(self, task: dict[str, object] | None) -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if task is not None:
            self.proc.stdin.write(json.dumps(task) + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a worker ({self.proc.args}) stopped; see its error above")
        answer: dict[str, float] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--fast-python", default=str(ROOT / ".venv-fast" / "bin" / "python"))
    ap.add_argument("--serve", choices=["pure", "compiled", "uno"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.serve)
        return
    if not Path(args.fast_python).exists():
        raise SystemExit(f"no compiled build at {args.fast_python}: build it with `bash run.sh fast`")
    pin_one_core()  # the workers inherit the one core: they take turns on it
    workers = {"pure": Worker(sys.executable, "pure"), "compiled": Worker(args.fast_python, "compiled")}
    uno = importlib.util.find_spec("rlcard") is not None
    if uno:
        workers["uno"] = Worker(sys.executable, "uno")
    jobs = [("uno", "uno")] if uno else []
    jobs += [(build, name) for name in ("darkmoon", "dragonquest") for build in ("pure", "compiled")]
    for build, name in jobs:  # warm-up
        workers[build].ask({"game": name, "games": max(1, BATCH[name] // 10)})
    rates: dict[tuple[str, str], list[float]] = {job: [] for job in jobs}
    for _ in range(args.repeats):
        for build, name in jobs:
            out = workers[build].ask({"game": name, "games": BATCH[name]})
            rates[(build, name)].append(out["steps"] / out["cpu"])
    for w in workers.values():
        w.close()

    def med(job: tuple[str, str]) -> float:
        return statistics.median(rates[job])

    print(
        f"random play, decisions per CPU second, median of {args.repeats} interleaved batches on one core "
        f"(python {sys.version.split()[0]})"
    )
    if uno:
        print(f"{'UNO (RLCard 1.2.0)':<20} {med(('uno', 'uno')):9.0f} decisions/s")
    else:
        print("rlcard not installed: no UNO anchor (pip install rlcard==1.2.0)")
    for name in ("darkmoon", "dragonquest"):
        pure, fast = med(("pure", name)), med(("compiled", name))
        line = f"{name:<12} pure {pure:9.0f}/s   compiled {fast:9.0f}/s   compiled/pure {fast / pure:4.2f}x"
        if uno:
            u = med(("uno", "uno"))
            line += f"   pure {pure / u:5.2f}x UNO   compiled {fast / u:5.2f}x UNO (target >= {TARGET[name]:g}x)"
        print(line)


if __name__ == "__main__":
    main()
