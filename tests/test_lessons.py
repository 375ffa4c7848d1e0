"""The lessons: one source per lesson (lessons/*.lesson), a notebook per language generated from it.

The generated notebooks and tcgteach/data/lessons.json are committed; a stale one fails here, as for diagrams/.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tcgteach

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lessons"))
import build  # noqa: E402  (lessons/build.py, the generator)

JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")  # kana, kanji, full-width forms
SOURCES = sorted((ROOT / "lessons").glob("*.lesson"))
LESSONS = [p for p in SOURCES if p.stem != build.START]


def cells(lang: str, lesson: str) -> list[tuple[str, str]]:
    nb = json.loads((ROOT / "notebooks" / lang / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def test_generated_notebooks_are_up_to_date() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "lessons" / "build.py"), "--check"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_lesson_exists_in_both_languages() -> None:
    """Lessons 00-04, 06 and 07 (05 is the classroom app, a notebook of its own)."""
    ids = [build.parse(p).id for p in LESSONS]
    assert [i[:2] for i in ids] == ["00", "01", "02", "03", "04", "06", "07"], ids
    for lang in ("en", "ja"):
        assert sorted(p.stem for p in (ROOT / "notebooks" / lang).glob("*.ipynb")) == ids


@pytest.mark.parametrize("source", LESSONS, ids=lambda p: p.stem)
def test_the_english_notebook_has_no_japanese_and_the_japanese_one_no_english_prose(source: Path) -> None:
    lesson = build.parse(source).id
    for kind, text in cells("en", lesson):
        assert not JA.search(text), f"en/{lesson}: Japanese in a {kind} cell: {text[:200]!r}"
    for kind, text in cells("ja", lesson):
        if kind != "markdown":
            continue
        for para in re.split(r"\n\s*\n", text):
            # a paragraph of prose (not a table row, code, a formula) must be Japanese
            words = re.sub(r"`[^`]*`|\$[^$]*\$|\([^)]*\)|\[[^\]]*\]", "", para)
            if para.lstrip().startswith(("|", "```", "<")) or len(re.findall(r"[A-Za-z]{3,}", words)) < 6:
                continue
            assert JA.search(words), f"ja/{lesson}: an English paragraph: {para[:200]!r}"
        assert "TODO" not in text, f"ja/{lesson}: a TODO is left"


def test_lesson_index_lists_each_lessons_rules_and_they_exist() -> None:
    index = json.loads((ROOT / "tcgteach" / "data" / "lessons.json").read_text(encoding="utf-8"))
    assert index["format"] == "tcgteach-lessons"
    assert [e["id"] for e in index["lessons"]] == [build.parse(p).id for p in LESSONS]
    known = set(tcgteach.game("darkmoon").rule_ids()) | set(tcgteach.game("dragonquest").rule_ids())
    for entry in index["lessons"]:
        assert entry["rules"], entry["id"]
        unknown = [r for r in entry["rules"] if r not in known]
        assert not unknown, f"{entry['id']} cites rules that do not exist: {unknown}"
        for lang in ("en", "ja"):
            assert (ROOT / "notebooks" / entry["notebooks"][lang]).exists()


def test_code_is_localized_literal_by_literal() -> None:
    src = (
        'LANG = _("en", "ja")\nprint(_(f"{n} points", f"{n}点"))  # a comment\n# [en] English only\n# [ja] 日本語だけ\n'
    )
    assert build.localize_code(src, "en", "x") == 'LANG = "en"\nprint(f"{n} points")  # a comment\n# English only\n'
    assert build.localize_code(src, "ja", "x") == 'LANG = "ja"\nprint(f"{n}点")  # a comment\n# 日本語だけ\n'


def test_a_malformed_source_names_its_file_and_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "REPO", tmp_path)
    bad = tmp_path / "bad.lesson"
    bad.write_text(
        "=== lesson\nid: bad\ngame: darkmoon\ntitle.en: x\ntitle.ja: x\n=== markdown\n--- en\nonly English\n"
    )
    with pytest.raises(build.LessonError, match=r"bad.lesson:6: .*no '--- ja' text"):
        build.parse(bad)
    with pytest.raises(build.LessonError, match=r"two string literals"):
        build.localize_code('_("only one")', "en", "bad.lesson:9")
    with pytest.raises(build.LessonError, match=r"bad.lesson:9: the code cell is not valid Python"):
        build.localize_code("def (", "en", "bad.lesson:9")


def test_the_start_page_names_each_lesson_by_its_own_title() -> None:
    start = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    prose = "\n".join("".join(c["source"]) for c in start["cells"] if c["cell_type"] == "markdown")
    assert "{{" not in prose
    for path in LESSONS:
        meta = build.parse(path).meta
        for lang in ("en", "ja"):
            assert f"[{meta['title.' + lang]}]({lang}/{meta['id']}.ipynb)" in prose, (meta["id"], lang)
