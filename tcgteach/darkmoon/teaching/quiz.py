"""DARK MOON quiz questions (``tcgteach.quiz``): each kind grounded in a rule, each answer played out by the engine.

Positions come from seeded games of the heuristic and random players, stopped at a moment the
question applies; among the moments found, the seed picks which answer to aim at, so that the
right answer changes from seed to seed. The answer is what the engine does on a copy of the state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...agents import make_agent
from ...core.errors import TcgError
from ...quiz import Question, number_choices, question, yes_no
from ..rules import actions as A
from ..rules.cards import CHARACTER_JA
from ..rules.ids import Ev, Node
from .cardtext import plural
from .quiz_texts import T
from .text import card_name

if TYPE_CHECKING:
    from ...core.events import Event
    from ..game import DarkMoon
    from ..rules.state import DarkMoonState


GAMES_TRIED = 40  # seeded games searched for a position before giving up
STEP_LIMIT = 3000


def board_without_points(state: Any, lang: str, perspective: int | None) -> str:
    """The board with the points it shows now taken out (each player's total, each unit's points, each
    special's "bonus now"): for the questions whose answer they are."""
    out = state.game.render_board(state, lang=lang, perspective=perspective)
    out = re.sub(r'<span class="tcg-fx tcg-now[^"]*">[^<]*</span>', "", out)
    out = re.sub(r"(<h4>(?:▶ )?P\d+) — [^<]*? · ", r"\1 · ", out)
    return re.sub(r'(<div class="tcg-unit" data-slot="\d+"><small>[^<]*?) · [^<]*(</small>)', r"\1\2", out)


def board_without_final_seats(state: Any, lang: str, perspective: int | None) -> str:
    """The board without the list of the players still to take their final turn (DM-1.5): for the
    question whose answer it is."""
    out = state.game.render_board(state, lang=lang, perspective=perspective)
    return re.sub(r" · (?:still to play: |残り：)[^·<]*", "", out)


def board_without_action_count(state: Any, lang: str, perspective: int | None) -> str:
    """The board without its count of the turn's actions ("actions 1/2", DM-4.1): for the question
    whose answer it is."""
    out = state.game.render_board(state, lang=lang, perspective=perspective)
    return re.sub(r" · (?:actions |行動 )\d+/\d+", "", out)


def _points(n: int, lang: str) -> str:
    return T.t("points", lang, n=n, pts=plural(n, "point"))


def _p(p: int) -> str:
    return f"P{p + 1}"


def _games(game: DarkMoon, rng: random.Random, players: tuple[int, ...] = (2,)) -> Iterator[DarkMoonState | None]:
    """Seeded games, one after another: every decision state of each and its final state (the live state:
    clone to keep it), then None to mark the end of each game."""
    for _ in range(GAMES_TRIED):
        n = rng.choice(players)
        seed = rng.randrange(1_000_000)
        s: Any = game.new_state(seed=seed, players=n)
        agents = [make_agent(rng.choice(("heuristic", "heuristic", "random")), seed * 10 + k) for k in range(n)]
        for _step in range(STEP_LIMIT):
            yield s
            if s.is_terminal():
                break
            p = s.current_player
            s.apply_unchecked(agents[p].act(s.view(p)))
        yield None  # a game ends: the caller may stop here once it has enough


Found = tuple[Any, Any, Any]  # (answer key, state copy, payload)


def _find(
    game: DarkMoon,
    rng: random.Random,
    test: Callable[[DarkMoonState], tuple[Any, Any] | None],
    players: tuple[int, ...] = (2,),
    enough: int = 1,
    games: int = 1,
) -> Found:
    """A position where ``test`` applies: ``test(state) -> (answer key, payload)`` or None. After each game
    (``games`` at least) with enough candidates, the seed picks an answer key among those found, then a
    position with it."""
    found: dict[Any, list[tuple[Any, Any]]] = {}
    played = 0
    for s in _games(game, rng, players):
        if s is None:
            played += 1
            if played >= games and sum(len(v) for v in found.values()) >= enough and found:
                key = rng.choice(sorted(found, key=str))
                state, payload = rng.choice(found[key])
                return key, state, payload
            continue
        r = test(s)
        if r is not None:
            found.setdefault(r[0], []).append((s.clone(), r[1]))
    raise TcgError("quiz: no position found for this question in the games tried (try another seed)")


def _rest_of_turn(s: DarkMoonState) -> list[Event]:
    """Play the turn player's cards until the turn ends (on-play choices: the last offered, e.g. decline)."""
    p, turn = s.turn_player, s.turn
    out: list[Event] = []
    while not s.is_terminal() and s.turn == turn and s.turn_player == p:
        legal = s.legal_actions()
        plays = [a for a in legal if isinstance(a, A.Play)]
        if s.node == Node.MAIN:
            action: Any = plays[0] if plays else A.END_MAIN
        else:
            action = legal[-1]
        out += s.apply(action)
    return out


def _to_end(s: DarkMoonState, seed: int) -> list[Event]:
    """Play the game out with the heuristic player in every seat."""
    agents = [make_agent("heuristic", seed + k) for k in range(s.num_players)]
    out: list[Event] = []
    for _ in range(STEP_LIMIT):
        if s.is_terminal():
            break
        p = s.current_player
        assert p is not None
        out += s.apply(agents[p].act(s.view(p)))
    return out


# -- DM-4.4 where the revealed card goes -----------------------------------------------------------------
def reveal(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question "where does the revealed card go?" about a play from a seeded game (DM-4.4: matching or not)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if s.node != Node.MAIN or not s.deck(s.turn_player):
            return None
        plays = [a for a in s.legal_actions() if isinstance(a, A.Play) and s.card(a.card).effect is None]
        if not plays:
            return None
        action = plays[hash(len(s.history)) % len(plays)]
        c = s.clone()
        events = c.apply(action)
        ev = next(e for e in events if e.kind == Ev.REVEAL)
        return ev.data["to"], (action, ev.data["card"])

    to, s, (action, top) = _find(game, rng, test)
    p = s.turn_player
    after = s.clone()
    events = after.apply(action)
    shown = s.view(p)
    P = _p(p)
    top_card = s.card(top)
    fmt = {"P": P, "card": card_name(s, action.card, lang), "top": card_name(s, top, lang)}
    if not top_card.is_character:
        why = T.t("reveal_special", lang, **fmt)
    else:
        field = [c for c in after.field(p) if c != top and s.inst.is_char[c] and s.inst.number[c] == top_card.number]
        if field:
            why = T.t("reveal_match", lang, n=top_card.number, match=card_name(s, field[0], lang), **fmt)
        else:
            why = T.t("reveal_nomatch", lang, n=top_card.number, **fmt)
    right = T.t("to_field" if to == "field" else "to_hand", lang, P=P)
    return question(
        kind="reveal",
        lang=lang,
        position=shown,
        truth=s,
        about={"card": action.card, "top": top},
        perspective=p,
        prompt=T.t("reveal_q", lang, **fmt),
        choices=(T.t("to_field", lang, P=P), T.t("to_hand", lang, P=P)),
        right=right,
        rules=("DM-4.4",),
        events=events,
        after=after,
        explanation=why + " (DM-4.4)",
    )


# -- DM-4.1 / DM-4.3 how many actions are left -------------------------------------------------------------
def _actions_text(n: int, lang: str) -> str:
    return T.t("actions_1", lang) if n == 1 else T.t("actions_n", lang, n=n)


def actions_left(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question "how many actions are left this turn?" (DM-4.1: two a turn; DM-4.3 on the very first turn)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if s.node != Node.MAIN:
            return None
        return s.action_limit() - s.actions_used, None

    left, s, _ = _find(game, rng, test)
    p = s.turn_player
    after = s.clone()
    events = _rest_of_turn(after)
    limit = s.action_limit()
    first = s.turn == 1 and limit == 1
    why = T.t("actions_e", lang, P=_p(p), limit=_actions_text(limit, lang), used=s.actions_used, left=left) + (
        T.t("actions_first", lang) if first else ""
    )
    return question(
        kind="actions_left",
        lang=lang,
        position=s.view(p),
        truth=s,
        perspective=p,
        board=board_without_action_count,
        prompt=T.t("actions_q", lang, P=_p(p), turn=s.turn),
        choices=[_actions_text(n, lang) for n in (0, 1, 2)],
        right=_actions_text(left, lang),
        rules=("DM-4.3", "DM-4.1") if first else ("DM-4.1",),
        events=events,
        after=after,
        explanation=why + (" (DM-4.1, DM-4.3)" if first else " (DM-4.1)"),
    )


# -- DM-4.6 / DM-4.7 can a unit be created --------------------------------------------------------------
def can_form_unit(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question "can the turn player create a unit now?" (DM-4.6, DM-4.7)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if s.node != Node.MAIN:
            return None
        return any(isinstance(a, A.StartUnit) for a in s.legal_actions()), None

    can, s, _ = _find(game, rng, test)
    p = s.turn_player
    after = s.clone()
    events: list[Event] = []
    if can:
        start = next(a for a in after.legal_actions() if isinstance(a, A.StartUnit))
        events += after.apply(start)
        while A.FINISH not in after.legal_actions():
            pick = next(a for a in after.legal_actions() if isinstance(a, A.Pick) and after.inst.is_char[a.card])
            events += after.apply(pick)
        events += after.apply(A.FINISH)
    n = len(s.field_characters(p))
    k = sum(1 for u in s.units(p) if not u)
    yes, no = yes_no(lang)
    return question(
        kind="can_form_unit",
        lang=lang,
        position=s.view(p),
        truth=s,
        perspective=p,
        prompt=T.t("unit_q", lang, P=_p(p)),
        choices=(yes, no),
        right=yes if can else no,
        rules=("DM-4.6", "DM-4.7"),
        events=events,
        after=after,
        explanation=T.t(
            "unit_e",
            lang,
            P=_p(p),
            n=n,
            k=k,
            chars=plural(n, "character card"),
            slots=plural(k, "empty unit slot"),
        )
        + " (DM-4.6, DM-4.7)",
    )


# -- DM-5 scoring ---------------------------------------------------------------------------------------------
def _final(s: DarkMoonState) -> tuple[Any, Any] | None:
    return ("over", None) if s.is_terminal() else None


def score(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question "how many points does this player score?" about a finished game (DM-5.1 to DM-5.4)."""
    _, s, _ = _find(game, rng, _final)
    p = rng.randrange(s.num_players)
    b = s.score(p)
    total = b["total"]
    loose_chars = len(s.field_characters(p))
    near = [b["units"], total + loose_chars, b["units"] + b["loose_specials"]]
    options = number_choices(total, rng, near)
    return question(
        kind="score",
        lang=lang,
        position=s,
        perspective=None,
        about={"player": p},
        board=board_without_points,
        prompt=T.t("score_q", lang, P=_p(p)),
        choices=[_points(v, lang) for v in options],
        right=_points(total, lang),
        rules=("DM-5.1", "DM-5.2", "DM-5.3", "DM-5.4"),
        events=(s.events[-1],),
        after=s,
        explanation=T.t(
            "score_e",
            lang,
            P=_p(p),
            units=b["units"],
            units_cards=plural(b["units"], "card"),
            bonus=b["unit_bonuses"],
            loose=b["loose_specials"],
            loose_cards=plural(b["loose_specials"], "special card"),
            total=total,
        )
        + " (DM-5.1–DM-5.4)",
    )


# -- DM-5.2 a special's point effect in a unit -------------------------------------------------------------------
def special_bonus(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question about the points a special card inside a unit adds (DM-5.2)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if s.node != Node.MAIN:
            return None
        for p in range(s.num_players):
            for k, unit in enumerate(s.units(p)):
                for c in unit:
                    if s.card(c).points is not None:
                        detail = next(d for d in s.score(p)["unit_detail"] if d["slot"] == k + 1)
                        v = sum(x["points"] for x in detail["bonus_cards"] if x["card"] == c)
                        return v > 0, (p, k + 1, c, v)
        return None

    _, s, (p, slot, c, v) = _find(game, rng, test, games=3)
    card = s.card(c)
    chars = [s.card(x).character for x in s.unit(p, slot) if s.inst.is_char[x]]
    names = [(CHARACTER_JA[n] if lang == "ja" else n) for n in chars if n]
    raw = card.points["value"] if card.points else 0
    options = number_choices(v, rng, [0, raw, raw * 2])
    text = card.text.get(lang, card.text["en"])
    sep = "、" if lang == "ja" else ", "
    return question(
        kind="special_bonus",
        lang=lang,
        position=s,
        perspective=None,
        about={"player": p, "slot": slot, "card": c},
        board=board_without_points,
        prompt=T.t("bonus_q", lang, card=card_name(s, c, lang), P=_p(p), slot=slot, text=text),
        choices=[_points(x, lang) for x in options],
        right=_points(v, lang),
        rules=("DM-5.2",),
        events=(),
        after=s,
        explanation=T.t(
            "bonus_e",
            lang,
            slot=slot,
            names=sep.join(names) or T.t("none_names", lang),
            card=card_name(s, c, lang),
            v=v,
        )
        + " (DM-5.2)",
    )


# -- DM-1.4 / DM-1.5 who takes the last turn ------------------------------------------------------------------------
LAST_KINDS = (Ev.END_ARMED, Ev.END_ALREADY_ARMED, Ev.TURN_START, Ev.TURN_END, Ev.GAME_OVER)


def last_turn(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question about the final turns once the end is armed: who still plays (DM-1.4, DM-1.5)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if s.node != Node.MAIN or s.armed_by is None or s.actions_used or s.armed_rule != "DM-1.4":
            return None
        if s.turn_player != (s.armed_by + 1) % s.num_players or not s.history:
            return None
        if not any(e.kind == Ev.END_ARMED for e in s.events[-8:]):
            return None
        return (s.armed_by - 1) % s.num_players, None

    _, s, _ = _find(game, rng, test, players=(2, 3, 4))
    after = s.clone()
    events = [e for e in _to_end(after, rng.randrange(1000)) if e.kind in LAST_KINDS]
    last = next(e.player for e in reversed(events) if e.kind == Ev.TURN_END)
    assert last is not None
    n, a = s.num_players, s.armed_by
    assert a is not None
    return question(
        kind="last_turn",
        lang=lang,
        position=s,
        perspective=None,
        board=board_without_final_seats,
        prompt=T.t("last_q", lang, P=_p(a), n=n),
        choices=[T.t("turn_of", lang, P=_p(q)) for q in range(n)],
        right=T.t("turn_of", lang, P=_p(last)),
        rules=("DM-1.4", "DM-1.5"),
        events=events,
        after=after,
        explanation=T.t("last_e", lang, P=_p(a), L=_p(last)) + " (DM-1.5)",
    )


# -- DM-1.2 / DM-1.3 who wins ----------------------------------------------------------------------------------------
def winner(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question "who wins?" about a finished game (DM-1.2 most points; DM-1.3 a tie is a draw)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if not s.is_terminal():
            return None
        out = s.result()
        assert out is not None
        return ("draw" if len(out.winners) != 1 else "win"), None

    _, s, _ = _find(game, rng, test, players=(2, 3), games=3)
    out = s.result()
    assert out is not None
    n = s.num_players
    draw = T.t("draw", lang)
    choices = [T.t("wins", lang, P=_p(q)) for q in range(n)] + [draw]
    right = draw if len(out.winners) != 1 else T.t("wins", lang, P=_p(out.winners[0]))
    sep = "、" if lang == "ja" else ", "
    scores = sep.join(f"{_p(q)} {v}" for q, v in enumerate(out.scores))
    if len(out.winners) == 1:
        why = T.t("win_e", lang, scores=scores) + " (DM-1.2)"
    else:
        best = max(out.scores)
        top = sep.join(_p(q) for q, v in enumerate(out.scores) if v == best)
        why = T.t("draw_e", lang, scores=scores, top=top) + " (DM-1.3)"
    return question(
        kind="winner",
        lang=lang,
        position=s,
        perspective=None,
        board=board_without_points,
        prompt=T.t("win_q", lang),
        choices=choices,
        right=right,
        rules=("DM-1.2", "DM-1.3"),
        events=(s.events[-1],),
        after=s,
        explanation=why,
    )


# -- DM-1.4 / DM-1.6 does ending this turn arm the end ------------------------------------------------------------
def end_armed(game: DarkMoon, rng: random.Random, lang: str) -> Question:
    """A question "does ending the main phase now arm the end of the game?" (DM-1.4: the third unit slot filled)."""

    def test(s: DarkMoonState) -> tuple[Any, Any] | None:
        if s.node != Node.MAIN or A.END_MAIN not in s.legal_actions():
            return None
        p = s.turn_player
        k = sum(1 for u in s.units(p) if u)
        if k < 3 and (s.armed_by is not None or k < 2):
            return None  # (with the end armed and slots free, nothing would happen for two reasons)
        c = s.clone()
        kinds = {e.kind for e in c.apply(A.END_MAIN)}
        key = "armed" if Ev.END_ARMED in kinds else "already" if Ev.END_ALREADY_ARMED in kinds else "none"
        return key, None

    key, s, _ = _find(game, rng, test, enough=2, games=4)
    p = s.turn_player
    k = sum(1 for u in s.units(p) if u)
    after = s.clone()
    events = after.apply(A.END_MAIN)
    texts = {"armed": T.t("arm_armed", lang), "already": T.t("arm_already", lang), "none": T.t("arm_none", lang)}
    if key == "armed":
        why, rule = T.t("arm_e_armed", lang), "DM-1.4"
    elif key == "already":
        assert s.armed_by is not None
        why, rule = T.t("arm_e_already", lang, A=_p(s.armed_by)), "DM-1.6"
    else:
        why, rule = T.t("arm_e_none", lang, P=_p(p), k=k), "DM-1.4"
    return question(
        kind="end_armed",
        lang=lang,
        position=s.view(p),
        truth=s,
        perspective=p,
        prompt=T.t("arm_q", lang, P=_p(p), k=k),
        choices=list(texts.values()),
        right=texts[key],
        rules=("DM-1.4", "DM-1.6"),
        events=events,
        after=after,
        explanation=f"{why} ({rule})",
    )


KINDS: dict[str, Callable[[Any, random.Random, str], Question]] = {
    "reveal": reveal,
    "actions_left": actions_left,
    "can_form_unit": can_form_unit,
    "end_armed": end_armed,
    "last_turn": last_turn,
    "score": score,
    "special_bonus": special_bonus,
    "winner": winner,
}
