"""Flow graphs drawn with graphviz: laid out once per (graph, language), then restyled.

``dot`` runs once per graph and language; highlighting the current node and the last transition
only swaps a small CSS block (no new layout, ~microseconds), like pytransitions' GraphMachine
styles without its re-rendering. Node groups carry classes ``tcg-n-<node>`` and edge groups
``tcg-e-<src>--<dst>`` so pages (and browser tests) can find them.
"""

from __future__ import annotations

import html
import math
import re
import shutil
import sys
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..core.checks import check_lang, check_text, shown
from ..core.errors import TcgError
from ..core.files import atomic_write_text
from ..extras import require
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

# Type sizes in points. Graphviz's SVG measures in points (1 pt = 4/3 px at its own size), and every drawing
# is shown at no less than the scale that puts its smallest type at READABLE_PX (``_classify``): 11 pt is
# 14.7 px, readable from the back of a classroom on a projector (issue 21 item 4).
NODE_PT = "12"
EDGE_PT = "11"
READABLE_PX = 14.0


def new_scope(prefix: str = "tcg-flow") -> str:
    """A CSS class naming one drawing on a page, unique across every drawing of every kernel (the stepper's
    graphs and the static diagrams take theirs here, so one's highlight never lights a node of another,
    also not of a drawing left on the page by an earlier kernel)."""
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


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
    graphviz = require("graphviz", "drawing a flow graph")

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
        node_attr={"fontname": FONT, "fontsize": NODE_PT, "color": "#37474f", "penwidth": "1.2"},
        edge_attr={"fontname": FONT, "fontsize": EDGE_PT, "color": "#607d8b", "fontcolor": "#37474f"},
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


FOCUS_NODE_PT = "12"
FOCUS_EDGE_PT = "11"


