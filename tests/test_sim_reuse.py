"""Lesson 04's shortcuts change how fast the records come, never what they say (issue 14, item 4)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.agents.coach import CoachAgent
from tcgteach.agents.heuristic import HeuristicAgent
from tcgteach.sim import agent_seed, compare, resolve_game, simulate
from tcgteach.sim.balance import deck_balance, pairing

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

H = ("heuristic", "heuristic")


@pytest.mark.parametrize("name", gamecases.registered_games())
def test_heuristic_records_are_the_games_played_by_hand_through_views(name: str) -> None:
    """Forced moves are played for the heuristic seats without a view: the record is still the game it plays."""
    game = resolve_game(name)
    for seed in (0, 7):
        rec = simulate(name, seeds=[seed], agents=H, jobs=1, progress=False)[0]
        state = game.new_state(seed=seed)
        seats = [make_agent("heuristic", agent_seed(seed, p)) for p in range(2)]
        legal = forced = 0
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            legal += len(state.legal_actions())
            forced += len(state.legal_actions()) == 1
            state.apply(seats[p].act(state.view(p)))
        assert (rec["decisions"], rec["legal_actions"], rec["turns"]) == (len(state.history), legal, state.turn)
        assert rec["winner"] == state.result().winner and rec["end_reason"] == state.result().reason
        if name == "dragonquest":
            assert forced > 0  # the shortcut was taken in this game


def test_compare_with_the_records_of_side_a_is_the_comparison_that_plays_them() -> None:
    opts_a, opts_b = {"wipe_out": "after_own_turn"}, {"wipe_out": "literal"}
    full = compare("dragonquest", opts_a, opts_b, 6, agents=H, jobs=1, seed_start=3, progress=False)
    recs = simulate("dragonquest", 6, agents=H, jobs=1, seed_start=3, progress=False)
    assert recs == full.records_a
    reused = compare("dragonquest", opts_a, opts_b, 6, agents=H, jobs=1, seed_start=3, progress=False, records_a=recs)
    assert reused.records_a == full.records_a and reused.records_b == full.records_b
    assert reused.rows == full.rows
    # n=None: the records' own seeds
    again = compare("dragonquest", opts_a, opts_b, None, agents=H, jobs=1, progress=False, records_a=recs)
    assert [r["seed"] for r in again.records_b] == [3, 4, 5, 6, 7, 8] and again.rows == full.rows


def test_compare_refuses_records_of_other_games_options_agents_or_seeds() -> None:
    recs = simulate("darkmoon", 4, agents=H, jobs=1, progress=False)
    with pytest.raises(tcgteach.TcgError, match=r"seeds 0\.\.3, but side A would play the seeds 0\.\.4"):
        compare("darkmoon", {}, {"first_turn_restriction": False}, 5, agents=H, jobs=1, records_a=recs)
    with pytest.raises(tcgteach.TcgError, match=r"options .*first_turn_restriction=False"):
        compare("darkmoon", {"first_turn_restriction": False}, {}, 4, agents=H, jobs=1, records_a=recs)
    with pytest.raises(tcgteach.TcgError, match=r"agents 'heuristic,heuristic', but side A is agents 'random,random'"):
        compare("darkmoon", {}, {"first_turn_restriction": False}, 4, jobs=1, records_a=recs)
    with pytest.raises(tcgteach.TcgError, match=r"game 'darkmoon', but side A is game 'dragonquest'"):
        compare("dragonquest", {}, {"formation": "at_least"}, 4, agents=H, jobs=1, records_a=recs)
    with pytest.raises(tcgteach.TcgError, match="records_a is empty"):
        compare("darkmoon", {}, {}, 4, agents=H, jobs=1, records_a=[])


def test_deck_balance_on_one_pool_is_the_pairings_played_in_this_process() -> None:
    rows = deck_balance("darkmoon", 4, jobs=2)
    names = resolve_game("darkmoon").starter_decks()
    assert rows[0] == pairing("darkmoon", names[0], names[1], 4, jobs=1)
    assert len(rows) == 3


def test_a_coach_hint_without_time_for_any_rollout_keeps_the_heuristic_choice_and_claims_nothing() -> None:
    """On a machine too busy for even one rollout in the budget, the hint is the heuristic's move, said plainly."""
    game = tcgteach.game("dragonquest")
    state = game.new_state(seed=2)
    seats = [make_agent("heuristic", p) for p in range(2)]
    while len(state.legal_actions()) < 3:
        p = state.current_player
        assert p is not None
        state.apply(seats[p].act(state.view(p)))
    view = state.view(state.current_player)
    heuristic = HeuristicAgent(random.Random(1).getrandbits(32)).act(view)  # the coach's own base player
    hint = CoachAgent(seed=1, time_budget=1e-9).hint(view)
    assert hint.iterations == 0 and hint.verdict == "close"
    assert str(hint.action) == str(heuristic)
    assert "%" not in hint.text
