"""The classroom on a network in a real browser (issue 15, item 7): the teacher's address with the token opens
the app and its buttons work (the page's websocket carries the login cookie, not the token); a visitor without
the token gets the bilingual login page; one visitor over the cap reads "the classroom is full"; a page that
closes frees its kernel, so the next visitor gets in. Screenshots at 1366x768 go to test-output/browser.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from .conftest import KERNEL_TIMEOUT_MS, output_dir, require_chromium

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from tests.test_classroom_network import Classroom
else:
    try:
        from test_classroom_network import Classroom  # tests/ is on sys.path (pytest's rootdir-based import)
    except ImportError:  # pragma: no cover
        pytest.skip("tests/test_classroom_network.py is not importable", allow_module_level=True)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

SIZE: ViewportSize = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    require_chromium()
    server = Classroom(tmp_path_factory.mktemp("classroom-browser"), idle_seconds=600, max_kernels=1)
    try:
        yield server
    finally:
        server.stop()


def test_the_token_address_opens_the_app_and_a_visitor_without_it_gets_the_login_page(
    browser: Browser, classroom: Classroom
) -> None:
    local = f"http://127.0.0.1:{classroom.port}/?token={classroom.token}"
    out = output_dir()
    stranger = browser.new_context(viewport=SIZE, locale="ja-JP")
    teacher = browser.new_context(viewport=SIZE, locale="en-US")
    late = browser.new_context(viewport=SIZE, locale="en-US")
    try:
        page = stranger.new_page()
        page.goto(f"http://127.0.0.1:{classroom.port}/")
        expect(page.get_by_text("先生から伝えられたアドレス")).to_be_visible()
        assert page.url.split("?")[0].endswith("/login")
        assert page.locator(".tcg-classroom").count() == 0
        page.screenshot(path=str(out / "classroom-network-no-token-1366.png"))

        app = teacher.new_page()
        app.goto(local)
        root = app.locator(".tcg-classroom")
        expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        log = root.locator(".tcg-log")
        expect(root.locator("button.tcg-action").first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        before = log.inner_text()
        root.locator("button.tcg-action").first.click()
        expect(log).not_to_have_text(before, timeout=20_000)  # the kernel answered over the websocket
        app.screenshot(path=str(out / "classroom-network-token-1366.png"))

        full = late.new_page()
        response = full.goto(local)
        assert response is not None and response.status == 503
        expect(full.get_by_text("The classroom is full")).to_be_visible()
        full.screenshot(path=str(out / "classroom-network-full-1366.png"))

        # the teacher's page closes: Voila's page asks to shut its kernel down; the place is free again
        app.goto("about:blank")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and "Kernel shutdown" not in classroom.log_text():
            time.sleep(0.3)
        assert "Kernel shutdown" in classroom.log_text(), classroom.log_text()[-1500:]
        assert "_xsrf' argument missing" not in classroom.log_text()
        # the kernel takes a moment to stop: the late visitor reloads, as a person would, until it is let in
        deadline = time.monotonic() + 30
        while True:
            response = full.goto(local)
            if response is not None and response.status == 200 or time.monotonic() > deadline:
                break
            time.sleep(1)
        assert response is not None and response.status == 200, classroom.log_text()[-1500:]
        expect(full.locator(".tcg-classroom")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        full.goto("about:blank")
    finally:
        for context in (stranger, teacher, late):
            context.close()
