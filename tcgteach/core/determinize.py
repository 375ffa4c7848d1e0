"""Determinization: a full game state consistent with what one player sees.

Search over hidden information (the coach) samples the unseen cards: every card instance that no
zone of the view shows is dealt at random into the hidden slots of its owner (decks, the other
hands, face-down damage cards). Cards never change owner, so a card only goes where its owner
keeps cards. The result is an ordinary state that can be played forward (not the real game).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .errors import TcgError
from .rng import Rng

if TYPE_CHECKING:
    from .state import State


def determinize(view: State, rng: random.Random) -> State:
    """A state the viewer cannot tell from the real one, with the hidden cards dealt by ``rng``."""
    if view.viewer is None:
        raise TcgError("determinize() takes a player's view (state.view(p)), not the full state")
    s = view.clone()
    s.viewer = None
    s._legal = None
    s._frames = []
    s.rng = Rng(rng.getrandbits(64))
    owners = s.owners()
    known = {c for z in s.zones for c in z if c >= 0}
    unknown: dict[int, list[int]] = {}
    for c in range(len(owners)):
        if c not in known:
            unknown.setdefault(owners[c], []).append(c)
    for cards in unknown.values():
        rng.shuffle(cards)
    for i, z in enumerate(s.zones):
        if -1 in z:
            owner, _name = s._zone_info(i)
            pool = unknown.get(owner, [])
            for k, c in enumerate(z):
                if c < 0:
                    if not pool:
                        raise TcgError("the view hides more cards than its owner has unseen: not a consistent view")
                    z[k] = pool.pop()
    s._after_determinize()
    return s
