"""A ``Game`` holds what does not change during play: options, card pool, flow graphs, decks.

It makes states (``new_state``) and reads them back (``state_from_dict``). One subclass per game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from ._mypyc import mypyc_attr
from .checks import (
    check_action,
    check_board,
    check_event,
    check_lang,
    check_mapping,
    check_player,
    check_state,
    check_text,
    shown,
)
from .decks import Deck, deck_cards
from .design import GENERIC, DesignFacts
from .errors import DeckError, TcgError, Violation
from .events import SECRET_DATA_KEYS
from .generic import S
from .newstate import check_choice, check_new_state, check_players
from .options import Options, OptionSpec
from .pool import CardPool, load_pool
from .ruletexts import rule_texts_of
from .teaching import Teaching, resolve

if TYPE_CHECKING:
    import random

    import networkx as nx

    from .actions import Action, ActionSyntax
    from .flow import Flow
    from .state import State

__all__ = ["CardPool", "Deck", "Game", "Reason", "check_choice", "check_players"]

#: a rule's moment (``Game.rule_moments``): ``(before, after) -> {"en": ..., "ja": ...} | None``
RuleMoment = Callable[["State | None", "State"], "Mapping[str, str] | None"]


@dataclass(frozen=True)
class Reason:
    """Why an action is good (or what it risks), in game terms: one sentence ``text`` resting on ``rule``
    (a rule ID of the game, e.g. ``DM-4.4``). ``Game.explain_choice`` gives them; the coach's hint says them."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def _unpickle_game(cls: type[Game], options: dict[str, Any], pool: CardPool | None) -> Game:
    return cls(options) if pool is None else cls(options, cards=pool)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, a game written in Python still subclasses it
