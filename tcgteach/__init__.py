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
from pathlib import Path
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

#: example files shipped with the package (a small card pool of your own: ``darkmoon-mini-cards.json``)
EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"

#: the one place the version is written (pyproject.toml reads it; CHANGELOG.md has its section)
__version__ = "0.1.0"

#: the one registry of games: name -> the module that defines ``Game`` (imported when first asked
#: for), or a ``Game`` subclass registered at run time (``register_game``). Nothing outside a game's
#: own package imports that package; every other module asks ``state.game`` or this registry.
GAMES: dict[str, str | type[Game]] = {"darkmoon": "tcgteach.darkmoon", "dragonquest": "tcgteach.dragonquest"}


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass of the game called ``name``, for its facts (title, player counts ...)."""
    entry = GAMES.get(name) if isinstance(name, str) else None
    if entry is None:
        raise UnknownGameError(f"no game {name!r}; the games are: {', '.join(GAMES)}")
    if isinstance(entry, str):
        cls: type[Game] = import_module(entry).Game
        return cls
    return entry


def game(name: str, options: Mapping[str, Any] | None = None, cards: Any = None) -> Game:
    """The game called ``name`` ("darkmoon" ...), with rule options (see ``game.options``).

    ``cards``: your own card pool instead of the package's: a path to a card file (JSON, the schema
    ``tcgteach/data/schemas/<game>-cards.schema.json``) or its data as a dict. It is validated like the
    package's own files (``DataFileError`` naming the file and the place, e.g. ``cards[3] (C04).number``);
    the game keeps its own copy. Everything made from the game keeps the pool: ``with_options``,
    clones, simulations (also in worker processes), saved states and records, which carry the pool's
    fingerprint and refuse to load into a game with another pool. The starter decks are those of the
    package that are legal with your pool; give other decks to ``new_state(decks=[{id: count}, ...])``.
    """
    cls = game_class(name)
    if cards is None:
        return cls(options)
    if not cls.card_schema:
        raise TcgError(f"{name} has no card pool of its own to replace (cards=)")
    return cls(options, cards=cards)


def games() -> list[str]:
    return list(GAMES)


def register_game(cls: type[Game]) -> None:
    """Add a game at run time: ``cls`` is a ``Game`` subclass with its ``name`` set. Every front end
    (stepper, classroom, simulator, CLI) then offers it, as the tests' tiny third game shows."""
    from .core.game import Game as _Game

    if not (isinstance(cls, type) and issubclass(cls, _Game)) or not cls.name:
        raise TcgError(f"register_game takes a Game subclass with a name, not {cls!r}")
    GAMES[cls.name] = cls


def unregister_game(name: str) -> None:
    """Remove a game added by ``register_game`` (the package's own games stay)."""
    entry = GAMES.get(name)
    if entry is not None and not isinstance(entry, str):
        del GAMES[name]


__all__ = [
    "game",
    "games",
    "game_class",
    "register_game",
    "unregister_game",
    "GAMES",
    "EXAMPLES",
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
