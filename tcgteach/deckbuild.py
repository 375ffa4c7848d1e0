"""Building a deck: a draft of card counts checked live against the game's construction rules, its curve, deck
files, the decks saved in a folder, and a quick test against the starter decks. The widget is
``tcgteach.widgets.DeckBuilder``; this module holds what it shows, so that it is the same from Python::

    draft = DeckDraft("darkmoon")              # empty, or DeckDraft("darkmoon", "ensemble") from a starter
    draft.add("C01", 4)
    draft.problems("ja")                       # every broken rule at once: [(rule ID, sentence), ...]
    draft.save(deck_folder() / "mine.deck.json", "My deck")
    load_deck("mine.deck.json").cards()        # the same 40 card IDs
    play_against_starters(draft, games=40)                 # against each starter deck: wins, losses, ties, an interval

A deck file (``*.deck.json``, schema ``deck``) holds one deck of one game: ``{"format": "tcgteach-deck",
"version": 1, "game", "name", "cards": {card ID: copies}}``, and ``pool``, the fingerprint of the user's card
pool it was built from. A draft may break the rules while it is built (and be saved so); a deck is offered to
the seat pickers and played only when it is legal (``saved_decks``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .core.checks import check_int, check_lang, check_path, check_text, shown
from .core.data import load_json, validate_file
from .core.errors import DataFileError, TcgError, Violation
from .core.files import atomic_write_text
from .core.game import Game
from .lookup import check_game

__all__ = [
    "DECK_FORMAT",
    "DeckDraft",
    "card_facts",
    "deck_folder",
    "load_deck",
    "problem_text",
    "saved_decks",
    "play_against_starters",
]

DECK_FORMAT = "tcgteach-deck"
#: where decks are saved unless a folder is given: ``$TCGTEACH_DECKS`` or ``~/tcgteach-decks``
DECKS_ENV = "TCGTEACH_DECKS"
MAX_COPIES_IN_DRAFT = 99  # a count the file format takes; the rules' limits are the game's (checked live)

# -- what a broken rule says, in each language -----------------------------------------------------------------
#: rule ID -> the Japanese sentence of a violation ({n}: the count, {limit}, {name}: the card's name, {number});
#: the English one is the engine's own message
_JA: dict[str, str] = {
    "DM-2.1": "デッキは{n}枚です。ちょうど{limit}枚にします",
    "DM-2.2": "スペシャルカードが{n}枚あります。デッキ全体で{limit}枚までです",
    "DM-2.3": "同じ名前のスペシャルカード「{name}」が{n}枚あります。{limit}枚までです",
    "DM-2.4": "ナンバー{number}のキャラクターカードが{n}枚あります。キャラクターが違っても合わせて{limit}枚までです",
    "DM-7": "カードプールにないカードがあります：{ids}",
    "DQ-2.1": "デッキは{n}枚です。ちょうど{limit}枚にします",
    "DQ-2.2": "同じ名前のカード「{name}」が{n}枚あります。{limit}枚までです",
    "DQ-11": "カードプールにないカードがあります：{ids}",
}


def problem_text(game: Game, v: Violation, lang: str) -> str:
    """One broken construction rule as a sentence in ``lang`` (without its rule ID)."""
    game = check_game(game)
    lang = check_lang(lang)
    if not isinstance(v, Violation):
        raise TcgError(f"v must be a Violation (game.validate_deck), not {shown(v)}")
    if lang != "ja":
        return v.message
    first = card_pool(game).get(v.cards[0]) if v.cards else None
    number = getattr(first, "number", None)
    fields = {
        "n": v.count,
        "limit": v.limit,
        "name": first.name.get("ja", first.name["en"]) if first is not None else "",
        "number": number if number is not None else "",
        "ids": "、".join(v.cards),
    }
    template = _JA.get(v.rule)
    if template is None:  # a plugin game's rule: its title in Japanese, the engine's sentence beside it
        return f"{game.rule_title(v.rule, 'ja')}：{v.message}"
    return template.format(**fields)


def card_pool(game: Game) -> Mapping[str, Any]:
    """The game's cards by ID (the user's pool when it was made with ``cards=``)."""
    pool = getattr(game, "cards", None)
    if not isinstance(pool, Mapping):
        raise TcgError(f"{game.name} has no card pool (a 'cards' mapping) to build a deck from")
    return pool


def _name(value: Any, *, empty: bool = False) -> str:
    """A deck's name: 1 to 60 characters, not only spaces (``empty``: "" allowed, a draft not named yet)."""
    text = check_text(value, "name", limit=60)
    if not text.strip() and not (empty and text == ""):
        raise TcgError(f"a deck's name must have 1 to 60 characters, not only spaces, not {shown(value)}")
    return text


