"""The heuristic players (issue 4, item 1): one agent, a policy per game.

They beat the random agent clearly, answer every decision with a legal action of the view, replay
exactly from a seed, and decide from what the player may see: two positions that differ only in
cards the player cannot see get the same answer.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

import pytest

import tcgteach
from tcgteach.agents import AGENTS, Agent, HeuristicAgent, RandomAgent, make_agent
from tcgteach.core.actions import Action
from tcgteach.core.game import Game
from tcgteach.core.state import State
from tcgteach.darkmoon.rules.state import DarkMoonState

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

#: the registered games that declare a coach (a rule-of-thumb policy: ``Game.capabilities``)
COACHED = gamecases.with_capability("coach")

OPTIONS = {"darkmoon": None, "dragonquest": {"turn_limit": 200}}
GAMES_PER_RUN = 200  # seeded games per game, seats alternating
MIN_WIN_RATE = 0.7


def _game(name: str) -> Game:
    return tcgteach.game(name, options=OPTIONS[name])


def _play(
    game: Game,
    seed: int,
    agents: Sequence[Agent],
    on_decision: Callable[[State, int, State, Action], object] | None = None,
) -> State:
    state = game.new_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        view = state.view(p)
        action = agents[p].act(view)
        if on_decision is not None:
            on_decision(state, p, view, action)
        state.apply(action)
    return state


def test_registered_and_exported() -> None:
    assert AGENTS["heuristic"] is HeuristicAgent
    agent = make_agent("heuristic", 3)
    assert isinstance(agent, HeuristicAgent) and agent.name == "heuristic"
    assert HeuristicAgent.__doc__
    # each game keeps its policy, with its strategy written down, in its own package
    for name, title in (("darkmoon", "DARK MOON"), ("dragonquest", "Dragon Quest")):
        policy = tcgteach.game(name).heuristic_policy()
        module = sys.modules[type(policy).__module__]
        assert (
            module.__name__ == f"tcgteach.{name}.teaching.policy"
            and module.__doc__ is not None
            and title in module.__doc__
        )


@pytest.mark.parametrize("name", COACHED)
def test_beats_random_and_always_plays_legally(name: str) -> None:
    game = _game(name)
    wins = losses = draws = decisions = 0
    seconds = 0.0
    heuristics: list[HeuristicAgent] = []

    def check(state: State, p: int, view: State, action: Action) -> None:
        nonlocal decisions
        if p == seat:
            decisions += 1
            assert action in view.legal_actions(), f"seed {seed}: {action} is not legal at {state.node}"

    for seed in range(GAMES_PER_RUN):
        seat = seed % 2  # alternate seats (and so the starter decks)
        heuristic = HeuristicAgent(seed=seed)
        heuristics.append(heuristic)
        timed = _Timed(heuristic)
        agents: list[Agent] = (
            [timed, RandomAgent(seed=10_000 + seed)] if seat == 0 else [RandomAgent(seed=10_000 + seed), timed]
        )
        state = _play(game, seed, agents, check)
        seconds += timed.seconds
        out = state.result()
        assert out is not None
        winners = out.winners
        if winners == (seat,):
            wins += 1
        elif len(winners) == 1:
            losses += 1
        else:
            draws += 1
    rate = wins / GAMES_PER_RUN
    assert rate >= MIN_WIN_RATE, f"{name}: heuristic won {wins}, lost {losses}, drew {draws} of {GAMES_PER_RUN}"
    # a policy that proposes an illegal action is covered by a random legal one; that must never happen
    assert sum(h.fallbacks for h in heuristics) == 0
    # fast enough for thousands of simulated games: well under 1 ms per decision on average (CPU time)
    assert seconds / decisions < 1e-3, f"{name}: {1000 * seconds / decisions:.3f} ms per decision"


class _Timed:
    """Counts the CPU time the wrapped agent spends deciding."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0

    def act(self, view: State) -> Action:
        t = time.process_time()
        action = self.agent.act(view)
        self.seconds += time.process_time() - t
        return action


def _positions(name: str, games: int = 6) -> list[tuple[State, int]]:
    """(state, player) at every decision of a few heuristic-vs-random games, states kept as clones."""
    game = _game(name)
    out: list[tuple[State, int]] = []
    for seed in range(games):
        agents: list[Agent] = [HeuristicAgent(seed=seed), RandomAgent(seed=seed + 50)]
        if seed % 2:
            agents.reverse()
        _play(game, 100 + seed, agents, lambda state, p, view, action: out.append((state.clone(), p)))
    return out


@pytest.mark.parametrize("name", COACHED)
def test_same_view_same_seed_same_action(name: str) -> None:
    positions = _positions(name)
    assert len(positions) > 100
    for k, (state, p) in enumerate(positions):
        seed = k % 7
        first = HeuristicAgent(seed=seed).act(state.view(p))
        again = HeuristicAgent(seed=seed).act(state.view(p))
        assert first == again, f"position {k} ({state.node}): {first} then {again}"


@pytest.mark.parametrize("name", COACHED)
def test_games_replay_exactly_from_the_seeds(name: str) -> None:
    game = _game(name)
    histories = []
    for _ in range(2):
        state = _play(game, 7, [HeuristicAgent(seed=1), HeuristicAgent(seed=2)])
        histories.append([str(a) for a in state.history])
    assert histories[0] == histories[1]
    assert len(histories[0]) > 20


def _redeal_hidden(state: State, p: int, rng: random.Random) -> State:
    """A copy of the real state that player p cannot tell from it: every card p does not see is dealt
    again at random among the places p does not see, each card staying with its owner (the other
    hands, the deck orders, face-down damage cards)."""
    view = state.view(p)
    twin = state.clone()
    keep: set[tuple[int, str, int]] = set()
    if getattr(getattr(state, "pending", None), "op", None) == "peek" and cast(DarkMoonState, state).turn_player == p:
        keep.add((p, "deck", len(state.zone(p, "deck")) - 1))  # p looked at the own top card (DM-4.2)
    slots: dict[int, list[tuple[int, int]]] = {}
    for i, (owner, zone, cards) in enumerate(view.all_zones()):
        for k, c in enumerate(cards):
            if c < 0 and (owner, zone, k) not in keep:
                slots.setdefault(owner, []).append((i, k))
    for places in slots.values():
        cards = [twin.zones[i][k] for i, k in places]
        rng.shuffle(cards)
        for (i, k), c in zip(places, cards, strict=True):
            twin.zones[i][k] = c
    return twin


@pytest.mark.parametrize("name", COACHED)
def test_never_needs_the_hidden_cards(name: str) -> None:
    positions = _positions(name)
    differ = 0
    for k, (state, p) in enumerate(positions):
        twin = _redeal_hidden(state, p, random.Random(k))
        assert twin.view(p) == state.view(p)  # the player sees no difference ...
        if twin.to_dict()["zones"] != state.to_dict()["zones"]:
            differ += 1  # ... although the hidden cards differ
        seed = k % 5
        assert HeuristicAgent(seed=seed).act(twin.view(p)) == HeuristicAgent(seed=seed).act(state.view(p)), (
            f"position {k} ({state.node}): the answer depends on cards player {p + 1} cannot see"
        )
    assert differ > len(positions) // 2


@pytest.mark.parametrize("name", COACHED)
def test_views_of_players_not_to_act_are_refused(name: str) -> None:
    state = _game(name).new_state(seed=1)
    mover = state.current_player
    assert mover is not None
    idle = 1 - mover
    with pytest.raises(tcgteach.TcgError):
        HeuristicAgent(seed=0).act(state.view(idle))
