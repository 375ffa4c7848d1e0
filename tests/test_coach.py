"""The coach (determinized MCTS) and determinization: legal, honest about hidden cards, explained."""

import random
from typing import TYPE_CHECKING, cast

import pytest

import tcgteach
from tcgteach import TcgError
from tcgteach.agents.coach import CoachAgent, outcome_values
from tcgteach.core.determinize import determinize
from tcgteach.core.state import State
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.dragonquest import DragonQuest
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

OPTIONS = {"darkmoon": None, "dragonquest": {"turn_limit": 200}}


def midgame(name: str, seed: int = 4, steps: int = 30) -> State:
    g = tcgteach.game(name, OPTIONS[name])
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = s.legal_actions()
        if len(legal) > 2:
            break
        s.apply(legal[rng.randrange(len(legal))])
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("name", COACHED)
def test_determinize_keeps_what_the_viewer_sees_and_deals_the_rest(name: str) -> None:
    s = midgame(name)
    p = s.current_player
    v = s.view(p)
    d = determinize(v, random.Random(1))
    assert d.legal_actions() == s.legal_actions()
    inst = cast(DarkMoonState | DragonQuestState, s).inst  # either game's card instances
    assert sorted(c for z in d.zones for c in z) == list(range(len(inst.cards)))
    for i, (real, seen) in enumerate(zip(s.zones, v.zones, strict=True)):
        if seen and seen[0] >= 0:
            assert d.zones[i] == real  # public and own cards untouched
        assert len(d.zones[i]) == len(real)
    assert all(inst.owner[c] == s._zone_info(i)[0] for i, z in enumerate(d.zones) for c in z)
    with pytest.raises(TcgError):
        determinize(s, random.Random(1))  # a full state is not a view


@pytest.mark.parametrize("name", COACHED)
def test_coach_returns_a_legal_action_from_a_view_only(name: str) -> None:
    s = midgame(name)
    coach = CoachAgent(seed=1, time_budget=None, iterations=60)
    a = coach.act(s.view(s.current_player))
    assert a in s.legal_actions()
    with pytest.raises(TcgError, match="view"):
        CoachAgent(seed=1, time_budget=None, iterations=5)._search(s)


@pytest.mark.parametrize("name", COACHED)
def test_coach_is_the_same_whatever_the_hidden_cards_are(name: str) -> None:
    """Two real games that differ only in cards P cannot see give P the same advice."""
    s = midgame(name)
    p = s.current_player
    other = determinize(s.view(p), random.Random(99))
    other.viewer = None
    assert s.view(p).to_dict()["zones"] == other.view(p).to_dict()["zones"]
    a1 = CoachAgent(seed=3, time_budget=None, iterations=40).act(s.view(p))
    a2 = CoachAgent(seed=3, time_budget=None, iterations=40).act(other.view(p))
    assert a1 == a2


@pytest.mark.parametrize("lang,needle", [("en", "Suggested:"), ("ja", "おすすめ")])
def test_hint_explains_the_action_in_one_sentence(lang: str, needle: str) -> None:
    s = midgame("darkmoon")
    h = CoachAgent(seed=2, time_budget=None, iterations=80).hint(s.view(s.current_player), lang=lang)
    assert h.action in s.legal_actions()
    assert h.text.startswith(needle) and h.text.count("\n") == 0
    assert h.iterations == 80 and sum(n for _a, _v, n in h.alternatives) == 80
    assert 0.0 <= h.value <= 1.0 and h.alternatives[0][0] == h.action
    assert "%" in h.text


def test_hint_for_a_forced_move_says_so() -> None:
    g = cast(DragonQuest, tcgteach.game("dragonquest"))
    s = g.position(
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {"front": [{"card": "M05", "state": "closed"}], "deck": {"fill": "beasts"}},
                {"front": ["M01"], "deck": {"fill": "heroes"}},
            ],
        }
    )
    h = CoachAgent(seed=1).hint(s.view(0))
    assert str(h.action) == "pass" and "only legal action" in h.text


def test_outcome_values_score_wins_draws_and_unfinished_games() -> None:
    g = tcgteach.game("darkmoon")
    s = g.new_state(seed=1)
    est = outcome_values(s)
    assert len(est) == 2 and all(0 < x < 1 for x in est)
    rng = random.Random(0)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    vals = outcome_values(s)
    w = s.result().winners
    assert vals == ([1.0 if p == w[0] else 0.0 for p in range(2)] if len(w) == 1 else [0.5, 0.5])


