"""The preparation phase (DQ-6.4 - DQ-6.12): recruit, treat, heal, restore, equip, formation changes
(within DQ-5), effects and a quest, then end the phase. Effects and quests are in ``effects``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.frames import frame_scalars, frame_zones
from . import actions as A
from . import damage, effects, formation
from .ids import (
    ACTIVE,
    BACK,
    CHAR,
    CLOSED,
    CONFUSED,
    DECK,
    DISCARD,
    EXP,
    FRONT,
    HAND,
    ITEM,
    MONSTER,
    NZ,
    ORIENT_NAMES,
    QUEST,
    QUESTCARD,
    ROW_MAX,
    Ev,
    Node,
    reoriented,
    replaced,
)

if TYPE_CHECKING:
    from .state import DragonQuestState


# members of the Node and Ev enums read in the functions below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_END_PREP: Final = Ev.END_PREP
_EV_EQUIP: Final = Ev.EQUIP
_EV_HEAL: Final = Ev.HEAL
_EV_MOVE: Final = Ev.MOVE
_EV_RECRUIT: Final = Ev.RECRUIT
_EV_RESTORE: Final = Ev.RESTORE
_EV_SWAP: Final = Ev.SWAP
_EV_TREAT: Final = Ev.TREAT
_NODE_BATTLE: Final = Node.BATTLE
_NODE_PREP: Final = Node.PREP
_END_PREP: Final = A.END_PREP  # (a static when compiled, not a lookup in the module A)


# -- legal actions (hot path: listed at every preparation decision) ---------------------------------
# (the helpers below append to one list and read the hand and the party in place: a preparation decision makes
# no list beyond the sorted hand, the sorted party and the list of actions, so the compiled build allocates little)
def prep_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """DQ-6.4: every preparation action the turn player can take now, then End (in this order: recruits,
    treat, heal, restore, equips, formation changes, effects, quests)."""
    zones = s.zones
    hand = sorted(zones[p * NZ + HAND])
    front, back = zones[p * NZ + FRONT], zones[p * NZ + BACK]
    party = front + back
    party.sort()
    nf, nb = len(front), len(back)
    gp = s.gp[p]
    if nf > ROW_MAX or nb > ROW_MAX:  # (never in play: DQ-5.1 keeps rows at 3)
        rows = tuple(s.row_change_ok(nf, nb, f2, b2) for f2 in range(nf - 1, nf + 2) for b2 in range(nb - 1, nb + 2))
        k = 4  # the index of (nf, nb) in this 3 x 3 table
        step = 3
    else:
        rows = s._rows
        k = (nf * 5 + nb) * 25 + nf * 5 + nb  # the index of (nf, nb, nf, nb) in rows
        step = 5
    out: list[A.Action] = []
    #: option repeat_limit (DQ-6.4): once the position has come back that often in this step, the actions
    #: that can bring a position back (restore, formation changes, effects) are no longer listed
    unbounded = s._repeat_limit == 0 or phase_repeats(s) < s._repeat_limit
    can_recruit = nf + nb < s._party_max
    to_front = can_recruit and rows[k + step]  # (nf + 1, nb)
    to_back = can_recruit and rows[k + 1]  # (nf, nb + 1)
    # one pass over the hand: recruits (DQ-6.5) go out now; it tells whether items and quests wait in it
    waiting = _recruits(s, hand, gp, to_front, to_back, out)
    _care(s, gp, party, out, unbounded)
    if waiting & _ITEMS:
        _equips(s, gp, hand, party, out)
    if unbounded:
        # a front card to the back row leaves (nf - 1, nb + 1), a back card to the front (nf + 1, nb - 1)
        _formation_changes(s, front, back, out, nf > 0 and rows[k - step + 1], nb > 0 and rows[k + step - 1])
        effects.add_effect_actions(s, p, "prep", party, out)  # DQ-6.11
    if waiting & _QUESTS and not s.quest_played:  # DQ-6.12
        _quests(s, p, hand, out)
    out.append(_END_PREP)
    return tuple(out)


#: what ``_recruits`` found waiting in the hand besides recruits: an item that can be paid for, a quest
_ITEMS: Final = 1
_QUESTS: Final = 2


def _recruits(s: DragonQuestState, hand: list[int], gp: int, to_front: bool, to_back: bool, out: list[A.Action]) -> int:
    """One pass over the hand (in hand order): the recruits (DQ-6.5) go to ``out`` (``to_front`` / ``to_back``:
    whether the formation a recruit to that row leaves is legal); returns ``_ITEMS`` | ``_QUESTS`` for an item
    that can be paid for and a quest card in the hand (their actions come later in the list)."""
    inst = s.inst
    kind, cost = inst.kind, inst.cost
    free = s.recruits == 0
    front_act, back_act = inst.to_front, inst.to_back
    waiting = 0
    for c in hand:
        kc = kind[c]
        if kc <= MONSTER:
            if (to_front or to_back) and (free or cost[c] <= gp):
                if to_front:
                    out.append(front_act[c])
                if to_back:
                    out.append(back_act[c])
        elif kc == ITEM:
            if cost[c] <= gp:
                waiting |= _ITEMS
        elif kc == QUESTCARD:
            waiting |= _QUESTS
    return waiting


def _care(s: DragonQuestState, gp: int, party: list[int], out: list[A.Action], unbounded: bool) -> None:
    """DQ-6.6 treat a card with an ailment, DQ-6.7 heal a normal damaged card, DQ-6.8 restore a closed card,
    each paying the card's COST (no restore once ``unbounded`` is false: option repeat_limit, DQ-6.4): the
    treats first, then the heals, then the restores, each in party order."""
    inst = s.inst
    cost = inst.cost
    orient, poisoned = s.orient, s.poisoned
    zones, dmg = s.zones, 2 * NZ  # the damage zone of card c is zones[2 * NZ + c] (``s.damage(c)``)
    heals = closed = False
    for c in party:
        if cost[c] > gp:
            continue
        o = orient[c]
        if o == CONFUSED or (poisoned and c in poisoned):  # not normal (DQ-4.2): treats go out first
            out.append(inst.treats[c])
        elif zones[dmg + c]:
            heals = True
        if o == CLOSED:
            closed = True
    if heals:
        heal = inst.heals
        for c in party:
            if cost[c] <= gp and orient[c] != CONFUSED and not (poisoned and c in poisoned) and zones[dmg + c]:
                out.append(heal[c])
    if closed and unbounded:
        restore = inst.restores
        for c in party:
            if cost[c] <= gp and orient[c] == CLOSED:
                out.append(restore[c])


def _equips(s: DragonQuestState, gp: int, hand: list[int], party: list[int], out: list[A.Action]) -> None:
    """DQ-6.9: an affordable item from hand (in hand order) onto an own character of a matching type."""
    inst = s.inst
    kind, equip, cost = inst.kind, inst.equip, inst.cost
    cache = s._equip_cache  # (equip_action, inlined: one lookup per pair)
    n = inst.n
    for i in hand:
        if kind[i] != ITEM or cost[i] > gp:
            continue
        types = equip[i]
        for c in party:
            if kind[c] == CHAR and not types.isdisjoint(equip[c]):
                a = cache.get(i * n + c)
                out.append(a if a is not None else equip_action(s, i, c))


def _formation_changes(
    s: DragonQuestState, front: list[int], back: list[int], out: list[A.Action], to_back: bool, to_front: bool
) -> None:
    """DQ-6.10: an active card moves to the other row, or an active front and back card swap (within DQ-5).
    ``to_back`` / ``to_front``: whether the formation that a move of a front card to the back row / of a back
    card to the front row leaves is legal (it depends on the direction only, not on the card)."""
    orient = s.orient
    active_front = [c for c in front if not orient[c]] if front else front  # (ACTIVE == 0)
    if not active_front and not to_front:
        return  # no swap, and no back card may move
    active_back = [c for c in back if not orient[c]] if back else back
    if not active_back and not to_back:
        return  # no swap, and no front card may move
    if len(active_front) > 1:
        active_front.sort()
    if len(active_back) > 1:
        active_back.sort()
    move = s.inst.moves
    if active_front and to_back:
        for c in active_front:
            out.append(move[c])
    if active_back:
        if to_front:
            for c in active_back:
                out.append(move[c])
        if active_front:
            _swaps(s, active_front, active_back, out)


def _swaps(s: DragonQuestState, active_front: list[int], active_back: list[int], out: list[A.Action]) -> None:
    """DQ-6.10: every swap of an active front card with an active back card, front card by front card."""
    cache = s._swap_cache  # (swap_action, inlined: one lookup per pair)
    n = s.inst.n
    for a in active_front:
        for b in active_back:
            swap = cache.get(a * n + b)
            out.append(swap if swap is not None else swap_action(s, a, b))


def _quests(s: DragonQuestState, p: int, hand: list[int], out: list[A.Action]) -> None:
    """DQ-6.12: a quest card in hand (in hand order) whose hand cost can be paid (by the other cards) and that
    has a target."""
    inst = s.inst
    kind, quest = inst.kind, inst.quests
    for c in hand:
        if kind[c] != QUESTCARD:
            continue
        eff = inst.cards[c].effects[0]
        if len(hand) - 1 >= eff.hand and (eff.target == "none" or effects.has_target(s, eff, c, p)):
            out.append(quest[c])


def equip_action(s: DragonQuestState, item: int, card: int) -> A.Equip:
    """The interned Equip action (legal lists reuse the same objects, see ``Instances.act``)."""
    cache = s._equip_cache
    key = item * s.inst.n + card  # (a number, not a pair: no tuple made to look it up)
    a = cache.get(key)
    if a is None:
        a = cache[key] = A.Equip(item, card)
    return a


def swap_action(s: DragonQuestState, a: int, b: int) -> A.Swap:
    """The ``Swap`` of front-row card ``a`` and back-row card ``b`` (DQ-6.10), made once per state and reused."""
    cache = s._swap_cache
    key = a * s.inst.n + b
    sw = cache.get(key)
    if sw is None:
        sw = cache[key] = A.Swap(a, b)
    return sw


# -- carrying them out ----------------------------------------------------------------------------------
def recruit(s: DragonQuestState, a: A.Recruit) -> None:
    """DQ-6.5: active if its level is at most the player's, else closed."""
    p = s.actor
    c, row = a.card, a.row
    cost = 0 if s.recruits == 0 else s.inst.cost[c]
    s.gp = replaced(s.gp, p, s.gp[p] - cost)
    s.recruits += 1
    s._touch_zone(p, HAND).remove(c)
    s._touch_zone(p, FRONT if row == "front" else BACK).append(c)
    state = ACTIVE if s.inst.level[c] <= s.level[p] else CLOSED
    s.orient = reoriented(s.orient, c, state)
    s._emit(_EV_RECRUIT, "DQ-6.5", p, card=c, row=row, cost=cost, state=ORIENT_NAMES[state])


