"""A release, built and installed (issue 28, items 3 and 4): the sdist and the pure wheel as `python -m build`
makes them, checked by `twine check --strict`; the bare wheel in a fresh virtual environment is the engine alone
(no Jupyter, widget, graphviz or tqdm package) and plays, simulates, saves and replays both games; the wheel with
the `notebooks` extra in another fresh environment runs README.md's tour. Nothing here reads the checkout's
package: the fresh environments import what the wheel installed (their scripts run from a temporary folder with
the safe path on). The builds and installs take packages from the package index (build isolation: setuptools).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import tcgteach

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent / "release"
#: the distributions of the lessons' world: none of them may come with the bare wheel
NOTEBOOK_WORLD = {
    "ipywidgets", "ipython", "ipykernel", "jupyterlab", "jupyter-core", "jupyter-server", "notebook", "voila",
    "graphviz", "tqdm", "matplotlib", "widgetsnbextension", "traitlets", "dask", "pandas",
}  # fmt: skip


def run(cmd: list[str | Path], cwd: Path | None = None, timeout: float = 900) -> str:
    """Run a command; its output on success, else a failure that shows it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "COV_CORE"))}
    env.update(PYTHONSAFEPATH="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_ROOT_USER_ACTION="ignore")
    done = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))}: exit {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def fresh_env(folder: Path, *requirements: str) -> Path:
    """A new virtual environment (no system site-packages) with ``requirements`` installed; its python."""
    venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    python = folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    run([python, "-m", "pip", "install", "-q", *requirements], cwd=folder)
    return python


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel, built as a release is (`python -m build`: the wheel from the unpacked sdist)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", out, ROOT], cwd=ROOT)
    sdists, wheels = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, sorted(p.name for p in out.iterdir())
    return {"sdist": sdists[0], "wheel": wheels[0]}


def wheel_metadata(wheel: Path) -> list[tuple[str, str]]:
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(z.read(name).decode("utf-8")).items()


def test_build_names_the_one_version(dist: dict[str, Path]) -> None:
    """The version is written once (tcgteach/__init__.py): both files carry it, pyproject.toml does not write it."""
    v = tcgteach.__version__
    assert dist["sdist"].name == f"tcgteach-{v}.tar.gz"
    assert dist["wheel"].name == f"tcgteach-{v}-py3-none-any.whl"  # the pure wheel: no compiled module inside
    assert ("Version", v) in wheel_metadata(dist["wheel"])
    assert 'dynamic = ["version"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert not re.search(rf'^version\s*=\s*"{re.escape(v)}"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert re.search(rf"^## \[(Unreleased|{re.escape(v)})\]", (ROOT / "CHANGELOG.md").read_text(), re.M)


def test_twine_check_passes(dist: dict[str, Path]) -> None:
    """`twine check --strict`: the long description renders on the package index, the metadata is complete."""
    out = run([sys.executable, "-m", "twine", "check", "--strict", dist["sdist"], dist["wheel"]])
    assert out.count("PASSED") == 2, out


def test_files_in_the_release(dist: dict[str, Path]) -> None:
    """What a user needs is inside (the data, the schemas, the shipped diagrams and puzzles, the types marker);
    the checkout's tests, notebooks, virtual environments and site are not in the wheel."""
    with zipfile.ZipFile(dist["wheel"]) as z:
        names = set(z.namelist())
    for needed in ("tcgteach/py.typed", "tcgteach/data/schemas/puzzles.schema.json", "tcgteach/extras.py",
                   "tcgteach/diagrams/darkmoon-turn.en.svg", "tcgteach/data/puzzles/darkmoon.json"):  # fmt: skip
        assert needed in names, needed
    assert not [n for n in names if n.startswith(("tests/", "notebooks/", ".venv", "site/", "lessons/"))]
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    with tarfile.open(dist["sdist"]) as t:
        members = {m.name.split("/", 1)[1] for m in t.getmembers() if "/" in m.name}
    assert {"README.md", "LICENSE", "pyproject.toml", "setup.py", "tcgteach/__init__.py"} <= members


def test_bare_wheel_requires_no_notebook_package(dist: dict[str, Path]) -> None:
    """The metadata: only the engine's own needs unconditionally; the lessons' world and the cluster are extras."""
    meta = wheel_metadata(dist["wheel"])
    plain = {re.split(r"[ <>=!~;\[]", v, maxsplit=1)[0].lower() for k, v in meta if k == "Requires-Dist"
             and "extra ==" not in v}  # fmt: skip
    assert plain == {"networkx", "jsonschema"}
    extras = {v for k, v in meta if k == "Provides-Extra"}
    assert {"notebooks", "dask"} <= extras
    for package in ("ipywidgets", "graphviz", "tqdm", "jupyterlab", "voila"):
        assert any(v.startswith(package) and 'extra == "notebooks"' in v for k, v in meta if k == "Requires-Dist")
    assert any(v.startswith("distributed") and 'extra == "dask"' in v for k, v in meta if k == "Requires-Dist")


def test_engine_alone_in_a_fresh_environment(dist: dict[str, Path], tmp_path: Path) -> None:
    """`pip install tcgteach` (the bare wheel): no package of the lessons' world comes along; both games are
    played, simulated, saved and replayed, from Python and the command line; a widget import names the extra."""
    python = fresh_env(tmp_path / "env", str(dist["wheel"]))
    installed = run([python, "-m", "pip", "list", "--format=json"])
    names = {p["name"].lower().replace("_", "-") for p in json.loads(installed)}
    assert "tcgteach" in names and "networkx" in names
    assert not names & NOTEBOOK_WORLD, names & NOTEBOOK_WORLD
    facts = json.loads(run([python, HERE / "engine_alone.py"], cwd=tmp_path).strip().splitlines()[-1])
    assert facts["version"] == tcgteach.__version__
    assert {"darkmoon", "dragonquest"} <= set(facts["games"])
    for game in ("darkmoon", "dragonquest"):
        assert facts[f"{game}.play"]["moves"] > 10
        assert facts[f"{game}.simulate"] == 40
        assert facts[f"{game}.replay"].startswith("Result: ")
        assert facts[f"{game}.design"] > 0
    hint = "tcgteach.widgets needs ipywidgets, which is not installed: pip install 'tcgteach[notebooks]'"
    assert facts["widgets"] == hint and facts["stepper"] == hint
    assert facts["classroom"] == "tcgteach: error: the classroom needs voila, which is not installed: " + (
        "pip install 'tcgteach[notebooks]'"
    )


def test_readme_tour_in_a_fresh_environment(dist: dict[str, Path], tmp_path: Path) -> None:
    """The wheel with the `notebooks` extra in a fresh environment runs README.md's tour as written."""
    python = fresh_env(tmp_path / "env", f"{dist['wheel']}[notebooks]")
    out = run([python, HERE / "readme_tour.py", ROOT / "README.md"], cwd=tmp_path)
    oks = re.findall(r"^README tour block \d+: ok", out, re.M)
    assert len(oks) >= 3, out
    where = run([python, "-c", "import tcgteach, ipywidgets; print(tcgteach.__file__)"], cwd=tmp_path)
    assert str(tmp_path / "env") in where  # the installed wheel, not the checkout
