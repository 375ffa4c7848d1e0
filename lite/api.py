"""Build the API reference of tcgteach from its docstrings: one HTML page per public module, an index and a search.

    python lite/api.py OUT_DIR      (a Python with tcgteach[notebooks,docs]; bash run.sh site runs it with .venv's
                                     python into site/api/)

The tool is pdoc (pinned in pyproject's ``docs`` extra), not Sphinx: the package's docstrings are short prose with
``literals`` and ``>>>`` examples, which pdoc renders as they are, with no reST stub page to keep for each of the
~180 modules and no theme to configure; one call builds every page in seconds, and the pages are self-contained
(no CDN: the site works offline).

Public, as the reference shows it and ``tests/test_api_reference.py`` checks it: every module of the package
whose dotted name has no part starting with ``_`` (``tcgteach.__main__`` and ``tcgteach.core._mypyc`` are not);
in each, the names in its ``__all__`` when it has one, else the names not starting with ``_`` that the module
itself defines; in each public class, its own members not starting with ``_``.

Warnings are errors: anything pdoc warns about (a module that fails to import, an annotation it cannot
resolve, a docstring it cannot read) is collected, printed, and the build fails with status 1.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import warnings
from pathlib import Path

#: warnings that are not about our documentation (regular expressions, matched at the start of the message):
#: jupyter_client's notice about its platformdirs migration (ignored by pytest too, pyproject.toml), and traitlets'
#: own annotation of ``Application.subcommands``, which pdoc cannot evaluate, met in the members the classroom
#: server's classes inherit from Voila (tcgteach.classroom_server)
IGNORED = (
    "Jupyter is migrating its paths",
    r"Error parsing type annotation .* for traitlets\.config\.application\.Application\.",
)


def public_modules() -> list[str]:
    """Every public module of tcgteach, the package first (importing it does not run anything)."""
    import tcgteach

    names = ["tcgteach"]
    for info in pkgutil.walk_packages(tcgteach.__path__, "tcgteach."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    return names


def build(out: Path) -> list[str]:
    """Write the reference into ``out`` (created; pages already there are overwritten). Returns the warnings
    (their text) that came up: an empty list is a clean build."""
    import pdoc.doc
    import pdoc.render

    with warnings.catch_warnings():
        for text in IGNORED:
            warnings.filterwarnings("ignore", message=text)
        modules = public_modules()
        for name in modules:
            importlib.import_module(name)
    pdoc.render.configure(
        docformat="restructuredtext",
        show_source=False,  # the source is on GitHub; it would double the size of the pages
        search=True,
        footer_text="tcgteach: DARK MOON and the Dragon Quest Card Game",
        math=False,  # MathJax and Mermaid would come from a CDN
        mermaid=False,
    )
    out.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for text in IGNORED:
            warnings.filterwarnings("ignore", message=text)
        # pdoc.pdoc's loop with our list of modules: given "tcgteach" pdoc would stop at its __all__ (which
        # names no submodule), and given every name it warns about the submodules a package adds twice
        docs = {name: pdoc.doc.Module.from_name(name) for name in modules}
        for name, module in docs.items():
            # a package's navigation lists its public submodules (pdoc's own list follows the package's __all__,
            # which names none of them: the package's page would lead nowhere); submodules is a cached property
            children = [docs[n] for n in modules if n.rpartition(".")[0] == name]
            if children:
                module.__dict__["submodules"] = children
        for module in docs.values():
            page = out / f"{module.fullname.replace('.', '/')}.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(pdoc.render.html_module(module, docs), encoding="utf-8")
        (out / "index.html").write_text(pdoc.render.html_index(docs), encoding="utf-8")
        (out / "search.js").write_text(pdoc.render.search_index(docs), encoding="utf-8")
    return [f"{w.category.__name__}: {w.message}" for w in caught]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python lite/api.py OUT_DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    start = time.perf_counter()
    problems = build(out)
    if problems:
        print(f"api: {len(problems)} warning(s), which fail the build:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    pages = sum(1 for _ in out.rglob("*.html"))
    print(f"   api/: {pages} pages ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
