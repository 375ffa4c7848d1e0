"""Real-browser tests: JupyterLab and Voila driven by Playwright in Debian's chromium.

Fixtures (no pytest-playwright: plain ``playwright.sync_api``). Servers, browser and context are
package-scoped: started once for this folder's tests, and stopped right after the last of them (not
left running while the rest of the suite runs).

- ``lab_server`` / ``voila_server``: one JupyterLab and one Voila for the whole run, on free ports, with
  a token, HOME and every Jupyter folder inside a temporary folder, the notebooks copied there (the
  lessons in the repo are never touched). Both boot at once when the first browser test starts.
- ``browser``: chromium from ``/usr/bin/chromium`` (``TCGTEACH_CHROMIUM`` to override). If it
  is missing the tests FAIL and say ``apt-get install chromium`` (never ``playwright install``).
- ``page`` (per test): a new page (in one browser context shared by the tests, for its caches). After the
  test body runs, pass or fail, a screenshot named after the test is saved in ``$TCGTEACH_TEST_OUTPUT``
  (else ``<repo>/test-output/browser/``), with the page's HTML and console too when the test failed;
  the servers' logs are there too.

Helpers for the tcgteach widgets (``Stepper``, ``CombatView``, ``Classroom``): read the position the
page shows (``snapshot``), click and wait until the widget has settled (``click_and_settle``), and
check the flow-graph highlight from computed styles (``assert_highlight``).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize

#: what the widget shows, read from the page by _SNAPSHOT_JS (node, board, actions, log ...)
Snapshot = dict[str, Any]
#: the servers the selected tests use, by name ("lab", "voila"); None: not available
Servers = dict[str, "Server | None"]

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM = os.environ.get("TCGTEACH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # nothing resolves but this machine: a second wall behind the offline tests' request guard
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
]
VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}
SERVER_START_TIMEOUT = 90  # s; JupyterLab is ready in ~5 s here
VOILA_NOTEBOOK = "05_classroom.ipynb"
KERNEL_TIMEOUT_MS = 90_000  # running a whole lesson (graphviz, agents) in a cold kernel


def require_chromium() -> None:
    """Fail (never skip) when chromium is missing, saying how to install it."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"chromium is not installed at {CHROMIUM}: the browser tests need Debian's chromium. Install it "
            "with `apt-get install chromium` (as root; `sudo apt-get install chromium` otherwise) or set "
            "TCGTEACH_CHROMIUM to a chromium binary. Do not run `playwright install`.",
            pytrace=False,
        )


def output_dir() -> Path:
    """Where screenshots and server logs go: $TCGTEACH_TEST_OUTPUT, else <repo>/test-output/browser."""
    env = os.environ.get("TCGTEACH_TEST_OUTPUT")
    out = Path(env) if env else REPO / "test-output" / "browser"
    out.mkdir(parents=True, exist_ok=True)
    return out


def artifact_name(nodeid: str) -> str:
    """tests/browser/test_lab.py::test_x[01_darkmoon] -> test_lab-test_x-01_darkmoon"""
    path, _, rest = nodeid.partition("::")
    name = Path(path).stem + "-" + rest.replace("::", "-")
    name = name.replace("[", "-").replace("]", "")
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


