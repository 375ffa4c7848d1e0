"""The DARK MOON board as HTML: fields, unit slots, hands (or their size), decks and the score now."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, cast

from ..rules.cards import CHARACTER_JA
from ..rules.ids import Node
from .cardtext import card_lines, copy_mark, loose_line, plural

if TYPE_CHECKING:
    from ..rules.state import DarkMoonState

CSS = """
.tcg-board{font-family:system-ui,'Noto Sans CJK JP',sans-serif;font-size:14px;color:#1b1b1b;max-width:980px}
.tcg-board .tcg-status{padding:6px 8px;background:#eceff1;border-radius:6px;margin-bottom:6px}
.tcg-board .tcg-player{border:2px solid #cfd8dc;border-radius:8px;padding:6px 8px;margin:6px 0;min-width:0}
.tcg-board .tcg-player.tcg-active{border:3px solid #1565c0;background:#f5f9ff}
.tcg-board .tcg-player h4{margin:0 0 4px 0;font-size:14px}
.tcg-board .tcg-zone{margin:3px 0;display:flex;align-items:flex-start;gap:4px}
.tcg-board .tcg-zone-label{flex:0 0 6.4em;font-weight:600;color:#455a64;padding-top:2px;overflow-wrap:anywhere}
.tcg-board .tcg-zone-cards{flex:1 1 0;min-width:0;display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start}
.tcg-board .tcg-card{display:inline-block;border:1.5px solid #546e7a;border-radius:5px;padding:2px 5px;background:#fff;
  min-width:4.6em;max-width:13em;line-height:1.2;vertical-align:top;box-sizing:border-box}
.tcg-board .tcg-card .tcg-fx{display:block;font-size:13px;line-height:1.2;color:#37474f;margin-top:1px;
  overflow-wrap:anywhere}
.tcg-board .tcg-card .tcg-fx.tcg-now{color:#1565c0;font-weight:600}
.tcg-board .tcg-card .tcg-fx.tcg-now.tcg-zero{color:#78909c;font-weight:400}
.tcg-board .tcg-mark{font-weight:700;color:#37474f}
.tcg-board .tcg-card.tcg-special{border-style:dashed;background:#fffdf3}
.tcg-board .tcg-card.tcg-picked{border:3px double #1565c0}
.tcg-board .tcg-card.tcg-new{box-shadow:0 0 0 3px #ffb300}
.tcg-board .tcg-card small{color:#546e7a;font-size:13px}
.tcg-board .tcg-group{display:inline-block;border:1px solid #b0bec5;border-radius:6px;padding:1px 4px 0 4px;
  background:#f7f9fa;max-width:100%;box-sizing:border-box;vertical-align:top}
.tcg-board .tcg-group>.tcg-card{margin:0 4px 4px 0}
.tcg-board .tcg-group-head{display:block;font-weight:700;color:#37474f;font-size:13px}
.tcg-projector .tcg-board{font-size:18px;max-width:none}
.tcg-projector .tcg-board .tcg-player h4{font-size:19px}
.tcg-projector .tcg-board .tcg-card .tcg-fx,.tcg-projector .tcg-board .tcg-card small,
.tcg-projector .tcg-board .tcg-group-head{font-size:16px}
.tcg-projector .tcg-board .tcg-card{max-width:14em}
.tcg-board .tcg-unit{border:1px solid #b0bec5;border-radius:6px;padding:3px;min-width:90px;max-width:100%;
  box-sizing:border-box}
.tcg-board .tcg-unit .tcg-zone-cards{margin-top:2px}
.tcg-board .tcg-hidden{color:#607d8b;font-style:italic}
.tcg-board.tcg-many{max-width:1400px}
.tcg-board.tcg-many .tcg-table{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,560px),1fr));
  gap:0 8px;align-items:stretch}
"""

T = {
    "turn": ("Turn {t}", "ターン{t}"),
    "to_act": ("{p} to act", "{p}の番"),
    "actions": ("actions {u}/{l}", "行動 {u}/{l}"),
    "armed": ("{p} met the end condition: final turns", "{p}が終了条件を満たした：最終ターン"),
    "armed_over": ("ended after {p} met the end condition", "{p}が終了条件を満たして終了"),
    "final_left": ("still to play: {ps}", "残り：{ps}"),
    "over": ("game over", "ゲーム終了"),
    "hand": ("Hand", "手札"),
    "field": ("Field", "場"),
    "units": ("Units", "ユニット"),
    "deck": ("deck {n}", "デッキ{n}枚"),
    "hidden": ("{n} card{s} (hidden)", "{n}枚（非公開）"),
    "points": (
        "{t_points} now (units {u} + bonuses {b} + loose specials {s})",
        "現在 {t}点（ユニット {u} ＋ ボーナス {b} ＋ 場のスペシャル {s}）",
    ),
    "points_final": (
        "final score {t_points} (units {u} + bonuses {b} + loose specials {s})",
        "最終 {t}点（ユニット {u} ＋ ボーナス {b} ＋ 場のスペシャル {s}）",
    ),
    "empty": ("empty", "空き"),
    "group": ("No. {k} × {n}", "ナンバー{k} × {n}枚"),
    "group_special": ("★ specials × {n}", "★ スペシャル × {n}枚"),
    "unit": ("Unit {k}", "ユニット{k}"),
    "special": ("special", "スペシャル"),
    "picked": ("picked", "選択中"),
    "revealed": ("last reveal: {c} → {w}", "直前の公開：{c} → {w}"),
    "to_hand": ("hand", "手札"),
    "to_field": ("field (number match)", "場（ナンバー一致）"),
    "first": ("first turn: 1 action only (DM-4.3)", "先攻1ターン目：行動は1回のみ（DM-4.3）"),
    "building": ("building unit {k}", "ユニット{k}を作成中"),
    "pts": ("{n} pt{s}", "{n}点"),
    "choice": ("choosing for an on-play effect", "プレイ時効果の選択中"),
}


def _t(key: str, lang: str, **kw: object) -> str:
    en, ja = T[key]
    return (ja if lang == "ja" else en).format(**kw)


def _card(
    state: DarkMoonState, c: int, lang: str, extra: str = "", note: str = "", where: str = "", now: int | None = None
) -> str:
    """One card: its name, number and copy mark, then its effect and points in small type.

    ``where`` is "field" or "unit" for the words on a special's points there; ``now`` is the
    points a special in a unit scores at the moment (its condition met or not)."""
    if c < 0:
        return '<span class="tcg-card tcg-hidden">?</span>'
    card = state.card(c)
    name = escape(card.name.get(lang, card.name["en"]))
    text = card.text.get(lang, card.text["en"])
    tip = escape(f"[{c}] {card.name.get(lang, card.name['en'])}" + (f" — {text}" if text else ""))
    if card.is_character:
        character = cast(str, card.character)  # every character card carries a name (DM-6.1)
        who = CHARACTER_JA[character] if lang == "ja" else character
        head = f"<b>{escape(who)} #{card.number}</b>"
        cls = "tcg-card tcg-char"
    else:
        head = f"<b>★ {_t('special', lang)}</b>" + (
            f" <small>({escape(CHARACTER_JA[card.depicts] if lang == 'ja' else card.depicts)})</small>"
            if card.depicts
            else ""
        )
        cls = "tcg-card tcg-special"
    copy = copy_mark(state, c)
    if copy:
        head += f' <span class="tcg-mark">{copy}</span>'
    mark = f" <small>✓ {escape(note)}</small>" if note else ""
    lines = [f'<span class="tcg-fx">{escape(x)}</span>' for x in card_lines(card, lang)]
    if not card.is_character and where == "field":
        lines.append(f'<span class="tcg-fx">{escape(loose_line(lang))}</span>')
    if now is not None:
        if lang == "ja":
            words = f"今のボーナス：+{now}点" if now else "今のボーナス：0点（条件未達）"
        else:
            words = f"bonus now: +{now}" if now else "bonus now: 0 (condition not met)"
        lines.append(f'<span class="tcg-fx tcg-now{"" if now else " tcg-zero"}">{escape(words)}</span>')
    return (
        f'<span class="{cls}{extra}" title="{tip}" data-card="{c}">{head}{mark}<br>'
        f"<small>{name.split(' — ')[-1]}</small>{''.join(lines)}</span>"
    )


def _field(state: DarkMoonState, field: Sequence[int], lang: str, picked: set[int], new: set[int]) -> str:
    """A field grouped by printed number (matching numbers is the game: DM-4.4), lowest first, each group
    headed by its number and how many cards show it; specials (no number) last, in a group of their own."""
    groups: dict[int | None, list[int]] = {}
    for c in field:
        card = state.card(c)
        groups.setdefault(card.number if card.is_character else None, []).append(c)
    out = []
    for number in sorted(groups, key=lambda k: (k is None, k or 0)):
        cards = groups[number]
        if number is None:
            head = _t("group_special", lang, n=len(cards))
        else:
            head = _t("group", lang, k=number, n=len(cards))
        inner = "".join(
            _card(
                state,
                c,
                lang,
                (" tcg-picked" if c in picked else "") + (" tcg-new" if c in new else ""),
                _t("picked", lang) if c in picked else "",
                "field",
            )
            for c in cards
        )
        out.append(
            f'<div class="tcg-group" data-number="{"" if number is None else number}" data-count="{len(cards)}">'
            f'<span class="tcg-group-head">{escape(head)}</span>{inner}</div>'
        )
    return "".join(out)


def render(state: DarkMoonState, *, lang: str = "en", perspective: int | None = None) -> str:
    """The DARK MOON board as HTML: each player's points, hand, field and three unit slots, the deck counts and the last
    action; ``perspective`` hides the hands that seat may not see (DM-6.3)."""
    n = state.num_players
    over = state.is_terminal()
    cur = state.current_player
    status = [_t("turn", lang, t=state.turn)]
    if over:
        status.append(_t("over", lang))
    else:
        status.append(_t("to_act", lang, p=f"P{state.turn_player + 1}"))
        node_label = state.game.turn_flow.label(state.node, lang)
        status.append(node_label)
        status.append(_t("actions", lang, u=state.actions_used, l=state.action_limit()))
        if state.turn == 1 and state.game.options["first_turn_restriction"]:  # DM-4.3, unless the option lifts it
            status.append(_t("first", lang))
        if state.node == Node.UNIT:
            status.append(_t("building", lang, k=state.unit_slot))
        if state.node == Node.EFFECT:
            status.append(_t("choice", lang))
    if state.armed_by is not None:
        status.append(_t("armed_over" if over else "armed", lang, p=f"P{state.armed_by + 1}"))
        if not over:  # DM-1.5: the players still to take their final turn, in seat order (this one first)
            now = state.turn_player
            left = (state.armed_by - 1 - now) % n + 1
            seats = ("、" if lang == "ja" else ", ").join(f"P{(now + k) % n + 1}" for k in range(left))
            status.append(_t("final_left", lang, ps=seats))
    reveal = ""
    last = state.last_reveal
    if last is not None:
        reveal = " · " + _t(
            "revealed",
            lang,
            c=escape(state.card(last.card).label(lang)),
            w=_t("to_field" if last.to == "field" else "to_hand", lang),
        )
    # four or more players sit in two columns where the board is wide enough (a 6-player table in
    # one column is three screens tall); narrower, they stack in seat order as with two or three
    many = " tcg-many" if n >= 4 else ""
    parts = [
        f"<style>{CSS}</style>",
        f'<div class="tcg-board tcg-dm{many}" data-node="{state.node}" data-turn="{state.turn}" '
        f'data-current="{"" if cur is None else cur}" data-players="{n}">',
        f'<div class="tcg-status" role="status">{" · ".join(escape(s) for s in status)}{reveal}</div>',
        '<div class="tcg-table">',
    ]
    picked = set(state.unit_pick)
    new = {last.card} if last is not None else set()
    for p in range(n):
        sc = state.score(p)
        active = p == cur
        hidden_hand = perspective is not None and p != perspective
        hand = state.hand(p)
        deck = state.deck(p)
        field = state.field(p)
        marker = "▶ " if active else ""
        points = _t(
            "points_final" if over else "points",
            lang,
            t=sc["total"],
            t_points=plural(sc["total"], "point"),
            u=sc["units"],
            b=sc["unit_bonuses"],
            s=sc["loose_specials"],
        )
        parts.append(
            f'<section class="tcg-player{" tcg-active" if active else ""}" data-player="{p}">'
            f"<h4>{marker}P{p + 1} — {escape(points)}"
            f" · {escape(_t('deck', lang, n=len(deck)))}</h4>"
        )
        if hidden_hand or (hand and all(c < 0 for c in hand)):
            hidden = _t("hidden", lang, n=len(hand), s="" if len(hand) == 1 else "s")
            hand_html = f'<span class="tcg-hidden">{escape(hidden)}</span>'
        else:
            hand_html = "".join(_card(state, c, lang) for c in sorted(hand)) or "—"
        parts.append(
            f'<div class="tcg-zone tcg-hand"><span class="tcg-zone-label">{_t("hand", lang)} '
            f'({len(hand)})</span><div class="tcg-zone-cards">{hand_html}</div></div>'
        )
        field_html = _field(state, field, lang, picked, new) or "—"
        parts.append(
            f'<div class="tcg-zone tcg-field"><span class="tcg-zone-label">{_t("field", lang)}</span>'
            f'<div class="tcg-zone-cards">{field_html}</div></div>'
        )
        units = []
        detail = {d["slot"]: d for d in sc["unit_detail"]}
        for k, unit in enumerate(state.units(p), 1):
            if unit:
                d = detail[k]
                bonus_now = {b["card"]: b["points"] for b in d["bonus_cards"]}
                inner = "".join(
                    _card(
                        state,
                        c,
                        lang,
                        where="unit",
                        now=None if state.card(c).is_character or state.card(c).points is None else bonus_now.get(c, 0),
                    )
                    for c in unit
                )
                n_pts = d["cards"] + d["bonus"]
                pts = _t("pts", lang, n=n_pts, s="" if n_pts == 1 else "s")
                units.append(
                    f'<div class="tcg-unit" data-slot="{k}"><small>{_t("unit", lang, k=k)} · {pts}</small>'
                    f'<div class="tcg-zone-cards">{inner}</div></div>'
                )
            else:
                units.append(
                    f'<div class="tcg-unit tcg-empty" data-slot="{k}"><small>{_t("unit", lang, k=k)}: '
                    f"{_t('empty', lang)}</small></div>"
                )
        parts.append(
            f'<div class="tcg-zone tcg-units"><span class="tcg-zone-label">{_t("units", lang)}</span>'
            f'<div class="tcg-zone-cards">{"".join(units)}</div></div></section>'
        )
    parts.append("</div></div>")
    return "".join(parts)
