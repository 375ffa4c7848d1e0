"""Helpers for the lessons: play until something happens, explain events with their rules.

>>> import tcgteach
>>> from tcgteach.agents import RandomAgent
>>> state = tcgteach.game("darkmoon").new_state(seed=4, decks=["ensemble", "spotlight"])
>>> agents = [RandomAgent(40), RandomAgent(41)]
>>> events = run_until(state, agents, lambda e: e.kind == "reveal" and e.data["match"])
>>> print(explain(state, events, lang="ja"))      # each event with the rule it cites, in Japanese
[DM-4.2] ...
[DM-4.4] 公開：...
...
DM-4.4: ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from .core.errors import TcgError
from .core.events import Event
from .core.state import State
from .i18n import Text
from .session import Session

TEXT = Text(
    {
        "rules_applied": ("Rules applied", "ルール"),
        # where the lesson's missing package can come from: in the browser, or a Python to pip install into
        "in_browser": (
            "this browser runtime does not bundle it (on a full deployment of the site it loads by itself)",
            "このブラウザー上のPythonには含まれていません（サイトを通常どおり公開すれば自動で読み込まれます）",
        ),
        "pip": ("install it with 'pip install {package}'", "'pip install {package}' で入れてください"),
    }
)


def run_until(
    state: State,
    agents: Sequence[Any],
    until: Callable[[Event], bool],
    max_steps: int = 5000,
    since: Callable[[Event], bool] | None = None,
) -> list[Event]:
    """Let the agents play until an event satisfies ``until``; return the events of the last action,
    or, with ``since``, every event from the last one that satisfies ``since`` on.

    Raises ``TcgError`` if the game ends or ``max_steps`` pass first.
    """
    start = len(state.events)
    session = Session(state, agents)
    for _ in range(max_steps):
        if state.is_terminal():
            raise TcgError("the game ended before the awaited event happened")
        events = session.step()
        if events is None:
            raise TcgError(f"P{(state.current_player or 0) + 1} has no agent: run_until plays agents only")
        if any(until(e) for e in events):
            if since is None:
                return events
            seen = state.events[start:]
            first = max((i for i, e in enumerate(seen) if since(e)), default=0)
            return seen[first:]
    raise TcgError(f"no such event within {max_steps} steps")


def rule_ids(events: Sequence[Event]) -> list[str]:
    seen: list[str] = []
    for e in events:
        if e.rule not in seen:
            seen.append(e.rule)
    return seen


class Explanation:
    """Events as readable lines, each citing its rule, followed by the text of each cited rule."""

    def __init__(self, state: State, events: Sequence[Event], lang: str = "en") -> None:
        self.state, self.events, self.lang = state, list(events), lang

    def lines(self) -> list[str]:
        g = self.state.game
        return [f"[{e.rule}] {g.describe_event(e, self.state, self.lang)}" for e in self.events]

    def rules(self) -> list[tuple[str, str]]:
        g = self.state.game
        out = []
        for rid in rule_ids(self.events):
            try:
                out.append((rid, g.rule_text(rid, self.lang)))
            except TcgError:
                pass
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines() + [""] + [f"{rid}: {text}" for rid, text in self.rules()])

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines())
        rules = "".join(f"<li><b>{escape(rid)}</b> {escape(text)}</li>" for rid, text in self.rules())
        head = TEXT.t("rules_applied", self.lang)
        return (
            f'<div class="tcg-explain"><ul>{items}</ul><details open><summary>{head}</summary>'
            f"<ul>{rules}</ul></details></div>"
        )


def explain(state: State, events: Sequence[Event], lang: str = "en") -> Explanation:
    return Explanation(state, events, lang)


class Side:
    """Two HTML-displayable things side by side (e.g. the board and the flow graph)."""

    def __init__(self, *items: Any) -> None:
        self.items = items

    def _repr_html_(self) -> str:
        cells = []
        for item in self.items:
            if hasattr(item, "_repr_html_"):
                inner = item._repr_html_()
            elif hasattr(item, "_repr_svg_"):
                inner = item._repr_svg_()
            else:
                inner = escape(str(item))
            cells.append(f'<div style="flex:1;min-width:320px">{inner}</div>')
        return f'<div style="display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap">{"".join(cells)}</div>'


def show(state: State, lang: str = "en", perspective: int | None = None) -> Side:
    """The board and the highlighted flow graph of ``state``, side by side."""
    from .viz.board import Board
    from .viz.flowgraph import diagram

    return Side(Board(state, lang=lang, perspective=perspective), diagram(state, lang=lang))


IN_BROWSER = __import__("sys").platform == "emscripten"
"""True in the JupyterLite site (Pyodide): one process, a slower Python, only the packages the site bundles."""


class MissingPackage(TcgError):
    """A lesson needs a package this Python does not have. In a notebook it shows as one line (no traceback)
    and, like any error, stops the cells after it."""

    def __init__(self, package: str, purpose: str) -> None:
        key = "in_browser" if IN_BROWSER else "pip"
        super().__init__(
            f"{purpose}: {package} is not available in this Python, {TEXT.t(key, 'en', package=package)}. / "
            f"{package} がないため続けられません：{TEXT.t(key, 'ja', package=package)}。"
        )

    def _render_traceback_(self) -> list[str]:  # IPython shows this instead of a traceback
        return [str(self)]


def require(module: str, purpose: str, package: str | None = None) -> Any:
    """Import ``module`` for a lesson, or stop with one readable line naming the missing package."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingPackage(package or module.split(".")[0], purpose) from None
