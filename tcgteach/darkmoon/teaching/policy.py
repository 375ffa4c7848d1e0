"""The heuristic player's and the coach's DARK MOON knowledge (see ``tcgteach.agents.heuristic``).

DARK MOON (:class:`DarkMoonPolicy`) — points come from cards locked in units (DM-5), so:

* Grow the field first: play the card worth most now — a character (it can join a unit, and
  every number on the field makes a reveal more likely to match, DM-4.4), a card that fetches or
  places more cards, a special (a loose special is already a point, DM-5.3).
* Lock a unit when the field holds 7 characters (the most a unit takes, DM-4.6), with the
  special whose point condition that unit meets best; play such a special first if it is in hand.
* The third unit arms the end (DM-1.4): fill it only when the points after this turn beat what
  the opponent could reach in their last turn, or when nothing more can be gained.
* In the last turn (the end is armed) spend both actions on whatever scores most right now.
* Effects: return the leader's most useful character (DM-6.1), put a card from hand onto the
  field when allowed, keep a peeked card on top only if it will match a field number, and
  decline a recycle (the draw comes anyway).

The coach asks :func:`position_value` for rollouts cut short and :func:`rollout_action` for its fast
random-but-purposeful playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from ...agents.base import best_of
from ..rules import actions as A
from ..rules.ids import Node, Op
from ..rules.scoring import bonus as _dm_bonus
from ..rules.values import PeekChoice

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..rules.state import DarkMoonState, Instances

# enum members read per decision, bound once as module globals: read ``_Op_DRAW`` as ``Op.DRAW`` (why: see state.py)
_Node_EFFECT = Node.EFFECT
_Node_MAIN = Node.MAIN
_Node_UNIT = Node.UNIT
_Op_DRAW = Op.DRAW
_Op_DRAW_IF_FIELD_HAS = Op.DRAW_IF_FIELD_HAS
_Op_EACH_DRAW = Op.EACH_DRAW
_Op_PEEK = Op.PEEK
_Op_PLACE_FROM_HAND = Op.PLACE_FROM_HAND
_Op_RECYCLE = Op.RECYCLE
_Op_RETURN_OPPONENT = Op.RETURN_OPPONENT
_Op_SEARCH = Op.SEARCH

Legal = tuple["Action", ...]


def _best(scored: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
    """``best_of`` for actions: the best-scored one, ties broken by ``rng``."""
    best: Action = best_of(scored, rng)
    return best


class DarkMoonPolicy:
    """DARK MOON: build the field, lock 7-character units with a fitting special, arm the end when ahead."""

    FULL = 7  # DM-4.6: at most 7 characters in a unit
    ARM_MARGIN = 0  # arm the end when the points after this turn beat the opponent's best last turn by more

    def act(self, view: DarkMoonState, legal: Legal, rng: random.Random) -> Action:
        """The heuristic player's choice among ``legal`` in ``view``: the rules of thumb of this module's docstring,
        with ``rng`` breaking ties."""
        node = view.node
        if node == _Node_UNIT:
            return self._unit_step(view, legal)
        if node == _Node_EFFECT:
            return self._effect(view, legal, rng)
        return self._main(view, legal, rng)

    # -- facts ------------------------------------------------------------------------------------------
    @staticmethod
    def _zones(view: DarkMoonState, p: int) -> tuple[list[int], list[int], list[int], list[list[int]]]:
        """p's deck, hand, field and unit slots."""
        return view.deck(p), view.hand(p), view.field(p), view.units(p)

    @staticmethod
    def _unseen(view: DarkMoonState, p: int) -> tuple[dict[int, int], set[str]]:
        """Character numbers (with counts) and names still in p's deck: p knows the deck list, not its order."""
        inst = view.inst
        seen = set(view.hand(p))
        seen.update(view.field(p))
        for unit in view.units(p):
            seen.update(unit)
        counts: dict[int, int] = {}
        names: set[str] = set()
        for c, n, name in inst.chars_of[p]:  # p's character cards
            if c not in seen:
                counts[n] = counts.get(n, 0) + 1
                names.add(name)
        return counts, names

    @staticmethod
    def _score(view: DarkMoonState, p: int) -> int:
        total: int = view.score(p)["total"]
        return total

    # -- units ------------------------------------------------------------------------------------------
    def __init__(self) -> None:
        #: the unit plans already worked out (a unit is picked card by card, each pick asks for the same plan)
        self._plans: dict[tuple[Any, ...], tuple[int, list[int]]] = {}

    def _best_unit(
        self, inst: Instances, field: Sequence[int], unseen: dict[int, int] | None, cap: int = 7
    ) -> tuple[int, list[int]]:
        """(points gained by locking it, cards) of the best unit from ``field`` (special bonus included;
        a special's own card point is not counted: it scores 1 loose as well). A pure function of its
        arguments, so each plan is kept."""
        key = (inst, tuple(field), tuple(unseen.items()) if unseen else None, cap)
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= 512:
                self._plans.clear()
            plan = self._plans[key] = self._plan_unit(inst, field, unseen, cap)
        return plan[0], plan[1][:]

    @staticmethod
    def _plan_unit(
        inst: Instances, field: Sequence[int], unseen: dict[int, int] | None, cap: int
    ) -> tuple[int, list[int]]:
        is_char, cards = inst.is_char, inst.cards
        # read for character cards only, and every character has a number and a name (DM-6.1)
        number = cast("tuple[int, ...]", inst.number)
        charname = cast("tuple[str, ...]", inst.charname)
        chars = [c for c in field if is_char[c]]
        if len(chars) < 3:
            return 0, []
        specials = [(c, pts) for c in field if not is_char[c] and (pts := cards[c].points) is not None]
        # characters we would rather leave on the field: their number has copies left in the deck
        per_number: dict[int, int] = {}
        for c in chars:
            per_number[number[c]] = per_number.get(number[c], 0) + 1
        if unseen:
            keep = {c: unseen.get(number[c], 0) / per_number[number[c]] for c in chars}
        else:
            keep = {c: 0.0 for c in chars}
        base_order = sorted(chars, key=lambda c: (keep[c], c))
        take = min(cap, len(chars))
        best_value, best_cards = take, base_order[:take]
        for s, pts in specials:
            order = base_order
            if "per_name" in pts:
                want = pts["per_name"]
                order = [c for c in base_order if charname[c] == want] + [c for c in base_order if charname[c] != want]
            else:
                cond = pts.get("if")
                if cond:
                    ((key, arg),) = cond.items()
                    if key == "unit_has":
                        first = [c for c in base_order if charname[c] == arg][:1]
                        order = first + [c for c in base_order if c not in first]
                    elif key == "unit_distinct_at_least":
                        seen_names: set[str] = set()
                        first = []
                        for c in base_order:
                            if charname[c] not in seen_names:
                                seen_names.add(charname[c])
                                first.append(c)
                        order = first + [c for c in base_order if c not in first]
            picked = order[:take]
            bonus = _dm_bonus(pts, [charname[c] for c in picked])
            if bonus > 0 and take + bonus > best_value:
                best_value, best_cards = take + bonus, picked + [s]
        return best_value, best_cards

    def _best_units(self, inst: Instances, field: Sequence[int], n_units: int, unseen: dict[int, int] | None) -> int:
        """Points from locking up to ``n_units`` units in a row from ``field``, greedily."""
        total = 0
        rest = list(field)
        for _ in range(n_units):
            value, cards = self._best_unit(inst, rest, unseen)
            if not cards:
                break
            total += value
            rest = [c for c in rest if c not in cards]
        return total

    def _finish_plan(
        self,
        view: DarkMoonState,
        p: int,
        actions_left: int,
        empty_slots: int,
        hand: Sequence[int],
        field: Sequence[int],
    ) -> tuple[int, tuple[int, ...], int]:
        """The most points this turn can still add if it were the last: (gain, cards to play first, units)."""
        inst = view.inst
        is_char = inst.is_char
        options = []
        distinct: dict[Any, int] = {}
        for c in hand:  # one representative per card kind
            distinct.setdefault(inst.cards[c].id, c)
        reps = sorted(distinct.values())
        for plays in range(0, actions_left + 1):
            units = min(actions_left - plays, empty_slots)
            for combo in combinations(reps, plays) if plays else [()]:
                new_field = list(field) + list(combo)
                gain = sum(1 for c in combo if not is_char[c])  # loose specials (DM-5.3)
                gain += self._best_units(inst, new_field, units, None)
                options.append((gain, combo, units))
        return max(options, key=lambda o: (o[0], -len(o[1])))

    def _opponent_threat(self, view: DarkMoonState, p: int) -> int:
        """The best final score any opponent could reach in one more turn (2 actions), roughly."""
        inst = view.inst
        best = 0
        for q in range(view.num_players):
            if q == p:
                continue
            _deck, hand, field, units = self._zones(view, q)
            empty = sum(1 for u in units if not u)
            gain = 0
            for n_units in range(0, min(2, empty) + 1):
                extra = min(2 - n_units, len(hand))  # a play adds about a point (a special, or a unit member)
                gain = max(gain, self._best_units(inst, field, n_units, None) + extra)
            best = max(best, self._score(view, q) + gain)
        return best

    # -- main phase ---------------------------------------------------------------------------------------
    def _main(self, view: DarkMoonState, legal: Legal, rng: random.Random) -> Action:
        p = view.turn_player
        inst = view.inst
        deck, hand, field, units = self._zones(view, p)
        is_char = inst.is_char
        empty = [k for k in range(3) if not units[k]]
        n_chars = sum(1 for c in field if is_char[c])
        left = view.action_limit() - view.actions_used
        can_unit = n_chars >= 3 and bool(empty)
        final_turn = view.armed_by is not None and view.armed_by != p
        unseen, unseen_names = self._unseen(view, p)

        if final_turn or (len(empty) == 1 and can_unit and self._should_arm(view, p, left, hand, field, deck)):
            gain, plays, n_units = self._finish_plan(view, p, left, len(empty), hand, field)
            if plays:
                return inst.play[plays[0]]
            if n_units and can_unit:
                return A.UNIT_SLOTS[empty[0]]
            return A.END_MAIN

        if can_unit and len(empty) >= 2:
            now = self._unit_now(view, hand, field, unseen, left, n_chars, empty[0])
            if now is not None:
                return now
        if hand:
            return self._best_play(view, p, hand, field, deck, unseen, unseen_names, rng)
        if can_unit and len(empty) >= 2:
            return A.UNIT_SLOTS[empty[0]]
        if can_unit:  # the last slot, nothing else to do: arming is the only progress
            return A.UNIT_SLOTS[empty[0]]
        return A.END_MAIN

    def _unit_now(
        self,
        view: DarkMoonState,
        hand: Sequence[int],
        field: Sequence[int],
        unseen: dict[int, int],
        left: int,
        n_chars: int,
        slot: int,
    ) -> Action | None:
        """With two slots or more empty: start a unit now when the field is full (after a special in hand that
        the unit would reward, if there is time to play it) or the hand is empty; None: play a card first."""
        inst = view.inst
        if n_chars >= self.FULL:
            # a special in hand that this unit would reward: play it first if there is time
            if left >= 2:
                value_now, _ = self._best_unit(inst, field, unseen)
                for s in sorted(c for c in hand if not inst.is_char[c] and inst.cards[c].points is not None):
                    value, _ = self._best_unit(inst, list(field) + [s], unseen)
                    if value > value_now:
                        return inst.play[s]
            return A.UNIT_SLOTS[slot]
        if not hand:
            return A.UNIT_SLOTS[slot]
        return None

    def _should_arm(
        self, view: DarkMoonState, p: int, left: int, hand: Sequence[int], field: Sequence[int], deck: Sequence[int]
    ) -> bool:
        """Fill the third slot now? When ahead of the opponent's best last turn, or out of things to do."""
        gain, _plays, _units = self._finish_plan(view, p, left, 1, hand, field)
        mine = self._score(view, p) + gain
        if not hand:
            return True
        threat = self._opponent_threat(view, p)
        return mine > threat + self.ARM_MARGIN

    def _best_play(
        self,
        view: DarkMoonState,
        p: int,
        hand: Sequence[int],
        field: Sequence[int],
        deck: Sequence[int],
        unseen: dict[int, int],
        unseen_names: set[str],
        rng: random.Random,
    ) -> Action:
        inst = view.inst
        is_char, number, charname, cards = inst.is_char, inst.number, inst.charname, inst.cards
        field_numbers = {n for c in field if (n := number[c]) is not None}  # the characters' numbers
        field_names = {charname[c] for c in field if is_char[c]}
        deck_size = len(deck)
        opp_chars: list[int] = []
        for q in range(view.num_players):
            if q != p:
                opp_chars.extend(c for c in view.field(q) if is_char[c])
        hand_chars = [c for c in hand if is_char[c]]
        # copies left in the deck of the numbers on the field (a whole number: the order of the sum is free)
        on_field = sum(unseen.get(x, 0) for x in field_numbers)
        scored = []
        for c in hand:
            card = cards[c]
            n = number[c]
            if n is not None:  # a character card
                value = 1.0
                left = on_field if n in field_numbers else on_field + unseen.get(n, 0)
            else:
                value = 1.0 + (0.3 if card.points is not None else 0.0)
                left = on_field
            if deck_size:
                value += left / deck_size
            eff = card.effect
            if eff is not None:
                value += _effect_value(eff, c, charname, field_names, unseen_names, opp_chars, hand_chars)
            scored.append((value, inst.play[c]))
        return _best(scored, rng)

    # -- a unit pick by pick --------------------------------------------------------------------------------
    def _unit_step(self, view: DarkMoonState, legal: Legal) -> Action:
        p = view.turn_player
        inst = view.inst
        _deck, _hand, field, units = self._zones(view, p)
        final = view.armed_by is not None and view.armed_by != p
        empty = sum(1 for u in units if not u)
        unseen = None if final or empty == 1 else self._unseen(view, p)[0]
        _value, plan = self._best_unit(inst, field, unseen)
        picked = set(view.unit_pick)
        legal_set = set(legal)
        for c in plan:
            if c not in picked:
                a = inst.pick[c]
                if a in legal_set:
                    return a
        if A.FINISH in legal_set:
            return A.FINISH
        # the plan cannot be completed (should not happen): add any character, else give up
        for other in legal:
            if isinstance(other, A.Pick) and inst.is_char[other.card]:
                return other
        return A.CANCEL

    # -- on-play effects ----------------------------------------------------------------------------------------
    def _effect(self, view: DarkMoonState, legal: Legal, rng: random.Random) -> Action:
        p = view.turn_player
        inst = view.inst
        pending = view.pending
        if isinstance(pending, PeekChoice):
            top = pending.top
            field = view.field(p)
            if top < 0:
                return A.KEEP_TOP
            if inst.is_char[top]:
                nums = {inst.number[c] for c in field if inst.is_char[c]}
                return A.KEEP_TOP if inst.number[top] in nums else A.TO_BOTTOM
            return A.KEEP_TOP  # a special: worth keeping
        op = pending.op if pending is not None else None
        chooses = [a for a in legal if isinstance(a, A.Choose)]
        if op == _Op_RECYCLE or not chooses:
            return A.DECLINE  # declining still draws (the draw comes either way)
        if op == _Op_PLACE_FROM_HAND:
            # the placed card's own effect does not trigger: place one without an effect first
            return min(chooses, key=lambda a: (inst.cards[a.card].effect is not None, a.card))
        if op == _Op_RETURN_OPPONENT:
            scores = {q: self._score(view, q) for q in range(view.num_players)}
            scored = []
            for a in chooses:
                c = a.card
                q = inst.owner[c]
                qfield = view.field(q)
                n_chars = sum(1 for x in qfield if inst.is_char[x])
                same_number = sum(1 for x in qfield if inst.is_char[x] and inst.number[x] == inst.number[c])
                value = 2.0 * scores[q] + (3.0 if n_chars == 3 else 0.0) + (1.0 if same_number == 1 else 0.0)
                value += 1.0 if n_chars >= 7 else 0.0
                scored.append((value, a))
            return _best(scored, rng)
        return _best([(0.0, a) for a in chooses], rng)


