"""The words of the DARK MOON quiz (``quiz.py``): every question, choice and explanation, in English and Japanese."""

from __future__ import annotations

from ...i18n import Text

T = Text(
    {
        # DM-4.4 the reveal
        "reveal_q": (
            "{P} plays {card}. The top card of {P}'s deck is {top}. Where does the revealed card go?",
            "{P}が{card}を出します。{P}のデッキの一番上は{top}です。公開されたカードはどこへ行くでしょう？",
        ),
        "to_field": ("Onto {P}'s field", "{P}の場に出る"),
        "to_hand": ("Into {P}'s hand", "{P}の手札に入る"),
        "reveal_match": (
            "{top} is a character card with the number #{n}, and {match} on {P}'s field has the same number: "
            "it goes onto the field (its on-play effect does not trigger).",
            "{top}はキャラクターカードでナンバーは#{n}。{P}の場の{match}とナンバーが同じなので、場に出ます"
            "（プレイ時効果は発動しません）。",
        ),
        "reveal_nomatch": (
            "{top} is a character card with the number #{n}; no character card on {P}'s field has that "
            "number, so it goes into the hand.",
            "{top}はキャラクターカードでナンバーは#{n}。{P}の場に同じナンバーのキャラクターカードがないので、手札に入ります。",
        ),
        "reveal_special": (
            "{top} is a special card: a revealed special card always goes into the hand.",
            "{top}はスペシャルカードです。公開されたスペシャルカードは必ず手札に入ります。",
        ),
        # DM-4.1 / DM-4.3 actions
        "actions_q": (
            "It is {P}'s main phase (turn {turn}). How many more actions can {P} take this turn?",
            "{P}のメインフェイズです（ターン{turn}）。このターン、{P}はあと何回行動できるでしょう？",
        ),
        "actions_e": (
            "{P} may take {limit} this turn and has used {used}: {left} left.",
            "{P}はこのターンに{limit}行動でき、すでに{used}回使ったので、残りは{left}回です。",
        ),
        "actions_first": (
            " In the very first turn of the game the first player may take only 1 action.",
            "ゲームの一番最初のターンだけ、先攻のプレイヤーは1回しか行動できません。",
        ),
        "actions_n": ("{n} actions", "{n}回"),
        "actions_1": ("1 action", "1回"),
        # DM-4.6 / DM-4.7 units
        "unit_q": ("Can {P} create a unit right now?", "{P}は今、ユニットを作れるでしょうか？"),
        "unit_e": (
            "{P} has {chars} on the field and {slots}. A unit needs 3 to 7 "
            "character cards from the field and an empty slot.",
            "{P}の場のキャラクターカードは{n}枚、空いているユニット置き場は{k}つ。ユニットには場のキャラクター"
            "カード3〜7枚と、空いたユニット置き場が必要です。",
        ),
        # DM-5 scoring
        "score_q": (
            "The game is over. How many points does {P} score?",
            "ゲームが終わりました。{P}は何点でしょう？",
        ),
        "score_e": (
            "{P}: {units_cards} in units (1 point each) + {bonus} from the specials' point effects in units + "
            "{loose_cards} left on the field (1 point each) = {total}. Characters left on the field, "
            "the hand and the deck score nothing.",
            "{P}：ユニットのカード{units}枚（1枚1点）＋ユニット内のスペシャルの得点効果{bonus}点＋場に残った"
            "スペシャル{loose}枚（1枚1点）＝{total}点。場に残ったキャラクター、手札、デッキは0点です。",
        ),
        "points": ("{pts}", "{n}点"),
        # DM-5.2 a special's bonus
        "bonus_q": (
            "{card} is in {P}'s unit {slot}. If the game ended now, how many bonus points would its point "
            "effect add to this unit? ({text})",
            "{card}は{P}のユニット{slot}に入っています。今ゲームが終わったら、その得点効果でこのユニットに何点"
            "加わるでしょう？（{text}）",
        ),
        "bonus_e": (
            "Unit {slot} holds the characters {names}: the effect of {card} adds {v}. (The card itself also "
            "counts 1 point as a card in a unit.)",
            "ユニット{slot}のキャラクターは{names}。{card}の得点効果は{v}点です（カード自体もユニットの"
            "カードとして1点）。",
        ),
        "none_names": ("none", "なし"),
        # DM-1.4 / DM-1.5 the last turn
        "last_q": (
            "{P} has just filled all three unit slots and armed the end ({n} players). Whose turn is the last "
            "turn of the game?",
            "{P}がユニット置き場を3つとも埋め、終了条件を満たしました（{n}人対戦）。ゲーム最後のターンは誰の"
            "ターンでしょう？",
        ),
        "last_e": (
            "Once the end is armed, every other player takes one more turn: the game ends when the turn of "
            "{L}, seated just before {P}, ends.",
            "終了条件が満たされると、他の全員があと1ターンずつ行います。{P}の1つ前の席の{L}のターンが終わった"
            "ところでゲーム終了です。",
        ),
        "turn_of": ("{P}'s turn", "{P}のターン"),
        # DM-1.2 / DM-1.3 the winner
        "win_q": ("The game is over. Who wins?", "ゲームが終わりました。勝ったのは誰でしょう？"),
        "wins": ("{P} wins", "{P}の勝ち"),
        "draw": ("A draw (equal highest points)", "引き分け（最高点が同点）"),
        "win_e": (
            "The scores are {scores}: the player with the most points wins.",
            "得点は{scores}。一番点の多いプレイヤーの勝ちです。",
        ),
        "draw_e": (
            "The scores are {scores}: the highest score is shared, so the game is a tie between {top}.",
            "得点は{scores}。最高点が同点なので、{top}の引き分けです。",
        ),
        # DM-1.4 / DM-1.6 arming the end
        "arm_q": (
            "{P} ends the main phase now ({k} of 3 unit slots filled). What happens in the end phase?",
            "{P}が今メインフェイズを終えます（ユニット置き場は3つ中{k}つ埋まっている）。エンドフェイズで何が"
            "起きるでしょう？",
        ),
        "arm_armed": (
            "The end is armed: every other player takes one more turn",
            "終了条件を満たす：他の全員があと1ターンずつ行う",
        ),
        "arm_already": (
            "Nothing new: the end is already armed",
            "何も変わらない：終了条件はすでに満たされている",
        ),
        "arm_none": (
            "Nothing: not all three unit slots are filled",
            "何も起きない：ユニット置き場が3つとも埋まっていない",
        ),
        "arm_e_armed": (
            "At the end phase of a turn in which the turn player has all three unit slots filled, the end is "
            "armed (if it is not armed yet).",
            "ターンプレイヤーのユニット置き場が3つとも埋まっているターンのエンドフェイズに、終了条件を満たします"
            "（まだ満たされていなければ）。",
        ),
        "arm_e_already": (
            "{A} armed the end earlier; filling the third slot in a final turn changes nothing.",
            "終了条件はすでに{A}が満たしています。最後のターンに3つ目を埋めても何も変わりません。",
        ),
        "arm_e_none": (
            "Only a turn player with all three unit slots filled arms the end; {P} has {k}.",
            "終了条件を満たせるのは、ユニット置き場が3つとも埋まっているターンプレイヤーだけ。{P}は{k}つです。",
        ),
    }
)
