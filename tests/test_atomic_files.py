"""No file lost (issue 22, item 4): every file the package writes is written to a temporary file in its
folder and renamed into place, so a write cut off (a full disk, a limit, Ctrl+C) leaves the old file as it
was and nothing behind; an output that is one of the command's inputs is refused before anything is
written; a record cut off before its result line replays as unfinished."""

from __future__ import annotations

import errno
import io
import os
import random
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import tcgteach
from tcgteach import cli
from tcgteach.core import files
from tcgteach.core.files import SamePathError, atomic_write_text, atomic_writer, check_not_input, same_file
from tcgteach.record import NOT_FINISHED, parse_record, read_record, record_text, replay, unfinished, write_record
from tcgteach.sim import read_csv, simulate, to_csv
from tcgteach.viz.flowgraph import write_diagrams
from tcgteach.widgets import Stepper

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

OLD = "the old file, which must survive\n" * 40  # 1,320 bytes: more than any cut below
OWN_CARDS = Path(tcgteach.__file__).parent / "darkmoon" / "data" / "cards.json"


# -- a disk that fills up -----------------------------------------------------------------------------------
class _Cut:
    """A file whose writes stop after ``limit`` characters (or bytes): the part that fits is written, then
    ``error`` is raised, as a full disk (ENOSPC) or a Ctrl+C in the middle of a write would."""

    def __init__(self, fh: Any, limit: int, error: BaseException) -> None:
        self._fh, self._left, self._error = fh, limit, error

    def write(self, data: Any) -> int:
        if len(data) > self._left:
            self._fh.write(data[: self._left])
            self._fh.flush()
            self._left = 0
            raise self._error
        self._left -= len(data)
        return int(self._fh.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)

    def __enter__(self) -> _Cut:
        return self

    def __exit__(self, *exc: Any) -> None:
        self._fh.close()


class _FullDisk:
    """``os`` as ``core/files.py`` sees it, with files that fill the disk after ``limit`` characters."""

    def __init__(self, limit: int, error: BaseException) -> None:
        self.limit, self.error, self.cuts = limit, error, 0

    def fdopen(self, fd: int, *args: Any, **kw: Any) -> _Cut:
        self.cuts += 1
        return _Cut(os.fdopen(fd, *args, **kw), self.limit, self.error)

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)


def no_space() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture(params=["ENOSPC", "KeyboardInterrupt"])
def full_disk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[_FullDisk]:
    """Every write through ``core/files.py`` stops after 100 characters."""
    error: BaseException = no_space() if request.param == "ENOSPC" else KeyboardInterrupt()
    disk = _FullDisk(100, error)
    monkeypatch.setattr(files, "os", disk)
    yield disk


def played(name: str = "darkmoon", seed: int = 3) -> Any:
    """A finished game of random choices (the first legal action each time may move cards back and forth
    for ever in Dragon Quest's preparation)."""
    rng = random.Random(seed)
    s = tcgteach.game(name).new_state(seed=seed)
    for _ in range(20_000):
        if s.is_terminal():
            return s
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"{name} seed {seed}: no end in 20,000 random actions")


def _stepper_html(path: Path) -> None:
    Stepper("darkmoon", seed=3).export_html(path)


def _stepper_svg(path: Path) -> None:
    Stepper("darkmoon", seed=3).export_svg(path)


WRITERS: dict[str, Callable[[Path], Any]] = {
    "write_record": lambda p: write_record(played(), p),
    "to_csv": lambda p: to_csv(simulate("darkmoon", 30, jobs=1, progress=False), p),
    "export_html": _stepper_html,
    "export_svg": _stepper_svg,
    "atomic_write_text": lambda p: atomic_write_text(p, "x" * 5000),
}


def _only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_write_cut_off_leaves_the_old_file_byte_identical_and_no_temporary_file(
    writer: str, full_disk: _FullDisk, tmp_path: Path
) -> None:
    target = tmp_path / "out.file"
    target.write_text(OLD, encoding="utf-8")
    before = target.read_bytes()
    with pytest.raises((OSError, KeyboardInterrupt)):
        WRITERS[writer](target)
    assert full_disk.cuts >= 1  # the write went through core/files.py, and was cut off there
    assert target.read_bytes() == before
    assert _only(tmp_path) == ["out.file"]


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_write_cut_off_creates_no_file_where_there_was_none(
    writer: str, full_disk: _FullDisk, tmp_path: Path
) -> None:
    with pytest.raises((OSError, KeyboardInterrupt)):
        WRITERS[writer](tmp_path / "new.file")
    assert _only(tmp_path) == []


@pytest.mark.parametrize("writer", list(WRITERS))
def test_each_writer_replaces_the_file_whole(writer: str, tmp_path: Path) -> None:
    target = tmp_path / "out.file"
    target.write_text(OLD, encoding="utf-8")
    WRITERS[writer](target)
    text = target.read_text(encoding="utf-8")
    assert text != OLD and len(text) > 100 and _only(tmp_path) == ["out.file"]


