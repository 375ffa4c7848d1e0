"""Rule variants side by side: the same statistics for two option sets, and whether they differ.

``compare`` plays both option sets on the same seeds with the same agents and reports, for each
statistic, the two values, the difference (b − a), its confidence interval, a p-value and whether
the difference is beyond noise (significant: the interval excludes 0; alpha 0.05 by default):

* rates (first-player win rate among decisive games, draw rate, the share of games each rule ended):
  Newcombe's hybrid score interval for a difference of two proportions (Newcombe 1998, method 10,
  built from Wilson intervals), with the pooled two-proportion z-test for the p-value;
* means (turns, decisions, branching and interaction per game): Welch's unequal-variance t
  interval and test, with the Welch–Satterthwaite degrees of freedom.

Both tests treat the two runs as independent samples. Playing the same seeds makes the runs
positively correlated, which only makes these tests conservative (a real difference is harder to
call, a false one no easier). With many rows some will cross alpha by chance: about 1 in 20 rows of
two identical rule sets.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.checks import check_mapping, check_number, check_text, shown
from ..core.errors import TcgError
from .runner import process_pool, processes_available, resolve_game, simulate
from .stats import _finished, _rows, first_player_win_rate, wilson_interval

if TYPE_CHECKING:
    from ..core.game import Game

#: statistics compared as means of per-game values (Welch)
MEANS = ("turns", "decisions", "branching", "interaction")


# -- distributions (no scipy at run time) -----------------------------------------------------------------
def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def _p_text(p: float) -> str:
    """A p-value for people: below double precision's reach it is "< 1e-15", never "0"."""
    return "< 1e-15" if p < 1e-15 else f"{p:.3g}"


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    return betainc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(q: float, df: float) -> float:
    """The q-quantile of Student's t (q > 0.5), by bisection on ``t_two_sided_p``."""
    target = 2.0 * (1.0 - q)
    lo, hi = 0.0, 1.0
    while t_two_sided_p(hi, df) > target:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_two_sided_p(mid, df) > target:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2.0


# -- the two tests ----------------------------------------------------------------------------------------
def newcombe(k_a: int, n_a: int, k_b: int, n_b: int, alpha: float = 0.05) -> dict[str, Any]:
    """Difference of two proportions k_b/n_b − k_a/n_a: Newcombe's hybrid score interval and the
    pooled two-proportion z-test. Significant when the interval excludes 0."""
    row: dict[str, Any] = {
        "test": "newcombe",
        "n_a": n_a,
        "n_b": n_b,
        "a": k_a / n_a if n_a else None,
        "b": k_b / n_b if n_b else None,
        "diff": None,
        "low": None,
        "high": None,
        "p": None,
        "significant": False,
    }
    if not n_a or not n_b:
        return row
    pa, pb = k_a / n_a, k_b / n_b
    la, ua = wilson_interval(k_a, n_a, 1 - alpha)  # type: ignore[misc]
    lb, ub = wilson_interval(k_b, n_b, 1 - alpha)  # type: ignore[misc]
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    pooled = (k_a + k_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se > 0:
        p = 2 * (1 - statistics.NormalDist().cdf(abs(d) / se))
    else:
        p = 1.0  # both 0/n or both n/n: no difference
    row.update(diff=d, low=low, high=high, p=p, significant=low > 0 or high < 0)
    return row


def welch(xs_a: Sequence[float], xs_b: Sequence[float], alpha: float = 0.05) -> dict[str, Any]:
    """Difference of means mean(b) − mean(a): Welch's t interval and test (Welch–Satterthwaite df).
    Significant when the interval excludes 0 (equivalently p < alpha)."""
    na, nb = len(xs_a), len(xs_b)
    row: dict[str, Any] = {
        "test": "welch",
        "n_a": na,
        "n_b": nb,
        "a": statistics.fmean(xs_a) if na else None,
        "b": statistics.fmean(xs_b) if nb else None,
        "diff": None,
        "low": None,
        "high": None,
        "p": None,
        "significant": False,
    }
    if na < 2 or nb < 2:
        return row
    ma, mb = row["a"], row["b"]
    va, vb = statistics.variance(xs_a, ma) / na, statistics.variance(xs_b, mb) / nb
    d = mb - ma
    se = math.sqrt(va + vb)
    if se == 0:
        row.update(diff=d, low=d, high=d, p=1.0 if d == 0 else 0.0, significant=d != 0)
        return row
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1))
    half = t_quantile(1 - alpha / 2, df) * se
    p = t_two_sided_p(d / se, df)
    row.update(diff=d, low=d - half, high=d + half, p=p, df=df, significant=d - half > 0 or d + half < 0)
    return row


