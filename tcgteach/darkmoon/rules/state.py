"""DARK MOON rules: one state, moved only along the turn flow (``flow.py``).

This module holds the turn (DM-4); setup (DM-3) is in ``setup.py``, the on-play effects (DM-6)
in ``effects.py``, the scoring (DM-5) in ``scoring.py``.

Zones per player (``ZONES``): deck (index 0 = bottom, last = top), hand, field and unit slots
1-3, read with ``deck(p)``, ``hand(p)``, ``field(p)``, ``unit(p, slot)``. Cards are instance
numbers: player p's deck list entry i is card ``p * 40 + i``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...core.actions import Action
from ...core.events import Event
from ...core.frames import Frame, save_zone
from ...core.outcome import Outcome
from ...core.state import State
from . import actions as A
from . import effects, scoring
from .cards import Card
from .ids import Ev, Node
from .values import PeekChoice, Pending, Reveal

# offsets of a player's zones in ``zones`` (see ZONES); ``Final``: the compiled build folds them into its code
DECK: Final = 0
HAND: Final = 1
FIELD: Final = 2
UNIT1: Final = 3
NZ: Final = 6  # zones per player
ACTIONS_PER_TURN: Final = 2  # DM-4.1
FIRST_TURN_ACTIONS: Final = 1  # DM-4.3
MIN_UNIT: Final = 3  # DM-4.6
MAX_UNIT: Final = 7  # DM-4.6
SLOTS: Final = 3  # DM-4.7

# The turn's hot paths read enum members bound once as module globals (the same objects; read
# ``_Node_MAIN`` as ``Node.MAIN``): on Python 3.11 ``Node.MAIN`` goes through ``EnumType.__getattr__``,
# about four global reads, and a game reads a few hundred of them (~9% of a random-agent simulation).
_Node_EFFECT: Final = Node.EFFECT
_Node_END: Final = Node.END
_Node_GAME_OVER: Final = Node.GAME_OVER
_Node_MAIN: Final = Node.MAIN
_Node_PLAY_CHARACTER: Final = Node.PLAY_CHARACTER
_Node_PLAY_SPECIAL: Final = Node.PLAY_SPECIAL
_Node_REVEAL: Final = Node.REVEAL
_Node_UNIT: Final = Node.UNIT
_Ev_DECK_EMPTY: Final = Ev.DECK_EMPTY
_Ev_END_ALREADY_ARMED: Final = Ev.END_ALREADY_ARMED
_Ev_END_ARMED: Final = Ev.END_ARMED
_Ev_END_MAIN: Final = Ev.END_MAIN
_Ev_FIRST_TURN_LIMIT: Final = Ev.FIRST_TURN_LIMIT
_Ev_PICK: Final = Ev.PICK
_Ev_PLAY: Final = Ev.PLAY
_Ev_REVEAL: Final = Ev.REVEAL
_Ev_TURN_END: Final = Ev.TURN_END
_Ev_TURN_START: Final = Ev.TURN_START
_Ev_UNIT_CANCELLED: Final = Ev.UNIT_CANCELLED
_Ev_UNIT_CREATED: Final = Ev.UNIT_CREATED
_Ev_UNIT_STARTED: Final = Ev.UNIT_STARTED

# the action classes and shared actions, bound once (``_Play`` is ``A.Play``): a global, not a module attribute
_Play: Final = A.Play
_Pick: Final = A.Pick
_EndMain: Final = A.EndMain
_StartUnit: Final = A.StartUnit
_Finish: Final = A.Finish
_Cancel: Final = A.Cancel
_END_MAIN: Final = A.END_MAIN
_FINISH: Final = A.FINISH
_CANCEL: Final = A.CANCEL
_UNIT_SLOTS: Final = A.UNIT_SLOTS
_DECLINE: Final = A.DECLINE
_PEEK_CHOICES: Final = (A.KEEP_TOP, A.TO_BOTTOM)

_EFFECT_CHOICES: Final = (A.Choose, A.Decline, A.KeepTop, A.ToBottom)
_UNIT_STEPS: Final = (A.Pick, A.Finish, A.Cancel)


class Instances:
    """Per-game facts about each card instance (shared, never changes during play)."""

    __slots__ = (
        "cards",
        "owner",
        "is_char",
        "number",
        "charname",
        "play",
        "pick",
        "choose",
        "chars_of",
        "reveal_to_hand",
        "reveal_to_field",
        "match_key",
    )

    def __init__(
        self,
        decks: list[tuple[str, ...]],
        pool: dict[str, Card],
        actions: Callable[[int], tuple[tuple[A.Play, ...], tuple[A.Pick, ...], tuple[A.Choose, ...]]],
    ) -> None:
        cards: list[Card] = []
        owner: list[int] = []
        for p, deck in enumerate(decks):
            for cid in deck:
                cards.append(pool[cid])
                owner.append(p)
        self.cards = tuple(cards)
        self.owner = tuple(owner)
        self.is_char = tuple(c.is_character for c in cards)
        #: game number and name of each character card (None for a special, DM-6.2)
        self.number: tuple[int | None, ...] = tuple(c.number if c.is_character else None for c in cards)
        self.charname: tuple[str | None, ...] = tuple(c.character if c.is_character else None for c in cards)
        self.play, self.pick, self.choose = actions(len(cards))
        #: per player: (instance, number, name) of each of their character cards, in instance order
        chars_of: list[list[tuple[int, int, str]]] = [[] for _ in decks]
        for c, card in enumerate(cards):
            if card.is_character and card.number is not None and card.character is not None:
                chars_of[owner[c]].append((c, card.number, card.character))
        self.chars_of = tuple(tuple(chars) for chars in chars_of)
        #: what a revealed character matches on the field (DM-4.4), as one int per instance: its number, -1 for
        #: a character without one (they match each other, as None == None), -2 for a special (matches no
        #: character; a special itself never matches, see ``_reveal_and_continue``)
        self.match_key: tuple[int, ...] = tuple(
            (-1 if c.number is None else c.number) if c.is_character else -2 for c in cards
        )
        #: the reveal of each card (DM-4.4), to the hand and to the field: immutable values, made once
        self.reveal_to_hand = tuple(Reveal(c, "hand") for c in range(len(cards)))
        self.reveal_to_field = tuple(Reveal(c, "field") for c in range(len(cards)))


class DarkMoonState(State):
    """A DARK MOON game in progress: zones, the turn's scalars and the pending choice (see the module docstring)."""

    SCALARS = (
        "turn",
        "turn_player",
        "actions_used",
        "armed_by",
        "armed_rule",
        "deck_out_seen",
        "unit_slot",
        "unit_pick",
        "pending",
        "last_reveal",
    )
    ZONES = ("deck", "hand", "field", "unit1", "unit2", "unit3")
    __slots__ = SCALARS + ("inst",)

    inst: Instances
    turn: int
    turn_player: int
    actions_used: int
    #: the player whose turn armed the end (DM-1.4, DM-4.4a), and the rule that armed it
    armed_by: int | None
    armed_rule: str | None
    deck_out_seen: bool  # DM-4.4a option arms_end: a reveal found the deck empty this turn
    #: the unit being created (node "unit"): its slot 1-3 and the cards picked so far (DM-4.6)
    unit_slot: int | None
    unit_pick: tuple[int, ...]
    pending: Pending | None  # the on-play effect waiting for a choice (node "effect")
    last_reveal: Reveal | None  # this turn's last reveal (DM-4.4)

    def _scalar_values(self) -> tuple[Any, ...]:
        # ``State._scalar_values`` written out: ``node`` and SCALARS, in their order
        return (
            self.node,
            self.turn,
            self.turn_player,
            self.actions_used,
            self.armed_by,
            self.armed_rule,
            self.deck_out_seen,
            self.unit_slot,
            self.unit_pick,
            self.pending,
            self.last_reveal,
        )

    def _frame(self, rng_state: int, n_events: int, n_trail: int) -> Frame:
        # ``State._frame`` written out: the scalars as ``_scalar_values`` lists them, then the rest (at every step)
        return [
            self.node,
            self.turn,
            self.turn_player,
            self.actions_used,
            self.armed_by,
            self.armed_rule,
            self.deck_out_seen,
            self.unit_slot,
            self.unit_pick,
            self.pending,
            self.last_reveal,
            rng_state,
            n_events,
            n_trail,
        ]

    # -- basic facts ---------------------------------------------------------------------------
    def card(self, instance: int) -> Card:
        """The card data of a card instance."""
        return self.inst.cards[instance]

    def owners(self) -> tuple[int, ...]:
        return self.inst.owner

    @property
    def current_player(self) -> int | None:
        return None if self.node == _Node_GAME_OVER else self.turn_player

    def action_limit(self) -> int:
        """DM-4.1 two actions; DM-4.3 one in the very first turn of the game."""
        if self.turn == 1 and self.game.options["first_turn_restriction"]:
            return FIRST_TURN_ACTIONS
        return ACTIONS_PER_TURN

    def is_terminal(self) -> bool:
        """Whether the game is over (DM-1.5: the final turns after the end trigger have been played)."""
        return self.node == _Node_GAME_OVER

    # -- zones (DM-6.3): the lists themselves; do not mutate them outside the engine ---------------
    def deck(self, player: int) -> list[int]:
        """``player``'s deck, bottom first (the top card is the last)."""
        return self.zones[player * NZ + DECK]

    def hand(self, player: int) -> list[int]:
        """The card instances in ``player``'s hand (hidden from the others, DM-6.3)."""
        return self.zones[player * NZ + HAND]

    def field(self, player: int) -> list[int]:
        """``player``'s field: the cards played or placed and not (yet) in a unit."""
        return self.zones[player * NZ + FIELD]

    def unit(self, player: int, slot: int) -> list[int]:
        """The cards in ``player``'s unit slot ``slot`` (1-3, DM-4.7); empty while the slot is free."""
        return self.zones[player * NZ + UNIT1 + slot - 1]

    def units(self, player: int) -> list[list[int]]:
        """``player``'s three unit slots in order."""
        base = player * NZ + UNIT1
        return self.zones[base : base + SLOTS]

    def field_characters(self, player: int) -> list[int]:
        """The character cards on ``player``'s field not yet in a unit (DM-4.2), the material of DM-4.6."""
        is_char = self.inst.is_char
        return [c for c in self.field(player) if is_char[c]]

    # the same zones, saved for undo first (``State._touch``): the engine's only way to change them
    def _touch(self, index: int) -> list[int]:
        # ``State._touch`` written out (at every move of a card): the undo frame's fields read natively
        zone = self.zones[index]
        saved = self._saved
        if saved is not None:
            save_zone(saved, self._save_from, index, zone)
        return zone

    def _touch_deck(self, player: int) -> list[int]:
        return self._touch(player * NZ + DECK)

    def _touch_hand(self, player: int) -> list[int]:
        return self._touch(player * NZ + HAND)

    def _touch_field(self, player: int) -> list[int]:
        return self._touch(player * NZ + FIELD)

    def _touch_unit(self, player: int, slot: int) -> list[int]:
        return self._touch(player * NZ + UNIT1 + slot - 1)

    # -- legal actions ---------------------------------------------------------------------------
    def _legal_actions(self) -> tuple[Action, ...]:
        node = self.node
        if node == _Node_MAIN:
            return self._legal_main()
        if node == _Node_UNIT:
            return self._legal_unit()
        if node == _Node_EFFECT:
            if isinstance(self.pending, PeekChoice):
                return _PEEK_CHOICES
            choose = self.inst.choose
            return tuple([choose[c] for c in effects.targets(self)] + [_DECLINE])
        return ()

    def _legal_main(self) -> tuple[Action, ...]:
        """DM-4.1: play a card (DM-4.2, DM-4.5), start a unit in an empty slot (DM-4.6, DM-4.7), or end."""
        p = self.turn_player
        inst = self.inst
        zones = self.zones
        base = p * NZ
        play = inst.play
        out: list[Action] = [play[c] for c in sorted(zones[base + HAND])]
        is_char = inst.is_char
        n = 0
        for c in zones[base + FIELD]:  # DM-4.6: a unit needs three characters on the field
            if is_char[c]:
                n += 1
                if n >= MIN_UNIT:
                    if self._units_bounded():
                        break  # option repeat_limit (DM-4.6): no more units started in this main phase
                    base += UNIT1
                    for k in range(SLOTS):
                        if not zones[base + k]:
                            out.append(_UNIT_SLOTS[k])
                    break
        out.append(_END_MAIN)
        return tuple(out)

    def cancels_this_turn(self) -> int:
        """How many units were cancelled in this main phase: each brought it back to the position it was in
        before that unit was started (picking moves no card), so each is one repeated position (option
        repeat_limit, DM-4.6). Read from the events, so undo, views, dealt samples and saved states agree."""
        n = 0
        events = self.events
        for k in range(len(events) - 1, -1, -1):
            kind = events[k].kind
            if kind == _Ev_UNIT_CANCELLED:
                n += 1
            elif kind == _Ev_TURN_START:
                break
        return n

    def _units_bounded(self) -> bool:
        limit = self.game.options["repeat_limit"]
        return limit is not None and self.cancels_this_turn() >= limit

    def _legal_unit(self) -> tuple[Action, ...]:
        """DM-4.6: pick up to 7 characters and 1 special; finish with at least 3 characters; or cancel."""
        inst = self.inst
        is_char, pick = inst.is_char, inst.pick
        picked = self.unit_pick
        n_chars = 0
        for c in picked:
            if is_char[c]:
                n_chars += 1
        chars_ok = n_chars < MAX_UNIT
        special_ok = n_chars == len(picked)  # no special picked yet
        field = sorted(self.zones[self.turn_player * NZ + FIELD])  # (the cards not picked yet, in order)
        if chars_ok and special_ok:
            out: list[Action] = [pick[c] for c in field if c not in picked]
        elif chars_ok:
            out = [pick[c] for c in field if is_char[c] and c not in picked]
        elif special_ok:
            out = [pick[c] for c in field if not is_char[c] and c not in picked]
        else:
            out = []
        if MIN_UNIT <= n_chars:
            out.append(_FINISH)
        out.append(_CANCEL)
        return tuple(out)

    # -- why an action is illegal (illegal.py, one checker per kind of action) -----------------------
    def _why_illegal(self, action: Any) -> tuple[str, str]:  # any object: a compiled build checks no type
        from .illegal import why_illegal

        return why_illegal(self, action)

    # -- carrying out actions -----------------------------------------------------------------------
    def _do(self, action: Action) -> None:
        kind = type(action)
        p = self.turn_player
        if kind is _Pick:  # (the kinds in the order of how often random play takes them)
            card: int = action.card  # type: ignore[attr-defined]  # kind is _Pick
            self.unit_pick = self.unit_pick + (card,)
            self.events.append(Event(_Ev_PICK, "DM-4.6", p, {"card": card, "slot": self.unit_slot}))
        elif kind is _Play:
            self._play(p, action.card)  # type: ignore[attr-defined]  # kind is _Play
        elif kind is _EndMain:
            self.events.append(Event(_Ev_END_MAIN, "DM-4.1", p, {"used": self.actions_used}))
            self._goto(_Node_END)
            self._end_phase()
        elif kind is _StartUnit:
            slot: int = action.slot  # type: ignore[attr-defined]  # kind is _StartUnit
            self._goto(_Node_UNIT)
            self.unit_slot = slot
            self.unit_pick = ()
            self.events.append(Event(_Ev_UNIT_STARTED, "DM-4.6", p, {"slot": slot}))
        elif kind is _Finish:
            self._finish_unit(p)
        elif kind is _Cancel:
            self.events.append(
                Event(_Ev_UNIT_CANCELLED, "DM-4.6", p, {"slot": self.unit_slot, "cards": list(self.unit_pick)})
            )
            self.unit_slot = None
            self.unit_pick = ()
            self._goto(_Node_MAIN)
        else:
            effects.choose(self, p, action)

    def _play(self, p: int, card: int) -> None:
        """DM-4.2 / DM-4.5: hand to field, the on-play effect, then the reveal."""
        base = p * NZ
        self._touch(base + HAND).remove(card)
        self._touch(base + FIELD).append(card)
        self.actions_used = used = self.actions_used + 1
        if self.inst.is_char[card]:
            self._goto(_Node_PLAY_CHARACTER)
            self.events.append(Event(_Ev_PLAY, "DM-4.2", p, {"card": card, "action": used}))
        else:
            self._goto(_Node_PLAY_SPECIAL)
            self.events.append(Event(_Ev_PLAY, "DM-4.5", p, {"card": card, "action": used}))
        self._goto(_Node_EFFECT)
        if not effects.start(self, p, card):
            self._reveal_and_continue(p)

    def _deck_empty(self, p: int, what: str) -> None:
        """DM-4.4a: an empty deck skips the reveal/draw; option ``deck_out`` may arm the end."""
        self._emit(_Ev_DECK_EMPTY, "DM-4.4a", p, what=what)
        if what == "reveal" and self.game.options["deck_out"] == "arms_end":  # the option covers the reveal
            self.deck_out_seen = True

    # -- reveal (DM-4.4) -------------------------------------------------------------------------------
    def _reveal_and_continue(self, p: int) -> None:
        self._goto(_Node_REVEAL)
        base = p * NZ
        deck = self.zones[base + DECK]
        if not deck:
            self.last_reveal = None
            self._deck_empty(p, "reveal")
        else:
            card = self._touch(base + DECK).pop()
            inst = self.inst
            is_char = inst.is_char
            character = is_char[card]
            to_field = False
            if character:
                keys = inst.match_key
                key = keys[card]
                for c in self.zones[base + FIELD]:
                    if keys[c] == key:  # a character with the same number (specials never match)
                        to_field = True
                        break
            if to_field:
                self._touch(base + FIELD).append(card)
                self.last_reveal = inst.reveal_to_field[card]
                data = {"card": card, "to": "field", "match": True, "character": character}
            else:
                self._touch(base + HAND).append(card)
                self.last_reveal = inst.reveal_to_hand[card]
                data = {"card": card, "to": "hand", "match": False, "character": character}
            self.events.append(Event(_Ev_REVEAL, "DM-4.4", p, data))
        self._next_action_or_end()

    def _next_action_or_end(self) -> None:
        """DM-4.1: back to the main phase while actions are left, else the end phase. When the first turn's
        single action (DM-4.3) ends it, an event says so: the restriction is a rule that acts."""
        limit = self.action_limit()
        if self.actions_used >= limit:
            if limit == FIRST_TURN_ACTIONS and self.turn == 1:
                self._emit(_Ev_FIRST_TURN_LIMIT, "DM-4.3", self.turn_player, actions=limit)
            self._goto(_Node_END)
            self._end_phase()
        else:
            self._goto(_Node_MAIN)

    # -- units (DM-4.6, DM-4.7) ---------------------------------------------------------------------
    def _finish_unit(self, p: int) -> None:
        slot = self.unit_slot
        assert slot is not None, "a unit is finished only while one is being created (node unit)"
        field = self._touch_field(p)
        unit = self._touch_unit(p, slot)
        for c in self.unit_pick:
            field.remove(c)
            unit.append(c)
        self.actions_used += 1
        self._emit(_Ev_UNIT_CREATED, "DM-4.6", p, slot=slot, cards=list(self.unit_pick), action=self.actions_used)
        self.unit_slot = None
        self.unit_pick = ()
        self._next_action_or_end()

    # -- end phase (DM-4.8, DM-1.4 - DM-1.6) ---------------------------------------------------------
    def _end_phase(self) -> None:
        p = self.turn_player
        n = self.num_players
        full = True
        base = p * NZ + UNIT1
        zones = self.zones
        for k in range(SLOTS):
            if not zones[base + k]:
                full = False
                break
        if full and self.armed_by is None:
            self.armed_by = p
            self.armed_rule = "DM-1.4"
            self._emit(_Ev_END_ARMED, "DM-1.4", p)
        elif full and self.armed_by is not None and self.armed_by != p:
            self._emit(_Ev_END_ALREADY_ARMED, "DM-1.6", p, armed_by=self.armed_by)
        if self.deck_out_seen and self.armed_by is None:
            self.armed_by = p
            self.armed_rule = "DM-4.4a"
            self._emit(_Ev_END_ARMED, "DM-4.4a", p)
        self.events.append(Event(_Ev_TURN_END, "DM-4.8", p, {"turn": self.turn}))
        if self.armed_by is not None and p == (self.armed_by - 1) % n:
            self._goto(_Node_GAME_OVER)
            out = scoring.outcome(self)
            self._emit(Ev.GAME_OVER, "DM-1.5", None, winners=list(out.winners), scores=list(out.scores))
            return
        limit = self.game.options["turn_limit"]
        if limit is not None and self.turn >= limit and self.armed_by is None:  # DM-1.4 option turn_limit
            self._goto(_Node_GAME_OVER)
            self._emit(Ev.GAME_OVER, "DM-1.4", None, winners=[], scores=list(scoring.outcome(self).scores))
            return
        self.turn_player = (p + 1) % n
        self.turn += 1
        self.actions_used = 0
        self.deck_out_seen = False
        self.last_reveal = None
        self._goto(_Node_MAIN)
        self.events.append(
            Event(_Ev_TURN_START, "DM-4.8", self.turn_player, {"turn": self.turn, "final": self.armed_by is not None})
        )

    # -- scoring (DM-5, in scoring.py) -------------------------------------------------------------------
    def score(self, player: int) -> dict[str, Any]:
        """The points ``player`` would have if the game ended now, with the DM-5.5 breakdown."""
        return scoring.score(self, player)

    def result(self) -> Outcome | None:
        """The outcome when the game is over (None before): DM-1.2 most points, DM-1.3 ties."""
        if self.node != _Node_GAME_OVER:
            return None
        out = scoring.outcome(self)
        if self.armed_by is None:  # no end was armed: the turn cap ended it (option turn_limit), a draw
            return Outcome((), out.scores, "DM-1.4", out.breakdown, measure=out.measure)
        return out

    # -- views, serialisation, rendering -----------------------------------------------------------------
    def _mask_view(self, view: State, player: int) -> None:
        assert isinstance(view, DarkMoonState)
        pending = view.pending
        if isinstance(pending, PeekChoice) and view.turn_player != player:
            view.pending = PeekChoice(pending.source, -1)  # DM-6.3: only the peeking player saw it

    def _after_determinize(self) -> None:
        pending = self.pending
        if isinstance(pending, PeekChoice) and pending.top == -1:
            self.pending = PeekChoice(pending.source, self.deck(self.turn_player)[-1])

    def _clone_extra(self, new: State) -> None:
        assert isinstance(new, DarkMoonState)
        new.inst = self.inst

    def to_dict(self) -> dict[str, Any]:
        """As ``State.to_dict``, with each named scalar value written as the list of its fields (the
        list its former tuple was written as, so the file format is unchanged)."""
        d = super().to_dict()
        scalars = d["scalars"]
        for name in ("pending", "last_reveal"):
            value = getattr(self, name)
            if value is not None:
                scalars[name] = value.to_json()
        return d

    def _repr_html_(self) -> str:
        # the game's board hook (Game.render_board), as tcgteach.viz.board_html asks it: the rules import no viz
        return self.game.render_board(self)

    def __repr__(self) -> str:
        return (
            f"<DarkMoonState turn {self.turn} P{self.turn_player + 1} node={self.node} "
            f"actions={self.actions_used}/{self.action_limit()}>"
        )
