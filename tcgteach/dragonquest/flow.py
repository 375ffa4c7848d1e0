"""The Dragon Quest turn (DQ-6) with the combat (DQ-7) as a cluster, declared as data.

``TURN`` is the whole graph the engine moves along; ``COMBAT`` is the combat cluster with the
nodes that enter and leave it (for the combat view).
"""
from __future__ import annotations

from ..core.flow import Edge, Flow, Node


def _n(id: str, en: str, ja: str, rules: tuple[str, ...], kind: str, help_en: str, help_ja: str,
       cluster: str | None = None) -> Node:
    return Node(id, {"en": en, "ja": ja}, rules, kind, {"en": help_en, "ja": help_ja}, cluster)


def _e(src: str, dst: str, en: str, ja: str, rule: str) -> Edge:
    return Edge(src, dst, {"en": en, "ja": ja}, rule)


C = "combat"
NODES = (
    _n("setup", "Setup", "準備", ("DQ-3.1", "DQ-3.2", "DQ-3.4"), "start",
       "Decide who starts, shuffle, draw 6; level 1, 0 GP.", "先攻を決め、シャッフルして6枚引く。レベル1、0GP。"),
    _n("mulligan", "Mulligan?", "引き直し", ("DQ-3.3",), "decision",
       "Each player, first player first, may redraw the hand once.", "先攻から順に、手札を1回だけ引き直せる。"),
    _n("reset", "Reset phase", "リセットフェイズ", ("DQ-6.1", "DQ-9.4"), "step",
       "Level-up check, then normal cards of level <= player level become active.",
       "レベルアップ判定の後、正常でレベルがプレイヤーレベル以下のカードをアクティブにする。"),
    _n("income", "Income phase", "収入フェイズ", ("DQ-6.2",), "step",
       "Gain level + 1 GP (first player's first turn: 1 GP).", "レベル＋1 GP を得る（先攻の最初のターンは1GP）。"),
    _n("draw", "Draw phase", "ドローフェイズ", ("DQ-6.3", "DQ-6.3a"), "decision",
       "6+ cards in hand: draw 1; fewer: choose how many, up to 6.", "手札6枚以上なら1枚、未満なら6枚までの枚数を選んで引く。"),
    _n("prep", "Preparation", "準備フェイズ", ("DQ-6.4", "DQ-6.5", "DQ-6.6", "DQ-6.7", "DQ-6.8", "DQ-6.9",
                                              "DQ-6.10", "DQ-6.11", "DQ-6.12"), "decision",
       "Recruit, treat, heal, restore, equip, formation, effects, a quest; then end.",
       "仲間・治療・回復・復帰・装備・陣形・特殊効果・クエスト。終われば次へ。"),
    _n("prep.pay", "Pay hand cost", "手札コスト", ("DQ-4.5",), "decision",
       "Choose the cards to discard for the cost.", "コストとして捨てるカードを選ぶ。"),
    _n("prep.target", "Choose target", "対象の選択", ("DQ-6.11", "DQ-6.12"), "decision",
       "Choose the card the effect acts on.", "効果の対象を選ぶ。"),
    _n("prep.resolve", "Resolve effect", "効果の解決", ("DQ-6.11", "DQ-6.12", "DQ-8.1"), "step",
       "The effect happens now.", "効果を適用する。"),
    _n("battle", "Battle phase", "戦闘フェイズ", ("DQ-6.13",), "decision",
       "Fight, or skip the battle.", "戦闘するか、しないかを選ぶ。"),
    _n("combat.start", "Start step", "開始ステップ", ("DQ-7.1",), "decision",
       "Both may use start effects, attacker first, alternating; two passes in a row end it.",
       "攻撃側から交互に「開始」効果を使える。続けて2回パスで終了。", C),
    _n("combat.pay", "Pay hand cost", "手札コスト", ("DQ-4.5",), "decision",
       "Choose the cards to discard for the cost.", "コストとして捨てるカードを選ぶ。", C),
    _n("combat.target", "Choose target", "対象の選択", ("DQ-7.1", "DQ-7.2"), "decision",
       "Choose the card the effect acts on.", "効果の対象を選ぶ。", C),
    _n("combat.resolve", "Resolve start effect", "開始効果の解決", ("DQ-7.1", "DQ-8.1"), "step",
       "A start effect happens at once.", "開始効果をすぐに適用する。", C),
    _n("combat.action", "Action step", "行動ステップ", ("DQ-7.2", "DQ-7.3", "DQ-7.6"), "decision",
       "Attacker: attack, an action effect, an item, or pass (ends the battle).",
       "攻撃側：攻撃・行動効果・道具・パス（戦闘終了）。", C),
    _n("combat.defend", "Defender's choice", "防御側の選択", ("DQ-7.4",), "decision",
       "The defender may block with an active front-row card, or refuse.",
       "防御側は前衛のアクティブなカードで防御してもよい。しなくてもよい。", C),
    _n("combat.fallback", "Attacker picks defender", "攻撃側が防御カードを指定", ("DQ-7.5",), "decision",
       "No block: the attacker picks any card of the defender's front row.",
       "防御しない場合、攻撃側が相手の前衛から防御カードを選ぶ。", C),
    _n("combat.counter", "Counterattack?", "反撃するか", ("DQ-7.7",), "decision",
       "An active defending card may counterattack (and is closed).", "アクティブな防御カードは反撃できる（クローズする）。", C),
    _n("combat.judgment", "Judgment step", "判定ステップ", ("DQ-7.8", "DQ-8.1", "DQ-8.2", "DQ-8.3"), "step",
       "Damage in speed order; a first-strike defeat prevents the return blow.",
       "素早さ順にダメージ。先に撃破すれば反撃を受けない。", C),
    _n("combat.end_step", "End step", "終了ステップ", ("DQ-7.9", "DQ-5.4"), "decision",
       "Formation maintenance, then continue or end the battle.", "陣形維持の後、戦闘を続けるか終えるか。", C),
    _n("end", "End of turn", "ターン終了", ("DQ-6.14", "DQ-1.4"), "step",
       "Wipe-out penalty, quests away, poison ticks.", "全滅ペナルティ、クエスト破棄、毒ダメージ。"),
    _n("end.confusion", "Confusion damage", "混乱ダメージ", ("DQ-6.14",), "decision",
       "Each confused card: its owner picks an own card to take 1 damage.",
       "混乱したカード1体ごとに、持ち主が自分のカード1体を選び1ダメージ。"),
    _n("repair", "Formation maintenance (at once)", "陣形維持（すぐに）", ("DQ-5.5", "DQ-5.4", "DQ-5.2"), "decision",
       "A card left the field and the front row no longer outnumbers the back: its owner moves back-row cards "
       "forward now, even in the opponent's turn (option formation_repair=immediate).",
       "カードが場を離れて前衛が後衛より多くなくなった：持ち主が今すぐ後衛のカードを前衛へ移す"
       "（相手のターン中でも。オプション formation_repair=immediate）。"),
    _n("game_over", "Game over", "ゲーム終了", ("DQ-1.2", "DQ-1.3", "DQ-1.4"), "end",
       "Deck-out (cannot take a card, or an empty deck with empty_loses) loses; both at once or the turn cap: a draw.",
       "デッキ切れ（取れない、または empty_loses で空）で負け。両者同時やターン上限は引き分け。"),
)

