"""Every lesson runs top to bottom headless, and shows what it promises."""

import html
import os
import re
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("TCGTEACH_LESSON_GAMES", "40")  # games per run of lesson 04 (its kernel inherits this)
NOTEBOOK_DIR = Path(__file__).resolve().parents[1] / "notebooks"
#: every notebook: the start page, the classroom, and each lesson in English (en/) and Japanese (ja/)
NOTEBOOKS = sorted(NOTEBOOK_DIR.rglob("*.ipynb"))


def rel(path: Path) -> str:
    """A notebook's name inside notebooks/: "00_start_here.ipynb", "en/01_darkmoon.ipynb" ..."""
    return path.relative_to(NOTEBOOK_DIR).as_posix()


#: a notebook's path -> its executed nbformat.NotebookNode (nbformat has no type hints)
_RUNS: dict[Path, Any] = {}


def execute(path: Path) -> Any:
    """Run a notebook once per test session (both tests below read the same run)."""
    if path in _RUNS:
        return _RUNS[path]
    import nbclient
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    _RUNS[path] = nb
    return nb


def text_of(nb: Any) -> str:
    parts: list[str] = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out["text"])
            for value in out.get("data", {}).values():
                if isinstance(value, str):
                    parts.append(value)
    return "\n".join(parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[rel(p) for p in NOTEBOOKS])
def test_notebook_runs_headless(path: Path) -> None:
    nb = execute(path)
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


def test_darkmoon_lesson_shows_each_rule_when_it_applies() -> None:
    nb = execute(NOTEBOOKS[[rel(p) for p in NOTEBOOKS].index("en/01_darkmoon.ipynb")])
    out = text_of(nb)
    for needle in (
        "DM-4.3",
        "DM-4.4",
        "matches a number on the field",
        "matches no number on the field",
        "DM-4.6",
        "DM-1.4",
        "units",
        "loose specials",
        "application/vnd.jupyter.widget-view+json",
    ):
        assert needle in out or needle in str(nb), needle


def test_darkmoon_lesson_in_japanese_plays_the_same_game_and_shows_it_in_japanese() -> None:
    ja = lesson("ja/01_darkmoon.ipynb")
    out = html.unescape(text_of(ja))
    en_out = html.unescape(text_of(lesson("en/01_darkmoon.ipynb")))
    # the same seeded game, event for event: the rule IDs cited in the outputs come in the same order
    cited = re.findall(r"\[(DM-\d[\d.]*[a-z]?)\]", out)
    assert len(cited) > 30 and cited == re.findall(r"\[(DM-\d[\d.]*[a-z]?)\]", en_out)
    assert "このターンにできる行動：1回" in out  # DM-4.3, printed by the lesson
    # DM-4.4: one reveal that matches (onto the field), one character that matches nothing (to the hand)
    assert re.search(r"\[DM-4\.4\] 公開：[^\n<]*一致：場へ", out), "a matching reveal, in Japanese"
    assert re.search(r"\[DM-4\.4\] 公開：[^\n<]*一致しない：手札へ", out), "a non-matching reveal, in Japanese"
    assert re.search(r"\[DM-4\.6\] P\d[^\n<]*ユニット\d", out) and re.search(r"\[DM-1\.4\] [^\n<]*終了条件", out)
    # DM-5: the breakdown the lesson prints, in Japanese, adds up
    score = r"^P\d：ユニットのカード (\d+) ＋ ユニットのボーナス (\d+) ＋ 場に残ったスペシャルカード (\d+) ＝ (\d+)点$"
    lines = re.findall(score, out, re.M)
    assert len(lines) == 2 and all(int(a) + int(b) + int(c) == int(t) for a, b, c, t in lines)
    assert re.search(r"^    ユニット\d：\d+枚、ボーナス \d+点$", out, re.M)
    # the options table, the flow graph, the board and the stepper in Japanese
    assert "| オプション | 既定値 | ルール | 意味 |" in out and "先攻1ターン目" in out
    assert "メインフェイズ" in out and "エンドフェイズ" in out  # labels of the drawn turn graph
    assert "tcg-board tcg-dm" in out and "手札" in out and "ユニット1" in out
    assert "1手進める" in str(ja) and "application/vnd.jupyter.widget-view+json" in str(ja)
    # the glossary of the lesson, in Japanese: every DARK MOON term with its reading
    from tcgteach.glossary import terms

    assert "<th" in out and "読み" in out and "ユニットおきば" in out
    assert all(f"<b>{t.ja}</b>" in out for t in terms("darkmoon"))
    for english in ("Reveal:", "matches", "Rules applied", "actions allowed", "loose specials", "nodes,"):
        assert english not in out, f"English left in the Japanese lesson's output: {english!r}"


