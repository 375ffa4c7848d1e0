"""The classroom app, clicked from Python: set-up, person moves, hints, take-back, hot seat,
language, and no traceback whatever is clicked (the browser test drives the same widget in Voila)."""

from collections.abc import Callable
from itertools import pairwise
from typing import Any, cast

import ipywidgets as w
import pytest

from tcgteach import TcgError
from tcgteach.core.actions import Action
from tcgteach.core.game import Game
from tcgteach.core.state import State
from tcgteach.dragonquest import DragonQuest
from tcgteach.widgets import Classroom, CombatView, Stepper
from tcgteach.widgets.surface import Surface
from tcgteach.widgets.table import SHOWN


def action_buttons(c: Surface) -> list[Any]:  # ipywidgets buttons (no type hints)
    """Every legal action as a button (the choices pane's list, also what screen readers press)."""
    return c.choices.action_buttons()


def snapshot(c: Classroom) -> tuple[dict[str, Any], int]:
    return (c.state.to_dict(), c._version)


def test_a_new_classroom_waits_for_the_person_after_the_agents_moved() -> None:
    c = Classroom(seed=1)
    assert c.agents[0] is None and c.agents[1] is not None
    assert c.state.current_player == 0 and not c.state.is_terminal()
    assert action_buttons(c), "the person sees buttons of the legal actions"
    assert [b.tooltip for b in action_buttons(c)] == [str(a) for a in c.state.legal_actions()]
    assert "hidden" in c.board.value  # the heuristic's hand is not shown to the class


def test_a_person_move_is_applied_then_the_agent_answers_until_the_person_decides_again() -> None:
    c = Classroom(seed=2)
    before = len(c.state.history)
    log_before = c.log.value
    first = action_buttons(c)[0]
    first.click()
    assert "⚠" not in c.message.value
    assert len(c.state.history) > before
    assert c.state.is_terminal() or c.state.current_player == 0
    assert c.log.value != log_before and c._actors[before] == 0


def test_hint_explains_the_best_move_for_the_person_en_and_ja() -> None:
    c = Classroom(seed=3, coach_seconds=0.2)
    c.hint_button.click()
    assert c.hint_text.value and "Suggested:" in c.hint_text.value
    assert "%" in c.hint_text.value
    c.lang_toggle.value = "ja"
    assert c.hint_text.value == ""  # the English hint is gone with the language switch
    c.hint_button.click()
    assert "おすすめ" in c.hint_text.value


def test_hint_on_an_agents_turn_or_at_the_end_is_a_message_and_changes_nothing() -> None:
    c = Classroom(seed=3, agents=["random", "random"])
    before = snapshot(c)
    c.hint_button.click()
    assert "⚠" in c.message.value and "person" in c.message.value
    assert snapshot(c) == before


def test_take_back_returns_to_the_persons_decision_and_stale_buttons_are_refused() -> None:
    c = Classroom(seed=4)
    legal = c.state.legal_actions()
    history = list(c.state.history)
    old = action_buttons(c)
    old[0].click()
    assert len(c.state.history) > len(history)
    c.takeback_button.click()
    assert c.state.history == history and c.state.legal_actions() == legal
    assert "Took back" in c.message.value
    before = snapshot(c)
    old[-1].click()  # a button of the position before the take-back: refused, nothing changes
    assert "earlier position" in c.message.value and snapshot(c) == before


def test_take_back_with_no_person_move_is_a_message() -> None:
    c = Classroom(seed=5)
    assert 0 not in c._actors  # only the agent has moved so far
    before = snapshot(c)
    c.takeback_button.click()
    assert "No move of a person" in c.message.value and snapshot(c) == before


def test_bad_seed_and_new_game_of_the_other_game() -> None:
    c = Classroom(seed=1)
    before = snapshot(c)
    c.seed_box.value = "twelve"
    c.new_button.click()
    assert "whole number" in c.message.value and snapshot(c) == before
    c.game_picker.value = "dragonquest"
    c.seed_box.value = "12"
    c.new_button.click()
    assert c.game.name == "dragonquest" and c.state.setup["seed"] == 12
    assert "combat" in c.graph.value and "tcg-dq" in c.board.value
    assert c.state.current_player == 0 or c.state.is_terminal()


