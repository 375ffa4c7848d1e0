"""The checks of the design lab's public arguments: a wrong one is a ``TcgError`` naming it, before any game."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from ..core.checks import check_int, check_number, check_text, shown
from ..core.errors import TcgError
from ..sim.runner import MAX_GAMES, _agent_specs, _agents_arg, _decks_arg, _seed, _seed_list, resolve_game


def games_arg(n: Any, param: str = "n", low: int = 1) -> int:
    """``n`` checked as a number of games (1 to the package's limit); ``TcgError`` naming ``param`` otherwise."""
    return check_int(n, param, low, MAX_GAMES)


def table_arg(game: Any, agents: Any, players: Any, decks: Any) -> tuple[Any, list[Any], int]:
    """The game (a name or a Game), one agent spec per seat and the number of players, each checked."""
    g = resolve_game(game)
    _decks_arg(decks)
    if players is not None:
        check_int(players, "players", g.min_players, g.max_players)
    specs = _agent_specs(g, _agents_arg(agents), decks, players)
    return g, specs, len(specs)


def run_args(executor: Any, jobs: Any, progress: Any) -> None:
    """Check the arguments every design run shares: an ``Executor`` or None, a job count, a progress flag."""
    if executor is not None and not isinstance(executor, Executor):
        raise TcgError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    if jobs is not None:
        check_int(jobs, "jobs", 1, 4096)
    if progress is not None and not isinstance(progress, bool):
        raise TcgError(f"progress must be True, False or None, not {shown(progress)}")


def seeds_arg(seeds: Any) -> list[int]:
    """``seeds`` checked as a list of seeds (integers in the generator's range)."""
    return _seed_list(None, seeds, 0)


def seed_start_arg(seed_start: Any) -> int:
    """``seed_start`` checked as a seed: the first of a run's consecutive seeds."""
    return _seed(seed_start, "seed_start")


def text_arg(value: Any, param: str) -> str | None:
    """``value`` checked as a short text (a label), or None."""
    return None if value is None else check_text(value, param, limit=1000)


def started_arg(started: Any) -> float | None:
    """``started`` checked as a time (seconds) or None."""
    return None if started is None else float(check_number(started, "started"))


def card_ids_arg(cards: Any) -> list[str] | None:
    """``cards`` checked as a list of card IDs, or None."""
    if cards is None:
        return None
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TcgError(f"cards must be a list of card IDs, not {shown(cards)}")
    return [check_text(c, "cards[]", limit=64) if isinstance(c, str) else _not_id(c) for c in cards]


def _not_id(value: Any) -> str:
    raise TcgError(f"cards must be a list of card IDs (strings), not one holding {shown(value)}")


def parts_arg(parts: Any) -> list[Any]:
    """The results a report shows: a list of the lab's results (a battery, a comparison ...)."""
    if not isinstance(parts, (list, tuple)) or not parts:
        raise TcgError(
            f"parts must be a list of the design lab's results (a Battery, a comparison ...), not {shown(parts)}"
        )
    return list(parts)
