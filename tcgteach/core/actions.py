"""Actions are values: frozen, slotted, hashable dataclasses with a text form that round-trips.

``str(action)`` gives a short text such as ``play 12`` or ``pick 7``; ``Action.parse(text, state)``
(or ``game.parse_action(text)``) reads it back. Field types are ``int`` (card instance numbers,
slots, counts) or ``str``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalActionError

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
        return state.game.parse_action(text)


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
                try:
                    values.append(int(word))
                except ValueError:
                    raise IllegalActionError(
                        f"{text!r}: {name} must be a whole number, not {word!r}", self.rule
                    ) from None
            else:
                values.append(word)
        return cls(*values)
