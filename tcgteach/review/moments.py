"""The moments that decided a game, and trying one again.

For a seat, a *moment* is one of its decisions after which its chance to win fell (``chances``): from the
estimate before the decision to the next one after it. The noise rule (``NOISE_RULE``): a fall counts only when
it is larger than ``Z`` (1.96) standard errors of the difference of the two estimates, and a choice is called a
mistake only when the coach's choice beats it by more than ``Z`` paired standard errors, both choices played on
the same dealt cards and the same luck (``evaluate``). A fall with no better choice is said to have come from
what followed (the cards drawn, the other seats' moves), not from the choice.

    ms = decisive_moments(timeline, chances, seat=0)      # up to three, the largest fall first
    ms[0].mistake, ms[0].best, ms[0].reasons_best          # the coach's choice and why, with rule IDs
    again = try_again(timeline, ms[0].index, action)       # another legal choice, judged the same way
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.checks import check_int, check_lang, shown
from ..core.determinize import determinize
from ..core.errors import TcgError
from .chances import Chance, Z, play_on, position_seed
from .timeline import Timeline

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.game import Reason
    from ..core.state import State

#: how many moments a seat's review shows
TOP = 3
#: the noise rule, said to the reader (en, ja)
NOISE_RULE = {
    "en": (
        "A fall counts only when it is larger than 1.96 standard errors of the two estimates (95%); a choice is "
        "called a mistake only when the coach's choice wins more often by more than 1.96 standard errors, both "
        "played out on the same dealt cards."
    ),
    "ja": (
        "勝率の下がり幅が、前後2つの見積もりの誤差（標準誤差）の1.96倍を超えたときだけ数えます（95%）。"
        "また、同じ配り方で両方を最後まで試し、コーチの選択のほうが誤差の1.96倍を超えてよく勝つときだけ"
        "「悪手」と呼びます。"
    ),
}


@dataclass(frozen=True)
class Evaluation:
    """Legal actions of one decision played out on the same ``n`` dealt cards: each one's mean score for the
    seat, and the paired differences' standard errors against the first action given (the one played)."""

    seat: int
    actions: tuple[Action, ...]
    means: tuple[float, ...]
    diff_se: tuple[float, ...]
    n: int

    def best(self) -> int:
        """The index of the action with the best mean result (the first one on a tie)."""
        return max(range(len(self.actions)), key=lambda k: (self.means[k], -k))


def evaluate(position: State, actions: Sequence[Action], rollouts: int, seed: int) -> Evaluation:
    """``actions`` (the first: the reference) each played from ``position`` by its seat, then the rule-of-thumb
    player on every side, over ``rollouts`` deals of what that seat could not see (the same for every action)."""
    from ..agents.heuristic import HeuristicAgent
    from ..agents.search import _fast_act

    seat = position.current_player
    if seat is None:
        raise TcgError("there is no decision here: the game is over")
    view = position.view(seat)
    rng = random.Random(seed)
    agent = HeuristicAgent(rng.getrandbits(32))
    act = _fast_act(agent)
    scores = [[0.0] * rollouts for _ in actions]
    for k in range(rollouts):
        sample = determinize(view, rng)
        luck = rng.getrandbits(32)
        for j, a in enumerate(actions):
            s = sample.clone()
            s.apply_unchecked(a)
            agent.rng.seed(luck)
            scores[j][k] = play_on(s, act)[seat]
    means = tuple(sum(x) / rollouts for x in scores)
    ses = []
    for j in range(len(actions)):
        d = [scores[j][k] - scores[0][k] for k in range(rollouts)]
        mean = sum(d) / rollouts
        var = sum((x - mean) ** 2 for x in d) / max(rollouts - 1, 1)
        ses.append(math.sqrt(max(var, 0.25 / rollouts) / rollouts) if j else 0.0)
    return Evaluation(seat, tuple(actions), means, tuple(ses), rollouts)


@dataclass(frozen=True)
class Moment:
    """A decision of ``seat`` after which its chance fell by ``drop`` (beyond ``noise``), what was played and
    what the coach prefers, the values of both over the same deals, whether it was a mistake, and why."""

    seat: int
    index: int
    turn: int
    before: float
    after: float
    drop: float
    noise: float
    played: Action
    best: Action
    played_value: float
    best_value: float
    diff_se: float
    mistake: bool
    played_text: str
    best_text: str
    reasons_played: tuple[Reason, ...]
    reasons_best: tuple[Reason, ...]
    led_to: tuple[str, ...]
    would_lead_to: tuple[str, ...]
    lang: str


def falls(timeline: Timeline, chances: Sequence[Chance], seat: int) -> list[tuple[int, Chance, Chance]]:
    """The decisions of ``seat`` after which its chance fell beyond the noise: (index, before, after), the
    largest fall first."""
    by_index = {c.index: c for c in chances}
    order = sorted(by_index)
    out = []
    for k, i in enumerate(order[:-1]):
        move = timeline.moves[i] if i < len(timeline) else None
        if move is None or move.actor != seat or not move.decision:
            continue
        before, after = by_index[i], by_index[order[k + 1]]
        drop = before.mean[seat] - after.mean[seat]
        if drop > Z * math.hypot(before.se(seat), after.se(seat)):
            out.append((i, before, after))
    out.sort(key=lambda t: -(t[1].mean[seat] - t[2].mean[seat]))
    return out


