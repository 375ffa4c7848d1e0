"""The design lab in JupyterLab (issue 26 item 5), in both languages: Run plays A and B with the progress bar
moving, the comparison marks the first-turn rule's effect on the first player beyond noise, the curves are drawn,
Save report writes one HTML file; screenshots at 1366 and 1024."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS, delete_lab_sessions, write_notebook
from .test_review import open_and_run, shoot

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import Server

WORDS = {
    "en": {"done": "Done:", "first": "first-player win rate", "higher": "B higher", "saved": "Report written to"},
    "ja": {"done": "完了", "first": "先攻の勝率", "higher": "B が高い", "saved": "レポートを"},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_design_lab_runs_a_against_b_and_saves_a_report(page: Page, lab_server: Server, lang: str) -> None:
    folder = lab_server.root / f"reports-{lang}"
    code = (
        "from tcgteach.widgets import DesignLab\n"
        f"lab = DesignLab('darkmoon', lang={lang!r}, n=500, folder={str(folder)!r})\n"
        "lab\n"
    )
    name = write_notebook(lab_server.root, f"designlab_{lang}.ipynb", [code])
    words = WORDS[lang]
    try:
        open_and_run(page, lab_server, name)
        root = page.locator(".tcg-designlab")
        expect(root.locator("button.tcg-dl-run")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        shoot(page, root, f"designlab-start-{lang}")
        root.locator("button.tcg-dl-run").click()
        results = root.locator(".tcg-dl-results")
        expect(root.locator(".tcg-dl-message")).to_contain_text(words["done"], timeout=KERNEL_TIMEOUT_MS)
        expect(results).to_contain_text(words["first"])
        first_row = results.locator("tr", has_text=words["first"]).first
        expect(first_row).to_contain_text(words["higher"])  # DM-4.3 off: the first player gains beyond noise
        assert results.locator("svg").count() >= 3  # the differences and the two resource curves of each side
        shoot(page, root, f"designlab-done-{lang}")
        results.locator("svg").nth(1).scroll_into_view_if_needed()
        shoot(page, results, f"designlab-curves-{lang}")
        root.locator("button.tcg-dl-save").click()
        expect(root.locator(".tcg-dl-message")).to_contain_text(words["saved"], timeout=20_000)
        files = list(folder.glob("design-*.html"))
        assert len(files) == 1 and "<svg" in files[0].read_text(encoding="utf-8")
    finally:
        delete_lab_sessions(lab_server, name)
