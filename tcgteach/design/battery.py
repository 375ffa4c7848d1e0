"""``run``: the whole battery of design measures for one variant of a game; ``Battery``: what it measured.

A variant is a game with its options, its card pool, the decks and the players at the table; ``run`` plays
``n`` seeded games of it (``tcgteach.sim.simulate`` with ``trace=True``, so on any executor: one process, a
pool, a Dask cluster, with the same records) and measures them (``design.measures``). DARK MOON at 3 to 6
players also gets the kingmaking rate (``design.kingmaking``) over the first ``kingmaking`` games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.checks import check_int
from ..core.errors import TcgError
from ..sim.runner import resolve_game, simulate
from .measures import Estimate, balance, curves, estimates, per_game, rule_counts

#: the most games ``kingmaking`` may ask to examine
MAX_KINGMAKING = 1_000_000
#: games examined for kingmaking by default (each costs a few games' worth of playouts, see design.kingmaking)
KINGMAKING_GAMES = 300


@dataclass
class Battery:
    """The measures of one variant: ``estimates`` (measure -> Estimate), ``balance``, ``curves`` (resource ->
    rows per turn start and role), ``rules`` (rule ID -> how often it acted), ``kingmaking`` (an Estimate, or
    None below 3 players), and what was played (``game``, ``options``, ``agents``, ``players``, ``seeds``)."""

    game: str
    label: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    players: int
    seeds: tuple[int, ...]
    values: dict[str, dict[int, float | None]]
    estimates: dict[str, Estimate]
    balance: Estimate
    curves: dict[str, list[dict[str, Any]]]
    rules: dict[str, dict[str, float]]
    kingmaking: Estimate | None = None
    seconds: float = 0.0
    capped: int = 0
    cards: str | None = None
    titles: dict[str, str] = field(default_factory=dict)
    #: the decks given to ``run`` (None: the starter decks in turn) and the game played, for ``replay``
    decks: tuple[Any, ...] | None = None
    variant: Any = field(default=None, repr=False, compare=False)

    @property
    def n(self) -> int:
        """The number of games played (one per seed)."""
        return len(self.seeds)

    def title(self, lang: str = "en") -> str:
        """What was played, in ``lang`` (the ``label`` given to ``run``, when one was)."""
        from ..core.checks import check_lang

        return self.titles.get(check_lang(lang), self.label)

    def __getitem__(self, measure: str) -> Estimate:
        if measure == "balance":
            return self.balance
        if measure == "kingmaking":
            if self.kingmaking is None:
                raise TcgError("kingmaking is measured only for a game of 3 or more players")
            return self.kingmaking
        if measure not in self.estimates:
            raise TcgError(f"no measure {measure!r}; the measures are: {', '.join(self.names())}")
        return self.estimates[measure]

    def names(self) -> list[str]:
        """The measures of this battery in the order tables show them."""
        from .measures import ORDER

        rest = sorted(k for k in self.estimates if k not in ORDER)
        out = [k for k in ORDER if k in self.estimates] + ["balance"] + rest
        return out + (["kingmaking"] if self.kingmaking is not None else [])

    def replay(self, seed: int, observe: Callable[[Any, int, int, list[Any]], None] | None = None) -> Any:
        """The game of ``seed`` played again exactly as ``run`` played it (the same variant, decks turned with
        the seed, agents and agent seeds, the simulator's loop): its final state, with its events and history.
        ``observe(state, actor, legal, events)`` is told of every action (``Session.play_out``'s hook), so a
        lesson can watch what the measures do not keep (a reveal, the size of a party)."""
        from ..core.checks import shown

        if seed not in self.seeds:
            raise TcgError(f"seed {shown(seed)} is not one of this battery's games (seeds {self.seeds[0]}..)")
        if self.variant is None:
            raise TcgError("this battery was not made by design.run or design.measure: there is no game to replay")
        return replay_game(self.variant, seed, agents=self.agents, players=self.players, decks=self.decks,
                           observe=observe)  # fmt: skip

    def deck_win_rates(self) -> list[Estimate]:
        """Each deck's win rate, in the order of the ``decks`` given to ``run`` (the starter decks in turn when
        none were): the games it sat in, whatever the seat (``seat_decks`` turns them with the seed), with a 95%
        Wilson interval; a capped game counts in none. A designer's question of one card file: is this deck
        stronger than that one?"""
        from .measures import mean_estimate

        names = None if self.decks is not None else self._starter_names()
        base = len(self.decks) if self.decks is not None else len(names or ())
        wins: list[list[float | None]] = [[] for _ in range(base)]
        for seed in self.seeds:
            turn = seed % base
            for seat in range(self.players):
                value = self.values.get(f"win_seat_{seat}", {}).get(seed)
                if value is not None:
                    wins[(seat + turn) % base].append(value)
        return [mean_estimate(w, binary=True) for w in wins]

    def _starter_names(self) -> list[str]:
        if self.variant is None:
            raise TcgError("this battery was not made by design.run or design.measure: its decks are not known")
        names = self.variant.starter_decks()
        return [names[p % len(names)] for p in range(self.players)]

    def to_dict(self) -> dict[str, Any]:
        """The battery as plain data (the report's JSON; the per-game values are left out)."""
        return {
            "game": self.game,
            "label": self.label,
            "options": self.options,
            "agents": list(self.agents),
            "players": self.players,
            "games": self.n,
            "capped": self.capped,
            "cards": self.cards,
            "seconds": self.seconds,
            "measures": {k: self[k].to_dict() for k in self.names()},
            "curves": self.curves,
            "rules": self.rules,
        }

    def table(self, lang: str = "en") -> str:
        """The measures as aligned text in ``lang``."""
        from .texts import battery_table

        return battery_table(self, lang)

    def __repr__(self) -> str:
        return f"<Battery {self.label}: {self.n} games>\n{self.table()}"

    def _repr_html_(self) -> str:
        from .report import inline

        return inline(self, "en")


def _readings(game: Any, options: Mapping[str, Any], lang: str) -> str:
    """The options that differ, in ``lang``: ``name=value`` in English (what a user types), and in Japanese the
    rule and the value's words where the option has them (``DQ-1.2：デッキが空になった時点で負け``)."""
    from ..i18n import pick

    if lang == "en":
        return " ".join(f"{k}={v}" for k, v in sorted(options.items()))
    parts = []
    for k, v in sorted(options.items()):
        spec = game.options.specs.get(k)
        words = spec.values.get(v) if spec is not None else None
        parts.append(f"{spec.rule}：{pick(words, lang)}" if spec is not None and words else f"{k}={v}")
    return "、".join(parts)


def _labels(game: Any, players: int, agents: Sequence[str], decks: Any = None) -> dict[str, str]:
    """What was played, in each language: the game, its readings (those not the engine's), the players, who
    played, the decks and the card pool."""
    from ..i18n import pick
    from ..sim.runner import AGENT_JA

    sim = getattr(type(game), "sim_defaults", {})  # the simulation's own caps (DM-1.4, DQ-1.4) are not a variant
    shown_opts = {k: v for k, v in game.options.non_default().items() if sim.get(k, object()) != v}
    out = {}
    for lang in ("en", "ja"):
        opts = _readings(game, shown_opts, lang)
        names = [AGENT_JA.get(a, a) if lang == "ja" else a for a in agents]
        who = ",".join(names) if len(set(names)) > 1 else names[0]
        title = pick(game.title, lang, game.name) if game.title else game.name
        parts = [title, opts or ("default rules" if lang == "en" else "標準ルール")]
        parts.append(f"{players} players" if lang == "en" else f"{players}人")
        parts.append(who)
        if decks is not None:
            parts.append("own decks" if lang == "en" else "指定デッキ")
        if game.user_pool is not None:
            parts.append(
                f"cards {game.user_pool.digest[:15]}" if lang == "en" else f"カード {game.user_pool.digest[:15]}"
            )
        out[lang] = ", ".join(parts) if lang == "en" else "、".join(parts)
    return out


def seat_decks(game: Any, players: int, decks: Sequence[Any] | None, seed: int) -> list[Any]:
    """The decks of the game of ``seed``, seat by seat: the given ones (or the starter decks in turn) turned by
    ``seed % players``, so that over the seeds every seat plays every deck equally often and a seat's win rate
    says what the seat is worth, not what its deck is (DM-1.1 tables of 3 to 6 players differ by deck)."""
    names = game.starter_decks()
    if decks is None and not names:
        raise TcgError(
            f"[{game.size_rule}] no starter deck is legal with the card pool {game.user_pool}: give decks "
            "(build one with tcgteach.deckbuild or the DeckBuilder and save it)"
        )
    base = list(decks) if decks is not None else [names[p % len(names)] for p in range(players)]
    turn = seed % len(base)
    return base[turn:] + base[:turn]


def replay_game(
    game: Any,
    seed: int,
    *,
    agents: Sequence[str],
    players: int,
    decks: Sequence[Any] | None = None,
    observe: Callable[[Any, int, int, list[Any]], None] | None = None,
) -> Any:
    """The final state of the game of ``seed`` as ``play`` plays it: the decks of ``seat_decks``, each seat's agent
    seeded with ``agent_seed(seed, seat)``, the simulator's loop (``sim.runner.play_game``) with its step cap."""
    from ..session import Session
    from ..sim.runner import _FORCED_MOVES_FREE, _make_agent, agent_seed

    state = game.new_state(seed=seed, decks=seat_decks(game, players, decks, seed), players=players)
    try:
        seated = [_make_agent(spec, agent_seed(seed, seat)) for seat, spec in enumerate(agents)]
    except (TcgError, ValueError) as exc:
        raise TcgError(f"replay needs agents known by name (make_agent), not {list(agents)}: {exc}") from None
    Session(state, seated).play_out(answers_forced=_FORCED_MOVES_FREE, touches=game._touches, observe=observe)
    return state


def play(
    game: Any,
    seeds: Sequence[int],
    *,
    agents: Sequence[Any] | str = "heuristic",
    players: int | None = None,
    decks: Sequence[Any] | None = None,
    executor: Any = None,
    jobs: int | None = None,
    progress: bool | None = None,
    lang: str = "en",
) -> list[dict[str, Any]]:
    """The traced records of the games of ``seeds`` (in their order), the decks turned seat by seat with the
    seed (``seat_decks``): one ``simulate`` per turn of the decks (one in all when every seat has the same)."""
    seats = players or (len(decks) if decks is not None else game.min_players)
    groups: dict[int, list[int]] = {}
    for seed in seeds:
        groups.setdefault(seed % seats, []).append(seed)
    if decks is None and len(set(seat_decks(game, seats, None, 0))) == 1:
        groups = {0: list(seeds)}  # every seat plays the same deck: nothing to turn
    records: list[dict[str, Any]] = []
    for turn, part in sorted(groups.items()):
        records += simulate(
            game, seeds=part, agents=agents, executor=executor, jobs=jobs, progress=progress,
            decks=seat_decks(game, seats, decks, turn), players=seats, lang=lang, trace=True,
        )  # fmt: skip
    order = {seed: i for i, seed in enumerate(seeds)}
    return sorted(records, key=lambda r: order[r["seed"]])


def run(
    game: Any,
    n: int = 1000,
    *,
    options: Mapping[str, Any] | None = None,
    agents: Sequence[Any] | str = "heuristic",
    players: int | None = None,
    decks: Sequence[Any] | None = None,
    seed_start: int = 0,
    executor: Any = None,
    jobs: int | None = None,
    progress: bool | None = None,
    kingmaking: int | None = None,
    label: str | None = None,
    lang: str = "en",
) -> Battery:
    """Play ``n`` seeded games of a variant and measure them (``Battery``).

    ``game`` a name or a ``Game`` (with its options and card pool); ``options`` go on top. ``agents`` one per
    seat or one name for all (default the heuristic player: a plausible human, fast); ``players`` for DARK
    MOON 2-6; ``decks`` one per seat (default the starter decks in turn), turned with the seed so that every
    seat plays every deck (``seat_decks``). ``executor``/``jobs``/``progress``/``lang`` as in ``simulate``.
    ``kingmaking``: how many of the games to examine for kingmaking at 3+ players (default 300; 0: none).
    """
    from ..core.checks import check_lang
    from .args import games_arg, run_args, seed_start_arg, table_arg, text_arg

    g = resolve_game(game, options)
    games_arg(n)
    g, _specs, _seats = table_arg(g, agents, players, decks)
    run_args(executor, jobs, progress)
    check_lang(lang)
    if kingmaking is not None:
        check_int(kingmaking, "kingmaking", 0, MAX_KINGMAKING)
    label = text_arg(label, "label")
    start = time.perf_counter()
    seeds = list(range(seed_start_arg(seed_start), seed_start + n))
    records = play(g, seeds, agents=agents, players=players, decks=decks, executor=executor, jobs=jobs,
                   progress=progress, lang=lang)  # fmt: skip
    return measure(g, records, agents=agents, decks=decks, kingmaking=kingmaking, label=label, started=start,
                   executor=executor, jobs=jobs)  # fmt: skip


def measure(
    game: Any,
    records: Sequence[Mapping[str, Any]],
    *,
    agents: Sequence[Any] | str = "heuristic",
    decks: Sequence[Any] | None = None,
    kingmaking: int | None = None,
    label: str | None = None,
    started: float | None = None,
    executor: Any = None,
    jobs: int | None = None,
) -> Battery:
    """The battery of traced records already played (``simulate(..., trace=True)``) of ``game``."""
    from ..sim.stats import _rows
    from .args import run_args, started_arg, table_arg, text_arg

    g = resolve_game(game)
    records = _rows(records)
    if not records:
        raise TcgError("records: no game to measure")
    for i, r in enumerate(records):
        if not isinstance(r.get("trace"), Mapping) or r.get("game") != g.name:
            raise TcgError(
                f"records[{i}] is not a traced record of {g.name}: measure the records of "
                "simulate(..., trace=True) of the same game"
            )
    table_arg(g, agents, records[0]["players"], decks)
    run_args(executor, jobs, None)
    if kingmaking is not None:
        check_int(kingmaking, "kingmaking", 0, MAX_KINGMAKING)
    label = text_arg(label, "label")
    started = started_arg(started)
    start = time.perf_counter() if started is None else started
    players = records[0]["players"]
    agent_names = tuple(str(a) for a in str(records[0]["agents"]).split(","))
    values = per_game(records)
    titles = _labels(g, players, agent_names, decks)
    km = None
    if players >= 3:
        from .kingmaking import kingmaking_rate

        count = KINGMAKING_GAMES if kingmaking is None else kingmaking
        if count:
            seeds = [r["seed"] for r in records if not r["capped"]][:count]
            km = kingmaking_rate(g, seeds, agents=agents, players=players, decks=decks, executor=executor, jobs=jobs)
    return Battery(
        game=g.name,
        label=label or titles["en"],
        titles={"en": label, "ja": label} if label else titles,
        options=dict(g.options),
        agents=agent_names,
        players=players,
        seeds=tuple(r["seed"] for r in records),
        values=values,
        estimates=estimates(values),
        balance=balance(records),
        curves=curves(records),
        rules=rule_counts(records),
        kingmaking=km,
        seconds=time.perf_counter() - start,
        capped=sum(1 for r in records if r["capped"]),
        cards=None if g.user_pool is None else g.user_pool.digest,
        decks=None if decks is None else tuple(decks),
        variant=g,
    )