# -- comparing records -------------------------------------------------------------------------------------
def compare_records(records_a: Any, records_b: Any, alpha: float = 0.05) -> dict[str, dict[str, Any]]:
    """Statistic name -> {a, b, diff, low, high, p, significant, test, n_a, n_b} for two sets of records.

    Rows: first_player_win_rate, draw_rate, turns, decisions, branching, interaction, and
    ``end_reason RULE`` (the share of all games that rule ended) for every rule seen in either run.
    """
    a, b = _rows(records_a, "records_a"), _rows(records_b, "records_b")
    _alpha(alpha)
    fa, fb = first_player_win_rate(a), first_player_win_rate(b)
    rows: dict[str, dict[str, Any]] = {
        "first_player_win_rate": newcombe(fa["wins"], fa["decisive"], fb["wins"], fb["decisive"], alpha)
    }
    done_a, done_b = _finished(a), _finished(b)
    rows["draw_rate"] = newcombe(fa["draws"], len(done_a), fb["draws"], len(done_b), alpha)
    for key in MEANS:
        rows[key] = welch([r[key] for r in done_a], [r[key] for r in done_b], alpha)
    reasons = sorted({r["end_reason"] for r in a} | {r["end_reason"] for r in b})
    for reason in reasons:
        rows[f"end_reason {reason}"] = newcombe(
            sum(r["end_reason"] == reason for r in a), len(a), sum(r["end_reason"] == reason for r in b), len(b), alpha
        )
    return rows


def _alpha(alpha: Any) -> float:
    """A significance level strictly between 0 and 1 (0.05)."""
    level = check_number(alpha, "alpha", 0, 1)
    if not 0 < level < 1:
        raise TcgError(f"alpha must be a significance level between 0 and 1 (0.05), not {shown(alpha)}")
    return level


def _fmt(x: Any, rate: bool) -> str:
    if x is None:
        return "n/a"
    return f"{100 * x:.1f}%" if rate else f"{x:.2f}"


class Comparison:
    """Two option sets played on the same seeds: ``rows`` (see ``compare_records``), the records of
    both runs, ``table()`` as text, ``to_frame()`` for pandas, and a table in notebooks."""

    def __init__(
        self,
        game: str,
        options_a: Mapping[str, Any],
        options_b: Mapping[str, Any],
        records_a: list[dict[str, Any]],
        records_b: list[dict[str, Any]],
        alpha: float = 0.05,
    ) -> None:
        self.game = check_text(game, "game", limit=200)
        self.options_a = dict(check_mapping(options_a, "options_a"))
        self.options_b = dict(check_mapping(options_b, "options_b"))
        self.records_a, self.records_b = records_a, records_b
        self.alpha = alpha
        self.rows = compare_records(records_a, records_b, alpha)

    def __getitem__(self, statistic: str) -> dict[str, Any]:
        return self.rows[statistic]

    @property
    def labels(self) -> tuple[str, str]:
        """Short names of the two sides: the options in which they differ."""
        keys = sorted(
            k for k in set(self.options_a) | set(self.options_b) if self.options_a.get(k) != self.options_b.get(k)
        )
        side = [" ".join(f"{k}={o.get(k)}" for k in keys) or "(same)" for o in (self.options_a, self.options_b)]
        return side[0], side[1]

    def significant(self) -> list[str]:
        """The statistics whose difference is beyond noise."""
        return [k for k, r in self.rows.items() if r["significant"]]

    def table(self) -> str:
        """The comparison as a plain-text table: each statistic for A and B, the difference B − A and its confidence
        interval."""
        la, lb = self.labels
        lines = [
            f"{self.game}: A = {la}, B = {lb}; {len(self.records_a)} games each, same seeds; "
            f"{100 * (1 - self.alpha):g}% CI of B - A"
        ]
        width = max(len(k) for k in self.rows)
        for k, r in self.rows.items():
            c = self._cells(k, r)
            mark = "  *beyond noise*" if r["significant"] else ""
            lines.append(
                f"{k:<{width}}  A {c['a']:>8}  B {c['b']:>8}  diff {c['diff']:>7} [{c['low']}, {c['high']}]  "
                f"p {c['p']} ({r['test']}){mark}"
            )
        return "\n".join(lines)

    @staticmethod
    def _cells(key: str, row: Mapping[str, Any]) -> dict[str, str]:
        """One row's figures as text (rates as percentages), for the plain and the HTML table."""
        rate = row["test"] == "newcombe" or key == "interaction"
        out = {name: _fmt(row[name], rate) for name in ("a", "b", "diff", "low", "high")}
        out["p"] = "n/a" if row["p"] is None else _p_text(row["p"])
        return out

    def __repr__(self) -> str:
        return self.table()

    def to_frame(self) -> Any:
        """The comparison as a pandas DataFrame, a row per statistic (needs pandas, extra "sim")."""
        try:
            import pandas as pd
        except ImportError:
            raise TcgError("to_frame needs pandas: pip install 'tcgteach[sim]' (or pandas)") from None

        return pd.DataFrame.from_dict(self.rows, orient="index")

    def _repr_html_(self) -> str:
        from html import escape

        la, lb = self.labels
        body = []
        for k, r in self.rows.items():
            c = self._cells(k, r)
            style = ' style="font-weight:bold"' if r["significant"] else ""
            body.append(
                f"<tr{style}><td>{escape(k)}</td><td>{c['a']}</td><td>{c['b']}</td><td>{c['diff']}</td>"
                f"<td>[{c['low']}, {c['high']}]</td><td>{c['p']}</td>"
                f"<td>{'yes' if r['significant'] else ''}</td></tr>"
            )
        return (
            f"<table><caption>{escape(self.game)}: A = {escape(la)}, B = {escape(lb)} "
            f"({len(self.records_a)} games each, same seeds)</caption><tr><th>statistic</th><th>A</th><th>B</th>"
            f"<th>B − A</th><th>{100 * (1 - self.alpha):g}% CI</th><th>p</th><th>beyond noise</th></tr>"
            + "".join(body)
            + "</table>"
        )


