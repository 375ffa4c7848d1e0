"""Dragon Quest cards: data model, loader of ``data/cards.json`` and deck validation (DQ-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any, Final

from ...core.data import load_json, parse_deck_file, validate_file
from ...core.decks import same_name_groups
from ...core.errors import DataFileError, Violation
from ...core.schema import where

DATA = Path(__file__).resolve().parent.parent / "data"

EQUIP_TYPES = ("sword", "staff", "axe", "bow", "claw")
#: the vocabulary of the card file; the schema ``dragonquest-cards`` states the same (a test checks that they agree)
TIMINGS = ("prep", "start", "action")
TARGETS = ("none", "self", "own", "enemy", "enemy_front")
PLAYER_OPS = {"gain_gp": (1, 3), "draw": (1, 2)}
CARD_OPS = {
    "damage": (1, 3),
    "heal": (1, 3),
    "cure": None,
    "poison": None,
    "confuse": None,
    "close": None,
    "activate": None,
}
PARTY_TYPES = ("character", "monster")


@dataclass(frozen=True, slots=True)
class Effect:
    """A special effect (DQ-10.1), an item's use (DQ-10.2) or a quest's effect (DQ-10.3)."""

    timing: str  # prep | start | action | item | quest
    close: bool
    hand: int  # DQ-6.11 / DQ-10.1: close and hand costs only, never GP
    target: str
    ops: tuple[tuple[str, int], ...]  # (op, n) with n = 0 for ops without a number

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles go through the constructor: compiled (mypyc), the default restore of a frozen
        dataclass's state assigns to its frozen fields and fails (copy.deepcopy of a card pool)."""
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    type: str  # character | monster | item | quest
    name: Mapping[str, str]
    text: Mapping[str, str]
    level: int = 0
    cost: int = 0
    attack: int = 0
    hp: int = 0
    speed: int = 0
    equip: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    use: Effect | None = None  # items
    hand_cost: int = 0  # quests
    stays: bool = False  # quests
    aura: Mapping[str, int] | None = None  # staying quests

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles go through the constructor: compiled (mypyc), the default restore of a frozen
        dataclass's state assigns to its frozen fields and fails (copy.deepcopy of a card pool)."""
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def is_party(self) -> bool:
        """Whether the card is a party card (a character or a monster, DQ-10.1) that can stand on the field."""
        return self.type in PARTY_TYPES

    def label(self, lang: str = "en") -> str:
        """The card's name in ``lang``."""
        return self.name.get(lang, self.name["en"])


def _effect(raw: Mapping[str, Any]) -> Effect:
    cost = raw["cost"]
    ops = tuple((op["op"], op.get("n", 0)) for op in raw["do"])
    return Effect(raw["timing"], cost["close"], cost["hand"], raw["target"], ops)


def parse_cards(data: Any, file: str, *, checked: bool = False) -> dict[str, Card]:
    """The cards of a ``tcgteach-dragonquest-cards`` file: its schema first (``dragonquest-cards``; skipped
    when ``checked``, for the package's own file, which the test suite validates), then unique card IDs."""
    if not checked:
        validate_file(data, "dragonquest-cards", file)
    cards: dict[str, Card] = {}
    for i, raw in enumerate(data["cards"]):
        kind = raw["type"]
        cid = raw["id"]
        if cid in cards:
            raise DataFileError(file, where(data, ("cards", i, "id")), f"duplicate card id {cid!r}")
        name, text = dict(raw["name"]), dict(raw["text"])
        if kind in PARTY_TYPES:
            card = Card(
                cid,
                kind,
                name,
                text,
                level=raw["level"],
                cost=raw["cost"],
                attack=raw["attack"],
                hp=raw["hp"],
                speed=raw["speed"],
                equip=tuple(raw.get("equip", ())),
                effects=tuple(_effect(e) for e in raw["effects"]),
            )
        elif kind == "item":
            card = Card(
                cid,
                kind,
                name,
                text,
                cost=raw["cost"],
                attack=raw["attack"],
                hp=raw["hp"],
                speed=raw["speed"],
                equip=tuple(raw["equip"]),
                use=None if raw["use"] is None else _effect(raw["use"]),
            )
        else:
            ops = tuple((op["op"], op.get("n", 0)) for op in raw["do"])
            aura = raw["aura"]
            card = Card(
                cid,
                kind,
                name,
                text,
                hand_cost=raw["hand_cost"],
                effects=(Effect("quest", False, raw["hand_cost"], raw["target"], ops),),
                stays=raw["stays"],
                aura=None if aura is None else {k: aura[k] for k in ("attack", "hp", "speed")},
            )
        cards[cid] = card
    return cards


@cache
def card_pool() -> dict[str, Card]:
    """The package's card pool, ``data/cards.json`` (its schema is checked by the test suite)."""
    file = str(DATA / "cards.json")
    return parse_cards(load_json(file), file, checked=True)


DECK_SIZE: Final = 50  # DQ-2.1
MAX_COPIES = 4  # DQ-2.2


def validate_deck(cards: Sequence[str], pool: Mapping[str, Card]) -> list[Violation]:
    """Every DQ-2 violation at once."""
    out: list[Violation] = []
    unknown = sorted({c for c in cards if c not in pool})
    if unknown:
        out.append(
            Violation(
                "DQ-11",
                f"unknown card id(s): {', '.join(unknown)} (not in the card pool)",
                tuple(unknown),
                len(unknown),
            )
        )
    if len(cards) != DECK_SIZE:
        out.append(
            Violation(
                "DQ-2.1",
                f"the deck has {len(cards)} cards; it must have exactly {DECK_SIZE}",
                (),
                len(cards),
                DECK_SIZE,
            )
        )
    # DQ-2.2: same name in any language (the printed Japanese one included) counts as one name
    for group in same_name_groups([c for c in cards if c in pool], lambda cid: pool[cid].name):
        if len(group) > MAX_COPIES:
            name = pool[group[0]].name["en"]
            out.append(
                Violation(
                    "DQ-2.2",
                    f"{len(group)} copies of {name!r}; at most {MAX_COPIES} of a name",
                    tuple(sorted(set(group))),
                    len(group),
                    MAX_COPIES,
                )
            )
    return out


def parse_decks(data: Any, file: str, pool: Mapping[str, Card], *, checked: bool = False) -> dict[str, dict[str, Any]]:
    """The starter decks of a decks file, each checked against the pool and the deck rules (DQ-2)."""
    return parse_deck_file(
        data, file, pool, "tcgteach-dragonquest-decks", validate_deck, "DQ-2.3", "DQ-11", checked=checked
    )


@cache
def starter_pool() -> dict[str, dict[str, Any]]:
    file = str(DATA / "decks.json")
    return parse_decks(load_json(file), file, card_pool(), checked=True)