# -- the coach's knowledge ------------------------------------------------------------------------------
def position_value(state: Any) -> list[float]:
    """DARK MOON: the points as they would stand now, plus a little for cards still to be placed."""
    n = state.num_players
    pts = []
    for p in range(n):
        sc = state.score(p)
        field = len(state.zone(p, "field"))
        pts.append(sc["total"] + 0.3 * field)
    out = []
    for p in range(n):
        best_other = max(pts[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(pts[p] - best_other) / 3.0)))
    return out


def rollout_action(s: Any, legal: Legal, rng: random.Random) -> Action:
    """Play cards and build units rather than end the phase; finish units instead of cancelling."""
    node = s.node
    if node == _Node_MAIN:
        units = [a for a in legal if a.VERB == "unit"]
        if units and rng.random() < 0.6:
            return units[0]
        plays = [a for a in legal if a.VERB == "play"]
        if plays:
            return plays[rng.randrange(len(plays))]
        return units[0] if units else legal[-1]
    if node == _Node_UNIT:
        picks = [a for a in legal if a.VERB == "pick"]
        finish = [a for a in legal if a.VERB == "finish"]
        if finish and (not picks or rng.random() < 0.15):
            return finish[0]
        if picks:
            return picks[rng.randrange(len(picks))]
        return legal[-1]
    return legal[rng.randrange(len(legal))]


