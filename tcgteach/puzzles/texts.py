"""The words of a mined puzzle: its title and its hint, in English and Japanese.

The title names the goal and the rule at the heart of the puzzle (its *key rule*: the first of its tags
in the game's order of interest below); the hint points at that rule and states the hidden cards the
puzzle fixes (a DARK MOON deck's top cards, the cards an opponent holds), so the learner knows
everything the proof knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .goals import Goal

if TYPE_CHECKING:
    from ..core.state import State

#: the rules in order of interest: a puzzle's key rule is the first of these among its tags
KEY_ORDER: dict[str, tuple[str, ...]] = {
    "darkmoon": (
        "DM-5.2", "DM-4.4", "DM-6.1", "DM-4.7", "DM-1.3", "DM-1.2", "DM-1.6", "DM-1.4", "DM-5.3", "DM-4.5",
        "DM-4.1", "DM-4.6", "DM-4.2", "DM-5.1",
    ),
    "dragonquest": (
        "DQ-7.8", "DQ-7.7", "DQ-7.5", "DQ-7.4", "DQ-4.2", "DQ-4.1", "DQ-5.4", "DQ-6.14", "DQ-7.6", "DQ-4.5",
        "DQ-6.11", "DQ-7.1", "DQ-8.3", "DQ-9.4", "DQ-1.2", "DQ-7.9", "DQ-7.3", "DQ-8.2",
    ),
}  # fmt: skip

#: a short name of each kind of goal, for titles
GOAL_TITLES: dict[str, dict[str, str]] = {
    "win": {"en": "Win now", "ja": "このターンで勝とう"},
    "points": {"en": "Most points", "ja": "ポイントを最大に"},
    "defeat": {"en": "Take it down", "ja": "撃破しよう"},
    "survive": {"en": "Hold on", "ja": "持ちこたえよう"},
}


def key_rule(game: str, tags: Sequence[str]) -> str:
    """The rule at the heart of a puzzle: the first of ``tags`` in ``KEY_ORDER``, else its first tag."""
    for rule in KEY_ORDER.get(game, ()):
        if rule in tags:
            return rule
    return tags[0] if tags else ""


def title(state: State, goal: Goal, tags: Sequence[str]) -> dict[str, str]:
    """``{"en", "ja"}``: the goal's short name and the key rule's title."""
    game = state.game
    rule = key_rule(game.name, tags)
    out = {}
    for lang in ("en", "ja"):
        head = GOAL_TITLES[goal.kind][lang]
        colon = "：" if lang == "ja" else ": "
        out[lang] = f"{head}{colon}{game.rule_title(rule, lang)}" if rule else head
    return out


def hint(state: State, seat: int, goal: Goal, tags: Sequence[str]) -> dict[str, str]:
    """``{"en", "ja"}``: the key rule to think of, and the hidden cards the puzzle fixes."""
    game = state.game
    rule = key_rule(game.name, tags)
    out = {}
    for lang in ("en", "ja"):
        if lang == "ja":
            parts = [f"ルール {rule}「{game.rule_title(rule, lang)}」を思い出そう。"] if rule else []
        else:
            parts = [f"Remember rule {rule} ({game.rule_title(rule, lang)})."] if rule else []
        parts.extend(_hidden(state, seat, lang))
        out[lang] = ("" if lang == "ja" else " ").join(parts) or goal.text(lang)
    return out


def _names(state: State, cards: Sequence[int], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(str(state.game.card_label(state, c, lang)) for c in cards)


def _hidden(state: State, seat: int, lang: str) -> list[str]:
    """The hidden cards the proof knows, said: a DARK MOON deck's top cards (the reveals, DM-4.4), the cards
    a Dragon Quest opponent holds (their effects may answer)."""
    ja = lang == "ja"
    if state.game.name == "darkmoon":
        deck = state.zone(seat, "deck")
        top = list(reversed(deck[-3:]))
        if not top:
            return ["デッキは空です。" if ja else "Your deck is empty."]
        names = _names(state, top, lang)
        return [f"デッキの一番上から順に：{names}。" if ja else f"Your deck from the top: {names}."]
    hand = state.zone(1 - seat, "hand")
    if not hand:
        return ["相手の手札はありません。" if ja else "Your opponent holds no cards."]
    names = _names(state, sorted(hand), lang)
    return [f"相手の手札：{names}。" if ja else f"Your opponent holds: {names}."]


__all__ = ["GOAL_TITLES", "KEY_ORDER", "hint", "key_rule", "title"]
