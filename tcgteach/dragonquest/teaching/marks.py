"""What a review of a Dragon Quest game flags on its timeline (``Game.review_marks``): fights, defeats, levels."""

from __future__ import annotations

from ..rules.ids import Ev

#: event kind -> mark (``core.teaching.MARKS``)
MARKS = {
    Ev.ATTACK.value: "combat",  # DQ-7.3: an attack starts a combat
    Ev.DEFEAT.value: "defeat",
    Ev.LEVEL_UP.value: "level_up",
}
