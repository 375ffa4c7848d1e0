"""The glossary (issue 13): every term has both languages, a definition and rules that exist, and no
text of the package or of the lessons uses a variant the glossary avoids.

The texts scanned: the games' data files (rules, cards, decks), every ``Text`` table of every module,
every Japanese string literal of the package, the games' event and action descriptions and combat
explanations over a few seeded games, the boards along those games, the flow graph labels, and the
lesson sources (``lessons/*.lesson``, ``notebooks/**/*.ipynb``, read whole as text).
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import tcgteach
from tcgteach.core.errors import TcgError
from tcgteach.glossary import GLOSSARY, Inconsistency, find_inconsistencies, table_html, term, terms
from tcgteach.i18n import LANGS, Text
from tcgteach.texts import outcome_text

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tcgteach"
#: the games the glossary has terms for (a plugin without glossary terms is not failed for lacking them)
GAMES = tuple(sorted({t.game for t in GLOSSARY.values()} - {"both"}))
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

Texts = Iterator[tuple[str, str, str]]  # (where, lang, text)


# ---- the texts --------------------------------------------------------------------------------


def _data_texts() -> Texts:
    def walk(o: Any, where: str) -> Texts:
        if isinstance(o, dict):
            for k, v in o.items():
                if k in LANGS and isinstance(v, str):
                    yield f"{where}.{k}", k, v
                else:
                    yield from walk(v, f"{where}.{k}")
        elif isinstance(o, list):
            for i, v in enumerate(o):
                yield from walk(v, f"{where}[{i}]")

    for path in sorted(PACKAGE.glob("*/data/*.json")):
        yield from walk(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))


def _modules() -> list[Any]:
    names = [m.name for m in pkgutil.walk_packages(tcgteach.__path__, "tcgteach.")]
    out = []
    for name in sorted(names):
        if name.endswith("__main__"):
            continue
        try:
            out.append(importlib.import_module(name))
        except ImportError:  # an optional extra (a notebook front end) that is not installed
            continue
    return out


def _text_tables() -> Texts:
    for module in _modules():
        for attr, value in vars(module).items():
            if isinstance(value, Text):
                for key, (en, ja) in value.items():
                    yield f"{module.__name__}.{attr}[{key!r}]", "en", en
                    yield f"{module.__name__}.{attr}[{key!r}]", "ja", ja


def _japanese_literals() -> Texts:
    """Every Japanese string literal of the package: texts outside ``Text`` tables are caught too."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "glossary.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and JA.search(node.value):
                yield f"{path.relative_to(ROOT)}:{node.lineno}", "ja", node.value


def _flow_texts() -> Texts:
    for name in GAMES:
        for fname, flow in tcgteach.game(name).flows.items():
            graph = flow.to_networkx()
            for where, data in _flow_items(graph):
                for k, v in data.items():
                    if isinstance(v, str) and k.endswith(("_en", "_ja")):
                        yield f"{name}.flows[{fname}]{where}.{k}", k[-2:], v


