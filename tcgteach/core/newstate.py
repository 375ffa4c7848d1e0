"""The arguments of ``Game.new_state`` and ``Game.explain_choice``, checked once by the kernel: each error a
``TcgError`` citing the game's declared rule (a library error, not a teaching sentence)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .checks import check_state, shown
from .decks import Deck
from .errors import TcgError
from .rng import seed_problem

if TYPE_CHECKING:
    from .game import Game

__all__ = ["check_choice", "check_new_state", "check_players"]


def check_new_state(game: Game, seed: Any, decks: Any, players: Any, first_player: Any) -> list[tuple[str, ...]]:
    """What ``Game.new_state`` takes: the seed, the number of players, one deck per player (the starter decks in
    turn when None), the first player; returns each deck's card IDs, its construction rules checked."""
    problem = seed_problem(seed)
    if problem is not None:
        raise TcgError(f"[{game.seed_rule}] {problem}")
    fixed = game.min_players == game.max_players
    if fixed and players is not None and players != game.min_players:
        raise TcgError(
            f"[{game.contract_rule}] {_called(game)} is for exactly {game.min_players} players, not {players!r}"
        )
    starters = decks is None
    dealt: tuple[tuple[str, ...], ...] | None = None
    if decks is None:
        n = check_players(game, game.min_players if players is None else players)
        dealt = game._starter_deal.get(n)  # (the starter decks in turn, checked at an earlier game)
        if dealt is not None:
            decks = dealt
        else:
            names = game.starter_decks()
            if not names:
                raise TcgError(
                    f"[{game.size_rule}] no starter deck is legal with the card pool {game.user_pool}: give decks="
                )
            decks = [names[p % len(names)] for p in range(n)]
    if isinstance(decks, (str, Deck)) or not isinstance(decks, (list, tuple)):
        span = f"{game.min_players}" if fixed else f"{game.min_players}-{game.max_players}"
        raise TcgError(
            f"[{game.contract_rule}] decks must be a list with one deck per player ({span} decks), "
            f"not {type(decks).__name__}"
        )
    if fixed and len(decks) != game.min_players:
        n = game.min_players
        raise TcgError(
            f"[{game.contract_rule}] {_called(game)} is for exactly {n} players: give {n} decks, not {len(decks)}"
        )
    n = check_players(game, len(decks) if players is None else players)
    if len(decks) != n:
        raise TcgError(f"[{game.contract_rule}] {n} players need {n} decks, got {len(decks)}")
    if first_player is not None and (
        not isinstance(first_player, int) or isinstance(first_player, bool) or not 0 <= first_player < n
    ):
        seats = "0 or 1" if fixed and n == 2 else f"a player index 0-{n - 1}"
        raise TcgError(f"[{game.first_player_rule}] first_player must be {seats}, not {shown(first_player)}")
    if dealt is not None:
        return list(dealt)
    checked = [game.check_deck(d, f"deck of P{p + 1}") for p, d in enumerate(decks)]
    if starters and len(game._starter_deal) < 8:
        game._starter_deal[n] = tuple(checked)  # (the same starter decks for every new game without decks)
    return checked


def _called(game: Game) -> str:
    return f"the {game.title.get('en', game.name)}"


def check_choice(view: Any, action: Any, lang: Any) -> None:  # Any: checked here, also compiled
    """What ``Game.explain_choice`` accepts: a player's view, one of its legal actions, ``en`` or ``ja``."""
    from .actions import Action, field_problem

    state = check_state(view, None, "view")
    game = state.game
    if lang not in ("en", "ja"):
        raise TcgError(f"unknown language {lang!r}: choose 'en' or 'ja'")
    if state.viewer is None:
        raise TcgError("reasons are given for a player's view (state.view(p)), never for the full state")
    legal = view.legal_actions()
    problem = field_problem(action) if isinstance(action, Action) else None
    if problem is not None:  # Play(False) equals Play(0): a wrong-typed field is no legal action
        raise TcgError(f"[{game.contract_rule}] {problem}")
    if action not in legal:
        shown = ", ".join(str(a) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise TcgError(
            f"[{game.contract_rule}] {action!s} is not a legal {game.name} action here; "
            f"the legal ones are: {shown or 'none'}"
        )


def check_players(game: Game, players: Any) -> int:  # Any: checked here, also compiled
    """``players`` if the game allows that many players (``min_players`` to ``max_players``), else ``OptionError``."""
    if not isinstance(players, int) or isinstance(players, bool) or not game.min_players <= players <= game.max_players:
        span = (
            f"{game.min_players}" if game.min_players == game.max_players else f"{game.min_players}-{game.max_players}"
        )
        raise TcgError(f"[{game.contract_rule}] {game.name} is for {span} players, not {players!r}")
    return players
