"""The heuristic player's and the coach's Dragon Quest knowledge (see ``tcgteach.agents.heuristic``).

Dragon Quest (:class:`DragonQuestPolicy`) — the deck is the life (DQ-1.2), so:

* Mulligan a hand without a level-1 party card (DQ-3.3); draw up to a full hand (DQ-6.3) —
  cards in hand pay for recruits, items, quests and hand costs — but stop short of the last
  few cards of the deck, since every card drawn is a card of life spent.
* Recruit the strongest affordable party cards, front row first, keeping the formation legal
  (DQ-5); equip items to matching characters (DQ-6.9); heal or treat a valuable damaged or
  sick card when the GP allows (DQ-6.6, DQ-6.7).
* Use effects that damage, poison, confuse or close enemies, or give GP or cards, when their
  cost is affordable.
* Damage is paid with cards of the own deck (DQ-8.1), so a fight is scored in cards: damage
  dealt minus damage taken, plus a bonus for a defeated card and a malus for a lost one (and
  a card of life weighs more the thinner that deck is, so even trades favour the longer
  deck). The blows are predicted by the engine's own ``combat.resolve_fight`` (DQ-7.8: speed
  order, a first strike that defeats prevents the return blow) against the block and
  counterattack the opponent would choose; attack with the best card while that scores above
  zero, otherwise end the battle.
* Defend with a card that survives or strikes first and kills; counterattack when it pays;
  as the attacker pick a fallback defender that cannot strike back (DQ-7.5); put confusion
  damage on a card that will not die (DQ-6.14); advance the toughest back card (DQ-5.4).

The facts each decision reads (stats with items and auras, values of cards, effects and fights) are
``facts.Facts``. The coach asks :func:`position_value` for rollouts cut short and :func:`rollout_action` for its fast
random-but-purposeful playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...agents.base import best_of
from ...core.actions import Action
from ..rules import actions as A
from ..rules.combat import Combat
from ..rules.ids import ACTIVE, MONSTER, Ev, Node
from ..rules.preparation import leads_back
from .facts import Facts

if TYPE_CHECKING:
    from ..rules.state import DragonQuestState


#: enum members bound once (reading a member off an Enum class is slow in Python 3.11, and these are read in loops)
_EV_RESTORE, _EV_USE, _EV_USE_ITEM = Ev.RESTORE, Ev.USE, Ev.USE_ITEM
_NODE_PREP, _NODE_COMBAT_ACTION, _NODE_DRAW = Node.PREP, Node.COMBAT_ACTION, Node.DRAW
#: the most frequent preparation actions, tested first (the branches exclude each other, so the order is free)
_RECRUIT, _SWAP, _MOVE, _END_PREP = A.Recruit, A.Swap, A.Move, A.EndPrep
#: the weighed preparation actions that can bring the phase back to a position it was in (DQ-6.4)
_CIRCLING = (A.Swap, A.Restore, A.Use)


def _best(scored: Sequence[tuple[float, Any]], rng: random.Random) -> Action:
    """The best-scored action, ties broken by ``rng``."""
    choice: Action = best_of(scored, rng)
    return choice


ATTACK_MIN = 0.0  # attack (or use a battle effect) only when it is worth more than this
DECK_RESERVE = 8  # draw no deeper than this into the deck


class DragonQuestPolicy:
    """Dragon Quest: save life, build a strong front row, trade blows only when the exchange pays."""

    def act(self, view: DragonQuestState, legal: Sequence[Any], rng: random.Random) -> Action:
        """The heuristic player's choice among ``legal`` in ``view``: the decision for the node (this module's docstring
        lists the rules of thumb), or a random one where the policy has none."""
        decide = _DECISIONS.get(view.node)
        if decide is None:
            chosen: Action = legal[rng.randrange(len(legal))]
            return chosen
        return decide(self, Facts(view), legal, rng)

    # -- set-up and draw (DQ-3.3, DQ-6.3) -----------------------------------------------------------------
    def _mulligan(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        inst = ctx.inst
        ok = any(inst.kind[c] <= MONSTER and inst.level[c] <= 1 for c in ctx.hand(ctx.me))
        return A.KEEP if ok else A.MULLIGAN

    def _draw(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        """Fill the hand (cards in hand pay for recruits, items, quests and hand costs), but keep a
        reserve of deck near the end: every card drawn is a card of life (DQ-1.2)."""
        ns = sorted(a.n for a in legal)
        lo, hi = ns[0], ns[-1]
        deck = len(ctx.deck(ctx.me))
        want = max(lo, min(hi, deck - DECK_RESERVE))
        chosen: Action = next((a for a in legal if a.n == want), legal[0])
        return chosen

    # -- preparation (DQ-6.5 ... DQ-6.12) ----------------------------------------------------------------------
    def _prep(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        free = ctx.view.recruits == 0
        front_n, back_n = len(ctx.front(ctx.me)), len(ctx.back(ctx.me))
        scored: list[tuple[float, Any]] = []
        for a in legal:
            value = _prep_value(ctx, a, free, front_n, back_n)
            if value is not None:
                scored.append((value, a))
        view = ctx.view
        # never back to a position of this phase (a swap and its reverse, "gain 1 GP" and "restore"): a circle
        # that gains nothing (DQ-6.4); asked only of the actions that could be chosen
        scored = [(v, a) for v, a in scored if v <= 0.05 or type(a) not in _CIRCLING or not leads_back(view, a)]
        if not scored:
            return A.END_PREP
        value = max([v for v, _ in scored])
        if value <= 0.05:
            return A.END_PREP
        return _best([(v, a) for v, a in scored if v >= value - 1e-9], rng)

    def _pay(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        scored = [(-ctx.hand_card_value(a.card), a) for a in legal]
        return _best(scored, rng)

    def _target(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        view = ctx.view
        pending = view.pending
        assert pending is not None
        card = ctx.inst.cards[pending.source]
        eff = card.use if pending.kind == "item" else card.effects[pending.effect]
        scored = [(ctx.target_value(eff, a.card, pending.user), a) for a in legal]
        return _best(scored, rng)

    # -- battle (DQ-6.13, DQ-7) --------------------------------------------------------------------------------
    def _battle_choices(self, ctx: Facts, legal: Sequence[Any]) -> list[tuple[float, Any]]:
        """Action-step choices (attacks, action effects, items) with their values."""
        options: list[tuple[float, Any]] = []
        for a in legal:
            value = self._battle_choice(ctx, a)
            if value is not None:
                options.append((value, a))
        return options

    def _battle_choice(self, ctx: Facts, a: Any) -> float | None:
        """The value of one action-step choice, or None for an action that is not weighed."""
        t = type(a)
        if t is A.Attack:
            return ctx.attack_value(a.card)
        if t is A.Use:
            eff = ctx.inst.cards[a.card].effects[a.effect]
            if eff.timing == "action" and ctx.used_this_turn((_EV_USE, a.card, a.effect, None)) < 2:
                return ctx.effect_value(eff, a.card, ctx.me, "action", src_item=None)
        elif t is A.UseItem:
            carrier = ctx.carrier(a.item)
            if ctx.used_this_turn((_EV_USE_ITEM, carrier, None, a.item)) < 2:
                return ctx.effect_value(ctx.inst.cards[a.item].use, carrier, ctx.me, "action", src_item=a.item)
        return None

    def _best_battle_action(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> tuple[float, Any]:
        options = self._battle_choices(ctx, legal)
        if not options:
            return 0.0, None
        top = max(v for v, _ in options)
        return top, _best([(v, a) for v, a in options if v >= top - 1e-9], rng)

    def _battle_pays(self, ctx: Facts) -> bool:
        """Whether the best action-step choice the turn player would have (before the battle or between attacks)
        is worth more than ATTACK_MIN: the first choice that is ends the search (the values are pure, so this is
        ``max(values, default=0.0) > ATTACK_MIN`` with fewer values worked out)."""
        for a in ctx.possible_battle_actions():
            value = self._battle_choice(ctx, a)
            if value is not None and value > ATTACK_MIN:
                return True
        return 0.0 > ATTACK_MIN

    def _start_value(self, ctx: Facts) -> float:
        """The best start-step effect the turn player could use (DQ-7.1)."""
        me = ctx.me
        best = 0.0
        for c, k, eff in ctx.usable_effects(me, "start"):
            if ctx.used_this_turn((_EV_USE, c, k, None)) < 2:
                best = max(best, ctx.effect_value(eff, c, me, "start", src_item=None) - 0.2)
        return best

    def _battle(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        """DQ-6.13: fight when an attack or a start or action effect would pay."""
        # max(battle value, start value) > ATTACK_MIN, the start value worked out only when needed
        return A.FIGHT if self._battle_pays(ctx) or self._start_value(ctx) > ATTACK_MIN else A.SKIP

    def _action_step(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        """DQ-7.2: the best battle action while it pays, else pass (the battle ends)."""
        value, action = self._best_battle_action(ctx, legal, rng)
        return action if value > ATTACK_MIN and action is not None else A.PASS

    def _end_step(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        """DQ-7.9: formation maintenance first, then continue while another battle action pays."""
        if ctx.view.queue:
            return self._advance(ctx, legal, rng)
        return A.CONTINUE if self._battle_pays(ctx) else A.END_BATTLE

    def _start_step(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        inst, me = ctx.inst, ctx.me
        scored: list[tuple[float, Action]] = [(0.0, A.PASS)]
        for a in legal:
            if type(a) is A.Use and ctx.used_this_turn((_EV_USE, a.card, a.effect, None)) < 2:
                eff = inst.cards[a.card].effects[a.effect]
                scored.append((ctx.effect_value(eff, a.card, me, "start", src_item=None) - 0.2, a))
        return _best(scored, rng)

    def _defend(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        att = _combat(ctx).attacker
        scored = []
        for a in legal:
            if type(a) is A.Block:
                scored.append((-ctx.defended_value(att, a.card), a))
            else:
                scored.append((-ctx.fallback_value(att) - 0.01, a))
        return _best(scored, rng)

    def _fallback(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        att = _combat(ctx).attacker
        return _best([(ctx.defended_value(att, a.card), a) for a in legal], rng)

    def _counter(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        att, dfn = _combat(ctx).attacker, _combat(ctx).defender
        yes = ctx.fight_value(att, dfn, True)
        no = ctx.fight_value(att, dfn, False)
        # closing the defender leaves it unable to block another attack this turn
        others = sum(1 for c in ctx.front(ctx.opp) if c != att and ctx.view.orient[c] == ACTIVE)
        penalty = 0.4 * min(others, 2)
        return A.COUNTER if yes < no - penalty else A.NO_COUNTER

    def _advance(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        return _best([(ctx.fighter_score(a.card), a) for a in legal], rng)

    def _confusion(self, ctx: Facts, legal: Sequence[Any], rng: random.Random) -> Action:
        view, inst = ctx.view, ctx.inst
        scored = []
        for a in legal:
            c = a.card
            left = ctx.hp(c) - view.damage(c)
            value = 0.0
            if left <= 1:
                value -= 5.0 + ctx.worth(c)  # it would be defeated
            value -= inst.cost[c] * 0.3  # damage on a cheap card is cheap to heal later
            value += 0.1 * left
            scored.append((value, a))
        return _best(scored, rng)


#: the decision of each node (any other node: a random legal action)
_DECISIONS: dict[str, Callable[[DragonQuestPolicy, Facts, Sequence[Any], random.Random], Action]] = {
    Node.MULLIGAN: DragonQuestPolicy._mulligan,
    Node.DRAW: DragonQuestPolicy._draw,
    Node.PREP: DragonQuestPolicy._prep,
    Node.PREP_PAY: DragonQuestPolicy._pay,
    Node.COMBAT_PAY: DragonQuestPolicy._pay,
    Node.PREP_TARGET: DragonQuestPolicy._target,
    Node.COMBAT_TARGET: DragonQuestPolicy._target,
    Node.BATTLE: DragonQuestPolicy._battle,
    Node.COMBAT_START: DragonQuestPolicy._start_step,
    Node.COMBAT_ACTION: DragonQuestPolicy._action_step,
    Node.COMBAT_DEFEND: DragonQuestPolicy._defend,
    Node.COMBAT_FALLBACK: DragonQuestPolicy._fallback,
    Node.COMBAT_COUNTER: DragonQuestPolicy._counter,
    Node.COMBAT_END_STEP: DragonQuestPolicy._end_step,
    Node.REPAIR: DragonQuestPolicy._advance,  # DQ-5.5: the same choice as the end step's maintenance
    Node.END_CONFUSION: DragonQuestPolicy._confusion,
}


# -- the coach's knowledge ------------------------------------------------------------------------------
def position_value(state: Any) -> list[float]:
    """Dragon Quest: life (deck) and the strength of the party on the field."""
    vals = []
    for p in range(2):
        deck = len(state.deck(p))
        party = sum(state.attack_of(c) + state.hp_of(c) - state.damage(c) for c in state.party(p))
        vals.append(deck + 0.8 * party + 0.5 * state.gp[p])
    a = 1.0 / (1.0 + math.exp(-(vals[0] - vals[1]) / 6.0))
    return [a, 1.0 - a]


_DQ_PREFER = {
    Node.MULLIGAN: ("keep",),
    Node.BATTLE: ("fight",),
    Node.COMBAT_START: ("pass",),
    Node.COMBAT_COUNTER: ("counter",),
    Node.COMBAT_END_STEP: ("advance", "continue"),
    Node.REPAIR: ("advance",),
}

#: the preparation actions a rollout takes (each with probability 0.85 while there are any)
_DQ_GOOD_PREP = frozenset(("recruit", "equip", "heal", "restore", "treat", "use", "quest"))


def rollout_action(s: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """Recruit and equip, then fight: attack when possible, block and counter, keep the battle going."""
    node = s.node
    prefer = _DQ_PREFER.get(node)
    if prefer:
        for a in legal:
            if a.VERB in prefer:
                return a
    if node == _NODE_PREP:
        good = [a for a in legal if a.VERB in _DQ_GOOD_PREP]
        if good and rng.random() < 0.85:
            return good[rng.randrange(len(good))]
        return legal[-1]  # done
    if node == _NODE_COMBAT_ACTION:
        attacks = [a for a in legal if a.VERB == "attack"]
        if attacks:
            return attacks[rng.randrange(len(attacks))]
    if node == _NODE_DRAW:
        return legal[min(len(legal) - 1, 1)]
    return legal[rng.randrange(len(legal))]


# -- the value of each preparation action (DQ-6.5 ... DQ-6.12); None: not weighed ------------------------------
def _prep_value(ctx: Facts, a: Any, free: bool, front_n: int, back_n: int) -> float | None:
    inst = ctx.inst
    t = type(a)
    if t is _RECRUIT:
        return _recruit_value(ctx, a, free, front_n, back_n)
    if t is _SWAP:
        return ctx.fighter_score(a.back) - ctx.fighter_score(a.front) - 2.0
    if t is _MOVE or t is _END_PREP:
        return None  # not weighed
    if t is A.Equip:
        equip: float = ctx.equip_value(a.item, a.card) - inst.cost[a.item] * ctx.gpv
        return equip
    if t is A.Heal:
        c = a.card
        dmg = ctx.view.damage(c)
        heal: float = dmg * 1.0 + (0.5 if dmg >= ctx.hp(c) - 2 else 0.0) - inst.cost[c] * ctx.gpv * 0.5
        return heal
    if t is A.Treat:
        treat: float = ctx.cure_value(a.card) - inst.cost[a.card] * ctx.gpv
        return treat
    if t is A.Restore:
        return _restore_value(ctx, a)
    if t is A.Use:
        if ctx.used_this_turn((_EV_USE, a.card, a.effect, None)) >= 2:
            return None
        eff = inst.cards[a.card].effects[a.effect]
        return ctx.effect_value(eff, a.card, ctx.me, _NODE_PREP, src_item=None)
    if t is A.Quest:
        return _quest_value(ctx, a)
    return None


def _recruit_value(ctx: Facts, a: Any, free: bool, front_n: int, back_n: int) -> float:
    c = a.card
    value = ctx.recruit_value(c)
    if not free:
        value -= ctx.inst.cost[c] * ctx.gpv + 0.5
    if a.row == "back":
        value -= 0.8 if ctx.is_fighter(c) else -0.3
        if front_n <= back_n + 1:
            value -= 0.5
    return value


def _restore_value(ctx: Facts, a: Any) -> float | None:
    c = a.card
    if (
        ctx.used_this_turn((_EV_RESTORE, c, None, None))
        or ctx.used_this_turn((_EV_USE, c, 0, None))
        or ctx.used_this_turn((_EV_USE, c, 1, None))
    ):
        return None
    restore: float = ctx.activate_value(c) - ctx.inst.cost[c] * ctx.gpv
    return restore


def _quest_value(ctx: Facts, a: Any) -> float:
    inst, me = ctx.inst, ctx.me
    eff = inst.cards[a.card].effects[0]
    value = ctx.effect_value(eff, a.card, me, _NODE_PREP, src_item=None, quest=a.card)
    if inst.cards[a.card].stays and inst.cards[a.card].aura:
        aura = inst.cards[a.card].aura
        n = len(ctx.party(me)) or 1
        value += n * (aura["attack"] * 0.8 + aura["hp"] * 0.4 + aura["speed"] * 0.2)
        if any(inst.cards[q].stays for q in ctx.view.quests(me)):
            value -= n * 0.6  # it would replace the staying quest already in play
    return value


def _combat(ctx: Facts) -> Combat:
    combat = ctx.view.combat
    assert combat is not None  # the defender's and counterattack decisions come inside an attack (DQ-7.4 - DQ-7.7)
    return combat
