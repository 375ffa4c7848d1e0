"""Actions are exact values (issue 15, item 3): a field of the wrong type is refused with
``IllegalActionError`` naming the field and the rule, the state untouched; ``apply`` carries out the
engine's own legal action object, never the caller's; ``_why_illegal`` answers for any object; and the
accessors ``view`` / ``zone`` name a wrong argument with a ``TcgError``."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.core.actions import Action, field_problem
from tcgteach.core.errors import IllegalActionError, OptionError, TcgError
from tcgteach.core.state import State
from tcgteach.darkmoon import DarkMoon
from tcgteach.darkmoon.rules import actions as DA
from tcgteach.darkmoon.rules.state import DarkMoonState
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as QA
from tcgteach.dragonquest.rules.state import DragonQuestState


def _dm() -> DarkMoonState:
    return cast(DarkMoon, tcgteach.game("darkmoon")).new_state(seed=1)


def _dq_at(node: str, seed: int = 0) -> DragonQuestState:
    """A Dragon Quest state of a random game at its first decision at ``node``."""
    rng = random.Random(seed)
    s = cast(DragonQuest, tcgteach.game("dragonquest")).new_state(seed=seed)
    while s.node != node:
        assert not s.is_terminal(), f"no {node} reached"
        s.apply(rng.choice(s.legal_actions()))
    return s


def _refused(s: State, action: Any) -> IllegalActionError:
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    assert s.to_dict() == before
    return info.value


# -- the reproducers of the issue -----------------------------------------------------------------
def test_repro_play_false_is_refused_not_stored() -> None:
    """`s.apply(Play(False))` was accepted (`Play(False) == Play(0)`), stored `False` and broke the save."""
    s = _dm()
    assert DA.Play(False) == DA.Play(0)  # the public shape of actions is unchanged
    err = _refused(s, DA.Play(False))
    assert err.rule == "DM-4.2" and "Play.card" in str(err) and "bool" in str(err)
    assert s.history == []


def test_repro_play_float_is_an_illegal_action_error() -> None:
    """`Play(41.0)` raised TypeError (tuple indices must be integers)."""
    err = _refused(_dm(), DA.Play(cast(Any, 41.0)))
    assert err.rule == "DM-4.2" and "Play.card must be a whole number" in str(err) and "41.0" in str(err)


def test_repro_start_unit_string_is_an_illegal_action_error() -> None:
    """`StartUnit("x")` raised TypeError ('<=' not supported between int and str)."""
    err = _refused(_dm(), DA.StartUnit(cast(Any, "x")))
    assert err.rule == "DM-4.6" and "StartUnit.slot" in str(err)


@pytest.mark.parametrize("node", ["prep", "combat.action", "combat.defend", "draw"])
def test_repro_dragonquest_action_classes_with_wrong_field_types(node: str) -> None:
    """Ten Dragon Quest action classes raised TypeError for fields of the wrong type."""
    s = _dq_at(node)
    for cls in QA.ACTION_CLASSES:
        names = [f.name for f in dataclasses.fields(cls)]
        for bad in ("x", 1.5, None, True, b"1", [1]):
            if not names:
                continue
            wrong: list[Any] = [bad] * len(names)  # every field of the wrong type
            err = _refused(s, cls(*wrong))
            assert f"{cls.__name__}.{names[0]}" in str(err) or "not" in str(err)
            assert err.rule.startswith("DQ-")


@pytest.mark.parametrize("seed", [0, 1])
def test_repro_dragonquest_equal_float_actions_are_refused_not_stored(seed: int) -> None:
    """`Recruit(48.0, "front") == Recruit(48, "front")` was accepted and stored: the next legal_actions()
    raised TypeError (tuple indices must be integers, not float). Every legal action rebuilt with floats
    (or bools) is refused now, through a whole random game."""
    rng = random.Random(seed)
    s = tcgteach.game("dragonquest").new_state(seed=seed)
    refused = 0
    while not s.is_terminal() and len(s.history) < 150:
        before = s.to_dict()
        for a in s.legal_actions():
            values = [getattr(a, f.name) for f in dataclasses.fields(a)]
            if any(type(v) is int for v in values):
                bad = type(a)(*[float(v) if type(v) is int else v for v in values])
                assert bad == a
                with pytest.raises(IllegalActionError, match="must be a whole number"):
                    s.apply(bad)
                refused += 1
        assert s.to_dict() == before
        s.apply(rng.choice(s.legal_actions()))
    assert refused > 50
    assert all(field_problem(a) is None for a in s.history)


def test_repro_view_with_a_string_player() -> None:
    """`view("0")` raised TypeError."""
    s = _dm()
    with pytest.raises(TcgError, match=r"view\(player\).*'0' \(str\)"):
        s.view("0")


def test_repro_zone_of_a_missing_player() -> None:
    """`zone(9, "hand")` raised IndexError."""
    s = _dm()
    with pytest.raises(TcgError, match=r"zone\(player\): no player 9 in a 2-player game"):
        s.zone(9, "hand")


def test_repro_options_superscript_digit_is_an_option_error() -> None:
    """An options value `²` passed `isdigit()` and then raised a bare ValueError in int()."""
    with pytest.raises(OptionError, match="turn_limit"):
        tcgteach.game("dragonquest", {"turn_limit": "²"})
    assert tcgteach.game("dragonquest", {"turn_limit": " 12 "}).options["turn_limit"] == 12


# -- exactness --------------------------------------------------------------------------------------
def test_DM_4_2_apply_carries_out_the_engines_own_action_object() -> None:
    s = _dm()
    legal = s.legal_actions()
    first = legal[0]
    assert isinstance(first, DA.Play)
    mine = DA.Play(first.card)
    assert mine is not legal[0]
    s.apply(mine)
    assert s.history[-1] is legal[0]
    t = _dm()
    t.apply(str(legal[0]))  # the text path too: parsed, then the engine's object
    assert t.history[-1] is legal[0]
    assert s.to_dict() == t.to_dict()
    assert tcgteach.game("darkmoon").state_from_dict(s.to_dict()) == s


def test_DQ_3_3_apply_carries_out_the_engines_own_action_object() -> None:
    s = tcgteach.game("dragonquest").new_state(seed=4)
    legal = s.legal_actions()
    s.apply(QA.Keep())
    assert s.history[-1] in legal and any(s.history[-1] is a for a in legal)


def test_DQ_6_3_draw_count_must_be_an_int() -> None:
    s = _dq_at("draw")
    draw = s.legal_actions()[0]
    assert isinstance(draw, QA.Draw)
    n = draw.n
    for bad in (float(n), bool(n) if n in (0, 1) else str(n), None):
        err = _refused(s, QA.Draw(cast(Any, bad)))
        assert err.rule == "DQ-6.3" and "Draw.n" in str(err)
    s.apply(QA.Draw(n))
    last = s.history[-1]
    assert isinstance(last, QA.Draw) and type(last.n) is int


def test_DQ_6_5_recruit_row_must_be_a_string() -> None:
    s = _dq_at("prep")
    recruits = [a for a in s.legal_actions() if isinstance(a, QA.Recruit)]
    assert recruits
    a = recruits[0]
    err = _refused(s, QA.Recruit(a.card, cast(Any, 0)))
    assert err.rule == "DQ-6.5" and "Recruit.row must be a string" in str(err)
    err = _refused(s, QA.Recruit(cast(Any, float(a.card)), a.row))
    assert "Recruit.card" in str(err)


def test_DM_4_1_objects_that_are_not_actions_are_refused_with_the_contract_rule() -> None:
    s = _dm()
    for thing in (3, None, "", object(), DA.Play, {"card": 3}, [DA.END_MAIN], QA.Keep(), QA.Draw(cast(Any, 2.5))):
        err = _refused(s, thing)
        assert err.rule.startswith("DM-"), thing


@dataclasses.dataclass(frozen=True)
class _Odd(Action):
    VERB = "odd"
    x: float  # not an int / str field: not an action class of any game


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_why_illegal_never_raises_anything_but_an_answer() -> None:
    states = [_dm(), _dq_at("prep"), _dq_at("combat.action")]
    objects: list[Any] = [
        None,
        1,
        "play 999",
        _BadRepr(),
        _Odd(1.0),
        DA.Play(cast(Any, _BadRepr())),
        QA.Equip(-1, 10**30),
    ]
    for cls in DA.ACTION_CLASSES + QA.ACTION_CLASSES:
        n = len(dataclasses.fields(cls))
        for v in (-1, 10**12, "x", 2.0, None, False):
            wrong: list[Any] = [v] * n
            objects.append(cls(*wrong))
    for s in states:
        for obj in objects:
            message, rule = s._why_illegal(obj)
            assert isinstance(message, str) and message and rule[:3] in ("DM-", "DQ-")
            before = s.to_dict()
            if field_problem(obj) is not None or obj not in s.legal_actions():
                with pytest.raises(IllegalActionError):
                    s.apply(obj)
            assert s.to_dict() == before


def test_field_problem_names_the_field() -> None:
    assert field_problem(DA.Play(3)) is None
    assert field_problem(QA.Recruit(3, "front")) is None
    assert field_problem(DA.END_MAIN) is None
    assert field_problem(DA.Play(True)) == "Play.card must be a whole number (int), not True (bool)"
    assert field_problem(7) == "7 (int) is not an action: pass an Action object or its text"
    assert "not an action class" in (field_problem(_Odd(1.0)) or "")
    assert "<_BadRepr object>" in (field_problem(DA.Play(cast(Any, _BadRepr()))) or "")


@pytest.mark.parametrize(
    "text", ["play ３", "play ²", "play 1_0", "play +3", "play 3.0", "draw ٣", "play " + "9" * 5000]
)
def test_action_text_numbers_are_ascii_digits_only(text: str) -> None:
    game = "dragonquest" if text.startswith("draw") else "darkmoon"
    with pytest.raises(IllegalActionError, match="must be a whole number"):
        tcgteach.game(game).parse_action(text)


def test_action_text_still_parses_negative_and_plain_numbers() -> None:
    g = tcgteach.game("darkmoon")
    assert g.parse_action("play 12") == DA.Play(12)
    assert g.parse_action("play -1") == DA.Play(-1)
    assert g.parse_action("unit 2") is not DA.UNIT_SLOTS[1]  # parsed, a new object; apply swaps in the engine's


# -- the accessors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("player", ["0", 1.0, True, None, -1, 2, 10**20])
def test_view_names_a_wrong_player(player: Any) -> None:
    with pytest.raises(TcgError, match=r"view\(player\)"):
        _dm().view(player)


@pytest.mark.parametrize(
    ("player", "name", "what"),
    [(9, "hand", "no player 9"), ("0", "hand", "'0' (str)"), (0, "nope", "no zone 'nope'"), (0, 5, "no zone 5"),
     (-1, "hand", "no player -1"), (False, "hand", "False (bool)"), (0, ["hand"], "no zone")],
)  # fmt: skip
def test_zone_names_a_wrong_argument(player: Any, name: Any, what: str) -> None:
    with pytest.raises(TcgError, match=r"zone\(player") as info:
        _dm().zone(player, name)
    assert what in str(info.value)


def test_view_and_zone_still_answer_for_good_arguments() -> None:
    s = _dm()
    assert s.zone(1, "hand") == s.hand(1)
    assert s.view(0).viewer == 0


def test_repro_explain_choice_refuses_a_wrong_typed_field() -> None:
    """``Game.explain_choice`` (the coach's reasons) took ``Play(False)`` for the legal ``Play(0)``."""
    s = _dm()
    p = s.current_player
    legal = [a for a in s.legal_actions() if isinstance(a, DA.Play)]
    assert legal, "a DARK MOON main phase has cards to play"
    view = s.view(p)
    assert s.game.explain_choice(view, legal[0], "en")  # the legal object itself: reasons
    with pytest.raises(TcgError, match=r"Play\.card"):
        s.game.explain_choice(view, DA.Play(cast(Any, float(legal[0].card))), "en")
