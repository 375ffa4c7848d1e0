"""The design lab (issue 26): the measures' definitions, paired comparisons, causes, the skill trace, kingmaking,
the rule map, the report and the command line."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import tcgteach
from tcgteach import design
from tcgteach.core.errors import TcgError
from tcgteach.design.measures import course, game_values, mean_estimate
from tcgteach.sim import simulate

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

BATTERIES: dict[tuple[Any, ...], Any] = {}


def battery(game: str, n: int = 300, **kw: Any) -> Any:
    """A battery made once per arguments (the tests only read it)."""
    key = (game, n, tuple(sorted((k, str(v)) for k, v in kw.items())))
    if key not in BATTERIES:
        BATTERIES[key] = design.run(game, n, jobs=2, progress=False, **kw)
    return BATTERIES[key]


# -- the definitions, on hand-made courses -------------------------------------------------------------------
def test_lead_changes_count_the_changes_of_the_leader_per_turn_start() -> None:
    values = [[0.6, 0.4], [0.4, 0.6], [0.3, 0.7], [0.8, 0.2]]  # leader 0, 1, 1, 0: two changes in three steps
    assert course(values, 0)["lead_changes"] == pytest.approx(2 / 3)


def test_drama_is_how_far_the_winner_was_behind_the_leader() -> None:
    values = [[0.5, 0.5], [0.3, 0.7], [0.9, 0.1]]  # the winner (0) trailed by 0.4 once
    assert course(values, 0)["drama"] == pytest.approx(0.4 / 3)
    assert course(values, 1)["drama"] == pytest.approx((0.0 + 0.0 + 0.8) / 3)


def test_decisiveness_threshold_is_the_losers_best_and_decided_after_counts_the_turns_before() -> None:
    values = [[0.5, 0.5], [0.3, 0.7], [0.75, 0.25], [0.9, 0.1]]
    out = course(values, 0)
    assert out["decisiveness_threshold"] == pytest.approx(0.7)  # the loser's best chance
    assert out["decisiveness_moves"] == pytest.approx(2 / 4)  # the winner first passed 0.7 at the third turn start
    assert course([[0.5, 0.5], [0.6, 0.4]], 1)["decisiveness_moves"] == 1.0  # never passed: decided at the end


def test_a_game_without_a_single_winner_has_no_drama_but_lead_changes() -> None:
    out = course([[0.6, 0.4], [0.4, 0.6]], None)
    assert out["drama"] is None and out["decisiveness_threshold"] is None and out["lead_changes"] == 1.0


def test_intervals_wilson_for_rates_t_for_means_clipped_for_shares() -> None:
    rate = mean_estimate([1.0, 0.0, 1.0, 1.0], binary=True)
    assert rate.low is not None and rate.high is not None
    assert rate.value == 0.75 and 0 < rate.low < 0.75 < rate.high <= 1
    mean = mean_estimate([1.0, 2.0, 3.0])
    assert mean.low is not None and mean.high is not None
    assert mean.value == 2.0 and mean.high - 2.0 == pytest.approx(2.0 - mean.low)
    share = mean_estimate([1.0, 1.0, 0.99], share=True)
    assert share.high == 1.0  # a share's interval never passes 1
    assert mean_estimate([None, None]).value is None


def test_records_need_a_trace() -> None:
    records = simulate("darkmoon", 2, jobs=1, progress=False)
    with pytest.raises(TcgError, match="trace"):
        design.measure("darkmoon", records)
    with pytest.raises(TcgError, match="trace"):
        game_values(records[0])


# -- a battery -------------------------------------------------------------------------------------------------
def test_the_battery_has_every_standard_measure_with_an_interval() -> None:
    b = battery("darkmoon")
    for name in (
        "first_player", "draw", "turns", "decisions", "choice_share", "branching", "interaction", "lead_changes",
        "drama", "decisiveness_threshold", "decisiveness_moves", "balance", "win_seat_0", "win_seat_1",
        "end_units_filled",
    ):  # fmt: skip
        e = b[name]
        assert e.value is not None and e.low is not None and e.high is not None, name
        assert e.low <= e.value <= e.high, name
    assert set(b.curves) == {"points", "units"}
    assert b.estimates["turns"].n == 300
    with pytest.raises(TcgError, match="no measure"):
        b["nonsense"]
    with pytest.raises(TcgError, match="3 or more players"):
        b["kingmaking"]


def test_DQ_1_2_end_kinds_split_the_deck_out_by_what_emptied_the_deck() -> None:
    b = battery("dragonquest")
    kinds = {k for k in b.estimates if k.startswith("end_")}
    assert {"end_damage", "end_draw", "end_wipe_out"} <= kinds
    total = sum(b[k].value or 0.0 for k in kinds)
    assert total == pytest.approx(1.0)  # every game ended one way
    assert set(b.curves) == {"gp", "level", "deck", "party"}


def test_DQ_1_2_the_end_kind_is_the_last_draw_damage_or_wipe_out_before_the_deck_out() -> None:
    from tcgteach.core.events import Event
    from tcgteach.dragonquest.teaching.design import end_kind

    g = tcgteach.game("dragonquest")
    s = g.new_state(seed=1)
    events = [Event("damage", "DQ-7.8", 0), Event("battle", "DQ-7.8", 0), Event("deck_out", "DQ-1.2", 1)]
    assert end_kind(s, events) == "damage"
    events = [Event("draw", "DQ-6.3", 0), Event("deck_out", "DQ-1.2", 0)]
    assert end_kind(s, events) == "draw"
    assert end_kind(s, [Event("wipe_out", "DQ-6.14", 0), Event("deck_out", "DQ-1.2", 0)]) == "wipe_out"


def test_DM_4_4a_an_empty_deck_that_arms_the_end_is_its_own_end_kind() -> None:
    b = design.run("darkmoon", 300, options={"deck_out": "arms_end"}, jobs=2, progress=False)
    assert (b["end_deck_out"].value or 0) > 0  # some games end by DM-4.4a under this reading
    assert battery("darkmoon").estimates.get("end_deck_out") is None  # never under the default (skip)


def test_DM_1_1_seats_play_every_deck_in_turn_so_balance_measures_the_seat() -> None:
    from tcgteach.design.battery import seat_decks

    g = tcgteach.game("darkmoon")
    turns = [seat_decks(g, 3, None, seed) for seed in range(3)]
    assert turns[0] == ["ensemble", "spotlight", "tempo"] and turns[1] == ["spotlight", "tempo", "ensemble"]
    b = design.run("darkmoon", 300, players=3, jobs=2, progress=False, kingmaking=0)
    rates = [b[f"win_seat_{k}"].value or 0.0 for k in range(3)]
    assert max(rates) - min(rates) < 0.15  # (with the decks fixed by seat, seat 1 won 47% and seat 3 15%)


def test_DM_1_1_a_replay_is_the_very_game_the_battery_measured_decks_turned_with_the_seed() -> None:
    b = design.run("darkmoon", 9, players=3, jobs=1, progress=False, kingmaking=0)
    for seed in b.seeds:
        seen: list[int] = []

        def watch(state: Any, actor: int, legal: int, events: list[Any], seen: list[int] = seen) -> None:
            seen.append(legal)

        state = b.replay(seed, watch)
        assert state.turn == b.values["turns"][seed]
        assert len(state.history) == b.values["decisions"][seed] == len(seen)
        winner = state.result().winner
        for k in range(3):
            assert b.values[f"win_seat_{k}"][seed] == float(winner == k), (seed, k)
        assert state.score(0)["total"] is not None
    # the seats' decks turn with the seed (the game of seed 1 is not dealt as the game of seed 0)
    from tcgteach.design.battery import seat_decks

    g = tcgteach.game("darkmoon")
    for seed in (0, 1):
        dealt = [sorted(d) for d in b.replay(seed).to_dict()["setup"]["decks"]]
        assert dealt == [sorted(g.starter_deck(d).cards) for d in seat_decks(g, 3, None, seed)]
    assert sorted(b.replay(0).to_dict()["setup"]["decks"][0]) != sorted(b.replay(1).to_dict()["setup"]["decks"][0])
    # another variant with its own agents: still the same games
    dq = design.run("dragonquest", 6, agents=("heuristic", "random"), options={"formation": "at_least"}, jobs=1,
                    progress=False)  # fmt: skip
    assert [dq.replay(s).turn for s in dq.seeds] == [dq.values["turns"][s] for s in dq.seeds]
    with pytest.raises(TcgError, match="not one of this battery's games"):
        b.replay(99)
    with pytest.raises(TcgError, match="no game to replay"):  # a battery made by hand, not by run or measure
        dataclasses.replace(b, variant=None).replay(0)
    from tcgteach.agents import make_agent

    def mine(seed: int) -> Any:
        return make_agent("random", seed)

    odd = design.run("darkmoon", 2, agents=[mine, mine], jobs=1, progress=False)
    with pytest.raises(TcgError, match="agents known by name"):  # a factory's name makes no agent
        odd.replay(0)


def test_one_process_two_processes_and_a_dask_cluster_give_the_same_records_and_measures() -> None:
    import distributed

    one = design.run("dragonquest", 40, jobs=1, progress=False)
    two = design.run("dragonquest", 40, jobs=2, progress=False)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,  # type: ignore[no-untyped-call]
        distributed.Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        dask = design.run("dragonquest", 40, executor=client.get_executor(), progress=False)

    def plain(b: Any) -> dict[str, Any]:
        d: dict[str, Any] = b.to_dict()
        d.pop("seconds")
        return d

    assert plain(one) == plain(two) == plain(dask)
    assert one.values == two.values == dask.values


# -- A against B --------------------------------------------------------------------------------------------------
def test_a_variant_against_itself_differs_in_nothing() -> None:
    a = battery("darkmoon")
    c = design.compare(a, battery("darkmoon"))
    assert c.paired and c.beyond_noise() == []
    assert all(r.diff in (0.0, None) for r in c.rows)


def test_DM_4_3_turning_the_first_turn_restriction_off_raises_the_first_players_win_rate_beyond_noise() -> None:
    a = battery("darkmoon", 600)
    b = design.run("darkmoon", 600, options={"first_turn_restriction": False}, jobs=2, progress=False)
    c = design.compare(a, b)
    row = c["first_player"]
    assert row.paired and row.diff is not None and row.low is not None and row.diff > 0.05 and row.low > 0
    assert row.verdict == 1 and "first_player" in c.beyond_noise()
    assert "B higher" in c.table() and "B が高い" in c.table("ja")


def test_two_games_are_compared_as_independent_samples() -> None:
    c = design.compare(battery("darkmoon"), battery("dragonquest"))
    assert not c.paired
    assert c["turns"].verdict == -1  # Dragon Quest's games are far shorter in turns
    assert c["end_units_filled"].diff is None  # an end kind of one game only is not compared
    assert c["draw"].verdict == -1  # Dragon Quest (cap 200) has no draw in these games


def test_compare_refuses_what_is_not_a_battery() -> None:
    with pytest.raises(TcgError, match="two batteries"):
        design.compare(battery("darkmoon"), {"turns": 3})  # type: ignore[arg-type]
    with pytest.raises(TcgError, match="alpha"):
        design.compare(battery("darkmoon"), battery("darkmoon"), alpha=1.5)


# -- causes ---------------------------------------------------------------------------------------------------------
def test_option_effects_toggle_every_rule_reading_but_not_the_simulation_caps() -> None:
    from tcgteach.design.causes import readings

    g = tcgteach.game("dragonquest")
    names = {name for name, _ in readings(g)}
    assert names == {"deck_out", "formation", "formation_repair", "wipe_out", "draw_minimum", "status_tick"}
    effects = design.option_effects("darkmoon", 200, jobs=2, progress=False)
    assert set(effects.effects) == {("tie", "none"), ("first_turn_restriction", False), ("deck_out", "arms_end")}
    assert "first_turn_restriction=False" in effects.table()


def test_card_impact_swaps_a_card_for_its_plain_stand_in_on_the_same_deals() -> None:
    impact = design.card_impact("darkmoon", "ensemble", n=60, jobs=2)
    deck = tcgteach.game("darkmoon").starter_deck("ensemble").cards
    cards: Any = tcgteach.game("darkmoon")
    with_text = {c for c in set(deck) if cards.cards[c].text.get("en")}
    assert set(impact.impact) == with_text  # every card with a text, and only those
    assert set(impact.plain) == set(deck) - with_text
    for cid, (copies, est) in impact.impact.items():
        assert copies == deck.count(cid) and est.n == 60
        assert est.value is not None and -1 <= est.value <= 1
    base = impact.base  # the deck's score rate: a share, so its interval stays within [0, 1] (104% was seen)
    assert base.low is not None and base.high is not None and base.value is not None
    assert 0 <= base.low <= base.value <= base.high <= 1


def test_DQ_4_5_a_quest_has_no_plain_stand_in() -> None:
    g = tcgteach.game("dragonquest")
    deck = g.starter_deck("heroes").cards
    quests = [c for c in set(deck) if c.startswith("Q")]
    impact = design.card_impact(g, "heroes", n=4, cards=quests, jobs=1)
    assert set(impact.no_stand_in) == set(quests) and not impact.impact


def test_a_stand_in_keeps_the_deal_the_same() -> None:
    """The stand-in takes the card's place in the deck list, so the shuffle deals it where the card was."""
    from tcgteach.design.causes import pool_data, stand_in_id

    g = tcgteach.game("darkmoon")
    deck = list(g.starter_deck("ensemble").cards)
    data = pool_data(g)
    card = next(c for c in data["cards"] if c["id"] == deck[0])
    stand_in = g.design_facts().stand_in
    assert stand_in is not None
    plain = stand_in(card)
    assert plain is not None
    plain.update(id=stand_in_id(card["id"]), name={"en": "x", "ja": "x"})
    g2 = type(g)({}, cards={**data, "cards": [*data["cards"], plain]})
    swapped = [plain["id"] if c == deck[0] else c for c in deck]
    a: Any = g.new_state(seed=7, decks=[deck, deck])
    b: Any = g2.new_state(seed=7, decks=[swapped, deck])
    a_deck = [a.inst.cards[c].id for c in a.deck(0)]
    b_deck = [b.inst.cards[c].id for c in b.deck(0)]
    assert [plain["id"] if x == deck[0] else x for x in a_deck] == b_deck


