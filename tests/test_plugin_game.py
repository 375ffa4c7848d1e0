"""Games are plugins (issue 23, item 1): the registry finds installed games through the entry-point group
``tcgteach.games``, and War (``examples/games/war``, a distribution of its own) plays in every front end with
no edit to any file outside its folder.

The fake plugins here are distributions written into a temporary folder on ``sys.path`` (a ``dist-info`` with
an ``entry_points.txt``), so ``importlib.metadata`` finds them as it finds an installed one.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.core.state import State
from tcgteach.texts import rule_marks

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

WAR = gamecases.ROOT / "examples" / "games" / "war"
needs_war = pytest.mark.skipif("war" not in tcgteach.games(), reason="pip install -e examples/games/war")


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path where a test writes fake distributions; the registry forgets its discovery."""
    monkeypatch.syspath_prepend(str(tmp_path))
    saved = (dict(tcgteach.GAMES), dict(tcgteach._PLUGINS), list(tcgteach.PLUGIN_PROBLEMS))
    tcgteach._discovered = False
    yield tmp_path
    tcgteach.GAMES.clear()
    tcgteach.GAMES.update(saved[0])
    tcgteach._PLUGINS.clear()
    tcgteach._PLUGINS.update(saved[1])
    tcgteach.PLUGIN_PROBLEMS[:] = saved[2]
    tcgteach._discovered = False
    for name in [m for m in sys.modules if m.startswith("fakeplug")]:
        del sys.modules[name]


def distribution(where: Path, dist: str, entry_points: dict[str, str], module: str = "", source: str = "") -> None:
    info = where / f"{dist}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    lines = ["[tcgteach.games]"] + [f"{k} = {v}" for k, v in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if module:
        (where / f"{module}.py").write_text(source, encoding="utf-8")


TALLY_PLUGIN = """
import sys
sys.path.insert(0, {tests!r})
import tinygame

class Tally(tinygame.Tally):
    name = "plugtally"
"""


def test_an_installed_distribution_adds_its_game_lazily(plugins: Path) -> None:
    source = TALLY_PLUGIN.format(tests=str(gamecases.ROOT / "tests"))
    distribution(plugins, "fakeplug-tally", {"plugtally": "fakeplug_tally:Tally"}, "fakeplug_tally", source)
    assert "plugtally" in tcgteach.games()
    assert "fakeplug_tally" not in sys.modules  # found, not imported
    assert tcgteach.plugin_of("plugtally") == ("fakeplug-tally", "plugtally = 'fakeplug_tally:Tally'")
    game = tcgteach.game("plugtally")
    assert type(game).__name__ == "Tally" and game.name == "plugtally"
    assert tcgteach.game_package("plugtally") == "fakeplug_tally"
    tcgteach.unregister_game("plugtally")  # an installed plugin stays
    assert "plugtally" in tcgteach.games()


def test_a_broken_plugin_is_a_clear_error_naming_it(plugins: Path) -> None:
    distribution(
        plugins,
        "fakeplug-broken",
        {"broken": "fakeplug_broken:Game", "missing": "fakeplug_nowhere:Game", "notagame": "fakeplug_broken:THING"},
        "fakeplug_broken",
        "THING = 42\nraise_here = 1 / 1\n",
    )
    names = tcgteach.games()
    assert {"broken", "missing", "notagame"} <= set(names)  # listing never imports a plugin
    with pytest.raises(tcgteach.TcgError, match=r"'missing'.*fakeplug_nowhere:Game.*fakeplug-broken.*could not"):
        tcgteach.game("missing")
    with pytest.raises(tcgteach.TcgError, match=r"'broken'.*distribution fakeplug-broken.*AttributeError"):
        tcgteach.game("broken")
    with pytest.raises(tcgteach.TcgError, match=r"'notagame'.*names 42, not a tcgteach Game subclass"):
        tcgteach.game("notagame")
    assert tcgteach.game("darkmoon").name == "darkmoon"  # the others are untouched


def test_a_plugin_cannot_replace_a_builtin_game(plugins: Path) -> None:
    distribution(plugins, "fakeplug-thief", {"darkmoon": "fakeplug_thief:Game"})
    assert tcgteach.games().count("darkmoon") == 1
    assert tcgteach.game_class("darkmoon").__module__.startswith("tcgteach.darkmoon")
    assert any("fakeplug-thief" in p and "game of tcgteach itself" in p for p in tcgteach.PLUGIN_PROBLEMS)
    assert tcgteach.plugin_of("darkmoon") is None
    with pytest.raises(tcgteach.TcgError, match="cannot be replaced"):
        tcgteach.register_game(type("Fake", (tcgteach.game_class("dragonquest"),), {"name": "darkmoon"}))


# -- War, the example plugin -----------------------------------------------------------------------------------
@needs_war
def test_war_is_registered_from_its_own_distribution() -> None:
    assert tcgteach.plugin_of("war") == ("tcgteach-war", "war = 'tcgteach_war:Game'")
    assert "war" in gamecases.registered_games() and "war" in gamecases.plugin_games()
    game = tcgteach.game("war", {"tie": "leader"})
    assert game.capabilities == {"board"}  # it declares only what it has
    assert gamecases.package_dir("war") == WAR / "tcgteach_war"
    with pytest.raises(tcgteach.OptionError, match="WR-3.4"):
        tcgteach.game("war", {"tie": "war"})
    assert game.rule_interpretations("WR-3.4") == ("tie",)
    assert "既定値" in rule_marks(game, "WR-3.4", "ja")[0]


