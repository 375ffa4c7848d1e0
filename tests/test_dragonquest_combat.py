"""The attack arithmetic as a pure function (tcgteach.dragonquest.rules.combat): DQ-7.7, DQ-7.8, DQ-8.1, DQ-1.2.

Each test feeds frozen fighters in and checks the blows, their order and what was defeated; the last ones
check that the engine's recorded battles are exactly what the function says.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules.combat import (
    Blow,
    Combat,
    Fighter,
    FightResult,
    resolve_fight,
    result_of_record,
    speed_order,
)

ATT, DEF = 7, 57  # card instance numbers of the two fighters


def blows(result: FightResult) -> list[tuple[int, int, int]]:
    return [(b.source, b.target, b.damage) for b in result.blows]


def test_DQ_7_8_first_strike_that_defeats_prevents_the_return_blow() -> None:
    result = resolve_fight(Fighter(ATT, attack=3, speed=5, hp=4), Fighter(DEF, attack=9, speed=2, hp=3), counter=True)
    assert result.order == "attacker_first"
    assert blows(result) == [(ATT, DEF, 3)]
    assert result.prevented is True and result.defeated == (DEF,)
    assert result.damage_to(ATT) == 0 and result.damage_to(DEF) == 3


def test_DQ_7_8_a_first_strike_that_does_not_defeat_gets_the_return_blow() -> None:
    result = resolve_fight(Fighter(ATT, attack=2, speed=5, hp=4), Fighter(DEF, attack=4, speed=2, hp=3), counter=True)
    assert blows(result) == [(ATT, DEF, 2), (DEF, ATT, 4)]
    assert result.prevented is False and result.defeated == (ATT,)


def test_DQ_7_8_the_faster_defender_strikes_first_and_a_defeat_spares_it() -> None:
    result = resolve_fight(Fighter(ATT, attack=5, speed=1, hp=2), Fighter(DEF, attack=2, speed=3, hp=5), counter=True)
    assert result.order == "defender_first"
    assert blows(result) == [(DEF, ATT, 2)]
    assert result.prevented is True and result.defeated == (ATT,)


def test_DQ_7_8_equal_speed_is_simultaneous_and_both_can_fall_defender_checked_first() -> None:
    result = resolve_fight(Fighter(ATT, attack=3, speed=2, hp=3), Fighter(DEF, attack=4, speed=2, hp=2), counter=True)
    assert result.order == "simultaneous" and result.simultaneous
    assert blows(result) == [(ATT, DEF, 3), (DEF, ATT, 4)]
    assert result.prevented is False and result.defeated == (DEF, ATT)


def test_DQ_7_7_a_defender_that_does_not_counterattack_deals_no_damage() -> None:
    result = resolve_fight(Fighter(ATT, attack=1, speed=1, hp=1), Fighter(DEF, attack=9, speed=9, hp=5), counter=False)
    assert result.order == "attacker_only" and result.counter is False
    assert blows(result) == [(ATT, DEF, 1)]
    assert result.defeated == () and result.damage_to(ATT) == 0


def test_DQ_8_1_damage_already_on_a_card_counts_toward_its_defeat() -> None:
    fresh = resolve_fight(Fighter(ATT, 2, 3, 4), Fighter(DEF, 0, 1, 5, damage=0), counter=False)
    worn = resolve_fight(Fighter(ATT, 2, 3, 4), Fighter(DEF, 0, 1, 5, damage=3), counter=False)
    assert fresh.defeated == () and worn.defeated == (DEF,)
    assert (worn.blows[0].before, worn.blows[0].after) == (3, 5)
    assert Fighter(DEF, 0, 1, 5, damage=3).left == 2


def test_DQ_7_8_zero_attack_strikes_for_nothing() -> None:
    result = resolve_fight(Fighter(ATT, 3, 1, 4), Fighter(DEF, 0, 5, 4), counter=True)
    assert blows(result) == [(DEF, ATT, 0), (ATT, DEF, 3)]
    assert result.defeated == () and result.blows[0].decks_out is False


def test_DQ_1_2_a_deck_that_cannot_pay_the_first_strike_loses_and_no_return_blow_comes() -> None:
    result = resolve_fight(Fighter(ATT, 4, 5, 4, deck=10), Fighter(DEF, 3, 1, 9, deck=2), counter=True)
    (blow,) = result.blows
    assert (blow.damage, blow.taken, blow.short, blow.decks_out, blow.defeats) == (4, 2, True, True, False)
    assert result.prevented is False and result.defeated == ()


def test_DQ_1_2_empty_loses_an_exactly_emptied_deck_loses_but_cannot_take_does_not() -> None:
    att, dfn = Fighter(ATT, 3, 5, 4, deck=10), Fighter(DEF, 1, 1, 9, deck=3)
    assert resolve_fight(att, dfn, True, empty_loses=True).blows[0].decks_out is True
    kept = resolve_fight(att, dfn, True, empty_loses=False)
    assert kept.blows[0].decks_out is False and blows(kept) == [(ATT, DEF, 3), (DEF, ATT, 1)]


def test_DQ_7_8_simultaneous_blows_both_land_even_when_a_deck_runs_out() -> None:
    result = resolve_fight(Fighter(ATT, 5, 2, 9, deck=1), Fighter(DEF, 3, 2, 9, deck=0), counter=True)
    assert [(b.taken, b.decks_out) for b in result.blows] == [(0, True), (1, True)]


def test_DQ_7_8_speed_order_without_a_counterattack_is_the_attacker_alone() -> None:
    fast, slow = Fighter(ATT, 1, 9, 1), Fighter(DEF, 1, 1, 1)
    assert speed_order(fast, slow, False) == "attacker_only"
    assert speed_order(slow, fast, True) == "defender_first"


def test_DQ_7_8_fight_values_are_frozen() -> None:
    result = resolve_fight(Fighter(ATT, 1, 1, 1), Fighter(DEF, 1, 1, 1), True)
    for value, field in (
        (result, "order"),
        (result.attacker, "card"),
        (result.blows[0], "damage"),
        (Combat(ATT), "attacker"),
    ):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, 0)
    assert isinstance(result.blows[0], Blow) and hash(Combat(ATT, DEF, 1)) == hash(Combat(ATT, DEF, 1))


def _battles(games: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed in range(games):
        s = tcgteach.game("dragonquest", {"turn_limit": 40}).new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        out += [e.data for e in s.events if e.kind == "battle"]
    return out


def test_DQ_7_8_the_engine_applies_exactly_what_resolve_fight_decides() -> None:
    battles = _battles(12)
    assert len(battles) > 20
    orders = set()
    for info in battles:
        recorded = result_of_record(info)
        again = resolve_fight(recorded.attacker, recorded.defender, info["counter"])
        orders.add(again.order)
        if not info["lost"]:  # (with a deck-out the record does not say how many cards each deck had)
            assert blows(again) == blows(recorded), info
            assert again.defeated == recorded.defeated and again.prevented == recorded.prevented, info
    assert orders == {"attacker_only", "attacker_first", "defender_first", "simultaneous"}


def test_DQ_7_8_the_state_records_the_fight_under_way_as_a_saved_list() -> None:
    s = cast(DragonQuest, tcgteach.game("dragonquest")).new_state(seed=3)
    rng = random.Random(3)
    seen = 0
    while not s.is_terminal() and seen < 5:
        if s.combat is not None:
            assert isinstance(s.combat, Combat)
            assert s.to_dict()["scalars"]["combat"] == [s.combat.attacker, s.combat.defender, s.combat.counter]
            seen += 1
        s.apply(rng.choice(s.legal_actions()))
    assert seen == 5
