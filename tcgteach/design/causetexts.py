"""The causes (``design.causes``) in words, tables and charts, in English and Japanese."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..core.checks import check_lang
from ..i18n import Text, pick
from .plots import interval_chart
from .texts import _align, _facts, difference_text, estimate_text, name, number_html

if TYPE_CHECKING:
    from .causes import CardImpact, OptionEffects

#: the measures an option table shows (the whole comparison of each reading is in ``effects``)
SHOWN = (
    "first_player", "draw", "turns", "decisions", "choice_share", "branching", "interaction", "lead_changes",
    "drama", "decisiveness_moves", "balance",
)  # fmt: skip

WORDS = Text(
    {
        "options": ("What each rule reading does (B - A; A = {base})", "ルールの読み方ごとの効果（B − A、A = {base}）"),
        "reading": ("reading (B)", "読み方（B）"),
        "legend": (
            "▲/▼: beyond noise (paired seeds, Bonferroni over the measures); a plain number is within noise.",
            "▲／▼：誤差を超える差（同じシードで対にして、指標の数でボンフェローニ補正）。記号のない数は誤差の範囲です。",
        ),
        "cards": (
            "What each card of {deck} is worth (against {opponent}, {n} deals)",
            "{deck} の各カードの価値（相手 {opponent}、{n} 回の配り）",
        ),
        "card": ("card", "カード"),
        "copies": ("copies", "枚数"),
        "impact": ("score with it - with a plain stand-in (95%)", "そのカードあり − 効果なしの代わり（95%）"),
        "base": ("The deck's score (win 1, draw 1/2): {score}.", "このデッキの得点率（勝ち1、引き分け1/2）：{score}。"),
        "plain": ("Without text, not measured: {cards}.", "効果のないカードは測っていません：{cards}。"),
        "no_stand_in": (
            "Nothing but their text (no plain card can stand in), not measured: {cards}.",
            "効果そのものがカードなので（効果なしの代わりがないので）測っていません：{cards}。",
        ),
        "chart": ("Impact on the deck's score (95% interval)", "デッキの得点率への影響（95%区間）"),
    }
)


def _mark(verdict: int) -> str:
    return {1: "▲", -1: "▼"}.get(verdict, "")


def _cell(effects: OptionEffects, key: tuple[str, object], measure: str, lang: str) -> str:
    c = effects.effects[key]
    try:
        d = c[measure]
    except Exception:  # a measure the comparison lacks (kingmaking at two players)
        return "—"
    return f"{_mark(d.verdict)}{difference_text(d, lang).split(' (')[0]}"


def options_table(effects: OptionEffects, lang: str = "en") -> str:
    """The plain-text table of ``OptionEffects``: a row per rule reading, a column per measure."""
    check_lang(lang)
    facts = _facts(effects.base.game)
    head = WORDS.t("options", lang, base=effects.base.title(lang))
    shown = [m for m in SHOWN if m == "balance" or m in effects.base.estimates]
    rows = [(WORDS.t("reading", lang), *[name(m, lang, facts) for m in shown])]
    for key in effects.effects:
        rows.append((f"{key[0]}={key[1]}", *[_cell(effects, key, m, lang) for m in shown]))
    return "\n".join([head, WORDS.t("legend", lang), _align(rows)])


def options_html(effects: OptionEffects, lang: str = "en") -> str:
    """The HTML section of ``OptionEffects`` for the design report."""
    check_lang(lang)
    e = html.escape
    facts = _facts(effects.base.game)
    shown = [m for m in SHOWN if m == "balance" or m in effects.base.estimates]
    head = "".join(f"<th>{e(name(m, lang, facts))}</th>" for m in shown)
    body = []
    for key in effects.effects:
        cells = []
        for m in shown:
            text = _cell(effects, key, m, lang)
            cls = "higher" if text.startswith("▲") else "lower" if text.startswith("▼") else ""
            cells.append(f"<td class='num {cls}'>{e(text)}</td>")
        body.append(f"<tr><td>{e(key[0])}={e(str(key[1]))}</td>{''.join(cells)}</tr>")
    return (
        f"<h2>{e(WORDS.t('options', lang, base=effects.base.title(lang)))}</h2>"
        f"<p class='note'>{e(WORDS.t('legend', lang))}</p>"
        f"<div style='overflow-x:auto'><table><tr><th>{e(WORDS.t('reading', lang))}</th>{head}</tr>{''.join(body)}"
        "</table></div>"
    )


def _card_label(impact: CardImpact, cid: str, lang: str) -> str:
    return f"{cid} {pick(impact.names[cid], lang)}"


def cards_table(impact: CardImpact, lang: str = "en") -> str:
    """The plain-text table of ``CardImpact``: each card's effect on the win rate, best first."""
    check_lang(lang)
    lines = [
        WORDS.t("cards", lang, deck=impact.deck, opponent=impact.opponent, n=impact.games),
        WORDS.t("base", lang, score=estimate_text("first_player", impact.base, lang)),
    ]
    rows = [(WORDS.t("card", lang), WORDS.t("copies", lang), WORDS.t("impact", lang))]
    for cid in impact.ranked():
        copies, est = impact.impact[cid]
        rows.append((_card_label(impact, cid, lang), str(copies), estimate_text("interaction", est, lang)))
    lines.append(_align(rows))
    if impact.plain:
        lines.append(WORDS.t("plain", lang, cards=", ".join(impact.plain)))
    if impact.no_stand_in:
        lines.append(WORDS.t("no_stand_in", lang, cards=", ".join(impact.no_stand_in)))
    return "\n".join(lines)


def cards_html(impact: CardImpact, lang: str = "en") -> str:
    """The HTML section of ``CardImpact`` for the design report, with an interval chart."""
    check_lang(lang)
    e = html.escape
    ranked = impact.ranked()
    chart = interval_chart(
        [
            (_card_label(impact, c, lang), *(lambda est: (est.value, est.low, est.high))(impact.impact[c][1]))
            for c in ranked
        ],
        WORDS.t("chart", lang),
    )
    rows = "".join(
        f"<tr><td>{e(_card_label(impact, c, lang))}</td><td class='num'>{impact.impact[c][0]}</td>"
        f"<td class='num'>{number_html(estimate_text('interaction', impact.impact[c][1], lang))}</td></tr>"
        for c in ranked
    )
    plain = f"<p class='note'>{e(WORDS.t('plain', lang, cards=', '.join(impact.plain)))}</p>" if impact.plain else ""
    if impact.no_stand_in:
        plain += f"<p class='note'>{e(WORDS.t('no_stand_in', lang, cards=', '.join(impact.no_stand_in)))}</p>"
    return (
        f"<h2>{e(WORDS.t('cards', lang, deck=impact.deck, opponent=impact.opponent, n=impact.games))}</h2>"
        f"<p>{e(WORDS.t('base', lang, score=estimate_text('first_player', impact.base, lang)))}</p>{chart}"
        f"<table><tr><th>{e(WORDS.t('card', lang))}</th><th>{e(WORDS.t('copies', lang))}</th>"
        f"<th>{e(WORDS.t('impact', lang))}</th></tr>{rows}</table>{plain}"
    )
