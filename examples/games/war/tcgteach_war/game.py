"""The rules of War (``WR-*``, ``data/rules.json``): the cards, the state, the actions, the flow and the game.

A trick: the leader puts a card face down (WR-3.1), the other player answers face up (WR-3.2), the lead is
turned over and the higher card takes the trick (WR-3.3); a tie is settled by the option ``tie`` (WR-3.4).
The face-down lead lies in the leader's ``lead`` zone, hidden from the other player, and the event and the
action that put it there are secret to the leader until the answer reveals it. The teaching (the board) is in
``board.py``; nothing here imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tcgteach.core.actions import Action, ActionSyntax
from tcgteach.core.errors import Violation
from tcgteach.core.events import FIRST_PLAYER, Event
from tcgteach.core.flow import Edge, Flow, Node, lang_pair
from tcgteach.core.game import Game
from tcgteach.core.options import OptionSpec
from tcgteach.core.outcome import Outcome
from tcgteach.core.rng import mix_seed
from tcgteach.core.state import State
from tcgteach.core.teaching import Teaching

#: card ID -> its value (WR-1.2)
VALUES = {f"W{v}": v for v in range(1, 10)}
DECK_SIZE = 8
MAX_COPIES = 2
HAND_SIZE = 3
ZONES = ("deck", "hand", "lead", "won", "discard")
DECK, HAND, LEAD, WON, DISCARD = range(len(ZONES))


@dataclass(frozen=True, slots=True)
class Lead(Action):
    """Put a hand card face down as the lead (WR-3.1); ``card`` -1 is the lead as the other player sees it."""

    VERB = "lead"
    RULE = "WR-3.1"
    card: int


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Answer the lead with a hand card, face up (WR-3.2)."""

    VERB = "answer"
    RULE = "WR-3.2"
    card: int


SYNTAX = ActionSyntax("war", (Lead, Answer), "WR-3")


def _node(name: str, en: str, ja: str, rules: tuple[str, ...], kind: str, help_en: str, help_ja: str) -> Node:
    return Node(name, lang_pair(en, ja), rules, kind, lang_pair(help_en, help_ja))


TRICK = Flow(
    "turn",  # the main flow of every game is called "turn" (Game.turn_flow): here one turn is one trick
    lang_pair("War: a trick", "ウォー：1トリック"),
    (
        _node(
            "setup",
            "Set-up",
            "準備",
            ("WR-2",),
            "start",
            "Shuffle, draw three, the leader by lot.",
            "切って3枚引き、リーダーをくじで決める。",
        ),
        _node(
            "lead",
            "Lead",
            "リード",
            ("WR-3.1",),
            "decision",
            "The leader puts a card face down.",
            "リーダーが1枚を裏向きに出す。",
        ),
        _node(
            "answer",
            "Answer",
            "応答",
            ("WR-3.2",),
            "decision",
            "The other player answers face up.",
            "相手が1枚を表向きに出す。",
        ),
        _node(
            "reveal",
            "Reveal",
            "公開",
            ("WR-3.3", "WR-3.4", "WR-3.5"),
            "step",
            "The lead is turned over; the higher card takes the trick; both draw.",
            "リードを表にし、大きい方がトリックを取る。両者が1枚引く。",
        ),
        _node(
            "end",
            "Game end",
            "ゲーム終了",
            ("WR-4",),
            "end",
            "No card left in hand: more tricks wins.",
            "手札が尽きたら、トリックの多い方の勝ち。",
        ),
    ),
    (
        Edge("setup", "lead", lang_pair("first trick", "最初のトリック"), "WR-2"),
        Edge("lead", "answer", lang_pair("card face down", "裏向きに出した"), "WR-3.1"),
        Edge("answer", "reveal", lang_pair("answered", "応答した"), "WR-3.2"),
        Edge("reveal", "lead", lang_pair("next trick", "次のトリック"), "WR-3.3"),
        Edge("reveal", "end", lang_pair("hands empty", "手札切れ"), "WR-4.1"),
    ),
)

OPTIONS = (
    OptionSpec(
        "tie",
        "discard",
        ("discard", "leader"),
        "WR-3.4",
        lang_pair(
            "Equal cards: 'discard' puts both aside and nobody takes the trick (the same player leads again); "
            "'leader' gives the trick to the leader.",
            "同じ値：'discard' は両方を捨て札にして誰もトリックを取らない（同じ人が再びリード）。"
            "'leader' はリーダーがトリックを取る。",
        ),
        {
            "discard": lang_pair("nobody takes a tied trick", "同値のトリックは誰も取らない"),
            "leader": lang_pair("the leader takes a tied trick", "同値のトリックはリーダーが取る"),
        },
    ),
)


class Instances:
    """The card ID, value and owner of every card instance of one game."""

    def __init__(self, decks: Sequence[Sequence[str]]) -> None:
        self.ids = tuple(c for d in decks for c in d)
        self.value = tuple(VALUES[c] for c in self.ids)
        self.owner = tuple(p for p, d in enumerate(decks) for _ in d)
        self.lead = tuple(Lead(i) for i in range(len(self.ids)))
        self.answer = tuple(Answer(i) for i in range(len(self.ids)))


