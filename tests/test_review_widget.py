"""The review widget (issue 24, items 1, 2, 4, 5): the move list by turn with its marks, the slider and the
buttons, a click on a move or on the chart showing the board and graph as they were, a seat's view masking
what it could not see (the open view only once the game is over), the chances worked out with a progress bar
(in the kernel's loop, scrubbable meanwhile), the decisive moments with Try again and Continue from here, and
the classroom's "Review this game"."""

from __future__ import annotations

import asyncio
import html
from typing import Any

import pytest

import tcgteach
from tcgteach.agents import HeuristicAgent, RandomAgent
from tcgteach.core.errors import TcgError
from tcgteach.session import Session
from tcgteach.viz.board import board_html

pytest.importorskip("ipywidgets")

from tcgteach.widgets import Classroom, Review, Stepper  # noqa: E402


def played(name: str, seed: int, moves: int | None = None) -> Any:
    """A game of ``name`` played by the computer against a random player (cut after ``moves`` moves)."""
    session = Session(tcgteach.game(name).new_state(seed=seed), [HeuristicAgent(seed), RandomAgent(seed + 1)])
    if moves is None:
        session.play_out()
    else:
        for _ in range(moves):
            session.step()
    return session.state


@pytest.fixture(scope="module")
def dq_review() -> Review:
    return Review(played("dragonquest", 3), lang="en", seat=0, rollouts=2)


@pytest.fixture(scope="module")
def dm_review() -> Review:
    return Review(played("darkmoon", 2), lang="ja", seat=None, rollouts=2)


def labels(r: Review) -> list[str]:
    return [label for label, _ in r.moves.options]


def test_the_move_list_is_grouped_by_turn_with_marks_and_a_click_shows_that_position(dq_review: Review) -> None:
    r, tl = dq_review, dq_review.timeline
    rows = labels(r)
    assert rows[0] == "Start (the set-up)"
    turns = [t for t, _ in tl.turns()]
    assert [x for x in rows if x.startswith("── Turn")] == [f"── Turn {t} ──" for t in turns]
    combats = tl.marked("combat")
    assert combats, "a game with a fight"
    assert any(x.startswith(f"{combats[0] + 1}. ") and "[combat" in x for x in rows)
    assert "   · Battle phase" in rows and "   · Preparation" in rows  # each phase of a turn heads its moves
    # a click on a move's row shows the game after it: the board, the log and the graph of that position
    row = next(i for i, x in enumerate(rows) if x.startswith(f"{combats[0] + 1}. "))
    r.moves.index = row
    assert r.position == combats[0] + 1 and r.slider.value == r.position
    shown = tl.position(r.position)
    assert r.board.value == board_html(shown, lang="en", perspective=0)
    assert r.session.state.history == shown.history
    assert f'data-current="{shown.node}"' in r.graph_pane.state_line.value
    assert "After move" in r.where.value


def test_the_slider_and_the_buttons_move_through_the_game(dq_review: Review) -> None:
    r = dq_review
    r.slider.value = 5
    assert r.position == 5 and r.moves.value is not None
    assert labels(r)[r.moves.index].startswith("5. ")  # the row of the move that led here
    r.next_button.click()
    assert r.position == 6
    r.prev_button.click()
    r.prev_button.click()
    assert r.position == 4
    r.show(0)
    assert r.prev_button.disabled and r.moves.index == 0 and "no move made yet" in r.where.value
    r.show(len(r.timeline))
    assert r.next_button.disabled and "The end: P" in r.where.value
    with pytest.raises(TcgError, match="position"):
        r.show(len(r.timeline) + 1)


def test_a_seat_sees_what_it_could_see_then_and_the_open_view_only_after_the_game(dq_review: Review) -> None:
    r = dq_review
    p = next(m.index for m in r.timeline.moves if m.turn == 2)  # both hands full of cards by now
    r.show(p)
    state = r.timeline.position(p)
    for seat in (0, 1):
        r.set_seat(seat)
        assert r.board.value == board_html(state, lang="en", perspective=seat)
    r.seat_picker.value = -1  # everything: the game is over
    assert r.seat is None and r.board.value == board_html(state, lang="en", perspective=None)
    assert r.board.value != board_html(state, lang="en", perspective=1)  # P1's hand is hidden from P2
    # the log follows the seat too: a card drawn is named to its owner only ...
    r.set_seat(0)
    mine = "".join(r.log_pane.cache)
    r.set_seat(1)
    theirs = "".join(r.log_pane.cache)
    assert mine != theirs and "draws" in mine
    r.set_seat(0)
    # ... and a game still going has no open view
    live = Review(played("dragonquest", 3, moves=12), seat=0, rollouts=2, start=False)
    assert [v for _, v in live.seat_picker.options] == [0, 1]
    with pytest.raises(TcgError, match="once the game is over"):
        live.set_seat(None)
    with pytest.raises(TcgError, match="once the game is over"):
        Review(played("dragonquest", 3, moves=12), seat=None, start=False)


