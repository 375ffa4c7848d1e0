"""Links in the widgets (issue 27 item 5): Copy link in the stepper, the classroom and the review; the classroom
opens the moment its page's address holds (as the page's script hands it over, ``.tcg-link-inbox``), by the
moment's kind; a link it cannot open leaves the start page as it was, with a notice in both languages (the
classroom's first) in which nothing of the link is unescaped."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.links import PuzzleMoment, decode, game_link, puzzle_link
from tcgteach.widgets import Classroom, Stepper
from tcgteach.widgets import links as wlinks
from tests.test_links import forged, played

PAGE = "http://127.0.0.1:9/tcgteach/voici/render/05_classroom.html"


@pytest.fixture(autouse=True)
def no_page_base() -> Any:
    """Every test starts as a kernel whose page has said nothing (the address is per kernel)."""
    wlinks._page["base"] = None
    yield
    wlinks._page["base"] = None


def opened(room: Classroom, fragment: str, seq: int = 1) -> None:
    """What the page's script does: the page's address, with its fragment, typed into the hidden field."""
    room.link_inbox.field.value = f"{seq} {PAGE}#{fragment}"


@pytest.mark.parametrize("name", tcgteach.games())
def test_the_classroom_opens_at_the_links_moment(name: str) -> None:
    state = played(name, 40, seed=3)
    room = Classroom()
    move = len(state.history) - 5
    opened(room, game_link(state, move, seats=["person"] * state.num_players, lang="ja"))
    assert room.link_inbox.notice.layout.display == "none", room.link_inbox.notice.value
    assert room.game.name == name and len(room.state.history) == move
    expected = state.clone()
    while len(expected.history) > move:
        expected.undo()
    assert room.state.to_dict() == expected.to_dict()
    assert room.lang == "ja" and room.seats.values() == ["person"] * state.num_players
    assert room.game_picker.value == name and "リンクから開きました" in room.status.value
    assert room.back() and len(room.state.history) == move - 1  # Back goes back from there


def test_a_position_no_record_holds_opens_from_a_state_link() -> None:
    """A teaching position (set up from a dict: no record can say it) travels as a saved state."""
    from tcgteach.dragonquest import Game as DragonQuest

    dq = cast(DragonQuest, tcgteach.game("dragonquest"))
    state = dq.position(
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {"front": ["M05"], "hand": ["H01"], "gp": 3, "deck": {"fill": "beasts"}},
                {"front": ["M01", {"card": "M02", "state": "closed"}], "deck": {"fill": "heroes"}},
            ],
        }
    )
    stepper = Stepper(state)
    moment = decode(stepper.link_pane.field.value)
    assert moment.kind == "state"
    room = Classroom()
    opened(room, stepper.link_pane.field.value.split("#", 1)[1])
    assert room.link_inbox.notice.layout.display == "none", room.link_inbox.notice.value
    assert room.state.to_dict() == state.to_dict()


def damaged(fragment: str) -> str:
    i = len(fragment) // 2
    return fragment[:i] + ("A" if fragment[i] != "A" else "B") + fragment[i + 1 :]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bad_link_leaves_the_start_page_and_says_so_in_both_languages(lang: str) -> None:
    room = Classroom(lang=lang)
    start = room.state.to_dict()
    for seq, link in enumerate(
        [damaged(game_link(played("darkmoon", 20))), "tcg9.abc.def", forged({"k": "puzzle", "g": "x", "p": {}})], 1
    ):
        opened(room, link, seq)
        notice = room.link_inbox.notice
        assert notice.layout.display == wlinks.SHOWN and room.state.to_dict() == start
        first, second = notice.value.split("</p>")[:2]
        assert f"lang='{lang}'" in first and f"lang='{'ja' if lang == 'en' else 'en'}'" in second
        assert "リンクを開けませんでした" in notice.value and "could not be opened" in notice.value
    assert "Traceback" not in notice.value
    other = "en" if lang == "ja" else "ja"
    room.set_lang(other)  # the notice follows the language: the classroom's first
    assert notice.value.split("</p>")[0].count(f"lang='{other}'") == 1
    room.new_game()  # and goes with the next game
    assert notice.layout.display == "none" and notice.value == ""


def test_nothing_of_a_link_is_shown_unescaped() -> None:
    """A deck named with markup and an action with a script: the engine refuses them, and the message that
    quotes them shows them as text."""
    room = Classroom()
    evil = "<img src=x onerror=alert(1)>"
    record = (
        "Game: darkmoon\nOptions: \nSeed: 1\nPlayers: 2\nFirstPlayer: random\n"
        f"Deck1: {evil}\nDeck2: ensemble\n\n<script>alert(1)</script>\n"
    )
    for seq, payload in enumerate(
        [
            {"k": "game", "r": record, "n": 0},
            {"k": "game", "r": record.replace(evil, "ensemble"), "n": 1},
            {"k": "puzzle", "g": "darkmoon", "p": {"title": "<script>alert(1)</script>"}},
            {"k": "state", "s": {"game": "<script>x</script>"}},
        ],
        1,
    ):
        opened(room, forged(payload), seq)
        shown = room.link_inbox.notice.value + room.status.value
        assert "<script" not in shown and "<img" not in shown, shown
        assert room.link_inbox.notice.layout.display == wlinks.SHOWN
    assert "&lt;" in room.link_inbox.notice.value or "not installed" in room.link_inbox.notice.value


def test_the_puzzle_pane_plugs_in_by_the_links_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    monkeypatch.setitem(wlinks.OPENERS, "puzzle", lambda room, moment: seen.append((room, moment)))
    room = Classroom()
    opened(room, puzzle_link("darkmoon", set="builtin", id="dm-001"))
    assert len(seen) == 1 and seen[0][0] is room
    assert isinstance(seen[0][1], PuzzleMoment) and seen[0][1].id == "dm-001"
    assert room.link_inbox.notice.layout.display == "none"


def test_copy_link_in_the_classroom_uses_the_pages_address() -> None:
    room = Classroom()
    pane = room.link_pane
    assert pane.field.value.startswith("https://tcgteach.github.io/tcgteach/voici/render/05_classroom.html#tcg1.")
    room.link_inbox.field.value = f"1 {PAGE}"  # the page's address, no link in it
    room.table.render()
    assert pane.field.value.startswith(PAGE + "#tcg1.")
    pane.button.click()
    assert pane.field.layout.display == wlinks.SHOWN and "Ctrl+A and Ctrl+C" in pane.note.value
    pane.report.value = "1 copied"
    assert "Copied" in pane.note.value
    moment = decode(pane.field.value)
    assert moment.state().to_dict() == room.state.to_dict()  # type: ignore[union-attr]
    room.set_lang("ja")
    assert room.link_pane.button.description == "リンクをコピー"


def test_copy_link_in_the_stepper_follows_every_move() -> None:
    stepper = Stepper("dragonquest", seed=2)
    first = stepper.link_pane.field.value
    stepper.link_pane.button.click()
    assert stepper.link_pane.field.layout.display == wlinks.SHOWN
    stepper.step()
    assert stepper.link_pane.field.value != first
    assert stepper.link_pane.field.layout.display == "none"  # gone at the next move, as Save for slides' links
    assert decode(stepper.link_pane.field.value).state().to_dict() == stepper.state.to_dict()  # type: ignore[union-attr]


def test_copy_link_in_the_review_is_the_position_shown() -> None:
    from tcgteach.widgets.review import Review

    state = played("darkmoon", 400, seed=5)
    review = Review(state, seat=0, rollouts=2, start=False)
    review.show(17)
    moment = decode(review.link_pane.field.value)
    assert moment.kind == "game" and moment.move == 17  # type: ignore[union-attr]
    assert moment.seats[0] == "person"
    assert moment.state().to_dict() == review.session.state.to_dict()  # type: ignore[union-attr]


def test_damage_anywhere_never_raises_in_the_classroom() -> None:
    room = Classroom()
    fragment = game_link(played("dragonquest", 30))
    rng = random.Random(3)
    for seq in range(1, 40):
        i = rng.randrange(len(fragment))
        opened(room, fragment[:i] + rng.choice("<>&\"'x#%") + fragment[i + 1 :], seq)
        assert room.link_inbox.notice.layout.display == wlinks.SHOWN


def test_the_page_script_is_in_the_voila_template_and_goes_into_the_voici_pages(tmp_path: Any) -> None:
    """One script, two pages: the Voila template includes it; the site's build puts it before ``</body>`` of
    every Voici page (``lite/build.py``); ``tcgteach classroom`` serves the template."""
    import importlib.util

    from tcgteach.classroom_server import TEMPLATE, TEMPLATE_ROOT, voila_argv, with_template

    folder = TEMPLATE_ROOT / "voila" / "templates" / TEMPLATE
    script = (folder / "tcgteach-links.js").read_text(encoding="utf-8")
    assert "tcg-link-inbox" in script and "tcg-copy-link" in script and "tcg-link-report" in script
    assert "eval(" not in script and "innerHTML" not in script  # nothing from the address is run or inserted
    assert "{% include 'tcgteach-links.js' %}" in (folder / "index.html.j2").read_text(encoding="utf-8")
    assert voila_argv("nb.ipynb")[1] == f"--template={TEMPLATE}"
    assert with_template({"JUPYTER_PATH": "/x"})["JUPYTER_PATH"].split(":") == [str(TEMPLATE_ROOT), "/x"]
    spec = importlib.util.spec_from_file_location("site_build", TEMPLATE_ROOT.parents[2] / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    page = tmp_path / "voici" / "render" / "05_classroom.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html><body><div>app</div></body></html>", encoding="utf-8")
    build.links_script(tmp_path)
    text = page.read_text(encoding="utf-8")
    assert text.index("tcg-link-inbox") < text.index("</body>") and text.count("<script>") == 1


def test_a_shipped_puzzles_link_opens_the_classroom_at_that_puzzle_in_puzzles_mode() -> None:
    from tcgteach.puzzles import builtin
    from tcgteach.widgets import PuzzlePane

    target = builtin("dragonquest")[3]
    pane = PuzzlePane("dragonquest", lang="ja")
    pane.go(3)
    fragment = pane.link_pane.field.value.partition("#")[2]
    moment = decode(fragment)
    assert isinstance(moment, PuzzleMoment) and (moment.set, moment.id, moment.lang) == ("builtin", target.id, "ja")
    room = Classroom()  # DARK MOON: the link's game and language come with the link
    opened(room, fragment)
    assert room.puzzles is not None and room.children[-1] is room.puzzles
    assert room.puzzles.run.puzzle.id == target.id and room.lang == "ja"
    assert room.game.name == "dragonquest" and room.session.state.game.name == "dragonquest"  # its title, Back
    assert room.link_inbox.notice.layout.display == "none"


def test_a_teachers_puzzle_travels_inline_and_is_proved_again_when_opened() -> None:
    from pathlib import Path

    from tcgteach.widgets import PuzzlePane

    pane = PuzzlePane(str(Path(__file__).parent / "puzzle_samples" / "darkmoon.json"))
    pane.go(len(pane.puzzles) - 1)
    moment = decode(pane.link())
    assert isinstance(moment, PuzzleMoment) and moment.inline is not None and len(moment.inline["puzzles"]) == 1
    room = Classroom()
    opened(room, pane.link())
    assert room.puzzles is not None and len(room.puzzle_set) == 1
    assert room.puzzles.run.puzzle.id == pane.run.puzzle.id
    broken = dict(moment.inline)
    broken["puzzles"] = [{**broken["puzzles"][0], "solution": ["end"]}]
    before = room.puzzles.run.puzzle.id
    opened(room, puzzle_link("darkmoon", inline=broken), 2)
    assert room.link_inbox.notice.layout.display == wlinks.SHOWN  # refused with the loader's reason
    assert room.puzzles.run.puzzle.id == before