def compare(
    game: Game | str,
    options_a: Mapping[str, Any] | None,
    options_b: Mapping[str, Any] | None,
    n: int | None = 1000,
    agents: Sequence[Any] | str = ("random", "random"),
    alpha: float = 0.05,
    records_a: Sequence[Mapping[str, Any]] | None = None,
    **simulate_kwargs: Any,
) -> Comparison:
    """Play ``n`` games under each option set on the same seeds and compare the statistics.

    E.g. ``compare("darkmoon", {"first_turn_restriction": True}, {"first_turn_restriction": False}, 2000)``
    or ``compare("dragonquest", {"formation": "strict"}, {"formation": "at_least"}, 1000)``.
    Other keywords (seeds, executor, jobs, progress, max_steps, chunk, seed_start, decks) go to
    ``simulate``; without an executor one process pool serves both runs.

    records_a: records already played under ``options_a`` (e.g. ``simulate(game, n, agents)`` of the
    default rules): side A is taken from them instead of being played again, which halves the work.
    A game's record depends only on (game, options, agents, seed), so they are the records side A
    would produce; they must be of this game, these options and agents, and of the seeds side A
    would play (``seeds``, or ``n`` from ``seed_start``; with ``n=None`` their own seeds are used for
    side B), or a ``TcgError`` says what differs.
    """
    _alpha(alpha)
    if records_a is not None:
        _rows(records_a, "records_a")
    ga, gb = resolve_game(game, options_a), resolve_game(game, options_b)
    kw = dict(simulate_kwargs)
    if kw.get("seeds") is not None:
        kw["seeds"] = list(kw["seeds"])  # used twice
        n = None
    rec_a = None
    if records_a is not None:
        rec_a = _reused_side_a(ga, records_a, agents, n, kw)
        kw["seeds"], n = [r["seed"] for r in rec_a], None
    own = None
    if rec_a is None and kw.get("executor") is None and kw.get("jobs") != 1 and processes_available():
        own = kw["executor"] = process_pool(kw.get("jobs"))
    try:
        if rec_a is None:
            rec_a = simulate(ga, n, agents, **kw)
        rec_b = simulate(gb, n, agents, **kw)
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)
    return Comparison(ga.name, dict(ga.options), dict(gb.options), rec_a, rec_b, alpha)


def _reused_side_a(
    ga: Game, records: Sequence[Mapping[str, Any]], agents: Sequence[Any] | str, n: int | None, kw: dict[str, Any]
) -> list[dict[str, Any]]:
    """The records given for side A, checked against what side A would play (see ``compare``)."""
    from .runner import _agent_label, _agent_specs, _options_text

    recs = [dict(r) for r in records]
    if not recs:
        raise TcgError("records_a is empty: give the records of side A, or leave records_a out")
    if kw.get("seeds") is not None:
        want = list(kw["seeds"])
    elif n is not None:
        want = list(range(kw.get("seed_start", 0), kw.get("seed_start", 0) + n))
    else:
        want = None
    seeds = [r.get("seed") for r in recs]
    if want is not None and seeds != want:
        raise TcgError(
            f"records_a are of the seeds {_seed_text(seeds)}, but side A would play the seeds {_seed_text(want)}"
        )
    options = _options_text(dict(ga.options))
    labels = ",".join(map(_agent_label, _agent_specs(ga, agents, kw.get("decks"), kw.get("players"))))
    for r in recs:
        for field, value in (("game", ga.name), ("options", options), ("agents", labels)):
            if r.get(field) != value:
                raise TcgError(
                    f"records_a seed {r.get('seed')} has {field} {r.get(field)!r}, but side A is {field} {value!r}"
                )
    return recs


def _seed_text(seeds: Sequence[Any]) -> str:
    if seeds and all(isinstance(s, int) for s in seeds) and list(seeds) == list(range(seeds[0], seeds[0] + len(seeds))):
        return f"{seeds[0]}..{seeds[-1]}"
    return ", ".join(map(str, seeds[:5])) + (" ..." if len(seeds) > 5 else "")
