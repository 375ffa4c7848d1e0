"""The classroom on a network (issue 15, item 7): ``tcgteach classroom --network`` (``bash run.sh classroom
--network``) serves on every interface with a token, culls idle kernels and caps their number.

One server is started for the module, as a teacher would, with a cap of one kernel and (for the test)
a culler that closes a kernel after a few idle seconds. Requests go to 127.0.0.1; that the server
listens on 0.0.0.0 is read from the kernel's socket table.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("voila")

from tcgteach.classroom_server import FULL, exposure_warning, voila_argv  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "05_classroom.ipynb"
IDLE_SECONDS = 8  # the test's culler: a kernel idle this long is closed (the default is 30 minutes)


def free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("0.0.0.0", 0))
        port: int = s.getsockname()[1]
        return port


def get(
    port: int, path: str, headers: dict[str, str] | None = None, method: str = "GET", body: str | None = None
) -> tuple[int, dict[str, str], str]:
    """One request, redirects not followed (a refusal is a 302 to the login page or a 403)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        body = resp.read().decode("utf-8", errors="replace")
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, body
    finally:
        conn.close()


class Classroom:
    def __init__(self, tmp: Path, network: bool = True, idle_seconds: int = IDLE_SECONDS, max_kernels: int = 1) -> None:
        self.port = free_port()
        self.tmp = tmp
        self.log = tmp / "server.log"
        env = dict(os.environ)
        for key in ("JUPYTER_TOKEN", "JUPYTER_PATH", "JUPYTER_PREFER_ENV_PATH"):
            env.pop(key, None)
        for key, sub in (("HOME", "home"), ("IPYTHONDIR", "ipython"), ("JUPYTER_CONFIG_DIR", "config")):
            (tmp / sub).mkdir(exist_ok=True)
            env[key] = str(tmp / sub)
        env["JUPYTER_DATA_DIR"] = str(tmp / "data")
        env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
        env["JUPYTER_PLATFORM_DIRS"] = "1"
        env["PYTHONPATH"] = str(ROOT)
        env["PYTHONUNBUFFERED"] = "1"
        notebook = tmp / "notebooks" / NOTEBOOK.name
        notebook.parent.mkdir()
        shutil.copy(NOTEBOOK, notebook)
        self.out = tmp / "stdout.txt"
        self._out = open(self.out, "w", encoding="utf-8")  # noqa: SIM115 (closed in stop)
        self._log = open(self.log, "w", encoding="utf-8")  # noqa: SIM115
        argv = [sys.executable, "-m", "tcgteach", "classroom", "--port", str(self.port), "--notebook", str(notebook)]
        if network:
            argv += [
                "--network",
                "--max-kernels",
                str(max_kernels),
                # the test's culler (replacing the network defaults): seconds, not the default 30 minutes
                f"--MappingKernelManager.cull_idle_timeout={idle_seconds}",
                "--MappingKernelManager.cull_interval=1",
            ]
        else:
            argv.append("--no-browser")
        self.network = network
        self.proc = subprocess.Popen(
            argv,
            cwd=tmp,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._out,
            stderr=self._log,
            start_new_session=True,
        )
        try:
            self.url = self._wait_ready()
        except BaseException:
            self.stop()
            raise
        self.token = urllib.parse.parse_qs(urllib.parse.urlsplit(self.url).query).get("token", [""])[0]

    def _wait_ready(self) -> str:
        deadline = time.monotonic() + 60
        url = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"the classroom server stopped: {self.log_text()}")
            text = self.out.read_text(encoding="utf-8")
            m = re.search(r"http://\S+:(\d+)/\?token=\S+", text)
            if m:
                url = m.group(0)
            if not self.network:
                url = f"http://localhost:{self.port}/"
            if url and "Voilà is running at" in self.log_text():
                return url
            time.sleep(0.2)
        pytest.fail(f"the classroom server did not start in 60 s: {self.log_text()}")

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait(timeout=10)
        self._out.close()
        self._log.close()


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    server = Classroom(tmp_path_factory.mktemp("classroom"))
    try:
        yield server
    finally:
        server.stop()


