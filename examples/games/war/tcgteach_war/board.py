"""The board of a War game (the ``board`` hook of its ``teaching`` table): hands, the face-down lead, tricks."""

from __future__ import annotations

from html import escape
from typing import Any


def _seen(state: Any, owner: int, perspective: int | None) -> bool:
    """Whether the cards of ``owner``'s hand and lead may be shown (a view knows only its own)."""
    return perspective in (None, owner) and state.viewer in (None, owner)


def render(state: Any, *, lang: str = "en", perspective: int | None = None) -> str:
    ja = lang == "ja"
    value = state.inst.value
    rows = []
    for p in range(state.num_players):
        seen = _seen(state, p, perspective)
        hand = state.zone(p, "hand")
        if not hand:
            shown = "なし" if ja else "none"
        elif seen and all(c >= 0 for c in hand):
            shown = " ".join(str(value[c]) for c in hand)
        else:
            shown = f"{len(hand)}枚" if ja else f"{len(hand)} cards"
        lead = state.zone(p, "lead")
        if not lead:
            lead_text = "なし" if ja else "none"
        elif seen and lead[0] >= 0:
            lead_text = f"{value[lead[0]]}（裏向き）" if ja else f"{value[lead[0]]} (face down)"
        else:
            lead_text = "🂠 " + ("裏向き" if ja else "face down")
        if ja:
            parts = [
                f"手札：{shown}",
                f"リード：{lead_text}",
                f"取ったトリック：{state.tricks(p)}",
                f"山札：{len(state.zone(p, 'deck'))}枚",
            ]
            sep = "　"
        else:
            parts = [
                f"hand: {shown}",
                f"lead: {lead_text}",
                f"tricks: {state.tricks(p)}",
                f"deck: {len(state.zone(p, 'deck'))}",
            ]
            sep = "; "
        rows.append(f'<div class="war-player"><b>P{p + 1}</b> — {escape(sep.join(parts))}</div>')
    return '<div class="tcg-board war">' + "".join(rows) + "</div>"
