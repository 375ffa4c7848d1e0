"""Flow graphs drawn with graphviz: laid out once per (graph, language), then restyled.

``dot`` runs once per graph and language; highlighting the current node and the last transition
only swaps a small CSS block (no new layout, ~microseconds), like pytransitions' GraphMachine
styles without its re-rendering. Node groups carry classes ``tcg-n-<node>`` and edge groups
``tcg-e-<src>--<dst>`` so pages (and browser tests) can find them.
"""

from __future__ import annotations

import html
import itertools
import re
import shutil
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..core.errors import TcgError
from ..i18n import LANGS, pick

if TYPE_CHECKING:
    from ..core.flow import Flow
    from ..core.game import Game
    from ..core.state import State

SHAPES = {"start": "house", "decision": "box", "step": "ellipse", "end": "doubleoctagon"}
STYLES = {"start": "filled", "decision": "rounded,filled", "step": "filled", "end": "filled"}
FILL = {"start": "#eef2f7", "decision": "#ffffff", "step": "#f5f5f5", "end": "#eef2f7"}
CURRENT_FILL = "#ffd54f"
CURRENT_STROKE = "#b71c1c"
EDGE_STROKE = "#d32f2f"
FONT = "Noto Sans CJK JP, Noto Sans, DejaVu Sans, sans-serif"

_uid = itertools.count(1)
_told_about_graphviz = False

INSTALL_GRAPHVIZ = (
    "the graphviz program 'dot' is not installed: on Debian/Ubuntu run 'sudo apt-get install "
    "graphviz', with conda 'conda install graphviz', on macOS 'brew install graphviz'"
)


class GraphvizMissing(TcgError):
    """The graphviz ``dot`` program is not installed."""


def packaged_svg(game: str, flow: str, lang: str, source: str) -> str | None:
    """The SVG shipped with the package for this flow graph (``tcgteach/diagrams``, = ``diagrams/``), if its
    DOT is exactly ``source`` (so a changed or unknown flow never gets a stale drawing)."""
    from importlib.resources import files

    folder = files("tcgteach").joinpath("diagrams")
    stem = f"{game}-{flow}.{lang}"
    try:
        dot = folder.joinpath(f"{stem}.dot").read_text(encoding="utf-8")
        if dot != source:
            return None
        return folder.joinpath(f"{stem}.svg").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        return None


def _tell_once() -> None:
    """Say once per session that the drawings are the packaged ones (not in a browser: nothing to install)."""
    global _told_about_graphviz
    if _told_about_graphviz or sys.platform == "emscripten":
        return
    _told_about_graphviz = True
    print(
        f"tcgteach: showing the flow graphs shipped with the package; {INSTALL_GRAPHVIZ} for fresh layouts.",
        file=sys.stderr,
    )


def dot_source(flow: Flow, lang: str = "en", game: str = "") -> str:
    """The DOT text of a flow graph (deterministic: committed under ``diagrams/`` and diffed in CI)."""
    import graphviz

    title = pick(flow.title, lang)
    g = graphviz.Digraph(
        name=f"{game}_{flow.name}" if game else flow.name,
        graph_attr={
            "label": title,
            "labelloc": "t",
            "fontname": FONT,
            "rankdir": "TB",
            "nodesep": "0.35",
            "ranksep": "0.45",
            "bgcolor": "white",
        },
        node_attr={"fontname": FONT, "fontsize": "12", "color": "#37474f", "penwidth": "1.2"},
        edge_attr={"fontname": FONT, "fontsize": "9", "color": "#607d8b", "fontcolor": "#37474f"},
    )
    clusters: dict[str, object] = {}
    for node in flow.nodes:
        label = pick(node.label, lang) + "\n" + " ".join(node.rules[:3]) + (" …" if len(node.rules) > 3 else "")
        tip = pick(node.help or {}, lang, "")
        target = g
        if node.cluster:
            if node.cluster not in clusters:
                sub = graphviz.Digraph(name=f"cluster_{node.cluster}")
                sub.attr(
                    label=pick(flow.cluster_titles.get(node.cluster, {}), lang, node.cluster),
                    style="rounded,dashed",
                    color="#90a4ae",
                    fontname=FONT,
                )
                clusters[node.cluster] = sub
            target = clusters[node.cluster]
        target.node(
            node.id,
            label=label,
            shape=SHAPES.get(node.kind, "box"),
            style=STYLES.get(node.kind, "filled"),
            fillcolor=FILL.get(node.kind, "#ffffff"),
            id=f"n__{node.id.replace('.', '_o_')}",
            tooltip=tip or label,
        )
    for sub in clusters.values():
        g.subgraph(sub)
    for e in flow.edges:
        g.edge(
            e.src,
            e.dst,
            label=f"{pick(e.label, lang)}\n{e.rule}",
            id=f"e__{_css(e.src)}__{_css(e.dst)}",
            tooltip=e.rule,
        )
    return str(g.source)


