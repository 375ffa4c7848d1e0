"""The ``tcgteach`` command line with the Dragon Quest Card Game: play, record, replay (en and ja)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

import tcgteach
from tcgteach.agents import RandomAgent
from tcgteach.cli import main
from tcgteach.record import read_record, replay
from tcgteach.texts import outcome_text

SEED = 3


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def live_game(seed: int, options: dict[str, Any]) -> Any:
    """The game the CLI plays: seeded random agents (seed * 1000 + seat) on the default decks."""
    g = tcgteach.game("dragonquest", options)
    s = g.new_state(seed=seed)
    agents = [RandomAgent(seed * 1000 + i) for i in range(2)]
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        s.apply(agents[p].act(s.view(p)))
    return s


@pytest.fixture(scope="module", params=["en", "ja"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, str]:
    lang = request.param
    path = tmp_path_factory.mktemp(f"dq-{lang}") / "game.txt"
    code, out = run(
        "play", "dragonquest", "--seed", str(SEED), "--option", "turn_limit=200", "--record", str(path), "--lang", lang
    )
    assert code == 0, out
    return lang, path, out


def test_play_prints_a_readable_game_with_rule_citations_and_a_result(played: tuple[str, Path, str]) -> None:
    lang, path, out = played
    lines = out.splitlines()
    title = "Dragon Quest Card Game" if lang == "en" else "ドラゴンクエスト カードゲーム"
    assert lines[0].startswith(f"{title} — seed {SEED}, 2 players")
    cited = set(re.findall(r"^  \[(DQ-[\d.]+a?)\] ", out, re.M))
    # setup, the turn phases, a combat and the end of the game are all told with their rule
    for rid in (
        "DQ-3.1",
        "DQ-3.2",
        "DQ-3.3",
        "DQ-3.4",
        "DQ-6.1",
        "DQ-6.2",
        "DQ-6.3",
        "DQ-6.4",
        "DQ-6.13",
        "DQ-7.1",
        "DQ-7.3",
        "DQ-7.8",
        "DQ-8.2",
        "DQ-8.3",
        "DQ-6.14",
    ):
        assert rid in cited, f"no [{rid}] line in the {lang} output"
    assert any(c.startswith("DQ-1.") for c in cited)  # the game-over line
    # every action line names the player, a sentence and the action text
    actions = [ln for ln in lines if re.match(r"^P[12]: ", ln)]
    assert len(actions) > 50 and all(re.search(r"  \([a-z]+( [-\w]+)*\)$", ln) for ln in actions)
    head = "Result: " if lang == "en" else "結果："
    result_lines = [ln for ln in lines if ln.startswith(head)]
    assert len(result_lines) == 1
    if lang == "en":
        line = r"Result: (P[12] wins|Draw) \(cards left in deck: P1 \d+ / P2 \d+; DQ-1\.[234]\)"
        assert re.match(line, result_lines[0])
        assert "Judgment:" in out and "goes first" in out
    else:
        line = r"結果：(P[12] の勝ち|引き分け)（デッキの残り枚数：P1 \d+ / P2 \d+、DQ-1\.[234]）"
        assert re.match(line, result_lines[0])
        assert "判定：" in out and "先攻" in out
        assert not re.search(r"\b(attacks with|draws \d|defeated)\b", out)  # no English sentences left
    assert not re.search(r"^  \[DQ-[\d.a]+\] [a-z_]+ \{", out, re.M)  # no event left as raw data
    assert re.search(r"^  P1: deck=\d+, level=\d+, experience=\d+, gp=\d+", out, re.M)
    assert re.search(r"^\d+ decisions$", out, re.M) and f"record written to {path}" in out


def test_record_header_names_the_game_options_and_seed(played: tuple[str, Path, str]) -> None:
    _lang, path, _out = played
    rec = read_record(path)
    assert rec.game == "dragonquest" and rec.seed == SEED and rec.players == 2 and rec.first_player is None
    assert rec.options["turn_limit"] == 200 and len(rec.decks) == 2
    text = path.read_text(encoding="utf-8")
    assert "turn_limit=200" in text and "# result: " in text


def test_replay_gives_the_identical_final_state(played: tuple[str, Path, str]) -> None:
    _lang, path, _out = played
    replayed = replay(read_record(path), str(path))
    live = live_game(SEED, {"turn_limit": 200})
    assert replayed.is_terminal() and live.is_terminal()
    assert replayed.to_dict() == live.to_dict()
    assert replayed.result() == live.result()
    # and the saved state of the end position loads back to the same state
    again = replayed.game.state_from_dict(replayed.to_dict())
    assert again.to_dict() == live.to_dict()


def test_the_record_is_the_same_whatever_the_language(tmp_path: Path) -> None:
    paths = []
    for lang in ("en", "ja"):
        path = tmp_path / f"{lang}.txt"
        code, _out = run(
            "play",
            "dragonquest",
            "--seed",
            str(SEED),
            "--option",
            "turn_limit=200",
            "--record",
            str(path),
            "--lang",
            lang,
            "--quiet",
        )
        assert code == 0
        paths.append(path)
    assert paths[0].read_text(encoding="utf-8") == paths[1].read_text(encoding="utf-8")
    assert replay(read_record(paths[0])).to_dict() == replay(read_record(paths[1])).to_dict()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_replay_command_prints_the_game_and_the_same_result(played: tuple[str, Path, str], lang: str) -> None:
    _played_lang, path, _out = played
    live = live_game(SEED, {"turn_limit": 200})
    code, out = run("replay", str(path), "--lang", lang)
    assert code == 0
    assert f"replayed {len(live.history)} actions of dragonquest (seed {SEED})" in out
    head = "Result: " if lang == "en" else "結果："
    assert f"{head}{outcome_text(live.result(), lang)}" in out
    assert "[DQ-3.2]" in out and "[DQ-7.8]" in out
    if lang == "ja":
        assert "判定：" in out
    code, quiet = run("replay", str(path), "--quiet", "--lang", lang)
    assert code == 0 and "[DQ-" not in quiet and f"{head}{outcome_text(live.result(), lang)}" in quiet


def test_quiet_play_prints_only_the_result(tmp_path: Path) -> None:
    code, out = run("play", "dragonquest", "--seed", "5", "--option", "turn_limit=200", "--quiet")
    assert code == 0 and "[DQ-" not in out and "Result: " in out


@pytest.mark.parametrize("lang,draw", [("en", "Result: Tie ("), ("ja", "結果：引き分け（")])
def test_a_turn_limit_reached_is_reported_as_a_tie(tmp_path: Path, lang: str, draw: str) -> None:
    path = tmp_path / "short.txt"
    code, out = run(
        "play", "dragonquest", "--seed", str(SEED), "--option", "turn_limit=2", "--record", str(path), "--lang", lang
    )
    assert code == 0
    result = out[out.index(draw) :].splitlines()[0]
    assert "DQ-1.4" in result and " wins" not in result and "の勝ち" not in result
    s = replay(read_record(path))
    assert s.result().reason == "DQ-1.4" and s.result().winners == () and s.turn == 2


def test_options_on_the_command_line_reach_the_game(tmp_path: Path) -> None:
    path = tmp_path / "opts.txt"
    code, _out = run(
        "play",
        "dragonquest",
        "--seed",
        "7",
        "--option",
        "formation=at_least",
        "--option",
        "draw_minimum=0",
        "--option",
        "status_tick=turn_player",
        "--option",
        "deck_out=empty_loses",
        "--option",
        "turn_limit=200",
        "--record",
        str(path),
        "--quiet",
    )
    assert code == 0
    rec = read_record(path)
    assert rec.options == {
        "deck_out": "empty_loses",
        "draw_minimum": 0,
        "formation": "at_least",
        "status_tick": "turn_player",
        "turn_limit": 200,
        "formation_repair": "immediate",
        "wipe_out": "after_own_turn",
        "repeat_limit": None,
    }
    s = replay(rec)
    assert dict(s.game.options) == rec.options
    assert s.to_dict() == live_game(7, rec.options).to_dict()


@pytest.mark.parametrize("option", ["formation=loose", "turn_limit=0", "turn_limit=abc", "colour=red"])
def test_a_bad_option_on_the_command_line_is_a_clear_error(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out = run("play", "dragonquest", "--option", option)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("tcgteach: error: ") and "dragonquest" in err


def test_a_tampered_dragonquest_record_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    run("play", "dragonquest", "--seed", str(SEED), "--option", "turn_limit=200", "--record", str(path), "--quiet")
    lines = path.read_text(encoding="utf-8").splitlines()
    first_action = next(i for i, ln in enumerate(lines) if ln in ("keep", "mulligan"))
    lines[first_action + 2] = "attack 999"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(tcgteach.RecordError) as err:
        replay(read_record(path), str(path))
    assert err.value.line == first_action + 3 and "DQ-" in str(err.value)
    code, _ = run("replay", str(path))
    assert code == 2


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_and_action_of_many_games_reads_as_a_sentence(lang: str) -> None:
    """The texts the CLI prints: no event or action falls back to its raw kind and data."""
    kinds: set[str] = set()
    for seed in range(12):
        g = tcgteach.game("dragonquest", {"turn_limit": 200, "formation": ("strict", "at_least")[seed % 2]})
        s = g.new_state(seed=seed, decks=[("heroes", "beasts", "guardians")[seed % 3], "guardians"])
        agents = [RandomAgent(seed * 1000 + i) for i in range(2)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            assert p is not None
            action = agents[p].act(s.view(p))
            text = g.describe_action(action, s, lang)
            assert text and text != str(action), f"{action}: {text!r}"
            for ev in s.apply(action):
                kinds.add(ev.kind)
                line = g.describe_event(ev, s, lang)
                assert line and not line.startswith(f"{ev.kind} {{") and "{" not in line, f"{ev.kind}: {line!r}"
    assert {"battle", "defeat", "confusion", "wipe_out", "deck_out", "game_over"} <= kinds


def test_rules_command_prints_the_dragonquest_rules_in_both_languages() -> None:
    code, out = run("rules", "dragonquest", "DQ-7.8")
    assert code == 0 and out.startswith("DQ-7.8 ")
    code, out = run("rules", "dragonquest", "DQ-6.3", "--lang", "ja")
    assert code == 0 and "DQ-6.3a" in out
    code, out = run("rules", "dragonquest")
    assert code == 0 and len(out.splitlines()) >= 40
