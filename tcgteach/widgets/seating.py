"""The panes that set a game up: :class:`SeatsPane` (who plays each seat: a person, the computer,
the coach …) and :class:`DecksPane` (each seat's deck).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ..i18n import pick
from .table import OWN_DECK, Table, close_widget, relabel


class SeatsPane(w.HBox):  # type: ignore[misc]
    """One dropdown per seat: who plays it (class ``tcg-seat-<n>``); ``on_change(seat, kind)``."""

    def __init__(
        self, table: Table, kinds: Sequence[str], names: Sequence[Any], on_change: Callable[[int, Any], None]
    ) -> None:
        super().__init__([], layout=w.Layout(flex_flow="row wrap"))
        self.add_class("tcg-seats")
        self.table = table
        self.kinds = tuple(kinds)
        self.on_change = on_change
        self.pickers: list[Any] = []
        self._saved: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._handler = table.guard(self._changed)
        self.set_count(len(names), names)

    def options(self) -> list[tuple[str, str]]:
        """The seat choices (person, random, heuristic, coach ...) as (label, value) pairs in the table's language."""
        return [(self.table.t(k), k) for k in self.kinds]

    def _picker(self, seat: int, spec: Any) -> Any:
        label = spec if isinstance(spec, str) else getattr(spec, "name", "agent")
        options = self.options()
        if label not in self.kinds:
            options.append((label, label))
        dd = w.Dropdown(options=options, value=label, description=self.table.t("seat", n=seat + 1))
        dd.layout.width = "auto"
        dd.style.description_width = "initial"
        dd.add_class(f"tcg-seat-{seat}")
        dd.observe(self._handler, names="value")
        return dd

    def set_count(self, n: int, names: Sequence[Any] | None = None, default: str = "heuristic") -> None:
        """``n`` seats: the first ones kept, new ones played by ``default`` (or ``names``)."""
        keep = self.pickers[:n]
        for dd in self.pickers[n:]:
            close_widget(dd)
        for seat in range(len(keep), n):
            spec = names[seat] if names is not None and seat < len(names) else default
            keep.append(self._picker(seat, spec))
        self.pickers = keep
        self.children = tuple(keep)

    def _changed(self, change: dict[str, Any]) -> None:
        if self.table.relabeling:
            return
        self.on_change(self.pickers.index(change["owner"]), change["new"])

    def values(self) -> list[Any]:
        """The picked player kind of every seat."""
        return [dd.value for dd in self.pickers]

    def kind(self, seat: int) -> str:
        """The label of the player kind at ``seat``, or "" for a seat the game does not have."""
        if seat >= len(self.pickers):
            return ""
        value = self.pickers[seat].value
        return self.table.t(value) if value in self.kinds else str(value)

    def set_lang(self) -> None:
        """Relabel the seat pickers in the table's language."""
        for i, dd in enumerate(self.pickers):
            dd.description = self.table.t("seat", n=i + 1)
            extra = [o for o in dd.options if o[1] not in self.kinds]
            relabel(dd, self.options() + extra, self.table)

    def set_disabled(self, on: bool) -> None:
        """Disable (or enable again) the seat pickers."""
        for dd in self.pickers:
            dd.disabled = on


#: the value of a saved deck in a deck picker: this prefix and the deck file's path
SAVED = "saved:"


class DecksPane(w.HBox):  # type: ignore[misc]
    """One deck picker per seat (the game's starter decks), taking effect with the next game
    (class ``tcg-deck-<n>``); ``fixed`` (a teaching position fixes its cards) disables them."""

    def __init__(self, table: Table, on_change: Callable[[int, str], None], *, fixed: bool = False) -> None:
        super().__init__([], layout=w.Layout(flex_flow="row wrap"))
        self.add_class("tcg-decks")
        self.table = table
        self.on_change = on_change
        self.fixed = fixed
        self.pickers: list[Any] = []
        self._saved: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._handler = table.guard(self._changed)
        self.sync()

    def saved(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """The legal decks saved in the deck folder (``tcgteach.deckbuild.saved_decks``), by picker value
        ``SAVED + path``: (name, cards)."""
        from ..deckbuild import saved_decks

        return {SAVED + str(path): (name, cards) for name, path, cards in saved_decks(self.table.game)}

    def shown(self, seat: int, saved: dict[str, tuple[str, tuple[str, ...]]] | None = None) -> str:
        """The deck picker's value for ``seat``: the starter deck, saved deck or own deck that seat plays."""
        state = self.table.state
        decks = state.setup.get("decks") or []
        cards = tuple(decks[seat]) if seat < len(decks) else None
        game = self.table.game
        for name in game.starter_decks():
            if game.starter_deck(name).cards == cards:
                return name
        order = {cid: i for i, cid in enumerate(getattr(game, "cards", {}))}
        mine = tuple(sorted(cards, key=lambda c: order.get(c, -1))) if cards is not None else None
        for value, (_name, saved_cards) in (saved or {}).items():
            if saved_cards == mine:
                return value
        return OWN_DECK

    def label(self, name: str) -> str:
        """The label of a deck choice in the table's language."""
        t = self.table
        if name == OWN_DECK:
            return t.t("own_deck")
        if name.startswith(SAVED):
            entry = self._saved.get(name)
            return t.t("saved_deck", name=entry[0] if entry else name.removeprefix(SAVED))
        title = t.game.starter_deck(name).title
        return pick(title, t.lang, name) if title else name

    def sync(self) -> None:
        """Rebuild the deck pickers for the current game and number of players."""
        t = self.table
        game = t.game
        n = t.state.num_players if game.starter_decks() else 0
        self._saved = self.saved() if n else {}
        pickers = self.pickers[:n]
        for dd in self.pickers[n:]:
            close_widget(dd)
        t.relabeling = True
        try:
            for seat in range(n):
                shown = self.shown(seat, self._saved)
                if seat == len(pickers):
                    dd = w.Dropdown(layout=w.Layout(width="auto"))
                    dd.style.description_width = "initial"
                    dd.add_class(f"tcg-deck-{seat}")
                    dd.observe(self._handler, names="value")
                    pickers.append(dd)
                dd = pickers[seat]
                names = list(game.starter_decks()) + list(self._saved) + ([OWN_DECK] if shown == OWN_DECK else [])
                dd.options = [(self.label(x), x) for x in names]
                dd.value = shown
                dd.description = t.t("deck", n=seat + 1)
                dd.disabled = self.fixed
        finally:
            t.relabeling = False
        self.pickers = pickers
        self.children = tuple(pickers)

    def _changed(self, change: dict[str, Any]) -> None:
        if self.table.relabeling:
            return
        self.on_change(self.pickers.index(change["owner"]), change["new"])
