"""``tcgteach link RECORD``: a link that opens the classroom app at a move of a recorded game.

tcgteach link game.tcgrec --move 40                      # on the project's site (https://tcgteach.github.io/tcgteach/)
tcgteach link game.tcgrec --move 40 --site http://localhost:8866/    # the classroom tcgteach classroom serves
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..core.errors import TcgError
from ..i18n import LANGS
from . import CLASSROOM_PAGE, DEFAULT_SITE, SEAT_KINDS, game_link, link_url


def add_parser(sub: Any, int_arg: Any) -> None:
    """The ``link`` subcommand's arguments (``int_arg(lo, hi)``: the command line's whole-number type)."""
    k = sub.add_parser(
        "link",
        help="print a link that opens the classroom app at a move of a game record",
        description="Print a link that opens the classroom app at a move of a recorded game (the record is replayed "
        "and checked first). The link holds the game itself, in its fragment (after #): no server keeps it.",
    )
    k.add_argument("file", metavar="RECORD", help="a game record (tcgteach play --record, the classroom's saves)")
    k.add_argument("--move", type=int_arg(0, None), default=None, help="after this many actions (default: the end)")
    k.add_argument(
        "--site",
        metavar="URL",
        default=None,
        help=f"the classroom page's address; default {DEFAULT_SITE}{CLASSROOM_PAGE} (the project's site, "
        "offline in any browser); the Voila classroom of `tcgteach classroom`: http://HOST:8866/ (with ?token=... "
        "on a network)",
    )
    k.add_argument("--seats", default=None, help=f"who plays each seat, comma-separated ({', '.join(SEAT_KINDS)})")
    k.add_argument("--lang", choices=LANGS, default=None, help="open the classroom in this language")
    k.add_argument("--cards", metavar="FILE", help="the card file the game was played with (its Cards: line)")


def cmd_link(args: argparse.Namespace, out: Any) -> int:
    """``tcgteach link``: the link that opens a record file's game at a moment in the site or the classroom."""
    from ..record import read_record, replay

    record = read_record(args.file)
    if args.cards is not None and not Path(args.cards).is_file():
        raise TcgError(f"--cards {args.cards}: no such file")
    state = replay(record, args.file, cards=args.cards)
    total = len(state.history)
    move = total if args.move is None else args.move
    if move > total:
        raise TcgError(f"--move {move}: {args.file} has {total} actions (give a move from 0 to {total})")
    seats = None
    if args.seats is not None:
        seats = [s.strip() for s in args.seats.split(",")]
        bad = [s for s in seats if s not in SEAT_KINDS]
        if bad or len(seats) != state.num_players:
            raise TcgError(f"--seats {args.seats}: give {state.num_players} seats, each one of {', '.join(SEAT_KINDS)}")
    print(link_url(game_link(state, move, seats=seats, lang=args.lang), args.site), file=out)
    return 0
