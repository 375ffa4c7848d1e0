"""The timeline of a game: every move with who made it, the turn and phase it fell in, its events and marks.

    tl = Timeline(state)            # a game in progress or over (a replayed record too)
    tl.moves[12].marks              # ("turn", "combat") ...
    tl.position(12)                 # the full state before move 12 (a copy): its board, its graph
    tl.text(12, "ja", seat=1)       # move 12 as seat 1 saw it (a hidden card masked, as in its view)

The marks are the turn starts (``State.turn`` changed) and what the game's ``review_marks`` names
(``core.teaching.MARKS``): fights, defeats, levels gained, units made, the end armed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_lang, check_state, shown
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.events import Event
    from ..core.state import State

#: at most this many moves in a reviewed game (a record holds at most ``record.MAX_ACTIONS``)
MAX_MOVES = 100_000


@dataclass(frozen=True)
class Move:
    """Move ``index`` (0-based) of a game: the seat that chose it (None: nobody's choice), the action, the turn
    and flow node it was chosen in, how many actions were legal, its events and its marks."""

    index: int
    actor: int | None
    action: Action
    turn: int
    node: str
    legal: int
    events: tuple[Event, ...]
    marks: tuple[str, ...]

    @property
    def decision(self) -> bool:
        """Whether a seat had a choice here (more than one legal action)."""
        return self.actor is not None and self.legal > 1


class Timeline:
    """Every move of ``state``'s game, from its set-up to now, replayed once (the positions are kept)."""

    def __init__(self, state: Any) -> None:  # Any: checked here
        state = check_state(state)
        if state.viewer is not None:
            raise TcgError("a timeline is built from the full state, not from a player's view (state.view(p))")
        if len(state.history) > MAX_MOVES:
            raise TcgError(f"a game of {len(state.history)} moves: a review takes at most {MAX_MOVES}")
        self.game = state.game
        self.final = state
        marks = self.game.review_marks()
        s = self.game._state_from_setup(dict(state.setup))  # the kernel's replay of a set-up (State pickling)
        positions: list[State] = []
        moves: list[Move] = []
        for i, action in enumerate(state.history):
            positions.append(s.clone())
            actor, turn, node, legal = s.current_player, s.turn, s.node, len(s.legal_actions())
            before = len(s.events)
            s.apply(action)
            events = tuple(s.events[before:])
            found = ["turn"] if turn and (not moves or moves[-1].turn != turn) else []  # a turn's first move
            for e in events:
                mark = marks.get(e.kind)
                if mark is not None and mark not in found:
                    found.append(mark)
            moves.append(Move(i, actor, action, turn, node, legal, events, tuple(found)))
        positions.append(s)
        self.moves: tuple[Move, ...] = tuple(moves)
        self._positions = positions

    def __len__(self) -> int:
        return len(self.moves)

    def _index(self, index: Any, *, end: bool = False) -> int:
        return check_int(index, "index", 0, len(self.moves) if end else max(len(self.moves) - 1, 0))

    def position(self, index: Any) -> State:
        """A copy of the full state before move ``index`` (``len(timeline)``: the game as it is now)."""
        return self._positions[self._index(index, end=True)].clone()

    def view(self, index: Any, seat: Any) -> State:
        """What ``seat`` could see before move ``index``: its view then (hidden cards masked)."""
        s = self._positions[self._index(index, end=True)]
        return s.view(seat)

    def text(self, index: Any, lang: Any = "en", seat: Any = None) -> str:
        """Move ``index`` in words; with ``seat``, as that seat saw it (what it could not see masked)."""
        i = self._index(index)
        check_lang(lang)
        before = self._positions[i]
        if seat is None:
            text: str = self.game.describe_action(self.moves[i].action, before, lang)
            return text
        after = self._positions[i + 1].view(seat)  # the move as the seat's view records it (masked there)
        seen: str = self.game.describe_action(after.history[i], after, lang)
        return seen

    def decisions(self, seat: Any = None) -> list[Move]:
        """The moves where a seat had a choice (of ``seat`` only, when given)."""
        if seat is not None:
            check_int(seat, "seat", 0, self.final.num_players - 1)
        return [m for m in self.moves if m.decision and (seat is None or m.actor == seat)]

    def turns(self) -> list[tuple[int, int]]:
        """(turn, index of its first move) for each turn of the game (``State.turn``; none when it counts none)."""
        out: list[tuple[int, int]] = []
        for m in self.moves:
            if m.turn and (not out or out[-1][0] != m.turn):
                out.append((m.turn, m.index))
        return out

    def marked(self, mark: Any) -> list[int]:
        """The indices of the moves with ``mark`` ("turn", "combat", "defeat", "level_up", "unit", "end_armed")."""
        from ..core.teaching import MARKS

        if mark not in ("turn",) + MARKS:
            raise TcgError(f"mark must be one of {', '.join(('turn',) + MARKS)}, not {shown(mark)}")
        return [m.index for m in self.moves if mark in m.marks]


def as_timeline(source: Any) -> Timeline:
    """A timeline from a state or a timeline."""
    return source if isinstance(source, Timeline) else Timeline(source)


__all__: Sequence[str] = ("MAX_MOVES", "Move", "Timeline", "as_timeline")