def lesson(name: str) -> Any:
    return execute(NOTEBOOKS[[rel(p) for p in NOTEBOOKS].index(name)])


def prose_of(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_dragonquest_lesson_shows_both_readings_of_the_wipe_out_penalty() -> None:
    nb = lesson("en/02_dragonquest.ipynb")
    out = html.unescape(text_of(nb))
    # the end of turn 1 of the seeded game, under the default and under literal (DQ-6.14.1)
    assert "[DQ-6.14] P2 has no party card but has not had a turn yet: no wipe-out penalty (option wipe_out)." in out
    assert "[DQ-6.14] P2 has no party card: wipe-out penalty, 5 cards from the deck to the discard pile." in out
    spared = re.search(r"^wipe_out = 'after_own_turn' +P2: deck (\d+), discard pile 0$", out, re.MULTILINE)
    paid = re.search(r"^wipe_out = 'literal' +P2: deck (\d+), discard pile 5$", out, re.MULTILINE)
    assert spared and paid and int(spared.group(1)) - int(paid.group(1)) == 5
    # effects never cost GP (DQ-6.11): the Sage closes itself with 0 GP
    assert "[DQ-6.11] P1 uses Sage of the Tower's effect (closing it)." in out
    assert (
        "what the special effects of all party cards cost:" in out
        and "GP" not in out.split("what the special effects of all party cards cost:")[1].splitlines()[0]
    )
    # every option is listed, the two new readings included
    assert re.search(r"^wipe_out +DQ-6.14 +default 'after_own_turn'", out, re.MULTILINE)
    assert re.search(r"^formation_repair +DQ-5.5 +default 'immediate'", out, re.MULTILINE)
    prose = prose_of(nb)
    for needle in (
        "DQ-6.14.1",
        "`wipe_out_spared`",
        "`after_own_turn` (default, **[the engine's reading]**)",
        "`literal`",
        "DQ-6.2",
        "DQ-6.11",
    ):
        assert needle in prose, needle
    assert "already costs them five cards at the end of turn 1" not in prose  # the old reading, gone


def test_dragonquest_lesson_in_japanese_shows_the_same_in_japanese() -> None:
    nb = lesson("ja/02_dragonquest.ipynb")
    out = html.unescape(text_of(nb))
    # the end of turn 1 under both readings of the wipe-out penalty (DQ-6.14.1), in the engine's Japanese log
    assert re.search(r"\[DQ-6\.14\] P2[^<\n]*まだ自分のターンがない[^<\n]*全滅ペナルティなし", out, re.MULTILINE)
    assert re.search(r"\[DQ-6\.14\] P2[^<\n]*全滅ペナルティ[^<\n]*5枚を捨て札", out, re.MULTILINE)
    spared = re.search(r"^wipe_out = 'after_own_turn' +P2：デッキ (\d+)枚、捨て札 0枚$", out, re.MULTILINE)
    paid = re.search(r"^wipe_out = 'literal' +P2：デッキ (\d+)枚、捨て札 5枚$", out, re.MULTILINE)
    assert spared and paid and int(spared.group(1)) - int(paid.group(1)) == 5
    # recruiting and its costs (DQ-6.5, DQ-6.8): the refused second recruit names its rule, in Japanese
    assert re.search(r"\[DQ-6\.5\] P1が灰門の騎士を前衛に仲間にする（クローズ", out, re.MULTILINE)
    refused = "[DQ-6.5] できません。このターン2枚目の仲間には COST 3 ぶんのGPが必要ですが、P1のGPは 2 しかありません。"
    assert refused in out
    assert "[DQ-6.8] P1が灰門の騎士を復帰させる（2GP）。" in out
    # effects never cost GP (DQ-6.11): the Sage closes itself with 0 GP, and no effect's cost names GP
    assert "[DQ-6.11] P1が塔の賢者の効果を使う（クローズ）。" in out
    costs = out.split("全パーティーカードの特殊効果のコスト：")[1].splitlines()[0]
    assert "クローズ" in costs and "手札1枚を捨てる" in costs and "GP" not in costs
    # experience and level (DQ-8.2, DQ-8.3, DQ-9.4)
    assert "[DQ-8.3] P1がほら穴ネズミの撃破で1GPを得る（経験値5）。" in out
    assert re.search(r"\[DQ-9\.4\] P1がレベル2に上がる", out, re.MULTILINE)
    # the options, their table and the whole game's summary, in Japanese
    assert re.search(r"^wipe_out +DQ-6\.14 +既定値 'after_own_turn' +選べる値", out, re.MULTILINE)
    assert "<th>オプション</th><th>値</th><th>既定値</th><th>ルール</th><th>意味</th>" in out
    loser = r"^P[12]：デッキ 0枚、レベル \d+、経験値 \d+、GP \d+、パーティー \d+枚　— 負け$"
    assert re.search(loser, out, re.MULTILINE)
    assert re.search(r"^\d+ターン、選んだ行動\d+回、出来事\d+件。よく使われたルール：$", out, re.MULTILINE)
    assert re.search(r"^  DQ-6\.14 +\d+  ターンの終了$", out, re.MULTILINE)
    # the Japanese board and the Japanese turn graph
    assert "ドラゴンクエスト：ターンの流れ" in out and "ドラゴンクエスト：戦闘" in out
    assert '<div class="tcg-board tcg-dq' in out
    board = re.sub(r"<[^>]+>", " ", out[out.index('<div class="tcg-board tcg-dq') :])  # the first board and after
    assert "現在：引き直し" in board and re.search(r"経験値ボックス：\s*なし", board) and "前衛" in board
    # nothing the English notebook prints is left in English (the glossary table gives each term in both
    # languages on purpose: it is left out of this check)
    out = re.sub(r"<table class='tcg-glossary'.*?</table>", "", out, flags=re.S)
    for english in (
        "legal now",
        "nodes,",
        "discard pile",
        "what the special effects",
        "default '",
        "most cited",
        " — lost",
        "<th>option</th>",
        "No party card in hand",
    ):
        assert english not in out, english
    prose = prose_of(nb)
    for needle in (
        "DQ-6.14.1",
        "`wipe_out_spared`",
        "`after_own_turn`（**既定値**",
        "`literal`",
        "全滅ペナルティ",
        "後攻",
        "DQ-6.11",
        "特殊効果にGPはかかりません",
        "デッキがそのままライフ",
        "経験値ボックス",
    ):
        assert needle in prose, needle


def printed_text(nb: Any) -> str:
    """``text_of``, but the stream pieces of one cell joined as they were printed: the kernel may send one
    ``print`` in several chunks, and ``text_of`` puts a newline between them."""
    parts = []
    for cell in nb.cells:
        streams: dict[str, str] = {}
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                streams[out["name"]] = streams.get(out["name"], "") + out["text"]
            for value in out.get("data", {}).values():
                if isinstance(value, str):
                    parts.append(value)
        parts.extend(streams.values())
    return "\n".join(parts)


def test_dragonquest_combat_lesson_shows_formation_repair_under_both_readings() -> None:
    nb = lesson("en/03_dragonquest_combat.ipynb")
    out = html.unescape(printed_text(nb))
    # immediate: P1 repairs at once, between the two poison ticks; P2 can then attack the Wyrm
    imm = out.index("[DQ-5.5] P1's front row no longer outnumbers the back row: P1 repairs the formation at once.")
    assert out.index("[DQ-5.5] Formation: P1 moves Abyss Wyrm to the front row.", imm) < out.index(
        "[DQ-6.14] Flutter Bat takes 1 damage", imm
    )
    # ⑥: the copy mark the board shows (the position's decks are filled from the starter decks)
    assert "P2 may: Attack with Horned Boar ⑥; Pass" in out
    # end_step: the front row stays empty and P2 cannot attack (DQ-7.6)
    assert "[DQ-7.6] the defender's front row is empty: no attack is possible. Legal now: pass" in out
    # the owner decides in the opponent's turn, at the repair node of the turn graph
    assert "[DQ-5.5] P2's front row no longer outnumbers the back row: P2 repairs the formation at once." in out
    assert "P2 may: Move Pebble Crab to the front; Move Mossback Tortoise to the front" in out
    assert "[DQ-5.5] Formation: P2 moves Mossback Tortoise to the front row." in out
    assert "into repair:   combat.resolve; end; end.confusion; prep; prep.resolve" in out
    assert "tcg-n-repair polygon" in out, "a turn graph with the repair node as the current node"
    assert "tcg-e-end--repair path" in out and "tcg-e-repair--end path" in out, "the edges end -> repair -> end lit"
    assert "Formation maintenance (at once)" in out  # the node's label in the drawn graph
    prose = prose_of(nb)
    for needle in (
        "DQ-5.5",
        "`formation_repair`",
        "`immediate` (default)",
        "`end_step`",
        "Why `immediate` is the default",
        "DQ-7.6",
        "DQ-6.14.1",
    ):
        assert needle in prose, needle
    assert not re.search(r"[\u3040-\u30ff]", prose), "the English notebook has no Japanese text"


def test_dragonquest_combat_lesson_in_japanese_shows_the_same_scenes() -> None:
    nb = lesson("ja/03_dragonquest_combat.ipynb")
    out = html.unescape(printed_text(nb))
    # the cards' figures, the judgment explained, the event log with its rule IDs: all in Japanese
    assert "H13 銀の決闘者　　　　レベル 3　攻撃力 4　HP 4　素早さ 4" in out
    assert "素早さ 4 > 1：攻撃側が先（DQ-7.8）。" in out
    assert "[DQ-7.8] 判定：路地裏の拳闘士 対 流浪の剣士（同速：同時）。" in out
    assert "P2の選択肢： ツノイノシシ ③で防御、コケスライム ②で防御、防御しない" in out
    assert "P1が選べる防御カード： ツノイノシシ ③を選ぶ、コケスライム ②を選ぶ、小石ガニを選ぶ" in out
    assert "流浪の剣士：毒\nきこりの息子：混乱\nツノイノシシ：毒" in out
    # immediate: P1 repairs at once, between the two poison ticks; P2 can then attack the Wyrm
    imm = out.index("[DQ-5.5] P1の前衛が後衛より多くなくなった：P1がすぐに陣形維持を行う。")
    assert out.index("[DQ-5.5] 陣形維持：P1が深淵の多頭竜を前衛へ。", imm) < out.index(
        "[DQ-6.14] ひらひらコウモリに1ダメージ", imm
    )
    assert "P2の選択肢： ツノイノシシ ⑥で攻撃、パス" in out
    # end_step: P2 cannot attack (DQ-7.6); the refusal is shown with the rule's Japanese text
    assert "[DQ-7.6] 防御側の前衛にカードが1枚もなければ、攻撃は選べません。いま選べる手：パス" in out
    # the owner decides in the opponent's turn, at the repair node of the turn graph
    assert "[DQ-5.5] P2の前衛が後衛より多くなくなった：P2がすぐに陣形維持を行う。" in out
    assert "P2の選択肢： 小石ガニを前衛へ、苔甲羅のカメを前衛へ" in out
    assert "[DQ-5.5] 陣形維持：P2が苔甲羅のカメを前衛へ。" in out
    assert "repair へ入る矢印の出発点： combat.resolve、end、end.confusion、prep、prep.resolve" in out
    assert "tcg-n-repair polygon" in out and "tcg-e-end--repair path" in out and "tcg-e-repair--end path" in out
    assert "陣形維持（すぐに）" in out and "判定ステップ" in out  # node labels of the drawn graphs
    # wipe-out penalty, deck-out, the draw, the refused 3/3 formation
    assert "[DQ-6.14] P2の場にパーティーがいない：全滅ペナルティでデッキから5枚を捨て札へ。" in out
    assert "[DQ-1.3] ゲーム終了。引き分け" in out
    assert "前衛3枚・後衛3枚では、前衛が後衛より多くありません（DQ-5.2、オプション formation=strict）" in out
    # the board, the options table and the combat view in Japanese
    assert "前衛" in out and "後衛" in out and "☠ 毒" in out
    assert "<th>オプション</th><th>値</th><th>既定値</th><th>ルール</th><th>意味</th>" in out
    assert "1手進める" in str(nb) and "application/vnd.jupyter.widget-view+json" in str(nb)
    # nothing the reader sees printed in English
    for english in ("may:", "may pick:", "into repair", "legal verbs", "recruits:", "saved state", "Legal now"):
        assert english not in out, english
    prose = prose_of(nb)
    for needle in (
        "DQ-5.5",
        "`formation_repair`",
        "`immediate`（既定値）",
        "`end_step`",
        "`immediate` が既定値である理由",
        "DQ-7.6",
        "DQ-6.14.1",
        "陣形維持",
        "前衛",
        "後衛",
        "毒",
        "クローズ",
        "全滅ペナルティ",
    ):
        assert needle in prose, needle
    assert "TODO-JA" not in prose
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            assert re.search(r"[\u3040-\u30ff]", cell.source), f"a markdown cell without Japanese: {cell.source[:60]}"
        else:
            assert "both are defeated" not in cell.source  # assertion messages are in Japanese
    assert any("DQ-7.8：2枚とも撃破される" in c.source for c in nb.cells if c.cell_type == "code")
