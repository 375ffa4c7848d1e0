"""Puzzles (issue 27): positions where one choice reaches a goal, proved by an exact search.

    from tcgteach.puzzles import builtin, check
    puzzles = builtin("dragonquest")          # the shipped set, a PuzzleSet
    p = puzzles[0]
    p.goal.text("ja"), p.title["en"], p.hint["ja"], p.tags, p.difficulty
    state = p.start()                         # the position, p.seat to decide
    verdict = check(p, "attack 52")           # right or wrong, the refuting reply and its rules

``goals`` (what a puzzle asks, checkable), ``solver`` (the AND-OR proof), ``puzzle`` (one puzzle and its
position), ``files`` (the file format, its schema and the loader that proves every puzzle), ``verdict``
(a learner's choice judged), ``mine`` (the miner that finds puzzles in seeded games).
"""

from .files import PuzzleSet, builtin, builtin_games, load_puzzles, prove_puzzle
from .goals import FAILED, KINDS, MET, OPEN, Goal, Status
from .puzzle import Puzzle, PuzzleFileError
from .solver import BUDGET, Proof, PuzzleSearchError, Refutation, solve
from .verdict import Verdict, check

__all__ = [
    "BUDGET",
    "FAILED",
    "Goal",
    "KINDS",
    "MET",
    "OPEN",
    "Proof",
    "Puzzle",
    "PuzzleFileError",
    "PuzzleSearchError",
    "PuzzleSet",
    "Refutation",
    "Status",
    "Verdict",
    "builtin",
    "builtin_games",
    "check",
    "load_puzzles",
    "prove_puzzle",
    "solve",
]
