"""The words of the design lab, in English and Japanese: each measure's name, what it means and its source."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.checks import check_lang
from ..i18n import Text

if TYPE_CHECKING:
    from .battery import Battery
    from .compare import DesignComparison, Difference
    from .measures import Estimate

#: measure -> (name en, name ja, meaning en, meaning ja); the source is said in the meaning
MEASURES: Mapping[str, tuple[str, str, str, str]] = {
    "first_player": (
        "first-player win rate", "先攻の勝率",
        "games the player who began won, among games with one winner (Ludii AdvantageP1); 50% is fair",
        "勝者が1人のゲームのうち、先攻のプレイヤーが勝った割合（Ludii の AdvantageP1）。50% なら公平",
    ),
    "draw": (
        "draw rate", "引き分け率",
        "games without a single winner: a shared win, nobody wins, a turn-limit draw (Ludii Drawishness)",
        "勝者が1人に決まらなかったゲームの割合：同点、勝者なし、ターン上限（Ludii の Drawishness）",
    ),
    "turns": ("turns", "ターン数", "the length of a game in turns (Ludii DurationTurns)",
              "1ゲームの長さ（ターン数、Ludii の DurationTurns）"),
    "decisions": ("decisions", "判断の回数", "the length of a game in decisions, every player's (Ludii DurationMoves)",
                  "1ゲームの長さ（全員の判断の回数、Ludii の DurationMoves）"),
    "choice_share": (
        "real choices", "選択肢のある判断",
        "decisions with more than one legal action (Ludii DecisionMoves)",
        "選べる行動が2つ以上あった判断の割合（Ludii の DecisionMoves）",
    ),
    "branching": ("branching factor", "分岐数", "legal actions per decision (Ludii BranchingFactor)",
                  "1回の判断で選べる行動の数（Ludii の BranchingFactor）"),
    "interaction": (
        "interaction", "相互作用",
        "actions that moved or changed another player's card",
        "ほかのプレイヤーのカードを動かしたり変えたりした行動の割合",
    ),
    "lead_changes": (
        "lead changes", "リードの入れ替わり",
        "how often the player ahead (the coach's estimate at each turn start) changed, per turn (Ludii LeadChange)",
        "毎ターンの初めにリードしているプレイヤー（コーチの見積もり）が入れ替わった割合（Ludii の LeadChange）",
    ),
    "drama": (
        "drama", "逆転の大きさ",
        "how far behind the leader the eventual winner was, on average over the turn starts (Ludii Drama)",
        "最後に勝ったプレイヤーが、各ターンの初めにリードからどれだけ遅れていたかの平均（Ludii の Drama）",
    ),
    "decisiveness_threshold": (
        "decisiveness threshold", "決着のしきい値",
        "the highest estimated chance any loser ever had (Ludii DecisivenessThreshold)",
        "負けたプレイヤーが一度でも持った、いちばん高い勝ちの見積もり（Ludii の DecisivenessThreshold）",
    ),
    "decisiveness_moves": (
        "decided after", "決着までの割合",
        "the share of the game's turns played before the winner's chance first passed that threshold: how far "
        "into the game it was decided; 100% only at the end (Ludii DecisivenessMoves)",
        "勝者の見積もりが初めてそのしきい値を超えるまでに進んだターンの割合：ゲームのどのあたりで決着がついたか。"
        "100% なら最後まで決まらなかった（Ludii の DecisivenessMoves）",
    ),
    "balance": (
        "balance", "バランス",
        "1 - (highest seat's win rate - lowest seat's), a bootstrap interval (Ludii Balance); 100% is even",
        "1 −（いちばん勝つ席の勝率 − いちばん勝てない席の勝率）、ブートストラップ区間"
        "（Ludii の Balance）。100% なら均等",
    ),
    "kingmaking": (
        "kingmaking", "キングメーカー",
        "games in which a player who could no longer win chose, in the last round, which other player won",
        "もう勝てないプレイヤーが、最後の1巡の選択で、ほかの誰が勝つかを決めたゲームの割合",
    ),
}  # fmt: skip

WORDS = Text(
    {
        "seat": ("P{n} wins", "P{n} の勝ち"),
        "seat_help": ("games seat P{n} won alone", "P{n} の席が単独で勝ったゲームの割合"),
        "end": ("ends: {kind}", "終わり方：{kind}"),
        "end_help": ("games that ended this way", "この終わり方で終わったゲームの割合"),
        "measure": ("measure", "指標"),
        "value": ("value (95% interval)", "値（95%区間）"),
        "games": ("games", "ゲーム数"),
        "diff": ("B - A (95% interval)", "B − A（95%区間）"),
        "verdict": ("verdict", "判定"),
        "higher": ("B higher", "B が高い"),
        "lower": ("B lower", "B が低い"),
        "noise": ("within noise", "誤差の範囲"),
        "na": ("n/a", "なし"),
        "paired": (
            "paired on {n} shared seeds (the same deals): differences are measured game by game",
            "共通の {n} 個のシード（同じ配り）で対にして比べています：差はゲームごとに測ります",
        ),
        "unpaired": (
            "independent samples (different games or seeds): Welch's t and Newcombe's interval",
            "独立な標本（別のゲームか別のシード）：ウェルチの t とニューカムの区間で比べています",
        ),
        "bonferroni": (
            "a verdict only where the interval at the {level} level (Bonferroni, {m} measures) excludes 0",
            "判定は、{level} の区間（ボンフェローニ補正、指標 {m} 個）が 0 を含まないときだけ",
        ),
        "header": ("{label}: {n} games, {seconds:.1f} s", "{label}：{n} ゲーム、{seconds:.1f} 秒"),
        "capped": ("{n} games hit the step cap and are left out", "{n} ゲームが手数の上限に達したので除いています"),
    }
)


def name(measure: str, lang: str = "en", facts: Any = None) -> str:
    """A measure's name in ``lang`` (seats and end kinds in the game's words)."""
    check_lang(lang)
    if measure in MEASURES:
        entry = MEASURES[measure]
        return entry[0] if lang == "en" else entry[1]
    if measure.startswith("win_seat_"):
        return WORDS.t("seat", lang, n=int(measure.rpartition("_")[2]) + 1)
    if measure.startswith("end_"):
        kind = measure[len("end_") :]
        return WORDS.t("end", lang, kind=facts.title(kind, lang) if facts is not None else kind)
    return measure


def meaning(measure: str, lang: str = "en") -> str:
    """What a measure means and where its definition comes from, in ``lang``."""
    check_lang(lang)
    if measure in MEASURES:
        entry = MEASURES[measure]
        return entry[2] if lang == "en" else entry[3]
    if measure.startswith("win_seat_"):
        return WORDS.t("seat_help", lang, n=int(measure.rpartition("_")[2]) + 1)
    if measure.startswith("end_"):
        return WORDS.t("end_help", lang)
    return ""


#: the measures shown as percentages (the others as numbers)
PERCENT_PREFIXES = ("win_seat_", "end_")
PERCENT = frozenset(
    {"first_player", "draw", "choice_share", "interaction", "lead_changes", "drama", "decisiveness_threshold",
     "decisiveness_moves", "balance", "kingmaking"}
)  # fmt: skip


def is_percent(measure: str) -> bool:
    """Whether the measure is a rate, shown as a percentage."""
    return measure in PERCENT or measure.startswith(PERCENT_PREFIXES)


def number(measure: str, x: float | None, lang: str = "en", signed: bool = False) -> str:
    """A measure's value as text: a percentage for a rate, a plain number otherwise, "n/a" for None."""
    if x is None:
        return WORDS.t("na", lang)
    sign = "+" if signed else ""
    if is_percent(measure):
        return f"{100 * x:{sign}.1f}%"
    return f"{x:{sign}.2f}"


