"""Bounds at the boundaries: counts above the deck size, files above the size limit, nesting beyond the depth
limit, numbers that are not ASCII digits, positions that share their caller's dict. Each is a library error
naming the place; each reproducer of issue 15 is a test here."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcgteach
from tcgteach import DataFileError, DeckError, RecordError, StateFileError, TcgError
from tcgteach.core.data import load_json
from tcgteach.core.schema import MAX_DEPTH, MAX_FILE_BYTES, check_json, file_fail
from tcgteach.darkmoon import DarkMoon
from tcgteach.dragonquest import DragonQuest
from tcgteach.record import MAX_RECORD_BYTES, ascii_int, parse_record, read_record, record_text, replay

DM = cast(DarkMoon, tcgteach.game("darkmoon"))
DQ = cast(DragonQuest, tcgteach.game("dragonquest"))


# -- deck counts ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [41, 10**20, 2**40, 10**5000], ids=["41", "10**20", "2**40", "10**5000"])
def test_DM_2_1_a_count_above_the_deck_size_is_refused_before_any_list_is_made(count: int) -> None:
    with pytest.raises(DeckError) as err:
        DM.check_deck({"C01": count})
    (v,) = err.value.violations
    assert v.rule == "DM-2.1" and v.cards == ("C01",) and v.limit == 40
    assert len(str(err.value)) < 300  # 10**5000 is not written out


@pytest.mark.parametrize("count", [51, 10**20, 2**40])
def test_DQ_2_1_a_count_above_the_deck_size_is_refused_before_any_list_is_made(count: int) -> None:
    with pytest.raises(DeckError) as err:
        DQ.check_deck({"M01": count})
    assert [v.rule for v in err.value.violations] == ["DQ-2.1"]


def test_DM_2_1_counts_that_add_up_above_the_deck_size_are_refused() -> None:
    with pytest.raises(DeckError, match="DM-2.1") as err:
        DM.check_deck({f"C{i:02d}": 30 for i in range(1, 30)})
    assert err.value.violations[0].cards == ("C02",)  # 30 + 30 > 40: the second entry


def test_a_deck_of_the_exact_size_by_counts_still_checks_every_rule() -> None:
    with pytest.raises(DeckError, match="DM-2.4"):
        DM.check_deck({"C01": 40})  # 40 cards of number 1: the size is right, DM-2.4 is not
    assert len(DM.check_deck("ensemble")) == 40


@pytest.mark.parametrize("deck", [{1: 3}, {"C01": 2.0}, {"C01": True}, {"C01": -1}, ["C01", 7]])
def test_deck_entries_of_the_wrong_type_are_deck_errors(deck: Any) -> None:
    with pytest.raises(DeckError):
        DM.check_deck(deck)


# -- records ---------------------------------------------------------------------------------------------------
def record_with(line_key: str, value: str) -> str:
    text = record_text(DM.new_state(seed=3, decks=["ensemble", "tempo"]))
    lines = [f"{line_key}: {value}" if x.startswith(f"{line_key}:") else x for x in text.splitlines()]
    return "\n".join(lines) + "\n"


def test_a_record_count_far_above_the_deck_size_is_a_record_error_naming_the_line() -> None:
    record = parse_record(record_with("Deck1", "C01*99999999999"), "game.txt")
    with pytest.raises(RecordError, match=r"C01\*99999999999") as err:
        replay(record, "game.txt")
    assert err.value.line == 7 and "DM-2.1" in str(err.value)
    record = parse_record(record_with("Deck1", "C01*20 C02*20 C03*20"), "game.txt")
    with pytest.raises(RecordError, match="more than 40 cards"):
        replay(record, "game.txt")


@pytest.mark.parametrize("value", ["C01*²", "C01*١٢", "C01*0", "C01*", "C01*" + "9" * 31, "C01*-3", "C01*+3"])
def test_record_copy_counts_are_ascii_digits(value: str) -> None:
    with pytest.raises(RecordError, match="ID\\*count") as err:
        parse_record(record_with("Deck1", value), "game.txt")
    assert err.value.line == 7


@pytest.mark.parametrize("key,value", [("Seed", "²"), ("Seed", "١٢"), ("Seed", "1_000"), ("Seed", "9" * 5000)])
def test_record_numbers_are_ascii_digits(key: str, value: str) -> None:
    with pytest.raises(RecordError, match="ASCII") as err:
        parse_record(record_with(key, value), "game.txt")
    assert err.value.line == 4


@pytest.mark.parametrize("value", ["²", "0", "9", "١", "1.0"])
def test_record_first_player_is_a_seat_in_ascii_digits(value: str) -> None:
    with pytest.raises(RecordError, match="FirstPlayer") as err:
        parse_record(record_with("FirstPlayer", value), "game.txt")
    assert err.value.line == 6


def test_record_option_values_in_other_digits_stay_text() -> None:
    """(Whether the option then refuses the text "²" is the option's check, core/options.py.)"""
    text = record_text(DQ.new_state(seed=3)).replace("turn_limit=None", "turn_limit=²")
    assert parse_record(text, "game.txt").options["turn_limit"] == "²"
    assert parse_record(text.replace("turn_limit=²", "turn_limit=120"), "game.txt").options["turn_limit"] == 120


def test_ascii_int() -> None:
    assert ascii_int("42") == 42 and ascii_int("-7") == -7 and ascii_int("-7", signed=False) is None
    assert [ascii_int(t) for t in ("²", " 4", "4 ", "+4", "1_0", "", "٣")] == [None] * 7


def test_read_record_refuses_a_file_above_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"# tcgteach game record\n" + b"x" * MAX_RECORD_BYTES)
    with pytest.raises(RecordError, match="larger than") as err:
        read_record(path)
    assert err.value.file == str(path)
    with pytest.raises(RecordError, match="longer than"):
        parse_record("x" * (MAX_RECORD_BYTES + 1))


