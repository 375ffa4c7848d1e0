"""Your own cards: ``tcgteach.game(name, cards=PATH_OR_DICT)`` and everything that rebuilds a game keeps them."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

import tcgteach
from tcgteach import DataFileError, DeckError, RecordError, StateFileError, TcgError
from tcgteach.core.game import Game
from tcgteach.core.pool import CardPool
from tcgteach.darkmoon import DarkMoon
from tcgteach.dragonquest import DragonQuest
from tcgteach.record import parse_record, record_text, replay
from tcgteach.sim import simulate

MINI = Path(tcgteach.__file__).parent / "data" / "examples" / "darkmoon-mini-cards.json"
MINI_DATA = json.loads(MINI.read_text(encoding="utf-8"))
#: two decks of the example pool: with the two cards that draw on play, and with two plain cards instead
READERS = {**{f"X0{i}": 4 for i in range(1, 8)}, "X10": 4, "X11": 4, "XS1": 4}
PLAIN = {**{f"X0{i}": 4 for i in range(1, 8)}, "X08": 4, "X09": 4, "XS1": 4}


def mini() -> DarkMoon:
    return cast(DarkMoon, tcgteach.game("darkmoon", cards=MINI))


def pool_of(g: Game) -> CardPool:
    """The user's pool of ``g`` (a game made with ``cards=``)."""
    assert g.user_pool is not None
    return g.user_pool


def played(g: Any, steps: int = 30, seed: int = 2) -> Any:
    s = g.new_state(seed=seed, decks=[READERS, PLAIN])
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(s.legal_actions()[-1])
    return s


def test_the_example_file_loads_as_a_card_pool() -> None:
    g = mini()
    assert sorted(g.cards) == sorted(c["id"] for c in MINI_DATA["cards"])
    assert g.cards["X10"].effect == {"op": "draw", "n": 1}
    assert g.user_pool is not None and g.user_pool.digest.startswith("sha256:")
    assert tcgteach.game("darkmoon").user_pool is None
    assert "cards=" in repr(g)


def test_a_pool_given_as_a_dict_is_the_games_own_copy() -> None:
    data = copy.deepcopy(MINI_DATA)
    g = cast(DarkMoon, tcgteach.game("darkmoon", cards=data))
    digest = pool_of(g).digest
    data["cards"][0]["number"] = 99  # the caller changes their dict afterwards
    data["cards"].clear()
    assert g.cards["X01"].number == 1 and pool_of(g).digest == digest
    assert pool_of(g).data["cards"][0]["number"] == 1


def test_the_same_pool_from_a_path_and_from_a_dict_has_the_same_fingerprint() -> None:
    a, b = mini(), tcgteach.game("darkmoon", cards=copy.deepcopy(MINI_DATA))
    assert a.user_pool == b.user_pool and pool_of(a).source != pool_of(b).source


def test_a_bad_user_card_file_names_the_file_and_the_place(tmp_path: Path) -> None:
    bad = copy.deepcopy(MINI_DATA)
    bad["cards"][3]["number"] = 100
    path = tmp_path / "mycards.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        tcgteach.game("darkmoon", cards=path)
    assert err.value.file == str(path) and err.value.where == "cards[3] (X04).number"
    assert "from 1 to 99" in str(err.value)
    with pytest.raises(DataFileError, match=r"cards\[3\] \(X04\)\.number"):
        tcgteach.game("darkmoon", cards=bad)


def test_a_user_pool_keeps_its_rule_checks() -> None:
    twin = copy.deepcopy(MINI_DATA)
    twin["cards"][1]["id"] = "X01"
    with pytest.raises(DataFileError, match="duplicate card id 'X01'") as err:
        tcgteach.game("darkmoon", cards=twin)
    assert err.value.where == "cards[1] (X01).id"


@pytest.mark.parametrize("cards", [3, ["X01"], b"{}", None.__class__])
def test_cards_of_the_wrong_kind_are_refused(cards: Any) -> None:
    with pytest.raises(TcgError):
        tcgteach.game("darkmoon", cards=cards)


def test_a_dragonquest_pool_is_no_darkmoon_pool() -> None:
    dq = cast(DragonQuest, tcgteach.game("dragonquest"))
    path = Path(tcgteach.__file__).parent / "dragonquest" / "data" / "cards.json"
    g = cast(DragonQuest, tcgteach.game("dragonquest", cards=path))
    assert g.cards.keys() == dq.cards.keys() and g.starter_decks() == dq.starter_decks()
    with pytest.raises(DataFileError, match="format"):
        tcgteach.game("darkmoon", cards=path)
    with pytest.raises(TcgError, match="dragonquest card pool"):
        tcgteach.game("darkmoon", cards=g.user_pool)