EDGES = (
    _e("setup", "mulligan", "hands dealt", "手札配布", "DQ-3.2"),
    _e("mulligan", "reset", "both decided", "両者決定", "DQ-3.3"),
    _e("reset", "income", "then", "次へ", "DQ-6.2"),
    _e("income", "draw", "then", "次へ", "DQ-6.3"),
    _e("draw", "prep", "drawn", "ドロー後", "DQ-6.4"),
    _e("draw", "game_over", "deck empty", "デッキ切れ", "DQ-1.2"),
    _e("prep", "prep.pay", "effect/quest: hand cost", "効果・クエスト：手札コスト", "DQ-4.5"),
    _e("prep", "prep.target", "effect/quest: target", "効果・クエスト：対象", "DQ-6.11"),
    _e("prep", "prep.resolve", "effect/quest", "効果・クエスト", "DQ-6.11"),
    _e("prep.pay", "prep.target", "paid", "支払い済み", "DQ-6.11"),
    _e("prep.pay", "prep.resolve", "paid", "支払い済み", "DQ-6.11"),
    _e("prep.target", "prep.resolve", "chosen", "選択済み", "DQ-6.11"),
    _e("prep.resolve", "prep", "resolved", "解決済み", "DQ-6.4"),
    _e("prep.resolve", "game_over", "deck empty", "デッキ切れ", "DQ-1.2"),
    _e("prep", "battle", "end preparation", "準備終了", "DQ-6.13"),
    _e("battle", "combat.start", "fight", "戦闘する", "DQ-7.1"),
    _e("battle", "end", "skip", "戦闘しない", "DQ-6.13"),
    _e("combat.start", "combat.pay", "start effect: hand cost", "開始効果：手札コスト", "DQ-4.5"),
    _e("combat.start", "combat.target", "start effect: target", "開始効果：対象", "DQ-7.1"),
    _e("combat.start", "combat.resolve", "start effect", "開始効果", "DQ-7.1"),
    _e("combat.start", "combat.action", "two passes", "2回続けてパス", "DQ-7.1"),
    _e("combat.pay", "combat.target", "paid", "支払い済み", "DQ-7.1"),
    _e("combat.pay", "combat.resolve", "paid (start effect)", "支払い済み（開始効果）", "DQ-7.1"),
    _e("combat.pay", "combat.judgment", "paid (action effect)", "支払い済み（行動効果）", "DQ-7.8"),
    _e("combat.target", "combat.resolve", "chosen (start effect)", "選択済み（開始効果）", "DQ-7.1"),
    _e("combat.target", "combat.judgment", "chosen (action/item)", "選択済み（行動・道具）", "DQ-7.8"),
    _e("combat.resolve", "combat.start", "resolved", "解決済み", "DQ-7.1"),
    _e("combat.resolve", "game_over", "deck empty", "デッキ切れ", "DQ-1.2"),
    _e("combat.action", "combat.defend", "attack", "攻撃", "DQ-7.3"),
    _e("combat.action", "combat.fallback", "attack, no possible blocker", "攻撃（防御可能なカードなし）", "DQ-7.5"),
    _e("combat.action", "combat.judgment", "attack / effect / item", "攻撃・効果・道具", "DQ-7.8"),
    _e("combat.action", "combat.pay", "action effect: hand cost", "行動効果：手札コスト", "DQ-4.5"),
    _e("combat.action", "combat.target", "effect/item: target", "効果・道具：対象", "DQ-7.2"),
    _e("combat.action", "end", "pass: battle over", "パス：戦闘終了", "DQ-7.2"),
    _e("combat.defend", "combat.counter", "blocks", "防御する", "DQ-7.4"),
    _e("combat.defend", "combat.fallback", "refuses", "防御しない", "DQ-7.5"),
    _e("combat.fallback", "combat.counter", "picked an active card", "アクティブなカードを指定", "DQ-7.7"),
    _e("combat.fallback", "combat.judgment", "picked a card that cannot strike back", "反撃できないカードを指定", "DQ-7.8"),
    _e("combat.counter", "combat.judgment", "decided", "決定", "DQ-7.8"),
    _e("combat.judgment", "combat.end_step", "then", "次へ", "DQ-7.9"),
    _e("combat.judgment", "game_over", "deck empty", "デッキ切れ", "DQ-1.2"),
    _e("combat.end_step", "combat.action", "continue", "戦闘を続ける", "DQ-7.9"),
    _e("combat.end_step", "end", "battle over", "戦闘終了", "DQ-7.9"),
    _e("end", "end.confusion", "confused cards", "混乱したカード", "DQ-6.14"),
    _e("end", "reset", "next player's turn", "次のプレイヤーのターン", "DQ-6.14"),
    _e("end", "game_over", "deck empty / turn cap", "デッキ切れ・ターン上限", "DQ-1.2"),
    _e("end.confusion", "reset", "next player's turn", "次のプレイヤーのターン", "DQ-6.14"),
    _e("end.confusion", "game_over", "deck empty / turn cap", "デッキ切れ・ターン上限", "DQ-1.2"),
    # DQ-5.5 formation_repair=immediate: a card left the field outside combat; the instruction waits
    _e("prep", "repair", "equip/quest: a card defeated", "装備・クエスト：カード撃破", "DQ-5.5"),
    _e("repair", "prep", "repaired", "陣形維持済み", "DQ-5.5"),
    _e("prep.resolve", "repair", "a card defeated", "カード撃破", "DQ-5.5"),
    _e("repair", "prep.resolve", "repaired: effect goes on", "陣形維持済み：効果の続き", "DQ-5.5"),
    _e("combat.resolve", "repair", "a card defeated", "カード撃破", "DQ-5.5"),
    _e("repair", "combat.resolve", "repaired: effect goes on", "陣形維持済み：効果の続き", "DQ-5.5"),
    _e("end", "repair", "poison defeated a card", "毒でカード撃破", "DQ-5.5"),
    _e("repair", "end", "repaired: more poison ticks", "陣形維持済み：残りの毒ダメージ", "DQ-5.5"),
    _e("end.confusion", "repair", "confusion defeated a card", "混乱でカード撃破", "DQ-5.5"),
    _e("repair", "end.confusion", "repaired: more confused cards", "陣形維持済み：残りの混乱", "DQ-5.5"),
)

TITLE = {"en": "Dragon Quest: the turn", "ja": "ドラゴンクエスト：ターンの流れ"}
TURN = Flow("turn", TITLE, NODES, EDGES, {C: {"en": "Combat (DQ-7)", "ja": "戦闘（DQ-7）"}})
COMBAT = TURN.subflow(C, "combat", {"en": "Dragon Quest: combat", "ja": "ドラゴンクエスト：戦闘"})