# -- skill against luck ----------------------------------------------------------------------------------------------
def test_the_skill_trace_plays_the_ladder_and_both_baselines_with_seats_alternating() -> None:
    t = design.skill_trace("darkmoon", (1, 2, 4), 6, jobs=2)
    assert [(m.strong, m.weak) for m in t.ladder] == [("coach2", "coach1"), ("coach4", "coach2")]
    assert [m.weak for m in t.vs_heuristic] == ["heuristic"] * 3 and [m.weak for m in t.vs_random] == ["random"] * 3
    for m in (*t.ladder, *t.vs_heuristic, *t.vs_random):
        assert m.games == 6 and m.wins + m.draws + m.losses == 6
    assert sum(m.wins for m in t.vs_random) >= 15  # the coach beats the random player
    assert t.luck.n == sum(m.wins + m.losses for m in t.ladder)
    assert 0 <= t.ludii <= 1 and math.isfinite(t.slope)
    with pytest.raises(TcgError, match="twice the one before"):
        design.skill_trace("darkmoon", (2, 3), 2)


def test_the_ludii_skill_trace_figure() -> None:
    from tcgteach.design.skill import _fit

    a, b, half, _ = _fit([0.0, 1.0, 2.0], [0.2, 0.4, 0.6])
    assert a == pytest.approx(0.2) and b == pytest.approx(0.2) and half == pytest.approx(0.0, abs=1e-9)


