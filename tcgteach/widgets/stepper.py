"""The stepper: step through any tcgteach game with Step / Back / Play-Pause / Reset.

One widget for every game (an ``ipywidgets.VBox``: display it, or put it in a box). Each seat is played
by an agent ("random") or by a person, who chooses from buttons of the legal actions. The play itself
is a :class:`~tcgteach.session.Session`; the widget renders it once per user action. The board, the
event log (each line citing its rule) and the flow graph (laid out once; only a small CSS block changes
per step) follow the game. No click can corrupt the game: every callback is guarded, errors are shown
as a short message, and actions are applied only through the checked ``state.apply``.
"""

from __future__ import annotations

import asyncio
import base64
import html
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

import tcgteach

from ..agents import make_agent
from ..core.errors import TcgError
from ..core.game import Game
from ..core.state import State
from ..i18n import LANGS, Text, pick
from ..session import Session
from ..viz import export
from ..viz.board import board_html
from ..viz.flowgraph import FlowDiagram, GraphvizMissing, new_scope

PERSON = "person"
#: the deck picker's value for a deck that is not one of the game's starter decks (a list of card IDs)
OWN_DECK = "(own list)"

LABELS = Text(
    {
        "step": ("Step", "1手進める"),
        "back": ("Back", "1手戻す"),
        "play": ("Play", "自動再生"),
        "pause": ("Pause", "一時停止"),
        "reset": ("Reset", "リセット"),
        "seed": ("Seed", "シード"),
        "seat": ("P{n}", "P{n}"),
        "deck": ("P{n} deck", "P{n}のデッキ"),
        "own_deck": ("own list", "自作リスト"),
        "deck_next": (
            "P{n} plays {deck} from the next game ({button}).",
            "P{n}は次のゲームから「{deck}」を使います（{button}）。",
        ),
        "random": ("random", "ランダム"),
        "person": ("person", "人間"),
        "log": ("Event log", "イベントログ"),
        "graph": ("Turn flow", "ターンの流れ"),
        "choose": ("P{n}, choose:", "P{n}の選択："),
        "start": ("At the start: nothing to take back.", "最初の状態です。戻せる手はありません。"),
        "over": ("The game is over: {r}", "ゲーム終了：{r}"),
        "person_turn": (
            "P{n} is played by a person: choose below.",
            "P{n}は人間の担当です。下のボタンから選んでください。",
        ),
        "now": ("Now: {node}", "現在：{node}"),
        "speed": ("Delay (s)", "間隔（秒）"),
        "lang": ("Language", "言語"),
        "bad_seed": ("The seed must be a whole number.", "シードは整数で入力してください。"),
        "busy": ("Busy: one step at a time.", "処理中です。"),
        "heuristic": ("heuristic", "ヒューリスティック"),
        "coach": ("coach", "コーチ"),
        "stale": (
            "That button belongs to an earlier position; choose again.",
            "そのボタンは前の局面のものです。選び直してください。",
        ),
        "unexpected": (
            "Unexpected error ({kind}): {msg}. The game is unchanged.",
            "予期しないエラー（{kind}）：{msg}。ゲームは変わっていません。",
        ),
        "outside": ("outside this graph", "この図の外"),
        "full_graph": ("Show the whole graph (full size)", "全体図を表示（原寸）"),
        "next": ("From here", "ここから"),
        "auto_forced": ("Take forced moves (one choice) by themselves", "選択肢が1つの手は自動で進める"),
        "forced": ("(forced) P{n}: {what}", "（自動）P{n}：{what}"),
        "export": ("Save for slides", "スライド用に保存"),
        "download_html": ("Download the position (HTML)", "局面をダウンロード（HTML）"),
        "download_svg": ("the graph (SVG)", "図（SVG）"),
        "export_caption": ("Seed {seed}, after {n} actions.", "シード{seed}、{n}手目の後。"),
        "last_events": ("Last events", "直前のイベント"),
    }
)
"""The stepper's words (the classroom adds its own: ``Classroom.TEXT``)."""


STEPPER_CSS = """<style>
.tcg-stepper .tcg-board-view,.tcg-stepper .tcg-board-view>.widget-html-content{width:100%;min-width:0;max-width:100%}
.tcg-stepper .tcg-board-view .tcg-board{max-width:100%;box-sizing:border-box}
.tcg-stepper.tcg-stepper .tcg-board-view .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-stepper .tcg-focus,.tcg-stepper .tcg-graph,.tcg-stepper .tcg-extra{width:100%;min-width:0}
.tcg-stepper .tcg-focus>.widget-html-content,.tcg-stepper .tcg-graph>.widget-html-content{width:100%}
.tcg-stepper .tcg-choices button.tcg-action{white-space:normal;height:auto;min-height:32px;max-width:100%;
  text-align:left;line-height:1.3;padding-top:4px;padding-bottom:4px}
</style>"""
"""The stepper's own layout rules: the board and the graphs take the width of their column, no more; a
choice button wraps its words rather than cut off what an effect does."""


