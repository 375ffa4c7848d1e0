"""Dragon Quest rules (DQ-1 ... DQ-10): one state, moved only along ``flow.TURN``.

Zones per player (``ZONES``, DQ-4.3): deck (last = top), hand, front row, back row, discard pile,
experience box, quests in play. Besides them, every card instance c has two small zones of its
own: the damage cards lying on it (``dmg.c``) and the item it carries (``item.c``), so every
physical card is in exactly one zone at every moment, damage cards included (DQ-8.1). They are
reached by name: ``state.deck(p)``, ``state.front(p)``, ``state.damage_zone(c)`` ...
Card states (DQ-4.1/4.2) are the scalars ``orient`` (active / closed / confused per card) and
``poisoned``.

This module holds the state and its facts; the rules that move it are split by chapter:
``turn`` (DQ-3.3, DQ-6.1 - DQ-6.3, DQ-6.14), ``preparation`` (DQ-6.4 - DQ-6.10), ``effects``
(DQ-6.11, DQ-6.12, DQ-7.1, DQ-7.2), ``formation`` (DQ-5.4, DQ-5.5), ``battle`` (DQ-6.13, DQ-7),
``combat`` (the attack arithmetic, DQ-7.8), ``damage`` (DQ-8, DQ-1.2) and ``illegal`` (refusals).
"""

from __future__ import annotations

from typing import Any, Final

from ...core.errors import EngineError, TcgError
from ...core.frames import Frame, save_zone
from ...core.nocards import NO_CARDS
from ...core.outcome import Outcome
from ...core.state import State
from . import actions as A
from . import dispatch, illegal, preparation
from .battle import BattleRecord
from .cards import Card
from .combat import Combat
from .effects import Pending
from .flow import TURN
from .formation import Resume
from .ids import (
    ACTIVE,
    BACK,
    CLOSED,
    CONFUSED,
    DECK,
    DISCARD,
    EXP,
    FRONT,
    HAND,
    HAND_TARGET,
    NZ,
    ORIENT_NAMES,
    QUEST,
    ROW_MAX,
    Node,
)
from .instances import Instances, Readings
from .preparation import PrepLog

# the card states, re-exported for lessons and tests that name them
__all__ = [
    "ACTIVE",
    "CLOSED",
    "CONFUSED",
    "ORIENT_NAMES",
    "DragonQuestState",
    "Instances",
]

#: bound once: is_terminal runs at every step, and attribute access on an Enum class is slow in Python 3.11
_GAME_OVER: Final = Node.GAME_OVER

#: the edges of ``flow.TURN`` by where they start and end, each one interned tuple: a move appends it to the trail
#: without making a tuple (``DragonQuestState._goto``, at every step)
#: (typed Any, not tuple[str, str]: compiled, mypyc keeps a fixed-length tuple unboxed, boxing a new one to append)
_EDGES: Final[dict[str, dict[str, Any]]] = {}
for _edge in sorted(TURN.edge_set):
    _EDGES.setdefault(_edge[0], {})[_edge[1]] = _edge
_NO_EDGES: Final[dict[str, Any]] = {}

#: what the scores of an Outcome count (DQ-1.2: the deck is the life), for its result line
MEASURE: Final = ("cards left in deck", "デッキの残り枚数")


