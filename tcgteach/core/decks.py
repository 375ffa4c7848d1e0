"""Decks: a named list of card IDs (``Deck``), and a deck in any form a caller gives it read as its card IDs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import DeckError, Violation

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Deck", "deck_cards", "same_name_groups"]


@dataclass(frozen=True)
class Deck:
    """A named list of card IDs (one entry per physical card)."""

    name: str
    cards: tuple[str, ...]
    title: Mapping[str, str] | None = None
    style: Mapping[str, str] | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def counts(self) -> dict[str, int]:
        """Card ID -> number of copies in the deck."""
        out: dict[str, int] = {}
        for c in self.cards:
            out[c] = out.get(c, 0) + 1
        return out


def deck_cards(game: Game, deck: Any, label: str) -> tuple[str, ...]:
    """``Game.deck_cards``: the card IDs of a deck in any of its forms (``label`` checked by the caller)."""
    if isinstance(deck, Deck):
        return deck.cards
    if isinstance(deck, str):
        return game.starter_deck(deck).cards
    if isinstance(deck, Mapping):
        size = game.deck_size
        out: list[str] = []
        for cid, n in deck.items():
            if not isinstance(cid, str):
                raise DeckError([Violation(game.contract_rule, f"card IDs must be strings, not {_clip(cid)}")], label)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise DeckError(
                    [
                        Violation(
                            game.contract_rule,
                            f"count of {_clip(cid)} must be a whole number >= 0, not {_clip(n)}",
                            (cid,),
                        )
                    ],
                    label,
                )
            # a count above the deck size is refused before any list is made (10**20 copies would not fit)
            if size and (n > size or len(out) + n > size):
                total = len(out) + n
                raise DeckError(
                    [
                        Violation(
                            game.size_rule,
                            f"{_clip(n)} copies of {_clip(cid)} make {_clip(total)} cards or more; "
                            f"a deck has exactly {size}",
                            (cid,),
                            n,
                            size,
                        )
                    ],
                    label,
                )
            out.extend([cid] * n)
        return tuple(out)
    if isinstance(deck, (list, tuple)):
        size = game.deck_size
        if size and len(deck) > 4 * size:  # far too many cards: said at once, without checking each of them
            raise DeckError(
                [
                    Violation(
                        game.size_rule,
                        f"the deck has {len(deck):,} cards; it must have exactly {size}",
                        (),
                        len(deck),
                        size,
                    )
                ],
                label,
            )
        bad = [c for c in deck if not isinstance(c, str)]
        if bad:
            raise DeckError([Violation(game.contract_rule, f"card IDs must be strings, not {_clip(bad[0])}")], label)
        return tuple(deck)
    raise DeckError(
        [
            Violation(
                game.contract_rule,
                f"a deck must be a Deck, a starter deck name, a list of card IDs "
                f"or a mapping of ID to count, not {type(deck).__name__}",
            )
        ],
        label,
    )


def _clip(value: Any) -> str:
    """``repr(value)``, cut to 40 characters (a count of 10**4000 would fill the screen)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out in full
        return f"a number of {value.bit_length()} bits"
    return text if len(text) <= 40 else text[:37] + "..."


def same_name_groups(ids: Sequence[str], names: Callable[[str], Mapping[str, str]]) -> list[list[str]]:
    """The deck's cards (``ids``, one entry per copy) grouped by name for a same-name copy limit: two cards
    count together when they share their name in any language (``names(id)``: {"en": ..., "ja": ...}), so
    two cards printed with one Japanese name but translated apart are one name. Groups in first-seen order."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[tuple[str, str], str] = {}  # (language, name) -> the first card id with it
    for cid in dict.fromkeys(ids):
        parent.setdefault(cid, cid)
        for lang, name in names(cid).items():
            first = owner.setdefault((lang, name), cid)
            a, b = root(first), root(cid)
            if a != b:
                parent[b] = a
    groups: dict[str, list[str]] = {}
    for cid in ids:
        groups.setdefault(root(cid), []).append(cid)
    return list(groups.values())
