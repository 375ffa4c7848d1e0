"""A ``Game`` holds what does not change during play: options, card pool, flow graphs, decks.

It makes states (``new_state``) and reads them back (``state_from_dict``). One subclass per game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ._mypyc import mypyc_attr
from .checks import check_action, check_event, check_lang, check_mapping, check_player, check_state, check_text, shown
from .errors import DeckError, TcgError, Violation
from .options import Options, OptionSpec

if TYPE_CHECKING:
    import random

    import networkx as nx

    from .actions import Action, ActionSyntax
    from .flow import Flow
    from .state import State

#: a rule's moment (``Game.rule_moments``): ``(before, after) -> {"en": ..., "ja": ...} | None``
RuleMoment = Callable[["State | None", "State"], "Mapping[str, str] | None"]


@dataclass(frozen=True)
class Deck:
    """A named list of card IDs (one entry per physical card)."""

    name: str
    cards: tuple[str, ...]
    title: Mapping[str, str] | None = None
    style: Mapping[str, str] | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.cards:
            out[c] = out.get(c, 0) + 1
        return out


@dataclass(frozen=True)
class Reason:
    """Why an action is good (or what it risks), in game terms: one sentence ``text`` resting on ``rule``
    (a rule ID of the game, e.g. ``DM-4.4``). ``Game.explain_choice`` gives them; the coach's hint says them."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


#: CardPool fingerprint -> the pool, in this process: a pool sent to a worker process (pickled with its game
#: or with a simulation's task) is checked and parsed once there, not once per task
_POOLS: dict[tuple[str, str], CardPool] = {}


class CardPool:
    """A card pool the user gave (``tcgteach.game(name, cards=PATH_OR_DICT)``): its cards, its data (the pool's
    own copy, validated), where it came from and its fingerprint (``sha256:`` and 16 hex digits of the data
    written canonically). The fingerprint travels with everything the game makes (saved states, records,
    simulation records), so none of them is ever read back with another pool. It pickles as its data and
    is parsed again (once per process) where it is unpickled."""

    def __init__(self, game: str, cards: Mapping[str, Any], data: Any, source: str, digest: str) -> None:
        self.game = game
        self.cards = cards
        self.data = data
        self.source = source
        self.digest = digest

    def __str__(self) -> str:
        return f"{self.digest} ({self.source})"

    def __repr__(self) -> str:
        return f"<CardPool {self.game} {self} {len(self.cards)} cards>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle_pool, (self.game, self.data, self.source, self.digest))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardPool) and (self.game, self.digest) == (other.game, other.digest)

    def __hash__(self) -> int:
        return hash((self.game, self.digest))


def fingerprint(data: Any) -> str:
    """``sha256:`` and the first 16 hex digits of the SHA-256 of ``data`` as canonical JSON."""
    import hashlib
    import json

    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _unpickle_pool(game: str, data: Any, source: str, digest: str) -> CardPool:
    pool = _POOLS.get((game, digest))
    if pool is None:
        import tcgteach

        pool = tcgteach.game_class(game).load_pool(data)
    return pool if pool.source == source else CardPool(game, pool.cards, pool.data, source, pool.digest)


def _unpickle_game(cls: type[Game], options: dict[str, Any], pool: CardPool | None) -> Game:
    return cls(options) if pool is None else cls(options, cards=pool)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, a game written in Python still subclasses it