# -- servers -------------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Server:
    name: str
    port: int
    token: str
    root: Path
    log_path: Path
    proc: subprocess.Popen[bytes] | None = None
    _log: IO[str] | None = field(default=None, repr=False)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "", **query: str) -> str:
        query = {**query, "token": self.token}
        return f"{self.base}/{path.lstrip('/')}?{urllib.parse.urlencode(query)}"

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def start(self, cmd: list[str], env: dict[str, str]) -> None:
        self._log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop())
        # a session of its own: stop() signals this server's process group, nothing else
        self.proc = subprocess.Popen(
            cmd,
            cwd=self.root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self) -> None:
        """Ready when the TCP port accepts (a GET on Voila's page would start a kernel)."""
        assert self.proc is not None, f"{self.name} was not started"
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(
                    f"{self.name} exited with code {self.proc.returncode} before it was ready; its log "
                    f"({self.log_path}):\n{self.log_tail()}",
                    pytrace=False,
                )
            if port_open(self.port):
                return
            time.sleep(0.1)
        pytest.fail(
            f"{self.name} did not open port {self.port} in {SERVER_START_TIMEOUT} s; its log "
            f"({self.log_path}):\n{self.log_tail()}",
            pytrace=False,
        )

    def api(self, method: str, path: str) -> Any:  # the JSON of the reply
        req = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def terminate(self) -> None:
        """Ask the server to stop (SIGTERM to its process group: it shuts its kernels down)."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)

    def stop(self) -> None:
        """Terminate, wait (SIGKILL after 15 s), close the log."""
        proc = self.proc
        if proc is not None:
            self.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()


def jupyter_env(tmp: Path) -> dict[str, str]:
    """HOME and every Jupyter/IPython folder inside ``tmp``; the kernel imports this checkout of tcgteach."""
    dirs = {
        name: tmp / sub
        for name, sub in (
            ("HOME", "home"),
            ("IPYTHONDIR", "ipython"),
            ("JUPYTER_CONFIG_DIR", "jupyter-config"),
            ("JUPYTER_DATA_DIR", "jupyter-data"),
            ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"),
            ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
            ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
            ("MPLCONFIGDIR", "matplotlib"),
        )
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    for key in ("JUPYTER_PATH", "JUPYTER_PREFER_ENV_PATH", "JUPYTER_TOKEN", "JPY_SESSION_NAME"):
        env.pop(key, None)
    for key in ("TCGTEACH_CARDS", "TCGTEACH_CARDS_GAME", "TCGTEACH_PUZZLES"):  # what `tcgteach classroom` hands
        env.pop(key, None)  # its notebook: the apps the tests open play the games' own cards and puzzles
    env.update({k: str(v) for k, v in dirs.items()})
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def lab_settings(env: dict[str, str]) -> None:
    """No news or update checks (offline), no autosave (the copied notebooks stay as they were), and no
    build check (the page asks the server to inspect Lab's build at every load: ~1 s of CPU)."""
    files = {
        Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
        Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
            "autosave": False
        },
        Path(env["JUPYTER_CONFIG_DIR"]) / "labconfig" / "page_config.json": {
            "buildCheck": False,
            "buildAvailable": False,
        },
    }
    for path, value in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))


def start_lab(jupyter_tmp: Path) -> Server:
    env = jupyter_env(jupyter_tmp / "lab")
    lab_settings(env)
    server = Server(
        "JupyterLab",
        free_port(),
        secrets.token_hex(16),
        jupyter_tmp / "notebooks",
        output_dir() / "jupyterlab-server.log",
    )
    server.start(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={server.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={server.token}",
            f"--ServerApp.root_dir={server.root}",
            "--ServerApp.open_browser=False",
        ],
        env,
    )
    return server


def start_voila(jupyter_tmp: Path) -> Server | None:
    notebook = jupyter_tmp / "notebooks" / VOILA_NOTEBOOK
    if not notebook.exists():
        return None
    from tcgteach.classroom_server import TEMPLATE, with_template

    env = with_template(jupyter_env(jupyter_tmp / "voila"))  # what `tcgteach classroom` serves: its template
    server = Server(
        "Voila", free_port(), secrets.token_hex(16), jupyter_tmp / "notebooks", output_dir() / "voila-server.log"
    )
    server.start(
        [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            f"--template={TEMPLATE}",
            "--no-browser",
            f"--port={server.port}",
            "--Voila.ip=127.0.0.1",
            f"--Voila.token={server.token}",
            "--Voila.port_retries=0",
            "--Voila.tornado_settings={'disable_check_xsrf': True}",
            "--VoilaConfiguration.show_tracebacks=True",
        ],
        env,
    )
    return server


