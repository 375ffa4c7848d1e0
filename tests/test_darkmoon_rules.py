"""DARK MOON rules, one or more tests per rule ID of rules/darkmoon.md (DM-1.1 ... DM-6.5).

Positions are built with tests/dm_positions.py (cards moved between zones of a fresh state before
any action); everything after that is played with real, checked actions.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pytest

import tcgteach
from tcgteach import DataFileError, DeckError, IllegalActionError, TcgError
from tcgteach.core.events import Event
from tcgteach.core.state import State
from tcgteach.darkmoon import DarkMoon
from tcgteach.darkmoon.rules import actions as A
from tcgteach.darkmoon.rules.cards import CHARACTERS, Card, card_pool, parse_cards, parse_decks
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.texts import outcome_text

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import dm_positions as P
else:
    try:  # tests/ may become a package
        from . import dm_positions as P
    except ImportError:
        import dm_positions as P

GAME = cast(DarkMoon, tcgteach.game("darkmoon"))
POOL = card_pool()


# -- small helpers ----------------------------------------------------------------------------------
def make_unit(s: Any, slot: int, cards: list[int]) -> None:
    s.apply(f"unit {slot}")
    for c in cards:
        s.apply(f"pick {c}")
    s.apply("finish")


def end_until_over(s: Any, limit: int = 40) -> Any:
    """Every player ends the main phase at once until the game is over; returns the result."""
    for _ in range(limit):
        if s.is_terminal():
            return s.result()
        s.apply("end")
    raise AssertionError("the game did not end")


def ends(s: Any, k: int) -> None:
    for _ in range(k):
        s.apply("end")


def since(s: State, n: int) -> list[Event]:
    return s.events[n:]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def hand(s: State, p: int) -> list[int]:
    return s.zone(p, "hand")


def field(s: State, p: int) -> list[int]:
    return s.zone(p, "field")


def deck(s: State, p: int) -> list[int]:
    return s.zone(p, "deck")


def random_game(
    seed: int, players: int = 2, options: dict[str, Any] | None = None, check: Callable[[Any], object] | None = None
) -> Any:
    g = tcgteach.game("darkmoon", options)
    s = g.new_state(seed=seed, players=players)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        if check is not None:
            check(s)
    return s


def unit_position(
    n: int = 2,
    trigger: int = 0,
    *,
    first_player: int = 0,
    options: dict[str, Any] | None = None,
    also: tuple[int, ...] = (),
) -> Any:
    """PLAIN decks; ``trigger`` (and the players in ``also``) have units in slots 1-2 and three
    characters (C28, number 3) on the field, ready to fill slot 3."""
    s = P.new([P.PLAIN] * n, first_player=first_player, options=options)
    for p in (trigger,) + also:
        u1, u2, f = P.groups(s, p, ["C07", "C17", "C32"], ["C02", "C12", "C27"], ["C28", "C28", "C28"])
        P.arrange(s, p, units=[u1, u2], field=f)
    return s


def full_units(s: Any, p: int, *id_groups: list[str], field_ids: tuple[str, ...] = ()) -> None:
    """Put the listed cards into ``p``'s unit slots (and ``field_ids`` on the field)."""
    gs = P.groups(s, p, *id_groups, list(field_ids))
    P.arrange(s, p, units=gs[:-1], field=gs[-1])


# == DM-1 Players, goal, end of the game =============================================================
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_DM_1_1_two_to_six_players_can_play(n: int) -> None:
    s = GAME.new_state(seed=n, players=n)
    assert s.num_players == n
    assert [len(hand(s, p)) for p in range(n)] == [5] * n
    assert s.current_player in range(n)


def test_DM_1_1_the_engine_supports_two_to_six_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 6)  # DM-1.1 [interpretation]: a practical cap


@pytest.mark.parametrize("n", [0, 1, 7, 8])
def test_DM_1_1_other_player_counts_are_refused(n: int) -> None:
    with pytest.raises(TcgError, match=r"\[DM-1\.1\].*2-6 players") as err:
        GAME.new_state(seed=0, players=n)
    assert f"not {n}" in str(err.value)
    if n:
        with pytest.raises(TcgError, match=r"\[DM-1\.1\].*2-6 players"):
            GAME.new_state(seed=0, decks=["ensemble"] * n)


def test_DM_1_1_seven_players_are_refused_however_they_are_asked_for() -> None:
    for kw in (
        {"players": 7},
        {"decks": ["ensemble"] * 7},
        {"decks": ["tempo"] * 7, "players": 7},
        {"decks": ["tempo"] * 6, "players": 7},
    ):
        with pytest.raises(TcgError, match=r"\[DM-1\.1\] darkmoon is for 2-6 players, not 7"):
            GAME.new_state(seed=0, **kw)


def test_DM_1_1_decks_must_match_the_number_of_players() -> None:
    with pytest.raises(TcgError, match=r"\[DM-1\.1\] 6 players need 6 decks, got 5"):
        GAME.new_state(seed=0, decks=["ensemble"] * 5, players=6)
    with pytest.raises(TcgError, match=r"\[DM-1\.1\] decks must be a list with one deck per player \(2-6 decks\)"):
        GAME.new_state(seed=0, decks="ensemble")


def test_DM_1_2_the_player_with_most_points_wins() -> None:
    s = P.new([P.SCENES, P.SCENES])
    full_units(s, 0, ["C02", "C04", "C06"], ["C07", "C09", "C10"], ["C12", "C15", "C16"])  # 9 points
    full_units(s, 1, ["C02", "C04", "C06", "C07"], ["C10", "C11", "C12"], ["C15", "C16", "C17", "S03"])  # 11 + 2
    out = end_until_over(s)
    assert out.scores == (9, 13)
    assert out.winners == (1,) and out.winner == 1 and not out.is_draw


def _tie_position(options: dict[str, Any]) -> Any:
    s = P.new([P.SCENES] * 3, options=options)
    full_units(s, 0, ["C02", "C04", "C06"], ["C07", "C09", "C10"], ["C12", "C15", "C16"])  # 9
    full_units(s, 1, ["C02", "C04", "C06", "C07", "C09", "C10"], ["C12", "C15", "C16"], [])  # 9, two units
    full_units(s, 2, ["C02", "C04", "C06"], [])  # 3
    return s


def test_DM_1_3_tie_shared_is_a_draw_among_the_tied_leaders() -> None:
    s = _tie_position({"tie": "shared"})
    out = end_until_over(s)
    assert out.scores == (9, 9, 3)
    assert out.winners == (0, 1) and out.is_draw and out.winner is None
    assert out.reason == "DM-1.3"


def test_DM_1_3_tie_none_means_nobody_wins() -> None:
    s = _tie_position({"tie": "none"})
    out = end_until_over(s)
    assert out.scores == (9, 9, 3)
    assert out.winners == () and out.winner is None
    assert out.reason == "DM-1.3"


def test_DM_1_3_default_is_shared_and_a_clear_winner_is_unaffected_by_none() -> None:
    assert GAME.options["tie"] == "shared"
    s = P.new([P.SCENES, P.SCENES], options={"tie": "none"})
    full_units(s, 0, ["C02", "C04", "C06"], ["C07", "C09", "C10"], ["C12", "C15", "C16"])
    assert end_until_over(s).winners == (0,)


def test_DM_1_4_three_filled_slots_arm_the_end_in_the_end_phase() -> None:
    s = unit_position(2, trigger=1)
    s.apply("end")  # P1's turn 1
    assert s.turn_player == 1 and s.turn == 2
    make_unit(s, 3, field(s, 1)[:3])  # the first of two actions: all three slots are now filled
    assert all(s.units(1)) and s.node == "main"
    assert s.armed_by is None  # armed only in the end phase
    n = len(s.events)
    s.apply("end")
    ev = since(s, n)
    assert kinds(ev)[:3] == ["end_main", "end_armed", "turn_end"]
    assert ev[1].rule == "DM-1.4" and ev[1].player == 1
    assert s.armed_by == 1


def test_DM_1_4_two_filled_slots_do_not_arm() -> None:
    s = unit_position(2, trigger=0)
    s.apply("end")
    assert s.armed_by is None and not of_kind(s.events, "end_armed")
    ends(s, 2)
    assert not s.is_terminal() and s.turn == 4


@pytest.mark.parametrize(
    "n,trigger",
    [
        (2, 0),
        (2, 1),
        (3, 0),
        (3, 1),
        (3, 2),
        (4, 0),
        (4, 2),
        (4, 3),
        (5, 0),
        (5, 1),
        (5, 4),
        (6, 0),
        (6, 2),
        (6, 3),
        (6, 5),
    ],
)
def test_DM_1_5_every_other_player_takes_one_final_turn(n: int, trigger: int) -> None:
    s = unit_position(n, trigger)
    while s.turn_player != trigger:
        s.apply("end")
    make_unit(s, 3, field(s, trigger)[:3])
    if s.turn_player == trigger:  # after turn 1 the turn ended by itself (DM-4.3); else end it now
        s.apply("end")
    assert s.armed_by == trigger
    out = end_until_over(s)
    mark = kinds(s.events).index("end_armed")
    ev = since(s, mark)
    assert ev[0].player == trigger and ev[0].rule == "DM-1.4"
    starts = of_kind(ev, "turn_start")
    expected = [(trigger + k) % n for k in range(1, n)]
    assert [e.player for e in starts] == expected  # each other player once, in seat order
    assert all(e.data["final"] for e in starts)
    assert [e.player for e in of_kind(ev, "turn_end")] == [trigger] + expected
    assert ev[-1].kind == "game_over" and ev[-1].rule == "DM-1.5"
    assert s.is_terminal() and out.winners == (trigger,)  # only the trigger has units
    assert s.current_player is None and s.legal_actions() == () and s.node == "game_over"


