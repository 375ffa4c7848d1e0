"""Build script beside pyproject.toml: the pure-Python package by default, the compiled engine on request.

    pip install .                                   # pure Python: the reference, and what JupyterLite ships
    TCGTEACH_COMPILE=1 pip install --no-build-isolation .   # the kernel and both engines compiled by mypyc
    TCGTEACH_COMPILE=1 python -m build --wheel      # the same, in an isolated build environment (cibuildwheel)

The compiled build needs mypy (which brings mypyc), setuptools >= 77 and a C compiler with the Python
headers in the build environment (``bash run.sh fast`` sets one up in .venv-fast; an isolated build gets mypy
from ``COMPILE_REQUIRES``, which this script reports as a build requirement). It compiles the modules
listed in ``COMPILED`` into C extensions; the .py files are shipped beside them, and Python imports the
extension first. Everything else (front ends, widgets, viz, lessons, the simulator) stays pure Python.
Both builds play every game identically: the golden playthroughs and the conformance checker run on both.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

#: the kernel and the engine modules of both games (what a step of play runs through): package -> module names,
#: both may be globs (``*/rules``: every game's rules, so a new game's rules are compiled without an edit here);
#: a game's __init__ and the modules in NOT_COMPILED are left out. The teaching modules listed are the ones a
#: simulation runs through (the heuristic player's policy and its facts, the texts of a record, the reasons).
COMPILED = {
    "core": [
        "copies", "data", "decks", "determinize", "events", "flow", "frames", "game", "newstate", "nocards", "options",
        "outcome", "pool", "record", "rng", "ruletexts", "state", "statefile",
    ],
    "*/rules": ["*"],
    "darkmoon": ["game"],
    "dragonquest": ["game"],
    "darkmoon/teaching": ["cardtext", "policy", "reasons", "text"],
    "dragonquest/teaching": ["cardtext", "facts", "fight_reasons", "policy", "reason_words", "reasons", "text"],
}  # fmt: skip

#: the action dataclasses declare VERB and RULE as ClassVar; compiled, mypyc's dataclasses take ClassVars for fields
#: (mypyc/mypyc#1122: every action would gain two init arguments)
_ACTIONS = "action dataclasses with ClassVar VERB/RULE (mypyc/mypyc#1122)"
#: engine-side modules left pure, and why (the front ends, board HTML, quizzes and examples are not engine code)
NOT_COMPILED = {
    "core/errors": "UnknownGameError derives from KeyError and EngineError from RuntimeError: a mypyc native class "
    "cannot derive from those built-in exceptions (errors are raised, never on a hot path)",
    "core/_mypyc": "the run-time stand-in of mypyc's class decorator: nothing to compile",
    "core/schema": "file checks at the boundary (loading a card pool, a position, a saved state), never in a step "
    "of play; it imports jsonschema when first needed",
    "core/schemaplace": "the places and words of schema errors (core/schema's, at the boundary, never in a step "
    "of play)",
    "core/files": "writing files (a temporary file renamed into place) at the boundary, never in a step of play",
    "core/checks": "argument checks at the public boundary (once per public call, never in a step of play)",
    "core/actions": _ACTIONS,
    "core/generic": "the State type variable with its default (typing_extensions at type-check time only): mypyc "
    "compiles Game(Generic[S]) but not the TYPE_CHECKING split the default needs",
    "core/teaching": "the teaching table: resolved once per game when a hook is first asked for, never in a step",
    "core/design": "the type of a game's design facts (tcgteach.design): read as a traced game starts, not in a step",
    "darkmoon/rules/actions": _ACTIONS,
    "dragonquest/rules/actions": _ACTIONS,
}


def compile_requested() -> bool:
    return os.environ.get("TCGTEACH_COMPILE", "").strip().lower() in {"1", "true", "yes", "on"}


def compiled_paths() -> list[str]:
    """The files COMPILED names, its globs expanded (tests/test_compiled.py expands them the same way)."""
    root = Path(__file__).resolve().parent
    found = {
        p.relative_to(root).as_posix()
        for pkg, mods in COMPILED.items()
        for mod in mods
        for p in root.glob(f"tcgteach/{pkg}/{mod}.py")
    }
    return sorted(f for f in found if not f.endswith("/__init__.py") and f[len("tcgteach/") : -3] not in NOT_COMPILED)


#: the compiled build's extra build requirement (mypyc comes with mypy; the `test` extra's mypy): passed as
#: setup_requires, which setuptools' PEP 517 backend reports to the front end (get_requires_for_build_wheel), so
#: an isolated build (python -m build, cibuildwheel: the release's compiled wheels) installs it before building
COMPILE_REQUIRES = ["mypy==2.4.1"]


def metadata_only() -> bool:
    """Whether setuptools runs only for the metadata or the build requirements (egg_info, dist_info): then no
    extension is needed, and mypy may not be installed yet (it is one of the requirements being asked for)."""
    return any(command in sys.argv[1:] for command in ("egg_info", "dist_info"))


def ext_modules() -> list:  # type: ignore[type-arg]
    if not compile_requested() or metadata_only():
        return []
    try:
        from mypyc.build import mypycify  # only the compiled build needs mypy
    except ImportError as exc:
        raise SystemExit(
            "TCGTEACH_COMPILE=1 compiles the engine with mypyc, which comes with mypy: install mypy==2.4.1, "
            "setuptools>=77 and wheel, then build with pip's --no-build-isolation (or run: bash run.sh fast)"
        ) from exc

    return mypycify(
        compiled_paths(), opt_level=os.environ.get("TCGTEACH_COMPILE_OPT", "3"), target_dir=f"{BUILD_BASE}/mypyc"
    )


#: the compiled build keeps its files apart, so that a later pure build never packs a compiled module
BUILD_BASE = "build/compiled" if compile_requested() else "build"

setup(
    ext_modules=ext_modules(),
    setup_requires=COMPILE_REQUIRES if compile_requested() else [],
    options={"build": {"build_base": BUILD_BASE}},
)
