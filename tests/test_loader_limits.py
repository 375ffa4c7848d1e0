"""Issue 22, items 1 and 2: every loader refuses an oversized input before parsing it deeply, stops collecting
problems after the first few, and turns Python's own limits (lone surrogates, numbers past 4,300 digits,
nesting past the interpreter's stack) into a library error naming the place. Each shape that found a hang or
a bare Python error in the issue's fuzzing is a test here (times are in benchmarks/loader_bounds.py)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest

import tcgteach
from tcgteach import DataFileError, OptionError, RecordError, StateFileError, TcgError
from tcgteach.core import schema
from tcgteach.core.data import load_json
from tcgteach.core.rng import SEED_LIMIT
from tcgteach.core.schema import MAX_INT_DIGITS, MAX_PROBLEMS, MAX_VALUES, check_json, file_fail, problems
from tcgteach.darkmoon import DarkMoon
from tcgteach.dragonquest import DragonQuest
from tcgteach.record import MAX_ACTIONS, parse_record, record_text

DM = cast(DarkMoon, tcgteach.game("darkmoon"))
DQ = cast(DragonQuest, tcgteach.game("dragonquest"))
GAMES = {"darkmoon": DM, "dragonquest": DQ}


def _deep(n: int) -> Any:
    value: Any = []
    for _ in range(n):
        value = [value]
    return value


def _write(tmp_path: Path, text: str, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- 1. bounded work ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_4_MB_file_of_two_million_bad_items_is_refused_by_its_count_before_it_is_parsed(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, '{"format": "tcgteach-' + game + '-cards", "cards": [' + ",".join(["0"] * 2_000_000) + "]}")
    assert path.stat().st_size > 4_000_000
    parsed: list[str] = []
    monkeypatch.setattr(json, "loads", lambda text, **kw: parsed.append(text))  # never reached
    with pytest.raises(DataFileError) as err:
        tcgteach.game(game, cards=path)
    assert f"more than {MAX_VALUES:,} values" in str(err.value) and str(path) in str(err.value)
    assert parsed == []


def test_a_dict_of_more_values_than_the_limit_is_refused_at_the_list_that_passes_it() -> None:
    data = {"format": "tcgteach-darkmoon-cards", "cards": [[0, 0]] * (MAX_VALUES // 2)}
    with pytest.raises(DataFileError) as err:
        check_json(data, file_fail("cards.json"))
    assert f"more than {MAX_VALUES:,} values" in str(err.value)


class _Counting:
    """A validator that counts how many errors the caller took from it."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.taken = inner, 0

    def iter_errors(self, data: Any) -> Any:
        for err in self.inner.iter_errors(data):
            self.taken += 1
            yield err


@pytest.mark.parametrize("subset", [False, True], ids=["jsonschema", "subset"])
def test_the_schema_search_stops_after_MAX_PROBLEMS_errors(monkeypatch: pytest.MonkeyPatch, subset: bool) -> None:
    bad = {"format": "tcgteach-darkmoon-cards", "cards": [{"id": 5}] * 900}  # 900 cards, each wrong twice or more
    counting = _Counting(
        schema.SubsetValidator(schema.schema("darkmoon-cards")) if subset else schema.validator("darkmoon-cards")
    )
    monkeypatch.setattr(schema, "validator", lambda name: counting)
    monkeypatch.setattr(schema, "SubsetValidator", lambda root: counting)
    found = problems(bad, "darkmoon-cards", subset=subset)
    assert counting.taken == MAX_PROBLEMS and 1 <= len(found) <= MAX_PROBLEMS
    assert found[0][0].startswith("cards[0]")  # the first in document order of those found
    with pytest.raises(DataFileError, match=f"the check stops after {MAX_PROBLEMS}"):
        DM.load_pool(bad)


@pytest.mark.parametrize("subset", [False, True], ids=["jsonschema", "subset"])
def test_a_list_longer_than_its_maxItems_is_reported_without_checking_its_items(subset: bool) -> None:
    # 1,001 cards (the limit is 1,000), each wrong: one problem, the length, not a thousand
    bad = {"format": "tcgteach-darkmoon-cards", "cards": [{"id": 5}] * 1001}
    found = problems(bad, "darkmoon-cards", subset=subset)
    assert found[0][0] == "cards" and "1 to 1000 cards" in found[0][1]
    assert not [w for w, _ in found if w.startswith("cards[")]


def test_uniqueItems_is_one_pass_with_json_equality() -> None:
    assert schema._has_duplicate([1, 1.0]) and schema._has_duplicate([{"a": [1]}, {"a": [1.0]}])
    assert not schema._has_duplicate([1, True]) and not schema._has_duplicate([0, False, None, "0", [0]])
    assert not schema._has_duplicate([{"a": 1}, {"a": 2}, {"b": 1}])


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("key", ["events", "history", "trail"])
def test_a_saved_state_with_twenty_thousand_bad_items_is_refused_at_the_first(game: str, key: str) -> None:
    data = GAMES[game].new_state(seed=3).to_dict()
    data[key] = [0] * 20_000
    with pytest.raises(StateFileError) as err:
        GAMES[game].state_from_dict(data)
    assert err.value.where in (f"{key}[0]", key)
    assert "more problems" in str(err.value) or "at most" in str(err.value)


def test_a_saved_state_and_a_record_hold_at_most_MAX_ACTIONS_actions() -> None:
    assert schema.schema("state")["properties"]["history"]["maxItems"] == MAX_ACTIONS
    data = DM.new_state(seed=1).to_dict()
    data["history"] = ["pass"] * (MAX_ACTIONS + 1)
    with pytest.raises(StateFileError, match=f"at most {MAX_ACTIONS}"):
        DM.state_from_dict(data)
    text = record_text(DM.new_state(seed=1)) + "pass\n" * (MAX_ACTIONS + 1)
    with pytest.raises(RecordError, match=f"more than {MAX_ACTIONS:,} actions"):
        parse_record(text)