def test_the_diagrams_are_written_whole(full_disk: _FullDisk, tmp_path: Path) -> None:
    out = tmp_path / "diagrams"
    out.mkdir()
    (out / "darkmoon-turn.en.dot").write_text(OLD, encoding="utf-8")
    with pytest.raises((OSError, KeyboardInterrupt)):
        write_diagrams(out, svg=False, games=["darkmoon"])
    assert (out / "darkmoon-turn.en.dot").read_text(encoding="utf-8") == OLD
    assert _only(out) == ["darkmoon-turn.en.dot"]


def test_a_csv_cut_off_mid_row_is_not_a_shorter_csv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    records = simulate("darkmoon", 40, jobs=1, progress=False)
    target = tmp_path / "games.csv"
    to_csv(records[:10], target)
    monkeypatch.setattr(files, "os", _FullDisk(4096, no_space()))
    with pytest.raises(OSError, match="No space"):
        to_csv(records, target)
    assert read_csv(target) == read_csv_of(records[:10], tmp_path)


def read_csv_of(records: list[dict[str, Any]], folder: Path) -> list[dict[str, Any]]:
    path = folder / "expected.csv"
    to_csv(records, path)
    rows = read_csv(path)
    path.unlink()
    return rows


# -- the command line ---------------------------------------------------------------------------------------
def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cli.main(list(argv), out=out, inp=io.StringIO("")), out.getvalue()


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "darkmoon", "--seed", "3", "--quiet", "--record", "{target}"],
        ["simulate", "darkmoon", "-n", "20", "--jobs", "1", "--no-progress", "--out", "{target}"],
    ],
)
def test_the_cli_keeps_the_old_output_when_its_write_is_cut_off(
    argv: list[str], full_disk: _FullDisk, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "result.txt"
    target.write_text(OLD, encoding="utf-8")
    code, _out = run(*[a.replace("{target}", str(target)) for a in argv])
    err = capsys.readouterr().err
    if isinstance(full_disk.error, KeyboardInterrupt):
        assert code == 130 and "interrupted" in err
    else:
        assert code == 1 and "No space left on device" in err and "Traceback" not in err
    assert target.read_text(encoding="utf-8") == OLD and _only(tmp_path) == ["result.txt"]


# -- permissions and links -------------------------------------------------------------------------------------
def test_a_new_file_gets_the_permissions_of_any_new_file_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    old_mask = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "new.txt", "new")
        (tmp_path / "plain.txt").write_text("plain", encoding="utf-8")
        assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
        assert (tmp_path / "new.txt").stat().st_mode == (tmp_path / "plain.txt").stat().st_mode
    finally:
        os.umask(old_mask)
    kept = tmp_path / "kept.txt"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o604)
    atomic_write_text(kept, "new")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_text(encoding="utf-8") == "new"


