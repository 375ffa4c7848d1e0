"""Players: every agent has ``act(view) -> action`` and sees only its own view of the game."""
from .base import Agent, RandomAgent, make_agent, AGENTS

__all__ = ["Agent", "RandomAgent", "make_agent", "AGENTS"]
