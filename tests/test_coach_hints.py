"""Hints that teach (issue 13 item 2): the coach's hint names the action, why in game terms with the rule it
rests on, and how sure it is in plain words; when every option wins or loses it says so instead of
quoting percentages. Teaching positions of both games, each checked in English and Japanese."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any, cast

import pytest

import tcgteach
from tcgteach import TcgError
from tcgteach.agents.coach import CONFIDENCE, CoachAgent, verdict
from tcgteach.core.determinize import determinize
from tcgteach.core.game import Reason
from tcgteach.core.state import State
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as QA
from tcgteach.dragonquest.rules.state import DragonQuestState

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

#: the registered games that declare a coach (``Game.capabilities``)
COACHED = gamecases.with_capability("coach")

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import dm_positions as P
else:
    try:  # tests/ may become a package
        from . import dm_positions as P
    except ImportError:
        import dm_positions as P

ITER = 150


def coach() -> CoachAgent:
    return CoachAgent(seed=1, time_budget=None, iterations=ITER)


def reasons(state: State, action_text: str, lang: str) -> list[Reason]:
    view = state.view(state.current_player)
    return state.game.explain_choice(view, state.game.parse_action(action_text), lang)


def rules_of(rs: list[Reason]) -> list[str]:
    return [r.rule for r in rs]


# -- Dragon Quest teaching positions ---------------------------------------------------------------------
DQ = cast(DragonQuest, tcgteach.game("dragonquest", {"turn_limit": 200}))


def dq(
    me_front: list[Any], opp_front: list[Any], *, me_deck: int | None = None, opp_deck: int | None = None
) -> DragonQuestState:
    def deck(spec: int | None, fill: str) -> dict[str, Any]:
        if spec is None:
            return {"deck": {"fill": fill}}
        n = spec
        cards = list(DQ.starter_deck(fill).cards)
        return {"deck": cards[:n], "discard": cards[n : 50 - len(opp_front if fill == "heroes" else me_front)]}

    me = {"front": me_front} | deck(me_deck, "beasts")
    opp = {"front": opp_front} | deck(opp_deck, "heroes")
    return DQ.position({"turn_player": 0, "node": "combat.action", "players": [me, opp]})


def first_strike() -> DragonQuestState:
    """Horned Boar (speed 3, attack 3) against an active Moss Slime (speed 2, HP 2); Pebble Crab is slow."""
    return dq(
        [{"card": "M09", "state": "active"}, {"card": "M05", "state": "active"}], [{"card": "M01", "state": "active"}]
    )


def test_DQ_7_8_the_hint_says_the_faster_attacker_defeats_the_defender_before_it_strikes_back() -> None:
    s = first_strike()
    boar = next(a for a in s.legal_actions() if isinstance(a, QA.Attack) and s.card(a.card).id == "M09")
    for lang in ("en", "ja"):
        h = coach().hint(s.view(0), lang)
        assert h.action == boar
        assert h.reasons[0].rule == "DQ-7.8" and "DQ-7.8" in h.rules
        assert "DQ-7.8" in h.text and "DQ-1.2" in h.text
    en = coach().hint(s.view(0), "en")
    assert "is faster (speed 3 against 2)" in en.text and "before it can strike back" in en.text
    ja = coach().hint(s.view(0), "ja")
    assert "素早さ3対2" in ja.text and "先制" in ja.text and "反撃できません" in ja.text
    assert ja.text.startswith("おすすめ：ツノイノシシ")


def test_DQ_7_7_a_closed_defender_cannot_strike_back() -> None:
    s = dq([{"card": "M09", "state": "active"}], [{"card": "M01", "state": "closed"}])
    boar = s.legal_actions()[0]
    en, ja = reasons(s, str(boar), "en"), reasons(s, str(boar), "ja")
    assert rules_of(en)[:2] == ["DQ-7.7", "DQ-1.2"] == rules_of(ja)[:2]
    assert "is not active, so it cannot strike back" in en[0].text and "defeats it" in en[0].text
    assert "アクティブではないので反撃できません" in ja[0].text
    assert "DQ-7.5" in rules_of(en)  # nobody can defend: the attacker picks the defending card
    assert "P2 loses 3" in en[1].text and "P2は3枚" in ja[1].text
    assert "DQ-8.3" in rules_of(en)  # a defeat earns GP


def test_DQ_7_5_when_nobody_defends_the_attacker_is_told_why_it_picks_that_card() -> None:
    s = dq(
        [{"card": "M09", "state": "active"}],
        [{"card": "M01", "state": "closed"}, {"card": "H12", "state": "closed"}],
    )
    s.apply(s.legal_actions()[0])  # Horned Boar attacks; no active card can defend: the attacker picks (DQ-7.5)
    while s.node != "combat.fallback":
        s.apply(s.legal_actions()[0])
    slime = next(a for a in s.legal_actions() if isinstance(a, QA.Target) and s.card(a.card).id == "M01")
    en, ja = reasons(s, str(slime), "en"), reasons(s, str(slime), "ja")
    assert rules_of(en)[0] == "DQ-7.7" and rules_of(en)[-1] == "DQ-7.5" and rules_of(ja) == rules_of(en)
    assert "cannot strike back" in en[0].text and "defeats it" in en[0].text
    assert "前衛のどのカードでも選べます" in ja[-1].text
    h = coach().hint(s.view(0), "en")
    assert h.action == slime and "DQ-7.7" in h.text


def test_DQ_1_2_the_hint_says_why_not_to_attack() -> None:
    """Flutter Bat (attack 1, HP 1, speed 6) against an active Mountain Warrior (attack 4, HP 6): passing is better."""
    s = dq([{"card": "M02", "state": "active"}], [{"card": "H12", "state": "active"}])
    for lang, needle, blow in (("en", "your deck, your life", "its blow of 4 defeats"), ("ja", "ライフ", "4ダメージ")):
        h = coach().hint(s.view(0), lang)
        assert str(h.action) == "pass"
        assert h.rules[:2] == ["DQ-1.2", "DQ-7.8"]
        assert needle in h.reasons[0].text and blow in h.reasons[1].text
        assert h.verdict == "clear" and CONFIDENCE["clear"][lang == "ja"] in h.text


def test_DQ_7_8_the_defender_is_told_which_card_survives_and_strikes_back() -> None:
    wolf, bat, son = ({"card": c, "state": "active"} for c in ("M11", "M02", "H02"))
    s = dq([wolf], [bat, son])
    s.apply(s.legal_actions()[0])  # Grey Wolf attacks
    assert s.node == "combat.defend"
    block = next(a for a in s.legal_actions() if isinstance(a, QA.Block) and s.card(a.card).id == "H02")
    en, ja = reasons(s, str(block), "en"), reasons(s, str(block), "ja")
    assert en[0].rule == ja[0].rule == "DQ-7.8"
    assert "survives and strikes back: its blow of 2 defeats Grey Wolf" in en[0].text
    assert "倒れずに反撃し、その2ダメージで灰色オオカミ" in ja[0].text
    assert "DQ-7.5" in rules_of(en) and "DQ-8.3" in rules_of(ja)
    h = coach().hint(s.view(1), "ja")
    assert h.action == block and "DQ-7.8" in h.text


def test_DQ_6_14_recruiting_into_an_empty_party_avoids_the_wipe_out_penalty() -> None:
    g = tcgteach.game("dragonquest")
    s = g.new_state(seed=4)
    rng = random.Random(4)
    while not any(str(a).startswith("recruit") for a in s.legal_actions()):
        s.apply(rng.choice([a for a in s.legal_actions() if str(a) != "mulligan"]))
    p = s.current_player
    rec = next(a for a in s.legal_actions() if str(a).startswith("recruit"))
    for lang, word in (("en", "wipe-out"), ("ja", "全滅")):
        rs = g.explain_choice(s.view(p), rec, lang)
        assert rules_of(rs) == ["DQ-6.14", "DQ-6.5"]
        assert word in rs[0].text
    assert "free" in g.explain_choice(s.view(p), rec, "en")[1].text


def mage_position() -> DragonQuestState:
    """Apprentice Mage (attack 1, HP 2, speed 3; effect: close it, 1 damage to an enemy front card) against a
    Flutter Bat (HP 1) and a Horned Boar (attack 3, speed 3)."""
    return DQ.position(
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {"front": [{"card": "H04", "state": "active"}], "deck": {"fill": "heroes"}},
                {
                    "front": [{"card": "M02", "state": "active"}, {"card": "M09", "state": "active"}],
                    "deck": {"fill": "beasts"},
                },
            ],
        }
    )


def test_DQ_8_1_an_effect_that_defeats_without_a_fight_says_nothing_strikes_back() -> None:
    s = mage_position()
    use = next(a for a in s.legal_actions() if str(a).startswith("use"))
    en, ja = reasons(s, str(use), "en"), reasons(s, str(use), "ja")
    assert rules_of(en) == rules_of(ja) == ["DQ-8.1", "DQ-8.3"]
    assert "defeats Flutter Bat" in en[0].text and "nothing strikes back" in en[0].text
    assert "ひらひらコウモリ" in ja[0].text and "反撃もありません" in ja[0].text
    h = coach().hint(s.view(0), "ja")
    assert h.action == use and "DQ-8.1" in h.text


def test_DQ_7_8_equal_speed_names_the_card_that_falls() -> None:
    s = mage_position()
    attack = next(a for a in s.legal_actions() if str(a).startswith("attack"))
    en, ja = reasons(s, str(attack), "en"), reasons(s, str(attack), "ja")
    assert en[0].rule == ja[0].rule == "DQ-7.8"
    assert "equal speed (3): both blows land at the same time, and Apprentice Mage" in en[0].text
    assert en[0].text.endswith("falls")
    assert "同時に当たり、見習い魔術師" in ja[0].text and ja[0].text.endswith("が倒れます")


# -- every option wins / loses ------------------------------------------------------------------------------
PCT = re.compile(r"\d+\s*%")


def test_when_every_option_wins_the_hint_says_so_and_quotes_no_percentage() -> None:
    s = dq([{"card": "M09", "state": "active"}], [{"card": "H12", "state": "active"}], opp_deck=0)
    for lang in ("en", "ja"):
        h = coach().hint(s.view(0), lang)
        assert h.verdict == "all_win" and all(v >= 0.97 for _a, v, _n in h.alternatives)
        assert CONFIDENCE["all_win"][lang == "ja"] in h.text
        assert not PCT.search(h.text), h.text
    assert "Any choice wins from here" in coach().hint(s.view(0), "en").text
    assert "どの手を選んでも勝てます" in coach().hint(s.view(0), "ja").text


def test_when_every_option_loses_the_hint_says_so_and_quotes_no_percentage() -> None:
    s = dq([{"card": "M09", "state": "active"}], [{"card": "H12", "state": "active"}], me_deck=0)
    for lang in ("en", "ja"):
        h = coach().hint(s.view(0), lang)
        assert h.verdict == "all_lose" and all(v <= 0.03 for _a, v, _n in h.alternatives)
        assert CONFIDENCE["all_lose"][lang == "ja"] in h.text
        assert not PCT.search(h.text), h.text
    assert "No choice wins from here" in coach().hint(s.view(0), "en").text


def test_DM_1_4_a_winning_third_unit_says_it_arms_the_end_and_that_every_option_wins() -> None:
    s = P.new((P.PLAIN, P.PLAIN), options={"first_turn_restriction": False})
    units = P.groups(
        s,
        0,
        ["C28", "C28", "C28", "C28", "C10", "C10", "C24"],
        ["C04", "C04", "C19", "C19", "C09", "C09", "C23"],
        ["C15", "C15", "C30", "C35", "C06"],
    )
    P.arrange(s, 0, hand=[], field=units[2], units=units[:2])
    for lang, arm in (("en", "the end is armed"), ("ja", "終了条件を満たします")):
        h = coach().hint(s.view(0), lang)
        assert str(h.action) == "unit 3" and h.rules == ["DM-5.1", "DM-1.4"]
        assert arm in h.text and "DM-1.4" in h.text
        assert h.verdict == "all_win" and not PCT.search(h.text)
    assert "locks in 5 points" in coach().hint(s.view(0), "en").text


@pytest.mark.parametrize("players", [2, 3, 6])
def test_DM_1_5_arming_the_end_says_who_gets_one_last_turn(players: int) -> None:
    """With two players the opponent gets one last turn; with more, every other player does (issue 25)."""
    s = P.new((P.PLAIN,) * players, options={"first_turn_restriction": False})
    units = P.groups(
        s,
        0,
        ["C28", "C28", "C28", "C28", "C10", "C10", "C24"],
        ["C04", "C04", "C19", "C19", "C09", "C09", "C23"],
        ["C15", "C15", "C30", "C35", "C06"],
    )
    P.arrange(s, 0, hand=[], field=units[2], units=units[:2])
    en = " ".join(r.text for r in reasons(s, "unit 3", "en") if r.rule == "DM-1.4")
    ja = " ".join(r.text for r in reasons(s, "unit 3", "ja") if r.rule == "DM-1.4")
    if players == 2:
        assert "your opponent gets one last turn" in en and "相手はあと1ターンだけ" in ja
    else:
        assert "every other player gets one last turn" in en and "opponent" not in en
        assert "ほかのプレイヤーは全員あと1ターンずつ" in ja and "相手" not in ja


def test_verdict_reads_the_gap_its_standard_error_and_the_number_of_rollouts() -> None:
    assert verdict([("a", 0.8, 120), ("b", 0.5, 60)]) == "clear"
    assert verdict([("a", 0.8, 60), ("b", 0.5, 20)]) == "probable"  # the same gap over 80 rollouts: too few
    assert verdict([("a", 0.55, 400), ("b", 0.48, 400)]) == "probable"  # 2.0 SE but...
    assert verdict([("a", 0.56, 400), ("b", 0.48, 400)]) == "clear"  # ...a little more is clear
    assert verdict([("a", 0.52, 400), ("b", 0.48, 400)]) == "probable"
    assert verdict([("a", 0.50, 400), ("b", 0.49, 400)]) == "close"
    assert verdict([("a", 0.48, 40), ("b", 0.52, 40)]) == "close"  # the kept heuristic choice scored lower
    # the same gap from a handful of rollouts proves little: 57% against 50% over 17 rollouts is a close call
    assert verdict([("a", 0.57, 9), ("b", 0.50, 8)]) == "close"
    assert verdict([("a", 0.57, 9000), ("b", 0.50, 8000)]) == "clear"
    assert verdict([("a", 1.0, 60), ("b", 0.98, 60)]) == "all_win"
    assert verdict([("a", 0.02, 60), ("b", 0.0, 60)]) == "all_lose"
    # every option won its few simulated games: no claim that any choice wins, the counts are given instead
    assert verdict([("a", 1.0, 40), ("b", 0.98, 40)]) == "close"
    assert verdict([("a", float("nan"), 0)]) == "only"


# -- DARK MOON teaching positions ---------------------------------------------------------------------------
def reveal_position() -> tuple[DarkMoonState, list[int]]:
    """P1's field: #3, #6, #5; hand: another #3 and an #8. PLAIN has 4 of every number."""
    s = P.new((P.PLAIN, P.PLAIN), options={"first_turn_restriction": False})
    field = P.take(s, 0, "C28", "C10", "C04")
    hand = P.take(s, 0, "C28", "C06", avoid=field)
    P.arrange(s, 0, hand=hand, field=field)
    return s, hand


