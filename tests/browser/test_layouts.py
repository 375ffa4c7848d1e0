"""Layouts that fit (issue 12 item 4), in a real browser: the Stepper (both games) and the combat view in
JupyterLab, the classroom in Voila, each at 1366x768 (a student's laptop) and 1024x768 (a teacher's
projector), in English and Japanese.

- No part of the board is clipped: the board's scrollWidth <= its clientWidth, and the board ends
  inside its widget (nothing hidden under the graph beside it).
- In the classroom, the person's choices and the "what just happened" panel are on the first screen
  at 1366x768, without scrolling.
- A screenshot of each (``layout-<view>-<width>-<lang>.png`` in the test output folder): look at them.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS, click_and_settle, delete_lab_sessions, output_dir, wait_settled
from .test_graphs import LANGS, run_notebook, switch_lang, write_notebook

SIZES = [(1366, 768), (1024, 768)]

_FIT_JS = """
root => {
  const board = root.querySelector('.tcg-board-view');
  const inner = root.querySelector('.tcg-board-view .tcg-board');
  const r = board.getBoundingClientRect(), ri = inner ? inner.getBoundingClientRect() : r;
  // every element of the board must end inside the board's widget, and the widget inside the view
  let right = 0;
  for (const e of board.querySelectorAll('*')) right = Math.max(right, e.getBoundingClientRect().right);
  const view = root.getBoundingClientRect();
  return {scrollWidth: board.scrollWidth, clientWidth: board.clientWidth,
          innerScroll: inner ? inner.scrollWidth : 0, innerClient: inner ? inner.clientWidth : 0,
          boardRight: r.right, contentRight: right, viewRight: view.right, innerRight: ri.right,
          rootScroll: root.scrollWidth, rootClient: root.clientWidth};
}
"""


def board_fits(root, what: str) -> dict:
    fit = root.evaluate(_FIT_JS)
    print(what, fit)
    assert fit["scrollWidth"] <= fit["clientWidth"], f"{what}: the board is clipped: {fit}"
    assert fit["innerScroll"] <= fit["innerClient"] + 1, f"{what}: the board scrolls inside: {fit}"
    assert fit["contentRight"] <= fit["boardRight"] + 1, f"{what}: part of the board sticks out: {fit}"
    assert fit["boardRight"] <= fit["viewRight"] + 1, f"{what}: the board ends outside the widget: {fit}"
    return fit


def shoot(page, name: str) -> None:
    page.screenshot(path=str(output_dir() / f"{name}.png"))


@pytest.fixture
def lab(lab_server):
    yield lab_server
    delete_lab_sessions(lab_server)


VIEWS = {
    "stepper-darkmoon": ("Stepper('darkmoon', seed=3, agents=['person', 'random'])", 4),
    "stepper-dragonquest": (
        "Stepper('dragonquest', seed=1, agents=['person', 'random'], options={'turn_limit': 200})",
        12,
    ),
    "combat": ("CombatView('dragonquest', seed=1, options={'turn_limit': 200})", 25),
}


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_board_fits_beside_the_graph(page, lab, view):
    code, moves = VIEWS[view]
    page.set_viewport_size({"width": 1366, "height": 768})
    name = write_notebook(
        lab.root, f"layout_{view}.ipynb", ["from tcgteach.widgets import Stepper, CombatView\n" + code]
    )
    root = run_notebook(page, lab, name).first
    persons = {0} if "person" in code else set()
    snap = wait_settled(root, persons)
    for _ in range(moves):  # into the game: cards on the field (and a combat for the combat view)
        if snap["current"] == "0" and persons:
            snap = click_and_settle(root, root.locator("button.tcg-action").last, persons)
        else:
            snap = click_and_settle(root, root.locator("button.tcg-step"), persons)
    for lang in LANGS:
        switch_lang(root, lang)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            root.locator(".tcg-board-view").scroll_into_view_if_needed()
            shoot(page, f"layout-{view}-{width}-{lang}")
            board_fits(root, f"{view} {width} {lang}")


_FIRST_SCREEN_JS = """
root => {
  const box = e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, h: r.height}; };
  const recent = root.querySelector('.tcg-recent-box');
  return {
    actions: Array.from(root.querySelectorAll('button.tcg-action')).map(box),
    recent: recent ? box(recent) : null,
    recentText: recent ? recent.innerText : '',
    scrollY: window.scrollY, inner: window.innerHeight,
  };
}
"""


def test_the_classroom_fits_and_shows_the_choices_and_what_just_happened(page, voila_server):
    persons = {0}
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    snap = wait_settled(root, persons)
    for game in ("darkmoon", "dragonquest"):
        if game != "darkmoon":
            switch_lang(root, "en", persons)
            import tcgteach

            root.locator(".tcg-game select").select_option(index=tcgteach.games().index(game))
            snap = click_and_settle(root, root.locator("button.tcg-new-game"), persons)
        for _ in range(3):  # a few moves: the other player has answered
            if snap["actions"]:
                snap = click_and_settle(root, root.locator("button.tcg-action").first, persons)
        for lang in LANGS:
            switch_lang(root, lang, persons)
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(300)
                page.evaluate("window.scrollTo(0, 0)")
                shoot(page, f"layout-classroom-{game}-{width}-{lang}")
                board_fits(root, f"classroom {game} {width} {lang}")
                seen = root.evaluate(_FIRST_SCREEN_JS)
                print(f"classroom {game} {width} {lang}", seen)
                assert seen["recent"] is not None, "no 'what just happened' panel"
                assert "P2" in seen["recentText"], seen["recentText"]
                if width == 1366:
                    assert seen["scrollY"] == 0
                    assert seen["actions"], "no choices for the person"
                    low = max(b["bottom"] for b in seen["actions"])
                    assert low <= height, f"{game} {lang}: a choice ends at {low} px, below the first screen"
                    assert seen["recent"]["bottom"] <= height, f"{game} {lang}: the panel ends at {seen['recent']}"
