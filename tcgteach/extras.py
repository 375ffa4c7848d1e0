"""What each optional part of tcgteach needs, and the one-line error when it is missing.

``pip install tcgteach`` is the engine alone: the rules of both games, the agents, the simulator, the design lab's
measures and the command line, with no Jupyter, widget, graphviz or tqdm package. The extras add the rest:

- ``tcgteach[notebooks]``: the widgets (``tcgteach.widgets``), fresh flow-graph layouts (the ``graphviz`` package),
  progress bars (tqdm), JupyterLab, the classroom (Voila) and the lessons' figures (matplotlib);
- ``tcgteach[dask]``: many games on a Dask cluster (an executor of ``distributed.Client``), records as DataFrames;
- ``tcgteach[sim]``: records as a pandas DataFrame (``tcgteach.sim.to_frame``).

>>> from tcgteach.extras import MissingExtraError, install_hint
>>> install_hint("notebooks")
"pip install 'tcgteach[notebooks]'"
>>> str(MissingExtraError("tcgteach.widgets", "ipywidgets", "notebooks"))
"tcgteach.widgets needs ipywidgets, which is not installed: pip install 'tcgteach[notebooks]'"
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .core.errors import TcgError

#: extra -> the packages it brings that the code imports (the rest of an extra are programs: JupyterLab, Voila)
EXTRAS: dict[str, tuple[str, ...]] = {
    "notebooks": ("ipywidgets", "graphviz", "tqdm", "matplotlib"),
    "dask": ("dask", "distributed", "pandas"),
    "sim": ("pandas",),
}


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` (one of :data:`EXTRAS`)."""
    if extra not in EXTRAS:
        raise TcgError(f"unknown extra {extra!r} (tcgteach has {', '.join(EXTRAS)})")
    return f"pip install 'tcgteach[{extra}]'"


class MissingExtraError(ModuleNotFoundError):
    """A part of tcgteach was used without the optional package it needs: the message is one line naming the
    extra to install. A ``ModuleNotFoundError`` (``name`` is the missing package), so code that tries an import and
    falls back still catches it."""

    def __init__(self, what: str, package: str, extra: str) -> None:
        super().__init__(f"{what} needs {package}, which is not installed: {install_hint(extra)}", name=package)
        #: the extra that brings the package
        self.extra = extra


def require(package: str, what: str, extra: str = "notebooks") -> ModuleType:
    """Import ``package`` for ``what`` (words for the message), or raise :class:`MissingExtraError` without the
    import's own traceback."""
    try:
        return import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] != package.split(".")[0]:
            raise  # the package is there, but one of its own imports is missing: its error says which
        raise MissingExtraError(what, package, extra) from None