class WarState(State):
    """A game of War: per player the zones of ``ZONES``; ``leader`` leads the trick, ``turn`` counts tricks."""

    SCALARS = ("leader", "turn")
    ZONES = ZONES

    inst: Instances
    leader: int
    turn: int

    def _clone_extra(self, new: State) -> None:
        assert isinstance(new, WarState)
        new.inst = self.inst

    @property
    def current_player(self) -> int | None:
        if self.node == "lead":
            return self.leader
        if self.node == "answer":
            return 1 - self.leader
        return None

    def owners(self) -> tuple[int, ...]:
        return self.inst.owner

    def tricks(self, p: int) -> int:
        """The tricks player ``p`` has taken (two cards each in the ``won`` zone)."""
        return len(self.zones[p * len(ZONES) + WON]) // 2

    def _zone_hidden(self, zone: str, owner: int, viewer: int) -> bool:
        # WR-3.1: the lead lies face down until the answer; decks and the other player's hand are hidden too
        return zone == "deck" or (zone in ("hand", "lead") and owner != viewer)

    def _legal_actions(self) -> tuple[Action, ...]:
        p = self.current_player
        if p is None:
            return ()
        hand = sorted(self.zone(p, "hand"))
        made = self.inst.lead if self.node == "lead" else self.inst.answer
        return tuple(made[c] for c in hand)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        if self.node == "end":
            return ("the game is over", "WR-4")
        if isinstance(action, Lead) and self.node != "lead":
            return ("the lead is already down: answer it", "WR-3.2")
        if isinstance(action, Answer) and self.node != "answer":
            return ("the leader puts a card face down first", "WR-3.1")
        if isinstance(action, (Lead, Answer)):
            return (f"card {action.card} is not in P{(self.current_player or 0) + 1}'s hand", action.RULE)
        return (f"{action} is not an action of War", "WR-3")

    def _do(self, action: Action) -> None:
        n = len(ZONES)
        if isinstance(action, Lead):
            p = self.leader
            self._touch(p * n + HAND).remove(action.card)
            self._touch(p * n + LEAD).append(action.card)
            self._emit("led", "WR-3.1", p, secret=p, card=action.card)
            self._goto("answer")
            return
        assert isinstance(action, Answer)
        self._answer(action.card)

    def _answer(self, card: int) -> None:
        n, leader = len(ZONES), self.leader
        other = 1 - leader
        self._touch(other * n + HAND).remove(card)
        self._emit("answered", "WR-3.2", other, card=card, value=self.inst.value[card])
        self._goto("reveal")
        lead, answer = self._touch(leader * n + LEAD).pop(), card
        lv, av = self.inst.value[lead], self.inst.value[answer]
        self._emit("revealed", "WR-3.3", leader, card=lead, value=lv)
        if lv == av and self.game.options["tie"] == "discard":
            self._touch(leader * n + DISCARD).append(lead)
            self._touch(other * n + DISCARD).append(answer)
            self._emit("tied", "WR-3.4", None, value=lv)
        else:
            winner = leader if lv >= av else other
            self._touch(winner * n + WON).extend((lead, answer))
            rule = "WR-3.4" if lv == av else "WR-3.3"
            self._emit("trick", rule, winner, tricks=self.tricks(winner))
            self.leader = winner
        for p in (self.leader, 1 - self.leader):  # WR-3.5: the next leader draws first
            deck = self._touch(p * n + DECK)
            if deck:
                drawn = deck.pop()
                self._touch(p * n + HAND).append(drawn)
                self._emit("drew", "WR-3.5", p, secret=p, card=drawn)
        if not self.zones[leader * n + HAND] and not self.zones[other * n + HAND]:
            self._goto("end")
            r = self.result()
            assert r is not None
            self._emit("game_over", "WR-4.1", None, winners=list(r.winners), scores=list(r.scores))
            return
        self.turn += 1
        self._goto("lead")

    def is_terminal(self) -> bool:
        return self.node == "end"

    def result(self) -> Outcome | None:
        if self.node != "end":
            return None
        scores = (self.tricks(0), self.tricks(1))
        winners = (0, 1) if scores[0] == scores[1] else (0,) if scores[0] > scores[1] else (1,)
        return Outcome(winners, scores, "WR-4.2")


