"""The battle phase and its combat steps (DQ-6.13, DQ-7): start step, action step, defender, counterattack,
judgment and end step. The attack arithmetic itself is the pure function ``combat.resolve_fight``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from . import actions as A
from . import damage, effects, formation, turn
from .combat import UNDECIDED, Combat, Fighter, record_blow, resolve_fight
from .ids import ACTIVE, BACK, CLOSED, FRONT, NZ, Ev, Node, reoriented

if TYPE_CHECKING:
    from .state import DragonQuestState


# members of the Node and Ev enums read in the functions below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_ATTACK: Final = Ev.ATTACK
_EV_BATTLE: Final = Ev.BATTLE
_EV_BATTLE_OVER: Final = Ev.BATTLE_OVER
_EV_BLOCK: Final = Ev.BLOCK
_EV_CONTINUE: Final = Ev.CONTINUE
_EV_COUNTER: Final = Ev.COUNTER
_EV_DEFENDER: Final = Ev.DEFENDER
_EV_FIGHT: Final = Ev.FIGHT
_EV_NO_BLOCK: Final = Ev.NO_BLOCK
_EV_NO_BLOCKER: Final = Ev.NO_BLOCKER
_EV_NO_COUNTER: Final = Ev.NO_COUNTER
_EV_PASS: Final = Ev.PASS
_EV_PASS_ACTION: Final = Ev.PASS_ACTION
_EV_SKIP_BATTLE: Final = Ev.SKIP_BATTLE
_NODE_COMBAT_ACTION: Final = Node.COMBAT_ACTION
_NODE_COMBAT_COUNTER: Final = Node.COMBAT_COUNTER
_NODE_COMBAT_DEFEND: Final = Node.COMBAT_DEFEND
_NODE_COMBAT_END_STEP: Final = Node.COMBAT_END_STEP
_NODE_COMBAT_FALLBACK: Final = Node.COMBAT_FALLBACK
_NODE_COMBAT_JUDGMENT: Final = Node.COMBAT_JUDGMENT
_NODE_COMBAT_START: Final = Node.COMBAT_START
_NODE_END: Final = Node.END
# the actions and action classes read below, bound once (a static when compiled, not a lookup in the module A)
_PASS: Final = A.PASS
_NO_BLOCK: Final = A.NO_BLOCK
_CONTINUE_OR_END: Final = (A.CONTINUE, A.END_BATTLE)
_SKIP: Final = A.Skip
_BLOCK: Final = A.Block
_COUNTER: Final = A.Counter
_CONTINUE: Final = A.Continue


# -- legal actions ------------------------------------------------------------------------------------------
def battle_actions(s: DragonQuestState, p: int) -> list[A.Action]:
    """DQ-7.2: the battle actions other than Pass."""
    out: list[A.Action] = []
    inst = s.inst
    zones, orient = s.zones, s.orient
    front, back = zones[p * NZ + FRONT], zones[p * NZ + BACK]
    if zones[s.opponent(p) * NZ + FRONT]:  # DQ-7.6
        attack = inst.attacks
        for c in sorted(front):
            if orient[c] == ACTIVE:
                out.append(attack[c])
    party = front + back
    party.sort()
    effects.add_effect_actions(s, p, "action", party, out)
    slots = 2 * NZ + inst.n  # the item slot of card c is zones[slots + c] (``s.item_of(c)``)
    for c in party:
        z = zones[slots + c]
        if z and orient[c] == ACTIVE:
            item = z[0]
            use = inst.cards[item].use
            if use is not None and (use.target == "none" or effects.has_target(s, use, c, p)):
                out.append(inst.item_uses[item])
    return out


def start_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """DQ-7.1: start effects, or pass."""
    out = effects.effect_actions(s, p, "start")
    out.append(_PASS)
    return tuple(out)


def action_step_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """The legal actions of the action step (DQ-7.2): every battle action of player ``p`` and passing."""
    out = battle_actions(s, p)
    out.append(_PASS)
    return tuple(out)


def defend_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """DQ-7.4: an active front-row card defends, or none does."""
    block = s.inst.blocks
    return tuple(block[c] for c in sorted(s.front(p)) if s.orient[c] == ACTIVE) + (_NO_BLOCK,)


def fallback_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """DQ-7.5: the attacker picks any card of the defender's front row."""
    target = s.inst.targets
    return tuple(target[c] for c in sorted(s.front(s.opponent(p))))


