"""Quizzes (issue 13 item 3): every kind of both games asks a valid question for many seeds, in English
and Japanese; the right answer is what the rules give, recomputed here independently of the quiz code
(from the whole state behind the position: counting zones, comparing speeds, or playing it out); the
answers differ across seeds; the widgets score clicks and explain with the rule ID."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

import tcgteach
from tcgteach.core.errors import TcgError
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.dragonquest.rules.ids import ACTIVE
from tcgteach.dragonquest.rules.state import DragonQuestState
from tcgteach.quiz import Question, Score, kinds, make_question
from tests.tinygame import Tally

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

SEEDS = range(30)
#: the registered games that declare a quiz (``Game.capabilities``); the others are tested for having none
GAMES = tuple(gamecases.with_capability("quiz"))
WITHOUT_QUIZ = [g for g in gamecases.registered_games() if g not in GAMES]


def _number(text: str) -> int:
    return int(re.search(r"\d+", text).group())  # type: ignore[union-attr]


def _yes(q: Question) -> bool:
    assert q.choices == ("Yes", "No")
    return q.right == "Yes"


# -- independent answers: from the rules, on the whole state behind the position ---------------------------------
def _dm(q: Question) -> DarkMoonState:
    """The DARK MOON state behind a question's position, as its own class."""
    assert isinstance(q.truth, DarkMoonState), q.truth
    return q.truth


def _dq(q: Question) -> DragonQuestState:
    """The Dragon Quest state behind a question's position, as its own class."""
    assert isinstance(q.truth, DragonQuestState), q.truth
    return q.truth


def _dm_reveal(q: Question) -> bool:
    s = _dm(q)
    p = s.turn_player
    top = s.card(q.about["top"])
    assert s.deck(p)[-1] == q.about["top"]  # the card said to be on top is on top
    played = s.card(q.about["card"])
    field = [s.card(c) for c in s.field(p)] + [played]
    match = top.is_character and any(c.is_character and c.number == top.number for c in field)
    return q.right.startswith("Onto" if match else "Into")


def _dm_actions_left(q: Question) -> bool:
    s = _dm(q)
    limit = 1 if s.turn == 1 else 2  # DM-4.3 (the first turn of the game is turn 1), else DM-4.1
    return _number(q.right) == limit - s.actions_used


def _dm_can_form_unit(q: Question) -> bool:
    s = _dm(q)
    p = s.turn_player
    chars = sum(1 for c in s.field(p) if s.card(c).is_character)
    return _yes(q) == (chars >= 3 and any(not u for u in s.units(p)))


def _dm_end_armed(q: Question) -> bool:
    s = _dm(q)
    p = s.turn_player
    full = all(s.units(p))
    key = "armed" if full and s.armed_by is None else "already" if full else "none"
    return q.right.startswith({"armed": "The end is armed", "already": "Nothing new", "none": "Nothing: not"}[key])


def _dm_last_turn(q: Question) -> bool:
    s = _dm(q)
    assert s.armed_by is not None
    return q.right == f"P{(s.armed_by - 1) % s.num_players + 1}'s turn"


def _unit_bonus(points: dict[str, Any], names: list[str | None]) -> int:
    if "per_name" in points:
        return int(points["value"]) * names.count(points["per_name"])
    cond = points["if"]
    if cond is None:
        return int(points["value"])
    ok: dict[str, Callable[[Any], bool]] = {
        "unit_has": lambda a: a in names,
        "unit_distinct_at_least": lambda a: len(set(names)) >= a,
        "unit_characters_at_least": lambda a: len(names) >= a,
    }
    ((key, arg),) = cond.items()
    return int(points["value"]) if ok[key](arg) else 0


def _dm_points(s: DarkMoonState, p: int) -> int:
    total = 0
    for unit in s.units(p):
        cards = [s.card(c) for c in unit]
        names = [c.character for c in cards if c.is_character]
        total += len(unit) + sum(_unit_bonus(dict(c.points or {}), names) for c in cards if c.points)
    return total + sum(1 for c in s.field(p) if not s.card(c).is_character)


def _dm_score(q: Question) -> bool:
    return _number(q.right) == _dm_points(_dm(q), q.about["player"])