def test_hot_seat_hides_the_board_between_two_people_until_the_next_one_is_ready() -> None:
    c = Classroom(seed=6, agents=["person", "person"], hot_seat=True)
    assert c.pass_screen.layout.display == "flex" and c.board.layout.display == "none"
    assert c.choices.children == () and c.hint_button.disabled
    assert "P1" in c.ready_button.description
    c.ready_button.click()
    assert c.pass_screen.layout.display == "none" and c.board.layout.display == SHOWN
    p1_hand = c.state.zone(0, "hand")
    p2_hand = c.state.zone(1, "hand")
    assert f'data-card="{p1_hand[0]}"' in c.board.value
    assert not any(f'data-card="{x}"' in c.board.value for x in p2_hand)
    mover = c.state.current_player
    while c.state.current_player == mover and not c.state.is_terminal():
        action_buttons(c)[-1].click()  # the last legal action (in DARK MOON: end the phase) hands over
    assert c.pass_screen.layout.display == "flex" and "P2" in c.pass_text.value
    assert c.choices.children == ()  # nothing of P1's can be clicked by P2 before they are ready
    c.ready_button.click()
    assert not any(f'data-card="{x}"' in c.board.value for x in c.state.zone(0, "hand"))


def test_language_switch_rerenders_labels_cards_log_and_graph_without_restarting() -> None:
    c = Classroom(seed=7)
    history = list(c.state.history)
    c.lang_toggle.value = "ja"
    assert c.state.history == history
    assert c.hint_button.description == "ヒント" and c.new_button.description == "新しいゲーム"
    assert "ターン" in c.log.value or "手番" in c.log.value
    assert "メイン" in c.graph.value or "ターン" in c.graph.value
    assert [b.description for b in action_buttons(c)] == [
        c.game.describe_action(a, c.state, "ja") for a in c.state.legal_actions()
    ]
    c.lang_toggle.value = "en"
    assert c.hint_button.description == "Hint"


def test_an_agent_that_fails_is_a_message_not_a_traceback() -> None:
    c = Classroom(seed=8)

    class Broken:
        def act(self, view: State) -> Action:
            raise RuntimeError("agent crashed")

    c.agents[1] = Broken()
    for _ in range(20):  # the person plays on until the turn passes to the broken agent
        before = c.state.to_dict()
        action_buttons(c)[-1].click()
        if "agent crashed" in c.message.value:
            break
    assert "agent crashed" in c.message.value and "Traceback" not in c.message.value
    # the click is undone as a whole (the person's move with the agent's failed answer): as it was
    assert c.state.to_dict() == before and c.state.current_player == 0
    assert [b.tooltip for b in action_buttons(c)] == [str(a) for a in c.state.legal_actions()]


def test_unknown_game_or_seat_kind_is_refused_with_the_choices() -> None:
    with pytest.raises(TcgError, match="darkmoon, dragonquest"):
        Classroom(game="chess")
    with pytest.raises(TcgError, match="person, heuristic, coach, random"):
        Classroom(agents=["person", "wizard"])


@pytest.mark.parametrize(
    "make",
    [
        lambda: Classroom(seed=9),
        lambda: Stepper("darkmoon", seed=9, agents=["person", "random"]),
        lambda: CombatView("dragonquest", seed=9, agents=["person", "person"], options={"turn_limit": 200}),
    ],
    ids=["classroom", "stepper", "combat-view"],
)
def test_every_control_is_a_labelled_button_or_input_never_icon_only(make: Callable[[], Surface]) -> None:
    c = make()
    controls: list[Any] = []

    def walk(widget: Any) -> None:  # an ipywidgets widget (no type hints)
        if isinstance(
            widget, (w.Button, w.ToggleButton, w.ToggleButtons, w.Dropdown, w.Text, w.Checkbox, w.FloatSlider)
        ):
            controls.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(c.widget)
    assert len(controls) >= 10
    for ctl in controls:
        label = getattr(ctl, "description", "") or ""
        if isinstance(ctl, w.ToggleButtons):
            assert all(str(o).strip() for o in ctl._options_labels)
        else:
            assert label.strip(), f"{type(ctl).__name__} has no text label"
        assert not getattr(ctl, "icon", ""), "icon fonts may be missing offline: text labels only"


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", ("closed", "confused", "poisoned", "active", "to act")),
        ("ja", ("クローズ", "混乱", "毒", "アクティブ", "行動中")),
    ],
)
def test_card_states_are_written_out_not_shown_by_colour_alone(lang: str, words: tuple[str, ...]) -> None:
    """Accessibility: the state of a card (and who is to act) is in the text of the board."""
    import re

    import tcgteach
    from tcgteach.viz.board import board_html

    dq = cast(DragonQuest, tcgteach.game("dragonquest"))
    pos = dq.position(
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {
                    "front": [
                        {"card": "M05", "state": "closed"},
                        {"card": "M01", "state": "confused", "poisoned": True},
                    ],
                    "deck": {"fill": "beasts"},
                },
                {"front": ["M01"], "deck": {"fill": "heroes"}},
            ],
        }
    )
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", board_html(pos, lang=lang), flags=re.S))
    for word in words:
        assert word in text, word
    if lang == "ja":
        assert "▶" in text and re.search("[ぁ-んァ-ヶ一-龯]", text)
        en = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", board_html(pos, lang="en"), flags=re.S))
        assert en != text
    dm = tcgteach.game("darkmoon").new_state(seed=1)
    dm_text = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", board_html(dm, lang=lang), flags=re.S))
    assert "▶" in dm_text and ("to act" in dm_text or lang == "ja")


