"""The session under every front end: apply, step, undo, take back, advance, transaction (no widgets)."""

from collections.abc import Sequence

import pytest

import tcgteach
from tcgteach import TcgError
from tcgteach.agents import Agent, RandomAgent
from tcgteach.core.actions import Action
from tcgteach.core.state import State
from tcgteach.session import Session, StepLimitError


def dm(seed: int = 3, agents: Sequence[Agent | None] | None = None) -> Session:
    state = tcgteach.game("darkmoon").new_state(seed=seed)
    return Session(state, agents if agents is not None else [RandomAgent(1), RandomAgent(2)])


def test_apply_records_the_actor_and_refuses_an_illegal_action_unchanged() -> None:
    s = dm()
    seat = s.state.current_player
    events = s.apply(s.state.legal_actions()[0])
    assert events and s.actors == [seat] and s.version == 1
    before = s.state.to_dict()
    with pytest.raises(ValueError):
        s.apply("no such action")
    assert s.state.to_dict() == before and s.actors == [seat] and s.version == 1


def test_step_plays_the_agent_to_move_and_waits_for_a_person() -> None:
    s = dm(agents=[None, None])
    assert s.person_to_move() and s.step() is None and not s.state.history
    s = dm()
    assert s.step() and len(s.state.history) == 1
    while s.step():
        pass
    assert s.state.is_terminal() and s.step() is None and s.agent_to_move() is None


def test_step_plays_as_the_state_would_with_the_same_agents() -> None:
    """The session adds no decision of its own: its game is the one the agents play on the bare state."""
    s = dm(seed=7)
    while s.step():
        pass
    state = tcgteach.game("darkmoon").new_state(seed=7)
    agents = [RandomAgent(1), RandomAgent(2)]
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        state.apply(agents[p].act(state.view(p)))
    assert s.state.to_dict() == state.to_dict()


def test_undo_at_the_start_is_false_and_changes_nothing() -> None:
    s = dm()
    start = s.state.to_dict()
    assert not s.undo() and s.version == 0
    s.step()
    assert s.undo() and s.state.to_dict() == start and s.actors == []


def test_take_back_undoes_to_before_the_persons_last_decision_with_the_agents_moves_after_it() -> None:
    s = dm(seed=4, agents=[None, RandomAgent(5)])
    assert s.take_back() is None and s.version == 0  # no person has moved yet
    s.advance()
    before = s.state.to_dict()
    history = len(s.state.history)
    s.apply(s.state.legal_actions()[-1])
    s.advance()
    assert len(s.state.history) > history + 1 or s.state.is_terminal() or s.person_to_move()
    assert s.take_back() == 0
    assert s.state.to_dict() == before and len(s.actors) == history


def test_advance_stops_where_a_person_must_decide_or_at_the_end() -> None:
    s = dm(seed=2, agents=[None, RandomAgent(3)])
    for _ in range(200):
        s.advance()
        if s.state.is_terminal():
            break
        assert s.person_to_move()
        s.apply(s.state.legal_actions()[-1])
    assert s.state.is_terminal() and s.advance() == 0
    agents_only = dm(seed=2)
    assert agents_only.advance() > 0 and agents_only.state.is_terminal()


def test_advance_over_its_cap_is_undone_as_a_whole() -> None:
    s = dm(seed=2)
    start = s.state.to_dict()
    with pytest.raises(StepLimitError) as err:
        s.advance(limit=5)
    assert err.value.limit == 5 and isinstance(err.value, TcgError)
    assert s.state.to_dict() == start and s.actors == []


def test_advance_says_which_agent_is_about_to_move() -> None:
    s = dm(seed=2, agents=[None, RandomAgent(3)])
    seen: list[tuple[int, Agent]] = []
    while not seen and not s.state.is_terminal():
        s.advance(before=lambda seat, agent: seen.append((seat, agent)))
        s.apply(s.state.legal_actions()[-1])
    assert seen and all(seat == 1 and isinstance(agent, RandomAgent) for seat, agent in seen)


def test_a_transaction_undoes_a_whole_failed_click() -> None:
    class Broken:
        name = "broken"

        def act(self, view: State) -> Action:
            raise RuntimeError("agent crashed")

    s = dm(seed=8, agents=[None, Broken()])
    for _ in range(50):
        before, actors, version = s.state.to_dict(), list(s.actors), s.version
        try:
            with s.transaction():
                s.apply(s.state.legal_actions()[-1])  # the person's move ...
                s.advance()  # ... and the broken agent's answer
        except RuntimeError as exc:
            assert "agent crashed" in str(exc)
            break
    else:
        pytest.fail("the broken agent never had to move")
    assert s.state.to_dict() == before and s.actors == actors and s.version > version


def test_restart_goes_on_with_another_state_and_refuses_another_table() -> None:
    s = dm()
    s.step()
    v = s.version
    s.restart(tcgteach.game("darkmoon").new_state(seed=9))
    assert s.actors == [] and s.version > v and not s.state.history
    with pytest.raises(TcgError, match="2 seated for 3 players"):
        s.restart(tcgteach.game("darkmoon").new_state(seed=9, players=3))
    with pytest.raises(TcgError, match="3 given for 2 players"):
        Session(tcgteach.game("darkmoon").new_state(seed=9), [None, None, None])


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_the_lean_decisions_of_the_simulator_play_the_same_game(agent: str) -> None:
    from tcgteach.agents import make_agent

    s = dm(seed=11, agents=[make_agent(agent, 1), make_agent(agent, 2)])
    t = dm(seed=11, agents=[make_agent(agent, 1), make_agent(agent, 2)])
    decide = s.deciders()
    while not s.state.is_terminal():
        p = s.state.current_player
        assert p is not None
        s.state.apply(decide[p]())
        t.step()
    assert s.state.to_dict() == t.state.to_dict() and s.actors == []
    with pytest.raises(TcgError, match="P1 is a person's seat"):
        dm(agents=[None, RandomAgent(1)]).deciders()


