"""DARK MOON cards: the data model, the loader of ``data/cards.json`` and deck validation (DM-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from ...core.data import load_json, parse_deck_file, validate_file
from ...core.decks import same_name_groups
from ...core.errors import DataFileError, Violation
from ...core.schema import where

DATA = Path(__file__).resolve().parent.parent / "data"

#: DM-6.1: the seven character names
CHARACTERS = ("Heli", "Jino", "Shion", "Solon", "Jaan", "Jakah", "Noa")
CHARACTER_JA = {
    "Heli": "ヘリ",
    "Jino": "ジノ",
    "Shion": "シオン",
    "Solon": "ソロン",
    "Jaan": "ジャアン",
    "Jakah": "ジャカ",
    "Noa": "ノア",
}

#: on-play effect vocabulary: op -> required keys (besides "op"); the schema ``darkmoon-cards`` states the
#: same (a test checks that they agree)
EFFECT_OPS: dict[str, tuple[str, ...]] = {
    "draw": ("n",),
    "draw_if_field_has": ("name", "n"),
    "search": ("name", "to"),
    "peek": (),
    "return_opponent": ("name",),
    "place_from_hand": ("name",),
    "recycle": (),
    "each_draw": ("n",),
}
CONDITIONS = ("unit_has", "unit_distinct_at_least", "unit_characters_at_least")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    type: str  # "character" | "special"
    name: Mapping[str, str]
    text: Mapping[str, str]
    character: str | None = None  # DM-6.1 (characters only)
    number: int | None = None  # DM-2.4 game number (characters only)
    effect: Mapping[str, Any] | None = None
    points: Mapping[str, Any] | None = None  # DM-5.2 (specials only)
    depicts: str | None = None  # DM-6.2 single-character special (not a character card)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles go through the constructor: compiled (mypyc), the default restore of a frozen
        dataclass's state assigns to its frozen fields and fails (copy.deepcopy of a card pool)."""
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def is_character(self) -> bool:
        """Whether this is a character card (DM-6.1), as opposed to a special card (DM-6.2)."""
        return self.type == "character"

    def label(self, lang: str = "en") -> str:
        """The card's name in ``lang`` with its number ("Heli #3"), as boards and logs show it."""
        name = self.name.get(lang, self.name["en"])
        return f"{name} #{self.number}" if self.number is not None else name


def parse_cards(data: Any, file: str, *, checked: bool = False) -> dict[str, Card]:
    """The cards of a ``tcgteach-darkmoon-cards`` file: its schema first (``darkmoon-cards``; skipped when
    ``checked``, for the package's own file, which the test suite validates), then unique card IDs."""
    if not checked:
        validate_file(data, "darkmoon-cards", file)
    cards: dict[str, Card] = {}
    for i, raw in enumerate(data["cards"]):
        cid = raw["id"]
        if cid in cards:
            raise DataFileError(file, where(data, ("cards", i, "id")), f"duplicate card id {cid!r}")
        effect = raw["effect"]
        common = {
            "id": cid,
            "type": raw["type"],
            "name": dict(raw["name"]),
            "text": dict(raw["text"]),
            "effect": None if effect is None else dict(effect),
        }
        if raw["type"] == "character":
            cards[cid] = Card(**common, character=raw["character"], number=raw["number"])
        else:
            points = raw["points"]
            cards[cid] = Card(**common, depicts=raw["depicts"], points=None if points is None else _copy(points))
    return cards


def _copy(value: Any) -> Any:
    return {k: _copy(v) for k, v in value.items()} if isinstance(value, dict) else value


@cache
def card_pool() -> dict[str, Card]:
    """The package's card pool, ``data/cards.json`` (its schema is checked by the test suite)."""
    file = str(DATA / "cards.json")
    return parse_cards(load_json(file), file, checked=True)


def parse_decks(data: Any, file: str, pool: Mapping[str, Card], *, checked: bool = False) -> dict[str, dict[str, Any]]:
    """The starter decks of a decks file, each checked against the pool and the deck rules (DM-2)."""
    return parse_deck_file(
        data, file, pool, "tcgteach-darkmoon-decks", validate_deck, "DM-2.5", "DM-7", checked=checked
    )


@cache
def starter_pool() -> dict[str, dict[str, Any]]:
    file = str(DATA / "decks.json")
    return parse_decks(load_json(file), file, card_pool(), checked=True)


DECK_SIZE = 40  # DM-2.1
MAX_SPECIALS = 8  # DM-2.2
MAX_SPECIAL_COPIES = 4  # DM-2.3
MAX_PER_NUMBER = 4  # DM-2.4


def validate_deck(cards: Sequence[str], pool: Mapping[str, Card]) -> list[Violation]:
    """Every DM-2 violation of a deck at once, each with rule ID, cards and counts."""
    out: list[Violation] = []
    unknown = sorted({c for c in cards if c not in pool})
    if unknown:
        out.append(
            Violation(
                "DM-7", f"unknown card id(s): {', '.join(unknown)} (not in the card pool)", tuple(unknown), len(unknown)
            )
        )
    if len(cards) != DECK_SIZE:
        out.append(
            Violation(
                "DM-2.1",
                f"the deck has {len(cards)} cards; it must have exactly {DECK_SIZE}",
                (),
                len(cards),
                DECK_SIZE,
            )
        )
    known = [pool[c] for c in cards if c in pool]
    specials = [c for c in known if not c.is_character]
    if len(specials) > MAX_SPECIALS:
        out.append(
            Violation(
                "DM-2.2",
                f"{len(specials)} special cards; at most {MAX_SPECIALS} are allowed",
                tuple(sorted({c.id for c in specials})),
                len(specials),
                MAX_SPECIALS,
            )
        )
    # DM-2.3: same name in any language (the printed Japanese one included) counts as one name
    for ids in same_name_groups([c.id for c in specials], lambda cid: pool[cid].name):
        if len(ids) > MAX_SPECIAL_COPIES:
            name = pool[ids[0]].name["en"]
            out.append(
                Violation(
                    "DM-2.3",
                    f"{len(ids)} copies of the special card {name!r}; at most {MAX_SPECIAL_COPIES}",
                    tuple(sorted(set(ids))),
                    len(ids),
                    MAX_SPECIAL_COPIES,
                )
            )
    by_number: dict[int, list[Card]] = {}
    for c in known:
        if c.is_character:
            by_number.setdefault(c.number or 0, []).append(c)
    for number in sorted(by_number):
        group = by_number[number]
        if len(group) > MAX_PER_NUMBER:
            names = ", ".join(sorted({f"{c.id} {c.character}" for c in group}))
            out.append(
                Violation(
                    "DM-2.4",
                    f"{len(group)} character cards with number {number} ({names}); at most "
                    f"{MAX_PER_NUMBER} across all characters",
                    tuple(sorted({c.id for c in group})),
                    len(group),
                    MAX_PER_NUMBER,
                )
            )
    return out