def listening_addresses(port: int) -> set[str]:
    """The IPv4 addresses a socket listens on at ``port`` (Linux: /proc/net/tcp; state 0A is LISTEN)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, _remote, state = line.split()[1:4]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.add(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def test_the_teacher_gets_the_full_address_with_a_random_token(classroom: Classroom) -> None:
    printed = classroom.out.read_text(encoding="utf-8")
    assert f":{classroom.port}/?token=" in classroom.url
    assert len(classroom.token) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", classroom.token)
    assert "share this address" in printed and "at most 1 apps at once" in printed
    # the token is not on the command line (another user of the machine could read it with ps)
    cmdline = Path(f"/proc/{classroom.proc.pid}/cmdline").read_bytes().decode()
    assert classroom.token not in cmdline


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_it_listens_on_every_interface(classroom: Classroom) -> None:
    assert listening_addresses(classroom.port) == {"0.0.0.0"}


@pytest.mark.parametrize(
    "path",
    ["/", "/?token=wrong", "/voila/render/05_classroom.ipynb", "/voila/api/contents"],
)
def test_a_visitor_without_the_token_is_sent_to_the_login_page(classroom: Classroom, path: str) -> None:
    status, headers, body = get(classroom.port, path)
    assert status in (302, 403), (status, body[:300])
    if status == 302:
        assert urllib.parse.urlsplit(headers["location"]).path == "/login"
    assert "jupyter-widget" not in body and "application/vnd.jupyter.widget-view" not in body


def test_kernel_requests_without_the_token_are_refused(classroom: Classroom) -> None:
    fake = "00000000-0000-0000-0000-000000000000"
    for path in (f"/api/kernels/{fake}", f"/api/kernels/{fake}/channels"):
        status, _h, _b = get(classroom.port, path)
        assert status in (302, 403), (path, status)


def cookie_of(headers: dict[str, str]) -> str:
    return headers["set-cookie"].split(";", 1)[0]


def test_the_token_opens_the_app_and_the_cap_refuses_one_kernel_more(classroom: Classroom) -> None:
    with_token = f"/?token={classroom.token}"
    status, headers, body = get(classroom.port, with_token)
    assert status == 200, (status, body[-500:], classroom.log_text()[-2000:])
    assert "application/vnd.jupyter.widget-view+json" in body  # the classroom widget was rendered
    # a login cookie comes with it: the page's websocket to its kernel carries it, not the token
    cookie = cookie_of(headers)
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
    assert kernel, body[:2000]
    # one kernel is running (the cap is 1): the next visitor is refused, with the reason on the page
    status, _h, body = get(classroom.port, with_token)
    assert status == 503, (status, body[-300:])
    assert "The classroom is full" in body and "教室がいっぱいです" in body
    assert "classroom full: 1 of 1 kernels in use" in classroom.log_text()
    # the page closes: Voila's page asks to shut its kernel down (without an XSRF field); with the login
    # cookie it is done, without it refused
    shutdown = f"/voila/api/shutdown/{kernel.group(1)}"
    status, _h, _b = get(classroom.port, shutdown, method="POST", body="")
    assert status in (302, 403), status
    status, _h, _b = get(classroom.port, shutdown, {"Cookie": cookie}, method="POST", body="")
    assert status == 204, (status, classroom.log_text()[-1500:])
    # so the place is free again
    status, _h, body = get(classroom.port, with_token)
    assert status == 200, (status, body[-300:])


def test_the_culler_closes_an_idle_kernel(classroom: Classroom) -> None:
    # a kernel nobody uses (the test above leaves one; else this request starts it): the culler closes it
    # and a visitor gets one again
    get(classroom.port, f"/?token={classroom.token}")
    culled = re.compile(r"Culling '\w+' kernel .* due to \d+ seconds of inactivity")
    deadline = time.monotonic() + IDLE_SECONDS + 30
    while time.monotonic() < deadline and not culled.search(classroom.log_text()):
        time.sleep(0.5)
    assert culled.search(classroom.log_text()), classroom.log_text()[-2000:]
    deadline = time.monotonic() + 20  # the kernel takes a moment to stop
    while True:
        status, _h, body = get(classroom.port, f"/?token={classroom.token}")
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(1)
    assert status == 200, (status, body[-300:])


def test_the_login_page_says_what_to_do_in_both_languages_and_sets_no_password(classroom: Classroom) -> None:
    status, headers, body = get(classroom.port, "/login?next=%2F")
    assert status == 200
    assert "address your teacher shared" in body and "先生から伝えられたアドレス" in body
    assert "jupyter server list" not in body and "Setup a Password" not in body
    xsrf_cookie = cookie_of(headers)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', body)
    assert xsrf, body
    form = {"Cookie": xsrf_cookie, "Content-Type": "application/x-www-form-urlencoded"}
    wrong = urllib.parse.urlencode({"_xsrf": xsrf.group(1), "password": "wrong", "next": "/"})
    status, _h, body = get(classroom.port, "/login", form, method="POST", body=wrong)
    assert status == 401 and "トークンがちがいます" in body
    # Jupyter's form would let a token holder set a password (written to ./jupyter_server_config.json)
    data = {"_xsrf": xsrf.group(1), "password": classroom.token, "new_password": "pw", "next": "/"}
    status, headers, _b = get(classroom.port, "/login", form, method="POST", body=urllib.parse.urlencode(data))
    assert status == 302 and headers["location"] == "/"
    assert not list(classroom.tmp.rglob("jupyter_server_config.json"))
    data = {"_xsrf": xsrf.group(1), "password": "pw", "next": "/"}
    status, _h, _b = get(classroom.port, "/login", form, method="POST", body=urllib.parse.urlencode(data))
    assert status == 401  # the password was not set


def test_the_local_default_is_voila_as_before() -> None:
    # without --network: `voila NOTEBOOK --template=tcgteach ...` (localhost, no token, Voila's own defaults; the
    # template is Voila's lab template with the links script)
    assert voila_argv("nb.ipynb") == ["nb.ipynb", "--template=tcgteach"]
    assert voila_argv("nb.ipynb", extra=["--no-browser"]) == ["nb.ipynb", "--template=tcgteach", "--no-browser"]
    argv = voila_argv("nb.ipynb", network=True, port=8866, token="t0k", max_kernels=7, idle_minutes=5)
    assert "--Voila.ip=0.0.0.0" in argv and "--Voila.token=t0k" in argv and "--port=8866" in argv
    assert "--CappedKernelManager.max_kernels=7" in argv
    assert "--MappingKernelManager.cull_idle_timeout=300" in argv
    assert "--MappingKernelManager.cull_connected=True" in argv
    # a setting given again replaces ours (traitlets refuses one given twice)
    argv = voila_argv("nb.ipynb", network=True, token="t", extra=["--MappingKernelManager.cull_interval=1"])
    assert [a for a in argv if "cull_interval" in a] == ["--MappingKernelManager.cull_interval=1"]


def test_the_full_page_text_is_in_both_languages() -> None:
    assert "classroom is full" in FULL and "教室がいっぱい" in FULL


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_without_network_it_is_voila_on_localhost_with_no_token_as_before(tmp_path: Path) -> None:
    server = Classroom(tmp_path, network=False)
    try:
        assert listening_addresses(server.port) == {"127.0.0.1"}
        assert "token" not in server.out.read_text(encoding="utf-8")
        status, _h, body = get(server.port, "/")
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in body
    finally:
        server.stop()


def test_run_sh_and_the_readme_serve_the_network_classroom_this_way() -> None:
    run_sh = (ROOT / "run.sh").read_text(encoding="utf-8")
    classroom = run_sh[run_sh.index("  classroom)") : run_sh.index(";;", run_sh.index("  classroom)"))]
    assert "-m tcgteach classroom" in classroom and '"$@"' in classroom
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash run.sh classroom --network" in readme
    assert "serve it with `bash run.sh classroom --Voila.ip=0.0.0.0`" not in readme


def test_the_old_advice_without_network_gets_a_warning() -> None:
    warning = exposure_warning(["--Voila.ip=0.0.0.0"], network=False)
    assert warning is not None and "no token" in warning and "--network" in warning
    assert exposure_warning(["--Voila.ip", "0.0.0.0"], network=False) is not None
    assert exposure_warning(["--Voila.ip=127.0.0.1"], network=False) is None
    assert exposure_warning(["--no-browser"], network=False) is None
    assert exposure_warning(["--Voila.ip=0.0.0.0"], network=True) is None