def _close(widget: Any) -> None:
    """Close a widget with its layout and style (separate models in ipywidgets)."""
    for part in (getattr(widget, "style", None), getattr(widget, "layout", None)):
        if part is not None:
            part.close()
    widget.close()


def relabel(dd: Any, options: list[tuple[str, Any]], owner: Any) -> None:
    """New labels for a dropdown's options, keeping its value and without firing our handlers
    (``owner._relabeling``); ipywidgets' own handlers stay, so the shown choice follows the value."""
    value = dd.value
    owner._relabeling = True
    try:
        dd.options = options
        dd.value = value
    finally:
        owner._relabeling = False


class EventLog(w.HTML):  # type: ignore[misc]  # ipywidgets has no type hints
    """The event log's view, ``Stepper.log``. It takes the name under which an ipywidgets widget keeps its
    logger (``Widget.log``), so it also passes on the warnings ipywidgets writes there (a front-end
    message the widget could not handle, when no IPython shows the traceback)."""

    _logger = logging.getLogger("tcgteach.widgets")

    def warning(self, *args: Any, **kw: Any) -> None:
        self._logger.warning(*args, **kw)

    def error(self, *args: Any, **kw: Any) -> None:
        self._logger.error(*args, **kw)


class Stepper(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Interactive stepper for a game: a widget (``display(stepper)``, ``HBox([stepper])``).

    ``Stepper("darkmoon", seed=3, agents=["random", "person"])`` or ``Stepper(state)`` to continue a
    given state. ``agents`` entries are "random", "person", or agent objects with ``act(view)``.
    The game in play is ``stepper.session`` (``state``, ``agents``: None for a person).

    The combat view and the classroom extend it at these points, never in its play loop (that is the
    session's): ``_build`` and ``_layout`` (their controls and rows), ``_agent_for`` (the kinds of seat),
    ``_settle`` (what follows a user action: the classroom's agents answer), ``_seat_changed``,
    ``_perspective`` (whose hand is shown), ``_refresh`` and ``_refresh_extra`` (what is shown).
    """

    #: what a seat picker offers (an agent name, or "person")
    SEAT_KINDS: ClassVar[tuple[str, ...]] = ("random", PERSON)
    #: the widget's words, ``key -> (en, ja)``
    TEXT: ClassVar[Text] = LABELS
    #: the event log's view (replaces ipywidgets' logger trait of the same name, see ``EventLog``)
    log: EventLog = None  # type: ignore[assignment]

    def __init__(
        self,
        game: str | Game | State = "darkmoon",
        *,
        seed: int = 0,
        agents: Sequence[Any] | None = None,
        decks: Sequence[Any] | None = None,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        lang: str = "en",
        interval: float = 0.5,
        show_hands: bool | None = None,
        log_lines: int = 400,
        flow: str = "turn",
        auto_forced: bool = False,
    ) -> None:
        super().__init__()
        if isinstance(game, State):
            self.game: Game = game.game
            state: State | None = game
            # Reset replays this game's set-up with another seed: same decks, same player count
            # (a teaching position is rebuilt from its dict)
            self._position = game.setup.get("position")
            decks = decks if decks is not None else [list(d) for d in game.setup["decks"]]
            players = players if players is not None else game.num_players
            seed = game.setup["seed"] if game.setup.get("seed") is not None else seed
        else:
            self.game = tcgteach.game(game, options) if isinstance(game, str) else game
            state = None
            self._position = None
        self.decks, self.players = decks, players
        self.lang = lang if lang in LANGS else "en"
        self.interval = interval
        self.show_hands = show_hands
        self.log_lines = log_lines
        if flow not in self.game.flows:
            raise TcgError(f"{self.game.name} has no flow {flow!r}; its flows are: {', '.join(self.game.flows)}")
        self.flow_name = flow
        self.scope = new_scope()
        self.focus_scope = new_scope()
        self._focus_key: tuple[Any, ...] | None = None
        self._export_version = -1
        self._busy = False
        self._playing = False
        self._task: asyncio.Task[None] | None = None
        self._log_cache: list[str] = []
        self._log_persp: Any = "unset"
        if state is None:
            state = self._new_state(seed)
        n = state.num_players
        names = list(agents) if agents is not None else ["random"] * n
        if len(names) == 1:
            names = names * n
        if len(names) != n:
            raise TcgError(f"agents: {len(names)} given for {n} players")
        self.seed = seed
        self.session = Session(state, [None] * n, auto_forced=auto_forced)
        self._build(names)
        self.children = self._layout()
        self.add_class("tcg-stepper")
        self._render_graph_base()
        self._settle()  # the classroom's agents move until a person must decide
        self._refresh(full=True)

    @classmethod
    def at(cls, example: Any, **kw: Any) -> Stepper:
        """A stepper at a moment of a seeded game, e.g. a rule explorer's example
        (``tcgteach.explorer.Example``): its game set up as recorded (``new_game()``, ``seed``, ``decks``,
        ``players``, ``agents``), then its actions (``moves()``) replayed, so Back goes back from there."""
        stepper = cls(
            example.new_game(),
            seed=example.seed,
            decks=list(example.decks) or None,
            players=example.players,
            agents=list(example.agents) or None,
            **kw,
        )
        stepper.replay(example.moves())
        return stepper

    def replay(self, actions: Sequence[Any]) -> None:
        """Apply recorded actions (checked) through the session, as one change rendered once: Back then
        takes them back one by one. An illegal one raises and leaves the game as it was."""
        self._stop_playing()
        self._run(lambda: [self.session.apply(a) for a in actions])

    # -- the session --------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state in play (``session.state``)."""
        return self.session.state

    @property
    def agents(self) -> list[Any]:
        """One per seat: an agent, or None for a person (``session.agents``; assign a seat to change it)."""
        return self.session.agents

    @agents.setter
    def agents(self, agents: Sequence[Any]) -> None:
        self.session.agents = list(agents)

    @property
    def _actors(self) -> list[int | None]:
        """Who took each action applied in this widget (``session.actors``)."""
        return self.session.actors

    @property
    def _version(self) -> int:
        """Grows with every change of the position: a button of an earlier one is refused."""
        return self.session.version

    @property
    def widget(self) -> Stepper:
        """The widget itself (kept for code written when the stepper only held one)."""
        return self

    def _t(self, key: str, **fmt: Any) -> str:
        return self.TEXT.t(key, self.lang, **fmt)

    # -- construction ----------------------------------------------------------------------------
    def _new_state(self, seed: int) -> State:
        if self._position is not None:
            state: State = self.game.position(self._position, seed=seed)  # type: ignore[attr-defined]
            return state
        return self.game.new_state(seed=seed, decks=self.decks, players=self.players)

    def _agent_for(self, seat: int, spec: Any) -> Any:
        if spec == PERSON or spec is None:
            return None
        if isinstance(spec, str):
            return make_agent(spec, self.seed * 1000 + seat)
        return spec

    def _build(self, names: list[Any]) -> None:
        t = self._t
        self.step_button = w.Button(description=t("step"), tooltip="Step / 1手進める")
        self.back_button = w.Button(description=t("back"), tooltip="Back / 1手戻す")
        self.play_button = w.ToggleButton(value=False, description=t("play"), tooltip="Play-Pause / 自動再生")
        self.reset_button = w.Button(description=t("reset"), tooltip="Reset / リセット")
        self.seed_box = w.Text(value=str(self.seed), description=t("seed"), layout=w.Layout(width="150px"))
        # radio buttons: the chosen language is marked by the radio, not by a colour alone
        self.lang_toggle = w.RadioButtons(
            options=[("English", "en"), ("日本語", "ja")],
            value=self.lang,
            description=t("lang"),
            orientation="horizontal",
            layout=w.Layout(width="auto"),
        )
        self.speed = w.FloatSlider(
            value=self.interval,
            min=0.05,
            max=2.0,
            step=0.05,
            description=t("speed"),
            readout_format=".2f",
            layout=w.Layout(width="260px"),
        )
        self.forced_box = w.Checkbox(
            value=self.session.auto_forced,
            description=t("auto_forced"),
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.forced_box.add_class("tcg-auto-forced")
        self.export_button = w.Button(description=t("export"), layout=w.Layout(width="auto"))
        self.export_button.add_class("tcg-export")
        self.export_link = w.HTML()
        self.export_link.add_class("tcg-export-link")
        self.export_button.on_click(self._guard(lambda _b: self.offer_download()))
        for b, cls in (
            (self.step_button, "tcg-step"),
            (self.back_button, "tcg-back"),
            (self.play_button, "tcg-play"),
            (self.reset_button, "tcg-reset"),
            (self.seed_box, "tcg-seed"),
            (self.lang_toggle, "tcg-lang"),
            (self.speed, "tcg-speed"),
        ):
            b.add_class(cls)
        self.seat_pickers: list[w.Dropdown] = []
        self._relabeling = False  # True while set_lang rewrites the options of a dropdown
        self._seat_handler = self._guard(self._on_seat)
        for seat, spec in enumerate(names):
            self.seat_pickers.append(self._seat_picker(seat, spec))
        self.agents = [self._agent_for(seat, spec) for seat, spec in enumerate(names)]
        # a deck per seat (issue 12 item 6): the game's starter decks, taking effect with the next game
        self._deck_handler = self._guard(self._on_deck)
        self.deck_pickers: list[w.Dropdown] = []
        self.decks_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.decks_box.add_class("tcg-decks")
        self._sync_deck_pickers()
        self.message = w.HTML(value="", layout=w.Layout(min_height="24px"))
        self.message.add_class("tcg-message")
        self.board = w.HTML()
        self.board.add_class("tcg-board-view")
        self.choices = w.VBox([])
        self.choices.add_class("tcg-choices")
        self.log = EventLog(layout=w.Layout(width="100%"))
        self.log.add_class("tcg-log")
        self.graph_style = w.HTML()
        self.graph_style.add_class("tcg-graph-state")
        self.graph = w.HTML()  # the whole graph, at full size behind a <details> (laid out once)
        self.graph.add_class("tcg-graph")
        self.focus = w.HTML()  # the current node, where it can go next and the way just taken
        self.focus.add_class("tcg-focus")
        self.log_title = w.HTML()
        self.extra = w.HTML()  # the combat view shows the combat arithmetic here
        self.extra.add_class("tcg-extra")
        self.step_button.on_click(self._guard(lambda _b: self.step()))
        self.back_button.on_click(self._guard(lambda _b: self.back()))
        self.reset_button.on_click(self._guard(lambda _b: self.reset()))
        self.play_button.observe(self._guard(self._on_play), names="value")
        self.lang_toggle.observe(self._guard(self._on_lang), names="value")
        self.speed.observe(lambda ch: setattr(self, "interval", float(ch["new"])), names="value")
        self.forced_box.observe(self._guard(self._on_forced), names="value")

    def _layout(self) -> list[Any]:
        """The widget's rows, from the controls ``_build`` made."""
        controls = w.HBox([self.step_button, self.back_button, self.play_button, self.reset_button, self.seed_box])
        settings = w.HBox(
            [self.lang_toggle, self.speed, self.forced_box, self.export_button, self.export_link],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        seats = w.HBox(self.seat_pickers, layout=w.Layout(flex_flow="row wrap"))  # up to 6 seats (DM-1.1)
        # the board and the graph side by side where both fit (a laptop), else the graph below the board at
        # full width (a projector at 1024): the board is never narrower than a field of cards
        left = w.VBox([self.board, self.choices], layout=w.Layout(flex="2 1 560px", min_width="0"))
        right = w.VBox(
            [self.graph_style, self.focus, self.graph, self.extra], layout=w.Layout(flex="1 1 400px", min_width="0")
        )
        main = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%"))
        return [
            w.HTML(STEPPER_CSS),
            controls,
            settings,
            seats,
            self.decks_box,
            self.message,
            main,
            self.log_title,
            self.log,
        ]

    def _seat_picker(self, seat: int, spec: Any) -> w.Dropdown:
        """The dropdown that says who plays ``seat`` (class ``tcg-seat-<seat>``)."""
        label = spec if isinstance(spec, str) else getattr(spec, "name", "agent")
        options = self._seat_options(self.lang)
        if label not in self.SEAT_KINDS:
            options.append((label, label))
        dd = w.Dropdown(
            options=options, value=label, description=self._t("seat", n=seat + 1), layout=w.Layout(width="190px")
        )
        dd.add_class(f"tcg-seat-{seat}")
        dd.observe(self._seat_handler, names="value")
        return dd

    def _seat_options(self, lang: str) -> list[tuple[str, str]]:
        return [(self.TEXT.t(k, lang), k) for k in self.SEAT_KINDS]

    # -- decks ------------------------------------------------------------------------------------------
    def _deck_shown(self, seat: int) -> str:
        """The starter deck seat ``seat`` plays in this game (``OWN_DECK`` for any other list of cards)."""
        decks = self.state.setup.get("decks") or []
        cards = tuple(decks[seat]) if seat < len(decks) else None
        for name in self.game.starter_decks():
            if self.game.starter_deck(name).cards == cards:
                return name
        return OWN_DECK

    def _deck_label(self, name: str) -> str:
        if name == OWN_DECK:
            return self._t("own_deck")
        title = self.game.starter_deck(name).title
        return pick(title, self.lang, name) if title else name

    def _deck_options(self, shown: str) -> list[tuple[str, str]]:
        names = list(self.game.starter_decks()) + ([OWN_DECK] if shown == OWN_DECK else [])
        return [(self._deck_label(n), n) for n in names]

    def _sync_deck_pickers(self) -> None:
        """One deck picker per seat of the game in play, showing the deck each seat plays (a teaching
        position fixes its cards: its pickers are disabled)."""
        n = self.state.num_players if self.game.starter_decks() else 0  # a game may have no starter decks
        pickers = self.deck_pickers[:n]
        for dd in self.deck_pickers[n:]:
            dd.close()
        self._relabeling = True
        try:
            for seat in range(n):
                shown = self._deck_shown(seat)
                if seat == len(pickers):
                    dd = w.Dropdown(layout=w.Layout(width="auto"))
                    dd.style.description_width = "initial"
                    dd.add_class(f"tcg-deck-{seat}")
                    dd.observe(self._deck_handler, names="value")
                    pickers.append(dd)
                dd = pickers[seat]
                dd.options = self._deck_options(shown)
                dd.value = shown
                dd.description = self._t("deck", n=seat + 1)
                dd.disabled = self._position is not None
        finally:
            self._relabeling = False
        self.deck_pickers = pickers
        self.decks_box.children = tuple(pickers)

    def _on_deck(self, change: dict[str, Any]) -> None:
        """A seat's deck changes for the next game (Reset / New game): the game in play goes on."""
        if self._relabeling:
            return
        seat = self.deck_pickers.index(change["owner"])
        played = self.state.setup.get("decks") or []
        self.decks = [dd.value if dd.value != OWN_DECK else list(played[i]) for i, dd in enumerate(self.deck_pickers)]
        self._say(
            self._t("deck_next", n=seat + 1, deck=self._deck_label(change["new"]), button=self._next_game_button())
        )

    def _next_game_button(self) -> str:
        """The button that starts the next game (the classroom's is New game)."""
        return str(self.reset_button.description)

    # -- guarded callbacks -------------------------------------------------------------------------
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """Run a callback; any error becomes a short message and the game stays as it was."""

        def run(*args: Any) -> None:
            if self._busy:
                self._say(self._t("busy"), error=True)
                return
            self._busy = True
            try:
                fn(*args)
            except TcgError as exc:
                self._say(str(exc), error=True)
            except Exception as exc:  # a widget must never show a traceback
                self._say(self._t("unexpected", kind=type(exc).__name__, msg=exc), error=True)
            finally:
                self._busy = False

        return run

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b71c1c" if error else "#1b5e20"
        prefix = "⚠ " if error else ""
        self.message.value = f'<span style="color:{color}" role="alert">{prefix}{html.escape(text)}</span>'

    def _run(self, change: Callable[[], object]) -> None:
        """One user action on the session: ``change``, then (where agents answer by themselves, see
        ``_settle``) the agents' moves, as one transaction. The views render once, also when it fails
        (every move of the action undone: the game is as it was)."""
        session = self.session
        version = session.version
        try:
            with session.transaction():
                change()
                self._settle()
        except BaseException:
            self._refresh()
            raise
        if session.version != version:
            self._say("")  # the message of the last position is gone with it
        self._refresh()

    def _settle(self) -> None:
        """After a user action: the stepper waits for Step (the classroom lets the agents answer); forced
        decisions are taken at once if ``auto_forced`` is on."""
        self.session.take_forced()

    def _on_forced(self, change: dict[str, Any]) -> None:
        self.session.auto_forced = bool(change["new"])
        self._run(lambda: None)  # a forced decision waiting now is taken at once

    # -- commands (also usable from code) ----------------------------------------------------------------
    def step(self) -> bool:
        """Let the agent of the player to act take one action. False if nothing happened."""
        state = self.state
        if state.is_terminal():
            self._say(self._t("over", r=self._result_text()))
            return False
        seat: int = state.current_player  # type: ignore[assignment]  # not None before the end
        agent = self.agents[seat]
        if agent is None:
            self._say(self._t("person_turn", n=seat + 1))
            return False
        self.apply(agent.act(state.view(seat)))
        return True

    def apply(self, action: Any) -> None:
        """Apply an action (checked). An illegal one raises and changes nothing."""
        self._run(lambda: self.session.apply(action))

    def back(self) -> bool:
        """Take back one action. At the start there is nothing to take back (a message, no error)."""
        self._stop_playing()
        if not self.session.undo():
            self._say(self._t("start"))
            return False
        self._say("")
        self._refresh()
        return True

    def reset(self, seed: int | None = None) -> None:
        """A new game with ``seed`` (or the number in the Seed box)."""
        self._stop_playing()
        if seed is None:
            text = self.seed_box.value.strip()
            try:
                seed = int(text)
            except ValueError:
                self._say(self._t("bad_seed"), error=True)
                return
        self._restart(seed)
        self._say("")
        self._refresh(full=True)

    def _restart(self, seed: int) -> None:
        """A new game from ``seed`` in the session, with new agents from the seat pickers (not rendered)."""
        state = self._new_state(seed)
        self.seed = seed
        self.seed_box.value = str(seed)
        self.session.restart(state, [self._agent_for(i, dd.value) for i, dd in enumerate(self.seat_pickers)])
        self._log_cache = []
        self._sync_deck_pickers()

    # -- play / pause ------------------------------------------------------------------------------------
    def _on_play(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._playing = True
            self.play_button.description = self._t("pause")
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            if loop is not None and (self._task is None or self._task.done()):
                self._task = loop.create_task(self._autoplay())
        else:
            self._playing = False
            self.play_button.description = self._t("play")

    def _stop_playing(self) -> None:
        if self.play_button.value:
            self.play_button.value = False
        self._playing = False

    def tick(self) -> bool:
        """One auto-play step (what the Play loop does every ``interval`` seconds). False = stop."""
        if not self._playing or self._busy:
            return self._playing
        self._busy = True
        try:
            moved = self.step()
        except Exception as exc:  # keep the loop alive and the game intact
            self._say(self._t("unexpected", kind=type(exc).__name__, msg=exc), error=True)
            moved = False
        finally:
            self._busy = False
        if not moved:
            self._stop_playing()
        return moved

    async def _autoplay(self) -> None:
        while self._playing:
            if not self.tick():
                break
            await asyncio.sleep(self.interval)

    # -- seats and language ---------------------------------------------------------------------------------
    def _on_seat(self, change: dict[str, Any]) -> None:
        if self._relabeling:
            return
        seat = self.seat_pickers.index(change["owner"])
        self.agents[seat] = self._agent_for(seat, change["new"])
        self._seat_changed()
        self._run(lambda: None)  # where agents answer by themselves, a seat given to one may have to move

    def _seat_changed(self) -> None:
        """Before the agents answer a change of a seat (the classroom forgets its hint)."""

    def _on_lang(self, change: dict[str, Any]) -> None:
        self.set_lang(change["new"])

    def set_lang(self, lang: str) -> None:
        """Switch every label, card, log line and graph to ``lang`` without restarting the game."""
        self.lang = lang
        t = self._t
        self.step_button.description = t("step")
        self.back_button.description = t("back")
        self.play_button.description = t("pause" if self._playing else "play")
        self.reset_button.description = t("reset")
        self.seed_box.description = t("seed")
        self.lang_toggle.description = t("lang")
        self.speed.description = t("speed")
        self.export_button.description = t("export")
        self.forced_box.description = t("auto_forced")
        for i, dd in enumerate(self.seat_pickers):
            dd.description = t("seat", n=i + 1)
            extra = [o for o in dd.options if o[1] not in self.SEAT_KINDS]
            relabel(dd, self._seat_options(lang) + extra, self)
        self._sync_deck_pickers()
        if self.lang_toggle.value != lang:
            self.lang_toggle.value = lang
        self._log_cache = []
        self._say("")  # a message in the other language would stay behind
        self._render_graph_base()
        self._refresh(full=True)

    # -- rendering -----------------------------------------------------------------------------------------------
    def _perspective(self) -> int | None:
        if self.show_hands is True:
            return None
        persons = self.session.persons()
        if self.show_hands is False:
            return self.state.current_player
        return persons[0] if len(persons) == 1 else None

    def _render_graph_base(self) -> None:
        """The whole graph, laid out once per game and language, at its full size behind a toggle (the
        focus view beside the board is what can be read at a glance)."""
        flow = self.game.flows[self.flow_name]
        self._focus_key = None
        try:
            svg = FlowDiagram.of(flow, self.lang, self.game.name).full_svg
            self.graph.value = (
                f'<details class="tcg-full-graph"><summary style="cursor:pointer">{html.escape(self._t("full_graph"))}'
                f'</summary><div class="tcg-flow {self.scope}" data-flow="{flow.name}" '
                f'style="overflow:auto;max-height:85vh">{svg}</div></details>'
            )
        except GraphvizMissing as exc:
            self.graph.value = f"<p>{html.escape(str(exc))}</p>"

    def _focus_flow(self) -> Any:
        """The flow the focus view shows: the widget's own, or the turn flow where the game has left it
        (the combat view between combats)."""
        flow = self.game.flows[self.flow_name]
        if self.state.node in flow.by_id:
            return flow
        return self.game.turn_flow if self.state.node in self.game.turn_flow.by_id else None

    def _refresh_focus(self) -> str:
        """Show the focus view of the current node (cached per node and way in: no layout after the first
        visit); the CSS that lights it."""
        state = self.state
        flow = self._focus_flow()
        if flow is None:
            self.focus.value = ""
            self._focus_key = None
            return ""
        node = state.node
        last = [t for t in state.last_transitions if t in flow.edge_set]
        via = last[-1][0] if last and last[-1][1] == node else None
        diagram = FlowDiagram.of(flow, self.lang, self.game.name)
        key = (flow.name, self.lang, node, via)
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

    def _result_text(self) -> str:
        out = self.state.result()
        return out.text(self.lang) if out is not None else ""

    def _refresh(self, full: bool = False) -> None:
        """Render the session: board, flow-graph highlight, log, choices (one call per user action)."""
        state = self.state
        lang = self.lang
        persp = self._perspective()
        self.board.value = board_html(state, lang=lang, perspective=persp)
        # flow graph: only the highlight changes
        flow = self.game.flows[self.flow_name]
        edges = [t for t in state.last_transitions if t in flow.edge_set]
        node = self.game.turn_flow.by_id[state.node]
        node_label = pick(node.label, lang)
        rules = " ".join(node.rules)
        inside = state.node in flow.by_id
        if not inside:
            node_label += " (" + self._t("outside") + ")"
        css = FlowDiagram.of(flow, lang, self.game.name).style(self.scope, state.node if inside else None, edges)
        css += "\n" + self._refresh_focus()
        self.graph_style.value = (
            f'<style>{css}</style><div class="tcg-flow-state" data-current="{state.node}" '
            f'data-version="{self._version}" '
            f'data-edges="{" ".join(f"{a}->{b}" for a, b in edges)}"><b>'
            f"{html.escape(self._t('now', node=node_label))}</b> <small>({rules})</small></div>"
        )
        self._refresh_log(persp)
        self._refresh_choices()
        self._refresh_extra()
        if self.export_link.value and self._export_version != self._version:
            self.export_link.value = ""  # a link to an earlier position
        self.back_button.disabled = False
        self.step_button.disabled = False
        if state.is_terminal():
            self._say(self._t("over", r=self._result_text()))

    def _refresh_extra(self) -> None:
        """What the combat view shows in ``self.extra``."""

    # -- export for slides -------------------------------------------------------------------------------
    EXPORT_EVENTS = 12

    def export_svg(self, path: str | os.PathLike[str] | None = None) -> str:
        """The flow graph of the current position as an SVG document (the current node and the way just
        taken lit); written to ``path`` if given."""
        state = self.state
        flow = self.game.flows[self.flow_name]
        if state.node not in flow.by_id:
            flow = self.game.turn_flow
        edges = [t for t in state.last_transitions if t in flow.edge_set]
        current = state.node if state.node in flow.by_id else None
        svg = FlowDiagram.of(flow, self.lang, self.game.name).highlighted_svg(current, edges)
        if path is not None:
            Path(path).write_text(svg, encoding="utf-8")
        return svg

    def export_html(self, path: str | os.PathLike[str] | None = None) -> str:
        """The current position (board as shown, the graph lit, the focus view and the last events) as one
        self-contained HTML document: styles inline, no script, no external request; written to ``path``
        if given."""
        state = self.state
        persp = self._perspective()
        self._refresh_log(persp)  # the log lines of this position, for this perspective
        try:
            graph: str | None = self.export_svg()
        except GraphvizMissing:
            graph = None
        focus = self.focus.value
        if focus and self.focus_scope in focus:
            focus = f"<style>{self._refresh_focus()}</style>{focus}"
        title = f"{pick(getattr(self.game, 'title', {}) or {}, self.lang, self.game.name)}"
        doc = export.position_html(
            title=title,
            lang=self.lang,
            board=board_html(state, lang=self.lang, perspective=persp),
            graph_svg=graph,
            focus=focus,
            log_lines=[f"<b>{html.escape(self._t('last_events'))}</b>", *self._log_cache[-self.EXPORT_EVENTS :][::-1]],
            caption=self._t("export_caption", seed=self.seed, n=len(state.history)),
            graph_title=self._t("graph"),
        )
        if path is not None:
            Path(path).write_text(doc, encoding="utf-8")
        return doc

    def offer_download(self) -> None:
        """Fill the link next to the export button: the position as HTML and the graph as SVG, as data:
        URLs the browser saves (nothing is written on the server). Gone at the next move."""
        stem = f"tcgteach-{self.game.name}-seed{self.seed}-{len(self.state.history)}-{self.lang}"
        page = base64.b64encode(self.export_html().encode("utf-8")).decode("ascii")
        links = [
            f'<a download="{stem}.html" href="data:text/html;charset=utf-8;base64,{page}">'
            f"{html.escape(self._t('download_html'))}</a>"
        ]
        try:
            svg = base64.b64encode(self.export_svg().encode("utf-8")).decode("ascii")
            links.append(
                f'<a download="{stem}.svg" href="data:image/svg+xml;base64,{svg}">'
                f"{html.escape(self._t('download_svg'))}</a>"
            )
        except GraphvizMissing:
            pass
        self.export_link.value = " · ".join(links)
        self._export_version = self._version

    def _refresh_log(self, persp: int | None) -> None:
        state = self.state
        events = state.events
        if persp != self._log_persp:  # lines are masked for one perspective: another one needs new lines
            self._log_cache = []
            self._log_persp = persp
        cache = self._log_cache
        if len(cache) > len(events):
            del cache[len(events) :]
        forced = self.session.forced_moves() if len(cache) < len(events) else {}
        for i in range(len(cache), len(events)):
            ev = events[i]
            shown = ev if persp is None else ev.masked(persp)
            text = self.game.describe_event(shown, state, self.lang)
            line = f'<div class="tcg-log-line" data-rule="{ev.rule}"><code>[{ev.rule}]</code> {html.escape(text)}</div>'
            if i in forced:
                line = self._forced_line(*forced[i], persp) + line
            cache.append(line)
        shown_lines = cache[-self.log_lines :]
        self.log_title.value = f"<b>{self._t('log')}</b> ({len(events)})"
        self.log.value = (
            '<div style="max-height:260px;overflow-y:auto;font-size:12px;display:flex;'
            'flex-direction:column-reverse"><div>' + "".join(shown_lines) + "</div></div>"
        )

    def _describe(self, seat: int | None, action: Any, persp: int | None) -> str:
        """An action in words, as ``persp`` may see it (a secret one masked for the others)."""
        if persp is not None and seat != persp:
            action = self.game.mask_action(action)
        return self.game.describe_action(action, self.state, self.lang)

    def _forced_line(self, seat: int | None, action: Any, persp: int | None) -> str:
        """The log line of a decision the session took by itself ("(forced) P1: Pass")."""
        n = (seat or 0) + 1
        text = self._t("forced", n=n, what=self._describe(seat, action, persp))
        rule = html.escape(getattr(action, "RULE", "") or "")
        return (
            f'<div class="tcg-log-line tcg-forced" data-rule="{rule}"><code>[{rule}]</code> '
            f"<i>{html.escape(text)}</i></div>"
        )

    def _refresh_choices(self) -> None:
        state = self.state
        self._close_choices()
        if not self.session.person_to_move():
            return
        seat: int = state.current_player  # type: ignore[assignment]  # a person is to move
        title = w.HTML(f"<b>{html.escape(self._t('choose', n=seat + 1))}</b>")
        buttons = []
        for action in state.legal_actions():
            b = w.Button(
                description=self.game.describe_action(action, state, self.lang),
                tooltip=str(action),
                layout=w.Layout(width="auto"),
            )
            b.add_class("tcg-action")
            b.on_click(self._guard(self._choice_handler(action, self._version)))
            buttons.append(b)
        self.choices.children = (title, w.Box(buttons, layout=w.Layout(flex_flow="row wrap")))

    def _close_choices(self) -> None:
        """Drop the buttons of the last position (and their models in the front end)."""
        old = self.choices.children
        self.choices.children = ()
        for child in old:
            for grandchild in getattr(child, "children", ()):
                _close(grandchild)
            _close(child)

    def _choice_handler(self, action: Any, version: int) -> Callable[[Any], None]:
        def click(_b: Any) -> None:
            if self._version != version:
                raise TcgError(self._t("stale"))
            self.apply(action)

        return click
