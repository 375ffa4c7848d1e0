"""The rule explorer without a user interface: where a rule is taught and where the engine applies it.

``where("darkmoon", "DM-4.4", "ja")`` gives a :class:`RuleInfo`: the rule's title, text and
[interpretation] marks, the lessons that teach it (``tcgteach/data/lessons.json``) and live examples.
An :class:`Example` is a moment of a seeded game, kept as what rebuilds it exactly by replay (game,
options, decks, seed, agents, the actions from the start) with the event(s) citing the rule there.

The examples are found by playing seeded games (random and heuristic agents, every pairing of the
starter decks, the given options and, for each named interpretation option, its other values) and
recording, per rule, the moments where

- ``event``: an event cites the rule (the events of the last action; 0 actions: the set-up),
- ``reading``: for a rule settled by an engine option (an [interpretation]), the first moment where
  a seeded game, replayed under another value of the option, goes differently: an action legal under one
  reading and refused under the other, other choices, other events or another result (``other`` holds
  the other value),
- ``refused``: an action that was legal at the decision before is refused now, ``IllegalActionError``
  naming the rule (rules that act by filtering the legal actions),
- ``step``: the game enters a step of the flow graph whose rules list it (scoring at the end of the
  game, the first-turn restriction at the first main phase),
- ``deck``: a deck built from a starter deck to break a construction rule is refused before the game
  starts (``DeckError`` naming the rule),
- ``setup``: a game with too few or too many players is refused (the error names the rule),
- ``result``: a game ends and its result names the rule (``Outcome.reason``, e.g. a tie),
- ``view``: a player's view hides the cards of a zone (the zone rules: what each player may see),
- ``state``: the first step of a seeded game where the game's own moment of the rule holds
  (``Game.rule_moments``, living with each game: ``tcgteach/<game>/examples.py``): a predicate over the
  states before and after an action, for rules that define a quantity (the moment it changes: DQ-9.1
  experience), act inside another rule's processing (DQ-4.4, the GP paid for a recruit), or say what the
  game does not have (the moment it would apply: DQ-10.4, a turn ending with a big hand and no discard);
  the predicate's sentence says what the rule does there,
- related: none of these, but the rule's text names rules that act (DQ-9.3 names DQ-6.1, DQ-6.2,
  DQ-6.5): their first examples, ``via`` naming them and ``related`` set,
- ``definition``: none of these either (no rule of the shipped games comes to this): a game just set
  up, saying that no moment names the rule.

A chapter heading (``DM-4``) shows the first example of each of its rules (``via``); a rule with
sub-rules (``DM-4.4`` and ``DM-4.4a``) shows its own and then theirs. The index is built on the first
question about a game and its options, then kept: the same examples every time (deterministic).

A game played with the user's own card pool (``tcgteach.game(name, cards=FILE)``, the classroom's
``cards=``) has an index of its own: its examples are games dealt from that pool (their texts name its
cards), and each example rebuilds its moment with it (``Example.cards``).
"""

from __future__ import annotations

import difflib
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tcgteach

from .core.checks import check_int, check_lang, check_mapping, check_text, shown
from .core.errors import DataFileError, DeckError, TcgError
from .glossary import term
from .i18n import LANGS, Text, pick
from .lookup import check_game
from .texts import outcome_text, rule_marks

if TYPE_CHECKING:
    from .core.game import Game
    from .core.state import State

#: the kinds of example, best first (an example of an earlier kind is listed before one of a later kind)
KINDS = ("reading", "event", "refused", "step", "result", "deck", "setup", "view", "state", "definition")
#: examples kept per rule and kind (from different games where possible)
PER_KIND = 2
#: examples shown per rule
SHOWN = 5
#: examples shown for a heading (the first of each of its rules)
HEADING_SHOWN = 8
#: rounds of seeded games: each round plays one game with the given options and, in the first
#: ``VARIANT_ROUNDS``, one per other value of every named interpretation option (a random and a heuristic game)
ROUNDS = 4
VARIANT_ROUNDS = 2
#: the turn cap tried for an option that takes a number of turns (``turn_limit``, DQ-1.4): small, so
#: that a capped game is seen
SMALL_CAP = 4
#: a game that runs this long is abandoned (agents that never end it)
MAX_ACTIONS = 3000
#: actions tried per position as refusals (the ones legal at the decision before)
PROBES = 12

LESSONS_FILE = Path(__file__).parent / "data" / "lessons.json"

