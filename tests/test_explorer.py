"""The rule explorer (issue 13 item 4): every rule has a live example, each example rebuilt by replay
really is a moment where its rule acted, the lessons follow lessons.json, the CLI and the widget."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import tcgteach
from tcgteach import explorer, explorer_examples, explorer_index, explorer_lessons
from tcgteach.cli import main
from tcgteach.core.errors import DeckError, IllegalActionError, TcgError
from tcgteach.dragonquest.rules import actions as QA
from tcgteach.explorer import Example, where

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

#: every registered game: the explorer finds a live example of each of its rules from its engine alone
GAMES = tuple(gamecases.registered_games())
LESSONS = Path(tcgteach.__file__).parent / "data" / "lessons.json"

#: the rules no event, refusal, step, result, check, view or game moment (``Game.rule_moments``) shows:
#: none. The 13 rules that once got only a game just set up (DM-2.5, DM-5.5, DM-6.4, DM-6.5, DQ-2.3, DQ-4.4,
#: DQ-4.6, DQ-4.7, DQ-5.1, DQ-9.1, DQ-9.2, DQ-10.2, DQ-10.4) each have a moment now (kind ``state``, see
#: STATE_RULES). A rule added later that nothing shows fails test_each_example_is_a_moment_where_its_rule_acted:
#: give it a moment in tcgteach/<game>/examples.py, or list it here with the reason no moment exists.
DEFINITIONS: dict[str, set[str]] = {name: set() for name in GAMES}

#: the rules shown by a moment of their game (kind ``state``)
STATE_RULES = {
    "darkmoon": ("DM-2.5", "DM-5.5", "DM-6.4", "DM-6.5"),
    "dragonquest": ("DQ-2.3", "DQ-4.4", "DQ-4.6", "DQ-4.7", "DQ-5.1", "DQ-9.1", "DQ-9.2", "DQ-10.2", "DQ-10.4"),
}


def all_rules() -> list[tuple[str, str]]:
    return [(g, r) for g in GAMES for r in tcgteach.game(g).rule_ids()]


def replayed(ex: Example, n: int) -> Any:
    """The example's game after its first ``n`` actions, rebuilt independently of ``Example.state``."""
    state = tcgteach.game(ex.game, dict(ex.options)).new_state(seed=ex.seed, decks=list(ex.decks), players=ex.players)
    for text in ex.history[:n]:
        state.apply(text)
    return state


def first_moment(ex: Example, moment: Any) -> int | None:
    """The first step of the example's game (0: the set-up) where ``moment`` holds, replayed step by step."""
    state = replayed(ex, 0)
    if moment(None, state) is not None:
        return 0
    for n, text in enumerate(ex.history, start=1):
        before = state.clone()
        state.apply(text)
        if moment(before, state) is not None:
            return n
    return None


