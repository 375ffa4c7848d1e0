"""The two builds of the engine: pure Python (the reference, the default) and compiled by mypyc.

``bash run.sh fast`` (and ``bash run.sh test``) builds the compiled wheel into .venv-fast and runs the golden
playthroughs, the conformance checker and the rule tests against it with ``TCGTEACH_EXPECT_COMPILED=1``: then
these tests make sure the modules really are the compiled ones, so that a silent fallback to the pure-Python
files cannot pass as the compiled build. In the ordinary run they check that the package is the pure source.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

import tcgteach

ROOT = Path(__file__).resolve().parent.parent
EXPECT_COMPILED = os.environ.get("TCGTEACH_EXPECT_COMPILED") == "1"


def _setup_keys(name: str) -> dict[str, list[str]]:
    """A dict literal of setup.py, key -> its list value (or [] for a reason), read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            assert isinstance(node.value, ast.Dict)
            return {
                ast.literal_eval(k): ast.literal_eval(v) if isinstance(v, ast.List) else []
                for k, v in zip(node.value.keys, node.value.values, strict=True)
                if k is not None
            }
    raise AssertionError(f"setup.py defines no {name}")


COMPILED = _setup_keys("COMPILED")
NOT_COMPILED = _setup_keys("NOT_COMPILED")


def _expand(lists: dict[str, list[str]]) -> list[str]:
    """COMPILED's files as setup.py's compiled_paths() finds them: "pkg/mod" names, globs expanded, a package's
    __init__ and the NOT_COMPILED modules left out."""
    found = {
        p.relative_to(ROOT / "tcgteach").with_suffix("").as_posix()
        for pkg, mods in lists.items()
        for mod in mods
        for p in (ROOT / "tcgteach").glob(f"{pkg}/{mod}.py")
    }
    return sorted(f for f in found if not f.endswith("/__init__") and f not in NOT_COMPILED)


LISTED = _expand(COMPILED)
MODULES = ["tcgteach." + name.replace("/", ".") for name in LISTED]


def test_setup_lists_real_modules_and_every_kernel_module_is_placed() -> None:
    """setup.py's lists name files that exist, no module is in both, and every kernel module is in one."""
    listed = set(LISTED)
    for pkg, mods in COMPILED.items():
        for mod in mods:
            assert list((ROOT / "tcgteach").glob(f"{pkg}/{mod}.py")), f"setup.py's COMPILED {pkg}: {mod} names no file"
    for name in set(NOT_COMPILED):
        assert (ROOT / "tcgteach" / f"{name}.py").is_file(), f"setup.py names tcgteach/{name}.py, which does not exist"
    explicit = {f"{pkg}/{mod}" for pkg, mods in COMPILED.items() for mod in mods if "*" not in pkg + mod}
    assert not explicit & set(NOT_COMPILED), f"both compiled and not: {sorted(explicit & set(NOT_COMPILED))}"
    kernel = {f"core/{p.stem}" for p in (ROOT / "tcgteach" / "core").glob("*.py") if p.stem != "__init__"}
    assert kernel <= listed | set(NOT_COMPILED), f"kernel modules setup.py forgets: {sorted(kernel - listed)}"
    rules = {
        p.relative_to(ROOT / "tcgteach").with_suffix("").as_posix() for p in (ROOT / "tcgteach").glob("*/rules/*.py")
    }
    rules = {r for r in rules if not r.endswith("/__init__")}
    assert rules <= listed | set(NOT_COMPILED), f"game rules setup.py forgets: {sorted(rules - listed)}"
    assert "core/state" in listed and "darkmoon/rules/state" in listed and "dragonquest/rules/state" in listed


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only against the compiled build (TCGTEACH_EXPECT_COMPILED=1)")
def test_compiled_build_really_runs_compiled_modules() -> None:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    pure = [m for m in MODULES if not str(importlib.import_module(m).__file__).endswith(suffixes)]
    assert not pure, f"these modules were imported from .py files, not compiled: {pure}"
    assert Path(tcgteach.__file__).resolve().parent != ROOT / "tcgteach", (
        f"tcgteach was imported from the checkout ({tcgteach.__file__}), not from the installed compiled build"
    )
    # and a compiled engine plays: a whole random game of each
    import random

    for name in tcgteach.BUILTIN_GAMES:  # the games whose engines setup.py compiles
        s = tcgteach.game(name, {"turn_limit": 200} if name == "dragonquest" else None).new_state(seed=3)
        rng = random.Random(3)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        assert s.result() is not None


@pytest.mark.skipif(EXPECT_COMPILED, reason="the ordinary run checks the pure-Python reference")
def test_ordinary_run_tests_the_pure_python_reference() -> None:
    for m in MODULES:
        assert str(importlib.import_module(m).__file__).endswith(".py"), f"{m} is not the pure-Python source"


def test_no_compiled_module_binds_one_name_to_two_exception_types_in_one_try() -> None:
    """mypyc gives ``except A as exc`` / ``except B as exc`` of one ``try`` one variable of type A: the second
    clause then raises its bare TypeError ("A object expected; got B") instead of handling B (issue 22: a card
    file that is not JSON, on the compiled build only). Each handler of a try names its exception its own way."""
    found = []
    for name in LISTED:
        path = ROOT / "tcgteach" / f"{name}.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Try):
                types: dict[str, set[str]] = {}
                for h in node.handlers:
                    if h.name and h.type is not None:
                        types.setdefault(h.name, set()).add(ast.unparse(h.type))
                found += [f"{name}.py:{node.lineno} {n}: {sorted(t)}" for n, t in types.items() if len(t) > 1]
    assert found == []
