"""The trace of one simulated game, for the design measures (``tcgteach.design``): what a record alone lacks.

A record (``simulate``) counts decisions and legal actions; the measures of a design also need the course of
the game: each player's estimated chance at the start of every turn (``Game.position_value``: lead changes,
drama, decisiveness), the game's resources at the start of every turn (``DesignFacts.resources``: the
curves), how many decisions had a real choice, how often each rule acted (an event or the chosen action cites
it: the rule-coverage map) and how the
game ended in its own terms (``DesignFacts.end_kind``). ``Tracer`` is the ``observe`` hook of
``Session.play_out``; ``simulate(..., trace=True)`` puts its ``result()`` in each record's ``trace`` field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: decimals kept of a chance (a record of 10,000 games stays a few megabytes)
DIGITS = 3


class Tracer:
    """Follows one game: call it after every action (``Session.play_out``'s ``observe``)."""

    __slots__ = ("game", "facts", "choices", "rules", "values", "resources", "turn", "last_events")

    def __init__(self, state: Any) -> None:
        self.game = state.game
        self.facts = self.game.design_facts()
        self.choices = 0
        self.rules: dict[str, int] = {}
        self.values: list[list[float]] = []
        self.resources: dict[str, list[list[float]]] = {}
        self.turn = None
        self.last_events: Sequence[Any] = ()
        self._count(state.events)  # the set-up's events (the shuffle, the first player ...)
        self._sample(state)

    def _count(self, events: Sequence[Any]) -> None:
        rules = self.rules
        for e in events:
            rules[e.rule] = rules.get(e.rule, 0) + 1

    def _sample(self, state: Any) -> None:
        """The start of a turn: each player's chance and resources."""
        self.turn = state.turn
        value = self.game.position_value(state)
        if value is not None:  # a game without the coach's estimate has no course: its lead changes are n/a
            self.values.append([round(float(v), DIGITS) for v in value])
        for name, per_player in self.facts.resources(state).items():
            self.resources.setdefault(name, []).append([float(v) for v in per_player])

    def __call__(self, state: Any, actor: int, legal: int, events: Sequence[Any]) -> None:
        if legal > 1:
            self.choices += 1
        self._count(events)
        rule = getattr(state.history[-1], "RULE", None)  # the chosen action's own rule (a recruit is DQ-6.5)
        if rule:
            self.rules[rule] = self.rules.get(rule, 0) + 1
        self.last_events = events
        if state.turn != self.turn and not state.is_terminal():
            self._sample(state)

    def result(self, state: Any) -> dict[str, Any]:
        """The trace as plain data (it pickles to the parent process and writes as JSON)."""
        end = self.facts.end_kind(state, self.last_events) if state.is_terminal() else None
        result = state.result()
        if result is not None and result.reason:  # the rule that decided the result (a tie, DM-1.3) acted too
            self.rules[result.reason] = self.rules.get(result.reason, 0) + 1
        return {
            "choices": self.choices,
            "rules": dict(sorted(self.rules.items())),
            "values": self.values,
            "resources": self.resources,
            "end_kind": end,
        }
