"""Quizzes: predict, then see (issue 13 item 3). No user interface here (the widget is ``widgets/quiz.py``).

A :class:`Question` shows a position, asks what the engine will do next, offers 2-4 answers and
carries what happens when it is played out (the events, each citing its rule, and an explanation).
The kinds of questions live with each game (``tcgteach/<game>/quiz.py``), reached through the
``Game.quiz_kinds`` hook; every position is generated from a seed, and every answer is computed by
playing the position out on a copy, never written by hand::

    from tcgteach.quiz import kinds, make_question
    q = make_question("dragonquest", "first_strike", seed=3, lang="ja")
    q.prompt, q.choices, q.answer, q.rules
    for rule, line in q.event_lines(): print(rule, line)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .core.checks import check_int, check_lang, check_state, check_text, shown
from .core.errors import TcgError
from .i18n import LANGS, Text
from .lookup import check_game

if TYPE_CHECKING:
    from .core.events import Event
    from .core.game import Game
    from .core.state import State

#: a kind of question: ``(game, rng, lang) -> Question`` (the seed is added by ``make_question``)
Maker = Callable[["Game", random.Random, str], "Question"]

TEXT = Text(
    {
        "score": ("{right} / {asked} right", "{asked}問中{right}問正解"),
        "none": ("No question answered yet", "まだ答えた問題はありません"),
        "yes": ("Yes", "はい"),
        "no": ("No", "いいえ"),
    }
)


@dataclass(frozen=True, eq=False)
class Question:
    """One question: what the learner sees, the answers offered, and what the engine then does.

    ``position`` is the state shown (a player's view where hidden information matters: its
    ``viewer`` is ``perspective``); ``choices[answer]`` is the right answer; ``events`` are what
    follows when the position is played out (to be described against ``after``, the state they
    lead to) and ``explanation`` says why, citing ``rules``. ``truth`` is the whole state behind
    ``position`` (never shown: the position is played out from it) and ``about`` names what the question
    is about (card instances, the action asked about), for tools and tests.
    """

    game: str
    kind: str
    seed: int
    lang: str
    position: State
    perspective: int | None
    prompt: str
    choices: tuple[str, ...]
    answer: int
    rules: tuple[str, ...]
    events: tuple[Event, ...]
    after: State
    explanation: str
    truth: State
    about: Mapping[str, Any] = field(default_factory=dict)
    #: the board of the position when the game's own would give the answer away (a DARK MOON board shows
    #: the points now): ``(state, lang, perspective) -> HTML``; None: ``game.render_board``
    board: Callable[[State, str, int | None], str] | None = None

    @property
    def right(self) -> str:
        """The text of the right answer."""
        return self.choices[self.answer]

    def is_right(self, choice: int) -> bool:
        """Whether choice number ``choice`` is the answer; ``TcgError`` for a number that is no choice."""
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(self.choices):
            raise TcgError(f"choice {choice!r}: this question has choices 0-{len(self.choices) - 1}")
        return choice == self.answer

    def board_html(self, lang: str | None = None, *, after: bool = False) -> str:
        """The board of the position (or, with ``after``, of the state it is played out to), as the learner sees it."""
        lang = self.lang if lang is None else check_lang(lang)
        if after:
            return self.after.game.render_board(self.after, lang=lang, perspective=self.perspective)
        if self.board is not None:
            return self.board(self.position, lang, self.perspective)
        return self.position.game.render_board(self.position, lang=lang, perspective=self.perspective)

    def event_lines(self, lang: str | None = None) -> list[tuple[str, str]]:
        """``(rule ID, sentence)`` of each event that follows, in the question's language by default."""
        lang = self.lang if lang is None else check_lang(lang)
        describe = self.after.game.describe_event
        return [(e.rule, describe(e, self.after, lang)) for e in self.events]


@dataclass
class Score:
    """The learner's score: questions asked, answered right, and both per kind."""

    asked: int = 0
    right: int = 0
    per_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [asked, right]

    def record(self, question: Question, choice: int) -> bool:
        """Count an answer; returns whether it was right."""
        if not isinstance(question, Question):
            raise TcgError(f"question must be a Question (make_question), not {shown(question)}")
        ok = question.is_right(choice)
        self.asked += 1
        self.right += ok
        entry = self.per_kind.setdefault(f"{question.game}:{question.kind}", [0, 0])
        entry[0] += 1
        entry[1] += ok
        return ok

    def text(self, lang: str = "en") -> str:
        """``"3 / 4 right"`` (``"4問中3問正解"``)."""
        check_lang(lang)
        if not self.asked:
            return TEXT.t("none", lang)
        return TEXT.t("score", lang, right=self.right, asked=self.asked)


def _game(game: Game | str) -> Game:
    return check_game(game)


def _makers(game: Game) -> Mapping[str, Maker]:
    return game.quiz_kinds()


def kinds(game: Game | str) -> list[str]:
    """The kinds of questions ``game`` can ask (empty for a game without a quiz)."""
    return list(_makers(_game(game)))


