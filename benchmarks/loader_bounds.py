"""Do the loaders stay linear, and refuse an oversized file at once? (issue 22, item 1)

    python benchmarks/loader_bounds.py [--quick]

For every kind of file tcgteach reads — card pools (both games), deck lists, teaching positions, saved
states, game records — it loads inputs of growing size, good ones and bad ones (every item wrong), up to
the stated limits (``tcgteach.core.schema.MAX_FILE_BYTES``, ``MAX_VALUES``, ``MAX_DEPTH``,
``MAX_INT_DIGITS``; ``tcgteach.record.MAX_ACTIONS``), and prints the time, the time per value and
the ratio to an anchor measured in the same run: ``json.loads`` of the same text (a loader can never be
faster than parsing its input once). A linear loader keeps its time per value flat as the input grows;
the last lines time the 4 MB bad files of the issue (the bar: refused in under 1 s).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import tempfile
import time
from collections.abc import Callable
from typing import Any

import tcgteach
from tcgteach.core.errors import TcgError
from tcgteach.core.schema import MAX_FILE_BYTES, MAX_VALUES
from tcgteach.record import MAX_ACTIONS, parse_record, record_text


def timed(fn: Callable[[], Any]) -> tuple[float, str]:
    t0 = time.perf_counter()
    try:
        fn()
        outcome = "loaded"
    except TcgError as exc:
        outcome = "refused: " + str(exc).split(": ", 2)[-1][:60]
    return time.perf_counter() - t0, outcome


def values(data: Any) -> int:
    stack, n = [data], 0
    while stack:
        v = stack.pop()
        n += 1
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return n


def row(kind: str, size: str, text: str, load: Callable[[], Any], n: int | None = None) -> None:
    """One line: the load's time, per value (or per ``n`` items given), and against json.loads of ``text``."""
    t0 = time.perf_counter()
    try:
        counted = values(json.loads(text))
    except ValueError:
        counted = 0
    anchor = time.perf_counter() - t0
    n = counted if n is None else n
    seconds, outcome = timed(load)
    per = f"{seconds / n * 1e6:7.2f} us/item " if n else " " * 16
    ratio = f"{seconds / anchor:7.1f}x json.loads" if anchor > 0 else ""
    print(f"{kind:<26} {size:>12} {len(text):>10,} B {seconds * 1000:9.1f} ms {per}  {ratio}  {outcome}")


def as_file(text: str) -> str:
    fd, path = tempfile.mkstemp(suffix=".json", prefix="tcg-bench-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


def card_pools(name: str, sizes: list[int]) -> None:
    base = json.loads((tcgteach.game(name).user_pool or _pool_path(name)).read_text(encoding="utf-8"))
    cards = base["cards"]
    for n in sizes:
        good = dict(base, cards=[dict(copy.deepcopy(cards[i % len(cards)]), id=f"X{i:05d}") for i in range(n)])
        for label, data in ((f"{n} cards", good), (f"{n} bad items", dict(base, cards=[0] * (n * 20)))):
            text = json.dumps(data, ensure_ascii=False)
            path = as_file(text)
            row(f"{name} card pool", label, text, lambda p=path: tcgteach.game(name, cards=p))
            os.unlink(path)


def _pool_path(name: str) -> Any:
    from importlib.resources import files

    return files("tcgteach") / name / "data" / "cards.json"


def saved_states(name: str, sizes: list[int]) -> None:
    import random

    game = tcgteach.game(name)
    longest: Any = None
    for seed in range(40):  # the longest of 40 random games: a real saved state
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        if longest is None or len(s.history) > len(longest.history):
            longest = s
    data = longest.to_dict()
    text = json.dumps(data)
    row(f"{name} saved state", f"{len(data['history'])} actions", text, lambda: game.state_from_dict(json.loads(text)))
    for n in sizes:
        for key in ("history", "events", "trail"):
            bad = dict(data, **{key: [0] * n})
            text = json.dumps(bad)
            row(f"{name} state, bad {key}", f"{n} items", text, lambda t=text: game.state_from_dict(json.loads(t)))


def positions(sizes: list[int]) -> None:
    game = tcgteach.game("dragonquest")
    for n in sizes:
        spec = {"turn_player": 0, "node": "prep", "players": [{"hand": [0] * n}, {}]}
        text = json.dumps(spec)
        row("dragonquest position", f"hand of {n}", text, lambda t=text: game.position(json.loads(t)))


def records(sizes: list[int]) -> None:
    game = tcgteach.game("darkmoon")
    state = game.new_state(seed=1)
    head = record_text(state).splitlines()
    for n in sizes + [MAX_ACTIONS + 1]:
        text = "\n".join(head + ["pass"] * n) + "\n"
        row("record (parse)", f"{n} actions", json.dumps(text), lambda t=text: parse_record(t), n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller sizes (a smoke run)")
    args = ap.parse_args()
    sizes = [100, 1_000] if args.quick else [100, 1_000, 10_000, 100_000]
    print(f"limits: {MAX_FILE_BYTES:,} bytes, {MAX_VALUES:,} values per file, {MAX_ACTIONS:,} actions per game")
    print(f"{'input':<26} {'size':>12} {'bytes':>12} {'time':>12} {'per value':>16}  {'ratio':>18}  outcome")
    tcgteach.game("darkmoon").state_from_dict(tcgteach.game("darkmoon").new_state().to_dict())  # imports, caches
    for name in ("darkmoon", "dragonquest"):
        card_pools(name, [10, 100] if args.quick else [10, 100, 1_000])
    for name in ("darkmoon", "dragonquest"):
        saved_states(name, sizes)
    positions(sizes)
    records(sizes)
    print("-- the issue's 4 MB files (bar: refused in under 1 s)")
    for label, body in (
        ("2,000,000 zeros", ",".join(["0"] * 2_000_000)),
        ("1,000,000 {}", ",".join(["{}"] * 1_000_000)),
    ):
        text = '{"format": "tcgteach-darkmoon-cards", "cards": [' + body + "]}"
        path = as_file(text)
        row("darkmoon card pool, 4 MB", label, text, lambda p=path: tcgteach.game("darkmoon", cards=p))
        os.unlink(path)


if __name__ == "__main__":
    main()
