"""Build the static site: the lessons and the classroom in any browser, with nothing to install.

    bash run.sh site                 # = .venv-site/bin/python lite/build.py --out site --pages-python .venv/bin/python

What it makes (``--out``, default ``site/``):
- a JupyterLite site (Pyodide kernel) with every notebook of ``notebooks/``: ``lab/index.html?path=NAME.ipynb``,
  the lessons in both languages (``?path=en/01_darkmoon.ipynb``, ``?path=ja/01_darkmoon.ipynb``);
- the classroom (and every notebook) as a Voici app page: ``voici/render/NAME.html``;
- ``pages/NAME.html``: each lesson run once with its outputs (boards and graphs included), to read without a
  kernel, with a link to open the same lesson live (``pages/ja/01_darkmoon.html``; skipped with ``--no-pages``);
- ``api/``: the API reference, built from the docstrings by ``lite/api.py`` (pdoc) with the pages' Python;
- ``index.html``: a start page linking all of them, in English and Japanese.

Everything the browser needs is in the folder: the Pyodide runtime (npm package ``pyodide``), the tcgteach
wheel and its pure-Python dependencies, the Python packages the kernel itself loads (pure wheels from PyPI,
see ``local_pyodide.py``) and the icon font the Voici pages use. Nothing is fetched from a package index or
a CDN when the site runs. Compiled packages that only Pyodide's CDN serves (numpy, matplotlib) are not
bundled: lesson 04 says so in one line and stops.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYODIDE_VERSION = "0.27.6"  # what jupyterlite-pyodide-kernel 0.6.1 runs (its constants.PYODIDE_VERSION)
FONTAWESOME_VERSION = "5.15.4"  # the icon font voila's template links from a CDN
#: tcgteach's own dependencies that the Pyodide lock lacks, as pure wheels (networkx, tqdm are in the lock)
EXTRA_WHEELS = ("graphviz==0.21", "ipywidgets==8.1.9", "comm==0.2.3", "jupyterlab_widgets==3.0.17")


def say(message: str) -> None:
    print(f"   {message}", flush=True)


def run(cmd: list[str], **kw: object) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if done.returncode != 0:
        sys.exit(f"site: {' '.join(map(str, cmd))} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")


def wheels(work: Path) -> list[Path]:
    """The tcgteach wheel, built from the files git tracks (pip would write build/ into the checkout), and
    its pure dependencies for Pyodide's Python."""
    out = work / "wheels"
    out.mkdir()
    src = work / "src"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if not name or not (REPO / name).exists():
            continue
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (REPO / name).is_symlink():
            os.symlink(os.readlink(REPO / name), target)
        else:
            shutil.copy2(REPO / name, target)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    run(pip + ["wheel", "--no-deps", str(src), "-w", str(out)])
    pyver = "3.12"  # the Python of Pyodide 0.27
    run(
        pip
        + [
            "download",
            "--only-binary=:all:",
            "--no-deps",
            "--python-version",
            pyver,
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            *EXTRA_WHEELS,
            "-d",
            str(out),
        ]
    )
    found = sorted(out.glob("*.whl"))
    say(f"wheels: {', '.join(w.name for w in found)}")
    return found


def npm_package(cache: Path, spec: str, folder: str) -> Path:
    """An npm package unpacked into the cache (fetched once with ``npm pack``)."""
    dest = cache / folder
    if (dest / "package" / "package.json").exists():
        return dest / "package"
    if shutil.which("npm") is None:
        sys.exit("site: npm is needed to fetch the Pyodide runtime (on Debian/Ubuntu: apt-get install npm)")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        run(["npm", "pack", "-q", spec, "--pack-destination", tmp])
        tgz = next(Path(tmp).glob("*.tgz"))
        run(["tar", "xzf", str(tgz), "-C", str(dest)])
    return dest / "package"


#: what makes a page load something from the internet: a script, image or frame source, or a stylesheet (a link
#: of a page's text, ``<a href="https://...">``, loads nothing until the reader follows it)
LOADS_FROM_THE_INTERNET = re.compile(r'\bsrc="https?://|<link\b[^>]*\bhref="https?://')


