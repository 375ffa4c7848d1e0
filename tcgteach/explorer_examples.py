"""The rule explorer's records (:mod:`tcgteach.explorer` answers the questions): rule IDs (a rule's
parent and ancestors, the rule an error message names), an :class:`Example` (a moment of a seeded
game, kept as what rebuilds it exactly by replay) and the words the examples are told in, with the
explorer's settings (kinds of example, how many are kept and shown).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import tcgteach

from .core.checks import check_int, check_lang, check_mapping, check_text
from .core.errors import TcgError
from .glossary import term
from .i18n import Text, pick
from .lookup import check_game

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
        """The example's rule options as a dict."""
        return dict(self.options)

    def new_game(self) -> Game:
        """A fresh game with the example's options (and card pool), to replay the example in."""
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
