"""The stepper, clicked from Python (no browser): Step, Back, Play/Pause, Reset, seats, language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tcgteach.core.actions import Action, ActionSyntax
from tcgteach.core.flow import Edge, Flow, Node
from tcgteach.core.game import Game
from tcgteach.core.outcome import Outcome
from tcgteach.core.state import State
from tcgteach.widgets import Stepper


def buttons(st: Stepper) -> list[Any]:
    return st.choices.action_buttons()


def test_step_and_back_move_the_game_and_the_views() -> None:
    st = Stepper("darkmoon", seed=3)
    before = st.state.to_dict()
    st.step_button.click()
    assert len(st.state.history) == 1
    assert 'data-current="' in st.graph_style.value and "Now:" in st.graph_style.value
    assert "[DM-4" in st.log.value
    st.back_button.click()
    assert st.state.to_dict() == before


def test_back_at_the_start_is_a_message_not_an_error() -> None:
    st = Stepper("darkmoon", seed=3)
    before = st.state.to_dict()
    st.back_button.click()
    st.back_button.click()
    assert st.state.to_dict() == before
    assert "nothing to take back" in st.message.value


def test_step_at_the_end_changes_nothing() -> None:
    st = Stepper("darkmoon", seed=5)
    while not st.state.is_terminal():
        st.step()
    final = st.state.to_dict()
    st.step_button.click()
    st.step_button.click()
    assert st.state.to_dict() == final
    assert "The game is over" in st.message.value and "DM-1." in st.message.value


def test_highlighted_node_follows_the_game() -> None:
    st = Stepper("darkmoon", seed=8)
    seen: set[str] = set()
    for _ in range(40):
        st.step()
        seen.add(st.state.node)
        assert f'data-current="{st.state.node}"' in st.graph_style.value
    assert "main" in seen and len(seen) >= 2


def test_play_pause_ticks_and_double_clicks_are_harmless() -> None:
    st = Stepper("darkmoon", seed=2)
    st.play_button.value = True  # Play (no event loop here: we drive the ticks)
    assert st.play_button.description == "Pause"
    for _ in range(10):
        assert st.tick()
    n = len(st.state.history)
    st._busy = True  # a click arriving while a step runs
    st.step_button.click()
    assert len(st.state.history) == n and "Busy" in st.message.value
    st._busy = False
    st.play_button.value = False
    assert not st.tick() and len(st.state.history) == n


def test_person_seat_chooses_from_legal_action_buttons_and_stale_buttons_are_refused() -> None:
    st = Stepper("darkmoon", seed=3, agents=["person", "random"])
    while st.state.current_player != 0:
        st.step()
    st.step_button.click()
    assert "played by a person" in st.message.value
    bs = buttons(st)
    legal = st.state.legal_actions()
    assert [b.tooltip for b in bs] == [str(a) for a in legal]
    first = bs[0]
    first.click()
    assert str(st.state.history[-1]) == first.tooltip
    after = st.state.to_dict()
    first.click()  # the same (now stale) button again
    assert st.state.to_dict() == after and "earlier position" in st.message.value


def test_reset_with_seed_and_bad_seed() -> None:
    st = Stepper("darkmoon", seed=1)
    st.step()
    st.seed_box.value = "42"
    st.reset_button.click()
    assert st.state.setup["seed"] == 42 and not st.state.history
    st.step()
    st.seed_box.value = "forty"
    st.reset_button.click()
    assert st.state.setup["seed"] == 42 and len(st.state.history) == 1
    assert "whole number" in st.message.value


def test_language_switch_rerenders_without_restarting() -> None:
    st = Stepper("darkmoon", seed=3)
    for _ in range(5):
        st.step()
    history = list(st.state.history)
    st.lang_toggle.value = "ja"
    assert st.state.history == history
    assert st.step_button.description == "1手進める"
    assert "メインフェイズ" in st.graph_style.value or "現在" in st.graph_style.value
    assert "手札" in st.board.value
    assert "ターン" in st.log.value


def test_switching_a_seat_to_person_hides_the_other_hand() -> None:
    st = Stepper("darkmoon", seed=3)
    assert "(hidden)" not in st.board.value
    st.seat_pickers[1].value = "person"
    assert "(hidden)" in st.board.value


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_stepper_runs_multiplayer_games_to_the_end(players: int) -> None:
    st = Stepper("darkmoon", seed=players, players=players)
    assert len(st.seat_pickers) == players
    while st.step():
        pass
    assert st.state.is_terminal()
    assert st.state.num_players == players and len(st.state.result().scores) == players
    assert all(f'data-player="{p}"' in st.board.value for p in range(players))
    assert "The game is over" in st.message.value


def test_a_six_player_stepper_seats_a_person_anywhere_and_its_seat_pickers_wrap() -> None:
    st = Stepper("darkmoon", seed=6, players=6, agents=["random"] * 4 + ["person", "random"])
    assert [d.description for d in st.seat_pickers] == [f"P{n}" for n in range(1, 7)]
    seats = st.seats  # the seats pane, in the settings panel
    assert list(seats.children) == st.seat_pickers and seats in st.settings_box.children
    assert seats.layout.flex_flow == "row wrap"  # six pickers do not fit one row of a 1024-pixel screen
    for _ in range(400):
        if st.state.is_terminal():
            break
        if st.state.current_player == 4:
            assert "(hidden)" in st.board.value  # the other five hands are hidden from the person
            buttons(st)[-1].click()
        else:
            st.step_button.click()
    assert st.state.is_terminal() and 4 in st._actors


def test_a_button_of_an_earlier_position_is_refused_even_at_the_same_history_length() -> None:
    st = Stepper("darkmoon", seed=5, agents=["person", "person"])
    old = buttons(st)[-1]  # "end" of the first position
    buttons(st)[0].click()  # another action
    st.back_button.click()  # same history length as when `old` was made, but a new position
    before = st.state.to_dict()
    old.click()
    assert st.state.to_dict() == before and "earlier position" in st.message.value


def test_reset_of_a_stepper_made_from_a_state_keeps_its_decks_and_players() -> None:
    import tcgteach

    g = tcgteach.game("darkmoon")
    state = g.new_state(seed=2, decks=["tempo", "tempo", "spotlight"])
    st = Stepper(state)
    st.seed_box.value = "9"
    st.reset_button.click()
    assert st.state.num_players == 3
    assert st.state.setup["decks"] == state.setup["decks"] and st.state.setup["seed"] == 9


# -- a widget, rendered once per user action -------------------------------------------------------------
def test_the_stepper_is_a_widget_that_boxes_and_displays() -> None:
    import ipywidgets as w

    st = Stepper("darkmoon", seed=3)
    box = w.HBox([st])
    assert box.children == (st,) and isinstance(st, w.VBox) and st.widget is st
    assert "tcg-stepper" in st._dom_classes
    bundle = st._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # what display(stepper) shows
    assert "[DM-" in st.log.value  # the event log keeps its name on a widget (ipywidgets' logger's)


class RenderCount:
    """Counts the boards a game renders (one per render of a widget)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game_cls: type[Game[Any]]) -> None:
        self.n = 0
        original = game_cls.render_board

        def counted(game: Game[Any], state: State, **kw: Any) -> str:
            self.n += 1
            return original(game, state, **kw)

        monkeypatch.setattr(game_cls, "render_board", counted)


