"""The package as a user gets it from pip: a built wheel, installed on its own, with no graphviz ``dot``.

The committed diagrams (``diagrams/`` = ``tcgteach/diagrams``) are package data; without ``dot`` the
flow graphs come from them, highlight included, and the user is told once how to get fresh layouts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "--disable-pip-version-check",
            str(ROOT),
            "-w",
            str(out),
        ],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "TCGTEACH_COMPILE"},
    )
    wheels = list(out.glob("tcgteach-*.whl"))
    assert len(wheels) == 1, wheels
    names = zipfile.ZipFile(wheels[0]).namelist()
    for stem in ("darkmoon-turn.en", "dragonquest-turn.ja", "dragonquest-combat.en"):
        assert f"tcgteach/diagrams/{stem}.svg" in names and f"tcgteach/diagrams/{stem}.dot" in names
    assert all(not n.endswith(".py") or n.startswith("tcgteach/") for n in names)  # pure Python, one package
    # a plain build is the pure-Python reference: only TCGTEACH_COMPILE=1 (bash run.sh fast) compiles the engine
    assert wheels[0].name.endswith("-py3-none-any.whl"), wheels[0].name
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    site = out / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--disable-pip-version-check",
            "--target",
            str(site),
            str(wheels[0]),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return site


PROGRAM = r"""
import shutil, sys
import tcgteach
assert tcgteach.__file__.startswith(sys.argv[1]), tcgteach.__file__   # the wheel, not the checkout
assert shutil.which("dot") is None
from tcgteach.viz import diagram
dq = tcgteach.game("dragonquest")
s = dq.new_state(seed=1)
s.apply(s.legal_actions()[0])
for lang in ("en", "ja"):
    html = diagram(s, lang=lang)._repr_html_()
    assert 'data-current="mulligan"' in html and "tcg-n-mulligan" in html and "<svg" in html, html[:300]
    assert "fill: #ffd54f" in html  # the current node is lit
svg = diagram(s, flow="combat")._repr_svg_()
assert "tcg-n-combat_o_start" in svg
from tcgteach.widgets import Stepper
st = Stepper("darkmoon", seed=2, agents=["random", "random"])
st.step(); st.step()
assert "tcg-n-" in st.graph.value and st.state.node in st.graph_style.value.replace("_o_", ".")
print("OK")
"""


def test_a_wheel_without_dot_draws_the_packaged_diagrams_highlight_included(wheel_site: Path, tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {"PATH": str(empty), "PYTHONPATH": str(wheel_site), "HOME": str(tmp_path), "PYTHONNOUSERSITE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(wheel_site)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("OK")
    told = [line for line in done.stderr.splitlines() if "shipped with the package" in line]
    assert len(told) == 1 and "apt-get install graphviz" in told[0], done.stderr  # said once, with the fix


def test_a_changed_flow_gets_no_stale_packaged_drawing() -> None:
    import tcgteach
    from tcgteach.viz.flowgraph import dot_source, packaged_svg

    g = tcgteach.game("darkmoon")
    src = dot_source(g.flows["turn"], "en", g.name)
    assert packaged_svg(g.name, "turn", "en", src) is not None
    assert packaged_svg(g.name, "turn", "en", src + "\n") is None
    assert packaged_svg("nosuchgame", "turn", "en", src) is None


def test_the_top_level_diagrams_folder_is_the_package_data() -> None:
    top = ROOT / "diagrams"
    assert top.resolve() == (ROOT / "tcgteach" / "diagrams").resolve()
    assert sorted(p.name for p in top.iterdir()) == sorted(p.name for p in (ROOT / "tcgteach" / "diagrams").iterdir())
