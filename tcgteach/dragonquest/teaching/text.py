"""English and Japanese sentences for Dragon Quest events and actions, and the combat explanation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...texts import outcome_text
from ..rules import actions as A
from ..rules.combat import Blow, FightResult, result_of_record
from ..rules.ids import Ev
from .cardtext import effect_cost, effect_does, marked, plural

if TYPE_CHECKING:
    from ..rules.state import DragonQuestState

DRAW_SHORT = "draw_short"  # the sentence of a draw the deck could not pay in full (DQ-1.2)
#: the sentences of draws as a player's view shows another player's (the cards are hidden: ``cards`` is None)
HIDDEN: dict[str, tuple[str, str]] = {
    Ev.DRAW_HAND: ("{P} draws 6 cards.", "{P}がカードを6枚引く。"),
    Ev.MULLIGAN: ("{P} returns the hand, shuffles and draws 6 again.", "{P}が手札を戻してシャッフルし、6枚引き直す。"),
    Ev.DRAW: ("{P} draws {n_cards}.", "{P}がカードを{n}枚引く。"),
    Ev.EFFECT_DRAW: ("{P} draws {n_cards}.", "{P}がカードを{n}枚引く。"),
}

EVENTS: dict[str, tuple[str, str]] = {
    Ev.POSITION: ("A teaching position is set up (turn {turn}).", "教材用の局面を用意する（ターン{turn}）。"),
    Ev.FIRST_PLAYER: ("{P} goes first ({how}).", "{P}が先攻（{how}）。"),
    Ev.DRAW_HAND: ("{P} draws 6 cards: {cards}.", "{P}がカードを6枚引く：{cards}。"),
    Ev.START_VALUES: ("Both players start at level 1 with 0 GP.", "両プレイヤーともレベル1、0GPで始める。"),
    Ev.MULLIGAN: (
        "{P} returns the hand, shuffles and draws 6 again: {cards}.",
        "{P}が手札を戻してシャッフルし、6枚引き直す：{cards}。",
    ),
    Ev.KEEP: ("{P} keeps the hand.", "{P}は手札をそのままにする（キープ）。"),
    Ev.LEVEL_UP: ("{P} levels up to {level} (experience {exp}).", "{P}がレベル{level}に上がる（経験値{exp}）。"),
    Ev.RESET: (
        "Turn {turn}: {P}'s reset phase — level {level}; made active: {woke}.",
        "ターン{turn}：{P}のリセットフェイズ。レベル{level}。アクティブに戻したカード：{woke}。",
    ),
    Ev.INCOME: ("{P} gains {gp} GP (now {total}){first}.", "{P}が{gp}GPを得る（合計{total}GP）{first}。"),
    Ev.DRAW: ("{P} draws {n_cards}: {cards}.", "{P}がカードを{n}枚引く：{cards}。"),
    DRAW_SHORT: (
        "{P} is to draw {n_cards}, but the deck holds only {got} ({cards}).",
        "{P}は{n}枚引こうとするが、デッキには{got}枚しかない：{cards}。",
    ),
    Ev.RECRUIT: (
        "{P} recruits {card} into the {row} row ({state}; {cost} GP).",
        "{P}が{card}を{row}に仲間にする（{state}、{cost}GP）。",
    ),
    Ev.TREAT: (
        "{P} treats {card} ({cost} GP): its ailments are gone.",
        "{P}が{card}を治療する（{cost}GP）。状態異常が消える。",
    ),
    Ev.HEAL: (
        "{P} heals {card} ({cost} GP): {removed_cards} {go} to the bottom of the deck.",
        "{P}が{card}を回復する（{cost}GP）。ダメージカード{removed}枚をデッキの一番下へ。",
    ),
    Ev.RESTORE: ("{P} restores {card} to active ({cost} GP).", "{P}が{card}を復帰させる（{cost}GP）。"),
    Ev.EQUIP: ("{P} equips {card} with {item} ({cost} GP){old}.", "{P}が{card}に{item}を装備する（{cost}GP）{old}。"),
    Ev.MOVE: ("{P} moves {card} to the {row} row.", "{P}が{card}を{row}へ移す。"),
    Ev.SWAP: ("{P} swaps {card} and {other}.", "{P}が{card}と{other}を入れ替える。"),
    Ev.END_PREP: ("{P} ends the preparation phase.", "{P}が準備フェイズを終える。"),
    Ev.USE: ("{P} uses {card}'s effect{costs}.", "{P}が{card}の効果を使う{costs}。"),
    Ev.USE_ITEM: (
        "{P} uses {item} carried by {card} (closing it).",
        "{P}が{card}の装備している{item}を使う（{card}はクローズ）。",
    ),
    Ev.QUEST: ("{P} plays the quest {card}{stays}.", "{P}がクエスト「{card}」を使う{stays}。"),
    Ev.QUEST_LEAVES: ("{card} goes to the discard pile.", "{card}が捨て札へ。"),
    Ev.DISCARD: ("{P} discards {card} to pay the cost.", "{P}がコストとして{card}を捨て札にする。"),
    Ev.GAIN_GP: ("{P} gains {n} GP.", "{P}が{n}GPを得る。"),
    Ev.EFFECT_DRAW: ("{P} draws {n_cards}: {cards}.", "{P}がカードを{n}枚引く：{cards}。"),
    Ev.EFFECT_HEAL: ("{n} damage removed from {card}.", "{card}のダメージを{n}取り除く。"),
    Ev.CURE: ("{card} is cured.", "{card}の状態異常が治る。"),
    Ev.POISON: ("{card} is poisoned.", "{card}が毒になる。"),
    Ev.CONFUSE: ("{card} is confused (turned upside down).", "{card}が混乱する（上下逆さに置く）。"),
    Ev.CLOSE: ("{card} is closed.", "{card}がクローズになる。"),
    Ev.ACTIVATE: ("{card} becomes active.", "{card}がアクティブになる。"),
    Ev.DAMAGE: (
        "{card} takes {n} damage: {P} puts {taken_cards} from the deck on it ({total}/{hp}).",
        "{card}に{n}ダメージ：{P}がデッキから{taken}枚を乗せる（{total}/{hp}）。",
    ),
    Ev.DEFEAT: (
        "{card} is defeated: to {P}'s experience box; {dmg_cards}{item} to the discard pile.",
        "{card}が撃破される：{P}の経験値ボックスへ。ダメージカード{dmg}枚{item}は捨て札へ。",
    ),
    Ev.GAIN_GP_DEFEAT: (
        "{P} gains {n} GP for defeating {card} (experience now {exp}).",
        "{P}が{card}の撃破で{n}GPを得る（経験値{exp}）。",
    ),
    Ev.DECK_OUT: ("{why}: {P} loses.", "{why}：{P}の負け。"),
    Ev.GAME_OVER: ("Game over. {result}", "ゲーム終了。{result}"),
    Ev.SKIP_BATTLE: ("{P} skips the battle phase.", "{P}は戦闘フェイズを行わない。"),
    Ev.FIGHT: ("{P} starts a combat.", "{P}が戦闘を始める。"),
    Ev.PASS: ("{P} passes ({passes} in a row).", "{P}がパスする（続けて{passes}回目）。"),
    Ev.PASS_ACTION: (
        "{P} takes no battle action: the battle phase ends.",
        "{P}は戦闘行動をしない。戦闘フェイズを終える。",
    ),
    Ev.ATTACK: ("{P} attacks with {card} (closed).", "{P}が{card}で攻撃する（{card}はクローズ）。"),
    Ev.NO_BLOCKER: ("{P} has no active front-row card to defend with.", "{P}には防御できるアクティブな前衛がいない。"),
    Ev.NO_BLOCK: ("{P} does not choose a defender.", "{P}は防御カードを選ばない。"),
    Ev.BLOCK: ("{P} defends with {card}.", "{P}が{card}で防御する。"),
    Ev.DEFENDER: ("The attacker picks {card} as the defending card.", "攻撃側が{card}を防御カードに指定する。"),
    Ev.COUNTER: ("{P}'s {card} counterattacks (closed).", "{P}の{card}が反撃する（{card}はクローズ）。"),
    Ev.NO_COUNTER: ("{P}'s {card} does not counterattack.", "{P}の{card}は反撃しない。"),
    Ev.BATTLE: ("{summary}", "{summary}"),
    Ev.ADVANCE: ("Formation: {P} moves {card} to the front row.", "陣形維持：{P}が{card}を前衛へ。"),
    Ev.CONTINUE: ("{P} continues the battle.", "{P}が戦闘を続ける。"),
    Ev.BATTLE_OVER: ("The battle phase ends{why}.", "戦闘フェイズが終わる{why}。"),
    Ev.WIPE_OUT_SPARED: (
        "{P} has no party card but has not had a turn yet: no wipe-out penalty (option wipe_out).",
        "{P}の場にパーティーカードがないが、まだ自分のターンがないので、全滅ペナルティなし（オプション wipe_out）。",
    ),
    Ev.REPAIR: (
        "{P}'s front row no longer outnumbers the back row: {P} repairs the formation at once.",
        "{P}の前衛が後衛より多くなくなった：{P}がすぐに陣形維持を行う。",
    ),
    Ev.WIPE_OUT: (
        "{P} has no party card: wipe-out penalty, {n_cards} from the deck to the discard pile.",
        "{P}の場にパーティーがいない：全滅ペナルティでデッキから{n}枚を捨て札へ。",
    ),
    Ev.CONFUSION: (
        "{card} is confused: {P} picks {target} to take 1 damage.",
        "{card}は混乱している：{P}が{target}を選び、1ダメージを与える。",
    ),
    Ev.TURN_END: ("{P}'s turn {turn} ends.", "{P}のターン{turn}が終わる。"),
}


def _name(state: DragonQuestState, c: Any, lang: str) -> str:
    if c is None or not isinstance(c, int) or c < 0:
        return "a card" if lang == "en" else "カード"
    return state.card(c).label(lang)


def _names(state: DragonQuestState, cards: Any, lang: str) -> str:
    if cards is None:
        return "—"
    if not cards:
        return "none" if lang == "en" else "なし"
    return ("、" if lang == "ja" else ", ").join(_name(state, c, lang) for c in cards)


def _plain_fields(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    """The fields every event kind may have: its numbers, its card names and the English counts."""
    for key in ("turn", "level", "exp", "gp", "total", "n", "cost", "removed", "taken", "hp", "passes"):
        if key in d:
            f[key] = d[key]
    for key in ("card", "item", "other", "target"):
        if key in d:
            f[key] = _name(state, d[key], lang)
    if "cards" in d:
        f["cards"] = _names(state, d["cards"], lang)
    # English counts agree with their noun (1 card, 2 cards); Japanese counters never change
    for key, noun in (("n", "card"), ("taken", "card"), ("removed", "damage card")):
        if isinstance(d.get(key), int):
            f[f"{key}_cards"] = plural(d[key], noun)
    if isinstance(d.get("removed"), int):
        f["go"] = "goes" if d["removed"] == 1 else "go"


def describe_event(state: DragonQuestState, ev: Event, lang: str = "en") -> str:
    """One line saying what event ``ev`` did in ``state``, in ``lang``, for the event log (the rule is shown beside
    it)."""
    ja = lang == "ja"
    en_t, ja_t = EVENTS.get(ev.kind, (ev.kind, ev.kind))
    d = ev.data
    f: dict[str, Any] = {"P": "—" if ev.player is None else f"P{ev.player + 1}"}
    _plain_fields(state, d, f, lang)
    k = ev.kind
    if k in HIDDEN and "cards" in d and d["cards"] is None:
        en_t, ja_t = HIDDEN[k]
    elif k in (Ev.DRAW, Ev.EFFECT_DRAW) and d.get("cards") is not None and len(d["cards"]) < d.get("n", 0):
        en_t, ja_t = EVENTS[DRAW_SHORT]
        f["got"] = len(d["cards"])
    fill = _FILL.get(k)
    if fill is not None:
        fill(state, d, f, lang)
    try:
        return (ja_t if ja else en_t).format(**f)
    except (KeyError, IndexError):
        return f"{k} {d}"


# the fields of one event kind's sentence beyond the plain numbers and card names
def _first_player(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    f["how"] = {"given": ("chosen", "指定どおり"), "random": ("drawn at random", "ランダムに決定")}[d["chosen"]][
        lang == "ja"
    ]


def _reset(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    f["woke"] = _names(state, d["cards"], lang)


def _income(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    ja = lang == "ja"
    f["first"] = (
        ("。先攻の1ターン目は1GPだけ" if ja else " — the first player's first turn gives only 1 GP")
        if d.get("first") and d["gp"] == 1
        else ""
    )


def _row(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    f["row"] = {"front": ("front", "前衛"), "back": ("back", "後衛")}[d["row"]][lang == "ja"]


def _recruit(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    _row(state, d, f, lang)
    f["state"] = {
        "active": ("active", "アクティブ"),
        "closed": ("closed: its level is above the player's", "クローズ：プレイヤーレベルより高いため"),
    }[d["state"]][lang == "ja"]


def _equip(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    ja = lang == "ja"
    f["old"] = (
        ""
        if d.get("old") is None
        else (
            f"; {_name(state, d['old'], lang)} is discarded"
            if not ja
            else f"。前の{_name(state, d['old'], lang)}は捨て札へ"
        )
    )


def _use(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    ja = lang == "ja"
    parts = []
    if d.get("close"):
        parts.append("closing it" if not ja else "クローズ")
    if d.get("hand"):
        parts.append(f"discarding {plural(d['hand'], 'card')}" if not ja else f"手札{d['hand']}枚")
    f["costs"] = (f" ({', '.join(parts)})" if not ja else f"（{'・'.join(parts)}）") if parts else ""


def _quest(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    f["stays"] = (" (it stays in play)" if lang != "ja" else "（場に残る）") if d.get("stays") else ""


def _defeat(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    ja = lang == "ja"
    f["dmg"] = d.get("damage_cards", 0)
    f["dmg_cards"] = plural(f["dmg"], "damage card")
    f["item"] = (
        ""
        if d.get("item") is None
        else (f" and {_name(state, d['item'], lang)}" if not ja else f"と{_name(state, d['item'], lang)}")
    )


def _deck_out(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    p = f["P"]
    f["why"] = {
        "cannot_take": (f"{p} must take a card but the deck is empty", f"{p}はデッキが空で、カードを取れない"),
        "empty_loses": (
            f"{p}'s deck is now empty (option deck_out=empty_loses)",
            f"{p}のデッキが空になった（deck_out=empty_loses）",
        ),
    }[d["why"]][lang == "ja"]


def _battle_over(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    f["why"] = {"no_action": (": no battle action is possible", "（できる戦闘行動がない）"), "chosen": ("", "")}[
        d["reason"]
    ][lang == "ja"]


def _battle(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    f["summary"] = combat_summary(state, d, lang)


def _game_over(state: DragonQuestState, d: dict[str, Any], f: dict[str, Any], lang: str) -> None:
    out = state.result()
    f["result"] = outcome_text(out, lang) if out is not None else ""


_FILL: dict[str, Callable[[DragonQuestState, dict[str, Any], dict[str, Any], str], None]] = {
    Ev.FIRST_PLAYER: _first_player,
    Ev.RESET: _reset,
    Ev.INCOME: _income,
    Ev.RECRUIT: _recruit,
    Ev.MOVE: _row,
    Ev.EQUIP: _equip,
    Ev.USE: _use,
    Ev.QUEST: _quest,
    Ev.DEFEAT: _defeat,
    Ev.DECK_OUT: _deck_out,
    Ev.BATTLE_OVER: _battle_over,
    Ev.BATTLE: _battle,
    Ev.GAME_OVER: _game_over,
}


def _mod_text(m: dict[str, int], lang: str) -> str:
    extra = []
    if m["item"]:
        extra.append(f"{m['item']:+d} {'item' if lang == 'en' else '装備'}")
    if m["aura"]:
        extra.append(f"{m['aura']:+d} {'quest' if lang == 'en' else 'クエスト'}")
    if not extra:
        return str(m["total"])
    return f"{m['base']} {' '.join(extra)} = {m['total']}"


def combat_summary(state: DragonQuestState, info: Mapping[str, Any], lang: str = "en") -> str:
    """One sentence: who hit whom for how much, in which order, and what was defeated (DQ-7.8)."""
    ja = lang == "ja"
    fight = result_of_record(info)
    a, d = _name(state, fight.attacker.card, lang), _name(state, fight.defender.card, lang)
    dead = [_name(state, c, lang) for c in fight.defeated]
    order = {
        "attacker_only": ("no counterattack", "反撃なし"),
        "attacker_first": ("attacker faster", "攻撃側が速い"),
        "defender_first": ("defender faster", "防御側が速い"),
        "simultaneous": ("equal speed: simultaneous", "同速：同時"),
    }
    blows = ("、" if ja else "; ").join(
        (
            f"{_name(state, b.source, lang)}→{_name(state, b.target, lang)}に{b.damage}ダメージ"
            if ja
            else f"{_name(state, b.source, lang)} → {_name(state, b.target, lang)} {b.damage}"
        )
        for b in fight.blows
    )
    if ja:
        s = f"判定：{a} 対 {d}（{order[fight.order][1]}）。{blows}。"
        if fight.prevented:
            s += "先に撃破したので、撃破されたカードからのダメージはない。"
        if dead:
            s += "撃破：" + "、".join(dead) + "。"
        return s
    s = f"Judgment: {a} vs {d} ({order[fight.order][0]}). {blows}."
    if fight.prevented:
        s += " The first strike defeated its target, so no return blow."
    if dead:
        s += " Defeated: " + ", ".join(dead) + "."
    return s


def combat_explanation(state: DragonQuestState, info: Any, lang: str = "en") -> list[str]:
    """The damage arithmetic of one attack, step by step (DQ-7.7, DQ-7.8, DQ-8.x, DQ-9).

    ``info`` is a ``battle`` event's data (or ``state.last_combat``): the fight's recorded result
    (``combat.result_of_record``) plus the modifiers behind each total.
    """
    if isinstance(info, tuple):
        info = _thaw(info)
    ja = lang == "ja"
    fight = result_of_record(info)
    lines = [_fighter_line(state, info, who, lang) for who in ("attacker", "defender")]
    if ja:
        lines.append(
            "防御カードが反撃する（DQ-7.7）。"
            if fight.counter
            else "反撃しないので、防御カードはダメージを与えない（DQ-7.7）。"
        )
    else:
        lines.append(
            "The defender counterattacks (DQ-7.7)."
            if fight.counter
            else "No counterattack: the defending card deals no damage (DQ-7.7)."
        )
    lines.append(_order_line(fight, ja))
    lines += [_blow_line(state, fight, b, lang) for b in fight.blows]
    if fight.prevented:
        lines.append(
            "先に撃破したので、撃破されたカードからのダメージはない（DQ-7.8）。"
            if ja
            else "The first strike defeated its target, so it never strikes back (DQ-7.8)."
        )
    for p, g in enumerate(info["gp_gained"]):
        if g > 0:
            lines.append(_gain_line(info, p, g, ja))
    for c in fight.defeated:
        lines.append(
            f"{_name(state, c, lang)}は持ち主の経験値ボックスへ。乗っていたダメージカードと装備は捨て札へ（DQ-8.2）。"
            if ja
            else f"{_name(state, c, lang)} goes to its owner's experience box; its damage cards and item go "
            "to the discard pile (DQ-8.2)."
        )
    return lines


def _fighter_line(state: DragonQuestState, info: Mapping[str, Any], who: str, lang: str) -> str:
    """A fighting card's attack and speed with their modifiers, HP and damage so far (DQ-7.8)."""
    card = _name(state, info[who], lang)
    atk, spd = _mod_text(info["attack"][who], lang), _mod_text(info["speed"][who], lang)
    hp, before = info["hp"][who], info["damage_before"][who]
    if lang == "ja":
        role = "攻撃カード" if who == "attacker" else "防御カード"
        return f"{role}：{card}（攻撃力 {atk}、素早さ {spd}、HP {hp}、受けているダメージ {before}）。"
    role = "Attacker" if who == "attacker" else "Defender"
    return f"{role} {card}: attack {atk}, speed {spd}, HP {hp} (damage so far {before})."


