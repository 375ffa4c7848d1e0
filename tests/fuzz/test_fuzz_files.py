"""Fuzz: every loader of a file or a dict — saved states, teaching positions, game records, card pools,
deck files and deck lists, raw JSON — fed real files with random edits and random values. Always a
library error (TcgError) or success, the input unchanged; what loads can be played and saved again."""

from __future__ import annotations

import copy
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import (
    GAMES,
    HUGE,
    fewer,
    game,
    ints,
    json_values,
    library_error_or_success,
    mutated,
    number_words,
)
from hypothesis import given
from hypothesis import strategies as st

import tcgteach
from tcgteach.core.data import load_json
from tcgteach.core.errors import TcgError
from tcgteach.core.state import State, load_state
from tcgteach.record import parse_record, read_record, record_text, replay

_files = itertools.count()


def _play_some(state: State, seed: int, steps: int = 25) -> None:
    """A state that loaded must play on: random legal steps raise nothing at all."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


# -- saved states -----------------------------------------------------------------------------------
_POSITION = {
    "turn_player": 0,
    "node": "prep",
    "players": [
        {
            "front": [{"card": "M05", "state": "active", "damage": 1, "item": None}],
            "hand": ["H01"],
            "gp": 3,
            "deck": {"fill": "beasts"},
        },
        {"front": ["M01", {"card": "M02", "state": "closed", "poisoned": True}], "deck": {"fill": "heroes"}},
    ],
}


def _saved(name: str) -> list[dict[str, Any]]:
    out = []
    rng = random.Random(3)
    for seed, steps in ((1, 0), (2, 12), (3, 40)):
        s = game(name).new_state(seed=seed)
        _play_some(s, seed, steps)
        out.append(s.to_dict())
    if name == "dragonquest":
        s = game(name).position(copy.deepcopy(_POSITION), seed=5)
        _play_some(s, 5, rng.randrange(1, 6))
        out.append(s.to_dict())
    return out


SAVED = {name: _saved(name) for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_saved_state(name: str, data: st.DataObject) -> None:
    doc = data.draw(st.sampled_from(SAVED[name]).flatmap(lambda d: mutated(d)) | json_values)
    state, error = library_error_or_success(game(name).state_from_dict, doc)
    if error is None:
        assert isinstance(doc, dict), "a saved state that is not a JSON object was loaded"
        mine = state.to_dict()  # the play as saved (options and setup are written normalised: "1" -> 1, None -> 2)
        for key in ("game", "node", "zones", "rng", "history", "events", "trail"):
            assert mine[key] == doc[key], key
        _play_some(state, 0)
    library_error_or_success(lambda d: load_state(game(name), d), doc)


def test_fuzz_saved_state_of_another_game_is_refused() -> None:
    with pytest.raises(TcgError, match="dragonquest"):
        game("darkmoon").state_from_dict(SAVED["dragonquest"][0])


# -- teaching positions -------------------------------------------------------------------------------
position_values = json_values | st.sampled_from([0, 1, 1.0, True, -1, 2, "0", None, "prep", "battle", "combat.action"])


@given(spec=mutated(_POSITION, position_values, max_edits=2), seed=ints)
def test_fuzz_position(spec: Any, seed: int) -> None:
    g = game("dragonquest")
    state, error = library_error_or_success(g.position, spec, seed)
    if error is not None:
        return
    saved = state.to_dict()
    if isinstance(spec, dict):  # the state owns its data: changing the caller's spec changes nothing
        spec.clear()
        spec["players"] = "changed"
    assert state.to_dict() == saved
    assert g.state_from_dict(saved) == state
    for p in (0, 1):
        assert isinstance(state.legal_actions(), tuple)
        state.view(p)
    _play_some(state, 1)


@given(turn_player=st.sampled_from([1.0, True, False, 2, -1, "1", None, 0.0]))
def test_fuzz_position_turn_player_is_an_int_seat(turn_player: Any) -> None:
    spec = dict(copy.deepcopy(_POSITION), turn_player=turn_player)
    with pytest.raises(TcgError, match="turn_player"):
        game("dragonquest").position(spec)


# -- game records --------------------------------------------------------------------------------------
def _record(name: str, seed: int) -> str:
    s = game(name).new_state(seed=seed)
    _play_some(s, seed, 100_000)
    return record_text(s, agents="random,random")


RECORDS = [_record(name, seed) for name in GAMES for seed in (1, 2)]
line_values = number_words | st.text(max_size=12) | st.sampled_from(["C01*3", "C01*99999999999", "C01*²", "end"])


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(RECORDS)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, min(9, len(lines) - 1)) | st.integers(0, len(lines) - 1))  # the header often
        op = draw(st.sampled_from(["delete", "duplicate", "replace", "insert", "value", "number"]))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "replace":
            lines[i] = draw(line_values)
        elif op == "insert":
            lines.insert(i, draw(line_values))
        elif op == "value" and ":" in lines[i]:
            lines[i] = lines[i].split(":", 1)[0] + ": " + draw(line_values)
        else:  # a number in the line becomes another (ASCII or not, small or huge)
            words = lines[i].split(" ")
            j = draw(st.integers(0, len(words) - 1))
            head, star, _n = words[j].partition("*")
            new = draw(number_words | st.sampled_from([str(h) for h in HUGE]))
            words[j] = f"{head}*{new}" if star else new
            lines[i] = " ".join(words)
        if not lines:
            break
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))


@given(text=record_texts() | st.text(max_size=200))
def test_fuzz_record(text: str) -> None:
    record, error = library_error_or_success(parse_record, text, "fuzz.txt")
    if error is None:
        state, error = library_error_or_success(replay, record, "fuzz.txt")
        if error is None:
            assert state.history == [state.game.parse_action(a) for a in record.actions]


def test_fuzz_records_unchanged_replay_to_the_same_game() -> None:
    for text in RECORDS:
        state = replay(parse_record(text))
        assert record_text(state, agents="random,random") == text


# -- card pools, deck files, deck lists -------------------------------------------------------------------
DATA = Path(tcgteach.__file__).parent
CARDS = {name: json.loads((DATA / name / "data" / "cards.json").read_text(encoding="utf-8")) for name in GAMES}
DECKS = {name: json.loads((DATA / name / "data" / "decks.json").read_text(encoding="utf-8")) for name in GAMES}


def _cards_module(name: str) -> Any:
    import importlib

    return importlib.import_module(f"tcgteach.{name}.rules.cards")


@pytest.mark.parametrize("name", GAMES)
@fewer(5)
@given(data=st.data())
def test_fuzz_card_file(name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A card file of one's own (``tcgteach.game(name, cards=PATH)``, issue 15 item 2), edited at random."""
    doc = data.draw(mutated(CARDS[name], max_edits=2))
    path = tmp_path_factory.getbasetemp() / f"cards-{name}-{next(_files)}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        g, error = library_error_or_success(tcgteach.game, name, cards=str(path))
    finally:
        path.unlink()
    if error is None:
        assert g.cards and all(isinstance(k, str) for k in g.cards)
        s, error = library_error_or_success(g.new_state, seed=0)
        if error is None:
            _play_some(s, 0, 60)


