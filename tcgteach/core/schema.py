"""The JSON Schemas shipped with the package, and validation whose errors name the file and the place.

Every file tcgteach reads (card pools, deck lists, teaching positions, saved states, rule texts) has a
schema in ``tcgteach/data/schemas/`` (Draft 2020-12, with ``title``/``description`` for a designer's
editor: point VS Code's ``json.schemas`` or a ``"$schema"`` key at it). A file is checked in three
steps, each stopping at the first problem:

1. it is plain JSON of bounded size (``MAX_FILE_BYTES``, ``MAX_VALUES`` values in all), depth
   (``MAX_DEPTH``), whole numbers (``MAX_INT_DIGITS``) and text (no lone surrogates: every string can be
   written as UTF-8); ``check_json``, one linear pass without recursion;
2. it fits its schema (``jsonschema``); of the first ``MAX_PROBLEMS`` errors found (the search stops there:
   a file of two million bad items costs no more than one of twenty), the first in document order is
   reported, with the JSON path of the place (``cards[3] (C04).effects[0].cost``) and a message in plain
   words (a schema's ``errorMessage``, which VS Code shows as well, when it has one);
3. the rules the schema cannot state (unique IDs, deck construction, formation) are checked by the
   loader, each citing its rule ID.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Iterator
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

from .errors import DataFileError
from .schemaplace import _SURROGATE, _message, _order, _short, where

#: where the schemas live (shipped as package data)
SCHEMAS = Path(__file__).resolve().parent.parent / "data" / "schemas"
#: the largest file tcgteach reads (a card pool of 1,000 cards or a long game's saved state is far smaller)
MAX_FILE_BYTES = 4 * 1024 * 1024
#: the deepest nesting of lists and objects a file may have (the package's own files nest at most 8 deep)
MAX_DEPTH = 64
#: the most JSON values (every object, list, string, number, true/false/null counted once) in one file: a
#: saved state of the longest game has about 100,000, a card pool of 1,000 cards about 40,000
MAX_VALUES = 250_000
#: the most digits of a whole number anywhere in a file (a seed or a count never needs more; Python refuses
#: to convert more than 4,300 digits to text, and JavaScript loses precision past 16)
MAX_INT_DIGITS = 40
#: the schema search stops after this many errors (one is reported, with a count of the others)
MAX_PROBLEMS = 20

#: schema name -> (file name, title): every schema the package ships
NAMES = (
    "darkmoon-cards",
    "darkmoon-decks",
    "dragonquest-cards",
    "dragonquest-decks",
    "dragonquest-position",
    "state",
    "rules",
    "deck",
    "puzzles",
)

Fail = Callable[[str, str], Exception]


def schema_file(name: str) -> Path:
    """The path of a shipped schema, e.g. ``schema_file("darkmoon-cards")``."""
    if name not in NAMES:
        raise DataFileError("schemas", name, f"no such schema; the schemas are: {', '.join(NAMES)}")
    return SCHEMAS / f"{name}.schema.json"


@cache
def schema(name: str) -> dict[str, Any]:
    """A shipped schema as a dict (read once)."""
    data: dict[str, Any] = json.loads(schema_file(name).read_text(encoding="utf-8"))
    return data


def _jsonschema() -> Any:
    """``jsonschema``, imported when first needed. Its optional IRI format checker (``rfc3987_syntax``,
    which Jupyter installs) compiles a grammar on import, about two seconds: tcgteach asserts no
    formats, so that module is kept out when this is the first import of jsonschema in the process."""
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # makes its import fail: skipped
        try:
            import jsonschema  # type: ignore[import-untyped]
        finally:
            del sys.modules["rfc3987_syntax"]
    else:
        import jsonschema
    return jsonschema


def _is_int(checker: Any, instance: Any) -> bool:
    """A whole number is a JSON integer literal: not true/false, not 1.0 (which JSON Schema calls an integer)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def validator(name: str) -> Any:
    """The Draft 2020-12 validator of a shipped schema, with strict integers (see ``_is_int``): jsonschema's,
    or where jsonschema cannot be imported (the offline JupyterLite site has no ``rpds-py``, which it needs)
    ``SubsetValidator``, which checks the keywords these schemas use the same way (a test compares the two
    on thousands of corrupted files)."""
    try:
        js = _jsonschema()
    except ImportError:
        return SubsetValidator(schema(name))
    base = js.Draft202012Validator
    items, error = base.VALIDATORS["items"], js.ValidationError

    def bounded_items(v: Any, value: Any, instance: Any, sch: Any) -> Any:
        # a list longer than its maxItems is reported as such, without checking its items one by one
        if not (isinstance(instance, list) and len(instance) > sch.get("maxItems", len(instance))):
            yield from items(v, value, instance, sch)

    def unique_items(v: Any, value: Any, instance: Any, sch: Any) -> Any:
        # one pass over the items (jsonschema compares every pair of items it cannot sort)
        if value and isinstance(instance, list) and len(instance) <= sch.get("maxItems", len(instance)):
            if _has_duplicate(instance):
                yield error(f"{_short(instance)} has non-unique elements")

    strict = js.validators.extend(
        base,
        validators={"items": bounded_items, "uniqueItems": unique_items},
        type_checker=base.TYPE_CHECKER.redefine("integer", _is_int),
    )
    return strict(schema(name))