def _flow_items(graph: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    yield "", dict(graph.graph)
    for n, data in graph.nodes(data=True):
        yield f".node[{n}]", data
    for a, b, data in graph.edges(data=True):
        yield f".edge[{a}->{b}]", data


def _played_texts(name: str, seed: int, steps: int = 400) -> Texts:
    """Event and action descriptions, combat explanations and boards along one seeded random game."""
    game = tcgteach.game(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        action = rng.choice(actions)
        for lang in LANGS:
            for a in actions:
                yield f"{name} seed {seed} step {step} action {a}", lang, game.describe_action(a, state, lang)
        events = state.apply(action)
        for lang in LANGS:
            for e in events:
                yield f"{name} seed {seed} step {step} event {e.kind}", lang, game.describe_event(e, state, lang)
            if name == "dragonquest":
                for line in game.explain_combat(state, lang) or []:
                    yield f"{name} seed {seed} step {step} combat", lang, line
            if step % 25 == 0:
                yield f"{name} seed {seed} step {step} board", lang, game.render_board(state, lang=lang)
    for lang in LANGS:
        yield f"{name} seed {seed} final board", lang, game.render_board(state, lang=lang)
        result = state.result()
        if result is not None:
            yield f"{name} seed {seed} result", lang, outcome_text(result, lang)


def _package_texts() -> Texts:
    yield from _data_texts()
    yield from _text_tables()
    yield from _japanese_literals()
    yield from _flow_texts()
    for name in GAMES:
        for seed in (1, 2, 3):
            yield from _played_texts(name, seed)


def _lesson_files() -> list[Path]:
    return sorted([*ROOT.glob("lessons/*.lesson"), *ROOT.glob("notebooks/**/*.ipynb")])


def _report(hits: list[Inconsistency]) -> str:
    return "\n".join(str(h) for h in hits[:40]) + (f"\n... and {len(hits) - 40} more" if len(hits) > 40 else "")


# ---- the table --------------------------------------------------------------------------------


def test_every_term_has_both_languages_a_definition_and_rules_that_exist() -> None:
    rule_ids = {name: set(tcgteach.game(name).rule_ids()) for name in GAMES}
    for key, t in GLOSSARY.items():
        assert t.key == key and re.fullmatch(r"[a-z][a-z0-9_]*", key), key
        assert t.game in (*gamecases.registered_games(), "both"), key  # a str checked against the registry
        assert t.en.strip() and t.ja.strip(), key
        assert JA.search(t.ja) or t.ja.isascii(), key
        assert t.meaning_en.strip() and JA.search(t.meaning_ja), key
        assert t.rules, f"{key}: no rule defines it"
        allowed = set().union(*rule_ids.values()) if t.game == "both" else rule_ids[t.game]
        for r in t.rules:
            assert r in allowed, f"{key}: rule {r} is not a rule of {t.game}"
        if t.game == "both":
            assert {r.split("-")[0] for r in t.rules} == {"DM", "DQ"}, f"{key}: 'both' but defined in one game"
        if t.reading:
            assert not re.search(r"[\u4e00-\u9fff]", t.reading), f"{key}: the reading has kanji"
        assert re.search(r"[\u4e00-\u9fff]", t.ja) or not t.reading or t.key in {"gp", "hp"}, (
            f"{key}: a reading for a term without kanji"
        )


def test_no_term_avoids_a_word_another_term_uses() -> None:
    """An avoided variant must never be part of a glossary term (or the term itself)."""
    for t in GLOSSARY.values():
        for lang in LANGS:
            for other in GLOSSARY.values():
                assert not find_inconsistencies(other.text(lang), lang), (t.key, other.key)


def test_term_and_terms() -> None:
    assert term("front_row", "ja") == "前衛" and term("front_row", "en") == "front row"
    assert term("deck", "ja") == "デッキ"
    dm = {t.key for t in terms("darkmoon")}
    dq = {t.key for t in terms("dragonquest")}
    assert "unit_slot" in dm and "unit_slot" not in dq
    assert "counterattack" in dq and "counterattack" not in dm
    assert "deck" in dm & dq
    assert len(terms()) == len(GLOSSARY) == len(dm | dq)


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(TcgError, match="no term 'frontrow'; did you mean 'front_row'"):
        term("frontrow", "ja")
    with pytest.raises(KeyError, match="no term '前衛'; did you mean 'front_row'"):
        term("前衛", "en")
    with pytest.raises(TcgError, match="unknown language 'fr'"):
        term("deck", "fr")
    with pytest.raises(TcgError, match="unknown game 'chess'"):
        terms("chess")
    with pytest.raises(TcgError, match="unknown language 'de'"):
        find_inconsistencies("deck", "de")
    with pytest.raises(TcgError, match="unknown game 'both'"):
        table_html("both", "en")


def test_table_html_lists_the_terms_of_the_game() -> None:
    ja = table_html("dragonquest", "ja")
    assert ja._repr_html_() == str(ja)
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", ja)]
    assert cells[:5] == ["用語", "英語", "読み", "意味", "ルール"]
    row = cells.index("前衛")
    assert cells[row : row + 5] == [
        "前衛",
        "front row",
        "ぜんえい",
        GLOSSARY["front_row"].meaning_ja,
        "DQ-5.1、DQ-5.2、DQ-7.3",  # Japanese lists take 、
    ]
    assert "ユニット置き場" not in ja and "デッキ" in ja  # Dragon Quest's terms and the shared ones
    en = table_html("darkmoon", "en")
    assert "<b>unit slot</b></td><td style='" in en and ">ユニットおきば</td>" in en
    assert en.count("<tr>") == len(terms("darkmoon")) + 1
    assert table_html(None, "en").count("<tr>") == len(GLOSSARY) + 1
    deck_row = en[en.index("<b>deck</b>") : en.index("</tr>", en.index("<b>deck</b>"))]
    assert "DM-2.1" in deck_row and "DQ-" not in deck_row  # a game's table cites that game's rules only


def test_find_inconsistencies_names_variant_term_and_place() -> None:
    hits = find_inconsistencies("P1の場\n前列のカードが反撃。山札を引く", "ja", source="x.lesson")
    assert [(h.variant, h.key, h.use, h.where) for h in hits] == [
        ("前列", "front_row", "前衛", "x.lesson:2:1"),
        ("山札", "deck", "デッキ", "x.lesson:2:11"),
    ]
    en = find_inconsistencies("On the front line; the Graveyard. A counter-attack.", "en")
    assert [(h.variant, h.use) for h in en] == [
        ("front line", "front row"),
        ("Graveyard", "discard pile"),
        ("counter-attack", "counterattack"),
    ]
    # whole words only, the other language's variants are not looked for, allowed phrases are skipped
    assert find_inconsistencies("XPath; active players' decks", "en") == []
    assert find_inconsistencies("front line", "ja") == []
    assert find_inconsistencies("コレクター用の識別番号", "ja") == []
    assert [h.variant for h in find_inconsistencies("同じ番号", "ja")] == ["番号"]


# ---- the package and the lessons use the glossary ---------------------------------------------


def test_the_scan_sees_the_texts_it_claims() -> None:
    """The scanner reaches each kind of text (so an empty scan cannot pass the tests below)."""
    seen: dict[str, int] = {}
    for where, lang, text in _package_texts():
        kind = (
            "data"
            if where.startswith("tcgteach/") and ".json" in where
            else "table"
            if "[" in where and where.startswith("tcgteach.")
            else "literal"
            if where.startswith("tcgteach/")
            else "flow"
            if ".flows[" in where
            else "board"
            if where.endswith("board")
            else "event"
            if " event " in where
            else "action"
            if " action " in where
            else "combat"
            if where.endswith("combat")
            else "other"
        )
        seen[f"{kind}.{lang}"] = seen.get(f"{kind}.{lang}", 0) + 1
        if kind == "board" and lang == "ja":
            assert "手札" in text, where
    for kind in ("data", "table", "flow", "board", "event", "action", "combat"):
        for lang in LANGS:
            assert seen.get(f"{kind}.{lang}", 0) > 0, (kind, lang, seen)
    assert seen["literal.ja"] > 100


def test_package_texts_use_the_glossary_terms() -> None:
    hits: list[Inconsistency] = []
    for where, lang, text in _package_texts():
        hits += find_inconsistencies(text, lang, source=where)
    unique = {(h.where.rsplit(":", 2)[0], h.variant): h for h in hits}
    assert not unique, "avoided variants in the package's texts:\n" + _report(list(unique.values()))


def test_lesson_sources_use_the_glossary_terms() -> None:
    hits: list[Inconsistency] = []
    for path in _lesson_files():
        text = path.read_text(encoding="utf-8")
        for lang in LANGS:
            hits += find_inconsistencies(text, lang, source=str(path.relative_to(ROOT)))
    assert not hits, "avoided variants in the lessons:\n" + _report(hits)


def test_the_lesson_scan_reads_the_lessons(tmp_path: Path) -> None:
    assert any(p.suffix == ".ipynb" for p in _lesson_files())
    bad = tmp_path / "x.lesson"
    bad.write_text("=== markdown\n--- ja\n後列のカード\n--- en\nthe rear row\n", encoding="utf-8")
    text = bad.read_text(encoding="utf-8")
    found = find_inconsistencies(text, "ja", source="x.lesson") + find_inconsistencies(text, "en")
    assert [(h.variant, h.where) for h in found] == [("後列", "x.lesson:3:1"), ("rear row", "5:5")]