class Game:
    """Base class: subclasses set ``name``, ``OPTION_SPECS`` and implement the hooks."""

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

    def with_options(self, options: Any) -> Game:  # Any: checked here, also compiled
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
        if isinstance(cards, CardPool):
            if cards.game != cls.name:
                raise TcgError(f"this is a {cards.game} card pool, not one for {cls.name}")
            return cards
        if not cls.card_schema:
            raise TcgError(f"{cls.name} has no card pool of its own to replace")
        from pathlib import Path

        from .data import load_json
        from .schema import check_json, file_fail

        if isinstance(cards, dict):
            source = "<cards>"
            check_json(cards, file_fail(source))  # plain bounded JSON: the copy below cannot recurse too deep
            import copy

            data: Any = copy.deepcopy(cards)  # Any: a file may hold any JSON (compiled, a dict local refuses null)
        elif isinstance(cards, (str, Path)):
            source = check_text(str(cards), "cards (a path)", limit=4096)
            data = load_json(cards)
        else:
            raise TcgError(f"cards= takes a path to a card file or its data as a dict, not {type(cards).__name__}")
        digest = fingerprint(data)
        known = _POOLS.get((cls.name, digest))
        if known is not None:  # the very same data, checked before in this process
            return known if known.source == source else CardPool(cls.name, known.cards, known.data, source, digest)
        pool = CardPool(cls.name, cls.parse_cards(data, source), data, source, digest)
        if len(_POOLS) >= 64:  # a designer editing a file again and again: keep the memory bounded
            _POOLS.clear()
        _POOLS[(cls.name, digest)] = pool
        return pool

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
    }

    @property
    def capabilities(self) -> frozenset[str]:
        """The optional capabilities this game has (names of ``CAPABILITIES``, plus ``"cards"`` when a
        user card pool can replace its own): shared tests and front ends test a hook only when the game
        declares it, so a game without a coach is not failed for lacking one."""
        cls = type(self)
        found = {c for c, hook in self.CAPABILITIES.items() if getattr(cls, hook) is not getattr(Game, hook)}
        if cls.card_schema:
            found.add("cards")
        return frozenset(found)

    # -- what agents and front ends ask of the game (each game answers from its own package) ----------
    def heuristic_policy(self) -> Any:
        """A new rule-of-thumb policy (``act(view, legal, rng) -> action``) for ``HeuristicAgent``, or
        None: the heuristic player then plays at random, but legally."""
        return None

    def position_value(self, state: State) -> list[float] | None:
        """The coach's estimate of each player's chance in [0, 1] for a game not over yet, or None
        (then every player counts 0.5)."""
        return None

    def rollout_policy(self) -> Callable[[State, tuple[Action, ...], random.Random], Action] | None:
        """The coach's fast playout rule ``(state, legal, rng) -> action``, or None (uniform random)."""
        return None

    def explain_choice(self, view: State, action: Action, lang: str = "en") -> list[Reason]:
        """Why ``action`` is worth taking in ``view`` (a player's view: the reasons use only what that
        player may know), most telling first, each citing its rule; empty when the game has nothing to
        say (the coach's hint then gives only its confidence)."""
        return []

    def render_board(self, state: State, *, lang: str = "en", perspective: int | None = None) -> str:
        """The board of ``state`` as an HTML fragment (see ``tcgteach.viz.board_html``)."""
        raise TcgError(f"{self.name} has no board renderer (Game.render_board)")

    def explain_combat(self, state: Any, lang: Any = "en") -> list[str] | None:  # Any: checked here, also compiled
        """Lines explaining the latest fight of ``state`` (empty before the first one), or None when the
        game has no combat to explain (then ``CombatView`` refuses it)."""
        check_state(state, self)
        check_lang(lang)
        return None

    def quiz_kinds(self) -> Mapping[str, Any]:
        """The kinds of quiz questions (``tcgteach.quiz``): kind -> ``maker(game, rng, lang) -> Question``,
        in the order a quiz offers them. Default: none (the game has no quiz)."""
        return {}

    def rule_moments(self) -> Mapping[str, RuleMoment]:
        """Moments of play where a rule acts that no event, refusal or step names (the rule explorer's
        ``state`` examples, ``tcgteach.explorer``): rule ID -> ``moment(before, after)``. ``after`` is the
        state after an action, ``before`` the state before it (None: ``after`` is a game just set up);
        the moment answers the sentence saying what the rule does there, ``{"en": ..., "ja": ...}``, or
        None when the rule does not show at this step. The explorer keeps the first step of a seeded game
        where it answers. For a rule that defines a quantity (the moment it changes), acts inside another
        rule's processing, or says what the game does not have (the moment it would have applied).
        Default: none."""
        return {}

    # -- flows -----------------------------------------------------------------------------------
    @property
    def flows(self) -> dict[str, Flow]:
        """Every flow graph of the game by name (``turn`` first)."""
        raise NotImplementedError

    @property
    def turn_flow(self) -> Flow:
        return self.flows["turn"]

    @property
    def flow(self) -> nx.DiGraph:
        """The game's flow graph as a ``networkx.DiGraph`` (nodes: phases/steps with en/ja labels and rule IDs)."""
        return self.turn_flow.to_networkx()

    @property
    def edge_set(self) -> frozenset[tuple[str, str]]:
        return self.turn_flow.edge_set

    # -- actions ---------------------------------------------------------------------------------
    syntax: ClassVar[ActionSyntax]

    def parse_action(self, text: Any) -> Action:  # Any: the parser checks it, also compiled
        return self.syntax.parse(text)

    def describe_action(self, action: Any, state: Any, lang: Any = "en") -> str:
        """An action in words: one legal in ``state`` now or taken in it before (else ``IllegalActionError``)."""
        raise NotImplementedError

    def describe_event(self, event: Any, state: Any, lang: Any = "en") -> str:
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
        owner = state.owner
        for e in events:
            data = e.data
            for key in self.CARD_KEYS:
                c = data.get(key)
                if isinstance(c, int) and not isinstance(c, bool) and c >= 0 and owner(c) != actor:
                    return True
            cards = data.get("cards")
            if cards and any(isinstance(c, int) and c >= 0 and owner(c) != actor for c in cards):
                return True
        return False

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
        label = check_text(label, "label", limit=200)
        if isinstance(deck, Deck):
            return deck.cards
        if isinstance(deck, str):
            return self.starter_deck(deck).cards
        if isinstance(deck, Mapping):
            size = self.deck_size
            out: list[str] = []
            for cid, n in deck.items():
                if not isinstance(cid, str):
                    raise DeckError(
                        [Violation(self.contract_rule, f"card IDs must be strings, not {_clip(cid)}")], label
                    )
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise DeckError(
                        [
                            Violation(
                                self.contract_rule,
                                f"count of {_clip(cid)} must be a whole number >= 0, not {_clip(n)}",
                                (cid,),
                            )
                        ],
                        label,
                    )
                # a count above the deck size is refused before any list is made (10**20 copies would not fit)
                if size and (n > size or len(out) + n > size):
                    total = len(out) + n
                    raise DeckError(
                        [
                            Violation(
                                self.size_rule,
                                f"{_clip(n)} copies of {_clip(cid)} make {_clip(total)} cards or more; "
                                f"a deck has exactly {size}",
                                (cid,),
                                n,
                                size,
                            )
                        ],
                        label,
                    )
                out.extend([cid] * n)
            return tuple(out)
        if isinstance(deck, (list, tuple)):
            size = self.deck_size
            if size and len(deck) > 4 * size:  # far too many cards: said at once, without checking each of them
                raise DeckError(
                    [
                        Violation(
                            self.size_rule,
                            f"the deck has {len(deck):,} cards; it must have exactly {size}",
                            (),
                            len(deck),
                            size,
                        )
                    ],
                    label,
                )
            bad = [c for c in deck if not isinstance(c, str)]
            if bad:
                raise DeckError(
                    [Violation(self.contract_rule, f"card IDs must be strings, not {_clip(bad[0])}")], label
                )
            return tuple(deck)
        raise DeckError(
            [
                Violation(
                    self.contract_rule,
                    f"a deck must be a Deck, a starter deck name, a list of card IDs "
                    f"or a mapping of ID to count, not {type(deck).__name__}",
                )
            ],
            label,
        )

    # -- states ----------------------------------------------------------------------------------
    def new_state(  # Any: a public boundary, checked inside (compiled, a typed argument is mypyc's bare TypeError)
        self,
        seed: Any = 0,
        decks: Any = None,
        players: Any = None,
        first_player: Any = None,
    ) -> State:
        raise NotImplementedError

    def _state_from_setup(self, setup: dict[str, Any]) -> State:
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

    def state_from_dict(self, data: Any) -> State:
        """Restore a state saved with ``state.to_dict()``; validated field by field."""
        from .state import load_state

        return load_state(self, data)

    def _rule_texts(self) -> Mapping[str, Mapping[str, Any]]:
        raise NotImplementedError

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

    def rule_marks(self, rule_id: Any, lang: Any = "en") -> list[str]:  # Any: checked here, also compiled
        """One visible line per reading of the rule, e.g. "[interpretation: option `wipe_out`, default
        after_own_turn] ..." with the default's meaning from ``self.options.specs`` (en or ja)."""
        check_lang(lang)
        ja = lang == "ja"
        lines = []
        for mark in self.rule_interpretations(rule_id):
            spec = self.options.specs.get(mark)
            if spec is None:
                lines.append("［解釈］" if ja else "[interpretation]")
                continue
            head = (
                f"［解釈：オプション `{spec.name}`、既定値 {_shown(spec.default)}］"
                if ja
                else f"[interpretation: option `{spec.name}`, default {_shown(spec.default)}] "
            )
            lines.append(head + _meaning(spec, lang))
        for name in self.rule_automation(rule_id):
            spec = self.options.specs[name]
            sim = self.sim_defaults.get(name, spec.default)
            default, in_sims = _shown(spec.default), _shown(sim)
            head = (
                f"［自動対戦用：オプション `{name}`、既定値 {default}、シミュレーションでは {in_sims}］"
                if ja
                else f"[automated play: option `{name}`, default {default}, in simulations {in_sims}] "
            )
            lines.append(head + spec.explain.get(lang, spec.explain["en"]))
        return lines