def _effect_value(
    eff: Mapping[str, Any],
    c: int,
    charname: Sequence[str | None],
    field_names: set[str | None],
    unseen_names: set[str],
    opp_chars: list[int],
    hand_chars: list[int],
) -> float:
    """What playing card ``c`` is worth for its on-play effect ``eff`` (added to its reveal value)."""
    op = eff["op"]
    if op == _Op_DRAW:
        n: int = eff["n"]
        return 0.6 * n
    if op == _Op_EACH_DRAW:
        n = eff["n"]
        return 0.3 * n
    if op == _Op_DRAW_IF_FIELD_HAS:
        n = eff["n"]
        return 0.6 * n if eff["name"] in field_names else 0.0
    if op == _Op_SEARCH:
        if eff["name"] in unseen_names:
            return 1.0 if eff["to"] == "field" else 0.6
        return 0.0
    if op == _Op_PEEK:
        return 0.3
    if op == _Op_RETURN_OPPONENT:
        return 0.8 if any(eff["name"] is None or charname[x] == eff["name"] for x in opp_chars) else 0.0
    if op == _Op_PLACE_FROM_HAND:
        return 1.0 if any(charname[x] == eff["name"] for x in hand_chars if x != c) else 0.0
    if op == _Op_RECYCLE:
        return 0.5
    return 0.0
