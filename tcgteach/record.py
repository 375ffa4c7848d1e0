"""Game records (``tcgteach.core.record`` holds their format): written with their result line and replayed by the
game's name through the registry. The kernel looks no game up and says no result, so both happen here.

    text = record_text(state)              # the record of a game, its last line "# result: P1 wins ..."
    state = replay(parse_record(text))     # the identical final state (the result line checked)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.checks import check_bool, check_path, check_state, check_text, shown
from .core.errors import RecordError, TcgError
from .core.files import atomic_write_text
from .core.record import (
    HEADER_KEYS,
    MAX_ACTIONS,
    MAX_RECORD_BYTES,
    NOT_FINISHED,
    Record,
    ascii_int,
    format_record,
    parse_record,
    pool_name,
    read_record,
    replay_into,
    unfinished,
)
from .texts import outcome_text

if TYPE_CHECKING:
    from .core.state import State

__all__ = [
    "HEADER_KEYS",
    "MAX_ACTIONS",
    "MAX_RECORD_BYTES",
    "NOT_FINISHED",
    "Record",
    "ascii_int",
    "parse_record",
    "pool_name",
    "read_record",
    "record_text",
    "replay",
    "unfinished",
    "write_record",
]


def result_line(state: State) -> str:
    """What a record's last line says: the result in English, or ``NOT_FINISHED`` for a game not over."""
    return outcome_text(state.result(), "en", labelled=False) if state.is_terminal() else NOT_FINISHED


def record_text(state: Any, agents: Any = None, result: Any = True) -> str:  # Any: checked here
    """The record of ``state``'s game so far (with its result line unless ``result`` is False)."""
    state = check_state(state)
    if agents is not None:
        check_text(agents, "agents", limit=200)
    check_bool(result, "result")
    return format_record(state, agents, result_line(state) if result else None)


def write_record(state: Any, path: Any, agents: Any = None) -> None:  # Any: checked here
    """Write the record of ``state``'s game to ``path``: the whole file or, on any failure, the old one untouched."""
    text = record_text(state, agents)
    atomic_write_text(check_path(path), text)


def replay(record: Any, file: Any = "<record>", cards: Any = None) -> State:  # Any: checked here
    """Rebuild the game of a record, checking every action; errors name the line. ``cards``: the user's card
    pool the game was played with (a path or a dict, as ``tcgteach.game(name, cards=...)``), which must be
    the one the record's ``Cards:`` line names."""
    import tcgteach

    if not isinstance(record, Record):
        raise TcgError(f"record must be a Record (parse_record, read_record), not {shown(record)}")
    check_text(file, "file", limit=4096)
    try:
        game = tcgteach.game(record.game, cards=cards)
    except TcgError as exc:
        raise RecordError(file, 2, str(exc)) from None
    state = replay_into(game, record, file)
    if record.result is not None:
        claimed, no = record.result
        actual = result_line(state)
        if claimed != actual:
            raise RecordError(file, no, f"the record claims the result {claimed!r}, but replaying it gives {actual!r}")
    return state
