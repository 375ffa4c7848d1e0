"""The README's first command, as a newcomer runs it: in a fresh clone, with nothing set up.

CI runs as root (as on a container or a cloud machine, where JupyterLab refuses to start without
``--allow-root``): the command must still set everything up, start JupyterLab and serve the start page.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _first_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", readme, re.S)
    assert block, "README.md starts with a bash block of two commands"
    first = block.group(1).splitlines()[0].split("#")[0].strip()
    assert first == "bash run.sh lessons", first
    return first


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


LEARNER = "tcgteach-learner"


def test_the_first_command_in_a_fresh_clone_serves_the_start_page(tmp_path: Path) -> None:
    """As whoever runs the tests: root in CI."""
    _serve_start_page(tmp_path, user=None)


def test_the_first_command_works_for_a_normal_user_too(tmp_path: Path) -> None:
    """Run as root, the tests make a normal user (no sudo) and run the command as that user, with the
    machine's own python3; run as a normal user, the test above already is that case, so this one runs
    it once more the same way."""
    if os.geteuid() != 0:
        _serve_start_page(tmp_path, user=None)
        return
    if subprocess.run(["id", "-u", LEARNER], capture_output=True).returncode != 0:
        subprocess.run(["/usr/sbin/useradd", "--create-home", "--shell", "/bin/bash", LEARNER], check=True)
    shared = Path(tempfile.mkdtemp(prefix="tcgteach-first-run-"))  # pytest's tmp_path is root's alone
    try:
        shared.chmod(0o755)
        _serve_start_page(shared, user=LEARNER)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def _serve_start_page(tmp_path: Path, user: str | None) -> None:
    command = _first_command()
    work = tmp_path / "work"
    work.mkdir()
    clone = work / "tcgteach"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    port, token = _free_port(), "first-run-test"
    home = work / "home"
    home.mkdir()
    env = dict(
        os.environ,
        HOME=str(home),
        JUPYTER_CONFIG_DIR=str(work / "jc"),
        JUPYTER_DATA_DIR=str(work / "jd"),
        JUPYTER_RUNTIME_DIR=str(work / "jr"),
        IPYTHONDIR=str(work / "ipy"),
        BROWSER="true",
        PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip")),
    )
    for key in ("VIRTUAL_ENV", "PYTHONPATH", "JUPYTER_PATH"):
        env.pop(key, None)
    prefix: list[str] = []
    if user is not None:  # the machine's python3 and a cache of the user's own
        env.update(PATH="/usr/local/bin:/usr/bin:/bin", PYTHON="/usr/bin/python3", PIP_CACHE_DIR=str(home / "pip"))
        subprocess.run(["chown", "-R", f"{user}:", str(work)], check=True)
        prefix = ["/usr/sbin/runuser", "-u", user, "--", "env", *[f"{k}={v}" for k, v in env.items()]]
    log = tmp_path / "server.log"
    args = (
        prefix
        + command.split()
        + ["--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}"]
    )
    start = time.monotonic()
    with open(log, "w") as out:
        proc = subprocess.Popen(args, cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        listing = None
        while time.monotonic() - start < 900 and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents?token={token}", timeout=5) as r:
                    listing = json.load(r)
                break
            except OSError:
                time.sleep(2)
        text = log.read_text(encoding="utf-8", errors="replace")
        assert listing is not None, f"the server never answered; its output:\n{text[-4000:]}"
        names = {item["name"] for item in listing["content"]}
        assert "00_start_here.ipynb" in names and "05_classroom.ipynb" in names, names
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/lab/tree/00_start_here.ipynb?token={token}", timeout=10
        ) as r:
            assert r.status == 200 and b"JupyterLab" in r.read()
        # the set-up says a few readable lines, not pages of pip output
        setup = text.split("[I ", 1)[0]
        assert "== ready: .venv is" in setup and len(setup.splitlines()) <= 8, setup
        assert "WARNING" not in setup and "pip" not in setup.replace("(details: .venv/setup.log)", ""), setup
        # 'lessons' installs the notebook extras only, not the test tools
        freeze = subprocess.run(
            [str(clone / ".venv/bin/python"), "-m", "pip", "list", "--format=json"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        installed = {p["name"].lower() for p in json.loads(freeze)}
        assert {"jupyterlab", "voila", "tcgteach"} <= installed
        assert not {"playwright", "pytest", "hypothesis", "dask"} & installed
        if user is not None:
            owner = subprocess.run(["stat", "-c", "%U", str(clone / ".venv")], capture_output=True, text=True)
            assert owner.stdout.strip() == user
        print(
            f"first run as {user or 'this user'}: server up after {time.monotonic() - start:.0f} s; "
            f"setup output:\n{setup}"
        )
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
