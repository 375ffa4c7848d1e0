"""Dragon Quest cards: data model, loader of ``data/cards.json`` and deck validation (DQ-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core.data import Reader, load_json, parse_deck_file
from ..core.errors import Violation

DATA = Path(__file__).resolve().parent / "data"

EQUIP_TYPES = ("sword", "staff", "axe", "bow", "claw")
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

    @property
    def is_party(self) -> bool:
        return self.type in PARTY_TYPES

    def label(self, lang: str = "en") -> str:
        return self.name.get(lang, self.name["en"])


def _effect(r: Reader, raw: Any, w: str, timing: str | None = None) -> Effect:
    keys = ("timing", "cost", "target", "do")
    raw = r.obj(raw, w, keys)
    t = r.string(raw["timing"], f"{w}.timing", choices=(timing,) if timing else TIMINGS)
    if isinstance(raw["cost"], dict) and "gp" in raw["cost"]:
        raise r.fail(
            f"{w}.cost.gp",
            "DQ-6.11: effects never cost GP - an effect costs closing the card and/or "
            "discarding cards from hand (GP pays only a card's COST: recruit, treat, heal, "
            "restore, equip)",
        )
    cost = r.obj(raw["cost"], f"{w}.cost", ("close", "hand"))
    if not isinstance(cost["close"], bool):
        raise r.fail(f"{w}.cost.close", f"expected true or false, got {cost['close']!r}")
    hand = r.integer(cost["hand"], f"{w}.cost.hand", 0, 3)
    if timing == "item" and (cost["close"] is not True or hand):
        raise r.fail(f"{w}.cost", "an item's use costs exactly: close the carrier (DQ-4.6), no hand cost")
    target = r.string(raw["target"], f"{w}.target", choices=TARGETS)
    ops = _ops(r, raw["do"], f"{w}.do", target)
    return Effect(t, cost["close"], hand, target, ops)


def _ops(r: Reader, raw: Any, w: str, target: str) -> tuple[tuple[str, int], ...]:
    items = r.lst(raw, w)
    if not 1 <= len(items) <= 3:
        raise r.fail(w, "expected 1 to 3 ops")
    ops = []
    for i, op in enumerate(items):
        ww = f"{w}[{i}]"
        if not isinstance(op, dict) or "op" not in op:
            raise r.fail(ww, "expected an object with an 'op'")
        name = r.string(op["op"], f"{ww}.op", choices=tuple(CARD_OPS) + tuple(PLAYER_OPS))
        span = CARD_OPS.get(name) if name in CARD_OPS else PLAYER_OPS[name]
        if span is None:
            r.obj(op, ww, ("op",))
            n = 0
        else:
            r.obj(op, ww, ("op", "n"))
            n = r.integer(op["n"], f"{ww}.n", span[0], span[1])
        if name in CARD_OPS and target == "none":
            raise r.fail(ww, f"op {name!r} acts on a card: the effect needs a target other than 'none'")
        ops.append((name, n))
    return tuple(ops)


def parse_cards(data: Any, file: str) -> dict[str, Card]:
    r = Reader(file)
    entries = r.lst(r.header(data, "tcgteach-dragonquest-cards", "cards"), "cards")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(entries):
        w = f"cards[{i}]"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            w = f"cards[{i}] ({raw['id']})"
        if not isinstance(raw, dict) or "type" not in raw:
            raise r.fail(w, "expected an object with a 'type'")
        kind = r.string(raw["type"], f"{w}.type", choices=("character", "monster", "item", "quest"))
        if kind in PARTY_TYPES:
            keys = ("id", "type", "name", "level", "cost", "attack", "hp", "speed", "effects", "text")
            raw = r.obj(raw, w, keys + (("equip",) if kind == "character" else ()))
            effects = tuple(
                _effect(r, e, f"{w}.effects[{k}]") for k, e in enumerate(r.lst(raw["effects"], f"{w}.effects"))
            )
            equip: tuple[str, ...] = ()
            if kind == "character":
                equip = tuple(
                    r.string(t, f"{w}.equip[{k}]", choices=EQUIP_TYPES)
                    for k, t in enumerate(r.lst(raw["equip"], f"{w}.equip"))
                )
                if not equip:
                    raise r.fail(f"{w}.equip", "a character has at least one equip type (DQ-6.9)")
            card = Card(
                r.string(raw["id"], f"{w}.id"),
                kind,
                r.texts(raw["name"], f"{w}.name"),
                r.texts(raw["text"], f"{w}.text", empty=True),
                level=r.integer(raw["level"], f"{w}.level", 1, 9),
                cost=r.integer(raw["cost"], f"{w}.cost", 0, 9),
                attack=r.integer(raw["attack"], f"{w}.attack", 0, 20),
                hp=r.integer(raw["hp"], f"{w}.hp", 1, 30),
                speed=r.integer(raw["speed"], f"{w}.speed", 0, 20),
                equip=equip,
                effects=effects,
            )
        elif kind == "item":
            raw = r.obj(raw, w, ("id", "type", "name", "cost", "equip", "attack", "hp", "speed", "use", "text"))
            equip = tuple(
                r.string(t, f"{w}.equip[{k}]", choices=EQUIP_TYPES)
                for k, t in enumerate(r.lst(raw["equip"], f"{w}.equip"))
            )
            if not equip:
                raise r.fail(f"{w}.equip", "an item has at least one equip type (DQ-10.2)")
            use = None if raw["use"] is None else _effect(r, raw["use"], f"{w}.use", timing="item")
            card = Card(
                r.string(raw["id"], f"{w}.id"),
                kind,
                r.texts(raw["name"], f"{w}.name"),
                r.texts(raw["text"], f"{w}.text", empty=True),
                cost=r.integer(raw["cost"], f"{w}.cost", 0, 9),
                attack=r.integer(raw["attack"], f"{w}.attack", -5, 9),
                hp=r.integer(raw["hp"], f"{w}.hp", -5, 9),
                speed=r.integer(raw["speed"], f"{w}.speed", -5, 9),
                equip=equip,
                use=use,
            )
        else:
            raw = r.obj(raw, w, ("id", "type", "name", "hand_cost", "target", "do", "stays", "aura", "text"))
            target = r.string(raw["target"], f"{w}.target", choices=("none", "own", "enemy", "enemy_front"))
            hand = r.integer(raw["hand_cost"], f"{w}.hand_cost", 0, 3)
            effect = Effect("quest", False, hand, target, _ops(r, raw["do"], f"{w}.do", target))
            if not isinstance(raw["stays"], bool):
                raise r.fail(f"{w}.stays", f"expected true or false, got {raw['stays']!r}")
            aura = raw["aura"]
            if aura is not None:
                if not raw["stays"]:
                    raise r.fail(f"{w}.aura", "only a quest that stays (stays: true) has an aura")
                aura = r.obj(aura, f"{w}.aura", ("attack", "hp", "speed"))
                aura = {k: r.integer(aura[k], f"{w}.aura.{k}", 0, 3) for k in ("attack", "hp", "speed")}
            card = Card(
                r.string(raw["id"], f"{w}.id"),
                kind,
                r.texts(raw["name"], f"{w}.name"),
                r.texts(raw["text"], f"{w}.text", empty=True),
                hand_cost=hand,
                effects=(effect,),
                stays=raw["stays"],
                aura=aura,
            )
        if card.id in cards:
            raise r.fail(f"{w}.id", f"duplicate card id {card.id!r}")
        if (card.effects or card.use) and not card.text["en"]:
            raise r.fail(f"{w}.text", "a card with an effect needs its text in en and ja")
        cards[card.id] = card
    if not cards:
        raise r.fail("cards", "the card pool is empty")
    return cards


@cache
def card_pool(path: str | None = None) -> dict[str, Card]:
    file = path or str(DATA / "cards.json")
    return parse_cards(load_json(file), file)


DECK_SIZE = 50  # DQ-2.1
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
    by_name: dict[str, list[str]] = {}
    for c in cards:
        if c in pool:
            by_name.setdefault(pool[c].name["en"], []).append(c)
    for name, group in by_name.items():
        if len(group) > MAX_COPIES:
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


def parse_decks(data: Any, file: str, pool: Mapping[str, Card]) -> dict[str, dict[str, Any]]:
    return parse_deck_file(data, file, pool, "tcgteach-dragonquest-decks", validate_deck, "DQ-2.3", "DQ-11")


@cache
def starter_pool() -> dict[str, dict[str, Any]]:
    file = str(DATA / "decks.json")
    return parse_decks(load_json(file), file, card_pool())
