"""The deck builder in JupyterLab (issue 25 item 1), in both languages: the checks follow the clicks (a card added
breaks DM-2.1 and the 8-special cap, taken out again the deck is legal), the filters hide cards, Save offers
the deck in the start picker, Test it shows a table; screenshots at 1366 and 1024."""

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
    "en": {"legal": "Legal", "broken": "rule(s) broken", "saved": "saved: Mine", "test": "win rate"},
    "ja": {"legal": "満たしています", "broken": "満たしていないルール", "saved": "保存済み：Mine", "test": "勝率"},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_deck_builder_checks_every_click_and_saves_and_tests(page: Page, lab_server: Server, lang: str) -> None:
    folder = lab_server.root / f"decks-{lang}"
    code = (
        "from tcgteach.widgets import DeckBuilder\n"
        f"b = DeckBuilder('darkmoon', lang={lang!r}, deck='ensemble', folder={str(folder)!r})\n"
        "b\n"
    )
    name = write_notebook(lab_server.root, f"deckbuilder_{lang}.ipynb", [code])
    words = WORDS[lang]
    try:
        open_and_run(page, lab_server, name)
        root = page.locator(".tcg-deckbuilder")
        problems = root.locator(".tcg-db-problems")
        expect(problems).to_contain_text(words["legal"], timeout=KERNEL_TIMEOUT_MS)
        tile = root.locator(".tcg-db-card-S01")
        tile.locator("button.tcg-db-plus").click()
        expect(problems).to_contain_text(words["broken"], timeout=20_000)
        expect(problems).to_contain_text("DM-2.1")
        expect(problems).to_contain_text("DM-2.2")
        expect(root.locator("button.tcg-db-play")).to_be_disabled()
        shoot(page, root, f"deckbuilder-broken-{lang}")
        tile.locator("button.tcg-db-minus").click()
        expect(problems).to_contain_text(words["legal"], timeout=20_000)
        expect(root.locator("button.tcg-db-play")).to_be_enabled()
        # the type filter hides the characters
        root.locator("select").first.select_option(index=2)
        expect(root.locator(".tcg-db-card-C01")).to_be_hidden(timeout=20_000)
        expect(tile).to_be_visible()
        # save under a name: the start picker offers it
        root.locator("input[type=text]").last.fill("Mine")
        root.locator("button", has_text="Save" if lang == "en" else "保存").click()
        expect(root.locator(".tcg-db-message")).to_contain_text("Mine.deck.json", timeout=20_000)
        assert (folder / "Mine.deck.json").exists()
        picker = root.locator("select").last
        expect(picker.locator("option", has_text=words["saved"])).to_have_count(1, timeout=20_000)
        # test it against the starters: a table with the win rates
        root.locator(".widget-text input[type=number]").fill("4")
        root.locator("button.tcg-db-test").click()
        expect(root.locator(".tcg-db-results")).to_contain_text(words["test"], timeout=KERNEL_TIMEOUT_MS)
        assert root.locator(".tcg-db-results tr").count() == 4  # the header and the three starter decks
        shoot(page, root, f"deckbuilder-tested-{lang}")
    finally:
        delete_lab_sessions(lab_server, name)