def end_step_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """DQ-7.9: formation maintenance first (DQ-5.4), then continue or end the battle."""
    if s.queue:
        return formation.repair_actions(s, p)
    return _CONTINUE_OR_END


# -- the battle phase and the start step (DQ-6.13, DQ-7.1) --------------------------------------------------
def fight(s: DragonQuestState, a: A.Action) -> None:
    """Apply the battle-phase choice (DQ-6.13): enter combat, or skip the battle and end the turn."""
    p = s.turn_player
    if isinstance(a, _SKIP):
        s._emit(_EV_SKIP_BATTLE, "DQ-6.13", p)
        s._goto(_NODE_END)
        turn.end_of_turn(s)
        return
    s._emit(_EV_FIGHT, "DQ-6.13", p)
    s._goto(_NODE_COMBAT_START)
    s.passes = 0
    s.actor = p  # DQ-7.1: the attacker first


def pass_(s: DragonQuestState, a: A.Action) -> None:
    """Apply a pass in a combat step (DQ-7.1): two passes in a row end the start step."""
    p = s.actor
    if s.node == _NODE_COMBAT_START:
        s.passes += 1
        s._emit(_EV_PASS, "DQ-7.1", p, passes=s.passes)
        if s.passes >= 2:
            s._goto(_NODE_COMBAT_ACTION)
            s.actor = s.turn_player
        else:
            s.actor = s.opponent(p)
    else:  # action step: no battle action, the battle phase ends
        s._emit(_EV_PASS_ACTION, "DQ-7.2", p)
        s.combat = None
        s._goto(_NODE_END)
        turn.end_of_turn(s)


# -- an attack (DQ-7.3 - DQ-7.7) -------------------------------------------------------------------------------
def attack(s: DragonQuestState, a: A.Attack) -> None:
    """Apply an attack (DQ-7.3): the attacker closes, then the defender chooses a blocker (DQ-7.4) or the attacker
    chooses the target (DQ-7.5)."""
    p = s.actor
    d = s.opponent(p)
    s.orient = reoriented(s.orient, a.card, CLOSED)  # DQ-7.3
    s._emit(_EV_ATTACK, "DQ-7.3", p, card=a.card)
    s.combat = combat_of(s, a.card)
    orient = s.orient
    for c in s.front(d):
        if orient[c] == ACTIVE:  # a card that can defend (DQ-7.4)
            s._goto(_NODE_COMBAT_DEFEND)
            s.actor = d
            return
    s._emit(_EV_NO_BLOCKER, "DQ-7.5", d)
    fallback(s)


def combat_of(s: DragonQuestState, attacker: int, defender: int = UNDECIDED, counter: int = UNDECIDED) -> Combat:
    """``Combat(attacker, defender, counter)``, interned per set of card instances (``Instances.combats``): a frozen
    value made once, not at every step of every attack."""
    inst = s.inst
    key = ((attacker * (inst.n + 1)) + defender + 1) * 3 + counter + 1  # (defender and counter start at -1)
    combat = inst.combats.get(key)
    if combat is None:
        combat = inst.combats[key] = Combat(attacker, defender, counter)
    return combat


def fallback(s: DragonQuestState) -> None:
    """DQ-7.5: no defending card chosen; the attacker picks one (no choice with a single front-row card)."""
    s._goto(_NODE_COMBAT_FALLBACK)
    d = s.opponent(s.turn_player)
    cands = s.front(d)
    if len(cands) == 1:
        fix_defender(s, cands[0], chosen_by="attacker")
    else:
        s.actor = s.turn_player


def block(s: DragonQuestState, a: A.Action) -> None:
    """Apply the defender's choice (DQ-7.4): a blocker, or none, and the attacker then chooses (DQ-7.5)."""
    if not isinstance(a, _BLOCK):
        s._emit(_EV_NO_BLOCK, "DQ-7.5", s.actor)
        fallback(s)
        return
    assert s.combat is not None
    s._emit(_EV_BLOCK, "DQ-7.4", s.actor, card=a.card)
    s._goto(_NODE_COMBAT_COUNTER)
    s.combat = combat_of(s, s.combat.attacker, a.card)
    s.actor = s.opponent(s.turn_player)