#: (players, first player, trigger, the trigger's turn in which it arms) -> (the game's last turn, the
#: player of that turn), counted by hand: once armed, the other n-1 players take one turn each, and
#: the last of them is the player seated just before the trigger
END_TURNS = [
    ((5, 0, 0, 1), (5, 4)),  # T1 P0 arms; T2-T5 P1-P4
    ((5, 0, 4, 5), (9, 3)),  # T1-T5 P0-P4, P4 arms; T6 P0 T7 P1 T8 P2 T9 P3
    ((5, 2, 1, 5), (9, 0)),  # T1 P2 T2 P3 T3 P4 T4 P0 T5 P1 arms; T6 P2 T7 P3 T8 P4 T9 P0
    ((5, 0, 1, 7), (11, 0)),  # P1 arms in its second turn (T7); T8 P2 T9 P3 T10 P4 T11 P0
    ((6, 0, 0, 1), (6, 5)),  # T1 P0 arms; T2-T6 P1-P5
    ((6, 0, 3, 4), (9, 2)),  # T4 P3 arms; T5 P4 T6 P5 T7 P0 T8 P1 T9 P2
    ((6, 0, 5, 6), (11, 4)),  # T6 P5 arms; T7 P0 ... T11 P4
    ((6, 4, 2, 5), (10, 1)),  # T1 P4 T2 P5 T3 P0 T4 P1 T5 P2 arms; T6 P3 T7 P4 T8 P5 T9 P0 T10 P1
    ((6, 3, 3, 1), (6, 2)),  # the first player P3 arms in turn 1; T2 P4 T3 P5 T4 P0 T5 P1 T6 P2
    ((6, 1, 0, 12), (17, 5)),  # P0 arms in its second turn (T12); T13 P1 ... T17 P5
]


@pytest.mark.parametrize(
    "setup,end", END_TURNS, ids=[f"{n}p-first{f}-trigger{t}-turn{k}" for (n, f, t, k), _ in END_TURNS]
)
def test_DM_1_5_end_trigger_with_five_and_six_players(setup: tuple[int, int, int, int], end: tuple[int, int]) -> None:
    n, first, trigger, arm_turn = setup
    s = unit_position(n, trigger, first_player=first)
    while s.turn != arm_turn:
        s.apply("end")
    assert s.turn_player == trigger
    make_unit(s, 3, field(s, trigger)[:3])
    if s.turn == arm_turn:  # the first turn of the game ends by itself after one action (DM-4.3)
        s.apply("end")
    assert s.armed_by == trigger and s.turn == arm_turn + 1
    armed = of_kind(s.events, "end_armed")
    assert len(armed) == 1 and armed[0].player == trigger and armed[0].rule == "DM-1.4"
    finals = []
    while not s.is_terminal():
        finals.append((s.turn, s.turn_player))
        s.apply("end")
    last_turn, last_player = end
    assert finals == [(arm_turn + k, (trigger + k) % n) for k in range(1, n)]  # every other player, once
    assert finals[-1] == (last_turn, last_player) and last_player == (trigger - 1) % n
    assert s.turn == last_turn
    ev = s.events
    assert ev[-1].kind == "game_over" and ev[-1].rule == "DM-1.5"
    assert ev[-2].kind == "turn_end" and ev[-2].player == last_player and ev[-2].data["turn"] == last_turn
    assert s.result().winners == (trigger,) and s.legal_actions() == ()


@pytest.mark.parametrize("n", [5, 6])
def test_DM_1_5_end_trigger_with_five_and_six_players_in_random_games(n: int) -> None:
    """Whatever the seat that arms the end: exactly the n-1 other players take one turn each after it."""
    seats = set()
    for seed in range(30):
        s = random_game(seed, players=n, options={"first_turn_restriction": bool(seed % 2)})
        armed = of_kind(s.events, "end_armed")
        assert len(armed) == 1
        trigger = armed[0].player
        assert trigger is not None
        seats.add(trigger)
        mark = s.events.index(armed[0])
        starts = of_kind(s.events[mark:], "turn_start")
        assert [e.player for e in starts] == [(trigger + k) % n for k in range(1, n)]
        assert of_kind(s.events, "turn_end")[-1].player == (trigger - 1) % n
    assert len(seats) >= 3  # the end was armed by several different seats


def test_DM_1_5_the_board_of_a_six_player_game_names_who_still_takes_a_final_turn() -> None:
    from tcgteach.viz.board import board_html

    s = unit_position(6, trigger=3, first_player=0)
    ends(s, 3)
    make_unit(s, 3, field(s, 3)[:3])
    s.apply("end")  # P4 (index 3) arms in turn 4; P5, P6, P1, P2, P3 take their final turns
    html = board_html(s, lang="en")
    assert 'data-players="6"' in html and "tcg-dm tcg-many" in html and html.count('class="tcg-player') == 6
    assert "P4 met the end condition: final turns · still to play: P5, P6, P1, P2, P3" in html
    ends(s, 3)
    assert "still to play: P2, P3" in board_html(s, lang="en")
    assert "残り：P2、P3" in board_html(s, lang="ja")
    ends(s, 2)
    assert s.is_terminal() and "still to play" not in board_html(s, lang="en")
    assert "tcg-dm tcg-many" not in board_html(GAME.new_state(players=3), lang="en")  # 2-3 players: one column


def test_DM_1_6_final_turns_with_six_players_change_nothing() -> None:
    # P2 arms in turn 3; P4 (turn 5) and P0 (turn 7) fill their third slot in their final turns
    s = unit_position(6, trigger=2, first_player=0, also=(4, 0))
    ends(s, 2)  # P0 and P1 end without a unit
    make_unit(s, 3, field(s, 2)[:3])
    s.apply("end")
    assert s.armed_by == 2 and s.turn == 4
    mark = len(s.events)
    for _ in range(5):
        p = s.turn_player
        if p in (4, 0):
            make_unit(s, 3, field(s, p)[:3])
        s.apply("end")
    assert s.is_terminal() and s.turn == 8  # T4 P3 T5 P4 T6 P5 T7 P0 T8 P1: not one round later
    again = of_kind(since(s, mark), "end_already_armed")
    assert [(e.player, e.rule, e.data["armed_by"]) for e in again] == [(4, "DM-1.6", 2), (0, "DM-1.6", 2)]
    assert not of_kind(since(s, mark), "end_armed") and s.armed_by == 2
    assert [e.player for e in of_kind(since(s, mark), "turn_end")] == [3, 4, 5, 0, 1]
    assert s.result().winners == (0, 2, 4)  # three full units of 3 cards each: 9 points apiece (DM-1.3)


def test_DM_1_6_filling_the_third_slot_in_a_final_turn_changes_nothing() -> None:
    s = unit_position(3, trigger=0, also=(1,))
    make_unit(s, 3, field(s, 0)[:3])  # P0, turn 1: armed
    assert s.armed_by == 0 and s.turn_player == 1
    mark = len(s.events)
    make_unit(s, 3, field(s, 1)[:3])  # P1's final turn: its third slot too
    s.apply("end")
    ev = since(s, mark)
    again = of_kind(ev, "end_already_armed")
    assert len(again) == 1 and again[0].rule == "DM-1.6" and again[0].player == 1
    assert not of_kind(ev, "end_armed") and s.armed_by == 0
    assert s.turn_player == 2 and not s.is_terminal()
    s.apply("end")  # P2's final turn: the game ends as armed by P0, not one round later
    assert s.is_terminal()
    assert [e.player for e in of_kind(since(s, mark), "turn_start")] == [2]


# == DM-2 Deck construction ==============================================================================
def counts(**kw: int) -> list[str]:
    return [cid for cid, n in kw.items() for _ in range(n)]


LEGAL40 = counts(C02=4, C28=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=4, C07=4, S03=2, S11=2)


def rules_of(violations: Any) -> list[str]:
    return [v.rule for v in violations]


def test_DM_2_starter_decks_and_test_decks_are_legal() -> None:
    assert len(GAME.starter_decks()) >= 2
    for name in GAME.starter_decks():
        assert GAME.validate_deck(GAME.starter_deck(name).cards) == []
    assert GAME.validate_deck(LEGAL40) == []
    assert GAME.validate_deck(GAME.deck_cards(P.PLAIN)) == []
    assert GAME.validate_deck(GAME.deck_cards(P.SCENES)) == []


@pytest.mark.parametrize("size", [39, 41, 0, 80])
def test_DM_2_1_a_deck_has_exactly_40_cards(size: int) -> None:
    cards = LEGAL40[:size] if size <= 40 else LEGAL40 + ["C12"] * (size - 40)
    vs = [v for v in GAME.validate_deck(cards) if v.rule == "DM-2.1"]
    assert len(vs) == 1 and vs[0].count == size and vs[0].limit == 40
    with pytest.raises(DeckError) as err:
        GAME.new_state(seed=0, decks=[cards, "ensemble"])
    assert "DM-2.1" in rules_of(err.value.violations)


