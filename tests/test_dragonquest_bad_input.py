"""Bad input to the Dragon Quest engine: decks, card and deck files, teaching positions, actions,
options and saved states.

Every refusal is a ``tcgteach`` error naming a rule ID or a file/field location, never a bare
KeyError / TypeError / IndexError, and a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any, cast

import pytest

import tcgteach
from tcgteach import DataFileError, DeckError, IllegalActionError, OptionError, StateFileError, TcgError
from tcgteach.core.data import load_json
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as A
from tcgteach.dragonquest.rules.cards import DATA, card_pool, parse_cards, parse_decks, validate_deck

GAME = cast(DragonQuest, tcgteach.game("dragonquest"))
POOL = card_pool()
CARDS_JSON = load_json(DATA / "cards.json")
DECKS_JSON = load_json(DATA / "decks.json")
LEGAL = list(GAME.starter_deck("beasts").cards)
INDEX = {c["id"]: i for i, c in enumerate(CARDS_JSON["cards"])}


def where_of(cid: str) -> str:
    return f"cards[{INDEX[cid]}] ({cid})"


# == decks (DQ-2) =========================================================================================
def deck_error(deck: Any) -> DeckError:
    with pytest.raises(DeckError) as info:
        GAME.new_state(seed=0, decks=["heroes", deck])
    return info.value


def rules(err: DeckError) -> list[str]:
    return sorted(v.rule for v in err.violations)


@pytest.mark.parametrize("size", [0, 1, 49, 51, 150])
def test_deck_of_wrong_size(size: int) -> None:
    cards = (LEGAL + list(GAME.starter_deck("heroes").cards) + list(GAME.starter_deck("guardians").cards))[:size]
    err = deck_error(cards)
    assert "DQ-2.1" in rules(err)
    (v,) = [v for v in err.violations if v.rule == "DQ-2.1"]
    assert (v.count, v.limit) == (size, 50) and "deck of P2" in str(err)


def test_deck_with_five_copies_of_a_name() -> None:
    cards = LEGAL[:]
    cards[cards.index("M01")] = "M03"  # M03 x 5
    err = deck_error(cards)
    assert rules(err) == ["DQ-2.2"]
    v = err.violations[0]
    assert v.cards == ("M03",) and (v.count, v.limit) == (5, 4) and "[DQ-2.2]" in str(err)


def test_copies_are_counted_by_name_not_by_id() -> None:
    """DQ-2.2 limits copies of cards with the same *name*: two IDs sharing a name count together."""
    data = copy.deepcopy(CARDS_JSON)
    twin = copy.deepcopy(next(c for c in data["cards"] if c["id"] == "M01"))
    twin["id"] = "M01b"
    data["cards"].append(twin)
    pool = parse_cards(data, "cards.json")
    cards = [c for c in LEGAL if c not in ("M01",)][:44] + ["M01"] * 3 + ["M01b"] * 3
    assert len(cards) == 50
    vs = validate_deck(cards, pool)
    assert [v.rule for v in vs] == ["DQ-2.2"] and set(vs[0].cards) == {"M01", "M01b"} and vs[0].count == 6


def test_deck_with_unknown_card_ids() -> None:
    err = deck_error(LEGAL[:48] + ["Z99", "dragon"])
    assert rules(err) == ["DQ-11"]
    assert set(err.violations[0].cards) == {"Z99", "dragon"} and "Z99" in str(err)


def test_every_deck_violation_is_listed_at_once() -> None:
    cards = ["M02"] * 5 + ["M03"] * 6 + ["Z1"] + LEGAL[:3]
    err = deck_error(cards)
    assert rules(err) == ["DQ-11", "DQ-2.1", "DQ-2.2", "DQ-2.2"]
    text = str(err)
    assert "4 construction rule(s)" in text
    for rid in ("DQ-11", "DQ-2.1", "DQ-2.2"):
        assert f"[{rid}]" in text


@pytest.mark.parametrize(
    "deck",
    [
        None,
        42,
        3.5,
        object(),
        b"M01",
        [1, 2, 3],
        ["M01", None],
        {"M01": "4"},
        {"M01": -1},
        {"M01": True},
        "no-such-starter",
        {"M01": 50},
    ],
)
def test_a_deck_that_is_not_a_list_of_card_ids(deck: Any) -> None:
    err = deck_error(deck)
    assert err.violations and all(v.rule.startswith("DQ-") for v in err.violations)


def test_a_side_deck_in_the_deck_file_is_refused() -> None:
    data = copy.deepcopy(DECKS_JSON)
    data["decks"][0]["sideboard"] = {"M01": 1}
    with pytest.raises(DataFileError, match=r"DQ-2\.3") as info:
        parse_decks(data, "decks.json", POOL)
    assert info.value.file == "decks.json" and "decks[0]" in info.value.where


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda d: d.update(format="tcgteach-dragonquest-cards"), "format"),
        (lambda d: d.update(decks={}), "decks"),
        (lambda d: d["decks"][0].pop("name"), "decks[0]"),
        (lambda d: d["decks"][1].update(id="heroes"), "decks[1] (heroes).id"),
        (lambda d: d["decks"][0].update(cards=["H01"] * 50), "decks[0] (heroes).cards"),
        (lambda d: d["decks"][0]["cards"].update(Z99=1), "decks[0] (heroes).cards.Z99"),
        (lambda d: d["decks"][0]["cards"].update(H01="1"), "decks[0] (heroes).cards.H01"),
        (lambda d: d["decks"][0]["cards"].update(H01=0), "decks[0] (heroes).cards.H01"),
        (lambda d: d["decks"][0]["cards"].update(H01=5), "decks[0] (heroes)"),  # DQ-2.1 and DQ-2.2
        (lambda d: d["decks"][0]["style"].update(ja=3), "decks[0] (heroes).style.ja"),
    ],
)
def test_malformed_deck_file_names_the_file_and_the_field(change: Callable[[dict[str, Any]], Any], where: str) -> None:
    data = copy.deepcopy(DECKS_JSON)
    change(data)
    with pytest.raises(DataFileError) as info:
        parse_decks(data, "decks.json", POOL)
    assert info.value.file == "decks.json" and where in info.value.where


# == card files ===========================================================================================
def cards_with(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(CARDS_JSON)
    change(data)
    return data


def by_id(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["id"] == cid)


def test_the_shipped_card_file_parses() -> None:
    assert parse_cards(copy.deepcopy(CARDS_JSON), "cards.json").keys() == POOL.keys()


def _eff(cid: str, k: int = 0) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda d: by_id(d, cid)["effects"][k]


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda d: d.pop("format"), "(top)"),
        (lambda d: d.update(format="tcgteach-darkmoon-cards"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(cards={}), "cards"),
        (lambda d: d.update(cards=[]), "cards"),
        (lambda d: d.update(extra=1), "(top).extra"),
        (lambda d: d["cards"].__setitem__(2, "H03"), "cards[2]"),
        (lambda d: by_id(d, "H01").pop("hp"), where_of("H01")),
        (lambda d: by_id(d, "H01").update(hp=0), where_of("H01") + ".hp"),
        (lambda d: by_id(d, "H01").update(hp="3"), where_of("H01") + ".hp"),
        (lambda d: by_id(d, "H01").update(hp=3.0), where_of("H01") + ".hp"),
        (lambda d: by_id(d, "H01").update(level=True), where_of("H01") + ".level"),
        (lambda d: by_id(d, "H01").update(level=0), where_of("H01") + ".level"),
        (lambda d: by_id(d, "H01").update(cost=-1), where_of("H01") + ".cost"),
        (lambda d: by_id(d, "H01").update(speed=None), where_of("H01") + ".speed"),
        (lambda d: by_id(d, "H01").update(attack=99), where_of("H01") + ".attack"),
        (lambda d: by_id(d, "H01").update(type="hero"), where_of("H01") + ".type"),
        (lambda d: by_id(d, "H01").update(equip=[]), where_of("H01") + ".equip"),
        (lambda d: by_id(d, "H01").update(equip=["spear"]), where_of("H01") + ".equip[0]"),
        (lambda d: by_id(d, "H01").update(equip="sword"), where_of("H01") + ".equip"),
        (lambda d: by_id(d, "H01").pop("equip"), where_of("H01")),
        (lambda d: by_id(d, "M01").update(equip=["sword"]), where_of("M01") + ".equip"),  # monsters carry nothing
        (lambda d: by_id(d, "H01").update(id="H02"), "(H02).id"),  # the duplicate
        (lambda d: by_id(d, "H01").update(name="Hero"), where_of("H01") + ".name"),
        (lambda d: by_id(d, "H01")["name"].pop("ja"), where_of("H01") + ".name"),
        (lambda d: by_id(d, "H01")["name"].update(en=""), where_of("H01") + ".name.en"),
        (lambda d: by_id(d, "H04")["text"].update(en=""), where_of("H04") + ".text"),
        (lambda d: by_id(d, "H01").update(effects=None), where_of("H01") + ".effects"),
        (lambda d: by_id(d, "H01").update(colour="red"), where_of("H01") + ".colour"),
        (lambda d: _eff("H04")(d).update(timing="end"), where_of("H04") + ".effects[0].timing"),
        (lambda d: _eff("H04")(d).update(target="everyone"), where_of("H04") + ".effects[0].target"),
        (lambda d: _eff("H04")(d).update(target="none"), where_of("H04") + ".effects[0].do[0]"),
        (lambda d: _eff("H04")(d).pop("cost"), where_of("H04") + ".effects[0]"),
        (lambda d: _eff("H04")(d)["cost"].update(close="yes"), where_of("H04") + ".effects[0].cost.close"),
        (lambda d: _eff("H04")(d)["cost"].update(hand=4), where_of("H04") + ".effects[0].cost.hand"),
        (lambda d: _eff("H04")(d)["cost"].update(gp=-1), where_of("H04") + ".effects[0].cost.gp"),
        (lambda d: _eff("H04")(d)["cost"].update(life=1), where_of("H04") + ".effects[0].cost.life"),
        (lambda d: _eff("H04")(d).update(do=[]), where_of("H04") + ".effects[0].do"),
        (lambda d: _eff("H04")(d).update(do="damage"), where_of("H04") + ".effects[0].do"),
        (lambda d: _eff("H04")(d)["do"][0].update(op="explode"), where_of("H04") + ".effects[0].do[0].op"),
        (lambda d: _eff("H04")(d)["do"][0].update(n=9), where_of("H04") + ".effects[0].do[0].n"),
        (lambda d: _eff("H04")(d)["do"][0].pop("n"), where_of("H04") + ".effects[0].do[0]"),
        (lambda d: _eff("H04")(d)["do"].__setitem__(0, "damage"), where_of("H04") + ".effects[0].do[0]"),
        (lambda d: by_id(d, "I05")["use"].update(timing="prep"), where_of("I05") + ".use.timing"),
        (lambda d: by_id(d, "I05")["use"]["cost"].update(close=False), where_of("I05") + ".use.cost"),
        (lambda d: by_id(d, "I05")["use"]["cost"].update(gp=1), where_of("I05") + ".use.cost"),
        (lambda d: by_id(d, "I01").update(equip=[]), where_of("I01") + ".equip"),
        (lambda d: by_id(d, "I01").update(attack=-6), where_of("I01") + ".attack"),
        (lambda d: by_id(d, "I01").pop("use"), where_of("I01")),
        (lambda d: by_id(d, "Q01").update(hand_cost=4), where_of("Q01") + ".hand_cost"),
        (lambda d: by_id(d, "Q01").update(target="self"), where_of("Q01") + ".target"),
        (lambda d: by_id(d, "Q01").update(stays="no"), where_of("Q01") + ".stays"),
        (lambda d: by_id(d, "Q01").update(aura={"attack": 1, "hp": 0, "speed": 0}), where_of("Q01") + ".aura"),
        (lambda d: by_id(d, "Q09").update(aura={"attack": 1}), where_of("Q09") + ".aura"),
        (lambda d: by_id(d, "Q09")["aura"].update(attack=4), where_of("Q09") + ".aura.attack"),
    ],
)
def test_malformed_card_file_names_the_file_and_the_field(change: Callable[[dict[str, Any]], Any], where: str) -> None:
    with pytest.raises(DataFileError) as info:
        parse_cards(cards_with(change), "cards.json")
    err = info.value
    assert err.file == "cards.json" and str(err).startswith("cards.json: ")
    assert where in err.where, f"expected the field path {where!r} in {err.where!r}"


@pytest.mark.parametrize("data", [None, [], "cards", 3, {"format": "tcgteach-dragonquest-cards"}])
def test_card_file_that_is_not_an_object(data: Any) -> None:
    with pytest.raises(DataFileError) as info:
        parse_cards(data, "cards.json")
    assert info.value.file == "cards.json" and "(top)" in info.value.where


def test_card_file_that_is_not_json(tmp_path: Any) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text('{"format": "tcgteach-dragonquest-cards",\n "version": 1,, }', encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_json(bad)
    assert info.value.file == str(bad) and "line 2" in info.value.where


def _mutations(value: Any, rng: random.Random) -> Any:
    """A random corruption of a JSON value: replace, delete or retype something inside it."""
    junk = [None, True, 0, -1, 10**6, 2.5, "", "x", [], {}, [1], {"a": 1}, ["active"], "M01", {"fill": "beasts"}]
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        r = rng.random()
        if r < 0.2:
            del value[key]
        elif r < 0.6:
            value[key] = _mutations(value[key], rng)
        else:
            value[key] = rng.choice(junk)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        r = rng.random()
        if r < 0.2:
            del value[i]
        elif r < 0.7:
            value[i] = _mutations(value[i], rng)
        else:
            value[i] = rng.choice(junk)
        return value
    return rng.choice(junk)


def test_randomly_corrupted_card_and_deck_files_raise_only_data_file_errors() -> None:
    rng = random.Random(77)
    for _ in range(400):
        try:
            pool = parse_cards(_mutations(copy.deepcopy(CARDS_JSON), rng), "cards.json")
        except DataFileError as exc:
            assert exc.file == "cards.json"
        else:
            assert isinstance(pool, dict) and pool
        try:
            parse_decks(_mutations(copy.deepcopy(DECKS_JSON), rng), "decks.json", POOL)
        except DataFileError as exc:
            assert exc.file == "decks.json"


# == teaching positions ===================================================================================
def spec(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    p0 = {"front": ["M01"], "deck": {"fill": "beasts"}} if p0 is None else p0
    p1 = {"front": ["M01"], "deck": {"fill": "heroes"}} if p1 is None else p1
    return {"turn_player": 0, "node": "prep", "players": [p0, p1], **top}


def bad_position(s: Any, where: str, match: str | None = None, options: dict[str, Any] | None = None) -> StateFileError:
    g = cast(DragonQuest, tcgteach.game("dragonquest", options))
    with pytest.raises(StateFileError) as info:
        g.position(s)
    err = info.value
    assert err.where == f"position.{where}", f"expected position.{where}, got {err.where}: {err}"
    if match is not None:
        assert match in str(err), str(err)
    return err


def test_a_good_position_loads() -> None:
    s = GAME.position(spec())
    assert s.node == "prep" and len(s.front(0)) == 1


@pytest.mark.parametrize(
    "zone,entry,where",
    [
        ("hand", "Z99", "players[0].hand[0]"),
        ("hand", None, "players[0].hand[0]"),
        ("discard", 3, "players[0].discard[0]"),
        ("exp", "Z99", "players[0].exp[0]"),
        ("quest", "Z99", "players[0].quest[0]"),
        ("front", "Z99", "players[0].front[0].card"),
        ("front", {"card": None}, "players[0].front[0].card"),
        ("front", ["M01"], "players[0].front[0]"),
        ("front", {"state": "active"}, "players[0].front[0]"),
    ],
)
def test_position_with_an_unknown_card(zone: str, entry: Any, where: str) -> None:
    p0 = {"front": ["M01"], "deck": {"fill": "beasts"}}
    p0[zone] = [entry]
    bad_position(spec(p0), where)


def test_position_with_an_unknown_card_in_the_deck_list() -> None:
    bad_position(spec({"front": ["M01"], "deck": ["M01"] * 48 + ["Z99"]}), "players[0].deck[48]", "Z99")


@pytest.mark.parametrize(
    "entry,zone,where,match",
    [
        ("Q01", "front", "players[0].front[0].card", "DQ-10.1"),
        ("I01", "back", "players[0].back[0].card", "DQ-10.1"),
        ("M01", "quest", "players[0].quest[0]", "not a quest card"),
    ],
)
def test_position_with_a_card_in_the_wrong_zone(entry: str, zone: str, where: str, match: str) -> None:
    p0: dict[str, Any] = {"front": ["M01"], "deck": {"fill": "beasts"}}
    p0[zone] = [entry]
    if zone == "back":
        p0["front"] = ["M01", "M01"]
    bad_position(spec(p0), where, match)


@pytest.mark.parametrize(
    "front,back,formation",
    [
        (["M01"], ["M02"], "strict"),
        (["M01"] * 3, ["M02"] * 3, "strict"),
        (["M01"] * 4, [], "strict"),
        ([], ["M02"], "at_least"),
        (["M01"], ["M02", "M02"], "at_least"),
        (["M01"] * 3, ["M02"] * 4, "at_least"),
    ],
)
def test_position_with_an_illegal_formation(front: list[str], back: list[str], formation: str) -> None:
    p0 = {"front": front, "back": back, "deck": {"fill": "beasts"}}
    bad_position(spec(p0), "players[0]", "DQ-5", {"formation": formation})


@pytest.mark.parametrize(
    "entry,match",
    [
        ({"card": "M01", "damage": 2}, "DQ-7.8"),  # hp 2
        ({"card": "H02", "damage": 5, "item": "I07"}, "DQ-7.8"),  # hp 4 + 1
    ],
)
def test_position_with_damage_at_or_above_hp(entry: dict[str, Any], match: str) -> None:
    bad_position(spec({"front": [entry], "deck": {"fill": "heroes"}}), "players[0]", match)
    ok = dict(entry, damage=entry["damage"] - 1)
    assert GAME.position(spec({"front": [ok], "deck": {"fill": "heroes"}})).damage(0) == 0  # deck card 0 untouched


@pytest.mark.parametrize(
    "key,value",
    [
        ("damage", -1),
        ("damage", "1"),
        ("damage", 1.0),
        ("damage", True),
        ("state", "tapped"),
        ("state", None),
        ("state", ["active"]),
        ("state", {"a": 1}),
        ("poisoned", 1),
        ("poisoned", "yes"),
        ("colour", "red"),
    ],
)
def test_position_with_a_bad_card_field(key: str, value: Any) -> None:
    entry = {"card": "M09", key: value}
    bad_position(spec({"front": [entry], "deck": {"fill": "beasts"}}), f"players[0].front[0].{key}")


@pytest.mark.parametrize(
    "item,card,match",
    [
        ("I07", "H01", "equip types"),  # axe item, sword character
        ("M01", "H01", "not an item"),
        ("I01", "M09", "DQ-10.2"),  # monsters never carry items
        ("Z99", "H01", "unknown card"),
    ],
)
def test_position_with_a_bad_item(item: str, card: str, match: str) -> None:
    bad_position(
        spec({"front": [{"card": card, "item": item}], "deck": {"fill": "heroes"}}), "players[0].front[0].item", match
    )


def test_position_with_a_wrong_total_of_cards() -> None:
    for n in (48, 50):
        err = bad_position(spec({"front": ["M01"], "deck": ["M01"] * n}), "players[0]", "DQ-2.1")
        assert f"{n + 1} cards" in str(err)
    bad_position(spec({"front": ["M01"], "hand": ["M02"] * 50, "deck": {"fill": "beasts"}}), "players[0].deck")
    bad_position(
        spec({"front": [{"card": "M09", "damage": 3}], "deck": ["M01"] * 2, "discard": ["M01"] * 47}),
        "players[0].deck",
        "damage cards",
    )


@pytest.mark.parametrize(
    "top,where",
    [
        ({"players": []}, "players"),
        ({"players": [{}, {}, {}]}, "players"),
        ({"players": "two"}, "players"),
        ({"colour": 1}, "colour"),
        ({"turn_player": 2}, "turn_player"),
        ({"turn_player": True}, "turn_player"),
        ({"first_player": -1}, "first_player"),
        ({"turn": 0}, "turn"),
        ({"turn": "3"}, "turn"),
        ({"node": "draw"}, "node"),
        ({"node": None}, "node"),
    ],
)
def test_position_with_a_bad_top_level_field(top: dict[str, Any], where: str) -> None:
    s = spec()
    s.update(top)
    bad_position(s, where)


@pytest.mark.parametrize(
    "key,value",
    [
        ("gp", -1),
        ("gp", "3"),
        ("level", 0),
        ("level", None),
        ("hand", "M01"),
        ("front", "M01"),
        ("deck", {"fill": "nope"}),
        ("deck", 7),
        ("deck", {"fill": "beasts", "x": 1}),
        ("graveyard", []),
    ],
)
def test_position_with_a_bad_player_field(key: str, value: Any) -> None:
    p0 = {"front": ["M01"], "deck": {"fill": "beasts"}, key: value}
    bad_position(spec(p0), f"players[0].{key}" if key not in ("front",) else "players[0].front")


@pytest.mark.parametrize(
    "top",
    [
        {"recruits": "x"},
        {"recruits": None},
        {"recruits": -1},
        {"recruits": 1.5},
        {"quest_played": "no"},
        {"quest_played": None},
    ],
)
def test_position_with_a_bad_recruits_or_quest_played_field(top: dict[str, Any]) -> None:
    """``recruits`` (recruits done this turn, DQ-6.5) and ``quest_played`` (DQ-6.12) are validated
    like every other field: a wrong value names its field instead of being taken as it is."""
    s = spec({"front": ["M01"], "hand": ["M02", "M03"], "deck": {"fill": "beasts"}}, **top)
    bad_position(s, next(iter(top)))


def test_position_that_is_not_an_object() -> None:
    bad_specs: tuple[object, ...] = (None, [], "prep", 3)
    for bad in bad_specs:
        with pytest.raises(StateFileError):
            GAME.position(bad)
    with pytest.raises(TcgError):
        GAME.position(spec(), seed="1")


def test_three_players_are_refused() -> None:
    with pytest.raises(StateFileError, match="DQ-1.1"):
        GAME.position({"players": [{"front": ["M01"], "deck": {"fill": "beasts"}}] * 3})
    for kw in ({"players": 3}, {"decks": ["beasts"] * 3}, {"players": 1}, {"decks": ["beasts"]}):
        with pytest.raises(TcgError, match="DQ-1.1"):
            GAME.new_state(seed=0, **kw)


def test_randomly_corrupted_positions_raise_only_state_file_errors() -> None:
    base = spec(
        {
            "front": [{"card": "H02", "item": "I07", "damage": 1, "state": "active", "poisoned": False}, "M05"],
            "back": ["M01"],
            "hand": ["H01", "Q01"],
            "discard": ["M02"],
            "exp": [],
            "quest": ["Q09"],
            "gp": 3,
            "level": 1,
            "deck": {"fill": "heroes"},
        },
        {
            "front": ["M01", {"card": "M02", "state": "closed", "poisoned": True}],
            "exp": ["M03"],
            "deck": {"fill": "beasts"},
        },
        turn=4,
        recruits=0,
        quest_played=False,
        node="combat.action",
    )
    GAME.position(copy.deepcopy(base))
    rng = random.Random(11)
    loaded = 0
    for k in range(600):
        d = _mutations(copy.deepcopy(base), rng)
        try:
            s = GAME.position(d)
        except StateFileError:
            continue
        loaded += 1
        play = random.Random(k)
        for _ in range(40):  # what loads must also play
            if s.is_terminal():
                break
            s.apply(play.choice(s.legal_actions()))
    assert 0 < loaded < 600


# == actions ==============================================================================================
def refused(s: Any, action: Any, rule: str | None = None) -> IllegalActionError:
    before = s.to_dict()
    legal = s.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    err = info.value
    assert isinstance(err, ValueError) and err.rule.startswith("DQ-")
    if rule is not None:
        assert err.rule == rule, f"{action!r}: rule {err.rule}, expected {rule}: {err}"
    assert f"[{err.rule}]" in str(err)
    if err.legal:  # (a text that does not parse is refused before the legal list is looked at)
        assert set(err.legal) == set(legal)
    assert s.to_dict() == before, f"the refused action {action!r} changed the state"
    assert s.legal_actions() == legal
    return err


def position(p0: dict[str, Any], p1: dict[str, Any], node: str = "prep", **kw: Any) -> Any:
    return GAME.position(spec(p0, p1, node=node, **kw))


def test_illegal_actions_at_the_mulligan_and_draw() -> None:
    s = GAME.new_state(seed=3, first_player=0)
    hand = s.zone(0, "hand")
    for a in (A.Draw(1), A.Recruit(hand[0], "front"), A.EndPrep(), A.Attack(hand[0]), A.Pass(), A.Counter()):
        refused(s, a, "DQ-3.3")
    s = position(
        {"front": ["M01"], "hand": ["M02"], "deck": {"fill": "beasts"}},
        {"front": ["M01"], "deck": {"fill": "heroes"}},
        node="battle",
        turn_player=1,
    )
    s.apply(A.Skip())
    assert s.node == "draw"
    for a in (A.Draw(0), A.Draw(6), A.Draw(-1), A.Draw(10**9)):
        refused(s, a, "DQ-6.3")
    for other in (A.EndPrep(), A.Keep(), A.Recruit(s.zone(0, "hand")[0], "front")):
        refused(s, other, "DQ-6.3")


def test_illegal_actions_in_the_preparation_phase() -> None:
    s = position(
        {
            "front": ["H01", {"card": "M09", "state": "closed"}],
            "hand": ["M02", "I07", "Q07", "Q07", "M11"],
            "gp": 0,
            "deck": {"fill": "beasts"},
        },
        {"front": ["M01"], "hand": ["M03"], "deck": {"fill": "heroes"}},
    )
    h01, m09 = s.front(0)
    hand = s.zone(0, "hand")
    m02, i07, q1, q2, m11 = hand
    theirs = s.zone(1, "hand")[0]
    refused(s, A.Recruit(theirs, "front"), "DQ-6.5")  # not P1's card
    refused(s, A.Recruit(i07, "front"), "DQ-6.5")  # an item is no party card
    refused(s, A.Recruit(m02, "middle"), "DQ-6.5")
    refused(s, A.Recruit(h01, "front"), "DQ-6.5")  # already on the field
    refused(s, A.Recruit(s.zone(0, "deck")[-1], "front"), "DQ-6.5")
    refused(s, A.Treat(h01), "DQ-6.6")
    refused(s, A.Heal(h01), "DQ-6.7")
    refused(s, A.Restore(m09), "DQ-6.8")  # COST 2 > 0 GP
    refused(s, A.Equip(i07, h01), "DQ-6.9")  # axe item on a sword character
    refused(s, A.Move(m09), "DQ-6.10")
    refused(s, A.Swap(h01, m09), "DQ-6.10")
    refused(s, A.Use(h01, 0), "DQ-6.11")  # H01 has no effect
    refused(s, A.Attack(h01), "DQ-7.3")
    refused(s, A.Block(h01), "DQ-7.4")
    refused(s, A.Advance(h01), "DQ-5.4")
    for a in (A.Fight(), A.Skip(), A.Pass(), A.Counter(), A.NoBlock(), A.Continue(), A.Keep(), A.Draw(1)):
        refused(s, a)
    s.apply(A.Quest(q1))
    refused(s, A.Quest(q2), "DQ-6.12")  # one quest per turn
    s.apply(A.Recruit(m02, "front"))  # the free recruit of the turn; the front row is full now
    assert s.gp[0] == 2  # from Q07
    refused(s, A.Recruit(m11, "front"), "DQ-6.5")  # row full
    s.apply(A.Restore(m09))  # spends the 2 GP
    refused(s, A.Recruit(m11, "back"), "DQ-6.5")  # COST 2 > 0 GP


def test_illegal_actions_while_paying_and_targeting() -> None:
    s = position(
        {"front": ["M01"], "hand": ["Q02", "M02", "M03", "M04"], "deck": {"fill": "beasts"}},
        {"front": ["M05", "M09"], "deck": {"fill": "heroes"}},
    )
    q02 = s.zone(0, "hand")[0]
    s.apply(A.Quest(q02))
    assert s.node == "prep.pay"
    refused(s, A.EndPrep(), "DQ-4.5")
    refused(s, A.Discard(q02), "DQ-4.5")  # the quest itself is not in hand any more
    refused(s, A.Discard(s.front(0)[0]), "DQ-4.5")
    refused(s, A.Target(s.front(1)[0]), "DQ-4.5")
    s.apply(A.Discard(s.zone(0, "hand")[0]))
    s.apply(A.Discard(s.zone(0, "hand")[0]))
    assert s.node == "prep.target"
    refused(s, A.EndPrep(), "DQ-6.11")
    refused(s, A.Discard(s.zone(0, "hand")[0]), "DQ-6.11")
    refused(s, A.Target(s.front(0)[0]), "DQ-6.11")  # an own card: the quest targets enemies


def test_illegal_actions_in_combat() -> None:
    s = position(
        {"front": ["M09", {"card": "M01", "state": "closed"}], "back": ["M03"], "deck": {"fill": "beasts"}},
        {"front": ["M05", {"card": "M02", "state": "closed"}], "deck": {"fill": "heroes"}},
        node="battle",
    )
    m09, m01 = s.front(0)
    m03 = s.back(0)[0]
    m05, m02 = s.front(1)
    s.apply(A.Fight())
    refused(s, A.Attack(m09), "DQ-7.3")  # start step: effects or pass only
    s.apply(A.Pass())
    s.apply(A.Pass())
    assert s.node == "combat.action"
    refused(s, A.Attack(m01), "DQ-7.3")
    refused(s, A.Attack(m03), "DQ-7.3")
    refused(s, A.Attack(m05), "DQ-7.3")
    refused(s, A.UseItem(m09), "DQ-7.2")
    refused(s, A.Continue(), "DQ-7.9")
    s.apply(A.Attack(m09))
    assert s.node == "combat.defend"
    refused(s, A.Block(m02), "DQ-7.4")  # closed
    refused(s, A.Block(m09), "DQ-7.4")  # the attacker's card
    refused(s, A.Attack(m05), "DQ-7.4")
    refused(s, A.Counter(), "DQ-7.4")
    s.apply(A.NoBlock())
    assert s.node == "combat.fallback"
    refused(s, A.Target(m09))  # (which rule it cites: test_an_illegal_target_cites_the_rule_of_its_step)
    refused(s, A.Target(m03))
    refused(s, A.Block(m05), "DQ-7.5")
    s.apply(A.Target(m05))
    assert s.node == "combat.counter"
    refused(s, A.Block(m05), "DQ-7.7")
    refused(s, A.Pass(), "DQ-7.7")


@pytest.mark.parametrize("step", ["combat.fallback", "end.confusion"])
def test_an_illegal_target_cites_the_rule_of_its_step(step: str) -> None:
    """A wrong pick of the defending card cites DQ-7.5, a wrong confusion-damage target DQ-6.14,
    not DQ-6.11 (special effects in the preparation phase)."""
    s = position(
        {"front": ["M09", {"card": "M05", "state": "confused"}, "M01"], "deck": {"fill": "beasts"}},
        {"front": [{"card": "M05", "state": "closed"}, {"card": "M02", "state": "closed"}], "deck": {"fill": "heroes"}},
        node="combat.action" if step == "combat.fallback" else "battle",
    )
    if step == "combat.fallback":
        s.apply(A.Attack(s.front(0)[0]))
        rule = "DQ-7.5"
    else:
        s.apply(A.Skip())
        rule = "DQ-6.14"
    assert s.node == step and s.current_player == 0
    wrong = (
        [s.front(0)[1], s.back(1)[0] if s.back(1) else -1, 10**6]
        if step == "combat.fallback"
        else [s.front(1)[0], 10**6]
    )
    for card in wrong:
        refused(s, A.Target(card), rule)


def test_attack_into_an_empty_front_row_cites_DQ_7_6() -> None:
    s = position(
        {"front": ["M09"], "deck": {"fill": "beasts"}}, {"front": [], "deck": {"fill": "heroes"}}, node="combat.action"
    )
    refused(s, A.Attack(s.front(0)[0]), "DQ-7.6")


def test_stale_actions_after_undo_and_at_other_nodes() -> None:
    s = position(
        {"front": ["M09", "M01"], "deck": {"fill": "beasts"}},
        {"front": ["M05", "M01"], "deck": {"fill": "heroes"}},
        node="combat.action",
    )
    m09 = s.front(0)[0]
    s.apply(A.Attack(m09))
    blocks = [a for a in s.legal_actions() if isinstance(a, A.Block)]
    assert blocks
    s.undo()
    assert s.node == "combat.action"
    for a in blocks + [A.NoBlock(), A.Counter(), A.NoCounter()]:
        refused(s, a)
    s.apply(A.Attack(m09))
    s.apply(blocks[0])
    s.apply(A.Counter())
    assert s.node == "combat.end_step"
    refused(s, A.Attack(m09), "DQ-7.3")  # closed now
    refused(s, blocks[0])


def test_actions_after_the_game_is_over() -> None:
    s = position(
        {"front": [], "deck": ["M01"] * 2, "discard": ["M01"] * 48},
        {"front": ["M01"], "deck": {"fill": "heroes"}},
        node="battle",
    )
    s.apply(A.Skip())  # wipe-out penalty with 2 cards: P1 loses
    assert s.is_terminal() and s.legal_actions() == () and s.current_player is None
    for a in (A.EndPrep(), A.Draw(1), A.Keep(), "pass"):
        refused(s, a, "DQ-1.2")


@pytest.mark.parametrize(
    "bad",
    [
        None,
        42,
        3.5,
        ("attack", 1),
        ["pass"],
        {"verb": "pass"},
        A,
        object(),
        "",
        "  ",
        "fly",
        "attack",
        "attack x",
        "attack 1 2",
        "recruit 3",
        "draw -",
        "\x00",
        "attack 99999999999999999999x",
    ],
)
def test_things_that_are_not_actions(bad: Any) -> None:
    s = GAME.new_state(seed=3)
    refused(s, bad)


def test_actions_with_nonsense_fields_are_refused_not_crashing() -> None:
    s = position(
        {
            "front": ["H04", {"card": "H01", "item": "I01"}],
            "back": ["M01"],
            "hand": ["M02", "I02", "Q01"],
            "gp": 3,
            "deck": {"fill": "heroes"},
        },
        {"front": ["M05"], "deck": {"fill": "beasts"}},
    )
    values = [-1, 10**9, None, "x", 1.5, [1], 0, 99, 100]
    for cls in A.ACTION_CLASSES:
        fields = cls.__dataclass_fields__
        for v in values:
            args: list[Any] = [v] * len(fields)  # wrong types on purpose
            try:
                action = cls(*args)
            except TypeError:
                continue
            if action in s.legal_actions():
                continue
            refused(s, action)


def test_actions_on_a_view_are_refused() -> None:
    s = GAME.new_state(seed=5, first_player=0)
    v = s.view(0)
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        v.apply(v.legal_actions()[0])
    assert s.to_dict() == before
    with pytest.raises(TcgError):
        s.view(2)


def test_undo_at_the_start_is_a_tcg_error() -> None:
    with pytest.raises(TcgError):
        GAME.new_state(seed=5).undo()


# == options ==============================================================================================
@pytest.mark.parametrize(
    "options",
    [
        {"deck_out": "lose"},
        {"deck_out": None},
        {"deck_out": 1},
        {"formation": "loose"},
        {"formation": "Strict"},
        {"draw_minimum": 2},
        {"draw_minimum": -1},
        {"draw_minimum": "1"},
        {"status_tick": "everyone"},
        {"turn_limit": 0},
        {"turn_limit": -5},
        {"turn_limit": True},
        {"turn_limit": "abc"},
        {"turn_limit": []},
        {"turn_limit": {}},
        {"turn_limit": "1e3"},
        {"turnlimit": 200},
        {"colour": "red"},
        {"": 1},
        {None: 1},
        ["formation", "strict"],
        "formation=strict",
        3,
    ],
)
def test_unknown_option_names_and_values(options: Any) -> None:
    with pytest.raises(OptionError) as info:
        tcgteach.game("dragonquest", options)
    text = str(info.value)
    assert "dragonquest" in text
    rule_of = {
        "deck_out": "DQ-1.2",
        "formation": "DQ-5.3",
        "draw_minimum": "DQ-6.3a",
        "status_tick": "DQ-6.14",
        "turn_limit": "DQ-1.4",
    }
    if isinstance(options, dict) and len(options) == 1 and next(iter(options)) in rule_of:
        assert rule_of[next(iter(options))] in text  # a bad value names the option's rule


@pytest.mark.parametrize("value", [2.5, 199.9, float("inf"), float("-inf"), float("nan"), 0.5, -0.0])
def test_turn_limit_takes_only_a_positive_whole_number_or_none(value: Any) -> None:
    """DQ-1.4: a positive int or None. A float is not silently truncated (2.5 -> 2) and an infinite
    one raises OptionError, not a bare OverflowError."""
    with pytest.raises(OptionError, match="DQ-1.4"):
        tcgteach.game("dragonquest", {"turn_limit": value})


def test_good_options_are_accepted() -> None:
    for deck_out in ("cannot_take", "empty_loses"):
        for formation in ("strict", "at_least"):
            for draw_minimum in (1, 0):
                for status_tick in ("both_players", "turn_player"):
                    for turn_limit in (None, 1, 200):
                        opts = {
                            "deck_out": deck_out,
                            "formation": formation,
                            "draw_minimum": draw_minimum,
                            "status_tick": status_tick,
                            "turn_limit": turn_limit,
                            "formation_repair": "immediate",
                            "wipe_out": "after_own_turn",
                            "repeat_limit": None,
                        }
                        assert dict(tcgteach.game("dragonquest", opts).options) == opts
    for repair in ("immediate", "end_step"):
        for wipe_out in ("after_own_turn", "literal"):
            opts = {"formation_repair": repair, "wipe_out": wipe_out}
            got = tcgteach.game("dragonquest", opts).options
            assert got["formation_repair"] == repair and got["wipe_out"] == wipe_out
    assert tcgteach.game("dragonquest", {"turn_limit": "200"}).options["turn_limit"] == 200  # as in a record
    assert tcgteach.game("dragonquest", {"turn_limit": "none"}).options["turn_limit"] is None


# == saved states ==========================================================================================
def saved(
    seed: int = 5, steps: int = 60, options: dict[str, Any] | None = None, from_position: bool = False
) -> dict[str, Any]:
    g = cast(DragonQuest, tcgteach.game("dragonquest", options))
    if from_position:
        s = g.position(
            spec(
                {"front": ["M09", "M01"], "hand": ["H01", "Q01"], "gp": 3, "deck": {"fill": "beasts"}},
                {"front": ["M05", {"card": "M02", "state": "closed"}], "deck": {"fill": "heroes"}},
            )
        )
    else:
        s = g.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    d: dict[str, Any] = json.loads(json.dumps(s.to_dict()))
    assert g.state_from_dict(copy.deepcopy(d)).to_dict() == d
    return d


def load_fails(d: Any, where: str | None = None) -> StateFileError:
    with pytest.raises(StateFileError) as info:
        GAME.state_from_dict(d)
    if where is not None:
        assert info.value.where.startswith(where), f"expected {where!r}, got {info.value.where!r}: {info.value}"
    return info.value


@pytest.mark.parametrize(
    "key",
    ["format", "version", "game", "options", "setup", "history", "zones", "scalars", "rng", "events", "trail", "node"],
)
def test_saved_state_missing_a_key(key: str) -> None:
    d = saved()
    del d[key]
    load_fails(d, key)


@pytest.mark.parametrize(
    "path,value,where",
    [
        (("format",), "tcgteach-record", "format"),
        (("version",), 3, "version"),
        (("game",), "darkmoon", "game"),
        (("options",), {"formation": "loose"}, "options"),
        (("options",), {"turn_limit": 0}, "options"),
        (("options",), {"colour": "red"}, "options"),
        (("options",), [], "options"),
        (("setup",), None, "setup"),
        (("setup", "seed"), "5", "setup"),
        (("setup", "seed"), 6, "history"),  # another shuffle: the history no longer replays (or differs)
        (("setup", "players"), 3, "setup"),
        (("setup", "first_player"), 2, "setup"),
        (("setup", "decks"), [["M01"] * 50] * 2, "setup"),
        (("setup", "decks"), "beasts", "setup"),
        (("setup", "decks"), [None, None], "setup"),
        (("history",), None, "history"),
        (("history",), [7], "history[0]"),
        (("history",), ["fly 3"], "history[0]"),
        (("zones",), [], "zones"),
        (("node",), "combat.start", "node"),
        (("scalars",), {}, "scalars"),
        (("rng",), "0000000000000000", "rng"),
        (("events",), [], "events"),
        (("trail",), [["prep", "battle"]], "trail"),
    ],
)
def test_saved_state_with_wrong_values_or_types(path: tuple[str, ...], value: Any, where: str) -> None:
    d = saved()
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    err = load_fails(d)
    assert err.where.startswith(where) or (
        where == "history" and err.where in ("zones", "events", "scalars", "rng", "node", "trail")
    ), err


def test_saved_state_with_altered_zones_or_scalars() -> None:
    d = saved()
    hand, deck = d["zones"]["p0.hand"], d["zones"]["p0.deck"]
    hand[0], deck[-1] = deck[-1], hand[0]
    load_fails(d, "zones")
    d = saved()
    d["scalars"]["gp"][0] += 1
    load_fails(d, "scalars")
    d = saved()
    d["scalars"]["level"] = [3, 1]
    load_fails(d, "scalars")


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda p: p["players"][0]["front"].append("Z99"), "position.players[0].front[2].card"),
        (lambda p: p["players"][0].update(gp=-3), "position.players[0].gp"),
        (lambda p: p["players"].pop(), "position.players"),
        (lambda p: p["players"][1]["front"][1].update(state="upside-down"), "position.players[1].front[1].state"),
        (lambda p: p["players"][1]["front"][1].update(state=["closed"]), "position.players[1].front[1].state"),
    ],
)
def test_saved_position_with_a_corrupted_position(change: Callable[[dict[str, Any]], Any], where: str) -> None:
    d = saved(from_position=True, steps=10)
    assert "position" in d["setup"]
    change(d["setup"]["position"])
    load_fails(d, where)


def test_saved_state_that_is_not_an_object() -> None:
    not_states: tuple[object, ...] = (None, [], "state", 3, 2.5, True, {}, {"format": "tcgteach-state"})
    for data in not_states:
        load_fails(data)


@pytest.mark.parametrize("from_position", [False, True])
def test_randomly_corrupted_saved_states_raise_only_state_file_errors(from_position: bool) -> None:
    original = saved(seed=9, steps=40, from_position=from_position)
    rng = random.Random(99)
    for _ in range(300):
        d = _mutations(copy.deepcopy(original), rng)
        try:
            state = GAME.state_from_dict(d)
        except StateFileError:
            continue
        assert state.to_dict()["history"] == original["history"]
        assert state.to_dict()["zones"] == original["zones"]
