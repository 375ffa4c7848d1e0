#!/usr/bin/env bash
# Set up everything tcgteach needs on a fresh Debian/Ubuntu machine (Python >= 3.11), then:
#   bash run.sh lessons     open the lessons in JupyterLab (the start page)
#   bash run.sh classroom   the classroom app (notebooks/05_classroom.ipynb) as a Voila page on this computer;
#                           with --network for the students' devices: every interface, a token in the printed
#                           address, idle apps closed, at most --max-kernels (40) at once (tcgteach classroom --help)
#   bash run.sh test        ruff (lint + format check), mypy --strict, then the whole test suite (unit, rule,
#                           conformance, notebook and real-browser tests); the example game plugins
#                           (examples/games/*/) are installed first, so the shared tests run over them too
#   bash run.sh site        build site/: the lessons and the classroom for any browser (JupyterLite), no server,
#                           and the API reference from the docstrings (site/api/)
#   bash run.sh fast        the compiled engine: builds the wheel with the kernel and both game engines compiled
#                           by mypyc (TCGTEACH_COMPILE=1, see setup.py; needs a C compiler and the Python headers)
#                           into .venv-fast/wheels, installs it into .venv-fast and checks the modules are compiled;
#                           extra arguments run with .venv-fast's python (bash run.sh fast my_simulation.py);
#                           .venv/bin/python benchmarks/compiled.py measures it against the pure package.
#                           'test' also builds it and runs the goldens, conformance, rule, bad-input and fuzz
#                           tests on it.
#                           Everything else (plain pip install ., .venv, JupyterLite's wheel) stays pure Python.
# Installs with apt (graphviz for fresh diagram layouts, python3-venv, fonts for Japanese text; Debian's
# chromium for the browser tests with 'test'), creates .venv in this folder and installs the package
# with only the extras the command needs ('lessons'/'classroom': notebooks; 'test': notebooks + test).
# Works as root (containers, cloud machines) and as a normal user (apt through sudo). Safe to run again.
# Extra arguments go to the program started (e.g. bash run.sh lessons --no-browser --port 8890).
set -euo pipefail
cd "$(dirname "$0")"
what="${1:-lessons}"
shift || true
case "$what" in
  lessons|classroom) extras="notebooks" ;;
  test) extras="notebooks,test" ;;
  site) extras="notebooks,docs" ;;  # docs: pdoc, for the API reference (site/api/, lite/api.py)
  fast) extras="" ;;
  *) echo "usage: bash run.sh lessons|classroom|test|site|fast [arguments for the program]" >&2; exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PY="${PYTHON:-python3}"
if ! "$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "tcgteach needs Python 3.11 or newer as '$PY' (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi

apt_want=()
command -v dot >/dev/null 2>&1 || apt_want+=(graphviz)
"$PY" -c 'import venv, ensurepip' >/dev/null 2>&1 || apt_want+=("python3-venv")
# (grep reads all of fc-list's output: with -q it would stop early, and pipefail would count fc-list's SIGPIPE)
fc-list 2>/dev/null | grep -i "Noto Sans CJK" >/dev/null || apt_want+=(fonts-noto-cjk)
if [ "$what" = "test" ] && ! command -v chromium >/dev/null 2>&1; then apt_want+=(chromium); fi
if [ "$what" = "test" ] || [ "$what" = "fast" ]; then
  command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || apt_want+=(gcc)
  inc="$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
  [ -f "$inc/Python.h" ] || apt_want+=(python3-dev)
fi
if [ "$what" = "test" ] || [ "$what" = "site" ]; then command -v npm >/dev/null 2>&1 || apt_want+=(npm); fi
if [ "${#apt_want[@]}" -gt 0 ]; then
  if [ -n "$SUDO" ] && ! command -v sudo >/dev/null 2>&1; then
    echo "tcgteach needs these Debian packages: ${apt_want[*]} (no sudo here: ask an administrator to run" >&2
    echo "  apt-get install ${apt_want[*]})" >&2
    exit 1
  fi
  echo "== apt-get install ${apt_want[*]}"
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_want[@]}" >/dev/null
fi