def test_DM_2_2_at_most_8_special_cards() -> None:
    eight = counts(C02=4, C28=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=4, S01=4, S03=4)
    assert GAME.validate_deck(eight) == []
    nine = counts(C02=4, C28=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=3, S01=3, S02=3, S03=3)
    vs = GAME.validate_deck(nine)
    assert rules_of(vs) == ["DM-2.2"]
    assert vs[0].count == 9 and vs[0].limit == 8 and set(vs[0].cards) == {"S01", "S02", "S03"}


def test_DM_2_3_at_most_4_copies_of_a_special() -> None:
    four = counts(C02=4, C28=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=4, C07=4, S03=4)
    assert GAME.validate_deck(four) == []
    five = counts(C02=4, C28=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=4, C07=3, S03=5)
    vs = GAME.validate_deck(five)
    assert rules_of(vs) == ["DM-2.3"]
    assert vs[0].count == 5 and vs[0].limit == 4 and vs[0].cards == ("S03",)


def test_DM_2_3_specials_sharing_their_printed_japanese_name_count_together() -> None:
    """Two specials printed with one Japanese name count as one name even where their English names differ
    (issue 25): 3 + 2 copies break the limit of 4."""

    from tcgteach.darkmoon.rules.cards import DATA

    data = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in data["cards"]}
    by_id["S02"]["name"]["ja"] = by_id["S03"]["name"]["ja"]  # English names stay different
    game = tcgteach.game("darkmoon", cards=data)
    deck = counts(C02=4, C28=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=4, C07=3, S03=3, S02=2)
    vs = game.validate_deck(deck)
    assert rules_of(vs) == ["DM-2.3"] and vs[0].count == 5 and vs[0].cards == ("S02", "S03")
    assert GAME.validate_deck(deck) == []  # the package's cards: two names, 3 and 2 copies


def test_DM_2_4_at_most_4_characters_per_number_across_characters() -> None:
    # Heli #3 (C03), Jino #3 (C08), Shion #3 (C13), Jakah #3 (C28): 4 in all is fine ...
    base = counts(C02=4, C09=4, C04=4, C10=4, C15=4, C06=4, C16=4, C07=4, S03=4)
    assert GAME.validate_deck(base + counts(C03=1, C08=1, C13=1, C28=1)) == []
    # ... 5 with number 3 is not, although no single card ID has more than 2 copies
    bad = base[:-1] + counts(C03=2, C08=2, C13=1)
    vs = GAME.validate_deck(bad)
    assert rules_of(vs) == ["DM-2.4"]
    assert vs[0].count == 5 and vs[0].limit == 4 and set(vs[0].cards) == {"C03", "C08", "C13"}
    assert "number 3" in vs[0].message


def test_DM_2_4_the_collector_id_is_irrelevant_only_the_number_counts() -> None:
    # 4 copies of one ID with number 1 (LEGAL40 has C07 x4) or 4 different IDs with number 1 ...
    assert LEGAL40.count("C07") == 4 and GAME.validate_deck(LEGAL40) == []
    mixed = [c for c in LEGAL40 if c != "C07"] + counts(C01=1, C07=1, C17=1, C32=1)
    assert GAME.validate_deck(mixed) == []
    # ... but a fifth number-1 card of any ID breaks the limit
    assert rules_of(GAME.validate_deck(mixed[:-1] + ["C17", "C32"])) == ["DM-2.1", "DM-2.4"]


def test_DM_2_every_violation_is_reported_at_once() -> None:
    bad = counts(C03=2, C08=2, C13=1, S01=3, S03=5, S02=1, C02=20)  # 34 cards
    with pytest.raises(DeckError) as err:
        GAME.check_deck(bad, "my deck")
    rules = rules_of(err.value.violations)
    assert sorted(rules) == ["DM-2.1", "DM-2.2", "DM-2.3", "DM-2.4", "DM-2.4"]  # #3 and #2 both > 4
    text = str(err.value)
    for rid in ("DM-2.1", "DM-2.2", "DM-2.3", "DM-2.4"):
        assert f"[{rid}]" in text
    assert "my deck" in text and "34" in text


def test_DM_2_5_there_is_no_side_deck() -> None:
    entry = {
        "id": "x",
        "name": {"en": "x", "ja": "x"},
        "style": {"en": "x", "ja": "x"},
        "cards": dict((c, LEGAL40.count(c)) for c in dict.fromkeys(LEGAL40)),
        "side": {"C12": 2},
    }
    data = {"format": "tcgteach-darkmoon-decks", "version": 1, "decks": [entry]}
    with pytest.raises(DataFileError, match="DM-2.5"):
        parse_decks(data, "decks.json", POOL)
    del entry["side"]
    assert "x" in parse_decks(data, "decks.json", POOL)
    # cards beyond the 40 cannot be carried along either: they make the deck illegal (DM-2.1)
    assert "DM-2.1" in rules_of(GAME.validate_deck(LEGAL40 + ["C12", "C12"]))


# == DM-3 Setup ===========================================================================================
def test_DM_3_1_every_player_starts_with_0_points() -> None:
    s = GAME.new_state(seed=4, players=3)
    assert [s.score(p)["total"] for p in range(3)] == [0, 0, 0]
    assert all(not u for p in range(3) for u in s.units(p))
    assert s.events[0].kind == "setup" and s.events[0].rule == "DM-3.1"


def test_DM_3_2_each_deck_is_shuffled_by_the_seeded_rng() -> None:
    a = GAME.new_state(seed=11, decks=["ensemble", "ensemble"], first_player=0)
    b = GAME.new_state(seed=11, decks=["ensemble", "ensemble"], first_player=0)
    c = GAME.new_state(seed=12, decks=["ensemble", "ensemble"], first_player=0)
    assert a.to_dict() == b.to_dict()

    def order(s: State, p: int) -> list[int]:
        return deck(s, p)[::-1] + hand(s, p)

    assert order(a, 0) != order(c, 0)
    for p in range(2):
        cards = deck(a, p) + hand(a, p)
        assert sorted(cards) == list(range(p * 40, p * 40 + 40))  # a permutation of the own deck
        assert deck(a, p) != sorted(deck(a, p))

    def ids(s: DarkMoonState, p: int) -> list[str]:
        return [s.card(c).id for c in deck(s, p)]

    assert ids(a, 0) != ids(a, 1)  # the two identical decks are shuffled independently
    assert any(e.kind == "shuffle" and e.rule == "DM-3.2" for e in a.events)


def test_DM_3_3_turn_order_is_given_or_drawn_from_the_seed() -> None:
    for fp in range(3):
        s = GAME.new_state(seed=5, players=3, first_player=fp)
        assert s.turn_player == fp and s.current_player == fp
        e = of_kind(s.events, "first_player")[0]
        assert e.rule == "DM-3.3" and e.player == fp and e.data["chosen"] == "given"
    drawn = {GAME.new_state(seed=k, players=3).turn_player for k in range(40)}
    assert drawn == {0, 1, 2}
    assert GAME.new_state(seed=9, players=3).turn_player == GAME.new_state(seed=9, players=3).turn_player
    assert of_kind(GAME.new_state(seed=9, players=3).events, "first_player")[0].data["chosen"] == "random"


@pytest.mark.parametrize("n", [2, 4, 5, 6])
def test_DM_3_4_each_player_draws_5_from_the_top(n: int) -> None:
    s = GAME.new_state(seed=21, players=n, first_player=1)
    draws = of_kind(s.events, "draw_hand")
    assert [e.player for e in draws] == [(1 + k) % n for k in range(n)]  # from the first player on
    for e in draws:
        assert e.player is not None
        assert e.rule == "DM-3.4" and sorted(e.data["cards"]) == sorted(hand(s, e.player))
        assert len(hand(s, e.player)) == 5 and len(deck(s, e.player)) == 35
    # no mulligan: the first decision offers only plays and ending the main phase
    assert {str(a).split()[0] for a in s.legal_actions()} == {"play", "end"}


