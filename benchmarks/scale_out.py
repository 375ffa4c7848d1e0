"""Does the simulation scale out? (issue 14, item 6: 1 -> 2 worker processes >= 1.8x on an idle machine)

    python benchmarks/scale_out.py [--games 400] [--repeats 3]

Plays the same heuristic-v-heuristic games with ``simulate(jobs=1)`` (in this process) and
``simulate(jobs=2)`` (a pool of two worker processes), interleaved, and checks that the records are
identical. Printed per game, medians over the repeats:

* wall-clock speedup (1 process / 2 processes), with the load average next to it: on a shared
  machine the two workers do not get two whole cores, so this is a lower bound;
* CPU-normalised speedup = 2 x CPU(1 process) / CPU(2 processes: both workers and the parent), the
  speedup two idle cores would give if the workers share the games evenly (the chunks are small:
  about 32 per worker), i.e. what is lost to pickling, starting the pool and collecting records;
* the cores the run actually got (CPU / wall) in both modes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from tcgteach.sim import simulate


def cpu_all() -> float:
    """CPU seconds of this process and of its children that have ended (the pool's workers, once joined)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + ch.ru_utime + ch.ru_stime


def run(name: str, games: int, jobs: int) -> tuple[float, float, list[dict]]:
    c0, t0 = cpu_all(), time.perf_counter()
    recs = simulate(name, games, agents=("heuristic", "heuristic"), jobs=jobs, progress=False)
    return time.perf_counter() - t0, cpu_all() - c0, recs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    print(f"{args.games} heuristic games per run, {args.repeats} interleaved repeats; cores: {os.cpu_count()}")
    for name in ("darkmoon", "dragonquest"):
        w1, c1, w2, c2 = [], [], [], []
        loads = []
        for _ in range(args.repeats):
            loads.append(os.getloadavg()[0])
            wall, cpu, one = run(name, args.games, 1)
            w1.append(wall)
            c1.append(cpu)
            wall, cpu, two = run(name, args.games, 2)
            w2.append(wall)
            c2.append(cpu)
            assert one == two, "records differ between 1 and 2 processes"
        wall_x = statistics.median(a / b for a, b in zip(w1, w2, strict=True))
        cpu_x = statistics.median(2 * a / b for a, b in zip(c1, c2, strict=True))
        print(
            f"{name:<12} wall speedup 1->2 processes {wall_x:.2f}x (load average {statistics.median(loads):.2f} "
            f"on {os.cpu_count()} cores);  CPU-normalised {cpu_x:.2f}x;  cores used: 1 process "
            f"{statistics.median(c / w for c, w in zip(c1, w1, strict=True)):.2f}, 2 processes "
            f"{statistics.median(c / w for c, w in zip(c2, w2, strict=True)):.2f};  records identical"
        )
    print("load average now:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
