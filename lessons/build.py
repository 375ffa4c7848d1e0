"""Build the lesson notebooks from their sources: one source per lesson, a notebook per language.

    python lessons/build.py            # write notebooks/en/*.ipynb, notebooks/ja/*.ipynb, the start page, the index
    python lessons/build.py --check    # exit 1 if a generated file is stale (tests/test_lessons.py runs this check)

A source ``lessons/NN_name.lesson`` is plain text. A line ``=== <kind> [<lang>]`` starts a cell; ``<kind>`` is
``lesson`` (the header: ``key: value`` lines), ``markdown`` or ``code``; with ``<lang>`` (``en`` or ``ja``) the cell
appears in that language's notebook only; ``#tag`` words after it are cell tags (``=== code #parameters``).
Inside a markdown cell, ``--- en`` and ``--- ja`` start the text of each language; every markdown cell has both
(a test checks it). A code cell is Python shared by both notebooks, where

- ``_("English", "日本語")`` is replaced by the literal of the notebook's language (any two string literals,
  f-strings included): plot labels, printed words, assertion messages, widget presets — ``LANG = _("en", "ja")``;
- a comment line ``# [en] ...`` or ``# [ja] ...`` is kept, as ``# ...``, in that language only.

The header gives ``id`` (the file name of the notebooks), ``game`` (``darkmoon``, ``dragonquest`` or ``both``),
``title.en`` and ``title.ja``. ``lessons/start_here.lesson`` is the start page: one notebook,
``notebooks/00_start_here.ipynb``, whose markdown cells show both languages one after the other. In markdown,
``{{title.ja 02_dragonquest}}`` is that lesson's title, so a list of lessons never drifts from their headers.

The build also writes ``tcgteach/data/lessons.json``: every lesson, its notebooks and the rule IDs it cites (what the
rule explorer lists as "the lessons that teach it").
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO / "lessons"
NOTEBOOKS = REPO / "notebooks"
INDEX = REPO / "tcgteach" / "data" / "lessons.json"
LANGS = ("en", "ja")
START = "start_here"
RULE_ID = re.compile(r"\b(?:DM|DQ)-\d+(?:\.\d+)*[a-z]?\b")
RANGE = re.compile(r"\b((?:DM|DQ)-\d+(?:\.\d+)+)\s*[–-]\s*((?:DM|DQ)-\d+(?:\.\d+)+)\b")
CELL = re.compile(r"^=== (lesson|markdown|code)(?: (en|ja))?((?: #[\w-]+)*)\s*$")
PART = re.compile(r"^--- (en|ja)\s*$")
#: the display name of ipykernel's kernelspec ("python3"), which JupyterLab writes into a notebook it runs
KERNEL_DISPLAY_NAME = "Python 3 (ipykernel)"
#: ipykernel's language_info, which JupyterLab writes into a notebook once its kernel has started (a notebook
#: with other metadata opens marked as modified); the version is the project's reference Python, and the
#: lessons' JupyterLab (lessons/jupyter/jupyter_lab_config.py) shows it as the local Python's
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.11.7",
}
COMMENT = re.compile(r"^(\s*)# \[(en|ja)\] ?(.*)$")


class LessonError(Exception):
    """A lesson source that breaks the format: the message names the file and line."""


@dataclass
class Cell:
    kind: str
    line: int
    only: str | None = None
    tags: list[str] = field(default_factory=list)  # cell tags, e.g. "parameters" (papermill's cell of parameters)
    text: list[str] = field(default_factory=list)  # code
    parts: dict[str, list[str]] = field(default_factory=dict)  # markdown: lang -> lines


@dataclass
class Lesson:
    path: Path
    meta: dict[str, str]
    cells: list[Cell]

    @property
    def id(self) -> str:
        return self.meta["id"]


def _read_cells(path: Path) -> list[Cell]:
    cells: list[Cell] = []
    part: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.relative_to(REPO)}:{number}"
        m = CELL.match(line)
        if m:
            cells.append(Cell(m.group(1), number, m.group(2), m.group(3).split(" #")[1:]))
            part = None
        elif not cells:
            if line.strip():
                raise LessonError(f"{where}: text before the first '=== lesson' line")
        elif cells[-1].kind != "markdown":
            cells[-1].text.append(line)
        elif PART.match(line):
            part = line.split()[1]
            if part in cells[-1].parts or (cells[-1].only and part != cells[-1].only):
                raise LessonError(f"{where}: '--- {part}' again, or in a cell for the other language only")
            cells[-1].parts[part] = []
        elif part is not None:
            cells[-1].parts[part].append(line)
        elif line.strip():
            raise LessonError(f"{where}: markdown text before '--- en' or '--- ja'")
    return cells


def _header(path: Path, cell: Cell) -> dict[str, str]:
    meta: dict[str, str] = {}
    for offset, line in enumerate(cell.text, 1):
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise LessonError(f"{path.relative_to(REPO)}:{cell.line + offset}: expected 'key: value'")
        meta[key.strip()] = value.strip()
    for key in ("id", "game", "title.en", "title.ja"):
        if key not in meta:
            raise LessonError(f"{path.relative_to(REPO)}:{cell.line}: the header lacks '{key}:'")
    return meta


def parse(path: Path) -> Lesson:
    """Read one source; ``LessonError`` names ``file:line`` for anything malformed."""
    cells = _read_cells(path)
    if not cells or cells[0].kind != "lesson":
        raise LessonError(f"{path.relative_to(REPO)}:1: a lesson starts with '=== lesson'")
    meta = _header(path, cells[0])
    for cell in cells[1:]:
        where = f"{path.relative_to(REPO)}:{cell.line}"
        if cell.kind == "lesson":
            raise LessonError(f"{where}: a second '=== lesson'")
        for lang in ([cell.only] if cell.only else list(LANGS)) if cell.kind == "markdown" else []:
            if not "".join(cell.parts.get(lang, [])).strip():
                raise LessonError(f"{where}: this markdown cell has no '--- {lang}' text")
    return Lesson(path, meta, cells[1:])


def _strip(lines: list[str]) -> str:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return "\n".join(lines)


def localize_code(source: str, lang: str, where: str) -> str:
    """The code of a cell in ``lang``: ``_("en", "ja")`` calls become one literal, tagged comments are kept or
    dropped."""
    kept = []
    for line in source.split("\n"):
        m = COMMENT.match(line)
        if m:
            if m.group(2) == lang:
                kept.append(f"{m.group(1)}# {m.group(3)}".rstrip())
            continue
        kept.append(line)
    source = "\n".join(kept)
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        raise LessonError(f"{where}: the code cell is not valid Python (line {e.lineno} of the cell): {e.msg}") from e
    # line starts, to turn (line, column) into an offset; ast columns are UTF-8 byte offsets
    encoded = [line.encode("utf-8") for line in source.split("\n")]
    starts = [0]
    for b in encoded:
        starts.append(starts[-1] + len(b) + 1)
    raw = source.encode("utf-8")
    swaps: list[tuple[int, int, bytes]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"):
            continue
        args = node.args
        ok = len(args) == 2 and not node.keywords
        ok = ok and all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) or isinstance(a, ast.JoinedStr) for a in args
        )
        if not ok:
            raise LessonError(
                f"{where}: _(...) takes two string literals, English then Japanese (line {node.lineno} of the cell)"
            )
        chosen = args[LANGS.index(lang)]
        assert chosen.end_lineno is not None and chosen.end_col_offset is not None and node.end_lineno is not None
        assert node.end_col_offset is not None
        text = raw[
            starts[chosen.lineno - 1] + chosen.col_offset : starts[chosen.end_lineno - 1] + chosen.end_col_offset
        ]
        swaps.append(
            (starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset, text)
        )
    for begin, end, text in sorted(swaps, reverse=True):
        raw = raw[:begin] + text + raw[end:]
    return raw.decode("utf-8")


def _offset(starts: list[int], line: int | None, col: int | None) -> int:
    assert line is not None and col is not None
    return starts[line - 1] + col


def _cell_id(lesson: str, lang: str, index: int) -> str:
    return hashlib.sha1(f"{lesson}/{lang}/{index}".encode()).hexdigest()[:8]


def _markdown(cell: Cell, langs: tuple[str, ...]) -> str:
    texts = [_strip(cell.parts[lang]) for lang in langs if lang in cell.parts]
    return "\n\n".join(texts)


TITLE_REF = re.compile(r"\{\{title\.(en|ja) (\w+)\}\}")


def _titles(text: str, where: str) -> str:
    def title(m: re.Match[str]) -> str:
        path = SOURCES / f"{m.group(2)}.lesson"
        if not path.exists():
            raise LessonError(f"{where}: {m.group(0)} names no lesson (no {path.relative_to(REPO)})")
        return parse(path).meta[f"title.{m.group(1)}"]

    return TITLE_REF.sub(title, text)


def notebook(lesson: Lesson, lang: str) -> dict[str, object]:
    """The notebook of ``lesson`` in ``lang`` (``"both"``: the start page, every text in both languages)."""
    langs = LANGS if lang == "both" else (lang,)
    code_lang = "en" if lang == "both" else lang
    cells: list[dict[str, object]] = []
    for cell in lesson.cells:
        if cell.only and lang != "both" and cell.only != lang:
            continue
        where = f"{lesson.path.relative_to(REPO)}:{cell.line}"
        meta: dict[str, object] = {"tags": list(cell.tags)} if cell.tags else {}
        if cell.kind == "markdown":
            text = _titles(_markdown(cell, langs), where)
            out: dict[str, object] = {"cell_type": "markdown", "metadata": meta, "source": text}
        else:
            source = localize_code(_strip(cell.text), code_lang, where)
            out = {"cell_type": "code", "execution_count": None, "metadata": meta, "outputs": [], "source": source}
        out["id"] = _cell_id(lesson.id, lang, len(cells))
        cells.append(out)
    for c in cells:
        src = str(c["source"])
        c["source"] = [line for line in src.splitlines(keepends=True)]
    return {
        "cells": [{k: c[k] for k in sorted(c)} for c in cells],
        "metadata": {
            # what JupyterLab writes once the kernel has started (ipykernel's kernelspec): a notebook that says
            # otherwise opens marked as modified, and Lab's autosave rewrites it (issue 21)
            "kernelspec": {"display_name": KERNEL_DISPLAY_NAME, "language": "python", "name": "python3"},
            "language_info": LANGUAGE_INFO,
            "tcgteach": {"lesson": lesson.id, "lang": lang, "source": f"lessons/{lesson.path.name}"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def dumps(nb: dict[str, object]) -> str:
    """The notebook's file as JupyterLab saves it (nbformat's writer: sorted keys, one-space indents)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def sources() -> list[Path]:
    return sorted(p for p in SOURCES.glob("*.lesson"))


