"""The JSON Schemas shipped with the package, and validation whose errors name the file and the place.

Every file tcgteach reads (card pools, deck lists, teaching positions, saved states, rule texts) has a
schema in ``tcgteach/data/schemas/`` (Draft 2020-12, with ``title``/``description`` for a designer's
editor: point VS Code's ``json.schemas`` or a ``"$schema"`` key at it). A file is checked in three
steps, each stopping at the first problem:

1. it is plain JSON of bounded size and depth (``MAX_FILE_BYTES``, ``MAX_DEPTH``; ``check_json``);
2. it fits its schema (``jsonschema``); the first error in document order is reported, with the
   JSON path of the place (``cards[3] (C04).effects[0].cost``) and a message in plain words (a
   schema's ``errorMessage``, which VS Code shows as well, when it has one);
3. the rules the schema cannot state (unique IDs, deck construction, formation) are checked by the
   loader, each citing its rule ID.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .errors import DataFileError

#: where the schemas live (shipped as package data)
SCHEMAS = Path(__file__).resolve().parent.parent / "data" / "schemas"
#: the largest file tcgteach reads (a card pool of 1,000 cards or a long game's saved state is far smaller)
MAX_FILE_BYTES = 4 * 1024 * 1024
#: the deepest nesting of lists and objects a file may have (the package's own files nest at most 8 deep)
MAX_DEPTH = 64

#: schema name -> (file name, title): every schema the package ships
NAMES = (
    "darkmoon-cards",
    "darkmoon-decks",
    "dragonquest-cards",
    "dragonquest-decks",
    "dragonquest-position",
    "state",
    "rules",
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
    strict = js.validators.extend(base, type_checker=base.TYPE_CHECKER.redefine("integer", _is_int))
    return strict(schema(name))


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

    def iter_errors(self, instance: Any) -> list[SchemaError]:
        return self._errors(instance, self.root, (), ())

    def _valid(self, instance: Any, sch: Any) -> bool:
        return not self._errors(instance, sch, (), ())

    def _errors(  # noqa: C901 -- one branch per keyword
        self, inst: Any, sch: Any, path: tuple[str | int, ...], spath: tuple[str | int, ...]
    ) -> list[SchemaError]:
        if sch is True:
            return []
        if sch is False:
            return [SchemaError(None, None, inst, False, path, spath)]
        out: list[SchemaError] = []

        def err(kind: str, value: Any) -> None:
            out.append(SchemaError(kind, value, inst, sch, path, spath + (kind,)))

        for kind, value in sch.items():
            if kind == "$ref":
                out += self._errors(inst, self._ref(value), path, spath + (kind,))
            elif kind == "type":
                types = [value] if isinstance(value, str) else value
                if not any(_TYPES[t](inst) for t in types):
                    err(kind, value)
            elif kind == "enum":
                if not any(_equal(inst, v) for v in value):
                    err(kind, value)
            elif kind == "const":
                if not _equal(inst, value):
                    err(kind, value)
            elif kind == "required" and isinstance(inst, dict):
                out += [SchemaError(kind, value, inst, sch, path, spath + (kind,)) for k in value if k not in inst]
            elif kind == "properties" and isinstance(inst, dict):
                for k, sub in value.items():
                    if k in inst:
                        out += self._errors(inst[k], sub, path + (k,), spath + (kind, k))
            elif kind == "additionalProperties" and isinstance(inst, dict):
                extra = [k for k in inst if k not in sch.get("properties", {})]
                if value is False:
                    if extra:
                        err(kind, value)
                else:
                    for k in extra:
                        out += self._errors(inst[k], value, path + (k,), spath + (kind,))
            elif kind == "propertyNames" and isinstance(inst, dict):
                for k in inst:
                    out += self._errors(k, value, path, spath + (kind,))
            elif kind == "items" and isinstance(inst, list):
                for i, item in enumerate(inst):
                    out += self._errors(item, value, path + (i,), spath + (kind,))
            elif kind in ("minItems", "minLength", "minProperties"):
                if isinstance(inst, (list, str, dict)) and _SIZED[kind](inst) and len(inst) < value:
                    err(kind, value)
            elif kind in ("maxItems", "maxLength", "maxProperties"):
                if isinstance(inst, (list, str, dict)) and _SIZED[kind](inst) and len(inst) > value:
                    err(kind, value)
            elif kind == "uniqueItems" and value and isinstance(inst, list):
                if any(_equal(a, b) for i, a in enumerate(inst) for b in inst[i + 1 :]):
                    err(kind, value)
            elif kind == "pattern" and isinstance(inst, str):
                if _pattern(value).search(inst) is None:
                    err(kind, value)
            elif kind in ("minimum", "maximum") and _TYPES["number"](inst):
                if (inst < value) if kind == "minimum" else (inst > value):
                    err(kind, value)
            elif kind == "allOf":
                for i, sub in enumerate(value):
                    out += self._errors(inst, sub, path, spath + (kind, i))
            elif kind == "anyOf":
                context = [e for i, sub in enumerate(value) for e in self._errors(inst, sub, path, spath + (kind, i))]
                if not any(self._valid(inst, sub) for sub in value):
                    out.append(SchemaError(kind, value, inst, sch, path, spath + (kind,), context))
            elif kind == "not":
                if self._valid(inst, value):
                    err(kind, value)
            elif kind == "if":
                branch = "then" if self._valid(inst, value) else "else"
                if branch in sch:
                    out += self._errors(inst, sch[branch], path, spath + (branch,))
        return out


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
def check_json(value: Any, fail: Fail, max_depth: int = MAX_DEPTH) -> None:
    """``value`` is what ``json.loads`` could have made: objects with string keys, lists, strings, whole
    or finite numbers, true/false/null, nested at most ``max_depth`` deep. Iterative (no recursion)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        v, path = stack.pop()
        if isinstance(v, dict):
            if len(path) >= max_depth:
                raise fail(where(value, path), f"nested more than {max_depth} levels deep")
            for k, item in v.items():
                if not isinstance(k, str):
                    raise fail(where(value, path), f"a key must be a string, not {k!r}")
                stack.append((item, path + (k,)))
        elif isinstance(v, list):
            if len(path) >= max_depth:
                raise fail(where(value, path), f"nested more than {max_depth} levels deep")
            stack.extend((item, path + (i,)) for i, item in enumerate(v))
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise fail(where(value, path), f"{v!r} is not a JSON number")
        elif v is not None and not isinstance(v, (str, int)):
            raise fail(
                where(value, path), f"not a JSON value: {type(v).__name__} (use lists, objects, strings, numbers)"
            )


