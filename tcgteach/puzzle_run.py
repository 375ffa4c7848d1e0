"""A set of puzzles played in order, as a learner plays it: UI-free, under both front ends (the
:class:`tcgteach.widgets.puzzle.PuzzlePane` and ``tcgteach puzzle``).

``PuzzleRun(puzzles)`` holds the puzzle on the table and its position (a :class:`tcgteach.session.Session`;
every seat a person, nothing moves by itself). ``choices()`` are the first decisions to choose from;
``answer(action)`` judges one (``tcgteach.puzzles.check``) and plays it on the board: a wrong one with the
line that refutes it, a right one alone, the rest of its line then one move at a time (``advance()``,
``play_out()``); ``reset()`` puts the puzzle back as it was; ``hint()`` gives its hint. ``score`` counts
the puzzles solved at the first try out of those tried; ``go(i)`` moves to another puzzle (each keeps its
record, so coming back never changes the score). Every move played is kept as a :class:`Move` said in both
languages (as the puzzle's seat may see it), so the words follow a change of language at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .core.checks import check_text
from .core.errors import TcgError
from .i18n import LANGS
from .session import Session

if TYPE_CHECKING:
    from .core.game import Game
    from .core.state import State
    from .puzzles import Puzzle, Verdict

__all__ = ["Move", "Phase", "PuzzleRun", "Record", "rule_title"]


class Phase(StrEnum):
    """Where the learner is in a puzzle: choosing, looking at a refutation, watching the line, done."""

    ASK = "ask"
    REFUTED = "refuted"
    LINE = "line"
    SOLVED = "solved"


@dataclass(frozen=True)
class Move:
    """One move played on the board: the seat that made it, its text form (``attack 5``), and per language
    its words and its events ``(rule ID, words)``, as the puzzle's seat may see them."""

    seat: int
    action: str
    said: dict[str, str]
    events: tuple[tuple[str, dict[str, str]], ...]


@dataclass
class Record:
    """What the learner did on one puzzle: the wrong first choices tried (text forms, in order), whether it is
    solved and whether at the first try (no wrong choice before the right one), whether the hint was shown."""

    wrong: list[str] = field(default_factory=list)
    solved: bool = False
    first_try: bool = False
    hint: bool = False

    @property
    def tried(self) -> bool:
        """Whether the player has tried this puzzle (solved it or made a wrong move)."""
        return self.solved or bool(self.wrong)


def rule_title(game: Game, rule: str, lang: str) -> str:
    """A rule's title in ``lang`` ("" when the game has no such rule: a sub-step ID, say)."""
    try:
        return game.rule_title(rule, lang)
    except (TcgError, KeyError):
        return ""


