"""One glossary of game terms, so that a term is written one way in English and one way in Japanese.

The engine's texts (``tcgteach/<game>/data/rules.json``, ``text.py``, ``cardtext.py``, ``board.py``,
``flow.py``), the widgets, the card data and the lessons all use the words of this table;
``tests/test_glossary.py`` fails when one of the ``avoid`` variants appears anywhere in them.

>>> from tcgteach.glossary import term, terms, find_inconsistencies
>>> term("front_row", "ja")
'前衛'
>>> [t.key for t in terms("darkmoon")][:3]
['deck', 'hand', 'field']
>>> [(h.variant, h.use) for h in find_inconsistencies("前列のカード", "ja")]
[('前列', '前衛')]

How the Japanese was chosen: the games' own Japanese where it has a word (the rule summaries in
``/work/shared/seeds/``: 前衛・後衛, 陣形, 撃破, 経験値ボックス, 全滅ペナルティ, ユニット置き場, ナンバー ...),
otherwise the plain word a learner knows. The one deliberate departure from the source: the source
calls the discard pile both 捨て札 and 捨て山; the package says 捨て札 only.
Two decisions worth knowing:

* **デッキ is both the constructed deck and the draw pile in play**, as in the games' own Japanese
  ("デッキ枚数：40枚", "自分のデッキの一番上"). 山札 is therefore an avoided variant, not a second term.
* **Points** are ポイント; after a number the counter 点 is the same word (``3点``, as the source writes
  "経験値5点"), so 点 alone is not avoided. 得点 is a separate term, the *score* (the counting at the
  end of a DARK MOON game, the scoring line of a special card).

Adding a term
-------------
Add one ``Term(...)`` to ``_TERMS`` below, in the group of its game:

* ``key``: a short snake_case name (used by ``term(key, lang)``); ``game``: ``"darkmoon"``,
  ``"dragonquest"`` or ``"both"``.
* ``en`` / ``ja``: the term as the texts write it; ``reading``: its hiragana when it has kanji a
  learner may not read (``""`` for katakana and easy words).
* ``meaning_en`` / ``meaning_ja``: one line each, for the glossary table.
* ``rules``: the rule IDs that define it (``tests/test_glossary.py`` checks that they exist).
* ``avoid``: the other renderings that must not be used, Japanese and English mixed (a variant
  with Japanese script is checked in Japanese texts, one without in English texts; English
  variants match whole words, ignoring case). Only list a variant that is wrong **wherever** it
  appears: the test scans every text of the package and the lesson sources.
* ``allow``: longer phrases that contain an avoided variant but are right (e.g. 識別番号 when
  番号 is avoided); they are blanked out before the search.

Then run ``tests/test_glossary.py``: it lists every text that still uses a variant, with the term
to use instead.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Mapping
from dataclasses import dataclass

from .core.errors import TcgError
from .i18n import LANGS

#: the game a term belongs to: a registered game's name (``tcgteach.games()``, plugins too) or "both"
#: (tests/test_glossary.py checks every term against the registry)
Game = str

#: the games a term can belong to ("both": the word means the same in the two games)
GAMES: tuple[str, ...] = ("darkmoon", "dragonquest", "both")

_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


class GlossaryError(TcgError, ValueError):
    """A glossary look-up with a language or a game the glossary does not have."""


class UnknownTermError(TcgError, KeyError):
    """``term(key, lang)`` with a key that is not in the glossary."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class Term:
    """One game term: how the texts write it in each language, what it means, where it is defined."""

    key: str
    game: Game
    en: str
    ja: str
    reading: str
    meaning_en: str
    meaning_ja: str
    rules: tuple[str, ...]
    avoid: tuple[str, ...] = ()
    allow: tuple[str, ...] = ()

    def text(self, lang: str) -> str:
        """The term in ``lang``."""
        return self.ja if _lang(lang) == "ja" else self.en

    def meaning(self, lang: str) -> str:
        """The one-line definition in ``lang``."""
        return self.meaning_ja if _lang(lang) == "ja" else self.meaning_en

    def avoided(self, lang: str) -> tuple[str, ...]:
        """The variants that must not be used in ``lang`` texts."""
        ja = _lang(lang) == "ja"
        return tuple(v for v in self.avoid if bool(_JAPANESE.search(v)) == ja)


