"""The games the shared tests run over: every game of the registry (the package's own and the installed
plugins, entry-point group ``tcgteach.games``), and where each keeps its files.

One rule for every game, built-in or plugin: a game's package folder holds its ``rules_file``
(``data/rules.json``), may hold ``playthroughs/`` (its golden playthroughs, ``<game>-*.txt``; a plugin declares
their specs in ``playthroughs/specs.json``, the built-ins in ``tests/playthroughs/regenerate.py``) and its flow
diagrams (``diagrams/``; the built-ins' are ``tcgteach/diagrams``, shipped with the package). A test that needs
a hook asks ``with_capability``: a game without a coach is not failed for lacking one.

Games added at run time (``register_game``, the tests' Tally) are not registered games here: they live only
in the test that adds them.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

import tcgteach

ROOT = Path(__file__).resolve().parent.parent


def registered_games() -> list[str]:
    """The package's own games and the installed plugins, in the registry's order."""
    return [n for n in tcgteach.games() if n in tcgteach.BUILTIN_GAMES or tcgteach.plugin_of(n) is not None]


def plugin_games() -> list[str]:
    return [n for n in registered_games() if n not in tcgteach.BUILTIN_GAMES]


def with_capability(capability: str) -> list[str]:
    """The registered games that declare ``capability`` (``Game.capabilities``: coach, board, quiz, cards ...)."""
    return [n for n in registered_games() if capability in tcgteach.game(n).capabilities]


def package_dir(name: str) -> Path:
    """The folder of the game's package: the checkout's for a built-in game (also when the tests run on an
    installed build), the installed package's for a plugin (an editable install: its folder in examples/)."""
    if name in tcgteach.BUILTIN_GAMES:
        return ROOT.joinpath(*tcgteach.game_package(name).split("."))
    module = import_module(tcgteach.game_package(name))
    assert module.__file__ is not None
    return Path(module.__file__).parent


def rules_path(name: str) -> Path:
    """The game's rule texts (``Game.rules_file``, relative to the folder of the module that defines the game)."""
    cls = tcgteach.game_class(name)
    where = sys.modules[cls.__module__].__file__
    assert where is not None and cls.rules_file, f"{name} declares no rules file"
    return Path(where).parent / cls.rules_file


def golden_dir(name: str) -> Path:
    return package_dir(name) / "playthroughs"


def golden_files(name: str) -> list[Path]:
    """The game's golden playthroughs (``<package>/playthroughs/<game>-*.txt``)."""
    return sorted(golden_dir(name).glob(f"{name}-*.txt"))


def golden_specs(name: str) -> list[dict[str, Any]]:
    """The specs a game package declares for its goldens (``playthroughs/specs.json``; empty for the built-ins,
    whose specs are in tests/playthroughs/regenerate.py)."""
    path = golden_dir(name) / "specs.json"
    if not path.exists():
        return []
    specs: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    assert all(s.get("game") == name for s in specs), f"{path}: every spec is a {name} game"
    return specs


def diagram_dir(name: str) -> Path:
    """Where the game's generated flow diagrams are (``tcgteach diagrams``)."""
    if name in tcgteach.BUILTIN_GAMES:
        return ROOT / "tcgteach" / "diagrams"
    return package_dir(name) / "diagrams"
