"""Files the package writes: whole or not at all, and never over one of its own inputs.

Every file tcgteach writes (game records, simulation CSV, exported pages and graphs, diagrams, fonts)
goes through :func:`atomic_writer`: the text is written to a temporary file in the same folder, flushed
to the disk, then renamed over the target (``os.replace``, atomic on one file system). A write cut off
(a full disk, a size limit, Ctrl+C) leaves the old file as it was and no temporary file behind. A new
file gets the permissions any new file gets (the umask); a file written again keeps its own.

:func:`check_not_input` refuses an output that is one of the command's inputs (``--cards mine.json
--record mine.json``) before any work, with :class:`SamePathError` naming both roles.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from .errors import TcgError

__all__ = [
    "SamePathError",
    "atomic_write_bytes",
    "atomic_write_text",
    "atomic_writer",
    "check_not_input",
    "probe_folder",
    "same_file",
]


class SamePathError(TcgError, ValueError):
    """An output file that is also an input of the same command (it would be overwritten)."""


def _target(path: str | os.PathLike[str]) -> Path:
    """The file to replace: through a symbolic link, the file it points to (the link stays a link)."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(os.fspath(path), bytes) or not os.fspath(path):
        raise TcgError(f"a file to write is a path (str or pathlib.Path), not {path!r:.60}")
    p = Path(os.fspath(path))
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def _open_temp(target: Path) -> tuple[int, Path]:
    """A new, empty temporary file next to ``target`` (same folder: the rename stays on one file system),
    created with mode 0o666 so that the umask gives it the permissions of any new file."""
    folder = target.parent
    for _ in range(100):
        tmp = folder / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
        return fd, tmp
    raise FileExistsError(f"no free temporary file name next to {target}")  # pragma: no cover - 100 clashes


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to the disk (POSIX; elsewhere a folder cannot be opened: nothing to do)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def atomic_writer(
    path: str | os.PathLike[str], mode: str = "w", *, encoding: str | None = "utf-8", newline: str | None = None
) -> Iterator[IO[Any]]:
    """``with atomic_writer(path) as fh: fh.write(...)``: the file appears whole when the block ends, or
    not at all (the old one stays) when anything, even a ``KeyboardInterrupt``, leaves it early.
    ``mode`` is ``"w"`` (text, ``encoding``, ``newline`` as ``open``) or ``"wb"``."""
    if mode not in ("w", "wb"):
        raise TcgError(f"atomic_writer writes a whole file: mode 'w' or 'wb', not {mode!r}")
    target = _target(path)
    try:
        old: os.stat_result | None = os.stat(target)
    except OSError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):  # /dev/null, a pipe: written as it is, never replaced
        direct: IO[Any] = open(target, "wb") if mode == "wb" else open(target, "w", encoding=encoding, newline=newline)
        with direct:
            yield direct
        return
    fd, tmp = _open_temp(target)
    try:
        if mode == "wb":
            fh: IO[Any] = os.fdopen(fd, "wb")
        else:
            fh = os.fdopen(fd, "w", encoding=encoding, newline=newline)
    except BaseException:
        os.close(fd)
        _remove(tmp)
        raise
    try:
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        if old is not None:  # a file written again keeps its permissions (and, where allowed, its owner)
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
            if hasattr(os, "chown") and (old.st_uid, old.st_gid) != _owner(tmp):
                try:
                    os.chown(tmp, old.st_uid, old.st_gid)
                except OSError:
                    pass
        os.replace(tmp, target)
    except BaseException:
        _remove(tmp)
        raise
    _sync_folder(target.parent)


def _owner(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_uid, st.st_gid


def _remove(tmp: Path) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def probe_folder(path: str | os.PathLike[str]) -> None:
    """Raise the ``OSError`` writing ``path`` would meet in its folder (where the temporary file is made),
    leaving nothing behind: a command checks its output this way before its work."""
    target = _target(path)
    if target.exists() and not target.is_file():  # a device or a pipe is written as it is
        return
    fd, tmp = _open_temp(target)
    os.close(fd)
    _remove(tmp)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` whole or not at all (see :func:`atomic_writer`)."""
    if not isinstance(text, str):
        raise TcgError(f"atomic_write_text writes a str, not {type(text).__name__}")
    with atomic_writer(path, "w", encoding=encoding) as fh:
        fh.write(text)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (see :func:`atomic_writer`)."""
    if not isinstance(data, (bytes, bytearray)):
        raise TcgError(f"atomic_write_bytes writes bytes, not {type(data).__name__}")
    with atomic_writer(path, "wb") as fh:
        fh.write(data)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file: the same file on disk (``os.path.samefile``: links, other spellings)
    or, for a file not there yet, the same resolved path."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        pass
    try:
        return Path(os.fspath(a)).resolve() == Path(os.fspath(b)).resolve()
    except (OSError, RuntimeError, ValueError):
        return os.path.abspath(a) == os.path.abspath(b)


def check_not_input(
    output: str | os.PathLike[str], output_role: str, inputs: Mapping[str, str | os.PathLike[str] | None]
) -> None:
    """Refuse an output that is one of the inputs (role -> path; None: not given), before anything is
    written: :class:`SamePathError` naming both roles and the file."""
    for role, given in inputs.items():
        if given is None or isinstance(given, (dict, list)):
            continue
        if same_file(output, given):
            raise SamePathError(
                f"{output_role} {os.fspath(output)} is the same file as {role} {os.fspath(given)}: "
                f"writing it would overwrite the {role.lstrip('-')} file; give {output_role} another file name"
            )