@pytest.mark.parametrize("n", [5, 6])
def test_DM_3_setup_with_five_and_six_players(n: int) -> None:
    s = GAME.new_state(seed=30 + n, players=n, first_player=n - 1)
    names = GAME.starter_decks()
    assert len(names) == 3
    # without decks the seats take the starter decks in turn: with 5-6 players two share each list
    wanted = [GAME.starter_deck(names[p % 3]).cards for p in range(n)]
    assert [tuple(d) for d in s.setup["decks"]] == wanted and s.setup["players"] == n
    assert [s.score(p)["total"] for p in range(n)] == [0] * n  # DM-3.1
    for p in range(n):  # each player owns 40 instances of their own (DM-3.2), 5 in hand, 35 in the deck
        own = sorted(deck(s, p) + hand(s, p))
        assert own == list(range(40 * p, 40 * p + 40))
        assert [s.owner(c) for c in own] == [p] * 40
        assert (len(hand(s, p)), len(deck(s, p))) == (5, 35)
        assert not field(s, p) and not any(s.units(p))

    def ids(p: int) -> list[str]:
        return [s.card(c).id for c in deck(s, p)]

    assert ids(0) != ids(3)  # the same deck list, shuffled independently
    assert [e.player for e in of_kind(s.events, "draw_hand")] == [(n - 1 + k) % n for k in range(n)]
    assert s.turn == 1 and s.turn_player == n - 1 and s.action_limit() == 1  # DM-3.3, DM-4.3
    assert of_kind(s.events, "setup")[0].data["players"] == n
    drawn = {GAME.new_state(seed=k, players=n).turn_player for k in range(80)}  # DM-3.3 from the seed
    assert drawn == set(range(n))
    # the same setup replays from a saved state
    assert GAME.state_from_dict(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()


def test_DM_3_decks_for_six_players_may_be_given_and_shared() -> None:
    decks = ["tempo", "tempo", "spotlight", P.PLAIN, "ensemble", "tempo"]
    s = GAME.new_state(seed=3, decks=decks, first_player=0)
    assert s.num_players == 6
    assert [tuple(d) for d in s.setup["decks"]] == [GAME.check_deck(d) for d in decks]
    with pytest.raises(DeckError) as err:  # a bad deck of one seat is named by its seat
        GAME.new_state(seed=3, decks=decks[:5] + [["C01"] * 40])
    assert "P6" in str(err.value)


def test_DM_3_4_there_is_no_hand_limit() -> None:
    s = P.new(["tempo", "tempo"])
    s04, *rest = P.take(s, 0, "S04", "C07", "C07", "C17", "C17")
    P.arrange(s, 0, hand=[s04] + rest)
    s.apply(f"play {s04}")  # draw 2, then the reveal (DM-4.4)
    assert s.turn_player == 1  # the turn ended ...
    assert len(hand(s, 0)) >= 6  # ... and nothing made P0 discard down to 5
    assert {str(a).split()[0] for a in s.legal_actions()} <= {"play", "unit", "end"}


# == DM-4 The turn =========================================================================================
def test_DM_4_1_two_actions_then_the_turn_ends() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    s.apply("end")  # P0's first turn
    cards = [c for c in hand(s, 1) if s.card(c).is_character][:2]
    assert len(cards) == 2 and s.action_limit() == 2
    s.apply(f"play {cards[0]}")
    assert s.turn_player == 1 and s.actions_used == 1 and s.node == "main"
    s.apply(f"play {cards[1]}")
    assert s.turn_player == 0 and s.turn == 3 and s.actions_used == 0  # ended by itself
    assert kinds(s.events[-2:]) == ["turn_end", "turn_start"]
    assert of_kind(s.events, "turn_end")[-1].player == 1
    assert [e.player for e in of_kind(s.events, "end_main")] == [0]  # P1 never ended its main phase


def test_DM_4_1_the_same_action_may_be_taken_twice_two_units_in_one_turn() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    six = P.take(s, 1, "C28", "C28", "C28", "C09", "C09", "C23")
    P.arrange(s, 1, field=six)
    s.apply("end")
    make_unit(s, 1, six[:3])
    assert s.turn_player == 1 and s.actions_used == 1
    make_unit(s, 2, six[3:])
    assert s.units(1)[0] == six[:3] and s.units(1)[1] == six[3:]
    assert s.turn_player == 0  # two actions used: the turn is over


def test_DM_4_1_end_main_is_always_legal_and_fewer_actions_are_allowed() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    assert A.EndMain() in s.legal_actions()
    s.apply("end")  # no action at all
    assert s.turn_player == 1
    c = next(c for c in hand(s, 1) if s.card(c).is_character)
    s.apply(f"play {c}")
    assert A.EndMain() in s.legal_actions()
    s.apply("end")  # one action of two
    assert s.turn_player == 0
    ev = of_kind(s.events, "end_main")
    assert [e.data["used"] for e in ev] == [0, 1] and all(e.rule == "DM-4.1" for e in ev)


def test_DM_4_1_starting_and_cancelling_a_unit_uses_no_action() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    three = P.take(s, 1, "C28", "C28", "C28")
    P.arrange(s, 1, field=three)
    s.apply("end")
    for _ in range(3):
        s.apply("unit 1")
        s.apply(f"pick {three[0]}")
        s.apply("cancel")
    assert s.actions_used == 0 and s.node == "main" and s.turn_player == 1
    assert sorted(field(s, 1)) == sorted(three) and not any(s.units(1))
    make_unit(s, 1, three)
    assert s.turn_player == 1 and s.actions_used == 1


def test_DM_4_2_playing_a_character_moves_it_to_the_field_then_effect_then_reveal() -> None:
    s = P.new(["ensemble", "ensemble"])
    c13, x, y = P.take(s, 0, "C13", "C12", "C16")  # Shion #3 (draw 1), then the deck's top two
    P.arrange(s, 0, top=[x, y])
    P.move(s, [c13], "hand")
    n = len(s.events)
    trail = len(s.trail)
    s.apply(f"play {c13}")
    ev = since(s, n)
    assert kinds(ev)[:4] == ["play", "effect", "draw", "reveal"]
    assert ev[0].rule == "DM-4.2" and ev[0].data["card"] == c13
    assert ev[2].data["card"] == x  # the effect drew the top card ...
    assert ev[3].data["card"] == y  # ... and then the reveal turned over the next one
    assert c13 in field(s, 0) and c13 not in hand(s, 0) and x in hand(s, 0)
    assert s.trail[trail : trail + 4] == [
        ("main", "play_character"),
        ("play_character", "effect"),
        ("effect", "reveal"),
        ("reveal", "end"),
    ]


def test_DM_4_2_an_effect_with_a_choice_waits_for_the_player_then_reveals() -> None:
    s = P.new(["ensemble", "spotlight"])
    p0 = P.take(s, 0, "C02", "C07")
    P.arrange(s, 0, field=p0)
    jino = P.take(s, 1, "C08")[0]  # Jino #3: you may return a character from an opponent's field
    P.move(s, [jino], "hand")
    s.apply("end")
    s.apply(f"play {jino}")
    assert s.node == "effect" and s.current_player == 1
    assert set(s.legal_actions()) == {A.Choose(p0[0]), A.Choose(p0[1]), A.Decline()}
    with pytest.raises(IllegalActionError) as err:
        s.apply("end")
    assert err.value.rule == "DM-4.2"
    n = len(s.events)
    s.apply(f"choose {p0[1]}")
    assert p0[1] in hand(s, 0) and p0[1] not in field(s, 0)
    assert kinds(since(s, n))[:2] == ["returned", "reveal"]


@pytest.mark.parametrize("choice", ["choose", "decline"])
def test_DM_4_2_recycle_effect_puts_a_card_under_the_deck_then_draws_then_reveals(choice: str) -> None:
    s = P.new(["tempo", "tempo"])
    c20, other, t1, t2 = P.take(s, 0, "C20", "C12", "C07", "C17")  # Solon #7: recycle
    P.arrange(s, 0, hand=[c20, other], top=[t1, t2])
    s.apply(f"play {c20}")
    assert s.node == "effect" and set(s.legal_actions()) == {A.Choose(other), A.Decline()}
    n = len(s.events)
    s.apply(f"choose {other}" if choice == "choose" else "decline")
    ev = since(s, n)
    assert kinds(ev)[:3] == ["recycled" if choice == "choose" else "declined", "draw", "reveal"]
    assert ev[1].data["card"] == t1 and ev[2].data["card"] == t2  # the draw happens either way
    assert t1 in hand(s, 0)
    assert (deck(s, 0)[0] == other) is (choice == "choose")


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_DM_4_2_peek_effect_keeps_or_moves_the_top_card_before_the_reveal(where: str) -> None:
    s = P.new(["spotlight", "spotlight"])
    c03, t1, t2 = P.take(s, 0, "C03", "C35", "C04")  # Heli #3: look at the top card
    P.arrange(s, 0, top=[t1, t2])
    P.move(s, [c03], "hand")
    s.apply(f"play {c03}")
    assert s.node == "effect" and s.legal_actions() == (A.KeepTop(), A.ToBottom())
    n = len(s.events)
    s.apply(where)
    (rev,) = of_kind(since(s, n), "reveal")
    assert rev.data["card"] == (t1 if where == "top" else t2)
    if where == "bottom":
        assert deck(s, 0)[0] == t1


def test_DM_4_2_each_player_draws_in_seat_order_starting_with_the_player() -> None:
    s = P.new(["tempo"] * 3)
    c22 = P.take(s, 1, "C22")[0]  # Jaan #2: each player draws 1
    P.move(s, [c22], "hand")
    s.apply("end")
    tops = [deck(s, p)[-1] for p in range(3)]
    n = len(s.events)
    s.apply(f"play {c22}")
    draws = of_kind(since(s, n), "draw")
    assert [e.player for e in draws] == [1, 2, 0]
    assert [e.data["card"] for e in draws] == [tops[1], tops[2], tops[0]]


def test_DM_4_2_a_card_put_onto_the_field_by_an_effect_has_no_effect_and_no_reveal() -> None:
    s = P.new([P.HELI_NOA, "spotlight"])
    c36, c01 = P.take(s, 0, "C36", "C01")  # Noa #8 puts a Heli from hand; Heli #1 would search
    P.arrange(s, 0, hand=[c36, c01])
    s.apply(f"play {c36}")
    n = len(s.events)
    s.apply(f"choose {c01}")
    ev = since(s, n)
    assert c01 in field(s, 0)
    assert kinds(ev)[:2] == ["placed", "reveal"] and len(of_kind(ev, "reveal")) == 1
    assert not of_kind(ev, "search")


def test_DM_4_2_a_character_searched_onto_the_field_has_no_effect() -> None:
    s = P.new(["spotlight", "spotlight"])
    c29, jino = P.take(s, 0, "C29", "C08")  # Jakah #5 fetches the topmost Jino; Jino #3 would return
    P.arrange(s, 1, field=P.take(s, 1, "C02"))
    P.arrange(s, 0, top=[jino])
    P.move(s, [c29], "hand")
    n = len(s.events)
    s.apply(f"play {c29}")
    ev = since(s, n)
    assert jino in field(s, 0) and of_kind(ev, "search")[0].data["card"] == jino
    assert s.node == "main" and s.turn_player == 1  # no choice to return P1's Heli: the turn went on
    assert not of_kind(ev, "returned") and len(of_kind(ev, "reveal")) == 1


def test_DM_4_3_the_first_player_takes_only_one_action_in_the_first_turn() -> None:
    s = P.new([P.PLAIN, P.PLAIN], first_player=1)
    assert s.turn == 1 and s.action_limit() == 1
    c = next(c for c in hand(s, 1) if s.card(c).is_character)
    s.apply(f"play {c}")
    assert s.turn_player == 0 and s.turn == 2  # the one action ended P1's first turn
    assert s.action_limit() == 2
    c = next(c for c in hand(s, 0) if s.card(c).is_character)
    s.apply(f"play {c}")
    assert s.turn_player == 0 and s.actions_used == 1  # the second player's first turn has two


def test_DM_4_3_the_first_turns_end_after_one_action_is_an_event_citing_the_rule() -> None:
    """The rule acts: the design lab's rule map (issue 26) counts it, and the log tells a learner why the turn ended."""
    s = P.new([P.PLAIN, P.PLAIN], first_player=1)
    s.apply(f"play {next(c for c in hand(s, 1) if s.card(c).is_character)}")
    limit = [e for e in s.events if e.kind == "first_turn_limit"]
    assert [(e.rule, e.player, e.data) for e in limit] == [("DM-4.3", 1, {"actions": 1})]
    assert s.events.index(limit[0]) < max(i for i, e in enumerate(s.events) if e.kind == "turn_end")
    s.apply(f"play {next(c for c in hand(s, 0) if s.card(c).is_character)}")
    s.apply("end")  # the second player's first turn ends by choice, with one action left: no such event
    assert len([e for e in s.events if e.kind == "first_turn_limit"]) == 1


def test_DM_4_3_without_the_restriction_no_first_turn_limit_event() -> None:
    g = cast(DarkMoon, tcgteach.game("darkmoon", {"first_turn_restriction": False}))
    s = g.new_state(seed=3)
    for _ in range(2):
        s.apply([a for a in s.legal_actions() if str(a).startswith("play")][0])
    assert s.turn == 2 and not [e for e in s.events if e.kind == "first_turn_limit"]


def test_DM_4_3_a_unit_in_the_first_turn_also_ends_it() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    three = P.take(s, 0, "C28", "C28", "C28")
    P.arrange(s, 0, field=three)
    make_unit(s, 1, three)
    assert s.turn_player == 1 and ("unit", "end") in s.trail


def test_DM_4_3_only_the_very_first_turn_is_restricted_with_3_players() -> None:
    s = P.new([P.PLAIN] * 3)
    s.apply("end")
    for p in (1, 2, 0):
        assert s.turn_player == p and s.action_limit() == 2
        s.apply(f"play {next(c for c in hand(s, p) if s.card(c).is_character)}")
        assert s.turn_player == p
        s.apply("end")


def _reveal_setup(
    top_id: str, field_ids: tuple[str, ...] = ("C04",), play_id: str = "C02", decks: Any = None
) -> tuple[Any, int, int]:
    s = P.new(decks or [P.PLAIN, P.PLAIN])
    play, top, *on_field = P.take(s, 0, play_id, top_id, *field_ids)
    P.arrange(s, 0, field=on_field, top=[top])
    P.move(s, [play], "hand")
    return s, play, top


def test_DM_4_4_reveal_matching_number_goes_to_field() -> None:
    s, play, top = _reveal_setup("C19", field_ids=("C04",))  # Solon #5 revealed; Heli #5 on the field
    n = len(s.events)
    s.apply(f"play {play}")
    rev = of_kind(since(s, n), "reveal")
    assert len(rev) == 1 and rev[0].rule == "DM-4.4"
    assert rev[0].data == {"card": top, "to": "field", "match": True, "character": True}
    assert top in field(s, 0) and top not in deck(s, 0) and top not in hand(s, 0)


def test_DM_4_4_reveal_matching_the_card_just_played_goes_to_field() -> None:
    s, play, top = _reveal_setup("C12", field_ids=())  # Heli #2 played, Shion #2 revealed
    s.apply(f"play {play}")
    assert top in field(s, 0)


def test_DM_4_4_reveal_without_number_match_goes_to_hand() -> None:
    s, play, top = _reveal_setup("C10", field_ids=("C04",))  # Jino #6: no 6 on the field
    n = len(s.events)
    s.apply(f"play {play}")
    (rev,) = of_kind(since(s, n), "reveal")
    assert rev.data == {"card": top, "to": "hand", "match": False, "character": True}
    assert top in hand(s, 0) and top not in field(s, 0)


def test_DM_4_4_revealed_special_goes_to_hand() -> None:
    s, play, top = _reveal_setup("S11", field_ids=("C04",))
    n = len(s.events)
    s.apply(f"play {play}")
    (rev,) = of_kind(since(s, n), "reveal")
    assert rev.data == {"card": top, "to": "hand", "match": False, "character": False}
    assert top in hand(s, 0)


def test_DM_4_4_cards_in_units_and_on_other_fields_do_not_match() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    play, top, *unit = P.take(s, 0, "C02", "C19", "C04", "C28", "C28")  # Heli #5 sits in a unit
    P.arrange(s, 0, units=[unit], top=[top])
    P.arrange(s, 1, field=P.take(s, 1, "C04", "C19"))  # the opponent's field has two #5
    P.move(s, [play], "hand")
    s.apply(f"play {play}")
    assert top in hand(s, 0)


def test_DM_4_4_revealed_card_effect_does_not_trigger_and_no_second_reveal() -> None:
    s = P.new(["ensemble", "ensemble"])
    # Heli #2 is played; Shion #3 (on play: draw 1) is revealed onto the field next to Jakah #3;
    # the card below it is Jakah #3 again, which would also match: it must stay in the deck.
    play, top, below, on_field = P.take(s, 0, "C02", "C13", "C28", "C28")
    P.arrange(s, 0, field=[on_field], top=[top, below])
    P.move(s, [play], "hand")
    size = len(deck(s, 0))
    hand_before = sorted(hand(s, 0))
    n = len(s.events)
    s.apply(f"play {play}")
    ev = since(s, n)
    assert top in field(s, 0)
    assert len(of_kind(ev, "reveal")) == 1
    assert not of_kind(ev, "effect") and not of_kind(ev, "draw")
    assert len(deck(s, 0)) == size - 1 and deck(s, 0)[-1] == below
    assert sorted(hand(s, 0)) == sorted(c for c in hand_before if c != play)


def _empty_deck_position(option: str) -> tuple[Any, int]:
    s = P.new([P.PLAIN, P.PLAIN], options={"deck_out": option})
    play = P.take(s, 0, "C02")[0]
    P.move(s, [play], "hand")
    P.empty_deck(s, 0)
    assert deck(s, 0) == []
    return s, play


def test_DM_4_4a_skip_an_empty_deck_skips_the_reveal_and_nothing_else_happens() -> None:
    assert GAME.options["deck_out"] == "skip"
    s, play = _empty_deck_position("skip")
    hand_before = len(hand(s, 0))
    n = len(s.events)
    s.apply(f"play {play}")
    ev = since(s, n)
    assert not of_kind(ev, "reveal")
    (empty,) = of_kind(ev, "deck_empty")
    assert empty.rule == "DM-4.4a" and empty.data["what"] == "reveal"
    assert len(hand(s, 0)) == hand_before - 1 and play in field(s, 0)
    assert s.armed_by is None and not of_kind(ev, "end_armed")
    s.apply("end")  # P1
    assert not s.is_terminal() and s.turn_player == 0 and s.turn == 3


def test_DM_4_4a_arms_end_an_empty_deck_arms_the_end_of_the_game() -> None:
    s, play = _empty_deck_position("arms_end")
    n = len(s.events)
    s.apply(f"play {play}")
    ev = since(s, n)
    assert not of_kind(ev, "reveal")
    armed = of_kind(ev, "end_armed")
    assert len(armed) == 1 and armed[0].rule == "DM-4.4a" and armed[0].player == 0
    assert s.armed_by == 0 and s.turn_player == 1
    assert of_kind(ev, "turn_start")[-1].data["final"] is True
    s.apply("end")
    assert s.is_terminal()


def test_DM_4_5_playing_a_special_moves_it_to_the_field_then_effect_then_reveal() -> None:
    s = P.new(["tempo", "tempo"])
    s04, x, y, z = P.take(s, 0, "S04", "C07", "C17", "C22")  # draw 2, then reveal
    P.arrange(s, 0, top=[x, y, z])
    P.move(s, [s04], "hand")
    n, t = len(s.events), len(s.trail)
    s.apply(f"play {s04}")
    ev = since(s, n)
    assert kinds(ev)[:5] == ["play", "effect", "draw", "draw", "reveal"]
    assert ev[0].rule == "DM-4.5" and ev[1].rule == "DM-4.5"
    assert [ev[2].data["card"], ev[3].data["card"], ev[4].data["card"]] == [x, y, z]
    assert s04 in field(s, 0) and not s.card(s04).is_character
    assert s.trail[t : t + 3] == [("main", "play_special"), ("play_special", "effect"), ("effect", "reveal")]


def test_DM_4_5_a_special_without_effect_is_played_then_revealed() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    s11 = P.take(s, 0, "S11")[0]
    P.move(s, [s11], "hand")
    n = len(s.events)
    s.apply(f"play {s11}")
    assert kinds(since(s, n))[:2] == ["play", "reveal"]
    assert s11 in field(s, 0)


def _unit_field(ids: tuple[str, ...]) -> tuple[Any, list[int]]:
    s = P.new([P.PLAIN, P.PLAIN])
    cards = P.take(s, 1, *ids)
    P.arrange(s, 1, field=cards)
    s.apply("end")  # to P1's turn (two actions)
    return s, cards


def test_DM_4_6_a_unit_can_be_started_only_with_3_characters_on_the_field() -> None:
    s, _ = _unit_field(("C28", "C28", "S11", "S03"))  # two characters, two specials
    assert not any(isinstance(a, A.StartUnit) for a in s.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        s.apply("unit 1")
    assert err.value.rule == "DM-4.6"
    s, _ = _unit_field(("C28", "C28", "C28"))
    assert [a for a in s.legal_actions() if isinstance(a, A.StartUnit)] == [
        A.StartUnit(1),
        A.StartUnit(2),
        A.StartUnit(3),
    ]


def test_DM_4_6_unit_picks_3_to_7_characters_and_at_most_one_special() -> None:
    ids = ("C28", "C28", "C28", "C28", "C09", "C09", "C23", "C23", "S11", "S03")  # 8 characters, 2 specials
    s, cards = _unit_field(ids)
    chars, specials = cards[:8], cards[8:]
    s.apply("unit 2")
    assert set(s.legal_actions()) == {A.Pick(c) for c in cards} | {A.Cancel()}  # no finish yet
    for c in chars[:2]:
        s.apply(f"pick {c}")
    s.apply(f"pick {specials[0]}")
    legal = set(s.legal_actions())
    assert A.Finish() not in legal  # 2 characters + 1 special is no unit
    assert A.Pick(specials[1]) not in legal  # at most one special
    with pytest.raises(IllegalActionError) as err:
        s.apply(f"pick {specials[1]}")
    assert err.value.rule == "DM-4.6"
    s.apply(f"pick {chars[2]}")
    assert A.Finish() in s.legal_actions()  # 3 characters
    for c in chars[3:7]:
        s.apply(f"pick {c}")
    legal = set(s.legal_actions())
    assert A.Pick(chars[7]) not in legal and A.Finish() in legal  # 7 characters is the most
    with pytest.raises(IllegalActionError) as err:
        s.apply(f"pick {chars[7]}")
    assert err.value.rule == "DM-4.6"
    s.apply("finish")
    assert sorted(s.units(1)[1]) == sorted(chars[:7] + specials[:1])
    assert sorted(field(s, 1)) == sorted([chars[7], specials[1]])
    assert s.actions_used == 1
    created = of_kind(s.events, "unit_created")[-1]
    assert created.rule == "DM-4.6" and created.data["slot"] == 2


def test_DM_4_6_only_own_field_cards_can_be_picked() -> None:
    s, mine = _unit_field(("C28", "C28", "C28"))
    theirs = P.take(s, 0, "C28")  # not moved: the position was fixed before the first action
    s.apply("unit 1")
    in_hand = hand(s, 1)[0]
    for c in (theirs[0], in_hand, 999):
        with pytest.raises(IllegalActionError) as err:
            s.apply(f"pick {c}")
        assert err.value.rule == "DM-4.6"
    assert {a.card for a in s.legal_actions() if isinstance(a, A.Pick)} == set(mine)


def test_DM_4_6_cancel_keeps_the_cards_on_the_field() -> None:
    s, cards = _unit_field(("C28", "C28", "C28"))
    before = s.to_dict()["zones"]
    s.apply("unit 3")
    for c in cards:
        s.apply(f"pick {c}")
    s.apply("cancel")
    assert s.to_dict()["zones"] == before and s.node == "main" and s.actions_used == 0
    assert of_kind(s.events, "unit_cancelled")[-1].rule == "DM-4.6"


def test_DM_4_6_cards_in_a_unit_stay_there_until_the_game_ends() -> None:
    s = P.new([P.PLAIN, "spotlight"])
    six = P.take(s, 0, "C28", "C28", "C28", "C09", "C09", "C23")
    P.arrange(s, 0, field=six)
    jino = P.take(s, 1, "C08")[0]  # may return a character from an opponent's field
    P.move(s, [jino], "hand")
    make_unit(s, 1, six[:3])  # P0, turn 1
    s.apply(f"play {jino}")
    targets = {a.card for a in s.legal_actions() if isinstance(a, A.Choose)}
    assert targets == set(six[3:])  # the field only, never the unit
    s.apply("decline")
    s.apply("end")
    s.apply("unit 2")  # P0, turn 3
    assert not set(six[:3]) & {a.card for a in s.legal_actions() if isinstance(a, A.Pick)}
    s.apply("cancel")
    ends(s, 5)
    assert s.units(0)[0] == six[:3] and set(six[3:]) <= set(field(s, 0))


def test_DM_4_7_three_unit_slots_and_a_filled_slot_is_not_available() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    nine = P.take(s, 1, "C28", "C28", "C28", "C09", "C09", "C23", "C04", "C04", "C19")
    P.arrange(s, 1, field=nine + P.take(s, 1, "C10", "C10", "C24"))
    s.apply("end")
    with pytest.raises(IllegalActionError) as err:
        s.apply("unit 4")
    assert err.value.rule == "DM-4.7"
    with pytest.raises(IllegalActionError) as err:
        s.apply("unit 0")
    assert err.value.rule == "DM-4.7"
    make_unit(s, 2, nine[:3])
    assert A.StartUnit(2) not in s.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        s.apply("unit 2")
    assert err.value.rule == "DM-4.7"
    make_unit(s, 1, nine[3:6])
    s.apply("end")  # P0
    make_unit(s, 3, nine[6:])
    assert all(s.units(1)) and len(s.units(1)) == 3
    assert len(s.field_characters(1)) >= 3
    assert not any(isinstance(a, A.StartUnit) for a in s.legal_actions())  # all three filled
    with pytest.raises(IllegalActionError) as err:
        s.apply("unit 3")
    assert err.value.rule == "DM-4.7"


def test_DM_4_8_turns_pass_in_seat_order_after_the_end_phase() -> None:
    s = P.new([P.PLAIN] * 4, first_player=2)
    mark = len(s.events)
    ends(s, 6)
    starts = of_kind(since(s, mark), "turn_start")
    assert [e.player for e in starts] == [3, 0, 1, 2, 3, 0]
    assert [e.data["turn"] for e in starts] == [2, 3, 4, 5, 6, 7]
    assert all(e.rule == "DM-4.8" for e in starts)
    ev = since(s, mark)
    assert kinds(ev)[:3] == ["end_main", "turn_end", "turn_start"]
    assert ("main", "end") in s.trail and ("end", "main") in s.trail


@pytest.mark.parametrize("n,first", [(5, 3), (6, 4)])
def test_DM_4_8_seat_order_with_five_and_six_players(n: int, first: int) -> None:
    s = P.new([P.PLAIN] * n, first_player=first)
    mark = len(s.events)
    ends(s, 2 * n)
    starts = of_kind(since(s, mark), "turn_start")
    assert [e.player for e in starts] == [(first + k) % n for k in range(1, 2 * n + 1)]
    assert [e.data["turn"] for e in starts] == list(range(2, 2 * n + 2))
    assert s.turn_player == first and not s.is_terminal()


# == DM-5 Scoring ============================================================================================
def _scored_position() -> Any:
    s = P.new([P.SCENES, P.SCENES])
    u = P.groups(
        s,
        0,
        ["C02", "C04", "C07", "S06"],
        ["C32", "C35", "C06", "S05"],
        ["C12", "C15", "C16", "C09", "S12"],
        ["S03", "S01", "C10"],
        ["S09", "C11"],
    )
    P.arrange(s, 0, units=u[:3], field=u[3], hand=u[4])
    v = P.groups(s, 1, ["C17", "C19", "C21", "S06"], ["C23", "C24", "C26", "S05"], ["C27", "C28", "C30", "S12"])
    P.arrange(s, 1, units=v)
    return s


def test_DM_5_1_one_point_per_card_in_own_units() -> None:
    s = P.new([P.SCENES, P.SCENES])
    u = P.groups(s, 0, ["C02", "C04", "C07"], ["C28", "C28", "C28", "C28", "C07", "C09", "C10"])
    P.arrange(s, 0, units=u)
    assert s.score(0)["units"] == 3 + 7 and s.score(0)["unit_bonuses"] == 0
    assert s.score(0)["total"] == 10 and s.score(1)["total"] == 0


@pytest.mark.parametrize(
    "deck,special,chars,bonus",
    [
        (P.SCENES, "S03", ("C02", "C04", "C06"), 2),  # +2, no condition
        (P.SCENES, "S09", ("C02", "C04", "C06"), 1),  # +1, no condition
        (P.SCENES, "S01", ("C02", "C07", "C12"), 0),  # 3 names: needs 4 different names
        (P.SCENES, "S01", ("C02", "C07", "C12", "C17"), 3),
        (P.SCENES, "S02", ("C02", "C04", "C06", "C07", "C10"), 0),  # 5 characters (+ the special = 6 cards)
        (P.SCENES, "S02", ("C02", "C04", "C06", "C07", "C10", "C11"), 3),
        (P.SCENES, "S05", ("C32", "C35", "C02"), 2),  # +1 per Noa
        (P.SCENES, "S06", ("C02", "C07", "C10"), 2),  # if the unit has Heli
        (P.SCENES, "S06", ("C07", "C10", "C11"), 0),
        (P.SCENES, "S10", ("C07", "C02", "C04"), 2),  # if the unit has Jino
        (P.SCENES, "S10", ("C02", "C04", "C06"), 0),
        (P.SCENES, "S12", ("C12", "C15", "C16", "C02"), 3),  # +1 per Shion
        ("ensemble", "S13", ("C02", "C07", "C17", "C32", "C12"), 4),  # 5 different names
        ("ensemble", "S13", ("C02", "C07", "C17", "C32", "C01"), 0),  # 4 names in 5 characters
        ("ensemble", "S14", ("C02", "C07", "C17", "C32", "C01"), 2),  # 5 characters
        ("ensemble", "S14", ("C02", "C07", "C17", "C32"), 0),
    ],
)
def test_DM_5_2_point_specials_in_a_unit_add_their_value_when_their_condition_holds(
    deck: Any, special: str, chars: tuple[str, ...], bonus: int
) -> None:
    s = P.new([deck, deck])
    (unit,) = P.groups(s, 0, list(chars) + [special])
    P.arrange(s, 0, units=[unit])
    sc = s.score(0)
    assert sc["units"] == len(chars) + 1
    assert sc["unit_bonuses"] == bonus
    assert sc["total"] == len(chars) + 1 + bonus
    detail = sc["unit_detail"][0]
    assert detail["bonus"] == bonus
    assert detail["bonus_cards"] == ([{"card": unit[-1], "points": bonus}] if bonus else [])


def test_DM_5_3_loose_specials_on_the_field_score_one_each() -> None:
    s = P.new([P.SCENES, P.SCENES])
    loose = P.take(s, 0, "S03", "S05", "S06")
    P.arrange(s, 0, field=loose + P.take(s, 0, "C02", "C04"))
    sc = s.score(0)
    assert sc["loose_specials"] == 3 and sc["total"] == 3  # point effects count only inside a unit


def test_DM_5_4_characters_on_the_field_and_cards_in_hand_or_deck_score_nothing() -> None:
    s = P.new([P.SCENES, P.SCENES])
    P.arrange(s, 0, field=P.take(s, 0, "C02", "C04", "C06", "C07", "C09"), hand=P.take(s, 0, "S03", "S01", "C28"))
    sc = s.score(0)
    assert (sc["units"], sc["unit_bonuses"], sc["loose_specials"], sc["total"]) == (0, 0, 0, 0)


def test_DM_5_5_the_result_has_a_score_breakdown_per_player() -> None:
    s = _scored_position()
    out = end_until_over(s)
    b0, b1 = out.breakdown
    # P0: units 4 + 4 + 5 cards; bonuses: Heli lamp +2, Noa diary 2 x +1, Shion recital 3 x +1;
    # loose specials S03, S01 on the field +1 each; Jino on the field and the hand score nothing
    assert (b0["units"], b0["unit_bonuses"], b0["loose_specials"], b0["total"]) == (13, 7, 2, 22)
    assert [d["bonus"] for d in b0["unit_detail"]] == [2, 2, 3]
    assert [d["slot"] for d in b0["unit_detail"]] == [1, 2, 3]
    assert [d["cards"] for d in b0["unit_detail"]] == [4, 4, 5]
    # P1: the same three specials, but no Heli, Noa or Shion character in their units (DM-6.2)
    assert (b1["units"], b1["unit_bonuses"], b1["loose_specials"], b1["total"]) == (12, 0, 0, 12)
    assert out.scores == (22, 12) and out.winners == (0,)
    assert [b["player"] for b in out.breakdown] == [0, 1]
    d = out.to_dict()
    assert json.loads(json.dumps(d)) == d and d["breakdown"][0]["total"] == 22
    assert "22" in outcome_text(out, "en") and "22" in outcome_text(out, "ja")


# == DM-6 Cards and zones ===================================================================================
def test_DM_6_1_character_cards_have_a_name_and_a_number() -> None:
    chars = [c for c in POOL.values() if c.is_character]
    assert chars and {c.character for c in chars} == set(CHARACTERS)
    assert set(CHARACTERS) == {"Heli", "Jino", "Shion", "Solon", "Jaan", "Jakah", "Noa"}
    for c in chars:
        assert c.type == "character" and isinstance(c.number, int) and c.depicts is None and c.points is None
        assert c.name["en"] and c.name["ja"]


def test_DM_6_1_effects_refer_to_character_names() -> None:
    # Heli #6: "if your field holds another Noa character card, draw 1 card"
    for with_noa, drew in ((True, True), (False, False)):
        s = P.new(["spotlight", "spotlight"])
        c05, noa, other = P.take(s, 0, "C05", "C35", "C02")
        P.arrange(s, 0, field=[noa if with_noa else other])
        P.move(s, [c05], "hand")
        n = len(s.events)
        s.apply(f"play {c05}")
        ev = since(s, n)
        (eff,) = of_kind(ev, "effect")
        assert eff.data["name"] == "Noa" and eff.data["met"] is with_noa
        assert bool(of_kind(ev, "draw")) is drew


def test_DM_6_2_specials_are_not_characters_even_when_they_depict_one() -> None:
    depicting = {c.id: c.depicts for c in POOL.values() if c.depicts}
    assert {"S05": "Noa", "S06": "Heli", "S12": "Shion"}.items() <= depicting.items()
    for cid in depicting:
        card = POOL[cid]
        assert card.type == "special" and not card.is_character and card.character is None and card.number is None


def test_DM_6_2_a_depicted_character_does_not_satisfy_a_named_field_condition() -> None:
    s = P.new(["spotlight", "spotlight"])
    c05, s05 = P.take(s, 0, "C05", "S05")  # Heli #6 checks for Noa; Noa's Star Diary depicts Noa
    P.arrange(s, 0, field=[s05])
    P.move(s, [c05], "hand")
    n = len(s.events)
    s.apply(f"play {c05}")
    (eff,) = of_kind(since(s, n), "effect")
    assert eff.data["met"] is False and not of_kind(since(s, n), "draw")


def test_DM_6_2_a_search_for_a_name_skips_specials_depicting_it() -> None:
    s = P.new(["spotlight", "spotlight"])
    c01, s05, noa = P.take(s, 0, "C01", "S05", "C35")  # Heli #1: take the topmost Noa character
    P.arrange(s, 0, top=[s05, noa])
    P.move(s, [c01], "hand")
    n = len(s.events)
    s.apply(f"play {c01}")
    (found,) = of_kind(since(s, n), "search")
    assert found.data["card"] == noa and noa in hand(s, 0)
    # with no Noa character left in the deck, the search finds nothing, not the diary
    s = P.new(["spotlight", "spotlight"])
    c01, s05 = P.take(s, 0, "C01", "S05")
    noas = [c for c in range(40) if s.card(c).character == "Noa"]
    P.arrange(s, 0, top=[s05], field=noas)
    P.move(s, [c01], "hand")
    n = len(s.events)
    s.apply(f"play {c01}")
    (found,) = of_kind(since(s, n), "search")
    assert found.data["card"] is None and found.data["name"] == "Noa"
    assert s05 not in hand(s, 0) or of_kind(since(s, n), "reveal")[0].data["card"] == s05


def test_DM_6_2_place_from_hand_never_offers_a_depicting_special() -> None:
    s = P.new([P.HELI_NOA, "spotlight"])
    c36, s06, heli, s05 = P.take(s, 0, "C36", "S06", "C02", "S05")  # Noa #8: put a Heli from hand
    P.arrange(s, 0, hand=[c36, s06, heli, s05])
    s.apply(f"play {c36}")
    assert s.node == "effect"
    assert set(s.legal_actions()) == {A.Choose(heli), A.Decline()}
    with pytest.raises(IllegalActionError):
        s.apply(f"choose {s06}")


def test_DM_6_2_a_depicting_special_in_a_unit_never_counts_as_its_character() -> None:
    s = P.new([P.SCENES, P.SCENES])
    # Jino x3 + Heli's Reading Lamp; Shion, Solon x2 + Noa's Star Diary; Heli x3 + Shion's Solo Recital
    u = P.groups(s, 0, ["C07", "C10", "C11", "S06"], ["C12", "C17", "C19", "S05"], ["C02", "C04", "C06", "S12"])
    P.arrange(s, 0, units=u)
    sc = s.score(0)
    assert [d["bonus"] for d in sc["unit_detail"]] == [0, 0, 0]  # no Heli / Noa / Shion characters
    assert sc["total"] == 12


def test_DM_6_3_zones_per_player() -> None:
    s = GAME.new_state(seed=1, players=3)
    assert type(s).ZONES == ("deck", "hand", "field", "unit1", "unit2", "unit3")
    zones = s.all_zones()
    assert len(zones) == 18 and {(p, z) for p, z, _ in zones} == {(p, z) for p in range(3) for z in s.ZONES}
    assert s.zone(2, "hand") is s.zones[2 * 6 + 1]


def test_DM_6_3_a_view_hides_decks_and_other_hands() -> None:
    s = P.new(["ensemble", "spotlight"], seed=8)
    c02 = P.take(s, 0, "C02")[0]
    P.move(s, [c02], "hand")
    s.apply(f"play {c02}")  # P0's one action: a public play and a public reveal
    for viewer in (0, 1):
        v = s.view(viewer)
        for p in range(2):
            assert v.zone(p, "deck") == [-1] * len(deck(s, p))
            shown = v.zone(p, "hand")
            assert shown == (hand(s, p) if p == viewer else [-1] * len(hand(s, p)))
            for z in ("field", "unit1", "unit2", "unit3"):
                assert v.zone(p, z) == s.zone(p, z)
        draws = {e.player: e.data["cards"] for e in v.events if e.kind == "draw_hand"}
        assert draws[viewer] == of_kind(s.events, "draw_hand")[viewer].data["cards"]
        assert draws[1 - viewer] is None
        rev = of_kind(v.events, "reveal")
        assert rev and rev[0].data["card"] == of_kind(s.events, "reveal")[0].data["card"]  # public
        assert v.last_reveal == s.last_reveal
        json.dumps(v.to_dict())
        with pytest.raises(IllegalActionError):
            v.apply("end")


def test_DM_6_3_a_peeked_card_is_hidden_from_opponents() -> None:
    s = P.new(["spotlight", "spotlight"])
    c03, top = P.take(s, 0, "C03", "C35")  # Heli #3: look at the top card
    P.arrange(s, 0, top=[top])
    P.move(s, [c03], "hand")
    s.apply(f"play {c03}")
    assert s.node == "effect" and s.pending.top == top
    assert s.view(0).pending.top == top
    assert s.view(1).pending.top == -1
    assert of_kind(s.view(1).events, "peek")[0].data["card"] is None
    assert of_kind(s.view(0).events, "peek")[0].data["card"] == top


@pytest.mark.parametrize("cached", [False, True], ids=["fresh", "after-state-legal_actions"])
def test_DM_6_3_a_view_lists_no_action_naming_a_hidden_card(cached: bool) -> None:
    """The opponent's view must not reveal the deciding player's hand (or any deck) through its
    legal actions, whether or not the real state computed (and cached) its legal actions first."""
    s = GAME.new_state(seed=1, decks=["ensemble", "spotlight"], first_player=0)
    if cached:
        s.legal_actions()
    v = s.view(1)
    secret = set(hand(s, 0)) | set(deck(s, 0)) | set(deck(s, 1))
    legal = v.legal_actions()
    named: set[int] = {c for a in legal if (c := getattr(a, "card", None)) is not None}
    assert not named & secret, f"view(1) lists {legal}: actions on hidden cards {sorted(named & secret)}"
    assert len(set(legal)) == len(legal), f"duplicate actions in a view: {legal}"
    for a in legal:
        if isinstance(a, A.Play):
            assert a.card in v.zone(v.current_player, "hand")


def test_DM_6_3_a_view_does_not_carry_the_seed_that_rebuilds_hidden_zones() -> None:
    s = GAME.new_state(seed=77, decks=["ensemble", "spotlight"], first_player=0)
    setup = s.view(1).to_dict()["setup"]
    try:
        rebuilt = GAME.new_state(seed=setup["seed"], decks=setup["decks"], first_player=setup["first_player"])
    except (KeyError, TypeError, TcgError):
        return  # the view cannot rebuild the game: fine
    assert (rebuilt.zone(0, "hand"), rebuilt.zone(0, "deck")) != (hand(s, 0), deck(s, 0)), (
        "P1's view holds the seed: it rebuilds P0's hand and every deck order"
    )


def test_DM_6_3_a_view_does_not_name_a_card_put_from_hand_to_the_deck_bottom() -> None:
    s = P.new(["tempo", "tempo"])
    c20, secret = P.take(s, 0, "C20", "C12")  # Solon #7: you may put a card from hand on the deck bottom
    P.arrange(s, 0, hand=[c20, secret] + P.take(s, 0, "C07", "C17"))
    s.apply(f"play {c20}")
    s.apply(f"choose {secret}")
    assert deck(s, 0)[0] == secret  # hidden again, at the bottom
    v = s.view(1)
    named = [a for a in v.history if getattr(a, "card", None) == secret]
    named += [e for e in v.events if secret in (e.data.get("card"), *(e.data.get("cards") or ()))]
    assert not named, f"P1's view names P0's recycled card: {named}"


def test_DM_6_4_no_discard_pile_and_no_card_ever_leaves_the_game() -> None:
    assert not {"discard", "graveyard", "trash", "removed", "exile"} & set(type(GAME.new_state()).ZONES)

    def check(s: Any) -> None:
        cards = sorted(c for _p, _z, cs in s.all_zones() for c in cs)
        assert cards == list(range(40 * s.num_players))

    for seed in range(12):
        s = random_game(seed, players=2 + seed % 5, options={"deck_out": ("skip", "arms_end")[seed % 2]}, check=check)
        assert s.is_terminal()
        for p in range(s.num_players):  # each player's 40 cards are still in that player's zones
            own = [c for q, _z, cs in s.all_zones() if q == p for c in cs]
            assert sorted(own) == list(range(40 * p, 40 * p + 40))


def test_DM_6_4_a_returned_character_goes_back_to_its_owners_hand() -> None:
    s = P.new(["ensemble", "spotlight"])
    target = P.take(s, 0, "C02")[0]
    P.arrange(s, 0, field=[target])
    jino = P.take(s, 1, "C08")[0]
    P.move(s, [jino], "hand")
    s.apply("end")
    s.apply(f"play {jino}")
    s.apply(f"choose {target}")
    assert target in hand(s, 0)
    assert sum(len(z) for z in s.zones) == 80


def test_DM_6_5_the_only_decisions_are_the_dark_moon_verbs() -> None:
    verbs = set(A.SYNTAX.by_verb)
    assert verbs == {"play", "unit", "pick", "finish", "cancel", "end", "choose", "decline", "top", "bottom"}
    for word in ("attack", "block", "tap", "untap", "pay", "cost", "damage", "summon", "defend", "mana"):
        with pytest.raises(IllegalActionError):
            GAME.parse_action(f"{word} 1")
    seen = set()
    for seed in range(6):
        s = random_game(100 + seed, players=2 + seed % 3)
        seen |= {str(a).split()[0] for a in s.history}
    assert seen <= verbs


def test_DM_6_5_no_combat_costs_or_tapping_in_cards_events_or_flow() -> None:
    fields = {f.name for f in dataclasses.fields(Card)}
    assert fields == {"id", "type", "name", "text", "character", "number", "effect", "points", "depicts"}
    banned = ("attack", "combat", "damage", "cost", "tap", "hp", "power", "mana", "sick")
    nodes = " ".join(GAME.flow.nodes)
    assert not any(word in nodes for word in banned)
    kinds_seen = set()
    for seed in range(4):
        kinds_seen |= {e.kind for e in random_game(200 + seed).events}
    assert not any(word in k for k in kinds_seen for word in banned)
    # a card file cannot give a card a cost
    data: dict[str, Any] = {
        "format": "tcgteach-darkmoon-cards",
        "version": 1,
        "cards": [
            {
                "id": "C99",
                "type": "character",
                "character": "Heli",
                "number": 1,
                "name": {"en": "x", "ja": "x"},
                "effect": None,
                "text": {"en": "", "ja": ""},
                "cost": 2,
            }
        ],
    }
    with pytest.raises(DataFileError, match="cost"):
        parse_cards(data, "cards.json")
    data["cards"][0].pop("cost")
    assert "C99" in parse_cards(data, "cards.json")


def test_DM_4_3_option_first_turn_restriction_false_gives_the_first_player_two_actions() -> None:
    """A design experiment (issue #4): without the restriction the first turn allows 2 actions."""
    g = cast(DarkMoon, tcgteach.game("darkmoon", {"first_turn_restriction": False}))
    s = g.new_state(seed=3)
    first = s.current_player
    assert s.action_limit() == 2
    s.apply([a for a in s.legal_actions() if str(a).startswith("play")][0])
    assert s.turn == 1 and s.current_player == first  # still the first turn: a second action is allowed
    assert tcgteach.game("darkmoon", {"first_turn_restriction": "false"}).options["first_turn_restriction"] is False
    assert cast(DarkMoon, tcgteach.game("darkmoon")).new_state(seed=3).action_limit() == 1
