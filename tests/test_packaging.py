"""The package imports fast and light: no Jupyter, ipywidgets, graphviz or networkx at import."""
import subprocess
import sys

HEAVY = ("ipywidgets", "graphviz", "networkx", "jupyter_core", "IPython", "ipykernel")


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_import_tcgteach_loads_no_heavy_module():
    loaded = _modules_after("import tcgteach")
    assert not [m for m in HEAVY if m in loaded]


def test_playing_a_game_loads_no_heavy_module():
    loaded = _modules_after(
        "import tcgteach\nfrom tcgteach.agents import RandomAgent\na = RandomAgent(1)\n"
        "g = tcgteach.game('darkmoon')\ns = g.new_state(seed=1)\n"
        "while not s.is_terminal(): s.apply(a.act(s.view(s.current_player)))\n")
    assert not [m for m in HEAVY if m in loaded]


def test_game_flow_is_networkx_digraph_built_lazily():
    import networkx as nx

    import tcgteach
    g = tcgteach.game("darkmoon")
    assert isinstance(g.flow, nx.DiGraph)
    assert g.flow is g.flow  # built once


def test_unknown_game_is_a_clear_error():
    import pytest

    import tcgteach
    with pytest.raises(tcgteach.UnknownGameError, match="the games are: darkmoon"):
        tcgteach.game("chess")
