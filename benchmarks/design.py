"""The design lab at scale (issue 26, item 6): the whole battery of both games at 10,000 games each, the table
sweep of DARK MOON at 3-6 players with kingmaking, and the skill trace; wall seconds on this machine's cores.

    .venv/bin/python benchmarks/design.py                                   # the pure package, all cores
    .venv/bin/python benchmarks/design.py --fast-python .venv-fast/bin/python   # and the compiled build
    .venv/bin/python benchmarks/design.py --skill                           # the skill trace of both games too

Each build runs in its own process (the compiled one with PYTHONSAFEPATH, so the checkout's pure package stays off
its path). The anchor, measured in the same run by the same build: ``simulate`` of the same games without the
trace (the simulator as it was), so "battery / plain" is what the measures cost on top of playing the games.
Targets (issue 26): the battery of both games at 10,000 games each within 120 s with the compiled build on two
cores; the skill trace of both games within 600 s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(games: int, sweep: int, kingmaking: int, skill: bool) -> dict[str, float]:
    """The figures of the build this interpreter imports (wall seconds)."""
    import tcgteach
    from tcgteach import design
    from tcgteach.sim import simulate

    out: dict[str, float] = {"compiled": float(tcgteach.core.state.__file__.endswith(".so"))}
    for name in ("darkmoon", "dragonquest"):
        t0 = time.perf_counter()
        simulate(name, games, agents="heuristic", progress=False)
        out[f"{name}_plain"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        b = design.run(name, games, progress=False)
        out[f"{name}_battery"] = time.perf_counter() - t0
        out[f"{name}_first_player"] = b["first_player"].value or 0.0
    out["battery_both"] = out["darkmoon_battery"] + out["dragonquest_battery"]
    t0 = time.perf_counter()
    for players in range(3, 7):
        b = design.run("darkmoon", sweep, players=players, progress=False, kingmaking=kingmaking)
        out[f"balance_{players}"] = b.balance.value or 0.0
        out[f"kingmaking_{players}"] = b.kingmaking.value if b.kingmaking and b.kingmaking.value is not None else -1
    out["sweep"] = time.perf_counter() - t0
    if skill:
        t0 = time.perf_counter()
        for name in ("darkmoon", "dragonquest"):
            t = design.skill_trace(name)
            out[f"{name}_ludii_skill"] = t.ludii
        out["skill"] = time.perf_counter() - t0
    return out


def run_build(python: str, args: argparse.Namespace, pure: bool) -> dict[str, float]:
    env = dict(os.environ)
    if not pure:
        env["PYTHONSAFEPATH"] = "1"
    cmd = [python, str(Path(__file__).resolve()), "--child", "--games", str(args.games)]
    cmd += ["--sweep-games", str(args.sweep_games), "--kingmaking", str(args.kingmaking)]
    cmd += ["--skill"] if args.skill else []
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=str(ROOT) if pure else "/")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10_000, help="games per game in the battery (default 10,000)")
    ap.add_argument("--sweep-games", type=int, default=2_000, help="games per table of 3-6 players (default 2,000)")
    ap.add_argument("--kingmaking", type=int, default=100, help="games examined for kingmaking per table")
    ap.add_argument("--skill", action="store_true", help="the skill trace of both games too (default budgets)")
    ap.add_argument("--fast-python", help="the interpreter of the compiled build (.venv-fast/bin/python)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.games, args.sweep_games, args.kingmaking, args.skill)))
        return
    builds = {"pure": run_build(sys.executable, args, pure=True)}
    if args.fast_python:
        builds["compiled"] = run_build(args.fast_python, args, pure=False)
        if not builds["compiled"]["compiled"]:
            raise SystemExit(f"{args.fast_python} does not run the compiled build (its modules are not .so files)")
    print(f"{os.cpu_count()} cores; battery {args.games:,} games per game, tables of 3-6 players {args.sweep_games:,} "
          f"games each with {args.kingmaking} examined for kingmaking")  # fmt: skip
    for label, f in builds.items():
        print(f"\n{label}:")
        for name in ("darkmoon", "dragonquest"):
            ratio = f[f"{name}_battery"] / f[f"{name}_plain"]
            fp = 100 * f[f"{name}_first_player"]
            print(f"  {name:12} battery {f[f'{name}_battery']:6.1f} s  (plain simulate {f[f'{name}_plain']:6.1f} s, "
                  f"battery/plain {ratio:.2f}x; first-player win rate {fp:.1f}%)")  # fmt: skip
        verdict = "within" if f["battery_both"] <= 120 else "OVER"
        print(f"  both games   battery {f['battery_both']:6.1f} s  ({verdict} the 120 s target)")
        print(f"  tables 3-6   {f['sweep']:6.1f} s  balance " + ", ".join(
            f"{p}p {100 * f[f'balance_{p}']:.0f}%" for p in range(3, 7)) + "; kingmaking " + ", ".join(
            f"{p}p {100 * f[f'kingmaking_{p}']:.0f}%" for p in range(3, 7)))  # fmt: skip
        if "skill" in f:
            verdict = "within" if f["skill"] <= 600 else "OVER"
            print(f"  skill trace  {f['skill']:6.1f} s  ({verdict} the 600 s target; Ludii SkillTrace DARK MOON "
                  f"{f['darkmoon_ludii_skill']:.2f}, Dragon Quest {f['dragonquest_ludii_skill']:.2f})")  # fmt: skip
    if "compiled" in builds:
        p, c = builds["pure"], builds["compiled"]
        print(f"\ncompiled/pure: battery of both games {p['battery_both'] / c['battery_both']:.2f}x faster")


if __name__ == "__main__":
    main()
