"""``tcgteach review RECORD [--lang ja] [--out review.html]``: the review of a game record in the terminal (each
seat's decisive moments) and, with ``--out``, as a standalone HTML page."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..core.errors import TcgError
from . import Review
from .texts import TEXT, pct


def cmd_review(args: argparse.Namespace, out: Any) -> int:
    """``tcgteach review``: a record file's chances at every decision and the moments that decided it."""
    if args.cards is not None and not Path(args.cards).is_file():
        raise TcgError(f"--cards {args.cards}: no such file")
    review = Review(
        args.file,
        rollouts=args.rollouts,
        jobs=args.jobs,
        progress=False if args.no_progress else None,
        cards=args.cards,
    )
    lang = args.lang
    final = review.timeline.final
    print(f"{len(review.timeline)} moves of {review.game.name}; {len(review.chances())} positions estimated", file=out)
    for seat in review.seats:
        print(TEXT.t("moments", lang, p=seat + 1), file=out)
        moments = review.moments(seat, lang)
        if not moments:
            print("  " + TEXT.t("no_moments", lang, p=seat + 1), file=out)
        for m in moments:
            print(
                "  " + TEXT.t("fell", lang, n=m.index + 1, t=m.turn, p=seat + 1, a=pct(m.before), b=pct(m.after)),
                file=out,
            )
            if m.mistake:
                line = TEXT.t(
                    "mistake",
                    lang,
                    played=m.played_text,
                    best=m.best_text,
                    k=review.rollouts,
                    bv=pct(m.best_value),
                    pv=pct(m.played_value),
                )
                print("    " + line, file=out)
                for r in m.reasons_best:
                    print(f"    - {r}", file=out)
            else:
                print("    " + TEXT.t("not_mistake", lang, played=m.played_text), file=out)
    if args.out:
        review.write_html(args.out, lang)
        print(f"wrote {args.out}", file=out)
    if not final.is_terminal():
        print("the game is not finished: its chances are estimates to the last move", file=out)
    return 0