class Game(Generic[S]):
    """Base class, generic over the state class ``S`` the game makes: a subclass (``Game[DarkMoonState]``) sets
    ``name``, ``OPTION_SPECS``, its ``teaching`` table and implements the rule hooks. The contract a front end
    may use is written in docs/architecture.md ("The contract")."""

    name: ClassVar[str] = ""
    title: ClassVar[Mapping[str, str]] = {}
    OPTION_SPECS: ClassVar[tuple[OptionSpec, ...]] = ()
    #: the rule cited when an action is refused for not being an action of this game at all
    contract_rule: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    #: options a simulation runs with unless the caller sets them (a turn cap, so that no game runs forever)
    sim_defaults: ClassVar[Mapping[str, Any]] = {}
    #: options the classroom starts its games with
    classroom_options: ClassVar[Mapping[str, Any]] = {}

    #: the schema of this game's card files (``tcgteach/data/schemas/``); empty: the game takes no card pool
    card_schema: ClassVar[str] = ""
    #: the number of cards in a deck (a count above it is refused before any list is built); 0: not fixed
    deck_size: ClassVar[int] = 0
    #: the rule that sets ``deck_size`` (DM-2.1, DQ-2.1)
    size_rule: ClassVar[str] = ""

    def __init__(self, options: Mapping[str, Any] | None = None, cards: Any = None) -> None:
        self.options = Options(self.name, self.OPTION_SPECS, options)
        #: the user's card pool (``cards=``), or None: the package's own cards
        self.user_pool: CardPool | None = None if cards is None else self.load_pool(cards)
        #: the starter decks that are legal with the user's pool (worked out when first asked for)
        self._user_starters: dict[str, Mapping[str, Any]] | None = None
        # caches of facts that never change during play (declared here: a compiled Game has no __dict__)
        self._inst_cache: dict[tuple[tuple[str, ...], ...], Any] = {}
        #: ``State._hidden_zones`` per (instances, zone count, players, viewer): the zones a viewer may not see
        self._hidden_zone_cache: dict[tuple[int, int, int, int], tuple[Any, tuple[int, ...]]] = {}
        #: ``edge_set`` kept at the first move of a state (``State._goto`` checks every move against it)
        self._edges: frozenset[tuple[str, str]] | None = None
        #: decks (card ID tuples) that ``check_deck`` found legal: the construction rules depend only on the
        #: cards and the game's pool, and a simulation checks the same starter decks at every new game
        self._legal_decks: set[tuple[str, ...]] = set()
        #: number of players -> the starter decks dealt in turn, checked (``new_state`` without decks, at every game)
        self._starter_deal: dict[int, tuple[tuple[str, ...], ...]] = {}

    def with_options(self, options: Any) -> Game[S]:  # Any: checked here, also compiled
        """This game with other options (and the same card pool)."""
        options = check_mapping(options, "options")
        if dict(options) == dict(self.options):
            return self
        return type(self)(options) if self.user_pool is None else type(self)(options, cards=self.user_pool)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its class, options and card pool (a simulation's worker rebuilds the same game)."""
        return (_unpickle_game, (type(self), dict(self.options), self.user_pool))

    def __repr__(self) -> str:
        changed = self.options.non_default()
        return (
            f"tcgteach.game({self.name!r}"
            + (f", options={changed!r}" if changed else "")
            + ("" if self.user_pool is None else f", cards={self.user_pool.source!r}")
            + ")"
        )

    # -- the card pool ---------------------------------------------------------------------------
    @classmethod
    def parse_cards(cls, data: Any, file: Any) -> Mapping[str, Any]:  # Any: checked by each game, also compiled
        """Card ID -> card from the data of a card file (checked against ``card_schema``, then the rules)."""
        raise TcgError(f"{cls.name} has no card pool of its own to replace")

    @classmethod
    def load_pool(cls, cards: Any) -> CardPool:
        """A user's card pool: a path to a card file (``card_schema``), its data as a dict, or a ``CardPool``
        of this game. Validated like the package's own files; every error names the file and the place."""
        return load_pool(cls, cards)

    def _pool_starters(self, starters: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Mapping[str, Any]]:
        """The package's starter decks, or with the user's pool those of them that are legal decks with it
        (a pool that changes or leaves out their cards leaves them out: give decks to ``new_state``)."""
        if self.user_pool is None:
            return starters
        if self._user_starters is None:
            self._user_starters = {n: d for n, d in starters.items() if not self.validate_deck(d["cards"])}
        return self._user_starters

    #: the optional capabilities a game may declare, each answered by one hook (see ``capabilities``)
    CAPABILITIES: ClassVar[Mapping[str, str]] = {
        "coach": "heuristic_policy",
        "position_value": "position_value",
        "rollout": "rollout_policy",
        "reasons": "explain_choice",
        "board": "render_board",
        "combat": "explain_combat",
        "quiz": "quiz_kinds",
        "moments": "rule_moments",
        "marks": "review_marks",
        "design": "design_facts",
    }

    #: where the game's optional teaching hooks live (``core.teaching.Teaching``); the methods below check
    #: their arguments and call them. Empty: the game offers none of them
    teaching: ClassVar[Teaching] = Teaching()

    @property
    def capabilities(self) -> frozenset[str]:
        """The optional capabilities this game has (names of ``CAPABILITIES``, plus ``"cards"`` when a
        user card pool can replace its own): shared tests and front ends test a hook only when the game
        declares it, so a game without a coach is not failed for lacking one. A capability is declared by
        the ``teaching`` table (or, for a game that answers it by hand, by overriding its method)."""
        cls = type(self)
        found = set(cls.teaching.offered())
        found.update(c for c, hook in self.CAPABILITIES.items() if getattr(cls, hook) is not getattr(Game, hook))
        if cls.card_schema:
            found.add("cards")
        return frozenset(found)

    def _hook(self, capability: str) -> Any:
        """The hook the ``teaching`` table names for ``capability`` (imported on first use), or None."""
        cls = type(self)
        ref = cls.teaching.ref(capability)
        return None if ref is None else resolve(cls, capability, ref)

    # -- what agents and front ends ask of the game (each game answers from its own package) ----------
    def heuristic_policy(self) -> Any:
        """A new rule-of-thumb policy (``act(view, legal, rng) -> action``) for ``HeuristicAgent``, or
        None: the heuristic player then plays at random, but legally."""
        make = self._hook("coach")
        return None if make is None else make()

    def position_value(self, state: Any) -> list[float] | None:  # Any: checked here, also compiled
        """The coach's estimate of each player's chance in [0, 1] for a game not over yet, or None
        (then every player counts 0.5)."""
        value = self._hook("position_value")
        if value is None:
            return None
        check_state(state, self)
        result: list[float] | None = value(state)
        return result

    def rollout_policy(self) -> Callable[[State, tuple[Action, ...], random.Random], Action] | None:
        """The coach's fast playout rule ``(state, legal, rng) -> action``, or None (uniform random)."""
        rollout: Callable[[State, tuple[Action, ...], random.Random], Action] | None = self._hook("rollout")
        return rollout

    def explain_choice(self, view: Any, action: Any, lang: Any = "en") -> list[Reason]:  # Any: checked inside
        """Why ``action`` is worth taking in ``view`` (a player's view: the reasons use only what that
        player may know), most telling first, each citing its rule; empty when the game has nothing to
        say (the coach's hint then gives only its confidence)."""
        explain = self._hook("reasons")
        if explain is None:
            return []
        check_choice(check_state(view, self, "view"), action, lang)
        reasons: list[Reason] = explain(view, action, lang)
        return reasons

    def render_board(self, state: Any, *, lang: Any = "en", perspective: Any = None) -> str:  # Any: checked inside
        """The board of ``state`` as an HTML fragment (see ``tcgteach.viz.board_html``)."""
        render = self._hook("board")
        if render is None:
            raise TcgError(f"{self.name} has no board renderer (Game.render_board)")
        check_board(self, state, lang, perspective)
        html: str = render(state, lang=lang, perspective=perspective)
        return html

    def explain_combat(self, state: Any, lang: Any = "en") -> list[str] | None:  # Any: checked here, also compiled
        """Lines explaining the latest fight of ``state`` (empty before the first one), or None when the
        game has no combat to explain (then ``CombatView`` refuses it)."""
        check_state(state, self)
        check_lang(lang)
        explain = self._hook("combat")
        if explain is None:
            return None
        lines: list[str] = explain(state, lang)
        return lines

    def quiz_kinds(self) -> Mapping[str, Any]:
        """The kinds of quiz questions (``tcgteach.quiz``): kind -> ``maker(game, rng, lang) -> Question``,
        in the order a quiz offers them. Default: none (the game has no quiz)."""
        kinds = self._hook("quiz")
        return {} if kinds is None else dict(kinds)

    def rule_moments(self) -> Mapping[str, RuleMoment]:
        """Moments of play where a rule acts that no event, refusal or step names (the rule explorer's
        ``state`` examples, ``tcgteach.explorer``): rule ID -> ``moment(before, after)``. ``after`` is the
        state after an action, ``before`` the state before it (None: ``after`` is a game just set up);
        the moment answers the sentence saying what the rule does there, ``{"en": ..., "ja": ...}``, or
        None when the rule does not show at this step. The explorer keeps the first step of a seeded game
        where it answers. For a rule that defines a quantity (the moment it changes), acts inside another
        rule's processing, or says what the game does not have (the moment it would have applied).
        Default: none."""
        moments = self._hook("moments")
        return {} if moments is None else dict(moments)

    def review_marks(self) -> Mapping[str, str]:
        """What a game review flags on its timeline: event kind -> a mark of ``core.teaching.MARKS`` ("combat",
        "defeat", "level_up", "unit", "end_armed"). Default: none (the timeline then marks the turns only)."""
        marks = self._hook("marks")
        return {} if marks is None else dict(marks)

    def design_facts(self) -> DesignFacts:
        """What the design measures (``tcgteach.design``) ask of this game: its resources per turn, how a game
        ended in its own terms and a plain stand-in for a card (``core.design.DesignFacts``); a game that
        declares none gets the generic facts (no resources, the end by its rule ID, no stand-in)."""
        facts = self._hook("design")
        if facts is None:
            return GENERIC
        if not isinstance(facts, DesignFacts):
            raise TcgError(f"{self.name}: its teaching table's design hook must be a DesignFacts, not {shown(facts)}")
        return facts

    def leads_back(self, state: Any, action: Any) -> bool:  # Any: a public boundary, checked by a game that has it
        """Whether ``action`` brings the current phase back to a position it has already been in (a circle that
        gains nothing: the heuristic player and the coach never choose it). Default: never."""
        return False

    # -- flows -----------------------------------------------------------------------------------
    @property
    def flows(self) -> dict[str, Flow]:
        """Every flow graph of the game by name (``turn`` first)."""
        raise NotImplementedError

    @property
    def turn_flow(self) -> Flow:
        """The flow graph of a turn (``flows["turn"]``), the one the stepper lights."""
        return self.flows["turn"]

    @property
    def flow(self) -> nx.DiGraph:
        """The game's flow graph as a ``networkx.DiGraph`` (nodes: phases/steps with en/ja labels and rule IDs)."""
        return self.turn_flow.to_networkx()

    @property
    def edge_set(self) -> frozenset[tuple[str, str]]:
        """The turn graph's transitions as (from, to) pairs: the tests check that play only takes these."""
        return self.turn_flow.edge_set

    # -- actions ---------------------------------------------------------------------------------
    syntax: ClassVar[ActionSyntax]

    def parse_action(self, text: Any) -> Action:  # Any: the parser checks it, also compiled
        """The action that ``text`` names (``str(action)`` round-trips); else ``IllegalActionError``."""
        return self.syntax.parse(text)

    def describe_action(self, action: Any, state: Any, lang: Any = "en") -> str:
        """An action in words: one legal in ``state`` now or taken in it before (else ``IllegalActionError``)."""
        raise NotImplementedError

    def describe_event(self, event: Any, state: Any, lang: Any = "en") -> str:
        """One line saying what ``event`` did in ``state``, in ``lang`` ("en" or "ja"), for the event log."""
        raise NotImplementedError

    def card_label(self, state: Any, card: Any, lang: Any = "en") -> str | None:
        """A card instance's short name for a button a person clicks (with its copy mark where two copies
        could be confused); None for a game whose cards have no names (the front ends then offer its
        actions as plain buttons)."""
        check_state(state, self)
        check_lang(lang)
        return None

    #: event data keys that name card instances
    CARD_KEYS: ClassVar[tuple[str, ...]] = ("card", "target", "attacker", "defender")

    def touches_opponent(self, state: Any, actor: Any, events: Any) -> bool:  # Any: checked here, also compiled
        """Whether an action of ``actor`` (with these events) moved or changed a card another player
        owns: the measure of interaction used by the design statistics."""
        check_player(actor, check_state(state, self), "actor")
        if not isinstance(events, (list, tuple)):
            raise TcgError(f"events must be a list of events, not {shown(events)}")
        for e in events:
            check_event(self, e, state, "en")
        return self._touches(state, actor, events)

    def _touches(self, state: Any, actor: int, events: Sequence[Any]) -> bool:
        """``touches_opponent`` for the engine's own events (the simulator's loop: checked by construction)."""
        owners = state.owners()
        n = len(owners)
        for e in events:
            data = e.data
            for key in self.CARD_KEYS:
                c = data.get(key)
                # a card of a game whose cards have no owners (n == 0) belongs to no one: it touches another player
                if isinstance(c, int) and not isinstance(c, bool) and c >= 0 and (c >= n or owners[c] != actor):
                    return True
            cards = data.get("cards")
            if cards and any(isinstance(c, int) and c >= 0 and (c >= n or owners[c] != actor) for c in cards):
                return True
        return False

    #: the keys of a secret event's data hidden from the other players (``Event.masked``): the cards
    SECRET_EVENT_KEYS: ClassVar[frozenset[str]] = SECRET_DATA_KEYS
    #: kinds of secret events whose action must be masked in other players' views
    SECRET_ACTION_EVENTS: ClassVar[frozenset[str]] = frozenset()
    #: state format version -> what changed in the game since files of that version were written (said when
    #: such a file cannot be replayed)
    FORMAT_NOTES: ClassVar[Mapping[int, str]] = {}

    def mask_action(self, action: Any) -> Action:  # Any: checked here, also compiled
        """The action as other players see it when its effect is secret (default: unchanged)."""
        return check_action(action)  # type: ignore[no-any-return]

    # -- decks -----------------------------------------------------------------------------------
    #: the rule cited for the card pool itself (an unknown card, an unknown starter deck)
    pool_rule: ClassVar[str] = ""

    def _starter_pool(self) -> Mapping[str, Mapping[str, Any]]:
        """Starter deck id -> {"cards", "name", "style"} (loaded from the game's data files); a game may
        have none (then front ends offer no deck choice)."""
        return {}

    def starter_decks(self) -> list[str]:
        """Names of the shipped starter decks."""
        return list(self._starter_pool())

    def starter_deck(self, name: Any) -> Deck:  # Any: checked here, also compiled
        """The starter deck called ``name`` (``starter_decks()`` lists them); ``DeckError`` for an unknown name."""
        pool = self._starter_pool()
        if not isinstance(name, str) or name not in pool:
            shown = repr(name) if len(repr(name)) <= 40 else repr(name)[:37] + "..."
            with_pool = "" if self.user_pool is None else f" with the card pool {self.user_pool.source}"
            raise DeckError(
                [
                    Violation(
                        self.pool_rule,
                        f"no starter deck named {shown}{with_pool}; the starter decks are: "
                        + (", ".join(pool) or "none (give every deck as its cards)"),
                    )
                ],
                shown,
            )
        d = pool[name]
        return Deck(name, d["cards"], d["name"], d["style"])

    def validate_deck(self, cards: Sequence[str]) -> list[Violation]:
        """Every deck-construction rule the list of card IDs breaks (DM-2 / DQ-2), as violations citing the rule; empty
        for a legal deck."""
        raise NotImplementedError

    def check_deck(self, deck: Any, label: Any = "deck") -> tuple[str, ...]:  # Any: checked here, also compiled
        """Normalise a deck (Deck, list of IDs, {id: count}, or a starter deck name) and
        raise ``DeckError`` listing every violated construction rule."""
        label = check_text(label, "label", limit=200)
        cards = self.deck_cards(deck, label)
        known = type(cards) is tuple  # (a Deck built by hand may hold a list)
        if known and cards in self._legal_decks:
            return cards
        violations = self.validate_deck(cards)
        if violations:
            raise DeckError(violations, label)
        if known and len(self._legal_decks) < 64:
            self._legal_decks.add(cards)
        return cards

    def deck_cards(self, deck: Any, label: Any = "deck") -> tuple[str, ...]:  # Any: checked here, also compiled
        """A deck's card IDs (a Deck, a list of IDs, {id: count} or a starter deck name), in order, without the
        construction rules (``check_deck`` checks those); a wrong form or a count past the deck size is a
        ``DeckError``."""
        return deck_cards(self, deck, check_text(label, "label", limit=200))

    # -- states ----------------------------------------------------------------------------------
    #: the rules cited for the seed of the set-up (DM-3.2) and for the choice of the first player (DM-3.3)
    seed_rule: ClassVar[str] = ""
    first_player_rule: ClassVar[str] = ""

    def new_state(  # Any: a public boundary, checked inside (compiled, a typed argument is mypyc's bare TypeError)
        self,
        seed: Any = 0,
        decks: Any = None,
        players: Any = None,
        first_player: Any = None,
    ) -> S:
        """A new game right after its set-up. Without ``decks`` the seats get the starter decks in turn
        (``starter_decks()`` order); ``first_player`` None: drawn by lot with the seed. The kernel checks
        the arguments (each error cites the game's rule), the game's ``_setup`` deals."""
        return self._setup(seed, check_new_state(self, seed, decks, players, first_player), first_player)

    def _setup(self, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> S:
        """The game's set-up (its rules' own ``new_state``), with arguments ``new_state`` has checked."""
        raise NotImplementedError

    def _state_from_setup(self, setup: dict[str, Any]) -> S:
        """The state right after set-up, from a saved ``setup`` (seed, players, first player, decks)."""
        from .errors import StateFileError

        for key in ("seed", "players", "first_player", "decks"):
            if key not in setup:
                raise StateFileError(f"setup.{key}", "missing")
        decks = setup["decks"]
        if not isinstance(decks, list):
            raise StateFileError("setup.decks", "expected a list of decks")
        try:
            return self.new_state(
                setup["seed"],
                [tuple(d) if isinstance(d, list) else d for d in decks],
                setup["players"],
                setup["first_player"],
            )
        except TcgError as exc:
            raise StateFileError("setup", str(exc)) from None

    def _new_instances(self, decks: tuple[tuple[str, ...], ...]) -> Any:
        raise NotImplementedError

    def _instances(self, decks: tuple[tuple[str, ...], ...]) -> Any:
        """Per-card facts for one set of decks, cached (they never change during play)."""
        cache = self._inst_cache
        inst = cache.get(decks)
        if inst is None:
            if len(cache) > 64:
                cache.clear()
            inst = cache[decks] = self._new_instances(decks)
        return inst

    def state_from_dict(self, data: Any) -> S:
        """Restore a state saved with ``state.to_dict()``; validated field by field."""
        from .statefile import load_state

        return load_state(self, data)

    #: where the game's rule texts are (a ``tcgteach-rules`` file), relative to the folder of its package
    rules_file: ClassVar[str] = ""

    def _rule_texts(self) -> Mapping[str, Mapping[str, Any]]:
        """Rule ID -> its texts, read once per process from ``rules_file`` (a game may override this)."""
        return rule_texts_of(type(self))

    def _checked_rule_texts(self) -> Mapping[str, Mapping[str, Any]]:
        """The rule texts, their named interpretations checked once against this game's options."""
        from .data import RuleTexts, check_rule_options

        texts = self._rule_texts()
        if isinstance(texts, RuleTexts) and texts.checked_options is not self.OPTION_SPECS:
            check_rule_options(texts, self.options.specs)
            texts.checked_options = self.OPTION_SPECS
        return texts

    def _rule_entry(self, rule_id: Any) -> Mapping[str, Any]:
        if not isinstance(rule_id, str):
            raise TcgError(
                f"rule_id must be a rule ID such as {next(iter(self.rule_ids()), '')!r}, not {shown(rule_id)}"
            )
        entry = self._checked_rule_texts().get(rule_id)
        if entry is None:
            raise TcgError(f"no {self.title.get('en', self.name)} rule {rule_id!r}")
        return entry

    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID that has a text, in the order of the rules (sections included, e.g. ``DQ-5``)."""
        return tuple(self._checked_rule_texts())

    def rule_text(self, rule_id: Any, lang: Any = "en") -> str:  # Any: checked here, also compiled
        """The project's own short statement of a rule (e.g. ``DM-4.4``), in English or Japanese."""
        check_lang(lang)
        text: Mapping[str, str] = self._rule_entry(rule_id)["text"]
        return text.get(lang, text["en"])

    def rule_title(self, rule_id: Any, lang: Any = "en") -> str:  # Any: checked here, also compiled
        """The title of the rule ``rule_id`` ("DM-4.4" ...) in ``lang``; ``TcgError`` for an unknown ID."""
        check_lang(lang)
        title: Mapping[str, str] = self._rule_entry(rule_id)["title"]
        return title.get(lang, title["en"])

    def rule_interpretations(self, rule_id: Any) -> tuple[str, ...]:  # Any: checked here, also compiled
        """The readings the rule contains, in the order of its lines: ``"fixed"`` for a fixed reading of a gap
        or contradiction in the source, else the name of the engine option that settles it (in
        ``self.options.specs``). Empty when the rule is stated by the source itself."""
        return tuple(self._rule_entry(rule_id).get("interpretation", ()))

    def rule_automation(self, rule_id: Any) -> tuple[str, ...]:
        """The engine options for automated play only that bound the rule (a simulation's safeguard: the
        repeat limit of DQ-6.4 and DM-4.6, DARK MOON's turn cap in DM-1.4), in ``self.options.specs``. They
        are not readings of the rule: a person's game has them off, a simulation on (``sim_defaults``)."""
        return tuple(self._rule_entry(rule_id).get("automation", ()))

    def rule_interpretation(self, rule_id: Any) -> str | None:  # Any: checked here, also compiled
        """``None``, ``"fixed"`` or the option name of the rule's first reading; a rule may hold several
        (DQ-6.14: ``wipe_out`` in step 1, ``status_tick`` in step 3), see ``rule_interpretations``."""
        marks = self.rule_interpretations(rule_id)
        return marks[0] if marks else None