def _wrap(text: str, lang: str, width: int = 18) -> str:
    """Break a label into lines of about ``width`` letters (half as many for Japanese, whose letters are wide)."""
    import textwrap

    lines = []
    for part in text.split("\n"):
        if lang == "ja":
            n = max(4, width // 2)
            lines += [part[i : i + n] for i in range(0, len(part), n)] or [""]
        else:
            lines += textwrap.wrap(part, width) or [""]
    return "\n".join(lines)


def _with_rule(text: str, rule: str, lang: str, width: int = 20) -> str:
    """``text`` (wrapped) with ``(rule)`` after its last line, or on a line of its own where that line would
    grow past ``width`` letters (a Japanese letter counts two): the rule ID is never split."""
    if not rule:
        return text
    o, c = ("（", "）") if lang == "ja" else (" (", ")")
    last = text.rsplit("\n", 1)[-1]
    size = sum(2 if ord(ch) > 0x2E7F else 1 for ch in last) + len(rule) + 2
    return f"{text}{o}{rule}{c}" if size <= width else f"{text}\n{o.strip()}{rule}{c}"


def _rule_lines(rules: Sequence[str], per_line: int = 2) -> str:
    return "\n".join(" ".join(rules[i : i + per_line]) for i in range(0, len(rules), per_line))


def _html_lines(text: str) -> str:
    """Lines for a graphviz HTML-like label, each left-aligned."""
    return "".join(f'{html.escape(line)}<BR ALIGN="LEFT"/>' for line in text.split("\n"))


def focus_source(flow: Flow, node: str, lang: str = "en", via: str | None = None) -> str:
    """The DOT of the focus view of ``node``: it, above it the node ``via`` it was just reached from (an
    edge ``via -> node`` of the flow; its box names it and then "↓" the way taken, with their rules), and to
    its right one box per way on: the choice or condition with its rule, then "→" the node it leads to.
    Laid out narrow and tall (every node a box, labels wrapped at about 20 letters) so it fits a column
    beside the board without shrinking its type; the ways carry their words inside the boxes, so no arrow
    crosses a label or a rule ID. The node and its edges keep the
    ids of the whole graph, so the same CSS lights both; the neighbours are copies (a node may be reached
    from and go to the same one)."""
    graphviz = require("graphviz", "drawing a flow graph")

    g = graphviz.Digraph(
        name=f"focus_{_css(node)}",
        graph_attr={"rankdir": "LR", "nodesep": "0.12", "ranksep": "0.3", "bgcolor": "white", "margin": "0.08"},
        node_attr={"fontname": FONT, "fontsize": FOCUS_NODE_PT, "color": "#37474f", "penwidth": "1.2"},
        edge_attr={"fontname": FONT, "fontsize": FOCUS_EDGE_PT, "color": "#607d8b", "fontcolor": "#37474f"},
    )

    def add(name: str, n_id: str, gid: str, label: str) -> None:
        n = flow.by_id[n_id]
        g.node(
            name,
            label=label,
            shape="box",  # every kind in a box (its fill tells the kind): an ellipse or octagon is far wider
            style="rounded,filled",
            fillcolor=FILL.get(n.kind, "#ffffff"),
            id=gid,
            tooltip=pick(n.help or {}, lang, "") or pick(n.label, lang),
        )

    here = flow.by_id[node]
    add("here", node, f"n__{_css(node)}", _wrap(pick(here.label, lang), lang, 14) + "\n" + _rule_lines(here.rules))
    if via is not None and (via, node) in flow.edge_set:
        edge = next(e for e in flow.edges if e.src == via and e.dst == node)
        came = flow.by_id[via]
        name = _with_rule(_wrap(pick(came.label, lang), lang, 18), came.rules[0] if came.rules else "", lang, 18)
        way = _with_rule(_wrap("↓ " + pick(edge.label, lang), lang, 18), edge.rule, lang, 18)
        label = (
            f'<<B>{_html_lines(name)}</B><FONT POINT-SIZE="{FOCUS_EDGE_PT}" COLOR="#455a64">{_html_lines(way)}</FONT>>'
        )
        add("from", via, f"f__{_css(via)}", label)
        with g.subgraph() as same:
            same.attr(rank="same")
            same.node("from")
            same.node("here")
        g.edge("from", "here", id=f"e__{_css(via)}__{_css(node)}")
    for k, e in enumerate(e for e in flow.edges if e.src == node):
        to = flow.by_id[e.dst]
        way = _with_rule(_wrap(pick(e.label, lang), lang, 18), e.rule, lang, 18)
        dest = _with_rule(_wrap("→ " + pick(to.label, lang), lang, 18), to.rules[0] if to.rules else "", lang, 18)
        label = (
            f'<<FONT POINT-SIZE="{FOCUS_EDGE_PT}" COLOR="#455a64">{_html_lines(way)}</FONT><B>{_html_lines(dest)}</B>>'
        )
        add(f"to{k}", e.dst, f"t__{_css(e.dst)}", label)
        g.edge("here", f"to{k}", id=f"e__{_css(node)}__{_css(e.dst)}")
    return str(g.source)


def _css(node: str) -> str:
    """Node ids as CSS class fragments ("combat.start" -> "combat_o_start")."""
    return node.replace(".", "_o_")


def _render_svg(source: str) -> str:
    return _classify(_render_svg_raw(source))


def _classify(svg: str) -> str:
    """Turn graphviz ids (n__main, e__a__b) into classes so several copies can share a page; drop the XML
    prolog (the drawing goes inside HTML). Its size is set by ``_sized``."""
    svg = re.sub(r'<g id="n__([^"]+)" class="node">', r'<g class="node tcg-node tcg-n-\1" data-node="\1">', svg)
    svg = re.sub(
        r'<g id="e__(.+?)__([^"]+)" class="edge">', r'<g class="edge tcg-edge tcg-e-\1--\2" data-edge="\1--\2">', svg
    )
    # the focus view's neighbours (copies: not the graph's own node groups)
    svg = re.sub(r'<g id="[ft]__([^"]+)" class="node">', r'<g class="node tcg-neighbour" data-node="\1">', svg)
    svg = re.sub(r"<\?xml[^>]*>\s*", "", svg)
    svg = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg)
    return svg


_VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')
_WIDTH_PT = re.compile(r'<svg width="([\d.]+)pt"')
_FONT_SIZE = re.compile(r'font-size="([\d.]+)"')


