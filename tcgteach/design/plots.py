"""Small SVG charts for the design lab (no plotting library: the report is one file that opens anywhere).

``line_chart``: lines with a shaded band each (resource curves, the skill trace); ``interval_chart``: one row
per item, a dot and its interval against a zero line (differences, card impacts). Every text is escaped.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

#: colour-blind-safe colours (Okabe-Ito), the first for A, the second for B
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
W, H = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 44


@dataclass(frozen=True)
class Series:
    """One line: its label and points (x, y, band low, band high); a band of None draws no shading."""

    label: str
    points: Sequence[tuple[float, float, float | None, float | None]]
    dashed: bool = False


def _ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / n
    step = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * step:
            step *= m
            break
    first = math.ceil(lo / step) * step
    out = []
    x = first
    while x <= hi + 1e-9:
        out.append(round(x, 10))
        x += step
    return out


def _text_width(text: str) -> float:
    """About how wide ``text`` is at font-size 13 (a full-width character about twice a Latin one)."""
    import unicodedata

    return sum(13.0 if unicodedata.east_asian_width(ch) in "WF" else 7.5 for ch in text)


def _legend_rows(labels: Sequence[str]) -> list[list[tuple[float, int]]]:
    """The legend laid out in rows above the plot, left to right: (x, series index) per entry."""
    rows: list[list[tuple[float, int]]] = [[]]
    x = float(LEFT)
    for i, label in enumerate(labels):
        width = 20 + _text_width(label) + 18  # swatch, text, gap
        if rows[-1] and x + width > W - RIGHT:
            rows.append([])
            x = float(LEFT)
        rows[-1].append((x, i))
        x += width
    return rows


def _legend_svg(rows: list[list[tuple[float, int]]], labels: Sequence[str]) -> list[str]:
    """The legend's rows under the title: a colour swatch and the escaped label per series."""
    out = []
    for r, row in enumerate(rows):
        ly = 16 + 18 * (r + 1)
        for lx, i in row:
            colour = COLOURS[i % len(COLOURS)]
            out.append(f'<rect x="{lx:.1f}" y="{ly - 6}" width="14" height="4" fill="{colour}"/>')
            out.append(f'<text x="{lx + 20:.1f}" y="{ly}">{html.escape(labels[i])}</text>')
    return out


def _fmt(x: float, percent: bool) -> str:
    if percent:
        return f"{100 * x:.0f}%"
    return f"{x:g}" if abs(x) >= 1 or x == 0 else f"{x:.2f}"


