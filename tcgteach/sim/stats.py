"""Design statistics over simulation records, one small function each.

Every function takes the records of :func:`tcgteach.sim.simulate` (a list of dicts, or a pandas
DataFrame of them) and returns plain numbers in a dict. Conventions:

* Seats are 0-based (P1 is seat 0).
* A game is *decisive* when exactly one player won; a *draw* is any finished game without a single
  winner (a shared win, DM-1.3 ``tie=none`` "nobody wins", a DQ-1.4 turn-limit draw); a *capped*
  game hit the simulation's ``max_steps`` before it ended and has no result.
* Capped games are left out of every statistic except the counts (``outcomes``, ``end_reasons``),
  because their length and outcome say nothing about the game.
* A value that cannot be computed (a rate of 0 games, a standard deviation of one game) is None.

Only the standard library is used (``statistics``, ``math``); ``flow_metrics`` imports networkx.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_number, check_text, shown
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.game import Game

#: the probabilities reported by ``length_distribution``
QUANTILES = (0.1, 0.25, 0.75, 0.9)


#: the fields of a record (``simulate``) that the statistics read
RECORD_FIELDS = (
    "capped", "winner", "first_player", "turns", "decisions", "legal_actions", "branching", "interactions",
    "interaction", "end_reason",
)  # fmt: skip


def _rows(records: Any, param: str = "records") -> list[Mapping[str, Any]]:
    """Records as a list of mappings (a pandas DataFrame is accepted too); anything else is a ``TcgError``."""
    if hasattr(records, "to_dict") and hasattr(records, "columns"):  # pandas: its NaN is our None
        rows: list[Mapping[str, Any]] = [
            {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in r.items()}
            for r in records.to_dict("records")
        ]
    elif isinstance(records, (list, tuple)):
        rows = list(records)
    else:
        raise TcgError(f"{param} must be the list of records simulate() returns (or a DataFrame), not {shown(records)}")
    for i, r in enumerate(rows):
        if not isinstance(r, Mapping):
            raise TcgError(f"{param}[{i}] must be a record of simulate() (a dict), not {shown(r)}")
        missing = [k for k in RECORD_FIELDS if k not in r]
        if missing:
            raise TcgError(f"{param}[{i}] is not a record of simulate(): it has no {', '.join(missing)}")
    return rows


def _finished(records: Any) -> list[Mapping[str, Any]]:
    return [r for r in _rows(records) if not r.get("capped")]


def _z(confidence: Any) -> float:
    level = check_number(confidence, "confidence", 0, 1)
    if not 0 < level < 1:
        raise TcgError(f"confidence must be a level between 0 and 1 (0.95), not {shown(confidence)}")
    return statistics.NormalDist().inv_cdf(0.5 + level / 2)


# -- proportions ---------------------------------------------------------------------------------------
def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float] | None:
    """The Wilson score interval for a proportion (None for 0 trials).

    Unlike the textbook p ± z·se it stays inside [0, 1] and behaves at 0/n and n/n.
    """
    check_int(trials, "trials")
    check_int(successes, "successes")
    z = _z(confidence)
    if trials <= 0:
        return None
    if not 0 <= successes <= trials:
        raise TcgError(f"{successes} successes out of {trials} trials: successes must be 0..trials")
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    # exact bounds at 0/n and n/n (the formula gives them up to rounding)
    return (0.0 if successes == 0 else centre - half), (1.0 if successes == trials else centre + half)


def first_player_win_rate(records: Any, confidence: float = 0.95) -> dict[str, Any]:
    """How often the player who went first won, among the decisive games, with a Wilson interval.

    Draws (shared wins, nobody wins, turn-limit draws) are excluded from the rate and counted in
    ``draws``; capped games in ``capped``. Returns ``rate``, ``low``, ``high``, ``wins`` (by the
    first player), ``decisive`` (the denominator), ``draws``, ``capped`` and ``games``.
    With more than two players a fair game gives 1/players, not 1/2.
    """
    rows = _rows(records)
    _z(confidence)
    finished = [r for r in rows if not r.get("capped")]
    decisive = [r for r in finished if r.get("winner") is not None]
    wins = sum(1 for r in decisive if r["winner"] == r["first_player"])
    ci = wilson_interval(wins, len(decisive), confidence)
    return {
        "rate": wins / len(decisive) if decisive else None,
        "low": ci[0] if ci else None,
        "high": ci[1] if ci else None,
        "wins": wins,
        "decisive": len(decisive),
        "draws": len(finished) - len(decisive),
        "capped": len(rows) - len(finished),
        "games": len(rows),
        "confidence": confidence,
    }


def outcomes(records: Any) -> dict[str, Any]:
    """Counts: ``games``, ``wins_by_seat`` ({seat: wins}), ``draws`` (of which ``nobody_wins``), ``capped``."""
    rows = _rows(records)
    seats = max((int(r.get("players") or 2) for r in rows), default=2)
    wins = {s: 0 for s in range(seats)}
    draws = nobody = capped = 0
    for r in rows:
        if r.get("capped"):
            capped += 1
        elif r.get("winner") is not None:
            wins[r["winner"]] = wins.get(r["winner"], 0) + 1
        else:
            draws += 1
            nobody += bool(r.get("nobody_wins"))
    return {"games": len(rows), "wins_by_seat": wins, "draws": draws, "nobody_wins": nobody, "capped": capped}


# -- distributions ---------------------------------------------------------------------------------------
def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile by linear interpolation between order statistics (numpy's default, Hyndman-Fan 7)."""
    if not sorted_values:
        raise ValueError("quantile of no values")
    h = (len(sorted_values) - 1) * q
    lo = math.floor(h)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (h - lo) * (sorted_values[hi] - sorted_values[lo])


