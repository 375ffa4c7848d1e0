"""The command line and plain-text game records."""

import io
from pathlib import Path

import pytest

import tcgteach
from tcgteach.cli import main
from tcgteach.record import parse_record, read_record, record_text, replay


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_play_prints_a_readable_game_with_rule_citations_and_result() -> None:
    code, out = run("play", "darkmoon", "--seed", "3", "--players", "2", "--agents", "random,random", "--lang", "en")
    assert code == 0
    assert "[DM-3.4]" in out and "[DM-4.4] Reveal:" in out
    assert "Result: P" in out and "units=" in out


def test_play_in_japanese() -> None:
    code, out = run("play", "darkmoon", "--seed", "3", "--lang", "ja")
    assert code == 0 and "結果：" in out and "公開：" in out


def test_record_then_replay_gives_the_identical_final_state(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    code, out = run("play", "darkmoon", "--seed", "11", "--players", "3", "--record", str(path), "--quiet")
    assert code == 0
    rec = read_record(path)
    assert rec.game == "darkmoon" and rec.seed == 11 and rec.players == 3 and len(rec.decks) == 3
    replayed = replay(rec)
    g = tcgteach.game("darkmoon")
    from tcgteach.agents import RandomAgent

    s = g.new_state(seed=11, players=3)
    agents = [RandomAgent(11 * 1000 + i) for i in range(3)]
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        s.apply(agents[p].act(s.view(p)))
    assert replayed.to_dict() == s.to_dict()
    code, out = run("replay", str(path), "--quiet")
    assert code == 0 and f"replayed {len(s.history)} actions" in out


def test_record_header_and_custom_decks_round_trip() -> None:
    g = tcgteach.game("darkmoon", {"tie": "none"})
    deck = list(g.starter_deck("tempo").cards)
    deck[0], deck[-1] = deck[-1], deck[0]  # same cards, other order: still written as counts
    s = g.new_state(seed=4, decks=[deck, "ensemble"], first_player=1)
    for _ in range(30):
        s.apply(s.legal_actions()[0])
    text = record_text(s)
    assert (
        "Options: deck_out=skip first_turn_restriction=True repeat_limit=None tie=none turn_limit=None" in text
        and "FirstPlayer: 2" in text
        and "Deck2: ensemble" in text
    )
    again = replay(parse_record(text))
    assert again.to_dict()["zones"] == s.to_dict()["zones"]


def test_broken_record_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(
        "Game: darkmoon\nOptions: \nSeed: 1\nPlayers: 2\nFirstPlayer: random\n"
        "Deck1: ensemble\nDeck2: tempo\n\nend\nplay 999\n",
        encoding="utf-8",
    )
    with pytest.raises(tcgteach.RecordError) as err:
        replay(read_record(path), str(path))
    assert err.value.line == 10 and "bad.txt:10" in str(err.value) and "DM-4" in str(err.value)
    code, _ = run("replay", str(path))
    assert code == 2


def test_record_missing_header_is_an_error() -> None:
    with pytest.raises(tcgteach.RecordError, match="missing header line 'Seed'"):
        parse_record("Game: darkmoon\nOptions:\nPlayers: 2\nFirstPlayer: random\n")


def test_cli_bad_option_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("play", "darkmoon", "--option", "colour=red")
    assert code == 2
    assert "unknown darkmoon option 'colour'" in capsys.readouterr().err


def test_human_agent_in_the_terminal_reads_numbers() -> None:
    # P1 is a person who always answers "1" (the first legal action) until the game ends or input runs out
    code, out = run(
        "play",
        "darkmoon",
        "--seed",
        "1",
        "--agents",
        "human,random",
        "--first",
        "1",
        "--max-steps",
        "6",
        stdin="1\n" * 10,
    )
    assert code == 0 and "P1> " in out and "stopped after 6 steps" in out


def test_rules_command_prints_own_texts() -> None:
    code, out = run("rules", "darkmoon", "DM-4.4", "--lang", "ja")
    assert code == 0 and out.startswith("DM-4.4 ") and "DM-4.4a" in out


def test_a_forged_result_line_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    run("play", "darkmoon", "--seed", "2", "--record", str(path), "--quiet")
    text = path.read_text(encoding="utf-8")
    assert "# result: " in text
    forged = (
        text.replace("# result: P1 wins", "# result: P2 wins")
        if "# result: P1 wins" in text
        else text.replace("# result: P2 wins", "# result: P1 wins")
    )
    path.write_text(forged, encoding="utf-8")
    with pytest.raises(tcgteach.RecordError, match="claims the result"):
        replay(read_record(path), str(path))


def test_a_binary_file_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "bin.txt"
    path.write_bytes(b"\xff\xfe\x00\x81garbage")
    code, _ = run("replay", str(path))
    assert code == 2


def test_a_bad_copy_count_names_its_line() -> None:
    with pytest.raises(tcgteach.RecordError) as err:
        parse_record(
            "Game: darkmoon\nOptions:\nSeed: 1\nPlayers: 2\nFirstPlayer: random\nDeck1: C01*abc\nDeck2: tempo\n"
        )
    assert err.value.line == 6


def test_rules_command_with_an_unknown_rule_is_an_error() -> None:
    code, _ = run("rules", "darkmoon", "DM-9")
    assert code == 2
