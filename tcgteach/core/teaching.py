"""``Teaching``: the table of a game's optional teaching hooks (coach, board, reasons, quiz ...).

A game declares which hooks it offers and where each lives, as ``"module:attribute"`` strings; the kernel
(``Game``'s methods of the same capability) checks the arguments once, imports the module on first use and
calls the hook. A module name starting with ``.`` is relative to the game's package (``.board:render`` in
``tcgteach.darkmoon`` is ``tcgteach.darkmoon.board``), so moving a module changes only its string here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .errors import TcgError

#: what a game's timeline (``tcgteach.review``) may flag at a move, besides the start of a turn (which the kernel
#: reads from ``State.turn``): a fight, a card defeated, a level gained, a unit made, the game's end armed
MARKS = ("combat", "defeat", "level_up", "unit", "end_armed")


@dataclass(frozen=True)
class Teaching:
    """Where each optional hook of a game lives (None: the game does not offer it). The field names are the
    capability names of ``Game.capabilities``; what each attribute must be:"""

    #: ``coach`` a class (or factory) whose instances are rule-of-thumb policies, ``act(view, legal, rng)``
    coach: str | None = None
    #: ``position_value(state) -> list[float] | None``: each player's chance in [0, 1]
    position_value: str | None = None
    #: ``rollout(state, legal, rng) -> action``: the coach's fast playout rule
    rollout: str | None = None
    #: ``reasons(view, action, lang) -> list[Reason]``: why an action is worth taking
    reasons: str | None = None
    #: ``board(state, *, lang, perspective) -> str``: the board as an HTML fragment
    board: str | None = None
    #: ``combat(state, lang) -> list[str]``: lines explaining the latest fight
    combat: str | None = None
    #: ``quiz``: a mapping kind -> ``maker(game, rng, lang) -> Question``
    quiz: str | None = None
    #: ``moments``: a mapping rule ID -> ``moment(before, after)`` (``Game.rule_moments``)
    moments: str | None = None
    #: ``marks``: a mapping event kind -> one of ``MARKS`` (``Game.review_marks``): what a game's timeline flags
    marks: str | None = None
    #: ``design``: a ``core.design.DesignFacts`` (``Game.design_facts``): resources per turn, end kinds, stand-ins
    design: str | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            ref = getattr(self, f.name)
            if ref is not None and (not isinstance(ref, str) or ref.count(":") != 1 or ref.endswith(":")):
                raise TcgError(f"Teaching.{f.name} must be 'module:attribute' or None, not {ref!r}")

    def offered(self) -> frozenset[str]:
        """The capability names this table offers a hook for."""
        return frozenset(f.name for f in fields(self) if getattr(self, f.name) is not None)

    def ref(self, capability: str) -> str | None:
        """The "module:attribute" reference a game gives for the teaching capability ``capability``, or None."""
        value: str | None = getattr(self, capability)
        return value


#: (game class, capability) -> the resolved hook (imported once per process)
_RESOLVED: dict[tuple[type, str], Any] = {}


def resolve(game_class: type, capability: str, ref: str) -> Any:
    """The object ``ref`` (``"module:attribute"``) names, the module relative to ``game_class``'s package."""
    key = (game_class, capability)
    hook = _RESOLVED.get(key)
    if hook is None:
        import importlib

        module, _, attribute = ref.partition(":")
        package = game_class.__module__.rpartition(".")[0]
        hook = getattr(importlib.import_module(module, package or None), attribute)
        _RESOLVED[key] = hook
    return hook
