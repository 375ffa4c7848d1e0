"""Dragon Quest rules, one or more tests per rule ID of rules/dragonquest.md (DQ-1.1 ... DQ-10.4).

Exact positions are built with ``game.position({...})`` (tcgteach/dragonquest/position.py);
everything after that is played with real, checked actions. Card numbers used below (see
data/cards.json): M01 L1 atk1 hp2 spd2, M02 L1 atk1 hp1 spd6, M03 L1 atk2 hp1 spd4, M05 L1 cost1
atk1 hp4 spd1, M07 L2 atk2 hp3 spd3, M09 L2 cost2 atk3 hp4 spd3, M11 L2 cost2 atk3 hp2 spd5,
M12 L2 atk1 hp3 spd4, M19 L4 atk5 hp4 spd6, M22 L5 cost5 atk6 hp6 spd5, H01 L1 sword atk2 hp3 spd3,
H02 L1 axe atk2 hp4 spd2.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

import tcgteach
from tcgteach import DataFileError, DeckError, IllegalActionError, StateFileError, TcgError
from tcgteach.core.events import Event
from tcgteach.core.state import State
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as A
from tcgteach.dragonquest.rules.cards import card_pool, parse_decks
from tcgteach.dragonquest.rules.state import ACTIVE, CLOSED, CONFUSED
from tcgteach.texts import outcome_text

GAME = cast(DragonQuest, tcgteach.game("dragonquest"))
POOL = card_pool()
FILLER = list(GAME.starter_deck("beasts").cards) * 2


# -- helpers ---------------------------------------------------------------------------------------------
def game(**options: Any) -> DragonQuest:
    return cast(DragonQuest, tcgteach.game("dragonquest", options or None))


def pl(front: Any = (), back: Any = (), *, deck: Any = "beasts", **kw: Any) -> dict[str, Any]:
    """One player of a position. ``deck``: a starter name (filled up to 50) or an int: a deck of
    exactly that many M01 cards (the rest of the 50 goes to the discard pile)."""
    out: dict[str, Any] = {"front": list(front), "back": list(back), **kw}
    if isinstance(deck, int):
        used = sum(len(out.get(z, [])) for z in ("hand", "discard", "exp", "quest"))
        for e in out["front"] + out["back"]:
            used += 1 + (1 if isinstance(e, dict) and e.get("item") else 0)
        out["deck"] = ["M01"] * deck
        out["discard"] = list(out.get("discard", [])) + FILLER[: 50 - deck - used]
    else:
        out["deck"] = {"fill": deck}
    return out


def pos(
    p0: dict[str, Any],
    p1: dict[str, Any],
    *,
    node: str = "prep",
    tp: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    **top: Any,
) -> Any:
    spec = {"turn_player": tp, "node": node, "players": [p0, p1], **top}
    return cast(DragonQuest, tcgteach.game("dragonquest", options)).position(spec, seed=seed)


def find(s: Any, p: int, zone: str, cid: str, k: int = 0) -> int:
    """The k-th instance of card ``cid`` in player p's zone."""
    found: list[int] = [c for c in s.zone(p, zone) if s.card(c).id == cid]
    assert len(found) > k, f"no {cid} #{k} in p{p}.{zone}: {ids(s, s.zone(p, zone))}"
    return found[k]


def ids(s: Any, cards: Any) -> list[str]:
    return [str(s.card(c).id) for c in cards]


def since(s: State, n: int) -> list[Event]:
    return s.events[n:]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def battle(s: State) -> dict[str, Any]:
    """The data of the last 'battle' event (DQ-7.8)."""
    return of_kind(s.events, "battle")[-1].data


def to_action_step(s: Any) -> None:
    """From prep or battle: fight, both pass in the start step."""
    if s.node == "prep":
        s.apply(A.EndPrep())
    if s.node == "battle":
        s.apply(A.Fight())
    while s.node == "combat.start":
        s.apply(A.Pass())
    assert s.node == "combat.action"


def attack(s: Any, attacker: int, block: int | None = None, counter: bool = True, pick: int | None = None) -> None:
    """Attack; the defender blocks with ``block`` (or refuses), the attacker picks ``pick`` if asked,
    the defending card counterattacks if asked and ``counter``."""
    s.apply(A.Attack(attacker))
    if s.node == "combat.defend":
        s.apply(A.Block(block) if block is not None else A.NoBlock())
    if s.node == "combat.fallback":
        assert pick is not None, "the attacker is asked to pick a target"
        s.apply(A.Target(pick))
    if s.node == "combat.counter":
        s.apply(A.Counter() if counter else A.NoCounter())


def end_turn(s: Any) -> None:
    """End the current turn from prep / battle / the action step (no combat)."""
    if s.node == "prep":
        s.apply(A.EndPrep())
    if s.node == "battle":
        s.apply(A.Skip())
    elif s.node in ("combat.action", "combat.start"):
        while s.node == "combat.start":
            s.apply(A.Pass())
        s.apply(A.Pass())
    elif s.node == "combat.end_step":
        s.apply(A.EndBattle())


def to_prep(s: Any, draw: int | None = None) -> None:
    """After a turn ended: settle the draw phase (drawing ``draw`` or the least allowed)."""
    if s.node == "draw":
        legal = s.legal_actions()
        s.apply(A.Draw(draw) if draw is not None else legal[0])
    assert s.node == "prep", s.node


def random_game(seed: int, options: dict[str, Any] | None = None) -> Any:
    s = game(**(options or {})).new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


# == DQ-1 Players, goal, end of the game ===============================================================
def test_DQ_1_1_exactly_two_players() -> None:
    s = GAME.new_state(seed=1)
    assert s.num_players == 2 and GAME.min_players == GAME.max_players == 2
    for n in (1, 3, 4):
        with pytest.raises(TcgError, match="DQ-1.1"):
            GAME.new_state(seed=1, players=n)
        with pytest.raises(TcgError, match="DQ-1.1"):
            GAME.new_state(seed=1, decks=["beasts"] * n)
    with pytest.raises(StateFileError, match="DQ-1.1"):
        GAME.position({"players": [pl(["M01"]), pl(["M01"]), pl(["M01"])]})


def test_DQ_1_2_cannot_take_more_cards_than_the_deck_holds_loses_at_once() -> None:
    s = pos(pl(["M01"], deck=2), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())  # P2's turn ends; P1's draw phase with an empty hand: choose 1 to 6
    assert s.node == "draw" and s.current_player == 0
    assert s.legal_actions() == tuple(A.Draw(n) for n in range(1, 7))
    n = len(s.events)
    s.apply(A.Draw(3))  # the third card cannot be taken
    assert s.is_terminal()
    assert len(s.zone(0, "hand")) == 2 and s.zone(0, "deck") == []  # the rest was not carried out
    ev = since(s, n)
    lost = of_kind(ev, "deck_out")
    assert [(e.player, e.rule, e.data["why"]) for e in lost] == [(0, "DQ-1.2", "cannot_take")]
    out = s.result()
    assert out.winners == (1,) and out.reason == "DQ-1.2" and not out.is_draw


def test_DQ_1_2_cannot_take_an_empty_deck_alone_does_not_lose() -> None:
    s = pos(pl(["M01"], deck=2), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())
    s.apply(A.Draw(2))  # exactly the last two cards
    assert not s.is_terminal() and s.node == "prep" and s.zone(0, "deck") == []
    assert not of_kind(s.events, "deck_out")


def test_DQ_1_2_empty_loses_loses_as_soon_as_the_deck_is_empty() -> None:
    s = pos(pl(["M01"], deck=2), pl(["M01"]), node="battle", tp=1, options={"deck_out": "empty_loses"})
    s.apply(A.Skip())
    s.apply(A.Draw(2))
    assert s.is_terminal() and s.result().winners == (1,) and s.result().reason == "DQ-1.2"
    assert of_kind(s.events, "deck_out")[0].data["why"] == "empty_loses"
    # ... while taking a card that leaves one in the deck is fine
    s2 = pos(pl(["M01"], deck=2), pl(["M01"]), node="battle", tp=1, options={"deck_out": "empty_loses"})
    s2.apply(A.Skip())
    s2.apply(A.Draw(1))
    assert not s2.is_terminal() and len(s2.zone(0, "deck")) == 1


@pytest.mark.parametrize("deck_out", ["cannot_take", "empty_loses"])
def test_DQ_1_2_damage_that_empties_the_deck(deck_out: str) -> None:
    # M01 (atk 1) hits P2's M05 (hp 4); P2's deck holds exactly 1 card
    s = pos(pl(["M01"]), pl(["M05"], deck=1), node="combat.action", options={"deck_out": deck_out})
    m05 = s.front(1)[0]
    attack(s, s.front(0)[0], block=m05, counter=False)
    assert s.damage(m05) == 1 and s.zone(1, "deck") == []
    if deck_out == "cannot_take":
        assert not s.is_terminal()  # nothing had to be taken from the empty deck yet
    else:
        assert s.is_terminal() and s.result().winners == (0,)
        assert of_kind(s.events, "deck_out")[0].data["why"] == "empty_loses"


def test_DQ_1_2_damage_from_an_empty_deck_loses_and_the_rest_is_not_done() -> None:
    # M19 (atk 5, spd 6) hits M05 (hp 4) with a deck of 2: the third card cannot be taken
    s = pos(pl(["M19"]), pl(["M05"], deck=2), node="combat.action")
    m19, m05 = s.front(0)[0], s.front(1)[0]
    attack(s, m19, block=m05, counter=True)
    assert s.is_terminal() and s.result().winners == (0,) and s.result().reason == "DQ-1.2"
    assert of_kind(s.events, "deck_out")[0].data["why"] == "cannot_take"
    dmg = of_kind(s.events, "damage")
    assert len(dmg) == 1 and dmg[0].data["n"] == 5 and dmg[0].data["taken"] == 2
    assert s.damage(m19) == 0  # no return blow after the loss


def test_DQ_1_3_both_lose_in_one_instruction_wipe_out_is_a_draw() -> None:
    # nobody has a party card; both decks hold 3 < 5 cards: both fail the wipe-out penalty at once
    s = pos(pl(deck=3), pl(deck=3), node="battle")
    s.apply(A.Skip())
    assert s.is_terminal()
    out = s.result()
    assert out.winners == () and out.is_draw and out.winner is None and out.reason == "DQ-1.3"
    assert outcome_text(out, "en").startswith("Tie (")
    assert Counter(e.player for e in of_kind(s.events, "deck_out")) == Counter([0, 1])
    assert of_kind(s.events, "game_over")[-1].rule == "DQ-1.3"


