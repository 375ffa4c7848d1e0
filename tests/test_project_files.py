"""Project files: the licence, the changelog, and the version written in one place and shown by the CLI."""

from __future__ import annotations

import ast
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

import tcgteach
import tcgteach.cli

ROOT = Path(__file__).resolve().parents[1]
VERSION = tcgteach.__version__


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_file_is_mit() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "MIT License"
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text


def test_pyproject_license_is_an_spdx_string_with_its_file() -> None:
    data = _pyproject()
    project = data["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    # PEP 639 strings need setuptools 77 or later in the build environment
    setuptools = next(r for r in data["build-system"]["requires"] if r.startswith("setuptools"))
    floor = re.fullmatch(r"setuptools>=(\d+)(?:\.\d+)*", setuptools.replace(" ", ""))
    assert floor and int(floor.group(1)) >= 77, setuptools


def test_version_is_a_literal_in_init_read_by_setuptools() -> None:
    data = _pyproject()
    assert "version" not in data["project"] and "version" in data["project"]["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tcgteach.__version__"}
    # a plain string literal: setuptools reads it from the source without importing the package
    tree = ast.parse((ROOT / "tcgteach" / "__init__.py").read_text(encoding="utf-8"))
    values = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)
    ]
    assert len(values) == 1 and isinstance(values[0], ast.Constant) and values[0].value == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?", VERSION)


def test_version_is_written_once() -> None:
    """Only tcgteach/__init__.py has the version literal, besides the changelog's heading for it."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    literal = re.compile(r"(?<![\w.])" + re.escape(VERSION) + r"(?![\w.])")
    found: dict[str, list[str]] = {}
    for name in filter(None, listed.decode().split("\0")):
        path = ROOT / name
        if not path.is_file() or path.is_symlink():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files
        lines = [line for line in text.splitlines() if literal.search(line)]
        if lines:
            found[name] = lines
    assert found.pop("tcgteach/__init__.py") == [f'__version__ = "{VERSION}"']
    found.pop("CHANGELOG.md", None)
    changelog = [
        line for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines() if literal.search(line)
    ]
    # its section's heading and, at the bottom, its link (Keep a Changelog's compare or tag link)
    assert changelog and all(line.startswith((f"## [{VERSION}]", f"[{VERSION}]: ")) for line in changelog), changelog
    assert not found, f"the version {VERSION} is written outside tcgteach/__init__.py: {found}"


def test_cli_version_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        tcgteach.cli.main(["--version"])
    assert exit_.value.code in (0, None)
    assert capsys.readouterr().out == f"tcgteach {VERSION}\n"


def test_changelog_has_unreleased_and_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](.*)$", text, re.M)
    names = [name for name, _ in headings]
    assert names[0] == "Unreleased"
    assert VERSION in names
    dated = dict(headings)[VERSION]
    assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", dated), dated
    # every section says something
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        assert re.search(r"^- \S", section, re.M), section.splitlines()[0]
