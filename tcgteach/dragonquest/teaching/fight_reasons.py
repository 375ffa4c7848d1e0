"""The reasons of a Dragon Quest combat decision (DQ-7): whom to attack with, whether to block or counter, each
fight predicted with the engine's arithmetic (``combat.resolve_fight`` through ``facts.Facts``, DQ-7.7/DQ-7.8)."""

from __future__ import annotations

from ...core.game import Reason
from ..rules.combat import FightResult
from ..rules.ids import ACTIVE
from .facts import Facts
from .reason_words import _n, _p


def _best_attacker(f: Facts) -> int | None:
    me = f.tp
    if not f.front(1 - me):
        return None
    ready = [c for c in f.front(me) if f.view.orient[c] == ACTIVE]
    if not ready:
        return None
    return max(ready, key=lambda c: (f.attack_value(c), -c))


def _likely_defence(f: Facts, a: int) -> tuple[int, bool, bool]:
    """(defending card, counterattacks, chosen by the attacker) as the defender would answer best
    (DQ-7.4, DQ-7.5, DQ-7.7): the same answer the heuristic player gives."""
    view = f.view
    opp = 1 - f.inst.owner[a]
    front = f.front(opp)
    blockers = [d for d in front if view.orient[d] == ACTIVE]
    options: list[tuple[float, int, bool]] = []
    for d in blockers:
        options.append((f.defended_value(a, d), d, False))
    fall = max(front, key=lambda d: (f.defended_value(a, d), -d))
    options.append((f.defended_value(a, fall) + 0.01, fall, True))
    _v, d, picked = min(options, key=lambda o: (o[0], o[1]))
    counter = view.orient[d] == ACTIVE and f.fight_value(a, d, True) <= f.fight_value(a, d, False)
    return d, counter, picked


def _speed_clause(f: Facts, x: int, y: int, ja: bool) -> str:
    sx, sy = f.spd(x), f.spd(y)
    return f"素早さ{sx}対{sy}" if ja else f"speed {sx} against {sy}"


def _fight_reasons(f: Facts, r: FightResult, me: int, ja: bool) -> list[Reason]:
    """What one predicted fight does, from ``me``'s side: who strikes first, what falls, what it costs in life."""
    a, d = r.attacker.card, r.defender.card
    mine, theirs = (a, d) if f.inst.owner[a] == me else (d, a)
    out = [_order_reason(f, r, mine, ja)]
    dealt, taken = r.damage_to(theirs), r.damage_to(mine)
    opp = f.inst.owner[theirs]
    deck = len(f.deck(opp))
    if dealt > deck:
        out.append(
            Reason(
                "DQ-1.2",
                f"{dealt}ダメージは{_p(opp)}のデッキ（残り{deck}枚）より多いので、{_p(opp)}の負けになります"
                if ja
                else f"{dealt} damage is more than {_p(opp)}'s deck holds ({deck}), so {_p(opp)} loses",
            )
        )
    elif dealt:
        if ja:
            text = f"ダメージ1点ごとにデッキ（ライフ）のカードを1枚払います：{_p(opp)}は{dealt}枚"
            text += f"、こちらは{taken}枚を失います" if taken else "を失います"
        else:
            text = f"every point of damage costs a card of the owner's deck, their life: {_p(opp)} loses {dealt}"
            if taken:
                text += f", you lose {taken}"
        out.append(Reason("DQ-1.2", text))
    if theirs in r.defeated:
        lv = f.inst.level[theirs]
        out.append(
            Reason(
                "DQ-8.3",
                f"レベル{lv}の{_n(f, theirs, ja)}を倒せば{lv}GPが手に入ります"
                if ja
                else f"defeating {_n(f, theirs, ja)} (level {lv}) earns you {lv} GP",
            )
        )
    return out


def _order_reason(f: Facts, r: FightResult, mine: int, ja: bool) -> Reason:
    """Who strikes first in the fight and what that does (DQ-7.7, DQ-7.8)."""
    if r.order == "attacker_only":
        return _one_sided(f, r, ja)
    if r.prevented:
        return _prevented(f, r, mine, ja)
    if r.order == "simultaneous":
        return _simultaneous(f, r, ja)
    return _struck_back(f, r, ja)