def test_DM_4_4_the_reason_counts_the_deck_cards_that_match_a_number_on_the_field() -> None:
    s, (three, eight) = reveal_position()
    # deck: #3 4-2=2, #6 4-1=3, #5 4-1=3 match now (8 of 35); the #8 adds its three other copies
    en3, ja3 = reasons(s, f"play {three}", "en"), reasons(s, f"play {three}", "ja")
    assert en3[0] == Reason(
        "DM-4.4",
        "after it, 8 of the 35 cards left in your deck match a number on your field, "
        "so the reveal has 8 chances in 35 to put a free card onto the field",
    )
    assert ja3[0].rule == "DM-4.4" and "35枚のうち8枚" in ja3[0].text and "35分の8" in ja3[0].text
    en8, ja8 = reasons(s, f"play {eight}", "en"), reasons(s, f"play {eight}", "ja")
    assert en8[0].rule == "DM-4.4" and "11 of the 35 cards" in en8[0].text and "its number 8 brings 3" in en8[0].text
    assert "35枚のうち11枚" in ja8[0].text and "このナンバー8で3枚増えます" in ja8[0].text
    assert en8[1].rule == "DM-5.1" and "4 characters" in en8[1].text and "4枚" in ja8[1].text


def test_DM_4_4_one_match_is_said_in_the_singular() -> None:
    s = P.new((P.PLAIN, P.PLAIN), options={"first_turn_restriction": False})
    field = P.take(s, 0, "C28", "C28", "C28")  # three of the four #3
    hand = P.take(s, 0, "S11", avoid=field)
    P.arrange(s, 0, hand=hand, field=field)
    text = reasons(s, f"play {hand[0]}", "en")[0].text
    assert "1 of the 36 cards left in your deck matches a number" in text and "has 1 chance in 36" in text