# -- files: size and depth ---------------------------------------------------------------------------------------
def test_load_json_refuses_a_file_above_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"cards": "' + "x" * MAX_FILE_BYTES + '"}', encoding="utf-8")
    with pytest.raises(DataFileError, match="larger than") as err:
        load_json(path)
    assert err.value.file == str(path)
    with pytest.raises(DataFileError, match="larger than"):
        tcgteach.game("darkmoon", cards=path)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5000, 200_000])
def test_load_json_refuses_deep_nesting_naming_the_place(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"cards":\n' + "[" * depth + "]" * depth + "}", encoding="utf-8")
    with pytest.raises(DataFileError, match=f"more than {MAX_DEPTH} levels") as err:
        load_json(path)
    assert err.value.file == str(path)
    assert err.value.where.startswith("cards[0][0]") or err.value.where.startswith("line 2")


def test_nesting_up_to_the_limit_loads(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1), encoding="utf-8")
    assert load_json(path) is not None


@pytest.mark.parametrize(
    "value,where",
    [
        ({"a": [1, {"b": float("nan")}]}, "a[1].b"),
        ({"a": {1: 2}}, "a"),
        ({"a": {3, 4}}, "a"),
        ({"a": (1, 2)}, "a"),
        ({"a": b"x"}, "a"),
    ],
)
def test_check_json_names_what_is_not_plain_json(value: Any, where: str) -> None:
    with pytest.raises(DataFileError) as err:
        check_json(value, file_fail("<data>"))
    assert err.value.where == where


def deep(n: int) -> Any:
    value: Any = []
    for _ in range(n):
        value = [value]
    return value


def test_deeply_nested_dicts_given_to_the_loaders_are_library_errors() -> None:
    saved = DM.new_state(seed=1).to_dict()
    saved["events"] = deep(100_000)
    with pytest.raises(StateFileError, match="levels deep"):
        DM.state_from_dict(saved)
    with pytest.raises(StateFileError, match="levels deep"):
        DQ.position({"players": deep(100_000)})
    with pytest.raises(DataFileError, match="levels deep"):
        tcgteach.game("darkmoon", cards={"format": "tcgteach-darkmoon-cards", "version": 1, "cards": deep(100_000)})


# -- positions own their data; turn_player / first_player are ints --------------------------------------------
def spec() -> dict[str, Any]:
    return {
        "turn_player": 1,
        "first_player": 0,
        "node": "prep",
        "players": [
            {"front": ["M05", {"card": "M01", "state": "closed"}], "hand": ["H01"], "deck": {"fill": "beasts"}},
            {"front": ["M01"], "deck": {"fill": "heroes"}},
        ],
    }


