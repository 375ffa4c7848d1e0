"""The coverage guard of the test command (issue 23, item 4).

``bash run.sh test`` runs the whole suite under pytest-cov (``--cov``, settings in ``[tool.coverage]`` of
pyproject.toml) with ``TCGTEACH_COVERAGE_FLOOR=1``: at the end this prints the lines covered per package of
``tcgteach`` and fails the run when a package falls below its floor in ``FLOORS`` (each set at or just
under the figure measured when it was written, so a change that drops tested code shows). A run of a few
test files (``bash run.sh test tests/test_x.py``, or pytest by hand) prints the table when coverage is on
but checks no floor: a part of the suite covers less.

Coverage follows the subprocesses the tests start (``patch = ["subprocess"]`` in ``[tool.coverage.run]``): the
CLI (``python -m tcgteach``), the classroom server, the notebook kernels and Voila count too; pytest-cov combines
their data with the test process's before the table is printed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tcgteach"

#: the floor (percent of statements run) per package of tcgteach: its first folder, "tcgteach" for the
#: top-level modules; "outside widgets" is every module not under tcgteach/widgets (the issue's bar: >= 90)
#: Each floor is about a point under the fresh-clone CI runs of 2026-12-04 (pytest-xdist, two workers; two runs
#: agreed to 0.1): agents 94.7, core 94.7, darkmoon 95.9, dragonquest 95.0, review 95.8, sim 97.8, tcgteach 95.2,
#: viz 94.3, widgets 96.3; darkmoon's a little lower, 94.5 (the coach's time budgets vary the lines a game
#: reaches: 93.3 against 92.2 in two runs before). Until 2026-12-03 every test after tests/test_interrupts.py ran
#: untraced (it left sys.settrace at None), which is why the floors were lower before.
FLOORS: dict[str, float] = {
    "agents": 93.7,
    "core": 93.2,
    "darkmoon": 94.5,
    "design": 95.7,
    "dragonquest": 94.0,
    "review": 94.8,
    "puzzles": 89.9,
    "links": 94.6,
    "sim": 96.8,
    "tcgteach": 94.2,
    "viz": 93.3,
    "widgets": 95.3,
}
#: the floor for everything outside the widgets (the issue's bar is 90; the CI run of 2026-12-04 measured 95.3)
OUTSIDE_WIDGETS_FLOOR = 94.3


def package_of(path: Path) -> str:
    """The package a module of tcgteach counts in: its first folder under tcgteach/, or "tcgteach"."""
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else "tcgteach"


def coverage_table(cov: Any) -> dict[str, tuple[int, int]]:
    """(statements, missed) per package, over every .py file under tcgteach/ (also those never imported)."""
    totals: dict[str, tuple[int, int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        _, statements, _, missing, _ = cov.analysis2(str(path))
        key = package_of(path)
        s, m = totals.get(key, (0, 0))
        totals[key] = (s + len(statements), m + len(missing))
    return totals


def percent(statements: int, missed: int) -> float:
    return 100.0 * (statements - missed) / statements if statements else 100.0


def floor_failures(totals: dict[str, tuple[int, int]], floors: dict[str, float], outside: float) -> list[str]:
    """Each package below its floor, and the lines outside the widgets below ``outside``; a package with no
    floor written (a new one) is a failure too, so its floor gets set."""
    out = []
    for key, (s, m) in sorted(totals.items()):
        if key not in floors:
            out.append(f"{key}: {percent(s, m):.1f}% and no floor in tests/conftest.py FLOORS")
        elif percent(s, m) < floors[key]:
            out.append(f"{key}: {percent(s, m):.1f}% below its floor {floors[key]:.1f}%")
    s = sum(v[0] for k, v in totals.items() if k != "widgets")
    m = sum(v[1] for k, v in totals.items() if k != "widgets")
    if percent(s, m) < outside:
        out.append(f"outside widgets: {percent(s, m):.1f}% below {outside:.1f}%")
    return out


def _controller_cov(config: pytest.Config) -> Any:
    plugin = config.pluginmanager.getplugin("_cov")
    controller = getattr(plugin, "cov_controller", None) if plugin is not None else None
    return getattr(controller, "cov", None) if controller is not None else None


#: test files that play thousands of games over code the rest of the suite already runs line by line: run
#: without the tracer (pytest-cov's ``no_cover``), which would make them 2-3 times slower; their lines are
#: not counted (the floors were measured so)
UNCOUNTED = {
    "test_conformance.py",
    "test_game_ends.py",
    "test_hint_confidence.py",
    "test_dragonquest_invariants.py",
    "test_DQ_policy_speed.py",
    "test_dragonquest_speed_paths.py",
    "test_engine_hot_paths.py",
    "fuzz",
}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Any:
    """pytest-cov's ``no_cover`` pauses the tracer for a test's call only; an UNCOUNTED test's fixtures (the
    conformance run plays its games in one) run untraced too."""
    controller: Any = getattr(item.config.pluginmanager.getplugin("_cov"), "cov_controller", None)
    if controller is None or item.get_closest_marker("no_cover") is None:
        return (yield)
    controller.pause()
    try:
        return (yield)
    finally:
        controller.resume()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.pluginmanager.getplugin("_cov") is None:
        return  # no coverage in this run (or no pytest-cov: the compiled build's test run)
    mark = pytest.mark.no_cover
    for item in items:
        rel = Path(str(item.path)).resolve().relative_to(ROOT / "tests").parts
        if rel[0] in UNCOUNTED:
            item.add_marker(mark)


_RESULT: dict[str, Any] = {}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> Any:
    """Outside pytest-cov's own wrapper (tryfirst): after its ``finish`` the data is complete; a package below
    its floor counts as a failed test, so the run's exit status says so (pytest-cov's fail-under does the
    same)."""
    result = yield
    if hasattr(session.config, "workerinput"):
        return result  # a pytest-xdist worker: its lines are a part; the controller combines and checks them
    cov = _controller_cov(session.config)
    if cov is not None:
        totals = coverage_table(cov)
        failures = floor_failures(totals, FLOORS, OUTSIDE_WIDGETS_FLOOR)
        check = os.environ.get("TCGTEACH_COVERAGE_FLOOR") == "1"
        _RESULT.update(totals=totals, failures=failures if check else [], checked=check)
        if check and failures:
            session.testsfailed += len(failures)
    return result


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _RESULT:
        return
    totals = _RESULT["totals"]
    write = terminalreporter.write_line
    write("")
    write("coverage of tcgteach per package (lines run by the tests in this process)")
    for key, (s, m) in sorted(totals.items()):
        floor = FLOORS.get(key)
        write(f"  {key:<15} {s:6d} statements {m:6d} missed {percent(s, m):6.1f}%   floor {floor or '-'}")
    s = sum(v[0] for k, v in totals.items() if k != "widgets")
    m = sum(v[1] for k, v in totals.items() if k != "widgets")
    write(
        f"  {'outside widgets':<15} {s:6d} statements {m:6d} missed {percent(s, m):6.1f}%   "
        f"floor {OUTSIDE_WIDGETS_FLOOR} (the issue's bar: 90)"
    )
    if not _RESULT["checked"]:
        write("  (floors not checked: TCGTEACH_COVERAGE_FLOOR=1 checks them on a run of the whole suite)")
    for line in _RESULT["failures"]:
        write(f"COVERAGE FLOOR: {line}", red=True)
