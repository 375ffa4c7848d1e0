"""The Dragon Quest combat view: the combat-step graph lit step by step, and the arithmetic of each attack
explained (attack and modifiers, speeds, order of blows, first-strike defeat). Put together from the
stepper's controls and the panes, with a pane of its own for the arithmetic (it subclasses no other
front end)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core.errors import TcgError
from ..i18n import Text
from .panes import Table
from .stepper import Stepper

COMBAT_TEXT = Text(
    {
        "combat_title": ("Last attack, step by step", "直前の攻撃の計算"),
        "no_attack": (
            "No attack has been judged yet: step until the judgment step (DQ-7.8).",
            "まだ攻撃の判定はありません。判定ステップ（DQ-7.8）まで進めてください。",
        ),
    }
)


class CombatPane(w.HTML):  # type: ignore[misc]
    """The latest attack's arithmetic, one line per step (class ``tcg-extra``)."""

    def __init__(self, table: Table, text: Text) -> None:
        super().__init__()
        self.add_class("tcg-extra")
        self.table = table
        self.text = text
        table.listen(self.refresh)

    def lines(self) -> list[str]:
        """The combat's explanation, line by line (speed order, damage arithmetic, DQ-7.8), in the table's language."""
        t = self.table
        return t.game.explain_combat(t.state, t.lang) or []

    def refresh(self) -> None:
        """Redraw the combat explanation for the current position."""
        t = self.table
        lines = self.lines()
        body = (
            ("<ol>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ol>")
            if lines
            else f"<p><i>{html.escape(self.text.t('no_attack', t.lang))}</i></p>"
        )
        self.value = (
            f'<div class="tcg-combat-explain"><b>{html.escape(self.text.t("combat_title", t.lang))}</b>{body}</div>'
        )


def CombatView(game: Any = "dragonquest", **kw: Any) -> Stepper:  # noqa: N802  # a front end, named as a class
    """A stepper (a widget) on the combat flow of the Dragon Quest Card Game, one decision at a time, with
    the arithmetic of the latest attack (a :class:`CombatPane`) under the graph.

    ``CombatView(game.position({...}), agents=["person", "random"])`` starts from a teaching
    position; ``CombatView("dragonquest", seed=3)`` from a new game.
    """
    kw.setdefault("flow", "combat")
    view = Stepper(game, extra=lambda table: CombatPane(table, COMBAT_TEXT), **kw)
    if view.game.explain_combat(view.state, view.lang) is None:
        view.close()
        raise TcgError(f"the combat view is for a game with combat; {view.game.name} has none")
    view.add_class("tcg-combat-view")
    view.explanation = view.extra.lines
    return view
