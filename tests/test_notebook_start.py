"""The start page and the classroom notebook: what they promise is there when they run."""

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from tests.test_notebooks import NOTEBOOKS, execute, rel, text_of
else:
    from test_notebooks import NOTEBOOKS, execute, rel, text_of  # pytest's rootdir-based import: tests/ on sys.path

ROOT = Path(__file__).resolve().parents[1]


def notebook(name: str) -> Any:  # an executed nbformat.NotebookNode (no type hints)
    return execute(NOTEBOOKS[[rel(p) for p in NOTEBOOKS].index(name)])


def test_first_look_demos_both_games_live() -> None:
    nb = notebook("en/00_first_look.ipynb")
    out = text_of(nb)
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "DARK MOON" in prose and "Dragon Quest Card Game" in prose
    assert re.search(r"\[DM-4\.4\] Reveal: .* matches", out), "the DARK MOON demo shows a reveal"
    assert "tcg-board tcg-dm" in out and "tcg-flow" in out  # board and highlighted graph of the demo
    assert "DQ-7.8" in out and "strikes first" in out  # the combat arithmetic of the Dragon Quest demo
    assert "application/vnd.jupyter.widget-view+json" in str(nb)  # the stepper to click through


def test_first_look_in_japanese_demos_both_games_in_japanese() -> None:
    import html

    import tcgteach

    nb = notebook("ja/00_first_look.ipynb")
    out = html.unescape(text_of(nb))
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "DARK MOON" in prose and "ドラゴンクエスト カードゲーム" in prose and "デッキがそのままライフ" in prose
    assert tcgteach.game("dragonquest").title["ja"] in out  # the games listed by their Japanese titles
    assert re.search(r"\[DM-4\.4\] 公開：[^\n<]*一致：場へ", out), "the DARK MOON demo shows a reveal, in Japanese"
    assert "tcg-board tcg-dm" in out and "tcg-flow" in out and "メインフェイズ" in out
    # the combat arithmetic of the Dragon Quest demo, in Japanese, with its rules
    assert "選べる行動：" in out and re.search(r"素早さ 2 > 1：[^\n]*先（DQ-7\.8）", out)
    assert "strikes first" not in out and "Attacker" not in out
    assert "1手進める" in str(nb)  # the stepper, in Japanese
    # the glossary of both games, in Japanese first, with the English term beside it
    from tcgteach.glossary import terms

    assert "読み" in out and all(f"<b>{t.ja}</b>" in out and t.en in out for t in terms())
    for link in ("](01_darkmoon.ipynb)", "](04_compare_designs.ipynb)", "](../05_classroom.ipynb)"):
        assert link in prose, link


def test_start_page_links_every_lesson_in_both_languages_and_says_how_to_run_one() -> None:
    nb = notebook("00_start_here.ipynb")
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for lang in ("en", "ja"):
        lessons = sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))
        assert len(lessons) == 7, lessons  # 00-04, 06 and 07 (05 is the classroom app)
        for path in lessons:
            assert f"]({lang}/{path.name})" in prose, f"the start page misses {lang}/{path.name}"
    assert "](05_classroom.ipynb)" in prose
    # how to run a notebook, in both languages
    for needle in ("Run All", "Shift+Enter", "動かし方", "上から順に"):
        assert needle in prose, needle


def test_readme_first_command_opens_the_start_page() -> None:
    readme = (ROOT / "README.md").read_text()
    found = re.search(r"```bash\n(.*?)\n", readme)
    assert found is not None, "no bash block in the README"
    first = found.group(1)
    assert first.startswith("bash run.sh lessons")
    run = (ROOT / "run.sh").read_text()
    # the lessons branch: comments, the settings export and the echo line, then the exec of JupyterLab
    branch = re.search(r"  lessons\)\n(?:\s+(?:#|echo |export ).*\n)*\s+exec (.*)\n", run)
    assert branch is not None, "no lessons branch in run.sh"
    lessons = branch.group(1)
    assert "notebooks/00_start_here.ipynb" in lessons and "jupyter lab" in lessons
    assert "voila notebooks/05_classroom.ipynb" in run


def test_classroom_notebook_shows_the_app() -> None:
    nb = notebook("05_classroom.ipynb")
    codes = [c.source for c in nb.cells if c.cell_type == "code"]
    assert any("Classroom(" in c for c in codes)
    assert "application/vnd.jupyter.widget-view+json" in str(nb)
    assert not [
        o
        for c in nb.cells
        for o in c.get("outputs", [])
        if o.get("output_type") == "stream" and o.get("name") == "stderr" and "Traceback" in o.get("text", "")
    ]
