"""The shortcuts the hot paths take (issue #14) keep the engine's answers: each is checked against the
general code it stands for."""

from __future__ import annotations

import random

import pytest

import tcgteach
from tcgteach.core.errors import DeckError
from tcgteach.core.game import Deck
from tcgteach.darkmoon.rules.state import DarkMoonState


def test_scalar_values_written_out_are_node_and_the_scalars_in_order() -> None:
    game = tcgteach.game("darkmoon")
    rng = random.Random(3)
    s = game.new_state(seed=3)
    seen = 0
    while not s.is_terminal():
        assert isinstance(s, DarkMoonState)
        assert s._scalar_values() == tuple(getattr(s, name) for name in DarkMoonState._scalar_names)
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        seen += 1
    assert seen > 20


def test_DM_2_1_a_remembered_legal_deck_does_not_let_an_illegal_one_through() -> None:
    game = tcgteach.game("darkmoon")
    name = game.starter_decks()[0]
    cards = game.starter_deck(name).cards
    assert game.check_deck(name) == cards
    assert game.check_deck(name) == cards  # the second time from the remembered decks
    with pytest.raises(DeckError, match=r"DM-2\.1"):
        game.check_deck(list(cards[:-1]))
    with pytest.raises(DeckError, match=r"DM-2\.1"):
        game.check_deck(Deck("short", cards[:-1]))
    assert game.check_deck(Deck("mine", cards)) == cards


def test_DM_4_4_reveals_are_shared_values_equal_to_new_ones() -> None:
    from tcgteach.darkmoon.rules.values import Reveal

    game = tcgteach.game("darkmoon")
    rng = random.Random(5)
    s = game.new_state(seed=5)
    reveals = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        last = s.last_reveal  # type: ignore[attr-defined]
        if last is not None:
            reveals += 1
            assert last == Reveal(last.card, last.to) and hash(last) == hash(Reveal(last.card, last.to))
    assert reveals > 5


def test_the_shuffle_on_halves_draws_next64s_numbers() -> None:
    """``shuffle_halves`` (what ``Rng.shuffle`` runs compiled) and ``Rng.shuffle`` against Fisher-Yates written
    with ``next64``: the same order and the same generator state after, from states at the edges of 64 bits and
    at random."""
    from tcgteach.core.rng import MASK64, Rng, shuffle_halves

    rnd = random.Random(7)
    starts = [0, 1, MASK64, 1 << 63, (1 << 32) - 1, 1 << 32] + [rnd.getrandbits(64) for _ in range(2000)]
    for start in starts:
        n = rnd.randrange(0, 90)
        ref, ref_rng = list(range(n)), Rng(start)
        for i in range(n - 1, 0, -1):
            j = (ref_rng.next64() * (i + 1)) >> 64
            ref[i], ref[j] = ref[j], ref[i]
        for shuffle in (shuffle_halves, Rng.shuffle):
            items, rng = list(range(n)), Rng(start)
            shuffle(rng, items)
            assert (items, rng.state) == (ref, ref_rng.state), (shuffle, start)