def hand_shown(c: Classroom, seat: int) -> list[int]:
    return [x for x in c.state.zone(seat, "hand") if f'data-card="{x}"' in c.board.value]


def hot_seat_at_p2() -> Classroom:
    c = Classroom(seed=6, agents=["person", "person"], hot_seat=True)
    c.ready_button.click()
    while c.state.current_player == 0:
        action_buttons(c)[-1].click()
    return c


def test_hot_seat_pass_screen_locks_every_control_and_keeps_nothing_of_the_last_hand_in_the_page() -> None:
    c = hot_seat_at_p2()
    assert c.pass_screen.layout.display == "flex"
    for control in (c.back_button, c.takeback_button, c.step_button, c.hotseat_box, c.hint_button, *c.seat_pickers):
        assert control.disabled, control.description
    assert c.board.value == "" and c.log.value == "" and c.hint_text.value == "" and c.choices.children == ()
    c.ready_button.click()
    assert not c.back_button.disabled and not c.hotseat_box.disabled and hand_shown(c, 1) and not hand_shown(c, 0)


def test_hot_seat_take_back_of_the_other_persons_move_asks_for_the_device_first() -> None:
    """P2 has the device and takes back P1's move: P1's hand must not appear on P2's screen."""
    c = hot_seat_at_p2()
    c.ready_button.click()
    c.takeback_button.click()
    assert c.state.current_player == 0
    assert c.pass_screen.layout.display == "flex" and "P1" in c.pass_text.value
    assert c.board.value == "" and not hand_shown(c, 0)
    c.ready_button.click()
    assert hand_shown(c, 0) and not hand_shown(c, 1)


def test_language_switch_keeps_the_shown_choice_of_every_dropdown() -> None:
    c = Classroom("dragonquest", seed=3, agents=["person", "heuristic"])
    c.lang_toggle.value = "ja"
    assert (c.game_picker.value, c.game_picker.label) == ("dragonquest", "ドラゴンクエスト カードゲーム")
    assert [(d.value, d.label) for d in c.seat_pickers] == [("person", "人が選ぶ"), ("heuristic", "コンピューター")]
    c.seat_pickers[1].value = "person"  # still works after the switch
    assert c.agents[1] is None
    c.seat_pickers[1].value = "heuristic"
    assert c.agents[1] is not None


def test_messages_follow_the_language() -> None:
    c = Classroom(seed=4, lang="ja")
    old = action_buttons(c)[0]
    old.click()
    old.click()
    assert "前の局面" in c.message.value
    c.lang_toggle.value = "en"
    assert "前の局面" not in c.message.value  # no Japanese message left behind


def test_back_onto_an_agents_turn_says_how_to_go_on() -> None:
    c = Classroom(seed=2)
    while c.state.current_player == 0 and not c.state.is_terminal():
        action_buttons(c)[-1].click()
        c.back_button.click()
        if c.state.current_player == 1:
            break
    assert c.state.current_player == 1 and action_buttons(c) == []
    assert "press Step" in c.message.value and "computer" in c.message.value


def test_old_action_buttons_are_closed_not_left_behind() -> None:
    """Every position makes new buttons; the old ones are closed, so a long game does not pile up
    widget models in the browser."""
    c = Classroom(seed=5, agents=["person", "person"])
    from ipywidgets.widgets.widget import _instances as live  # the models a front end would hold

    c.step_button.click()
    start = len(live)
    for _ in range(60):
        if c.state.is_terminal():
            break
        action_buttons(c)[-1].click()
    assert len(live) - start < 60


