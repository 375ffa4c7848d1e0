"""The exact proof of a puzzle: an AND-OR search over every decision until its goal is decided.

The seat's decisions are OR nodes (one choice that reaches the goal is enough), every other player's
decisions are AND nodes (the goal must be reached against every reply). Hidden cards are what the
position fixes them to be: the search plays the real state (deck order included) with the engine's
``apply_unchecked``/``undo``, so nothing is sampled. Every goal ends with its turn (``goals.py``),
so the tree is finite; a transposition table shares the value of a position reached in different
orders, and a move back to a position on the current line (a unit started then cancelled, a formation
swapped back) counts as no move at all: a circle gains nothing for whoever takes it.

A search that would look at more than ``budget`` positions stops with ``PuzzleSearchError`` instead
of running for minutes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import TcgError
from .goals import MET, OPEN, Goal

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.events import Event
    from ..core.state import State

#: the positions a search may look at before it gives up (a shipped puzzle needs a few thousand at most)
BUDGET = 200_000


class PuzzleSearchError(TcgError):
    """The search passed its budget of positions: the puzzle is too big to prove exactly."""


@dataclass(frozen=True)
class Refutation:
    """Why a first choice fails: ``line`` is the choice then the play that beats it (the other side's
    replies and the seat's best tries, until the goal is out of reach), ``rules`` the rule IDs its
    events cite, in the order they first appear."""

    action: str
    line: tuple[str, ...]
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Proof:
    """What the search proved about a position's first decision.

    ``answers``: the first choices that reach the goal against every reply (action texts, in the order of
    the legal actions); ``choices``: every first choice searched; ``refutations``: one per wrong choice;
    ``line``: the first answer played out until the goal is met (replies included) and ``line_rules`` the rule
    IDs its events cite; ``nodes``: positions searched; ``seconds``: how long it took."""

    answers: tuple[str, ...]
    choices: tuple[str, ...]
    refutations: tuple[Refutation, ...]
    line: tuple[str, ...]
    line_rules: tuple[str, ...]
    nodes: int
    seconds: float

    @property
    def unique(self) -> bool:
        """Exactly one first choice works (and there was more than one to choose from)."""
        return len(self.answers) == 1 and len(self.choices) > 1

    def refutation(self, action: str) -> Refutation | None:
        """The refutation of a wrong first choice (its action text), None for an answer."""
        for r in self.refutations:
            if r.action == action:
                return r
        return None


def _dm_key(state: Any) -> Hashable:
    """DARK MOON: the order of a hand, a field or a unit never matters, nor the order cards were picked in
    (DM-4.6) nor the last reveal (shown on the board only); the deck's order does."""
    scalars = state._scalar_values()
    zones = state.zones
    return (
        scalars[:8],
        tuple(sorted(scalars[8])),
        scalars[9],
        tuple(tuple(z) if i % 6 == 0 else tuple(sorted(z)) for i, z in enumerate(zones)),
    )


def _plain_key(state: Any) -> Hashable:
    """Any game: its scalars and every zone in order."""
    return (state._scalar_values(), tuple(tuple(z) for z in state.zones))


#: a position's key for the transposition table, per game (a game not listed is keyed exactly)
KEYS: dict[str, Callable[[Any], Hashable]] = {"darkmoon": _dm_key}


def _dm_moves(state: Any, moves: list[Action]) -> list[Action]:
    """DARK MOON: a unit is a set (DM-4.6), and picking moves no card and shows nothing, so the search picks
    its cards in increasing order only: every unit is still reached, once."""
    if state.node != "unit" or not state.unit_pick:
        return moves
    last = max(state.unit_pick)
    return [a for a in moves if type(a).__name__ != "Pick" or a.card > last]  # type: ignore[attr-defined]


#: the decisions a search may leave out because another order reaches the same positions, per game
ORDERS: dict[str, Callable[[Any, list[Action]], list[Action]]] = {"darkmoon": _dm_moves}


class Searcher:
    """The AND-OR search of one goal for one seat; its table of values is kept between calls (so
    ``wins`` on a position near an earlier one is fast)."""

    def __init__(self, seat: int, goal: Goal, budget: int = BUDGET) -> None:
        self.seat = seat
        self.goal = goal
        self.budget = budget
        self.nodes = 0
        self.table: dict[Hashable, bool] = {}
        self._path: set[Hashable] = set()
        self._key: Callable[[Any], Hashable] = _plain_key

    def key(self, state: State) -> Hashable:
        """The key that identifies ``state`` in the search's table of positions already solved."""
        return self._key(state)

    def wins(self, state: State) -> bool:
        """Whether the seat reaches the goal from ``state`` whatever the others do (``state`` is left as it was)."""
        self._key = KEYS.get(state.game.name, _plain_key)
        return self._wins(state, self.key(state))

    def moves(self, state: State) -> list[Action]:
        """The decisions searched in ``state``: its legal actions but those that only lead back (``leads_back``)
        and those another order of the same choices covers (``ORDERS``)."""
        game = state.game
        legal = state.legal_actions()
        if len(legal) == 1:
            return list(legal)
        moves = [a for a in legal if not game.leads_back(state, a)]
        order = ORDERS.get(game.name)
        return moves if order is None else order(state, moves)

    def _wins(self, state: State, key: Hashable) -> bool:
        status = self.goal.status(state)
        if status is not OPEN:
            return status is MET
        known = self.table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise PuzzleSearchError(
                f"the search passed its budget of {self.budget:,} positions: the puzzle has too many choices to "
                "prove exactly (start it later in the turn, or give solve() a larger budget)"
            )
        mine = state.current_player == self.seat
        result = self._children(state, key, mine)
        self.table[key] = result
        return result

    def _children(self, state: State, key: Hashable, mine: bool) -> bool:
        """OR over the seat's choices, AND over the others'; a choice that comes back to the line is skipped."""
        self._path.add(key)
        try:
            for action in self.moves(state):
                state.apply_unchecked(action)
                try:
                    child = self.key(state)
                    if child in self._path:
                        continue
                    if self._wins(state, child) == mine:
                        return mine
                finally:
                    state.undo()
            return not mine
        finally:
            self._path.discard(key)

    def child_wins(self, state: State, action: Action) -> bool | None:
        """The value after ``action`` (None when it leads back to the line searched now)."""
        state.apply_unchecked(action)
        try:
            child = self.key(state)
            return None if child in self._path else self._wins(state, child)
        finally:
            state.undo()

    def line(self, state: State, want: bool, limit: int = 200) -> tuple[list[str], list[str]]:
        """A line of play from ``state`` (left as it was) until the goal is decided, and the rule IDs its
        events cite up to the event that decides it (``cite``). ``want`` True: the seat plays a winning
        choice, the others any reply (none stops it); False: the others play a reply that beats the seat,
        the seat its first choice (none succeeds)."""
        self._key = KEYS.get(state.game.name, _plain_key)
        texts: list[str] = []
        rules: list[str] = []
        played = 0
        done = False
        walked: list[Hashable] = []  # the line's positions: a choice back to one of them is no choice (a circle)
        try:
            while played < limit and self.goal.status(state) is OPEN:
                key = self.key(state)
                if key not in self._path:
                    self._path.add(key)
                    walked.append(key)
                action = self._pick(state, want)
                if action is None:
                    break
                texts.append(str(action))
                events = state.apply_unchecked(action)
                played += 1
                if not done:
                    done = cite(events, self.goal, rules)
        finally:
            for _ in range(played):
                state.undo()
            self._path.difference_update(walked)
        return texts, rules

    def _pick(self, state: State, value: bool) -> Action | None:
        """The first searched choice whose value for the seat is ``value`` (for a line the seat wins: its winning
        choice, and any reply of the others; for a line it loses: any choice of its own, and the others' reply
        that beats it), else the first choice."""
        moves = self.moves(state)
        for action in moves:
            if self.child_wins(state, action) is value:
                return action
        return moves[0] if moves else None


#: events that begin the next turn: what follows them is no part of the puzzle's line
BOUNDARY = frozenset({"turn_start", "reset"})


def cite(events: Sequence[Event], goal: Goal, rules: list[str]) -> bool:
    """Add to ``rules`` the rule IDs ``events`` cite, in order and once each, up to the event that decides the
    goal (``Goal.decisive``, with the gain of GP a defeat brings) or the start of the next turn; True when
    the line's citations are complete."""
    for i, e in enumerate(events):
        if e.kind in BOUNDARY:
            return True
        if e.rule and e.rule not in rules:
            rules.append(e.rule)
        if goal.decisive(e):
            following = events[i + 1] if i + 1 < len(events) else None
            if following is not None and following.kind == "gain_gp_defeat" and following.rule not in rules:
                rules.append(following.rule)
            return True
    return False


def check_budget(budget: Any) -> int:
    """A search budget: a whole number of positions, at least 1."""
    if type(budget) is not int or budget < 1:
        raise TcgError(f"budget: a whole number of positions >= 1, not {budget!r}"[:200])
    return budget


def solve(
    puzzle: Any = None,
    seat: int | None = None,
    goal: Goal | None = None,
    *,
    state: State | None = None,
    budget: int = BUDGET,
) -> Proof:
    """Prove a puzzle: ``solve(puzzle)``, or ``solve(state=..., seat=..., goal=...)`` for a position of your own
    (``goal`` anchored with ``Goal.anchored(state, seat)`` if it is not yet). Every first choice of the seat is
    searched to the end; the answers are those that reach the goal against every reply. The state given is
    left as it was. ``PuzzleSearchError`` when the search passes ``budget`` positions."""
    from ..core.state import State
    from .puzzle import Puzzle

    budget = check_budget(budget)
    if puzzle is not None:
        if not isinstance(puzzle, Puzzle):
            raise TcgError(f"solve(puzzle): a Puzzle, not {type(puzzle).__name__}")
        state, seat, goal = puzzle.start(), puzzle.seat, puzzle.goal
    if not isinstance(state, State) or not isinstance(goal, Goal) or type(seat) is not int:
        raise TcgError("solve(puzzle), or solve(state=a State, seat=its player to decide, goal=a Goal)")
    if state.current_player != seat:
        raise TcgError(f"the position waits for player {state.current_player}'s decision, not seat {seat}'s")
    if goal.seat < 0:
        goal = goal.anchored(state, seat)
    started = time.perf_counter()
    search = Searcher(seat, goal, budget)
    search._key = KEYS.get(state.game.name, _plain_key)
    root = search.key(state)
    search._path.add(root)
    choices = search.moves(state)
    answers: list[Action] = []
    for action in choices:
        if search.child_wins(state, action):
            answers.append(action)
    refutations = []
    for action in choices:
        if action in answers:
            continue
        first: list[str] = []
        done = cite(state.apply_unchecked(action), goal, first)
        try:
            more, rules = search.line(state, False)
        finally:
            state.undo()
        cited = tuple(dict.fromkeys(first + ([] if done else rules)))
        refutations.append(Refutation(str(action), (str(action), *more), cited))
    line: tuple[str, ...] = ()
    line_rules: tuple[str, ...] = ()
    search._path.discard(root)
    if answers:
        texts, rules = search.line(state, True)
        line, line_rules = tuple(texts), tuple(rules)
    return Proof(
        answers=tuple(str(a) for a in answers),
        choices=tuple(str(a) for a in choices),
        refutations=tuple(refutations),
        line=line,
        line_rules=line_rules,
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
    )


__all__ = ["BUDGET", "Proof", "PuzzleSearchError", "Refutation", "Searcher", "check_budget", "cite", "solve"]
