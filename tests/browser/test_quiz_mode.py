"""The classroom's quiz mode in a real browser (Voila): the Quiz button shows a question with its board
and one button per answer; a click marks it, plays it out with rule IDs and counts it; Back to the game
brings the game back as it was."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import Server


def test_quiz_mode_asks_marks_explains_and_goes_back_to_the_game(page: Page, voila_server: Server) -> None:
    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    expect(root.locator(".tcg-board").first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)

    root.locator("button.tcg-quiz-mode").click()
    quiz = root.locator(".tcg-quiz")
    expect(quiz).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    expect(quiz.locator(".tcg-quiz-prompt")).to_contain_text("?")
    expect(quiz.locator(".tcg-board")).to_have_count(1)
    choices = quiz.locator("button.tcg-quiz-choice")
    assert 2 <= choices.count() <= 4
    expect(root.locator("button.tcg-quiz-mode")).to_have_text("Back to the game")
    expect(root.locator("button.tcg-new-game")).to_have_count(0)  # the play rows gave way

    choices.first.click()
    feedback = quiz.locator(".tcg-quiz-feedback")
    expect(feedback).to_contain_text(re.compile(r"Right!|Not quite"), timeout=KERNEL_TIMEOUT_MS)
    expect(feedback).to_contain_text(re.compile(r"\(DM-\d"))  # the explanation cites its rule
    expect(quiz.locator(".tcg-quiz-score")).to_have_text(re.compile(r"^[01] / 1 right$"))
    expect(quiz.locator("button.tcg-quiz-next")).to_be_visible()
    # the answer buttons stay inside the page (1400 pixels wide here): long ones wrap, none overflows
    assert all(box["x"] + box["width"] <= 1400 for box in (b.bounding_box() for b in choices.all()) if box)

    root.locator("button.tcg-quiz-mode").click()
    expect(root.locator("button.tcg-new-game")).to_have_count(1)
    expect(root.locator(".tcg-quiz")).to_have_count(0)
    expect(root.locator("button.tcg-quiz-mode")).to_have_text("Quiz")


def test_the_why_is_a_list_of_short_sentences_in_both_languages(page: Page, voila_server: Server) -> None:
    """Issue 21: "Why:" was one run-on paragraph; it is one line per sentence now (a list when it has several)."""
    import contextlib

    from .conftest import artifact_name, output_dir

    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root.locator(".tcg-board").first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    for lang, why, next_label in (("en", "Why:", "Next question"), ("ja", "理由：", "次の問題へ")):
        if lang == "ja":
            root.locator(".tcg-lang").get_by_label("日本語").check()
            expect(root.locator("button.tcg-hint")).to_have_text("ヒント", timeout=KERNEL_TIMEOUT_MS)
        root.locator("button.tcg-quiz-mode").click()
        quiz = root.locator(".tcg-quiz")
        expect(quiz).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        first = quiz.locator("button.tcg-quiz-choice").first
        if first.is_enabled():  # back in quiz mode after the language switch, the answered question stays
            first.click()
        because = quiz.locator(".tcg-quiz-why")
        expect(because).to_contain_text(why, timeout=KERNEL_TIMEOUT_MS)
        expect(quiz.locator("button.tcg-quiz-next")).to_have_text(next_label)
        items = because.locator("li")
        sentences = items.all_inner_texts() or [because.inner_text().removeprefix(why).strip()]
        assert sentences and all(0 < len(s) < 220 for s in sentences), sentences
        for width in (1366, 1024):
            page.set_viewport_size({"width": width, "height": 768})
            because.scroll_into_view_if_needed()
            with contextlib.suppress(Exception):
                page.screenshot(path=str(output_dir() / f"{artifact_name(f'quiz-why-{lang}-{width}')}.png"))
        page.set_viewport_size({"width": 1400, "height": 1000})
        root.locator("button.tcg-quiz-mode").click()
        expect(root.locator(".tcg-quiz")).to_have_count(0)
