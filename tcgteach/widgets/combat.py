"""The Dragon Quest combat view: the combat-step graph lit step by step, and the arithmetic of
each attack explained (attack and modifiers, speeds, order of blows, first-strike defeat)."""

from __future__ import annotations

import html
from typing import Any

from ..core.errors import TcgError
from ..i18n import Text
from .stepper import LABELS, Stepper

COMBAT_TEXT = Text(
    {
        "combat_title": ("Last attack, step by step", "直前の攻撃の計算"),
        "no_attack": (
            "No attack has been judged yet: step until the judgment step (DQ-7.8).",
            "まだ攻撃の判定はありません。判定ステップ（DQ-7.8）まで進めてください。",
        ),
    }
)


class CombatView(Stepper):
    """A stepper (a widget) on the combat flow of the Dragon Quest Card Game, one decision at a time.

    ``CombatView(game.position({...}), agents=["person", "random"])`` starts from a teaching
    position; ``CombatView("dragonquest", seed=3)`` from a new game.
    """

    TEXT = LABELS | COMBAT_TEXT

    def __init__(self, game: Any = "dragonquest", **kw: Any) -> None:
        kw.setdefault("flow", "combat")
        super().__init__(game, **kw)
        if self.game.explain_combat(self.state, self.lang) is None:
            raise TcgError(f"the combat view is for a game with combat; {self.game.name} has none")
        self.add_class("tcg-combat-view")

    def explanation(self) -> list[str]:
        """Lines explaining the latest attack of the game (empty before the first one)."""
        return self.game.explain_combat(self.state, self.lang) or []

    def _refresh_extra(self) -> None:
        lines = self.explanation()
        body = (
            ("<ol>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ol>")
            if lines
            else f"<p><i>{html.escape(self._t('no_attack'))}</i></p>"
        )
        self.extra.value = (
            f'<div class="tcg-combat-explain" style="font-size:13px"><b>{self._t("combat_title")}</b>{body}</div>'
        )
