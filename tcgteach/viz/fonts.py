"""A font with Japanese glyphs for matplotlib, so that the Japanese lessons' plot labels are readable.

matplotlib's default font (DejaVu Sans) has no kana or kanji: a Japanese label comes out as empty boxes, with a
"Glyph missing" warning for every character. ``japanese_font()`` looks for a CJK font that matplotlib knows
(``font_manager``), first the subset of Noto Sans CJK JP bundled in ``tcgteach/data/`` (the glyphs of the lessons'
plot labels; the JupyterLite site has no system fonts), then the fonts of the system, and puts it first in
matplotlib's sans-serif list. Without one it says so in one line and leaves matplotlib as it is.

This module only loads the font; the subset is built by ``tools/build_font_subset.py`` (a build tool, not part of
the runtime package).

>>> from tcgteach.viz.fonts import japanese_font
>>> japanese_font()            # doctest: +SKIP
'Noto Sans CJK JP'
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from ..core.errors import TcgError
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
