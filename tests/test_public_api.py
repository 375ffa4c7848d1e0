"""Every public call, both builds: a test generated from the public API.

It walks every public function and method of ``tcgteach``, its games (the ``Game`` objects, their states and the
game packages' exports), ``sim``, ``agents``, ``viz``, ``quiz``, ``explorer``, ``glossary``, ``session``,
``widgets``, ``texts``, ``record`` and ``lookup`` (public: in ``__all__``, else defined in the module and not
underscored; found with ``inspect``, so a new public function is covered without touching this file), and calls
each with a wrong-typed or out-of-range value in one parameter at a time (``BAD``), the other parameters holding a
good value from ``GOOD`` (by name).
Every call must give a library error (``TcgError``) or an answer; a call that refuses leaves the object it was
called on as it was. This runs in ``bash run.sh test`` on the pure and on the compiled build (mypyc checks the
declared type at every call of a compiled function, so a public boundary takes ``Any`` and checks inside).

A public call without a good value for one of its parameters fails the test: add the value to ``GOOD`` (or,
for a call that legitimately takes any object or only does I/O, to ``EXCLUDED`` with the reason).
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import tcgteach
from tcgteach.core.errors import TcgError

#: the wrong values tried in every parameter: (label, value)
BAD: tuple[tuple[str, Any], ...] = (
    ("None", None),
    ("float", 0.5),
    ("str", "x"),
    ("huge int", 10**30),
    ("negative int", -7),
    ("list", [1]),
    ("object()", object()),
    ("surrogate", "\ud800"),
)

#: the modules walked (a package's ``__all__`` is its public face: the game packages export their ``Game``)
MODULES = (
    "tcgteach",
    "tcgteach.darkmoon",
    "tcgteach.dragonquest",
    "tcgteach.sim",
    "tcgteach.agents",
    "tcgteach.viz",
    "tcgteach.quiz",
    "tcgteach.explorer",
    "tcgteach.glossary",
    "tcgteach.session",
    "tcgteach.widgets",
    "tcgteach.texts",
    "tcgteach.record",
    "tcgteach.lookup",
    "tcgteach.review",
    "tcgteach.deckbuild",
    "tcgteach.design",
    "tcgteach.puzzles",
)

#: calls left out, and why: each takes any object by design, only does I/O, or is the engine's own fast path
EXCLUDED = {
    # the process-wide registry of games: any Game subclass may be registered (a non-Game is a TcgError, see
    # tests/test_third_game.py); registering or removing one here would change what the rest of the suite sees
    "tcgteach.register_game": "changes the process-wide game registry",
    "tcgteach.unregister_game": "changes the process-wide game registry (an unknown name is ignored by design)",
    # I/O: worker processes, files and graphviz, the browser
    "tcgteach.sim.process_pool": "starts worker processes",
    "tcgteach.viz.write_diagrams": "writes a folder of files and runs graphviz",
    "Stepper.offer_download": "sends a file to the browser (no arguments)",
    "Classroom.offer_download": "sends a file to the browser (no arguments)",
    # the unchecked fast path for search (CONVENTIONS: "a fast apply_unchecked may exist for search"): it takes
    # an action from legal_actions() by contract; the checked call is State.apply
    "State.apply_unchecked": "the unchecked fast path (apply is the checked call)",
}
#: the contract of every game's state is core.state.State's public methods (walked); the accessors a game's state
#: adds (DarkMoonState.hand, DragonQuestState.attack_of ...) are the engine's typed, compiled helpers that every step
#: of play calls with native ints: their checked public form is State.zone(player, name) and State.view(player)
STATE_CONTRACT = "tcgteach.core.state.State"


# -- sample objects and good values -------------------------------------------------------------------


class Samples:
    """Fresh sample objects for one game (made again after a call that changed them)."""

    def __init__(self, name: str, tmp: Path) -> None:
        self.name = name
        self.tmp = tmp
        self.game = tcgteach.game(name)
        self.rule = "DM-4.4" if name == "darkmoon" else "DQ-7.8"

    def state(self) -> Any:
        return self.game.new_state(seed=3)

    def played(self) -> tuple[Any, Any]:
        """A state after one action, and the first event of that action."""
        s = self.state()
        events = s.apply(s.legal_actions()[0])
        return s, events[0]

    def question(self) -> Any:
        from tcgteach import quiz

        return quiz.make_question(self.game, quiz.kinds(self.game)[0], seed=1)

    def example(self) -> Any:
        from tcgteach import explorer

        return explorer.examples(self.game, self.rule)[0]


_RECORDS: list[dict[str, Any]] = []


def _records() -> list[dict[str, Any]]:
    if not _RECORDS:
        from tcgteach.sim import simulate

        _RECORDS.extend(simulate("darkmoon", n=2, jobs=1, progress=False))
    return [dict(r) for r in _RECORDS]


_BATTERIES: dict[str, Any] = {}


def _traced(name: str) -> list[dict[str, Any]]:
    from tcgteach.sim import simulate

    return simulate(name, n=4, jobs=1, progress=False, agents="heuristic", trace=True)


def _battery(name: str) -> Any:
    """A battery of four games (tcgteach.design.run), made once per game."""
    if name not in _BATTERIES:
        from tcgteach import design

        _BATTERIES[name] = design.run(name, 4, jobs=1, progress=False, kingmaking=0)
    return _BATTERIES[name]


def _finished(smp: Samples) -> Any:
    """A state of the game played to its end (random play, seed 1)."""
    from tcgteach.agents import RandomAgent

    s, agent = smp.state(), RandomAgent(1)
    while not s.is_terminal():
        s.apply(agent.act(s.view(s.current_player)))
    return s


def _record_text(smp: Samples) -> str:
    """The record of a game a few moves in (tcgteach.record)."""
    from tcgteach.record import record_text

    return record_text(smp.played()[0])


def _card_file(game: str) -> Path:
    """A card file of the game (the package's own)."""
    return Path(tcgteach.__file__).parent / game / "data" / "cards.json"


def _puzzle_file(game: str) -> Path:
    """The game's sample puzzle set of the tests (tests/puzzle_samples)."""
    return Path(__file__).resolve().parent / "puzzle_samples" / f"{game}.json"


_SPEC = {
    "turn_player": 0,
    "node": "prep",
    "players": [{"front": ["H01"], "deck": {"fill": "heroes"}}, {"front": ["M01"], "deck": {"fill": "beasts"}}],
}


def good_values(smp: Samples) -> dict[str, Callable[[], Any]]:
    """Parameter name (or ``call.parameter`` for a call whose parameter means something else) -> a maker of a good
    value for it (a fresh object each time)."""
    import random as _random

    from tcgteach.sim import to_csv

    g = smp.game
    state0 = smp.state()
    action = state0.legal_actions()[0]
    after, event = smp.played()
    records = _records()
    csv_path = smp.tmp / "records.csv"
    if not csv_path.exists():
        to_csv(records, csv_path)
    return {
        "name": lambda: smp.name,
        "game": lambda: smp.name,
        "lang": lambda: "en",
        "state": smp.state,
        "position": smp.state,
        "truth": smp.state,
        "after": smp.state,
        "target": smp.state,
        "view": lambda: smp.state().view(0),
        "action": lambda: action,
        "text": lambda: str(action),
        "find_inconsistencies.text": lambda: "a deck of cards",
        "event": lambda: event,
        "outcome": lambda: _finished(smp).result(),
        "record": lambda: __import__("tcgteach.record", fromlist=["x"]).parse_record(_record_text(smp)),
        "parse_record.text": lambda: _record_text(smp),
        "ascii_int.text": lambda: "12",
        "check_game.value": lambda: smp.name,
        "Review.source": lambda: smp.played()[0],
        "Timeline.state": lambda: smp.played()[0],
        "load_game.source": lambda: smp.played()[0],
        "mark": lambda: "turn",
        "source": lambda: "cards.json",
        "events": lambda: [event],
        "rule_id": lambda: smp.rule,
        "rule": lambda: smp.rule,
        "options_a": lambda: {},
        "options_b": lambda: {},
        "options": lambda: {},
        "seed": lambda: 1,
        "deck": lambda: g.starter_decks()[0],
        "cards": lambda: list(g.starter_deck(g.starter_decks()[0]).cards),
        "load_pool.cards": lambda: str(_card_file(smp.name)),
        "parse_cards.data": lambda: __import__("json").loads(_card_file(smp.name).read_text(encoding="utf-8")),
        "file": lambda: "cards.json",
        "data": lambda: state0.to_dict(),
        "spec": lambda: __import__("copy").deepcopy(_SPEC),
        "card": lambda: 0,
        "actor": lambda: 0,
        "records": lambda: records,
        "records_a": lambda: records,
        "records_b": lambda: records,
        "path": lambda: str(csv_path),
        "table": lambda: {"a": {"text": "b"}},
        "successes": lambda: 3,
        "trials": lambda: 10,
        "seat": lambda: 0,
        "values": lambda: [1.0, 2.0],
        "key": lambda: "deck",
        "kind": lambda: __import__("tcgteach.quiz", fromlist=["kinds"]).kinds(g)[0],
        "question": smp.question,
        "choice": lambda: 0,
        "info": lambda: __import__("tcgteach.explorer", fromlist=["where"]).where(g, smp.rule),
        "lesson": lambda: "00_first_look",
        "example": smp.example,
        "index": lambda: 0,
        "on": lambda: True,
        "actions": lambda: [str(action)],
        "flow": lambda: g.turn_flow,
        "scope": lambda: "tcg-test",
        "current": lambda: None,
        "node": lambda: state0.node,
        "rng": lambda: _random.Random(1),
        "answers": lambda: [1, 2, 3],
        "right": lambda: 3,
        "question.right": lambda: "yes",
        "prompt": lambda: "Which?",
        "choices": lambda: ["yes", "no"],
        "rules": lambda: [smp.rule],
        "explanation": lambda: "Because.",
        "perspective": lambda: None,
        "player": lambda: 0,
        "zone.name": lambda: "hand",
        "agents": lambda: [None, None],
        "play_game.agents": lambda: ["random", "random"],
        "play_game.game": lambda: smp.game,
        # simulations: two games in this process, no progress bar
        "simulate.n": lambda: 2,
        "simulate.jobs": lambda: 1,
        "simulate.progress": lambda: False,
        "compare.n": lambda: 2,
        "compare.**": lambda: {"jobs": 1, "progress": False},
        "Quiz.questions": lambda: 2,
        "SelfCheck.questions": lambda: 2,
        "CoachAgent.time_budget": lambda: None,
        "CoachAgent.iterations": lambda: 8,
        "Classroom.coach_seconds": lambda: 0.05,
        "Classroom.pause": lambda: 0,
        # the deck builder: a count, a violation of the sample deck, games against the starters
        "set.n": lambda: 2,
        "problem_text.v": lambda: g.validate_deck(list(g.starter_deck(g.starter_decks()[0]).cards)[:-1])[0],
        "play_against_starters.deck": lambda: __import__("tcgteach.deckbuild", fromlist=["x"]).DeckDraft(
            "darkmoon", "tempo"
        ),
        "play_against_starters.games": lambda: 2,
        "test.games": lambda: 2,
        "save.path": lambda: str(smp.tmp / "sweep.deck.json"),
        # the design lab: a few games in this process, batteries of those games
        "run.n": lambda: 4,
        "run.jobs": lambda: 1,
        "run.progress": lambda: False,
        "run.kingmaking": lambda: 0,
        "measure.records": lambda: _traced(smp.name),
        "option_effects.n": lambda: 2,
        "option_effects.**": lambda: {"jobs": 1, "progress": False},
        "card_impact.n": lambda: 2,
        "card_impact.cards": lambda: [g.starter_deck(g.starter_decks()[0]).cards[0]],
        "card_impact.jobs": lambda: 1,
        "skill_trace.budgets": lambda: (1, 2),
        "skill_trace.games": lambda: 2,
        "skill_trace.jobs": lambda: 1,
        "kingmaking_rate.seeds": lambda: [1],
        "kingmaking_rate.players": lambda: 3,
        "kingmaking_rate.jobs": lambda: 1,
        "kingmaking_rate.game": lambda: tcgteach.game("darkmoon"),
        "a": lambda: _battery(smp.name),
        "b": lambda: _battery(smp.name),
        "battery": lambda: _battery(smp.name),
        "parts": lambda: [_battery(smp.name)],
        "report.path": lambda: str(smp.tmp / "sweep-report.html"),
        "alpha": lambda: 0.05,
        "measure": lambda: "draw",
        "title": lambda: "A report",
        "label": lambda: "my variant",
        "seed_start": lambda: 0,
        "DesignLab.n": lambda: 4,
        "DesignLab.folder": lambda: str(smp.tmp / "reports"),
        "DesignLab.save.path": lambda: str(smp.tmp / "lab.html"),
        # puzzles: the first shipped puzzle of the game, its answer, the shipped file
        "puzzle": lambda: _puzzle(smp),
        "check.action": lambda: _puzzle(smp).solution[0],
        "puzzle_id": lambda: _puzzle(smp).id,
        "load_puzzles.source": lambda: str(Path(tcgteach.__file__).parent / "data" / "puzzles" / f"{smp.name}.json"),
        # the puzzle pane: the game's small sample set of the tests (the shipped sets may be mined again)
        "PuzzlePane.puzzles": lambda: str(_puzzle_file(smp.name)),
    }


def _puzzle(smp: Samples) -> Any:
    from tcgteach.puzzles import builtin

    return builtin(smp.name)[0]


#: class name -> a maker of a sample instance, for the methods of the walked classes
INSTANCES: dict[str, Callable[[Samples], Any]] = {
    "Comparison": lambda smp: __import__("tcgteach.sim", fromlist=["Comparison"]).Comparison(
        "darkmoon", {}, {}, _records(), _records()
    ),
    "Agent": lambda smp: _agents().RandomAgent(1),
    "RandomAgent": lambda smp: _agents().RandomAgent(1),
    "HeuristicAgent": lambda smp: _agents().HeuristicAgent(1),
    "CoachAgent": lambda smp: _agents().CoachAgent(1, time_budget=None, iterations=8),
    "FlowDiagram": lambda smp: __import__("tcgteach.viz", fromlist=["FlowDiagram"]).FlowDiagram(
        smp.game.turn_flow, "en", smp.name
    ),
    "Question": lambda smp: smp.question(),
    "Score": lambda smp: __import__("tcgteach.quiz", fromlist=["Score"]).Score(),
    "Lesson": lambda smp: __import__("tcgteach.explorer", fromlist=["lessons"]).lessons()[0],
    "Example": lambda smp: smp.example(),
    "RuleInfo": lambda smp: __import__("tcgteach.explorer", fromlist=["where"]).where(smp.game, smp.rule),
    "Term": lambda smp: __import__("tcgteach.glossary", fromlist=["terms"]).terms()[0],
    "Session": lambda smp: __import__("tcgteach.session", fromlist=["Session"]).Session(
        smp.state(), [_agents().RandomAgent(1), _agents().RandomAgent(2)]
    ),
    "Stepper": lambda smp: _widgets().Stepper(smp.name, seed=1),
    "Classroom": lambda smp: _widgets().Classroom(smp.name, seed=1, coach_seconds=0.05, pause=0),
    "Quiz": lambda smp: _widgets().Quiz(smp.name, questions=2, seed=1),
    "SelfCheck": lambda smp: _widgets().SelfCheck("00_first_look", questions=2, seed=1),
    "RuleExplorer": lambda smp: _widgets().RuleExplorer(smp.name),
    "Review": lambda smp: __import__("tcgteach.review", fromlist=["Review"]).Review(smp.played()[0], rollouts=2),
    "tcgteach.widgets.Review": lambda smp: _widgets().Review(smp.played()[0], rollouts=2),
    "Chance": lambda smp: __import__("tcgteach.review.chances", fromlist=["x"]).estimate(smp.played()[0], 2, 1),
    "Timeline": lambda smp: __import__("tcgteach.review", fromlist=["Timeline"]).Timeline(smp.played()[0]),
    "DeckDraft": lambda smp: __import__("tcgteach.deckbuild", fromlist=["x"]).DeckDraft("darkmoon", "tempo"),
    "DeckBuilder": lambda smp: _widgets().DeckBuilder("darkmoon", deck="tempo", folder="decks"),
    "DesignLab": lambda smp: _widgets().DesignLab(smp.name, n=4, folder="reports"),
    "PuzzlePane": lambda smp: _widgets().PuzzlePane(str(_puzzle_file(smp.name))),
    "Estimate": lambda smp: __import__("tcgteach.design", fromlist=["x"]).Estimate(0.5, 0.4, 0.6, 10),
    "Difference": lambda smp: (
        __import__("tcgteach.design", fromlist=["x"]).compare(_battery(smp.name), _battery(smp.name)).rows[0]
    ),
    "OptionEffects": lambda smp: __import__("tcgteach.design", fromlist=["x"]).option_effects(
        smp.name, 2, jobs=1, progress=False, kingmaking=0
    ),
    "CardImpact": lambda smp: __import__("tcgteach.design", fromlist=["x"]).card_impact(
        smp.name, n=2, cards=[smp.game.starter_deck(smp.game.starter_decks()[0]).cards[0]], jobs=1
    ),
    "SkillTrace": lambda smp: __import__("tcgteach.design", fromlist=["x"]).skill_trace(smp.name, (1, 2), 2, jobs=1),
    "Battery": lambda smp: _battery(smp.name),
    "DesignComparison": lambda smp: __import__("tcgteach.design", fromlist=["x"]).compare(
        _battery(smp.name), _battery(smp.name)
    ),
    "RuleMap": lambda smp: __import__("tcgteach.design", fromlist=["x"]).rule_map(_battery(smp.name)),
    "PuzzleSet": lambda smp: __import__("tcgteach.puzzles", fromlist=["x"]).builtin(smp.name),
    "Puzzle": _puzzle,
    "Goal": lambda smp: _puzzle(smp).goal,
    "Proof": lambda smp: __import__("tcgteach.puzzles", fromlist=["x"]).solve(_puzzle(smp)),
}


def _agents() -> Any:
    import tcgteach.agents

    return tcgteach.agents


def _widgets() -> Any:
    import tcgteach.widgets

    return tcgteach.widgets


# -- walking the API ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Target:
    """One public call: ``qual`` names it; ``make`` returns (the callable, the object it changes or None)."""

    qual: str
    game: str
    make: Callable[[Samples], tuple[Callable[..., Any], Any]]


def _public_names(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n, v in vars(module).items() if getattr(v, "__module__", None) == module.__name__]
    return [n for n in names if not n.startswith("_")]


def _own_methods(cls: type, top: type | None = None) -> list[str]:
    """Public methods that tcgteach defines on ``cls`` (not those inherited from ipywidgets, str ...; with ``top``,
    only those ``top`` declares)."""
    out = []
    for name in sorted(dir(cls)):
        if name.startswith("_"):
            continue
        owner = next((k for k in cls.__mro__ if name in vars(k)), None)
        if owner is None or not owner.__module__.startswith("tcgteach"):
            continue
        if top is not None and name not in vars(top):
            continue
        raw = vars(owner)[name]
        if isinstance(raw, property) or not callable(getattr(cls, name)):
            continue
        out.append(name)
    return out


def _bound(obj: Any, name: str) -> tuple[Callable[..., Any], Any]:
    return getattr(obj, name), obj


def _method_target(qual: str, game: str, maker: Callable[[Samples], Any], name: str) -> Target:
    return Target(qual, game, lambda smp: _bound(maker(smp), name))


def targets() -> list[Target]:
    import importlib

    found: list[Target] = []
    for game in tcgteach.BUILTIN_GAMES:
        found += _game_targets(game)
    seen: set[int] = {id(type(tcgteach.game(n))) for n in tcgteach.BUILTIN_GAMES}
    for modname in MODULES:
        module = importlib.import_module(modname)
        for name in _public_names(module):
            obj = getattr(module, name)
            qual = f"{modname}.{name}"
            if id(obj) in seen or qual in EXCLUDED:
                continue
            seen.add(id(obj))
            if inspect.isclass(obj):
                found += _class_targets(qual, name, obj)
            elif callable(obj):
                games = ("darkmoon", "dragonquest") if _takes_game(obj) else ("darkmoon",)
                for game in games:
                    found.append(Target(qual, game, _calling(obj)))
    return found


def _game_targets(game: str) -> list[Target]:
    """The game object's public methods, and its state's methods of the State contract."""
    from tcgteach.core.state import State

    found = []
    g = tcgteach.game(game)  # the game object: every public method
    for name in _own_methods(type(g)):
        found.append(_method_target(f"{type(g).__name__}.{name}", game, lambda smp: smp.game, name))
    s = g.new_state(seed=3)  # its state: the methods of the State contract
    for name in _own_methods(type(s), State):
        if f"State.{name}" not in EXCLUDED:
            found.append(_method_target(f"{type(s).__name__}.{name}", game, Samples.state, name))
    return found


def _class_targets(qual: str, name: str, obj: type) -> list[Target]:
    """A public class: making one (unless it is a value record or a Protocol) and its public methods."""
    found: list[Target] = []
    if issubclass(obj, BaseException) or issubclass(obj, str):
        return found  # an error takes any message; a str subclass (an HTML fragment) any text
    # a dataclass is a value record (it keeps what it is given); a Protocol is no class to make
    if not dataclasses.is_dataclass(obj) and not getattr(obj, "_is_protocol", False):
        found.append(Target(f"{qual}()", "darkmoon", _calling(obj)))
    key = qual if qual in INSTANCES else name  # a qualified key where two modules export one name (Review)
    for m in _own_methods(obj):
        if f"{key}.{m}" in EXCLUDED:
            continue
        maker = INSTANCES.get(key)
        if maker is None:
            found.append(Target(f"{key}.{m}", "darkmoon", _refusing(key)))
            continue
        for game in tcgteach.BUILTIN_GAMES:
            found.append(_method_target(f"{key}.{m}", game, maker, m))
    return found


def _takes_game(fn: Any) -> bool:
    try:
        return "game" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def _calling(fn: Callable[..., Any]) -> Callable[[Samples], tuple[Callable[..., Any], Any]]:
    """A target's ``make`` for a plain callable (a function, a class to make): it changes no object."""
    return lambda smp: (fn, None)


def _refusing(name: str) -> Callable[[Samples], tuple[Callable[..., Any], Any]]:
    """A target's ``make`` for a method of a class with no sample instance: the test fails, naming it."""
    return lambda smp: _no_instance(name)


def _no_instance(name: str) -> tuple[Callable[..., Any], Any]:
    raise AssertionError(f"no sample instance of {name}: add one to INSTANCES")


def _snapshot(obj: Any) -> Any:
    if obj is None:
        return None
    state = getattr(obj, "state", obj)
    to_dict = getattr(state, "to_dict", None)
    return to_dict() if callable(to_dict) else None


#: a call that has not answered in this time is taken for a hang. Generous: a bad value may be a legal one that
#: does the whole work (``card_impact(cards=None)`` measures every card of the deck), and CI's machine may be
#: loaded (one such call took over 10 s in a CI run at five times the usual load).
HANG_SECONDS = 60


@contextlib.contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    """A call that does not return within ``seconds`` is a hang (raised as TimeoutError, reported)."""

    def fire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:
        text = "<a huge int>"
    return text if len(text) <= 60 else text[:57] + "..."


def _good(good: dict[str, Callable[[], Any]], fn: Any, param: str) -> Callable[[], Any] | None:
    return good.get(f"{getattr(fn, '__name__', '')}.{param}") or good.get(param)


_SAMPLES: dict[tuple[str, Path], tuple[Samples, dict[str, Callable[[], Any]]]] = {}


def run_target(target: Target, tmp: Path) -> tuple[int, list[str]]:
    """Call ``target`` with each bad value in each parameter; (calls made, failures)."""
    key = (target.game, tmp)
    if key not in _SAMPLES:  # one set of samples per game: each maker gives a fresh object
        smp = Samples(target.game, tmp)
        _SAMPLES[key] = (smp, good_values(smp))
    samples, good = _SAMPLES[key]
    fn, obj = target.make(samples)
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError) as exc:
        return 0, [f"{target.qual}: no signature ({exc})"]
    params = [
        p for p in sig.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "self"
    ]
    name = getattr(fn, "__name__", "")
    # the required parameters, and the optional ones this call needs set (simulate: two games in this process)
    required = [p for p in params if p.default is p.empty or f"{name}.{p.name}" in good]
    takes_more = any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
    extra = good.get(f"{name}.**", dict)() if takes_more else {}
    missing = [p.name for p in required if _good(good, fn, p.name) is None]
    if missing:
        return 0, [f"{target.qual}: no good value for {', '.join(missing)} (add it to GOOD)"]
    failures: list[str] = []
    calls = 0
    if not params:  # a call without arguments: called once, it answers or refuses
        calls += 1
        try:
            with _deadline(HANG_SECONDS):
                fn(**extra)
        except TcgError:
            pass
        except Exception as exc:  # noqa: BLE001 - anything else is the failure this test looks for
            failures.append(f"{target.qual}(): {type(exc).__name__}: {_short(str(exc))}")
    for p in params:
        for label, bad in BAD:
            kwargs = {**extra, **{q.name: _good(good, fn, q.name)() for q in required if q is not p}}  # type: ignore[misc]
            kwargs[p.name] = bad
            before = _snapshot(obj)
            calls += 1
            try:
                with _deadline(HANG_SECONDS):
                    fn(**kwargs)
            except TcgError:
                if _snapshot(obj) != before:
                    failures.append(f"{target.qual}({p.name}={label}): refused but changed the state")
            except Exception as exc:  # noqa: BLE001 - anything else is the failure this test looks for
                failures.append(f"{target.qual}({p.name}={label}): {type(exc).__name__}: {_short(str(exc))}")
    return calls, failures


