"""Typed events: what an action did, each naming the rule it applied."""

from __future__ import annotations

from typing import Any, Final

#: the kind of the event every game emits once at its set-up, naming the first player (``Event.player``): front
#: ends and the simulator's records read who began from it
FIRST_PLAYER: Final = "first_player"
#: the keys of a secret event's data that only its ``secret`` player sees (``Game.SECRET_EVENT_KEYS``'s default)
SECRET_DATA_KEYS: Final = frozenset({"card", "cards"})


class Event:
    """One thing that happened. ``kind`` names it, ``rule`` cites the rule ID.

    ``secret`` is the player who alone may see ``data``'s card details (a card drawn into a
    hand, a peeked card); views of other players get those details masked.
    """

    __slots__ = ("kind", "rule", "player", "data", "secret")

    def __init__(
        self, kind: str, rule: str, player: int | None, data: dict[str, Any] | None = None, secret: int | None = None
    ) -> None:
        self.kind = kind
        self.rule = rule
        self.player = player
        self.data = data if data is not None else {}
        self.secret = secret

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-safe data (kind, rule, player, data, and the secret part only when there is one)."""
        d: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "player": self.player, "data": self.data}
        if self.secret is not None:
            d["secret"] = self.secret
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        """The event that ``to_dict`` wrote."""
        return cls(d["kind"], d["rule"], d["player"], dict(d["data"]), d.get("secret"))

    def masked(self, viewer: int, keys: frozenset[str] = SECRET_DATA_KEYS) -> Event:
        """The event as ``viewer`` sees it: the secret ``keys`` of its data (the game's ``SECRET_EVENT_KEYS``)
        hidden from the other players."""
        if self.secret is None or self.secret == viewer:
            return self
        data = {k: (None if k in keys else v) for k, v in self.data.items()}
        return Event(self.kind, self.rule, self.player, data, self.secret)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.kind, self.rule, self.player))

    def __repr__(self) -> str:
        return f"Event({self.kind}, {self.rule}, player={self.player}, {self.data})"
