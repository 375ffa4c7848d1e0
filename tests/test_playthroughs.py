"""Golden playthroughs: the engine still plays every declared game exactly as its golden files say (each game
keeps them in its package, ``<package>/playthroughs/``; every registered game must have some).

Each file is a whole game written step by step (node, player, legal actions with their texts, the action
taken, its events with rule IDs and texts, the result), declared once in tests/playthroughs/regenerate.py.
A failure here means the engine's behaviour (or one of its en/ja texts) changed. If the change is intended,
regenerate the files and review their diff before committing:

    .venv/bin/python tests/playthroughs/regenerate.py
"""

from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import tcgteach

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "playthroughs" / "regenerate.py"


def _load() -> types.ModuleType:
    name = "_tcgteach_playthroughs_regenerate"
    mod = sys.modules.get(name)
    if mod is None:
        spec = importlib.util.spec_from_file_location(name, SCRIPT)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return mod


if TYPE_CHECKING:  # the script, read by mypy as the module it is
    from .playthroughs import regenerate as R
else:
    R = _load()
DIFF_LINES = 60


@functools.cache
def rendered(name: str) -> str:
    """The playthrough as the engine plays it now (each rendered once per test run)."""
    return R.render(R.spec_named(name))


@pytest.mark.parametrize("name", R.names())
def test_playthrough_is_unchanged(name: str) -> None:
    new = rendered(name)
    old = R.read(name)
    if old is None:
        pytest.fail(f"{R.shown_path(name)} is missing; write it with: {R.COMMAND} {name}", pytrace=False)
    if old != new:
        pytest.fail(
            f"the engine no longer plays {R.shown_path(name)} as written: its behaviour or texts "
            f"changed (first {DIFF_LINES} lines of the diff):\n{R.diff(name, old, new, limit=DIFF_LINES)}\n"
            f"If the change is intended, regenerate with: {R.COMMAND}\n"
            f"and review the diff (git diff) before committing.",
            pytrace=False,
        )


def test_the_files_are_exactly_the_declared_playthroughs() -> None:
    declared, disk = set(R.names()), set(R.on_disk())
    stray, missing = sorted(disk - declared), sorted(declared - disk)
    assert not stray and not missing, (
        f"stray files (not declared in SPECS of tests/playthroughs/regenerate.py): {stray}; missing files: {missing}; "
        f"regenerating ({R.COMMAND}) writes the missing ones and removes stray playthroughs"
    )
    assert not [p.name for p in SCRIPT.parent.iterdir() if p.is_file() and p.suffix != ".py"]


@pytest.mark.parametrize("game", gamecases.registered_games())
def test_every_registered_game_has_golden_playthroughs(game: str) -> None:
    """A game without goldens would get no pinned behaviour: each registered game (built-in or plugin) keeps
    some in its package's playthroughs/ folder, each declared (a plugin: playthroughs/specs.json)."""
    files = gamecases.golden_files(game)
    assert files, f"{game} has no golden playthroughs in {gamecases.golden_dir(game)}"
    declared = {R.name_of(s) for s in R.all_specs() if s["game"] == game}
    assert {p.stem for p in files} == declared
    assert not [p.name for p in gamecases.golden_dir(game).iterdir() if p.suffix not in (".txt", ".json")]


def test_the_declared_set_covers_both_games() -> None:
    """What the playthroughs promise to pin (issue 11): per game at least 3 random and 2 heuristic games, a
    Japanese one and teaching positions; a DARK MOON table of 5 or more; Dragon Quest's disputed readings."""
    for game in tcgteach.BUILTIN_GAMES:
        specs = [s for s in R.SPECS if s["game"] == game]
        plain = [s for s in specs if not s.get("position")]
        assert len({s["seed"] for s in plain if s["agents"] == "random"}) >= 3
        assert len({s["seed"] for s in plain if s["agents"] == "heuristic"}) >= 2
        assert any(s.get("lang") == "ja" for s in specs)
        assert any(s.get("position") for s in specs)
    assert any(s["game"] == "darkmoon" and (s.get("players") or 2) >= 5 for s in R.SPECS)
    dq_options = {(k, v) for s in R.SPECS if s["game"] == "dragonquest" for k, v in (s.get("options") or {}).items()}
    assert {("formation_repair", "end_step"), ("wipe_out", "literal"), ("formation", "at_least")} <= dq_options
    assert all(
        s["agents"] != "random" or (s.get("options") or {}).get("turn_limit")
        for s in R.SPECS
        if s["game"] == "dragonquest"
    ), "a random Dragon Quest game needs a turn_limit (DQ-1.4)"
    for name in R.names():
        assert "... truncated at step" not in (R.read(name) or ""), f"{name}: choose a seed or limit so it finishes"


_DIGESTS = """
import hashlib, importlib.util, sys
spec = importlib.util.spec_from_file_location("regenerate", sys.argv[1])
R = importlib.util.module_from_spec(spec)
spec.loader.exec_module(R)
for s in reversed(R.all_specs()):  # another order than this process's too
    print(R.name_of(s), hashlib.sha256(R.render(s).encode()).hexdigest())
"""


@pytest.mark.parametrize("hash_seed", ["0", "123"])
def test_playthroughs_do_not_depend_on_the_process(hash_seed: str) -> None:
    """Rendered in a fresh process with another string-hash seed, in reverse order, every playthrough is the
    same text as in this process (nothing depends on set order, hashing, time or what ran before)."""
    import hashlib

    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    run = subprocess.run(
        [sys.executable, "-c", _DIGESTS, str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-4000:]
    theirs = dict(line.split() for line in run.stdout.splitlines())
    ours = {n: hashlib.sha256(rendered(n).encode()).hexdigest() for n in R.names()}
    differ = sorted(n for n in ours if theirs.get(n) != ours[n])
    assert not differ, f"with PYTHONHASHSEED={hash_seed} in another process these playthroughs differ: {differ}"


def test_check_mode_exits_zero_when_everything_is_up_to_date() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    if run.returncode != 0:
        pytest.skip("some playthrough is stale (reported by the tests above)")
    assert run.stdout.strip().endswith("playthroughs up to date")
