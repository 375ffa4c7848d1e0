"""Typed game results (python-chess ``Outcome`` style): values only; ``tcgteach.texts.outcome_text`` says them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended: who won, the scores with their breakdown, and the rule that ended it.

    ``winners`` holds one player for a win, several for a shared win (a draw among them), and
    none when nobody wins. ``reason`` is a rule ID such as ``DM-1.5``.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    breakdown: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    #: True when an empty ``winners`` means "nobody wins" (e.g. DM-1.3 tie=none) rather than a draw
    nobody_wins: bool = False
    #: what the numbers in ``scores`` count, in English and Japanese, e.g. ("points", "得点") or
    #: ("cards left in deck", "デッキの残り枚数"): the game says it, ``outcome_text`` labels the scores with it
    #: ("" : unlabelled). Not part of the value (not compared, not in ``to_dict``).
    measure: tuple[str, str] = field(default=("", ""), compare=False)

    @property
    def is_draw(self) -> bool:
        """No single winner (DM-1.3, DQ-1.3: tied players, or a turn limit reached)."""
        return len(self.winners) != 1

    @property
    def winner(self) -> int | None:
        """The one winner's seat, or None in a draw."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        """The outcome as JSON-safe data (winners, scores, reason, the score breakdown)."""
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "breakdown": [dict(b) for b in self.breakdown],
            "nobody_wins": self.nobody_wins,
        }
