"""The agent protocol and the random agent."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..core.checks import check_seed, check_state, check_text
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State


class Agent(Protocol):
    """Anything with ``act(view) -> action``; ``view`` is ``state.view(player)``: no hidden cards."""

    name: str

    def act(self, view: State) -> Action:
        """The action this player takes, one of ``view.legal_actions()``; ``view`` hides what the player may not
        see, so an agent cannot cheat."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal actions (seeded, so games replay exactly)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(check_seed(seed))

    def act(self, view: State) -> Action:
        """A uniformly random legal action of ``view`` (from the agent's own seeded generator, so a game is
        repeatable)."""
        legal = check_state(view, None, "view").legal_actions()
        if not legal:
            raise TcgError("no legal action: the game is over")
        return legal[self.rng.randrange(len(legal))]


def best_of(scored: Sequence[tuple[float, Any]], rng: random.Random) -> Any:
    """The item with the highest score; ties broken by ``rng`` (the policies' one way of choosing)."""
    top = max(s for s, _ in scored)
    best = [a for s, a in scored if s >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


AGENTS: dict[str, Callable[[int | None], Agent]] = {"random": RandomAgent}


def make_agent(name: str, seed: int | None = None) -> Agent:
    """An agent by name ("random" ...), seeded."""
    factory = AGENTS.get(check_text(name, "name", limit=200))
    if factory is None:
        raise TcgError(f"no agent {name!r}; the agents are: {', '.join(AGENTS)}")
    return factory(seed)
