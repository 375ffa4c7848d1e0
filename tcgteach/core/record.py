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

Lines starting with ``#`` are comments. ``replay`` rebuilds the identical final state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import RecordError, TcgError

if TYPE_CHECKING:
    from .state import State

HEADER_KEYS = ("Game", "Options", "Seed", "Players", "FirstPlayer")


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


def record_text(state: State, agents: str | None = None, result: bool = True) -> str:
    """The record of ``state``'s game so far."""
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
    for p, deck in enumerate(setup["decks"]):
        lines.append(f"Deck{p + 1}: {_deck_text(game, tuple(deck))}")
    if agents:
        lines.append(f"Agents: {agents}")
    lines.append("")
    lines.extend(str(a) for a in state.history)
    if result and state.is_terminal():
        lines.append(f"# result: {state.result().text('en')}")
    return "\n".join(lines) + "\n"


def write_record(state: State, path: str | Path, agents: str | None = None) -> None:
    Path(path).write_text(record_text(state, agents), encoding="utf-8")


def parse_record(text: str, file: str = "<record>") -> Record:
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
        actions.append(line)
        numbers.append(no)
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
        try:
            return int(value)
        except ValueError:
            raise RecordError(file, no, f"{key} must be a whole number, not {value!r}") from None

    options: dict[str, Any] = {}
    value, no = header["Options"]
    for item in value.split():
        if "=" not in item:
            raise RecordError(file, no, f"option {item!r} must be written name=value")
        k, v = item.split("=", 1)
        options[k] = None if v == "None" else (int(v) if v.isdigit() else v)
    players = integer("Players")
    fp_text, fp_no = header["FirstPlayer"]
    first_player: int | None = None
    if fp_text != "random":
        try:
            first_player = int(fp_text) - 1
        except ValueError:
            raise RecordError(file, fp_no, f"FirstPlayer must be 'random' or a seat number, not {fp_text!r}") from None
    decks: list[tuple[str, ...]] = []
    deck_lines: list[int] = []
    for p in range(players):
        key = f"Deck{p + 1}"
        if key not in header:
            raise RecordError(file, 1, f"missing header line {key!r} for player {p + 1}")
        value, no = header[key]
        for item in value.split():
            cid, star, n = item.partition("*")
            if star and not (n.isdigit() and int(n) > 0):
                raise RecordError(file, no, f"{item!r}: write a run of copies as ID*count, e.g. C01*3")
        decks.append(tuple(value.split()))
        deck_lines.append(no)
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
    )


def read_record(path: str | Path) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(str(path), 0, f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(str(path), 0, "not UTF-8 text: is this a tcgteach game record?") from None
    return parse_record(text, str(path))


def replay(record: Record, file: str = "<record>") -> State:
    """Rebuild the game of a record, checking every action; errors name the line."""
    import tcgteach

    from .options import options_of_file

    try:
        game = tcgteach.game(record.game)
        game = game.with_options(options_of_file(game.options.specs, record.options))
    except TcgError as exc:
        raise RecordError(file, 2, str(exc)) from None
    decks: list[Any] = []
    for deck in record.decks:
        if len(deck) == 1 and deck[0] in game.starter_decks():
            decks.append(deck[0])
        else:
            cards: list[str] = []
            for item in deck:
                cid, _, n = item.partition("*")
                cards.extend([cid] * (int(n) if n.isdigit() else 1))
            decks.append(cards)
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
            raise RecordError(file, no, f"{text!r}: {exc}") from None
    if record.result is not None:
        claimed, no = record.result
        actual = state.result().text("en") if state.is_terminal() else "(game not finished)"
        if claimed != actual:
            raise RecordError(file, no, f"the record claims the result {claimed!r}, but replaying it gives {actual!r}")
    return state
