"""Fuzz, issue 22: the shapes that found hangs and bare Python errors, put anywhere in real files — thousands of
problems (long lists and wide objects of bad values), sizes near the limits, lone surrogates in values and keys,
whole numbers of 41 to 5,000 digits, nesting past the depth limit — for every loader: card pools (a dict and a
file), deck files, saved states, teaching positions, game records. Always a library error or success, the input
unchanged. A loader that hangs fails here instead of hanging the run: each example has a 60 s alarm (a guard,
not a speed target: the figures are in benchmarks/loader_bounds.py)."""

from __future__ import annotations

import copy
import importlib
import itertools
import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fuzz_support import GAMES, fewer, game, library_error_or_success, paths
from hypothesis import given
from hypothesis import strategies as st

import tcgteach
from tcgteach.core.schema import MAX_DEPTH, MAX_INT_DIGITS, MAX_VALUES
from tcgteach.record import MAX_ACTIONS, parse_record, record_text, replay

_files = itertools.count()


@contextmanager
def no_hang(seconds: int = 60) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise AssertionError(f"no answer after {seconds} s: a loader hangs on this input")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _nested(depth: int, leaf: Any) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


#: the hostile values: each is built when drawn (a list of 200,000 items is not kept between examples)
_SHAPES: dict[str, Callable[[int], Any]] = {
    "many bad items": lambda n: [0] * n,
    "many bad objects": lambda n: [{"id": 5, "x": None}] * n,
    "many keys": lambda n: {f"k{i}": i for i in range(n)},
    "lone surrogate": lambda n: ["\ud800", "a\udfffb", "\udbff"][n % 3],
    "long number": lambda n: 10 ** [MAX_INT_DIGITS, 4_300, 5_000][n % 3] * (-1 if n % 2 else 1),
    "too deep": lambda n: _nested(MAX_DEPTH + 1 + n % 400, 0),
}
shape = st.sampled_from(sorted(_SHAPES))
sizes = st.sampled_from([1, 20, 1_000, 20_000, MAX_VALUES // 2 - 10, MAX_VALUES + 1])


@st.composite
def hostile(draw: st.DrawFn, base: Any) -> Any:
    """``base`` (not changed) with one hostile shape put at a random place: a value replaced, an item or a key
    added; sometimes a surrogate as a key."""
    doc = copy.deepcopy(base)
    kind = draw(shape)
    n = draw(sizes) if kind.startswith("many") else draw(st.integers(0, 1000))
    value = _SHAPES[kind](n)
    where = draw(st.sampled_from(paths(doc)))
    if not where:
        return value
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    old = parent[where[-1]]
    if isinstance(old, dict) and draw(st.booleans()):
        old["\ud800" if kind == "lone surrogate" and draw(st.booleans()) else "extra"] = value
    elif isinstance(old, list) and draw(st.booleans()):
        old.insert(draw(st.integers(0, len(old))), value)
    else:
        parent[where[-1]] = value
    return doc


def _module(name: str) -> Any:
    return importlib.import_module(f"tcgteach.{name}.rules.cards")


def _package_file(name: str, file: str) -> Any:
    from pathlib import Path

    return json.loads((Path(tcgteach.__file__).parent / name / "data" / file).read_text(encoding="utf-8"))


CARDS = {name: _package_file(name, "cards.json") for name in GAMES}
DECKS = {name: _package_file(name, "decks.json") for name in GAMES}
SAVED = {name: game(name).new_state(seed=4).to_dict() for name in GAMES}
POSITION = {
    "turn_player": 0,
    "node": "prep",
    "players": [{"hand": ["H01"], "gp": 3, "deck": {"fill": "beasts"}}, {"deck": {"fill": "heroes"}}],
}


@pytest.mark.parametrize("name", GAMES)
@fewer(10)
@given(data=st.data())
def test_fuzz_shapes_card_pool_dict(name: str, data: st.DataObject) -> None:
    doc = data.draw(hostile(CARDS[name]))
    with no_hang():
        library_error_or_success(tcgteach.game, name, cards=doc)


@pytest.mark.parametrize("name", GAMES)
@fewer(10)
@given(data=st.data())
def test_fuzz_shapes_card_file(name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    doc = data.draw(hostile(CARDS[name]))
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # (only to write the file: a number of 5,000 digits as its digits)
    try:
        text = json.dumps(doc)  # ensure_ascii: a lone surrogate is written as its \\ud800 escape
    finally:
        sys.set_int_max_str_digits(limit)
    path = tmp_path_factory.getbasetemp() / f"shape-{name}-{next(_files)}.json"
    path.write_text(text, encoding="utf-8")
    try:
        with no_hang():
            library_error_or_success(tcgteach.game, name, cards=str(path))
    finally:
        path.unlink()


@pytest.mark.parametrize("name", GAMES)
@fewer(5)
@given(data=st.data())
def test_fuzz_shapes_deck_file(name: str, data: st.DataObject) -> None:
    doc = data.draw(hostile(DECKS[name]))
    cards = _module(name)
    with no_hang():
        library_error_or_success(cards.parse_decks, doc, "decks.json", cards.card_pool())


@pytest.mark.parametrize("name", GAMES)
@fewer(5)
@given(data=st.data())
def test_fuzz_shapes_saved_state(name: str, data: st.DataObject) -> None:
    doc = data.draw(hostile(SAVED[name]))
    with no_hang():
        library_error_or_success(game(name).state_from_dict, doc)


@fewer(5)
@given(data=st.data(), seed=st.sampled_from([0, 2**64 - 1, 2**64, -(2**64), 10**5000]))
def test_fuzz_shapes_position(data: st.DataObject, seed: int) -> None:
    spec = data.draw(hostile(POSITION))
    with no_hang():
        library_error_or_success(game("dragonquest").position, spec, seed)


@st.composite
def hostile_records(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(GAMES))
    state = game(name).new_state(seed=draw(st.integers(0, 3)))
    lines = record_text(state).splitlines()
    i = draw(st.integers(0, len(lines)))
    kind = draw(st.sampled_from(["number", "actions", "long line", "surrogate", "options"]))
    if kind == "number":
        key = draw(st.sampled_from(["Seed", "Players", "FirstPlayer", "Deck1"]))
        lines = [
            f"{key}: {'9' * draw(st.sampled_from([19, 31, 4301, 5000]))}" if ln.startswith(key) else ln for ln in lines
        ]
    elif kind == "actions":
        lines += [draw(st.sampled_from(["pass", "play 1", "x" * 300]))] * draw(
            st.sampled_from([MAX_ACTIONS, MAX_ACTIONS + 1])
        )
    elif kind == "long line":
        lines.insert(i, "Deck1: " + "C01*1 " * draw(st.sampled_from([100, 50_000])))
    elif kind == "surrogate":
        lines.insert(i, "\ud800 play 5")
    else:
        lines.insert(i, "Options: " + " ".join(f"k{j}={'9' * 5000}" for j in range(draw(st.integers(1, 30)))))
    return "\n".join(lines) + "\n"


@fewer(5)
@given(text=hostile_records())
def test_fuzz_shapes_record(text: str) -> None:
    with no_hang():
        record, error = library_error_or_success(parse_record, text)
        if error is None:
            library_error_or_success(replay, record)
