"""Imported first by ``tcgteach.widgets``: without ipywidgets (the ``notebooks`` extra), importing any front end
raises :class:`tcgteach.extras.MissingExtraError`, one line naming the extra, instead of a deep import error."""

from ..extras import require

require("ipywidgets", "tcgteach.widgets")
