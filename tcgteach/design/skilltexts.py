"""The skill trace in words and as a chart, in English and Japanese."""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from ..core.checks import check_lang
from ..i18n import Text
from .plots import Series, line_chart
from .texts import _align, estimate_text, number_html

if TYPE_CHECKING:
    from .skill import Match, SkillTrace

WORDS = Text(
    {
        "title": ("Skill against luck: {game}", "腕と運：{game}"),
        "ladder": ("coach ×2 against coach", "コーチ（2倍）対コーチ"),
        "vs_heuristic": ("coach against the heuristic player", "コーチ対ヒューリスティック"),
        "vs_random": ("coach against the random player", "コーチ対ランダム"),
        "match": ("match", "対戦"),
        "score": ("stronger side's score (95%)", "強い側の得点率（95%）"),
        "wdl": ("won-drawn-lost", "勝-分-負"),
        "budget": ("coach's budget (iterations per decision)", "コーチの予算（1回の判断の探索回数）"),
        "chart": ("The stronger side's score by budget", "予算ごとの強い側の得点率"),
        "slope": (
            "Each doubling of the coach's budget adds {slope} to its score against the heuristic player "
            "(95% interval {low} to {high}).",
            "コーチの予算を2倍にするたびに、ヒューリスティック相手の得点率が {slope} 変わります"
            "（95%区間 {low}〜{high}）。",
        ),
        "luck": (
            "Luck share: the weaker side won {luck} of the ladder's decisive games ({n} games).",
            "運の割合：2倍の予算との対戦で勝敗がついた {n} ゲームのうち、弱い側が勝ったのは {luck}。",
        ),
        "ludii": (
            "Ludii's SkillTrace figure: {value} (0: luck only, 1: skill only).",
            "Ludii の SkillTrace の値：{value}（0 は運だけ、1 は腕だけ）。",
        ),
        "seconds": ("{games} games per match, {seconds:.0f} s.", "1対戦 {games} ゲーム、{seconds:.0f} 秒。"),
        "no_slope": (
            "Each doubling of the coach's budget adds {slope} to its score against the heuristic player (no "
            "interval: a line through two budgets fits them exactly; give three or more).",
            "コーチの予算を2倍にするたびに、ヒューリスティック相手の得点率が {slope} 変わります"
            "（予算が2つでは直線がちょうど通るので区間はつけられません。3つ以上にしてください）。",
        ),
        "coach": ("coach{budget}", "コーチ{budget}"),
    }
)


def _pct(x: float, signed: bool = False) -> str:
    return f"{100 * x:{'+' if signed else ''}.1f}%"


def _wdl(m: Match) -> str:
    return f"{m.wins}-{m.draws}-{m.losses}"


def _player(name: str, lang: str) -> str:
    """A side of a match in ``lang``: "coach8" (the coach at 8 iterations), "heuristic", "random"."""
    from ..sim.runner import AGENT_JA

    if name.startswith("coach") and name[len("coach") :].isdigit():
        return WORDS.t("coach", lang, budget=name[len("coach") :])
    return AGENT_JA.get(name, name) if lang == "ja" else name


def _match(m: Match, lang: str) -> str:
    return f"{_player(m.strong, lang)} – {_player(m.weak, lang)}"


def _lines(t: SkillTrace, lang: str) -> list[str]:
    import tcgteach

    title = tcgteach.game(t.game).title[lang] if hasattr(tcgteach.game(t.game), "title") else t.game
    if math.isfinite(t.slope_low) and math.isfinite(t.slope_high):
        slope = WORDS.t(
            "slope", lang, slope=_pct(t.slope, True), low=_pct(t.slope_low, True), high=_pct(t.slope_high, True)
        )
    else:
        slope = WORDS.t("no_slope", lang, slope=_pct(t.slope, True))
    return [
        WORDS.t("title", lang, game=title),
        slope,
        WORDS.t("luck", lang, luck="n/a" if t.luck.value is None else _pct(t.luck.value), n=t.luck.n),
        WORDS.t("ludii", lang, value=f"{t.ludii:.2f}"),
        WORDS.t("seconds", lang, games=t.ladder[0].games if t.ladder else 0, seconds=t.seconds),
    ]


def skill_table(t: SkillTrace, lang: str = "en") -> str:
    """The plain-text table of a ``SkillTrace``."""
    check_lang(lang)
    rows = [(WORDS.t("match", lang), WORDS.t("score", lang), WORDS.t("wdl", lang))]
    for m in (*t.ladder, *t.vs_heuristic, *t.vs_random):
        rows.append((_match(m, lang), estimate_text("first_player", m.score, lang), _wdl(m)))
    return "\n".join([*_lines(t, lang), _align(rows)])


def skill_svg(t: SkillTrace, lang: str = "en") -> str:
    """The chart of a ``SkillTrace`` as SVG: score against the log of the search budget, with intervals."""

    def pts(
        matches: tuple[Match, ...], budgets: tuple[int, ...]
    ) -> list[tuple[float, float, float | None, float | None]]:
        return [
            (math.log2(b), m.score.value or 0.0, m.score.low, m.score.high)
            for b, m in zip(budgets, matches, strict=False)
        ]

    series = [
        Series(WORDS.t("ladder", lang), pts(t.ladder, t.budgets[1:])),
        Series(WORDS.t("vs_heuristic", lang), pts(t.vs_heuristic, t.budgets)),
        Series(WORDS.t("vs_random", lang), pts(t.vs_random, t.budgets), dashed=True),
    ]
    ticks = [(math.log2(b), str(b)) for b in t.budgets]
    return line_chart(
        series, WORDS.t("chart", lang), WORDS.t("budget", lang), WORDS.t("score", lang), percent=True, y_min=0,
        x_ticks=ticks,
    )  # fmt: skip


def skill_html(t: SkillTrace, lang: str = "en") -> str:
    """The HTML section of a ``SkillTrace`` for the design report."""
    check_lang(lang)
    e = html.escape
    lines = _lines(t, lang)
    rows = "".join(
        f"<tr><td>{e(_match(m, lang))}</td>"
        f"<td class='num'>{number_html(estimate_text('first_player', m.score, lang))}</td>"
        f"<td class='num'>{_wdl(m)}</td></tr>"
        for m in (*t.ladder, *t.vs_heuristic, *t.vs_random)
    )
    return (
        f"<h2>{e(lines[0])}</h2>"
        + "".join(f"<p>{e(x)}</p>" for x in lines[1:])
        + skill_svg(t, lang)
        + f"<table><tr><th>{e(WORDS.t('match', lang))}</th><th>{e(WORDS.t('score', lang))}</th>"
        f"<th>{e(WORDS.t('wdl', lang))}</th></tr>{rows}</table>"
    )
