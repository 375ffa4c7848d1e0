"""``DesignFacts``: what a game tells the design measures (``tcgteach.design``) about itself.

The measures are generic (win rates, lengths, lead changes ...); three things only a game knows: the
resources worth drawing per turn (DARK MOON's points and units, Dragon Quest's GP, level, deck and party),
how a finished game ended in the game's own terms (a deck-out by a draw or by damage, not only the rule
ID that ended it), and a plain stand-in for a card (to measure what a card's text is worth on paired
seeds). The words for each name are the game's (``titles``); the kernel holds none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import TcgError

#: one name's words: {"en": ..., "ja": ...}
Titles = Mapping[str, Mapping[str, str]]


@dataclass(frozen=True)
class DesignFacts:
    """A game's design facts (``Game.design_facts``).

    ``resources(state) -> {name: [value per player]}``, read at the start of every turn;
    ``end_kind(state, events) -> kind``, for a finished game and the events of its last action;
    ``stand_in(card) -> card``: a plain card of the same kind and cost in place of ``card`` (a card of the
    game's card file, as a dict; None for a card that has no plain form), or None when the game has no such
    notion. ``titles`` gives the words of
    every resource and end kind, in English and Japanese.
    """

    resources: Callable[[Any], Mapping[str, Sequence[float]]]
    end_kind: Callable[[Any, Sequence[Any]], str]
    titles: Titles
    stand_in: Callable[[Mapping[str, Any]], dict[str, Any] | None] | None = None

    def __post_init__(self) -> None:
        for name, words in self.titles.items():
            if not isinstance(words, Mapping) or set(words) != {"en", "ja"}:
                raise TcgError(f"DesignFacts.titles[{name!r}] must have exactly an 'en' and a 'ja' text")

    def title(self, name: str, lang: str = "en") -> str:
        """The words for a resource or an end kind (the name itself when the game gave none)."""
        words = self.titles.get(name)
        return name if words is None else words[lang]


def end_by_rule(state: Any, events: Sequence[Any]) -> str:
    """The end kind of a game that says nothing more: the rule ID that ended it."""
    result = state.result()
    return "" if result is None else str(result.reason)


def no_resources(state: Any) -> Mapping[str, Sequence[float]]:
    """The resource curves of a game that declares none: an empty mapping (the design lab then draws no curves)."""
    return {}


#: the facts of a game that declares none: no resources, the end by its rule ID, no stand-in
GENERIC = DesignFacts(resources=no_resources, end_kind=end_by_rule, titles={})
