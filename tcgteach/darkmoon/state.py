"""DARK MOON rules: one state, moved only along the turn flow (``flow.py``).

Zones per player (``ZONES``): deck (index 0 = bottom, last = top), hand, field and unit slots
1-3. Cards are instance numbers: player p's deck list entry i is card ``p * 40 + i``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import StateFileError
from ..core.outcome import Outcome
from ..core.state import State
from . import actions as A
from .cards import DECK_SIZE, Card

if TYPE_CHECKING:
    from .game import DarkMoon

DECK, HAND, FIELD, UNIT1 = 0, 1, 2, 3
NZ = 6  # zones per player
HAND_SIZE = 5  # DM-3.4
ACTIONS_PER_TURN = 2  # DM-4.1
FIRST_TURN_ACTIONS = 1  # DM-4.3
MIN_UNIT, MAX_UNIT = 3, 7  # DM-4.6
SLOTS = 3  # DM-4.7


class Instances:
    """Per-game facts about each card instance (shared, never changes during play)."""

    __slots__ = ("cards", "owner", "is_char", "number", "charname", "play", "pick", "choose")

    def __init__(self, decks: list[tuple[str, ...]], pool: dict[str, Card], actions: Any) -> None:
        cards: list[Card] = []
        owner: list[int] = []
        for p, deck in enumerate(decks):
            for cid in deck:
                cards.append(pool[cid])
                owner.append(p)
        self.cards = tuple(cards)
        self.owner = tuple(owner)
        self.is_char = tuple(c.is_character for c in cards)
        self.number = tuple(c.number if c.is_character else None for c in cards)
        self.charname = tuple(c.character if c.is_character else None for c in cards)
        self.play, self.pick, self.choose = actions(len(cards))


class DarkMoonState(State):
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

    game: DarkMoon
    inst: Instances

    # -- basic facts ---------------------------------------------------------------------------
    def card(self, instance: int) -> Card:
        """The card data of a card instance."""
        return self.inst.cards[instance]

    def owner(self, instance: int) -> int:
        return self.inst.owner[instance]

    @property
    def current_player(self) -> int | None:
        return None if self.node == "game_over" else self.turn_player

    def action_limit(self) -> int:
        """DM-4.1 two actions; DM-4.3 one in the very first turn of the game."""
        if self.turn == 1 and self.game.options["first_turn_restriction"]:
            return FIRST_TURN_ACTIONS
        return ACTIONS_PER_TURN

    def is_terminal(self) -> bool:
        return self.node == "game_over"

    def units(self, player: int) -> list[list[int]]:
        base = player * NZ + UNIT1
        return [self.zones[base + k] for k in range(SLOTS)]

    def field_characters(self, player: int) -> list[int]:
        is_char = self.inst.is_char
        return [c for c in self.zones[player * NZ + FIELD] if is_char[c]]

    # -- legal actions ---------------------------------------------------------------------------
    def _legal_actions(self) -> tuple[A.Action, ...]:
        node = self.node
        p = self.turn_player
        zones = self.zones
        inst = self.inst
        if node == "main":
            out: list[A.Action] = [inst.play[c] for c in sorted(zones[p * NZ + HAND])]
            is_char = inst.is_char
            if sum(1 for c in zones[p * NZ + FIELD] if is_char[c]) >= MIN_UNIT:
                base = p * NZ + UNIT1
                out.extend(A.UNIT_SLOTS[k] for k in range(SLOTS) if not zones[base + k])
            out.append(A.END_MAIN)
            return tuple(out)
        if node == "unit":
            is_char = inst.is_char
            picked = self.unit_pick
            n_chars = sum(1 for c in picked if is_char[c])
            has_special = n_chars < len(picked)
            out = []
            for c in sorted(zones[p * NZ + FIELD]):
                if c in picked:
                    continue
                if (n_chars < MAX_UNIT) if is_char[c] else not has_special:
                    out.append(inst.pick[c])
            if MIN_UNIT <= n_chars:
                out.append(A.FINISH)
            out.append(A.CANCEL)
            return tuple(out)
        if node == "effect":
            op = self.pending[0]
            if op == "peek":
                return (A.KEEP_TOP, A.TO_BOTTOM)
            return tuple(inst.choose[c] for c in self._targets()) + (A.DECLINE,)
        return ()

    def _targets(self) -> list[int]:
        """Cards the pending on-play effect may choose (DM-6.2: only character cards carry names)."""
        op, _src, name = self.pending[0], self.pending[1], self.pending[2]
        p = self.turn_player
        inst = self.inst
        if op == "return_opponent":
            out = []
            for k in range(1, self.num_players):
                q = (p + k) % self.num_players
                out.extend(
                    sorted(
                        c
                        for c in self.zones[q * NZ + FIELD]
                        if inst.is_char[c] and (name is None or inst.charname[c] == name)
                    )
                )
            return out
        if op == "place_from_hand":
            return sorted(c for c in self.zones[p * NZ + HAND] if inst.is_char[c] and inst.charname[c] == name)
        if op == "recycle":
            return sorted(self.zones[p * NZ + HAND])
        return []

    def _why_illegal(self, action: A.Action) -> tuple[str, str]:  # noqa: C901 -- one branch per rule an action can break
        node, p = self.node, self.turn_player
        if node == "game_over":
            return "the game is over", "DM-1.5"
        if not isinstance(action, A.Action) or type(action) not in A.ACTION_CLASSES:
            return f"{action!r} is not a DARK MOON action", "DM-4.1"
        if node == "effect" and not isinstance(action, (A.Choose, A.Decline, A.KeepTop, A.ToBottom)):
            return f"first finish resolving the on-play effect ({self.pending[0]})", "DM-4.2"
        if node == "unit" and not isinstance(action, (A.Pick, A.Finish, A.Cancel)):
            return "a unit is being created: pick cards, finish or cancel first", "DM-4.6"
        if isinstance(action, A.Play):
            if node != "main":
                return "cards are played only in the main phase", "DM-4.1"
            return f"card {action.card} is not in P{p + 1}'s hand", "DM-4.2"
        if isinstance(action, A.StartUnit):
            if node != "main":
                return "units are created only in the main phase", "DM-4.6"
            if not 1 <= action.slot <= SLOTS:
                return f"there are only unit slots 1-{SLOTS}", "DM-4.7"
            if self.zones[p * NZ + UNIT1 + action.slot - 1]:
                return f"unit slot {action.slot} is already filled", "DM-4.7"
            return f"a unit needs at least {MIN_UNIT} character cards on the field", "DM-4.6"
        if isinstance(action, A.Pick):
            if node != "unit":
                return "start a unit (unit <slot>) before picking cards", "DM-4.6"
            if action.card in self.unit_pick:
                return f"card {action.card} is already picked", "DM-4.6"
            if action.card not in self.zones[p * NZ + FIELD]:
                return f"card {action.card} is not on P{p + 1}'s field", "DM-4.6"
            if self.inst.is_char[action.card]:
                return f"a unit holds at most {MAX_UNIT} character cards", "DM-4.6"
            return "a unit holds at most 1 special card", "DM-4.6"
        if isinstance(action, A.Finish):
            if node != "unit":
                return "no unit is being created", "DM-4.6"
            return f"a unit needs {MIN_UNIT}-{MAX_UNIT} character cards", "DM-4.6"
        if isinstance(action, A.Cancel):
            return "no unit is being created", "DM-4.6"
        if isinstance(action, (A.Choose, A.Decline, A.KeepTop, A.ToBottom)):
            if node != "effect":
                return "no on-play effect is waiting for a choice", "DM-4.2"
            return f"{action} is not a choice this effect offers", "DM-4.2"
        return f"{action} is not legal now", "DM-4.1"

    # -- carrying out actions -----------------------------------------------------------------------
    def _do(self, action: A.Action) -> None:
        kind = type(action)
        p = self.turn_player
        if kind is A.Play:
            self._play(p, action.card)
        elif kind is A.Pick:
            self.unit_pick = self.unit_pick + (action.card,)
            self._emit("pick", "DM-4.6", p, card=action.card, slot=self.unit_slot)
        elif kind is A.EndMain:
            self._emit("end_main", "DM-4.1", p, used=self.actions_used)
            self._goto("end")
            self._end_phase()
        elif kind is A.StartUnit:
            self._goto("unit")
            self.unit_slot = action.slot
            self.unit_pick = ()
            self._emit("unit_started", "DM-4.6", p, slot=action.slot)
        elif kind is A.Finish:
            self._finish_unit(p)
        elif kind is A.Cancel:
            self._emit("unit_cancelled", "DM-4.6", p, slot=self.unit_slot, cards=list(self.unit_pick))
            self.unit_slot = None
            self.unit_pick = ()
            self._goto("main")
        else:
            self._choose(p, action)

    def _play(self, p: int, card: int) -> None:
        hand = self._touch(p * NZ + HAND)
        field = self._touch(p * NZ + FIELD)
        hand.remove(card)
        field.append(card)
        self.actions_used += 1
        if self.inst.is_char[card]:
            self._goto("play_character")
            self._emit("play", "DM-4.2", p, card=card, action=self.actions_used)
        else:
            self._goto("play_special")
            self._emit("play", "DM-4.5", p, card=card, action=self.actions_used)
        self._goto("effect")
        if not self._start_effect(p, card):
            self._reveal_and_continue(p)

    # -- on-play effects (the vocabulary of cards.EFFECT_OPS) -----------------------------------
    def _start_effect(self, p: int, src: int) -> bool:
        """Resolve ``src``'s on-play effect; True when it waits for a choice of the player."""
        effect = self.inst.cards[src].effect
        if effect is None:
            return False
        op = effect["op"]
        rule = "DM-4.2" if self.inst.is_char[src] else "DM-4.5"
        if op == "draw":
            self._emit("effect", rule, p, card=src, op=op)
            self._draw(p, effect["n"], rule)
        elif op == "each_draw":
            self._emit("effect", rule, p, card=src, op=op)
            for k in range(self.num_players):
                self._draw((p + k) % self.num_players, effect["n"], rule)
        elif op == "draw_if_field_has":
            name = effect["name"]
            met = any(c != src and self.inst.charname[c] == name for c in self.zones[p * NZ + FIELD])
            self._emit("effect", "DM-6.1", p, card=src, op=op, name=name, met=met)
            if met:
                self._draw(p, effect["n"], rule)
        elif op == "search":
            self._search(p, src, effect["name"], effect["to"])
        elif op == "peek":
            deck = self.zones[p * NZ + DECK]
            if not deck:
                self._emit("effect_skipped", "DM-4.4a", p, card=src, op=op)
                return False
            self.pending = ("peek", src, deck[-1])
            self._emit("peek", rule, p, secret=p, card=deck[-1], source=src)
            return True
        else:  # the "you may choose" effects
            self.pending = (op, src, effect.get("name"))
            if not self._targets():
                self._emit("no_target", rule, p, card=src, op=op, name=effect.get("name"))
                self.pending = None
                if op == "recycle":
                    self._draw(p, 1, rule)
                return False
            self._emit("effect", rule, p, card=src, op=op, name=effect.get("name"))
            return True
        return False

    def _choose(self, p: int, action: A.Action) -> None:
        op, src = self.pending[0], self.pending[1]
        inst = self.inst
        if op == "peek":
            top = self.pending[2]
            if isinstance(action, A.ToBottom):
                deck = self._touch(p * NZ + DECK)
                deck.pop()
                deck.insert(0, top)
            self._emit("peek_done", self._effect_rule(src), p, to="bottom" if isinstance(action, A.ToBottom) else "top")
        elif isinstance(action, A.Decline):
            self._emit("declined", self._effect_rule(src), p, card=src, op=op)
            if op == "recycle":
                self._draw(p, 1, self._effect_rule(src))
        elif op == "return_opponent":
            target = action.card  # type: ignore[attr-defined]
            q = inst.owner[target]
            self._touch(q * NZ + FIELD).remove(target)
            self._touch(q * NZ + HAND).append(target)
            self._emit("returned", "DM-6.1", p, card=target, owner=q, source=src)
        elif op == "place_from_hand":
            target = action.card  # type: ignore[attr-defined]
            self._touch(p * NZ + HAND).remove(target)
            self._touch(p * NZ + FIELD).append(target)
            self._emit("placed", "DM-6.1", p, card=target, source=src)
        elif op == "recycle":
            target = action.card  # type: ignore[attr-defined]
            self._touch(p * NZ + HAND).remove(target)
            self._touch(p * NZ + DECK).insert(0, target)
            self._emit("recycled", self._effect_rule(src), p, secret=p, card=target)
            self._draw(p, 1, self._effect_rule(src))
        self.pending = None
        self._reveal_and_continue(p)

    def _effect_rule(self, src: int) -> str:
        return "DM-4.2" if self.inst.is_char[src] else "DM-4.5"

    def _draw(self, p: int, n: int, rule: str = "DM-4.2") -> None:
        for _ in range(n):
            deck = self.zones[p * NZ + DECK]
            if not deck:
                self._deck_empty(p, "draw")
                return
            self._touch(p * NZ + DECK)
            card = deck.pop()
            self._touch(p * NZ + HAND).append(card)
            self._emit("draw", rule, p, secret=p, card=card)

    def _search(self, p: int, src: int, name: str, to: str) -> None:
        deck = self._touch(p * NZ + DECK)
        inst = self.inst
        found = None
        for i in range(len(deck) - 1, -1, -1):  # from the top down
            c = deck[i]
            if inst.is_char[c] and inst.charname[c] == name:  # DM-6.2: specials never match a name
                found = deck.pop(i)
                break
        if found is None:
            self._emit("search", "DM-6.1", p, card=None, name=name, to=to, source=src)
        else:
            self._touch(p * NZ + (HAND if to == "hand" else FIELD)).append(found)
            self._emit("search", "DM-6.1", p, card=found, name=name, to=to, source=src)
        self.rng.shuffle(deck)

    def _deck_empty(self, p: int, what: str) -> None:
        """DM-4.4a: an empty deck skips the reveal/draw; option ``deck_out`` may arm the end."""
        self._emit("deck_empty", "DM-4.4a", p, what=what)
        if what == "reveal" and self.game.options["deck_out"] == "arms_end":  # the option covers the reveal
            self.deck_out_seen = True

    # -- reveal (DM-4.4) -------------------------------------------------------------------------------
    def _reveal_and_continue(self, p: int) -> None:
        self._goto("reveal")
        deck = self.zones[p * NZ + DECK]
        if not deck:
            self.last_reveal = None
            self._deck_empty(p, "reveal")
        else:
            self._touch(p * NZ + DECK)
            card = deck.pop()
            inst = self.inst
            to_field = False
            if inst.is_char[card]:
                number = inst.number[card]
                is_char = inst.is_char
                nums = inst.number
                to_field = any(is_char[c] and nums[c] == number for c in self.zones[p * NZ + FIELD])
            self._touch(p * NZ + (FIELD if to_field else HAND)).append(card)
            self.last_reveal = (card, "field" if to_field else "hand")
            self._emit(
                "reveal",
                "DM-4.4",
                p,
                card=card,
                to="field" if to_field else "hand",
                match=to_field,
                character=inst.is_char[card],
            )
        if self.actions_used >= self.action_limit():
            self._goto("end")
            self._end_phase()
        else:
            self._goto("main")

    # -- units (DM-4.6, DM-4.7) ---------------------------------------------------------------------
    def _finish_unit(self, p: int) -> None:
        slot = self.unit_slot
        field = self._touch(p * NZ + FIELD)
        unit = self._touch(p * NZ + UNIT1 + slot - 1)
        for c in self.unit_pick:
            field.remove(c)
            unit.append(c)
        self.actions_used += 1
        self._emit("unit_created", "DM-4.6", p, slot=slot, cards=list(self.unit_pick), action=self.actions_used)
        self.unit_slot = None
        self.unit_pick = ()
        if self.actions_used >= self.action_limit():
            self._goto("end")
            self._end_phase()
        else:
            self._goto("main")

    # -- end phase (DM-4.8, DM-1.4 - DM-1.6) ---------------------------------------------------------
    def _end_phase(self) -> None:
        p = self.turn_player
        n = self.num_players
        full = all(self.units(p))
        if full and self.armed_by is None:
            self.armed_by = p
            self.armed_rule = "DM-1.4"
            self._emit("end_armed", "DM-1.4", p)
        elif full and self.armed_by is not None and self.armed_by != p:
            self._emit("end_already_armed", "DM-1.6", p, armed_by=self.armed_by)
        if self.deck_out_seen and self.armed_by is None:
            self.armed_by = p
            self.armed_rule = "DM-4.4a"
            self._emit("end_armed", "DM-4.4a", p)
        self._emit("turn_end", "DM-4.8", p, turn=self.turn)
        if self.armed_by is not None and p == (self.armed_by - 1) % n:
            self._goto("game_over")
            out = self.result()
            self._emit("game_over", "DM-1.5", None, winners=list(out.winners), scores=list(out.scores))
            return
        self.turn_player = (p + 1) % n
        self.turn += 1
        self.actions_used = 0
        self.deck_out_seen = False
        self.last_reveal = None
        self._goto("main")
        self._emit("turn_start", "DM-4.8", self.turn_player, turn=self.turn, final=self.armed_by is not None)

    # -- scoring (DM-5) ---------------------------------------------------------------------------------
    def score(self, player: int) -> dict[str, Any]:
        """The points ``player`` would have if the game ended now, with the DM-5.5 breakdown."""
        inst = self.inst
        units_points = bonus = 0
        detail = []
        for k, unit in enumerate(self.units(player)):
            if not unit:
                continue
            names = [inst.charname[c] for c in unit if inst.is_char[c]]  # DM-6.2: specials carry no name
            unit_bonus = []
            for c in unit:
                pts = inst.cards[c].points
                if pts is None:
                    continue
                value = _bonus(pts, names)
                if value:
                    unit_bonus.append({"card": c, "points": value})
            u_bonus = sum(b["points"] for b in unit_bonus)
            units_points += len(unit)  # DM-5.1
            bonus += u_bonus  # DM-5.2
            detail.append({"slot": k + 1, "cards": len(unit), "bonus": u_bonus, "bonus_cards": unit_bonus})
        loose = sum(1 for c in self.zones[player * NZ + FIELD] if not inst.is_char[c])  # DM-5.3
        return {
            "player": player,
            "units": units_points,
            "unit_bonuses": bonus,
            "loose_specials": loose,
            "total": units_points + bonus + loose,
            "unit_detail": detail,
        }

    def result(self) -> Outcome | None:
        """The outcome when the game is over (None before): DM-1.2 most points, DM-1.3 ties."""
        if self.node != "game_over":
            return None
        breakdown = tuple(self.score(p) for p in range(self.num_players))
        scores = tuple(b["total"] for b in breakdown)
        best = max(scores)
        top = tuple(p for p, s in enumerate(scores) if s == best)
        if len(top) > 1 and self.game.options["tie"] == "none":
            winners: tuple[int, ...] = ()
        else:
            winners = top
        # the rule that ended the game: a tie (DM-1.3), an end armed by an empty deck (DM-4.4a), else DM-1.5
        reason = "DM-1.3" if len(top) > 1 else ("DM-4.4a" if self.armed_rule == "DM-4.4a" else "DM-1.5")
        return Outcome(winners, scores, reason, breakdown, nobody_wins=not winners)

    # -- views, serialisation, rendering -----------------------------------------------------------------
    def _mask_view(self, view: State, player: int) -> None:
        v: DarkMoonState = view  # type: ignore[assignment]
        if v.pending and v.pending[0] == "peek" and v.turn_player != player:
            v.pending = ("peek", v.pending[1], -1)

    def _after_determinize(self) -> None:
        if self.pending and self.pending[0] == "peek" and self.pending[2] == -1:
            self.pending = ("peek", self.pending[1], self.zones[self.turn_player * NZ + DECK][-1])

    def _clone_extra(self, new: State) -> None:
        new.inst = self.inst  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        from ..viz.board import board_html

        return board_html(self)

    def __repr__(self) -> str:
        return (
            f"<DarkMoonState turn {self.turn} P{self.turn_player + 1} node={self.node} "
            f"actions={self.actions_used}/{self.action_limit()}>"
        )


