"""Review a game: its timeline, each seat's chance to win over it, the moments that decided it, try again.

    from tcgteach.review import Review
    r = Review(state)                     # a game played (a state, a Session, a Record or a record file)
    r.chances()                           # each seat's win chance at each decision, with a 95% band
    r.moments(seat=0, lang="ja")          # up to three decisions after which seat 0's chance fell most
    r.try_again(index, action)            # another choice there, judged over the same deals
    game = r.fork(index)                  # a new game from the position before move ``index``
    r.write_html("review.html", lang="ja")  # a standalone page: chart, moments, boards, moves

The estimates are the coach's rollouts (``chances``); the noise rule is ``moments.NOISE_RULE``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ..core.checks import check_int, check_lang, check_path, check_state
from ..core.errors import TcgError
from ..core.files import atomic_write_text
from .chances import Chance, chance_steps, win_chances
from .moments import NOISE_RULE, Moment, TryAgain, decisive_moments, try_again
from .timeline import Move, Timeline

__all__ = ["Chance", "Move", "Moment", "NOISE_RULE", "Review", "Timeline", "TryAgain", "load_game"]


def load_game(source: Any, cards: Any = None) -> Any:
    """The full state of a game to review: a state, a ``Session``, a ``Record`` or a record file's path."""
    from ..record import Record, read_record, replay
    from ..session import Session

    if isinstance(source, Session):
        return source.state
    if isinstance(source, Record):
        return replay(source, cards=cards)
    if isinstance(source, (str, os.PathLike)):
        path = check_path(source, "source")
        return replay(read_record(path), path, cards=cards)
    return check_state(source, None, "source")


class Review:
    """The review of one game (see the module's text). ``rollouts`` per estimate, ``seed`` of every rollout;
    ``executor``/``jobs``/``progress`` as ``tcgteach.sim.simulate`` takes them; ``seats`` the seats whose
    moments are told (default: every seat)."""

    def __init__(
        self,
        source: Any,
        *,
        rollouts: Any = 24,
        seed: Any = 0,
        executor: Any = None,
        jobs: Any = 1,
        progress: Any = None,
        seats: Any = None,
        cards: Any = None,
    ) -> None:
        state = load_game(source, cards)
        if state.viewer is not None:
            raise TcgError("review the full game, not a player's view (state.view(p))")
        self.timeline = Timeline(state.clone())
        self.game = state.game
        self.rollouts = check_int(rollouts, "rollouts", 2, 10_000)
        self.seed = check_int(seed, "seed", 0, (1 << 63) - 1)
        self._run = {"executor": executor, "jobs": jobs, "progress": progress}
        n = state.num_players
        if seats is None:
            self.seats = list(range(n))
        elif isinstance(seats, (list, tuple)):
            self.seats = [check_int(s, "seats[]", 0, n - 1) for s in seats]
        else:
            raise TcgError(f"seats must be a list of seats (0..{n - 1}) or None")
        self._chances: tuple[Chance, ...] | None = None
        self._moments: dict[tuple[int, str], list[Moment]] = {}

    def chances(self) -> tuple[Chance, ...]:
        """Each seat's chance at each decision and at the end (computed once)."""
        if self._chances is None:
            self._chances = win_chances(self.timeline, self.rollouts, self.seed, **self._run)
        return self._chances

    def chance_steps(self) -> Iterator[Chance]:
        """The same figures as ``chances`` one position at a time (a widget's progress), in this process."""
        if self._chances is not None:
            yield from self._chances
            return
        out = []
        for c in chance_steps(self.timeline, self.rollouts, self.seed):
            out.append(c)
            yield c
        self._chances = tuple(out)

    @property
    def estimated(self) -> bool:
        """Whether the chances are worked out (``chances()`` returns at once)."""
        return self._chances is not None

    def moments(self, seat: Any, lang: Any = "en") -> list[Moment]:
        """Up to three decisions of ``seat`` after which its chance fell most, beyond the noise."""
        check_lang(lang)
        seat = check_int(seat, "seat", 0, self.timeline.final.num_players - 1)
        key = (seat, lang)
        if key not in self._moments:
            self._moments[key] = decisive_moments(self.timeline, self.chances(), seat, self.rollouts, self.seed, lang)
        return self._moments[key]

    def try_again(self, index: Any, action: Any, lang: Any = "en") -> TryAgain:
        """``action`` chosen at decision ``index`` instead: better, worse or the same (within the noise), and why."""
        return try_again(self.timeline, index, action, self.rollouts, self.seed, lang)

    def fork(self, index: Any) -> Any:
        """A new game from the position before move ``index`` (the reviewed game is kept as it was)."""
        return self.timeline.position(index)

    def to_html(self, lang: Any = "en") -> str:
        """The review as one standalone HTML page."""
        from .html import review_html

        return review_html(self, check_lang(lang))

    def write_html(self, path: Any, lang: Any = "en") -> None:
        """Write ``to_html`` to ``path`` (the whole file or, on any failure, the old one untouched)."""
        text = self.to_html(lang)
        atomic_write_text(check_path(path), text)
