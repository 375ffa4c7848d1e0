"""Teaching positions: set up a Dragon Quest board directly from a dict (for lessons and tests).

    state = game.position({
        "turn_player": 0, "node": "combat.action",
        "players": [
            {"front": [{"card": "M05", "state": "active", "damage": 1, "item": None}],
             "hand": ["H01"], "gp": 3, "deck": {"fill": "beasts"}},
            {"front": ["M01", {"card": "M02", "state": "closed", "poisoned": True}], "deck": {"fill": "heroes"}},
        ]})

Each player has exactly 50 cards in all (DQ-2.1): cards named in the zones, damage cards included,
plus the deck, given as a list of card IDs (top last) or ``{"fill": STARTER}``: that starter deck's
cards not used elsewhere in the position, shuffled by the seed, up to 50. A position is saved and
loaded like any state (``to_dict`` / ``state_from_dict`` rebuild it from this dict and replay the
history), and validated the same way: every problem names its field. The cards need not form a
legal deck (DQ-2.2 is not checked): a lesson may stack a deck to show a rule.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ...core.errors import StateFileError
from ...core.rng import Rng, mix_seed
from ...core.schema import validate
from .cards import DECK_SIZE, Card
from .ids import ACTIVE, BACK, CLOSED, CONFUSED, DECK, DISCARD, EXP, FRONT, HAND, QUEST, QUESTCARD, Ev, Node
from .setup import blank_state, clear_pending
from .state import DragonQuestState

if TYPE_CHECKING:
    from ..game import DragonQuest

#: where a position may start, and the card states (the schema ``dragonquest-position`` lists the same)
NODES = (Node.PREP, Node.BATTLE, Node.COMBAT_ACTION)
STATES = {"active": ACTIVE, "closed": CLOSED, "confused": CONFUSED}


def _fail(where: str, message: str) -> StateFileError:
    return StateFileError(f"position.{where}", message)


def _schema_fail(w: str, message: str) -> StateFileError:
    return _fail(w.removeprefix("(top)."), message)


def build_position(game: DragonQuest, spec: Any, seed: int = 0) -> DragonQuestState:
    """The state a position spec describes (see the module docstring): the schema
    ``dragonquest-position`` first, then the rules it cannot state. The state keeps its own deep copy
    of ``spec``: changing the caller's dict afterwards changes neither the state nor its saved form."""
    validate(spec, "dragonquest-position", _schema_fail)
    spec = copy.deepcopy(spec)  # plain JSON (checked above), so no cycles and bounded depth
    rng = Rng(mix_seed(seed))
    cards_of: list[list[str]] = []
    layouts: list[dict[str, Any]] = []
    for p, raw in enumerate(spec["players"]):
        cards, layout = _player(game, raw, f"players[{p}]", rng)
        cards_of.append(cards)
        layouts.append(layout)
    return _assemble(game, spec, seed, cards_of, layouts)


def _player(game: DragonQuest, raw: dict[str, Any], w: str, rng: Rng) -> tuple[list[str], dict[str, Any]]:
    """One player's cards (deck first, then the rest) and where they lie; each player has 50 (DQ-2.1)."""
    pool = game.cards
    used: list[str] = []
    layout: dict[str, Any] = {"zones": _zones(pool, raw, w, used), "field": {}}
    for row in ("front", "back"):
        entries = raw.get(row, [])
        layout["field"][row] = [_party_entry(pool, e, f"{w}.{row}[{i}]", used) for i, e in enumerate(entries)]
    damage_total = sum(e["damage"] for row in ("front", "back") for e in layout["field"][row])
    deck_ids = _deck(game, raw.get("deck", {"fill": None}), w, used, rng)
    total = len(used) + len(deck_ids)
    if total != DECK_SIZE:
        raise _fail(w, f"{total} cards in all zones; each player has exactly {DECK_SIZE} (DQ-2.1)")
    if damage_total > len(deck_ids):
        raise _fail(f"{w}.deck", f"{damage_total} damage cards must come from the deck, which has {len(deck_ids)}")
    layout["deck"] = deck_ids
    layout["gp"] = raw.get("gp", 0)
    layout["level"] = raw.get("level", 1)
    return deck_ids + used, layout


