"""The game-agnostic state machinery: checked apply, undo by memento, clone, (de)serialisation.

A game's state subclasses :class:`State`, keeps its cards in ``self.zones`` (a list of lists of card instance
numbers, laid out by the game) and its other changing values in the attributes named by ``SCALARS`` (immutable
values: ints, strings, None, tuples). Before mutating a zone the game calls ``self._touch(index)``; ``apply`` then
saves just the zones an action touched plus the scalars, and ``undo`` puts them back (python-chess push/pop style)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ._mypyc import mypyc_attr
from .actions import field_problem, shown
from .errors import EngineError, IllegalActionError, TcgError
from .events import Event
from .frames import F_EVENTS, F_RNG, F_TRAIL, F_ZONES, Frame, save_zone
from .nocards import NO_CARDS
from .rng import Rng

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .generic import S


#: ``State._hidden_set``: id of a tuple ``_hidden_zones`` returned -> (that tuple, its indices as a set)
_HIDDEN_SETS: dict[int, tuple[tuple[int, ...], frozenset[int]]] = {}


#: how often the rollback of an interrupted ``apply`` (and the end of an interrupted ``undo``) is started again when
#: one more interrupt lands in it (a person holding Ctrl+C down): each start does all of it (it is idempotent)
_RETRIES: Final = 50


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, a game written in Python still subclasses it
class State:
    """Base class of every game's state. See the module docstring for the contract."""

    SCALARS: ClassVar[tuple[str, ...]] = ()
    #: zone names per player, in the order of ``zones`` (index = player * len(ZONES) + k)
    ZONES: ClassVar[tuple[str, ...]] = ()
    _get_scalars: ClassVar[Any] = None
    #: the number of the turn being played, every player's turns counted (1: the first turn); a game that counts
    #: turns lists ``turn`` in its ``SCALARS``; 0: the game counts none (front ends then show no turn)
    turn: int = 0
    #: ``node`` and the ``SCALARS``: what a frame of undo saves (set for each subclass)
    _scalar_names: ClassVar[tuple[str, ...]] = ("node",)

    __slots__ = (
        "game",
        "rng",
        "zones",
        "node",
        "history",
        "events",
        "trail",
        "_frames",
        "_saved",
        "_save_from",
        "_legal",
        "setup",
        "num_players",
        "viewer",
        "_masked",
        "_masked_hist",
        "__weakref__",
    )

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        names = ("node",) + cls.SCALARS
        getter = attrgetter(*names)
        cls._get_scalars = staticmethod(getter) if len(names) > 1 else staticmethod(lambda s: (getter(s),))
        cls._scalar_names = names

    # -- construction -------------------------------------------------------------------------
    def _init_base(self, game: Game, setup: dict[str, Any], num_players: int, seed_state: int) -> None:
        self.game = game
        self.setup = setup
        self.num_players = num_players
        self.rng = Rng(seed_state)
        self.zones: list[list[int]] = [[] for _ in range(num_players * len(self.ZONES))]
        self.node = game.turn_flow.nodes[0].id
        self.history: list[Action] = []
        self.events: list[Event] = []
        self.trail: list[tuple[str, str]] = []
        self._frames: list[Frame] = []
        self._saved: Frame | None = None  # (the frame of the action under way, its zone records from _save_from)
        self._save_from = 0
        self._legal: tuple[Action, ...] | None = None
        self.viewer: int | None = None
        #: per player: the events as that player sees them, and the history (``view``)
        self._masked: dict[int, list[Event]] = {}
        self._masked_hist: dict[int, list[Action]] = {}

    # -- the contract -----------------------------------------------------------------------
    def owners(self) -> tuple[int, ...]:
        """The seat that owns each card instance, in instance order (cards never change owner): one tuple for the
        game's card instances, the same object at every call (the kernel keys caches on it); empty (the
        default): the game's cards have no owners. ``owner``, the design statistics (``Game.touches_opponent``),
        the card checks and ``determinize`` read it."""
        return ()

    def owner(self, card: Any) -> int:  # Any: checked here, also compiled
        """The seat that owns card instance ``card`` (``owners()[card]``); a ``TcgError`` for anything but a card
        instance of this state."""
        owners = self.owners()
        if type(card) is not int or not 0 <= card < len(owners):
            if not owners:
                raise TcgError(f"owner(card): the cards of {self.game.name} have no owners")
            raise TcgError(
                f"owner(card): card is a card instance of this state, 0-{len(owners) - 1} (an int), not {shown(card)}"
            )
        return owners[card]

    @property
    def current_player(self) -> int | None:
        """The player who must decide now (None when the game is over)."""
        raise NotImplementedError

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal decision of ``current_player``, in a fixed order (cached until the state changes).

        On a view (``state.view(p)``) only player ``p``'s own decisions are known: the view of a
        player who is not to act lists none.
        """
        legal = self._legal
        if legal is None:
            if self.viewer is not None and self.viewer != self.current_player:
                legal = ()
            else:
                legal = self._legal_actions()
            self._legal = legal
        return legal

    def apply(self, action: Any) -> list[Event]:  # Any: a wrong type is an IllegalActionError, also compiled
        """Carry out a legal action and return its events; raise ``IllegalActionError`` otherwise.

        A rejected action leaves the state exactly as it was.
        """
        if self.viewer is not None:
            raise IllegalActionError(
                "this is a player's view of the game; apply actions to the real state", self.game.contract_rule
            )
        if isinstance(action, str):
            action = self.game.parse_action(action)
        legal = self._legal  # (the cache of ``legal_actions``, read here without a call)
        if legal is None:
            legal = self.legal_actions()
        for candidate in legal:  # identity first: legal lists hold interned actions
            if candidate is action:
                break
        else:
            action = _engine_action(self, action, legal)  # an equal action built by the caller, or an error
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply without checking legality (for search). An illegal action may corrupt the state.

        Atomic: an exception anywhere inside (a Ctrl+C, a notebook's "interrupt kernel", a bug of the game)
        leaves the state exactly as before the action, or, once the action and its undo frame are both
        recorded, exactly as after it. Every change is made inside the ``try``, and the rollback only
        puts back what was read before it (so it is idempotent, and done again if a second interrupt
        lands in it)."""
        events = self.events
        n_events = len(events)
        frame = self._frame(self.rng.state, n_events, len(self.trail))  # (before the action: its touched zones go in)
        legal = self._legal
        frames = self._frames
        n_frames = len(frames)
        history = self.history
        n_history = len(history)
        try:
            self._save_from = len(frame)  # (``_touch`` adds the zones it touches to the frame from here)
            self._saved = frame
            self._do(action)
            self._saved = None
            frames.append(frame)
            history.append(action)
            self._legal = None
        except BaseException:
            self._roll_back(frame, n_frames, n_history, legal)
            raise
        return events[n_events:]

    def _roll_back(self, frame: Frame, n_frames: int, n_history: int, legal: tuple[Action, ...] | None) -> None:
        """Put back the moment of ``frame`` after an action that did not complete: its touched zones, scalars,
        RNG, events and trail, the undo frames, history and legal actions as they were (``apply_unchecked``).
        Only assignments from values read before the action and cuts to saved lengths: done twice, it does
        the same; a second interrupt landing in it starts it again."""
        for _ in range(_RETRIES):
            try:
                self._saved = None
                self._restore(frame)
                del self._frames[n_frames:]
                del self.history[n_history:]
                for cache in self._masked_hist.values():
                    del cache[n_history:]
                self._legal = legal
                return
            except KeyboardInterrupt:
                continue

    def _scalar_values(self) -> tuple[Any, ...]:
        """``node`` and the ``SCALARS`` in order (what a frame of undo saves); a game may override it with
        the tuple written out (the compiled build then reads its attributes natively)."""
        return self._get_scalars(self)  # type: ignore[no-any-return]

    def _frame(self, rng_state: int, n_events: int, n_trail: int) -> Frame:
        """The undo frame of the next action (``core/frames.py``); a game may write the list out."""
        return [*self._scalar_values(), rng_state, n_events, n_trail]

    def undo(self) -> Action:
        """Take back the last action exactly; returns it. Raises ``IndexError``-free ``TcgError`` at the start.

        Atomic: the frame is read, not popped, and every change is a cut or an assignment from it, so an
        exception landing inside (a Ctrl+C) is answered by finishing the undo (the same steps again) before it
        goes on: the state is then exactly as before the action, never half of it."""
        frames = self._frames
        if not frames:
            raise TcgError("nothing to undo: no action has been applied to this state")
        frame = frames[-1]
        history = self.history
        action = history[-1]
        n_frames = len(frames) - 1
        n_history = len(history) - 1
        try:  # (the steps of ``_take_back``, written out: undo runs at every step of a search)
            self._restore(frame)
            self._legal = None
            del frames[n_frames:]
            del history[n_history:]
            for cache in self._masked_hist.values():
                del cache[n_history:]
        except BaseException:
            self._take_back(frame, n_frames, n_history)  # the steps again: the undo is finished, then the error goes on
            raise
        return action

    def _take_back(self, frame: Frame, n_frames: int, n_history: int) -> None:
        """The steps of ``undo``: put back the moment of ``frame`` and cut frames, history and the views' masked
        histories to their lengths before the action. Idempotent; a second interrupt landing in it starts it again."""
        for _ in range(_RETRIES):
            try:
                self._restore(frame)
                self._legal = None
                del self._frames[n_frames:]
                del self.history[n_history:]
                for cache in self._masked_hist.values():
                    del cache[n_history:]
                return
            except KeyboardInterrupt:
                continue

    def can_undo(self) -> bool:
        """Whether ``undo`` has an applied action to take back."""
        return bool(self._frames)

    def _restore(self, frame: Frame) -> None:
        """Put back the moment of ``frame``: its scalars, RNG, events, trail and touched zones."""
        names = self._scalar_names
        for i, name in enumerate(names):
            object.__setattr__(self, name, frame[i])
        ns = len(names)
        self.rng.state = frame[ns + F_RNG]
        zones = self.zones  # (``save_zone``: index, number of cards, cards; zone after zone, to the frame's end)
        i, n = ns + F_ZONES, len(frame)
        while i + 1 < n and i + 2 + frame[i + 1] <= n:  # (a record an interrupt cut short: a zone never changed)
            k: int = frame[i + 1]
            zones[frame[i]] = frame[i + 2 : i + 2 + k]
            i += k + 2
        n_events = frame[ns + F_EVENTS]
        del self.events[n_events:]
        del self.trail[frame[ns + F_TRAIL] :]
        for cache in self._masked.values():
            del cache[n_events:]

    def _touch(self, index: int) -> list[int]:
        """Save zone ``index`` for undo (first touch in this action only) and return it."""
        zone = self.zones[index]
        saved = self._saved
        if saved is not None:
            save_zone(saved, self._save_from, index, zone)
        return zone

    def _goto(self, node: str) -> None:
        """Move along an edge of the flow graph; anything else is an engine bug."""
        game = self.game
        edges = game._edges
        if edges is None:
            edges = game._edges = game.edge_set
        edge = (self.node, node)
        if edge not in edges:
            raise EngineError(f"{self.game.name}: no edge {self.node} -> {node} in the flow graph")
        self.trail.append(edge)
        self.node = node

    def _emit(self, kind: str, rule: str, player: int | None, secret: int | None = None, **data: Any) -> Event:
        event = Event(kind, rule, player, data, secret)
        self.events.append(event)
        return event

    def _emit_data(self, kind: str, rule: str, player: int | None, data: dict[str, Any]) -> Event:
        """``_emit`` of an event whose data is a dict the caller made and hands over (compiled, a call with
        ``**data`` would go through the interpreter's calling convention to gather a copy of it)."""
        event = Event(kind, rule, player, data)
        self.events.append(event)
        return event

    @property
    def last_transitions(self) -> list[tuple[str, str]]:
        """The flow-graph edges the last action moved along (for highlighting)."""
        if not self._frames:
            return list(self.trail)
        return self.trail[self._frames[-1][len(self._scalar_names) + F_TRAIL] :]

    def clone(self) -> State:
        """An independent copy (undo history included), written by hand: no deepcopy."""
        new = type(self).__new__(type(self))  # not object.__new__: it refuses a compiled class
        for name in self._scalar_names:
            object.__setattr__(new, name, getattr(self, name))
        new.game = self.game
        new.setup = self.setup
        new.num_players = self.num_players
        new.rng = Rng(self.rng.state)
        new.zones = [z[:] for z in self.zones]
        new.history = self.history[:]
        new.events = self.events[:]
        new.trail = self.trail[:]
        new._frames = self._frames[:]  # frames are never mutated after they are pushed
        new._saved = None
        new._legal = self._legal
        new.viewer = self.viewer
        new._masked = {}
        new._masked_hist = {}
        self._clone_extra(new)
        return new

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A state of a game in progress pickles as its game, its set-up and its history, and is rebuilt by
        playing the history again (the compiled build cannot restore the games' compiled per-card facts, events
        or generator field by field: their constructors take arguments). A player's view, or a state made from
        one (``determinize``), has no set-up to replay: it pickles field by field (the pure build only)."""
        if self.viewer is None and len(self._frames) == len(self.history) and self.setup.get("seed") is not None:
            return (_unpickle_state, (self.game, self.setup, list(self.history)))
        return object.__reduce_ex__(self, protocol)

    def _clone_extra(self, new: State) -> None:
        """Copy game-specific slots that are not scalars, zones or base fields."""

    # -- hidden information ----------------------------------------------------------------
    def view(self, player: Any) -> State:  # Any: a wrong type gets a TcgError, also compiled
        """What ``player`` may see: opponents' hands and every deck order hidden (cards shown as -1).

        A view can list legal actions of ``player`` and be rendered, but not be applied to.

        Taken at every decision of an agent, so it costs no Python work per past action: the masked
        events and the masked history are kept per player and extended by the actions since the last
        view (cut back by ``undo``); the zones that hold cards are copied, the empty ones share one
        read-only empty list. The view of the player to move shares the state's legal actions.
        """
        if type(player) is not int or not 0 <= player < self.num_players:
            raise _bad_player("view", player, self.num_players)
        v = type(self).__new__(type(self))  # not object.__new__: it refuses a compiled class
        self._copy_scalars(v)
        v.game = self.game
        v.num_players = self.num_players
        v.rng = Rng(0)  # the generator's state would predict every hidden shuffle
        v.setup = dict(self.setup, seed=None)  # so would the seed
        src = self.zones
        # the zones that hold cards are copied; the empty ones (most of a game's zones: Dragon Quest has a damage
        # pile and an item slot per card) all get the one read-only empty list, so a view allocates no list for them
        zones = [NO_CARDS] * len(src)
        hidden = self._hidden_set(player)
        for idx in compress(range(len(src)), src):
            z = src[idx]
            zones[idx] = [-1] * len(z) if idx in hidden else z[:]
        v.zones = zones
        v.history = self._masked_history(player)[:]
        events = self.events
        cache = self._masked.get(player)
        if cache is None:
            cache = self._masked[player] = []
        if len(cache) < len(events):
            keys = self.game.SECRET_EVENT_KEYS
            cache.extend([e.masked(player, keys) for e in events[len(cache) :]])
        v.events = cache[:]
        v.trail = self.trail[:]
        v._frames = []
        v._saved = None
        # the player to move sees their own decisions: the same list as the state's (a contract the
        # conformance checker tests), so it is worked out once per decision, not for the view and again for apply
        v._legal = self.legal_actions() if self.viewer is None and player == self.current_player else None
        v.viewer = player
        v._masked = {}
        v._masked_hist = {}
        self._clone_extra(v)
        self._mask_view(v, player)
        return v

    def _copy_scalars(self, new: State) -> None:
        """Set ``node`` and the ``SCALARS`` of ``new`` to this state's (for ``view``); a game may override it
        with the assignments written out."""
        for name, value in zip(self._scalar_names, self._scalar_values(), strict=True):
            object.__setattr__(new, name, value)

    def _hidden_set(self, player: int) -> frozenset[int]:
        """``_hidden_zones(player)`` as a set (kept beside it: its tuple is kept on the game)."""
        hidden = self._hidden_zones(player)
        hit = _HIDDEN_SETS.get(id(hidden))
        if hit is None or hit[0] is not hidden:
            hit = _HIDDEN_SETS[id(hidden)] = (hidden, frozenset(hidden))
        return hit[1]

    def _masked_history(self, player: int) -> list[Action]:
        """The history as ``player`` sees it, kept per player and extended by the actions since the last view: an
        action whose events are secret to another player is shown masked (e.g. which card went face down under a
        deck)."""
        history = self.history
        secret_kinds = self.game.SECRET_ACTION_EVENTS
        frames = self._frames
        if not secret_kinds or len(frames) != len(history):
            # (a state made from a view, e.g. by determinize(), has no frames: its history is already masked)
            return history
        cache = self._masked_hist.get(player)
        if cache is None:
            cache = self._masked_hist[player] = []
        if len(cache) < len(history):
            events = self.events
            mask = self.game.mask_action
            n, at = len(frames), len(self._scalar_names) + F_EVENTS
            for i in range(len(cache), n):
                end = frames[i + 1][at] if i + 1 < n else len(events)
                action = history[i]
                for k in range(frames[i][at], end):
                    e = events[k]
                    if e.kind in secret_kinds and e.secret is not None and e.secret != player:
                        action = mask(action)
                        break
                cache.append(action)
        return cache

    def _hidden_zones(self, player: int) -> tuple[int, ...]:
        """Indices of the zones hidden from ``player``: fixed for a game's card instances and zone
        layout, so computed once and kept on the game (a view is taken at every decision). The key is the
        identity of the card instances' owners (``owners()``: one tuple per set of decks, kept by the game)."""
        cache = self.game._hidden_zone_cache
        inst = self.owners()
        key = (id(inst), len(self.zones), self.num_players, player)
        hit = cache.get(key)
        if hit is not None and hit[0] is inst:
            known: tuple[int, ...] = hit[1]
            return known
        hidden = []
        for idx in range(len(self.zones)):
            owner, zname = self._zone_info(idx)
            if self._zone_hidden(zname, owner, player):
                hidden.append(idx)
        found = tuple(hidden)
        if len(cache) > 256:  # (an ``owners()`` that makes a new tuple at each call would fill it)
            cache.clear()
        cache[key] = (inst, found)
        return found

    def _zone_hidden(self, zone: str, owner: int, viewer: int) -> bool:
        """Whether ``viewer`` may not see the cards of this zone. Must depend on its arguments only
        (the answer is cached per game, see ``_hidden_zones``)."""
        return zone == "deck" or (zone == "hand" and owner != viewer)

    def _mask_view(self, view: State, player: int) -> None:
        """Hide game-specific secrets (e.g. a peeked card) in ``view``."""

    def _after_determinize(self) -> None:
        """Fill game-specific secrets masked by ``_mask_view`` from the dealt cards."""

    # -- zones ---------------------------------------------------------------------------------
    def zone(self, player: Any, name: Any) -> list[int]:  # Any: checked here, also compiled
        """The cards (instance numbers) in a zone of a player (``ZONES`` names them). Do not mutate."""
        names = self.ZONES
        if type(player) is not int or not 0 <= player < self.num_players:
            raise _bad_player("zone", player, self.num_players)
        if type(name) is not str or name not in names:
            raise TcgError(f"zone(player, name): no zone {shown(name)}; the zones are: {', '.join(names)}")
        return self.zones[player * len(names) + names.index(name)]

    def _zone_info(self, index: int) -> tuple[int, str]:
        """(owner, name) of zone ``index``; games with extra zones (piles on cards) override it."""
        n = len(self.ZONES)
        return index // n, self.ZONES[index % n]

    def _zone_label(self, index: int) -> str:
        owner, name = self._zone_info(index)
        return f"p{owner}.{name}"

    def all_zones(self) -> list[tuple[int, str, list[int]]]:
        """Every zone as (owner, name, cards)."""
        return [self._zone_info(i) + (z,) for i, z in enumerate(self.zones)]

    # -- game-specific hooks -------------------------------------------------------------------
    def _legal_actions(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        return (f"{action} is not legal now", self.game.contract_rule)

    def is_terminal(self) -> bool:
        """Whether the game is over (then ``result()`` says who won and by which rule)."""
        raise NotImplementedError

    def result(self) -> Any:
        """The ``Outcome`` of a finished game (winners, scores, the rule that ended it); None while it goes on."""
        raise NotImplementedError

    # -- serialisation ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot that ``game.state_from_dict`` restores exactly (history included)."""
        return {
            "format": "tcgteach-state",
            "version": STATE_VERSION,
            "game": self.game.name,
            **({} if self.game.user_pool is None else {"cards": self.game.user_pool.digest}),
            "options": dict(self.game.options),
            "setup": _jsonable(self.setup),
            "node": self.node,
            "scalars": {name: _jsonable(getattr(self, name)) for name in self.SCALARS},
            "zones": {self._zone_label(i): list(z) for i, z in enumerate(self.zones)},
            "rng": format(self.rng.state, "016x"),
            "history": [str(a) for a in self.history],
            "events": [e.to_dict() for e in self.events],
            "trail": [list(t) for t in self.trail],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # states are mutable


#: 2: the options added since version 1 are written out (version 1 files are read with their legacy
#: values, see ``options_of_file``); game states may have gained scalars that version 1 did not write
STATE_VERSION = 2


def _unpickle_state(game: Game, setup: dict[str, Any], history: list[Action]) -> State:
    """``State.__reduce_ex__``: the state after ``history`` from ``setup``, played with the unchecked apply (the
    history is the state's own)."""
    state = game._state_from_setup(setup)
    for action in history:
        state.apply_unchecked(action)
    return state


def _bad_player(method: str, player: Any, n: int) -> TcgError:
    if type(player) is not int:
        what = f"{shown(player)} ({type(player).__name__})"
        return TcgError(f"{method}(player): player is a seat number 0-{n - 1} (an int), not {what}")
    return TcgError(f"{method}(player): no player {player} in a {n}-player game (players are 0-{n - 1})")


def _engine_action(state: State, action: Any, legal: tuple[Action, ...]) -> Action:
    """The engine's own legal action equal to the caller's ``action`` (so the state never holds the
    caller's object), or ``IllegalActionError``: for a field of the wrong type (``Play(False)`` equals
    ``Play(0)``, ``Play(41.0)`` equals nothing) the error names the field and the action's rule."""
    problem = field_problem(action)
    if problem is not None:
        game = state.game
        cls = type(action)
        mine = game.syntax.by_verb.get(str(getattr(cls, "VERB", ""))) is cls  # an action class of this game
        rule = cls.RULE if mine and cls.RULE else game.contract_rule
        raise IllegalActionError(problem, rule, legal)
    for candidate in legal:  # same class, equal fields of the same exact types: the same value
        if candidate == action:
            return candidate
    message, rule = state._why_illegal(action)
    raise IllegalActionError(message, rule, legal)


def _jsonable(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        # a frozen dataclass scalar (a game's named value) is written as the tuple of its fields, in order
        return [_jsonable(getattr(value, f.name)) for f in fields(value)]
    return value


def load_state(game: Game[S], data: Any) -> S:
    """Rebuild a state from ``to_dict`` output (``tcgteach.core.statefile.load_state``: checked field by field)."""
    from .statefile import load_state as load

    return load(game, data)
