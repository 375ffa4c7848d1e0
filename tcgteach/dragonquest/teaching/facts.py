"""What one Dragon Quest decision of the heuristic player knows (see ``policy``): the facts of a view,
the values of cards and actions, and fights predicted with the engine's ``combat.resolve_fight`` (DQ-7.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.combat import Fighter, FightResult, resolve_fight
from ..rules.ids import ACTIVE, CHAR, CLOSED, CONFUSED, DECK, ITEM, MONSTER, NZ, Ev, Node

if TYPE_CHECKING:
    from ..rules.state import DragonQuestState

GP_VALUE = 0.5  # what one GP is worth, in cards of life
BLEND = 0.7  # an attack's value: this much of the opponent's best answer, the rest the average answer
_BIG = 1000.0  # a win or a loss on the spot (the deck runs out, DQ-1.2)

#: resolve_fight is pure, so its results are shared by every decision (keyed by the numbers that decide a fight)
_FIGHTS: dict[tuple[int | bool, ...], FightResult] = {}
_FIGHTS_MAX = 50_000


def predict_blows(
    a_atk: int, a_spd: int, a_hp: int, a_dmg: int, d_atk: int, d_spd: int, d_hp: int, d_dmg: int, counter: bool
) -> tuple[int, int, bool, bool]:
    """``combat.resolve_fight`` of two cards without decks (DQ-7.7, DQ-7.8), reduced to what a fight's value
    reads: (damage to the defender, damage to the attacker, defender defeated, attacker defeated).

    The heuristic player weighs thousands of fights a game; this works on plain numbers, with no
    Fighter, Blow or FightResult made. ``tests/test_DQ_policy_speed.py`` checks it against
    ``resolve_fight`` over every small fight."""
    if not counter:  # DQ-7.7: only the attacker strikes
        return a_atk, 0, d_dmg + a_atk >= d_hp, False
    if a_spd > d_spd:  # DQ-7.8: the attacker strikes first; a first strike that defeats prevents the return blow
        if d_dmg + a_atk >= d_hp:
            return a_atk, 0, True, False
        return a_atk, d_atk, False, a_dmg + d_atk >= a_hp
    if d_spd > a_spd:
        if a_dmg + d_atk >= a_hp:
            return 0, d_atk, False, True
        return a_atk, d_atk, d_dmg + a_atk >= d_hp, False
    return a_atk, d_atk, d_dmg + a_atk >= d_hp, a_dmg + d_atk >= a_hp  # equal speed: both blows land


# the events used_this_turn looks for, bound once (it scans the turn's events at many decisions)
_TURN_START = Ev.RESET
_USES = frozenset({Ev.RESTORE, Ev.USE, Ev.USE_ITEM})
_NO_AURA = (0, 0, 0)  # (one object: ``stats`` tests for it with ``is``)
#: the nodes of the turn player's turn before any attack of this turn could still be chosen (activate_value)
_BEFORE_ATTACKS = (Node.PREP, Node.PREP_TARGET, Node.COMBAT_START, Node.COMBAT_TARGET)

#: (event kind, card, effect, item) of an own use this turn
UseKey = tuple[str, Any, Any, Any]


class Facts:
    """The facts one Dragon Quest decision needs, read from a view (with a few derived values)."""

    def __init__(self, view: DragonQuestState) -> None:
        self.view = view
        self.inst = view.inst
        self.me = view.actor
        self.opp = 1 - self.me
        self._auras: list[tuple[int, int, int] | None] = [None, None]
        self._fighters: dict[int, Fighter] = {}
        self._fight_values: dict[tuple[int, int, bool], float] = {}
        self._attack_values: dict[int, float] = {}
        self._scores: dict[int, float] = {}  # fighter_score
        self._recruit_values: dict[int, float] = {}
        #: (attack, hp, speed) of a card with its item and the auras, worked out once per decision
        self._stats: dict[int, tuple[int, int, int]] = {}
        self._zones = view.zones
        self._dmg0 = 2 * NZ  # the first damage pile (then one per card, then the item slots)
        self._item0 = 2 * NZ + self.inst.n
        zones = self._zones
        self._decks = (len(zones[DECK]), len(zones[NZ + DECK]))
        self.tp = view.turn_player
        self._used: dict[UseKey, int] | None = None
        gp = view.gp[self.me]
        self.gpv = GP_VALUE if gp <= 4 else GP_VALUE * 0.6  # GP piling up is worth less

    def used_this_turn(self, key: UseKey) -> int:
        """How often this turn an own effect was used or a card restored (guards against GP/close loops)."""
        if self._used is None:
            used: dict[UseKey, int] = {}
            for e in reversed(self.view.events):
                kind = e.kind
                if kind == _TURN_START:
                    break
                if kind in _USES:
                    d = e.data
                    k = (kind, d.get("card"), d.get("effect"), d.get("item"))
                    used[k] = used.get(k, 0) + 1
            self._used = used
        return self._used.get(key, 0)

    # zones
    def hand(self, p: int) -> list[int]:
        """Player ``p``'s hand in the view (the own hand only; the other's is hidden)."""
        return self.view.hand(p)

    def deck(self, p: int) -> list[int]:
        """Player ``p``'s deck in the view (hidden cards stand in for the unseen ones)."""
        return self.view.deck(p)

    def front(self, p: int) -> list[int]:
        """Player ``p``'s front row."""
        return self.view.front(p)

    def back(self, p: int) -> list[int]:
        """Player ``p``'s back row."""
        return self.view.back(p)

    def party(self, p: int) -> list[int]:
        """Player ``p``'s party cards on the field."""
        return self.view.party(p)

    def carrier(self, item: int) -> int:
        """The party card carrying ``item``, or -1."""
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
                if eff.timing != timing or (eff.close and view.orient[c] != ACTIVE):
                    continue
                if eff.hand > hand:
                    continue
                if eff.target != "none" and not self._targets(eff, c, p):
                    continue
                out.append((c, k, eff))
        return out

    def possible_battle_actions(self) -> list[Any]:
        """The action-step choices the turn player would have now (DQ-7.2, DQ-7.3, DQ-7.6)."""
        view, inst, me = self.view, self.inst, self.tp
        out: list[Any] = []
        if self.front(1 - me):
            out.extend(inst.act["attack"][c] for c in self.front(me) if view.orient[c] == ACTIVE)
        out.extend(inst.act["use"][c][k] for c, k, _e in self.usable_effects(me, "action"))
        for c in self.party(me):
            item = view.item_of(c)
            if item is not None and view.orient[c] == ACTIVE:
                use = inst.cards[item].use
                if use is not None and (use.target == "none" or self._targets(use, c, me)):
                    out.append(inst.act["item"][item])
        return out

    # stats with items and auras (DQ-7.8)
    def aura(self, p: int, key: str) -> int:
        """The bonus to ``key`` ("attack", "hp" or "speed") that player ``p``'s field gives every own party card."""
        a = self._auras_of(p)
        return a[0] if key == "attack" else a[1] if key == "hp" else a[2] if key == "speed" else 0

    def _auras_of(self, p: int) -> tuple[int, int, int]:
        """(attack, hp, speed) p's staying quests add to each of p's cards (DQ-6.12)."""
        v = self._auras[p]
        if v is None:
            atk = hp = spd = 0
            cards = self.inst.cards
            for q in self.view.quests(p):
                a = cards[q].aura
                if a:
                    atk += a.get("attack", 0)
                    hp += a.get("hp", 0)
                    spd += a.get("speed", 0)
            v = self._auras[p] = (atk, hp, spd) if atk or hp or spd else _NO_AURA
        return v

    def stats(self, c: int) -> tuple[int, int, int]:
        """A card's (attack, hp, speed) with its item and the auras (worked out once per decision)."""
        v = self._stats.get(c)
        if v is None:
            inst = self.inst
            z = self._zones[self._item0 + c]
            owner = inst.owner[c]
            au = self._auras[owner]
            if au is None:
                au = self._auras_of(owner)
            if not z and au is _NO_AURA:  # no item, no staying quest: the card's printed stats
                v = self._stats[c] = inst.stats[c]
                return v
            aa, ah, asp = au
            if z:
                it = inst.cards[z[0]]
                v = (
                    max(0, inst.attack[c] + it.attack + aa),
                    max(0, inst.hp[c] + it.hp + ah),
                    max(0, inst.speed[c] + it.speed + asp),
                )
            else:
                v = (max(0, inst.attack[c] + aa), max(0, inst.hp[c] + ah), max(0, inst.speed[c] + asp))
            self._stats[c] = v
        return v

    def atk(self, c: int) -> int:
        """Card ``c``'s attack now (as the state counts it), cached."""
        v = self._stats.get(c)
        return (v if v is not None else self.stats(c))[0]

    def hp(self, c: int) -> int:
        """Card ``c``'s HP now, cached."""
        v = self._stats.get(c)
        return (v if v is not None else self.stats(c))[1]

    def spd(self, c: int) -> int:
        """Card ``c``'s speed now, cached."""
        v = self._stats.get(c)
        return (v if v is not None else self.stats(c))[2]

    def left(self, c: int) -> int:
        """The damage card ``c`` can still take before it is defeated (HP minus the damage on it, DQ-8.1)."""
        v = self._stats.get(c)
        return (v if v is not None else self.stats(c))[1] - len(self._zones[self._dmg0 + c])

    def worth(self, c: int) -> float:
        """How much a party card on the field matters for the rest of the game."""
        v = self._stats.get(c)
        if v is None:
            v = self.stats(c)
        return v[0] + 0.3 * max(0, v[1] - len(self._zones[self._dmg0 + c])) + 0.5 * self.inst.level[c]

    def fighter_score(self, c: int) -> float:
        """How strong card ``c`` is as a fighter for the heuristic (attack, HP left, speed; half when not ready)."""
        known = self._scores.get(c)
        if known is not None:
            return known
        ready = 1.0 if self.view.orient[c] == ACTIVE and self.view.is_normal(c) else 0.5
        v = self._stats.get(c)
        if v is None:
            v = self.stats(c)
        score = self._scores[c] = ready * (v[0] + 0.5 * max(0, v[1] - len(self._zones[self._dmg0 + c])) + 0.2 * v[2])
        return score

    def is_fighter(self, c: int) -> bool:
        """Whether card ``c`` is meant to fight (not a utility card with a preparation effect and little attack)."""
        inst = self.inst
        card = inst.cards[c]
        utility = any(e.timing == "prep" for e in card.effects) and inst.attack[c] <= 1
        return not utility and inst.attack[c] + inst.hp[c] >= 4

    # values of cards in hand and of preparation actions
    def hand_card_value(self, c: int) -> float:
        """What keeping card ``c`` in hand is worth to the heuristic (paying hand costs, DQ-4.5, discards the
        cheapest)."""
        inst, me = self.inst, self.me
        kind = inst.kind[c]
        if kind <= MONSTER:
            base = 1.0 + (inst.attack[c] + inst.hp[c]) / 4.0
            return base if inst.level[c] <= self.view.level[me] + 1 else base * 0.5
        if kind == ITEM:
            types = inst.cards[c].equip
            carriers = [
                x
                for x in self.party(me) + self.hand(me)
                if inst.kind[x] == CHAR and any(t in inst.cards[x].equip for t in types)
            ]
            return 1.2 if carriers else 0.3
        return 0.9

    def recruit_value(self, c: int) -> float:
        """What recruiting card ``c`` (DQ-6.5) is worth to the heuristic, more when it enters active."""
        known = self._recruit_values.get(c)
        if known is not None:
            return known
        inst = self.inst
        active = inst.level[c] <= self.view.level[self.me]
        value = inst.attack[c] + 0.5 * inst.hp[c] + 0.2 * inst.speed[c] + 0.5 * len(inst.cards[c].effects)
        if not active:
            value *= 0.4
        if not self.party(self.me):
            value += 5.0  # a party card on the field avoids the wipe-out penalty (DQ-6.14)
        self._recruit_values[c] = value
        return value

    def equip_value(self, item: int, c: int) -> float:
        """What equipping ``item`` on card ``c`` (DQ-6.9) adds, minus the item it replaces."""
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
        """What treating card ``c`` (DQ-6.6) is worth: the damage poison would do and the turns confusion would cost."""
        view = self.view
        value = 0.0
        if c in view.poisoned:
            value += min(3.0, max(0, self.left(c))) + 0.3 * self.atk(c)
        if view.orient[c] == CONFUSED:
            value += 2.0 + 0.5 * self.atk(c)
        return value

    def activate_value(self, c: int) -> float:
        """Making own closed card c active: it may attack this turn, or else block and strike back."""
        view = self.view
        if view.orient[c] != CLOSED:
            return 0.0
        owner = self.inst.owner[c]
        if c not in self.front(owner):
            return 0.1
        defend = 0.25 * self.atk(c)
        if owner == self.tp and self.front(1 - owner) and view.node in _BEFORE_ATTACKS:
            return max(defend, self.attack_value(c))
        return defend

    # effects (DQ-6.11, DQ-6.12, DQ-7.1, DQ-7.2)
    def target_value(self, eff: Any, t: int, user: int) -> float:
        """What aiming effect ``eff`` used by ``user`` at card ``t`` is worth to the heuristic (harm to the enemy, help
        to the own side)."""
        view, inst = self.view, self.inst
        own = inst.owner[t] == user
        value = 0.0
        for op, n in eff.ops:
            if op == "damage":
                value = self._after_damage(value, t, n, own)
            elif op == "heal":
                value += min(n, view.damage(t)) if own else -min(n, view.damage(t))
            elif op == "cure":
                value += self.cure_value(t) if own else -1.0
            elif op == "poison" or op == "confuse" or op == "close":
                value = self._after_status(value, op, t, own)
            elif op == "activate":
                value += self.activate_value(t) if own else -0.5
        return value

    def _after_damage(self, value: float, t: int, n: int, own: bool) -> float:
        """``value`` with a damage op of ``n`` on card ``t`` added (in the order target_value always added it)."""
        inst = self.inst
        if own:
            value -= n + 3.0
        else:
            value += n
            if self.view.damage(t) + n >= self.hp(t):
                value += 2.0 + inst.level[t] + 0.3 * self.worth(t)
            if n > len(self.deck(inst.owner[t])):
                value += _BIG
        return value

    def _after_status(self, value: float, op: str, t: int, own: bool) -> float:
        """``value`` with a poison, confuse or close op on card ``t`` added."""
        view, inst = self.view, self.inst
        if op == "poison":
            if own or t in view.poisoned:
                value -= 0.5 if own else 0.0
            else:
                value += min(3.0, max(0, self.left(t))) + 0.3 * self.atk(t)
        elif op == "confuse":
            if own or view.orient[t] == CONFUSED:
                value -= 0.5 if own else 0.0
            else:
                value += 2.0 + 0.5 * self.atk(t) + (0.5 if view.orient[t] == ACTIVE else 0.0)
        elif not own and view.orient[t] == ACTIVE and t in self.front(inst.owner[t]):  # close
            value += 0.5 + 0.5 * self.atk(t)
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
                useful = any(inst.kind[c] <= MONSTER for c in self.hand(user))
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
        if c < 0 or view.orient[c] != ACTIVE:
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

    # combat arithmetic (DQ-7.8): the engine's own function, on the cards as this view sees them
    def fighter(self, c: int) -> Fighter:
        """Card c as it would enter a fight now (running out of cards is weighed apart, in ``fight_value``)."""
        f = self._fighters.get(c)
        if f is None:
            f = self._fighters[c] = Fighter(c, self.atk(c), self.spd(c), self.hp(c), self.view.damage(c))
        return f

    def fight(self, a: int, d: int, counter: bool) -> FightResult:
        """Attacker a against defender d (DQ-7.7, DQ-7.8), as ``combat.resolve_fight`` decides it."""
        fa, fd = self.fighter(a), self.fighter(d)
        key = (a, fa.attack, fa.speed, fa.hp, fa.damage, d, fd.attack, fd.speed, fd.hp, fd.damage, counter)
        result = _FIGHTS.get(key)
        if result is None:
            if len(_FIGHTS) >= _FIGHTS_MAX:
                _FIGHTS.clear()
            result = _FIGHTS[key] = resolve_fight(fa, fd, counter)
        return result

    def fight_value(self, a: int, d: int, counter: bool) -> float:
        """Value of the fight for the attacker's side (in cards of life, plus card losses); the fight is a pure
        function of the cards, so each pairing is worked out once per decision."""
        key = (a, d, counter)
        value = self._fight_values.get(key)
        if value is None:
            value = self._fight_values[key] = self._fight_value(a, d, counter)
        return value

    def _fight_value(self, a: int, d: int, counter: bool) -> float:
        # the numbers of self.fight(a, d, counter), without making the FightResult (see predict_blows)
        stats = self._stats
        zones, dmg0 = self._zones, self._dmg0
        sa = stats.get(a)
        if sa is None:
            sa = self.stats(a)
        sd = stats.get(d)
        if sd is None:
            sd = self.stats(d)
        to_d, to_a, d_dead, a_dead = predict_blows(
            sa[0], sa[2], sa[1], len(zones[dmg0 + a]), sd[0], sd[2], sd[1], len(zones[dmg0 + d]), counter
        )
        inst = self.inst
        pa, pd = inst.owner[a], inst.owner[d]
        decks = self._decks
        value = to_d * (1.0 + 8.0 / (decks[pd] + 4.0)) - to_a * (1.0 + 8.0 / (decks[pa] + 4.0))  # life_weight
        if d_dead:
            value += 2.0 + inst.level[d] + 0.3 * self.worth(d)
        if a_dead:
            value -= 2.0 + inst.level[a] + 0.3 * self.worth(a)
        if to_d > decks[pd]:
            value += _BIG
        if to_a > decks[pa]:
            value -= _BIG
        return value

    def life_weight(self, p: int) -> float:
        """A card of p's deck matters more the fewer are left (DQ-1.2): even trades favour the longer deck."""
        return 1.0 + 8.0 / (len(self.deck(p)) + 4.0)

    def defended_value(self, a: int, d: int) -> float:
        """The attack's value if d defends: the defender counterattacks only when that hurts the attacker more."""
        if self.view.orient[d] == ACTIVE:
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
        known = self._attack_values.get(a)
        if known is not None:
            return known
        orient = self.view.orient
        defended = [self.defended_value(a, d) for d in front]
        options = [v for d, v in zip(front, defended, strict=True) if orient[d] == ACTIVE]
        options.append(max(defended))  # fallback_value(a)
        worst = min(options)
        value = self._attack_values[a] = BLEND * worst + (1.0 - BLEND) * sum(options) / len(options)
        return value
