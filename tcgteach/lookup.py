"""A game argument at the public boundary: a ``Game`` or the name of a registered one.

The kernel (``tcgteach/core``) takes games, never names (it imports no registry); the front ends that accept a
name (``simulate``, the quiz, the explorer, the widgets) check and look it up here."""

from __future__ import annotations

from typing import Any

from .core.checks import check_text, shown
from .core.errors import TcgError
from .core.game import Game

__all__ = ["check_game"]


def check_game(value: Any, param: str = "game") -> Game:
    """A game: a ``Game`` or the name of one ("darkmoon", "dragonquest" ...)."""
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        import tcgteach

        return tcgteach.game(check_text(value, param, limit=200))
    raise TcgError(f"{param} must be a game or its name, not {shown(value)} ({type(value).__name__})")
