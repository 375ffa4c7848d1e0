"""Any moment as a link: a game at a given move, a saved position, or a puzzle, written as a short, versioned URL
fragment that opens the classroom app at exactly that moment (``widgets.links``; ``tcgteach link`` prints one).

    https://tcgteach.github.io/tcgteach/voici/render/05_classroom.html#tcg1.<payload>.<check>

The fragment is ``tcg1.`` (the format's version), the payload (the moment as compact JSON, raw-deflated, in
base64url without padding) and a 6-character check (CRC-32 of everything before it, in base64url). The check
finds a link damaged in copying (cut off, a character changed): it is **not** security: anyone can write a
link with a valid check, so every link is read as untrusted input: its size is capped before and after
decompressing (no zip bomb), its JSON must have exactly the expected fields, and its game is rebuilt only by
the engine's own checked loaders (``parse_record`` and a checked replay for a game, ``state_from_dict`` for a
position). Nothing in a link is ever run, and the front ends escape every text they show from one.

Kinds of moment (the JSON field ``k``):

- ``game``: a game record (``r``: the record's header and actions, as ``tcgteach.record`` writes it, without
  comments or result line) and a move number (``n``: how many of its actions are played; 0 = the set-up; the
  links written now carry no action after it, a later reader may get more);
- ``state``: a saved state (``s``: ``State.to_dict()``), for a position no record can hold (a teaching
  position made from a dict);
- ``puzzle``: a puzzle of the game ``g``, by its set and id (``set``: ``"builtin"``, the shipped set
  ``tcgteach.puzzles.builtin(g)``; ``id``: the puzzle's id), or inline (``p``: a puzzle file's data holding that
  one puzzle, ``PuzzleSet.to_dict()``, which the puzzle loader checks and proves). ``PuzzleMoment.puzzle()``
  gives the ``Puzzle``. The classroom opens a kind by the opener registered for it
  (``widgets.links.OPENERS``): the puzzle pane registers its own.

Every kind may carry ``seats`` (the classroom's seat kinds, e.g. ``["person", "heuristic"]``) and ``lang``
(``en`` or ``ja``: the language the link was made in). Errors are ``LinkError``, with the reason in English and
Japanese (``LinkError.text(lang)``).
"""

from __future__ import annotations

import base64
import binascii
import importlib
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_lang, check_text
from ..core.errors import TcgError
from ..i18n import LANGS, Text

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.record import Record
    from ..core.state import State

__all__ = [
    "CLASSROOM_PAGE",
    "DEFAULT_SITE",
    "KINDS",
    "MAX_JSON_BYTES",
    "MAX_LINK_CHARS",
    "PREFIX",
    "SEAT_KINDS",
    "GameMoment",
    "LinkError",
    "Moment",
    "PuzzleMoment",
    "StateMoment",
    "decode",
    "encode",
    "fragment_of",
    "game_link",
    "link_url",
    "state_link",
]

#: the format's name and version: a link of another version is refused by name ("made by a newer tcgteach")
PREFIX = "tcg1."
_ANY_VERSION = re.compile(r"tcg([0-9]{1,4})\.")
#: the classroom page of the project's site (README), the base of a link made outside a page
DEFAULT_SITE = "https://tcgteach.github.io/tcgteach/"
CLASSROOM_PAGE = "voici/render/05_classroom.html"
#: the longest fragment read: a saved state of a long game is ~20 kB of link; beyond this it is not ours
MAX_LINK_CHARS = 200_000
#: the largest decompressed payload: a zip bomb stops here
MAX_JSON_BYTES = 2 * 1024 * 1024
KINDS = ("game", "state", "puzzle")
#: who may sit at a seat of a classroom opened from a link (the classroom's own kinds)
SEAT_KINDS = ("person", "heuristic", "coach", "random")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}")
_B64 = re.compile(r"[A-Za-z0-9_-]*")

