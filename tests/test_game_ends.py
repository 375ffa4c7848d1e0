"""Every game ends (issue 22, item 6): the reading ``repeat_limit`` of DQ-6.4 bounds the positions a preparation
phase may come back to, it is defaulted for simulations like the turn cap (DQ-1.4), it stays consistent with undo,
saved states, views and dealt samples, the heuristic player and the coach never take a circle that gains nothing,
and an adversary that always takes the repeating actions still ends every game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.agents.coach import _SEEN, CoachAgent, _progress
from tcgteach.core.determinize import determinize
from tcgteach.core.errors import IllegalActionError, OptionError
from tcgteach.darkmoon import DarkMoon
from tcgteach.darkmoon.rules import actions as A_DM
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as A
from tcgteach.dragonquest.rules.ids import Node
from tcgteach.dragonquest.rules.preparation import leads_back, phase_repeats, position_key
from tcgteach.dragonquest.rules.state import DragonQuestState
from tcgteach.sim.runner import resolve_game
from tcgteach.texts import rule_marks

DQ_CLASS = tcgteach.game_class("dragonquest")
#: the bound simulations use (DQ-6.4)
LIMIT = DQ_CLASS.sim_defaults["repeat_limit"]
#: the preparation actions that can bring a position back: restore, formation changes, effects
CIRCLING = (A.Move, A.Swap, A.Restore, A.Use)


def game(**options: Any) -> Any:
    return tcgteach.game("dragonquest", options)


def two_fronts(g: Any, merchant: bool = False) -> Any:
    """P1 in the preparation phase with two active front-row cards and one back-row card (so a card may move
    and two may swap), a Traveling Merchant among them (H06, cost 1; [Prep] close it: gain 1 GP) if asked."""
    first = "H06" if merchant else "H02"
    return g.position(
        {
            "turn_player": 0,
            "node": "prep",
            "players": [
                {
                    "front": [{"card": first, "state": "active"}, {"card": "H01", "state": "active"}],
                    "back": [{"card": "H03", "state": "active"}],
                    "gp": 0,
                    "deck": {"fill": "heroes"},
                },
                {"front": [{"card": "M01", "state": "active"}], "deck": {"fill": "beasts"}},
            ],
        }
    )


def swaps(s: Any) -> list[Any]:
    return [a for a in s.legal_actions() if isinstance(a, A.Swap)]


def toggle(s: Any) -> None:
    """Swap a front and a back card, then swap them back: one lap, back at the position it started from. Every
    arrival at a position the phase has been in counts: laps 1, 2, 3 ... make 1, 3, 5 ... repeats."""
    sw = swaps(s)[0]
    s.apply(sw)
    s.apply(next(a for a in swaps(s) if (a.front, a.back) == (sw.back, sw.front)))


# -- the source's rule alone never ends a phase -------------------------------------------------------------------
def test_DQ_6_4_without_the_reading_a_phase_can_toggle_for_ever() -> None:
    s = two_fronts(game())  # repeat_limit: None (the engine's default)
    start, turn = position_key(s), s.turn
    for _ in range(1500):  # 3,000 swaps
        toggle(s)
    assert s.node == Node.PREP and s.turn == turn and position_key(s) == start
    assert swaps(s) and phase_repeats(s) == 2999  # counted, never bounded


# -- DQ-6.4 repeat_limit -------------------------------------------------------------------------------------------
def test_DQ_6_4_repeat_limit_is_an_option_for_automated_play_like_the_turn_cap_DQ_1_4() -> None:
    g = game()
    spec, cap = g.options.specs["repeat_limit"], g.options.specs["turn_limit"]
    assert (spec.kind, spec.default, spec.rule) == (cap.kind, None, "DQ-6.4")
    assert DQ_CLASS.sim_defaults == {"turn_limit": 200, "repeat_limit": 3}
    assert resolve_game("dragonquest").options["repeat_limit"] == 3  # a simulation gets it
    assert resolve_game("dragonquest", {"repeat_limit": None}).options["repeat_limit"] is None  # unless it says
    # marked beside the rule it bounds, as an option for automated play: the spec reads DQ-6.4 literally (no
    # [interpretation]), so it is not one of the rule's readings (tests/test_rule_texts.py checks both lists)
    assert g.rule_automation("DQ-6.4") == ("repeat_limit",) and g.rule_interpretations("DQ-6.4") == ()
    assert g.rule_interpretations("DQ-1.4") == ("turn_limit",)
    assert "`repeat_limit`" in g.rule_text("DQ-6.4") and "`repeat_limit`" in g.rule_text("DQ-6.4", "ja")
    assert "for simulations" in g.rule_text("DQ-6.4") and "シミュレーションでは3回" in g.rule_text("DQ-6.4", "ja")
    assert rule_marks(g, "DQ-6.4")[0].startswith(
        "[automated play: option `repeat_limit`, default none, in simulations 3]"
    )
    assert rule_marks(g, "DQ-6.4", "ja")[0].startswith(
        "［自動対戦用：オプション `repeat_limit`、既定値 none、シミュレーションでは 3］"
    )
    assert game(repeat_limit="off").options["repeat_limit"] is None
    assert game(repeat_limit="2").options["repeat_limit"] == 2
    for bad in (0, -1, 1.5, "x", True):
        with pytest.raises(OptionError, match=r"repeat_limit.*DQ-6\.4"):
            game(repeat_limit=bad)


def test_DQ_6_4_after_the_limit_no_formation_change_restore_or_effect_is_left() -> None:
    s = two_fronts(game(repeat_limit=LIMIT), merchant=True)
    others = [a for a in s.legal_actions() if not isinstance(a, CIRCLING)]
    toggle(s)  # there and back: the start position comes back once
    assert phase_repeats(s) == 1 and swaps(s) and any(isinstance(a, A.Move) for a in s.legal_actions())
    toggle(s)  # there (seen) and back (seen): 3
    assert phase_repeats(s) == LIMIT == 3
    legal = s.legal_actions()
    assert not [a for a in legal if isinstance(a, CIRCLING)]
    assert list(legal) == others  # recruits, treats, heals, equips, quests and the end stay
    assert A.END_PREP in legal
    with pytest.raises(IllegalActionError) as err:
        s.apply(A.Move(s.zone(0, "front")[0]))
    assert err.value.rule == "DQ-6.4" and "repeat_limit" in str(err.value)
    s.apply(A.END_PREP)  # the phase ends; the next preparation phase starts afresh
    rng = random.Random(0)
    while s.node != Node.PREP:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert s.turn_player == 1 and phase_repeats(s) == 0


def test_DQ_6_8_DQ_6_11_the_gain_gp_and_restore_loop_is_bounded() -> None:
    s = two_fronts(game(repeat_limit=LIMIT), merchant=True)
    merchant = next(c for c in s.zone(0, "front") if s.card(c).id == "H06")
    use, restore = A.Use(merchant, 0), A.Restore(merchant)
    s.apply(use)  # close it: +1 GP
    assert leads_back(s, restore) and s.gp[0] == 1  # GP aside, restoring it comes back to where the phase began
    s.apply(restore)  # pay 1 GP: the same position again
    assert phase_repeats(s) == 1 and s.gp[0] == 0 and leads_back(s, use)
    s.apply(use)
    s.apply(restore)
    assert phase_repeats(s) == LIMIT and s.gp[0] == 0
    assert use not in s.legal_actions() and restore not in s.legal_actions()


def test_DQ_6_4_a_loop_that_gains_gp_is_a_repeat_too() -> None:
    """With a user's card pool a closing effect may gain more GP than its card costs to restore: the positions
    (GP aside) still repeat, so the loop is bounded though the GP would grow for ever."""
    data = json.loads((Path(tcgteach.__file__).parent / "dragonquest" / "data" / "cards.json").read_text("utf-8"))
    for card in data["cards"]:
        if card["id"] == "H06":  # Traveling Merchant, now free to restore and gaining 2 GP
            card["cost"] = 0
            card["effects"][0]["do"] = [{"op": "gain_gp", "n": 2}]
    s = two_fronts(tcgteach.game("dragonquest", {"repeat_limit": 2}, cards=data), merchant=True)
    merchant = next(c for c in s.zone(0, "front") if s.card(c).id == "H06")
    key = position_key(s)
    s.apply(A.Use(merchant, 0))
    s.apply(A.Restore(merchant))  # free
    assert position_key(s) == key and phase_repeats(s) == 1 and s.gp[0] == 2
    s.apply(A.Use(merchant, 0))
    assert phase_repeats(s) == 2 and s.gp[0] == 4
    assert A.Restore(merchant) not in s.legal_actions()  # bounded: the GP stops growing


# -- consistent with undo, saved states, views and dealt samples ------------------------------------------------
def test_DQ_6_4_undo_takes_the_repeats_back() -> None:
    s = two_fronts(game(repeat_limit=LIMIT))
    lists, counts = [s.legal_actions()], [0]
    toggle(s)
    toggle(s)
    t = two_fronts(game(repeat_limit=LIMIT))
    for a in s.history:
        t.apply(a)
        lists.append(t.legal_actions())
        counts.append(phase_repeats(t))
    assert counts == [0, 0, 1, 2, 3] and not swaps(s)
    for k in range(4, 0, -1):
        assert s.legal_actions() == lists[k] and phase_repeats(s) == counts[k]
        s.undo()
    assert s.legal_actions() == lists[0] and phase_repeats(s) == 0
    toggle(s)  # the same lap again counts the same
    assert phase_repeats(s) == 1


def test_DQ_6_4_a_saved_state_replays_to_the_same_repeats() -> None:
    g = game(repeat_limit=LIMIT)
    s = two_fronts(g)
    toggle(s)
    toggle(s)
    d = s.to_dict()
    assert d["options"]["repeat_limit"] == LIMIT
    t = g.state_from_dict(json.loads(json.dumps(d)))
    assert t.to_dict() == d and t.legal_actions() == s.legal_actions() and phase_repeats(t) == LIMIT
    # a file written before the option existed names no repeat_limit: it is read without a limit, as then
    del d["options"]["repeat_limit"]
    old = tcgteach.game("dragonquest").state_from_dict(d)
    assert old.game.options["repeat_limit"] is None and swaps(old)


def test_DQ_6_4_views_and_dealt_samples_know_the_phase() -> None:
    s = two_fronts(game(repeat_limit=LIMIT), merchant=True)
    sw = swaps(s)[0]
    s.apply(sw)
    back = next(a for a in swaps(s) if (a.front, a.back) == (sw.back, sw.front))
    view = cast(DragonQuestState, s.view(0))
    sample = cast(DragonQuestState, determinize(view, random.Random(3)))
    for probe in (s, view, sample):
        assert position_key(probe) == position_key(s)
        assert leads_back(probe, back) and not leads_back(probe, A.END_PREP)
        assert probe.game.leads_back(probe, back) is True
    assert s.game.leads_back(s, "swap") is False and s.game.leads_back(s, A.Move(999)) is False
    with pytest.raises(tcgteach.TcgError, match="leads_back"):
        s.game.leads_back("state", back)
    s.apply(back)
    toggle(s)
    assert s.view(0).legal_actions() == s.legal_actions()
    assert determinize(s.view(0), random.Random(1)).legal_actions() == s.legal_actions()
    assert s.view(1).legal_actions() == ()


# -- the heuristic player and the coach never go round in a circle ----------------------------------------------
def test_DQ_6_4_the_heuristic_player_never_comes_back_to_a_position_of_the_phase() -> None:
    g = game(turn_limit=200)  # no repeat_limit: the heuristic must not need it
    decks = g.starter_decks()
    for seed in range(12):
        s = g.new_state(seed=seed, decks=[decks[seed % len(decks)], decks[(seed // 2) % len(decks)]])
        agents = [make_agent("heuristic", seed * 1000), make_agent("heuristic", seed * 1000 + 1)]
        while not s.is_terminal():
            p = s.current_player
            s.apply(agents[p].act(s.view(p)))
            assert phase_repeats(s) == 0, (seed, len(s.history))


def test_DQ_6_4_the_heuristic_player_skips_a_swap_back() -> None:
    s = two_fronts(game())
    sw = swaps(s)[0]
    s.apply(sw)
    back = next(a for a in swaps(s) if (a.front, a.back) == (sw.back, sw.front))
    policy = s.game.heuristic_policy()
    for seed in range(20):
        assert policy.act(s.view(0), s.legal_actions(), random.Random(seed)) != back


def test_DQ_6_8_DQ_6_11_the_coach_never_hints_the_restore_that_undoes_gain_1_gp() -> None:
    s = two_fronts(game(), merchant=True)
    merchant = next(c for c in s.zone(0, "front") if s.card(c).id == "H06")
    s.apply(A.Use(merchant, 0))
    restore = A.Restore(merchant)
    _SEEN.clear()  # no hint was asked before: the game itself knows the phase was here
    keep = _progress(s.view(0), s.legal_actions())
    assert restore not in keep and len(keep) == len(s.legal_actions()) - 1
    coach = CoachAgent(seed=1, time_budget=None, iterations=60)
    for _ in range(3):
        assert coach.hint(s.view(0)).action != restore
        assert coach.act(s.view(0)) != restore


def test_DQ_6_4_following_the_coachs_hints_never_repeats_a_position() -> None:
    s = two_fronts(game(), merchant=True)
    coach = CoachAgent(seed=2, time_budget=None, iterations=24)
    _SEEN.clear()
    steps = 0
    while s.node in (Node.PREP, Node.PREP_PAY, Node.PREP_TARGET) and steps < 30:
        s.apply(coach.hint(s.view(0)).action)
        steps += 1
        assert phase_repeats(s) == 0
    assert s.node not in (Node.PREP, Node.PREP_PAY, Node.PREP_TARGET)  # it ended the phase


# -- the longest legal game under the default bound ------------------------------------------------------------
def adversary(s: Any, rng: random.Random) -> Any:
    """In the preparation phase: an action that comes back to a position of the phase if there is one, else one
    that could (restore, formation change, effect), else anything but ending the phase; elsewhere at random."""
    legal = s.legal_actions()
    if s.node == Node.PREP:
        for pick in (
            [a for a in legal if leads_back(s, a)],
            [a for a in legal if isinstance(a, CIRCLING)],
            [a for a in legal if a != A.END_PREP],
        ):
            if pick:
                return pick[rng.randrange(len(pick))]
    return legal[rng.randrange(len(legal))]


#: the most actions one preparation phase may take in these 60 adversarial games (measured: 16), and a whole game (595)
PHASE_MOST, GAME_MOST = 30, 1500


def test_DQ_6_4_DQ_1_4_an_adversary_that_always_repeats_still_ends_every_game() -> None:
    g = cast(DragonQuest, resolve_game("dragonquest"))  # the simulation defaults: turn_limit 200, repeat_limit 3
    assert (g.options["turn_limit"], g.options["repeat_limit"]) == (200, 3)
    decks = g.starter_decks()
    prep = (Node.PREP, Node.PREP_PAY, Node.PREP_TARGET, Node.REPAIR)
    longest_phase = longest_game = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = g.new_state(seed=seed, decks=[decks[seed % len(decks)], decks[(seed // len(decks)) % len(decks)]])
        phase = 0
        while not s.is_terminal():
            before = s.node
            s.apply(adversary(s, rng))
            phase = phase + 1 if before in prep and s.node in prep else 0
            longest_phase = max(longest_phase, phase)
            assert len(s.history) <= GAME_MOST, seed
        assert phase_repeats(s) <= LIMIT
        longest_game = max(longest_game, len(s.history))
    assert longest_phase <= PHASE_MOST and longest_game <= GAME_MOST
    assert longest_phase >= 2 * LIMIT  # (the adversary did go round in circles)


# -- DARK MOON: starting a unit and cancelling it (DM-4.6) --------------------------------------------------------
def dm_main_with_a_unit_to_start(limit: Any) -> Any:
    """A DARK MOON game played (first legal actions) until the turn player may start a unit."""
    s = tcgteach.game("darkmoon", {"repeat_limit": limit}).new_state(seed=1)
    while not any(a.VERB == "unit" for a in s.legal_actions()):
        s.apply(s.legal_actions()[0])
    return s


def start_and_cancel(s: Any) -> None:
    s.apply(next(a for a in s.legal_actions() if a.VERB == "unit"))
    s.apply(next(a for a in s.legal_actions() if a.VERB == "cancel"))


def test_DM_4_6_without_the_reading_units_are_started_and_cancelled_for_ever() -> None:
    s = dm_main_with_a_unit_to_start(None)
    turn, zones = s.turn, [z[:] for z in s.zones]
    for _ in range(1500):
        start_and_cancel(s)
    assert s.turn == turn and s.zones == zones and s.cancels_this_turn() == 1500


def test_DM_4_6_repeat_limit_stops_starting_units_in_the_main_phase() -> None:
    g = tcgteach.game("darkmoon")
    spec = g.options.specs["repeat_limit"]
    assert (spec.kind, spec.default, spec.rule) == ("int_or_none", None, "DM-4.6")
    assert tcgteach.game_class("darkmoon").sim_defaults == {"repeat_limit": 3, "turn_limit": 500}
    assert resolve_game("darkmoon").options["repeat_limit"] == 3
    assert g.rule_automation("DM-4.6") == ("repeat_limit",) and "`repeat_limit`" in g.rule_text("DM-4.6", "ja")
    s = dm_main_with_a_unit_to_start(3)
    before = s.legal_actions()
    for k in range(3):
        assert s.legal_actions() == before
        start_and_cancel(s)
        assert s.cancels_this_turn() == k + 1
    assert [a for a in s.legal_actions() if a.VERB != "unit"] == list(s.legal_actions())
    assert [a for a in before if a.VERB != "unit"] == list(s.legal_actions())  # plays and the end stay
    with pytest.raises(IllegalActionError) as err:
        s.apply(next(a for a in before if a.VERB == "unit"))
    assert err.value.rule == "DM-4.6" and "repeat_limit=3" in str(err.value)
    # undo takes the cancels back; views, dealt samples and a saved state agree
    s.undo()
    assert s.cancels_this_turn() == 2 and s.node == "unit"
    s.undo()
    assert s.node == "main" and s.legal_actions() == before
    start_and_cancel(s)
    p = s.current_player
    assert s.view(p).legal_actions() == s.legal_actions()
    assert determinize(s.view(p), random.Random(2)).legal_actions() == s.legal_actions()
    t = s.game.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert t.legal_actions() == s.legal_actions() and t.cancels_this_turn() == 3
    # the next main phase starts afresh
    s.apply(next(a for a in s.legal_actions() if a.VERB == "end"))
    assert s.cancels_this_turn() == 0


def test_DM_1_4_DM_4_6_an_adversary_that_cancels_or_passes_still_ends_every_game() -> None:
    """Nobody who never finishes a unit arms the end (DM-1.4): without a cap such a game never ends, whatever
    the repeat limit; the turn cap of simulations ends it as a draw, never as a win."""
    never = tcgteach.game("darkmoon", {"repeat_limit": 3}).new_state(seed=0)
    for _ in range(3000):
        legal = never.legal_actions()
        never.apply(A_DM.END_MAIN if A_DM.END_MAIN in legal else legal[0])
    assert not never.is_terminal() and never.turn > 1000  # the source's rules alone
    g = cast(DarkMoon, resolve_game("darkmoon"))
    assert (g.options["repeat_limit"], g.options["turn_limit"]) == (3, 500)
    longest = 0
    for seed in range(8):
        rng = random.Random(seed)
        s = g.new_state(seed=seed, players=2 + seed % 5)
        while not s.is_terminal():
            legal = s.legal_actions()
            loop = [a for a in legal if a.VERB in ("unit", "cancel")]
            s.apply(loop[0] if loop else legal[rng.randrange(len(legal))])
            assert s.cancels_this_turn() <= 3
        out = s.result()
        assert out is not None
        assert s.turn == 500 and out.winners == () and out.reason == "DM-1.4" and not out.nobody_wins
        assert "DM-1.4" in s.game.describe_event(s.events[-1], s) and "引き分け" in s.game.describe_event(
            s.events[-1], s, "ja"
        )
        longest = max(longest, len(s.history))
    assert longest <= 500 * (2 + 2 * 4 + 2 + 1)  # per turn at most 3 start/cancel pairs, 2 actions, the end


def test_DM_1_4_the_turn_cap_is_an_option_marked_in_the_rule_texts() -> None:
    g = tcgteach.game("darkmoon")
    spec = g.options.specs["turn_limit"]
    assert (spec.kind, spec.default, spec.rule) == ("int_or_none", None, "DM-1.4")
    assert g.rule_automation("DM-1.4") == ("turn_limit",) and g.rule_interpretations("DM-1.4") == ()
    assert "`turn_limit`" in g.rule_text("DM-1.4") and "`turn_limit`" in g.rule_text("DM-1.4", "ja")
    # a capped game saved and loaded is the same draw; a file without the option is read without a cap
    s = tcgteach.game("darkmoon", {"turn_limit": 6}).new_state(seed=2)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(A_DM.END_MAIN if A_DM.END_MAIN in legal else legal[0])
    d = s.to_dict()
    assert s.game.state_from_dict(d).result() == s.result() and s.result().reason == "DM-1.4"
    del d["options"]["turn_limit"]
    with pytest.raises(tcgteach.TcgError):  # replayed without the cap, the game goes on: not what was saved
        tcgteach.game("darkmoon").state_from_dict(d)
