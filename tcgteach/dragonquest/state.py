"""Dragon Quest rules (DQ-1 ... DQ-10): one state, moved only along ``flow.TURN``.

Zones per player (``ZONES``): deck (last = top), hand, front row, back row, discard pile,
experience box, quests in play. Besides them, every card instance c has two small zones of its
own: the damage cards lying on it (``dmg.c``) and the item it carries (``item.c``), so every
physical card is in exactly one zone at every moment, damage cards included (DQ-8.1).
Card states (DQ-4.1/4.2) are the scalars ``orient`` (active / closed / confused per card) and
``poisoned``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.outcome import Outcome
from ..core.state import State
from . import actions as A
from .cards import DECK_SIZE, Card, Effect

if TYPE_CHECKING:
    from .game import DragonQuest

DECK, HAND, FRONT, BACK, DISCARD, EXP, QUEST = range(7)
NZ = 7
ACTIVE, CLOSED, CONFUSED = 0, 1, 2
ORIENT_NAMES = ("active", "closed", "confused")
HAND_TARGET = 6  # DQ-3.2 / DQ-6.3
ROW_MAX = 3  # DQ-5.1
WIPE_OUT = 5  # DQ-6.14.1
CHAR, MONSTER, ITEM, QUESTCARD = 0, 1, 2, 3
_KIND = {"character": CHAR, "monster": MONSTER, "item": ITEM, "quest": QUESTCARD}


class Instances:
    """Facts about each card instance of one game (shared, never changes)."""

    __slots__ = ("cards", "owner", "kind", "level", "cost", "attack", "hp", "speed", "n", "act")

    def __init__(self, decks: list[tuple[str, ...]], pool: dict[str, Card]) -> None:
        cards = [pool[c] for deck in decks for c in deck]
        self.cards = tuple(cards)
        self.owner = tuple(p for p, deck in enumerate(decks) for _ in deck)
        self.kind = tuple(_KIND[c.type] for c in cards)
        self.level = tuple(c.level for c in cards)
        self.cost = tuple(c.cost for c in cards)
        self.attack = tuple(c.attack for c in cards)
        self.hp = tuple(c.hp for c in cards)
        self.speed = tuple(c.speed for c in cards)
        self.n = len(cards)
        n = self.n
        # interned actions: legal lists reuse these objects
        self.act = {
            "front": tuple(A.Recruit(i, "front") for i in range(n)),
            "back": tuple(A.Recruit(i, "back") for i in range(n)),
            "treat": tuple(A.Treat(i) for i in range(n)),
            "heal": tuple(A.Heal(i) for i in range(n)),
            "restore": tuple(A.Restore(i) for i in range(n)),
            "move": tuple(A.Move(i) for i in range(n)),
            "item": tuple(A.UseItem(i) for i in range(n)),
            "quest": tuple(A.Quest(i) for i in range(n)),
            "discard": tuple(A.Discard(i) for i in range(n)),
            "target": tuple(A.Target(i) for i in range(n)),
            "attack": tuple(A.Attack(i) for i in range(n)),
            "block": tuple(A.Block(i) for i in range(n)),
            "advance": tuple(A.Advance(i) for i in range(n)),
            "use": tuple((A.Use(i, 0), A.Use(i, 1), A.Use(i, 2)) for i in range(n)),
        }


class DragonQuestState(State):
    SCALARS = (
        "turn",
        "turn_player",
        "first_player",
        "actor",
        "gp",
        "level",
        "orient",
        "poisoned",
        "recruits",
        "quest_played",
        "pending",
        "combat",
        "passes",
        "queue",
        "losers",
        "loss_why",
        "end_reason",
        "last_combat",
        "repair",
        "resume",
    )
    ZONES = ("deck", "hand", "front", "back", "discard", "exp", "quest")
    __slots__ = SCALARS + ("inst", "_equip_cache", "_last_taken")

    game: DragonQuest
    inst: Instances

    # -- facts -----------------------------------------------------------------------------------------
    def card(self, c: int) -> Card:
        return self.inst.cards[c]

    def owner(self, c: int) -> int:
        return self.inst.owner[c]

    @property
    def current_player(self) -> int | None:
        return None if self.node == "game_over" else self.actor

    def is_terminal(self) -> bool:
        return self.node == "game_over"

    def opponent(self, p: int) -> int:
        return 1 - p

    def front(self, p: int) -> list[int]:
        return self.zones[p * NZ + FRONT]

    def back(self, p: int) -> list[int]:
        return self.zones[p * NZ + BACK]

    def party(self, p: int) -> list[int]:
        return self.zones[p * NZ + FRONT] + self.zones[p * NZ + BACK]

    def damage(self, c: int) -> int:
        """Damage cards on card ``c`` (DQ-8.1)."""
        return len(self.zones[2 * NZ + c])

    def damage_zone(self, c: int) -> list[int]:
        return self.zones[2 * NZ + c]

    def item_of(self, c: int) -> int | None:
        z = self.zones[2 * NZ + self.inst.n + c]
        return z[0] if z else None

    def status(self, c: int) -> str:
        """ "normal", "poisoned", "confused" or "poisoned+confused" (DQ-4.2)."""
        parts = []
        if c in self.poisoned:
            parts.append("poisoned")
        if self.orient[c] == CONFUSED:
            parts.append("confused")
        return "+".join(parts) or "normal"

    def is_normal(self, c: int) -> bool:
        return c not in self.poisoned and self.orient[c] != CONFUSED

    def experience(self, p: int) -> int:
        """DQ-9.1: the sum of card levels in the opponent's experience box."""
        lv = self.inst.level
        return sum(lv[c] for c in self.zones[self.opponent(p) * NZ + EXP])

    def _aura(self, p: int, key: str) -> int:
        total = 0
        for q in self.zones[p * NZ + QUEST]:
            aura = self.inst.cards[q].aura
            if aura:
                total += aura.get(key, 0)
        return total

    def modifiers(self, c: int, key: str) -> dict[str, int]:
        """Base value and modifiers of attack/hp/speed for card ``c`` (items, staying quests)."""
        base = {"attack": self.inst.attack, "hp": self.inst.hp, "speed": self.inst.speed}[key][c]
        item = self.item_of(c)
        item_mod = getattr(self.inst.cards[item], key) if item is not None else 0
        aura = self._aura(self.inst.owner[c], key)
        return {"base": base, "item": item_mod, "aura": aura, "total": max(0, base + item_mod + aura)}

    def attack_of(self, c: int) -> int:
        return self.modifiers(c, "attack")["total"]

    def hp_of(self, c: int) -> int:
        return self.modifiers(c, "hp")["total"]

    def speed_of(self, c: int) -> int:
        return self.modifiers(c, "speed")["total"]

    def formation_ok(self, front: int, back: int) -> bool:
        """DQ-5.1 - DQ-5.3 (option ``formation``): rows of at most 3, front outnumbering back."""
        if front > ROW_MAX or back > ROW_MAX:
            return False
        if front + back == 0:
            return True
        return front > back if self.game.options["formation"] == "strict" else front >= back

    def _row_change_ok(self, front: int, back: int, new_front: int, new_back: int) -> bool:
        """DQ-5.2: a recruit or formation change is legal only if the formation it leaves is legal.

        Under ``formation_repair=end_step`` (DQ-5.5) a formation broken outside combat waits for the next
        end step; until then a change that improves it (front minus back grows) is allowed too.
        """
        if new_front > ROW_MAX or new_back > ROW_MAX:
            return False
        if self.formation_ok(new_front, new_back):
            return True
        return (
            self.game.options["formation_repair"] == "end_step"
            and not self.formation_ok(front, back)
            and new_front - new_back > front - back
        )

    # -- legal actions -------------------------------------------------------------------------------------
    def _legal_actions(self) -> tuple[A.Action, ...]:
        node = self.node
        p = self.actor
        act = self.inst.act
        if node == "prep":
            return self._prep_actions(p)
        if node == "combat.action":
            out = self._battle_actions(p)
            out.append(A.PASS)
            return tuple(out)
        if node == "combat.start":
            return tuple(self._effect_actions(p, "start")) + (A.PASS,)
        if node in ("prep.pay", "combat.pay"):
            return tuple(act["discard"][c] for c in sorted(self.zones[p * NZ + HAND]))
        if node in ("prep.target", "combat.target"):
            return tuple(act["target"][c] for c in self._effect_targets())
        if node == "draw":
            lo, hi = self._draw_range(p)
            return A.DRAWS[lo : hi + 1]
        if node == "combat.defend":
            return tuple(act["block"][c] for c in sorted(self.front(p)) if self.orient[c] == ACTIVE) + (A.NO_BLOCK,)
        if node == "combat.fallback":
            return tuple(act["target"][c] for c in sorted(self.front(self.opponent(p))))
        if node == "combat.counter":
            return (A.COUNTER, A.NO_COUNTER)
        if node == "combat.end_step":
            if self.queue:
                return tuple(act["advance"][c] for c in sorted(self.back(p)))
            return (A.CONTINUE, A.END_BATTLE)
        if node == "repair":
            return tuple(act["advance"][c] for c in sorted(self.back(p)))
        if node == "end.confusion":
            return tuple(act["target"][c] for c in sorted(self.party(p)))
        if node == "battle":
            return (A.FIGHT, A.SKIP)
        if node == "mulligan":
            return (A.MULLIGAN, A.KEEP)
        return ()

    def _draw_range(self, p: int) -> tuple[int, int]:
        """DQ-6.3 / DQ-6.3a: how many cards the player may choose to draw."""
        hand = len(self.zones[p * NZ + HAND])
        if hand >= HAND_TARGET:
            return 1, 1
        return self.game.options["draw_minimum"], HAND_TARGET - hand

    def _prep_actions(self, p: int) -> tuple[A.Action, ...]:  # noqa: C901 -- every kind of preparation action, hot path
        inst = self.inst
        act = inst.act
        gp = self.gp[p]
        orient = self.orient
        hand = sorted(self.zones[p * NZ + HAND])
        front, back = self.front(p), self.back(p)
        nf, nb = len(front), len(back)
        out: list[A.Action] = []
        kind = inst.kind
        strict = self.game.options["formation"] == "strict"
        total_max = 5 if strict else 6
        for c in hand:  # DQ-6.5 recruit
            if kind[c] <= MONSTER and (self.recruits == 0 or inst.cost[c] <= gp) and nf + nb < total_max:
                if self._row_change_ok(nf, nb, nf + 1, nb):
                    out.append(act["front"][c])
                if self._row_change_ok(nf, nb, nf, nb + 1):
                    out.append(act["back"][c])
        party = sorted(front + back)
        for c in party:  # DQ-6.6 treat
            if not self.is_normal(c) and inst.cost[c] <= gp:
                out.append(act["treat"][c])
        for c in party:  # DQ-6.7 heal
            if self.zones[2 * NZ + c] and self.is_normal(c) and inst.cost[c] <= gp:
                out.append(act["heal"][c])
        for c in party:  # DQ-6.8 restore
            if orient[c] == CLOSED and inst.cost[c] <= gp:
                out.append(act["restore"][c])
        for i in hand:  # DQ-6.9 equip
            if kind[i] == ITEM and inst.cost[i] <= gp:
                types = inst.cards[i].equip
                for c in party:
                    if kind[c] == CHAR and any(t in inst.cards[c].equip for t in types):
                        out.append(self._equip_action(i, c))
        for c in sorted(front):  # DQ-6.10 formation change
            if orient[c] == ACTIVE and self._row_change_ok(nf, nb, nf - 1, nb + 1):
                out.append(act["move"][c])
        for c in sorted(back):
            if orient[c] == ACTIVE and self._row_change_ok(nf, nb, nf + 1, nb - 1):
                out.append(act["move"][c])
        for a in sorted(front):
            if orient[a] == ACTIVE:
                for b in sorted(back):
                    if orient[b] == ACTIVE:
                        out.append(self._swap_action(a, b))
        out.extend(self._effect_actions(p, "prep"))  # DQ-6.11
        if not self.quest_played:  # DQ-6.12
            for c in hand:
                if kind[c] == QUESTCARD:
                    eff = inst.cards[c].effects[0]
                    if len(hand) - 1 >= eff.hand and (eff.target == "none" or self._targets_for(eff, c, p)):
                        out.append(act["quest"][c])
        out.append(A.END_PREP)
        return tuple(out)

    def _equip_action(self, item: int, card: int) -> A.Equip:
        cache = self._equip_cache
        key = (item, card)
        a = cache.get(key)
        if a is None:
            a = cache[key] = A.Equip(item, card)
        return a

    def _swap_action(self, a: int, b: int) -> A.Swap:
        cache = self._equip_cache
        key = (-1 - a, b)
        s = cache.get(key)
        if s is None:
            s = cache[key] = A.Swap(a, b)
        return s

    def _effect_actions(self, p: int, timing: str) -> list[A.Action]:
        """Effects of own party cards with this timing whose costs can be paid and that have a target."""
        out: list[A.Action] = []
        inst = self.inst
        hand_size = len(self.zones[p * NZ + HAND])
        for c in sorted(self.party(p)):
            for k, eff in enumerate(inst.cards[c].effects):
                if eff.timing != timing:
                    continue
                if eff.close and self.orient[c] != ACTIVE:
                    continue
                if eff.hand > hand_size:
                    continue
                if eff.target != "none" and not self._targets_for(eff, c, p):
                    continue
                out.append(inst.act["use"][c][k])
        return out

    def _battle_actions(self, p: int) -> list[A.Action]:
        """DQ-7.2: the battle actions other than Pass."""
        out: list[A.Action] = []
        act = self.inst.act
        if self.front(self.opponent(p)):  # DQ-7.6
            out.extend(act["attack"][c] for c in sorted(self.front(p)) if self.orient[c] == ACTIVE)
        out.extend(self._effect_actions(p, "action"))
        for c in sorted(self.party(p)):
            item = self.item_of(c)
            if item is not None and self.orient[c] == ACTIVE:
                use = self.inst.cards[item].use
                if use is not None and (use.target == "none" or self._targets_for(use, c, p)):
                    out.append(act["item"][item])
        return out

    def _targets_for(self, eff: Effect, src: int, user: int) -> list[int]:
        t = eff.target
        if t == "self":
            return [src] if src in self.party(user) else []
        if t == "own":
            return sorted(self.party(user))
        if t == "enemy":
            return sorted(self.party(self.opponent(user)))
        if t == "enemy_front":
            return sorted(self.front(self.opponent(user)))
        return []

    def _pending_effect(self) -> Effect:
        kind, src, k = self.pending[0], self.pending[1], self.pending[2]
        card = self.inst.cards[src]
        if kind == "item":
            return card.use  # type: ignore[return-value]
        return card.effects[k]

    def _effect_targets(self) -> list[int]:
        kind, src, _k, user = self.pending[0], self.pending[1], self.pending[2], self.pending[3]
        eff = self._pending_effect()
        carrier = self._carrier(src) if kind == "item" else src
        return self._targets_for(eff, carrier, user)

    def _carrier(self, item: int) -> int:
        base = 2 * NZ + self.inst.n
        for c in self.party(self.inst.owner[item]):
            z = self.zones[base + c]
            if z and z[0] == item:
                return c
        return -1

    def _why_illegal(self, action: A.Action) -> tuple[str, str]:
        node = self.node
        if node == "game_over":
            return "the game is over", "DQ-1.2"
        if type(action) not in A.ACTION_CLASSES:
            return f"{action!r} is not a Dragon Quest action", "DQ-6.4"
        if node == "repair":
            return (
                f"P{self.actor + 1}'s formation is broken: first move a back-row card to the front row "
                "(formation maintenance at once)"
            ), "DQ-5.5"
        rule = type(action).RULE
        phase = self.game.turn_flow.label(node)
        if node in ("prep.pay", "combat.pay") and not isinstance(action, A.Discard):
            return "first pay the hand cost: choose the cards to discard", "DQ-4.5"
        if node in ("prep.target", "combat.target") and not isinstance(action, A.Target):
            return "first choose the target of the effect", "DQ-6.11"
        expected = {
            "mulligan": "DQ-3.3",
            "draw": "DQ-6.3",
            "battle": "DQ-6.13",
            "combat.defend": "DQ-7.4",
            "combat.fallback": "DQ-7.5",
            "combat.counter": "DQ-7.7",
            "end.confusion": "DQ-6.14",
        }
        if node in expected and rule != expected[node] and not isinstance(action, A.Target):
            return f"now is the {phase} ({node}): {action} is not a choice here", expected[node]
        if isinstance(action, A.Target) and node in ("combat.fallback", "end.confusion"):
            if node == "combat.fallback":
                return "the attacker picks a card of the defender's front row", "DQ-7.5"
            return "the owner of the confused card picks one of their own party cards", "DQ-6.14"
        if isinstance(action, A.Recruit):
            return self._why_recruit(action), "DQ-6.5" if node == "prep" else "DQ-6.4"
        if isinstance(action, A.Attack):
            if node != "combat.action":
                return "attacks are chosen in the action step of a combat", "DQ-7.3"
            if not self.front(self.opponent(self.actor)):
                return "the defender's front row is empty: no attack is possible", "DQ-7.6"
            return "the attacking card must be an own active front-row card", "DQ-7.3"
        if isinstance(action, A.Block):
            return "the defending card must be an own active front-row card", "DQ-7.4"
        if isinstance(action, A.Quest) and self.quest_played:
            return "only one quest card may be played per turn", "DQ-6.12"
        if isinstance(action, (A.Treat, A.Heal, A.Restore, A.Equip)) and node == "prep":
            return f"{action} is not possible (card, state or GP: {self.gp[self.actor]} GP)", rule
        if isinstance(action, (A.Move, A.Swap)) and node == "prep":
            return "only active cards move, and the formation must stay legal", "DQ-6.10"
        if isinstance(action, A.Draw) and node == "draw":
            lo, hi = self._draw_range(self.actor)
            return f"draw between {lo} and {hi} cards", "DQ-6.3"
        return f"{action} is not legal now ({phase})", rule

    def _why_recruit(self, action: A.Recruit) -> str:
        p = self.actor
        if self.node != "prep":
            return "party cards are recruited in the preparation phase"
        if action.card not in self.zones[p * NZ + HAND]:
            return f"card {action.card} is not in P{p + 1}'s hand"
        if self.inst.kind[action.card] > MONSTER:
            return "only party cards (characters and monsters) are recruited"
        if self.recruits and self.inst.cost[action.card] > self.gp[p]:
            return (
                f"the first recruit of a turn is free; this one costs {self.inst.cost[action.card]} GP "
                f"and P{p + 1} has {self.gp[p]}"
            )
        return "that row is full or the formation would break DQ-5 (front must outnumber back)"

    # -- carrying out actions -------------------------------------------------------------------------------
    def _do(self, action: A.Action) -> None:
        kind = type(action)
        handler = _HANDLERS[kind]
        handler(self, action)

    # setup / mulligan (DQ-3)
    def _mulligan(self, action: A.Action) -> None:
        p = self.actor
        if isinstance(action, A.Mulligan):
            hand = self._touch(p * NZ + HAND)
            deck = self._touch(p * NZ + DECK)
            deck.extend(hand)
            hand.clear()
            self.rng.shuffle(deck)
            for _ in range(HAND_TARGET):
                hand.append(deck.pop())
            self._emit("mulligan", "DQ-3.3", p, secret=p, cards=list(hand))
        else:
            self._emit("keep", "DQ-3.3", p)
        if p == self.first_player:
            self.actor = self.opponent(p)
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        p = self.turn_player
        self.actor = p
        self._goto("reset")
        exp = self.experience(p)
        new_level = 1 + exp // 5  # DQ-9.2, checked only here (DQ-9.4)
        if new_level != self.level[p]:
            self.level = _set(self.level, p, new_level)
            self._emit("level_up", "DQ-9.4", p, level=new_level, exp=exp)
        lv = self.inst.level
        woke = []
        orient = list(self.orient)
        for c in self.party(p):  # DQ-6.1
            if orient[c] == CLOSED and c not in self.poisoned and lv[c] <= new_level:
                orient[c] = ACTIVE
                woke.append(c)
        self.orient = tuple(orient)
        self._emit("reset", "DQ-6.1", p, cards=woke, level=new_level, turn=self.turn)
        self._goto("income")
        gain = 1 if (self.turn == 1 and p == self.first_player) else new_level + 1  # DQ-6.2
        self.gp = _set(self.gp, p, self.gp[p] + gain)
        self._emit("income", "DQ-6.2", p, gp=gain, total=self.gp[p], first=(self.turn == 1))
        self._goto("draw")
        lo, hi = self._draw_range(p)
        if lo == hi:
            self._draw_phase(lo)

    def _draw(self, action: A.Draw) -> None:
        self._draw_phase(action.n)

    def _draw_phase(self, n: int) -> None:
        p = self.turn_player
        took = self._take(p, n, HAND)
        self._emit("draw", "DQ-6.3", p, secret=p, n=n, cards=took)
        if self._check_loss():
            return
        self._goto("prep")

    # preparation (DQ-6.5 - DQ-6.12)
    def _recruit(self, a: A.Recruit) -> None:
        p = self.actor
        c = a.card
        cost = 0 if self.recruits == 0 else self.inst.cost[c]
        self.gp = _set(self.gp, p, self.gp[p] - cost)
        self.recruits += 1
        self._touch(p * NZ + HAND).remove(c)
        self._touch(p * NZ + (FRONT if a.row == "front" else BACK)).append(c)
        state = ACTIVE if self.inst.level[c] <= self.level[p] else CLOSED
        self.orient = _set(self.orient, c, state)
        self._emit("recruit", "DQ-6.5", p, card=c, row=a.row, cost=cost, state=ORIENT_NAMES[state])

    def _pay(self, p: int, gp: int) -> None:
        self.gp = _set(self.gp, p, self.gp[p] - gp)

    def _treat(self, a: A.Treat) -> None:
        p, c = self.actor, a.card
        self._pay(p, self.inst.cost[c])
        self.poisoned = self.poisoned - {c}
        if self.orient[c] == CONFUSED:
            self.orient = _set(self.orient, c, CLOSED)  # DQ-6.6: upright but sideways, not activated
        self._emit("treat", "DQ-6.6", p, card=c, cost=self.inst.cost[c])

    def _heal(self, a: A.Heal) -> None:
        p, c = self.actor, a.card
        self._pay(p, self.inst.cost[c])
        n = self._remove_damage(c, None)
        self._emit("heal", "DQ-6.7", p, card=c, cost=self.inst.cost[c], removed=n)

    def _remove_damage(self, c: int, limit: int | None) -> int:
        """Damage cards back to the bottom of the owner's deck, shuffled first so nobody sees them."""
        pile = self._touch(2 * NZ + c)
        k = len(pile) if limit is None else min(limit, len(pile))
        if not k:
            return 0
        moved = pile[-k:]
        del pile[-k:]
        self.rng.shuffle(moved)
        deck = self._touch(self.inst.owner[c] * NZ + DECK)
        deck[0:0] = moved
        return k

    def _restore_card(self, a: A.Restore) -> None:
        p, c = self.actor, a.card
        self._pay(p, self.inst.cost[c])
        self.orient = _set(self.orient, c, ACTIVE)
        self._emit("restore", "DQ-6.8", p, card=c, cost=self.inst.cost[c])

    def _equip(self, a: A.Equip) -> None:
        p = self.actor
        self._pay(p, self.inst.cost[a.item])
        slot = self._touch(2 * NZ + self.inst.n + a.card)
        old = slot[0] if slot else None
        if old is not None:
            slot.clear()
            self._touch(p * NZ + DISCARD).append(old)
        self._touch(p * NZ + HAND).remove(a.item)
        slot.append(a.item)
        self._emit("equip", "DQ-6.9", p, card=a.card, item=a.item, old=old, cost=self.inst.cost[a.item])
        self._check_defeat(a.card)  # a new item may give less HP than the damage on the card
        self._repair_then("prep")

    def _move(self, a: A.Move) -> None:
        p, c = self.actor, a.card
        if c in self.front(p):
            self._touch(p * NZ + FRONT).remove(c)
            self._touch(p * NZ + BACK).append(c)
            to = "back"
        else:
            self._touch(p * NZ + BACK).remove(c)
            self._touch(p * NZ + FRONT).append(c)
            to = "front"
        self._emit("move", "DQ-6.10", p, card=c, row=to)

    def _swap(self, a: A.Swap) -> None:
        p = self.actor
        front, back = self._touch(p * NZ + FRONT), self._touch(p * NZ + BACK)
        front[front.index(a.front)] = a.back
        back[back.index(a.back)] = a.front
        self._emit("swap", "DQ-6.10", p, card=a.front, other=a.back)

    def _end_prep(self, a: A.Action) -> None:
        self._emit("end_prep", "DQ-6.4", self.actor)
        self._goto("battle")

    # effects, items, quests (DQ-6.11, DQ-6.12, DQ-7.1, DQ-7.2)
    def _use(self, a: A.Use) -> None:
        p = self.actor
        eff = self.inst.cards[a.card].effects[a.effect]
        ctx = {"prep": "prep", "start": "start", "action": "action"}[eff.timing]
        if eff.close:
            self.orient = _set(self.orient, a.card, CLOSED)  # DQ-4.6
        rule = {"prep": "DQ-6.11", "start": "DQ-7.1", "action": "DQ-7.2"}[ctx]
        self._emit("use", rule, p, card=a.card, effect=a.effect, timing=eff.timing, close=eff.close, hand=eff.hand)
        self.pending = ("use", a.card, a.effect, p, eff.hand, -1, ctx)
        self._continue_effect()

    def _use_item(self, a: A.UseItem) -> None:
        p = self.actor
        carrier = self._carrier(a.item)
        self.orient = _set(self.orient, carrier, CLOSED)  # DQ-4.6: the character carrying it
        self._emit("use_item", "DQ-7.2", p, card=carrier, item=a.item)
        self.pending = ("item", a.item, 0, p, 0, -1, "action")
        self._continue_effect()

    def _quest(self, a: A.Quest) -> None:
        p = self.actor
        card = self.inst.cards[a.card]
        self.quest_played = True
        self._touch(p * NZ + HAND).remove(a.card)
        quests = self._touch(p * NZ + QUEST)
        for old in [q for q in quests if self.inst.cards[q].stays]:  # a new quest replaces a staying one
            quests.remove(old)
            self._touch(p * NZ + DISCARD).append(old)
            self._emit("quest_leaves", "DQ-6.12", p, card=old)
        quests.append(a.card)
        self._emit("quest", "DQ-6.12", p, card=a.card, hand=card.hand_cost, stays=card.stays)
        self.pending = ("quest", a.card, 0, p, card.hand_cost, -1, "prep")
        for c in sorted(self.party(p)):  # a staying quest that left took its HP aura with it
            self._check_defeat(c)
        self._repair_then("quest")

    def _continue_effect(self) -> None:
        kind, src, k, user, hand_left, target, ctx = self.pending
        pay_node = "prep.pay" if ctx == "prep" else "combat.pay"
        target_node = "prep.target" if ctx == "prep" else "combat.target"
        if hand_left > 0:
            hand = self.zones[user * NZ + HAND]
            if len(hand) > hand_left:
                if self.node != pay_node:
                    self._goto(pay_node)
                self.actor = user
                return
            for c in list(hand):  # no choice left: the whole hand pays
                self._discard_from_hand(user, c)
            hand_left = 0
            self.pending = (kind, src, k, user, 0, target, ctx)
        eff = self._pending_effect()
        if target == -1 and eff.target != "none":
            cands = self._effect_targets()
            if len(cands) == 1:
                target = cands[0]
            elif len(cands) > 1:
                if self.node != target_node:
                    self._goto(target_node)
                self.actor = user
                return
            else:
                target = -2  # nothing left to target: the effect does nothing
            self.pending = (kind, src, k, user, 0, target, ctx)
        # (an effect's ops act on one target: once a damage op defeats it, the ops after it find no card,
        # so a formation repair after the whole effect is the same as one right after the defeat, DQ-5.5)
        if ctx == "prep":
            self._goto("prep.resolve")
            self._resolve(eff, user, target, src)
            self.pending = None
            if self._check_loss():
                return
            self._repair_then("prep")
        elif ctx == "start":
            self._goto("combat.resolve")
            self._resolve(eff, user, target, src)
            self.pending = None
            if self._check_loss():
                return
            self._repair_then("start", user)
        else:
            self._goto("combat.judgment")
            self._resolve(eff, user, target, src)
            self.pending = None
            if self._check_loss():
                return
            self._begin_end_step()

    def _discard_from_hand(self, p: int, c: int) -> None:
        self._touch(p * NZ + HAND).remove(c)
        self._touch(p * NZ + DISCARD).append(c)
        self._emit("discard", "DQ-4.5", p, card=c)

    def _pay_discard(self, a: A.Discard) -> None:
        kind, src, k, user, hand_left, target, ctx = self.pending
        self._discard_from_hand(user, a.card)
        self.pending = (kind, src, k, user, hand_left - 1, target, ctx)
        self._continue_effect()

    def _target(self, a: A.Target) -> None:
        node = self.node
        if node in ("prep.target", "combat.target"):
            kind, src, k, user, hand_left, _t, ctx = self.pending
            self.pending = (kind, src, k, user, hand_left, a.card, ctx)
            self._continue_effect()
        elif node == "combat.fallback":
            self._fix_defender(a.card, chosen_by="attacker")
        else:  # end.confusion
            self._confusion_damage(a.card)

    def _resolve(self, eff: Effect, user: int, target: int, src: int) -> None:
        """Apply an effect's ops in order (the small primitive vocabulary of cards.py)."""
        rule = {"prep": "DQ-6.11", "quest": "DQ-6.12", "start": "DQ-7.1", "action": "DQ-7.8", "item": "DQ-7.8"}[
            eff.timing
        ]
        for op, n in eff.ops:
            if op == "gain_gp":
                self.gp = _set(self.gp, user, self.gp[user] + n)
                self._emit("gain_gp", rule, user, n=n, source=src)
            elif op == "draw":
                took = self._take(user, n, HAND)
                self._emit("effect_draw", rule, user, secret=user, n=n, cards=took, source=src)
                if self.losers:
                    return
            else:
                if target < 0 or not self._on_field(target):
                    continue
                self._card_op(op, n, target, rule, user, src)
                if self.losers:
                    return

    def _on_field(self, c: int) -> bool:
        return c in self.party(self.inst.owner[c])

    def _card_op(self, op: str, n: int, c: int, rule: str, user: int, src: int) -> None:
        owner = self.inst.owner[c]
        if op == "damage":
            self._damage(c, n, rule, source=src)
        elif op == "heal":
            k = self._remove_damage(c, n)
            self._emit("effect_heal", rule, user, card=c, n=k, source=src)
        elif op == "cure":
            self.poisoned = self.poisoned - {c}
            if self.orient[c] == CONFUSED:
                self.orient = _set(self.orient, c, CLOSED)
            self._emit("cure", rule, user, card=c, source=src)
        elif op == "poison":
            self.poisoned = self.poisoned | {c}
            self._emit("poison", "DQ-4.2", user, card=c, source=src)
        elif op == "confuse":
            self.orient = _set(self.orient, c, CONFUSED)
            self._emit("confuse", "DQ-4.1", user, card=c, source=src)
        elif op == "close":
            if self.orient[c] == ACTIVE:
                self.orient = _set(self.orient, c, CLOSED)
            self._emit("close", "DQ-4.1", user, card=c, source=src, owner=owner)
        elif op == "activate":
            if self.orient[c] == CLOSED:
                self.orient = _set(self.orient, c, ACTIVE)
            self._emit("activate", "DQ-4.1", user, card=c, source=src, owner=owner)

    # damage, defeat, deck-out (DQ-8, DQ-1.2)
    def _take(self, p: int, n: int, dest: int, onto: int | None = None) -> list[int]:
        """Move n cards from the top of p's deck (to a zone of p, or onto card ``onto``).

        DQ-1.2 ``cannot_take``: a card that cannot be taken makes p lose, and the rest is not done.
        ``empty_loses``: p loses as soon as the deck is empty.
        """
        deck = self.zones[p * NZ + DECK]
        took: list[int] = []
        if n <= 0:
            return took
        self._touch(p * NZ + DECK)
        target = self._touch(2 * NZ + onto if onto is not None else p * NZ + dest)
        empty_loses = self.game.options["deck_out"] == "empty_loses"
        for _ in range(n):
            if not deck:
                self._lose(p, "empty_loses" if empty_loses else "cannot_take")
                return took
            c = deck.pop()
            target.append(c)
            took.append(c)
        if not deck and empty_loses:
            self._lose(p, "empty_loses")
        return took

    def _lose(self, p: int, why: str) -> None:
        """Record a losing condition; it is announced when the instruction is over (``_check_loss``)."""
        if p not in self.losers:
            self.losers = self.losers | {p}
            self.loss_why = self.loss_why + ((p, why),)

    def _check_loss(self) -> bool:
        """End the game if someone met a losing condition in the instruction just done (DQ-1.2, DQ-1.3)."""
        if not self.losers:
            return False
        self.repair = ()
        for p, why in self.loss_why:
            self._emit("deck_out", "DQ-1.2", p, why=why)
        self.end_reason = "DQ-1.3" if len(self.losers) == 2 else "DQ-1.2"
        self._goto("game_over")
        out = self.result()
        self._emit("game_over", self.end_reason, None, winners=list(out.winners) if out else [])
        return True

    def _damage(self, c: int, n: int, rule: str, source: int | None = None, check: bool = True) -> bool:
        """DQ-8.1: the owner moves n cards from the top of the deck onto c; returns True if c is defeated."""
        owner = self.inst.owner[c]
        took = self._take(owner, n, 0, onto=c)
        self._emit(
            "damage", rule, owner, card=c, n=n, taken=len(took), total=self.damage(c), hp=self.hp_of(c), source=source
        )
        self._last_taken = len(took)
        if check:
            return self._check_defeat(c)
        return False

    def _check_defeat(self, c: int) -> bool:
        if self._on_field(c) and self.damage(c) >= self.hp_of(c):
            self._defeat(c)
            return True
        return False

    def _defeat(self, c: int) -> None:
        """DQ-8.2 to the experience box, damage and item to the discard; DQ-8.3 the opponent gains GP."""
        owner = self.inst.owner[c]
        row = FRONT if c in self.front(owner) else BACK
        self._touch(owner * NZ + row).remove(c)
        self._touch(owner * NZ + EXP).append(c)
        discard = self._touch(owner * NZ + DISCARD)
        pile = self._touch(2 * NZ + c)
        damage_cards = list(pile)
        discard.extend(pile)
        pile.clear()
        slot = self._touch(2 * NZ + self.inst.n + c)
        item = slot[0] if slot else None
        if slot:
            discard.extend(slot)
            slot.clear()
        self.poisoned = self.poisoned - {c}
        self.orient = _set(self.orient, c, ACTIVE)
        winner = self.opponent(owner)
        gain = self.inst.level[c]
        self.gp = _set(self.gp, winner, self.gp[winner] + gain)
        self._emit("defeat", "DQ-8.2", owner, card=c, damage_cards=len(damage_cards), item=item)
        self._emit("gain_gp_defeat", "DQ-8.3", winner, card=c, n=gain, exp=self.experience(winner))
        # DQ-5.5 formation_repair=immediate: the owner repairs a broken formation at once. In the
        # judgment step the end step follows straight away and does it for both players (DQ-7.9).
        if (
            self.game.options["formation_repair"] == "immediate"
            and self.node != "combat.judgment"
            and owner not in self.repair
            and not self._formation_fine(owner)
        ):
            self.repair = self.repair + (owner,)

    # battle phase and combat (DQ-6.13, DQ-7)
    def _fight(self, a: A.Action) -> None:
        p = self.turn_player
        if isinstance(a, A.Skip):
            self._emit("skip_battle", "DQ-6.13", p)
            self._goto("end")
            self._end_of_turn()
            return
        self._emit("fight", "DQ-6.13", p)
        self._goto("combat.start")
        self.passes = 0
        self.actor = p  # DQ-7.1: the attacker first

    def _pass(self, a: A.Action) -> None:
        p = self.actor
        if self.node == "combat.start":
            self.passes += 1
            self._emit("pass", "DQ-7.1", p, passes=self.passes)
            if self.passes >= 2:
                self._goto("combat.action")
                self.actor = self.turn_player
            else:
                self.actor = self.opponent(p)
        else:  # action step: no battle action, the battle phase ends
            self._emit("pass_action", "DQ-7.2", p)
            self.combat = None
            self._goto("end")
            self._end_of_turn()

    def _attack(self, a: A.Attack) -> None:
        p = self.actor
        d = self.opponent(p)
        self.orient = _set(self.orient, a.card, CLOSED)  # DQ-7.3
        self._emit("attack", "DQ-7.3", p, card=a.card)
        self.combat = (a.card, -1, -1)
        if any(self.orient[c] == ACTIVE for c in self.front(d)):
            self._goto("combat.defend")
            self.actor = d
        else:
            self._emit("no_blocker", "DQ-7.5", d)
            self._fallback()

    def _fallback(self) -> None:
        self._goto("combat.fallback")
        d = self.opponent(self.turn_player)
        cands = self.front(d)
        if len(cands) == 1:
            self._fix_defender(cands[0], chosen_by="attacker")
        else:
            self.actor = self.turn_player

    def _block(self, a: A.Action) -> None:
        if isinstance(a, A.NoBlock):
            self._emit("no_block", "DQ-7.5", self.actor)
            self._fallback()
            return
        self._emit("block", "DQ-7.4", self.actor, card=a.card)  # type: ignore[attr-defined]
        self._goto("combat.counter")
        self.combat = (self.combat[0], a.card, -1)  # type: ignore[attr-defined]
        self.actor = self.opponent(self.turn_player)

    def _fix_defender(self, card: int, chosen_by: str) -> None:
        self.combat = (self.combat[0], card, -1)
        self._emit("defender", "DQ-7.5", self.turn_player, card=card)
        if self.orient[card] == ACTIVE:
            self._goto("combat.counter")
            self.actor = self.opponent(self.turn_player)
        else:
            self.combat = (self.combat[0], card, 0)
            self._judgment()

    def _counter(self, a: A.Action) -> None:
        yes = isinstance(a, A.Counter)
        att, dfn, _ = self.combat
        if yes:
            self.orient = _set(self.orient, dfn, CLOSED)  # DQ-7.7
        self._emit("counter" if yes else "no_counter", "DQ-7.7", self.actor, card=dfn)
        self.combat = (att, dfn, 1 if yes else 0)
        self._judgment()

    def _judgment(self) -> None:
        """DQ-7.8: battle damage in speed order; a first-strike defeat prevents the return blow."""
        self._goto("combat.judgment")
        att, dfn, counter = self.combat
        a_mod, d_mod = self.modifiers(att, "attack"), self.modifiers(dfn, "attack")
        a_spd, d_spd = self.modifiers(att, "speed"), self.modifiers(dfn, "speed")
        a_dmg = a_mod["total"]
        d_dmg = d_mod["total"] if counter else 0
        if not counter:
            order = "attacker_only"
        elif a_spd["total"] > d_spd["total"]:
            order = "attacker_first"
        elif d_spd["total"] > a_spd["total"]:
            order = "defender_first"
        else:
            order = "simultaneous"
        info: dict[str, Any] = {
            "attacker": att,
            "defender": dfn,
            "counter": bool(counter),
            "order": order,
            "attack": {"attacker": a_mod, "defender": d_mod},
            "speed": {"attacker": a_spd, "defender": d_spd},
            "hp": {"attacker": self.hp_of(att), "defender": self.hp_of(dfn)},
            "damage_before": {"attacker": self.damage(att), "defender": self.damage(dfn)},
            "blows": [],
            "prevented": False,
            "defeated": [],
        }
        gp_before = self.gp
        blows = info["blows"]

        def hit(src: int, dst: int, n: int, check: bool = True) -> bool:
            blow = {"from": src, "to": dst, "damage": n, "taken": n}
            blows.append(blow)
            defeated = self._damage(dst, n, "DQ-7.8", source=src, check=check)
            blow["taken"] = self._last_taken
            if defeated:
                info["defeated"].append(dst)
            return defeated

        if order == "attacker_only":
            hit(att, dfn, a_dmg)
        elif order == "simultaneous":
            hit(att, dfn, a_dmg, check=False)  # both blows land in the same instruction
            hit(dfn, att, d_dmg, check=False)
            for c in (dfn, att):
                if self._check_defeat(c):
                    info["defeated"].append(c)
        else:
            first, second = (att, dfn) if order == "attacker_first" else (dfn, att)
            first_dmg, second_dmg = (a_dmg, d_dmg) if order == "attacker_first" else (d_dmg, a_dmg)
            if hit(first, second, first_dmg):
                info["prevented"] = True
            elif not self.losers:
                hit(second, first, second_dmg)
        info["gp_gained"] = [self.gp[i] - gp_before[i] for i in range(2)]
        info["exp"] = [self.experience(i) for i in range(2)]
        info["level"] = list(self.level)  # DQ-9.4: levels change only at each player's own reset
        info["next_level"] = [1 + e // 5 for e in info["exp"]]
        info["lost"] = sorted(self.losers)
        self.last_combat = _freeze(info)
        self._emit("battle", "DQ-7.8", self.turn_player, **info)
        self.combat = None
        if self._check_loss():
            return
        self._begin_end_step()

    def _begin_end_step(self) -> None:
        """DQ-7.9: formation maintenance for both (attacker first), then continue or end."""
        self._goto("combat.end_step")
        tp = self.turn_player
        self.queue = tuple(p for p in (tp, self.opponent(tp)) if not self._formation_fine(p))
        self._maintain()

    def _formation_fine(self, p: int) -> bool:
        return self.formation_ok(len(self.front(p)), len(self.back(p))) or not self.back(p)

    def _maintain(self) -> None:
        while self.queue:
            p = self.queue[0]
            if self._formation_fine(p):
                self.queue = self.queue[1:]
                continue
            back = self.back(p)
            if len(back) == 1:
                self._advance_card(p, back[0])
                continue
            self.actor = p
            return
        tp = self.turn_player
        if self._battle_actions(tp):
            self.actor = tp
            return
        self._emit("battle_over", "DQ-7.9", tp, reason="no_action")
        self._goto("end")
        self._end_of_turn()

    def _advance_card(self, p: int, c: int, rule: str = "DQ-5.4") -> None:
        self._touch(p * NZ + BACK).remove(c)
        self._touch(p * NZ + FRONT).append(c)
        self._emit("advance", rule, p, card=c)

    def _advance(self, a: A.Advance) -> None:
        if self.node == "repair":
            self._advance_card(self.actor, a.card, "DQ-5.5")
            self._repair()
            return
        self._advance_card(self.actor, a.card)
        self._maintain()

    # formation maintenance at once (DQ-5.5, option formation_repair=immediate)
    def _repair_then(self, kind: str, arg: int = -1) -> None:
        """Go on with the instruction (``kind``) - after the owners of broken formations have repaired them.

        ``kind``: "prep" (back to the preparation phase), "quest" (the quest's effect goes on), "start" (back to
        the start step, the other player to act), "poison" (the remaining poison ticks), "confusion" (the
        remaining confused cards).
        """
        if self.repair and not self.losers:
            self.resume = (self.node, kind, arg)
            self._goto("repair")
            for p in self.repair:
                self._emit("repair", "DQ-5.5", p, front=len(self.front(p)), back=len(self.back(p)))
            self._repair()
            return
        self.repair = ()
        self._resume(kind, arg)

    def _repair(self) -> None:
        """Each waiting owner, in order, moves back-row cards forward until the front outnumbers the back."""
        while self.repair:
            p = self.repair[0]
            if self._formation_fine(p):
                self.repair = self.repair[1:]
                continue
            if len(self.back(p)) == 1:
                self._advance_card(p, self.back(p)[0], "DQ-5.5")
                continue
            self.actor = p  # even in the opponent's turn
            return
        back, kind, arg = self.resume
        self.resume = None
        self._goto(back)
        self._resume(kind, arg)

    def _resume(self, kind: str, arg: int) -> None:
        if kind == "prep":
            if self.node != "prep":
                self._goto("prep")
            self.actor = self.turn_player
        elif kind == "quest":
            self._continue_effect()
        elif kind == "start":
            self._goto("combat.start")
            self.passes = 0
            self.actor = self.opponent(arg)  # DQ-7.1: alternating
        elif kind == "poison":
            self._poison_ticks()
        else:  # "confusion"
            self._next_confusion()

    def _continue(self, a: A.Action) -> None:
        tp = self.turn_player
        if isinstance(a, A.Continue):
            self._emit("continue", "DQ-7.9", tp)
            self._goto("combat.action")
            self.actor = tp
        else:
            self._emit("battle_over", "DQ-7.9", tp, reason="chosen")
            self._goto("end")
            self._end_of_turn()

    # end of turn (DQ-6.14)
    def _end_of_turn(self) -> None:
        tp = self.turn_player
        literal = self.game.options["wipe_out"] == "literal"
        for p in (tp, self.opponent(tp)):  # 1. wipe-out penalty
            if not self.party(p):
                if not literal and self.turn == 1 and p != self.first_player:
                    # DQ-6.14.1 wipe_out=after_own_turn: the second player has not had a turn yet
                    self._emit("wipe_out_spared", "DQ-6.14", p)
                    continue
                took = self._take(p, WIPE_OUT, DISCARD)
                self._emit("wipe_out", "DQ-6.14", p, n=len(took))
        if self._check_loss():
            return
        quests = self.zones[tp * NZ + QUEST]  # 2. quests played this turn leave
        for q in [q for q in quests if not self.inst.cards[q].stays]:
            self._touch(tp * NZ + QUEST).remove(q)
            self._touch(tp * NZ + DISCARD).append(q)
            self._emit("quest_leaves", "DQ-6.14", tp, card=q)
        # 3. poison: one tick per poisoned card, turn player's cards first
        self.queue = tuple(c for p in self._ticking_players() for c in sorted(self.party(p)) if c in self.poisoned)
        self._poison_ticks()

    def _ticking_players(self) -> tuple[int, ...]:
        tp = self.turn_player
        return (tp, self.opponent(tp)) if self.game.options["status_tick"] == "both_players" else (tp,)

    def _poison_ticks(self) -> None:
        """DQ-6.14.3, resumable: a tick that defeats a card lets its owner repair the formation first (DQ-5.5)."""
        while self.queue:
            c = self.queue[0]
            self.queue = self.queue[1:]
            if c in self.poisoned and self._on_field(c) and self.inst.owner[c] not in self.losers:
                self._damage(c, 1, "DQ-6.14", source=None)
                if self.repair and not self.losers:
                    self._repair_then("poison")
                    return
        self.repair = ()
        if self._check_loss():
            return
        confused = tuple(
            c for p in self._ticking_players() for c in sorted(self.party(p)) if self.orient[c] == CONFUSED
        )
        self.queue = confused
        self._next_confusion()

    def _next_confusion(self) -> None:
        """4. each confused card: its owner picks an own card (maybe itself) to take 1 damage."""
        while self.queue:
            c = self.queue[0]
            if not self._on_field(c) or self.orient[c] != CONFUSED:
                self.queue = self.queue[1:]
                continue
            p = self.inst.owner[c]
            party = self.party(p)
            if len(party) == 1:
                self._confusion_damage(party[0])
                return
            if self.node != "end.confusion":
                self._goto("end.confusion")
            self.actor = p
            return
        self._next_turn()

    def _confusion_damage(self, target: int) -> None:
        src = self.queue[0]
        self.queue = self.queue[1:]
        self._emit("confusion", "DQ-6.14", self.inst.owner[src], card=src, target=target)
        self._damage(target, 1, "DQ-6.14", source=src)
        if self._check_loss():
            return
        self._repair_then("confusion")

    def _next_turn(self) -> None:
        limit = self.game.options["turn_limit"]
        self._emit("turn_end", "DQ-6.14", self.turn_player, turn=self.turn)
        if limit is not None and self.turn >= limit:  # DQ-1.4
            self.end_reason = "DQ-1.4"
            self._goto("game_over")
            self._emit("game_over", "DQ-1.4", None, winners=[])
            return
        self.turn += 1
        self.turn_player = self.opponent(self.turn_player)
        self.recruits = 0
        self.quest_played = False
        self.queue = ()
        self._begin_turn()

    # -- results --------------------------------------------------------------------------------------------------
    def result(self) -> Outcome | None:
        if self.node != "game_over":
            return None
        losers = self.losers
        if self.end_reason == "DQ-1.4" or len(losers) == 2:
            winners: tuple[int, ...] = ()
        else:
            winners = tuple(p for p in range(2) if p not in losers)
        scores = tuple(len(self.zones[p * NZ + DECK]) for p in range(2))
        breakdown = tuple(
            {
                "player": p,
                "deck": scores[p],
                "level": self.level[p],
                "experience": self.experience(p),
                "gp": self.gp[p],
                "party": len(self.party(p)),
                "lost": p in losers,
            }
            for p in range(2)
        )
        return Outcome(winners, scores, self.end_reason or "DQ-1.2", breakdown)

    # -- views, clone, zones --------------------------------------------------------------------------------------
    def _zone_info(self, index: int) -> tuple[int, str]:
        base = 2 * NZ
        if index < base:
            return index // NZ, self.ZONES[index % NZ]
        n = self.inst.n
        c = (index - base) % n
        return self.inst.owner[c], (f"dmg.{c}" if index < base + n else f"item.{c}")

    def _zone_label(self, index: int) -> str:
        owner, name = self._zone_info(index)
        return name if index >= 2 * NZ else f"p{owner}.{name}"

    def _zone_hidden(self, zone: str, owner: int, viewer: int) -> bool:
        # DQ-8.1: damage cards lie face down and nobody sees them
        return zone == "deck" or zone.startswith("dmg.") or (zone == "hand" and owner != viewer)

    def _clone_extra(self, new: State) -> None:
        new.inst = self.inst  # type: ignore[attr-defined]
        new._equip_cache = self._equip_cache  # type: ignore[attr-defined]
        new._last_taken = 0  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        from ..viz.board import board_html

        return board_html(self)

    def __repr__(self) -> str:
        return f"<DragonQuestState turn {self.turn} P{self.turn_player + 1} node={self.node} actor=P{self.actor + 1}>"


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


_HANDLERS = {
    A.Mulligan: DragonQuestState._mulligan,
    A.Keep: DragonQuestState._mulligan,
    A.Draw: DragonQuestState._draw,
    A.Recruit: DragonQuestState._recruit,
    A.Treat: DragonQuestState._treat,
    A.Heal: DragonQuestState._heal,
    A.Restore: DragonQuestState._restore_card,
    A.Equip: DragonQuestState._equip,
    A.Move: DragonQuestState._move,
    A.Swap: DragonQuestState._swap,
    A.Use: DragonQuestState._use,
    A.UseItem: DragonQuestState._use_item,
    A.Quest: DragonQuestState._quest,
    A.Discard: DragonQuestState._pay_discard,
    A.Target: DragonQuestState._target,
    A.EndPrep: DragonQuestState._end_prep,
    A.Fight: DragonQuestState._fight,
    A.Skip: DragonQuestState._fight,
    A.Pass: DragonQuestState._pass,
    A.Attack: DragonQuestState._attack,
    A.Block: DragonQuestState._block,
    A.NoBlock: DragonQuestState._block,
    A.Counter: DragonQuestState._counter,
    A.NoCounter: DragonQuestState._counter,
    A.Advance: DragonQuestState._advance,
    A.Continue: DragonQuestState._continue,
    A.EndBattle: DragonQuestState._continue,
}


def clear_pending(s: DragonQuestState) -> None:
    """No effect, combat, queue or loss under way (the state between two phases)."""
    s.pending = None
    s.combat = None
    s.passes = 0
    s.queue = ()
    s.losers = frozenset()
    s.loss_why = ()
    s.end_reason = None
    s.last_combat = None
    s.repair = ()
    s.resume = None


def new_state(game: DragonQuest, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> DragonQuestState:
    """DQ-3: decide the first player, shuffle, draw 6, level 1 and 0 GP; then the mulligan decisions."""
    from ..core.rng import mix_seed

    s = object.__new__(DragonQuestState)
    s._init_base(
        game,
        {"seed": seed, "players": 2, "first_player": first_player, "decks": [list(d) for d in decks]},
        2,
        mix_seed(seed),
    )
    s.inst = game._instances(tuple(decks))
    s._equip_cache = {}
    s._last_taken = 0
    n = s.inst.n
    s.zones = [[] for _ in range(2 * NZ + 2 * n)]
    for p in range(2):
        s.zones[p * NZ + DECK] = list(range(p * DECK_SIZE, p * DECK_SIZE + len(decks[p])))
    s.turn = 1
    s.gp = (0, 0)
    s.level = (1, 1)  # DQ-3.4
    s.orient = (ACTIVE,) * n
    s.poisoned = frozenset()
    s.recruits = 0
    s.quest_played = False
    clear_pending(s)
    fp = first_player if first_player is not None else s.rng.below(2)  # DQ-3.1
    s.first_player = fp
    s.turn_player = fp
    s.actor = fp
    s._emit("first_player", "DQ-3.1", fp, chosen="given" if first_player is not None else "random")
    for p in range(2):  # DQ-3.2
        s.rng.shuffle(s.zones[p * NZ + DECK])
    for p in (fp, 1 - fp):
        deck, hand = s.zones[p * NZ + DECK], s.zones[p * NZ + HAND]
        for _ in range(HAND_TARGET):
            hand.append(deck.pop())
        s._emit("draw_hand", "DQ-3.2", p, secret=p, cards=list(hand))
    s._emit("start_values", "DQ-3.4", None, level=1, gp=0)
    s._goto("mulligan")
    return s