def test_the_skill_trace_in_words_names_the_players_in_japanese_and_gives_no_infinite_interval() -> None:
    """Two budgets fit a line exactly: the slope is said without an interval (it printed "-inf% to +inf%")."""
    from tcgteach.design.measures import Estimate
    from tcgteach.design.skill import Match, SkillTrace

    ladder = (Match("coach2", "coach1", 4, 3, 0, 1),)
    vs_h = (Match("coach1", "heuristic", 4, 1, 1, 2), Match("coach2", "heuristic", 4, 2, 1, 1))
    vs_r = (Match("coach1", "random", 4, 4, 0, 0), Match("coach2", "random", 4, 4, 0, 0))
    t = SkillTrace("darkmoon", (1, 2), ladder, vs_h, vs_r, 0.25, -math.inf, math.inf, Estimate(0.25, 0.05, 0.7, 4),
                   0.75, 1.0)  # fmt: skip
    for lang in ("en", "ja"):
        assert "inf" not in t.table(lang) and "inf" not in t.html(lang)
    assert "no interval" in t.table("en") and "coach2 – coach1" in t.table("en")
    ja = t.table("ja")
    assert "コーチ2 – コーチ1" in ja and "コーチ1 – ヒューリスティック" in ja and "コーチ2 – ランダム" in ja
    assert "coach" not in ja and "heuristic" not in ja and "random" not in ja


