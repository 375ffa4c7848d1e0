"""Puzzles (issue 27): the goals, the exact solver on hand-built positions, a learner's choice judged, and the
puzzle file refused at the place of its problem."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.core.errors import IllegalActionError, TcgError
from tcgteach.darkmoon import DarkMoon
from tcgteach.dragonquest import DragonQuest
from tcgteach.puzzles import (
    FAILED,
    MET,
    OPEN,
    Goal,
    PuzzleFileError,
    PuzzleSearchError,
    check,
    load_puzzles,
    solve,
)

DQ = cast(DragonQuest, tcgteach.game("dragonquest"))

#: combat.action, P1 to attack: Street Brawler (attack 3, HP 2, speed 3) and Grey Wolf (attack 3, HP 2, speed 5)
#: against Wandering Swordsman (attack 2, HP 3, speed 3)
FIRST_STRIKE = {
    "turn_player": 0,
    "node": "combat.action",
    "players": [
        {"front": ["H03", "M11"], "deck": {"fill": "heroes"}},
        {"front": ["H01"], "deck": {"fill": "heroes"}},
    ],
}


def _ids(state: Any, seat: int, row: str) -> list[int]:
    return list(state.zone(seat, row))


def _brawler_wolf_swordsman() -> tuple[int, int, int]:
    s = DQ.position(FIRST_STRIKE)
    brawler, wolf = _ids(s, 0, "front")
    (swordsman,) = _ids(s, 1, "front")
    assert (s.card(brawler).id, s.card(wolf).id, s.card(swordsman).id) == ("H03", "M11", "H01")
    return brawler, wolf, swordsman


def puzzle_file(**changes: Any) -> dict[str, Any]:
    """A one-puzzle file around FIRST_STRIKE; ``changes`` replace fields of the puzzle."""
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    puzzle: dict[str, Any] = {
        "id": "first-strike",
        "seat": 0,
        "position": {"spec": copy.deepcopy(FIRST_STRIKE)},
        "goal": {"kind": "defeat", "card": swordsman, "keep": True},
        "solution": [f"attack {wolf}", f"block {swordsman}", "counter"],
        "answers": [f"attack {wolf}"],
        "tags": ["DQ-7.8"],
        "difficulty": 2,
        "title": {"en": "First strike", "ja": "先に攻撃"},
        "hint": {"en": "Speed decides who strikes first.", "ja": "すばやさで先に攻撃するカードが決まります。"},
    }
    puzzle.update(changes)
    return {"format": "tcgteach-puzzles", "version": 1, "game": "dragonquest", "puzzles": [puzzle]}


def refused(data: Any) -> PuzzleFileError:
    with pytest.raises(PuzzleFileError) as info:
        load_puzzles(data)
    return info.value


# -- the solver on positions whose answer is known ---------------------------------------------------------
def test_DQ_7_8_first_strike_defeat_takes_no_damage() -> None:
    """The faster Grey Wolf defeats the Swordsman before it strikes back (DQ-7.8); the Brawler, as fast as the
    Swordsman, trades blows and is defeated: only the wolf's attack keeps every card."""
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    s = DQ.position(FIRST_STRIKE)
    before = s.to_dict()
    proof = solve(state=s, seat=0, goal=Goal("defeat", card=swordsman, keep=True))
    assert s.to_dict() == before  # the search leaves the state as it was
    assert proof.answers == (f"attack {wolf}",)
    assert proof.unique and set(proof.choices) == {f"attack {brawler}", f"attack {wolf}", "pass"}
    beaten = proof.refutation(f"attack {brawler}")
    assert beaten is not None and beaten.line == (f"attack {brawler}", f"block {swordsman}", "counter")
    assert "DQ-7.8" in beaten.rules and "DQ-7.7" in beaten.rules and "DQ-8.2" in beaten.rules
    assert proof.line == (f"attack {wolf}", f"block {swordsman}", "counter")
    assert proof.nodes > 0 and proof.seconds >= 0


def test_DQ_8_2_without_keep_both_attacks_defeat_the_swordsman() -> None:
    """Without "keep", losing the Brawler in the trade does not matter: both attacks defeat the Swordsman
    (attack 3 against HP 3, DQ-8.2), passing does not."""
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    proof = solve(state=DQ.position(FIRST_STRIKE), seat=0, goal=Goal("defeat", card=swordsman))
    assert proof.answers == (f"attack {brawler}", f"attack {wolf}")
    assert not proof.unique
    assert proof.refutations[0].action == "pass"


