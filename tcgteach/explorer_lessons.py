"""The lessons of ``tcgteach/data/lessons.json`` and the rules each teaches (for
:func:`tcgteach.explorer.where`): a lesson listing ``DM-4`` teaches ``DM-4.4`` and ``DM-4.4a``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .core.checks import check_lang, check_text
from .core.errors import DataFileError
from .explorer_examples import ancestors
from .i18n import pick

LESSONS_FILE = Path(__file__).parent / "data" / "lessons.json"


# -- lessons ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """One lesson of ``lessons.json``: its id, game (a game's name or ``"both"``), title and notebooks
    (en/ja, relative to ``notebooks/``) and the rule IDs it lists."""

    id: str
    game: str
    title: Mapping[str, str]
    notebooks: Mapping[str, str]
    rules: tuple[str, ...]

    def notebook(self, lang: str) -> str:
        """The notebook in ``lang`` (the English one when there is none), relative to ``notebooks/``."""
        check_lang(lang)
        return pick(self.notebooks, lang)

    def teaches(self, rule: str) -> str | None:
        """The listed rule that makes this lesson teach ``rule``: ``rule`` itself, or a rule it belongs to
        (``DM-4`` teaches ``DM-4.4``, ``DM-4.4`` teaches ``DM-4.4a``); None if it does not."""
        for r in (rule, *ancestors(rule)):
            if r in self.rules:
                return r
        return None


@dataclass(frozen=True)
class LessonRef:
    """A lesson that teaches a rule, and ``via``: the rule of the lesson's list that made it (the rule
    itself or one it belongs to)."""

    lesson: Lesson
    via: str


def _read_lessons(path: Path) -> tuple[Lesson, ...]:
    name = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataFileError(name, "", f"cannot be read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise DataFileError(name, f"line {exc.lineno}", f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("format") != "tcgteach-lessons":
        raise DataFileError(name, "format", "expected 'tcgteach-lessons'")
    if data.get("version") != 1:
        raise DataFileError(name, "version", f"this tcgteach reads version 1, not {data.get('version')!r}")
    items = data.get("lessons")
    if not isinstance(items, list):
        raise DataFileError(name, "lessons", "expected a list")
    return tuple(_read_lesson(name, f"lessons[{i}]", raw) for i, raw in enumerate(items))


def _read_lesson(name: str, where: str, raw: Any) -> Lesson:
    """One entry of the file ``name`` (at ``where``), checked."""
    if not isinstance(raw, dict):
        raise DataFileError(name, where, "expected an object")
    for key in ("id", "game", "title", "notebooks", "rules"):
        if key not in raw:
            raise DataFileError(name, f"{where}.{key}", "missing")
    if not isinstance(raw["rules"], list) or not all(isinstance(r, str) for r in raw["rules"]):
        raise DataFileError(name, f"{where}.rules", "expected a list of rule IDs")
    for key in ("title", "notebooks"):
        if not isinstance(raw[key], dict) or "en" not in raw[key]:
            raise DataFileError(name, f"{where}.{key}", "expected an object with 'en' (and 'ja')")
    return Lesson(str(raw["id"]), str(raw["game"]), raw["title"], raw["notebooks"], tuple(raw["rules"]))


@lru_cache(maxsize=4)
def _lessons_at(path: Path) -> tuple[Lesson, ...]:
    return _read_lessons(path) if path.exists() else ()


def lessons(game: str | None = None) -> tuple[Lesson, ...]:
    """The lessons of ``lessons.json`` (those of ``game`` and of both games, if given); none before the
    file is built."""
    found = _lessons_at(LESSONS_FILE)
    return found if game is None else tuple(x for x in found if x.game in (game, "both"))


def lessons_teaching(game: str, rule: str) -> tuple[LessonRef, ...]:
    """The lessons that teach ``rule``: those that list it or a rule it belongs to. A chapter heading is
    also taught, in part, by a lesson that lists only some of its rules (``via`` names the first)."""
    check_text(rule, "rule", limit=200)
    out = []
    for lesson in lessons(game):
        via = lesson.teaches(rule)
        if via is None:
            via = next((r for r in lesson.rules if rule in ancestors(r)), None)
        if via is not None:
            out.append(LessonRef(lesson, via))
    return tuple(out)