def test_a_chart_legend_keeps_long_labels_whole_above_the_plot() -> None:
    """The legend sat at the top right inside the plot: a long label ran out of the chart and covered the lines."""
    import re

    from tcgteach.design.plots import LEFT, TOP, Series, W, _text_width, line_chart

    labels = ["coach ×2 against coach", "coach against the heuristic player", "コーチ対ヒューリスティック" * 2]
    series = [Series(label, [(1, 0.2 * i, None, None), (2, 0.3, None, None)]) for i, label in enumerate(labels)]
    svg = line_chart(series, "title", "x", "y")
    texts = {m.group(3): (float(m.group(1)), float(m.group(2)))
             for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)">([^<]*)</text>', svg)}  # fmt: skip
    assert set(labels) <= set(texts)
    for label in labels:
        x, y = texts[label]
        assert LEFT <= x and x + _text_width(label) <= W, label  # inside the chart
    rows = {texts[label][1] for label in labels}
    assert len(rows) >= 2  # too long for one row: the legend wraps
    top = TOP + 18 * len(rows)
    assert max(rows) < top  # above the plot, whose top moves down to make room
    lines = [float(v) for v in re.findall(r'<line x1="[\d.]+" x2="[\d.]+" y1="([\d.]+)"', svg)]
    assert min(lines) >= top - 0.05


