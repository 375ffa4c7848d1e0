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
        "whole_graph": ("The whole graph", "全体図"),
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
    """The rule IDs that ``events`` cite, each once, in order."""
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
        """Each event as a line "[rule] what happened" in the explanation's language."""
        g = self.state.game
        return [f"[{e.rule}] {g.describe_event(e, self.state, self.lang)}" for e in self.events]

    def rules(self) -> list[tuple[str, str]]:
        """Each rule the events cite with its text, in the explanation's language."""
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
    """An ``Explanation`` of ``events`` (what an action did in ``state``): the lines and the rules they cite."""
    return Explanation(state, events, lang)


class Side:
    """Two HTML-displayable things side by side (e.g. the board and the flow graph); ``projector``: inside
    an element of class ``tcg-projector`` (larger card text, as the front ends' projector mode)."""

    def __init__(self, *items: Any, projector: bool = False) -> None:
        self.items = items
        self.projector = projector

    def _repr_html_(self) -> str:
        cells = []
        for item in self.items:
            if hasattr(item, "_repr_html_"):
                inner = item._repr_html_()
            elif hasattr(item, "_repr_svg_"):
                inner = item._repr_svg_()
            else:
                inner = escape(str(item))
            cells.append(f'<div style="flex:1 1 0;min-width:min(100%,420px)">{inner}</div>')
        cls = ' class="tcg-projector"' if self.projector else ""
        return f'<div{cls} style="display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap">{"".join(cells)}</div>'


class Graph:
    """The flow graph beside ``show``'s board: the focus view of the current node (it, the way it was
    reached, where it can go next), readable at a glance, and the whole graph behind a toggle, at its own
    size and opening on the lit node. Without graphviz (and no packaged drawing): the focus view in words."""

    def __init__(self, state: State, lang: str = "en", flow: str = "turn") -> None:
        self.state, self.lang, self.flow = state, lang, flow

    def _repr_html_(self) -> str:
        from .viz.flowgraph import FlowDiagram, GraphvizMissing, new_scope

        state, lang = self.state, self.lang
        f = state.game.flows[self.flow]
        d = FlowDiagram.of(f, lang, state.game.name)
        node = state.node if state.node in f.by_id else None
        last = [t for t in state.last_transitions if t in f.edge_set]
        via = last[-1][0] if node is not None and last and last[-1][1] == node else None
        scope = new_scope()
        if node is None:
            focus = ""
        else:
            try:
                focus = d.focus_svg(node, via)
            except GraphvizMissing:
                focus = d.focus_text(node)
        try:
            whole = d.full_svg
        except GraphvizMissing as exc:
            whole = f"<p>{escape(str(exc))}</p>"
        css = d.style(scope, node, last)
        title = TEXT.t("whole_graph", lang)
        return (
            f'<div class="tcg-flow tcg-show-graph {scope}" data-flow="{f.name}" data-current="{escape(node or "")}">'
            f'<style>{css}</style><div class="tcg-focus" style="overflow-x:auto">{focus}</div>'
            f'<details class="tcg-full-graph"><summary style="cursor:pointer">{escape(title)}</summary>'
            f"{whole}</details></div>"
        )


def show(state: State, lang: str = "en", perspective: int | None = None, *, projector: bool = False) -> Side:
    """The board and the flow graph of ``state`` side by side: the focus view of the current node and the
    whole graph behind a toggle (``Graph``). ``projector=True``: card text and graph type sized for a
    projector (the CSS class ``tcg-projector``, as the classroom's projector mode)."""
    from .viz.board import Board

    return Side(Board(state, lang=lang, perspective=perspective), Graph(state, lang), projector=projector)


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