# the compiled build in .venv-fast (bash run.sh fast; also part of 'test'): rebuilt only when a source changed;
# with the widgets, graphviz and tqdm of the notebooks extra (the wheel alone is the engine), which the tests run
# on it use (every public call, the third game's front ends)
build_fast() {
  local flog=".venv-fast/build.log" stamp=".venv-fast/build.sha256" sum
  if [ ! -x .venv-fast/bin/python ]; then
    echo "== creating .venv-fast (the compiled engine)"
    "$PY" -m venv .venv-fast
  fi
  sum="$(cat setup.py pyproject.toml $(find tcgteach -name '*.py' | LC_ALL=C sort) | sha256sum | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
    echo "== .venv-fast is up to date (compiled from these sources)"
    return
  fi
  echo "== compiling the engine with mypyc into .venv-fast (a few minutes; details: $flog)"
  local fpip=(.venv-fast/bin/python -m pip --disable-pip-version-check --no-input)
  rm -rf .venv-fast/wheels
  if ! { PIP_ROOT_USER_ACTION=ignore "${fpip[@]}" install -q --upgrade pip \
         && PIP_ROOT_USER_ACTION=ignore "${fpip[@]}" install -q "setuptools>=77" wheel "mypy==2.4.1" "pytest>=8.0" \
              "hypothesis>=6.0" "ipywidgets>=8.0" "graphviz>=0.20" "tqdm>=4.60" \
         && TCGTEACH_COMPILE=1 "${fpip[@]}" wheel -q --no-build-isolation --no-deps . -w .venv-fast/wheels \
         && PIP_ROOT_USER_ACTION=ignore "${fpip[@]}" install -q --force-reinstall .venv-fast/wheels/tcgteach-*.whl; \
       } >"$flog" 2>&1; then
    tail -n 25 "$flog" >&2
    echo "building the compiled engine failed: the whole output is in $flog" >&2
    exit 1
  fi
  echo "$sum" >"$stamp"
  echo "== compiled wheel: $(ls .venv-fast/wheels)"
}
# the example game plugins into .venv-fast beside the compiled wheel (--no-deps: they run on its tcgteach)
install_fast_plugins() {
  local flog=".venv-fast/build.log" plugin
  for plugin in examples/games/*/; do
    if ! PIP_ROOT_USER_ACTION=ignore .venv-fast/bin/python -m pip --disable-pip-version-check --no-input install -q \
         --no-deps --no-build-isolation --force-reinstall "$plugin" >>"$flog" 2>&1; then
      tail -n 25 "$flog" >&2
      echo "installing the game plugin $plugin into .venv-fast failed: the whole output is in $flog" >&2
      exit 1
    fi
  done
}
# tests on the installed compiled build: PYTHONSAFEPATH keeps the checkout's pure tcgteach off sys.path
fast_pytest() {
  PYTHONSAFEPATH=1 TCGTEACH_TEST_INSTALLED=1 TCGTEACH_EXPECT_COMPILED=1 \
    .venv-fast/bin/python -m pytest -p no:cacheprovider "$@"
}

if [ "$what" = "fast" ]; then
  build_fast
  fast_pytest -q tests/test_compiled.py
  if [ "$#" -gt 0 ]; then exec .venv-fast/bin/python "$@"; fi
  echo "== ready: .venv-fast/bin/python runs the compiled engine (measured against the pure package by .venv/bin/python benchmarks/compiled.py)"
  exit 0
fi

log=".venv/setup.log"
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
echo "== installing tcgteach[$extras] into .venv (details: $log)"
pip=(.venv/bin/python -m pip --disable-pip-version-check --no-input)
if ! { PIP_ROOT_USER_ACTION=ignore "${pip[@]}" install -q --upgrade pip \
       && "${pip[@]}" install -q --root-user-action=ignore -e ".[$extras]"; } >"$log" 2>&1; then
  tail -n 25 "$log" >&2
  echo "pip failed: the whole output is in $log" >&2
  exit 1
fi
if [ "$what" = "test" ]; then
  # the example game plugins (examples/games/*/, each a distribution of its own with an entry point in the group
  # tcgteach.games): installed so that the registry finds them and every shared test runs over them too
  for plugin in examples/games/*/; do
    if ! "${pip[@]}" install -q --root-user-action=ignore --no-deps -e "$plugin" >>"$log" 2>&1; then
      tail -n 25 "$log" >&2
      echo "pip failed to install the game plugin $plugin: the whole output is in $log" >&2
      exit 1
    fi
  done
fi
echo "== ready: .venv is $(du -sm .venv | cut -f1) MB"

root_flag=()
if [ "$(id -u)" -eq 0 ]; then root_flag=(--allow-root); fi  # JupyterLab refuses root without it

case "$what" in
  lessons)
    # the lessons' JupyterLab settings (lessons/jupyter/jupyter_lab_config.py): no news pop-up or update check,
    # and a lesson opens unmodified; the user's own Jupyter configuration still applies on top
    export JUPYTER_CONFIG_PATH="$PWD/lessons/jupyter${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
    echo "== JupyterLab: the start page is notebooks/00_start_here.ipynb (Ctrl+C stops the server)"
    exec .venv/bin/jupyter lab notebooks/00_start_here.ipynb "${root_flag[@]}" "$@"
    ;;
  classroom)
    # tcgteach classroom: without --network exactly `voila notebooks/05_classroom.ipynb "$@"` (localhost, no
    # token); with --network it prints the address with the token to share (tcgteach/classroom_server.py)
    echo "== Voila: the classroom app (Ctrl+C stops the server)"
    exec .venv/bin/python -m tcgteach classroom --notebook notebooks/05_classroom.ipynb "$@"
    ;;
  test)
    # lint and formatting first (rules: [tool.ruff] in pyproject.toml); either failing fails the test run
    lint_paths=(tcgteach tests benchmarks lite lessons setup.py examples tools)
    echo "== ruff check and ruff format --check"
    .venv/bin/ruff check "${lint_paths[@]}"
    .venv/bin/ruff format --check "${lint_paths[@]}"
    # the GitHub workflows (rules: .github/jactionlint.yaml), offline, with shellcheck over their run: blocks; the
    # files named, so that it needs no git work tree; a finding fails the test run
    echo "== jactionlint .github/workflows"
    shellcheck_flag=()
    if [ -x .venv/bin/shellcheck ]; then shellcheck_flag=(--shellcheck=.venv/bin/shellcheck); fi
    .venv/bin/jactionlint --no-online "${shellcheck_flag[@]}" -c .github/jactionlint.yaml .github/workflows/*.yml
    # static types: mypy --strict over the package, its tests and the example game plugins ([tool.mypy] in
    # pyproject.toml); errors fail the run
    echo "== mypy --strict tcgteach, tests and the example game plugins"
    .venv/bin/mypy
    plugin_packages=()
    for init in examples/games/*/*/__init__.py; do plugin_packages+=("$(dirname "$init")"); done
    .venv/bin/mypy "${plugin_packages[@]}"
    # the compiled build (bash run.sh fast) plays exactly like the pure one: goldens, conformance, rule tests
    build_fast
    install_fast_plugins
    echo "== the compiled engine: golden playthroughs, conformance, rule tests, a third game written in Python,"
    echo "   every game ends, atomic under interrupts"
    fast_pytest -q tests/test_compiled.py tests/test_playthroughs.py tests/test_conformance.py \
      tests/test_darkmoon_rules.py tests/test_dragonquest_rules.py tests/test_third_game.py \
      tests/test_game_ends.py tests/test_interrupts.py
    # bad input gets a library error on the compiled build too (mypyc checks argument types at every call: a
    # public boundary takes Any and checks inside); with the fuzz suite's ci profile about 75 s more
    echo "== the compiled engine: bad input, exact actions, bounds, user cards, schemas, every public call,"
    echo "   loader limits, atomic files, the fuzz suite (ci)"
    HYPOTHESIS_PROFILE=ci fast_pytest -q tests/test_darkmoon_bad_input.py tests/test_dragonquest_bad_input.py \
      tests/test_actions_exact.py tests/test_bounds.py tests/test_user_cards.py tests/test_schema.py \
      tests/test_compiled_boundaries.py tests/test_public_api.py tests/test_loader_limits.py \
      tests/test_atomic_files.py tests/fuzz
    # under coverage (pytest-cov, [tool.coverage] in pyproject.toml): the lines run per package are printed at
    # the end; on a run of the whole suite (no arguments) a package below its floor (tests/conftest.py) fails it
    echo "== the whole test suite on the pure-Python package (the reference), with its coverage"
    if [ "$#" -eq 0 ]; then export TCGTEACH_COVERAGE_FLOOR=1; fi
    # on every core (pytest-xdist; each test file stays on one worker, so a file's fixtures are built once);
    # TCGTEACH_TEST_WORKERS=0 runs it in this one process
    exec .venv/bin/python -m pytest -n "${TCGTEACH_TEST_WORKERS:-auto}" --dist loadfile --cov=tcgteach \
      --cov-report= "$@"
    ;;
  site)
    # the site's build tools live in a venv of their own (pinned together: lite/requirements.txt)
    if [ ! -x .venv-site/bin/python ]; then "$PY" -m venv .venv-site; fi
    if ! { PIP_ROOT_USER_ACTION=ignore .venv-site/bin/python -m pip --disable-pip-version-check install -q --upgrade pip \
           && PIP_ROOT_USER_ACTION=ignore .venv-site/bin/python -m pip --disable-pip-version-check install -q \
                -r lite/requirements.txt; } >>"$log" 2>&1; then
      tail -n 25 "$log" >&2
      echo "pip failed: the whole output is in $log" >&2
      exit 1
    fi
    exec .venv-site/bin/python lite/build.py --pages-python .venv/bin/python "$@"
    ;;
esac