def test_a_position_whose_hand_holds_twenty_thousand_bad_items_is_refused_at_once() -> None:
    with pytest.raises(StateFileError) as err:
        DQ.position({"turn_player": 0, "node": "prep", "players": [{"hand": [0] * 20_000}, {}]})
    assert err.value.where.startswith("position.players[0].hand")


# -- 2. Python's limits are the library's ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["\ud800", "ok\udfff", "\udbff\udc00"[0]])
def test_a_lone_surrogate_in_a_card_name_is_refused_before_the_fingerprint(text: str) -> None:
    data = json.loads((Path(tcgteach.__file__).parent / "darkmoon" / "data" / "cards.json").read_text("utf-8"))
    data["cards"][2]["name"]["en"] = text
    with pytest.raises(DataFileError) as err:
        tcgteach.game("darkmoon", cards=data)
    assert err.value.where == f"cards[2] ({data['cards'][2]['id']}).name.en" and "lone surrogate" in str(err.value)


def test_a_lone_surrogate_in_a_key_or_a_file_is_refused_naming_the_place(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="a key holds a lone surrogate"):
        check_json({"a": {"\ud800": 1}}, file_fail("x.json"))
    path = _write(tmp_path, '{"format": "tcgteach-dragonquest-cards", "cards": [{"id": "\\ud800"}]}')
    with pytest.raises(DataFileError) as err:
        tcgteach.game("dragonquest", cards=path)
    assert err.value.where == "cards[0].id" and "lone surrogate" in str(err.value)
    str(err.value).encode("utf-8")  # the message itself can be printed


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 4_300, 5_000, 100_000])
def test_a_number_of_too_many_digits_in_a_file_is_refused_naming_the_line(tmp_path: Path, digits: int) -> None:
    path = _write(tmp_path, '{"format": "tcgteach-darkmoon-cards",\n "cards": [' + "7" * digits + "]}")
    with pytest.raises(DataFileError) as err:
        load_json(path)
    assert err.value.where in ("line 2 column 12", "cards[0]") and f"at most {MAX_INT_DIGITS}" in str(err.value)
    assert len(str(err.value)) < 300


def test_a_long_number_inside_a_string_is_just_text(tmp_path: Path) -> None:
    path = _write(tmp_path, json.dumps({"note": "9" * 5000, "n": 12}))
    assert load_json(path)["n"] == 12


@pytest.mark.parametrize("game", sorted(GAMES))
def test_huge_numbers_in_a_saved_state_name_their_field(game: str) -> None:
    good = GAMES[game].new_state(seed=2).to_dict()
    for path in (("version",), ("setup", "seed"), ("setup", "first_player"), ("zones",)):
        data = copy.deepcopy(good)
        node = data
        for step in path[:-1]:
            node = node[step]
        if path == ("zones",):
            label = next(iter(data["zones"]))
            data["zones"][label] = [10**5000]
            want = f"zones.{label}[0]"
        else:
            node[path[-1]] = 10**5000
            want = ".".join(path)
        with pytest.raises(StateFileError) as err:
            GAMES[game].state_from_dict(data)
        assert err.value.where == want and "digits" in str(err.value)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_seeds_and_first_players_past_64_bits_are_library_errors(game: str) -> None:
    g = GAMES[game]
    rule = "DM-3.2" if game == "darkmoon" else "DQ-3.2"
    for seed in (SEED_LIMIT, -SEED_LIMIT, 10**5000):
        with pytest.raises(TcgError, match=rf"\[{rule}\] the seed must be a whole number of at most 64 bits"):
            g.new_state(seed=seed)
    for first in (10**5000, -(10**5000)):
        with pytest.raises(TcgError, match="first_player") as err:
            g.new_state(first_player=first)
        assert len(str(err.value)) < 200
    big = g.new_state(seed=SEED_LIMIT - 1)  # the largest seed still makes a state that saves and loads
    assert g.state_from_dict(json.loads(json.dumps(big.to_dict()))).to_dict() == big.to_dict()


def test_deep_nesting_anywhere_a_value_enters_is_a_library_error() -> None:
    deep = _deep(5000)
    calls: list[Callable[[], object]] = [
        lambda: DM.new_state(seed=deep),
        lambda: DM.new_state(first_player=deep),
        lambda: tcgteach.game("darkmoon", cards={"format": deep}),
        lambda: DM.state_from_dict(deep),
        lambda: DM.state_from_dict({"version": 2, "game": "darkmoon", "setup": deep}),
        lambda: DQ.position(deep),
        lambda: DM.with_options({"tie": deep}),
        lambda: DQ.with_options({"turn_limit": deep}),
    ]
    for call in calls:
        with pytest.raises(TcgError) as err:
            call()
        assert len(str(err.value)) < 400  # the place is its first steps and a depth, not 5,000 steps


def test_limit_options_stop_at_a_billion() -> None:
    for value in (10**5000, 10**10, 1_000_000_001, "9" * 5000):
        with pytest.raises(OptionError, match="from 1 to 1,000,000,000"):
            DQ.with_options({"turn_limit": value})
    assert DQ.with_options({"turn_limit": 1_000_000_000}).options["turn_limit"] == 1_000_000_000


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deck_list_of_a_million_cards_is_refused_by_its_size_at_once(game: str) -> None:
    g = GAMES[game]
    with pytest.raises(tcgteach.DeckError) as err:
        g.check_deck([0] * 1_000_000)  # not one of them is looked at: the count says it all
    (v,) = err.value.violations
    assert v.rule == g.size_rule and v.count == 1_000_000 and v.limit == g.deck_size
