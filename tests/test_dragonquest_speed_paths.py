"""The shortcuts of the Dragon Quest engine's hot paths give what the plain ways give (DQ-7.8 stats, DQ-6.9 /
DQ-6.10 interned actions), and a wrong stat name is a clear TcgError."""

from __future__ import annotations

import random

import pytest

import tcgteach
from tcgteach.core.errors import TcgError
from tcgteach.dragonquest.rules import actions as A


def _states(seeds: int = 6, every: int = 7) -> list[object]:
    game = tcgteach.game("dragonquest")
    out: list[object] = []
    for seed in range(seeds):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal() and step < 400:
            if step % every == 0:
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            step += 1
    return out


def test_DQ_7_8_modifiers_total_is_the_stat_of_each_card() -> None:
    checked = 0
    for s in _states():
        for c in range(s.inst.n):  # type: ignore[attr-defined]
            for key, total in (("attack", s.attack_of(c)), ("hp", s.hp_of(c)), ("speed", s.speed_of(c))):  # type: ignore[attr-defined]
                m = s.modifiers(c, key)  # type: ignore[attr-defined]
                assert m["total"] == total == max(0, m["base"] + m["item"] + m["aura"])
                checked += 1
    assert checked > 1000


def test_modifiers_of_an_unknown_stat_is_a_tcg_error_naming_it() -> None:
    s = tcgteach.game("dragonquest").new_state(seed=1)
    with pytest.raises(TcgError, match="'power'"):
        s.modifiers(0, "power")  # type: ignore[attr-defined]


def test_DQ_6_9_DQ_6_10_equip_and_swap_actions_are_interned_across_the_states_of_a_game() -> None:
    seen: dict[object, object] = {}
    kinds = set()
    for s in _states(seeds=10, every=1):
        if s.node != "prep":  # type: ignore[attr-defined]
            continue
        for a in s.legal_actions():  # type: ignore[attr-defined]
            if isinstance(a, (A.Equip, A.Swap)):
                kinds.add(type(a))
                first = seen.setdefault(a, a)
                assert first is a, f"{a} listed as two objects"
    assert kinds == {A.Equip, A.Swap}


def test_DQ_6_11_has_target_is_whether_targets_for_finds_one() -> None:
    from tcgteach.dragonquest.rules.cards import Effect
    from tcgteach.dragonquest.rules.effects import has_target, targets_for

    # every kind of target, "self" too (no card of the pool aims at itself)
    synthetic = [Effect("prep", False, 0, t, ()) for t in ("self", "own", "enemy", "enemy_front", "none")]
    kinds = set()
    for s in _states(seeds=4, every=3):
        inst = s.inst  # type: ignore[attr-defined]
        for c in range(inst.n):
            card = inst.cards[c]
            effs = list(card.effects) + ([card.use] if card.use is not None else []) + synthetic
            for eff in effs:
                for user in (0, 1):
                    kinds.add(eff.target)
                    assert has_target(s, eff, c, user) == bool(targets_for(s, eff, c, user))  # type: ignore[arg-type]
    assert {"own", "enemy", "enemy_front"} <= kinds