def test_a_position_owns_a_deep_copy_of_its_spec() -> None:
    mine = spec()
    s = DQ.position(mine)
    saved = s.to_dict()
    mine["turn_player"] = 0
    mine["players"][0]["front"].append("M02")
    mine["players"][0]["front"][1]["state"] = "confused"
    mine["players"][1].clear()
    assert s.to_dict() == saved
    assert DQ.state_from_dict(copy.deepcopy(saved)).to_dict() == saved
    assert s.setup["position"] == spec()


@pytest.mark.parametrize("key", ["turn_player", "first_player"])
@pytest.mark.parametrize("value", [1.0, 0.0, True, False, 2, -1, "1", None])
def test_turn_player_and_first_player_of_a_position_are_the_ints_0_or_1(key: str, value: Any) -> None:
    bad = spec()
    bad[key] = value
    with pytest.raises(DataFileError) as err:  # a StateFileError is a DataFileError
        DQ.position(bad)
    assert isinstance(err.value, StateFileError) and err.value.where == f"position.{key}"


def test_a_saved_state_with_turn_player_1_0_is_refused() -> None:
    s = DQ.new_state(seed=4)
    for _ in range(12):
        s.apply(s.legal_actions()[0])
    saved = s.to_dict()
    assert saved["scalars"]["turn_player"] in (0, 1)
    for value in (float(saved["scalars"]["turn_player"]), bool(saved["scalars"]["turn_player"])):
        bad = copy.deepcopy(saved)
        bad["scalars"]["turn_player"] = value
        with pytest.raises(StateFileError, match="turn_player") as err:
            DQ.state_from_dict(bad)
        assert err.value.where == "scalars"
    from_position = DQ.position(spec()).to_dict()
    for value in (1.0, True):
        bad = copy.deepcopy(from_position)
        bad["setup"]["position"]["turn_player"] = value
        with pytest.raises(StateFileError) as err:
            DQ.state_from_dict(bad)
        assert err.value.where == "position.turn_player"
    bad = copy.deepcopy(saved)
    bad["setup"]["first_player"] = 1.0
    with pytest.raises(StateFileError) as err:
        DQ.state_from_dict(bad)
    assert err.value.where == "setup.first_player"
    assert DQ.state_from_dict(copy.deepcopy(saved)).to_dict() == saved


def test_a_state_whose_numbers_are_floats_is_refused_not_silently_equal() -> None:
    s = DM.new_state(seed=2)
    s.apply(s.legal_actions()[0])
    d = s.to_dict()
    d["zones"]["p0.hand"] = [float(c) for c in d["zones"]["p0.hand"]]
    with pytest.raises(StateFileError) as err:
        DM.state_from_dict(d)
    assert err.value.where.startswith("zones")


def test_json_text_of_a_saved_state_round_trips() -> None:
    s = DQ.position(spec())
    text = json.dumps(s.to_dict())
    assert DQ.state_from_dict(json.loads(text)).to_dict() == s.to_dict()
    with pytest.raises(TcgError):
        DQ.state_from_dict(json.loads(text.replace('"turn_player": 1', '"turn_player": 1.0', 1)))


# -- properties: a library error or a result, never anything else --------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.dictionaries(st.text(max_size=5), st.integers(min_value=-(2**70), max_value=2**70), max_size=6))
def test_check_deck_of_any_counts_is_a_deck_or_a_deck_error(deck: dict[str, int]) -> None:
    try:
        cards = DM.check_deck(deck)
    except DeckError:
        return
    assert len(cards) == 40


@FAST
@given(st.text(max_size=300))
def test_parse_record_of_any_text_is_a_record_or_a_record_error(text: str) -> None:
    try:
        parse_record("# tcgteach game record\nGame: darkmoon\nOptions: \nSeed: 1\nPlayers: 2\n" + text)
    except RecordError:
        pass


@FAST
@given(json_values)
def test_a_card_pool_of_any_json_is_a_pool_or_a_data_file_error(value: Any) -> None:
    data = {"format": "tcgteach-darkmoon-cards", "version": 1, "cards": [value]}
    before = copy.deepcopy(data)
    try:
        tcgteach.game("darkmoon", cards=data)
    except DataFileError:
        pass
    assert data == before


@FAST
@given(json_values, st.sampled_from(["turn_player", "first_player", "turn", "node", "recruits", "players"]))
def test_a_position_with_any_value_is_a_state_or_a_state_file_error(value: Any, key: str) -> None:
    s = spec()
    s[key] = value
    before = copy.deepcopy(s)
    try:
        DQ.position(s)
    except StateFileError:
        pass
    assert s == before