def _survive_spec() -> dict[str, Any]:
    """P1's Cave Rat (attack 2, HP 1, speed 4) attacks; P2 has only a Flutter Bat (attack 1, HP 1, speed 6) and
    one card left in the deck: 2 damage to the bat would need two cards (DQ-8.1) and lose the game (DQ-1.2)."""
    pool = [cid for cid, c in DQ.cards.items() if c.is_party]
    discard = [pool[i % len(pool)] for i in range(48)]
    return {
        "turn_player": 0,
        "node": "combat.action",
        "players": [
            {"front": ["M03"], "deck": {"fill": "beasts"}},
            {"front": ["M02"], "deck": ["H01"], "discard": discard},
        ],
    }


def test_DQ_7_7_survive_by_striking_back_first() -> None:
    """Not blocking leaves the bat the defending card all the same (DQ-7.5), and it may still strike back
    (DQ-7.7): striking back, the faster bat defeats the rat before it deals damage (DQ-7.8); not striking back,
    the bat takes 2 damage from a deck of one card and P2 loses (DQ-8.1, DQ-1.2)."""
    s = DQ.position(_survive_spec())
    (rat,) = _ids(s, 0, "front")
    (bat,) = _ids(s, 1, "front")
    s.apply(f"attack {rat}")
    both = solve(state=s, seat=1, goal=Goal("survive"))
    assert both.answers == (f"block {bat}", "noblock")  # either way the bat defends and decides next
    s.apply("noblock")
    assert s.current_player == 1
    proof = solve(state=s, seat=1, goal=Goal("survive"))
    assert proof.answers == ("counter",) and proof.unique
    lost = proof.refutation("nocounter")
    assert lost is not None and lost.line[0] == "nocounter"
    assert "DQ-7.7" in lost.rules and "DQ-1.2" in lost.rules
    assert "DQ-7.8" in proof.line_rules and "DQ-8.2" in proof.line_rules


def test_DM_5_3_a_loose_special_is_the_only_point_of_the_first_turn() -> None:
    """The first player's first turn has one action (DM-4.3) and no unit can be made from an empty field
    (DM-4.6): only a special card played and left on the field scores (DM-5.3), so the answers to "reach 1
    point" are exactly the specials in hand."""
    game = cast(DarkMoon, tcgteach.game("darkmoon"))
    for seed in range(6):
        s = game.new_state(seed=seed)
        p = s.current_player
        specials = [f"play {c}" for c in sorted(s.zone(p, "hand")) if not s.inst.is_char[c]]
        if not specials:
            continue
        proof = solve(state=s, seat=p, goal=Goal("points", points=1))
        assert proof.answers == tuple(specials)
        assert "DM-4.5" in proof.line_rules
        break
    else:
        pytest.fail("no seed of 0-5 deals a special card into the first hand")


def test_the_search_budget_is_a_clear_error_not_a_hang() -> None:
    _, _, swordsman = _brawler_wolf_swordsman()
    s = DQ.position(FIRST_STRIKE)
    with pytest.raises(PuzzleSearchError, match="budget of 1 positions"):
        solve(state=s, seat=0, goal=Goal("defeat", card=swordsman, keep=True), budget=1)


# -- goals -------------------------------------------------------------------------------------------------------
def test_goal_status_open_met_failed_along_lines() -> None:
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    s = DQ.position(FIRST_STRIKE)
    goal = Goal("defeat", card=swordsman, keep=True).anchored(s, 0)
    assert goal.status(s) is OPEN
    for text in (f"attack {wolf}", f"block {swordsman}", "counter"):
        s.apply(text)
    assert goal.status(s) is MET
    s = DQ.position(FIRST_STRIKE)
    for text in (f"attack {brawler}", f"block {swordsman}", "counter"):
        s.apply(text)
    assert goal.status(s) is FAILED  # the brawler is in P1's experience box (DQ-8.2): a card was lost
    s = DQ.position(FIRST_STRIKE)
    s.apply("pass")
    assert s.turn != goal.turn and goal.status(s) is FAILED  # the turn ended without the defeat