def test_DM_4_4_an_empty_match_says_the_card_goes_to_the_hand() -> None:
    s = P.new((P.PLAIN, P.PLAIN), options={"first_turn_restriction": False})
    hand = P.take(s, 0, "S11")  # a special, nothing on the field: no number to match
    P.arrange(s, 0, hand=hand)
    en, ja = reasons(s, f"play {hand[0]}", "en"), reasons(s, f"play {hand[0]}", "ja")
    assert "0 of the" in en[0].text and "only go to your hand" in en[0].text
    assert "手札に入るだけ" in ja[0].text
    assert "DM-5.3" in rules_of(en) and "DM-5.3" in rules_of(ja)


def test_DM_4_3_the_first_turn_limit_is_named() -> None:
    s = P.new((P.PLAIN, P.PLAIN))
    play = next(a for a in s.legal_actions() if str(a).startswith("play"))
    en, ja = reasons(s, str(play), "en"), reasons(s, str(play), "ja")
    assert rules_of(en)[-1] == rules_of(ja)[-1] == "DM-4.3"
    assert "only one action" in en[-1].text and "1回しか行動できない" in ja[-1].text


def test_DM_5_1_the_unit_reason_gives_its_points_and_the_hint_cites_it() -> None:
    s = P.new((P.PLAIN, P.PLAIN), options={"first_turn_restriction": False})
    field = P.take(s, 0, "C28", "C28", "C10", "C10", "C04", "C04", "C07")
    P.arrange(s, 0, hand=[], field=field)
    for lang, pts in (("en", "locks in 7 points"), ("ja", "7点が確定")):
        h = coach().hint(s.view(0), lang)
        assert str(h.action).startswith("unit") and h.reasons[0].rule == "DM-5.1"
        assert pts in h.reasons[0].text and "DM-5.1" in h.text


