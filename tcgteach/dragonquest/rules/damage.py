"""Damage, defeat and running out of cards (DQ-8, DQ-1.2, DQ-1.3): functions over a state.

Damage is paid with cards: the owner moves them from the top of the own deck onto the card
(DQ-8.1), so every blow spends life, and a deck that cannot pay loses the game (DQ-1.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .ids import ACTIVE, BACK, DECK, DISCARD, EXP, FRONT, Ev, Node, reoriented, replaced

if TYPE_CHECKING:
    from .state import DragonQuestState


# members of the Node and Ev enums read in the functions below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_DAMAGE: Final = Ev.DAMAGE
_EV_DECK_OUT: Final = Ev.DECK_OUT
_EV_DEFEAT: Final = Ev.DEFEAT
_EV_GAIN_GP_DEFEAT: Final = Ev.GAIN_GP_DEFEAT
_EV_GAME_OVER: Final = Ev.GAME_OVER
_NODE_COMBAT_JUDGMENT: Final = Node.COMBAT_JUDGMENT
_NODE_GAME_OVER: Final = Node.GAME_OVER


def take(s: DragonQuestState, p: int, n: int, dest: int, onto: int | None = None) -> list[int]:
    """Move n cards from the top of p's deck (to zone ``dest`` of p, or onto card ``onto``).

    DQ-1.2 ``cannot_take``: a card that cannot be taken makes p lose, and the rest is not done.
    ``empty_loses``: p loses as soon as the deck is empty.
    """
    took: list[int] = []
    if n <= 0:
        return took
    deck = s._touch_zone(p, DECK)
    target = s._touch_damage(onto) if onto is not None else s._touch_zone(p, dest)
    empty_loses = s.opt.empty_loses
    for _ in range(n):
        if not deck:
            lose(s, p, "empty_loses" if empty_loses else "cannot_take")
            return took
        c = deck.pop()
        target.append(c)
        took.append(c)
    if not deck and empty_loses:
        lose(s, p, "empty_loses")
    return took


def lose(s: DragonQuestState, p: int, why: str) -> None:
    """Record a losing condition; it is announced when the instruction is over (``check_loss``)."""
    if p not in s.losers:
        s.losers = s.losers | {p}
        s.loss_why = s.loss_why + ((p, why),)


def check_loss(s: DragonQuestState) -> bool:
    """End the game if someone met a losing condition in the instruction just done (DQ-1.2, DQ-1.3)."""
    if not s.losers:
        return False
    s.repair = ()
    for p, why in s.loss_why:
        s._emit(_EV_DECK_OUT, "DQ-1.2", p, why=why)
    s.end_reason = "DQ-1.3" if len(s.losers) == 2 else "DQ-1.2"
    s._goto(_NODE_GAME_OVER)
    out = s.result()
    s._emit(_EV_GAME_OVER, s.end_reason, None, winners=list(out.winners) if out else [])
    return True


def deal(s: DragonQuestState, c: int, n: int, rule: str, source: int | None = None, check: bool = True) -> bool:
    """DQ-8.1: the owner moves n cards from the top of the deck onto c; returns True if c is defeated."""
    owner = s.inst.owner[c]
    took = take(s, owner, n, 0, onto=c)
    s._emit(_EV_DAMAGE, rule, owner, card=c, n=n, taken=len(took), total=s.damage(c), hp=s.hp_of(c), source=source)
    if check:
        return check_defeat(s, c)
    return False


def check_defeat(s: DragonQuestState, c: int) -> bool:
    """DQ-7.8: a card on the field whose accumulated damage reaches its HP is defeated."""
    if s.on_field(c) and s.damage(c) >= s.hp_of(c):
        defeat(s, c)
        return True
    return False


def defeat(s: DragonQuestState, c: int) -> None:
    """DQ-8.2 to the experience box, damage and item to the discard; DQ-8.3 the opponent gains GP."""
    owner = s.inst.owner[c]
    row = FRONT if c in s.front(owner) else BACK
    s._touch_zone(owner, row).remove(c)
    s._touch_zone(owner, EXP).append(c)
    discard = s._touch_zone(owner, DISCARD)
    pile = s._touch_damage(c)
    damage_cards = len(pile)
    discard.extend(pile)
    pile.clear()
    slot = s._touch_item(c)
    item = slot[0] if slot else None
    if slot:
        discard.extend(slot)
        slot.clear()
    s.poisoned = s.poisoned - {c}
    s.orient = reoriented(s.orient, c, ACTIVE)
    winner = s.opponent(owner)
    gain = s.inst.level[c]
    s.gp = replaced(s.gp, winner, s.gp[winner] + gain)
    s._emit(_EV_DEFEAT, "DQ-8.2", owner, card=c, damage_cards=damage_cards, item=item)
    s._emit(_EV_GAIN_GP_DEFEAT, "DQ-8.3", winner, card=c, n=gain, exp=s.experience(winner))
    # DQ-5.5 formation_repair=immediate: the owner repairs a broken formation at once. In the
    # judgment step the end step follows straight away and does it for both players (DQ-7.9).
    if (
        s.opt.repair_immediate
        and s.node != _NODE_COMBAT_JUDGMENT
        and owner not in s.repair
        and not s.formation_fine(owner)
    ):
        s.repair = s.repair + (owner,)


def remove_damage(s: DragonQuestState, c: int, limit: int | None) -> int:
    """Damage cards back to the bottom of the owner's deck, shuffled first so nobody sees them (DQ-6.7)."""
    pile = s._touch_damage(c)
    k = len(pile) if limit is None else min(limit, len(pile))
    if not k:
        return 0
    moved = pile[-k:]
    del pile[-k:]
    s.rng.shuffle(moved)
    deck = s._touch_zone(s.inst.owner[c], DECK)
    deck[0:0] = moved
    return k
