"""Reading the package's data files (cards, decks, rule texts) with errors that name file and field."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import DataFileError

LANGS = ("en", "ja")


def read_text(path: str | Path, limit: int | None = None) -> str:
    """The UTF-8 text of a file of at most ``limit`` bytes (``MAX_FILE_BYTES``); ``DataFileError`` otherwise."""
    from .schema import MAX_FILE_BYTES

    limit = MAX_FILE_BYTES if limit is None else limit
    path = Path(path)
    try:
        with path.open("rb") as fh:
            raw = fh.read(limit + 1)  # never more than the limit, whatever the file (a pipe, a growing file)
    except OSError as exc:
        raise DataFileError(str(path), "", f"cannot be read: {exc.strerror or exc}") from None
    except ValueError as bad_name:  # a name no file can have: a NUL byte, a lone surrogate (UnicodeEncodeError)
        raise DataFileError(str(path), "", f"cannot be a file name ({type(bad_name).__name__}: {bad_name})") from None
    if len(raw) > limit:
        raise DataFileError(str(path), "", f"larger than {limit:,} bytes: tcgteach reads files up to that size")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(str(path), f"byte {exc.start}", "not UTF-8 text") from None


def load_json(path: str | Path) -> Any:
    """A JSON file of at most ``MAX_FILE_BYTES``, nested at most ``MAX_DEPTH`` deep; ``DataFileError`` naming
    the file and the line (or the JSON path) otherwise."""
    from .schema import MAX_DEPTH, MAX_INT_DIGITS, MAX_VALUES, check_json, file_fail

    text = read_text(path)
    file = str(path)
    # before parsing: a lower bound of its values (the commas between them, strings left out) in one C pass
    commas = _STRINGS.sub("", text).count(",")
    if commas >= MAX_VALUES:
        raise DataFileError(
            file,
            "",
            f"more than {MAX_VALUES:,} values ({commas:,} commas between them): tcgteach reads files up to that size",
        )
    try:
        data = _loads(text)
    except _LongNumber as long_number:  # (its own name: compiled, one name holds one exception type)
        digits = str(long_number.args[0])
        raise DataFileError(
            file,
            _place(text, text.find(digits)),
            f"a whole number of {len(digits):,} digits: tcgteach takes at most {MAX_INT_DIGITS}",
        ) from None
    except json.JSONDecodeError as exc:
        raise DataFileError(file, f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}") from None
    except RecursionError:  # deeper than the interpreter's stack: find the line without recursing
        raise DataFileError(file, _deep_place(text, MAX_DEPTH), f"nested more than {MAX_DEPTH} levels deep") from None
    check_json(data, file_fail(file))
    return data


#: ``schema.MAX_INT_DIGITS`` (kept here: ``_whole_number`` runs once per number of a file)
_MAX_DIGITS = 40
#: a JSON string, escapes included (to count what lies between the strings)
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def _loads(text: str) -> Any:
    """``json.loads``; a whole number longer than ``MAX_INT_DIGITS`` raises ``_LongNumber`` (Python's ``int``
    refuses one past 4,300 digits with a bare ValueError; one of 41 to 4,300 digits is refused later, with
    its JSON path, by ``check_json``): the text is read again with a checking hook to find it."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:
        return json.loads(text, parse_int=_whole_number)


class _LongNumber(Exception):
    """A whole number in a JSON text longer than ``MAX_INT_DIGITS`` digits (its text is the argument)."""


def _whole_number(text: str) -> int:
    """``int(text)`` for ``json.loads``, refusing a number too long before Python converts it."""
    if len(text) > _MAX_DIGITS and len(text.lstrip("-")) > _MAX_DIGITS:
        raise _LongNumber(text)
    return int(text)


def _place(text: str, index: int) -> str:
    """``line L column C`` of character ``index`` of ``text``."""
    if index < 0:
        return ""
    line = text.count("\n", 0, index) + 1
    return f"line {line} column {index - (text.rfind(chr(10), 0, index) + 1) + 1}"


def _deep_place(text: str, depth: int) -> str:
    """``line L column C`` where the nesting of ``text`` first goes deeper than ``depth`` (strings skipped)."""
    level, in_string, escape, line, col = 0, False, False, 1, 0
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        if in_string:
            escape, in_string = (False, True) if escape else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            if level > depth:
                return f"line {line} column {col}"
        elif ch in "]}":
            level -= 1
    return "(top)"