def pay(s: DragonQuestState, p: int, gp: int) -> None:
    """DQ-4.4: pay a GP cost."""
    s.gp = replaced(s.gp, p, s.gp[p] - gp)


def treat(s: DragonQuestState, a: A.Treat) -> None:
    """Apply Treat (DQ-6.6): pay the card's COST in GP and remove poison and confusion."""
    p, c = s.actor, a.card
    pay(s, p, s.inst.cost[c])
    s.poisoned = s.poisoned - {c}
    if s.orient[c] == CONFUSED:
        s.orient = reoriented(s.orient, c, CLOSED)  # DQ-6.6: upright but sideways, not activated
    s._emit(_EV_TREAT, "DQ-6.6", p, card=c, cost=s.inst.cost[c])


def heal(s: DragonQuestState, a: A.Heal) -> None:
    """Apply Heal (DQ-6.7): pay the card's COST in GP and remove all its damage."""
    p, c = s.actor, a.card
    pay(s, p, s.inst.cost[c])
    n = damage.remove_damage(s, c, None)
    s._emit(_EV_HEAL, "DQ-6.7", p, card=c, cost=s.inst.cost[c], removed=n)


def restore(s: DragonQuestState, a: A.Restore) -> None:
    """Apply Restore (DQ-6.8): pay the card's COST in GP and make the closed card active."""
    p, c = s.actor, a.card
    pay(s, p, s.inst.cost[c])
    s.orient = reoriented(s.orient, c, ACTIVE)
    s._emit(_EV_RESTORE, "DQ-6.8", p, card=c, cost=s.inst.cost[c])


