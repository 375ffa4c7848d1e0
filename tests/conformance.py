"""A game-agnostic conformance checker for the engine contract (docs/architecture.md, "The contract").

Reusable by every game of the package: it only uses the public contract (``tcgteach.game``,
``new_state``, ``legal_actions``, ``apply``/``undo``, ``clone``, ``to_dict``/``state_from_dict``,
``view``, ``all_zones``, ``trail``, ``game.flow``, ``game.parse_action``) plus the kernel's
documented ``State.zones`` / ``State.SCALARS`` / ``rng`` for a cheap per-step fingerprint.

Random playouts (OpenSpiel ``random_sim_test`` in spirit). Every step of every game gets the cheap
checks; the expensive ones are sampled:

every step
    * a non-terminal state has legal actions, ``current_player`` is a player, ``result()`` is None;
      a terminal state has no legal actions, ``current_player`` is None and ``result()`` is not None
    * ``legal_actions()`` is a tuple of distinct hashable actions, the same tuple when computed
      again (after apply + undo, when the cache is gone), and each distinct action value
      round-trips through ``str(a)`` and ``game.parse_action``
    * apply then undo restores the state: a fingerprint (zones, node, scalars, history length,
      events length, trail length, RNG state) is identical, and ``undo`` returns the action
    * every card instance is in exactly one zone (``state.all_zones()``), the same cards as at setup
    * ``state.node`` is a node of ``game.flow``
sampled
    * apply + undo restores ``to_dict()`` exactly (every ``to_dict_every``-th step of every
      ``full_every``-th game, and ``spot_steps`` random steps of the other games)
    * clones (one random step per game): ``clone()`` equals the original, and they are independent
      both ways (applying to one leaves the other's fingerprint and ``to_dict()`` unchanged)
    * an action that is not legal now (a stale one from an earlier state), every ``stale_every``
      steps: raises ``IllegalActionError`` with a rule and leaves the state untouched
    * each player's view (one random step per game): same zone sizes, JSON-safe, not appliable;
      the deciding player's view lists the same legal actions as the state
    * ``state_from_dict(json.loads(json.dumps(to_dict())))`` round-trips exactly at one mid-game
      point of every ``json_games_every``-th game
    * same seed + same actions (replayed on a fresh ``Game`` object) give the same ``to_dict()``,
      every ``replay_games_every``-th game
end of every game
    * ``state_from_dict`` JSON round trip; every ``state.trail`` step is an edge of ``game.flow``,
      the trail is connected and ends at ``state.node``; an action on a finished game is refused
over all games
    * every edge of ``game.flow`` is traversed and every node visited (checked by the caller).

Profiles (``PROFILES``): ``sampled`` is the above; ``every-step`` makes every sampled check at every step
(slower: views and round trips at every step); ``invariants`` keeps the every-step checks and makes the
sampled ones in one game of a hundred (for runs of 100,000 games).

Games are independent and spread over worker processes; game ``i`` (its seed, player count and
options) is the same in any process, and a failure names it: ``Checker(name).play(i)`` replays it.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
import multiprocessing
import os
import random
from dataclasses import dataclass, field
from typing import Any

import tcgteach
from tcgteach import IllegalActionError


@dataclass
class Report:
    """What a run of random playouts saw (for coverage assertions and the test log)."""

    game: str
    games: int = 0
    steps: int = 0
    terminal: int = 0
    edges_traversed: set[tuple[str, str]] = field(default_factory=set)
    nodes_visited: set[str] = field(default_factory=set)
    flow_edges: set[tuple[str, str]] = field(default_factory=set)
    flow_nodes: set[str] = field(default_factory=set)
    players_seen: dict[int, int] = field(default_factory=dict)
    options_seen: dict[str, set[Any]] = field(default_factory=dict)
    verbs_seen: set[str] = field(default_factory=set)
    full_to_dict_checks: int = 0
    json_round_trips: int = 0
    replays: int = 0
    clone_checks: int = 0
    stale_checks: int = 0
    view_checks: int = 0
    longest: int = 0

    def summary(self) -> str:
        return (
            f"{self.game}: {self.games} games, {self.steps} steps (longest {self.longest}), "
            f"players {dict(sorted(self.players_seen.items()))}, "
            f"{len(self.edges_traversed)}/{len(self.flow_edges)} edges, "
            f"{len(self.nodes_visited)}/{len(self.flow_nodes)} nodes, to_dict checks {self.full_to_dict_checks}, "
            f"JSON round trips {self.json_round_trips}, replays {self.replays}, clones {self.clone_checks}, "
            f"stale actions {self.stale_checks}, views {self.view_checks}"
        )


def option_variants(game: Any) -> list[dict[str, Any]]:
    """Every combination of the values of the game's choice options (``game.options.specs``)."""
    specs = list(game.options.specs.values())
    axes = [[(s.name, v) for v in s.choices] for s in specs if s.kind == "choice" and s.choices]
    return [dict(combo) for combo in itertools.product(*axes)] or [{}]


