"""Actions are values: frozen, slotted, hashable dataclasses with a text form that round-trips.

``str(action)`` gives a short text such as ``play 12`` or ``pick 7``; ``Action.parse(text, state)``
(or ``game.parse_action(text)``) reads it back. Field types are ``int`` (card instance numbers,
slots, counts) or ``str``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalActionError
from .errors import shown as shown  # (re-exported: the games import it from here)

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True, slots=True)
class Action:
    VERB: ClassVar[str] = ""
    #: the rule an action of this kind carries out (for errors and logs)
    RULE: ClassVar[str] = ""

    def __str__(self) -> str:
        parts = [self.VERB]
        for f in fields(self):
            value = getattr(self, f.name)
            parts.append("-" if value is None else str(value))
        return " ".join(parts)

    def describe(self, state: State, lang: str = "en") -> str:
        """A sentence for people, in English or Japanese."""
        return state.game.describe_action(self, state, lang)

    @classmethod
    def parse(cls, text: str, state: State) -> Action:
        """The action that ``text`` (its ``str`` form) names in ``state``'s game; else ``IllegalActionError``."""
        return state.game.parse_action(text)


#: the value types a field may hold, per declared type (exact types: ``True`` is not a card number)
_KINDS: dict[str, tuple[type, ...]] = {
    "int": (int,),
    "str": (str,),
    "int | None": (int, type(None)),
    "str | None": (str, type(None)),
}
_TYPE_WORDS = {int: "a whole number (int)", str: "a string", type(None): "None"}
#: action class -> ((field name, allowed exact types), ...), worked out once per class
_FIELD_KINDS: dict[type, tuple[tuple[str, tuple[type, ...]], ...] | None] = {}


def _field_kinds(cls: type) -> tuple[tuple[str, tuple[type, ...]], ...] | None:
    """None for a class whose fields are not all int / str (not an action class of a game)."""
    if cls in _FIELD_KINDS:
        return _FIELD_KINDS[cls]
    found: list[tuple[str, tuple[type, ...]]] | None = []
    for f in fields(cls):
        declared = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        allowed = _KINDS.get(declared.replace("Optional[", "").rstrip("]"))
        if allowed is None or found is None:
            found = None
        else:
            found.append((f.name, allowed))
    kinds = _FIELD_KINDS[cls] = None if found is None else tuple(found)
    return kinds


def field_problem(action: Any) -> str | None:
    """Why ``action`` is not an exact action value, or None when it is one: an ``Action`` whose every
    field holds exactly its declared type (``Play(False)``, ``Play(41.0)``, ``StartUnit("x")`` are not).
    Equal is not enough: ``Play(False) == Play(0)``, and a state must never store the ``False``."""
    if not isinstance(action, Action):
        return f"{shown(action)} ({type(action).__name__}) is not an action: pass an Action object or its text"
    cls = type(action)
    kinds = _field_kinds(cls)
    if kinds is None:
        return f"{cls.__name__} is not an action class of a game (its fields are not all int or str)"
    for name, allowed in kinds:
        value = getattr(action, name, _MISSING)
        if type(value) not in allowed:
            want = " or ".join(_TYPE_WORDS[t] for t in allowed)
            got = "missing" if value is _MISSING else f"{shown(value)} ({type(value).__name__})"
            return f"{cls.__name__}.{name} must be {want}, not {got}"
    return None


_MISSING = object()


#: a whole number as typed: ASCII digits only (``int()`` also takes other Unicode digits such as "３",
#: underscores and surrounding spaces), and short (a card number never has more than a few digits)
_WHOLE = re.compile(r"-?[0-9]{1,9}")


class ActionSyntax:
    """The verbs of one game: parses ``str(action)`` back to the action."""

    def __init__(self, game: str, classes: Iterable[type[Action]], rule: str) -> None:
        self.game = game
        self.rule = rule
        self.by_verb: dict[str, type[Action]] = {}
        self.arity: dict[str, list[tuple[str, Any]]] = {}
        for cls in classes:
            if cls.VERB in self.by_verb:
                raise ValueError(f"duplicate verb {cls.VERB}")
            self.by_verb[cls.VERB] = cls
            self.arity[cls.VERB] = [(f.name, f.type) for f in fields(cls)]

    def parse(self, text: str) -> Action:
        """The action that ``text`` spells (a verb and its numbers, as ``str(action)`` writes it);
        ``IllegalActionError`` citing this syntax's rule for text that is not an action."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be an Action or its text, not {type(text).__name__}", self.rule)
        words = text.split()
        if not words:
            raise IllegalActionError("empty action text", self.rule)
        cls = self.by_verb.get(words[0].lower())
        if cls is None:
            raise IllegalActionError(
                f"unknown {self.game} action {words[0]!r}; verbs are: " + ", ".join(sorted(self.by_verb)), self.rule
            )
        spec = self.arity[cls.VERB]
        if len(words) - 1 != len(spec):
            want = " ".join([cls.VERB] + [f"<{name}>" for name, _ in spec])
            raise IllegalActionError(f"{text!r}: expected {want!r}", self.rule)
        values: list[int | str | None] = []
        for (name, typ), word in zip(spec, words[1:], strict=True):
            if word == "-" and "None" in str(typ):
                values.append(None)
            elif "int" in str(typ):
                if _WHOLE.fullmatch(word) is None:
                    raise IllegalActionError(f"{text!r}: {name} must be a whole number, not {word!r}", self.rule)
                values.append(int(word))
            else:
                values.append(word)
        return cls(*values)
