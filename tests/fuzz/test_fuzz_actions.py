"""Fuzz: action objects with random field values and random action text, applied to states of random
games. Always a library error or success; a failed apply leaves the state as it was; a successful one
stores the engine's own legal object; ``_why_illegal`` answers for any object."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from fuzz_support import GAMES, json_values, library_error_or_success, number_words, scalars, states
from hypothesis import given
from hypothesis import strategies as st

from tcgteach.core.actions import Action, field_problem
from tcgteach.core.errors import IllegalActionError
from tcgteach.core.state import State
from tcgteach.darkmoon.rules import actions as DA
from tcgteach.dragonquest.rules import actions as QA

CLASSES = {"darkmoon": DA.ACTION_CLASSES, "dragonquest": QA.ACTION_CLASSES}
ALL_CLASSES = DA.ACTION_CLASSES + QA.ACTION_CLASSES
field_values = scalars | st.integers(-5, 120) | st.sampled_from(["front", "back", "", "-"]) | json_values


@st.composite
def action_objects(draw: st.DrawFn, state: State | None = None) -> Any:
    """Mostly an action class of any game with random field values; sometimes a legal action of the state
    rebuilt field by field (equal, not identical), or something that is not an action at all."""
    kind = draw(st.sampled_from(["random", "random", "legal", "nudged", "other"]))
    if state is not None and kind in ("legal", "nudged") and state.legal_actions():
        a = draw(st.sampled_from(state.legal_actions()))
        values = [getattr(a, f.name) for f in dataclasses.fields(a)]
        if kind == "nudged" and values:
            i = draw(st.integers(0, len(values) - 1))
            v = values[i]
            near = [v + 1, float(v), str(v), bool(v)] if isinstance(v, int) else [v + "x", v.upper(), 0, v.encode()]
            values[i] = draw(st.sampled_from([*near, None]))
        return type(a)(*values)
    if kind == "other":
        return draw(json_values | st.sampled_from([Action(), DA.Play, object(), b"play 3"]))
    cls = draw(st.sampled_from(ALL_CLASSES))
    return cls(*[draw(field_values) for _ in dataclasses.fields(cls)])


def _apply_property(state: State, action: Any) -> None:
    before = state.to_dict()
    legal = state.legal_actions()
    shown_before = repr(action)
    try:
        state.apply(action)
    except IllegalActionError as exc:
        assert exc.rule[:3] in ("DM-", "DQ-"), exc
        assert state.to_dict() == before, "a refused action changed the state"
        return
    finally:
        assert repr(action) == shown_before, "the caller's object was changed"
    stored = state.history[-1]
    assert any(stored is a for a in legal), "apply stored the caller's object, not the engine's"
    assert field_problem(stored) is None
    assert state.game.state_from_dict(state.to_dict()) == state  # the saved state loads again


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_apply_random_action_objects(name: str, data: st.DataObject) -> None:
    state = data.draw(states(name))
    _apply_property(state, data.draw(action_objects(state)))


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_why_illegal_answers_for_any_object(name: str, data: st.DataObject) -> None:
    state = data.draw(states(name))
    obj = data.draw(action_objects(state))
    before = state.to_dict()
    message, rule = state._why_illegal(obj)
    assert isinstance(message, str) and message
    assert isinstance(rule, str) and rule[:3] in ("DM-", "DQ-")
    assert state.to_dict() == before


@st.composite
def action_texts(draw: st.DrawFn, name: str) -> str:
    """Verbs of the game (or not) followed by random words: numbers of every kind, rows, junk."""
    verbs = [c.VERB for c in CLASSES[name]]
    verb = draw(st.sampled_from(verbs) | st.text(max_size=6) | st.sampled_from([v.upper() for v in verbs]))
    words = draw(st.lists(number_words | st.sampled_from(["front", "back", "-"]) | st.text(max_size=5), max_size=3))
    sep = draw(st.sampled_from([" ", "  ", "\t", " \u3000 "]))
    return sep.join([verb, *words])


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_action_text(name: str, data: st.DataObject) -> None:
    state = data.draw(states(name))
    text = data.draw(action_texts(name) | st.text(max_size=20))
    parsed, error = library_error_or_success(state.game.parse_action, text)
    if error is None:
        assert field_problem(parsed) is None, f"{text!r} parsed to an inexact {parsed!r}"
        assert type(parsed) in CLASSES[name]
    _apply_property(state, text)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_legal_action_text_round_trips(name: str, data: st.DataObject) -> None:
    state = data.draw(states(name))
    if state.legal_actions():
        a = data.draw(st.sampled_from(state.legal_actions()))
        assert state.game.parse_action(str(a)) == a


@given(cls=st.sampled_from(ALL_CLASSES), values=st.lists(field_values, min_size=3, max_size=3))
def test_fuzz_action_constructors_and_text(cls: type[Action], values: list[Any]) -> None:
    """Any field values make an action (a value: equal to itself, hashable when its fields are, a text)."""
    n = len(dataclasses.fields(cls))
    a = cls(*values[:n])
    assert a == copy.deepcopy(a) or a != a
    assert str(a).split()[0] == cls.VERB
    problem = field_problem(a)
    assert problem is None or problem.startswith(cls.__name__ + ".")
