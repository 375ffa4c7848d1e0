"""Short card texts generated from the card data (en/ja): effects, item modifiers, equip types, quests,
and the copy mark that tells identical cards apart on the board and in the action buttons.

The words are the engine's own: the timings and costs of the card texts in ``data/cards.json``
([準備]/[開始]/[行動]/[道具], クローズ, 手札を1枚捨てる), the board's stat names, the rule texts' 前衛/後衛
and パーティーカード. Nothing here is written per card: every sentence comes from an ``Effect``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.copies import copy_mark as _copy_mark
from ..rules.cards import Card, Effect

if TYPE_CHECKING:
    from ..rules.state import DragonQuestState

TIMING = {
    "prep": ("[Prep]", "[準備]"),
    "start": ("[Start]", "[開始]"),
    "action": ("[Action]", "[行動]"),
    "item": ("[Item]", "[道具]"),
    "quest": ("", ""),
}
# the card an effect acts on: (en, ja); "it"/"そのカード" for the second op on the same card
TARGET = {
    "self": ("this card", "このカード"),
    "own": ("one of your party cards", "自分のパーティーカード1枚"),
    "enemy": ("an opponent's party card", "相手のパーティーカード1枚"),
    "enemy_front": ("an opponent's front-row card", "相手の前衛のカード1枚"),
    "none": ("", ""),
}
EQUIP = {
    "sword": ("sword", "剣"),
    "staff": ("staff", "杖"),
    "axe": ("axe", "斧"),
    "bow": ("bow", "弓"),
    "claw": ("claw", "ツメ"),
}
STAT = {"attack": ("ATK", "攻撃"), "hp": ("HP", "HP"), "speed": ("SPD", "素早さ")}


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (English only; Japanese counters do not change)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _op_en(op: str, n: int, target: str) -> str:
    t = target
    return {
        "damage": f"{n} damage to {t}",
        "heal": f"remove up to {n} damage from {t}",
        "cure": f"cure {t} of poison and confusion",
        "poison": f"poison {t}",
        "confuse": f"confuse {t}",
        "close": f"close {t} (if active)",
        "activate": f"make {t} active (if closed)",
        "gain_gp": f"gain {n} GP",
        "draw": f"draw {plural(n, 'card')}",
    }[op]


def _op_ja(op: str, n: int, target: str, last: bool) -> str:
    """A Japanese op: the plain form at the end of the sentence, the連用形 before another op."""
    t = target
    stem, end = {
        "damage": (f"{t}に{n}ダメージを与え", f"{t}に{n}ダメージを与える"),
        "heal": (f"{t}のダメージを最大{n}つ取り除き", f"{t}のダメージを最大{n}つ取り除く"),
        "cure": (f"{t}の毒と混乱を治し", f"{t}の毒と混乱を治す"),
        "poison": (f"{t}を毒にし", f"{t}を毒にする"),
        "confuse": (f"{t}を混乱させ", f"{t}を混乱させる"),
        "close": (f"{t}をクローズし", f"{t}をクローズする（アクティブな場合）"),
        "activate": (f"{t}をアクティブにし", f"{t}をアクティブにする（クローズの場合）"),
        "gain_gp": (f"{n}GPを得", f"{n}GPを得る"),
        "draw": (f"カードを{n}枚引き", f"カードを{n}枚引く"),
    }[op]
    return end if last else stem


def effect_does(e: Effect, lang: str) -> str:
    """What an effect does, without its timing or cost: ``2 damage to an opponent's front-row card``."""
    ja = lang == "ja"
    first = TARGET[e.target][ja]
    parts = []
    for k, (op, n) in enumerate(e.ops):
        target = first if k == 0 or e.target == "none" else ("そのカード" if ja else "it")
        if ja:
            parts.append(_op_ja(op, n, target, k == len(e.ops) - 1))
        else:
            parts.append(_op_en(op, n, target))
    if ja:
        return "、".join(parts)
    return ", then ".join(parts)