def _zones(pool: dict[str, Card], raw: dict[str, Any], w: str, used: list[str]) -> dict[str, list[str]]:
    """The hand, discard pile, experience box and quests of a player: lists of card IDs."""
    zones = {}
    for zone in ("hand", "discard", "exp", "quest"):
        ids = raw.get(zone, [])
        for i, cid in enumerate(ids):
            _known(pool, cid, f"{w}.{zone}[{i}]")
            if zone == "quest" and pool[cid].type != "quest":
                raise _fail(f"{w}.{zone}[{i}]", f"{cid} is not a quest card")
        zones[zone] = list(ids)
        used += ids
    return zones


def _party_entry(pool: dict[str, Card], e: Any, ww: str, used: list[str]) -> dict[str, Any]:
    """A party card on the field with its state (DQ-4.1), damage (DQ-8.1), poison (DQ-4.2) and item (DQ-6.9)."""
    e = {"card": e} if isinstance(e, str) else e
    card = _known(pool, e["card"], f"{ww}.card")
    if not card.is_party:
        raise _fail(f"{ww}.card", f"{e['card']} is not a party card (DQ-10.1)")
    item = e.get("item")
    if item is not None:
        icard = _known(pool, item, f"{ww}.item")
        if icard.type != "item":
            raise _fail(f"{ww}.item", f"{item} is not an item card")
        if card.type != "character":
            raise _fail(f"{ww}.item", "only characters carry items (DQ-10.2)")
        if not set(icard.equip) & set(card.equip):
            raise _fail(f"{ww}.item", f"equip types do not match: {icard.equip} vs {card.equip} (DQ-6.9)")
        used.append(item)
    used.append(e["card"])
    return {
        "card": e["card"],
        "state": STATES[e.get("state", "active")],
        "damage": e.get("damage", 0),
        "poisoned": e.get("poisoned", False),
        "item": item,
    }


def _deck(game: DragonQuest, deck: list[str] | dict[str, Any], w: str, used: list[str], rng: Rng) -> list[str]:
    """The deck (top last): given card by card, or the rest of a starter deck shuffled by the seed."""
    if isinstance(deck, list):
        for i, cid in enumerate(deck):
            _known(game.cards, cid, f"{w}.deck[{i}]")
        return list(deck)
    if deck["fill"] not in game.starter_decks():
        raise _fail(
            f"{w}.deck",
            'expected a list of card IDs or {"fill": STARTER} with one of: ' + ", ".join(game.starter_decks()),
        )
    rest = list(game.starter_deck(deck["fill"]).cards)
    for cid in used:
        if cid in rest:
            rest.remove(cid)
    need = DECK_SIZE - len(used)
    if need < 0 or len(rest) < need:
        raise _fail(f"{w}.deck", f"cannot fill to {DECK_SIZE} cards from {deck['fill']!r}")
    rng.shuffle(rest)
    return rest[:need]


def _known(pool: dict[str, Card], cid: Any, where: str) -> Card:
    if not isinstance(cid, str) or cid not in pool:
        raise _fail(where, f"unknown card id {cid!r} (not in the card pool)")
    return pool[cid]


def _assemble(
    game: DragonQuest, spec: dict[str, Any], seed: int, cards_of: list[list[str]], layouts: list[dict[str, Any]]
) -> DragonQuestState:
    """Lay the cards out; instance numbers follow each player's list (deck first, then the rest)."""
    s = blank_state(
        game,
        {
            "seed": seed,
            "players": 2,
            "first_player": spec.get("first_player", 0),
            "decks": [list(c) for c in cards_of],
            "position": spec,
        },
        mix_seed(seed) ^ 0x5EED,
        tuple(tuple(c) for c in cards_of),
    )
    _lay_out(s, cards_of, layouts)
    node, turn = _turn_values(s, spec)
    for p in range(2):
        _check(s, p)
    s._emit(Ev.POSITION, "DQ-3.1", None, node=node, turn=turn)
    return s


