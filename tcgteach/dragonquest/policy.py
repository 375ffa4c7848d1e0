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
  deck). Simulate the blows in speed order (DQ-7.8: a first strike that defeats prevents the
  return blow) against the block and counterattack the opponent would choose; attack with the
  best card while that scores above zero, otherwise end the battle.
* Defend with a card that survives or strikes first and kills; counterattack when it pays;
  as the attacker pick a fallback defender that cannot strike back (DQ-7.5); put confusion
  damage on a card that will not die (DQ-6.14); advance the toughest back card (DQ-5.4).

The coach asks :func:`position_value` for rollouts cut short and :func:`rollout_action` for its fast
random-but-purposeful playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..agents.base import best_of as _best

if TYPE_CHECKING:
    from ..core.actions import Action
    from .state import DragonQuestState


GP_VALUE = 0.5  # what one GP is worth, in cards of life
BLEND = 0.7  # an attack's value: this much of the opponent's best answer, the rest the average answer
ATTACK_MIN = 0.0  # attack (or use a battle effect) only when it is worth more than this
DECK_RESERVE = 8  # draw no deeper than this into the deck
_BIG = 1000.0  # a win or a loss on the spot (the deck runs out, DQ-1.2)


class DragonQuestPolicy:
    """Dragon Quest: save life, build a strong front row, trade blows only when the exchange pays."""

    def act(self, view: DragonQuestState, legal: tuple, rng: random.Random) -> Action:
        from . import actions as A
        from . import state as S

        ctx = _DQ(view, S)
        node = view.node
        if node == "mulligan":
            return self._mulligan(ctx, A)
        if node == "draw":
            return self._draw(ctx, legal, A)
        if node == "prep":
            return self._prep(ctx, legal, rng, A)
        if node in ("prep.pay", "combat.pay"):
            return self._pay(ctx, legal, rng)
        if node in ("prep.target", "combat.target"):
            return self._target(ctx, legal, rng)
        if node == "battle":
            value = max(self._battle_value(ctx, A), self._start_value(ctx))
            return A.FIGHT if value > ATTACK_MIN else A.SKIP
        if node == "combat.start":
            return self._start_step(ctx, legal, rng, A)
        if node == "combat.action":
            value, action = self._best_battle_action(ctx, legal, rng)
            return action if value > ATTACK_MIN and action is not None else A.PASS
        if node == "combat.defend":
            return self._defend(ctx, legal, rng, A)
        if node == "combat.fallback":
            return self._fallback(ctx, legal, rng)
        if node == "combat.counter":
            return self._counter(ctx, A)
        if node == "combat.end_step":
            if view.queue:
                return self._advance(ctx, legal, rng)
            return A.CONTINUE if self._battle_value(ctx, A) > ATTACK_MIN else A.END_BATTLE
        if node == "repair":  # DQ-5.5: the same choice as the end step's maintenance
            return self._advance(ctx, legal, rng)
        if node == "end.confusion":
            return self._confusion(ctx, legal, rng)
        return legal[rng.randrange(len(legal))]

    # -- set-up and draw (DQ-3.3, DQ-6.3) -----------------------------------------------------------------
    def _mulligan(self, ctx: _DQ, A: Any) -> Action:
        inst = ctx.inst
        ok = any(inst.kind[c] <= ctx.MONSTER and inst.level[c] <= 1 for c in ctx.hand(ctx.me))
        return A.KEEP if ok else A.MULLIGAN

    def _draw(self, ctx: _DQ, legal: tuple, A: Any) -> Action:
        """Fill the hand (cards in hand pay for recruits, items, quests and hand costs), but keep a
        reserve of deck near the end: every card drawn is a card of life (DQ-1.2)."""
        ns = sorted(a.n for a in legal)
        lo, hi = ns[0], ns[-1]
        deck = len(ctx.deck(ctx.me))
        want = max(lo, min(hi, deck - DECK_RESERVE))
        for a in legal:
            if a.n == want:
                return a
        return legal[0]

    # -- preparation (DQ-6.5 ... DQ-6.12) ----------------------------------------------------------------------
    def _prep(self, ctx: _DQ, legal: tuple, rng: random.Random, A: Any) -> Action:
        view, inst, me = ctx.view, ctx.inst, ctx.me
        scored: list[tuple[float, Any]] = []
        free = view.recruits == 0
        front_n, back_n = len(ctx.front(me)), len(ctx.back(me))
        for a in legal:
            t = type(a)
            if t is A.Recruit:
                c = a.card
                value = ctx.recruit_value(c)
                if not free:
                    value -= inst.cost[c] * ctx.gpv + 0.5
                if a.row == "back":
                    value -= 0.8 if ctx.is_fighter(c) else -0.3
                    if front_n <= back_n + 1:
                        value -= 0.5
                scored.append((value, a))
            elif t is A.Equip:
                scored.append((ctx.equip_value(a.item, a.card) - inst.cost[a.item] * ctx.gpv, a))
            elif t is A.Heal:
                c = a.card
                dmg = view.damage(c)
                value = dmg * 1.0 + (0.5 if dmg >= ctx.hp(c) - 2 else 0.0) - inst.cost[c] * ctx.gpv * 0.5
                scored.append((value, a))
            elif t is A.Treat:
                c = a.card
                scored.append((ctx.cure_value(c) - inst.cost[c] * ctx.gpv, a))
            elif t is A.Restore:
                c = a.card
                if (
                    ctx.used_this_turn(("restore", c, None, None))
                    or ctx.used_this_turn(("use", c, 0, None))
                    or ctx.used_this_turn(("use", c, 1, None))
                ):
                    continue
                scored.append((ctx.activate_value(c) - inst.cost[c] * ctx.gpv, a))
            elif t is A.Use:
                if ctx.used_this_turn(("use", a.card, a.effect, None)) >= 2:
                    continue
                eff = inst.cards[a.card].effects[a.effect]
                scored.append((ctx.effect_value(eff, a.card, me, "prep", src_item=None), a))
            elif t is A.Quest:
                eff = inst.cards[a.card].effects[0]
                value = ctx.effect_value(eff, a.card, me, "prep", src_item=None, quest=a.card)
                if inst.cards[a.card].stays and inst.cards[a.card].aura:
                    aura = inst.cards[a.card].aura
                    n = len(ctx.party(me)) or 1
                    value += n * (aura["attack"] * 0.8 + aura["hp"] * 0.4 + aura["speed"] * 0.2)
                    if any(inst.cards[q].stays for q in ctx.zone(me, ctx.QUEST)):
                        value -= n * 0.6  # it would replace the staying quest already in play
                scored.append((value, a))
            elif t is A.Swap:
                value = ctx.fighter_score(a.back) - ctx.fighter_score(a.front) - 2.0
                scored.append((value, a))
        if not scored:
            return A.END_PREP
        value, action = max(scored, key=lambda x: x[0])
        if value <= 0.05:
            return A.END_PREP
        return _best([(v, a) for v, a in scored if v >= value - 1e-9], rng)

    def _pay(self, ctx: _DQ, legal: tuple, rng: random.Random) -> Action:
        scored = [(-ctx.hand_card_value(a.card), a) for a in legal]
        return _best(scored, rng)

    def _target(self, ctx: _DQ, legal: tuple, rng: random.Random) -> Action:
        view = ctx.view
        kind, src, k, user = view.pending[0], view.pending[1], view.pending[2], view.pending[3]
        card = ctx.inst.cards[src]
        eff = card.use if kind == "item" else card.effects[k]
        scored = [(ctx.target_value(eff, a.card, user), a) for a in legal]
        return _best(scored, rng)

    # -- battle (DQ-6.13, DQ-7) --------------------------------------------------------------------------------
    def _battle_choices(self, ctx: _DQ, legal: Sequence[Any], A: Any) -> list[tuple[float, Any]]:
        """Action-step choices (attacks, action effects, items) with their values."""
        inst, me = ctx.inst, ctx.me
        options: list[tuple[float, Any]] = []
        for a in legal:
            t = type(a)
            if t is A.Attack:
                options.append((ctx.attack_value(a.card), a))
            elif t is A.Use:
                eff = inst.cards[a.card].effects[a.effect]
                if eff.timing == "action" and ctx.used_this_turn(("use", a.card, a.effect, None)) < 2:
                    options.append((ctx.effect_value(eff, a.card, me, "action", src_item=None), a))
            elif t is A.UseItem:
                carrier = ctx.carrier(a.item)
                if ctx.used_this_turn(("use_item", carrier, None, a.item)) < 2:
                    options.append(
                        (ctx.effect_value(inst.cards[a.item].use, carrier, me, "action", src_item=a.item), a)
                    )
        return options

    def _best_battle_action(self, ctx: _DQ, legal: Sequence[Any], rng: random.Random) -> tuple[float, Any]:
        from . import actions as A

        options = self._battle_choices(ctx, legal, A)
        if not options:
            return 0.0, None
        top = max(v for v, _ in options)
        return top, _best([(v, a) for v, a in options if v >= top - 1e-9], rng)

    def _battle_value(self, ctx: _DQ, A: Any) -> float:
        """The best action-step choice the turn player would have (before the battle or between attacks)."""
        return max((v for v, _ in self._battle_choices(ctx, ctx.possible_battle_actions(A), A)), default=0.0)

    def _start_value(self, ctx: _DQ) -> float:
        """The best start-step effect the turn player could use (DQ-7.1)."""
        me = ctx.me
        best = 0.0
        for c, k, eff in ctx.usable_effects(me, "start"):
            if ctx.used_this_turn(("use", c, k, None)) < 2:
                best = max(best, ctx.effect_value(eff, c, me, "start", src_item=None) - 0.2)
        return best

    def _start_step(self, ctx: _DQ, legal: tuple, rng: random.Random, A: Any) -> Action:
        inst, me = ctx.inst, ctx.me
        scored = [(0.0, A.PASS)]
        for a in legal:
            if type(a) is A.Use and ctx.used_this_turn(("use", a.card, a.effect, None)) < 2:
                eff = inst.cards[a.card].effects[a.effect]
                scored.append((ctx.effect_value(eff, a.card, me, "start", src_item=None) - 0.2, a))
        return _best(scored, rng)

    def _defend(self, ctx: _DQ, legal: tuple, rng: random.Random, A: Any) -> Action:
        att = ctx.view.combat[0]
        scored = []
        for a in legal:
            if type(a) is A.Block:
                scored.append((-ctx.defended_value(att, a.card), a))
            else:
                scored.append((-ctx.fallback_value(att) - 0.01, a))
        return _best(scored, rng)

    def _fallback(self, ctx: _DQ, legal: tuple, rng: random.Random) -> Action:
        att = ctx.view.combat[0]
        return _best([(ctx.defended_value(att, a.card), a) for a in legal], rng)

    def _counter(self, ctx: _DQ, A: Any) -> Action:
        att, dfn = ctx.view.combat[0], ctx.view.combat[1]
        yes = ctx.fight_value(att, dfn, True)
        no = ctx.fight_value(att, dfn, False)
        # closing the defender leaves it unable to block another attack this turn
        others = sum(1 for c in ctx.front(ctx.opp) if c != att and ctx.view.orient[c] == ctx.ACTIVE)
        penalty = 0.4 * min(others, 2)
        return A.COUNTER if yes < no - penalty else A.NO_COUNTER

    def _advance(self, ctx: _DQ, legal: tuple, rng: random.Random) -> Action:
        return _best([(ctx.fighter_score(a.card), a) for a in legal], rng)

    def _confusion(self, ctx: _DQ, legal: tuple, rng: random.Random) -> Action:
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