def _events_text(game: Any, state: State, events: Sequence[Any], lang: str, limit: int = 4) -> tuple[str, ...]:
    lines = []
    for e in events:
        text = game.describe_event(e, state, lang)
        if text and text not in lines:
            lines.append(text)
    return tuple(lines[:limit])


def moment_at(
    timeline: Timeline, index: int, before: Chance, after: Chance, seat: int, rollouts: int, seed: int, lang: str
) -> Moment:
    """The moment of decision ``index``: the played action against every legal one, over the same deals."""
    game = timeline.game
    position = timeline.position(index)
    played = timeline.moves[index].action
    legal = list(position.legal_actions())
    others = [a for a in legal if a != played]
    ev = evaluate(position, [played] + others, rollouts, position_seed(seed, index) ^ 0x5EED)
    b = ev.best()
    best = ev.actions[b]
    mistake = b != 0 and ev.means[b] - ev.means[0] > Z * ev.diff_se[b]
    if not mistake:
        best, b = played, 0
    view = position.view(seat)
    after_played = timeline.position(index + 1)
    led_to = _events_text(game, after_played, timeline.moves[index].events, lang)
    would: tuple[str, ...] = ()
    if mistake:
        other = position.clone()
        events = other.apply(best)
        would = _events_text(game, other, events, lang)
    return Moment(
        seat,
        index,
        timeline.moves[index].turn,
        before.mean[seat],
        after.mean[seat],
        before.mean[seat] - after.mean[seat],
        Z * math.hypot(before.se(seat), after.se(seat)),
        played,
        best,
        ev.means[0],
        ev.means[b],
        ev.diff_se[b],
        mistake,
        timeline.text(index, lang),
        game.describe_action(best, position, lang),
        tuple(game.explain_choice(view, played, lang)),
        tuple(game.explain_choice(view, best, lang)) if mistake else (),
        led_to,
        would,
        lang,
    )


def decisive_moments(
    timeline: Timeline, chances: Sequence[Chance], seat: Any, rollouts: Any = 24, seed: Any = 0, lang: Any = "en"
) -> list[Moment]:  # Any: checked here
    """Up to ``TOP`` moments of ``seat``, the largest fall first (see the module's text)."""
    seat = check_int(seat, "seat", 0, timeline.final.num_players - 1)
    rollouts = check_int(rollouts, "rollouts", 2, 10_000)
    seed = check_int(seed, "seed", 0, (1 << 63) - 1)
    check_lang(lang)
    return [
        moment_at(timeline, i, before, after, seat, rollouts, seed, lang)
        for i, before, after in falls(timeline, chances, seat)[:TOP]
    ]


@dataclass(frozen=True)
class TryAgain:
    """Another choice at decision ``index``: its value against the played one's and the coach's best over
    the same deals, the verdict ("better", "worse" or "same": within the noise) and its reasons."""

    index: int
    action: Action
    text: str
    value: float
    played_value: float
    best: Action
    best_text: str
    best_value: float
    diff_se: float
    verdict: str
    reasons: tuple[Reason, ...]
    lang: str


def try_again(
    timeline: Timeline, index: Any, action: Any, rollouts: Any = 24, seed: Any = 0, lang: Any = "en"
) -> TryAgain:  # Any: checked here
    """Choose ``action`` (an action or its text) at decision ``index`` instead of what was played."""
    index = check_int(index, "index", 0, max(len(timeline) - 1, 0))
    rollouts = check_int(rollouts, "rollouts", 2, 10_000)
    seed = check_int(seed, "seed", 0, (1 << 63) - 1)
    check_lang(lang)
    if not timeline.moves or not timeline.moves[index].decision:
        raise TcgError(f"move {index} was no choice (one legal action): there is nothing to try again")
    position = timeline.position(index)
    game = timeline.game
    legal = list(position.legal_actions())
    chosen = _legal_choice(position, legal, action)
    played = timeline.moves[index].action
    rest = [a for a in legal if a not in (played, chosen)]
    order = [played] + ([chosen] if chosen != played else []) + rest
    ev = evaluate(position, order, rollouts, position_seed(seed, index) ^ 0x5EED)
    j = order.index(chosen)
    diff = ev.means[j] - ev.means[0]
    verdict = "same" if j == 0 or abs(diff) <= Z * ev.diff_se[j] else ("better" if diff > 0 else "worse")
    b = ev.best()
    view = position.view(ev.seat)
    return TryAgain(
        index,
        chosen,
        game.describe_action(chosen, position, lang),
        ev.means[j],
        ev.means[0],
        ev.actions[b],
        game.describe_action(ev.actions[b], position, lang),
        ev.means[b],
        ev.diff_se[j],
        verdict,
        tuple(game.explain_choice(view, chosen, lang)),
        lang,
    )


def _legal_choice(position: State, legal: list[Action], action: Any) -> Action:
    if isinstance(action, str):
        for a in legal:
            if str(a) == action:
                return a
    elif action in legal:
        return action  # type: ignore[no-any-return]
    shown_legal = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    raise TcgError(f"{shown(action)} is not one of the choices at this moment: {shown_legal}")


__all__: Sequence[str] = (
    "NOISE_RULE",
    "TOP",
    "Evaluation",
    "Moment",
    "TryAgain",
    "decisive_moments",
    "evaluate",
    "falls",
    "try_again",
)