@pytest.mark.parametrize("deck_out", ["cannot_take", "empty_loses"])
def test_DQ_1_3_simultaneous_combat_damage_with_both_decks_short_is_a_draw(deck_out: str) -> None:
    # H01 (atk 2, spd 3) vs M07 (atk 2, hp 3, spd 3): equal speed, both blows land; decks of 1 card
    s = pos(pl(["H01"], deck=1), pl(["M07"], deck=1), node="combat.action", options={"deck_out": deck_out})
    h01, m07 = s.front(0)[0], s.front(1)[0]
    attack(s, h01, block=m07, counter=True)
    assert s.is_terminal()
    out = s.result()
    assert out.winners == () and out.reason == "DQ-1.3"
    assert battle(s)["order"] == "simultaneous" and len(battle(s)["blows"]) == 2


def test_DQ_1_3_poison_ticks_of_both_players_are_one_instruction() -> None:
    # both players have a poisoned M01 (hp 1) on the field and an empty deck: the turn player's tick cannot
    # be paid (DQ-1.2), the other player's tick still happens and cannot be paid either: a draw
    poisoned = {"card": "M01", "poisoned": True}
    s = pos(pl([poisoned], deck=0), pl([poisoned], deck=0), node="battle")
    s.apply(A.Skip())
    assert s.is_terminal()
    out = s.result()
    assert out.winners == () and out.reason == "DQ-1.3"
    ticks = [e for e in of_kind(s.events, "damage") if e.rule == "DQ-6.14"]
    assert [e.player for e in ticks] == [0, 1]  # the second tick was not skipped after the first loss
    assert Counter(e.player for e in of_kind(s.events, "deck_out")) == Counter([0, 1])


def test_DQ_1_3_poison_tick_one_deck_short_the_other_player_wins() -> None:
    poisoned = {"card": "M01", "poisoned": True}
    s = pos(pl([poisoned], deck=0), pl([poisoned], deck=5), node="battle")
    s.apply(A.Skip())
    assert s.is_terminal() and s.result().winners == (1,) and s.result().reason == "DQ-1.2"
    ticks = [e for e in of_kind(s.events, "damage") if e.rule == "DQ-6.14"]
    assert [e.player for e in ticks] == [0, 1] and ticks[1].data["taken"] == 1


def test_DQ_1_3_one_loser_is_not_a_draw() -> None:
    s = pos(pl(deck=3), pl(["M01"], deck=20), node="battle")
    s.apply(A.Skip())
    assert s.is_terminal() and s.result().winners == (1,) and s.result().reason == "DQ-1.2"


def test_DQ_1_4_turn_limit_ends_the_game_as_a_draw() -> None:
    s = pos(pl(["M01"]), pl(["M01"]), node="battle", turn=7, options={"turn_limit": 7})
    s.apply(A.Skip())
    assert s.is_terminal() and s.node == "game_over"
    out = s.result()
    assert out.winners == () and out.winner is None and out.is_draw and out.reason == "DQ-1.4"
    assert outcome_text(out, "en").startswith("Tie (") and outcome_text(out, "ja").startswith(
        "引き分け（"
    )  # a draw, never a win
    last = s.events[-1]
    assert last.kind == "game_over" and last.rule == "DQ-1.4" and last.data["winners"] == []
    # one turn earlier the game goes on
    s = pos(pl(["M01"]), pl(["M01"]), node="battle", turn=6, options={"turn_limit": 7})
    s.apply(A.Skip())
    assert not s.is_terminal() and s.turn == 7


def test_DQ_1_4_default_has_no_turn_limit_and_a_capped_random_game_is_never_a_win() -> None:
    assert GAME.options["turn_limit"] is None
    s = pos(pl(["M01"]), pl(["M01"]), node="battle", turn=500)
    s.apply(A.Skip())
    assert not s.is_terminal() and s.turn == 501
    capped = [random_game(seed, {"turn_limit": 3}) for seed in range(20)]
    limited = [g for g in capped if g.result().reason == "DQ-1.4"]
    assert limited, "no random game reached the cap of 3 turns"
    for g in limited:
        assert g.result().winners == () and g.turn == 3 and not of_kind(g.events, "deck_out")


# == DQ-2 Deck construction =============================================================================
def legal50() -> list[str]:
    return list(GAME.starter_deck("beasts").cards)


def test_DQ_2_starter_decks_are_legal() -> None:
    assert len(GAME.starter_decks()) >= 2
    for name in GAME.starter_decks():
        assert GAME.validate_deck(GAME.starter_deck(name).cards) == []


@pytest.mark.parametrize("size", [0, 49, 51, 100])
def test_DQ_2_1_exactly_50_cards(size: int) -> None:
    base = legal50()
    cards = base[:size] if size <= 50 else base + ["H01", "H02", "H03", "H04"] * 20
    cards = cards[:size]
    vs = [v for v in GAME.validate_deck(cards) if v.rule == "DQ-2.1"]
    assert len(vs) == 1 and vs[0].count == size and vs[0].limit == 50
    with pytest.raises(DeckError) as err:
        GAME.new_state(seed=0, decks=[cards, "heroes"])
    assert "DQ-2.1" in [v.rule for v in err.value.violations]


def test_DQ_2_2_at_most_4_copies_of_a_name() -> None:
    cards = legal50()
    assert cards.count("M02") == 4
    five = cards[:]
    five[five.index("M01")] = "M02"  # 5 x M02, still 50 cards
    vs = GAME.validate_deck(five)
    assert [v.rule for v in vs] == ["DQ-2.2"]
    assert vs[0].count == 5 and vs[0].limit == 4 and vs[0].cards == ("M02",)


def test_DQ_2_2_cards_sharing_their_printed_japanese_name_count_together() -> None:
    """Two cards printed with one Japanese name count as one name even where their English names differ
    (issue 25)."""
    import json

    from tcgteach.dragonquest.rules.cards import DATA

    data = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in data["cards"]}
    by_id["M03"]["name"]["ja"] = by_id["M02"]["name"]["ja"]
    game = tcgteach.game("dragonquest", cards=data)
    cards = legal50()
    assert cards.count("M02") == 4 and cards.count("M03") >= 1
    vs = game.validate_deck(cards)
    assert [v.rule for v in vs] == ["DQ-2.2"] and vs[0].count == 4 + cards.count("M03")
    assert set(vs[0].cards) == {"M02", "M03"} and GAME.validate_deck(cards) == []


def test_DQ_2_every_violation_at_once() -> None:
    bad = ["M02"] * 6 + ["M03"] * 5 + legal50()[:10]
    with pytest.raises(DeckError) as err:
        GAME.check_deck(bad, "my deck")
    rules = sorted(v.rule for v in err.value.violations)
    assert rules == ["DQ-2.1", "DQ-2.2", "DQ-2.2"]
    text = str(err.value)
    assert "my deck" in text and "[DQ-2.1]" in text and "[DQ-2.2]" in text and "21" in text


def test_DQ_2_3_no_side_deck() -> None:
    entry = {
        "id": "x",
        "name": {"en": "x", "ja": "x"},
        "style": {"en": "x", "ja": "x"},
        "cards": {c: legal50().count(c) for c in dict.fromkeys(legal50())},
    }
    data = {"format": "tcgteach-dragonquest-decks", "version": 1, "decks": [entry]}
    assert "x" in parse_decks(data, "decks.json", POOL)
    for key in ("side", "sideboard", "side_deck"):
        entry[key] = {"M01": 2}
        with pytest.raises(DataFileError, match="DQ-2.3"):
            parse_decks(data, "decks.json", POOL)
        del entry[key]
    # extra cards cannot be carried along in the deck either
    assert "DQ-2.1" in [v.rule for v in GAME.validate_deck(legal50() + ["M01"])]


# == DQ-3 Setup =========================================================================================
def test_DQ_3_1_first_player_given_or_drawn_from_the_seed() -> None:
    for fp in (0, 1):
        s = GAME.new_state(seed=3, first_player=fp)
        assert s.first_player == fp and s.turn_player == fp and s.current_player == fp
        e = of_kind(s.events, "first_player")[0]
        assert e.rule == "DQ-3.1" and e.data["chosen"] == "given"
    drawn = {GAME.new_state(seed=k).first_player for k in range(30)}
    assert drawn == {0, 1}
    assert GAME.new_state(seed=8).first_player == GAME.new_state(seed=8).first_player


def test_DQ_3_2_shuffle_and_draw_6() -> None:
    a = GAME.new_state(seed=11, first_player=0)
    b = GAME.new_state(seed=12, first_player=0)
    for p in range(2):
        assert len(a.zone(p, "hand")) == 6 and len(a.zone(p, "deck")) == 44
        assert sorted(a.zone(p, "hand") + a.zone(p, "deck")) == list(range(50 * p, 50 * p + 50))
    assert a.zone(0, "deck") != b.zone(0, "deck")
    draws = of_kind(a.events, "draw_hand")
    assert [e.player for e in draws] == [0, 1] and all(e.rule == "DQ-3.2" for e in draws)
    # the hand is the top 6 of the shuffled deck
    assert GAME.new_state(seed=11, first_player=0).to_dict() == a.to_dict()


def test_DQ_3_2_no_hand_limit() -> None:
    hand = ["M01", "M02", "M03", "M04", "M07", "M08", "M09", "M11", "Q01", "Q05"]
    s = pos(pl(["M01"], hand=hand), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())  # P1's turn: 10 cards in hand, draw exactly 1 (DQ-6.3), nothing discarded
    assert s.node == "prep" and s.turn_player == 0
    assert len(s.zone(0, "hand")) == 11 and not of_kind(s.events, "discard")


def test_DQ_3_3_mulligan_once_each_first_player_first() -> None:
    s = GAME.new_state(seed=5, first_player=1)
    assert s.node == "mulligan" and s.current_player == 1
    assert s.legal_actions() == (A.Mulligan(), A.Keep())
    before = sorted(s.zone(1, "hand"))
    s.apply(A.Mulligan())
    assert len(s.zone(1, "hand")) == 6 and len(s.zone(1, "deck")) == 44
    assert sorted(s.zone(1, "hand")) != before
    assert of_kind(s.events, "mulligan")[0].rule == "DQ-3.3"
    # at most once: now it is P1's decision, then the game starts
    assert s.node == "mulligan" and s.current_player == 0
    keep = sorted(s.zone(0, "hand"))
    s.apply(A.Keep())
    assert sorted(s.zone(0, "hand")) == keep
    assert s.node != "mulligan" and s.turn_player == 1 and s.turn == 1
    with pytest.raises(IllegalActionError):
        s.apply(A.Mulligan())


def test_DQ_3_4_level_1_and_0_gp() -> None:
    s = GAME.new_state(seed=2)
    assert s.level == (1, 1) and s.gp == (0, 0)
    e = of_kind(s.events, "start_values")[0]
    assert e.rule == "DQ-3.4" and e.data == {"level": 1, "gp": 0}