def equip(s: DragonQuestState, a: A.Equip) -> None:
    """DQ-6.9: an item already carried goes to the discard pile."""
    p = s.actor
    item, card = a.item, a.card
    cost = s.inst.cost[item]
    pay(s, p, cost)
    slot = s._touch_item(card)
    old = slot[0] if slot else None
    if old is not None:
        slot.clear()
        s._touch_zone(p, DISCARD).append(old)
    s._touch_zone(p, HAND).remove(item)
    slot.append(item)
    s._emit(_EV_EQUIP, "DQ-6.9", p, card=card, item=item, old=old, cost=cost)
    damage.check_defeat(s, card)  # a new item may give less HP than the damage on the card
    formation.repair_then(s, "prep")


def move(s: DragonQuestState, a: A.Move) -> None:
    """Apply a formation change (DQ-6.10): move one card between the front and the back row."""
    p, c = s.actor, a.card
    if c in s.front(p):
        s._touch_zone(p, FRONT).remove(c)
        s._touch_zone(p, BACK).append(c)
        to = "back"
    else:
        s._touch_zone(p, BACK).remove(c)
        s._touch_zone(p, FRONT).append(c)
        to = "front"
    s._emit(_EV_MOVE, "DQ-6.10", p, card=c, row=to)


def swap(s: DragonQuestState, a: A.Swap) -> None:
    """Apply a formation change (DQ-6.10): a front-row card and a back-row card trade places."""
    p = s.actor
    card, other = a.front, a.back  # (each field read once: an action is a Python object, read by name)
    front, back = s._touch_zone(p, FRONT), s._touch_zone(p, BACK)
    front[front.index(card)] = other
    back[back.index(other)] = card
    s._emit(_EV_SWAP, "DQ-6.10", p, card=card, other=other)


