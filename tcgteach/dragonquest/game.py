"""The Dragon Quest Card Game: options, cards, starter decks and the flows; it makes states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.checks import check_card, check_described, check_event, check_lang, check_state, check_text
from ..core.errors import TcgError, Violation
from ..core.flow import Flow
from ..core.game import Game
from ..core.options import OptionSpec
from ..core.rng import seed_problem
from ..core.teaching import Teaching
from .rules import actions as A
from .rules.cards import DECK_SIZE, card_pool, parse_cards, starter_pool, validate_deck
from .rules.flow import COMBAT, TURN
from .rules.ids import Ev
from .rules.setup import new_state
from .rules.state import DragonQuestState, Instances
from .teaching.cardtext import copy_mark
from .teaching.text import describe_action, describe_event

OPTIONS = (
    OptionSpec(
        "deck_out",
        "cannot_take",
        ("cannot_take", "empty_loses"),
        "DQ-1.2",
        {
            "en": "'cannot_take': a player who must take a card from an empty deck loses at once; "
            "'empty_loses': a player loses as soon as the deck is empty.",
            "ja": "'cannot_take'：空のデッキからカードを取らねばならないとき即座に負け。"
            "'empty_loses'：デッキが空になった時点で負け。",
        },
        values={
            "cannot_take": {
                "en": "a player loses on having to take a card from an empty deck",
                "ja": "空のデッキからカードを取るときに負け",
            },
            "empty_loses": {"en": "a player loses as soon as the deck is empty", "ja": "デッキが空になった時点で負け"},
        },
    ),
    OptionSpec(
        "formation",
        "strict",
        ("strict", "at_least"),
        "DQ-5.3",
        {
            "en": "'strict': the front row must outnumber the back row (at most 5 cards); "
            "'at_least': front >= back (up to 6).",
            "ja": "'strict'：前衛は後衛より多くなければならない（最大5枚）。'at_least'：前衛≧後衛（最大6枚）。",
        },
        values={
            "strict": {"en": "more cards in front than in back (5 at most)", "ja": "前衛を後衛より多く（最大5枚）"},
            "at_least": {
                "en": "at least as many in front as in back (6 at most)",
                "ja": "前衛を後衛と同じ数以上（最大6枚）",
            },
        },
    ),
    OptionSpec(
        "formation_repair",
        "immediate",
        ("immediate", "end_step"),
        "DQ-5.5",
        {
            "en": "When a broken formation is repaired: 'immediate': as soon as a card leaves the field outside a "
            "combat's judgment step (by an effect in the preparation phase or a combat's start step, by poison or "
            "confusion) its owner moves back-row cards forward before anything else happens; a card defeated in "
            "the judgment step (by an attack, an effect or an item) is repaired at the end step that follows at "
            "once (DQ-7.9); 'end_step': only at the end step of a combat (DQ-7.9).",
            "ja": "崩れた陣形をいつ直すか。'immediate'：戦闘の判定ステップ以外でカードが場を離れたら（準備フェイズや"
            "開始ステップの効果、毒、混乱による撃破）、持ち主がすぐに後衛のカードを前衛へ移し、それが済んでから次の処理"
            "へ進む。判定ステップで撃破されたとき（攻撃、効果、アイテム）は、すぐ続く終了ステップ（DQ-7.9）で直す。"
            "'end_step'：戦闘の終了ステップでだけ直す。",
        },
        values={
            "immediate": {
                "en": "repaired at once, even in the opponent's turn",
                "ja": "すぐに直す（相手のターン中でも）",
            },
            "end_step": {
                "en": "repaired only at a combat's end step (the source's wording)",
                "ja": "戦闘の終了ステップでだけ直す（原典の書き方どおり）",
            },
        },
        legacy="end_step",
    ),
    OptionSpec(
        "wipe_out",
        "after_own_turn",
        ("after_own_turn", "literal"),
        "DQ-6.14",
        {
            "en": "Who is checked for the wipe-out penalty (5 cards) at the end of a turn: 'after_own_turn': "
            "only players who have already had a turn; 'literal': every player, so the second player "
            "pays at the end of the first player's first turn.",
            "ja": "ターン終了時の全滅ペナルティ（5枚）の対象。"
            "'after_own_turn'：まだ一度も自分のターンを迎えていないプレイヤーは対象外。"
            "'literal'：全プレイヤー（後攻は先攻の最初のターンの終わりに支払う）。",
        },
        values={
            "after_own_turn": {
                "en": "wipe-out penalty: not before a player's own first turn",
                "ja": "全滅ペナルティ：まだ自分のターンがないプレイヤーは対象外",
            },
            "literal": {
                "en": "wipe-out penalty: every player at every turn end, as the source words it",
                "ja": "全滅ペナルティ：毎ターン終了時に全プレイヤー（原典の書き方どおり）",
            },
        },
        legacy="literal",
    ),
    OptionSpec(
        "draw_minimum",
        1,
        (1, 0),
        "DQ-6.3a",
        {
            "en": "Fewest cards a player with fewer than 6 in hand may choose to draw (1, or 0 to keep life).",
            "ja": "手札が6枚未満のときに選べる最少ドロー枚数（1、または0でライフを温存）。",
        },
        values={
            1: {"en": "a short hand draws at least 1 card", "ja": "手札が少ないときは最低1枚引く"},
            0: {
                "en": "a short hand may draw none (keeping the deck)",
                "ja": "手札が少なくても0枚でよい（デッキを温存）",
            },
        },
    ),
    OptionSpec(
        "status_tick",
        "both_players",
        ("both_players", "turn_player"),
        "DQ-6.14",
        {
            "en": "Whose poisoned and confused cards take their damage at the end of a turn: 'both_players': "
            "both players' cards at every turn end; 'turn_player': only the turn player's.",
            "ja": "ターン終了時に毒・混乱のダメージを受けるのは誰のカードか。"
            "'both_players'：毎ターン両プレイヤーのカード。"
            "'turn_player'：そのターンのプレイヤーのカードだけ。",
        },
        values={
            "both_players": {
                "en": "poison and confusion hurt both players' cards at every turn end",
                "ja": "毒・混乱のダメージは毎ターン両プレイヤーのカードに",
            },
            "turn_player": {
                "en": "poison and confusion hurt only the turn player's cards",
                "ja": "毒・混乱のダメージはそのターンのプレイヤーのカードだけ",
            },
        },
    ),
    OptionSpec(
        "turn_limit",
        None,
        (),
        "DQ-1.4",
        {
            "en": "Turn cap for automated play: the game ends as a tie after this many turns "
            "(None: no cap; simulations use 200).",
            "ja": "自動対戦用のターン上限。この数のターンで引き分けとして終了"
            "（None：上限なし。シミュレーションは200）。",
        },
        kind="int_or_none",
    ),
    OptionSpec(
        "repeat_limit",
        None,
        (),
        "DQ-6.4",
        {
            "en": "Repeat limit for automated play: once one preparation phase has come back this many times to a "
            "position it had already been in (where every card is, each party card's state, damage and item; GP "
            "aside), restores, formation changes and effects are no longer allowed in that phase "
            "(None: no limit; simulations use 3).",
            "ja": "自動対戦用の繰り返し上限。1回の準備フェイズの中で、一度なった局面（すべてのカードの置き場所と、"
            "パーティーカードの状態・ダメージ・装備。GPは含めない）にこの回数だけ戻ると、そのフェイズでは"
            "復帰・陣形変更・特殊効果の発動ができなくなる（None：上限なし。シミュレーションは3）。",
        },
        kind="int_or_none",
    ),
)


class DragonQuest(Game[DragonQuestState]):
    """The Dragon Quest Card Game (2000): a two-player battler where the deck is your life."""

    name = "dragonquest"
    title = {"en": "Dragon Quest Card Game", "ja": "ドラゴンクエスト カードゲーム"}
    OPTION_SPECS = OPTIONS
    contract_rule = "DQ-1.1"
    pool_rule = "DQ-11"
    min_players = 2
    max_players = 2
    syntax = A.SYNTAX
    SECRET_ACTION_EVENTS = frozenset()
    #: a game capped at 200 turns ends as a draw (DQ-1.4), so no simulated or classroom game runs forever; in a
    #: simulation a preparation phase that has come back to a position 3 times also ends soon (DQ-6.4)
    sim_defaults = {"turn_limit": 200, "repeat_limit": 3}
    classroom_options = {"turn_limit": 200}
    FORMAT_NOTES = {
        1: "since format 2 the effects of H09, H15, H17, M13, M17 and M24 cost closing the card or a "
        "card from hand instead of GP (DQ-6.11), so a game that used them plays differently"
    }

    #: the teaching hooks (``core.teaching``): modules relative to this package
    teaching = Teaching(
        coach=".teaching.policy:DragonQuestPolicy",
        position_value=".teaching.policy:position_value",
        rollout=".teaching.policy:rollout_action",
        reasons=".teaching.reasons:explain",
        board=".teaching.board:render",
        combat=".game:explain_combat",
        quiz=".teaching.quiz:KINDS",
        moments=".teaching.examples:MOMENTS",
        marks=".teaching.marks:MARKS",
        design=".teaching.design:FACTS",
    )
    rules_file = "data/rules.json"
    seed_rule = "DQ-3.2"
    first_player_rule = "DQ-3.1"

    card_schema = "dragonquest-cards"
    deck_size = DECK_SIZE  # DQ-2.1
    size_rule = "DQ-2.1"

    def __init__(self, options: Any = None, cards: Any = None) -> None:
        """``cards``: the user's own card pool (a path to a ``dragonquest-cards`` file or its data as a dict), validated
        like the package's; None: the package's cards."""
        super().__init__(options, cards)
        self.cards = card_pool() if self.user_pool is None else dict(self.user_pool.cards)

    @classmethod
    def parse_cards(cls, data: Any, file: Any) -> dict[str, Any]:  # Any: checked here, also compiled
        return parse_cards(data, check_text(file, "file", limit=4096))

    def leads_back(self, state: Any, action: Any) -> bool:  # Any: a public boundary, checked inside
        """Whether ``action`` (legal now) brings the preparation phase back to a position it has already been
        in (DQ-6.4, option repeat_limit: moving or swapping back, restoring a card that only gained GP ...):
        a circle that gains nothing. Read from what the player to act sees, so a view answers it too; the
        heuristic player and the coach never choose such an action. False for every other action."""
        from ..core.actions import field_problem
        from .rules.preparation import leads_back

        if not isinstance(state, DragonQuestState) or state.game.name != self.name:
            raise TcgError(f"leads_back(state, action): state must be a Dragon Quest state, not {type(state).__name__}")
        if field_problem(action) is not None or not any(a == action for a in state.legal_actions()):
            return False
        return leads_back(state, action)

    @property
    def flows(self) -> dict[str, Flow]:
        """``turn``: the whole turn with the combat as a cluster; ``combat``: the combat alone."""
        return {"turn": TURN, "combat": COMBAT}

    # -- decks --------------------------------------------------------------------------------------------
    def _starter_pool(self) -> Mapping[str, Mapping[str, Any]]:
        return self._pool_starters(starter_pool())

    def validate_deck(self, cards: Any) -> list[Violation]:  # Any: checked here, also compiled
        return validate_deck(list(self.deck_cards(cards, "cards")), self.cards)

    # -- states -------------------------------------------------------------------------------------------
    def _setup(self, seed: int, decks: list[tuple[str, ...]], first_player: int | None) -> DragonQuestState:
        """A new game after setup (DQ-3), waiting for the mulligan decisions."""
        return new_state(self, seed, decks, first_player)

    def position(self, spec: Any, seed: Any = 0) -> DragonQuestState:
        """A teaching position built directly from a dict (see ``tcgteach.dragonquest.rules.position``)."""
        from .rules.position import build_position

        problem = seed_problem(seed)
        if problem is not None:
            raise TcgError(problem)
        return build_position(self, spec, seed)

    def _state_from_setup(self, setup: dict[str, Any]) -> DragonQuestState:
        if "position" in setup:
            return self.position(setup["position"], setup.get("seed", 0))
        return super()._state_from_setup(setup)

    def _new_instances(self, decks: tuple[tuple[str, ...], ...]) -> Instances:
        return Instances(list(decks), self.cards)

    # -- texts ----------------------------------------------------------------------------------------------
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


def explain_combat(state: DragonQuestState, lang: str) -> list[str]:
    """The ``combat`` teaching hook: the lines of the latest fight (DQ-7) of ``state``, empty before the first."""
    from .teaching.text import combat_explanation

    for ev in reversed(state.events):
        if ev.kind == Ev.BATTLE:
            return combat_explanation(state, ev.data, lang)
    return []
