"""ipywidgets front ends. Importing this module imports ipywidgets (the core never does); without the
``notebooks`` extra it raises :class:`tcgteach.extras.MissingExtraError`, one line naming the extra to install."""

from . import _needs  # noqa: F401  (first: the one-line error without the notebooks extra)
from .classroom import Classroom
from .combat import CombatView
from .deckbuilder import DeckBuilder
from .designlab import DesignLab
from .puzzle import PuzzlePane, lesson_puzzles
from .quiz import Quiz, SelfCheck
from .review import Review
from .rules import RuleExplorer
from .stepper import Stepper

__all__ = [
    "Stepper",
    "CombatView",
    "Classroom",
    "Quiz",
    "SelfCheck",
    "RuleExplorer",
    "Review",
    "DeckBuilder",
    "DesignLab",
    "PuzzlePane",
    "lesson_puzzles",
]
