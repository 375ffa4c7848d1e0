"""The rule-coverage map: how often each rule acts in play, which never do, and which lessons and quizzes teach each.

A rule *acts* in a game when an event of that game or an action chosen in it cites it (every event names the
rule it applied, ``core.events``, and every action the rule that allows it); the traces of a battery count
them (``Battery.rules``). A rule that never acts in N games is outside play (deck construction, DM-2 and
DQ-2, is checked before a game begins), applied without an event of its own (DARK MOON's scoring, DM-5, is
read off the units at the end; a blow's damage is cited by the blow's rule, DQ-7.8, not by DQ-8.1), a
reading the players never reach, or a rule these players never use: a designer and a teacher both want to
know which.
The lessons are those of ``tcgteach/data/lessons.json`` that list the rule (or a section holding it); the
quizzes are the question kinds whose questions cite it (``quiz.make_question``, a few seeds each).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.checks import check_int, check_lang
from ..core.errors import TcgError
from ..i18n import Text, pick
from .battery import Battery

#: seeds of each quiz kind read for the rules its questions cite
QUIZ_SEEDS = 6


@dataclass(frozen=True)
class RuleRow:
    """One rule: the share of games it acted in, its events per game, the lessons and quiz kinds teaching it."""

    rule: str
    share: float
    per_game: float
    lessons: tuple[str, ...]
    quizzes: tuple[str, ...]

    @property
    def section(self) -> bool:
        """A section heading (``DM-4``): it names a group of rules, events cite its rules."""
        return "." not in self.rule


@dataclass(frozen=True)
class RuleMap:
    """The map of one game over ``games`` games (``rows``: one ``RuleRow`` per rule ID, in the rules' order)."""

    game: str
    games: int
    labels: Mapping[str, str]
    rows: tuple[RuleRow, ...]

    def never(self) -> list[str]:
        """The rules (not the section headings) that no event cited in any of the games."""
        return [r.rule for r in self.rows if not r.section and r.share == 0]

    def untaught(self) -> list[str]:
        """The rules that act in play but that no lesson and no quiz teaches."""
        return [r.rule for r in self.rows if not r.section and r.share > 0 and not r.lessons and not r.quizzes]

    def __getitem__(self, rule: str) -> RuleRow:
        for r in self.rows:
            if r.rule == rule:
                return r
        raise TcgError(f"{self.game} has no rule {rule!r}")

    def table(self, lang: str = "en") -> str:
        """The rule map as a plain-text table in ``lang``: each rule's share of games, uses, lessons, quizzes."""
        return rulemap_text(self, lang)

    def html(self, lang: str = "en") -> str:
        """The rule map as an HTML section of the design report."""
        return rulemap_html(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The rule map as JSON-safe data: the games, the rules that never acted and each rule's counts."""
        return {
            "game": self.game,
            "games": self.games,
            "never": self.never(),
            "rules": {
                r.rule: {
                    "share": r.share,
                    "per_game": r.per_game,
                    "lessons": list(r.lessons),
                    "quizzes": list(r.quizzes),
                }
                for r in self.rows
            },
        }

    def __repr__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        from .report import inline

        return inline(self, "en")


def quiz_rules(game: Any, seeds: int = QUIZ_SEEDS) -> dict[str, tuple[str, ...]]:
    """Rule ID -> the quiz kinds whose questions cite it (over ``seeds`` questions of each kind)."""
    from .. import quiz

    check_int(seeds, "seeds", 1, 1000)
    out: dict[str, set[str]] = {}
    for kind in quiz.kinds(game):
        for seed in range(seeds):
            for rule in quiz.make_question(game, kind, seed=seed).rules:
                out.setdefault(rule, set()).add(kind)
    return {rule: tuple(sorted(kinds)) for rule, kinds in out.items()}


def rule_map(battery: Battery) -> RuleMap:
    """The rule-coverage map of a battery's games."""
    import tcgteach

    from ..explorer_lessons import lessons_teaching

    if not isinstance(battery, Battery):
        raise TcgError("rule_map takes a battery of tcgteach.design.run()")
    game = tcgteach.game(battery.game, {k: v for k, v in battery.options.items()})
    quizzes = quiz_rules(game)
    rows = []
    for rule in game.rule_ids():
        acted: Mapping[str, float] = battery.rules.get(rule, {})
        lessons = tuple(dict.fromkeys(ref.lesson.id for ref in lessons_teaching(game.name, rule)))
        rows.append(
            RuleRow(
                rule, float(acted.get("share", 0.0)), float(acted.get("per_game", 0.0)), lessons, quizzes.get(rule, ())
            )
        )
    return RuleMap(game.name, battery.n, battery.titles or {"en": battery.label}, tuple(rows))


WORDS = Text(
    {
        "title": ("Rules in play: {label}, {n} games", "プレイ中のルール：{label}、{n} ゲーム"),
        "rule": ("rule", "ルール"),
        "share": ("games it acted in", "働いたゲーム"),
        "per_game": ("times per game", "1ゲームの回数"),
        "lessons": ("lessons", "レッスン"),
        "quizzes": ("quizzes", "クイズ"),
        "never": ("Never acted in {n} games: {rules}.", "{n} ゲームで一度も働かなかったルール：{rules}。"),
        "none": ("Every rule acted at least once.", "どのルールも一度は働きました。"),
        "untaught": (
            "Acts in play, taught by no lesson or quiz: {rules}.",
            "プレイ中に働くのに、どのレッスンにもクイズにもないルール：{rules}。",
        ),
        "note": (
            "A rule acts when an event or a chosen action cites it. A section heading (such as DM-4) names a group; "
            "deck construction (DM-2, DQ-2) is checked before play; some rules act without an event of their own "
            "(DARK MOON's scoring, DM-5, is read at the end; a blow's damage cites the blow's rule).",
            "イベントか選んだ行動がそのルールを示したとき、ルールが働いたと数えます。"
            "DM-4 のような見出しはルールのまとまりの名前です。"
            "デッキ構築（DM-2、DQ-2）はプレイの前に確かめられます。"
            "自分のイベントを持たずに働くルールもあります"
            "（DARK MOON の得点 DM-5 は最後に数えられ、攻撃のダメージはその攻撃のルールで示されます）。",
        ),
    }
)


def _summary(m: RuleMap, lang: str) -> list[str]:
    never = m.never()
    lines = [WORDS.t("never", lang, n=m.games, rules=", ".join(never)) if never else WORDS.t("none", lang)]
    if m.untaught():
        lines.append(WORDS.t("untaught", lang, rules=", ".join(m.untaught())))
    lines.append(WORDS.t("note", lang))
    return lines


def rulemap_text(m: RuleMap, lang: str = "en") -> str:
    """The plain-text table of a ``RuleMap``."""
    from .texts import _align

    check_lang(lang)
    rows = [tuple(WORDS.t(k, lang) for k in ("rule", "share", "per_game", "lessons", "quizzes"))]
    for r in m.rows:
        rows.append((r.rule, f"{100 * r.share:.1f}%", f"{r.per_game:.2f}", " ".join(r.lessons), " ".join(r.quizzes)))
    return "\n".join([WORDS.t("title", lang, label=pick(m.labels, lang), n=m.games), *_summary(m, lang), _align(rows)])


def rulemap_html(m: RuleMap, lang: str = "en") -> str:
    """The HTML section of a ``RuleMap`` for the design report, each rule linked to its text."""
    import html

    import tcgteach

    check_lang(lang)
    e = html.escape
    game = tcgteach.game(m.game)
    head = "".join(f"<th>{e(WORDS.t(k, lang))}</th>" for k in ("rule", "share", "per_game", "lessons", "quizzes"))
    body = []
    for r in m.rows:
        style = " style='color:#a3300b'" if not r.section and r.share == 0 else ""
        title = e(game.rule_title(r.rule, lang))
        body.append(
            f"<tr{style}><td title='{title}'>{e(r.rule)} {title}</td><td class='num'>{100 * r.share:.1f}%</td>"
            f"<td class='num'>{r.per_game:.2f}</td><td>{e(' '.join(r.lessons))}</td>"
            f"<td>{e(' '.join(r.quizzes))}</td></tr>"
        )
    notes = "".join(f"<p class='note'>{e(x)}</p>" for x in _summary(m, lang))
    return (
        f"<h2>{e(WORDS.t('title', lang, label=pick(m.labels, lang), n=m.games))}</h2>{notes}"
        f"<table><tr>{head}</tr>{''.join(body)}</table>"
    )
