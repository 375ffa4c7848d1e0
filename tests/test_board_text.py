"""Card text on the table (issue 12 item 1) and counts that agree with their nouns (item 8).

Every visible card on a board shows its numbers, its effect, a special's points and an item's
modifiers in words, in the chosen language; hidden cards show nothing; identical cards carry a
copy mark that the action buttons repeat; an effect button says what the effect does; and every
English count agrees with its noun while Japanese counters stay glued to the number.
"""

from __future__ import annotations

import random
import re
from html import escape
from typing import Any

import pytest

from tcgteach.core.events import Event
from tcgteach.darkmoon.game import DarkMoon
from tcgteach.darkmoon.rules import actions as DA
from tcgteach.darkmoon.rules.ids import Ev as DEv
from tcgteach.darkmoon.teaching import cardtext as dmtext
from tcgteach.darkmoon.teaching.text import describe_action as dm_describe_action
from tcgteach.darkmoon.teaching.text import describe_event as dm_describe_event
from tcgteach.dragonquest.game import DragonQuest
from tcgteach.dragonquest.rules import actions as QA
from tcgteach.dragonquest.rules.ids import Ev as QEv
from tcgteach.dragonquest.teaching import cardtext as dqtext
from tcgteach.dragonquest.teaching.text import describe_action as dq_describe_action
from tcgteach.dragonquest.teaching.text import describe_event as dq_describe_event
from tcgteach.viz.board import board_html

LANGS = ("en", "ja")


def _chunk(html: str, c: int) -> str:
    """The HTML of the card ``c`` on a board: from its ``data-card`` to the next card's."""
    start = html.index(f'data-card="{c}"')
    nxt = html.find("data-card=", start + 10)
    return html[start : nxt if nxt >= 0 else len(html)]


def _dm_midgame(seed: int = 3, steps: int = 40) -> Any:
    state = DarkMoon().new_state(seed=seed)
    rng = random.Random(1)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _dq_position() -> Any:
    return DragonQuest().position(
        {
            "turn_player": 0,
            "node": "prep",
            "players": [
                {
                    "front": [
                        {"card": "H05", "state": "active", "damage": 1, "item": None},
                        {"card": "H15", "state": "closed", "damage": 2, "item": "I05"},
                        {"card": "H01", "state": "active", "item": "I01"},
                    ],
                    "back": [{"card": "H01", "state": "confused", "poisoned": True}],
                    "hand": ["H01", "H04", "I06", "Q09", "M08"],
                    "quest": ["Q10"],
                    "gp": 3,
                    "deck": {"fill": "heroes"},
                },
                {
                    "front": [
                        "M01",
                        {"card": "M02", "state": "closed", "poisoned": True},
                        {"card": "M20", "damage": 3},
                    ],
                    "back": ["M01"],
                    "deck": {"fill": "beasts"},
                },
            ],
        }
    )


# -- DARK MOON ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_darkmoon_board_shows_every_visible_cards_text(lang: str) -> None:
    state = _dm_midgame()
    html = board_html(state, lang=lang)
    shown = 0
    for p in range(state.num_players):
        cards = list(state.hand(p)) + list(state.field(p)) + [c for u in state.units(p) for c in u]
        for c in cards:
            card = state.card(c)
            chunk = _chunk(html, c)
            if card.is_character:
                assert f"#{card.number}" in chunk  # its game number
            for line in dmtext.card_lines(card, lang):
                assert escape(line) in chunk, (c, line)
                shown += 1
            if card.points is not None:
                assert escape(dmtext.points_line(card, lang)) in chunk
    assert shown > 0
    jp = "プレイ時：" in html
    assert jp == (lang == "ja")


def test_darkmoon_special_in_a_unit_says_what_it_scores_now() -> None:
    for seed in range(60):
        state = _dm_midgame(seed=seed, steps=120)
        for p in range(state.num_players):
            for unit in state.units(p):
                for c in unit:
                    if state.card(c).points is not None:
                        for lang, word in (("en", "bonus now:"), ("ja", "今のボーナス：")):
                            assert escape(word) in _chunk(board_html(state, lang=lang), c)
                        return
    pytest.skip("no seed put a special with points into a unit")


