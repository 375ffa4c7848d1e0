"""The rule explorer's index (see :mod:`tcgteach.explorer`): the examples of every rule of one game
and its options, found by playing seeded games once and probing refusals, readings, decks and
player counts; kept per game, options and card pool.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .core.errors import DeckError, TcgError
from .i18n import LANGS
from .texts import outcome_text

if TYPE_CHECKING:
    from .core.game import Game
    from .core.state import State
from .explorer_examples import (
    KINDS,
    MAX_ACTIONS,
    PER_KIND,
    PROBES,
    ROUNDS,
    SMALL_CAP,
    TEXT,
    VARIANT_ROUNDS,
    Example,
    _cited,
    _deck_detail,
    _describe_action,
    _game_key,
    _rule_of_message,
    _shown,
    _zone_word,
    parent,
)


# -- the index ------------------------------------------------------------------------------------------
class _Index:
    """Examples per rule and kind for one game and its options, found by playing the plan once."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.found: dict[str, dict[str, list[Example]]] = {}
        #: the turn in which the action being recorded was taken
        self._turn_now: int | None = None
        #: every game played: (options, decks, seed, agents, actions)
        self.games: list[tuple[dict[str, Any], tuple[str, ...], int, tuple[str, ...], tuple[str, ...]]] = []

    def add(self, ex: Example) -> bool:
        if self.game.user_pool is not None:
            ex = replace(ex, cards=self.game.user_pool)
        kinds = self.found.setdefault(ex.rule, {})
        got = kinds.setdefault(ex.kind, [])
        if len(got) >= PER_KIND or any(_game_key(e) == _game_key(ex) for e in got):
            return False
        got.append(ex)
        return True

    def wants(self, rule: str, kind: str) -> bool:
        return len(self.found.get(rule, {}).get(kind, ())) < PER_KIND

    def examples(self, rule: str) -> list[Example]:
        kinds = self.found.get(rule, {})
        # an example with the given options first, then the other readings, kind by kind
        base = tuple(sorted(dict(self.game.options).items()))
        ordered = sorted(
            (e for k in KINDS for e in kinds.get(k, ())),
            key=lambda e: (KINDS.index(e.kind), e.options != base),
        )
        out, moments = [], set()
        for e in ordered:  # one moment once (an event there, and the step it entered, are the same moment)
            moment = (e.seed, e.options, e.decks, e.players, e.actions, e.action)
            if e.kind in ("deck", "setup") or moment not in moments:
                moments.add(moment)
                out.append(e)
        return out

    # -- building ----------------------------------------------------------------------------------
    def build(self) -> _Index:
        for options, decks, seed, agents in self._plan():
            self._play(options, decks, seed, agents)
        self._probe_readings()
        self._probe_decks()
        self._probe_players()
        return self

    def _variants(self) -> list[dict[str, Any]]:
        """The given options, then each named interpretation option set to each of its other values."""
        base = dict(self.game.options)
        out = [base]
        for spec in self.game.options.specs.values():
            values: Sequence[Any] = spec.choices if spec.kind == "choice" else (SMALL_CAP,)
            for v in values:
                if v != base.get(spec.name):
                    out.append({**base, spec.name: v})
        return out

    def _plan(self) -> list[tuple[dict[str, Any], tuple[str, ...], int, tuple[str, ...]]]:
        game = self.game
        decks = game.starter_decks()
        players = game.min_players
        pairs = list(itertools.product(decks, repeat=players)) if decks else [()]
        variants = self._variants()
        plan = []
        for r in range(ROUNDS):
            kind = "random" if r % 2 == 0 else "heuristic"
            for v, options in enumerate(variants if r < VARIANT_ROUNDS else variants[:1]):
                plan.append((options, tuple(pairs[(r * 7 + v) % len(pairs)]), r, (kind,) * players))
        return plan

    def _play(self, options: dict[str, Any], decks: tuple[str, ...], seed: int, agents: tuple[str, ...]) -> None:
        from .agents import make_agent

        game = self.game.with_options(options)
        state = game.new_state(seed=seed, decks=list(decks) or None)
        players = state.num_players
        seats = [make_agent(a, seed * 1000 + i) for i, a in enumerate(agents)]
        history: list[str] = []
        key = tuple(sorted(options.items()))
        pending: list[tuple[str, str, int, dict[str, Any]]] = []  # (rule, kind, actions, fields)
        moments = {r: m for r, m in game.rule_moments().items() if self.wants(r, "state")}
        self._record_events(state, 0, 0, pending)
        self._record_views(state, 0, pending)
        self._record_moments(moments, None, state, 0, pending)
        before: tuple[Any, ...] = ()
        while not state.is_terminal() and len(history) < MAX_ACTIONS:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if before:
                self._probe_refusals(state, before, legal, len(history), pending)
            action = seats[seat].act(state.view(seat))
            start = len(state.events)
            self._turn_now = self._turn(state)
            prev = state.clone() if moments else None  # only while a moment is still looked for
            state.apply(action)
            history.append(str(action))
            n = len(history)
            self._record_events(state, start, n, pending, seat)
            if prev is not None:
                self._record_moments(moments, prev, state, n, pending, seat)
            for _src, dst in state.last_transitions:
                node = game.turn_flow.by_id.get(dst)
                for rule in node.rules if node is not None else ():
                    if self.wants(rule, "step") and not any(p[0] == rule and p[1] == "step" for p in pending):
                        fields = {"text": self._step_text(state, game, dst), "turn": self._turn_now, "seat": seat}
                        pending.append((rule, "step", n, fields))
            before = legal
        result = state.result() if state.is_terminal() else None
        if result is not None and self.wants(result.reason, "result"):
            text = {lang: TEXT.t("ends", lang, r=outcome_text(result, lang)) for lang in LANGS}
            pending.append((result.reason, "result", len(history), {"text": text, "turn": self._turn(state)}))
        frozen = tuple(history)
        self.games.append((options, decks, seed, agents, frozen))
        for rule, kind, n, extra in pending:
            self.add(
                Example(
                    game=game.name,
                    rule=rule,
                    kind=kind,
                    seed=seed,
                    options=key,
                    decks=decks,
                    agents=agents,
                    actions=n,
                    history=frozen,
                    players=players if players != game.min_players else None,
                    **extra,
                )
            )

    def _turn(self, state: State) -> int | None:
        return state.turn or None  # State.turn: 0 for a game that counts no turns

    def _record_events(self, state: State, start: int, n: int, pending: list[Any], seat: int | None = None) -> None:
        by_rule: dict[str, list[int]] = {}
        for i in range(start, len(state.events)):
            for rule in _cited(state.events[i].rule):
                by_rule.setdefault(rule, []).append(i)
        for rule, idx in by_rule.items():
            if not self.wants(rule, "event") or any(p[0] == rule and p[1] == "event" for p in pending):
                continue
            game = state.game
            text = {lang: game.describe_event(state.events[idx[0]], state, lang) for lang in LANGS}
            result = state.result() if state.is_terminal() else None
            if result is not None and idx[-1] == len(state.events) - 1 and outcome_text(result, "en") not in text["en"]:
                text = {lang: text[lang] + TEXT.t("result", lang, r=outcome_text(result, lang)) for lang in LANGS}
            turn = self._turn_now if n else self._turn(state)
            fields = {"events": tuple(idx), "text": text, "turn": turn, "seat": seat}
            pending.append((rule, "event", n, fields))

    def _record_moments(
        self,
        moments: dict[str, Any],
        before: State | None,
        after: State,
        n: int,
        pending: list[Any],
        seat: int | None = None,
    ) -> None:
        """The rules whose moment (``Game.rule_moments``) holds at this step; each is then no longer looked
        for in this game (``moments`` shrinks: the first moment of a game is kept)."""
        for rule, moment in list(moments.items()):
            text = moment(before, after)
            if text is None:
                continue
            del moments[rule]
            turn = self._turn_now if n else self._turn(after)
            pending.append((rule, "state", n, {"text": dict(text), "turn": turn, "seat": seat}))

    def _probe_refusals(
        self, state: State, before: tuple[Any, ...], legal: tuple[Any, ...], n: int, pending: list[Any]
    ) -> None:
        now = set(legal)
        tried = 0
        for action in before:
            if action in now:
                continue
            if tried >= PROBES:
                break
            tried += 1
            # what ``state.apply`` would raise (IllegalActionError with this message and rule), without
            # formatting the list of legal actions into it: the tests apply each example's action for real
            message, rule = state._why_illegal(action)
            if not self.wants(rule, "refused") or any(p[0] == rule and p[1] == "refused" for p in pending):
                continue
            seat = state.current_player
            error = f"[{rule}] {message}"
            text = {
                lang: TEXT.t(
                    "refused",
                    lang,
                    p=(seat or 0) + 1,
                    what=_describe_action(state, action, lang),
                    action=str(action),
                    error=error,
                    rule=rule,
                    title=state.game.rule_title(rule, lang),
                )
                for lang in LANGS
            }
            fields = {"action": str(action), "error": error, "text": text, "turn": self._turn(state), "seat": seat}
            pending.append((rule, "refused", n, fields))

    def _step_text(self, state: State, game: Game, node: str) -> dict[str, str]:
        flow = game.turn_flow
        trail = state.last_transitions
        path = [trail[0][0]] + [dst for _src, dst in trail] if trail else [node]
        text = {
            lang: TEXT.t("step", lang, node=flow.label(node, lang), path=" → ".join(flow.label(x, lang) for x in path))
            for lang in LANGS
        }
        result = state.result() if state.is_terminal() else None
        if result is not None:
            text = {lang: text[lang] + TEXT.t("result", lang, r=outcome_text(result, lang)) for lang in LANGS}
        return text

    def _record_views(self, state: State, n: int, pending: list[Any]) -> None:
        """The zone rules: what each player may see (``state.view``) hides every deck and the others' hands."""
        game = state.game
        zone_rules = {
            r
            for r in game.rule_ids()
            if "zones" in game.rule_title(r, "en").lower() and self.wants(r, "view") and not _children(game, r)
        }
        if not zone_rules:
            return
        view = state.view(0)
        hidden = [
            (owner, name, len(cards))
            for (owner, name, cards), (_o, _n, seen) in zip(state.all_zones(), view.all_zones(), strict=True)
            if cards and all(c == -1 for c in seen) and not all(c == -1 for c in cards)
        ]
        if not hidden:
            return
        text = {}
        for lang in LANGS:
            zones = ("、" if lang == "ja" else ", ").join(
                TEXT.t("zone", lang, q=o + 1, zone=_zone_word(z, lang), n=k) for o, z, k in hidden
            )
            text[lang] = TEXT.t("view", lang, p=1, zones=zones)
        for rule in sorted(zone_rules):
            pending.append((rule, "view", n, {"text": text, "turn": self._turn(state), "seat": 0}))

    # -- readings: where an option's value changes the game -----------------------------------------------
    def _probe_readings(self) -> None:
        """For each option that settles a rule, replay the games played with one value under the other."""
        game = self.game
        ids = set(game.rule_ids())
        base = dict(game.options)
        for spec in game.options.specs.values():
            if spec.rule not in ids:
                continue
            values: Sequence[Any] = spec.choices if spec.kind == "choice" else (SMALL_CAP,)
            others = [v for v in values if v != base.get(spec.name)]
            for options, decks, seed, agents, history in self.games:
                if not self.wants(spec.rule, "reading"):
                    break
                mine = options.get(spec.name)
                if any(k != spec.name and options.get(k) != base.get(k) for k in base):
                    continue  # a game of another option's reading
                for other in [base.get(spec.name)] if mine != base.get(spec.name) else others:
                    self._diverge(spec.rule, spec.name, options, other, decks, seed, agents, history)

    def _diverge(
        self,
        rule: str,
        name: str,
        options: dict[str, Any],
        other: Any,
        decks: tuple[str, ...],
        seed: int,
        agents: tuple[str, ...],
        history: tuple[str, ...],
    ) -> None:
        game_a = self.game.with_options(options)
        game_b = self.game.with_options({**options, name: other})
        a = game_a.new_state(seed=seed, decks=list(decks) or None)
        b = game_b.new_state(seed=seed, decks=list(decks) or None)
        va, vb = _shown(options.get(name)), _shown(other)
        turn = self._turn(a)
        found: tuple[int, str, dict[str, str]] | None = None
        for i in range(len(history) + 1):
            if a.is_terminal() or b.is_terminal() or i == len(history):
                ra, rb = a.result(), b.result()
                if a.is_terminal() != b.is_terminal():
                    ended, r = (va, ra) if a.is_terminal() else (vb, rb)
                    text = {
                        lang: TEXT.t("reading_ended", lang, o=name, v=ended, r=outcome_text(r, lang) if r else "")
                        for lang in LANGS
                    }
                    found = (i, "ended", text)
                elif ra is not None and rb is not None and ra.to_dict() != rb.to_dict():
                    text = {
                        lang: TEXT.t(
                            "reading_result",
                            lang,
                            o=name,
                            va=va,
                            ra=outcome_text(ra, lang),
                            vb=vb,
                            rb=outcome_text(rb, lang),
                        )
                        for lang in LANGS
                    }
                    found = (i, "result", text)
                break
            la, lb = a.legal_actions(), b.legal_actions()
            action = game_a.parse_action(history[i])
            turn = self._turn(a)  # the turn in which the action is taken
            seat = (a.current_player or 0) + 1
            if action not in lb:
                message, why = b._why_illegal(action)
                text = {
                    lang: TEXT.t(
                        "reading_refused",
                        lang,
                        o=name,
                        va=va,
                        vb=vb,
                        p=seat,
                        what=_describe_action(a, action, lang),
                        rule=why,
                        title=self.game.rule_title(why, lang) if why in self.game.rule_ids() else why,
                    )
                    for lang in LANGS
                }
                found = (i, "refused", text)
                break
            if set(la) != set(lb):
                extra = sorted(set(la) ^ set(lb), key=str)[0]
                where_legal, where_not = (va, vb) if extra in la else (vb, va)
                shown = a if extra in la else b
                text = {
                    lang: TEXT.t(
                        "reading_choices",
                        lang,
                        o=name,
                        va=where_legal,
                        vb=where_not,
                        p=seat,
                        what=_describe_action(shown, extra, lang),
                    )
                    for lang in LANGS
                }
                found = (i, "choices", text)
                break
            ea, eb = a.apply(action), b.apply(action)
            if [e.to_dict() for e in ea] != [e.to_dict() for e in eb]:
                k = next(
                    (j for j, (x, y) in enumerate(zip(ea, eb, strict=False)) if x.to_dict() != y.to_dict()),
                    min(len(ea), len(eb)),
                )
                text = {}
                for lang in LANGS:
                    nothing = TEXT.t("nothing", lang)
                    da = a.game.describe_event(ea[k], a, lang).rstrip("。.") if k < len(ea) else nothing
                    db = b.game.describe_event(eb[k], b, lang).rstrip("。.") if k < len(eb) else nothing
                    what = _describe_action(a, action, lang)
                    text[lang] = TEXT.t("reading_events", lang, o=name, va=va, vb=vb, what=what, ea=da, eb=db)
                found = (i + 1, "events", text)
                break
        if found is None:
            return
        n, differs, text = found
        got = self.found.get(rule, {}).get("reading", [])
        if any(e.seed == seed and e.actions == n and (e.decks == decks or e.text == text) for e in got):
            return  # the same moment seen from the other reading (or told the same way)
        if differs in ("ended", "result"):
            turn = self._turn(a)
        self.add(
            Example(
                game=self.game.name,
                rule=rule,
                kind="reading",
                seed=seed,
                options=tuple(sorted(options.items())),
                decks=decks,
                agents=agents,
                actions=n,
                history=history,
                text=text,
                turn=turn,
                other=(name, other),
                differs=differs,
            )
        )

    def _probe_decks(self) -> None:
        """Decks made from the first starter deck to break each construction rule, refused at set-up."""
        game = self.game
        names = game.starter_decks()
        if not names:
            return
        good = game.starter_deck(names[0]).cards
        other = names[-1]
        pool = sorted(getattr(game, "cards", {}) or {})
        candidates: list[tuple[str, ...]] = [good[:-1], good + good[:1], ("ZZ99",) + good[1:]]
        candidates += [(c,) * len(good) for c in pool]
        for cards in candidates:
            try:
                game.new_state(seed=0, decks=[list(cards)] + [other] * (game.min_players - 1))
            except DeckError as exc:
                for v in exc.violations:
                    if self.wants(v.rule, "deck"):
                        text = {
                            lang: TEXT.t(
                                "deck",
                                lang,
                                error=str(v),
                                rule=v.rule,
                                title=game.rule_title(v.rule, lang),
                                detail=_deck_detail(v, lang),
                            )
                            for lang in LANGS
                        }
                        self.add(
                            Example(
                                game=game.name,
                                rule=v.rule,
                                kind="deck",
                                seed=0,
                                options=tuple(sorted(dict(game.options).items())),
                                decks=(cards,) + (other,) * (game.min_players - 1),
                                agents=(),
                                actions=0,
                                history=(),
                                error=str(v),
                                text=text,
                            )
                        )

    def _probe_players(self) -> None:
        game = self.game
        for n in (game.min_players - 1, game.max_players + 1):
            try:
                game.new_state(seed=0, players=n)
            except TcgError as exc:
                rule = _rule_of_message(str(exc))
                if rule is None or not self.wants(rule, "setup"):
                    continue
                text = {
                    lang: TEXT.t(
                        "setup_refused1" if n == 1 else "setup_refused",
                        lang,
                        n=n,
                        error=str(exc),
                        rule=rule,
                        title=game.rule_title(rule, lang),
                    )
                    for lang in LANGS
                }
                self.add(
                    Example(
                        game=game.name,
                        rule=rule,
                        kind="setup",
                        seed=0,
                        options=tuple(sorted(dict(game.options).items())),
                        decks=(),
                        agents=(),
                        actions=0,
                        history=(),
                        error=str(exc),
                        players=n,
                        text=text,
                    )
                )


def _children(game: Game, rule: str) -> list[str]:
    return [r for r in game.rule_ids() if parent(r) == rule]


_INDEXES: dict[tuple[str, str | None, tuple[tuple[str, Any], ...]], _Index] = {}


def _index(game: Game) -> _Index:
    pool = None if game.user_pool is None else game.user_pool.digest  # a user's pool: examples of its own
    key = (game.name, pool, tuple(sorted((k, repr(v)) for k, v in dict(game.options).items())))
    idx = _INDEXES.get(key)
    if idx is None:
        if pool is not None and sum(k[1] is not None for k in _INDEXES) >= 8:  # a designer editing a pool
            for old in [k for k in _INDEXES if k[1] is not None]:  # again and again: bounded memory
                del _INDEXES[old]
        idx = _INDEXES[key] = _Index(game).build()
    return idx
