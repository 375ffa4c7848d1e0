"""The play surface's panes: small widgets over one :class:`Table` (a :class:`~tcgteach.session.Session`
with the rules of a safe turn), put together by each front end (the stepper, the combat view, the
classroom; the next ones — a game review, a deck builder — take the same panes).

- :class:`Table` — the session in play, who sees what (a perspective), the language, and the turn's
  safety rules: the moment a person acts every choice is locked until the next position is shown; a
  click made for an earlier position is refused with a message and changes nothing; the agents' moves
  are shown one at a time (``pause`` seconds apart, 0 = at once), each with its log line and lit node.
- Panes: :class:`BoardPane`, :class:`LogPane`, :class:`GraphPane`, :class:`ChoicesPane` (the cards
  themselves as buttons: click a card in hand to play it, click an attacker then a target; every
  choice also as a plain button in a list, for keyboard and screen-reader users), :class:`SeatsPane`,
  :class:`DecksPane`, :class:`HintPane`, :class:`StatusPane`, :class:`ExportPane`,
  :class:`ResultPane` (who won, why, the final tally, Play again), :class:`RecentPane`.

A pane renders the table when the table changes (``Table.render``); no pane subclasses another, and
no front end subclasses another front end.
"""

from __future__ import annotations

import asyncio
import base64
import html
import logging
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..agents import CoachAgent, make_agent
from ..core.errors import TcgError
from ..core.files import atomic_write_text
from ..i18n import Text, pick
from ..session import ADVANCE_LIMIT, Session, StepLimitError
from ..viz import export
from ..viz.board import board_html
from ..viz.flowgraph import FlowDiagram, GraphvizMissing, new_scope

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import State

PERSON = "person"
#: the deck picker's value for a deck that is not one of the game's starter decks (a list of card IDs)
OWN_DECK = "(own list)"

_log = logging.getLogger("tcgteach.widgets")

WORDS = Text(
    {
        # seats
        "seat": ("P{n}", "P{n}"),
        "random": ("random", "ランダム"),
        "person": ("person", "人が選ぶ"),
        "heuristic": ("computer", "コンピューター"),
        "coach": ("coach", "コーチ"),
        "deck": ("P{n} deck", "P{n}のデッキ"),
        "own_deck": ("own list", "自作リスト"),
        "deck_next": (
            "P{n} plays {deck} from the next game ({button}).",
            "P{n}は次のゲームから「{deck}」を使います（{button}）。",
        ),
        # status
        "to_move_person": ("P{n}, your move", "P{n}さんの番です"),
        "to_move_agent": ("P{n} ({who}) is moving…", "P{n}（{who}）が指しています…"),
        "thinking": ("P{n} ({who}) is thinking…", "P{n}（{who}）が考えています…"),
        "to_step": ("P{n} ({who}) is to move: press Step", "P{n}（{who}）の番です。「1手進める」を押してください"),
        "over_status": ("Game over", "ゲーム終了"),
        "turn": ("Turn {n}", "{n}ターン目"),
        "now": ("Now: {node}", "現在：{node}"),
        "outside": ("outside this graph", "この図の外"),
        # choices
        "choose": ("P{n}, choose:", "P{n}の選択："),
        "your_hand": ("Hand", "手札"),
        "your_field": ("Field", "場"),
        "field_of": ("P{n}'s field", "P{n}の場"),
        "zone_of": ("P{n}: {zone}", "P{n}：{zone}"),
        "other_choices": ("Other choices", "そのほかの選択"),
        "card_choices": ("{card}: choose", "{card}：どうしますか"),
        "list_all": ("List every choice", "選択肢を一覧で表示"),
        "waiting": ("Wait: {who} is moving.", "お待ちください：{who}が指しています。"),
        "stale": (
            "That choice belongs to an earlier position; nothing was done. Choose again.",
            "その選択は前の局面のものなので、何もしていません。選び直してください。",
        ),
        "busy": ("Busy: one move at a time.", "処理中です。1手ずつ進めてください。"),
        "locked": ("Your move is being carried out…", "あなたの手を処理しています…"),
        "not_playable": ("{card} cannot be used now.", "{card}は今は使えません。"),
        # log, graph
        "log": ("Event log", "イベントログ"),
        "latest": ("Latest", "直前の出来事"),
        "graph": ("Turn flow", "ターンの流れ"),
        "full_graph": ("Show the whole graph", "全体図を表示"),
        "forced": ("(forced) P{n}: {what}", "（自動）P{n}：{what}"),
        # hint
        "hint": ("Hint", "ヒント"),
        "hint_wait": ("The coach is reading the position…", "コーチが局面を読んでいます…"),
        "hint_over": ("The game is over: no hint to give.", "ゲームは終了しています。"),
        "no_hint": (
            "A hint is for a person's decision: it is P{n}'s ({who}) turn now.",
            "ヒントは人の番で使えます。今はP{n}（{who}）の番です。",
        ),
        "hint_stale": (
            "The position changed while the coach was reading it: the hint was dropped.",
            "コーチが読んでいる間に局面が変わったため、ヒントは取り消しました。",
        ),
        # export
        "export": ("Save for slides", "スライド用に保存"),
        "download_html": ("⬇ Download the position (HTML)", "⬇ 局面をダウンロード（HTML）"),
        "download_svg": ("⬇ the graph (SVG)", "⬇ 図（SVG）"),
        "export_caption": ("Seed {seed}, after {n} moves.", "シード{seed}、{n}手目の後。"),
        "export_caption_1": ("Seed {seed}, after 1 move.", "シード{seed}、1手目の後。"),
        "last_events": ("Last events", "直前のイベント"),
        # result
        "wins": ("{who} wins", "{who}の勝ち"),
        "draw_between": ("Draw between {who}", "{who}の引き分け"),
        "draw": ("Draw", "引き分け"),
        "nobody": ("No winner", "勝者なし"),
        "why": ("Why: {title} ({rule})", "理由：{title}（{rule}）"),
        "tally": ("Final tally", "最終結果"),
        "points": ("{n} points", "{n}点"),
        "cards_left": ("{n} cards left in the deck", "デッキ残り{n}枚"),
        "play_again": ("Play again", "もう一度遊ぶ"),
        "you": ("you", "あなた"),
        "unexpected": (
            "Unexpected error ({kind}): {msg}. The game is unchanged.",
            "予期しないエラー（{kind}）：{msg}。ゲームは変わっていません。",
        ),
        "limit": (
            "The agents made {n} moves without a person's decision; the game is back where it was.",
            "人の判断なしにエージェントが{n}手指しました。ゲームは元に戻しました。",
        ),
        # recent
        "recent": ("What just happened", "直前の出来事"),
        "recent_none": ("Nothing yet: the game has just begun.", "まだありません（ゲーム開始直後）。"),
        "recent_forced": ("(forced)", "（自動）"),
        "recent_who": ("({who})", "（{who}）"),
        "recent_sep": (": ", "："),
    }
)
"""The panes' words, ``key -> (en, ja)`` (the front ends add their own)."""

