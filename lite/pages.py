"""Render lessons to static HTML with their outputs (boards, graphs, tables), to read without a kernel.

    python lite/pages.py OUT_DIR NOTEBOOKS_DIR NOTEBOOK.ipynb ...   (a Python with tcgteach[notebooks]; run by build.py)

Each lesson is run once, top to bottom, in a temporary copy of its folder; the page starts with a link that
opens the same lesson live in the site (``../lab/index.html?path=NAME``). A notebook in a subfolder of
NOTEBOOKS_DIR (``en/01_darkmoon.ipynb``) gives a page in the same subfolder (``pages/en/01_darkmoon.html``).
Widgets keep their last state (the page loads the widget manager from a CDN when read online). Lessons 04 and
07 play ``$TCGTEACH_LESSON_GAMES`` games (2000 and 1000 when unset), like a run in Jupyter.
"""

from __future__ import annotations

import html
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbclient
import nbformat
from nbconvert import HTMLExporter

#: the lessons whose games per run are $TCGTEACH_LESSON_GAMES (their page says how many they played)
SIMULATING = ("04", "07")


def banner(name: str, seconds: float) -> str:
    """``name``: the notebook's path inside notebooks/ ("en/01_darkmoon.ipynb")."""
    games = os.environ.get("TCGTEACH_LESSON_GAMES")
    up = "../" * (name.count("/") + 1)
    lesson = Path(name).name[:2]
    size = f" · lesson {lesson} with {games} games" if games and lesson in SIMULATING else ""
    live = f"{up}lab/index.html?path={html.escape(name)}"
    return (
        f'<div class="tcg-page-banner" style="font:16px sans-serif;padding:.6rem 1rem;background:#e3f2fd;'
        f'border-bottom:1px solid #90caf9"><a href="{live}">'
        "<b>Open this lesson live / このレッスンを開いて動かす</b></a>"
        f' · <a href="{up}index.html">all lessons / レッスン一覧</a>'
        f' <small style="color:#555">(rendered in {seconds:.0f} s{size})</small></div>'
    )


def main(out: Path, root: Path, notebooks: list[Path]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(template_name="lab")
    with tempfile.TemporaryDirectory(prefix="tcgteach-pages-") as tmp:
        for path in notebooks:
            name = path.resolve().relative_to(root.resolve()).as_posix()
            copy = Path(tmp) / path.name
            shutil.copy2(path, copy)
            nb = nbformat.read(copy, as_version=4)
            start = time.perf_counter()
            nbclient.NotebookClient(
                nb, timeout=1800, kernel_name="python3", store_widget_state=True, resources={"metadata": {"path": tmp}}
            ).execute()
            body, _ = exporter.from_notebook_node(nb)
            body = body.replace("<body", '<body data-tcgteach-page="1"', 1)
            i = body.index(">", body.index("<body")) + 1
            body = body[:i] + banner(name, time.perf_counter() - start) + body[i:]
            target = out / (name.removesuffix(".ipynb") + ".html")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
            print(f"   pages/{target.relative_to(out).as_posix()} ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]])
