"""Argument checks at the public boundary: a wrong-typed or out-of-range argument is a ``TcgError`` that names the
parameter and says what it takes, on the pure and the compiled build alike (mypyc checks a declared type at every
call of a compiled function and raises its own bare ``TypeError``, so a compiled public call takes ``Any`` and
checks here). Each check returns the value it accepted, so a call reads ``lang = check_lang(lang)``.

The messages here are the library's errors (a ``TcgError`` naming the parameter, or citing a rule ID), not
teaching sentences: those are the front ends' (``tcgteach.texts``, the games' teaching). A game given by its
name is looked up outside the kernel (``tcgteach.lookup.check_game``): the kernel imports no registry."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import IllegalActionError, TcgError
from .events import Event
from .state import State

if TYPE_CHECKING:
    from .game import Game

#: the languages every text of the package comes in
LANGS = ("en", "ja")


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` for an error message: cut to ``limit`` characters, never raising (a huge int, a surrogate)."""
    try:
        text = repr(value)
    except Exception:  # an int past Python's digit limit, a repr that raises
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_text(value: Any, param: str, *, limit: int = 100_000) -> str:
    """A string of at most ``limit`` characters that can be written as UTF-8 (no lone surrogate)."""
    if not isinstance(value, str):
        raise TcgError(f"{param} must be a string, not {shown(value)} ({type(value).__name__})")
    if len(value) > limit:
        raise TcgError(f"{param} must be a string of at most {limit} characters, not {len(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise TcgError(f"{param} holds a character that is not text (a lone surrogate at {exc.start})") from None
    return value


def check_lang(value: Any, param: str = "lang") -> str:
    """``"en"`` or ``"ja"``."""
    if not isinstance(value, str) or value not in LANGS:
        raise TcgError(f"{param} must be 'en' or 'ja', not {shown(value)}")
    return value


def check_int(value: Any, param: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number (an ``int``, not a ``bool``) in ``lo..hi`` (either end open when None)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TcgError(f"{param} must be a whole number, not {shown(value)} ({type(value).__name__})")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if lo is not None and hi is not None else f">= {lo}" if lo is not None else f"<= {hi}"
        raise TcgError(f"{param} must be a whole number {span}, not {shown(value)}")
    return value


def check_number(value: Any, param: str, lo: float | None = None, hi: float | None = None) -> float:
    """A finite real number (int or float, not a bool) in ``lo..hi``."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TcgError(f"{param} must be a number, not {shown(value)} ({type(value).__name__})")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number) or (lo is not None and number < lo) or (hi is not None and number > hi):
        span = f" in {lo}..{hi}" if lo is not None and hi is not None else f" >= {lo}" if lo is not None else ""
        raise TcgError(f"{param} must be a finite number{span}, not {shown(value)}")
    return number


def check_mapping(value: Any, param: str, *, none: bool = False) -> Mapping[str, Any]:
    """A mapping with string keys (None too when ``none``: then an empty dict)."""
    if value is None and none:
        return {}
    if not isinstance(value, Mapping):
        what = "a dict (or None)" if none else "a dict"
        raise TcgError(f"{param} must be {what}, not {shown(value)} ({type(value).__name__})")
    return value


def check_state(value: Any, game: Game | None = None, param: str = "state") -> State:
    """A state (of ``game``'s kind when given: a Dragon Quest state is no DARK MOON state)."""
    if not isinstance(value, State):
        raise TcgError(f"{param} must be a game state (game.new_state()), not {shown(value)} ({type(value).__name__})")
    if game is not None and value.game.name != game.name:
        raise TcgError(f"{param} is a {value.game.name} state, not one of {game.name}")
    return value


def check_player(value: Any, state: State, param: str = "player") -> int:
    """A seat of ``state``: 0 .. players - 1."""
    return check_int(value, param, 0, state.num_players - 1)


def check_card(value: Any, state: State, param: str = "card") -> int:
    """A card instance of ``state`` (0 .. the number of cards in play - 1)."""
    return check_int(value, param, 0, _card_count(state) - 1)


def _card_count(state: State) -> int:
    """The number of card instances of ``state`` (``State.owners``)."""
    return len(state.owners())


def check_described(game: Game, action: Any, state: Any, lang: Any) -> State:
    """What ``Game.describe_action`` takes: an exact action of the game that is legal in ``state`` now or was taken
    in it before (as it was, or masked as a view shows it), a state of the game, ``en`` or ``ja``. Anything else is
    an ``IllegalActionError``: a sentence about a move that cannot be made would teach a wrong rule."""
    from .actions import field_problem

    s = check_state(state, game)
    check_lang(lang)
    problem = field_problem(action)
    if problem is not None:
        raise IllegalActionError(problem, game.contract_rule)
    legal = s.legal_actions()
    if action in legal or action in s.history:
        return s
    if any(game.mask_action(a) == action for a in s.history):
        return s
    raise IllegalActionError(
        f"{action} is not legal now and was not taken before in this game", game.contract_rule, legal
    )


def check_event(game: Game, event: Any, state: Any, lang: Any) -> State:
    """What ``Game.describe_event`` takes: an ``Event`` whose card fields name cards of ``state`` (a masked card is
    None or negative), a state of the game, ``en`` or ``ja``."""
    s = check_state(state, game)
    check_lang(lang)
    if not isinstance(event, Event):
        raise TcgError(f"event must be an Event (from state.apply or state.events), not {shown(event)}")
    if not isinstance(event.kind, str) or not isinstance(event.data, dict):
        raise TcgError(f"event {shown(event)} has no kind or no data dict")
    n = _card_count(s)
    for key in game.CARD_KEYS:
        _check_card_field(event.data.get(key), n, key)
    cards = event.data.get("cards")
    if cards is not None:
        if not isinstance(cards, (list, tuple)):
            raise TcgError(f"event data 'cards' must be a list of cards, not {shown(cards)}")
        for c in cards:
            _check_card_field(c, n, "cards")
    return s


def _check_card_field(value: Any, n: int, key: str) -> None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value < n):
        return
    raise TcgError(f"event data {key!r} must name a card of this state (0..{n - 1}), not {shown(value)}")


def check_board(game: Game, state: Any, lang: Any, perspective: Any) -> State:
    """What ``Game.render_board`` takes: a state of the game, ``en`` or ``ja``, and None or a seat of the state."""
    s = check_state(state, game)
    check_lang(lang)
    if perspective is not None:
        check_player(perspective, s, "perspective")
    return s


def check_seed(value: Any, param: str = "seed") -> int | None:
    """A random seed: None (a fresh one each time) or a whole number."""
    if value is None:
        return None
    return check_int(value, param)


def check_bool(value: Any, param: str) -> bool:
    """True or False (not 1, not "yes")."""
    if not isinstance(value, bool):
        raise TcgError(f"{param} must be True or False, not {shown(value)}")
    return value


def check_path(value: Any, param: str = "path") -> str:
    """A file name: a str or a ``Path`` that can be written as UTF-8."""
    import os

    if not isinstance(value, (str, os.PathLike)):
        raise TcgError(f"{param} must be a file name (str or Path), not {shown(value)}")
    path = os.fspath(value)
    if not isinstance(path, str):
        raise TcgError(f"{param} must be a file name (str or Path), not {shown(value)}")
    return check_text(path, param, limit=4096)


def check_list(value: Any, param: str, *, none: bool = False) -> Any:
    """A list or tuple (None too when ``none``)."""
    if value is None and none:
        return None
    if not isinstance(value, (list, tuple)):
        raise TcgError(f"{param} must be a list{' (or None)' if none else ''}, not {shown(value)}")
    return value


def check_action(value: Any, param: str = "action") -> Any:
    """An ``Action`` (of any game: whether it is legal is for the state to say)."""
    if not isinstance(value, Action):
        raise TcgError(f"{param} must be an Action (from state.legal_actions()), not {shown(value)}")
    return value
