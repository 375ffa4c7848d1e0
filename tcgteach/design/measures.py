"""The standard measures of a game design, one per-game value each, from traced records (``simulate(trace=True)``).

Ludii evaluates every state before every move with a static heuristic; here the chances are read at every
turn start (a turn of these games holds many small decisions, and a turn is what a player counts), so the
lead changes, drama and decisiveness are per turn, not per move. The rates of a measure that needs a single
winner (drama, decisiveness) leave out the games without one, as Ludii's do.

Every measure here is a number per game (``per_game(records)``): its mean over the games is the measure and
its interval is a 95% interval of that mean (a Wilson interval for a yes/no measure, a t interval otherwise).
Because each value belongs to a seed, two variants played on the same seeds pair up game by game
(``design.compare``). The definitions follow the Ludii system's metrics where Ludii has one
(Browne, Stephenson et al., ``Evaluation/src/metrics`` of Ludeme/Ludii); the estimate of who is ahead is the
game's own ``position_value`` (the coach's quick evaluation), read at the start of every turn.

======================  ==============================================================================
first_player            1 if the player who began won alone, 0 if another player did (draws left out)
                        [Ludii AdvantageP1]
draw                    1 if no single player won (a shared win, nobody wins, a turn-limit draw)
                        [Ludii Drawishness]
turns, decisions        the game's length in turns and in decisions [Ludii DurationTurns, DurationMoves]
choice_share            decisions with more than one legal action / decisions [Ludii DecisionMoves]
branching               legal actions per decision [Ludii BranchingFactor]
interaction             actions that moved or changed another player's card / actions
lead_changes            times the leader (highest estimated chance) changed between two turn starts /
                        (turn starts - 1) [Ludii LeadChange]
drama                   mean over turn starts of how far the eventual winner was behind the leader
                        (max chance - winner's chance; 0 when the winner led) [Ludii Drama]
decisiveness_threshold  the highest chance any eventual loser ever had [Ludii DecisivenessThreshold]
decisiveness_moves      the share of turn starts before the winner's chance first rose above that
                        threshold: how far into the game it was decided (1: only at the end)
                        [Ludii DecisivenessMoves]
win_seat_K              1 if seat K won alone (balance per seat)
end_KIND                1 if the game ended that way (``DesignFacts.end_kind``)
======================  ==============================================================================

``balance`` is the Ludii Balance of the seats' win rates, 1 - (highest - lowest), with a bootstrap interval.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import TcgError
from ..sim.stats import wilson_interval

#: the measures that are yes/no per game (a Wilson interval; the others get a t interval)
BINARY = frozenset({"first_player", "draw"})
#: the measures that are shares in [0, 1] (their t interval is clipped to it)
SHARES = frozenset(
    {"choice_share", "interaction", "lead_changes", "drama", "decisiveness_threshold", "decisiveness_moves"}
)
#: the measures of the course of a game, which need a single winner (lead changes need none)
NEEDS_WINNER = frozenset({"drama", "decisiveness_threshold", "decisiveness_moves"})
#: the per-game measures in the order tables list them
ORDER = (
    "first_player", "draw", "turns", "decisions", "choice_share", "branching", "interaction", "lead_changes",
    "drama", "decisiveness_threshold", "decisiveness_moves",
)  # fmt: skip
#: bootstrap resamples of the balance interval, and their seed (the interval is the same on every run)
BOOTSTRAP = 400
BOOTSTRAP_SEED = 20261204


@dataclass(frozen=True)
class Estimate:
    """A measure over a set of games: its ``value`` (a mean), a 95% interval ``low``-``high`` and ``n``, the
    games it was computed over (None values when no game had it)."""

    value: float | None
    low: float | None
    high: float | None
    n: int

    def to_dict(self) -> dict[str, Any]:
        """The estimate as JSON-safe data: value, the 95% interval's low and high, and the number of games."""
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def t_quantile_975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (``sim.variants.t_quantile``)."""
    from ..sim.variants import t_quantile

    return t_quantile(0.975, float(df)) if df > 0 else math.inf


def mean_estimate(values: Iterable[float | None], binary: bool = False, share: bool = False) -> Estimate:
    """The mean of the values that are not None, with a 95% interval (Wilson for 0/1 values, t otherwise;
    ``share``: the t interval clipped to [0, 1])."""
    xs = [float(v) for v in values if v is not None]
    n = len(xs)
    if not n:
        return Estimate(None, None, None, 0)
    mean = statistics.fmean(xs)
    if binary:
        low, high = wilson_interval(round(sum(xs)), n) or (None, None)
        return Estimate(mean, low, high, n)
    if n == 1:
        return Estimate(mean, None, None, 1)
    half = t_quantile_975(n - 1) * statistics.stdev(xs) / math.sqrt(n)
    if share:
        return Estimate(mean, max(0.0, mean - half), min(1.0, mean + half), n)
    return Estimate(mean, mean - half, mean + half, n)


# -- one game ----------------------------------------------------------------------------------------------
def _trace(record: Mapping[str, Any], i: int) -> Mapping[str, Any]:
    trace = record.get("trace")
    if not isinstance(trace, Mapping):
        raise TcgError(
            f"records[{i}] has no trace: the design measures need simulate(..., trace=True) "
            "(or tcgteach.design.run, which asks for it)"
        )
    return trace


def _leader(values: Sequence[float]) -> int:
    best = max(values)
    return values.index(best)


def course(values: Sequence[Sequence[float]], winner: int | None) -> dict[str, float | None]:
    """The lead changes, drama and decisiveness of one game from its chances per turn start."""
    out: dict[str, float | None] = {k: None for k in ("lead_changes", *NEEDS_WINNER)}
    if len(values) >= 2:
        leaders = [_leader(v) for v in values]
        changes = sum(1 for a, b in zip(leaders, leaders[1:], strict=False) if a != b)
        out["lead_changes"] = changes / (len(values) - 1)
    if winner is None or not values:
        return out
    out["drama"] = statistics.fmean(max(v) - v[winner] for v in values)
    losers = [max(v[q] for q in range(len(v)) if q != winner) for v in values]
    threshold = max(losers)
    out["decisiveness_threshold"] = threshold
    first = next((t for t, v in enumerate(values) if v[winner] > threshold), len(values))
    out["decisiveness_moves"] = first / len(values)
    return out


def game_values(record: Mapping[str, Any], i: int = 0) -> dict[str, float | None]:
    """Every per-game measure of one traced record (None where it is not defined: a capped game, no winner)."""
    trace = _trace(record, i)
    if record["capped"]:
        return {}
    winner = record["winner"]
    first = record["first_player"]
    decisions = record["decisions"] or 0
    out: dict[str, float | None] = {
        "first_player": None if winner is None or first is None else float(winner == first),
        "draw": float(winner is None),
        "turns": record["turns"],
        "decisions": decisions,
        "choice_share": trace["choices"] / decisions if decisions else None,
        "branching": record["branching"] if decisions else None,
        "interaction": record["interaction"] if decisions else None,
    }
    out.update(course(trace["values"], winner))
    for seat in range(record["players"]):
        out[f"win_seat_{seat}"] = float(winner == seat)
    out[f"end_{trace['end_kind']}"] = 1.0
    return out


def per_game(records: Sequence[Mapping[str, Any]]) -> dict[str, dict[int, float | None]]:
    """Measure name -> {seed: value} over the records (a game without an end kind of that name counts 0)."""
    table: dict[str, dict[int, float | None]] = {}
    rows = [(r["seed"], game_values(r, i)) for i, r in enumerate(records)]
    names = {k for _, vals in rows for k in vals}
    for name in sorted(names):
        default = 0.0 if name.startswith("end_") else None
        table[name] = {seed: vals.get(name, default if vals else None) for seed, vals in rows}
    return table


def balance(records: Sequence[Mapping[str, Any]]) -> Estimate:
    """Ludii's Balance: 1 - (the highest seat's win rate - the lowest's), with a bootstrap 95% interval (the
    games resampled ``BOOTSTRAP`` times, a fixed seed: the same interval on every run)."""
    rows = [r for r in records if not r["capped"]]
    if not rows:
        return Estimate(None, None, None, 0)
    seats = max(r["players"] for r in rows)
    outcomes = [seats if r["winner"] is None else r["winner"] for r in rows]  # the seat that won, or "none"

    def value(sample: Sequence[int]) -> float:
        wins = [0] * (seats + 1)
        for seat in sample:
            wins[seat] += 1
        rates = [w / len(sample) for w in wins[:seats]]
        return 1.0 - (max(rates) - min(rates))

    rng = random.Random(BOOTSTRAP_SEED)
    n = len(outcomes)
    boot = sorted(value(rng.choices(outcomes, k=n)) for _ in range(BOOTSTRAP))
    return Estimate(value(outcomes), boot[int(0.025 * BOOTSTRAP)], boot[int(0.975 * BOOTSTRAP) - 1], n)


def estimates(table: Mapping[str, Mapping[int, float | None]]) -> dict[str, Estimate]:
    """Each measure's mean and interval over its games."""
    return {
        name: mean_estimate(
            vals.values(), binary=name in BINARY or name.startswith(("win_seat_", "end_")), share=name in SHARES
        )
        for name, vals in table.items()
    }


