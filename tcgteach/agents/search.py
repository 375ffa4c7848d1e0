"""The coach's two searches (``CoachAgent.search``): ``guided`` (paired heuristic rollouts with
sequential halving, the default) and ``tree`` (information-set MCTS over determinized hidden
information); the tree's node, the end-of-game scores and the fast rollout player.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.determinize import determinize
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State
    from .coach import CoachAgent, _Repeats
from .hints import _z


def outcome_values(state: State) -> list[float]:
    """1 for a winner, 0.5 each in a draw (or shared win), 0 for the others; an estimate if not over."""
    n = state.num_players
    if state.is_terminal():
        winners = state.result().winners
        if len(winners) == 1:
            return [1.0 if p == winners[0] else 0.0 for p in range(n)]
        return [0.5] * n
    estimate = state.game.position_value(state)
    return estimate if estimate is not None else [0.5] * n


def _decider(view: State) -> int:
    player = view.current_player
    if player is None:
        raise TcgError("the game is over: there is no decision to search")
    return player


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.player = player


def first_onward(order: Sequence[Action], back: _Repeats | None) -> Action:
    """The first action of ``order`` that does not lead back (``_Repeats``); the first if every one does."""
    if back is not None:
        for a in order:
            if not back(a):
                return a
    return order[0]


def search_guided(
    coach: CoachAgent, view: State, deadline: float | None, back: _Repeats | None = None, gate: float = 0.0
) -> tuple[Action, _Node, int]:
    """Paired rollouts of the heuristic player, sequential halving over the legal actions.

    Every round deals one sample of the hidden cards and plays each surviving action once
    from it, then lets the heuristic play both sides to the end with the same random seed, so
    actions are compared on the same luck. After each phase the worse half is dropped. The
    heuristic's own choice is kept unless another action scores clearly better (``margin``).
    A rollout still running at ``deadline`` is dropped, not scored; on a machine so busy that not every
    action had a rollout by then, the heuristic's choice stands unless a tried action beats it. The
    heuristic's choice is tried first in every round (so a busy machine still measures it), and another
    action replaces it only if it scores more than ``margin`` higher AND the gap is at least ``gate``
    standard errors (the Agresti-Caffo z of ``assess``). A hint uses HINT_Z (1): a lucky handful of
    rollouts does not overrule the rule of thumb a person is told; the coach as a player uses PLAY_Z (0),
    as before (its strength was measured so).
    """
    legal = list(view.legal_actions())
    me = _decider(view)
    base = coach._base_policy()
    base_action = base.act(view)
    if base_action in legal:
        legal.remove(base_action)
        legal.insert(0, base_action)
    act = _fast_act(base)
    root = _Node(-1)
    for a in legal:
        root.children[a] = _Node(me)
    run = _Halving(coach, base, act, root, legal, me, deadline)
    run.run(view)
    best = _choose(root, run.alive, base_action, back, gate, coach.margin)
    return best, root, run.done


class _Halving:
    """One guided search under way (``search_guided``): the surviving actions, the rollouts done in all and
    in this phase, and the clock."""

    def __init__(
        self,
        coach: CoachAgent,
        base: Any,
        act: Any,
        root: _Node,
        legal: list[Action],
        me: int,
        deadline: float | None,
    ) -> None:
        self.rng = coach.rng
        self.base = base
        self.act = act
        self.root = root
        self.legal = legal
        self.me = me
        self.deadline = deadline
        self.alive = legal[:]
        self.start = time.perf_counter()
        self.budget = coach.iterations
        self.done = 0
        self.phases = max(1, math.ceil(math.log2(len(legal))))
        self.phase_budget = None if self.budget is None else max(len(legal), self.budget // self.phases)
        self.phase_used = 0
        self.steps_cap = coach.rollout_steps
        self.out_of_time = False
        # the longest wait between two looks at the clock so far: on a busy machine the process is set aside
        # for tens of milliseconds at a time, so the search stops that much before the deadline
        self.seen = [self.start, 0.0]

    def late(self) -> bool:
        now = time.perf_counter()
        seen = self.seen
        if now - seen[0] > seen[1]:
            seen[1] = now - seen[0]
        seen[0] = now
        return now + seen[1] >= self.deadline  # type: ignore[operator]

    def spent(self) -> bool:
        return self.budget is not None and self.done >= self.budget

    def run(self, view: State) -> None:
        rng = self.rng
        while not self.out_of_time:
            if self.spent():
                break
            if self.deadline is not None and self.late():
                break
            sample = determinize(view, rng)
            seed = rng.getrandbits(32)
            self.round(sample, seed)
            if len(self.alive) > 2 and not self.out_of_time:
                self.halve()

    def round(self, sample: State, seed: int) -> None:
        """Each surviving action once from ``sample``, the rollouts on the same luck (``seed``)."""
        for a in self.alive:
            if self.spent():
                break
            if self.deadline is not None and self.late():
                self.out_of_time = True
                break
            s = self.rollout(sample, a, seed)
            if s is None:
                break
            node = self.root.children[a]
            node.visits += 1
            node.total += outcome_values(s)[self.me]
            self.done += 1
            self.phase_used += 1

    def rollout(self, sample: State, a: Action, seed: int) -> State | None:
        """``a`` played from a copy of ``sample``, then the heuristic on both sides; None if out of time."""
        s = sample.clone()
        s.apply_unchecked(a)
        self.base.rng.seed(seed)
        timed = self.deadline is not None
        steps = 0
        is_terminal, apply, act, steps_cap = s.is_terminal, s.apply_unchecked, self.act, self.steps_cap
        while steps < steps_cap and not is_terminal():
            apply(act(s))  # a determinized sample: nothing hidden is left to peek at
            steps += 1
            if timed and not steps & 15 and self.late():
                self.out_of_time = True  # this rollout is dropped, not scored
                return None
        return s

    def halve(self) -> None:
        """At the end of a phase, drop the worse half of the surviving actions."""
        clock, deadline, done = time.perf_counter, self.deadline, self.done
        if self.phase_budget is None:  # a time budget: estimate how many rollouts fit
            per = (clock() - self.start) / max(done, 1)
            total = done + max(0.0, (deadline - clock()) / per) if deadline else done
            self.phase_budget = max(len(self.legal), int(total / self.phases))
        if self.phase_used >= self.phase_budget:
            children = self.root.children
            alive = self.alive
            alive.sort(key=lambda a: -children[a].total / max(children[a].visits, 1))
            self.alive = alive[: max(2, (len(alive) + 1) // 2)]
            self.phase_used = 0


def _choose(
    root: _Node, alive: list[Action], base_action: Action, back: _Repeats | None, gate: float, margin: float
) -> Action:
    """The best survivor, unless it leads back (then the next); the heuristic's choice unless the best beats
    it by more than ``margin`` and ``gate`` standard errors."""
    scored = {a: (n.total / n.visits if n.visits else -1.0) for a, n in root.children.items()}
    rank = sorted(root.children, key=lambda a: (a in alive, scored[a], root.children[a].visits), reverse=True)
    if back is not None:
        back.exempt = base_action
    best = first_onward(rank, back)  # the best survivor, unless it leads back (then the next)
    if base_action in scored and best != base_action and not (back is not None and back(base_action)):
        b, n = root.children[base_action], root.children[best]
        if scored[base_action] >= scored[best] - margin or _z(n.total, n.visits, b.total, b.visits) < gate:
            best = base_action
    return best


def search_tree(coach: CoachAgent, view: State, deadline: float | None) -> tuple[Action, _Node, int]:
    """Information-set MCTS: UCB1 down one shared tree over the deals of the hidden cards, cheap
    random-ish rollouts (the game's ``rollout_policy``, no game knowledge needed)."""
    _decider(view)  # a decision to search
    root = _Node(-1)
    rng = coach.rng
    limit = coach.iterations
    policy = coach.rollout_policy
    fast = view.game.rollout_policy() if policy is None else None
    it = 0
    while True:
        if limit is not None and it >= limit:
            break
        if deadline is not None and it >= 8 and time.perf_counter() >= deadline:
            break
        it += 1
        s = determinize(view, rng)
        path = _descend(s, root, rng, coach.exploration)
        steps = 0  # rollout
        while steps < coach.rollout_steps and not s.is_terminal():
            if policy is not None:
                a = policy.act(s)  # a determinized sample: nothing hidden is left to peek at
            elif fast is not None:
                a = fast(s, s.legal_actions(), rng)
            else:
                legal = s.legal_actions()
                a = legal[rng.randrange(len(legal))]
            s.apply_unchecked(a)
            steps += 1
        values = outcome_values(s)
        for n in path:
            n.visits += 1
            n.total += values[n.player]
    best_action = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))[0]
    return best_action, root, it


