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
game terms, each with its rule ID, read from the same view), the how sure follows the evidence
(``assess``): the gap to the closest competitor in standard errors and the number of simulated games
decide between "clearly" (2 SE, 5 points and at least 100 games, 30 for the move), "probably" (1 SE) and
"a close call"; under 100 games (or 30 for the move) the hint says it is a rough guess and gives counts
("won 12 of 19") with a 95% Wilson range instead of a rate; when every option wins or every option loses
the sentence says so instead of quoting percentages. Following the hints always makes progress: no hint
leads back to a position this line of play has passed through (``_Repeats``).

The searches are in :mod:`tcgteach.agents.search`, the hint's evidence and words in
:mod:`tcgteach.agents.hints` (their names are importable from here too).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_number, check_seed, check_state
from ..core.determinize import determinize
from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State
from .hints import (  # noqa: F401  (re-exported: the tests)
    ALL_LOSE,
    ALL_WIN,
    CONFIDENCE,
    FEW_BEST,
    FEW_TOTAL,
    GAP_CLEAR,
    Z_CLEAR,
    Z_PROBABLE,
    Assessment,
    Hint,
    _pct,
    _z,
    assess,
    sentence,
    verdict,
    wilson,
)
from .search import _Node, first_onward, outcome_values, search_guided, search_tree

#: the coach's names, importable from here as before the searches and the hints' words had modules of their own
__all__ = [
    "ALL_LOSE",
    "ALL_WIN",
    "CONFIDENCE",
    "FEW_BEST",
    "FEW_TOTAL",
    "GAP_CLEAR",
    "Z_CLEAR",
    "Z_PROBABLE",
    "HINT_Z",
    "PLAY_Z",
    "SAFETY",
    "SEARCHES",
    "SEEN_MAX",
    "WORDING",
    "Assessment",
    "CoachAgent",
    "Hint",
    "assess",
    "outcome_values",
    "verdict",
    "wilson",
]

# -- progress: following the hints never goes round in a circle ------------------------------------------------
#: the positions the coach has been asked about (a hint or a move), by position key: (history length, line hash)
#: pairs, so that a later decision of the same line of play can tell that an action leads back to one of them
_SEEN: dict[int, set[tuple[int, int]]] = {}
#: at most this many remembered positions (then the memory starts again): a classroom game has a few hundred
SEEN_MAX = 20_000
_SEEN_SIZE = [0]


def _position_key(view: State) -> int:
    """What the viewer sees of a position: the game, the node and every scalar (turn, GP, levels, ...) and the
    zones (hidden cards as -1); not the history or the events, which only grow. Hashed (64 bits): a remembered
    position costs a few dozen bytes, not the kilobytes of its text."""
    return hash(repr((view.game.name, view.viewer, view._scalar_values(), view.zones)))


def _line(history: Sequence[Action]) -> list[int]:
    """A hash of every prefix of ``history`` (element k: the first k actions), chained so it costs one step each."""
    out = [0]
    h = 0
    for a in history:
        h = hash((h, str(a)))
        out.append(h)
    return out