# == DQ-4 Card states, zones, costs ======================================================================
def test_DQ_4_1_orientations_active_closed_confused() -> None:
    s = pos(
        pl(["M01", {"card": "M03", "state": "closed"}, {"card": "M09", "state": "confused"}]),
        pl(["M05"]),
        node="combat.action",
    )
    m01, m03, m09 = s.front(0)
    assert [s.orient[c] for c in (m01, m03, m09)] == [ACTIVE, CLOSED, CONFUSED]
    assert s.status(m09) == "confused" and s.status(m01) == "normal"
    assert s.legal_actions() == (A.Attack(m01), A.Pass())  # only an upright (active) card acts
    attack(s, m01, block=s.front(1)[0], counter=False)
    assert s.orient[m01] == CLOSED  # it has acted: sideways


def test_DQ_4_2_poisoned_is_a_marker_that_keeps_the_orientation() -> None:
    s = pos(pl([{"card": "M09", "poisoned": True}]), pl(["M05"]), node="combat.action")
    m09 = s.front(0)[0]
    assert s.orient[m09] == ACTIVE and m09 in s.poisoned and s.status(m09) == "poisoned"
    assert not s.is_normal(m09)
    assert A.Attack(m09) in s.legal_actions()  # poisoned and still upright: it may attack
    s2 = pos(pl([{"card": "M09", "poisoned": True, "state": "confused"}]), pl(["M05"]))
    assert s2.status(s2.front(0)[0]) == "poisoned+confused"


def test_DQ_4_3_zones_discard_and_experience_box_are_different() -> None:
    assert GAME.new_state(seed=0).ZONES == ("deck", "hand", "front", "back", "discard", "exp", "quest")
    s = pos(pl(["M19", "M01"]), pl([{"card": "M09", "damage": 1}, "M01"]), node="combat.action")
    m09 = s.front(1)[0]
    attack(s, s.front(0)[0], block=m09)
    assert s.node == "combat.end_step"
    assert s.zone(1, "exp") == [m09] and m09 not in s.zone(1, "discard")
    assert len(s.zone(1, "discard")) == 1 + 5  # the damage cards, not the card itself


def test_DQ_4_4_gp_cost_and_gp_accumulates_across_turns() -> None:
    s = pos(pl(["M01"], hand=["M03", "M09"], gp=3), pl(["M01"]))
    m03, m09 = find(s, 0, "hand", "M03"), find(s, 0, "hand", "M09")
    s.apply(A.Recruit(m03, "front"))  # free (first)
    s.apply(A.Recruit(m09, "back"))  # COST 2
    assert s.gp == (1, 0)
    end_turn(s)
    to_prep(s)  # P2's turn: P1's GP stays
    assert s.gp[0] == 1 and s.gp[1] == 2
    end_turn(s)
    to_prep(s)
    assert s.gp[0] == 1 + 2  # income adds to what was left


def test_DQ_4_5_hand_cost_discards_cards_chosen_one_by_one() -> None:
    # Q02: hand cost 2, 3 damage to an enemy party card
    s = pos(pl(["M01"], hand=["Q02", "M02", "M03", "M04"]), pl(["M05", "M09"]))
    q02 = find(s, 0, "hand", "Q02")
    m02, m03, m04 = (find(s, 0, "hand", c) for c in ("M02", "M03", "M04"))
    s.apply(A.Quest(q02))
    assert s.node == "prep.pay" and s.current_player == 0
    assert set(s.legal_actions()) == {A.Discard(m02), A.Discard(m03), A.Discard(m04)}
    s.apply(A.Discard(m03))
    assert s.node == "prep.pay" and set(s.legal_actions()) == {A.Discard(m02), A.Discard(m04)}
    s.apply(A.Discard(m02))
    assert s.node == "prep.target"  # paid: 2 cards, no more
    assert s.zone(0, "hand") == [m04] and {m02, m03} <= set(s.zone(0, "discard"))
    assert [e.rule for e in of_kind(s.events, "discard")] == ["DQ-4.5", "DQ-4.5"]


def test_DQ_4_5_a_hand_cost_that_cannot_be_paid_is_not_offered() -> None:
    # H10's start effect costs 1 hand card: with an empty hand it is not offered
    s = pos(pl(["H10"]), pl(["M05"]), node="battle")
    s.apply(A.Fight())
    assert s.legal_actions() == (A.Pass(),)
    s = pos(pl(["H10"], hand=["M01"]), pl(["M05"]), node="battle")
    s.apply(A.Fight())
    assert A.Use(s.front(0)[0], 0) in s.legal_actions()


def test_DQ_4_6_close_cost_needs_an_active_card() -> None:
    # M06: prep, close cost, gain 1 GP
    s = pos(pl(["M06", {"card": "M06", "state": "closed"}]), pl(["M01"]))
    active, closed = s.front(0)
    assert A.Use(active, 0) in s.legal_actions() and A.Use(closed, 0) not in s.legal_actions()
    s.apply(A.Use(active, 0))
    assert s.orient[active] == CLOSED and s.gp[0] == 1
    assert A.Use(active, 0) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(A.Use(active, 0))


def test_DQ_4_6_an_items_close_cost_closes_its_carrier() -> None:
    # H04 (staff) carries I05: the Item action closes H04 and deals 2 damage to an enemy front card
    s = pos(pl([{"card": "H04", "item": "I05"}]), pl(["M05"]), node="combat.action")
    h04 = s.front(0)[0]
    i05 = s.item_of(h04)
    assert A.UseItem(i05) in s.legal_actions()
    s.apply(A.UseItem(i05))
    assert s.orient[h04] == CLOSED and s.damage(s.front(1)[0]) == 2


def test_DQ_4_7_no_summoning_sickness() -> None:
    s = pos(pl(["M01"], hand=["M03"]), pl(["M05"]))
    m03 = find(s, 0, "hand", "M03")
    s.apply(A.Recruit(m03, "front"))
    assert s.orient[m03] == ACTIVE
    to_action_step(s)
    assert A.Attack(m03) in s.legal_actions()
    attack(s, m03, block=None)
    assert battle(s)["attacker"] == m03


# == DQ-5 Formation ======================================================================================
@pytest.mark.parametrize("formation", ["strict", "at_least"])
def test_DQ_5_1_at_most_3_per_row(formation: str) -> None:
    s = pos(pl(["M01", "M01", "M01"], hand=["M02"]), pl(["M01"]), options={"formation": formation})
    m02 = find(s, 0, "hand", "M02")
    legal = s.legal_actions()
    assert A.Recruit(m02, "front") not in legal and A.Recruit(m02, "back") in legal
    with pytest.raises(IllegalActionError, match="DQ-6.5"):
        s.apply(A.Recruit(m02, "front"))
    with pytest.raises(StateFileError, match="DQ-5"):
        pos(pl(["M01"] * 4), pl(["M01"]), options={"formation": formation})


def test_DQ_5_2_front_must_outnumber_back() -> None:
    s = pos(pl(["M01"], hand=["M02"]), pl(["M01"]))
    m02 = find(s, 0, "hand", "M02")
    assert A.Recruit(m02, "back") not in s.legal_actions()  # 1 / 1 is not allowed
    assert A.Recruit(m02, "front") in s.legal_actions()
    with pytest.raises(StateFileError, match="DQ-5"):
        pos(pl(["M01"], ["M02"]), pl(["M01"]))
    with pytest.raises(StateFileError, match="DQ-5"):
        pos(pl([], ["M02"]), pl(["M01"]), options={"formation": "at_least"})


def test_DQ_5_3_strict_3_3_is_illegal_and_at_most_5() -> None:
    with pytest.raises(StateFileError, match="DQ-5"):
        pos(pl(["M01"] * 3, ["M02"] * 3), pl(["M01"]))
    s = pos(pl(["M01"] * 3, ["M02"] * 2, hand=["M03"]), pl(["M01"]))
    assert not [a for a in s.legal_actions() if isinstance(a, A.Recruit)]  # 5 on the field: the maximum
    assert GAME.options["formation"] == "strict"
    # 2 / 2 is illegal under strict
    s = pos(pl(["M01"] * 2, ["M02"], hand=["M03"]), pl(["M01"]))
    m03 = find(s, 0, "hand", "M03")
    assert A.Recruit(m03, "back") not in s.legal_actions()


def test_DQ_5_3_at_least_allows_3_3_and_6_cards() -> None:
    s = pos(pl(["M01"] * 3, ["M02"] * 3), pl(["M01"]), options={"formation": "at_least"})
    assert len(s.party(0)) == 6
    s = pos(pl(["M01"] * 3, ["M02"] * 2, hand=["M03"]), pl(["M01"]), options={"formation": "at_least"})
    m03 = find(s, 0, "hand", "M03")
    assert A.Recruit(m03, "back") in s.legal_actions()
    s.apply(A.Recruit(m03, "back"))
    assert (len(s.front(0)), len(s.back(0))) == (3, 3)
    # 1 / 1 and 2 / 2 are fine, 1 / 2 is not
    s = pos(pl(["M01"], hand=["M03"]), pl(["M01"]), options={"formation": "at_least"})
    m03 = find(s, 0, "hand", "M03")
    s.apply(A.Recruit(m03, "back"))
    assert (len(s.front(0)), len(s.back(0))) == (1, 1)
    with pytest.raises(StateFileError, match="DQ-5"):
        pos(pl(["M01"], ["M02", "M02"]), pl(["M01"]), options={"formation": "at_least"})


def _maintenance_position(formation: str = "strict") -> Any:
    # P2: front M02 (hp 1) + 2 x M01, back M05 + M09; M19 kills M02 at once
    return pos(
        pl(["M19", "M01"]),
        pl(["M02", "M01", "M01"], ["M05", "M09"]),
        node="combat.action",
        options={"formation": formation},
    )


def test_DQ_5_4_owner_chooses_which_back_card_advances() -> None:
    s = _maintenance_position()
    m02 = s.front(1)[0]
    m05, m09 = s.back(1)
    attack(s, s.front(0)[0], block=m02)
    assert s.zone(1, "exp") == [m02]
    assert s.node == "combat.end_step" and s.current_player == 1  # the owner decides
    assert set(s.legal_actions()) == {A.Advance(m05), A.Advance(m09)}
    n = len(s.events)
    s.apply(A.Advance(m09))
    assert m09 in s.front(1) and s.back(1) == [m05]
    ev = of_kind(since(s, n), "advance")
    assert [(e.rule, e.player, e.data["card"]) for e in ev] == [("DQ-5.4", 1, m09)]
    assert s.current_player == 0 and s.legal_actions() == (A.Continue(), A.EndBattle())


