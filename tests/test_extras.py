"""The extras (issue 28 item 4): what a part needs and the one line that says which extra brings it. The bare
wheel itself is installed and used in tests/test_release.py; here the same paths in this process."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tcgteach import cli
from tcgteach.core.errors import TcgError
from tcgteach.extras import EXTRAS, MissingExtraError, install_hint, require


def test_require_returns_an_installed_package() -> None:
    import networkx

    assert require("networkx", "the turn graph", "notebooks") is networkx


def test_a_missing_package_is_one_line_naming_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tcgteach_absent_pkg", None)  # None in sys.modules: the import fails
    with pytest.raises(MissingExtraError) as info:
        require("tcgteach_absent_pkg", "the thing", "dask")
    assert (
        str(info.value) == "the thing needs tcgteach_absent_pkg, which is not installed: pip install 'tcgteach[dask]'"
    )
    assert "\n" not in str(info.value) and info.value.extra == "dask" and info.value.name == "tcgteach_absent_pkg"
    assert isinstance(info.value, ModuleNotFoundError)  # code that tries an import and falls back still catches it
    assert info.value.__suppress_context__  # no second traceback of the import machinery


def test_a_broken_dependency_of_an_installed_package_is_not_blamed_on_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The package is there but one of its own imports is missing: that import's error, which names it, stands."""
    folder = tmp_path / "pkgs"
    (folder / "tcgteach_half_pkg").mkdir(parents=True)
    (folder / "tcgteach_half_pkg" / "__init__.py").write_text("import tcgteach_missing_dep\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    with pytest.raises(ModuleNotFoundError) as info:
        require("tcgteach_half_pkg", "the thing")
    assert not isinstance(info.value, MissingExtraError) and info.value.name == "tcgteach_missing_dep"


def test_install_hint_names_each_extra_and_refuses_others() -> None:
    assert {install_hint(x) for x in EXTRAS} == {"pip install 'tcgteach[notebooks]'", "pip install 'tcgteach[dask]'",
                                                  "pip install 'tcgteach[sim]'"}  # fmt: skip
    with pytest.raises(TcgError, match="unknown extra 'jupyter'"):
        install_hint("jupyter")


def test_every_extra_is_declared_in_pyproject() -> None:
    import tomllib

    declared = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    optional = declared["project"]["optional-dependencies"]
    for extra, packages in EXTRAS.items():
        names = {req.split(">")[0].split("=")[0].split("[")[0] for req in optional[extra]}
        assert set(packages) <= names, (extra, set(packages) - names)
    plain = {req.split(">")[0] for req in declared["project"]["dependencies"]}
    assert plain == {"networkx", "jsonschema"}


def test_the_classroom_command_without_voila_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "voila", None)
    assert cli.main(["classroom"], out=io.StringIO()) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "tcgteach: error: the classroom needs voila, which is not installed: pip install 'tcgteach[notebooks]'"
    ]


def test_importing_the_widgets_without_ipywidgets_names_the_extra() -> None:
    """In a fresh interpreter where ipywidgets cannot be imported: `import tcgteach.widgets.stepper` fails at the
    package's first line with the one-line message (the bare wheel shows the same in tests/test_release.py)."""
    code = textwrap.dedent(
        """
        import sys
        sys.modules["ipywidgets"] = None
        try:
            import tcgteach.widgets.stepper
        except ModuleNotFoundError as exc:
            print(type(exc).__name__, exc)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120).stdout
    assert out.strip() == (
        "MissingExtraError tcgteach.widgets needs ipywidgets, which is not installed: pip install 'tcgteach[notebooks]'"
    )
