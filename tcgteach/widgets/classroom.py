"""The classroom app: play either game against the heuristic player or the coach, on a projector.

``Classroom()`` is a stepper with a set-up bar (game, seats, seed, language, hot seat, New game),
large type and buttons, a coach hint button, "Take back my move", and agents that move on their
own until a person has to decide. In hot-seat mode (two people at one screen) each person sees
only their own hand: when the decision passes to the other person a "pass the device" screen
hides the board until that person says they are ready. ``notebooks/05_classroom.ipynb`` shows it
as a Voila app: ``voila notebooks/05_classroom.ipynb``.

Every control is a real button or input with a text label (no icons, which need fonts that may
be missing offline), and every callback is guarded: an error is a short message, never a
traceback, and the game stays as it was.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import tcgteach

from ..agents import CoachAgent, make_agent
from ..core.errors import TcgError
from ..i18n import Text, pick
from ..session import StepLimitError
from .stepper import LABELS, PERSON, Stepper, relabel

if TYPE_CHECKING:
    from ..core.game import Game


def _players(name: str) -> tuple[int, ...]:
    """How many players the game takes, from the game itself (DM-1.1: two to six; DQ-1.1: two)."""
    cls = tcgteach.game_class(name)
    return tuple(range(cls.min_players, cls.max_players + 1))


def _title(name: str, lang: str) -> str:
    return pick(tcgteach.game_class(name).title, lang, name)


CLASSROOM_TEXT = Text(
    {
        "title": ("tcgteach classroom", "tcgteach 教室"),
        "n_players": ("{n}", "{n}人"),
        "game": ("Game", "ゲーム"),
        "players": ("Players", "人数"),
        "hotseat": ("Hot seat: hide the hand of the player not on turn", "ホットシート：選ぶ番でない人の手札を隠す"),
        "new": ("New game", "新しいゲーム"),
        "hint": ("Hint", "ヒント"),
        "takeback": ("Take back my move", "自分の手を取り消す"),
        "ready": ("I am P{n}: show my cards", "P{n}です：自分のカードを表示"),
        "pass": ("Pass the device to P{n}.", "P{n}に画面を渡してください。"),
        "pass_more": (
            "The board stays hidden until P{n} presses the button below, so nobody sees another player's hand.",
            "P{n}が下のボタンを押すまで盤面は隠れたままです（他の人の手札が見えないように）。",
        ),
        "thinking": ("P{n} ({who}) is thinking…", "P{n}（{who}）が考えています…"),
        "no_hint": (
            "A hint is for a person's decision: it is P{n}'s ({who}) turn now.",
            "ヒントは人間の番で使えます。今はP{n}（{who}）の番です。",
        ),
        "hint_over": ("The game is over: no hint to give.", "ゲームは終了しています。"),
        "no_takeback": ("No move of a person to take back yet.", "取り消せる人間の手はまだありません。"),
        "taken_back": (
            "Took back P{n}'s move and what followed: choose again.",
            "P{n}の手とその後を取り消しました。選び直してください。",
        ),
        "hint_wait": ("The coach is reading the position…", "コーチが局面を読んでいます…"),
        "started": ("New game: {game}, seed {seed}.", "新しいゲーム：{game}、シード{seed}。"),
        "agent_turn": (
            "P{n} ({who}) is to move: press Step, or Back again.",
            "P{n}（{who}）の番です。「1手進める」か、もう一度「1手戻す」を押してください。",
        ),
        "limit": (
            "The agents made {n} moves without a person's decision; the game is back where it was.",
            "人間の判断なしにエージェントが{n}手指しました。ゲームは元に戻しました。",
        ),
        "help": ("How to use", "使い方"),
        "quiz": ("Quiz", "クイズ"),
        "quiz_back": ("Back to the game", "ゲームに戻る"),
        "recent": ("What just happened", "直前の出来事"),
        "recent_none": ("Nothing yet: the game has just begun.", "まだありません（ゲーム開始直後）。"),
        "recent_forced": ("(forced)", "（自動）"),
        "recent_who": ("({who})", "（{who}）"),
        "recent_sep": (": ", "："),
        "help_text": (
            "Choose the game, who plays each seat and the seed, then press <b>New game</b>. Agents move by "
            "themselves until a person has to decide. <b>Hint</b> asks the coach (about half a second) for the "
            "best move and why; <b>Take back my move</b> undoes your last decision and what followed; <b>Back</b> "
            "and <b>Step</b> go one action back or forward. With <b>Hot seat</b> on and two people seated, the "
            "board is hidden between turns so each person sees only their own hand.",
            "ゲーム・各席の担当・シードを選んで<b>新しいゲーム</b>を押します。エージェントは人間の番まで自動で進みます。"
            "<b>ヒント</b>はコーチ（約0.5秒）の推奨手と理由、<b>自分の手を取り消す</b>は直前の自分の判断からやり直し、"
            "<b>1手戻す</b>・<b>1手進める</b>は1手ずつ。<b>ホットシート</b>では選ぶ人が替わるごとに盤面を隠し、"
            "各自が自分の手札だけを見られます。",
        ),
    }
)
"""The classroom's own words (with the stepper's: ``Classroom.TEXT``)."""


CSS = """<style>
.tcg-classroom{font-size:18px;max-width:1500px}
.tcg-classroom .widget-button,.tcg-classroom .widget-toggle-button,.tcg-classroom button{font-size:17px;height:auto;
  min-height:40px;padding:4px 14px}