def test_DQ_5_4_a_single_back_card_advances_by_itself_attacker_too() -> None:
    # P1 attacks with M03 (hp 1) into M11 (spd 5): M03 dies first; P1's back M05 must advance
    s = pos(pl(["M03", "M01"], ["M05"]), pl(["M11"]), node="combat.action")
    m03, m05 = s.front(0)[0], s.back(0)[0]
    attack(s, m03, block=s.front(1)[0])
    assert m03 in s.zone(0, "exp")
    assert s.back(0) == [] and m05 in s.front(0)
    assert of_kind(s.events, "advance")[-1].data["card"] == m05


def test_DQ_5_4_at_least_does_not_advance_from_2_2() -> None:
    s = _maintenance_position("at_least")
    attack(s, s.front(0)[0], block=s.front(1)[0])
    assert (len(s.front(1)), len(s.back(1))) == (2, 2)
    assert not of_kind(s.events, "advance")
    assert s.legal_actions() == (A.Continue(), A.EndBattle())


# == DQ-6 The turn =======================================================================================
def test_DQ_6_phases_in_order() -> None:
    s = pos(pl(["M01"]), pl(["M01"]), node="battle", tp=1)
    n = len(s.trail)
    s.apply(A.Skip())
    assert [t[1] for t in s.trail[n:]] == ["end", "reset", "income", "draw"]


def test_DQ_6_1_reset_activates_normal_cards_up_to_the_player_level() -> None:
    front = [
        {"card": "M01", "state": "closed"},
        {"card": "M09", "state": "closed"},
        {"card": "M01", "state": "closed", "poisoned": True},
    ]
    back = [{"card": "M03", "state": "confused"}, {"card": "M05", "state": "closed"}]
    s = pos(pl(front, back), pl(["M01"]), node="battle", tp=1, options={"status_tick": "turn_player"})
    m01, m09, m01p = s.front(0)
    m03, m05 = s.back(0)
    s.apply(A.Skip())
    ev = of_kind(s.events, "reset")[-1]
    assert ev.rule == "DQ-6.1" and sorted(ev.data["cards"]) == sorted([m01, m05])
    assert s.orient[m01] == ACTIVE and s.orient[m05] == ACTIVE
    assert s.orient[m09] == CLOSED  # level 2 > player level 1
    assert s.orient[m01p] == CLOSED  # poisoned: not normal
    assert s.orient[m03] == CONFUSED  # confused: not normal
    # the opponent's closed cards are not reset in this player's reset phase
    s2 = pos(pl(["M01"]), pl([{"card": "M01", "state": "closed"}]), node="battle", tp=1)
    s2.apply(A.Skip())
    assert s2.orient[s2.front(1)[0]] == CLOSED


def test_DQ_6_1_level_up_check_comes_first_in_the_reset() -> None:
    # P2's experience box holds a level-5 card: P1's experience 5 -> level 2 at its reset, then
    # its closed level-2 M09 becomes active in the same reset phase
    s = pos(pl([{"card": "M09", "state": "closed"}]), pl(["M01"], exp=["M22"]), node="battle", tp=1)
    m09 = s.front(0)[0]
    s.apply(A.Skip())
    reset_ev = [e for e in s.events if e.kind in ("level_up", "reset")]
    assert kinds(reset_ev[-2:]) == ["level_up", "reset"]
    assert s.level[0] == 2 and s.orient[m09] == ACTIVE


def test_DQ_6_2_income_is_level_plus_1() -> None:
    s = pos(pl(["M01"], gp=4), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())
    inc = of_kind(s.events, "income")[-1]
    assert inc.rule == "DQ-6.2" and inc.data["gp"] == 2 and s.gp[0] == 6
    s = pos(pl(["M01"], level=3), pl(["M01"], exp=["M22", "M22"]), node="battle", tp=1)  # exp 10: level 3
    s.apply(A.Skip())
    assert s.level[0] == 3 and of_kind(s.events, "income")[-1].data["gp"] == 4 and s.gp[0] == 4


@pytest.mark.parametrize("fp", [0, 1])
def test_DQ_6_2_first_players_first_turn_gains_exactly_1(fp: int) -> None:
    s = GAME.new_state(seed=4, first_player=fp)
    s.apply(A.Keep())
    s.apply(A.Keep())
    assert s.turn == 1 and s.turn_player == fp and s.gp[fp] == 1
    assert of_kind(s.events, "income")[0].data["gp"] == 1
    to_prep(s)
    end_turn(s)
    to_prep(s)
    assert s.turn == 2 and s.turn_player == 1 - fp and s.gp[1 - fp] == 2  # level 1 + 1
    end_turn(s)
    to_prep(s)
    assert s.turn == 3 and s.gp[fp] == 1 + 2


def test_DQ_6_3_six_or_more_cards_draw_exactly_one() -> None:
    hand = ["M01", "M02", "M03", "M04", "M07", "M08"]
    s = pos(pl(["M01"], hand=hand), pl(["M01"]), node="battle", tp=1, options={"draw_minimum": 0})
    s.apply(A.Skip())
    assert s.node == "prep" and len(s.zone(0, "hand")) == 7  # no choice, even with draw_minimum 0
    d = of_kind(s.events, "draw")[-1]
    assert d.rule == "DQ-6.3" and d.data["n"] == 1


def test_DQ_6_3_fewer_than_six_choose_1_up_to_six() -> None:
    s = pos(pl(["M01"], hand=["M02", "M03"]), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())
    assert s.node == "draw" and s.current_player == 0
    assert s.legal_actions() == (A.Draw(1), A.Draw(2), A.Draw(3), A.Draw(4))
    with pytest.raises(IllegalActionError) as err:
        s.apply(A.Draw(5))
    assert err.value.rule == "DQ-6.3"
    top3 = s.zone(0, "deck")[-3:]
    s.apply(A.Draw(3))
    assert len(s.zone(0, "hand")) == 5 and set(top3) <= set(s.zone(0, "hand"))
    # 5 cards in hand: exactly 1, no decision
    s = pos(pl(["M01"], hand=["M02", "M03", "M04", "M07", "M08"]), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())
    assert s.node == "prep" and len(s.zone(0, "hand")) == 6


def test_DQ_6_3a_draw_minimum_1_by_default() -> None:
    assert GAME.options["draw_minimum"] == 1
    s = pos(pl(["M01"], hand=["M02"]), pl(["M01"]), node="battle", tp=1)
    s.apply(A.Skip())
    assert A.Draw(0) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="DQ-6.3"):
        s.apply(A.Draw(0))


def test_DQ_6_3a_draw_minimum_0_keeps_life() -> None:
    s = pos(pl(["M01"], hand=["M02"]), pl(["M01"]), node="battle", tp=1, options={"draw_minimum": 0})
    s.apply(A.Skip())
    assert s.legal_actions() == tuple(A.Draw(n) for n in range(0, 6))
    deck = list(s.zone(0, "deck"))
    s.apply(A.Draw(0))
    assert s.node == "prep" and s.zone(0, "deck") == deck and len(s.zone(0, "hand")) == 1
    # 5 cards in hand: 0 or 1
    s = pos(
        pl(["M01"], hand=["M02", "M03", "M04", "M07", "M08"]),
        pl(["M01"]),
        node="battle",
        tp=1,
        options={"draw_minimum": 0},
    )
    s.apply(A.Skip())
    assert s.legal_actions() == (A.Draw(0), A.Draw(1))


def test_DQ_6_3a_draw_0_from_an_empty_deck_is_no_loss() -> None:
    s = pos(pl(["M01"], deck=0), pl(["M01"]), node="battle", tp=1, options={"draw_minimum": 0})
    s.apply(A.Skip())
    s.apply(A.Draw(0))
    assert not s.is_terminal() and s.node == "prep"


def test_DQ_6_4_preparation_any_actions_any_order_then_end() -> None:
    s = pos(pl(["M01"], hand=["M02", "I02", "H01"], gp=5), pl(["M01"]))
    h01, m02, i02 = (find(s, 0, "hand", c) for c in ("H01", "M02", "I02"))
    s.apply(A.Recruit(h01, "front"))
    s.apply(A.Equip(i02, h01))
    s.apply(A.Recruit(m02, "back"))
    assert s.node == "prep" and s.current_player == 0 and A.EndPrep() in s.legal_actions()
    s.apply(A.EndPrep())
    assert s.node == "battle" and of_kind(s.events, "end_prep")[0].rule == "DQ-6.4"
    assert s.legal_actions() == (A.Fight(), A.Skip())


def test_DQ_6_5_recruit_first_free_then_cost_and_level_gate() -> None:
    s = pos(pl(["M01"], hand=["M22", "M09", "M11"], gp=3), pl(["M01"]))
    m22, m09, m11 = (find(s, 0, "hand", c) for c in ("M22", "M09", "M11"))
    s.apply(A.Recruit(m22, "front"))  # COST 5 but the first recruit of the turn is free
    assert s.gp[0] == 3 and m22 in s.front(0)
    assert s.orient[m22] == CLOSED  # level 5 > player level 1
    ev = of_kind(s.events, "recruit")[-1]
    assert ev.rule == "DQ-6.5" and ev.data["cost"] == 0 and ev.data["state"] == "closed"
    s.apply(A.Recruit(m09, "front"))  # COST 2
    assert s.gp[0] == 1 and of_kind(s.events, "recruit")[-1].data["cost"] == 2
    assert A.Recruit(m11, "back") not in s.legal_actions()  # COST 2 > 1 GP
    with pytest.raises(IllegalActionError, match="DQ-6.5"):
        s.apply(A.Recruit(m11, "back"))


def test_DQ_6_5_level_equal_to_player_level_enters_active_and_counter_resets_each_turn() -> None:
    s = pos(pl(["M01"], hand=["M09", "M11"], level=2), pl(["M01"], exp=["M22"]), recruits=0)
    m09, m11 = find(s, 0, "hand", "M09"), find(s, 0, "hand", "M11")
    s.apply(A.Recruit(m09, "front"))
    assert s.orient[m09] == ACTIVE
    end_turn(s)
    to_prep(s)
    end_turn(s)
    to_prep(s)
    s.apply(A.Recruit(m11, "back"))  # a new turn: free again
    assert of_kind(s.events, "recruit")[-1].data["cost"] == 0


def test_DQ_6_6_treat_confused_becomes_closed_not_active() -> None:
    s = pos(pl([{"card": "M09", "state": "confused", "poisoned": True}, "M01"], gp=3), pl(["M01"]))
    m09, m01 = s.front(0)
    assert A.Treat(m01) not in s.legal_actions()  # a normal card has nothing to treat
    s.apply(A.Treat(m09))
    assert s.gp[0] == 1  # COST 2
    assert s.orient[m09] == CLOSED and m09 not in s.poisoned and s.is_normal(m09)
    assert of_kind(s.events, "treat")[0].rule == "DQ-6.6"


