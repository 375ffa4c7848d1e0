"""Puzzles played as a learner would (issue 27, item 4): the play-through under every front end
(``PuzzleRun``), the puzzle pane driven from Python, the classroom's Puzzles mode, ``tcgteach puzzle`` with
piped input, and ``tcgteach classroom --puzzles FILE``.

The puzzles are the small sets in ``tests/puzzle_samples/`` (mined from seeded games, proved when loaded), so
these tests do not move when the shipped sets are mined again.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tcgteach
from tcgteach import cli
from tcgteach.core.errors import TcgError
from tcgteach.puzzle_run import Phase, PuzzleRun
from tcgteach.puzzles import MET, PuzzleFileError, load_puzzles
from tcgteach.widgets.table import SHOWN_BUTTON

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = Path(__file__).resolve().parent / "puzzle_samples"
DQ = SAMPLES / "dragonquest.json"
DM = SAMPLES / "darkmoon.json"


@pytest.fixture(scope="module")
def dq() -> Any:
    return load_puzzles(DQ)


@pytest.fixture(scope="module")
def dm() -> Any:
    return load_puzzles(DM)


def _phase(run: PuzzleRun) -> Phase:
    """Where the learner is (read through a call: each action changes it)."""
    return run.phase


def _wrong(run: PuzzleRun) -> int:
    """The number (from 1) of the first wrong choice of the puzzle on the table."""
    texts = [t for t, _ in run.choice_words()]
    return next(i for i, t in enumerate(texts, 1) if t not in run.puzzle.answers)


def _right(run: PuzzleRun) -> int:
    texts = [t for t, _ in run.choice_words()]
    return texts.index(run.puzzle.answers[0]) + 1


#: where the broken file of ``_bad_file`` breaks, as the loader names it (the puzzle's id may follow its index)
BAD_PLACE = r"puzzles\[0\][^:]*\.solution\[1\]: "


def _bad_file(tmp_path: Path) -> Path:
    """The Dragon Quest sample with the second action of its first solution broken."""
    data = json.loads(DQ.read_text(encoding="utf-8"))
    data["puzzles"][0]["solution"][1] = "counter"
    bad = tmp_path / "broken_puzzles.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    return bad


# -- the play-through -----------------------------------------------------------------------------------
def test_DQ_7_8_a_wrong_choice_is_played_out_with_the_reply_that_refutes_it_and_its_rules(dq: Any) -> None:
    run = PuzzleRun(dq)
    start = run.state.to_dict()
    verdict = run.answer(_wrong(run))
    assert not verdict.right and _phase(run) is Phase.REFUTED
    # the board shows the choice and then every move of the refutation, each with its events
    assert [m.action for m in run.moves] == [verdict.action, *verdict.reply]
    assert len(run.moves) > 1 and all(m.events for m in run.moves[:1])
    assert "DQ-7.8" in verdict.rules  # the judgment step decides it (the seat's own card falls too)
    assert run.puzzle.goal.status(run.state) is not MET
    assert run.record.wrong == [verdict.action] and not run.record.solved
    run.reset()
    assert run.state.to_dict() == start and _phase(run) is Phase.ASK and not run.moves


def test_a_right_choice_plays_its_line_one_move_at_a_time_to_the_goal(dq: Any) -> None:
    run = PuzzleRun(dq)
    verdict = run.answer(_right(run))
    assert verdict.right and _phase(run) is Phase.LINE
    line = list(verdict.rest)
    assert run.rest == line and len(run.moves) == 1
    first = run.advance()
    assert first is not None and first.action == line[0] and len(run.moves) == 2
    run.play_out()
    assert _phase(run) is Phase.SOLVED and run.goal_met() and run.advance() is None
    assert [m.action for m in run.moves] == [verdict.action, *line]
    with pytest.raises(TcgError, match="answered"):
        run.answer(1)


def test_the_score_counts_first_tries_out_of_the_puzzles_tried_and_coming_back_changes_nothing(dq: Any) -> None:
    run = PuzzleRun(dq)
    assert run.score == (0, 0)
    run.answer(_wrong(run))
    run.answer(_right(run))  # solved at the second try
    assert run.score == (0, 1)
    run.next()
    run.answer(_right(run))
    assert run.score == (1, 2) and not run.finished
    run.previous()
    run.answer(_right(run))  # the first puzzle again, right at once: its record stays
    assert run.score == (1, 2) and run.records[0].wrong
    run.go(2)
    assert run.hint("ja") == dq[2].hint["ja"] and run.records[2].hint
    run.answer(_right(run))
    run.play_out()
    assert run.at_end and run.finished and run.score == (2, 3)
    run.restart_set()
    assert run.score == (0, 0) and run.index == 0


def test_choices_are_the_positions_legal_actions_and_a_stranger_is_refused(dm: Any) -> None:
    run = PuzzleRun(dm)
    assert run.choices() == tuple(dm[0].start().legal_actions())
    assert len(run.choice_words("ja")) == len(run.choices())
    with pytest.raises(TcgError, match="from 1 to"):
        run.answer(len(run.choices()) + 1)
    with pytest.raises(TcgError):
        run.answer("nonsense 99")
    with pytest.raises(TcgError, match="no puzzle"):
        run.go(99)
    with pytest.raises(TcgError, match="puzzle set"):
        PuzzleRun([])


# -- the pane -------------------------------------------------------------------------------------------
def _pane(source: Any = DQ, **kw: Any) -> Any:
    from tcgteach.widgets import PuzzlePane

    return PuzzlePane(source, **kw)


def test_the_pane_shows_the_goal_the_board_and_one_button_per_choice(dq: Any) -> None:
    pane = _pane(dq)
    p = dq[0]
    assert p.goal.text("en") in pane.goal.value and "Puzzle 1 of 3" in pane.header.value
    assert "nothing tried yet" in pane.header.value and "★" in pane.header.value
    assert "tcg-board" in pane.board.value  # the shared board pane, as the puzzle's seat sees it
    assert [b.tooltip for b in pane.choice_buttons] == [str(a) for a in p.start().legal_actions()]
    assert all(b.description and not b.disabled for b in pane.choice_buttons)
    assert pane.next_move_button.layout.display == "none" and pane.try_again_button.layout.display == "none"


def test_a_wrong_click_shows_the_refutation_with_rule_ids_and_titles_then_try_again(dq: Any) -> None:
    pane = _pane(dq)
    run = pane.run
    game = run.game
    i = _wrong(run) - 1
    pane.choice_buttons[i].click()
    assert not pane.message.value  # no error
    fb = pane.feedback.value
    assert "Not this one." in fb and "Now the goal is out of reach." in fb
    verdict = run.verdict
    assert verdict is not None and verdict.rules
    for rule in verdict.rules:  # every deciding rule by its ID and its title
        assert f"<code>{rule}</code> {game.rule_title(rule, 'en')}".replace("'", "&#x27;") in fb
    for move in run.moves[1:]:  # the reply, move by move
        assert f"data-action='{move.action}'" in fb
    b = pane.choice_buttons[i]
    assert b.disabled and b.button_style == "danger" and b.description.startswith("✗")
    assert pane.try_again_button.layout.display == SHOWN_BUTTON
    assert "First try: 0 of 1" in pane.header.value
    pane.try_again_button.click()
    assert pane.caption.value == "The position" and not run.moves and "Not this one" not in pane.feedback.value
    assert pane.choice_buttons[i].disabled  # still marked: the learner tries another


def test_a_right_click_plays_the_line_step_by_step_and_counts_the_first_try(dq: Any) -> None:
    pane = _pane(dq)
    run = pane.run
    pane.choice_buttons[_right(run) - 1].click()
    assert "Right!" in pane.feedback.value and "First try: 1 of 1" in pane.header.value
    assert all(b.disabled for b in pane.choice_buttons)
    total = len(run.rest)
    assert total >= 1 and pane.next_move_button.layout.display == SHOWN_BUTTON
    pane.next_move_button.click()
    assert len(run.moves) == 2 and pane.caption.value == "The board after 2 moves"
    if run.rest:
        pane.play_out()
    assert _phase(run) is Phase.SOLVED and "Goal reached." in pane.feedback.value
    assert "The rules at work:" in pane.feedback.value
    assert pane.next_move_button.layout.display == "none" and pane.next_button.button_style == "success"


def test_hint_next_previous_and_the_summary_at_the_end(dq: Any) -> None:
    pane = _pane(dq, lang="ja")
    pane.hint_button.click()
    assert dq[0].hint["ja"] in pane.hint_text.value and pane.hint_button.disabled
    pane.previous_button.click()  # disabled at the first puzzle; pressed anyway it says so
    assert pane.run.index == 0
    pane.next_button.click()
    pane.next_button.click()
    assert pane.run.index == 2 and "第3問（全3問）" in pane.header.value
    pane.choice_buttons[_right(pane.run) - 1].click()
    pane.play_out()
    summary = pane.summary.value
    assert "全3問おわり：1回目で正解したのは1問です。" in summary
    assert summary.count("– 未解決") == 2 and "✓ 1回目で正解" in summary
    assert pane.again_button.layout.display == SHOWN_BUTTON
    pane.again_button.click()
    assert pane.run.index == 0 and pane.summary.value == "" and "まだ挑戦していません" in pane.header.value


def test_a_button_of_an_earlier_position_is_refused_and_changes_nothing(dq: Any) -> None:
    pane = _pane(dq)
    old = pane.choice_buttons[_right(pane.run) - 1]
    pane.next_button.click()
    before = pane.run.state.to_dict()
    old.click()
    assert "earlier position" in pane.message.value and pane.run.state.to_dict() == before
    assert pane.run.score == (0, 0)


def test_every_callback_is_guarded_an_error_is_a_short_message(dq: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pane = _pane(dq)
    pane.choice_buttons[_right(pane.run) - 1].click()

    def broken() -> None:
        raise ValueError("the engine fell over")

    monkeypatch.setattr(pane.run, "advance", broken)
    pane.next_move_button.click()  # no exception reaches the caller
    assert "Unexpected error (ValueError): the engine fell over" in pane.message.value


def test_the_language_switch_keeps_the_puzzle_and_what_was_played(dq: Any) -> None:
    pane = _pane(dq)
    pane.choice_buttons[_wrong(pane.run) - 1].click()
    moves = list(pane.run.moves)
    pane.set_lang("ja")
    assert pane.run.moves == moves and "ちがいます。" in pane.feedback.value
    assert "決め手になるルール：" in pane.feedback.value and dq[0].goal.text("ja") in pane.goal.value
    assert pane.try_again_button.description == "もう一度考える"


def test_projector_mode_and_the_link_target(dq: Any) -> None:
    pane = _pane(dq, projector=True)
    assert "tcg-projector" in pane._dom_classes
    pane.set_projector(False)
    assert "tcg-projector" not in pane._dom_classes
    pane.go(1)
    assert pane.link_target() == {"game": "dragonquest", "set": str(DQ), "puzzle": dq[1].id, "index": 1}
    from tcgteach.puzzles import builtin, builtin_games

    if "darkmoon" in builtin_games():  # a shipped set is named by its game alone
        assert _pane("darkmoon").link_target() == {
            "game": "darkmoon",
            "set": "",
            "puzzle": builtin("darkmoon")[0].id,
            "index": 0,
        }


def test_a_teachers_file_is_checked_when_the_pane_opens(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFileError, match=r"broken_puzzles\.json: puzzles\[0\][^:]*\.solution\[1\]: "):
        _pane(str(_bad_file(tmp_path)))


# -- the classroom --------------------------------------------------------------------------------------
def test_classroom_puzzles_mode_switches_with_quiz_and_back_to_the_waiting_game() -> None:
    from tcgteach.widgets import Classroom

    c = Classroom("dragonquest", seed=2, pause=0, puzzles=str(DQ))
    play = list(c.children)
    state = c.state.to_dict()
    assert c.puzzles_button.layout.display == SHOWN_BUTTON and c.puzzles_button.description == "Puzzles"
    c.puzzles_button.value = True
    pane = c.puzzles
    assert pane is not None and pane in c.children and c._main not in c.children
    assert c.puzzles_button.description == "Back to the game" and pane.run.puzzle.id == load_puzzles(DQ)[0].id
    pane.choice_buttons[0].click()
    c.lang_toggle.value = "ja"  # the classroom's language reaches the pane
    assert pane.lang == "ja" and c.puzzles_button.description == "ゲームに戻る"
    c.quiz_button.value = True  # one mode at a time
    assert c.quiz in c.children and pane not in c.children and not c.puzzles_button.value
    assert c.puzzles_button.description == "パズル"
    c.puzzles_button.value = True
    assert c.puzzles is pane and pane in c.children
    assert not c.quiz_button.value and c.quiz_button.description == "クイズ"
    assert pane.run.moves  # the pane waited as it was
    c.puzzles_button.value = False
    assert list(c.children) == play and c.state.to_dict() == state


def test_classroom_offers_puzzles_for_a_game_only_when_it_has_some() -> None:
    from tcgteach.puzzles import builtin_games
    from tcgteach.widgets import Classroom

    for game in tcgteach.games():  # a plugin game has no shipped puzzles: no button
        c = Classroom(game, pause=0)
        shown = c.puzzles_button.layout.display == SHOWN_BUTTON
        assert shown == (game in builtin_games()), game
        if not shown:
            with pytest.raises(TcgError, match="has no puzzles yet"):
                c.show_puzzles(True)
            assert list(c.children) == c._rows


def test_a_bad_puzzle_file_is_refused_when_the_classroom_starts(tmp_path: Path) -> None:
    from tcgteach.widgets import Classroom

    with pytest.raises(PuzzleFileError, match=r"puzzles\[0\][^:]*\.solution\[1\]"):
        Classroom("dragonquest", puzzles=str(_bad_file(tmp_path)))


def test_classroom_puzzles_is_checked_and_handed_to_the_apps(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgteach import classroom_server

    seen: dict[str, Any] = {}
    monkeypatch.setattr(
        classroom_server, "serve", lambda notebook, **kw: seen.update(p=os.environ.get("TCGTEACH_PUZZLES")) or 0
    )
    monkeypatch.setenv("TCGTEACH_PUZZLES", "")  # recorded: the command sets it, the teardown removes it
    monkeypatch.delenv("TCGTEACH_PUZZLES")
    assert cli.main(["classroom", "--puzzles", str(DQ)]) == 0
    assert seen == {"p": str(DQ.resolve())}


def test_a_bad_puzzle_file_for_the_classroom_is_one_line_naming_its_json_path_before_serving(tmp_path: Path) -> None:
    bad = _bad_file(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "tcgteach", "classroom", "--puzzles", str(bad), "--notebook", "nowhere.ipynb"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(lines) == 1 and "broken_puzzles.json" in lines[0] and re.search(BAD_PLACE, lines[0]), lines
    assert "nowhere.ipynb" not in lines[0]  # refused before the notebook is even looked for


def test_the_classroom_notebook_reads_the_puzzles_the_command_hands_over() -> None:
    nb = json.loads((ROOT / "notebooks" / "05_classroom.ipynb").read_text(encoding="utf-8"))
    assert 'puzzles=os.environ.get("TCGTEACH_PUZZLES") or None' in "".join(nb["cells"][0]["source"])


# -- the terminal ---------------------------------------------------------------------------------------
def _play(args: list[str], answers: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        code = cli.main(["puzzle", *args], out=out, inp=io.StringIO(answers))
    finally:
        sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_tcgteach_puzzle_plays_a_set_wrong_then_right_hint_skip_and_scores(dq: Any) -> None:
    run = PuzzleRun(dq)
    wrong, right = _wrong(run), _right(run)
    run.next()
    right2 = _right(run)
    code, out, err = _play(["--puzzles", str(DQ)], f"{wrong}\nh\n0\nfoo\n{right}\n{right2}\ns\n")
    assert code == 0 and not err
    assert "== Puzzle 1 of 3" in out and dq[0].goal.text("en") in out
    assert "✗ Not this one." in out and "The rules that decide it: " in out and "Judgment step" in out
    assert out.count("[DQ-7.8]") >= 2  # the refutation's events and the line's, with their rules
    assert dq[0].hint["en"] in out
    assert "choose a number from 1 to" in out and "foo: not one of the choices" in out
    assert out.count("✓ Goal reached.") == 2 and "First try: 0 of 1" in out and "First try: 1 of 2" in out
    assert "Set finished: 1 of 3 solved at the first try." in out
    assert "  | " in out  # the board, as plain lines


def test_tcgteach_puzzle_in_japanese_takes_an_action_text_and_quits(dm: Any) -> None:
    answer = dm[0].answers[0]
    code, out, _ = _play(["--puzzles", str(DM), "--lang", "ja", "--no-board"], f"{answer}\nq\n")
    assert code == 0 and "  | " not in out
    assert "== 第1問（全2問）" in out and "✓ 正解！" in out and "目標達成！" in out
    assert out.rstrip().endswith("1回目で正解：1問中1問")


def test_tcgteach_puzzle_errors_are_one_line(tmp_path: Path) -> None:
    code, _, err = _play(["--puzzles", str(DQ)], "")
    assert code == 2 and err.strip() == "tcgteach: error: input ended before the set did"
    code, _, err = _play(["--puzzles", str(_bad_file(tmp_path))], "")
    assert code == 2 and len(err.strip().splitlines()) == 1 and re.search(BAD_PLACE, err)
    code, _, err = _play(["--puzzles", str(tmp_path / "none.json")], "")
    assert code == 2 and "no such file" in err


def test_tcgteach_puzzle_with_piped_stdin_in_a_real_process() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tcgteach", "puzzle", "--puzzles", str(DM), "--no-board"],
        input="s\ns\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.count("answer> ") == 2 and "Set finished: 0 of 2" in proc.stdout


# -- the lessons ----------------------------------------------------------------------------------------
def test_each_lesson_ends_with_two_puzzles_on_its_rules_in_both_languages() -> None:
    """Issue 27: "at the end of each lesson, two puzzles on its rules" — the last cell of every lesson notebook
    shows them, and the two picked from the shipped sets are tagged with rules the lesson teaches (one of each
    game for a lesson on both)."""
    from tcgteach.explorer_lessons import lessons
    from tcgteach.puzzle_run import lesson_puzzle_list

    for lesson in lessons():
        for lang in ("en", "ja"):
            nb = json.loads((ROOT / "notebooks" / lesson.notebooks[lang]).read_text(encoding="utf-8"))
            code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
            last = "".join(nb["cells"][-1]["source"])
            assert f'lesson_puzzles("{lesson.id}", lang=LANG)' in last and f'LANG = "{lang}"' in code, (lesson.id, lang)
        picked = lesson_puzzle_list(lesson.id)
        assert len(picked) == 2 and len({p.id for p in picked}) == 2, lesson.id
        for p in picked:
            taught = [t for t in p.tags if lesson.teaches(t)]
            assert taught, f"{lesson.id}: {p.id} is tagged {p.tags}, none of them taught by the lesson"
        games = {p.game for p in picked}
        assert games == ({"darkmoon", "dragonquest"} if lesson.game == "both" else {lesson.game}), lesson.id


def test_the_lesson_pane_is_titled_for_the_lesson_and_refuses_an_unknown_one() -> None:
    from tcgteach.widgets import lesson_puzzles

    pane = lesson_puzzles("03_dragonquest_combat", lang="ja")
    assert "このレッスンのルールを使うパズル2問" in pane.header.value and len(pane.run.puzzles) == 2
    with pytest.raises(TcgError, match="no lesson '99_nope'"):
        lesson_puzzles("99_nope")
