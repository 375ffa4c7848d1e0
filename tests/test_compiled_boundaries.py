"""Public boundaries that the compiled build (mypyc) used to answer with its own bare errors: these run in
``bash run.sh test`` on both builds (the pure run checks the same answers)."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import pytest

import tcgteach
from tcgteach.core.errors import OptionError, TcgError

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

#: every registered game; the card-pool boundaries over the games whose card pool a user may replace
GAMES = gamecases.registered_games()
WITH_CARDS = gamecases.with_capability("cards")


class _WithCards(Protocol):
    """A game that declares the ``cards`` capability: its card pool, by card id."""

    cards: Mapping[str, object]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("kw", [{"seed": "x"}, {"seed": True}, {"players": "2"}, {"first_player": 0.0}])
def test_new_state_wrong_types_are_library_errors(name: str, kw: dict[str, Any]) -> None:
    with pytest.raises(TcgError):
        tcgteach.game(name).new_state(**kw)


@pytest.mark.parametrize("name", GAMES)
def test_an_option_name_that_is_not_text_is_an_option_error(name: str) -> None:
    with pytest.raises(OptionError, match="unknown"):
        tcgteach.game(name, cast(Any, {None: 1}))  # a key that is not text, on purpose


@pytest.mark.parametrize("name", WITH_CARDS)
def test_a_card_file_holding_null_is_a_library_error(name: str, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(None), encoding="utf-8")
    with pytest.raises(TcgError):
        tcgteach.game(name, cards=str(path))


@pytest.mark.parametrize("name", WITH_CARDS)
def test_cards_copy_and_pickle_equal(name: str) -> None:
    """A card pool deep-copies and pickles (compiled, a frozen dataclass's default restore failed)."""
    cards = dict(cast(_WithCards, tcgteach.game(name)).cards)
    assert copy.deepcopy(cards) == cards
    assert pickle.loads(pickle.dumps(cards)) == cards
    assert all(copy.copy(c) == c for c in cards.values())


@pytest.mark.parametrize("name", [g for g in GAMES if g not in WITH_CARDS])
def test_a_game_without_a_card_pool_refuses_one(name: str) -> None:
    with pytest.raises(TcgError, match="no card pool"):
        tcgteach.game(name, cards={"cards": []})
