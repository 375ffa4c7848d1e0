"""Run many games on any ``concurrent.futures.Executor`` and return one tidy record per game.

A game's record depends only on (game, options, agents, seed): the engine's RNG is seeded by the
game seed and each agent by ``seed * 1000 + seat`` (the convention of ``tcgteach play``, so
``tcgteach play GAME --seed S --agents A,B`` replays any simulated game). The executor, the number
of workers and the chunk size change only how fast the records come back, never what they say.
"""

from __future__ import annotations

import csv
import json
import math
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_lang, check_mapping, check_text, shown
from ..core.errors import TcgError
from ..core.events import FIRST_PLAYER
from ..lookup import check_game
from ..session import Session
from .trace import Tracer

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from ..core.game import CardPool, Game


#: the end reason of a game stopped by ``max_steps`` (not a rule: the simulation gave up)
CAPPED = "max_steps"


class SimulationError(TcgError):
    """A game failed inside the simulation (the message names the game, seed and agents)."""


#: the most games one ``simulate`` call plays (a hundred thousand take minutes; this bounds a typo like 10**30)
MAX_GAMES = 10_000_000
#: the largest seed (a 63-bit number: what a saved state and a CSV cell hold)
MAX_SEED = 2**63 - 1


def _seed(value: Any, param: str = "seed") -> int:
    return check_int(value, param, -MAX_SEED, MAX_SEED)


def _agents_arg(agents: Any) -> Any:
    if not isinstance(agents, (str, list, tuple)):
        raise TcgError(f"agents must be a name or a list of one agent per seat, not {shown(agents)}")
    if isinstance(agents, str):
        return check_text(agents, "agents", limit=200)
    for spec in agents:
        if not (isinstance(spec, str) or callable(spec)):
            raise TcgError(f"an agent must be a name or a factory f(seed), not {shown(spec)}")
    return agents


def _decks_arg(decks: Any) -> Any:
    if decks is not None and not isinstance(decks, (list, tuple)):
        raise TcgError(f"decks must be None or a list of one deck per seat, not {shown(decks)}")
    return decks


def _path_arg(path: Any) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise TcgError(f"path must be a file name (str or Path), not {shown(path)}")
    return check_text(os.fspath(path), "path", limit=4096)


def _records_arg(records: Any) -> list[Mapping[str, Any]]:
    if not isinstance(records, (list, tuple)) or not all(isinstance(r, Mapping) for r in records):
        raise TcgError(f"records must be a list of records (dicts, as simulate() returns), not {shown(records)}")
    return list(records)


