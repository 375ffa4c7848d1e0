"""The Dragon Quest Card Game (2000): rules engine, card pool, turn and combat flows.

Rule IDs: ``rules/dragonquest.md``."""

from .game import DragonQuest
from .game import DragonQuest as Game

__all__ = ["Game", "DragonQuest"]