def test_at_the_end_hint_is_disabled_and_the_result_stays() -> None:
    c = Classroom(seed=1, agents=["heuristic", "heuristic"])
    while not c.state.is_terminal():
        c.step_button.click()
    assert c.hint_button.disabled and ("over" in c.message.value)


def test_darkmoon_classroom_seats_two_to_six_players_DM_1_1() -> None:
    c = Classroom(seed=2)
    assert [o[1] for o in c.players_picker.options] == [2, 3, 4, 5, 6]
    assert [o[0] for o in c.players_picker.options] == ["2", "3", "4", "5", "6"]
    c.players_picker.value = 4
    c.new_button.click()
    assert c.state.num_players == 4 and len(c.seat_pickers) == 4
    assert [d.value for d in c.seat_pickers] == ["person", "heuristic", "heuristic", "heuristic"]
    assert all(f"tcg-seat-{i}" in d._dom_classes for i, d in enumerate(c.seat_pickers))
    assert list(c.seats.children) == c.seat_pickers and c.seats in c.setup_box.children
    assert c.state.current_player == 0 and action_buttons(c)
    c.lang_toggle.value = "ja"
    assert [o[0] for o in c.players_picker.options] == ["2人", "3人", "4人", "5人", "6人"]
    assert c.players_picker.value == 4
    c.lang_toggle.value = "en"
    c.game_picker.value = "dragonquest"  # two players only: the seats follow with New game
    assert [o[1] for o in c.players_picker.options] == [2]
    c.new_button.click()
    assert c.state.num_players == 2 and len(c.seat_pickers) == 2 and c.game.name == "dragonquest"
    c.game_picker.value = "darkmoon"
    assert [o[1] for o in c.players_picker.options] == [2, 3, 4, 5, 6]
    with pytest.raises(TcgError, match=r"7 seats: DARK MOON is played by 2 to 6 players \(DM-1\.1\)"):
        Classroom(agents=["person"] * 7)
    with pytest.raises(TcgError, match="3 seats: Dragon Quest Card Game is played by 2 players"):
        Classroom("dragonquest", agents=["person"] * 3)


@pytest.mark.parametrize("n", [5, 6])
def test_darkmoon_classroom_starts_and_plays_five_and_six_player_games_DM_1_1(n: int) -> None:
    c = Classroom(seed=4)
    c.players_picker.value = n
    c.new_button.click()
    assert "⚠" not in c.message.value
    assert c.state.num_players == n and len(c.seat_pickers) == n
    assert [d.value for d in c.seat_pickers] == ["person"] + ["heuristic"] * (n - 1)
    assert list(c.seats.children) == c.seat_pickers
    assert c.board.value.count('class="tcg-player') == n
    assert all(f'data-player="{p}"' in c.board.value for p in range(n))
    c.seat_pickers[3].value = "random"  # another kind of seat in the middle of the table
    for _ in range(400):
        if c.state.is_terminal():
            break
        assert c.state.current_player == 0 and action_buttons(c)
        buttons = action_buttons(c)
        buttons[len(c.state.history) % len(buttons)].click()  # a mix of the person's choices
        assert "⚠" not in c.message.value
    assert c.state.is_terminal() and "over" in c.message.value
    out = c.state.result()
    assert len(out.scores) == n and out.reason in ("DM-1.5", "DM-1.3", "DM-4.4a")
    seats = {c._actors[i] for i in range(len(c._actors))}
    assert seats == set(range(n))  # everybody played
    assert all(f'data-player="{p}"' in c.board.value for p in range(n))


def _pass_the_device(n: int, seed: int, passes: int, steps: int) -> list[int]:
    """Hot seat with ``n`` people: who was handed the device at each pass screen, with the checks at each
    hand-over (the board is empty behind the screen; then only the new player's hand is shown)."""
    c = Classroom(seed=seed, agents=["person"] * n, hot_seat=True)
    seen: list[int] = []
    for _ in range(steps):
        if c.state.is_terminal() or len(seen) >= passes:
            break
        if c.pass_screen.layout.display == "flex":
            handed = c.state.current_player
            assert handed is not None
            seen.append(handed)
            assert c.board.value == ""
            c.ready_button.click()
            me = c.state.current_player
            assert me is not None
            assert hand_shown(c, me) and not any(hand_shown(c, o) for o in range(n) if o != me)
        action_buttons(c)[-1].click()
    return seen


def test_hot_seat_with_six_people_passes_the_device_around_the_table() -> None:
    seen = _pass_the_device(6, seed=5, passes=8, steps=400)
    assert len(seen) == 8 and seen == [(seen[0] + k) % 6 for k in range(8)]  # in seat order, all around and on