@pytest.fixture(scope="package", autouse=True)
def servers(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """Start, all at once and before the browser, the servers that the selected tests use (booting takes
    ~5 s each; in parallel they overlap with chromium's start). Stopped after the last browser test."""
    wanted = {
        name
        for item in request.session.items
        for name in ("lab_server", "voila_server")
        if name in getattr(item, "fixturenames", ())
    }
    if not wanted:
        yield {}
        return
    require_chromium()  # before booting servers for nothing
    tmp = tmp_path_factory.mktemp("jupyter")
    shutil.copytree(NOTEBOOKS, tmp / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    started: dict[str, Server | None] = {}
    try:
        if "lab_server" in wanted:
            started["lab"] = start_lab(tmp)
        if "voila_server" in wanted:
            started["voila"] = start_voila(tmp)
        yield started
    finally:
        lab = started.get("lab")
        if lab is not None and lab.proc is not None and lab.proc.poll() is None:
            with contextlib.suppress(Exception):
                delete_lab_sessions(lab)
        running = [server for server in started.values() if server is not None]
        for server in running:
            server.terminate()  # all at once, then wait for each
        for server in running:
            server.stop()


@pytest.fixture(scope="package")
def lab_server(servers: Servers) -> Server:
    """One JupyterLab for the browser tests (token, free port, Jupyter dirs in a temporary folder)."""
    server = servers["lab"]
    assert server is not None
    server.wait_ready()
    return server


@pytest.fixture(scope="package")
def voila_server(servers: Servers) -> Server:
    """One Voila serving notebooks/05_classroom.ipynb for the browser tests."""
    server = servers["voila"]
    if server is None:
        pytest.fail(f"{NOTEBOOKS / VOILA_NOTEBOOK} does not exist: the Voila classroom app is missing", pytrace=False)
    server.wait_ready()
    return server


def start_lab_session(server: Server, path: str) -> str:
    """Start the kernel of a notebook ahead of the page (Lab attaches to a session of the same path)."""
    body = json.dumps({"path": path, "name": path, "type": "notebook", "kernel": {"name": "python3"}}).encode()
    req = urllib.request.Request(
        server.url("api/sessions"), data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        session_id: str = json.loads(resp.read())["id"]
        return session_id


def write_notebook(root: Path, name: str, cells: list[str]) -> str:
    """A notebook ``name`` of code ``cells`` in ``root`` (the Lab server's folder); returns its name."""
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": src}
            for i, src in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def delete_lab_sessions(server: Server, path: str | None = None) -> None:
    """Lab's kernels outlive the browser page: shut them down (those of ``path``, or all) via the REST API."""
    for session in server.api("GET", "api/sessions") or []:
        if path is None or session.get("path") == path:
            server.api("DELETE", f"api/sessions/{session['id']}")


# -- browser -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="package")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    env: dict[str, str | float | bool] = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
    }
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="package")
def browser_context(browser: Browser) -> Iterator[BrowserContext]:
    """One context for all the browser tests: its HTTP and code caches make the second JupyterLab load ~1 s faster.
    Tests still get a page of their own, and each Lab test a workspace of its own."""
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(30_000)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(browser_context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    stem = output_dir() / artifact_name(request.node.nodeid)
    for suffix in (".png", ".html", ".console.txt"):  # no stale artifact of this test from an earlier run
        Path(f"{stem}{suffix}").unlink(missing_ok=True)
    pg = browser_context.new_page()
    console: list[str] = []
    pg.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    pg.on("pageerror", lambda exc: console.append(f"[pageerror] {exc}"))
    request.node._tcg_page = (pg, console)
    try:
        yield pg
    finally:
        request.node._tcg_page = None
        with contextlib.suppress(Exception):
            pg.goto("about:blank")  # lets Voila free the page's kernel
        pg.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """After the test body (pass or fail), before any teardown: screenshot, and HTML + console on failure."""
    rep = yield
    if rep.when == "call" or (rep.when == "setup" and rep.failed):
        held = getattr(item, "_tcg_page", None)
        if held:
            pg, console = held
            stem = output_dir() / artifact_name(item.nodeid)
            try:
                pg.screenshot(path=f"{stem}.png", timeout=15_000)
                rep.sections.append(("browser", f"screenshot: {stem}.png"))
            except Exception as exc:  # noqa: BLE001 (a screenshot must not hide the test's own outcome)
                rep.sections.append(("browser", f"no screenshot ({type(exc).__name__}: {exc})"))
            if rep.failed:
                with contextlib.suppress(Exception):
                    Path(f"{stem}.html").write_text(pg.content(), encoding="utf-8")
                Path(f"{stem}.console.txt").write_text("\n".join(console), encoding="utf-8")
                rep.sections.append(("browser", f"page HTML and console: {stem}.html, {stem}.console.txt"))
    return rep


# -- reading and clicking the tcgteach widgets -------------------------------------------------------------------
_SNAPSHOT_JS = """
root => {
  const q = s => root.querySelector(s);
  const state = q('.tcg-flow-state');
  const board = q('.tcg-board-view .tcg-board');
  const text = s => { const e = q(s); return e ? e.innerText.trim() : null; };
  return {
    node: state ? state.dataset.current : null,
    edges: state ? state.dataset.edges : null,
    boardNode: board ? board.dataset.node : null,
    current: board ? board.dataset.current : null,
    board: text('.tcg-board-view'),
    log: Array.from(root.querySelectorAll('.tcg-log .tcg-log-line')).map(
      e => ({rule: e.dataset.rule, text: e.innerText.trim()})),
    message: text('.tcg-message'),
    hint: text('.tcg-hint-text'),
    moving: (q('.tcg-status-line') || {dataset: {}}).dataset.moving || '0',
    actions: Array.from(root.querySelectorAll('button.tcg-action')).map(
      b => ({label: b.innerText.trim(), title: b.title || ''})),
  };
}
"""


def snapshot(root: Locator) -> Snapshot:
    """What the widget shows now, read from the page (``root``: the ``.tcg-stepper`` locator)."""
    snap: Snapshot = root.evaluate(_SNAPSHOT_JS)
    return snap


def settled(snap: Snapshot, persons: set[int]) -> bool:
    """The views agree with each other: board and graph on one node; buttons iff a person decides; the
    agents are not in the middle of showing their moves one by one."""
    if snap["node"] is None or snap["node"] != snap["boardNode"] or snap.get("moving") == "1":
        return False
    cur = snap["current"]
    if cur in (None, ""):  # the game is over
        return not snap["actions"]
    return (int(cur) in persons) == bool(snap["actions"])


def wait_settled(
    root: Locator,
    persons: set[int],
    before: Snapshot | None = None,
    timeout: float = 20.0,
    quiet: float = 0.25,
    until: Callable[[Snapshot], object] | None = None,
) -> Snapshot:
    """Poll until the widget differs from ``before``, is consistent, (``until(snap)``), and stays the same
    for ``quiet`` seconds: the kernel's updates arrive as several messages, rendered asynchronously."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        snap = snapshot(root)
        if snap != last:
            last, since = snap, time.monotonic()
        elif (
            (before is None or snap != before)
            and settled(snap, persons)
            and (until is None or until(snap))
            and time.monotonic() - since >= quiet
        ):
            return snap
        time.sleep(0.05)
    raise AssertionError(
        f"the widget did not settle in {timeout} s (persons={persons}); before: {_short(before)}\nnow: {_short(last)}"
    )


def _short(snap: Snapshot | None) -> str:
    if snap is None:
        return "None"
    s = dict(snap)
    s["board"] = (s.get("board") or "")[:300]
    s["log"] = f"{len(snap['log'])} lines, last: {snap['log'][-2:]}"
    return json.dumps(s, ensure_ascii=False)


def click_and_settle(root: Locator, button: Locator, persons: set[int], **kw: Any) -> Snapshot:
    """Click ``button`` (a locator inside ``root``) and wait for the widget's reaction to settle."""
    before = snapshot(root)
    button.click()
    return wait_settled(root, persons, before=before, **kw)


_HIGHLIGHT_JS = """
root => {
  const graph = root.querySelector('.tcg-graph div.tcg-flow');
  if (!graph) return null;
  const scope = Array.from(graph.classList).find(c => /^tcg-flow-/.test(c));
  return {scope: scope || null, nodes: Array.from(graph.querySelectorAll('g.tcg-node')).map(g => {
    const cls = Array.from(g.classList).find(c => c.startsWith('tcg-n-'));
    const shape = g.querySelector('polygon, ellipse, path');
    const cs = shape ? getComputedStyle(shape) : null;
    return {cls: cls || null, fill: cs ? cs.fill : null, stroke: cs ? cs.stroke : null,
            strokeWidth: cs ? cs.strokeWidth : null};
  })};
}
"""


def selected_label(root: Locator, cls: str) -> str:
    """The shown label of the dropdown ``.<cls> select`` (ipywidgets writes spaces as no-break spaces)."""
    label: str = root.locator(f".{cls} select").evaluate("s => s.options[s.selectedIndex].text")
    return label.replace("\xa0", " ")


def node_class(node_id: str) -> str:
    """The SVG group class of a flow node (tcgteach.viz.flowgraph: dots become ``_o_``)."""
    return "tcg-n-" + node_id.replace(".", "_o_")


def node_styles(root: Locator) -> dict[str, dict[str, Any]]:
    """Computed fill/stroke/stroke-width of every flow-graph node's shape, by group class."""
    data = root.evaluate(_HIGHLIGHT_JS)
    assert data is not None, "no flow graph (.tcg-graph div.tcg-flow) in the widget"
    assert data["scope"], "the flow graph's div has no tcg-flow-<n> scope class"
    styles = {n["cls"]: n for n in data["nodes"] if n["cls"]}
    assert styles, "the flow graph has no node groups of class tcg-n-<node>"
    return styles


def rgb(hex_color: str) -> str:
    """#ffd54f -> rgb(255, 213, 79), as getComputedStyle reports colours."""
    h = hex_color.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i : i + 2], 16) for i in (0, 2, 4)))