def _bonus(points: dict[str, Any], names: list[str]) -> int:
    """DM-5.2: a special's point effect for a unit whose character names are ``names``."""
    value = points["value"]
    if "per_name" in points:
        return value * names.count(points["per_name"])
    cond = points["if"]
    if cond is None:
        return value
    ((key, arg),) = cond.items()
    if key == "unit_has":
        return value if arg in names else 0
    if key == "unit_distinct_at_least":
        return value if len(set(names)) >= arg else 0
    if key == "unit_characters_at_least":
        return value if len(names) >= arg else 0
    raise StateFileError("card points", f"unknown condition {key!r}")


def new_state(game: DarkMoon, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> DarkMoonState:
    """DM-3: shuffle, decide the first player, draw 5 each, then the first turn's main phase."""
    from ..core.rng import mix_seed

    n = len(decks)
    s = object.__new__(DarkMoonState)
    s._init_base(
        game,
        {"seed": seed, "players": n, "first_player": first_player, "decks": [list(d) for d in decks]},
        n,
        mix_seed(seed),
    )
    s.inst = game._instances(tuple(decks))
    for p in range(n):
        s.zones[p * NZ + DECK] = list(range(p * DECK_SIZE, p * DECK_SIZE + len(decks[p])))
    s.turn = 0
    s.actions_used = 0
    s.armed_by = None
    s.armed_rule = None
    s.deck_out_seen = False
    s.unit_slot = None
    s.unit_pick = ()
    s.pending = None
    s.last_reveal = None
    for p in range(n):
        s.rng.shuffle(s.zones[p * NZ + DECK])  # DM-3.2
    s._emit("setup", "DM-3.1", None, players=n)
    s._emit("shuffle", "DM-3.2", None)
    fp = first_player if first_player is not None else s.rng.below(n)  # DM-3.3
    s.turn_player = fp
    s._emit("first_player", "DM-3.3", fp, chosen="given" if first_player is not None else "random")
    for k in range(n):
        p = (fp + k) % n
        deck = s.zones[p * NZ + DECK]
        hand = s.zones[p * NZ + HAND]
        for _ in range(HAND_SIZE):  # DM-3.4
            if deck:
                hand.append(deck.pop())
        s._emit("draw_hand", "DM-3.4", p, secret=p, cards=list(hand))
    s.turn = 1
    s._goto("main")
    s._emit("turn_start", "DM-4.8", fp, turn=1, final=False)
    return s