def test_DQ_6_6_treat_poison_keeps_orientation_and_needs_gp() -> None:
    s = pos(pl([{"card": "M09", "poisoned": True}], gp=2), pl(["M01"]))
    m09 = s.front(0)[0]
    s.apply(A.Treat(m09))
    assert s.orient[m09] == ACTIVE and m09 not in s.poisoned and s.gp[0] == 0
    s = pos(pl([{"card": "M09", "poisoned": True}], gp=1), pl(["M01"]))
    assert A.Treat(s.front(0)[0]) not in s.legal_actions()


def test_DQ_6_7_heal_puts_damage_cards_on_the_deck_bottom() -> None:
    s = pos(pl([{"card": "M09", "damage": 3}], gp=2), pl(["M01"]))
    m09 = s.front(0)[0]
    dmg = list(s.damage_zone(m09))
    deck_before = list(s.zone(0, "deck"))
    s.apply(A.Heal(m09))
    assert s.damage(m09) == 0 and s.gp[0] == 0
    deck = s.zone(0, "deck")
    assert sorted(deck[:3]) == sorted(dmg) and deck[3:] == deck_before  # bottom = index 0
    ev = of_kind(s.events, "heal")[0]
    assert ev.rule == "DQ-6.7" and ev.data["removed"] == 3


def test_DQ_6_7_heal_only_normal_damaged_cards() -> None:
    s = pos(
        pl(
            [{"card": "M09", "damage": 1, "poisoned": True}, {"card": "M01", "damage": 1, "state": "confused"}, "M03"],
            gp=9,
        ),
        pl(["M01"]),
    )
    heals = [a for a in s.legal_actions() if isinstance(a, A.Heal)]
    assert heals == []  # poisoned, confused, and an undamaged card
    s = pos(pl([{"card": "M09", "damage": 1, "state": "closed"}], gp=1), pl(["M01"]))
    assert A.Heal(s.front(0)[0]) not in s.legal_actions()  # COST 2 > 1 GP
    s = pos(pl([{"card": "M09", "damage": 1, "state": "closed"}], gp=2), pl(["M01"]))
    assert A.Heal(s.front(0)[0]) in s.legal_actions()  # closed is still normal


def test_DQ_6_8_restore_closed_to_active() -> None:
    s = pos(pl([{"card": "M09", "state": "closed"}, {"card": "M11", "state": "confused"}, "M01"], gp=4), pl(["M01"]))
    m09, m11, m01 = s.front(0)
    legal = s.legal_actions()
    assert A.Restore(m09) in legal
    assert A.Restore(m11) not in legal and A.Restore(m01) not in legal  # confused is not closed
    s.apply(A.Restore(m09))
    assert s.orient[m09] == ACTIVE and s.gp[0] == 2
    with pytest.raises(IllegalActionError, match="DQ-6.8"):
        s.apply(A.Restore(m11))


def test_DQ_6_9_equip_type_must_match_and_pays_cost() -> None:
    s = pos(pl(["H01", "M01"], hand=["I02", "I07"], gp=5), pl(["M01"]))
    h01, m01 = s.front(0)
    i02, i07 = find(s, 0, "hand", "I02"), find(s, 0, "hand", "I07")
    legal = s.legal_actions()
    assert A.Equip(i02, h01) in legal  # sword item, sword character
    assert A.Equip(i07, h01) not in legal  # axe item
    assert A.Equip(i02, m01) not in legal  # a monster never carries items
    with pytest.raises(IllegalActionError, match="DQ-6.9"):
        s.apply(A.Equip(i07, h01))
    s.apply(A.Equip(i02, h01))
    assert s.item_of(h01) == i02 and s.gp[0] == 3 and i02 not in s.zone(0, "hand")
    assert s.attack_of(h01) == 4


def test_DQ_6_9_one_item_the_old_one_is_discarded() -> None:
    s = pos(pl([{"card": "H01", "item": "I02"}], hand=["I01"], gp=1), pl(["M01"]))
    h01 = s.front(0)[0]
    old = s.item_of(h01)
    i01 = find(s, 0, "hand", "I01")
    s.apply(A.Equip(i01, h01))
    assert s.item_of(h01) == i01 and old in s.zone(0, "discard")
    assert [c for c in s.zone(0, "discard") if s.card(c).type == "item"] == [old]
    assert of_kind(s.events, "equip")[0].data["old"] == old


def test_DQ_6_10_formation_change_only_active_cards_move() -> None:
    s = pos(
        pl(["M01", {"card": "M03", "state": "closed"}, "M09"], ["M05", {"card": "M02", "state": "closed"}]), pl(["M01"])
    )
    m01, m03, m09 = s.front(0)
    m05, m02 = s.back(0)
    legal = s.legal_actions()
    moves = {a for a in legal if isinstance(a, (A.Move, A.Swap))}
    # 3/2: no card can go back (2/3); nothing can come forward (row full); swaps of active cards only
    assert moves == {A.Swap(m01, m05), A.Swap(m09, m05)}
    s.apply(A.Swap(m09, m05))
    assert m05 in s.front(0) and m09 in s.back(0)
    assert of_kind(s.events, "swap")[0].rule == "DQ-6.10"
    with pytest.raises(IllegalActionError, match="DQ-6.10"):
        s.apply(A.Swap(m03, m02))


def test_DQ_6_10_move_respects_the_formation() -> None:
    s = pos(pl(["M01", "M03", "M09"], ["M05"]), pl(["M01"]))
    m01, m03, m09 = s.front(0)
    m05 = s.back(0)[0]
    legal = s.legal_actions()
    assert A.Move(m05) not in legal  # the front row is full
    assert A.Move(m01) not in legal  # 2/2 is illegal under strict
    s2 = pos(pl(["M01", "M03", "M09"], ["M05"]), pl(["M01"]), options={"formation": "at_least"})
    s2.apply(A.Move(s2.front(0)[0]))
    assert (len(s2.front(0)), len(s2.back(0))) == (2, 2)


def test_DQ_6_11_prep_effect_with_close_cost() -> None:
    s = pos(pl(["H06"]), pl(["M01"]))  # prep, close: gain 1 GP
    h06 = s.front(0)[0]
    s.apply(A.Use(h06, 0))
    assert s.orient[h06] == CLOSED and s.gp[0] == 1 and s.node == "prep"
    ev = of_kind(s.events, "use")[0]
    assert ev.rule == "DQ-6.11" and ev.data["close"] is True


def test_DQ_6_11_prep_effect_costs_close_never_gp() -> None:
    s = pos(pl(["H15"], gp=0), pl(["M01"]))  # effect 2: prep, close this card: draw 1 (no GP needed)
    h15 = s.front(0)[0]
    top = s.zone(0, "deck")[-1]
    assert A.Use(h15, 1) in s.legal_actions()
    s.apply(A.Use(h15, 1))
    assert s.gp[0] == 0 and s.zone(0, "hand") == [top] and s.orient[h15] == CLOSED
    assert A.Use(h15, 1) not in s.legal_actions()  # closed: the close cost cannot be paid again (DQ-4.6)
    ev = next(e for e in s.events if e.kind == "use")
    assert "gp" not in ev.data and ev.data["close"] is True


def test_DQ_6_11_no_effect_of_the_pool_costs_gp() -> None:
    for c in POOL.values():
        effects = list(c.effects) + ([c.use] if c.use is not None else [])
        for e in effects:
            assert not hasattr(e, "gp"), c.id
        assert "pay" not in c.text["en"].lower() and "GPを払" not in c.text["ja"], c.id  # card texts agree


@pytest.mark.parametrize("where", ["effects", "use"])
def test_DQ_6_11_the_card_loader_rejects_a_gp_cost_on_an_effect(where: str) -> None:
    import copy
    import json

    from tcgteach.core.errors import DataFileError
    from tcgteach.dragonquest.rules.cards import DATA, parse_cards

    data = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    if where == "effects":
        i = next(i for i, c in enumerate(bad["cards"]) if c["type"] in ("character", "monster") and c["effects"])
        bad["cards"][i]["effects"][0]["cost"]["gp"] = 1
        place = f"cards[{i}] ({bad['cards'][i]['id']}).effects[0].cost.gp"
    else:
        i = next(i for i, c in enumerate(bad["cards"]) if c["type"] == "item" and c["use"])
        bad["cards"][i]["use"]["cost"]["gp"] = 2
        place = f"cards[{i}] ({bad['cards'][i]['id']}).use.cost.gp"
    with pytest.raises(DataFileError) as err:
        parse_cards(bad, "mycards.json")
    text = str(err.value)
    assert "mycards.json" in text and place in text and "DQ-6.11" in text
    assert parse_cards(data, "cards.json")  # the shipped pool itself loads


def test_DQ_6_11_prep_effect_with_hand_cost_and_target() -> None:
    # H16: prep, hand cost 1, target own: activate
    s = pos(pl(["H16", {"card": "M09", "state": "closed"}], hand=["M01", "M02"]), pl(["M01"]))
    h16, m09 = s.front(0)
    m01 = find(s, 0, "hand", "M01")
    s.apply(A.Use(h16, 0))
    assert s.node == "prep.pay"
    s.apply(A.Discard(m01))
    assert s.node == "prep.target" and set(s.legal_actions()) == {A.Target(h16), A.Target(m09)}
    s.apply(A.Target(m09))
    assert s.node == "prep" and s.orient[m09] == ACTIVE and m01 in s.zone(0, "discard")


def test_DQ_6_12_quest_once_per_turn_then_discarded_at_end_of_turn() -> None:
    s = pos(pl(["M01"], hand=["Q07", "Q07"]), pl(["M01"]))
    q1, q2 = find(s, 0, "hand", "Q07", 0), find(s, 0, "hand", "Q07", 1)
    s.apply(A.Quest(q1))  # no hand cost, gain 2 GP
    assert s.gp[0] == 2 and s.zone(0, "quest") == [q1] and s.quest_played
    assert A.Quest(q2) not in s.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        s.apply(A.Quest(q2))
    assert err.value.rule == "DQ-6.12"
    n = len(s.events)
    end_turn(s)
    assert q1 in s.zone(0, "discard") and s.zone(0, "quest") == []
    assert of_kind(since(s, n), "quest_leaves")[0].rule == "DQ-6.14"


def test_DQ_6_12_a_staying_quest_stays_and_gives_its_aura() -> None:
    # Q09: hand cost 1, gain 1 GP, stays: +1 attack for the own party cards
    s = pos(pl(["M09"], hand=["Q09", "M01"]), pl(["M05"]))
    m09 = s.front(0)[0]
    q09 = find(s, 0, "hand", "Q09")
    s.apply(A.Quest(q09))  # the only other hand card pays the cost at once
    assert s.zone(0, "quest") == [q09] and s.gp[0] == 1 and s.attack_of(m09) == 4
    end_turn(s)
    assert s.zone(0, "quest") == [q09]  # it stayed
    to_prep(s)
    end_turn(s)
    to_prep(s)
    to_action_step(s)
    attack(s, m09, block=s.front(1)[0], counter=False)
    b = battle(s)
    assert b["attack"]["attacker"]["aura"] == 1 and b["blows"][0]["damage"] == 4


