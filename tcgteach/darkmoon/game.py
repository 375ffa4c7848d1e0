"""The DARK MOON game: options, cards, starter decks and the flow; it makes states."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..core.actions import Action
from ..core.checks import check_action, check_card, check_described, check_event, check_lang, check_state, check_text
from ..core.errors import Violation
from ..core.flow import Flow
from ..core.game import Game
from ..core.options import OptionSpec
from ..core.teaching import Teaching
from .rules import actions as A
from .rules.cards import DECK_SIZE, card_pool, parse_cards, starter_pool, validate_deck
from .rules.flow import TURN
from .rules.ids import Ev
from .rules.setup import new_state
from .rules.state import DarkMoonState, Instances
from .teaching.cardtext import copy_mark
from .teaching.text import describe_action, describe_event

OPTIONS = (
    OptionSpec(
        "tie",
        "shared",
        ("shared", "none"),
        "DM-1.3",
        {
            "en": "Equal highest points: 'shared' makes it a tie among them; 'none' means nobody wins.",
            "ja": "最高得点が並んだとき：'shared' はその全員で引き分け、'none' は勝者なし。",
        },
        {
            "shared": {"en": "all tied leaders share the result (a tie)", "ja": "同点首位の全員で引き分け"},
            "none": {"en": "a tie for first means nobody wins", "ja": "首位が同点なら勝者なし"},
        },
    ),
    OptionSpec(
        "first_turn_restriction",
        True,
        (True, False),
        "DM-4.3",
        {
            "en": "True: the first player's first turn allows only 1 action (the rule); False: 2 actions, to "
            "measure what the restriction does (a design experiment, not a reading of the rules).",
            "ja": "True：先攻1ターン目の行動は1回（ルール通り）。False：2回にして、制限の効果を測る（設計実験用）。",
        },
        {
            True: {"en": "1 action in the first turn", "ja": "最初のターンは1回"},
            False: {"en": "2 actions in the first turn too", "ja": "最初のターンも2回"},
        },
    ),
    OptionSpec(
        "deck_out",
        "skip",
        ("skip", "arms_end"),
        "DM-4.4a",
        {
            "en": "Empty deck at a reveal: 'skip' does nothing; 'arms_end' also arms the end (as DM-1.4) at the "
            "end of that turn. Only a reveal arms it: an effect's draw from an empty deck draws nothing under "
            "either value.",
            "ja": "公開するときにデッキが空：'skip' は何もしない。'arms_end' はそのターンの終わりに終了条件を"
            "満たす。条件になるのは公開だけで、効果でカードを引くときにデッキが空なら、どちらの値でも何も引きません。",
        },
        {
            "skip": {"en": "a reveal from an empty deck: nothing happens", "ja": "公開でデッキが空：何も起こらない"},
            "arms_end": {
                "en": "a reveal from an empty deck arms the end at the end of the turn",
                "ja": "公開でデッキが空：ターン終了時に終了条件を満たす",
            },
        },
    ),
    OptionSpec(
        "repeat_limit",
        None,
        (),
        "DM-4.6",
        {
            "en": "Repeat limit for automated play: a cancelled unit brings the main phase back to the position "
            "it was in before the unit was started; once that has happened this many times in one main phase, "
            "no unit can be started in that phase (None: no limit; simulations use 3).",
            "ja": "自動対戦用の繰り返し上限。ユニットを作るのをやめると、メインフェイズは作り始める前と同じ局面に"
            "戻ります。1回のメインフェイズでこれがこの回数に達すると、そのフェイズではユニットを作り始められなく"
            "なる（None：上限なし。シミュレーションは3）。",
        },
        kind="int_or_none",
    ),
    OptionSpec(
        "turn_limit",
        None,
        (),
        "DM-1.4",
        {
            "en": "Turn cap for automated play: the game ends as a tie after this many turns (all players' turns "
            "counted) if no end was armed (None: no cap; simulations use 500).",
            "ja": "自動対戦用のターン上限。終了条件を満たさないまま、この数のターン（全員のターンを数える）が"
            "終わると引き分けとして終了（None：上限なし。シミュレーションは500）。",
        },
        kind="int_or_none",
    ),
)


@cache
def _interned_actions(n: int) -> tuple[tuple[A.Play, ...], tuple[A.Pick, ...], tuple[A.Choose, ...]]:
    return (
        tuple(A.Play(i) for i in range(n)),
        tuple(A.Pick(i) for i in range(n)),
        tuple(A.Choose(i) for i in range(n)),
    )


class DarkMoon(Game[DarkMoonState]):
    """DARK MOON (2025): a 2-6 player point race to build three units of characters.

    DM-1.1 sets no upper limit; the engine takes 2-6 players (a classroom table). Without ``decks``
    the seats get the starter decks in turn (``starter_decks()`` order; with more players than
    starter decks, players share a deck list, each with their own shuffled copy)."""

    name = "darkmoon"
    title = {"en": "DARK MOON", "ja": "DARK MOON"}
    OPTION_SPECS = OPTIONS
    contract_rule = "DM-1.1"
    pool_rule = "DM-7"
    min_players = 2
    max_players = 6  # DM-1.1 [interpretation]: a practical cap, not a rule
    syntax = A.SYNTAX
    #: in a simulation a main phase stops starting units after 3 cancelled ones (DM-4.6, option repeat_limit), and
    #: a game where nobody fills the unit slots ends as a draw after 500 turns (DM-1.4, option turn_limit)
    sim_defaults = {"repeat_limit": 3, "turn_limit": 500}
    #: the card put face down under the deck by a recycle effect is secret (DM-6.3)
    SECRET_ACTION_EVENTS = frozenset({Ev.RECYCLED})

    #: the teaching hooks (``core.teaching``): modules relative to this package
    teaching = Teaching(
        coach=".teaching.policy:DarkMoonPolicy",
        position_value=".teaching.policy:position_value",
        rollout=".teaching.policy:rollout_action",
        reasons=".teaching.reasons:explain",
        board=".teaching.board:render",
        quiz=".teaching.quiz:KINDS",
        moments=".teaching.examples:MOMENTS",
        marks=".teaching.marks:MARKS",
        design=".teaching.design:FACTS",
    )
    rules_file = "data/rules.json"
    seed_rule = "DM-3.2"
    first_player_rule = "DM-3.3"

    def mask_action(self, action: Any) -> Action:  # Any: checked here, also compiled
        return A.Choose(-1) if isinstance(action, A.Choose) else check_action(action)

    card_schema = "darkmoon-cards"
    deck_size = DECK_SIZE  # DM-2.1
    size_rule = "DM-2.1"

    def __init__(self, options: Any = None, cards: Any = None) -> None:
        """``cards``: the user's own card pool (a path to a ``darkmoon-cards`` file or its data as a dict), validated
        like the package's; None: the package's cards."""
        super().__init__(options, cards)
        self.cards = card_pool() if self.user_pool is None else dict(self.user_pool.cards)

    @classmethod
    def parse_cards(cls, data: Any, file: Any) -> dict[str, Any]:  # Any: checked here, also compiled
        return parse_cards(data, check_text(file, "file", limit=4096))

    @property
    def flows(self) -> dict[str, Flow]:
        return {"turn": TURN}

    # -- decks ---------------------------------------------------------------------------------
    def _starter_pool(self) -> Mapping[str, Mapping[str, Any]]:
        return self._pool_starters(starter_pool())

    def validate_deck(self, cards: Any) -> list[Violation]:  # Any: checked here, also compiled
        """All DM-2 violations at once (empty list: the deck is legal)."""
        return validate_deck(list(self.deck_cards(cards, "cards")), self.cards)

    # -- states ---------------------------------------------------------------------------------------
    def _setup(self, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> DarkMoonState:
        """A new game after setup (DM-3), waiting for the first player's main phase."""
        return new_state(self, seed, decks, first_player)

    def _new_instances(self, decks: tuple[tuple[str, ...], ...]) -> Instances:
        return Instances(list(decks), self.cards, _interned_actions)

    # -- texts -------------------------------------------------------------------------------------------
    def describe_action(self, action: Any, state: Any, lang: Any = "en") -> str:  # Any: checked here, also compiled
        check_described(self, action, state, lang)
        return describe_action(state, action, lang)

    def card_label(self, state: Any, card: Any, lang: Any = "en") -> str | None:  # Any: checked here, also compiled
        check_card(card, check_state(state, self))
        check_lang(lang)
        mark = copy_mark(state, card)
        name = state.card(card).label(lang)
        return f"{name} {mark}" if mark else str(name)

    def describe_event(self, event: Any, state: Any, lang: Any = "en") -> str:  # Any: checked here, also compiled
        check_event(self, event, state, lang)
        return describe_event(state, event, lang)
