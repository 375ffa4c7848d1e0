"""The review widget: scrub through a game played, see each seat's chance to win, the moments that decided
it, try a decision again or continue from any position (the engine is :mod:`tcgteach.review`).

    Review(state_or_session_or_record_file, lang="ja", seat=0)

Built from the panes of :mod:`tcgteach.widgets.panes` over one :class:`Table` whose session holds the
position shown: the board, the log and the turn graph are the stepper's own panes. The position is chosen by
the slider (its handle takes ←/→ once clicked or tabbed to), the ◀/▶ buttons, the move list (grouped by
turn, each move with its marks; ↑/↓ move through it) or a click on the win-chance chart. The seat picker
shows what that seat could see then (its view: hidden cards masked); the open view is offered only once the
game is over. The chances are worked out in the kernel's event loop one position at a time, the chart and a
progress bar growing as they come, so the review can be scrubbed meanwhile.
"""

from __future__ import annotations

import asyncio
import html
import sys
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.checks import check_bool, check_int, check_lang, check_number
from ..core.errors import TcgError
from ..i18n import pick
from ..review import Review as Reviewer
from ..review.chances import Chance
from ..review.html import COLOURS, PAD, TOP, W, chart_svg, moment_lines, try_again_html
from ..review.moments import NOISE_RULE, Moment
from ..review.texts import TEXT
from ..session import Session
from .links import LINK_CSS, LinkPane, moment_link
from .panes import PANES_CSS, PERSON, BoardPane, GraphPane, LogPane, Table, close_tree
from .review_look import REVIEW_CSS, RWORDS
from .table import _running_loop

#: rollouts per position in a kernel, and in the browser site (Pyodide runs Python 3-5 times slower)
ROLLOUTS = 24
BROWSER_ROLLOUTS = 6
#: the chart's height in the widget, in the units of its width (900)
CHART_HEIGHT = 220
#: the seat picker's value for the open view (ipywidgets reads a None value as "nothing chosen")
OPEN = -1
#: most click targets laid over the chart (each covers an equal stretch of the game)
MAX_TARGETS = 80


def _default_rollouts() -> int:
    return BROWSER_ROLLOUTS if sys.platform == "emscripten" else ROLLOUTS


def _x_percent(p: int, n: int) -> float:
    """Where position ``p`` of ``n`` lies across the chart, in percent of its width."""
    return 100.0 * (PAD + (W - 2 * PAD) * (p / max(n, 1))) / W


