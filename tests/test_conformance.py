"""The generic conformance test (tests/conformance.py) run on every registered game (the package's and the
installed plugins', tests/gamecases.py).

Each game plays thousands of seeded random games in the default run (no opt-in flag); the per-step
checks are cheap and the expensive ones sampled, so the whole test stays well under a minute.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import conformance, gamecases
else:
    try:  # tests/ may become a package
        from . import conformance, gamecases
    except ImportError:
        import conformance
        import gamecases

#: game name -> number of random games (mixing every player count and every option value). DARK MOON
#: plays 2-6 players equally often (320 games each); its bigger tables take more steps per game
#: (about 140 random decisions with 2 players, 345 with 6), so 1600 games check as many steps
#: (~400,000) in the same time as the 2000 games of 2-4 players did before. Any other registered game plays
#: DEFAULT_GAMES
SIZES = {
    "darkmoon": 1600,
    "dragonquest": 2000,
}
DEFAULT_GAMES = 1000
GAMES = {name: SIZES.get(name, DEFAULT_GAMES) for name in gamecases.registered_games()}


@pytest.fixture(scope="module", params=list(GAMES))
def report(request: pytest.FixtureRequest) -> conformance.Report:
    start = time.perf_counter()
    rep = conformance.run(request.param, GAMES[request.param])
    print(f"\n{rep.summary()} in {time.perf_counter() - start:.1f} s")
    return rep


def test_random_playouts_conform(report: conformance.Report) -> None:
    assert report.games == GAMES[report.game]
    assert report.terminal == report.games  # every game reached a terminal state
    assert report.steps > report.games * 10
    assert report.full_to_dict_checks > 0 and report.json_round_trips >= report.games
    assert report.replays > 0 and report.clone_checks > 0 and report.stale_checks > 0 and report.view_checks > 0


def test_every_flow_edge_is_traversed(report: conformance.Report) -> None:
    missing = report.flow_edges - report.edges_traversed
    assert not missing, f"edges of game.flow never traversed: {sorted(missing)}"
    assert report.edges_traversed <= report.flow_edges


def test_every_flow_node_is_visited(report: conformance.Report) -> None:
    missing = report.flow_nodes - report.nodes_visited
    assert not missing, f"nodes of game.flow never visited: {sorted(missing)}"


def test_every_player_count_and_option_value_is_played(report: conformance.Report) -> None:
    import tcgteach

    game = tcgteach.game(report.game)
    counts = range(game.min_players, game.max_players + 1)
    assert set(report.players_seen) == set(counts)
    assert min(report.players_seen.values()) >= report.games // len(counts) - 8  # each count about equally
    for name, spec in game.options.specs.items():
        if spec.kind == "choice":
            assert report.options_seen[name] == set(spec.choices), name


# -- the checker has teeth: it notices a broken engine ------------------------------------------------
#: the broken engines below are made by patching State's methods: in the compiled build (bash run.sh fast)
#: the engine calls its compiled methods directly, so a patch on the class does not reach them (the checker
#: itself is the same code in both builds: these run on the pure-Python reference)
patches_the_engine = pytest.mark.skipif(
    os.environ.get("TCGTEACH_EXPECT_COMPILED") == "1",
    reason="compiled methods are bound at build time: patching State's class does not reach the engine",
)


@patches_the_engine
def test_the_checker_notices_an_undo_that_forgets_the_rng(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgteach.core.state import State

    restore = State._restore

    def forgetful(self, frame):  # type: ignore[no-untyped-def]
        rng = self.rng.state
        restore(self, frame)
        self.rng.state = rng

    monkeypatch.setattr(State, "_restore", forgetful)
    with pytest.raises(AssertionError, match="did not restore"):
        conformance.Checker("darkmoon").run([0])


@patches_the_engine
def test_the_checker_notices_clones_that_share_zones(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgteach.core.state import State

    clone = State.clone

    def shallow(self):  # type: ignore[no-untyped-def]
        c = clone(self)
        c.zones = self.zones
        return c

    monkeypatch.setattr(State, "clone", shallow)
    with pytest.raises(AssertionError, match="darkmoon game 0"):
        conformance.Checker("darkmoon").run([0])


def test_the_checker_notices_a_traversal_that_is_not_an_edge() -> None:
    checker = conformance.Checker("darkmoon")
    state = checker.play(1)
    checker._check_trail(state)
    state.trail.append(("game_over", "setup"))
    with pytest.raises(AssertionError, match="not an edge"):
        checker._check_trail(state)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_every_step_profile_checks_views_and_round_trips_at_every_step(name: str) -> None:
    """The slower profile (issue 22, item 8): nothing sampled. A few games here; a long run is
    ``conformance.run(name, games, profile="every-step")`` (or benchmarks/invariants.py --every-step)."""
    rep = conformance.run(name, 2, workers=1, profile="every-step")  # ~10 s a game: each step replays its game
    assert rep.games == rep.terminal == 2 and rep.steps >= 30  # (War's games are 16 steps)
    assert rep.full_to_dict_checks == rep.steps  # apply + undo restores to_dict() at every step
    assert rep.json_round_trips == rep.steps + rep.games  # every step and every end
    assert rep.view_checks == rep.steps and rep.replays == rep.games
    assert rep.clone_checks == rep.steps // 2 or abs(rep.clone_checks - rep.steps // 2) <= rep.games