TEXT = Text(
    {
        "not_ours": (
            "This is not a tcgteach link (its end, after #, should start with tcg1.).",
            "tcgteachのリンクではありません（#のあとが tcg1. で始まるはずです）。",
        ),
        "version": (
            "This link was made by a newer tcgteach (link format {v}); this one reads format 1. Update tcgteach.",
            "このリンクは新しいtcgteachで作られています（リンク形式{v}）。この版は形式1だけを読めます。"
            "tcgteachを更新してください。",
        ),
        "damaged": (
            "This link is damaged: part of it was cut off or changed while it was copied. Copy the whole link again.",
            "リンクが壊れています。コピーするときに一部が切れたか、変わってしまいました。リンク全体をもう一度コピーしてください。",
        ),
        "too_big": (
            "This link is too large to open (over {n:,} bytes).",
            "このリンクは大きすぎて開けません（{n:,}バイトを超えています）。",
        ),
        "content": (
            "This link's contents are not a moment tcgteach can open.",
            "このリンクの中身は、tcgteachで開ける場面ではありません。",
        ),
    }
)


class LinkError(TcgError, ValueError):
    """A link that cannot be opened: not ours, another version, damaged, too large, or contents the engine
    refuses. ``reason`` is one of ``TEXT``'s keys; ``text(lang)`` says it in ``lang``; ``detail`` is the
    library's own error about the contents (English, one line); ``str()`` is the English text and the detail."""

    def __init__(self, reason: str, detail: str = "", **fmt: Any) -> None:
        self.reason = reason
        self.fmt = fmt
        self.detail = " ".join(detail.split())[:400]
        super().__init__(self.text("en") + (f" ({self.detail})" if self.detail else ""))

    def text(self, lang: str = "en") -> str:
        """Why the link does not open, in ``lang``, for the person who followed it."""
        return TEXT.t(self.reason, lang if lang in LANGS else "en", **self.fmt)


@dataclass(frozen=True)
class _Common:
    #: the classroom's seat kinds the link asks for (empty: the classroom's own)
    seats: tuple[str, ...] = ()
    #: the language the link was made in (None: the classroom's own)
    lang: str | None = None


@dataclass(frozen=True)
class GameMoment(_Common):
    """A game record at a move: ``state()`` replays the record's set-up and its first ``move`` actions (checked)."""

    record: Record | None = None
    move: int = 0
    kind: str = field(default="game", init=False)

    def state(self, game: Game | None = None) -> State:
        """The game at the move: the record's game made by the registry (or ``game``: one with the user's card
        pool, which must be the one the record names), every action checked. A refusal is a ``LinkError``."""
        from dataclasses import replace

        import tcgteach

        from ..core.record import replay_into

        assert self.record is not None
        record = replace(self.record, actions=self.record.actions[: self.move], lines=self.record.lines[: self.move])
        try:
            made = game if game is not None else tcgteach.game(record.game)
            if made.name != record.game:
                raise TcgError(f"a {record.game!r} game, not {made.name!r}")
            return replay_into(made, record, "link")
        except TcgError as exc:
            raise LinkError("content", detail=str(exc)) from None


@dataclass(frozen=True)
class StateMoment(_Common):
    """A saved state: ``state()`` is ``state_from_dict`` of it (schema, replay, every field compared)."""

    data: Mapping[str, Any] = field(default_factory=dict)
    kind: str = field(default="state", init=False)

    @property
    def game_name(self) -> str:
        """The name of the game the linked moment belongs to."""
        return str(self.data.get("game", ""))

    def state(self, game: Game | None = None) -> State:
        """The linked moment as a state of ``game`` (by default the named game); ``LinkError`` when it does not load."""
        import tcgteach

        try:
            made = game if game is not None else tcgteach.game(self.game_name)
            return made.state_from_dict(dict(self.data))
        except TcgError as exc:
            raise LinkError("content", detail=str(exc)) from None


@dataclass(frozen=True)
class PuzzleMoment(_Common):
    """A puzzle of the game ``game``: by its set and id, or inline (a puzzle file's data, for the puzzle loader)."""

    game: str = ""
    set: str | None = None
    id: str | None = None
    inline: Mapping[str, Any] | None = None
    kind: str = field(default="puzzle", init=False)

    def puzzle(self) -> Any:
        """The ``tcgteach.puzzles.Puzzle``: the shipped set's (``set="builtin"``) by its id, or the inline file's
        one puzzle, checked and proved by ``load_puzzles``. A ``LinkError`` when this tcgteach has no puzzles or
        the puzzle is not one."""
        try:
            puzzles = importlib.import_module("tcgteach.puzzles")  # by name: the puzzles are a later layer
        except ImportError:
            raise LinkError("content", "this tcgteach has no puzzles") from None
        try:
            if self.inline is not None:
                found = puzzles.load_puzzles(dict(self.inline))
                if found.game != self.game or len(found) != 1:
                    raise TcgError(f"an inline puzzle is a puzzle file of one {self.game} puzzle")
                return found[0]
            if self.set != "builtin":
                raise TcgError(f"no puzzle set {self.set!r}: the shipped one is 'builtin'")
            return puzzles.builtin(self.game).by_id(self.id)
        except TcgError as exc:
            raise LinkError("content", detail=str(exc)) from None