class DragonQuestState(State):
    """A position of the Dragon Quest Card Game: both players' zones (deck, hand, front and back rows, discard,
    experience box, damage under each card, DQ-4.3), orientations and poison (DQ-4.1, DQ-4.2), GP and levels, the
    turn graph's node and any pending choice. Made by ``DragonQuest.new_state`` or ``position``; changed only by
    ``apply``/``undo``."""

    SCALARS = (
        "turn",
        "turn_player",
        "first_player",
        "actor",
        "gp",
        "level",
        "orient",
        "poisoned",
        "recruits",
        "quest_played",
        "pending",
        "combat",
        "passes",
        "queue",
        "losers",
        "loss_why",
        "end_reason",
        "last_combat",
        "repair",
        "resume",
    )
    ZONES = ("deck", "hand", "front", "back", "discard", "exp", "quest")
    # (the scalars but ``last_combat``, a property over ``_last_battle``)
    __slots__ = (
        "turn", "turn_player", "first_player", "actor", "gp", "level", "orient", "poisoned", "recruits",
        "quest_played", "pending", "combat", "passes", "queue", "losers", "loss_why", "end_reason", "repair", "resume",
        "_last_battle", "inst", "opt", "_equip_cache", "_swap_cache", "_rows", "_party_max", "_repeat_limit",
        "_prep_log", "_prep_upto",
    )  # fmt: skip

    inst: Instances
    #: the game's options as the rules read them (``instances.Readings``)
    opt: Readings
    _equip_cache: dict[int, A.Equip]
    _swap_cache: dict[int, A.Swap]
    #: row_change_ok(f, b, nf, nb) for rows of 0 to 4 cards, at ((f * 5 + b) * 5 + nf) * 5 + nb (see ``row_rules``)
    _rows: tuple[bool, ...]
    #: the most party cards the formation allows (DQ-5.3: 5 under formation=strict, else 6)
    _party_max: int
    #: option repeat_limit (DQ-6.4), 0 for None (no bound)
    _repeat_limit: int
    #: the positions of the preparation steps so far (``preparation.PrepLog``): made by the history alone, so
    #: it is not saved (a saved state replays its history); linked when first asked for, up to the history's
    #: length ``_prep_upto`` (``preparation.phase_log``; undo lowers it, ``_restore``)
    _prep_log: PrepLog | None
    _prep_upto: int
    turn: int
    turn_player: int
    first_player: int
    #: the player who decides now (not always the turn player)
    actor: int
    gp: tuple[int, ...]
    level: tuple[int, ...]
    #: each card's state (DQ-4.1), a byte per card instance: ACTIVE, CLOSED or CONFUSED (``ids.reoriented``)
    orient: bytes
    poisoned: frozenset[int]
    recruits: int
    quest_played: bool
    pending: Pending | None
    combat: Combat | None
    passes: int
    #: players waiting for formation maintenance (end step), or cards waiting for poison / confusion damage
    queue: tuple[int, ...]
    losers: frozenset[int]
    loss_why: tuple[tuple[int, str], ...]
    end_reason: str | None
    #: the last battle's record as ``judgment`` keeps it (a ``battle.BattleRecord``), or as it was set: ``last_combat``
    _last_battle: Any
    repair: tuple[int, ...]
    resume: Resume | None

    @property
    def last_combat(self) -> Any:
        """The last battle's record (DQ-7.8): ``battle.freeze_battle`` of its ``battle`` event's data (tuples of
        (key, value) pairs), None before the first. Kept as the event's data and frozen when first read
        (``battle.BattleRecord``): most records are never read."""
        record = self._last_battle
        return record.frozen() if isinstance(record, BattleRecord) else record

    @last_combat.setter
    def last_combat(self, value: Any) -> None:
        self._last_battle = value

    # -- facts -----------------------------------------------------------------------------------------
    def card(self, c: int) -> Card:
        """The card (its printed data) of card instance ``c``."""
        return self.inst.cards[c]

    def owners(self) -> tuple[int, ...]:
        return self.inst.owner

    @property
    def current_player(self) -> int | None:
        return None if self.node == _GAME_OVER else self.actor

    def is_terminal(self) -> bool:
        return self.node == _GAME_OVER

    def opponent(self, p: int) -> int:
        """The other player of a two-player game (DQ-1.1)."""
        return 1 - p

    # -- zones (DQ-4.3): read them by name; mutate them through the _touch_* accessors (undo) ----------------
    def deck(self, p: int) -> list[int]:
        """p's deck, top last (hidden in views)."""
        return self.zones[p * NZ + DECK]

    def hand(self, p: int) -> list[int]:
        """The card instances in player ``p``'s hand."""
        return self.zones[p * NZ + HAND]

    def front(self, p: int) -> list[int]:
        """The card instances in player ``p``'s front row (DQ-5.1)."""
        return self.zones[p * NZ + FRONT]

    def back(self, p: int) -> list[int]:
        """The card instances in player ``p``'s back row (DQ-5.1)."""
        return self.zones[p * NZ + BACK]

    def discard(self, p: int) -> list[int]:
        """p's discard pile, top last."""
        return self.zones[p * NZ + DISCARD]

    def exp_box(self, p: int) -> list[int]:
        """p's defeated cards: their levels are the opponent's experience (DQ-9.1)."""
        return self.zones[p * NZ + EXP]

    def quests(self, p: int) -> list[int]:
        """Quest cards p has in play (DQ-6.12)."""
        return self.zones[p * NZ + QUEST]

    def party(self, p: int) -> list[int]:
        """Player ``p``'s party cards on the field: the front row, then the back row."""
        return self.zones[p * NZ + FRONT] + self.zones[p * NZ + BACK]

    def damage_zone(self, c: int) -> list[int]:
        """The damage cards lying on card c (DQ-8.1)."""
        return self.zones[2 * NZ + c]

    def damage(self, c: int) -> int:
        """Damage cards on card ``c`` (DQ-8.1)."""
        return len(self.zones[2 * NZ + c])

    def item_of(self, c: int) -> int | None:
        """The item card equipped on party card ``c`` (DQ-6.9), or None."""
        z = self.zones[2 * NZ + self.inst.n + c]
        return z[0] if z else None

    def carrier(self, item: int) -> int:
        """The party card carrying ``item``, or -1."""
        base = 2 * NZ + self.inst.n
        for c in self.party(self.inst.owner[item]):
            z = self.zones[base + c]
            if z and z[0] == item:
                return c
        return -1

    def on_field(self, c: int) -> bool:
        """Whether card ``c`` stands in its owner's front or back row."""
        base = self.inst.owner[c] * NZ  # (the two rows read in place: no party list made)
        return c in self.zones[base + FRONT] or c in self.zones[base + BACK]

    def _touch_zone(self, p: int, zone: int) -> list[int]:
        """Zone ``zone`` (``ids.Zone``) of player p, saved for undo before it changes (``State._touch``, inlined:
        it runs at every move of a card)."""
        index = p * NZ + zone
        cards = self.zones[index]
        saved = self._saved
        if saved is not None:
            save_zone(saved, self._save_from, index, cards)
        return cards

    def _touch(self, index: int) -> list[int]:
        """``State._touch``; a card's damage pile or item slot that is still the shared empty zone (``setup``) gets a
        list of its own first."""
        zones = self.zones
        zone = zones[index]
        saved = self._saved
        if saved is not None:
            save_zone(saved, self._save_from, index, zone)
        if zone is NO_CARDS:
            zone = zones[index] = []
        return zone

    def _touch_damage(self, c: int) -> list[int]:
        return self._touch(2 * NZ + c)

    def _touch_item(self, c: int) -> list[int]:
        return self._touch(2 * NZ + self.inst.n + c)

    # -- card states and stats ---------------------------------------------------------------------------
    def status(self, c: int) -> str:
        """ "normal", "poisoned", "confused" or "poisoned+confused" (DQ-4.2)."""
        parts = []
        if c in self.poisoned:
            parts.append("poisoned")
        if self.orient[c] == CONFUSED:
            parts.append("confused")
        return "+".join(parts) or "normal"

    def is_normal(self, c: int) -> bool:
        """Whether card ``c`` is normal: neither poisoned nor confused (DQ-4.2; Heal needs it, DQ-6.7)."""
        return c not in self.poisoned and self.orient[c] != CONFUSED

    def experience(self, p: int) -> int:
        """DQ-9.1: the sum of card levels in the opponent's experience box."""
        lv = self.inst.level
        total = 0
        for c in self.exp_box(self.opponent(p)):
            total += lv[c]
        return total

    def _aura(self, p: int, key: str) -> int:
        total = 0
        for q in self.quests(p):
            aura = self.inst.cards[q].aura
            if aura:
                total += aura.get(key, 0)
        return total

    def modifiers(self, c: int, key: str) -> dict[str, int]:
        """Base value and modifiers of attack/hp/speed for card ``c`` (items, staying quests; DQ-7.8)."""
        inst = self.inst
        if key == "attack":  # (no dict built to pick the column: judgment reads four of these per attack)
            column = inst.attack
        elif key == "hp":
            column = inst.hp
        elif key == "speed":
            column = inst.speed
        else:
            raise TcgError(f"no stat {key!r} (attack, hp or speed)")
        base = column[c]
        z = self.zones[2 * NZ + inst.n + c]
        item_mod: int = getattr(inst.cards[z[0]], key) if z else 0
        aura = self._aura(inst.owner[c], key)
        return {"base": base, "item": item_mod, "aura": aura, "total": max(0, base + item_mod + aura)}

    # the totals alone, as ``modifiers(c, key)["total"]`` without building its dict (read at every fight)
    def attack_of(self, c: int) -> int:
        """Card ``c``'s attack now: printed, plus its item (DQ-10.2) and its owner's auras, never below 0."""
        inst = self.inst
        z = self.zones[2 * NZ + inst.n + c]
        item = inst.cards[z[0]].attack if z else 0
        return max(0, inst.attack[c] + item + self._aura(inst.owner[c], "attack"))

    def hp_of(self, c: int) -> int:
        """Card ``c``'s HP now: printed, plus its item (DQ-10.2) and its owner's auras, never below 0."""
        inst = self.inst
        z = self.zones[2 * NZ + inst.n + c]
        item = inst.cards[z[0]].hp if z else 0
        return max(0, inst.hp[c] + item + self._aura(inst.owner[c], "hp"))

    def speed_of(self, c: int) -> int:
        """Card ``c``'s speed now (it decides who strikes first, DQ-7.8): printed + item + auras, at least 0."""
        inst = self.inst
        z = self.zones[2 * NZ + inst.n + c]
        item = inst.cards[z[0]].speed if z else 0
        return max(0, inst.speed[c] + item + self._aura(inst.owner[c], "speed"))

    # -- formation (DQ-5) ------------------------------------------------------------------------------------
    def formation_ok(self, front: int, back: int) -> bool:
        """DQ-5.1 - DQ-5.3 (option ``formation``): rows of at most 3, front outnumbering back."""
        if front > ROW_MAX or back > ROW_MAX:
            return False
        if front + back == 0:
            return True
        return front > back if self.opt.strict else front >= back

    def formation_fine(self, p: int) -> bool:
        """Nothing to maintain (DQ-5.4): the formation is legal, or there is no back-row card to move."""
        return self.formation_ok(len(self.front(p)), len(self.back(p))) or not self.back(p)

    def row_change_ok(self, front: int, back: int, new_front: int, new_back: int) -> bool:
        """DQ-5.2: a recruit or formation change is legal only if the formation it leaves is legal.

        Under ``formation_repair=end_step`` (DQ-5.5) a formation broken outside combat waits for the next
        end step; until then a change that improves it (front minus back grows) is allowed too.
        """
        if new_front > ROW_MAX or new_back > ROW_MAX:
            return False
        if self.formation_ok(new_front, new_back):
            return True
        return (
            not self.opt.repair_immediate  # formation_repair=end_step
            and not self.formation_ok(front, back)
            and new_front - new_back > front - back
        )

    def draw_range(self, p: int) -> tuple[int, int]:
        """DQ-6.3 / DQ-6.3a: how many cards the player may choose to draw."""
        hand = len(self.hand(p))
        if hand >= HAND_TARGET:
            return 1, 1
        return self.opt.draw_minimum, HAND_TARGET - hand

    # -- the game-specific hooks of core.State ------------------------------------------------------------
    def _goto(self, node: str) -> None:
        """``State._goto`` along the edges of ``flow.TURN`` (the Dragon Quest flow), each edge one interned tuple."""
        edge = _EDGES.get(self.node, _NO_EDGES).get(node)
        if edge is None:
            raise EngineError(f"{self.game.name}: no edge {self.node} -> {node} in the flow graph")
        self.trail.append(edge)
        self.node = node

    def _legal_actions(self) -> tuple[A.Action, ...]:
        return dispatch.legal_actions(self)

    def _do(self, action: A.Action) -> None:
        # (a preparation decision it leads to is linked into ``_prep_log`` when asked for: option repeat_limit)
        dispatch.carry_out(self, action)

    def _restore(self, frame: Frame) -> None:
        # ``State._restore``, and the preparation decisions known from the action undone on are linked again
        # when asked for (``preparation.phase_log``): at most the history's length after the undo
        super()._restore(frame)
        self._prep_upto = min(self._prep_upto, len(self.history) - 1)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        return illegal.why_illegal(self, action)

    def result(self) -> Outcome | None:
        if self.node != _GAME_OVER:
            return None
        losers = self.losers
        if self.end_reason == "DQ-1.4" or len(losers) == 2:
            winners: tuple[int, ...] = ()
        else:
            winners = tuple(p for p in range(2) if p not in losers)
        scores = tuple(len(self.deck(p)) for p in range(2))
        breakdown = tuple(
            {
                "player": p,
                "deck": scores[p],
                "level": self.level[p],
                "experience": self.experience(p),
                "gp": self.gp[p],
                "party": len(self.party(p)),
                "lost": p in losers,
            }
            for p in range(2)
        )
        return Outcome(winners, scores, self.end_reason or "DQ-1.2", breakdown, measure=MEASURE)

    # -- views, clone, zone names ------------------------------------------------------------------------------
    def _zone_info(self, index: int) -> tuple[int, str]:
        base = 2 * NZ
        if index < base:
            return index // NZ, self.ZONES[index % NZ]
        n = self.inst.n
        c = (index - base) % n
        return self.inst.owner[c], (f"dmg.{c}" if index < base + n else f"item.{c}")

    def _zone_label(self, index: int) -> str:
        owner, name = self._zone_info(index)
        return name if index >= 2 * NZ else f"p{owner}.{name}"

    def _zone_hidden(self, zone: str, owner: int, viewer: int) -> bool:
        # DQ-8.1: damage cards lie face down and nobody sees them
        return zone == "deck" or zone.startswith("dmg.") or (zone == "hand" and owner != viewer)

    def _scalar_values(self) -> tuple[Any, ...]:
        # ``State._scalar_values`` written out: ``node`` and SCALARS, in their order (saved at every step)
        return (
            self.node,
            self.turn,
            self.turn_player,
            self.first_player,
            self.actor,
            self.gp,
            self.level,
            self.orient,
            self.poisoned,
            self.recruits,
            self.quest_played,
            self.pending,
            self.combat,
            self.passes,
            self.queue,
            self.losers,
            self.loss_why,
            self.end_reason,
            self.last_combat,
            self.repair,
            self.resume,
        )

    def _frame(self, rng_state: int, n_events: int, n_trail: int) -> Frame:
        # ``State._frame`` written out: the scalars as ``_scalar_values`` lists them, then the rest (at every step)
        return [
            self.node,
            self.turn,
            self.turn_player,
            self.first_player,
            self.actor,
            self.gp,
            self.level,
            self.orient,
            self.poisoned,
            self.recruits,
            self.quest_played,
            self.pending,
            self.combat,
            self.passes,
            self.queue,
            self.losers,
            self.loss_why,
            self.end_reason,
            self._last_battle,
            self.repair,
            self.resume,
            rng_state,
            n_events,
            n_trail,
        ]

    def _copy_scalars(self, new: State) -> None:
        # ``State._copy_scalars`` written out (a view is taken at every decision of an agent)
        assert isinstance(new, DragonQuestState)
        new.node = self.node
        new.turn = self.turn
        new.turn_player = self.turn_player
        new.first_player = self.first_player
        new.actor = self.actor
        new.gp = self.gp
        new.level = self.level
        new.orient = self.orient
        new.poisoned = self.poisoned
        new.recruits = self.recruits
        new.quest_played = self.quest_played
        new.pending = self.pending
        new.combat = self.combat
        new.passes = self.passes
        new.queue = self.queue
        new.losers = self.losers
        new.loss_why = self.loss_why
        new.end_reason = self.end_reason
        new._last_battle = self._last_battle
        new.repair = self.repair
        new.resume = self.resume

    def _clone_extra(self, new: State) -> None:
        assert isinstance(new, DragonQuestState)
        new._last_battle = self._last_battle  # (the record as it is kept: not frozen for a clone)
        new.inst = self.inst
        new.opt = self.opt
        new._equip_cache = self._equip_cache
        new._swap_cache = self._swap_cache
        new._rows = self._rows
        new._party_max = self._party_max
        new._repeat_limit = self._repeat_limit
        new._prep_log = self._prep_log
        new._prep_upto = self._prep_upto

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        scalars = data["scalars"]
        scalars["orient"] = list(self.orient)  # (a byte per card: written as the list of numbers it was)
        if self.pending is not None:  # the effect under way: the list of its fields (``values.Value``)
            scalars["pending"] = self.pending.to_json()
        return data

    def _mask_view(self, view: State, player: int) -> None:
        # a view has no undo frames to read past positions from: the current preparation step's are worked out
        # now, on the chain the view shares (option repeat_limit, DQ-6.4; ``preparation.settled``)
        preparation.settle(self)
        assert isinstance(view, DragonQuestState)
        view._prep_log = self._prep_log  # (linked up to now by ``settle``: a view has no frames to link them from)
        view._prep_upto = self._prep_upto

    def _repr_html_(self) -> str:
        # the game's board hook (Game.render_board), as tcgteach.viz.board_html asks it: the rules import no viz
        return self.game.render_board(self)

    def __repr__(self) -> str:
        return f"<DragonQuestState turn {self.turn} P{self.turn_player + 1} node={self.node} actor=P{self.actor + 1}>"