class Review(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The review of one game (a state, a ``Session``, a ``Record`` or a record file), as a widget.

    ``seat``: whose eyes the board is shown through (None: everything, once the game is over; default: P1
    while the game goes on, everything after); ``rollouts`` per position (default 24, 6 in the browser);
    ``start``: work out the chances at once (in a kernel in the background; else before returning). A game
    continued from a position gives the person the seat shown (or the seat to move), the coach the others.
    """

    #: the background work (None outside a kernel; set before anything can fail, so ``close`` always works)
    _task: asyncio.Task[None] | None = None

    def __init__(
        self,
        source: Any,
        *,
        lang: str = "en",
        seat: Any = "default",
        rollouts: Any = None,
        seed: Any = 0,
        projector: Any = False,
        start: Any = True,
        cards: Any = None,
        coach_seconds: Any = 0.5,
    ) -> None:
        check_lang(lang)
        check_bool(projector, "projector")
        check_bool(start, "start")
        check_number(coach_seconds, "coach_seconds", 0.01, 600)
        self.review = Reviewer(
            source, rollouts=_default_rollouts() if rollouts is None else rollouts, seed=seed, cards=cards
        )
        self.timeline = tl = self.review.timeline
        final = tl.final
        self.over = final.is_terminal()
        n = final.num_players
        if seat == "default":
            seat = None if self.over else 0
        if seat is None and not self.over:
            raise TcgError("the open view (seat=None) is shown once the game is over: choose a seat (0..)")
        self.seat: int | None = None if seat is None else check_int(seat, "seat", 0, n - 1)
        self.coach_seconds = coach_seconds
        self.position = len(tl)
        self.session = Session(tl.position(self.position), [None] * n)
        self.table = t = Table(self.session, lang=lang, text=RWORDS)
        t.perspective = lambda: self.seat
        self._chances: list[Chance] = []
        self._syncing = False
        self._try_index: int | None = None
        self.continued: Any = None
        super().__init__()
        self._build()
        self.add_class("tcg-review")
        self.add_class("tcg-play")
        self.set_projector(projector)
        self.show(self.position)
        if start:
            self.start()

    # -- construction ---------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        """The language the review is shown in."""
        return self.table.lang

    def _t(self, key: str, **fmt: Any) -> str:
        return self.table.t(key, **fmt)

    def _build(self) -> None:
        t, g, tl = self.table, self.table.guard, self.timeline
        self.style_html = w.HTML(PANES_CSS + REVIEW_CSS + LINK_CSS)
        self.title = w.HTML()
        self.prev_button = w.Button(description=self._t("prev"))
        self.next_button = w.Button(description=self._t("next"))
        self.prev_button.add_class("tcg-review-prev")
        self.next_button.add_class("tcg-review-next")
        self.prev_button.on_click(g(lambda _b: self.show(self.position - 1)))
        self.next_button.on_click(g(lambda _b: self.show(self.position + 1)))
        self.slider = w.IntSlider(value=len(tl), min=0, max=len(tl), description=self._t("move_slider"))
        self.slider.add_class("tcg-review-slider")
        self.slider.observe(self._unless_syncing(lambda ch: self.show(ch["new"])), names="value")
        self.seat_picker = w.Dropdown(
            options=self._seat_options(), value=OPEN if self.seat is None else self.seat, layout=w.Layout(width="auto")
        )
        self.seat_picker.add_class("tcg-review-seat")
        self.seat_picker.observe(
            self._unless_syncing(lambda ch: self.set_seat(None if ch["new"] == OPEN else ch["new"])), names="value"
        )
        self.continue_button = w.Button(description=self._t("continue"), layout=w.Layout(width="auto"))
        self.continue_button.add_class("tcg-review-continue")
        self.continue_button.on_click(g(lambda _b: self.continue_from(self.position)))
        self.try_button = w.Button(description=self._t("try"), layout=w.Layout(width="auto"))
        self.try_button.add_class("tcg-review-try")
        self.try_button.on_click(g(lambda _b: self.open_try(self.position)))
        self.message = w.HTML()
        self.message.add_class("tcg-review-message")
        t.listen_message(self._show_message)
        self.link_pane = LinkPane(t, self._link)
        self.bar = w.HBox(
            [
                self.prev_button,
                self.slider,
                self.next_button,
                self.seat_picker,
                self.try_button,
                self.continue_button,
                self.link_pane,
            ]
        )
        self.bar.add_class("tcg-review-bar")
        # the chart, its click targets and the marker of the position shown
        self.chart = w.HTML()
        self.marker = w.HTML()
        self.marker.add_class("tcg-review-marker")
        self.hits = w.HBox(self._targets())
        self.hits.add_class("tcg-review-hits")
        chartbox = w.Box([self.chart, self.marker, self.hits])
        chartbox.add_class("tcg-review-chartbox")
        self.progress = w.IntProgress(value=0, min=0, max=len(self.review_points()), layout=w.Layout(width="240px"))
        self.progress.add_class("tcg-review-progress")
        self.progress_label = w.HTML()
        self.progress_label.add_class("tcg-review-progress-label")
        self.estimate_button = w.Button(description=self._t("press_estimate"), layout=w.Layout(width="auto"))
        self.estimate_button.on_click(g(lambda _b: self.start()))
        self.where = w.HTML()
        self.where.add_class("tcg-review-where")
        right = w.VBox([w.HBox([self.progress, self.progress_label]), self.estimate_button, self.where, self.message])
        self.top = w.Box([chartbox, right])
        self.top.add_class("tcg-review-top")
        # the panes of the position shown
        self.board = BoardPane(t)
        self.graph_pane = GraphPane(t)
        self.log_pane = LogPane(t, height=150)
        self.moves = w.Select(options=self._move_rows(), rows=14, layout=w.Layout(width="100%"))
        self.moves.add_class("tcg-review-moves")
        self.moves.observe(self._unless_syncing(lambda ch: self._on_row(ch["new"])), names="index")
        self.moments_box = w.VBox()
        self.moments_box.add_class("tcg-review-moments")
        self.try_box = w.VBox([w.HTML(html.escape(self._t("try_none")))])
        self.try_box.add_class("tcg-review-tries")
        self.tabs = w.Tab([w.VBox([self.moves]), self.moments_box, self.try_box])
        col_board = w.VBox([self.board])
        col_board.add_class("tcg-col-board")
        col_side = w.VBox([self.tabs, self.log_pane])
        col_side.add_class("tcg-col-side")
        col_graph = w.VBox([self.graph_pane])
        col_graph.add_class("tcg-col-graph")
        self.main = w.Box([col_board, col_side, col_graph])
        self.main.add_class("tcg-main")
        self._rows = [self.style_html, self.title, self.bar, self.top, self.main]
        self.children = self._rows
        self._relabel()

    def _link(self) -> str:
        """The game at the move shown, opened in the classroom with the seat reviewed played by a person."""
        final = self.timeline.final
        seats = ["person" if i == self.seat else "heuristic" for i in range(final.num_players)]
        return moment_link(final, self.position, seats=seats, lang=self.lang)

    def _unless_syncing(self, fn: Callable[[Any], Any]) -> Callable[[Any], None]:
        """A guarded observer that ignores the changes the widget makes itself (``show`` moving the slider and the
        move list): those are not a person's clicks, and would be refused as one click too many."""
        guarded = self.table.guard(fn)

        def observe(change: Any) -> None:
            if not self._syncing:
                guarded(change)

        return observe

    def _seat_options(self) -> list[tuple[str, int]]:
        """The seat picker's options: each seat, and the open view (OPEN) once the game is over."""
        n = self.timeline.final.num_players
        options = [(self._t("seat_view", n=s + 1), s) for s in range(n)]
        if self.over:
            options.append((self._t("open_view"), OPEN))
        return options

    def review_points(self) -> list[int]:
        """The positions estimated: every decision and the end."""
        from ..review.chances import points_of

        return points_of(self.timeline)

    def _targets(self) -> list[Any]:
        n = len(self.timeline)
        k = max(1, min(MAX_TARGETS, n + 1))
        layout, style = w.Layout(height="100%"), w.ButtonStyle()  # one of each for all (fewer models in the page)
        out = []
        for c in range(k):
            p = min(n, round((c + 0.5) * (n + 1) / k - 0.5))
            b = w.Button(description="", tooltip=self._t("chart_tip", i=p), layout=layout, style=style)
            b.add_class("tcg-review-hit")
            b.on_click(self.table.guard(lambda _b, p=p: self.show(self._nearest_point(p))))
            out.append(b)
        return out

    def _nearest_point(self, p: int) -> int:
        """The estimated position nearest to ``p`` (``p`` itself before any is)."""
        points: list[int] = [c.index for c in self._chances] or [p]
        return min(points, key=lambda i: (abs(i - p), i))

    def _move_rows(self) -> list[tuple[str, int]]:
        """The move list's rows: (label, position shown) — the start, a header per turn, a sub-header where the
        phase (the flow node the move was chosen in) changes, each move with its marks."""
        tl, lang = self.timeline, self.lang
        nodes = self.review.game.turn_flow.by_id
        rows: list[tuple[str, int]] = [(self._t("start_row"), 0)]
        self._row_of: dict[int, int] = {0: 0}
        turn, phase = None, None
        for m in tl.moves:
            if m.turn and m.turn != turn:
                turn, phase = m.turn, None
                rows.append((self._t("turn_row", n=m.turn), m.index))
            label = pick(nodes[m.node].label, lang) if m.node in nodes else m.node
            if label != phase:
                phase = label
                rows.append((f"   · {label}", m.index))
            who = f"P{m.actor + 1}: " if m.actor is not None else ""
            marks = ", ".join(TEXT.t("mark_" + k, lang) for k in m.marks if k != "turn")
            text = tl.text(m.index, lang, seat=self.seat)
            self._row_of[m.index + 1] = len(rows)
            rows.append((f"{m.index + 1}. {who}{text}" + (f"  [{marks}]" if marks else ""), m.index + 1))
        self._positions_of_rows = [p for _, p in rows]
        return [(label, i) for i, (label, _) in enumerate(rows)]

    def _relabel(self) -> None:
        game = self.review.game
        title = TEXT.t("title", self.lang, game=pick(game.title, self.lang, game.name))
        self.title.value = f"<h3 style='margin:2px 0'>{html.escape(title)}</h3>"
        self.tabs.titles = (self._t("tab_moves"), self._t("tab_moments"), self._t("tab_try"))
        for b, key in (
            (self.prev_button, "prev"),
            (self.next_button, "next"),
            (self.continue_button, "continue"),
            (self.try_button, "try"),
            (self.estimate_button, "press_estimate"),
        ):
            b.description = self._t(key)
        self.slider.description = self._t("move_slider")

    def set_projector(self, on: Any) -> None:
        """Big text for the back of a room (the panes' ``tcg-projector`` look)."""
        if check_bool(on, "on"):
            self.add_class("tcg-projector")
        else:
            self.remove_class("tcg-projector")

    # -- the position shown ----------------------------------------------------------------------------
    def show(self, position: Any) -> None:
        """Show the game after ``position`` moves (0: the start; ``len(timeline)``: the end)."""
        p = check_int(position, "position", 0, len(self.timeline))
        self.position = p
        self.session.restart(self.timeline.position(p))
        self._syncing = True
        try:
            self.slider.value = p
            self.moves.index = self._row_of.get(p, 0)
        finally:
            self._syncing = False
        self.prev_button.disabled = p == 0
        self.next_button.disabled = p == len(self.timeline)
        self.try_button.disabled = not (p < len(self.timeline) and self.timeline.moves[p].decision)
        self.continue_button.disabled = p == len(self.timeline) and self.over
        top, bottom = 100 * (TOP - 6) / CHART_HEIGHT, 100 * PAD / CHART_HEIGHT
        self.marker.value = (
            f'<div style="position:absolute;top:{top:.1f}%;bottom:{bottom:.1f}%;'
            f'left:{_x_percent(p, len(self.timeline)):.2f}%;width:0;border-left:2px dashed #37474f"></div>'
        )
        self.where.value = self._where_html(p)
        self.table.render()

    def _where_html(self, p: int) -> str:
        tl, lang = self.timeline, self.lang
        if p == 0:
            lines = [self._t("at_start")]
        else:
            m = tl.moves[p - 1]
            who = f"P{m.actor + 1}: " if m.actor is not None else ""
            lines = [self._t("after", i=p, n=len(tl), text=who + tl.text(p - 1, lang, seat=self.seat))]
        if p < len(tl):
            nxt = tl.moves[p]
            if nxt.decision and nxt.actor is not None:
                lines.append(self._t("next_decision", p=nxt.actor + 1, k=nxt.legal))
        elif self.over:
            from ..texts import outcome_text

            lines.append(self._t("the_end", r=outcome_text(tl.final.result(), lang)))
        else:
            lines.append(self._t("not_over"))
        chance = next((c for c in self._chances if c.index == p), None)
        if chance is not None:
            lines.append(
                " · ".join(
                    f'<span style="color:{COLOURS[s % len(COLOURS)]}">P{s + 1} {100 * v:.0f}%</span>'
                    for s, v in enumerate(chance.mean)
                )
            )
        return "<br>".join(x if x.startswith("<span") or " · " in x else html.escape(x) for x in lines)

    def _on_row(self, row: Any) -> None:
        if row is None:
            return
        self.show(self._positions_of_rows[row])

    def set_seat(self, seat: Any) -> None:
        """Show the game through ``seat``'s eyes (None: everything, once the game is over)."""
        if seat is None and not self.over:
            raise TcgError("the open view is shown once the game is over")
        self.seat = None if seat is None else check_int(seat, "seat", 0, self.timeline.final.num_players - 1)
        self._syncing = True
        try:
            self.seat_picker.value = OPEN if self.seat is None else self.seat
            self.moves.options = self._move_rows()
        finally:
            self._syncing = False
        self.show(self.position)
        self._show_moments()

    def _show_message(self) -> None:
        text, error = self.table.message
        colour = "#b71c1c" if error else "#1b5e20"
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>' if text else ""

    # -- the chances -----------------------------------------------------------------------------------
    def start(self) -> None:
        """Work out the chances and the moments: in a kernel as a background task, else at once."""
        if self.review.estimated and self._chances:
            return
        if self._task is not None and not self._task.done():
            return
        loop = _running_loop()
        self.estimate_button.layout.display = "none"
        if loop is None:
            for _ in self._steps():
                pass
            return
        self._task = loop.create_task(self._run_async())

    async def _run_async(self) -> None:
        try:
            for _ in self._steps():
                await asyncio.sleep(0)
        except Exception as exc:  # shown, never a traceback in the page
            self.table.say(str(exc) if isinstance(exc, TcgError) else f"{type(exc).__name__}: {exc}", error=True)

    def _steps(self) -> Any:
        """The work, one step at a time (a generator: the task yields to the kernel between its steps)."""
        total = len(self.review_points())
        self._chances = []
        last = 0.0
        for c in self.review.chance_steps():
            self._chances.append(c)
            self.progress.value = len(self._chances)
            self.progress_label.value = html.escape(self._t("estimating", i=len(self._chances), n=total))
            if time.monotonic() - last > 0.5:
                self._draw_chart()
                last = time.monotonic()
            yield
        self._draw_chart()
        self.where.value = self._where_html(self.position)
        for seat in self._moment_seats():
            self.progress_label.value = html.escape(self._t("finding", p=seat + 1))
            yield
            self.review.moments(seat, self.lang)
        self.progress.layout.display = "none"
        self.progress_label.value = html.escape(self._t("estimated", n=total, k=self.review.rollouts))
        self._show_moments()
        yield

    def _draw_chart(self) -> None:
        self.chart.value = chart_svg(self.review, self.lang, chances=self._chances, links=False, height=CHART_HEIGHT)

    def _moment_seats(self) -> list[int]:
        return list(self.review.seats) if self.seat is None else [self.seat]

    # -- moments, try again, continue ------------------------------------------------------------------
    def _show_moments(self) -> None:
        if not self.review.estimated:
            self.moments_box.children = [w.HTML(html.escape(self._t("wait_moments")))]
            return
        rows: list[Any] = []
        for seat in self._moment_seats():
            rows.append(w.HTML(f"<b>{html.escape(TEXT.t('moments', self.lang, p=seat + 1))}</b>"))
            moments = self.review.moments(seat, self.lang)
            if not moments:
                rows.append(w.HTML(html.escape(TEXT.t("no_moments", self.lang, p=seat + 1))))
            rows.extend(self._moment_row(m) for m in moments)
        rows.append(w.HTML(f"<small>{html.escape(NOISE_RULE[self.lang])}</small>"))
        old = self.moments_box.children
        self.moments_box.children = rows
        for child in old:
            close_tree(child)

    def _moment_row(self, m: Moment) -> Any:
        g = self.table.guard
        kind = "tcg-review-moment mistake" if m.mistake else "tcg-review-moment"
        text = w.HTML(f'<div class="{kind}">{"".join(moment_lines(self.review, m, self.lang))}</div>')
        buttons = []
        for key, fn in (
            ("go", lambda: self.show(m.index)),
            ("try", lambda: self.open_try(m.index)),
            ("continue", lambda: self.continue_from(m.index)),
        ):
            b = w.Button(description=self._t(key), layout=w.Layout(width="auto"))
            b.add_class(f"tcg-review-{key}")
            b.on_click(g(lambda _b, fn=fn: fn()))
            buttons.append(b)
        box = w.VBox([text, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))])
        box.add_class("tcg-review-moment-row")
        return box

    def open_try(self, index: Any) -> None:
        """The legal choices at decision ``index`` as buttons: choosing one asks the coach about it."""
        tl = self.timeline
        i = check_int(index, "index", 0, max(len(tl) - 1, 0))
        m = tl.moves[i] if tl.moves else None
        if m is None or not m.decision or m.actor is None:
            raise TcgError(self._t("no_choice", i=i + 1))
        self.show(i)
        self._try_index = i
        position = tl.position(i)
        game = self.review.game
        played = game.describe_action(m.action, position, self.lang)
        intro = w.HTML(html.escape(self._t("try_intro", i=i + 1, t=m.turn, p=m.actor + 1, played=played)))
        self.verdict = w.HTML()
        self.verdict.add_class("tcg-review-verdict")
        choices = []
        for action in position.legal_actions():
            b = w.Button(description=game.describe_action(action, position, self.lang), layout=w.Layout(width="auto"))
            b.add_class("tcg-choice")
            b.add_class("tcg-review-choice")
            b.on_click(self.table.guard(lambda _b, a=action: self.try_choice(i, a)))
            choices.append(b)
        old = self.try_box.children
        self.try_box.children = [intro, w.VBox(choices), self.verdict]
        for child in old:
            close_tree(child)
        self.tabs.selected_index = 2

    def try_choice(self, index: Any, action: Any) -> Any:
        """The coach's verdict on ``action`` at decision ``index`` (shown under the choices, and returned)."""
        result = self.review.try_again(index, action, self.lang)
        if self._try_index == index:
            self.verdict.value = f'<div class="tcg-review-moment">{try_again_html(result)}</div>'
        return result

    def continue_from(self, position: Any) -> Any:
        """A new game from the position after ``position`` moves, in a stepper: the seat shown (or the seat to
        move) is the person's, the coach plays the others; the review is kept behind a Back button."""
        from .stepper import Stepper
        from .table import agent_for

        p = check_int(position, "position", 0, len(self.timeline))
        state = self.review.fork(p)
        if state.is_terminal():
            raise TcgError(self._t("game_over_here"))
        person = self.seat if self.seat is not None else (state.current_player or 0)
        agents = [
            PERSON if s == person else agent_for("coach", s, self.coach_seconds) for s in range(state.num_players)
        ]
        stepper = Stepper(state, agents=agents, lang=self.lang)
        back = w.Button(description=self._t("back_to_review"), layout=w.Layout(width="auto"))
        back.add_class("tcg-review-back")
        note = w.HTML(html.escape(self._t("continued", i=p + 1, p=person + 1)))
        back.on_click(self.table.guard(lambda _b: self.close_continued()))
        self.close_continued()
        self.continued = stepper
        self.children = [self.style_html, w.HBox([back, note], layout=w.Layout(align_items="center")), stepper]
        return stepper

    def close_continued(self) -> None:
        """Back to the review from a continued game (the continued game is closed)."""
        if self.continued is None:
            return
        old = [c for c in self.children if c not in self._rows]
        self.children = self._rows
        self.continued = None
        for child in old:
            close_tree(child)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        super().close()


__all__ = ["BROWSER_ROLLOUTS", "REVIEW_CSS", "ROLLOUTS", "RWORDS", "Review"]