class PuzzleRun:
    """A set of puzzles played in order (see the module docstring). ``puzzles``: a
    :class:`tcgteach.puzzles.PuzzleSet` or a list of puzzles (at least one)."""

    def __init__(self, puzzles: Sequence[Puzzle]) -> None:
        from .puzzles import Puzzle

        items = list(puzzles) if isinstance(puzzles, Sequence) and not isinstance(puzzles, str) else None
        if not items or not all(isinstance(p, Puzzle) for p in items):
            raise TcgError(
                "a puzzle run needs a puzzle set (tcgteach.puzzles.builtin or load_puzzles) or a list of puzzles"
            )
        self.puzzles: list[Puzzle] = items
        self.records = [Record() for _ in items]
        self.index = 0
        self._games: dict[tuple[str, str], Game] = {}
        self.session = Session(self._start_state(), [None] * self._start_state().num_players)
        self._enter()

    # -- the puzzle on the table ---------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle being played now."""
        return self.puzzles[self.index]

    @property
    def record(self) -> Record:
        """The player's record (solved, wrong tries) of the current puzzle."""
        return self.records[self.index]

    @property
    def state(self) -> State:
        """The current position of the puzzle being played."""
        return self.session.state

    @property
    def game(self) -> Game:
        """The game of the puzzle being played."""
        return self.session.state.game

    @property
    def version(self) -> int:
        """Changes with every move, reset or new puzzle (a button made for an older one is refused)."""
        return self._version

    def _game_of(self, puzzle: Puzzle) -> Game:
        key = (puzzle.game, repr(sorted(puzzle.options.items())))
        if key not in self._games:
            self._games[key] = puzzle.new_game()
        return self._games[key]

    def _start_state(self) -> State:
        return self.puzzle.start(self._game_of(self.puzzle))

    def _enter(self) -> None:
        """The current puzzle from its start: the board, the choices, no move played."""
        state = self._start_state()
        self.session.restart(state, [None] * state.num_players)
        self._choices = tuple(state.legal_actions())
        game = state.game
        self._words = {lang: [game.describe_action(a, state, lang) for a in self._choices] for lang in LANGS}
        self.phase = Phase.ASK
        self.moves: list[Move] = []
        self.verdict: Verdict | None = None
        self.rest: list[str] = []
        self._version = getattr(self, "_version", 0) + 1

    def go(self, index: int) -> None:
        """Play puzzle ``index`` (0-based) from its start."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.puzzles):
            raise TcgError(f"no puzzle {index!r}: this set has puzzles 0 to {len(self.puzzles) - 1}")
        self.index = index
        self._enter()

    def next(self) -> bool:
        """The next puzzle; False (nothing changes) after the last one."""
        if self.index + 1 >= len(self.puzzles):
            return False
        self.go(self.index + 1)
        return True

    def previous(self) -> bool:
        """The puzzle before; False (nothing changes) at the first one."""
        if self.index == 0:
            return False
        self.go(self.index - 1)
        return True

    def reset(self) -> None:
        """The puzzle back at its start (after a refutation: try again)."""
        self._enter()

    def restart_set(self) -> None:
        """The whole set again from the first puzzle, with a new score."""
        self.records = [Record() for _ in self.puzzles]
        self.go(0)

    # -- choosing ------------------------------------------------------------------------------------------
    def choices(self) -> tuple[Any, ...]:
        """The seat's first decisions (the legal actions of the starting position, in the engine's order)."""
        return self._choices

    def choice_words(self, lang: str = "en") -> list[tuple[str, str]]:
        """Each first choice as (its text form, its words in ``lang``), in the order of ``choices()``."""
        return [(str(a), said) for a, said in zip(self._choices, self._words[lang], strict=True)]

    def answer(self, action: Any) -> Verdict:
        """Judge the first choice ``action`` (an action, its text, or its number in ``choices()`` from 1) and
        play it: a wrong one with its refuting line (the phase becomes ``REFUTED``), a right one alone (``LINE``,
        or ``SOLVED`` when it meets the goal at once). Only the first choice that solves a puzzle counts."""
        from .puzzles import check

        if self.phase in (Phase.LINE, Phase.SOLVED):
            raise TcgError("this puzzle is answered: play its line on, or go to the next puzzle")
        if self.phase is Phase.REFUTED:
            self._enter()
        action = self._choice(action)
        verdict = check(self.puzzle, action)
        rec = self.record
        if verdict.right:
            if not rec.solved:
                rec.solved, rec.first_try = True, not rec.wrong
        elif not rec.solved and verdict.action not in rec.wrong:
            rec.wrong.append(verdict.action)
        self.verdict = verdict
        self._play(verdict.action)
        if verdict.right:
            self.rest = list(verdict.rest)
            self.phase = Phase.LINE if self.rest else Phase.SOLVED
        else:
            for text in verdict.reply:
                self._play(text)
            self.phase = Phase.REFUTED
        return verdict

    def _choice(self, action: Any) -> Any:
        if isinstance(action, int) and not isinstance(action, bool):
            if not 1 <= action <= len(self._choices):
                raise TcgError(f"choose a number from 1 to {len(self._choices)}")
            return self._choices[action - 1]
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if action not in self._choices:
            raise TcgError(f"{action} is not one of this puzzle's choices")
        return action

    def advance(self) -> Move | None:
        """The next move of a right choice's line; None when the line is over (the phase is then ``SOLVED``)."""
        if self.phase is not Phase.LINE or not self.rest:
            return None
        move = self._play(self.rest.pop(0))
        if not self.rest:
            self.phase = Phase.SOLVED
        return move

    def play_out(self) -> list[Move]:
        """The rest of the line at once."""
        played = []
        while (move := self.advance()) is not None:
            played.append(move)
        return played

    def hint(self, lang: str = "en") -> str:
        """The puzzle's hint in ``lang`` (noted in its record)."""
        self.record.hint = True
        hint = self.puzzle.hint
        return hint.get(lang) or hint.get("en") or ""

    # -- the moves ---------------------------------------------------------------------------------------
    def _play(self, text: str) -> Move:
        state = self.state
        game = state.game
        seat = state.current_player
        action = game.parse_action(text)
        viewer = self.puzzle.seat
        shown = action if seat == viewer else game.mask_action(action)
        said = {lang: game.describe_action(shown, state, lang) for lang in LANGS}
        events = self.session.apply(action)
        lines = []
        for ev in events:
            seen = ev.masked(viewer)
            lines.append((ev.rule, {lang: game.describe_event(seen, state, lang) for lang in LANGS}))
        move = Move(-1 if seat is None else seat, str(action), said, tuple(lines))
        self.moves.append(move)
        self._version += 1
        return move

    def goal_met(self) -> bool:
        """The goal is reached in the position on the board."""
        from .puzzles import MET

        return self.puzzle.goal.status(self.state) is MET

    # -- the score ---------------------------------------------------------------------------------------
    @property
    def score(self) -> tuple[int, int]:
        """(puzzles solved at the first try, puzzles tried)."""
        return sum(r.first_try for r in self.records), sum(r.tried for r in self.records)

    @property
    def finished(self) -> bool:
        """Every puzzle of the set is solved."""
        return all(r.solved for r in self.records)

    @property
    def at_end(self) -> bool:
        """The last puzzle is on the table and solved: the set is played through."""
        return self.index == len(self.puzzles) - 1 and self.phase is Phase.SOLVED


