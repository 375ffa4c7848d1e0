"""Bad input to DARK MOON: decks, card and deck files, actions, options and saved states.

Every refusal is a ``tcgteach`` error naming a rule ID or a file/field location, never a bare
KeyError / TypeError / IndexError, and a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pytest

import tcgteach
import tcgteach.darkmoon
from tcgteach import (
    DataFileError,
    DeckError,
    IllegalActionError,
    OptionError,
    StateFileError,
    TcgError,
    UnknownGameError,
)
from tcgteach.core.data import load_json
from tcgteach.darkmoon.rules import actions as A
from tcgteach.darkmoon.rules.cards import DATA, card_pool, parse_cards, parse_decks

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import dm_positions as P
else:
    try:  # tests/ may become a package
        from . import dm_positions as P
    except ImportError:
        import dm_positions as P

GAME = tcgteach.game("darkmoon")
POOL = card_pool()
CARDS_JSON = load_json(DATA / "cards.json")
DECKS_JSON = load_json(DATA / "decks.json")
LEGAL = list(GAME.starter_deck("ensemble").cards)


def rules(err: DeckError) -> list[str]:
    return sorted(v.rule for v in err.violations)


def deck_error(deck: Any) -> DeckError:
    with pytest.raises(DeckError) as info:
        GAME.new_state(seed=0, decks=["spotlight", deck])
    assert ("P2" if not isinstance(deck, str) else deck) in str(info.value)  # names the deck
    return info.value


# == decks (DM-2) =========================================================================================
@pytest.mark.parametrize("size", [0, 1, 39, 41, 120])
def test_deck_of_wrong_size(size: int) -> None:
    cards = (LEGAL * 3)[:size]
    err = deck_error(cards)
    assert "DM-2.1" in rules(err)
    (v,) = [v for v in err.violations if v.rule == "DM-2.1"]
    assert (v.count, v.limit) == (size, 40) and f"{size} cards" in str(err)


def test_deck_with_too_many_specials() -> None:
    cards = [c for c in LEGAL if POOL[c].is_character][:31] + ["S01"] * 3 + ["S02"] * 3 + ["S03"] * 3
    err = deck_error(cards)
    assert rules(err) == ["DM-2.2"]
    assert (err.violations[0].count, err.violations[0].limit) == (9, 8)
    assert "[DM-2.2] 9 special cards" in str(err)


def test_deck_with_five_of_a_number_across_characters() -> None:
    # ensemble has C09 (Jino #4), C23 x2 (Jaan #4), C33 (Noa #4): add Solon #4 (C18) for a fifth 4
    cards = list(LEGAL)
    cards[cards.index("C21")] = "C18"
    err = deck_error(cards)
    assert rules(err) == ["DM-2.4"]
    v = err.violations[0]
    assert (v.count, v.limit) == (5, 4) and set(v.cards) == {"C09", "C23", "C33", "C18"}
    assert "number 4" in str(err)


def test_deck_with_five_copies_of_a_special() -> None:
    chars = [c for c in GAME.deck_cards(P.PLAIN) if POOL[c].is_character]
    cards = chars[:35] + ["S11"] * 5
    err = deck_error(cards)
    assert rules(err) == ["DM-2.3"]
    assert err.violations[0].cards == ("S11",) and err.violations[0].count == 5


def test_deck_with_unknown_card_ids() -> None:
    cards = LEGAL[:38] + ["C99", "nonsense"]
    err = deck_error(cards)
    assert rules(err) == ["DM-7"]
    assert set(err.violations[0].cards) == {"C99", "nonsense"} and "C99" in str(err)


def test_every_deck_violation_is_listed_at_once() -> None:
    cards = ["C03"] * 2 + ["C08"] * 2 + ["C13"] * 2 + ["S03"] * 5 + ["S01"] * 4 + ["Z1"]
    err = deck_error(cards)
    assert rules(err) == ["DM-2.1", "DM-2.2", "DM-2.3", "DM-2.4", "DM-7"]
    text = str(err)
    assert "5 construction rule(s)" in text
    for rid in ("DM-2.1", "DM-2.2", "DM-2.3", "DM-2.4", "DM-7"):
        assert f"[{rid}]" in text


@pytest.mark.parametrize(
    "deck",
    [
        None,
        42,
        3.5,
        object(),
        b"C01",
        [1, 2, 3],
        ["C01", None],
        {"C01": "4"},
        {"C01": -1},
        {"C01": True},
        "no-such-starter",
    ],
)
def test_a_deck_that_is_not_a_list_of_card_ids(deck: Any) -> None:
    err = deck_error(deck)
    assert err.violations and all(v.rule.startswith("DM-") for v in err.violations)


def test_decks_argument_must_be_one_deck_per_player() -> None:
    for decks in ("ensemble", 7, [LEGAL], ["ensemble"] * 7):
        with pytest.raises(TcgError):
            GAME.new_state(seed=0, decks=decks)


@pytest.mark.parametrize(
    "kw",
    [
        {"seed": "7"},
        {"seed": 1.5},
        {"seed": None},
        {"seed": True},
        {"players": "2"},
        {"players": 1},
        {"players": 2.0},
        {"first_player": 2},
        {"first_player": -1},
        {"first_player": "0"},
    ],
)
def test_bad_new_state_arguments(kw: dict[str, Any]) -> None:
    with pytest.raises(TcgError):
        GAME.new_state(**kw)


def test_a_boolean_is_not_a_player_index() -> None:
    """``first_player=True`` must be refused like ``seed=True`` is: otherwise the state's
    ``current_player`` is the bool ``True``."""
    try:
        s = GAME.new_state(seed=0, first_player=True)
    except TcgError:
        return
    assert type(s.current_player) is int, f"current_player is {s.current_player!r}"


# == card and deck files ==================================================================================
def cards_with(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(CARDS_JSON)
    change(data)
    return data


def expect_data_error(data: Any, where: str, parse: Callable[[Any, str], Any] | None = None) -> DataFileError:
    parse = parse or parse_cards
    with pytest.raises(DataFileError) as info:
        parse(data, "cards.json")
    err = info.value
    assert err.file == "cards.json" and str(err).startswith("cards.json: ")
    assert where in err.where, f"expected the field path {where!r} in {err.where!r}"
    return err


def by_id(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["id"] == cid)


def test_the_shipped_card_file_parses() -> None:
    assert parse_cards(copy.deepcopy(CARDS_JSON), "cards.json").keys() == POOL.keys()


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda d: d.pop("format"), "(top)"),
        (lambda d: d.update(format="tcgteach-darkmoon-decks"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(cards={}), "cards"),
        (lambda d: d.update(cards=[]), "cards"),
        (lambda d: d.update(extra=1), "(top).extra"),
        (lambda d: d["cards"].__setitem__(3, "C04"), "cards[3]"),
        (lambda d: by_id(d, "C05").pop("number"), "cards[4] (C05)"),
        (lambda d: by_id(d, "C05").update(number="6"), "cards[4] (C05).number"),
        (lambda d: by_id(d, "C05").update(number=0), "cards[4] (C05).number"),
        (lambda d: by_id(d, "C05").update(number=6.0), "cards[4] (C05).number"),
        (lambda d: by_id(d, "C05").update(number=True), "cards[4] (C05).number"),
        (lambda d: by_id(d, "C05").update(character="Zed"), "cards[4] (C05).character"),
        (lambda d: by_id(d, "C05").update(type="hero"), "cards[4] (C05).type"),
        (lambda d: by_id(d, "C05").update(id="C04"), "cards[4] (C04).id"),
        (lambda d: by_id(d, "C05").update(name="Heli"), "cards[4] (C05).name"),
        (lambda d: by_id(d, "C05")["name"].pop("ja"), "cards[4] (C05).name"),
        (lambda d: by_id(d, "C05")["text"].update(en=""), "cards[4] (C05).text"),
        (lambda d: by_id(d, "C05").update(effect="draw"), "cards[4] (C05).effect"),
        (lambda d: by_id(d, "C05")["effect"].update(op="explode"), "cards[4] (C05).effect.op"),
        (lambda d: by_id(d, "C05")["effect"].update(n=9), "cards[4] (C05).effect.n"),
        (lambda d: by_id(d, "C05")["effect"].update(name=None), "cards[4] (C05).effect.name"),
        (lambda d: by_id(d, "C05")["effect"].pop("n"), "cards[4] (C05).effect"),
        (lambda d: by_id(d, "C05")["effect"].update(extra=1), "cards[4] (C05).effect.extra"),
        (lambda d: by_id(d, "C01")["effect"].update(to="deck"), "cards[0] (C01).effect.to"),
        (lambda d: by_id(d, "C05").update(points=None), "cards[4] (C05).points"),
        (lambda d: by_id(d, "S01").pop("depicts"), "(S01)"),
        (lambda d: by_id(d, "S01").update(depicts="Zed"), "(S01).depicts"),
        (lambda d: by_id(d, "S01").update(number=3), "(S01).number"),
        (lambda d: by_id(d, "S01").update(points=5), "(S01).points"),
        (lambda d: by_id(d, "S01")["points"].update(value=0), "(S01).points.value"),
        (lambda d: by_id(d, "S01")["points"].update(value="3"), "(S01).points.value"),
        (lambda d: by_id(d, "S01")["points"].update({"if": {"unit_bigger": 2}}), "(S01).points.if"),
        (
            lambda d: by_id(d, "S01")["points"].update({"if": {"unit_distinct_at_least": "4"}}),
            "(S01).points.if.unit_distinct_at_least",
        ),
        (lambda d: by_id(d, "S01")["points"].update({"if": {"unit_has": "Zed"}}), "(S01).points.if"),
        (
            lambda d: by_id(d, "S01")["points"].update({"if": {"unit_has": "Heli", "unit_distinct_at_least": 2}}),
            "(S01).points.if",
        ),
        (lambda d: by_id(d, "S01")["points"].update({"if": [1]}), "(S01).points.if"),
        (lambda d: by_id(d, "S05")["points"].update(per_name="Zed"), "(S05).points.per_name"),
    ],
)
def test_malformed_card_file_names_the_file_and_the_field(change: Callable[[dict[str, Any]], Any], where: str) -> None:
    expect_data_error(cards_with(change), where)


@pytest.mark.parametrize("data", [None, [], "cards", 3, {"format": "tcgteach-darkmoon-cards"}])
def test_card_file_that_is_not_an_object(data: Any) -> None:
    expect_data_error(data, "(top)")


def test_card_file_that_is_not_json(tmp_path: Any) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text('{"format": "tcgteach-darkmoon-cards",\n "version": 1,, }', encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_json(bad)
    assert info.value.file == str(bad) and "line 2" in info.value.where
    with pytest.raises(DataFileError):
        load_json(tmp_path / "missing.json")


def parse_decks_file(data: Any, file: str) -> Any:
    return parse_decks(data, file, POOL)


def decks_with(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(DECKS_JSON)
    change(data)
    return data


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda d: d.update(format="tcgteach-darkmoon-cards"), "format"),
        (lambda d: d.update(decks={}), "decks"),
        (lambda d: d["decks"][0].pop("name"), "decks[0]"),
        (lambda d: d["decks"][1].update(id="ensemble"), "decks[1] (ensemble).id"),
        (lambda d: d["decks"][0].update(cards=["C01"] * 40), "decks[0] (ensemble).cards"),
        (lambda d: d["decks"][0]["cards"].update(C99=1), "decks[0] (ensemble).cards.C99"),
        (lambda d: d["decks"][0]["cards"].update(C01="1"), "decks[0] (ensemble).cards.C01"),
        (lambda d: d["decks"][0]["cards"].update(C01=0), "decks[0] (ensemble).cards.C01"),
        (lambda d: d["decks"][0]["cards"].update(C01=2), "decks[0] (ensemble)"),  # 41 cards: DM-2.1
        (lambda d: d["decks"][0].update(sideboard={"C01": 1}), "decks[0]"),  # DM-2.5
        (lambda d: d["decks"][0]["style"].update(ja=3), "decks[0] (ensemble).style.ja"),
    ],
)
def test_malformed_deck_file_names_the_file_and_the_field(change: Callable[[dict[str, Any]], Any], where: str) -> None:
    with pytest.raises(DataFileError) as info:
        parse_decks(decks_with(change), "decks.json", POOL)
    assert info.value.file == "decks.json" and where in info.value.where


def test_an_illegal_deck_in_the_deck_file_cites_the_rule() -> None:
    data = decks_with(lambda d: d["decks"][0]["cards"].update(C01=2))
    with pytest.raises(DataFileError, match=r"DM-2\.1"):
        parse_decks(data, "decks.json", POOL)
    data = decks_with(lambda d: d["decks"][0].update(side={"C01": 1}))
    with pytest.raises(DataFileError, match=r"DM-2\.5"):
        parse_decks(data, "decks.json", POOL)


def _mutations(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """A random corruption of a JSON value: replace, delete or retype something inside it."""
    junk = [None, True, 0, -1, 10**6, 2.5, "", "x", [], {}, [1], {"a": 1}]
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        r = rng.random()
        if r < 0.2:
            del value[key]
        elif r < 0.6:
            value[key] = _mutations(value[key], rng, depth + 1)
        else:
            value[key] = rng.choice(junk)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        r = rng.random()
        if r < 0.2:
            del value[i]
        elif r < 0.7:
            value[i] = _mutations(value[i], rng, depth + 1)
        else:
            value[i] = rng.choice(junk)
        return value
    return rng.choice(junk)


def test_randomly_corrupted_card_and_deck_files_raise_only_data_file_errors() -> None:
    rng = random.Random(2024)
    for _ in range(400):
        data = _mutations(copy.deepcopy(CARDS_JSON), rng)
        try:
            pool = parse_cards(data, "cards.json")
        except DataFileError as exc:
            assert exc.file == "cards.json"
        else:
            assert isinstance(pool, dict) and pool
        data = _mutations(copy.deepcopy(DECKS_JSON), rng)
        try:
            parse_decks(data, "decks.json", POOL)
        except DataFileError as exc:
            assert exc.file == "decks.json"


# == actions ==============================================================================================
def refused(s: Any, action: Any, rule: str | None = None) -> IllegalActionError:
    before = s.to_dict()
    n_legal = s.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    err = info.value
    assert isinstance(err, ValueError) and err.rule.startswith("DM-")
    if rule is not None:
        assert err.rule == rule, f"{action!r}: rule {err.rule}, expected {rule}"
    assert f"[{err.rule}]" in str(err)
    assert s.to_dict() == before, f"the refused action {action!r} changed the state"
    assert s.legal_actions() == n_legal
    return err


def test_illegal_actions_in_the_main_phase() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    not_mine = P.take(s, 1, "C02")[0]
    mine_on_deck = s.zone(0, "deck")[-1]
    err = refused(s, A.Play(not_mine), "DM-4.2")
    assert set(err.legal) == set(s.legal_actions())  # the error lists the legal actions
    refused(s, A.Play(mine_on_deck), "DM-4.2")
    refused(s, A.Play(-1), "DM-4.2")
    refused(s, A.Play(10**9), "DM-4.2")
    refused(s, A.StartUnit(1), "DM-4.6")  # fewer than 3 characters on the field
    refused(s, A.StartUnit(4), "DM-4.7")
    refused(s, A.Pick(s.zone(0, "hand")[0]), "DM-4.6")
    refused(s, A.Finish(), "DM-4.6")
    refused(s, A.Cancel(), "DM-4.6")
    for a in (A.Choose(0), A.Decline(), A.KeepTop(), A.ToBottom()):
        refused(s, a, "DM-4.2")


@pytest.mark.parametrize("bad", [None, 42, 3.5, ("play", 1), ["end"], {"verb": "end"}, A, object()])
def test_things_that_are_not_actions(bad: Any) -> None:
    s = GAME.new_state(seed=3)
    refused(s, bad)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "jump",
        "play",
        "play x",
        "play 1 2",
        "play 1.0",
        "unit",
        "unit -",
        "finish now",
        "end 1",
        "attack 3",
        "\x00",
        "play 99999999999999999999x",
    ],
)
def test_unparsable_action_texts(text: str) -> None:
    s = GAME.new_state(seed=3)
    refused(s, text, "DM-4.1")
    with pytest.raises(IllegalActionError):
        GAME.parse_action(text)


def test_illegal_actions_while_creating_a_unit_and_resolving_an_effect() -> None:
    s = P.new([P.PLAIN, "spotlight"])
    field = P.take(s, 0, "C28", "C28", "C28", "C09", "S11", "S03")
    P.arrange(s, 0, field=field)
    jino = P.take(s, 1, "C08")[0]
    P.move(s, [jino], "hand")
    s.apply("unit 1")
    refused(s, A.EndMain(), "DM-4.6")
    refused(s, A.Play(s.zone(0, "hand")[0]), "DM-4.6")
    refused(s, A.StartUnit(2), "DM-4.6")
    refused(s, A.Finish(), "DM-4.6")  # no character picked yet
    s.apply(f"pick {field[4]}")
    refused(s, A.Pick(field[4]), "DM-4.6")  # already picked
    refused(s, A.Pick(field[5]), "DM-4.6")  # a second special
    refused(s, A.Decline(), "DM-4.6")
    s.apply("cancel")
    s.apply("end")
    s.apply(f"play {jino}")  # P1: return a character from P0's field, or decline
    assert s.node == "effect"
    refused(s, A.EndMain(), "DM-4.2")
    refused(s, A.Choose(field[4]), "DM-4.2")  # a special is no character (DM-6.2)
    refused(s, A.Choose(jino), "DM-4.2")  # the own card
    refused(s, A.KeepTop(), "DM-4.2")  # not a peek
    refused(s, A.StartUnit(1), "DM-4.2")


def test_actions_after_the_game_is_over() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    groups = P.groups(s, 0, ["C28", "C28", "C28"], ["C09", "C09", "C23"], ["C04", "C04", "C19"])
    P.arrange(s, 0, units=groups)
    s.apply("end")
    s.apply("end")
    assert s.is_terminal() and s.legal_actions() == ()
    for a in (A.EndMain(), A.Play(s.zone(1, "hand")[0]), "end", A.StartUnit(1)):
        refused(s, a, "DM-1.5")


def test_stale_actions_after_undo_and_at_other_nodes() -> None:
    s = P.new([P.PLAIN, P.PLAIN])
    three = P.take(s, 1, "C28", "C28", "C28")
    P.arrange(s, 1, field=three)
    s.apply("end")
    s.apply("unit 2")
    s.apply(f"pick {three[0]}")
    picks = [a for a in s.legal_actions() if isinstance(a, A.Pick)]
    s.undo()  # back before the pick
    s.undo()  # back before "unit 2": the picks are stale now
    assert s.node == "main"
    for a in picks + [A.Pick(three[0]), A.Finish(), A.Cancel()]:
        refused(s, a, "DM-4.6")
    c = next(c for c in s.zone(1, "hand") if s.card(c).is_character)
    s.apply(f"play {c}")
    refused(s, A.Play(c), "DM-4.2")  # the card is on the field now
    s.undo()
    s.apply(f"play {c}")  # legal again after the undo
    s.apply("end")
    refused(s, A.Play(c), "DM-4.2")  # P0's turn now: P1's card is not in P0's hand
    refused(s, A.StartUnit(1), "DM-4.6")  # P1's field has the characters, P0's not


def test_actions_on_a_view_are_refused() -> None:
    s = GAME.new_state(seed=5, first_player=0)
    v = s.view(0)
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        v.apply(v.legal_actions()[0])
    assert s.to_dict() == before


def test_undo_at_the_start_is_a_tcg_error() -> None:
    s = GAME.new_state(seed=5)
    with pytest.raises(TcgError):
        s.undo()
    with pytest.raises(TcgError):
        s.view(2)


# == options ==============================================================================================
@pytest.mark.parametrize(
    "options",
    [
        {"tie": "first"},
        {"tie": None},
        {"tie": ["shared"]},
        {"tie": "Shared"},
        {"deck_out": "lose"},
        {"deck_out": 1},
        {"deck_out": True},
        {"ties": "shared"},
        {"deckout": "skip"},
        {"": 1},
        {None: 1},
        ["tie", "shared"],
        "tie=shared",
        3,
    ],
)
def test_unknown_option_names_and_values(options: Any) -> None:
    with pytest.raises(OptionError) as info:
        tcgteach.game("darkmoon", options)
    text = str(info.value)
    assert "darkmoon" in text
    if isinstance(options, dict) and set(options) <= {"tie", "deck_out"}:
        rule = "DM-1.3" if "tie" in options else "DM-4.4a"
        assert rule in text  # a bad value names the option's rule and the allowed values
    with pytest.raises(OptionError):
        tcgteach.darkmoon.Game(options)


def test_good_options_are_accepted() -> None:
    for tie in ("shared", "none"):
        for deck_out in ("skip", "arms_end"):
            g = tcgteach.game("darkmoon", {"tie": tie, "deck_out": deck_out})
            assert dict(g.options) == {
                "tie": tie,
                "deck_out": deck_out,
                "first_turn_restriction": True,
                "repeat_limit": None,
                "turn_limit": None,
            }


def test_unknown_game() -> None:
    for name in ("chess", "", None, 3):
        with pytest.raises(UnknownGameError):
            tcgteach.game(cast(Any, name))  # a wrong type on purpose: a library error, not a TypeError


# == saved states ==========================================================================================
def saved(seed: int = 5, steps: int = 30, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    g = tcgteach.game("darkmoon", options)
    s = g.new_state(seed=seed, players=3)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    d = json.loads(json.dumps(s.to_dict()))
    assert g.state_from_dict(copy.deepcopy(d)).to_dict() == d
    return s, d


def load_fails(d: Any, where: str | None = None) -> StateFileError:
    with pytest.raises(StateFileError) as info:
        GAME.state_from_dict(d)
    if where is not None:
        assert info.value.where.startswith(where), f"expected {where!r}, got {info.value.where!r}: {info.value}"
    assert str(info.value).startswith("saved state: ")
    return info.value


@pytest.mark.parametrize("key", ["format", "version", "game", "options", "setup", "history"])
def test_saved_state_missing_a_key(key: str) -> None:
    _s, d = saved()
    del d[key]
    load_fails(d, key)


@pytest.mark.parametrize("key", ["seed", "players", "first_player", "decks"])
def test_saved_state_missing_a_setup_key(key: str) -> None:
    _s, d = saved()
    del d["setup"][key]
    load_fails(d, "setup")


@pytest.mark.parametrize(
    "path,value,where",
    [
        (("format",), "tcgteach-record", "format"),
        (("format",), None, "format"),
        (("version",), 3, "version"),
        (("version",), "1", "version"),
        (("version",), True, "version"),
        (("game",), "dragonquest", "game"),
        (("game",), None, "game"),
        (("game",), ["darkmoon"], "game"),
        (("options",), [], "options"),
        (("options",), {"tie": "first"}, "options"),
        (("options",), {"colour": "red"}, "options"),
        (("setup",), [], "setup"),
        (("setup",), None, "setup"),
        (("setup", "seed"), "5", "setup"),
        (("setup", "seed"), None, "setup"),
        (("setup", "seed"), 6, "history[0]"),  # another shuffle: the first play is not in hand
        (("setup", "players"), 5, "setup"),
        (("setup", "players"), "3", "setup"),
        (("setup", "first_player"), 7, "setup"),
        (("setup", "decks"), "ensemble", "setup"),
        (("setup", "decks"), [["C01"] * 40] * 3, "setup"),
        (("setup", "decks"), [None, None, None], "setup"),
        (("setup", "decks"), [[1] * 40] * 3, "setup"),
        (("history",), "end end", "history"),
        (("history",), None, "history"),
        (("history",), [["end"]], "history[0]"),
        (("history",), [7], "history[0]"),
        (("history",), ["fly 3"], "history[0]"),
        (("zones",), [], "zones"),
        (("zones",), None, "zones"),
        (("node",), "combat", "node"),
        (("scalars",), {}, "scalars"),
        (("rng",), "0000000000000000", "rng"),
        (("rng",), 5, "rng"),
        (("events",), [], "events"),
        (("trail",), [["main", "combat"]], "trail"),
    ],
)
def test_saved_state_with_wrong_values_or_types(path: tuple[str, ...], value: Any, where: str) -> None:
    _s, d = saved()
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    load_fails(d, where)


def test_saved_state_with_altered_zones() -> None:
    s, d = saved()
    hand = d["zones"]["p0.hand"]
    # swap a hand card with the top of the deck: same cards, different place
    d["zones"]["p0.hand"][0], d["zones"]["p0.deck"][-1] = d["zones"]["p0.deck"][-1], hand[0]
    err = load_fails(d, "zones")
    assert "p0.deck" in str(err) and "p0.hand" in str(err)
    _s, d = saved()
    d["zones"]["p1.field"].append(d["zones"]["p1.deck"].pop())
    load_fails(d, "zones")
    _s, d = saved()
    d["zones"]["p2.discard"] = []
    load_fails(d, "zones")


def test_saved_state_with_altered_history() -> None:
    s, d = saved(steps=40)
    assert len(d["history"]) >= 10
    alters: list[Callable[[list[Any]], object]] = [
        lambda h: h.pop(),
        lambda h: h.pop(0),
        lambda h: h.append("end"),
        lambda h: h.reverse(),
        lambda h: h.insert(3, h[3]),
    ]
    for alter in alters:
        d2 = copy.deepcopy(d)
        alter(d2["history"])
        load_fails(d2)


def test_saved_state_with_altered_events_or_trail() -> None:
    _s, d = saved()
    d["events"][3]["data"] = {"cards": [0, 1, 2, 3, 4]}
    load_fails(d, "events")
    _s, d = saved()
    d["trail"] = d["trail"][:-1]
    load_fails(d, "trail")
    _s, d = saved()
    d["scalars"]["turn"] += 1
    load_fails(d, "scalars")


@pytest.mark.parametrize("data", [None, [], "state", 3, 2.5, True, {}, {"format": "tcgteach-state"}])
def test_saved_state_that_is_not_an_object(data: Any) -> None:
    load_fails(data)


def test_randomly_corrupted_saved_states_raise_only_state_file_errors() -> None:
    _s, original = saved(seed=9, steps=25)
    rng = random.Random(99)
    loaded_ok = 0
    for _ in range(300):
        d = _mutations(copy.deepcopy(original), rng)
        try:
            state = GAME.state_from_dict(d)
        except StateFileError:
            continue
        # what still loads must be the very same game (e.g. only an unused field was touched)
        loaded_ok += 1
        assert state.to_dict()["history"] == original["history"]
        assert state.to_dict()["zones"] == original["zones"]
    assert loaded_ok < 300