def readable_width(svg: str) -> tuple[float, float]:
    """(its own width, the width at which its smallest type is ``READABLE_PX``), in CSS px."""
    own = float(m.group(1)) * 4 / 3 if (m := _WIDTH_PT.search(svg)) else 0.0
    box = _VIEWBOX.search(svg)
    sizes = [float(x) for x in _FONT_SIZE.findall(svg)]
    if box is None or not sizes or not own:
        return own, own
    return own, READABLE_PX * float(box.group(3)) / min(sizes)


def _sized(svg: str, shrink: bool) -> str:
    """The drawing at its own size, or (``shrink``) as wide as its box but never narrower than the width at
    which its smallest type stays ``READABLE_PX`` (measured in the browser: type size × the drawing's scale;
    a box narrower than that scrolls instead)."""
    own, least = readable_width(svg)
    if not own:
        return svg
    svg = re.sub(r'(<svg width="[^"]*" height="[^"]*") style="[^"]*"', r"\1", svg, count=1)  # sized before
    if shrink:
        fit = f"width:{own:.0f}px;max-width:100%;min-width:{math.ceil(least)}px;height:auto"
    else:
        fit = f"width:{math.ceil(max(own, least))}px;max-width:none;height:auto"
    return re.sub(r"<svg (width=\"[^\"]*\" height=\"[^\"]*\")", rf'<svg \1 style="{fit}"', svg, count=1)


_NODE_GROUP = re.compile(r'<g class="node tcg-node tcg-n-([^"]+)" data-node="[^"]*">(.*?)</g>', re.S)
_TEXT_XY = re.compile(r'<text[^>]* x="([-\d.]+)" y="([-\d.]+)"')
_TRANSLATE = re.compile(r'class="graph" transform="[^"]*translate\(([-\d.]+) ([-\d.]+)\)"')

AT_LIT = "scroll-initial-target:nearest;scroll-snap-align:center"
"""Where a scroll box of a whole graph opens: centred on the marker carrying this (CSS only: pages in
ipywidgets run no script; Chromium 133+ honours ``scroll-initial-target``, other browsers open at the top
left as before)."""


def node_centres(svg: str) -> dict[str, tuple[float, float]]:
    """Each node's centre (its text's midpoint) as fractions of the drawing's width and height."""
    box = _VIEWBOX.search(svg)
    move = _TRANSLATE.search(svg)
    if box is None:
        return {}
    w, h = float(box.group(3)), float(box.group(4))
    tx, ty = (float(move.group(1)), float(move.group(2))) if move else (0.0, 0.0)
    out = {}
    for m in _NODE_GROUP.finditer(svg):
        pts = [(float(x), float(y)) for x, y in _TEXT_XY.findall(m.group(2))]
        if pts and w and h:
            x = sum(p[0] for p in pts) / len(pts) + tx
            y = sum(p[1] for p in pts) / len(pts) + ty
            out[m.group(1)] = (min(max(x / w, 0.0), 1.0), min(max(y / h, 0.0), 1.0))
    return out


def scroll_box(svg: str, current: str | None = None, max_height: str = "70vh") -> str:
    """A whole graph at its own (readable) size in a box that scrolls, opening centred on the lit node.

    Every node gets an invisible marker over its centre (class ``tcg-at-<node>``); the marker of
    ``current`` carries ``AT_LIT`` inline, or a page's CSS gives it to one (``FlowDiagram.style`` does, so a
    drawing laid out once follows the lit node step by step)."""
    marks = []
    for node, (x, y) in node_centres(svg).items():
        lit = f";{AT_LIT}" if current is not None and node == _css(current) else ""
        marks.append(
            f'<span class="tcg-at tcg-at-{node}" aria-hidden="true" style="position:absolute;left:{100 * x:.2f}%;'
            f'top:{100 * y:.2f}%;width:1px;height:1px{lit}"></span>'
        )
    return (
        f'<div class="tcg-graph-scroll" style="overflow:auto;max-width:100%;max-height:{max_height}">'
        f'<div style="position:relative;display:inline-block;vertical-align:top">{_sized(svg, shrink=False)}'
        f"{''.join(marks)}</div></div>"
    )


