"""The Dragon Quest board as HTML: what the players see at the table.

A status line (turn, whose turn, who acts, the phase or step with its rule IDs, the combat in
progress), then one panel per player: GP, player level, experience, deck, hand (or its size),
discard pile, experience box, quests, and the front and back rows. Party cards lie as on the
table, but their text always upright (sideways Japanese is unreadable): a closed card is drawn wide
with a thick left edge and grey, a confused one dashed and purple, and a small card icon in the corner
turns sideways (closed, 90°) or upside down (confused, 180°); every state is also written out in words,
so nothing is shown by rotation or colour alone. Damage cards are
face down: only their number is shown.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ..rules.ids import ORIENT_NAMES, Node
from .cardtext import card_lines, copy_mark, effect_line, modifiers

if TYPE_CHECKING:
    from ..rules.state import DragonQuestState

SCOPE = ".tcg-board.tcg-dq"

_CSS = """
{S}{font-family:system-ui,'Noto Sans CJK JP','Hiragino Sans','Yu Gothic',sans-serif,'Noto Color Emoji',
  'Segoe UI Emoji','Apple Color Emoji';font-size:14px;line-height:1.3;color:#1b1b1b;max-width:1000px}
{S} .dq-status{padding:6px 10px;background:#eceff1;border-radius:6px;margin-bottom:6px;font-size:15px}
{S} .dq-status .dq-line{margin:1px 0}
{S} .dq-status .dq-phase{font-weight:700}
{S} .dq-status .dq-over{font-weight:700;color:#b71c1c}
{S} .dq-rule{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:12px;background:#fff;
  border:1px solid #b0bec5;border-radius:4px;padding:0 3px;margin-left:2px;white-space:nowrap}
{S} .dq-player{border:2px solid #cfd8dc;border-radius:8px;padding:5px 8px;margin:6px 0;background:#fff}
{S} .dq-player.dq-acting{border:3px solid #1565c0;background:#f5f9ff}
{S} .dq-head{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;margin-bottom:3px}
{S} .dq-head .dq-who{font-size:17px;font-weight:800}
{S} .dq-tag{font-size:13px;font-weight:700;border:1.5px solid #1565c0;color:#0d47a1;border-radius:10px;padding:0 7px;
  background:#e3f2fd}
{S} .dq-tag.dq-tp{border-color:#6d4c41;color:#4e342e;background:#efebe9}
{S} .dq-stat{white-space:nowrap}
{S} .dq-stat b{font-size:16px}
{S} .dq-note{color:#546e7a;font-size:13px}
{S} .dq-body{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
{S} .dq-field{flex:0 0 37.5em;width:37.5em;max-width:100%}
{S} .dq-field.dq-no-party{flex:0 0 auto;width:auto}
{S} .dq-info{flex:1 1 14em;min-width:min(14em,100%);font-size:14px}
{S} .dq-info .dq-zone{margin:0 0 4px 0}
{S} .dq-player>.dq-hand{margin:4px 0 2px 0;font-size:14px}
{S} .dq-zl{font-weight:700;color:#37474f}
{S} .dq-chip{display:inline-block;border:1px solid #90a4ae;border-radius:4px;padding:0 4px;margin:1px 2px 1px 0;
  background:#fafafa;white-space:nowrap}
{S} .dq-chip small{color:#607d8b;font-size:13px}
{S} .dq-chip.dq-has-fx{white-space:normal;width:15em;max-width:100%;box-sizing:border-box;vertical-align:top}
{S} .dq-fx{display:block;font-size:13px;line-height:1.25;color:#37474f;overflow-wrap:anywhere}
{S} .dq-fx div{margin-top:1px}
{S} .dq-fx .dq-fx-item{color:#4e342e}
{S} .dq-mark{font-weight:700;color:#37474f;font-size:13px;white-space:nowrap}
{S} .dq-card .dq-fx{width:100%;margin-top:2px;padding:1px 3px;box-sizing:border-box;border-left:2px solid #cfd8dc}
{S} .dq-hidden{color:#607d8b;font-style:italic}
{S} .dq-row{display:flex;flex-wrap:wrap;align-items:flex-start;gap:4px;min-height:40px;border-top:1px dashed #cfd8dc;
  padding:2px 0}
{S} .dq-row:first-child{border-top:none}
{S} .dq-rowlabel{width:3.6em;flex:0 0 3.6em;font-weight:800;color:#37474f;padding-top:4px;font-size:14px}
{S} .dq-rowlabel small{display:block;font-weight:400;color:#78909c}
{S} .dq-empty{color:#90a4ae;font-style:italic;padding-top:6px;width:10em}
{S} .dq-card{width:10.8em;flex:0 0 auto;display:flex;flex-direction:column;align-items:stretch}
{S} .dq-table{display:flex;justify-content:center;padding:2px 0}
{S} .dq-face{position:relative;width:9.6em;min-height:8.4em;box-sizing:border-box;border:2px solid #455a64;
  border-radius:7px;padding:2px 5px;background:#fffdf7;font-size:14px;line-height:1.22;overflow-wrap:anywhere;
  line-break:strict}
{S} .dq-face.dq-monster{background:#f4fbf4;border-color:#2e7d32}
{S} .dq-face .dq-name{font-weight:800;font-size:15px;line-height:1.15;padding-right:1.3em}
{S} .dq-face .dq-kind{color:#546e7a;font-size:13px}
{S} .dq-nb{white-space:nowrap}
{S} .dq-face .dq-mod{color:#1565c0;font-weight:700}
{S} .dq-face .dq-mod.dq-neg{color:#c62828}
{S} .dq-card[data-state="closed"] .dq-face{width:100%;min-height:6.2em;background:#eceff1;border-width:2px 2px 2px 7px}
{S} .dq-card[data-state="closed"] .dq-stats{display:flex;flex-wrap:wrap;gap:0 .6em}
{S} .dq-card[data-state="confused"] .dq-face{background:#f3e5f5;border-style:dashed;border-color:#6a1b9a}
{S} .dq-orient{position:absolute;top:3px;right:3px;width:.7em;height:1em;border:1.5px solid #455a64;border-radius:2px;
  background:linear-gradient(#455a64 0 28%,#fff 28%);box-sizing:border-box}
{S} .dq-card[data-state="closed"] .dq-orient{transform:rotate(90deg)}
{S} .dq-card[data-state="confused"] .dq-orient{transform:rotate(180deg);border-color:#6a1b9a;
  background:linear-gradient(#6a1b9a 0 28%,#fff 28%)}
{S} .dq-card[data-poisoned="1"] .dq-face{box-shadow:0 0 0 3px #7cb342}
{S} .dq-card.dq-att .dq-face{outline:3px solid #e65100;outline-offset:1px}
{S} .dq-card.dq-def .dq-face{outline:3px solid #1565c0;outline-offset:1px}
{S} .dq-cap{display:flex;flex-wrap:wrap;justify-content:center;gap:2px;font-size:13px;min-height:18px}
{S} .dq-b{border-radius:3px;padding:0 3px;font-weight:700;white-space:nowrap;border:1px solid #90a4ae}
{S} .dq-b.dq-active{background:#e8f5e9;border-color:#43a047;color:#1b5e20}
{S} .dq-b.dq-closed{background:#eceff1;border-color:#546e7a;color:#263238}
{S} .dq-b.dq-confused{background:#f3e5f5;border-color:#6a1b9a;color:#4a148c}
{S} .dq-b.dq-poison{background:#f1f8e9;border-color:#558b2f;color:#33691e}
{S} .dq-b.dq-dmg{background:#fff;border-color:#c62828;color:#b71c1c}
{S} .dq-b.dq-dmg0{background:#fff;border-color:#cfd8dc;color:#78909c;font-weight:400}
{S} .dq-b.dq-attb{background:#fff3e0;border-color:#e65100;color:#bf360c}
{S} .dq-b.dq-defb{background:#e3f2fd;border-color:#1565c0;color:#0d47a1}
{S} .dq-b.dq-conf{background:#fff8e1;border-color:#f9a825;color:#795548}
"""
_PROJECTOR = """
.tcg-projector {S}{font-size:17px;max-width:none}
.tcg-projector {S} .dq-face,.tcg-projector {S} .dq-info,.tcg-projector {S} .dq-rowlabel,
.tcg-projector {S} .dq-player>.dq-hand{font-size:17px}
.tcg-projector {S} .dq-face .dq-name{font-size:18px}
.tcg-projector {S} .dq-fx,.tcg-projector {S} .dq-face .dq-kind,.tcg-projector {S} .dq-cap,.tcg-projector {S} .dq-mark,
.tcg-projector {S} .dq-chip small,.tcg-projector {S} .dq-note,.tcg-projector {S} .dq-rule{font-size:16px}
"""
"""Under a front end's projector mode (an ancestor of class ``tcg-projector``): every card's text 16 px or more;
the widths are in em, so the rows grow with the type."""
CSS = (_CSS + _PROJECTOR).replace("{S}", SCOPE)

# (en, ja)
T: dict[str, tuple[str, str]] = {
    "turn": ("Turn {t}", "ターン{t}"),
    "turn_of": ("★ P{p}'s turn", "★ P{p}のターン"),
    "to_act": ("▶ P{p} to act", "▶ P{p}が行動"),
    "phase": ("now: {x}", "現在：{x}"),
    "over": ("game over", "ゲーム終了"),
    "draw_by_cap": ("turn limit reached", "ターン上限"),
    "tag_act": ("▶ to act", "▶ 行動中"),
    "tag_tp": ("★ turn player", "★ ターンプレイヤー"),
    "you": ("(you)", "（あなた）"),
    "lost": ("✗ lost", "✗ 敗北"),
    "won": ("✓ won", "✓ 勝利"),
    "gp": ("GP", "GP"),
    "level": ("Level", "レベル"),
    "exp": ("Exp", "経験値"),
    "exp_more": ("{n} more to level {l}", "レベル{l}まであと{n}"),
    "exp_pending": ("level {l} at own next reset (DQ-9.4)", "次の自分のリセットでレベル{l}（DQ-9.4）"),
    "deck": ("Deck", "デッキ"),
    "cards": ("{n}", "{n}枚"),
    "hand": ("Hand", "手札"),
    "hidden": ("{n} card{s} (hidden)", "{n}枚（非公開）"),
    "discard": ("Discard", "捨て札"),
    "top": ("top: {c}", "一番上：{c}"),
    "expbox": ("Experience box", "経験値ボックス"),
    "expbox_note": ("= {n} level{s} → P{q}'s experience", "＝レベル計{n} → P{q}の経験値"),
    "box_empty": ("empty", "なし"),
    "count": ("({n})", "（{n}枚）"),
    "wins": ("P{p} wins", "P{p}の勝ち"),
    "drawn": ("a tie", "引き分け"),
    "deck_left": ("cards left in deck: {xs}", "デッキの残り枚数：{xs}"),
    "deck_of": ("P{p} {n}", "P{p} {n}枚"),
    "quests": ("Quests", "クエスト"),
    "none": ("—", "なし"),
    "front": ("Front", "前衛"),
    "back": ("Back", "後衛"),
    "row_count": ("{n}/3", "{n}/3"),
    "back_limit": ("max 2", "最大2枚"),
    "back_limit_why": (
        "3 places, but fewer cards than the front row: at most 2 (DQ-5.1, DQ-5.2, DQ-5.3)",
        "置き場は3つ。ただし前衛より少なくするので最大2枚（DQ-5.1、DQ-5.2、DQ-5.3）",
    ),
    "empty_row": ("empty", "空き"),
    "character": ("Character", "キャラクター"),
    "monster": ("Monster", "モンスター"),
    "item": ("item", "アイテム"),
    "quest": ("quest", "クエスト"),
    "lv": ("Lv {n}", "レベル{n}"),
    "cost": ("cost {n}", "コスト{n}"),
    "hand_cost": ("hand cost {n}", "手札コスト{n}"),
    "stays": ("stays", "残る"),
    "atk": ("ATK", "攻撃"),
    "hp": ("HP", "HP"),
    "spd": ("SPD", "素早さ"),
    "carries": ("item: {c}", "装備：{c}"),
    "active": ("active", "アクティブ"),
    "closed": ("closed", "クローズ"),
    "confused": ("confused", "混乱"),
    "poisoned": ("☠ poisoned", "☠ 毒"),
    "dmg": ("dmg {d}/{h}", "ダメージ {d}/{h}"),
    "attacking": ("⚔ attacking", "⚔ 攻撃中"),
    "defending": ("◆ defending", "◆ 防御中"),
    "counter_yes": ("counterattacks", "反撃する"),
    "counter_no": ("no counterattack", "反撃なし"),
    "combat": ("⚔ Combat: {a} (P{p}) attacks → {d}", "⚔ 戦闘：{a}（P{p}）が攻撃 → {d}"),
    "def_open": ("defender not chosen yet", "防御カード未定"),
    "def_card": ("◆ {d} (P{q})", "◆ {d}（P{q}）"),
    "counter_open": ("counterattack not decided", "反撃は未決定"),
    "effect": ("Effect in use: {c} (P{p})", "使用中の効果：{c}（P{p}）"),
    "hand_left": ("hand cost left: {n}", "残りの手札コスト：{n}"),
    "confusion": (
        "confusion damage from {c} (P{p}): its owner picks a card",
        "{c}（P{p}）の混乱ダメージ：持ち主が対象を選ぶ",
    ),
    "repair": (
        "formation maintenance at once (DQ-5.5): P{p} moves a back-row card forward",
        "すぐに陣形維持（DQ-5.5）：P{p}が後衛のカードを前衛へ移す",
    ),
    "maintain": (
        "formation maintenance (DQ-5.4): P{p} moves a back-row card forward",
        "陣形維持（DQ-5.4）：P{p}が後衛のカードを前衛へ",
    ),
    "view_of": ("view of P{p}", "P{p}の視点"),
    "mods": ("base {b} + item {i} + quest {q}", "基本{b}＋アイテム{i}＋クエスト{q}"),
}


def _t(key: str, lang: str, **kw: Any) -> str:
    en, ja = T[key]
    return (ja if lang == "ja" else en).format(**kw)


def _name(state: DragonQuestState, c: int, lang: str) -> str:
    return escape(state.card(c).label(lang))


def _rules_html(state: DragonQuestState, rules: tuple[str, ...], lang: str) -> str:
    out = []
    for r in rules:
        try:
            title = state.game.rule_title(r, lang)
        except Exception:  # a rule without a title is still shown by its ID
            title = ""
        tip = f' title="{escape(title)}"' if title else ""
        out.append(f'<span class="dq-rule"{tip}>{escape(r)}</span>')
    return "".join(out)


def _chip(state: DragonQuestState, c: int, lang: str, meta: str = "full") -> str:
    """A small named card (hand, experience box, quests, discard top)."""
    if c < 0:
        return '<span class="dq-chip dq-hidden">?</span>'
    card = state.card(c)
    text = card.text.get(lang, card.text["en"]) if card.text else ""
    tip = escape(f"[{c}] {card.label(lang)}" + (f" — {text}" if text else ""))
    small = ""
    if meta == "level":
        small = f" <small>{escape(_t('lv', lang, n=card.level))}</small>"
    elif meta:
        if card.type in ("character", "monster"):
            small = f"{_t('lv', lang, n=card.level)} · {_t('cost', lang, n=card.cost)}"
        elif card.type == "item":
            small = f"{_t('item', lang)} · {_t('cost', lang, n=card.cost)}"
        else:
            small = _t("quest", lang) + (f" · {_t('hand_cost', lang, n=card.hand_cost)}" if card.hand_cost else "")
            if card.stays:
                small += f" · {_t('stays', lang)}"
                if card.aura:
                    small += "".join(
                        f" +{v} {_t({'attack': 'atk', 'hp': 'hp', 'speed': 'spd'}[k], lang)}"
                        for k, v in card.aura.items()
                        if v
                    )
        small = f" <small>{escape(small)}</small>"
    fx = ""
    if meta == "full":
        lines = card_lines(card, lang)
        if card.type in ("character", "monster"):
            stats = f"{_t('atk', lang)} {card.attack} · {_t('hp', lang)} {card.hp} · {_t('spd', lang)} {card.speed}"
            lines.insert(0, stats)
        fx = _fx(lines)
    cls = "dq-chip dq-has-fx" if fx else "dq-chip"
    return f'<span class="{cls}" data-card="{c}" title="{tip}">{_label(state, c, lang)}{small}{fx}</span>'


def _label(state: DragonQuestState, c: int, lang: str) -> str:
    """A card's name with its copy mark (``②``), the same mark the action buttons carry."""
    mark = copy_mark(state, c)
    tag = f' <span class="dq-mark">{mark}</span>' if mark else ""
    return escape(state.card(c).label(lang)) + tag


def _fx(lines: list[str], item: list[str] | None = None) -> str:
    """The card's text in small type, below its name: one line per effect, wrapped, never clipped."""
    rows = [f"<div>{escape(x)}</div>" for x in lines]
    rows += [f'<div class="dq-fx-item">{escape(x)}</div>' for x in item or ()]
    return f'<span class="dq-fx">{"".join(rows)}</span>' if rows else ""


def _stat(state: DragonQuestState, c: int, key: str, label: str, lang: str) -> str:
    m = state.modifiers(c, key)
    delta = m["item"] + m["aura"]
    tip = escape(_t("mods", lang, b=m["base"], i=m["item"], q=m["aura"]))
    mod = ""
    if delta:
        mod = f' <span class="dq-mod{" dq-neg" if delta < 0 else ""}">({delta:+d})</span>'
    return f'<span title="{tip}">{escape(label)} <b>{m["total"]}</b>{mod}</span>'


def _party_card(state: DragonQuestState, c: int, lang: str) -> str:
    if c < 0:  # public zones never hide cards; be safe anyway
        return '<div class="dq-card dq-hidden">?</div>'
    card = state.card(c)
    orient = ORIENT_NAMES[state.orient[c]] if 0 <= state.orient[c] < len(ORIENT_NAMES) else "active"
    poisoned = c in state.poisoned
    combat = state.combat
    att = combat is not None and combat.attacker == c
    dfn = combat is not None and combat.defender == c
    kind = "monster" if card.type == "monster" else "character"
    text = card.text.get(lang, card.text["en"]) if card.text else ""
    tip = escape(f"[{c}] {card.label(lang)}" + (f" — {text}" if text else ""))
    item = state.item_of(c)
    item_lines = []
    if item is not None and item >= 0:
        icard = state.card(item)
        mods = modifiers(icard, lang)
        iname = _t("carries", lang, c=state.card(item).label(lang))
        item_lines.append(iname + (f" ({mods})" if mods and lang != "ja" else f"（{mods}）" if mods else ""))
        if icard.use is not None:
            item_lines.append(effect_line(icard.use, lang))
    lines = card_lines(card, lang)
    face = (
        f'<div class="dq-face dq-{kind}" title="{tip}"><span class="dq-orient" aria-hidden="true"></span>'
        f'<div class="dq-name">{_label(state, c, lang)}</div>'
        f'<div class="dq-kind"><span class="dq-nb">{escape(_t("lv", lang, n=card.level))}</span> · '
        f'<span class="dq-nb">{escape(_t(kind, lang))}</span></div>'
        f'<div class="dq-stats"><div>{_stat(state, c, "attack", _t("atk", lang), lang)}</div>'
        f"<div>{_stat(state, c, 'hp', _t('hp', lang), lang)}</div>"
        f"<div>{_stat(state, c, 'speed', _t('spd', lang), lang)}</div></div>"
        "</div>"
    )
    dmg, hp = state.damage(c), state.hp_of(c)
    badges = [f'<span class="dq-b dq-{orient}">{escape(_t(orient, lang))}</span>']
    if poisoned:
        badges.append(f'<span class="dq-b dq-poison">{escape(_t("poisoned", lang))}</span>')
    badges.append(f'<span class="dq-b {"dq-dmg" if dmg else "dq-dmg0"}">{escape(_t("dmg", lang, d=dmg, h=hp))}</span>')
    if att:
        badges.append(f'<span class="dq-b dq-attb">{escape(_t("attacking", lang))}</span>')
    if combat is not None and dfn:
        flag = combat.counter
        extra = ""
        if flag == 1:
            extra = " · " + _t("counter_yes", lang)
        elif flag == 0:
            extra = " · " + _t("counter_no", lang)
        badges.append(f'<span class="dq-b dq-defb">{escape(_t("defending", lang) + extra)}</span>')
    cls = "dq-card" + (" dq-att" if att else "") + (" dq-def" if dfn else "")
    pois = ' data-poisoned="1"' if poisoned else ""
    return (
        f'<div class="{cls}" data-card="{c}" data-state="{orient}"{pois}>'
        f'<div class="dq-table">{face}</div><div class="dq-cap">{"".join(badges)}</div>'
        f"{_fx(lines, item_lines)}</div>"
    )


def _back_limit(state: DragonQuestState, key: str, lang: str) -> str:
    """The back row has 3 places (DQ-5.1), but under the default ``formation`` (strict, DQ-5.2/DQ-5.3) it must
    hold fewer cards than the front row, so at most 2: both are shown."""
    if key != "back" or state.game.options["formation"] != "strict":
        return ""
    return f'<br><span title="{escape(_t("back_limit_why", lang))}">{escape(_t("back_limit", lang))}</span>'


def _row(state: DragonQuestState, cards: list[int], key: str, lang: str) -> str:
    inner = (
        "".join(_party_card(state, c, lang) for c in cards)
        or f'<span class="dq-empty">{escape(_t("empty_row", lang))}</span>'
    )
    return (
        f'<div class="dq-row dq-{key}" data-row="{key}"><div class="dq-rowlabel">{escape(_t(key, lang))}'
        f"<small>{_t('row_count', lang, n=len(cards))}{_back_limit(state, key, lang)}</small></div>{inner}</div>"
    )


def _player(state: DragonQuestState, p: int, lang: str, perspective: int | None, top: bool, seat: int | None) -> str:
    cur = state.current_player
    over = state.is_terminal()
    acting = cur == p and not over
    tp = state.turn_player == p and not over
    head = [f'<span class="dq-who">P{p + 1}</span>']
    if seat == p:
        head.append(f'<span class="dq-note">{escape(_t("you", lang))}</span>')
    if acting:
        head.append(f'<span class="dq-tag">{escape(_t("tag_act", lang))}</span>')
    if tp:
        head.append(f'<span class="dq-tag dq-tp">{escape(_t("tag_tp", lang))}</span>')
    if over:
        res = state.result()
        if res is not None and res.winners:
            head.append(f'<span class="dq-tag dq-tp">{escape(_t("won" if p in res.winners else "lost", lang))}</span>')
    exp = state.experience(p)
    level = state.level[p]
    nxt = exp // 5 + 2  # the level reached at the next multiple of 5 (DQ-9.2)
    more = (exp // 5 + 1) * 5 - exp
    exp_note = _t("exp_more", lang, n=more, l=nxt)
    if 1 + exp // 5 > level:
        exp_note = _t("exp_pending", lang, l=1 + exp // 5) + "; " + exp_note
    deck = state.deck(p)
    head.append(f'<span class="dq-stat">{_t("gp", lang)} <b>{state.gp[p]}</b></span>')
    head.append(f'<span class="dq-stat">{escape(_t("level", lang))} <b>{level}</b></span>')
    head.append(
        f'<span class="dq-stat">{escape(_t("exp", lang))} <b>{exp}</b> '
        f'<span class="dq-note">({escape(exp_note)})</span></span>'
    )
    head.append(f'<span class="dq-stat">{escape(_t("deck", lang))} <b>{len(deck)}</b></span>')

    # hand
    hand = state.hand(p)
    masked = any(c < 0 for c in hand)
    if (perspective is not None and p != perspective) or masked:
        n = len(hand)
        hand_html = f'<span class="dq-hidden">{escape(_t("hidden", lang, n=n, s="" if n == 1 else "s"))}</span>'
    else:
        hand_html = "".join(_chip(state, c, lang) for c in sorted(hand)) or escape(_t("none", lang))
    # the hand runs the full width of the panel, at the player's own edge of the table (the far edge for the
    # player across): beside the field it made a tall column and left a blank band under the rows
    colon = "：" if lang == "ja" else ":"  # a Japanese label takes the full-width colon
    count_h = f"（{len(hand)}）" if lang == "ja" else f" ({len(hand)})"
    hand_zone = (
        f'<div class="dq-zone dq-hand"><span class="dq-zl">{escape(_t("hand", lang))}{count_h}{colon}</span> '
        f"{hand_html}</div>"
    )
    info: list[str] = []
    # discard pile (public; last = top)
    disc = state.discard(p)
    top_html = ""
    if disc:
        top_html = " · " + escape(_t("top", lang, c="\0")).replace("\0", _chip(state, disc[-1], lang, meta=""))
    info.append(
        f'<div class="dq-zone dq-discard"><span class="dq-zl">{escape(_t("discard", lang))}{colon}</span> '
        f"{_t('cards', lang, n=len(disc))}{top_html}</div>"
    )
    # experience box: own defeated cards; their levels are the opponent's experience (DQ-9.1)
    box = state.exp_box(p)
    lv_total = sum(state.card(c).level for c in box if c >= 0)
    if box:
        box_note = _t("expbox_note", lang, n=lv_total, s="" if lv_total == 1 else "s", q=2 - p)
        box_html = "".join(_chip(state, c, lang, meta="level") for c in box)
        info.append(
            f'<div class="dq-zone dq-expbox"><span class="dq-zl">'
            f"{escape(_t('expbox', lang))} {escape(_t('count', lang, n=len(box)))}{colon}</span> "
            f'{box_html} <span class="dq-note">{escape(box_note)}</span></div>'
        )
    else:
        info.append(
            f'<div class="dq-zone dq-expbox"><span class="dq-zl">{escape(_t("expbox", lang))}{colon}</span> '
            f"{escape(_t('box_empty', lang))}</div>"
        )
    quests = state.quests(p)
    q_html = "".join(_chip(state, c, lang) for c in quests) or escape(_t("none", lang))
    info.append(
        f'<div class="dq-zone dq-quests"><span class="dq-zl">{escape(_t("quests", lang))}{colon}</span> {q_html}</div>'
    )

    rows = [_row(state, state.front(p), "front", lang), _row(state, state.back(p), "back", lang)]
    if top:  # the opponent across the table: back row far, front rows facing each other
        rows.reverse()
    cls = "dq-player" + (" dq-acting" if acting else "") + (" dq-turnplayer" if tp else "")
    body = (
        f'<div class="dq-body"><div class="dq-field{"" if state.party(p) else " dq-no-party"}">{"".join(rows)}</div>'
        f'<div class="dq-info">{"".join(info)}</div></div>'
    )
    return (
        f'<section class="{cls}" data-player="{p}">'
        f'<div class="dq-head">{"".join(head)}</div>'
        f"{hand_zone + body if top else body + hand_zone}</section>"
    )


def _status(state: DragonQuestState, lang: str) -> str:
    over = state.is_terminal()
    lines = [_headline(state, lang, over)]
    if not over:
        if state.combat is not None:
            lines.append(_combat_line(state, lang))
        lines += _waiting_lines(state, lang)
    body = "".join(f'<div class="dq-line">{x}</div>' for x in lines)
    return f'<div class="dq-status" role="status">{body}</div>'


def _headline(state: DragonQuestState, lang: str, over: bool) -> str:
    """The turn, and the result of a game over or whose turn it is, who acts and the phase with its rules."""
    flow = state.game.turn_flow
    node = state.node
    bits = [escape(_t("turn", lang, t=state.turn))]
    try:
        label = flow.label(node, lang)
        rules = flow.by_id[node].rules
    except Exception:
        label, rules = node, ()
    if over:
        bits += _result_bits(state, lang)
    else:
        bits.append(escape(_t("turn_of", lang, p=state.turn_player + 1)))
        cur = state.current_player
        if cur is not None:
            bits.append(f"<b>{escape(_t('to_act', lang, p=cur + 1))}</b>")
        bits.append(
            f'<span class="dq-phase">{escape(_t("phase", lang, x=label))}</span> {_rules_html(state, rules, lang)}'
        )
    if state.viewer is not None:
        bits.append(f'<span class="dq-note">{escape(_t("view_of", lang, p=state.viewer + 1))}</span>')
    return " · ".join(bits)


def _result_bits(state: DragonQuestState, lang: str) -> list[str]:
    """A game over: the result in words, the numbers labelled (they are the cards left in each deck), its rule."""
    res = state.result()
    bits = [f'<span class="dq-over">{escape(_t("over", lang))}</span>']
    if res is not None:
        head = _t("wins", lang, p=res.winners[0] + 1) if len(res.winners) == 1 else _t("drawn", lang)
        sep = "・" if lang == "ja" else " · "
        left = sep.join(_t("deck_of", lang, p=i + 1, n=n) for i, n in enumerate(res.scores))
        bits.append(f'<span class="dq-over">{escape(head)}</span>')
        bits.append(f'<span class="dq-deck-left">{escape(_t("deck_left", lang, xs=left))}</span>')
    if state.end_reason:
        bits.append(_rules_html(state, (state.end_reason,), lang))
    return bits


def _combat_line(state: DragonQuestState, lang: str) -> str:
    """The fight under way: the attacker, and the defender with whether it counterattacks."""
    assert state.combat is not None
    att, dfn, flag = state.combat.attacker, state.combat.defender, state.combat.counter
    if dfn is not None and dfn >= 0:
        d = _t("def_card", lang, d="\0", q=state.owner(dfn) + 1).replace("\0", "\1")
        d = escape(d).replace("\1", _name(state, dfn, lang))
        if flag == 1:
            d += " · " + escape(_t("counter_yes", lang))
        elif flag == 0:
            d += " · " + escape(_t("counter_no", lang))
        else:
            d += " · " + escape(_t("counter_open", lang))
    else:
        d = escape(_t("def_open", lang))
    line = escape(_t("combat", lang, a="\1", p=state.owner(att) + 1, d="\2"))
    return line.replace("\1", f"<b>{_name(state, att, lang)}</b>").replace("\2", d)


def _waiting_lines(state: DragonQuestState, lang: str) -> list[str]:
    """What the game waits for besides the phase: an effect's choices, a confusion, a maintenance, a repair."""
    node = state.node
    lines: list[str] = []
    if state.pending is not None:
        src, user, hand_left = state.pending.source, state.pending.user, state.pending.hand_left
        line = escape(_t("effect", lang, c="\1", p=user + 1)).replace("\1", f"<b>{_name(state, src, lang)}</b>")
        if hand_left:
            line += " · " + escape(_t("hand_left", lang, n=hand_left))
        lines.append(line)
    if node == Node.END_CONFUSION and state.queue:
        src = state.queue[0]
        if src >= 0:
            lines.append(
                escape(_t("confusion", lang, c="\1", p=state.owner(src) + 1)).replace(
                    "\1", f"<b>{_name(state, src, lang)}</b>"
                )
            )
    if node == Node.COMBAT_END_STEP and state.queue:
        lines.append(escape(_t("maintain", lang, p=state.queue[0] + 1)))
    if node == Node.REPAIR and state.repair:
        lines.append(escape(_t("repair", lang, p=state.repair[0] + 1)))
    return lines


def render(state: DragonQuestState, *, lang: str = "en", perspective: int | None = None) -> str:
    """The board of a Dragon Quest state as an HTML fragment (inline style scoped to ``.tcg-board.tcg-dq``).

    ``perspective`` = a player index hides the other player's hand and seats that player at the
    bottom; a player's view (``state.view(p)``) is already masked and is seated the same way.
    """
    lang = "ja" if lang == "ja" else "en"
    seat = perspective if perspective is not None else state.viewer
    bottom = seat if seat in (0, 1) else 0
    top = 1 - bottom
    cur = state.current_player
    parts = [
        f"<style>{CSS}</style>",
        f'<div class="tcg-board tcg-dq" lang="{lang}" data-node="{escape(state.node)}" data-turn="{state.turn}" '
        f'data-current="{"" if cur is None else cur}" data-turn-player="{state.turn_player}">',
        _status(state, lang),
        _player(state, top, lang, perspective, True, seat),
        _player(state, bottom, lang, perspective, False, seat),
        "</div>",
    ]
    return "".join(parts)
