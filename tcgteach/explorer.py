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

The explorer lives in four modules, this one answering: :mod:`tcgteach.explorer_examples` (rule IDs,
the :class:`Example` record and its words), :mod:`tcgteach.explorer_lessons` (the lessons and the
rules they teach) and :mod:`tcgteach.explorer_index` (the examples found by playing); every name is
importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import tcgteach

from .core.checks import check_mapping, shown
from .core.errors import TcgError
from .i18n import LANGS, Text, pick
from .lookup import check_game
from .texts import rule_marks

if TYPE_CHECKING:
    from .core.game import Game

from .explorer_examples import (  # noqa: F401  (re-exported: the tests)
    HEADING_SHOWN,
    KINDS,
    MAX_ACTIONS,
    PER_KIND,
    PROBES,
    ROUNDS,
    SHOWN,
    SMALL_CAP,
    TEXT,
    VARIANT_ROUNDS,
    Example,
    _cited,
    _default_game,
    _shown,
    ancestors,
    parent,
    resolve_rule,
)
from .explorer_index import (
    _INDEXES,  # noqa: F401  (re-exported: the tests)
    _children,
    _Index,
    _index,
)
from .explorer_lessons import (
    LESSONS_FILE,
    Lesson,
    LessonRef,
    _read_lessons,  # noqa: F401  (re-exported: the tests)
    lessons,
    lessons_teaching,
)

#: the explorer's names, importable from here as before it was split
__all__ = [
    "Example",
    "HEADING_SHOWN",
    "KINDS",
    "LESSONS_FILE",
    "Lesson",
    "LessonRef",
    "MAX_ACTIONS",
    "PER_KIND",
    "PROBES",
    "ROUNDS",
    "RuleInfo",
    "SHOWN",
    "SMALL_CAP",
    "TEXT",
    "VARIANT_ROUNDS",
    "WORDS",
    "ancestors",
    "examples",
    "format_info",
    "game_of_rule",
    "lessons",
    "lessons_teaching",
    "parent",
    "resolve_rule",
    "where",
]


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
    """What ``where`` found about a rule, as lines of text for the command line (``tcgteach rules ID --where``)."""
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
