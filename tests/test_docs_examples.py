"""The examples people read run: the README's Python blocks in order, and every ``>>>`` in the package's docstrings.

A README block that shows results is written as a doctest (``>>>`` lines and the output they print): it runs as
one, so every shown result is checked (``...`` stands for a part that changes, such as an address). A block
without ``>>>`` is a script: it runs, and a comment in it may say what a line is for but may not show a result
(a comment that starts like a value, ``# [``, ``# (``, ``# '``, fails the test: write the block as a doctest).
A README block that cannot run here (it needs a notebook display, a remote Dask scheduler or a long
simulation) starts with the line ``# not run by the tests: <reason>``; there may be at most two.
"""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import tcgteach

ROOT = Path(__file__).resolve().parents[1]
SKIP = re.compile(r"#\s*not run by the tests:\s*\S")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def readme_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python[ \t]*\n(.*?)^```[ \t]*$", text, re.S | re.M)


def _skipped(block: str) -> bool:
    first = block.lstrip("\n").splitlines()[0] if block.strip() else ""
    return bool(SKIP.match(first))


def test_readme_has_python_blocks_and_few_are_skipped() -> None:
    blocks = readme_blocks()
    assert len(blocks) >= 4
    skipped = [b for b in blocks if _skipped(b)]
    assert len(skipped) <= 2, skipped
    # the marker is only honoured as a block's first line
    assert not [b for b in blocks if not _skipped(b) and "not run by the tests" in b]


#: a script block's comment that shows a value (a list, a tuple, a string) instead of saying what a line is for
SHOWN_RESULT = re.compile(r"#\s*[\[(']")


def _is_doctest(block: str) -> bool:
    return block.lstrip().startswith(">>>")


def test_readme_script_blocks_show_no_unchecked_results() -> None:
    shown = [
        line.strip()
        for block in readme_blocks()
        if not _is_doctest(block) and not _skipped(block)
        for line in block.splitlines()
        if SHOWN_RESULT.search(line)
    ]
    assert not shown, f"README.md shows results outside a doctest (write the block with >>>): {shown}"
    # the rule can fail: the tour's old form showed the starter decks in a comment
    assert SHOWN_RESULT.search("game.starter_decks()                          # ['ensemble', 'spotlight', 'tempo']")


def test_readme_python_blocks_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every README block runs, in order, in one namespace (a later block uses the tour's ``state``); a doctest
    block's shown results are compared with what it prints."""
    monkeypatch.chdir(tmp_path)  # a block writes dq.csv
    namespace: dict[str, Any] = {"__name__": "__readme__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    ran = doctests = 0
    for i, block in enumerate(readme_blocks(), 1):
        if _skipped(block):
            continue
        name = f"README.md python block {i}"
        if _is_doctest(block):
            test = parser.get_doctest(block, namespace, name, "README.md", 0)
            report = io.StringIO()
            result = runner.run(test, out=report.write, clear_globs=False)
            assert result.failed == 0, f"{name}: a shown result differs\n{report.getvalue()}"
            assert result.attempted > 0
            namespace.update(test.globs)  # (the doctest ran in a copy)
            doctests += 1
        else:
            try:
                exec(compile(block, name, "exec"), namespace)
            except Exception as exc:  # pragma: no cover - the message is the point
                pytest.fail(f"{name} failed: {type(exc).__name__}: {exc}\n{block}")
        ran += 1
    assert ran >= 4 and doctests >= 2  # the tour and the own-cards example show their results


def _modules() -> Iterator[ModuleType]:
    yield tcgteach  # walk_packages lists what is under the package, not the package itself
    for info in pkgutil.walk_packages(tcgteach.__path__, "tcgteach."):
        if info.name.rsplit(".", 1)[-1] == "__main__":  # runs the command line when imported
            continue
        yield importlib.import_module(info.name)


def test_docstring_examples_run_as_doctests() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = io.StringIO()
    modules = 0
    for module in _modules():
        modules += 1
        for test in finder.find(module):
            runner.run(test, out=report.write)
    result = runner.summarize(verbose=False)
    assert modules > 10
    assert result.attempted > 0  # 12 when this was written: tcgteach 3, tcgteach.lesson 6, tcgteach.sim 3
    assert result.failed == 0, report.getvalue()
