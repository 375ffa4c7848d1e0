"""Links in the front ends: "Copy link" (:class:`LinkPane`) in the stepper, the classroom and the game review,
and the classroom's opener (:class:`LinkInbox`), which opens the moment a page's URL fragment holds
(the format is :mod:`tcgteach.links`).

A kernel cannot see its page's address. The page's own script (``tcgteach-links.js``, put into the Voici
pages by ``lite/build.py`` and into the Voila page by the ``tcgteach`` Voila template that ``tcgteach classroom``
serves) writes it into a hidden text field (``.tcg-link-inbox``), which syncs to the kernel like any typed
text; the same script copies a link to the clipboard when a ``.tcg-copy-link`` button is pressed, and tells the
pane whether that worked (``.tcg-link-report``). Without the script (a notebook in JupyterLab) the link is
shown in a field to select and copy, with a line saying so, and links point to the project's site.

The opener dispatches on the moment's kind (``OPENERS``): a game or a saved state opens in the classroom; a
puzzle opens with the opener the puzzle pane registers (``OPENERS["puzzle"] = ...``); until then a puzzle
link gets a message. A link that cannot be opened gets a message in both languages (the classroom's first)
and the classroom stays on its start page. Every text from a link is escaped before it is shown.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import tcgteach

from ..core.errors import TcgError
from ..i18n import LANGS, Text
from ..links import (
    SEAT_KINDS,
    GameMoment,
    LinkError,
    Moment,
    StateMoment,
    decode,
    game_link,
    link_url,
    state_link,
)
from .table import SHOWN

__all__ = [
    "OPENERS",
    "LINK_TEXT",
    "SHOWN",
    "LinkInbox",
    "LinkPane",
    "open_link",
    "moment_link",
    "page_base",
    "surface_link",
]

_log = logging.getLogger(__name__)

LINK_TEXT = Text(
    {
        "copy": ("Copy link", "リンクをコピー"),
        "link": ("Link", "リンク"),
        "copy_help": (
            "A link to this moment: it opens the classroom here",
            "この場面へのリンク（教室アプリがこの場面で開きます）",
        ),
        "select": (
            "To copy it: click the link, then Ctrl+A and Ctrl+C (⌘A, ⌘C on a Mac).",
            "コピーするには、リンクをクリックしてからCtrl+A、Ctrl+Cを押してください（Macでは⌘A、⌘C）。",
        ),
        "copied": (
            "Copied: paste it anywhere; it opens the classroom at this moment.",
            "コピーしました。貼りつけたリンクを開くと、教室アプリがこの場面で開きます。",
        ),
        "bad_link": ("The link could not be opened.", "リンクを開けませんでした。"),
        "start_page": (
            "The classroom is open as usual, without the link's moment.",
            "教室アプリはリンクの場面なしで、いつもどおり開いています。",
        ),
        "opened": (
            "Opened from a link: {game}, move {n} of {total}. Back goes back; play on from here.",
            "リンクから開きました：{game}、{total}手中{n}手目。「1手戻す」で戻れます。ここから続けて遊べます。",
        ),
        "opened_state": ("Opened from a link: {game}.", "リンクから開きました：{game}。"),
        "no_puzzles": (
            "This link opens a puzzle, and this classroom has no puzzles yet: update tcgteach.",
            "このリンクはパズルを開くものですが、この教室アプリにはまだパズルがありません。tcgteachを更新してください。",
        ),
        "no_game": (
            "This link is for the game {game!r}, which is not installed here.",
            "このリンクのゲーム{game!r}はここに入っていません。",
        ),
        "pool": (
            "This link's game was played with your own cards ({pool}): open the classroom with that card file.",
            "このリンクのゲームは自作のカード（{pool}）で遊ばれています。そのカードファイルで教室アプリを開いてください。",
        ),
    }
)

#: the address of the page this kernel serves (Voila and Voici start one kernel per page), as its script
#: reported it; None: no script (JupyterLab), and links point to the project's site
_page: dict[str, str | None] = {"base": None}


def page_base() -> str | None:
    """The page's address without its fragment, if the page's script has said it."""
    return _page["base"]


class LinkPane(w.HBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """ "Copy link": a button, the link in a field (shown on the first press, to select and copy where the page
    has no clipboard script) and a line that says what to do or that it was copied. ``make()`` gives the
    fragment of the moment shown; the field follows every move (``table.listen``), so the page's script copies
    the current link the moment the button is pressed."""

    def __init__(self, table: Any, make: Callable[[], str]) -> None:
        self.table = table
        self.make = make
        self.button = w.Button(description=self._t("copy"), tooltip=self._t("copy_help"), layout=w.Layout(width="auto"))
        self.button.add_class("tcg-copy-link")
        self.field = w.Text(value="", description=self._t("link"), layout=w.Layout(width="26em", display="none"))
        self.field.style.description_width = "initial"
        self.field.add_class("tcg-link-field")
        self.note = w.HTML(layout=w.Layout(display="none"))
        self.note.add_class("tcg-link-note")
        self.report = w.Text(value="", description="copied", layout=w.Layout(display="none"))  # the script's answer
        self.report.add_class("tcg-link-report")
        self.button.on_click(table.guard(lambda _b: self.show()))
        self.report.observe(self._on_report, names="value")
        self._shown_at: int | None = None  # the table's version when the field was shown
        self._note = "select"
        super().__init__(
            [self.button, self.field, self.note, self.report],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )
        self.add_class("tcg-link-pane")
        table.listen(self.refresh)
        self.refresh()

    def _t(self, key: str) -> str:
        return LINK_TEXT.t(key, self.table.lang)

    def link(self) -> str:
        """The whole link to the moment shown: the page's own address when its script said it, else the site's."""
        return link_url(self.make(), page_base())

    def refresh(self) -> None:
        """Redraw the Copy link field with the link to the current moment, in the table's language."""
        self.button.description = self._t("copy")
        self.field.description = self._t("link")
        self.button.tooltip = self._t("copy_help")
        try:
            self.field.value = self.link()
        except TcgError as exc:  # a state no link can hold: the pane says why when pressed
            self.field.value = ""
            _log.debug("no link: %s", exc)
        if self._shown_at is not None and self._shown_at != self.table.version:
            self._hide()  # the next move: the field and its line go (as Save for slides' links do)
        elif self._shown_at is not None:
            self._say(self._note)

    def show(self) -> None:
        """The press: the field and the line (the page's script has copied the link meanwhile, if it can)."""
        self.field.value = self.link()
        if self._shown_at == self.table.version and self._note == "copied":
            return  # the script's answer came first
        self._shown_at = self.table.version
        self._say("select")

    def _say(self, key: str) -> None:
        self._note = key
        self.field.layout.display = SHOWN
        self.note.layout.display = SHOWN
        self.note.value = f"<span>{html.escape(self._t(key))}</span>"

    def _hide(self) -> None:
        self._shown_at = None
        self.field.layout.display = "none"
        self.note.layout.display = "none"
        self.note.value = ""

    def _on_report(self, change: dict[str, Any]) -> None:
        """The page's script: ``"SEQ copied"`` when the link is on the clipboard, ``"SEQ select"`` otherwise."""
        self._shown_at = self.table.version
        self._say("copied" if str(change["new"]).partition(" ")[2] == "copied" else "select")


