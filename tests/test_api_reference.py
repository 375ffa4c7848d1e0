"""The API reference (``lite/api.py``, pdoc; ``bash run.sh site`` writes it to ``site/api/``): every public name has
a docstring, the reference builds with warnings as errors, and a real warning does fail it.

Public (the definition ``lite/api.py`` documents): every module of the package whose dotted name has no part
starting with ``_``; in each, the names in its ``__all__`` when it has one, else the names not starting with ``_``
that the module itself defines; in each public class, its own members not starting with ``_``. A module, class,
function, method or property must have a docstring (a method that overrides a documented one inherits its
docstring, as ``inspect.getdoc`` and pdoc read it). Module constants, class attributes, dataclass fields and enum
members are shown with their type and value; they are described by a ``#:`` comment where they have one and
otherwise by their class's or module's docstring, and are not required one each (there are about 2,000).
"""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
API = ROOT / "lite" / "api.py"
sys.path.insert(0, str(ROOT / "lite"))
import api  # noqa: E402  (lite/api.py, the reference's build)


def _own(module_name: str, obj: object) -> bool:
    return getattr(obj, "__module__", None) == module_name


def _public_names(module_name: str) -> Iterator[tuple[str, object]]:
    module = importlib.import_module(module_name)
    exported = getattr(module, "__all__", None)
    if exported is not None:
        for name in exported:
            yield name, getattr(module, name)
        return
    for name, obj in vars(module).items():
        if not name.startswith("_") and (inspect.isclass(obj) or inspect.isfunction(obj)) and _own(module_name, obj):
            yield name, obj


def _members(cls: type) -> Iterator[tuple[str, object]]:
    """A class's own public functions, class and static methods and properties."""
    for name, raw in vars(cls).items():
        if not name.startswith("_") and (
            isinstance(raw, property | staticmethod | classmethod) or inspect.isfunction(raw)
        ):
            yield name, raw


def _inherited_doc(cls: type, name: str) -> str:
    """The docstring of ``cls.name`` or, for an override without one, of the same member in a base class (as
    ``inspect.getdoc`` finds a method's, and as pdoc shows it)."""
    for klass in cls.__mro__:
        raw = vars(klass).get(name)
        if isinstance(raw, staticmethod | classmethod):
            raw = raw.__func__
        doc: str | None = getattr(raw, "__doc__", None) if raw is not None else None
        if doc and doc.strip():
            return doc
    return ""


def undocumented() -> list[str]:
    missing: list[str] = []
    seen: set[int] = set()
    for module_name in api.public_modules():
        module = importlib.import_module(module_name)
        if not (module.__doc__ or "").strip():
            missing.append(f"{module_name} (module)")
        for _name, obj in _public_names(module_name):
            if not (inspect.isclass(obj) or inspect.isfunction(obj)) or id(obj) in seen:
                continue
            seen.add(id(obj))  # a package's __all__ re-exports what its modules define: reported once
            where = f"{obj.__module__}.{obj.__qualname__}"
            if not (obj.__doc__ or "").strip():
                missing.append(where)
            if inspect.isclass(obj):
                for member_name, _member in _members(obj):
                    if not _inherited_doc(obj, member_name):
                        missing.append(f"{where}.{member_name}")
    return missing


def test_every_public_name_has_a_docstring() -> None:
    missing = undocumented()
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(missing)


def test_the_walk_finds_an_undocumented_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself can fail: a public function of a public module without a docstring is reported."""
    import tcgteach.glossary as module

    assert not hasattr(module, "__all__")  # its public names are the ones it defines

    def lonely() -> None:
        pass

    lonely.__module__ = module.__name__
    lonely.__qualname__ = "lonely"
    monkeypatch.setattr(module, "lonely", lonely, raising=False)
    assert f"{module.__name__}.lonely" in undocumented()


def test_public_modules_leave_out_private_and_main_modules() -> None:
    modules = api.public_modules()
    assert modules[0] == "tcgteach"
    assert {"tcgteach.game", "tcgteach.core.state", "tcgteach.widgets.stepper"} - set(modules) == {"tcgteach.game"}
    assert not [m for m in modules if "._" in m]  # tcgteach.__main__, tcgteach.core._mypyc ...
    assert len(modules) > 150


def test_the_reference_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    out = tmp_path / "api"
    done = subprocess.run([sys.executable, str(API), str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning" not in done.stderr.lower(), done.stderr
    index = out / "index.html"
    assert index.is_file()
    for module_name in api.public_modules():
        assert (out / (module_name.replace(".", "/") + ".html")).is_file(), module_name
    top = (out / "tcgteach.html").read_text(encoding="utf-8")
    # the entry point and the error every checked apply raises, with their docstrings
    assert 'id="game"' in top and 'id="IllegalActionError"' in top and "the rules do not allow now" in top
    # the package's navigation leads to its submodules (pdoc's own follows __all__, which names none)
    assert 'href="tcgteach/core.html"' in top and 'href="tcgteach/widgets.html"' in top
    stepper = (out / "tcgteach" / "widgets" / "stepper.html").read_text(encoding="utf-8")
    assert 'id="Stepper"' in stepper
    # everything the pages load comes from the folder (the site works offline)
    assert not [p for p in out.rglob("*.html") if 'src="http' in p.read_text(encoding="utf-8")]


def test_a_warning_fails_the_build(tmp_path: Path) -> None:
    """A module of the package that pdoc warns about (here an annotation that names nothing) fails the build and
    is named: the build really runs with warnings as errors."""
    package = tmp_path / "pkg"
    stand_in = package / "tcgteach"
    stand_in.mkdir(parents=True)
    (stand_in / "__init__.py").write_text('"""A stand-in package."""\n', encoding="utf-8")
    (stand_in / "broken.py").write_text(
        textwrap.dedent(
            '''
            """A module with an annotation pdoc cannot resolve."""
            from __future__ import annotations


            def f(x: NoSuchType) -> None:  # noqa: F821
                """Takes a type that does not exist."""
            '''
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(API), str(tmp_path / "api")],
        capture_output=True,
        text=True,
        timeout=600,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(package), "PYTHONSAFEPATH": "1"},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "fail the build" in done.stderr and "NoSuchType" in done.stderr, done.stderr


def test_the_readme_and_the_start_pages_link_the_reference() -> None:
    """The reference is found from the README, the site's start page (lite/build.py's landing page, which
    tests/browser/test_site.py opens) and the lessons' start page, in both languages."""
    import json

    url = "https://tcgteach.github.io/tcgteach/api/"
    assert url in (ROOT / "README.md").read_text(encoding="utf-8")
    cells = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert text.count(url) >= 2 and "API リファレンス" in text and "API\nreference" in text
    assert 'href="api/index.html"' in (ROOT / "lite" / "build.py").read_text(encoding="utf-8")
