"""Dragon Quest quiz questions (``tcgteach.quiz``): each kind grounded in a rule, each answer played out.

Every position is a teaching position (``game.position``) whose cards, states, damage and
experience the seed's generator draws; the seed also picks which answer to aim at (the generator
draws until the engine's answer is that one), so the right answer changes from seed to seed. The
answer is always what the engine does when the position is played out on a copy.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.errors import TcgError
from ...quiz import Question, number_choices, question, yes_no
from ..rules import actions as A
from ..rules.ids import ORIENT_NAMES, Ev, Node
from .cardtext import plural
from .quiz_texts import T
from .text import combat_explanation

if TYPE_CHECKING:
    from ...core.events import Event
    from ..game import DragonQuest
    from ..rules.state import DragonQuestState


TRIES = 400  # positions drawn before giving up on the aimed answer
DECKS = ("heroes", "beasts", "guardians")


def board_without_level_notes(state: Any, lang: str, perspective: int | None) -> str:
    """The board without its notes on the levels to come ("level 3 at own next reset", "1 more to level
    4"): for the questions whose answer they are."""
    out = state.game.render_board(state, lang=lang, perspective=perspective)
    return re.sub(r' ?<span class="dq-note">\([^<]*\)</span>', "", out)


def _p(p: int) -> str:
    return f"P{p + 1}"


def _party(game: DragonQuest) -> list[str]:
    return sorted(cid for cid, c in game.cards.items() if c.is_party)


def _orient(s: DragonQuestState, c: int) -> str:
    """The card's orientation (DQ-4.1): "active", "closed" or "confused"."""
    return ORIENT_NAMES[s.orient[c]]


def _name(s: DragonQuestState, c: int, lang: str) -> str:
    name = s.card(c).name
    return name.get(lang, name["en"])


def _spec(
    rng: random.Random,
    front: list[Any],
    back: list[Any] | None = None,
    exp: list[str] | None = None,
    level: int | None = None,
) -> dict[str, Any]:
    d: dict[str, Any] = {"front": front, "back": back or [], "deck": {"fill": rng.choice(DECKS)}}
    if exp:
        d["exp"] = exp
    if level is not None:
        d["level"] = level
    return d


def _aim(
    rng: random.Random,
    answers: tuple[Any, ...],
    draw: Callable[[], tuple[Any, Any] | None],
) -> tuple[Any, Any]:
    """Draw positions until the engine's answer is the one the seed aims at: ``draw() -> (answer, payload)``."""
    target = rng.choice(answers)
    last = None
    for _ in range(TRIES):
        r = draw()
        if r is None:
            continue
        last = r
        if r[0] == target:
            return r
    if last is None:
        raise TcgError("quiz: no position found for this question (try another seed)")
    return last


def _until_turn_end(events: list[Event]) -> list[Event]:
    """The events up to the end of the current turn (the next turn's start is not part of the answer)."""
    for i, e in enumerate(events):
        if e.kind == Ev.TURN_END:
            return events[: i + 1]
    return events


# -- one attack: P1's card against P2's single front-row card ----------------------------------------------------
def _fight(game: DragonQuest, rng: random.Random, counter: bool | None = None) -> tuple[Any, ...]:
    """A position at P1's action step, the attack played out: (position, after, events, A, D, counter, battle)."""
    party = _party(game)
    a_id, d_id = rng.choice(party), rng.choice(party)
    dmg = rng.choice((0, 0, 1, 2))
    d_hp = game.cards[d_id].hp
    d_entry = {"card": d_id, "state": "active", "damage": min(dmg, d_hp - 1)}
    # sometimes a second, closed card beside it (it cannot block: the defender blocks with D)
    extra = [{"card": rng.choice(party), "state": "closed"}] if rng.random() < 0.5 else []
    spec = {
        "turn_player": 0,
        "node": "combat.action",
        "players": [_spec(rng, [{"card": a_id, "state": "active"}]), _spec(rng, [d_entry, *extra])],
    }
    s = game.position(spec, seed=rng.randrange(1000))
    att, dfn = s.front(0)[0], s.front(1)[0]
    ctr = rng.random() < 0.5 if counter is None else counter
    after: Any = s.clone()
    events = list(after.apply(A.Attack(att)))
    events += after.apply(A.Block(dfn))
    events += after.apply(A.Counter() if ctr else A.NoCounter())
    battle = next(e for e in events if e.kind == Ev.BATTLE)
    return s, after, _until_turn_end(events), att, dfn, ctr, battle


def _setup_text(s: DragonQuestState, att: int, dfn: int, ctr: bool, lang: str) -> str:
    key = "attack_setup" if ctr else "attack_setup_nc"
    return T.t(key, lang, P="P1", Q="P2", A=_name(s, att, lang), D=_name(s, dfn, lang))


def _combat_lines(after: DragonQuestState, battle: Event, lang: str) -> str:
    return " ".join(combat_explanation(after, battle.data, lang))


def first_strike(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-7.8: the faster card strikes first; equal speed is simultaneous."""

    def draw() -> tuple[Any, Any]:
        r = _fight(game, rng, counter=True)
        return r[6].data["order"], r

    order, (s, after, events, att, dfn, _ctr, battle) = _aim(
        rng, ("attacker_first", "defender_first", "simultaneous"), draw
    )
    names = {"P": "P1", "Q": "P2", "A": _name(s, att, lang), "D": _name(s, dfn, lang)}
    texts = {
        "attacker_first": T.t("first_att", lang, **names),
        "defender_first": T.t("first_def", lang, **names),
        "simultaneous": T.t("first_sim", lang),
    }
    why = T.t("first_e", lang, A=names["A"], D=names["D"], a=s.speed_of(att), d=s.speed_of(dfn))
    return question(
        kind="first_strike",
        lang=lang,
        position=s,
        perspective=None,
        about={"attacker": att, "defender": dfn, "counter": True},
        prompt=T.t("first_q", lang, setup=_setup_text(s, att, dfn, True, lang)),
        choices=list(texts.values()),
        right=texts[order],
        rules=("DQ-7.8",),
        events=events,
        after=after,
        explanation=f"{why} (DQ-7.8)",
    )


def counter_back(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-7.7 / DQ-7.8: a counterattack deals damage unless a faster first strike defeats the defender."""

    def draw() -> tuple[Any, Any]:
        r = _fight(game, rng, counter=True)
        hits = any(b["from"] == r[4] for b in r[6].data["blows"])
        return hits, r

    hits, (s, after, events, att, dfn, _ctr, battle) = _aim(rng, (True, False), draw)
    names = {"A": _name(s, att, lang), "D": _name(s, dfn, lang)}
    yes, no = yes_no(lang)
    why = T.t("back_yes" if hits else "back_no", lang, **names)
    return question(
        kind="counter_back",
        lang=lang,
        position=s,
        perspective=None,
        about={"attacker": att, "defender": dfn, "counter": True},
        prompt=T.t("back_q", lang, setup=_setup_text(s, att, dfn, True, lang), **names),
        choices=(yes, no),
        right=yes if hits else no,
        rules=("DQ-7.7", "DQ-7.8"),
        events=events,
        after=after,
        explanation=f"{why} {_combat_lines(after, battle, lang)} (DQ-7.7, DQ-7.8)",
    )


def _cards(n: int, lang: str) -> str:
    return T.t("card1", lang) if n == 1 else T.t("cards", lang, n=n)


def damage_cards(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-8.1: damage N moves N cards from the top of the owner's deck onto the card (DQ-1.2: the deck is life)."""

    def draw() -> tuple[Any, Any]:
        r = _fight(game, rng)
        taken = sum(e.data["taken"] for e in r[2] if e.kind == Ev.DAMAGE and e.data["card"] == r[4])
        return taken, r

    # aim at small or large numbers in turn: the answers spread over 0-6
    want = rng.choice(((0, 1, 2), (3, 4), (5, 6, 7)))
    for _ in range(TRIES):
        taken, r = draw()
        if taken in want:
            break
    s, after, events, att, dfn, ctr, battle = r
    names = {"A": _name(s, att, lang), "D": _name(s, dfn, lang)}
    why = T.t("deck_e", lang, A=names["A"], n=s.attack_of(att))
    if battle.data["prevented"] and battle.data["order"] == "defender_first":
        why += T.t("deck_none", lang, **names)
    options = number_choices(taken, rng, [s.attack_of(att), s.attack_of(dfn)])
    return question(
        kind="damage_cards",
        lang=lang,
        position=s,
        perspective=None,
        about={"attacker": att, "defender": dfn, "counter": ctr},
        prompt=T.t("deck_q", lang, setup=_setup_text(s, att, dfn, ctr, lang), Q="P2", D=names["D"]),
        choices=[_cards(n, lang) for n in options],
        right=_cards(taken, lang),
        rules=("DQ-8.1", "DQ-7.8"),
        events=events,
        after=after,
        explanation=f"{why} (DQ-8.1)",
    )


def who_defends(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-7.4 / DQ-7.5: the defender chooses an active front-row card; with none, the attacker chooses."""
    party = _party(game)

    def draw() -> tuple[Any, Any]:
        n = rng.choice((1, 2, 3))
        front = [{"card": rng.choice(party), "state": rng.choice(("active", "closed", "confused"))} for _ in range(n)]
        spec = {
            "turn_player": 0,
            "node": "combat.action",
            "players": [_spec(rng, [{"card": rng.choice(party)}]), _spec(rng, front)],
        }
        s = game.position(spec, seed=rng.randrange(1000))
        after: Any = s.clone()
        events = list(after.apply(A.Attack(s.front(0)[0])))
        # DQ-7.5: with no active front-row card the defender cannot choose (the engine says so: no_blocker)
        chooser = 0 if any(e.kind == Ev.NO_BLOCKER for e in events) else 1
        if after.node in (Node.COMBAT_DEFEND, Node.COMBAT_FALLBACK):
            events += after.apply(after.legal_actions()[0])  # the chooser's first choice, to show it
        return chooser, (s, after, _until_turn_end(events))

    chooser, (s, after, events) = _aim(rng, (0, 1), draw)
    a = _name(s, s.front(0)[0], lang)
    texts = {1: T.t("who_def", lang, Q="P2"), 0: T.t("who_att", lang, P="P1")}
    active = [c for c in s.front(1) if _orient(s, c) == "active"]
    sep = "、" if lang == "ja" else ", "
    if chooser == 1:
        why = T.t("who_e_def", lang, P="P1", Q="P2", cards=sep.join(_name(s, c, lang) for c in active))
        rule = "DQ-7.4"
    else:
        why, rule = T.t("who_e_att", lang, P="P1", Q="P2"), "DQ-7.5"
    return question(
        kind="who_defends",
        lang=lang,
        position=s,
        perspective=None,
        prompt=T.t("who_q", lang, P="P1", Q="P2", A=a),
        choices=list(texts.values()),
        right=texts[chooser],
        rules=("DQ-7.4", "DQ-7.5"),
        events=events,
        after=after,
        explanation=f"{why} ({rule})",
    )


def can_attack(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-7.3 / DQ-7.6: only an active front-row card attacks, and only a non-empty front row is attacked."""
    party = _party(game)
    states = ("active", "active", "closed", "confused")

    def draw() -> tuple[Any, Any]:
        nf = rng.choice((1, 2, 3))
        front = [{"card": rng.choice(party), "state": rng.choice(states)} for _ in range(nf)]
        back = [{"card": rng.choice(party), "state": rng.choice(states)} for _ in range(rng.randrange(nf))]
        foe = [] if rng.random() < 0.2 else [{"card": rng.choice(party)}]
        spec = {"turn_player": 0, "node": "combat.action", "players": [_spec(rng, front, back), _spec(rng, foe)]}
        s = game.position(spec, seed=rng.randrange(1000))
        x = rng.choice(s.party(0))
        return A.Attack(x) in s.legal_actions(), (s, x)

    can, (s, x) = _aim(rng, (True, False), draw)
    after: Any = s.clone()
    events = _until_turn_end(list(after.apply(A.Attack(x)))) if can else []
    where = T.t("front" if x in s.front(0) else "back", lang)
    state = T.t(_orient(s, x), lang)
    xn = _name(s, x, lang)
    if can:
        why, rule = T.t("can_yes", lang), "DQ-7.3"
    elif x in s.back(0):
        why, rule = T.t("can_back", lang), "DQ-7.3"
    elif _orient(s, x) != "active":
        why, rule = T.t("can_state", lang, X=xn, state=state), "DQ-7.3"
    else:
        why, rule = T.t("can_empty", lang, Q="P2"), "DQ-7.6"
    yes, no = yes_no(lang)
    return question(
        kind="can_attack",
        lang=lang,
        position=s,
        perspective=None,
        about={"card": x},
        prompt=T.t("can_q", lang, P="P1", X=xn, where=where, state=state),
        choices=(yes, no),
        right=yes if can else no,
        rules=("DQ-7.3", "DQ-7.6"),
        events=events,
        after=after,
        explanation=f"{why} ({rule})",
    )


# -- the next turn of P2: level (DQ-9) and income (DQ-6.2) ---------------------------------------------------------
def _next_turn(game: DragonQuest, rng: random.Random) -> tuple[DragonQuestState, DragonQuestState, list[Event]]:
    """P1 at the battle phase with some defeated cards in its experience box (P2's experience, DQ-9.1), P2
    at a level it may have outgrown; P1 skips the battle, and P2's turn begins (reset, income)."""
    party = _party(game)
    exp = [rng.choice(party) for _ in range(rng.randrange(6))]
    total = sum(game.cards[c].level for c in exp)
    last = game.cards[exp[-1]].level if exp else 0
    level = 1 + (total - (last if rng.random() < 0.6 else 0)) // 5  # before the newest defeat, or up to date
    spec = {
        "turn_player": 0,
        "node": "battle",
        "players": [_spec(rng, [rng.choice(party)], exp=exp), _spec(rng, [rng.choice(party)], level=level)],
    }
    s = game.position(spec, seed=rng.randrange(1000))
    after: Any = s.clone()
    events = list(after.apply(A.Skip()))
    return s, after, events


def _exp_text(s: DragonQuestState, lang: str) -> str:
    box = s.exp_box(0)
    if not box:
        return T.t("empty", lang)
    sep = "、" if lang == "ja" else ", "
    if lang == "ja":
        return sep.join(f"{_name(s, c, lang)}（レベル{s.card(c).level}）" for c in box)
    return sep.join(f"{_name(s, c, lang)} (level {s.card(c).level})" for c in box)


def _from_reset(events: list[Event]) -> list[Event]:
    """P1's turn end and P2's turn start: the events from the turn end up to the income."""
    out, on = [], False
    for e in events:
        on = on or e.kind == Ev.TURN_END
        if on:
            out.append(e)
        if e.kind == Ev.INCOME:
            break
    return out


def level_next(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-9.1, DQ-9.2, DQ-9.4: level = 1 + experience // 5, checked at the own reset phase."""

    def draw() -> tuple[Any, Any]:
        s, after, events = _next_turn(game, rng)
        return after.level[1] > s.level[1], (s, after, events)

    _, (s, after, events) = _aim(rng, (True, False), draw)
    new = after.level[1]
    options = number_choices(new, rng, [s.level[1], new + 1], lo=1, n=3)
    return question(
        kind="level_next",
        lang=lang,
        position=s,
        perspective=None,
        board=board_without_level_notes,
        prompt=T.t("level_q", lang, P="P1", Q="P2", cards=_exp_text(s, lang), L=s.level[1]),
        choices=[T.t("level", lang, n=v) for v in options],
        right=T.t("level", lang, n=new),
        rules=("DQ-9.1", "DQ-9.2", "DQ-9.4"),
        events=_from_reset(events),
        after=after,
        explanation=T.t("level_e", lang, Q="P2", exp=after.experience(1), n=new) + " (DQ-9.1, DQ-9.2, DQ-9.4)",
    )


def income(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-6.2: the income is the player level + 1, after the reset phase's level check (DQ-6.1, DQ-9.4)."""

    def draw() -> tuple[Any, Any]:
        s, after, events = _next_turn(game, rng)
        return after.level[1] > s.level[1], (s, after, events)

    _, (s, after, events) = _aim(rng, (True, False), draw)
    gain = after.gp[1] - s.gp[1]
    options = number_choices(gain, rng, [s.level[1] + 1, s.level[1], gain + 1], lo=1)
    return question(
        kind="income",
        lang=lang,
        position=s,
        perspective=None,
        board=board_without_level_notes,
        prompt=T.t("gp_q", lang, P="P1", Q="P2", cards=_exp_text(s, lang), L=s.level[1]),
        choices=[T.t("gp", lang, n=v) for v in options],
        right=T.t("gp", lang, n=gain),
        rules=("DQ-6.2", "DQ-6.1", "DQ-9.4"),
        events=_from_reset(events),
        after=after,
        explanation=T.t("gp_e", lang, Q="P2", n=after.level[1], gp=gain) + " (DQ-6.1, DQ-6.2)",
    )


# -- the end of the turn (DQ-6.14): poison, wipe-out ---------------------------------------------------------------
def poison(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-6.14 step 3: every poisoned party card takes 1 damage at the end of every turn (option status_tick)."""
    party = _party(game)

    def draw() -> tuple[Any, Any]:
        cid = rng.choice(party)
        hp = game.cards[cid].hp
        d = rng.randrange(hp)
        x = {"card": cid, "state": rng.choice(("active", "closed")), "poisoned": True, "damage": d}
        spec = {
            "turn_player": 0,
            "node": "battle",
            "players": [_spec(rng, [rng.choice(party)]), _spec(rng, [x, rng.choice(party)])],
        }
        s = game.position(spec, seed=rng.randrange(1000))
        target = s.front(1)[0]
        after: Any = s.clone()
        events = _until_turn_end(list(after.apply(A.Skip())))
        if any(e.kind == Ev.DEFEAT and e.data["card"] == target for e in events):
            key = "dead"
        elif any(e.kind == Ev.DAMAGE and e.data["card"] == target for e in events):
            key = "hit"
        else:
            key = "none"
        return key, (s, after, events, target)

    key, (s, after, events, x) = _aim(rng, ("hit", "dead"), draw)
    texts = {k: T.t(f"poison_{k}", lang) for k in ("hit", "dead", "none")}
    rules = ("DQ-6.14", "DQ-8.2") if key == "dead" else ("DQ-6.14",)
    return question(
        kind="poison",
        lang=lang,
        position=s,
        perspective=None,
        about={"card": x},
        prompt=T.t("poison_q", lang, P="P1", Q="P2", X=_name(s, x, lang), d=s.damage(x), hp=s.hp_of(x)),
        choices=list(texts.values()),
        right=texts[key],
        rules=rules,
        events=events,
        after=after,
        explanation=T.t("poison_e", lang) + f" ({', '.join(rules)})",
    )


def wipe_out(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-6.14 step 1: a player with no party card on the field pays 5 cards (option wipe_out)."""
    party = _party(game)

    def draw() -> tuple[Any, Any]:
        turn = rng.choice((1, 3, 5))
        foe = [] if rng.random() < 0.7 else [rng.choice(party)]
        spec = {
            "turn_player": 0,
            "first_player": 0,
            "turn": turn,
            "node": "battle",
            "players": [_spec(rng, [rng.choice(party)]), _spec(rng, foe)],
        }
        s = game.position(spec, seed=rng.randrange(1000))
        after: Any = s.clone()
        events = _until_turn_end(list(after.apply(A.Skip())))
        paid = len(after.discard(1)) - len(s.discard(1))
        key = "pay" if paid else ("has" if s.party(1) else "spared")
        return key, (s, after, events, paid)

    key, (s, after, events, paid) = _aim(rng, ("pay", "has", "spared"), draw)
    why = T.t(f"wipe_e_{key}", lang, Q="P2")
    options = sorted({0, 1, 5, paid})
    n = len(s.party(1))
    return question(
        kind="wipe_out",
        lang=lang,
        position=s,
        perspective=None,
        prompt=T.t("wipe_q", lang, P="P1", Q="P2", F="P1", turn=s.turn, n=n, party=plural(n, "party card")),
        choices=[_cards(n, lang) for n in options],
        right=_cards(paid, lang),
        rules=("DQ-6.14",),
        events=events,
        after=after,
        explanation=f"{why} (DQ-6.14)",
    )


def defeat_gp(game: DragonQuest, rng: random.Random, lang: str) -> Question:
    """DQ-8.3: defeating a card gives its owner's opponent GP equal to the card's level."""

    def draw() -> tuple[Any, Any]:
        r = _fight(game, rng, counter=False)
        gained = r[1].gp[0] - r[0].gp[0]
        return gained > 0, r

    _, (s, after, events, att, dfn, ctr, battle) = _aim(rng, (True, False), draw)
    gained = after.gp[0] - s.gp[0]
    lv = s.card(dfn).level
    dn = _name(s, dfn, lang)
    what = T.t("dgp_def" if dfn in battle.data["defeated"] else "dgp_nodef", lang, D=dn, lv=lv)
    options = number_choices(gained, rng, [0, lv, s.attack_of(att)])
    return question(
        kind="defeat_gp",
        lang=lang,
        position=s,
        perspective=None,
        about={"attacker": att, "defender": dfn, "counter": ctr},
        prompt=T.t("dgp_q", lang, setup=_setup_text(s, att, dfn, ctr, lang), P="P1"),
        choices=[T.t("gp", lang, n=v) for v in options],
        right=T.t("gp", lang, n=gained),
        rules=("DQ-8.3", "DQ-8.2"),
        events=events,
        after=after,
        explanation=T.t("dgp_e", lang, what=what) + " (DQ-8.3)",
    )


KINDS: dict[str, Callable[[Any, random.Random, str], Question]] = {
    "first_strike": first_strike,
    "counter_back": counter_back,
    "damage_cards": damage_cards,
    "who_defends": who_defends,
    "can_attack": can_attack,
    "defeat_gp": defeat_gp,
    "level_next": level_next,
    "income": income,
    "poison": poison,
    "wipe_out": wipe_out,
}
