"""The classroom's puzzle mode: a "Puzzles" button in the bar, like Quiz, that puts a
:class:`tcgteach.widgets.puzzle.PuzzlePane` in place of the play rows (the game waits as it is).

The puzzles are the teacher's file when the classroom was given one (``Classroom(puzzles=PATH)``, ``tcgteach
classroom --puzzles FILE``: read, checked and proved when the classroom starts, so a bad file is refused at
once with its JSON path), else the shipped set of the game being played. A game without shipped puzzles and
no file: no Puzzles button. The pane follows the classroom's language; the classroom's projector mode reaches
it through the page (the class ``tcg-projector`` on the classroom).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..core.checks import check_bool
from ..core.errors import TcgError
from ..i18n import Text
from .links import OPENERS
from .table import SHOWN_BUTTON

TEXT = Text(
    {
        "puzzles": ("Puzzles", "パズル"),
        "puzzles_back": ("Back to the game", "ゲームに戻る"),
        "no_puzzles": ("{game} has no puzzles yet.", "{game}にはまだパズルがありません。"),
    }
)


def teacher_set(puzzles: Any) -> Any:
    """The teacher's puzzle set: None stays None; a path or the file's data is loaded, checked and proved
    (``load_puzzles``: a ``PuzzleFileError`` names the file, the JSON path and the reason); a set is kept."""
    if puzzles is None:
        return None
    from .puzzle import puzzle_set

    return puzzle_set(puzzles)


def puzzles_button(room: Any) -> Any:
    """The classroom's Puzzles toggle (``tcg-puzzles-mode``), wired: on, the pane; off, the game. Turning the
    quiz on turns it off (one mode at a time)."""
    b = w.ToggleButton(value=False, description=TEXT.t("puzzles", room.lang), layout=w.Layout(width="auto"))
    b.add_class("tcg-puzzles-mode")
    b.observe(lambda ch: _toggle(room, bool(ch["new"])), names="value")
    room.quiz_button.observe(lambda ch: _quiz_on(room) if ch["new"] else None, names="value")
    return b


def _toggle(room: Any, on: bool) -> None:
    """The button pressed: the mode follows; refused, a short message on the status line and the button springs
    back. (Not ``table.guard``: turning the quiz off on the way must not be refused as a second click.)"""
    try:
        show_puzzles(room, on)
    except Exception as exc:  # a widget must never show a traceback
        _quiet_value(room, not on)
        t = room.table
        t.say(str(exc) if isinstance(exc, TcgError) else t.t("unexpected", kind=type(exc).__name__, msg=exc), True)


def _quiet_value(room: Any, value: bool) -> None:
    """Set the Puzzles button without switching the mode (it already is as the button will say)."""
    room._puzzles_quiet = True
    try:
        room.puzzles_button.value = value
    finally:
        room._puzzles_quiet = False


def _quiz_on(room: Any) -> None:
    """The quiz took the screen: the Puzzles button says so (its pane waits, as the game does)."""
    button = room.puzzles_button
    if button.value:
        _quiet_value(room, False)
        button.description = TEXT.t("puzzles", room.lang)


def _set_for(room: Any) -> Any:
    """The puzzles of the classroom now: the teacher's, or the shipped set of the game played (None: none)."""
    if room.puzzle_set is not None:
        return room.puzzle_set
    from ..puzzles import builtin, builtin_games

    name = room.game.name
    return builtin(name) if name in builtin_games() else None


def has_puzzles(room: Any) -> bool:
    """Whether the classroom has puzzles to offer for its game (a teacher's set, or the package's own)."""
    from ..puzzles import builtin_games

    return room.puzzle_set is not None or room.game.name in builtin_games()


def show_puzzles(room: Any, on: Any) -> Any:
    """Puzzle mode on (the pane in place of the play rows) or off (back to the game); returns the pane."""
    check_bool(on, "on")
    if getattr(room, "_puzzles_quiet", False):
        return room.puzzles
    if on:
        puzzles = _set_for(room)
        if puzzles is None:
            from .classroom_look import _title

            raise TcgError(TEXT.t("no_puzzles", room.lang, game=_title(room.game.name, room.lang)))
        if room.quiz_button.value:
            room.quiz_button.value = False  # the quiz gives the screen back first
        if room.puzzles is None or room.puzzles.puzzles is not puzzles:
            from .puzzle import PuzzlePane

            if room.puzzles is not None:
                room.puzzles.close()
            room.puzzles = PuzzlePane(puzzles, lang=room.lang)
        elif room.puzzles.lang != room.lang:
            room.puzzles.set_lang(room.lang)
        room.children = [*room._quiz_rows, room.puzzles]
    elif room.children and room.children[-1] is room.puzzles:
        room.children = room._rows
    button = room.puzzles_button
    if button.value != on:
        _quiet_value(room, on)
    button.description = TEXT.t("puzzles_back" if on else "puzzles", room.lang)
    return room.puzzles


def sync(room: Any) -> None:
    """After a new game or a change of language: the button's words, whether it is offered, the pane's
    language; puzzle mode ends when the game played has no puzzles."""
    button = room.puzzles_button
    button.description = TEXT.t("puzzles_back" if button.value else "puzzles", room.lang)
    offered = has_puzzles(room)
    button.layout.display = SHOWN_BUTTON if offered else "none"  # not None: it stays hidden on the site
    if not offered and button.value:
        show_puzzles(room, False)
    if room.puzzles is not None and room.puzzles.lang != room.lang:
        room.puzzles.set_lang(room.lang)


def open_puzzle(room: Any, moment: Any) -> None:
    """A puzzle link (``links.PuzzleMoment``) opened in the classroom: Puzzles mode at that puzzle, in the link's
    language. A shipped puzzle opens in its game's shipped set; an inline one (a teacher's puzzle, checked and
    proved like any puzzle file) becomes the classroom's set."""
    from ..puzzles import load_puzzles

    puzzle = moment.puzzle()  # a LinkError for a puzzle this tcgteach does not have, or one that does not prove
    if moment.lang is not None and moment.lang != room.lang:
        room.set_lang(moment.lang)
    if room.game.name != puzzle.game:  # the classroom turns to the puzzle's game: its title, Back to the game
        room.game_picker.value = puzzle.game
        room.new_game()
    if moment.inline is not None:
        room.puzzle_set = load_puzzles(dict(moment.inline))
    elif room.puzzle_set is not None and puzzle.id not in {p.id for p in room.puzzle_set}:
        room.puzzle_set = None  # a teacher's file without this puzzle: the game's shipped set holds it
    pane = show_puzzles(room, True)
    pane.go(next(i for i, p in enumerate(pane.puzzles) if p.id == puzzle.id))


OPENERS["puzzle"] = open_puzzle
