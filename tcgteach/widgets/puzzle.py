"""The puzzle pane: a set of puzzles played in order, as a learner plays them.

``PuzzlePane("dragonquest", lang="ja")`` (the game's shipped set), ``PuzzlePane(load_puzzles(path))`` or
``PuzzlePane("my_puzzles.json")`` (a teacher's file, checked and proved as ``load_puzzles`` does). It shows
the puzzle's title, its goal, the board as the puzzle's seat sees it and the first choices as buttons with
their words. A wrong choice is played out on the board with the line that refutes it and the rules that
decide it (their titles beside their IDs); "Try again" puts the puzzle back. A right one is played, and
the rest of its line follows one move at a time ("Next move", "Play to the end"), every move with its
events and their rules, until the goal is met. "Hint" shows the puzzle's hint. Previous / Next move through
the set; the score counts the puzzles solved at the first try out of those tried, and the last one ends
with a summary. ``lesson_puzzles(lesson)`` is the pair of puzzles at the end of a lesson.

The pane is built from the shared panes (a :class:`tcgteach.widgets.panes.Table` over the run's session,
the :class:`tcgteach.widgets.panes.BoardPane`) over a UI-free :class:`tcgteach.puzzle_run.PuzzleRun`.
Every control is a real button with a text label, every callback guarded (an error is a short message,
never a traceback), and a button made for an earlier position is refused.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

import tcgteach

from ..core.checks import check_bool, check_lang, check_text
from ..core.errors import TcgError
from ..puzzle_run import Move, Phase, PuzzleRun, lesson_puzzle_list, rule_title
from .puzzle_look import CSS, TEXT, stars
from .table import SHOWN_BUTTON, WORDS, Table
from .views import BoardPane

__all__ = ["PuzzlePane", "lesson_puzzles", "puzzle_set"]


def puzzle_set(puzzles: Any) -> Any:
    """The puzzles a pane or a command plays: a game's name (its shipped set), a puzzle file's path or data
    (``load_puzzles``: checked and proved), a ``PuzzleSet`` or a list of puzzles."""
    from ..puzzles import builtin, load_puzzles

    if isinstance(puzzles, str) and puzzles in tcgteach.games():
        return builtin(puzzles)
    if isinstance(puzzles, (str, Path, dict)):
        return load_puzzles(puzzles)
    if isinstance(puzzles, Sequence):
        return puzzles
    raise TcgError(
        f"puzzles: a game's name ({', '.join(tcgteach.games())}), a puzzle file, a PuzzleSet or a list of "
        f"puzzles, not {type(puzzles).__name__}"
    )


class PuzzlePane(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A set of puzzles played in order (see the module docstring): a widget.

    ``puzzles``: a game's name, a puzzle file (path or data), a ``PuzzleSet`` or a list of puzzles; ``lang``:
    "en" or "ja"; ``projector``: large text (card text ≥ 16 px); ``title``: the heading ("Puzzles").
    ``answer(i)``, ``advance()``, ``play_out()``, ``try_again()``, ``show_hint()``, ``next()``,
    ``previous()`` are what the buttons do; ``run`` is the play-through (its ``score``)."""

    TEXT = WORDS | TEXT

    def __init__(
        self,
        puzzles: Any = "darkmoon",
        *,
        lang: str = "en",
        projector: bool = False,
        title: str | None = None,
    ) -> None:
        super().__init__()
        check_lang(lang)
        check_bool(projector, "projector")
        if title is not None:
            check_text(title, "title", limit=200)
        self.puzzles = puzzle_set(puzzles)
        self.run = PuzzleRun(self.puzzles)
        self.lang = lang
        self.heading = title
        self.table = Table(self.run.session, lang=lang, text=self.TEXT)
        self.table.perspective = lambda: self.run.puzzle.seat
        self.board = BoardPane(self.table)
        self._build()
        self.add_class("tcg-puzzle")
        self.set_projector(projector)
        self.refresh()

    # -- construction -----------------------------------------------------------------------------------
    def _button(self, key: str, fn: Any, cls: str, style: str = "") -> Any:
        b = w.Button(description=self._t(key), button_style=style, layout=w.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(self.table.guard(lambda _b: fn()))
        return b

    def _build(self) -> None:
        self.header = w.HTML()
        self.header.add_class("tcg-pz-head")
        self.title_html = w.HTML()
        self.title_html.add_class("tcg-pz-title")
        self.goal = w.HTML()
        self.goal.add_class("tcg-pz-goal-box")
        self.message = w.HTML()
        self.message.add_class("tcg-pz-message")
        self.table.listen_message(self._show_message)
        self.prompt = w.HTML()
        self.prompt.add_class("tcg-pz-prompt")
        self.choice_box = w.VBox([])
        self.choice_box.add_class("tcg-pz-choices")
        self.choice_buttons: list[Any] = []
        self.feedback = w.HTML()
        self.feedback.add_class("tcg-pz-feedback")
        self.next_move_button = self._button("next_move", self.advance, "tcg-pz-next-move", "primary")
        self.play_out_button = self._button("play_out", self.play_out, "tcg-pz-play-out")
        self.try_again_button = self._button("try_again", self.try_again, "tcg-pz-try-again", "warning")
        self.line_bar = w.HBox([self.next_move_button, self.play_out_button, self.try_again_button])
        self.line_bar.add_class("tcg-pz-bar")
        self.hint_button = self._button("hint", self.show_hint, "tcg-pz-hint")
        self.hint_text = w.HTML()
        self.hint_text.add_class("tcg-pz-hint-box")
        self.previous_button = self._button("previous", self.previous, "tcg-pz-previous")
        self.next_button = self._button("next_puzzle", self.next, "tcg-pz-next", "success")
        self.again_button = self._button("again", self.restart_set, "tcg-pz-again", "primary")
        from .links import LinkPane

        self.link_pane = LinkPane(self.table, self.link)  # Copy link: opens the classroom at this puzzle
        self.nav = w.HBox([self.hint_button, self.previous_button, self.next_button, self.link_pane])
        self.nav.add_class("tcg-pz-bar")
        self.summary = w.HTML()
        self.summary.add_class("tcg-pz-summary")
        self.caption = w.HTML()
        self.caption.add_class("tcg-pz-caption")
        board_col = w.VBox([self.caption, self.board])
        board_col.add_class("tcg-pz-board-col")
        side = w.VBox(
            [
                self.summary,
                self.again_button,
                self.goal,
                self.prompt,
                self.choice_box,
                self.feedback,
                self.line_bar,
                self.hint_text,
                self.nav,
                self.summary,
            ]
        )
        side.add_class("tcg-pz-side")
        main = w.HBox([board_col, side])
        main.add_class("tcg-pz-main")
        self.children = [w.HTML(CSS), self.header, self.title_html, self.message, main]

    def _t(self, key: str, **fmt: Any) -> str:
        return self.TEXT.t(key, self.lang, **fmt)

    # -- commands (what the buttons do) -------------------------------------------------------------------
    def answer(self, choice: Any) -> Any:
        """Choose a first move: its number in the choices (from 0, as the buttons are), an action or its text.
        Returns the verdict (``tcgteach.puzzles.Verdict``)."""
        if isinstance(choice, int) and not isinstance(choice, bool):
            choice += 1  # the run counts from 1, as a person types it
        self._say("")
        verdict = self.run.answer(choice)
        self.refresh()
        self._focus()
        return verdict

    def advance(self) -> Move | None:
        """The next move of the line (after a right choice)."""
        move = self.run.advance()
        self.refresh()
        self._focus()
        return move

    def play_out(self) -> list[Move]:
        """The rest of the line at once."""
        moves = self.run.play_out()
        self.refresh()
        return moves

    def try_again(self) -> None:
        """The puzzle back at its start (after a wrong choice), its wrong choices still marked."""
        self.run.reset()
        self.refresh()

    def show_hint(self) -> str:
        """The puzzle's hint, shown under the choices."""
        text = self.run.hint(self.lang) or self._t("no_hint")
        self.refresh()
        return text

    def next(self) -> bool:
        """The next puzzle (False at the last one: a message)."""
        moved = self.run.next()
        self._say("" if moved else self._t("at_last"))
        self.refresh()
        return moved

    def previous(self) -> bool:
        """Go to the previous puzzle of the set; False (and a note) at the first one."""
        moved = self.run.previous()
        self._say("" if moved else self._t("at_first"))
        self.refresh()
        return moved

    def go(self, index: int) -> None:
        """Puzzle ``index`` (from 0)."""
        self.run.go(index)
        self._say("")
        self.refresh()

    def restart_set(self) -> None:
        """The set again from the first puzzle, with a new score."""
        self.run.restart_set()
        self._say("")
        self.refresh()

    def set_lang(self, lang: str) -> None:
        """Every word in ``lang``; the puzzle and what was played stay."""
        check_lang(lang)
        self.lang = self.table.lang = lang
        for b, key in (
            (self.next_move_button, "next_move"),
            (self.play_out_button, "play_out"),
            (self.try_again_button, "try_again"),
            (self.hint_button, "hint"),
            (self.previous_button, "previous"),
            (self.next_button, "next_puzzle"),
            (self.again_button, "again"),
        ):
            b.description = self._t(key)
        self._say("")
        self.refresh()

    def set_projector(self, on: bool) -> None:
        """Projector mode: the class ``tcg-projector`` (card text and choices ≥ 16 px)."""
        check_bool(on, "on")
        if on:
            self.add_class("tcg-projector")
        else:
            self.remove_class("tcg-projector")

    def link_target(self) -> dict[str, Any]:
        """What a link to the puzzle on the table names: its game, its set (the file it came from, "" for the
        game's shipped set), its id and its place in the set (from 0)."""
        from ..puzzles.files import DATA

        source = str(getattr(self.puzzles, "source", "") or "")
        shipped = source and Path(source).resolve().parent == Path(DATA).resolve()
        p = self.run.puzzle
        return {"game": p.game, "set": "" if shipped else source, "puzzle": p.id, "index": self.run.index}

    def link(self) -> str:
        """The link fragment of the puzzle on the table (``tcgteach.links``): a shipped puzzle by its id, a
        teacher's puzzle inline (its file with that one puzzle, proved again when the link is opened)."""
        from ..links import puzzle_link

        target = self.link_target()
        if not target["set"]:
            return puzzle_link(target["game"], set="builtin", id=target["puzzle"], lang=self.lang)
        data = self.puzzles.to_dict()
        data["puzzles"] = [p for p in data["puzzles"] if p.get("id") == target["puzzle"]]
        return puzzle_link(target["game"], inline=data, lang=self.lang)

    # -- drawing ---------------------------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        self.table.say(text, error)

    def _show_message(self) -> None:
        text, error = self.table.message
        color = "#b71c1c" if error else "#37474f"
        self.message.value = (
            f'<div class="tcg-message" role="alert" style="color:{color};font-weight:600">'
            f"{'⚠ ' if error else ''}{html.escape(text)}</div>"
            if text
            else ""
        )

    def refresh(self) -> None:
        """Show the run as it is: header, goal, board, choices, feedback and the buttons that apply."""
        run = self.run
        p = run.puzzle
        self._header()
        self.title_html.value = f"<div>{html.escape(p.title.get(self.lang) or p.title.get('en') or p.id)}</div>"
        self.goal.value = (
            f"<div class='tcg-pz-goal'><span class='tcg-pz-goal-label'>{html.escape(self._t('goal'))}</span>"
            f"{html.escape(p.goal.text(self.lang))}</div>"
        )
        n = len(run.moves)
        self.caption.value = html.escape(
            self._t("board_start") if n == 0 else self._t("board_after_1") if n == 1 else self._t("board_after", n=n)
        )
        self.table.render()
        self._choices()
        self.feedback.value = self._feedback()
        self._buttons()
        gap = "" if self.lang == "ja" else " "
        self.hint_text.value = (
            f"<div class='tcg-pz-hint-text'><b>{html.escape(self._t('hint_head'))}</b>{gap}"
            f"{html.escape(p.hint.get(self.lang) or p.hint.get('en') or self._t('no_hint'))}</div>"
            if run.record.hint
            else ""
        )
        self.summary.value = self._summary() if run.at_end else ""

    def _header(self) -> None:
        run = self.run
        right, tried = run.score
        score = self._t("score", right=right, tried=tried) if tried else self._t("score_none")
        title = self.heading or _set_title(self.puzzles, self.lang) or self._t("title")
        sep = "・" if self.lang == "ja" else " · "
        parts = [
            f"<b>{html.escape(title)}</b>",
            html.escape(self._t("progress", i=run.index + 1, n=len(run.puzzles))),
            html.escape(self._t("difficulty", stars=stars(run.puzzle.difficulty))),
            f"<span class='tcg-pz-score'>{html.escape(score)}</span>",
        ]
        self.header.value = sep.join(parts)

    def _choices(self) -> None:
        """One button per first choice, in the engine's order: the wrong ones tried marked and disabled, the
        right one marked once found; all disabled while the line plays."""
        run = self.run
        state_words = run.choice_words(self.lang)
        version = run.version
        old = self.choice_buttons
        # the same choices as on screen: the buttons stay (a refresh that made new ones could swallow a click made
        # meanwhile on the old ones, seen in chromium under load); each keeps the version it answers for
        keep = [b.tooltip for b in old] == [text for text, _ in state_words]
        buttons = []
        for i, (text, words) in enumerate(state_words):
            if keep:
                b = old[i]
                b.description, b.button_style, b.disabled = words, "", False
            else:
                b = w.Button(description=words, tooltip=text, layout=w.Layout(width="100%"))
                b.add_class("tcg-pz-choice")
                b.on_click(self.table.guard(self._click(i, b)))
            b.tcg_version = version
            if text in run.record.wrong:
                b.button_style, b.disabled = "danger", True
                b.description = self._t("tried_wrong", what=words)
            elif run.verdict is not None and run.verdict.right and text == run.verdict.action:
                b.button_style = "success"
                b.description = f"✓ {words}"
            b.disabled = b.disabled or run.phase in (Phase.LINE, Phase.SOLVED)
            buttons.append(b)
        if keep:
            return self._prompt()
        self.choice_buttons = buttons
        self.choice_box.children = buttons
        for b in old:
            b.close()
        self._prompt()

    def _prompt(self) -> None:
        run = self.run
        seat = run.puzzle.seat + 1
        key = {Phase.ASK: "you_are", Phase.REFUTED: "choose_again"}.get(run.phase, "you_were")
        self.prompt.value = html.escape(self._t(key, n=seat))

    def _click(self, index: int, button: Any) -> Any:
        def click(_b: Any) -> None:
            if button.tcg_version != self.run.version:
                raise TcgError(self._t("stale"))
            self.answer(index)

        return click

    def _focus(self) -> None:
        """Keyboard users: the focus on what comes next (the next move, the next puzzle, another choice)."""
        phase = self.run.phase
        if phase is Phase.LINE:
            self.next_move_button.focus()
        elif phase is Phase.SOLVED:
            (self.again_button if self.run.at_end else self.next_button).focus()
        else:
            free = [b for b in self.choice_buttons if not b.disabled]
            if free:
                free[0].focus()

    def _buttons(self) -> None:
        run = self.run
        phase = run.phase
        self.next_move_button.layout.display = SHOWN_BUTTON if phase is Phase.LINE else "none"
        self.play_out_button.layout.display = SHOWN_BUTTON if phase is Phase.LINE and len(run.rest) > 1 else "none"
        self.try_again_button.layout.display = SHOWN_BUTTON if phase is Phase.REFUTED else "none"
        last = run.index == len(run.puzzles) - 1
        self.previous_button.disabled = run.index == 0
        self.next_button.disabled = last
        self.next_button.button_style = "success" if phase is Phase.SOLVED and not last else ""
        self.hint_button.disabled = run.record.hint or phase in (Phase.LINE, Phase.SOLVED)
        self.again_button.layout.display = SHOWN_BUTTON if run.at_end else "none"
        self.again_button.layout.align_self = "flex-start"

    def _feedback(self) -> str:
        run = self.run
        v = run.verdict
        parts = []
        if run.record.solved and v is None:
            parts.append(f"<p><i>{html.escape(self._t('solved_before'))}</i></p>")
        if v is None:
            return "".join(parts)
        choice = run.moves[0].said[self.lang] if run.moves else v.action
        if v.right:
            parts.append(f"<div class='tcg-pz-verdict tcg-pz-right'>✓ {html.escape(self._t('right'))}</div>")
            parts.append(f"<div>{html.escape(self._t('right_why', choice=choice))}</div>")
            parts.append(self._moves_html(run.moves))
            if run.phase is Phase.LINE:
                left = len(run.rest)
                more = self._t("move_left") if left == 1 else self._t("moves_left", n=left)
                parts.append(f"<div>{html.escape(more)}</div>")
            else:
                parts.append(f"<div class='tcg-pz-met'>✓ {html.escape(self._t('goal_met'))}</div>")
                parts.append(self._rules_html(v.rules, "line_rules"))
            return "".join(parts)
        parts.append(f"<div class='tcg-pz-verdict tcg-pz-wrong'>✗ {html.escape(self._t('wrong'))}</div>")
        parts.append(self._rules_html(v.rules, "rules_decide"))  # the lesson first, then how it went
        if len(run.moves) > 1:
            parts.append(f"<div>{html.escape(self._t('wrong_after', choice=choice))}</div>")
            parts.append(self._moves_html(run.moves))
            parts.append(f"<div><b>{html.escape(self._t('out_of_reach'))}</b></div>")
        else:
            parts.append(f"<div>{html.escape(self._t('wrong_now', choice=choice))}</div>")
            parts.append(self._moves_html(run.moves))
        return "".join(parts)

    def _moves_html(self, moves: Sequence[Move]) -> str:
        """Each move (who, what) with its events and their rule IDs, in a box that scrolls."""
        if not moves:
            return ""
        seat = self.run.puzzle.seat
        rows = []
        for m in moves:
            mine = m.seat == seat
            who = self._t("who_you", n=seat + 1) if mine else self._t("other", n=m.seat + 1)
            sep = "：" if self.lang == "ja" else ": "
            rows.append(
                f"<div class='tcg-pz-move {'tcg-pz-mine' if mine else 'tcg-pz-theirs'}' data-action='"
                f"{html.escape(m.action)}'>{html.escape(who + sep + m.said[self.lang])}</div>"
            )
            for rule, words in m.events:
                title = html.escape(rule_title(self.run.game, rule, self.lang))
                rows.append(
                    f"<div class='tcg-log-line' data-rule='{html.escape(rule)}' title='{title}'>"
                    f"<code>[{html.escape(rule)}]</code> {html.escape(words[self.lang])}</div>"
                )
        # the line as it plays keeps its newest move in view (a box scrolled to its end, as the log pane does);
        # a refutation is read from its first move
        follow = " tcg-pz-follow" if self.run.phase in (Phase.LINE, Phase.SOLVED) else ""
        return f"<div class='tcg-pz-moves{follow}'><div>{''.join(rows)}</div></div>"

    def _rules_html(self, rules: Sequence[str], key: str) -> str:
        if not rules:
            return ""
        game = self.run.game
        items = "".join(
            f"<li data-rule='{html.escape(r)}'><code>{html.escape(r)}</code> "
            f"{html.escape(rule_title(game, r, self.lang))}</li>"
            for r in rules
        )
        head = html.escape(self._t(key))
        return f"<div class='tcg-pz-rules-box'><b>{head}</b><ul class='tcg-pz-rules'>{items}</ul></div>"

    def _summary(self) -> str:
        run = self.run
        right, _ = run.score
        rows = []
        for i, (p, rec) in enumerate(zip(run.puzzles, run.records, strict=True), 1):
            if rec.first_try:
                how = self._t("first_try")
            elif rec.solved:
                how = self._t("after_tries", k=len(rec.wrong))
            else:
                how = self._t("not_solved")
            if rec.hint:
                how += self._t("with_hint")
            title = p.title.get(self.lang) or p.title.get("en") or p.id
            rows.append(f"<tr><td>{i}</td><td>{html.escape(title)}</td><td>{html.escape(how)}</td></tr>")
        done = self._t("done", right=right, n=len(run.puzzles))
        return f"<div class='tcg-pz-done'>{html.escape(done)}</div><table>{''.join(rows)}</table>"


def _set_title(puzzles: Any, lang: str) -> str:
    title = getattr(puzzles, "title", None) or {}
    return str(title.get(lang) or title.get("en") or "")


def lesson_puzzles(lesson: str, lang: str = "en", *, projector: bool = False) -> PuzzlePane:
    """The two puzzles that end a lesson: from the shipped sets, those whose rules the lesson teaches most
    (``puzzle_run.lesson_puzzle_list``), played in the pane."""
    check_lang(lang)
    return PuzzlePane(lesson_puzzle_list(lesson), lang=lang, projector=projector, title=TEXT.t("lesson_title", lang))