def _one_sided(f: Facts, r: FightResult, ja: bool) -> Reason:
    """DQ-7.7: the defender does not strike back (it is not active, or it does not counter)."""
    a, d = r.attacker.card, r.defender.card
    na, nd = _n(f, a, ja), _n(f, d, ja)
    if f.view.orient[d] != ACTIVE:
        text = f"{nd}はアクティブではないので反撃できません" if ja else f"{nd} is not active, so it cannot strike back"
        if d in r.defeated:
            text += (
                f"。{na}の{r.attacker.attack}ダメージで倒れます"
                if ja
                else f", and the blow of {r.attacker.attack} from {na} defeats it"
            )
        return Reason("DQ-7.7", text)
    if d in r.defeated:
        return Reason(
            "DQ-7.7",
            f"{nd}は反撃しないのでダメージを与えられず、{na}の{r.attacker.attack}ダメージで倒れます"
            if ja
            else f"{nd} does not strike back, so it deals no damage, and the blow of "
            f"{r.attacker.attack} from {na} defeats it",
        )
    return Reason(
        "DQ-7.7",
        f"{nd}は反撃しないので、{na}は傷を負いません" if ja else f"{nd} does not strike back, so {na} takes no damage",
    )


def _prevented(f: Facts, r: FightResult, mine: int, ja: bool) -> Reason:
    """DQ-7.8: the faster card's first blow defeats the other before it can strike back."""
    a, d = r.attacker.card, r.defender.card
    first, second = (a, d) if r.order == "attacker_first" else (d, a)
    nf, ns = _n(f, first, ja), _n(f, second, ja)
    hit = r.blows[0].damage
    good = first == mine
    if ja:
        text = (
            f"{nf}のほうが素早く（{_speed_clause(f, first, second, ja)}）、先制の{hit}ダメージで{ns}を倒すので、"
            f"{ns}は反撃できません"
        )
    else:
        text = (
            f"{nf} is faster ({_speed_clause(f, first, second, ja)}) and its first blow of {hit} defeats {ns} "
            "before it can strike back"
        )
    if not good:
        text += "：これは避けたい展開です" if ja else ": the fight to avoid"
    return Reason("DQ-7.8", text)


def _simultaneous(f: Facts, r: FightResult, ja: bool) -> Reason:
    """DQ-7.8: equal speed, both blows land at once."""
    a = r.attacker.card
    fallen = [_n(f, c, ja) for c in r.defeated]
    if ja:
        text = f"素早さが同じ（{f.spd(a)}）なので、両方の攻撃が同時に当たり"
        text += f"、{'と'.join(fallen)}が倒れます" if fallen else "、どちらも倒れません"
    else:
        text = f"equal speed ({f.spd(a)}): both blows land at the same time"
        text += (
            f", and {' and '.join(fallen)} {'falls' if len(fallen) == 1 else 'fall'}"
            if fallen
            else ", and neither card falls"
        )
    return Reason("DQ-7.8", text)


def _struck_back(f: Facts, r: FightResult, ja: bool) -> Reason:
    """DQ-7.8: the first blow does not defeat, the other card strikes back."""
    a, d = r.attacker.card, r.defender.card
    first = a if r.order == "attacker_first" else d
    second = d if first == a else a
    nf, ns = _n(f, first, ja), _n(f, second, ja)
    back = r.blows[-1].damage
    if ja:
        text = f"{nf}が先に攻撃しますが（{_speed_clause(f, first, second, ja)}）、{ns}は倒れずに反撃し"
        text += f"、その{back}ダメージで{nf}が倒れます" if first in r.defeated else f"、{back}ダメージを返します"
    else:
        text = f"{nf} strikes first ({_speed_clause(f, first, second, ja)}) but {ns} survives and strikes back"
        text += f": its blow of {back} defeats {nf}" if first in r.defeated else f" for {back}"
    return Reason("DQ-7.8", text)


def _attack(f: Facts, a: int, ja: bool, lead: bool = False) -> list[Reason]:
    me = f.inst.owner[a]
    opp = 1 - me
    if not f.front(opp):
        return []
    d, counter, picked = _likely_defence(f, a)
    out: list[Reason] = []
    if lead:
        out.append(
            Reason(
                "DQ-6.13",
                f"{_n(f, a, ja)}での攻撃が得になります" if ja else f"an attack with {_n(f, a, ja)} pays off",
            )
        )
    r = f.fight(a, d, counter)
    out += _fight_reasons(f, r, me, ja)
    if picked:
        blockers = [x for x in f.front(opp) if f.view.orient[x] == ACTIVE]
        if not blockers:
            out.append(
                Reason(
                    "DQ-7.5",
                    f"{_p(opp)}には防御できるアクティブな前衛がいないので、防御カードはこちらが選べます"
                    if ja
                    else f"{_p(opp)} has no active front-row card to defend with, so you choose the defending card",
                )
            )
    return out


