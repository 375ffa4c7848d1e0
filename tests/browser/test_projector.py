"""Readable from the back of the room (issue 21 item 4), measured in chromium.

Boards and graphs are written into static pages (no Jupyter server) inside ``<div class="tcg-projector">``,
the class the front ends put on their root in projector mode, and measured as rendered: card text is the
computed font size of every text node inside an element with ``data-card``; graph type is the SVG text's
computed font size times the drawing's scale on screen (``getScreenCTM``). Screenshots go to
``test-output/browser/projector-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest

import tcgteach
from tcgteach.agents import RandomAgent
from tcgteach.core.state import State
from tcgteach.darkmoon import DarkMoon
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules.state import DragonQuestState
from tcgteach.lesson import show
from tcgteach.session import Session
from tcgteach.viz.board import board_html
from tcgteach.viz.flowgraph import FlowDiagram

from .conftest import output_dir

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

SIZES: dict[str, ViewportSize] = {"1366": {"width": 1366, "height": 768}, "1024": {"width": 1024, "height": 768}}
CARD_PX = 16.0  # card text under .tcg-projector
PLAIN_CARD_PX = 13.0  # card text without it
GRAPH_PX = 14.0  # graph type, projector or not

_CARD_JS = """() => { const r = []; document.querySelectorAll('[data-card]').forEach(el => {
  const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); let n;
  while ((n = w.nextNode())) { if (!n.textContent.trim()) continue;
    r.push([parseFloat(getComputedStyle(n.parentElement).fontSize), n.textContent.trim().slice(0, 30)]); } });
  return r; }"""

_SVG_JS = """root => { const r = []; (root || document).querySelectorAll('svg text').forEach(t => {
  if (!t.textContent.trim() || !t.getClientRects().length) return; const m = t.getScreenCTM();
  r.push([parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), t.textContent.trim().slice(0, 30)]); });
  return r; }"""

# the lit node's centre lies inside its scroll box's visible rectangle (and the box is on screen)
_LIT_IN_VIEW_JS = """([boxSel, node]) => { const box = document.querySelector(boxSel);
  const g = box.querySelector('g.tcg-n-' + node); if (!g) return 'no node ' + node;
  const b = box.getBoundingClientRect(), n = g.getBoundingClientRect();
  const x = n.left + n.width / 2, y = n.top + n.height / 2;
  return (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) ? 'ok'
    : `lit node at (${x|0},${y|0}) outside its box (${b.left|0},${b.top|0})-(${b.right|0},${b.bottom|0}); ` +
      `scroll ${box.scrollLeft},${box.scrollTop}`; }"""


def dm_full_field() -> DarkMoonState:
    """A 3-player DARK MOON game played by random agents until the fields hold 14 cards and P1 has a unit."""
    g = cast(DarkMoon, tcgteach.game("darkmoon"))
    for seed in range(1, 30):
        s = g.new_state(seed=seed, players=3)
        session = Session(s, [RandomAgent(seed * 10 + i) for i in range(3)])
        while not s.is_terminal():
            session.step()
            if sum(len(s.field(p)) for p in range(3)) >= 14 and any(s.units(0)):
                return s
    raise AssertionError("no 3-player game reached a full field")


def dq_closed_and_confused() -> DragonQuestState:
    dq = cast(DragonQuest, tcgteach.game("dragonquest", options={"formation": "strict", "turn_limit": 200}))
    p1 = {
        "front": [{"card": "H08", "state": "closed"}, "M05", {"card": "H19", "state": "confused"}],
        "back": [{"card": "M13", "state": "closed", "poisoned": True}],
        "deck": {"fill": "beasts"},
    }
    p2 = {
        "front": ["M01", {"card": "M02", "state": "closed", "poisoned": True}, {"card": "H16", "state": "confused"}],
        "deck": {"fill": "heroes"},
    }
    return dq.position({"turn_player": 0, "node": "combat.action", "players": [p1, p2]})


STATES: dict[str, Callable[[], State]] = {"darkmoon": dm_full_field, "dragonquest": dq_closed_and_confused}


def open_html(page: Page, name: str, lang: str, body: str, size: str) -> Path:
    page.set_viewport_size(SIZES[size])
    path = output_dir() / f"projector-{name}-{lang}-{size}.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"></head><body style="margin:8px">'
        f"{body}</body></html>",
        encoding="utf-8",
    )
    page.goto(path.as_uri())
    return path


def shot(page: Page, path: Path) -> None:
    page.screenshot(path=str(path.with_suffix(".png")))


def smallest(pairs: list[tuple[float, str]]) -> tuple[float, str]:
    assert pairs, "no text measured"
    return min((round(px, 2), text) for px, text in pairs)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(STATES))
def test_card_text_is_16px_under_projector_and_13px_without(page: Page, game: str, lang: str, size: str) -> None:
    state = STATES[game]()
    board = board_html(state, lang=lang)
    path = open_html(page, f"board-{game}", lang, f'<div class="tcg-projector">{board}</div>', size)
    shot(page, path)
    px, text = smallest(page.evaluate(_CARD_JS))
    print(f"{game} {lang} {size}: smallest card text under .tcg-projector {px} px ({text!r})")
    assert px >= CARD_PX, f"card text {px} px < {CARD_PX} under .tcg-projector: {text!r}"
    # every card on the board names its instance
    unnamed = page.evaluate(
        "() => Array.from(document.querySelectorAll('.tcg-card, .dq-card, .dq-chip'))"
        ".filter(e => !e.hasAttribute('data-card') && !e.classList.contains('tcg-hidden')"
        " && !e.classList.contains('dq-hidden')).length"
    )
    assert unnamed == 0, f"{unnamed} card elements without data-card"
    open_html(page, f"board-{game}-plain", lang, board, size)
    px, text = smallest(page.evaluate(_CARD_JS))
    print(f"{game} {lang} {size}: smallest card text without projector mode {px} px ({text!r})")
    assert px >= PLAIN_CARD_PX, f"card text {px} px < {PLAIN_CARD_PX}: {text!r}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_closed_and_confused_cards_keep_their_text_upright_and_whole(page: Page, lang: str) -> None:
    state = dq_closed_and_confused()
    path = open_html(
        page, "dq-orientation", lang, f'<div class="tcg-projector">{board_html(state, lang=lang)}</div>', "1366"
    )
    shot(page, path)
    cards = page.evaluate(
        """() => Array.from(document.querySelectorAll('.dq-card[data-state]')).map(c => {
          const face = c.querySelector('.dq-face');
          const turned = Array.from(c.querySelectorAll('*')).filter(e =>
            Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())
            && getComputedStyle(e).transform !== 'none');
          const up = e => { for (; e && e !== c; e = e.parentElement)
            if (getComputedStyle(e).transform !== 'none') return e; };
          const tilted = Array.from(face.querySelectorAll('*')).filter(e => e.textContent.trim() && up(e)).length;
          return {state: c.dataset.state, card: c.dataset.card, turned: turned.length + tilted,
                  clipped: face.scrollHeight > face.clientHeight + 1 || face.scrollWidth > face.clientWidth + 1,
                  icon: getComputedStyle(c.querySelector('.dq-orient')).transform}; })"""
    )
    states = {c["state"] for c in cards}
    assert {"closed", "confused", "active"} <= states, states
    for c in cards:
        assert c["turned"] == 0, f"{c}: text turned"
        assert not c["clipped"], f"{c}: text clipped"
        if c["state"] != "active":  # the orientation shown by the small icon, not by the text
            assert c["icon"] != "none", c


def _graph_pages(state: State, lang: str) -> dict[str, str]:
    """name -> HTML of one graph view as the front ends show it, in a 560 px column."""
    game = state.game
    turn = FlowDiagram.of(game.turn_flow, lang, game.name)
    col = '<div class="tcg-projector" style="width:560px">{}</div>'
    pages = {
        "show": f'<div class="tcg-projector">{show(state, lang=lang)._repr_html_()}</div>',
        "focus": col.format(f'<div class="tcg-focus">{turn.focus_svg(state.node)}</div>'),
    }
    if "combat" in game.flows:
        combat = FlowDiagram.of(game.flows["combat"], lang, game.name)
        pages["combat-focus"] = col.format(f'<div class="tcg-focus">{combat.focus_svg("combat.action")}</div>')
        pages["combat-whole"] = col.format(combat.html("combat.action"))
    return pages


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(STATES))
def test_graph_type_is_14px_on_screen_in_every_view(page: Page, game: str, lang: str, size: str) -> None:
    state = STATES[game]()
    for name, body in _graph_pages(state, lang).items():
        path = open_html(page, f"graph-{game}-{name}", lang, body, size)
        if name == "show":
            page.locator("details.tcg-full-graph summary").click()
        shot(page, path)
        px, text = smallest(page.evaluate(_SVG_JS, None))
        print(f"{game} {lang} {size} {name}: smallest graph type {px} px ({text!r})")
        assert px >= GRAPH_PX, f"{name}: graph type {px} px < {GRAPH_PX}: {text!r}"
        if name in ("show", "combat-whole"):
            lit = state.node.replace(".", "_o_") if name == "show" else "combat_o_action"
            where = page.evaluate(_LIT_IN_VIEW_JS, [".tcg-graph-scroll", lit])
            assert where == "ok", f"{name}: {where}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_whole_graph_opens_scrolled_to_the_lit_node(page: Page, lang: str) -> None:
    """The Dragon Quest turn graph is ~2,300 px wide: opened from its toggle, its box is scrolled so the lit
    node (deep in the combat cluster, far right and low) is in view, with no script on the page."""
    d = FlowDiagram.of(tcgteach.game("dragonquest").turn_flow, lang, "dragonquest")
    for node in ("combat.judgment", "reset", "game_over"):
        body = (
            f'<div class="tcg-projector tcg-x" style="width:560px"><style>{d.style("tcg-x", node)}</style>'
            f'<details class="tcg-full-graph"><summary>whole graph</summary>{d.full_svg}</details></div>'
        )
        path = open_html(page, f"whole-{node}", lang, body, "1366")
        assert page.evaluate("() => document.scripts.length") == 0
        page.locator("summary").click()
        shot(page, path)
        width = page.evaluate("() => document.querySelector('.tcg-graph-scroll svg').getBoundingClientRect().width")
        assert width > 1000, f"the whole graph is {width} px wide: not at its own size"
        where = page.evaluate(_LIT_IN_VIEW_JS, [".tcg-graph-scroll", node.replace(".", "_o_")])
        assert where == "ok", f"{node}: {where}"
        px, text = smallest(page.evaluate(_SVG_JS, None))
        assert px >= GRAPH_PX, f"whole graph type {px} px: {text!r}"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(STATES))
def test_the_exported_slide_is_readable_at_1366x768(page: Page, game: str, lang: str) -> None:
    from tcgteach.widgets import Stepper

    options = {"turn_limit": 200} if game == "dragonquest" else {}
    st = Stepper(game, seed=3, lang=lang, options=options)
    for _ in range(12 if game == "darkmoon" else 30):
        st.step_button.click()
    page.set_viewport_size(SIZES["1366"])
    path = output_dir() / f"projector-export-{game}-{lang}.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    st.export_html(path)
    page.goto(path.as_uri())
    shot(page, path)
    px, text = smallest(page.evaluate(_CARD_JS))
    print(f"export {game} {lang}: smallest card text {px} px ({text!r})")
    assert px >= CARD_PX, f"slide card text {px} px: {text!r}"
    px, text = smallest(page.evaluate(_SVG_JS, None))
    print(f"export {game} {lang}: smallest graph type {px} px ({text!r})")
    assert px >= GRAPH_PX, f"slide graph type {px} px: {text!r}"
    node = st.state.node
    if node in st.game.flows[st.flow_name].by_id:
        where = page.evaluate(_LIT_IN_VIEW_JS, [".tcg-export-graph .tcg-graph-scroll", node.replace(".", "_o_")])
        assert where == "ok", where
    overflow = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert overflow <= 1366, f"the slide is {overflow} px wide at 1366"


def test_a_finished_dragonquest_board_leaves_no_blank_band(page: Page) -> None:
    """At the end of a game a player's party is often gone while the hand is full: the hand (with every
    card's text) used to stand in a column beside the empty rows and leave a 200-590 px blank band under
    them. The hand now runs the panel's full width; beside the field only the short zones remain."""
    from tcgteach.dragonquest.game import DragonQuest

    state = DragonQuest(options={"turn_limit": 200}).new_state(seed=5)
    session = Session(state, [RandomAgent(0), RandomAgent(1)])
    while not state.is_terminal():
        session.step()
    for lang in ("en", "ja"):
        body = f'<div class="tcg-projector" style="width:946px">{board_html(state, lang=lang)}</div>'
        path = open_html(page, "dq-finished", lang, body, "1366")
        shot(page, path)
        bands = page.evaluate(
            """() => Array.from(document.querySelectorAll('.dq-player')).map(p => {
              const f = p.querySelector('.dq-field').getBoundingClientRect();
              const b = p.querySelector('.dq-body').getBoundingClientRect();
              return Math.round(b.height - f.height); })"""
        )
        print(f"{lang}: blank under each field (px): {bands}")
        assert max(bands) <= 60, f"{lang}: a blank band of {max(bands)} px under a field"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(STATES))
def test_a_board_in_a_narrow_column_wraps_its_cards_instead_of_squeezing_them(page: Page, game: str, lang: str) -> None:
    """Beside a graph at 1024 px (``show``) a board gets ~500 px: under projector mode its cards keep their
    width (16 px text needs it; squeezed, names broke mid-word) and wrap, and nothing spills out sideways."""
    state = STATES[game]()
    body = f'<div class="tcg-projector" style="width:500px">{board_html(state, lang=lang)}</div>'
    path = open_html(page, f"narrow-{game}", lang, body, "1024")
    shot(page, path)
    found = page.evaluate(
        """() => { const board = document.querySelector('.tcg-board');
          const squeezed = Array.from(document.querySelectorAll('.dq-card[data-card]')).filter(c =>
            c.getBoundingClientRect().width < 10.8 * parseFloat(getComputedStyle(c).fontSize) - 1).length;
          return {squeezed, spill: board.scrollWidth - board.clientWidth}; }"""
    )
    assert found["squeezed"] == 0, f"{found['squeezed']} cards squeezed narrower than their width"
    assert found["spill"] <= 1, f"the board spills {found['spill']} px out of its column"