def _css(node: str) -> str:
    """Node ids as CSS class fragments ("combat.start" -> "combat_o_start")."""
    return node.replace(".", "_o_")


def _render_svg(source: str) -> str:
    import graphviz

    if shutil.which("dot") is None:
        raise GraphvizMissing(INSTALL_GRAPHVIZ)
    svg = graphviz.Source(source).pipe(format="svg", encoding="utf-8")
    return _classify(svg)


def _classify(svg: str) -> str:
    """Turn graphviz ids (n__main, e__a__b) into classes so several copies can share a page."""
    svg = re.sub(r'<g id="n__([^"]+)" class="node">', r'<g class="node tcg-node tcg-n-\1" data-node="\1">', svg)
    svg = re.sub(
        r'<g id="e__(.+?)__([^"]+)" class="edge">', r'<g class="edge tcg-edge tcg-e-\1--\2" data-edge="\1--\2">', svg
    )
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"', r'<svg style="max-width:100%;height:auto"', svg, count=1)
    svg = re.sub(r"<\?xml[^>]*>\s*", "", svg)
    svg = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg)
    return svg


class FlowDiagram:
    """One flow graph in one language, laid out once. ``highlight`` returns restyled copies."""

    _cache: dict[tuple[int, str, str], FlowDiagram] = {}

    def __init__(self, flow: Flow, lang: str = "en", game: str = "") -> None:
        self.flow = flow
        self.lang = lang
        self.game = game
        self.source = dot_source(flow, lang, game)
        self._svg: str | None = None

    @classmethod
    def of(cls, flow: Flow, lang: str = "en", game: str = "") -> FlowDiagram:
        key = (id(flow), lang, game)
        d = cls._cache.get(key)
        if d is None:
            d = cls._cache[key] = cls(flow, lang, game)
        return d

    @property
    def svg(self) -> str:
        """The laid-out SVG (graphviz runs at the first access only)."""
        if self._svg is None:
            try:
                self._svg = _render_svg(self.source)
            except GraphvizMissing:
                shipped = packaged_svg(self.game, self.flow.name, self.lang, self.source)
                if shipped is None:
                    raise
                _tell_once()
                self._svg = _classify(shipped)
        return self._svg

    def style(self, scope: str, current: str | None, edges: Iterable[Sequence[str]] = ()) -> str:
        """CSS that highlights ``current`` and ``edges`` inside the element of class ``scope``."""
        rules = []
        current = _css(current) if current else current
        edges = [(_css(a), _css(b)) for a, b in edges]
        if current:
            rules.append(
                f".{scope} .tcg-n-{current} polygon, .{scope} .tcg-n-{current} ellipse, "
                f".{scope} .tcg-n-{current} path {{fill: {CURRENT_FILL}; stroke: {CURRENT_STROKE}; "
                f"stroke-width: 3px;}}"
            )
            rules.append(f".{scope} .tcg-n-{current} text {{font-weight: bold;}}")
        for src, dst in edges:
            rules.append(f".{scope} .tcg-e-{src}--{dst} path {{stroke: {EDGE_STROKE}; stroke-width: 3px;}}")
            rules.append(f".{scope} .tcg-e-{src}--{dst} polygon {{fill: {EDGE_STROKE}; stroke: {EDGE_STROKE};}}")
            rules.append(f".{scope} .tcg-e-{src}--{dst} text {{fill: {EDGE_STROKE}; font-weight: bold;}}")
        return "\n".join(rules)

    def html(self, current: str | None = None, edges: Iterable[Sequence[str]] = (), scope: str | None = None) -> str:
        """Inline HTML: the SVG inside a div whose ``data-current`` names the highlighted node."""
        scope = scope or f"tcg-flow-{next(_uid)}"
        edges = list(edges)
        label = self.flow.label(current, self.lang) if current in self.flow.by_id else ""
        edge_text = " ".join(f"{a}->{b}" for a, b in edges)
        return (
            f'<div class="tcg-flow {scope}" data-flow="{self.flow.name}" data-current="{html.escape(current or "")}"'
            f' data-edges="{html.escape(edge_text)}" role="img" aria-label="{html.escape(label)}">'
            f"<style>{self.style(scope, current, edges)}</style>{self.svg}</div>"
        )

    def highlighted_svg(self, current: str | None = None, edges: Iterable[Sequence[str]] = ()) -> str:
        """A self-contained SVG document with the highlight inside (for files and ``_repr_svg_``).

        Its style is scoped to this one drawing, so several on one page do not light each other up."""
        scope = f"tcg-root-{next(_uid)}"
        css = self.style(scope, current, edges)
        svg = self.svg
        i = svg.index("<svg")
        j = svg.index(">", i)
        head = svg[i:j]
        if 'class="' in head:
            head = head.replace('class="', f'class="{scope} ', 1)
        else:
            head += f' class="{scope}"'
        return svg[:i] + head + ">" + f"<style>{css}</style>" + svg[j + 1 :]


