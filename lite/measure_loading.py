"""Measure the loading stages of the site's classroom page (the figures behind ``build.STAGE_ENDS``).

    .venv/bin/python lite/measure_loading.py site [--runs 3]

Serves the built site on 127.0.0.1, opens ``voici/render/05_classroom.html`` in headless chromium with a fresh
profile (nothing cached) and prints, in seconds from the page's start, when the Python runtime has arrived
(pyodide.asm.wasm), when the last package has (the last wheel), when the kernel is idle and Voici runs the
notebook (its ``update_loading_text`` with a cell number) and when the app shows. Playwright sees the kernel
worker's requests; the page itself does not, which is why the page follows the clock for the first two stages.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
import time
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
HOOK = """(() => { let f; Object.defineProperty(window, 'update_loading_text', {configurable: true,
  get() { return f; },
  set(v) { f = (...a) => { if (a[0] > 0) console.log('tcg-measure kernel'); return v(...a); }; }}); })();"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def measure(base: str, chromium: str) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    got: dict[str, float] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        start = time.monotonic()

        def finished(request) -> None:  # type: ignore[no-untyped-def]
            name = request.url.split("?")[0].rsplit("/", 1)[-1]
            if name == "pyodide.asm.wasm":
                got["runtime"] = time.monotonic() - start
            elif name.endswith(".whl"):
                got["packages"] = time.monotonic() - start

        page.on("requestfinished", finished)
        page.on(
            "console",
            lambda m: got.setdefault("kernel", time.monotonic() - start) if m.text == "tcg-measure kernel" else None,
        )
        page.add_init_script(HOOK)
        page.goto(base + "voici/render/05_classroom.html")
        page.locator(".tcg-classroom").wait_for(state="visible", timeout=600_000)
        got["app"] = time.monotonic() - start
        browser.close()
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = args.site.resolve()
    handler = functools.partial(_Quiet, directory=str(site.parent))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as httpd:
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/{site.name}/"
        for run in range(args.runs):
            got = measure(base, args.chromium)
            print(f"run {run + 1}: " + ", ".join(f"{k} {v:.1f} s" for k, v in got.items()), flush=True)
        httpd.shutdown()


if __name__ == "__main__":
    main()
