"""Rendering: flow graphs through graphviz (laid out once, restyled per step) and boards as HTML."""
from .flowgraph import FlowDiagram, diagram, write_diagrams
from .board import board_html

__all__ = ["FlowDiagram", "diagram", "write_diagrams", "board_html"]
