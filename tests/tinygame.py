"""Tally: a tiny third game, defined only in the tests, to show that a game costs one folder.

Nothing in ``tcgteach`` knows this module. ``tcgteach.register_game(Tally)`` adds it at run time,
and the conformance checker, the simulator, the board and graph renderers and the Stepper take it
as they take the two real games (``tests/test_third_game.py``). It is also the template to copy
when adding a game: a ``Game`` subclass (options, flow, deck rules, texts, rule texts, the ``teaching`` table), a
``State`` subclass (zones, scalars, the four contract hooks) and the actions.

The rules (IDs ``TG-*``, cited by the engine like the real games cite theirs):

* TG-1 Two players; a deck is six cards, each worth 1, 2 or 3 (TG-1.1).
* TG-2 Set-up: shuffle, choose the first player at random, each draws two cards.
* TG-3 A turn has two phases: draw (TG-3.1: draw ``draw_count`` cards, an option, default 1),
  then play (TG-3.2: put one card from the hand on the own table, or pass).
* TG-4 The game ends when both players pass one after the other, or when no card is left in any
  deck or hand (TG-4.1); the higher table total wins, equal totals are a draw (TG-4.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

from tcgteach.core.actions import Action, ActionSyntax
from tcgteach.core.errors import Violation
from tcgteach.core.events import Event
from tcgteach.core.flow import Edge, Flow, Node, lang_pair
from tcgteach.core.game import Game
from tcgteach.core.options import OptionSpec
from tcgteach.core.outcome import Outcome
from tcgteach.core.rng import mix_seed
from tcgteach.core.state import State
from tcgteach.core.teaching import Teaching

VALUES = {"one": 1, "two": 2, "three": 3}
DECK_SIZE = 6
DECK, HAND, TABLE = range(3)


@dataclass(frozen=True, slots=True)
class Play(Action):
    VERB = "play"
    RULE = "TG-3.2"
    card: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    VERB = "pass"
    RULE = "TG-3.2"


SYNTAX = ActionSyntax("tally", (Play, Pass), "TG-3")

TURN = Flow(
    "turn",
    lang_pair("Tally: a turn", "タリー：1ターン"),
    (
        Node("setup", lang_pair("Set-up", "準備"), ("TG-2",), kind="start"),
        Node("draw", lang_pair("Draw phase", "ドローフェイズ"), ("TG-3.1",)),
        Node("play", lang_pair("Play phase", "プレイフェイズ"), ("TG-3.2",), kind="decision"),
        Node("end", lang_pair("Game end", "ゲーム終了"), ("TG-4",), kind="end"),
    ),
    (
        Edge("setup", "draw", lang_pair("first turn", "最初のターン"), "TG-2"),
        Edge("draw", "play", lang_pair("cards drawn", "引いた"), "TG-3.1"),
        Edge("play", "draw", lang_pair("next player", "次の人"), "TG-3"),
        Edge("play", "end", lang_pair("two passes or no cards", "2回パスかカード切れ"), "TG-4.1"),
    ),
)

RULES = {
    "TG-1": ("Players and decks", "プレイヤーとデッキ", "Two players, six cards each.", "2人で、1人6枚。"),
    "TG-1.1": ("Deck", "デッキ", "Six cards, each worth 1, 2 or 3.", "6枚。どれも1か2か3の値。"),
    "TG-2": (
        "Set-up",
        "準備",
        "Shuffle; the first player is drawn by lot; two cards each.",
        "よく切り、先手を決め、2枚ずつ引く。",
    ),
    "TG-3": ("Turn", "ターン", "A draw phase, then a play phase.", "ドローフェイズのあとプレイフェイズ。"),
    "TG-3.1": ("Draw", "ドロー", "Draw one card (the option draw_count may make it two).", "1枚引く（設定で2枚）。"),
    "TG-3.2": (
        "Play",
        "プレイ",
        "Put one card from your hand on your table, or pass.",
        "手札から1枚を自分の場に出すか、パスする。",
    ),
    "TG-4": ("End", "終了", "The game ends; the higher table total wins.", "ゲームが終わり、場の合計が多い方の勝ち。"),
    "TG-4.1": (
        "When it ends",
        "終わるとき",
        "Two passes in a row, or no card left to play.",
        "2回続けてパス、または出せるカードがない。",
    ),
    "TG-4.2": (
        "Who wins",
        "勝ち負け",
        "The higher total wins; equal totals are a draw.",
        "合計が多い方の勝ち。同じなら引き分け。",
    ),
}

OPTIONS = (
    OptionSpec(
        "draw_count",
        1,
        (1, 2),
        "TG-3.1",
        lang_pair("cards drawn in the draw phase", "ドローフェイズに引く枚数"),
        {1: lang_pair("one card", "1枚"), 2: lang_pair("two cards", "2枚")},
    ),
)


class Instances:
    """The value and owner of every card instance of one game."""

    def __init__(self, decks: Sequence[Sequence[str]]) -> None:
        self.names = tuple(c for d in decks for c in d)
        self.value = tuple(VALUES[c] for c in self.names)
        self.owner = tuple(p for p, d in enumerate(decks) for _ in d)
        self.play = tuple(Play(i) for i in range(len(self.names)))


class TallyState(State):
    SCALARS = ("turn_player", "turn", "passes")
    ZONES = ("deck", "hand", "table")

    inst: Instances
    turn_player: int
    turn: int
    passes: int

    def owners(self) -> tuple[int, ...]:
        return self.inst.owner

    def _clone_extra(self, new: State) -> None:
        new.inst = self.inst  # type: ignore[attr-defined]

    @property
    def current_player(self) -> int | None:
        return None if self.node == "end" else self.turn_player

    def owner(self, card: int) -> int:
        return self.inst.owner[card]

    def total(self, p: int) -> int:
        return sum(self.inst.value[c] for c in self.zone(p, "table"))

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.node != "play":
            return ()
        hand = self.zone(self.turn_player, "hand")
        return tuple(self.inst.play[c] for c in sorted(hand)) + (Pass(),)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        if self.node == "end":
            return ("the game is over", "TG-4")
        if isinstance(action, Play):
            return (f"card {action.card} is not in P{self.turn_player + 1}'s hand", "TG-3.2")
        return (f"{action} is not an action of Tally", "TG-3")

    def _do(self, action: Action) -> None:
        p = self.turn_player
        if isinstance(action, Play):
            hand = self._touch(p * 3 + HAND)
            hand.remove(action.card)
            self._touch(p * 3 + TABLE).append(action.card)
            self.passes = 0
            self._emit("played", "TG-3.2", p, card=action.card, value=self.inst.value[action.card])
        else:
            self.passes += 1
            self._emit("passed", "TG-3.2", p)
        out_of_cards = not any(self.zones[q * 3 + k] for q in range(2) for k in (DECK, HAND))
        if self.passes >= 2 or out_of_cards:
            self._goto("end")
            r = self.result()
            assert r is not None  # the game is over
            self._emit("game_over", "TG-4.1", None, winners=list(r.winners), scores=list(r.scores))
            return
        self._goto("draw")
        self.turn_player = 1 - p
        self.turn += 1
        self._draw()

    def _draw(self) -> None:
        p = self.turn_player
        deck, hand = self._touch(p * 3 + DECK), self._touch(p * 3 + HAND)
        drawn = []
        for _ in range(self.game.options["draw_count"]):
            if deck:
                drawn.append(deck.pop())
        hand.extend(drawn)
        self._emit("drew", "TG-3.1", p, secret=p, cards=drawn, count=len(drawn))
        self._goto("play")

    def is_terminal(self) -> bool:
        return self.node == "end"

    def result(self) -> Outcome | None:
        if self.node != "end":
            return None
        scores = (self.total(0), self.total(1))
        winners = (0, 1) if scores[0] == scores[1] else (0,) if scores[0] > scores[1] else (1,)
        return Outcome(winners, scores, "TG-4.2")


class Tally(Game[TallyState]):
    """Tally, the tests' third game (see the module docstring for its four rules)."""

    name = "tally"
    title = {"en": "Tally", "ja": "タリー"}
    OPTION_SPECS = OPTIONS
    contract_rule = "TG-1"
    pool_rule = "TG-1.1"
    syntax = SYNTAX
    seed_rule = "TG-2"
    first_player_rule = "TG-2"
    size_rule = "TG-1.1"
    teaching = Teaching(board=f"{__name__}:render_board")
    sim_defaults: ClassVar[Mapping[str, Any]] = {}
    classroom_options: ClassVar[Mapping[str, Any]] = {}

    @property
    def flows(self) -> dict[str, Flow]:
        return {"turn": TURN}

    def _starter_pool(self) -> dict[str, dict[str, Any]]:
        return {
            "low": {"cards": ("one",) * 3 + ("two",) * 3, "name": lang_pair("Low", "ひくめ"), "style": {}},
            "high": {"cards": ("one", "two") + ("three",) * 4, "name": lang_pair("High", "たかめ"), "style": {}},
        }

    def validate_deck(self, cards: Sequence[str]) -> list[Violation]:
        out = [Violation("TG-1.1", f"no Tally card {c!r}", (c,)) for c in cards if c not in VALUES]
        if len(cards) != DECK_SIZE:
            out.append(Violation("TG-1.1", f"a deck has {DECK_SIZE} cards, not {len(cards)}"))
        return out

    def _setup(self, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> TallyState:
        """A new game after set-up (TG-2), waiting for the first player's play phase."""
        checked, n = decks, len(decks)
        s = TallyState.__new__(TallyState)  # not object.__new__: it refuses a compiled State
        setup = {"seed": seed, "players": n, "first_player": first_player, "decks": [list(d) for d in checked]}
        s._init_base(self, setup, n, mix_seed(seed))
        s.inst = self._instances(tuple(checked))
        for p in range(n):
            s.zones[p * 3 + DECK] = list(range(p * DECK_SIZE, (p + 1) * DECK_SIZE))
            s.rng.shuffle(s.zones[p * 3 + DECK])  # TG-2
        fp = first_player if first_player is not None else s.rng.below(n)
        s.turn_player, s.turn, s.passes = fp, 1, 0
        for p in range(n):
            hand = s.zones[p * 3 + HAND]
            for _ in range(2):
                hand.append(s.zones[p * 3 + DECK].pop())
            s._emit("draw_hand", "TG-2", p, secret=p, cards=list(hand), count=len(hand))
        s._goto("draw")
        s._draw()
        return s

    def _new_instances(self, decks: tuple[tuple[str, ...], ...]) -> Instances:
        return Instances(decks)

    def describe_action(self, action: Action, state: Any, lang: str = "en") -> str:
        ja = lang == "ja"
        if isinstance(action, Play):
            v = state.inst.value[action.card] if action.card >= 0 else "?"
            return f"{v} のカードを場に出す" if ja else f"Put the {v} on the table"
        return "パスする" if ja else "Pass"

    def describe_event(self, event: Event, state: Any, lang: str = "en") -> str:
        ja = lang == "ja"
        who = f"P{event.player + 1}" if event.player is not None else ""
        d = event.data
        if event.kind == "played":
            return f"{who} が {d['value']} を出した" if ja else f"{who} plays a {d['value']}"
        if event.kind == "passed":
            return f"{who} はパスした" if ja else f"{who} passes"
        if event.kind in ("drew", "draw_hand"):
            n = d["count"]  # the cards themselves are masked in the other player's view
            return f"{who} が {n} 枚引いた" if ja else f"{who} draws {n}"
        if event.kind == "game_over":
            return "ゲーム終了" if ja else "Game over"
        return event.kind

    def _rule_texts(self) -> dict[str, dict[str, dict[str, str]]]:
        return {
            rid: {"title": lang_pair(t_en, t_ja), "text": lang_pair(en, ja)}
            for rid, (t_en, t_ja, en, ja) in RULES.items()
        }


def render_board(state: Any, *, lang: str = "en", perspective: int | None = None) -> str:
    """The board of a Tally game (the ``board`` hook of its ``teaching`` table)."""
    ja = lang == "ja"
    rows = []
    for p in range(state.num_players):
        hand = state.zone(p, "hand")
        shown = (
            " ".join(str(state.inst.value[c]) if c >= 0 else "?" for c in hand)
            if perspective in (None, p) and (state.viewer in (None, p))
            else f"{len(hand)}"
        )
        table = " ".join(str(state.inst.value[c]) for c in state.zone(p, "table"))
        rows.append(
            f'<div class="tally-player"><b>P{p + 1}</b> — {"手札" if ja else "hand"}: {escape(shown)}; '
            f"{'場' if ja else 'table'}: {escape(table)} (= {state.total(p)}); "
            f"{'山札' if ja else 'deck'}: {len(state.zone(p, 'deck'))}</div>"
        )
    return '<div class="tcg-board tally">' + "".join(rows) + "</div>"
