"""Privacy and reach (issue 22, item 7): a record names the user's card pool by its file's name and
fingerprint, never by the folders it lies in, and still replays with it; the classroom's quiz and rule
explorer deal their positions and examples from the pool the classroom loaded."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, cast

import pytest

import tcgteach
from tcgteach import cli, explorer
from tcgteach.darkmoon import DarkMoon
from tcgteach.record import parse_record, pool_name, read_record, record_text, replay
from tcgteach.sim import read_csv
from tcgteach.widgets import Classroom

OWN = Path(tcgteach.__file__).parent / "darkmoon" / "data" / "cards.json"
MARK = "Zephyr"  # in every card name of the user's pool, in no card name of the package's


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's DARK MOON cards, each renamed (the starter decks still fit), deep in a private folder."""
    data = json.loads(OWN.read_text(encoding="utf-8"))
    for card in data["cards"]:
        card["name"]["en"] = f"{MARK} {card['name']['en']}"
        card["name"]["ja"] = f"{MARK}{card['name']['ja']}"
    folder = tmp_path_factory.mktemp("private") / "home" / "someone" / "designs"
    folder.mkdir(parents=True)
    f = folder / "variant cards.json"
    f.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return f


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cli.main(list(argv), out=out, inp=io.StringIO("")), out.getvalue()


def test_own_cards_carry_no_mark() -> None:
    assert not any(MARK in c.name["en"] for c in cast(DarkMoon, tcgteach.game("darkmoon")).cards.values())


# -- records ----------------------------------------------------------------------------------------------
def test_a_record_names_the_pool_by_file_name_and_fingerprint_only(variant: Path) -> None:
    g = tcgteach.game("darkmoon", cards=variant)
    s = g.new_state(seed=5)
    for _ in range(20):
        s.apply(s.legal_actions()[0])
    text = record_text(s)
    cards = [line for line in text.splitlines() if line.startswith("Cards:")]
    assert cards == [f"Cards: {g.user_pool.digest} variant cards.json"]  # type: ignore[union-attr]
    assert str(variant.parent) not in text and "someone" not in text and "designs" not in text
    record = parse_record(text, "game.txt")
    assert record.cards_name == "variant cards.json"
    assert replay(record, "game.txt", cards=variant).to_dict() == s.to_dict()
    with pytest.raises(tcgteach.RecordError, match="card pool"):
        replay(record, "game.txt", cards=OWN)  # another pool: the fingerprint tells


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("/home/me/cards.json", "cards.json"),
        ("C:\\Users\\me\\Documents\\cards.json", "cards.json"),
        ("relative/dir/pool.json", "pool.json"),
        ("pool.json", "pool.json"),
        ("/tmp/a\nDeck1: injected.json", "aDeck1: injected.json"),  # a file name cannot add a line to the record
        ("<cards>", "<cards>"),
        ("/", "<cards>"),
    ],
)
def test_pool_name_keeps_the_file_name_only(source: str, name: str) -> None:
    got = pool_name(source)
    assert got == name and "\n" not in got and "/" not in got and "\\" not in got


def test_the_cli_record_has_no_folder_and_replays_with_cards_again(
    variant: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    code, _ = run("play", "darkmoon", "--seed", "4", "--quiet", "--cards", str(variant), "--record", str(path))
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert "variant cards.json" in text and str(variant.parent) not in text and "someone" not in text
    code, _ = run("replay", str(path), "--quiet")
    err = capsys.readouterr().err
    assert code == 2 and "--cards" in err and "variant cards.json" in err and "someone" not in err
    code, out = run("replay", str(path), "--quiet", "--cards", str(variant))
    assert code == 0 and "Result: " in out
    state = replay(read_record(path), str(path), cards=variant)
    assert state.is_terminal() and state.game.user_pool == tcgteach.game("darkmoon", cards=variant).user_pool


def test_a_simulation_csv_names_the_pool_by_fingerprint_only(variant: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    code, _ = run(
        "simulate", "darkmoon", "-n", "3", "--jobs", "1", "--no-progress", "--cards", str(variant), "--out", str(out)
    )
    assert code == 0 and "someone" not in out.read_text(encoding="utf-8")
    assert {r["cards"] for r in read_csv(out)} == {tcgteach.game("darkmoon", cards=variant).user_pool.digest}  # type: ignore[union-attr]


# -- the classroom's quiz and rule explorer ----------------------------------------------------------------
def _question_text(q: Any) -> str:
    return " ".join([q.prompt, *q.choices, q.explanation, *(line for _rule, line in q.event_lines())])


def _quiz_texts(c: Classroom) -> list[str]:
    c.show_quiz(True)
    quiz = c.quiz
    texts = []
    for _ in range(quiz.n):
        texts.append(_question_text(quiz.question))
        assert quiz.question.position.game.user_pool == c.game.user_pool
        quiz.next()
    c.show_quiz(False)
    return texts


def test_the_classroom_quiz_deals_its_questions_from_the_loaded_pool(variant: Path) -> None:
    mine = _quiz_texts(Classroom(game="darkmoon", seed=3, cards=variant))
    assert any(MARK in t for t in mine), mine  # a card only the user's pool has
    plain = _quiz_texts(Classroom(game="darkmoon", seed=3))
    assert not any(MARK in t for t in plain)


def test_the_classroom_quiz_follows_the_game_and_its_pool(variant: Path) -> None:
    c = Classroom(game="darkmoon", seed=3, cards=variant)
    c.show_quiz(True)
    assert c.quiz.question.position.game.user_pool == c.game.user_pool is not None
    c.show_quiz(False)
    c.game_picker.value = "dragonquest"
    c.new_button.click()
    c.show_quiz(True)
    assert c.quiz.games == ["dragonquest"] and c.quiz.question.position.game.user_pool is None
    c.show_quiz(False)
    c.game_picker.value = "darkmoon"
    c.new_button.click()
    c.show_quiz(True)
    assert c.quiz.question.position.game.user_pool == c.game.user_pool is not None  # your cards come back


def test_the_classroom_rule_explorer_shows_examples_dealt_from_the_loaded_pool(variant: Path) -> None:
    c = Classroom(game="darkmoon", seed=3, cards=variant, lang="ja")
    rules = c.rule_explorer("DM-4.4")
    info = rules.info
    assert info is not None and info.rule == "DM-4.4" and rules.lang == "ja"
    lines = [ex.describe("en") for ex in info.examples]
    assert any(MARK in line for line in lines), lines  # a card only the user's pool has
    first = info.examples[0]
    assert first.cards == c.game.user_pool and first.state().game.user_pool == c.game.user_pool
    assert "variant cards.json" in first.snippet() and "someone" not in first.snippet()
    rules.game_pick.value = "dragonquest"
    rules.game_pick.value = "darkmoon"
    assert rules.game.user_pool == c.game.user_pool  # the pool comes back with its game


def test_the_explorer_keeps_the_pools_examples_apart_from_the_packages(variant: Path) -> None:
    pooled = explorer.where(tcgteach.game("darkmoon", cards=variant), "DM-4.4")
    plain = explorer.where("darkmoon", "DM-4.4")
    assert any(MARK in ex.describe("en") for ex in pooled.examples)
    assert not any(MARK in ex.describe("en") for ex in plain.examples)
    assert all(ex.cards is None for ex in plain.examples)
