"""The static site (``bash run.sh site``) in a real browser, fully offline.

The site is built once for this module (lesson 04's page with 40 games), served on 127.0.0.1 under a
sub-path (``/tcgteach/``, as a GitHub Pages project site is), and opened in a browser context that aborts
every request to anything but this machine and records it: the test fails if the site tried to reach a CDN
or a package index. Python runs in the page (Pyodide from the npm package, bundled in the site).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from .conftest import (
    REPO,
    VIEWPORT,
    XSS_DECK,
    artifact_name,
    assert_highlight,
    check_copy_link,
    check_link_refused,
    check_opened_at,
    click_and_settle,
    damaged_link,
    game_at,
    lit_nodes,
    node_class,
    output_dir,
    selected_label,
    wait_settled,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

NOTEBOOKS = REPO / "notebooks"
#: every notebook by its path inside notebooks/: the start page, the classroom, en/… and ja/… lessons
LESSONS = sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb"))
BROWSER_KERNEL_MS = 240_000  # Pyodide boots, loads the kernel's packages and tcgteach, then runs a lesson
LESSON_MS = 480_000  # lesson 01 whole in Pyodide: the seeded game, the stepper, the rule explorer's index, the quiz
LOCAL = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The site, built once for the module; ``TCGTEACH_TEST_SITE=DIR`` reuses one built into ``DIR/tcgteach``
    (``lite/build.py --out DIR/tcgteach``, with ``--no-pages`` for the app tests alone) while developing."""
    reuse = os.environ.get("TCGTEACH_TEST_SITE")
    if reuse:
        return {"root": Path(reuse), "out": Path(reuse) / "tcgteach", "log": ""}
    root = tmp_path_factory.mktemp("pages-root")
    out = root / "tcgteach"
    env = dict(os.environ, TCGTEACH_LESSON_GAMES="40")
    start = time.monotonic()
    done = subprocess.run(
        ["bash", str(REPO / "run.sh"), "site", "--out", str(out)], env=env, capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, f"bash run.sh site failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    print(f"\nsite built in {time.monotonic() - start:.0f} s:\n{done.stdout[-600:]}")
    return {"root": root, "out": out, "log": done.stdout}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served(built: dict[str, Any]) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(built["root"]))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}/tcgteach/"
        finally:
            httpd.shutdown()


@pytest.fixture
def offline_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, list[str]]]:
    """A page in a context of its own that lets nothing leave the machine (and remembers what tried)."""
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US")
    ctx.set_default_timeout(30_000)
    blocked: list[str] = []

    def guard(route):  # type: ignore[no-untyped-def]
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlparse(url).hostname in LOCAL:
            return route.continue_()
        blocked.append(url)
        return route.abort()

    ctx.route("**/*", guard)
    pg = ctx.new_page()
    console: list[str] = []
    pg.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    pg.on("pageerror", lambda exc: console.append(f"[pageerror] {exc}"))
    request.node._tcg_page = (pg, console)
    try:
        yield pg, blocked
    finally:
        request.node._tcg_page = None
        ctx.close()


def test_the_site_holds_every_lesson_live_to_read_and_the_classroom_app(built: dict[str, Any]) -> None:
    out: Path = built["out"]
    assert (out / "lab" / "index.html").exists() and (out / "notebooks" / "index.html").exists()
    index = (out / "index.html").read_text(encoding="utf-8")
    for name in LESSONS:
        stem = name.removesuffix(".ipynb")
        assert (out / "files" / name).exists(), name
        page = (out / "pages" / f"{stem}.html").read_text(encoding="utf-8")
        up = "../" * (name.count("/") + 1)
        assert f'href="{up}lab/index.html?path={name}"' in page, f"{stem}: no link to open it live"
        if "/" in name:  # a lesson: the start page links it live and to read
            assert f'href="lab/index.html?path={name}"' in index and f'href="pages/{stem}.html"' in index
        assert "Traceback (most recent call last)" not in page, f"{stem}: a cell failed while rendering"
    assert (out / "voici" / "render" / "05_classroom.html").exists()
    assert "half a minute" not in index and "30秒" not in index  # the old promise; the page now says each stage
    assert 'href="voici/render/05_classroom.html"' in index
    # the rendered pages show the boards and the graphs as the lessons do
    for lang in ("en", "ja"):
        lesson1 = (out / "pages" / lang / "01_darkmoon.html").read_text(encoding="utf-8")
        assert "tcg-board" in lesson1 and "<svg" in lesson1 and "tcg-n-" in lesson1
        assert "DM-4.4" in lesson1
    assert "公開" in (out / "pages" / "ja" / "01_darkmoon.html").read_text(encoding="utf-8")
    # everything the browser runs is in the folder: Pyodide, the kernel's packages, tcgteach
    pyodide = out / "static" / "pyodide"
    for f in ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (pyodide / f).exists(), f
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    assert {"tcgteach", "micropip", "ipywidgets", "networkx", "graphviz"} <= set(lock)
    missing = [k for k, p in lock.items() if not (pyodide / p["file_name"]).exists()]
    assert not missing, f"lock entries without their file (Pyodide would fetch them from its CDN): {missing}"
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js" and kernel["disablePyPIFallback"] is True
    # the widgets, graphviz and tqdm are the notebooks extra (the bare wheel is the engine): preloaded all the same
    assert {"networkx", "ipywidgets", "graphviz", "tqdm"} <= set(lock["tcgteach"]["depends"])
    assert "matplotlib" not in lock["tcgteach"]["depends"]  # Pyodide's CDN only: lesson 04 says so in one line
    for html in out.rglob("*.html"):
        parts = html.relative_to(out).parts
        if "pages" in parts:  # pages/ are to read online: their widgets come from a CDN
            continue
        text = html.read_text(encoding="utf-8")
        # a page may link out for its reader to follow (the API reference, pdoc's own page); nothing loads
        assert not re.search(r'\bsrc="https?://', text), html
        assert not re.search(r'<link\b[^>]*\bhref="https?://', text), html
    assert (out / "api" / "index.html").exists() and (out / "api" / "tcgteach.html").exists()
    assert 'href="api/index.html"' in index