def describe(values: Iterable[float]) -> dict[str, Any]:
    """count, mean, median, stdev (sample, n-1), min, max and the ``QUANTILES`` of some numbers."""
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise TcgError(f"values must be a list of numbers, not {shown(values)}")
    xs = sorted(check_number(v, "values[]") for v in values)
    n = len(xs)
    if not n:
        return {
            "count": 0,
            "mean": None,
            "median": None,
            "stdev": None,
            "min": None,
            "max": None,
            "quantiles": {q: None for q in QUANTILES},
        }
    return {
        "count": n,
        "mean": statistics.fmean(xs),
        "median": statistics.median(xs),
        "stdev": statistics.stdev(xs) if n > 1 else None,
        "min": xs[0],
        "max": xs[-1],
        "quantiles": {q: quantile(xs, q) for q in QUANTILES},
    }


def length_distribution(records: Any, key: str = "turns") -> dict[str, Any]:
    """The distribution of game length: ``key`` is "turns" or "decisions" (actions taken), or any
    numeric column. Capped games are left out. See :func:`describe` for the fields."""
    rows = _finished(records)
    check_text(key, "key", limit=200)
    if any(key not in r for r in rows):
        raise TcgError(f"key must be a column of every record ('turns' or 'decisions'), not {shown(key)}")
    return describe(r[key] for r in rows)


def branching(records: Any) -> dict[str, Any]:
    """Legal actions per decision: ``mean`` over all decisions pooled (sum of legal-list lengths /
    decisions), ``per_game_mean`` (the mean of each game's own mean) and the ``decisions`` counted."""
    rows = _finished(records)
    decisions = sum(r["decisions"] for r in rows)
    legal = sum(r["legal_actions"] for r in rows)
    per_game = [r["branching"] for r in rows if r["decisions"]]
    return {
        "mean": legal / decisions if decisions else None,
        "per_game_mean": statistics.fmean(per_game) if per_game else None,
        "decisions": decisions,
    }


def interaction(records: Any) -> dict[str, Any]:
    """The share of actions that moved or changed a card another player owns
    (``game.touches_opponent``): ``share`` pooled over all actions, ``per_game_mean``, and the counts."""
    rows = _finished(records)
    decisions = sum(r["decisions"] for r in rows)
    touching = sum(r["interactions"] for r in rows)
    per_game = [r["interaction"] for r in rows if r["decisions"]]
    return {
        "share": touching / decisions if decisions else None,
        "per_game_mean": statistics.fmean(per_game) if per_game else None,
        "interactions": touching,
        "decisions": decisions,
    }


def end_reasons(records: Any) -> dict[str, int]:
    """How many games each rule ended (rule ID -> count, most frequent first; "max_steps" for capped)."""
    return dict(Counter(r["end_reason"] for r in _rows(records)).most_common())


# -- the flow graphs -----------------------------------------------------------------------------------
def flow_metrics(game: Game | str) -> dict[str, dict[str, int]]:
    """Structural measures of each flow graph of a game (flow name -> metrics).

    ``nodes``, ``edges``; ``decision_nodes`` (kind "decision": a player acts there); ``cycles``:
    the number of elementary directed circuits (``networkx.simple_cycles``, self-loops included) —
    how many distinct ways the turn can come back on itself; ``cycle_basis``: the size of a cycle
    basis of the undirected graph (``networkx.cycle_basis``), i.e. independent loops ignoring
    direction (a pair of opposite edges counts once); ``self_loops``.
    """
    import networkx as nx

    from ..lookup import check_game

    if isinstance(game, str):
        game = check_game(game)
    elif not isinstance(getattr(game, "flows", None), Mapping):  # any object with flow graphs, e.g. a game's class
        raise TcgError(f"game must be a game or its name, not {shown(game)}")
    out: dict[str, dict[str, int]] = {}
    for name, flow in game.flows.items():
        g = flow.to_networkx()
        kinds = Counter(d.get("kind") for _, d in g.nodes(data=True))
        out[name] = {
            "nodes": g.number_of_nodes(),
            "edges": g.number_of_edges(),
            "decision_nodes": kinds.get("decision", 0),
            "cycles": sum(1 for _ in nx.simple_cycles(g)),
            "cycle_basis": len(nx.cycle_basis(nx.Graph(g))),
            "self_loops": nx.number_of_selfloops(g),
        }
    return out