# -- one game -------------------------------------------------------------------------------------------
def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for game ``seed`` (as ``tcgteach play`` seeds its agents)."""
    return _seed(seed) * 1000 + check_int(seat, "seat", 0, 999)


def _agent_label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None) or repr(spec))


def _make_agent(spec: Any, seed: int) -> Any:
    """An agent from a name (via ``make_agent``, resolved at run time) or a factory ``f(seed)``."""
    if isinstance(spec, str):
        from ..agents import make_agent

        return make_agent(spec, seed)
    return spec(seed)


def _forced_moves_free() -> frozenset[type]:
    """The agent classes whose ``act`` returns the only legal action at once, reading neither the view nor
    their random generator (HeuristicAgent, CoachAgent): playing that action for them is the same game."""
    from ..agents.coach import CoachAgent
    from ..agents.heuristic import HeuristicAgent

    return frozenset({HeuristicAgent, CoachAgent})


_FORCED_MOVES_FREE = _forced_moves_free()


def _options_text(options: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in sorted(options.items()))


def play_game(
    game: Game,
    seed: int,
    agents: Sequence[Any],
    max_steps: int = 100_000,
    decks: Sequence[Any] | None = None,
    players: int | None = None,
    trace: bool = False,
) -> dict[str, Any]:
    """Play one game from ``seed`` and return its record (see ``simulate`` for the fields; ``trace``: with
    the design measures' ``trace`` field, ``sim.trace.Tracer``)."""
    game = check_game(game)
    _seed(seed)
    agents = _agents_arg(agents)
    check_int(max_steps, "max_steps", 0)
    _decks_arg(decks)
    if not isinstance(trace, bool):
        raise TcgError(f"trace must be True or False, not {shown(trace)}")
    state = game.new_state(seed=seed, decks=decks, players=players)
    n = state.num_players
    if len(agents) != n:
        raise TcgError(f"{len(agents)} agents for {n} players")
    seated = [_make_agent(spec, agent_seed(seed, i)) for i, spec in enumerate(agents)]
    first = next((e.player for e in state.events if e.kind == FIRST_PLAYER), None)
    # the lean loop (no record of who moved, no view for the random agent); the heuristic and coach agents
    # answer a forced move with it, touching nothing else, so the loop plays it without building their view
    tracer = Tracer(state) if trace else None
    run = Session(state, seated).play_out(
        max_steps, answers_forced=_FORCED_MOVES_FREE, touches=game._touches, observe=tracer
    )
    capped, steps = run.capped, run.steps
    outcome = None if capped else state.result()
    options = dict(game.options)
    rec: dict[str, Any] = {"seed": seed, "game": game.name, "options": _options_text(options)}
    if game.user_pool is not None:  # the user's own card pool: its fingerprint (a record says what it was played with)
        rec["cards"] = game.user_pool.digest
    for k, v in options.items():
        rec[f"opt_{k}"] = v
    winners = outcome.winners if outcome is not None else ()
    rec.update(
        {
            "players": n,
            "agents": ",".join(_agent_label(a) for a in agents),
            "first_player": first,
            "winners": ",".join(str(w) for w in winners),
            "winner": outcome.winner if outcome is not None else None,
            "is_draw": outcome.is_draw if outcome is not None else False,
            "nobody_wins": outcome.nobody_wins if outcome is not None else False,
        }
    )
    for p in range(n):
        rec[f"score_{p}"] = outcome.scores[p] if outcome is not None else None
    rec["turns"] = state.turn or None
    rec["decisions"] = steps
    for p in range(n):
        rec[f"decisions_{p}"] = run.decisions[p]
    rec.update(
        {
            "legal_actions": run.legal_actions,
            "branching": run.legal_actions / steps if steps else 0.0,
            "interactions": run.interactions,
            "interaction": run.interactions / steps if steps else 0.0,
            "end_reason": outcome.reason if outcome is not None else CAPPED,
            "capped": capped,
        }
    )
    if tracer is not None:
        rec["trace"] = tracer.result(state)
    return rec


# -- chunks (what a worker runs) -------------------------------------------------------------------------
#: options as sorted (name, value) pairs: hashable, and they pickle to a worker
OptionItems = tuple[tuple[str, Any], ...]
_GAMES: dict[tuple[type, OptionItems, str | None], Game] = {}


def _game(cls: type, options: OptionItems, pool: CardPool | None = None) -> Game:
    """The game of a task, made once per worker process: its class, options and the user's card pool (which
    pickles with the task; the worker checks and parses it once, see ``CardPool``)."""
    key = (cls, options, None if pool is None else pool.digest)
    g = _GAMES.get(key)
    if g is None:
        g = _GAMES[key] = cls(dict(options)) if pool is None else cls(dict(options), cards=pool)
    return g


def run_chunk(
    cls: type,
    options: OptionItems,
    seeds: Sequence[int],
    agents: Sequence[Any],
    max_steps: int,
    decks: Sequence[Any] | None,
    players: int | None,
    pool: CardPool | None = None,
    trace: bool = False,
) -> list[dict[str, Any]]:
    """Play the games of ``seeds`` (one task of a worker; module level so that it pickles)."""
    game = _game(cls, options, pool)
    out = []
    for seed in seeds:
        try:
            out.append(play_game(game, seed, agents, max_steps, decks, players, trace))
        except Exception as exc:  # name the game that failed: the traceback of a worker is often lost
            raise SimulationError(
                f"{game.name} seed {seed} (agents {','.join(map(_agent_label, agents))}, "
                f"options {_options_text(dict(options))}): {type(exc).__name__}: {exc}"
            ) from exc
    return out


# -- executors and progress -----------------------------------------------------------------------------
def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def processes_available() -> bool:
    """Whether this Python can start worker processes (not in a browser: Pyodide/JupyterLite, WASI)."""
    if sys.platform in ("emscripten", "wasi"):
        return False
    try:
        import multiprocessing.synchronize  # noqa: F401  (needs the OS's semaphores, like the pool)
        from concurrent.futures import ProcessPoolExecutor  # noqa: F401
    except ImportError:
        return False
    return True


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A process pool (all cores by default). From Python 3.12 on it uses the "forkserver" start
    method where there is one: forking a process that runs threads (Jupyter, tqdm) is deprecated."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = None
    if sys.version_info >= (3, 12) and "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(max_workers=workers or cpu_count(), mp_context=ctx)


def _in_notebook() -> bool:
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


#: the agents' names in a Japanese progress bar (the lessons' words for them)
AGENT_JA = {"random": "ランダム", "heuristic": "ヒューリスティック", "coach": "コーチ"}


def _bar_text(game: Game, specs: Sequence[Any], lang: str) -> tuple[str, str]:
    """The progress bar's label and unit in ``lang``: the game and the agents of its seats."""
    labels = [_agent_label(a) for a in specs]
    if lang == "ja":
        title = game.title.get("ja", game.name) if game.title else game.name
        return f"{title}（{'・'.join(AGENT_JA.get(x, x) for x in labels)}）", "ゲーム"
    return f"{game.name} {','.join(labels)}", "game"


def _progress_bar(progress: bool | None, total: int, desc: str, unit: str = "game") -> Any:
    """A tqdm bar (a widget in notebooks) or None: ``progress`` None means on in a terminal or notebook."""
    if progress is None:
        progress = _in_notebook() or (hasattr(sys.stderr, "isatty") and sys.stderr.isatty())
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: no bar then
        return None
    return tqdm(total=total, desc=desc, unit=unit, smoothing=0.1)


# -- the public entry point -----------------------------------------------------------------------------
def resolve_game(game: Game | str, options: Mapping[str, Any] | None = None) -> Game:
    """The game with ``options`` on top of its own, plus the simulation defaults the caller did not set
    (``Game.sim_defaults``: Dragon Quest ``turn_limit=200``, DQ-1.4). Options are validated here."""
    options = check_mapping(options, "options", none=True)
    if isinstance(game, str):
        base: dict[str, Any] = {}
        g = check_game(game)
    else:
        g = check_game(game)
        base = dict(g.options.non_default())
    merged = {**base, **dict(options)}
    for k, v in g.sim_defaults.items():
        merged.setdefault(k, v)
    return g.with_options({**dict(g.options), **merged}) if merged else g


def simulate(
    game: Game | str,
    n: int | None = None,
    agents: Sequence[Any] | str = ("random", "random"),
    options: Mapping[str, Any] | None = None,
    seeds: Iterable[int] | None = None,
    executor: Executor | None = None,
    jobs: int | None = None,
    progress: bool | None = None,
    max_steps: int = 100_000,
    chunk: int | None = None,
    seed_start: int = 0,
    decks: Sequence[Any] | None = None,
    players: int | None = None,
    lang: str = "en",
    trace: bool = False,
) -> list[dict[str, Any]]:
    """Play ``n`` games and return one record (a plain dict) per game, in the order of the seeds.

    game:     a name ("darkmoon", "dragonquest") or a ``Game``; ``options`` go on top of its own.
              Dragon Quest gets ``turn_limit=200`` (DQ-1.4) unless the options set it (None: no cap).
    agents:   one per seat: names resolved by ``tcgteach.agents.make_agent`` ("random", "heuristic",
              "coach" ...) or picklable factories ``f(seed) -> agent``; a single name means every seat.
    seeds:    the game seeds (default ``range(seed_start, seed_start + n)``).
    executor: any ``concurrent.futures.Executor`` (a process pool, ``dask_client.get_executor()``,
              a Ray executor ...); it is used, not shut down. Without one: ``jobs=1`` plays in this
              process, ``jobs=k`` on a pool of k processes, ``jobs=None`` on a pool over all cores
              (a single game plays in this process).
    chunk:    games per submitted task (default: about 32 tasks per worker, at most 100 games each: the
              last tasks of the workers end close together).
    progress: a tqdm bar (a widget in notebooks); None = on when stderr is a terminal or in Jupyter.
    max_steps: decisions after which a game is abandoned (``capped`` True, end reason "max_steps").
    lang:     the language of the progress bar's words ("en" or "ja"); the records are the same.
    trace:    add each game's ``trace`` (``sim.trace.Tracer``: chances and resources per turn, real choices,
              rule counts, end kind), which the design measures (``tcgteach.design``) read.

    Record fields: seed, game, options ("name=value ..."), opt_NAME per option, players, agents,
    first_player, winners ("1", "0,1" or ""), winner (seat or None), is_draw, nobody_wins,
    score_K per seat, turns, decisions, decisions_K per seat, legal_actions (summed over decisions),
    branching (legal actions per decision), interactions (actions for which
    ``game.touches_opponent`` holds), interaction (their share), end_reason (a rule ID), capped.
    Seats are 0-based.
    """
    g = resolve_game(game, options)
    agents = _check_run_args(n, seed_start, agents, max_steps, decks, jobs, chunk, progress, executor)
    if not isinstance(trace, bool):
        raise TcgError(f"trace must be True or False, not {shown(trace)}")
    seed_list = _seed_list(n, seeds, seed_start)
    specs = _agent_specs(g, agents, decks, players)
    total = len(seed_list)
    workers = jobs or (getattr(executor, "_max_workers", None) if executor is not None else None) or cpu_count()
    size = chunk or max(1, min(100, math.ceil(total / (32 * workers))))
    chunks = [seed_list[i : i + size] for i in range(0, total, size)]
    args = (type(g), tuple(sorted(g.options.items())))
    pool = g.user_pool  # travels with every task: a worker plays with the same cards
    bar = _progress_bar(progress, total, *_bar_text(g, specs, check_lang(lang)))
    try:
        # in this process: one job, one chunk, or no processes to be had (in a browser); same records
        if executor is None and (jobs == 1 or (jobs is None and len(chunks) <= 1) or not processes_available()):
            records = []
            for seed in seed_list:
                records.extend(run_chunk(*args, [seed], specs, max_steps, decks, players, pool, trace))
                if bar is not None:
                    bar.update(1)
            return records
        own = executor is None
        executor_: Executor = process_pool(jobs) if executor is None else executor
        try:
            return _run_on(executor_, chunks, args, specs, max_steps, decks, players, bar, pool, trace)
        finally:
            if own:
                executor_.shutdown(wait=True, cancel_futures=True)
    finally:
        if bar is not None:
            bar.close()


def _check_run_args(
    n: Any,
    seed_start: Any,
    agents: Any,
    max_steps: Any,
    decks: Any,
    jobs: Any,
    chunk: Any,
    progress: Any,
    executor: Any,
) -> Any:
    """The arguments of ``simulate`` other than the game and the seeds, each checked in this order; the
    agents."""
    if n is not None:
        check_int(n, "n", 0, MAX_GAMES)
    _seed(seed_start, "seed_start")
    agents = _agents_arg(agents)
    check_int(max_steps, "max_steps", 0)
    _decks_arg(decks)
    for name, value in (("jobs", jobs), ("chunk", chunk)):
        if value is not None:
            check_int(value, name, 1, MAX_GAMES)
    if progress is not None and not isinstance(progress, bool):
        raise TcgError(f"progress must be True, False or None, not {shown(progress)}")
    if executor is not None and not isinstance(executor, Executor):
        raise TcgError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    return agents


def _seed_list(n: int | None, seeds: Any, seed_start: int) -> list[int]:
    """The seeds of a simulation: ``seeds`` checked (whole numbers, at most MAX_GAMES, as many as ``n``), or
    ``range(seed_start, seed_start + n)``."""
    if seeds is None:
        if n is None:
            raise TcgError("simulate needs n (a number of games) or seeds")
        return list(range(seed_start, seed_start + n))
    if isinstance(seeds, (str, bytes, Mapping)) or not isinstance(seeds, Iterable):
        raise TcgError(f"seeds must be a list of whole numbers, not {shown(seeds)}")
    seed_list: list[int] = []
    for s in seeds:
        seed_list.append(_seed(s, "seeds[]"))
        if len(seed_list) > MAX_GAMES:
            raise TcgError(f"seeds: at most {MAX_GAMES} games in one simulation")
    if n is not None and n != len(seed_list):
        raise TcgError(f"n={n} but {len(seed_list)} seeds were given")
    if any(not isinstance(s, int) or isinstance(s, bool) for s in seed_list):
        raise TcgError("seeds must be whole numbers")
    return seed_list


def _agent_specs(g: Game, agents: Sequence[Any] | str, decks: Sequence[Any] | None, players: int | None) -> list[Any]:
    seats = players or (len(decks) if decks is not None else g.min_players)
    from ..core.game import check_players

    check_players(g, seats)  # before any game starts, not in every game (DM-1.1, DQ-1.1)
    specs = [agents] * seats if isinstance(agents, str) else list(agents)
    if len(specs) == 1 and seats > 1:
        specs = specs * seats
    if len(specs) != seats:
        raise TcgError(f"{len(specs)} agents for {seats} players: give one agent per seat, or one name for all")
    for spec in specs:  # fail here with a clear message rather than in a worker
        if isinstance(spec, str):
            _make_agent(spec, 0)
        elif not callable(spec):
            raise TcgError(f"an agent must be a name or a factory f(seed), not {spec!r}")
    return specs


def _run_on(
    pool: Executor,
    chunks: list[list[int]],
    args: tuple[type, OptionItems],
    specs: list[Any],
    max_steps: int,
    decks: Any,
    players: Any,
    bar: Any,
    cards: CardPool | None = None,
    trace: bool = False,
) -> list[dict[str, Any]]:
    futures: dict[Future[list[dict[str, Any]]], int] = {}
    try:
        for i, seeds in enumerate(chunks):
            futures[pool.submit(run_chunk, *args, seeds, specs, max_steps, decks, players, cards, trace)] = i
        results: list[list[dict[str, Any]] | None] = [None] * len(chunks)
        for fut in as_completed(futures):
            i = futures[fut]
            results[i] = fut.result()
            if bar is not None:
                bar.update(len(chunks[i]))
    except BaseException:
        for fut in futures:
            fut.cancel()
        raise
    return [rec for part in results for rec in part]  # type: ignore[union-attr]


# -- output ------------------------------------------------------------------------------------------------
def columns(records: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every key of the records, in first-seen order."""
    seen: dict[str, None] = {}
    for r in records:
        for k in r:
            seen.setdefault(k, None)
    return list(seen)


def to_csv(records: Sequence[Mapping[str, Any]], path: Any) -> None:
    """Write the records as CSV (UTF-8, a header row; None as an empty cell): the whole file, or on any
    failure (a full disk, Ctrl+C) the old one untouched (``core/files.py``)."""
    from ..core.files import atomic_writer

    records, path = _records_arg(records), _path_arg(path)
    with atomic_writer(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=columns(records), restval="")
        w.writeheader()
        for r in records:
            w.writerow({k: "" if v is None else json.dumps(v) if k == "trace" else v for k, v in r.items()})


_INT = ("seed", "players", "first_player", "winner", "turns", "decisions", "legal_actions", "interactions")
_FLOAT = ("branching", "interaction")
_BOOL = ("is_draw", "nobody_wins", "capped")


def _cell(key: str, text: str) -> Any:
    if key == "trace":
        return json.loads(text) if text else None
    if key in _BOOL:
        return text == "True"
    if text == "" and key != "winners" and key not in ("options", "end_reason", "agents", "game"):
        return None
    if key in _INT or key.startswith(("score_", "decisions_")):
        return int(text)
    if key in _FLOAT:
        return float(text)
    if key.startswith("opt_"):
        if text in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[text]
        return int(text) if text.lstrip("-").isdigit() else text
    return text


def read_csv(path: Any) -> list[dict[str, Any]]:
    """Read records written by ``to_csv`` back, with their types (``read_csv(p) == records``)."""
    path = _path_arg(path)
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            return [{k: _cell(k, v) for k, v in row.items()} for row in csv.DictReader(fh)]
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise TcgError(f"cannot read records from {path}: {exc}") from None
    except (ValueError, TypeError, KeyError) as exc:  # json.JSONDecodeError is a ValueError
        raise TcgError(f"{path} is not a CSV of simulate() records (to_csv): {exc}") from None


def to_frame(records: Sequence[Mapping[str, Any]]) -> Any:
    """The records as a pandas DataFrame (pandas is imported here, only when asked for)."""
    records = _records_arg(records)
    try:
        import pandas as pd
    except ImportError:
        raise TcgError("to_frame needs pandas: pip install 'tcgteach[sim]' (or pandas)") from None
    return pd.DataFrame.from_records(list(records), columns=columns(records))