class _Repeats:
    """Does an action lead back to a position this line of play has already passed through? Made once per
    decision (it remembers that decision's position), asked lazily: only about the action the search is about
    to recommend (and the next one if that one leads back), so it costs a clone and a view or two per hint.

    A person who follows the hints must never go round in a circle: in Dragon Quest "use Traveling Merchant:
    close it, gain 1 GP" and "Restore Traveling Merchant: pay 1 GP" undo each other, and so do two formation
    swaps; rollouts score such a pair the same as ending the phase, so under load, by chance alone, the coach
    recommended them again and again (28 clicks in one turn). The views the coach is asked about are kept by
    position key with the length and hash of their history; an action leads back when the position it leads
    to (worked out on one deal of the hidden cards: the key reads only what the viewer sees) is a remembered
    one whose history is a strict prefix of this one's: an earlier moment of this very line of play (not a
    line taken back, nor the same game replayed).

    That is for hints (``strict``), except for the heuristic's own choice (``exempt``): a way back it takes is
    deliberate (it never loops: its rollouts end), so it is ruled out only as below. The coach as a player
    (``act``) only never takes, from a position it stands in again, the action it took from there before: a
    legitimate way back (DARK MOON's "cancel" of a unit being built) stays open, and a circle is still left
    after one lap. (Ruling out every way back cost the
    player games: 11 wins of 16 against the heuristic in DARK MOON at 60 rollouts, 14 without the check.)"""

    __slots__ = ("view", "line", "sample", "answers", "active", "strict", "taken", "exempt")

    def __init__(self, view: State, strict: bool = True) -> None:
        history = view.history
        self.view = view
        self.strict = strict
        #: the heuristic's own choice (set by the search): deliberate, so it may lead back, though not twice round
        self.exempt: Action | None = None
        self.line = line = _line(history)
        item = (len(history), line[-1])
        key = _position_key(view)
        seen = _SEEN.get(key)
        n = len(history)
        #: the actions this line took when it stood in this very position before (a lap of a circle)
        self.taken = [history[k] for k, h in seen if k < n and line[k] == h] if seen else []
        if seen is None or item not in seen:
            if _SEEN_SIZE[0] >= SEEN_MAX:
                _SEEN.clear()
                _LINES.clear()
                _SEEN_SIZE[0] = 0
            _SEEN.setdefault(key, set()).add(item)
            _LINES.add(item)
            _SEEN_SIZE[0] += 1
        # only if the coach was asked about an earlier moment of this line can an action lead back to one
        self.active = view.viewer is not None and any((k, line[k]) in _LINES for k in range(len(history)))
        self.sample: State | None = None
        self.answers: dict[Action, bool] = {}

    def __call__(self, action: Action) -> bool:
        if _phase_repeat(self.view, action):
            return True  # the game itself knows this phase has been here (Dragon Quest, DQ-6.4): never a way back
        if not self.strict or (self.exempt is not None and action == self.exempt):
            return any(action == t for t in self.taken)  # only the action taken from here last time round
        if not self.active:
            return False
        known = self.answers.get(action)
        if known is not None:
            return known
        view = self.view
        if self.sample is None:  # its own generator: the search's draws stay as they were
            self.sample = determinize(view, random.Random(0))
        s = self.sample.clone()
        s.apply_unchecked(action)
        past = _SEEN.get(_position_key(s.view(view.viewer)))
        n, line = len(view.history), self.line
        answer = any(k < n and line[k] == h for k, h in past) if past else False
        self.answers[action] = answer
        return answer


def _phase_repeat(view: State, action: Action) -> bool:
    """Whether the game says ``action`` brings its current phase back to a position it has already been in
    (``Game.leads_back``, where a game has it: Dragon Quest's preparation phase, DQ-6.4). Unlike the
    remembered positions of ``_Repeats`` this holds for every line of play, hinted or not, and also when the
    coach plays: such an action gains nothing (a formation change and its reverse, "gain 1 GP" and "restore")."""
    return view.game.leads_back(view, action)


#: every (history length, line hash) remembered in ``_SEEN``: is anything of this line remembered at all?
_LINES: set[tuple[int, int]] = set()


def _progress(view: State, legal: Sequence[Action]) -> list[Action]:
    """The legal actions that do not lead back to a position this line of play has already passed through
    (all of them if every one does), and remember this position (see ``_Repeats``)."""
    back = _Repeats(view)
    keep = [a for a in legal if not back(a)]
    return keep or list(legal)