def check_moment(ex: Example, rule: str) -> None:
    """``ex`` is a moment where ``rule`` acted, rebuilt by replay (each kind its own proof)."""
    game = tcgteach.game(ex.game, dict(ex.options))
    if ex.kind == "event":
        state = replayed(ex, ex.actions)
        before = len(replayed(ex, ex.actions - 1).events) if ex.actions else 0
        assert ex.events, ex
        for i in ex.events:  # the events of the last action (or of the set-up) cite the rule
            assert before <= i < len(state.events), (ex, i)
            assert rule in explorer_examples._cited(state.events[i].rule), (ex, state.events[i])
    elif ex.kind == "refused":
        state = replayed(ex, ex.actions)
        assert ex.action is not None
        assert game.parse_action(ex.action) not in state.legal_actions()
        with pytest.raises(IllegalActionError) as err:
            state.apply(ex.action)
        assert err.value.rule == rule
        assert ex.error is not None and ex.error.startswith(f"[{rule}]")
    elif ex.kind == "step":
        state = replayed(ex, ex.actions)
        entered = [dst for _src, dst in state.last_transitions]
        assert any(rule in game.turn_flow.by_id[d].rules for d in entered), (ex, entered)
    elif ex.kind == "result":
        state = replayed(ex, ex.actions)
        assert state.is_terminal() and state.result().reason == rule
    elif ex.kind == "deck":
        with pytest.raises(DeckError) as deck_err:
            game.new_state(seed=ex.seed, decks=list(ex.decks))
        assert rule in [v.rule for v in deck_err.value.violations]
    elif ex.kind == "setup":
        with pytest.raises(TcgError, match=re.escape(f"[{rule}]")):
            game.new_state(seed=ex.seed, players=ex.players)
    elif ex.kind == "view":
        state = replayed(ex, ex.actions)
        view = state.view(0)
        hidden = [
            (o, z)
            for (o, z, real), (_o, _z, seen) in zip(state.all_zones(), view.all_zones(), strict=True)
            if real and set(seen) == {-1} and set(real) != {-1}
        ]
        assert hidden and "zones" in game.rule_title(rule).lower()
    elif ex.kind == "reading":
        check_reading(ex, rule)
    elif ex.kind == "state":  # the game's moment of the rule holds at this step, and says what it says
        earlier = replayed(ex, ex.actions - 1) if ex.actions else None
        moment = game.rule_moments()[rule]
        assert moment(earlier, replayed(ex, ex.actions)) == dict(ex.text), ex
        assert first_moment(ex, moment) == ex.actions, ex  # and no earlier step of its game
    else:
        raise AssertionError(f"unexpected kind {ex.kind}")


def check_reading(ex: Example, rule: str) -> None:
    """The game goes differently here under the other value of the option that settles ``rule``."""
    assert ex.other is not None
    name, value = ex.other
    game = tcgteach.game(ex.game, dict(ex.options))
    assert game.options.specs[name].rule == rule
    other = ex.in_other_reading()
    assert dict(other.options)[name] == value and other.in_other_reading() == ex
    if ex.differs == "events":  # the last action does something else
        a, b = replayed(ex, ex.actions - 1), replayed(other, ex.actions - 1)
        text = ex.history[ex.actions - 1]
        assert [e.to_dict() for e in a.apply(text)] != [e.to_dict() for e in b.apply(text)]
        return
    a, b = replayed(ex, ex.actions), replayed(other, ex.actions)
    if ex.differs == "refused":  # the next action is legal here and refused there
        text = ex.history[ex.actions]
        assert game.parse_action(text) in a.legal_actions()
        with pytest.raises(IllegalActionError):
            b.apply(text)
    elif ex.differs == "choices":
        assert set(a.legal_actions()) != set(b.legal_actions())
    elif ex.differs == "ended":
        assert a.is_terminal() != b.is_terminal()
    elif ex.differs == "result":
        assert a.result().to_dict() != b.result().to_dict()
    else:
        raise AssertionError(f"unexpected difference {ex.differs}")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_live_example(game: str) -> None:
    g = tcgteach.game(game)
    missing = [r for r in g.rule_ids() if not where(game, r).examples]
    assert missing == []


@pytest.mark.parametrize(("game", "rule"), all_rules())
def test_each_example_is_a_moment_where_its_rule_acted(game: str, rule: str) -> None:
    info = where(game, rule)
    assert info.examples
    g = tcgteach.game(game)
    for ex in info.examples:
        assert ex.rule == rule
        if ex.kind == "definition":
            assert rule in DEFINITIONS[game], f"{rule} has no example but a set-up position"
            assert ex.actions == 0 and ex.state() == replayed(ex, 0)
        elif ex.related:
            # the rule's text (or the text of one of its sub-rules) names the rule that acted
            family = [r for r in g.rule_ids() if r == rule or rule in explorer.ancestors(r)]
            assert ex.via is not None and any(ex.via in g.rule_text(r) for r in family), ex
            check_moment(ex, ex.via)
        elif ex.via is not None:  # a heading, or a rule with sub-rules: the sub-rule acted there
            assert rule in explorer.ancestors(ex.via), ex
            check_moment(ex, ex.via)
        else:
            check_moment(ex, rule)
        if ex.kind not in ("deck", "setup"):
            assert ex.state() == replayed(ex, ex.actions)  # the moment rebuilds exactly
        assert ex.describe("en") and ex.describe("ja") and ex.describe("en") != ex.describe("ja")


