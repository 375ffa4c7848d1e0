"""Kingmaking at 3 or more players: how often a player who can no longer win decides who does.

The definition (after the board-game literature's *kingmaker*: a player who cannot win but whose choice
settles which of the others wins), made measurable on the engine:

* The game is played by the agents from its seed; then replayed, and at every decision of its **last round**
  (the last ``players`` turns: in DARK MOON the turns after the end is armed, DM-1.5, when the points are
  nearly settled) that offers more than one action, every legal action is tried: the game is played on
  from it by fresh agents with fixed seeds, the same for every action.
* The player to move **cannot win** there if none of those continuations makes them a winner.
* They **decide who wins** if the continuations end with different winners (among the other players).
* A game **has kingmaking** if some decision of its last round is both. The rate is the share of games that
  have it, with a Wilson 95% interval.

Only the last round is examined: earlier, "cannot win" is rarely true of a race for points, and examining
every decision of a game costs a playout per legal action of each. The continuations are the agents'
play, not perfect play: the rate says how often *these players'* last choices make the king.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.errors import TcgError
from ..session import Session
from ..sim.runner import _make_agent, agent_seed, cpu_count, process_pool, processes_available
from ..sim.stats import wilson_interval
from .measures import Estimate

#: the agents of the continuations are seeded from the game's seed and this offset (not the game's own agents)
CONTINUATION_SEAT = 500


def _play_on(state: Any, specs: Sequence[Any], seed: int, max_steps: int = 20_000) -> frozenset[int]:
    agents = [_make_agent(spec, agent_seed(seed, CONTINUATION_SEAT + i)) for i, spec in enumerate(specs)]
    run = Session(state, agents).play_out(max_steps)
    result = None if run.capped else state.result()
    return frozenset() if result is None else frozenset(result.winners)


def game_has_kingmaking(game: Any, seed: int, specs: Sequence[Any], players: int, decks: Any = None) -> bool:
    """Whether the game of ``seed`` has a kingmaking decision in its last round (see the module's text); the
    decks are turned with the seed as in the battery (``battery.seat_decks``)."""
    from .battery import seat_decks

    decks = seat_decks(game, players, decks, seed)
    state = game.new_state(seed=seed, decks=decks, players=players)
    agents = [_make_agent(spec, agent_seed(seed, i)) for i, spec in enumerate(specs)]
    Session(state, agents).play_out(20_000)
    if not state.is_terminal():
        return False
    result = state.result()
    played_winners = set(result.winners) if result is not None else set()
    last_round = state.turn - players
    state = game.new_state(seed=seed, decks=decks, players=players)
    agents = [_make_agent(spec, agent_seed(seed, i)) for i, spec in enumerate(specs)]
    decide = Session(state, agents).deciders()
    while not state.is_terminal():
        p = state.current_player
        legal = state.legal_actions()
        # a player who won the game as played can win: only the others' decisions are tried
        if state.turn > last_round and len(legal) > 1 and p not in played_winners:
            ends = set()
            for a in legal:
                branch = state.clone()
                branch.apply(a)
                ends.add(_play_on(branch, specs, seed))
            if len(ends) > 1 and not any(p in w for w in ends):
                return True
        state.apply(decide[p]())
    return False


def _chunk(game: Any, seeds: Sequence[int], specs: Sequence[Any], players: int, decks: Any) -> list[bool]:
    return [game_has_kingmaking(game, s, specs, players, decks) for s in seeds]


def kingmaking_rate(
    game: Any,
    seeds: Sequence[int],
    *,
    agents: Sequence[Any] | str = "heuristic",
    players: int = 3,
    decks: Any = None,
    executor: Any = None,
    jobs: int | None = None,
) -> Estimate:
    """The share of the games of ``seeds`` that have kingmaking, with a Wilson 95% interval."""
    from .args import run_args, seeds_arg, table_arg

    g, specs, players = table_arg(game, agents, players, decks)
    if players < 3:
        raise TcgError(f"kingmaking needs 3 or more players, not {players}")
    run_args(executor, jobs, None)
    game = g
    seeds = seeds_arg(seeds)
    size = max(1, len(seeds) // (8 * (jobs or cpu_count())))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    if executor is None and (jobs == 1 or len(chunks) <= 1 or not processes_available()):
        found = [x for c in chunks for x in _chunk(game, c, specs, players, decks)]
    else:
        own = executor is None
        pool = process_pool(jobs) if own else executor
        try:
            futures = [pool.submit(_chunk, game, c, specs, players, decks) for c in chunks]
            found = [x for f in futures for x in f.result()]
        finally:
            if own:
                pool.shutdown(wait=True, cancel_futures=True)
    k, n = sum(found), len(found)
    low, high = wilson_interval(k, n) or (None, None)
    return Estimate(k / n if n else None, low, high, n)
