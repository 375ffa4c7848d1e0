"""Lesson 04 (the two designs compared): it plays as many games as the environment asks, and shows
what it promises — both turn graphs side by side, the traits table, live figures and three variant
experiments (A: DARK MOON's first-turn restriction, B: Dragon Quest's formation reading, C: Dragon Quest's
wipe-out reading) with a reading computed from the run.

tests/test_notebooks.py sets TCGTEACH_LESSON_GAMES (40) before any notebook runs and executes every
lesson once per session; these tests read the same run.
"""

import os
import re

import nbformat
import pytest

try:  # tests/ may become a package
    from .test_notebooks import NOTEBOOKS, execute, text_of
except ImportError:
    from test_notebooks import NOTEBOOKS, execute, text_of

LESSON = next(p for p in NOTEBOOKS if p.parent.name == "en" and p.name == "04_compare_designs.ipynb")
TRAITS = (
    "goal",
    "resources",
    "interaction",
    "randomness",
    "first-player compensation",
    "typical length",
    "decisions per game",
    "branching",
    "first-player win rate",
)


def games():
    return int(os.environ["TCGTEACH_LESSON_GAMES"])


def outputs(nb, mime):
    return [o["data"][mime] for c in nb.cells for o in c.get("outputs", []) if mime in o.get("data", {})]


def test_the_test_run_is_small():
    assert games() <= 100, "the lesson must run on a small number of games in the test run"


