"""Flow graphs in JupyterLab, in a real browser (issue 12 items 2 and 3).

- One lit node per graph: a static diagram drawn above a stepper on the same page keeps its own
  highlight when the stepper steps (their CSS scopes once collided).
- The focus view beside the board is readable: all its type (node labels, the ways on inside their boxes,
  the edge label of the way in) renders at 14 px or more at 1366x768 (issue 21 item 4; font size times the
  drawing's scale, and the text boxes' height), for both games and the combat view; the whole graph opens
  at full size (edge labels 14 px or more) from a ``<details>`` toggle.

The notebooks are written by the test into the server's (temporary) notebook folder.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS, click_and_settle, delete_lab_sessions, rgb, wait_settled, write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page, ViewportSize

    from .conftest import Server

LAPTOP: ViewportSize = {"width": 1366, "height": 768}


def run_notebook(page: Page, lab: Server, notebook: str, steppers: int = 1) -> Locator:
    """Open ``notebook`` in a fresh workspace, run all cells, close the side bar; the steppers."""
    workspace = "g" + secrets.token_hex(4)
    page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{notebook}"))
    idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle")
    expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    found = page.locator(".jp-Notebook .tcg-stepper")
    expect(found).to_have_count(steppers, timeout=KERNEL_TIMEOUT_MS)
    expect(idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    errors = page.locator(".jp-OutputArea-output", has_text="Traceback (most recent call last)")
    assert errors.count() == 0, errors.first.inner_text()[:2000]
    # the file browser takes 250 px of a laptop's width: a student closes it
    if page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").count():
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").first.click()
    return found


_LIT_PER_GRAPH_JS = """
(fill) => Array.from(document.querySelectorAll('div.tcg-flow')).map(div => ({
  scope: Array.from(div.classList).filter(c => /^tcg-flow-/.test(c)).join(' '),
  where: div.closest('.tcg-focus') ? 'focus' : div.closest('.tcg-graph') ? 'stepper' : 'static',
  lit: Array.from(div.querySelectorAll('g.tcg-node')).filter(g => {
    const shape = g.querySelector('polygon, ellipse, path');
    return shape && getComputedStyle(shape).fill === fill;
  }).map(g => g.dataset.node),
}))
"""


def lit_per_graph(page: Page) -> list[dict[str, Any]]:
    from tcgteach.viz.flowgraph import CURRENT_FILL

    lit: list[dict[str, Any]] = page.evaluate(_LIT_PER_GRAPH_JS, rgb(CURRENT_FILL))
    return lit


_LABEL_PX_JS = """
root => {
  const svg = root.querySelector('.tcg-focus svg');
  if (!svg) return null;
  const texts = Array.from(svg.querySelectorAll('text')).filter(t => t.textContent.trim());
  return {
    svgWidth: svg.getBoundingClientRect().width,
    heights: texts.map(t => t.getBoundingClientRect().height),
    fontPx: texts.map(t => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a),
  };
}
"""


def focus_label_px(root: Locator) -> dict[str, Any]:
    data: dict[str, Any] | None = root.evaluate(_LABEL_PX_JS)
    assert data is not None, "no focus view (.tcg-focus svg) beside the board"
    assert data["heights"], "the focus view has no text"
    return data


@pytest.fixture
def lab(lab_server: Server) -> Iterator[Server]:
    yield lab_server
    delete_lab_sessions(lab_server)


def test_a_static_diagram_and_a_stepper_on_one_page_each_light_one_node(page: Page, lab: Server) -> None:
    page.set_viewport_size(LAPTOP)
    name = write_notebook(
        lab.root,
        "graphs_one_page.ipynb",
        [
            "import tcgteach\nfrom IPython.display import HTML, display\nfrom tcgteach.viz import diagram\n"
            "s = tcgteach.game('darkmoon').new_state(seed=3)\ndisplay(HTML(diagram(s)._repr_html_()))",
            "from tcgteach.widgets import Stepper\nStepper('darkmoon', seed=3)",
        ],
    )
    root = run_notebook(page, lab, name).first
    snap = wait_settled(root, set())
    before = lit_per_graph(page)
    assert [g["where"] for g in before] == ["static", "focus", "stepper"], before
    static_node = before[0]["lit"]
    assert len(static_node) == 1, before
    step = root.locator("button.tcg-step")
    for _ in range(40):
        snap = click_and_settle(root, step, set())
        if snap["node"] != before[1]["lit"][0]:
            break
    graphs = lit_per_graph(page)
    assert len({g["scope"] for g in graphs}) == 3, f"two drawings share a CSS scope: {graphs}"
    for g in graphs:
        assert len(g["lit"]) == 1, f"{g['where']} graph has lit nodes {g['lit']} (exactly one expected)"
    assert graphs[0]["lit"] == static_node, "the stepper's step changed the static diagram's highlight"
    assert graphs[1]["lit"] == [snap["node"]] == graphs[2]["lit"]


GAMES = {
    "darkmoon": "Stepper('darkmoon', seed=3)",
    "dragonquest": "Stepper('dragonquest', seed=1, options={'turn_limit': 200})",
    "combat": "CombatView('dragonquest', seed=1, options={'turn_limit': 200})",
}
LANGS = {"en": "English", "ja": "日本語"}


def switch_lang(root: Locator, lang: str, persons: set[int] | None = None) -> None:
    """Choose ``lang`` with the widget's radio button and wait until it has re-rendered."""
    radio = root.locator(".tcg-lang").get_by_label(LANGS[lang])
    if not radio.is_checked():
        radio.check()
        expect(root.locator("button.tcg-step")).to_have_text("Step" if lang == "en" else "1手進める")
        wait_settled(root, persons or set())


@pytest.mark.parametrize("kind", list(GAMES))
def test_focus_view_labels_are_readable_at_1366(page: Page, lab: Server, kind: str) -> None:
    page.set_viewport_size(LAPTOP)
    name = write_notebook(
        lab.root, f"focus_{kind}.ipynb", ["from tcgteach.widgets import Stepper, CombatView\n" + GAMES[kind]]
    )
    root = run_notebook(page, lab, name).first
    snap = wait_settled(root, set())
    step = root.locator("button.tcg-step")
    for lang in LANGS:  # English first, then the same game on in Japanese
        switch_lang(root, lang)
        snap = wait_settled(root, set())
        seen = {}
        for _ in range(60):  # into the combat for the Dragon Quest views
            if root.locator(".tcg-focus svg").count():
                px = focus_label_px(root)
                seen[snap["node"]] = (round(min(px["heights"]), 1), round(min(px["fontPx"]), 1), px["svgWidth"])
            if len(seen) >= 4 if kind == "darkmoon" else len([n for n in seen if n.startswith("combat.")]) >= 3:
                break
            snap = click_and_settle(root, step, set())
        assert seen, "never showed a focus view"
        print(f"{kind} {lang}: node -> (min text box height px, min font px, svg width px): {seen}")
        for node, (height, font, _w) in seen.items():
            assert height >= 14 and font >= 14, f"{lang} {node}: type {height} px high, font {font} px (< 14)"
    # the whole graph, at full size, behind a toggle
    details = root.locator(".tcg-graph details.tcg-full-graph")
    expect(details).to_have_count(1)
    details.locator("summary").click()
    full = root.locator(".tcg-graph details[open] svg")
    expect(full).to_be_visible()
    font = full.evaluate(
        "svg => Math.min(...Array.from(svg.querySelectorAll('g.edge text')).map("
        "t => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a))"
    )
    assert font >= 14, f"the whole graph opened at {font:.1f} px edge labels: not full size"
