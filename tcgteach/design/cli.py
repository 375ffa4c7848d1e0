"""``tcgteach design GAME ...``: the design lab on the command line (the tables in the terminal, ``--out`` a report).

tcgteach design darkmoon -n 10000                                  # the battery of one variant
tcgteach design darkmoon --vs-option first_turn_restriction=False   # A against B, paired on the seeds
tcgteach design darkmoon --vs dragonquest                           # the two games side by side
tcgteach design darkmoon --players 4                                # balance per seat, kingmaking
tcgteach design dragonquest --readings --skill --cards heroes --rules --out report.html --lang ja
"""

from __future__ import annotations

import argparse
from typing import Any

import tcgteach

from ..core.errors import TcgError
from ..i18n import LANGS


def add_parser(sub: Any, int_arg: Any) -> None:
    """The ``design`` subcommand's arguments (``int_arg(lo, hi)``: the command line's whole-number type)."""
    d = sub.add_parser("design", help="the standard measures of a game design, A against B, as tables or a report")
    d.add_argument("game", choices=tcgteach.games())
    d.add_argument("-n", type=int_arg(2, 10**7), default=2000, help="games per variant (default 2000)")
    d.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule reading of A")
    d.add_argument("--players", type=int_arg(2, 6), default=None, help="players at the table (DARK MOON 2-6)")
    d.add_argument("--agents", default="heuristic", help="one per seat, comma-separated (default heuristic)")
    d.add_argument("--card-pool", metavar="FILE", help="measure with your own card pool (a JSON card file)")
    d.add_argument("--vs", choices=tcgteach.games(), help="compare with this game (B); default: the same game")
    d.add_argument("--vs-option", action="append", default=[], metavar="NAME=VALUE", help="a rule reading of B")
    d.add_argument("--vs-players", type=int_arg(2, 6), default=None, help="players at B's table")
    d.add_argument("--readings", action="store_true", help="every other rule reading against A (paired seeds)")
    d.add_argument("--cards", metavar="DECK", help="what each card of this starter deck is worth (paired deals)")
    d.add_argument("--cards-n", type=int_arg(2, 10**6), default=500, help="deals per card (default 500)")
    d.add_argument("--skill", action="store_true", help="the skill trace: the coach at doubling budgets")
    d.add_argument("--skill-games", type=int_arg(2, 10**5), default=40, help="games per skill match (default 40)")
    d.add_argument("--budgets", default="2,4,8,16,32", help="the coach's budgets, each twice the one before")
    d.add_argument("--rules", action="store_true", help="the rule-coverage map of A's games")
    d.add_argument("--kingmaking", type=int_arg(0, 10**6), default=None, help="games examined for kingmaking")
    d.add_argument("--seed-start", type=int_arg(), default=0, help="the games use seeds seed-start ...")
    d.add_argument("--jobs", type=int_arg(1, 1024), default=None, help="worker processes (default: all cores)")
    d.add_argument("--lang", choices=LANGS, default="en")
    d.add_argument("--out", metavar="FILE.html", help="write everything as one HTML report (no script, no files)")
    d.add_argument("--no-progress", action="store_true", help="no progress bar")


def _budgets(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise TcgError(f"--budgets {text!r}: write whole numbers separated by commas, e.g. 2,4,8,16,32") from None


def cmd_design(args: argparse.Namespace, out: Any) -> int:
    """``tcgteach design``: run the design battery on a game (and the requested comparisons) and print it or write
    the HTML report."""
    from ..cli import _options, check_output, make_game
    from . import card_impact, compare, option_effects, report, rule_map, run, skill_trace

    if args.out:
        check_output(args.out, "--out", {"--card-pool": args.card_pool})
    budgets = _budgets(args.budgets) if args.skill else ()
    lang = args.lang
    agents = args.agents.split(",")
    common = {
        "agents": agents[0] if len(agents) == 1 else agents,
        "seed_start": args.seed_start,
        "jobs": args.jobs,
        "progress": False if args.no_progress else None,
        "kingmaking": args.kingmaking,
        "lang": lang,
    }
    a_game = make_game(args.game, _options(args.option), args.card_pool)
    parts: list[Any] = []
    a = run(a_game, args.n, players=args.players, **common)
    parts.append(a)
    print(a.table(lang), file=out)
    if args.vs or args.vs_option or args.vs_players:
        name = args.vs or args.game
        options = (
            _options(args.vs_option) if name != args.game else {**_options(args.option), **_options(args.vs_option)}
        )
        b_game = make_game(name, options, args.card_pool if name == args.game else None)
        b = run(b_game, args.n, players=args.vs_players or (args.players if name == args.game else None), **common)
        c = compare(a, b)
        parts += [b, c]
        print("", b.table(lang), "", c.table(lang), sep="\n", file=out)
    if args.readings:
        effects = option_effects(a_game, args.n, players=args.players, **common)
        parts.append(effects)
        print("", effects.table(lang), sep="\n", file=out)
    if args.cards:
        impact = card_impact(a_game, args.cards, n=args.cards_n, agents=common["agents"], jobs=args.jobs)
        parts.append(impact)
        print("", impact.table(lang), sep="\n", file=out)
    if args.skill:
        trace = skill_trace(a_game, budgets, args.skill_games, jobs=args.jobs, seed_start=args.seed_start)
        parts.append(trace)
        print("", trace.table(lang), sep="\n", file=out)
    if args.rules:
        m = rule_map(a)
        parts.append(m)
        print("", m.table(lang), sep="\n", file=out)
    if args.out:
        report(args.out, parts, lang)
        print(f"wrote {args.out}", file=out)
    return 0
