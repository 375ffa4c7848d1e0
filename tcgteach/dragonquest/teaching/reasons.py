"""Why a Dragon Quest move is worth making, in game terms, each reason citing its rule (the coach's hints).

The fights are predicted with the engine's own arithmetic (``combat.resolve_fight`` through
``facts.Facts``: speed order, a first strike that defeats prevents the return blow, DQ-7.7/DQ-7.8),
on the cards as the player's view shows them: the field, the damage on each card and the deck sizes
are public; no hidden card (a hand, a deck's order) is read.

    reasons = explain(view, action, "ja")      # [Reason("DQ-7.8", "..."), ...], most telling first
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import Reason, check_choice
from ..rules import actions as A
from ..rules.ids import CHAR, ITEM, MONSTER, QUESTCARD, Node
from .cardtext import plural
from .facts import Facts
from .fight_reasons import _attack, _best_attacker, _block, _counter, _fallback, _no_attack, _no_block
from .reason_words import _are, _does, _has, _levels, _n, _names, _p

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..rules.state import DragonQuestState


def explain(view: DragonQuestState, action: Action, lang: str = "en") -> list[Reason]:
    """The reasons for ``action`` in ``view`` (the view of the player to act), most telling first."""
    check_choice(view, action, lang)
    ja = lang == "ja"
    f = Facts(view)
    battle = _battle(f, action, ja)
    return battle if battle is not None else _preparation(f, action, ja)


def _battle(f: Facts, action: Any, ja: bool) -> list[Reason] | None:
    """Reasons for a decision of the battle phase (DQ-6.13, DQ-7), None for any other decision."""
    t = type(action)
    if t is A.Attack:
        return _attack(f, action.card, ja)
    if t in (A.Fight, A.Continue):
        best = _best_attacker(f)
        return [] if best is None else _attack(f, best, ja, lead=True)
    if t in (A.Pass, A.EndBattle, A.Skip) and f.view.node in (Node.BATTLE, Node.COMBAT_ACTION, Node.COMBAT_END_STEP):
        return _no_attack(f, ja)
    if t is A.Block:
        return _block(f, action.card, ja)
    if t is A.NoBlock:
        return _no_block(f, ja)
    if t in (A.Counter, A.NoCounter):
        return _counter(f, t is A.Counter, ja)
    if t is A.Target and f.view.node == Node.COMBAT_FALLBACK and f.view.combat is not None:
        return _fallback(f, f.view.combat.attacker, action.card, ja)
    if t is A.Pass and f.view.node == Node.COMBAT_START:
        return [
            Reason(
                "DQ-7.1",
                "開始ステップで使って得になる効果はありません" if ja else "no start-step effect is worth its cost now",
            )
        ]
    return None


def _preparation(f: Facts, action: Any, ja: bool) -> list[Reason]:
    """Reasons for the mulligan, the draw and the preparation (DQ-3.3, DQ-6.3 - DQ-6.12) and for effects."""
    t = type(action)
    if t is A.Draw:
        return _draw(f, action.n, ja)
    if t is A.Recruit:
        return _recruit(f, action.card, action.row, ja)
    if t is A.Use:
        return _effect(f, f.inst.cards[action.card].effects[action.effect], action.card, ja)
    if t is A.UseItem:
        use = f.inst.cards[action.item].use
        return [] if use is None else _effect(f, use, f.carrier(action.item), ja)
    if t is A.Quest:
        effects = f.inst.cards[action.card].effects
        return _effect(f, effects[0], -1, ja) if effects else []
    if t in (A.Keep, A.Mulligan):
        return _mulligan(f, t is A.Keep, ja)
    if t is A.Target:
        return _target(f, action.card, ja)
    if t is A.Equip:
        return [_equip(f, action.item, action.card, ja)]
    return _plain_step(f, action, ja)


def _plain_step(f: Facts, action: Any, ja: bool) -> list[Reason]:
    """The one-line reasons: advancing, healing, discarding, restoring, treating, changing rows, ending
    (DQ-5.4 ... DQ-6.10)."""
    t = type(action)
    if t is A.Advance:
        c = action.card
        return [
            Reason(
                "DQ-5.4",
                f"前衛は後衛より多くなければならないので、{_n(f, c, ja)}を前に出します"
                if ja
                else f"the front row must outnumber the back row, and {_n(f, c, ja)} is the one to move up",
            )
        ]
    if t is A.Heal:
        c = action.card
        d = f.view.damage(c)
        return [
            Reason(
                "DQ-6.7",
                f"{_n(f, c, ja)}のダメージカード{d}枚がデッキの下に戻ります："
                f"デッキはライフなので、{d}枚分のライフを取り戻せます"
                if ja
                else f"the {plural(d, 'damage card')} on {_n(f, c, ja)} go back under your deck: "
                "your deck is your life, so you win back that much life",
            )
        ]
    if t is A.Discard:
        c = action.card
        return [
            Reason(
                "DQ-4.5",
                f"手札コストは{_n(f, c, ja)}を捨てて払い、すぐに使うカードは手札に残します"
                if ja
                else f"the hand cost is paid by discarding {_n(f, c, ja)}, keeping the cards you will use soon",
            )
        ]
    if t is A.Restore:
        c = action.card
        return [
            Reason(
                "DQ-6.8",
                f"クローズの{_n(f, c, ja)}がアクティブに戻り、攻撃にも防御にも反撃にも使えます"
                if ja
                else f"the closed {_n(f, c, ja)} becomes active again: it can attack, defend and strike back",
            )
        ]
    if t is A.Treat:
        c = action.card
        return [
            Reason(
                "DQ-6.6",
                f"{_n(f, c, ja)}の状態異常（毒・混乱）が治り、ターンの終わりのダメージを受けなくなります"
                if ja
                else f"it cures {_n(f, c, ja)} of poison and confusion, so it stops taking damage at the end of turns",
            )
        ]
    if t in (A.Swap, A.Move):
        return [
            Reason(
                "DQ-6.10",
                "列を並べ替えます：攻撃するのも攻撃を受けるのも前衛のカードで、後衛のカードは攻撃されません"
                if ja
                else "the rows change: front-row cards attack and are attacked, back-row cards cannot be attacked",
            )
        ]
    if t is A.EndPrep:
        return [
            Reason(
                "DQ-6.4",
                "準備でこれ以上得になる行動はありません" if ja else "no further preparation gains more than it costs",
            )
        ]
    return []


def _mulligan(f: Facts, keep: bool, ja: bool) -> list[Reason]:
    """Why keep or redraw THIS hand (DQ-3.3): what it has or lacks for the first turns. A party card of level 1
    enters active at the start (player level 1, DQ-6.5) and the first recruit of a turn is free; a card of level
    3 or more enters closed and waits for the player's level; an item needs a character in hand that can
    carry it (DQ-6.9); then the rule that makes level matter (DQ-6.5)."""
    inst, hand = f.inst, f.hand(f.me)
    party = sorted((c for c in hand if inst.kind[c] <= MONSTER), key=lambda c: (inst.level[c], c))
    lv1 = [c for c in party if inst.level[c] <= 1]
    late = [c for c in party if inst.level[c] >= 3]
    chars = [c for c in party if inst.kind[c] == CHAR]
    items = [c for c in hand if inst.kind[c] == ITEM]
    carried = [i for i in items if any(set(inst.cards[i].equip) & set(inst.cards[c].equip) for c in chars)]
    names = _names(f, lv1, ja)
    levels = _levels([inst.level[c] for c in party], ja)
    if lv1 and keep:
        if ja:
            text = f"手札にレベル1のパーティーカードが{len(lv1)}枚（{names}）あり、最初のターンから仲間にして戦えます"
            if carried:
                text += f"。キャラクターが装備できる道具も{len(carried)}枚あります"
            text += "。引き直すと、新しい6枚にレベル1のカードがあるとは限りません"
        else:
            text = f"your hand has {plural(len(lv1), 'level-1 party card')} ({names}) to recruit and fight with"
            text += " from turn 1"
            if carried:
                text += f", and {plural(len(carried), 'item')} for the characters in it"
            text += ": a new six might have none"
    elif not lv1 and not keep:
        if ja and party:
            text = (
                f"手札にレベル1のパーティーカードがありません（パーティーカードはレベル{levels}の{len(party)}枚だけです）。"
                "最初のターンに仲間にしてもアクティブで出せないので、6枚を引き直します"
            )
        elif ja:
            text = "手札にパーティーカードが1枚もなく、最初のターンに仲間にできるカードがないので、6枚を引き直します"
        else:
            what = (
                f"its {plural(len(party), 'party card')} {_are(len(party))} level {levels}"
                if party
                else ("it holds no party card at all")
            )
            text = (
                f"your hand has no level-1 party card ({what}), so nothing you recruit on turn 1 enters active: "
                "draw a new six"
            )
    elif keep:  # no level-1 card, but the search found the hand worth keeping
        text = _keep_anyway(party, levels, carried, ja)
    else:  # level-1 cards, but the search found a new six better
        text = _better_six(f, lv1, late, items, carried, names, ja)
    rule = Reason(
        "DQ-6.5",
        "パーティーカードは、レベルがプレイヤーレベル（最初は1）以下ならアクティブで出ます。それより高いとクローズで出ます"
        if ja
        else "a party card enters active only if its level is at most your player level (1 at the start), "
        "otherwise closed",
    )
    return [Reason("DQ-3.3", text), rule]


def _keep_anyway(party: list[int], levels: str, carried: list[int], ja: bool) -> str:
    """DQ-3.3: no level-1 card, but the search found the hand worth keeping."""
    if ja:
        what = f"レベル{levels}のパーティーカードが{len(party)}枚" if party else "パーティーカードはありません"
        text = f"レベル1のカードはありませんが、{what}"
        if carried:
            text += f"、装備できる道具が{len(carried)}枚"
        text += "あります。引き直しは1回だけで、新しい6枚がこれよりよいとは限りません"
    else:
        what = f"{plural(len(party), 'party card')} of level {levels}" if party else "no party card"
        text = f"your hand has no level-1 card, but {what}"
        if carried:
            text += f" and {plural(len(carried), 'item')} for the characters in your hand"
        text += ": a mulligan happens only once and a new six may be no better"
    return text


def _better_six(
    f: Facts, lv1: list[int], late: list[int], items: list[int], carried: list[int], names: str, ja: bool
) -> str:
    """DQ-3.3: level-1 cards, but the search found a new six better: what is weak in this hand."""
    inst, hand = f.inst, f.hand(f.me)
    weak_en: list[str] = []
    weak_ja: list[str] = []
    if late:
        weak_en.append(f"{plural(len(late), 'party card')} of level 3 or more would enter closed and wait")
        weak_ja.append(f"レベル3以上の{len(late)}枚は、出してもクローズのままレベルが上がるのを待つことになります")
    spare = len(items) - len(carried)
    if spare:
        it = "it" if spare == 1 else "them"
        weak_en.append(f"{plural(spare, 'item')} {_has(spare)} no character in your hand to carry {it}")
        weak_ja.append(f"道具{spare}枚は、手札に装備できるキャラクターがいません")
    quests = sum(1 for c in hand if inst.kind[c] == QUESTCARD)
    if quests and not weak_en:
        weak_en.append(f"{plural(quests, 'quest card')} {_does(quests)} nothing for your party on turn 1")
        weak_ja.append(f"クエスト{quests}枚は、最初のターンのパーティーの役には立ちません")
    if ja:
        if len(lv1) == 1:
            text = f"手札のレベル1のパーティーカードは1枚（{names}）だけです。"
        else:
            text = f"手札にレベル1のパーティーカードは{len(lv1)}枚（{names}）ありますが、"
        text += "。".join(weak_ja) if weak_ja else "ほかのカードは序盤には使いにくいものです"
        text += "。引き直しは1回だけですが、新しい6枚のほうが序盤を組み立てやすいかもしれません"
    else:
        few = len(lv1) == 1
        text = f"your hand has {'only ' if few else ''}{plural(len(lv1), 'level-1 party card')} ({names})"
        text += ((": " if few else ", but ") + "; ".join(weak_en)) if weak_en else ", and the rest is slow to use early"
        text += ", so a new six (a mulligan is allowed once) may start stronger"
    return text


def _draw(f: Facts, n: int, ja: bool) -> list[Reason]:
    me = f.me
    deck = len(f.deck(me))
    ns = [x.n for x in f.view.legal_actions() if isinstance(x, A.Draw)]
    low = bool(ns) and n == min(ns) and n < max(ns)
    if ja:
        text = f"引いたカードはデッキから出ていき、デッキはライフです（残り{deck}枚）"
        text += "：少なく引いてライフを守ります" if low else "：手札のカードは仲間・装備・コストの支払いに使えます"
    else:
        text = f"every card drawn leaves your deck, and your deck is your life ({deck} left)"
        text += ": draw few and keep it" if low else ": cards in hand pay for recruits, items and costs"
    return [Reason("DQ-1.2", text)]


def _recruit(f: Facts, c: int, row: str, ja: bool) -> list[Reason]:
    view, inst, me = f.view, f.inst, f.me
    out: list[Reason] = []
    if not f.party(me):
        out.append(
            Reason(
                "DQ-6.14",
                "場にパーティーがいないと、ターンの終わりに全滅ペナルティでデッキからカードを失います"
                if ja
                else "with no party card on the field you would pay the wipe-out penalty from your deck "
                "at the end of the turn",
            )
        )
    lv, plv = inst.level[c], view.level[me]
    free = view.recruits == 0
    if ja:
        text = "このターン最初に仲間にするカードなのでGPはかからず、" if free else ""
        text += (
            f"レベル{lv}はプレイヤーレベル{plv}以下なので、アクティブで出てすぐ戦えます"
            if lv <= plv
            else f"レベル{lv}はプレイヤーレベル{plv}より高いので、クローズで出ます"
        )
    else:
        text = "the first recruit of a turn is free, and " if free else ""
        text += (
            f"its level {lv} is at most your player level {plv}, so it enters active, ready to fight"
            if lv <= plv
            else f"its level {lv} is above your player level {plv}, so it enters closed"
        )
    out.append(Reason("DQ-6.5", text))
    del row
    return out


def _effect(f: Facts, eff: Any, src: int, ja: bool, target: int = -1) -> list[Reason]:
    """What a special effect, an item's use or a quest does here, on ``target`` or its best target
    (DQ-6.11, DQ-7.2)."""
    view, me = f.view, f.me
    target = _aimed(f, eff, src, target)
    out: list[Reason] = []
    nt = _n(f, target, ja) if target >= 0 else ""
    for op, n in eff.ops:
        if op == "damage":
            out += _damage_reasons(f, target, n, nt, ja)
        elif op == "poison" and target >= 0:
            out.append(
                Reason(
                    "DQ-6.14",
                    f"毒になった{nt}は、ターンの終わりごとに1ダメージを受けます"
                    if ja
                    else f"a poisoned {nt} takes 1 damage at the end of every turn",
                )
            )
        elif op == "confuse" and target >= 0:
            out.append(
                Reason(
                    "DQ-4.1",
                    f"混乱した{nt}はアクティブでなくなり、攻撃も防御も反撃もできません"
                    if ja
                    else f"a confused {nt} is no longer active: it can neither attack, defend nor strike back",
                )
            )
        elif op == "close" and target >= 0:
            out.append(
                Reason(
                    "DQ-7.4",
                    f"クローズにした{nt}は、防御にも反撃にも使えません"
                    if ja
                    else f"once closed, {nt} can neither defend nor strike back",
                )
            )
        elif op == "gain_gp":
            out.append(
                Reason(
                    "DQ-4.4",
                    f"{n}GPが手に入り、仲間・回復・装備の支払いに使えます"
                    if ja
                    else f"it gains {n} GP to pay for recruits, healing and items",
                )
            )
        elif op == "draw":
            out.append(
                Reason(
                    "DQ-1.2",
                    f"{n}枚引けますが、その分デッキ（ライフ）が減ります"
                    if ja
                    else f"it draws {plural(n, 'card')}, paid with as many cards of life from your deck",
                )
            )
        elif op == "heal" and target >= 0 and f.inst.owner[target] == me:
            healed = min(n, view.damage(target))
            out.append(
                Reason(
                    "DQ-8.1",
                    f"{nt}のダメージを{healed}枚取り除きます" if ja else f"it removes {healed} damage from {nt}",
                )
            )
        elif op == "cure" and target >= 0:
            out.append(Reason("DQ-6.6", f"{nt}の状態異常を治します" if ja else f"it cures {nt} of its ailments"))
        elif op == "activate" and target >= 0:
            out.append(
                Reason(
                    "DQ-7.3",
                    f"{nt}がアクティブになり、攻撃できるようになります"
                    if ja
                    else f"{nt} becomes active and can attack",
                )
            )
    return out


def _aimed(f: Facts, eff: Any, src: int, target: int) -> int:
    """``target``, or (none given) the best target of the effect for the player to act, -1 if it has none."""
    if target < 0 and eff.target != "none":
        targets = f._targets(eff, src, f.me)
        if targets:
            target = max(targets, key=lambda c: (f.target_value(eff, c, f.me), -c))
    return target


def _damage_reasons(f: Facts, target: int, n: int, nt: str, ja: bool) -> list[Reason]:
    """An effect's damage op on an opponent's card (DQ-8.1): whether it defeats the card (and the GP, DQ-8.3)."""
    if target < 0 or f.inst.owner[target] == f.me:
        return []
    reasons: list[Reason] = []
    owner = f.inst.owner[target]
    if f.view.damage(target) + n >= f.hp(target):
        reasons.append(
            Reason(
                "DQ-8.1",
                f"効果の{n}ダメージで{nt}を倒せます。戦闘ではないので反撃もありません"
                if ja
                else f"its {n} damage defeats {nt} outright: it is not a fight, so nothing strikes back",
            )
        )
        lv = f.inst.level[target]
        reasons.append(Reason("DQ-8.3", f"倒せば{lv}GPが手に入ります" if ja else f"the defeat earns you {lv} GP"))
    else:
        reasons.append(
            Reason(
                "DQ-8.1",
                f"効果の{n}ダメージは戦闘なしで{nt}に届き、{_p(owner)}はその分デッキ（ライフ）を失います"
                if ja
                else f"its {n} damage reaches {nt} without a fight, and {_p(owner)} pays it from their deck, "
                "their life",
            )
        )
    return reasons


def _target(f: Facts, t: int, ja: bool) -> list[Reason]:
    """The target of an effect being used (prep, start, action) or of confusion damage (DQ-6.14)."""
    view = f.view
    if view.node == Node.END_CONFUSION:
        left = f.left(t)
        text = (
            f"混乱の1ダメージは自分のカードのどれかが受けます。{_n(f, t, ja)}は残りHP{left}なので"
            + ("倒れません" if left > 1 else "倒れますが、ほかのカードを守れます")
            if ja
            else f"the confusion damage of 1 must land on one of your cards; {_n(f, t, ja)} has {left} HP left"
            + (", so it survives" if left > 1 else ", so it falls, sparing the others")
        )
        return [Reason("DQ-6.14", text)]
    pending = view.pending
    if pending is None:
        return []
    card = f.inst.cards[pending.source]
    eff = card.use if pending.kind == "item" else card.effects[pending.effect]
    if eff is None:
        return []
    return _effect(f, eff, pending.source, ja, target=t)


def _equip(f: Facts, item: int, c: int, ja: bool) -> Reason:
    it = f.inst.cards[item]
    parts = [(n, v) for n, v in (("attack", it.attack), ("hp", it.hp), ("speed", it.speed)) if v]
    if ja:
        names = {"attack": "攻撃力", "hp": "HP", "speed": "素早さ"}
        gain = "、".join(f"{names[n]}+{v}" for n, v in parts) or "道具の効果"
        text = f"{_n(f, c, ja)}が{gain}になります"
    else:
        names = {"attack": "attack", "hp": "HP", "speed": "speed"}
        gain = ", ".join(f"{names[n]} +{v}" for n, v in parts) or "the item's use"
        text = f"{_n(f, c, ja)} gets {gain}"
    if any(n == "speed" for n, _v in parts):
        text += "：先制しやすくなります" if ja else ": more first strikes"
    return Reason("DQ-6.9", text)