# -- opening ---------------------------------------------------------------------------------------------------
def _open_state(classroom: Any, state: Any, moment: GameMoment | StateMoment) -> None:
    """The classroom at ``state``: its game, seats (the link's, else the classroom's own) and language."""
    classroom.table.stop()
    if moment.lang is not None and moment.lang != classroom.lang:
        classroom.set_lang(moment.lang)
    n = state.num_players
    seats = list(moment.seats[:n]) if len(moment.seats) >= n else None
    old = classroom.seats.values()
    values = seats or [old[i] if i < len(old) else "heuristic" for i in range(n)]
    classroom.game = state.game
    classroom.seed = state.setup.get("seed") or 0
    classroom.decks = [list(d) for d in state.setup.get("decks") or []] or None
    classroom.players = n
    classroom.table.relabeling = True  # the seat pickers follow the link; their handlers must not answer now
    try:
        classroom.seats.set_count(n, values)
        for i, value in enumerate(values):
            if classroom.seats.pickers[i].value != value:
                classroom.seats.pickers[i].value = value
        classroom.players_picker.options = classroom._players_options(state.game.name, classroom.lang)
        classroom.players_picker.value = n
        classroom.game_picker.value = state.game.name
    finally:
        classroom.table.relabeling = False
    classroom._holder = None
    _replay(classroom.session, state, [classroom._agent_for(i, v) for i, v in enumerate(values)])
    classroom.decks_pane.sync()
    classroom.seed_box.value = str(classroom.seed)
    classroom._sync_capabilities()
    classroom.hint_pane.clear()
    classroom._show_setup(False)
    classroom.table.render()


