"""``tcgteach puzzle``: a set of puzzles played in the terminal, and the check of ``tcgteach classroom
--puzzles FILE``.

    tcgteach puzzle --game dragonquest --lang ja
    tcgteach puzzle --puzzles my_puzzles.json

Each puzzle shows the board as its seat sees it (the board's own text, one line per block), the goal and the
first choices, numbered. Type a number (or the action, ``attack 5``): a wrong choice prints the line that
refutes it with the rules that decide it, and you try again; a right one prints the rest of its line, every
move with its events and their rule IDs. ``h`` shows the hint, ``s`` skips to the next puzzle, ``q`` ends
the set; the score (solved at the first try, of those tried) comes after each puzzle and at the end. As in
``tcgteach play``: a wrong entry is one line and a new prompt, input that ends early is an error (exit 2),
Ctrl+C exits 130. The play-through is :class:`tcgteach.puzzle_run.PuzzleRun`, as under the puzzle pane.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import tcgteach

from .core.errors import TcgError
from .i18n import LANGS
from .puzzle_run import Move, Phase, PuzzleRun, rule_title
from .puzzle_words import TEXT, stars

__all__ = ["add_parser", "board_lines", "check_classroom_puzzles", "cmd_puzzle"]

#: the tags that start a new line in the board's text
_BLOCKS = frozenset({"div", "p", "li", "tr", "h1", "h2", "h3", "h4", "h5", "ul", "table", "br", "section"})
_VOID = frozenset({"br", "img", "hr", "input", "meta", "wbr"})
#: a card on a board (each game's class): its text is one line, its parts joined by " · "
_CARD = re.compile(r"\b(?:dq-card|dq-chip|tcg-card)\b")


class _BoardText(HTMLParser):
    """The text of a board's HTML, a line per block and one per card (styles and drawings left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = [""]
        self._skip = 0
        self._open: list[str] = []
        self._card = 0  # the depth of the card being read (0: none)

    def _break(self, inside: bool) -> None:
        if inside:
            if self.lines[-1].strip() and not self.lines[-1].endswith(" · "):
                self.lines[-1] = self.lines[-1].rstrip() + " · "
        else:
            self.lines.append("")

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("style", "script", "svg"):
            self._skip += 1
            return
        cls = dict(attrs).get("class") or ""
        if tag not in _VOID:
            self._open.append(tag)
        if not self._card and _CARD.search(cls):
            self.lines.append("")
            self._card = len(self._open)
        elif tag in _BLOCKS:
            self._break(bool(self._card))
        elif self.lines[-1] and not self.lines[-1].endswith(" "):
            self.lines[-1] += " "

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "svg"):
            self._skip = max(0, self._skip - 1)
            return
        if tag in _VOID:
            return
        while self._open and self._open.pop() != tag:
            pass
        if self._card and len(self._open) < self._card:
            self._card = 0
            self.lines.append("")
        elif tag in _BLOCKS:
            self._break(bool(self._card))

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.lines[-1] += re.sub(r"\s+", " ", data)


def board_lines(state: Any, lang: str, perspective: int | None) -> list[str]:
    """The board of ``state`` as plain lines (what ``board_html`` shows, without its look)."""
    from .viz.board import board_html

    parser = _BoardText()
    parser.feed(board_html(state, lang=lang, perspective=perspective))
    parser.close()
    lines = (" ".join(line.split()).strip(" ·") for line in parser.lines)
    return [line for line in lines if line]


def add_parser(sub: Any) -> None:
    """The ``puzzle`` subcommand's arguments."""
    p = sub.add_parser(
        "puzzle",
        help="play a set of puzzles in the terminal (the game's own, or a puzzle file)",
        description="Play puzzles: a position, a goal, the choices. A wrong choice shows the reply that refutes it "
        "and its rules; a right one plays the line out. h: hint, s: skip, q: quit.",
    )
    p.add_argument("--game", choices=tcgteach.games(), default="darkmoon", help="the game's own puzzles (default)")
    p.add_argument("--puzzles", metavar="FILE", help="a puzzle file instead (checked and proved first)")
    p.add_argument("--lang", choices=LANGS, default="en")
    p.add_argument("--no-board", action="store_true", help="do not print the board (the goal and choices only)")


def load_set(path: str | None, game: str, flag: str = "--puzzles") -> Any:
    """The puzzles to play: the file (checked and proved; a problem names the file, the JSON path and the
    reason), else the game's shipped set."""
    from .puzzles import builtin, builtin_games, load_puzzles

    if path is not None:
        if not Path(path).is_file():
            raise TcgError(f"{flag} {path}: no such file")
        return load_puzzles(path)
    if game not in builtin_games():
        raise TcgError(f"no puzzles ship with {game}; give --puzzles FILE")
    return builtin(game)


def check_classroom_puzzles(path: str) -> None:
    """``tcgteach classroom --puzzles FILE``: refuse a bad file before the server starts, then hand its path to
    the app's kernels (``TCGTEACH_PUZZLES``, read by notebooks/05_classroom.ipynb)."""
    load_set(path, "", "--puzzles")
    os.environ["TCGTEACH_PUZZLES"] = str(Path(path).resolve())