def peek_position() -> tuple[DarkMoonState, list[int], list[int]]:
    """P1 plays Heli #3 (on play: look at the top card, may put it at the bottom) with a Heli #2 on the field."""
    s = P.new((P.HELI_NOA, P.PLAIN), options={"first_turn_restriction": False})
    field = P.take(s, 0, "C02")  # Heli #2
    hand = P.take(s, 0, "C03", avoid=field)  # Heli #3, peek
    return s, field, hand


def test_DM_4_4_a_peek_is_kept_when_the_top_card_matches_and_given_up_otherwise() -> None:
    s, field, hand = peek_position()
    top = P.take(s, 0, "C02", avoid=field + hand)  # another #2: it matches
    P.arrange(s, 0, hand=hand, field=field, top=top)
    s.apply(f"play {hand[0]}")
    keep, bottom = reasons(s, "top", "en"), reasons(s, "bottom", "en")
    assert keep[0].rule == bottom[0].rule == "DM-4.4"
    assert "matches a number on your field, so the next reveal puts it onto the field for free" in keep[0].text
    assert "given up" in bottom[0].text
    assert "同じナンバーなので、次の公開でただで場に出ます" in reasons(s, "top", "ja")[0].text
    h = coach().hint(s.view(0), "en")  # either way the hint gives the reason of the move it suggests
    assert h.reasons == s.game.explain_choice(s.view(0), h.action, "en") and "DM-4.4" in h.text

    s, field, hand = peek_position()
    top = P.take(s, 0, "C05", avoid=field + hand)  # Heli #6: no match
    P.arrange(s, 0, hand=hand, field=field, top=top)
    s.apply(f"play {hand[0]}")
    # the field holds #2 and #3 now; the cards under the top one that match them (counted on the real deck)
    rest = s.deck(0)[:-1]
    k = sum(1 for c in rest if s.card(c).number in (2, 3))
    assert 0 < k < len(rest)
    first = reasons(s, "bottom", "en")[0]
    assert f"the next reveal gets {k} chances in {len(rest)} of a match instead" in first.text
    assert f"残り{len(rest)}枚のうち{k}枚" in reasons(s, "bottom", "ja")[0].text
    assert "goes to your hand at the next reveal" in reasons(s, "top", "en")[0].text