def test_a_number_cell_wraps_between_a_value_and_its_interval_never_inside_a_number() -> None:
    """A narrow notebook wrapped '(8.2%–' / '17.2%)' after the dash, or pushed the verdict column out of sight."""
    from tcgteach.design.texts import number_html

    assert number_html("50.6% (43.2%–57.9%)") == "<span class='nb'>50.6%</span> <span class='nb'>(43.2%–57.9%)</span>"
    assert number_html("+15.0% (+5.9% – +24.1%)").count("<span class='nb'>") == 4
    assert number_html("<b>") == "<span class='nb'>&lt;b&gt;</span>"
    from tcgteach.design.report import STYLE

    assert ".tcg-design .nb{white-space:nowrap}" in STYLE


# -- kingmaking -----------------------------------------------------------------------------------------------------
def test_DM_1_5_kingmaking_is_found_only_in_the_last_round_of_three_or_more_players() -> None:
    g = tcgteach.game("darkmoon")
    rate = design.kingmaking_rate(g, range(30), players=4, jobs=2)
    assert rate.n == 30 and rate.value is not None and 0 <= rate.value <= 1
    again = design.kingmaking_rate(g, range(30), players=4, jobs=1)
    assert again == rate  # seeded: the same games, the same continuations
    with pytest.raises(TcgError, match="3 or more players"):
        design.kingmaking_rate(g, range(3), players=2)


