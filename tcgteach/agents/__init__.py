"""Players: every agent has ``act(view) -> action`` and sees only its own view of the game.

``random`` (uniform over the legal actions), ``heuristic`` (a hand-written strategy per game) and
``coach`` (Monte Carlo tree search over determinized hidden information, with hints).
"""

from .base import AGENTS, Agent, RandomAgent, make_agent
from .coach import CoachAgent, Hint
from .heuristic import HeuristicAgent

AGENTS["heuristic"] = HeuristicAgent


def _coach(seed: int | None = None) -> CoachAgent:
    """The coach by name plays with a fixed iteration budget, so simulations replay exactly."""
    return CoachAgent(seed, time_budget=None, iterations=100)


AGENTS["coach"] = _coach

__all__ = ["Agent", "RandomAgent", "HeuristicAgent", "CoachAgent", "Hint", "make_agent", "AGENTS"]
