"""The choices pane: the cards themselves as buttons (click a card in hand to play it, click an
attacker then a target), and every choice also as a plain button in a list, for keyboard and
screen-reader users.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core.errors import TcgError
from .table import SHOWN, Table, close_tree, close_widget


def action_card(action: Any) -> int | None:
    """The card an action is about (the one to click): its ``card`` field, else its ``item``."""
    for name in ("card", "item"):
        value = getattr(action, name, None)
        if type(value) is int and value >= 0:
            return value
    return None


class ChoicesPane(w.VBox):  # type: ignore[misc]
    """What the person to move can do, on the cards themselves: each card a legal action is about is a
    button (its zone's heading above it; DARK MOON's field in order of number), one click plays its only
    action, or shows its actions when it has several; the rest as buttons. "List every choice" shows all
    legal actions as plain buttons (keyboard, screen readers). Every button carries the version of its
    position: a click on an earlier one is refused; the moment one is clicked, all are disabled."""

    def __init__(self, table: Table) -> None:
        super().__init__([])
        self.add_class("tcg-choices")
        self.table = table
        self._version = -1
        self._lang = ""
        self._selected: int | None = None
        self.buttons: list[Any] = []  # every button of this position (tiles, actions, the list)
        self.list_toggle = w.ToggleButton(value=False, description=table.t("list_all"), layout=w.Layout(width="auto"))
        self.list_toggle.add_class("tcg-list-all")
        self.list_toggle.observe(lambda ch: self._show_list(bool(ch["new"])), names="value")
        self.listing = w.VBox([], layout=w.Layout(display="none"))
        self.listing.add_class("tcg-choice-list")
        table.listen(self.refresh, self.set_locked)

    # the list of every choice, one button per legal action (what tests and screen readers press)
    def action_buttons(self) -> list[Any]:
        """The buttons of every legal action now ("List every choice")."""
        return list(self.listing.children)

    def _show_list(self, on: bool) -> None:
        self.listing.layout.display = SHOWN if on else "none"

    def set_locked(self, on: bool) -> None:
        """Disable (or enable again) every choice button, e.g. while an agent moves."""
        for b in self.buttons:
            b.disabled = on

    def _clear(self) -> None:
        old: list[Any] = list(self.children) + list(self.listing.children)  # type: ignore[has-type]
        self.children = ()
        self.listing.children = ()
        self.buttons = []
        for child in old:
            if child is not self.list_toggle and child is not self.listing:
                close_tree(child)

    def refresh(self) -> None:
        """Redraw the choices for the current decision (nothing is redrawn when the position has not changed)."""
        t = self.table
        session = t.session
        if t.version == self._version and t.lang == self._lang and not t.moving and not t.hidden() and self.children:
            return
        self._clear()
        self._version, self._lang = t.version, t.lang
        self._selected = None
        self.list_toggle.description = t.t("list_all")
        if t.moving or t.hidden() or not session.person_to_move():
            self._version = -1
            return
        self._build()

    def _button(self, text: str, action: Any, *, tip: str = "", cls: str = "tcg-action") -> Any:
        t = self.table
        b = w.Button(description=text, tooltip=tip or text, layout=w.Layout(width="auto"))
        b.add_class(cls)
        version = t.version
        b.on_click(t.guard(lambda _b: t.act(action, version)))
        self.buttons.append(b)
        return b

    def _build(self) -> None:
        t = self.table
        state = t.state
        seat: int = state.current_player  # type: ignore[assignment]  # a person is to move
        game = t.game
        legal = state.legal_actions()
        by_card: dict[int, list[Any]] = {}
        plain: list[Any] = []
        labels: dict[int, str] = {}
        for a in legal:
            c = action_card(a)
            if c is not None and c not in labels:
                label = game.card_label(state, c, t.lang)  # None: a game without card names (plain buttons)
                if label is None:
                    c = None
                else:
                    labels[c] = label
            (by_card.setdefault(c, []) if c is not None else plain).append(a)
        rows: list[Any] = [w.HTML(f"<b>{html.escape(t.t('choose', n=seat + 1))}</b>")]
        # the cards, grouped by where they are (the hand first); the whole hand is shown, the cards of it
        # that cannot be used now as disabled buttons
        hand: list[int] = []
        try:
            hand = list(state.zone(seat, "hand"))
        except TcgError:
            pass
        for c in hand:
            if c not in by_card:
                label = game.card_label(state, c, t.lang)
                if label is not None:
                    labels[c] = label
        groups = self._groups(state, seat, list(by_card) + [c for c in hand if c in labels and c not in by_card])
        for heading, cards in groups:
            tiles = [self._tile(c, labels[c], by_card[c]) if c in by_card else self._idle(c, labels[c]) for c in cards]
            rows.append(w.HTML(f"<div class='tcg-zone-head'>{html.escape(heading)}</div>"))
            rows.append(w.Box(tiles, layout=w.Layout(flex_flow="row wrap")))
        self.card_actions = w.Box([], layout=w.Layout(flex_flow="row wrap"))
        self.card_actions.add_class("tcg-card-actions")
        rows.append(self.card_actions)
        if plain:
            if by_card:
                rows.append(w.HTML(f"<div class='tcg-zone-head'>{html.escape(t.t('other_choices'))}</div>"))
            rows.append(
                w.Box(
                    [self._button(game.describe_action(a, state, t.lang), a, tip=str(a)) for a in plain],
                    layout=w.Layout(flex_flow="row wrap"),
                )
            )
        self.listing.children = tuple(
            self._button(game.describe_action(a, state, t.lang), a, tip=str(a), cls="tcg-choice") for a in legal
        )
        self.list_toggle.value = False
        self._show_list(False)
        rows += [self.list_toggle, self.listing]
        self.children = tuple(rows)

    def _groups(self, state: Any, seat: int, cards: list[int]) -> list[tuple[str, list[int]]]:
        """The cards in order of their zones: the person's hand first, then their other zones, then the
        other players'; DARK MOON's cards by number within a zone."""
        t = self.table
        where: dict[int, tuple[int, str]] = {}
        zones = state.ZONES
        for p in [seat] + [q for q in range(state.num_players) if q != seat]:
            for zone in zones:
                try:
                    inside = state.zone(p, zone)
                except TcgError:
                    continue
                for c in inside:
                    where.setdefault(c, (p, zone))
        order: dict[tuple[int, str], list[int]] = {}
        for c in cards:
            order.setdefault(where.get(c, (seat, "")), []).append(c)

        def zone_rank(key: tuple[int, str]) -> tuple[int, int, int]:
            p, zone = key
            return (p != seat, 0 if zone == "hand" else 1, zones.index(zone) if zone in zones else 99)

        out = []
        for key in sorted(order, key=zone_rank):
            p, zone = key
            cards_here = sorted(order[key], key=lambda c: (self._number(state, c), c))
            if zone == "hand" and p == seat:
                heading = t.t("your_hand")
            elif p == seat and zone in ("field", "front", "back"):
                heading = t.t("your_field") + ("" if zone == "field" else f" · {self._zone_word(zone)}")
            else:
                heading = t.t("zone_of", n=p + 1, zone=self._zone_word(zone))
            out.append((heading, cards_here))
        return out

    def _zone_word(self, zone: str) -> str:
        words = {
            "hand": ("hand", "手札"),
            "field": ("field", "場"),
            "front": ("front row", "前衛"),
            "back": ("back row", "後衛"),
            "discard": ("discard pile", "捨て札"),
            "exp": ("experience box", "経験値ボックス"),
            "quest": ("quests", "クエスト"),
            "deck": ("deck", "デッキ"),
        }
        en, ja = words.get(zone, (zone, zone))
        return ja if self.table.lang == "ja" else en

    @staticmethod
    def _number(state: Any, c: int) -> int:
        """DARK MOON's printed number (the field grouped by number), else the level; 0 if neither."""
        card = state.card(c) if callable(getattr(state, "card", None)) else None
        return int(getattr(card, "number", None) or getattr(card, "level", 0) or 0)

    def _idle(self, c: int, name: str) -> Any:
        """A card in hand with nothing to do now: shown (the whole hand is in view), not clickable."""
        b = w.Button(description=name, tooltip=self.table.t("not_playable", card=name), disabled=True)
        b.layout.width = "auto"
        b.add_class("tcg-card-tile")
        b.add_class("tcg-card-idle")
        b.add_class(f"tcg-card-{c}")
        return b

    def _tile(self, c: int, name: str, actions: list[Any]) -> Any:
        t = self.table
        if len(actions) == 1:
            tip = t.game.describe_action(actions[0], t.state, t.lang)
            b = self._button(name, actions[0], tip=tip, cls="tcg-action")
        else:
            b = w.Button(description=name, tooltip=t.t("card_choices", card=name), layout=w.Layout(width="auto"))
            b.add_class("tcg-action")
            b.add_class("tcg-card-multi")
            version = t.version
            b.on_click(t.guard(lambda _b: self._select(c, name, actions, version)))
            self.buttons.append(b)
        b.add_class("tcg-card-tile")
        b.add_class(f"tcg-card-{c}")
        return b

    def _select(self, c: int, name: str, actions: list[Any], version: int) -> None:
        """A card with several actions: show them under the cards (Recruit to the front or back row ...)."""
        t = self.table
        if version != t.version:
            raise TcgError(t.t("stale"))
        t.refuse_if_moving()
        self._selected = c
        for child in self.card_actions.children:
            close_widget(child)
        head = w.HTML(f"<b>{html.escape(t.t('card_choices', card=name))}</b>")
        self.card_actions.children = (
            head,
            *[self._button(t.game.describe_action(a, t.state, t.lang), a, tip=str(a)) for a in actions],
        )
        for b in self.buttons:
            if "tcg-card-multi" in b._dom_classes:
                b.button_style = "info" if f"tcg-card-{c}" in b._dom_classes else ""