def test_stored_without_outputs_with_a_parameters_cell():
    nb = nbformat.read(LESSON, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code), "store the lesson cleared"
    params = [c for c in code if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1 and params[0] is code[0]
    assert 'os.environ.get("TCGTEACH_LESSON_GAMES", "150" if IN_BROWSER else "2000")' in params[0].source
    for name in ("N_GAMES", "JOBS", "SEED"):
        assert re.search(rf"^{name} = ", params[0].source, re.MULTILINE), name


def test_runs_clean_and_plays_the_number_of_games_of_the_environment():
    nb = execute(LESSON)
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    stderr = [o["text"] for c in nb.cells for o in c.get("outputs", []) if o.get("name") == "stderr"]
    assert not stderr, f"warnings or errors printed: {stderr}"
    out = text_of(nb)
    n = games()
    assert f"{n} games per run" in out
    assert f"games simulated: darkmoon {n}, dragonquest {n}" in out
    assert f"DARK MOON: {n} games in" in out and f"Dragon Quest: {n} games in" in out
    assert out.count(f"{2 * n} games in") == 3, "each of the three experiments plays N games per side"
    assert "Total time of the simulations in this lesson:" in out


def test_both_turn_graphs_side_by_side_in_one_output():
    nb = execute(LESSON)
    rows = [h for h in outputs(nb, "text/html") if "tcg-side-by-side" in h]
    assert len(rows) == 1
    row = rows[0]
    assert row.count("<svg") == 2
    assert 'data-game="darkmoon"' in row and 'data-game="dragonquest"' in row
    assert row.index('data-game="darkmoon"') < row.index('data-game="dragonquest"')
    assert "darkmoon_turn" in row and "dragonquest_turn" in row  # the graphs' titles in the SVGs
    assert "cluster_combat" in row, "the Dragon Quest turn graph shows its combat cluster"
    assert row.count("<figcaption") == 2
    metrics = [h for h in outputs(nb, "text/html") if "Structure of the flow graphs" in h]
    assert len(metrics) == 1
    for needle in ("decision nodes", "cycles", "DARK MOON — turn", "Dragon Quest — turn", "Dragon Quest — combat"):
        assert needle in metrics[0], needle


def test_traits_table_names_every_trait_and_both_compensation_rules():
    nb = execute(LESSON)
    tables = [h for h in outputs(nb, "text/html") if "Traits of the two designs" in h]
    assert len(tables) == 1
    table = tables[0]
    assert f"{games()} games each" in table
    cells = re.findall(r"<tr><td[^>]*>([^<]*)</td>", table)
    for trait in TRAITS:
        assert any(c.startswith(trait) for c in cells), trait
    assert "DM-4.3" in table and "DQ-6.2" in table
    # measured rows carry numbers of this run: a median with its IQR, and a rate with its interval
    assert len(re.findall(r"median [\d.]+ \(IQR [\d.]+–[\d.]+\)", table)) == 4
    assert len(re.findall(r"[\d.]+% \(95% CI [\d.]+%–[\d.]+%", table)) == 2
    assert len(re.findall(r"[\d.]+ legal actions per decision", table)) == 2


def test_figures_are_rendered():
    nb = execute(LESSON)
    assert len(outputs(nb, "image/png")) >= 3


def test_the_variant_experiments_are_shown_with_a_reading_of_this_run():
    nb = execute(LESSON)
    out = text_of(nb)
    n = games()
    for a, b in (
        ("first_turn_restriction=True", "first_turn_restriction=False"),
        ("formation=strict", "formation=at_least"),
        ("wipe_out=after_own_turn", "wipe_out=literal"),
    ):
        assert f"A = {a}, B = {b}; {n} games each, same seeds" in out, (a, b)
    readings = re.findall(
        r"^First-player win rate: .* (is beyond noise|is within noise) at (\d+) games per side\.$", out, re.MULTILINE
    )
    assert len(readings) == 3 and all(int(k) == n for _, k in readings)
    assert re.search(
        r"^Branching: .* with formation=strict, .* with formation=at_least\. The difference", out, re.MULTILINE
    )
    assert re.search(r"a player fielded six party cards in \d+ of \d+ replayed games", out)


def test_experiment_c_compares_both_wipe_out_readings_with_a_verdict():
    nb = execute(LESSON)
    out = text_of(nb)
    n = games()
    assert re.search(
        r"^First-player win rate: [\d.]+% with wipe_out=after_own_turn, [\d.]+% with wipe_out=literal\. "
        rf".* (is beyond noise|is within noise) at {n} games per side\.$",
        out,
        re.MULTILINE,
    )
    # the verdict sentence, computed from this run
    verdicts = re.findall(r"^Verdict \(experiment C\): (.+)$", out, re.MULTILINE)
    assert len(verdicts) == 1
    assert ("within noise" in verdicts[0]) != ("beyond noise" in verdicts[0]), verdicts[0]
    # both option values came into play: spared under the default, paid under literal, in every replayed game
    k = min(n, 100)
    assert (
        f"End of turn 1, {k} replayed games per side: with wipe_out=after_own_turn the second player was "
        f"spared in {k}; with wipe_out=literal it paid five cards in {k}."
    ) in out
    assert "dragonquest: wipe_out=after_own_turn -> wipe_out=literal: beyond noise:" in out  # the summary
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## 7. Experiment C: Dragon Quest wipe_out literal vs after_own_turn" in prose
    assert "DQ-6.14.1" in prose and "実験C" in prose
    # the fixed text quotes a reference run of the default size and says so
    reading_c = prose[prose.index("## 7. Experiment C") : prose.index("## 8. What the numbers say")]
    assert "At N=2000" in reading_c


def test_the_default_size_is_smaller_in_the_browser(monkeypatch):
    """In the JupyterLite site (Pyodide: one process, slower) the lesson plays 150 games, not 2000."""
    import tcgteach.lesson

    nb = nbformat.read(LESSON, as_version=4)
    params = next(c for c in nb.cells if "parameters" in c.metadata.get("tags", []))
    monkeypatch.delenv("TCGTEACH_LESSON_GAMES", raising=False)
    for in_browser, expected in ((False, 2000), (True, 150)):
        monkeypatch.setattr(tcgteach.lesson, "IN_BROWSER", in_browser)
        ns: dict = {}
        exec(params.source, ns)
        assert ns["N_GAMES"] == expected


def test_a_missing_plotting_package_stops_the_lesson_with_one_line():
    from tcgteach.lesson import MissingPackage, require

    with pytest.raises(MissingPackage) as err:
        require("matplotlib_not_here.pyplot", "This lesson draws its figures with matplotlib", "matplotlib")
    lines = err.value._render_traceback_()  # what IPython shows instead of a traceback
    assert len(lines) == 1 and "matplotlib is not available" in lines[0] and "pip install matplotlib" in lines[0]
    nb = nbformat.read(LESSON, as_version=4)
    assert any('require("matplotlib.pyplot"' in c.source for c in nb.cells if c.cell_type == "code")
    assert not any("import matplotlib" in c.source for c in nb.cells if c.cell_type == "code")


def test_the_starter_decks_are_shown_pairing_by_pairing_with_intervals():
    nb = execute(LESSON)
    out = text_of(nb)
    n = min(games(), 200)
    for title, pairs in (
        ("DARK MOON", ("ensemble vs spotlight", "ensemble vs tempo", "spotlight vs tempo")),
        ("Dragon Quest", ("heroes vs beasts", "heroes vs guardians", "beasts vs guardians")),
    ):
        assert f"== {title}: {n} games per pairing, seats alternating" in out
        for pair in pairs:
            assert re.search(rf"^{pair} +{n} +[\d.]+% \([\d.]+%- *[\d.]+%\) ", out, re.MULTILINE), pair
    assert out.count("widest 95% interval:") == 2
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## 9. Are the starter decks fair?" in prose and "--games 2000" in prose and "デッキ" in prose