class War(Game[WarState]):
    """War: two players, a face-down lead, the higher card takes the trick (``data/rules.json``)."""

    name = "war"
    title = {"en": "War", "ja": "ウォー"}
    OPTION_SPECS = OPTIONS
    #: the player count (WR-1.1): cited when a new game or an action does not fit the game at all
    contract_rule = "WR-1.1"
    pool_rule = "WR-1.2"
    syntax = SYNTAX
    seed_rule = "WR-2"
    first_player_rule = "WR-2.1"
    deck_size = DECK_SIZE
    size_rule = "WR-1.2"
    rules_file = "data/rules.json"
    #: the lead is face down: its event and its action are shown masked to the other player (WR-3.1)
    SECRET_ACTION_EVENTS = frozenset({"led"})
    #: War offers a board and nothing else of the teaching hooks (no coach, no quiz, no reasons)
    teaching = Teaching(board=".board:render")

    @property
    def flows(self) -> dict[str, Flow]:
        return {"turn": TRICK}

    def mask_action(self, action: Any) -> Action:
        return Lead(-1) if isinstance(action, Lead) else super().mask_action(action)

    def _starter_pool(self) -> dict[str, dict[str, Any]]:
        return {
            "ladder": {
                "cards": tuple(f"W{v}" for v in range(1, 9)),
                "name": lang_pair("Ladder", "はしご"),
                "style": {},
            },
            "peaks": {
                "cards": ("W1", "W1", "W2", "W2", "W8", "W8", "W9", "W9"),
                "name": lang_pair("Peaks", "山と谷"),
                "style": {},
            },
        }

    def validate_deck(self, cards: Sequence[str]) -> list[Violation]:
        out = [Violation("WR-1.2", f"no War card {c!r}", (c,)) for c in cards if c not in VALUES]
        for c in sorted(set(cards)):
            if c in VALUES and cards.count(c) > MAX_COPIES:
                out.append(Violation("WR-1.2", f"at most {MAX_COPIES} copies of {c}, not {cards.count(c)}", (c,)))
        if len(cards) != DECK_SIZE:
            out.append(Violation("WR-1.2", f"a deck has {DECK_SIZE} cards, not {len(cards)}"))
        return out

    def _setup(self, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> WarState:
        """A new game after set-up (WR-2), waiting for the first lead."""
        n, z = len(decks), len(ZONES)
        s = WarState.__new__(WarState)  # not object.__new__: it refuses a compiled State
        setup = {"seed": seed, "players": n, "first_player": first_player, "decks": [list(d) for d in decks]}
        s._init_base(self, setup, n, mix_seed(seed))
        s.inst = self._instances(tuple(decks))
        for p in range(n):
            s.zones[p * z + DECK] = list(range(p * DECK_SIZE, (p + 1) * DECK_SIZE))
            s.rng.shuffle(s.zones[p * z + DECK])
        s.leader = first_player if first_player is not None else s.rng.below(n)  # WR-2.1
        s._emit(FIRST_PLAYER, "WR-2.1", s.leader, chosen="given" if first_player is not None else "random")
        s.turn = 1
        for p in range(n):
            hand = s.zones[p * z + HAND]
            for _ in range(HAND_SIZE):
                hand.append(s.zones[p * z + DECK].pop())
            s._emit("draw_hand", "WR-2", p, secret=p, cards=list(hand), count=len(hand))
        s._goto("lead")
        return s

    def _new_instances(self, decks: tuple[tuple[str, ...], ...]) -> Instances:
        return Instances(decks)

    def describe_action(self, action: Any, state: Any, lang: Any = "en") -> str:
        ja = lang == "ja"
        card = getattr(action, "card", -1)
        v = state.inst.value[card] if card >= 0 else "?"
        if isinstance(action, Lead):
            return f"{v} を裏向きにリードする" if ja else f"Lead the {v} face down"
        return f"{v} で応答する" if ja else f"Answer with the {v}"

    def describe_event(self, event: Event, state: Any, lang: Any = "en") -> str:
        ja = lang == "ja"
        who = f"P{event.player + 1}" if event.player is not None else ""
        d = event.data
        if event.kind == FIRST_PLAYER:
            how = ("くじ" if ja else "by lot") if d.get("chosen") == "random" else ("指定" if ja else "given")
            return f"{who} が最初のリーダー（{how}）" if ja else f"{who} leads the first trick ({how})"
        if event.kind == "led":  # never the card: the log of a shared screen must not show the face-down lead
            return f"{who} が1枚を裏向きにリードした" if ja else f"{who} leads a card face down"
        if event.kind == "answered":
            return f"{who} が {d['value']} で応答した" if ja else f"{who} answers with {_a(d['value'])}"
        if event.kind == "revealed":
            return f"リードは {d['value']} だった" if ja else f"The lead was {_a(d['value'])}"
        if event.kind == "tied":
            return (
                f"{d['value']} 同士で引き分け、両方を捨て札に"
                if ja
                else f"Both are {d['value']}: both cards are put aside"
            )
        if event.kind == "trick":
            return f"{who} がトリックを取った（{d['tricks']}）" if ja else f"{who} takes the trick ({d['tricks']})"
        if event.kind in ("drew", "draw_hand"):  # the card is named to its owner only (the view masks it)
            count = d.get("count", 1)
            return f"{who}がカードを{count}枚引く。" if ja else f"{who} draws {count} card{'s' if count != 1 else ''}."
        if event.kind == "game_over":
            return "ゲーム終了" if ja else "Game over"
        return event.kind


def _a(value: int) -> str:
    """A card's value with its article: "an 8", "an 11", "a 5"."""
    return f"{'an' if str(value).startswith('8') or value in (11, 18) else 'a'} {value}"
