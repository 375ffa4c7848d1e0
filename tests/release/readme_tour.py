"""README.md's tour (the Python blocks of its section "A tour", before its first subsection), run by
tests/test_release.py with the python of a fresh virtual environment that holds the built wheel with the
``notebooks`` extra: what a new user copies first, on the package as published rather than the checkout.

Usage: python readme_tour.py README.md. The blocks share one namespace, in order, as a user pastes them into one
notebook. A block written as a doctest (``>>>`` lines) is checked as one (its shown results must match); a plain
block is executed. Prints one line per block and exits non-zero on the first failure, with its traceback.
"""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path
from typing import Any

#: a fenced Python block of the README
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def tour_blocks(readme: str) -> list[str]:
    """The Python blocks between the heading "## A tour" and the next heading of any level below it."""
    start = readme.index("\n## A tour\n")
    rest = readme[start + 1 :]
    nxt = re.search(r"^#{2,4} ", rest[len("## A tour\n") :], re.M)
    section = rest if nxt is None else rest[: len("## A tour\n") + nxt.start()]
    return FENCE.findall(section)


def run(blocks: list[str]) -> None:
    """Run each block in one shared namespace (a doctest block through doctest, with its results compared)."""
    globs: dict[str, Any] = {"__name__": "__tour__"}
    for i, block in enumerate(blocks, 1):
        if re.search(r"^>>> ", block, re.M):
            test = doctest.DocTestParser().get_doctest(block, globs, f"README tour block {i}", "README.md", 0)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
            runner.run(test, clear_globs=False)  # the next block goes on with this one's names
            if runner.failures:
                sys.exit(f"README tour block {i}: {runner.failures} example(s) failed")
            globs.update(test.globs)  # a DocTest runs on a copy of the names it was given
        else:
            exec(compile(block, f"README tour block {i}", "exec"), globs)  # noqa: S102 (the README's own code)
        print(f"README tour block {i}: ok ({len(block.splitlines())} lines)")


if __name__ == "__main__":
    found = tour_blocks(Path(sys.argv[1]).read_text(encoding="utf-8"))
    if len(found) < 2:
        sys.exit(f"README.md's tour has {len(found)} Python block(s): expected the engine and a widget")
    run(found)
