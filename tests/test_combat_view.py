"""The Dragon Quest combat view and the stepper on Dragon Quest, clicked from Python."""

from typing import cast

import tcgteach
from tcgteach.core.game import Game
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules.state import DragonQuestState
from tcgteach.widgets import CombatView, Stepper


def position(game: Game) -> DragonQuestState:
    return cast(DragonQuest, game).position(
        {
            "turn_player": 0,
            "node": "combat.action",
            "players": [
                {"front": [{"card": "M05", "state": "active"}], "deck": {"fill": "beasts"}},
                {"front": ["M01"], "deck": {"fill": "heroes"}},
            ],
        }
    )


def test_combat_view_lights_the_combat_graph_and_explains_the_attack_DQ_7_8() -> None:
    g = tcgteach.game("dragonquest")
    cv = CombatView(position(g), agents=["person", "person"])
    assert 'data-current="combat.action"' in cv.graph_style.value
    assert "No attack has been judged yet" in cv.extra.value
    attack = [a for a in cv.state.legal_actions() if str(a).startswith("attack")][0]
    cv.apply(attack)
    assert 'data-current="combat.defend"' in cv.graph_style.value
    assert "combat.action->combat.defend" in cv.graph_style.value
    cv.apply("noblock")  # the defender refuses; its only front card is picked by the attacker (DQ-7.5)
    assert cv.state.node == "combat.counter"
    cv.apply("counter")
    assert cv.state.node in ("combat.end_step", "end", "reset", "draw", "prep", "game_over")
    lines = cv.explanation()
    assert any("speed" in x.lower() for x in lines) and any("DQ-8.1" in x for x in lines)
    assert "Last attack, step by step" in cv.extra.value and "<ol>" in cv.extra.value
    cv.lang_toggle.value = "ja"
    assert "直前の攻撃の計算" in cv.extra.value and "素早さ" in cv.extra.value


def test_combat_view_back_and_reset_rebuild_the_position() -> None:
    g = tcgteach.game("dragonquest")
    cv = CombatView(position(g))
    start = cv.state.to_dict()
    cv.step()
    cv.back()
    assert cv.state.to_dict() == start
    cv.seed_box.value = "5"
    cv.reset_button.click()
    assert cv.state.node == "combat.action" and cv.state.setup["seed"] == 5 and "position" in cv.state.setup


def test_stepper_plays_dragonquest_unchanged() -> None:
    st = Stepper("dragonquest", seed=2, options={"turn_limit": 200})
    nodes = set()
    while st.step():
        nodes.add(st.state.node)
        assert f'data-current="{st.state.node}"' in st.graph_style.value
    assert st.state.is_terminal() and "The game is over" in st.message.value
    assert {"prep", "combat.start"} <= nodes or {"prep", "battle"} <= nodes
