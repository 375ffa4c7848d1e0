"""Export for slides (issue 12 item 7): the position as one self-contained HTML file, the graph as SVG."""

from __future__ import annotations

import base64
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tcgteach.widgets import Classroom, CombatView, Stepper
from tcgteach.widgets.surface import Surface

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="the graph is laid out by graphviz")


class Refs(HTMLParser):
    """Every tag and every attribute that could make a browser fetch something."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.refs: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "srcset", "action", "data", "poster") or (
                name == "style" and "url(" in (value or "")
            ):
                self.refs.append((tag, name, value or ""))


def check_self_contained(doc: str) -> Refs:
    assert doc.startswith("<!DOCTYPE html>")
    assert "http" not in doc.lower(), re.findall(r".{40}http.{40}", doc, re.I)[:3]
    assert "src=" not in doc and "@import" not in doc and "url(" not in doc
    p = Refs()
    p.feed(doc)
    p.close()
    assert not p.refs, f"references outside the file: {p.refs[:5]}"
    assert "script" not in p.tags and "link" not in p.tags and "img" not in p.tags
    assert p.tags.count("svg") >= 1 and "style" in p.tags
    return p


@pytest.mark.parametrize(
    "make",
    [
        lambda: Stepper("darkmoon", seed=3),
        lambda: Stepper("dragonquest", seed=1, lang="ja", options={"turn_limit": 200}),
        lambda: CombatView("dragonquest", seed=1, options={"turn_limit": 200}),
        lambda: Classroom("dragonquest", seed=2),
    ],
    ids=["stepper-dm", "stepper-dq-ja", "combat", "classroom"],
)
def test_export_html_is_one_self_contained_file_with_board_graph_and_events(
    make: Callable[[], Surface], tmp_path: Path
) -> None:
    w = make()
    for _ in range(8):
        if w.session.person_to_move():
            w.choices.action_buttons()[0].click()
        else:
            w.step_button.click()
    path = tmp_path / "position.html"
    doc = w.export_html(path)
    assert path.read_text(encoding="utf-8") == doc
    check_self_contained(doc)
    assert w.board.value.split("<style>")[0][:40] in doc or "tcg-board" in doc  # the board
    assert f'data-current="{w.state.node}"' in doc  # the focus view, lit
    assert "tcg-log-line" in doc  # the last events
    svg = w.export_svg(tmp_path / "graph.svg")
    root = ET.fromstring(svg)  # a well-formed SVG document
    assert root.tag.endswith("svg")
    assert not re.search(r'(?:xlink:)?href="(?!#)', svg) and "src=" not in svg
    assert "fill: #ffd54f" in svg or w.state.node not in w.game.flows[w.flow_name].by_id


def test_the_export_button_offers_data_urls_and_forgets_them_at_the_next_move() -> None:
    st = Stepper("darkmoon", seed=3)
    st.export_button.click()
    links = re.findall(
        r'<a class="tcg-download" download="([^"]+)" href="data:([^;]+);[^"]*base64,([^"]+)"', st.export_link.value
    )
    assert [(name.rsplit(".", 1)[1], kind) for name, kind, _ in links] == [
        ("html", "text/html"),
        ("svg", "image/svg+xml"),
    ]
    page = base64.b64decode(links[0][2]).decode("utf-8")
    check_self_contained(page)
    st.step_button.click()
    assert st.export_link.value == ""