def end_prep(s: DragonQuestState, a: A.Action) -> None:
    """End the preparation phase (DQ-6.4); the battle phase follows (DQ-6.13)."""
    s._emit(_EV_END_PREP, "DQ-6.4", s.actor)
    s._goto(_NODE_BATTLE)


# -- repeated positions (option repeat_limit, DQ-6.4) ----------------------------------------------------
# A position of the preparation step, for this reading, is what every player can see of the game when the turn
# player is to choose a preparation action: per player the number of cards in the deck, the hand, the discard
# pile and the experience box, the quest cards in play, which cards are in the front row and which in the back
# row (a row is a set: its order is no rule), and for each party card its state (active, closed, confused),
# whether it is poisoned, how many damage cards lie on it and the item it carries. GP is not part of it, so a
# loop that only gains or spends GP ("use Traveling Merchant: close it, gain 1 GP", "restore it: pay 1 GP")
# comes back to the same position. Within one preparation step the hidden zones only ever shrink (deck) or
# grow (discard pile, experience box), and a hand grows only by a draw from the deck, so their sizes tell
# them apart exactly; and because the key reads no hidden card, a player's view and a dealt sample of it
# (``core.determinize``) have the same key as the real state.


class PrepLog:
    """One arrival at a preparation decision: a link of a chain, newest first (shared by clones and views).
    ``at`` is the length of the history at that moment: an entry whose ``at`` is past the history was undone
    (or interrupted) and is skipped (``phase_log``), so undo, clone, view and a replayed saved state all see
    the chain that their history made.

    The position itself is worked out only when it is asked for (``settled``): ``seen`` is None until then,
    and a step of play that nobody asks about (random play, a search without views) never builds a key. It
    is worked out from the undo frames (the zones and card states as they were at ``at``), so it is the same
    whenever it is done; a view settles the chain first (it has no frames), see ``settle``."""

    __slots__ = ("at", "turn", "seen", "repeats", "prev")

    def __init__(
        self, at: int, turn: int, seen: tuple[tuple[int, ...], ...] | None, repeats: int, prev: PrepLog | None
    ) -> None:
        self.at = at
        self.turn = turn
        #: the distinct positions of this preparation step, in the order they first came up (None: not settled)
        self.seen = seen
        #: how many arrivals of this step came back to a position already seen in it (set with ``seen``)
        self.repeats = repeats
        self.prev = prev


