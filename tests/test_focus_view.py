"""The focus view beside the board works for any game through ``game.flows`` (issue 12 item 2), also for
the tiny game of the tests (``tests/tinygame.py``), which no module of tcgteach knows."""

from __future__ import annotations

import shutil

import pytest

import tcgteach

try:  # tests/ may become a package
    from . import tinygame
except ImportError:
    import tinygame


@pytest.fixture(autouse=True)
def registered():
    tcgteach.register_game(tinygame.Tally)
    yield
    tcgteach.unregister_game("tally")


@pytest.mark.skipif(shutil.which("dot") is None, reason="the focus view is laid out by graphviz")
def test_the_stepper_shows_a_focus_view_of_the_tiny_games_flow():
    from tcgteach.widgets import Stepper

    st = Stepper("tally", seed=1)
    assert f'data-current="{st.state.node}"' in st.focus.value and "tcg-focus-graph" in st.focus.value
    assert "<details" in st.graph.value  # the whole graph behind a toggle
    for _ in range(4):
        st.step_button.click()
    assert f'data-current="{st.state.node}"' in st.focus.value
    doc = st.export_html()
    assert "http" not in doc and f'data-current="{st.state.node}"' in doc