def test_DM_5_1_picks_and_finishing_a_unit_say_what_they_score() -> None:
    s = P.new((P.PLAIN, P.PLAIN), options={"first_turn_restriction": False})
    field = P.take(s, 0, "C28", "C10", "C04")
    P.arrange(s, 0, hand=[], field=field)
    s.apply("unit 1")
    en, ja = reasons(s, f"pick {field[0]}", "en"), reasons(s, f"pick {field[0]}", "ja")
    assert en[0].rule == ja[0].rule == "DM-5.1"
    assert "scores 1 point in the unit" in en[0].text and "1点" in ja[0].text
    for c in field:
        s.apply(f"pick {c}")
    en, ja = reasons(s, "finish", "en"), reasons(s, "finish", "ja")
    assert en[0] == Reason("DM-5.1", "the 3 cards picked make the unit: 3 points locked in")
    assert "3点が確定" in ja[0].text


# -- honesty and bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COACHED)
def test_reasons_never_read_hidden_cards(name: str) -> None:
    """Another deal of the cards the player cannot see gives the same reasons and the same hint."""
    if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
        from .test_coach import midgame
    else:
        try:
            from .test_coach import midgame
        except ImportError:
            from test_coach import midgame

    for steps in (30, 60):
        s = midgame(name, steps=steps)
        p = s.current_player
        other = determinize(s.view(p), random.Random(7))
        other.viewer = None
        v1, v2 = s.view(p), other.view(p)
        for a in v1.legal_actions():
            for lang in ("en", "ja"):
                got = s.game.explain_choice(v1, a, lang)
                assert got == s.game.explain_choice(v2, a, lang)
                assert all(r.rule in s.game.rule_ids() for r in got)
        h1 = CoachAgent(seed=5, time_budget=None, iterations=40).hint(v1, "ja")
        h2 = CoachAgent(seed=5, time_budget=None, iterations=40).hint(v2, "ja")
        assert h1.text == h2.text and h1.reasons == h2.reasons


