"""The base of the Dragon Quest engine's small immutable values made at a step of play (``effects.Pending``): plain
classes, compiled by mypyc into native ones, so making one is a C call. (As a frozen dataclass each was made by the
interpreted ``__init__`` that ``dataclasses`` writes, which sets every field through ``object.__setattr__``.)

A value is never changed once made (a state's scalars must be immutable for undo by memento, ``core/state.py``): its
fields are ``Final``, set in ``__init__`` only (mypy checks it; compiled, they are read-only). Equality and hashing go
by the class and ``fields()``, like a frozen dataclass's; a saved state writes a value as the list of its fields
(``to_json``), as it wrote the dataclass.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Value:
    """What the values share: equality, hash, repr and the saved form from ``fields()``."""

    __slots__ = ()

    #: the field names, in order (each value class sets it)
    NAMES: ClassVar[tuple[str, ...]] = ()

    def fields(self) -> tuple[Any, ...]:
        """The field values in order (each value class writes it out)."""
        raise NotImplementedError

    def to_json(self) -> list[Any]:
        """The saved-state form: the fields in order (what the frozen dataclass was written as)."""
        return list(self.fields())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Value) and self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.fields()))

    def __repr__(self) -> str:
        parts = ", ".join(f"{name}={value!r}" for name, value in zip(self.NAMES, self.fields(), strict=True))
        return f"{type(self).__name__}({parts})"
