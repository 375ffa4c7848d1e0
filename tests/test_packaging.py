"""The package imports fast and light: no Jupyter, ipywidgets, graphviz or networkx at import."""

import subprocess
import sys

HEAVY = ("ipywidgets", "graphviz", "networkx", "jupyter_core", "IPython", "ipykernel")


def _modules_after(code: str) -> set[str]:
    """The modules `code` loads, beyond those already loaded before it runs (coverage's own, when measured)."""
    wrapped = "import sys\n_before = set(sys.modules)\n" + code + "\nprint('\\n'.join(set(sys.modules) - _before))"
    out = subprocess.run(
        [sys.executable, "-c", wrapped],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_import_tcgteach_loads_no_heavy_module() -> None:
    loaded = _modules_after("import tcgteach")
    assert not [m for m in HEAVY if m in loaded]


def test_playing_a_game_loads_no_heavy_module() -> None:
    loaded = _modules_after(
        "import tcgteach\nfrom tcgteach.agents import RandomAgent\na = RandomAgent(1)\n"
        "g = tcgteach.game('darkmoon')\ns = g.new_state(seed=1)\n"
        "while not s.is_terminal(): s.apply(a.act(s.view(s.current_player)))\n"
    )
    assert not [m for m in HEAVY if m in loaded]


def test_game_flow_is_networkx_digraph_built_lazily() -> None:
    import networkx as nx

    import tcgteach

    g = tcgteach.game("darkmoon")
    assert isinstance(g.flow, nx.DiGraph)
    assert g.flow is g.flow  # built once


def test_unknown_game_is_a_clear_error() -> None:
    import pytest

    import tcgteach

    with pytest.raises(tcgteach.UnknownGameError, match="the games are: darkmoon"):
        tcgteach.game("chess")


def test_nothing_at_import_needs_processes() -> None:
    """Pyodide (the JupyterLite site) has no processes: importing any part of the package must not need them."""
    loaded = _modules_after("import tcgteach, tcgteach.sim, tcgteach.agents, tcgteach.widgets, tcgteach.viz")
    assert not [m for m in loaded if m.startswith(("multiprocessing", "concurrent.futures.process"))]


def test_binder_environment_pins_python_has_fonts_and_no_test_tools() -> None:
    import re
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parents[1]
    env = yaml.safe_load((root / "environment.yml").read_text(encoding="utf-8"))
    deps = env["dependencies"]
    assert "python=3.11" in deps  # the form Binder (repo2docker) detects
    pip = next(d["pip"] for d in deps if isinstance(d, dict))
    assert pip == ["-e .[notebooks]"]  # the notebook extras only
    conda = {re.split(r"[=<>]", d)[0] for d in deps if isinstance(d, str)}
    assert {"graphviz", "python-graphviz", "jupyterlab", "voila"} <= conda
    apt = [
        line.strip()
        for line in (root / "apt.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert apt == ["fonts-noto-cjk"]  # Japanese labels in boards and diagrams


def test_readme_routes_point_at_files_that_exist() -> None:
    """The README's "no install", "pip" and "Binder" lines, after the two commands: each names real files."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    head = readme.split("## A tour")[0]
    assert (
        head.index("bash run.sh lessons")
        < head.index("**No install:**")
        < head.index("**pip:**")
        < head.index("**Binder:**")
    )
    for path in re.findall(r"urlpath=(?:lab/tree|voila/render)/([^)\s]+)", head):
        assert (root / path).exists(), path
    for stem in re.findall(r"/pages/([\w/]+)\.html", head):
        assert (root / "notebooks" / f"{stem}.ipynb").exists(), stem
    assert len(re.findall(r"mybinder\.org/v2/gh/", head)) == 2