def _lay_out(s: DragonQuestState, cards_of: list[list[str]], layouts: list[dict[str, Any]]) -> None:
    """Each card instance into its zone, with its state, item and damage cards."""
    orient = [ACTIVE] * s.inst.n
    poisoned = set()
    base = 0
    for p, (ids, lay) in enumerate(zip(cards_of, layouts, strict=True)):
        free: dict[str, list[int]] = {}  # card id -> instance numbers not yet placed
        for i, cid in enumerate(ids):
            free.setdefault(cid, []).append(base + i)
        deck_n = len(lay["deck"])
        deck = list(range(base, base + deck_n))
        for i in deck:
            free[ids[i - base]].remove(i)

        def take(cid: str, free: dict[str, list[int]] = free) -> int:  # this player's `free`, bound now
            return free[cid].pop(0)

        for zone, idx in (("hand", HAND), ("discard", DISCARD), ("exp", EXP), ("quest", QUEST)):
            s._touch_zone(p, idx).extend(take(c) for c in lay["zones"][zone])
        for row, idx in (("front", FRONT), ("back", BACK)):
            for e in lay["field"][row]:
                c = take(e["card"])
                s._touch_zone(p, idx).append(c)
                orient[c] = e["state"]
                if e["poisoned"]:
                    poisoned.add(c)
                if e["item"] is not None:
                    s._touch_item(c).append(take(e["item"]))
                for _ in range(e["damage"]):  # DQ-8.1: damage cards come from the top of the deck
                    s._touch_damage(c).append(deck.pop())
        s._touch_zone(p, DECK).extend(deck)
        base += len(ids)
    s.orient = bytes(orient)
    s.poisoned = frozenset(poisoned)
    s.gp = (layouts[0]["gp"], layouts[1]["gp"])
    s.level = (layouts[0]["level"], layouts[1]["level"])


def _turn_values(s: DragonQuestState, spec: dict[str, Any]) -> tuple[str, int]:
    """Whose turn, which turn, where in it (DQ-6), and what the turn player has done so far (each checked
    by the schema: ``turn_player`` and ``first_player`` are the ints 0 or 1, never true or 1.0)."""
    tp = spec.get("turn_player", 0)
    fp = spec.get("first_player", 0)
    turn = spec.get("turn", 3)
    node = spec.get("node", "prep")
    s.turn, s.turn_player, s.first_player, s.actor = turn, tp, fp, tp
    clear_pending(s)
    s.node = Node(node)
    s.recruits = spec.get("recruits", 0)
    s.quest_played = spec.get("quest_played", False)
    return node, turn


def _check(s: DragonQuestState, p: int) -> None:
    """Validated like any state: formation (DQ-5), damage below HP (DQ-7.8), quests (DQ-6.12), level (DQ-9.2)."""
    game, tp = s.game, s.turn_player
    f, b = len(s.front(p)), len(s.back(p))
    if not s.formation_ok(f, b):
        raise _fail(
            f"players[{p}]",
            f"formation {f} front / {b} back breaks DQ-5 (option formation={game.options['formation']})",
        )
    for c in s.party(p):
        if s.damage(c) >= s.hp_of(c):
            raise _fail(
                f"players[{p}]",
                f"{s.card(c).id} has {s.damage(c)} damage and HP {s.hp_of(c)}: it would already be defeated (DQ-7.8)",
            )
    for q in s.quests(p):
        if s.inst.kind[q] != QUESTCARD:
            raise _fail(f"players[{p}].quest", "only quest cards are in play as quests")
        if not s.inst.cards[q].stays and not (p == tp and s.quest_played):
            raise _fail(
                f"players[{p}].quest",
                f"{s.inst.cards[q].id} leaves at the end of the turn it is played: "
                "only the turn player with quest_played true has one (DQ-6.12)",
            )
    if s.level[p] > 1 + s.experience(p) // 5:
        raise _fail(
            f"players[{p}].level",
            f"level {s.level[p]} needs {5 * (s.level[p] - 1)} experience; this player has {s.experience(p)} (DQ-9.2)",
        )


__all__ = ["build_position"]