# -- a card's facts for the gallery and the filters -------------------------------------------------------------
def card_facts(game: Game, card: Any, lang: str) -> dict[str, Any]:
    """What the gallery shows of a card and what the filters read: ``kind`` (type), ``number`` (DARK MOON's
    printed number), ``level`` and ``cost`` (Dragon Quest), ``name`` and ``lines`` (its text) in ``lang``."""
    game = check_game(game)
    check_lang(lang)
    if card not in card_pool(game).values():
        raise TcgError(f"card must be one of {game.name}'s cards (game.cards), not {shown(card)}")
    name = card.name.get(lang) or card.name["en"]
    lines = [card.text.get(lang) or card.text.get("en", "")] if getattr(card, "text", None) else []
    stats = ""
    if game.name == "dragonquest" and getattr(card, "is_party", False):
        words = ("Lv", "cost", "ATK", "HP", "SPD") if lang != "ja" else ("レベル", "コスト", "攻撃", "HP", "素早さ")
        values = (card.level, card.cost, card.attack, card.hp, card.speed)
        stats = " · ".join(f"{w} {v}" for w, v in zip(words, values, strict=True))
    elif game.name == "dragonquest":
        stats = ("cost" if lang != "ja" else "コスト") + f" {card.cost}"
    elif getattr(card, "number", None) is not None:
        stats = f"#{card.number}"
    return {
        "id": card.id,
        "kind": card.type,
        "name": name,
        "names": tuple(card.name.values()),
        "number": getattr(card, "number", None),
        "level": getattr(card, "level", None) if game.name == "dragonquest" else None,
        "cost": getattr(card, "cost", None) if game.name == "dragonquest" else None,
        "stats": stats,
        "lines": [x for x in lines if x],
    }


