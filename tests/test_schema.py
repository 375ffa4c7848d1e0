"""The JSON Schemas shipped with the package: valid Draft 2020-12, described for an editor, met by the package's
own files, in agreement with the engine's vocabulary, and turned into errors that name the JSON path."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

import tcgteach
from tcgteach import DataFileError
from tcgteach.core import schema as S
from tcgteach.darkmoon import DarkMoon
from tcgteach.darkmoon.rules import cards as dm_cards
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import cards as dq_cards

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

PKG = Path(tcgteach.__file__).parent
SHIPPED = [
    ("darkmoon/data/cards.json", "darkmoon-cards"),
    ("darkmoon/data/decks.json", "darkmoon-decks"),
    ("darkmoon/data/rules.json", "rules"),
    ("dragonquest/data/cards.json", "dragonquest-cards"),
    ("dragonquest/data/decks.json", "dragonquest-decks"),
    ("dragonquest/data/rules.json", "rules"),
    ("data/examples/darkmoon-mini-cards.json", "darkmoon-cards"),
]


@pytest.mark.parametrize("name", S.NAMES)
def test_every_schema_is_valid_draft_2020_12_and_described(name: str) -> None:
    sch = S.schema(name)
    S._jsonschema().Draft202012Validator.check_schema(sch)
    assert sch["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert sch["$id"].endswith(f"/{name}.schema.json")
    assert sch["title"] and len(sch["description"]) > 40
    assert S.schema_file(name).name == f"{name}.schema.json"


def test_every_shipped_schema_file_has_a_name() -> None:
    assert sorted(p.name for p in S.SCHEMAS.glob("*.json")) == sorted(f"{n}.schema.json" for n in S.NAMES)


@pytest.mark.parametrize("file,name", SHIPPED)
def test_the_package_files_fit_their_schemas(file: str, name: str) -> None:
    """The package's own files are read without the schema at run time (``checked=True``): this is where
    they are checked."""
    assert S.problems(json.loads((PKG / file).read_text(encoding="utf-8")), name) == []


@pytest.mark.parametrize("game", gamecases.registered_games())
def test_every_registered_games_rules_file_fits_the_schema(game: str) -> None:
    """A game's rule texts (its ``rules_file``, a plugin's too) are read unchecked at run time: a registered game
    whose rules.json breaks the ``rules`` schema fails here."""
    path = gamecases.rules_path(game)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert S.problems(data, "rules") == [], path
    assert data.get("game", game) == game


def test_lessons_and_quiz_positions_fit_the_position_schema() -> None:
    # a position the README shows, and one with every field
    for spec in (
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {"front": [{"card": "M05", "state": "active"}], "deck": {"fill": "beasts"}},
                {"front": ["M01", {"card": "M02", "state": "closed", "poisoned": True}], "deck": {"fill": "heroes"}},
            ],
        },
        {
            "turn_player": 1,
            "first_player": 1,
            "turn": 4,
            "node": "prep",
            "recruits": 1,
            "quest_played": False,
            "players": [
                {
                    "front": [{"card": "H02", "item": "I07", "damage": 1}],
                    "hand": ["H01"],
                    "gp": 2,
                    "level": 1,
                    "discard": [],
                    "exp": [],
                    "quest": [],
                    "back": [],
                    "deck": {"fill": "heroes"},
                },
                {"front": ["M01"], "deck": ["M01"] * 49},
            ],
        },
    ):
        assert S.problems(spec, "dragonquest-position") == []
        cast(DragonQuest, tcgteach.game("dragonquest")).position(spec)


def test_a_saved_state_of_each_game_fits_the_state_schema() -> None:
    for name in gamecases.registered_games():
        s = tcgteach.game(name).new_state(seed=3)
        for _ in range(20):
            if s.is_terminal():
                break
            s.apply(s.legal_actions()[0])
        assert S.problems(s.to_dict(), "state") == []


def _enum(sch: dict[str, Any], *path: str) -> list[Any]:
    node: Any = sch
    for key in path:
        node = node[key]
    return list(node)


def test_the_darkmoon_schema_states_the_engines_vocabulary() -> None:
    sch = S.schema("darkmoon-cards")["$defs"]
    assert sch["character"]["enum"] == list(dm_cards.CHARACTERS)
    ops = sch["effect"]["then"]["properties"]["op"]["enum"]
    assert sorted(ops) == sorted(dm_cards.EFFECT_OPS)
    from tcgteach.darkmoon.rules.ids import Op

    assert sorted(ops) == sorted(o.value for o in Op)
    assert sorted(sch["condition"]["properties"]) == sorted(dm_cards.CONDITIONS)


def test_the_dragonquest_schema_states_the_engines_vocabulary() -> None:
    sch = S.schema("dragonquest-cards")["$defs"]
    assert sch["characterEquip"]["items"]["enum"] == sch["itemEquip"]["items"]["enum"] == list(dq_cards.EQUIP_TYPES)
    assert sch["effect"]["properties"]["timing"]["enum"] == list(dq_cards.TIMINGS)
    assert sch["effectBody"]["properties"]["target"]["enum"] == list(dq_cards.TARGETS)
    ops = sch["op"]["properties"]["op"]["enum"]
    assert sorted(ops) == sorted([*dq_cards.CARD_OPS, *dq_cards.PLAYER_OPS])
    spans = {}
    for rule in sch["op"]["allOf"]:
        names = rule["if"]["properties"]["op"].get("enum") or [rule["if"]["properties"]["op"]["const"]]
        n = rule["then"]["properties"].get("n")
        for op in names:
            spans[op] = None if n is None else (n["minimum"], n["maximum"])
    assert spans == {**dq_cards.CARD_OPS, **dq_cards.PLAYER_OPS}


DQ_CARDS = json.loads((PKG / "dragonquest/data/cards.json").read_text(encoding="utf-8"))


def dq_error(change: Any) -> DataFileError:
    data = copy.deepcopy(DQ_CARDS)
    change(data)
    with pytest.raises(DataFileError) as err:
        dq_cards.parse_cards(data, "mycards.json")
    return err.value


def test_an_error_names_the_json_path_of_the_place() -> None:
    err = dq_error(lambda d: d["cards"][3]["effects"][0].update(cost="close it"))
    assert err.file == "mycards.json" and err.where == "cards[3] (H04).effects[0].cost"
    assert str(err) == 'mycards.json: cards[3] (H04).effects[0].cost: expected an object, got "close it"'


def test_rule_errors_of_the_schema_cite_the_rule() -> None:
    err = dq_error(lambda d: d["cards"][3]["effects"][0]["cost"].update(gp=1))
    assert err.where == "cards[3] (H04).effects[0].cost.gp" and "DQ-6.11" in str(err)
    err = dq_error(lambda d: d["cards"][0].update(equip=[]))
    assert err.where == "cards[0] (H01).equip" and "DQ-6.9" in str(err)


def test_the_first_problem_in_document_order_is_reported_with_the_count_of_the_others() -> None:
    def two(d: dict[str, Any]) -> None:
        d["cards"][5]["hp"] = 0
        d["cards"][2]["speed"] = "fast"

    err = dq_error(two)
    assert err.where == "cards[2] (H03).speed" and "(and 1 more problem)" in str(err)
    data = copy.deepcopy(DQ_CARDS)
    two(data)
    assert [w for w, _ in S.problems(data, "dragonquest-cards")] == ["cards[2] (H03).speed", "cards[5] (H06).hp"]


def test_integers_are_json_integers_not_floats_or_booleans() -> None:
    for value in (3.0, True, "3", 1e400):
        err = dq_error(lambda d, v=value: d["cards"][0].update(hp=v))
        assert err.where == "cards[0] (H01).hp"


def test_where_quotes_keys_that_are_not_plain() -> None:
    assert S.where({"a b": [{"id": "X"}]}, ["a b", 0]) == '"a b"[0] (X)'
    assert S.where({}, []) == "(top)"
    assert S.where({"rules": {"DQ-5.5": {}}}, ["rules", "DQ-5.5", "title"]) == "rules.DQ-5.5.title"


def test_an_unknown_schema_is_named() -> None:
    with pytest.raises(DataFileError, match="no such schema"):
        S.schema_file("chess-cards")


# -- the subset validator (for where jsonschema cannot be imported) agrees with jsonschema --------------------
def _mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    junk = [None, True, False, 0, 1, -1, 1.0, 2.5, 10**6, "", "x", "M01", "C01", [], {}, [1], {"a": 1}, ["active"]]
    if isinstance(value, dict) and value and rng.random() < 0.8 and depth < 12:
        key = rng.choice(list(value))
        r = rng.random()
        if r < 0.15:
            del value[key]
        elif r < 0.25:
            value["extra" if rng.random() < 0.5 else key + "_"] = rng.choice(junk)
        elif r < 0.45:
            value[key] = rng.choice(junk)
        else:
            value[key] = _mutate(value[key], rng, depth + 1)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8 and depth < 12:
        i = rng.randrange(len(value))
        r = rng.random()
        if r < 0.1:
            del value[i]
        elif r < 0.3:
            value[i] = rng.choice(junk)
        else:
            value[i] = _mutate(value[i], rng, depth + 1)
        return value
    return rng.choice(junk)


def _corpus() -> list[tuple[str, Any]]:
    out = [(name, json.loads((PKG / file).read_text(encoding="utf-8"))) for file, name in SHIPPED]
    dq = cast(DragonQuest, tcgteach.game("dragonquest"))
    spec = {
        "turn_player": 0,
        "node": "prep",
        "players": [
            {
                "front": [{"card": "H02", "item": "I07", "damage": 1, "state": "active", "poisoned": False}, "M05"],
                "back": ["M01"],
                "hand": ["H01", "Q01"],
                "quest": ["Q09"],
                "gp": 3,
                "deck": {"fill": "heroes"},
            },
            {"front": ["M01", {"card": "M02", "state": "closed"}], "deck": {"fill": "beasts"}},
        ],
    }
    out.append(("dragonquest-position", spec))
    s = dq.position(spec)
    for _ in range(10):
        s.apply(s.legal_actions()[0])
    out.append(("state", s.to_dict()))
    return out


def test_the_subset_validator_agrees_with_jsonschema_on_corrupted_files() -> None:
    rng = random.Random(15)
    disagreements = []
    for name, original in _corpus():
        assert S.problems(original, name, subset=True) == S.problems(original, name) == []
        for _ in range(100 if name.endswith("cards") else 60):
            data = _mutate(copy.deepcopy(original), rng)
            try:
                S.check_json(data, S.file_fail("x"))
            except DataFileError:
                continue
            a, b = S.problems(data, name), S.problems(data, name, subset=True)
            if a != b:
                disagreements.append((name, a[:2], b[:2]))
    assert disagreements == []


def test_the_loaders_work_without_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the offline JupyterLite site, where jsonschema (which needs the compiled rpds-py) is missing."""

    def missing() -> Any:
        raise ImportError("no jsonschema here")

    monkeypatch.setattr(S, "_jsonschema", missing)
    S.validator.cache_clear()
    try:
        assert isinstance(S.validator("darkmoon-cards"), S.SubsetValidator)
        g = cast(DarkMoon, tcgteach.game("darkmoon", cards=PKG / "data/examples/darkmoon-mini-cards.json"))
        assert len(g.cards) == 12
        err = dq_error(lambda d: d["cards"][3]["effects"][0].update(cost="close it"))
        assert err.where == "cards[3] (H04).effects[0].cost"
        with pytest.raises(DataFileError, match="turn_player"):
            cast(DragonQuest, tcgteach.game("dragonquest")).position({"turn_player": 1.0, "players": []})
    finally:
        S.validator.cache_clear()