def test_goal_texts_in_both_languages_and_the_glossary() -> None:
    from tcgteach.glossary import find_inconsistencies

    _, _, swordsman = _brawler_wolf_swordsman()
    s = DQ.position(FIRST_STRIKE)
    goals = [
        Goal("win").anchored(s, 0),
        Goal("defeat", card=swordsman, keep=True).anchored(s, 0),
        Goal("defeat", card=swordsman).anchored(s, 0),
    ]
    for goal in goals:
        en, ja = goal.text("en"), goal.text("ja")
        assert en and ja and en != ja
        assert not find_inconsistencies(ja, "ja") and not find_inconsistencies(en, "en")
    assert "Wandering Swordsman" in goals[1].text("en") and "撃破" in goals[1].text("ja")
    assert Goal("points", points=12).text("en").startswith("Reach 12 points")
    assert "12ポイント" in Goal("points", points=12).text("ja")
    with pytest.raises(TcgError, match="lang"):
        goals[0].text("fr")


def test_a_goal_that_does_not_fit_is_refused() -> None:
    s = DQ.position(FIRST_STRIKE)
    with pytest.raises(TcgError, match="darkmoon"):
        Goal("points", points=3).anchored(s, 0)
    with pytest.raises(TcgError, match="not a party card of the opponent"):
        Goal("defeat", card=0).anchored(s, 0)
    with pytest.raises(TcgError, match="whose turn it is not"):
        Goal("survive").anchored(s, 0)
    with pytest.raises(TcgError, match="anchored"):
        Goal("win").status(s)


# -- a learner's choice --------------------------------------------------------------------------------------
def test_check_says_right_or_wrong_with_the_refuting_reply_and_its_rules() -> None:
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    puzzle = load_puzzles(puzzle_file())[0]
    wrong = check(puzzle, f"attack {brawler}")
    assert not wrong.right and wrong.reply == (f"block {swordsman}", "counter") and wrong.rest == ()
    assert "DQ-7.8" in wrong.rules and wrong.answers == (f"attack {wolf}",)
    right = check(puzzle, f"attack {wolf}")
    assert right.right and right.rest == (f"block {swordsman}", "counter") and right.reply == ()
    later = puzzle.start()
    later.apply(f"attack {wolf}")
    later.apply(f"block {swordsman}")  # (P2's decision: check judges the seat's decisions only)
    with pytest.raises(TcgError, match="not seat 0's decision"):
        check(puzzle, "counter", state=later)
    with pytest.raises(IllegalActionError):
        check(puzzle, "attack 12345")


# -- the file: schema refusals with the JSON path --------------------------------------------------------------
def test_a_good_file_loads_and_proves() -> None:
    puzzles = load_puzzles(puzzle_file())
    assert len(puzzles) == 1 and puzzles.game == "dragonquest"
    p = puzzles[0]
    assert p.proof is not None and p.proof.unique and p.answers == p.proof.answers
    assert p.start().current_player == 0 and p.tags == ("DQ-7.8",)
    assert puzzles.nodes == p.proof.nodes


@pytest.mark.parametrize(
    "change,where,reason",
    [
        ({"format": "tcgteach-deck"}, "format", "tcgteach-puzzles"),
        ({"version": 2}, "version", "unsupported version"),
        ({"puzzles": []}, "puzzles", "1 to 2000"),
        ({"extra": 1}, "(top).extra", ""),
    ],
)
def test_schema_refusals_at_the_top_name_the_place(change: dict[str, Any], where: str, reason: str) -> None:
    data = puzzle_file()
    data.update(change)
    err = refused(data)
    assert err.file == "<puzzles>" and err.where == where and reason in str(err)


@pytest.mark.parametrize(
    "field,value,where,reason",
    [
        ("goal", {"kind": "checkmate"}, "goal.kind", "win, points, defeat, survive"),
        ("goal", {"kind": "points"}, "goal", "missing field 'points'"),
        ("solution", [], "solution", "1 to 200 actions"),
        ("solution", ["attack 49", 7], "solution[1]", "an action"),
        ("difficulty", 9, "difficulty", "1 (easy) to 5"),
        ("title", {"en": "only English"}, "title", "English and in Japanese"),
        ("tags", ["7.8"], "tags[0]", "rule ID"),
        ("seat", "P1", "seat", "seat number"),
    ],
)
def test_schema_refusals_inside_a_puzzle_name_the_json_path(field: str, value: Any, where: str, reason: str) -> None:
    err = refused(puzzle_file(**{field: value}))
    assert err.where == f"puzzles[0] (first-strike).{where}", str(err)
    assert reason in str(err)
    assert str(err).startswith(f"<puzzles>: puzzles[0] (first-strike).{where}: ")