class _Terminal:
    """One set played at the terminal."""

    def __init__(self, run: PuzzleRun, title: str, lang: str, board: bool, out: Any, inp: Any) -> None:
        self.run, self.title, self.lang, self.board, self.out, self.inp = run, title, lang, board, out, inp

    def t(self, key: str, **fmt: Any) -> str:
        return TEXT.t(key, self.lang, **fmt)

    @property
    def space(self) -> str:
        """Between two sentences: a space in English, none in Japanese."""
        return "" if self.lang == "ja" else " "

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def play(self) -> None:
        run = self.run
        self.say(self.t("cli_head", title=self.title, n=len(run.puzzles)))
        quit_ = False
        while not quit_:
            quit_ = not self.puzzle()
            if not quit_ and not run.next():
                break
        right, tried = run.score
        if quit_:
            self.say(self.t("score", right=right, tried=tried) if tried else self.t("score_none"))
        else:
            self.say(self.t("done", right=right, n=len(run.puzzles)))

    def show(self) -> None:
        run, lang = self.run, self.lang
        p = run.puzzle
        self.say()
        title = p.title.get(lang) or p.title.get("en") or p.id
        n = len(run.puzzles)
        self.say(self.t("cli_puzzle", i=run.index + 1, n=n, title=title, difficulty=stars(p.difficulty)))
        if self.board:
            for line in board_lines(run.state, lang, p.seat):
                self.say(f"  | {line}")
        self.say(f"{self.t('goal')}: {p.goal.text(lang)}" if lang == "en" else f"{self.t('goal')}：{p.goal.text(lang)}")
        self.say(self.t("you_are", n=p.seat + 1))
        for i, (text, words) in enumerate(run.choice_words(lang), 1):
            mark = "  ✗" if text in run.record.wrong else ""
            self.say(f"  {i:>2}. {words}  ({text}){mark}")

    def puzzle(self) -> bool:
        """Play the puzzle on the table until it is solved or skipped; False when the learner quits."""
        self.show()
        while True:
            entry = self.read()
            if entry in ("q", "quit"):
                return False
            if entry in ("s", "skip"):
                return True
            if entry in ("h", "hint"):
                self.say(f"  {self.t('hint_head')}{self.space}{self.run.hint(self.lang) or self.t('no_hint')}")
                continue
            choice = self.choice(entry)
            if choice is None:
                continue
            if self.answer(choice):
                return True

    def read(self) -> str:
        print(self.t("cli_prompt"), end="", file=self.out, flush=True)
        line = str(self.inp.readline())
        if not line:
            raise TcgError(self.t("cli_ended"))
        return line.strip()

    def choice(self, entry: str) -> Any:
        """The choice an entry names (a number from 1 or an action's text), or None after a one-line message."""
        from .cli import ascii_int

        n = len(self.run.choices())
        number = ascii_int(entry) if entry[:1] not in "+-" else None
        if number is not None:
            if 1 <= number <= n:
                return number
            self.say(f"  {self.t('cli_range', n=n)}")
            return None
        texts = [text for text, _ in self.run.choice_words(self.lang)]
        if entry in texts:
            return texts.index(entry) + 1
        self.say(f"  {self.t('cli_not_choice', text=entry) if entry else self.t('cli_range', n=n)}")
        return None

    def answer(self, number: int) -> bool:
        """Judge and print; True when the puzzle is solved."""
        run = self.run
        verdict = run.answer(number)
        choice = run.moves[0].said[self.lang]
        if not verdict.right:
            after = self.t("wrong_after" if len(run.moves) > 1 else "wrong_now", choice=choice)
            self.say(f"  ✗ {self.t('wrong')}{self.space}{after}")
            self.moves(run.moves)
            if len(run.moves) > 1:
                self.say(f"    {self.t('out_of_reach')}")
            self.rules(verdict.rules, "rules_decide")
            self.say(f"  {self.t('cli_try')}")
            run.reset()
            return False
        self.say(f"  ✓ {self.t('right')}{self.space}{self.t('right_why', choice=choice)}")
        first = run.moves[0]
        rest = run.play_out()
        self.say(f"  {self.t('cli_line')}")
        self.moves([first, *rest])
        if run.phase is Phase.SOLVED and run.goal_met():
            self.say(f"  ✓ {self.t('goal_met')}")
        self.rules(verdict.rules, "line_rules")
        right, tried = run.score
        self.say(self.t("score", right=right, tried=tried))
        return True

    def moves(self, moves: Sequence[Move]) -> None:
        seat = self.run.puzzle.seat
        sep = "：" if self.lang == "ja" else ": "
        for m in moves:
            who = self.t("who_you", n=seat + 1) if m.seat == seat else self.t("other", n=m.seat + 1)
            self.say(f"    {who}{sep}{m.said[self.lang]}  ({m.action})")
            for rule, words in m.events:
                self.say(f"      [{rule}] {words[self.lang]}")

    def rules(self, rules: Sequence[str], key: str) -> None:
        if rules:
            game = self.run.game
            named = ("、" if self.lang == "ja" else ", ").join(
                f"{r} {rule_title(game, r, self.lang)}".strip() for r in rules
            )
            self.say(f"  {self.t(key)}{self.space}{named}")


def cmd_puzzle(args: argparse.Namespace, out: Any, inp: Any) -> int:
    """Play the set (see the module docstring)."""
    puzzles = load_set(args.puzzles, args.game)
    title_map = getattr(puzzles, "title", None) or {}
    title = title_map.get(args.lang) or title_map.get("en") or TEXT.t("title", args.lang)
    _Terminal(PuzzleRun(puzzles), title, args.lang, not args.no_board, out, inp).play()
    return 0
