"""The attack arithmetic of Dragon Quest (DQ-7.7, DQ-7.8, DQ-8.1, DQ-8.2, DQ-1.2), in one place.

:func:`resolve_fight` is a pure function over frozen values: two :class:`Fighter` (what the cards
bring to the fight) and whether the defender counterattacks go in, a :class:`FightResult` (the
speed order, the blows, whether the first strike prevented the return blow, what was defeated,
whose deck ran out) comes out. The engine applies the result (``battle.judgment``), the heuristic
player predicts fights with it (``facts.Facts.fight``), and the combat explanation reads the
result back from the recorded battle event (:func:`result_of_record`).

:class:`Combat` is the fight under way in a state (``state.combat``): who attacks, who defends,
and whether the defender counterattacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

#: DQ-7.7/DQ-7.8: who strikes when
Order = Literal["attacker_only", "attacker_first", "defender_first", "simultaneous"]
ORDERS: tuple[Order, ...] = ("attacker_only", "attacker_first", "defender_first", "simultaneous")

UNDECIDED: Final = -1  # Combat.defender / Combat.counter not fixed yet


@dataclass(frozen=True, slots=True)
class Combat:
    """The attack under way (DQ-7.3 - DQ-7.7): saved as ``[attacker, defender, counter]``.

    ``defender`` is -1 until it is fixed (DQ-7.4, DQ-7.5); ``counter`` is -1 until decided, then
    1 (counterattacks, DQ-7.7) or 0.
    """

    attacker: int
    defender: int = UNDECIDED
    counter: int = UNDECIDED


@dataclass(frozen=True, slots=True)
class Fighter:
    """One card as it enters the judgment step (DQ-7.8).

    ``attack`` and ``speed`` are totals with every modifier (items, staying quests); ``damage`` is
    the number of damage cards already on it (DQ-8.1); ``deck`` is the number of cards left in its
    owner's deck, or None to ignore running out (a prediction that only weighs the blows).
    """

    card: int
    attack: int
    speed: int
    hp: int
    damage: int = 0
    deck: int | None = None

    @property
    def left(self) -> int:
        """HP left: a blow of at least this much defeats the card (DQ-7.8)."""
        return self.hp - self.damage


@dataclass(frozen=True, slots=True)
class Blow:
    """One card striking another for ``damage`` (DQ-7.8, DQ-8.1)."""

    source: int
    target: int
    damage: int
    #: damage cards actually moved onto the target: fewer than ``damage`` if its owner's deck ran short (DQ-1.2)
    taken: int
    #: the target's damage cards before this blow
    before: int
    #: the target's accumulated damage reaches its HP (DQ-7.8, DQ-8.2)
    defeats: bool
    #: the target's owner met a losing condition by this blow (DQ-1.2, option ``deck_out``)
    decks_out: bool

    @property
    def after(self) -> int:
        """The damage the struck card carries after the blow (before plus taken)."""
        return self.before + self.taken

    @property
    def short(self) -> bool:
        """The deck had fewer cards than the damage (DQ-1.2 ``cannot_take``)."""
        return self.taken < self.damage


@dataclass(frozen=True, slots=True)
class FightResult:
    """What a fight does (DQ-7.8), blow by blow."""

    attacker: Fighter
    defender: Fighter
    counter: bool
    order: Order
    blows: tuple[Blow, ...]
    #: the first strike defeated its target, so the return blow never came (DQ-7.8)
    prevented: bool
    #: defeated cards in the order they leave the field (simultaneous blows: defender first)
    defeated: tuple[int, ...]

    @property
    def simultaneous(self) -> bool:
        """Equal speed: both blows land in the same instruction; defeats are checked after both."""
        return self.order == "simultaneous"

    def damage_to(self, card: int) -> int:
        """Battle damage dealt to ``card`` (as dealt, whether or not the deck could pay it)."""
        return sum(b.damage for b in self.blows if b.target == card)

    def fighter(self, card: int) -> Fighter:
        """The fighter (attacker or defender) that is ``card``."""
        return self.attacker if card == self.attacker.card else self.defender


def speed_order(attacker: Fighter, defender: Fighter, counter: bool) -> Order:
    """DQ-7.8: the faster card strikes first, equal speed is simultaneous; without a counterattack (DQ-7.7)
    only the attacker strikes."""
    if not counter:
        return "attacker_only"
    if attacker.speed > defender.speed:
        return "attacker_first"
    if defender.speed > attacker.speed:
        return "defender_first"
    return "simultaneous"


def _blow(source: Fighter, target: Fighter, empty_loses: bool) -> Blow:
    """``source`` hits ``target`` for its attack: the owner moves that many cards from the deck onto it (DQ-8.1)."""
    n = source.attack
    deck = target.deck
    if deck is None:
        taken, out = n, False
    else:
        # DQ-1.2: a card that cannot be taken loses (cannot_take); with empty_loses an emptied deck loses too
        taken = min(n, deck)
        out = n > 0 and (n > deck or (empty_loses and n >= deck))
    return Blow(source.card, target.card, n, taken, target.damage, target.damage + taken >= target.hp, out)


def resolve_fight(attacker: Fighter, defender: Fighter, counter: bool, empty_loses: bool = False) -> FightResult:
    """DQ-7.8: the blows of one attack in speed order.

    A defending card that does not counterattack deals no damage (DQ-7.7). If the first strike defeats
    the other card, the first striker takes no damage (``prevented``); if it makes the other's owner
    lose (DQ-1.2), the game is over and there is no return blow either. Simultaneous blows both land,
    then both cards are checked, the defender first. ``empty_loses`` is option ``deck_out=empty_loses``.
    """
    order = speed_order(attacker, defender, counter)
    if order == "attacker_only":
        only = _blow(attacker, defender, empty_loses)
        return FightResult(attacker, defender, False, order, (only,), False, (defender.card,) if only.defeats else ())
    if order == "simultaneous":
        to_d, to_a = _blow(attacker, defender, empty_loses), _blow(defender, attacker, empty_loses)
        dead = tuple(b.target for b in (to_d, to_a) if b.defeats)
        return FightResult(attacker, defender, True, order, (to_d, to_a), False, dead)
    first, second = (attacker, defender) if order == "attacker_first" else (defender, attacker)
    strike = _blow(first, second, empty_loses)
    if strike.defeats:  # DQ-7.8: a first strike that defeats prevents the return blow
        return FightResult(attacker, defender, True, order, (strike,), True, (second.card,))
    if strike.decks_out:  # the game ends with this instruction (DQ-1.2)
        return FightResult(attacker, defender, True, order, (strike,), False, ())
    back = _blow(second, first, empty_loses)
    return FightResult(attacker, defender, True, order, (strike, back), False, (first.card,) if back.defeats else ())


def result_of_record(info: Mapping[str, Any]) -> FightResult:
    """The :class:`FightResult` written in a ``battle`` event's data (see ``battle.judgment``).

    The record keeps the totals, not the decks: ``decks_out`` is told only for a blow the deck could not
    pay in full (``short``), and the fighters' ``deck`` is None.
    """
    att, dfn = info["attacker"], info["defender"]
    fighters = {
        who: Fighter(
            card, info["attack"][who]["total"], info["speed"][who]["total"], info["hp"][who], info["damage_before"][who]
        )
        for who, card in (("attacker", att), ("defender", dfn))
    }
    dead = tuple(info["defeated"])
    blows = []
    for b in info["blows"]:
        taken = b.get("taken", b["damage"])
        before = fighters["defender" if b["to"] == dfn else "attacker"].damage
        blows.append(Blow(b["from"], b["to"], b["damage"], taken, before, b["to"] in dead, taken < b["damage"]))
    return FightResult(
        fighters["attacker"],
        fighters["defender"],
        info["counter"],
        info["order"],
        tuple(blows),
        info["prevented"],
        dead,
    )


def record_blow(blow: Blow) -> dict[str, int]:
    """A blow as the battle event writes it."""
    return {"from": blow.source, "to": blow.target, "damage": blow.damage, "taken": blow.taken}
