"""The review widget's words (English and Japanese, with the panes' own) and its look (the chart with its
click targets and marker, the bar, the moments); :mod:`tcgteach.widgets.review` puts them to use."""

from __future__ import annotations

from ..i18n import Text
from .panes import WORDS

RWORDS = WORDS | Text(
    {
        "title": ("Review: {game}", "ふりかえり：{game}"),
        "prev": ("◀ Back", "◀ 戻る"),
        "next": ("Next ▶", "進む ▶"),
        "move_slider": ("Move", "手"),
        "seat_view": ("What P{n} saw", "P{n}から見た盤面"),
        "open_view": ("Everything (the game is over)", "すべて（ゲーム終了後）"),
        "start_row": ("Start (the set-up)", "開始（準備）"),
        "turn_row": ("── Turn {n} ──", "── {n}ターン目 ──"),
        "at_start": ("The start: no move made yet.", "開始時点：まだ1手も指していません。"),
        "after": ("After move {i} of {n}: {text}", "{n}手中{i}手目のあと：{text}"),
        "next_decision": ("Next: P{p} to choose ({k} choices).", "次：P{p}が選ぶ番（選択肢{k}個）。"),
        "the_end": ("The end: {r}", "ゲーム終了：{r}"),
        "not_over": (
            "The game is not over: the review goes to its last move.",
            "ゲームは終わっていません。最後の手までふりかえります。",
        ),
        "estimating": ("Working out the win chances… {i} of {n}", "勝率を計算しています… {n}か所中{i}か所"),
        "finding": ("Finding the moments that decided it… P{p}", "勝負を分けた場面を探しています… P{p}"),
        "estimated": ("Win chances: {n} positions, {k} rollouts each.", "勝率：{n}か所、それぞれ{k}局の先読み。"),
        "press_estimate": ("Work out the win chances", "勝率を計算する"),
        "tab_moves": ("Moves", "手の一覧"),
        "tab_moments": ("Decisive moments", "勝負の分かれ目"),
        "tab_try": ("Try again", "やり直す"),
        "go": ("Go to this move", "この手へ移る"),
        "try": ("Try another choice here", "ここで別の手を試す"),
        "continue": ("Continue from here", "ここから続きを遊ぶ"),
        "game_over_here": (
            "The game is over at this position: there is nothing to continue.",
            "この局面でゲームは終わっています。続きはありません。",
        ),
        "back_to_review": ("◀ Back to the review", "◀ ふりかえりに戻る"),
        "continued": (
            "A new game from the position before move {i}: you are P{p}, the coach plays the others. "
            "The reviewed game is kept.",
            "{i}手目の直前の局面から新しいゲームを始めました。あなたはP{p}、ほかの席はコーチが担当します。"
            "ふりかえり中のゲームはそのまま残ります。",
        ),
        "try_intro": (
            "Move {i} (turn {t}): P{p} chose {played}. Choose again:",
            "{i}手目（{t}ターン目）：P{p}は「{played}」を選びました。選び直してください：",
        ),
        "try_none": (
            "Go to a decision (a move with two or more choices) and press “Try another choice here”.",
            "判断の場面（選択肢が2つ以上の手）へ移ってから「ここで別の手を試す」を押してください。",
        ),
        "no_choice": (
            "Move {i} had one legal action: nothing to try again.",
            "{i}手目は選択肢が1つだけでした。やり直す手はありません。",
        ),
        "wait_moments": (
            "The moments appear once the win chances are worked out.",
            "勝率の計算が終わると、ここに勝負を分けた場面が出ます。",
        ),
        "chart_tip": ("Go to move {i}", "{i}手目へ移る"),
    }
)

REVIEW_CSS = """<style>
.tcg-review .tcg-review-bar{flex-flow:row wrap;align-items:center;gap:4px}
.tcg-review .tcg-review-bar .widget-button{width:auto;min-width:64px;padding:0 10px}
.tcg-review .tcg-review-slider{width:420px;flex:1 1 320px;max-width:640px}
.tcg-review .tcg-review-top{display:grid !important;grid-template-columns:minmax(0,900px) minmax(0,1fr);column-gap:10px;
  align-items:start}
@container (max-width:1100px){.tcg-review .tcg-review-top{grid-template-columns:minmax(0,1fr)}}
.tcg-review .tcg-review-chartbox{position:relative;width:100%;max-width:900px}
.tcg-review .tcg-review-chartbox svg{width:100%;height:auto;display:block}
.tcg-review .tcg-review-chartbox>.widget-html,.tcg-review .tcg-review-chartbox .widget-html-content{width:100%;margin:0}
.tcg-review .widget-tab>.lm-TabBar .lm-TabBar-tab{flex:1 1 auto;max-width:none;min-width:0}
.tcg-review .tcg-review-hits{position:absolute !important;top:0;bottom:0;left:4.444%;width:91.111%;display:flex;
  gap:0;margin:0;padding:0}
.tcg-review .tcg-review-hits .widget-button{flex:1 1 0;min-width:0;width:auto;height:100%;margin:0;padding:0;
  background:transparent;border:none;box-shadow:none}
.tcg-review .tcg-review-hits .widget-button:hover{background:rgba(0,0,0,.07)}
.tcg-review .tcg-review-marker{position:absolute !important;top:0;bottom:0;left:0;width:100%;pointer-events:none;
  margin:0}
.tcg-review .tcg-review-moves select{font-size:14px;line-height:1.4}
.tcg-projector.tcg-review .tcg-review-moves select{font-size:17px}
.tcg-review .tcg-review-where{font-size:15px;line-height:1.4}
.tcg-projector.tcg-review .tcg-review-where{font-size:18px}
.tcg-review .tcg-review-moment{border-left:4px solid #90a4ae;padding:2px 10px;margin:6px 0}
.tcg-review .tcg-review-moment.mistake{border-color:#D55E00}
.tcg-review .tcg-col-board,.tcg-review .tcg-col-side,.tcg-review .tcg-col-graph{max-height:calc(100vh - 150px)}
</style>"""