def position_key(s: DragonQuestState) -> tuple[int, ...]:
    """The position of the preparation step (see above), as one flat tuple of whole numbers."""
    return _key(s.zones, s.orient, s.poisoned, s.inst.n)


def _key(zones: list[list[int]], orient: bytes, poisoned: frozenset[int], n: int) -> tuple[int, ...]:
    dmg, item = 2 * NZ, 2 * NZ + n
    out: list[int] = []
    for b in (0, NZ):  # each player's zones start at p * NZ
        quest = zones[b + QUEST]
        front = zones[b + FRONT]
        back = zones[b + BACK]
        if len(front) > 1:  # a row is a set: its order is no rule
            front = sorted(front)
        if len(back) > 1:
            back = sorted(back)
        out.append(len(zones[b + DECK]))
        out.append(len(zones[b + HAND]))
        out.append(len(zones[b + DISCARD]))
        out.append(len(zones[b + EXP]))
        out.append(len(quest))
        out.extend(quest)
        out.append(len(front))
        out.extend(front)
        out.append(len(back))
        out.extend(back)
        for row in (front, back):
            for c in row:
                slot = zones[item + c]
                out.append(orient[c])
                out.append(1 if c in poisoned else 0)
                out.append(len(zones[dmg + c]))
                out.append(slot[0] if slot else -1)
    return tuple(out)


def _key_at(s: DragonQuestState, at: int) -> tuple[int, ...]:
    """``position_key`` of the moment the history was ``at`` actions long, read back from the undo frames: the
    frame of each later action holds the zones it changed as they were before it, and the scalars before it."""
    frames = s._frames
    first = at - (len(s.history) - len(frames))  # frames[i] is the frame of the action at history index
    if first >= len(frames):  # len(history) - len(frames) + i (a dealt sample starts with no frames)
        return _key(s.zones, s.orient, s.poisoned, s.inst.n)
    zones = list(s.zones)
    names = s._scalar_names
    ns = len(names)
    for j in range(len(frames) - 1, first - 1, -1):  # newest first: the earliest frame's copy is the one left
        for index, content in frame_zones(frames[j], ns).items():
            zones[index] = list(content)
    scalars = frame_scalars(frames[first], ns)
    return _key(zones, scalars[names.index("orient")], scalars[names.index("poisoned")], s.inst.n)


def settled(s: DragonQuestState, log: PrepLog) -> PrepLog:
    """``log`` with its ``seen`` and ``repeats`` worked out (and those of the arrivals of its step before it)."""
    todo: list[PrepLog] = []
    entry: PrepLog | None = log
    while entry is not None and entry.seen is None:
        todo.append(entry)
        prev = entry.prev
        entry = prev if prev is not None and prev.turn == entry.turn else None  # (another step: not needed)
    for entry in reversed(todo):
        key = _key_at(s, entry.at)
        prev = entry.prev
        if prev is None or prev.turn != entry.turn:
            entry.repeats = 0
            entry.seen = (key,)
        else:
            seen = prev.seen
            assert seen is not None  # (settled just before, or already)
            if key in seen:
                entry.repeats = prev.repeats + 1
                entry.seen = seen
            else:
                entry.repeats = prev.repeats
                entry.seen = seen + (key,)
    return log


