"""The places and plain words of the schema errors (``tcgteach.core.schema``): a JSON path as the errors name it
(``cards[3] (C04).effects[0].cost``) and a jsonschema error said in a line. These are the library's error messages
(a ``DataFileError``'s text), not teaching sentences."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

#: a lone surrogate (``"\ud800"`` in JSON): Python keeps it in a str, but no UTF-8 text can hold it
_SURROGATE = re.compile("[\ud800-\udfff]")


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
            if isinstance(ident, str) and len(ident) <= 40 and _SURROGATE.search(ident) is None:
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
    """``value`` written for a message, cut to 60 characters; never raises (a huge number, a lone surrogate,
    an object whose repr fails are all described)."""
    from .schema import int_problem  # (the limit on digits is the schema module's)

    if isinstance(value, int) and not isinstance(value, bool) and int_problem(value):
        return f"a number of {value.bit_length():,} bits"
    if isinstance(value, (list, dict)) and len(value) > 64:
        return f"a {'list' if isinstance(value, list) else 'object'} of {len(value):,} items"
    try:
        text = json.dumps(value, ensure_ascii=False) if _plain(value) else repr(value)
        text.encode("utf-8")
    except Exception:  # noqa: BLE001 -- a lone surrogate, a repr that fails or recurses: described instead
        try:
            text = ascii(value)
        except Exception:  # noqa: BLE001
            text = f"<{type(value).__name__}>"
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
    if kind == "required" and isinstance(inst, dict):
        return _missing(path, value, inst)
    if kind in ("anyOf", "oneOf") and err.context:
        # the branch that got furthest: its deepest first error (a value of the wrong type for every branch
        # says so at the field itself)
        best = max(err.context, key=lambda e: (len(e.absolute_path), -len(e.schema_path)))
        return _message(best)
    if kind in ("not", "false") or err.schema is False:
        return path, "this field is not allowed here"
    words = _value_words(kind, value, inst, sch, got)
    if words is None:
        words = _size_words(kind, value, inst, got)
    return path, str(err.message) if words is None else words


def _missing(path: tuple[str | int, ...], value: Any, inst: dict[str, Any]) -> tuple[tuple[str | int, ...], str]:
    """The message of a ``required`` error: the missing fields."""
    missing = [k for k in value if k not in inst]
    if not path:  # a field of the document itself: named as the place (``(top).format``)
        others = f" (also missing: {', '.join(missing[1:])})" if len(missing) > 1 else ""
        return (missing[0],), f"missing: a required field{others}"
    return path, "missing field" + ("s " if len(missing) > 1 else " ") + ", ".join(repr(k) for k in missing)


def _value_words(kind: str, value: Any, inst: Any, sch: dict[str, Any], got: str) -> str | None:
    """The message of an error about a value's type or its value (None: not one of those keywords)."""
    if kind == "type":
        types = [value] if isinstance(value, str) else list(value)
        if types == ["integer"] and _span(sch):
            return f"expected {_span(sch)}{got}"
        return f"expected {' or '.join(_TYPE_WORDS.get(t, t) for t in types)}{got}"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"expected {_span(sch) or 'a number in range'}{got}"
    if kind == "enum":
        return f"{_short(inst)} is not one of {', '.join(_short(v) for v in value)}"
    if kind == "const":
        return f"expected {_short(value)}{got}"
    if kind == "pattern":
        return f"{_short(inst)} is not of the expected form"
    if kind == "uniqueItems":
        return "an item is given twice"
    return None


def _size_words(kind: str, value: Any, inst: Any, got: str) -> str | None:
    """The message of an error about a size: items, characters, fields (None: not one of those keywords)."""
    if kind == "minItems":
        return f"expected at least {value} item{'s' if value != 1 else ''}, got {len(inst)}"
    if kind == "maxItems":
        return f"expected at most {value} items, got {len(inst)}"
    if kind == "minLength":
        return ("expected a non-empty string" if value == 1 else f"expected at least {value} characters") + got
    if kind == "maxLength":
        return f"expected at most {value} characters, got {len(inst)}"
    if kind == "maxProperties":
        return f"expected at most {value} field{'s' if value != 1 else ''}, got {len(inst)}"
    if kind == "minProperties":
        return f"expected at least {value} field{'s' if value != 1 else ''}"
    return None