@dataclass(frozen=True, slots=True)
class Inconsistency:
    """One avoided variant found in a text: which, the term to use instead, and where."""

    variant: str
    key: str
    use: str
    where: str
    context: str

    def __str__(self) -> str:
        return f"{self.where}: {self.variant!r} -> {self.use!r} (glossary {self.key!r}): …{self.context}…"


_TERMS: tuple[Term, ...] = (
    # ---- both games -------------------------------------------------------------------------
    Term(
        "deck",
        "both",
        "deck",
        "デッキ",
        "",
        "The cards you build (40 in DARK MOON, 50 in Dragon Quest), and the face-down pile you draw from.",
        "組んだカードの束（DARK MOONは40枚、ドラゴンクエストは50枚）。ゲーム中に引く裏向きの束もデッキです。",
        ("DM-2.1", "DM-6.3", "DQ-2.1", "DQ-4.3"),
        avoid=("山札", "ライブラリアウト", "デッキトップ", "draw pile"),
    ),
    Term(
        "hand",
        "both",
        "hand",
        "手札",
        "てふだ",
        "The cards you hold, hidden from the other players.",
        "自分が持っているカード。ほかのプレイヤーには見せません。",
        ("DM-3.4", "DM-6.3", "DQ-3.2", "DQ-4.3"),
    ),
    Term(
        "field",
        "both",
        "field",
        "場",
        "ば",
        "Where your cards lie face up in front of you (in Dragon Quest: the front row and the back row).",
        "自分の前の、カードを表向きに置く所（ドラゴンクエストでは前衛と後衛）。",
        ("DM-6.3", "DQ-4.3"),
        avoid=("フィールド",),
    ),
    Term(
        "turn",
        "both",
        "turn",
        "ターン",
        "",
        "One player's go, from its first phase to its end; the players take turns in seat order.",
        "1人のプレイヤーが最初のフェイズから終わりまで行う番。席順に交代します。",
        ("DM-4", "DQ-6"),
        avoid=("手番",),
    ),
    Term(
        "turn_player",
        "both",
        "turn player",
        "ターンプレイヤー",
        "",
        "The player whose turn it is.",
        "いまターンを行っているプレイヤー。",
        ("DM-1.4", "DQ-6.1"),
        avoid=("active player",),
    ),
    Term(
        "first_player",
        "both",
        "first player",
        "先攻",
        "せんこう",
        "The player who takes the first turn (the other one is second, 後攻).",
        "最初にターンを行うプレイヤー（もう一方は後攻）。",
        ("DM-3.3", "DQ-3.1"),
    ),
    Term(
        "draw",
        "both",
        "draw",
        "引く",
        "ひく",
        "Take the top card of your deck into your hand.",
        "デッキの一番上のカードを手札に加えること。",
        ("DM-3.4", "DQ-6.3"),
    ),
    Term(
        "shuffle",
        "both",
        "shuffle",
        "シャッフル",
        "",
        "Mix a deck into a random order.",
        "デッキをよく混ぜて、カードの順番がわからないようにすること。",
        ("DM-3.2", "DQ-3.2"),
    ),
    Term(
        "tie",
        "both",
        "tie",
        "引き分け",
        "ひきわけ",
        "A game with no single winner: several players share the best result. (The texts say tie, not draw, "
        "which here means taking a card.)",
        "勝者が1人に決まらない結果。複数のプレイヤーが同じ最高の結果で並びます。",
        ("DM-1.3", "DQ-1.3"),
    ),
    # ---- DARK MOON -----------------------------------------------------------------------------
    Term(
        "character_card",
        "darkmoon",
        "character card",
        "キャラクターカード",
        "",
        "A card showing one of the seven characters, with a number and maybe an on-play effect.",
        "7人のキャラクターのだれかを描いたカード。ナンバーを持ち、プレイ時効果を持つものもあります。",
        ("DM-6.1",),
    ),
    Term(
        "special_card",
        "darkmoon",
        "special card",
        "スペシャルカード",
        "",
        "A scene card; one may join a unit and score its own bonus; at most 8 in a deck.",
        "場面を描いたカード。ユニットに1枚まで入れられ、条件を満たすとボーナスのポイントが入ります。デッキに8枚まで。",
        ("DM-6.2", "DM-2.2"),
    ),
    Term(
        "number",
        "darkmoon",
        "number",
        "ナンバー",
        "",
        "The game number printed top-left on a character card; the reveal compares it with the field.",
        "キャラクターカードの左上に印刷されたゲーム用の数字。公開のとき場のカードと比べます。",
        ("DM-2.4", "DM-4.4"),
        avoid=("番号",),
        allow=("識別番号", "コレクター番号"),
    ),
    Term(
        "action",
        "darkmoon",
        "action",
        "行動",
        "こうどう",
        "Done in the main phase: play a card or create a unit; up to two a turn (one in the game's first turn).",
        "メインフェイズに2回までできること。カードを出すか、ユニットを作ります。",
        ("DM-4.1", "DM-4.3"),
    ),
    Term(
        "main_phase",
        "darkmoon",
        "main phase",
        "メインフェイズ",
        "",
        "The part of a DARK MOON turn in which you take your actions.",
        "DARK MOONのターンで行動を行う部分。",
        ("DM-4.1",),
    ),
    Term(
        "end_phase",
        "darkmoon",
        "end phase",
        "エンドフェイズ",
        "",
        "The end of a DARK MOON turn, where the end of the game may be triggered.",
        "DARK MOONのターンの最後のフェイズ。ユニット置き場が3つとも埋まっていれば、ここで終了条件を満たします。",
        ("DM-4.8",),
    ),
    Term(
        "on_play_effect",
        "darkmoon",
        "on-play effect",
        "プレイ時効果",
        "プレイじこうか",
        "What a card does when you play it from your hand.",
        "手札から出したときにそのカードが起こす効果。",
        ("DM-6.1", "DM-4.2"),
    ),
    Term(
        "reveal",
        "darkmoon",
        "reveal",
        "公開",
        "こうかい",
        "After each play, turn your deck's top card face up: a matching number goes to the field, else to your hand.",
        "カードを出すたびにデッキの一番上を表にすること。ナンバーが場と同じなら場へ、それ以外は手札へ。",
        ("DM-4.4",),
    ),
    Term(
        "unit",
        "darkmoon",
        "unit",
        "ユニット",
        "",
        "A group of 3–7 character cards and at most one special card, made from your field; it scores at the end.",
        "場のカードから作る、キャラクターカード3～7枚とスペシャルカード1枚までのまとまり。ゲームの最後に得点になります。",
        ("DM-4.6", "DM-5.1"),
    ),
    Term(
        "unit_slot",
        "darkmoon",
        "unit slot",
        "ユニット置き場",
        "ユニットおきば",
        "One of your three places for a finished unit; filling all three starts the end of the game.",
        "完成したユニットを置く場所。1人3つで、3つとも埋まると終了条件を満たします。",
        ("DM-4.7", "DM-1.4"),
        avoid=("ユニット枠", "スロット", "unit space"),
    ),
    Term(
        "end_trigger",
        "darkmoon",
        "end condition",
        "終了条件",
        "しゅうりょうじょうけん",
        "Armed when the turn player has three units; every other player then has one more turn.",
        "エンドフェイズにターンプレイヤーのユニット置き場が3つとも埋まっていると満たされます。そのあと、ほかのプレイヤーがあと1ターンずつ行って、ゲームが終わります。",
        ("DM-1.4", "DM-1.5", "DM-1.6"),
    ),
    Term(
        "points",
        "darkmoon",
        "points",
        "ポイント",
        "",
        "What you count to win; after a number the counter 点 is the same word (3点 = 3 points).",
        "勝敗を決める数。数字の後では「点」と数えます（3点＝3ポイント）。",
        ("DM-1.2", "DM-3.1", "DM-5"),
    ),
    Term(
        "score",
        "darkmoon",
        "score",
        "得点",
        "とくてん",
        "The counting of points at the end of the game, and the points a card or a unit brings.",
        "ゲームの終わりにポイントを数えること。カードやユニットがもたらすポイントのこと。",
        ("DM-5", "DM-5.5"),
    ),
    Term(
        "bonus",
        "darkmoon",
        "bonus",
        "ボーナス",
        "",
        "The extra points a special card inside a unit scores when its condition holds.",
        "ユニットの中のスペシャルカードが、条件を満たすとくれる追加のポイント。",
        ("DM-5.2",),
    ),
    # ---- Dragon Quest ------------------------------------------------------------------------
    Term(
        "party_card",
        "dragonquest",
        "party card",
        "パーティーカード",
        "",
        "A character or a monster that fights for you; it stays on the field until defeated.",
        "自分のために戦うキャラクターかモンスター。撃破されるまで場に残ります。",
        ("DQ-10.1",),
        avoid=("パーティカード", "party member"),
    ),
    Term(
        "item_card",
        "dragonquest",
        "item card",
        "アイテムカード",
        "",
        "A weapon or armour a character card equips.",
        "キャラクターカードが装備する武器や防具。",
        ("DQ-10.2",),
    ),
    Term(
        "quest_card",
        "dragonquest",
        "quest card",
        "クエストカード",
        "",
        "An event card; at most one a turn; discarded at the end of the turn unless its text keeps it.",
        "1ターンだけのできごとのカード。1ターンに1枚まで使え、ターンの終わりに捨て札になります。",
        ("DQ-10.3", "DQ-6.12"),
    ),
    Term(
        "front_row",
        "dragonquest",
        "front row",
        "前衛",
        "ぜんえい",
        "The row of your field that attacks and is attacked; up to 3 cards.",
        "場のうち、攻撃し、攻撃を受ける列。3枚まで。",
        ("DQ-5.1", "DQ-5.2", "DQ-7.3"),
        avoid=("前列", "front line", "vanguard"),
    ),
    Term(
        "back_row",
        "dragonquest",
        "back row",
        "後衛",
        "こうえい",
        "The row behind the front row: it has 3 places, but it must always hold fewer cards than the front "
        "row, so under the standard formation rule it holds at most 2.",
        "前衛の後ろの列。置き場は3つありますが、いつも前衛より少なくしなければならないので、標準の陣形ルールでは"
        "2枚までです。",
        ("DQ-5.1", "DQ-5.2", "DQ-5.3"),
        avoid=("後列", "rear row", "rear guard"),
    ),
    Term(
        "formation",
        "dragonquest",
        "formation",
        "陣形",
        "じんけい",
        "How your party cards are split between the front row and the back row.",
        "パーティーカードを前衛と後衛にどう分けて置くか。",
        ("DQ-5", "DQ-6.10"),
        avoid=("隊列", "フォーメーション"),
    ),
    Term(
        "formation_maintenance",
        "dragonquest",
        "formation maintenance",
        "陣形維持",
        "じんけいいじ",
        "Moving back-row cards forward until the front row outnumbers the back row again.",
        "前衛が後衛より多くなるまで、後衛のカードを前衛へ移すこと。",
        ("DQ-5.4", "DQ-5.5"),
    ),
    Term(
        "active",
        "dragonquest",
        "active",
        "アクティブ",
        "",
        "Upright: the card may still attack, defend and counterattack, or pay a close cost.",
        "縦向き。攻撃・反撃やクローズコストの支払いにまだ使える状態。",
        ("DQ-4.1",),
        avoid=("スタンド", "untapped"),
        allow=("スタンドアロン",),
    ),
    Term(
        "closed",
        "dragonquest",
        "closed",
        "クローズ",
        "",
        "Turned sideways: the card has acted, or entered above the player level; it cannot act until made active.",
        "横向き。もう行動したカードや、プレイヤーレベルより高くて横向きで出たカード。アクティブに戻るまで行動できません。",
        ("DQ-4.1", "DQ-4.6"),
        avoid=("レスト", "tapped"),
    ),
    Term(
        "confusion",
        "dragonquest",
        "confused",
        "混乱",
        "こんらん",
        "A status ailment shown upside down; at the end of the turn it makes one of its owner's cards take 1 damage.",
        "逆向きで表す状態異常。ターンの終わりに持ち主のカード1枚が1ダメージを受けます。",
        ("DQ-4.1", "DQ-6.14"),
    ),
    Term(
        "poison",
        "dragonquest",
        "poisoned",
        "毒",
        "どく",
        "A status ailment shown by a marker; the card takes 1 damage at the end of each turn.",
        "マーカーで表す状態異常。ターンの終わりごとに1ダメージを受けます。",
        ("DQ-4.2", "DQ-6.14"),
    ),
    Term(
        "ailment",
        "dragonquest",
        "status ailment",
        "状態異常",
        "じょうたいいじょう",
        "Poison or confusion; a card with neither is normal (正常).",
        "毒か混乱のこと。どちらもないカードは正常です。",
        ("DQ-4.2",),
    ),
    Term(
        "level",
        "dragonquest",
        "level",
        "レベル",
        "",
        "The player level (1 + experience ÷ 5) and each card's own level; a card above the player level enters closed.",
        "プレイヤーレベル（1＋経験値÷5）と、カードそれぞれのレベル。プレイヤーレベルより高いカードはクローズで出ます。",
        ("DQ-9.2", "DQ-9.3"),
    ),
    Term(
        "experience",
        "dragonquest",
        "experience",
        "経験値",
        "けいけんち",
        "The sum of the levels of the cards in your opponent's experience box.",
        "相手の経験値ボックスにあるカードのレベルの合計。",
        ("DQ-9.1",),
        avoid=("XP",),
    ),
    Term(
        "experience_box",
        "dragonquest",
        "experience box",
        "経験値ボックス",
        "けいけんちボックス",
        "Where a defeated card goes, on its owner's side; it is not the discard pile.",
        "撃破されたカードが行く、持ち主側の置き場。捨て札とは別です。",
        ("DQ-4.3", "DQ-8.2"),
        avoid=("経験値置き場", "experience pile", "experience zone"),
    ),
    Term(
        "discard_pile",
        "dragonquest",
        "discard pile",
        "捨て札",
        "すてふだ",
        "Where used quests, paid hand costs, damage cards and the wipe-out penalty go.",
        "使ったクエスト、手札コスト、ダメージカード、全滅ペナルティのカードが行く所。",
        ("DQ-4.3", "DQ-4.5"),
        avoid=("捨て山", "捨て札置き場", "捨て札の置き場", "墓地", "トラッシュ", "graveyard", "discard zone"),
    ),
    Term(
        "gp",
        "dragonquest",
        "GP",
        "GP",
        "ゴールドポイント",
        "Gold points: gained in the income phase and for each defeat, paid as GP costs.",
        "ゴールドポイント。収入フェイズと撃破で得て、GPコストとして払います。",
        ("DQ-4.4", "DQ-6.2", "DQ-8.3"),
    ),
    Term(
        "hand_cost",
        "dragonquest",
        "hand cost",
        "手札コスト",
        "てふだコスト",
        "A cost paid by putting cards from your hand on the discard pile.",
        "手札を捨て札にして払うコスト。",
        ("DQ-4.5",),
    ),
    Term(
        "close_cost",
        "dragonquest",
        "close cost",
        "クローズコスト",
        "",
        "A cost paid by closing an active card.",
        "アクティブなカードをクローズして払うコスト。",
        ("DQ-4.6",),
    ),
    Term(
        "recruit",
        "dragonquest",
        "recruit",
        "仲間",
        "なかま",
        "Put a party card from your hand onto the field (the first each turn is free).",
        "手札のパーティーカードを場に出すこと（各ターンの1枚目は無料）。",
        ("DQ-6.5",),
    ),
    Term(
        "cure",
        "dragonquest",
        "treat",
        "治療",
        "ちりょう",
        "Pay GP to remove a card's status ailments.",
        "GPを払ってカードの状態異常を治すこと。",
        ("DQ-6.6",),
    ),
    Term(
        "heal",
        "dragonquest",
        "heal",
        "回復",
        "かいふく",
        "Pay GP to remove all damage from a normal card.",
        "GPを払って正常なカードのダメージをすべて取り除くこと。",
        ("DQ-6.7",),
    ),
    Term(
        "restore",
        "dragonquest",
        "restore",
        "復帰",
        "ふっき",
        "Pay GP to make a closed card active again.",
        "GPを払ってクローズのカードをアクティブに戻すこと。",
        ("DQ-6.8",),
    ),
    Term(
        "equip",
        "dragonquest",
        "equip",
        "装備",
        "そうび",
        "Give an item card to a character card whose equip type matches.",
        "装備タイプの合うキャラクターカードにアイテムカードを持たせること。",
        ("DQ-6.9",),
    ),
    Term(
        "special_effect",
        "dragonquest",
        "special effect",
        "特殊効果",
        "とくしゅこうか",
        "A card's ability, used at its timing (prep, start or action) by paying its costs.",
        "カードの能力。決まったタイミング（準備・開始・行動）にコストを払って使います。",
        ("DQ-6.11", "DQ-10.1"),
    ),
    Term(
        "battle_phase",
        "dragonquest",
        "battle phase",
        "戦闘フェイズ",
        "せんとうフェイズ",
        "The phase of the turn in which the turn player may fight.",
        "ターンプレイヤーが戦闘を行える、ターンのフェイズ。",
        ("DQ-6.13", "DQ-7"),
        avoid=("バトルフェイズ", "combat phase"),
    ),
    Term(
        "attack",
        "dragonquest",
        "attack",
        "攻撃",
        "こうげき",
        "A battle action: an active front-row card fights a card of the opponent's front row.",
        "戦闘行動の1つ。前衛のアクティブなカードが相手の前衛のカードと戦います。",
        ("DQ-7.3",),
    ),
    Term(
        "use_item",
        "dragonquest",
        "Item (battle action)",
        "道具",
        "どうぐ",
        "A battle action: use the effect of an item a character has equipped, instead of attacking.",
        "戦闘行動の1つ。攻撃する代わりに、キャラクターが装備しているアイテムの効果を使います。",
        ("DQ-7.2",),
    ),
    Term(
        "attack_power",
        "dragonquest",
        "attack",
        "攻撃力",
        "こうげきりょく",
        "The damage a card deals in a fight, before modifiers; the board's short label is ATK / 攻撃.",
        "戦うときにカードが与えるダメージ（修正の前）。盤面では短く「攻撃」と書きます。",
        ("DQ-7.8", "DQ-10.1"),
    ),
    Term(
        "defending_card",
        "dragonquest",
        "defending card",
        "防御カード",
        "ぼうぎょカード",
        "The card that faces the attack: chosen by the defender, or by the attacker if the defender does not.",
        "攻撃を受けるカード。防御側が選び、選ばなければ攻撃側が選びます。",
        ("DQ-7.4", "DQ-7.5"),
        avoid=("ブロッカー", "ブロックする", "ブロックしない", "ブロックした"),
    ),
    Term(
        "counterattack",
        "dragonquest",
        "counterattack",
        "反撃",
        "はんげき",
        "An active defending card hits back; it closes. Without it the defending card deals no damage.",
        "アクティブな防御カードがやり返すこと。そのカードはクローズします。反撃しなければダメージを与えません。",
        ("DQ-7.7",),
        avoid=("カウンターアタック", "カウンター攻撃", "counter-attack"),
    ),
    Term(
        "speed",
        "dragonquest",
        "speed",
        "素早さ",
        "すばやさ",
        "Decides which card deals its damage first; equal speeds hit at the same time.",
        "どちらのカードが先にダメージを与えるかを決める値。同じなら同時です。",
        ("DQ-7.8",),
        avoid=("スピード", "agility"),
    ),
    Term(
        "first_strike",
        "dragonquest",
        "first strike",
        "先制",
        "せんせい",
        "The faster card's blow; if it defeats the other card, the faster card takes no damage.",
        "素早さの高いカードの先の一撃。それで相手を撃破すれば、自分はダメージを受けません。",
        ("DQ-7.8",),
    ),
    Term(
        "judgment_step",
        "dragonquest",
        "judgment step",
        "判定ステップ",
        "はんていステップ",
        "The combat step where the damage of an attack (or an effect) is worked out.",
        "攻撃（や効果）のダメージを決める戦闘のステップ。",
        ("DQ-7.8",),
    ),
    Term(
        "damage",
        "dragonquest",
        "damage",
        "ダメージ",
        "",
        "Paid from your own deck: one card face down onto the card per point of damage.",
        "受けたダメージは自分のデッキで払います。1ダメージにつき1枚を、裏向きでそのカードの上に置きます。",
        ("DQ-8.1",),
    ),
    Term(
        "damage_card",
        "dragonquest",
        "damage card",
        "ダメージカード",
        "",
        "A face-down card lying on a party card, counting one damage.",
        "パーティーカードの上に裏向きで置かれた、1ダメージを表すカード。",
        ("DQ-8.1", "DQ-8.2"),
    ),
    Term(
        "hp",
        "dragonquest",
        "HP",
        "HP",
        "ヒットポイント",
        "Hit points: a card with at least this much damage is defeated.",
        "ヒットポイント。受けたダメージがこの数に達したカードは撃破されます。",
        ("DQ-7.8", "DQ-10.1"),
    ),
    Term(
        "defeat",
        "dragonquest",
        "defeated",
        "撃破",
        "げきは",
        "A card whose damage reaches its HP goes to its owner's experience box; the opponent gains GP.",
        "ダメージがHPに達したカードは持ち主の経験値ボックスへ行き、相手がGPを得ます。",
        ("DQ-8.2", "DQ-8.3"),
    ),
    Term(
        "wipe_out",
        "dragonquest",
        "wipe-out penalty",
        "全滅ペナルティ",
        "ぜんめつペナルティ",
        "At the end of a turn, a player with no party card on the field discards the top 5 cards of their deck.",
        "ターンの終わりに場にパーティーカードがないプレイヤーは、デッキの上から5枚を捨て札にします。",
        ("DQ-6.14",),
        avoid=("wipeout",),
    ),
    Term(
        "deck_out",
        "dragonquest",
        "deck-out",
        "デッキ切れ",
        "デッキぎれ",
        "Having to take a card from an empty deck: that player loses (the deck is the life).",
        "空のデッキからカードを取らなければならないこと。そのプレイヤーの負けです（デッキがライフ）。",
        ("DQ-1.2",),
        avoid=("山札切れ",),
    ),
)


