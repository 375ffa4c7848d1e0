"""A font with Japanese glyphs for matplotlib (tcgteach/viz/fonts.py): the Japanese lessons' plot labels are drawn
readably, locally with a system CJK font and in the JupyterLite site with the subset bundled in tcgteach/data/."""

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from matplotlib import font_manager  # noqa: E402

from tcgteach.core.errors import TcgError  # noqa: E402
from tcgteach.viz import fonts  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import build_font_subset as build  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
#: the Japanese lesson whose figures carry Japanese labels
LESSON_JA = REPO / "notebooks" / "ja" / "04_compare_designs.ipynb"


@pytest.fixture(autouse=True)
def _restore_rc() -> Iterator[None]:
    with matplotlib.rc_context():
        yield


def test_the_plot_labels_of_the_japanese_lesson_are_found_and_japanese() -> None:
    chars = build.plot_label_characters(LESSON_JA)
    for label in ("先攻の勝率（95%信頼区間）", "ゲーム数", "ゲームの終わり方", "ドラゴンクエスト"):
        assert set(label) <= chars, label
    assert any("\u3040" <= c <= "\u30ff" for c in chars), "kana in the labels"


def test_the_bundled_subset_has_every_character_of_the_japanese_plot_labels_and_rule_titles() -> None:
    have = fonts.bundled_characters()
    assert have, "tcgteach/data/NotoSansCJKjp-subset.otf is missing"
    missing = build.needed_characters([LESSON_JA]) - have
    assert not missing, (
        f"the bundled font lacks {''.join(sorted(missing))!r}: rebuild it with tools/build_font_subset.py"
    )


def test_the_bundled_subset_is_small_and_carries_its_license() -> None:
    bundled = fonts.bundled_path()
    assert bundled is not None
    path = Path(bundled)
    assert path.stat().st_size < 200_000
    license_text = (path.parent / "NotoSansCJKjp-subset.LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in license_text and "Adobe" in license_text


def test_japanese_font_puts_a_font_matplotlib_knows_first() -> None:
    name = fonts.japanese_font(quiet=True)
    assert name is not None
    assert name in {f.name for f in font_manager.fontManager.ttflist}
    assert matplotlib.rcParams["font.sans-serif"][0] == name
    assert matplotlib.rcParams["font.family"] == ["sans-serif"]


def test_the_bundled_font_draws_every_label_without_a_missing_glyph(recwarn: pytest.WarningsRecorder) -> None:
    """What the JupyterLite site does: no system CJK font, the bundled subset only (pytest turns the
    "Glyph ... missing from font" warnings into errors; recwarn would list them otherwise)."""
    import matplotlib.pyplot as plt

    assert fonts.japanese_font(prefer_bundled=True) == fonts.BUNDLED_FAMILY
    text = "".join(sorted(build.needed_characters([LESSON_JA]) - {"$", "\\", "^", "_"}))
    fig, ax = plt.subplots(figsize=(4, 2))
    for i in range(0, len(text), 40):
        ax.text(0, i / len(text), text[i : i + 40])
    ax.set(title="先攻の勝率（95%信頼区間）", xlabel="先攻のポイント − 後攻のポイント", ylabel="ゲーム数")
    fig.savefig(io.BytesIO(), format="png")
    plt.close(fig)
    assert not [w for w in recwarn if "missing from" in str(w.message)]


def test_without_a_font_it_says_so_in_one_line_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(fonts, "find_japanese_font", lambda prefer_bundled=False: None)
    before = list(matplotlib.rcParams["font.sans-serif"])
    assert fonts.japanese_font("ja") is None
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "日本語フォントが見つかりません" in out
    assert matplotlib.rcParams["font.sans-serif"] == before
    assert fonts.japanese_font("en") is None
    assert "No font with Japanese glyphs" in capsys.readouterr().out
    assert fonts.japanese_font("ja", quiet=True) is None
    assert capsys.readouterr().out == ""


def test_an_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(TcgError, match="unknown language 'fr'"):
        fonts.japanese_font("fr")