class _DQ:
    """The facts one Dragon Quest decision needs, read from a view (with a few derived values)."""

    def __init__(self, view: DragonQuestState, S: Any) -> None:
        self.view = view
        self.inst = view.inst
        self.S = S
        self.me = view.actor
        self.opp = 1 - self.me
        self.ACTIVE, self.CLOSED, self.CONFUSED = S.ACTIVE, S.CLOSED, S.CONFUSED
        self.MONSTER, self.CHAR, self.ITEM, self.QUESTCARD = S.MONSTER, S.CHAR, S.ITEM, S.QUESTCARD
        self.QUEST = S.QUEST
        self._aura: dict[tuple[int, str], int] = {}
        self.tp = view.turn_player
        self._used: dict[tuple, int] | None = None
        gp = view.gp[self.me]
        self.gpv = GP_VALUE if gp <= 4 else GP_VALUE * 0.6  # GP piling up is worth less

    def used_this_turn(self, key: tuple) -> int:
        """How often this turn an own effect was used or a card restored (guards against GP/close loops)."""
        if self._used is None:
            used: dict[tuple, int] = {}
            for e in reversed(self.view.events):
                kind = e.kind
                if kind == "reset":
                    break
                if kind in ("restore", "use", "use_item"):
                    d = e.data
                    k = (kind, d.get("card"), d.get("effect"), d.get("item"))
                    used[k] = used.get(k, 0) + 1
            self._used = used
        return self._used.get(key, 0)

    # zones
    def zone(self, p: int, k: int) -> list[int]:
        return self.view.zones[p * self.S.NZ + k]

    def hand(self, p: int) -> list[int]:
        return self.zone(p, self.S.HAND)

    def deck(self, p: int) -> list[int]:
        return self.zone(p, self.S.DECK)

    def front(self, p: int) -> list[int]:
        return self.zone(p, self.S.FRONT)

    def back(self, p: int) -> list[int]:
        return self.zone(p, self.S.BACK)

    def party(self, p: int) -> list[int]:
        return self.front(p) + self.back(p)

    def carrier(self, item: int) -> int:
        for c in self.party(self.inst.owner[item]):
            if self.view.item_of(c) == item:
                return c
        return -1

    def usable_effects(self, p: int, timing: str) -> list[tuple[int, int, Any]]:
        """(card, index, effect) of p's effects with this timing whose costs p can pay now (DQ-4.4 - DQ-4.6)."""
        view, inst = self.view, self.inst
        out = []
        hand = len(self.hand(p))
        for c in self.party(p):
            for k, eff in enumerate(inst.cards[c].effects):
                if eff.timing != timing or (eff.close and view.orient[c] != self.ACTIVE):
                    continue
                if eff.hand > hand:
                    continue
                if eff.target != "none" and not self._targets(eff, c, p):
                    continue
                out.append((c, k, eff))
        return out

    def possible_battle_actions(self, A: Any) -> list[Any]:
        """The action-step choices the turn player would have now (DQ-7.2, DQ-7.3, DQ-7.6)."""
        view, inst, me = self.view, self.inst, self.tp
        out: list[Any] = []
        if self.front(1 - me):
            out.extend(inst.act["attack"][c] for c in self.front(me) if view.orient[c] == self.ACTIVE)
        out.extend(inst.act["use"][c][k] for c, k, _e in self.usable_effects(me, "action"))
        for c in self.party(me):
            item = view.item_of(c)
            if item is not None and view.orient[c] == self.ACTIVE:
                use = inst.cards[item].use
                if use is not None and (use.target == "none" or self._targets(use, c, me)):
                    out.append(inst.act["item"][item])
        return out

    # stats with items and auras (DQ-7.8)
    def aura(self, p: int, key: str) -> int:
        k = (p, key)
        v = self._aura.get(k)
        if v is None:
            v = 0
            for q in self.zone(p, self.QUEST):
                a = self.inst.cards[q].aura
                if a:
                    v += a.get(key, 0)
            self._aura[k] = v
        return v

    def _stat(self, c: int, key: str, base: int) -> int:
        item = self.view.item_of(c)
        mod = getattr(self.inst.cards[item], key) if item is not None else 0
        return max(0, base + mod + self.aura(self.inst.owner[c], key))

    def atk(self, c: int) -> int:
        return self._stat(c, "attack", self.inst.attack[c])

    def hp(self, c: int) -> int:
        return self._stat(c, "hp", self.inst.hp[c])

    def spd(self, c: int) -> int:
        return self._stat(c, "speed", self.inst.speed[c])

    def left(self, c: int) -> int:
        return self.hp(c) - self.view.damage(c)

    def worth(self, c: int) -> float:
        """How much a party card on the field matters for the rest of the game."""
        return self.atk(c) + 0.3 * max(0, self.left(c)) + 0.5 * self.inst.level[c]

    def fighter_score(self, c: int) -> float:
        ready = 1.0 if self.view.orient[c] == self.ACTIVE and self.view.is_normal(c) else 0.5
        return ready * (self.atk(c) + 0.5 * max(0, self.left(c)) + 0.2 * self.spd(c))

    def is_fighter(self, c: int) -> bool:
        inst = self.inst
        card = inst.cards[c]
        utility = any(e.timing == "prep" for e in card.effects) and inst.attack[c] <= 1
        return not utility and inst.attack[c] + inst.hp[c] >= 4

    # values of cards in hand and of preparation actions
    def hand_card_value(self, c: int) -> float:
        inst, me = self.inst, self.me
        kind = inst.kind[c]
        if kind <= self.MONSTER:
            base = 1.0 + (inst.attack[c] + inst.hp[c]) / 4.0
            return base if inst.level[c] <= self.view.level[me] + 1 else base * 0.5
        if kind == self.ITEM:
            types = inst.cards[c].equip
            carriers = [
                x
                for x in self.party(me) + self.hand(me)
                if inst.kind[x] == self.CHAR and any(t in inst.cards[x].equip for t in types)
            ]
            return 1.2 if carriers else 0.3
        return 0.9

    def recruit_value(self, c: int) -> float:
        inst = self.inst
        active = inst.level[c] <= self.view.level[self.me]
        value = inst.attack[c] + 0.5 * inst.hp[c] + 0.2 * inst.speed[c] + 0.5 * len(inst.cards[c].effects)
        if not active:
            value *= 0.4
        if not self.party(self.me):
            value += 5.0  # a party card on the field avoids the wipe-out penalty (DQ-6.14)
        return value

    def equip_value(self, item: int, c: int) -> float:
        it = self.inst.cards[item]
        value = it.attack * 1.0 + it.hp * 0.5 + it.speed * 0.3 + (1.2 if it.use is not None else 0.0)
        old = self.view.item_of(c)
        if old is not None:
            o = self.inst.cards[old]
            value -= o.attack * 1.0 + o.hp * 0.5 + o.speed * 0.3 + (1.2 if o.use is not None else 0.0) + 0.5
        if c not in self.front(self.me):
            value *= 0.6
        if self.left(c) + it.hp <= 0:
            return -_BIG
        return value

    def cure_value(self, c: int) -> float:
        view = self.view
        value = 0.0
        if c in view.poisoned:
            value += min(3.0, max(0, self.left(c))) + 0.3 * self.atk(c)
        if view.orient[c] == self.CONFUSED:
            value += 2.0 + 0.5 * self.atk(c)
        return value

    def activate_value(self, c: int) -> float:
        """Making own closed card c active: it may attack this turn, or else block and strike back."""
        view = self.view
        if view.orient[c] != self.CLOSED:
            return 0.0
        owner = self.inst.owner[c]
        if c not in self.front(owner):
            return 0.1
        defend = 0.25 * self.atk(c)
        if (
            owner == self.tp
            and self.front(1 - owner)
            and view.node in ("prep", "prep.target", "combat.start", "combat.target")
        ):
            return max(defend, self.attack_value(c))
        return defend

    # effects (DQ-6.11, DQ-6.12, DQ-7.1, DQ-7.2)
    def target_value(self, eff: Any, t: int, user: int) -> float:
        view, inst = self.view, self.inst
        own = inst.owner[t] == user
        value = 0.0
        for op, n in eff.ops:
            if op == "damage":
                if own:
                    value -= n + 3.0
                else:
                    value += n
                    if view.damage(t) + n >= self.hp(t):
                        value += 2.0 + inst.level[t] + 0.3 * self.worth(t)
                    if n > len(self.deck(inst.owner[t])):
                        value += _BIG
            elif op == "heal":
                value += min(n, view.damage(t)) if own else -min(n, view.damage(t))
            elif op == "cure":
                value += self.cure_value(t) if own else -1.0
            elif op == "poison":
                if own or t in view.poisoned:
                    value -= 0.5 if own else 0.0
                else:
                    value += min(3.0, max(0, self.left(t))) + 0.3 * self.atk(t)
            elif op == "confuse":
                if own or view.orient[t] == self.CONFUSED:
                    value -= 0.5 if own else 0.0
                else:
                    value += 2.0 + 0.5 * self.atk(t) + (0.5 if view.orient[t] == self.ACTIVE else 0.0)
            elif op == "close":
                if not own and view.orient[t] == self.ACTIVE and t in self.front(inst.owner[t]):
                    value += 0.5 + 0.5 * self.atk(t)
            elif op == "activate":
                value += self.activate_value(t) if own else -0.5
        return value

    def effect_value(
        self, eff: Any, src: int, user: int, when: str, src_item: int | None, quest: int | None = None
    ) -> float:
        """Value of using an effect now: best target plus player effects, minus its costs."""
        inst = self.inst
        value = 0.0
        for op, n in eff.ops:
            if op == "gain_gp":
                value += n * self.gpv * 1.2
            elif op == "draw":
                deck = len(self.deck(user))
                if n >= deck:
                    return -_BIG
                useful = any(inst.kind[c] <= self.MONSTER for c in self.hand(user))
                value += n * (-0.3 if useful else 0.4)
        if eff.target != "none":
            targets = self._targets(eff, src, user)
            if not targets:
                return value - 0.5
            value += max(self.target_value(eff, t, user) for t in targets)
        # costs
        if eff.hand:
            hand = [c for c in self.hand(user) if c != quest]
            vals = sorted(self.hand_card_value(c) for c in hand)
            value -= sum(vals[: eff.hand]) * 0.7
        if eff.close:
            value -= self.close_cost(src, when)
        return value

    def _targets(self, eff: Any, src: int, user: int) -> list[int]:
        t = eff.target
        if t == "self":
            return [src] if src >= 0 else []
        if t == "own":
            return self.party(user)
        if t == "enemy":
            return self.party(1 - user)
        if t == "enemy_front":
            return self.front(1 - user)
        return []

    def close_cost(self, c: int, when: str) -> float:
        """What closing own card c now gives up: its attack this turn, or its block and counter."""
        view = self.view
        if c < 0 or view.orient[c] != self.ACTIVE:
            return 0.0
        me = self.inst.owner[c]
        in_front = c in self.front(me)
        if not in_front:
            return 0.1
        if self.tp == me and when in ("prep", "start", "action"):
            if not self.front(1 - me):
                return 0.2
            if when == "action":
                return max(0.0, self.attack_value(c))
            return max(0.0, self.attack_value(c)) * 0.9
        return 0.5 * self.atk(c)

    # combat arithmetic (DQ-7.8)
    def fight(self, a: int, d: int, counter: bool) -> tuple[int, int, bool, bool]:
        """(damage to d, damage to a, d defeated, a defeated) of attacker a against defender d."""
        A_ = self.atk(a)
        D_ = self.atk(d) if counter else 0
        la, ld = self.left(a), self.left(d)
        if not counter:
            return A_, 0, A_ >= ld, False
        sa, sd = self.spd(a), self.spd(d)
        if sa > sd:
            if A_ >= ld:
                return A_, 0, True, False
            return A_, D_, False, D_ >= la
        if sd > sa:
            if D_ >= la:
                return 0, D_, False, True
            return A_, D_, A_ >= ld, False
        return A_, D_, A_ >= ld, D_ >= la

    def fight_value(self, a: int, d: int, counter: bool) -> float:
        """Value of the fight for the attacker's side (in cards of life, plus card losses)."""
        to_d, to_a, d_dies, a_dies = self.fight(a, d, counter)
        inst = self.inst
        value = to_d * self.life_weight(inst.owner[d]) - to_a * self.life_weight(inst.owner[a])
        if d_dies:
            value += 2.0 + inst.level[d] + 0.3 * self.worth(d)
        if a_dies:
            value -= 2.0 + inst.level[a] + 0.3 * self.worth(a)
        if to_d > len(self.deck(inst.owner[d])):
            value += _BIG
        if to_a > len(self.deck(inst.owner[a])):
            value -= _BIG
        return value

    def life_weight(self, p: int) -> float:
        """A card of p's deck matters more the fewer are left (DQ-1.2): even trades favour the longer deck."""
        return 1.0 + 8.0 / (len(self.deck(p)) + 4.0)

    def defended_value(self, a: int, d: int) -> float:
        """The attack's value if d defends: the defender counterattacks only when that hurts the attacker more."""
        if self.view.orient[d] == self.ACTIVE:
            return min(self.fight_value(a, d, True), self.fight_value(a, d, False))
        return self.fight_value(a, d, False)

    def fallback_value(self, a: int) -> float:
        """DQ-7.5: the defender refused to block, so the attacker picks the defender that suits them best."""
        front = self.front(1 - self.inst.owner[a])
        return max((self.defended_value(a, d) for d in front), default=0.0)

    def attack_value(self, a: int) -> float:
        """The value of attacking with a, if the opponent answers as well as they can (DQ-7.4 - DQ-7.7)."""
        d_player = 1 - self.inst.owner[a]
        front = self.front(d_player)
        if not front:
            return -_BIG
        blockers = [d for d in front if self.view.orient[d] == self.ACTIVE]
        options = [self.defended_value(a, d) for d in blockers]
        options.append(self.fallback_value(a))
        worst = min(options)
        return BLEND * worst + (1.0 - BLEND) * sum(options) / len(options)


