"""The classroom's words (en, ja) and its look: the projector-sized layout of one screen at 1366×768
and 1024×768, and the games' titles and player counts its set-up panel offers. The app itself is
:class:`tcgteach.widgets.classroom.Classroom`.
"""

from __future__ import annotations

import tcgteach

from ..i18n import Text, pick


def _players(name: str) -> tuple[int, ...]:
    """How many players the game takes, from the game itself (DM-1.1: two to six; DQ-1.1: two)."""
    cls = tcgteach.game_class(name)
    return tuple(range(cls.min_players, cls.max_players + 1))


def _title(name: str, lang: str) -> str:
    return pick(tcgteach.game_class(name).title, lang, name)


CLASSROOM_TEXT = Text(
    {
        "title": ("tcgteach classroom", "tcgteach 教室"),
        "n_players": ("{n}", "{n}人"),
        "game": ("Game", "ゲーム"),
        "players": ("Players", "人数"),
        "hotseat": ("Hot seat: hide the hand of the player not on turn", "ホットシート：選ぶ番でない人の手札を隠す"),
        "new": ("New game", "新しいゲーム"),
        "takeback": ("Take back my move", "自分の手を取り消す"),
        "ready": ("I am P{n}: show my cards", "P{n}です：自分のカードを表示"),
        "pass": ("Pass the device to P{n}.", "P{n}に画面を渡してください。"),
        "pass_more": (
            "The board stays hidden until P{n} presses the button below, so nobody sees another player's hand.",
            "P{n}が下のボタンを押すまで盤面は隠れたままです（他の人の手札が見えないように）。",
        ),
        "no_takeback": ("No move of a person to take back yet.", "取り消せる人の手はまだありません。"),
        "taken_back": (
            "Took back P{n}'s move and what followed: choose again.",
            "P{n}の手とその後を取り消しました。選び直してください。",
        ),
        "started": ("New game: {game}, seed {seed}.", "新しいゲーム：{game}、シード{seed}。"),
        "agent_turn": (
            "P{n} ({who}) is to move: press Step, or Back again.",
            "P{n}（{who}）の番です。「1手進める」か、もう一度「1手戻す」を押してください。",
        ),
        "help": ("How to use", "使い方"),
        "setup": ("Setup", "設定"),
        "pause_label": ("Pause between moves (s)", "相手の手の間隔（秒）"),
        "players_next": (
            "{n} players: choose who plays each seat, then press {button}.",
            "{n}人：各席の担当を選んでから「{button}」を押してください。",
        ),
        "quiz": ("Quiz", "クイズ"),
        "quiz_back": ("Back to the game", "ゲームに戻る"),
        "no_quiz": ("{game} has no quiz questions.", "{game}にはクイズの問題がありません。"),
        "help_text": (
            "Choose the game, who plays each seat and the seed under <b>Setup</b>, then press <b>New game</b>. "
            "The computer and the coach move by themselves, one move at a time, until a person has to decide. "
            "Click a card to use it (a card with several uses shows them), or a button for the other choices. "
            "<b>Hint</b> asks the coach (about half a second) for the best move and why; <b>Take back my move</b> "
            "undoes your last decision and what followed; <b>Back</b> and <b>Step</b> go one move back or forward. "
            "With <b>Hot seat</b> on and two people seated, the board is hidden between turns so each person sees "
            "only their own hand.",
            "<b>設定</b>でゲーム・各席の担当・シードを選び、<b>新しいゲーム</b>を押します。コンピューターとコーチは、"
            "人が選ぶ番になるまで1手ずつ自動で指します。カードを押すとそのカードを使います（使い方が複数あるときは"
            "選択肢が出ます）。ほかの選択はボタンで選びます。<b>ヒント</b>はコーチ（約0.5秒）のおすすめの手と理由、"
            "<b>自分の手を取り消す</b>は直前の自分の判断からやり直し、<b>1手戻す</b>・<b>1手進める</b>は1手ずつ動かします。"
            "<b>ホットシート</b>をオンにして2人以上で遊ぶと、選ぶ人が替わるたびに盤面を隠すので、各自が自分の手札だけを見られます。",
        ),
    }
)
"""The classroom's own words (with the stepper's and the panes': ``Classroom.TEXT``)."""


CSS = """<style>
.tcg-classroom{font-size:17px;max-width:1600px}
.tcg-classroom .widget-button,.tcg-classroom .widget-toggle-button,.tcg-classroom button{font-size:16px;height:auto;
  min-height:36px;padding:3px 12px}
.tcg-classroom .widget-label,.tcg-classroom .widget-dropdown select,.tcg-classroom .widget-text input,
.tcg-classroom .widget-checkbox label,.tcg-classroom .widget-radio-box label{font-size:16px}
.tcg-classroom .widget-radio-box input{width:18px;height:18px}
.tcg-classroom .widget-dropdown select,.tcg-classroom .widget-text input{height:34px}
.tcg-classroom .widget-dropdown,.tcg-classroom .widget-text{height:auto}
.tcg-classroom .tcg-seats .widget-label{font-weight:600;margin-left:5px;margin-right:3px}
.tcg-classroom .tcg-board,.tcg-classroom .tcg-board.tcg-many{max-width:none}
.tcg-classroom button:focus-visible{outline:3px solid #ff6f00;outline-offset:2px}
.tcg-classroom .tcg-header{flex-flow:row wrap;align-items:center}
.tcg-classroom .tcg-app-title{font-size:17px;font-weight:700;margin-right:6px}
.tcg-classroom .tcg-header .widget-button,.tcg-classroom .tcg-header .widget-toggle-button{width:auto;min-width:0;
  padding:2px 9px;margin:1px}
@media (max-width:1100px){.tcg-classroom .tcg-app-title{display:none}
  .tcg-classroom .tcg-header .widget-button,.tcg-classroom .tcg-header .widget-toggle-button{font-size:15px;
    padding:2px 7px}}
.tcg-classroom .tcg-setup-box{border:2px solid #90a4ae;border-radius:6px;padding:4px 8px;margin:2px 0}
.tcg-classroom .tcg-pass-screen{border:4px dashed #37474f;padding:28px;margin:10px 0;text-align:center}
.tcg-classroom .tcg-pass-screen .tcg-pass-head{font-size:30px;font-weight:700;margin:0 0 8px 0}
.tcg-classroom .tcg-pass-screen .tcg-pass-more{font-size:18px}
.tcg-classroom .tcg-hint-text{font-size:17px}
.tcg-classroom .tcg-recent-box{border-left:4px solid #90a4ae;padding:2px 10px;font-size:16px;max-height:150px;
  overflow-y:auto}
.tcg-classroom .tcg-col-board,.tcg-classroom .tcg-col-side,.tcg-classroom .tcg-col-graph{max-height:calc(100vh - 118px)}
</style>"""
