"""DARK MOON names: the flow-graph nodes, the event kinds and the on-play effect operations.

Each is a ``StrEnum``: a member equals its string (``Node.MAIN == "main"``), so saved states,
records and code outside the package that compares with strings see exactly what they saw before.
Event data never holds these members (its ``repr`` is printed in playthroughs): only plain strings.
"""

from __future__ import annotations

from enum import StrEnum

from ...core.events import FIRST_PLAYER as FIRST_PLAYER_KIND


class Node(StrEnum):
    """The nodes of the turn flow (``flow.TURN``), DM-3 and DM-4."""

    SETUP = "setup"  # DM-3
    MAIN = "main"  # DM-4.1
    PLAY_CHARACTER = "play_character"  # DM-4.2
    PLAY_SPECIAL = "play_special"  # DM-4.5
    EFFECT = "effect"  # DM-4.2, DM-4.5, DM-6
    REVEAL = "reveal"  # DM-4.4
    UNIT = "unit"  # DM-4.6
    END = "end"  # DM-4.8
    GAME_OVER = "game_over"  # DM-1.5


class Ev(StrEnum):
    """The kinds of DARK MOON events (``text.EVENTS`` has a sentence for each)."""

    SETUP = "setup"
    SHUFFLE = "shuffle"
    FIRST_PLAYER = FIRST_PLAYER_KIND  # the kernel's kind (core.events.FIRST_PLAYER): front ends read it
    DRAW_HAND = "draw_hand"
    TURN_START = "turn_start"
    PLAY = "play"
    EFFECT = "effect"
    EFFECT_SKIPPED = "effect_skipped"
    NO_TARGET = "no_target"
    DRAW = "draw"
    SEARCH = "search"
    PEEK = "peek"
    PEEK_DONE = "peek_done"
    DECLINED = "declined"
    RETURNED = "returned"
    PLACED = "placed"
    RECYCLED = "recycled"
    DECK_EMPTY = "deck_empty"
    REVEAL = "reveal"
    UNIT_STARTED = "unit_started"
    PICK = "pick"
    UNIT_CANCELLED = "unit_cancelled"
    UNIT_CREATED = "unit_created"
    END_MAIN = "end_main"
    FIRST_TURN_LIMIT = "first_turn_limit"
    END_ARMED = "end_armed"
    END_ALREADY_ARMED = "end_already_armed"
    TURN_END = "turn_end"
    GAME_OVER = "game_over"


class Op(StrEnum):
    """The on-play effect vocabulary (the keys of ``cards.EFFECT_OPS``, read from the card data)."""

    DRAW = "draw"
    EACH_DRAW = "each_draw"
    DRAW_IF_FIELD_HAS = "draw_if_field_has"
    SEARCH = "search"
    PEEK = "peek"
    RETURN_OPPONENT = "return_opponent"
    PLACE_FROM_HAND = "place_from_hand"
    RECYCLE = "recycle"