# -- the puzzles that end a lesson -------------------------------------------------------------------------
def lesson_puzzle_list(lesson: str, count: int = 2) -> list[Puzzle]:
    """The ``count`` shipped puzzles that fit lesson ``lesson`` best: those whose tags the lesson teaches
    (``tcgteach/data/lessons.json``), the larger the share of their tags it teaches the better, then the
    easier, then by id; a lesson on both games gets one of each game first."""
    from .explorer_lessons import lessons
    from .puzzles import builtin, builtin_games

    check_text(lesson, "lesson", limit=200)
    found = {x.id: x for x in lessons()}
    if lesson not in found:
        raise TcgError(f"no lesson {lesson!r}; the lessons are: {', '.join(found)}")
    entry = found[lesson]
    games = [g for g in builtin_games() if entry.game in (g, "both")]
    ranked: dict[str, list[tuple[float, int, str, Puzzle]]] = {}
    for g in games:
        for p in builtin(g):
            taught = sum(entry.teaches(t) is not None for t in p.tags)
            if taught:
                ranked.setdefault(g, []).append((-taught / len(p.tags), p.difficulty, p.id, p))
    lists = [sorted(r) for r in ranked.values()]
    picked: list[Puzzle] = []
    for depth in range(count):
        for r in lists:
            if depth < len(r) and len(picked) < count:
                picked.append(r[depth][3])
    if len(picked) < count:
        raise TcgError(f"the shipped puzzles have {len(picked)} on the rules of lesson {lesson}, not {count}")
    return picked