def _no_attack(f: Facts, ja: bool) -> list[Reason]:
    me = f.tp
    if not f.front(1 - me):
        return [
            Reason(
                "DQ-7.6",
                "相手の前衛が空なので、攻撃はできません"
                if ja
                else "the opponent's front row is empty, so no attack is possible",
            )
        ]
    ready = [c for c in f.front(me) if f.view.orient[c] == ACTIVE]
    if not ready:
        return [
            Reason(
                "DQ-7.3",
                "攻撃できるアクティブな前衛がいません" if ja else "you have no active front-row card to attack with",
            )
        ]
    best = max(ready, key=lambda c: (f.attack_value(c), -c))
    d, counter, _picked = _likely_defence(f, best)
    r = f.fight(best, d, counter)
    if f.attack_value(best) <= 0:
        text = (
            "どの攻撃も受けるダメージのほうが大きく、ダメージはデッキ（ライフ）で払うので、ここは攻めないほうが得です"
            if ja
            else "no attack gains more than it costs, and every blow you take is paid from your deck, your life"
        )
    else:
        text = (
            "攻めずに待てばライフを守れます：受けるダメージはデッキ（ライフ）で払います"
            if ja
            else "holding back keeps your life: every blow you take is paid from your deck"
        )
    out = [Reason("DQ-1.2", text)]
    if best in r.defeated:
        out += [x for x in _fight_reasons(f, r, me, ja) if x.rule == "DQ-7.8"]
    return out


def _block(f: Facts, d: int, ja: bool) -> list[Reason]:
    combat = f.view.combat
    if combat is None:
        return []
    a = combat.attacker
    counter = f.fight_value(a, d, True) <= f.fight_value(a, d, False)
    r = f.fight(a, d, counter)
    out = _fight_reasons(f, r, f.me, ja)
    if d not in r.defeated and r.order in ("attacker_only", "simultaneous"):
        left = f.left(d)
        out.insert(
            0,
            Reason(
                "DQ-7.8",
                f"{_n(f, d, ja)}は残りHP{left}なので、{_n(f, a, ja)}の{f.atk(a)}ダメージでは倒れません"
                if ja
                else f"{_n(f, d, ja)} has {left} HP left, so the blow of {f.atk(a)} from {_n(f, a, ja)} does not "
                "defeat it",
            ),
        )
    out.append(
        Reason(
            "DQ-7.5",
            "自分で防御カードを選べば、攻撃側に弱いカードを選ばれずにすみます"
            if ja
            else "choosing the defender yourself keeps the attacker from picking your weakest card",
        )
    )
    return out


def _no_block(f: Facts, ja: bool) -> list[Reason]:
    return [
        Reason(
            "DQ-7.5",
            "防御しなければ、攻撃側が前衛のカードを状態に関係なく選びます"
            if ja
            else "without a defender the attacker picks any card of your front row, whatever its state",
        )
    ]


def _counter(f: Facts, yes: bool, ja: bool) -> list[Reason]:
    combat = f.view.combat
    if combat is None or combat.defender < 0:
        return []
    a, d = combat.attacker, combat.defender
    r = f.fight(a, d, yes)
    if yes:
        out = _fight_reasons(f, r, f.me, ja)
        without = f.fight(a, d, False)
        if d in without.defeated:
            out.append(
                Reason(
                    "DQ-7.7",
                    f"反撃しなくても{_n(f, d, ja)}は倒れるので、反撃で失うものはありません"
                    if ja
                    else f"{_n(f, d, ja)} falls with or without it, so striking back costs nothing",
                )
            )
        return out
    out = [
        Reason(
            "DQ-7.7",
            f"反撃するとクローズになります。反撃しなければ{_n(f, d, ja)}はダメージを与えませんが、"
            "アクティブのまま残ります"
            if ja
            else f"a counterattack closes {_n(f, d, ja)}; without one it deals no damage but stays active",
        )
    ]
    hit_back = f.fight(a, d, True)
    if d in hit_back.defeated and d not in r.defeated:
        out.append(
            Reason(
                "DQ-7.8",
                f"反撃すると{_n(f, a, ja)}の素早さが上なので、{_n(f, d, ja)}が先に倒されます"
                if ja
                else f"if it struck back, the faster {_n(f, a, ja)} would defeat {_n(f, d, ja)} first",
            )
        )
    return out


def _fallback(f: Facts, a: int, d: int, ja: bool) -> list[Reason]:
    """DQ-7.5: the defender chose no card, so the attacker picks the defending card."""
    counter = f.view.orient[d] == ACTIVE and f.fight_value(a, d, True) <= f.fight_value(a, d, False)
    out = [
        Reason(
            "DQ-7.5",
            "相手が防御カードを選ばなかったので、前衛のどのカードでも選べます"
            if ja
            else "the defender chose no card, so you pick any card of their front row",
        )
    ]
    return _fight_reasons(f, f.fight(a, d, counter), f.me, ja) + out