def _replay(session: Any, state: Any, agents: list[Any]) -> None:
    """The session at ``state`` with its moves played through it, so that it knows who made each (the recent
    moves, Take back my move) as if they had been played here."""
    moves = list(state.history)
    start = state.clone()
    while start.history:
        start.undo()
    session.restart(start, agents)
    forced, session.auto_forced = session.auto_forced, False
    try:
        for action in moves:
            session.apply(action)
    finally:
        session.auto_forced = forced


def _open_game(classroom: Any, moment: Moment) -> None:
    assert isinstance(moment, GameMoment) and moment.record is not None
    name = moment.record.game
    if name not in tcgteach.games():
        raise _Refused("no_game", game=name[:40])
    game = classroom._pools.get(name)
    if moment.record.cards is not None and game is None:
        raise _Refused("pool", pool=moment.record.cards[0])
    state = moment.state(game)
    _open_state(classroom, state, moment)
    title = tcgteach.game_class(name).title
    classroom._say(
        LINK_TEXT.t(
            "opened",
            classroom.lang,
            game=title.get(classroom.lang, name),
            n=moment.move,
            total=len(moment.record.actions),
        )
    )


def _open_saved(classroom: Any, moment: Moment) -> None:
    assert isinstance(moment, StateMoment)
    name = moment.game_name
    if name not in tcgteach.games():
        raise _Refused("no_game", game=name[:40])
    state = moment.state(classroom._pools.get(name))
    _open_state(classroom, state, moment)
    title = tcgteach.game_class(name).title
    classroom._say(LINK_TEXT.t("opened_state", classroom.lang, game=title.get(classroom.lang, name)))


def _no_puzzles(classroom: Any, moment: Moment) -> None:
    raise _Refused("no_puzzles")


class _Refused(TcgError):
    """A link this classroom cannot open, said in ``LINK_TEXT``'s words."""

    def __init__(self, key: str, **fmt: Any) -> None:
        self.key = key
        self.fmt = fmt
        super().__init__(LINK_TEXT.t(key, "en", **fmt))


#: the classroom's opener of each kind of moment: ``opener(classroom, moment)`` shows it or raises a
#: ``TcgError``; the puzzle pane replaces ``"puzzle"``
OPENERS: dict[str, Callable[[Any, Moment], None]] = {
    "game": _open_game,
    "state": _open_saved,
    "puzzle": _no_puzzles,
}


def _said(error: Exception, lang: str) -> tuple[str, str]:
    """What went wrong in ``lang``, and the library's detail (English) if any."""
    if isinstance(error, LinkError):
        return error.text(lang), error.detail
    if isinstance(error, _Refused):
        return LINK_TEXT.t(error.key, lang, **error.fmt), ""
    return "", " ".join(str(error).split())[:400]


def open_link(classroom: Any, text: str) -> bool:
    """Open the moment of a link (a URL or its fragment) in ``classroom``, by its kind (``OPENERS``). A link that
    cannot be opened: the classroom as it was (its start page) and a notice in both languages, the
    classroom's first (``classroom.link_inbox.notice``). True when the moment is shown."""
    inbox = classroom.link_inbox
    before = classroom.session.state, list(classroom.session.agents)
    try:
        moment = decode(text)
        OPENERS[moment.kind](classroom, moment)
    except Exception as exc:  # a link is untrusted input: whatever it holds, never a traceback
        if not isinstance(exc, TcgError):
            _log.debug("opening a link failed", exc_info=True)
            exc = TcgError(f"{type(exc).__name__}")
        if classroom.session.state is not before[0]:
            classroom.session.restart(*before)
            classroom.table.render()
        inbox.say_refused(exc, classroom.lang)
        return False
    inbox.clear()
    return True