# -- the curves -------------------------------------------------------------------------------------------
def curves(
    records: Sequence[Mapping[str, Any]], band: tuple[float, float] = (0.1, 0.9)
) -> dict[str, list[dict[str, Any]]]:
    """Resource name -> one row per turn start and role ("winner": the eventual single winner, "others":
    every other player): the mean, the ``band`` quantiles and the number of values; the games still running."""
    from ..sim.stats import quantile

    acc: dict[tuple[str, int, str], list[float]] = {}
    for i, r in enumerate(records):
        if r["capped"]:
            continue
        trace = _trace(r, i)
        winner = r["winner"]
        for name, per_turn in trace["resources"].items():
            for t, vals in enumerate(per_turn):
                for seat, v in enumerate(vals):
                    role = "winner" if seat == winner else "others"
                    acc.setdefault((name, t + 1, role), []).append(v)
    out: dict[str, list[dict[str, Any]]] = {}
    for (name, turn, role), vals in sorted(acc.items()):
        vals.sort()
        out.setdefault(name, []).append(
            {
                "turn": turn,
                "role": role,
                "mean": statistics.fmean(vals),
                "low": quantile(vals, band[0]),
                "high": quantile(vals, band[1]),
                "n": len(vals),
            }
        )
    return out


# -- the rules that act ---------------------------------------------------------------------------------
def rule_counts(records: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Rule ID -> {"games": games in which it acted, "share": their share, "per_game": events per game}."""
    games: dict[str, int] = {}
    events: dict[str, int] = {}
    n = 0
    for i, r in enumerate(records):
        n += 1
        for rule, count in _trace(r, i)["rules"].items():
            games[rule] = games.get(rule, 0) + 1
            events[rule] = events.get(rule, 0) + count
    return {
        rule: {"games": games[rule], "share": games[rule] / n, "per_game": events[rule] / n} for rule in sorted(games)
    }
