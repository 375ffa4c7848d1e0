"""The panes and the safe turn (issue 21 items 1, 2, 5), clicked from Python: every front end is put
together from the same panes over one table; a click locks the choices at once; a click made for an
earlier position, or while the agents are moving, is refused and changes nothing; the agents' moves are
shown one at a time in a kernel's event loop; a hint answers only for the position on screen; the game
ends with a banner that says who won, why and the tally."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.core.events import Event
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.widgets import Classroom, CombatView, Stepper
from tcgteach.widgets import panes as P
from tcgteach.widgets.surface import Surface
from tcgteach.widgets.table import SHOWN, SHOWN_BUTTON


def test_no_front_end_subclasses_another() -> None:
    for cls in (Stepper, Classroom):
        assert issubclass(cls, Surface)
    assert not issubclass(Classroom, Stepper) and not issubclass(Stepper, Classroom)
    cv = CombatView("dragonquest", seed=1, options={"turn_limit": 200})
    assert type(cv) is Stepper and isinstance(cv.extra, tcgteach.widgets.combat.CombatPane)


@pytest.mark.parametrize(
    "make", [lambda: Stepper("darkmoon", seed=3, agents=["person", "random"]), lambda: Classroom()]
)
def test_every_front_end_is_made_of_the_same_panes_over_one_table(make: Callable[[], Surface]) -> None:
    fe = make()
    table = fe.table
    for pane, cls in (
        (fe.board, P.BoardPane),
        (fe.log_pane, P.LogPane),
        (fe.graph_pane, P.GraphPane),
        (fe.choices, P.ChoicesPane),
        (fe.seats, P.SeatsPane),
        (fe.decks_pane, P.DecksPane),
        (fe.status, P.StatusPane),
        (fe.result, P.ResultPane),
        (fe.export, P.ExportPane),
    ):
        assert isinstance(pane, cls) and pane.table is table
    assert table.session is fe.session


def test_a_click_locks_every_choice_before_anything_is_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    c = Classroom("dragonquest", seed=3, agents=["person", "heuristic"])
    seen: list[list[bool]] = []
    table = c.table
    real = table.session.apply

    def spy(action: Any) -> list[Event]:
        seen.append([b.disabled for b in c.choices.buttons])
        return real(action)

    monkeypatch.setattr(table.session, "apply", spy)
    c.choices.action_buttons()[0].click()
    assert seen and all(seen[0]) and seen[0]  # every button of the position was disabled when the move was applied


def test_a_click_on_a_button_of_an_earlier_position_is_refused_and_changes_nothing() -> None:
    c = Classroom(seed=4)
    old = c.choices.action_buttons()
    old[0].click()
    before = (c.state.to_dict(), c._version)
    old[-1].click()
    assert (c.state.to_dict(), c._version) == before
    assert "earlier position" in c.message.value


def test_a_click_refused_while_busy_says_so_until_the_next_click_is_taken() -> None:
    """A guarded callback refuses a click that comes while another runs ("Busy"); the next click that is taken
    clears that message (the review's lesson-06 page kept it after the choice the person then made)."""
    s = Stepper("darkmoon", seed=1)
    t = s.table
    inner = t.guard(lambda: None)
    outer = t.guard(inner)  # the inner click arrives while the outer one runs
    outer()
    assert t.message == (t.t("busy"), True)
    inner()
    assert t.message == ("", False)
    t.say("something else", error=True)
    inner()
    assert t.message == ("something else", True)  # only the busy refusal is cleared


def test_a_card_with_one_action_is_played_by_clicking_it_and_a_card_with_several_shows_them() -> None:
    c = Classroom("dragonquest", seed=3, agents=["person", "heuristic"])
    c.choices.action_buttons()[-1].click()  # keep the hand
    multi = []
    for _ in range(40):
        multi = [b for b in c.choices.buttons if "tcg-card-multi" in b._dom_classes]
        if multi or c.state.is_terminal():
            break
        single = [b for b in c.choices.buttons if "tcg-card-tile" in b._dom_classes]
        before = len(c.state.history)
        (single or c.choices.action_buttons())[0].click()  # a card clicked: its only action is carried out
        assert len(c.state.history) > before
    assert multi, "no card with several actions in 40 decisions"
    before = len(c.state.history)
    multi[0].click()  # e.g. a recruit: the front or the back row
    assert len(c.state.history) == before and multi[0].button_style == "info"  # shown, not played
    shown = list(c.choices.card_actions.children[1:])
    assert len(shown) >= 2 and all("tcg-action" in b._dom_classes for b in shown)
    shown[0].click()
    assert len(c.state.history) > before


def _tiles(c: Classroom) -> list[Any]:  # ipywidgets buttons (no type hints)
    rows: tuple[Any, ...] = c.choices.children
    return [b for ch in rows for b in getattr(ch, "children", ()) if "tcg-card-tile" in b._dom_classes]


def _card_of(tile: Any) -> int:
    return next(int(k[9:]) for k in tile._dom_classes if k.startswith("tcg-card-") and k[9:].isdigit())


def test_the_whole_hand_is_shown_with_the_cards_that_cannot_be_used_disabled() -> None:
    c = Classroom("dragonquest", seed=3, agents=["person", "heuristic"])
    hand = c.state.zone(0, "hand")
    tiles = {_card_of(b): b for b in _tiles(c)}
    assert set(hand) <= set(tiles)  # the mulligan decision shows the hand it is about
    assert all(tiles[h].disabled for h in hand)  # nothing to play during the mulligan


def test_dark_moon_cards_are_grouped_by_zone_and_in_order_of_number() -> None:
    c = Classroom("darkmoon", seed=1, agents=["person", "heuristic"])
    seen_field = False
    for _ in range(80):
        if c.state.is_terminal():
            break
        groups = c.choices._groups(c.state, 0, list(c.state.zone(0, "hand")) + list(c.state.zone(0, "field")))
        for heading, cards in groups:
            numbers = [cast(DarkMoonState, c.state).card(x).number or 0 for x in cards]
            assert numbers == sorted(numbers), (heading, numbers)  # matching numbers side by side (DM-4.4)
            seen_field |= heading.startswith("Field") and len(cards) > 1
        if groups and c.state.zone(0, "hand"):
            assert groups[0][0] == "Hand"
        c.choices.action_buttons()[0].click()
    assert seen_field


def test_the_agents_moves_are_shown_one_at_a_time_in_an_event_loop_and_clicks_meanwhile_are_refused() -> None:
    async def play() -> tuple[Classroom, int, list[int], int]:
        c = Classroom("dragonquest", seed=3, agents=["person", "heuristic"], pause=0.01)
        # built outside the loop: the agents moved at once; now a click inside the loop
        renders: list[tuple[int, bool]] = []
        c.table.listen(lambda: renders.append((len(c.state.history), c.table.moving)))
        old = c.choices.action_buttons()
        start = len(c.state.history)
        old[-1].click()  # keep: the heuristic answers, move by move
        assert c.table.moving and c.choices.buttons == []  # nothing to click while the agents move
        c.hint_button.click()
        assert "Wait" in c.message.value or c.hint_button.disabled
        old[0].click()  # a stale click during the agents' turn
        while c.table.moving:
            await asyncio.sleep(0.01)
        moved = len(c.state.history) - start
        lengths = [n for n, moving in renders if moving]
        return c, moved, lengths, start

    c, moved, lengths, start = asyncio.run(play())
    assert moved >= 2
    assert len(set(lengths)) >= 2, "the agents' moves were not rendered one by one"
    actors, forced = c.session.actors[-moved:], c.session.forced[-moved:]
    chosen = [i for i, (who, f) in enumerate(zip(actors, forced, strict=True)) if who == 0 and not f]
    assert chosen == [0]  # the person's Keep, and nothing of the stale click made meanwhile
    assert "Wait" in c.message.value or "earlier position" in c.message.value
    assert c.session.person_to_move() or c.state.is_terminal()


def test_a_hint_is_dropped_when_the_position_changes() -> None:
    c = Classroom("dragonquest", seed=3, agents=["person", "heuristic"], coach_seconds=0.05)
    c.show_hint()
    assert c.hint_text.value
    c.choices.action_buttons()[-1].click()
    assert c.hint_text.value == ""  # the hint was for the earlier position


def test_the_result_banner_says_who_won_why_and_the_tally_with_play_again() -> None:
    c = Classroom("dragonquest", seed=5, agents=["person", "heuristic"])
    for _ in range(2000):
        if c.state.is_terminal():
            break
        c.choices.action_buttons()[-1].click()
    out = c.state.result()
    assert out is not None and c.result.layout.display == "flex"
    banner = c.result.banner.value
    assert "wins" in banner or "Tie" in banner
    assert out.reason in banner and "cards left in the deck" in banner
    c.set_lang("ja")
    assert "デッキ残り" in c.result.banner.value and "理由" in c.result.banner.value
    c.result.again.click()
    assert not c.state.is_terminal() and c.state.setup["seed"] == 6 and c.result.layout.display == "none"


def test_dark_moon_result_names_the_points() -> None:
    st = Stepper("darkmoon", seed=2, players=3, agents=["heuristic"] * 3)
    while st.step():
        pass
    banner = st.result.banner.value
    assert "points" in banner and "units" in banner and "Final tally" in banner


def test_three_players_get_their_seat_pickers_at_once_and_one_new_game_press_starts_them() -> None:
    c = Classroom("darkmoon", seed=1, agents=["person", "heuristic"])
    c.players_picker.value = 3
    assert len(c.seat_pickers) == 3 and c.seat_pickers[2].value == "heuristic"  # before New game
    assert "New game" in c.message.value
    c.seat_pickers[2].value = "person"
    c.new_button.click()
    assert c.state.num_players == 3 and c.agents[2] is None  # one press


def test_the_export_caption_counts_moves_in_words() -> None:
    st = Stepper("darkmoon", seed=3)
    st.step()
    assert "after 1 move." in st.export_html()
    st.step()
    assert "after 2 moves." in st.export_html()
    st.set_lang("ja")
    assert "2手目の後" in st.export_html()


def test_a_new_game_starts_a_new_log_and_a_game_without_a_quiz_gets_no_quiz_button(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found in the look at the War plugin: after New game with another game the log began with the old
    game's set-up lines (its cache kept them), the deck pickers still offered the old game's decks, and
    the Quiz button of a game without a quiz raised a ZeroDivisionError."""
    c = Classroom("darkmoon", seed=1, agents=["person", "heuristic"])
    assert c.quiz_button.layout.display == SHOWN_BUTTON
    dm_first = c.log_pane.cache[0]
    c.game_picker.value = "dragonquest"
    assert c.decks_pane.layout.display == "none"  # Dragon Quest's decks come with New game
    c.new_button.click()
    assert c.state.game.name == "dragonquest" and c.decks_pane.layout.display == SHOWN
    lines = c.log_pane.cache
    assert len(lines) == len(c.state.events) and dm_first not in lines
    assert all("DQ-" in line for line in lines), lines[:3]
    c.new_game(7)  # the same game, another seed: its own lines too
    assert len(c.log_pane.cache) == len(c.state.events)
    assert c.log_pane.cache == [line for line in c.log_pane.cache if "DQ-" in line]

    # a game declaring no quiz (as the War plugin): Dragon Quest's class made to declare only its board
    monkeypatch.setattr(type(c.game), "capabilities", property(lambda self: frozenset({"board"})))
    c.new_game(3)
    assert c.quiz_button.layout.display == "none"
    with pytest.raises(tcgteach.TcgError, match="has no quiz questions"):
        c.show_quiz(True)
