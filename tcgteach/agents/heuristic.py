"""Heuristic players: hand-written rules of thumb, one policy per game, seen only through the view.

``HeuristicAgent(seed)`` asks ``view.game.heuristic_policy()`` for the game's policy (each game
keeps its own in ``tcgteach/<game>/policy.py``, with its strategy in that module's docstring). A
policy reads only what its player may see (``state.view(p)``: own hand, public zones, counts of
hidden cards, and the list of the own deck, which a player knows because they built it, but never
its order). It always answers with one of ``view.legal_actions()``; equal choices are settled by
the agent's own seeded ``random.Random``, so a game with seeded agents replays exactly. A game
without a policy is played at random, but legally.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.checks import check_seed, check_state
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State


class HeuristicAgent:
    """A rule-of-thumb player for every game that has a policy (see ``tcgteach/<game>/policy.py``)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(check_seed(seed))
        self._policies: dict[str, Any] = {}
        #: how often a policy proposed an action that was not legal (a bug; a random legal one was played)
        self.fallbacks = 0

    def act(self, view: State) -> Action:
        """The game's rule-of-thumb choice for ``view`` (its ``policy``, documented per game in
        ``<game>/teaching/policy.py``); the only legal action is taken at once."""
        legal = check_state(view, None, "view").legal_actions()
        if not legal:
            raise TcgError("no legal action: the game is over or it is not this player's turn")
        if len(legal) == 1:
            return legal[0]
        name = view.game.name
        if name not in self._policies:
            self._policies[name] = view.game.heuristic_policy()
        policy = self._policies[name]
        if policy is None:  # a game without a policy: play at random, but legally
            return legal[self.rng.randrange(len(legal))]
        action: Action = policy.act(view, legal, self.rng)
        for candidate in legal:  # identity first: policies answer with the legal list's own (interned) objects
            if candidate is action:
                return candidate
        for candidate in legal:  # an equal action the policy built itself
            if candidate == action:
                return candidate
        self.fallbacks += 1  # never happens with a correct policy; still answer legally
        return legal[self.rng.randrange(len(legal))]
