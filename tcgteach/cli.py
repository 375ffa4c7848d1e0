"""The ``tcgteach`` command: play, replay, simulate, diagrams, rules."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tcgteach

from .core.errors import TcgError
from .i18n import LANGS, Text, pick
from .session import Session

TEXT = Text(
    {
        "result": ("Result: ", "結果: "),
        "rules_legend": (
            "[interpretation]: the source leaves a gap or contradicts itself here, and this is the project's "
            "reading; a named one is an engine option you can change with --option NAME=VALUE.",
            "［解釈］：原典に書かれていない点や矛盾している点について、本プロジェクトが採った読み方です。"
            "名前のあるものはエンジンオプションで、--option 名前=値 で切り替えられます。",
        ),
    }
)


def _options(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise TcgError(f"--option {item!r}: write it as name=value")
        k, v = item.split("=", 1)
        out[k] = int(v) if v.isdigit() else v
    return out


class HumanAgent:
    """Asks at the terminal: prints the legal actions numbered, reads a number or an action text."""

    name = "human"

    def __init__(self, lang: str, out: Any, inp: Any) -> None:
        self.lang, self.out, self.inp = lang, out, inp

    def act(self, view: Any) -> Any:
        legal = view.legal_actions()
        game = view.game
        for i, a in enumerate(legal, 1):
            print(f"  {i:>2}. {a!s:<12} {game.describe_action(a, view, self.lang)}", file=self.out)
        while True:
            print(f"P{view.current_player + 1}> ", end="", file=self.out, flush=True)
            line = self.inp.readline()
            if not line:
                raise TcgError("input ended before the game did")
            line = line.strip()
            if line.isdigit():
                if 1 <= int(line) <= len(legal):
                    return legal[int(line) - 1]
                print(f"  choose a number from 1 to {len(legal)}", file=self.out)
                continue
            try:
                action = game.parse_action(line)
            except TcgError as exc:
                print(f"  {exc}", file=self.out)
                continue
            if action in legal:
                return action
            print("  not legal now; type its number", file=self.out)


def _print_events(state: Any, events: Sequence[Any], lang: str, viewer: int | None, out: Any) -> None:
    for ev in events:
        shown = ev if viewer is None else ev.masked(viewer)
        print(f"  [{ev.rule}] {state.game.describe_event(shown, state, lang)}", file=out)


def cmd_play(args: argparse.Namespace, out: Any, inp: Any) -> int:
    from .agents import make_agent

    game = tcgteach.game(args.game, _options(args.option))
    decks = args.decks.split(",") if args.decks else None
    if args.first is not None and args.first < 1:
        raise TcgError(f"--first is a seat number starting at 1, not {args.first}")
    state = game.new_state(
        seed=args.seed, decks=decks, players=args.players, first_player=None if args.first is None else args.first - 1
    )
    names = (args.agents or "random").split(",")
    if len(names) == 1:
        names = names * state.num_players
    if len(names) != state.num_players:
        raise TcgError(f"--agents names {len(names)} agents for {state.num_players} players")
    agents = [
        HumanAgent(args.lang, out, inp) if n == "human" else make_agent(n, args.seed * 1000 + i)
        for i, n in enumerate(names)
    ]
    humans = [i for i, n in enumerate(names) if n == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    title = pick(game.title, args.lang)
    print(f"{title} — seed {args.seed}, {state.num_players} players, agents {','.join(names)}", file=out)
    if not args.quiet:
        _print_events(state, state.events, args.lang, viewer, out)
    session = Session(state, agents)  # a person at the terminal plays through HumanAgent
    steps = 0
    while not state.is_terminal():
        if args.max_steps and steps >= args.max_steps:
            print(f"stopped after {steps} steps (--max-steps)", file=out)
            break
        p = state.current_player
        events = session.step()
        if events is None or p is None:  # every seat has an agent: not reached
            raise TcgError("no agent to move")
        action = state.history[-1]
        steps += 1
        if not args.quiet:
            print(f"P{p + 1}: {game.describe_action(action, state, args.lang)}  ({action})", file=out)
            _print_events(state, events, args.lang, viewer, out)
    result = state.result()
    if result is not None:
        print(TEXT.t("result", args.lang) + result.text(args.lang), file=out)
        for b in result.breakdown:
            parts = ", ".join(f"{k}={v}" for k, v in b.items() if isinstance(v, int) and k != "player")
            print(f"  P{b['player'] + 1}: {parts}", file=out)
    print(f"{steps} decisions", file=out)
    if args.record:
        from .core.record import write_record

        write_record(state, args.record, agents=",".join(names))
        print(f"record written to {args.record}", file=out)
    return 0


def cmd_replay(args: argparse.Namespace, out: Any) -> int:
    from .core.record import read_record, replay

    record = read_record(args.file)
    state = replay(record, args.file)
    if not args.quiet:
        for ev in state.events:
            print(f"  [{ev.rule}] {state.game.describe_event(ev, state, args.lang)}", file=out)
    result = state.result()
    print(f"replayed {len(state.history)} actions of {record.game} (seed {record.seed})", file=out)
    if result is not None:
        print(TEXT.t("result", args.lang) + result.text(args.lang), file=out)
    else:
        print("the game is not finished", file=out)
    return 0


def cmd_simulate(args: argparse.Namespace, out: Any) -> int:
    from .sim import format_table, simulate, summary, to_csv

    if args.n < 1:
        raise TcgError(f"-n must be at least 1, not {args.n}")
    agents = args.agents.split(",")
    records = simulate(
        args.game,
        args.n,
        agents=agents[0] if len(agents) == 1 else agents,
        options=_options(args.option),
        seed_start=args.seed_start,
        jobs=args.jobs,
        progress=False if args.no_progress else None,
        max_steps=args.max_steps,
    )
    first = records[0]
    print(
        f"{args.game}: {len(records)} games, seeds {args.seed_start}-{args.seed_start + args.n - 1}, "
        f"agents {first['agents']}, options {first['options']}",
        file=out,
    )
    print(format_table(summary(records)), file=out)
    if args.out:
        to_csv(records, args.out)
        print(f"records written to {args.out}", file=out)
    return 0


def cmd_diagrams(args: argparse.Namespace, out: Any) -> int:
    from .viz.flowgraph import write_diagrams

    written = write_diagrams(Path(args.out), svg=not args.dot_only)
    for path in written:
        print(path, file=out)
    return 0


def cmd_rules(args: argparse.Namespace, out: Any) -> int:
    from . import explorer

    if args.game not in tcgteach.games():
        if args.rule is not None or "-" not in args.game:
            raise TcgError(f"no game {args.game!r}; the games are: {', '.join(tcgteach.games())}")
        args.rule, args.game = args.game, explorer.game_of_rule(args.game)  # `tcgteach rules DM-4.4`
    game = tcgteach.game(args.game, _options(args.option))
    ids = game.rule_ids()
    lang = args.lang
    if args.where:
        if args.rule is None:
            raise TcgError(f"--where needs a rule ID, e.g. tcgteach rules {game.name} {ids[1]} --where")
        for line in explorer.where(game, args.rule, lang).lines():
            print(line, file=out)
        return 0
    shown = marked = 0
    for rid in ids:
        if args.rule and not (
            rid == args.rule
            or rid.startswith(args.rule + ".")
            or rid.startswith(args.rule)
            and rid[len(args.rule) : len(args.rule) + 1] in ("", "a", "b")
        ):
            continue
        marks = game.rule_marks(rid, lang)
        if args.interpretations and not marks:
            continue
        print(f"{rid}  {game.rule_title(rid, lang)}: {game.rule_text(rid, lang)}", file=out)
        for line in marks:
            print(f"    {line}", file=out)
        shown += 1
        marked += bool(marks)
    if not shown:
        if args.interpretations:
            raise TcgError(
                f"no {game.name} rule{'' if args.rule is None else ' ' + repr(args.rule)} is marked [interpretation]"
            )
        raise TcgError(f"no {game.name} rule {args.rule!r}; try e.g. {ids[0]}")
    if marked:
        print(f"\n{TEXT.t('rules_legend', lang)}", file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tcgteach", description="Play, replay and draw the tcgteach card games.")
    ap.add_argument("--version", action="version", version=f"%(prog)s {tcgteach.__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game in the terminal (agents: random, human)")
    p.add_argument("game", choices=tcgteach.games())
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--agents", default=None, help="one per seat, comma-separated: random, human")
    p.add_argument("--decks", default=None, help="starter deck names, comma-separated")
    p.add_argument("--first", type=int, default=None, help="seat number (1-based) that goes first")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--lang", choices=LANGS, default="en")
    p.add_argument("--record", metavar="FILE", help="write a plain-text game record")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument(
        "--max-steps",
        type=int,
        default=100_000,
        help="stop after this many decisions (agents that never build units never end a game)",
    )
    r = sub.add_parser("replay", help="replay a game record to its final state")
    r.add_argument("file")
    r.add_argument("--lang", choices=LANGS, default="en")
    r.add_argument("--quiet", action="store_true")
    m = sub.add_parser("simulate", help="play many games and print design statistics (optionally write a CSV)")
    m.add_argument("game", choices=tcgteach.games())
    m.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    m.add_argument("--agents", default="random", help="one per seat, comma-separated (random, heuristic, coach)")
    m.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores; 1: no pool)")
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    m.add_argument("--seed-start", type=int, default=0, help="games use seeds seed-start .. seed-start+n-1")
    m.add_argument("--out", metavar="FILE.csv", help="write one row per game")
    m.add_argument("--max-steps", type=int, default=100_000, help="abandon a game after this many decisions")
    m.add_argument("--no-progress", action="store_true", help="no progress bar")
    d = sub.add_parser("diagrams", help="write DOT and SVG of every flow graph (en and ja)")
    d.add_argument("--out", default="diagrams")
    d.add_argument("--dot-only", action="store_true", help="skip SVG (no graphviz binary needed)")
    u = sub.add_parser("rules", help="print the rules (the project's own short texts)")
    u.add_argument("game", help=f"{' or '.join(tcgteach.games())} (may be left out before a rule ID)")
    u.add_argument("rule", nargs="?", default=None, help="a rule ID or prefix, e.g. DM-4")
    u.add_argument(
        "--where",
        action="store_true",
        help="the rule, the lessons that teach it and live examples from seeded games (with a line of Python "
        "that opens each in the stepper)",
    )
    u.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="the examples' options")
    u.add_argument("--lang", choices=LANGS, default="en")
    u.add_argument(
        "--interpretations",
        action="store_true",
        help="only the rules marked [interpretation] (the readings; named ones are engine options)",
    )
    return ap


def main(argv: Sequence[str] | None = None, out: Any = None, inp: Any = None) -> int:
    out = out or sys.stdout
    inp = inp or sys.stdin
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return cmd_play(args, out, inp)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "diagrams":
            return cmd_diagrams(args, out)
        return cmd_rules(args, out)
    except TcgError as exc:
        print(f"tcgteach: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