def test_deck_win_rates_follow_each_deck_through_the_seats() -> None:
    """DM-1.1 seats turn with the seed (``seat_decks``): each deck's rate counts the games it sat in, whatever
    the seat, checked against the games replayed one by one."""
    b = design.run("dragonquest", 24, decks=["heroes", "beasts"], jobs=1, progress=False)
    rates = b.deck_win_rates()
    wins = [0, 0]
    for seed in b.seeds:
        state = b.replay(seed)
        winner = state.result().winners
        decks = design.battery.seat_decks(state.game, 2, ["heroes", "beasts"], seed)
        for seat, deck in enumerate(decks):
            wins[["heroes", "beasts"].index(deck)] += seat in winner and len(winner) == 1
    assert [r.n for r in rates] == [b.n - b.capped] * 2
    values = [(r.value, r.low, r.high) for r in rates]
    assert all(v is not None and lo is not None and hi is not None and lo <= v <= hi for v, lo, hi in values)
    assert [round((r.value or 0.0) * r.n) for r in rates] == wins
    starters = design.run("darkmoon", 12, players=3, jobs=1, progress=False).deck_win_rates()
    assert len(starters) == 3 and all(r.n == 12 for r in starters)


# -- rules in play -----------------------------------------------------------------------------------------------------
def test_the_rule_map_says_which_rules_act_and_who_teaches_them() -> None:
    m = design.rule_map(battery("darkmoon"))
    never = m.never()
    assert "DM-2.1" in never  # deck construction is checked before play
    assert "DM-1.4" not in never and m["DM-1.4"].share == 1.0  # every game's end is armed
    assert "01_darkmoon" in m["DM-4.3"].lessons
    assert m["DM-4.3"].share == 1.0 and m["DM-4.3"].per_game == 1.0  # it ends every game's first turn, once
    assert m["DM-1.3"].quizzes  # the winner quiz cites the tie rule
    assert all(not r.section for r in m.rows if r.rule in never)


# -- the report and the command line -----------------------------------------------------------------------------------
def test_the_report_is_one_escaped_page(tmp_path: Path) -> None:
    b = design.run("darkmoon", 20, jobs=1, progress=False, label="<script>alert(1)</script>")
    path = design.report(tmp_path / "r.html", [b, design.compare(b, b), design.rule_map(b)], "ja")
    text = Path(path).read_text(encoding="utf-8")
    assert "<script>alert" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert text.count("<script") == 1 and 'type="application/json"' in text  # the data block only, inert
    data = json.loads(text.split('id="tcg-design-data">')[1].split("</script>")[0])
    assert data[0]["games"] == 20 and data[0]["label"] == "<script>alert(1)</script>"
    assert "デザインのレポート" in text and "<svg" in text
    with pytest.raises(TcgError, match="parts"):
        design.report(tmp_path / "x.html", [], "en")
    assert not (tmp_path / "x.html").exists()


def test_tcgteach_design_prints_the_tables_and_writes_the_report(tmp_path: Path) -> None:
    import io

    from tcgteach.cli import main

    out = io.StringIO()
    target = tmp_path / "report.html"
    code = main(
        ["design", "darkmoon", "-n", "40", "--vs-option", "first_turn_restriction=False", "--rules", "--jobs", "1",
         "--no-progress", "--out", str(target)],
        out=out,
    )  # fmt: skip
    assert code == 0
    text = out.getvalue()
    assert "first-player win rate" in text and "B - A" in text and "Never acted" in text
    assert target.is_file() and "A against B" in target.read_text(encoding="utf-8")


