"""DARK MOON on-play effects (DM-4.2, DM-4.5, DM-6.1, DM-6.2): the interpreter of ``cards.EFFECT_OPS``.

``start`` resolves a played card's effect, or leaves a :data:`.values.Pending` choice for the
turn player; ``targets`` lists the cards that choice may take; ``choose`` carries the choice out.
Each takes the state and changes zones only through its ``_touch_*`` accessors (so undo restores them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import actions as A
from .ids import Ev, Op
from .values import PeekChoice, TargetChoice

if TYPE_CHECKING:
    from ...core.actions import Action
    from .state import DarkMoonState


# enum members bound once as module globals, read ``_Ev_DRAW`` as ``Ev.DRAW`` (why: see state.py)
_Ev_DECLINED: Final = Ev.DECLINED
_Ev_DRAW: Final = Ev.DRAW
_Ev_EFFECT: Final = Ev.EFFECT
_Ev_EFFECT_SKIPPED: Final = Ev.EFFECT_SKIPPED
_Ev_NO_TARGET: Final = Ev.NO_TARGET
_Ev_PEEK: Final = Ev.PEEK
_Ev_PEEK_DONE: Final = Ev.PEEK_DONE
_Ev_PLACED: Final = Ev.PLACED
_Ev_RECYCLED: Final = Ev.RECYCLED
_Ev_RETURNED: Final = Ev.RETURNED
_Ev_SEARCH: Final = Ev.SEARCH
_Op_DRAW: Final = Op.DRAW
_Op_DRAW_IF_FIELD_HAS: Final = Op.DRAW_IF_FIELD_HAS
_Op_EACH_DRAW: Final = Op.EACH_DRAW
_Op_PEEK: Final = Op.PEEK
_Op_PLACE_FROM_HAND: Final = Op.PLACE_FROM_HAND
_Op_RECYCLE: Final = Op.RECYCLE
_Op_RETURN_OPPONENT: Final = Op.RETURN_OPPONENT
_Op_SEARCH: Final = Op.SEARCH


def rule_of(s: DarkMoonState, src: int) -> str:
    """The rule a card's on-play effect resolves under: DM-4.2 for a character, DM-4.5 for a special."""
    return "DM-4.2" if s.inst.is_char[src] else "DM-4.5"


def start(s: DarkMoonState, p: int, src: int) -> bool:
    """Resolve ``src``'s on-play effect; True when it waits for a choice of the player."""
    effect = s.inst.cards[src].effect
    if effect is None:
        return False
    op: str = effect["op"]
    rule = rule_of(s, src)
    if op == _Op_DRAW:
        s._emit(_Ev_EFFECT, rule, p, card=src, op=op)
        draw(s, p, effect["n"], rule)
    elif op == _Op_EACH_DRAW:
        s._emit(_Ev_EFFECT, rule, p, card=src, op=op)
        for k in range(s.num_players):
            draw(s, (p + k) % s.num_players, effect["n"], rule)
    elif op == _Op_DRAW_IF_FIELD_HAS:
        name = effect["name"]
        charname = s.inst.charname
        met = any(c != src and charname[c] == name for c in s.field(p))
        s._emit(_Ev_EFFECT, "DM-6.1", p, card=src, op=op, name=name, met=met)
        if met:
            draw(s, p, effect["n"], rule)
    elif op == _Op_SEARCH:
        search(s, p, src, effect["name"], effect["to"])
    elif op == _Op_PEEK:
        deck = s.deck(p)
        if not deck:
            s._emit(_Ev_EFFECT_SKIPPED, "DM-4.4a", p, card=src, op=op)
            return False
        s.pending = PeekChoice(src, deck[-1])
        s._emit(_Ev_PEEK, rule, p, secret=p, card=deck[-1], source=src)
        return True
    else:  # the "you may choose" effects
        name = effect.get("name")
        s.pending = TargetChoice(op, src, name)
        if not targets(s):
            s._emit(_Ev_NO_TARGET, rule, p, card=src, op=op, name=name)
            s.pending = None
            if op == _Op_RECYCLE:
                draw(s, p, 1, rule)
            return False
        s._emit(_Ev_EFFECT, rule, p, card=src, op=op, name=name)
        return True
    return False


