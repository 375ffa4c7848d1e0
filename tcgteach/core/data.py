"""Reading the package's data files (cards, decks, rule texts) with errors that name file and field."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .errors import DataFileError

LANGS = ("en", "ja")


def load_json(path: str | Path) -> Any:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(str(path), "", f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise DataFileError(str(path), f"byte {exc.start}", "not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(str(path), f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}") from None


class Reader:
    """Small typed accessors that raise ``DataFileError(file, 'cards[3].number', ...)``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, message: str) -> DataFileError:
        return DataFileError(self.file, where, message)

    def obj(self, value: Any, where: str, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {type(value).__name__}")
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in required:
            if key not in value:
                raise self.fail(where, f"missing field {key!r}")
        for key in value:
            if key not in allowed:
                raise self.fail(f"{where}.{key}", f"unknown field (allowed: {', '.join(sorted(allowed))})")
        return value

    def string(self, value: Any, where: str, *, choices: Iterable[str] | None = None, empty: bool = False) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            raise self.fail(where, f"expected a non-empty string, got {value!r}")
        if choices is not None:
            choices = tuple(choices)
            if value not in choices:
                raise self.fail(where, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def integer(self, value: Any, where: str, lo: int, hi: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(where, f"expected a whole number from {lo} to {hi}, got {value!r}")
        return value

    def texts(self, value: Any, where: str, *, empty: bool = False) -> dict[str, str]:
        value = self.obj(value, where, LANGS)
        return {lang: self.string(value[lang], f"{where}.{lang}", empty=empty) for lang in LANGS}

    def lst(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {type(value).__name__}")
        return value

    def header(self, data: Any, fmt: str, list_key: str) -> list[Any]:
        data = self.obj(data, "(top)", ("format", "version", list_key), ("game",))
        if data["format"] != fmt:
            raise self.fail("format", f"expected {fmt!r}, got {data['format']!r}")
        if data["version"] != 1:
            raise self.fail("version", f"unsupported version {data['version']!r} (this tcgteach reads version 1)")
        items: list[Any] = data[list_key]
        return items


def parse_deck_file(
    data: Any, file: str, pool: Any, fmt: str, validate: Any, side_rule: str, pool_rule: str
) -> dict[str, dict[str, Any]]:
    """Starter decks ``{"id", "name", "style", "cards": {card id: count}}``, each checked with
    ``validate(cards, pool)`` (the game's deck-construction rules)."""
    r = Reader(file)
    entries = r.lst(r.header(data, fmt, "decks"), "decks")
    decks: dict[str, dict[str, Any]] = {}
    for i, raw in enumerate(entries):
        w = f"decks[{i}]"
        if isinstance(raw, dict) and ({"side", "sideboard", "side_deck"} & set(raw)):
            raise r.fail(w, f"{side_rule}: a deck has no side deck (sideboard)")
        raw = r.obj(raw, w, ("id", "name", "style", "cards"))
        did = r.string(raw["id"], f"{w}.id")
        if did in decks:
            raise r.fail(f"{w}.id", f"duplicate deck id {did!r}")
        if not isinstance(raw["cards"], dict):
            raise r.fail(f"{w}.cards", "expected an object of card ID to count")
        cards: list[str] = []
        for cid, n in raw["cards"].items():
            if cid not in pool:
                raise r.fail(f"{w}.cards.{cid}", f"unknown card id ({pool_rule}: not in the card pool)")
            cards.extend([cid] * r.integer(n, f"{w}.cards.{cid}", 1, 99))
        violations = validate(cards, pool)
        if violations:
            raise r.fail(f"{w} ({did})", "illegal deck: " + "; ".join(str(v) for v in violations))
        decks[did] = {
            "cards": tuple(cards),
            "name": r.texts(raw["name"], f"{w}.name"),
            "style": r.texts(raw["style"], f"{w}.style"),
        }
    return decks


#: the mark of a fixed reading (an [interpretation] of the spec that is not an engine option)
FIXED = "fixed"


class RuleTexts(dict):  # type: ignore[type-arg]
    """Rule ID -> entry, read from ``file``. Each entry: ``{"title": {en, ja}, "text": {en, ja},
    "interpretation": (...)}``; the last is a tuple of marks, empty when the rule is not a reading."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file
        self.checked_options: Any = None


def _interpretation(r: Reader, value: Any, where: str) -> tuple[str, ...]:
    """``null`` | ``"fixed"`` | an option name | a list of them (a rule with several readings)."""
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    if not items:
        raise r.fail(where, "an empty list: write null for a rule that is not an interpretation")
    marks: list[str] = []
    for i, item in enumerate(items):
        w = f"{where}[{i}]" if isinstance(value, list) else where
        if not isinstance(item, str) or not item.isidentifier() or item != item.lower():
            raise r.fail(w, f"expected null, {FIXED!r} or an engine option name (lower_case), got {item!r}")
        if item in marks:
            raise r.fail(w, f"{item!r} is given twice")
        marks.append(item)
    return tuple(marks)


def load_rule_texts(path: str | Path, prefix: str, options: Mapping[str, Any] | None = None) -> RuleTexts:
    """Rule ID -> {"title": {en, ja}, "text": {en, ja}, "interpretation": marks} from a ``tcgteach-rules``
    file. With ``options`` (name -> OptionSpec) the named interpretations are checked against them."""
    r = Reader(str(path))
    data = load_json(path)
    rules = r.header(data, "tcgteach-rules", "rules")
    if not isinstance(rules, dict):
        raise r.fail("rules", "expected an object of rule ID to texts")
    out = RuleTexts(str(path))
    for rid, entry in rules.items():
        if not rid.startswith(prefix + "-"):
            raise r.fail(f"rules.{rid}", f"rule IDs of this file start with {prefix}-")
        entry = r.obj(entry, f"rules.{rid}", ("title", "text"), ("interpretation",))
        out[rid] = {
            "title": r.texts(entry["title"], f"rules.{rid}.title"),
            "text": r.texts(entry["text"], f"rules.{rid}.text"),
            "interpretation": _interpretation(r, entry.get("interpretation"), f"rules.{rid}.interpretation"),
        }
    if options is not None:
        check_rule_options(out, options)
    return out


def check_rule_options(texts: RuleTexts, options: Mapping[str, Any]) -> None:
    """Every named interpretation must be an engine option (name -> OptionSpec) that settles that rule."""
    r = Reader(texts.file)
    for rid, entry in texts.items():
        for mark in entry["interpretation"]:
            if mark == FIXED:
                continue
            where = f"rules.{rid}.interpretation"
            spec = options.get(mark)
            if spec is None:
                raise r.fail(
                    where,
                    f"{mark!r} is not an engine option of this game (the options are: "
                    f"{', '.join(options) or 'none'}; a fixed reading is {FIXED!r})",
                )
            if getattr(spec, "rule", rid) != rid:
                raise r.fail(where, f"option {mark!r} settles {spec.rule}, not {rid}")