@pytest.mark.parametrize("lang", LANGS)
def test_darkmoon_hidden_hand_shows_no_card_text(lang: str) -> None:
    state = _dm_midgame()
    html = board_html(state, lang=lang, perspective=0)
    section = html[html.index('data-player="1"') :]
    hand = section[: section.index("tcg-field")]
    assert "tcg-fx" not in hand and "data-card" not in hand
    for c in state.hand(1):
        for line in dmtext.card_lines(state.card(c), lang):
            assert escape(line) not in hand


def _dm_twins() -> tuple[Any, int, int]:
    """A state whose hands hold two copies of one card."""
    for seed in range(80):
        state = DarkMoon().new_state(seed=seed)
        seen: dict[str, int] = {}
        for p in range(state.num_players):
            for c in state.hand(p):
                cid = state.card(c).id
                if cid in seen:
                    return state, seen[cid], c
                seen[cid] = c
    raise AssertionError("no seed dealt two copies of a card")


@pytest.mark.parametrize("lang", LANGS)
def test_darkmoon_identical_cards_get_distinct_marks_in_board_and_buttons(lang: str) -> None:
    state, a, b = _dm_twins()
    ma, mb = dmtext.copy_mark(state, a), dmtext.copy_mark(state, b)
    assert ma and mb and ma != mb
    html = board_html(state, lang=lang)
    assert ma in _chunk(html, a) and mb in _chunk(html, b)
    ta = dm_describe_action(state, DA.Play(a), lang)
    tb = dm_describe_action(state, DA.Play(b), lang)
    assert ta != tb and ma in ta and mb in tb


@pytest.mark.parametrize("lang", LANGS)
def test_darkmoon_play_button_says_what_the_effect_does(lang: str) -> None:
    state = DarkMoon().new_state(seed=0)
    c = next(k for k, card in enumerate(state.inst.cards) if card.effect and card.effect["op"] == "draw")
    text = dm_describe_action(state, DA.Play(c), lang)
    effect = state.card(c).effect
    assert effect is not None
    n = effect["n"]
    assert (f"カードを{n}枚引く" if lang == "ja" else f"draw {n} card") in text


# -- Dragon Quest ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_dragonquest_board_shows_stats_effects_items_and_states(lang: str) -> None:
    state = _dq_position()
    html = board_html(state, lang=lang)
    ja = lang == "ja"
    for p in (0, 1):
        for c in list(state.front(p)) + list(state.back(p)):
            card = state.card(c)
            chunk = _chunk(html, c)
            for key, label in (("attack", ("ATK", "攻撃")), ("hp", ("HP", "HP")), ("speed", ("SPD", "素早さ"))):
                assert f"{label[ja]} <b>{state.modifiers(c, key)['total']}</b>" in chunk
            for line in dqtext.card_lines(card, lang):
                assert escape(line) in chunk, (c, line)
            item = state.item_of(c)
            if item is not None:
                icard = state.card(item)
                assert escape(icard.label(lang)) in chunk and escape(dqtext.modifiers(icard, lang)) in chunk
                if icard.use is not None:
                    assert escape(dqtext.effect_line(icard.use, lang)) in chunk
        for c in list(state.hand(p)) + list(state.quests(p)):
            chunk = _chunk(html, c)
            for line in dqtext.card_lines(state.card(c), lang):
                assert escape(line) in chunk, (c, line)
    # the states in words, and a sample of the generated words themselves
    for word in (("closed", "クローズ"), ("confused", "混乱"), ("poisoned", "毒"), ("dmg 2/", "ダメージ 2/")):
        assert word[ja] in html
    if ja:
        assert "[開始] このカードをクローズ：相手のパーティーカード1枚に1ダメージを与える" in html
        assert "装備タイプ：剣" in html and "攻撃+1・素早さ+1" in html
    else:
        assert "[Start] close this card: 1 damage to an opponent&#x27;s party card" in html
        assert "equip type: sword" in html and "ATK +1 · SPD +1" in html


@pytest.mark.parametrize("lang", LANGS)
def test_dragonquest_hidden_hand_shows_no_card_text(lang: str) -> None:
    state = _dq_position()
    html = board_html(state, lang=lang, perspective=1)
    section = html[html.index('data-player="0"') :]
    start = section.index('<div class="dq-zone dq-hand">')
    hand = section[start : section.index("</div>", start)]  # a hidden hand holds no <div>
    assert "dq-hidden" in hand and "dq-fx" not in hand and "data-card" not in hand
    for c in state.hand(0):
        assert escape(state.card(c).label(lang)) not in hand