def test_DQ_6_13_fight_or_skip() -> None:
    s = pos(pl(["M01"]), pl(["M01"]), node="battle")
    assert s.legal_actions() == (A.Fight(), A.Skip())
    s.apply(A.Fight())
    assert s.node == "combat.start" and of_kind(s.events, "fight")[0].rule == "DQ-6.13"
    s = pos(pl(["M01"]), pl(["M01"]), node="battle")
    s.apply(A.Skip())
    assert of_kind(s.events, "skip_battle")[0].rule == "DQ-6.13"
    assert s.turn_player == 1 and not of_kind(s.events, "attack")


def test_DQ_6_14_end_of_turn_in_order() -> None:
    # P1: a quest played this turn, a poisoned card, a confused card; P2: no party card at all
    s = pos(
        pl(["M05", {"card": "M09", "poisoned": True}, {"card": "M01", "state": "confused"}], quest=["Q07"]),
        pl([]),
        node="battle",
        quest_played=True,
    )
    m05, m09, m01 = s.front(0)
    q07 = s.zone(0, "quest")[0]
    n = len(s.events)
    s.apply(A.Skip())
    ev = [e for e in since(s, n) if e.kind in ("wipe_out", "quest_leaves", "damage", "confusion")]
    assert kinds(ev) == ["wipe_out", "quest_leaves", "damage"]
    assert ev[0].player == 1 and ev[0].data["n"] == 5 and len(s.zone(1, "discard")) == 5
    assert ev[1].data["card"] == q07 and ev[2].data["card"] == m09  # poison: 1 damage
    assert all(e.rule == "DQ-6.14" for e in ev)
    # 4. the confused card's owner picks one of the own cards (itself included)
    assert s.node == "end.confusion" and s.current_player == 0
    assert set(s.legal_actions()) == {A.Target(m05), A.Target(m09), A.Target(m01)}
    s.apply(A.Target(m05))
    assert s.damage(m05) == 1 and s.damage(m09) == 1 and s.damage(m01) == 0
    conf = of_kind(s.events, "confusion")[-1]
    assert conf.data == {"card": m01, "target": m05} and conf.rule == "DQ-6.14"
    assert s.turn_player == 1 and s.node in ("draw", "prep")  # 5. the other player's turn


def test_DQ_6_14_wipe_out_penalty_hits_each_player_without_party() -> None:
    s = pos(pl([]), pl([]), node="battle")
    decks = [len(s.zone(p, "deck")) for p in range(2)]
    s.apply(A.Skip())
    assert Counter(e.player for e in of_kind(s.events, "wipe_out")) == Counter([0, 1])
    assert len(s.zone(0, "deck")) == decks[0] - 5
    assert len(s.zone(1, "discard")) == 5
    s = pos(pl(["M01"]), pl(["M01"]), node="battle")
    s.apply(A.Skip())
    assert not of_kind(s.events, "wipe_out")


@pytest.mark.parametrize("status_tick", ["both_players", "turn_player"])
def test_DQ_6_14_status_tick_option(status_tick: str) -> None:
    s = pos(
        pl([{"card": "M09", "poisoned": True}, "M01"]),
        pl([{"card": "M09", "poisoned": True}, {"card": "M05", "state": "confused"}, "M01"]),
        node="battle",
        options={"status_tick": status_tick},
    )
    mine = s.front(0)[0]
    theirs, confused, other = s.front(1)
    s.apply(A.Skip())
    assert s.damage(mine) == 1
    if status_tick == "both_players":
        assert s.damage(theirs) == 1
        # the opponent's confused card: its owner (P2) decides, during P1's end of turn
        assert s.node == "end.confusion" and s.current_player == 1 and s.turn_player == 0
        assert set(s.legal_actions()) == {A.Target(theirs), A.Target(confused), A.Target(other)}
        s.apply(A.Target(confused))
        assert s.damage(confused) == 1
    else:
        assert s.damage(theirs) == 0 and s.damage(confused) == 0
        assert not of_kind(s.events, "confusion")
    assert s.turn_player == 1


def test_DQ_6_14_single_party_card_takes_its_own_confusion_damage() -> None:
    s = pos(pl([{"card": "M05", "state": "confused"}]), pl(["M01"]), node="battle")
    m05 = s.front(0)[0]
    s.apply(A.Skip())
    assert s.damage(m05) == 1 and of_kind(s.events, "confusion")[0].data["target"] == m05


# == DQ-7 Combat ==========================================================================================
def test_DQ_7_1_start_step_alternates_and_ends_on_two_passes_in_a_row() -> None:
    # P1's H05: start, close, 1 damage to an enemy; P2's M04: start, close, poison an enemy front card
    s = pos(pl(["H05", "M01"]), pl(["M04", "M05"]), node="battle")
    h05, m01 = s.front(0)
    m04, m05 = s.front(1)
    s.apply(A.Fight())
    assert s.node == "combat.start" and s.current_player == 0  # the attacker first
    assert A.Use(h05, 0) in s.legal_actions()
    s.apply(A.Pass())
    assert s.node == "combat.start" and s.current_player == 1  # alternating
    s.apply(A.Use(m04, 0))
    assert s.node == "combat.target" and s.current_player == 1
    s.apply(A.Target(m01))
    assert m01 in s.poisoned and s.orient[m04] == CLOSED
    assert s.node == "combat.start" and s.current_player == 0  # a pass, an effect, a pass is not two in a row
    s.apply(A.Pass())
    assert s.node == "combat.start" and s.current_player == 1
    assert s.legal_actions() == (A.Pass(),)  # M04 is closed now
    s.apply(A.Pass())
    assert s.node == "combat.action" and s.current_player == 0
    passes = of_kind(s.events, "pass")
    assert [e.data["passes"] for e in passes] == [1, 1, 2] and all(e.rule == "DQ-7.1" for e in passes)


def test_DQ_7_1_start_effect_resolves_at_once() -> None:
    s = pos(pl(["H05"]), pl(["M02"]), node="battle")  # H05: 1 damage to an enemy; M02 has hp 1
    h05, m02 = s.front(0)[0], s.front(1)[0]
    s.apply(A.Fight())
    s.apply(A.Use(h05, 0))  # one possible target: chosen by itself
    assert m02 in s.zone(1, "exp") and s.gp[0] == 1  # defeated by an effect: GP = level (DQ-8.3)
    assert s.node == "combat.start" and s.current_player == 1


def test_DQ_7_2_action_step_choices_and_pass_ends_the_battle_phase() -> None:
    s = pos(pl(["M16", "H04"], ["M01"]), pl(["M05"]), node="combat.action")
    m16, h04 = s.front(0)
    legal = s.legal_actions()
    assert set(legal) == {A.Attack(m16), A.Attack(h04), A.Use(m16, 0), A.Use(h04, 0), A.Pass()}
    n = len(s.events)
    s.apply(A.Pass())
    ev = since(s, n)
    assert ev[0].kind == "pass_action" and ev[0].rule == "DQ-7.2"
    assert s.turn_player == 1 and not of_kind(ev, "attack")


def test_DQ_7_2_action_effect_then_end_step() -> None:
    s = pos(pl(["M16"]), pl(["M05", "M01"]), node="combat.action")  # M16: close, 2 damage to enemy front
    m16 = s.front(0)[0]
    m05, m01 = s.front(1)
    s.apply(A.Use(m16, 0))
    assert s.node == "combat.target"
    s.apply(A.Target(m05))
    assert s.damage(m05) == 2 and s.orient[m16] == CLOSED
    assert s.node == "end" or s.turn_player == 1  # no battle action left: the battle ends
    assert of_kind(s.events, "battle_over")[-1].data["reason"] == "no_action"


def test_DQ_7_3_attacker_is_an_active_front_card_and_is_closed() -> None:
    s = pos(pl(["M09", {"card": "M03", "state": "closed"}], ["M01"]), pl(["M05"]), node="combat.action")
    m09, m03 = s.front(0)
    m01 = s.back(0)[0]
    attacks = [a for a in s.legal_actions() if isinstance(a, A.Attack)]
    assert attacks == [A.Attack(m09)]
    for bad in (m03, m01, s.front(1)[0]):
        with pytest.raises(IllegalActionError) as err:
            s.apply(A.Attack(bad))
        assert err.value.rule == "DQ-7.3"
    s.apply(A.Attack(m09))
    assert s.orient[m09] == CLOSED and of_kind(s.events, "attack")[0].rule == "DQ-7.3"


def test_DQ_7_4_defender_blocks_with_an_active_front_card_not_closed() -> None:
    s = pos(pl(["M09"]), pl(["M05", {"card": "M01", "state": "closed"}, "M12"], ["M02"]), node="combat.action")
    m05, m01, m12 = s.front(1)
    s.apply(A.Attack(s.front(0)[0]))
    assert s.node == "combat.defend" and s.current_player == 1
    assert set(s.legal_actions()) == {A.Block(m05), A.Block(m12), A.NoBlock()}  # not closed, not back row
    with pytest.raises(IllegalActionError, match="DQ-7.4"):
        s.apply(A.Block(m01))
    s.apply(A.Block(m05))
    assert of_kind(s.events, "block")[0].rule == "DQ-7.4"
    assert s.node == "combat.counter"
    s.apply(A.NoCounter())
    assert s.orient[m05] == ACTIVE  # defending does not close


def test_DQ_7_5_refusal_lets_the_attacker_pick_any_front_card_whatever_its_state() -> None:
    s = pos(
        pl(["M09"]),
        pl(["M05", {"card": "M01", "state": "closed"}, {"card": "M12", "state": "confused"}]),
        node="combat.action",
    )
    m05, m01, m12 = s.front(1)
    s.apply(A.Attack(s.front(0)[0]))
    s.apply(A.NoBlock())
    assert s.node == "combat.fallback" and s.current_player == 0
    assert set(s.legal_actions()) == {A.Target(m05), A.Target(m01), A.Target(m12)}
    s.apply(A.Target(m01))  # a closed card cannot counterattack: straight to the judgment
    b = battle(s)
    assert b["defender"] == m01 and b["counter"] is False and b["order"] == "attacker_only"
    assert m01 in s.zone(1, "exp")  # M09 (atk 3) vs M01 (hp 2)


