"""Every one-line reproducer of issue 15 ("Hardened boundaries") as a regression test. The ones about
action values and the accessors (``Play(False)``, ``Play(41.0)``, ``StartUnit("x")``, the Dragon Quest
action classes, ``view("0")``, ``zone(9, "hand")``, option ``²``) are in tests/test_actions_exact.py."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import time
from pathlib import Path
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.cli import main
from tcgteach.core.data import load_json
from tcgteach.core.errors import DeckError, RecordError, TcgError
from tcgteach.dragonquest import DragonQuest
from tcgteach.record import parse_record, read_record, record_text, replay

_SPEC: dict[str, Any] = {
    "turn_player": 0,
    "node": "prep",
    "players": [
        {"front": ["M05"], "hand": ["H01"], "gp": 3, "deck": {"fill": "beasts"}},
        {"front": ["M01", "M02"], "deck": {"fill": "heroes"}},
    ],
}


def _dq() -> DragonQuest:
    return cast(DragonQuest, tcgteach.game("dragonquest"))


def _record(name: str = "darkmoon") -> str:
    s = tcgteach.game(name).new_state(seed=2)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    return record_text(s)


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = main(argv, out, io.StringIO())
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


# -- positions and saved states: turn_player 1.0 -------------------------------------------------------
@pytest.mark.parametrize("value", [1.0, True])
def test_repro_position_turn_player_float_is_refused(value: Any) -> None:
    """`game.position({... "turn_player": 1.0 ...})` loaded, then raised TypeError at the first move."""
    with pytest.raises(TcgError, match="turn_player"):
        _dq().position(dict(copy.deepcopy(_SPEC), turn_player=value))


def test_repro_position_first_player_float_is_refused() -> None:
    with pytest.raises(TcgError, match="first_player"):
        _dq().position(dict(copy.deepcopy(_SPEC), first_player=0.0))


def test_repro_saved_state_turn_player_float_is_refused() -> None:
    """A saved position with `turn_player: 0.0` (equal to the 0 it replays to) loaded, then raised TypeError."""
    g = _dq()
    data = g.position(copy.deepcopy(_SPEC)).to_dict()
    data["setup"]["position"]["turn_player"] = 0.0
    with pytest.raises(TcgError, match="turn_player"):
        g.state_from_dict(data)


def test_repro_position_keeps_no_reference_to_the_callers_dict() -> None:
    """`game.position(spec)` kept the caller's dict: changing it afterwards broke the saved state."""
    g = _dq()
    spec = copy.deepcopy(_SPEC)
    s = g.position(spec)
    saved = s.to_dict()
    spec["players"][0]["hand"].append("H02")
    spec["turn_player"] = 1
    assert s.to_dict() == saved
    assert g.state_from_dict(s.to_dict()) == s


# -- ASCII digits in records and on the command line ----------------------------------------------------
def test_repro_record_option_superscript_digit() -> None:
    """A record's `Options: turn_limit=²` passed isdigit() and raised a bare ValueError."""
    text = _record("dragonquest").replace("turn_limit=None", "turn_limit=²")
    assert "turn_limit=²" in text
    with pytest.raises(RecordError):
        replay(parse_record(text, "r.txt"), "r.txt")


def test_repro_record_deck_count_superscript_digit() -> None:
    """A record's deck line `C01*²` passed isdigit() and raised a bare ValueError."""
    text = _record().replace("Deck1: ensemble", "Deck1: C01*²")
    with pytest.raises(RecordError, match=r"r\.txt:\d+"):
        replay(parse_record(text, "r.txt"), "r.txt")


def test_repro_cli_option_superscript_digit() -> None:
    """`tcgteach rules dragonquest --option turn_limit=²` raised a bare ValueError."""
    code, _, err = _cli(["rules", "dragonquest", "--option", "turn_limit=²"])
    assert code != 0 and "Traceback" not in err and len(err.strip().splitlines()) == 1 and "turn_limit" in err


# -- counts and sizes --------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [10**20, 2**40])
def test_repro_check_deck_huge_count(count: int) -> None:
    """`check_deck({"C01": 10**20})` raised OverflowError, `2**40` MemoryError."""
    with pytest.raises(DeckError, match="C01"):
        tcgteach.game("darkmoon").check_deck({"C01": count})


def test_repro_record_deck_line_huge_count() -> None:
    """A record line `C01*99999999999` raised MemoryError."""
    text = _record().replace("Deck1: ensemble", "Deck1: C01*99999999999")
    with pytest.raises(RecordError, match=r"r\.txt:\d+"):
        replay(parse_record(text, "r.txt"), "r.txt")


def test_repro_load_json_deep_nesting(tmp_path: Path) -> None:
    """`load_json` on deeply nested JSON raised RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(TcgError, match="deep.json"):
        load_json(path)


def test_repro_replay_refuses_a_huge_file(tmp_path: Path) -> None:
    """`replay` read a file of any size."""
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:
        f.write(_record().encode())
        f.truncate(200 * 2**20)  # a sparse file of 200 MB
    start = time.perf_counter()
    with pytest.raises(RecordError, match="huge.txt"):
        read_record(path)
    assert time.perf_counter() - start < 1.0


# -- the command line writes nothing after a long run to a place it cannot write --------------------------
def test_repro_cli_record_to_a_missing_folder_fails_before_playing(tmp_path: Path) -> None:
    """`tcgteach play darkmoon --record missing/r.txt` played the whole game, then crashed with a traceback."""
    target = tmp_path / "missing" / "r.txt"
    start = time.perf_counter()
    code, out, err = _cli(["play", "darkmoon", "--quiet", "--record", str(target)])
    assert code != 0 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "decisions" not in out  # refused before the game started
    assert time.perf_counter() - start < 1.0


def test_repro_cli_simulate_out_to_a_missing_folder_fails_before_simulating(tmp_path: Path) -> None:
    """`tcgteach simulate darkmoon --out missing/o.csv` ran the simulation, then crashed with a traceback."""
    code, out, err = _cli(
        ["simulate", "darkmoon", "-n", "2", "--jobs", "1", "--no-progress", "--out", str(tmp_path / "no" / "o.csv")]
    )
    assert code != 0 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "games, seeds" not in out


def test_repro_record_written_by_the_cli_replays(tmp_path: Path) -> None:
    """The other side of the two above: a writable --record still works and replays."""
    target = tmp_path / "r.txt"
    code, _, err = _cli(["play", "darkmoon", "--quiet", "--seed", "4", "--record", str(target)])
    assert code == 0, err
    assert replay(read_record(target), str(target)).is_terminal()
    assert json.dumps(tcgteach.game("darkmoon").new_state(seed=4).to_dict())  # sanity: states stay JSON
