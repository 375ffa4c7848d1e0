"""Typed game results (python-chess ``Outcome`` style)."""

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

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "breakdown": [dict(b) for b in self.breakdown],
            "nobody_wins": self.nobody_wins,
        }

    def text(self, lang: str = "en") -> str:
        scores = " / ".join(f"P{i + 1}: {s}" for i, s in enumerate(self.scores))
        if lang == "ja":
            if len(self.winners) == 1:
                head = f"P{self.winners[0] + 1} の勝ち"
            elif self.winners:
                head = "引き分け（" + "・".join(f"P{w + 1}" for w in self.winners) + "）"
            else:
                head = "勝者なし" if self.nobody_wins else "引き分け"
            return f"{head}（{scores}、{self.reason}）"
        if len(self.winners) == 1:
            head = f"P{self.winners[0] + 1} wins"
        elif self.winners:
            head = "Draw between " + " and ".join(f"P{w + 1}" for w in self.winners)
        else:
            head = "No winner" if self.nobody_wins else "Draw"
        return f"{head} ({scores}; {self.reason})"
