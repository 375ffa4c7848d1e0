"""Lesson 04 (the two designs compared): it plays as many games as the environment asks, and shows
what it promises — both turn graphs side by side, the traits table, live figures and three variant
experiments (A: DARK MOON's first-turn restriction, B: Dragon Quest's formation reading, C: Dragon Quest's
wipe-out reading) with a reading computed from the run. Its measures and experiments are the design lab's
(``design.run``, ``design.compare``): the tables are the lab's own, and the figures the lab's numbers.

tests/test_notebooks.py sets TCGTEACH_LESSON_GAMES (40) before any notebook runs and executes every
lesson once per session; these tests read the same run.
"""

import os
import re
import unicodedata
from typing import TYPE_CHECKING, Any

import nbformat
import pytest

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from .test_notebooks import NOTEBOOKS, execute, text_of
else:
    try:  # tests/ may become a package
        from .test_notebooks import NOTEBOOKS, execute, text_of
    except ImportError:
        from test_notebooks import NOTEBOOKS, execute, text_of

LESSON = next(p for p in NOTEBOOKS if p.parent.name == "en" and p.name == "04_compare_designs.ipynb")
LESSON_JA = next(p for p in NOTEBOOKS if p.parent.name == "ja" and p.name == "04_compare_designs.ipynb")
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


def games() -> int:
    return int(os.environ["TCGTEACH_LESSON_GAMES"])


def outputs(nb: Any, mime: str) -> list[Any]:  # nb: an executed nbformat.NotebookNode
    return [o["data"][mime] for c in nb.cells for o in c.get("outputs", []) if mime in o.get("data", {})]


def test_the_test_run_is_small() -> None:
    assert games() <= 100, "the lesson must run on a small number of games in the test run"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_stored_without_outputs_with_a_parameters_cell(lang: str) -> None:
    nb = nbformat.read(LESSON if lang == "en" else LESSON_JA, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code), "store the lesson cleared"
    # the parameters are the first code cell, tagged for papermill (``=== code #parameters`` in the source)
    params = [c for c in code if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1 and params[0] is code[0]
    assert f'LANG = "{lang}"' in params[0].source
    assert 'os.environ.get("TCGTEACH_LESSON_GAMES", "150" if IN_BROWSER else "2000")' in params[0].source
    for name in ("N_GAMES", "JOBS", "SEED"):
        assert re.search(rf"^{name} = ", params[0].source, re.MULTILINE), name


def test_runs_clean_and_plays_the_number_of_games_of_the_environment() -> None:
    nb = execute(LESSON)
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    stderr = [o["text"] for c in nb.cells for o in c.get("outputs", []) if o.get("name") == "stderr"]
    assert not stderr, f"warnings or errors printed: {stderr}"
    out = text_of(nb)
    n = games()
    assert f"{n} games per run" in out
    assert f"games simulated: darkmoon {n}, dragonquest {n}" in out
    assert f"DARK MOON: {n} games in" in out and f"Dragon Quest: {n} games in" in out
    # each of the three experiments plays N games for side B; side A is section 2's N games, not played again
    assert out.count(f"{n} games of side B in") == 3
    assert out.count(f"(side A: the {n} games of section 2, not played again)") == 3
    assert "Total time of the simulations in this lesson:" in out
    # the batteries and the comparisons are shown with the design lab's own tables (as the DesignLab shows them)
    html = outputs(nb, "text/html")
    batteries = [h for h in html if "tcg-design" in h and "value (95% interval)" in h and "B - A" not in h]
    assert len(batteries) == 3, "section 2's two batteries and the one of 'your turn'"
    assert sum(f"{n} games" in h and "DARK MOON, default rules, 2 players, heuristic" in h for h in batteries) == 1
    comparisons = [h for h in html if "tcg-design" in h and "B - A (95% interval)" in h]
    assert len(comparisons) == 3 and all(f"paired on {n} shared seeds" in h for h in comparisons)


def test_a_figure_of_the_lesson_is_the_number_the_design_lab_prints() -> None:
    """The lesson's sentences and the lab's tables come from the same batteries: the lab's own table of the
    same games (played here again with design.run) holds the lesson's first-player rate and difference."""
    from tcgteach import design

    nb = execute(LESSON)
    out = text_of(nb)
    n = games()
    a = design.run("darkmoon", n, agents="heuristic", jobs=1, progress=False)
    b = design.run("darkmoon", n, options={"first_turn_restriction": False}, jobs=1, progress=False)
    row = design.compare(a, b)["first_player"]
    assert row.a is not None and row.b is not None and row.a.value is not None and row.b.value is not None
    assert row.diff is not None
    sentence = (
        f"First-player win rate: {100 * row.a.value:.1f}% with first_turn_restriction=True, "
        f"{100 * row.b.value:.1f}% with first_turn_restriction=False. The difference of "
        f"{100 * row.diff:+.1f} percentage points"
    )
    assert sentence in out
    table = design.compare(a, b).table()
    assert f"{100 * row.diff:+.1f}%" in table


def test_both_turn_graphs_side_by_side_in_one_output() -> None:
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


def test_traits_table_names_every_trait_and_both_compensation_rules() -> None:
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


def test_the_luck_is_counted_on_replays_of_the_very_games_measured() -> None:
    nb = execute(LESSON)
    out = text_of(nb)
    k = min(games(), 200)
    for title in ("DARK MOON", "Dragon Quest"):
        assert re.search(rf"^{title}: median \d+ cards taken blind per game \({k} games replayed\)$", out, re.MULTILINE)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "b.replay(seed)" in code and 'b.values["turns"][seed]' in code  # checked against the battery


def test_figures_are_rendered() -> None:
    nb = execute(LESSON)
    assert len(outputs(nb, "image/png")) >= 3


def test_the_variant_experiments_are_shown_with_a_reading_of_this_run() -> None:
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
        r"^First-player win rate: .* paired games\) (is beyond noise|is within noise)(?: by the lab's stricter "
        r"interval \(the 95% one alone would not say so\))? at (\d+) games per side\.$",
        out,
        re.MULTILINE,
    )
    assert len(readings) == 3 and all(int(k) == n for _, k in readings)
    assert out.count("Other measures beyond noise:") == 3
    assert re.search(
        r"^Branching: .* with formation=strict, .* with formation=at_least\. The difference", out, re.MULTILINE
    )
    assert re.search(r"a player fielded six party cards in \d+ of \d+ replayed games", out)


