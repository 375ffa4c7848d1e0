"""Saved states read back (``Game.state_from_dict``): the schema first, then the history replayed from the set-up and
every saved field compared; and the card pool a saved file or record was made with. Errors are ``StateFileError``
or the caller's own (library errors naming the field, not teaching sentences)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import StateFileError, TcgError
from .state import STATE_VERSION, State

if TYPE_CHECKING:
    from .game import Game
    from .generic import S

__all__ = ["check_pool", "load_state"]


def _state_fail(where: str, message: str) -> StateFileError:
    return StateFileError(where.removeprefix("(top)."), message)


def load_state(game: Game[S], data: Any) -> S:
    """Rebuild a state from ``to_dict`` output: the schema ``state`` first (plain bounded JSON, every field of
    the right form), then replay its history from its setup and check that every saved field matches.
    Any malformed or inconsistent field raises ``StateFileError`` naming it."""
    from .schema import validate

    setup = data.get("setup") if isinstance(data, dict) else None
    if isinstance(setup, dict) and "seed" in setup and setup["seed"] is None:
        raise StateFileError("setup.seed", "this is a player's view (hidden cards masked), not a saved game")
    validate(data, "state", _state_fail)
    version = data["version"]
    if data["game"] != game.name:
        raise StateFileError("game", f"this is a {data['game']!r} state, not {game.name!r}")
    check_pool(game, data.get("cards"), lambda m: StateFileError("cards", m))
    from .options import options_of_file

    try:
        g = game.with_options(options_of_file(game.options.specs, data["options"]))
    except TcgError as exc:
        raise StateFileError("options", str(exc)) from None
    setup = data["setup"]
    try:
        state = g._state_from_setup(setup)
    except StateFileError:
        raise
    except TcgError as exc:
        raise StateFileError("setup", str(exc)) from None
    history = data["history"]
    old_note = game.FORMAT_NOTES.get(version, "") if version < STATE_VERSION else ""
    old_note = f" (this file was written by an older tcgteach, state format {version}: {old_note})" if old_note else ""
    for i, text in enumerate(history):
        try:
            state.apply(g.parse_action(text))
        except TcgError as exc:
            raise StateFileError(f"history[{i}]", f"{text!r} cannot be replayed: {exc}{old_note}") from None
    _check_replayed(data, state, version, old_note)
    return state


def _check_replayed(data: dict[str, Any], state: State, version: int, old_note: str) -> None:
    """Every saved field of ``data`` matches the state its setup and history produce (else ``StateFileError``)."""
    mine = state.to_dict()
    if version == 1 and isinstance(data["scalars"], dict):
        # scalars added since version 1 are not in the file; they must still be at rest
        for name in [k for k in mine["scalars"] if k not in data["scalars"]]:
            if mine["scalars"][name] in (None, [], 0, False):
                del mine["scalars"][name]
    for key in ("node", "scalars", "zones", "rng", "events", "trail"):
        # compared as JSON text: 1.0 or true where the game writes 1 is an altered file too
        if data[key] != mine[key] or _canonical(data[key]) != _canonical(mine[key]):
            detail = ""
            if isinstance(data[key], dict) and isinstance(mine[key], dict):
                bad = sorted(
                    k
                    for k in set(data[key]) | set(mine[key])
                    if _canonical(data[key].get(k)) != _canonical(mine[key].get(k))
                )
                detail = f" (at {', '.join(bad[:5])})"
            raise StateFileError(
                key,
                "does not match what the setup and history produce: the file was altered "
                f"or corrupted{detail}{old_note}",
            )


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def check_pool(game: Game, saved: Any, fail: Any) -> None:
    """A file saved from a game with the user's own card pool (its fingerprint ``saved``) loads only into a
    game with that same pool, and a file of the package's pool only into a game with it."""
    pool = game.user_pool
    mine = None if pool is None else pool.digest
    if saved == mine:
        return
    if saved is None:
        raise fail(f"this was saved with the package's own cards, but this game uses the card pool {pool}")
    if pool is None:
        raise fail(
            f"this was saved with the card pool {saved}: load it into tcgteach.game({game.name!r}, cards=...) "
            "with that card file"
        )
    raise fail(f"this was saved with the card pool {saved}, but this game uses {pool}")