def estimate_text(measure: str, e: Estimate | None, lang: str = "en") -> str:
    """An estimate as text: the value and its 95% interval in brackets."""
    if e is None or e.value is None:
        return WORDS.t("na", lang)
    if e.low is None or e.high is None:
        return number(measure, e.value, lang)
    return f"{number(measure, e.value, lang)} ({number(measure, e.low, lang)}–{number(measure, e.high, lang)})"


def number_html(text: str) -> str:
    """A value and its interval ("50.6% (43.2%–57.9%)", "+15.0% (+5.9% – +24.1%)") as escaped HTML that may wrap at
    its spaces, never inside a number or after a dash between two (where a browser would break)."""
    import html

    return " ".join(f"<span class='nb'>{html.escape(word)}</span>" for word in text.split(" "))


def difference_text(d: Difference, lang: str = "en") -> str:
    """A difference B − A as text, signed, with its interval."""
    if d.diff is None:
        return WORDS.t("na", lang)
    m = d.measure
    return (
        f"{number(m, d.diff, lang, signed=True)} ({number(m, d.low, lang, signed=True)}"
        f" – {number(m, d.high, lang, signed=True)})"
    )


def verdict_text(d: Difference, lang: str = "en") -> str:
    """A difference's verdict in words ("B higher", "B lower", "within noise") in ``lang``."""
    if d.diff is None:
        return "—"
    return WORDS.t({1: "higher", -1: "lower", 0: "noise"}[d.verdict], lang)


