"""Plain-text game records (PGN in spirit): a header, then one action per line.

    # tcgteach game record
    Game: darkmoon
    Options: deck_out=skip tie=shared
    Seed: 3
    Players: 2
    FirstPlayer: random
    Deck1: ensemble
    Deck2: C01*3 C02*2 ...
    Agents: random,random

    play 12
    end
    ...

Lines starting with ``#`` are comments. ``replay_into`` rebuilds the identical final state. A game played
with the user's own card pool has a ``Cards: sha256:... NAME`` line (the pool's fingerprint and its file's
name, never the folders it lies in: a record is shared): it replays only with that pool
(``tcgteach.record.replay(record, cards=FILE)``). Numbers are ASCII digits (``Seed: 3``, ``C01*3``), a count at most the
deck size; a record file is at most ``MAX_RECORD_BYTES``.

The last line is always the result, ``# result: P1 wins ...`` or ``# result: (game not finished)`` for a game
stopped before its end. A record without it was cut off (a full disk, a copy stopped half-way): replaying it
works, but ``Record.complete`` is False and ``unfinished(record)`` says so (``tcgteach replay`` prints
"unfinished" and exits 1). ``tcgteach.record.write_record`` writes the whole file or nothing (``core/files.py``).

The kernel's part: the format (``format_record``, ``parse_record``, ``read_record``) and ``replay_into`` a game the
caller made; ``tcgteach.record`` looks the game up by name and says the result line (the kernel formats no
sentence and imports no registry).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePath, PureWindowsPath
from typing import TYPE_CHECKING, Any

from .checks import check_bool, check_path, check_text, shown
from .errors import RecordError, TcgError

if TYPE_CHECKING:
    from .game import Game
    from .state import State

HEADER_KEYS = ("Game", "Options", "Seed", "Players", "FirstPlayer")
#: the largest record file ``read_record`` reads (a game of thousands of actions is a few tens of kB)
MAX_RECORD_BYTES = 4 * 1024 * 1024
#: the most actions a record (or a saved state's history) holds: twenty times the longest of thousands of
#: random games of either game (about 500); replaying as many takes about a second
MAX_ACTIONS = 10_000
#: a whole number as a record writes it: ASCII digits only ("²" and "١" are digits to ``str.isdigit``),
#: at most 30 of them (a seed is a 64-bit number)
_NUMBER = re.compile(r"-?[0-9]{1,30}")
_COUNT = re.compile(r"[0-9]{1,30}")
#: the result line of a game stopped before its end (what replay finds for a game not over)
NOT_FINISHED = "(game not finished)"


def ascii_int(text: Any, signed: Any = True) -> int | None:  # Any: checked here
    """``text`` as a whole number if it is ASCII digits (with a leading ``-`` when ``signed``), else None."""
    check_text(text, "text", limit=MAX_RECORD_BYTES)
    check_bool(signed, "signed")
    if (_NUMBER if signed else _COUNT).fullmatch(text) is None:
        return None
    return int(text)


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    first_player: int | None
    decks: list[tuple[str, ...]]
    actions: list[str] = field(default_factory=list)
    agents: str | None = None
    #: line number of each action in the file (for error messages)
    lines: list[int] = field(default_factory=list)
    #: line number of each deck's header line
    deck_lines: list[int] = field(default_factory=list)
    #: the "# result: ..." comment, if the record has one (checked by replay), and its line
    result: tuple[str, int] | None = None
    #: the fingerprint of the user's card pool the game was played with (the ``Cards:`` line), and its line
    cards: tuple[str, int] | None = None
    #: the name of the pool's card file on the ``Cards:`` line (a file name, no folders), if it has one
    cards_name: str | None = None

    @property
    def complete(self) -> bool:
        """Whether the record ends with its result line (every record written by tcgteach does; one cut off
        loses it, and with it maybe the last actions)."""
        return self.result is not None

    @property
    def finished(self) -> bool:
        """Whether the record is complete and its game ended (its result line names a result)."""
        return self.result is not None and self.result[0] != NOT_FINISHED


def unfinished(record: object, file: object = "<record>") -> str | None:
    """Why the record is not a finished game, in a line (None when it is one): cut off (no result line), or
    a game that was stopped before its end (``# result: (game not finished)``)."""
    if not isinstance(record, Record) or not isinstance(file, str):
        raise TcgError(f"unfinished(record, file) takes a Record and a file name, not {type(record).__name__}")
    if record.result is None:
        last = max(record.lines, default=0)
        where = f"after its last action (line {last})" if record.actions else "after its header"
        return (
            f"{file}: unfinished: the record has no result line {where}; it was cut off or written by hand, "
            "and the game may have gone on"
        )
    if record.result[0] == NOT_FINISHED:
        return f"{file}:{record.result[1]}: unfinished: the game was stopped before its end"
    return None


def pool_name(source: object) -> str:
    """The name a record gives a card pool: its file's name without the folders (``/home/me/cards.json`` and
    ``C:\\Users\\me\\cards.json`` -> ``cards.json``); ``<cards>`` for a pool given as data."""
    if not isinstance(source, str):
        raise TcgError(f"a card pool's source is a path or '<cards>', not {type(source).__name__}")
    name = PureWindowsPath(source).name if "\\" in source else PurePath(source).name
    return "".join(ch for ch in name if ch.isprintable()).strip() or "<cards>"  # one line, whatever the name


def _deck_text(game: Any, cards: tuple[str, ...]) -> str:
    """A starter deck by name; otherwise every card in order (the order fixes card instance numbers),
    with runs of the same card written ``C01*3``."""
    for name in game.starter_decks():
        if game.starter_deck(name).cards == tuple(cards):
            return str(name)
    runs: list[list[Any]] = []
    for c in cards:
        if runs and runs[-1][0] == c:
            runs[-1][1] += 1
        else:
            runs.append([c, 1])
    return " ".join(f"{c}*{n}" if n > 1 else c for c, n in runs)


def format_record(state: State, agents: str | None, result: str | None) -> str:
    """The record of ``state``'s game so far, its last line ``# result: RESULT`` (none when ``result`` is None).
    ``tcgteach.record.record_text`` gives the result line (the game's result in English, or ``NOT_FINISHED``)."""
    game = state.game
    setup = state.setup
    lines = [
        "# tcgteach game record",
        f"Game: {game.name}",
        "Options: " + " ".join(f"{k}={v}" for k, v in sorted(game.options.items())),
        f"Seed: {setup['seed']}",
        f"Players: {setup['players']}",
        f"FirstPlayer: {'random' if setup['first_player'] is None else setup['first_player'] + 1}",
    ]
    if game.user_pool is not None:  # the file's name only: a record is shared, the folders are the user's own
        lines.append(f"Cards: {game.user_pool.digest} {pool_name(game.user_pool.source)}")
    for p, deck in enumerate(setup["decks"]):
        lines.append(f"Deck{p + 1}: {_deck_text(game, tuple(deck))}")
    if agents:
        lines.append(f"Agents: {agents}")
    lines.append("")
    lines.extend(str(a) for a in state.history)
    if result is not None:  # always the last line: a record without it was cut off
        lines.append(f"# result: {result}")
    return "\n".join(lines) + "\n"


def parse_record(text: Any, file: Any = "<record>") -> Record:  # Any: checked here
    """A record's text, parsed (not yet replayed); errors name the file and the line."""
    check_text(file, "file", limit=4096)
    if not isinstance(text, str):
        raise RecordError(file, 0, f"a record is text (a str), not {shown(text)} ({type(text).__name__})")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(file, 0, f"longer than {MAX_RECORD_BYTES:,} characters: is this a tcgteach game record?")
    header, result_line, actions, numbers = _split_lines(text, file)
    for key in HEADER_KEYS:
        if key not in header:
            raise RecordError(
                file,
                1,
                f"missing header line {key!r}: a record starts with "
                + ", ".join(f"{k}:" for k in HEADER_KEYS)
                + " and Deck1:, Deck2: ...",
            )

    def integer(key: str) -> int:
        value, no = header[key]
        number = ascii_int(value)
        if number is None:
            raise RecordError(file, no, f"{key} must be a whole number (ASCII digits), not {_clip(value)}")
        return number

    options = _options_header(*header["Options"], file)
    players = integer("Players")
    if not 1 <= players <= 64:
        raise RecordError(file, header["Players"][1], f"Players must be from 1 to 64, not {players}")
    first_player = _first_player_header(*header["FirstPlayer"], players, file)
    decks, deck_lines = _deck_headers(header, players, file)
    cards, cards_name = _cards_header(header, file)
    agents = header.get("Agents", (None, 0))[0]
    return Record(
        header["Game"][0],
        options,
        integer("Seed"),
        players,
        first_player,
        decks,
        actions,
        agents,
        numbers,
        deck_lines,
        result_line,
        cards,
        cards_name,
    )


def _split_lines(
    text: str, file: str
) -> tuple[dict[str, tuple[str, int]], tuple[str, int] | None, list[str], list[int]]:
    """A record's lines sorted out: the header (key -> (value, line)), the result line, the actions and their
    line numbers."""
    header: dict[str, tuple[str, int]] = {}
    result_line: tuple[str, int] | None = None
    actions: list[str] = []
    numbers: list[int] = []
    in_body = False
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("# result:"):
            result_line = (line[len("# result:") :].strip(), no)
            continue
        if not line or line.startswith("#"):
            if not line and header:
                in_body = True
            continue
        if not in_body and ":" in line and not line.split(":", 1)[0].strip().count(" "):
            key, value = line.split(":", 1)
            key = key.strip()
            if key in header:
                raise RecordError(file, no, f"header {key!r} appears twice")
            header[key] = (value.strip(), no)
            continue
        in_body = True
        if len(actions) >= MAX_ACTIONS:  # a saved state's history is bounded the same way
            raise RecordError(file, no, f"more than {MAX_ACTIONS:,} actions: tcgteach reads games up to that length")
        actions.append(line)
        numbers.append(no)
    return header, result_line, actions, numbers


def _options_header(value: str, no: int, file: str) -> dict[str, Any]:
    """The ``Options:`` line: ``name=value`` items (a whole number in ASCII digits, ``None``, or text)."""
    options: dict[str, Any] = {}
    for item in value.split():
        if "=" not in item:
            raise RecordError(file, no, f"option {_clip(item)} must be written name=value")
        k, v = item.split("=", 1)
        number = ascii_int(v)
        options[k] = None if v == "None" else (v if number is None else number)
    return options


def _first_player_header(fp_text: str, fp_no: int, players: int, file: str) -> int | None:
    """The ``FirstPlayer:`` line: ``random`` (None) or a seat number 1..players (the seat index returned)."""
    if fp_text == "random":
        return None
    seat = ascii_int(fp_text, signed=False)
    if seat is None or not 1 <= seat <= players:
        raise RecordError(
            file, fp_no, f"FirstPlayer must be 'random' or a seat number 1-{players}, not {_clip(fp_text)}"
        )
    return seat - 1


def _cards_header(header: dict[str, tuple[str, int]], file: str) -> tuple[tuple[str, int] | None, str | None]:
    """The ``Cards:`` line, if any: (the pool's fingerprint, its line) and the pool's file name."""
    if "Cards" not in header:
        return None, None
    value, no = header["Cards"]
    digest = value.split()[0] if value.split() else ""
    if re.fullmatch(r"sha256:[0-9a-f]{16}", digest) is None:
        raise RecordError(file, no, f"Cards must be a card pool's fingerprint (sha256:...), not {_clip(value)}")
    rest = value[len(digest) :].strip()
    return (digest, no), (pool_name(rest) if rest else None)


def _deck_headers(
    header: dict[str, tuple[str, int]], players: int, file: str
) -> tuple[list[tuple[str, ...]], list[int]]:
    """The ``DeckN:`` lines: each a starter deck's name or card IDs with ``ID*count`` runs (ASCII digits)."""
    decks: list[tuple[str, ...]] = []
    deck_lines: list[int] = []
    for p in range(players):
        key = f"Deck{p + 1}"
        if key not in header:
            raise RecordError(file, 1, f"missing header line {key!r} for player {p + 1}")
        value, no = header[key]
        for item in value.split():
            cid, star, n = item.partition("*")
            if star and not (ascii_int(n, signed=False) or 0) > 0:
                raise RecordError(file, no, f"{_clip(item)}: write a run of copies as ID*count, e.g. C01*3")
        decks.append(tuple(value.split()))
        deck_lines.append(no)
    return decks, deck_lines


def _clip(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def read_record(path: Any) -> Record:  # Any: checked here
    """A record file (at most ``MAX_RECORD_BYTES``), parsed; errors name the file and the line."""
    path = check_path(path)
    try:
        with Path(path).open("rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(str(path), 0, f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(str(path), 0, f"larger than {MAX_RECORD_BYTES:,} bytes: is this a tcgteach game record?")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(str(path), 0, "not UTF-8 text: is this a tcgteach game record?") from None
    return parse_record(text, str(path))


def _deck_of(game: Any, deck: tuple[str, ...], file: str, line: int) -> Any:
    """A deck of a record: a starter deck's name, or its cards (``C01*3`` runs), never more than the deck size."""
    if len(deck) == 1 and deck[0] in game.starter_decks():
        return deck[0]
    size = game.deck_size
    cards: list[str] = []
    for item in deck:
        cid, star, n = item.partition("*")
        count = (ascii_int(n, signed=False) or 0) if star else 1
        if count < 1:
            raise RecordError(file, line, f"{_clip(item)}: write a run of copies as ID*count, e.g. C01*3")
        if size and len(cards) + count > size:
            rule = f" ({game.size_rule})" if game.size_rule else ""
            raise RecordError(
                file, line, f"{_clip(item)}: more than {size} cards in this deck; a deck has exactly {size}{rule}"
            )
        cards.extend([cid] * count)
    return cards


def replay_into(game: Game, record: Record, file: str = "<record>") -> State:
    """Rebuild the game of a record with ``game`` (the record's game, made by the caller with the user's card
    pool if any: the kernel looks no game up by name), checking every action; errors name the line. The result
    line is checked by the caller (``tcgteach.record.replay``)."""
    from .options import options_of_file
    from .statefile import check_pool

    try:
        game = game.with_options(options_of_file(game.options.specs, record.options))
    except TcgError as exc:
        raise RecordError(file, 2, str(exc)) from None
    saved, cards_line = record.cards if record.cards is not None else (None, 2)

    def pool_error(message: str) -> RecordError:
        return RecordError(file, cards_line, message)

    check_pool(game, saved, pool_error)
    decks: list[Any] = []
    for p, deck in enumerate(record.decks):
        no = record.deck_lines[p] if p < len(record.deck_lines) else 0
        decks.append(_deck_of(game, deck, file, no))
    try:
        state = game.new_state(seed=record.seed, decks=decks, players=record.players, first_player=record.first_player)
    except TcgError as exc:
        line = 1
        text = str(exc)
        for p, no in enumerate(record.deck_lines):
            if f"deck of P{p + 1}" in text:
                line = no
        raise RecordError(file, line, f"cannot set up the game: {exc}") from None
    # strict=False: a Record built by hand may carry fewer line numbers than actions (as before: zip stops there)
    for text, no in zip(record.actions, record.lines or [0] * len(record.actions), strict=False):
        try:
            state.apply(game.parse_action(text))
        except TcgError as exc:
            raise RecordError(file, no, f"{_clip(text)}: {exc}") from None
    return state
