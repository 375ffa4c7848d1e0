"""A learner's choice judged: ``check(puzzle, action)`` says right or wrong, and why.

Wrong: the reply line that beats the choice and the rules its events cite (from the proof).
Right: the rest of the winning line. ``state=`` judges a later decision of the seat in the same
puzzle (a front end that lets the learner play the whole line), searched on the spot.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalActionError, TcgError
from .goals import MET
from .solver import BUDGET, Searcher, check_budget, cite, solve

if TYPE_CHECKING:
    from ..core.state import State
    from .puzzle import Puzzle
    from .solver import Proof


#: the proofs ``check`` made for puzzles loaded without one (``builtin`` does not prove), kept while the puzzle lives
_PROOFS: weakref.WeakKeyDictionary[Puzzle, Proof] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Verdict:
    """The judgment of one choice. ``right``: it reaches the goal against every reply. ``line``: for a right
    choice the rest of the winning line after it (replies included, empty when the choice meets the goal at
    once); for a wrong one the reply line that beats it. ``rules``: the rule IDs the line's events cite.
    ``answers``: the choices that work here (all of them, for the learner who got it wrong)."""

    action: str
    right: bool
    line: tuple[str, ...]
    rules: tuple[str, ...]
    answers: tuple[str, ...]
    met: bool = False

    @property
    def reply(self) -> tuple[str, ...]:
        """A wrong choice's refuting line (empty for a right one)."""
        return () if self.right else self.line

    @property
    def rest(self) -> tuple[str, ...]:
        """A right choice's rest of the line (empty for a wrong one)."""
        return self.line if self.right else ()


def check(puzzle: Puzzle, action: Any, *, state: State | None = None, budget: int = BUDGET) -> Verdict:
    """Judge ``action`` (an action or its text) of the puzzle's seat: at the puzzle's first decision, or in
    ``state``, a later position of the puzzle where the seat is to decide. An action that is not legal there
    is an ``IllegalActionError`` (a front end offers only legal ones)."""
    from ..core.state import State
    from .puzzle import Puzzle

    if not isinstance(puzzle, Puzzle):
        raise TcgError(f"check(puzzle, action): a Puzzle, not {type(puzzle).__name__}")
    budget = check_budget(budget)
    if state is not None and (not isinstance(state, State) or state.game.name != puzzle.game):
        raise TcgError(f"check(..., state=): a state of the puzzle's game ({puzzle.game})")
    first = state is None
    if state is None:
        state = puzzle.start()
    else:
        state = state.clone()
    if state.current_player != puzzle.seat:
        raise TcgError(f"it is not seat {puzzle.seat}'s decision in this position")
    if isinstance(action, str):
        action = state.game.parse_action(action)
    legal = state.legal_actions()
    if not any(action is a or (type(action) is type(a) and action == a) for a in legal):
        raise IllegalActionError(f"{action} is not legal here", state.game.contract_rule, legal)
    text = str(action)
    if first:
        proof = puzzle.proof or _PROOFS.get(puzzle)
        if proof is None:
            proof = _PROOFS[puzzle] = solve(puzzle, budget=budget)
        answers = proof.answers
    else:
        search = Searcher(puzzle.seat, puzzle.goal, budget)
        answers = tuple(str(a) for a in legal if search.child_wins(state, a))
    right = text in answers
    cited: list[str] = []
    done = cite(state.apply(action), puzzle.goal, cited)
    search = Searcher(puzzle.seat, puzzle.goal, budget)
    met = puzzle.goal.status(state) is MET
    line, rules = search.line(state, right)
    return Verdict(text, right, tuple(line), tuple(dict.fromkeys(cited + ([] if done else rules))), answers, met)


__all__ = ["Verdict", "check"]
