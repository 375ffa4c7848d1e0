"""Quiz widgets: predict, then see. ``Quiz`` asks questions about generated positions (``tcgteach.quiz``);
``SelfCheck`` is the short quiz at the end of each lesson.

A question shows the board and asks what the engine will do; one button per answer. A click marks the
answer right or wrong, plays the position out (the events with their rule IDs) and explains why;
"Next question" moves on. Each quiz keeps its own score, and ``session_score()`` the kernel's total.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

import tcgteach

from ..core.checks import check_int, check_list, check_text
from ..core.errors import TcgError
from ..core.game import Game
from ..i18n import LANGS, Text
from ..quiz import Question, Score, kinds, make_question
from .table import SHOWN_BUTTON

TEXT = Text(
    {
        "title": ("Quiz: predict, then see", "クイズ：予想してから確かめよう"),
        "self_check": ("Self-check", "おさらいクイズ"),
        "progress": ("Question {i} of {n}", "第{i}問（全{n}問）"),
        "session": ("(this session: {s})", "（このノートブックでの合計：{s}）"),
        "right": ("Right!", "正解！"),
        "wrong": ("Not quite: the answer is “{a}”.", "残念！正解は「{a}」です。"),
        "why": ("Why:", "理由："),
        "played": ("What the engine does", "エンジンが実際に進めると"),
        "nothing": (
            "(no move is played: the rules decide it as the board stands)",
            "（手は進めません。いまの盤面のままルールで決まります）",
        ),
        "next": ("Next question", "次の問題へ"),
        "again": ("New questions", "新しい問題でもう一度"),
        "done": ("Done: {s}.", "おしまい！結果：{s}。"),
        "board_before": ("The position", "問題の局面"),
        "board_after": ("After playing it out", "進めたあとの局面"),
        "answered": (
            "This question is answered: press Next question.",
            "この問題は回答済みです。「次の問題へ」を押してください。",
        ),
        "stale": ("That button belongs to an earlier question.", "そのボタンは前の問題のものです。"),
    }
)

#: a fragment that only cites rules, "(DM-4.4)" or "（DQ-7.7, DQ-7.8）": it stays with the sentence before it
_RULES_ONLY = re.compile(r"[（(]\s*(?:DM|DQ)-[^()（）]*[)）]")


def explanation_points(text: str, lang: str) -> list[str]:
    """A question's explanation as short points, one sentence each (the quiz shows them as a list).

    Japanese splits after each 。, English after a full stop followed by a space and a capital or a bracket;
    never inside brackets. A trailing rule citation stays with the sentence before it, and a one-word answer
    (「いいえ。」) with the sentence after it.
    """
    ja = lang == "ja"
    parts: list[str] = []
    depth, begin = 0, 0
    for i, ch in enumerate(text):
        if ch in "（(「『":
            depth += 1
        elif ch in "）)」』":
            depth = max(0, depth - 1)
        elif depth == 0 and (
            (ja and ch == "。")
            or (not ja and ch in ".!?" and text[i + 1 : i + 2] == " " and re.match(r"[A-Z(“\"]", text[i + 2 : i + 3]))
        ):
            parts.append(text[begin : i + 1])
            begin = i + 1
    parts.append(text[begin:])
    out: list[str] = []
    carry = ""
    for part in (x.strip() for x in parts):
        if not part:
            continue
        if out and not carry and _RULES_ONLY.fullmatch(part):
            out[-1] += ("" if ja else " ") + part
        elif ja and len(part) <= 4:
            carry += part
        else:
            out.append(carry + part)
            carry = ""
    if carry:
        out.append(carry)
    return out or [text]


CSS = """<style>
.tcg-quiz{font-size:18px;line-height:1.45;max-width:1320px}
.tcg-quiz .tcg-quiz-head{font-size:18px;color:#37474f}
.tcg-quiz .tcg-quiz-prompt{font-size:21px;font-weight:600;margin:6px 0}
.tcg-quiz .tcg-quiz-choices{display:flex;flex-flow:row wrap;gap:6px}
.tcg-quiz .tcg-quiz-choices button,.tcg-quiz button{font-size:18px;white-space:normal;height:auto;min-height:40px;
  line-height:1.3;padding:6px 14px;max-width:100%;text-align:left}
.tcg-quiz .tcg-quiz-feedback{font-size:18px}
.tcg-quiz .tcg-quiz-feedback .tcg-log-line{font-size:16px;margin:1px 0}
.tcg-quiz .tcg-quiz-board .tcg-board{max-width:100%;box-sizing:border-box;font-size:16px}
.tcg-quiz .tcg-quiz-board .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-quiz .tcg-quiz-right{color:#1b5e20;font-weight:700}
.tcg-quiz .tcg-quiz-wrong{color:#b71c1c;font-weight:700}
</style>"""

#: the kernel's total over every quiz and self-check (a session of a lesson or the classroom)
SESSION = Score()


def session_score() -> Score:
    """The score of every quiz answered in this kernel."""
    return SESSION


#: lesson id -> the questions of its self-check, (game, kind) in the order they come; each kind asks about
#: rules its lesson teaches (the lesson index ``tcgteach/data/lessons.json`` lists them)
LESSONS: dict[str, tuple[tuple[str, str], ...]] = {
    "00_first_look": (
        ("darkmoon", "reveal"),
        ("dragonquest", "first_strike"),
        ("dragonquest", "damage_cards"),
        ("dragonquest", "counter_back"),
    ),
    "01_darkmoon": (
        ("darkmoon", "actions_left"),
        ("darkmoon", "reveal"),
        ("darkmoon", "can_form_unit"),
        ("darkmoon", "end_armed"),
        ("darkmoon", "last_turn"),
        ("darkmoon", "score"),
        ("darkmoon", "special_bonus"),
    ),
    "02_dragonquest": (
        ("dragonquest", "income"),
        ("dragonquest", "level_next"),
        ("dragonquest", "damage_cards"),
        ("dragonquest", "wipe_out"),
        ("dragonquest", "defeat_gp"),
        ("dragonquest", "can_attack"),
    ),
    "03_dragonquest_combat": (
        ("dragonquest", "first_strike"),
        ("dragonquest", "counter_back"),
        ("dragonquest", "who_defends"),
        ("dragonquest", "can_attack"),
        ("dragonquest", "damage_cards"),
        ("dragonquest", "defeat_gp"),
        ("dragonquest", "poison"),
        ("dragonquest", "wipe_out"),
    ),
    "04_compare_designs": (
        ("darkmoon", "last_turn"),
        ("dragonquest", "damage_cards"),
        ("darkmoon", "winner"),
        ("dragonquest", "wipe_out"),
        ("darkmoon", "actions_left"),
        ("dragonquest", "income"),
    ),
    "06_learn_from_a_game": (
        ("darkmoon", "score"),
        ("dragonquest", "first_strike"),
        ("darkmoon", "end_armed"),
        ("dragonquest", "damage_cards"),
        ("darkmoon", "winner"),
    ),
    "07_measure_a_design": (
        ("darkmoon", "actions_left"),
        ("dragonquest", "wipe_out"),
        ("darkmoon", "last_turn"),
        ("dragonquest", "damage_cards"),
        ("darkmoon", "winner"),
    ),
}


def _plan(games: Sequence[str], kinds_: Sequence[str] | None) -> list[tuple[str, str]]:
    """Every (game, kind) a quiz may ask: ``kinds_`` are "kind" (of the only game) or "game:kind"."""
    if kinds_ is None:
        return [(g, k) for g in games for k in kinds(g)]
    out = []
    for entry in kinds_:
        if not isinstance(entry, str):
            raise TcgError(f"quiz kind {entry!r}: a kind is a name such as 'reveal' or 'darkmoon:reveal'")
        g, _, k = entry.rpartition(":")
        if not g:
            if len(games) != 1:
                raise TcgError(f"quiz kind {entry!r}: with several games write it as 'game:kind'")
            g = games[0]
        if g not in games:
            raise TcgError(f"quiz kind {entry!r}: this quiz is about {', '.join(games)}")
        valid = kinds(g)
        if k not in valid:
            raise TcgError(f"no quiz kind {k!r} for {g}; its kinds are: {', '.join(valid)}")
        out.append((g, k))
    if not out:
        raise TcgError("a quiz needs at least one kind of question")
    return out


class Quiz(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """``Quiz("dragonquest", kinds=["first_strike", "poison"], seed=3, questions=5, lang="ja")``.

    ``game`` is a game name, a ``Game`` (its card pool deals the positions: a user's own cards) or a list of
    them (a mixed quiz); ``kinds`` the kinds to ask (default: all
    of the game's), cycled in an order the seed shuffles; ``seed`` None draws one. ``answer(i)`` and
    ``next()`` are what the buttons do; ``score`` is this quiz's, ``session_score()`` the kernel's.
    """

    def __init__(
        self,
        game: Any = "darkmoon",
        kinds: Sequence[str] | None = None,
        seed: int | None = None,
        questions: int = 5,
        lang: str = "en",
        *,
        plan: Sequence[tuple[str, str]] | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        _check_quiz(game, kinds, questions, plan, title)
        given = [game] if isinstance(game, (str, Game)) else list(game)
        #: a Game given (e.g. the classroom's, with the user's card pool): its questions are dealt from it
        self._games = {g.name: g for g in given if isinstance(g, Game)}
        games = [g.name if isinstance(g, Game) else g for g in given]
        for g in games:
            if g not in tcgteach.games():
                raise TcgError(f"game {g!r}: the quiz knows {', '.join(tcgteach.games())}")
        if lang not in LANGS:
            raise TcgError(f"language {lang!r}: choose one of {', '.join(LANGS)}")
        if not isinstance(questions, int) or isinstance(questions, bool) or questions < 1:
            raise TcgError(f"questions={questions!r}: a quiz asks a whole number >= 1 of questions")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TcgError(f"seed {seed!r}: a quiz seed is a whole number or None")
        self.games = games
        self.lang = lang
        self.n = questions
        self.seed = random.randrange(1_000_000) if seed is None else seed
        self.pool = list(plan) if plan is not None else _plan(games, kinds)
        self.title_key = title or "title"
        self.score = Score()
        self.add_class("tcg-quiz")
        self.header = w.HTML()
        self.header.add_class("tcg-quiz-head")
        self.board = w.HTML(layout=w.Layout(width="100%", overflow="auto"))
        self.board.add_class("tcg-quiz-board")
        self.prompt = w.HTML()
        self.prompt.add_class("tcg-quiz-prompt")
        self.choices = w.Box(layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.choices.add_class("tcg-quiz-choices")
        self.feedback = w.HTML()
        self.feedback.add_class("tcg-quiz-feedback")
        self.message = w.HTML()
        self.next_button = w.Button(
            description=TEXT.t("next", lang),
            button_style="primary",
            layout=w.Layout(width="auto", align_self="flex-start"),
        )
        self.next_button.add_class("tcg-quiz-next")
        self.next_button.on_click(lambda _b: self.next())
        self.children = [
            w.HTML(CSS),
            self.header,
            self.prompt,
            self.choices,
            self.message,
            self.feedback,
            self.next_button,
            self.board,
        ]
        self._start()

    # -- the questions ------------------------------------------------------------------------------------
    def _start(self) -> None:
        rng = random.Random(f"quiz:{self.seed}")
        order = self.pool[:]
        rng.shuffle(order)
        self.plan = [order[i % len(order)] for i in range(self.n)]
        self.seeds = [rng.randrange(1_000_000) for _ in range(self.n)]
        self.index = 0
        self.chosen: int | None = None
        self.score = Score()
        self._ask()

    def _make(self) -> Question:
        g, k = self.plan[self.index]
        return make_question(self._games.get(g, g), k, self.seeds[self.index], self.lang)

    def _ask(self) -> None:
        self.question = self._make()
        self.chosen = None
        self.message.value = ""
        self._render()

    def answer(self, choice: int) -> bool:
        """Answer the current question with choice ``choice`` (what its button does); returns whether right."""
        if self.chosen is not None:
            self._say(TEXT.t("answered", self.lang))
            return False
        ok = self.question.is_right(choice)
        self.chosen = choice
        self.score.record(self.question, choice)
        SESSION.record(self.question, choice)
        self._render()
        return ok

    def next(self) -> None:
        """The next question (after the last: a new set of questions from the next seed)."""
        if self.index + 1 >= self.n:
            self.seed += 1
            self._start()
            return
        self.index += 1
        self._ask()

    @property
    def finished(self) -> bool:
        """Whether the last question has been answered."""
        return self.chosen is not None and self.index + 1 >= self.n

    def set_lang(self, lang: str) -> None:
        """Every text in ``lang``: the same question (the same seed gives the same position), answered or not."""
        if lang not in LANGS:
            raise TcgError(f"language {lang!r}: choose one of {', '.join(LANGS)}")
        self.lang = lang
        self.question = self._make()
        self._render()

    # -- drawing ---------------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message.value = f"<p style='color:#b71c1c;margin:2px 0'>{html.escape(text)}</p>"

    def _click(self, index: int, choice: int) -> Any:
        def run(_b: Any) -> None:
            if index != self.index:
                self._say(TEXT.t("stale", self.lang))
                return
            self.answer(choice)

        return run

    def _render(self) -> None:
        q, lang = self.question, self.lang
        game = tcgteach.game(q.game)
        title = TEXT.t(self.title_key, lang)
        gname = game.title.get(lang, game.title["en"])
        self.header.value = (
            f"<b>{html.escape(title)}</b> — {html.escape(gname)} · "
            f"{html.escape(TEXT.t('progress', lang, i=self.index + 1, n=self.n))} · "
            f"<span class='tcg-quiz-score'>{html.escape(self.score.text(lang))}</span>"
        )
        if SESSION.asked > self.score.asked:  # other quizzes of this session count too
            self.header.value += f" <small>{html.escape(TEXT.t('session', lang, s=SESSION.text(lang)))}</small>"
        self.prompt.value = f"<p style='margin:4px 0'>{html.escape(q.prompt)}</p>"
        answered = self.chosen is not None
        buttons = []
        for i, text in enumerate(q.choices):
            b = w.Button(description=text, layout=w.Layout(width="auto", max_width="100%"), tooltip=text)
            b.add_class("tcg-quiz-choice")
            if answered:
                b.disabled = True
                if i == q.answer:
                    b.button_style = "success"
                elif i == self.chosen:
                    b.button_style = "danger"
            b.on_click(self._click(self.index, i))
            buttons.append(b)
        for old in self.choices.children:
            old.close()
        self.choices.children = buttons
        self.next_button.description = TEXT.t("again" if self.finished else "next", lang)
        self.next_button.layout.display = SHOWN_BUTTON if answered else "none"
        played = answered and bool(q.events)
        caption = TEXT.t("board_after" if played else "board_before", lang)
        self.board.value = f"<div style='font-weight:600;margin:6px 0 2px'>{html.escape(caption)}</div>" + q.board_html(
            lang, after=played
        )
        if not answered:
            self.feedback.value = ""
            return
        ok = self.chosen == q.answer
        verdict = (
            f"<span class='tcg-quiz-right'>{html.escape(TEXT.t('right', lang))}</span>"
            if ok
            else f"<span class='tcg-quiz-wrong'>{html.escape(TEXT.t('wrong', lang, a=q.right))}</span>"
        )
        lines = (
            "".join(
                f'<div class="tcg-log-line" data-rule="{html.escape(rule)}"><code>[{html.escape(rule)}]</code> '
                f"{html.escape(text)}</div>"
                for rule, text in q.event_lines(lang)
            )
            or f"<div><i>{html.escape(TEXT.t('nothing', lang))}</i></div>"
        )
        done = f"<p><b>{html.escape(TEXT.t('done', lang, s=self.score.text(lang)))}</b></p>" if self.finished else ""
        points = explanation_points(q.explanation, lang)
        why = html.escape(TEXT.t("why", lang))
        if len(points) == 1:
            because = f"<p class='tcg-quiz-why' style='margin:4px 0'><b>{why}</b> {html.escape(points[0])}</p>"
        else:
            items = "".join(f"<li>{html.escape(x)}</li>" for x in points)
            because = (
                f"<div class='tcg-quiz-why' style='margin:4px 0'><b>{why}</b>"
                f"<ul style='margin:2px 0 4px;padding-left:1.4em'>{items}</ul></div>"
            )
        self.feedback.value = (
            f"<p style='margin:4px 0'>{verdict}</p>"
            f"{because}"
            f"<details open><summary>{html.escape(TEXT.t('played', lang))}</summary>{lines}</details>{done}"
        )


#: the most questions one quiz asks (a round; the learner starts another for more)
MAX_QUESTIONS = 1000


def _check_quiz(game: Any, kinds: Any, questions: Any, plan: Any, title: Any) -> None:
    """The quiz's settings, each a TcgError naming it (the games and the language are checked below)."""
    if not isinstance(game, (str, Game)):
        check_list(game, "game")
    check_list(kinds, "kinds", none=True)
    if kinds is not None and not all(isinstance(k, str) for k in kinds):
        raise TcgError(f"kinds must be a list of quiz kinds (tcgteach.quiz.kinds(game)), not {kinds!r:.60}")
    check_int(questions, "questions", 1, MAX_QUESTIONS)
    check_list(plan, "plan", none=True)
    if plan is not None and not all(
        isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in plan
    ):
        raise TcgError(f"plan must be a list of (game, kind) pairs, not {plan!r:.60}")
    if title is not None:
        check_text(title, "title", limit=100)
        try:
            TEXT.t(title, "en")
        except KeyError:
            raise TcgError(
                f"title must name one of the quiz's own headings ('title', 'self_check'), not {title!r}"
            ) from None


class SelfCheck(Quiz):
    """The short quiz that ends a lesson: ``SelfCheck("03_dragonquest_combat", lang="ja")`` (see ``LESSONS``)."""

    def __init__(self, lesson: str, lang: str = "en", seed: int | None = None, questions: int = 4) -> None:
        if not isinstance(lesson, str) or lesson not in LESSONS:
            raise TcgError(f"no self-check for lesson {lesson!r}; the lessons are: {', '.join(LESSONS)}")
        plan = LESSONS[lesson]
        games = sorted({g for g, _ in plan})
        self.lesson = lesson
        super().__init__(games, seed=seed, questions=questions, lang=lang, plan=plan, title="self_check")

    def _start(self) -> None:
        """The lesson's questions in the lesson's order (from a seeded starting point), new positions each round."""
        rng = random.Random(f"selfcheck:{self.lesson}:{self.seed}")
        start = rng.randrange(len(self.pool))
        self.plan = [self.pool[(start + i) % len(self.pool)] for i in range(self.n)]
        self.seeds = [rng.randrange(1_000_000) for _ in range(self.n)]
        self.index = 0
        self.chosen = None
        self.score = Score()
        self._ask()