def _order_line(fight: FightResult, ja: bool) -> str:
    """DQ-7.8: who strikes first."""
    sa, sd = fight.attacker.speed, fight.defender.speed
    en, jp = {
        "attacker_only": ("Only the attacker strikes.", "攻撃側だけがダメージを与える。"),
        "attacker_first": (
            f"Speed {sa} > {sd}: the attacker strikes first (DQ-7.8).",
            f"素早さ {sa} > {sd}：攻撃側が先（DQ-7.8）。",
        ),
        "defender_first": (
            f"Speed {sd} > {sa}: the defender strikes first (DQ-7.8).",
            f"素早さ {sd} > {sa}：防御側が先（DQ-7.8）。",
        ),
        "simultaneous": (
            f"Speed {sa} = {sd}: both strike at the same time (DQ-7.8).",
            f"素早さ {sa} = {sd}：同時（DQ-7.8）。",
        ),
    }[fight.order]
    return jp if ja else en


def _blow_line(state: DragonQuestState, fight: FightResult, b: Blow, lang: str) -> str:
    """One blow: damage cards from the deck onto the card (DQ-8.1), a defeat (DQ-8.2) or a deck-out (DQ-1.2)."""
    src, dst = _name(state, b.source, lang), _name(state, b.target, lang)
    hp = fight.fighter(b.target).hp
    if lang == "ja":
        line = (
            f"{src}が{dst}に{b.damage}ダメージ。持ち主がデッキから{b.taken}枚を乗せる（DQ-8.1）。"
            f"ダメージは{b.before}+{b.taken}={b.after}（HP {hp}）"
        )
        if b.short:
            line += f"。デッキが足りず{b.damage - b.taken}枚を取れないので、持ち主の負け（DQ-1.2）"
        elif b.defeats:
            line += "：撃破（DQ-8.2）"
        return line + "。"
    line = (
        f"{src} hits {dst} for {b.damage}: its owner moves {b.taken} card{'s' if b.taken != 1 else ''} "
        f"from the deck onto it (DQ-8.1). {b.before}+{b.taken}={b.after} of HP {hp}"
    )
    if b.short:
        line += f"; the deck had too few cards, {b.damage - b.taken} could not be taken: its owner loses (DQ-1.2)"
    elif b.defeats:
        line += ": defeated (DQ-8.2)"
    return line + "."


