"""Does the coach keep its time budget? (issue 14, item 5: a hint at time_budget=0.5 returns in <= 0.5 s)

    python benchmarks/coach_budget.py [--positions 30] [--budget 0.5]

For each game, positions are taken from seeded heuristic-v-heuristic games (every 7th decision with
at least two legal actions); at each one ``CoachAgent(time_budget=B).hint(view, lang)`` is timed by
the wall clock around the whole call: the search, the reasons (``Game.explain_choice``), the sentence
and the labels of the alternatives. Languages alternate. Printed per game: p50 / p95 / max wall time
of a hint, how many hints went over the budget, and the rollouts per hint (p50 and mean).

The machine is shared, so the rollouts are also given against an anchor measured in the same run:
RLCard's UNO, random v random, games per CPU second (when rlcard is installed), interleaved with
the hints: "rollouts per UNO game" = (rollouts per CPU second) / (UNO games per CPU second), the
rollout speed whatever share of a core the process gets. On a busy machine the hints get a fraction
of a core, so the rollouts per hint fall and the wall-clock budget is harder to keep.
"""

from __future__ import annotations

import argparse
import statistics
import time

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.agents.coach import CoachAgent
from tcgteach.sim import resolve_game


def positions(name: str, count: int) -> list[tuple[object, int]]:
    game = resolve_game(name)
    out: list[tuple[object, int]] = []
    seed = 0
    while len(out) < count:
        state = game.new_state(seed=seed)
        agents = [make_agent("heuristic", seed * 1000 + p) for p in range(state.num_players)]
        k = 0
        while not state.is_terminal() and len(out) < count:
            p = state.current_player
            if len(state.legal_actions()) > 1:
                k += 1
                if k % 7 == 3:
                    out.append((state.clone(), p))
            state.apply(agents[p].act(state.view(p)))
        seed += 1
    return out


def uno_anchor():
    """A function playing one random UNO game of RLCard, or None when rlcard is not installed."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def one() -> None:
        env.run(is_training=False)

    return one


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def fixed_work(args: argparse.Namespace) -> None:
    """CPU seconds per rollout at a fixed number of rollouts, interleaved with the UNO anchor."""
    uno = uno_anchor()
    if uno is None:
        print("rlcard not installed: no UNO anchor")
    print(f"tcgteach {tcgteach.__version__}; {args.iterations} rollouts per hint; {args.positions} positions per game")
    for name in ("darkmoon", "dragonquest"):
        pos = positions(name, args.positions)
        per: list[float] = []
        uno_cpu: list[float] = []
        for i, (state, p) in enumerate(pos):
            coach = CoachAgent(seed=i, time_budget=None, iterations=args.iterations)
            view = state.view(p)
            c0 = time.process_time()
            coach.hint(view, lang="ja" if i % 2 else "en")
            per.append((time.process_time() - c0) / args.iterations)
            if uno is not None:
                c = time.process_time()
                for _ in range(5):
                    uno()
                uno_cpu.append((time.process_time() - c) / 5)
        line = f"{name:<12} CPU per rollout: median {1000 * statistics.median(per):.3f} ms"
        if uno_cpu:
            line += f";  UNO game {1000 * statistics.median(uno_cpu):.3f} ms;  rollouts per UNO game " + (
                f"{statistics.median(uno_cpu) / statistics.median(per):.3f}"
            )
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=30, help="positions per game")
    ap.add_argument("--budget", type=float, default=0.5)
    ap.add_argument(
        "--iterations",
        type=int,
        default=0,
        help="instead: a fixed number of rollouts per hint (the same work in every run), CPU time per rollout",
    )
    args = ap.parse_args()
    if args.iterations:
        fixed_work(args)
        return
    uno = uno_anchor()
    uno_cpu: list[float] = []  # CPU seconds per UNO game, sampled between the hints
    print(f"tcgteach {tcgteach.__version__}; time_budget={args.budget}; {args.positions} positions per game")
    if uno is None:
        print("rlcard not installed: no UNO anchor")
    for name in ("darkmoon", "dragonquest"):
        pos = positions(name, args.positions)
        warm = CoachAgent(seed=0, time_budget=args.budget)
        warm.hint(pos[0][0].view(pos[0][1]))  # imports and first-use caches: not counted
        walls: list[float] = []
        rollouts: list[int] = []
        cpus: list[float] = []
        for i, (state, p) in enumerate(pos):
            coach = CoachAgent(seed=i, time_budget=args.budget)
            view = state.view(p)
            c0, t0 = time.process_time(), time.perf_counter()
            hint = coach.hint(view, lang="ja" if i % 2 else "en")
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            rollouts.append(hint.iterations)
            if uno is not None:
                c = time.process_time()
                for _ in range(5):
                    uno()
                uno_cpu.append((time.process_time() - c) / 5)
        over = sum(w > args.budget for w in walls)
        print(
            f"{name:<12} hint wall time: p50 {pct(walls, 0.5):.3f} s  p95 {pct(walls, 0.95):.3f} s  "
            f"max {max(walls):.3f} s  over {args.budget} s: {over}/{len(walls)};  "
            f"CPU share {sum(cpus) / sum(walls):.0%}"
        )
        rate = sum(rollouts) / sum(cpus)  # rollouts per CPU second of the hints: what the load does not change
        line = (
            f"{'':<12} rollouts per hint: p50 {statistics.median(rollouts):g}  mean {statistics.fmean(rollouts):.1f};  "
            f"{rate:.0f} rollouts per CPU-s"
        )
        if uno_cpu:
            uno_rate = 1 / statistics.median(uno_cpu)
            line += (
                f";  UNO anchor {uno_rate:.0f} games/CPU-s -> {rate / uno_rate:.3f} rollouts per UNO game; "
                f"on one idle core a hint would run ~{rate * args.budget:.0f} rollouts"
            )
        print(line)
    with open("/proc/loadavg") as fh:
        print("load average:", " ".join(fh.read().split()[:3]))


if __name__ == "__main__":
    main()
