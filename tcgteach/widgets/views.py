"""The panes that show the game: :class:`BoardPane` (the board as the perspective may see it),
:class:`LogPane` (the event log, one described line per move), :class:`GraphPane` (the rules' flow
diagram with the current step lit) and :class:`ExportPane` (the position and the graph saved for
slides).
"""

from __future__ import annotations

import base64
import html
import logging
import os
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.files import atomic_write_text
from ..i18n import pick
from ..viz import export
from ..viz.board import board_html
from ..viz.flowgraph import FlowDiagram, GraphvizMissing, new_scope
from .table import SHOWN, Table

_log = logging.getLogger("tcgteach.widgets")


# -- panes ------------------------------------------------------------------------------------------------
class BoardPane(w.HTML):  # type: ignore[misc]  # ipywidgets has no type hints
    """The board as the table's perspective may see it (class ``tcg-board-view``)."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.add_class("tcg-board-view")
        table.listen(self.refresh)

    def refresh(self) -> None:
        """Redraw the board from the table's seat's perspective (hidden while the seats change hands)."""
        t = self.table
        self.layout.display = "none" if t.hidden() else SHOWN
        self.value = "" if t.hidden() else board_html(t.state, lang=t.lang, perspective=t.perspective())


class EventLog(w.HTML):  # type: ignore[misc]
    """The log's view. A front end answers ipywidgets' ``Widget.log`` (its logger) with it, so it also
    passes on the warnings ipywidgets writes there."""

    def warning(self, *args: Any, **kw: Any) -> None:
        """Log a warning of the widgets (Python's logging, logger ``tcgteach.widgets``)."""
        _log.warning(*args, **kw)

    def error(self, *args: Any, **kw: Any) -> None:
        """Log an error of the widgets."""
        _log.error(*args, **kw)

    def info(self, *args: Any, **kw: Any) -> None:
        """Log a note of the widgets."""
        _log.info(*args, **kw)

    def debug(self, *args: Any, **kw: Any) -> None:
        """Log a debugging note of the widgets."""
        _log.debug(*args, **kw)


class LogPane(w.VBox):  # type: ignore[misc]
    """The event log, each line citing its rule, newest at the bottom (class ``tcg-log``); ``lines`` caps
    what is kept in the page; ``height`` is the box's height in pixels."""

    def __init__(self, table: Table, *, lines: int = 400, height: int = 220, title: bool = True) -> None:
        self.title = w.HTML()
        self.view = EventLog(layout=w.Layout(width="100%"))
        self.view.add_class("tcg-log")
        super().__init__([self.title, self.view] if title else [self.view])
        self.add_class("tcg-log-pane")
        self.table = table
        self.lines = lines
        self.height = height
        self.cache: list[str] = []
        self._persp: Any = "unset"
        self._lang = table.lang
        self._state: Any = None  # the game the cached lines are of (a new game starts a new log)
        table.listen(self.refresh)

    def refresh(self) -> None:
        """Redraw the event log with rule citations, as the table's seat may see it."""
        t = self.table
        state = t.state
        if t.hidden():
            self.layout.display = "none"
            self.view.value = ""
            self.cache, self._persp = [], "unset"
            return
        self.layout.display = SHOWN
        persp = t.perspective()
        events = state.events
        if persp != self._persp or t.lang != self._lang or state is not self._state:
            self.cache = []
            self._persp, self._lang, self._state = persp, t.lang, state
        cache = self.cache
        if len(cache) > len(events):
            del cache[len(events) :]
        forced = t.session.forced_moves() if len(cache) < len(events) else {}
        for i in range(len(cache), len(events)):
            ev = events[i]
            shown = ev if persp is None else ev.masked(persp)
            text = t.game.describe_event(shown, state, t.lang)
            line = f'<div class="tcg-log-line" data-rule="{ev.rule}"><code>[{ev.rule}]</code> {html.escape(text)}</div>'
            if i in forced:
                line = self._forced_line(*forced[i], persp) + line
            cache.append(line)
        self.title.value = f"<b>{html.escape(t.t('log'))}</b> ({len(events)})"
        self.view.value = (
            f'<div class="tcg-log-box" style="max-height:{self.height}px;overflow-y:auto;display:flex;'
            'flex-direction:column-reverse"><div>' + "".join(cache[-self.lines :]) + "</div></div>"
        )

    def _forced_line(self, seat: int | None, action: Any, persp: int | None) -> str:
        t = self.table
        n = (seat or 0) + 1
        text = t.t("forced", n=n, what=describe(t, seat, action, persp))
        rule = html.escape(getattr(action, "RULE", "") or "")
        return (
            f'<div class="tcg-log-line tcg-forced" data-rule="{rule}"><code>[{rule}]</code> '
            f"<i>{html.escape(text)}</i></div>"
        )


def describe(table: Table, seat: int | None, action: Any, persp: int | None) -> str:
    """An action in words, as ``persp`` may see it (a secret one masked for the others)."""
    game = table.game
    if persp is not None and seat != persp:
        action = game.mask_action(action)
    return game.describe_action(action, table.state, table.lang)


class GraphPane(w.VBox):  # type: ignore[misc]
    """The flow graph: a line naming the current node with its rules, the focus view (the node, where it
    can go and the way just taken, readable at a glance) and the whole graph behind a toggle, laid out
    once per game and language (only a small CSS block changes per step)."""

    def __init__(self, table: Table, flow: str = "turn") -> None:
        self.table = table
        self.flow_name = flow
        self.scope = new_scope()
        self.focus_scope = new_scope()
        self.state_line = w.HTML()
        self.state_line.add_class("tcg-graph-state")
        self.focus = w.HTML()
        self.focus.add_class("tcg-focus")
        self.graph = w.HTML()
        self.graph.add_class("tcg-graph")
        super().__init__([self.state_line, self.focus, self.graph])
        self.add_class("tcg-graph-pane")
        self._base_key: tuple[Any, ...] | None = None
        self._focus_key: tuple[Any, ...] | None = None
        table.listen(self.refresh)

    def flow(self) -> Any:
        """The flow graph shown (the turn's, or a sub-flow such as Dragon Quest's combat steps)."""
        return self.table.game.flows[self.flow_name]

    def render_base(self) -> None:
        """Lay the graph out once per game, flow and language; later moves only restyle it."""
        t = self.table
        flow = self.flow()
        key = (id(t.game), flow.name, t.lang)
        if key == self._base_key:
            return
        self._base_key = key
        self._focus_key = None
        try:
            svg = FlowDiagram.of(flow, t.lang, t.game.name).full_svg
            self.graph.value = (
                f'<details class="tcg-full-graph"><summary style="cursor:pointer">{html.escape(t.t("full_graph"))}'
                f'</summary><div class="tcg-flow {self.scope}" data-flow="{flow.name}">{svg}</div></details>'
            )
        except GraphvizMissing as exc:
            self.graph.value = f"<p>{html.escape(str(exc))}</p>"

    def _focus_flow(self) -> Any:
        t = self.table
        flow = self.flow()
        if t.state.node in flow.by_id:
            return flow
        return t.game.turn_flow if t.state.node in t.game.turn_flow.by_id else None

    def focus_css(self) -> str:
        """The CSS that lights the current node and the last transitions of the focused sub-flow."""
        t = self.table
        state = t.state
        flow = self._focus_flow()
        if flow is None:
            self.focus.value = ""
            self._focus_key = None
            return ""
        node = state.node
        last = [e for e in state.last_transitions if e in flow.edge_set]
        via = last[-1][0] if last and last[-1][1] == node else None
        diagram = FlowDiagram.of(flow, t.lang, t.game.name)
        key = (flow.name, t.lang, node, via)
        if key != self._focus_key:
            try:
                body = diagram.focus_svg(node, via)
            except GraphvizMissing:
                body = diagram.focus_text(node)
            self.focus.value = (
                f'<div class="tcg-flow tcg-focus-graph {self.focus_scope}" data-flow="{flow.name}" '
                f'data-current="{html.escape(node)}">{body}</div>'
            )
            self._focus_key = key
        return diagram.style(self.focus_scope, node, [(via, node)] if via is not None else [])

    def refresh(self) -> None:
        """Restyle the graph for the current node and the transitions just taken."""
        t = self.table
        state = t.state
        self.render_base()
        flow = self.flow()
        edges = [e for e in state.last_transitions if e in flow.edge_set]
        node = t.game.turn_flow.by_id[state.node]
        label = pick(node.label, t.lang)
        inside = state.node in flow.by_id
        if not inside:
            label += " (" + t.t("outside") + ")"
        css = FlowDiagram.of(flow, t.lang, t.game.name).style(self.scope, state.node if inside else None, edges)
        css += "\n" + self.focus_css()
        self.state_line.value = (
            f'<style>{css}</style><div class="tcg-flow-state" data-current="{state.node}" '
            f'data-version="{t.version}" '
            f'data-edges="{" ".join(f"{a}->{b}" for a, b in edges)}"><b>'
            f"{html.escape(t.t('now', node=label))}</b> <small>({' '.join(node.rules)})</small></div>"
        )


class ExportPane(w.HBox):  # type: ignore[misc]
    """Save for slides: the position as one self-contained HTML page and the graph as SVG, offered as
    download links (gone at the next move)."""

    EVENTS = 12

    def __init__(self, table: Table, graph: GraphPane, log: LogPane, seed: Callable[[], int]) -> None:
        self.table = table
        self.graph_pane = graph
        self.log_pane = log
        self.seed = seed
        self.button = w.Button(description=table.t("export"), layout=w.Layout(width="auto"))
        self.button.add_class("tcg-export")
        self.link = w.HTML()
        self.link.add_class("tcg-export-link")
        self._version = -1
        self.button.on_click(table.guard(lambda _b: self.offer()))
        super().__init__([self.button, self.link], layout=w.Layout(align_items="center"))
        table.listen(self.refresh)

    def refresh(self) -> None:
        """Redraw the Export button; an offered download of an older position is withdrawn."""
        t = self.table
        self.button.description = t.t("export")
        if self.link.value and self._version != t.version:
            self.link.value = ""

    def export_svg(self, path: str | os.PathLike[str] | None = None) -> str:
        """The current turn graph, highlighted, as SVG text (written to ``path`` when given)."""
        t = self.table
        state = t.state
        flow = self.graph_pane.flow()
        if state.node not in flow.by_id:
            flow = t.game.turn_flow
        edges = [e for e in state.last_transitions if e in flow.edge_set]
        current = state.node if state.node in flow.by_id else None
        svg = FlowDiagram.of(flow, t.lang, t.game.name).highlighted_svg(current, edges)
        if path is not None:
            atomic_write_text(path, svg)
        return svg

    def export_html(self, path: str | os.PathLike[str] | None = None) -> str:
        """The board, the log and the graph as one HTML page (written to ``path`` when given)."""
        t = self.table
        state = t.state
        persp = t.perspective()
        self.log_pane.refresh()
        try:
            graph: str | None = self.export_svg()
        except GraphvizMissing:
            graph = None
        focus = self.graph_pane.focus.value
        if focus and self.graph_pane.focus_scope in focus:
            focus = f"<style>{self.graph_pane.focus_css()}</style>{focus}"
        title = pick(getattr(t.game, "title", {}) or {}, t.lang, t.game.name)
        n = len(state.history)
        caption = t.t("export_caption_1", seed=self.seed()) if n == 1 else t.t("export_caption", seed=self.seed(), n=n)
        doc = export.position_html(
            title=title,
            lang=t.lang,
            board=board_html(state, lang=t.lang, perspective=persp),
            graph_svg=graph,
            focus=focus,
            log_lines=[f"<b>{html.escape(t.t('last_events'))}</b>", *self.log_pane.cache[-self.EVENTS :][::-1]],
            caption=caption,
            graph_title=t.t("graph"),
        )
        if path is not None:
            atomic_write_text(path, doc)
        return doc

    def offer(self) -> None:
        """Offer the current position as download links (HTML page and SVG graph)."""
        t = self.table
        stem = f"tcgteach-{t.game.name}-seed{self.seed()}-{len(t.state.history)}-{t.lang}"
        page = base64.b64encode(self.export_html().encode("utf-8")).decode("ascii")
        links = [
            f'<a class="tcg-download" download="{stem}.html" href="data:text/html;charset=utf-8;base64,{page}">'
            f"{html.escape(t.t('download_html'))}</a>"
        ]
        try:
            svg = base64.b64encode(self.export_svg().encode("utf-8")).decode("ascii")
            links.append(
                f'<a class="tcg-download" download="{stem}.svg" href="data:image/svg+xml;base64,{svg}">'
                f"{html.escape(t.t('download_svg'))}</a>"
            )
        except GraphvizMissing:
            pass
        self.link.value = " ".join(links)
        self._version = t.version
