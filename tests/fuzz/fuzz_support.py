"""What the fuzz properties share: JSON-like values, mutations of real files, and the one assertion
"a library error (TcgError) or success; the input unchanged"."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import event, settings
from hypothesis import strategies as st

import tcgteach
from tcgteach.core.errors import TcgError
from tcgteach.core.state import State

#: integers a fuzzer may put anywhere. Never the 10**8 .. 2**32 range: ``["C01"] * n`` of that size is
#: gigabytes this shared machine would really allocate; these fail fast (MemoryError / OverflowError)
#: on an engine without bounds, and a bounded engine refuses them all the same.
HUGE = (2**33, 2**40, 99_999_999_999, 10**20, 2**64, -(2**63))
ints = st.integers(-1000, 1000) | st.sampled_from(HUGE)
#: numbers written as text: ASCII, other Unicode digits that ``str.isdigit`` accepts, and huge ones
number_words = st.sampled_from(
    ["0", "1", "2", "3", "12", "40", "-1", "²", "３", "٣", "1_0", "+3", " 4", "4.0", "1e3", "99999999999", "9" * 30]
) | st.integers(-100, 100).map(str)
scalars = st.none() | st.booleans() | ints | st.floats(allow_nan=True) | st.text(max_size=12) | number_words
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a nested JSON value (the empty path is the value itself)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


@st.composite
def mutated(draw: st.DrawFn, base: Any, extra: st.SearchStrategy[Any] = json_values, max_edits: int = 3) -> Any:
    """``base`` (a JSON value, not changed) with 1 to ``max_edits`` random edits: replace a value,
    delete a key or an item, add a key, or change a number by a little or a lot."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, max_edits))):
        where = draw(st.sampled_from(paths(doc)))
        if not where:
            return draw(extra)
        parent = doc
        for k in where[:-1]:
            parent = parent[k]
        key = where[-1]
        old = parent[key]
        op = draw(st.sampled_from(["replace", "delete", "add", "nudge", "retype"]))
        if op == "delete":
            del parent[key]
        elif op == "add" and isinstance(old, dict):
            old[draw(st.text(max_size=8))] = draw(extra)
        elif op == "add" and isinstance(old, list):
            old.insert(draw(st.integers(0, len(old))), draw(extra))
        elif op == "nudge" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + draw(st.sampled_from([-1, 1, -old - 1, 50]) | st.sampled_from(HUGE))
        elif op == "retype":
            parent[key] = draw(st.sampled_from([float(old) if isinstance(old, int) else None, str(old), [old], True]))
        else:
            parent[key] = draw(extra)
    return doc


def library_error_or_success(fn: Callable[..., Any], *args: Any, **kw: Any) -> tuple[Any, TcgError | None]:
    """Call ``fn``; a TcgError is an answer, anything else propagates (and fails the property). Every
    argument must be unchanged afterwards (deep copies compared)."""
    before = copy.deepcopy((args, kw))
    try:
        result, error = fn(*args, **kw), None
    except TcgError as exc:
        result, error = None, exc
        assert str(exc), f"{type(exc).__name__} with no message"
    assert (args, kw) == before, "the input was changed"
    event(f"{getattr(fn, '__name__', 'call')}: {'ok' if error is None else type(error).__name__}")
    return result, error


def fewer(n: int) -> settings:
    """A 1/n share of the profile's examples, for a property whose one example costs n times as much
    (a card pool checked by its schema); as a decorator above ``@given``."""
    profile = settings.default
    assert profile is not None, "no Hypothesis profile loaded (tests/fuzz/conftest.py loads one)"
    return settings(max_examples=max(5, profile.max_examples // n))


@cache
def game(name: str) -> Any:
    return tcgteach.game(name)


@cache
def _sample_states(name: str) -> tuple[State, ...]:
    """States of random games at many kinds of decisions (at most 6 per node), the game over included."""
    rng = random.Random(15)
    out: list[State] = []
    count: dict[str, int] = {}
    for seed in range(4):
        s = game(name).new_state(seed=seed)
        while True:
            if count.get(s.node, 0) < 6 and rng.random() < 0.3 or s.is_terminal():
                count[s.node] = count.get(s.node, 0) + 1
                out.append(s.clone())
            if s.is_terminal() or len(s.history) > 400:
                break
            s.apply(rng.choice(s.legal_actions()))
    return tuple(out)


def states(name: str) -> st.SearchStrategy[State]:
    """A fresh copy of one of the sample states (the property may change it)."""
    return st.sampled_from(_sample_states(name)).map(lambda s: s.clone())


GAMES = ("darkmoon", "dragonquest")
