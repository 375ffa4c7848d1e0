"""The Dragon Quest set-up (DQ-3): a new game up to the mulligan decisions, and the blank state with its card
instances and empty zones that a new game and a teaching position (``position.py``) start from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.nocards import NO_CARDS
from ...core.rng import mix_seed
from .cards import DECK_SIZE
from .ids import ACTIVE, HAND_TARGET, NZ, Ev, Node
from .instances import Readings
from .state import DragonQuestState

if TYPE_CHECKING:
    from ..game import DragonQuest

# members of the Node and Ev enums read below, bound once: reading a member of an
# Enum class costs ~100 ns on every step (a module constant a few; compiled by mypyc, a C static)
_EV_DRAW_HAND: Final = Ev.DRAW_HAND
_EV_FIRST_PLAYER: Final = Ev.FIRST_PLAYER
_EV_START_VALUES: Final = Ev.START_VALUES
_NODE_MULLIGAN: Final = Node.MULLIGAN


def clear_pending(s: DragonQuestState) -> None:
    """No effect, combat, queue or loss under way (the state between two phases)."""
    s.pending = None
    s.combat = None
    s.passes = 0
    s.queue = ()
    s.losers = frozenset()
    s.loss_why = ()
    s.end_reason = None
    s.last_combat = None
    s.repair = ()
    s.resume = None


def blank_state(
    game: DragonQuest, setup: dict[str, Any], seed_state: int, decks: tuple[tuple[str, ...], ...]
) -> DragonQuestState:
    """A state with its card instances and empty zones (for ``new_state`` and teaching positions)."""
    s = DragonQuestState.__new__(DragonQuestState)  # no __init__ (object.__new__ refuses a compiled class)
    s._init_base(game, setup, 2, seed_state)
    s.inst = game._instances(decks)
    s.opt = Readings(game)
    s._equip_cache = s.inst.equips
    s._swap_cache = s.inst.swaps
    s._rows, s._party_max = row_rules(s)
    limit = game.options["repeat_limit"]
    s._repeat_limit = 0 if limit is None else limit
    s._prep_log = None
    s._prep_upto = -1
    # each card's damage pile and item slot start as the shared read-only empty zone: most stay empty all game, and
    # the first change of one makes it a list of its own (``DragonQuestState._touch``)
    s.zones = [[] for _ in range(2 * NZ)] + [NO_CARDS] * (2 * s.inst.n)
    return s


#: (option formation, option formation_repair) -> (``_rows``, ``_party_max``) of a state with those options
_ROW_RULES: dict[tuple[str, str], tuple[tuple[bool, ...], int]] = {}


def row_rules(s: DragonQuestState) -> tuple[tuple[bool, ...], int]:
    """DQ-5.2 for every small formation, worked out once per pair of options by ``s.row_change_ok`` itself
    (it depends on the four counts and the options only), and the party size DQ-5.3 allows: read at every
    preparation decision (``preparation.prep_actions``)."""
    options = s.game.options
    key = (options["formation"], options["formation_repair"])
    rules = _ROW_RULES.get(key)
    if rules is None:
        r = range(5)
        table = tuple(s.row_change_ok(f, b, nf, nb) for f in r for b in r for nf in r for nb in r)
        rules = _ROW_RULES[key] = (table, 5 if options["formation"] == "strict" else 6)
    return rules


def new_state(game: DragonQuest, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> DragonQuestState:
    """DQ-3: decide the first player, shuffle, draw 6, level 1 and 0 GP; then the mulligan decisions."""
    setup = {"seed": seed, "players": 2, "first_player": first_player, "decks": [list(d) for d in decks]}
    s = blank_state(game, setup, mix_seed(seed), tuple(decks))
    n = s.inst.n
    for p in range(2):
        s.deck(p).extend(range(p * DECK_SIZE, p * DECK_SIZE + len(decks[p])))
    s.turn = 1
    s.gp = (0, 0)
    s.level = (1, 1)  # DQ-3.4
    s.orient = bytes([ACTIVE]) * n  # a byte per card (ids.reoriented)
    s.poisoned = frozenset()
    s.recruits = 0
    s.quest_played = False
    clear_pending(s)
    fp = first_player if first_player is not None else s.rng.below(2)  # DQ-3.1
    s.first_player = fp
    s.turn_player = fp
    s.actor = fp
    s._emit(_EV_FIRST_PLAYER, "DQ-3.1", fp, chosen="given" if first_player is not None else "random")
    for p in range(2):  # DQ-3.2
        s.rng.shuffle(s.deck(p))
    for p in (fp, 1 - fp):
        deck, hand = s.deck(p), s.hand(p)
        for _ in range(HAND_TARGET):
            hand.append(deck.pop())
        s._emit(_EV_DRAW_HAND, "DQ-3.2", p, secret=p, cards=list(hand))
    s._emit(_EV_START_VALUES, "DQ-3.4", None, level=1, gp=0)
    s._goto(_NODE_MULLIGAN)
    return s
