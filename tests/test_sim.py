"""Many-game simulation (tcgteach.sim): reproducible on any executor, CSV/pandas output, the
statistics against hand-computed cases, rule variants side by side, and ``tcgteach simulate``."""

import csv
import io
import math
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

import tcgteach
from tcgteach.agents import make_agent
from tcgteach.cli import main
from tcgteach.core.actions import Action
from tcgteach.core.flow import Edge, Flow, Node
from tcgteach.core.state import State
from tcgteach.sim import (
    Comparison,
    SimulationError,
    agent_seed,
    branching,
    compare,
    compare_records,
    end_reasons,
    first_player_win_rate,
    flow_metrics,
    format_table,
    interaction,
    length_distribution,
    outcomes,
    read_csv,
    simulate,
    summary,
    to_csv,
    to_frame,
    wilson_interval,
)
from tcgteach.sim.variants import newcombe, t_quantile, t_two_sided_p, welch

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

#: games simulated per registered game (the built-ins' sizes; any other plays 20)
N = {name: {"darkmoon": 24, "dragonquest": 10}.get(name, 20) for name in gamecases.registered_games()}
#: the records of simulate() per game name
Records = dict[str, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def baseline() -> Records:
    """Records of both games played in this process, one game at a time."""
    return {name: simulate(name, n, jobs=1, progress=False) for name, n in N.items()}


# -- reproducibility ------------------------------------------------------------------------------------
def test_records_are_the_same_on_a_two_process_pool_whatever_the_chunks(baseline: Records) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        for name, n in N.items():
            assert simulate(name, n, executor=pool, chunk=5, progress=False) == baseline[name]
            assert simulate(name, n, executor=pool, chunk=1, progress=False) == baseline[name]
    assert simulate("darkmoon", N["darkmoon"], jobs=2, progress=False) == baseline["darkmoon"]


def test_records_are_the_same_on_a_dask_local_cluster(baseline: Records) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        for name, n in N.items():
            assert simulate(name, n, executor=client.get_executor(), chunk=3, progress=False) == baseline[name]


def test_a_game_depends_on_its_seed_only_not_on_the_others_in_the_run(baseline: Records) -> None:
    ten = baseline["darkmoon"][10]
    assert simulate("darkmoon", seeds=[10], jobs=1, progress=False) == [ten]
    assert simulate("darkmoon", 3, seed_start=9, jobs=1, progress=False)[1] == ten


@pytest.mark.parametrize("name", list(N))
def test_record_is_the_game_played_by_hand_through_views(baseline: Records, name: str) -> None:
    """Agents see only their view (``tcgteach play`` seeds them the same way): the record says what happened."""
    seed = 3
    game = tcgteach.game(name, dict(tcgteach.game_class(name).sim_defaults))  # as simulate plays it
    state = game.new_state(seed=seed)
    agents = [make_agent("random", agent_seed(seed, p)) for p in range(2)]
    legal = touching = 0
    per_seat = [0, 0]
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        legal += len(state.legal_actions())
        events = state.apply(agents[p].act(state.view(p)))
        touching += game.touches_opponent(state, p, events)
        per_seat[p] += 1
    outcome = state.result()
    assert outcome is not None
    rec = baseline[name][seed]
    assert rec["seed"] == seed and rec["game"] == name and rec["agents"] == "random,random"
    assert rec["decisions"] == len(state.history) and [rec["decisions_0"], rec["decisions_1"]] == per_seat
    assert rec["winners"] == ",".join(map(str, outcome.winners)) and rec["winner"] == outcome.winner
    assert (rec["score_0"], rec["score_1"]) == outcome.scores and rec["end_reason"] == outcome.reason
    assert rec["turns"] == state.turn and rec["is_draw"] == outcome.is_draw and rec["capped"] is False
    assert rec["first_player"] == next(e.player for e in state.events if e.kind == "first_player")
    assert rec["legal_actions"] == legal and rec["branching"] == legal / len(state.history)
    assert rec["interactions"] == touching and rec["interaction"] == touching / len(state.history)


def test_dragon_quest_simulations_cap_turns_at_200_unless_told_otherwise(baseline: Records) -> None:
    assert baseline["dragonquest"][0]["opt_turn_limit"] == 200
    assert "turn_limit=200" in baseline["dragonquest"][0]["options"]
    assert simulate("dragonquest", 1, options={"turn_limit": 50}, jobs=1)[0]["opt_turn_limit"] == 50
    assert simulate("dragonquest", 1, options={"turn_limit": None}, jobs=1)[0]["opt_turn_limit"] is None
    g = tcgteach.game("dragonquest", {"formation": "at_least"})  # a Game keeps its own options
    rec = simulate(g, 1, jobs=1)[0]
    assert rec["opt_formation"] == "at_least" and rec["opt_turn_limit"] == 200


def test_max_steps_caps_a_game_without_a_result() -> None:
    recs = simulate("darkmoon", 2, jobs=1, max_steps=10)
    assert all(r["capped"] and r["decisions"] == 10 and r["end_reason"] == "max_steps" for r in recs)
    assert recs[0]["winners"] == "" and recs[0]["winner"] is None and recs[0]["score_0"] is None
    assert first_player_win_rate(recs)["capped"] == 2 and length_distribution(recs)["count"] == 0


def test_progress_bar_shows_and_changes_nothing(baseline: Records, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    assert simulate("darkmoon", 6, jobs=1, progress=True) == baseline["darkmoon"][:6]
    assert "6/6" in capsys.readouterr().err
    assert simulate("darkmoon", 6, jobs=1, progress=False) == baseline["darkmoon"][:6]
    assert capsys.readouterr().err == ""


class Crashing:
    name = "crashing"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: State) -> Action:
        raise RuntimeError("boom")


def test_errors_are_clear() -> None:
    with pytest.raises(tcgteach.TcgError, match="no agent 'nobody'"):
        simulate("darkmoon", 2, agents=("nobody", "random"), jobs=1)
    with pytest.raises(tcgteach.OptionError, match="formation"):
        simulate("dragonquest", 2, options={"formation": "loose"}, jobs=1)
    with pytest.raises(tcgteach.TcgError, match="n=3 but 2 seeds"):
        simulate("darkmoon", 3, seeds=[1, 2])
    with pytest.raises(SimulationError, match=r"darkmoon seed 7 \(agents crashing,random.*RuntimeError: boom"):
        simulate("darkmoon", seeds=[7], agents=(Crashing, "random"), jobs=1)


# -- output ------------------------------------------------------------------------------------------------
def test_csv_round_trip_and_dataframe(baseline: Records, tmp_path: Path) -> None:
    recs = baseline["dragonquest"] + simulate("darkmoon", 1, jobs=1, max_steps=5)  # None cells too
    path = tmp_path / "r.csv"
    to_csv(recs, path)
    assert read_csv(path) == [dict({k: None for r in recs for k in r}, **r) for r in recs]
    with open(path, newline="", encoding="utf-8") as fh:
        header = next(csv.reader(fh))
    assert header[:3] == ["seed", "game", "options"] and "score_1" in header and "end_reason" in header
    pd = pytest.importorskip("pandas")
    frame = to_frame(baseline["darkmoon"])
    assert isinstance(frame, pd.DataFrame) and len(frame) == N["darkmoon"]
    assert list(frame.columns) == list(baseline["darkmoon"][0])
    assert first_player_win_rate(frame) == first_player_win_rate(baseline["darkmoon"])


def test_importing_the_simulation_loads_neither_pandas_nor_dask_nor_tqdm() -> None:
    code = "import tcgteach.sim, sys; print(' '.join(sys.modules))"
    loaded = set(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    )
    assert not loaded & {"pandas", "dask", "distributed", "tqdm", "networkx"}


# -- statistics against hand-computed cases -----------------------------------------------------------
def rec(
    first: int,
    winner: int | None,
    turns: int = 10,
    decisions: int = 10,
    legal: int = 20,
    touching: int = 0,
    reason: str = "R-1",
    capped: bool = False,
    winners: str | None = None,
) -> dict[str, Any]:
    return {
        "players": 2,
        "first_player": first,
        "winner": winner,
        "capped": capped,
        "turns": turns,
        "decisions": decisions,
        "legal_actions": legal,
        "branching": legal / decisions,
        "interactions": touching,
        "interaction": touching / decisions,
        "end_reason": reason,
        "winners": winners if winners is not None else ("" if winner is None else str(winner)),
        "nobody_wins": False,
    }


def test_wilson_interval_known_values() -> None:
    seven, none, all_ten = wilson_interval(7, 10), wilson_interval(0, 10), wilson_interval(10, 10)
    assert seven is not None and none is not None and all_ten is not None
    low, high = seven
    assert low == pytest.approx(0.3968, abs=5e-5) and high == pytest.approx(0.8922, abs=5e-5)
    assert none[0] == 0.0 and none[1] == pytest.approx(0.2775, abs=5e-5)
    assert all_ten[0] == pytest.approx(0.7225, abs=5e-5) and all_ten[1] == 1.0
    assert wilson_interval(0, 0) is None


def test_first_player_win_rate_counts_decisive_games_only() -> None:
    recs = [rec(0, 0), rec(1, 1), rec(0, 1), rec(1, None, winners="0,1"), rec(0, None, capped=True)]
    r = first_player_win_rate(recs)
    assert (r["wins"], r["decisive"], r["draws"], r["capped"], r["games"]) == (2, 3, 1, 1, 5)
    assert r["rate"] == pytest.approx(2 / 3) and (r["low"], r["high"]) == wilson_interval(2, 3)
    assert outcomes(recs) == {"games": 5, "wins_by_seat": {0: 1, 1: 2}, "draws": 1, "nobody_wins": 0, "capped": 1}


def test_length_distribution() -> None:
    d = length_distribution([rec(0, 0, turns=t) for t in (3, 1, 10, 2, 4)] + [rec(0, 0, turns=99, capped=True)])
    assert (d["count"], d["mean"], d["median"], d["min"], d["max"]) == (5, 4, 3, 1, 10)
    assert d["stdev"] == pytest.approx(math.sqrt(12.5))
    assert d["quantiles"] == {0.1: pytest.approx(1.4), 0.25: 2, 0.75: 4, 0.9: pytest.approx(7.6)}
    assert length_distribution([rec(0, 0, decisions=7)], key="decisions")["stdev"] is None


def test_branching_interaction_and_end_reasons() -> None:
    recs = [
        rec(0, 0, decisions=10, legal=30, touching=5, reason="A"),
        rec(0, 0, decisions=30, legal=60, touching=3, reason="B"),
        rec(0, 0, reason="B"),
    ]
    assert branching(recs[:2]) == {"mean": 90 / 40, "per_game_mean": 2.5, "decisions": 40}
    i = interaction(recs[:2])
    assert i["share"] == 8 / 40 and i["per_game_mean"] == pytest.approx(0.3) and i["interactions"] == 8
    assert list(end_reasons(recs).items()) == [("B", 2), ("A", 1)]


def test_flow_metrics_counts_nodes_edges_decisions_and_cycles() -> None:
    lab = {"en": "x", "ja": "x"}
    nodes = (
        Node("s", lab, (), "start"),
        Node("a", lab, (), "decision"),
        Node("b", lab, (), "step"),
        Node("e", lab, (), "end"),
    )
    edges = tuple(Edge(u, v, lab, "R") for u, v in [("s", "a"), ("a", "b"), ("b", "a"), ("a", "a"), ("b", "e")])

    class Tiny:
        flows = {"turn": Flow("turn", lab, nodes, edges)}

    # directed circuits: a->a and a->b->a; undirected: a-b is one edge, so only the self-loop is a cycle
    assert flow_metrics(cast(Any, Tiny())) == {  # a stand-in with only the flows
        "turn": {"nodes": 4, "edges": 5, "decision_nodes": 1, "cycles": 2, "cycle_basis": 1, "self_loops": 1}
    }
    real = flow_metrics("dragonquest")
    assert set(real) == {"turn", "combat"} and real["turn"]["decision_nodes"] >= 1


def test_summary_table() -> None:
    recs = [rec(0, 0, turns=4), rec(1, 0, turns=6, reason="B"), rec(0, None, winners="0,1", turns=5)]
    t = summary(recs)
    assert t["games"]["value"] == 3 and t["first_player_win_rate"]["value"] == 0.5
    assert (t["first_player_win_rate"]["low"], t["first_player_win_rate"]["high"]) == wilson_interval(1, 2)
    assert t["wins_seat_0"]["value"] == 2 and t["wins_seat_1"]["value"] == 0 and t["draws"]["value"] == 1
    assert t["turns_mean"]["value"] == 5 and t["turns_median"]["value"] == 5
    assert t["end_reason R-1"]["value"] == 2 and t["end_reason B"]["value"] == 1
    assert "50.0% (95% CI" in format_table(t)


def test_summary_says_its_branching_and_interaction_pool_every_decision_and_gives_the_per_game_mean() -> None:
    """A long game weighs more in the pooled figure than in compare()'s per-game mean: the summary gives both
    and says which is which (issue 25: lesson 04's tables showed 8.12 and 8.08 for the same games)."""
    recs = [rec(0, 0, decisions=10, legal=20, touching=1), rec(1, 1, decisions=30, legal=120, touching=9)]
    t = summary(recs)
    assert t["branching"]["value"] == pytest.approx(140 / 40) and t["branching"]["per_game"] == pytest.approx(3.0)
    assert t["interaction"]["value"] == pytest.approx(10 / 40)
    assert t["interaction"]["per_game"] == pytest.approx((0.1 + 0.3) / 2)
    text = format_table(t)
    assert "3.50 legal actions per decision, all decisions pooled (per game: 3.00, the figure compare() tests)" in text
    assert "25.0% of actions touch an opponent's cards, all actions pooled (per game: 20.0%" in text


# -- variants -------------------------------------------------------------------------------------------------
def test_two_tests_against_reference_values() -> None:
    # Newcombe (1998) example: 56/70 vs 48/80, method 10 interval 0.0524 to 0.3339
    r = newcombe(48, 80, 56, 70)
    assert r["diff"] == pytest.approx(0.2) and r["significant"]
    assert r["low"] == pytest.approx(0.0524, abs=5e-5) and r["high"] == pytest.approx(0.3339, abs=5e-5)
    assert r["p"] == pytest.approx(0.00805, abs=5e-5)  # pooled z = 2.650
    assert not newcombe(0, 10, 0, 12)["significant"]
    # Welch: means 3 and 6, variances 2.5 and 10, df = 6.25 / 1.0625 = 5.882
    w = welch([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])
    assert w["diff"] == 3 and w["df"] == pytest.approx(5.882353)
    assert w["p"] == pytest.approx(0.10753, abs=5e-5) and w["low"] == pytest.approx(-0.88774, abs=5e-5)
    assert not w["significant"] and welch([1, 1, 1], [2, 2, 2])["significant"]
    assert t_quantile(0.975, 10) == pytest.approx(2.228139, abs=1e-6)
    assert t_quantile(0.975, 1) == pytest.approx(12.706205, abs=1e-5)
    assert t_two_sided_p(2.228139, 10) == pytest.approx(0.05, abs=1e-6)


def test_compare_same_options_on_same_seeds_shows_no_difference() -> None:
    c = compare("darkmoon", {}, {}, 8, jobs=1, progress=False)
    assert c.records_a == c.records_b and c.significant() == []
    assert all(r["diff"] in (0, None) for r in c.rows.values())


def test_compare_darkmoon_first_turn_restriction() -> None:
    opt = "first_turn_restriction" if "first_turn_restriction" in tcgteach.game("darkmoon").options else "tie"
    values = (True, False) if opt == "first_turn_restriction" else ("shared", "none")
    c = compare("darkmoon", {opt: values[0]}, {opt: values[1]}, 12, jobs=1)
    assert isinstance(c, Comparison) and c.labels == (f"{opt}={values[0]}", f"{opt}={values[1]}")
    assert [r["seed"] for r in c.records_a] == [r["seed"] for r in c.records_b] == list(range(12))
    assert {r[f"opt_{opt}"] for r in c.records_b} == {values[1]}
    row = c["first_player_win_rate"]
    assert row["a"] == first_player_win_rate(c.records_a)["rate"] and row["test"] == "newcombe"
    assert c["turns"]["diff"] == pytest.approx(
        length_distribution(c.records_b)["mean"] - length_distribution(c.records_a)["mean"]
    )
    assert "first_player_win_rate" in c.table() and "<table>" in c._repr_html_()


def test_compare_dragon_quest_formation_and_a_clear_difference() -> None:
    c = compare("dragonquest", {"formation": "strict"}, {"formation": "at_least"}, 4, jobs=1, seeds=[5, 6, 7, 8])
    assert [r["seed"] for r in c.records_b] == [5, 6, 7, 8] and c.records_a[0]["opt_formation"] == "strict"
    assert {"turns", "decisions", "branching", "interaction", "draw_rate"} <= set(c.rows)
    short = [rec(0, 0, turns=10 + k % 3) for k in range(60)]
    long = [rec(0, 1, turns=20 + k % 3) for k in range(60)]
    rows = compare_records(short, long)
    assert rows["turns"]["significant"] and rows["first_player_win_rate"]["significant"]
    assert rows["first_player_win_rate"]["diff"] == -1


# -- the command line ----------------------------------------------------------------------------------------
def test_cli_simulate_writes_a_csv_and_prints_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.csv"
    out = io.StringIO()
    code = main(
        [
            "simulate",
            "dragonquest",
            "-n",
            "4",
            "--agents",
            "random,random",
            "--jobs",
            "1",
            "--option",
            "formation=at_least",
            "--out",
            str(path),
            "--seed-start",
            "3",
            "--no-progress",
        ],
        out=out,
    )
    assert code == 0
    text = out.getvalue()
    assert "first_player_win_rate" in text and "wins_seat_1" in text and "end_reason DQ-" in text
    assert "turns_median" in text and "branching" in text and "interaction" in text
    rows = read_csv(path)
    assert [r["seed"] for r in rows] == [3, 4, 5, 6] and {r["opt_formation"] for r in rows} == {"at_least"}
    for column in (
        "seed",
        "first_player",
        "winners",
        "winner",
        "score_0",
        "score_1",
        "turns",
        "decisions",
        "branching",
        "interaction",
        "end_reason",
        "options",
        "agents",
    ):
        assert column in rows[0]
    assert capsys.readouterr().err == ""
    assert main(["simulate", "darkmoon", "-n", "2", "--agents", "nobody", "--no-progress"], out=io.StringIO()) == 2
    assert "no agent 'nobody'" in capsys.readouterr().err


def test_a_p_value_below_double_precision_is_printed_as_a_bound_not_zero() -> None:
    from tcgteach.sim.variants import _p_text

    assert _p_text(0.0) == "< 1e-15" and _p_text(3e-17) == "< 1e-15"
    assert _p_text(0.0123) == "0.0123" and _p_text(1.0) == "1"


def test_without_processes_simulate_plays_in_this_process_with_the_same_records(
    baseline: Records, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a browser (Pyodide: no processes) a simulation asked for 2 jobs runs here, game for game the same."""
    from tcgteach.sim import runner

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("no process pool may be started where processes are unavailable")

    monkeypatch.setattr(runner, "processes_available", lambda: False)
    monkeypatch.setattr(runner, "process_pool", no_pool)
    assert simulate("darkmoon", seeds=range(12), jobs=2, progress=False) == baseline["darkmoon"][:12]


def test_processes_are_unavailable_in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgteach.sim import runner

    assert runner.processes_available()  # here: a normal CPython
    monkeypatch.setattr(sys, "platform", "emscripten")  # the sys the runner reads
    assert not runner.processes_available()


def test_a_wrong_player_count_is_refused_before_any_game_starts() -> None:
    with pytest.raises(tcgteach.TcgError, match=r"DM-1\.1.*2-6 players, not 7"):
        simulate("darkmoon", 3, players=7, progress=False)
    with pytest.raises(tcgteach.TcgError, match=r"DQ-1\.1"):
        simulate("dragonquest", 3, players=3, progress=False)
    with pytest.raises(tcgteach.TcgError, match="2 agents for 6 players"):
        simulate("darkmoon", 2, players=6, progress=False)
    assert len(simulate("darkmoon", 2, agents="random", players=6, jobs=1, progress=False)) == 2


def test_deck_balance_plays_every_pairing_with_the_seats_alternating() -> None:
    from tcgteach.sim.balance import deck_balance, format_balance, pairing

    rows = deck_balance("darkmoon", 6, jobs=1)
    assert [(r["a"], r["b"]) for r in rows] == [
        ("ensemble", "spotlight"),
        ("ensemble", "tempo"),
        ("spotlight", "tempo"),
    ]
    for r in rows:
        assert r["games"] == 6 and r["wins_a"] + r["wins_b"] + r["draws"] + r["capped"] == 6
        assert r["ci_a"][0] <= r["rate_a"] <= r["ci_a"][1]
    # deck A in seat 0 on the even seeds, in seat 1 on the odd ones: the same games as simulate plays
    even = simulate("darkmoon", seeds=[0, 2], agents="heuristic", decks=["ensemble", "tempo"], jobs=1)
    odd = simulate("darkmoon", seeds=[1, 3], agents="heuristic", decks=["tempo", "ensemble"], jobs=1)
    wins = sum(r["winner"] == 0 for r in even) + sum(r["winner"] == 1 for r in odd)
    assert pairing("darkmoon", "ensemble", "tempo", 4, jobs=1)["wins_a"] == wins
    table = format_balance(rows)
    assert "ensemble vs spotlight" in table and "95% CI" in table


def test_the_progress_bar_speaks_the_language_asked_for() -> None:
    """Under lang="ja" the bar names the game and its agents in Japanese and counts ゲーム (issue 25); a wrong
    lang is refused before a game is played."""
    from tcgteach.sim.runner import _bar_text

    g = tcgteach.game("darkmoon")
    assert _bar_text(g, ["heuristic", "random"], "ja") == ("DARK MOON（ヒューリスティック・ランダム）", "ゲーム")
    assert _bar_text(g, ["heuristic", "random"], "en") == ("darkmoon heuristic,random", "game")
    with pytest.raises(tcgteach.TcgError, match="lang"):
        simulate("darkmoon", 2, lang="fr")
    assert simulate("darkmoon", 2, lang="ja", jobs=1, progress=False) == simulate("darkmoon", 2, jobs=1, progress=False)