# -- the coach's knowledge ------------------------------------------------------------------------------
def position_value(state: Any) -> list[float]:
    """Dragon Quest: life (deck) and the strength of the party on the field."""
    vals = []
    for p in range(2):
        deck = len(state.zone(p, "deck"))
        party = sum(state.attack_of(c) + state.hp_of(c) - state.damage(c) for c in state.party(p))
        vals.append(deck + 0.8 * party + 0.5 * state.gp[p])
    a = 1.0 / (1.0 + math.exp(-(vals[0] - vals[1]) / 6.0))
    return [a, 1.0 - a]


_DQ_PREFER = {
    "mulligan": ("keep",),
    "battle": ("fight",),
    "combat.start": ("pass",),
    "combat.counter": ("counter",),
    "combat.end_step": ("advance", "continue"),
    "repair": ("advance",),
}


def rollout_action(s: Any, legal: tuple, rng: random.Random) -> Any:
    """Recruit and equip, then fight: attack when possible, block and counter, keep the battle going."""
    node = s.node
    prefer = _DQ_PREFER.get(node)
    if prefer:
        for a in legal:
            if a.VERB in prefer:
                return a
    if node == "prep":
        good = [a for a in legal if a.VERB in ("recruit", "equip", "heal", "restore", "treat", "use", "quest")]
        if good and rng.random() < 0.85:
            return good[rng.randrange(len(good))]
        return legal[-1]  # done
    if node == "combat.action":
        attacks = [a for a in legal if a.VERB == "attack"]
        if attacks:
            return attacks[rng.randrange(len(attacks))]
    if node == "draw":
        return legal[min(len(legal) - 1, 1)]
    return legal[rng.randrange(len(legal))]
