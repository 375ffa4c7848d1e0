"""A review as one standalone HTML page (no script, no external file): the win-chance chart whose points link to
the moves, each seat's decisive moments with the board before them, and every move grouped by turn with its
marks. ``tcgteach review RECORD --out review.html`` writes it; ``Review.to_html`` returns it."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..i18n import pick
from ..texts import outcome_text
from .texts import TEXT, pct

if TYPE_CHECKING:
    from collections.abc import Sequence

    from . import Review
    from .chances import Chance
    from .moments import Moment, TryAgain

#: a colour per seat (Okabe-Ito: told apart also by readers with a colour-vision deficiency)
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
W, H, PAD = 900, 300, 40
#: the room above the 100% line
TOP = 16

CSS = """
body{font-family:system-ui,'Noto Sans CJK JP','Hiragino Sans','Yu Gothic','DejaVu Sans',sans-serif;margin:16px;
  color:#1b1b1b;background:#fff;font-size:16px;line-height:1.5;max-width:1100px}
h1{font-size:26px;margin:0 0 4px 0} h2{font-size:21px;margin:20px 0 6px 0}
.tcg-review-chart svg{width:100%;height:auto;max-width:900px}
.tcg-review-moment{border-left:4px solid #90a4ae;padding:4px 12px;margin:10px 0}
.tcg-review-moment.mistake{border-color:#D55E00}
.tcg-review-moves ol{padding-left:0;list-style:none} .tcg-review-moves li{padding:2px 0}
.tcg-review-moves li:target{background:#fff3c4}
.tcg-mark{display:inline-block;font-size:13px;padding:0 6px;margin-left:6px;border-radius:8px;background:#eceff1}
.tcg-review-moves h3{font-size:17px;margin:10px 0 2px 0}
details summary{cursor:pointer}
"""


def _x(i: int, n: int) -> float:
    return PAD + (W - 2 * PAD) * (i / max(n, 1))


def _y(p: float, h: int = H) -> float:
    return h - PAD - (h - PAD - TOP) * p


def chart_svg(
    review: Review, lang: str, chances: Sequence[Chance] | None = None, links: bool = True, height: int = H
) -> str:
    """The chart: a line and a band per seat over the move index, turn ticks, each point a link to its move
    (``links``; a widget lays its own click targets over the chart); ``chances`` the points to draw (default:
    all of them, estimated now); ``height`` in the units of its width (900)."""
    h = height
    chances = review.chances() if chances is None else chances
    n = len(review.timeline)
    seats = review.timeline.final.num_players
    parts = [
        f'<svg viewBox="0 0 {W} {h}" role="img" aria-label="{html.escape(TEXT.t("chart", lang))}" '
        f'xmlns="http://www.w3.org/2000/svg" font-size="13">'
    ]
    for p, label in ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")):
        parts.append(f'<line x1="{PAD}" x2="{W - PAD}" y1="{_y(p, h):.1f}" y2="{_y(p, h):.1f}" stroke="#cfd8dc"/>')
        parts.append(f'<text x="4" y="{_y(p, h) + 4:.1f}">{label}</text>')
    last_label = -100.0
    for turn, i in review.timeline.turns():
        x = _x(i, n)
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP - 6}" y2="{h - PAD}" stroke="#eceff1"/>')
        if x - last_label >= 8 * len(str(turn)) + 6:  # a label only where it does not run into the last one
            parts.append(f'<text x="{x + 2:.1f}" y="{h - PAD + 16}" fill="#546e7a">{turn}</text>')
            last_label = x
    axis = html.escape(TEXT.t("turn_axis", lang))
    parts.append(f'<text x="{W - PAD}" y="{h - 4}" text-anchor="end" fill="#546e7a">{axis}</text>')
    for seat in range(seats):
        colour = COLOURS[seat % len(COLOURS)]
        top = " ".join(f"{_x(c.index, n):.1f},{_y(c.high[seat], h):.1f}" for c in chances)
        bottom = " ".join(f"{_x(c.index, n):.1f},{_y(c.low[seat], h):.1f}" for c in reversed(chances))
        parts.append(f'<polygon points="{top} {bottom}" fill="{colour}" fill-opacity="0.15" stroke="none"/>')
        line = " ".join(f"{_x(c.index, n):.1f},{_y(c.mean[seat], h):.1f}" for c in chances)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for c in chances:
            tip = f"P{seat + 1} {pct(c.mean[seat])} ({pct(c.low[seat])}-{pct(c.high[seat])})"
            dot = (
                f'<circle cx="{_x(c.index, n):.1f}" cy="{_y(c.mean[seat], h):.1f}" r="3.5" fill="{colour}">'
                f"<title>{html.escape(tip)}</title></circle>"
            )
            parts.append(f'<a href="#m{min(c.index, max(n - 1, 0))}">{dot}</a>' if links else dot)
        parts.append(f'<text x="{W - PAD + 4}" y="{TOP + 12 + 16 * seat}" fill="{colour}">P{seat + 1}</text>')
    parts.append("</svg>")
    return "".join(parts)


def moment_html(review: Review, m: Moment, lang: str) -> str:
    """One decisive moment: the fall, the choice against the coach's, why, what each led to, the board."""
    lines = moment_lines(review, m, lang)
    board = review.game.render_board(review.timeline.position(m.index), lang=lang)
    lines.append(f"<details><summary>{html.escape(TEXT.t('board', lang))}</summary>{board}</details>")
    kind = "tcg-review-moment mistake" if m.mistake else "tcg-review-moment"
    return f'<div class="{kind}" id="moment-{m.seat}-{m.index}">{"".join(lines)}</div>'


def moment_lines(review: Review, m: Moment, lang: str) -> list[str]:
    """A decisive moment in words (HTML paragraphs): the fall, what was played against the coach's choice, the
    coach's reasons with their rules, what each choice led to."""
    t = TEXT.t
    fell = t("fell", lang, n=m.index + 1, t=m.turn, p=m.seat + 1, a=pct(m.before), b=pct(m.after))
    lines = [f"<p><b>{html.escape(fell)}</b></p>"]
    if m.mistake:
        k = review.rollouts
        text = t(
            "mistake", lang, played=m.played_text, best=m.best_text, k=k, bv=pct(m.best_value), pv=pct(m.played_value)
        )
        lines.append(f"<p>{html.escape(text)}</p>")
        if m.reasons_best:
            items = "".join(f"<li>{html.escape(str(r))}</li>" for r in m.reasons_best)
            lines.append(f"<p>{html.escape(t('why', lang))}</p><ul>{items}</ul>")
    else:
        lines.append(f"<p>{html.escape(t('not_mistake', lang, played=m.played_text))}</p>")
    for key, texts in (("led", m.led_to), ("would", m.would_lead_to)):
        if texts:
            items = "".join(f"<li>{html.escape(x)}</li>" for x in texts)
            lines.append(f"<p>{html.escape(t(key, lang))}</p><ul>{items}</ul>")
    return lines


def try_again_html(result: TryAgain) -> str:
    """The coach's verdict on another choice (better, worse, alike within the noise), the coach's best, why."""
    lang = result.lang
    verdict = TEXT.t(
        "try_" + result.verdict, lang, chosen=result.text, v=pct(result.value), pv=pct(result.played_value)
    )
    lines = [f"<p><b>{html.escape(verdict)}</b></p>"]
    lines.append(f"<p>{html.escape(TEXT.t('try_best', lang, best=result.best_text, bv=pct(result.best_value)))}</p>")
    if result.reasons:
        items = "".join(f"<li>{html.escape(str(r))}</li>" for r in result.reasons)
        lines.append(f"<p>{html.escape(TEXT.t('why_this', lang))}</p><ul>{items}</ul>")
    return "".join(lines)


def moves_html(review: Review, lang: str) -> str:
    """Every move, grouped by turn, each with its marks and an anchor (``#m12``)."""
    tl, out, current = review.timeline, [], None
    for m in tl.moves:
        if m.turn != current:
            if current is not None:
                out.append("</ol>")
            current = m.turn
            out.append(f"<h3>{html.escape(TEXT.t('turn', lang, t=m.turn))}</h3><ol>" if m.turn else "<ol>")
        who = f"P{m.actor + 1}: " if m.actor is not None else ""
        marks = "".join(f'<span class="tcg-mark">{html.escape(TEXT.t("mark_" + k, lang))}</span>' for k in m.marks)
        out.append(f'<li id="m{m.index}">{m.index + 1}. {html.escape(who + tl.text(m.index, lang))}{marks}</li>')
    if current is not None or tl.moves:
        out.append("</ol>")
    return "".join(out)


def review_html(review: Review, lang: str = "en") -> str:
    """The whole review as one HTML document."""
    game = review.game
    title = TEXT.t("title", lang, game=pick(game.title, lang, game.name))
    final = review.timeline.final
    result = TEXT.t("result", lang, r=outcome_text(final.result(), lang)) if final.is_terminal() else ""
    body = [f"<h1>{html.escape(title)}</h1><p>{html.escape(result)}</p>"]
    body.append(f"<h2>{html.escape(TEXT.t('chart', lang))}</h2>")
    body.append(f'<div class="tcg-review-chart">{chart_svg(review, lang)}</div>')
    body.append(f"<p>{html.escape(TEXT.t('chart_note', lang, n=review.rollouts))}</p>")
    from .moments import NOISE_RULE

    for seat in review.seats:
        body.append(f"<h2>{html.escape(TEXT.t('moments', lang, p=seat + 1))}</h2>")
        moments = review.moments(seat, lang)
        if not moments:
            body.append(f"<p>{html.escape(TEXT.t('no_moments', lang, p=seat + 1))}</p>")
        body.extend(moment_html(review, m, lang) for m in moments)
    body.append(f"<p><small>{html.escape(NOISE_RULE[lang])}</small></p>")
    body.append(
        f'<h2>{html.escape(TEXT.t("moves", lang))}</h2><div class="tcg-review-moves">{moves_html(review, lang)}</div>'
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
        f'content="width=device-width"><title>{html.escape(title)}</title><style>{CSS}</style></head><body>'
        + "".join(body)
        + "</body></html>\n"
    )