TEXT = Text(
    {
        "setup": ("set-up", "準備"),
        "turn": ("turn {n}", "{n}ターン目"),
        "seed": ("seed {seed}", "シード{seed}"),
        "after": ("after {n} actions", "{n}手目のあと"),
        "after1": ("after 1 action", "1手目のあと"),
        "options": ("options {opts}", "オプション {opts}"),
        "refused": (
            "P{p} tries “{what}” ({action}), legal a moment ago: refused — {error}",
            "P{p}が、直前には選べた「{what}」（{action}）をしようとすると断られる：{rule}「{title}」",
        ),
        "step": ("the game enters “{node}” ({path})", "ゲームが「{node}」に進む（{path}）"),
        "deck": (
            "a deck is refused before the game starts: {error}",
            "デッキが{rule}「{title}」に反するので、ゲームを始められない（{detail}）",
        ),
        "setup_refused1": (
            "a game with 1 player is refused: {error}",
            "1人ではゲームを始められない：{rule}「{title}」",
        ),
        "setup_refused": (
            "a game with {n} players is refused: {error}",
            "{n}人ではゲームを始められない：{rule}「{title}」",
        ),
        "view": (
            "what P{p} may see: {zones} hidden",
            "P{p}から見ると、{zones}は中身が見えない",
        ),
        "zone": ("P{q}'s {zone} ({n} cards)", "P{q}の{zone}（{n}枚）"),
        "via": ("(through {rule}) ", "（{rule}の例）"),
        "result": (" Result: {r}", "（結果：{r}）"),
        "ends": ("the game ends: {r}", "ゲーム終了：{r}"),
        "nothing": ("nothing more happens", "何も起こらない"),
        "reading_refused": (
            "the readings part here: with {o}={va}, P{p} may “{what}”; with {o}={vb} it is refused ({rule} {title})",
            "ここで読み方による違いが出る：{o}={va} ならP{p}は「{what}」ができるが、"
            "{o}={vb} では断られる（{rule}「{title}」）",
        ),
        "reading_choices": (
            "the readings part here: P{p} may “{what}” with {o}={va}, not with {o}={vb}",
            "ここで読み方による違いが出る：P{p}の「{what}」は {o}={va} なら選べるが、{o}={vb} では選べない",
        ),
        "reading_events": (
            "the readings part here: “{what}” — with {o}={va}: {ea}; with {o}={vb}: {eb}",
            "ここで読み方による違いが出る：「{what}」の結果が、{o}={va} では「{ea}」、{o}={vb} では「{eb}」",
        ),
        "reading_ended": (
            "the readings part here: with {o}={v} the game is already over ({r})",
            "ここで読み方による違いが出る：{o}={v} ではゲームがもう終わっている（{r}）",
        ),
        "reading_result": (
            "the readings end differently: with {o}={va}: {ra}; with {o}={vb}: {rb}",
            "読み方によって結果が変わる：{o}={va} では{ra}、{o}={vb} では{rb}",
        ),
        "definition": (
            "no event or refusal names this rule: it defines a term, says what the game does not have, "
            "or acts inside rules that are cited instead; here, a game just set up",
            "このルールを名指しするイベントや反則はありません。用語の定義や「このゲームにないもの」を述べたルールか、"
            "別のルールの処理の中で働くルールです。ここでは準備を終えたばかりのゲームを示します",
        ),
    }
)
"""The explorer's words (the widget adds its own)."""


def _zone_word(zone: str, lang: str) -> str:
    """A zone's name in the glossary's words (the zone's own name when the glossary has no term)."""
    try:
        return term(zone, lang)
    except TcgError:
        return zone