TARGETS = targets()


@pytest.fixture(scope="module")
def api_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("api")


@pytest.mark.parametrize("target", TARGETS, ids=[f"{t.game}:{t.qual}" for t in TARGETS])
def test_every_public_call_gives_a_library_error_or_an_answer(
    target: Target, api_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(api_tmp)  # a path argument taken as given writes here, never in the checkout
    calls, failures = run_target(target, api_tmp)
    assert calls > 0 or failures
    assert not failures, "\n".join(failures)


def test_coverage_follows_the_api() -> None:
    """The walk finds the calls the issue named, both games' methods and the widgets (a module that lost its
    ``__all__`` or a game that lost its methods would shrink it)."""
    quals = {t.qual for t in TARGETS}
    for name in ("DarkMoon.describe_action", "DragonQuest.describe_event", "DarkMoon.with_options",
                 "DragonQuest.render_board", "DarkMoon.rule_text", "tcgteach.quiz.make_question",
                 "DarkMoonState.apply", "DragonQuestState.view", "Session.advance", "Stepper.replay",
                 "tcgteach.widgets.Classroom()", "tcgteach.sim.simulate", "FlowDiagram.html"):  # fmt: skip
        assert name in quals, name
    assert len(quals) >= 200


def test_describing_an_action_that_is_not_legal_is_an_illegal_action_error() -> None:
    from tcgteach.core.errors import IllegalActionError
    from tcgteach.darkmoon.rules.actions import Play
    from tcgteach.dragonquest.rules.actions import Recruit

    dm, dq = tcgteach.game("darkmoon"), tcgteach.game("dragonquest")
    s, t = dm.new_state(seed=1), dq.new_state(seed=1)
    with pytest.raises(IllegalActionError, match="not legal now"):
        dm.describe_action(Play(999), s)
    with pytest.raises(IllegalActionError, match="row must be a string"):
        dq.describe_action(Recruit(3, 41), t)  # type: ignore[arg-type]
    with pytest.raises(TcgError, match="event must be an Event"):
        dm.describe_event("x", s)


def test_an_action_taken_before_is_still_described() -> None:
    """The log and the CLI describe past actions with the state after them: legal then is enough."""
    g = tcgteach.game("darkmoon")
    s = g.new_state(seed=1)
    a = s.legal_actions()[0]
    s.apply(a)
    assert g.describe_action(a, s).startswith("Play")
    assert g.describe_action(g.mask_action(a), s.view(1))


if __name__ == "__main__":  # a report: python tests/test_public_api.py
    import tempfile

    total_calls = 0
    all_failures: list[str] = []
    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        for t in TARGETS:
            if len(sys.argv) > 1 and not any(word in t.qual for word in sys.argv[1:]):
                continue
            c, f = run_target(t, Path(d))
            total_calls += c
            all_failures += [f"{t.game}: {x}" for x in f]
    print("\n".join(all_failures))
    print(f"{len(TARGETS)} targets, {total_calls} calls, {len(all_failures)} failures", file=sys.stderr)
    _ = random
