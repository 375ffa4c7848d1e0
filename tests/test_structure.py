"""The package's structure (issue 11, item 2): a game is one package.

Everything that knows a game's rules lives in ``tcgteach/<game>/``; agents, renderers, widgets,
the simulator and the CLI ask ``state.game`` (or the one registry, ``tcgteach/__init__.py``) and
never import a game package. The test reads every module's imports from its syntax tree, so a
lazy import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.core.events import FIRST_PLAYER

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

PACKAGE = Path(tcgteach.__file__).parent
#: the registered games' packages (``tcgteach.game_package``): the built-ins' inside tcgteach, the plugins' outside
ALL_PACKAGES = sorted(tcgteach.game_package(n) for n in gamecases.registered_games())
#: the game packages inside tcgteach (name -> "tcgteach.<package>")
GAME_PACKAGES = sorted(m.split(".")[1] for m in ALL_PACKAGES if m.startswith("tcgteach."))
REGISTRY = PACKAGE / "__init__.py"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the source of ``module``, relative ones resolved."""
    tree = ast.parse(source, filename=module)
    here = module.split(".")
    package = here if is_package else here[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append((node.lineno, name))
            out += [(node.lineno, f"{name}.{a.name}") for a in node.names]  # from tcgteach import darkmoon
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant | ast.JoinedStr)
        ):
            text = ast.unparse(node.args[0])
            out.append((node.lineno, text.strip("'\"f")))
    return out


def _bad_imports(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    found = _imports(source, module, is_package)
    games = [f"tcgteach.{g}" for g in GAME_PACKAGES] + [m for m in ALL_PACKAGES if not m.startswith("tcgteach.")]
    return sorted({(line, name) for line, name in found for g in games if name == g or name.startswith(g + ".")})


def _violations() -> list[str]:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if path == REGISTRY or rel.parts[0] in GAME_PACKAGES:
            continue
        source = path.read_text(encoding="utf-8")
        for line, name in _bad_imports(source, _module_name(path), path.name == "__init__.py"):
            bad.append(f"tcgteach/{rel}:{line} imports {name}")
    return bad


def test_the_games_are_found() -> None:
    """The built-in games are packages of tcgteach; every other registered game (a plugin) lives outside it."""
    assert GAME_PACKAGES == sorted(tcgteach.BUILTIN_GAMES)
    assert set(GAME_PACKAGES) <= set(tcgteach.games())
    for name in gamecases.plugin_games():
        assert tcgteach.game_package(name).partition(".")[0] != "tcgteach", name


def test_no_module_outside_a_game_imports_it() -> None:
    assert _violations() == []


def test_the_walk_would_see_an_import() -> None:
    """The check is not empty: a module that imports a game package, in any of the usual ways, is caught."""
    probe = (
        "from ..darkmoon.cards import CHARACTER_JA\n"
        "def f():\n"
        "    import tcgteach.dragonquest.state\n"
        "    from tcgteach import darkmoon\n"
        "    from importlib import import_module\n"
        "    return import_module(f'tcgteach.dragonquest.{1}')\n"
        "from ..core import game\n"
    )
    lines = sorted({line for line, _ in _bad_imports(probe, "tcgteach.viz.probe")})
    assert lines == [1, 3, 4, 6]
    for plugin in ALL_PACKAGES:  # nor may tcgteach import a plugin's package
        if not plugin.startswith("tcgteach."):
            assert _bad_imports(f"import {plugin}.game\n", "tcgteach.viz.probe") == [(1, f"{plugin}.game")]


@pytest.mark.parametrize("name", gamecases.registered_games())
def test_each_game_answers_what_front_ends_ask(name: str) -> None:
    """Titles, player counts, options for the classroom and the simulator are attributes of every game; the
    optional hooks (policy, coach knowledge, board, quiz, moments) are tested when the game declares them
    (``Game.capabilities``): a game without a coach is not failed for lacking one, and one that declares none
    answers the kernel's defaults."""
    cls = tcgteach.game_class(name)
    game = cls()
    caps = game.capabilities
    assert caps <= set(cls.CAPABILITIES) | {"cards"}
    assert cls.title["en"] and cls.title["ja"]
    assert 2 <= cls.min_players <= cls.max_players
    assert cls.contract_rule
    game.with_options(cls.sim_defaults)  # valid options of the game
    game.with_options(cls.classroom_options)
    state = game.new_state(seed=1)
    assert (game.heuristic_policy() is not None) == ("coach" in caps)
    assert (game.rollout_policy() is not None) == ("rollout" in caps)
    values = game.position_value(state)
    if "position_value" in caps:
        assert values is not None and len(values) == state.num_players and all(0.0 <= v <= 1.0 for v in values)
    else:
        assert values is None
    if "board" in caps:
        assert 'class="tcg-board' in game.render_board(state, lang="ja")
    if "quiz" in caps:
        assert len(game.quiz_kinds()) >= 1  # the quiz's questions live with the game (tcgteach.quiz)
    else:
        assert game.quiz_kinds() == {}
    moments = game.rule_moments()  # the rule explorer's moments of rules no event names live with the game
    if "moments" in caps:
        assert moments and set(moments) <= set(game.rule_ids())
        assert all(m(None, state) is None or r in ("DM-2.5", "DQ-2.3") for r, m in moments.items())
    else:
        assert moments == {}
    if "reasons" in caps:
        view = state.view(state.current_player)
        for action in view.legal_actions():  # the coach's reasons (Game.explain_choice) cite the game's own rules
            for lang in ("en", "ja"):
                reasons = game.explain_choice(view, action, lang)
                assert all(r.text and r.rule in game.rule_ids() for r in reasons)
    if "combat" not in caps:
        assert game.explain_combat(state) is None
    # the first player is announced with the kernel's event kind (the simulator and the review read it), and
    # a card's owner through the kernel's checked accessor
    first = [e for e in state.events if e.kind == FIRST_PLAYER]
    assert len(first) == 1 and first[0].player in range(state.num_players), [e.kind for e in state.events[:3]]
    if state.owners():
        assert state.owner(0) == state.owners()[0]


def test_the_built_in_games_declare_their_full_teaching() -> None:
    """DARK MOON and Dragon Quest offer every teaching hook (8 quiz kinds or more); their simulation defaults."""
    for name in tcgteach.BUILTIN_GAMES:
        game = tcgteach.game(name)
        assert {"coach", "rollout", "position_value", "reasons", "board", "quiz", "moments"} <= game.capabilities
        assert len(game.quiz_kinds()) >= 8
    # DQ-1.4's turn cap and DQ-6.4's repeat limit; DARK MOON's DM-4.6 repeat limit and DM-1.4 turn cap (issue 22)
    assert tcgteach.game_class("dragonquest").sim_defaults == {"turn_limit": 200, "repeat_limit": 3}
    assert tcgteach.game_class("darkmoon").sim_defaults == {"repeat_limit": 3, "turn_limit": 500}
    assert tcgteach.game("dragonquest").explain_combat(tcgteach.game("dragonquest").new_state(seed=1)) == []
    assert tcgteach.game("darkmoon").explain_combat(tcgteach.game("darkmoon").new_state(seed=1)) is None
    from tests.tinygame import Tally

    assert Tally().quiz_kinds() == {}  # the default: a game with no quiz still plugs in
    assert Tally().rule_moments() == {}  # the default: no moments (the explorer shows events and refusals only)
