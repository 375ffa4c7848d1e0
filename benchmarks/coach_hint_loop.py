"""Does following the coach's hints make progress? (issue 21, item 6: the Dragon Quest "gain 1 GP" / "Restore" loop)

    python benchmarks/coach_hint_loop.py [--seeds 12] [--iterations 6 | --budget 0.05] [--turns 10]

Both seats of a Dragon Quest game follow the coach's hint at every decision, as a person clicking
"Hint" and then the suggested move would (a new ``CoachAgent`` per hint, as the classroom makes).
A busy machine gives a hint a handful of rollouts: ``--iterations 6`` replays that exactly, ``--budget``
uses the wall clock instead. Per seed: the preparation decisions of each turn (nodes ``prep*``), the
most in one turn, and how many times a preparation decision came back to a position (the full state's
node, scalars and zones) already passed through in that turn. A turn is cut at ``--cap`` decisions.

The two parts of the fix can be switched off: ``--override-z 0`` lets any lead overrule the heuristic's
choice, however few rollouts it rests on (as before; the heuristic's choice is still tried first), and
``--no-repetition-check`` drops the check that a hint never leads back to a position of this line of play.
The coach before the fix is ``python`` on the commit before it (d1d358d).
"""

from __future__ import annotations

import argparse
import statistics

import tcgteach
from tcgteach.agents.coach import CoachAgent


def key(state: object) -> str:
    return repr((state._scalar_values(), state.zones))  # type: ignore[attr-defined]


def follow(
    seed: int, iterations: int | None, budget: float | None, turns: int, cap: int, **coach: float
) -> tuple[list[int], int]:
    """(preparation decisions per turn, revisits) of one game in which every decision follows the hint."""
    game = tcgteach.game("dragonquest")
    s = game.new_state(seed=seed)
    per_turn: list[int] = []
    revisits = 0
    current: tuple[int, int] | None = None
    seen: set[str] = set()
    while not s.is_terminal() and s.turn <= turns:
        if s.node.startswith("prep"):
            turn = (s.turn, s.current_player)
            if turn != current:
                current, seen = turn, set()
                per_turn.append(0)
            k = key(s)
            revisits += k in seen
            seen.add(k)
            per_turn[-1] += 1
            if per_turn[-1] > cap:
                break
        p = s.current_player
        agent = CoachAgent(seed=seed * 7919 + len(s.history), time_budget=budget, iterations=iterations, **coach)
        s.apply(agent.hint(s.view(p)).action)
    return per_turn, revisits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--budget", type=float, default=None)
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--cap", type=int, default=40)
    ap.add_argument("--margin", type=float, default=0.02, help="CoachAgent's margin")
    ap.add_argument("--override-z", type=float, default=1.0, help="CoachAgent's override_z (0: any lead overrules)")
    ap.add_argument("--no-repetition-check", action="store_true", help="switch the coach's repetition check off")
    args = ap.parse_args()
    if args.no_repetition_check:
        from tcgteach.agents import coach

        coach._Repeats.__call__ = lambda self, action: False  # type: ignore[method-assign]
    iterations = args.iterations if args.iterations or args.budget else 6
    all_turns: list[int] = []
    looped = 0
    # only the settings given (the coach before the fix, run from its own checkout, has no override_z)
    coach = {"margin": args.margin} if args.margin != 0.02 else {}
    if args.override_z != 1.0:
        coach["override_z"] = args.override_z
    for seed in range(args.seeds):
        per_turn, revisits = follow(seed, iterations, args.budget, args.turns, args.cap, **coach)
        all_turns += per_turn
        looped += max(per_turn) > args.cap
        most = max(per_turn)
        print(f"seed {seed:2}: most prep decisions in a turn {most:2}, revisits {revisits:2}, per turn {per_turn}")
    print(
        f"{len(all_turns)} turns: prep decisions per turn mean {statistics.mean(all_turns):.1f}, "
        f"max {max(all_turns)}; games cut at the cap of {args.cap}: {looped} of {args.seeds}"
    )


if __name__ == "__main__":
    main()
