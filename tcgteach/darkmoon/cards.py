"""DARK MOON cards: the data model, the loader of ``data/cards.json`` and deck validation (DM-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core.data import Reader, load_json, parse_deck_file
from ..core.errors import Violation

DATA = Path(__file__).resolve().parent / "data"

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

#: on-play effect vocabulary: op -> required keys (besides "op")
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

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    def label(self, lang: str = "en") -> str:
        name = self.name.get(lang, self.name["en"])
        return f"{name} #{self.number}" if self.number is not None else name


def parse_cards(data: Any, file: str) -> dict[str, Card]:
    r = Reader(file)
    entries = r.lst(r.header(data, "tcgteach-darkmoon-cards", "cards"), "cards")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(entries):
        w = f"cards[{i}]"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            w = f"cards[{i}] ({raw['id']})"
        kind = r.string(
            r.obj(raw, w, ("id", "type"), ("name", "text", "character", "number", "effect", "points", "depicts"))[
                "type"
            ],
            f"{w}.type",
            choices=("character", "special"),
        )
        if kind == "character":
            raw = r.obj(raw, w, ("id", "type", "character", "number", "name", "effect", "text"))
        else:
            raw = r.obj(raw, w, ("id", "type", "name", "depicts", "effect", "points", "text"))
        cid = r.string(raw["id"], f"{w}.id")
        if cid in cards:
            raise r.fail(f"{w}.id", f"duplicate card id {cid!r}")
        effect = _effect(r, raw["effect"], f"{w}.effect")
        card = Card(
            id=cid,
            type=kind,
            name=r.texts(raw["name"], f"{w}.name"),
            text=r.texts(raw["text"], f"{w}.text", empty=True),
            effect=effect,
        )
        if effect is not None and not card.text["en"]:
            raise r.fail(f"{w}.text", "a card with an effect needs its text in en and ja")
        if kind == "character":
            card = _replace(
                card,
                character=r.string(raw["character"], f"{w}.character", choices=CHARACTERS),
                number=r.integer(raw["number"], f"{w}.number", 1, 99),
            )
        else:
            depicts = raw["depicts"]
            if depicts is not None:
                r.string(depicts, f"{w}.depicts", choices=CHARACTERS)
            card = _replace(card, depicts=depicts, points=_points(r, raw["points"], f"{w}.points"))
        cards[cid] = card
    if not cards:
        raise r.fail("cards", "the card pool is empty")
    return cards


def _replace(card: Card, **changes: Any) -> Card:
    from dataclasses import replace

    return replace(card, **changes)


def _effect(r: Reader, raw: Any, w: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or "op" not in raw:
        raise r.fail(w, "expected null or an object with an 'op'")
    op = r.string(raw["op"], f"{w}.op", choices=tuple(EFFECT_OPS))
    r.obj(raw, w, ("op",) + EFFECT_OPS[op])
    if "n" in raw:
        r.integer(raw["n"], f"{w}.n", 1, 5)
    if "name" in raw and not (op == "return_opponent" and raw["name"] is None):
        r.string(raw["name"], f"{w}.name", choices=CHARACTERS)
    if "to" in raw:
        r.string(raw["to"], f"{w}.to", choices=("hand", "field"))
    return dict(raw)


def _points(r: Reader, raw: Any, w: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    if isinstance(raw, dict) and "per_name" in raw:
        r.obj(raw, w, ("value", "per_name"))
        r.string(raw["per_name"], f"{w}.per_name", choices=CHARACTERS)
    else:
        r.obj(raw, w, ("value", "if"))
        cond = raw["if"]
        if cond is not None:
            if not isinstance(cond, dict) or len(cond) != 1:
                raise r.fail(
                    f"{w}.if", "expected null or an object with exactly one condition: " + ", ".join(CONDITIONS)
                )
            ((key, arg),) = cond.items()
            r.string(key, f"{w}.if", choices=CONDITIONS)
            if key == "unit_has":
                r.string(arg, f"{w}.if.unit_has", choices=CHARACTERS)
            else:
                r.integer(arg, f"{w}.if.{key}", 1, 7)
    r.integer(raw["value"], f"{w}.value", 1, 9)
    return dict(raw)


@cache
def card_pool(path: str | None = None) -> dict[str, Card]:
    """The card pool (``data/cards.json`` by default), validated on load."""
    file = path or str(DATA / "cards.json")
    return parse_cards(load_json(file), file)


def parse_decks(data: Any, file: str, pool: Mapping[str, Card]) -> dict[str, dict[str, Any]]:
    return parse_deck_file(data, file, pool, "tcgteach-darkmoon-decks", validate_deck, "DM-2.5", "DM-7")


@cache
def starter_pool() -> dict[str, dict[str, Any]]:
    file = str(DATA / "decks.json")
    return parse_decks(load_json(file), file, card_pool())


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
    by_name: dict[str, list[Card]] = {}
    for c in specials:
        by_name.setdefault(c.name["en"], []).append(c)
    for name, group in by_name.items():
        if len(group) > MAX_SPECIAL_COPIES:
            out.append(
                Violation(
                    "DM-2.3",
                    f"{len(group)} copies of the special card {name!r}; at most {MAX_SPECIAL_COPIES}",
                    tuple(sorted({c.id for c in group})),
                    len(group),
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