# -- lessons ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """One lesson of ``lessons.json``: its id, game (a game's name or ``"both"``), title and notebooks
    (en/ja, relative to ``notebooks/``) and the rule IDs it lists."""

    id: str
    game: str
    title: Mapping[str, str]
    notebooks: Mapping[str, str]
    rules: tuple[str, ...]

    def notebook(self, lang: str) -> str:
        """The notebook in ``lang`` (the English one when there is none), relative to ``notebooks/``."""
        check_lang(lang)
        return pick(self.notebooks, lang)

    def teaches(self, rule: str) -> str | None:
        """The listed rule that makes this lesson teach ``rule``: ``rule`` itself, or a rule it belongs to
        (``DM-4`` teaches ``DM-4.4``, ``DM-4.4`` teaches ``DM-4.4a``); None if it does not."""
        for r in (rule, *ancestors(rule)):
            if r in self.rules:
                return r
        return None


@dataclass(frozen=True)
class LessonRef:
    """A lesson that teaches a rule, and ``via``: the rule of the lesson's list that made it (the rule
    itself or one it belongs to)."""

    lesson: Lesson
    via: str


def _read_lessons(path: Path) -> tuple[Lesson, ...]:
    name = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataFileError(name, "", f"cannot be read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise DataFileError(name, f"line {exc.lineno}", f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("format") != "tcgteach-lessons":
        raise DataFileError(name, "format", "expected 'tcgteach-lessons'")
    if data.get("version") != 1:
        raise DataFileError(name, "version", f"this tcgteach reads version 1, not {data.get('version')!r}")
    items = data.get("lessons")
    if not isinstance(items, list):
        raise DataFileError(name, "lessons", "expected a list")
    out = []
    for i, raw in enumerate(items):
        where = f"lessons[{i}]"
        if not isinstance(raw, dict):
            raise DataFileError(name, where, "expected an object")
        for key in ("id", "game", "title", "notebooks", "rules"):
            if key not in raw:
                raise DataFileError(name, f"{where}.{key}", "missing")
        if not isinstance(raw["rules"], list) or not all(isinstance(r, str) for r in raw["rules"]):
            raise DataFileError(name, f"{where}.rules", "expected a list of rule IDs")
        for key in ("title", "notebooks"):
            if not isinstance(raw[key], dict) or "en" not in raw[key]:
                raise DataFileError(name, f"{where}.{key}", "expected an object with 'en' (and 'ja')")
        out.append(Lesson(str(raw["id"]), str(raw["game"]), raw["title"], raw["notebooks"], tuple(raw["rules"])))
    return tuple(out)


@lru_cache(maxsize=4)
def _lessons_at(path: Path) -> tuple[Lesson, ...]:
    return _read_lessons(path) if path.exists() else ()


def lessons(game: str | None = None) -> tuple[Lesson, ...]:
    """The lessons of ``lessons.json`` (those of ``game`` and of both games, if given); none before the
    file is built."""
    found = _lessons_at(LESSONS_FILE)
    return found if game is None else tuple(x for x in found if x.game in (game, "both"))


def lessons_teaching(game: str, rule: str) -> tuple[LessonRef, ...]:
    """The lessons that teach ``rule``: those that list it or a rule it belongs to. A chapter heading is
    also taught, in part, by a lesson that lists only some of its rules (``via`` names the first)."""
    check_text(rule, "rule", limit=200)
    out = []
    for lesson in lessons(game):
        via = lesson.teaches(rule)
        if via is None:
            via = next((r for r in lesson.rules if rule in ancestors(r)), None)
        if via is not None:
            out.append(LessonRef(lesson, via))
    return tuple(out)


# -- rule IDs ----------------------------------------------------------------------------------------
def parent(rule: str) -> str | None:
    """The rule ``rule`` belongs to: ``DM-4.4a`` -> ``DM-4.4`` -> ``DM-4`` -> None."""
    check_text(rule, "rule", limit=200)
    m = re.fullmatch(r"(.*\d)([a-z]+)", rule)
    if m:
        return m.group(1)
    head, dot, _ = rule.rpartition(".")
    return head if dot else None


def ancestors(rule: str) -> tuple[str, ...]:
    """The rules ``rule`` belongs to, nearest first."""
    out = []
    p = parent(rule)
    while p is not None:
        out.append(p)
        p = parent(p)
    return tuple(out)


def _rule_of_message(text: str) -> str | None:
    m = re.match(r"\[([A-Z]+-[0-9][0-9.]*[a-z]*)\]", text)
    return m.group(1) if m else None


def resolve_rule(game: Game, rule_id: Any) -> str:
    """``rule_id`` as the game spells it (case does not matter), or ``TcgError`` naming close IDs."""
    game = check_game(game)
    ids = game.rule_ids()
    if not isinstance(rule_id, str):
        raise TcgError(f"a rule ID is a string such as {ids[1]!r}, not {rule_id!r}")
    wanted = rule_id.strip()
    for rid in ids:
        if rid.lower() == wanted.lower():
            return rid
    close = difflib.get_close_matches(wanted.upper(), ids, n=3, cutoff=0.6)
    title = pick(game.title, "en", game.name)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; its rules are {ids[0]} to {ids[-1]}"
    raise TcgError(f"no {title} rule {rule_id!r}{hint} (`tcgteach rules {game.name}` lists them)")


# -- examples ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Example:
    """A moment of a seeded game where the engine applied ``rule`` (see the module docstring for
    ``kind``). ``history`` holds the game's actions; the first ``actions`` of them rebuild the moment.
    ``events`` are the indices in ``state.events`` of the events citing the rule; ``action`` and
    ``error`` are the refused action and its error (kinds refused, deck, setup)."""

    game: str
    rule: str
    kind: str
    seed: int
    options: tuple[tuple[str, Any], ...]
    decks: tuple[Any, ...]
    agents: tuple[str, ...]
    actions: int
    history: tuple[str, ...] = field(repr=False)
    events: tuple[int, ...] = ()
    action: str | None = None
    error: str | None = None
    players: int | None = None
    turn: int | None = None
    #: the seat (0-based) whose action, view or refusal it is
    seat: int | None = None
    #: the one-line description, en and ja (made when the moment was seen)
    text: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    #: for a heading (or a rule with sub-rules): the sub-rule this example shows; for a related example,
    #: the rule named by this rule's text that acted here
    via: str | None = None
    #: the moment is one of ``via``, a rule this rule's text names (this rule itself is cited nowhere)
    related: bool = False
    #: kind reading: the option and its other value, under which the game goes differently here, and how
    #: ("refused": the next action is refused there; "choices": other legal actions; "events": the next
    #: action does something else; "ended": the game is over there; "result": another result)
    other: tuple[str, Any] | None = None
    differs: str | None = None
    #: the user's card pool the example was played with (a ``CardPool``), None for the game's own cards
    cards: Any = None

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def new_game(self) -> Game:
        if self.cards is not None:
            return tcgteach.game(self.game, self.option_dict, cards=self.cards)
        return tcgteach.game(self.game, self.option_dict)

    def moves(self) -> tuple[str, ...]:
        """The actions from the start to the moment."""
        return self.history[: self.actions]

    def state(self) -> State:
        """The state at the moment, rebuilt by replaying the actions (checked). A refused game start (kinds
        deck, setup) has no state: ``TcgError``."""
        if self.kind in ("deck", "setup"):
            raise TcgError(f"{self.rule}: this example is a game that cannot start ({self.error}); it has no state")
        state = self.new_game().new_state(seed=self.seed, decks=list(self.decks), players=self.players)
        for text in self.moves():
            state.apply(text)
        return state

    def refusal(self) -> TcgError | None:
        """Do the refused thing again and return the error it raises now (None for other kinds)."""
        try:
            if self.kind == "refused":
                self.state().apply(str(self.action))
            elif self.kind in ("deck", "setup"):
                self.new_game().new_state(seed=self.seed, decks=list(self.decks), players=self.players)
            else:
                return None
        except TcgError as exc:
            return exc
        raise TcgError(f"{self.rule}: the refused {self.kind} example was accepted: the engine changed")

    def in_other_reading(self) -> Example:
        """A reading example at the same moment under the other value of its option (the actions up to the
        moment are legal under both readings: they part only after it)."""
        if self.kind != "reading" or self.other is None:
            raise TcgError(f"{self.rule}: only a reading example has another reading (this one is {self.kind!r})")
        name, value = self.other
        mine = dict(self.options)[name]
        options = tuple(sorted({**dict(self.options), name: value}.items()))
        return replace(self, options=options, other=(name, mine))

    def describe(self, lang: str = "en") -> str:
        """One line: seed, turn (or set-up), what happened."""
        check_lang(lang)
        t = TEXT.t
        where = [t("seed", lang, seed=self.seed)]
        if self.kind in ("deck", "setup"):
            where = []  # no game is played: the seed does not matter
        else:
            where.append(t("turn", lang, n=self.turn) if self.turn and self.actions else t("setup", lang))
            if self.actions:
                where.append(t("after1", lang) if self.actions == 1 else t("after", lang, n=self.actions))
        opts = ", ".join(f"{k}={_shown(v)}" for k, v in self.options if _differs(self.game, k, v))
        if opts:
            where.append(t("options", lang, opts=opts))
        via = t("via", lang, rule=self.via) if self.via else ""
        sep = "、" if lang == "ja" else ", "
        colon = "：" if lang == "ja" else ": "
        head = f"{sep.join(where)}{colon}" if where else ""
        return f"{head}{via}{pick(self.text, lang, '')}"

    def snippet(self, index: int = 0, options: Mapping[str, Any] | None = None) -> str:
        """A line of Python that opens this example in the stepper: ``index`` is its place in the examples
        of ``where`` for the game with ``options`` (the options of the question, not of the example)."""
        check_int(index, "index", 0, 10**6)
        check_mapping(options, "options", none=True)
        opts = f", options={dict(options)!r}" if options else ""
        game = repr(self.game)
        if self.cards is not None:  # the pool's file by its name (run it beside the file)
            from .record import pool_name

            game = f"tcgteach.game({self.game!r}, cards={pool_name(self.cards.source)!r})"
        return (
            f"{'import tcgteach; ' if self.cards is not None else ''}"
            f"from tcgteach.widgets import Stepper; from tcgteach.explorer import where; "
            f"Stepper.at(where({game}, {self.rule!r}{opts}).examples[{index}])"
        )


def _differs(game: str, name: str, value: Any) -> bool:
    specs = _default_game(game).options.specs
    return name in specs and specs[name].default != value


@lru_cache(maxsize=8)
def _default_game(name: str) -> Game:
    return tcgteach.game(name)


def _shown(value: Any) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class RuleInfo:
    """What ``where`` answers: the rule's title, text and marks in ``lang``, the lessons teaching it and
    the examples (best kinds first)."""

    game: str
    rule: str
    lang: str
    title: str
    text: str
    marks: tuple[str, ...]
    lessons: tuple[LessonRef, ...]
    examples: tuple[Example, ...]
    #: the options of the question that differ from the game's defaults
    options: Mapping[str, Any] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """The text, the lessons and the examples as lines (the command line prints them)."""
        return format_info(self)


# -- the index ------------------------------------------------------------------------------------------
class _Index:
    """Examples per rule and kind for one game and its options, found by playing the plan once."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.found: dict[str, dict[str, list[Example]]] = {}
        #: the turn in which the action being recorded was taken
        self._turn_now: int | None = None
        #: every game played: (options, decks, seed, agents, actions)
        self.games: list[tuple[dict[str, Any], tuple[str, ...], int, tuple[str, ...], tuple[str, ...]]] = []

    def add(self, ex: Example) -> bool:
        if self.game.user_pool is not None:
            ex = replace(ex, cards=self.game.user_pool)
        kinds = self.found.setdefault(ex.rule, {})
        got = kinds.setdefault(ex.kind, [])
        if len(got) >= PER_KIND or any(_game_key(e) == _game_key(ex) for e in got):
            return False
        got.append(ex)
        return True

    def wants(self, rule: str, kind: str) -> bool:
        return len(self.found.get(rule, {}).get(kind, ())) < PER_KIND

    def examples(self, rule: str) -> list[Example]:
        kinds = self.found.get(rule, {})
        # an example with the given options first, then the other readings, kind by kind
        base = tuple(sorted(dict(self.game.options).items()))
        ordered = sorted(
            (e for k in KINDS for e in kinds.get(k, ())),
            key=lambda e: (KINDS.index(e.kind), e.options != base),
        )
        out, moments = [], set()
        for e in ordered:  # one moment once (an event there, and the step it entered, are the same moment)
            moment = (e.seed, e.options, e.decks, e.players, e.actions, e.action)
            if e.kind in ("deck", "setup") or moment not in moments:
                moments.add(moment)
                out.append(e)
        return out

    # -- building ----------------------------------------------------------------------------------
    def build(self) -> _Index:
        for options, decks, seed, agents in self._plan():
            self._play(options, decks, seed, agents)
        self._probe_readings()
        self._probe_decks()
        self._probe_players()
        return self

    def _variants(self) -> list[dict[str, Any]]:
        """The given options, then each named interpretation option set to each of its other values."""
        base = dict(self.game.options)
        out = [base]
        for spec in self.game.options.specs.values():
            values: Sequence[Any] = spec.choices if spec.kind == "choice" else (SMALL_CAP,)
            for v in values:
                if v != base.get(spec.name):
                    out.append({**base, spec.name: v})
        return out

    def _plan(self) -> list[tuple[dict[str, Any], tuple[str, ...], int, tuple[str, ...]]]:
        game = self.game
        decks = game.starter_decks()
        players = game.min_players
        pairs = list(itertools.product(decks, repeat=players)) if decks else [()]
        variants = self._variants()
        plan = []
        for r in range(ROUNDS):
            kind = "random" if r % 2 == 0 else "heuristic"
            for v, options in enumerate(variants if r < VARIANT_ROUNDS else variants[:1]):
                plan.append((options, tuple(pairs[(r * 7 + v) % len(pairs)]), r, (kind,) * players))
        return plan

    def _play(self, options: dict[str, Any], decks: tuple[str, ...], seed: int, agents: tuple[str, ...]) -> None:
        from .agents import make_agent

        game = self.game.with_options(options)
        state = game.new_state(seed=seed, decks=list(decks) or None)
        players = state.num_players
        seats = [make_agent(a, seed * 1000 + i) for i, a in enumerate(agents)]
        history: list[str] = []
        key = tuple(sorted(options.items()))
        pending: list[tuple[str, str, int, dict[str, Any]]] = []  # (rule, kind, actions, fields)
        moments = {r: m for r, m in game.rule_moments().items() if self.wants(r, "state")}
        self._record_events(state, 0, 0, pending)
        self._record_views(state, 0, pending)
        self._record_moments(moments, None, state, 0, pending)
        before: tuple[Any, ...] = ()
        while not state.is_terminal() and len(history) < MAX_ACTIONS:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if before:
                self._probe_refusals(state, before, legal, len(history), pending)
            action = seats[seat].act(state.view(seat))
            start = len(state.events)
            self._turn_now = self._turn(state)
            prev = state.clone() if moments else None  # only while a moment is still looked for
            state.apply(action)
            history.append(str(action))
            n = len(history)
            self._record_events(state, start, n, pending, seat)
            if prev is not None:
                self._record_moments(moments, prev, state, n, pending, seat)
            for _src, dst in state.last_transitions:
                node = game.turn_flow.by_id.get(dst)
                for rule in node.rules if node is not None else ():
                    if self.wants(rule, "step") and not any(p[0] == rule and p[1] == "step" for p in pending):
                        fields = {"text": self._step_text(state, game, dst), "turn": self._turn_now, "seat": seat}
                        pending.append((rule, "step", n, fields))
            before = legal
        result = state.result() if state.is_terminal() else None
        if result is not None and self.wants(result.reason, "result"):
            text = {lang: TEXT.t("ends", lang, r=outcome_text(result, lang)) for lang in LANGS}
            pending.append((result.reason, "result", len(history), {"text": text, "turn": self._turn(state)}))
        frozen = tuple(history)
        self.games.append((options, decks, seed, agents, frozen))
        for rule, kind, n, extra in pending:
            self.add(
                Example(
                    game=game.name,
                    rule=rule,
                    kind=kind,
                    seed=seed,
                    options=key,
                    decks=decks,
                    agents=agents,
                    actions=n,
                    history=frozen,
                    players=players if players != game.min_players else None,
                    **extra,
                )
            )

    def _turn(self, state: State) -> int | None:
        return state.turn or None  # State.turn: 0 for a game that counts no turns

    def _record_events(self, state: State, start: int, n: int, pending: list[Any], seat: int | None = None) -> None:
        by_rule: dict[str, list[int]] = {}
        for i in range(start, len(state.events)):
            for rule in _cited(state.events[i].rule):
                by_rule.setdefault(rule, []).append(i)
        for rule, idx in by_rule.items():
            if not self.wants(rule, "event") or any(p[0] == rule and p[1] == "event" for p in pending):
                continue
            game = state.game
            text = {lang: game.describe_event(state.events[idx[0]], state, lang) for lang in LANGS}
            result = state.result() if state.is_terminal() else None
            if result is not None and idx[-1] == len(state.events) - 1 and outcome_text(result, "en") not in text["en"]:
                text = {lang: text[lang] + TEXT.t("result", lang, r=outcome_text(result, lang)) for lang in LANGS}
            turn = self._turn_now if n else self._turn(state)
            fields = {"events": tuple(idx), "text": text, "turn": turn, "seat": seat}
            pending.append((rule, "event", n, fields))

    def _record_moments(
        self,
        moments: dict[str, Any],
        before: State | None,
        after: State,
        n: int,
        pending: list[Any],
        seat: int | None = None,
    ) -> None:
        """The rules whose moment (``Game.rule_moments``) holds at this step; each is then no longer looked
        for in this game (``moments`` shrinks: the first moment of a game is kept)."""
        for rule, moment in list(moments.items()):
            text = moment(before, after)
            if text is None:
                continue
            del moments[rule]
            turn = self._turn_now if n else self._turn(after)
            pending.append((rule, "state", n, {"text": dict(text), "turn": turn, "seat": seat}))

    def _probe_refusals(
        self, state: State, before: tuple[Any, ...], legal: tuple[Any, ...], n: int, pending: list[Any]
    ) -> None:
        now = set(legal)
        tried = 0
        for action in before:
            if action in now:
                continue
            if tried >= PROBES:
                break
            tried += 1
            # what ``state.apply`` would raise (IllegalActionError with this message and rule), without
            # formatting the list of legal actions into it: the tests apply each example's action for real
            message, rule = state._why_illegal(action)
            if not self.wants(rule, "refused") or any(p[0] == rule and p[1] == "refused" for p in pending):
                continue
            seat = state.current_player
            error = f"[{rule}] {message}"
            text = {
                lang: TEXT.t(
                    "refused",
                    lang,
                    p=(seat or 0) + 1,
                    what=_describe_action(state, action, lang),
                    action=str(action),
                    error=error,
                    rule=rule,
                    title=state.game.rule_title(rule, lang),
                )
                for lang in LANGS
            }
            fields = {"action": str(action), "error": error, "text": text, "turn": self._turn(state), "seat": seat}
            pending.append((rule, "refused", n, fields))

    def _step_text(self, state: State, game: Game, node: str) -> dict[str, str]:
        flow = game.turn_flow
        trail = state.last_transitions
        path = [trail[0][0]] + [dst for _src, dst in trail] if trail else [node]
        text = {
            lang: TEXT.t("step", lang, node=flow.label(node, lang), path=" → ".join(flow.label(x, lang) for x in path))
            for lang in LANGS
        }
        result = state.result() if state.is_terminal() else None
        if result is not None:
            text = {lang: text[lang] + TEXT.t("result", lang, r=outcome_text(result, lang)) for lang in LANGS}
        return text

    def _record_views(self, state: State, n: int, pending: list[Any]) -> None:
        """The zone rules: what each player may see (``state.view``) hides every deck and the others' hands."""
        game = state.game
        zone_rules = {
            r
            for r in game.rule_ids()
            if "zones" in game.rule_title(r, "en").lower() and self.wants(r, "view") and not _children(game, r)
        }
        if not zone_rules:
            return
        view = state.view(0)
        hidden = [
            (owner, name, len(cards))
            for (owner, name, cards), (_o, _n, seen) in zip(state.all_zones(), view.all_zones(), strict=True)
            if cards and all(c == -1 for c in seen) and not all(c == -1 for c in cards)
        ]
        if not hidden:
            return
        text = {}
        for lang in LANGS:
            zones = ("、" if lang == "ja" else ", ").join(
                TEXT.t("zone", lang, q=o + 1, zone=_zone_word(z, lang), n=k) for o, z, k in hidden
            )
            text[lang] = TEXT.t("view", lang, p=1, zones=zones)
        for rule in sorted(zone_rules):
            pending.append((rule, "view", n, {"text": text, "turn": self._turn(state), "seat": 0}))

    # -- readings: where an option's value changes the game -----------------------------------------------
    def _probe_readings(self) -> None:
        """For each option that settles a rule, replay the games played with one value under the other."""
        game = self.game
        ids = set(game.rule_ids())
        base = dict(game.options)
        for spec in game.options.specs.values():
            if spec.rule not in ids:
                continue
            values: Sequence[Any] = spec.choices if spec.kind == "choice" else (SMALL_CAP,)
            others = [v for v in values if v != base.get(spec.name)]
            for options, decks, seed, agents, history in self.games:
                if not self.wants(spec.rule, "reading"):
                    break
                mine = options.get(spec.name)
                if any(k != spec.name and options.get(k) != base.get(k) for k in base):
                    continue  # a game of another option's reading
                for other in [base.get(spec.name)] if mine != base.get(spec.name) else others:
                    self._diverge(spec.rule, spec.name, options, other, decks, seed, agents, history)

    def _diverge(
        self,
        rule: str,
        name: str,
        options: dict[str, Any],
        other: Any,
        decks: tuple[str, ...],
        seed: int,
        agents: tuple[str, ...],
        history: tuple[str, ...],
    ) -> None:
        game_a = self.game.with_options(options)
        game_b = self.game.with_options({**options, name: other})
        a = game_a.new_state(seed=seed, decks=list(decks) or None)
        b = game_b.new_state(seed=seed, decks=list(decks) or None)
        va, vb = _shown(options.get(name)), _shown(other)
        turn = self._turn(a)
        found: tuple[int, str, dict[str, str]] | None = None
        for i in range(len(history) + 1):
            if a.is_terminal() or b.is_terminal() or i == len(history):
                ra, rb = a.result(), b.result()
                if a.is_terminal() != b.is_terminal():
                    ended, r = (va, ra) if a.is_terminal() else (vb, rb)
                    text = {
                        lang: TEXT.t("reading_ended", lang, o=name, v=ended, r=outcome_text(r, lang) if r else "")
                        for lang in LANGS
                    }
                    found = (i, "ended", text)
                elif ra is not None and rb is not None and ra.to_dict() != rb.to_dict():
                    text = {
                        lang: TEXT.t(
                            "reading_result",
                            lang,
                            o=name,
                            va=va,
                            ra=outcome_text(ra, lang),
                            vb=vb,
                            rb=outcome_text(rb, lang),
                        )
                        for lang in LANGS
                    }
                    found = (i, "result", text)
                break
            la, lb = a.legal_actions(), b.legal_actions()
            action = game_a.parse_action(history[i])
            turn = self._turn(a)  # the turn in which the action is taken
            seat = (a.current_player or 0) + 1
            if action not in lb:
                message, why = b._why_illegal(action)
                text = {
                    lang: TEXT.t(
                        "reading_refused",
                        lang,
                        o=name,
                        va=va,
                        vb=vb,
                        p=seat,
                        what=_describe_action(a, action, lang),
                        rule=why,
                        title=self.game.rule_title(why, lang) if why in self.game.rule_ids() else why,
                    )
                    for lang in LANGS
                }
                found = (i, "refused", text)
                break
            if set(la) != set(lb):
                extra = sorted(set(la) ^ set(lb), key=str)[0]
                where_legal, where_not = (va, vb) if extra in la else (vb, va)
                shown = a if extra in la else b
                text = {
                    lang: TEXT.t(
                        "reading_choices",
                        lang,
                        o=name,
                        va=where_legal,
                        vb=where_not,
                        p=seat,
                        what=_describe_action(shown, extra, lang),
                    )
                    for lang in LANGS
                }
                found = (i, "choices", text)
                break
            ea, eb = a.apply(action), b.apply(action)
            if [e.to_dict() for e in ea] != [e.to_dict() for e in eb]:
                k = next(
                    (j for j, (x, y) in enumerate(zip(ea, eb, strict=False)) if x.to_dict() != y.to_dict()),
                    min(len(ea), len(eb)),
                )
                text = {}
                for lang in LANGS:
                    nothing = TEXT.t("nothing", lang)
                    da = a.game.describe_event(ea[k], a, lang).rstrip("。.") if k < len(ea) else nothing
                    db = b.game.describe_event(eb[k], b, lang).rstrip("。.") if k < len(eb) else nothing
                    what = _describe_action(a, action, lang)
                    text[lang] = TEXT.t("reading_events", lang, o=name, va=va, vb=vb, what=what, ea=da, eb=db)
                found = (i + 1, "events", text)
                break
        if found is None:
            return
        n, differs, text = found
        got = self.found.get(rule, {}).get("reading", [])
        if any(e.seed == seed and e.actions == n and (e.decks == decks or e.text == text) for e in got):
            return  # the same moment seen from the other reading (or told the same way)
        if differs in ("ended", "result"):
            turn = self._turn(a)
        self.add(
            Example(
                game=self.game.name,
                rule=rule,
                kind="reading",
                seed=seed,
                options=tuple(sorted(options.items())),
                decks=decks,
                agents=agents,
                actions=n,
                history=history,
                text=text,
                turn=turn,
                other=(name, other),
                differs=differs,
            )
        )

    def _probe_decks(self) -> None:
        """Decks made from the first starter deck to break each construction rule, refused at set-up."""
        game = self.game
        names = game.starter_decks()
        if not names:
            return
        good = game.starter_deck(names[0]).cards
        other = names[-1]
        pool = sorted(getattr(game, "cards", {}) or {})
        candidates: list[tuple[str, ...]] = [good[:-1], good + good[:1], ("ZZ99",) + good[1:]]
        candidates += [(c,) * len(good) for c in pool]
        for cards in candidates:
            try:
                game.new_state(seed=0, decks=[list(cards)] + [other] * (game.min_players - 1))
            except DeckError as exc:
                for v in exc.violations:
                    if self.wants(v.rule, "deck"):
                        text = {
                            lang: TEXT.t(
                                "deck",
                                lang,
                                error=str(v),
                                rule=v.rule,
                                title=game.rule_title(v.rule, lang),
                                detail=_deck_detail(v, lang),
                            )
                            for lang in LANGS
                        }
                        self.add(
                            Example(
                                game=game.name,
                                rule=v.rule,
                                kind="deck",
                                seed=0,
                                options=tuple(sorted(dict(game.options).items())),
                                decks=(cards,) + (other,) * (game.min_players - 1),
                                agents=(),
                                actions=0,
                                history=(),
                                error=str(v),
                                text=text,
                            )
                        )

    def _probe_players(self) -> None:
        game = self.game
        for n in (game.min_players - 1, game.max_players + 1):
            try:
                game.new_state(seed=0, players=n)
            except TcgError as exc:
                rule = _rule_of_message(str(exc))
                if rule is None or not self.wants(rule, "setup"):
                    continue
                text = {
                    lang: TEXT.t(
                        "setup_refused1" if n == 1 else "setup_refused",
                        lang,
                        n=n,
                        error=str(exc),
                        rule=rule,
                        title=game.rule_title(rule, lang),
                    )
                    for lang in LANGS
                }
                self.add(
                    Example(
                        game=game.name,
                        rule=rule,
                        kind="setup",
                        seed=0,
                        options=tuple(sorted(dict(game.options).items())),
                        decks=(),
                        agents=(),
                        actions=0,
                        history=(),
                        error=str(exc),
                        players=n,
                        text=text,
                    )
                )


