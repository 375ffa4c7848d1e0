"""The ``tcgteach`` command: play, replay, simulate, diagrams, rules, classroom, link, puzzle.

Every error is one line on stderr and a non-zero exit, never a traceback: usage errors (argparse) exit 2, library
errors (``TcgError``) 2, files that cannot be read or written 1, an interrupt (Ctrl+C) 130. Output files
(``--record``, ``--out``) are checked before a game or simulation starts: one that is also an input (``--cards``) is
refused, and each is written whole or not at all (``core/files.py``). Replaying a record cut off before its result
line prints "unfinished" and exits 1. Numbers are ASCII digits only (``"²".isdigit()`` is True, and ``int("١٢")`` is
12). ``TCGTEACH_DEBUG=1`` shows the traceback of an unexpected error (a bug: please report it)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import tcgteach

from .core.errors import TcgError
from .extras import MissingExtraError, require
from .i18n import LANGS, Text, pick
from .session import Session
from .texts import outcome_text, rule_marks

TEXT = Text(
    {
        "result": ("Result: ", "結果："),
        "rules_legend": (
            "[interpretation]: the source leaves a gap or contradicts itself here, and this is the project's "
            "reading; a named one is an engine option you can change with --option NAME=VALUE. [automated play]: "
            "not a rule but a safeguard that makes every simulated game end; off when people play.",
            "［解釈］：原典に書かれていない点や矛盾している点について、本プロジェクトが採った読み方です。"
            "名前のあるものはエンジンオプションで、--option 名前=値 で切り替えられます。"
            "［自動対戦用］：ルールではなく、シミュレーションの対戦が必ず終わるようにするための歯止めです。人が遊ぶときは働きません。",
        ),
    }
)


_INT = re.compile(r"[+-]?[0-9]{1,18}")  # ASCII digits only, and few enough to stay a machine-sized number


def ascii_int(text: str) -> int | None:
    """``text`` as an int if it is written in ASCII digits (an optional sign, at most 18 digits), else None."""
    return int(text) if _INT.fullmatch(text) else None


def _int_arg(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: an ASCII integer in [lo, hi]; anything else is a usage error naming the value."""

    def parse(text: str) -> int:
        value = ascii_int(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number written in digits 0-9")
        if lo is not None and value < lo or hi is not None and value > hi:
            span = f"at least {lo}" if hi is None else f"from {lo} to {hi}" if lo is not None else f"at most {hi}"
            raise argparse.ArgumentTypeError(f"{value} is out of range: give a number {span}")
        return value

    parse.__name__ = "number"
    return parse


def _options(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise TcgError(f"--option {item!r}: write it as name=value")
        k, v = item.split("=", 1)
        number = ascii_int(v)
        out[k] = v if number is None else number
    return out


def check_output(path: str, flag: str, inputs: dict[str, str | None] | None = None) -> None:
    """Refuse an output file that cannot be written, before any work: one of the command's ``inputs`` (flag
    -> path), a missing folder, a folder given as the file, no permission. It is tried for real (opened
    without truncating, created and removed if it was not there; a temporary file made in its folder, where
    it is written before it is renamed into place)."""
    from .core.files import check_not_input, probe_folder

    check_not_input(path, flag, inputs or {})
    p = Path(path)
    parent = p.parent
    if p.is_dir():
        raise TcgError(f"{flag} {path}: that is a folder; give a file name")
    if not parent.exists():
        raise TcgError(f"{flag} {path}: the folder {str(parent)!r} does not exist")
    if not parent.is_dir():
        raise TcgError(f"{flag} {path}: {str(parent)!r} is not a folder")
    existed = p.exists()
    try:
        with open(p, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise TcgError(f"{flag} {path}: cannot write there ({exc.strerror or exc})") from None
    if not existed:
        try:
            p.unlink()
        except OSError:
            pass
    try:
        probe_folder(p)
    except OSError as exc:
        raise TcgError(f"{flag} {path}: cannot write in its folder ({exc.strerror or exc})") from None


def make_game(name: str, options: dict[str, Any], cards: str | None) -> Any:
    """``tcgteach.game(name, options)``, with the card pool of ``--cards FILE`` when one is given."""
    if cards is None:
        return tcgteach.game(name, options)
    if not Path(cards).is_file():
        raise TcgError(f"--cards {cards}: no such file")
    return tcgteach.game(name, options, cards=cards)


class HumanAgent:
    """Asks at the terminal: prints the legal actions numbered, reads a number or an action text."""

    name = "human"

    def __init__(self, lang: str, out: Any, inp: Any) -> None:
        self.lang, self.out, self.inp = lang, out, inp

    def act(self, view: Any) -> Any:
        """Ask the person at the terminal for a legal action: its number in the printed list, or its text."""
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
            number = ascii_int(line) if line[:1] not in "+-" else None
            if number is not None:
                if 1 <= number <= len(legal):
                    return legal[number - 1]
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


def _cmd_play(args: argparse.Namespace, out: Any, inp: Any) -> int:
    from .agents import make_agent

    if args.record:
        check_output(args.record, "--record", {"--cards": args.cards})
    game = make_game(args.game, _options(args.option), args.cards)
    decks = args.decks.split(",") if args.decks else None
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
        print(TEXT.t("result", args.lang) + outcome_text(result, args.lang), file=out)
        for b in result.breakdown:
            parts = ", ".join(f"{k}={v}" for k, v in b.items() if isinstance(v, int) and k != "player")
            print(f"  P{b['player'] + 1}: {parts}", file=out)
    print(f"{steps} decisions", file=out)
    if args.record:
        from .record import write_record

        write_record(state, args.record, agents=",".join(names))
        print(f"record written to {args.record}", file=out)
    return 0


def _cmd_replay(args: argparse.Namespace, out: Any) -> int:
    from .record import read_record, replay, unfinished

    record = read_record(args.file)
    pool = record.cards  # (fingerprint, line) of a game played with the user's own cards
    if args.cards is None and pool is not None:
        named = f", {record.cards_name}" if record.cards_name else ""
        raise TcgError(
            f"{args.file}:{pool[1]}: played with your own card pool ({pool[0]}{named}): replay with --cards FILE"
        )
    if args.cards is None:
        state = replay(record, args.file)
    else:
        if not Path(args.cards).is_file():
            raise TcgError(f"--cards {args.cards}: no such file")
        state = replay(record, args.file, cards=args.cards)
    if not args.quiet:
        for ev in state.events:
            print(f"  [{ev.rule}] {state.game.describe_event(ev, state, args.lang)}", file=out)
    result = state.result()
    print(f"replayed {len(state.history)} actions of {record.game} (seed {record.seed})", file=out)
    if result is not None and record.complete:
        print(TEXT.t("result", args.lang) + outcome_text(result, args.lang), file=out)
    else:
        print("the game is not finished" if result is None else "unfinished record", file=out)
    why = unfinished(record, args.file)
    if why is not None and not record.complete:  # cut off: say so, and fail, so that a script notices
        return _fail(why, 1)
    if why is not None:
        print(why, file=out)
    return 0


def _cmd_simulate(args: argparse.Namespace, out: Any) -> int:
    from .sim import format_table, simulate, summary, to_csv

    if args.out:
        check_output(args.out, "--out", {"--cards": args.cards})
    options = _options(args.option)
    # with --cards the user's pool travels in the Game; without, the name (the simulator's defaults)
    game = make_game(args.game, options, args.cards) if args.cards else args.game
    agents = args.agents.split(",")
    records = simulate(
        game,
        args.n,
        agents=agents[0] if len(agents) == 1 else agents,
        options=options,
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


def diagram_dir(name: str) -> Path:
    """Where a game's committed diagrams live: ``tcgteach/diagrams`` for the built-in games, ``<package>/diagrams``
    for a plugin's (so that ``tcgteach diagrams`` never writes a plugin's files into tcgteach)."""
    import importlib.util

    package = tcgteach.game_package(name)
    if package == "tcgteach" or package.startswith("tcgteach."):
        return Path(tcgteach.__file__).parent / "diagrams"
    spec = importlib.util.find_spec(package)
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    if not places:
        raise TcgError(f"the package {package} of game {name!r} has no folder to hold its diagrams: give --out")
    return Path(places[0]) / "diagrams"


def _cmd_diagrams(args: argparse.Namespace, out: Any) -> int:
    from .viz.flowgraph import write_diagrams

    names = args.game or list(tcgteach.games())
    if args.out is not None:
        targets = {Path(args.out): names}
    else:  # each game into its own package's folder
        targets = {}
        for name in names:
            targets.setdefault(diagram_dir(name), []).append(name)
    for folder, games in targets.items():
        for path in write_diagrams(folder, svg=not args.dot_only, games=games):
            print(path, file=out)
    return 0


def _rule_under(rid: str, rule: str) -> bool:
    """``rid`` is ``rule`` or one of its sub-rules (``DM-4.4``: ``DM-4.4.1``, ``DM-4.4a``, ``DM-4.4b``)."""
    return (
        rid == rule
        or rid.startswith(rule + ".")
        or rid.startswith(rule)
        and rid[len(rule) : len(rule) + 1] in ("", "a", "b")
    )


def _print_rules(game: Any, ids: Sequence[str], args: argparse.Namespace, out: Any) -> tuple[int, int]:
    """The rules ``tcgteach rules`` asks for, each with its marks: how many were shown, and how many marked."""
    lang = args.lang
    shown = marked = 0
    for rid in ids:
        if args.rule and not _rule_under(rid, args.rule):
            continue
        marks = rule_marks(game, rid, lang)
        if args.interpretations and not game.rule_interpretations(rid):  # (the automation options are no readings)
            continue
        print(f"{rid}  {game.rule_title(rid, lang)}: {game.rule_text(rid, lang)}", file=out)
        for line in marks:
            print(f"    {line}", file=out)
        shown += 1
        marked += bool(marks)
    return shown, marked


def _cmd_rules(args: argparse.Namespace, out: Any) -> int:
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
    shown, marked = _print_rules(game, ids, args, out)
    if not shown:
        if args.interpretations:
            raise TcgError(
                f"no {game.name} rule{'' if args.rule is None else ' ' + repr(args.rule)} is marked [interpretation]"
            )
        raise TcgError(f"no {game.name} rule {args.rule!r}; try e.g. {ids[0]}")
    if marked:
        print(f"\n{TEXT.t('rules_legend', lang)}", file=out)
    return 0


def card_file_game(path: str) -> str:
    """The game a card file is for, from its ``format`` (``tcgteach-darkmoon-cards`` ...)."""
    from .core.data import load_json

    if not Path(path).is_file():
        raise TcgError(f"--cards {path}: no such file")
    data = load_json(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    for name in tcgteach.games():
        if fmt == f"tcgteach-{name}-cards":
            return name
    formats = ", ".join(f"tcgteach-{name}-cards" for name in tcgteach.games())
    raise TcgError(f'--cards {path}: not a card file (its "format" is {fmt!r}; a card file says one of {formats})')


def _cmd_classroom(args: argparse.Namespace, out: Any, extra: Sequence[str]) -> int:
    require("voila", "the classroom")  # the rest of the notebooks extra comes with it
    from . import classroom_server

    if args.cards is not None:  # checked here, before the server starts; the app's kernels read the two variables
        name = card_file_game(args.cards)
        game = make_game(name, dict(tcgteach.game_class(name).classroom_options), args.cards)
        game.new_state(seed=0)  # the app deals the starter decks: a pool none of them fits is refused here
        os.environ["TCGTEACH_CARDS"] = str(Path(args.cards).resolve())
        os.environ["TCGTEACH_CARDS_GAME"] = name
    if args.puzzles is not None:  # the same: refused here with its JSON path, else handed to the app's kernels
        from .puzzle_cli import check_classroom_puzzles

        check_classroom_puzzles(args.puzzles)
    return classroom_server.serve(
        args.notebook,
        network=args.network,
        port=args.port,
        max_kernels=args.max_kernels,
        idle_minutes=args.idle_minutes,
        extra=extra,
        out=out,
    )


def _one_line(text: str, limit: int = 1000) -> str:
    """A message on one line (a deck's broken rules come as a list), shortened past ``limit`` characters."""
    line = " ".join(part.strip() for part in str(text).splitlines() if part.strip())
    return line if len(line) <= limit else line[: limit - 1] + "…"


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors on one line (exit 2 as always): the message and where to find help."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {_one_line(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The ``tcgteach`` command line: the parser with every subcommand and its options."""
    ap = _Parser(prog="tcgteach", description="Play, replay and draw the tcgteach card games.")
    ap.add_argument("--version", action="version", version=f"%(prog)s {tcgteach.__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game in the terminal (agents: random, human)")
    p.add_argument("game", choices=tcgteach.games())
    p.add_argument("--seed", type=_int_arg(), default=0)
    p.add_argument("--players", type=_int_arg(1, 99), default=None)
    p.add_argument("--agents", default=None, help="one per seat, comma-separated: random, human")
    p.add_argument("--decks", default=None, help="starter deck names, comma-separated")
    p.add_argument("--first", type=_int_arg(1, 99), default=None, help="seat number (1-based) that goes first")
    p.add_argument("--cards", metavar="FILE", help="play with your own card pool (a JSON card file)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--lang", choices=LANGS, default="en")
    p.add_argument("--record", metavar="FILE", help="write a plain-text game record")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument(
        "--max-steps",
        type=_int_arg(0, 10**9),
        default=100_000,
        help="stop after this many decisions (agents that never build units never end a game)",
    )
    r = sub.add_parser("replay", help="replay a game record to its final state")
    r.add_argument("file")
    r.add_argument("--lang", choices=LANGS, default="en")
    r.add_argument("--quiet", action="store_true")
    r.add_argument("--cards", metavar="FILE", help="the card file the game was played with (its Cards: line)")
    v = sub.add_parser("review", help="review a game record: win chances, decisive moments, a standalone HTML page")
    v.add_argument("file")
    v.add_argument("--lang", choices=LANGS, default="en")
    v.add_argument("--out", metavar="FILE.html", help="write the review as one HTML page (no script, no files)")
    v.add_argument("--rollouts", type=_int_arg(2, 10_000), default=24, help="rollouts per estimate (default 24)")
    v.add_argument("--jobs", type=_int_arg(1, 1024), default=None, help="worker processes (default: all cores)")
    v.add_argument("--cards", metavar="FILE", help="the card file the game was played with (its Cards: line)")
    v.add_argument("--no-progress", action="store_true", help="no progress bar")
    m = sub.add_parser("simulate", help="play many games and print design statistics (optionally write a CSV)")
    m.add_argument("game", choices=tcgteach.games())
    m.add_argument("-n", type=_int_arg(1, 10**7), default=1000, help="number of games (default 1000)")
    m.add_argument("--agents", default="random", help="one per seat, comma-separated (random, heuristic, coach)")
    m.add_argument(
        "--jobs", type=_int_arg(1, 1024), default=None, help="worker processes (default: all cores; 1: no pool)"
    )
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    m.add_argument("--seed-start", type=_int_arg(), default=0, help="games use seeds seed-start .. seed-start+n-1")
    m.add_argument("--out", metavar="FILE.csv", help="write one row per game")
    m.add_argument(
        "--max-steps", type=_int_arg(0, 10**9), default=100_000, help="abandon a game after this many decisions"
    )
    m.add_argument("--cards", metavar="FILE", help="simulate with your own card pool (a JSON card file)")
    m.add_argument("--no-progress", action="store_true", help="no progress bar")
    from .design.cli import add_parser as add_design

    add_design(sub, _int_arg)
    from .links.cli import add_parser as add_link

    add_link(sub, _int_arg)
    from .puzzle_cli import add_parser as add_puzzle

    add_puzzle(sub)
    d = sub.add_parser("diagrams", help="write DOT and SVG of every flow graph (en and ja)")
    d.add_argument(
        "--out", default=None, help="one folder for every game (default: each game's own package's diagrams/)"
    )
    d.add_argument("--dot-only", action="store_true", help="skip SVG (no graphviz binary needed)")
    d.add_argument("--game", action="append", help="only this game (may be repeated), e.g. a plugin into its package")
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
    c = sub.add_parser(
        "classroom",
        help="serve the classroom app with Voila (other arguments go to voila, e.g. --no-browser)",
        description="Serve notebooks/05_classroom.ipynb with Voila. Without --network: as `voila NOTEBOOK` does "
        "(this computer only, no token). With --network: on every interface, with a random token in the printed "
        "address, idle apps closed and a cap on the apps open at once.",
    )
    c.add_argument("--network", action="store_true", help="serve the students' devices on this network (a token)")
    c.add_argument("--port", type=_int_arg(1, 65535), default=None, help="default 8866")
    c.add_argument("--notebook", default="notebooks/05_classroom.ipynb", help="the classroom notebook")
    c.add_argument("--cards", metavar="FILE", help="play the file's game with your own card pool (a JSON card file)")
    c.add_argument("--puzzles", metavar="FILE", help="the Puzzles mode plays this puzzle file (checked first)")
    c.add_argument(
        "--max-kernels", type=_int_arg(1, 10_000), default=40, help="with --network: apps open at once (default 40)"
    )
    c.add_argument(
        "--idle-minutes",
        type=_int_arg(1, 24 * 60),
        default=30,
        help="with --network: close an app nobody used for this long (default 30)",
    )
    return ap


def _run(args: argparse.Namespace, extra: Sequence[str], out: Any, inp: Any) -> int:
    if args.command == "play":
        return _cmd_play(args, out, inp)
    if args.command == "replay":
        return _cmd_replay(args, out)
    if args.command == "simulate":
        return _cmd_simulate(args, out)
    if args.command == "review":
        from .review.cli import cmd_review

        return cmd_review(args, out)
    if args.command == "design":
        from .design.cli import cmd_design

        return cmd_design(args, out)
    if args.command == "diagrams":
        return _cmd_diagrams(args, out)
    if args.command == "link":
        from .links.cli import cmd_link

        return cmd_link(args, out)
    if args.command == "classroom":
        return _cmd_classroom(args, out, extra)
    if args.command == "puzzle":
        from .puzzle_cli import cmd_puzzle

        return cmd_puzzle(args, out, inp)
    return _cmd_rules(args, out)


def _fail(message: str, code: int) -> int:
    print(f"tcgteach: error: {_one_line(message)}", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None, out: Any = None, inp: Any = None) -> int:
    """Run the command; every error is one line on stderr and a non-zero exit (see the module's text)."""
    out = out or sys.stdout
    inp = inp or sys.stdin
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)  # usage errors: one line, SystemExit(2)
        if extra and args.command != "classroom":  # only the classroom passes arguments on (to voila)
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return _run(args, extra, out, inp)
    except (TcgError, MissingExtraError) as exc:
        return _fail(str(exc), 2)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        # the reader went away (tcgteach play ... | head): stop quietly, and let Python's exit flush nothing more
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except UnicodeError as exc:
        return _fail(f"{exc.__class__.__name__}: {exc} (set PYTHONIOENCODING=utf-8 for Japanese text)", 1)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(f"{where}{exc.strerror or exc}", 1)
    except Exception as exc:  # a bug: still one line, unless asked for the traceback
        if os.environ.get("TCGTEACH_DEBUG"):
            raise
        return _fail(
            f"unexpected {exc.__class__.__name__}: {exc} (a bug in tcgteach: please report it; "
            "TCGTEACH_DEBUG=1 shows the traceback)",
            1,
        )


if __name__ == "__main__":
    sys.exit(main())
