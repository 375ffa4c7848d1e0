"""A puzzle: a position, the seat to solve it, its goal, the solution and what it teaches.

``Puzzle.start()`` gives the position as a fresh state, the seat's decision pending. A position is
written in one of three ways (``position`` in a puzzle file):

* ``{"record": {"seed", "decks", "first_player", "actions"}}``: a record prefix, a new game with the
  starter decks named, then the actions played (the miner writes these);
* ``{"spec": {...}, "seed": 0}``: a Dragon Quest teaching position (``game.position(spec, seed)``);
* ``{"state": {...}}``: a saved state (``state.to_dict()``).

A spec or a state may be followed by ``"actions"`` played from it (an attack, so that the defender
decides: a spec always starts in the turn player's preparation, battle or action step).

In every case the hidden cards (deck order, hands) are what the position makes them: the solver plays
that exact state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import DataFileError, TcgError
from .goals import Goal

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import State
    from .solver import Proof

LANGS = ("en", "ja")


class PuzzleFileError(DataFileError):
    """A puzzle file that breaks its schema, or a puzzle it holds that does not prove: names the file, the
    JSON path of the place (``puzzles[3].solution[0]``) and the reason."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle, as a file holds it and a loader has proved it.

    ``solution``: the winning line (action texts as ``game.parse_action`` reads them and records write them),
    the seat's choices and the replies until the goal is met; ``answers``: every first choice that reaches the
    goal against every reply (``solution[0]`` among them); ``tags``: the rule IDs the puzzle exercises;
    ``difficulty``: 1 (easy) to 5 (hard), graded from ``rates`` (how often the random and the heuristic
    players found the answer); ``title``/``hint``: ``{"en": ..., "ja": ...}``. ``goal`` is anchored to the
    position (``Goal.anchored``). ``proof``: the search's proof when the loader proved it, else None."""

    id: str
    game: str
    seat: int
    goal: Goal
    solution: tuple[str, ...]
    answers: tuple[str, ...]
    tags: tuple[str, ...]
    difficulty: int
    title: Mapping[str, str]
    hint: Mapping[str, str]
    position: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    rates: Mapping[str, float] = field(default_factory=dict)
    source: str = ""
    proof: Proof | None = None

    def new_game(self) -> Game:
        """The game the puzzle is played in (its rule options)."""
        import tcgteach

        return tcgteach.game(self.game, options=dict(self.options))

    def start(self, game: Game | None = None) -> State:
        """The position as a fresh state, ``seat``'s decision pending. ``game``: a game of the same name and
        options to make it in (default: a new one). A record prefix's actions are in the state's history:
        a front end that offers undo stops at ``len(puzzle.start().history)``."""
        from ..core.game import Game

        if game is None:
            game = self.new_game()
        elif not isinstance(game, Game) or game.name != self.game:
            raise TcgError(f"start(game): puzzle {self.id} is played in a {self.game} game, not {game!r}"[:200])
        return build_position(game, self.position, "position")

    def goal_text(self, lang: str = "en") -> str:
        """The goal in words (``Goal.text``)."""
        return self.goal.text(lang)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a file writes it."""
        out: dict[str, Any] = {
            "id": self.id,
            "seat": self.seat,
            "position": _plain(self.position),
            "goal": self.goal.to_dict(),
            "solution": list(self.solution),
            "answers": list(self.answers),
            "tags": list(self.tags),
            "difficulty": self.difficulty,
        }
        if self.rates:
            out["rates"] = dict(self.rates)
        out["title"] = dict(self.title)
        out["hint"] = dict(self.hint)
        if self.source:
            out["source"] = self.source
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def build_position(game: Game, position: Mapping[str, Any], where: str) -> State:
    """The state a puzzle's ``position`` describes; a problem is a ``TcgError`` whose ``where`` attribute
    (``PositionError``) names the place under ``where``."""
    if "record" in position:
        if "actions" in position:
            raise PositionError(f"{where}.actions", "a record has its actions inside it (record.actions)")
        return _from_record(game, position["record"], f"{where}.record")
    if "spec" in position:
        make = getattr(game, "position", None)
        if make is None:
            raise PositionError(f"{where}.spec", f"{game.name} has no position specs: give a record or a state")
        try:
            state: State = make(position["spec"], position.get("seed", 0))
        except DataFileError as exc:
            raise PositionError(f"{where}.spec{exc.where.removeprefix('position')}", _reason(exc)) from None
    elif "state" in position:
        try:
            state = game.state_from_dict(position["state"])
        except DataFileError as exc:
            raise PositionError(f"{where}.state.{exc.where}", _reason(exc)) from None
    else:
        raise PositionError(where, "a position is a record, a spec or a state")
    _play(state, position.get("actions", ()), f"{where}.actions")
    return state


def _reason(exc: DataFileError) -> str:
    text = str(exc)
    prefix = f"{exc.file}: {exc.where}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


class PositionError(TcgError):
    """A position that cannot be built, with the place (``where``) of the problem."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.reason = message
        super().__init__(f"{where}: {message}")


def _from_record(game: Game, record: Mapping[str, Any], where: str) -> State:
    """A new game (seed, starter decks, first player), then the record's actions, each checked."""
    try:
        state = game.new_state(record["seed"], list(record["decks"]), None, record.get("first_player"))
    except TcgError as exc:
        raise PositionError(where, str(exc)) from None
    _play(state, record["actions"], f"{where}.actions")
    return state


def _play(state: State, actions: Any, where: str) -> None:
    """Each action of a position's list, checked (``IllegalActionError`` named at its place)."""
    for i, text in enumerate(actions):
        try:
            state.apply(state.game.parse_action(text))
        except TcgError as exc:
            raise PositionError(f"{where}[{i}]", str(exc).split("\n")[0]) from None


__all__ = ["LANGS", "PositionError", "Puzzle", "PuzzleFileError", "build_position"]
