"""The coach: Monte Carlo tree search over determinized hidden information, with hints.

Information-set MCTS (single observer): every iteration deals the hidden cards of the view at
random (``core.determinize``), walks down one shared tree (UCB1 over the actions legal in that
deal, counting how often each was available), adds one node, plays the game on with a fast
policy for a bounded number of steps, scores the end position for every player in [0, 1]
(a win 1, a draw 0.5, otherwise a position estimate) and backs the scores up. The recommended
action is the most visited one at the root. The coach sees only ``state.view(player)``.

    coach = CoachAgent(seed=1, time_budget=0.5)
    hint = coach.hint(state.view(p), lang="ja")      # hint.action, hint.text, hint.alternatives

A hint says what to do, why and how sure: the why is the game's own (``Game.explain_choice``: reasons in
game terms, each with its rule ID, read from the same view), the how sure is ``verdict`` in words
(``CONFIDENCE``), and when every option wins or every option loses the sentence says so instead of
quoting percentages.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.determinize import determinize
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.game import Reason
    from ..core.state import State


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


#: every option's estimated win chance at least this: "any choice wins"; at most ALL_LOSE: "no choice wins"
ALL_WIN, ALL_LOSE = 0.97, 0.03

#: verdict -> how sure the coach is, in plain words (en, ja)
CONFIDENCE: dict[str, tuple[str, str]] = {
    "clear": ("Clearly the best move", "はっきり一番よい手です"),
    "better": ("A better move than the others", "ほかの手より有利です"),
    "slight": ("Slightly better than the others", "ほかの手よりわずかに有利です"),
    "close": ("A close call", "ほかの手とほぼ互角です"),
    "all_win": ("Any choice wins from here", "ここからはどの手を選んでも勝てます"),
    "all_lose": (
        "No choice wins from here: every option loses in the coach's look-ahead",
        "先読みでは、どの手を選んでも勝ち目はほとんどありません",
    ),
    "only": ("It is the only legal action", "他に選べる行動はありません"),
}


def verdict(alternatives: Sequence[tuple[Any, float, int]]) -> str:
    """How sure the search is about its first alternative (best first): ``clear``, ``better``, ``slight`` or
    ``close``, from the value gap to the best runner-up, how many standard errors that gap is (a few rollouts
    prove little) and the share of the rollouts the choice got; ``all_win`` / ``all_lose`` when every tried
    option scores at least ``ALL_WIN`` / at most ``ALL_LOSE``; ``only`` for a forced move."""
    tried = [(v, n) for _a, v, n in alternatives if n > 0]
    if len(tried) < 2:
        if len(alternatives) < 2:
            return "only"
        # out of time before two options had a rollout (a very busy machine): nothing was compared
        return "close"
    values = [v for v, _n in tried]
    if min(values) >= ALL_WIN:
        return "all_win"
    if max(values) <= ALL_LOSE:
        return "all_lose"
    best, visits = tried[0]
    runner, runner_visits = max(tried[1:])
    gap = best - runner
    # a rollout scores in [0, 1], so its variance is at most v(1 - v): a cautious standard error of the gap
    se = max(0.01, math.sqrt(best * (1 - best) / visits + runner * (1 - runner) / runner_visits))
    z = gap / se
    share = visits / sum(n for _v, n in tried)
    if gap < 0.03 or z < 0.5:
        return "close"
    if gap < 0.06 or z < 1.0:
        return "slight"
    if (gap >= 0.15 or (gap >= 0.08 and share >= 0.5)) and z >= 1.5:
        return "clear"
    return "better"


@dataclass
class Hint:
    """A recommendation: the action, the sentence for people, the reasons and the figures behind it."""

    action: Action
    text: str
    value: float
    visits: int
    iterations: int
    seconds: float
    #: (action, estimated win chance, visits), best first
    alternatives: list[tuple[Action, float, int]] = field(default_factory=list)
    #: why the action is good, in game terms, each with its rule (``Game.explain_choice``)
    reasons: list[Reason] = field(default_factory=list)
    #: how sure the coach is: a key of ``CONFIDENCE`` (see ``verdict``) and its words in the hint's language
    verdict: str = ""
    confidence: str = ""
    lang: str = "en"
    #: the alternatives' actions as the game words them, in the hint's language (the table of ``_repr_html_``)
    labels: list[str] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        """The rule IDs the reasons rest on, in order, each once."""
        return list(dict.fromkeys(r.rule for r in self.reasons))

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        from html import escape

        ja = self.lang == "ja"
        why = "".join(f"<li>{escape(r.text)} <code>{escape(r.rule)}</code></li>" for r in self.reasons)
        head = ("手", "勝率の見込み", "先読み回数") if ja else ("action", "win chance", "rollouts")
        rows = "".join(
            f"<tr><td>{escape(label)}</td><td>{'—' if v != v else f'{v:.0%}'}</td><td>{n}</td></tr>"
            for label, (a, v, n) in zip(
                self.labels or [str(a) for a, _v, _n in self.alternatives], self.alternatives[:5], strict=False
            )
        )
        return (
            f'<div class="tcg-hint"><p><b>{escape(self.text)}</b></p>'
            + (f"<ul>{why}</ul>" if why else "")
            + f"<table><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr>{rows}</table></div>"
        )


def _why(reasons: Sequence[Reason], lang: str, most: int = 2) -> str:
    """The first ``most`` reasons as one clause (en) or sentences (ja), each with its rule ID."""
    picked = list(reasons[:most])
    if not picked:
        return ""
    if lang == "ja":
        return "".join(f"{r.text}（{r.rule}）。" for r in picked)
    return "; ".join(f"{r.text} ({r.rule})" for r in picked)


class CoachAgent:
    """Search-based player and coach. ``time_budget`` seconds or ``iterations`` per decision."""

    name = "coach"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = 0.5,
        iterations: int | None = None,
        rollout_steps: int | None = None,
        exploration: float = 0.9,
        rollout_policy: Any = None,
        search: str = "guided",
        margin: float = 0.02,
    ) -> None:
        if time_budget is None and iterations is None:
            raise TcgError("the coach needs a time_budget (seconds) or a number of iterations")
        if search not in SEARCHES:
            raise TcgError(f"unknown search {search!r}: choose one of {', '.join(SEARCHES)}")
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.iterations = iterations
        self.search = search
        self.rollout_steps = rollout_steps if rollout_steps is not None else (400 if search == "guided" else 60)
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.margin = margin
        self._base: Any = None

    def act(self, view: State) -> Action:
        start = time.perf_counter()
        legal = view.legal_actions()
        if not legal:
            raise TcgError("no legal action: the game is over or it is not this player's decision")
        if len(legal) == 1:
            return legal[0]
        return self._search(view, self._deadline(start, 0.0))[0]

    def _deadline(self, start: float, after: float) -> float | None:
        """When the search must stop so that the call that began at ``start`` ends within ``time_budget``:
        ``after`` is the time the caller still needs once the search is over (the hint's sentence), and a
        safety margin covers the last rollout's check and a garbage collection."""
        if self.time_budget is None:
            return None
        return start + self.time_budget - after - min(SAFETY, self.time_budget / 10)

    def hint(self, view: State, lang: str = "en") -> Hint:
        """The recommended action for the player to act: what to do, why (in game terms, with the rule it
        rests on) and how sure the coach is, in one or two sentences (en/ja)."""
        if lang not in ("en", "ja"):
            raise TcgError(f"unknown language {lang!r}: choose 'en' or 'ja'")
        start = time.perf_counter()  # the budget covers the whole call: search, reasons, sentence and labels
        legal = view.legal_actions()
        if not legal:
            raise TcgError("no decision to give a hint for")
        game = view.game
        if len(legal) == 1:
            action = legal[0]
            alts: list[tuple[Action, float, int]] = [(action, float("nan"), 0)]
            value, visits, iterations = float("nan"), 0, 0
        else:
            action, root, iterations = self._search(view, self._deadline(start, 2 * _WORDING.get(game.name, WORDING)))
            ranked = sorted(root.children.items(), key=lambda kv: (kv[0] != action, -kv[1].visits, -kv[1].total))
            alts = [(a, (n.total / n.visits) if n.visits else 0.0, n.visits) for a, n in ranked]
            value, visits = alts[0][1], alts[0][2]
        worded = time.perf_counter()
        reasons = game.explain_choice(view, action, lang)
        kind = verdict(alts)
        words = CONFIDENCE[kind][1 if lang == "ja" else 0]
        text = self._sentence(view, action, alts, reasons, kind, words, iterations, lang)
        labels = [game.describe_action(a, view, lang) for a, _v, _n in alts[:5]]
        # what the next hint of this game reserves (for every coach: the classroom makes one per hint)
        _WORDING[game.name] = max(0.8 * _WORDING.get(game.name, WORDING), time.perf_counter() - worded)
        return Hint(
            action,
            text,
            value,
            visits,
            iterations,
            time.perf_counter() - start,
            alts,
            list(reasons),
            kind,
            words,
            lang,
            labels,
        )

    @staticmethod
    def _sentence(
        view: State,
        action: Action,
        alts: Sequence[tuple[Action, float, int]],
        reasons: Sequence[Reason],
        kind: str,
        words: str,
        iterations: int,
        lang: str,
    ) -> str:
        """Action, why (with rule IDs), how sure: percentages only where they tell options apart."""
        game = view.game
        say = game.describe_action(action, view, lang)
        why = _why(reasons, lang)
        best = alts[0][1]
        runner = alts[1] if len(alts) > 1 else None
        ja = lang == "ja"
        if kind == "only":
            if ja:
                return f"{say}：{words}。" + why
            return f"{say}: it is the only legal action" + (f" — {why}." if why else ".")
        figures = ""
        if kind not in ("all_win", "all_lose") and alts[0][2] > 0:  # no figures for an untried choice
            if ja:
                figures = f"（{iterations}回の先読みで勝率の見込み{best:.0%}"
                if runner is not None and runner[1] > best:
                    figures += f"、「{game.describe_action(runner[0], view, lang)}」は{runner[1]:.0%}）"
                elif runner is not None:
                    figures += f"、次点の「{game.describe_action(runner[0], view, lang)}」は{runner[1]:.0%}）"
                else:
                    figures += "）"
            else:
                figures = f" (about {best:.0%} to win over {iterations} simulated continuations"
                if runner is not None and runner[1] > best:
                    other = game.describe_action(runner[0], view, lang)
                    figures += f"; {other} scored {runner[1]:.0%})"
                elif runner is not None:
                    figures += f"; next best, {game.describe_action(runner[0], view, lang)}: {runner[1]:.0%})"
                else:
                    figures += ")"
        if ja:
            return f"おすすめ：{say}。{why}{words}{figures}。"
        return f"Suggested: {say}" + (f" — {why}." if why else ".") + f" {words}{figures}."

    # -- the search -----------------------------------------------------------------------------------------
    def _search(self, view: State, deadline: float | None = None) -> tuple[Action, _Node, int]:
        """Search from ``view`` until ``deadline`` (a ``time.perf_counter()`` value; None: by the time
        budget from now) or for ``iterations``."""
        if view.viewer is None:
            raise TcgError("the coach takes a player's view (state.view(p)), never the full state")
        if deadline is None:
            deadline = self._deadline(time.perf_counter(), 0.0)
        if self.search == "guided":
            return self._search_guided(view, deadline)
        return self._search_tree(view, deadline)

    def _base_policy(self) -> Any:
        if self._base is None:
            if self.rollout_policy is not None:
                self._base = self.rollout_policy
            else:
                from .heuristic import HeuristicAgent

                self._base = HeuristicAgent(self.rng.getrandbits(32))
        return self._base

    def _search_guided(self, view: State, deadline: float | None) -> tuple[Action, _Node, int]:
        """Paired rollouts of the heuristic player, sequential halving over the legal actions.

        Every round deals one sample of the hidden cards and plays each surviving action once
        from it, then lets the heuristic play both sides to the end with the same random seed, so
        actions are compared on the same luck. After each phase the worse half is dropped. The
        heuristic's own choice is kept unless another action scores clearly better (``margin``).
        A rollout still running at ``deadline`` is dropped, not scored; on a machine so busy that not every
        action had a rollout by then, the heuristic's choice stands unless a tried action beats it.
        """
        legal = list(view.legal_actions())
        me = _decider(view)
        rng = self.rng
        base = self._base_policy()
        base_action = base.act(view)
        act = _fast_act(base)
        root = _Node(-1)
        for a in legal:
            root.children[a] = _Node(me)
        alive = legal[:]
        start = time.perf_counter()
        budget = self.iterations
        done = 0
        phases = max(1, math.ceil(math.log2(len(legal))))
        phase_budget = None if budget is None else max(len(legal), budget // phases)
        phase_used = 0
        steps_cap = self.rollout_steps
        clock = time.perf_counter
        out_of_time = False
        # the longest wait between two looks at the clock so far: on a busy machine the process is set aside
        # for tens of milliseconds at a time, so the search stops that much before the deadline
        seen = [start, 0.0]

        def late() -> bool:
            now = clock()
            if now - seen[0] > seen[1]:
                seen[1] = now - seen[0]
            seen[0] = now
            return now + seen[1] >= deadline  # type: ignore[operator]

        while not out_of_time:
            if budget is not None and done >= budget:
                break
            if deadline is not None and late():
                break
            sample = determinize(view, rng)
            seed = rng.getrandbits(32)
            for a in alive:
                if budget is not None and done >= budget:
                    break
                timed = deadline is not None
                if timed and late():
                    out_of_time = True
                    break
                s = sample.clone()
                s.apply_unchecked(a)
                base.rng.seed(seed)
                steps = 0
                is_terminal, apply = s.is_terminal, s.apply_unchecked
                while steps < steps_cap and not is_terminal():
                    apply(act(s))  # a determinized sample: nothing hidden is left to peek at
                    steps += 1
                    if timed and not steps & 15 and late():
                        out_of_time = True  # this rollout is dropped, not scored
                        break
                if out_of_time:
                    break
                node = root.children[a]
                node.visits += 1
                node.total += outcome_values(s)[me]
                done += 1
                phase_used += 1
            if len(alive) > 2 and not out_of_time:
                if phase_budget is None:  # a time budget: estimate how many rollouts fit
                    per = (clock() - start) / max(done, 1)
                    total = done + max(0.0, (deadline - clock()) / per) if deadline else done
                    phase_budget = max(len(legal), int(total / phases))
                if phase_used >= phase_budget:
                    alive.sort(key=lambda a: -root.children[a].total / max(root.children[a].visits, 1))
                    alive = alive[: max(2, (len(alive) + 1) // 2)]
                    phase_used = 0
        scored = {a: (n.total / n.visits if n.visits else -1.0) for a, n in root.children.items()}
        best = max(alive, key=lambda a: (scored[a], root.children[a].visits))
        if base_action in scored and scored[base_action] >= scored[best] - self.margin:
            best = base_action
        return best, root, done

    def _search_tree(self, view: State, deadline: float | None) -> tuple[Action, _Node, int]:
        me = _decider(view)
        root = _Node(-1)
        rng = self.rng
        limit = self.iterations
        c = self.exploration
        policy = self.rollout_policy
        fast = view.game.rollout_policy() if policy is None else None
        it = 0
        while True:
            if limit is not None and it >= limit:
                break
            if deadline is not None and it >= 8 and time.perf_counter() >= deadline:
                break
            it += 1
            s = determinize(view, rng)
            node = root
            path = []
            while not s.is_terminal():  # selection / expansion
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
            steps = 0  # rollout
            while steps < self.rollout_steps and not s.is_terminal():
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
        del me
        return best_action, root, it


#: seconds kept back at the end of a time budget (at most a tenth of it): the check between two steps of a
#: rollout and a garbage collection must fit in it
SAFETY = 0.012
#: the first guess of what a hint's reasons, sentence and labels take (seconds); then measured per coach
WORDING = 0.004
_WORDING: dict[str, float] = {}


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


#: ``guided``: paired heuristic rollouts with sequential halving (the default, stronger);
#: ``tree``: information-set MCTS with cheap random-ish rollouts (no game knowledge needed)
SEARCHES = ("guided", "tree")
