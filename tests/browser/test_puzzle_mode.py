"""The classroom's Puzzles mode in a real browser (Voila): the Puzzles button shows the game's first shipped
puzzle with its goal, board and one button per choice; a wrong choice is refuted with its rules, Try again
puts the puzzle back, the right one plays its line and counts; Back to the game brings the game back."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import Server


def test_puzzles_mode_refutes_a_wrong_choice_plays_the_right_one_and_goes_back(
    page: Page, voila_server: Server
) -> None:
    from tcgteach.puzzles import builtin

    puzzle = builtin("darkmoon")[0]  # the classroom app opens on DARK MOON
    choices = [str(a) for a in puzzle.start().legal_actions()]
    wrong = next(c for c in choices if c not in puzzle.answers)
    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root.locator(".tcg-board").first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)

    root.locator("button.tcg-puzzles-mode").click()
    pane = root.locator(".tcg-puzzle")
    expect(pane).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    expect(root.locator("button.tcg-puzzles-mode")).to_have_text("Back to the game")
    expect(root.locator("button.tcg-new-game")).to_have_count(0)  # the play rows gave way
    expect(pane.locator(".tcg-pz-goal")).to_contain_text(puzzle.goal.text("en"))
    expect(pane.locator(".tcg-board")).to_have_count(1)
    buttons = pane.locator("button.tcg-pz-choice")
    expect(buttons).to_have_count(len(choices))

    pane.locator(f'button.tcg-pz-choice[title="{wrong}"]').click()
    expect(pane.locator(".tcg-pz-wrong")).to_have_text("✗ Not this one.", timeout=KERNEL_TIMEOUT_MS)
    rules = pane.locator(".tcg-pz-rules li")
    expect(rules.first).to_contain_text(re.compile(r"^DM-\d+(\.\d+)* \S"))  # an ID and its title
    expect(pane.locator(".tcg-pz-score")).to_have_text("First try: 0 of 1")
    pane.locator("button.tcg-pz-try-again").click()
    expect(pane.locator(".tcg-pz-caption")).to_have_text("The position", timeout=KERNEL_TIMEOUT_MS)
    expect(pane.locator(f'button.tcg-pz-choice[title="{wrong}"]')).to_be_disabled()

    pane.locator(f'button.tcg-pz-choice[title="{puzzle.answers[0]}"]').click()
    expect(pane.locator(".tcg-pz-right")).to_have_text("✓ Right!", timeout=KERNEL_TIMEOUT_MS)
    while pane.locator("button.tcg-pz-next-move").is_visible():
        moves = pane.locator(".tcg-pz-move").count()
        pane.locator("button.tcg-pz-next-move").click()
        expect(pane.locator(".tcg-pz-move")).to_have_count(moves + 1, timeout=KERNEL_TIMEOUT_MS)
    expect(pane.locator(".tcg-pz-met")).to_have_text("✓ Goal reached.")
    expect(pane.locator(".tcg-pz-score")).to_have_text("First try: 0 of 1")  # right only at the second try
    # the choices stay inside the page (1400 pixels wide here): long ones wrap, none overflows
    assert all(box["x"] + box["width"] <= 1400 for box in (b.bounding_box() for b in buttons.all()) if box)

    root.locator("button.tcg-puzzles-mode").click()
    expect(root.locator("button.tcg-new-game")).to_have_count(1)
    expect(root.locator(".tcg-puzzle")).to_have_count(0)
    expect(root.locator("button.tcg-puzzles-mode")).to_have_text("Puzzles")
