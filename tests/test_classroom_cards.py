"""The classroom with your own card pool (issue 15, item 2): ``Classroom(cards=...)`` and ``tcgteach classroom
--cards FILE``, checked before the server starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

import tcgteach
from tcgteach import cli
from tcgteach.darkmoon import DarkMoon
from tcgteach.widgets import Classroom

MINI = tcgteach.EXAMPLES / "darkmoon-mini-cards.json"
ROOT = Path(__file__).resolve().parent.parent
OWN = ROOT / "tcgteach" / "darkmoon" / "data" / "cards.json"


@pytest.fixture
def tweaked(tmp_path: Path) -> Path:
    """The package's DARK MOON cards with one card renamed: a designer's variant the starter decks still fit."""
    data = json.loads(OWN.read_text(encoding="utf-8"))
    data["cards"][0]["name"]["en"] = "Renamed by the designer"
    f = tmp_path / "variant.json"
    f.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return f


def test_the_classroom_plays_the_users_pool_and_gets_it_back_after_another_game(tweaked: Path) -> None:
    c = Classroom(game="darkmoon", seed=3, cards=tweaked)
    pool = c.game.user_pool
    assert pool is not None and pool == tcgteach.game("darkmoon", cards=tweaked).user_pool
    assert "Renamed by the designer" in {card.name["en"] for card in cast(DarkMoon, c.game).cards.values()}
    assert c.state.to_dict()["cards"] == pool.digest
    c.game_picker.value = "dragonquest"
    c.new_button.click()
    assert c.game.name == "dragonquest" and c.game.user_pool is None  # the other game plays its own cards
    c.game_picker.value = "darkmoon"
    c.new_button.click()
    assert c.game.name == "darkmoon" and c.game.user_pool == pool  # and yours come back
    assert c.state.to_dict()["cards"] == pool.digest


def test_a_pool_no_starter_deck_fits_needs_decks_in_the_classroom() -> None:
    with pytest.raises(tcgteach.TcgError, match=r"DM-2\.1.*decks="):
        Classroom(game="darkmoon", cards=MINI)


def test_a_bad_pool_is_refused_before_the_app_is_made(tmp_path: Path) -> None:
    bad = tmp_path / "cards.json"
    data = json.loads(MINI.read_text(encoding="utf-8"))
    data["cards"][0]["number"] = "seven"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(tcgteach.TcgError, match=r"cards\.json.*cards\[0\]"):
        Classroom(game="darkmoon", cards=bad)


def test_classroom_cards_is_checked_and_handed_to_the_apps(monkeypatch: pytest.MonkeyPatch, tweaked: Path) -> None:
    from tcgteach import classroom_server

    seen: dict[str, Any] = {}

    def serve(notebook: str, **kw: Any) -> int:
        seen.update(cards=os.environ.get("TCGTEACH_CARDS"), game=os.environ.get("TCGTEACH_CARDS_GAME"))
        return 0

    monkeypatch.setattr(classroom_server, "serve", serve)
    monkeypatch.setenv("TCGTEACH_CARDS", "")  # recorded: the command sets it, the teardown removes it
    monkeypatch.delenv("TCGTEACH_CARDS")
    monkeypatch.setenv("TCGTEACH_CARDS_GAME", "")  # recorded: the command sets it, the teardown removes it
    monkeypatch.delenv("TCGTEACH_CARDS_GAME")
    assert cli.main(["classroom", "--cards", str(tweaked)]) == 0
    assert seen == {"cards": str(tweaked.resolve()), "game": "darkmoon"}


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"format": "tcgteach-darkmoon-decks", "version": 1, "decks": []}', "not a card file"),
        ("[1, 2", "not valid JSON"),
        ('{"format": "tcgteach-darkmoon-cards", "version": 1, "cards": [{"id": 3}]}', "cards[0]"),
        (MINI.read_text(encoding="utf-8"), "DM-2.1"),  # valid cards, but no starter deck fits them
    ],
)
def test_a_wrong_card_file_for_the_classroom_is_one_line_before_serving(
    tmp_path: Path, content: str, needle: str
) -> None:
    f = tmp_path / "pool.json"
    f.write_text(content, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "tcgteach", "classroom", "--cards", str(f), "--notebook", "nowhere.ipynb"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "pool.json" in lines[0], proc.stderr


def test_the_classroom_notebook_reads_the_pool_the_command_hands_over() -> None:
    nb = json.loads((ROOT / "notebooks" / "05_classroom.ipynb").read_text(encoding="utf-8"))
    code = "".join(nb["cells"][0]["source"])
    assert 'os.environ.get("TCGTEACH_CARDS")' in code and 'os.environ.get("TCGTEACH_CARDS_GAME"' in code
