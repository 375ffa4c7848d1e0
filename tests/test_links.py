"""Any moment as a link (issue 27 item 5): the format (``tcgteach.links``), the classroom's opener and Copy link
(``tcgteach.widgets.links``), ``tcgteach link``. A link is untrusted input: damaged, tampered with, foreign or
too large, it is a ``LinkError`` (in English and Japanese), never another exception, and the classroom stays on
its start page with a notice whose every text is escaped."""

from __future__ import annotations

import base64
import io
import json
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tcgteach
from tcgteach.cli import main
from tcgteach.core.state import State
from tcgteach.links import (
    DEFAULT_SITE,
    MAX_JSON_BYTES,
    MAX_LINK_CHARS,
    PREFIX,
    TEXT,
    GameMoment,
    LinkError,
    PuzzleMoment,
    StateMoment,
    decode,
    encode,
    game_link,
    link_url,
    puzzle_link,
    state_link,
)

GAMES = tcgteach.games()


def played(name: str, moves: int, seed: int = 1) -> State:
    """A game of ``name`` with its classroom options, ``moves`` random actions in (fewer if it ends)."""
    game = tcgteach.game(name, tcgteach.game_class(name).classroom_options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while len(state.history) < moves and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def forged(payload: Any, *, raw: bytes | None = None, prefix: str = PREFIX) -> str:
    """A link with a valid check around any payload (what someone who read the module's text can write)."""
    data = raw if raw is not None else json.dumps(payload).encode()
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = prefix + base64.urlsafe_b64encode(squeeze.compress(data) + squeeze.flush()).rstrip(b"=").decode()
    check = base64.urlsafe_b64encode(zlib.crc32(body.encode()).to_bytes(4, "big")).rstrip(b"=").decode()
    return f"{body}.{check}"


# -- round trips -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_game_at_a_move_comes_back_exactly_from_its_link(name: str) -> None:
    state = played(name, 40)
    for move in (0, len(state.history) // 2, len(state.history)):
        fragment = game_link(state, move, seats=["person"] * state.num_players, lang="ja")
        for text in (fragment, "#" + fragment, link_url(fragment), link_url(fragment, "http://127.0.0.1:8866/?t=1")):
            moment = decode(text)
            assert isinstance(moment, GameMoment) and moment.move == move
            assert moment.seats == ("person",) * state.num_players and moment.lang == "ja"
        back = decode(fragment).state()  # type: ignore[union-attr]
        expected = state.clone()
        while len(expected.history) > move:
            expected.undo()
        assert back.to_dict() == expected.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_state_comes_back_exactly_from_its_link(name: str) -> None:
    state = played(name, 25, seed=4)
    moment = decode(state_link(state))
    assert isinstance(moment, StateMoment)
    assert moment.state().to_dict() == state.to_dict()


def test_a_game_link_at_move_40_stays_short() -> None:
    """Measured (README): at move 40, 400-440 characters of fragment for DARK MOON, 470-560 for Dragon Quest."""
    for name in tcgteach.BUILTIN_GAMES:  # the figures the README quotes
        state = played(name, 40)
        assert len(state.history) == 40
        fragment = game_link(state)
        assert len(fragment) < 700, (name, len(fragment))
        assert len(link_url(fragment)) < len(fragment) + 80
        # the actions after the move are not carried
        assert len(game_link(played(name, 80), 40)) <= len(fragment) + 8


def test_the_link_carries_the_site_and_the_default_is_the_projects_classroom_page() -> None:
    fragment = game_link(played("darkmoon", 3))
    assert link_url(fragment) == f"{DEFAULT_SITE}voici/render/05_classroom.html#{fragment}"
    assert link_url(fragment, "http://h:8866/?token=x#old") == f"http://h:8866/?token=x#{fragment}"


# -- damage, tampering, foreign links --------------------------------------------------------------------------
def reason(text: Any) -> str:
    with pytest.raises(LinkError) as info:
        decode(text)
    return info.value.reason


def test_a_damaged_link_is_refused_as_damaged_wherever_it_was_changed() -> None:
    fragment = game_link(played("dragonquest", 40))
    rng = random.Random(7)
    for i in range(len(PREFIX), len(fragment)):
        ch = fragment[i]
        other = rng.choice([c for c in "AZaz09-_Qq" if c != ch])
        assert reason(fragment[:i] + other + fragment[i + 1 :]) in ("damaged", "not_ours"), i
    for cut in range(1, len(fragment) - 1, 7):
        assert reason(fragment[:cut]) in ("damaged", "not_ours"), cut
    assert reason(fragment + "x") == "damaged"


def test_a_foreign_link_or_another_version_is_named_as_such() -> None:
    assert reason("https://example.org/page#section-2") == "not_ours"
    assert reason("") == "not_ours" and reason(None) == "not_ours"
    error = pytest.raises(LinkError, decode, forged({"k": "game"}, prefix="tcg2.")).value
    assert error.reason == "version" and "format 2" in str(error) and "形式2" in error.text("ja")


@pytest.mark.parametrize(
    "payload",
    [
        [1, 2],
        {"k": "teleport"},
        {"k": "game", "r": "Game: darkmoon\n", "n": 0},  # no header
        {"k": "game", "r": "x", "n": 0, "run": "alert(1)"},  # a field the format does not have
        {"k": "state", "s": "nope"},
        {"k": "game", "r": None, "n": 0},
        {"k": "puzzle", "g": "darkmoon", "set": "<b>", "id": "1"},
        {"k": "puzzle", "g": "darkmoon", "set": "a", "id": "1", "p": {}},
        {"k": "game", "r": "", "n": 0, "seats": ["god"]},
        {"k": "game", "r": "", "n": 0, "lang": "fr"},
    ],
)
def test_a_well_formed_link_of_foreign_contents_is_refused(payload: Any) -> None:
    assert reason(forged(payload)) == "content"


def test_a_tampered_game_is_refused_by_the_engines_own_checks() -> None:
    state = played("darkmoon", 30)
    moment = decode(game_link(state))
    assert isinstance(moment, GameMoment) and moment.record is not None
    text = decode_payload(game_link(state))["r"]
    lines = text.splitlines()
    lines[-1] = "play 999"  # an action the rules do not allow there
    bad = decode(forged({"k": "game", "r": "\n".join(lines) + "\n", "n": 30}))
    with pytest.raises(LinkError) as info:
        bad.state()  # type: ignore[union-attr]
    assert info.value.reason == "content" and "play 999" in str(info.value)
    assert reason(forged({"k": "game", "r": text, "n": 31})) == "content"  # past the record's end
    assert reason(forged({"k": "game", "r": text, "n": -1})) == "content"
    saved = state.to_dict()
    saved["zones"] = dict(saved["zones"])
    first = next(iter(saved["zones"]))
    saved["zones"][first] = list(reversed(saved["zones"][first])) + [0]
    with pytest.raises(LinkError, match="altered"):
        decode(forged({"k": "state", "s": saved})).state()  # type: ignore[union-attr]


def _with_body(deflated: bytes) -> str:
    """A link with a valid check around these deflated bytes as they are."""
    body = PREFIX + base64.urlsafe_b64encode(deflated).rstrip(b"=").decode()
    return f"{body}.{base64.urlsafe_b64encode(zlib.crc32(body.encode()).to_bytes(4, 'big')).rstrip(b'=').decode()}"


def decode_payload(fragment: str) -> Any:
    body = fragment.rpartition(".")[0][len(PREFIX) :]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return json.loads(zlib.decompressobj(-15).decompress(raw))


def test_no_zip_bomb_and_no_endless_link() -> None:
    bomb = forged(None, raw=b"[" + b" " * (MAX_JSON_BYTES + 10) + b"]")
    assert len(bomb) < 10_000  # a few kB that would inflate past the cap
    assert reason(bomb) == "too_big"
    assert reason(PREFIX + "A" * (MAX_LINK_CHARS + 10) + ".AAAAAA") == "too_big"
    assert reason(forged(None, raw=b"[" * 100_000)) == "content"  # nested past Python's recursion: not JSON here
    assert reason(forged(None, raw=b"\xff\xfe")) == "content"
    good = forged({"k": "puzzle", "g": "darkmoon", "set": "builtin", "id": "a"})
    body = good.rpartition(".")[0]
    raw = base64.urlsafe_b64decode(body[len(PREFIX) :] + "=" * (-len(body[len(PREFIX) :]) % 4)) + b"junk"
    assert reason(_with_body(raw)) == "damaged"  # bytes after the end


def test_every_refusal_is_said_in_both_languages() -> None:
    from tcgteach.widgets.links import LINK_TEXT

    for table in (TEXT, LINK_TEXT):
        for key in table:
            en, ja = table[key]
            assert en.strip() and ja.strip() and not ja.isascii(), key
            assert any("\u3040" <= ch <= "\u30ff" for ch in ja), key  # kana: written in Japanese, not a copy
    error = LinkError("damaged")
    assert str(error) == error.text("en") and "壊れて" in error.text("ja")


def test_encode_writes_only_links_decode_reads() -> None:
    with pytest.raises(LinkError):
        encode({"k": "game", "r": "not a record", "n": 0})
    moment = decode(puzzle_link("darkmoon", set="builtin", id="dm-001"))
    assert isinstance(moment, PuzzleMoment) and (moment.set, moment.id, moment.game) == (
        "builtin",
        "dm-001",
        "darkmoon",
    )
    inline = decode(puzzle_link("dragonquest", inline={"goal": "win"}))
    assert isinstance(inline, PuzzleMoment) and inline.inline == {"goal": "win"}


# -- the command line ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tcgteach.record import write_record

    path = tmp_path_factory.mktemp("link") / "game.tcgrec"
    write_record(played("dragonquest", 60, seed=2), str(path))
    return path


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_tcgteach_link_prints_a_link_to_the_move(record_file: Path) -> None:
    code, out = run("link", str(record_file), "--move", "40")
    assert code == 0 and out.count("\n") == 1
    assert out.startswith(f"{DEFAULT_SITE}voici/render/05_classroom.html#tcg1.")
    moment = decode(out.strip())
    assert isinstance(moment, GameMoment) and moment.move == 40
    code, out = run("link", str(record_file), "--site", "http://127.0.0.1:8866/", "--seats", "person,coach")
    assert code == 0 and out.startswith("http://127.0.0.1:8866/#tcg1.")
    moment = decode(out)
    assert isinstance(moment, GameMoment) and moment.move == 60 and moment.seats == ("person", "coach")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--move", "61"], "from 0 to 60"),
        (["--seats", "person,wizard"], "--seats"),
        (["--cards", "/nonexistent.json"], "no such file"),
    ],
)
def test_tcgteach_link_errors_are_one_line(
    record_file: Path, extra: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run("link", str(record_file), *extra)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err and "Traceback" not in err


def test_tcgteach_link_of_a_missing_or_broken_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.tcgrec"
    bad.write_text("Game: darkmoon\n", encoding="utf-8")
    for path in (tmp_path / "none.tcgrec", bad):
        code, _ = run("link", str(path))
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err


def test_a_puzzle_link_names_a_shipped_puzzle_or_holds_one() -> None:
    """The puzzle pane's hook: ``PuzzleMoment.puzzle()`` is the puzzle of the shipped set, by its id; without the
    puzzles package (before it lands) a puzzle link is refused in words, never an ImportError."""
    import importlib.util

    if importlib.util.find_spec("tcgteach.puzzles") is None:
        moment = decode(puzzle_link("darkmoon", set="builtin", id="dm-001"))
        assert isinstance(moment, PuzzleMoment)
        with pytest.raises(LinkError, match="no puzzles"):
            moment.puzzle()
        return
    puzzles: Any = importlib.import_module("tcgteach.puzzles")
    if not puzzles.builtin_games():  # the package, and no shipped set yet: the loader's own refusal, as a LinkError
        with pytest.raises(LinkError, match="no shipped puzzles"):
            decode(puzzle_link("darkmoon", set="builtin", id="dm-001")).puzzle()  # type: ignore[union-attr]
        return
    name = puzzles.builtin_games()[0]
    first = puzzles.builtin(name)[0]
    moment = decode(puzzle_link(name, set="builtin", id=first.id))
    assert isinstance(moment, PuzzleMoment) and moment.puzzle().id == first.id
    with pytest.raises(LinkError):
        decode(puzzle_link(name, set="builtin", id="no-such-puzzle")).puzzle()  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.from_regex(r"tcg1\.[A-Za-z0-9_-]{0,200}\.[A-Za-z0-9_-]{6}", fullmatch=True))
def test_any_text_is_a_moment_or_a_link_error(text: str) -> None:
    try:
        decode(text)
    except LinkError as exc:
        assert exc.reason in TEXT and exc.text("ja")
