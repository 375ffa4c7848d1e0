"""Serving the classroom app with Voila: on this computer (as Voila does by default) or on a network.

``tcgteach classroom`` (``bash run.sh classroom``) serves ``notebooks/05_classroom.ipynb`` as
``voila notebooks/05_classroom.ipynb --template=tcgteach`` does: on localhost, no token; the template is Voila's lab
template with the links script (``tcgteach/widgets/links.py``: the page hands its address to the kernel).
``tcgteach classroom --network`` serves it to the students' devices, hardened:

- on every interface (0.0.0.0), with a random token made at start; the full address with the token is
  printed for the teacher to share. Voila 0.5 asks for no token unless it is given one (its default
  token is "", which lets anyone in), so the token is set explicitly. Without the token a visitor gets
  a login page of our own (in English and Japanese: Jupyter's talks of `jupyter server list` and
  offers to set a password, which Voila would write to ./jupyter_server_config.json: turned off), and
  every page, kernel and websocket request is refused;
- the page's "shut my kernel down" request on closing works behind the token (Voila sends it without
  the XSRF field jupyter_server then wants: each closed page would hold its kernel until the culler);
- idle kernels are culled (``MappingKernelManager.cull_idle_timeout``, checked every minute, also when
  the page is still open: ``cull_connected``), and
- at most ``max_kernels`` kernels run at once (``CappedKernelManager``: Voila 0.5.13 and jupyter_server
  2 have no such setting); one more visitor gets "the classroom is full" (HTTP 503), not a kernel.

Nothing here is imported by ``import tcgteach``: it needs voila (the ``notebooks`` extra).
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_core.utils import run_sync
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import escape, web
from traitlets import Integer
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.voila_identity_provider import VoilaLoginHandler  # type: ignore[import-untyped]

from .core.errors import TcgError

#: the classroom's Voila template (Voila's lab template and the links script: ``widgets/links.py``), found by Voila
#: in the Jupyter data folder ``TEMPLATE_ROOT`` that ``with_template`` adds to ``JUPYTER_PATH``
TEMPLATE = "tcgteach"
TEMPLATE_ROOT = Path(__file__).resolve().parent / "data" / "jupyter"
#: the classroom notebook, relative to a checkout (run.sh runs from there)
NOTEBOOK = "notebooks/05_classroom.ipynb"
PORT = 8866
LOCAL = ("localhost", "127.0.0.1", "::1")
#: a class of about 35 students and the teacher's projector, with a few reloads to spare
MAX_KERNELS = 40
IDLE_MINUTES = 30
#: what one visitor too many reads on the page (Voila's error page shows "503: " and this)
FULL = (
    "The classroom is full: try again in a little while, or tell your teacher. / "
    "教室がいっぱいです。しばらくしてからもう一度開くか、先生に伝えてください。"
)
#: the login page a visitor without the token sees (Jupyter's own talks of `jupyter server list` and passwords)
LOGIN_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>tcgteach classroom</title>
<style>
body {{ font-family: system-ui, "Noto Sans CJK JP", sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem;
  line-height: 1.6; color: #1a1a1a; }}
h1 {{ font-size: 1.4rem; }} p {{ margin: .4rem 0; }} .ja {{ margin-bottom: 1.2rem; }}
form {{ margin-top: 1.5rem; display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }}
input[type=password] {{ font-size: 1rem; padding: .4rem; min-width: 16rem; }}
button {{ font-size: 1rem; padding: .4rem 1rem; }} .error {{ color: #a40000; font-weight: bold; }}
</style></head><body>
<h1>tcgteach classroom ・ 教室</h1>
{error}
<p>This classroom opens only with the address your teacher shared (it ends in <code>?token=…</code>).
Open that address, or paste the token here.</p>
<p class="ja" lang="ja">この教室は、先生から伝えられたアドレス（最後が <code>?token=…</code>）でだけ開きます。
そのアドレスを開くか、トークンをここに貼りつけてください。</p>
<form action="{action}" method="post">
{xsrf}<input type="hidden" name="next" value="{next}">
<label for="password">Token ・ トークン</label>
<input type="password" id="password" name="password" autocomplete="off">
<button type="submit">Open ・ 開く</button>
</form>
</body></html>
"""


class CappedKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a cap on the kernels running at once (each visitor's page is one)."""

    max_kernels = Integer(
        0,
        config=True,
        help="Refuse to start a kernel when this many run or are starting (0: no limit).",
    )

    _starting = 0  # kernels being started now: counted too, so that visitors arriving together stay under the cap

    def kernels_in_use(self) -> int:
        """Running kernels plus those being started (a kernel counted twice for a moment errs on the safe side)."""
        return len(self.list_kernel_ids()) + self._starting

    # jupyter_server types its (decorated, async) start_kernel as returning str: hence the ignore
    async def start_kernel(self, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:  # type: ignore[override]
        if self.max_kernels > 0 and (kernel_id is None or kernel_id not in self):
            in_use = self.kernels_in_use()
            if in_use >= self.max_kernels:
                self.log.warning(
                    "classroom full: %d of %d kernels in use, a visitor is refused", in_use, self.max_kernels
                )
                raise web.HTTPError(
                    503,
                    reason=FULL,
                    log_message=f"The classroom is full ({self.max_kernels} apps are open): "
                    "close one, or ask the teacher to start the server with a larger --max-kernels.",
                )
        self._starting += 1
        try:
            started: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1
        return started


class ClassroomLoginHandler(VoilaLoginHandler):  # type: ignore[misc]
    """The login page in plain words, in English and Japanese (no password set-up: see ``voila_argv``)."""

    def _render(self, message: dict[str, str] | None = None) -> None:
        error = ""
        if message and message.get("error"):
            error = (
                '<p class="error">That token is not this classroom\'s. '
                '<span lang="ja">トークンがちがいます。</span></p>'
            )
        next_url = self.get_argument("next", default=self.base_url)
        self.write(
            LOGIN_PAGE.format(
                error=error,
                action=escape.xhtml_escape(self.request.path),
                xsrf=self.xsrf_form_html(),
                next=escape.xhtml_escape(next_url),
            )
        )


class ClassroomShutdownHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voila's page asks to shut its kernel down when it closes, but without the XSRF field jupyter_server wants
    once a token is set: refused, every closed or reloaded page would hold a kernel until the culler. This
    request is still authenticated (the login cookie) and names a random kernel ID, so the XSRF check is left out
    for it alone."""

    def check_xsrf_cookie(self) -> None:
        return None


class StopsItsKernels(Voila):  # type: ignore[misc]
    """Voila that shuts down every page kernel it started when it stops (issue 21: kernels outlived the server).

    Voila stops on Ctrl+C (SIGINT) and SIGTERM; here also on SIGHUP (the terminal closed), which would end the
    process without any clean-up. Its ``stop`` removed the folder of connection files before shutting the
    kernels down, so a failure there left every kernel running; here the kernels go first, and one that
    does not answer the shutdown request is killed.
    """

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        signal.signal(signal.SIGHUP, self._handle_signal_stop)

    def stop(self) -> None:
        """Shut down every kernel the app started before the server stops, so that no student's kernel outlives it."""
        manager = self.kernel_manager
        try:
            run_sync(manager.shutdown_all)()
            left = list(manager.list_kernel_ids())
            if left:
                self.log.warning("%d kernels still running after the shutdown: killing them", len(left))
                run_sync(manager.shutdown_all)(now=True)
        finally:
            shutil.rmtree(self.connection_dir, ignore_errors=True)


class ClassroomVoila(StopsItsKernels):
    """Voila with the classroom's login page and a kernel shutdown that works behind a token."""

    def init_handlers(self) -> list[Any]:
        swap = {VoilaShutdownKernelHandler: ClassroomShutdownHandler, VoilaLoginHandler: ClassroomLoginHandler}
        return [(h[0], swap.get(h[1], h[1]), *h[2:]) if isinstance(h, tuple) else h for h in super().init_handlers()]


def lan_address() -> str:
    """This computer's address on its network (the interface of the default route), else its host name.
    A UDP socket is "connected" to a public address to learn which interface would be used: nothing is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
            address: str = s.getsockname()[0]
            if address and not address.startswith("0."):
                return address
    except OSError:
        pass
    return socket.gethostname()


def check_port(port: int, ip: str = "0.0.0.0") -> None:
    """Refuse a port already in use here (Voila would quietly take another, and the printed address would lie)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((ip, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise TcgError(f"--port {port}: the port is in use; choose another, e.g. --port {port + 1}") from None
            raise TcgError(f"--port {port}: cannot listen there ({exc.strerror or exc})") from None


def exposure_warning(extra: Sequence[str], network: bool) -> str | None:
    """A warning when Voila is told to listen beyond this computer without --network (so with no token)."""
    args = list(extra)
    for i, a in enumerate(args):
        if a == "--Voila.ip" and i + 1 < len(args):
            ip = args[i + 1]
        elif a.startswith("--Voila.ip="):
            ip = a.split("=", 1)[1]
        else:
            continue
        if not network and ip.strip("'\"") not in LOCAL:
            return (
                f"tcgteach: warning: --Voila.ip={ip} without --network serves the classroom to the network with "
                "no token and no limit on kernels; use --network"
            )
    return None


def with_template(env: dict[str, str]) -> dict[str, str]:
    """``env`` with the classroom's template folder first on ``JUPYTER_PATH`` (where Voila looks for templates)."""
    rest = env.get("JUPYTER_PATH", "")
    return {**env, "JUPYTER_PATH": os.pathsep.join(p for p in (str(TEMPLATE_ROOT), rest) if p)}


def voila_argv(
    notebook: str,
    *,
    network: bool = False,
    port: int | None = None,
    token: str = "",
    max_kernels: int = MAX_KERNELS,
    idle_minutes: int = IDLE_MINUTES,
    extra: Sequence[str] = (),
) -> list[str]:
    """Voila's command line. Local: the notebook, the classroom's template and ``extra``, as ``voila NOTEBOOK
    --template=tcgteach ...``. Network: all interfaces, the token, the culler and the cap; a setting ``extra``
    gives replaces ours (traitlets refuses one given twice)."""
    argv = [notebook, f"--template={TEMPLATE}"]
    if port is not None:
        argv.append(f"--port={port}")
    if network:
        if not token:
            raise TcgError("a classroom on a network needs a token")
        argv += [
            "--Voila.ip=0.0.0.0",
            f"--Voila.token={token}",
            "--Voila.port_retries=0",  # the printed address must be the one served
            # Jupyter's login form lets a token holder set a password, written to ./jupyter_server_config.json
            "--PasswordIdentityProvider.allow_password_change=False",
            "--no-browser",  # a browser opened here would not carry the token
            "--VoilaConfiguration.multi_kernel_manager_class=tcgteach.classroom_server.CappedKernelManager",
            f"--CappedKernelManager.max_kernels={max_kernels}",
            f"--MappingKernelManager.cull_idle_timeout={idle_minutes * 60}",
            "--MappingKernelManager.cull_interval=60",
            "--MappingKernelManager.cull_connected=True",
        ]
    given = {a.split("=", 1)[0] for a in extra if a.startswith("--")}
    return [a for a in argv if a.split("=", 1)[0] not in given] + list(extra)


def serve(
    notebook: str = NOTEBOOK,
    *,
    network: bool = False,
    port: int | None = None,
    max_kernels: int = MAX_KERNELS,
    idle_minutes: int = IDLE_MINUTES,
    extra: Sequence[str] = (),
    out: Any = None,
) -> int:
    """Serve the classroom until Ctrl+C; on a network, print the address with its token first."""
    if not Path(notebook).is_file():
        raise TcgError(f"{notebook}: no such notebook (run from the project folder, or give --notebook PATH)")
    token = ""
    warning = exposure_warning(extra, network)
    if warning:
        print(warning, file=sys.stderr)
    if network:
        port = PORT if port is None else port
        check_port(port)
        token = secrets.token_urlsafe(24)
        url = f"http://{lan_address()}:{port}/?token={token}"
        print(
            f"== the classroom on the network: share this address with the students (it holds the token)\n"
            f"   {url}\n"
            f"   at most {max_kernels} apps at once; an app left idle for {idle_minutes} minutes is closed "
            "(reloading the page starts it again)",
            file=out,
            flush=True,
        )
    argv = voila_argv(
        notebook,
        network=network,
        port=port,
        token=token,
        max_kernels=max_kernels,
        idle_minutes=idle_minutes,
        extra=extra,
    )
    os.environ.update(with_template(dict(os.environ)))  # Voila reads JUPYTER_PATH when it looks for the template
    (ClassroomVoila if network else StopsItsKernels).launch_instance(argv=argv)
    return 0
