"""Build the subset of Noto Sans CJK JP bundled in ``tcgteach/data/`` (a build tool, outside the runtime package).

The subset has the glyphs of the Japanese lessons' plot labels and the Japanese rule titles of every registered
game; ``tcgteach.viz.fonts`` loads it at run time. Needs fontTools (a development tool, not a dependency)::

    python tools/build_font_subset.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
        notebooks/ja/*.ipynb

tests/test_fonts.py checks that the bundled file covers every character ``needed_characters`` lists.
"""

from __future__ import annotations

import ast
import json
import string
import sys
from collections.abc import Iterable
from pathlib import Path

from tcgteach.core.files import atomic_writer
from tcgteach.viz.fonts import BUNDLED, BUNDLED_FAMILY

# -- the bundled subset: which characters, and how it is made ------------------------------------------------
#: the games whose rule titles the lessons' figures show
LESSON_GAMES = ("darkmoon", "dragonquest")
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
    """Every character of the Japanese rule titles of the lessons' games (a figure labels the rule that ended it)."""
    import tcgteach

    chars: set[str] = set()
    for name in LESSON_GAMES:
        g = tcgteach.game(name)
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


def main(argv: list[str]) -> int:
    """``build_font_subset.py SOURCE_FONT NOTEBOOK...``: write ``tcgteach/data/`` + ``BUNDLED``."""
    if len(argv) < 2:
        print(__doc__)
        return 2
    out = Path(__file__).resolve().parents[1] / "tcgteach" / "data" / BUNDLED
    size = build_subset(argv[0], out, needed_characters(argv[1:]))
    print(f"{out}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
