"""The kernel's layer (issue 23, item 3; docs/architecture.md "The layers"), read from the source with ``ast``.

The kernel's part (``core_*`` below): ``tcgteach/core`` imports nothing of tcgteach outside ``tcgteach.core`` (no
game package, not the registry ``tcgteach`` itself, no ``tcgteach.widgets`` or ``tcgteach.viz``), and holds no
Japanese text outside its error messages. Each check is a function of source text, and a test shows it fails on a
bad source.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tcgteach

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "tcgteach" / "core"

# -- the kernel: imports -------------------------------------------------------------------------------------------


def core_imported(source: str, module: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``source`` (the text of the module ``module``, e.g.
    ``tcgteach.core.game``): at the top, inside functions and under ``if TYPE_CHECKING`` alike. A relative import
    is resolved against ``module``'s package; ``from X import name`` counts as importing ``X`` and ``X.name``
    (``from tcgteach import darkmoon`` imports a game package)."""
    package = module.rpartition(".")[0].split(".")
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                parts = base + ([node.module] if node.module else [])
                name = ".".join(parts)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names if alias.name != "*")
    return found


def plugin_packages() -> set[str]:
    """The top-level packages of the registered games that live outside tcgteach (the plugins)."""
    tops = {type(tcgteach.game(name)).__module__.split(".")[0] for name in tcgteach.games()}
    return tops - {"tcgteach"}


def core_import_problems(source: str, module: str) -> list[str]:
    """The imports of ``source`` that the kernel may not make: any module of tcgteach outside ``tcgteach.core``
    (the registry ``tcgteach`` itself, a game package, ``tcgteach.widgets``, ``tcgteach.viz``, the front ends),
    and any package of a registered game installed as a plugin."""
    bad = []
    plugins = plugin_packages()
    for line, name in core_imported(source, module):
        top = name.split(".")
        if top[0] in plugins:
            bad.append(f"{module}:{line}: imports the game plugin {name}")
            continue
        if top[0] != "tcgteach":
            continue  # the standard library and third-party packages
        if len(top) >= 2 and top[1] == "core":
            continue
        bad.append(f"{module}:{line}: imports {name}")
    return sorted(set(bad))


def _core_modules() -> list[Path]:
    return sorted(CORE.glob("*.py"))


@pytest.mark.parametrize("path", _core_modules(), ids=lambda p: p.stem)
def test_core_imports_no_game_no_registry_no_widgets_no_viz(path: Path) -> None:
    module = f"tcgteach.core.{path.stem}" if path.stem != "__init__" else "tcgteach.core.__init__"
    problems = core_import_problems(path.read_text(encoding="utf-8"), module)
    assert not problems, "the kernel imports outside tcgteach.core (docs/architecture.md):\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "bad",
    [
        "import tcgteach\n",
        "from tcgteach import game\n",
        "from .. import game\n",
        "def f():\n    from ..darkmoon import Game\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tcgteach.widgets import Stepper\n",
        "from ..viz.board import Board\n",
        "import tcgteach.dragonquest.state\n",
        "from ..texts import outcome_text\n",
    ],
)
def test_the_core_import_check_fails_on_an_import_outside_the_kernel(bad: str) -> None:
    assert core_import_problems(bad, "tcgteach.core.game"), bad


def test_the_core_import_check_passes_the_kernel_and_other_packages() -> None:
    good = "import json\nfrom . import errors\nfrom .state import State\nimport tcgteach.core.rng\nimport networkx\n"
    assert core_import_problems(good, "tcgteach.core.game") == []


def test_every_registered_game_package_is_one_the_check_refuses() -> None:
    for name in tcgteach.games():
        module = type(tcgteach.game(name)).__module__.partition(".game")[0]
        assert core_import_problems(f"import {module}\n", "tcgteach.core.game"), module


# -- the kernel: no Japanese text outside error messages -------------------------------------------------------

#: Japanese text: kana (U+3040-30FF, U+31F0-31FF), CJK punctuation (U+3000-303F), the CJK ideographs
#: (U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF) and the full- and half-width forms (U+FF00-FFEF: "３", "（", "ｱ")
JAPANESE = re.compile("[\u3000-\u303f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _in_error_message(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Whether ``node`` lies in an error message: inside a ``raise`` statement, or an argument of a call of a
    name ending in ``Error`` or ``Violation`` (an error made to be raised or listed in a ``DeckError``)."""
    here: ast.AST | None = node
    while here is not None:
        if isinstance(here, ast.Raise):
            return True
        if isinstance(here, ast.Call):
            func = here.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name.endswith(("Error", "Violation")):
                return True
        here = parents.get(id(here))
    return False


def core_japanese_problems(source: str, module: str) -> list[str]:
    """Every string literal of ``source`` (docstrings and the parts of f-strings included; comments are no
    literals) that holds Japanese text (``JAPANESE``) outside an error message (``_in_error_message``)."""
    tree = ast.parse(source)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and JAPANESE.search(node.value):
            if not _in_error_message(node, parents):
                bad.append(f"{module}:{node.lineno}: {node.value[:40]!r}")
    return bad


@pytest.mark.parametrize("path", _core_modules(), ids=lambda p: p.stem)
def test_core_holds_no_japanese_text_outside_error_messages(path: Path) -> None:
    problems = core_japanese_problems(path.read_text(encoding="utf-8"), path.stem)
    assert not problems, "Japanese text in the kernel (say it in tcgteach/texts.py):\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "bad",
    [
        'def text(lang):\n    return "勝ち" if lang == "ja" else "wins"\n',
        'HEAD = "［解釈］"\n',
        'def f(x):\n    return f"P{x} の勝ち"\n',
        'def f():\n    """引き分け"""\n',
        'MESSAGES = {"none": "３"}\n',
        'def f(e):\n    print(f"エラー {e}")\n',
    ],
)
def test_the_japanese_check_fails_on_japanese_outside_an_error(bad: str) -> None:
    assert core_japanese_problems(bad, "bad"), bad


def test_the_japanese_check_passes_error_messages_and_comments() -> None:
    good = (
        "# a comment may say ３ or 勝ち\n"
        "def f(x):\n"
        '    if x == "y":\n'
        '        raise TcgError(f"{x}: not ３")\n'
        '    problems.append(Violation("DM-2.1", "カード"))\n'
        '    return OptionError("値")\n'
    )
    assert core_japanese_problems(good, "good") == []


# -- the kernel: module size -----------------------------------------------------------------------------------

#: the most lines a module of the kernel has (issue 23, item 4: split by topic above it)
CORE_MAX_LINES = 600


@pytest.mark.parametrize("path", _core_modules(), ids=lambda p: p.stem)
def test_core_modules_are_at_most_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= CORE_MAX_LINES, f"{path.name} has {lines} lines: split it by topic"