@pytest.mark.parametrize("lang", LANGS)
def test_dragonquest_identical_cards_get_distinct_marks_in_board_and_buttons(lang: str) -> None:
    state = _dq_position()
    twins = [c for c in list(state.front(0)) + list(state.back(0)) + list(state.hand(0)) if state.card(c).id == "H01"]
    assert len(twins) == 3
    marks = [dqtext.copy_mark(state, c) for c in twins]
    assert all(marks) and len(set(marks)) == 3
    html = board_html(state, lang=lang)
    for c, m in zip(twins, marks, strict=True):
        assert m in _chunk(html, c)
    a, b = twins[0], twins[1]  # two on the field: the same button for each differs by the mark
    ta, tb = (dq_describe_action(state, QA.Treat(c), lang) for c in (a, b))
    assert ta != tb and marks[0] in ta and marks[1] in tb
    recruit = [a for a in state.legal_actions() if isinstance(a, QA.Recruit) and a.card == twins[2]]
    assert recruit and marks[2] in dq_describe_action(state, recruit[0], lang)


def test_dragonquest_effect_buttons_say_what_the_effect_does() -> None:
    state = _dq_position()
    archer = next(c for c in state.front(0) if state.card(c).id == "H05")
    assert dq_describe_action(state, QA.Use(archer, 0), "en") == (
        f"Use Village Archer {dqtext.copy_mark(state, archer)}'s effect: 1 damage to an opponent's party card "
        "(close this card)"
    )
    ja = dq_describe_action(state, QA.Use(archer, 0), "ja")
    assert ja.endswith("の効果：相手のパーティーカード1枚に1ダメージを与える（このカードをクローズ）")
    sage = next(c for c in state.front(0) if state.card(c).id == "H15")
    assert "draw 1 card" in dq_describe_action(state, QA.Use(sage, 1), "en")
    assert "discard 1 card" in dq_describe_action(state, QA.Use(sage, 0), "en")
    staff = state.item_of(sage)
    assert staff is not None
    assert dq_describe_action(state, QA.UseItem(staff), "en").endswith("2 damage to an opponent's front-row card")
    quest = next(c for c in state.hand(0) if state.card(c).id == "Q09")
    assert dq_describe_action(state, QA.Quest(quest), "ja").endswith("：1GPを得る（手札を1枚捨てる）")
    # two ops on one card: the second names it again
    wraith = next(c for c in state.front(1) if state.card(c).id == "M20")
    assert "1 damage to an opponent's front-row card, then poison it" in dq_describe_action(
        state, QA.Use(wraith, 0), "en"
    )
    assert "相手の前衛のカード1枚に1ダメージを与え、そのカードを毒にする" in dq_describe_action(
        state, QA.Use(wraith, 0), "ja"
    )


def test_every_card_with_an_effect_gets_a_generated_line() -> None:
    dq = _dq_position()
    for card in {c.id: c for c in dq.inst.cards}.values():
        for lang in LANGS:
            lines = dqtext.card_lines(card, lang)
            if card.effects or card.use or card.equip:
                assert lines and all(lines)
    dm = DarkMoon().new_state(seed=0)
    for card in {c.id: c for c in dm.inst.cards}.values():
        for lang in LANGS:
            assert bool(dmtext.card_lines(card, lang)) == bool(card.effect or card.points)


# -- item 8: counts agree with their nouns ---------------------------------------------------------
_BAD_EN = re.compile(
    r"\b1 (cards|actions|points|levels|damage cards)\b|\b(0|2) (card|action|point|level|damage card)\b"
)
_BAD_JA = re.compile(r"\d[ \u3000](枚|点|回|つ)")


def _check(text: str, lang: str, n: int) -> None:
    assert "(s)" not in text, text
    if lang == "en":
        assert not _BAD_EN.search(text), text
    else:
        assert not _BAD_JA.search(text), text
        assert not re.search(r"\b(card|cards|point|points)\b", text), text


