"""The lessons' steppers in JupyterLab, in a real browser.

Open the lesson, run all cells from the Run menu, then on the stepper shown at the end: play the
person's decisions with the legal-action buttons and click Step until the highlighted node of the flow
graph moves; check the highlight from the computed styles of the SVG; click Back and check that the
board, the log and the highlight are those from before that Step.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from .conftest import (
    KERNEL_TIMEOUT_MS,
    assert_highlight,
    click_and_settle,
    delete_lab_sessions,
    lit_nodes,
    node_class,
    node_styles,
    selected_label,
    start_lab_session,
    wait_settled,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from .conftest import Server

LESSONS = ["en/01_darkmoon.ipynb", "ja/03_dragonquest_combat.ipynb"]  # one lesson in each language
MAX_CLICKS = 60
PERSON_LABELS = ("person", "人が選ぶ")


@pytest.fixture(scope="module")
def lesson_kernels(lab_server: Server) -> Server:
    """Start the lessons' kernels at once, in parallel with the browser loading Lab for the first test
    (Lab attaches a notebook to the running session of its path, as when a user reopens it); ~2 s a test."""
    for notebook in LESSONS:
        start_lab_session(lab_server, notebook)
    return lab_server


@pytest.fixture
def lab(lesson_kernels: Server, request: pytest.FixtureRequest) -> Iterator[Server]:
    """The Lab server; the kernel of this test's notebook is shut down after the test."""
    yield lesson_kernels
    delete_lab_sessions(lesson_kernels, request.node.callspec.params["notebook"])


def run_lesson(page: Page, lab: Server, notebook: str) -> Locator:
    """Open ``notebook`` in a fresh Lab workspace, run all cells, return the stepper shown at the end."""
    workspace = "t" + secrets.token_hex(4)  # a fresh workspace: nothing from an earlier test is restored
    page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{notebook}"))
    idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle")
    expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)  # the kernel has started
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    steppers = page.locator(".jp-Notebook .tcg-stepper")
    # the stepper is in the last cell: it shows up once every cell above ran without an error
    expect(steppers.last).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    assert steppers.count() == 1, f"{notebook}: expected one stepper, found {steppers.count()}"
    errors = page.locator(".jp-OutputArea-output", has_text="Traceback (most recent call last)")
    assert errors.count() == 0, f"{notebook}: a cell failed:\n{errors.first.inner_text()[:2000]}"
    root = steppers.last
    root.scroll_into_view_if_needed()
    return root


def person_seats(root: Locator) -> set[int]:
    """The seats whose picker says "person" (read from the page)."""
    n = root.locator("[class*='tcg-seat-'] select").count()
    assert n >= 2, "no seat pickers (.tcg-seat-<n> select) in the stepper"
    return {seat for seat in range(n) if selected_label(root, f"tcg-seat-{seat}") in PERSON_LABELS}


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda n: n.removesuffix(".ipynb"))
def test_step_moves_the_highlight_and_back_restores_the_position(page: Page, lab: Server, notebook: str) -> None:
    root = run_lesson(page, lab, notebook)
    persons = person_seats(root)
    snap = wait_settled(root, persons)
    assert snap["board"], "the board (.tcg-board-view) is empty"
    assert snap["log"], "the log (.tcg-log) has no .tcg-log-line"
    assert all(line["rule"] for line in snap["log"]), "every log line cites its rule (data-rule)"
    assert_highlight(root, snap["node"])  # the starting node is lit by the CSS block, and only it

    step, back = root.locator("button.tcg-step"), root.locator("button.tcg-back")
    expect(step).to_have_count(1)
    expect(back).to_have_count(1)
    clicks = []
    for _ in range(MAX_CLICKS):
        if snap["current"] not in (None, "") and int(snap["current"]) in persons:
            # a person decides: Step would only say so; play their first legal action instead
            choice = root.locator("button.tcg-action").first
            clicks.append(f"action {choice.inner_text()!r}")
            snap = click_and_settle(root, choice, persons)
            assert "⚠" not in (snap["message"] or ""), f"after {clicks[-1]}: {snap['message']}"
            continue
        before = snap
        clicks.append("Step")
        snap = click_and_settle(root, step, persons)
        assert "⚠" not in (snap["message"] or ""), f"after Step: {snap['message']}"
        assert len(snap["log"]) > len(before["log"]), "Step played nothing (no new log line)"
        if snap["node"] != before["node"]:
            break
    else:
        pytest.fail(f"the highlighted node never changed in {MAX_CLICKS} clicks: {clicks}")

    # after Step: the new node is lit (computed style), the old one is not, and the board agrees
    assert snap["boardNode"] == snap["node"]
    styles = assert_highlight(root, snap["node"])
    assert {node_class(before["node"]), node_class(snap["node"])} <= set(styles), "a step between two graph nodes"
    assert node_class(before["node"]) not in lit_nodes(styles)
    assert snap["board"] != before["board"], "Step moved the graph but not the board"

    after_back = click_and_settle(root, back, persons)
    assert after_back["node"] == before["node"], f"Back went to {after_back['node']}, not {before['node']}"
    assert after_back["board"] == before["board"], "Back did not restore the board text"
    assert after_back["log"] == before["log"], "Back did not restore the log"
    assert after_back["edges"] == before["edges"]
    styles = assert_highlight(root, before["node"])
    assert node_class(snap["node"]) not in lit_nodes(styles)
    assert len(node_styles(root)) >= 3
