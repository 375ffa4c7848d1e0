"""The review of a game (issue 24): timeline, win chances, decisive moments, try again, fork, HTML and CLI."""

from __future__ import annotations

import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import tcgteach
from tcgteach.agents import HeuristicAgent, RandomAgent
from tcgteach.core.errors import TcgError
from tcgteach.review import Review, Timeline
from tcgteach.review.chances import win_chances
from tcgteach.review.moments import evaluate

ROOT = Path(__file__).resolve().parents[1]


def played(name: str, seed: int, agents: list[Any]) -> Any:
    s = tcgteach.game(name).new_state(seed=seed)
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        s.apply(agents[p].act(s.view(p)))
    return s


def test_timeline_marks_turns_and_what_the_game_names() -> None:
    dq = played("dragonquest", 4, [HeuristicAgent(1), HeuristicAgent(2)])
    tl = Timeline(dq)
    assert len(tl) == len(dq.history)
    kinds = [e.kind for m in tl.moves for e in m.events]
    assert len(tl.marked("defeat")) == len({m.index for m in tl.moves if any(e.kind == "defeat" for e in m.events)})
    assert kinds.count("attack") == len(tl.marked("combat")) > 0
    starts = [i for t, i in tl.turns()]
    assert tl.marked("turn") == starts and starts[0] == 0
    assert all(tl.moves[i].turn == t for t, i in tl.turns())
    dm = Timeline(played("darkmoon", 4, [HeuristicAgent(1), HeuristicAgent(2)]))
    assert len(dm.marked("unit")) == sum(e.kind == "unit_created" for m in dm.moves for e in m.events) > 0
    with pytest.raises(TcgError, match="mark must be one of"):
        tl.marked("goal")


def test_a_seat_sees_the_moves_as_its_view_showed_them() -> None:
    war = played("war", 4, [RandomAgent(1), RandomAgent(2)])
    tl = Timeline(war)
    hidden = [m.index for m in tl.moves if "face down" in tl.text(m.index) and m.actor == 0]
    assert hidden
    assert all("?" in tl.text(i, seat=1) and "?" not in tl.text(i, seat=0) for i in hidden if i > 0)
    assert tl.position(hidden[0]) == tl.position(hidden[0]) and tl.position(len(tl)) == war


def test_the_end_is_exact_and_late_positions_lean_to_the_winner() -> None:
    leans = []
    for seed in (1, 2, 3):
        s = played("darkmoon", seed, [HeuristicAgent(seed), RandomAgent(seed)])
        (winner,) = s.result().winners
        points = win_chances(s, rollouts=16, seed=1)
        end = points[-1]
        assert end.n == 0 and end.mean[winner] == 1.0 and end.low == end.high == end.mean
        late = [c.mean[winner] for c in points[-6:-1]]
        leans.append(sum(late) / len(late))
        assert all(c.low[0] <= c.mean[0] <= c.high[0] for c in points)
        assert all(abs(sum(c.mean) - 1.0) < 1e-9 for c in points)  # two seats: the chances share the game
    assert min(leans) > 0.75, leans  # a won position near 1 (the loser's near 0)


def test_the_figures_are_the_same_on_any_executor() -> None:
    s = played("darkmoon", 8, [RandomAgent(1), RandomAgent(2)])
    here = win_chances(s, rollouts=4, seed=3)
    with ThreadPoolExecutor(2) as pool:
        there = win_chances(Timeline(s), rollouts=4, seed=4, executor=pool)
        again = win_chances(Timeline(s), rollouts=4, seed=3, executor=pool)
    assert again is here  # cached per record
    assert [c.index for c in there] == [c.index for c in here]
    from tcgteach.review import chances

    chances._CACHE.clear()
    with ThreadPoolExecutor(2) as pool:
        assert win_chances(Timeline(s), rollouts=4, seed=3, executor=pool) == here


def _planted() -> tuple[Any, int]:
    """A DARK MOON game of the rule-of-thumb player on both sides, with seat 0's worst choice planted at its
    first decision from turn 6 on where the worst is far behind the best; the index of the blunder."""
    g = tcgteach.game("darkmoon")
    s = g.new_state(seed=11)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    planted = None
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        legal = s.legal_actions()
        if planted is None and p == 0 and s.turn >= 6 and len(legal) > 2:
            ev = evaluate(s, list(legal), 24, 5)
            worst = min(range(len(legal)), key=lambda k: ev.means[k])
            if max(ev.means) - ev.means[worst] > 0.5:
                planted = len(s.history)
                s.apply(legal[worst])
                continue
        s.apply(agents[p].act(s.view(p)))
    assert planted is not None
    return s, planted


