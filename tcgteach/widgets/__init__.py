"""ipywidgets front ends. Importing this module imports ipywidgets (the core never does)."""
from .stepper import Stepper

__all__ = ["Stepper"]
