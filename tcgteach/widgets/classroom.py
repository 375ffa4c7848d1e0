"""The classroom app: play either game against the computer or the coach, on a projector.

``Classroom()`` puts the panes of :mod:`tcgteach.widgets.panes` together for a class: a bar of large
buttons (Hint, Take back my move, Back, Step, Setup, Help, Quiz, Save for slides), a set-up panel (game,
players, seats, decks, seed, hot seat, the pause between the agents' moves, New game) that folds away
once a game runs, a status line that stays in view, and below it the board beside the person's
choices, what just happened, the latest log lines and the turn graph — one screen at 1366×768 and
1024×768, in projector mode (card text ≥ 16 px). The agents move by themselves, one move at a time,
until a person has to decide; meanwhile every choice is disabled, and a click on anything older is
refused. In hot-seat mode (two or more people at one screen) each person sees only their own hand:
when the decision passes to another person a "pass the device" screen hides the board until that
person says they are ready. The game ends with a banner: who won, why, the final tally, Play again.
``notebooks/05_classroom.ipynb`` shows it as a Voila app: ``voila notebooks/05_classroom.ipynb``.

Every control is a real button or input with a text label (no icons), and every callback is guarded:
an error is a short message, never a traceback, and the game stays as it was.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import tcgteach

from ..core.checks import check_bool, check_list, check_number
from ..core.errors import TcgError
from .classroom_look import CLASSROOM_TEXT, CSS, _players, _title
from .classroom_puzzles import puzzles_button, show_puzzles, teacher_set
from .classroom_puzzles import sync as sync_puzzles
from .links import LINK_CSS, LinkInbox, LinkPane, open_link, surface_link
from .panes import PANES_CSS, PERSON, HintPane, RecentPane, agent_for, relabel
from .stepper import LABELS
from .surface import Surface
from .table import SHOWN, SHOWN_BUTTON

if TYPE_CHECKING:
    from ..core.game import Game


def _check_classroom(agents: Any, hot_seat: Any, coach_seconds: Any, projector: Any, show_hands: Any) -> None:
    check_list(agents, "agents")
    check_bool(hot_seat, "hot_seat")
    check_number(coach_seconds, "coach_seconds", 0, 60)
    check_bool(projector, "projector")
    if show_hands is not None:
        check_bool(show_hands, "show_hands")


class Classroom(Surface):
    """The classroom app (see the module docstring): a widget; display it as the last expression of a cell.

    ``Classroom(game="dragonquest", agents=["person", "coach"], seed=4, lang="ja", hot_seat=True)``

    ``decks=["guardians", "heroes"]`` gives each seat a deck (a starter deck name or a list of card IDs;
    default: the game's own choice). New game keeps them for the same game (a seat added gets the game's
    default deck for that seat) and drops them when another game is chosen.

    ``cards=PATH_OR_DICT`` plays ``game`` with your own card pool (as ``tcgteach.game(game, cards=...)``,
    validated the same way); choosing the other game plays that one with its own cards, and choosing
    ``game`` again brings your pool back. ``tcgteach classroom --cards FILE`` serves the app with it.

    ``puzzles=PATH``: the Puzzles mode plays your puzzle file (checked and proved now) instead of the shipped set.
    ``pause``: seconds between two moves of the agents, shown one at a time (0: at once).
    ``projector``: large text (on by default).
    """

    SEAT_KINDS = (PERSON, "heuristic", "coach", "random")
    TEXT = LABELS | CLASSROOM_TEXT
    ANSWER = "auto"

    def __init__(
        self,
        game: str = "darkmoon",
        *,
        seed: int = 1,
        agents: Sequence[str] = (PERSON, "heuristic"),
        lang: str = "en",
        hot_seat: bool = False,
        coach_seconds: float = 0.5,
        auto_forced: bool = True,
        cards: Any = None,
        pause: float = 0.6,
        projector: bool = True,
        show_hands: bool | None = None,
        decks: Sequence[Any] | None = None,
        log_lines: int = 400,
        puzzles: Any = None,
    ) -> None:
        super().__init__()
        self.puzzle_set, self.puzzles = teacher_set(puzzles), None  # the teacher's puzzles (checked now); the pane
        _check_classroom(agents, hot_seat, coach_seconds, projector, show_hands)
        if not isinstance(game, str) or game not in tcgteach.games():
            raise TcgError(f"game {game!r}: the classroom plays {', '.join(tcgteach.games())}")
        if len(agents) not in _players(game):
            lo, hi = _players(game)[0], _players(game)[-1]
            raise TcgError(
                f"{len(agents)} seats: {_title(game, 'en')} is played by "
                f"{lo if lo == hi else f'{lo} to {hi}'} players ({tcgteach.game_class(game).contract_rule})"
            )
        bad = [a for a in agents if a not in self.SEAT_KINDS]
        if bad:
            raise TcgError(f"seat {bad[0]!r}: choose one of {', '.join(self.SEAT_KINDS)}")
        self.coach_seconds = coach_seconds
        self.hot_seat = hot_seat
        self.show_hands = show_hands
        self._holder: int | None = None  # in hot seat: the person who has the device now
        options = tcgteach.game_class(game).classroom_options
        first = tcgteach.game(game, options, cards=cards) if cards is not None else tcgteach.game(game, options)
        #: the user's card pool per game name (the Game made with it), kept when another game is chosen
        self._pools: dict[str, Any] = {game: first} if cards is not None else {}
        self._setup_game(
            first,
            seed=seed,
            agents=list(agents),
            decks=decks,
            players=len(agents),
            options=None,
            lang=lang,
            flow="turn",
            auto_forced=auto_forced,
            pause=pause,
            log_lines=log_lines,
            log_height=128,
        )
        self.table.hidden = lambda: self._waiting_for_pass() is not None
        self._build()
        self.children = self._rows
        self.add_class("tcg-stepper")
        self.add_class("tcg-play")
        self.add_class("tcg-classroom")
        self.set_projector(projector)
        self.table.after_move.append(self._after_move)
        self.table.answer_moves(0)  # the agents move until a person must decide (at once: no kernel loop yet)

    # -- construction -------------------------------------------------------------------------------
    def _agent_for(self, seat: int, spec: Any) -> Any:
        return agent_for(spec, self.seed * 1000 + seat, self.coach_seconds)

    def _build(self) -> None:
        lang = self.lang
        t = self._t
        g = self.table.guard
        self.hint_pane = HintPane(self.table, seconds=self.coach_seconds, seed=lambda: self.seed)
        self.hint_button = self.hint_pane.button
        self.hint_text = self.hint_pane.text
        self.recent = RecentPane(self.table)
        self.game_picker = w.Dropdown(
            options=[(_title(x, lang), x) for x in tcgteach.games()],
            value=self.game.name,
            description=t("game"),
            layout=w.Layout(width="auto"),
        )
        self.game_picker.style.description_width = "initial"
        self.game_picker.add_class("tcg-game")
        self.players_picker = w.Dropdown(
            options=self._players_options(self.game.name, lang),
            value=len(self.seats.pickers),
            description=t("players"),
            layout=w.Layout(width="auto"),
        )
        self.players_picker.style.description_width = "initial"
        self.players_picker.add_class("tcg-players")
        self.game_picker.observe(g(self._on_game_choice), names="value")
        self.players_picker.observe(g(self._on_players), names="value")
        self.seed_box = w.Text(value=str(self.seed), description=t("seed"), layout=w.Layout(width="170px"))
        self.seed_box.add_class("tcg-seed")
        self.hotseat_box = w.Checkbox(
            value=self.hot_seat, description=t("hotseat"), indent=False, layout=w.Layout(width="auto")
        )
        self.hotseat_box.add_class("tcg-hotseat")
        self.forced_box = w.Checkbox(
            value=self.session.auto_forced, description=t("auto_forced"), indent=False, layout=w.Layout(width="auto")
        )
        self.forced_box.add_class("tcg-auto-forced")
        self.pause_slider = w.FloatSlider(
            value=self.table.pause, min=0.0, max=2.0, step=0.1, description=t("pause_label"), readout_format=".1f"
        )
        self.pause_slider.style.description_width = "initial"
        self.pause_slider.add_class("tcg-pause")
        self.projector_box = w.Checkbox(
            value=True, description=t("projector"), indent=False, layout=w.Layout(width="auto")
        )
        self.projector_box.add_class("tcg-projector-switch")
        self.new_button = w.Button(description=t("new"), button_style="primary")
        self.new_button.add_class("tcg-new-game")
        self.takeback_button = w.Button(description=t("takeback"), layout=w.Layout(width="auto"))
        self.takeback_button.add_class("tcg-takeback")
        self.step_button = w.Button(description=t("step"))
        self.step_button.add_class("tcg-step")
        self.back_button = w.Button(description=t("back"))
        self.back_button.add_class("tcg-back")
        self.setup_button = w.ToggleButton(value=True, description=t("setup"), layout=w.Layout(width="auto"))
        self.setup_button.add_class("tcg-setup")
        self.lang_toggle = w.RadioButtons(
            options=[("English", "en"), ("日本語", "ja")],
            value=self.lang,
            orientation="horizontal",
            layout=w.Layout(width="auto"),
        )
        self.lang_toggle.add_class("tcg-lang")
        self.ready_button = w.Button(description=t("ready", n=1), button_style="warning", layout=w.Layout(width="auto"))
        self.ready_button.add_class("tcg-ready")
        self.pass_text = w.HTML()
        self.pass_screen = w.VBox([self.pass_text, self.ready_button], layout=w.Layout(display="none"))
        self.pass_screen.add_class("tcg-pass-screen")
        self.title = w.HTML()
        self.help_button = w.ToggleButton(value=False, description=t("help"), layout=w.Layout(width="auto"))
        self.help_button.add_class("tcg-help")
        self.help_text = w.HTML(layout=w.Layout(display="none"))
        self.help_text.add_class("tcg-help-text")
        self.quiz_button = w.ToggleButton(value=False, description=t("quiz"), layout=w.Layout(width="auto"))
        self.quiz_button.add_class("tcg-quiz-mode")
        self.quiz_button.observe(g(lambda ch: self.show_quiz(bool(ch["new"]))), names="value")
        self.quiz: Any = None
        self.link_pane = LinkPane(self.table, lambda: surface_link(self))  # Copy link; the page's link opens below
        self.link_inbox = LinkInbox(self.table, lambda text: open_link(self, text))
        self._quiz_pool: Any = None  # the card pool the quiz was dealt from
        self.puzzles_button = puzzles_button(self)
        self.new_button.on_click(g(lambda _b: self.new_game()))
        self.takeback_button.on_click(g(lambda _b: self.take_back()))
        self.step_button.on_click(g(lambda _b: self.step()))
        self.back_button.on_click(g(lambda _b: self.back()))
        self.ready_button.on_click(g(lambda _b: self.ready()))
        self.hotseat_box.observe(g(self._on_hotseat), names="value")
        self.forced_box.observe(g(self._on_forced), names="value")
        self.pause_slider.observe(lambda ch: setattr(self.table, "pause", float(ch["new"])), names="value")
        self.projector_box.observe(lambda ch: self.set_projector(bool(ch["new"])), names="value")
        self.help_button.observe(lambda ch: self._show_help(bool(ch["new"])), names="value")
        self.setup_button.observe(lambda ch: self._show_setup(bool(ch["new"])), names="value")
        self.lang_toggle.observe(g(lambda ch: self.set_lang(ch["new"])), names="value")
        self.setup_box = w.VBox(
            [
                w.HBox(
                    [self.game_picker, self.players_picker, self.seed_box, self.new_button],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.seats,
                self.decks_pane,
                w.HBox(
                    [self.hotseat_box, self.forced_box, self.pause_slider, self.projector_box],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
            ]
        )
        self.setup_box.add_class("tcg-setup-box")
        header = w.HBox(
            [
                self.title,
                self.hint_button,
                self.takeback_button,
                self.back_button,
                self.step_button,
                self.setup_button,
                self.help_button,
                self.quiz_button,
                self.puzzles_button,
                self.export,
                self.link_pane,
                self.lang_toggle,
            ]
        )
        header.add_class("tcg-header")
        self._header = header
        board = w.VBox([self.board])
        board.add_class("tcg-col-board")
        side = w.VBox([self.choices, self.hint_pane, self.log_pane, self.recent])
        side.add_class("tcg-col-side")
        graph = w.VBox([self.graph_pane])
        graph.add_class("tcg-col-graph")
        main = w.HBox([board, side, graph])
        main.add_class("tcg-main")
        self._main = main
        self._rows = [
            w.HTML(PANES_CSS + CSS + LINK_CSS),
            header,
            self.link_inbox,
            self.setup_box,
            self.help_text,
            self.status,
            self.pass_screen,
            self.result,
            main,
        ]
        self._quiz_rows = [w.HTML(PANES_CSS + CSS), header]
        self.table.listen(self._refresh_classroom)
        self._sync_capabilities()

    def _players_options(self, game: str, lang: str) -> list[tuple[str, int]]:
        return [(self.TEXT.t("n_players", lang, n=n), n) for n in _players(game)]

    def _next_game_button(self) -> str:
        return str(self.new_button.description)

    def _show_setup(self, on: bool) -> None:
        self.setup_box.layout.display = SHOWN if on else "none"
        if self.setup_button.value != on:
            self.setup_button.value = on

    def _show_help(self, on: bool) -> None:
        self.help_text.value = f"<p>{self._t('help_text')}</p>"
        self.help_text.layout.display = SHOWN if on else "none"

    def _on_game_choice(self, change: dict[str, Any]) -> None:
        """The number of players follows the chosen game (the seats show at once; the game with New game)."""
        if self.table.relabeling:
            return
        value = self.players_picker.value
        options = self._players_options(change["new"], self.lang)
        self.table.relabeling = True
        try:
            self.players_picker.options = options
            self.players_picker.value = value if value in _players(change["new"]) else options[0][1]
        finally:
            self.table.relabeling = False
        self._on_players({"new": self.players_picker.value})
        # the deck pickers list the decks of the game being played; another game's come with New game
        self.decks_pane.layout.display = "none" if change["new"] != self.game.name else SHOWN

    def _on_players(self, change: dict[str, Any]) -> None:
        """A seat picker for every player at once (a third player's seat shows before New game)."""
        if self.table.relabeling:
            return
        n = int(change["new"])
        if n != len(self.seats.pickers) and n >= len(self.state.setup.get("decks") or []) - 99:
            self.seats.set_count(n)
            self._say(self._t("players_next", n=n, button=self._next_game_button()))

    # -- quiz mode ---------------------------------------------------------------------------------------
    def show_quiz(self, on: bool) -> None:
        """Quiz mode on: a ``Quiz`` about the game being played, in the classroom's language, in place of
        the play rows (the game waits as it is); off: back to the game. With your own card pool
        (``cards=``) the questions are dealt from it."""
        from .quiz import Quiz

        check_bool(on, "on")
        if on and "quiz" not in self.game.capabilities:
            raise TcgError(self._t("no_quiz", game=_title(self.game.name, self.lang)))
        if on:
            game = self._teaching_game()
            if self.quiz is None or self.quiz.games != [self.game.name] or self._quiz_pool != self.game.user_pool:
                if self.quiz is not None:
                    self.quiz.close()
                self.quiz = Quiz(game, seed=self.seed, questions=5, lang=self.lang)
                self._quiz_pool = self.game.user_pool
            elif self.quiz.lang != self.lang:
                self.quiz.set_lang(self.lang)
            self.children = [*self._quiz_rows, self.quiz]
        else:
            self.children = self._rows
        self.quiz_button.value = on
        self.quiz_button.description = self._t("quiz_back" if on else "quiz")

    def show_puzzles(self, on: bool) -> Any:
        """Puzzle mode (``classroom_puzzles``): a ``PuzzlePane`` of your file or the game's puzzles; off: the game."""
        return show_puzzles(self, on)

    def _teaching_game(self) -> Any:
        """What the quiz and the rule explorer ask about: the game's name (its own cards, default options), or
        with your own card pool that game made with it."""
        pool = self.game.user_pool
        return self.game.name if pool is None else tcgteach.game(self.game.name, cards=pool)

    def rule_explorer(self, rule: str | None = None) -> Any:
        """A :class:`tcgteach.widgets.RuleExplorer` for the game being played, in the classroom's language:
        with your own card pool (``cards=``) its live examples are games dealt from it."""
        from .rules import RuleExplorer

        return RuleExplorer(self._teaching_game(), rule, self.lang, link_base="")

    # -- commands ----------------------------------------------------------------------------------------
    @staticmethod
    def _seat_decks(game: Game, players: int, decks: Sequence[Any] | None) -> list[Any] | None:
        """The per-seat decks for a new game of ``players``: None stays None; a list is cut to the seats,
        and a seat added gets the starter deck the game gives that seat by default."""
        if decks is None:
            return None
        names = game.starter_decks()
        return list(decks[:players]) + [names[p % len(names)] for p in range(len(decks), players)]

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the chosen game, seats and seed (the Seed box when ``seed`` is None)."""
        if seed is None:
            try:
                seed = int(self.seed_box.value.strip())
            except ValueError:
                raise TcgError(self._t("bad_seed")) from None
        self.table.stop()
        name = self.game_picker.value
        players = self.players_picker.value if self.players_picker.value in _players(name) else _players(name)[0]
        session = self.session
        old_game, old_seed, old_decks, old_players = self.game, self.seed, self.decks, self.players
        old_state, old_agents = session.state, list(session.agents)
        old_moves = (list(session.actors), list(session.forced), list(session.starts))
        old_seat_values = self.seats.values()
        if name == self.game.name:
            game = self.game
        else:
            game = self._pools.get(name) or tcgteach.game(name, tcgteach.game_class(name).classroom_options)
        try:
            self.game = game
            self.decks = self._seat_decks(game, players, old_decks if game is old_game else None)
            self.players = players
            if players != len(self.seats.pickers):
                self.seats.set_count(players)
            self._restart(seed)
            self._holder = None
            self.hint_pane.clear()
            self.table.answer_moves(0)
        except BaseException:  # the old game stays on the screen, as it was
            self.table.stop()
            self.game, self.seed, self.decks, self.players = old_game, old_seed, old_decks, old_players
            self.seats.set_count(len(old_seat_values), old_seat_values)
            session.restart(old_state, old_agents)
            session.actors[:], session.forced[:], session.starts[:] = old_moves
            self.decks_pane.sync()
            self.seed_box.value = str(old_seed)
            self.table.render()
            raise
        self.seed_box.value = str(seed)
        self._show_setup(False)  # the game runs: the set-up folds away (Setup opens it again)
        self._say(self._t("started", game=_title(name, self.lang), seed=seed))

    def _restart(self, seed: int) -> None:
        super()._restart(seed)
        self.game_picker.value = self.game.name
        self.decks_pane.layout.display = SHOWN
        self._sync_capabilities()

    def _sync_capabilities(self) -> None:
        """Offer quiz mode only for a game that declares a quiz (``Game.capabilities``): a game package
        without one (a plugin) gets no Quiz button, and quiz mode, if on, goes back to the game."""
        has_quiz = "quiz" in self.game.capabilities
        self.quiz_button.layout.display = SHOWN_BUTTON if has_quiz else "none"
        if not has_quiz and self.quiz_button.value:
            self.show_quiz(False)
        sync_puzzles(self)

    def _play_again(self) -> None:
        self.new_game(self.seed + 1)

    def _after_move(self) -> None:
        self.hint_pane.clear()

    def apply(self, action: Any) -> None:
        """A checked action; then the agents move until a person must decide. If an agent fails, the
        person's action is taken back too: the game is as it was before the click."""
        super().apply(action)
        self._show_setup(False)
        self._focus_choices()

    def step(self) -> bool:
        """The agent to move plays once (a table of agents only, or after Back)."""
        seat = self.state.current_player
        if seat is None or self.agents[seat] is None:
            return False
        self.table.refuse_if_moving()
        self.table.run(lambda: self.session.apply(self.agents[seat].act(self.state.view(seat))))
        return True

    def _on_forced(self, change: dict[str, Any]) -> None:
        self.session.auto_forced = bool(change["new"])
        self.table.run(lambda: None)

    def take_back(self) -> None:
        """Undo back to the last decision a person made (and the agents' moves after it).

        In hot seat the board then waits for that person to take the device again, so nobody
        else sees their hand."""
        self.table.stop()
        who = self.session.take_back()
        if who is None:
            raise TcgError(self._t("no_takeback"))
        if who != self._holder:
            self._holder = None
        self.hint_pane.clear()
        self.table.render()
        self._say(self._t("taken_back", n=who + 1))
        self._focus_choices()

    def back(self) -> bool:
        self.hint_pane.clear()
        moved = super().back()
        seat = self.state.current_player
        if moved and seat is not None and self.agents[seat] is not None and self.session.persons():
            self._say(self._t("agent_turn", n=seat + 1, who=self._kind(seat)))
        return moved

    def hint(self) -> Any:
        """The coach's hint for the person to decide now (a :class:`tcgteach.agents.Hint`)."""
        return self.hint_pane.hint()

    def show_hint(self) -> None:
        """Show the coach's hint for the current decision."""
        self.hint_pane.show()

    def ready(self) -> None:
        """Hot seat: the person to decide has the device; show their cards."""
        seat = self.state.current_player
        if seat is not None:
            self._holder = seat
        self.table.render()
        self._focus_choices()

    def _focus_choices(self) -> None:
        """Keyboard users: put the focus on the first choice (or on the pass screen's button)."""
        if self.pass_screen.layout.display == "flex":
            self.ready_button.focus()
        elif self.choices.buttons:
            self.choices.buttons[0].focus()

    def _on_hotseat(self, change: dict[str, Any]) -> None:
        self.hot_seat = bool(change["new"])
        self._holder = None
        self.hint_pane.clear()
        self.table.render()
        self._focus_choices()

    def _seat_changed(self) -> None:
        self._holder = None if self.hot_seat else self._holder

    # -- what is shown ---------------------------------------------------------------------------------------
    def _waiting_for_pass(self) -> int | None:
        """In hot seat with two or more people: the person who must take the device, or None."""
        if not self.hot_seat or len(self.session.persons()) < 2 or self.state.is_terminal():
            return None
        seat = self.state.current_player
        if seat is None or self.agents[seat] is not None or seat == self._holder:
            return None
        return seat

    def _perspective(self) -> int | None:
        if self.state.is_terminal():
            return None  # the game is over: show everything
        persons = self.session.persons()
        if self.hot_seat and len(persons) >= 2:
            return self._holder if self._holder is not None else persons[0]
        if self.hot_seat and len(persons) == 1:
            return persons[0]
        if self.show_hands is True:
            return None
        return persons[0] if len(persons) == 1 else None

    def _refresh_classroom(self) -> None:
        waiting = self._waiting_for_pass()
        self.title.value = f"<span class='tcg-app-title'>{html.escape(_title(self.game.name, self.lang))}</span>"
        locked = waiting is not None or self.table.moving
        for control in (self.back_button, self.takeback_button, self.step_button, self.export.button, self.hotseat_box):
            control.disabled = locked
        self.seats.set_disabled(waiting is not None)
        if waiting is not None:
            self.pass_text.value = (
                f"<p class='tcg-pass-head'>{html.escape(self._t('pass', n=waiting + 1))}</p>"
                f"<p class='tcg-pass-more'>{html.escape(self._t('pass_more', n=waiting + 1))}</p>"
            )
            self.ready_button.description = self._t("ready", n=waiting + 1)
            self.pass_screen.layout.display = "flex"
            return
        self.pass_screen.layout.display = "none"
        over = self.state.is_terminal()
        self.takeback_button.disabled = self.table.moving or (over and not self._actors)
        self.step_button.disabled = self.table.moving or over

    def _kind(self, seat: int) -> str:
        """The seat's player in words ("computer", "コーチ（強い）" ...), from the seat's setting."""
        return self.seats.kind(seat) if hasattr(self, "seats") else ""

    def _relabel(self) -> None:
        lang = self.lang
        t = self._t
        relabel(self.game_picker, [(_title(x, lang), x) for x in tcgteach.games()], self.table)
        self.game_picker.description = t("game")
        relabel(self.players_picker, self._players_options(self.game_picker.value, lang), self.table)
        self.players_picker.description = t("players")
        self.hotseat_box.description = t("hotseat")
        self.forced_box.description = t("auto_forced")
        self.pause_slider.description = t("pause_label")
        self.projector_box.description = t("projector")
        self.new_button.description = t("new")
        self.takeback_button.description = t("takeback")
        self.step_button.description = t("step")
        self.back_button.description = t("back")
        self.setup_button.description = t("setup")
        self.help_button.description = t("help")
        self.seed_box.description = t("seed")
        self.quiz_button.description = t("quiz_back" if self.quiz_button.value else "quiz")
        self.choices.list_toggle.description = t("list_all")
        self.result.again.description = t("play_again")
        if self.quiz is not None:
            self.quiz.set_lang(lang)
        sync_puzzles(self)
        self.hint_pane.clear()
        if self.lang_toggle.value != lang:
            self.lang_toggle.value = lang
        self._show_help(bool(self.help_button.value))