def test_a_solution_that_does_not_reach_its_goal_is_refused() -> None:
    """The brawler's trade defeats the swordsman but loses the brawler: the goal (keep every card) failed."""
    brawler, _, swordsman = _brawler_wolf_swordsman()
    err = refused(puzzle_file(solution=[f"attack {brawler}", f"block {swordsman}", "counter"]))
    assert err.where == "puzzles[0] (first-strike).solution"
    assert "does not reach the goal" in str(err) and "failed" in str(err)


def test_a_solution_short_of_its_goal_is_refused_at_the_solution() -> None:
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    err = refused(puzzle_file(solution=[f"attack {wolf}", f"block {swordsman}"]))
    assert err.where == "puzzles[0] (first-strike).solution"
    assert "does not reach the goal" in str(err) and "open" in str(err)


def test_a_losing_first_choice_is_refused_with_the_reply_that_beats_it() -> None:
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    err = refused(
        puzzle_file(
            goal={"kind": "defeat", "card": swordsman},
            solution=[f"attack {brawler}", f"block {swordsman}", "counter"],
            answers=[f"attack {brawler}"],
        )
    )
    # both attacks defeat the swordsman without "keep": the second answer must be listed
    assert err.where == "puzzles[0] (first-strike).answers"
    assert f"attack {wolf}" in str(err) and "also reaches the goal" in str(err)


def test_a_puzzle_with_two_answers_loads_when_both_are_listed() -> None:
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    data = puzzle_file(
        goal={"kind": "defeat", "card": swordsman},
        solution=[f"attack {brawler}", f"block {swordsman}", "counter"],
        answers=[f"attack {brawler}", f"attack {wolf}"],
    )
    p = load_puzzles(data)[0]
    assert p.answers == (f"attack {brawler}", f"attack {wolf}")


def test_a_wrong_first_move_in_the_solution_is_refused_with_its_refutation() -> None:
    brawler, wolf, swordsman = _brawler_wolf_swordsman()
    # the brawler's attack keeps every card only if the swordsman does not strike back: the solution's line
    # reaches the goal, the proof refuses it (P2 blocks and strikes back, DQ-7.7)
    err = refused(puzzle_file(solution=[f"attack {brawler}", "noblock", "nocounter"]))
    assert err.where == "puzzles[0] (first-strike).solution[0]"
    assert "does not reach the goal against every reply" in str(err) and "DQ-7.7" in str(err)


def test_an_answer_that_does_not_work_is_refused() -> None:
    brawler, wolf, _ = _brawler_wolf_swordsman()
    err = refused(puzzle_file(answers=[f"attack {wolf}", f"attack {brawler}"]))
    assert err.where == "puzzles[0] (first-strike).answers[1]"


@pytest.mark.parametrize(
    "change,where,reason",
    [
        ({"solution": ["attack 12345"]}, "solution[0]", "[DQ-7.3] the attacking card must be"),
        ({"seat": 1}, "seat", "decision of seat 0"),
        ({"goal": {"kind": "defeat", "card": 0}}, "goal", "not a party card"),
        ({"tags": ["DQ-99.9"]}, "tags[0]", "no dragonquest rule"),
        ({"position": {"spec": {"players": []}}}, "position.spec.players", "exactly 2 players"),
        ({"position": {"record": {"seed": 1, "decks": ["heroes", "beasts"], "actions": ["fight"]}}}, "", ""),
    ],
)
def test_rule_refusals_name_the_place(change: dict[str, Any], where: str, reason: str) -> None:
    err = refused(puzzle_file(**change))
    if where:
        assert err.where == f"puzzles[0] (first-strike).{where}", str(err)
        assert reason in str(err)
    else:
        assert err.where.startswith("puzzles[0] (first-strike).position.record.actions[0]")


def test_a_duplicate_id_and_an_unknown_game_are_refused() -> None:
    data = puzzle_file()
    data["puzzles"].append(copy.deepcopy(data["puzzles"][0]))
    assert refused(data).where == "puzzles[1] (first-strike).id"
    data = puzzle_file()
    data["game"] = "chess"
    assert refused(data).where == "game"