.tcg-classroom .widget-label,.tcg-classroom .widget-dropdown select,.tcg-classroom .widget-text input,
.tcg-classroom .widget-checkbox label,.tcg-classroom .widget-radio-box label{font-size:17px}
.tcg-classroom .widget-radio-box input{width:18px;height:18px}
.tcg-classroom .widget-dropdown select,.tcg-classroom .widget-text input{height:36px}
.tcg-classroom .widget-dropdown,.tcg-classroom .widget-text{height:auto}
.tcg-classroom .tcg-seats .widget-label{font-weight:600;margin-left:5px;margin-right:3px}
.tcg-classroom .tcg-board,.tcg-classroom .tcg-board.tcg-many{font-size:17px;max-width:none}
.tcg-classroom .tcg-log-line{font-size:15px}
.tcg-classroom .tcg-action{margin:3px}
.tcg-classroom button:focus-visible{outline:3px solid #ff6f00;outline-offset:2px}
.tcg-classroom .tcg-pass-screen{border:4px dashed #37474f;padding:28px;margin:10px 0;text-align:center}
.tcg-classroom .tcg-pass-screen .tcg-pass-head{font-size:30px;font-weight:700;margin:0 0 8px 0}
.tcg-classroom .tcg-pass-screen .tcg-pass-more{font-size:18px}
.tcg-classroom .tcg-hint-text{font-size:18px}
.tcg-classroom .tcg-recent-box{border-left:4px solid #90a4ae;padding:2px 10px;font-size:16px;max-height:190px;
  overflow-y:auto}
.tcg-classroom .tcg-choices{flex:2 1 520px;min-width:0}
.tcg-classroom .tcg-choices button.tcg-action{white-space:normal;max-width:100%;text-align:left;line-height:1.3}
</style>"""


class Classroom(Stepper):
    """The classroom app (see the module docstring): a widget; display it as the last expression of a cell.

    ``Classroom(game="dragonquest", agents=["person", "coach"], seed=4, lang="ja", hot_seat=True)``

    ``decks=["guardians", "heroes"]`` gives each seat a deck (a starter deck name or a list of card IDs;
    default: the game's own choice). New game keeps them for the same game (a seat added gets the game's
    default deck for that seat) and drops them when another game is chosen.

    ``cards=PATH_OR_DICT`` plays ``game`` with your own card pool (as ``tcgteach.game(game, cards=...)``,
    validated the same way); choosing the other game plays that one with its own cards, and choosing
    ``game`` again brings your pool back. ``tcgteach classroom --cards FILE`` serves the app with it.
    """

    SEAT_KINDS = (PERSON, "heuristic", "coach", "random")
    TEXT = LABELS | CLASSROOM_TEXT

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
        **kw: Any,
    ) -> None:
        if game not in tcgteach.games():
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
        self._holder: int | None = None  # in hot seat: the person who has the device now
        self._hint_cache: dict[tuple[int, str], str] = {}
        kw.setdefault("show_hands", None)
        options = tcgteach.game_class(game).classroom_options
        first = tcgteach.game(game, options, cards=cards) if cards is not None else game
        #: the user's card pool per game name (the Game made with it), kept when another game is chosen
        self._pools: dict[str, Any] = {game: first} if cards is not None else {}
        super().__init__(
            first,
            seed=seed,
            agents=list(agents),
            options=options,
            lang=lang,
            players=len(agents),
            auto_forced=auto_forced,
            **kw,
        )
        self.add_class("tcg-classroom")

    # -- construction -------------------------------------------------------------------------------
    def _agent_for(self, seat: int, spec: Any) -> Any:
        if spec == "coach":
            return CoachAgent(seed=self.seed * 1000 + seat, time_budget=self.coach_seconds)
        if spec in ("heuristic", "random"):
            return make_agent(spec, self.seed * 1000 + seat)
        return super()._agent_for(seat, spec)

    def _build(self, names: list[Any]) -> None:
        super()._build(names)
        lang = self.lang
        self.game_picker = w.Dropdown(
            options=[(_title(g, lang), g) for g in tcgteach.games()],
            value=self.game.name,
            description=self._t("game"),
            layout=w.Layout(width="380px"),
        )
        self.game_picker.add_class("tcg-game")
        self.players_picker = w.Dropdown(
            options=self._players_options(self.game.name, lang),
            value=len(self.seat_pickers),
            description=self._t("players"),
            layout=w.Layout(width="170px"),
        )
        self.players_picker.add_class("tcg-players")
        self.game_picker.observe(self._guard(self._on_game_choice), names="value")
        self.hotseat_box = w.Checkbox(
            value=self.hot_seat, description=self._t("hotseat"), indent=False, layout=w.Layout(width="auto")
        )
        self.hotseat_box.add_class("tcg-hotseat")
        self.new_button = w.Button(description=self._t("new"), button_style="primary")
        self.new_button.add_class("tcg-new-game")
        self.hint_button = w.Button(description=self._t("hint"))
        self.hint_button.add_class("tcg-hint")
        self.takeback_button = w.Button(description=self._t("takeback"), layout=w.Layout(width="auto"))
        self.takeback_button.add_class("tcg-takeback")
        self.recent = w.HTML(layout=w.Layout(flex="1 1 360px", min_width="0"))
        self.recent.add_class("tcg-recent")
        self.hint_text = w.HTML(layout=w.Layout(min_height="30px"))
        self.hint_text.add_class("tcg-hint-text")
        self.ready_button = w.Button(
            description=self._t("ready", n=1), button_style="warning", layout=w.Layout(width="auto")
        )
        self.ready_button.add_class("tcg-ready")
        self.pass_text = w.HTML()
        self.pass_screen = w.VBox([self.pass_text, self.ready_button], layout=w.Layout(display="none"))
        self.pass_screen.add_class("tcg-pass-screen")
        self.title = w.HTML()
        self.help_button = w.ToggleButton(
            value=False, description=self._t("help"), layout=w.Layout(align_self="center")
        )
        self.help_button.add_class("tcg-help")
        self.help_text = w.HTML(layout=w.Layout(display="none"))
        self.help_text.add_class("tcg-help-text")
        # quiz mode: the play rows give way to a Quiz for this game and language (and come back)
        self.quiz_button = w.ToggleButton(value=False, description=self._t("quiz"), layout=w.Layout(width="auto"))
        self.quiz_button.add_class("tcg-quiz-mode")
        self.quiz_button.observe(self._guard(lambda ch: self.show_quiz(bool(ch["new"]))), names="value")
        self.quiz: Any = None
        self.new_button.on_click(self._guard(lambda _b: self.new_game()))
        self.hint_button.on_click(self._guard(lambda _b: self.show_hint()))
        self.takeback_button.on_click(self._guard(lambda _b: self.take_back()))
        self.ready_button.on_click(self._guard(lambda _b: self.ready()))
        self.hotseat_box.observe(self._guard(self._on_hotseat), names="value")
        self.help_button.observe(lambda ch: self._show_help(bool(ch["new"])), names="value")
        self.speed.layout.display = "none"  # the classroom moves agents itself; no auto-play delay
        self.play_button.layout.display = "none"
        for dd in self.seat_pickers:
            self._style_seat(dd)
        # the seats get a row of their own below the game, the number of players and the seed (six
        # seats of a DARK MOON table fill a row at 1366 pixels and wrap into two at 1024)
        self.seats_box = w.HBox(self.seat_pickers, layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.seats_box.add_class("tcg-seats")
        self.setup_box = setup = w.HBox(self._setup_children(), layout=w.Layout(flex_flow="row wrap"))
        options = w.HBox(
            [self.lang_toggle, self.hotseat_box, self.forced_box, self.help_button, self.quiz_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        self._quiz_rows = [w.HTML(CSS), self.title, options]
        controls = w.HBox(
            [self.hint_button, self.takeback_button, self.step_button, self.back_button, self.export_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        self.seed_box.layout.width = "200px"
        # the person's choices first, then the board and the graph side by side on a wide screen; on a
        # narrower one the graph wraps below the board at full width (where its labels can be read)
        board = w.VBox([self.board], layout=w.Layout(flex="1 1 1000px", overflow="auto"))
        graph = w.VBox([self.graph_style, self.focus, self.graph], layout=w.Layout(flex="1 1 420px"))
        self._rows = [
            w.HTML(CSS),
            self.title,
            setup,
            options,
            self.help_text,
            controls,
            self.message,
            self.export_link,
            self.hint_text,
            self.pass_screen,
            # what the person must decide, and beside it what the others just did (on the first screen)
            w.HBox([self.choices, self.recent], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            w.HBox([board, graph], layout=w.Layout(flex_flow="row wrap")),
            self.log_title,
            self.log,
        ]

    def _layout(self) -> list[Any]:
        return self._rows

    def _setup_children(self) -> list[Any]:
        return [self.game_picker, self.players_picker, self.seed_box, self.new_button, self.seats_box, self.decks_box]

    def _next_game_button(self) -> str:
        return str(self.new_button.description)

    @staticmethod
    def _style_seat(dd: Any) -> None:
        """A seat picker as narrow as its longest choice ("ヒューリスティック"): its label "P6" is short."""
        dd.layout.width = "218px"
        dd.style.description_width = "initial"

    @staticmethod
    def _players_options(game: str, lang: str) -> list[tuple[str, int]]:
        return [(CLASSROOM_TEXT.t("n_players", lang, n=n), n) for n in _players(game)]

    def _on_game_choice(self, change: dict[str, Any]) -> None:
        """The number of players follows the chosen game (it takes effect with New game)."""
        if self._relabeling:
            return
        value = self.players_picker.value
        options = self._players_options(change["new"], self.lang)
        self.players_picker.options = options
        self.players_picker.value = value if value in _players(change["new"]) else options[0][1]

    def _set_seats(self, n: int) -> None:
        """Seat pickers for ``n`` players: the first ones kept, new seats played by the heuristic."""
        pickers = self.seat_pickers
        self.seat_pickers = pickers[:n] + [self._seat_picker(i, "heuristic") for i in range(len(pickers), n)]
        for dd in self.seat_pickers:
            self._style_seat(dd)
        self.players = n
        self.seats_box.children = self.seat_pickers

    def show_quiz(self, on: bool) -> None:
        """Quiz mode on: a ``Quiz`` about the game being played, in the classroom's language, in place of
        the play rows (the game waits as it is); off: back to the game."""
        from .quiz import Quiz

        if on:
            if self.quiz is None or self.quiz.games != [self.game.name]:
                if self.quiz is not None:
                    self.quiz.close()
                self.quiz = Quiz(self.game.name, seed=self.seed, questions=5, lang=self.lang)
            elif self.quiz.lang != self.lang:
                self.quiz.set_lang(self.lang)
            self.children = [*self._quiz_rows, self.quiz]
        else:
            self.children = self._layout()
        self.quiz_button.value = on
        self.quiz_button.description = self._t("quiz_back" if on else "quiz")

    def _show_help(self, on: bool) -> None:
        self.help_text.value = f"<p>{self._t('help_text')}</p>"
        self.help_text.layout.display = None if on else "none"

    # -- commands ----------------------------------------------------------------------------------------
    def _kind(self, seat: int) -> str:
        """The seat's player in words ("heuristic", "コーチ" ...), from the seat's setting."""
        value = self.seat_pickers[seat].value
        return self._t(value) if value in self.SEAT_KINDS else str(value)

    @staticmethod
    def _seat_decks(game: Game, players: int, decks: Sequence[Any] | None) -> list[Any] | None:
        """The per-seat decks (``decks=``) for a new game of ``players``: None (the game's own choice) stays
        None and so does a list given for another game; a list is cut to the seats, and a seat added
        gets the starter deck the game gives that seat by default."""
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
        name = self.game_picker.value
        players = self.players_picker.value if self.players_picker.value in _players(name) else _players(name)[0]
        session = self.session
        old_game, old_seed = self.game, self.seed
        old_state, old_agents = session.state, list(session.agents)
        old_moves = (list(session.actors), list(session.forced), list(session.starts))
        old_seats, old_players, old_decks = list(self.seat_pickers), self.players, self.decks
        if name == self.game.name:
            game = self.game
        else:
            game = self._pools.get(name) or tcgteach.game(name, tcgteach.game_class(name).classroom_options)
        try:
            self.game = game
            self.decks = self._seat_decks(game, players, old_decks if game is old_game else None)
            if players != len(self.seat_pickers):
                self._set_seats(players)
            self._restart(seed)
            self._holder = None
            self._hint_cache = {}
            if game is not old_game:
                self._render_graph_base()
            self._settle()
        except BaseException:  # the old game stays on the screen, as it was
            self.game, self.seed, self.decks = old_game, old_seed, old_decks
            if len(old_seats) != len(self.seat_pickers):
                self.seat_pickers, self.players = old_seats, old_players
                self.seats_box.children = self.seat_pickers
            session.restart(old_state, old_agents)
            session.actors[:], session.forced[:], session.starts[:] = old_moves
            self._log_cache = []
            self._sync_deck_pickers()
            self.seed_box.value = str(old_seed)
            self._render_graph_base()
            self._refresh(full=True)
            raise
        for dd in old_seats[len(self.seat_pickers) :]:
            dd.close()  # seats of the last game that this one does not have
        self._say("")
        self._refresh()
        self._say(self._t("started", game=_title(name, self.lang), seed=seed))

    def apply(self, action: Any) -> None:
        """A checked action; then the agents move until a person must decide. If an agent fails,
        the person's action is taken back too: the game is as it was before the click."""
        super().apply(action)
        self._focus_choices()

    def _settle(self) -> None:
        """The agents move by themselves until a person must decide (a table of agents only waits for
        the teacher's Step)."""
        self.hint_text.value = ""
        if not self.session.persons():
            return
        try:
            self.session.advance(before=self._before_agent)
        except StepLimitError as exc:
            raise TcgError(self._t("limit", n=exc.limit)) from None

    def _before_agent(self, seat: int, agent: Any) -> None:
        if isinstance(agent, CoachAgent):  # the coach thinks for a while: say so
            self._say(self._t("thinking", n=seat + 1, who=self._t("coach")))

    def take_back(self) -> None:
        """Undo back to the last decision a person made (and the agents' moves after it).

        In hot seat the board then waits for that person to take the device again, so nobody
        else sees their hand."""
        who = self.session.take_back()
        if who is None:
            raise TcgError(self._t("no_takeback"))
        if who != self._holder:
            self._holder = None  # hot seat: the pass screen asks for that person
        self.hint_text.value = ""
        self._refresh()
        self._say(self._t("taken_back", n=who + 1))
        self._focus_choices()

    def back(self) -> bool:
        self.hint_text.value = ""
        moved = super().back()
        seat = self.state.current_player
        if moved and seat is not None and self.agents[seat] is not None and self.session.persons():
            self._say(self._t("agent_turn", n=seat + 1, who=self._kind(seat)))
        return moved

    def hint(self) -> Any:
        """The coach's hint for the person to decide now (a :class:`~tcgteach.agents.Hint`)."""
        state = self.state
        seat = state.current_player
        if state.is_terminal() or seat is None:
            raise TcgError(self._t("hint_over"))
        if self.agents[seat] is not None:
            raise TcgError(self._t("no_hint", n=seat + 1, who=self._kind(seat)))
        coach = CoachAgent(seed=self.seed * 7919 + len(state.history), time_budget=self.coach_seconds)
        return coach.hint(state.view(seat), lang=self.lang)

    def show_hint(self) -> None:
        key = (self._version, self.lang)
        text = self._hint_cache.get(key)
        if text is None:
            self.hint_text.value = f"<i>{html.escape(self._t('hint_wait'))}</i>"
            try:
                text = str(self.hint())
            except TcgError:
                self.hint_text.value = ""
                raise
            self._hint_cache = {key: text}
        self.hint_text.value = f'<div role="status">{html.escape(text)}</div>'

    def ready(self) -> None:
        """Hot seat: the person to decide has the device; show their cards."""
        seat = self.state.current_player
        if seat is not None:
            self._holder = seat
        self._refresh()
        self._focus_choices()

    def _focus_choices(self) -> None:
        """Keyboard users: put the focus on the first choice (or on the pass screen's button)."""
        if self.pass_screen.layout.display == "flex":
            self.ready_button.focus()
        elif self.choices.children:
            buttons = self.choices.children[1].children
            if buttons:
                buttons[0].focus()

    def _on_hotseat(self, change: dict[str, Any]) -> None:
        self.hot_seat = bool(change["new"])
        self._holder = None
        self.hint_text.value = ""
        self._refresh()
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
        return super()._perspective()

    def _refresh(self, full: bool = False) -> None:
        waiting = self._waiting_for_pass()
        lang = self.lang
        self.title.value = (
            f"<h2 style='margin:4px 0'>{html.escape(self._t('title'))} — "
            f"{html.escape(_title(self.game.name, lang))}</h2>"
        )
        locked = waiting is not None
        # while the device changes hands nothing but "I am P…" can be pressed, and nothing of the
        # previous person's stays in the page (not even hidden)
        locks = (self.back_button, self.takeback_button, self.step_button, self.export_button, self.hotseat_box)
        for control in (*locks, *self.seat_pickers):
            control.disabled = locked
        if waiting is not None:
            self.pass_text.value = (
                f"<p class='tcg-pass-head'>{html.escape(self._t('pass', n=waiting + 1))}</p>"
                f"<p class='tcg-pass-more'>{html.escape(self._t('pass_more', n=waiting + 1))}</p>"
            )
            self.ready_button.description = self._t("ready", n=waiting + 1)
            self.pass_screen.layout.display = "flex"
            for part in (self.board, self.choices, self.log):
                part.layout.display = "none"
            self.board.value = ""
            self.log.value = ""
            self.recent.value = ""
            self.hint_text.value = ""
            self._close_choices()
            self.hint_button.disabled = True
            return
        self.pass_screen.layout.display = "none"
        for part in (self.board, self.choices, self.log):
            part.layout.display = None
        over = self.state.is_terminal()
        self.hint_button.disabled = over
        self.takeback_button.disabled = over and not self._actors
        super()._refresh(full)
        self._refresh_recent()

    RECENT_LINES = 6

    def _refresh_recent(self) -> None:
        """The "what just happened" panel: the other players' last moves (and the forced ones), in words,
        newest first; those from before the person's own last decision greyed."""
        persp = self._perspective()
        persons = self.session.persons()
        seat = persp if persp is not None else (persons[0] if len(persons) == 1 else None)
        items = []
        for who, action, forced, new in self.session.recent(seat, self.RECENT_LINES):
            n = (who or 0) + 1
            kind = self._kind(who) if who is not None and who < len(self.seat_pickers) else ""
            text = self._describe(who, action, persp)
            mark = f" <i>{html.escape(self._t('recent_forced'))}</i>" if forced else ""
            style = "" if new else " style='color:#607d8b'"  # before my own last decision: greyed
            items.append(
                f"<li{style} data-new='{int(new)}'><b>P{n}</b> <small>{html.escape(self._t('recent_who', who=kind))}"
                f"</small>{html.escape(self._t('recent_sep'))}{html.escape(text)}{mark}</li>"
            )
        body = (
            f"<ol style='margin:2px 0 0 0;padding-left:1.4em'>{''.join(items)}</ol>"
            if items
            else f"<p style='margin:2px 0'><i>{html.escape(self._t('recent_none'))}</i></p>"
        )
        self.recent.value = (
            f"<div class='tcg-recent-box' role='status' aria-live='polite'>"
            f"<b>{html.escape(self._t('recent'))}</b>{body}</div>"
        )

    def set_lang(self, lang: str) -> None:
        """Switch every label, card, log line and graph to ``lang`` without restarting the game."""
        self.lang = lang
        relabel(self.game_picker, [(_title(g, lang), g) for g in tcgteach.games()], self)
        self.game_picker.description = self._t("game")
        relabel(self.players_picker, self._players_options(self.game_picker.value, lang), self)
        self.players_picker.description = self._t("players")
        self.hotseat_box.description = self._t("hotseat")
        self.new_button.description = self._t("new")
        self.hint_button.description = self._t("hint")
        self.takeback_button.description = self._t("takeback")
        self.help_button.description = self._t("help")
        self.quiz_button.description = self._t("quiz_back" if self.quiz_button.value else "quiz")
        if self.quiz is not None:
            self.quiz.set_lang(lang)
        self.hint_text.value = ""
        super().set_lang(lang)
        self._show_help(bool(self.help_button.value))
