"""Golden playthroughs (OpenSpiel style): whole games written step by step, so a refactor can prove that the
engine's behaviour did not change.

    .venv/bin/python tests/playthroughs/regenerate.py           # rewrite every playthrough (and remove stray ones)
    .venv/bin/python tests/playthroughs/regenerate.py --check   # exit 1 with a diff if any file is stale
    .venv/bin/python tests/playthroughs/regenerate.py NAME ...  # only these (file names, with or without .txt)

Every playthrough is declared once, as data: the built-in games' in ``SPECS`` below, a game plugin's in the
``playthroughs/specs.json`` of its package (``all_specs``: one list over the registered games); its file name is
derived from it
(``<game>-<agents>-seed<N>[-<players>p][-<deck>+<deck>...][-position-<name>][-<option>=<value>...][-ja].txt``).
A file holds the header (game, every option, seed, players, decks, agents, language, the position), the set-up events,
then one block per step: the node, the player to act, every legal action (its engine text and its
description), the action taken, and each of its events as ``[rule] kind player {data}`` with its text;
at the end the result and the non-empty zones. Events secret to a player are written in full (this is
the referee's record, not a player's view) and marked ``secret=P<n>``.

The agents are seeded ``seed * 1000 + seat`` (as ``tcgteach play`` seeds them) and act on
``state.view(player)``. A teaching position may start with scripted actions (``script``), written with
``{p0.C20}`` for the first card with ID C20 of player 0 outside the deck (``{p0.C20.2}``: the second),
before the agents take over.

Every game keeps its playthroughs in its own package: ``<package>/playthroughs/<name>.txt``
(``tcgteach/darkmoon/playthroughs/``, ``examples/games/war/tcgteach_war/playthroughs/``; tests/gamecases.py
``golden_dir``), the folder of the game the name starts with.

tests/test_playthroughs.py regenerates each file in memory and compares it with the one on disk.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
# run as a script from anywhere: the repository's tcgteach, unless TCGTEACH_TEST_INSTALLED=1 asks for the
# installed one (the compiled build in .venv-fast: `bash run.sh fast`)
if os.environ.get("TCGTEACH_TEST_INSTALLED") != "1" and str(TESTS.parent) not in sys.path:
    sys.path.insert(0, str(TESTS.parent))

import tcgteach  # noqa: E402
from tcgteach.agents import make_agent  # noqa: E402
from tcgteach.dragonquest import DragonQuest  # noqa: E402
from tcgteach.texts import outcome_text  # noqa: E402

#: a game longer than this is cut with a "... truncated" line (none of the declared games is)
MAX_STEPS = 1500
COMMAND = ".venv/bin/python tests/playthroughs/regenerate.py"
#: the first words of every playthrough file (regenerating removes only such files when they are not declared)
HEAD = "# tcgteach golden playthrough"

# -- the playthroughs ------------------------------------------------------------------------------------------
# Keys: game, agents (one name per seat, or one name for every seat), seed, and optionally options (the
# non-default ones; the file lists all of them), players, decks, lang ("en" or "ja") and position.
# A Dragon Quest position is {"name", "spec": the dict for game.position(spec, seed), "script": [...]};
# a DARK MOON position is {"name", "decks", "first_player", "arrange": [{"player", "hand", "field",
# "units", "top"} with card IDs], "script": [...]}, built with tests/dm_positions.py (decks may name one of
# its deck constants, e.g. "dm_positions.SCENES").
DQ_LIMIT = {"turn_limit": 40}  # DQ-1.4: random players may never end a game

SPECS: list[dict[str, Any]] = [
    # ---- DARK MOON ----
    {"game": "darkmoon", "agents": "random", "seed": 1},
    {"game": "darkmoon", "agents": "random", "seed": 2},
    {"game": "darkmoon", "agents": "random", "seed": 3, "decks": ["tempo", "spotlight"]},
    {
        "game": "darkmoon",
        "agents": "random",
        "seed": 13,
        "options": {
            "deck_out": "arms_end",  # a deck runs out
            "first_turn_restriction": False,
        },
    },
    {"game": "darkmoon", "agents": "heuristic", "seed": 1},
    {"game": "darkmoon", "agents": "heuristic", "seed": 2, "decks": ["spotlight", "tempo"]},
    {"game": "darkmoon", "agents": "random", "seed": 5, "players": 5},
    {"game": "darkmoon", "agents": "heuristic", "seed": 6, "players": 6, "options": {"tie": "none"}},
    {"game": "darkmoon", "agents": ["heuristic", "random"], "seed": 7, "lang": "ja"},
    {
        "game": "darkmoon",
        "agents": "random",
        "seed": 0,
        "position": {
            # DM-6.3: Solon #7 (C20) puts a card from hand face down under the deck: the `recycled` event is
            # secret to its owner, and written here in full
            "name": "recycle",
            "decks": ["tempo", "tempo"],
            "first_player": 0,
            "arrange": [{"player": 0, "hand": ["C20", "C12", "C07", "C17"]}],
            "script": ["play {p0.C20}", "choose {p0.C12}"],
        },
    },
    {
        "game": "darkmoon",
        "agents": "heuristic",
        "seed": 0,
        "position": {
            # DM-1.4, DM-1.5, DM-5: P1 has three units (with point specials), so the end is armed at once
            "name": "scored",
            "decks": ["dm_positions.SCENES", "dm_positions.SCENES"],
            "first_player": 0,
            "arrange": [
                {
                    "player": 0,
                    "units": [
                        ["C02", "C04", "C07", "S06"],
                        ["C32", "C35", "C06", "S05"],
                        ["C12", "C15", "C16", "C09", "S12"],
                    ],
                    "field": ["S03", "S01", "C10"],
                    "hand": ["S09", "C11"],
                },
                {"player": 1, "units": [["C17", "C19", "C21", "S06"], ["C23", "C24", "C26", "S05"]]},
            ],
        },
    },
    # ---- Dragon Quest ----
    {"game": "dragonquest", "agents": "random", "seed": 1, "options": DQ_LIMIT},
    {"game": "dragonquest", "agents": "random", "seed": 24, "options": DQ_LIMIT, "decks": ["heroes", "guardians"]},
    {"game": "dragonquest", "agents": "random", "seed": 9, "options": DQ_LIMIT, "decks": ["guardians", "beasts"]},
    {"game": "dragonquest", "agents": "random", "seed": 4, "options": dict(DQ_LIMIT, formation_repair="end_step")},
    {"game": "dragonquest", "agents": "random", "seed": 5, "options": dict(DQ_LIMIT, wipe_out="literal")},
    {"game": "dragonquest", "agents": "random", "seed": 6, "options": dict(DQ_LIMIT, formation="at_least")},
    {"game": "dragonquest", "agents": "random", "seed": 7, "options": {"turn_limit": 6}},  # ends in a DQ-1.4 draw
    {"game": "dragonquest", "agents": "heuristic", "seed": 10},  # an item is used
    {"game": "dragonquest", "agents": "heuristic", "seed": 2, "decks": ["beasts", "heroes"]},
    {
        "game": "dragonquest",
        "agents": "heuristic",
        "seed": 3,
        "options": {"deck_out": "empty_loses", "draw_minimum": 0, "status_tick": "turn_player", "turn_limit": 200},
    },
    {"game": "dragonquest", "agents": ["random", "heuristic"], "seed": 8, "options": DQ_LIMIT, "lang": "ja"},
    {
        "game": "dragonquest",
        "agents": "heuristic",
        "seed": 0,
        "options": {"turn_limit": 30},
        "position": {
            # lesson 03: the Silver Duelist attacks the Mossback Tortoise, which counterattacks (DQ-7.3-7.9)
            "name": "duelist",
            "spec": {
                "turn_player": 0,
                "node": "combat.action",
                "players": [
                    {"front": ["H13", "H02"], "deck": {"fill": "heroes"}},
                    {"front": ["M10"], "deck": {"fill": "beasts"}},
                ],
            },
            "script": ["attack {p0.H13}", "block {p1.M10}", "counter", "continue", "attack {p0.H02}"],
        },
    },
    {
        "game": "dragonquest",
        "agents": "random",
        "seed": 0,
        "options": {"turn_limit": 30},
        "position": {
            # DQ-5.5 (formation_repair=immediate): poison defeats two of P2's front cards at the end of P1's turn;
            # P2 repairs the formation during P1's turn, before the other poison ticks
            "name": "poison_repair",
            "spec": {
                "turn_player": 0,
                "node": "battle",
                "players": [
                    {"front": ["M09", {"card": "M05", "poisoned": True}], "deck": {"fill": "beasts"}},
                    {
                        "front": [
                            {"card": "M01", "poisoned": True, "damage": 1},
                            {"card": "M02", "poisoned": True},
                            "M09",
                        ],
                        "back": [{"card": "M05", "poisoned": True}, "M09"],
                        "deck": {"fill": "beasts"},
                    },
                ],
            },
            "script": ["skip"],
        },
    },
]


# -- names -----------------------------------------------------------------------------------------------------
def _agents(spec: Mapping[str, Any], players: int) -> list[str]:
    a = spec["agents"]
    return [a] * players if isinstance(a, str) else list(a)


def _word(value: Any) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def name_of(spec: Mapping[str, Any]) -> str:
    """The file name (without .txt) of a playthrough, derived from its spec."""
    a = spec["agents"]
    parts = [spec["game"], a if isinstance(a, str) else "+".join(a), f"seed{spec['seed']}"]
    if spec.get("players"):
        parts.append(f"{spec['players']}p")
    if spec.get("decks"):
        parts.append("+".join(spec["decks"]))
    if spec.get("position"):
        parts.append(f"position-{spec['position']['name']}")
    parts += [f"{k}={_word(v)}" for k, v in sorted((spec.get("options") or {}).items())]
    if spec.get("lang", "en") != "en":
        parts.append(spec["lang"])
    return "-".join(parts)


def _gamecases() -> Any:
    """tests/gamecases.py, loaded from its path (the registered games and where each keeps its goldens)."""
    global _GC
    if _GC is None:
        loader = importlib.util.spec_from_file_location("_playthrough_gamecases", TESTS / "gamecases.py")
        assert loader is not None and loader.loader is not None
        _GC = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(_GC)
    return _GC


_GC: Any = None


def all_specs() -> list[dict[str, Any]]:
    """Every declared playthrough: ``SPECS`` (the built-in games), then each plugin's ``playthroughs/specs.json``."""
    gc = _gamecases()
    return SPECS + [s for game in gc.plugin_games() for s in gc.golden_specs(game)]