def test_lesson_01_runs_offline_and_its_stepper_moves_the_lit_node(
    served: str, offline_page: tuple[Page, list[str]]
) -> None:
    page, blocked = offline_page
    start = time.monotonic()
    page.goto(f"{served}lab/index.html?path=en/01_darkmoon.ipynb")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)
    expect(page.locator(".jp-StatusBar-TextItem", has_text="Idle")).to_be_visible(timeout=BROWSER_KERNEL_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    # the lesson ends with the rule explorer and the self-check: once the self-check shows, every cell above ran
    expect(page.locator(".jp-Notebook .tcg-quiz").last).to_be_visible(timeout=LESSON_MS)
    root = page.locator(".jp-Notebook .tcg-stepper").first
    # the site keeps every drawn cell in the page (lite/overrides.json: windowingMode "defer")
    root.scroll_into_view_if_needed(timeout=30_000)
    expect(root).to_be_visible(timeout=30_000)
    errors = page.locator(".jp-OutputArea-output", has_text="Traceback")
    assert errors.count() == 0, errors.first.inner_text()[:2000]
    ran = time.monotonic() - start
    root.scroll_into_view_if_needed()
    seats = root.locator("[class*='tcg-seat-'] select").count()
    persons = {s for s in range(seats) if selected_label(root, f"tcg-seat-{s}") in ("person", "人が選ぶ")}
    snap = wait_settled(root, persons, timeout=60)
    assert_highlight(root, snap["node"])
    step = root.locator("button.tcg-step")
    for _ in range(60):
        if snap["current"] not in (None, "") and int(snap["current"]) in persons:
            snap = click_and_settle(root, root.locator("button.tcg-action").first, persons, timeout=60)
            continue
        before = snap
        snap = click_and_settle(root, step, persons, timeout=60)
        if snap["node"] != before["node"]:
            break
    else:
        pytest.fail("the lit node never changed")
    styles = assert_highlight(root, snap["node"])
    assert node_class(before["node"]) not in lit_nodes(styles)
    assert not blocked, f"the site tried to reach the network: {blocked}"
    print(f"lesson 01 ran in the browser in {ran:.0f} s (Pyodide start included)")


def test_the_classroom_app_plays_a_persons_move_offline(served: str, offline_page: tuple[Page, list[str]]) -> None:
    page, blocked = offline_page
    page.goto(f"{served}voici/render/05_classroom.html")
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=BROWSER_KERNEL_MS)
    persons = {0}  # the default seats: P1 person, P2 heuristic
    start = wait_settled(root, persons, timeout=120)
    assert start["current"] == "0" and start["actions"], start
    # play a character card of P1's hand by clicking the card (issue 21: the cards themselves are buttons)
    p1 = root.locator('.tcg-board section[data-player="0"]')

    def card_of(tile: Locator) -> str:
        return next(
            c[9:] for c in (tile.get_attribute("class") or "").split() if c.startswith("tcg-card-") and c[9:].isdigit()
        )

    tiles = root.locator("button.tcg-card-tile.tcg-action:not([disabled])").all()
    chars = [t for t in tiles if p1.locator(f'.tcg-hand .tcg-char[data-card="{card_of(t)}"]').count()]
    assert chars, start["actions"]
    after = click_and_settle(root, chars[0], persons, until=lambda s: s["current"] != "1", timeout=120)
    new = after["log"][len(start["log"]) :]
    assert new and new[0]["rule"] == "DM-4.2" and "P1" in new[0]["text"], new[:2]
    assert after["board"] != start["board"]
    assert_highlight(root, after["node"])
    assert not blocked, f"the site tried to reach the network: {blocked}"
    with contextlib.suppress(Exception):
        page.screenshot(path=str(output_dir() / f"{artifact_name('site-classroom')}.png"))


