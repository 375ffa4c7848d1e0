"""A font with Japanese glyphs for matplotlib, so that the Japanese lessons' plot labels are readable.

matplotlib's default font (DejaVu Sans) has no kana or kanji: a Japanese label comes out as empty boxes, with a
"Glyph missing" warning for every character. ``japanese_font()`` looks for a CJK font that matplotlib knows
(``font_manager``), first the subset of Noto Sans CJK JP bundled in ``tcgteach/data/`` (the glyphs of the lessons'
plot labels; the JupyterLite site has no system fonts), then the fonts of the system, and puts it first in
matplotlib's sans-serif list. Without one it says so in one line and leaves matplotlib as it is.

>>> from tcgteach.viz.fonts import japanese_font
>>> japanese_font()            # doctest: +SKIP
'Noto Sans CJK JP'
"""

from __future__ import annotations

import ast
import json
import string
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import TcgError
from ..core.files import atomic_writer
from ..i18n import Text

#: the bundled subset (SIL Open Font License 1.1, see tcgteach/data/NotoSansCJKjp-subset.LICENSE.txt)
BUNDLED = "NotoSansCJKjp-subset.otf"
#: the family name of the bundled subset, as matplotlib reads it from the file
BUNDLED_FAMILY = "Noto Sans CJK JP Lesson Subset"
#: system fonts with Japanese glyphs, best first (Linux, macOS, Windows)
CANDIDATES = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "IPAexGothic",
    "IPAGothic",
    "TakaoGothic",
    "VL Gothic",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "Yu Gothic",
    "Meiryo",
    "MS Gothic",
    "Noto Sans CJK SC",
    "Noto Sans CJK TC",
    "Noto Sans CJK KR",
)

TEXT = Text(
    {
        "none": (
            "No font with Japanese glyphs was found for matplotlib: Japanese plot labels may show as boxes "
            "(install one, e.g. 'apt install fonts-noto-cjk').",
            "matplotlib で使える日本語フォントが見つかりません。図の日本語がうまく表示されないことがあります"
            "（例：'apt install fonts-noto-cjk' でフォントを入れてください）。",
        ),
    }
)


def _font_manager() -> Any:
    from matplotlib import font_manager

    return font_manager


def bundled_path() -> str | None:
    """The path of the bundled subset, or ``None`` when this installation lacks it."""
    path = resources.files("tcgteach") / "data" / BUNDLED
    return str(path) if path.is_file() else None


def bundled_characters() -> set[str]:
    """Every character the bundled subset has a glyph for (empty without the file)."""
    path = bundled_path()
    if path is None:
        return set()
    from matplotlib.ft2font import FT2Font

    return {chr(code) for code in FT2Font(path).get_charmap()}


def find_japanese_font(prefer_bundled: bool = False) -> str | None:
    """The family name of a font with Japanese glyphs that matplotlib knows, or ``None``.

    A full system font comes first (it has every glyph); the bundled subset is the fallback, or first with
    ``prefer_bundled``. The bundled file is registered with matplotlib when it is used.
    """
    fm = _font_manager()
    known = {f.name for f in fm.fontManager.ttflist}
    system = next((name for name in CANDIDATES if name in known), None)
    if system is not None and not prefer_bundled:
        return system
    path = bundled_path()
    if path is not None:
        if BUNDLED_FAMILY not in known:
            fm.fontManager.addfont(path)
        return BUNDLED_FAMILY
    return system


def japanese_font(lang: str = "ja", quiet: bool = False, prefer_bundled: bool = False) -> str | None:
    """Make matplotlib draw Japanese: put a CJK font first in its sans-serif list and return its name.

    Without one, say so in one line (in ``lang``) unless ``quiet``, change nothing and return ``None``; the
    plots still draw. The lessons call it when their language is Japanese.
    """
    if lang not in ("en", "ja"):
        raise TcgError(f"japanese_font: unknown language {lang!r} (expected 'en' or 'ja')")
    try:
        import matplotlib
    except ImportError:
        return None
    name = find_japanese_font(prefer_bundled)
    if name is None:
        if not quiet:
            print(TEXT.t("none", lang))
        return None
    rc = matplotlib.rcParams
    rc["font.family"] = "sans-serif"
    rc["font.sans-serif"] = [name] + [f for f in rc["font.sans-serif"] if f != name]
    rc["axes.unicode_minus"] = False  # CJK fonts often lack the minus sign U+2212
    return name


# -- the bundled subset: which characters, and how it is made ------------------------------------------------
#: what a code cell of a lesson draws with when it holds plot labels
PLOT_MARKERS = ("plt.subplots", "def overlay", "def rates_and_histogram", "GAMES = {")


def plot_label_characters(notebook: str | Path) -> set[str]:
    """Every character of the string literals in the plotting cells of a (Japanese) lesson notebook: the titles,
    axis labels, legends and tick labels its figures can show."""
    nb = json.loads(Path(notebook).read_text(encoding="utf-8"))
    chars: set[str] = set()
    for cell in nb["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] != "code" or not any(m in source for m in PLOT_MARKERS):
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars |= set(node.value)
    return {c for c in chars if c.isprintable()}


def rule_title_characters() -> set[str]:
    """Every character of the Japanese rule titles of both games (a figure labels the rule that ended a game)."""
    from .. import game as make_game

    chars: set[str] = set()
    for name in ("darkmoon", "dragonquest"):
        g = make_game(name)
        for rid in g.rule_ids():
            chars |= set(g.rule_title(rid, "ja"))
    return chars


def needed_characters(notebooks: Iterable[str | Path]) -> set[str]:
    """The characters the bundled subset must have: printable ASCII, the plot labels of ``notebooks`` and the
    Japanese rule titles."""
    chars = set(string.printable.strip()) | {" ", "−", "–", "—", "・", "〜"} | rule_title_characters()
    for nb in notebooks:
        chars |= plot_label_characters(nb)
    return chars


def build_subset(source: str | Path, out: str | Path, characters: Iterable[str], font_number: int = 0) -> int:
    """Write the subset of ``source`` (an OpenType font or collection, e.g. NotoSansCJK-Regular.ttc with
    ``font_number`` 0, the JP face) with exactly ``characters``, renamed to ``BUNDLED_FAMILY``; return its size.

    Needs fontTools (a development tool, not a dependency of the package)."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(str(source), fontNumber=font_number)
    options = subset.Options()
    options.layout_features = ["kern", "palt", "vert"]
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(set(characters))))
    subsetter.subset(font)
    postscript = BUNDLED_FAMILY.replace(" ", "") + "-Regular"
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = BUNDLED_FAMILY
        elif record.nameID in (3, 6):
            record.string = postscript
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]
        top = cff.topDictIndex[0]
        top.FullName, top.FamilyName = BUNDLED_FAMILY, BUNDLED_FAMILY
    with atomic_writer(out, "wb") as fh:  # the old font stays whole if the save fails half-way
        font.save(fh)
    return Path(out).stat().st_size
