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
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_number, check_seed, check_state
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
#: a hint resting on fewer simulated games than this in all, or fewer than FEW_BEST for the recommended move,
#: says it is a rough guess (and is never "clearly" the best)
FEW_TOTAL, FEW_BEST = 100, 30
#: how many standard errors the gap must be for "clearly" and for "probably" (see ``assess``)
Z_CLEAR, Z_PROBABLE = 2.0, 1.0
#: the smallest gap (in win chance) that is ever "clearly" better: a tiny gap is a close call however sure
GAP_CLEAR = 0.05

#: verdict -> how sure the coach is, in plain words (en, ja)
CONFIDENCE: dict[str, tuple[str, str]] = {
    "clear": ("Clearly the best move", "はっきり一番よい手です"),
    "probable": ("Probably the best move", "おそらく一番よい手です"),
    "close": ("A close call", "ほかの手とほぼ互角です"),
    "all_win": ("Any choice wins from here", "ここからはどの手を選んでも勝てます"),
    "all_lose": (
        "No choice wins from here: every option loses in the coach's look-ahead",
        "先読みでは、どの手を選んでも勝ち目はほとんどありません",
    ),
    "only": ("It is the only legal action", "他に選べる行動はありません"),
}


@dataclass(frozen=True)
class Assessment:
    """What the rollouts say about the first alternative (see ``assess``)."""

    #: a key of ``CONFIDENCE``
    verdict: str
    #: fewer than FEW_TOTAL rollouts in all or fewer than FEW_BEST for the move: a rough guess
    few: bool
    #: the gap to the closest competitor in standard errors (Agresti-Caffo); nan when nothing was compared
    z: float
    #: the index in the alternatives of that competitor (-1: none)
    runner: int
    #: a 95% Wilson interval of the move's win chance; (nan, nan) when it had no rollout
    interval: tuple[float, float]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win chance from ``score`` (the rollouts' summed scores, each in [0, 1])
    over ``n`` rollouts: unlike ``p +- z*se`` it stays inside [0, 1] and is wide for a handful of rollouts
    (19 wins out of 19: 83%-100%, not "100%")."""
    if n <= 0:
        return (float("nan"), float("nan"))
    p = min(1.0, max(0.0, score / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def assess(alternatives: Sequence[tuple[Any, float, int]]) -> Assessment:
    """How sure the search is about its first alternative (best first), from the evidence.

    Each alternative is (action, mean score, rollouts); a rollout scores in [0, 1]. The first one is compared
    with every other tried alternative by the difference of their win chances with its standard error,
    Agresti-Caffo style (one win and one loss added to each side, so that 19 wins of 19 against 10 of 12 is
    not an infinitely sure gap)::

        p_i = (mean_i * n_i + 1) / (n_i + 2)
        z   = (p_1 - p_2) / sqrt(p_1 (1 - p_1) / (n_1 + 2) + p_2 (1 - p_2) / (n_2 + 2))

    (the variance of a score in [0, 1] is at most p(1 - p), so this is cautious). The competitors are the
    finalists of the search (at least half the rollouts of the most tried other action) and any action that
    scored higher; the one with the smallest z decides:

    * ``clear``: z >= Z_CLEAR (2), a gap of at least GAP_CLEAR (5 points) and enough rollouts (not ``few``);
    * ``probable``: z >= Z_PROBABLE (1): the gap is beyond about one standard error;
    * ``close``: otherwise, also when the kept heuristic choice scored lower than another action.

    ``few`` is true below FEW_TOTAL (100) rollouts in all or FEW_BEST (30) for the first alternative: the
    hint then says it is a rough guess. ``all_win`` / ``all_lose`` when every tried option scores at least
    ALL_WIN / at most ALL_LOSE over enough rollouts (with few, the counts speak: "won 3 of 3"); ``only`` for
    a forced move; ``close`` when fewer than two options were tried (out of time before anything was
    compared)."""
    tried = [(i, v, n) for i, (_a, v, n) in enumerate(alternatives) if n > 0]
    total = sum(n for _i, _v, n in tried)
    first_n = alternatives[0][2] if alternatives else 0
    few = total < FEW_TOTAL or first_n < FEW_BEST
    interval = wilson(alternatives[0][1] * first_n, first_n) if first_n > 0 else (float("nan"), float("nan"))
    nan = float("nan")
    if len(alternatives) < 2:
        return Assessment("only", False, nan, -1, interval)
    if len(tried) < 2 or first_n == 0:
        # out of time before two options had a rollout (a very busy machine): nothing was compared
        return Assessment("close", True, nan, tried[0][0] if tried and tried[0][0] != 0 else -1, interval)
    values = [v for _i, v, _n in tried]
    if min(values) >= ALL_WIN and not few:
        return Assessment("all_win", few, nan, -1, interval)
    if max(values) <= ALL_LOSE and not few:
        return Assessment("all_lose", few, nan, -1, interval)
    best, visits = alternatives[0][1], first_n
    z, gap, runner = math.inf, 0.0, -1
    finalist = max(n for i, _v, n in tried if i != 0) / 2
    for i, v, n in tried:
        if i == 0 or (n < finalist and v < best):  # dropped early by the halving, and scored lower
            continue
        zi = _z(best * visits, visits, v * n, n)
        if zi < z:
            z, gap, runner = zi, best - v, i
    if z >= Z_CLEAR and gap >= GAP_CLEAR and not few:
        kind = "clear"
    elif z >= Z_PROBABLE and gap > 0:
        kind = "probable"
    else:
        kind = "close"
    return Assessment(kind, few, z, runner, interval)


def _z(score1: float, n1: int, score2: float, n2: int) -> float:
    """The gap between two win chances (summed scores over rollouts) in standard errors, Agresti-Caffo: one win
    and one loss added to each side (``assess``)."""
    p1 = (score1 + 1) / (n1 + 2)
    p2 = (score2 + 1) / (n2 + 2)
    return (p1 - p2) / math.sqrt(p1 * (1 - p1) / (n1 + 2) + p2 * (1 - p2) / (n2 + 2))


def verdict(alternatives: Sequence[tuple[Any, float, int]]) -> str:
    """The key of ``CONFIDENCE`` for the first alternative: ``assess(alternatives).verdict``."""
    return assess(alternatives).verdict


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
    #: fewer simulated games than ``FEW_TOTAL`` in all or ``FEW_BEST`` for this move: the text says it is a rough guess
    few: bool = False
    #: the gap to the closest competitor in standard errors (``assess``; nan when nothing was compared)
    z: float = float("nan")
    #: a 95% interval of the move's win chance (Wilson; nan when it had no rollout)
    interval: tuple[float, float] = (float("nan"), float("nan"))

    @property
    def rollouts(self) -> int:
        """How many simulated games the hint rests on, in all (``iterations``)."""
        return self.iterations

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

        def chance(v: float, n: int) -> str:
            """A rate with its 95% range; on fewer than FEW_BEST rollouts the wins counted instead."""
            if v != v or n == 0:
                return "—"
            if n < FEW_BEST:
                return f"{_count(v * n, ja)} / {n}"
            lo, hi = wilson(v * n, n)
            return f"{_pct(v)} ({_pct(lo)}–{_pct(hi)})"

        rows = "".join(
            f"<tr><td>{escape(label)}</td><td>{escape(chance(v, n))}</td><td>{n}</td></tr>"
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


def _first_onward(order: Sequence[Action], back: _Repeats | None) -> Action:
    """The first action of ``order`` that does not lead back (``_Repeats``); the first if every one does."""
    if back is not None:
        for a in order:
            if not back(a):
                return a
    return order[0]


def _pct(x: float) -> str:
    """A win chance in whole percent that never rounds a chance short of certain up to 100% (or down to 0%)."""
    k = round(100 * x)
    if 0 < x < 1:
        k = min(99, max(1, k))
    return f"{k}%"


def _games(n: int) -> str:
    return "1 simulated game" if n == 1 else f"{n} simulated games"


def _count(score: float, ja: bool) -> str:
    """The games won (summed scores): a whole number, "about" it when unfinished games were scored in between."""
    k = round(score)
    if abs(score - k) < 0.05:
        return str(k)
    return f"約{k}" if ja else f"about {k}"


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

    @staticmethod
    def _sentence(
        view: State,
        action: Action,
        alts: Sequence[tuple[Action, float, int]],
        reasons: Sequence[Reason],
        sure: Assessment,
        words: str,
        iterations: int,
        lang: str,
    ) -> str:
        """Action, why (with rule IDs), how sure, and the evidence: with enough simulated games the move's
        win rate with its likely range and the closest competitor's; with few, the counts ("won 12 of 19")
        and the range, said to be a rough guess; no figures where every option wins or loses."""
        game = view.game
        say = game.describe_action(action, view, lang)
        why = _why(reasons, lang)
        kind = sure.verdict
        ja = lang == "ja"
        if kind == "only":
            if ja:
                return f"{say}：{words}。" + why
            return f"{say}: it is the only legal action" + (f" — {why}." if why else ".")
        n = alts[0][2]
        runner = alts[sure.runner] if sure.runner > 0 else (alts[1] if len(alts) > 1 and alts[1][2] > 0 else None)
        other = game.describe_action(runner[0], view, lang) if runner is not None else ""
        higher = runner is not None and runner[1] > alts[0][1]
        lo, hi = sure.interval
        if iterations == 0 or n == 0:  # out of time before this move had a single simulated game
            if ja:
                return f"おすすめ：{say}。{why}時間内に先読みが1局も終わらなかったので、コーチの経験則による手です。"
            tail = " No simulated game finished in time, so this is the coach's rule of thumb."
            return f"Suggested: {say}" + (f" — {why}." if why else ".") + tail
        if kind in ("all_win", "all_lose"):  # only over enough simulated games (``assess``)
            tail = f"（{iterations}局の先読みより）" if ja else f" (over {_games(iterations)})"
            if ja:
                return f"おすすめ：{say}。{why}{words}{tail}。"
            return f"Suggested: {say}" + (f" — {why}." if why else ".") + f" {words}{tail}."
        if sure.few:
            won = _count(alts[0][1] * n, ja)
            if ja:
                figures = (
                    f"。ただし先読みは全部で{iterations}局だけなので、大まかな目安です"
                    f"（この手は{n}局中{won}局で勝ち、勝率は{_pct(lo)}〜{_pct(hi)}のあいだと見られます"
                )
                if runner is not None:
                    label = "" if higher else "次点の"
                    figures += f"。{label}「{other}」は{runner[2]}局中{_count(runner[1] * runner[2], ja)}局で勝ち"
                figures += "）"
            else:
                figures = (
                    f", based on only {_games(iterations)}: a rough guess (this move won {won} of {n}, "
                    f"a chance somewhere between {_pct(lo)} and {_pct(hi)}"
                )
                if runner is not None:
                    label = "" if higher else "next best, "
                    figures += f"; {label}{other}: won {_count(runner[1] * runner[2], ja)} of {runner[2]}"
                figures += ")"
        elif ja:
            figures = f"（{n}局の先読みで勝率{_pct(alts[0][1])}、誤差を見込むと{_pct(lo)}〜{_pct(hi)}"
            if runner is not None:
                label = "" if higher else "次点の"
                figures += f"。{label}「{other}」は{runner[2]}局で{_pct(runner[1])}"
            figures += "）"
        else:
            figures = (
                f" (this move won {_pct(alts[0][1])} of {n} simulated games, likely between {_pct(lo)} and {_pct(hi)}"
            )
            if runner is not None:
                label = "" if higher else "next best, "
                figures += f"; {label}{other}: {_pct(runner[1])} of {runner[2]}"
            figures += ")"
        if ja:
            return f"おすすめ：{say}。{why}{words}{figures}。"
        return f"Suggested: {say}" + (f" — {why}." if why else ".") + f" {words}{figures}."

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
            return self._search_guided(view, deadline, back, gate)
        action, root, done = self._search_tree(view, deadline)
        if back is not None and back(action):
            order = sorted(root.children, key=lambda a: (-root.children[a].visits, -root.children[a].total))
            action = _first_onward([action] + order, back) if order else action
        return action, root, done

    def _base_policy(self) -> Any:
        if self._base is None:
            if self.rollout_policy is not None:
                self._base = self.rollout_policy
            else:
                from .heuristic import HeuristicAgent

                self._base = HeuristicAgent(self.rng.getrandbits(32))
        return self._base

    def _search_guided(
        self, view: State, deadline: float | None, back: _Repeats | None = None, gate: float = 0.0
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
        rng = self.rng
        base = self._base_policy()
        base_action = base.act(view)
        if base_action in legal:
            legal.remove(base_action)
            legal.insert(0, base_action)
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
        rank = sorted(root.children, key=lambda a: (a in alive, scored[a], root.children[a].visits), reverse=True)
        if back is not None:
            back.exempt = base_action
        best = _first_onward(rank, back)  # the best survivor, unless it leads back (then the next)
        if base_action in scored and best != base_action and not (back is not None and back(base_action)):
            b, n = root.children[base_action], root.children[best]
            if scored[base_action] >= scored[best] - self.margin or _z(n.total, n.visits, b.total, b.visits) < gate:
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


#: how many standard errors another action must lead the heuristic's choice by to replace it: in a hint, and
#: when the coach plays (``CoachAgent.override_z`` sets both)
HINT_Z, PLAY_Z = 1.0, 0.0

#: ``guided``: paired heuristic rollouts with sequential halving (the default, stronger);
#: ``tree``: information-set MCTS with cheap random-ish rollouts (no game knowledge needed)
SEARCHES = ("guided", "tree")
