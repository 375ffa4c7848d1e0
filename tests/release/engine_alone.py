"""The engine alone (issue 28 item 4), run by tests/test_release.py with the python of a fresh virtual environment
that holds only the bare wheel (``pip install tcgteach``, no extra): it plays, simulates, saves and replays both
games, through the library and the command line, and checks that no Jupyter, widget, graphviz or tqdm package came
with it and that importing a front end names the extra to install in one line. It prints one JSON line of facts
for the test to assert on; any failure is an exception (exit status 1) with its traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.core.record import read_record
from tcgteach.record import replay, write_record
from tcgteach.sim import simulate, summary

#: packages of the lessons' world (the `notebooks` extra) and of the cluster (`dask`): none may be importable here
ABSENT = ("ipywidgets", "IPython", "ipykernel", "jupyterlab", "jupyter_core", "voila", "graphviz", "tqdm",
          "matplotlib", "traitlets", "dask", "distributed", "pandas")  # fmt: skip


def play(name: str, seed: int, folder: Path) -> dict[str, object]:
    """One whole game between two heuristic players, saved as a record and as a state file, both read back."""
    game = tcgteach.game(name, options={"turn_limit": 200} if name == "dragonquest" else None)
    state = game.new_state(seed=seed)
    agents = [make_agent("heuristic", seed=seed + seat) for seat in range(2)]
    moves = 0
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        state.apply(agents[player].act(state.view(player)))
        moves += 1
    record = folder / f"{name}.txt"
    write_record(state, record)
    again = replay(read_record(record), file=str(record))
    assert again.to_dict() == state.to_dict(), f"{name}: the replayed game differs from the played one"
    restored = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.to_dict() == state.to_dict(), f"{name}: the saved state did not come back exactly"
    return {"moves": moves, "result": str(state.result())}


def cli(*args: str) -> str:
    """The command line as a user runs it (the `tcgteach` script of this environment)."""
    exe = Path(sys.executable).with_name("tcgteach")
    done = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"tcgteach {' '.join(args)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def cli_error(*args: str) -> str:
    """The one line a command that needs an extra prints (exit status 2, no traceback)."""
    exe = Path(sys.executable).with_name("tcgteach")
    done = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 2, f"tcgteach {' '.join(args)}: exit {done.returncode}\n{done.stderr}"
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def front_end_error(module: str) -> str:
    """The message of importing a front end without the `notebooks` extra (it must fail)."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        return str(exc)
    raise AssertionError(f"import {module} worked without the notebooks extra")


def main() -> None:
    present = [m for m in ABSENT if importlib.util.find_spec(m) is not None]
    assert not present, f"the bare install brought {present}"
    facts: dict[str, object] = {"version": tcgteach.__version__, "games": list(tcgteach.games())}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in ("darkmoon", "dragonquest"):
            facts[f"{name}.play"] = play(name, 3, folder)
            records = simulate(name, 40, agents=("random", "heuristic"), jobs=2, progress=None)
            assert len(records) == 40 and all(r["seed"] == i for i, r in enumerate(records))
            facts[f"{name}.simulate"] = summary(records)["games"]["value"]
            rec = folder / f"cli-{name}.txt"
            cli("play", name, "--seed", "5", "--agents", "random,random", "--record", str(rec))
            facts[f"{name}.replay"] = cli("replay", str(rec)).strip().splitlines()[-1]
            facts[f"{name}.cli-simulate"] = cli("simulate", name, "-n", "20", "--jobs", "1").count("\n")
            report = folder / f"design-{name}.html"
            cli("design", name, "-n", "40", "--out", str(report))
            facts[f"{name}.design"] = report.stat().st_size
        facts["classroom"] = cli_error("classroom")
        facts["widgets"] = front_end_error("tcgteach.widgets")
        facts["stepper"] = front_end_error("tcgteach.widgets.stepper")
    print(json.dumps(facts, ensure_ascii=False))


if __name__ == "__main__":
    main()
