"""``Game.capabilities`` is computed from the game's ``Teaching`` table (docs/architecture.md, "Capabilities and
the teaching table"); the kernel's methods answer each hook from it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.core.errors import TcgError
from tcgteach.core.teaching import Teaching
from tests.tinygame import Tally

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases


def test_capabilities_are_the_table_and_the_card_pool() -> None:
    for name in gamecases.registered_games():
        game = tcgteach.game(name)
        pool = {"cards"} if type(game).card_schema else set()
        assert game.capabilities == type(game).teaching.offered() | pool, name
    assert tcgteach.game("dragonquest").capabilities - tcgteach.game("darkmoon").capabilities == {"combat"}
    assert Tally().capabilities == {"board"}


def test_a_hook_left_out_of_the_table_is_the_kernel_default() -> None:
    tally = Tally()
    assert tally.heuristic_policy() is None and tally.rollout_policy() is None
    assert tally.quiz_kinds() == {} and tally.rule_moments() == {}
    assert tally.explain_combat(tally.new_state(1)) is None
    assert "tally-player" in tally.render_board(tally.new_state(1))


def test_a_table_entry_is_module_colon_attribute() -> None:
    with pytest.raises(TcgError, match="Teaching.board must be 'module:attribute'"):
        Teaching(board=".board.render")
