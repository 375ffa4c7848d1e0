"""Causes measured on paired seeds: what each rule reading does to every measure, and what each card is worth.

**Options.** Every option of a game that is a reading of a rule (``OptionSpec`` of kind "choice") is set to
each of its other values in turn, and the battery is played on the same seeds as with the reading chosen
now: ``option_effects`` gives one ``DesignComparison`` per reading, a table of every measure's difference.

**Cards.** ``card_impact`` takes a deck and swaps every copy of one card for a *plain stand-in* (the game's
``DesignFacts.stand_in``: the same kind, cost and body without its text) and plays the same deals
(each stand-in takes the place of the card it replaces, so the shuffle puts it where the card was) against
the same opponent. The impact of a card is the deck's score with it minus the score with the stand-in,
game by game, with a t interval. Unlike a "drawn against not drawn" win rate (17lands' GIH WR, which is
confounded by the length of the game: a long game draws more cards), the deals here are identical, so the
difference is the card's text and nothing else.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import TcgError
from ..sim.runner import resolve_game, simulate
from ..sim.variants import t_quantile
from .battery import Battery, run
from .compare import DesignComparison, compare
from .measures import Estimate, mean_estimate


# -- options --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OptionEffects:
    """``base`` (the battery with the options as given) and one comparison per other reading: (option, value)
    -> the ``DesignComparison`` of base (A) against that reading (B)."""

    base: Battery
    effects: dict[tuple[str, Any], DesignComparison]

    def readings(self) -> list[tuple[str, Any]]:
        """The (option, value) pairs that were tried, each against the base game."""
        return list(self.effects)

    def table(self, lang: str = "en") -> str:
        """What each rule reading does, as a plain-text table in ``lang``."""
        from .causetexts import options_table

        return options_table(self, lang)

    def html(self, lang: str = "en") -> str:
        """What each rule reading does, as an HTML section of the design report."""
        from .causetexts import options_html

        return options_html(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The effects as JSON-safe data: the base's label and each reading's comparison with it."""
        return {
            "base": self.base.label,
            "effects": [{"option": k, "value": v, **c.to_dict()} for (k, v), c in self.effects.items()],
        }

    def __repr__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        from .report import inline

        return inline(self, "en")


def readings(game: Any) -> list[tuple[str, Any]]:
    """Every (option, value) of ``game``'s rule readings that differs from its value now."""
    out: list[tuple[str, Any]] = []
    for spec in type(game).OPTION_SPECS:
        if spec.kind != "choice":
            continue  # the caps of a simulation (turn_limit, repeat_limit) are not readings of a rule
        out.extend((spec.name, v) for v in spec.choices if v != game.options[spec.name])
    return out


def option_effects(
    game: Any, n: int = 2000, *, options: Mapping[str, Any] | None = None, **battery: Any
) -> OptionEffects:
    """The battery of ``game`` (with ``options``) and of every other reading, each on the same ``n`` seeds.

    ``battery`` goes to ``design.run`` (agents, players, decks, executor, jobs, progress, kingmaking ...)."""
    from .args import games_arg

    g = resolve_game(game, options)
    games_arg(n)
    base = run(g, n, **battery)
    effects = {}
    for name, value in readings(g):
        other = run(g.with_options({**dict(g.options), name: value}), n, **battery)
        effects[(name, value)] = compare(base, other)
    return OptionEffects(base, effects)