def _known_rules() -> set[str]:
    sys.path.insert(0, str(REPO))
    import tcgteach

    return {rid for name in ("darkmoon", "dragonquest") for rid in tcgteach.game(name).rule_ids()}


def _rule_of(cited: str, known: set[str]) -> str | None:
    """The rule a cited ID names: itself, or for a step such as ``DQ-6.14.1`` the rule it is a step of."""
    while cited not in known and "." in cited:
        cited = cited.rsplit(".", 1)[0]
    return cited if cited in known else None


def _cited(text: str, known: set[str]) -> set[str]:
    """The rule IDs a text cites; a range ``DM-1.4 – DM-1.6`` cites the rules between as well."""
    found = {r for r in (_rule_of(c, known) for c in RULE_ID.findall(text)) if r}
    for first, last in RANGE.findall(text):
        head, _, a = first.rpartition(".")
        if not last.startswith(head + ".") or not a.isdigit():
            continue
        b = last.rpartition(".")[2]
        if b.isdigit():
            found.update(r for r in (f"{head}.{k}" for k in range(int(a), int(b) + 1)) if r in known)
    return found


def outputs() -> dict[Path, str]:
    """Every generated file and its text."""
    files: dict[Path, str] = {}
    known = _known_rules()
    index = []
    for path in sources():
        lesson = parse(path)
        if path.stem == START:
            files[NOTEBOOKS / f"{lesson.id}.ipynb"] = dumps(notebook(lesson, "both"))
            continue
        if path.stem != lesson.id:
            raise LessonError(f"{path.relative_to(REPO)}: the header's id {lesson.id!r} is not the file name")
        cited: set[str] = set()
        for lang in LANGS:
            nb = notebook(lesson, lang)
            text = dumps(nb)
            files[NOTEBOOKS / lang / f"{lesson.id}.ipynb"] = text
            for c in nb["cells"]:  # type: ignore[attr-defined]
                cited.update(_cited("".join(c["source"]), known))
        index.append(
            {
                "id": lesson.id,
                "game": lesson.meta["game"],
                "title": {"en": lesson.meta["title.en"], "ja": lesson.meta["title.ja"]},
                "notebooks": {lang: f"{lang}/{lesson.id}.ipynb" for lang in LANGS},
                "rules": sorted(cited, key=_rule_key),
            }
        )
    files[INDEX] = (
        json.dumps({"format": "tcgteach-lessons", "version": 1, "lessons": index}, indent=1, ensure_ascii=False) + "\n"
    )
    return files


