"""Puzzle files: read, check against the ``puzzles`` schema, then prove every puzzle.

A file is refused at its first problem with ``PuzzleFileError``, naming the file, the JSON path
(``puzzles[3].solution[0]``) and the reason, in this order: plain bounded JSON, the schema, the game,
then for each puzzle its position, its goal, its tags, its solution played out (each action legal, the
goal met at its last action and not before), and the proof (``solver.solve``): every first choice is
searched, the solution's first action must reach the goal against every reply, and the ``answers``
listed must be exactly the first choices that do (a second one that works and is not listed is refused:
a puzzle has one answer, or names them all).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from ..core.errors import DataFileError, TcgError
from .goals import MET, OPEN, Goal
from .puzzle import PositionError, Puzzle, PuzzleFileError, _reason, build_position
from .solver import BUDGET, Proof, PuzzleSearchError, Searcher, check_budget, solve

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import State

#: where the shipped puzzle files are
DATA = Path(__file__).resolve().parent.parent / "data" / "puzzles"


@dataclass(frozen=True, eq=False)
class PuzzleSet(Sequence[Puzzle]):
    """The puzzles of one file, in order (a sequence: ``len``, index, iterate), with the set's ``game``,
    ``title`` (``{"en", "ja"}``), rule ``options``, ``source`` (the file) and, when proved, the search cost
    (``nodes``, ``seconds``: the whole set's)."""

    game: str
    title: Mapping[str, str]
    puzzles: tuple[Puzzle, ...]
    options: Mapping[str, Any]
    source: str = ""
    nodes: int = 0
    seconds: float = 0.0

    @overload
    def __getitem__(self, index: int) -> Puzzle: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Puzzle]: ...
    def __getitem__(self, index: int | slice) -> Puzzle | Sequence[Puzzle]:
        return self.puzzles[index]

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def by_id(self, puzzle_id: str) -> Puzzle:
        """The puzzle with this id (``TcgError`` when there is none)."""
        if not isinstance(puzzle_id, str):
            raise TcgError(f"by_id(puzzle_id): a puzzle's id, not {type(puzzle_id).__name__}")
        for p in self.puzzles:
            if p.id == puzzle_id:
                return p
        raise TcgError(f"no puzzle {puzzle_id!r}"[:80] + f" in {self.source or 'this set'}")

    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID the set's puzzles are tagged with, sorted."""
        return tuple(sorted({t for p in self.puzzles for t in p.tags}))

    def to_dict(self) -> dict[str, Any]:
        """The set as a puzzle file writes it."""
        out: dict[str, Any] = {"format": "tcgteach-puzzles", "version": 1, "game": self.game}
        if self.title:
            out["title"] = dict(self.title)
        if self.options:
            out["options"] = dict(self.options)
        out["puzzles"] = [p.to_dict() for p in self.puzzles]
        return out


def load_puzzles(source: Any, *, prove: bool = True, budget: int = BUDGET) -> PuzzleSet:
    """A puzzle file (a path) or its data (a dict), checked and, with ``prove``, proved puzzle by puzzle
    (see the module docstring). ``prove=False`` checks the schema, positions, goals and solutions but not
    the other first choices (fast; ``check`` then proves a puzzle when first asked). Every problem is a
    ``PuzzleFileError`` naming the file, the place and the reason."""
    from ..core.data import load_json
    from ..core.schema import validate

    budget = check_budget(budget)
    if not isinstance(prove, bool):
        raise TcgError(f"load_puzzles(prove=): true or false, not {prove!r}"[:200])
    if isinstance(source, (str, Path)):
        file = str(source)
        try:
            data = load_json(source)
        except DataFileError as exc:
            raise PuzzleFileError(file, exc.where, _reason(exc)) from None
    elif isinstance(source, dict):
        file, data = "<puzzles>", source
    else:
        raise TcgError(f"load_puzzles takes a path or a dict, not {type(source).__name__}")
    validate(data, "puzzles", lambda w, m: PuzzleFileError(file, w, m))
    game = _game(data, file)
    started = time.perf_counter()
    puzzles = []
    nodes = 0
    seen: set[str] = set()
    for i, raw in enumerate(data["puzzles"]):
        where = f"puzzles[{i}] ({raw['id']})"  # (the place as the schema's errors name it: the item and its id)
        if raw["id"] in seen:
            raise PuzzleFileError(file, f"{where}.id", f"the id {raw['id']!r} is used twice")
        seen.add(raw["id"])
        puzzle = _puzzle(game, raw, data.get("options", {}), file, where)
        if prove:
            proof = prove_puzzle(puzzle, file, where, budget)
            nodes += proof.nodes
            puzzle = replace(puzzle, proof=proof)
        puzzles.append(puzzle)
    return PuzzleSet(
        game=game.name,
        title=dict(data.get("title", {})),
        puzzles=tuple(puzzles),
        options=dict(data.get("options", {})),
        source=file,
        nodes=nodes,
        seconds=time.perf_counter() - started if prove else 0.0,
    )


def _game(data: Mapping[str, Any], file: str) -> Game:
    import tcgteach

    try:
        return tcgteach.game(data["game"], options=data.get("options"))
    except TcgError as exc:
        where = "options" if data["game"] in tcgteach.games() else "game"
        raise PuzzleFileError(file, where, str(exc)) from None


