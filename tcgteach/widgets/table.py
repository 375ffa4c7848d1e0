"""The table every play front end is built over: one :class:`tcgteach.session.Session` with
who sees what (a perspective), the language and the rules of a safe turn — the moment a person acts
every choice is locked until the next position is shown; a click made for an earlier position is
refused with a message and changes nothing; the agents' moves are shown one at a time (``pause``
seconds apart, 0 = at once), each with its log line and lit node.

Also the panes' shared words (:data:`WORDS`), the seat pickers' values and the small widget helpers.
The panes themselves are in :mod:`tcgteach.widgets.panes`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..agents import CoachAgent, make_agent
from ..core.errors import TcgError
from ..i18n import Text
from ..session import ADVANCE_LIMIT, Session, StepLimitError

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import State


PERSON = "person"
#: a shown widget's ``layout.display``: "flex", as the widgets' own CSS has it. Never None: in the site's Voici
#: pages (JupyterLite's Pyodide kernel) a display set back to None stays "none" (seen in chromium: the list of
#: every choice, the board after a hot-seat pass, a folded Setup never showed again); Voila shows either
SHOWN = "flex"
#: the same for a button (the widgets' CSS lays buttons out inline-block)
SHOWN_BUTTON = "inline-block"
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
        "saved_deck": ("saved: {name}", "保存済み：{name}"),
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
        "draw_between": ("Tie between {who}", "{who}の引き分け"),
        "draw": ("Tie", "引き分け"),
        "nobody": ("No winner", "勝者なし"),
        "why": ("Why: {title} ({rule})", "理由：{title}（{rule}）"),
        "tally": ("Final tally", "最終結果"),
        "points": ("{n} points", "{n}点"),
        "cards_left": ("{n} cards left in the deck", "デッキ残り{n}枚"),
        "play_again": ("Play again", "もう一度遊ぶ"),
        "review_game": ("Review this game", "このゲームをふりかえる"),
        "back_to_game": ("◀ Back to the game", "◀ ゲームに戻る"),
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
        """The text ``key`` of the widgets in the table's language, formatted with ``fmt``."""
        return self.text.t(key, self.lang, **fmt)

    @property
    def state(self) -> State:
        """The state being played (the session's)."""
        return self.session.state

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.state.game

    @property
    def version(self) -> int:
        """The session's version, raised by every change: a button made for an older version does nothing."""
        return self.session.version

    def who(self, seat: int | None) -> str:
        """A seat in words: "P2 (coach)"."""
        if seat is None:
            return ""
        kind = self.kind_of(seat)
        return f"P{seat + 1}" + (f"（{kind}）" if self.lang == "ja" and kind else f" ({kind})" if kind else "")

    # -- listeners ------------------------------------------------------------------------------------
    def listen(self, render: Callable[[], None], lock: Callable[[bool], None] | None = None) -> None:
        """Have ``render`` called after every change (and ``lock`` with True while agents move, False after)."""
        self._listeners.append(render)
        if lock is not None:
            self._lockers.append(lock)

    def listen_message(self, render: Callable[[], None]) -> None:
        """Have ``render`` called when the table's message changes."""
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
        """Show ``text`` as the table's message (as an error when ``error``)."""
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
            if self.message == (self.t("busy"), True):
                self.say("")  # a click refused while busy is stale once the next one is taken
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
        """``TcgError`` while an agent is moving: a person's click waits for it."""
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
        """Redraw everything that shows the table's message."""
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
