"""The design lab as HTML: a battery, a comparison, and one standalone report file of any of the lab's results.

Every result of the lab (``Battery``, ``DesignComparison``, ``SkillTrace``, ``OptionEffects``, ``CardImpact``,
``RuleMap``) has ``html(lang)``, a fragment; ``report`` puts fragments in one page with its own style (no
script, no file beside it: it opens offline, prints, and goes by mail).
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.checks import check_lang
from ..core.errors import TcgError
from ..i18n import Text
from .plots import Series, interval_chart, line_chart
from .texts import WORDS as MEASURE_WORDS
from .texts import _facts, difference_text, estimate_text, is_percent, meaning, name, number_html, verdict_text

if TYPE_CHECKING:
    from .battery import Battery
    from .compare import DesignComparison

#: the report's style; the last two rules win over JupyterLab's right-aligned output tables (its selector
#: ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`` outweighs ``.tcg-design td``) when a notebook shows a result.
#: A number cell may wrap between a value and its interval (``texts.number_html``), never inside either, so that a
#: comparison keeps its verdict column in sight in a narrow notebook
STYLE = """
.tcg-design{font-family:system-ui,"Noto Sans CJK JP",sans-serif;font-size:16px;line-height:1.45;color:#222;
 max-width:1000px}
.tcg-design h2{font-size:1.3em;margin:1.2em 0 .4em}
.tcg-design h3{font-size:1.1em;margin:1em 0 .3em}
.tcg-design table{border-collapse:collapse;margin:.4em 0}
.tcg-design th,.tcg-design td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
.tcg-design td.num{text-align:right;font-variant-numeric:tabular-nums}
.tcg-design td.help{color:#555;font-size:.9em}
.tcg-design .higher,.tcg-design .lower{color:#0b3d91;font-weight:bold}
.tcg-design .note{color:#555;font-size:.92em}
.tcg-design svg{width:100%;max-width:760px;height:auto;display:block;margin:.4em 0}
.tcg-design .charts{display:flex;flex-wrap:wrap;gap:8px}.tcg-design .charts svg{max-width:620px}
.tcg-design .nb{white-space:nowrap}
.jp-RenderedHTMLCommon .tcg-design th,.jp-RenderedHTMLCommon .tcg-design td{text-align:left}
.jp-RenderedHTMLCommon .tcg-design td.num{text-align:right}
"""

WORDS = Text(
    {
        "title": ("Design report", "デザインのレポート"),
        "measures": ("Measures", "指標"),
        "meaning": ("what it means (source)", "意味（出典）"),
        "curves": ("Resources per turn", "ターンごとの資源"),
        "curve_title": ("{resource} at the start of each turn", "各ターンの初めの{resource}"),
        "turn": ("turn", "ターン"),
        "winner": ("eventual winner", "最後に勝った人"),
        "others": ("other players", "ほかの人"),
        "band": (
            "Lines: the mean; shading: from the 10% to the 90% quantile of the games still running.",
            "線は平均、帯は続いているゲームの10%点から90%点までです。",
        ),
        "comparison": ("A against B", "A と B の比較"),
        "diff_chart": ("B - A with its 95% interval (shares)", "B − A と95%区間（割合の指標）"),
        "generated": ("Made by tcgteach {version}.", "tcgteach {version} で作成。"),
    }
)


def _e(text: Any) -> str:
    return html.escape(str(text))


def _row_class(verdict: int) -> str:
    return {1: "higher", -1: "lower"}.get(verdict, "")


def battery_html(b: Battery, lang: str = "en") -> str:
    """A battery's table of measures (with what each means) and its resource curves."""
    check_lang(lang)
    facts = _facts(b.game)
    head = MEASURE_WORDS.t("header", lang, label=b.title(lang), n=b.n, seconds=b.seconds)
    rows = []
    for k in b.names():
        e = b[k]
        rows.append(
            f"<tr><td>{_e(name(k, lang, facts))}</td><td class='num'>{number_html(estimate_text(k, e, lang))}</td>"
            f"<td class='num'>{e.n}</td><td class='help'>{_e(meaning(k, lang))}</td></tr>"
        )
    parts = [
        f"<h2>{_e(head)}</h2>",
        "<table><tr>"
        f"<th>{_e(MEASURE_WORDS.t('measure', lang))}</th><th>{_e(MEASURE_WORDS.t('value', lang))}</th>"
        f"<th>{_e(MEASURE_WORDS.t('games', lang))}</th><th>{_e(WORDS.t('meaning', lang))}</th></tr>"
        + "".join(rows)
        + "</table>",
    ]
    if b.capped:
        parts.append(f"<p class='note'>{_e(MEASURE_WORDS.t('capped', lang, n=b.capped))}</p>")
    charts = [curve_svg(b, resource, lang) for resource in b.curves]
    if charts:
        parts.append(
            f"<h3>{_e(WORDS.t('curves', lang))}</h3><p class='note'>{_e(WORDS.t('band', lang))}</p>"
            f"<div class='charts'>{''.join(charts)}</div>"
        )
    return "".join(parts)


def curve_svg(b: Battery, resource: str, lang: str = "en", min_share: float = 0.1) -> str:
    """One resource's curve: the eventual winner and the others, mean and 10–90% band, per turn start
    (turns that fewer than ``min_share`` of the games reached are left out: a few long games are noise)."""
    facts = _facts(b.game)
    rows = b.curves.get(resource, [])
    series = []
    for role in ("winner", "others"):
        mine = [r for r in rows if r["role"] == role]
        if not mine:
            continue
        top = max(r["n"] for r in mine)
        pts = [(r["turn"], r["mean"], r["low"], r["high"]) for r in mine if r["n"] >= min_share * top]
        series.append(Series(WORDS.t(role, lang), pts, dashed=role == "others"))
    label = facts.title(resource, lang)
    return line_chart(series, WORDS.t("curve_title", lang, resource=label), WORDS.t("turn", lang), label, y_min=0)


def comparison_html(c: DesignComparison, lang: str = "en") -> str:
    """A comparison's table (A, B, B - A, the verdict) and a chart of the differences of the shares."""
    check_lang(lang)
    facts = _facts(c.a.game, c.b.game)
    shared = len(set(c.a.seeds) & set(c.b.seeds))
    m = len(c.rows)
    notes = [
        MEASURE_WORDS.t("paired", lang, n=shared) if c.paired else MEASURE_WORDS.t("unpaired", lang),
        MEASURE_WORDS.t("bonferroni", lang, level=f"{100 * (1 - c.alpha / m):.2f}%", m=m),
    ]
    rows = []
    for d in c.rows:
        rows.append(
            f"<tr class='{_row_class(d.verdict)}'><td>{_e(name(d.measure, lang, facts))}</td>"
            f"<td class='num'>{number_html(estimate_text(d.measure, d.a, lang))}</td>"
            f"<td class='num'>{number_html(estimate_text(d.measure, d.b, lang))}</td>"
            f"<td class='num'>{number_html(difference_text(d, lang))}</td>"
            f"<td class='verdict'>{_e(verdict_text(d, lang))}</td></tr>"
        )
    chart = interval_chart(
        [(name(d.measure, lang, facts), d.diff, d.low, d.high) for d in c.rows if is_percent(d.measure)],
        WORDS.t("diff_chart", lang),
    )
    return (
        f"<h2>{_e(WORDS.t('comparison', lang))}</h2>"
        f"<p>A = {_e(c.a.title(lang))}<br>B = {_e(c.b.title(lang))}</p>"
        + "".join(f"<p class='note'>{_e(n)}</p>" for n in notes)
        + "<table><tr>"
        f"<th>{_e(MEASURE_WORDS.t('measure', lang))}</th><th>A</th><th>B</th>"
        f"<th>{_e(MEASURE_WORDS.t('diff', lang))}</th><th>{_e(MEASURE_WORDS.t('verdict', lang))}</th></tr>"
        + "".join(rows)
        + "</table>"
        + chart
    )


def fragment(part: Any, lang: str) -> str:
    """The HTML of one result of the lab."""
    if hasattr(part, "html") and callable(part.html):
        return str(part.html(lang))
    from .battery import Battery
    from .compare import DesignComparison

    if isinstance(part, Battery):
        return battery_html(part, lang)
    if isinstance(part, DesignComparison):
        return comparison_html(part, lang)
    raise TcgError(
        f"a report part must be a result of tcgteach.design (a Battery, a comparison ...), not {type(part).__name__}"
    )


def inline(part: Any, lang: str = "en") -> str:
    """One result as a notebook shows it (``_repr_html_``): its fragment with the report's style."""
    return f"<style>{STYLE}</style><div class='tcg-design'>{fragment(part, lang)}</div>"


def page(parts: Sequence[Any], lang: str = "en", title: str | None = None) -> str:
    """A whole HTML page of the parts (a standalone file: its own style, no script)."""
    check_lang(lang)
    from .. import __version__
    from .args import parts_arg, text_arg

    parts = parts_arg(parts)
    heading = text_arg(title, "title") or WORDS.t("title", lang)
    body = "".join(f"<section>{fragment(p, lang)}</section>" for p in parts)
    data = json.dumps([p.to_dict() for p in parts if hasattr(p, "to_dict")], ensure_ascii=False, default=str)
    data = data.replace("<", "\\u003c")  # no tag of any kind inside the script block: it can neither close nor open one
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(heading)}</title><style>{STYLE}</style></head>"
        f'<body><div class="tcg-design"><h1>{_e(heading)}</h1>{body}'
        f"<p class='note'>{_e(WORDS.t('generated', lang, version=__version__))}</p></div>"
        # the figures as data, for a program that reads the report (inert: a JSON script block is never run)
        f'<script type="application/json" id="tcg-design-data">{data}</script>'
        "</body></html>"
    )


def report(path: Any, parts: Sequence[Any], lang: str = "en", title: str | None = None) -> str:
    """Write ``page(parts)`` to ``path`` (the whole file or, on any failure, the old one untouched); the path."""
    from ..core.files import atomic_writer
    from ..sim.runner import _path_arg

    target = _path_arg(path)
    text = page(parts, lang, title)  # every argument checked before the file is touched
    with atomic_writer(target, "w", encoding="utf-8") as fh:
        fh.write(text)
    return target