def _puzzle(game: Game, raw: Mapping[str, Any], options: Mapping[str, Any], file: str, where: str) -> Puzzle:
    """One puzzle of a file, its position built, its goal anchored, its tags and solution checked."""
    try:
        state = build_position(game, raw["position"], "position")
    except PositionError as exc:
        raise PuzzleFileError(file, f"{where}.{exc.where}", exc.reason) from None
    seat = raw["seat"]
    if state.current_player != seat:
        raise PuzzleFileError(
            file, f"{where}.seat", f"the position waits for a decision of seat {state.current_player}, not {seat}"
        )
    try:
        goal = Goal.from_dict(raw["goal"]).anchored(state, seat)
    except TcgError as exc:
        raise PuzzleFileError(file, f"{where}.goal", str(exc)) from None
    if goal.status(state) is not OPEN:
        raise PuzzleFileError(file, f"{where}.goal", f"the goal is already {goal.status(state).value} in the position")
    known = set(game.rule_ids())
    for k, tag in enumerate(raw.get("tags", ())):
        if tag not in known:
            raise PuzzleFileError(file, f"{where}.tags[{k}]", f"no {game.name} rule {tag!r}")
    _play_solution(state, seat, goal, raw["solution"], file, where)
    return Puzzle(
        id=raw["id"],
        game=game.name,
        seat=seat,
        goal=goal,
        solution=tuple(raw["solution"]),
        answers=tuple(raw.get("answers", raw["solution"][:1])),
        tags=tuple(raw.get("tags", ())),
        difficulty=raw["difficulty"],
        title=dict(raw["title"]),
        hint=dict(raw["hint"]),
        position=raw["position"],
        options=dict(options),
        rates=dict(raw.get("rates", {})),
        source=raw.get("source", ""),
    )


def _play_solution(state: State, seat: int, goal: Goal, solution: Sequence[str], file: str, where: str) -> None:
    """Each action legal in turn; the goal open until the last one and met by it."""
    game = state.game
    for k, text in enumerate(solution):
        place = f"{where}.solution[{k}]"
        if goal.status(state) is not OPEN:
            raise PuzzleFileError(
                file,
                place,
                f"the goal is already {goal.status(state).value} before this action: the solution ends there",
            )
        try:
            state.apply(game.parse_action(text))
        except TcgError as exc:
            raise PuzzleFileError(file, place, str(exc).split("\n")[0]) from None
    status = goal.status(state)
    if status is not MET:
        raise PuzzleFileError(
            file,
            f"{where}.solution",
            f"the solution does not reach the goal ({goal.text('en')}): after its last action the goal is "
            f"{status.value}",
        )


def prove_puzzle(puzzle: Puzzle, file: str = "<puzzles>", where: str = "puzzle", budget: int = BUDGET) -> Proof:
    """The proof of a puzzle, or ``PuzzleFileError`` when it does not hold: the solution's first action must
    reach the goal against every reply, each of the seat's later choices in it must keep it reachable, and
    the listed ``answers`` must be exactly the first choices that work."""
    try:
        proof = solve(puzzle, budget=budget)
    except PuzzleSearchError as exc:
        raise PuzzleFileError(file, where, str(exc)) from None
    if len(proof.choices) < 2:
        raise PuzzleFileError(file, f"{where}.position", "the seat has only one choice: not a puzzle")
    first = puzzle.solution[0]
    if first not in proof.answers:
        ref = proof.refutation(first)
        beat = "" if ref is None else f": {' / '.join(ref.line)} (rules {', '.join(ref.rules)})"
        raise PuzzleFileError(
            file, f"{where}.solution[0]", f"{first!r} does not reach the goal against every reply{beat}"
        )
    _check_line(puzzle, file, where, budget)
    for k, answer in enumerate(puzzle.answers):
        if answer not in proof.answers:
            raise PuzzleFileError(
                file, f"{where}.answers[{k}]", f"{answer!r} does not reach the goal against every reply"
            )
    missing = [a for a in proof.answers if a not in puzzle.answers]
    if missing:
        raise PuzzleFileError(
            file,
            f"{where}.answers",
            f"{', '.join(repr(a) for a in missing)} also reach{'es' if len(missing) == 1 else ''} the goal: "
            "a puzzle has exactly one answer, or lists every first choice that works",
        )
    return proof


def _check_line(puzzle: Puzzle, file: str, where: str, budget: int) -> None:
    """Every choice of the seat in the solution keeps the goal reachable against every reply."""
    state = puzzle.start()
    search = Searcher(puzzle.seat, puzzle.goal, budget)
    for k, text in enumerate(puzzle.solution):
        mine = state.current_player == puzzle.seat
        state.apply(state.game.parse_action(text))
        try:
            ok = not mine or puzzle.goal.status(state) is MET or search.wins(state)
        except PuzzleSearchError as exc:
            raise PuzzleFileError(file, where, str(exc)) from None
        if not ok:
            raise PuzzleFileError(
                file, f"{where}.solution[{k}]", f"after {text!r} the other side can stop the goal: not a winning line"
            )


@cache
def _builtin(game: str, prove: bool) -> PuzzleSet:
    path = DATA / f"{game}.json"
    if not path.is_file():
        raise TcgError(f"no shipped puzzles for {game!r}; there are: {', '.join(builtin_games())}")
    return load_puzzles(path, prove=prove)


def builtin(game: str, *, prove: bool = False) -> PuzzleSet:
    """The shipped puzzles of a game (``tcgteach/data/puzzles/<game>.json``), read once per process. They are
    proved by the package's tests (``tests/test_puzzles_shipped.py``); ``prove=True`` proves them again here
    (seconds), so that every ``Puzzle.proof`` is filled."""
    if not isinstance(game, str) or not isinstance(prove, bool):
        raise TcgError("builtin(game, prove=False): a game name, and prove true or false")
    return _builtin(game, prove)


def builtin_games() -> tuple[str, ...]:
    """The games that ship puzzles."""
    return tuple(sorted(p.stem for p in DATA.glob("*.json")))


__all__ = ["DATA", "PuzzleSet", "builtin", "builtin_games", "load_puzzles", "prove_puzzle"]