def _rule_key(rid: str) -> tuple[object, ...]:
    head, _, rest = rid.partition("-")
    parts: list[object] = [head]
    for piece in rest.split("."):
        digits = re.match(r"\d+", piece)
        parts.append(int(digits.group()) if digits else 0)
        parts.append(piece[digits.end() :] if digits else piece)
    return tuple(parts)


def stale() -> list[Path]:
    """The generated files that differ from what the sources give (or are missing), and stray ones."""
    want = outputs()
    bad = [p for p, text in want.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    for lang in LANGS:
        for p in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
            if p not in want:
                bad.append(p)
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report stale generated files (exit 1 if any)")
    args = ap.parse_args(argv)
    try:
        if args.check:
            bad = stale()
            for p in bad:
                print(f"stale: {p.relative_to(REPO)} (run: python lessons/build.py)")
            if not bad:
                print(f"{len(outputs())} generated lesson files up to date")
            return 1 if bad else 0
        for p, text in outputs().items():
            p.parent.mkdir(parents=True, exist_ok=True)
            if not p.exists() or p.read_text(encoding="utf-8") != text:
                p.write_text(text, encoding="utf-8")
                print(f"wrote {p.relative_to(REPO)}")
        for lang in LANGS:
            for p in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
                if p not in outputs():
                    p.unlink()
                    print(f"removed {p.relative_to(REPO)} (no source)")
    except LessonError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
