"""Fuzz: engine options (``tcgteach.game(name, options)``) and the command line (``tcgteach.cli.main``
in-process, random argv). Options: an OptionError or a game whose options hold allowed values. CLI:
an exit code, never a traceback; an error is one line."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import GAMES, json_values, library_error_or_success, number_words, scalars
from hypothesis import event, given
from hypothesis import strategies as st

import tcgteach
from tcgteach.cli import main
from tcgteach.core.errors import OptionError


def _option_dicts(name: str) -> st.SearchStrategy[dict[str, Any]]:
    specs = tcgteach.game(name).options.specs
    names = st.sampled_from(sorted(specs)) | st.text(max_size=8)
    choices = st.sampled_from([c for s in specs.values() for c in s.choices] or [None])
    words = st.sampled_from(["true", "False", "on", "none", "off", "", "strict", "skip", "NONE"])
    values = choices | words | number_words | scalars | json_values
    return st.dictionaries(names, values, max_size=4)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_fuzz_options(name: str, data: st.DataObject) -> None:
    given_options = data.draw(_option_dicts(name) | json_values)
    g, error = library_error_or_success(tcgteach.game, name, given_options)
    if error is not None:
        assert isinstance(error, OptionError), error
        return
    for key, value in g.options.items():
        spec = g.options.specs[key]
        if spec.kind == "int_or_none":
            assert value is None or (type(value) is int and value > 0), (key, value)
        else:
            assert any(value == c and type(value) is type(c) for c in spec.choices), (key, value)
    g.new_state(seed=1).legal_actions()


# -- the command line ---------------------------------------------------------------------------------
_PATHS = ["rec.txt", "out.csv", "missing/rec.txt", "missing/out.csv", ".", ""]
#: the values drawn for a flag (any other flag takes a number-like word)
_FLAG_VALUES: dict[str, st.SearchStrategy[str]] = {
    "--record": st.sampled_from(_PATHS),
    "--out": st.sampled_from(_PATHS),
    "--agents": st.sampled_from(["random", "random,random", "human", "heuristic", "x", "random,,random", ""]),
    "--option": st.sampled_from(["tie=shared", "turn_limit=²", "turn_limit=3", "draw_minimum=３", "x", "a=b", "="]),
    "--decks": st.sampled_from(["ensemble,tempo", "heroes,beasts", "x", ",", "ensemble"]),
    "--lang": st.sampled_from(["en", "ja", "fr"]),
}


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    """A command with flags drawn from its real options and random values, short games only."""
    cmd = draw(st.sampled_from(["play"] * 4 + ["simulate"] * 2 + ["replay", "rules", "rules", "nope", "--version", ""]))
    argv = [cmd] if cmd else []
    sane = st.sampled_from(["0", "1", "2", "3", "7"])
    word = sane | sane | st.sampled_from(["-1", "²", "３", "x", "", "1.5", "9" * 25]) | number_words
    if cmd in ("play", "simulate", "rules"):
        argv.append(draw(st.sampled_from([*GAMES * 4, "chess", "DM-4.4", "DQ-7", ""])))
    if cmd == "rules":
        argv += draw(
            st.lists(st.sampled_from(["DM-4", "DQ-7.8", "DM-99", "x", "--where", "--interpretations"]), max_size=2)
        )
    if cmd == "play":
        argv += ["--max-steps", draw(st.sampled_from(["0", "1", "5", "40", "40", "300", "-3", "x", "²"]))]
        argv += ["--quiet"] if draw(st.booleans()) else []
    if cmd == "simulate":
        argv += ["-n", draw(st.sampled_from(["1", "1", "2", "0", "-1", "x", "²"])), "--jobs", "1", "--no-progress"]
        argv += ["--max-steps", draw(st.sampled_from(["1", "30", "0"]))]
    if cmd == "replay":
        argv.append(draw(st.sampled_from(["game.txt", "missing.txt", ".", "garbage.txt"])))
    flags: dict[str, st.SearchStrategy[str]] = {
        "play": st.sampled_from(
            ["--seed", "--players", "--first", "--agents", "--decks", "--option", "--lang", "--record"]
        ),
        "simulate": st.sampled_from(["--agents", "--option", "--seed-start", "--out"]),
        "rules": st.sampled_from(["--option", "--lang"]),
        "replay": st.sampled_from(["--lang", "--quiet"]),
    }
    for _ in range(draw(st.integers(0, 3))):
        if cmd not in flags:
            break
        flag = draw(flags[cmd])
        if flag == "--quiet":
            argv.append(flag)
            continue
        argv += [flag, draw(_FLAG_VALUES.get(flag, word))]
    if draw(st.integers(0, 9)) == 0:
        argv.insert(draw(st.integers(0, len(argv))), draw(st.text(max_size=6)))
    return argv


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("cli")
    assert main(["play", "darkmoon", "--quiet", "--seed", "3", "--record", str(d / "game.txt")], io.StringIO()) == 0
    (d / "garbage.txt").write_text("Game: darkmoon\nSeed: ²\n", encoding="utf-8")
    return d


@given(argv=argvs(), stdin=st.text(max_size=30))
def test_fuzz_cli(workdir: Path, argv: list[str], stdin: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(workdir)  # relative paths only: files land in the test's own folder
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                code = main(argv, out, io.StringIO(stdin))
            except SystemExit as exc:  # argparse: usage errors (2), --help / --version (0)
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        os.chdir(old)
    errors = err.getvalue()
    event(f"{argv[0] if argv else '(none)'}: exit {code}")
    assert "Traceback" not in errors
    assert isinstance(code, int)
    if code != 0 and "usage:" not in errors:
        assert len(errors.strip().splitlines()) == 1, errors
