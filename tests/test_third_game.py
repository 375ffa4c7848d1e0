"""A third game costs one folder (issue 11, item 3).

Tally (``tests/tinygame.py``: six cards a player, a draw and a play phase) is defined only in the
tests and registered at run time; with no change to any module of ``tcgteach`` it passes the
conformance checker, plays in the simulator, renders its board and flow graph, and steps in the
Stepper and the classroom. ``tests/test_structure.py`` checks the other half of the promise:
no module outside a game's package knows that game.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

import tcgteach

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import conformance, gamecases, tinygame
else:
    try:  # tests/ may become a package
        from . import conformance, gamecases, tinygame
    except ImportError:
        import conformance
        import gamecases
        import tinygame


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    tcgteach.register_game(tinygame.Tally)
    yield
    tcgteach.unregister_game("tally")


def test_registered_like_the_others() -> None:
    assert "tally" in tcgteach.games()
    game = tcgteach.game("tally", {"draw_count": 2})
    assert isinstance(game, tinygame.Tally) and game.options["draw_count"] == 2
    with pytest.raises(tcgteach.OptionError, match="TG-3.1"):
        tcgteach.game("tally", {"draw_count": 3})
    with pytest.raises(tcgteach.TcgError, match="Game subclass"):
        tcgteach.register_game(object)  # type: ignore[arg-type]


def test_unregistering_leaves_the_package_games() -> None:
    tcgteach.unregister_game("tally")
    tcgteach.unregister_game("darkmoon")  # a package game is not removed
    assert tcgteach.games() == gamecases.registered_games() and "tally" not in tcgteach.games()
    assert tcgteach.games()[:2] == ["darkmoon", "dragonquest"]
    with pytest.raises(tcgteach.UnknownGameError, match="tally"):
        tcgteach.game("tally")


def test_passes_the_conformance_checker() -> None:
    report = conformance.run("tally", 400, workers=1)  # registered in this process only
    assert report.games == report.terminal == 400
    assert report.edges_traversed == report.flow_edges and report.nodes_visited == report.flow_nodes
    assert report.json_round_trips >= 400 and report.stale_checks > 0 and report.view_checks > 0
    assert report.options_seen["draw_count"] == {1, 2}


def test_plays_in_the_simulator() -> None:
    from tcgteach.sim import simulate

    records = simulate("tally", 300, agents=("random", "heuristic"), jobs=1, progress=False)
    assert len(records) == 300 and {r["game"] for r in records} == {"tally"}
    assert all(not r["capped"] and r["end_reason"] == "TG-4.2" for r in records)
    wins = [r["winner"] for r in records]
    # the "high" deck (P2) is worth 15 against 9: it wins most games but not all of them
    assert wins.count(1) > wins.count(0) > 0
    # a pool of worker processes plays the same games (the class travels by reference)
    pooled = simulate(tinygame.Tally(), 40, agents="random", jobs=2, progress=False)
    alone = simulate(tinygame.Tally(), 40, agents="random", jobs=1, progress=False)
    assert [r["winner"] for r in pooled] == [r["winner"] for r in alone]


def test_renders_its_board_and_graph() -> None:
    from tcgteach.viz.board import Board, board_html
    from tcgteach.viz.flowgraph import diagram, dot_source

    state = tcgteach.game("tally").new_state(seed=2)
    html = board_html(state, lang="ja")
    assert 'class="tcg-board tally"' in html and "手札" in html
    assert Board(state.view(0))._repr_html_().count("?") == 0  # P2's hand is a count, P1's own is shown
    source = dot_source(state.game.turn_flow, "ja", "tally")
    assert "プレイフェイズ" in source and "TG-3.2" in source
    if shutil.which("dot"):  # .ci/run installs graphviz; the diagram is laid out afresh
        svg = diagram(state, lang="en")._repr_svg_()
        assert "<svg" in svg and "Play phase" in svg


def test_steps_in_the_stepper() -> None:
    from ipywidgets import HBox

    from tcgteach.widgets import Stepper

    st = Stepper("tally", seed=4, agents=["random", "random"])
    assert HBox([st]).children == (st,)  # a real widget
    before = st.state.to_dict()
    st.step_button.click()
    assert len(st.state.history) == 1
    assert 'class="tcg-board tally"' in st.board.value
    assert 'data-current="' in st.graph_style.value
    assert "[TG-3" in st.log.value
    st.back_button.click()
    assert st.state.to_dict() == before
    while not st.state.is_terminal():
        st.step()
    assert "TG-4.2" in st.message.value or st.state.result() is not None


def test_offered_by_the_classroom() -> None:
    from tcgteach.widgets import Classroom

    room = Classroom("tally", agents=["person", "heuristic"], seed=1)
    assert ("Tally", "tally") in list(room.game_picker.options)
    assert [v for _, v in room.players_picker.options] == [2]
    assert 'class="tcg-board tally"' in room.board.value