# -- everything at once ---------------------------------------------------------------------------------
def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}"


def summary(records: Any, confidence: float = 0.95) -> dict[str, dict[str, Any]]:
    """The main statistics as a small table: row name -> {"value": ..., "text": ..., extras}.

    Rows: games, first_player_win_rate (with ``low``/``high``/``n``), wins_seat_K, draws, capped,
    turns_mean, turns_median, decisions_mean, decisions_median, branching, interaction and one
    ``end_reason RULE`` row per rule that ended games. ``format_table`` prints it;
    ``pandas.DataFrame.from_dict(table, orient="index")`` makes a frame of it.
    """
    rows = _rows(records)
    _z(confidence)
    table: dict[str, dict[str, Any]] = {"games": {"value": len(rows), "text": str(len(rows))}}
    fp = first_player_win_rate(rows, confidence)
    level = f"{100 * confidence:g}%"
    table["first_player_win_rate"] = {
        "value": fp["rate"],
        "low": fp["low"],
        "high": fp["high"],
        "n": fp["decisive"],
        "text": (
            f"{_pct(fp['rate'])} ({level} CI {_pct(fp['low'])}-{_pct(fp['high'])}; "
            f"{fp['wins']} of {fp['decisive']} decisive games)"
            if fp["decisive"]
            else "n/a (no decisive game)"
        ),
    }
    oc = outcomes(rows)
    n = len(rows) or 1
    for seat, wins in oc["wins_by_seat"].items():
        table[f"wins_seat_{seat}"] = {"value": wins, "share": wins / n, "text": f"{wins} ({_pct(wins / n)})"}
    extra = f"; nobody wins in {oc['nobody_wins']}" if oc["nobody_wins"] else ""
    table["draws"] = {
        "value": oc["draws"],
        "share": oc["draws"] / n,
        "text": f"{oc['draws']} ({_pct(oc['draws'] / n)}{extra})",
    }
    table["capped"] = {"value": oc["capped"], "text": f"{oc['capped']} (hit max_steps, left out below)"}
    for key in ("turns", "decisions"):
        d = length_distribution(rows, key)
        table[f"{key}_mean"] = {
            "value": d["mean"],
            "stdev": d["stdev"],
            "text": f"{_num(d['mean'])} (sd {_num(d['stdev'])}, min {d['min']}, max {d['max']})",
        }
        table[f"{key}_median"] = {"value": d["median"], "text": _num(d["median"])}
    # pooled over every decision; compare() tests the mean of each game's own figure (its unit is a game, so
    # that two option sets' games pair up by seed): long games weigh more here, so the two differ a little
    b = branching(rows)
    table["branching"] = {
        "value": b["mean"],
        "per_game": b["per_game_mean"],
        "text": f"{_num(b['mean'])} legal actions per decision, all decisions pooled "
        f"(per game: {_num(b['per_game_mean'])}, the figure compare() tests)",
    }
    i = interaction(rows)
    table["interaction"] = {
        "value": i["share"],
        "per_game": i["per_game_mean"],
        "text": f"{_pct(i['share'])} of actions touch an opponent's cards, all actions pooled "
        f"(per game: {_pct(i['per_game_mean'])}, the figure compare() tests)",
    }
    for reason, count in end_reasons(rows).items():
        table[f"end_reason {reason}"] = {"value": count, "share": count / n, "text": f"{count} ({_pct(count / n)})"}
    return table


def format_table(table: Mapping[str, Mapping[str, Any]]) -> str:
    """A summary (or any dict of rows with a "text" or "value") as aligned plain text."""
    if not isinstance(table, Mapping) or not all(
        isinstance(k, str) and isinstance(r, Mapping) for k, r in table.items()
    ):
        raise TcgError(
            f"table must be a dict of rows (summary()), each a dict with a 'text' or 'value', not {shown(table)}"
        )
    width = max((len(k) for k in table), default=0)
    return "\n".join(f"{k:<{width}}  {row.get('text', row.get('value'))}" for k, row in table.items())