def fix_defender(s: DragonQuestState, card: int, chosen_by: str) -> None:
    """Fix the defending card (DQ-7.5); an active one lets its owner decide on a counterattack next (DQ-7.7)."""
    assert s.combat is not None
    s.combat = combat_of(s, s.combat.attacker, card)
    s._emit(_EV_DEFENDER, "DQ-7.5", s.turn_player, card=card)
    if s.orient[card] == ACTIVE:
        s._goto(_NODE_COMBAT_COUNTER)
        s.actor = s.opponent(s.turn_player)
    else:  # DQ-7.7: a card that is not active cannot counterattack
        s.combat = combat_of(s, s.combat.attacker, card, 0)
        judgment(s)


def counter(s: DragonQuestState, a: A.Action) -> None:
    """Apply the counterattack decision (DQ-7.7): a counterattacker closes; the fight is judged (DQ-7.8)."""
    yes = isinstance(a, _COUNTER)
    assert s.combat is not None
    att, dfn = s.combat.attacker, s.combat.defender
    if yes:
        s.orient = reoriented(s.orient, dfn, CLOSED)  # DQ-7.7
    s._emit(_EV_COUNTER if yes else _EV_NO_COUNTER, "DQ-7.7", s.actor, card=dfn)
    s.combat = combat_of(s, att, dfn, 1 if yes else 0)
    judgment(s)


# -- judgment (DQ-7.8, DQ-8) --------------------------------------------------------------------------------------
def judgment(s: DragonQuestState) -> None:
    """DQ-7.8: battle damage in speed order; a first-strike defeat prevents the return blow.

    ``combat.resolve_fight`` decides the blows; this applies them (DQ-8.1 - DQ-8.3) and records the
    arithmetic in the ``battle`` event and ``last_combat`` (for the combat explanation).
    """
    s._goto(_NODE_COMBAT_JUDGMENT)
    assert s.combat is not None
    att, dfn, counter = s.combat.attacker, s.combat.defender, s.combat.counter
    a_mod, d_mod = s.modifiers(att, "attack"), s.modifiers(dfn, "attack")
    a_spd, d_spd = s.modifiers(att, "speed"), s.modifiers(dfn, "speed")
    a_hp, d_hp = s.hp_of(att), s.hp_of(dfn)
    a_dmg, d_dmg = s.damage(att), s.damage(dfn)
    result = resolve_fight(
        Fighter(att, a_mod["total"], a_spd["total"], a_hp, a_dmg, len(s.deck(s.inst.owner[att]))),
        Fighter(dfn, d_mod["total"], d_spd["total"], d_hp, d_dmg, len(s.deck(s.inst.owner[dfn]))),
        bool(counter),
        empty_loses=s.opt.empty_loses,
    )
    gp_before = s.gp
    for blow in result.blows:
        damage.deal(s, blow.target, blow.damage, "DQ-7.8", source=blow.source, check=False)
        if blow.defeats and not result.simultaneous:
            damage.defeat(s, blow.target)
    if result.simultaneous:  # both blows landed in the same instruction: then both cards are checked
        for c in result.defeated:
            damage.defeat(s, c)
    exp = [s.experience(i) for i in range(2)]
    info: dict[str, Any] = {
        "attacker": att,
        "defender": dfn,
        "counter": result.counter,
        "order": result.order,
        "attack": {"attacker": a_mod, "defender": d_mod},
        "speed": {"attacker": a_spd, "defender": d_spd},
        "hp": {"attacker": a_hp, "defender": d_hp},
        "damage_before": {"attacker": a_dmg, "defender": d_dmg},
        "blows": [record_blow(b) for b in result.blows],
        "prevented": result.prevented,
        "defeated": list(result.defeated),
        "gp_gained": [s.gp[i] - gp_before[i] for i in range(2)],
        "exp": exp,
        "level": list(s.level),  # DQ-9.4: levels change only at each player's own reset
        "next_level": [1 + e // 5 for e in exp],
        "lost": sorted(s.losers),
    }
    s.last_combat = BattleRecord(info)  # (frozen when first read: ``freeze_battle``)
    s._emit_data(_EV_BATTLE, "DQ-7.8", s.turn_player, info)
    s.combat = None
    if damage.check_loss(s):
        return
    begin_end_step(s)


def _freeze(value: Any) -> Any:
    """The record as an immutable scalar: dicts become tuples of (key, value) pairs, lists tuples
    (one call per container: the values that are neither are kept as they are without a call)."""
    if isinstance(value, dict):
        return tuple([(k, _freeze(v) if isinstance(v, (dict, list)) else v) for k, v in value.items()])
    if isinstance(value, list):
        return tuple([_freeze(v) if isinstance(v, (dict, list)) else v for v in value])
    return value


def freeze_battle(info: dict[str, Any]) -> tuple[Any, ...]:
    """``_freeze(info)`` of a ``battle`` record as ``judgment`` makes it, without the recursion (it runs at every
    attack). It relies on the record's shape: its dicts hold numbers or dicts of numbers, its lists hold numbers,
    except ``blows``, a list of dicts of numbers (``tests/test_DQ_policy_speed.py`` compares it with ``_freeze``
    on the records of whole games: a new kind of field in the record must keep to that shape or come here)."""
    out: list[tuple[str, Any]] = []
    for k, v in info.items():
        if isinstance(v, dict):
            out.append((k, tuple([(k2, tuple(v2.items()) if isinstance(v2, dict) else v2) for k2, v2 in v.items()])))
        elif isinstance(v, list):
            if k == "blows":
                out.append((k, tuple([tuple(b.items()) for b in v])))
            else:
                out.append((k, tuple(v)))
        else:
            out.append((k, v))
    return tuple(out)


class BattleRecord:
    """``state.last_combat`` as ``judgment`` keeps it: the ``battle`` event's data (which nothing changes once it is
    emitted), frozen by ``freeze_battle`` when first read (``DragonQuestState.last_combat``) and kept so. A battle
    makes no ~50 tuples that live to the end of the game, most of them never read."""

    __slots__ = ("info", "_frozen")

    def __init__(self, info: dict[str, Any]) -> None:
        self.info: Final = info
        self._frozen: tuple[Any, ...] | None = None

    def frozen(self) -> tuple[Any, ...]:
        """The battle's facts as a hashable tuple (made once), for the repeat check and the position key."""
        frozen = self._frozen
        if frozen is None:
            frozen = self._frozen = freeze_battle(self.info)
        return frozen

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BattleRecord) and self.frozen() == other.frozen()

    def __hash__(self) -> int:
        return hash(self.frozen())

    def __repr__(self) -> str:
        return repr(self.frozen())