@pytest.fixture(scope="module")
def blunder() -> tuple[Review, int]:
    s, index = _planted()
    return Review(s, rollouts=32, seed=2), index


def test_a_planted_blunder_is_a_decisive_moment_with_the_coachs_reason(blunder: tuple[Review, int]) -> None:
    review, index = blunder
    moments = review.moments(0, "en")
    assert 1 <= len(moments) <= 3
    found = [m for m in moments if m.index == index]
    assert found, [(m.index, m.drop) for m in moments]
    m = found[0]
    assert m.mistake and m.best != m.played and m.best_value > m.played_value
    assert m.drop > m.noise > 0
    assert [m.drop for m in moments] == sorted((m.drop for m in moments), reverse=True)
    assert all(re.search(r"\(DM-\d", str(r)) for r in m.reasons_best)
    ja = [x for x in review.moments(0, "ja") if x.index == index][0]
    assert ja.best == m.best and re.search("[ぁ-んァ-ン]", ja.best_text)


def test_a_fall_within_the_noise_is_no_moment() -> None:
    s = played("darkmoon", 8, [RandomAgent(1), RandomAgent(2)])
    review = Review(s, rollouts=2, seed=1)  # two rollouts: every band is wide
    for seat in (0, 1):
        for m in review.moments(seat):
            assert m.drop > m.noise


def test_try_again_judges_another_choice_and_fork_keeps_the_original(blunder: tuple[Review, int]) -> None:
    review, index = blunder
    m = [x for x in review.moments(0) if x.index == index][0]
    better = review.try_again(index, m.best)
    assert better.verdict == "better" and better.value > better.played_value
    same = review.try_again(index, str(m.played))
    assert same.verdict == "same" and same.value == same.played_value
    with pytest.raises(TcgError, match="not one of the choices"):
        review.try_again(index, "nonsense")
    fork = review.fork(index)
    fork.apply(m.best)
    assert review.timeline.position(index + 1).history[index] == m.played  # the reviewed game is as it was
    assert len(fork.history) == index + 1


def test_the_html_review_stands_alone(blunder: tuple[Review, int], tmp_path: Path) -> None:
    review, index = blunder
    for lang in ("en", "ja"):
        page = review.to_html(lang)
        assert f'<html lang="{lang}">' in page and "<script" not in page
        assert not re.findall(r'(?:src|href)="https?://', page)
        assert page.count("<polyline") == 2 and page.count("<polygon") == 2
        assert all(f'id="m{i}"' in page for i in range(len(review.timeline)))
        assert f'id="moment-0-{index}"' in page
    assert "勝負を分けた場面" in review.to_html("ja")
    out = tmp_path / "r.html"
    review.write_html(out, "ja")
    assert out.read_text(encoding="utf-8") == review.to_html("ja")


def test_cli_review_writes_the_page_and_refuses_a_bad_record(tmp_path: Path) -> None:
    rec, page = tmp_path / "g.rec", tmp_path / "g.html"
    run = [sys.executable, "-m", "tcgteach"]
    subprocess.run(run + ["play", "war", "--seed", "3", "--quiet", "--record", str(rec)], check=True, cwd=ROOT)
    done = subprocess.run(
        run
        + ["review", str(rec), "--lang", "ja", "--out", str(page), "--rollouts", "4", "--jobs", "1"]
        + ["--no-progress"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "勝負を分けた場面" in done.stdout and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    bad = tmp_path / "bad.rec"
    bad.write_text("Game: chess\n", encoding="utf-8")
    failed = subprocess.run(run + ["review", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert failed.returncode == 2 and failed.stderr.count("\n") == 1 and "bad.rec" in failed.stderr


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Review(3), "source must be a game state"),
        (lambda: Review(played("war", 1, [RandomAgent(1), RandomAgent(2)]), rollouts=1), "rollouts"),
        (lambda: Review(tcgteach.game("war").new_state(seed=1).view(0)), "not a player's view|full game"),
        (lambda: Review(tcgteach.game("war").new_state(seed=1), seats=[5]), r"seats\[\]"),
        (lambda: win_chances(tcgteach.game("war").new_state(seed=1), executor="pool"), "executor must be"),
    ],
)
def test_bad_arguments_are_library_errors(call: Any, message: str) -> None:
    with pytest.raises(TcgError, match=message):
        call()
