"""Engine options: every named [interpretation] of the rules is an option with a default."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError, shown

#: a positive whole number as typed: ASCII digits only (``str.isdigit`` is also true of "²", which ``int``
#: refuses, and ``int`` takes "３" and "1_000"), at most 18 of them
_WHOLE = re.compile(r"[0-9]{1,18}")
#: the largest value of a limit option (a turn cap of a billion is no cap; a larger number would not even
#: fit a saved state's JSON in every reader)
MAX_LIMIT = 1_000_000_000


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, default, allowed values, the rule it settles and what it means."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    rule: str
    explain: Mapping[str, str]
    #: one line per value, en/ja: what the engine does with that value
    values: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)
    #: "choice": one of ``choices``; "int_or_none": a positive int or None (no limit)
    kind: str = "choice"
    #: the value that reproduces the engine's behaviour before this option existed: a saved state or
    #: record that does not name the option is read with it (never silently under the new default)
    legacy: Any = None

    def check(self, value: Any, game: str) -> Any:
        """``value`` checked and converted for this option (``OptionError`` naming the game, the option and its rule
        otherwise)."""
        if self.kind == "int_or_none":
            if value is None or (isinstance(value, str) and value.lower() in ("none", "off", "")):
                return None
            if isinstance(value, int) and not isinstance(value, bool):
                number = value
            elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                number = int(value)
            else:
                number = 0
            if not 0 < number <= MAX_LIMIT:
                raise OptionError(
                    f"{game} option {self.name!r} ({self.rule}): {shown(value)} is not a whole number from 1 to "
                    f"{MAX_LIMIT:,} or None"
                )
            return number
        if isinstance(value, str) and all(isinstance(c, bool) for c in self.choices):
            word = value.strip().lower()
            if word in ("true", "yes", "on", "1"):
                value = True
            elif word in ("false", "no", "off", "0"):
                value = False
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        raise OptionError(
            f"{game} option {self.name!r} ({self.rule}): {shown(value)} is not one of "
            + ", ".join(repr(c) for c in self.choices)
        )

    def describe(self, lang: str = "en") -> str:
        """The option in one line: its name, the rule it reads and what it does, in ``lang``."""
        return f"{self.name} ({self.rule}): {self.explain.get(lang, self.explain['en'])}"


class Options(Mapping[str, Any]):
    """The options of one game, validated: a read-only mapping name -> value.

    ``options.specs[name]`` has the default, the allowed values and the en/ja explanation.
    """

    __slots__ = ("game", "specs", "_values")

    # given: Any, a public boundary checked here (compiled, unpacking a typed item is mypyc's bare TypeError
    # for a key that is not a str, e.g. {None: 1})
    def __init__(self, game: str, specs: tuple[OptionSpec, ...], given: Any = None) -> None:
        self.game = game
        self.specs = {s.name: s for s in specs}
        values = {s.name: s.default for s in specs}
        if given is not None:
            if not isinstance(given, Mapping):
                raise OptionError(f"{game} options must be a mapping of name to value, not {type(given).__name__}")
            for name, value in given.items():
                spec = self.specs.get(name)
                if spec is None:
                    known = ", ".join(self.specs) or "none"
                    raise OptionError(f"unknown {game} option {shown(name)}; the options are: {known}")
                values[name] = spec.check(value, game)
        self._values = values

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Options({self.game}, {self._values!r})"

    def non_default(self) -> dict[str, Any]:
        """The options whose value differs from their default (what a record or a report needs to name)."""
        return {k: v for k, v in self._values.items() if v != self.specs[k].default}

    def table(self, lang: str = "en") -> list[dict[str, Any]]:
        """One row per option: name, value, default, choices, rule, explanation (in ``lang``)."""
        rows = []
        for name, spec in self.specs.items():
            rows.append(
                {
                    "name": name,
                    "value": self._values[name],
                    "default": spec.default,
                    "choices": spec.choices,
                    "rule": spec.rule,
                    "explain": spec.explain.get(lang, spec.explain["en"]),
                }
            )
        return rows

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(
            f"<tr><td><code>{escape(r['name'])}</code></td><td>{escape(str(r['value']))}</td>"
            f"<td>{escape(str(r['default']))}</td><td>{escape(r['rule'])}</td><td>{escape(r['explain'])}</td></tr>"
            for r in self.table()
        )
        return (
            f"<table><tr><th>option</th><th>value</th><th>default</th><th>rule</th><th>meaning</th></tr>{rows}</table>"
        )


def options_of_file(specs: Mapping[str, OptionSpec], saved: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a saved state or game record: what it names, and for an option it does not name
    (written before that option existed) the value that reproduces the engine of that time
    (``OptionSpec.legacy``), so an old file is never silently replayed under a newer default rule."""
    out = dict(saved)
    for name, spec in specs.items():
        if name not in out and spec.legacy is not None:
            out[name] = spec.legacy
    return out
