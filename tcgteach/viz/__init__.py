"""Rendering: flow graphs through graphviz (laid out once, restyled per step) and boards as HTML."""

from .board import board_html
from .flowgraph import FlowDiagram, diagram, write_diagrams

__all__ = ["FlowDiagram", "diagram", "write_diagrams", "board_html"]