def _deck_detail(v: Any, lang: str) -> str:
    """The counts of a broken construction rule in words (Japanese: the engine's messages are English)."""
    if lang != "ja":
        return str(v)
    cards = "、".join(v.cards[:3]) + ("など" if len(v.cards) > 3 else "")
    if v.count is None:
        return cards or v.rule
    return f"{cards}が{v.count}枚" if cards else f"{v.count}枚"


def _describe_action(state: State, action: Any, lang: str) -> str:
    """An action in words (its text form if the game cannot put it in words at this moment)."""
    try:
        return state.game.describe_action(action, state, lang)
    except Exception:  # an action of another moment may name a card that is elsewhere now
        return str(action)


def _game_key(ex: Example) -> tuple[Any, ...]:
    """Examples of one rule and kind come from different seeds (or different broken decks); the same seed
    counts again only with another value of an option that settles this rule."""
    specs = _default_game(ex.game).options.specs
    own = tuple((k, v) for k, v in ex.options if k in specs and specs[k].rule == ex.rule)
    return (ex.seed, own, ex.decks if ex.kind in ("deck", "setup") else (), ex.players)


def _cited(rule: str) -> list[str]:
    """The rule IDs an event's ``rule`` cites (one, or several written ``DM-4.4/DM-4.5`` or with commas)."""
    return [r for r in re.split(r"[\s,/;+]+", rule) if r]