def test_a_determinized_state_can_be_viewed_again() -> None:
    """Search hands views of sampled states to agents; that must work for every game."""
    for name in COACHED:
        s = midgame(name, steps=60)
        d = determinize(s.view(s.current_player), random.Random(5))
        for p in range(d.num_players):
            v = d.view(p)
            assert len(v.history) == len(s.history)


@pytest.mark.parametrize("name", COACHED)
def test_guided_search_spends_exactly_its_rollouts_and_halves_the_candidates(name: str) -> None:
    """The default search: every rollout is counted once, and sequential halving gives the
    surviving actions more rollouts than the ones dropped in the first phase."""
    s = midgame(name)
    v = s.view(s.current_player)
    coach = CoachAgent(seed=4, time_budget=None, iterations=90)
    action, root, done = coach._search(v)
    assert done == 90 == sum(n.visits for n in root.children.values())
    assert action in s.legal_actions() and set(root.children) == set(s.legal_actions())
    visits = sorted(n.visits for n in root.children.values())
    if len(visits) > 2:
        assert visits[-1] > visits[0]  # the worse half stopped getting rollouts
    assert all(n.visits >= 1 for n in root.children.values())  # every action was tried at least once


def test_guided_search_keeps_the_heuristic_choice_unless_another_is_clearly_better() -> None:
    """With a margin of 1 (no action can beat another by more than a whole win) the coach plays
    exactly what its base player would; with margin 0 and no evidence needed (override_z 0) it plays its own
    best estimate; with override_z 1 (a hint's default) a gap within one standard error keeps the heuristic's choice."""
    from tcgteach.agents import HeuristicAgent

    s = midgame("darkmoon")
    v = s.view(s.current_player)
    base = HeuristicAgent(7)
    expected = HeuristicAgent(7).act(v)
    coach = CoachAgent(seed=1, time_budget=None, iterations=40, rollout_policy=base, margin=1.0)
    assert coach.act(v) == expected
    coach0 = CoachAgent(seed=1, time_budget=None, iterations=40, margin=0.0, override_z=0.0)
    action, root, _ = coach0._search(v)
    chosen = root.children[action]
    survivors = [n for n in root.children.values() if n.visits >= chosen.visits - 1]  # the last phase's actions
    assert chosen.total / chosen.visits == max(n.total / n.visits for n in survivors)
    # the same search with the default override_z: the best estimate is only 1 rollout's luck ahead here
    gated = CoachAgent(seed=1, time_budget=None, iterations=40, margin=0.0, override_z=1.0)
    action_z, root_z, _ = gated._search(v)
    base_z = HeuristicAgent(random.Random(1).getrandbits(32)).act(v)  # the coach's own base player
    if action_z != base_z:
        from tcgteach.agents.hints import _z

        a, b = root_z.children[action_z], root_z.children[base_z]
        assert _z(a.total, a.visits, b.total, b.visits) >= 1.0


def test_tree_search_is_still_available_and_unknown_search_is_refused() -> None:
    s = midgame("dragonquest")
    a = CoachAgent(seed=1, time_budget=None, iterations=30, search="tree").act(s.view(s.current_player))
    assert a in s.legal_actions()
    with pytest.raises(TcgError, match="unknown search 'deep'"):
        CoachAgent(search="deep")


def test_hint_says_when_the_runner_up_scored_higher_but_the_heuristic_choice_was_kept() -> None:
    """With a wide margin the coach keeps its base player's choice; if another action scored
    higher, the sentence must not call it "next best" with a bigger number."""
    s = midgame("darkmoon")
    v = s.view(s.current_player)
    for seed in range(6):
        h = CoachAgent(seed=seed, time_budget=None, iterations=40, margin=1.0).hint(v)
        runner = h.alternatives[1]
        if runner[1] > h.value:
            assert "A close call" in h.text and "next best" not in h.text
            hj = CoachAgent(seed=seed, time_budget=None, iterations=40, margin=1.0).hint(v, lang="ja")
            assert "ほぼ互角" in hj.text
            return
        assert "next best" in h.text
    raise AssertionError("no seed gave a runner-up above the kept choice: pick another position")