# -- the draft -----------------------------------------------------------------------------------------------
class DeckDraft:
    """A deck being built: card ID -> copies, for ``game`` (a name or a ``Game``, whose card pool it uses).

    ``deck``: where to start: None (empty), a starter deck's name, a list of card IDs or a mapping of counts.
    Counts change only by ``add``/``remove``/``set``/``clear`` and are checked: an unknown card or a count
    outside 0..99 is an error that changes nothing; breaking a construction rule is allowed while building
    (``problems`` says which, ``legal`` whether none is left)."""

    def __init__(self, game: Any, deck: Any = None, name: str = "") -> None:
        self.game: Game = check_game(game) if not isinstance(game, Game) else game
        self.pool: Mapping[str, Any] = card_pool(self.game)
        self.name = _name(name, empty=True)
        self.counts: dict[str, int] = {}
        if deck is not None:
            ids = self.game.deck_cards(deck) if not isinstance(deck, Mapping) else self._from_counts(deck)
            for cid in ids:
                self._known(cid)
                self.counts[cid] = self.counts.get(cid, 0) + 1
            if any(n > MAX_COPIES_IN_DRAFT for n in self.counts.values()):
                raise TcgError(f"a deck draft holds at most {MAX_COPIES_IN_DRAFT} copies of a card")
            if isinstance(deck, str) and not self.name:
                title = self.game.starter_deck(deck).title
                self.name = title.get("en", deck) if title else deck

    def _from_counts(self, deck: Mapping[Any, Any]) -> list[str]:
        out: list[str] = []
        for cid, n in deck.items():
            self._known(cid)
            out += [cid] * check_int(n, f"count of {cid}", 0, MAX_COPIES_IN_DRAFT)
        return out

    def _known(self, cid: Any) -> str:
        if not isinstance(cid, str) or cid not in self.pool:
            raise TcgError(
                f"{shown(cid)} is not a card of {self.game.name}'s pool ({self.game.contract_rule}: a deck holds "
                "only cards of the pool)"
            )
        return cid

    # -- changes ---------------------------------------------------------------------------------------------
    def add(self, card: Any, n: Any = 1) -> int:
        """Add ``n`` copies of ``card``; returns its new count."""
        cid = self._known(card)
        return self.set(cid, self.counts.get(cid, 0) + check_int(n, "n", 1, MAX_COPIES_IN_DRAFT))

    def remove(self, card: Any, n: Any = 1) -> int:
        """Take away ``n`` copies of ``card`` (down to none); returns its new count."""
        cid = self._known(card)
        return self.set(cid, max(0, self.counts.get(cid, 0) - check_int(n, "n", 1, MAX_COPIES_IN_DRAFT)))

    def set(self, card: Any, n: Any) -> int:
        """Hold exactly ``n`` copies of ``card`` (0..99)."""
        cid = self._known(card)
        count = check_int(n, f"count of {cid}", 0, MAX_COPIES_IN_DRAFT)
        if count:
            self.counts[cid] = count
        else:
            self.counts.pop(cid, None)
        return count

    def clear(self) -> None:
        """Remove every card from the draft."""
        self.counts.clear()

    # -- reading ---------------------------------------------------------------------------------------------
    def cards(self) -> tuple[str, ...]:
        """The deck's card IDs, one per copy, in the order of the card pool."""
        order = {cid: i for i, cid in enumerate(self.pool)}
        return tuple(cid for cid in sorted(self.counts, key=order.__getitem__) for _ in range(self.counts[cid]))

    def __len__(self) -> int:
        return sum(self.counts.values())

    def violations(self) -> list[Violation]:
        """Every construction rule the deck breaks now, all at once (the game's ``validate_deck``)."""
        return self.game.validate_deck(list(self.cards()))

    @property
    def legal(self) -> bool:
        """Whether the draft is a legal deck (no violation of the game's deck rules, DM-2 / DQ-2)."""
        return not self.violations()

    def problems(self, lang: Any = "en") -> list[tuple[str, str]]:
        """(rule ID, sentence in ``lang``) for every rule the deck breaks now."""
        lang = check_lang(lang)
        return [(v.rule, problem_text(self.game, v, lang)) for v in self.violations()]

    def curve(self, lang: Any = "en") -> list[tuple[str, list[tuple[str, int]]]]:
        """The deck's shape as (title, [(label, copies), ...]) sections: DARK MOON its characters by printed
        number and its specials; Dragon Quest its cards by type, by level and by cost."""
        lang = check_lang(lang)
        ja = lang == "ja"
        cards = [self.pool[c] for c in self.cards()]

        def count(key: Any, values: Sequence[Any], label: Any) -> list[tuple[str, int]]:
            return [(label(v), sum(1 for c in cards if key(c) == v)) for v in values]

        if self.game.name == "darkmoon":
            numbers = sorted({c.number for c in self.pool.values() if c.number is not None})
            chars = [c for c in cards if c.is_character]
            return [
                (
                    "キャラクター（ナンバー別）" if ja else "characters by number",
                    [(f"#{k}", sum(1 for c in chars if c.number == k)) for k in numbers],
                ),
                (
                    "種類" if ja else "types",
                    [
                        ("キャラクター" if ja else "characters", len(chars)),
                        ("スペシャル" if ja else "specials", len(cards) - len(chars)),
                    ],
                ),
            ]
        if self.game.name == "dragonquest":
            kinds = ("character", "monster", "item", "quest")
            names = dict(zip(kinds, ("キャラクター", "モンスター", "アイテム", "クエスト"), strict=True)) if ja else {}
            party = [c for c in cards if c.is_party]
            levels = sorted({c.level for c in self.pool.values() if c.is_party})
            costs = sorted({c.cost for c in self.pool.values()})
            return [
                ("種類" if ja else "types", count(lambda c: c.type, kinds, lambda k: names.get(k, k + "s"))),
                (
                    "パーティーカードのレベル" if ja else "party cards by level",
                    [(f"{'レベル' if ja else 'Lv'} {v}", sum(1 for c in party if c.level == v)) for v in levels],
                ),
                ("コスト" if ja else "cost", count(lambda c: c.cost, costs, lambda v: f"{v} GP")),
            ]
        kinds_seen = sorted({c.type for c in self.pool.values()})
        return [("種類" if ja else "types", count(lambda c: c.type, kinds_seen, str))]

    # -- files -------------------------------------------------------------------------------------------------
    def to_dict(self, name: str | None = None) -> dict[str, Any]:
        """The draft as a deck file (format, version, game, name, cards; the card pool's fingerprint for a pool of your
        own), which ``new_state(decks=...)`` and the deck builder read back."""
        name = _name(self.name if name is None else name)
        data: dict[str, Any] = {"format": DECK_FORMAT, "version": 1, "game": self.game.name, "name": name}
        pool = self.game.user_pool
        if pool is not None:
            data["pool"] = pool.digest
        order = {cid: i for i, cid in enumerate(self.pool)}
        data["cards"] = {cid: self.counts[cid] for cid in sorted(self.counts, key=order.__getitem__)}
        return data

    def save(self, path: Any, name: str | None = None) -> Path:
        """Write the draft to ``path`` (a deck file, written whole or not at all); returns the path."""
        target = Path(check_path(path))
        data = self.to_dict(name)
        self.name = data["name"]
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return target