def lit_nodes(styles: dict[str, dict[str, Any]]) -> list[str]:
    """The node classes whose shape is painted with the highlight colour (computed style)."""
    from tcgteach.viz.flowgraph import CURRENT_FILL

    return sorted(cls for cls, st in styles.items() if st["fill"] == rgb(CURRENT_FILL))


def assert_highlight(root: Locator, node_id: str) -> dict[str, dict[str, Any]]:
    """``node_id`` (the widget's data-current) is the one node drawn highlighted, unlike the others."""
    styles = node_styles(root)
    cls = node_class(node_id)
    if cls not in styles:  # a node of another flow (the combat graph during the main phase): nothing lit
        assert not lit_nodes(styles), f"{node_id!r} is not in this graph, yet {lit_nodes(styles)} are highlighted"
        return styles
    assert lit_nodes(styles) == [cls], f"highlighted nodes {lit_nodes(styles)}, expected [{cls}] (data-current)"
    mine = styles[cls]
    look = (mine["fill"], mine["stroke"], mine["strokeWidth"])
    same = [c for c, st in styles.items() if c != cls and (st["fill"], st["stroke"], st["strokeWidth"]) == look]
    assert not same, f"{same} look like the highlighted node {cls}: {mine}"
    return styles


# -- links (issue 27 item 5) ----------------------------------------------------------------------------------
def game_at(name: str, moves: int, seed: int = 1) -> Any:
    """A game of ``name`` with the classroom's options, ``moves`` random actions in (a link's moment)."""
    import random

    import tcgteach

    state = tcgteach.game(name, tcgteach.game_class(name).classroom_options).new_state(seed=seed)
    rng = random.Random(seed)
    while len(state.history) < moves and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def damaged_link(fragment: str) -> str:
    """``fragment`` with one character in its middle changed (a copy gone wrong)."""
    i = len(fragment) // 2
    return fragment[:i] + ("A" if fragment[i] != "A" else "B") + fragment[i + 1 :]


