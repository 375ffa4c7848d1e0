"""The rule explorer (issue 13 item 4) in a real browser: JupyterLab shows it, "Open in the stepper" opens a
stepper at the example's moment (the flow graph lit at that node), the language switch follows, and at
1366x768 and 1024x768 the explorer's own rows fit the page. A screenshot of each
(``rules-<width>-<lang>.png`` in the test output folder): look at them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

from tcgteach.explorer import where

from .conftest import KERNEL_TIMEOUT_MS, delete_lab_sessions, output_dir, write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import Server

SIZES = [(1366, 768), (1024, 768)]

_FIT_JS = """
root => {
  let right = 0;
  for (const e of root.querySelectorAll(':scope > * , .tcg-rule-examples *, .tcg-rule-text, .tcg-rule-lessons'))
    if (!e.closest('.tcg-stepper')) right = Math.max(right, e.getBoundingClientRect().right);
  return {right, view: root.getBoundingClientRect().right, scroll: root.scrollWidth, client: root.clientWidth};
}
"""


def test_rule_explorer_opens_a_stepper_at_the_example(page: Page, lab_server: Server) -> None:
    import re

    lab = lab_server
    name = write_notebook(
        lab.root,
        "rules_explorer.ipynb",
        ["from tcgteach.widgets import RuleExplorer\nRuleExplorer('dragonquest', 'DQ-7.8')"],
    )
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(lab.url(f"lab/workspaces/rx/tree/{name}"))
        idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle")
        expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        root = page.locator(".jp-Notebook .tcg-rules")
        expect(root).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
        if page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").count():
            page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").first.click()
        expect(root.locator(".tcg-rule-text")).to_contain_text("DQ-7.8")
        expect(root.locator(".tcg-rule-lessons a").first).to_have_attribute("href", re.compile(r"en/.*\.ipynb$"))
        root.locator("button.tcg-open-example").first.click()
        stepper = root.locator(".tcg-stepper")
        expect(stepper).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
        node = where("dragonquest", "DQ-7.8").examples[0].state().node
        expect(stepper.locator(".tcg-flow-state")).to_have_attribute("data-current", node, timeout=KERNEL_TIMEOUT_MS)
        for lang in ("en", "ja"):
            if lang == "ja":
                root.locator(".tcg-rules-lang").get_by_label("日本語").check()
                expect(root.locator("h3")).to_have_text("ルールを調べる", timeout=KERNEL_TIMEOUT_MS)
                expect(stepper.locator("button.tcg-step")).to_have_text("1手進める")
                expect(root.locator(".tcg-rule-lessons a").first).to_have_attribute("href", re.compile(r"ja/"))
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(400)
                root.locator(".tcg-rule-examples").scroll_into_view_if_needed()
                page.screenshot(path=str(output_dir() / f"rules-{width}-{lang}.png"))
                fit = root.evaluate(_FIT_JS)
                print(width, lang, fit)
                assert fit["right"] <= fit["view"] + 1, f"the explorer sticks out at {width} ({lang}): {fit}"
                assert fit["scroll"] <= fit["client"] + 1, f"the explorer scrolls sideways at {width} ({lang}): {fit}"
        # Back in the opened stepper goes one step back from the example's moment
        back = where("dragonquest", "DQ-7.8").examples[0].state()
        back.undo()
        stepper.locator("button.tcg-back").click()
        expect(stepper.locator(".tcg-flow-state")).to_have_attribute("data-current", back.node)
        expect(stepper.get_by_text(f"イベントログ ({len(back.events)})")).to_have_count(1)
    finally:
        delete_lab_sessions(lab)


def test_rule_explorer_opens_a_moment_of_a_rule_no_event_names(page: Page, lab_server: Server) -> None:
    """DQ-10.2 (items go onto characters only) has no event of its own: its example is the moment of its
    game (kind "state") where an item goes onto a character with monsters beside it. The long sentence
    wraps inside the page, and the stepper opens at that moment. Screenshots ``moment-<width>-<lang>.png``."""
    import re

    lab = lab_server
    ex = where("dragonquest", "DQ-10.2").examples[0]
    assert ex.kind == "state"
    name = write_notebook(
        lab.root,
        "rules_moment.ipynb",
        ["from tcgteach.widgets import RuleExplorer\nRuleExplorer('dragonquest', 'DQ-10.2')"],
    )
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(lab.url(f"lab/workspaces/rxm/tree/{name}"))
        idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle")
        expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        root = page.locator(".jp-Notebook .tcg-rules")
        expect(root).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
        if page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").count():
            page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").first.click()
        expect(root.locator(".tcg-rule-examples")).to_contain_text("only characters carry items")
        root.locator("button.tcg-open-example").first.click()
        stepper = root.locator(".tcg-stepper")
        expect(stepper).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
        expect(stepper.locator(".tcg-flow-state")).to_have_attribute(
            "data-current", ex.state().node, timeout=KERNEL_TIMEOUT_MS
        )
        for lang in ("en", "ja"):
            if lang == "ja":
                root.locator(".tcg-rules-lang").get_by_label("日本語").check()
                expect(root.locator(".tcg-rule-examples")).to_contain_text(
                    "アイテムを装備できるのはキャラクターだけ", timeout=KERNEL_TIMEOUT_MS
                )
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(400)
                root.locator(".tcg-rule-examples").scroll_into_view_if_needed()
                page.screenshot(path=str(output_dir() / f"moment-{width}-{lang}.png"))
                fit = root.evaluate(_FIT_JS)
                assert fit["right"] <= fit["view"] + 1, f"the explorer sticks out at {width} ({lang}): {fit}"
                assert fit["scroll"] <= fit["client"] + 1, f"the explorer scrolls sideways at {width} ({lang}): {fit}"
                stepper.locator(".tcg-flow-state").scroll_into_view_if_needed()
                page.screenshot(path=str(output_dir() / f"moment-stepper-{width}-{lang}.png"))
    finally:
        delete_lab_sessions(lab)