# -- JSON paths ---------------------------------------------------------------------------------------------
def where(doc: Any, path: Iterable[str | int]) -> str:
    """The place ``path`` points to in ``doc``, as the errors name it: ``cards[3] (C04).effects[0].cost``
    (a list item that has an ``id`` is followed by it), ``(top)`` for the document itself."""
    out = ""
    node = doc
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
            node = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
            ident = node.get("id") if isinstance(node, dict) else None
            if isinstance(ident, str) and len(ident) <= 40:
                out += f" ({ident})"
        else:
            key = step if step and all(c.isalnum() or c in "_-." for c in step) else json.dumps(step)
            out += f".{key}" if out else key
            node = node.get(step) if isinstance(node, dict) else None
    return out or "(top)"


def _order(doc: Any, path: Sequence[str | int]) -> tuple[int, ...]:
    """Where ``path`` comes in the document, for sorting errors: list indices and key positions."""
    key: list[int] = []
    node = doc
    for step in path:
        if isinstance(node, list) and isinstance(step, int):
            key.append(step)
            node = node[step] if 0 <= step < len(node) else None
        elif isinstance(node, dict) and isinstance(step, str):
            keys = list(node)
            key.append(keys.index(step) if step in node else len(keys))
            node = node.get(step)
        else:
            key.append(0)
            node = None
    return tuple(key)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if _plain(value) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _plain(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "a string",
    "object": "an object",
    "array": "a list",
    "boolean": "true or false",
    "null": "null",
}


def _span(sch: dict[str, Any]) -> str | None:
    lo, hi = sch.get("minimum"), sch.get("maximum")
    if lo is not None and hi is not None:
        return f"a whole number from {lo} to {hi}"
    if lo is not None:
        return f"a whole number >= {lo}"
    if hi is not None:
        return f"a whole number <= {hi}"
    return None