#: a link whose record names a deck with markup in it: shown, it must stay text (``window.__xss`` stays unset)
XSS_DECK = "<img src=x onerror=window.__xss=1>"


def xss_link() -> str:
    """A link with a valid check whose record carries ``XSS_DECK`` (the engine refuses the deck; the notice
    quotes it)."""
    import base64
    import json
    import zlib

    from tcgteach.links import PREFIX

    record = (
        f"Game: darkmoon\nOptions: \nSeed: 1\nPlayers: 2\nFirstPlayer: random\nDeck1: {XSS_DECK}\nDeck2: ensemble\n\n"
    )
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = json.dumps({"k": "game", "r": record, "n": 0}).encode()
    body = PREFIX + base64.urlsafe_b64encode(squeeze.compress(data) + squeeze.flush()).rstrip(b"=").decode()
    check = base64.urlsafe_b64encode(zlib.crc32(body.encode()).to_bytes(4, "big")).rstrip(b"=").decode()
    return f"{body}.{check}"


def check_link_refused(page: Page, root: Locator) -> None:
    """The notice of a link that could not be opened: both languages (English first in the English classroom),
    nothing of the link as markup, no traceback."""
    from playwright.sync_api import expect

    notice = root.locator(".tcg-link-notice-box")
    expect(notice).to_be_visible(timeout=60_000)
    paragraphs = notice.locator("p")
    assert paragraphs.nth(0).get_attribute("lang") == "en" and paragraphs.nth(1).get_attribute("lang") == "ja"
    text = notice.inner_text()
    assert "could not be opened" in text and "リンクを開けませんでした" in text and "Traceback" not in text
    assert root.locator(".tcg-link-notice img, .tcg-link-notice script").count() == 0
    assert page.evaluate("() => window.__xss") is None


