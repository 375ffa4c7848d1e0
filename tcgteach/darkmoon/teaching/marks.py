"""What a review of a DARK MOON game flags on its timeline (``Game.review_marks``): a unit made, the end armed."""

from __future__ import annotations

from ..rules.ids import Ev

#: event kind -> mark (``core.teaching.MARKS``)
MARKS = {
    Ev.UNIT_CREATED.value: "unit",  # DM-4.6
    Ev.END_ARMED.value: "end_armed",  # DM-1.4
}
