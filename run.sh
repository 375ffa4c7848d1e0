#!/usr/bin/env bash
# Set up everything tcgteach needs on a fresh Debian/Ubuntu machine (Python >= 3.11), then:
#   bash run.sh lessons   open the lessons in JupyterLab
#   bash run.sh test      run the whole test suite (unit, rule, conformance, notebook and real-browser tests)
#   bash run.sh classroom the classroom app (notebooks/05_classroom.ipynb) as a Voila page
# Installs with apt (graphviz, python3-venv; fonts for Japanese text with 'lessons' and 'classroom';
# Debian's chromium for the browser tests with 'test'), creates
# .venv in this folder and installs the package into it with pip. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"
what="${1:-lessons}"
shift || true

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
if [ "$what" = "test" ] && ! command -v chromium >/dev/null 2>&1; then apt_want+=(chromium); fi
if [ "$what" != "test" ] && ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then apt_want+=(fonts-noto-cjk); fi
if [ "${#apt_want[@]}" -gt 0 ]; then
  echo "== apt-get install ${apt_want[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_want[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
echo "== pip install -e .[notebooks,test]"
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[notebooks,test]"

case "$what" in
  lessons)
    exec .venv/bin/jupyter lab notebooks/00_start_here.ipynb "$@"
    ;;
  classroom)
    exec .venv/bin/voila notebooks/05_classroom.ipynb "$@"
    ;;
  test)
    exec .venv/bin/python -m pytest "$@"
    ;;
  *)
    echo "usage: bash run.sh lessons|test|classroom" >&2
    exit 2
    ;;
esac