def fingerprint(state: Any) -> tuple[object, ...]:
    """Cheap identity of a state: every zone, the node, the scalars, log lengths and the RNG."""
    getter = _scalar_getters.get(type(state))
    if getter is None:
        names = tuple(getattr(state, "SCALARS", ()))
        getter = _scalar_getters[type(state)] = lambda s, names=names: tuple(getattr(s, n) for n in names)
    return (
        tuple(map(tuple, state.zones)),
        state.node,
        getter(state),
        len(state.history),
        len(state.events),
        len(state.trail),
        state.rng.state,
    )


_scalar_getters: dict[type, Any] = {}


def card_multiset(state: Any) -> list[int]:
    """All card instances of the state (one entry per zone membership), sorted: from the kernel's zone lists
    (``State.zones``), which ``all_zones()`` labels with owner and zone; the views check the labelled form."""
    return sorted(itertools.chain.from_iterable(state.zones))


def json_round_trip(game: Any, state: Any) -> Any:
    data = state.to_dict()
    loaded = game.state_from_dict(json.loads(json.dumps(data)))
    assert loaded.to_dict() == data, "state_from_dict(json(to_dict())) does not round-trip exactly"
    assert loaded.legal_actions() == state.legal_actions()
    return loaded


class Checker:
    """Random playouts of one game with every check of the module docstring."""

    def __init__(
        self,
        name: str,
        *,
        seed: int = 0,
        max_steps: int = 20_000,
        to_dict_every: int = 7,
        full_every: int = 10,
        spot_steps: int = 1,
        json_games_every: int = 5,
        replay_games_every: int = 10,
        stale_every: int = 13,
        profile: str = "sampled",
    ) -> None:
        if profile not in PROFILES:
            raise ValueError(f"profile must be one of {', '.join(PROFILES)}, not {profile!r}")
        self.profile = profile
        if profile == "every-step":  # the slower profile: nothing sampled
            to_dict_every, full_every, json_games_every, replay_games_every, stale_every = 1, 1, 1, 1, 1
        elif profile == "invariants":  # the lighter one, for 100,000 games: the expensive checks 1 game in 100
            full_every, spot_steps, json_games_every, replay_games_every, stale_every = 10**9, 0, 100, 1000, 50
        self.name = name
        self.seed = seed
        self.max_steps = max_steps
        self.to_dict_every = to_dict_every
        self.full_every = full_every
        self.spot_steps = spot_steps
        self.json_games_every = json_games_every
        self.replay_games_every = replay_games_every
        self.stale_every = stale_every
        base = tcgteach.game(name)
        self.variants = option_variants(base)
        self.games = {i: tcgteach.game(name, v) for i, v in enumerate(self.variants)}
        self.players = list(range(base.min_players, base.max_players + 1))
        graph = base.flow
        self.report = Report(name, flow_edges=set(graph.edges), flow_nodes=set(graph.nodes))
        self._round_tripped: set[Any] = set()

    def describe(self, index: int) -> str:
        """How game ``index`` is set up (to reproduce a failure: ``Checker(name).play(index)``)."""
        variant = self.variants[index % len(self.variants)]
        players = self.players[(index // len(self.variants)) % len(self.players)]
        return f"{self.name} game {index} (seed {self.seed * 1_000_003 + index}, {players} players, options {variant})"

    # -- one game ----------------------------------------------------------------------------------
    def play(self, index: int) -> Any:
        """Play game number ``index`` (its players, options and seed derive from it) with all checks."""
        rep = self.report
        variant = index % len(self.variants)
        players = self.players[(index // len(self.variants)) % len(self.players)]
        game = self.games[variant]
        seed = self.seed * 1_000_003 + index
        rng = random.Random(seed)
        full = index % self.full_every == 0  # fully checked game: to_dict at every to_dict_every-th step
        spot = {rng.randrange(0, 150) for _ in range(self.spot_steps)}  # a few to_dict steps in the others
        json_at = rng.randrange(5, 120) if index % self.json_games_every == 0 else -1
        sampled = self.profile != "invariants" or index % 100 == 0
        clone_at = rng.randrange(0, 100) if sampled else -1
        view_at = rng.randrange(0, 100) if sampled else -1

        state = game.new_state(seed=seed, players=players)
        assert state.num_players == players
        rep.players_seen[players] = rep.players_seen.get(players, 0) + 1
        for k, v in game.options.items():
            rep.options_seen.setdefault(k, set()).add(v)
        cards0 = card_multiset(state)
        assert len(cards0) == len(set(cards0)), "a card instance is in two zones at setup"
        flow_nodes = rep.flow_nodes
        seen_actions: list[Any] = []

        step = 0
        while not state.is_terminal():
            assert step < self.max_steps, f"{self.name} game {index} did not end within {self.max_steps} steps"
            every = self.profile == "every-step"
            if step == view_at or every:
                self._check_views(state, rng, every_player=every)
            legal = self._check_decision(state, game, flow_nodes)
            action = rng.choice(legal)

            if step == clone_at:
                self._check_clone(state, rng)
            if step % self.stale_every == 5 and seen_actions:
                self._check_stale(state, seen_actions, rng)
            if step == json_at or every:
                json_round_trip(game, state)
                rep.json_round_trips += 1
            if every and step % 2:
                self._check_clone(state, rng)

            check_dict = (step % self.to_dict_every == 0) if full else (step in spot)
            self._check_apply_undo(state, action, legal, check_dict)
            if len(seen_actions) < 64:
                seen_actions.append(action)
            else:
                seen_actions[rng.randrange(64)] = action
            assert card_multiset(state) == cards0, f"cards not each in exactly one zone after {action}"
            step += 1

        # terminal
        assert state.legal_actions() == (), "a terminal state has legal actions"
        assert state.current_player is None, "a terminal state has a current player"
        assert state.result() is not None, "a terminal state has no result"
        assert state.node in flow_nodes
        self._check_trail(state)
        if seen_actions:
            self._check_stale(state, seen_actions, rng)
        if sampled:
            json_round_trip(game, state)
            rep.json_round_trips += 1
        if index % self.replay_games_every == 0:
            self._check_replay(state, game, seed, players)
        rep.games += 1
        rep.terminal += 1
        rep.steps += step
        rep.longest = max(rep.longest, step)
        return state

    def _check_decision(self, state: Any, game: Any, flow_nodes: set[Any]) -> Any:
        """A position of a game under way: a player to decide, legal actions each once and each read back
        from its text (once per action in all); its legal actions."""
        player = state.current_player
        legal = state.legal_actions()
        assert isinstance(legal, tuple) and legal, f"non-terminal state at {state.node} has no legal action"
        assert player is not None and 0 <= player < state.num_players, f"current_player {player!r}"
        assert state.result() is None, "a non-terminal state has a result"
        assert state.node in flow_nodes, f"node {state.node!r} is not in game.flow"
        distinct = set(legal)
        assert len(distinct) == len(legal), f"duplicate legal actions: {legal}"
        for a in () if distinct <= self._round_tripped else legal:
            if a not in self._round_tripped:
                text = str(a)
                back = game.parse_action(text)
                assert back == a and type(back) is type(a), f"{a!r} -> {text!r} -> {back!r}"
                self._round_tripped.add(a)
                self.report.verbs_seen.add(text.split()[0])
        return legal

    def _check_apply_undo(self, state: Any, action: Any, legal: Any, check_dict: bool) -> None:
        """``action`` applied, undone (the state as before, ``to_dict`` too if ``check_dict``, the same legal
        actions) and applied again (the same legal actions after it)."""
        before = fingerprint(state)
        if check_dict:
            d0 = state.to_dict()
        state.apply(action)
        after = state.legal_actions()  # cached by the state: undo must not keep this list
        undone = state.undo()
        assert undone == action, f"undo returned {undone!r}, not {action!r}"
        assert fingerprint(state) == before, f"apply({action}) + undo did not restore the state"
        if check_dict:
            assert state.to_dict() == d0, f"apply({action}) + undo did not restore to_dict()"
            self.report.full_to_dict_checks += 1
        again = state.legal_actions()
        assert again == legal, f"legal_actions not deterministic: {legal} vs {again}"
        assert state.legal_actions() == again

        state.apply(action)
        assert state.legal_actions() == after, "legal_actions differ after apply, undo and the same apply"

    # -- sampled checks ----------------------------------------------------------------------------------
    def _check_clone(self, state: Any, rng: random.Random) -> None:
        d = state.to_dict()
        before = fingerprint(state)
        c = state.clone()
        assert c.to_dict() == d, "clone() differs from the original"
        # shared zone lists would let one change the other (whether this step's actions move a card or not)
        assert c.zones is not state.zones and not any(a is b for a, b in zip(c.zones, state.zones, strict=True)), (
            "clone() shares zone lists with the original"
        )
        legal = c.legal_actions()
        c.apply(rng.choice(legal))
        assert fingerprint(state) == before, "applying an action to a clone changed the original"
        assert state.to_dict() == d, "applying an action to a clone changed the original"
        c.undo()
        assert fingerprint(c) == before
        c2 = state.clone()
        c2_before = fingerprint(c2)
        state.apply(rng.choice(legal))
        assert fingerprint(c2) == c2_before, "applying an action to the original changed its clone"
        state.undo()
        assert fingerprint(state) == before
        self.report.clone_checks += 1

    def _check_stale(self, state: Any, seen: list[Any], rng: random.Random) -> None:
        legal = set(state.legal_actions())
        stale = [a for a in seen if a not in legal]
        if not stale:
            return
        action = rng.choice(stale)
        before = fingerprint(state)
        try:
            state.apply(action)
        except IllegalActionError as exc:
            assert exc.rule, f"IllegalActionError for {action} names no rule"
        else:
            raise AssertionError(f"stale action {action} was accepted at {state.node}")
        assert fingerprint(state) == before, f"a refused action ({action}) changed the state"
        self.report.stale_checks += 1

    def _check_views(self, state: Any, rng: random.Random, every_player: bool = False) -> None:
        """Views: taken before the state caches its legal actions, so they compute their own. With
        ``every_player`` each player's view is written out and checked against a second view taken after
        the state's own to_dict (a view must not depend on what was asked of the state before), and a view
        of a view is the same view."""
        n = state.num_players
        player = state.current_player
        sizes = [len(cards) for _o, _z, cards in state.all_zones()]
        dumped = rng.randrange(n)
        for p in range(n):
            v = state.view(p)
            assert [len(cards) for _o, _z, cards in v.all_zones()] == sizes, "a view changed zone sizes"
            if p == dumped or every_player:
                written = json.dumps(v.to_dict(), sort_keys=True)
            if every_player:
                state.to_dict()
                again = state.view(p)
                assert json.dumps(again.to_dict(), sort_keys=True) == written, "a second view differs"
                assert json.dumps(v.view(p).to_dict(), sort_keys=True) == written, "a view of a view differs"
            if p == player:
                assert v.legal_actions() == state.legal_actions(), "the deciding player's view lists other actions"
                try:
                    v.apply(v.legal_actions()[0])
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError("an action was applied to a view")
        self.report.view_checks += 1

    def _check_trail(self, state: Any) -> None:
        rep = self.report
        trail = [tuple(t) for t in state.trail]
        assert trail, "no flow-graph traversal recorded"
        for a, b in trail:
            assert (a, b) in rep.flow_edges, f"traversal {a} -> {b} is not an edge of game.flow"
        for (_a, b), (c, _d) in itertools.pairwise(trail):
            assert b == c, f"the trail jumps from {b} to {c}"
        assert trail[-1][1] == state.node, "the trail does not end at the current node"
        rep.edges_traversed.update(trail)
        rep.nodes_visited.update(n for t in trail for n in t)

    def _check_replay(self, state: Any, game: Any, seed: int, players: int) -> None:
        fresh = tcgteach.game(self.name, dict(game.options))
        again = fresh.new_state(seed=seed, players=players)
        for a in state.history:
            again.apply(fresh.parse_action(str(a)))
        assert again.to_dict() == state.to_dict(), "same seed and same actions gave a different state"
        self.report.replays += 1

    # -- many games ------------------------------------------------------------------------------------
    def run(self, indices: Any) -> Report:
        for i in indices:
            try:
                self.play(i)
            except Exception as exc:  # name the game so it can be replayed alone
                raise AssertionError(f"{self.describe(i)}: {type(exc).__name__}: {exc}") from exc
        return self.report


#: ``sampled``: the cheap checks at every step, the expensive ones sampled (the test suite's default run);
#: ``every-step``: every check at every step — to_dict after apply + undo, a JSON round trip through
#: ``state_from_dict``, every player's view written out and taken twice, a stale action, a clone every
#: other step, a replay of every game (tens of times slower: a few games per run, or a long night)
#: ``invariants``: the per-step invariants and apply + undo at every step, the rest in 1 game of 100 (for
#: benchmarks/invariants.py's 100,000 games)
PROFILES = ("sampled", "every-step", "invariants")


def merge(reports: list[Report]) -> Report:
    out = Report(reports[0].game, flow_edges=reports[0].flow_edges, flow_nodes=reports[0].flow_nodes)
    for r in reports:
        for name in (
            "games",
            "steps",
            "terminal",
            "full_to_dict_checks",
            "json_round_trips",
            "replays",
            "clone_checks",
            "stale_checks",
            "view_checks",
        ):
            setattr(out, name, getattr(out, name) + getattr(r, name))
        out.longest = max(out.longest, r.longest)
        out.edges_traversed |= r.edges_traversed
        out.nodes_visited |= r.nodes_visited
        out.verbs_seen |= r.verbs_seen
        for k, v in r.players_seen.items():
            out.players_seen[k] = out.players_seen.get(k, 0) + v
        for option, vals in r.options_seen.items():
            out.options_seen.setdefault(option, set()).update(vals)
    return out


def _run_chunk(name: str, indices: list[int], kw: dict[str, Any]) -> Report:
    return Checker(name, **kw).run(indices)


def run(name: str, games: int, *, workers: int | None = None, **kw: Any) -> Report:
    """Play ``games`` random games of ``name`` with every check; returns the merged coverage report.

    Games are independent, so they are spread over ``workers`` processes (default: the CPU count).
    Game ``i`` is the same game whichever process plays it.
    """
    if workers is None:
        workers = min(os.cpu_count() or 1, 8)
    workers = max(1, min(workers, games))
    chunks = [list(range(w, games, workers)) for w in range(workers)]
    if workers == 1:
        return _run_chunk(name, chunks[0], kw)
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        reports = list(pool.map(_run_chunk, [name] * workers, chunks, [kw] * workers))
    return merge(reports)
