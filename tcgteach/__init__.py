"""tcgteach: learn DARK MOON and the Dragon Quest Card Game by playing and stepping through them.

>>> import tcgteach
>>> game = tcgteach.game("darkmoon")
>>> state = game.new_state(seed=7)

Importing this package loads neither Jupyter, ipywidgets, graphviz nor networkx: renderers and
widgets are imported when first used.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core.errors import (
    DataFileError,
    DeckError,
    IllegalActionError,
    OptionError,
    RecordError,
    StateFileError,
    TcgError,
    UnknownGameError,
)

if TYPE_CHECKING:
    from .core.game import Game

#: the one place the version is written (pyproject.toml reads it; CHANGELOG.md has its section)
__version__ = "0.1.0"

#: game name -> module that defines ``Game``
GAMES = {"darkmoon": "tcgteach.darkmoon", "dragonquest": "tcgteach.dragonquest"}


def game(name: str, options: Mapping[str, Any] | None = None) -> Game:
    """The game called ``name`` ("darkmoon" ...), with rule options (see ``game.options``)."""
    module = GAMES.get(name) if isinstance(name, str) else None
    if module is None:
        raise UnknownGameError(f"no game {name!r}; the games are: {', '.join(GAMES)}")
    return import_module(module).Game(options)


def games() -> list[str]:
    return list(GAMES)


__all__ = [
    "game",
    "games",
    "GAMES",
    "TcgError",
    "IllegalActionError",
    "DeckError",
    "DataFileError",
    "OptionError",
    "StateFileError",
    "RecordError",
    "UnknownGameError",
    "__version__",
]
