"""Exact DARK MOON positions for tests: move cards of a fresh state between its zones.

The helpers only *move* cards: every card instance stays in exactly one zone of its owner, and
nothing else of the state changes. They refuse to touch a state once an action has been applied,
so a test builds its position first and then plays real, checked actions from it.

Zones (``DarkMoonState.ZONES``): player p's zone k is ``s.zones[p * 6 + k]`` with k = 0 deck (the
top is the END of the list), 1 hand, 2 field, 3-5 unit slots 1-3. Player p's deck entry i is card
instance ``p * 40 + i``; ``s.card(i)`` is its card data. A saved state of a rearranged position
does not replay from its setup, so do not round-trip such states through ``state_from_dict``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import tcgteach

ZONES = ("deck", "hand", "field", "unit1", "unit2", "unit3")
NZ = len(ZONES)
DECK, HAND, FIELD, UNIT1, UNIT2, UNIT3 = range(NZ)


def new(
    decks: Sequence[Any] = ("ensemble", "spotlight"),
    *,
    seed: int = 0,
    first_player: int | None = 0,
    options: Mapping[str, Any] | None = None,
) -> Any:
    """A fresh DARK MOON state after setup (DM-3), with the first player fixed by default."""
    game = tcgteach.game("darkmoon", options)
    return game.new_state(seed=seed, decks=list(decks), first_player=first_player)


def zone_index(player: int, zone: str | int) -> int:
    k = ZONES.index(zone) if isinstance(zone, str) else zone
    return player * NZ + k


def where(s: Any, card: int) -> int:
    """The index in ``s.zones`` of the zone that holds ``card``."""
    found = [i for i, z in enumerate(s.zones) if card in z]
    assert len(found) == 1, f"card {card} is in {len(found)} zones"
    return found[0]


def instances(s: Any, player: int, card_id: str) -> list[int]:
    """Every instance of card ``card_id`` owned by ``player`` (in deck-list order)."""
    return [i for i in range(len(s.inst.cards)) if s.owner(i) == player and s.card(i).id == card_id]


def take(s: Any, player: int, *card_ids: str, avoid: Iterable[int] = ()) -> list[int]:
    """One distinct instance of ``player``'s per ID listed (repeat an ID for several copies),
    none of them in ``avoid``."""
    out: list[int] = []
    avoid = set(avoid)
    for cid in card_ids:
        free = [i for i in instances(s, player, cid) if i not in out and i not in avoid]
        assert free, f"P{player + 1}'s deck has not enough copies of {cid}"
        out.append(free[0])
    return out


def groups(s: Any, player: int, *id_groups: Sequence[str]) -> list[list[int]]:
    """``take`` for several groups at once (e.g. the cards of three units), all instances distinct."""
    out: list[list[int]] = []
    used: list[int] = []
    for ids in id_groups:
        out.append(take(s, player, *ids, avoid=used))
        used += out[-1]
    return out


def _fresh(s: Any) -> None:
    assert not s.history, "positions are built before any action"


def move(s: Any, cards: Iterable[int], zone: str, *, bottom: bool = False) -> None:
    """Move ``cards`` (instances) to their owner's ``zone``, in order: appended (for the deck: each
    onto the top), or with ``bottom=True`` each put at index 0 (the deck's bottom)."""
    _fresh(s)
    for c in cards:
        src = where(s, c)
        s.zones[src].remove(c)
        dst = s.zones[zone_index(s.owner(c), zone)]
        if bottom:
            dst.insert(0, c)
        else:
            dst.append(c)
    s._legal = None  # the legal-action cache of the position before the move
    check(s)


def arrange(
    s: Any,
    player: int,
    *,
    hand: Sequence[int] | None = None,
    field: Sequence[int] = (),
    units: Sequence[Sequence[int]] = (),
    top: Sequence[int] = (),
) -> None:
    """Set up ``player``'s zones: ``field`` and ``units`` (slot 1, 2, 3) get these cards; the hand,
    if given, holds exactly ``hand`` (the cards it had go to the bottom of the deck); ``top`` are the
    top cards of the deck, ``top[0]`` the very top (the next card revealed or drawn)."""
    _fresh(s)
    named = list(field) + [c for u in units for c in u] + list(hand or ()) + list(top)
    assert len(named) == len(set(named)), "a card is named twice"
    assert all(s.owner(c) == player for c in named), "cards stay with their owner"
    move(s, field, "field")
    for k, unit in enumerate(units):
        move(s, unit, ZONES[UNIT1 + k])
    if hand is not None:
        extra = [c for c in s.zones[zone_index(player, "hand")] if c not in hand]
        move(s, extra, "deck", bottom=True)
        move(s, hand, "hand")
    move(s, reversed(list(top)), "deck")


def empty_deck(s: Any, player: int, to: str = "hand") -> None:
    """Move every card of ``player``'s deck to another of their zones (the hand by default)."""
    move(s, list(s.zones[zone_index(player, "deck")]), to)


def check(s: Any) -> None:
    """Every card instance is in exactly one zone, and in one of its owner's zones."""
    seen = [c for z in s.zones for c in z]
    assert sorted(seen) == list(range(len(s.inst.cards))), "a card is missing or in two zones"
    for i, z in enumerate(s.zones):
        assert all(s.owner(c) == i // NZ for c in z), f"zone {i} holds another player's card"


def deck_of(counts: Mapping[str, int]) -> dict[str, int]:
    """A deck as a mapping card ID -> copies (accepted by ``new_state``), checked to have 40 cards."""
    assert sum(counts.values()) == 40, sum(counts.values())
    return dict(counts)


#: 36 character cards without on-play effects (4 of each number 1-9) and 4 effect-less specials
PLAIN = deck_of(
    {
        "C07": 2,
        "C17": 1,
        "C32": 1,  # 1
        "C02": 2,
        "C12": 1,
        "C27": 1,  # 2
        "C28": 4,  # 3
        "C09": 2,
        "C23": 2,  # 4
        "C04": 2,
        "C19": 2,  # 5
        "C10": 2,
        "C24": 2,  # 6
        "C15": 2,
        "C30": 1,
        "C35": 1,  # 7
        "C06": 2,
        "C11": 2,  # 8
        "C16": 1,
        "C21": 1,
        "C26": 1,
        "C31": 1,  # 9
        "S11": 2,
        "S03": 1,
        "S01": 1,
    }
)

#: Heli and Noa with two Noa #8 (C36, puts a Heli from hand onto the field) and their scenes: the
#: Spotlight starter list before the decks were balanced (issue 12 item 6), kept as test material
HELI_NOA = deck_of(
    {
        "C01": 3,
        "C32": 1,
        "C02": 4,
        "C03": 2,
        "C08": 2,
        "C33": 2,
        "C09": 2,
        "C04": 3,
        "C29": 1,
        "C34": 2,
        "C05": 2,
        "C35": 4,
        "C36": 2,
        "C11": 1,
        "C06": 1,
        "S05": 3,
        "S06": 3,
        "S10": 2,
    }
)

#: characters of every name with every kind of special (one each): for scoring and DM-6.2 positions
SCENES = deck_of(
    {
        "C02": 2,
        "C04": 2,
        "C06": 2,  # Heli 2, 5, 8
        "C07": 2,
        "C09": 1,
        "C10": 2,
        "C11": 1,  # Jino 1, 4, 6, 8
        "C12": 1,
        "C15": 2,
        "C16": 2,  # Shion 2, 7, 9
        "C17": 1,
        "C19": 1,
        "C21": 1,  # Solon 1, 5, 9
        "C23": 2,
        "C24": 1,
        "C26": 1,  # Jaan 4, 6, 9
        "C27": 1,
        "C28": 4,
        "C30": 1,  # Jakah 2, 3, 7
        "C32": 1,
        "C35": 1,  # Noa 1, 7
        "S01": 1,
        "S02": 1,
        "S03": 1,
        "S05": 1,
        "S06": 1,
        "S09": 1,
        "S10": 1,
        "S12": 1,
    }
)
