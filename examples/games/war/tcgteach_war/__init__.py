"""War for tcgteach: two seats, a face-down lead, the higher card takes the trick (rule IDs ``WR-*``,
``data/rules.json``). Installed, it is found through the entry-point group ``tcgteach.games``."""

from .game import War
from .game import War as Game

__all__ = ["Game", "War"]