def test_writing_through_a_link_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_a_pipe_is_written_as_it_is_never_replaced_by_a_file(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    atomic_write_text(pipe, "through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"] and stat.S_ISFIFO(os.stat(pipe).st_mode) and _only(tmp_path) == ["pipe"]


def test_atomic_writer_writes_bytes_and_refuses_other_modes(tmp_path: Path) -> None:
    with atomic_writer(tmp_path / "b.bin", "wb") as fh:
        fh.write(b"\x00\xff")
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\xff"
    with pytest.raises(tcgteach.TcgError, match="mode"):
        with atomic_writer(tmp_path / "a.txt", "a"):
            pass
    assert _only(tmp_path) == ["b.bin"]


def test_an_exception_inside_the_block_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(ZeroDivisionError):
        with atomic_writer(target) as fh:
            fh.write("half")
            1 / 0  # noqa: B018
    assert target.read_text(encoding="utf-8") == OLD and _only(tmp_path) == ["t.txt"]


# -- an output that is an input -----------------------------------------------------------------------------
def test_same_file_sees_other_spellings_links_and_files_not_there_yet(tmp_path: Path) -> None:
    a = tmp_path / "a.json"
    a.write_text("{}", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    assert same_file(a, tmp_path / "sub" / ".." / "a.json")
    (tmp_path / "hard.json").hardlink_to(a)
    (tmp_path / "soft.json").symlink_to(a)
    assert same_file(a, tmp_path / "hard.json") and same_file(tmp_path / "soft.json", a)
    assert same_file(tmp_path / "none.txt", tmp_path / "sub" / ".." / "none.txt")
    assert not same_file(a, tmp_path / "none.txt")
    with pytest.raises(SamePathError, match=r"--record .*hard\.json is the same file as --cards .*a\.json"):
        check_not_input(tmp_path / "hard.json", "--record", {"--cards": str(a), "--decks": None})


def _same(tmp_path: Path) -> list[tuple[Path, str]]:
    """The card file and the ways of naming it again as an output."""
    cards = tmp_path / "mine.json"
    cards.write_bytes(OWN_CARDS.read_bytes())
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.json").symlink_to(cards)
    return [
        (cards, str(cards)),
        (cards, str(tmp_path / "sub" / ".." / "mine.json")),
        (cards, str(tmp_path / "link.json")),
    ]


@pytest.mark.parametrize("way", [0, 1, 2])
@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["play", "darkmoon", "--seed", "3", "--quiet", "--cards", "{cards}", "--record", "{out}"], "--record"),
        (
            ["simulate", "darkmoon", "-n", "5", "--jobs", "1", "--no-progress", "--cards", "{cards}", "--out", "{out}"],
            "--out",
        ),
    ],
)
def test_an_output_that_is_the_card_file_is_refused_before_anything_is_written(
    argv: list[str], flag: str, way: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards, out = _same(tmp_path)[way]
    before = cards.read_bytes()
    code, printed = run(*[a.replace("{cards}", str(cards)).replace("{out}", out) for a in argv])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1, err
    assert flag in err and "--cards" in err and "same file" in err
    assert cards.read_bytes() == before and printed == ""  # nothing played, nothing written
    assert _only(tmp_path) == ["link.json", "mine.json", "sub"]


def test_the_same_commands_with_another_output_file_work(tmp_path: Path) -> None:
    cards = tmp_path / "mine.json"
    cards.write_bytes(OWN_CARDS.read_bytes())
    code, _ = run(
        "play", "darkmoon", "--seed", "3", "--quiet", "--cards", str(cards), "--record", str(tmp_path / "r.txt")
    )
    assert code == 0 and read_record(tmp_path / "r.txt").cards is not None
    code, _ = run(
        "simulate",
        "darkmoon",
        "-n",
        "3",
        "--jobs",
        "1",
        "--no-progress",
        "--cards",
        str(cards),
        "--out",
        str(tmp_path / "g.csv"),
    )
    assert code == 0 and len(read_csv(tmp_path / "g.csv")) == 3


# -- a record cut off ------------------------------------------------------------------------------------------
def test_every_record_ends_with_its_result_line() -> None:
    done = record_text(played())
    assert done.splitlines()[-1].startswith("# result: P") and parse_record(done).finished
    s = tcgteach.game("darkmoon").new_state(seed=3)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    stopped = parse_record(record_text(s))
    assert stopped.result is not None and stopped.result[0] == NOT_FINISHED
    assert stopped.complete and not stopped.finished
    assert "stopped before its end" in str(unfinished(stopped, "r.txt"))
    assert replay(stopped).to_dict() == s.to_dict()


@pytest.mark.parametrize("name", gamecases.registered_games())
def test_a_record_cut_at_any_line_boundary_replays_as_unfinished(name: str) -> None:
    s = played(name)
    lines = record_text(s).splitlines(keepends=True)
    assert unfinished(parse_record("".join(lines)), "r.txt") is None
    for keep in range(len(lines) - 1, 9, -7):  # from just the result line lost, back to the header
        record = parse_record("".join(lines[:keep]), "r.txt")
        assert not record.complete and not record.finished
        why = unfinished(record, "r.txt")
        assert why is not None and why.startswith("r.txt: unfinished: the record has no result line")
        state = replay(record, "r.txt")  # what the record holds still replays
        assert len(state.history) == len(record.actions)


def test_the_cli_says_a_cut_off_record_is_unfinished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    assert run("play", "darkmoon", "--seed", "3", "--quiet", "--record", str(path))[0] == 0
    code, out = run("replay", str(path), "--quiet")
    assert code == 0 and "Result: " in out and "unfinished" not in out
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for cut in (1, 6):
        path.write_text("".join(lines[:-cut]), encoding="utf-8")
        code, out = run("replay", str(path), "--quiet")
        err = capsys.readouterr().err
        assert code == 1 and "unfinished" in err and "game.txt" in err and "no result line" in err
        assert "Result: " not in out and ("unfinished record" in out or "not finished" in out)


def test_the_cli_replays_a_game_stopped_before_its_end_as_unfinished_without_failing(tmp_path: Path) -> None:
    path = tmp_path / "stopped.txt"
    code, out = run("play", "darkmoon", "--seed", "3", "--quiet", "--max-steps", "5", "--record", str(path))
    assert code == 0 and "stopped after 5 steps" in out
    assert path.read_text(encoding="utf-8").endswith(f"# result: {NOT_FINISHED}\n")
    code, out = run("replay", str(path), "--quiet")
    assert code == 0 and "the game is not finished" in out and "unfinished: the game was stopped" in out