@pytest.mark.parametrize("name", GAMES)
@fewer(5)
@given(data=st.data())
def test_fuzz_user_card_pool(name: str, data: st.DataObject) -> None:
    """``tcgteach.game(name, cards=DICT)`` (issue 15, item 2): validated like a file; a game that loads plays."""
    doc = data.draw(mutated(CARDS[name], max_edits=2))
    g, error = library_error_or_success(tcgteach.game, name, cards=doc)
    if error is None:
        s, error = library_error_or_success(g.new_state, seed=0)
        if error is None:
            _play_some(s, 0, 60)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_deck_file(name: str, data: st.DataObject) -> None:
    cards = _cards_module(name)
    doc = data.draw(mutated(DECKS[name], json_values | ints, max_edits=2))
    decks, error = library_error_or_success(cards.parse_decks, doc, "decks.json", cards.card_pool())
    if error is None:
        g = game(name)
        for d in decks.values():
            assert g.validate_deck(d["cards"]) == []


def _deck_lists(name: str) -> st.SearchStrategy[Any]:
    g = game(name)
    ids = sorted(g.cards)
    cid = st.sampled_from(ids) | st.text(max_size=4) | json_values
    count = st.integers(0, 60) | st.sampled_from(HUGE) | st.sampled_from([True, 1.0, "3", None, -1])
    starter = st.sampled_from([list(g.starter_deck(n).cards) for n in g.starter_decks()])
    return (
        st.lists(st.sampled_from(ids), max_size=60)
        | st.lists(cid, max_size=8)
        | st.dictionaries(cid.filter(lambda c: isinstance(c, str)), count, max_size=6)
        | st.sampled_from(g.starter_decks())
        | starter.flatmap(lambda d: mutated(d, cid, max_edits=3))
        | json_values
    )


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_check_deck(name: str, data: st.DataObject) -> None:
    deck = data.draw(_deck_lists(name))
    cards, error = library_error_or_success(game(name).check_deck, deck)
    if error is None:
        assert isinstance(cards, tuple) and all(isinstance(c, str) for c in cards)
        assert game(name).validate_deck(cards) == []
        s, error = library_error_or_success(game(name).new_state, 0, [deck] * 2)
        assert error is None, error


# -- raw JSON files ------------------------------------------------------------------------------------
@given(
    raw=st.binary(max_size=200)
    | json_values.map(lambda v: json.dumps(v).encode())
    | st.text(max_size=50).map(str.encode)
)
def test_fuzz_load_json(raw: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.getbasetemp() / f"raw-{next(_files)}.json"
    path.write_bytes(raw)
    try:
        library_error_or_success(load_json, path)
    finally:
        path.unlink()


@given(depth=st.integers(1, 200_000), opener=st.sampled_from(["[", '{"a":']))
def test_fuzz_load_json_nesting(depth: int, opener: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    closer = "]" if opener == "[" else "}"
    path = tmp_path_factory.getbasetemp() / f"deep-{next(_files)}.json"
    path.write_text(opener * depth + "0" + closer * depth, encoding="utf-8")
    try:
        library_error_or_success(load_json, path)
    finally:
        path.unlink()


@given(size=st.sampled_from([0, 1, 1000, 5 * 2**20, 40 * 2**20]))
def test_fuzz_read_record_file_size(size: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.getbasetemp() / f"big-{next(_files)}.txt"
    with path.open("wb") as f:  # a sparse file: no disk used; reading it is what a bounded reader avoids
        f.truncate(size)
    try:
        library_error_or_success(read_record, path)
    finally:
        path.unlink()