def _at_answer(seed: int = 1) -> State:
    import random

    state = tcgteach.game("war").new_state(seed=seed)
    state.apply(random.Random(seed).choice(state.legal_actions()))
    assert state.node == "answer"
    return state


@needs_war
def test_the_lead_is_face_down_in_the_view_the_log_and_the_board() -> None:
    state = _at_answer()
    leader = state.leader  # type: ignore[attr-defined]
    lead = state.zone(leader, "lead")[0]
    value = state.inst.value[lead]  # type: ignore[attr-defined]
    other = state.view(1 - leader)
    assert other.zone(leader, "lead") == [-1]
    assert str(other.history[-1]) == "lead -1" and other.events[-1].data.get("card") is None
    assert state.view(leader).zone(leader, "lead") == [lead]
    game = state.game
    for lang in ("en", "ja"):
        assert str(value) not in game.describe_event(state.events[-1], state, lang)  # even the referee's log
        board = game.render_board(other, lang=lang)
        assert "🂠" in board
        assert "🂠" in game.render_board(state, lang=lang, perspective=1 - leader)
    assert f"{value} (face down)" in game.render_board(state.view(leader))
    answered = state.clone()
    answered.apply(answered.legal_actions()[0])
    assert any(e.kind == "revealed" and e.data["value"] == value for e in answered.view(1 - leader).events)


@needs_war
def test_war_steps_in_the_stepper_and_the_classroom() -> None:
    from tcgteach.widgets import Classroom, Stepper

    st = Stepper("war", seed=4, agents=["random", "random"])
    st.step_button.click()
    assert 'class="tcg-board war"' in st.board.value and "[WR-3" in st.log.value
    while not st.state.is_terminal():
        st.step()
    assert st.state.result() is not None
    room = Classroom("war", agents=["person", "random"], seed=1)
    assert ("War", "war") in list(room.game_picker.options)
    assert 'class="tcg-board war"' in room.board.value


@needs_war
def test_war_in_simulate_and_rules_on_the_command_line() -> None:
    from tcgteach.cli import main
    from tcgteach.sim import simulate

    records = simulate("war", 50, agents="random", jobs=1, progress=False)
    assert len(records) == 50 and all(r["end_reason"] == "WR-4.2" for r in records)
    out = io.StringIO()
    assert main(["simulate", "war", "-n", "20", "--no-progress"], out=out) == 0
    assert "war" in out.getvalue().lower()
    out = io.StringIO()
    assert main(["rules", "war", "WR-3"], out=out) == 0
    assert "WR-3.1" in out.getvalue() and "face down" in out.getvalue()
    out = io.StringIO()
    assert main(["rules", "war", "WR-3.4", "--lang", "ja"], out=out) == 0
    assert "既定値" in out.getvalue()


@needs_war
def test_diagrams_are_generated_into_its_own_package(tmp_path: Path) -> None:
    from tcgteach.cli import main
    from tcgteach.viz.flowgraph import dot_source

    folder = gamecases.diagram_dir("war")
    game = tcgteach.game("war")
    for lang in ("en", "ja"):
        assert (folder / f"war-turn.{lang}.dot").read_text(encoding="utf-8") == dot_source(game.turn_flow, lang, "war")
    args = ["diagrams", "--game", "war", "--out", str(tmp_path)] + ([] if shutil.which("dot") else ["--dot-only"])
    assert main(args, out=io.StringIO()) == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".dot") == ["war-turn.en.dot", "war-turn.ja.dot"]


@needs_war
def test_diagrams_without_out_go_to_each_games_own_package() -> None:
    """`tcgteach diagrams` with no --out writes a built-in game's diagrams into tcgteach/diagrams and a plugin's
    into its own package (it used to write War's into tcgteach/diagrams too)."""
    from tcgteach.cli import diagram_dir

    assert diagram_dir("war") == gamecases.diagram_dir("war")
    assert diagram_dir("war").parent.name == "tcgteach_war"
    assert diagram_dir("darkmoon") == diagram_dir("dragonquest") == Path(tcgteach.__file__).parent / "diagrams"


def test_the_example_package_is_self_contained() -> None:
    """Everything War needs is in its folder: its distribution, rules, goldens and diagrams."""
    meta = (WAR / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points."tcgteach.games"]' in meta and 'war = "tcgteach_war:Game"' in meta
    rules = json.loads((WAR / "tcgteach_war" / "data" / "rules.json").read_text(encoding="utf-8"))
    assert rules["game"] == "war" and all(r.startswith("WR-") for r in rules["rules"])
    assert list((WAR / "tcgteach_war" / "playthroughs").glob("war-*.txt"))
    source = "".join(p.read_text(encoding="utf-8") for p in (WAR / "tcgteach_war").glob("*.py"))
    assert "tcgteach.darkmoon" not in source and "tcgteach.dragonquest" not in source
    assert "from .board" not in (WAR / "tcgteach_war" / "game.py").read_text(encoding="utf-8")  # rules apart