def names() -> list[str]:
    out = [name_of(s) for s in all_specs()]
    dupes = sorted({n for n in out if out.count(n) > 1})
    if dupes:
        raise ValueError(f"two playthroughs have the same name: {dupes}")
    return out


def spec_named(name: str) -> dict[str, Any]:
    name = name.removesuffix(".txt")
    for s in all_specs():
        if name_of(s) == name:
            return s
    raise KeyError(f"no playthrough named {name!r}; they are: {', '.join(names())}")


def game_of(name: str) -> str:
    """The game a playthrough name starts with (``darkmoon-random-seed1`` -> darkmoon)."""
    for game in _gamecases().registered_games():
        if name.startswith(game + "-"):
            return str(game)
    raise KeyError(f"{name!r} names no registered game")


def path_of(name: str) -> Path:
    path: Path = _gamecases().golden_dir(game_of(name)) / f"{name}.txt"
    return path


def shown_path(name: str) -> str:
    """The file's path as written in messages (relative to the repository when it is inside it)."""
    path = path_of(name)
    try:
        return str(path.relative_to(TESTS.parent))
    except ValueError:
        return str(path)


# -- deterministic text of values ------------------------------------------------------------------------------
class UnstableValueError(TypeError):
    """A value whose text would depend on the process (an object's address, an unordered set)."""