def _children(game: Game, rule: str) -> list[str]:
    return [r for r in game.rule_ids() if parent(r) == rule]


_INDEXES: dict[tuple[str, str | None, tuple[tuple[str, Any], ...]], _Index] = {}


def _index(game: Game) -> _Index:
    pool = None if game.user_pool is None else game.user_pool.digest  # a user's pool: examples of its own
    key = (game.name, pool, tuple(sorted((k, repr(v)) for k, v in dict(game.options).items())))
    idx = _INDEXES.get(key)
    if idx is None:
        if pool is not None and sum(k[1] is not None for k in _INDEXES) >= 8:  # a designer editing a pool
            for old in [k for k in _INDEXES if k[1] is not None]:  # again and again: bounded memory
                del _INDEXES[old]
        idx = _INDEXES[key] = _Index(game).build()
    return idx


def examples(game: str | Game, rule_id: str, options: Mapping[str, Any] | None = None) -> tuple[Example, ...]:
    """The live examples of a rule (best kinds first; a heading: the first of each of its rules)."""
    g = _game_of(game, options)
    rule = resolve_rule(g, rule_id)
    return _examples(g, rule, ())


def _examples(g: Game, rule: str, seen: tuple[str, ...]) -> tuple[Example, ...]:
    idx = _index(g)
    own = idx.examples(rule)
    children = _children(g, rule)
    if not children:
        if not own:
            own = _related(g, rule, seen + (rule,)) or [_definition(idx, rule)]
        return tuple(own[:SHOWN])
    # a heading, or a rule with sub-rules: its own examples, then the first of each sub-rule that acts
    out = own[:2]
    subs = [(c, _examples(g, c, seen + (rule,))) for c in children]
    for allow_related in (False, True):
        for child, sub in subs:
            first = next((e for e in sub if e.kind != "definition" and (allow_related or not e.related)), None)
            if first is not None and len(out) < HEADING_SHOWN:
                out.append(replace(first, rule=rule, via=first.via or child))
        if out:
            break
    return tuple(out) if out else (_definition(idx, rule),)