def line_chart(
    series: Sequence[Series],
    title: str,
    x_label: str,
    y_label: str,
    *,
    percent: bool = False,
    y_min: float | None = None,
    x_ticks: Sequence[tuple[float, str]] | None = None,
) -> str:
    """Lines with bands; the axes fit the data (``y_min`` pins the bottom, e.g. 0; ``x_ticks`` (x, label)
    replaces the automatic ticks of the x axis, e.g. budgets on a log scale)."""
    pts = [p for s in series for p in s.points]
    if not pts:
        return ""
    xs = [p[0] for p in pts]
    ys = [v for p in pts for v in (p[1], p[2], p[3]) if v is not None]
    x0, x1 = min(xs), max(xs)
    y0 = min(ys) if y_min is None else min(y_min, min(ys))
    y1 = max(ys)
    if y1 == y0:
        y1 = y0 + 1
    if x1 == x0:
        x1 = x0 + 1

    # the legend is a band of its own above the plot: it never covers a line, and a long label is never cut
    legend = _legend_rows([s.label for s in series])
    top = TOP + 18 * len(legend)
    height = H + 18 * len(legend)

    def px(x: float) -> float:
        return LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT)

    def py(y: float) -> float:
        return top + (1 - (y - y0) / (y1 - y0)) * (height - top - BOTTOM)

    e = html.escape
    out = [
        f'<svg viewBox="0 0 {W} {height}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{e(title)}" '
        f'font-size="13" font-family="sans-serif" class="tcg-design-chart">',
        f'<text x="{LEFT}" y="16" font-weight="bold">{e(title)}</text>',
    ]
    out += _legend_svg(legend, [s.label for s in series])
    for t in _ticks(y0, y1):
        y = py(t)
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{e(_fmt(t, percent))}</text>')
    for t, text in x_ticks or [(t, _fmt(t, False)) for t in _ticks(x0, x1, 8)]:
        x = px(t)
        out.append(f'<text x="{x:.1f}" y="{height - BOTTOM + 16}" text-anchor="middle">{e(text)}</text>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{height - 8}" text-anchor="middle">{e(x_label)}</text>')
    out.append(
        f'<text transform="translate(14 {(top + height - BOTTOM) / 2}) rotate(-90)" text-anchor="middle">'
        f"{e(y_label)}</text>"
    )
    for i, s in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        band = [p for p in s.points if p[2] is not None and p[3] is not None]
        if len(band) >= 2:
            upper = " ".join(f"{px(p[0]):.1f},{py(p[3]):.1f}" for p in band)  # type: ignore[arg-type]
            lower = " ".join(f"{px(p[0]):.1f},{py(p[2]):.1f}" for p in reversed(band))  # type: ignore[arg-type]
            out.append(f'<polygon points="{upper} {lower}" fill="{colour}" fill-opacity="0.15" stroke="none"/>')
        line = " ".join(f"{px(p[0]):.1f},{py(p[1]):.1f}" for p in s.points)
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>')
        if len(s.points) <= 12:
            for p in s.points:
                out.append(f'<circle cx="{px(p[0]):.1f}" cy="{py(p[1]):.1f}" r="3.5" fill="{colour}"/>')
    out.append("</svg>")
    return "".join(out)


def interval_chart(
    rows: Sequence[tuple[str, float | None, float | None, float | None]], title: str, *, percent: bool = True
) -> str:
    """One row per (label, value, low, high): a dot and a whisker, a line at 0; rows without a value are left out."""
    rows = [r for r in rows if r[1] is not None]
    if not rows:
        return ""
    vals = [v for r in rows for v in r[1:] if v is not None]
    lo, hi = min(min(vals), 0.0), max(max(vals), 0.0)
    if hi == lo:
        hi = lo + 0.01
    pad = (hi - lo) * 0.05
    lo, hi = lo - pad, hi + pad
    label_w = 260
    row_h = 22
    height = TOP + row_h * len(rows) + BOTTOM

    def px(x: float) -> float:
        return label_w + (x - lo) / (hi - lo) * (W - label_w - RIGHT)

    e = html.escape
    out = [
        f'<svg viewBox="0 0 {W} {height}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{e(title)}" '
        f'font-size="13" font-family="sans-serif" class="tcg-design-chart">',
        f'<text x="8" y="16" font-weight="bold">{e(title)}</text>',
        f'<line x1="{px(0):.1f}" x2="{px(0):.1f}" y1="{TOP - 4}" y2="{height - BOTTOM + 4}" stroke="#888"/>',
    ]
    for t in _ticks(lo, hi, 6):
        out.append(
            f'<text x="{px(t):.1f}" y="{height - BOTTOM + 20}" text-anchor="middle">{e(_fmt(t, percent))}</text>'
        )
    for i, (label, value, low, high) in enumerate(rows):
        y = TOP + row_h * i + row_h / 2
        text = label if len(label) <= 34 else label[:33] + "…"
        out.append(f'<text x="{label_w - 8}" y="{y + 4:.1f}" text-anchor="end">{e(text)}</text>')
        if low is not None and high is not None:
            out.append(
                f'<line x1="{px(low):.1f}" x2="{px(high):.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{COLOURS[0]}" '
                'stroke-width="2.5"/>'
            )
        out.append(f'<circle cx="{px(value):.1f}" cy="{y:.1f}" r="4.5" fill="{COLOURS[1]}"/>')  # type: ignore[arg-type]
    out.append("</svg>")
    return "".join(out)
