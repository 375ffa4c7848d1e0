"""The words of a puzzle set played as a learner plays it (en, ja), shared by the puzzle pane
(:mod:`tcgteach.widgets.puzzle`) and ``tcgteach puzzle`` (:mod:`tcgteach.puzzle_cli`); no widget is imported.
"""

from __future__ import annotations

from .i18n import Text

TEXT = Text(
    {
        "title": ("Puzzles", "パズル"),
        "lesson_title": ("Two puzzles on this lesson's rules", "このレッスンのルールを使うパズル2問"),
        "progress": ("Puzzle {i} of {n}", "第{i}問（全{n}問）"),
        "difficulty": ("Difficulty {stars}", "難しさ {stars}"),
        "score": ("First try: {right} of {tried}", "1回目で正解：{tried}問中{right}問"),
        "score_none": ("First try: nothing tried yet", "1回目で正解：まだ挑戦していません"),
        "goal": ("Goal", "目標"),
        "you_are": ("You are P{n}. Choose your move:", "あなたはP{n}です。次の手を選んでください："),
        "you_were": ("You are P{n}.", "あなたはP{n}です。"),
        "choose_again": (
            "The board shows where that led. Choose another move:",
            "盤面はその手の結果です。別の手を選んでください：",
        ),
        "hint": ("Hint", "ヒント"),
        "hint_head": ("Hint:", "ヒント："),
        "no_hint": ("This puzzle has no hint.", "この問題にはヒントがありません。"),
        "wrong": ("Not this one.", "ちがいます。"),
        "wrong_after": ("After “{choice}” it goes like this:", "「{choice}」のあとは、こう進みます："),
        "wrong_now": (
            "“{choice}” gives the goal up at once.",
            "「{choice}」を選ぶと、その時点で目標に届かなくなります。",
        ),
        "out_of_reach": ("Now the goal is out of reach.", "これで目標には届きません。"),
        "rules_decide": ("The rules that decide it:", "決め手になるルール："),
        "try_again": ("Try again", "もう一度考える"),
        "tried_wrong": ("✗ {what}", "✗ {what}"),
        "right": ("Right!", "正解！"),
        "right_why": (
            "“{choice}” reaches the goal whatever the other side does.",
            "「{choice}」なら、相手がどう応じても目標に届きます。",
        ),
        "line_rules": ("The rules at work:", "使われるルール："),
        "next_move": ("Next move ▶", "次の手 ▶"),
        "play_out": ("Play to the end", "最後まで進める"),
        "moves_left": ("{n} more moves in the line.", "手順はあと{n}手です。"),
        "move_left": ("1 more move in the line.", "手順はあと1手です。"),
        "goal_met": ("Goal reached.", "目標達成！"),
        "next_puzzle": ("Next puzzle ▶", "次の問題 ▶"),
        "previous": ("◀ Previous", "◀ 前の問題"),
        "again": ("Play the set again", "最初からもう一度"),
        "done": (
            "Set finished: {right} of {n} solved at the first try.",
            "全{n}問おわり：1回目で正解したのは{right}問です。",
        ),
        "first_try": ("✓ first try", "✓ 1回目で正解"),
        "after_tries": ("✓ after {k} wrong", "✓ {k}回まちがえてから正解"),
        "not_solved": ("– not solved", "– 未解決"),
        "with_hint": (" (hint)", "（ヒントあり）"),
        "solved_before": (
            "You have solved this one: playing it again keeps your score.",
            "解いた問題です。もう一度解いてもスコアは変わりません。",
        ),
        "stale": (
            "That button belongs to an earlier position; nothing was done.",
            "そのボタンは前の局面のものなので、何もしていません。",
        ),
        "board_start": ("The position", "問題の局面"),
        "board_after": ("The board after {n} moves", "{n}手進めた局面"),
        "board_after_1": ("The board after 1 move", "1手進めた局面"),
        "you": ("you", "あなた"),
        "other": ("P{n}", "P{n}"),
        "who_you": ("You (P{n})", "あなた（P{n}）"),
        "at_last": ("You reached the last puzzle.", "これが最後の問題です。"),
        "at_first": ("This is the first puzzle.", "これが最初の問題です。"),
        # the terminal (tcgteach puzzle)
        "cli_head": (
            "{title}: {n} puzzles. Type a choice's number (or its action), h for the hint, s to skip, q to quit.",
            "{title}：全{n}問。選択肢の左の数字（またはその手）を入力してください。"
            "h でヒント、s で次の問題へ、q で終了します。",
        ),
        "cli_puzzle": (
            "== Puzzle {i} of {n}: {title}  ({difficulty})",
            "== 第{i}問（全{n}問）：{title}（{difficulty}）",
        ),
        "cli_prompt": ("answer> ", "答え> "),
        "cli_range": (
            "choose a number from 1 to {n} (h: hint, s: skip, q: quit)",
            "1から{n}までの数字を入力してください（h：ヒント、s：次へ、q：終了）",
        ),
        "cli_not_choice": (
            "{text}: not one of the choices; type its number",
            "{text}：選択肢にありません。数字で入力してください",
        ),
        "cli_line": ("The line:", "手順："),
        "cli_try": ("Try again.", "もう一度考えてみましょう。"),
        "cli_ended": ("input ended before the set did", "問題が終わる前に入力が終わりました"),
    }
)
"""The words, ``key -> (en, ja)`` (the pane adds the panes' own: ``PuzzlePane.TEXT``)."""


def stars(difficulty: int) -> str:
    """``★★☆☆☆`` for difficulty 2 of 5."""
    n = max(0, min(5, int(difficulty)))
    return "★" * n + "☆" * (5 - n)
