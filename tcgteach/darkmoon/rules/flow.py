"""The DARK MOON turn as data (DM-3, DM-4, DM-1.4/1.5). The engine moves only along these edges."""

from __future__ import annotations

from ...core.flow import Edge, Flow
from ...core.flow import Node as FlowNode
from .ids import Node


def _n(id: Node, en: str, ja: str, rules: tuple[str, ...], kind: str, help_en: str, help_ja: str) -> FlowNode:
    return FlowNode(id, {"en": en, "ja": ja}, rules, kind, {"en": help_en, "ja": help_ja})


def _e(src: Node, dst: Node, en: str, ja: str, rule: str) -> Edge:
    return Edge(src, dst, {"en": en, "ja": ja}, rule)


NODES = (
    _n(
        Node.SETUP,
        "Setup",
        "準備",
        ("DM-3.1", "DM-3.2", "DM-3.3", "DM-3.4"),
        "start",
        "Shuffle, decide who starts, everyone draws 5.",
        "シャッフルし、先攻を決め、全員が5枚引く。",
    ),
    _n(
        Node.MAIN,
        "Main phase",
        "メインフェイズ",
        ("DM-4.1", "DM-4.3"),
        "decision",
        "Up to 2 actions (only 1 in the first player's first turn).",
        "行動は2回まで（先攻の最初のターンは1回）。",
    ),
    _n(
        Node.PLAY_CHARACTER,
        "Play a character",
        "キャラクターを出す",
        ("DM-4.2",),
        "step",
        "A character card goes from hand to the field.",
        "手札のキャラクターカードを場に出す。",
    ),
    _n(
        Node.PLAY_SPECIAL,
        "Play a special",
        "スペシャルを出す",
        ("DM-4.5",),
        "step",
        "A special card goes from hand to the field.",
        "手札のスペシャルカードを場に出す。",
    ),
    _n(
        Node.EFFECT,
        "On-play effect",
        "プレイ時効果",
        ("DM-4.2", "DM-4.5", "DM-6.1", "DM-6.2"),
        "decision",
        "The played card's effect resolves; some ask for a choice.",
        "出したカードの効果を処理する。選択を伴うものもある。",
    ),
    _n(
        Node.REVEAL,
        "Reveal top card",
        "デッキの公開",
        ("DM-4.4", "DM-4.4a"),
        "step",
        "Turn over the top card: a number match goes to the field, else to hand.",
        "デッキの一番上を表にする。ナンバーが場と一致すれば場へ、そうでなければ手札へ。",
    ),
    _n(
        Node.UNIT,
        "Create a unit",
        "ユニット作成",
        ("DM-4.6", "DM-4.7"),
        "decision",
        "Pick 3–7 characters and up to 1 special from the field, then finish.",
        "場からキャラクター3〜7枚とスペシャル0〜1枚を選び、完成させる。",
    ),
    _n(
        Node.END,
        "End phase",
        "エンドフェイズ",
        ("DM-4.8", "DM-1.4", "DM-1.5", "DM-1.6"),
        "step",
        "Check the end trigger, then the next player's turn.",
        "終了条件を確認し、次のプレイヤーのターンへ。",
    ),
    _n(
        Node.GAME_OVER,
        "Game over: scoring",
        "ゲーム終了・得点計算",
        ("DM-5.1", "DM-5.2", "DM-5.3", "DM-5.4", "DM-1.2"),
        "end",
        "Count the points; most points wins.",
        "得点を数え、最も多いプレイヤーが勝つ。",
    ),
)

EDGES = (
    _e(Node.SETUP, Node.MAIN, "first turn", "最初のターン", "DM-3.3"),
    _e(Node.MAIN, Node.PLAY_CHARACTER, "play character", "キャラクターを出す", "DM-4.2"),
    _e(Node.MAIN, Node.PLAY_SPECIAL, "play special", "スペシャルを出す", "DM-4.5"),
    _e(Node.MAIN, Node.UNIT, "start a unit", "ユニット作成開始", "DM-4.6"),
    _e(Node.MAIN, Node.END, "end main phase", "メイン終了", "DM-4.1"),
    _e(Node.PLAY_CHARACTER, Node.EFFECT, "resolve effect", "効果処理", "DM-4.2"),
    _e(Node.PLAY_SPECIAL, Node.EFFECT, "resolve effect", "効果処理", "DM-4.5"),
    _e(Node.EFFECT, Node.REVEAL, "then reveal", "次に公開", "DM-4.4"),
    _e(Node.REVEAL, Node.MAIN, "actions left", "行動が残っている", "DM-4.1"),
    _e(Node.REVEAL, Node.END, "no actions left", "行動回数を使い切った", "DM-4.1"),
    _e(Node.UNIT, Node.MAIN, "finish or cancel", "完成／取消", "DM-4.6"),
    _e(Node.UNIT, Node.END, "finished, no actions left", "完成・行動回数終了", "DM-4.1"),
    _e(Node.END, Node.MAIN, "next player's turn", "次のプレイヤーのターン", "DM-4.8"),
    _e(Node.END, Node.GAME_OVER, "final turns done", "最終ターン終了", "DM-1.5"),
)

TURN = Flow("turn", {"en": "DARK MOON: the turn", "ja": "DARK MOON：ターンの流れ"}, NODES, EDGES)