# -- end step (DQ-7.9) -------------------------------------------------------------------------------------------
def begin_end_step(s: DragonQuestState) -> None:
    """DQ-7.9: formation maintenance for both (attacker first), then continue or end."""
    s._goto(_NODE_COMBAT_END_STEP)
    tp = s.turn_player
    s.queue = tuple(p for p in (tp, s.opponent(tp)) if not s.formation_fine(p))
    maintain(s)


def maintain(s: DragonQuestState) -> None:
    """Formation maintenance (DQ-5.4) for the players queued: each in turn whose front row does not outnumber the back
    row moves cards forward, choosing which when there is a choice."""
    while s.queue:
        p = s.queue[0]
        if s.formation_fine(p):
            s.queue = s.queue[1:]
            continue
        back = s.back(p)
        if len(back) == 1:
            formation.advance_card(s, p, back[0])
            continue
        s.actor = p
        return
    tp = s.turn_player
    if battle_actions(s, tp):
        s.actor = tp
        return
    s._emit(_EV_BATTLE_OVER, "DQ-7.9", tp, reason="no_action")
    s._goto(_NODE_END)
    turn.end_of_turn(s)


def continue_(s: DragonQuestState, a: A.Action) -> None:
    """Apply the turn player's choice after a fight (DQ-7.9): attack again from the action step, or end the battle."""
    tp = s.turn_player
    if isinstance(a, _CONTINUE):
        s._emit(_EV_CONTINUE, "DQ-7.9", tp)
        s._goto(_NODE_COMBAT_ACTION)
        s.actor = tp
    else:
        s._emit(_EV_BATTLE_OVER, "DQ-7.9", tp, reason="chosen")
        s._goto(_NODE_END)
        turn.end_of_turn(s)