def test_starter_decks_are_those_legal_with_the_pool() -> None:
    g = mini()
    assert g.starter_decks() == []  # none of the package's decks can be built from 12 new cards
    with pytest.raises(DeckError, match="with the card pool"):
        g.starter_deck("ensemble")
    with pytest.raises(TcgError):
        g.new_state(seed=1)
    s = g.new_state(seed=1, decks=[READERS, PLAIN])
    assert {c for deck in s.setup["decks"] for c in deck} == set(READERS) | set(PLAIN)
    with pytest.raises(DeckError, match="DM-7"):
        g.new_state(seed=1, decks=["ensemble", PLAIN])


def test_with_options_clone_and_pickle_keep_the_pool() -> None:
    g = mini()
    other = cast(DarkMoon, g.with_options({"tie": "none"}))
    assert other.user_pool == g.user_pool and other.cards.keys() == g.cards.keys()
    back = pickle.loads(pickle.dumps(other))
    assert back.user_pool == g.user_pool and dict(back.options) == dict(other.options)
    assert back.cards["X10"] == g.cards["X10"]
    s = played(g)
    assert s.clone().game is g and s.view(0).game is g


def test_a_saved_state_says_which_pool_and_refuses_another() -> None:
    g = mini()
    s = played(g)
    d = s.to_dict()
    assert d["cards"] == pool_of(g).digest
    assert g.state_from_dict(copy.deepcopy(d)) == s
    assert tcgteach.game("darkmoon", cards=copy.deepcopy(MINI_DATA)).state_from_dict(copy.deepcopy(d)) == s
    with pytest.raises(StateFileError, match="cards=") as err:
        tcgteach.game("darkmoon").state_from_dict(copy.deepcopy(d))
    assert err.value.where == "cards"
    changed = copy.deepcopy(MINI_DATA)
    changed["cards"][0]["name"]["en"] = "Heli — Evening Roll Call"
    with pytest.raises(StateFileError, match="but this game uses"):
        tcgteach.game("darkmoon", cards=changed).state_from_dict(copy.deepcopy(d))
    plain = tcgteach.game("darkmoon").new_state(seed=1).to_dict()
    assert "cards" not in plain
    with pytest.raises(StateFileError, match="package's own cards"):
        g.state_from_dict(plain)


def test_a_record_says_which_pool_and_replays_only_with_it(tmp_path: Path) -> None:
    g = mini()
    s = played(g, steps=60)
    text = record_text(s)
    assert f"Cards: {pool_of(g).digest} {MINI.name}\n" in text  # the name, no folders
    record = parse_record(text, "game.txt")
    again = replay(record, "game.txt", cards=MINI)
    assert again.to_dict() == s.to_dict()
    with pytest.raises(RecordError, match="cards=") as err:
        replay(record, "game.txt")
    assert err.value.line == text.splitlines().index(next(x for x in text.splitlines() if x.startswith("Cards:"))) + 1
    plain = record_text(tcgteach.game("darkmoon").new_state(seed=1))
    with pytest.raises(RecordError, match="package's own cards"):
        replay(parse_record(plain, "plain.txt"), "plain.txt", cards=MINI)


def test_simulate_plays_with_the_pool_in_this_process_and_in_workers() -> None:
    g = mini()
    here = simulate(g, 8, decks=[READERS, PLAIN], jobs=1, progress=False)
    pool = simulate(g, 8, decks=[READERS, PLAIN], jobs=2, chunk=2, progress=False)
    assert here == pool
    assert {r["cards"] for r in here} == {pool_of(g).digest}
    assert "cards" not in simulate("darkmoon", 2, jobs=1, progress=False)[0]
    with pytest.raises(TcgError):  # the package's decks are not legal with this pool: refused before any game
        simulate(g, 2, jobs=1, progress=False)


def test_a_game_without_a_card_pool_refuses_cards() -> None:
    if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
        from . import tinygame
    else:
        try:
            from . import tinygame
        except ImportError:
            import tinygame
    tcgteach.register_game(tinygame.Tally)
    try:
        with pytest.raises(TcgError, match="no card pool"):
            tcgteach.game("tally", cards=MINI)
        assert tcgteach.game("tally").user_pool is None
    finally:
        tcgteach.unregister_game("tally")
