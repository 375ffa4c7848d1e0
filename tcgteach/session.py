"""A game in play: one state and, per seat, an agent or a person (``None``). No user interface.

Every front end drives a ``Session`` (the stepper, the combat view and the classroom widgets, ``tcgteach
play``, the lesson helpers and the simulator), so the play loop exists once: apply an action, let the
agent to move play, undo, take back to a person's last decision, advance until a person must decide,
and a transaction that undoes a whole failed click.

>>> import tcgteach
>>> from tcgteach.agents import RandomAgent
>>> s = Session(tcgteach.game("darkmoon").new_state(seed=3), [None, RandomAgent(1)])
>>> moved = s.advance()      # the agents play until the person (seat 0) must decide
>>> s.person_to_move()
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from .agents.base import RandomAgent
from .core.checks import check_int, check_player, check_state, shown
from .core.errors import TcgError

if TYPE_CHECKING:
    from .agents.base import Agent
    from .core.actions import Action
    from .core.events import Event
    from .core.state import State

#: the default cap of ``Session.advance``: agents that never end a game must not hang a front end
ADVANCE_LIMIT = 5000


class StepLimitError(TcgError):
    """``Session.advance`` stopped after ``limit`` agent moves without a person's decision (the moves are
    undone: the game is as it was)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"the agents made {limit} moves without a person's decision; the game is back where it was")


@dataclass(frozen=True)
class PlayOut:
    """What ``Session.play_out`` counted: decisions made, per seat, legal actions summed over the decisions,
    the actions that touched another player, and whether ``max_steps`` stopped the game before its end."""

    steps: int
    decisions: list[int]
    legal_actions: int
    interactions: int
    capped: bool


def _check_seats(state: Any, agents: Any) -> None:
    """A state, and one agent (an object with ``act(view)``) or None (a person) per seat."""
    check_state(state)
    if not isinstance(agents, (list, tuple)):
        raise TcgError(f"agents must be a list of one agent (or None for a person) per seat, not {shown(agents)}")
    for a in agents:
        if a is not None and not callable(getattr(a, "act", None)):
            raise TcgError(f"an agent is an object with act(view), or None for a person, not {shown(a)}")