def test_DM_4_4_the_reveal_odds_do_not_depend_on_the_deck_order() -> None:
    s, (three, _eight) = reveal_position()
    before = reasons(s, f"play {three}", "en")
    s2, _ = reveal_position()
    deck = s2.zones[P.zone_index(0, "deck")]
    deck.reverse()  # the same cards, another order
    assert reasons(s2, f"play {three}", "en") == before


def test_bad_input_is_refused_with_a_clear_error() -> None:
    s = first_strike()
    v = s.view(0)
    with pytest.raises(TcgError, match=r"'fr'.*'en' or 'ja'"):
        DQ.explain_choice(v, v.legal_actions()[0], "fr")
    with pytest.raises(TcgError, match="not a legal dragonquest action here"):
        DQ.explain_choice(v, DQ.parse_action("done"), "en")
    with pytest.raises(TcgError, match="view"):
        DQ.explain_choice(s, s.legal_actions()[0], "en")
    with pytest.raises(TcgError, match="unknown language"):
        coach().hint(v, "de")


def test_the_base_game_has_no_reasons_and_the_hint_still_reads() -> None:
    if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
        from . import tinygame
    else:
        try:
            from . import tinygame
        except ImportError:
            import tinygame

    g = tinygame.Tally()
    s = g.new_state(seed=1)
    p = s.current_player
    assert g.explain_choice(s.view(p), s.legal_actions()[0]) == []


def test_hint_html_lists_every_reason_with_its_rule() -> None:
    h = coach().hint(first_strike().view(0), "ja")
    html = h._repr_html_()
    assert html.count("<li>") == len(h.reasons) and "<code>DQ-7.8</code>" in html and "勝率の見込み" in html
