"""Lesson 07 in JupyterLab, in both languages: the design lab's results shown in a notebook (not in its widget)
read as the report does — tables left-aligned with the numbers right-aligned (JupyterLab right-aligns output
tables), every chart's legend whole inside its chart — the findings are paragraphs, and the DesignLab widget is
there to run; screenshots at 1366 and 1024."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from .conftest import delete_lab_sessions
from .test_review import run_to_the_quiz, shoot

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import Server

#: the games per variant of the copy the test runs (the lesson's budgets all scale with it)
GAMES = 40
WORDS = {
    "en": {"interval": "95% interval", "first": "first-player win rate"},
    "ja": {"interval": "95%区間", "first": "先攻の勝率"},
}

#: for each chart of the lesson's results: how far its legend's texts reach past the chart's right edge (px, > 0: cut)
_LEGEND_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output .tcg-design svg.tcg-design-chart')]
  .filter(svg => !svg.closest('.tcg-designlab'))
  .map(svg => {
    const width = svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('text')];
    return Math.max(0, ...texts.map(t => t.getBBox().x + t.getBBox().width - width));
  })"""


def small_copy(lab: Server, lang: str) -> str:
    """The lesson's notebook with a cell after the parameters that sets N_GAMES to GAMES (papermill's way)."""
    source = lab.root / lang / "07_measure_a_design.ipynb"
    nb = json.loads(source.read_text(encoding="utf-8"))
    at = next(i for i, c in enumerate(nb["cells"]) if "parameters" in c["metadata"].get("tags", []))
    nb["cells"].insert(
        at + 1,
        {"cell_type": "code", "execution_count": None, "id": "small", "metadata": {}, "outputs": [],
         "source": f"N_GAMES = {GAMES}"},
    )  # fmt: skip
    name = f"{lang}/07_measure_a_design_small.ipynb"
    (lab.root / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lesson_07_shows_design_results_readable_in_a_notebook(page: Page, lab_server: Server, lang: str) -> None:
    notebook = small_copy(lab_server, lang)
    words = WORDS[lang]
    try:
        run_to_the_quiz(page, lab_server, notebook, 3)
        shown = page.locator(".jp-OutputArea-output .tcg-design")
        battery = shown.first
        battery.scroll_into_view_if_needed()
        expect(battery).to_contain_text(words["first"])
        # a measure's name reads from the left, its value is a number column
        name_cell = battery.locator("td").first
        value_cell = battery.locator("td.num").first
        assert name_cell.evaluate("e => getComputedStyle(e).textAlign") == "left"
        assert value_cell.evaluate("e => getComputedStyle(e).textAlign") == "right"
        shoot(page, battery, f"design-lesson-battery-{lang}")
        overflow = page.evaluate(_LEGEND_JS)
        assert len(overflow) >= 8 and max(overflow) <= 1, overflow  # curves of both games, the skill traces ...
        # the findings are paragraphs, each with its interval
        findings = page.locator(".jp-OutputArea-output p", has_text=words["interval"])
        assert findings.count() >= 8
        skill = page.locator(".jp-OutputArea-output .tcg-design", has_text="SkillTrace").first
        skill.scroll_into_view_if_needed()
        shoot(page, skill, f"design-lesson-skill-{lang}")
        lab = page.locator(".tcg-designlab")
        expect(lab.locator("button.tcg-dl-run")).to_be_visible()
        shoot(page, lab, f"design-lesson-widget-{lang}")
    finally:
        delete_lab_sessions(lab_server, notebook)