def _check_coach(seed: Any, budget: Any, iterations: Any, steps: Any, c: Any, margin: Any, z: Any) -> None:
    """The coach's settings, each checked where it enters (a TcgError naming it)."""
    check_seed(seed)
    if budget is not None:
        check_number(budget, "time_budget", 0, 3600)
    for name, value in (("iterations", iterations), ("rollout_steps", steps)):
        if value is not None:
            check_int(value, name, 1, 10**9)
    check_number(c, "exploration", 0, 100)
    check_number(margin, "margin", 0, 1)
    if z is not None:
        check_number(z, "override_z", 0, 100)


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
        override_z: float | None = None,
    ) -> None:
        _check_coach(
            seed, time_budget, iterations, rollout_steps, exploration, margin, override_z
        )  # (any rollout_policy)
        if time_budget is None and iterations is None:
            raise TcgError("the coach needs a time_budget (seconds) or a number of iterations")
        if not isinstance(search, str) or search not in SEARCHES:
            raise TcgError(f"unknown search {search!r}: choose one of {', '.join(SEARCHES)}")
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.iterations = iterations
        self.search = search
        self.rollout_steps = rollout_steps if rollout_steps is not None else (400 if search == "guided" else 60)
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.margin = margin
        #: None: PLAY_Z when the coach plays (``act``), HINT_Z when it advises (``hint``); a number: both
        self.override_z = override_z
        self._base: Any = None

    def act(self, view: State) -> Action:
        """The action the coach's search prefers for ``view`` within its time budget (the heuristic's own choice unless
        another wins clearly more often); ``hint`` gives the same choice with its reasons."""
        start = time.perf_counter()
        legal = check_state(view, None, "view").legal_actions()
        if not legal:
            raise TcgError("no legal action: the game is over or it is not this player's decision")
        if len(legal) == 1:
            return legal[0]
        return self._search(view, self._deadline(start, 0.0), _Repeats(view, strict=False))[0]

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
        check_state(view, None, "view")
        if lang not in ("en", "ja"):
            raise TcgError(f"unknown language {lang!r}: choose 'en' or 'ja'")
        start = time.perf_counter()  # the budget covers the whole call: search, reasons, sentence and labels
        legal = view.legal_actions()
        if not legal:
            raise TcgError("no decision to give a hint for")
        game = view.game
        if len(legal) == 1:
            _Repeats(view)  # remembered: a forced step is part of the line too
            action = legal[0]
            alts: list[tuple[Action, float, int]] = [(action, float("nan"), 0)]
            value, visits, iterations = float("nan"), 0, 0
        else:
            deadline = self._deadline(start, 2 * _WORDING.get(game.name, WORDING))
            gate = HINT_Z if self.override_z is None else self.override_z
            action, root, iterations = self._search(view, deadline, _Repeats(view), gate)
            ranked = sorted(root.children.items(), key=lambda kv: (kv[0] != action, -kv[1].visits, -kv[1].total))
            alts = [(a, (n.total / n.visits) if n.visits else 0.0, n.visits) for a, n in ranked]
            value, visits = alts[0][1], alts[0][2]
        worded = time.perf_counter()
        reasons = game.explain_choice(view, action, lang)
        sure = assess(alts)
        kind = sure.verdict
        words = CONFIDENCE[kind][1 if lang == "ja" else 0]
        text = self._sentence(view, action, alts, reasons, sure, words, iterations, lang)
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
            sure.few,
            sure.z,
            sure.interval,
        )

    #: the hint's sentence (``hints.sentence``)
    _sentence = staticmethod(sentence)

    # -- the search -----------------------------------------------------------------------------------------
    def _search(
        self, view: State, deadline: float | None = None, back: _Repeats | None = None, gate: float | None = None
    ) -> tuple[Action, _Node, int]:
        """Search from ``view`` until ``deadline`` (a ``time.perf_counter()`` value; None: by the time
        budget from now) or for ``iterations``; ``back`` (``_Repeats``) names the actions that lead back to a
        position of this line of play: never recommended while another action is legal. ``gate``: how many
        standard errors another action must lead the heuristic's choice by (default: ``override_z``, else PLAY_Z)."""
        if view.viewer is None:
            raise TcgError("the coach takes a player's view (state.view(p)), never the full state")
        if deadline is None:
            deadline = self._deadline(time.perf_counter(), 0.0)
        if self.search == "guided":
            if gate is None:
                gate = PLAY_Z if self.override_z is None else self.override_z
            return search_guided(self, view, deadline, back, gate)
        action, root, done = search_tree(self, view, deadline)
        if back is not None and back(action):
            order = sorted(root.children, key=lambda a: (-root.children[a].visits, -root.children[a].total))
            action = first_onward([action] + order, back) if order else action
        return action, root, done

    def _base_policy(self) -> Any:
        if self._base is None:
            if self.rollout_policy is not None:
                self._base = self.rollout_policy
            else:
                from .heuristic import HeuristicAgent

                self._base = HeuristicAgent(self.rng.getrandbits(32))
        return self._base


#: seconds kept back at the end of a time budget (at most a tenth of it): the check between two steps of a
#: rollout and a garbage collection must fit in it
SAFETY = 0.012
#: the first guess of what a hint's reasons, sentence and labels take (seconds); then measured per coach
WORDING = 0.004
_WORDING: dict[str, float] = {}


#: how many standard errors another action must lead the heuristic's choice by to replace it: in a hint, and
#: when the coach plays (``CoachAgent.override_z`` sets both)
HINT_Z, PLAY_Z = 1.0, 0.0

#: ``guided``: paired heuristic rollouts with sequential halving (the default, stronger);
#: ``tree``: information-set MCTS with cheap random-ish rollouts (no game knowledge needed)
SEARCHES = ("guided", "tree")
