"""How sure a hint is and how it is said: the evidence of the simulated games weighed (``assess``: the gap
to the closest competitor in standard errors, ``wilson`` ranges), the confidence words (``CONFIDENCE``),
the :class:`Hint` the coach gives and its sentence (what to do, why with the rule IDs, how sure, and the
figures). The coach itself is :class:`tcgteach.agents.coach.CoachAgent`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.game import Reason
    from ..core.state import State


#: every option's estimated win chance at least this: "any choice wins"; at most ALL_LOSE: "no choice wins"
ALL_WIN, ALL_LOSE = 0.97, 0.03
#: a hint resting on fewer simulated games than this in all, or fewer than FEW_BEST for the recommended move,
#: says it is a rough guess (and is never "clearly" the best)
FEW_TOTAL, FEW_BEST = 100, 30
#: how many standard errors the gap must be for "clearly" and for "probably" (see ``assess``)
Z_CLEAR, Z_PROBABLE = 2.0, 1.0
#: the smallest gap (in win chance) that is ever "clearly" better: a tiny gap is a close call however sure
GAP_CLEAR = 0.05

#: verdict -> how sure the coach is, in plain words (en, ja)
CONFIDENCE: dict[str, tuple[str, str]] = {
    "clear": ("Clearly the best move", "はっきり一番よい手です"),
    "probable": ("Probably the best move", "おそらく一番よい手です"),
    "close": ("A close call", "ほかの手とほぼ互角です"),
    "all_win": ("Any choice wins from here", "ここからはどの手を選んでも勝てます"),
    "all_lose": (
        "No choice wins from here: every option loses in the coach's look-ahead",
        "先読みでは、どの手を選んでも勝ち目はほとんどありません",
    ),
    "only": ("It is the only legal action", "他に選べる行動はありません"),
}


@dataclass(frozen=True)
class Assessment:
    """What the rollouts say about the first alternative (see ``assess``)."""

    #: a key of ``CONFIDENCE``
    verdict: str
    #: fewer than FEW_TOTAL rollouts in all or fewer than FEW_BEST for the move: a rough guess
    few: bool
    #: the gap to the closest competitor in standard errors (Agresti-Caffo); nan when nothing was compared
    z: float
    #: the index in the alternatives of that competitor (-1: none)
    runner: int
    #: a 95% Wilson interval of the move's win chance; (nan, nan) when it had no rollout
    interval: tuple[float, float]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win chance from ``score`` (the rollouts' summed scores, each in [0, 1])
    over ``n`` rollouts: unlike ``p +- z*se`` it stays inside [0, 1] and is wide for a handful of rollouts
    (19 wins out of 19: 83%-100%, not "100%")."""
    if n <= 0:
        return (float("nan"), float("nan"))
    p = min(1.0, max(0.0, score / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def assess(alternatives: Sequence[tuple[Any, float, int]]) -> Assessment:
    """How sure the search is about its first alternative (best first), from the evidence.

    Each alternative is (action, mean score, rollouts); a rollout scores in [0, 1]. The first one is compared
    with every other tried alternative by the difference of their win chances with its standard error,
    Agresti-Caffo style (one win and one loss added to each side, so that 19 wins of 19 against 10 of 12 is
    not an infinitely sure gap)::

        p_i = (mean_i * n_i + 1) / (n_i + 2)
        z   = (p_1 - p_2) / sqrt(p_1 (1 - p_1) / (n_1 + 2) + p_2 (1 - p_2) / (n_2 + 2))

    (the variance of a score in [0, 1] is at most p(1 - p), so this is cautious). The competitors are the
    finalists of the search (at least half the rollouts of the most tried other action) and any action that
    scored higher; the one with the smallest z decides:

    * ``clear``: z >= Z_CLEAR (2), a gap of at least GAP_CLEAR (5 points) and enough rollouts (not ``few``);
    * ``probable``: z >= Z_PROBABLE (1): the gap is beyond about one standard error;
    * ``close``: otherwise, also when the kept heuristic choice scored lower than another action.

    ``few`` is true below FEW_TOTAL (100) rollouts in all or FEW_BEST (30) for the first alternative: the
    hint then says it is a rough guess. ``all_win`` / ``all_lose`` when every tried option scores at least
    ALL_WIN / at most ALL_LOSE over enough rollouts (with few, the counts speak: "won 3 of 3"); ``only`` for
    a forced move; ``close`` when fewer than two options were tried (out of time before anything was
    compared)."""
    tried = [(i, v, n) for i, (_a, v, n) in enumerate(alternatives) if n > 0]
    total = sum(n for _i, _v, n in tried)
    first_n = alternatives[0][2] if alternatives else 0
    few = total < FEW_TOTAL or first_n < FEW_BEST
    interval = wilson(alternatives[0][1] * first_n, first_n) if first_n > 0 else (float("nan"), float("nan"))
    nan = float("nan")
    if len(alternatives) < 2:
        return Assessment("only", False, nan, -1, interval)
    if len(tried) < 2 or first_n == 0:
        # out of time before two options had a rollout (a very busy machine): nothing was compared
        return Assessment("close", True, nan, tried[0][0] if tried and tried[0][0] != 0 else -1, interval)
    values = [v for _i, v, _n in tried]
    if min(values) >= ALL_WIN and not few:
        return Assessment("all_win", few, nan, -1, interval)
    if max(values) <= ALL_LOSE and not few:
        return Assessment("all_lose", few, nan, -1, interval)
    best, visits = alternatives[0][1], first_n
    z, gap, runner = math.inf, 0.0, -1
    finalist = max(n for i, _v, n in tried if i != 0) / 2
    for i, v, n in tried:
        if i == 0 or (n < finalist and v < best):  # dropped early by the halving, and scored lower
            continue
        zi = _z(best * visits, visits, v * n, n)
        if zi < z:
            z, gap, runner = zi, best - v, i
    if z >= Z_CLEAR and gap >= GAP_CLEAR and not few:
        kind = "clear"
    elif z >= Z_PROBABLE and gap > 0:
        kind = "probable"
    else:
        kind = "close"
    return Assessment(kind, few, z, runner, interval)


def _z(score1: float, n1: int, score2: float, n2: int) -> float:
    """The gap between two win chances (summed scores over rollouts) in standard errors, Agresti-Caffo: one win
    and one loss added to each side (``assess``)."""
    p1 = (score1 + 1) / (n1 + 2)
    p2 = (score2 + 1) / (n2 + 2)
    return (p1 - p2) / math.sqrt(p1 * (1 - p1) / (n1 + 2) + p2 * (1 - p2) / (n2 + 2))


def verdict(alternatives: Sequence[tuple[Any, float, int]]) -> str:
    """The key of ``CONFIDENCE`` for the first alternative: ``assess(alternatives).verdict``."""
    return assess(alternatives).verdict


@dataclass
class Hint:
    """A recommendation: the action, the sentence for people, the reasons and the figures behind it."""

    action: Action
    text: str
    value: float
    visits: int
    iterations: int
    seconds: float
    #: (action, estimated win chance, visits), best first
    alternatives: list[tuple[Action, float, int]] = field(default_factory=list)
    #: why the action is good, in game terms, each with its rule (``Game.explain_choice``)
    reasons: list[Reason] = field(default_factory=list)
    #: how sure the coach is: a key of ``CONFIDENCE`` (see ``verdict``) and its words in the hint's language
    verdict: str = ""
    confidence: str = ""
    lang: str = "en"
    #: the alternatives' actions as the game words them, in the hint's language (the table of ``_repr_html_``)
    labels: list[str] = field(default_factory=list)
    #: fewer simulated games than ``FEW_TOTAL`` in all or ``FEW_BEST`` for this move: the text says it is a rough guess
    few: bool = False
    #: the gap to the closest competitor in standard errors (``assess``; nan when nothing was compared)
    z: float = float("nan")
    #: a 95% interval of the move's win chance (Wilson; nan when it had no rollout)
    interval: tuple[float, float] = (float("nan"), float("nan"))

    @property
    def rollouts(self) -> int:
        """How many simulated games the hint rests on, in all (``iterations``)."""
        return self.iterations

    @property
    def rules(self) -> list[str]:
        """The rule IDs the reasons rest on, in order, each once."""
        return list(dict.fromkeys(r.rule for r in self.reasons))

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        from html import escape

        ja = self.lang == "ja"
        why = "".join(f"<li>{escape(r.text)} <code>{escape(r.rule)}</code></li>" for r in self.reasons)
        head = ("手", "勝率の見込み", "先読み回数") if ja else ("action", "win chance", "rollouts")

        def chance(v: float, n: int) -> str:
            """A rate with its 95% range; on fewer than FEW_BEST rollouts the wins counted instead."""
            if v != v or n == 0:
                return "—"
            if n < FEW_BEST:
                return f"{_count(v * n, ja)} / {n}"
            lo, hi = wilson(v * n, n)
            return f"{_pct(v)} ({_pct(lo)}–{_pct(hi)})"

        rows = "".join(
            f"<tr><td>{escape(label)}</td><td>{escape(chance(v, n))}</td><td>{n}</td></tr>"
            for label, (a, v, n) in zip(
                self.labels or [str(a) for a, _v, _n in self.alternatives], self.alternatives[:5], strict=False
            )
        )
        return (
            f'<div class="tcg-hint"><p><b>{escape(self.text)}</b></p>'
            + (f"<ul>{why}</ul>" if why else "")
            + f"<table><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr>{rows}</table></div>"
        )


def _why(reasons: Sequence[Reason], lang: str, most: int = 2) -> str:
    """The first ``most`` reasons as one clause (en) or sentences (ja), each with its rule ID."""
    picked = list(reasons[:most])
    if not picked:
        return ""
    if lang == "ja":
        return "".join(f"{r.text}（{r.rule}）。" for r in picked)
    return "; ".join(f"{r.text} ({r.rule})" for r in picked)


def _pct(x: float) -> str:
    """A win chance in whole percent that never rounds a chance short of certain up to 100% (or down to 0%)."""
    k = round(100 * x)
    if 0 < x < 1:
        k = min(99, max(1, k))
    return f"{k}%"


def _games(n: int) -> str:
    return "1 simulated game" if n == 1 else f"{n} simulated games"


def _count(score: float, ja: bool) -> str:
    """The games won (summed scores): a whole number, "about" it when unfinished games were scored in between."""
    k = round(score)
    if abs(score - k) < 0.05:
        return str(k)
    return f"約{k}" if ja else f"about {k}"


def sentence(
    view: State,
    action: Action,
    alts: Sequence[tuple[Action, float, int]],
    reasons: Sequence[Reason],
    sure: Assessment,
    words: str,
    iterations: int,
    lang: str,
) -> str:
    """Action, why (with rule IDs), how sure, and the evidence: with enough simulated games the move's
    win rate with its likely range and the closest competitor's; with few, the counts ("won 12 of 19")
    and the range, said to be a rough guess; no figures where every option wins or loses."""
    game = view.game
    say = game.describe_action(action, view, lang)
    why = _why(reasons, lang)
    kind = sure.verdict
    ja = lang == "ja"
    if kind == "only":
        if ja:
            return f"{say}：{words}。" + why
        return f"{say}: it is the only legal action" + (f" — {why}." if why else ".")
    n = alts[0][2]
    runner = alts[sure.runner] if sure.runner > 0 else (alts[1] if len(alts) > 1 and alts[1][2] > 0 else None)
    other = game.describe_action(runner[0], view, lang) if runner is not None else ""
    if iterations == 0 or n == 0:  # out of time before this move had a single simulated game
        if ja:
            return f"おすすめ：{say}。{why}時間内に先読みが1局も終わらなかったので、コーチの経験則による手です。"
        tail = " No simulated game finished in time, so this is the coach's rule of thumb."
        return f"Suggested: {say}" + (f" — {why}." if why else ".") + tail
    if kind in ("all_win", "all_lose"):  # only over enough simulated games (``assess``)
        figures = f"（{iterations}局の先読みより）" if ja else f" (over {_games(iterations)})"
    else:
        figure = _rough_figures if sure.few else _figures
        figures = figure(alts[0], runner, other, sure.interval, iterations, ja)
    if ja:
        return f"おすすめ：{say}。{why}{words}{figures}。"
    return f"Suggested: {say}" + (f" — {why}." if why else ".") + f" {words}{figures}."


def _rough_figures(
    move: tuple[Action, float, int],
    runner: tuple[Action, float, int] | None,
    other: str,
    interval: tuple[float, float],
    iterations: int,
    ja: bool,
) -> str:
    """The evidence of a hint on few simulated games: the counts ("won 12 of 19") and the range, said to be
    a rough guess."""
    n = move[2]
    lo, hi = interval
    higher = runner is not None and runner[1] > move[1]
    won = _count(move[1] * n, ja)
    if ja:
        figures = (
            f"。ただし先読みは全部で{iterations}局だけなので、大まかな目安です"
            f"（この手は{n}局中{won}局で勝ち、勝率は{_pct(lo)}〜{_pct(hi)}のあいだと見られます"
        )
        if runner is not None:
            label = "" if higher else "次点の"
            figures += f"。{label}「{other}」は{runner[2]}局中{_count(runner[1] * runner[2], ja)}局で勝ち"
        return figures + "）"
    figures = (
        f", based on only {_games(iterations)}: a rough guess (this move won {won} of {n}, "
        f"a chance somewhere between {_pct(lo)} and {_pct(hi)}"
    )
    if runner is not None:
        label = "" if higher else "next best, "
        figures += f"; {label}{other}: won {_count(runner[1] * runner[2], ja)} of {runner[2]}"
    return figures + ")"


def _figures(
    move: tuple[Action, float, int],
    runner: tuple[Action, float, int] | None,
    other: str,
    interval: tuple[float, float],
    iterations: int,
    ja: bool,
) -> str:
    """The evidence of a hint on enough simulated games: the move's win rate with its likely range and the
    closest competitor's."""
    n = move[2]
    lo, hi = interval
    higher = runner is not None and runner[1] > move[1]
    if ja:
        figures = f"（{n}局の先読みで勝率{_pct(move[1])}、誤差を見込むと{_pct(lo)}〜{_pct(hi)}"
        if runner is not None:
            label = "" if higher else "次点の"
            figures += f"。{label}「{other}」は{runner[2]}局で{_pct(runner[1])}"
        return figures + "）"
    figures = f" (this move won {_pct(move[1])} of {n} simulated games, likely between {_pct(lo)} and {_pct(hi)}"
    if runner is not None:
        label = "" if higher else "next best, "
        figures += f"; {label}{other}: {_pct(runner[1])} of {runner[2]}"
    return figures + ")"
