"""The focus view beside the board works for any game through ``game.flows`` (issue 12 item 2), also for
the tiny game of the tests (``tests/tinygame.py``), which no module of tcgteach knows."""

from __future__ import annotations

import math
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

import tcgteach

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases, tinygame
else:
    try:  # tests/ may become a package
        from . import gamecases, tinygame
    except ImportError:
        import gamecases
        import tinygame


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    tcgteach.register_game(tinygame.Tally)
    yield
    tcgteach.unregister_game("tally")


@pytest.mark.skipif(shutil.which("dot") is None, reason="the focus view is laid out by graphviz")
def test_the_stepper_shows_a_focus_view_of_the_tiny_games_flow() -> None:
    from tcgteach.widgets import Stepper

    st = Stepper("tally", seed=1)
    assert f'data-current="{st.state.node}"' in st.focus.value and "tcg-focus-graph" in st.focus.value
    assert "<details" in st.graph.value  # the whole graph behind a toggle
    for _ in range(4):
        st.step_button.click()
    assert f'data-current="{st.state.node}"' in st.focus.value
    doc = st.export_html()
    assert "http" not in doc and f'data-current="{st.state.node}"' in doc


def test_every_focus_view_fits_a_420px_column_with_its_type_at_14px() -> None:
    """Issue 21 item 4: beside the board the focus view gets a column of 420-560 px; each one (every node,
    reached every way, both games and languages) keeps its smallest type at 14 px within 420 px, and its
    words sit inside the boxes, so no edge carries a label an arrow could cross."""
    import re

    from tcgteach.viz.flowgraph import READABLE_PX, FlowDiagram, readable_width

    widest = (0.0, "")
    for name in gamecases.registered_games():
        game = tcgteach.game(name)
        for flow in game.flows.values():
            for lang in ("en", "ja"):
                d = FlowDiagram(flow, lang, name)
                for node in flow.nodes:
                    ins = [e.src for e in flow.edges if e.dst == node.id]
                    for via in [None, *ins[:1], *ins[1:][-1:]]:  # not reached, and the first and last way in
                        svg = d.focus_svg(node.id, via)
                        _own, least = readable_width(svg)
                        widest = max(widest, (least, f"{name} {flow.name} {lang} {node.id} from {via}"))
                        assert not re.search(r'<g class="edge[^"]*"[^>]*>(?:(?!</g>).)*<text', svg, re.S), node.id
                        found = re.search(r'<svg [^>]*style="([^"]*)"', svg)
                        assert found is not None, node.id
                        style = found.group(1)
                        assert f"min-width:{math.ceil(least)}px" in style
    assert widest[0] <= 420, f"the focus view {widest[1]} needs {widest[0]:.0f} px for {READABLE_PX} px type"
