"""The disputed readings of the Dragon Quest rules, under each value of their options.

- DQ-5.5 ``formation_repair``: when a broken formation is repaired (at once, or at a combat's end step),
  and DQ-5.2: recruits and formation changes must leave a legal formation.
- DQ-6.14.1 ``wipe_out``: whether a player who has not had a turn yet pays the wipe-out penalty.
- Saved states and records written before these options existed replay under the rules of their time.
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

import tcgteach
from tcgteach import StateFileError
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as A
from tcgteach.dragonquest.rules.cards import card_pool
from tcgteach.record import parse_record, record_text, replay

POOL = card_pool()


def pl(front: Any = (), back: Any = (), **kw: Any) -> dict[str, Any]:
    return {"front": list(front), "back": list(back), "deck": {"fill": "beasts"}, **kw}


def pos(
    p0: dict[str, Any],
    p1: dict[str, Any],
    *,
    node: str = "battle",
    tp: int = 0,
    options: dict[str, Any] | None = None,
    **top: Any,
) -> Any:
    spec = {"turn_player": tp, "node": node, "players": [p0, p1], **top}
    return cast(DragonQuest, tcgteach.game("dragonquest", options)).position(spec)


def dying(cid: str, **kw: Any) -> dict[str, Any]:
    """A poisoned card one damage away from defeat."""
    return {"card": cid, "poisoned": True, "damage": POOL[cid].hp - 1, **kw}


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def legal_formation(s: Any, p: int) -> bool:
    f, b = len(s.front(p)), len(s.back(p))
    return f + b == 0 or s.formation_ok(f, b)


# == DQ-5.5 formation_repair ===============================================================================
def test_DQ_5_5_default_is_immediate() -> None:
    spec = tcgteach.game("dragonquest").options.specs["formation_repair"]
    assert spec.default == "immediate" and spec.choices == ("immediate", "end_step") and spec.rule == "DQ-5.5"
    assert spec.explain["en"] and spec.explain["ja"]


@pytest.mark.parametrize("repair", ["immediate", "end_step"])
def test_DQ_5_5_poison_empties_the_front_row_and_the_back_row_can_be_attacked_next_turn(repair: str) -> None:
    # P1's only front card dies of poison at the end of P1's turn; P1's back card is closed and above P1's
    # level, so it never becomes active and never moves by itself.
    s = pos(
        pl([dying("M01"), dying("M02")], [{"card": "M24", "state": "closed"}]),
        pl(["M09"]),
        options={"formation_repair": repair},
    )
    m24 = s.back(0)[0]
    s.apply(A.SKIP)
    assert sum(e.kind == "defeat" for e in s.events) == 2
    assert s.turn_player == 1
    if repair == "immediate":
        # repaired at once: the single back card has no choice and advances by itself
        adv = [e for e in s.events if e.kind == "advance"]
        assert [e.data["card"] for e in adv] == [m24] and adv[0].rule == "DQ-5.5" and adv[0].player == 0
        assert ("end", "repair") in s.trail and ("repair", "end") in s.trail
        assert s.front(0) == [m24] and s.back(0) == []
    else:
        assert s.front(0) == [] and s.back(0) == [m24]  # waits for a combat's end step
    # P2's turn: draw as little as possible, nothing to prepare, fight
    while s.node != "battle":
        legal = s.legal_actions()
        s.apply(A.END_PREP if A.END_PREP in legal else legal[0])
    s.apply(A.FIGHT)
    s.apply(A.PASS)  # start step: P2 passes, P1 passes
    s.apply(A.PASS)
    assert s.node == "combat.action" and s.current_player == 1
    attacks = [a for a in s.legal_actions() if isinstance(a, A.Attack)]
    if repair == "immediate":
        assert attacks == [A.Attack(s.front(1)[0])]  # the opponent can attack
    else:
        assert attacks == []  # DQ-7.6: the front row is empty; the back row is out of reach
        with pytest.raises(tcgteach.IllegalActionError, match="DQ-7.6"):
            s.apply(A.Attack(s.front(1)[0]))


def test_DQ_5_5_owner_decides_during_the_opponents_turn_before_the_other_poison_ticks() -> None:
    # P2 (not the turn player): 3 front cards, two of them poisoned and one damage from defeat, and two back
    # cards, the first poisoned too. Poison ticks: P1's cards first, then P2's in card order (front first).
    s = pos(
        pl(["M09", {"card": "M05", "poisoned": True}]),
        pl([dying("M01"), dying("M02"), "M09"], [{"card": "M05", "poisoned": True}, "M09"]),
    )
    m01, m02, f3 = s.front(1)
    b1, b2 = s.back(1)
    n = len(s.events)
    s.apply(A.SKIP)
    assert s.node == "repair" and s.turn_player == 0 and s.current_player == 1
    assert set(s.legal_actions()) == {A.Advance(b1), A.Advance(b2)}
    assert s.damage(b1) == 0 and m02 in s.front(1)  # the rest of the instruction waits: no more ticks yet
    with pytest.raises(tcgteach.IllegalActionError, match="DQ-5.5"):
        s.apply(A.Target(b1))
    ev = s.events[n:]
    assert kinds(ev)[-3:] == ["defeat", "gain_gp_defeat", "repair"] and ev[-1].rule == "DQ-5.5"
    s.apply(A.Advance(b2))  # 2 front / 2 back -> 3 / 1: one card is enough
    ev = s.events[n:]
    adv = [i for i, e in enumerate(ev) if e.kind == "advance"]
    tick_m02 = next(i for i, e in enumerate(ev) if e.kind == "damage" and e.data["card"] == m02)
    tick_b1 = next(i for i, e in enumerate(ev) if e.kind == "damage" and e.data["card"] == b1)
    assert [ev[i].data["card"] for i in adv] == [b2] and adv[0] < tick_m02 < tick_b1
    # then m02's tick defeats it too: 2 front / 1 back is legal, no repair needed
    assert s.front(1) == [f3, b2] and s.back(1) == [b1] and {m01, m02} <= set(s.zone(1, "exp"))
    assert s.damage(b1) == 1 and s.turn_player == 1


def test_DQ_5_5_end_step_keeps_the_broken_formation_until_a_combat_end_step() -> None:
    s = pos(pl(["M09"]), pl([dying("M01"), dying("M02")], ["M05"]), options={"formation_repair": "end_step"})
    s.apply(A.SKIP)
    assert s.node != "repair" and not any(e.kind in ("advance", "repair") for e in s.events)
    assert s.front(1) == [] and len(s.back(1)) == 1 and s.turn_player == 1
    assert ("end", "repair") not in s.trail


@pytest.mark.parametrize("repair", ["immediate", "end_step"])
def test_DQ_5_5_a_start_effect_that_defeats_the_only_front_card(repair: str) -> None:
    # M24 (start: discard 1, 2 damage to an opponent's front-row card) defeats P2's only front card in the
    # start step; under immediate, P2's back card comes forward before the start step goes on.
    s = pos(pl(["M24"], hand=["M01", "M01"]), pl(["M02", "M01"], ["M05"]), options={"formation_repair": repair})
    m24 = s.front(0)[0]
    m02, m01 = s.front(1)
    m05 = s.back(1)[0]
    s.apply(A.FIGHT)
    s.apply(A.Use(m24, 0))
    s.apply(s.legal_actions()[0])  # pay the hand cost
    assert s.node == "combat.target"
    s.apply(A.Target(m02))  # 2 damage: defeated; 1 front / 1 back breaks DQ-5.2
    assert s.node == "combat.start" and s.current_player == 1 and m02 in s.zone(1, "exp")
    if repair == "immediate":
        assert s.front(1) == [m01, m05] and s.back(1) == []
        assert ("combat.resolve", "repair") in s.trail and ("repair", "combat.resolve") in s.trail
    else:
        assert s.front(1) == [m01] and s.back(1) == [m05]


@pytest.mark.parametrize("repair", ["immediate", "end_step"])
def test_DQ_5_2_recruit_and_move_must_leave_a_legal_formation(repair: str) -> None:
    opts = {"formation_repair": repair}
    s = pos(pl(["M09", "M05"], hand=["M01"]), pl(["M01"]), node="prep", options=opts)
    m09, m05 = s.front(0)
    m01 = s.zone(0, "hand")[0]
    legal = set(s.legal_actions())
    assert A.Recruit(m01, "front") in legal and A.Recruit(m01, "back") in legal  # 3/0 and 2/1
    assert A.Move(m09) not in legal  # 1/1 breaks DQ-5.2 (strict)
    with pytest.raises(tcgteach.IllegalActionError, match="DQ-6.10"):
        s.apply(A.Move(m09))
    # under end_step, a formation broken by poison may be improved by a recruit that still leaves it broken
    s = pos(pl(["M09"]), pl([dying("M01"), dying("M02"), dying("M01")], ["M05", "M09"], hand=["M02"]), options=opts)
    s.apply(A.SKIP)
    while s.node not in ("prep", "game_over"):
        s.apply(s.legal_actions()[0])
    m02 = next(c for c in s.zone(1, "hand") if s.card(c).id == "M02")
    legal = set(s.legal_actions())
    if repair == "end_step":
        assert s.front(1) == [] and len(s.back(1)) == 2
        assert A.Recruit(m02, "front") in legal  # 1 front / 2 back: still broken, but better
        assert A.Recruit(m02, "back") not in legal  # worse
    else:
        assert len(s.front(1)) == 2 and s.back(1) == [] and legal_formation(s, 1)  # repaired at once
        assert A.Recruit(m02, "front") in legal and A.Recruit(m02, "back") in legal  # 3/0 and 2/1


@pytest.mark.parametrize("repair", ["immediate", "end_step"])
def test_DQ_5_5_poison_tick_defeat_under_both_values_can_be_saved_and_loaded(repair: str) -> None:
    s = pos(pl(["M09"]), pl([dying("M01"), dying("M02"), "M09"], ["M05", "M09"]), options={"formation_repair": repair})
    s.apply(A.SKIP)
    d = json.loads(json.dumps(s.to_dict()))
    t = s.game.state_from_dict(d)
    assert t.to_dict() == s.to_dict() and t.node == s.node
    if repair == "immediate":
        assert t.node == "repair" and t.resume == ("end", "poison", -1)
        t.apply(t.legal_actions()[0])
        t.undo()
        assert t.to_dict() == s.to_dict()


def _random_game(seed: int, options: dict[str, Any], check: Any) -> int:
    g = tcgteach.game("dragonquest", dict(options, turn_limit=60))
    rng = random.Random(seed)
    s = g.new_state(seed=seed, decks=[rng.choice(g.starter_decks()), rng.choice(g.starter_decks())])
    steps = 0
    while not s.is_terminal():
        check(s)
        legal = s.legal_actions()
        s.apply_unchecked(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def test_DQ_5_5_immediate_both_formations_are_legal_at_every_other_decision() -> None:
    """2,000 random games: under ``immediate``, at every decision that is not a maintenance decision
    (the repair node, or the end step's maintenance), both players' formations are legal (DQ-5.2)."""
    seen = {"decisions": 0, "repairs": 0}

    def check(s: Any) -> None:
        maintenance = s.node == "repair" or (s.node == "combat.end_step" and s.queue)
        if maintenance:
            seen["repairs"] += s.node == "repair"
            return
        seen["decisions"] += 1
        for p in (0, 1):
            assert legal_formation(s, p), (s.node, p, len(s.front(p)), len(s.back(p)), s.history[-5:])

    for seed in range(2000):
        formation = "strict" if seed % 2 else "at_least"
        _random_game(seed, {"formation_repair": "immediate", "formation": formation}, check)
    assert seen["decisions"] > 100_000 and seen["repairs"] > 50


def test_DQ_5_5_end_step_does_leave_broken_formations_outside_combat() -> None:
    """The same random games under ``end_step`` do meet broken formations: the invariant above is not empty."""
    broken = 0

    def check(s: Any) -> None:
        nonlocal broken
        assert s.node != "repair"
        if s.node == "prep" and not all(legal_formation(s, p) for p in (0, 1)):
            broken += 1

    for seed in range(200):
        _random_game(seed, {"formation_repair": "end_step"}, check)
    assert broken > 0


# == DQ-6.14.1 wipe_out ====================================================================================
def _first_turn_without_party(first: int, wipe_out: str) -> Any:
    g = tcgteach.game("dragonquest", {"wipe_out": wipe_out})
    s = g.new_state(seed=11, first_player=first)
    s.apply(A.KEEP)
    s.apply(A.KEEP)
    while s.node != "prep":
        s.apply(s.legal_actions()[-1])
    s.apply(A.END_PREP)  # nobody recruits
    return s


@pytest.mark.parametrize("first", [0, 1])
@pytest.mark.parametrize("wipe_out", ["after_own_turn", "literal"])
def test_DQ_6_14_1_wipe_out_on_the_first_turn(first: int, wipe_out: str) -> None:
    s = _first_turn_without_party(first, wipe_out)
    second = 1 - first
    assert not s.zone(0, "discard") and not s.zone(1, "discard")
    n = len(s.events)
    s.apply(A.SKIP)  # the end of the first player's first turn (then the second player's turn begins)
    paid = {e.player for e in s.events[n:] if e.kind == "wipe_out"}
    spared = [e for e in s.events[n:] if e.kind == "wipe_out_spared"]
    assert first in paid and len(s.zone(first, "discard")) == 5  # the turn player is checked
    if wipe_out == "after_own_turn":
        assert second not in paid and len(s.zone(second, "discard")) == 0
        assert [e.player for e in spared] == [second] and spared[0].rule == "DQ-6.14"
        assert "not had a turn" in s.game.describe_event(spared[0], s, "en")
        assert "まだ自分のターンがない" in s.game.describe_event(spared[0], s, "ja")
    else:
        assert second in paid and len(s.zone(second, "discard")) == 5 and not spared
    # the second player's first turn: now both players have had a turn, both are checked under both values
    assert s.turn == 2 and s.turn_player == second
    while s.node != "prep":
        s.apply(s.legal_actions()[-1])
    s.apply(A.END_PREP)
    n = len(s.events)
    s.apply(A.SKIP)
    assert {e.player for e in s.events[n:] if e.kind == "wipe_out"} == {0, 1}
    assert not any(e.kind == "wipe_out_spared" for e in s.events[n:])


def test_DQ_6_14_1_default_is_after_own_turn() -> None:
    spec = tcgteach.game("dragonquest").options.specs["wipe_out"]
    assert spec.default == "after_own_turn" and set(spec.choices) == {"after_own_turn", "literal"}


# == files written before the options existed (DQ-5.5, DQ-6.14.1) =============================================
def _old_game(seed: int = 4) -> Any:
    """A game played under the rules of the time before formation_repair and wipe_out: end_step, literal."""
    g = tcgteach.game("dragonquest", {"formation_repair": "end_step", "wipe_out": "literal", "turn_limit": 40})
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def _as_version_1(d: dict[str, Any]) -> dict[str, Any]:
    d = json.loads(json.dumps(d))
    d["version"] = 1
    for name in ("formation_repair", "wipe_out"):
        del d["options"][name]
    for name in ("repair", "resume"):
        del d["scalars"][name]
    return d


def test_DQ_5_5_a_version_1_saved_state_loads_exactly_under_the_old_rules() -> None:
    s = _old_game()
    t = tcgteach.game("dragonquest").state_from_dict(_as_version_1(s.to_dict()))
    assert t.game.options["formation_repair"] == "end_step" and t.game.options["wipe_out"] == "literal"
    assert t.to_dict() == s.to_dict()


def test_DQ_6_14_1_a_record_without_the_new_options_replays_under_the_old_rules() -> None:
    s = _old_game(9)
    text = record_text(s)
    old = (
        "\n".join(
            line
            if not line.startswith("Options:")
            else " ".join(w for w in line.split() if not w.startswith(("formation_repair=", "wipe_out=")))
            for line in text.splitlines()
        )
        + "\n"
    )
    assert "wipe_out" not in old and "formation_repair" not in old
    t = replay(parse_record(old))
    assert t.game.options["wipe_out"] == "literal" and t.game.options["formation_repair"] == "end_step"
    assert t.to_dict() == s.to_dict()
    # the same record read as if written today (new defaults) plays differently: hence the legacy values
    new = tcgteach.game("dragonquest", {"turn_limit": 40}).new_state(seed=9)
    for a in s.history:
        if a not in new.legal_actions():
            break
        new.apply(a)
    else:
        assert new.to_dict() != s.to_dict()


def test_DQ_6_11_a_version_1_state_that_no_longer_replays_says_why() -> None:
    s = _old_game()
    d = _as_version_1(s.to_dict())
    d["history"] = d["history"][:-1]  # no longer what the file's fields say
    with pytest.raises(StateFileError, match="older tcgteach, state format 1.*DQ-6.11"):
        tcgteach.game("dragonquest").state_from_dict(d)


def test_a_current_saved_state_names_every_option() -> None:
    s = _old_game()
    d = s.to_dict()
    assert d["version"] == 2 and set(d["options"]) == set(s.game.options)
    assert tcgteach.game("dragonquest").state_from_dict(d).to_dict() == d
    # a current file that does not name an option is read with that option's legacy value, never the default
    d2 = json.loads(json.dumps(d))
    del d2["options"]["wipe_out"]
    assert tcgteach.game("dragonquest").state_from_dict(d2).game.options["wipe_out"] == "literal"