#: the final tally's parts (an outcome's ``breakdown`` keys), in words
TALLY_PARTS = Text(
    {
        "units": ("units {n}", "ユニット{n}点"),
        "unit_bonuses": ("unit bonuses {n}", "ユニットボーナス{n}点"),
        "loose_specials": ("specials outside units {n}", "ユニット外のスペシャル{n}点"),
        "level": ("level {n}", "レベル{n}"),
        "experience": ("experience {n}", "経験値{n}"),
        "gp": ("GP {n}", "GP {n}"),
        "party": ("{n} party cards on the field", "場のパーティーカード{n}枚"),
    }
)


def close_widget(widget: Any) -> None:
    """Close a widget with its layout and style (separate models in ipywidgets)."""
    for part in (getattr(widget, "style", None), getattr(widget, "layout", None)):
        if part is not None:
            part.close()
    widget.close()


def close_tree(widget: Any) -> None:
    """Close a widget and every widget inside it."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    close_widget(widget)


def relabel(dd: Any, options: list[tuple[str, Any]], table: Table) -> None:
    """New labels for a dropdown's options, keeping its value and without firing the panes' handlers."""
    value = dd.value
    table.relabeling = True
    try:
        dd.options = options
        dd.value = value
    finally:
        table.relabeling = False


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def agent_for(kind: Any, seed: int, coach_seconds: float = 0.5) -> Any:
    """The agent a seat picker's value stands for (None for a person)."""
    if kind == PERSON or kind is None:
        return None
    if kind == "coach":
        return CoachAgent(seed=seed, time_budget=coach_seconds)
    if isinstance(kind, str):
        return make_agent(kind, seed)
    return kind


