"""Game.capabilities (issue 23, item 1): what a game declares, so shared tests test a hook only when it is there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcgteach

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from tests.tinygame import Tally
else:
    from tinygame import Tally  # pytest's rootdir-based import puts tests/ on sys.path


def test_the_real_games_declare_their_teaching_hooks() -> None:
    every = {"board", "cards", "coach", "design", "marks", "moments", "position_value", "quiz", "reasons", "rollout"}
    assert tcgteach.game("darkmoon").capabilities == frozenset(every)
    assert tcgteach.game("dragonquest").capabilities == frozenset(every | {"combat"})


def test_a_game_declares_only_what_it_overrides() -> None:
    assert Tally().capabilities == frozenset({"board"})
    assert Tally().heuristic_policy() is None  # the default answer of an undeclared hook


def test_every_capability_names_a_hook_of_game() -> None:
    game_cls = tcgteach.game_class("darkmoon")
    for hook in game_cls.CAPABILITIES.values():
        assert callable(getattr(game_cls, hook)), hook