def test_the_chances_come_with_a_progress_bar_and_the_chart_jumps_to_its_points(dq_review: Review) -> None:
    r = dq_review
    points = r.review_points()
    assert r.review.estimated and r.progress.value == r.progress.max == len(points)
    assert "positions" in r.progress_label.value and r.progress.layout.display == "none"
    assert r.chart.value.startswith("<svg") and "<a " not in r.chart.value  # the widget's own click targets
    assert [c.index for c in r._chances] == points
    for target in (r.hits.children[0], r.hits.children[len(r.hits.children) // 2], r.hits.children[-1]):
        target.click()
        assert r.position in points
    assert r.position == len(r.timeline)  # the last target: the end
    assert "%" in r.where.value  # the chances at the position shown


def test_the_decisive_moments_try_again_and_continue_from_here(dq_review: Review) -> None:
    r = dq_review
    rows = r.moments_box.children
    assert "The moments that decided it: P1" in rows[0].value
    assert "1.96" in rows[-1].value  # the noise rule, stated
    moments = r.review.moments(0, "en")
    if moments:
        m = moments[0]
        box = rows[1]
        go, again, cont = box.children[1].children
        go.click()
        assert r.position == m.index
        again.click()
    else:
        m = None
        r.open_try(r.timeline.decisions(0)[0].index)
    index = m.index if m is not None else r.timeline.decisions(0)[0].index
    assert r.tabs.selected_index == 2 and r.position == index
    choices = r.try_box.children[1].children
    assert len(choices) == r.timeline.moves[index].legal
    choices[-1].click()
    verdict = html.unescape(r.verdict.value)
    assert any(w in verdict for w in ("is better than", "is worse than", "are alike within the noise"))
    assert "The coach's best here" in verdict
    # any decision can be continued: a stepper over the position, the person in the seat shown, the coach elsewhere
    stepper = r.continue_from(index)
    assert isinstance(stepper, Stepper) and stepper in r.children
    assert stepper.state.history == r.timeline.position(index).history
    assert stepper.session.agents[0] is None and stepper.session.agents[1] is not None
    assert len(r.timeline) == len(r.review.timeline.final.history)  # the reviewed game is kept
    r.close_continued()
    assert list(r.children) == list(r._rows)
    r.show(len(r.timeline))
    assert r.continue_button.disabled
    with pytest.raises(TcgError, match="nothing to continue"):
        r.continue_from(len(r.timeline))
    with pytest.raises(TcgError, match="nothing to try again|one legal action"):
        r.open_try(next(m.index for m in r.timeline.moves if not m.decision))


def test_a_review_in_japanese_uses_the_glossary_words(dm_review: Review) -> None:
    r = dm_review
    rows = labels(r)
    assert rows[0] == "開始（準備）" and any("ターン目 ──" in x for x in rows)
    assert any("[ユニット完成" in x for x in rows)
    assert r.seat is None and r.seat_picker.value == -1
    assert "勝率" in r.progress_label.value and r.tabs.titles == ("手の一覧", "勝負の分かれ目", "やり直す")
    assert "勝負を分けた場面：P1" in r.moments_box.children[0].value


def test_in_a_kernel_the_chances_are_worked_out_in_the_background_and_the_review_can_be_scrubbed() -> None:
    state = played("darkmoon", 5)

    async def scenario() -> tuple[int, int, bool]:
        r = Review(state, seat=0, rollouts=3, seed=11)
        assert not r.review.estimated and r._task is not None  # started, not done: the cell returns at once
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        r.show(3)  # a click while the chances come in
        seen = r.progress.value
        await r._task
        return seen, r.progress.value, r.review.estimated

    seen, done, estimated = asyncio.run(scenario())
    assert 0 < seen < done and estimated


def test_bad_arguments_are_library_errors() -> None:
    state = played("darkmoon", 5, moves=6)
    for kw, match in (
        ({"lang": "fr"}, "lang"),
        ({"seat": 7}, "seat"),
        ({"projector": "yes"}, "projector"),
        ({"rollouts": 0}, "rollouts"),
        ({"start": 1}, "start"),
    ):
        with pytest.raises(TcgError, match=match):
            Review(state, **({"start": False} | kw))
    with pytest.raises(TcgError):
        Review("no such file.tcgrec")


def test_the_classroom_offers_review_this_game_when_a_game_ends() -> None:
    import random

    c = Classroom("dragonquest", agents=["person", "heuristic"], seed=4)
    c.review_rollouts = 2
    assert c.result.layout.display == "none"
    rng = random.Random(2)
    while not c.state.is_terminal():
        c.apply(rng.choice(c.state.legal_actions()))
    assert c.result.layout.display == "flex"
    button = c.result.review
    assert button in c.result.children[1].children and button.description == "Review this game"
    play_rows = list(c.children)
    button.click()
    review = c.review
    assert isinstance(review, Review) and review in c.children and c.board not in c.children
    assert review.seat == 0  # through the person's eyes
    assert review.timeline.final.history == c.state.history
    assert (
        review.review.estimated and review.review.rollouts == 2
    )  # outside a kernel: worked out before the click returned
    c.children[0].click()  # Back to the game
    assert list(c.children) == play_rows
    c.show_review(True)
    assert c.review is review  # the same game: the same review, not worked out again


def test_every_seat_of_a_four_player_game_has_its_line_and_its_view() -> None:
    """DARK MOON with 2-6 players: a chance per seat at each point, a line per seat, a view per seat."""
    session = Session(
        tcgteach.game("darkmoon").new_state(seed=2, players=4),
        [HeuristicAgent(1), RandomAgent(2), HeuristicAgent(3), RandomAgent(4)],
    )
    session.play_out()
    r = Review(session.state, rollouts=2, seat=None)
    chances = r.review.chances()
    assert all(len(c.mean) == 4 for c in chances) and chances[-1].n == 0
    assert r.chart.value.count("<polyline") == 4
    assert [v for _, v in r.seat_picker.options] == [0, 1, 2, 3, -1]
    assert "Go to a decision" in r.try_box.children[0].value  # the Try again tab says how to start