def test_no_rule_is_left_with_a_game_just_set_up() -> None:
    for game in GAMES:
        bare = [
            r for r in tcgteach.game(game).rule_ids() if any(e.kind == "definition" for e in where(game, r).examples)
        ]
        assert set(bare) == DEFINITIONS[game], game


@pytest.mark.parametrize(
    ("game", "rule"),
    [("darkmoon", "DM-4.3"), ("darkmoon", "DM-4.4a"), ("dragonquest", "DQ-1.2"), ("dragonquest", "DQ-1.4")]
    + [("dragonquest", r) for r in ("DQ-5.3", "DQ-5.5", "DQ-6.3a", "DQ-6.14")],
)
def test_a_rule_settled_by_an_option_shows_where_the_readings_part_first(game: str, rule: str) -> None:
    ex = where(game, rule).examples[0]
    assert ex.kind == "reading" and ex.other is not None
    assert f"{ex.other[0]}=" in ex.describe("en") and f"{ex.other[0]}=" in ex.describe("ja")


def test_DQ_5_3_the_strict_formation_refuses_the_sixth_place() -> None:
    # formation=at_least lets a recruit go where strict does not (front >= back instead of front > back)
    ex = next(e for e in where("dragonquest", "DQ-5.3").examples if e.kind == "reading")
    assert ex.differs == "choices"
    state = ex.state()
    strict = ex.in_other_reading().state() if dict(ex.options)["formation"] == "at_least" else state
    loose = state if strict is not state else ex.in_other_reading().state()
    only_loose = set(loose.legal_actions()) - set(strict.legal_actions())
    assert only_loose and all(str(a).startswith("recruit") for a in only_loose)


def test_DM_4_4a_example_comes_from_the_option_value_that_makes_it_act() -> None:
    # deck_out=skip (the default) and arms_end both act at an empty deck; the examples say which reading
    kinds = {(e.kind, dict(e.options)["deck_out"]) for e in where("darkmoon", "DM-4.4a").examples}
    assert ("event", "skip") in kinds


def test_DQ_1_4_turn_cap_example_uses_a_cap() -> None:
    ex = next(e for e in where("dragonquest", "DQ-1.4").examples if e.kind == "event")
    assert dict(ex.options)["turn_limit"] == explorer.SMALL_CAP
    assert "turn_limit=" in ex.describe("en")


# -- the moments of rules that no event names (kind "state") ------------------------------------------
def turn_began(ex: Example, turn: int) -> int:
    """After how many of the example's actions its game reached turn ``turn`` (0: at the set-up)."""
    state = replayed(ex, 0)
    for n, text in enumerate(ex.history):
        if state.turn >= turn:
            return n
        state.apply(text)
    raise AssertionError(f"turn {turn} never began")


def state_example(game: str, rule: str) -> tuple[Example, Any, Any]:
    """The rule's first example, which is a moment of its game, with the states before and after it."""
    ex = where(game, rule).examples[0]
    assert ex.kind == "state" and ex.via is None and not ex.related, ex
    return ex, (replayed(ex, ex.actions - 1) if ex.actions else None), replayed(ex, ex.actions)


@pytest.mark.parametrize(("game", "rule"), [(g, r) for g, rules in STATE_RULES.items() for r in rules])
def test_a_rule_no_event_names_shows_its_moment(game: str, rule: str) -> None:
    info = where(game, rule)
    assert info.examples and all(e.kind == "state" for e in info.examples)
    assert len({(e.seed, e.options) for e in info.examples}) == len(info.examples)  # from different games
    for e in info.examples:
        assert "no event or refusal" not in e.describe("en") and "準備を終えたばかり" not in e.describe("ja")


