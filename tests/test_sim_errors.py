"""Bad arguments to the simulator and its statistics: each a TcgError that names the argument, before any game runs."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tcgteach
from tcgteach.sim import (
    compare,
    compare_records,
    describe,
    flow_metrics,
    format_table,
    length_distribution,
    read_csv,
    simulate,
    summary,
    to_csv,
    to_frame,
    wilson_interval,
)
from tcgteach.sim.variants import _seed_text, betainc, newcombe, welch

BAD_SIMULATE: list[tuple[dict[str, Any], str]] = [
    ({"n": -1}, "n"),
    ({"n": 1, "seed_start": "0"}, "seed_start"),
    ({"n": 1, "agents": 3}, "agents must be a name or a list"),
    ({"n": 1, "agents": ["random", 3]}, "an agent must be a name or a factory"),
    ({"n": 1, "decks": "abc"}, "decks must be None or a list"),
    ({"n": 1, "max_steps": -1}, "max_steps"),
    ({"n": 1, "jobs": 0}, "jobs"),
    ({"n": 1, "chunk": 0}, "chunk"),
    ({"n": 1, "progress": "yes"}, "progress must be True, False or None"),
    ({"n": 1, "executor": "pool"}, "executor must be a concurrent.futures.Executor"),
    ({}, "simulate needs n"),
    ({"seeds": "123"}, "seeds must be a list of whole numbers"),
    ({"seeds": 5}, "seeds must be a list of whole numbers"),
    ({"seeds": [1, "2"]}, r"seeds\[\]"),
    ({"seeds": [1, True]}, "seeds"),
    ({"n": 1, "agents": ["random", "random", "random"]}, "3 agents for 2 players"),
]


@pytest.mark.parametrize(("kwargs", "message"), BAD_SIMULATE, ids=[m for _, m in BAD_SIMULATE])
def test_simulate_refuses_a_bad_argument_by_name(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(tcgteach.TcgError, match=message):
        simulate("darkmoon", **kwargs)


def test_simulate_refuses_more_seeds_than_it_can_hold() -> None:
    from tcgteach.sim.runner import MAX_GAMES

    with pytest.raises(tcgteach.TcgError, match=f"at most {MAX_GAMES} games"):
        simulate("darkmoon", seeds=iter(range(MAX_GAMES + 2)))


def test_simulate_one_name_means_every_seat_and_a_one_item_list_too() -> None:
    by_name = simulate("darkmoon", 2, agents="random", jobs=1, progress=False)
    by_list = simulate("darkmoon", 2, agents=["random"], jobs=1, progress=False)
    assert by_name == by_list
    assert by_name[0]["agents"] == "random,random"


def wrong(value: Any) -> Any:
    """A value of the wrong type, passed as the caller of an untyped notebook would."""
    return value


BAD_STATS: list[tuple[Callable[[], Any], str]] = [
    (lambda: summary("records"), "records must be the list of records"),
    (lambda: summary([3]), r"records\[0\] must be a record"),
    (lambda: summary([{"seed": 1}]), r"records\[0\] is not a record of simulate\(\): it has no"),
    (lambda: summary([], confidence=1), "confidence must be a level between 0 and 1"),
    (lambda: wilson_interval(5, 3), "successes must be 0..trials"),
    (lambda: describe(wrong("123")), "values must be a list of numbers"),
    (lambda: describe(wrong([1, "x"])), r"values\[\]"),
    (lambda: length_distribution([], key=wrong(3)), "key"),
    (lambda: flow_metrics(wrong(3)), "game must be a game or its name"),
    (lambda: format_table(wrong({"a": 3})), "table must be a dict of rows"),
    (lambda: compare_records([], [], alpha=0), "alpha must be a significance level"),
    (lambda: to_frame(wrong("x")), "records must be a list of records"),
    (lambda: to_csv([], 3), "path must be a file name"),
]


@pytest.mark.parametrize(("call", "message"), BAD_STATS, ids=[m for _, m in BAD_STATS])
def test_statistics_refuse_a_bad_argument_by_name(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(tcgteach.TcgError, match=message):
        call()


def test_a_key_missing_from_a_record_is_named() -> None:
    records = simulate("darkmoon", 2, jobs=1, progress=False)
    with pytest.raises(tcgteach.TcgError, match="key must be a column of every record"):
        length_distribution(records, key="nonsense")
    assert length_distribution(records, key="decisions")["count"] == 2


def test_no_trials_has_no_interval_and_the_beta_function_is_bounded() -> None:
    assert wilson_interval(0, 0) is None
    assert betainc(2.0, 3.0, 0.0) == 0.0
    assert betainc(2.0, 3.0, 1.5) == 1.0


def test_tests_on_too_little_data_say_nothing_rather_than_guess() -> None:
    row = newcombe(0, 0, 3, 5)
    assert row["p"] is None and row["significant"] is False
    row = welch([1.0], [2.0, 3.0])
    assert row["p"] is None and row["significant"] is False


def test_seed_ranges_are_shown_short() -> None:
    assert _seed_text([3, 4, 5]) == "3..5"
    assert _seed_text([1, 5, 2, 9, 4, 7]) == "1, 5, 2, 9, 4 ..."


def test_a_comparison_prints_as_its_table_and_becomes_a_frame() -> None:
    c = compare("darkmoon", {}, {}, 4, jobs=1, progress=False)
    assert repr(c) == c.table()
    frame = c.to_frame()
    assert set(frame.index) == set(c.rows)


def test_compare_refuses_empty_records_for_side_a() -> None:
    with pytest.raises(tcgteach.TcgError, match="records_a is empty"):
        compare("darkmoon", {}, {}, 4, jobs=1, progress=False, records_a=[])


def test_without_pandas_a_frame_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    with pytest.raises(tcgteach.TcgError, match="to_frame needs pandas"):
        to_frame([])
    c = compare("darkmoon", {}, {}, 2, jobs=1, progress=False)
    with pytest.raises(tcgteach.TcgError, match="to_frame needs pandas"):
        c.to_frame()


def test_a_file_that_is_not_records_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.csv"
    with pytest.raises(tcgteach.TcgError, match="cannot read records from .*none.csv"):
        read_csv(missing)
    binary = tmp_path / "bin.csv"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(tcgteach.TcgError, match="cannot read records from .*bin.csv"):
        read_csv(binary)