def test_hot_seat_with_three_people_passes_the_device_in_turn() -> None:
    seen = _pass_the_device(3, seed=3, passes=4, steps=200)
    assert set(seen) == {0, 1, 2} and all(a != b for a, b in pairwise(seen))  # each in turn, never twice


@pytest.mark.parametrize(
    "make",
    [
        lambda: Stepper("darkmoon", seed=3),
        lambda: Classroom(seed=3),
        lambda: CombatView("dragonquest", seed=3, options={"turn_limit": 200}),
    ],
    ids=["stepper", "classroom", "combat-view"],
)
def test_every_front_end_is_a_widget_to_put_in_a_box(make: Callable[[], Surface]) -> None:
    c = make()
    assert w.HBox([c]).children == (c,) and w.VBox([c]).children == (c,)
    assert c.widget is c and "tcg-stepper" in c._dom_classes
    assert "application/vnd.jupyter.widget-view+json" in c._repr_mimebundle_()


def test_the_classroom_renders_once_per_click_however_many_moves_the_agents_answer_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tcgteach

    renders: list[int] = []
    original = tcgteach.game_class("darkmoon").render_board

    def counted(game: Game, state: State, **kw: Any) -> str:
        renders.append(len(state.history))
        return original(game, state, **kw)

    monkeypatch.setattr(tcgteach.game_class("darkmoon"), "render_board", counted)
    c = Classroom(seed=4, agents=["person", "random"])
    assert len(renders) == 1  # built, the agents' first moves made, shown once
    answered = []
    for _ in range(200):
        if c.state.is_terminal():
            break
        renders.clear()
        before = len(c.state.history)
        action_buttons(c)[-1].click()
        assert len(renders) == 1, renders  # one render for the click and every agent move after it
        answered.append(len(c.state.history) - before - 1)
    assert max(answered) >= 12  # some clicks were answered by a dozen agent moves or more, still one render


def test_a_new_game_whose_agent_fails_leaves_the_old_game_on_the_screen_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c = Classroom(seed=2)
    action_buttons(c)[0].click()

    class Broken:
        name = "broken"

        def act(self, view: State) -> Action:
            raise RuntimeError("agent crashed")

    make = Classroom._agent_for
    monkeypatch.setattr(c, "_agent_for", lambda seat, spec: Broken() if seat == 1 else make(c, seat, spec))
    for new_seed in range(20, 60):  # a seed where P2 moves before P1 can decide: the broken agent must answer
        before, agents, actors, seed = c.state.to_dict(), list(c.agents), list(c._actors), c.seed
        c.seed_box.value = str(new_seed)
        c.new_button.click()
        if "agent crashed" in c.message.value:
            break
    else:
        pytest.fail("P2 never moved first")
    assert c.state.to_dict() == before and c.agents == agents and c._actors == actors
    assert c.seed == seed and c.seed_box.value == str(seed)
    assert [b.tooltip for b in action_buttons(c)] == [str(a) for a in c.state.legal_actions()]


def test_forced_decisions_are_taken_by_themselves_and_logged_as_such() -> None:
    """Issue 12 item 5: on by default in the classroom; each forced move has its own log line."""
    c = Classroom("dragonquest", seed=4, agents=["person", "random"])
    assert c.session.auto_forced and c.forced_box.value
    for k in range(120):
        if c.state.is_terminal():
            break
        assert len(c.state.legal_actions()) != 1 or not c.session.person_to_move(), "a lone choice waits for a click"
        buttons = action_buttons(c)
        buttons[k % len(buttons)].click()
        if any(c.session.forced):
            break
    assert any(c.session.forced)
    assert "tcg-forced" in c.log.value and "(forced) P" in c.log.value
    c.forced_box.value = False
    assert not c.session.auto_forced
    c.set_lang("ja")
    assert "（自動）P" in c.log.value