def check_opened_at(root: Locator, expected: Any) -> Snapshot:
    """The classroom shows ``expected``'s moment: its flow node, who decides, its last event; the status says
    the page was opened from a link at that move."""
    from playwright.sync_api import expect

    expect(root.locator(".tcg-message")).to_contain_text("Opened from a link", timeout=120_000)
    n = len(expected.history)
    expect(root.locator(".tcg-message")).to_contain_text(f"move {n} of {n}")
    snap = wait_settled(root, {0}, timeout=60)
    assert snap["node"] == expected.node and snap["boardNode"] == expected.node, snap["node"]
    assert snap["current"] == str(expected.current_player), snap["current"]
    assert snap["log"] and snap["log"][-1]["rule"] == expected.events[-1].rule, snap["log"][-1:]
    assert root.locator(".tcg-link-notice-box").count() == 0
    return snap


def check_copy_link(page: Page, root: Locator, expected: Any, base: str) -> str:
    """Copy link: the clipboard holds the page's own address with a link to the moment shown; the pane says so."""
    from playwright.sync_api import expect

    from tcgteach.links import decode

    root.locator("button.tcg-copy-link").click()
    expect(root.locator(".tcg-link-note")).to_contain_text("Copied", timeout=30_000)
    copied: str = page.evaluate("() => navigator.clipboard.readText()")
    assert copied.startswith(base + "#tcg1."), copied[:120]
    assert copied == root.locator(".tcg-link-field input").input_value()
    assert decode(copied).state().to_dict() == expected.to_dict()  # type: ignore[union-attr]
    return copied