def test_DM_2_5_the_deal_uses_the_40_cards_of_the_deck_and_nothing_else() -> None:
    ex, before, after = state_example("darkmoon", "DM-2.5")
    assert before is None and ex.actions == 0
    for p in range(after.num_players):
        mine = after.deck(p) + after.hand(p)
        assert len(mine) == 40 == len(after.setup["decks"][p]) and {after.owner(c) for c in mine} == {p}
    assert "side deck" in ex.describe("en") and "サイドデッキ" in ex.describe("ja")


def test_DM_5_5_the_game_end_reads_out_the_breakdown() -> None:
    ex, before, after = state_example("darkmoon", "DM-5.5")
    assert not before.is_terminal() and after.is_terminal()
    result = after.result()
    for b in result.breakdown:
        assert b["units"] + b["unit_bonuses"] + b["loose_specials"] == b["total"] == result.scores[b["player"]]
        assert f"= {b['total']}" in ex.describe("en") and f"＝{b['total']}ポイント" in ex.describe("ja")


def test_DM_6_4_a_big_hand_at_the_end_of_a_turn_and_nothing_discarded() -> None:
    ex, before, after = state_example("darkmoon", "DM-6.4")
    p = before.turn_player
    assert after.turn_player != p or after.is_terminal()  # the turn ended
    assert len(after.hand(p)) == len(before.hand(p)) >= 8
    assert sum(len(cards) for owner, _z, cards in after.all_zones() if owner == p) == 40  # nothing left the game


def test_DM_6_5_a_card_new_on_the_field_goes_into_a_unit_in_the_same_turn() -> None:
    ex, before, after = state_example("darkmoon", "DM-6.5")
    p = before.turn_player
    assert str(ex.history[ex.actions - 1]) == "finish"
    created = [list(u) for u, old in zip(after.units(p), before.units(p), strict=True) if u != old]
    assert len(created) == 1
    turn_start = replayed(ex, turn_began(ex, before.turn))
    assert turn_start.turn == before.turn and turn_start.turn_player == p
    assert set(created[0]) - set(turn_start.field(p))  # some card of the unit was not on the field then


def test_DQ_2_3_the_deal_uses_the_50_cards_of_the_deck_and_nothing_else() -> None:
    ex, before, after = state_example("dragonquest", "DQ-2.3")
    assert before is None
    for p in range(2):
        assert len(after.deck(p)) + len(after.hand(p)) == 50 and len(after.hand(p)) == 6


def test_DQ_4_4_a_gp_cost_paid_from_gp_kept_across_turns() -> None:
    ex, before, after = state_example("dragonquest", "DQ-4.4")
    p = before.actor
    paid = before.gp[p] - after.gp[p]
    assert paid > 0 and after.gp[1 - p] == before.gp[1 - p]
    assert f"pays {paid} GP" in ex.describe("en") and f"{paid}GPを払って" in ex.describe("ja")


def test_DQ_4_6_paying_a_close_cost_closes_the_active_card() -> None:
    ex, before, after = state_example("dragonquest", "DQ-4.6")
    action = ex.history[ex.actions - 1]
    assert action.startswith(("use", "item"))
    changed = [
        c for c in range(len(after.orient)) if before.orient[c] == 0 and after.orient[c] == 1
    ]  # active -> closed
    assert changed and all(after.owner(c) == before.actor for c in changed)


def test_DQ_4_7_a_card_recruited_this_turn_acts_at_once() -> None:
    ex, before, after = state_example("dragonquest", "DQ-4.7")
    action = tcgteach.game("dragonquest").parse_action(ex.history[ex.actions - 1])
    assert isinstance(action, QA.Attack), action  # the example's recruit attacks at once
    start = turn_began(ex, before.turn)
    assert replayed(ex, start).turn == before.turn
    recruited = [
        t for t in ex.history[start : ex.actions - 1] if t.startswith("recruit") and f" {action.card} " in f"{t} "
    ]
    assert recruited and action.card not in replayed(ex, start).party(before.actor)