def _check(table: tuple[Term, ...]) -> dict[str, Term]:
    out: dict[str, Term] = {}
    for t in table:
        if t.key in out:
            raise GlossaryError(f"glossary: the key {t.key!r} is defined twice")
        out[t.key] = t
    return out


#: every term, by key, in the order of the table (both games, then DARK MOON, then Dragon Quest)
GLOSSARY: Mapping[str, Term] = _check(_TERMS)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise GlossaryError(f"glossary: unknown language {lang!r}; the languages are {', '.join(LANGS)}")
    return lang


def term(key: str, lang: str) -> str:
    """The term ``key`` as the texts write it in ``lang`` (``term("front_row", "ja") == "前衛"``)."""
    _lang(lang)
    if not isinstance(key, str):
        raise UnknownTermError(f"glossary: a term's key is a string such as 'front_row', not {key!r:.40}")
    if key not in GLOSSARY:
        by_word = {w: t.key for t in _TERMS for w in (t.key, t.en, t.ja, t.key.replace("_", ""))}
        near = sorted({by_word[w] for w in difflib.get_close_matches(key, list(by_word), n=3, cutoff=0.6)})
        hint = f"; did you mean {', '.join(repr(k) for k in near)}?" if near else ""
        raise UnknownTermError(f"glossary: no term {key!r}{hint} (keys: tcgteach.glossary.GLOSSARY)")
    return GLOSSARY[key].text(lang)


