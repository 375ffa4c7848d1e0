"""The stepper: step through any tcgteach game with Step / Back / Play-Pause / Reset.

One widget for every game (an ``ipywidgets.VBox``: display it, or put it in a box), put together from
the panes of :mod:`tcgteach.widgets.panes` over one :class:`tcgteach.session.Session`. Each seat is
played by an agent ("random") or by a person, who acts on the cards (click a card in hand to play it)
or on buttons of the legal actions. It fits one screen: a bar of buttons, a status line that stays in
view, the board beside the choices, the latest log lines and the turn graph; the settings (seed,
seats, decks, speed) fold away. No click can corrupt the game: every callback is guarded, errors are
short messages, actions are applied only through the checked ``state.apply``, and a button made for an
earlier position is refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w

from ..core.checks import check_bool, check_number, shown
from ..core.errors import TcgError
from ..core.game import Game
from ..core.state import State
from ..i18n import Text
from .links import LINK_CSS, LinkPane, surface_link
from .panes import OWN_DECK, PANES_CSS, PERSON, WORDS, Table, close_widget, relabel
from .surface import Surface
from .table import SHOWN

__all__ = ["LABELS", "OWN_DECK", "PERSON", "Stepper", "relabel"]

_close = close_widget  # the rule explorer closes its rows with it

LABELS = WORDS | Text(
    {
        "step": ("Step", "1手進める"),
        "back": ("Back", "1手戻す"),
        "play": ("Play", "自動再生"),
        "pause": ("Pause", "一時停止"),
        "reset": ("Reset", "リセット"),
        "seed": ("Seed", "シード"),
        "settings": ("Settings", "設定"),
        "projector": ("Projector (large text)", "プロジェクター（大きな文字）"),
        "start": ("At the start: nothing to take back.", "最初の状態です。戻せる手はありません。"),
        "over": ("The game is over: {r}", "ゲーム終了：{r}"),
        "person_turn": (
            "P{n} is played by a person: choose a card or a button.",
            "P{n}は人が担当しています。カードかボタンを選んでください。",
        ),
        "speed": ("Delay (s)", "間隔（秒）"),
        "lang": ("Language", "言語"),
        "bad_seed": ("The seed must be a whole number.", "シードは整数で入力してください。"),
        "auto_forced": ("Take forced moves (one choice) by themselves", "選択肢が1つの手は自動で進める"),
        "next": ("From here", "ここから"),
    }
)
"""The stepper's words (with the panes')."""

STEPPER_CSS = """<style>
.tcg-stepper .tcg-col-board,.tcg-stepper .tcg-col-side,.tcg-stepper .tcg-col-graph{max-height:calc(100vh - 190px)}
.tcg-stepper .tcg-bar{flex-flow:row wrap;align-items:center}
.tcg-stepper .tcg-bar .widget-button,.tcg-stepper .tcg-bar .widget-toggle-button{width:auto;min-width:64px;
  padding:0 12px}