def _related(g: Game, rule: str, seen: tuple[str, ...]) -> list[Example]:
    """The first example of each rule that ``rule``'s text names (in English), ``via`` naming it."""
    named = re.findall(r"\b[A-Z]+-[0-9]+(?:\.[0-9]+)?[a-z]*\b", g.rule_text(rule, "en"))
    ids = set(g.rule_ids())
    out = []
    for other in dict.fromkeys(named):
        if other in ids and other not in seen and other != rule:
            sub = [e for e in _examples(g, other, seen) if not e.related and e.kind != "definition"]
            if sub:
                out.append(replace(sub[0], rule=rule, related=True, via=sub[0].via or other))
    return out


def _definition(idx: _Index, rule: str) -> Example:
    """A game just set up (the first game of the plan), for a rule no moment applies by itself."""
    game = idx.game
    options, decks, seed, agents = idx._plan()[0]
    text = {lang: TEXT.t("definition", lang) for lang in LANGS}
    return Example(
        game=game.name,
        rule=rule,
        kind="definition",
        seed=seed,
        options=tuple(sorted(options.items())),
        decks=decks,
        agents=agents,
        actions=0,
        history=(),
        text=text,
        cards=game.user_pool,
    )


def _game_of(game: str | Game, options: Mapping[str, Any] | None) -> Game:
    if options is not None:
        check_mapping(options, "options")
    if not isinstance(game, str):
        game = check_game(game)
    if isinstance(game, str):
        return tcgteach.game(game, options)
    if options is not None:
        return game.with_options(options)
    return game