def targets(s: DarkMoonState) -> list[int]:
    """Cards the pending on-play effect may choose (DM-6.2: only character cards carry names)."""
    pending = s.pending
    if not isinstance(pending, TargetChoice):
        return []
    op, name = pending.op, pending.name
    p = s.turn_player
    inst = s.inst
    is_char, charname = inst.is_char, inst.charname
    if op == _Op_RETURN_OPPONENT:
        out: list[int] = []
        for k in range(1, s.num_players):
            q = (p + k) % s.num_players
            out.extend(sorted(c for c in s.field(q) if is_char[c] and (name is None or charname[c] == name)))
        return out
    if op == _Op_PLACE_FROM_HAND:
        return sorted(c for c in s.hand(p) if is_char[c] and charname[c] == name)
    if op == _Op_RECYCLE:
        return sorted(s.hand(p))
    return []


def choose(s: DarkMoonState, p: int, action: Action) -> None:
    """Carry out the turn player's choice for the pending effect, then go on to the reveal."""
    pending = s.pending
    assert pending is not None, "a choice is legal only while an effect waits (node effect)"
    src = pending.source
    if isinstance(pending, PeekChoice):
        to_bottom = isinstance(action, A.ToBottom)
        if to_bottom:
            deck = s._touch_deck(p)
            deck.pop()
            deck.insert(0, pending.top)
        s._emit(_Ev_PEEK_DONE, rule_of(s, src), p, to="bottom" if to_bottom else "top")
    elif isinstance(action, A.Decline):
        s._emit(_Ev_DECLINED, rule_of(s, src), p, card=src, op=pending.op)
        if pending.op == _Op_RECYCLE:
            draw(s, p, 1, rule_of(s, src))
    elif isinstance(action, A.Choose):
        _chosen(s, p, pending.op, src, action.card)
    s.pending = None
    s._reveal_and_continue(p)


def _chosen(s: DarkMoonState, p: int, op: str, src: int, target: int) -> None:
    """Move the chosen card ``target`` as the effect ``op`` says (DM-6.1)."""
    if op == _Op_RETURN_OPPONENT:
        q = s.inst.owner[target]
        s._touch_field(q).remove(target)
        s._touch_hand(q).append(target)
        s._emit(_Ev_RETURNED, "DM-6.1", p, card=target, owner=q, source=src)
    elif op == _Op_PLACE_FROM_HAND:
        s._touch_hand(p).remove(target)
        s._touch_field(p).append(target)
        s._emit(_Ev_PLACED, "DM-6.1", p, card=target, source=src)
    elif op == _Op_RECYCLE:
        s._touch_hand(p).remove(target)
        s._touch_deck(p).insert(0, target)
        s._emit(_Ev_RECYCLED, rule_of(s, src), p, secret=p, card=target)
        draw(s, p, 1, rule_of(s, src))


def draw(s: DarkMoonState, p: int, n: int, rule: str = "DM-4.2") -> None:
    """``p`` draws ``n`` cards from the top of the deck; an empty deck stops the draw (DM-4.4a)."""
    for _ in range(n):
        deck = s.deck(p)
        if not deck:
            s._deck_empty(p, "draw")
            return
        s._touch_deck(p)
        card = deck.pop()
        s._touch_hand(p).append(card)
        s._emit(_Ev_DRAW, rule, p, secret=p, card=card)


def search(s: DarkMoonState, p: int, src: int, name: str, to: str) -> None:
    """Take the topmost character named ``name`` from the deck to the hand or field, then shuffle (DM-6.1)."""
    deck = s._touch_deck(p)
    inst = s.inst
    found = None
    for i in range(len(deck) - 1, -1, -1):  # from the top down
        c = deck[i]
        if inst.is_char[c] and inst.charname[c] == name:  # DM-6.2: specials never match a name
            found = deck.pop(i)
            break
    if found is None:
        s._emit(_Ev_SEARCH, "DM-6.1", p, card=None, name=name, to=to, source=src)
    else:
        (s._touch_hand(p) if to == "hand" else s._touch_field(p)).append(found)
        s._emit(_Ev_SEARCH, "DM-6.1", p, card=found, name=name, to=to, source=src)
    s.rng.shuffle(deck)
