"""Every design document the code or the tests cite is in the repository (tests/conformance.py once cited a
design document that never was): a path under ``docs/`` or an upper-case top-level ``*.md`` written in a module of
``tcgteach/`` or ``tests/`` must exist. (``rules/*.md``, the rule sources, are kept out of the repository.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r"(?<![\w/.-])(docs/[\w./-]+\.md|[A-Z][A-Z_]+\.md)\b")


def cited_documents() -> dict[str, list[str]]:
    """Document path -> the modules citing it."""
    found: dict[str, list[str]] = {}
    for folder in ("tcgteach", "tests"):
        for module in sorted((ROOT / folder).rglob("*.py")):
            for path in CITED.findall(module.read_text(encoding="utf-8")):
                found.setdefault(path, []).append(str(module.relative_to(ROOT)))
    return found


def test_every_cited_document_exists() -> None:
    cited = cited_documents()
    assert "docs/architecture.md" in cited  # the checker of the engine contract cites it (and the finder works)
    missing = {path: where for path, where in cited.items() if not (ROOT / path).is_file()}
    assert not missing, f"cited but not in the repository: {missing}"


def test_the_conformance_checker_cites_a_section_of_the_architecture() -> None:
    head = (ROOT / "tests" / "conformance.py").read_text(encoding="utf-8").splitlines()[0]
    section = re.search(r'docs/architecture\.md, "([^"]+)"', head)
    assert section is not None, head
    headings = [line.lstrip("#").strip() for line in (ROOT / "docs/architecture.md").read_text("utf-8").splitlines()]
    assert section.group(1) in headings
