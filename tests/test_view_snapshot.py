"""A view (``state.view(p)``) is a snapshot: playing on after it was taken leaves it as it was, and changing
it cannot change the state. Its empty zones are one shared read-only list (a view allocates no list for the
empty damage piles and item slots of Dragon Quest): changing one is refused, and copies of it are ordinary
lists, so a determinized state plays on normally."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.core.determinize import determinize
from tcgteach.core.errors import TcgError

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

GAMES = gamecases.registered_games()


def _played(name: str, steps: int, seed: int = 5) -> tuple[object, random.Random]:
    """A game after ``steps`` random steps, or half way through it for a game shorter than twice that (War)."""
    game = tcgteach.game(name)

    def play(limit: int) -> tuple[object, random.Random, int]:
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        done = 0
        while not s.is_terminal() and done < limit:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            done += 1
        return s, rng, done

    _, _, length = play(2 * steps)
    s, rng, _ = play(min(steps, length // 2))
    return s, rng


@pytest.mark.parametrize("name", GAMES)
def test_a_view_does_not_change_when_the_state_plays_on(name: str) -> None:
    s, rng = _played(name, 30)
    p = s.current_player  # type: ignore[attr-defined]
    v = s.view(p)  # type: ignore[attr-defined]
    before = v.to_dict()
    zones_before = [list(z) for z in v.zones]
    events_before = len(v.events)
    moved = 0
    for _ in range(40):
        if s.is_terminal():  # type: ignore[attr-defined]
            break
        legal = s.legal_actions()  # type: ignore[attr-defined]
        s.apply(legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]
        moved += 1
    assert moved > 0
    assert [list(z) for z in v.zones] == zones_before
    assert len(v.events) == events_before
    assert v.to_dict() == before
    s.undo()  # type: ignore[attr-defined]
    assert v.to_dict() == before


@pytest.mark.parametrize("name", GAMES)
def test_changing_a_view_does_not_change_the_state(name: str) -> None:
    s, _ = _played(name, 30)
    p = s.current_player  # type: ignore[attr-defined]
    before = s.to_dict()  # type: ignore[attr-defined]
    v = s.view(p)  # type: ignore[attr-defined]
    full = [i for i, z in enumerate(v.zones) if z]
    assert full, "a game in play has cards somewhere"
    for i in full:  # a zone that holds cards is the view's own copy
        v.zones[i].append(999)
    v.events.clear()
    v.history.clear()
    assert s.to_dict() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_an_empty_zone_of_a_view_refuses_changes_and_copies_to_a_plain_list(name: str) -> None:
    s, _ = _played(name, 30)
    v = s.view(s.current_player)  # type: ignore[attr-defined]
    empty = [z for z in v.zones if not z]
    assert empty
    z = empty[0]
    for change in (lambda: z.append(1), lambda: z.extend([1]), lambda: z.insert(0, 1), z.clear, z.pop):
        with pytest.raises(TcgError, match="snapshot"):
            change()
    with pytest.raises(TcgError, match="snapshot"):
        z += [1]
    assert all(not e for e in empty) and z == []
    copy = z[:]
    copy.append(1)
    assert copy == [1] and type(copy) is list


@pytest.mark.parametrize("name", GAMES)
def test_a_determinized_view_plays_on_with_ordinary_zones(name: str) -> None:
    s, _ = _played(name, 30)
    v = s.view(s.current_player)  # type: ignore[attr-defined]
    d = determinize(v, random.Random(1))
    assert all(type(z) is list for z in d.zones)
    rng = random.Random(2)
    for _ in range(60):
        if d.is_terminal():
            break
        legal = d.legal_actions()
        d.apply(legal[rng.randrange(len(legal))])
    assert d.history[: len(v.history)] == v.history


def test_dragonquest_scalars_written_out_follow_the_scalar_names() -> None:
    """``DragonQuestState._scalar_values`` / ``_copy_scalars`` are written out by hand: they must name every scalar
    in ``node`` + ``SCALARS`` order, or undo and views would lose one."""
    s, _ = _played("dragonquest", 40)
    names = type(s)._scalar_names  # type: ignore[attr-defined]
    assert s._scalar_values() == tuple(getattr(s, n) for n in names)  # type: ignore[attr-defined]
    v = s.view(s.current_player)  # type: ignore[attr-defined]
    assert tuple(getattr(v, n) for n in names) == tuple(getattr(s, n) for n in names)