def _dm_events(n: int) -> list[Event]:
    return [
        Event(DEv.UNIT_CREATED, "DM-4.6", 0, {"slot": 1, "cards": list(range(n)), "action": 1}),
        Event(DEv.END_MAIN, "DM-4.7", 0, {"used": n}),
    ]


def _dq_events(n: int) -> list[Event]:
    cards = list(range(n))
    return [
        Event(QEv.DRAW, "DQ-6.3", 0, {"n": n, "cards": cards}),
        Event(QEv.DRAW, "DQ-6.3", 0, {"n": n + 1, "cards": cards}),  # a short draw
        Event(QEv.EFFECT_DRAW, "DQ-10.1", 0, {"n": n, "cards": cards}),
        Event(QEv.HEAL, "DQ-6.7", 0, {"card": 0, "cost": 1, "removed": n}),
        Event(QEv.DAMAGE, "DQ-8.1", 0, {"card": 0, "n": n, "taken": n, "total": n, "hp": 5}),
        Event(QEv.DEFEAT, "DQ-8.2", 0, {"card": 0, "damage_cards": n, "item": None}),
        Event(QEv.WIPE_OUT, "DQ-6.14", 0, {"n": n}),
        Event(QEv.USE, "DQ-6.11", 0, {"card": 0, "effect": 0, "close": False, "hand": n}),
        Event(QEv.GAIN_GP, "DQ-10.1", 0, {"n": n}),
    ]


@pytest.mark.parametrize("n", (0, 1, 2))
@pytest.mark.parametrize("lang", LANGS)
def test_event_counts_agree_with_their_nouns(n: int, lang: str) -> None:
    dm = DarkMoon().new_state(seed=0)
    dq = _dq_position()
    texts = [dm_describe_event(dm, ev, lang) for ev in _dm_events(n)]
    texts += [dq_describe_event(dq, ev, lang) for ev in _dq_events(n)]
    for text in texts:
        assert "{" not in text and "}" not in text, text  # a sentence, not the fallback's raw data
        _check(text, lang, n)
    if lang == "en":
        one = {1: "1 card", 0: "0 cards", 2: "2 cards"}[n]
        assert f"from {one} " in texts[0]
        assert texts[1].endswith(f"after {n} action{'s' if n != 1 else ''}.")
        assert f"draws {one}:" in texts[2]
        assert f"puts {one} from the deck" in texts[6]
        assert f"{n} damage card{'s' if n != 1 else ''} {'goes' if n == 1 else 'go'} to" in texts[5]
    else:
        assert f"{n}枚でユニット" in texts[0]
        assert f"{n}枚引く" in texts[2]
        assert f"ダメージカード{n}枚" in texts[7]


@pytest.mark.parametrize("n", (0, 1, 2))
def test_board_counts_agree(n: int) -> None:
    from tcgteach.darkmoon.teaching.board import _t as dm_t

    en = dm_t("points", "en", t=n, t_points=dmtext.plural(n, "point"), u=0, b=0, s=0)
    assert en.startswith(f"{n} point{'s' if n != 1 else ''} now")
    assert dm_t("points", "ja", t=n, t_points="", u=0, b=0, s=0).startswith(f"現在 {n}点")
    assert dm_t("deck", "ja", n=n) == f"デッキ{n}枚"
    assert dqtext.plural(n, "card") == f"{n} card{'s' if n != 1 else ''}"
    state = _dq_position()
    assert f"Draw {dqtext.plural(n, 'card')}" == dq_describe_action(state, QA.Draw(n), "en")