def _dm_special_bonus(q: Question) -> bool:
    s = _dm(q)
    unit = s.unit(q.about["player"], q.about["slot"])
    names = [s.card(c).character for c in unit if s.card(c).is_character]
    return _number(q.right) == _unit_bonus(dict(s.card(q.about["card"]).points or {}), names)


def _dm_winner(q: Question) -> bool:
    s = _dm(q)
    scores = [_dm_points(s, p) for p in range(s.num_players)]
    top = [p for p, v in enumerate(scores) if v == max(scores)]
    return q.right == (f"P{top[0] + 1} wins" if len(top) == 1 else "A draw (equal highest points)")


def _dq_fight(q: Question) -> tuple[DragonQuestState, int, int]:
    return _dq(q), q.about["attacker"], q.about["defender"]


def _dq_first_strike(q: Question) -> bool:
    s, a, d = _dq_fight(q)
    sa, sd = s.speed_of(a), s.speed_of(d)
    return q.right.endswith("same time") if sa == sd else q.right.startswith("P1's" if sa > sd else "P2's")


def _dq_defender_dies_first(s: DragonQuestState, a: int, d: int) -> bool:
    return s.speed_of(a) > s.speed_of(d) and s.attack_of(a) >= s.hp_of(d) - s.damage(d)


def _dq_counter_back(q: Question) -> bool:
    s, a, d = _dq_fight(q)
    return _yes(q) == (not _dq_defender_dies_first(s, a, d))


def _dq_damage_cards(q: Question) -> bool:
    s, a, d = _dq_fight(q)
    attacker_dies_first = (
        q.about["counter"] and s.speed_of(d) > s.speed_of(a) and s.attack_of(d) >= s.hp_of(a) - s.damage(a)
    )
    n = 0 if attacker_dies_first else min(s.attack_of(a), len(s.deck(1)))
    return _number(q.right) == n


def _dq_defeat_gp(q: Question) -> bool:
    s, a, d = _dq_fight(q)
    assert not q.about["counter"]
    return _number(q.right) == (s.card(d).level if s.attack_of(a) >= s.hp_of(d) - s.damage(d) else 0)


def _dq_who_defends(q: Question) -> bool:
    s = _dq(q)
    active = any(s.orient[c] == ACTIVE for c in s.front(1))
    return q.right.startswith("P2" if active else "P1")


def _dq_can_attack(q: Question) -> bool:
    s, x = _dq(q), q.about["card"]
    return _yes(q) == (x in s.front(0) and s.orient[x] == ACTIVE and bool(s.front(1)))