def test_what_just_happened_names_the_others_last_moves_newest_first() -> None:
    """Issue 12 item 4: near the top, the other players' last moves in words (the log is far below)."""
    c = Classroom("darkmoon", seed=1, agents=["person", "heuristic"])
    for _ in range(3):
        action_buttons(c)[0].click()
    html = c.recent.value
    assert "What just happened" in html and "<li" in html and "P2" in html and "(computer)" in html
    last_p2 = next(a for a, who in zip(reversed(c.state.history), reversed(c.session.actors), strict=False) if who == 1)
    first = html.split("<li", 2)[1]
    assert c.game.describe_action(c.game.mask_action(last_p2), c.state, "en") in first  # newest first, as P1 sees it
    c.set_lang("ja")
    assert "直前の出来事" in c.recent.value and "（コンピューター）" in c.recent.value
    # the choices and the panel are in the side column, beside the board (one screen: issue 21 item 3)
    side = next(
        box for r in c.children for box in getattr(r, "children", ()) if c.recent in getattr(box, "children", ())
    )
    assert "tcg-col-side" in side._dom_classes and c.choices in side.children
    main = next(r for r in c.children if side in getattr(r, "children", ()))
    assert any(c.board in getattr(box, "children", ()) for box in main.children)


def test_each_seat_plays_the_deck_it_was_given_and_a_new_game_keeps_it() -> None:
    """Per-seat decks are constructor arguments (a deck picker per seat sets them): kept by New game in
    the same game, cut or filled with the game's default when the seats change, dropped for another game."""
    game = Classroom(seed=1).game
    tempo, spotlight = (list(game.starter_deck(n).cards) for n in ("tempo", "spotlight"))
    c = Classroom(seed=1, decks=["tempo", "spotlight"])
    assert c.state.setup["decks"] == [tempo, spotlight]
    c.new_game(5)
    assert c.state.setup["decks"] == [tempo, spotlight]
    c.players_picker.value = 3
    c.new_game(6)
    assert c.state.setup["decks"] == [tempo, spotlight, tempo]  # seat 3's default deck is the third one
    c.game_picker.value = "dragonquest"
    c.new_game(7)
    assert c.decks is None and c.state.num_players == 2
    dq = Classroom("dragonquest", seed=1, decks=["guardians", "heroes"])
    assert dq.state.setup["decks"] == [list(dq.game.starter_deck(n).cards) for n in ("guardians", "heroes")]
    stepper = Stepper("dragonquest", seed=3, decks=["beasts", "guardians"])
    assert stepper.state.setup["decks"][0] == list(stepper.game.starter_deck("beasts").cards)
    stepper.reset(4)
    assert stepper.state.setup["decks"][1] == list(stepper.game.starter_deck("guardians").cards)


def test_each_seat_picks_its_deck_from_the_starter_decks() -> None:
    """Issue 12 item 6: a deck picker per seat in the stepper and the classroom; the choice takes effect
    with the next game and the game in play goes on unchanged."""
    st = Stepper("dragonquest", seed=3, agents=["person", "random"])
    game = st.game
    assert [dd.value for dd in st.deck_pickers] == game.starter_decks()[:2]
    assert [v for _, v in st.deck_pickers[0].options] == game.starter_decks()
    before = st.state.to_dict()
    st.deck_pickers[1].value = "guardians"
    assert st.state.to_dict() == before and "P2" in st.message.value and "Reset" in st.message.value
    st.reset_button.click()
    assert st.state.setup["decks"][1] == list(game.starter_deck("guardians").cards)
    assert st.deck_pickers[1].value == "guardians"
    st.set_lang("ja")
    assert st.deck_pickers[0].description == "P1のデッキ"
    title = game.starter_deck("guardians").title
    assert title is not None and st.deck_pickers[1].label == title["ja"]
    # a deck that is no starter deck shows as the player's own list, and is kept
    own = list(game.starter_deck("heroes").cards)
    own[0], own[-1] = own[-1], own[0]
    mine = Stepper("dragonquest", seed=3, decks=[own, "beasts"])
    assert mine.deck_pickers[0].value == "(own list)" and mine.deck_pickers[1].value == "beasts"
    mine.deck_pickers[1].value = "heroes"
    mine.reset(5)
    assert mine.state.setup["decks"][0] == own
    # the classroom: a picker per seat, following the number of players and the game
    c = Classroom("darkmoon", seed=1, agents=["person", "heuristic"])
    assert len(c.deck_pickers) == 2 and c.decks_pane in c.setup_box.children
    c.deck_pickers[0].value = "tempo"
    assert "New game" in c.message.value
    c.players_picker.value = 3
    c.new_game(2)
    assert len(c.deck_pickers) == 3 and c.deck_pickers[0].value == "tempo"
    assert c.state.setup["decks"][0] == list(c.game.starter_deck("tempo").cards)
    c.game_picker.value = "dragonquest"
    c.new_game(3)
    assert [dd.value for dd in c.deck_pickers] == c.game.starter_decks()[:2]