class FlowDiagram:
    """One flow graph in one language, laid out once. ``highlight`` returns restyled copies."""

    _cache: dict[tuple[int, str, str], FlowDiagram] = {}

    def __init__(self, flow: Flow, lang: str = "en", game: str = "") -> None:
        _check_diagram(flow, lang, game)
        self.flow = flow
        self.lang = lang
        self.game = game
        self.source = dot_source(flow, lang, game)
        self._raw: str | None = None
        self._svg: str | None = None
        self._full: str | None = None
        self._focus: dict[tuple[str, str | None], str] = {}

    @classmethod
    def of(cls, flow: Flow, lang: str = "en", game: str = "") -> FlowDiagram:
        """The diagram of ``flow`` in ``lang``, laid out once and reused (restyled by CSS as play goes on)."""
        _check_diagram(flow, lang, game)
        key = (id(flow), lang, game)
        d = cls._cache.get(key)
        if d is None:
            d = cls._cache[key] = cls(flow, lang, game)
        return d

    @property
    def raw(self) -> str:
        """Graphviz's SVG as it came out (graphviz runs at the first access only)."""
        if self._raw is None:
            try:
                self._raw = _render_svg_raw(self.source)
            except GraphvizMissing:
                shipped = packaged_svg(self.game, self.flow.name, self.lang, self.source)
                if shipped is None:
                    raise
                _tell_once()
                self._raw = shipped
        return self._raw

    @property
    def svg(self) -> str:
        """The laid-out SVG, as wide as its box but never so narrow that its type drops below
        ``READABLE_PX`` (``_sized``)."""
        if self._svg is None:
            self._svg = _sized(_classify(self.raw), shrink=True)
        return self._svg

    @property
    def full_svg(self) -> str:
        """The same layout at its own size in a box that scrolls (``scroll_box``), opening on the node that
        ``style`` lights (HTML: a ``div`` holding the ``svg``)."""
        if self._full is None:
            self._full = scroll_box(_classify(self.raw))
        return self._full

    def focus_svg(self, node: str, via: str | None = None) -> str:
        """The focus view of ``node`` reached from ``via`` (``focus_source``), large enough to read beside a
        board. One small DOT per node (and way in), laid out once and cached. Raises ``GraphvizMissing``
        without graphviz (``focus_text`` says the same in words)."""
        node = _node(self.flow, node, "node")
        if via is not None and not isinstance(via, str):
            raise TcgError(f"via must be None or a node of the flow graph, not {shown(via)}")
        if via is not None and (via, node) not in self.flow.edge_set:
            via = None
        key = (node, via)
        svg = self._focus.get(key)
        if svg is None:
            source = focus_source(self.flow, node, self.lang, via)
            svg = self._focus[key] = _sized(_classify(_render_svg_raw(source)), shrink=True)
        return svg

    def focus_text(self, node: str) -> str:
        """The focus view in words (HTML list): where ``node`` can go next, by which rule."""
        node = _node(self.flow, node, "node")
        items = [
            f"<li>{html.escape(pick(e.label, self.lang))} → {html.escape(self.flow.label(e.dst, self.lang))} "
            f"<small>({html.escape(e.rule)})</small></li>"
            for e in self.flow.edges
            if e.src == node
        ]
        return f"<ul class='tcg-focus-text'>{''.join(items)}</ul>"

    def style(self, scope: str, current: str | None, edges: Iterable[Sequence[str]] = ()) -> str:
        """CSS that highlights ``current`` and ``edges`` inside the element of class ``scope``."""
        scope = _scope(scope)
        current, edges = _current(current), _edges(edges)
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
            rules.append(f".{scope} .tcg-at-{current} {{{AT_LIT}}}")
        for src, dst in edges:
            rules.append(f".{scope} .tcg-e-{src}--{dst} path {{stroke: {EDGE_STROKE}; stroke-width: 3px;}}")
            rules.append(f".{scope} .tcg-e-{src}--{dst} polygon {{fill: {EDGE_STROKE}; stroke: {EDGE_STROKE};}}")
            # the label only changes colour: bold text is wider than graphviz laid it out, and the label of
            # the way just taken in the focus view would run over the edge of the picture
            rules.append(f".{scope} .tcg-e-{src}--{dst} text {{fill: {EDGE_STROKE};}}")
        return "\n".join(rules)

    def html(self, current: str | None = None, edges: Iterable[Sequence[str]] = (), scope: str | None = None) -> str:
        """Inline HTML: the whole graph at its own size, in a box that scrolls and opens on the highlighted
        node (``full_svg``), inside a div whose ``data-current`` names it."""
        scope = new_scope() if scope is None else _scope(scope)
        current, edges = _current(current), _edges(edges)
        label = self.flow.label(current, self.lang) if current in self.flow.by_id else ""
        edge_text = " ".join(f"{a}->{b}" for a, b in edges)
        return (
            f'<div class="tcg-flow {scope}" data-flow="{self.flow.name}" data-current="{html.escape(current or "")}"'
            f' data-edges="{html.escape(edge_text)}" role="img" aria-label="{html.escape(label)}">'
            f"<style>{self.style(scope, current, edges)}</style>{self.full_svg}</div>"
        )

    def highlighted_svg(self, current: str | None = None, edges: Iterable[Sequence[str]] = ()) -> str:
        """A self-contained SVG document with the highlight inside (for files and ``_repr_svg_``).

        Its style is scoped to this one drawing, so several on one page do not light each other up."""
        current, edges = _current(current), _edges(edges)
        scope = new_scope("tcg-root")
        css = self.style(scope, current, edges)
        svg = self.svg
        i = svg.index("<svg")
        j = svg.index(">", i)
        head = svg[i:j]
        if current:
            head += f' data-current="{html.escape(current)}"'
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
    from collections.abc import Mapping

    from ..core.state import State

    check_lang(lang)
    owner: Any = target.game if isinstance(target, State) else target
    if not isinstance(getattr(owner, "flows", None), Mapping):
        raise TcgError(f"target must be a game or a state, not {shown(target)}")
    if not isinstance(flow, str) or flow not in owner.flows:
        raise TcgError(f"flow must be one of {', '.join(map(repr, owner.flows))}, not {shown(flow)}")
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


