"""The DARK MOON board as HTML: fields, unit slots, hands (or their size), decks and the score now."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..darkmoon.cards import CHARACTER_JA

if TYPE_CHECKING:
    from ..darkmoon.state import DarkMoonState

CSS = """
.tcg-board{font-family:system-ui,'Noto Sans CJK JP',sans-serif;font-size:13px;color:#1b1b1b;max-width:980px}
.tcg-board .tcg-status{padding:6px 8px;background:#eceff1;border-radius:6px;margin-bottom:6px}
.tcg-board .tcg-player{border:2px solid #cfd8dc;border-radius:8px;padding:6px 8px;margin:6px 0}
.tcg-board .tcg-player.tcg-active{border:3px solid #1565c0;background:#f5f9ff}
.tcg-board .tcg-player h4{margin:0 0 4px 0;font-size:14px}
.tcg-board .tcg-zone{margin:3px 0;display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.tcg-board .tcg-zone-label{min-width:74px;font-weight:600;color:#455a64}
.tcg-board .tcg-card{display:inline-block;border:1.5px solid #546e7a;border-radius:5px;padding:2px 5px;background:#fff;
  min-width:64px;line-height:1.2}
.tcg-board .tcg-card.tcg-special{border-style:dashed;background:#fffdf3}
.tcg-board .tcg-card.tcg-picked{border:3px double #1565c0}
.tcg-board .tcg-card.tcg-new{box-shadow:0 0 0 3px #ffb300}
.tcg-board .tcg-card small{color:#546e7a}
.tcg-board .tcg-unit{border:1px solid #b0bec5;border-radius:6px;padding:3px;margin-right:6px;min-width:90px}
.tcg-board .tcg-hidden{color:#607d8b;font-style:italic}
"""

T = {
    "turn": ("Turn {t}", "ターン{t}"), "to_act": ("{p} to act", "{p}の手番"), "actions": ("actions {u}/{l}", "行動 {u}/{l}"),
    "armed": ("end armed by {p}: final turns", "{p}が終了条件を起動：最終ターン"),
    "over": ("game over", "ゲーム終了"), "hand": ("Hand", "手札"), "field": ("Field", "場"), "units": ("Units", "ユニット"),
    "deck": ("deck {n}", "デッキ {n}枚"), "hidden": ("{n} card{s} (hidden)", "{n}枚（非公開）"),
    "points": ("{t} points now (units {u} + bonuses {b} + loose specials {s})",
               "現在 {t}点（ユニット {u} ＋ ボーナス {b} ＋ 場のスペシャル {s}）"),
    "empty": ("empty", "空き"), "unit": ("Unit {k}", "ユニット{k}"), "special": ("special", "スペシャル"),
    "picked": ("picked", "選択中"), "revealed": ("last reveal: {c} → {w}", "直前の公開：{c} → {w}"),
    "to_hand": ("hand", "手札"), "to_field": ("field (number match)", "場（番号一致）"),
    "first": ("first turn: 1 action only (DM-4.3)", "先攻1ターン目：行動は1回のみ（DM-4.3）"),
    "building": ("building unit {k}", "ユニット{k}を作成中"), "pts": ("{n} pts", "{n}点"),
    "choice": ("choosing for an on-play effect", "プレイ時効果の選択中"),
}


def _t(key: str, lang: str, **kw: object) -> str:
    en, ja = T[key]
    return (ja if lang == "ja" else en).format(**kw)


def _card(state: "DarkMoonState", c: int, lang: str, extra: str = "", note: str = "") -> str:
    if c < 0:
        return '<span class="tcg-card tcg-hidden">?</span>'
    card = state.card(c)
    name = escape(card.name.get(lang, card.name["en"]))
    text = card.text.get(lang, card.text["en"])
    tip = escape(f"[{c}] {card.name['en']}" + (f" — {text}" if text else ""))
    if card.is_character:
        who = CHARACTER_JA[card.character] if lang == "ja" else card.character
        head = f"<b>{escape(who)} #{card.number}</b>"
        cls = "tcg-card tcg-char"
    else:
        head = f"<b>★ {_t('special', lang)}</b>" + (
            f" <small>({escape(CHARACTER_JA[card.depicts] if lang == 'ja' else card.depicts)})</small>" if card.depicts else "")
        cls = "tcg-card tcg-special"
    mark = f" <small>✓ {escape(note)}</small>" if note else ""
    return (f'<span class="{cls}{extra}" title="{tip}" data-card="{c}">{head}{mark}<br>'
            f"<small>{name.split(' — ')[-1]}</small></span>")


def render(state: "DarkMoonState", *, lang: str = "en", perspective: int | None = None) -> str:
    from ..darkmoon.state import FIELD, HAND, NZ, DECK
    n = state.num_players
    over = state.is_terminal()
    cur = state.current_player
    status = [_t("turn", lang, t=state.turn)]
    if over:
        status.append(_t("over", lang))
    else:
        status.append(_t("to_act", lang, p=f"P{cur + 1}"))
        node_label = state.game.turn_flow.label(state.node, lang)
        status.append(node_label)
        status.append(_t("actions", lang, u=state.actions_used, l=state.action_limit()))
        if state.turn == 1:
            status.append(_t("first", lang))
        if state.node == "unit":
            status.append(_t("building", lang, k=state.unit_slot))
        if state.node == "effect":
            status.append(_t("choice", lang))
    if state.armed_by is not None:
        status.append(_t("armed", lang, p=f"P{state.armed_by + 1}"))
    reveal = ""
    if state.last_reveal is not None:
        c, where = state.last_reveal
        reveal = " · " + _t("revealed", lang, c=escape(state.card(c).label(lang)),
                             w=_t("to_field" if where == "field" else "to_hand", lang))
    parts = [f"<style>{CSS}</style>",
             f'<div class="tcg-board tcg-dm" data-node="{state.node}" data-turn="{state.turn}" '
             f'data-current="{"" if cur is None else cur}">',
             f'<div class="tcg-status" role="status">{" · ".join(escape(s) for s in status)}{reveal}</div>']
    picked = set(state.unit_pick)
    new = {state.last_reveal[0]} if state.last_reveal is not None else set()
    for p in range(n):
        sc = state.score(p)
        active = (p == cur)
        hidden_hand = (perspective is not None and p != perspective)
        hand = state.zones[p * NZ + HAND]
        deck = state.zones[p * NZ + DECK]
        field = state.zones[p * NZ + FIELD]
        marker = "▶ " if active else ""
        parts.append(f'<section class="tcg-player{" tcg-active" if active else ""}" data-player="{p}">'
                     f"<h4>{marker}P{p + 1} — {escape(_t('points', lang, t=sc['total'], u=sc['units'], b=sc['unit_bonuses'], s=sc['loose_specials']))}"
                     f" · {escape(_t('deck', lang, n=len(deck)))}</h4>")
        if hidden_hand or (hand and all(c < 0 for c in hand)):
            hand_html = f'<span class="tcg-hidden">{escape(_t("hidden", lang, n=len(hand), s="" if len(hand) == 1 else "s"))}</span>'
        else:
            hand_html = "".join(_card(state, c, lang) for c in sorted(hand)) or "—"
        parts.append(f'<div class="tcg-zone tcg-hand"><span class="tcg-zone-label">{_t("hand", lang)} '
                     f"({len(hand)})</span>{hand_html}</div>")
        field_html = "".join(
            _card(state, c, lang, (" tcg-picked" if c in picked else "") + (" tcg-new" if c in new else ""),
                  _t("picked", lang) if c in picked else "") for c in field) or "—"
        parts.append(f'<div class="tcg-zone tcg-field"><span class="tcg-zone-label">{_t("field", lang)}</span>'
                     f"{field_html}</div>")
        units = []
        detail = {d["slot"]: d for d in sc["unit_detail"]}
        for k, unit in enumerate(state.units(p), 1):
            if unit:
                d = detail[k]
                inner = "".join(_card(state, c, lang) for c in unit)
                pts = _t("pts", lang, n=d["cards"] + d["bonus"])
                units.append(f'<div class="tcg-unit" data-slot="{k}"><small>{_t("unit", lang, k=k)} · {pts}</small><br>'
                             f"{inner}</div>")
            else:
                units.append(f'<div class="tcg-unit tcg-empty" data-slot="{k}"><small>{_t("unit", lang, k=k)}: '
                             f"{_t('empty', lang)}</small></div>")
        parts.append(f'<div class="tcg-zone tcg-units"><span class="tcg-zone-label">{_t("units", lang)}</span>'
                     f"{''.join(units)}</div></section>")
    parts.append("</div>")
    return "".join(parts)