def localize(out: Path, fontawesome: Path) -> None:
    """Voici pages: the icon font from the site instead of a CDN, and the kernel's URLs from the site root
    (the kernel resolves them against the page's own URL, two folders down)."""
    dest = out / "static" / "fontawesome"
    for sub in ("css", "webfonts"):
        shutil.copytree(fontawesome / sub, dest / sub, dirs_exist_ok=True)
    shutil.copy2(fontawesome / "LICENSE.txt", dest / "LICENSE.txt")
    fa5 = re.compile(r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@\^5/css/")
    fa4 = re.compile(
        r'<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/npm/font-awesome@4\.5\.0/css/'
        r'font-awesome\.min\.css"[^>]*>'
    )
    urls = re.compile(r'"\./(static/pyodide/|pypi/|extensions/@jupyterlite/pyodide-kernel-extension/)')
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        rel = os.path.relpath(dest / "css", page.parent) + "/"
        new = fa5.sub(rel, text)
        new = fa4.sub(
            f'<link rel="stylesheet" href="{rel}all.min.css" type="text/css" />'
            f'<link rel="stylesheet" href="{rel}v4-shims.min.css" type="text/css" />',
            new,
        )
        if "voici" in page.relative_to(out).parts:
            up = os.path.relpath(out, page.parent) + "/"
            new = urls.sub(lambda m, up=up: '"' + up + m.group(1), new)
        if new != text:
            page.write_text(new, encoding="utf-8")
    pages = out.rglob("*.html")
    left = [str(p.relative_to(out)) for p in pages if LOADS_FROM_THE_INTERNET.search(p.read_text("utf-8"))]
    if left:
        sys.exit(f"site: pages still load something from the internet: {left}")


#: how long each loading stage of an app page takes, in seconds from the page's start: measured with
#: ``lite/measure_loading.py`` (headless chromium, fresh profile, the site on 127.0.0.1) on the project's 2-core
#: machine while other work ran: three loads of the classroom took 36, 44 and 47 s in all. Each stage ends
#: at: the runtime, when pyodide.asm.wasm has arrived (5-15 s); the packages, when the last wheel has (22-28 s);
#: the kernel, when the kernel is idle and the notebook's cells run (33-42 s); the app shows 3-4 s later.
STAGE_ENDS = (12, 26, 44)
#: the same page while the machine was busy (two JupyterLabs and their kernels starting meanwhile): 74 and
#: 89 s (issue 21 saw 79 s); the page names this as the upper end
BUSY_S = 90
#: a load slower than this says so (the page keeps waiting: nothing is fetched from the internet)
SLOW_S = 50

STAGES_HTML = """<div id="tcg-loading" class="tcg-loading" role="status" aria-live="polite">
<p class="tcg-loading-head">Starting Python in this browser: about {total} s on our computer, up to {busy} s when it is
busy<br>Pythonをこのブラウザーの中で起動しています。私たちのコンピューターで約{total}秒、<br>
ほかの作業で混んでいるときは{busy}秒ほどかかります。</p>
<ol class="tcg-loading-stages">
<li data-stage="runtime">The Python runtime (Pyodide) — about {t0} s<br>Python本体（Pyodide）— 約{t0}秒</li>
<li data-stage="packages">The packages: tcgteach, ipywidgets, the kernel's — about {t1} s<br>
パッケージ（tcgteach、ipywidgets、カーネル用）— 約{t1}秒</li>
<li data-stage="kernel">The kernel starts and runs the app — about {t2} s<br>
カーネルを起動してアプリを動かす — 約{t2}秒</li>
</ol>
<p class="tcg-loading-clock"><span class="tcg-loading-elapsed">0</span> s so far /
経過 <span class="tcg-loading-elapsed">0</span>秒</p>
<p class="tcg-loading-slow" hidden>Slower than on our computer, but still working: everything comes from this site,
nothing from the internet.<br>
私たちのコンピューターより時間がかかっていますが、動いています。<br>
必要なものはすべてこのサイトから読み込み、インターネットには接続しません。</p>
</div>
<h2 id="loading_text" hidden>Running ...</h2>"""

STAGES_CSS = """<style>
#loading{{height:auto;min-height:60vh;padding-top:6vh;justify-content:flex-start}}
#loading .spinner-container{{width:72px}}
.tcg-loading{{font:18px/1.5 "Noto Sans CJK JP","Noto Sans",sans-serif;max-width:44rem;margin:1rem auto;color:#263238}}
.tcg-loading-head{{font-weight:600}}
.tcg-loading-stages{{padding-left:1.6em}}
.tcg-loading-stages li{{margin:.5em 0;color:#78909c}}
.tcg-loading-stages li.tcg-now{{color:#0d47a1;font-weight:600}}
.tcg-loading-stages li.tcg-now::marker{{content:"▶ "}}
.tcg-loading-stages li.tcg-done{{color:#2e7d32}}
.tcg-loading-stages li.tcg-done::marker{{content:"✓ "}}
.tcg-loading-clock{{color:#455a64}}
</style>"""

#: marks the stage the page is in: the kernel stage starts for certain when Voici runs the first cell (its
#: update_loading_text with a cell number); before that the browser tells the page nothing (Pyodide loads in a
#: worker), so the runtime and packages stages follow the clock against the measured STAGE_ENDS
STAGES_JS = """<script>
(function () {{
  var ends = {ends}, slow = {slow}, t0 = Date.now(), running = false, timer;
  function mark() {{
    var el = document.getElementById("tcg-loading");
    if (!el) {{ clearInterval(timer); return; }}
    var s = (Date.now() - t0) / 1000, now = running ? 2 : (s < ends[0] ? 0 : (s < ends[1] ? 1 : 2));
    var items = el.querySelectorAll("li[data-stage]");
    for (var i = 0; i < items.length; i++) {{
      items[i].className = i < now ? "tcg-done" : (i === now ? "tcg-now" : "");
    }}
    el.setAttribute("data-stage", items[now].getAttribute("data-stage"));
    var clocks = el.querySelectorAll(".tcg-loading-elapsed");
    for (var j = 0; j < clocks.length; j++) {{ clocks[j].textContent = Math.floor(s); }}
    el.querySelector(".tcg-loading-slow").hidden = s < slow;
  }}
  var update = window.update_loading_text;
  window.update_loading_text = function (cell, count, text) {{
    if (cell > 0) {{ running = true; }}
    mark();
    return update && update(cell, count, text);
  }};
  timer = setInterval(mark, 500);
  mark();
}})();
</script>"""


def loading_stages(out: Path) -> None:
    """Voici pages: in place of Voila's bare spinner ("Running ..."), the three loading stages with the times
    measured on our machine (STAGE_ENDS), the one in progress marked, and the seconds so far."""
    ends = STAGE_ENDS
    spans = (ends[0], ends[1] - ends[0], ends[2] - ends[1])
    markup = STAGES_HTML.format(total=ends[2], busy=BUSY_S, t0=spans[0], t1=spans[1], t2=spans[2])
    script = STAGES_JS.format(ends=json.dumps(list(ends)), slow=SLOW_S)
    css = STAGES_CSS.format()
    pages = sorted((out / "voici").rglob("*.html"))
    changed = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if '<h2 id="loading_text">Running ...</h2>' not in text:
            continue
        text = text.replace('<h2 id="loading_text">Running ...</h2>', markup, 1)
        text = text.replace("<!-- voila spinner -->", css + "\n  <!-- voila spinner -->", 1)
        head, sep, rest = text.partition("window.voila_finish = () => {};\n</script>")
        if not sep:
            sys.exit(f"site: {page}: Voila's loading script changed (no window.voila_finish): update loading_stages")
        page.write_text(head + sep + "\n" + script + rest, encoding="utf-8")
        changed += 1
    if not changed:
        sys.exit("site: no Voici page has Voila's loading text: update loading_stages to the new template")
    say(f"loading stages on {changed} Voici pages")


#: the page's side of the links (tcgteach/widgets/links.py): the same script the classroom's Voila template holds
LINKS_JS = REPO / "tcgteach" / "data" / "jupyter" / "voila" / "templates" / "tcgteach" / "tcgteach-links.js"


def links_script(out: Path) -> None:
    """Voici pages: the links script before ``</body>``: it hands the page's address (a link's fragment) to the
    classroom's kernel and copies links to the clipboard. A kernel cannot read its page's address itself."""
    script = "<script>\n" + LINKS_JS.read_text(encoding="utf-8") + "</script>\n"
    pages = sorted((out / "voici").rglob("*.html"))
    changed = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        head, sep, rest = text.rpartition("</body>")
        if sep:
            page.write_text(head + script + sep + rest, encoding="utf-8")
            changed += 1
    if not changed:
        sys.exit("site: no Voici page has a </body>: update links_script")
    say(f"links script on {changed} Voici pages")


NOTEBOOKS = REPO / "notebooks"


def lessons() -> list[Path]:
    """Every notebook: the start page, the classroom and the lessons in en/ and ja/."""
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def name_of(nb: Path) -> str:
    return nb.relative_to(NOTEBOOKS).as_posix()


def _title(nb: Path) -> str:
    data = json.loads(nb.read_text(encoding="utf-8"))
    return next(
        (
            line.lstrip("# ").strip()
            for c in data["cells"]
            if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines()
            if line.startswith("# ")
        ),
        nb.stem,
    )


def _links(nb: Path, pages: bool, read: str) -> str:
    name = name_of(nb)
    live = f'<a href="lab/index.html?path={name}"><b>{html.escape(_title(nb))}</b></a>'
    page = f' · <a href="pages/{name.removesuffix(".ipynb")}.html">{read}</a>' if pages else ""
    return live + page


def landing(out: Path, pages: bool) -> None:
    """The site's start page (in place of JupyterLite's redirect to the lab app): every lesson live and to
    read, in English and in Japanese, and the classroom."""
    rows = []
    for en in sorted((NOTEBOOKS / "en").glob("*.ipynb")):
        ja = NOTEBOOKS / "ja" / en.name
        rows.append(
            f"<tr><td>{html.escape(en.stem[:2])}</td><td>{_links(en, pages, 'read')}</td>"
            f"<td>{_links(ja, pages, '読む') if ja.exists() else ''}</td></tr>"
        )
    start = NOTEBOOKS / "00_start_here.ipynb"
    (out / "index.html").write_text(
        f"""<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>tcgteach — DARK MOON / ドラゴンクエストカードゲーム</title>
<!-- the root of the JupyterLite site: its apps read this (empty) configuration from here; without
     JupyterLite's own script this page does not redirect to the lab app -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>body{{font:18px/1.5 "Noto Sans CJK JP","Noto Sans",sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem}}
td{{padding:.3rem .8rem;vertical-align:top}} a{{color:#0d47a1}} .big{{font-size:1.3rem}}</style></head>
<body><h1>tcgteach</h1>
<p>Learn two Japanese trading card games by playing and stepping through them — nothing to install: Python runs
in this browser. Starting it takes about {STAGE_ENDS[2]} s on our computer, up to {BUSY_S} s when it is busy (the Python
runtime, the packages, then the kernel: the page shows each stage).<br>
2つの日本のトレーディングカードゲームを、実際に遊びながら1手ずつ学べます。インストールは不要で、Pythonはこのブラウザーの中で動きます。起動には、私たちのコンピューターで約{STAGE_ENDS[2]}秒、混んでいるときは{BUSY_S}秒ほどかかります（Python本体、パッケージ、カーネルの順に読み込み、ページに進み具合が出ます）。</p>
<p class="big"><a href="voici/render/05_classroom.html">▶ The classroom app / 教室アプリ</a></p>
<p><a href="api/index.html">API reference</a> — every public module, class and function of the tcgteach package,
from its docstrings / tcgteach パッケージの API リファレンス（英語）</p>
<h2>Lessons / レッスン</h2>
<p>Open a lesson, then <b>Run → Run All Cells</b> (or Shift+Enter cell by cell, from the top).<br>
レッスンを開き、<b>Run → Run All Cells</b>（または上から1セルずつ Shift+Enter）で動かします。
{f'<a href="lab/index.html?path={name_of(start)}">How to use the lessons / 使い方</a>' if start.exists() else ""}</p>
<table><tr><th></th><th>English</th><th>日本語</th></tr>{"".join(rows)}</table>
<p><small>Lesson 04 draws figures with matplotlib, which this offline build does not bundle; it says so and stops.
レッスン04のグラフには matplotlib が必要ですが、このオフライン版には入っていません（その旨を表示して止まります）。
Built with JupyterLite, Voici and Pyodide {PYODIDE_VERSION}.</small></p>
</body></html>
""",
        encoding="utf-8",
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(REPO / "site"), help="the folder to write (replaced)")
    ap.add_argument("--cache", default=str(REPO / ".cache" / "site"), help="where npm packages are kept")
    ap.add_argument(
        "--pages-python", default=None, help="a Python with tcgteach[notebooks,docs] to render pages/ and api/"
    )
    ap.add_argument("--no-pages", action="store_true", help="skip the rendered pages")
    args = ap.parse_args(argv)
    out, cache = Path(args.out).resolve(), Path(args.cache).resolve()
    with tempfile.TemporaryDirectory(prefix="tcgteach-site-") as tmp:
        work = Path(tmp)
        print("== site: wheels", flush=True)
        found = wheels(work)
        print(f"== site: Pyodide {PYODIDE_VERSION} (npm) and the kernel's packages", flush=True)
        pyodide = npm_package(cache, f"pyodide@{PYODIDE_VERSION}", f"pyodide-{PYODIDE_VERSION}")
        fontawesome = npm_package(
            cache, f"@fortawesome/fontawesome-free@{FONTAWESOME_VERSION}", f"fontawesome-{FONTAWESOME_VERSION}"
        )
        lite = work / "lite"
        (lite / "files").mkdir(parents=True)
        # overrides.json: the notebook keeps every cell in the page once drawn ("defer"), not only those in view
        # ("full", the default): the lessons are full of widgets, which a windowed cell detaches and redraws
        for name in ("jupyter_lite_config.json", "jupyter-lite.json", "overrides.json"):
            shutil.copy2(HERE / name, lite / name)
        for nb in lessons():
            target = lite / "files" / name_of(nb)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(nb, target)
        run(
            [
                sys.executable,
                str(HERE / "local_pyodide.py"),
                str(pyodide),
                str(lite / "static" / "pyodide"),
                f"{Path(sys.executable).parent / 'pip'}",
                *map(str, found),
            ]
        )
        print("== site: jupyter lite build (lab, notebooks, voici)", flush=True)
        if out.exists():
            shutil.rmtree(out)
        run(
            [
                str(Path(sys.executable).parent / "jupyter"),
                "lite",
                "build",
                "--apps",
                "lab",
                "--apps",
                "notebooks",
                "--apps",
                "voici",
                "--output-dir",
                str(out),
            ],
            cwd=lite,
        )
        localize(out, fontawesome)
        loading_stages(out)
        links_script(out)
    pages = not args.no_pages
    if pages:
        print("== site: pages (each lesson run once, with its outputs)", flush=True)
        py = args.pages_python or sys.executable
        run([py, str(HERE / "pages.py"), str(out / "pages"), str(NOTEBOOKS), *map(str, lessons())])
    print("== site: api (the API reference, from the docstrings; a warning fails the build)", flush=True)
    run([args.pages_python or sys.executable, str(HERE / "api.py"), str(out / "api")])
    landing(out, pages)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"== site: {out} ({size / 1e6:.0f} MB, {sum(1 for _ in out.rglob('*'))} files)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