def _gain_line(info: Mapping[str, Any], p: int, g: int, ja: bool) -> str:
    """DQ-8.3 the GP for a defeat, DQ-9.1 the experience it makes, DQ-9.2/DQ-9.4 the level it leads to."""
    exp = info["exp"][p]
    level = info.get("level", [None, None])[p]
    nxt = info.get("next_level", [None, None])[p]
    rises = level is not None and nxt is not None and nxt > level
    if ja:
        line = f"P{p + 1}が、撃破したカードのレベルと同じ{g}GPを得る（DQ-8.3）。経験値は{exp}（DQ-9.1）"
        return line + (
            f"で、次の自分のリセットフェイズにレベル{nxt}に上がる（DQ-9.4）。"
            if rises
            else f"で、レベルは{level}のまま（経験値5ごとに1上がる：DQ-9.2）。"
            if level is not None
            else "。"
        )
    line = f"P{p + 1} gains {g} GP, the level of what it defeated (DQ-8.3); experience now {exp} (DQ-9.1)"
    return line + (
        f", so its level rises to {nxt} at its next reset (DQ-9.4)."
        if rises
        else f"; level stays {level} (one level per 5 experience, DQ-9.2)."
        if level is not None
        else "."
    )


def _thaw(value: Any) -> Any:
    """``state.last_combat`` (tuples of (key, value) pairs) back to the event's dicts and lists."""
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value)
    ):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _effect_use(state: DragonQuestState, action: A.Action, lang: str) -> str | None:
    """An action that uses an effect, an item or a quest, with what it does and what it costs; None: another."""
    ja = lang == "ja"

    def n(c: int) -> str:
        return marked(state, c, lang)

    if isinstance(action, A.Use) and action.card >= 0:
        card = state.card(action.card)
        if 0 <= action.effect < len(card.effects):
            e = card.effects[action.effect]
            cost = effect_cost(e, lang)
            if ja:
                return f"{n(action.card)}の効果：{effect_does(e, lang)}" + (f"（{cost}）" if cost else "")
            return f"Use {n(action.card)}'s effect: {effect_does(e, lang)}" + (f" ({cost})" if cost else "")
    if isinstance(action, A.UseItem) and action.item >= 0:
        use = state.card(action.item).use
        if use is not None:
            does = effect_does(use, lang)
            return f"道具「{n(action.item)}」を使う：{does}" if ja else f"Use item {n(action.item)}: {does}"
    if isinstance(action, A.Quest) and action.card >= 0:
        q = state.card(action.card)
        does = ("、" if ja else "; ").join(effect_does(e, lang) for e in q.effects)
        cost = effect_cost(q.effects[0], lang) if q.effects else ""
        if ja:
            return f"クエスト「{n(action.card)}」を使う：{does}" + (f"（{cost}）" if cost else "")
        return f"Play quest {n(action.card)}: {does}" + (f" ({cost})" if cost else "")
    return None