def _dq_to_a_lone_choice(auto_forced: bool) -> Session:
    """A Dragon Quest game, a person against a random agent, played by a fixed rule until the person has
    a decision with exactly one legal action (without the option)."""
    import random

    state = tcgteach.game("dragonquest").new_state(seed=4)
    s = Session(state, [None, RandomAgent(1)], auto_forced=auto_forced)
    pick = random.Random(1)
    for _ in range(200):
        s.advance()
        legal = s.state.legal_actions()
        if len(legal) == 1 or s.state.is_terminal():
            return s
        s.apply(legal[pick.randrange(len(legal))])
    raise AssertionError("no lone choice")


def test_forced_decisions_wait_for_the_person_unless_the_option_is_on() -> None:
    """Issue 12 item 5: off by default (lessons show them); on, a lone legal action is taken and marked."""
    assert Session(tcgteach.game("darkmoon").new_state(seed=1), [None, None]).auto_forced is False
    s = _dq_to_a_lone_choice(False)
    assert s.person_to_move() and len(s.state.legal_actions()) == 1 and not any(s.forced)
    s.auto_forced = True
    before = len(s.actors)
    s.advance()
    assert any(s.forced[before:]), "the lone decision was not taken"
    assert s.state.is_terminal() or len(s.state.legal_actions()) != 1 or not s.person_to_move()
    marks = s.forced_moves()
    assert marks and all(s.state.events[i] for i in marks)
    assert all(seat in (0, 1) and len(s.state.legal_actions()) >= 0 for seat, _a in marks.values())


def test_take_back_skips_forced_decisions_and_undo_forgets_them() -> None:
    s = _dq_to_a_lone_choice(True)
    assert not (s.person_to_move() and len(s.state.legal_actions()) == 1)
    n = len(s.actors)
    assert len(s.forced) == len(s.starts) == n
    who = s.take_back()
    if who is not None:  # back to the person's last own decision: it had a choice
        assert s.person_to_move() and len(s.state.legal_actions()) > 1
        assert not s.forced or s.forced[-1] is False or s.actors[-1] != who
    while s.undo():
        assert len(s.forced) == len(s.starts) == len(s.actors)


def test_recent_lists_the_others_moves_newest_first() -> None:
    s = dm(agents=[None, RandomAgent(2)])
    s.advance()
    s.apply(s.state.legal_actions()[0])
    s.advance()
    mine = len(s.actors) - 1 - s.actors[::-1].index(0)
    recent = s.recent(0, limit=50)
    assert all(who == 1 for who, *_ in recent)
    assert [new for *_, new in recent] == [True] * (len(s.actors) - 1 - mine) + [False] * (
        len(recent) - (len(s.actors) - 1 - mine)
    )
    assert [a for _w, a, _f, _n in recent] == [
        a for a, who in zip(reversed(s.state.history), reversed(s.actors), strict=False) if who == 1
    ][: len(recent)]


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_play_out_is_the_simulators_loop_and_plays_the_same_game(agent: str) -> None:
    """The simulator's lean loop lives in Session.play_out: the same game as one step at a time, its counts
    those of the game, nothing recorded in actors; capped after max_steps; a person's seat refused."""
    from tcgteach.agents import HeuristicAgent, make_agent

    s = dm(seed=11, agents=[make_agent(agent, 1), make_agent(agent, 2)])
    t = dm(seed=11, agents=[make_agent(agent, 1), make_agent(agent, 2)])
    legal_total = 0
    while not t.state.is_terminal():
        legal_total += len(t.state.legal_actions())
        t.step()
    run = s.play_out(answers_forced=(HeuristicAgent,), touches=s.state.game._touches)
    assert s.state.to_dict() == t.state.to_dict() and s.actors == []
    assert run.steps == len(t.actors) == sum(run.decisions) and not run.capped
    assert run.decisions == [t.actors.count(0), t.actors.count(1)]
    assert run.legal_actions == legal_total and 0 < run.interactions < run.steps
    capped = dm(seed=11, agents=[make_agent(agent, 1), make_agent(agent, 2)]).play_out(max_steps=7)
    assert capped.capped and capped.steps == 7 and capped.interactions == 0
    with pytest.raises(TcgError, match="P1 is a person's seat"):
        dm(agents=[None, RandomAgent(1)]).play_out()
    with pytest.raises(TcgError, match="max_steps"):
        dm(agents=[RandomAgent(0), RandomAgent(1)]).play_out(max_steps=-1)


def test_play_out_refuses_bad_arguments_with_a_library_error() -> None:
    s = dm(agents=[RandomAgent(0), RandomAgent(1)])
    before = s.state.to_dict()
    for kwargs, words in [
        ({"answers_forced": 3}, "answers_forced must be a collection"),
        ({"answers_forced": "random"}, "answers_forced must be a collection"),
        ({"answers_forced": [1, 2]}, "answers_forced must hold agent classes"),
        ({"touches": 5}, "touches must be None or a function"),
    ]:
        with pytest.raises(TcgError, match=words):
            s.play_out(**kwargs)  # type: ignore[arg-type]  # wrong on purpose: the library error is the point
    assert s.state.to_dict() == before