def test_DQ_7_5_attacker_picks_an_active_card_then_the_defender_may_counter() -> None:
    s = pos(pl(["M09", "M01"]), pl(["M05", "M01"]), node="combat.action")
    m05, m01 = s.front(1)
    s.apply(A.Attack(s.front(0)[0]))
    s.apply(A.NoBlock())
    s.apply(A.Target(m05))
    assert s.node == "combat.counter" and s.current_player == 1
    s.apply(A.Counter())
    assert battle(s)["counter"] is True and s.orient[m05] == CLOSED


def test_DQ_7_5_no_possible_blocker_goes_to_the_attackers_choice() -> None:
    s = pos(
        pl(["M09"]),
        pl([{"card": "M05", "state": "closed"}, {"card": "M01", "state": "confused"}]),
        node="combat.action",
    )
    s.apply(A.Attack(s.front(0)[0]))
    assert s.node == "combat.fallback" and s.current_player == 0
    assert of_kind(s.events, "no_blocker")[0].rule == "DQ-7.5"
    # a single front card: fixed without a choice
    s = pos(pl(["M09"]), pl([{"card": "M05", "state": "closed"}]), node="combat.action")
    s.apply(A.Attack(s.front(0)[0]))
    assert battle(s)["defender"] == s.front(1)[0]


def test_DQ_7_6_attack_is_illegal_against_an_empty_front_row() -> None:
    s = pos(pl(["M09"]), pl([]), node="combat.action")
    m09 = s.front(0)[0]
    assert not [a for a in s.legal_actions() if isinstance(a, A.Attack)]
    with pytest.raises(IllegalActionError) as err:
        s.apply(A.Attack(m09))
    assert err.value.rule == "DQ-7.6"
    # the action step still offers Pass (and effects)
    assert A.Pass() in s.legal_actions()


def test_DQ_7_7_counterattack_closes_the_defender() -> None:
    s = pos(pl(["M05", "M01"]), pl(["M01"]), node="combat.action")
    m05, m01 = s.front(0)[0], s.front(1)[0]
    attack(s, m05, block=m01, counter=True)
    assert s.node == "combat.end_step"
    assert s.orient[m01] == CLOSED and s.damage(m05) == 1 and s.damage(m01) == 1
    assert of_kind(s.events, "counter")[0].rule == "DQ-7.7"


def test_DQ_7_7_no_counterattack_deals_no_damage() -> None:
    s = pos(pl(["M05"]), pl(["M09"]), node="combat.action")
    m05, m09 = s.front(0)[0], s.front(1)[0]
    attack(s, m05, block=m09, counter=False)
    b = battle(s)
    assert b["counter"] is False and b["order"] == "attacker_only"
    assert [dict(x) for x in b["blows"]] == [{"from": m05, "to": m09, "damage": 1, "taken": 1}]
    assert s.damage(m05) == 0 and s.damage(m09) == 1 and s.orient[m09] == ACTIVE


def test_DQ_7_8_faster_strikes_first() -> None:
    # M09 (spd 3, atk 3, hp 4) attacks M11 (spd 5, atk 3, hp 2): M11 first, M09 survives and strikes back
    s = pos(pl(["M09"]), pl(["M11"]), node="combat.action")
    m09, m11 = s.front(0)[0], s.front(1)[0]
    attack(s, m09, block=m11)
    b = battle(s)
    assert b["order"] == "defender_first"
    assert [(x["from"], x["to"], x["damage"]) for x in b["blows"]] == [(m11, m09, 3), (m09, m11, 3)]
    assert s.damage(m09) == 3 and m11 in s.zone(1, "exp") and list(b["defeated"]) == [m11]


def test_DQ_7_8_first_strike_defeat_takes_no_damage() -> None:
    # M19 (spd 6, atk 5) attacks M09 (hp 4): M09 is defeated before it can strike back
    s = pos(pl(["M19"]), pl(["M09"]), node="combat.action")
    m19, m09 = s.front(0)[0], s.front(1)[0]
    attack(s, m19, block=m09, counter=True)
    b = battle(s)
    assert b["order"] == "attacker_first" and b["prevented"] is True
    assert len(b["blows"]) == 1 and s.damage(m19) == 0 and m09 in s.zone(1, "exp")
    # the same for a faster defender
    s = pos(pl(["M03"]), pl(["M11"]), node="combat.action")
    m03, m11 = s.front(0)[0], s.front(1)[0]
    attack(s, m03, block=m11, counter=True)
    b = battle(s)
    assert b["order"] == "defender_first" and b["prevented"] is True
    assert s.damage(m11) == 0 and m03 in s.zone(0, "exp")


def test_DQ_7_8_equal_speed_is_simultaneous_both_can_be_defeated() -> None:
    # M03 (atk 2, hp 1, spd 4) vs M12 (atk 1, hp 3, spd 4) with 1 damage: both fall
    s = pos(pl(["M03", "M01"]), pl([{"card": "M12", "damage": 1}, "M01"]), node="combat.action")
    m03, m12 = s.front(0)[0], s.front(1)[0]
    attack(s, m03, block=m12, counter=True)
    b = battle(s)
    assert b["order"] == "simultaneous" and b["prevented"] is False and len(b["blows"]) == 2
    assert m03 in s.zone(0, "exp") and m12 in s.zone(1, "exp")
    assert s.node == "combat.end_step" and s.gp == (2, 1)  # M12 is level 2, M03 level 1


def test_DQ_7_8_modifiers_from_items_count() -> None:
    # H01 (atk 2, spd 3) with I01 (+1 atk, +1 spd) vs M07 (atk 2, spd 3, hp 3): H01 faster, 3 damage defeats M07
    s = pos(pl([{"card": "H01", "item": "I01"}]), pl(["M07"]), node="combat.action")
    h01, m07 = s.front(0)[0], s.front(1)[0]
    attack(s, h01, block=m07, counter=True)
    b = battle(s)
    assert b["attack"]["attacker"] == {"base": 2, "item": 1, "aura": 0, "total": 3}
    assert b["speed"]["attacker"]["total"] == 4 and b["order"] == "attacker_first"
    assert b["prevented"] is True and s.damage(h01) == 0 and m07 in s.zone(1, "exp")


def test_DQ_7_8_an_equip_that_lowers_hp_to_the_damage_defeats_the_card() -> None:
    """DQ-7.8: a card is defeated when its damage >= its HP, modifiers included. H02 (hp 4) carries
    I13 (+2 hp) with 5 damage; equipping I07 (+1 hp) discards I13 (DQ-6.9), so its HP is 5 = damage."""
    s = pos(pl([{"card": "H02", "item": "I13", "damage": 5}, "M01"], hand=["I07"], gp=5), pl(["M01"], gp=0))
    h02 = s.front(0)[0]
    i07 = find(s, 0, "hand", "I07")
    s.apply(A.Equip(i07, h02))
    assert h02 not in s.front(0), f"H02 stays on the field with {s.damage(h02)} damage and HP {s.hp_of(h02)}"
    assert h02 in s.zone(0, "exp")
    assert s.gp[1] == 1  # DQ-8.3: the opponent gains the level


def test_DQ_7_8_a_staying_quest_that_leaves_takes_its_hp_aura_and_defeats_the_card() -> None:
    """Q10 stays in play and gives +1 HP; a new quest replaces it (DQ-6.12). M05 (hp 4) with 4 damage
    then has damage >= HP and is defeated (DQ-7.8, DQ-8.2, DQ-8.3)."""
    s = pos(pl([{"card": "M05", "damage": 4}, "M01"], quest=["Q10"], hand=["Q07"]), pl(["M01"], gp=0))
    m05 = s.front(0)[0]
    assert s.hp_of(m05) == 5
    s.apply(A.Quest(find(s, 0, "hand", "Q07")))
    assert s.zone(0, "quest") == [find(s, 0, "quest", "Q07")]  # Q10 left
    assert m05 not in s.front(0), f"M05 stays on the field with {s.damage(m05)} damage and HP {s.hp_of(m05)}"
    assert m05 in s.zone(0, "exp") and s.gp[1] == 1


def test_DQ_7_8_combat_explanation_shows_the_arithmetic() -> None:
    from tcgteach.dragonquest.teaching.text import combat_explanation

    s = pos(pl(["M19"]), pl(["M09"]), node="combat.action")
    attack(s, s.front(0)[0], block=s.front(1)[0])
    lines = combat_explanation(s, s.last_combat)
    text = "\n".join(lines)
    assert "6 > 3" in text and "DQ-7.8" in text and "never strikes back" in text
    assert any("DQ-8.3" in line for line in lines)
    assert "DQ-7.8" in "\n".join(combat_explanation(s, s.last_combat, "ja"))


def test_DQ_7_9_continue_goes_back_to_the_action_step_not_the_start_step() -> None:
    s = pos(pl(["M09", "M01"]), pl(["M05"]), node="battle")
    m09, m01 = s.front(0)
    to_action_step(s)
    attack(s, m09, block=s.front(1)[0], counter=False)
    assert s.node == "combat.end_step" and s.legal_actions() == (A.Continue(), A.EndBattle())
    n = len(s.trail)
    s.apply(A.Continue())
    assert s.trail[n:] == [("combat.end_step", "combat.action")]
    assert s.node == "combat.action" and s.current_player == 0
    assert of_kind(s.events, "continue")[0].rule == "DQ-7.9"
    assert s.legal_actions() == (A.Attack(m01), A.Pass())


def test_DQ_7_9_end_battle_or_battle_over_when_no_action_is_left() -> None:
    s = pos(pl(["M09", "M01"]), pl(["M05"]), node="combat.action")
    attack(s, s.front(0)[0], block=s.front(1)[0], counter=False)
    s.apply(A.EndBattle())
    ev = of_kind(s.events, "battle_over")[-1]
    assert ev.rule == "DQ-7.9" and ev.data["reason"] == "chosen" and s.turn_player == 1
    # one attacker only: after its attack no battle action is possible, the battle ends by itself
    s = pos(pl(["M09"]), pl(["M05"]), node="combat.action")
    attack(s, s.front(0)[0], block=s.front(1)[0], counter=False)
    assert of_kind(s.events, "battle_over")[-1].data["reason"] == "no_action" and s.turn_player == 1


# == DQ-8 Damage and defeat ===============================================================================
def test_DQ_8_1_damage_moves_the_top_deck_cards_onto_the_card() -> None:
    s = pos(pl(["M09"]), pl(["M18"]), node="combat.action")  # M18 hp 7
    m18 = s.front(1)[0]
    top3 = s.zone(1, "deck")[-3:]
    deck_n = len(s.zone(1, "deck"))
    attack(s, s.front(0)[0], block=m18, counter=False)
    assert sorted(s.damage_zone(m18)) == sorted(top3) and s.damage(m18) == 3
    assert len(s.zone(1, "deck")) == deck_n - 3
    dmg = of_kind(s.events, "damage")[-1]
    assert dmg.rule == "DQ-7.8" and dmg.player == 1 and dmg.data["n"] == 3 and dmg.data["taken"] == 3
    # damage stays across turns
    end_turn(s)
    assert s.damage(m18) == 3