def fmt(value: Any) -> str:
    """Exact, stable text of an event's data: dict keys sorted, tuples and lists kept apart; an unordered
    set or an object without a stable repr is refused (the playthrough must not depend on the process)."""
    if isinstance(value, dict):
        items = sorted(((fmt(k), fmt(v)) for k, v in value.items()))
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(fmt(v) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(fmt(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, (set, frozenset)):
        raise UnstableValueError(f"an unordered {type(value).__name__} in event data: {value!r}")
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    text = repr(value)
    if re.search(r" at 0x[0-9a-f]+", text):
        raise UnstableValueError(f"a value without a stable text in event data: {text}")
    return text


def _p(player: Any) -> str:
    return "-" if player is None else f"P{player + 1}" if isinstance(player, int) else repr(player)


# -- building the starting state -------------------------------------------------------------------------------
_DMP: Any = None


def dm_positions() -> Any:
    """tests/dm_positions.py, loaded from its path (so this works as a script and under pytest alike)."""
    global _DMP
    if _DMP is None:
        loader = importlib.util.spec_from_file_location("_playthrough_dm_positions", TESTS / "dm_positions.py")
        assert loader is not None and loader.loader is not None
        _DMP = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(_DMP)
    return _DMP


def _dm_deck(deck: Any) -> Any:
    if isinstance(deck, str) and deck.startswith("dm_positions."):
        return getattr(dm_positions(), deck.split(".", 1)[1])
    return deck


def start(spec: Mapping[str, Any]) -> Any:
    """The state the playthrough starts from (set-up done, position built)."""
    game = tcgteach.game(spec["game"], spec.get("options"))
    pos = spec.get("position")
    if pos is None:
        return game.new_state(seed=spec["seed"], decks=spec.get("decks"), players=spec.get("players"))
    if spec["game"] == "dragonquest":
        return cast(DragonQuest, game).position(pos["spec"], seed=spec["seed"])
    P = dm_positions()
    s = P.new(
        [_dm_deck(d) for d in pos["decks"]],
        seed=spec["seed"],
        first_player=pos.get("first_player"),
        options=spec.get("options"),
    )
    for a in pos.get("arrange", ()):
        unknown = set(a) - {"player", "field", "units", "hand", "top"}
        if unknown:
            raise ValueError(f"unknown arrange keys {sorted(unknown)}")
        p = a["player"]
        groups = [a.get("field", [])] + list(a.get("units", [])) + [a.get("hand") or [], a.get("top", [])]
        got = P.groups(s, p, *groups)  # distinct instances of p's cards, in the order named
        field, units, hand, top = got[0], got[1:-2], got[-2], got[-1]
        P.arrange(s, p, field=field, units=units, hand=hand if "hand" in a else None, top=top)
    return s


def _resolve(state: Any, text: str) -> str:
    """A scripted action with ``{p<player>.<card id>[.<n>]}`` replaced by that card's instance number."""

    def card(m: re.Match[str]) -> str:
        player, cid, n = int(m.group(1)), m.group(2), int(m.group(3) or 1)
        deck: list[int] = []
        found: list[int] = []
        for owner, zone, cards in state.all_zones():
            if owner != player:
                continue
            if zone == "deck":
                deck = list(reversed(cards))  # the top first
            else:
                found += [c for c in cards if state.card(c).id == cid]
        found += [c for c in deck if state.card(c).id == cid]
        if len(found) < n:
            raise ValueError(f"script {text!r}: P{player + 1} has no card {cid} number {n}")
        return str(found[n - 1])

    return re.sub(r"\{p(\d)\.([A-Z]\d\d)(?:\.(\d+))?\}", card, text)


# -- the playthrough -------------------------------------------------------------------------------------------
def _header(spec: Mapping[str, Any], state: Any, agents: Sequence[str], lang: str) -> Iterator[str]:
    game = state.game
    yield f"{HEAD} {name_of(spec)}"
    yield f"# generated by {COMMAND}; do not edit (tests/test_playthroughs.py compares it with the engine)"
    yield f"game: {game.name} ({game.title['en']})"
    yield "options:"
    for k, v in dict(game.options).items():
        yield f"  {k} = {v!r}"
    yield f"seed: {spec['seed']}"
    yield f"players: {state.num_players}"
    pos = spec.get("position") or {}
    given = spec.get("decks") or pos.get("decks")
    for p, cards in enumerate(state.setup["decks"]):
        label = given[p] if given else "(position)" if "spec" in pos else "(default)"
        yield f"deck P{p + 1}: {label} [{len(cards)}] {' '.join(cards)}"
    yield "agents: " + ", ".join(f"P{i + 1} {a} (seed {spec['seed'] * 1000 + i})" for i, a in enumerate(agents))
    yield f"lang: {lang}"
    if not pos:
        yield "position: none"
    else:
        yield f"position: {pos['name']}"
        if "spec" in pos:
            yield f"  spec: {fmt(pos['spec'])}"
        else:
            yield "  built with tests/dm_positions.py after set-up (the set-up events show the deal before the move)"
            for a in pos.get("arrange", ()):
                yield f"  arrange: {fmt(a)}"
        for text in pos.get("script", ()):
            yield f"  script: {text}"
        for owner, zone, cards in state.all_zones():
            if cards and zone != "deck":
                yield f"  P{owner + 1} {zone}: {' '.join(map(str, cards))}"
    yield f"start: node {state.node}, player {_p(state.current_player)}, turn {getattr(state, 'turn', None)}"


def _events(game: Any, state: Any, events: Sequence[Any], lang: str) -> Iterator[str]:
    for e in events:
        secret = f" secret={_p(e.secret)}" if e.secret is not None else ""
        yield f"    [{e.rule}] {e.kind} {_p(e.player)}{secret} {fmt(e.data)}"
        yield f"        {game.describe_event(e, state, lang)}"


def render(spec: Mapping[str, Any]) -> str:
    """The text of one playthrough (played now, from its spec)."""
    lang = spec.get("lang", "en")
    state = start(spec)
    game = state.game
    agent_names = _agents(spec, state.num_players)
    if len(agent_names) != state.num_players:
        raise ValueError(f"{name_of(spec)}: {len(agent_names)} agents for {state.num_players} players")
    agents = [make_agent(a, spec["seed"] * 1000 + i) for i, a in enumerate(agent_names)]
    script = list((spec.get("position") or {}).get("script", ()))
    lines = list(_header(spec, state, agent_names, lang))
    lines += ["", "setup events:"]
    lines += list(_events(game, state, state.events, lang)) or ["    (none)"]
    step = 0
    while not state.is_terminal():
        if step >= MAX_STEPS:
            lines += ["", f"... truncated at step {step} (MAX_STEPS)"]
            break
        step += 1
        p = state.current_player
        legal = state.legal_actions()
        lines += [
            "",
            f"step {step}: node {state.node}, {_p(p)} to act, turn {getattr(state, 'turn', None)}",
            f"  legal ({len(legal)}):",
        ]
        width = max(len(str(a)) for a in legal)
        lines += [f"    {str(a):<{width}}  {game.describe_action(a, state, lang)}" for a in legal]
        if step <= len(script):
            action, by = game.parse_action(_resolve(state, script[step - 1])), "script"
        else:
            action, by = agents[p].act(state.view(p)), agent_names[p]
        lines.append(f"  action: {action} ({by}): {game.describe_action(action, state, lang)}")
        events = state.apply(action)
        lines.append(f"  events ({len(events)}):")
        lines += list(_events(game, state, events, lang))
    if step < len(script):
        raise ValueError(f"{name_of(spec)}: the game ended before its script did")
    lines += ["", f"end: {step} steps, node {state.node}, turn {getattr(state, 'turn', None)}"]
    outcome = state.result() if state.is_terminal() else None
    if outcome is None:
        lines.append("result: none (not finished)")
    else:
        lines.append(f"result: {outcome_text(outcome, lang)}")
        lines.append(f"outcome: {fmt(outcome.to_dict())}")
    lines.append("zones:")
    for owner, zone, cards in state.all_zones():
        if cards:
            lines.append(f"  P{owner + 1} {zone}: {' '.join(map(str, cards))}")
    return "\n".join(lines) + "\n"


# -- files -----------------------------------------------------------------------------------------------------
def on_disk() -> list[str]:
    """Every golden file in the registered games' ``playthroughs/`` folders."""
    gc = _gamecases()
    return sorted(p.stem for game in gc.registered_games() for p in gc.golden_dir(game).glob("*.txt"))


def read(name: str) -> str | None:
    path = path_of(name)
    return path.read_text(encoding="utf-8") if path.exists() else None


def diff(name: str, old: str | None, new: str, limit: int | None = None) -> str:
    """A unified diff of the file on disk (``old``) against the engine's playthrough now (``new``)."""
    lines = list(
        difflib.unified_diff(
            (old or "").splitlines(keepends=True),
            new.splitlines(keepends=True),
            f"{shown_path(name)} (on disk)",
            f"{shown_path(name)} (the engine now)",
            n=3,
        )
    )
    if limit is not None and len(lines) > limit:
        lines = lines[:limit] + [f"... ({len(lines) - limit} more diff lines)\n"]
    return "".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 with a diff if any file is stale")
    ap.add_argument("names", nargs="*", help="only these playthroughs (default: all)")
    args = ap.parse_args(argv)
    declared = names()
    try:
        chosen = [spec_named(n) for n in args.names] if args.names else all_specs()
    except KeyError as exc:
        ap.error(str(exc.args[0]))
    stray = [] if args.names else sorted(set(on_disk()) - set(declared))
    stale: list[str] = []
    shown = False
    for spec in chosen:
        name = name_of(spec)
        new = render(spec)
        old = read(name)
        if old == new:
            continue
        stale.append(name)
        if args.check:
            if not shown:
                print(diff(name, old, new, limit=200), end="")
                shown = True
        else:
            path_of(name).parent.mkdir(exist_ok=True)
            path_of(name).write_text(new, encoding="utf-8", newline="\n")
            print(f"{'wrote' if old is None else 'updated'} {shown_path(name)}")
    for name in stray:
        if args.check or not (read(name) or "").startswith(HEAD):
            print(f"stray file (not declared in SPECS): {shown_path(name)}")
        else:  # a playthrough whose spec was removed or renamed
            path_of(name).unlink()
            print(f"removed {shown_path(name)} (not declared in SPECS)")
    if args.check:
        if stale or stray:
            print(
                f"{len(stale)} stale or missing playthrough(s): {', '.join(stale) or '-'}; "
                f"{len(stray)} stray; regenerate with: {COMMAND}"
            )
            return 1
        print(f"{len(chosen)} playthroughs up to date")
    elif not stale and not stray:
        print(f"{len(chosen)} playthroughs already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