</style>"""


def _check_stepper(interval: Any, show_hands: Any, projector: Any, extra: Any) -> None:
    check_number(interval, "interval", 0.01, 3600)
    if show_hands is not None:
        check_bool(show_hands, "show_hands")
    check_bool(projector, "projector")
    if extra is not None and not callable(extra):
        raise TcgError(f"extra must be None or a function extra(table) -> pane, not {shown(extra)}")


class Stepper(Surface):
    """Interactive stepper for a game: a widget (``display(stepper)``, ``HBox([stepper])``).

    ``Stepper("darkmoon", seed=3, agents=["random", "person"])`` or ``Stepper(state)`` to continue a
    given state. ``agents`` entries are "random", "person", or agent objects with ``act(view)``.
    The game in play is ``stepper.session`` (``state``, ``agents``: None for a person); its panes are
    ``board``, ``choices``, ``log_pane``, ``graph_pane``, ``status``, ``result``, ``export``, ``seats``
    and ``decks_pane``. ``projector=True`` makes every text big enough for the back of a room;
    ``extra(table)`` makes a pane of the caller's, shown under the graph (the combat view's arithmetic).
    """

    SEAT_KINDS: ClassVar[tuple[str, ...]] = ("random", PERSON)
    TEXT: ClassVar[Text] = LABELS

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
        projector: bool = False,
        extra: Callable[[Table], Any] | None = None,
    ) -> None:
        _check_stepper(interval, show_hands, projector, extra)
        super().__init__()
        self.interval = interval
        self.show_hands = show_hands
        self._playing = False
        self._task: asyncio.Task[None] | None = None
        self._setup_game(
            game,
            seed=seed,
            agents=agents,
            decks=decks,
            players=players,
            options=options,
            lang=lang,
            flow=flow,
            auto_forced=auto_forced,
            pause=0.0,
            log_lines=log_lines,
            log_height=170,
        )
        self._build()
        if extra is not None:  # a pane of the caller's beside the graph (the combat view's arithmetic)
            self.extra = extra(self.table)
        self.children = self._layout()
        self.add_class("tcg-stepper")
        self.add_class("tcg-play")
        self.set_projector(projector)
        self.table.render()

    @classmethod
    def at(cls, example: Any, **kw: Any) -> Stepper:
        """A stepper at a moment of a seeded game, e.g. a rule explorer's example: its game set up as
        recorded, then its actions replayed, so Back goes back from there."""
        from ..explorer import Example

        if not isinstance(example, Example):
            raise TcgError(
                f"Stepper.at takes an example of the rule explorer (where(...).examples[i]), not {example!r:.40}"
            )
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

    # -- construction ----------------------------------------------------------------------------------
    def _build(self) -> None:
        t = self._t
        g = self.table.guard
        self.step_button = w.Button(description=t("step"), tooltip="Step / 1手進める")
        self.back_button = w.Button(description=t("back"), tooltip="Back / 1手戻す")
        self.play_button = w.ToggleButton(value=False, description=t("play"), tooltip="Play-Pause / 自動再生")
        self.reset_button = w.Button(description=t("reset"), tooltip="Reset / リセット")
        self.seed_box = w.Text(value=str(self.seed), description=t("seed"), layout=w.Layout(width="150px"))
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
            value=self.session.auto_forced, description=t("auto_forced"), indent=False, layout=w.Layout(width="auto")
        )
        self.forced_box.add_class("tcg-auto-forced")
        self.settings_button = w.ToggleButton(value=False, description=t("settings"), layout=w.Layout(width="auto"))
        self.settings_button.add_class("tcg-settings")
        self.projector_box = w.Checkbox(
            value=False, description=t("projector"), indent=False, layout=w.Layout(width="auto")
        )
        self.projector_box.add_class("tcg-projector-switch")
        for b, cls in (
            (self.step_button, "tcg-step"),
            (self.back_button, "tcg-back"),
            (self.play_button, "tcg-play-button"),
            (self.reset_button, "tcg-reset"),
            (self.seed_box, "tcg-seed"),
            (self.lang_toggle, "tcg-lang"),
            (self.speed, "tcg-speed"),
        ):
            b.add_class(cls)
        self.extra = w.HTML()  # the combat view's arithmetic (empty here)
        self.extra.add_class("tcg-extra")
        self.step_button.on_click(g(lambda _b: self.step()))
        self.back_button.on_click(g(lambda _b: self.back()))
        self.reset_button.on_click(g(lambda _b: self.reset()))
        self.play_button.observe(g(self._on_play), names="value")
        self.lang_toggle.observe(g(lambda ch: self.set_lang(ch["new"])), names="value")
        self.speed.observe(lambda ch: setattr(self, "interval", float(ch["new"])), names="value")
        self.forced_box.observe(g(self._on_forced), names="value")
        self.settings_button.observe(lambda ch: self._show_settings(bool(ch["new"])), names="value")
        self.projector_box.observe(lambda ch: self.set_projector(bool(ch["new"])), names="value")
        self.settings_box = w.VBox(
            [
                w.HBox(
                    [self.seed_box, self.speed, self.forced_box, self.projector_box],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.seats,
                self.decks_pane,
            ],
            layout=w.Layout(display="none"),
        )
        self.settings_box.add_class("tcg-settings-box")
        self.table.listen(self._refresh_controls)
        self.link_pane = LinkPane(self.table, lambda: surface_link(self))

    def _layout(self) -> list[Any]:
        bar = w.HBox(
            [
                self.step_button,
                self.back_button,
                self.play_button,
                self.reset_button,
                self.settings_button,
                self.lang_toggle,
                self.export,
                self.link_pane,
            ]
        )
        bar.add_class("tcg-bar")
        board = w.VBox([self.board])
        board.add_class("tcg-col-board")
        side = w.VBox([self.choices, self.log_pane])
        side.add_class("tcg-col-side")
        graph = w.VBox([self.graph_pane, self.extra])
        graph.add_class("tcg-col-graph")
        main = w.HBox([board, side, graph])
        main.add_class("tcg-main")
        return [w.HTML(PANES_CSS + STEPPER_CSS + LINK_CSS), bar, self.settings_box, self.status, self.result, main]

    def _show_settings(self, on: bool) -> None:
        self.settings_box.layout.display = SHOWN if on else "none"

    def _refresh_controls(self) -> None:
        state = self.state
        self.back_button.disabled = False
        self.step_button.disabled = state.is_terminal()

    def _next_game_button(self) -> str:
        return str(self.reset_button.description)

    def _perspective(self) -> int | None:
        if self.show_hands is True:
            return None
        persons = self.session.persons()
        if self.show_hands is False:
            return self.state.current_player
        return persons[0] if len(persons) == 1 else None

    # -- commands ------------------------------------------------------------------------------------------
    def step(self) -> bool:
        """Let the agent of the player to act take one action. False if nothing happened."""
        state = self.state
        if state.is_terminal():
            self._say(self._t("over", r=self._result_text()))
            return False
        seat: int = state.current_player  # type: ignore[assignment]  # not None before the end
        if self.agents[seat] is None:
            self._say(self._t("person_turn", n=seat + 1))
            return False
        return self.table.step()

    def reset(self, seed: int | None = None) -> None:
        """A new game with ``seed`` (or the number in the Seed box)."""
        self._stop_playing()
        if seed is None:
            try:
                seed = int(self.seed_box.value.strip())
            except ValueError:
                self._say(self._t("bad_seed"), error=True)
                return
        self._restart(seed)
        self.seed_box.value = str(seed)
        self._say("")
        self.table.run(lambda: None)

    def _play_again(self) -> None:
        self.reset(self.seed + 1)

    def back(self) -> bool:
        self._stop_playing()
        return super().back()

    def _on_forced(self, change: dict[str, Any]) -> None:
        self.session.auto_forced = bool(change["new"])
        self.table.run(lambda: None)

    def _relabel(self) -> None:
        t = self._t
        self.step_button.description = t("step")
        self.back_button.description = t("back")
        self.play_button.description = t("pause" if self._playing else "play")
        self.reset_button.description = t("reset")
        self.seed_box.description = t("seed")
        self.lang_toggle.description = t("lang")
        self.speed.description = t("speed")
        self.forced_box.description = t("auto_forced")
        self.settings_button.description = t("settings")
        self.projector_box.description = t("projector")
        self.choices.list_toggle.description = t("list_all")
        self.result.again.description = t("play_again")
        if self.lang_toggle.value != self.lang:
            self.lang_toggle.value = self.lang

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
        if not self._playing or self.table.busy:
            return self._playing
        self.table.busy = True
        try:
            moved = self.step()
        except Exception as exc:  # keep the loop alive and the game intact
            self._say(self._t("unexpected", kind=type(exc).__name__, msg=exc), error=True)
            moved = False
        finally:
            self.table.busy = False
        if not moved:
            self._stop_playing()
        return moved

    async def _autoplay(self) -> None:
        while self._playing:
            if not self.tick():
                break
            await asyncio.sleep(self.interval)