def test_lesson_04_without_matplotlib_says_so_in_one_line(served: str, offline_page: tuple[Page, list[str]]) -> None:
    """The offline runtime has no matplotlib (only Pyodide's CDN serves it): the lesson stops with one line
    that names the package, not a traceback."""
    page, blocked = offline_page
    page.goto(f"{served}lab/index.html?path=en/04_compare_designs.ipynb")
    expect(page.locator(".jp-StatusBar-TextItem", has_text="Idle")).to_be_visible(timeout=BROWSER_KERNEL_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    message = page.locator(".jp-OutputArea-output", has_text="matplotlib is not available in this Python")
    # attached, not "visible": Lab hides cells scrolled out of view (the run ends at the bottom)
    message.first.wait_for(state="attached", timeout=BROWSER_KERNEL_MS)
    text = (message.first.text_content() or "").strip()
    assert len(text.splitlines()) == 1 and "Traceback" not in text, text
    assert "browser runtime does not bundle it" in text
    assert page.locator(".jp-OutputArea-output", has_text="Traceback").count() == 0
    assert not blocked, f"the site tried to reach the network: {blocked}"


def test_the_classroom_page_shows_its_loading_stages_then_the_app(
    served: str, offline_page: tuple[Page, list[str]]
) -> None:
    """Issue 21: the page showed a bare spinner for over a minute. Now it lists the three stages (the Python
    runtime, the packages, the kernel) with the times measured on our machine, marks the one in progress, counts
    the seconds, and is replaced by the app."""
    spec = importlib.util.spec_from_file_location("site_build", REPO / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    STAGE_ENDS = build.STAGE_ENDS

    page, blocked = offline_page
    start = time.monotonic()
    page.goto(f"{served}voici/render/05_classroom.html")
    loading = page.locator("#tcg-loading")
    expect(loading).to_be_visible(timeout=30_000)
    stages = loading.locator("li[data-stage]")
    assert [stages.nth(i).get_attribute("data-stage") for i in range(stages.count())] == [
        "runtime",
        "packages",
        "kernel",
    ]
    text = loading.inner_text()
    spans = (STAGE_ENDS[0], STAGE_ENDS[1] - STAGE_ENDS[0], STAGE_ENDS[2] - STAGE_ENDS[1])
    for span in spans:
        assert f"about {span} s" in text and f"約{span}秒" in text, text
    assert f"about {STAGE_ENDS[2]} s" in text and f"up to {build.BUSY_S} s" in text and "Running ..." not in text
    with contextlib.suppress(Exception):
        page.screenshot(path=str(output_dir() / f"{artifact_name('site-loading-stages')}.png"))
    seen: list[tuple[float, str, int]] = []
    while page.locator(".tcg-classroom").count() == 0:
        assert time.monotonic() - start < BROWSER_KERNEL_MS / 1000, f"the app never showed: {seen[-3:]}"
        state = page.evaluate(
            "() => { const e = document.getElementById('tcg-loading'); if (!e) return null;"
            " return [e.getAttribute('data-stage'), e.querySelectorAll('li.tcg-now').length,"
            " +e.querySelector('.tcg-loading-elapsed').textContent]; }"
        )
        if state is not None:
            stage, now, elapsed = state
            assert now == 1, state  # exactly one stage is marked as in progress
            if not seen or seen[-1][1] != stage:
                seen.append((round(time.monotonic() - start, 1), stage, elapsed))
        time.sleep(0.25)
    order = [s for _, s, _ in seen]
    assert order[0] == "runtime" and order[-1] == "kernel", seen  # the kernel stage: Voici runs the notebook
    assert order == sorted(order, key=["runtime", "packages", "kernel"].index), seen  # never backwards
    assert all(b[2] >= a[2] for a, b in zip(seen, seen[1:], strict=False)), seen  # the clock counts up
    expect(page.locator(".tcg-classroom")).to_be_visible(timeout=60_000)
    expect(loading).to_have_count(0)  # the app replaces the loading stages
    assert not blocked, f"the site tried to reach the network: {blocked}"
    print(f"classroom page: stages {seen}, the app after {time.monotonic() - start:.0f} s")


def test_lesson_06_reviews_its_games_offline_with_the_browser_budget(
    served: str, offline_page: tuple[Page, list[str]]
) -> None:
    """Issue 24: the review runs in Pyodide too, with the smaller budget (4 rollouts, the lesson's browser
    setting), the same widget: the chart drawn, the moments found, and nothing fetched from the network."""
    page, blocked = offline_page
    start = time.monotonic()
    page.goto(f"{served}lab/index.html?path=en/06_learn_from_a_game.ipynb")
    expect(page.locator(".jp-StatusBar-TextItem", has_text="Idle")).to_be_visible(timeout=BROWSER_KERNEL_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    expect(page.locator(".jp-Notebook .tcg-quiz").last).to_be_visible(timeout=LESSON_MS)
    assert page.locator(".jp-OutputArea-output", has_text="Traceback").count() == 0
    root = page.locator(".jp-Notebook .tcg-review").first
    root.scroll_into_view_if_needed(timeout=30_000)
    expect(root.locator(".tcg-review-progress-label")).to_contain_text("4 rollouts each", timeout=LESSON_MS)
    assert root.locator(".tcg-review-chartbox svg circle").count() > 100
    assert not blocked, f"the site tried to reach the network: {blocked}"
    print(f"lesson 06 ran in the browser in {time.monotonic() - start:.0f} s (Pyodide start included)")


def test_a_link_opens_the_classroom_at_its_moment_offline(served: str, offline_page: tuple[Page, list[str]]) -> None:
    """Issue 27 item 5: ``voici/render/05_classroom.html#tcg1....`` opens the classroom at the link's moment (the
    page's script hands the address to the Pyodide kernel), and Copy link puts this page's link to the moment
    on the clipboard. A damaged link: the message in both languages and the start page; a link with markup in
    it: the notice shows it as text."""
    from tcgteach.links import game_link

    page, blocked = offline_page
    expected = game_at("dragonquest", 40)
    fragment = game_link(expected, seats=["person", "heuristic"])
    app = f"{served}voici/render/05_classroom.html"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.split("/tcgteach/")[0])
    page.goto(f"{app}#{fragment}")
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=BROWSER_KERNEL_MS)
    check_opened_at(root, expected)
    assert selected_label(root, "tcg-game") == "Dragon Quest Card Game"
    check_copy_link(page, root, expected, app)
    with contextlib.suppress(Exception):
        page.screenshot(path=str(output_dir() / f"{artifact_name('site-link-opened')}.png"))

    page.goto("about:blank")  # a new load: a URL that differs in its fragment only would not reload the page
    page.goto(f"{app}#{damaged_link(fragment)}")
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=BROWSER_KERNEL_MS)
    check_link_refused(page, root)
    assert "damaged" in root.locator(".tcg-link-notice-box").inner_text()
    assert selected_label(root, "tcg-game") == "DARK MOON"  # the start page: the notebook's own game
    start = wait_settled(root, {0}, timeout=120)
    assert start["current"] == "0" and start["actions"], start
    from .conftest import xss_link

    page.evaluate("hash => { location.hash = hash; }", xss_link())  # the script hands a new fragment over too
    expect(root.locator(".tcg-link-detail")).to_contain_text(XSS_DECK.split()[0], timeout=60_000)
    check_link_refused(page, root)
    assert wait_settled(root, {0})["board"] == start["board"]
    assert not blocked, f"the site tried to reach the network: {blocked}"


def test_what_the_classroom_shows_again_shows_in_the_browser_kernel(
    served: str, offline_page: tuple[Page, list[str]]
) -> None:
    """In the Pyodide kernel a widget's display set back to None stayed hidden: the list of every choice, the
    "How to use" text and a folded Setup never showed again on the site (the widgets now set "flex")."""
    page, blocked = offline_page
    page.goto(f"{served}voici/render/05_classroom.html")
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=BROWSER_KERNEL_MS)
    wait_settled(root, {0}, timeout=120)
    root.locator("button.tcg-list-all").click()
    expect(root.locator(".tcg-choice-list button").first).to_be_visible(timeout=30_000)
    root.locator("button.tcg-help").click()
    expect(root.locator(".tcg-help-text")).to_be_visible(timeout=30_000)
    root.locator("button.tcg-setup").click()
    expect(root.locator(".tcg-setup-box")).to_be_hidden(timeout=30_000)
    root.locator("button.tcg-setup").click()
    expect(root.locator(".tcg-setup-box")).to_be_visible(timeout=30_000)
    assert not blocked, f"the site tried to reach the network: {blocked}"