Moment = GameMoment | StateMoment | PuzzleMoment


# -- writing ---------------------------------------------------------------------------------------------------
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _check(body: str) -> str:
    return _b64(zlib.crc32(body.encode("ascii")).to_bytes(4, "big"))


def _common(payload: dict[str, Any], seats: Sequence[str] | None, lang: str | None) -> dict[str, Any]:
    if seats:
        payload["seats"] = [_seat(s) for s in seats]
    if lang is not None:
        payload["lang"] = check_lang(lang)
    return payload


def encode(payload: Mapping[str, Any]) -> str:
    """The fragment (without ``#``) of a moment's JSON ``payload`` (checked by ``decode`` first: a link this
    writes is one ``decode`` reads)."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = PREFIX + _b64(squeeze.compress(text.encode("utf-8")) + squeeze.flush())
    fragment = f"{body}.{_check(body)}"
    decode(fragment)
    return fragment


def game_link(state: Any, move: Any = None, *, seats: Sequence[str] | None = None, lang: str | None = None) -> str:
    """The fragment of ``state``'s game at ``move`` (default: the moment ``state`` is at): the record's header and
    its first ``move`` actions (the moves after it are not carried: a link stays short)."""
    from ..core.checks import check_state
    from ..core.record import format_record

    state = check_state(state)
    n = len(state.history) if move is None else check_int(move, "move", 0, len(state.history))
    lines = format_record(state, None, None).splitlines()
    head = [line for line in lines[: len(lines) - len(state.history)] if line and not line.startswith("#")]
    text = "\n".join(head) + "\n\n" + "".join(f"{line}\n" for line in lines[len(lines) - len(state.history) :][:n])
    return encode(_common({"k": "game", "r": text, "n": n}, seats, lang))


def state_link(state: Any, *, seats: Sequence[str] | None = None, lang: str | None = None) -> str:
    """The fragment of a saved state (``to_dict``): for a position no record holds (longer than a game link)."""
    from ..core.checks import check_state

    return encode(_common({"k": "state", "s": check_state(state).to_dict()}, seats, lang))


def puzzle_link(
    game: str,
    *,
    set: str | None = None,  # noqa: A002 -- the payload's own name
    id: str | None = None,  # noqa: A002
    inline: Mapping[str, Any] | None = None,
    seats: Sequence[str] | None = None,
    lang: str | None = None,
) -> str:
    """The fragment of a puzzle: by its set and id (``set="builtin"``, ``id=puzzle.id``), or ``inline`` (a puzzle
    file's data with that one puzzle: ``PuzzleSet.to_dict()``)."""
    payload: dict[str, Any] = {"k": "puzzle", "g": game}
    if inline is not None:
        payload["p"] = dict(inline)
    else:
        payload.update({"set": set, "id": id})
    return encode(_common(payload, seats, lang))


def link_url(fragment: str, site: str | None = None) -> str:
    """The whole link: the classroom page's address ``site`` (default: the project site's classroom page,
    ``DEFAULT_SITE`` + ``CLASSROOM_PAGE``) with the fragment (any fragment ``site`` had is replaced)."""
    base = DEFAULT_SITE + CLASSROOM_PAGE if site is None else check_text(site, "site", limit=2000).strip()
    return f"{base.split('#', 1)[0]}#{fragment}"


# -- reading ---------------------------------------------------------------------------------------------------
def fragment_of(text: Any) -> str:
    """The fragment of a whole link, a fragment with its ``#``, or a bare fragment (spaces and line breaks a
    mail program added are dropped)."""
    if not isinstance(text, str):
        raise LinkError("not_ours")
    if len(text) > MAX_LINK_CHARS + 4000:
        raise LinkError("too_big", n=MAX_LINK_CHARS)
    fragment = text.split("#", 1)[1] if "#" in text else text
    return "".join(fragment.split())


def decode(text: Any) -> Moment:
    """The moment of a link (a whole URL or its fragment), checked as untrusted input (see the module's text):
    a ``LinkError`` otherwise. A game's actions are checked when it is played (``moment.state()``)."""
    fragment = fragment_of(text)
    if not fragment.startswith(PREFIX):
        other = _ANY_VERSION.match(fragment)
        if other:
            raise LinkError("version", v=int(other.group(1)))
        raise LinkError("not_ours")
    if len(fragment) > MAX_LINK_CHARS:
        raise LinkError("too_big", n=MAX_LINK_CHARS)
    body, dot, check = fragment.rpartition(".")
    if not dot or body == PREFIX[:-1] or not _B64.fullmatch(body[len(PREFIX) :]) or check != _check(body):
        raise LinkError("damaged")
    payload = body[len(PREFIX) :]
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflate = zlib.decompressobj(-15)
        data = inflate.decompress(raw, MAX_JSON_BYTES + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise LinkError("damaged") from None
    if len(data) > MAX_JSON_BYTES or inflate.unconsumed_tail:
        raise LinkError("too_big", n=MAX_JSON_BYTES)
    if not inflate.eof or inflate.unused_data:  # cut short, or bytes after the end: not a link we wrote
        raise LinkError("damaged")
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise LinkError("content", detail="not JSON") from None
    return _moment(value)


def _moment(value: Any) -> Moment:
    if not isinstance(value, dict) or value.get("k") not in KINDS:
        raise LinkError("content", detail=f"no kind of moment ({', '.join(KINDS)})")
    kind = value["k"]
    allowed = {"k", "seats", "lang"} | {"game": {"r", "n"}, "state": {"s"}, "puzzle": {"g", "set", "id", "p"}}[kind]
    extra = sorted(set(value) - allowed)
    if extra:
        raise LinkError("content", detail=f"unknown fields {', '.join(map(repr, extra[:5]))[:200]}")
    try:
        seats = tuple(_seat(s) for s in _list(value.get("seats", []), "seats", 64))
        lang = None if value.get("lang") is None else check_lang(value["lang"])
        if kind == "game":
            return _game_moment(value, seats, lang)
        if kind == "state":
            if not isinstance(value.get("s"), dict):
                raise TcgError("a state link holds a saved state (a JSON object)")
            return StateMoment(seats, lang, data=value["s"])
        return _puzzle_moment(value, seats, lang)
    except LinkError:
        raise
    except TcgError as exc:
        raise LinkError("content", detail=str(exc)) from None


def _list(value: Any, name: str, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise TcgError(f"{name} must be a list of at most {limit} items")
    return value


def _seat(value: Any) -> str:
    if not isinstance(value, str) or value not in SEAT_KINDS:
        raise TcgError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {str(value)[:40]!r}")
    return value


def _game_moment(value: dict[str, Any], seats: tuple[str, ...], lang: str | None) -> GameMoment:
    from ..core.record import parse_record

    record = parse_record(value.get("r"), "link")
    n = value.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(record.actions):
        raise TcgError(f"the move must be a whole number from 0 to {len(record.actions)}, not {str(n)[:40]!r}")
    return GameMoment(seats, lang, record=record, move=n)


def _puzzle_moment(value: dict[str, Any], seats: tuple[str, ...], lang: str | None) -> PuzzleMoment:
    game = value.get("g")
    if not isinstance(game, str) or not _ID.fullmatch(game):
        raise TcgError("a puzzle link names its game")
    inline = value.get("p")
    if inline is not None:
        if not isinstance(inline, dict) or "set" in value or "id" in value:
            raise TcgError("an inline puzzle is a JSON object, without a set or an id")
        return PuzzleMoment(seats, lang, game=game, inline=inline)
    ident = [value.get("set"), value.get("id")]
    if not all(isinstance(x, str) and _ID.fullmatch(x) for x in ident):
        raise TcgError("a puzzle link names its set and id (letters, digits, _ . : -) or holds the puzzle")
    return PuzzleMoment(seats, lang, game=game, set=ident[0], id=ident[1])