def test_DQ_8_2_defeated_card_to_the_experience_box_damage_and_item_to_the_discard() -> None:
    s = pos(pl(["M19", "M01"]), pl([{"card": "H02", "item": "I07", "damage": 2}, "M01"]), node="combat.action")
    h02 = s.front(1)[0]
    i07 = s.item_of(h02)
    attack(s, s.front(0)[0], block=h02)
    assert s.node == "combat.end_step"
    assert s.zone(1, "exp") == [h02] and h02 not in s.front(1)
    assert s.damage(h02) == 0 and s.item_of(h02) is None
    assert i07 in s.zone(1, "discard") and len(s.zone(1, "discard")) == 1 + 2 + 5  # item + damage cards
    ev = of_kind(s.events, "defeat")[0]
    assert ev.rule == "DQ-8.2" and ev.data["damage_cards"] == 7 and ev.data["item"] == i07


def test_DQ_8_3_opponent_gains_gp_equal_to_the_level() -> None:
    s = pos(pl(["M19", "M01"], gp=1), pl(["M09", "M01"], gp=3), node="combat.action")
    attack(s, s.front(0)[0], block=s.front(1)[0])
    assert s.gp == (1 + 2, 3)  # M09 is level 2; its owner's GP does not change
    ev = of_kind(s.events, "gain_gp_defeat")[0]
    assert ev.rule == "DQ-8.3" and ev.player == 0 and ev.data["n"] == 2


def test_DQ_8_3_also_for_poison_defeats() -> None:
    s = pos(pl(["M01"]), pl([{"card": "M22", "damage": 5, "poisoned": True}]), node="battle")
    s.apply(A.Skip())
    m22 = s.zone(1, "exp")
    assert len(m22) == 1 and s.gp[0] == 5 + 0  # P1's GP: 5 for the level-5 card
    assert of_kind(s.events, "gain_gp_defeat")[0].data["n"] == 5


def test_DQ_8_3_also_for_confusion_defeats_of_an_own_card() -> None:
    # P2's confused M09 (hp 4, 3 damage) hits itself: P1 gains 2 GP
    s = pos(pl(["M01"]), pl([{"card": "M09", "damage": 3, "state": "confused"}]), node="battle")
    s.apply(A.Skip())
    assert len(s.zone(1, "exp")) == 1 and s.gp[0] == 2
    assert s.gp[1] == of_kind(s.events, "income")[-1].data["gp"]  # only P2's own income
    ev = of_kind(s.events, "gain_gp_defeat")
    assert [(e.player, e.data["n"]) for e in ev] == [(0, 2)]


def test_DQ_8_3_also_for_effect_defeats() -> None:
    s = pos(pl(["M01"], hand=["Q01", "M02"]), pl(["M11"]))  # Q01: 2 damage to an enemy front card
    q01 = find(s, 0, "hand", "Q01")
    s.apply(A.Quest(q01))
    assert len(s.zone(1, "exp")) == 1 and s.gp == (2, 0)


# == DQ-9 Experience and level ============================================================================
def test_DQ_9_1_experience_is_the_levels_in_the_opponents_experience_box() -> None:
    s = pos(pl(["M01"], exp=["M09", "M01"]), pl(["M01"], exp=["M22", "M19", "M03"]))
    assert s.experience(0) == 5 + 4 + 1
    assert s.experience(1) == 2 + 1
    # a defeat raises the opponent's experience, not the owner's
    s = pos(pl(["M19"]), pl(["M09"]), node="combat.action")
    attack(s, s.front(0)[0], block=s.front(1)[0])
    assert s.experience(0) == 2 and s.experience(1) == 0


@pytest.mark.parametrize(
    "exp_cards,level",
    [([], 1), (["M19"], 1), (["M22"], 2), (["M22", "M19"], 2), (["M22", "M22"], 3), (["M22", "M22", "M22", "M03"], 4)],
)
def test_DQ_9_2_level_is_1_plus_experience_div_5(exp_cards: list[str], level: int) -> None:
    s = pos(pl(["M01"]), pl(["M01"], exp=exp_cards), node="battle", tp=1)
    s.apply(A.Skip())
    assert s.level[0] == level == 1 + s.experience(0) // 5
    assert of_kind(s.events, "reset")[-1].data["level"] == level


def test_DQ_9_3_level_gates_entering_active_reset_and_income() -> None:
    s = pos(pl([{"card": "M09", "state": "closed"}], hand=["M11"]), pl(["M01"], exp=["M22"]), node="battle", tp=1)
    m09 = s.front(0)[0]
    m11 = find(s, 0, "hand", "M11")
    s.apply(A.Skip())
    assert s.level[0] == 2
    assert s.orient[m09] == ACTIVE  # reset activation (DQ-6.1)
    assert of_kind(s.events, "income")[-1].data["gp"] == 3  # income (DQ-6.2)
    to_prep(s)
    s.apply(A.Recruit(m11, "front"))
    assert s.orient[m11] == ACTIVE  # entering active (DQ-6.5)


def test_DQ_9_4_level_up_only_in_the_own_reset_phase() -> None:
    # M19 (atk 5, spd 6) defeats the level-5 M22 (hp 6, 1 damage) first: P1's experience is 5 at once
    s = pos(pl(["M19", "M19"]), pl([{"card": "M22", "damage": 1}, "M01"]), node="combat.action")
    m22 = s.front(1)[0]
    attack(s, s.front(0)[0], block=m22)
    assert m22 in s.zone(1, "exp") and s.experience(0) == 5
    assert s.level[0] == 1  # experience gained mid-turn: no level-up yet
    s.apply(A.EndBattle())
    assert s.turn_player == 1 and s.level[0] == 1  # the opponent's reset does not raise it either
    to_prep(s)
    end_turn(s)
    assert s.turn_player == 0 and s.level[0] == 2  # the own reset phase does
    up = of_kind(s.events, "level_up")
    assert [(e.player, e.rule, e.data["level"], e.data["exp"]) for e in up] == [(0, "DQ-9.4", 2, 5)]
    assert of_kind(s.events, "income")[-1].data["gp"] == 3  # and the new level counts at once


# == DQ-10 Cards ===========================================================================================
def test_DQ_10_1_party_cards_have_level_cost_attack_hp_speed_and_effects() -> None:
    party = [c for c in POOL.values() if c.is_party]
    assert {c.type for c in party} == {"character", "monster"}
    for c in party:
        assert c.level >= 1 and c.cost >= 0 and c.attack >= 0 and c.hp >= 1 and c.speed >= 0
        for e in c.effects:
            assert e.timing in ("prep", "start", "action")
    timings = {e.timing for c in party for e in c.effects}
    assert timings == {"prep", "start", "action"}
    costs = [(e.close, e.hand) for c in party for e in c.effects]  # never GP (DQ-6.11)
    assert any(x[0] for x in costs) and any(x[1] for x in costs) and any(x[0] and x[1] for x in costs)


def test_DQ_10_2_items_are_carried_by_characters_only() -> None:
    items = [c for c in POOL.values() if c.type == "item"]
    assert items and all(c.equip for c in items)
    assert any(c.use is not None for c in items)
    # the position refuses an item on a monster; Equip onto a monster is never offered
    with pytest.raises(StateFileError, match="DQ-10.2"):
        pos(pl([{"card": "M09", "item": "I01"}]), pl(["M01"]))
    s = pos(pl(["M09", "H01"], hand=["I01"], gp=5), pl(["M01"]))
    m09, h01 = s.front(0)
    equips = [a for a in s.legal_actions() if isinstance(a, A.Equip)]
    assert equips == [A.Equip(find(s, 0, "hand", "I01"), h01)]
    # the item's modifiers apply to its carrier
    s = pos(pl([{"card": "H02", "item": "I13"}]), pl(["M01"]))
    assert s.hp_of(s.front(0)[0]) == 4 + 2


def test_DQ_10_3_quest_cards_have_a_hand_cost_and_an_effect() -> None:
    quests = [c for c in POOL.values() if c.type == "quest"]
    assert quests and all(len(c.effects) == 1 and c.effects[0].hand == c.hand_cost for c in quests)
    assert any(c.stays for c in quests) and any(not c.stays for c in quests)
    # a quest needs its hand cost payable from the rest of the hand
    s = pos(pl(["M01"], hand=["Q01"]), pl(["M05"]))
    assert not [a for a in s.legal_actions() if isinstance(a, A.Quest)]
    s = pos(pl(["M01"], hand=["Q01", "M02"]), pl(["M05"]))
    assert A.Quest(find(s, 0, "hand", "Q01")) in s.legal_actions()


def test_DQ_10_4_no_hand_size_discard_no_unique_names_no_three_players() -> None:
    # many copies of one name on the field at once
    s = pos(pl(["M01", "M01", "M01"], ["M01", "M01"]), pl(["M01"]))
    assert ids(s, s.party(0)) == ["M01"] * 5
    # a big hand survives the end of turn
    s = pos(pl(["M01"], hand=["M02"] * 4 + ["M03"] * 4 + ["M04"] * 4), pl(["M01"]), node="battle")
    s.apply(A.Skip())
    assert len(s.zone(0, "hand")) == 12 and not of_kind(s.events, "discard")
    with pytest.raises(TcgError, match="DQ-1.1"):
        GAME.new_state(seed=0, players=3)


def test_DQ_1_2_a_blow_larger_than_the_deck_is_explained_with_the_cards_really_taken() -> None:
    """The combat explanation uses the cards actually moved and says the owner lost (DQ-1.2, DQ-8.1)."""
    from tcgteach.dragonquest.teaching.text import combat_explanation

    g = cast(DragonQuest, tcgteach.game("dragonquest"))
    s = g.position(
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {"front": [{"card": "M22", "state": "active"}], "deck": {"fill": "beasts"}},
                {"front": [{"card": "M10", "state": "closed"}], "deck": ["M01", "M01"], "discard": ["M02"] * 47},
            ],
        }
    )
    s.apply([a for a in s.legal_actions() if str(a).startswith("attack")][0])  # 6 damage, 2 cards in the deck
    battle = [e for e in s.events if e.kind == "battle"][-1]
    blow = battle.data["blows"][0]
    assert (blow["damage"], blow["taken"]) == (6, 2)
    lines = "\n".join(combat_explanation(s, battle.data, "en"))
    assert "moves 2 cards from the deck" in lines and "4 could not be taken: its owner loses (DQ-1.2)" in lines
    assert s.is_terminal() and (out := s.result()) is not None and out.winners == (0,)
    kinds = [e.kind for e in s.events]
    assert kinds.index("damage") < kinds.index("deck_out")  # the loss is announced after what caused it