def _descend(s: State, root: _Node, rng: random.Random, c: float) -> list[_Node]:
    """Selection and expansion: down the tree by UCB1 (``c``: exploration) until an untried action, which
    gets a node; ``s`` is played along. The nodes passed, for the backup."""
    node = root
    path = []
    while not s.is_terminal():
        legal = s.legal_actions()
        children = node.children
        untried = []
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        actor = _decider(s)
        if untried:
            a = untried[rng.randrange(len(untried))]
            child = children[a] = _Node(actor)
            s.apply_unchecked(a)
            path.append(child)
            break
        best, best_score = legal[0], -1.0  # every score is >= 0: the loop sets both
        for a in legal:
            ch = children[a]
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best, best_score = a, score
        node = children[best]
        s.apply_unchecked(best)
        path.append(node)
    return path


def _fast_act(base: Any) -> Any:
    """``base.act`` for the rollouts. For the heuristic player the same choice without its per-call lookups:
    a forced move at once, else its game's policy with the player's own random generator (the same draws)."""
    from .heuristic import HeuristicAgent

    if type(base) is not HeuristicAgent:
        return base.act
    policies: dict[str, Any] = base._policies  # the agent's own: the very same policy objects

    def act(state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) != 1:
            game = state.game
            policy = policies.get(game.name, policies)
            if policy is policies:
                policy = policies[game.name] = game.heuristic_policy()
            if policy is None or not legal:
                return base.act(state)  # no policy (random but legal), or no legal action (the agent's error)
            action = policy.act(state, legal, base.rng)
            for candidate in legal:
                if candidate is action or candidate == action:
                    return candidate
            base.fallbacks += 1  # as HeuristicAgent.act: never happens with a correct policy
            return legal[base.rng.randrange(len(legal))]
        return legal[0]

    return act
