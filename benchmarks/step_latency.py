"""How long does a click take in the kernel? (issue #5: a Step updates board, log and graph in <= 50 ms median)

    python benchmarks/step_latency.py [--clicks 300]

Times ``Stepper.step_button.click()`` — the agent's decision, the checked apply, the board HTML,
the new log lines, the graph restyle (a CSS block: graphviz is not run again) — and ``Back``,
for both games, plus a person's click in the classroom app (the heuristic's answer included).
The first click of each run is reported apart: it includes laying the graph out once. The focus view
beside the board (issue 12) is a small graph per (node, way in), laid out by graphviz at its first
visit (~20-30 ms) and cached for the process: those first visits are the p95/max, not the median.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tcgteach.widgets import Classroom, CombatView, Stepper


def timed(fn, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def report(name: str, ms: list[float]) -> None:
    ms_sorted = sorted(ms)
    p95 = ms_sorted[int(0.95 * (len(ms_sorted) - 1))]
    print(
        f"{name:<44} median {statistics.median(ms):6.2f} ms   p95 {p95:6.2f} ms   "
        f"max {max(ms):6.2f} ms   ({len(ms)} clicks)"
    )


def stepper_clicks(make, clicks: int) -> tuple[list[float], list[float]]:
    steps: list[float] = []
    backs: list[float] = []
    s = make()
    while len(steps) < clicks:
        if s.state.is_terminal():
            s = make()
        steps += timed(s.step_button.click, 1)
        if len(steps) % 5 == 0:
            backs += timed(s.back_button.click, 1)
    return steps, backs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=300)
    ap.add_argument("--plain", action="store_true", help="measure in this process, without a Jupyter kernel")
    args = ap.parse_args()
    if not args.plain:
        in_kernel(args.clicks)
        return
    t0 = time.perf_counter()
    Stepper("darkmoon", seed=100)
    print(f"first stepper (graph laid out by graphviz once): {(time.perf_counter() - t0) * 1000:.0f} ms")
    for name, make in (
        ("DARK MOON stepper: Step", lambda: Stepper("darkmoon", seed=1)),
        ("Dragon Quest stepper: Step", lambda: Stepper("dragonquest", seed=1, options={"turn_limit": 200})),
        ("Dragon Quest combat view: Step", lambda: CombatView("dragonquest", seed=1, options={"turn_limit": 200})),
    ):
        steps, backs = stepper_clicks(make, args.clicks)
        report(name, steps)
        report(name.replace("Step", "Back"), backs)
    for game in ("darkmoon", "dragonquest"):
        c = Classroom(game, seed=1)
        ms: list[float] = []
        while len(ms) < args.clicks // 3:
            if c.state.is_terminal():
                c.new_game(len(ms) + 2)
            buttons = c.choices.children[1].children
            ms += timed(buttons[len(ms) % len(buttons)].click, 1)
        report(f"classroom {game}: person's click + agent reply", ms)


def in_kernel(clicks: int) -> None:
    """Run the measurement inside a real IPython kernel, where every widget change is also sent
    to the front end as a comm message (as in JupyterLab or Voila)."""
    from pathlib import Path

    import nbclient
    import nbformat

    here = Path(__file__).resolve()
    nb = nbformat.v4.new_notebook()
    source = (
        f"import sys; sys.argv = ['step_latency', '--plain', '--clicks', '{clicks}']\n"
        f"exec(compile(open({str(here)!r}).read(), 'step_latency', 'exec'))"
    )
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nbclient.NotebookClient(nb, timeout=1800, kernel_name="python3").execute()
    print("(measured inside an IPython kernel: widget updates are sent as comm messages)")
    for out in nb.cells[0].outputs:
        if out.get("output_type") == "stream":
            print(out["text"], end="")
        else:
            print(out)


if __name__ == "__main__":
    main()
