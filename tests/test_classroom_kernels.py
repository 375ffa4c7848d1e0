"""The classroom server shuts down every page kernel it started when it stops (issue 21: "Voila left 6 of 11
page kernels running after its server stopped").

``tcgteach classroom`` (``bash run.sh classroom``) is started as a teacher would, several pages are opened at
once (each page is a kernel: Voila runs the notebook for it), then the server is stopped the ways a server
stops: Ctrl+C in its terminal (SIGINT to the terminal's process group; kernels ignore SIGINT), ``kill`` (SIGTERM
to the server alone) and the terminal closed (SIGHUP to the group). Each time the server itself shuts every
kernel down (its log names each one) and no kernel process is left. The kernels run in sessions of their own
(jupyter_client), so nothing but the server stops them; ipykernel's parent poller would end an orphan a second
later, which is why the log, not only the process table, is checked.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

psutil = pytest.importorskip("psutil")
pytest.importorskip("voila")

from tests.test_classroom_network import Classroom, get  # noqa: E402

PAGES = 4


def kernel_processes(server_pid: int) -> dict[str, object]:
    """The server's kernels: kernel ID (from the connection file's name) -> process."""
    found = {}
    for proc in psutil.Process(server_pid).children(recursive=True):
        try:
            cmdline = " ".join(proc.cmdline())
        except (psutil.NoSuchProcess, psutil.ZombieProcess):  # (a child that ended since it was listed)
            continue
        with_file = re.search(r"kernel-([0-9a-f-]{36})\.json", cmdline)
        if with_file and "ipykernel" in cmdline:
            found[with_file.group(1)] = proc
    return found


def alive(proc) -> bool:  # type: ignore[no-untyped-def]
    try:
        return bool(proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


@pytest.mark.parametrize(
    ("network", "how"),
    [(False, "sigint-group"), (True, "sigint-group"), (False, "sigterm-server"), (True, "sighup-group")],
)
def test_stopping_the_server_shuts_down_every_page_kernel(tmp_path: Path, network: bool, how: str) -> None:
    server = Classroom(tmp_path, network=network, idle_seconds=3600, max_kernels=40)
    kernels: dict[str, object] = {}
    try:
        path = f"/?token={server.token}" if network else "/"
        statuses: list[int] = []
        pages = [threading.Thread(target=lambda: statuses.append(get(server.port, path)[0])) for _ in range(PAGES)]
        for page in pages:
            page.start()
        for page in pages:
            page.join(timeout=240)
        assert statuses == [200] * PAGES, (statuses, server.log_text()[-2000:])
        kernels = kernel_processes(server.proc.pid)
        assert len(kernels) == PAGES, (kernels, server.log_text()[-2000:])
        assert all(os.getsid(p.pid) != os.getsid(server.proc.pid) for p in kernels.values())  # type: ignore[attr-defined]
        sig, group = {
            "sigint-group": (signal.SIGINT, True),  # Ctrl+C
            "sigterm-server": (signal.SIGTERM, False),  # kill PID
            "sighup-group": (signal.SIGHUP, True),  # the terminal closed
        }[how]
        (os.killpg if group else os.kill)(server.proc.pid, sig)
        server.proc.wait(timeout=60)
        assert server.proc.returncode == 0, (server.proc.returncode, server.log_text()[-2000:])
        log = server.log_text()
        not_shut = [k for k in kernels if f"Kernel shutdown: {k}" not in log]
        assert not not_shut, f"the server exited without shutting down {not_shut}:\n{log[-2000:]}"
        deadline = time.monotonic() + 5
        while any(alive(p) for p in kernels.values()) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [k for k, p in kernels.items() if alive(p)]
        assert not left, f"kernel processes left after the server stopped: {left}"
    finally:
        for proc in kernels.values():
            if alive(proc):
                proc.kill()  # type: ignore[attr-defined]
        server.stop()