def describe_action(state: DragonQuestState, action: A.Action, lang: str = "en") -> str:
    """What ``action`` does in ``state``, in one line of ``lang``, for choice buttons and the event log."""
    ja = lang == "ja"

    def n(c: int) -> str:
        return marked(state, c, lang)

    if isinstance(action, A.Recruit):
        row = {"front": ("front", "前衛"), "back": ("back", "後衛")}[action.row][ja]
        return f"{n(action.card)}を仲間にする（{row}）" if ja else f"Recruit {n(action.card)} ({row})"
    if isinstance(action, A.Draw):
        return f"{action.n}枚引く" if ja else f"Draw {plural(action.n, 'card')}"
    effect = _effect_use(state, action, lang)
    if effect is not None:
        return effect
    simple = {
        A.Treat: ("Treat {c}", "{c}を治療する"),
        A.Heal: ("Heal {c}", "{c}を回復する"),
        A.Restore: ("Restore {c}", "{c}を復帰させる"),
        A.Move: ("Move {c} to the other row", "{c}を反対の列へ"),
        A.Quest: ("Play quest {c}", "クエスト「{c}」を使う"),
        A.Discard: ("Discard {c}", "{c}を捨て札にする"),
        A.Target: ("Choose {c}", "{c}を選ぶ"),
        A.Attack: ("Attack with {c}", "{c}で攻撃"),
        A.Block: ("Defend with {c}", "{c}で防御"),
        A.Advance: ("Move {c} to the front", "{c}を前衛へ"),
        A.UseItem: ("Use item {c}", "道具「{c}」を使う"),
    }
    for cls, (en_t, ja_t) in simple.items():
        if isinstance(action, cls):
            c = getattr(action, "card", getattr(action, "item", -1))
            return (ja_t if ja else en_t).format(c=n(c))
    if isinstance(action, A.Equip):
        return (
            f"{n(action.card)}に{n(action.item)}を装備する" if ja else f"Equip {n(action.card)} with {n(action.item)}"
        )
    if isinstance(action, A.Swap):
        return (
            f"{n(action.front)}と{n(action.back)}を入れ替える" if ja else f"Swap {n(action.front)} and {n(action.back)}"
        )
    if isinstance(action, A.Use):
        return (
            f"{n(action.card)}の効果{action.effect + 1}" if ja else f"Use {n(action.card)}'s effect {action.effect + 1}"
        )
    fixed = {
        A.Mulligan: ("Mulligan", "引き直す"),
        A.Keep: ("Keep", "キープする"),
        A.EndPrep: ("End preparation", "準備フェイズを終える"),
        A.Fight: ("Fight", "戦闘する"),
        A.Skip: ("Skip the battle", "戦闘しない"),
        A.Pass: ("Pass", "パス"),
        A.NoBlock: ("Do not defend", "防御しない"),
        A.Counter: ("Counterattack", "反撃する"),
        A.NoCounter: ("No counterattack", "反撃しない"),
        A.Continue: ("Continue the battle", "戦闘を続ける"),
        A.EndBattle: ("End the battle", "戦闘を終える"),
    }
    en_t, ja_t = fixed.get(type(action), (str(action), str(action)))
    return ja_t if ja else en_t
