"""The steps of a turn around preparation and battle: the mulligan (DQ-3.3), reset, income and draw
(DQ-6.1 - DQ-6.3), and the end of the turn (DQ-6.14, DQ-1.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import actions as A
from . import damage, formation
from .ids import (
    ACTIVE,
    BACK,
    CLOSED,
    CONFUSED,
    DECK,
    DISCARD,
    FRONT,
    HAND,
    HAND_TARGET,
    NZ,
    QUEST,
    WIPE_OUT,
    Ev,
    Node,
    replaced,
)

if TYPE_CHECKING:
    from .state import DragonQuestState


# members of the Node and Ev enums read in the functions below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_CONFUSION: Final = Ev.CONFUSION
_EV_DRAW: Final = Ev.DRAW
_EV_GAME_OVER: Final = Ev.GAME_OVER
_EV_INCOME: Final = Ev.INCOME
_EV_KEEP: Final = Ev.KEEP
_EV_LEVEL_UP: Final = Ev.LEVEL_UP
_EV_MULLIGAN: Final = Ev.MULLIGAN
_EV_QUEST_LEAVES: Final = Ev.QUEST_LEAVES
_EV_RESET: Final = Ev.RESET
_EV_TURN_END: Final = Ev.TURN_END
_EV_WIPE_OUT: Final = Ev.WIPE_OUT
_EV_WIPE_OUT_SPARED: Final = Ev.WIPE_OUT_SPARED
_NODE_DRAW: Final = Node.DRAW
_NODE_END_CONFUSION: Final = Node.END_CONFUSION
_NODE_GAME_OVER: Final = Node.GAME_OVER
_NODE_INCOME: Final = Node.INCOME
_NODE_PREP: Final = Node.PREP
_NODE_RESET: Final = Node.RESET
# the actions and action classes read below, bound once (a static when compiled, not a lookup in the module A)
_DRAWS: Final = A.DRAWS
_MULLIGAN: Final = A.Mulligan
#: a confused card's byte in ``DragonQuestState.orient``
_CONFUSED_BYTE: Final = bytes([CONFUSED])


# set-up (DQ-3.3)
def mulligan(s: DragonQuestState, action: A.Action) -> None:
    """Each player once, the first player first: keep, or return the hand, shuffle and draw 6 again."""
    p = s.actor
    if isinstance(action, _MULLIGAN):
        hand = s._touch_zone(p, HAND)
        deck = s._touch_zone(p, DECK)
        deck.extend(hand)
        hand.clear()
        s.rng.shuffle(deck)
        for _ in range(HAND_TARGET):
            hand.append(deck.pop())
        s._emit(_EV_MULLIGAN, "DQ-3.3", p, secret=p, cards=list(hand))
    else:
        s._emit(_EV_KEEP, "DQ-3.3", p)
    if p == s.first_player:
        s.actor = s.opponent(p)
    else:
        begin_turn(s)


# reset, income, draw (DQ-6.1 - DQ-6.3)
def begin_turn(s: DragonQuestState) -> None:
    """Start the turn player's turn: the level-up check (DQ-9.4, level = 1 + experience // 5, DQ-9.2), the reset
    (DQ-6.1) and the income (DQ-6.2)."""
    p = s.turn_player
    s.actor = p
    s._goto(_NODE_RESET)
    exp = s.experience(p)
    new_level = 1 + exp // 5  # DQ-9.2, checked only here (DQ-9.4)
    if new_level != s.level[p]:
        s.level = replaced(s.level, p, new_level)
        s._emit(_EV_LEVEL_UP, "DQ-9.4", p, level=new_level, exp=exp)
    lv = s.inst.level
    woke: list[int] = []
    orient, poisoned = s.orient, s.poisoned
    for c in s.party(p):  # DQ-6.1
        if orient[c] == CLOSED and c not in poisoned and lv[c] <= new_level:
            woke.append(c)
    if woke:  # (the card states are rebuilt only when one changes)
        states = bytearray(orient)
        for c in woke:
            states[c] = ACTIVE
        s.orient = bytes(states)
    s._emit(_EV_RESET, "DQ-6.1", p, cards=woke, level=new_level, turn=s.turn)
    s._goto(_NODE_INCOME)
    gain = 1 if (s.turn == 1 and p == s.first_player) else new_level + 1  # DQ-6.2
    s.gp = replaced(s.gp, p, s.gp[p] + gain)
    s._emit(_EV_INCOME, "DQ-6.2", p, gp=gain, total=s.gp[p], first=(s.turn == 1))
    s._goto(_NODE_DRAW)
    lo, hi = s.draw_range(p)
    if lo == hi:
        draw_phase(s, lo)


def draw_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """The draw choices of the draw phase (DQ-6.3, DQ-6.3a): one ``Draw(n)`` per number the rules allow now."""
    lo, hi = s.draw_range(p)
    return _DRAWS[lo : hi + 1]


def draw(s: DragonQuestState, action: A.Draw) -> None:
    """Apply the chosen draw (DQ-6.3)."""
    draw_phase(s, action.n)


def draw_phase(s: DragonQuestState, n: int) -> None:
    """Draw ``n`` cards from the deck into the hand (DQ-6.3); an empty deck can lose the game (DQ-1.2)."""
    p = s.turn_player
    took = damage.take(s, p, n, HAND)
    s._emit(_EV_DRAW, "DQ-6.3", p, secret=p, n=n, cards=took)
    if damage.check_loss(s):
        return
    s._goto(_NODE_PREP)


# end of turn (DQ-6.14)
def end_of_turn(s: DragonQuestState) -> None:
    """The end of the turn (DQ-6.14), in its order: the wipe-out penalty, poison, confusion, then the next turn."""
    tp = s.turn_player
    literal = s.opt.wipe_literal
    zones = s.zones
    for p in (tp, s.opponent(tp)):  # 1. wipe-out penalty
        if not zones[p * NZ + FRONT] and not zones[p * NZ + BACK]:  # no party card
            if not literal and s.turn == 1 and p != s.first_player:
                # DQ-6.14.1 wipe_out=after_own_turn: the second player has not had a turn yet
                s._emit(_EV_WIPE_OUT_SPARED, "DQ-6.14", p)
                continue
            took = damage.take(s, p, WIPE_OUT, DISCARD)
            s._emit(_EV_WIPE_OUT, "DQ-6.14", p, n=len(took))
    if damage.check_loss(s):
        return
    quests = s.quests(tp)  # 2. quests played this turn leave
    if quests:
        for q in [q for q in quests if not s.inst.cards[q].stays]:
            s._touch_zone(tp, QUEST).remove(q)
            s._touch_zone(tp, DISCARD).append(q)
            s._emit(_EV_QUEST_LEAVES, "DQ-6.14", tp, card=q)
    # 3. poison: one tick per poisoned card, turn player's cards first
    poisoned = s.poisoned
    s.queue = tuple([c for p in ticking_players(s) for c in sorted(s.party(p)) if c in poisoned]) if poisoned else ()
    poison_ticks(s)


def ticking_players(s: DragonQuestState) -> tuple[int, ...]:
    """Whose poisoned and confused cards take damage (option ``status_tick``, DQ-6.14)."""
    tp = s.turn_player
    return (tp, s.opponent(tp)) if s.opt.tick_both else (tp,)


def poison_ticks(s: DragonQuestState) -> None:
    """DQ-6.14.3, resumable: a tick that defeats a card lets its owner repair the formation first (DQ-5.5)."""
    while s.queue:
        c = s.queue[0]
        s.queue = s.queue[1:]
        if c in s.poisoned and s.on_field(c) and s.inst.owner[c] not in s.losers:
            damage.deal(s, c, 1, "DQ-6.14", source=None)
            if s.repair and not s.losers:
                formation.repair_then(s, "poison")
                return
    s.repair = ()
    if damage.check_loss(s):
        return
    orient = s.orient
    if _CONFUSED_BYTE in orient:  # (no card confused: no list to make)
        s.queue = tuple([c for p in ticking_players(s) for c in sorted(s.party(p)) if orient[c] == CONFUSED])
    else:
        s.queue = ()
    next_confusion(s)


def next_confusion(s: DragonQuestState) -> None:
    """4. each confused card: its owner picks an own card (maybe itself) to take 1 damage."""
    while s.queue:
        c = s.queue[0]
        if not s.on_field(c) or s.orient[c] != CONFUSED:
            s.queue = s.queue[1:]
            continue
        p = s.inst.owner[c]
        party = s.party(p)
        if len(party) == 1:
            confusion_damage(s, party[0])
            return
        if s.node != _NODE_END_CONFUSION:
            s._goto(_NODE_END_CONFUSION)
        s.actor = p
        return
    next_turn(s)


def confusion_actions(s: DragonQuestState, p: int) -> tuple[A.Action, ...]:
    """The targets a confused card may hit at the end of the turn (DQ-6.14): every party card of player ``p``."""
    target = s.inst.targets
    return tuple(target[c] for c in sorted(s.party(p)))


def confusion_damage(s: DragonQuestState, target: int) -> None:
    """A confused card deals 1 damage to the chosen target (DQ-6.14)."""
    src = s.queue[0]
    s.queue = s.queue[1:]
    s._emit(_EV_CONFUSION, "DQ-6.14", s.inst.owner[src], card=src, target=target)
    damage.deal(s, target, 1, "DQ-6.14", source=src)
    if damage.check_loss(s):
        return
    formation.repair_then(s, "confusion")


def next_turn(s: DragonQuestState) -> None:
    """End the turn and pass to the other player, or end the game at the turn limit (DQ-1.4)."""
    limit = s.opt.turn_limit
    s._emit(_EV_TURN_END, "DQ-6.14", s.turn_player, turn=s.turn)
    if limit and s.turn >= limit:  # DQ-1.4 (0: no cap)
        s.end_reason = "DQ-1.4"
        s._goto(_NODE_GAME_OVER)
        s._emit(_EV_GAME_OVER, "DQ-1.4", None, winners=[])
        return
    s.turn += 1
    s.turn_player = s.opponent(s.turn_player)
    s.recruits = 0
    s.quest_played = False
    s.queue = ()
    begin_turn(s)
