"""The words of a game review, in English and Japanese (one table; the glossary's terms: 勝率, 手, ターン)."""

from __future__ import annotations

from ..i18n import Text

TEXT = Text(
    {
        "title": ("Review: {game}", "ふりかえり：{game}"),
        "result": ("Result: {r}", "結果：{r}"),
        "chart": ("Each seat's chance to win", "各プレイヤーの勝率"),
        "chart_note": (
            "The coach's estimate at each decision ({n} rollouts each; the band: 95%). "
            "Click a point to go to the move.",
            "各判断の時点でのコーチの見積もり（それぞれ{n}局の先読み。帯は95%の範囲）。点を押すとその手へ移ります。",
        ),
        "turn": ("turn {t}", "{t}ターン目"),
        "turn_axis": ("turns", "ターン"),
        "moments": ("The moments that decided it: P{p}", "勝負を分けた場面：P{p}"),
        "no_moments": (
            "No decision of P{p} lowered their chance beyond the noise.",
            "P{p}の判断で、誤差を超えて勝率が下がったものはありません。",
        ),
        "fell": (
            "Move {n} (turn {t}): P{p}'s chance fell from {a} to {b}.",
            "{n}手目（{t}ターン目）：P{p}の勝率が{a}から{b}に下がりました。",
        ),
        "mistake": (
            "Played: {played}. The coach prefers: {best}. Played out on the same {k} deals, it wins {bv} against {pv}.",
            "選んだ手：{played}。コーチのおすすめ：{best}。同じ{k}通りの配り方で最後まで試すと、勝率は{bv}（選んだ手は{pv}）です。",
        ),
        "not_mistake": (
            "Played: {played}. No other choice did better beyond the noise: the fall came from what followed "
            "(the cards drawn, the other side's moves).",
            "選んだ手：{played}。誤差を超えてこれよりよい手はありませんでした。下がったのは、そのあとに引いたカードや"
            "相手の手によるものです。",
        ),
        "why": ("Why the coach's choice:", "おすすめの理由："),
        "why_this": ("Why (the rules behind your choice):", "理由（選んだ手にかかわるルール）："),
        "led": ("What happened:", "実際に起きたこと："),
        "would": ("The coach's choice would have done:", "おすすめの手なら："),
        "board": ("The board before this move", "この手の直前の盤面"),
        "moves": ("Every move", "すべての手"),
        "mark_turn": ("turn starts", "ターン開始"),
        "mark_combat": ("combat", "戦闘"),
        "mark_defeat": ("defeat", "撃破"),
        "mark_level_up": ("level up", "レベルアップ"),
        "mark_unit": ("unit made", "ユニット完成"),
        "mark_end_armed": ("end armed", "終了の予告"),
        "try_better": (
            "“{chosen}” is better than what was played: {v} against {pv} over the same deals.",
            "「{chosen}」は、実際の手よりよい手です：同じ配り方で勝率{v}（実際の手は{pv}）。",
        ),
        "try_worse": (
            "“{chosen}” is worse than what was played: {v} against {pv} over the same deals.",
            "「{chosen}」は、実際の手より悪い手です：同じ配り方で勝率{v}（実際の手は{pv}）。",
        ),
        "try_same": (
            "“{chosen}” and what was played are alike within the noise: {v} against {pv}.",
            "「{chosen}」と実際の手は、誤差の範囲で同じくらいです：勝率{v}と{pv}。",
        ),
        "try_best": ("The coach's best here: {best} ({bv}).", "ここでのコーチの最善手：「{best}」（{bv}）。"),
    }
)


def pct(x: float) -> str:
    """A chance as a whole percentage."""
    return f"{100 * x:.0f}%"