# -- cards ---------------------------------------------------------------------------------------------------
def pool_data(game: Any) -> dict[str, Any]:
    """The card file of ``game``'s pool as data (the user's pool, or the package's ``data/cards.json``)."""
    if game.user_pool is not None:
        copied: dict[str, Any] = json.loads(json.dumps(game.user_pool.data))
        return copied
    import importlib

    package = type(game).__module__.rpartition(".")[0]
    root = Path(importlib.import_module(package).__file__ or ".").parent
    with open(root / "data" / "cards.json", encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def stand_in_id(card_id: str) -> str:
    """The stand-in's ID: the card's own with ``-p`` (at most 16 characters, the card files' limit)."""
    return card_id[:14] + "-p"


@dataclass(frozen=True)
class CardImpact:
    """The deck's score (win 1, draw 1/2) with each card and with its stand-in on the same deals: card ID ->
    (copies in the deck, the impact Estimate: score with the card minus score with the stand-in); ``plain``: the
    cards without text (their own stand-in), ``no_stand_in``: the cards that are nothing but their text."""

    game: str
    deck: str
    opponent: str
    games: int
    base: Estimate
    impact: dict[str, tuple[int, Estimate]]
    names: dict[str, Mapping[str, str]]
    plain: tuple[str, ...]
    no_stand_in: tuple[str, ...]
    seconds: float

    def ranked(self) -> list[str]:
        """The card IDs, the most valuable first (the impact's mean)."""
        return sorted(self.impact, key=lambda c: -(self.impact[c][1].value or 0.0))

    def table(self, lang: str = "en") -> str:
        """Each card's impact on the win rate (against its plain stand-in), as a plain-text table in ``lang``."""
        from .causetexts import cards_table

        return cards_table(self, lang)

    def html(self, lang: str = "en") -> str:
        """Each card's impact, as an HTML section of the design report with an interval chart."""
        from .causetexts import cards_html

        return cards_html(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The card impacts as JSON-safe data (game, decks, games, the base win rate and each card's estimate)."""
        return {
            "game": self.game, "deck": self.deck, "opponent": self.opponent, "games": self.games,
            "base": self.base.to_dict(), "plain": list(self.plain), "no_stand_in": list(self.no_stand_in),
            "impact": {c: {"copies": k, **e.to_dict()} for c, (k, e) in self.impact.items()},
        }  # fmt: skip

    def __repr__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        from .report import inline

        return inline(self, "en")


def _scores(
    game: Any, deck: Sequence[str], opponent: Sequence[str], seeds: Sequence[int], run_args: Mapping[str, Any]
) -> dict[int, float]:
    """The deck's score per seed, P1 on the even seeds and P2 on the odd ones (the same opponent)."""
    even = [s for s in seeds if s % 2 == 0]
    odd = [s for s in seeds if s % 2 == 1]
    out: dict[int, float] = {}
    for part, decks, seat in ((even, [deck, opponent], 0), (odd, [opponent, deck], 1)):
        if not part:
            continue
        for r in simulate(game, seeds=part, decks=[list(d) for d in decks], **run_args):
            if r["capped"]:
                continue
            winners = [int(w) for w in str(r["winners"]).split(",") if w != ""]
            out[r["seed"]] = 1.0 if winners == [seat] else 0.5 if seat in winners else 0.0
    return out


def _paired(diffs: Sequence[float]) -> Estimate:
    if not diffs:
        return Estimate(None, None, None, 0)
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return Estimate(mean, None, None, 1)
    half = t_quantile(0.975, float(len(diffs) - 1)) * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return Estimate(mean, mean - half, mean + half, len(diffs))


def card_impact(
    game: Any,
    deck: Any = None,
    opponent: Any = None,
    n: int = 500,
    *,
    options: Mapping[str, Any] | None = None,
    agents: Any = "heuristic",
    seed_start: int = 0,
    cards: Sequence[str] | None = None,
    executor: Any = None,
    jobs: int | None = None,
    progress: bool | None = False,
) -> CardImpact:
    """Each card of ``deck`` (a starter deck's name, a Deck, {id: count} or a list; default the first starter
    deck) against its plain stand-in, on ``n`` deals against ``opponent`` (default the same deck); ``cards``
    limits it to those card IDs."""
    from .args import card_ids_arg, games_arg, run_args, seed_start_arg, table_arg

    g = resolve_game(game, options)
    facts = g.design_facts()
    if facts.stand_in is None:
        raise TcgError(f"{g.name} has no plain stand-in for its cards (its DesignFacts.stand_in is None)")
    games_arg(n, "n", 2)
    table_arg(g, agents, 2, None)
    run_args(executor, jobs, progress)
    seed_start_arg(seed_start)
    cards = card_ids_arg(cards)
    starters = g.starter_decks()
    deck_name = deck if isinstance(deck, str) else "deck"
    mine = g.check_deck(starters[0] if deck is None else deck, "deck")
    theirs = g.check_deck(mine if opponent is None else opponent, "opponent")
    opp_name = opponent if isinstance(opponent, str) else (deck_name if opponent is None else "opponent")
    if deck is None:
        deck_name = opp_name = starters[0]
    start = time.perf_counter()
    seeds = list(range(seed_start, seed_start + n))
    play_args = {"agents": agents, "executor": executor, "jobs": jobs, "progress": progress}
    base = _scores(g, mine, theirs, seeds, play_args)
    data = pool_data(g)
    by_id = {c["id"]: c for c in data["cards"]}
    chosen = list(dict.fromkeys(mine)) if cards is None else [c for c in dict.fromkeys(cards)]
    unknown = [c for c in chosen if c not in set(mine)]
    if unknown:
        raise TcgError(f"cards: {', '.join(unknown)} is not in the deck")
    impact: dict[str, tuple[int, Estimate]] = {}
    plain: list[str] = []
    no_stand_in: list[str] = []
    for cid in chosen:
        card = by_id[cid]
        stand = facts.stand_in(card)
        if stand is None:
            no_stand_in.append(cid)  # nothing but its text (a DQ quest): no plain card can take its place
            continue
        if {k: v for k, v in stand.items() if k != "text"} == {k: v for k, v in card.items() if k != "text"}:
            plain.append(cid)  # a card without text is its own stand-in: nothing to measure
            continue
        stand["id"] = stand_in_id(cid)
        stand["name"] = {"en": f"{card['name']['en']} (plain)", "ja": f"{card['name']['ja']}（効果なし）"}
        swapped_pool = {**data, "cards": [*data["cards"], stand]}
        swapped_game = type(g)(dict(g.options), cards=swapped_pool)
        swapped = [stand["id"] if c == cid else c for c in mine]
        scores = _scores(swapped_game, swapped, theirs, seeds, play_args)
        diffs = [base[s] - scores[s] for s in seeds if s in base and s in scores]
        impact[cid] = (sum(1 for c in mine if c == cid), _paired(diffs))
    base_est = mean_estimate(base.values(), share=True)  # a score rate: its interval stays within [0, 1]
    names = {cid: by_id[cid]["name"] for cid in chosen}
    return CardImpact(g.name, str(deck_name), str(opp_name), n, base_est, impact, names, tuple(plain),
                      tuple(no_stand_in), time.perf_counter() - start)  # fmt: skip