def make_question(game: Game | str, kind: str, seed: int = 0, lang: str = "en") -> Question:
    """A question of ``kind`` about a position generated from ``seed`` (the same seed, the same question)."""
    g = _game(game)
    makers = _makers(g)
    if not isinstance(kind, str) or kind not in makers:
        valid = ", ".join(makers) or "none"
        raise TcgError(f"no quiz kind {kind!r} for {g.name}; its kinds are: {valid}")
    if lang not in LANGS:
        raise TcgError(f"language {lang!r}: choose one of {', '.join(LANGS)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TcgError(f"seed {seed!r}: a quiz seed is a whole number")
    rng = random.Random(f"{g.name}:{kind}:{seed}")
    q = makers[kind](g, rng, lang)
    return Question(
        g.name,
        kind,
        seed,
        lang,
        q.position,
        q.perspective,
        q.prompt,
        q.choices,
        q.answer,
        q.rules,
        q.events,
        q.after,
        q.explanation,
        q.truth,
        q.about,
        q.board,
    )


# -- helpers for the games' question makers -------------------------------------------------------------
def question(
    *,
    kind: str,
    lang: str,
    position: State,
    perspective: int | None,
    prompt: str,
    choices: Sequence[str],
    right: str,
    rules: Sequence[str],
    events: Sequence[Event],
    after: State,
    explanation: str,
    truth: State | None = None,
    about: Mapping[str, Any] | None = None,
    board: Callable[[State, str, int | None], str] | None = None,
) -> Question:
    """A question whose right answer is the choice ``right`` (a game's maker builds it; ``make_question``
    fills in the game and the seed)."""
    _check_question(kind, lang, position, perspective, prompt, choices, rules, events, after, explanation, truth)
    if about is not None and not isinstance(about, Mapping):
        raise TcgError(f"about must be None or a dict, not {shown(about)}")
    if board is not None and not callable(board):
        raise TcgError(f"board must be None or a function (state, lang, perspective) -> HTML, not {shown(board)}")
    choices = tuple(choices)
    if lang == "ja":  # the closing rule citation in Japanese brackets: "…です（DQ-7.8）"
        explanation = re.sub(r" \(((?:DM|DQ)-[^()]*)\)$", r"（\1）", explanation)
    if len(set(choices)) != len(choices) or right not in choices or not 2 <= len(choices) <= 4:
        raise TcgError(f"quiz {kind}: bad choices {choices!r} for the answer {right!r}")
    return Question(
        position.game.name,
        kind,
        -1,
        lang,
        position,
        perspective,
        prompt,
        choices,
        choices.index(right),
        tuple(rules),
        tuple(events),
        after,
        explanation,
        position if truth is None else truth,
        dict(about or {}),
        board,
    )


def _check_question(
    kind: Any, lang: Any, position: Any, perspective: Any, prompt: Any, choices: Any, rules: Any, events: Any,
    after: Any, explanation: Any, truth: Any,
) -> None:  # fmt: skip
    """The parts of a question, each checked where it enters (``question``)."""
    from .core.events import Event

    check_text(kind, "kind", limit=200)
    check_lang(lang)
    for name, value in (("position", position), ("after", after)) + ((("truth", truth),) if truth is not None else ()):
        check_state(value, None, name)
    if perspective is not None:
        check_int(perspective, "perspective", 0, position.num_players - 1)
    check_text(prompt, "prompt")
    check_text(explanation, "explanation")
    for name, items, kind_ in (("choices", choices, str), ("rules", rules, str), ("events", events, Event)):
        if not isinstance(items, (list, tuple)) or not all(isinstance(x, kind_) for x in items):
            raise TcgError(f"{name} must be a list of {kind_.__name__}, not {shown(items)}")


def _rng(rng: Any) -> random.Random:
    if not isinstance(rng, random.Random):
        raise TcgError(f"rng must be a random.Random, not {shown(rng)}")
    return rng


def number_choices(right: int, rng: random.Random, near: Sequence[int] = (), *, lo: int = 0, n: int = 4) -> list[int]:
    """``n`` distinct whole numbers >= ``lo`` including ``right``, sorted. The seed's ``rng`` decides how
    many lie below the right one (so that it does not always sit in the same place); on each side come
    first the ``near`` ones (likely mistakes), then the neighbours of ``right``."""
    check_int(n, "n", 1, 26)
    check_int(lo, "lo", -(10**9), 10**9)
    check_int(right, "right", lo, 10**9)
    _rng(rng)
    if not isinstance(near, (list, tuple)) or not all(isinstance(v, int) and not isinstance(v, bool) for v in near):
        raise TcgError(f"near must be a list of whole numbers, not {shown(near)}")
    likely = [v for v in dict.fromkeys(near) if v >= lo and v != right]
    rng.shuffle(likely)
    sides = []
    for side in (-1, 1):
        steps = [right + side * d for d in range(1, n + 1)]
        ordered = [v for v in likely if (v - right) * side > 0] + [v for v in steps if v >= lo]
        sides.append(list(dict.fromkeys(ordered)))
    below, above = sides
    counts = [b for b in range(n) if b <= len(below) and n - 1 - b <= len(above)]
    b = rng.choice(counts)
    return sorted([*below[:b], right, *above[: n - 1 - b]])


def yes_no(lang: str) -> tuple[str, str]:
    """The words "yes" and "no" in ``lang``, the choices of a yes/no question."""
    check_lang(lang)
    return TEXT.t("yes", lang), TEXT.t("no", lang)


def pick_target(rng: random.Random, answers: Sequence[Any]) -> Any:
    """An answer to aim the position at: so that the right answer differs from seed to seed."""
    if (
        isinstance(answers, (str, bytes))
        or not isinstance(answers, (list, tuple, range, set, frozenset))
        or not answers
    ):
        raise TcgError(f"answers must be a non-empty list of answers, not {shown(answers)}")
    return _rng(rng).choice(list(answers))
