"""Every lesson runs top to bottom headless, and shows what it promises."""
import os
from pathlib import Path

import pytest

os.environ.setdefault("TCGTEACH_LESSON_GAMES", "40")  # games per run of lesson 04 (its kernel inherits this)
NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


_RUNS: dict = {}


def execute(path):
    """Run a notebook once per test session (both tests below read the same run)."""
    if path in _RUNS:
        return _RUNS[path]
    import nbclient
    import nbformat
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    _RUNS[path] = nb
    return nb


def text_of(nb):
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out["text"])
            for value in out.get("data", {}).values():
                if isinstance(value, str):
                    parts.append(value)
    return "\n".join(parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_headless(path):
    nb = execute(path)
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


def test_darkmoon_lesson_shows_each_rule_when_it_applies():
    nb = execute(NOTEBOOKS[[p.name for p in NOTEBOOKS].index("01_darkmoon.ipynb")])
    out = text_of(nb)
    for needle in ("DM-4.3", "DM-4.4", "matches a number on the field", "matches no number on the field",
                   "DM-4.6", "DM-1.4", "units", "loose specials", "application/vnd.jupyter.widget-view+json"):
        assert needle in out or needle in str(nb), needle