def settle(s: DragonQuestState) -> None:
    """Work out the positions of the chain's current step now (before a view, which has no undo frames to read
    them from, shares the chain)."""
    log = phase_log(s)
    if log is not None and log.seen is None:
        settled(s, log)


def phase_log(s: DragonQuestState) -> PrepLog | None:
    """The newest arrival at a preparation decision that the history still holds (None: none yet)."""
    n = len(s.history)
    if s._prep_upto < n:
        _catch_up(s, n)
    log = s._prep_log
    while log is not None and log.at > n:
        log = log.prev
    return log


def _catch_up(s: DragonQuestState, n: int) -> None:
    """Link the arrivals at a preparation decision after ``s._prep_upto`` (the history's length up to which the
    chain is known) into the chain, read from the undo frames: the turn player was at a preparation decision
    when the history was ``at`` actions long if the frame of the action at history index ``at`` saved the node
    PREP (or, for ``at`` = ``n``, the state is at it now). Done when the chain is first asked for (a view settles
    it first: ``settle``), so a step of play that nobody asks about allocates nothing for it. Undo lowers
    ``_prep_upto`` (``DragonQuestState._restore``): the links past it are dropped and made again."""
    upto = s._prep_upto
    log = s._prep_log
    while log is not None and log.at > upto:
        log = log.prev
    frames = s._frames
    offset = n - len(frames)  # frames[i] is the frame of the action at history index offset + i
    turn = s._scalar_names.index("turn")
    for at in range(max(upto + 1, offset), n + 1):
        if at < n:
            frame = frames[at - offset]
            if frame[0] == _NODE_PREP:
                log = PrepLog(at, frame[turn], None, 0, log)
        elif s.node == _NODE_PREP:
            log = PrepLog(at, s.turn, None, 0, log)
    s._prep_log = log
    s._prep_upto = n


def phase_repeats(s: DragonQuestState) -> int:
    """How often the preparation phase of this turn has come back to a position it had already been in (0 before
    it begins)."""
    log = phase_log(s)
    if log is None or log.turn != s.turn:
        return 0
    return (settled(s, log) if log.seen is None else log).repeats


def leads_back(s: DragonQuestState, a: A.Action) -> bool:
    """Whether preparation action ``a`` brings back a position this preparation step has already seen (a cycle
    that gains nothing but GP at best), worked out without playing it: a formation change (DQ-6.10), a restore
    (DQ-6.8), or a closing effect that only gains GP (DQ-6.11). Every other action changes something that does
    not come back within the step (a card leaves the hand, damage is healed, a card is drawn ...). Reads only
    what the turn player sees: asked of a view by the heuristic player and the coach."""
    if s.node != _NODE_PREP:
        return False
    log = phase_log(s)
    if log is None or log.turn != s.turn:
        return False
    seen = (settled(s, log) if log.seen is None else log).seen
    assert seen is not None
    p = s.actor
    zones, orient = s.zones, s.orient
    if isinstance(a, A.Move) or isinstance(a, A.Swap):
        fi, bi = p * NZ + FRONT, p * NZ + BACK
        front, back = list(zones[fi]), list(zones[bi])
        if isinstance(a, A.Move):
            if a.card in front:
                front.remove(a.card)
                back.append(a.card)
            elif a.card in back:
                back.remove(a.card)
                front.append(a.card)
            else:
                return False
        else:
            if a.front not in front or a.back not in back:
                return False
            front[front.index(a.front)] = a.back
            back[back.index(a.back)] = a.front
        zones = list(zones)
        zones[fi], zones[bi] = front, back
    elif isinstance(a, A.Restore):
        orient = reoriented(orient, a.card, ACTIVE)
    elif isinstance(a, A.Use):
        effs = s.inst.cards[a.card].effects
        if not 0 <= a.effect < len(effs):
            return False
        eff = effs[a.effect]
        if eff.timing != "prep" or not eff.close or eff.hand or any(op != "gain_gp" for op, _n in eff.ops):
            return False
        orient = reoriented(orient, a.card, CLOSED)
    else:
        return False
    return _key(zones, orient, s.poisoned, s.inst.n) in seen
