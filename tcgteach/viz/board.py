"""Boards as HTML: ``board_html(state, lang=..., perspective=...)`` asks the game (``Game.render_board``;
each game keeps its renderer in ``tcgteach/<game>/board.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.state import State


def board_html(state: State, *, lang: str = "en", perspective: int | None = None) -> str:
    """The board of ``state`` as an HTML fragment.

    ``perspective`` = a player index hides the other players' hands (as at the table); None shows
    everything a teacher may want to show, except on a player's view (``state.view(p)``), which
    is already masked.
    """
    from ..core.checks import check_state

    return check_state(state).game.render_board(state, lang=lang, perspective=perspective)


class Board:
    """A displayable board (``_repr_html_``), e.g. ``Board(state, lang="ja")`` in a notebook cell."""

    def __init__(self, state: State, *, lang: str = "en", perspective: int | None = None) -> None:
        self.state, self.lang, self.perspective = state, lang, perspective

    def _repr_html_(self) -> str:
        return board_html(self.state, lang=self.lang, perspective=self.perspective)
