#!/usr/bin/env bash
# Set up everything tcgteach needs on a fresh Debian/Ubuntu machine (Python >= 3.11), then:
#   bash run.sh lessons     open the lessons in JupyterLab (the start page)
#   bash run.sh classroom   the classroom app (notebooks/05_classroom.ipynb) as a Voila page
#   bash run.sh test        ruff (lint + format check), mypy --strict, then the whole test suite (unit, rule,
#                           conformance, notebook and real-browser tests)
#   bash run.sh site        build site/: the lessons and the classroom for any browser (JupyterLite), no server
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
  site) extras="notebooks" ;;
  *) echo "usage: bash run.sh lessons|classroom|test|site [arguments for the program]" >&2; exit 2 ;;
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
echo "== ready: .venv is $(du -sm .venv | cut -f1) MB"

root_flag=()
if [ "$(id -u)" -eq 0 ]; then root_flag=(--allow-root); fi  # JupyterLab refuses root without it

case "$what" in
  lessons)
    echo "== JupyterLab: the start page is notebooks/00_start_here.ipynb (Ctrl+C stops the server)"
    exec .venv/bin/jupyter lab notebooks/00_start_here.ipynb "${root_flag[@]}" "$@"
    ;;
  classroom)
    echo "== Voila: the classroom app (Ctrl+C stops the server)"
    exec .venv/bin/voila notebooks/05_classroom.ipynb "$@"
    ;;
  test)
    # lint and formatting first (rules: [tool.ruff] in pyproject.toml); either failing fails the test run
    lint_paths=(tcgteach tests benchmarks lite lessons)
    echo "== ruff check and ruff format --check"
    .venv/bin/ruff check "${lint_paths[@]}"
    .venv/bin/ruff format --check "${lint_paths[@]}"
    # static types: mypy --strict over the package ([tool.mypy] in pyproject.toml); errors fail the run
    echo "== mypy --strict tcgteach"
    .venv/bin/mypy
    exec .venv/bin/python -m pytest "$@"
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
