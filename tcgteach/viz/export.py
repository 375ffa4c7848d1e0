"""One position as a self-contained file for handouts and slides: the board, the flow graph (the whole
graph lit, and the focus view) and the last events, in one HTML document with every style inline and no
external request (no script, no web font, no image file: the system's fonts draw it); the graph alone as
an SVG document.

A slide is read from across a room: the page is in projector mode (``tcg-projector``: card text 16 px or
more), the focus view keeps its type at 14 px or more, and the whole graph is shown at its own size in a box
that scrolls, opening on the lit node (``flowgraph.scroll_box``)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')
_COMMENT = re.compile(r"<!--.*?-->", re.S)

PAGE_CSS = """
body{font-family:system-ui,'Noto Sans CJK JP','Hiragino Sans','Yu Gothic','DejaVu Sans',sans-serif;margin:16px;
  color:#1b1b1b;background:#fff}
h1{font-size:24px;margin:0 0 8px 0}
h1+p{font-size:16px}
.tcg-export-main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.tcg-export-board{flex:2 1 560px;min-width:0}
.tcg-export-graph summary{font-size:16px}
.tcg-export-main .tcg-export-board.tcg-export-board .tcg-board{max-width:100%;box-sizing:border-box}
.tcg-export-main .tcg-export-board.tcg-export-board .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-export-graph{flex:1 1 480px;min-width:0;overflow-x:auto}
.tcg-export-log{font-size:16px;margin-top:12px;border-top:1px solid #cfd8dc;padding-top:6px}
.tcg-export-log code{font-size:14px;color:#546e7a}
details summary{cursor:pointer}
@media print{details{display:block}}
"""


def inline_svg(svg: str) -> str:
    """An SVG document as an element for an HTML page: no XML prolog, comments or namespace declarations
    (the HTML parser knows SVG's; they are the only URLs graphviz writes)."""
    svg = re.sub(r"<\?xml[^>]*>\s*", "", svg)
    svg = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg)
    svg = _COMMENT.sub("", svg)
    return _XMLNS.sub("", svg)


def position_html(
    *,
    title: str,
    lang: str,
    board: str,
    graph_svg: str | None,
    focus: str | None,
    log_lines: Sequence[str],
    caption: str = "",
    graph_title: str = "",
    projector: bool = True,
) -> str:
    """The HTML document of one position (``board``, ``focus`` and ``log_lines`` are HTML fragments; the
    whole graph ``graph_svg`` lights the node its ``data-current`` names, as ``highlighted_svg`` writes it).
    ``projector``: sized to be read from across a room (the default: a slide)."""
    from .flowgraph import scroll_box

    graph = ""
    if focus:
        graph += inline_svg(focus)
    if graph_svg:
        lit = re.search(r'<svg [^>]*data-current="([^"]*)"', graph_svg)
        whole = scroll_box(inline_svg(graph_svg), html.unescape(lit.group(1)) if lit else None, max_height="80vh")
        graph += f"<details open><summary>{html.escape(graph_title)}</summary>{whole}</details>"
    log = "".join(log_lines)
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{PAGE_CSS}</style></head><body>"
        f'<div class="{"tcg-projector" if projector else "tcg-export"}">'
        f"<h1>{html.escape(title)}</h1><p>{html.escape(caption)}</p>"
        f'<div class="tcg-export-main"><div class="tcg-export-board">{board}</div>'
        f'<div class="tcg-export-graph">{graph}</div></div>'
        f'<div class="tcg-export-log">{log}</div></div></body></html>\n'
    )