def test_experiment_c_compares_both_wipe_out_readings_with_a_verdict() -> None:
    nb = execute(LESSON)
    out = text_of(nb)
    n = games()
    assert re.search(
        r"^First-player win rate: [\d.]+% with wipe_out=after_own_turn, [\d.]+% with wipe_out=literal\. "
        rf".* (is beyond noise|is within noise).* at {n} games per side\.$",
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
    margin = rf"^Mean deck margin of the first player at the end of the same {k} games: [+-]"
    assert re.search(margin, out, re.MULTILINE)
    assert "dragonquest: wipe_out=after_own_turn -> wipe_out=literal: beyond noise:" in out  # the summary
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## 7. Experiment C: Dragon Quest wipe_out literal vs after_own_turn" in prose
    assert "DQ-6.14.1" in prose
    # no figure is typed in: the prose of the experiments quotes no measured percentage, the run states them
    for start, end in (("## 5. Experiment A", "## 6. Experiment B"), ("## 6. Experiment B", "## 7. Experiment C"),
                       ("## 7. Experiment C", "## 8. What the numbers say"), ("## 8.", "### Your turn")):  # fmt: skip
        part = prose[prose.index(start) : prose.index(end)]
        assert not re.search(r"\d+\.\d+%", part), (start, re.findall(r"\d+\.\d+%", part))
    assert "07_measure_a_design.ipynb" in prose and "DesignLab" in prose


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_default_size_is_smaller_in_the_browser(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """In the JupyterLite site (Pyodide: one process, slower) the lesson plays 150 games, not 2000."""
    import tcgteach.lesson

    nb = nbformat.read(LESSON if lang == "en" else LESSON_JA, as_version=4)
    params = next(c for c in nb.cells if c.cell_type == "code")
    monkeypatch.delenv("TCGTEACH_LESSON_GAMES", raising=False)
    for in_browser, expected in ((False, 2000), (True, 150)):
        monkeypatch.setattr(tcgteach.lesson, "IN_BROWSER", in_browser)
        ns: dict[str, Any] = {}
        exec(params.source, ns)
        assert ns["N_GAMES"] == expected


def test_a_missing_plotting_package_stops_the_lesson_with_one_line() -> None:
    from tcgteach.lesson import MissingPackage, require

    with pytest.raises(MissingPackage) as err:
        require("matplotlib_not_here.pyplot", "This lesson draws its figures with matplotlib", "matplotlib")
    lines = err.value._render_traceback_()  # what IPython shows instead of a traceback
    assert len(lines) == 1 and "matplotlib is not available" in lines[0] and "pip install matplotlib" in lines[0]
    nb = nbformat.read(LESSON, as_version=4)
    assert any('require("matplotlib.pyplot"' in c.source for c in nb.cells if c.cell_type == "code")
    assert not any("import matplotlib" in c.source for c in nb.cells if c.cell_type == "code")


def test_the_starter_decks_are_shown_pairing_by_pairing_with_intervals() -> None:
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
    assert "## 9. Are the starter decks fair?" in prose and "--games 2000" in prose


# -- the Japanese notebook: the same lesson, every word a reader sees in Japanese ---------------------------------
def japanese(text: str) -> bool:
    """True when the text holds kana or kanji."""
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


def test_the_english_notebook_has_no_japanese_left() -> None:
    nb = nbformat.read(LESSON, as_version=4)
    for cell in nb.cells:
        assert not japanese(cell.source), cell.source[:200]


def test_japanese_every_explanation_and_comment_is_in_japanese() -> None:
    nb = nbformat.read(LESSON_JA, as_version=4)
    en = nbformat.read(LESSON, as_version=4)
    prose = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert len(prose) == len([c for c in en.cells if c.cell_type == "markdown"])
    for text in prose:
        assert japanese(text), text[:200]
    # a translation, not a summary: at least a third as long as the English in characters
    for ja, eng in zip(prose, [c.source for c in en.cells if c.cell_type == "markdown"], strict=True):
        assert len(ja) >= len(eng) / 3, ja[:80]
    text = "\n".join(prose)
    for heading in ("## 7. 実験C", "## 9. スターターデッキは公平か", "## 5. 実験A", "## 6. 実験B"):
        assert heading in text, heading
    for rule in ("DM-4.3", "DQ-6.2", "DQ-6.14.1", "DQ-5.3"):
        assert rule in text, rule
    # as in English, no measured percentage is typed into the experiments' prose: the run states them
    experiments = text[text.index("## 5. 実験A") : text.index("### やってみよう")]
    assert not re.search(r"\d+\.\d+%", experiments), re.findall(r"\d+\.\d+%", experiments)
    assert "07_measure_a_design.ipynb" in text and "DesignLab" in text and "デザインラボ" in text
    # every comment line of the code is Japanese (or only a rule ID)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for line in cell.source.splitlines():
            comment = line.strip()
            if comment.startswith("#") and not re.fullmatch(r"# (DM|DQ)-[\d.]+", comment):
                assert japanese(comment), comment


def test_japanese_runs_clean_and_prints_in_japanese() -> None:
    nb = execute(LESSON_JA)
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    stderr = [o["text"] for c in nb.cells for o in c.get("outputs", []) if o.get("name") == "stderr"]
    assert not stderr, f"warnings or errors printed (a missing glyph?): {stderr}"
    out = text_of(nb)
    n = games()
    assert f"1回の実行あたり{n}ゲーム" in out
    assert f"対戦したゲーム数：DARK MOON {n}、ドラゴンクエスト {n}" in out
    assert f"DARK MOON：{n}ゲームを" in out and f"ドラゴンクエスト：{n}ゲームを" in out
    # each of the three experiments plays N games for side B; side A is section 2's N games, not played again
    assert out.count(f"B側の{n}ゲームを") == 3
    assert "STAT_NAMES" not in "\n".join(c.source for c in nb.cells), "the lab's tables are already in Japanese"
    assert out.count(f"（A側は2節の{n}ゲームで、もう一度は対戦させません）") == 3
    assert "このレッスンのシミュレーションにかかった時間の合計：" in out
    assert "日本語フォントが見つかりません" not in out, "a Japanese font was found for the figures"
    for english in ("games in", "games per run", "beyond noise", "within noise", "Verdict", "median "):
        assert english not in out.replace("first_turn_restriction", ""), english


def test_japanese_tables_name_every_trait_and_quote_the_rules_in_japanese() -> None:
    import tcgteach

    nb = execute(LESSON_JA)
    html = [unicodedata.normalize("NFC", h) for h in outputs(nb, "text/html")]
    tables = [h for h in html if "二つのデザインの特徴" in h]
    assert len(tables) == 1
    table = tables[0]
    assert f"各{games()}ゲーム" in table
    cells = re.findall(r"<tr><td[^>]*>([^<]*)</td>", table)
    for trait in (
        "目的",
        "資源",
        "相互作用（測定）",
        "運の要素",
        "先攻への補正",
        "ゲームの長さ",
        "1ゲームの判断数",
        "分岐数（測定）",
        "先攻の勝率（測定）",
    ):
        assert any(c.startswith(trait) for c in cells), trait
    for game, rule in (("darkmoon", "DM-4.3"), ("dragonquest", "DQ-6.2")):
        assert f"{rule}：{tcgteach.game(game).rule_text(rule, 'ja')}" in table, rule
    assert len(re.findall(r"中央値 [\d.]+（IQR [\d.]+〜[\d.]+）", table)) == 4
    assert len(re.findall(r"[\d.]+%（95%信頼区間 [\d.]+%〜[\d.]+%", table)) == 2
    assert len(re.findall(r"判断1回あたり [\d.]+ の合法手", table)) == 2
    metrics = [h for h in html if "フローグラフの構造" in h]
    assert len(metrics) == 1
    for needle in ("判断ノード", "閉路", "DARK MOON — ターン", "ドラゴンクエスト — ターン", "ドラゴンクエスト — 戦闘"):
        assert needle in metrics[0], needle
    # the flow graphs side by side, labelled in Japanese
    row = next(h for h in html if "tcg-side-by-side" in h)
    assert row.count("<svg") == 2 and "戦闘" in row and "メインフェイズ" in row
    # the batteries of section 2 and of "your turn" and the three comparisons: the design lab's tables in Japanese
    n = games()
    batteries = [h for h in html if "tcg-design" in h and "値（95%区間）" in h and "B − A" not in h]
    assert len(batteries) == 3
    assert all("先攻の勝率" in h and "P1 の勝ち" in h and "分岐数" in h and "意味（出典）" in h for h in batteries)
    comparisons = [h for h in html if "tcg-design" in h and "B − A（95%区間）" in h]
    assert len(comparisons) == 3 and all(f"共通の {n} 個のシード" in h and "判定" in h for h in comparisons)
    assert any("formation_repair" in h and "既定値" in h and "意味" in h for h in html), "the options in Japanese"
    out = text_of(nb)
    for a, b in (
        ("first_turn_restriction=True", "first_turn_restriction=False"),
        ("formation=strict", "formation=at_least"),
        ("wipe_out=after_own_turn", "wipe_out=literal"),
    ):
        assert out.count(f"A = {a}、B = {b}（各{n}ゲーム、同じシード）") == 1, (a, b)
    decks = [h for h in html if "デッキAの勝ち（95%信頼区間）" in h]
    assert len(decks) == 2
    assert "学園総出アンサンブル（ensemble）対 ヘリとノアのスポットライト（spotlight）" in decks[0]
    assert "勇士たちの武器庫（heroes）対 牙の群れ（beasts）" in decks[1]


def test_japanese_experiments_read_this_run_in_japanese() -> None:
    nb = execute(LESSON_JA)
    out = text_of(nb)
    n = games()
    readings = re.findall(
        r"^先攻の勝率：.*ゲームで測定）は、片側(\d+)ゲームのこの実行では(ノイズを超えています|ノイズの範囲内です)(?:（[^）]*）)?。$",
        out,
        re.MULTILINE,
    )
    assert len(readings) == 3 and all(int(k) == n for k, _ in readings)
    assert re.search(r"^分岐数：formation=strict で [\d.]+、formation=at_least で [\d.]+。差の", out, re.MULTILINE)
    assert re.search(r"再生した\d+ゲームのうち\d+ゲーム（[\d.]+%）で、どちらかのプレイヤーがパーティーカードを6枚", out)
    k = min(n, 100)
    assert (
        f"1ターン目の終わり（片側{k}ゲームを再生）：wipe_out=after_own_turn では後攻が{k}ゲームで免除され、"
        f"wipe_out=literal では{k}ゲームで5枚を払いました。"
    ) in out
    verdicts = re.findall(r"^結論（実験C）：(.+)$", out, re.MULTILINE)
    assert len(verdicts) == 1
    assert ("ノイズの範囲内" in verdicts[0]) != ("ノイズを超えて" in verdicts[0]), verdicts[0]
    assert "ドラゴンクエスト：wipe_out=after_own_turn → wipe_out=literal：ノイズを超えた指標：" in out
    assert out.count("ノイズを超えたほかの指標：") == 3


def test_japanese_figures_are_drawn_with_japanese_labels() -> None:
    nb = execute(LESSON_JA)
    assert len(outputs(nb, "image/png")) >= 6
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for label in (
        "先攻の勝率（95%信頼区間）",
        "先攻の勝ち（勝敗のついたゲームの%）",
        'ylabel="ゲーム数"',
        "ゲームの長さ（ターン数）",
        "ゲームの終わり方",
        "ゲームの終わりの先攻のデッキの差",
        "facts.title(",
    ):
        assert label in code, label
    for english in ("First-player win rate (95% CI)", 'ylabel="games"', "Game length in turns", "how games ended"):
        assert english not in code, english
    assert "japanese_font(LANG)" in code
