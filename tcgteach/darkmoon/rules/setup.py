"""DARK MOON setup (DM-3): a new game's state, shuffled, with the first player chosen and 5 cards each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.rng import mix_seed
from .cards import DECK_SIZE
from .ids import Ev, Node
from .state import DarkMoonState

if TYPE_CHECKING:
    from ..game import DarkMoon

HAND_SIZE = 5  # DM-3.4


def new_state(game: DarkMoon, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> DarkMoonState:
    """DM-3: shuffle, decide the first player, draw 5 each, then the first turn's main phase."""
    n = len(decks)
    s = DarkMoonState.__new__(DarkMoonState)  # no __init__ (object.__new__ refuses a compiled class)
    s._init_base(
        game,
        {"seed": seed, "players": n, "first_player": first_player, "decks": [list(d) for d in decks]},
        n,
        mix_seed(seed),
    )
    s.inst = game._instances(tuple(decks))
    for p in range(n):
        s.deck(p).extend(range(p * DECK_SIZE, p * DECK_SIZE + len(decks[p])))  # the deck list in order
    s.turn = 0
    s.actions_used = 0
    s.armed_by = None
    s.armed_rule = None
    s.deck_out_seen = False
    s.unit_slot = None
    s.unit_pick = ()
    s.pending = None
    s.last_reveal = None
    for p in range(n):
        s.rng.shuffle(s.deck(p))  # DM-3.2
    s._emit(Ev.SETUP, "DM-3.1", None, players=n)
    s._emit(Ev.SHUFFLE, "DM-3.2", None)
    fp = first_player if first_player is not None else s.rng.below(n)  # DM-3.3
    s.turn_player = fp
    s._emit(Ev.FIRST_PLAYER, "DM-3.3", fp, chosen="given" if first_player is not None else "random")
    for k in range(n):
        p = (fp + k) % n
        deck = s.deck(p)
        hand = s.hand(p)
        for _ in range(HAND_SIZE):  # DM-3.4
            if deck:
                hand.append(deck.pop())
        s._emit(Ev.DRAW_HAND, "DM-3.4", p, secret=p, cards=list(hand))
    s.turn = 1
    s._goto(Node.MAIN)
    s._emit(Ev.TURN_START, "DM-4.8", fp, turn=1, final=False)
    return s
