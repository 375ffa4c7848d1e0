"""What never changes during a Dragon Quest game: the facts of its card instances (``Instances``, per set of
decks) and its options as the rules read them (``Readings``, per game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from . import actions as A
from .cards import Card
from .combat import Combat
from .ids import CHAR, ITEM, MONSTER, QUESTCARD

if TYPE_CHECKING:
    from ..game import DragonQuest

_KIND: Final = {"character": CHAR, "monster": MONSTER, "item": ITEM, "quest": QUESTCARD}
#: an effect of a party card as ``effects.add_effect_actions`` reads it: close, hand cost, target, its Use action
UseFacts = tuple[bool, int, str, A.Action]


class Instances:
    """Facts about each card instance of one game (shared, never changes)."""

    __slots__ = (
        "cards", "owner", "kind", "level", "cost", "attack", "hp", "speed", "stats", "n", "act", "equip", "uses",
        "equips", "swaps", "to_front", "to_back", "treats", "heals", "restores", "moves", "item_uses", "quests",
        "discards", "targets", "attacks", "blocks", "advances", "combats",
    )  # fmt: skip

    def __init__(self, decks: list[tuple[str, ...]], pool: dict[str, Card]) -> None:
        cards = [pool[c] for deck in decks for c in deck]
        self.cards = tuple(cards)
        self.owner = tuple(p for p, deck in enumerate(decks) for _ in deck)
        self.kind = tuple(_KIND[c.type] for c in cards)
        self.level = tuple(c.level for c in cards)
        self.cost = tuple(c.cost for c in cards)
        self.attack = tuple(c.attack for c in cards)
        self.hp = tuple(c.hp for c in cards)
        self.speed = tuple(c.speed for c in cards)
        #: (attack, hp, speed) as printed, never below 0: a card's stats without item or aura (DQ-7.8)
        self.stats = tuple((max(0, c.attack), max(0, c.hp), max(0, c.speed)) for c in cards)
        self.n = len(cards)
        n = self.n
        # interned actions: legal lists reuse these objects
        self.act: dict[str, Any] = {
            "front": tuple(A.Recruit(i, "front") for i in range(n)),
            "back": tuple(A.Recruit(i, "back") for i in range(n)),
            "treat": tuple(A.Treat(i) for i in range(n)),
            "heal": tuple(A.Heal(i) for i in range(n)),
            "restore": tuple(A.Restore(i) for i in range(n)),
            "move": tuple(A.Move(i) for i in range(n)),
            "item": tuple(A.UseItem(i) for i in range(n)),
            "quest": tuple(A.Quest(i) for i in range(n)),
            "discard": tuple(A.Discard(i) for i in range(n)),
            "target": tuple(A.Target(i) for i in range(n)),
            "attack": tuple(A.Attack(i) for i in range(n)),
            "block": tuple(A.Block(i) for i in range(n)),
            "advance": tuple(A.Advance(i) for i in range(n)),
            "use": tuple((A.Use(i, 0), A.Use(i, 1), A.Use(i, 2)) for i in range(n)),
        }
        # the same tuples as attributes: the legal lists read them without a lookup by name
        self.to_front: tuple[A.Action, ...] = self.act["front"]
        self.to_back: tuple[A.Action, ...] = self.act["back"]
        self.treats: tuple[A.Action, ...] = self.act["treat"]
        self.heals: tuple[A.Action, ...] = self.act["heal"]
        self.restores: tuple[A.Action, ...] = self.act["restore"]
        self.moves: tuple[A.Action, ...] = self.act["move"]
        self.item_uses: tuple[A.Action, ...] = self.act["item"]
        self.quests: tuple[A.Action, ...] = self.act["quest"]
        self.discards: tuple[A.Action, ...] = self.act["discard"]
        self.targets: tuple[A.Action, ...] = self.act["target"]
        self.attacks: tuple[A.Action, ...] = self.act["attack"]
        self.blocks: tuple[A.Action, ...] = self.act["block"]
        self.advances: tuple[A.Action, ...] = self.act["advance"]
        #: each card's equip types (DQ-6.9)
        self.equip = tuple(frozenset(c.equip) for c in cards)
        #: timing -> per card: (close, hand, target, its Use action) of each of its effects with that timing, in order
        #: (the effect's fields as a tuple of native values: compiled, an Effect's fields are read by name)
        uses: dict[str, list[tuple[UseFacts, ...]]] = {}
        for timing in sorted({eff.timing for card in cards for eff in card.effects}):
            uses[timing] = [
                tuple(
                    (eff.close, eff.hand, eff.target, _use(self.act, i, k))
                    for k, eff in enumerate(card.effects)
                    if eff.timing == timing
                )
                for i, card in enumerate(cards)
            ]
        self.uses: dict[str, tuple[tuple[UseFacts, ...], ...]] = {t: tuple(u) for t, u in uses.items()}
        #: the interned Equip(item, card) and Swap(front, back) actions, made when first listed (too many pairs to
        #: make up front) and shared by every state of these instances (``preparation.equip_action``, ``swap_action``),
        #: keyed by item * n + card and front * n + back
        self.equips: dict[int, A.Equip] = {}
        self.swaps: dict[int, A.Swap] = {}
        #: the fights under way (``state.combat``), each value made once (``battle.combat_of``)
        self.combats: dict[int, Combat] = {}


def _use(act: dict[str, Any], card: int, k: int) -> A.Action:
    """The interned ``Use(card, k)`` (a fourth effect of one card would get its own object)."""
    interned: tuple[A.Action, ...] = act["use"][card]
    return interned[k] if k < len(interned) else A.Use(card, k)


class Readings:
    """The game's options as the rules read them, worked out once per state from ``game.options`` (a rule reads
    a flag here, not a string in the options' dict, at every draw, defeat and end of turn)."""

    __slots__ = ("empty_loses", "strict", "repair_immediate", "wipe_literal", "tick_both", "turn_limit", "draw_minimum")

    def __init__(self, game: DragonQuest) -> None:
        options = game.options
        #: DQ-1.2 option deck_out: a player loses as soon as the deck is empty
        self.empty_loses: bool = options["deck_out"] == "empty_loses"
        #: DQ-5.3 option formation: the front row must outnumber the back row
        self.strict: bool = options["formation"] == "strict"
        #: DQ-5.5 option formation_repair: a broken formation is repaired at once
        self.repair_immediate: bool = options["formation_repair"] == "immediate"
        #: DQ-6.14 option wipe_out: every player is checked at every turn end
        self.wipe_literal: bool = options["wipe_out"] == "literal"
        #: DQ-6.14 option status_tick: both players' cards take their poison and confusion damage
        self.tick_both: bool = options["status_tick"] == "both_players"
        #: DQ-1.4 option turn_limit, 0 for None (no cap)
        limit = options["turn_limit"]
        self.turn_limit: int = 0 if limit is None else limit
        #: DQ-6.3a option draw_minimum
        self.draw_minimum: int = options["draw_minimum"]