def test_tcgteach_design_refuses_bad_budgets_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tcgteach.cli import main

    assert main(["design", "darkmoon", "-n", "4", "--skill", "--budgets", "2,x", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--budgets" in err


# -- the widget -------------------------------------------------------------------------------------------------
def test_the_design_lab_runs_a_against_b_and_saves_a_report(tmp_path: Path) -> None:
    from tcgteach.widgets import DesignLab

    lab = DesignLab("darkmoon", lang="ja", n=20, folder=tmp_path)
    assert lab.b.pickers["first_turn_restriction"].value is False  # B starts one reading away from A
    parts = lab.run()
    assert lab.runner.progress.value == 40 and "完了" in lab.message.value
    assert "A と B の比較" in lab.results.value and "先攻の勝率" in lab.results.value
    assert parts[0].paired
    saved = lab.save()
    assert saved.parent == tmp_path and saved.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    lab.compare_box.value = False
    assert len(lab.run()) == 1


def test_DM_1_5_the_lab_measures_kingmaking_in_slices_as_design_run_does() -> None:
    """At 3+ players the widget measures kingmaking itself, slice by slice, so the progress bar follows the
    longest part of the run; the estimate is the one design.run gives for the same games."""
    from tcgteach.widgets import DesignLab

    lab = DesignLab("darkmoon", n=12)
    lab.compare_box.value = False
    lab.a.players.value = 3
    messages: list[str] = []
    lab.message.observe(lambda change: messages.append(change["new"]), "value")
    (battery,) = lab.run()
    expected = design.run("darkmoon", 12, players=3, jobs=1, progress=False).kingmaking
    assert battery.kingmaking == expected and expected is not None and expected.n == 12
    assert lab.runner.progress.value == lab.runner.progress.max == 24
    assert any("kingmaking" in m and "12 / 12" in m for m in messages)


def test_the_design_lab_offers_the_readings_and_decks_of_the_game_chosen() -> None:
    from tcgteach.widgets import DesignLab

    lab = DesignLab("darkmoon", n=20)
    lab.a.game_picker.value = "dragonquest"
    assert "wipe_out" in lab.a.pickers and "tie" not in lab.a.pickers
    assert lab.a.players.options == (2,)
    lab.a.decks.value = "heroes"
    g, players, decks = lab.a.variant()
    assert g.name == "dragonquest" and decks is not None and len(decks) == 2
    with pytest.raises(TcgError, match="Run first"):
        DesignLab("darkmoon", n=20).save()


def test_the_design_lab_plays_with_a_card_file_checked_like_the_packages(tmp_path: Path) -> None:
    from tcgteach.widgets import DesignLab

    lab = DesignLab("darkmoon", n=20, folder=tmp_path)
    lab.a.card_file.value = str(tmp_path / "missing.json")
    assert "cannot be read" in lab.a.note.value and lab.a.base_game().user_pool is None
    mini = Path(tcgteach.__file__).parent / "data" / "examples" / "darkmoon-mini-cards.json"
    lab.a.card_file.value = str(mini)
    pool = lab.a.base_game().user_pool
    assert pool is not None and pool.digest in lab.a.note.value
    lab.compare_box.value = False
    lab.runner.run_button.click()  # no starter deck is legal with the mini pool: said, with DM-2.1, nothing run
    assert "DM-2.1" in lab.message.value and lab.parts == []


def test_a_game_that_declares_nothing_gets_the_generic_battery() -> None:
    """War (a plugin game) has no design facts and no position value: its ends are its rule IDs, and the
    measures of the course (lead changes, drama, decisiveness) are n/a rather than made up."""
    b = design.run("war", 30, jobs=1, progress=False)
    assert b["lead_changes"].value is None and b["drama"].value is None
    assert b["turns"].value is not None and any(k.startswith("end_WR-") for k in b.estimates)
    assert b.curves == {}


def test_a_click_on_run_made_while_it_played_does_not_start_a_second_run(tmp_path: Path) -> None:
    from tcgteach.widgets import DesignLab

    lab = DesignLab("darkmoon", n=20, folder=tmp_path)
    lab.compare_box.value = False
    lab.runner.run_button.click()
    first = lab.parts
    lab.runner.run_button.click()  # queued behind the run: arrives at once when it ends
    assert lab.parts is first
    lab._settled = 0.0  # a later click runs again
    lab.runner.run_button.click()
    assert lab.parts is not first


def test_every_result_of_the_lab_reads_as_a_table_and_as_html_in_both_languages(tmp_path: Path) -> None:
    effects = design.option_effects("darkmoon", 40, jobs=1, progress=False)
    cards = design.card_impact("darkmoon", "ensemble", n=10, cards=["S13", "C07"], jobs=1)
    skill = design.skill_trace("darkmoon", (1, 2), 2, jobs=1)
    four = design.run("darkmoon", 12, players=4, jobs=1, progress=False, kingmaking=4)
    km = design.compare(four, four)["kingmaking"]
    assert km.diff == 0.0 and km.verdict == 0
    for lang, words in (("en", ("reading (B)", "plain stand-in", "Skill against luck", "kingmaking")),
                        ("ja", ("読み方（B）", "効果なし", "腕と運", "キングメーカー"))):  # fmt: skip
        text = "\n".join(x.table(lang) for x in (effects, cards, skill, four))
        page = design.page([effects, cards, skill, four, design.compare(four, four)], lang)
        for word in words:
            assert word in text and word in page, (lang, word)
        assert "C07" in text  # a card without text: named as not measured
    assert "S13" in cards.to_dict()["impact"] and skill.to_dict()["budgets"] == [1, 2]
    assert effects.to_dict()["effects"][0]["option"] == "tie"
    for part in (effects, cards, skill, four, design.rule_map(four)):
        assert part._repr_html_().startswith("<style>")


def test_in_a_notebook_the_lab_tables_keep_their_alignment_against_jupyterlabs_right_aligned_cells() -> None:
    """JupyterLab right-aligns every cell of an output (``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td``,
    two classes): the lab's cell rules must be as specific, and come later, to keep text left and numbers right."""
    import re

    from tcgteach.design.report import inline

    html = inline(battery("darkmoon"), "ja")
    style = html[: html.index("</style>")]
    rules = [(m.start(), m.group(1), m.group(2)) for m in re.finditer(r"([^{}]*)\{([^}]*)\}", style)]
    cells = [at for at, sel, body in rules if ".jp-RenderedHTMLCommon .tcg-design td" in sel and "left" in body]
    numbers = [at for at, sel, body in rules if ".jp-RenderedHTMLCommon .tcg-design td.num" in sel and "right" in body]
    assert cells and numbers and max(cells) < max(numbers)  # the numbers' rule comes later: it wins on td.num


def test_tcgteach_design_readings_cards_and_skill(tmp_path: Path) -> None:
    import io

    from tcgteach.cli import main

    out = io.StringIO()
    args = ["design", "dragonquest", "-n", "6", "--vs", "darkmoon", "--readings", "--cards", "heroes",
            "--cards-n", "4", "--skill", "--skill-games", "2", "--budgets", "1,2", "--jobs", "1", "--no-progress",
            "--lang", "ja"]  # fmt: skip
    assert main(args, out=out) == 0
    text = out.getvalue()
    assert "ルールの読み方ごとの効果" in text and "heroes の各カードの価値" in text and "腕と運" in text
    assert "独立な標本" in text  # two games: not paired


def test_a_reading_is_named_by_its_rule_and_words_in_japanese_and_by_its_option_in_english() -> None:
    """The lab's titles: a user types ``deck_out=empty_loses``; a learner reading Japanese reads what it does."""
    b = design.run("dragonquest", 4, options={"deck_out": "empty_loses"}, jobs=1, progress=False)
    assert "deck_out=empty_loses" in b.title("en")
    assert "DQ-1.2：デッキが空になった時点で負け" in b.title("ja") and "empty_loses" not in b.title("ja")


@pytest.mark.parametrize("name", gamecases.registered_games())
def test_every_rule_reading_has_words_for_each_value_in_both_languages(name: str) -> None:
    """The design lab's pickers and titles show a reading's values in words, never a bare identifier."""
    for spec in type(tcgteach.game(name)).OPTION_SPECS:
        if spec.kind == "choice":
            for value in spec.choices:
                assert value in spec.values, (name, spec.name, value)
                assert {"en", "ja"} <= set(spec.values[value]), (name, spec.name, value)