class Highlighted:
    """A flow diagram with a highlight, displayable in notebooks (``_repr_svg_``/``_repr_html_``)."""

    def __init__(self, diagram: FlowDiagram, current: str | None, edges: Sequence[Sequence[str]]) -> None:
        self.diagram, self.current, self.edges = diagram, current, list(edges)

    def _repr_svg_(self) -> str:
        return self.diagram.highlighted_svg(self.current, self.edges)

    def _repr_html_(self) -> str:
        return self.diagram.html(self.current, self.edges)

    def __str__(self) -> str:
        return self._repr_svg_()


def diagram(target: State | object, *, flow: str = "turn", lang: str = "en") -> Highlighted:
    """The flow graph of a game or state; a state's current node and last transitions are highlighted."""
    from ..core.state import State

    if isinstance(target, State):
        game = target.game
        f = game.flows[flow]
        current = target.node if target.node in f.by_id else None
        edges = [t for t in target.last_transitions if t in f.edge_set]
    else:
        game = cast("Game", target)
        f = game.flows[flow]
        current, edges = None, []
    return Highlighted(FlowDiagram.of(f, lang, game.name), current, edges)


def write_diagrams(out: Path, svg: bool = True, games: Iterable[str] | None = None) -> list[Path]:
    """Write ``<game>-<flow>.<lang>.dot`` (and ``.svg``) for every flow graph of every game."""
    import tcgteach

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in games or tcgteach.games():
        game = tcgteach.game(name)
        for flow in game.flows.values():
            for lang in LANGS:
                d = FlowDiagram(flow, lang, game.name)
                stem = f"{game.name}-{flow.name}.{lang}"
                (out / f"{stem}.dot").write_text(d.source, encoding="utf-8")
                written.append(out / f"{stem}.dot")
                if svg:
                    (out / f"{stem}.svg").write_text(_render_svg_raw(d.source), encoding="utf-8")
                    written.append(out / f"{stem}.svg")
    return written


def _render_svg_raw(source: str) -> str:
    import graphviz

    if shutil.which("dot") is None:
        raise GraphvizMissing(INSTALL_GRAPHVIZ)
    return str(graphviz.Source(source).pipe(format="svg", encoding="utf-8"))
