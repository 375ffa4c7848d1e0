"""Special effects, items and quests (DQ-6.11, DQ-6.12, DQ-7.1, DQ-7.2, DQ-4.5, DQ-4.6).

Using one is a short sequence of decisions held in ``state.pending`` (a :class:`Pending`): pay the
hand cost card by card (DQ-4.5), choose the target, then the effect resolves - in the preparation
phase, the start step or the judgment step of a combat, depending on its timing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from . import actions as A
from . import battle, damage, formation, turn
from .ids import ACTIVE, BACK, CLOSED, CONFUSED, DISCARD, FRONT, HAND, NZ, QUEST, Ev, Node, reoriented, replaced
from .values import Value

if TYPE_CHECKING:
    from .cards import Effect
    from .state import DragonQuestState

NO_TARGET: Final = -1  # Pending.target: not chosen yet
NOTHING: Final = -2  # Pending.target: nothing was left to target, the effect does nothing to a card
#: the steps where an effect's target is chosen (DQ-6.11, DQ-7.1, DQ-7.2)
TARGET_STEPS: Final = frozenset({Node.PREP_TARGET, Node.COMBAT_TARGET})


# members of the Node and Ev enums read in the functions below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_ACTIVATE: Final = Ev.ACTIVATE
_EV_CLOSE: Final = Ev.CLOSE
_EV_CONFUSE: Final = Ev.CONFUSE
_EV_CURE: Final = Ev.CURE
_EV_DISCARD: Final = Ev.DISCARD
_EV_EFFECT_DRAW: Final = Ev.EFFECT_DRAW
_EV_EFFECT_HEAL: Final = Ev.EFFECT_HEAL
_EV_GAIN_GP: Final = Ev.GAIN_GP
_EV_POISON: Final = Ev.POISON
_EV_QUEST: Final = Ev.QUEST
_EV_QUEST_LEAVES: Final = Ev.QUEST_LEAVES
_EV_USE: Final = Ev.USE
_EV_USE_ITEM: Final = Ev.USE_ITEM
_NODE_COMBAT_FALLBACK: Final = Node.COMBAT_FALLBACK
_NODE_COMBAT_JUDGMENT: Final = Node.COMBAT_JUDGMENT
_NODE_COMBAT_PAY: Final = Node.COMBAT_PAY
_NODE_COMBAT_RESOLVE: Final = Node.COMBAT_RESOLVE
_NODE_COMBAT_TARGET: Final = Node.COMBAT_TARGET
_NODE_PREP_PAY: Final = Node.PREP_PAY
_NODE_PREP_RESOLVE: Final = Node.PREP_RESOLVE
_NODE_PREP_TARGET: Final = Node.PREP_TARGET


class Pending(Value):
    """An effect being used: saved as ``[kind, source, effect, user, hand_left, target, timing]``."""

    __slots__ = ("kind", "source", "effect", "user", "hand_left", "target", "timing")
    NAMES = ("kind", "source", "effect", "user", "hand_left", "target", "timing")

    def __init__(
        self, kind: str, source: int, effect: int, user: int, hand_left: int, target: int, timing: str
    ) -> None:
        #: "use" (a party card's effect), "item" (the use of an equipped item), "quest" (a quest card)
        self.kind: Final = kind
        #: the card whose effect it is (for "item": the item card)
        self.source: Final = source
        #: index of the effect on the card
        self.effect: Final = effect
        self.user: Final = user
        #: cards of the hand cost still to discard (DQ-4.5)
        self.hand_left: Final = hand_left
        #: the chosen card, NO_TARGET or NOTHING
        self.target: Final = target
        #: where it resolves: "prep" (DQ-6.11, DQ-6.12), "start" (DQ-7.1) or "action" (DQ-7.2, DQ-7.8)
        self.timing: Final = timing

    def fields(self) -> tuple[Any, ...]:
        return (self.kind, self.source, self.effect, self.user, self.hand_left, self.target, self.timing)

    def paying(self, hand_left: int) -> Pending:
        """The same effect with ``hand_left`` cards of the hand cost still to pay (DQ-4.5)."""
        return Pending(self.kind, self.source, self.effect, self.user, hand_left, self.target, self.timing)

    def aimed(self, target: int) -> Pending:
        """The same effect aimed at ``target`` (chosen once the hand cost is paid)."""
        return Pending(self.kind, self.source, self.effect, self.user, self.hand_left, target, self.timing)


# -- what can be used -----------------------------------------------------------------------------
def effect_actions(s: DragonQuestState, p: int, timing: str, party: list[int] | None = None) -> list[A.Action]:
    """Effects of own party cards with this timing whose costs can be paid and that have a target
    (``party``: p's party in instance order, when the caller has it already)."""
    out: list[A.Action] = []
    if party is None:
        party = s.party(p)  # (a new list: sorted in place)
        party.sort()
    add_effect_actions(s, p, timing, party, out)
    return out


def add_effect_actions(s: DragonQuestState, p: int, timing: str, party: list[int], out: list[A.Action]) -> None:
    """``effect_actions`` appended to ``out`` (``party``: p's party in instance order)."""
    at = s.inst.uses.get(timing)  # per card: its effects with this timing, with their Use actions
    if at is None:
        return
    hand_size = len(s.zones[p * NZ + HAND])
    orient = s.orient
    for c in party:
        for close, hand, target, use in at[c]:
            if close and orient[c] != ACTIVE:  # DQ-4.6
                continue
            if hand > hand_size:  # DQ-4.5
                continue
            if target != "none" and not target_in(s, target, c, p):
                continue
            out.append(use)


def has_target(s: DragonQuestState, eff: Effect, src: int, user: int) -> bool:
    """``bool(targets_for(s, eff, src, user))`` without building the sorted list (asked for every effect listed)."""
    return target_in(s, eff.target, src, user)


def target_in(s: DragonQuestState, t: str, src: int, user: int) -> bool:
    """``has_target`` of an effect whose target is ``t``."""
    zones = s.zones
    if t == "self":
        return src in zones[user * NZ + FRONT] or src in zones[user * NZ + BACK]
    if t == "own":
        return bool(zones[user * NZ + FRONT] or zones[user * NZ + BACK])
    if t == "enemy":
        return bool(zones[(1 - user) * NZ + FRONT] or zones[(1 - user) * NZ + BACK])
    if t == "enemy_front":
        return bool(zones[(1 - user) * NZ + FRONT])
    return False


def targets_for(s: DragonQuestState, eff: Effect, src: int, user: int) -> list[int]:
    """The legal targets of effect ``eff`` from card ``src`` used by ``user``: itself, own or enemy party cards, as the
    effect's target says."""
    t = eff.target
    if t == "self":
        return [src] if src in s.party(user) else []
    if t == "own":
        return sorted(s.party(user))
    if t == "enemy":
        return sorted(s.party(s.opponent(user)))
    if t == "enemy_front":
        return sorted(s.front(s.opponent(user)))
    return []


def pending_effect(s: DragonQuestState) -> Effect:
    """The effect being resolved now (of the pending special effect, quest or item)."""
    pending = s.pending
    assert pending is not None
    card = s.inst.cards[pending.source]
    if pending.kind == "item":
        assert card.use is not None
        return card.use
    return card.effects[pending.effect]


def effect_targets(s: DragonQuestState) -> list[int]:
    """The legal targets of the pending effect."""
    pending = s.pending
    assert pending is not None
    carrier = s.carrier(pending.source) if pending.kind == "item" else pending.source
    return targets_for(s, pending_effect(s), carrier, pending.user)


def pay_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """The discard actions that pay a hand cost (DQ-4.5): one per card in player ``p``'s hand."""
    discard = s.inst.discards
    return tuple(discard[c] for c in sorted(s.hand(p)))


def target_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """The target actions of the pending effect, one per legal target."""
    target = s.inst.targets
    return tuple(target[c] for c in effect_targets(s))


# -- using them -----------------------------------------------------------------------------------------
#: the timings a party card's effect is used at, and the rule of each (DQ-6.11, DQ-7.1, DQ-7.2)
_USE_TIMINGS: Final = {"prep": "prep", "start": "start", "action": "action"}
_USE_RULES: Final = {"prep": "DQ-6.11", "start": "DQ-7.1", "action": "DQ-7.2"}


def use(s: DragonQuestState, a: A.Use) -> None:
    """Apply a card's special effect (DQ-6.11, DQ-7.2): pay its close cost (DQ-4.6), then its hand cost or target."""
    p = s.actor
    card, k = a.card, a.effect  # (each field read once: an action is a Python object, read by name)
    eff = s.inst.cards[card].effects[k]
    timing = _USE_TIMINGS[eff.timing]
    if eff.close:
        s.orient = reoriented(s.orient, card, CLOSED)  # DQ-4.6
    rule = _USE_RULES[timing]
    s._emit(_EV_USE, rule, p, card=card, effect=k, timing=eff.timing, close=eff.close, hand=eff.hand)
    s.pending = Pending("use", card, k, p, eff.hand, NO_TARGET, timing)
    continue_effect(s)


def use_item(s: DragonQuestState, a: A.UseItem) -> None:
    """Use an equipped item's effect: the character carrying it closes (DQ-4.6), then the effect resolves."""
    p = s.actor
    carrier = s.carrier(a.item)
    s.orient = reoriented(s.orient, carrier, CLOSED)  # DQ-4.6: the character carrying it
    s._emit(_EV_USE_ITEM, "DQ-7.2", p, card=carrier, item=a.item)
    s.pending = Pending("item", a.item, 0, p, 0, NO_TARGET, "action")
    continue_effect(s)


def quest(s: DragonQuestState, a: A.Quest) -> None:
    """DQ-6.12: at most one per turn; a new quest replaces a staying one."""
    p = s.actor
    card = s.inst.cards[a.card]
    s.quest_played = True
    s._touch_zone(p, HAND).remove(a.card)
    quests = s._touch_zone(p, QUEST)
    for old in [q for q in quests if s.inst.cards[q].stays]:
        quests.remove(old)
        s._touch_zone(p, DISCARD).append(old)
        s._emit(_EV_QUEST_LEAVES, "DQ-6.12", p, card=old)
    quests.append(a.card)
    s._emit(_EV_QUEST, "DQ-6.12", p, card=a.card, hand=card.hand_cost, stays=card.stays)
    s.pending = Pending("quest", a.card, 0, p, card.hand_cost, NO_TARGET, "prep")
    for c in sorted(s.party(p)):  # a staying quest that left took its HP aura with it
        damage.check_defeat(s, c)
    formation.repair_then(s, "quest")


def _waits_for_hand_cost(s: DragonQuestState, pending: Pending, prep: bool) -> bool:
    """The cards from hand the effect in use costs: True when its user is to choose them; else (no choice left)
    the whole hand pays and the effect goes on."""
    user = pending.user
    hand = s.hand(user)
    if len(hand) > pending.hand_left:
        pay_node = _NODE_PREP_PAY if prep else _NODE_COMBAT_PAY
        if s.node != pay_node:
            s._goto(pay_node)
        s.actor = user
        return True
    for c in list(hand):  # no choice left: the whole hand pays
        discard_from_hand(s, user, c)
    s.pending = pending.paying(0)
    return False


def continue_effect(s: DragonQuestState) -> None:
    """The next decision of the effect in use (hand cost, then target), or its resolution."""
    pending = s.pending
    assert pending is not None
    prep = pending.timing == "prep"
    user = pending.user
    if pending.hand_left > 0:
        if _waits_for_hand_cost(s, pending, prep):
            return
        pending = s.pending
        assert pending is not None
    eff = pending_effect(s)
    chosen = pending.target
    if chosen == NO_TARGET and eff.target != "none":
        cands = effect_targets(s)
        if len(cands) == 1:
            chosen = cands[0]
        elif len(cands) > 1:
            target_node = _NODE_PREP_TARGET if prep else _NODE_COMBAT_TARGET
            if s.node != target_node:
                s._goto(target_node)
            s.actor = user
            return
        else:
            chosen = NOTHING
        s.pending = pending.aimed(chosen)
    # (an effect's ops act on one target: once a damage op defeats it, the ops after it find no card,
    # so a formation repair after the whole effect is the same as one right after the defeat, DQ-5.5)
    timing, src = pending.timing, pending.source
    if timing == "prep":
        s._goto(_NODE_PREP_RESOLVE)
        resolve(s, eff, user, chosen, src)
        s.pending = None
        if damage.check_loss(s):
            return
        formation.repair_then(s, "prep")
    elif timing == "start":
        s._goto(_NODE_COMBAT_RESOLVE)
        resolve(s, eff, user, chosen, src)
        s.pending = None
        if damage.check_loss(s):
            return
        formation.repair_then(s, "start", user)
    else:
        s._goto(_NODE_COMBAT_JUDGMENT)
        resolve(s, eff, user, chosen, src)
        s.pending = None
        if damage.check_loss(s):
            return
        battle.begin_end_step(s)


def discard_from_hand(s: DragonQuestState, p: int, c: int) -> None:
    """Move card ``c`` from player ``p``'s hand to the discard pile, as a hand cost (DQ-4.5)."""
    s._touch_zone(p, HAND).remove(c)
    s._touch_zone(p, DISCARD).append(c)
    s._emit(_EV_DISCARD, "DQ-4.5", p, card=c)


def pay_discard(s: DragonQuestState, a: A.Discard) -> None:
    """DQ-4.5: one card of the hand cost."""
    pending = s.pending
    assert pending is not None
    discard_from_hand(s, pending.user, a.card)
    s.pending = pending.paying(pending.hand_left - 1)
    continue_effect(s)


def target(s: DragonQuestState, a: A.Target) -> None:
    """A chosen card: an effect's target, the attacker's pick of a defender (DQ-7.5) or where confusion
    damage goes (DQ-6.14)."""
    node = s.node
    if node in TARGET_STEPS:
        assert s.pending is not None
        s.pending = s.pending.aimed(a.card)
        continue_effect(s)
    elif node == _NODE_COMBAT_FALLBACK:
        battle.fix_defender(s, a.card, chosen_by="attacker")
    else:  # end.confusion
        turn.confusion_damage(s, a.card)


# -- resolution: the small primitive vocabulary of cards.py ---------------------------------------------
_RULE: Final = {"prep": "DQ-6.11", "quest": "DQ-6.12", "start": "DQ-7.1", "action": "DQ-7.8", "item": "DQ-7.8"}


def resolve(s: DragonQuestState, eff: Effect, user: int, target: int, src: int) -> None:
    """Apply an effect's ops in order."""
    rule = _RULE[eff.timing]
    for op, n in eff.ops:
        if op == "gain_gp":
            s.gp = replaced(s.gp, user, s.gp[user] + n)
            s._emit(_EV_GAIN_GP, rule, user, n=n, source=src)
        elif op == "draw":
            took = damage.take(s, user, n, HAND)
            s._emit(_EV_EFFECT_DRAW, rule, user, secret=user, n=n, cards=took, source=src)
            if s.losers:
                return
        else:
            if target < 0 or not s.on_field(target):
                continue
            card_op(s, op, n, target, rule, user, src)
            if s.losers:
                return


def card_op(s: DragonQuestState, op: str, n: int, c: int, rule: str, user: int, src: int) -> None:
    """Apply one operation of an effect (damage, heal, poison, confuse, close, restore ...) to card ``c``, citing
    ``rule``."""
    owner = s.inst.owner[c]
    if op == "damage":
        damage.deal(s, c, n, rule, source=src)
    elif op == "heal":
        k = damage.remove_damage(s, c, n)
        s._emit(_EV_EFFECT_HEAL, rule, user, card=c, n=k, source=src)
    elif op == "cure":
        s.poisoned = s.poisoned - {c}
        if s.orient[c] == CONFUSED:
            s.orient = reoriented(s.orient, c, CLOSED)
        s._emit(_EV_CURE, rule, user, card=c, source=src)
    elif op == "poison":
        s.poisoned = s.poisoned | {c}
        s._emit(_EV_POISON, "DQ-4.2", user, card=c, source=src)
    elif op == "confuse":
        s.orient = reoriented(s.orient, c, CONFUSED)
        s._emit(_EV_CONFUSE, "DQ-4.1", user, card=c, source=src)
    elif op == "close":
        if s.orient[c] == ACTIVE:
            s.orient = reoriented(s.orient, c, CLOSED)
        s._emit(_EV_CLOSE, "DQ-4.1", user, card=c, source=src, owner=owner)
    elif op == "activate":
        if s.orient[c] == CLOSED:
            s.orient = reoriented(s.orient, c, ACTIVE)
        s._emit(_EV_ACTIVATE, "DQ-4.1", user, card=c, source=src, owner=owner)