def _message(err: Any) -> tuple[tuple[str | int, ...], str]:
    """(path, message) of one jsonschema error, in plain words."""
    path = tuple(err.absolute_path)
    sch = err.schema if isinstance(err.schema, dict) else {}
    kind, value, inst = err.validator, err.validator_value, err.instance
    custom = sch.get("errorMessage")  # a schema's own words for any error of its keywords (VS Code shows them too)
    got = f", got {_short(inst)}"
    if isinstance(custom, str):
        shown = got if kind in ("type", "enum", "const", "pattern", "minimum", "maximum", "minLength") else ""
        return path, custom + shown
    if kind == "additionalProperties" and isinstance(inst, dict):
        allowed = sorted(sch.get("properties", {}))
        extra = [k for k in inst if k not in sch.get("properties", {})]
        path = path + (extra[0],) if extra else path
        return path, f"unknown field (allowed: {', '.join(allowed)})"
    if kind == "type":
        types = [value] if isinstance(value, str) else list(value)
        if types == ["integer"] and _span(sch):
            return path, f"expected {_span(sch)}{got}"
        return path, f"expected {' or '.join(_TYPE_WORDS.get(t, t) for t in types)}{got}"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return path, f"expected {_span(sch) or 'a number in range'}{got}"
    if kind == "enum":
        return path, f"{_short(inst)} is not one of {', '.join(_short(v) for v in value)}"
    if kind == "const":
        return path, f"expected {_short(value)}{got}"
    if kind == "required" and isinstance(inst, dict):
        missing = [k for k in value if k not in inst]
        if not path:  # a field of the document itself: named as the place (``(top).format``)
            others = f" (also missing: {', '.join(missing[1:])})" if len(missing) > 1 else ""
            return (missing[0],), f"missing: a required field{others}"
        return path, "missing field" + ("s " if len(missing) > 1 else " ") + ", ".join(repr(k) for k in missing)
    if kind == "minItems":
        return path, f"expected at least {value} item{'s' if value != 1 else ''}, got {len(inst)}"
    if kind == "maxItems":
        return path, f"expected at most {value} items, got {len(inst)}"
    if kind == "minLength":
        return path, ("expected a non-empty string" if value == 1 else f"expected at least {value} characters") + got
    if kind == "maxLength":
        return path, f"expected at most {value} characters, got {len(inst)}"
    if kind == "pattern":
        return path, f"{_short(inst)} is not of the expected form"
    if kind == "maxProperties":
        return path, f"expected at most {value} field{'s' if value != 1 else ''}, got {len(inst)}"
    if kind == "minProperties":
        return path, f"expected at least {value} field{'s' if value != 1 else ''}"
    if kind == "uniqueItems":
        return path, "an item is given twice"
    if kind in ("not", "false") or err.schema is False:
        return path, "this field is not allowed here"
    if kind in ("anyOf", "oneOf") and err.context:
        # the branch that got furthest: its deepest first error (a value of the wrong type for every branch
        # says so at the field itself)
        best = max(err.context, key=lambda e: (len(e.absolute_path), -len(e.schema_path)))
        return _message(best)
    return path, str(err.message)


def problems(data: Any, name: str, *, subset: bool = False) -> list[tuple[str, str]]:
    """Every schema error of ``data`` as (where, message), in document order (the place first named first).
    ``subset``: with ``SubsetValidator`` even where jsonschema is available (the tests compare the two)."""
    found: list[tuple[tuple[int, ...], int, str, str]] = []
    checker = SubsetValidator(schema(name)) if subset else validator(name)
    for err in checker.iter_errors(data):
        path, message = _message(err)
        w = where(data, path)
        if err.validator in ("additionalProperties", "required") and len(path) == 1 and not err.absolute_path:
            w = f"(top).{w}"  # an unknown or missing field of the document itself
        found.append((_order(data, path), len(found), w, message))
    found.sort()
    out: list[tuple[str, str]] = []
    for _, _, w, m in found:
        if (w, m) not in out:
            out.append((w, m))
    return out


def validate(data: Any, name: str, fail: Fail) -> None:
    """Check ``data`` against the shipped schema ``name``: plain bounded JSON first, then the schema;
    raise ``fail(where, message)`` for the first problem in document order (saying how many more)."""
    check_json(data, fail)
    found = problems(data, name)
    if found:
        w, message = found[0]
        more = len(found) - 1
        raise fail(w, message + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""))


def file_fail(file: str) -> Fail:
    """``fail`` for ``validate`` that raises ``DataFileError(file, where, message)``."""
    return lambda w, m: DataFileError(file, w, m)


__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "NAMES", "SCHEMAS", "check_json", "problems", "schema", "validate", "where"]
