"""``python -m tcgteach.puzzles``: the shipped puzzle sets proved again, with their counts, rule IDs and costs.

``python -m tcgteach.puzzles FILE ...`` does the same for puzzle files of your own (each is refused at its first
problem, with the place in the file).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence

from .files import DATA, builtin_games, load_puzzles


def summary(source: object) -> str:
    """One set proved: its size, its rule IDs, its difficulties and what the proof cost."""
    puzzles = load_puzzles(source)
    proofs = [p.proof for p in puzzles if p.proof is not None]
    rules = puzzles.rule_ids()
    grades = Counter(p.difficulty for p in puzzles)
    kinds = Counter(p.goal.kind for p in puzzles)
    return "\n".join(
        [
            f"{puzzles.game}: {len(puzzles)} puzzles proved in {puzzles.seconds:.1f} s, {puzzles.nodes:,} positions "
            f"searched (largest proof {max((p.nodes for p in proofs), default=0):,})",
            f"  goals: {', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}",
            f"  difficulty: {', '.join(f'{d}: {grades[d]}' for d in range(1, 6))}",
            f"  {len(rules)} rule IDs: {', '.join(rules)}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    files = list(sys.argv[1:] if argv is None else argv) or [str(DATA / f"{g}.json") for g in builtin_games()]
    for file in files:
        print(summary(file))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