def _dq_level(s: DragonQuestState) -> int:
    return max(s.level[1], 1 + sum(s.card(c).level for c in s.exp_box(0)) // 5)


def _dq_level_next(q: Question) -> bool:
    return _number(q.right) == _dq_level(_dq(q))


def _dq_income(q: Question) -> bool:
    return _number(q.right) == _dq_level(_dq(q)) + 1


def _dq_poison(q: Question) -> bool:
    s, x = _dq(q), q.about["card"]
    dead = s.damage(x) + 1 >= s.hp_of(x)
    return q.right == ("It takes 1 damage and is defeated" if dead else "It takes 1 damage and stays")


def _dq_wipe_out(q: Question) -> bool:
    s = _dq(q)
    had_a_turn = s.turn > 1  # P1 went first: P2's first turn is turn 2
    return _number(q.right) == (5 if not s.party(1) and had_a_turn else 0)


CHECKS: dict[str, dict[str, Callable[[Question], bool]]] = {
    "darkmoon": {
        "reveal": _dm_reveal,
        "actions_left": _dm_actions_left,
        "can_form_unit": _dm_can_form_unit,
        "end_armed": _dm_end_armed,
        "last_turn": _dm_last_turn,
        "score": _dm_score,
        "special_bonus": _dm_special_bonus,
        "winner": _dm_winner,
    },
    "dragonquest": {
        "first_strike": _dq_first_strike,
        "counter_back": _dq_counter_back,
        "damage_cards": _dq_damage_cards,
        "who_defends": _dq_who_defends,
        "can_attack": _dq_can_attack,
        "defeat_gp": _dq_defeat_gp,
        "level_next": _dq_level_next,
        "income": _dq_income,
        "poison": _dq_poison,
        "wipe_out": _dq_wipe_out,
    },
}


def test_each_game_has_at_least_8_kinds_and_every_kind_is_checked_here() -> None:
    for g in tcgteach.BUILTIN_GAMES:
        assert len(kinds(g)) >= 8
        assert set(kinds(g)) == set(CHECKS[g])
    for g in GAMES:  # a plugin's quiz gets the generic checks below; its answers are its own tests' business
        assert kinds(g), g


@pytest.mark.parametrize("game_name", WITHOUT_QUIZ)
def test_a_registered_game_without_a_quiz_is_not_asked_for_one(game_name: str) -> None:
    assert kinds(game_name) == [] and tcgteach.game(game_name).quiz_kinds() == {}
    with pytest.raises(TcgError, match="its kinds are: none"):
        make_question(game_name, "anything", 1)


@pytest.mark.parametrize("game_name", GAMES)
def test_every_kind_asks_a_valid_question_whose_answer_the_rules_confirm(game_name: str) -> None:
    game = tcgteach.game(game_name)
    rule_ids = set(game.rule_ids())
    for kind in kinds(game_name):
        rights, places = set(), set()
        for seed in SEEDS:
            q = make_question(game_name, kind, seed, "en")
            assert (q.game, q.kind, q.seed, q.lang) == (game_name, kind, seed, "en")
            assert 2 <= len(q.choices) <= 4 and len(set(q.choices)) == len(q.choices)
            assert 0 <= q.answer < len(q.choices) and q.is_right(q.answer)
            assert q.rules and set(q.rules) <= rule_ids, (kind, q.rules)
            assert any(r in q.explanation for r in q.rules), (kind, q.explanation)
            assert q.prompt and all(q.choices)
            check = CHECKS.get(game_name, {}).get(kind)
            assert check is None or check(q), (kind, seed, q.prompt, q.choices, q.right)
            for rule, line in q.event_lines():
                assert rule in rule_ids and line
            rights.add(q.right)
            places.add(q.answer)
        # not memorisable: the right answer changes with the seed, and so does its place among the buttons
        assert len(rights) >= 2, (kind, rights)
        assert len(places) >= 2, (kind, places)


@pytest.mark.parametrize("game_name", GAMES)
def test_japanese_questions_are_the_same_positions_in_japanese_words(game_name: str) -> None:
    for kind in kinds(game_name):
        for seed in range(0, 30, 3):
            en = make_question(game_name, kind, seed, "en")
            ja = make_question(game_name, kind, seed, "ja")
            assert ja.answer == en.answer and len(ja.choices) == len(en.choices) and ja.rules == en.rules
            assert ja.truth.zones == en.truth.zones
            assert len(set(ja.choices)) == len(ja.choices)
            for text in (ja.prompt, ja.explanation, *ja.choices):
                assert not re.search(r"\b(the|and|card|turn|deck)\b", text), (kind, text)
            assert re.search(r"[\u3040-\u30ff]", ja.prompt), ja.prompt
            assert any(r in ja.explanation for r in ja.rules)
            for _rule, line in ja.event_lines():
                assert line


@pytest.mark.parametrize("game_name", GAMES)
def test_questions_use_the_glossary_terms(game_name: str) -> None:
    """The texts as the learner reads them (card names and numbers filled in), in both languages."""
    from tcgteach.glossary import find_inconsistencies

    for kind in kinds(game_name):
        for lang in ("en", "ja"):
            for seed in range(0, 30, 5):
                q = make_question(game_name, kind, seed, lang)
                for text in (q.prompt, q.explanation, *q.choices):
                    assert not find_inconsistencies(text, lang), (kind, lang, text)


def test_the_same_seed_gives_the_same_question() -> None:
    for g in GAMES:
        for kind in kinds(g):
            a, b = make_question(g, kind, 5, "en"), make_question(g, kind, 5, "en")
            assert (a.prompt, a.choices, a.answer) == (b.prompt, b.choices, b.answer)
            assert a.truth.zones == b.truth.zones


def test_hidden_information_stays_hidden_in_the_position_shown() -> None:
    q = make_question("darkmoon", "reveal", 1, "en")
    truth = _dm(q)
    p = truth.turn_player
    assert q.position.viewer == p == q.perspective
    shown = q.position
    assert isinstance(shown, DarkMoonState)
    assert all(c == -1 for c in shown.deck(p))  # the deck order is not shown ...
    assert truth.deck(p)[-1] == q.about["top"]  # ... the prompt names the top card instead
    assert truth.card(q.about["top"]).label("en") in q.prompt


@pytest.mark.parametrize("kind", ["score", "winner", "special_bonus"])
def test_the_board_does_not_give_the_points_away_before_the_answer(kind: str) -> None:
    """The DARK MOON board shows the points now (DM-5.5): not while they are what the question asks."""
    shown = {"en": ("points now", "bonus now", " pts"), "ja": ("現在", "今のボーナス", "点</small>")}
    for seed in range(5):
        for lang, words in shown.items():
            q = make_question("darkmoon", kind, seed, lang)
            before = q.board_html()
            assert 'class="tcg-board' in before and 'class="tcg-fx tcg-now' not in before
            assert not any(w in before for w in words), (kind, seed, lang)
            after = q.board_html(after=True)  # the answer shown: the board tells it too
            final = "final score" if lang == "en" else "最終 "  # at the end of the game the points are final
            assert words[0] in after or final in after, (kind, seed, lang)
            assert final not in before, (kind, seed, lang)


@pytest.mark.parametrize("kind", ["level_next", "income"])
def test_the_board_does_not_tell_the_next_level_before_the_answer(kind: str) -> None:
    """The Dragon Quest board notes the level a player reaches at the next reset (DQ-9.4): not while asked."""
    for seed in range(5):
        for lang, words in (("en", ("more to level", "at own next reset")), ("ja", ("まであと", "次の自分のリセット"))):
            q = make_question("dragonquest", kind, seed, lang)
            before = q.board_html()
            assert 'class="tcg-board' in before and not any(w in before for w in words), (kind, seed, lang)
            assert words[0] in q.board_html(after=True)


def test_the_board_does_not_list_the_final_turns_before_the_answer() -> None:
    """The DARK MOON board lists the players still to take a final turn (DM-1.5): not while asked who is last."""
    for seed in range(5):
        for lang, words in (("en", "still to play"), ("ja", "残り：")):
            q = make_question("darkmoon", "last_turn", seed, lang)
            assert words not in q.board_html() and words in q.position.game.render_board(q.position, lang=lang)
            assert "tcg-status" in q.board_html()


def test_the_board_does_not_count_the_actions_before_the_answer() -> None:
    """The DARK MOON board counts the turn's actions (actions 1/2): not while asked how many are left."""
    for seed in range(5):
        for lang, pattern in (("en", r"actions \d/\d"), ("ja", r"行動 \d/\d")):
            q = make_question("darkmoon", "actions_left", seed, lang)
            assert not re.search(pattern, q.board_html())
            assert re.search(pattern, q.position.game.render_board(q.position, lang=lang))


def test_bad_game_kind_language_and_choice_are_clear_errors() -> None:
    with pytest.raises(TcgError, match="its kinds are: first_strike, counter_back"):
        make_question("dragonquest", "nope", 1)
    with pytest.raises(TcgError, match="no game|unknown|darkmoon"):
        make_question("chess", "reveal", 1)
    with pytest.raises(TcgError, match="language 'fr'"):
        make_question("darkmoon", "reveal", 1, "fr")
    with pytest.raises(TcgError, match="seed"):
        make_question("darkmoon", "reveal", "1")  # type: ignore[arg-type]
    q = make_question("darkmoon", "score", 1)
    with pytest.raises(TcgError, match="choices 0-"):
        q.is_right(9)


def test_a_game_without_a_quiz_has_no_kinds_and_says_so() -> None:
    game = Tally()
    assert kinds(game) == []
    with pytest.raises(TcgError, match="its kinds are: none"):
        make_question(game, "anything", 1)


def test_score_counts_per_kind_and_reads_in_both_languages() -> None:
    s = Score()
    assert s.text("en") == "No question answered yet"
    q = make_question("dragonquest", "first_strike", 2)
    s.record(q, q.answer)
    s.record(q, (q.answer + 1) % len(q.choices))
    assert (s.asked, s.right) == (2, 1)
    assert s.per_kind == {"dragonquest:first_strike": [2, 1]}
    assert s.text("en") == "1 / 2 right" and s.text("ja") == "2問中1問正解"


# -- widgets -------------------------------------------------------------------------------------------------------
def test_quiz_widget_scores_a_right_and_a_wrong_click_and_explains_with_the_rule() -> None:
    from tcgteach.widgets import Quiz
    from tcgteach.widgets.quiz import session_score

    before = session_score().asked
    quiz = Quiz("dragonquest", kinds=["first_strike", "poison"], seed=4, questions=2, lang="en")
    assert quiz.next_button.layout.display == "none"  # nothing to go on to before answering
    q = quiz.question
    assert [b.description for b in quiz.choices.children] == list(q.choices)
    assert 'class="tcg-board' in quiz.board.value
    quiz.choices.children[q.answer].click()
    assert quiz.score.text("en") == "1 / 1 right"
    assert "Right!" in quiz.feedback.value and f"[{q.events[0].rule}]" in quiz.feedback.value
    assert any(r in quiz.feedback.value for r in q.rules)
    assert all(b.disabled for b in quiz.choices.children)
    assert quiz.choices.children[q.answer].button_style == "success"
    quiz.choices.children[q.answer].click()  # a second click on the answered question counts nothing
    assert quiz.score.asked == 1
    stale = quiz.choices.children[0]
    quiz.next_button.click()
    q2 = quiz.question
    assert quiz.index == 1 and quiz.feedback.value == ""
    stale.click()  # a button of the last question
    assert quiz.score.asked == 1 and "earlier question" in quiz.message.value
    wrong = (q2.answer + 1) % len(q2.choices)
    quiz.choices.children[wrong].click()
    assert quiz.score.text("en") == "1 / 2 right"
    assert "Not quite" in quiz.feedback.value and html_escaped(q2.right) in quiz.feedback.value
    assert quiz.choices.children[wrong].button_style == "danger"
    assert "Done: 1 / 2 right" in quiz.feedback.value and quiz.next_button.description == "New questions"
    assert session_score().asked == before + 2
    quiz.next_button.click()  # a new round, new positions
    assert quiz.index == 0 and quiz.score.asked == 0


def html_escaped(text: str) -> str:
    import html

    return html.escape(text)


def test_quiz_switches_language_keeping_the_question_and_the_answer_shown() -> None:
    from tcgteach.widgets import Quiz

    quiz = Quiz("darkmoon", seed=3, questions=3)
    zones = quiz.question.truth.zones
    quiz.answer(quiz.question.answer)
    quiz.set_lang("ja")
    assert quiz.question.truth.zones == zones and quiz.question.lang == "ja"
    assert "正解！" in quiz.feedback.value and "次の問題へ" == quiz.next_button.description
    assert "1問中1問正解" in quiz.header.value


def test_quiz_refuses_bad_arguments_with_the_choices() -> None:
    from tcgteach.widgets import Quiz

    with pytest.raises(TcgError, match="its kinds are"):
        Quiz("darkmoon", kinds=["first_strike"])
    with pytest.raises(TcgError, match="game:kind"):
        Quiz(["darkmoon", "dragonquest"], kinds=["reveal"])
    with pytest.raises(TcgError, match="the quiz knows"):
        Quiz("chess")
    with pytest.raises(TcgError, match="questions"):
        Quiz("darkmoon", questions=0)
    mixed = Quiz(["darkmoon", "dragonquest"], kinds=["darkmoon:reveal", "dragonquest:poison"], seed=1, questions=4)
    assert sorted(set(mixed.plan)) == [("darkmoon", "reveal"), ("dragonquest", "poison")]


@pytest.mark.parametrize(
    "lesson",
    [
        "00_first_look",
        "01_darkmoon",
        "02_dragonquest",
        "03_dragonquest_combat",
        "04_compare_designs",
        "06_learn_from_a_game",
        "07_measure_a_design",
    ],
)
def test_self_check_for_each_lesson(lesson: str) -> None:
    from tcgteach.widgets import SelfCheck
    from tcgteach.widgets.quiz import LESSONS

    check = SelfCheck(lesson, lang="ja", seed=7)
    assert check.n == 4 and all(item in LESSONS[lesson] for item in check.plan)
    assert "おさらいクイズ" in check.header.value
    for _ in range(4):
        check.answer(check.question.answer)
        assert "正解！" in check.feedback.value
        if not check.finished:
            check.next()
    assert check.score.text("ja") == "4問中4問正解"
    if lesson in ("00_first_look", "04_compare_designs", "06_learn_from_a_game", "07_measure_a_design"):  # both games
        assert {g for g, _ in LESSONS[lesson]} == set(tcgteach.BUILTIN_GAMES)


def test_self_checks_are_built_from_their_lessons() -> None:
    """One self-check per lesson of the lesson index, and every question asks about a rule its lesson teaches."""
    import json
    from pathlib import Path

    from tcgteach.widgets.quiz import LESSONS

    index = json.loads((Path(tcgteach.__file__).parent / "data" / "lessons.json").read_text(encoding="utf-8"))
    taught = {entry["id"]: set(entry["rules"]) for entry in index["lessons"]}
    assert set(LESSONS) == set(taught)
    for lesson, plan in LESSONS.items():
        for game_name, kind in plan:
            q = make_question(game_name, kind, 1)
            assert set(q.rules) & taught[lesson], (lesson, kind, q.rules)


def test_self_check_of_an_unknown_lesson_names_the_lessons() -> None:
    from tcgteach.widgets import SelfCheck

    with pytest.raises(TcgError, match="the lessons are: 00_first_look, 01_darkmoon"):
        SelfCheck("99_nope")


def test_classroom_quiz_mode_shows_a_quiz_of_its_game_and_language_and_switches_back() -> None:
    from tcgteach.widgets import Classroom

    c = Classroom("dragonquest", lang="en", seed=2)
    play = list(c.children)
    state = c.state.to_dict()
    c.quiz_button.value = True
    assert c.quiz is not None and c.quiz in c.children and c.quiz.games == ["dragonquest"]
    assert c.board not in c.children and c.quiz_button.description == "Back to the game"
    c.quiz.choices.children[c.quiz.question.answer].click()
    assert c.quiz.score.asked == 1
    c.lang_toggle.value = "ja"  # the classroom's own language switch
    assert c.quiz_button.description == "ゲームに戻る" and c.quiz.lang == "ja" and "正解！" in c.quiz.feedback.value
    assert c.quiz in c.children  # still in quiz mode
    c.quiz_button.value = False
    assert list(c.children) == play and c.quiz_button.description == "クイズ"
    assert c.state.to_dict() == state  # the game waited as it was
    c.game_picker.value = "darkmoon"
    c.new_button.click()
    c.quiz_button.value = True
    assert c.quiz.games == ["darkmoon"] and c.quiz.lang == "ja"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_why_of_a_long_explanation_is_a_list_of_short_sentences(lang: str) -> None:
    """Issue 21: the quiz's "Why:" was one run-on paragraph; each sentence is now a point of its own."""
    from tcgteach.widgets import Quiz
    from tcgteach.widgets.quiz import explanation_points

    quiz = Quiz("dragonquest", kinds=["counter_back"], seed=3, questions=1, lang=lang)
    q = quiz.question
    quiz.choices.children[q.answer].click()
    points = explanation_points(q.explanation, lang)
    assert len(points) >= 6, points
    assert quiz.feedback.value.count("<li>") == len(points)
    assert all(len(p) < 200 for p in points), points
    # the points put together are the whole explanation, and no point ends inside a bracket
    assert "".join(points).replace(" ", "") == q.explanation.replace(" ", "")
    assert all(p.count("（") == p.count("）") and p.count("(") == p.count(")") for p in points), points
    # a rule citation alone is never a point: it stays with its sentence
    assert not any(re.fullmatch(r"[（(][^()（）]*[)）]", p) for p in points), points


def test_a_one_sentence_why_stays_one_line() -> None:
    from tcgteach.widgets.quiz import explanation_points

    assert explanation_points("No: only an active card attacks, and X is closed. (DQ-7.3)", "en") == [
        "No: only an active card attacks, and X is closed. (DQ-7.3)"
    ]
    assert explanation_points("いいえ。攻撃できるのはアクティブなカードだけです。（DQ-7.3）", "ja") == [
        "いいえ。攻撃できるのはアクティブなカードだけです。（DQ-7.3）"
    ]