class Session:
    """``state`` with ``agents`` (one per seat: an object with ``act(view)``, or ``None`` for a person).

    ``actors`` says who took each action applied through the session (``state.history`` may hold earlier
    ones, from before the session); ``version`` grows with every change of the position, so a front end
    can refuse a button made for an earlier one.
    """

    def __init__(self, state: State, agents: Sequence[Agent | None], *, auto_forced: bool = False) -> None:
        _check_seats(state, agents)
        if not isinstance(auto_forced, bool):
            raise TcgError(f"auto_forced must be True or False, not {shown(auto_forced)}")
        if len(agents) != state.num_players:
            raise TcgError(f"agents: {len(agents)} given for {state.num_players} players")
        self.state = state
        self.agents: list[Agent | None] = list(agents)
        self.actors: list[int | None] = []
        #: per action in ``actors``: whether the session took it by itself (a forced decision)
        self.forced: list[bool] = []
        #: per action in ``actors``: the index in ``state.events`` of its first event
        self.starts: list[int] = []
        #: take every forced decision (exactly one legal action) by itself, a person's or an agent's
        self.auto_forced = auto_forced
        self.version = 0

    # -- who decides ----------------------------------------------------------------------------------
    def persons(self) -> list[int]:
        """The seats played by a person."""
        return [i for i, a in enumerate(self.agents) if a is None]

    def person_to_move(self) -> bool:
        """Whether a person must decide now (False at the end of the game)."""
        seat = self.state.current_player
        return seat is not None and self.agents[seat] is None

    def agent_to_move(self) -> Agent | None:
        """The agent that decides now (None at the end or when a person decides)."""
        seat = self.state.current_player
        return None if seat is None else self.agents[seat]

    # -- moves ----------------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action of the player to move (checked: an illegal one raises and changes nothing);
        then, with ``auto_forced``, the forced decisions that follow (their events included)."""
        if not self.auto_forced:
            return self._apply_one(action, False)
        with self.transaction():  # the move and the forced decisions after it: all of them or none
            events = self._apply_one(action, False)
            return events + self.take_forced()

    def _apply_one(self, action: Action | str, forced: bool) -> list[Event]:
        """Apply one action and record who took it, atomically: an exception (a Ctrl+C) landing between the
        state's apply and the record takes the action back, so ``actors`` always matches the history."""
        state = self.state
        actor = state.current_player
        start = len(state.events)
        n_history = len(state.history)
        n_actors = len(self.actors)
        try:
            events = state.apply(action)
            self.actors.append(actor)
            self.forced.append(forced)
            self.starts.append(start)
            self.version += 1
        except BaseException:
            self._cut(n_history, n_actors)
            raise
        return events

    def _cut(self, n_history: int, n_actors: int) -> None:
        """Undo the state back to ``n_history`` actions and the records back to ``n_actors``. Idempotent (each
        step is an undo while the history is longer, or a cut to a length): a caller interrupted in it does it
        again."""
        state = self.state
        if len(state.history) <= n_history and max(len(self.actors), len(self.forced), len(self.starts)) <= n_actors:
            return  # nothing to cut (an illegal action refused: the version stays)
        while len(state.history) > n_history:
            state.undo()
        self.version += 1
        del self.actors[n_actors:]
        del self.forced[n_actors:]
        del self.starts[n_actors:]

    def forced_action(self) -> Action | None:
        """The only legal action of the player to move, if there is exactly one (None at the end too)."""
        if self.state.current_player is None:
            return None
        legal = self.state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def take_forced(self, limit: int = ADVANCE_LIMIT) -> list[Event]:
        """Take the forced decisions in a row (whoever's they are), each marked in ``forced``; their events.
        Nothing happens unless ``auto_forced`` is on."""
        check_int(limit, "limit", 0)
        events: list[Event] = []
        if not self.auto_forced:
            return events
        for _ in range(limit):
            action = self.forced_action()
            if action is None:
                break
            events += self._apply_one(action, True)
        return events

    def forced_moves(self) -> dict[int, tuple[int | None, Action]]:
        """The forced decisions taken in this session, by the index in ``state.events`` of their first
        event: ``(seat, action)`` (for a log that says "(forced) P1 passes")."""
        history = self.state.history
        base = len(history) - len(self.actors)
        return {self.starts[i]: (self.actors[i], history[base + i]) for i, was in enumerate(self.forced) if was}

    def recent(self, seat: int | None, limit: int = 6) -> list[tuple[int | None, Action, bool, bool]]:
        """The last ``limit`` moves of the players other than ``seat`` (everyone's when None) and the
        forced ones, newest first: ``(seat, action, forced, new)``, ``new`` when made after ``seat``'s own
        last decision."""
        if seat is not None:
            check_player(seat, self.state, "seat")
        check_int(limit, "limit", 0)
        history = self.state.history
        base = len(history) - len(self.actors)
        out: list[tuple[int | None, Action, bool, bool]] = []
        new = True
        for i in range(len(self.actors) - 1, -1, -1):
            if len(out) >= limit:
                break
            who, forced = self.actors[i], self.forced[i]
            if seat is not None and who == seat and not forced:
                new = False
                continue
            out.append((who, history[base + i], forced, new))
        return out

    def step(self) -> list[Event] | None:
        """The agent to move plays once; None (and nothing changes) at the end or when a person must decide."""
        seat = self.state.current_player
        if seat is None:
            return None
        agent = self.agents[seat]
        if agent is None:
            return None
        return self.apply(agent.act(self.state.view(seat)))

    def deciders(self) -> list[Callable[[], Action]]:
        """The lean decisions of ``play_out``, one per seat: ``deciders()[p]()`` is the action the agent of
        seat ``p`` (the player to move) chooses now, for the caller to apply; nothing is recorded. An agent
        that reads only the legal actions (the random agent) is given the state itself, with no Python frame
        in between: its legal actions are those of the player's view, and building a view costs about five
        times the rest of a step. Made for the agents seated now."""
        state = self.state
        view = state.view

        def decider(seat: int, agent: Agent | None) -> Callable[[], Action]:
            if agent is None:
                raise TcgError(f"P{seat + 1} is a person's seat: the lean decisions are for agents only")
            act = agent.act
            if type(agent) is RandomAgent:
                return partial(act, state)
            return lambda: act(view(seat))

        return [decider(i, a) for i, a in enumerate(self.agents)]

    def play_out(
        self,
        max_steps: int = 100_000,
        *,
        answers_forced: Collection[type] = (),
        touches: Callable[[State, int, list[Event]], bool] | None = None,
        observe: Callable[[State, int, int, list[Event]], None] | None = None,
    ) -> PlayOut:
        """The simulator's lean loop: the agents play the game to its end (or ``max_steps`` decisions), with
        nothing recorded in ``actors`` (a whole game in a batch, not a front end's moves); what it counted.

        Every seat must be an agent's. The agents of the classes in ``answers_forced`` answer a forced
        decision (one legal action) with that action, reading neither their view nor their random generator;
        the loop plays it for them without building the view. ``touches(state, actor, events)`` says whether
        an action touched another player (counted in ``interactions``); ``observe(state, actor, legal, events)``
        is told of every action after it is applied, with the number of legal actions it was chosen from (the
        design measures' trace). The undo history is kept, as with ``apply``."""
        check_int(max_steps, "max_steps", 0)
        if isinstance(answers_forced, (str, bytes)) or not isinstance(answers_forced, Collection):
            raise TcgError(f"answers_forced must be a collection of agent classes, not {shown(answers_forced)}")
        if not all(isinstance(c, type) for c in answers_forced):
            raise TcgError(f"answers_forced must hold agent classes, not {shown(list(answers_forced))}")
        if touches is not None and not callable(touches):
            raise TcgError(f"touches must be None or a function touches(state, actor, events), not {shown(touches)}")
        if observe is not None and not callable(observe):
            raise TcgError(
                f"observe must be None or a function observe(state, actor, legal, events), not {shown(observe)}"
            )
        state = self.state
        decide = self.deciders()
        free = [type(a) in answers_forced for a in self.agents]
        n = state.num_players
        decisions = [0] * n
        legal_total = touching = steps = 0
        capped = False
        apply, is_terminal, legal_actions = state.apply, state.is_terminal, state.legal_actions
        while not is_terminal():
            if steps >= max_steps:
                capped = True
                break
            p: int = state.current_player  # type: ignore[assignment]  # not None before the end
            legal = legal_actions()
            legal_total += len(legal)
            events = apply(legal[0] if len(legal) == 1 and free[p] else decide[p]())
            if touches is not None and touches(state, p, events):
                touching += 1
            if observe is not None:
                observe(state, p, len(legal), events)
            decisions[p] += 1
            steps += 1
        if steps:
            self.version += 1
        return PlayOut(steps, decisions, legal_total, touching, capped)

    def undo(self) -> bool:
        """Take back one action; False (nothing changes) at the start of the game."""
        state = self.state
        if not state.can_undo():
            return False
        n_history = len(state.history) - 1
        n_actors = max(len(self.actors) - 1, 0)
        try:
            state.undo()
            del self.actors[n_actors:]
            del self.forced[n_actors:]
            del self.starts[n_actors:]
            self.version += 1
        except BaseException:  # interrupted: the state's undo is then finished or not begun; the records follow it
            if len(state.history) <= n_history:
                self._cut(n_history, n_actors)
            raise
        return True

    def take_back(self) -> int | None:
        """Undo back to before the last decision a person made (and the agents' moves after it); the seat of
        that person, or None (and nothing changes) when no person has moved in this session."""
        persons = set(self.persons())
        actors, forced = self.actors, self.forced
        last = max((i for i, who in enumerate(actors) if who in persons and not forced[i]), default=None)
        if last is None:
            return None
        who = actors[last]
        target = len(self.state.history) - (len(actors) - last)
        try:
            self._cut(target, last)
        except BaseException:
            self._cut(target, last)  # interrupted: the take-back is finished (each step again), then the error goes on
            raise
        return who

    def advance(self, limit: int = ADVANCE_LIMIT, before: Callable[[int, Agent], None] | None = None) -> int:
        """Let the agents play (and, with ``auto_forced``, take the forced decisions) until a person must
        decide or the game ends; the number of moves made.

        ``before(seat, agent)`` is called before each agent move (e.g. to say "the coach is thinking").
        After ``limit`` moves without a person's decision the moves are undone and ``StepLimitError`` raised.
        """
        check_int(limit, "limit", 0)
        if before is not None and not callable(before):
            raise TcgError(f"before must be None or a function before(seat, agent), not {shown(before)}")
        with self.transaction():
            start = len(self.actors)
            while len(self.actors) - start <= limit:
                moves = len(self.actors) - start
                if self.auto_forced and self.forced_action() is not None:
                    if moves == limit:
                        break
                    self.take_forced(limit - moves)
                    continue
                seat = self.state.current_player
                agent = None if seat is None else self.agents[seat]
                if seat is None or agent is None:
                    return moves
                if moves == limit:
                    break
                if before is not None:
                    before(seat, agent)
                self.apply(agent.act(self.state.view(seat)))
            raise StepLimitError(limit)

    def restart(self, state: State, agents: Sequence[Agent | None] | None = None) -> None:
        """Go on with another state (a new game, or an earlier one restored), with new ``agents`` or the
        same ones; no actors recorded yet."""
        _check_seats(state, self.agents if agents is None else agents)
        seats = list(self.agents if agents is None else agents)
        if state.num_players != len(seats):
            raise TcgError(f"agents: {len(seats)} seated for {state.num_players} players")
        old = self.state, self.agents, self.actors, self.forced, self.starts
        try:
            self.version += 1
            self.state, self.agents, self.actors, self.forced, self.starts = state, seats, [], [], []
        except BaseException:  # interrupted: the session goes on with the old game, whole
            self.state, self.agents, self.actors, self.forced, self.starts = old
            raise

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """Undo every action applied inside the block if it raises, so a failing click (a person's move
        whose agent answer fails) leaves the game exactly as it was; the error goes on."""
        state = self.state
        start, actors = len(state.history), len(self.actors)
        try:
            yield self
        except BaseException:
            if self.state is state and len(state.history) > start:
                while len(state.history) > start:
                    state.undo()
                del self.actors[actors:]
                del self.forced[actors:]
                del self.starts[actors:]
                self.version += 1
            raise
