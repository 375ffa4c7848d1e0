"""DARK MOON (2025): rules engine, card pool and flow graph. Rule IDs: ``rules/darkmoon.md``."""

from .game import DarkMoon
from .game import DarkMoon as Game

__all__ = ["Game", "DarkMoon"]
