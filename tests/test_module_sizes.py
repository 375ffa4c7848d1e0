"""Modules a reader can hold in mind (issue 23, item 4): no module of tcgteach over 600 lines.

A data table may be longer (the glossary: one record per term), but only while it is mostly data: at least
80% of its non-blank lines are the module's docstring or top-level assignments of literal data (a literal, a
container of literals, or a record made from literals, such as ``Term(...)`` with literal fields), measured
with ast, so that the allowance cannot hide code.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tcgteach"
MAX_LINES = 600
#: data tables allowed over MAX_LINES (relative to the repository), each checked to be mostly data
DATA_TABLES = {"tcgteach/glossary.py"}
MIN_DATA = 0.8


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _is_data(node: ast.expr) -> bool:
    """A literal, a container of literals, or a call whose arguments are all literals (a record of a table)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp):
        return _is_data(node.operand)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_is_data(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _is_data(k) for k in node.keys) and all(_is_data(v) for v in node.values)
    if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
        return all(_is_data(a) for a in node.args) and all(_is_data(k.value) for k in node.keywords)
    return False


def data_share(path: Path) -> float:
    """The share of the module's non-blank lines that are its docstring or top-level literal data."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    data: set[int] = set()
    for i, node in enumerate(tree.body):
        value = None
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            value = node.value
        elif i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            value = node.value  # the module docstring: prose, not code
        if value is not None and _is_data(value):
            data.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    filled = [n for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return sum(n in data for n in filled) / max(len(filled), 1)


def test_no_module_is_over_600_lines() -> None:
    sizes = {p.relative_to(ROOT).as_posix(): _lines(p) for p in sorted(PACKAGE.rglob("*.py"))}
    over = {path: n for path, n in sizes.items() if n > MAX_LINES and path not in DATA_TABLES}
    listed = "\n".join(f"  {path}: {n} lines" for path, n in sorted(over.items(), key=lambda kv: -kv[1]))
    assert not over, f"{len(over)} modules are over {MAX_LINES} lines (split them by topic):\n{listed}"


def test_the_data_tables_allowed_to_be_longer_are_mostly_data() -> None:
    for path in sorted(DATA_TABLES):
        file = ROOT / path
        assert file.is_file(), f"{path} is allowed to be long but does not exist: drop it from DATA_TABLES"
        assert _lines(file) > MAX_LINES, f"{path} is no longer over {MAX_LINES} lines: drop it from DATA_TABLES"
        share = data_share(file)
        assert share >= MIN_DATA, f"{path} is only {share:.0%} data (at least {MIN_DATA:.0%} to be allowed long)"


def test_the_data_measure_tells_code_from_data(tmp_path: Path) -> None:
    table = tmp_path / "table.py"
    table.write_text('"""Words."""\n\nWORDS = {\n    "a": ("x", "y"),\n    "b": Term("z", rules=("R-1",)),\n}\n')
    assert data_share(table) == 1.0
    code = tmp_path / "code.py"
    code.write_text('"""Code."""\n\nX = {"a": 1}\n\n\ndef f(x):\n    if x:\n        return g(x)\n    return X\n')
    assert data_share(code) == 2 / 6