# -- issue 21: the field by number, the experience box and the ending in words ----------------------
@pytest.mark.parametrize("lang", LANGS)
def test_darkmoon_field_is_grouped_by_printed_number(lang: str) -> None:
    """DM-4.4: a reveal matches the numbers on the field, so the board groups the field by number, lowest
    first, each group saying how many cards show it; specials (no number) last."""
    state = _dm_midgame(seed=3, steps=200)
    html = board_html(state, lang=lang)
    for p in range(state.num_players):
        field = list(state.field(p))
        if not field:
            continue
        start = html.index('<section class="tcg-player', html.index(f'data-player="{p}"') - 60)
        part = html[html.index("tcg-field", start) : html.index("tcg-units", start)]
        groups = re.findall(r'<div class="tcg-group" data-number="(\d*)" data-count="(\d+)">(.*?)</div>', part)
        numbers = [int(k) for k, _n, _inner in groups if k]
        assert numbers == sorted(set(numbers)), f"P{p + 1}: groups {numbers} not one per number, lowest first"
        if any(not k for k, _n, _inner in groups):
            assert not groups[-1][0], "the specials' group is not last"
        for k, n, inner in groups:
            cards = [int(c) for c in re.findall(r'data-card="(\d+)"', inner)]
            assert len(cards) == int(n)
            for c in cards:
                card = state.card(c)
                assert (str(card.number) if card.is_character else "") == k
            head = (f"ナンバー{k} × {n}枚" if k else f"★ スペシャル × {n}枚") if lang == "ja" else None
            if head is None:
                head = f"No. {k} × {n}" if k else f"★ specials × {n}"
            assert head in inner
        assert sorted(int(c) for c in re.findall(r'data-card="(\d+)"', part)) == sorted(field)


@pytest.mark.parametrize("lang", LANGS)
def test_dragonquest_experience_box_reads_empty_or_its_sum(lang: str) -> None:
    """DQ-9.1: the empty box says so in a word (not "(0): — = 0 levels"); a full one sums its levels."""
    state = _dq_position()
    html = board_html(state, lang=lang)
    empty = "経験値ボックス：</span> なし" if lang == "ja" else "Experience box:</span> empty"
    assert html.count(empty) == 2 and "= 0 level" not in html and "レベル計0" not in html
    dq = DragonQuest()
    pos = dq.position(
        {
            "turn_player": 0,
            "node": "prep",
            "players": [
                {"front": ["H05"], "exp": ["M01", "M09"], "deck": {"fill": "heroes"}},
                {"front": ["M01"], "deck": {"fill": "beasts"}},
            ],
        }
    )
    html = board_html(pos, lang=lang)
    total = sum(pos.card(c).level for c in pos.exp_box(0))
    words = f"＝レベル計{total} → P2の経験値" if lang == "ja" else f"= {total} levels → P2&#x27;s experience"
    assert words in html and ("（2枚）" if lang == "ja" else "(2)") in html


@pytest.mark.parametrize("lang", LANGS)
def test_dragonquest_ending_labels_the_numbers_as_cards_left_in_deck(lang: str) -> None:
    """DQ-1.2: the game ends when a deck runs out; the ending says who won and that the numbers are the
    cards left in each deck (not a bare "P1: 0 / P2: 27")."""
    from tcgteach.agents import RandomAgent
    from tcgteach.session import Session

    state = DragonQuest(options={"turn_limit": 200}).new_state(seed=5)
    session = Session(state, [RandomAgent(0), RandomAgent(1)])
    while not state.is_terminal():
        session.step()
    res = state.result()
    assert res is not None
    html = board_html(state, lang=lang)
    status = html[html.index('<div class="dq-status"') : html.index('<section class="dq-player')]
    left = [len(state.deck(p)) for p in (0, 1)]
    if lang == "ja":
        assert f"デッキの残り枚数：P1 {left[0]}枚・P2 {left[1]}枚" in status
        assert (f"P{res.winners[0] + 1}の勝ち" if len(res.winners) == 1 else "引き分け") in status
    else:
        assert f"cards left in deck: P1 {left[0]} · P2 {left[1]}" in status
        assert (f"P{res.winners[0] + 1} wins" if len(res.winners) == 1 else "a tie") in status
    assert " / P2: " not in status


def test_darkmoon_ending_says_final_score_not_now() -> None:
    state = _dm_midgame(seed=3, steps=5000)
    assert state.is_terminal()
    en, ja = board_html(state, lang="en"), board_html(state, lang="ja")
    assert "points now" not in en and "final score" in en
    assert "現在" not in ja and "最終" in ja


@pytest.mark.parametrize("restricted", [True, False])
def test_DM_4_3_the_board_names_the_first_turn_limit_only_while_it_applies(restricted: bool) -> None:
    """With ``first_turn_restriction=False`` the first turn has two actions and the board says nothing of one."""
    game = DarkMoon({"first_turn_restriction": restricted})
    s = game.new_state(seed=1, first_player=0)
    en, ja = board_html(s, lang="en"), board_html(s, lang="ja")
    assert ("first turn: 1 action only (DM-4.3)" in en) is restricted
    assert ("先攻1ターン目：行動は1回のみ（DM-4.3）" in ja) is restricted
    assert f"0/{1 if restricted else 2}" in en


