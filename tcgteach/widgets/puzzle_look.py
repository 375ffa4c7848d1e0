"""The puzzle pane's words (en, ja) and its look: one screen at 1366×768 and 1024×768, the board beside
the goal and the choices (stacked on a narrow screen, the choices first), card text ≥ 16 px in projector
mode. The pane itself is :class:`tcgteach.widgets.puzzle.PuzzlePane`.
"""

from __future__ import annotations

from ..i18n import Text

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
    }
)
"""The puzzle pane's words (with the panes': ``PuzzlePane.TEXT``)."""


def stars(difficulty: int) -> str:
    """``★★☆☆☆`` for difficulty 2 of 5."""
    n = max(0, min(5, int(difficulty)))
    return "★" * n + "☆" * (5 - n)


CSS = """<style>
.tcg-puzzle{font-size:16px;line-height:1.4;max-width:1600px;container-type:inline-size;width:100%;box-sizing:border-box}
.tcg-puzzle .tcg-pz-head{font-size:16px;color:#37474f}
.tcg-puzzle .tcg-pz-head b{color:#1b1b1b}
.tcg-puzzle .tcg-pz-score{font-weight:700;color:#1b5e20;white-space:nowrap}
.tcg-puzzle .tcg-pz-title{font-size:20px;font-weight:700;margin:2px 0}
.tcg-puzzle .tcg-pz-goal{border:3px solid #1565c0;background:#e3f2fd;border-radius:8px;padding:5px 12px;margin:3px 0;
  font-size:19px;line-height:1.35}
.tcg-puzzle .tcg-pz-goal .tcg-pz-goal-label{font-weight:800;color:#0d47a1;margin-right:6px}
.tcg-puzzle .tcg-pz-main{width:100%;display:grid !important;grid-template-columns:minmax(0,1fr) 400px;
  grid-template-areas:"board side";column-gap:10px;align-items:start}
.tcg-puzzle .tcg-pz-board-col{grid-area:board;min-width:0;overflow:auto}
.tcg-puzzle .tcg-pz-side{grid-area:side;min-width:0;overflow-x:hidden}
.tcg-puzzle .tcg-pz-side>*,.tcg-puzzle .tcg-pz-board-col>*{flex-shrink:0}
@container (max-width:960px){.tcg-puzzle .tcg-pz-main{grid-template-columns:minmax(0,1fr) 340px}}
@container (max-width:780px){.tcg-puzzle .tcg-pz-main{grid-template-columns:minmax(0,1fr);
  grid-template-areas:"side" "board"}}
.tcg-puzzle .tcg-pz-caption{font-weight:700;color:#37474f;margin:2px 0}
.tcg-puzzle .tcg-board-view,.tcg-puzzle .tcg-board-view>.widget-html-content{width:100%;min-width:0;max-width:100%}
.tcg-puzzle .tcg-board-view .tcg-board{max-width:100%;box-sizing:border-box}
.tcg-puzzle .tcg-board-view .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-puzzle .tcg-pz-prompt{font-weight:700;margin:2px 0}
.tcg-puzzle button{font-size:16px;height:auto;min-height:36px;white-space:normal;line-height:1.3;padding:4px 12px;
  max-width:100%}
.tcg-puzzle button.tcg-pz-choice{width:100%;text-align:left;margin:2px 0;min-height:40px;font-size:17px}
.tcg-puzzle button.tcg-pz-choice.mod-danger{text-decoration:line-through}
.tcg-puzzle button:disabled{cursor:not-allowed}
.tcg-puzzle button:focus-visible{outline:3px solid #ff6f00;outline-offset:2px}
.tcg-puzzle .tcg-pz-bar{flex-flow:row wrap;align-items:center;gap:4px}
.tcg-puzzle .tcg-pz-bar button{width:auto}
.tcg-puzzle .tcg-pz-feedback{font-size:16px}
.tcg-puzzle .tcg-pz-verdict{font-size:19px;font-weight:800;margin:4px 0 2px}
.tcg-puzzle .tcg-pz-right{color:#1b5e20}
.tcg-puzzle .tcg-pz-wrong{color:#b71c1c}
.tcg-puzzle .tcg-pz-moves{max-height:230px;overflow-y:auto;border-left:4px solid #90a4ae;padding:2px 8px;margin:4px 0}
.tcg-puzzle .tcg-pz-move{font-weight:700;margin-top:3px}
.tcg-puzzle .tcg-pz-move.tcg-pz-mine{color:#0d47a1}
.tcg-puzzle .tcg-pz-move.tcg-pz-theirs{color:#6d4c41}
.tcg-puzzle .tcg-pz-moves .tcg-log-line{font-size:14px;line-height:1.3;margin-left:10px;color:#37474f}
.tcg-puzzle .tcg-pz-moves .tcg-log-line code{font-size:12px}
.tcg-puzzle .tcg-pz-rules{margin:3px 0;padding-left:1.2em}
.tcg-puzzle .tcg-pz-rules li{margin:1px 0}
.tcg-puzzle .tcg-pz-rules code{font-weight:700}
.tcg-puzzle .tcg-pz-met{font-size:19px;font-weight:800;color:#1b5e20;border:3px solid #2e7d32;background:#f1f8e9;
  border-radius:8px;padding:4px 10px;margin:4px 0}
.tcg-puzzle .tcg-pz-hint-text{background:#fffde7;border-left:4px solid #f9a825;padding:3px 8px;margin:3px 0}
.tcg-puzzle .tcg-pz-hint-text:empty{display:none}
.tcg-puzzle .tcg-pz-message{min-height:0}
.tcg-puzzle .tcg-pz-summary table{border-collapse:collapse;margin:4px 0}
.tcg-puzzle .tcg-pz-summary td{padding:1px 8px;border-bottom:1px solid #e0e0e0}
.tcg-puzzle .tcg-pz-done{font-size:20px;font-weight:800;color:#1b5e20}
.tcg-projector.tcg-puzzle,.tcg-projector .tcg-puzzle{font-size:18px}
.tcg-projector .tcg-pz-moves .tcg-log-line,.tcg-projector .tcg-pz-feedback{font-size:16px}
.tcg-projector .tcg-pz-moves .tcg-log-line code{font-size:15px}
.tcg-projector button.tcg-pz-choice{font-size:18px}
</style>"""