def load_deck(source: Any, game: Any = None) -> DeckDraft:
    """A deck file (a path) or its data (a dict) as a draft. The file is checked against the schema ``deck``
    (a ``DataFileError`` names the place); its cards must be in the pool of ``game`` (default: the game it
    names, with the package's cards) — a card the pool lacks is named with its place too."""
    if not isinstance(source, (str, os.PathLike, Mapping)):
        raise TcgError(f"a deck is a deck file's path or its data (a dict), not {shown(source)}")
    file = os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<deck>"
    data = load_json(Path(file)) if isinstance(source, (str, os.PathLike)) else source
    validate_file(data, "deck", file)
    g: Game = check_game(data["game"]) if game is None else check_game(game)
    if g.name != data["game"]:
        raise DataFileError(file, "game", f"a {data['game']} deck cannot be used for {g.name}")
    for cid in data["cards"]:
        if cid not in card_pool(g):
            raise DataFileError(file, f"cards.{cid}", f"unknown card id ({g.contract_rule}: not in the card pool)")
    return DeckDraft(g, dict(data["cards"]), data["name"])


def deck_folder(folder: Any = None) -> Path:
    """Where decks are saved: ``folder``, else ``$TCGTEACH_DECKS``, else ``tcgteach-decks`` in the home folder
    (one place for every notebook: a deck saved in a lesson is offered in the classroom too)."""
    if folder is not None:
        if not isinstance(folder, (str, os.PathLike)):
            raise TcgError(f"folder must be a path (a str or a Path), not {shown(folder)}")
        return Path(os.fspath(folder))
    return Path(os.environ.get(DECKS_ENV) or Path.home() / "tcgteach-decks")


def slug(name: str) -> str:
    """A file name for a deck's name (letters, digits, - and _; other characters become -)."""
    name = check_text(name, "name", limit=1000)
    text = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-")
    return (text or "deck")[:60]


def saved_decks(game: Any, folder: Any = None) -> list[tuple[str, Path, tuple[str, ...]]]:
    """The legal decks of ``game`` saved in the deck folder: (name, path, card IDs), by name. Files of other
    games, of another card pool, malformed or illegal ones are left out (the builder's Load says why)."""
    g = check_game(game) if not isinstance(game, Game) else game
    where = deck_folder(folder)
    out: list[tuple[str, Path, tuple[str, ...]]] = []
    if not where.is_dir():
        return out
    pool = g.user_pool.digest if g.user_pool is not None else None
    for path in sorted(where.glob("*.deck.json")):
        try:
            data = load_json(path)
            if not isinstance(data, Mapping) or data.get("game") != g.name or data.get("pool") != pool:
                continue
            draft = load_deck(path, g)
        except (TcgError, OSError):
            continue
        if draft.legal:
            out.append((draft.name, path, draft.cards()))
    return sorted(out, key=lambda x: x[0].casefold())


def play_against_starters(
    deck: Any, games: Any = 40, seed: Any = 0, agents: tuple[Any, Any] = ("heuristic", "heuristic"), jobs: Any = 1
) -> list[dict[str, Any]]:
    """The deck (a legal ``DeckDraft``) against each starter deck: ``games`` games a pairing, the seats
    alternating, the same seeds for every pairing (paired): a row per starter with wins, losses, ties and the
    deck's win rate with its 95% Wilson interval (``tcgteach.sim.balance.pairing``)."""
    from .sim.balance import pairing

    if not isinstance(deck, DeckDraft):
        raise TcgError(f"deck must be a DeckDraft, not {shown(deck)}")
    games = check_int(games, "games", 2, 10_000)
    seed = check_int(seed, "seed", 0, 2**31)
    broken = deck.violations()
    if broken:
        raise TcgError("the deck breaks construction rules: " + "; ".join(str(v) for v in broken))
    mine = list(deck.cards())
    rows = []
    for name in deck.game.starter_decks():
        r = pairing(deck.game, mine, name, games, agents=agents, jobs=jobs, seed_start=seed)
        rows.append(
            {
                "starter": name,
                "games": r["games"],
                "wins": r["wins_a"],
                "losses": r["wins_b"],
                "ties": r["draws"] + r["capped"],
                "rate": r["rate_a"],
                "low": r["ci_a"][0] if r["ci_a"] else None,
                "high": r["ci_a"][1] if r["ci_a"] else None,
            }
        )
    return rows