def where(game: str | Game, rule_id: str, lang: str = "en", options: Mapping[str, Any] | None = None) -> RuleInfo:
    """Everything about one rule: text and marks in ``lang``, the lessons that teach it, live examples."""
    if lang not in LANGS:
        raise TcgError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    g = _game_of(game, options)
    rule = resolve_rule(g, rule_id)
    return RuleInfo(
        game=g.name,
        rule=rule,
        lang=lang,
        title=g.rule_title(rule, lang),
        text=g.rule_text(rule, lang),
        marks=tuple(rule_marks(g, rule, lang)),
        lessons=lessons_teaching(g.name, rule),
        examples=examples(g, rule),
        options=g.options.non_default(),
    )


def game_of_rule(rule_id: str) -> str:
    """The game whose rule IDs include ``rule_id`` (``DM-4.4`` -> darkmoon), or ``TcgError``."""
    for name in tcgteach.games():
        g = _default_game(name)
        if any(r.lower() == str(rule_id).strip().lower() for r in g.rule_ids()):
            return name
    prefixes = {name: _default_game(name).rule_ids()[0].split("-")[0] for name in tcgteach.games()}
    for name, prefix in prefixes.items():
        if str(rule_id).upper().startswith(prefix + "-"):
            resolve_rule(_default_game(name), rule_id)  # raises, with close IDs
    raise TcgError(
        f"no game has a rule {rule_id!r}; the rule IDs start with "
        + ", ".join(f"{p}- ({n})" for n, p in prefixes.items())
    )