def test_darkmoon_draw_if_field_has_says_another_only_for_a_card_of_that_name() -> None:
    """Noa's Star Diary (S05, a special) asks for any Heli on your field, not 'another' one (issue 25); the
    event says what its card text says, in both languages."""
    state = DarkMoon().new_state(seed=1, decks=["spotlight", "spotlight"], first_player=0)
    diary = next(c for c in range(len(state.inst.charname)) if state.card(c).id == "S05")
    for met in (True, False):
        ev = Event(DEv.EFFECT, "DM-6.1", 0, {"card": diary, "op": "draw_if_field_has", "name": "Heli", "met": met})
        en, ja = dm_describe_event(state, ev, "en"), dm_describe_event(state, ev, "ja")
        assert f"is a Heli on your field? {'yes: draw' if met else 'no'}" in en and "another" not in en
        assert "自分の場にヘリがいるか" in ja and "他の" not in ja
    assert any("if your field has a Heli" in line for line in dmtext.card_lines(state.card(diary), "en"))


def test_dragonquest_a_short_draw_says_how_many_were_to_be_drawn_not_must() -> None:
    """A draw phase's count is the player's own choice (DQ-6.3): a draw the deck cannot pay says what was to be
    drawn and what the deck held, not that the player had to draw that many (issue 25)."""
    state = _dq_position()
    card = state.hand(0)[0]
    ev = Event(QEv.DRAW, "DQ-6.3", 1, {"n": 4, "cards": [card]})
    en, ja = dq_describe_event(state, ev, "en"), dq_describe_event(state, ev, "ja")
    assert "P2 is to draw 4 cards, but the deck holds only 1" in en and "must" not in en
    assert "P2は4枚引こうとするが、デッキには1枚しかない" in ja


@pytest.mark.parametrize("formation", ["strict", "at_least"])
def test_DQ_5_3_the_back_row_shows_its_three_places_and_the_rules_limit(formation: str) -> None:
    """3 places in the back row (DQ-5.1), but under the default formation (strict) at most 2 cards: the board
    and the glossary say both (issue 25)."""
    from tcgteach.glossary import GLOSSARY

    state = DragonQuest({"formation": formation}).new_state(seed=1)
    en, ja = board_html(state, lang="en"), board_html(state, lang="ja")
    assert "0/3" in en and "0/3" in ja
    assert ("max 2" in en and "最大2枚" in ja) is (formation == "strict")
    back = GLOSSARY["back_row"]
    assert "at most 2" in back.meaning_en and "3 places" in back.meaning_en
    assert "2枚まで" in back.meaning_ja and "置き場は3つ" in back.meaning_ja


def test_the_result_line_says_what_its_numbers_count() -> None:
    """Points in DARK MOON, cards left in the deck in Dragon Quest, in both languages (issue 25: the numbers were
    unlabelled); a record's result line keeps the unlabelled form that older records carry."""
    from tcgteach.core.outcome import Outcome
    from tcgteach.darkmoon.rules.scoring import MEASURE as DM_MEASURE
    from tcgteach.dragonquest.rules.state import MEASURE as DQ_MEASURE
    from tcgteach.texts import outcome_text

    dm = Outcome((0,), (23, 10), "DM-1.5", measure=DM_MEASURE)
    dq = Outcome((1,), (0, 27), "DQ-1.2", measure=DQ_MEASURE)
    assert outcome_text(dm, "en") == "P1 wins (points: P1 23 / P2 10; DM-1.5)"
    assert outcome_text(dm, "ja") == "P1 の勝ち（得点：P1 23 / P2 10、DM-1.5）"
    assert outcome_text(dq, "en") == "P2 wins (cards left in deck: P1 0 / P2 27; DQ-1.2)"
    assert outcome_text(dq, "ja") == "P2 の勝ち（デッキの残り枚数：P1 0 / P2 27、DQ-1.2）"
    assert outcome_text(dq, "en", labelled=False) == "P2 wins (P1: 0 / P2: 27; DQ-1.2)"
    assert dq == Outcome((1,), (0, 27), "DQ-1.2")  # the words are not part of the value
