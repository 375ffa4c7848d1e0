"""The project's own rule texts (``data/rules.json``) against the rules specification (``shared/rules/*.md``):
the same rule IDs, the same [interpretation] marks, every named one an engine option with the spec's
default, and ``tcgteach rules`` showing the marks in English and Japanese.

The built-in games are checked against the shared spec; a plugin game has no ``shared/rules/<game>.md``: its
own rules.json is its spec, and the checks that need no spec (the texts name their options, the command shows
every mark, every entry writes the field) run over every registered game."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.cli import main
from tcgteach.core.data import FIXED, check_rule_options, load_rule_texts
from tcgteach.core.errors import DataFileError
from tcgteach.texts import rule_marks

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

#: the rules specification as the tests read it: the repository's copy (docs/rules/), so that a clone on its own
#: (GitHub's CI) runs every test; test_the_spec_copy_is_the_shared_spec keeps it equal to shared/rules/
SPEC_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
#: the project's shared specification, two levels above tests/ where it is (this workplace's CI and sessions)
SHARED_SPEC_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"
#: the games with a rules specification in shared/rules/ (the built-ins)
GAMES = tcgteach.BUILTIN_GAMES
#: every registered game (a plugin's rules.json is its own spec)
ALL_GAMES = gamecases.registered_games()

HEADING = re.compile(r"^##\s+((?:DM|DQ)-\d+)\b")
RULE = re.compile(r"^-\s+((?:DM|DQ)-\d+(?:\.\d+)?[a-z]?)\b")
MARK = re.compile(r"\[interpretation(?:\s+`(\w+)`)?[\]:]")
DEFAULT = re.compile(r"\bdefault(?:\s+minimum)?:?\s+`?(\w+)`?", re.I)
ALTERNATIVE = re.compile(r"\balternative:?\s+`?(\w+)`?", re.I)


class SpecRule:
    def __init__(self, rid: str) -> None:
        self.rid = rid
        self.marks: list[str] = []  # "fixed" or an option name, in the order of the rule's lines
        self.defaults: dict[str, str] = {}  # option name -> the default the spec states
        self.alternatives: dict[str, list[str]] = {}


def parse_spec(game: str) -> dict[str, SpecRule]:
    """Rule ID -> its marks, from ``shared/rules/<game>.md``: sections (``## DQ-5``), rules (``- DQ-5.1``)
    and the indented lines under a rule (the numbered steps of DQ-6.14)."""
    path = SPEC_DIR / f"{game}.md"
    if not path.is_file():
        pytest.fail(
            f"the rules specification is missing: looked for {path} (the tests compare rules.json "
            f"with docs/rules/*.md, the copy of shared/rules/*.md)",
            pytrace=False,
        )
    rules: dict[str, SpecRule] = {}
    section = current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := HEADING.match(line):
            section = current = rules.setdefault(m[1], SpecRule(m[1]))
        elif m := RULE.match(line):
            current = rules.setdefault(m[1], SpecRule(m[1]))
        elif line.strip() and not line[0].isspace():
            current = section  # a note under the section's rules ("Every violation is reported ...")
        if current is None:
            continue  # the preamble explains the marks; it is no rule
        for mark in MARK.finditer(line):
            name = mark[1]
            current.marks.append(name or FIXED)
            if name:
                rest = line[mark.end() :]
                if d := DEFAULT.search(rest):
                    current.defaults[name] = d[1]
                current.alternatives[name] = ALTERNATIVE.findall(rest)
    return rules


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(""))
    return code, out.getvalue()


def shown(value: object) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def blocks(out: str) -> dict[str, list[str]]:
    """``tcgteach rules`` output: rule ID -> the indented lines printed under it (its marks)."""
    found: dict[str, list[str]] = {}
    rid = None
    for line in out.splitlines():
        if m := re.match(r"^([A-Z]+-[\w.]+)  ", line):
            rid = m[1]
            found[rid] = []
        elif line.startswith("    ") and rid is not None:
            found[rid].append(line.strip())
        else:
            rid = None
    return found


# -- the spec and rules.json hold the same rules ------------------------------------------------------------
def test_the_spec_parser_finds_the_marks_it_is_meant_to_find() -> None:
    spec = parse_spec("dragonquest")
    assert spec["DQ-6.14"].marks == ["wipe_out", "status_tick"]  # both in numbered steps of the rule
    assert spec["DQ-8.3"].marks == [FIXED]  # "[interpretation: whatever caused ...]"
    assert spec["DQ-6.3a"].defaults == {"draw_minimum": "1"} and spec["DQ-1.4"].defaults == {"turn_limit": "none"}
    assert spec["DQ-6"].marks == [] and "DQ-11" in spec


@pytest.mark.parametrize("game", GAMES)
def test_every_spec_rule_has_a_text_and_every_text_is_a_spec_rule(game: str) -> None:
    spec = parse_spec(game)
    ids = tcgteach.game(game).rule_ids()
    assert sorted(set(spec) - set(ids)) == [], "rules of the spec without a text in rules.json"
    assert sorted(set(ids) - set(spec)) == [], "texts in rules.json for rules the spec does not have"
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game", GAMES)
def test_every_interpretation_of_the_spec_is_marked_and_nothing_else(game: str) -> None:
    spec = parse_spec(game)
    g = tcgteach.game(game)
    wrong = {
        rid: (tuple(rule.marks), g.rule_interpretations(rid))
        for rid, rule in spec.items()
        if tuple(rule.marks) != g.rule_interpretations(rid)
    }
    assert wrong == {}, "rule: (marks of the spec, marks of rules.json)"


@pytest.mark.parametrize("game", GAMES)
def test_every_named_interpretation_is_an_option_with_the_spec_default(game: str) -> None:
    g = tcgteach.game(game)
    named = [(rid, name, rule) for rid, rule in parse_spec(game).items() for name in rule.marks if name != FIXED]
    assert named, "the spec names no option at all: the parser is broken"
    for rid, name, rule in named:
        spec = g.options.specs.get(name)
        assert spec is not None, f"{rid}: option {name!r} is not in game.options"
        assert spec.rule == rid, f"option {name!r} says it settles {spec.rule}, the spec marks it in {rid}"
        assert name in rule.defaults, f"{rid}: the spec states no default for {name!r}"
        assert shown(spec.default) == rule.defaults[name], f"{rid}: {name} default {spec.default!r}"
        for alt in rule.alternatives[name]:
            assert spec.kind != "choice" or alt in [shown(c) for c in spec.choices], f"{rid}: {name}={alt}"
        assert spec.explain["en"].strip() and spec.explain["ja"].strip(), f"{name}: no en/ja explanation"
        assert name in g.options and g.options[name] == spec.default


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_texts_name_exactly_the_options_that_settle_them(game: str) -> None:
    """A text that cites 'Engine option `x`' is marked with x, and the mark is not in the text alone."""
    g = tcgteach.game(game)
    for rid in g.rule_ids():
        named = [m for m in g.rule_interpretations(rid) if m != FIXED] + list(g.rule_automation(rid))
        assert re.findall(r"[Ee]ngine option `(\w+)`", g.rule_text(rid, "en")) == named, rid
        assert re.findall(r"エンジンオプション `(\w+)`", g.rule_text(rid, "ja")) == named, rid
        for lang in ("en", "ja"):
            assert "[interpretation" not in g.rule_text(rid, lang) and "解釈】" not in g.rule_text(rid, lang), rid


# -- tcgteach rules shows every mark ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ("en", "ja"))
@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_rules_command_shows_every_mark(game: str, lang: str) -> None:
    g = tcgteach.game(game)
    code, out = run("rules", game, "--lang", lang)
    assert code == 0
    shown_marks = blocks(out)
    assert list(shown_marks) == list(g.rule_ids())
    marks = (
        {rid: rule.marks for rid, rule in parse_spec(game).items()}
        if game in GAMES
        else {rid: list(g.rule_interpretations(rid)) for rid in g.rule_ids()}  # a plugin: its rules.json
    )
    for rid, named in marks.items():
        expected = []
        for name in named:
            if name == FIXED:
                expected.append("［解釈］" if lang == "ja" else "[interpretation]")
            else:
                default = shown(g.options.specs[name].default)
                expected.append(
                    f"［解釈：オプション `{name}`、既定値 {default}］"
                    if lang == "ja"
                    else f"[interpretation: option `{name}`, default {default}]"
                )
        for name in g.rule_automation(rid):  # then the options for automated play only (not readings)
            default = shown(g.options.specs[name].default)
            sim = shown(g.sim_defaults[name])
            expected.append(
                f"［自動対戦用：オプション `{name}`、既定値 {default}、シミュレーションでは {sim}］"
                if lang == "ja"
                else f"[automated play: option `{name}`, default {default}, in simulations {sim}]"
            )
        lines = shown_marks[rid]
        assert len(lines) == len(expected) and all(
            line.startswith(e) for line, e in zip(lines, expected, strict=True)
        ), (rid, lines)
    legend = "［解釈］：" if lang == "ja" else "[interpretation]: "
    assert out.rstrip().splitlines()[-1].startswith(legend)


def test_the_rules_command_lists_only_the_interpretations_when_asked() -> None:
    code, out = run("rules", "dragonquest", "--interpretations")
    assert code == 0
    g = tcgteach.game("dragonquest")
    assert list(blocks(out)) == [rid for rid in g.rule_ids() if g.rule_interpretations(rid)]
    code, _ = run("rules", "dragonquest", "DQ-2", "--interpretations")
    assert code == 2


# -- the revised rules --------------------------------------------------------------------------------------
def test_DQ_5_5_is_marked_as_option_formation_repair() -> None:
    g = tcgteach.game("dragonquest")
    assert g.rule_interpretation("DQ-5.5") == "formation_repair"
    spec = g.options.specs["formation_repair"]
    assert spec.default == "immediate" and set(spec.choices) == {"immediate", "end_step"}
    code, out = run("rules", "dragonquest", "DQ-5.5", "--lang", "en")
    assert code == 0 and out.startswith("DQ-5.5  When maintenance happens: ")
    assert (
        "    [interpretation: option `formation_repair`, default immediate] immediate: "
        + spec.values["immediate"]["en"]
    ) in out
    code, out = run("rules", "dragonquest", "DQ-5.5", "--lang", "ja")
    assert code == 0 and out.startswith("DQ-5.5  陣形維持の時機: ")
    assert (
        "    ［解釈：オプション `formation_repair`、既定値 immediate］immediate：" + spec.values["immediate"]["ja"]
        in out
    )


def test_DQ_5_5_states_both_readings_and_DQ_5_2_DQ_5_4_point_to_it() -> None:
    g = tcgteach.game("dragonquest")
    en, ja = g.rule_text("DQ-5.5", "en"), g.rule_text("DQ-5.5", "ja")
    for text in (en, ja):
        assert "`immediate`" in text and "`end_step`" in text and "DQ-7.9" in text and "DQ-7.6" in text
    for rid in ("DQ-5.2", "DQ-5.4"):
        assert "DQ-5.5" in g.rule_text(rid, "en") and "DQ-5.5" in g.rule_text(rid, "ja")
        assert g.rule_interpretation(rid) is None
    assert "陣形維持" in ja and "前衛" in ja and "後衛" in ja


def test_DQ_6_14_marks_wipe_out_in_step_1_and_status_tick_in_step_3() -> None:
    g = tcgteach.game("dragonquest")
    assert g.rule_interpretations("DQ-6.14") == ("wipe_out", "status_tick")
    assert g.rule_interpretation("DQ-6.14") == "wipe_out"
    assert g.options.specs["wipe_out"].default == "after_own_turn"
    assert "`after_own_turn`" in g.rule_text("DQ-6.14", "en") and "`literal`" in g.rule_text("DQ-6.14", "en")
    assert "全滅ペナルティ" in g.rule_text("DQ-6.14", "ja")
    code, out = run("rules", "dragonquest", "DQ-6.14", "--lang", "ja")
    assert code == 0 and blocks(out)["DQ-6.14"][0].startswith("［解釈：オプション `wipe_out`、既定値 after_own_turn］")


@pytest.mark.parametrize("rid", ("DQ-1.3", "DQ-3.3", "DQ-6.6", "DQ-7.1", "DQ-8.3", "DQ-10.2"))
def test_DQ_1_3_DQ_3_3_DQ_6_6_DQ_7_1_DQ_8_3_DQ_10_2_are_fixed_readings(rid: str) -> None:
    g = tcgteach.game("dragonquest")
    assert g.rule_interpretation(rid) == FIXED
    assert rule_marks(g, rid, "en") == ["[interpretation]"] and rule_marks(g, rid, "ja") == ["［解釈］"]


def test_DQ_4_1_and_DQ_8_2_are_fixed_readings_that_say_what_they_read() -> None:
    # revised in the spec: both rules now carry an unnamed [interpretation] (no engine option)
    g = tcgteach.game("dragonquest")
    for rid in ("DQ-4.1", "DQ-8.2"):
        assert g.rule_interpretation(rid) == FIXED
        assert rule_marks(g, rid, "en") == ["[interpretation]"] and rule_marks(g, rid, "ja") == ["［解釈］"]
    assert "only cost is paid from the hand" in g.rule_text("DQ-4.1", "en")
    assert "コストが手札だけの効果は使えます" in g.rule_text("DQ-4.1", "ja")
    assert "damage ≥ HP" in g.rule_text("DQ-8.2", "en") and "ダメージ≧HP" in g.rule_text("DQ-8.2", "ja")


def test_DQ_1_3_says_the_end_of_turn_poison_ticks_are_one_instruction() -> None:
    g = tcgteach.game("dragonquest")
    assert "count as one instruction" in g.rule_text("DQ-1.3", "en")
    assert "1つの指示として扱います" in g.rule_text("DQ-1.3", "ja")


def test_DQ_3_3_and_DQ_7_1_say_who_goes_first_where_the_source_is_silent() -> None:
    g = tcgteach.game("dragonquest")
    assert "the first player decides first" in g.rule_text("DQ-3.3", "en")
    assert "the attacker acts first" in g.rule_text("DQ-7.1", "en")
    assert "先攻プレイヤーから" in g.rule_text("DQ-3.3", "ja") and "攻撃側から" in g.rule_text("DQ-7.1", "ja")


def test_DQ_6_11_and_DQ_10_1_effects_never_cost_GP() -> None:
    g = tcgteach.game("dragonquest")
    assert "never cost GP" in g.rule_text("DQ-6.11", "en") and "never GP" in g.rule_text("DQ-10.1", "en")
    assert "GPはかかりません" in g.rule_text("DQ-6.11", "ja") and "GPはかかりません" in g.rule_text("DQ-10.1", "ja")
    assert "GP)" not in g.rule_text("DQ-10.1", "en")


def test_DM_1_1_the_engine_takes_2_to_6_players_as_a_fixed_reading() -> None:
    g = tcgteach.game("darkmoon")
    assert g.rule_interpretation("DM-1.1") == FIXED
    assert "2 to 6" in g.rule_text("DM-1.1", "en") and "2～6人" in g.rule_text("DM-1.1", "ja")


def test_DM_6_4_no_discarding_and_no_discard_zone_as_a_fixed_reading() -> None:
    g = tcgteach.game("darkmoon")
    assert g.rule_interpretation("DM-6.4") == FIXED
    assert "no hand limit" in g.rule_text("DM-6.4", "en") and "no discard pile" in g.rule_text("DM-6.4", "en")
    code, out = run("rules", "darkmoon", "DM-6.4", "--lang", "ja")
    assert code == 0 and blocks(out)["DM-6.4"] == ["［解釈］"]


def test_DM_1_3_and_DM_4_4a_show_their_option_and_default() -> None:
    code, out = run("rules", "darkmoon", "DM-4", "--lang", "en")
    assert code == 0
    assert blocks(out)["DM-4.4a"][0].startswith("[interpretation: option `deck_out`, default skip] skip: ")
    assert blocks(out)["DM-4.5"] == ["[interpretation]"]
    code, out = run("rules", "darkmoon", "DM-1.3", "--lang", "ja")
    assert blocks(out)["DM-1.3"][0].startswith("［解釈：オプション `tie`、既定値 shared］shared：")


# -- the loader checks the field ----------------------------------------------------------------------------
def write_rules(tmp_path: Path, interpretation: object) -> Path:
    entry = {"title": {"en": "T", "ja": "T"}, "text": {"en": "x", "ja": "x"}, "interpretation": interpretation}
    path = tmp_path / "rules.json"
    path.write_text(
        json.dumps({"format": "tcgteach-rules", "version": 1, "rules": {"DQ-5.5": entry}}), encoding="utf-8"
    )
    return path


@pytest.mark.parametrize("bad", (3, "", "Formation-Repair", [], ["fixed", "fixed"], {"option": "x"}))
def test_a_malformed_interpretation_names_the_file_and_field(tmp_path: Path, bad: object) -> None:
    path = write_rules(tmp_path, bad)
    with pytest.raises(DataFileError) as err:
        load_rule_texts(path, "DQ")
    assert err.value.file == str(path) and err.value.where.startswith("rules.DQ-5.5.interpretation")


def test_an_interpretation_that_is_no_option_of_the_game_names_the_file_and_field(tmp_path: Path) -> None:
    specs = tcgteach.game("dragonquest").options.specs
    assert load_rule_texts(write_rules(tmp_path, "formation_repair"), "DQ", specs)["DQ-5.5"]["interpretation"] == (
        "formation_repair",
    )
    assert load_rule_texts(write_rules(tmp_path, None), "DQ", specs)["DQ-5.5"]["interpretation"] == ()
    with pytest.raises(DataFileError, match="'formation_fix' is not an engine option") as err:
        load_rule_texts(write_rules(tmp_path, "formation_fix"), "DQ", specs)
    assert err.value.where == "rules.DQ-5.5.interpretation"
    with pytest.raises(DataFileError, match="option 'wipe_out' settles DQ-6.14, not DQ-5.5"):
        check_rule_options(load_rule_texts(write_rules(tmp_path, ["wipe_out"]), "DQ"), specs)


def test_an_entry_without_the_field_is_no_interpretation(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text(
        json.dumps(
            {
                "format": "tcgteach-rules",
                "version": 1,
                "rules": {"DQ-1": {"title": {"en": "T", "ja": "T"}, "text": {"en": "x", "ja": "x"}}},
            }
        ),
        encoding="utf-8",
    )
    assert load_rule_texts(path, "DQ")["DQ-1"]["interpretation"] == ()


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_shipped_files_write_the_field_in_every_entry(game: str) -> None:
    path = gamecases.rules_path(game)
    rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
    assert [rid for rid, entry in rules.items() if "interpretation" not in entry] == []
    prefix = tcgteach.game_class(game).contract_rule.partition("-")[0]
    assert all(rid.startswith(prefix + "-") for rid in rules)


@pytest.mark.parametrize("game", [g for g in ALL_GAMES if g not in GAMES])
def test_a_plugin_rules_file_is_its_own_spec(game: str) -> None:
    """No shared spec: every option of the plugin settles a rule of its rules.json that marks it, and every named
    reading is one of its options (checked when the texts are read)."""
    g = tcgteach.game(game)
    ids = g.rule_ids()
    for spec in g.options.specs.values():
        assert spec.rule in ids, f"option {spec.name} settles {spec.rule}, a rule with no text"
        assert spec.name in g.rule_interpretations(spec.rule) + g.rule_automation(spec.rule), spec.name
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game", GAMES)
def test_the_options_for_automated_play_are_no_readings_off_for_people_and_on_in_simulations(game: str) -> None:
    """Issue 22, item 6: the bounds that make every automated game end (DQ-6.4 and DM-4.6 ``repeat_limit``,
    DM-1.4 ``turn_limit``) are marked in rules.json as ``automation``, beside the rule they bound. The spec does
    not list them as readings of the rulebook, so they are not interpretations: a person's game has them off,
    a simulation on; the rule text names each one."""
    g = tcgteach.game(game)
    spec = parse_spec(game)
    auto = {rid: g.rule_automation(rid) for rid in g.rule_ids() if g.rule_automation(rid)}
    assert auto == (
        {"DM-1.4": ("turn_limit",), "DM-4.6": ("repeat_limit",)}
        if game == "darkmoon"
        else {"DQ-6.4": ("repeat_limit",)}
    )
    for rid, names in auto.items():
        for name in names:
            assert name not in spec[rid].marks, f"{rid}: the spec reads {name} now: mark it as an interpretation"
            option = g.options.specs[name]
            assert option.rule == rid and option.default is None and g.sim_defaults[name] is not None
            assert f"Engine option `{name}`, for automated play only" in g.rule_text(rid, "en")
            assert f"エンジンオプション `{name}`（自動対戦専用）" in g.rule_text(rid, "ja")


@pytest.mark.parametrize(
    ("game", "rule", "limits"), [("darkmoon", "DM-6.5", ("DM-2.3", "DM-2.4")), ("dragonquest", "DQ-10.4", ("DQ-2.2",))]
)
def test_a_missing_unique_name_rule_is_not_read_as_no_copy_limit(game: str, rule: str, limits: tuple[str, ...]) -> None:
    """'No unique-name rule' means nothing limits one name in play; the deck's copy limits still hold and the
    text says where they are, in both languages (issue 25: 「同名カードの制限…はありません」 read as no limit)."""
    g = tcgteach.game(game)
    for lang in ("en", "ja"):
        text = g.rule_text(rule, lang)
        assert all(limit in text for limit in limits), text
    assert "場に出せる同名カードの制限" in g.rule_text(rule, "ja")
    assert "in play" in g.rule_text(rule, "en")


def test_the_spec_copy_is_the_shared_spec() -> None:
    """docs/rules/ is the shared specification, byte for byte: a revised rule in shared/rules/ fails this test until
    the copy is updated (``cp ../shared/rules/*.md docs/rules/``), and then the rule tests see the revision."""
    if not SHARED_SPEC_DIR.is_dir():
        pytest.skip(f"no shared specification at {SHARED_SPEC_DIR} (a clone on its own): the copy stands")
    shared = sorted(p.name for p in SHARED_SPEC_DIR.glob("*.md"))
    assert shared == sorted(p.name for p in SPEC_DIR.glob("*.md"))
    for name in shared:
        assert (SPEC_DIR / name).read_bytes() == (SHARED_SPEC_DIR / name).read_bytes(), f"docs/rules/{name} is stale"