WORDS = Text(
    {
        "lessons": ("Lessons that teach it:", "このルールを学べるレッスン："),
        "no_lessons": ("  (no lesson lists it yet)", "  （まだどのレッスンにも載っていません）"),
        "via_lesson": (" (listed as {rule})", "（{rule} として掲載）"),
        "examples": ("Live examples (seeded games):", "実例（シード付きのゲーム）："),
        "no_examples": ("  (none found)", "  （見つかりませんでした）"),
        "open": ("open it: ", "開くには："),
    }
)


def format_info(info: RuleInfo) -> list[str]:
    if not isinstance(info, RuleInfo):
        raise TcgError(f"format_info takes what where() returns (a RuleInfo), not {shown(info)}")
    lang = info.lang
    w = WORDS.t
    lines = [f"{info.rule}  {info.title}{'：' if lang == 'ja' else ': '}{info.text}"]
    lines += [f"    {m}" for m in info.marks]
    lines += ["", w("lessons", lang)]
    for ref in info.lessons:
        extra = w("via_lesson", lang, rule=ref.via) if ref.via != info.rule else ""
        lines.append(f"  {pick(ref.lesson.title, lang)} — notebooks/{ref.lesson.notebook(lang)}{extra}")
    if not info.lessons:
        lines.append(w("no_lessons", lang))
    lines += ["", w("examples", lang)]
    for i, ex in enumerate(info.examples):
        lines.append(f"  {i + 1}. {ex.describe(lang)}")
        if ex.kind not in ("deck", "setup"):
            lines.append(f"     {w('open', lang)}{ex.snippet(i, info.options)}")
    if not info.examples:
        lines.append(w("no_examples", lang))
    return lines
