"""The command line never shows a traceback (issue 15, item 6).

Each bad input runs ``python -m tcgteach ...`` as a person would: a non-zero exit, exactly one line on
stderr that names the problem, no "Traceback". Output files are checked before any game is played.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path

import pytest

from tcgteach.cli import ascii_int, main

ROOT = Path(__file__).resolve().parents[1]
DM_CARDS = ROOT / "tcgteach" / "darkmoon" / "data" / "cards.json"


def cli(*argv: str, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    env.pop("TCGTEACH_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "tcgteach", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd or ROOT,
        timeout=timeout,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *names: str, code: int | None = None) -> str:
    err = proc.stderr
    assert proc.returncode != 0, (proc.returncode, proc.stdout[-500:], err)
    if code is not None:
        assert proc.returncode == code, (proc.returncode, err)
    assert "Traceback" not in err, err
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    assert "error: " in err, err
    for name in names:
        assert name in err, (name, err)
    return err


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("cli")
    binary = d / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00\x81garbage")
    garbage = d / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    wrong = d / "wrong.json"
    wrong.write_text('{"cards": 7}', encoding="utf-8")
    (d / "a_folder").mkdir()
    return {"dir": str(d), "binary": str(binary), "garbage": str(garbage), "wrong": str(wrong)}


# (arguments, words the one-line message must contain, exit code or None for "any non-zero");
# {dir} {binary} {garbage} {wrong} are filled in from the fixture
BAD = [
    # numbers are ASCII digits only: "²".isdigit() is True, int("١٢") == 12, int(" 3") == 3, int("1_0") == 10
    (["play", "darkmoon", "--seed", "²"], ["--seed", "'²'"], 2),
    (["play", "darkmoon", "--seed", "١٢"], ["--seed", "'١٢'"], 2),
    (["play", "darkmoon", "--seed", " 3"], ["--seed"], 2),
    (["play", "darkmoon", "--seed", "1_000"], ["--seed", "1_000"], 2),
    (["play", "darkmoon", "--seed", "9" * 40], ["--seed"], 2),
    (["play", "darkmoon", "--seed", "x"], ["--seed", "'x'"], 2),
    (["play", "darkmoon", "--players", "0"], ["--players", "out of range"], 2),
    (["play", "darkmoon", "--players", "7"], ["DM-1.1", "7"], 2),
    (["play", "darkmoon", "--first", "0"], ["--first"], 2),
    (["play", "darkmoon", "--max-steps", "-1"], ["--max-steps"], 2),
    (["simulate", "darkmoon", "-n", "0"], ["-n", "out of range"], 2),
    (["simulate", "darkmoon", "-n", "²"], ["-n", "'²'"], 2),
    (["simulate", "darkmoon", "-n", "2", "--jobs", "0"], ["--jobs"], 2),
    (["simulate", "darkmoon", "--seed-start", "³"], ["--seed-start"], 2),
    # games, commands, options
    (["play", "nogame"], ["nogame", "darkmoon"], 2),
    (["simulate", "nogame"], ["nogame"], 2),
    (["rules", "nogame"], ["nogame", "darkmoon"], 2),
    (["rules", "darkmoon", "DM-99"], ["DM-99"], 2),
    ([], ["command"], 2),
    (["fly"], ["fly"], 2),
    (["play", "darkmoon", "--bogus"], ["--bogus"], 2),
    (["play", "darkmoon", "--option", "colour=red"], ["colour"], 2),
    (["play", "darkmoon", "--option", "tie"], ["tie", "name=value"], 2),
    (["play", "dragonquest", "--option", "turn_limit=²"], ["²"], None),
    (["play", "dragonquest", "--option", "turn_limit=0"], ["turn_limit"], 2),
    (["play", "darkmoon", "--decks", "nodeck,nodeck"], ["nodeck"], 2),
    (["play", "darkmoon", "--agents", "random,nobody"], ["nobody"], None),
    # output files: checked before the game (see the timing test below)
    (["play", "darkmoon", "--record", "{dir}/missing/game.txt"], ["--record", "missing", "does not exist"], 2),
    (["play", "darkmoon", "--record", "{dir}/a_folder"], ["--record", "folder"], 2),
    (["simulate", "darkmoon", "-n", "2", "--out", "{dir}/missing/r.csv"], ["--out", "does not exist"], 2),
    (["simulate", "darkmoon", "-n", "2", "--out", "{dir}"], ["--out", "folder"], 2),
    (["play", "darkmoon", "--record", "{binary}/game.txt"], ["--record", "not a folder"], 2),
    # input files
    (["replay", "{dir}/missing.txt"], ["missing.txt"], None),
    (["replay", "{binary}"], ["binary.txt"], None),
    (["replay", "{dir}/a_folder"], ["a_folder"], None),
    (["play", "darkmoon", "--cards", "{dir}/missing.json"], ["--cards", "missing.json"], None),
    (["play", "darkmoon", "--cards", "{garbage}"], ["garbage.json"], None),
    (["simulate", "darkmoon", "-n", "2", "--cards", "{wrong}"], ["wrong.json"], None),
    (["play", "darkmoon", "--cards", "{dir}/a_folder"], ["a_folder"], None),
    # the classroom's own checks (no server is started)
    (["classroom", "--notebook", "{dir}/missing.ipynb"], ["missing.ipynb"], 2),
    (["classroom", "--port", "0"], ["--port"], 2),
    (["classroom", "--max-kernels", "²"], ["--max-kernels"], 2),
]


@pytest.mark.parametrize(("argv", "names", "code"), BAD, ids=[" ".join(a) or "(nothing)" for a, _n, _c in BAD])
def test_a_bad_input_is_one_line_and_a_nonzero_exit(
    argv: list[str], names: list[str], code: int | None, files: dict[str, str]
) -> None:
    proc = cli(*[a.format(**files) for a in argv])
    assert_one_line_error(proc, *[n.format(**files) for n in names], code=code)


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc (unwritable even for root)")
def test_an_unwritable_record_is_refused_before_the_game() -> None:
    proc = cli("play", "darkmoon", "--record", "/proc/tcgteach-game.txt")
    assert_one_line_error(proc, "--record", "/proc/tcgteach-game.txt", "cannot write", code=2)
    assert proc.stdout == ""  # not a line of the game was played


def test_a_missing_folder_for_record_fails_before_playing(files: dict[str, str]) -> None:
    # a game of Dragon Quest between random agents takes seconds; the refusal comes before it
    start = time.perf_counter()
    proc = cli("play", "dragonquest", "--seed", "3", "--record", f"{files['dir']}/nowhere/game.txt")
    elapsed = time.perf_counter() - start
    assert_one_line_error(proc, "nowhere", code=2)
    assert proc.stdout == ""
    start = time.perf_counter()
    ok = cli("--version")
    baseline = time.perf_counter() - start  # starting Python and importing tcgteach
    assert ok.returncode == 0
    assert elapsed < baseline + 0.5, (elapsed, baseline)


def test_a_missing_folder_for_the_csv_fails_before_simulating(files: dict[str, str]) -> None:
    start = time.perf_counter()
    proc = cli("simulate", "darkmoon", "-n", "100000", "--out", f"{files['dir']}/nowhere/r.csv")
    assert_one_line_error(proc, "nowhere", code=2)
    assert time.perf_counter() - start < 10  # 100000 games would take many minutes


def test_a_record_that_can_be_written_is_written_and_the_probe_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    proc = cli("play", "darkmoon", "--seed", "2", "--quiet", "--record", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "\nGame: darkmoon\n" in path.read_text(encoding="utf-8")
    # a refused run leaves nothing behind either
    proc = cli("play", "darkmoon", "--players", "9", "--record", str(tmp_path / "other.txt"))
    assert proc.returncode == 2 and not (tmp_path / "other.txt").exists()


@pytest.mark.skipif(
    not hasattr(import_module("tcgteach.record"), "MAX_RECORD_BYTES"),
    reason="read_record has no size limit yet (another helper adds it): /dev/zero would be read forever",
)
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_record_is_refused() -> None:
    assert_one_line_error(cli("replay", "/dev/zero", timeout=30), "/dev/zero", code=2)


def test_ctrl_c_is_one_line_and_exit_130() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tcgteach", "simulate", "darkmoon", "-n", "100000", "--jobs", "2", "--no-progress"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group: Ctrl+C reaches the workers too, as at a terminal
    )
    time.sleep(3)
    os.killpg(proc.pid, signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err == "tcgteach: error: interrupted\n", err


def test_a_closed_pipe_is_a_quiet_stop() -> None:
    # `tcgteach play darkmoon | head -1`: the reader goes away; no BrokenPipeError on stderr
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(
        [sys.executable, "-m", "tcgteach", "play", "dragonquest", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode("utf-8")
        proc.wait(timeout=60)
    assert proc.returncode != 0 and "Traceback" not in err and "Exception ignored" not in err, err


def test_an_unexpected_error_is_one_line_naming_it_and_tcgteach_debug_shows_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tcgteach.cli as cli_module

    def broken(*_a: object, **_k: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli_module, "_cmd_rules", broken)
    monkeypatch.delenv("TCGTEACH_DEBUG", raising=False)
    assert main(["rules", "darkmoon"], out=io.StringIO()) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ZeroDivisionError: a bug" in err and "TCGTEACH_DEBUG=1" in err
    monkeypatch.setenv("TCGTEACH_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["rules", "darkmoon"], out=io.StringIO())


def test_a_deck_error_of_several_lines_becomes_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tcgteach.cli import _one_line

    assert (
        _one_line("deck breaks 2 rules:\n  - [DM-2.1] a\n  - [DM-2.2] b")
        == "deck breaks 2 rules: - [DM-2.1] a - [DM-2.2] b"
    )
    assert len(_one_line("x" * 5000)) == 1000


def test_ascii_int_takes_only_ascii_digits() -> None:
    assert [ascii_int(t) for t in ("0", "42", "-3", "+7", "007")] == [0, 42, -3, 7, 7]
    for text in ("²", "١٢", "٣", " 3", "3 ", "1_000", "", "-", "1e3", "0x10", "9" * 19, "3.0", "٣"):
        assert ascii_int(text) is None, text


def test_the_person_at_the_terminal_typing_a_superscript_is_asked_again() -> None:
    out = io.StringIO()
    code = main(
        ["play", "darkmoon", "--seed", "1", "--agents", "human,random", "--first", "1", "--max-steps", "1"],
        out=out,
        inp=io.StringIO("²\n١\n1\n"),
    )
    text = out.getvalue()
    assert code == 0 and "stopped after 1 steps" in text
    assert text.count("P1> ") == 3  # asked three times: two refusals, then the first action


def test_an_option_value_in_other_digits_stays_text(capsys: pytest.CaptureFixture[str]) -> None:
    from tcgteach.cli import _options

    assert _options(["turn_limit=200", "x=²", "y=١٢", "z=-4"]) == {"turn_limit": 200, "x": "²", "y": "١٢", "z": -4}


def test_play_and_simulate_with_a_card_file(tmp_path: Path) -> None:
    proc = cli("play", "darkmoon", "--seed", "4", "--quiet", "--cards", str(DM_CARDS))
    assert proc.returncode == 0, proc.stderr
    assert "decisions" in proc.stdout
    proc = cli("simulate", "darkmoon", "-n", "3", "--jobs", "1", "--no-progress", "--cards", str(DM_CARDS))
    assert proc.returncode == 0, proc.stderr
    assert "darkmoon: 3 games" in proc.stdout


def test_a_record_played_with_a_card_file_replays_only_with_it(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    proc = cli("play", "darkmoon", "--seed", "2", "--quiet", "--cards", str(DM_CARDS), "--record", str(record))
    assert proc.returncode == 0, proc.stderr
    assert_one_line_error(cli("replay", str(record)), "game.txt", "--cards", code=2)
    proc = cli("replay", str(record), "--quiet", "--cards", str(DM_CARDS))
    assert proc.returncode == 0, proc.stderr
    assert "replayed" in proc.stdout
    other = tmp_path / "other.json"
    other.write_text('{"cards": []}', encoding="utf-8")
    assert_one_line_error(cli("replay", str(record), "--cards", str(other)), "other.json")