def test_DQ_5_1_a_full_front_row_takes_no_more() -> None:
    ex, before, after = state_example("dragonquest", "DQ-5.1")
    p = after.actor
    assert len(after.front(p)) == 3 > len(before.front(p))
    legal = [str(a) for a in after.legal_actions()]
    assert not any(a.startswith("recruit") and a.endswith("front") for a in legal), legal


def test_DQ_9_1_experience_is_the_levels_in_the_opponents_experience_box() -> None:
    ex, before, after = state_example("dragonquest", "DQ-9.1")
    rose = [p for p in range(2) if after.experience(p) > before.experience(p)]
    assert rose
    p = rose[0]
    assert after.experience(p) == sum(after.card(c).level for c in after.exp_box(1 - p))
    assert len(after.exp_box(1 - p)) > len(before.exp_box(1 - p))


def test_DQ_9_2_the_level_rises_with_every_full_5_experience() -> None:
    ex, before, after = state_example("dragonquest", "DQ-9.2")
    p = next(p for p in range(2) if after.level[p] > before.level[p])
    assert after.level[p] == 1 + after.experience(p) // 5 and after.experience(p) >= 5


def test_DQ_10_2_an_item_goes_onto_a_character_not_a_monster() -> None:
    ex, before, after = state_example("dragonquest", "DQ-10.2")
    game = tcgteach.game("dragonquest")
    action = game.parse_action(ex.history[ex.actions - 1])
    assert isinstance(action, QA.Equip), action
    assert action.item in after.damage_zone(action.card) or after.item_of(action.card) == action.item
    assert after.card(action.card).type == "character"
    monsters = [c for c in before.party(before.actor) if before.card(c).type == "monster"]
    assert monsters
    offered = [a for a in before.legal_actions() if str(a).startswith("equip")]
    assert offered and all(before.card(a.card).type == "character" for a in offered)


def test_DQ_10_4_a_big_hand_at_the_end_of_a_turn_and_nothing_discarded() -> None:
    ex, before, after = state_example("dragonquest", "DQ-10.4")
    p = before.turn_player
    assert after.turn_player != p or after.is_terminal()
    assert sorted(after.hand(p)) == sorted(before.hand(p)) and len(after.hand(p)) >= 7
    assert after.discard(p) == before.discard(p)


def test_moments_answer_nothing_on_an_ordinary_step() -> None:
    for game in gamecases.with_capability("moments"):
        g = tcgteach.game(game)
        state = g.new_state(seed=3)
        before = state.clone()
        state.apply(state.legal_actions()[0])
        quiet = [
            r for r, m in g.rule_moments().items() if r not in ("DM-2.5", "DQ-2.3") and m(before, state) is not None
        ]
        assert len(quiet) <= 1, quiet  # one action shows one or no such rule, not all of them
        assert all(r in g.rule_ids() for r in g.rule_moments())


def test_a_heading_shows_its_rules_acting() -> None:
    info = where("darkmoon", "DM-4")
    vias = [e.via for e in info.examples]
    assert vias[:3] == ["DM-4.1", "DM-4.2", "DM-4.3"]


def test_index_is_deterministic_and_cached() -> None:
    first = where("darkmoon", "DM-4.6").examples
    assert where("darkmoon", "DM-4.6").examples is not first  # a new tuple ...
    dm = tcgteach.game("darkmoon")
    assert explorer_index._index(dm) is explorer_index._index(tcgteach.game("darkmoon"))  # ... one index
    saved = dict(explorer_index._INDEXES)
    explorer_index._INDEXES.clear()
    try:
        again = where("darkmoon", "DM-4.6").examples
    finally:
        explorer_index._INDEXES.clear()
        explorer_index._INDEXES.update(saved)
    assert again == first
    assert [e.describe("ja") for e in again] == [e.describe("ja") for e in first]