class Table:
    """One game at a table: the :class:`Session`, the language, whose eyes the panes render for
    (``perspective``), and the safe-turn rules every front end shares.

    ``answer``: "auto" (the agents move by themselves until a person must decide: the classroom) or
    "step" (an agent moves only on ``step()``: the stepper). ``pause``: seconds between two agent moves
    shown one at a time (0 = all at once); in a kernel the moves run as an asyncio task, so a click
    made meanwhile is refused with a message instead of waiting in line.
    """

    def __init__(
        self,
        session: Session,
        *,
        lang: str = "en",
        answer: str = "step",
        pause: float = 0.0,
        text: Text = WORDS,
        kinds: Callable[[int], str] | None = None,
    ) -> None:
        self.session = session
        self.lang = lang
        self.answer = answer
        self.pause = pause
        self.text = text
        #: the words for the player of a seat ("coach", "コンピューター"), from the front end's seat pickers
        self.kind_of = kinds or (lambda seat: "")
        self.perspective: Callable[[], int | None] = lambda: None
        #: True while nothing of anybody's hand may be in the page (hot seat: the device changes hands)
        self.hidden: Callable[[], bool] = lambda: False
        self._listeners: list[Callable[[], None]] = []
        self._lockers: list[Callable[[bool], None]] = []
        self.message = ("", False)
        self._message_listeners: list[Callable[[], None]] = []
        #: True while the agents' moves of a turn are being shown (a person's click is refused then)
        self.moving = False
        #: who is thinking now (a seat), shown by the status pane
        self.thinking: int | None = None
        self.busy = False
        self.relabeling = False
        self._task: asyncio.Task[None] | None = None
        self.on_error: Callable[[BaseException], None] | None = None
        #: called after an agent move in ``auto`` (the classroom forgets its hint, hot seat ...)
        self.after_move: list[Callable[[], None]] = []

    # -- words and state ------------------------------------------------------------------------------
    def t(self, key: str, **fmt: Any) -> str:
        return self.text.t(key, self.lang, **fmt)

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def game(self) -> Game:
        return self.session.state.game

    @property
    def version(self) -> int:
        return self.session.version

    def who(self, seat: int | None) -> str:
        """A seat in words: "P2 (coach)"."""
        if seat is None:
            return ""
        kind = self.kind_of(seat)
        return f"P{seat + 1}" + (f"（{kind}）" if self.lang == "ja" and kind else f" ({kind})" if kind else "")

    # -- listeners ------------------------------------------------------------------------------------
    def listen(self, render: Callable[[], None], lock: Callable[[bool], None] | None = None) -> None:
        self._listeners.append(render)
        if lock is not None:
            self._lockers.append(lock)

    def listen_message(self, render: Callable[[], None]) -> None:
        self._message_listeners.append(render)

    def render(self) -> None:
        """Every pane shows the position now."""
        for render in self._listeners:
            render()

    def lock(self, on: bool = True) -> None:
        """Disable (or enable) every choice at once: sent to the page before anything is computed."""
        for lock in self._lockers:
            lock(on)

    def say(self, text: str, error: bool = False) -> None:
        self.message = (text, error)
        for render in self._message_listeners:
            render()

    # -- guarded callbacks ---------------------------------------------------------------------------
    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """A callback whose errors become a short message (never a traceback); refused while busy."""

        def run(*args: Any) -> None:
            if self.busy:
                self.say(self.t("busy"), error=True)
                return
            self.busy = True
            try:
                fn(*args)
            except TcgError as exc:
                self.say(str(exc), error=True)
            except Exception as exc:  # a widget must never show a traceback
                _log.debug("pane callback failed", exc_info=True)
                self.say(self.t("unexpected", kind=type(exc).__name__, msg=exc), error=True)
            finally:
                self.busy = False

        return run

    # -- the safe turn -----------------------------------------------------------------------------------
    def refuse_if_moving(self) -> None:
        if self.moving:
            raise TcgError(self.t("waiting", who=self.who(self.state.current_player)))

    def act(self, action: Any, version: int) -> None:
        """A person's choice made on the position of ``version``: refused (a message, nothing changes) if
        that position is gone or the agents are moving; else the choices lock at once, the action is
        applied (checked) and the agents answer."""
        if self.moving:
            self.say(self.t("waiting", who=self.who(self.state.current_player)), error=True)
            return
        if version != self.session.version:
            self.say(self.t("stale"), error=True)
            return
        self.lock(True)
        self.run(lambda: self.session.apply(action))

    def run(self, change: Callable[[], object]) -> None:
        """One user action: ``change`` then the agents' answer (``auto``) or the forced moves, rendered.
        If any of it fails every move of it is undone: the game is as it was."""
        session = self.session
        version = session.version
        start = len(session.state.history)
        try:
            with session.transaction():
                change()
                if self.answer != "auto":
                    session.take_forced()
        except BaseException:
            self.lock(False)
            self.render()
            raise
        if session.version != version:
            self.say("")
        if self.answer == "auto":
            self.answer_moves(start)
        else:
            self.render()

    def _next_move(self) -> bool:
        """One move of an agent (or a forced one); False when a person must decide or the game is over."""
        session = self.session
        if session.auto_forced and session.forced_action() is not None:
            session.take_forced(1)
            return True
        seat = session.state.current_player
        if seat is None:
            return False
        agent = session.agents[seat]
        if agent is None:
            return False
        session.apply(agent.act(session.state.view(seat)))
        return True

    def answer_moves(self, start: int) -> None:
        """The agents move until a person must decide (one at a time, ``pause`` apart, when a kernel's event
        loop runs; at once otherwise). A failure undoes back to history length ``start``."""
        if not self.session.persons():  # a table of agents only waits for the teacher's Step
            self.render()
            return
        session = self.session
        nothing = session.state.current_player is None or (
            session.person_to_move() and not (session.auto_forced and session.forced_action() is not None)
        )
        if nothing:  # a person decides now (or the game is over): nothing to show one by one
            self.render()
            return
        loop = _running_loop()
        if self.pause > 0 and loop is not None:
            self.moving = True
            self.render()
            self._task = loop.create_task(self._answer_async(start))
            return
        try:
            self._answer_now()
        except BaseException as exc:
            self._undo_to(start)
            self.render()
            if isinstance(exc, StepLimitError):
                raise TcgError(self.t("limit", n=exc.limit)) from None
            raise
        self.render()

    def _answer_now(self) -> None:
        for _ in range(ADVANCE_LIMIT):
            if not self._next_move():
                return
        raise StepLimitError(ADVANCE_LIMIT)

    async def _answer_async(self, start: int) -> None:
        session = self.session
        try:
            for _ in range(ADVANCE_LIMIT):
                seat = session.state.current_player
                agent = None if seat is None else session.agents[seat]
                if isinstance(agent, CoachAgent):
                    self.thinking = seat
                    self.render_status()
                    await asyncio.sleep(0.05)  # let the page show "thinking" before the search holds the kernel
                moved = self._next_move()
                self.thinking = None
                if not moved:
                    break
                for hook in self.after_move:
                    hook()
                self.render()
                await asyncio.sleep(self.pause)
            else:
                raise StepLimitError(ADVANCE_LIMIT)
        except Exception as exc:
            self._undo_to(start)
            msg = (
                self.t("limit", n=exc.limit)
                if isinstance(exc, StepLimitError)
                else str(exc)
                if isinstance(exc, TcgError)
                else self.t("unexpected", kind=type(exc).__name__, msg=exc)
            )
            self.say(msg, error=True)
        finally:
            self.moving = False
            self.thinking = None
            self.render()

    def render_status(self) -> None:
        for render in self._message_listeners:
            render()

    def _undo_to(self, length: int) -> None:
        session = self.session
        while len(session.state.history) > length and session.undo():
            pass

    def stop(self) -> None:
        """Stop showing the agents' moves (a new game, Back): the moves made so far stay."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self.moving = False
        self.thinking = None

    def step(self) -> bool:
        """The agent to move plays once (the stepper's Step). False if nothing happened."""
        self.refuse_if_moving()
        state = self.state
        seat = state.current_player
        if seat is None or self.session.agents[seat] is None:
            return False
        self.run(lambda: self.session.apply(self.session.agents[seat].act(state.view(seat))))  # type: ignore[union-attr]
        return True


# -- panes ------------------------------------------------------------------------------------------------
class BoardPane(w.HTML):  # type: ignore[misc]  # ipywidgets has no type hints
    """The board as the table's perspective may see it (class ``tcg-board-view``)."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.add_class("tcg-board-view")
        table.listen(self.refresh)

    def refresh(self) -> None:
        t = self.table
        self.layout.display = "none" if t.hidden() else None
        self.value = "" if t.hidden() else board_html(t.state, lang=t.lang, perspective=t.perspective())


class EventLog(w.HTML):  # type: ignore[misc]
    """The log's view. A front end answers ipywidgets' ``Widget.log`` (its logger) with it, so it also
    passes on the warnings ipywidgets writes there."""

    def warning(self, *args: Any, **kw: Any) -> None:
        _log.warning(*args, **kw)

    def error(self, *args: Any, **kw: Any) -> None:
        _log.error(*args, **kw)

    def info(self, *args: Any, **kw: Any) -> None:
        _log.info(*args, **kw)

    def debug(self, *args: Any, **kw: Any) -> None:
        _log.debug(*args, **kw)


class LogPane(w.VBox):  # type: ignore[misc]
    """The event log, each line citing its rule, newest at the bottom (class ``tcg-log``); ``lines`` caps
    what is kept in the page; ``height`` is the box's height in pixels."""

    def __init__(self, table: Table, *, lines: int = 400, height: int = 220, title: bool = True) -> None:
        self.title = w.HTML()
        self.view = EventLog(layout=w.Layout(width="100%"))
        self.view.add_class("tcg-log")
        super().__init__([self.title, self.view] if title else [self.view])
        self.add_class("tcg-log-pane")
        self.table = table
        self.lines = lines
        self.height = height
        self.cache: list[str] = []
        self._persp: Any = "unset"
        self._lang = table.lang
        table.listen(self.refresh)

    def refresh(self) -> None:
        t = self.table
        state = t.state
        if t.hidden():
            self.layout.display = "none"
            self.view.value = ""
            self.cache, self._persp = [], "unset"
            return
        self.layout.display = None
        persp = t.perspective()
        events = state.events
        if persp != self._persp or t.lang != self._lang:
            self.cache = []
            self._persp, self._lang = persp, t.lang
        cache = self.cache
        if len(cache) > len(events):
            del cache[len(events) :]
        forced = t.session.forced_moves() if len(cache) < len(events) else {}
        for i in range(len(cache), len(events)):
            ev = events[i]
            shown = ev if persp is None else ev.masked(persp)
            text = t.game.describe_event(shown, state, t.lang)
            line = f'<div class="tcg-log-line" data-rule="{ev.rule}"><code>[{ev.rule}]</code> {html.escape(text)}</div>'
            if i in forced:
                line = self._forced_line(*forced[i], persp) + line
            cache.append(line)
        self.title.value = f"<b>{html.escape(t.t('log'))}</b> ({len(events)})"
        self.view.value = (
            f'<div class="tcg-log-box" style="max-height:{self.height}px;overflow-y:auto;display:flex;'
            'flex-direction:column-reverse"><div>' + "".join(cache[-self.lines :]) + "</div></div>"
        )

    def _forced_line(self, seat: int | None, action: Any, persp: int | None) -> str:
        t = self.table
        n = (seat or 0) + 1
        text = t.t("forced", n=n, what=describe(t, seat, action, persp))
        rule = html.escape(getattr(action, "RULE", "") or "")
        return (
            f'<div class="tcg-log-line tcg-forced" data-rule="{rule}"><code>[{rule}]</code> '
            f"<i>{html.escape(text)}</i></div>"
        )


def describe(table: Table, seat: int | None, action: Any, persp: int | None) -> str:
    """An action in words, as ``persp`` may see it (a secret one masked for the others)."""
    game = table.game
    if persp is not None and seat != persp:
        action = game.mask_action(action)
    return game.describe_action(action, table.state, table.lang)


class GraphPane(w.VBox):  # type: ignore[misc]
    """The flow graph: a line naming the current node with its rules, the focus view (the node, where it
    can go and the way just taken, readable at a glance) and the whole graph behind a toggle, laid out
    once per game and language (only a small CSS block changes per step)."""

    def __init__(self, table: Table, flow: str = "turn") -> None:
        self.table = table
        self.flow_name = flow
        self.scope = new_scope()
        self.focus_scope = new_scope()
        self.state_line = w.HTML()
        self.state_line.add_class("tcg-graph-state")
        self.focus = w.HTML()
        self.focus.add_class("tcg-focus")
        self.graph = w.HTML()
        self.graph.add_class("tcg-graph")
        super().__init__([self.state_line, self.focus, self.graph])
        self.add_class("tcg-graph-pane")
        self._base_key: tuple[Any, ...] | None = None
        self._focus_key: tuple[Any, ...] | None = None
        table.listen(self.refresh)

    def flow(self) -> Any:
        return self.table.game.flows[self.flow_name]

    def render_base(self) -> None:
        t = self.table
        flow = self.flow()
        key = (id(t.game), flow.name, t.lang)
        if key == self._base_key:
            return
        self._base_key = key
        self._focus_key = None
        try:
            svg = FlowDiagram.of(flow, t.lang, t.game.name).full_svg
            self.graph.value = (
                f'<details class="tcg-full-graph"><summary style="cursor:pointer">{html.escape(t.t("full_graph"))}'
                f'</summary><div class="tcg-flow {self.scope}" data-flow="{flow.name}">{svg}</div></details>'
            )
        except GraphvizMissing as exc:
            self.graph.value = f"<p>{html.escape(str(exc))}</p>"

    def _focus_flow(self) -> Any:
        t = self.table
        flow = self.flow()
        if t.state.node in flow.by_id:
            return flow
        return t.game.turn_flow if t.state.node in t.game.turn_flow.by_id else None

    def focus_css(self) -> str:
        t = self.table
        state = t.state
        flow = self._focus_flow()
        if flow is None:
            self.focus.value = ""
            self._focus_key = None
            return ""
        node = state.node
        last = [e for e in state.last_transitions if e in flow.edge_set]
        via = last[-1][0] if last and last[-1][1] == node else None
        diagram = FlowDiagram.of(flow, t.lang, t.game.name)
        key = (flow.name, t.lang, node, via)
        if key != self._focus_key:
            try:
                body = diagram.focus_svg(node, via)
            except GraphvizMissing:
                body = diagram.focus_text(node)
            self.focus.value = (
                f'<div class="tcg-flow tcg-focus-graph {self.focus_scope}" data-flow="{flow.name}" '
                f'data-current="{html.escape(node)}">{body}</div>'
            )
            self._focus_key = key
        return diagram.style(self.focus_scope, node, [(via, node)] if via is not None else [])

    def refresh(self) -> None:
        t = self.table
        state = t.state
        self.render_base()
        flow = self.flow()
        edges = [e for e in state.last_transitions if e in flow.edge_set]
        node = t.game.turn_flow.by_id[state.node]
        label = pick(node.label, t.lang)
        inside = state.node in flow.by_id
        if not inside:
            label += " (" + t.t("outside") + ")"
        css = FlowDiagram.of(flow, t.lang, t.game.name).style(self.scope, state.node if inside else None, edges)
        css += "\n" + self.focus_css()
        self.state_line.value = (
            f'<style>{css}</style><div class="tcg-flow-state" data-current="{state.node}" '
            f'data-version="{t.version}" '
            f'data-edges="{" ".join(f"{a}->{b}" for a, b in edges)}"><b>'
            f"{html.escape(t.t('now', node=label))}</b> <small>({' '.join(node.rules)})</small></div>"
        )


def action_card(action: Any) -> int | None:
    """The card an action is about (the one to click): its ``card`` field, else its ``item``."""
    for name in ("card", "item"):
        value = getattr(action, name, None)
        if type(value) is int and value >= 0:
            return value
    return None


class ChoicesPane(w.VBox):  # type: ignore[misc]
    """What the person to move can do, on the cards themselves: each card a legal action is about is a
    button (its zone's heading above it; DARK MOON's field in order of number), one click plays its only
    action, or shows its actions when it has several; the rest as buttons. "List every choice" shows all
    legal actions as plain buttons (keyboard, screen readers). Every button carries the version of its
    position: a click on an earlier one is refused; the moment one is clicked, all are disabled."""

    def __init__(self, table: Table) -> None:
        super().__init__([])
        self.add_class("tcg-choices")
        self.table = table
        self._version = -1
        self._lang = ""
        self._selected: int | None = None
        self.buttons: list[Any] = []  # every button of this position (tiles, actions, the list)
        self.list_toggle = w.ToggleButton(value=False, description=table.t("list_all"), layout=w.Layout(width="auto"))
        self.list_toggle.add_class("tcg-list-all")
        self.list_toggle.observe(lambda ch: self._show_list(bool(ch["new"])), names="value")
        self.listing = w.VBox([], layout=w.Layout(display="none"))
        self.listing.add_class("tcg-choice-list")
        table.listen(self.refresh, self.set_locked)

    # the list of every choice, one button per legal action (what tests and screen readers press)
    def action_buttons(self) -> list[Any]:
        return list(self.listing.children)

    def _show_list(self, on: bool) -> None:
        self.listing.layout.display = None if on else "none"

    def set_locked(self, on: bool) -> None:
        for b in self.buttons:
            b.disabled = on

    def _clear(self) -> None:
        old: list[Any] = list(self.children) + list(self.listing.children)  # type: ignore[has-type]
        self.children = ()
        self.listing.children = ()
        self.buttons = []
        for child in old:
            if child is not self.list_toggle and child is not self.listing:
                close_tree(child)

    def refresh(self) -> None:
        t = self.table
        session = t.session
        if t.version == self._version and t.lang == self._lang and not t.moving and not t.hidden() and self.children:
            return
        self._clear()
        self._version, self._lang = t.version, t.lang
        self._selected = None
        self.list_toggle.description = t.t("list_all")
        if t.moving or t.hidden() or not session.person_to_move():
            self._version = -1
            return
        self._build()

    def _button(self, text: str, action: Any, *, tip: str = "", cls: str = "tcg-action") -> Any:
        t = self.table
        b = w.Button(description=text, tooltip=tip or text, layout=w.Layout(width="auto"))
        b.add_class(cls)
        version = t.version
        b.on_click(t.guard(lambda _b: t.act(action, version)))
        self.buttons.append(b)
        return b

    def _build(self) -> None:
        t = self.table
        state = t.state
        seat: int = state.current_player  # type: ignore[assignment]  # a person is to move
        game = t.game
        legal = state.legal_actions()
        by_card: dict[int, list[Any]] = {}
        plain: list[Any] = []
        labels: dict[int, str] = {}
        for a in legal:
            c = action_card(a)
            if c is not None and c not in labels:
                label = game.card_label(state, c, t.lang)  # None: a game without card names (plain buttons)
                if label is None:
                    c = None
                else:
                    labels[c] = label
            (by_card.setdefault(c, []) if c is not None else plain).append(a)
        rows: list[Any] = [w.HTML(f"<b>{html.escape(t.t('choose', n=seat + 1))}</b>")]
        # the cards, grouped by where they are (the hand first); the whole hand is shown, the cards of it
        # that cannot be used now as disabled buttons
        hand: list[int] = []
        try:
            hand = list(state.zone(seat, "hand"))
        except TcgError:
            pass
        for c in hand:
            if c not in by_card:
                label = game.card_label(state, c, t.lang)
                if label is not None:
                    labels[c] = label
        groups = self._groups(state, seat, list(by_card) + [c for c in hand if c in labels and c not in by_card])
        for heading, cards in groups:
            tiles = [self._tile(c, labels[c], by_card[c]) if c in by_card else self._idle(c, labels[c]) for c in cards]
            rows.append(w.HTML(f"<div class='tcg-zone-head'>{html.escape(heading)}</div>"))
            rows.append(w.Box(tiles, layout=w.Layout(flex_flow="row wrap")))
        self.card_actions = w.Box([], layout=w.Layout(flex_flow="row wrap"))
        self.card_actions.add_class("tcg-card-actions")
        rows.append(self.card_actions)
        if plain:
            if by_card:
                rows.append(w.HTML(f"<div class='tcg-zone-head'>{html.escape(t.t('other_choices'))}</div>"))
            rows.append(
                w.Box(
                    [self._button(game.describe_action(a, state, t.lang), a, tip=str(a)) for a in plain],
                    layout=w.Layout(flex_flow="row wrap"),
                )
            )
        self.listing.children = tuple(
            self._button(game.describe_action(a, state, t.lang), a, tip=str(a), cls="tcg-choice") for a in legal
        )
        self.list_toggle.value = False
        self._show_list(False)
        rows += [self.list_toggle, self.listing]
        self.children = tuple(rows)

    def _groups(self, state: Any, seat: int, cards: list[int]) -> list[tuple[str, list[int]]]:
        """The cards in order of their zones: the person's hand first, then their other zones, then the
        other players'; DARK MOON's cards by number within a zone."""
        t = self.table
        where: dict[int, tuple[int, str]] = {}
        zones = state.ZONES
        for p in [seat] + [q for q in range(state.num_players) if q != seat]:
            for zone in zones:
                try:
                    inside = state.zone(p, zone)
                except TcgError:
                    continue
                for c in inside:
                    where.setdefault(c, (p, zone))
        order: dict[tuple[int, str], list[int]] = {}
        for c in cards:
            order.setdefault(where.get(c, (seat, "")), []).append(c)

        def zone_rank(key: tuple[int, str]) -> tuple[int, int, int]:
            p, zone = key
            return (p != seat, 0 if zone == "hand" else 1, zones.index(zone) if zone in zones else 99)

        out = []
        for key in sorted(order, key=zone_rank):
            p, zone = key
            cards_here = sorted(order[key], key=lambda c: (self._number(state, c), c))
            if zone == "hand" and p == seat:
                heading = t.t("your_hand")
            elif p == seat and zone in ("field", "front", "back"):
                heading = t.t("your_field") + ("" if zone == "field" else f" · {self._zone_word(zone)}")
            else:
                heading = t.t("zone_of", n=p + 1, zone=self._zone_word(zone))
            out.append((heading, cards_here))
        return out

    def _zone_word(self, zone: str) -> str:
        words = {
            "hand": ("hand", "手札"),
            "field": ("field", "場"),
            "front": ("front row", "前衛"),
            "back": ("back row", "後衛"),
            "discard": ("discard pile", "捨て札"),
            "exp": ("experience box", "経験値ボックス"),
            "quest": ("quests", "クエスト"),
            "deck": ("deck", "デッキ"),
        }
        en, ja = words.get(zone, (zone, zone))
        return ja if self.table.lang == "ja" else en

    @staticmethod
    def _number(state: Any, c: int) -> int:
        """DARK MOON's printed number (the field grouped by number), else the level; 0 if neither."""
        card = state.card(c) if callable(getattr(state, "card", None)) else None
        return int(getattr(card, "number", None) or getattr(card, "level", 0) or 0)

    def _idle(self, c: int, name: str) -> Any:
        """A card in hand with nothing to do now: shown (the whole hand is in view), not clickable."""
        b = w.Button(description=name, tooltip=self.table.t("not_playable", card=name), disabled=True)
        b.layout.width = "auto"
        b.add_class("tcg-card-tile")
        b.add_class("tcg-card-idle")
        b.add_class(f"tcg-card-{c}")
        return b

    def _tile(self, c: int, name: str, actions: list[Any]) -> Any:
        t = self.table
        if len(actions) == 1:
            tip = t.game.describe_action(actions[0], t.state, t.lang)
            b = self._button(name, actions[0], tip=tip, cls="tcg-action")
        else:
            b = w.Button(description=name, tooltip=t.t("card_choices", card=name), layout=w.Layout(width="auto"))
            b.add_class("tcg-action")
            b.add_class("tcg-card-multi")
            version = t.version
            b.on_click(t.guard(lambda _b: self._select(c, name, actions, version)))
            self.buttons.append(b)
        b.add_class("tcg-card-tile")
        b.add_class(f"tcg-card-{c}")
        return b

    def _select(self, c: int, name: str, actions: list[Any], version: int) -> None:
        """A card with several actions: show them under the cards (Recruit to the front or back row ...)."""
        t = self.table
        if version != t.version:
            raise TcgError(t.t("stale"))
        t.refuse_if_moving()
        self._selected = c
        for child in self.card_actions.children:
            close_widget(child)
        head = w.HTML(f"<b>{html.escape(t.t('card_choices', card=name))}</b>")
        self.card_actions.children = (
            head,
            *[self._button(t.game.describe_action(a, t.state, t.lang), a, tip=str(a)) for a in actions],
        )
        for b in self.buttons:
            if "tcg-card-multi" in b._dom_classes:
                b.button_style = "info" if f"tcg-card-{c}" in b._dom_classes else ""


class StatusPane(w.HTML):  # type: ignore[misc]
    """One line that stays in view: the turn, who is to move (or thinking), the message of the last click
    (class ``tcg-status``; the message itself in ``tcg-message``)."""

    def __init__(self, table: Table, *, step_hint: bool = False) -> None:
        super().__init__()
        self.add_class("tcg-status")
        self.table = table
        self.step_hint = step_hint
        table.listen(self.refresh)
        table.listen_message(self.refresh)

    def refresh(self) -> None:
        t = self.table
        state = t.state
        parts = []
        if state.turn:  # State.turn: 0 for a game that counts no turns
            parts.append(t.t("turn", n=state.turn))
        seat = state.current_player
        if state.is_terminal():
            parts.append(t.t("over_status"))
        elif t.thinking is not None:
            parts.append(t.t("thinking", n=t.thinking + 1, who=t.kind_of(t.thinking)))
        elif seat is not None and t.session.agents[seat] is None:
            parts.append(t.t("to_move_person", n=seat + 1))
        elif seat is not None and t.moving:
            parts.append(t.t("to_move_agent", n=seat + 1, who=t.kind_of(seat)))
        elif seat is not None:
            parts.append(t.t("to_step", n=seat + 1, who=t.kind_of(seat)))
        text, error = t.message
        color = "#b71c1c" if error else "#1b5e20"
        prefix = "⚠ " if error else ""
        msg = (
            f'<span class="tcg-message" style="color:{color}" role="alert">{prefix}{html.escape(text)}</span>'
            if text
            else '<span class="tcg-message"></span>'
        )
        sep = "・" if t.lang == "ja" else " · "
        head = html.escape(sep.join(parts))
        self.value = f'<div class="tcg-status-line" data-moving="{int(t.moving)}"><b>{head}</b> {msg}</div>'


class HintPane(w.VBox):  # type: ignore[misc]
    """The coach's hint for the person to move, always for the position on the screen: asked on another
    position it is refused, and it disappears the moment the position changes."""

    def __init__(self, table: Table, *, seconds: float = 0.5, seed: Callable[[], int] = lambda: 0) -> None:
        self.table = table
        self.seconds = seconds
        self.seed = seed
        self.button = w.Button(description=table.t("hint"))
        self.button.add_class("tcg-hint")
        self.text = w.HTML(layout=w.Layout(min_height="0px"))
        self.text.add_class("tcg-hint-text")
        super().__init__([self.text])
        self._shown: tuple[int, str] | None = None
        self._cache: dict[tuple[int, str], str] = {}
        self.button.on_click(table.guard(lambda _b: self.show()))
        table.listen(self.refresh, self._lock)

    def _lock(self, on: bool) -> None:
        self.button.disabled = on

    def refresh(self) -> None:
        t = self.table
        self.button.description = t.t("hint")
        over = t.state.is_terminal()
        self.button.disabled = over or t.moving or t.hidden() or not t.session.person_to_move()
        if t.hidden():
            self.clear()
        if self._shown is not None and self._shown != (t.version, t.lang):
            self.text.value = ""
            self._shown = None

    def clear(self) -> None:
        self.text.value = ""
        self._shown = None

    def hint(self) -> Any:
        t = self.table
        state = t.state
        seat = state.current_player
        if state.is_terminal() or seat is None:
            raise TcgError(t.t("hint_over"))
        t.refuse_if_moving()
        if t.session.agents[seat] is not None:
            raise TcgError(t.t("no_hint", n=seat + 1, who=t.kind_of(seat)))
        coach = CoachAgent(seed=self.seed() * 7919 + len(state.history), time_budget=self.seconds)
        return coach.hint(state.view(seat), lang=t.lang)

    def show(self) -> None:
        t = self.table
        key = (t.version, t.lang)
        text = self._cache.get(key)
        if text is None:
            self.text.value = f"<i>{html.escape(t.t('hint_wait'))}</i>"
            try:
                hint = self.hint()
            except TcgError:
                self.text.value = ""
                raise
            if (t.version, t.lang) != key:  # the position changed meanwhile: never answer for another one
                self.text.value = ""
                raise TcgError(t.t("hint_stale"))
            text = str(hint)
            self._cache = {key: text}
        self.text.value = f'<div role="status" data-version="{key[0]}">{html.escape(text)}</div>'
        self._shown = key


class RecentPane(w.HTML):  # type: ignore[misc]
    """What the others just did: their last moves (and the forced ones) in words, newest first; those
    from before the person's own last decision greyed."""

    LINES = 5

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.add_class("tcg-recent")
        self.table = table
        table.listen(self.refresh)

    def refresh(self) -> None:
        t = self.table
        if t.hidden():
            self.value = ""
            return
        persp = t.perspective()
        persons = t.session.persons()
        seat = persp if persp is not None else (persons[0] if len(persons) == 1 else None)
        items = []
        for who, action, forced, new in t.session.recent(seat, self.LINES):
            n = (who or 0) + 1
            kind = t.kind_of(who) if who is not None else ""
            text = describe(t, who, action, persp)
            mark = f" <i>{html.escape(t.t('recent_forced'))}</i>" if forced else ""
            style = "" if new else " style='color:#607d8b'"
            items.append(
                f"<li{style} data-new='{int(new)}'><b>P{n}</b> <small>{html.escape(t.t('recent_who', who=kind))}"
                f"</small>{html.escape(t.t('recent_sep'))}{html.escape(text)}{mark}</li>"
            )
        body = (
            f"<ol style='margin:2px 0 0 0;padding-left:1.4em'>{''.join(items)}</ol>"
            if items
            else f"<p style='margin:2px 0'><i>{html.escape(t.t('recent_none'))}</i></p>"
        )
        self.value = (
            f"<div class='tcg-recent-box' role='status' aria-live='polite'>"
            f"<b>{html.escape(t.t('recent'))}</b>{body}</div>"
        )


class ResultPane(w.VBox):  # type: ignore[misc]
    """The end of the game: who won (or the draw), why (the rule that ended it, in words), the final
    tally per seat, and Play again (``on_again``). Hidden while the game goes on."""

    def __init__(self, table: Table, on_again: Callable[[], None]) -> None:
        self.table = table
        self.banner = w.HTML()
        self.again = w.Button(description=table.t("play_again"), button_style="success")
        self.again.add_class("tcg-play-again")
        self.again.on_click(table.guard(lambda _b: on_again()))
        super().__init__([self.banner, self.again], layout=w.Layout(display="none"))
        self.add_class("tcg-result")
        table.listen(self.refresh)

    def refresh(self) -> None:
        t = self.table
        out = t.state.result()
        if out is None:
            self.layout.display = "none"
            self.banner.value = ""
            return
        self.layout.display = "flex"
        self.again.description = t.t("play_again")
        self.banner.value = result_html(t, out)


def result_headline(t: Table, out: Any) -> str:
    """Who won, in words: "P2 (coach) wins", "Draw between P1 and P3", "Draw", "No winner"."""
    if len(out.winners) == 1:
        return t.t("wins", who=t.who(out.winners[0]))
    if out.winners:
        return t.t("draw_between", who=("・" if t.lang == "ja" else " and ").join(t.who(s) for s in out.winners))
    return t.t("nobody" if out.nobody_wins else "draw")


def result_html(t: Table, out: Any) -> str:
    """The result banner's HTML: the headline, the reason with its rule, one line per seat."""
    persons = set(t.session.persons())

    def name(seat: int) -> str:
        return t.who(seat)

    head = result_headline(t, out)
    try:
        title = t.game.rule_title(out.reason, t.lang)
    except Exception:  # a game without rule texts (a game defined in a test): the rule ID alone
        title = out.reason
    why = t.t("why", title=title, rule=out.reason)
    rows = []
    for seat, score in enumerate(out.scores):
        part = out.breakdown[seat] if seat < len(out.breakdown) else {}
        if "deck" in part:
            main = t.t("cards_left", n=score)
        elif "total" in part:
            main = t.t("points", n=score)
        else:
            main = str(score)
        extra = [
            TALLY_PARTS.t(k, t.lang, n=v)
            for k, v in part.items()
            if k in TALLY_PARTS and isinstance(v, int) and not isinstance(v, bool)
        ]
        won = seat in out.winners and len(out.winners) == 1
        mark = "★ " if won else ""
        ja = t.lang == "ja"
        you = (f"（{t.t('you')}）" if ja else f" — {t.t('you')}") if seat in persons and len(persons) == 1 else ""
        sep, colon = ("、", "：") if ja else (", ", ": ")
        bold = ' style="font-weight:700"' if won else ""
        rows.append(
            f"<li class='tcg-tally-{seat}'{bold}>{mark}{html.escape(name(seat))}"
            f"{html.escape(you)}{colon}<b>{html.escape(main)}</b>"
            + (
                (
                    f" <small>（{html.escape(sep.join(extra))}）</small>"
                    if ja
                    else f" <small>({html.escape(sep.join(extra))})</small>"
                )
                if extra
                else ""
            )
            + "</li>"
        )
    return (
        f"<div class='tcg-result-banner' role='status'><div class='tcg-result-head'>{html.escape(head)}</div>"
        f"<div class='tcg-result-why'>{html.escape(why)}</div>"
        f"<div class='tcg-result-tally'><b>{html.escape(t.t('tally'))}</b><ul>{''.join(rows)}</ul></div></div>"
    )


class SeatsPane(w.HBox):  # type: ignore[misc]
    """One dropdown per seat: who plays it (class ``tcg-seat-<n>``); ``on_change(seat, kind)``."""

    def __init__(
        self, table: Table, kinds: Sequence[str], names: Sequence[Any], on_change: Callable[[int, Any], None]
    ) -> None:
        super().__init__([], layout=w.Layout(flex_flow="row wrap"))
        self.add_class("tcg-seats")
        self.table = table
        self.kinds = tuple(kinds)
        self.on_change = on_change
        self.pickers: list[Any] = []
        self._handler = table.guard(self._changed)
        self.set_count(len(names), names)

    def options(self) -> list[tuple[str, str]]:
        return [(self.table.t(k), k) for k in self.kinds]

    def _picker(self, seat: int, spec: Any) -> Any:
        label = spec if isinstance(spec, str) else getattr(spec, "name", "agent")
        options = self.options()
        if label not in self.kinds:
            options.append((label, label))
        dd = w.Dropdown(options=options, value=label, description=self.table.t("seat", n=seat + 1))
        dd.layout.width = "auto"
        dd.style.description_width = "initial"
        dd.add_class(f"tcg-seat-{seat}")
        dd.observe(self._handler, names="value")
        return dd

    def set_count(self, n: int, names: Sequence[Any] | None = None, default: str = "heuristic") -> None:
        """``n`` seats: the first ones kept, new ones played by ``default`` (or ``names``)."""
        keep = self.pickers[:n]
        for dd in self.pickers[n:]:
            close_widget(dd)
        for seat in range(len(keep), n):
            spec = names[seat] if names is not None and seat < len(names) else default
            keep.append(self._picker(seat, spec))
        self.pickers = keep
        self.children = tuple(keep)

    def _changed(self, change: dict[str, Any]) -> None:
        if self.table.relabeling:
            return
        self.on_change(self.pickers.index(change["owner"]), change["new"])

    def values(self) -> list[Any]:
        return [dd.value for dd in self.pickers]

    def kind(self, seat: int) -> str:
        if seat >= len(self.pickers):
            return ""
        value = self.pickers[seat].value
        return self.table.t(value) if value in self.kinds else str(value)

    def set_lang(self) -> None:
        for i, dd in enumerate(self.pickers):
            dd.description = self.table.t("seat", n=i + 1)
            extra = [o for o in dd.options if o[1] not in self.kinds]
            relabel(dd, self.options() + extra, self.table)

    def set_disabled(self, on: bool) -> None:
        for dd in self.pickers:
            dd.disabled = on


class DecksPane(w.HBox):  # type: ignore[misc]
    """One deck picker per seat (the game's starter decks), taking effect with the next game
    (class ``tcg-deck-<n>``); ``fixed`` (a teaching position fixes its cards) disables them."""

    def __init__(self, table: Table, on_change: Callable[[int, str], None], *, fixed: bool = False) -> None:
        super().__init__([], layout=w.Layout(flex_flow="row wrap"))
        self.add_class("tcg-decks")
        self.table = table
        self.on_change = on_change
        self.fixed = fixed
        self.pickers: list[Any] = []
        self._handler = table.guard(self._changed)
        self.sync()

    def shown(self, seat: int) -> str:
        state = self.table.state
        decks = state.setup.get("decks") or []
        cards = tuple(decks[seat]) if seat < len(decks) else None
        game = self.table.game
        for name in game.starter_decks():
            if game.starter_deck(name).cards == cards:
                return name
        return OWN_DECK

    def label(self, name: str) -> str:
        t = self.table
        if name == OWN_DECK:
            return t.t("own_deck")
        title = t.game.starter_deck(name).title
        return pick(title, t.lang, name) if title else name

    def sync(self) -> None:
        t = self.table
        game = t.game
        n = t.state.num_players if game.starter_decks() else 0
        pickers = self.pickers[:n]
        for dd in self.pickers[n:]:
            close_widget(dd)
        t.relabeling = True
        try:
            for seat in range(n):
                shown = self.shown(seat)
                if seat == len(pickers):
                    dd = w.Dropdown(layout=w.Layout(width="auto"))
                    dd.style.description_width = "initial"
                    dd.add_class(f"tcg-deck-{seat}")
                    dd.observe(self._handler, names="value")
                    pickers.append(dd)
                dd = pickers[seat]
                names = list(game.starter_decks()) + ([OWN_DECK] if shown == OWN_DECK else [])
                dd.options = [(self.label(x), x) for x in names]
                dd.value = shown
                dd.description = t.t("deck", n=seat + 1)
                dd.disabled = self.fixed
        finally:
            t.relabeling = False
        self.pickers = pickers
        self.children = tuple(pickers)

    def _changed(self, change: dict[str, Any]) -> None:
        if self.table.relabeling:
            return
        self.on_change(self.pickers.index(change["owner"]), change["new"])


class ExportPane(w.HBox):  # type: ignore[misc]
    """Save for slides: the position as one self-contained HTML page and the graph as SVG, offered as
    download links (gone at the next move)."""

    EVENTS = 12

    def __init__(self, table: Table, graph: GraphPane, log: LogPane, seed: Callable[[], int]) -> None:
        self.table = table
        self.graph_pane = graph
        self.log_pane = log
        self.seed = seed
        self.button = w.Button(description=table.t("export"), layout=w.Layout(width="auto"))
        self.button.add_class("tcg-export")
        self.link = w.HTML()
        self.link.add_class("tcg-export-link")
        self._version = -1
        self.button.on_click(table.guard(lambda _b: self.offer()))
        super().__init__([self.button, self.link], layout=w.Layout(align_items="center"))
        table.listen(self.refresh)

    def refresh(self) -> None:
        t = self.table
        self.button.description = t.t("export")
        if self.link.value and self._version != t.version:
            self.link.value = ""

    def export_svg(self, path: str | os.PathLike[str] | None = None) -> str:
        t = self.table
        state = t.state
        flow = self.graph_pane.flow()
        if state.node not in flow.by_id:
            flow = t.game.turn_flow
        edges = [e for e in state.last_transitions if e in flow.edge_set]
        current = state.node if state.node in flow.by_id else None
        svg = FlowDiagram.of(flow, t.lang, t.game.name).highlighted_svg(current, edges)
        if path is not None:
            atomic_write_text(path, svg)
        return svg

    def export_html(self, path: str | os.PathLike[str] | None = None) -> str:
        t = self.table
        state = t.state
        persp = t.perspective()
        self.log_pane.refresh()
        try:
            graph: str | None = self.export_svg()
        except GraphvizMissing:
            graph = None
        focus = self.graph_pane.focus.value
        if focus and self.graph_pane.focus_scope in focus:
            focus = f"<style>{self.graph_pane.focus_css()}</style>{focus}"
        title = pick(getattr(t.game, "title", {}) or {}, t.lang, t.game.name)
        n = len(state.history)
        caption = t.t("export_caption_1", seed=self.seed()) if n == 1 else t.t("export_caption", seed=self.seed(), n=n)
        doc = export.position_html(
            title=title,
            lang=t.lang,
            board=board_html(state, lang=t.lang, perspective=persp),
            graph_svg=graph,
            focus=focus,
            log_lines=[f"<b>{html.escape(t.t('last_events'))}</b>", *self.log_pane.cache[-self.EVENTS :][::-1]],
            caption=caption,
            graph_title=t.t("graph"),
        )
        if path is not None:
            atomic_write_text(path, doc)
        return doc

    def offer(self) -> None:
        t = self.table
        stem = f"tcgteach-{t.game.name}-seed{self.seed()}-{len(t.state.history)}-{t.lang}"
        page = base64.b64encode(self.export_html().encode("utf-8")).decode("ascii")
        links = [
            f'<a class="tcg-download" download="{stem}.html" href="data:text/html;charset=utf-8;base64,{page}">'
            f"{html.escape(t.t('download_html'))}</a>"
        ]
        try:
            svg = base64.b64encode(self.export_svg().encode("utf-8")).decode("ascii")
            links.append(
                f'<a class="tcg-download" download="{stem}.svg" href="data:image/svg+xml;base64,{svg}">'
                f"{html.escape(t.t('download_svg'))}</a>"
            )
        except GraphvizMissing:
            pass
        self.link.value = " ".join(links)
        self._version = t.version


#: the panes' shared look: big enough to read on a projector under ``.tcg-projector`` (card tiles and
#: choices ≥ 16 px), links that look like links, a status line that stays in view
PANES_CSS = """<style>
.tcg-play .tcg-status{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #cfd8dc;padding:2px 0}
.tcg-play .tcg-status-line{font-size:15px;line-height:1.35}
.tcg-projector .tcg-status-line{font-size:18px}
.tcg-play .tcg-zone-head{font-size:13px;color:#455a64;margin:4px 0 0 2px;font-weight:600}
.tcg-projector .tcg-zone-head{font-size:16px}
.tcg-play button.tcg-action,.tcg-play button.tcg-choice{white-space:normal;height:auto;min-height:32px;max-width:100%;
  text-align:left;line-height:1.3;padding:4px 10px;margin:2px}
.tcg-play button.tcg-card-tile{border:2px solid #546e7a;border-radius:6px;background:#fffde7;font-weight:600;
  min-width:88px}
.tcg-play button.tcg-card-tile:hover{background:#fff59d}
.tcg-play button.tcg-card-tile.mod-info{background:#bbdefb;border-color:#0d47a1}
.tcg-play button:disabled{opacity:.45;cursor:not-allowed}
.tcg-projector button.tcg-action,.tcg-projector button.tcg-choice,.tcg-projector .tcg-log-line,
.tcg-projector .tcg-hint-text,.tcg-projector .tcg-recent-box,.tcg-projector .tcg-combat-explain{font-size:16px}
.tcg-play .tcg-log-line{font-size:13px;line-height:1.35}
.tcg-play a.tcg-download{display:inline-block;margin:0 6px;padding:3px 10px;border:1px solid #1565c0;border-radius:4px;
  color:#0d47a1;text-decoration:underline;background:#e3f2fd;font-weight:600}
.tcg-play .tcg-result-banner{border:3px solid #2e7d32;background:#f1f8e9;border-radius:8px;padding:8px 14px;
  margin:4px 0}
.tcg-play .tcg-result-head{font-size:26px;font-weight:800}
.tcg-play .tcg-result-why{font-size:17px;margin:2px 0}
.tcg-play .tcg-result-tally{font-size:16px}
.tcg-play .tcg-result-tally ul{margin:2px 0;padding-left:1.2em}
.tcg-play .tcg-board-view,.tcg-play .tcg-board-view>.widget-html-content{width:100%;min-width:0;max-width:100%}
.tcg-play .tcg-board-view .tcg-board{max-width:100%;box-sizing:border-box}
.tcg-play .tcg-board-view .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-play .tcg-focus,.tcg-play .tcg-graph,.tcg-play .tcg-extra{width:100%;min-width:0}
.tcg-play .tcg-focus>.widget-html-content,.tcg-play .tcg-graph>.widget-html-content{width:100%}
.tcg-play{container-type:inline-size}
.tcg-play .tcg-main{width:100%;display:grid !important;grid-template-columns:minmax(0,1fr) 380px 370px;
  grid-template-areas:"board side graph";align-items:start;column-gap:8px}
.tcg-play .tcg-col-board{grid-area:board;min-width:0;overflow:auto}
.tcg-play .tcg-col-side{grid-area:side;min-width:0;overflow-y:auto;overflow-x:hidden}
.tcg-play .tcg-col-graph{grid-area:graph;min-width:0;overflow-y:auto;overflow-x:hidden}
.tcg-play .tcg-col-side>*,.tcg-play .tcg-choices>*,.tcg-play .tcg-col-board>*,.tcg-play .tcg-col-graph>*{flex-shrink:0}
@container (max-width:1320px){.tcg-play .tcg-main{grid-template-columns:minmax(0,1fr) 400px;
  grid-template-areas:"board side" "board graph";grid-template-rows:auto 1fr}}
@container (max-width:960px){.tcg-play .tcg-main{grid-template-columns:minmax(0,1fr);
  grid-template-areas:"side" "board" "graph";grid-template-rows:auto}}
</style>"""
