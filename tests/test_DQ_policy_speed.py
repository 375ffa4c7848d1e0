"""The heuristic player's fast paths (issue 14) agree with the engine they stand in for."""

from __future__ import annotations

import itertools
from typing import cast

import tcgteach
from tcgteach.agents.heuristic import HeuristicAgent
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules.combat import Fighter, resolve_fight
from tcgteach.dragonquest.rules.state import DragonQuestState
from tcgteach.dragonquest.teaching.facts import Facts, predict_blows


def test_DQ_7_8_predict_blows_matches_resolve_fight() -> None:
    """Every fight of small cards: the plain-number prediction is resolve_fight's damage and defeats."""
    n = 0
    for a_atk, a_spd, a_hp, a_dmg, d_atk, d_spd, d_hp, d_dmg in itertools.product(
        range(4), range(3), range(1, 4), range(3), range(4), range(3), range(1, 4), range(3)
    ):
        for counter in (False, True):
            r = resolve_fight(Fighter(1, a_atk, a_spd, a_hp, a_dmg), Fighter(2, d_atk, d_spd, d_hp, d_dmg), counter)
            want = (r.damage_to(2), r.damage_to(1), 2 in r.defeated, 1 in r.defeated)
            got = predict_blows(a_atk, a_spd, a_hp, a_dmg, d_atk, d_spd, d_hp, d_dmg, counter)
            assert got == want, (a_atk, a_spd, a_hp, a_dmg, d_atk, d_spd, d_hp, d_dmg, counter)
            n += 1
    assert n == 4 * 3 * 3 * 3 * 4 * 3 * 3 * 3 * 2


def _fight_value_from_result(f: Facts, a: int, d: int, counter: bool) -> float:
    """The fight's value worked out the slow way, from the engine's FightResult (the policy before issue 14)."""
    r = f.fight(a, d, counter)
    to_d, to_a = r.damage_to(d), r.damage_to(a)
    inst = f.inst
    value = to_d * f.life_weight(inst.owner[d]) - to_a * f.life_weight(inst.owner[a])
    if d in r.defeated:
        value += 2.0 + inst.level[d] + 0.3 * f.worth(d)
    if a in r.defeated:
        value -= 2.0 + inst.level[a] + 0.3 * f.worth(a)
    if to_d > len(f.deck(inst.owner[d])):
        value += 1000.0
    if to_a > len(f.deck(inst.owner[a])):
        value -= 1000.0
    return value


def test_DQ_7_8_fight_values_match_the_engines_fights() -> None:
    """At every decision of heuristic games, each pairing of front cards is valued exactly as from the
    engine's own resolve_fight, and the stats are the state's own totals (items and auras)."""
    game = cast(DragonQuest, tcgteach.game("dragonquest", {"turn_limit": 200}))
    checked = 0
    for seed in range(6):
        s = game.new_state(seed=seed)
        agents = [HeuristicAgent(seed * 10 + i) for i in range(2)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            view = cast(DragonQuestState, s.view(p))
            f = Facts(view)
            for a in view.front(0) + view.front(1):
                assert (f.atk(a), f.hp(a), f.spd(a)) == (s.attack_of(a), s.hp_of(a), s.speed_of(a))
                for d in view.front(1 - s.inst.owner[a]):
                    for counter in (False, True):
                        assert f.fight_value(a, d, counter) == _fight_value_from_result(f, a, d, counter)
                        checked += 1
            s.apply(agents[p].act(view))
    assert checked > 500


def test_DQ_7_8_battle_record_frozen_as_before() -> None:
    """The battle record kept in ``last_combat`` is exactly ``_freeze`` of the event's data, attack after attack."""
    from tcgteach.dragonquest.rules.battle import _freeze, freeze_battle
    from tcgteach.dragonquest.rules.ids import Ev

    game = cast(DragonQuest, tcgteach.game("dragonquest", {"turn_limit": 200}))
    battles = 0
    for seed in range(8):
        s = game.new_state(seed=seed)
        agents = [HeuristicAgent(seed * 10 + i) for i in range(2)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            seen = len(s.events)
            s.apply(agents[p].act(s.view(p)))
            for e in s.events[seen:]:
                if e.kind == Ev.BATTLE:
                    assert freeze_battle(dict(e.data)) == _freeze(dict(e.data))
                    assert s.last_combat == _freeze(dict(e.data))
                    battles += 1
    assert battles > 50