def _clip(value: Any) -> str:
    """``repr(value)``, cut to 40 characters (a count of 10**4000 would fill the screen)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out in full
        return f"a number of {value.bit_length()} bits"
    return text if len(text) <= 40 else text[:37] + "..."


def _meaning(spec: OptionSpec, lang: str) -> str:
    """What the option's values do: one line per value (the default first) where the spec has them,
    else its explanation, followed by the values it does not name."""
    ja = lang == "ja"
    order = [spec.default] + [c for c in spec.choices if c != spec.default]
    if spec.values and all(v in spec.values for v in order):
        sep = "／" if ja else "; "
        return sep.join(
            f"{_shown(v)}{'：' if ja else ': '}{spec.values[v].get(lang, spec.values[v]['en'])}" for v in order
        )
    text = spec.explain.get(lang, spec.explain["en"])
    unnamed = [_shown(v) for v in order if v is not None and f"'{_shown(v)}'" not in text and f"'{v}'" not in text]
    if spec.choices and unnamed:
        values = ("、" if ja else ", ").join(_shown(v) for v in order)
        text += f"（値：{values}）" if ja else f" (values: {values})"
    return text


def _shown(value: Any) -> str:
    """An option value as typed on the command line (``--option name=value``)."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def check_choice(view: Any, action: Any, lang: Any) -> None:  # Any: checked here, also compiled
    """What ``Game.explain_choice`` accepts: a player's view, one of its legal actions, ``en`` or ``ja``."""
    from .actions import Action, field_problem

    game = check_state(view, None, "view").game
    if lang not in ("en", "ja"):
        raise TcgError(f"unknown language {lang!r}: choose 'en' or 'ja'")
    if getattr(view, "viewer", None) is None:
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


def check_players(game: Game, players: Any) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not game.min_players <= players <= game.max_players:
        span = (
            f"{game.min_players}" if game.min_players == game.max_players else f"{game.min_players}-{game.max_players}"
        )
        raise TcgError(f"[{game.contract_rule}] {game.name} is for {span} players, not {players!r}")
    return players
