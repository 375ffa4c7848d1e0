"""What a puzzle asks for: a machine-checkable goal, said in English and Japanese.

A goal is written in a puzzle file as its kind and parameters (``{"kind": "defeat", "card": 52,
"keep": true}``) and is *anchored* to the puzzle's starting position (``Goal.anchored``): the seat
that solves it, the turn it must be reached in, and how many of that seat's cards were already in
the experience box. An anchored goal answers ``status(state)`` for any later state of the same
game: ``MET``, ``FAILED`` or ``OPEN`` (not decided yet). ``status`` reads only the cards, the turn
and the scores, never the history, so a search may share one answer between positions reached in
different orders.

The kinds (each ends with the turn it is set in, so every search is finite):

========== ================= =============================================================
kind       game              met when
========== ================= =============================================================
``win``    both              the game ends this turn and the seat is its only winner
``points`` DARK MOON         the seat has at least ``points`` points (DM-5) this turn
``defeat`` Dragon Quest      the card ``card`` of the opponent is defeated this turn
                             (``keep``: and none of the seat's party cards is defeated)
``survive`` Dragon Quest     the seat's next turn begins and the seat has not lost
========== ================= =============================================================
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core.errors import TcgError

if TYPE_CHECKING:
    from ..core.state import State


class Status(StrEnum):
    """Where a goal stands in a state: reached, no longer reachable, or not decided yet."""

    MET = "met"
    FAILED = "failed"
    OPEN = "open"


MET, FAILED, OPEN = Status.MET, Status.FAILED, Status.OPEN

#: the kinds of goal, with the games they are written for and their parameters (name -> type)
KINDS: dict[str, tuple[tuple[str, ...], dict[str, type]]] = {
    "win": (("darkmoon", "dragonquest"), {}),
    "points": (("darkmoon",), {"points": int}),
    "defeat": (("dragonquest",), {"card": int, "keep": bool}),
    "survive": (("dragonquest",), {}),
}

#: the rules a goal itself rests on (a puzzle's tags add them to those its line cites)
GOAL_RULES: dict[tuple[str, str], tuple[str, ...]] = {
    ("darkmoon", "win"): ("DM-1.2",),
    ("darkmoon", "points"): ("DM-5.1",),
    ("dragonquest", "win"): ("DQ-1.2",),
    ("dragonquest", "defeat"): ("DQ-8.2",),
    ("dragonquest", "survive"): ("DQ-1.2",),
}


@dataclass(frozen=True)
class Goal:
    """A puzzle's goal: ``kind`` (``KINDS``) and its parameters, anchored to a seat and a turn.

    ``points`` (kind ``points``), ``card`` and ``keep`` (kind ``defeat``) are the parameters a file gives;
    ``seat``, ``turn``, ``base`` (the seat's cards already in its experience box) and ``names`` (the
    card's name per language, for the text) are filled by ``anchored`` from the starting position."""

    kind: str
    points: int = 0
    card: int = -1
    keep: bool = False
    seat: int = -1
    turn: int = 0
    base: int = 0
    names: tuple[tuple[str, str], ...] = ()

    # -- files ------------------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any) -> Goal:
        """The goal a puzzle file writes (checked by the schema first; a wrong kind is a ``TcgError``)."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise TcgError(f"a goal is an object with a kind, one of: {', '.join(KINDS)}")
        _, params = KINDS[data["kind"]]
        for name, kind in params.items():
            value = data.get(name, getattr(cls, name))
            if type(value) is not kind:
                raise TcgError(f"goal {data['kind']!r}: {name} must be {kind.__name__}, not {type(value).__name__}")
        return cls(data["kind"], **{k: data[k] for k in params if k in data})

    def to_dict(self) -> dict[str, Any]:
        """The goal as a file writes it (the anchors are not written: they come from the position)."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in KINDS[self.kind][1]:
            out[name] = getattr(self, name)
        return out

    @property
    def params(self) -> dict[str, Any]:
        """The parameters of the kind, by name (``{"points": 12}``)."""
        return {k: v for k, v in self.to_dict().items() if k != "kind"}

    # -- anchoring ----------------------------------------------------------------------------------
    def anchored(self, state: State, seat: int) -> Goal:
        """This goal for ``seat`` from ``state`` on: the turn it must be reached in and what the seat had then.
        A goal that does not fit the game or the position is a ``TcgError`` saying why."""
        from ..core.state import State

        if not isinstance(state, State) or type(seat) is not int or not 0 <= seat < state.num_players:
            raise TcgError("anchored(state, seat): a game state and one of its seat numbers")
        if self.kind not in KINDS:
            raise TcgError(f"no goal kind {self.kind!r}; the kinds are: {', '.join(KINDS)}")
        game = state.game.name
        games, _ = KINDS[self.kind]
        if game not in games:
            raise TcgError(f"the goal {self.kind!r} is for {' and '.join(games)}, not {game}")
        names: tuple[tuple[str, str], ...] = ()
        base = 0
        if game == "dragonquest":
            base = len(state.zone(seat, "exp"))
        if self.kind == "defeat":
            opp = 1 - seat
            if self.card not in state.zone(opp, "front") + state.zone(opp, "back"):
                raise TcgError(f"card {self.card} is not a party card of the opponent on the field")
            names = tuple((lang, str(state.game.card_label(state, self.card, lang))) for lang in ("en", "ja"))
        if self.kind == "survive" and getattr(state, "turn_player", seat) == seat:
            raise TcgError("'survive' is a goal for the player whose turn it is not")
        return replace(self, seat=seat, turn=int(getattr(state, "turn", 0)), base=base, names=names)

    # -- the check ----------------------------------------------------------------------------------
    def status(self, state: State) -> Status:
        """``MET``, ``FAILED`` or ``OPEN`` in ``state`` (a later state of the puzzle's game)."""
        from ..core.state import State

        if self.seat < 0:
            raise TcgError("status() needs an anchored goal (Goal.anchored(state, seat), or Puzzle.goal)")
        if not isinstance(state, State) or state.num_players <= self.seat:
            raise TcgError(f"status(state): a state of the goal's game, not {type(state).__name__}")
        if self.kind == "points":
            if state.score(self.seat)["total"] >= self.points:  # type: ignore[attr-defined]
                return MET
        elif self.kind == "defeat":
            return self._defeat(state)
        if state.is_terminal():
            won = state.result().winners == (self.seat,)
            return MET if won and self.kind in ("win", "survive") else FAILED
        if self.kind == "survive":
            return MET if state.turn != self.turn and getattr(state, "turn_player", -1) == self.seat else OPEN
        return FAILED if state.turn != self.turn else OPEN

    def _defeat(self, state: State) -> Status:
        """``defeat``: the card in its owner's experience box (DQ-8.2), the seat's own box unchanged if ``keep``."""
        if self.keep and len(state.zone(self.seat, "exp")) > self.base:
            return FAILED
        if self.card in state.zone(1 - self.seat, "exp"):
            return MET
        if state.is_terminal() or state.turn != self.turn:
            return FAILED
        return OPEN

    def decisive(self, event: Any) -> bool:
        """Whether ``event`` settles the goal one way or the other (a line's citations stop there): the end of
        the turn or of the game, a lost deck, and for ``defeat`` the defeat of the card (or, with ``keep``, of
        one of the seat's own)."""
        from ..core.events import Event

        if not isinstance(event, Event):
            raise TcgError(f"decisive(event): an Event, not {type(event).__name__}")
        kind = event.kind
        if kind in ("turn_end", "game_over", "deck_out"):
            return True
        if kind == "defeat" and self.kind == "defeat":
            card = event.data.get("card")
            return bool(card == self.card or (self.keep and event.player == self.seat))
        return False

    # -- words ------------------------------------------------------------------------------------------
    def text(self, lang: str = "en") -> str:
        """The goal in plain words, ``lang`` ``"en"`` or ``"ja"``."""
        if lang not in ("en", "ja"):
            raise TcgError(f"lang must be 'en' or 'ja', not {lang!r}")
        name = dict(self.names).get(lang, f"#{self.card}")
        ja = lang == "ja"
        if self.kind == "win":
            return "このターンのうちに勝つ。" if ja else "Win this turn."
        if self.kind == "survive":
            return "次の自分のターンまで負けずに持ちこたえる。" if ja else "Survive until your next turn."
        if self.kind == "points":
            if ja:
                return f"このターンのうちに{self.points}ポイント以上にする（いまゲームが終わったとして数えます）。"
            return f"Reach {self.points} points this turn (counted as if the game ended now)."
        if self.keep:
            if ja:
                return f"このターンのうちに、自分のカードを1枚も撃破されずに{name}を撃破する。"
            return f"Defeat {name} this turn without losing a card."
        return f"このターンのうちに{name}を撃破する。" if ja else f"Defeat {name} this turn."

    def rules(self, game: str) -> tuple[str, ...]:
        """The rule IDs the goal itself rests on (e.g. ``DM-5.1`` for points) in the game called ``game``."""
        if not isinstance(game, str):
            raise TcgError(f"rules(game): a game's name, not {type(game).__name__}")
        return GOAL_RULES.get((game, self.kind), ())


__all__ = ["FAILED", "Goal", "KINDS", "MET", "OPEN", "Status"]
