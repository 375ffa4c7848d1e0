"""The review of a game in a real browser (issue 24): lesson 06 in JupyterLab in English and Japanese — the
chances worked out with a progress bar, a click on the chart and the ←/→ keys moving through the game, a seat's
view, the decisive moments, Try again with the coach's verdict — at 1366×768 and 1024×768 (screenshots saved);
and the classroom's "Review this game" at the end of a game, and back."""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS, artifact_name, delete_lab_sessions, output_dir, write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from .conftest import Server

WORDS = {
    "en": {"done": "rollouts each", "moments": "Decisive moments", "fell": "chance fell", "try": "Try another"},
    "ja": {"done": "局の先読み", "moments": "勝負の分かれ目", "fell": "勝率が", "try": "ここで別の手を試す"},
}


def open_and_run(page: Page, lab: Server, notebook: str) -> None:
    page.goto(lab.url(f"lab/workspaces/t{secrets.token_hex(4)}/tree/{notebook}"))
    idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle")
    expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()


def run_to_the_quiz(page: Page, lab: Server, notebook: str, kernel_timeouts: int) -> None:
    """Open ``notebook``, run all its cells and wait for the last one (each lesson ends with a quiz); no output
    may be a traceback."""
    open_and_run(page, lab, notebook)
    expect(page.locator(".jp-Notebook .tcg-quiz").last).to_be_visible(timeout=KERNEL_TIMEOUT_MS * kernel_timeouts)
    errors = page.locator(".jp-OutputArea-output", has_text="Traceback (most recent call last)")
    assert errors.count() == 0, errors.first.inner_text()[:2000]


def shoot(page: Page, root: Locator, name: str) -> None:
    for width in (1366, 1024):
        page.set_viewport_size({"width": width, "height": 768})
        root.scroll_into_view_if_needed()
        with contextlib.suppress(Exception):
            page.screenshot(path=str(output_dir() / f"{artifact_name(f'{name}-{width}')}.png"))
    page.set_viewport_size({"width": 1366, "height": 768})


def changed(check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait until ``check()`` holds (the kernel answers a click in its own time)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the page did not change"
        time.sleep(0.2)


def after(lang: str, i: int, n: int) -> str:
    """The start of the review's line for the position after move ``i`` of ``n`` (RWORDS' "after")."""
    return f"After move {i} of {n}:" if lang == "en" else f"{n}手中{i}手目のあと"


def where(root: Locator) -> str:
    return root.locator(".tcg-review-where").inner_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lesson_06_reviews_a_game_in_the_browser(page: Page, lab_server: Server, lang: str) -> None:
    notebook = f"{lang}/06_learn_from_a_game.ipynb"
    words = WORDS[lang]
    try:
        run_to_the_quiz(page, lab_server, notebook, 2)
        reviews = page.locator(".jp-Notebook .tcg-review")
        assert reviews.count() == 2  # one of each game
        root = reviews.first
        root.scroll_into_view_if_needed()
        expect(root.locator(".tcg-review-progress-label")).to_contain_text(words["done"], timeout=KERNEL_TIMEOUT_MS)
        chart = root.locator(".tcg-review-chartbox svg")
        assert chart.locator("circle").count() > 100  # a point per decision per seat
        shoot(page, root, f"review-lesson-{lang}")

        # a click on the chart's left third jumps to a decision there; the slider and the text follow
        end = where(root)
        readout = root.locator(".tcg-review-slider .widget-readout")
        moves = int(readout.inner_text())  # the slider starts at the end
        chartbox = root.locator(".tcg-review-chartbox")
        chartbox.scroll_into_view_if_needed()  # the mouse clicks where the chart is on the screen
        box = chartbox.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5)
        expect(root.locator(".tcg-review-where")).not_to_have_text(end, timeout=20_000)
        expect(readout).not_to_have_text(str(moves), timeout=20_000)
        at = int(readout.inner_text())
        assert 0.15 * moves < at < 0.45 * moves, (at, moves)
        # the slider's handle takes the arrow keys; the kernel's answer is the line saying which move is shown
        root.locator(".tcg-review-slider .noUi-handle").click()
        page.keyboard.press("ArrowRight")
        expect(readout).to_have_text(str(at + 1), timeout=20_000)
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        expect(readout).to_have_text(str(at - 1), timeout=20_000)
        expect(root.locator(".tcg-review-where")).to_contain_text(after(lang, at - 1, moves), timeout=20_000)

        # the board through each seat's eyes and in the open view: three different boards (a hand hidden or not)
        picker = root.locator(".tcg-review-seat select")
        boards: dict[int, str] = {}
        for index in (1, 0, 2):
            before = root.locator(".tcg-board-view").inner_html()
            picker.select_option(index=index)

            def shown(before: str = before) -> bool:
                return root.locator(".tcg-board-view").inner_html() != before

            changed(shown)
            boards[index] = root.locator(".tcg-board-view").inner_html()
        assert len(set(boards.values())) == 3

        # the decisive moments cite their rules; Try again gets the coach's verdict
        root.locator(".lm-TabBar-tab", has_text=words["moments"]).click()
        moment = root.locator(".tcg-review-moment").first
        expect(moment).to_contain_text(words["fell"], timeout=20_000)
        expect(moment).to_contain_text(re.compile(r"\(DM-\d"))
        root.locator(".tcg-review-moment-row button.tcg-review-try").first.click()
        choices = root.locator("button.tcg-review-choice")
        expect(choices.first).to_be_visible(timeout=20_000)
        assert choices.count() >= 2
        choices.first.click()
        expect(root.locator(".tcg-review-verdict")).to_contain_text(re.compile(r"\d+%"), timeout=60_000)
        assert root.locator(".tcg-review-message").inner_text().strip() == ""  # no click was refused
        shoot(page, root, f"review-try-{lang}")
    finally:
        delete_lab_sessions(lab_server, notebook)