def _canonical_item(value: Any) -> Any:
    """A hashable key equal for JSON-equal values (1 and 1.0 alike, true and 1 not): for ``uniqueItems``."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return (type(value).__name__, value)
    if isinstance(value, (int, float)):
        return ("number", value)  # hash(1) == hash(1.0) and 1 == 1.0
    if isinstance(value, list):
        return ("list", tuple(_canonical_item(v) for v in value))
    if isinstance(value, dict):
        return ("object", frozenset((k, _canonical_item(v)) for k, v in value.items()))
    return ("other", id(value))


def _has_duplicate(items: list[Any]) -> bool:
    seen: set[Any] = set()
    for item in items:
        key = _canonical_item(item)
        if key in seen:
            return True
        seen.add(key)
    return False


class SchemaError:
    """One error of ``SubsetValidator``, with the attributes of a ``jsonschema.ValidationError`` that
    ``problems`` reads."""

    def __init__(
        self,
        validator: str | None,
        value: Any,
        instance: Any,
        sch: Any,
        path: tuple[str | int, ...],
        schema_path: tuple[str | int, ...],
        context: list[SchemaError] | None = None,
    ) -> None:
        self.validator = validator
        self.validator_value = value
        self.instance = instance
        self.schema = sch
        self.absolute_path = path
        self.schema_path = schema_path
        self.context = context or []
        self.message = f"{_short(instance)} fails {validator}"


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1 (jsonschema's ``equal``)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class SubsetValidator:
    """A Draft 2020-12 validator of the keywords the shipped schemas use (type, enum, const, required,
    properties, additionalProperties, propertyNames, items, min/maxItems, uniqueItems, min/maxLength,
    pattern, minimum, maximum, min/maxProperties, allOf, anyOf, not, if/then/else, local ``$ref``), for
    where jsonschema is not available. Its errors come in jsonschema's order, with its attributes."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def _ref(self, ref: str) -> Any:
        if not ref.startswith("#/"):
            raise DataFileError("schemas", ref, "only local $ref (#/...) are supported")
        node: Any = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def iter_errors(self, instance: Any) -> Iterator[SchemaError]:
        return self._errors(instance, self.root, (), ())

    def _valid(self, instance: Any, sch: Any) -> bool:
        return next(self._errors(instance, sch, (), ()), None) is None

    def _errors(
        self, inst: Any, sch: Any, path: tuple[str | int, ...], spath: tuple[str | int, ...]
    ) -> Iterator[SchemaError]:
        """The errors of ``inst`` against ``sch``, found one at a time (a caller may stop at any point): each
        keyword of ``sch`` in its order, checked by its method in ``_KEYWORDS`` (a keyword not there is none
        of the subset's: ignored, as JSON Schema ignores unknown keywords)."""
        if sch is True:
            return
        if sch is False:
            yield SchemaError(None, None, inst, False, path, spath)
            return
        at = _At(inst, sch, path, spath, isinstance(inst, list) and len(inst) > sch.get("maxItems", len(inst)))
        for kind, value in sch.items():
            check = _KEYWORDS.get(kind)
            if check is not None:
                yield from check(self, at, kind, value)

    # -- one method per keyword: (at, kind, value) -> the errors -------------------------------------------
    def _k_ref(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        yield from self._errors(at.inst, self._ref(value), at.path, at.spath + (kind,))

    def _k_type(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        types = [value] if isinstance(value, str) else value
        if not any(_TYPES[t](at.inst) for t in types):
            yield at.err(kind, value)

    def _k_enum(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if not any(_equal(at.inst, v) for v in value):
            yield at.err(kind, value)

    def _k_const(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if not _equal(at.inst, value):
            yield at.err(kind, value)

    def _k_required(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if isinstance(at.inst, dict):
            for k in value:
                if k not in at.inst:
                    yield at.err(kind, value)

    def _k_properties(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if isinstance(at.inst, dict):
            for k, sub in value.items():
                if k in at.inst:
                    yield from self._errors(at.inst[k], sub, at.path + (k,), at.spath + (kind, k))

    def _k_additional(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if not isinstance(at.inst, dict):
            return
        known = at.sch.get("properties", {})
        if value is False:
            if any(k not in known for k in at.inst):
                yield at.err(kind, value)
            return
        for k in at.inst:
            if k not in known:
                yield from self._errors(at.inst[k], value, at.path + (k,), at.spath + (kind,))

    def _k_property_names(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if isinstance(at.inst, dict):
            for k in at.inst:
                yield from self._errors(k, value, at.path, at.spath + (kind,))

    def _k_items(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if isinstance(at.inst, list) and not at.too_long:  # a list over its maxItems: reported as such, unchecked
            for i, item in enumerate(at.inst):
                yield from self._errors(item, value, at.path + (i,), at.spath + (kind,))

    def _k_min_size(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        inst = at.inst
        if isinstance(inst, (list, str, dict)) and _SIZED[kind](inst) and len(inst) < value:
            yield at.err(kind, value)

    def _k_max_size(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        inst = at.inst
        if isinstance(inst, (list, str, dict)) and _SIZED[kind](inst) and len(inst) > value:
            yield at.err(kind, value)

    def _k_unique(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if value and isinstance(at.inst, list) and not at.too_long and _has_duplicate(at.inst):
            yield at.err(kind, value)

    def _k_pattern(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if isinstance(at.inst, str) and _pattern(value).search(at.inst) is None:
            yield at.err(kind, value)

    def _k_bound(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        inst = at.inst
        if _TYPES["number"](inst) and ((inst < value) if kind == "minimum" else (inst > value)):
            yield at.err(kind, value)

    def _k_all_of(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        for i, sub in enumerate(value):
            yield from self._errors(at.inst, sub, at.path, at.spath + (kind, i))

    def _k_any_of(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if any(self._valid(at.inst, sub) for sub in value):
            return
        context = [
            e
            for i, sub in enumerate(value)
            for e in islice(self._errors(at.inst, sub, at.path, at.spath + (kind, i)), MAX_PROBLEMS)
        ]
        yield SchemaError(kind, value, at.inst, at.sch, at.path, at.spath + (kind,), context)

    def _k_not(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        if self._valid(at.inst, value):
            yield at.err(kind, value)

    def _k_if(self, at: _At, kind: str, value: Any) -> Iterator[SchemaError]:
        branch = "then" if self._valid(at.inst, value) else "else"
        if branch in at.sch:
            yield from self._errors(at.inst, at.sch[branch], at.path, at.spath + (branch,))


class _At:
    """Where ``SubsetValidator._errors`` is: the instance, its schema, their paths, and whether the instance is a
    list over its ``maxItems`` (its items and uniqueness are then not checked)."""

    __slots__ = ("inst", "sch", "path", "spath", "too_long")

    def __init__(
        self, inst: Any, sch: Any, path: tuple[str | int, ...], spath: tuple[str | int, ...], too_long: bool
    ) -> None:
        self.inst, self.sch, self.path, self.spath, self.too_long = inst, sch, path, spath, too_long

    def err(self, kind: str, value: Any) -> SchemaError:
        return SchemaError(kind, value, self.inst, self.sch, self.path, self.spath + (kind,))


_KEYWORD = Callable[[SubsetValidator, _At, str, Any], Iterator[SchemaError]]
#: the keywords of the subset, each with its check
_KEYWORDS: dict[str, _KEYWORD] = {
    "$ref": SubsetValidator._k_ref,
    "type": SubsetValidator._k_type,
    "enum": SubsetValidator._k_enum,
    "const": SubsetValidator._k_const,
    "required": SubsetValidator._k_required,
    "properties": SubsetValidator._k_properties,
    "additionalProperties": SubsetValidator._k_additional,
    "propertyNames": SubsetValidator._k_property_names,
    "items": SubsetValidator._k_items,
    "minItems": SubsetValidator._k_min_size,
    "minLength": SubsetValidator._k_min_size,
    "minProperties": SubsetValidator._k_min_size,
    "maxItems": SubsetValidator._k_max_size,
    "maxLength": SubsetValidator._k_max_size,
    "maxProperties": SubsetValidator._k_max_size,
    "uniqueItems": SubsetValidator._k_unique,
    "pattern": SubsetValidator._k_pattern,
    "minimum": SubsetValidator._k_bound,
    "maximum": SubsetValidator._k_bound,
    "allOf": SubsetValidator._k_all_of,
    "anyOf": SubsetValidator._k_any_of,
    "not": SubsetValidator._k_not,
    "if": SubsetValidator._k_if,
}


_SIZED: dict[str, Callable[[Any], bool]] = {
    "minItems": lambda v: isinstance(v, list),
    "maxItems": lambda v: isinstance(v, list),
    "minLength": lambda v: isinstance(v, str),
    "maxLength": lambda v: isinstance(v, str),
    "minProperties": lambda v: isinstance(v, dict),
    "maxProperties": lambda v: isinstance(v, dict),
}


@cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


# -- plain JSON, bounded ----------------------------------------------------------------------------------
#: a whole number has at most ``MAX_INT_DIGITS`` digits: checked on its bits, without writing it out
_INT_BITS = int(MAX_INT_DIGITS * math.log2(10))


def int_problem(value: int) -> str | None:
    """Why a whole number is too long for tcgteach (more than ``MAX_INT_DIGITS`` digits), or None."""
    if value.bit_length() <= _INT_BITS:
        return None
    digits = int(value.bit_length() * math.log10(2)) + 1
    return f"a whole number of about {digits:,} digits: tcgteach takes at most {MAX_INT_DIGITS}"


def text_problem(text: str) -> str | None:
    """Why a string cannot be written as UTF-8 (a lone surrogate, ``"\ud800"``), or None."""
    found = _SURROGATE.search(text)
    if found is None:
        return None
    return f"a lone surrogate (U+{ord(found.group()):04X}) at character {found.start()}: not a character of any text"


def _deep(doc: Any, path: tuple[str | int, ...]) -> str:
    """The place of a too-deep value: its first steps, then how far down it is (not 64 steps written out)."""
    return where(doc, path) if len(path) <= 6 else f"{where(doc, path[:6])}... ({len(path)} levels down)"


def check_json(value: Any, fail: Fail, max_depth: int = MAX_DEPTH, max_values: int = MAX_VALUES) -> None:
    """``value`` is what ``json.loads`` could have made, and tcgteach can hold it: objects with string keys,
    lists, strings without lone surrogates, whole numbers of at most ``MAX_INT_DIGITS`` digits, finite
    numbers, true/false/null; nested at most ``max_depth`` deep, at most ``max_values`` values in all.
    One pass, no recursion, stopping at the first problem (whatever the size of the rest)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    count = 0
    while stack:
        v, path = stack.pop()
        count += 1
        if count > max_values:
            raise fail(
                where(value, path),
                f"more than {max_values:,} values (lists, objects, strings, numbers): "
                "tcgteach reads files up to that size",
            )
        if isinstance(v, (dict, list)):
            if len(path) >= max_depth:
                raise fail(_deep(value, path), f"nested more than {max_depth} levels deep")
            if count + len(stack) + len(v) > max_values:  # (also bounds the work list: no path is made first)
                raise fail(
                    where(value, path), f"more than {max_values:,} values in all: tcgteach reads files up to that size"
                )
            if isinstance(v, dict):
                _push_items(value, v, path, stack, fail)
            else:
                stack.extend((item, path + (i,)) for i, item in enumerate(v))
        else:
            problem = _scalar_problem(v)
            if problem is not None:
                raise fail(where(value, path), problem)


def _push_items(
    doc: Any,
    obj: dict[Any, Any],
    path: tuple[str | int, ...],
    stack: list[tuple[Any, tuple[str | int, ...]]],
    fail: Fail,
) -> None:
    """``check_json``: the keys of an object checked, its values put on the work list."""
    for k, item in obj.items():
        if not isinstance(k, str):
            raise fail(where(doc, path), f"a key must be a string, not {_short(k)}")
        problem = text_problem(k)
        if problem is not None:
            raise fail(where(doc, path), f"a key holds {problem}")
        stack.append((item, path + (k,)))


def _scalar_problem(v: Any) -> str | None:
    """``check_json``: why a value that is no list or object is not one tcgteach holds, or None."""
    if isinstance(v, str):
        return text_problem(v)
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return int_problem(v)
    if isinstance(v, float):
        return None if math.isfinite(v) else f"{v!r} is not a JSON number"
    return f"not a JSON value: {type(v).__name__} (use lists, objects, strings, numbers)"


def problems(data: Any, name: str, *, subset: bool = False, limit: int = MAX_PROBLEMS) -> list[tuple[str, str]]:
    """The schema errors of ``data`` as (where, message), in document order (the place first named first):
    of the first ``limit`` errors the search finds (it stops there, so a file of a million bad items costs
    no more than one of twenty); each (where, message) once. ``subset``: with ``SubsetValidator`` even
    where jsonschema is available (the tests compare the two)."""
    found: list[tuple[tuple[int, ...], int, str, str]] = []
    seen: set[tuple[str, str]] = set()
    checker = SubsetValidator(schema(name)) if subset else validator(name)
    for err in islice(checker.iter_errors(data), limit):
        path, message = _message(err)
        w = where(data, path)
        if err.validator in ("additionalProperties", "required") and len(path) == 1 and not err.absolute_path:
            w = f"(top).{w}"  # an unknown or missing field of the document itself
        if (w, message) not in seen:
            seen.add((w, message))
            found.append((_order(data, path), len(found), w, message))
    found.sort()
    return [(w, m) for _, _, w, m in found]


def validate(data: Any, name: str, fail: Fail) -> None:
    """Check ``data`` against the shipped schema ``name``: plain bounded JSON first, then the schema;
    raise ``fail(where, message)`` for the first problem in document order (saying how many more, or
    that there are at least ``MAX_PROBLEMS``)."""
    check_json(data, fail)
    found = problems(data, name)
    if found:
        w, message = found[0]
        more = len(found) - 1
        if len(found) >= MAX_PROBLEMS:
            message += f" (and at least {more} more problems: the check stops after {MAX_PROBLEMS})"
        elif more:
            message += f" (and {more} more problem{'s' if more > 1 else ''})"
        raise fail(w, message)


def file_fail(file: str) -> Fail:
    """``fail`` for ``validate`` that raises ``DataFileError(file, where, message)``."""
    return lambda w, m: DataFileError(file, w, m)


__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_PROBLEMS",
    "MAX_VALUES",
    "NAMES",
    "SCHEMAS",
    "check_json",
    "problems",
    "schema",
    "validate",
    "where",
]
