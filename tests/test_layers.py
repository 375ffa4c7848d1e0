"""The layers inside a game package (issue 23, item 3): a game's rules stand apart from its teaching.

Every package of tcgteach that has both a ``rules/`` and a ``teaching/`` folder is a game split in two: the rules
(state, flow, effects, cards, ids, actions, setup) are what the engine needs to play a game exactly; the teaching
(board, texts, reasons, coach, quiz, examples) reads the rules. The rule, stated once in ``FORBIDDEN``: a module of
``rules/`` imports nothing of its game's ``teaching/``, of ``tcgteach.widgets`` or of ``tcgteach.viz`` — not at the
top, not inside a function, not under TYPE_CHECKING. Read from the source with ast, never by importing it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tcgteach"

#: what a game's rules must not import, as dotted prefixes; ``{game}`` is the game's package
FORBIDDEN = ("tcgteach.{game}.teaching", "tcgteach.widgets", "tcgteach.viz")


def layered_games() -> list[str]:
    """The packages of tcgteach split into rules/ and teaching/."""
    return sorted(p.name for p in PACKAGE.iterdir() if (p / "rules").is_dir() and (p / "teaching").is_dir())


def imported(source: str, module: str) -> list[tuple[int, str]]:
    """(line, absolute dotted name) of every import in ``source``, the text of module ``module`` (a dotted name,
    e.g. ``tcgteach.darkmoon.rules.state``); relative imports resolved, ``from X import y`` counted as ``X.y``."""
    package = module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            head = ".".join([*base, *([node.module] if node.module else [])])
            found += [(node.lineno, f"{head}.{a.name}") for a in node.names]
    return found


def violations(source: str, module: str, game: str) -> list[str]:
    """The imports of ``source`` (module ``module`` of the rules of ``game``) that break the layer rule."""
    bad = [f.format(game=game) for f in FORBIDDEN]
    return [
        f"{module}:{line} imports {name}"
        for line, name in imported(source, module)
        if any(name == b or name.startswith(b + ".") for b in bad)
    ]


def rules_modules(game: str) -> list[tuple[str, Path]]:
    return [(f"tcgteach.{game}.rules.{p.stem}", p) for p in sorted((PACKAGE / game / "rules").glob("*.py"))]


def test_both_games_are_split() -> None:
    assert {"darkmoon", "dragonquest"} <= set(layered_games())


@pytest.mark.parametrize("game", layered_games())
def test_a_games_rules_import_none_of_its_teaching_no_widget_and_no_viz(game: str) -> None:
    found = [v for module, path in rules_modules(game) for v in violations(path.read_text("utf-8"), module, game)]
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        "from ..teaching.board import render\n",  # relative, at the top
        "from ..teaching import text\n",  # the package itself
        "def f():\n    from ...viz.board import board_html\n",  # inside a function
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tcgteach.widgets import Stepper\n",
        "import tcgteach.darkmoon.teaching.quiz\n",  # absolute
        "import tcgteach.viz\n",
    ],
)
def test_the_rule_sees_a_forbidden_import(source: str) -> None:
    """Each way of importing a forbidden layer is caught (so the test above can fail)."""
    assert violations(source, "tcgteach.darkmoon.rules.state", "darkmoon")


@pytest.mark.parametrize(
    "source",
    [
        "from . import effects\nfrom .ids import Ev\n",  # the rules themselves
        "from ...core.state import State\n",  # the kernel
        "from ..game import DarkMoon\n",  # the game package's own Game
        "import tcgteach.dragonquest.teaching\n",  # another game's teaching is not this rule's business
        "from ...vizier import x\n",  # a prefix of a name is not the name
    ],
)
def test_the_rule_lets_the_rules_import_the_rules_and_the_kernel(source: str) -> None:
    assert violations(source, "tcgteach.darkmoon.rules.state", "darkmoon") == []


def test_relative_imports_are_resolved_from_the_module() -> None:
    names = [n for _, n in imported("from ..teaching.board import render\nfrom . import ids\n", "tcgteach.g.rules.s")]
    assert names == ["tcgteach.g.teaching.board.render", "tcgteach.g.rules.ids"]
