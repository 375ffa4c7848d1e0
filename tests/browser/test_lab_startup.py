"""JupyterLab as ``bash run.sh lessons`` starts it (issue 21): no news pop-up over the start page, and a lesson
opens without its tab marked modified.

The shared ``lab_server`` of conftest.py cannot show this: its own settings already turn the news off. Here a
JupyterLab of its own gets only what the project ships, the way run.sh gives it: ``lessons/jupyter`` on
``JUPYTER_CONFIG_PATH`` (and every Jupyter folder in a temporary folder, so nothing of this machine's user
settings applies). A second JupyterLab without that folder is the control: it shows the pop-up and marks the
tab of a lesson written on another Python version as modified, so the checks below can see both.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import (
    NOTEBOOKS,
    REPO,
    VIEWPORT,
    Server,
    artifact_name,
    free_port,
    jupyter_env,
    output_dir,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from .conftest import Server

PROJECT_CONFIG = REPO / "lessons" / "jupyter"
#: a lesson as JupyterLab would have saved it on a machine with another Python: the version in language_info
OTHER_PYTHON = "other_python.ipynb"
SETTLE_S = 6  # Lab asks about the news once the app is restored; wait that long after the kernel is idle


def start(tmp: Path, name: str, project_config: bool) -> Server:
    env = jupyter_env(tmp / name)
    env.pop("JUPYTER_CONFIG_PATH", None)
    if project_config:
        env["JUPYTER_CONFIG_PATH"] = str(PROJECT_CONFIG)  # what run.sh lessons exports
    root = tmp / f"{name}-notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    lesson = json.loads((NOTEBOOKS / "ja" / "02_dragonquest.ipynb").read_text(encoding="utf-8"))
    lesson["metadata"]["language_info"]["version"] = "3.99.0"
    (root / OTHER_PYTHON).write_text(json.dumps(lesson, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    server = Server(name, free_port(), secrets.token_hex(16), root, output_dir() / f"{name}-server.log")
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
            f"--ServerApp.root_dir={root}",
        ],
        env,
    )
    return server


@pytest.fixture(scope="module")
def labs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Server]]:
    tmp = tmp_path_factory.mktemp("lab-startup")
    servers = {"project": start(tmp, "lab-project", True), "control": start(tmp, "lab-control", False)}
    try:
        for server in servers.values():
            server.wait_ready()
        yield servers
    finally:
        for server in servers.values():
            server.terminate()
        for server in servers.values():
            server.stop()


def open_notebook(browser: Browser, server: Server, path: str, shot: str) -> tuple[Page, dict[str, Any]]:
    """Open ``path`` in a fresh browser context, wait for its kernel to be idle and for Lab to settle; return
    the page and what it shows: the texts of the notifications and the tabs marked modified."""
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US")
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    # a workspace of its own: Lab would reopen the notebooks of the page before in the same workspace
    page.goto(server.url(f"lab/workspaces/{secrets.token_hex(4)}/tree/{path}", reset=""))
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=90_000)
    # the kernel has started and answered (the status bar's "Python 3 (ipykernel) | Idle"): Lab has written its
    # language_info into the notebook by then
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))).to_be_visible(timeout=90_000)
    time.sleep(SETTLE_S)
    seen = {
        "toasts": page.locator(".Toastify__toast").all_inner_texts(),
        "dialogs": page.locator(".jp-Dialog").all_inner_texts(),
        "dirty": page.locator(".lm-TabBar-tab.jp-mod-dirty").all_inner_texts(),
    }
    with contextlib.suppress(Exception):
        page.screenshot(path=str(output_dir() / f"{artifact_name(shot)}.png"))
    return page, seen


def news(seen: dict[str, Any]) -> list[str]:
    return [t for t in seen["toasts"] + seen["dialogs"] if re.search(r"\bnews\b", t, re.I)]


def test_run_sh_gives_the_lessons_jupyterlab_the_project_settings() -> None:
    run = (REPO / "run.sh").read_text(encoding="utf-8")
    lessons = run[run.index("  lessons)\n") : run.index(";;", run.index("  lessons)\n"))]
    assert 'export JUPYTER_CONFIG_PATH="$PWD/lessons/jupyter' in lessons
    assert (PROJECT_CONFIG / "jupyter_lab_config.py").exists()
    overrides = json.loads((PROJECT_CONFIG / "lab-settings" / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"checkForUpdates": False, "fetchNews": "false"}


def test_the_start_page_opens_without_the_news_pop_up_and_unmodified(browser: Browser, labs: dict[str, Server]) -> None:
    page, seen = open_notebook(browser, labs["project"], "00_start_here.ipynb", "lab-startup-start-page")
    try:
        assert not news(seen), seen
        assert not seen["dirty"], seen
        assert page.locator(".jp-mod-dirty").count() == 0
    finally:
        page.context.close()
    # the control, without the project's settings: the same page asks about the news
    page, seen = open_notebook(browser, labs["control"], "00_start_here.ipynb", "lab-startup-control-start-page")
    page.context.close()
    assert news(seen), f"the control Lab did not ask about the news: the check above proves nothing: {seen}"


@pytest.mark.parametrize("path", ["en/01_darkmoon.ipynb", "ja/03_dragonquest_combat.ipynb", "05_classroom.ipynb"])
def test_a_lesson_opens_unmodified_once_its_kernel_runs(browser: Browser, labs: dict[str, Server], path: str) -> None:
    """The generated notebooks carry the kernelspec and language_info JupyterLab writes (lessons/build.py)."""
    page, seen = open_notebook(browser, labs["project"], path, f"lab-startup-{Path(path).stem}")
    try:
        assert not seen["dirty"], seen
        assert page.locator(".jp-mod-dirty").count() == 0
        assert not news(seen), seen
    finally:
        page.context.close()


def test_a_lesson_saved_on_another_python_opens_unmodified_too(browser: Browser, labs: dict[str, Server]) -> None:
    """Only the Python version in language_info depends on the machine: the project's contents manager shows
    the local one. The control Lab marks the same notebook modified as soon as its kernel has started."""
    page, seen = open_notebook(browser, labs["project"], OTHER_PYTHON, "lab-startup-other-python")
    page.context.close()
    assert not seen["dirty"], seen
    page, seen = open_notebook(browser, labs["control"], OTHER_PYTHON, "lab-startup-control-other-python")
    page.context.close()
    assert seen["dirty"], f"the control Lab did not mark the notebook modified: the check proves nothing: {seen}"
