"""Errors of the library. Each names the rule ID or the file location it is about."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for an error message: cut to ``limit`` characters, never raising (a whole number too
    long to write out, a list nested too deep, an object whose repr fails are described instead)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"a whole number of {value.bit_length():,} bits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- any object may be passed; its repr must not turn into a bare error
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def printable(text: str) -> str:
    """``text`` with any lone surrogate (a file name no file system could decode, a character no text can hold)
    written as its escape, so that a message can always be printed or written as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class TcgError(Exception):
    """Base class of every error tcgteach raises on purpose."""


class IllegalActionError(TcgError, ValueError):
    """An action that the rules do not allow now. The state is left untouched."""

    def __init__(self, message: str, rule: str, legal: Sequence[Any] = ()) -> None:
        self.rule = rule
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal[:12])
        more = f" (+{len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
        super().__init__(f"[{rule}] {message}" + (f". Legal now: {shown}{more}" if self.legal else ""))


@dataclass(frozen=True)
class Violation:
    """One broken deck-construction rule: which rule, what, and the counts."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()
    count: int | None = None
    limit: int | None = None

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


class DeckError(TcgError, ValueError):
    """A deck breaks construction rules; ``violations`` lists every broken rule at once."""

    def __init__(self, violations: Sequence[Violation], deck: str = "deck") -> None:
        self.violations = tuple(violations)
        self.deck = deck
        lines = "\n".join(f"  - {v}" for v in self.violations)
        super().__init__(f"{deck} breaks {len(self.violations)} construction rule(s):\n{lines}")


class DataFileError(TcgError, ValueError):
    """A malformed data file (cards, decks, rules). Names the file and the field."""

    def __init__(self, file: str, where: str, message: str) -> None:
        self.file = file
        self.where = where
        text = f"{file}: {where}: {message}" if where else f"{file}: {message}"
        super().__init__(printable(text))


class OptionError(TcgError, ValueError):
    """An unknown option name or a value the option does not take."""


class StateFileError(DataFileError):
    """A saved state (dict / JSON) or a teaching position that is malformed or inconsistent. Names the field
    (a ``DataFileError`` whose file is "saved state")."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__("saved state", where, message)


class RecordError(TcgError, ValueError):
    """A malformed game record. Names the file and the line."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file = file
        self.line = line
        super().__init__(printable(f"{file}:{line}: {message}"))


class EngineError(TcgError, RuntimeError):
    """An internal inconsistency of the engine (a bug), never the user's fault (re-exported by ``core.state``)."""


class UnknownGameError(TcgError, KeyError):
    """``tcgteach.game(name)`` with a name that is not a game of the package."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
