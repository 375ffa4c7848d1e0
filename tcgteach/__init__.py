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
#: for), an installed plugin's entry point (``"module:attribute"``, see ``ENTRY_POINT_GROUP``) or a ``Game``
#: subclass registered at run time (``register_game``). Nothing outside a game's own package imports that
#: package; every other module asks ``state.game`` or this registry.
GAMES: dict[str, str | type[Game]] = {"darkmoon": "tcgteach.darkmoon", "dragonquest": "tcgteach.dragonquest"}

#: the games of this package: no plugin and no ``register_game`` replaces them
BUILTIN_GAMES = ("darkmoon", "dragonquest")

#: the entry-point group an installed distribution names its games in (``[project.entry-points."tcgteach.games"]``
#: ``war = "tcgteach_war:Game"``): found when the registry is first asked, imported when the game is first asked for
ENTRY_POINT_GROUP = "tcgteach.games"

#: plugin game name -> (its distribution, the entry point as written: ``name = value``), for error messages
_PLUGINS: dict[str, tuple[str, str]] = {}
#: plugins that were not registered and why (a built-in name, a name taken by another plugin)
PLUGIN_PROBLEMS: list[str] = []
_discovered = False


def _discover() -> None:
    """Add the games of the installed distributions (entry-point group ``tcgteach.games``) once per process;
    nothing is imported here."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    from importlib.metadata import entry_points

    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist.name if ep.dist is not None else "an unknown distribution"
        where = f"entry point {ep.name} = {ep.value!r} of the distribution {dist}"
        if ep.name in BUILTIN_GAMES:
            PLUGIN_PROBLEMS.append(f"{where}: {ep.name!r} is a game of tcgteach itself; the plugin is ignored")
        elif ep.name in _PLUGINS:
            PLUGIN_PROBLEMS.append(f"{where}: the game {ep.name!r} is already given by {_PLUGINS[ep.name][0]}")
        elif ep.name not in GAMES:
            GAMES[ep.name] = ep.value if ":" in ep.value else f"{ep.value}:Game"
            _PLUGINS[ep.name] = (dist, f"{ep.name} = {ep.value!r}")


def _load_plugin(name: str, ref: str) -> type[Game]:
    """The ``Game`` subclass a plugin's entry point names; any failure is a ``TcgError`` naming the plugin."""
    from .core.game import Game as _Game

    dist, written = _PLUGINS.get(name, ("?", ref))
    where = f"the game plugin {name!r} (entry point {written} in the group {ENTRY_POINT_GROUP}, distribution {dist})"
    module, _, attribute = ref.partition(":")
    try:
        obj: Any = import_module(module)
        for part in attribute.split("."):
            obj = getattr(obj, part)
    except Exception as exc:  # anything a broken plugin raises while it is imported
        raise TcgError(f"{where} could not be loaded: {type(exc).__name__}: {exc}") from exc
    if not (isinstance(obj, type) and issubclass(obj, _Game)):
        raise TcgError(f"{where} names {obj!r}, not a tcgteach Game subclass")
    if obj.name != name:
        raise TcgError(f"{where} names a game called {obj.name!r}, not {name!r}")
    GAMES[name] = obj
    return obj


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass of the game called ``name``, for its facts (title, player counts ...)."""
    entry = GAMES.get(name) if isinstance(name, str) else None
    if entry is None and isinstance(name, str):
        _discover()
        entry = GAMES.get(name)
    if entry is None:
        raise UnknownGameError(f"no game {name!r}; the games are: {', '.join(games())}")
    if isinstance(entry, str):
        if ":" in entry:
            return _load_plugin(name, entry)
        cls: type[Game] = import_module(entry).Game
        return cls
    return entry


def game_package(name: str) -> str:
    """The module name of the package that holds the game called ``name`` (its folder holds its data, and may
    hold ``diagrams/`` and ``playthroughs/``)."""
    entry = GAMES.get(name) if isinstance(name, str) else None
    if entry is None:
        game_class(name)  # discovers the plugins, or raises UnknownGameError
        entry = GAMES[name]
    if isinstance(entry, str) and ":" not in entry:
        return entry
    if isinstance(entry, str):
        entry = game_class(name)
    module = str(entry.__module__)
    import sys

    found = sys.modules.get(module)
    is_package = found is not None and hasattr(found, "__path__")
    return module if is_package else module.rpartition(".")[0] or module


def plugin_of(name: str) -> tuple[str, str] | None:
    """(distribution, entry point) of a game that an installed plugin gives, or None (a built-in game, or no
    game of that name)."""
    if not isinstance(name, str):
        raise UnknownGameError(f"no game {name!r}: a game's name is a string; the games are: {', '.join(games())}")
    _discover()
    return _PLUGINS.get(name)


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
    """Every game's name: the package's own, the installed plugins' (entry-point group ``tcgteach.games``),
    then those registered at run time."""
    _discover()
    return list(GAMES)


def register_game(cls: type[Game]) -> None:
    """Add a game at run time: ``cls`` is a ``Game`` subclass with its ``name`` set. Every front end
    (stepper, classroom, simulator, CLI) then offers it, as the tests' tiny third game shows. A game of the
    package itself is not replaced."""
    from .core.game import Game as _Game

    if not (isinstance(cls, type) and issubclass(cls, _Game)) or not cls.name:
        raise TcgError(f"register_game takes a Game subclass with a name, not {cls!r}")
    if cls.name in BUILTIN_GAMES:
        raise TcgError(f"{cls.name!r} is a game of tcgteach itself and cannot be replaced")
    GAMES[cls.name] = cls


def unregister_game(name: str) -> None:
    """Remove a game added by ``register_game`` (the package's own games and the installed plugins stay)."""
    entry = GAMES.get(name)
    if entry is not None and not isinstance(entry, str) and name not in _PLUGINS:
        del GAMES[name]


__all__ = [
    "game",
    "games",
    "game_class",
    "register_game",
    "unregister_game",
    "GAMES",
    "BUILTIN_GAMES",
    "ENTRY_POINT_GROUP",
    "game_package",
    "plugin_of",
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