class LinkInbox(w.VBox):  # type: ignore[misc]
    """The classroom's opener: a hidden field the page's script writes its address into (``.tcg-link-inbox``),
    and the notice shown when a link cannot be opened (``.tcg-link-notice``, every text escaped)."""

    def __init__(self, table: Any, on_link: Callable[[str], Any]) -> None:
        self.table = table
        self.on_link = on_link
        self._refused: tuple[Exception, int] | None = None  # the refusal shown, and the table's version then
        self.field = w.Text(value="", description="page", layout=w.Layout(display="none"))  # the script's
        self.field.add_class("tcg-link-inbox")
        self.notice = w.HTML(layout=w.Layout(display="none"))
        self.notice.add_class("tcg-link-notice")
        self.field.observe(self._on_message, names="value")
        super().__init__([self.field, self.notice])
        table.listen(self.refresh)

    def refresh(self) -> None:
        """The notice follows the classroom's language, and goes at the next move or game."""
        if self._refused is None:
            return
        error, version = self._refused
        if version != self.table.version:
            self.clear()
        else:
            self.say_refused(error, self.table.lang)

    def _on_message(self, change: dict[str, Any]) -> None:
        """``"SEQ URL"``: the page's address (``SEQ`` counts the script's messages, so the same one twice
        still syncs); its fragment, if any, is opened."""
        url = str(change["new"]).partition(" ")[2][:400_000]
        base, sharp, fragment = url.partition("#")
        if base.startswith(("http://", "https://")):
            _page["base"] = base
        if sharp and fragment.strip():
            self.on_link(fragment)

    def say_refused(self, error: Exception, lang: str) -> None:
        """The notice: what went wrong in the classroom's language, then in the other, then the detail."""
        first = lang if lang in LANGS else "en"
        parts = []
        for code in (first, "ja" if first == "en" else "en"):
            what = _said(error, code)[0]
            rest = ("" if code == "ja" else " ").join(x for x in (what, LINK_TEXT.t("start_page", code)) if x)
            parts.append(
                f"<p lang='{code}'><b>{html.escape(LINK_TEXT.t('bad_link', code))}</b>{'' if code == 'ja' else ' '}"
                f"{html.escape(rest)}</p>"
            )
        detail = _said(error, "en")[1]
        if detail:
            parts.append(f"<p class='tcg-link-detail' lang='en'>{html.escape(detail)}</p>")
        self.notice.value = "<div class='tcg-link-notice-box' role='alert'>" + "".join(parts) + "</div>"
        self.notice.layout.display = SHOWN
        self._refused = (error, self.table.version)

    def clear(self) -> None:
        """Remove the notice about a refused link."""
        self._refused = None
        self.notice.value = ""
        self.notice.layout.display = "none"


def surface_link(surface: Any) -> str:
    """The fragment of a stepper's or classroom's game at the moment shown, with its seats (when each is one
    the classroom has) and language."""
    seats = [v for v in surface.seats.values() if v in SEAT_KINDS]
    return moment_link(surface.state, seats=seats, lang=surface.lang)


def moment_link(state: Any, move: int | None = None, *, seats: Any = (), lang: str | None = None) -> str:
    """The fragment of ``state``'s game at ``move`` (default: where it is): a game link, or a saved state's for a
    position no record can hold (a teaching position set up from a dict)."""
    seats = list(seats) if len(seats) == state.num_players else None
    if set(state.setup) - {"seed", "players", "first_player", "decks"}:
        if move is not None and move < len(state.history):
            state = state.clone()
            while len(state.history) > move:
                state.undo()
        return state_link(state, seats=seats, lang=lang)
    return game_link(state, move, seats=seats, lang=lang)


LINK_CSS = """<style>
.tcg-link-notice-box{border:2px solid #b71c1c;background:#ffebee;border-radius:6px;padding:6px 12px;margin:4px 0;
  font-size:16px;line-height:1.45;color:#1a1a1a}
.tcg-link-notice-box p{margin:2px 0}
.tcg-link-notice-box .tcg-link-detail{font-size:13px;color:#455a64;font-family:monospace;overflow-wrap:anywhere}
.tcg-link-pane .tcg-link-note{font-size:14px;color:#1b5e20;margin-left:6px}
.tcg-link-pane .tcg-link-field input{font-family:monospace;font-size:13px}
</style>"""