def _check_diagram(flow: Any, lang: Any, game: Any) -> None:
    from ..core.flow import Flow

    if not isinstance(flow, Flow):
        raise TcgError(f"flow must be a flow graph (game.flows['turn']), not {shown(flow)}")
    check_lang(lang)
    check_text(game, "game", limit=200)


def _node(flow: Flow, node: Any, param: str) -> str:
    if not isinstance(node, str) or node not in flow.by_id:
        raise TcgError(
            f"{param} must be a node of the flow graph {flow.name!r} (such as {flow.nodes[0].id!r}), not {shown(node)}"
        )
    return node


def _current(current: Any) -> str | None:
    """None, or a node id to highlight (an id the graph does not have highlights nothing)."""
    return None if current is None else check_text(current, "current", limit=200)


def _edges(edges: Any) -> list[tuple[str, str]]:
    """The transitions to highlight: pairs of node ids."""
    if isinstance(edges, (str, bytes)) or not isinstance(edges, Iterable):
        raise TcgError(f"edges must be a list of (from, to) node pairs, not {shown(edges)}")
    out = []
    for e in edges:
        if not isinstance(e, (list, tuple)) or len(e) != 2 or not all(isinstance(x, str) for x in e):
            raise TcgError(f"edges must be a list of (from, to) node pairs, not one holding {shown(e)}")
        out.append((check_text(e[0], "edges", limit=200), check_text(e[1], "edges", limit=200)))
    return out


def _scope(scope: Any) -> str:
    """A CSS class name (the element the style applies to)."""
    if not isinstance(scope, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]{0,99}", scope):
        raise TcgError(f"scope must be a CSS class name such as 'tcg-flow-1', not {shown(scope)}")
    return scope


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
                atomic_write_text(out / f"{stem}.dot", d.source)
                written.append(out / f"{stem}.dot")
                if svg:
                    atomic_write_text(out / f"{stem}.svg", _render_svg_raw(d.source))
                    written.append(out / f"{stem}.svg")
    return written


def _render_svg_raw(source: str) -> str:
    graphviz = require("graphviz", "drawing a flow graph")

    if shutil.which("dot") is None:
        raise GraphvizMissing(INSTALL_GRAPHVIZ)
    return str(graphviz.Source(source).pipe(format="svg", encoding="utf-8"))
