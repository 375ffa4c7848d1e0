"""What every play front end is made of: a :class:`tcgteach.widgets.panes.Table` over one session and
the panes over it. :class:`Surface` is not a front end itself; the stepper, the combat view and the
classroom each put its panes together in their own layout (none of them subclasses another)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w

import tcgteach

from ..core.checks import check_bool, check_int, check_list, check_mapping, check_number, check_path
from ..core.errors import TcgError
from ..core.game import Game
from ..core.state import State
from ..i18n import LANGS, Text
from ..lookup import check_game
from ..session import Session
from .panes import (
    OWN_DECK,
    PERSON,
    WORDS,
    BoardPane,
    ChoicesPane,
    DecksPane,
    ExportPane,
    GraphPane,
    LogPane,
    ResultPane,
    SeatsPane,
    StatusPane,
    Table,
    agent_for,
    close_tree,
    result_headline,
)


class Surface(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A game, its session and table, and the common panes; the layout is the subclass's ``_layout``."""

    SEAT_KINDS: ClassVar[tuple[str, ...]] = ("random", PERSON)
    TEXT: ClassVar[Text] = WORDS
    ANSWER: ClassVar[str] = "step"
    #: the projector-mode switch each front end puts in its settings
    projector_box: Any
    #: the review of the game just ended (``show_review``), the rows it stands in for, and its rollouts per
    #: position (None: the review widget's default; a new game keeps the setting)
    review: Any = None
    review_rollouts: int | None = None
    _play_rows: list[Any] | None = None

    def _setup_game(
        self,
        game: str | Game | State,
        *,
        seed: int,
        agents: Sequence[Any] | None,
        decks: Sequence[Any] | None,
        players: int | None,
        options: Mapping[str, Any] | None,
        lang: str,
        flow: str,
        auto_forced: bool,
        pause: float,
        log_lines: int,
        log_height: int,
    ) -> None:
        if not isinstance(game, State):
            check_game(game)
        check_int(seed, "seed", -(2**63), 2**63 - 1)
        check_list(agents, "agents", none=True)
        check_list(decks, "decks", none=True)
        check_mapping(options, "options", none=True)
        if not isinstance(flow, str):
            raise TcgError(f"flow must be the name of a flow graph ('turn'), not {flow!r:.40}")
        check_bool(auto_forced, "auto_forced")
        check_number(pause, "pause", 0, 60)
        check_int(log_lines, "log_lines", 1, 100_000)
        if isinstance(game, State):
            self.game: Game = game.game
            state: State | None = game
            self._position = game.setup.get("position")
            decks = decks if decks is not None else [list(d) for d in game.setup["decks"]]
            players = players if players is not None else game.num_players
            seed = game.setup["seed"] if game.setup.get("seed") is not None else seed
        else:
            self.game = tcgteach.game(game, options) if isinstance(game, str) else game
            state = None
            self._position = None
        if flow not in self.game.flows:
            raise TcgError(f"{self.game.name} has no flow {flow!r}; its flows are: {', '.join(self.game.flows)}")
        self.decks, self.players = decks, players
        self.lang = lang if lang in LANGS else "en"
        self.seed = seed
        if state is None:
            state = self._new_state(seed)
        n = state.num_players
        names = list(agents) if agents is not None else ["random"] * n
        if len(names) == 1:
            names = names * n
        if len(names) != n:
            raise TcgError(f"agents: {len(names)} given for {n} players")
        self.session = Session(state, [None] * n, auto_forced=auto_forced)
        self.table = Table(
            self.session, lang=self.lang, answer=self.ANSWER, pause=pause, text=self.TEXT, kinds=self._kind
        )
        self.table.perspective = self._perspective
        t = self.table
        self.seats = SeatsPane(t, self.SEAT_KINDS, names, self._on_seat)
        self.session.agents = [self._agent_for(i, spec) for i, spec in enumerate(names)]
        self.decks_pane = DecksPane(t, self._on_deck, fixed=self._position is not None)
        self.board = BoardPane(t)
        self.log_pane = LogPane(t, lines=log_lines, height=log_height)
        self.graph_pane = GraphPane(t, flow)
        self.choices = ChoicesPane(t)
        self.status = StatusPane(t, step_hint=self.ANSWER == "step")
        self.result = ResultPane(t, self._play_again, lambda: self.show_review(True))
        self.export = ExportPane(t, self.graph_pane, self.log_pane, lambda: self.seed)

    # -- the session ---------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state in play (``session.state``)."""
        return self.session.state

    @property
    def agents(self) -> list[Any]:
        """One per seat: an agent, or None for a person (``session.agents``)."""
        return self.session.agents

    @agents.setter
    def agents(self, agents: Sequence[Any]) -> None:
        self.session.agents = list(agents)

    @property
    def _actors(self) -> list[int | None]:
        return self.session.actors

    @property
    def _version(self) -> int:
        return self.session.version

    @property
    def _busy(self) -> bool:
        """True while a callback runs (a click arriving then is refused with a message)."""
        return self.table.busy

    @_busy.setter
    def _busy(self, on: bool) -> None:
        self.table.busy = on

    @property
    def widget(self) -> Surface:
        """The widget to display: the surface itself."""
        return self

    # the panes' widgets under the names the front ends have always had
    @property
    def seat_pickers(self) -> list[Any]:
        """The seat pickers of the Settings."""
        return self.seats.pickers

    @property
    def deck_pickers(self) -> list[Any]:
        """The deck pickers of the Settings."""
        return self.decks_pane.pickers

    @property
    def message(self) -> Any:
        """The status line, which shows the message of the last click (``.tcg-message``)."""
        return self.status

    @property
    def log(self) -> Any:
        return self.log_pane.view

    @property
    def log_title(self) -> Any:
        """The event log's title."""
        return self.log_pane.title

    @property
    def graph(self) -> Any:
        """The graph widget (the flow diagram)."""
        return self.graph_pane.graph

    @property
    def focus(self) -> Any:
        return self.graph_pane.focus

    @property
    def graph_style(self) -> Any:
        """The style element that lights the graph's current node and transitions."""
        return self.graph_pane.state_line

    @property
    def scope(self) -> str:
        """The CSS scope of the whole graph (every drawing has its own)."""
        return self.graph_pane.scope

    @property
    def focus_scope(self) -> str:
        """The part of the flow the graph focuses on."""
        return self.graph_pane.focus_scope

    @property
    def flow_name(self) -> str:
        """The name of the flow the graph shows ("turn" ...)."""
        return self.graph_pane.flow_name

    @property
    def export_button(self) -> Any:
        """The Export button."""
        return self.export.button

    @property
    def export_link(self) -> Any:
        """Where the export's download links appear."""
        return self.export.link

    def _t(self, key: str, **fmt: Any) -> str:
        return self.TEXT.t(key, self.lang, **fmt)

    def _say(self, text: str, error: bool = False) -> None:
        self.table.say(text, error)

    def _guard(self, fn: Any) -> Any:
        return self.table.guard(fn)

    def _kind(self, seat: int) -> str:
        return self.seats.kind(seat) if hasattr(self, "seats") else ""

    # -- construction ---------------------------------------------------------------------------------
    def _new_state(self, seed: int) -> State:
        if self._position is not None:
            state: State = self.game.position(self._position, seed=seed)  # type: ignore[attr-defined]
            return state
        return self.game.new_state(seed=seed, decks=self.decks, players=self.players)

    def _agent_for(self, seat: int, spec: Any) -> Any:
        return agent_for(spec, self.seed * 1000 + seat)

    def _perspective(self) -> int | None:
        return None

    # -- commands --------------------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Apply an action of the player to move (checked; an illegal one raises and changes nothing); where
        the agents answer by themselves (the classroom) they do."""
        self.table.refuse_if_moving()
        self.table.run(lambda: self.session.apply(action))

    def replay(self, actions: Sequence[Any]) -> None:
        """Apply recorded actions (checked) as one change rendered once: Back takes them back one by one.
        An illegal one raises and leaves the game as it was."""
        check_list(actions, "actions")
        self.table.stop()
        self.table.run(lambda: [self.session.apply(a) for a in actions])

    def back(self) -> bool:
        """Take back one action; at the start a message, no error."""
        self.table.stop()
        if not self.session.undo():
            self._say(self._t("start"))
            return False
        self._say("")
        self.table.render()
        return True

    def _restart(self, seed: int) -> None:
        """A new game from ``seed`` with agents from the seat pickers (not rendered)."""
        self.table.stop()
        state = self._new_state(seed)
        self.seed = seed
        self.session.restart(state, [self._agent_for(i, v) for i, v in enumerate(self.seats.values())])
        self.decks_pane.sync()

    def _on_seat(self, seat: int, kind: Any) -> None:
        self.agents[seat] = self._agent_for(seat, kind)
        self._seat_changed()
        self.table.run(lambda: None)

    def _seat_changed(self) -> None:
        """Before the agents answer a change of a seat."""

    def _on_deck(self, seat: int, name: str) -> None:
        played = self.state.setup.get("decks") or []
        saved = self.decks_pane._saved
        self.decks = [
            list(played[i]) if dd.value == OWN_DECK else list(saved[dd.value][1]) if dd.value in saved else dd.value
            for i, dd in enumerate(self.decks_pane.pickers)
        ]
        self._say(self._t("deck_next", n=seat + 1, deck=self.decks_pane.label(name), button=self._next_game_button()))

    def _next_game_button(self) -> str:
        return ""

    def _play_again(self) -> None:
        raise NotImplementedError

    def show_review(self, on: Any = True) -> Any:
        """Review mode on: the review of the game in play (``widgets.Review``: the move list, the win chances,
        the moments that decided it) in place of the play rows, through the first person's eyes (everything
        when nobody is a person), with a button back to the game; off: back. Returns the review."""
        from .review import Review

        if not check_bool(on, "on"):
            if self._play_rows is not None:
                self.children = self._play_rows
                self._play_rows = None
            return self.review
        state = self.state
        if self.review is None or self.review.timeline.final.history != state.history:
            if self.review is not None:
                close_tree(self.review)
            persons = self.session.persons()
            seat = persons[0] if persons else (None if state.is_terminal() else 0)
            self.review = Review(
                state.clone(),
                lang=self.lang,
                seat=seat,
                rollouts=self.review_rollouts,
                projector="tcg-projector" in self._dom_classes,
            )
        back = w.Button(description=self._t("back_to_game"), layout=w.Layout(width="auto"))
        back.add_class("tcg-back-to-game")
        back.on_click(self.table.guard(lambda _b: self.show_review(False)))
        if self._play_rows is None:
            self._play_rows = list(self.children)
        self.children = [back, self.review]
        return self.review

    def set_lang(self, lang: str) -> None:
        """Every label, card, log line and graph in ``lang``, without restarting the game."""
        self.lang = lang if lang in LANGS else "en"
        self.table.lang = self.lang
        self.seats.set_lang()
        self.decks_pane.sync()
        self._say("")
        self._relabel()
        self.table.render()

    def set_projector(self, on: bool) -> None:
        """Projector mode (the class ``tcg-projector``): card text and choices ≥ 16 px, graph labels ≥ 14 px;
        on in the classroom, a switch (``projector_box``) in the stepper."""
        check_bool(on, "on")
        if on:
            self.add_class("tcg-projector")
        else:
            self.remove_class("tcg-projector")
        if self.projector_box.value != on:
            self.projector_box.value = on

    def _relabel(self) -> None:
        """The front end's own controls in the new language."""

    def export_svg(self, path: str | os.PathLike[str] | None = None) -> str:
        """The flow graph of the position as an SVG document, the current node and the way just taken lit."""
        return self.export.export_svg(None if path is None else check_path(path))

    def export_html(self, path: str | os.PathLike[str] | None = None) -> str:
        """The position (board as shown, the graph lit, the focus view, the last events) as one
        self-contained HTML page: styles inline, no script, no request; written to ``path`` if given."""
        return self.export.export_html(None if path is None else check_path(path))

    def offer_download(self) -> None:
        """Download links for the position (HTML) and the graph (SVG), as data: URLs; gone at the next move."""
        self.export.offer()

    def _result_text(self) -> str:
        """Who won and by which rule, in words (the banner has the tally)."""
        out = self.state.result()
        if out is None:
            return ""
        return f"{result_headline(self.table, out)} ({out.reason})"
