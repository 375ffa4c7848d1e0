"""The words of the Dragon Quest quiz (``quiz.py``): every question, choice and explanation, in English and Japanese."""

from __future__ import annotations

from ...i18n import Text

T = Text(
    {
        "attack_setup": (
            "{P}'s {A} attacks; {Q} defends with {D}, which counterattacks.",
            "{P}の{A}が攻撃し、{Q}は{D}で防御して反撃します。",
        ),
        "attack_setup_nc": (
            "{P}'s {A} attacks; {Q} defends with {D}, which does not counterattack.",
            "{P}の{A}が攻撃し、{Q}は{D}で防御しますが、反撃はしません。",
        ),
        # DQ-7.8 speed order
        "first_q": ("{setup} Who strikes first?", "{setup}先に攻撃が当たるのはどちらでしょう？"),
        "first_att": ("{P}'s {A} strikes first", "{P}の{A}が先"),
        "first_def": ("{Q}'s {D} strikes first", "{Q}の{D}が先"),
        "first_sim": ("Both strike at the same time", "同時に当たる"),
        "first_e": (
            "The faster card strikes first; equal speed means both blows land at once. Speed: {A} {a}, {D} {d}.",
            "素早さの高いカードが先に攻撃し、同じなら同時です。素早さ：{A} {a}、{D} {d}。",
        ),
        # DQ-7.7 / DQ-7.8 the return blow
        "back_q": (
            "{setup} Does {D} deal damage to {A}?",
            "{setup}{D}は{A}にダメージを与えられるでしょうか？",
        ),
        "back_yes": (
            "Yes: {D} strikes back (it was not defeated before its blow).",
            "はい。{D}の反撃が当たります（自分の攻撃の前に撃破されていない）。",
        ),
        "back_no": (
            "No: {A} is faster and its first strike defeats {D}, so the return blow never comes.",
            "いいえ。{A}のほうが速く、先制の一撃で{D}を撃破するので、反撃は来ません。",
        ),
        # DQ-8.1 damage from the deck
        "deck_q": (
            "{setup} How many cards does {Q} move from the top of its deck onto {D}?",
            "{setup}{Q}はデッキの上から何枚を{D}に乗せるでしょう？",
        ),
        "deck_e": (
            "Damage N means its owner moves N cards from the top of their own deck onto the card: the deck is "
            "the life. {A} deals {n} (its attack with every modifier).",
            "ダメージNを受けると、持ち主は自分のデッキの上からN枚をそのカードに乗せます。デッキがライフです。"
            "{A}のダメージは{n}（修正込みの攻撃力）。",
        ),
        "deck_none": (
            " {D} strikes first and defeats {A}, so {A} deals no damage.",
            "{D}が先に攻撃して{A}を撃破するので、{A}のダメージは入りません。",
        ),
        "cards": ("{n} cards", "{n}枚"),
        "card1": ("1 card", "1枚"),
        # DQ-7.4 / DQ-7.5 who chooses the defender
        "who_q": (
            "{P} attacks with {A}. Who chooses {Q}'s defending card?",
            "{P}が{A}で攻撃します。{Q}の防御カードを選ぶのは誰でしょう？",
        ),
        "who_def": ("{Q}, the defending player", "防御側の{Q}"),
        "who_att": ("{P}, the attacking player", "攻撃側の{P}"),
        "who_e_def": (
            "{Q} has an active card in the front row ({cards}), so {Q} may choose it to defend; if {Q} does not, "
            "{P} chooses.",
            "{Q}の前衛にアクティブなカード（{cards}）があるので、{Q}が防御カードを選べます。選ばなければ"
            "{P}が選びます。",
        ),
        "who_e_att": (
            "{Q} has no active card in the front row, so {P} chooses any card of {Q}'s front row, whatever its state.",
            "{Q}の前衛にアクティブなカードがないので、{P}が{Q}の前衛から状態に関係なく1枚選びます。",
        ),
        # DQ-7.3 / DQ-7.6 can this card attack
        "can_q": (
            "It is {P}'s action step. Can {P}'s {X} ({where}, {state}) attack now?",
            "{P}の戦闘の行動ステップです。{P}の{X}（{where}・{state}）は今、攻撃できるでしょうか？",
        ),
        "front": ("front row", "前衛"),
        "back": ("back row", "後衛"),
        "active": ("active", "アクティブ"),
        "closed": ("closed", "クローズ"),
        "confused": ("confused", "混乱"),
        "can_yes": (
            "Yes: an active card in the front row may attack (it is closed by attacking).",
            "はい。前衛のアクティブなカードは攻撃できます（攻撃するとクローズ）。",
        ),
        "can_back": ("No: only front-row cards attack.", "いいえ。攻撃できるのは前衛のカードだけです。"),
        "can_state": (
            "No: only an active card attacks, and {X} is {state}.",
            "いいえ。攻撃できるのはアクティブなカードだけで、{X}は{state}です。",
        ),
        "can_empty": (
            "No: {Q}'s front row is empty, so there is nothing to attack.",
            "いいえ。{Q}の前衛が空なので、攻撃できません。",
        ),
        # DQ-9 level and experience
        "level_q": (
            "{P}'s experience box holds {cards}. {Q} is level {L}. What will {Q}'s level be once {Q}'s next turn "
            "has begun?",
            "{P}の経験値ボックスには{cards}があります。{Q}は今レベル{L}です。{Q}の次のターンが始まると、"
            "{Q}のレベルはいくつになるでしょう？",
        ),
        "empty": ("no cards", "カードがありません"),
        "level": ("Level {n}", "レベル{n}"),
        "level_e": (
            "{Q}'s experience is the sum of the levels of the cards in the opponent's experience box: {exp}. "
            "Every full 5 experience raises the level by 1, so level {n}; the level changes only in {Q}'s own "
            "reset phase.",
            "{Q}の経験値は、相手の経験値ボックスにあるカードのレベルの合計で{exp}。経験値5ごとにレベルが1上がる"
            "のでレベル{n}です。レベルが変わるのは{Q}自身のリセットフェイズだけです。",
        ),
        # DQ-6.2 income
        "gp_q": (
            "{P}'s experience box holds {cards}. {Q} is level {L}. How much GP will {Q} gain at the start of "
            "{Q}'s next turn?",
            "{P}の経験値ボックスには{cards}があります。{Q}は今レベル{L}です。{Q}の次のターンの始めに、"
            "{Q}は何GPを得るでしょう？",
        ),
        "gp": ("{n} GP", "{n}GP"),
        "gp_e": (
            "First the reset phase checks the level ({Q} is now level {n}); then the income is the player's "
            "level + 1 = {gp} GP.",
            "まずリセットフェイズでレベルを確認し（{Q}はレベル{n}）、その後の収入はプレイヤーのレベル＋1＝{gp}GPです。",
        ),
        # DQ-6.14 poison
        "poison_q": (
            "{P} ends the turn. {Q}'s {X} is poisoned and has {d} damage (HP {hp}). What happens to it at the "
            "end of this turn?",
            "{P}がターンを終えます。{Q}の{X}は毒状態で、ダメージは{d}（HP{hp}）。このターンの終わりに{X}はどうなる"
            "でしょう？",
        ),
        "poison_hit": ("It takes 1 damage and stays", "1ダメージを受けて場に残る"),
        "poison_dead": ("It takes 1 damage and is defeated", "1ダメージを受けて撃破される"),
        "poison_none": ("Nothing: poison hurts only in its owner's turn", "何も起きない：毒は持ち主のターンだけ"),
        "poison_e": (
            "At the end of every turn each poisoned party card takes 1 damage, whoever's turn it is (option "
            "status_tick, default both_players); it is defeated when its damage reaches its HP.",
            "ターンの終わりに、誰のターンでも毒のパーティーカードはそれぞれ1ダメージを受けます（オプション"
            "status_tick、既定値both_players）。ダメージがHPに達すると撃破されます。",
        ),
        # DQ-6.14 wipe-out
        "wipe_q": (
            "{P} ends turn {turn} of the game ({F} went first). {Q} has {party} on the field. How many "
            "cards does {Q} put from its deck into the discard pile at the end of this turn?",
            "{P}がゲームのターン{turn}を終えます（先攻は{F}）。{Q}の場のパーティーカードは{n}枚。このターンの"
            "終わりに、{Q}はデッキから何枚を捨て札にするでしょう？",
        ),
        "wipe_e_pay": (
            "A player with no party card on the field at the end of a turn moves 5 cards from the top of the "
            "deck to the discard pile (wipe-out penalty).",
            "ターンの終わりに場にパーティーカードが1枚もないプレイヤーは、デッキの上から5枚を捨て札にします"
            "（全滅ペナルティ）。",
        ),
        "wipe_e_has": (
            "{Q} has party cards on the field: no wipe-out penalty.",
            "{Q}の場にパーティーカードがあるので、全滅ペナルティはありません。",
        ),
        "wipe_e_spared": (
            "{Q} has no party card, but has not had a turn yet: with the default reading (option wipe_out, "
            "after_own_turn) no penalty.",
            "{Q}の場にパーティーカードはありませんが、まだ自分のターンが来ていません。既定の解釈（オプション"
            "wipe_out、after_own_turn）ではペナルティなしです。",
        ),
        # DQ-8.3 GP for a defeat
        "dgp_q": (
            "{setup} How much GP does {P} gain from this attack?",
            "{setup}この攻撃で{P}は何GPを得るでしょう？",
        ),
        "dgp_e": (
            "When a card is defeated, the opponent of its owner gains GP equal to its level. {what}",
            "カードが撃破されると、その持ち主の相手がそのカードのレベル分のGPを得ます。{what}",
        ),
        "dgp_def": ("{D} (level {lv}) is defeated.", "{D}（レベル{lv}）が撃破されます。"),
        "dgp_nodef": ("{D} is not defeated.", "{D}は撃破されません。"),
    }
)