def effect_cost(e: Effect, lang: str) -> str:
    """The cost of an effect: ``close this card, discard 1 card`` / ``このカードをクローズ・手札を1枚捨てる``."""
    ja = lang == "ja"
    bits = []
    if e.close:
        if e.timing == "item":
            bits.append("装備しているキャラクターをクローズ" if ja else "close the carrier")
        else:
            bits.append("このカードをクローズ" if ja else "close this card")
    if e.hand:
        bits.append(f"手札を{e.hand}枚捨てる" if ja else f"discard {plural(e.hand, 'card')}")
    return ("・" if ja else ", ").join(bits)


def effect_line(e: Effect, lang: str) -> str:
    """One effect as a card line: ``[Start] close this card: 1 damage to an opponent's party card``."""
    ja = lang == "ja"
    timing = TIMING[e.timing][ja]
    cost = effect_cost(e, lang)
    does = effect_does(e, lang)
    head = " ".join(x for x in (timing, cost) if x)
    if not head:
        return does
    return f"{head}{'：' if ja else ': '}{does}"


def modifiers(card: Card, lang: str) -> str:
    """An item's stat modifiers: ``ATK +1 · SPD +1`` / ``攻撃+1・素早さ+1``."""
    ja = lang == "ja"
    mods = [(k, v) for k, v in (("attack", card.attack), ("hp", card.hp), ("speed", card.speed)) if v]
    if ja:
        return "・".join(f"{STAT[k][1]}{v:+d}" for k, v in mods)
    return " · ".join(f"{STAT[k][0]} {v:+d}" for k, v in mods)


def equip_types(card: Card, lang: str) -> str:
    """``equip type: sword/bow`` / ``装備タイプ：剣・弓`` (a character's or an item's, DQ-6.9)."""
    ja = lang == "ja"
    names = [EQUIP[t][ja] for t in card.equip]
    return f"装備タイプ：{'・'.join(names)}" if ja else f"equip type: {'/'.join(names)}"


def quest_lines(card: Card, lang: str) -> list[str]:
    """A quest: its hand cost and effect, and whether it stays with its aura."""
    ja = lang == "ja"
    out = [effect_line(e, lang) for e in card.effects]
    if card.stays:
        aura = ""
        if card.aura:
            mods = [(k, v) for k, v in card.aura.items() if v]
            aura = (
                "、自分のパーティーカードすべて" + "・".join(f"{STAT[k][1]}+{v}" for k, v in mods)
                if ja
                else "; all your party cards " + ", ".join(f"{STAT[k][0]} +{v}" for k, v in mods)
            )
        out.append(("次のクエストまで場に残る" if ja else "stays until your next quest") + aura)
    return out


def card_lines(card: Card, lang: str) -> list[str]:
    """Every line a card shows beyond its name and numbers: equip types, modifiers, effects."""
    if card.type == "quest":
        return quest_lines(card, lang)
    lines = []
    if card.type == "item":
        mods = modifiers(card, lang)
        if mods:
            lines.append(mods)
    if card.equip:
        lines.append(equip_types(card, lang))
    lines += [effect_line(e, lang) for e in card.effects]
    if card.use is not None:
        lines.append(effect_line(card.use, lang))
    return lines


def copy_mark(state: DragonQuestState, c: int) -> str:
    """``②`` for the second copy of a card in this game (copies numbered in instance order, both
    players together), ``""`` for a card with no other copy. Stable for the whole game."""
    return _copy_mark(state.inst.cards, c)


def marked(state: DragonQuestState, c: int, lang: str) -> str:
    """A card's name with its copy mark: ``Moss Slime ②``."""
    if c < 0:
        return "a card" if lang == "en" else "カード"
    name = state.card(c).label(lang)
    mark = copy_mark(state, c)
    return f"{name} {mark}" if mark else name