def test_the_classroom_offers_review_this_game_and_goes_back(page: Page, lab_server: Server) -> None:
    """A classroom game played to its end (the person's moves made in the notebook; the computer answers at once,
    pause=0), then the buttons clicked."""
    code = (
        "import random\n"
        "from tcgteach.widgets import Classroom\n"
        'c = Classroom("dragonquest", agents=["person", "heuristic"], seed=4, pause=0)\n'
        "c.review_rollouts = 4\n"
        "rng = random.Random(2)\n"
        "while not c.state.is_terminal():\n"
        "    c.apply(rng.choice(c.state.legal_actions()))\n"
        "c\n"
    )
    name = write_notebook(lab_server.root, "review_classroom.ipynb", [code])
    try:
        open_and_run(page, lab_server, name)
        root = page.locator(".tcg-classroom")
        button = root.locator("button.tcg-review-game")
        expect(button).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        expect(root.locator(".tcg-result")).to_contain_text("wins")
        button.click()
        review = root.locator(".tcg-review")
        expect(review).to_be_visible(timeout=30_000)
        expect(review.locator(".tcg-review-progress-label")).to_contain_text("rollouts each", timeout=KERNEL_TIMEOUT_MS)
        assert review.locator(".tcg-review-chartbox svg circle").count() > 20
        seat = review.locator(".tcg-review-seat select").evaluate("el => el.options[el.selectedIndex].text")
        assert seat.replace("\xa0", " ") == "What P1 saw"  # through the person's eyes (the page keeps its spaces)
        shoot(page, root, "review-classroom")
        root.locator("button.tcg-back-to-game").click()
        expect(root.locator(".tcg-review")).to_have_count(0)
        expect(root.locator("button.tcg-review-game")).to_be_visible()
    finally:
        delete_lab_sessions(lab_server, name)


def test_copy_link_in_jupyterlab_shows_the_link_to_select(page: Page, lab_server: Server) -> None:
    """Issue 27 item 5: JupyterLab runs no script of ours, so Copy link in the review shows the link to the position
    shown (on the project's site) in a field to copy from, with a line saying how; it follows the slider."""
    from tcgteach.links import DEFAULT_SITE, decode

    code = (
        "import random, tcgteach\n"
        "from tcgteach.widgets import Review\n"
        "s = tcgteach.game('darkmoon').new_state(seed=5)\n"
        "rng = random.Random(5)\n"
        "while not s.is_terminal():\n"
        "    s.apply(rng.choice(s.legal_actions()))\n"
        "r = Review(s, seat=0, rollouts=2, start=False)\n"
        "r.show(12)\n"
        "r\n"
    )
    name = write_notebook(lab_server.root, "review_link.ipynb", [code])
    try:
        open_and_run(page, lab_server, name)
        root = page.locator(".tcg-review")
        button = root.locator("button.tcg-copy-link")
        expect(button).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        expect(button).to_have_text("Copy link")
        button.click()
        field = root.locator(".tcg-link-field input")
        expect(field).to_be_visible(timeout=20_000)
        expect(root.locator(".tcg-link-note")).to_contain_text("click the link, then Ctrl+A and Ctrl+C")
        link = field.input_value()
        assert link.startswith(f"{DEFAULT_SITE}voici/render/05_classroom.html#tcg1."), link[:100]
        moment = decode(link)
        assert moment.kind == "game" and moment.move == 12  # type: ignore[union-attr]
        shoot(page, root, "review-copy-link")
        root.locator("button.tcg-review-next").click()  # the next position: the field goes, the link follows
        expect(field).to_be_hidden(timeout=20_000)
        expect(field).to_have_value(re.compile(r"#tcg1\."))
        changed(lambda: decode(field.input_value()).move == 13)  # type: ignore[union-attr]
    finally:
        delete_lab_sessions(lab_server, name)