def test_a_file_on_disk_is_named_and_bad_json_is_a_puzzle_file_error(tmp_path: Path) -> None:
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(puzzle_file()), encoding="utf-8")
    assert load_puzzles(good).source == str(good)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    err = refused(bad)
    assert err.file == str(bad) and "not valid JSON" in str(err)
    with pytest.raises(TcgError):
        load_puzzles(3)


# -- a defender's puzzle, later decisions, other positions, the commands ----------------------------------------
def survive_file() -> dict[str, Any]:
    """P2 to decide after P1's rat attacks (the position's actions): both block and no block keep the bat the
    defending card, so both are listed."""
    s = DQ.position(_survive_spec())
    (rat,) = _ids(s, 0, "front")
    (bat,) = _ids(s, 1, "front")
    puzzle = {
        "id": "hold-on",
        "seat": 1,
        "position": {"spec": _survive_spec(), "actions": [f"attack {rat}"]},
        "goal": {"kind": "survive"},
        "solution": [f"block {bat}", "counter"],
        "answers": [f"block {bat}", "noblock"],
        "tags": ["DQ-7.7", "DQ-7.8", "DQ-1.2"],
        "difficulty": 3,
        "title": {"en": "Hold on", "ja": "持ちこたえよう"},
        "hint": {"en": "The faster card strikes first.", "ja": "すばやいカードが先に攻撃します。"},
    }
    return {"format": "tcgteach-puzzles", "version": 1, "game": "dragonquest", "puzzles": [puzzle]}


def test_check_judges_a_later_decision_of_the_seat() -> None:
    puzzle = load_puzzles(survive_file())[0]
    assert puzzle.goal.text("en") == "Survive until your next turn."
    later = puzzle.start()
    later.apply("noblock")
    right = check(puzzle, "counter", state=later)
    assert right.right and right.met and right.rest == () and right.answers == ("counter",)  # the turn ends: met
    wrong = check(puzzle, "nocounter", state=later)
    assert not wrong.right and "DQ-1.2" in wrong.rules
    assert later.history[-1].VERB == "noblock"  # check leaves the state given as it was


def test_a_saved_state_is_a_position_and_a_set_round_trips() -> None:
    s = DQ.position(FIRST_STRIKE)
    data = puzzle_file(position={"state": s.to_dict()})
    puzzles = load_puzzles(data)
    assert puzzles.by_id("first-strike").start().to_dict() == s.to_dict()
    again = load_puzzles(puzzles.to_dict())
    assert again[0].to_dict() == puzzles[0].to_dict()
    with pytest.raises(TcgError, match="no puzzle"):
        puzzles.by_id("nothing")
    bad = puzzle_file(position={"state": {**s.to_dict(), "node": "nowhere"}})
    assert refused(bad).where.startswith("puzzles[0] (first-strike).position.state.")


def test_a_record_with_actions_beside_it_is_refused() -> None:
    record = {"seed": 1, "decks": ["heroes", "beasts"], "actions": []}
    err = refused(puzzle_file(position={"record": record, "actions": ["pass"]}))
    assert err.where == "puzzles[0] (first-strike).position.actions"


def test_the_summary_command_proves_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tcgteach.puzzles.__main__ import main

    path = tmp_path / "two.json"
    data = puzzle_file()
    data["puzzles"] += survive_file()["puzzles"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("dragonquest: 2 puzzles proved in ")
    assert "defeat 1, survive 1" in out and "3 rule IDs: DQ-1.2, DQ-7.7, DQ-7.8" in out


def test_retext_writes_titles_and_hints_from_the_tags(tmp_path: Path) -> None:
    from tcgteach.puzzles.mine import main, retext

    data = retext(puzzle_file())
    p = data["puzzles"][0]
    assert p["title"] == {"en": "Take it down: Judgment step", "ja": "撃破しよう：判定ステップ"}
    assert p["hint"]["en"] == "Remember rule DQ-7.8 (Judgment step). Your opponent holds no cards."
    assert p["hint"]["ja"].startswith("ルール DQ-7.8「判定ステップ」を思い出そう。相手の手札はありません。")
    src, out = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps(puzzle_file()), encoding="utf-8")
    assert main(["dragonquest", "--retext", str(src), "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["puzzles"][0]["title"] == p["title"]