def validate_file(data: Any, schema: str, file: str) -> None:
    """``data`` (read from ``file``) fits the shipped schema ``schema``; ``DataFileError`` at the first problem."""
    from .schema import file_fail, validate

    validate(data, schema, file_fail(file))


def parse_deck_file(
    data: Any, file: str, pool: Any, fmt: str, validate: Any, side_rule: str, pool_rule: str, *, checked: bool = False
) -> dict[str, dict[str, Any]]:
    """Starter decks ``{"id", "name", "style", "cards": {card id: count}}`` from a deck-list file: the schema
    ``tcgteach-<game>-decks`` first (``side_rule`` is the rule it cites for a side deck), then the rules it
    cannot state: unique deck IDs, every card in the pool (``pool_rule``) and ``validate(cards, pool)``
    (the game's deck-construction rules). ``checked``: the data already fits its schema."""
    from .schema import where

    if not checked:
        validate_file(data, fmt.removeprefix("tcgteach-"), file)
    decks: dict[str, dict[str, Any]] = {}
    for i, raw in enumerate(data["decks"]):
        did = raw["id"]
        if did in decks:
            raise DataFileError(file, where(data, ("decks", i, "id")), f"duplicate deck id {did!r}")
        cards: list[str] = []
        for cid, n in raw["cards"].items():
            if cid not in pool:
                raise DataFileError(
                    file,
                    where(data, ("decks", i, "cards", cid)),
                    f"unknown card id ({pool_rule}: not in the card pool)",
                )
            cards.extend([cid] * n)
        violations = validate(cards, pool)
        if violations:
            raise DataFileError(
                file, where(data, ("decks", i)), "illegal deck: " + "; ".join(str(v) for v in violations)
            )
        decks[did] = {"cards": tuple(cards), "name": dict(raw["name"]), "style": dict(raw["style"])}
    return decks


#: the mark of a fixed reading (an [interpretation] of the spec that is not an engine option)
FIXED = "fixed"


class RuleTexts(dict):  # type: ignore[type-arg]
    """Rule ID -> entry, read from ``file``. Each entry: ``{"title": {en, ja}, "text": {en, ja},
    "interpretation": (...), "automation": (...)}``: the marks of the rule's readings (empty when the rule is
    not a reading) and the options for automated play only that bound it (a simulation's safeguard)."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file
        self.checked_options: Any = None


def load_rule_texts(
    path: str | Path, prefix: str, options: Mapping[str, Any] | None = None, *, checked: bool = False
) -> RuleTexts:
    """Rule ID -> {"title": {en, ja}, "text": {en, ja}, "interpretation": marks} from a ``tcgteach-rules``
    file (schema ``rules``). With ``options`` (name -> OptionSpec) the named interpretations are checked
    against them. ``checked``: the file is one of the package's own, which the test suite validates
    against its schema (so no process pays for importing jsonschema to read it again)."""
    from .schema import where

    file = str(path)
    data = load_json(path)
    if not checked:
        validate_file(data, "rules", file)
    out = RuleTexts(file)
    for rid, entry in data["rules"].items():
        if not rid.startswith(prefix + "-"):
            raise DataFileError(file, where(data, ("rules", rid)), f"rule IDs of this file start with {prefix}-")
        marks = entry.get("interpretation")
        auto = entry.get("automation", ())
        out[rid] = {
            "title": dict(entry["title"]),
            "text": dict(entry["text"]),
            "interpretation": () if marks is None else tuple(marks) if isinstance(marks, list) else (marks,),
            "automation": tuple(auto) if isinstance(auto, list) else (auto,) if auto else (),
        }
    if options is not None:
        check_rule_options(out, options)
    return out


def check_rule_options(texts: RuleTexts, options: Mapping[str, Any]) -> None:
    """Every named interpretation, and every option for automated play (``automation``), must be an engine
    option (name -> OptionSpec) that settles that rule."""
    for rid, entry in texts.items():
        for field, mark in [("interpretation", m) for m in entry["interpretation"]] + [
            ("automation", m) for m in entry.get("automation", ())
        ]:
            if mark == FIXED and field == "interpretation":
                continue
            where = f"rules.{rid}.{field}"
            spec = options.get(mark)
            if spec is None:
                raise DataFileError(
                    texts.file,
                    where,
                    f"{mark!r} is not an engine option of this game (the options are: "
                    f"{', '.join(options) or 'none'}; a fixed reading is {FIXED!r})",
                )
            if getattr(spec, "rule", rid) != rid:
                raise DataFileError(texts.file, where, f"option {mark!r} settles {spec.rule}, not {rid}")