def _facts(*games: str) -> Any:
    """The design facts of the games (two games compared: the titles of both)."""
    import tcgteach

    from ..core.design import DesignFacts

    facts = [tcgteach.game(g).design_facts() for g in dict.fromkeys(games)]
    if len(facts) == 1:
        return facts[0]
    titles = {k: v for f in reversed(facts) for k, v in f.titles.items()}
    return DesignFacts(resources=facts[0].resources, end_kind=facts[0].end_kind, titles=titles)


def _align(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell + " " * (w - _width(cell)) for cell, w in zip(r, widths, strict=False)).rstrip() for r in rows
    )


def _width(text: str) -> int:
    """Columns on a terminal: a full-width (Japanese) character takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def battery_table(b: Battery, lang: str = "en") -> str:
    """A battery's measures as a plain-text table in ``lang``."""
    check_lang(lang)
    facts = _facts(b.game)
    head = WORDS.t("header", lang, label=b.title(lang), n=b.n, seconds=b.seconds)
    rows = [(WORDS.t("measure", lang), WORDS.t("value", lang), WORDS.t("games", lang))]
    for k in b.names():
        e = b[k]
        rows.append((name(k, lang, facts), estimate_text(k, e, lang), str(e.n)))
    tail = [WORDS.t("capped", lang, n=b.capped)] if b.capped else []
    return "\n".join([head, _align(rows), *tail])


def comparison_table(c: DesignComparison, lang: str = "en") -> str:
    """A comparison's measures side by side as a plain-text table in ``lang``, with the differences and verdicts."""
    check_lang(lang)
    facts = _facts(c.a.game, c.b.game)
    shared = len(set(c.a.seeds) & set(c.b.seeds))
    lines = [f"A = {c.a.title(lang)}", f"B = {c.b.title(lang)}"]
    lines.append(WORDS.t("paired", lang, n=shared) if c.paired else WORDS.t("unpaired", lang))
    m = len(c.rows)
    lines.append(WORDS.t("bonferroni", lang, level=f"{100 * (1 - c.alpha / m):.2f}%", m=m))
    rows = [(WORDS.t("measure", lang), "A", "B", WORDS.t("diff", lang), WORDS.t("verdict", lang))]
    for d in c.rows:
        rows.append(
            (
                name(d.measure, lang, facts),
                estimate_text(d.measure, d.a, lang),
                estimate_text(d.measure, d.b, lang),
                difference_text(d, lang),
                verdict_text(d, lang),
            )
        )
    return "\n".join([*lines, _align(rows)])