def test_the_stepper_renders_once_per_step_and_once_when_built(monkeypatch: pytest.MonkeyPatch) -> None:
    import tcgteach

    count = RenderCount(monkeypatch, tcgteach.game_class("darkmoon"))
    st = Stepper("darkmoon", seed=3)
    assert count.n == 1
    for k in range(1, 6):
        st.step_button.click()
        assert count.n == 1 + k
    st.back_button.click()
    assert count.n == 7


# -- a third game, defined only here, steps in the stepper ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class Take(Action):
    VERB = "take"
    RULE = "NIM-2"
    n: int


class NimState(State):
    """Nim's state: a pile, whose turn it is; the one who takes the last counter wins."""

    SCALARS = ("pile", "turn_player")

    pile: int
    turn_player: int

    @property
    def current_player(self) -> int | None:
        return None if self.node == "over" else self.turn_player

    def _legal_actions(self) -> tuple[Action, ...]:
        return tuple(Take(n) for n in (1, 2) if n <= self.pile)

    def _do(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.n
        self._emit("take", "NIM-2", self.turn_player, n=action.n)
        if self.pile == 0:
            self._goto("over")
        else:
            self._goto("take")
            self.turn_player = 1 - self.turn_player

    def is_terminal(self) -> bool:
        return self.node == "over"

    def result(self) -> Outcome | None:
        if self.node != "over":
            return None
        return Outcome((self.turn_player,), tuple(int(p == self.turn_player) for p in (0, 1)), "NIM-3")


NIM_TURN = Flow(
    "turn",
    {"en": "Nim turn", "ja": "ニムの手番"},
    (
        Node("take", {"en": "Take", "ja": "取る"}, ("NIM-2",), "decision"),
        Node("over", {"en": "Over", "ja": "終了"}, ("NIM-3",), "end"),
    ),
    (
        Edge("take", "take", {"en": "next player", "ja": "次の人"}, "NIM-2"),
        Edge("take", "over", {"en": "last counter", "ja": "最後の1個"}, "NIM-3"),
    ),
)


class Nim(Game[NimState]):
    """A tiny game known to no module of tcgteach: take 1 or 2 counters, who takes the last one wins."""

    name = "nim"
    title = {"en": "Nim", "ja": "ニム"}
    contract_rule = "NIM-1"
    syntax = ActionSyntax("nim", [Take], "NIM-1")

    @property
    def flows(self) -> dict[str, Flow]:
        return {"turn": NIM_TURN}

    def new_state(self, seed: Any = 0, decks: Any = None, players: Any = None, first_player: Any = None) -> NimState:
        state = object.__new__(NimState)
        state._init_base(self, {"seed": seed, "decks": [], "players": 2, "first_player": 0}, 2, seed)
        state.pile, state.turn_player = 5 + seed % 3, 0
        return state

    def describe_action(self, action: Any, state: Any, lang: Any = "en") -> str:
        return f"{action.n}個取る" if lang == "ja" else f"take {action.n}"

    def describe_event(self, event: Any, state: Any, lang: Any = "en") -> str:
        return f"P{event.player + 1}: {event.data['n']}"

    def render_board(self, state: Any, *, lang: Any = "en", perspective: Any = None) -> str:
        return f'<div class="tcg-board">{state.pile}</div>'


def _nim_state(st: Stepper) -> NimState:
    assert isinstance(st.state, NimState)
    return st.state


def test_a_game_defined_only_in_a_test_steps_in_the_stepper() -> None:
    st = Stepper(Nim(), seed=1, agents=["person", "random"])
    assert [b.tooltip for b in buttons(st)] == ["take 1", "take 2"] and ">6<" in st.board.value
    buttons(st)[0].click()
    assert _nim_state(st).pile == 5 and st.state.current_player == 1
    assert st.step() and st.state.current_player == 0
    st.back_button.click()
    assert st.state.current_player == 1
    while not st.state.is_terminal():
        if not st.step():
            buttons(st)[-1].click()
    banner = st.result.banner.value  # the result banner: who won and the rule that ended the game
    assert st.result.layout.display == "flex" and "wins" in banner and "NIM-3" in banner
    assert "Game over" in st.status.value
    st.lang_toggle.value = "ja"
    assert "ゲーム終了" in st.status.value and "の勝ち" in st.result.banner.value
    st.seed_box.value = "2"
    st.reset_button.click()
    assert _nim_state(st).pile == 7 and not st.state.history


def test_forced_decisions_are_clicked_in_the_stepper_unless_asked() -> None:
    """Issue 12 item 5: off in the stepper (a lesson may show them), a constructor argument and a checkbox."""
    st = Stepper("dragonquest", seed=4, options={"turn_limit": 200})
    assert not st.session.auto_forced and not st.forced_box.value
    st = Stepper("dragonquest", seed=4, options={"turn_limit": 200}, auto_forced=True)
    assert st.forced_box.value
    for _ in range(150):
        st.step_button.click()
        if any(st.session.forced):
            break
    assert any(st.session.forced) and "(forced) P" in st.log.value