def test_index_is_the_same_in_another_process() -> None:
    import os
    import subprocess
    import sys

    code = (
        "from tcgteach.explorer import where\n"
        "for r in ('DM-4.4', 'DM-4.7', 'DM-1.3'):\n"
        "    print([e.describe('en') for e in where('darkmoon', r).examples])"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    here = "".join(
        str([e.describe("en") for e in where("darkmoon", r).examples]) + "\n" for r in ("DM-4.4", "DM-4.7", "DM-1.3")
    )
    assert out == here


def test_index_per_options() -> None:
    other = tcgteach.game("darkmoon", {"tie": "none"})
    assert explorer_index._index(other) is not explorer_index._index(tcgteach.game("darkmoon"))
    assert all(dict(e.options)["tie"] == "none" for e in where(other, "DM-4.2").examples)


# -- lessons -----------------------------------------------------------------------------------------
def expected_lessons(game: str, rule: str) -> list[tuple[str, str]]:
    """From the raw file: a lesson teaches a rule if it lists it or a rule it belongs to (DM-4 teaches
    DM-4.4, DM-4.4 teaches DM-4.4a); a heading is taught in part by a lesson listing one of its rules."""
    data = json.loads(LESSONS.read_text(encoding="utf-8"))
    up = [rule]
    while True:
        p = explorer.parent(up[-1])
        if p is None:
            break
        up.append(p)
    out = []
    for lesson in data["lessons"]:
        if lesson["game"] not in (game, "both"):
            continue
        hit = next((r for r in up if r in lesson["rules"]), None)
        if hit is None:
            hit = next(
                (r for r in lesson["rules"] if r.startswith(rule + ".") or re.fullmatch(re.escape(rule) + "[a-z]+", r)),
                None,
            )
        if hit is not None:
            out.append((lesson["id"], hit))
    return out


@pytest.mark.parametrize(("game", "rule"), all_rules())
def test_lessons_match_lessons_json(game: str, rule: str) -> None:
    got = [(ref.lesson.id, ref.via) for ref in where(game, rule).lessons]
    assert got == expected_lessons(game, rule)


def test_lessons_json_is_there_and_lists_real_rules() -> None:
    found = explorer.lessons()
    assert found, "tcgteach/data/lessons.json is missing or empty"
    ids = {r for g in GAMES for r in tcgteach.game(g).rule_ids()}
    for lesson in found:
        assert set(lesson.rules) <= ids, lesson.id
        assert lesson.notebook("ja").startswith("ja/") and lesson.notebook("en").startswith("en/")


def test_DM_4_4_is_taught_by_lesson_01() -> None:
    refs = where("darkmoon", "DM-4.4", "ja").lessons
    assert "01_darkmoon" in [r.lesson.id for r in refs]


def test_bad_lessons_file_names_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "lessons.json"
    bad.write_text(json.dumps({"format": "tcgteach-lessons", "version": 1, "lessons": [{"id": "x"}]}))
    with pytest.raises(TcgError, match=r"lessons\[0\]\.game: missing"):
        explorer_lessons._read_lessons(bad)


# -- bad input ---------------------------------------------------------------------------------------
def test_unknown_rule_suggests_close_ids() -> None:
    with pytest.raises(TcgError, match=r"no DARK MOON rule 'DM-4.9'; did you mean DM-4\.8"):
        where("darkmoon", "DM-4.9")
    with pytest.raises(TcgError, match="DQ-7.8"):
        where("dragonquest", "DQ-7.88")
    with pytest.raises(TcgError, match="a rule ID is a string"):
        where("darkmoon", 44)  # type: ignore[arg-type]
    with pytest.raises(TcgError, match="lang must be one of en, ja"):
        where("darkmoon", "DM-4.4", "fr")
    with pytest.raises(TcgError, match="no game has a rule 'XX-1'"):
        explorer.game_of_rule("XX-1")


def test_rule_ids_are_case_insensitive() -> None:
    assert where("darkmoon", "dm-4.4a").rule == "DM-4.4a"


def test_deck_example_has_no_state() -> None:
    ex = where("darkmoon", "DM-2.1").examples[0]
    assert ex.kind == "deck"
    with pytest.raises(TcgError, match="cannot start"):
        ex.state()
    assert isinstance(ex.refusal(), DeckError)


# -- the command line ----------------------------------------------------------------------------------
def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_cli_where_en() -> None:
    code, out = run("rules", "DM-4.4", "--where")
    assert code == 0
    assert out.startswith("DM-4.4  Top-card reveal: ")
    assert "Lessons that teach it:" in out and "notebooks/en/01_darkmoon.ipynb" in out
    assert "1. seed " in out and "turn " in out and "Reveal" in out
    snippet = next(line.split("open it: ", 1)[1] for line in out.splitlines() if "open it: " in line)
    ns: dict[str, Any] = {}
    exec(snippet.replace("Stepper.at(", "stepper = Stepper.at("), ns)  # the printed line opens the example
    assert ns["stepper"].state == where("darkmoon", "DM-4.4").examples[0].state()


def test_cli_where_with_options_prints_a_snippet_for_them() -> None:
    code, out = run("rules", "DM-4.6", "--where", "--option", "tie=none")
    assert code == 0
    snippet = [line.split("open it: ", 1)[1] for line in out.splitlines() if "open it: " in line][-1]
    assert "options={'tie': 'none'}" in snippet
    ns: dict[str, Any] = {}
    exec(snippet.replace("Stepper.at(", "stepper = Stepper.at("), ns)
    info = where("darkmoon", "DM-4.6", options={"tie": "none"})
    assert ns["stepper"].state == info.examples[-1].state()
    assert dict(info.examples[-1].options)["tie"] == "none"


def test_cli_where_ja() -> None:
    code, out = run("rules", "dragonquest", "DQ-7.8", "--where", "--lang", "ja")
    assert code == 0
    assert out.startswith("DQ-7.8  ")
    assert "このルールを学べるレッスン：" in out and "notebooks/ja/" in out
    assert "シード" in out and "ターン目" in out and "開くには：" in out


def test_cli_where_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("rules", "DM-4.9", "--where")[0] == 2
    assert "did you mean DM-4.8" in capsys.readouterr().err
    assert run("rules", "darkmoon", "--where")[0] == 2
    assert "--where needs a rule ID" in capsys.readouterr().err
    assert run("rules", "chess")[0] == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_cli_rules_without_where_unchanged() -> None:
    code, out = run("rules", "darkmoon", "DM-4.4")
    assert code == 0 and out.splitlines()[0].startswith("DM-4.4  Top-card reveal: ")
    assert "Live examples" not in out
    assert run("rules", "DM-4.4")[1].splitlines()[0] == out.splitlines()[0]  # the game may be left out


# -- the stepper and the widget --------------------------------------------------------------------------
def test_stepper_at_an_example_has_its_history() -> None:
    from tcgteach.widgets import Stepper

    ex = next(e for e in where("dragonquest", "DQ-7.8").examples if e.actions > 3)
    stepper = Stepper.at(ex)
    assert stepper.state == ex.state()
    assert stepper.state.node in stepper.graph_style.value
    assert stepper.back()
    assert stepper.state == replayed(ex, ex.actions - 1)
    assert stepper.step()  # the agents play on from there


def test_stepper_replay_refuses_an_illegal_action_and_changes_nothing() -> None:
    from tcgteach.widgets import Stepper

    stepper = Stepper("darkmoon", seed=1)
    before = stepper.state.to_dict()
    with pytest.raises(IllegalActionError):
        stepper.replay(["endmain", "unit 9"])
    assert stepper.state.to_dict() == before


def test_widget_opens_a_stepper_at_the_example() -> None:
    from tcgteach.widgets import RuleExplorer

    rx = RuleExplorer("dragonquest", "DQ-7.8", lang="ja")
    assert "DQ-7.8" in rx.text.value and rx.info is not None
    assert "ja/03_dragonquest_combat.ipynb" in rx.lessons.value
    assert rx.stepper_title.value == ""
    buttons = [row.children[1] for row in rx.examples.children]
    buttons[0].click()
    ex = rx.info.examples[0]
    assert rx.stepper is not None and rx.stepper_box.children == (rx.stepper,)
    assert rx.stepper.state == ex.state() and rx.stepper.lang == "ja"
    assert "実例1" in rx.stepper_title.value
    n = len(rx.stepper.state.history)
    rx.stepper.back_button.click()
    assert len(rx.stepper.state.history) == n - 1
    assert rx.stepper.state == replayed(ex, ex.actions - 1)


def test_widget_opens_a_refused_moment_and_says_what_is_refused() -> None:
    from tcgteach.widgets import RuleExplorer

    rx = RuleExplorer("darkmoon", "DM-4.7")
    assert rx.info is not None
    i, ex = next((i, e) for i, e in enumerate(rx.info.examples) if e.kind == "refused")
    stepper = rx.open_example(i)
    assert stepper.state == ex.state()
    assert "DM-4.7" in stepper.message.value and "unit slot" in stepper.message.value
    with pytest.raises(IllegalActionError, match=r"\[DM-4\.7\]"):
        stepper.apply(ex.action)
    rx.set_lang("ja")
    assert stepper.lang == "ja" and "実例" in rx.stepper_title.value  # the open stepper follows the language
    rx.rule_pick.value = "DM-4.6"
    assert rx.stepper is None and rx.stepper_title.value == ""  # another rule: the stepper of the last one closes


def test_widget_opens_a_reading_under_either_value() -> None:
    from tcgteach.widgets import RuleExplorer

    rx = RuleExplorer("dragonquest", "DQ-5.3")
    assert rx.info is not None
    ex = rx.info.examples[0]
    assert ex.kind == "reading" and ex.other is not None
    row = rx.examples.children[0]
    main, other = row.children[1].children
    other.click()
    assert rx.stepper is not None and rx.stepper.state == ex.in_other_reading().state()
    assert rx.stepper.game.options["formation"] == ex.other[1]
    assert f"formation={ex.other[1]}" in rx.stepper_title.value
    main.click()
    assert rx.stepper.state == ex.state() and rx.stepper.game.options["formation"] == dict(ex.options)["formation"]


def test_widget_pickers_and_language() -> None:
    from tcgteach.widgets import RuleExplorer

    rx = RuleExplorer()
    assert rx.rule_pick.value == "DM-1.1"
    rx.rule_pick.value = "DM-4.3"
    assert "DM-4.3" in rx.text.value
    rx.set_lang("ja")
    assert "最初のターン" in rx.text.value or "先攻" in rx.text.value
    assert rx.lang_toggle.value == "ja"
    rx.game_pick.value = "dragonquest"
    assert rx.rule_pick.value.startswith("DQ-") and "DQ-" in rx.text.value
    rx.find.value = "GP"
    assert all("gp" in (label + rx.game.rule_text(v, "ja")).lower() for label, v in rx.rule_pick.options)
    rx.find.value = "zzzz no such words"
    assert "zzzz" in rx.message.value
    rx.find.value = ""
    assert len(rx.rule_pick.options) == len(rx.game.rule_ids())
    rx.rule_pick.value = "DQ-2.1"
    row = rx.examples.children[0]
    assert row.children[1].__class__.__name__ == "HTML"  # a refused deck: nothing to open
    with pytest.raises(TcgError):
        rx.open_example(0)
    with pytest.raises(TcgError, match="does not exist"):
        rx.open_example(99)