def terms(game: str | None = None) -> list[Term]:
    """The terms of ``game`` (its own and those of ``"both"``), or every term when ``game`` is None."""
    if game is None:
        return list(GLOSSARY.values())
    if not isinstance(game, str) or game not in ("darkmoon", "dragonquest"):
        raise GlossaryError(f"glossary: unknown game {game!r}; the games are 'darkmoon' and 'dragonquest'")
    return [t for t in GLOSSARY.values() if t.game in (game, "both")]


class GlossaryTable(str):
    """An HTML table (a ``str``) that a notebook displays as a table."""

    def _repr_html_(self) -> str:
        return str(self)


_HEAD = {
    "en": ("Term", "Japanese", "Reading", "Meaning", "Rule"),
    "ja": ("用語", "英語", "読み", "意味", "ルール"),
}

_CELL = "padding:3px 8px;border-bottom:1px solid #d8dde1;vertical-align:top;text-align:left"
_NOWRAP = ";white-space:nowrap"


def table_html(game: str | None, lang: str) -> GlossaryTable:
    """The glossary of ``game`` (its own terms and the shared ones; None: every term) as an HTML table
    for a notebook, in ``lang``: the term, the other language's term, the reading, the meaning and the
    rules of that game that define it."""
    _lang(lang)
    terms(game)  # an unknown game is a GlossaryError here, before any row
    other = "en" if lang == "ja" else "ja"
    prefix = {"darkmoon": "DM-", "dragonquest": "DQ-"}.get(game or "", "")
    esc = html.escape
    rows = []
    for t in terms(game):
        own = [r for r in t.rules if game is None or r.startswith(prefix)]
        rules = ("、" if lang == "ja" else ", ").join(f"<span style='white-space:nowrap'>{esc(r)}</span>" for r in own)
        cells = (f"<b>{esc(t.text(lang))}</b>", esc(t.text(other)), esc(t.reading), esc(t.meaning(lang)), rules)
        rows.append(
            "<tr>"
            + "".join(f"<td style='{_CELL}{_NOWRAP if i < 3 else ''}'>{c}</td>" for i, c in enumerate(cells))
            + "</tr>"
        )
    head = "".join(f"<th style='{_CELL};background:#eceff1'>{h}</th>" for h in _HEAD[lang])
    return GlossaryTable(
        "<table class='tcg-glossary' style='border-collapse:collapse;font-size:13px;line-height:1.45'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _pattern(variant: str) -> re.Pattern[str]:
    if _JAPANESE.search(variant):
        return re.compile(re.escape(variant))
    return re.compile(r"(?<![\w-])" + re.escape(variant) + r"(?![\w-])", re.IGNORECASE)


_PATTERNS: dict[str, re.Pattern[str]] = {v: _pattern(v) for t in _TERMS for v in t.avoid}


def find_inconsistencies(text: str, lang: str, *, source: str = "") -> list[Inconsistency]:
    """Every avoided variant of a glossary term in ``text`` (a ``lang`` text), in text order.

    A hit names the variant, the term to use instead (in ``lang``), where it is (``source:line:col``)
    and a few characters around it. The ``allow`` phrases of a term are blanked out first.
    """
    _lang(lang)
    if not isinstance(text, str) or not isinstance(source, str):
        raise GlossaryError(
            f"glossary: text and source must be strings, not {type(text).__name__}, {type(source).__name__}"
        )
    hits: list[tuple[int, Inconsistency]] = []
    for t in _TERMS:
        variants = t.avoided(lang)
        if not variants:
            continue
        masked = text
        for phrase in t.allow:
            masked = masked.replace(phrase, "\0" * len(phrase))
        for v in variants:
            for m in _PATTERNS[v].finditer(masked):
                line = text.count("\n", 0, m.start()) + 1
                col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
                ctx = text[max(0, m.start() - 20) : m.end() + 20].replace("\n", " ")
                where = f"{source}:{line}:{col}" if source else f"{line}:{col}"
                hits.append((m.start(), Inconsistency(m.group(0), t.key, t.text(lang), where, ctx)))
    hits.sort(key=lambda h: h[0])
    return [h for _, h in hits]
