"""A user's card pool (``tcgteach.game(name, cards=PATH_OR_DICT)``): loaded, validated, fingerprinted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .checks import check_text
from .errors import TcgError

if TYPE_CHECKING:
    from .game import Game

#: CardPool fingerprint -> the pool, in this process: a pool sent to a worker process (pickled with its game
#: or with a simulation's task) is checked and parsed once there, not once per task
_POOLS: dict[tuple[str, str], CardPool] = {}


class CardPool:
    """A card pool the user gave (``tcgteach.game(name, cards=PATH_OR_DICT)``): its cards, its data (the pool's
    own copy, validated), where it came from and its fingerprint (``sha256:`` and 16 hex digits of the data
    written canonically). The fingerprint travels with everything the game makes (saved states, records,
    simulation records), so none of them is ever read back with another pool. It pickles as its data and
    is parsed again (once per process) where it is unpickled."""

    def __init__(
        self, game: str, cards: Mapping[str, Any], data: Any, source: str, digest: str, game_class: Any = None
    ) -> None:
        self.game = game
        #: the ``Game`` subclass whose pool this is (it parses the data again where the pool is unpickled; the
        #: kernel looks no game up by name); None for a pool made by hand, which does not pickle
        self.game_class: Any = game_class
        self.cards = cards
        self.data = data
        self.source = source
        self.digest = digest

    def __str__(self) -> str:
        return f"{self.digest} ({self.source})"

    def __repr__(self) -> str:
        return f"<CardPool {self.game} {self} {len(self.cards)} cards>"

    def __reduce__(self) -> tuple[Any, ...]:
        if self.game_class is None:
            raise TcgError(f"the card pool {self} was made by hand (no game class): load it with Game.load_pool")
        return (_unpickle_pool, (self.game_class, self.data, self.source, self.digest))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardPool) and (self.game, self.digest) == (other.game, other.digest)

    def __hash__(self) -> int:
        return hash((self.game, self.digest))


def fingerprint(data: Any) -> str:
    """``sha256:`` and the first 16 hex digits of the SHA-256 of ``data`` as canonical JSON."""
    import hashlib
    import json

    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def load_pool(game_class: type[Game], cards: Any) -> CardPool:  # Any: checked here, also compiled
    """``Game.load_pool``: a path to a card file, its data as a dict, or a ``CardPool`` of ``game_class``."""
    if isinstance(cards, CardPool):
        if cards.game != game_class.name:
            raise TcgError(f"this is a {cards.game} card pool, not one for {game_class.name}")
        return cards
    if not game_class.card_schema:
        raise TcgError(f"{game_class.name} has no card pool of its own to replace")
    from pathlib import Path

    from .data import load_json
    from .schema import check_json, file_fail

    if isinstance(cards, dict):
        source = "<cards>"
        check_json(cards, file_fail(source))  # plain bounded JSON: the copy below cannot recurse too deep
        import copy

        data: Any = copy.deepcopy(cards)  # Any: a file may hold any JSON (compiled, a dict local refuses null)
    elif isinstance(cards, (str, Path)):
        source = check_text(str(cards), "cards (a path)", limit=4096)
        data = load_json(cards)
    else:
        raise TcgError(f"cards= takes a path to a card file or its data as a dict, not {type(cards).__name__}")
    digest = fingerprint(data)
    known = _POOLS.get((game_class.name, digest))
    if known is not None:  # the very same data, checked before in this process
        if known.source == source:
            return known
        return CardPool(game_class.name, known.cards, known.data, source, digest, game_class)
    pool = CardPool(game_class.name, game_class.parse_cards(data, source), data, source, digest, game_class)
    if len(_POOLS) >= 64:  # a designer editing a file again and again: keep the memory bounded
        _POOLS.clear()
    _POOLS[(game_class.name, digest)] = pool
    return pool


def _unpickle_pool(game_class: Any, data: Any, source: str, digest: str) -> CardPool:
    """A pickled pool where it is unpickled: the same pool if this process has it, else its data parsed again."""
    pool = _POOLS.get((game_class.name, digest))
    if pool is None:
        pool = game_class.load_pool(data)
    if pool.source == source:
        return pool
    return CardPool(game_class.name, pool.cards, pool.data, source, pool.digest, game_class)
