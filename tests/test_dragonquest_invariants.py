"""Dragon Quest invariants checked at every step of hundreds of seeded random games.

tests/conformance.py checks the engine contract for every game; these are the invariants of the
Dragon Quest rules themselves:

* every player owns exactly 50 cards, each in exactly one zone, damage cards and items included
  (DQ-2.1, DQ-8.1); cards off the field carry no damage cards and no item (DQ-8.2)
* GP is never negative (DQ-4.4)
* at each 'reset' event: level == 1 + experience // 5 (DQ-9.2, DQ-9.4)
* a card is on the field only while its damage < its HP, modifiers included (DQ-7.8)
* rows hold at most 3 cards (DQ-5.1), the party at most 5 (strict) / 6 (at_least) (DQ-5.3);
  a preparation action never makes the formation worse (DQ-5.2, DQ-6.5, DQ-6.10); when a combat's
  end step is left, both formations are legal (DQ-5.4, DQ-7.9)
* every 'battle' event's arithmetic is consistent: blows equal the attack totals (base + item +
  quest aura), the order matches the speeds, the return blow is prevented iff the first blow
  defeated, the defeated cards are those whose damage reached their HP, and the GP gained is
  their level (DQ-7.7, DQ-7.8, DQ-8.3)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

import pytest

import tcgteach
from tcgteach.core.state import State
from tcgteach.dragonquest import DragonQuest
from tcgteach.dragonquest.rules import actions as A
from tcgteach.dragonquest.rules import battle
from tcgteach.dragonquest.rules.state import DragonQuestState

GAMES = 300
TURN_LIMIT = 200
DECKS = ("heroes", "beasts", "guardians")


def options_of(i: int) -> dict[str, Any]:
    return {
        "formation": ("strict", "at_least")[i % 2],
        "deck_out": ("cannot_take", "empty_loses")[(i // 2) % 2],
        "draw_minimum": (1, 0)[(i // 4) % 2],
        "status_tick": ("both_players", "turn_player")[(i // 8) % 2],
        "turn_limit": TURN_LIMIT,
    }


def decks_of(i: int) -> list[str]:
    return [DECKS[i % 3], DECKS[(i // 3) % 3]]


def formation_legal(front: int, back: int, formation: str) -> bool:
    if front > 3 or back > 3:
        return False
    if back == 0:
        return True
    return front > back if formation == "strict" else front >= back


class Checker:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.where = ""
        self.game = -1
        self.steps = 0
        self.seen: Counter[str] = Counter()
        self.reported: set[tuple[int, str]] = set()
        self.layout: list[tuple[int, str]] | None = None
        self.layout_of: Any = None
        self.expected = [list(range(0, 50)), list(range(50, 100))]

    def fail(self, message: str, key: str | None = None) -> None:
        """Record a failure (once per game and ``key``: a broken state is not reported at every step)."""
        if key is not None:
            if (self.game, key) in self.reported:
                return
            self.reported.add((self.game, key))
        if len(self.failures) < 30:
            self.failures.append(f"{self.where}: {message}")

    # -- every step -------------------------------------------------------------------------------------
    def step(self, s: Any, before: tuple[int, int] | None, action: Any, events: list[Any]) -> None:
        formation = s.game.options["formation"]
        self.cards(s)
        if min(s.gp) < 0:
            self.fail(f"negative GP {s.gp}")
        for p in range(2):
            self.party_sizes_and_hp(s, p, formation, action)
        if before is not None and isinstance(action, (A.Recruit, A.Move, A.Swap)):
            self.formation_change(s, before, action, formation)
        deck_out = any(e.kind == "deck_out" for e in events)
        for e in events:
            if e.kind == "reset":
                self.seen["reset"] += 1
                p = e.player
                exp = s.experience(p)
                if e.data["level"] != 1 + exp // 5 or s.level[p] != e.data["level"]:
                    self.fail(f"reset of P{p + 1}: level {e.data['level']} (state {s.level[p]}) but experience {exp}")
            elif e.kind == "battle":
                self.battle(s, e.data, deck_out)

    def party_sizes_and_hp(self, s: Any, p: int, formation: str, action: Any) -> None:
        """At most 3 a row and 5 (strict) or 6 in the party; no card on the field with damage up to its HP."""
        front, back = len(s.front(p)), len(s.back(p))
        if front > 3 or back > 3 or front + back > (5 if formation == "strict" else 6):
            self.fail(f"P{p + 1} has {front} front / {back} back ({formation})")
        for c in s.party(p):
            if s.damage(c) >= s.hp_of(c):
                self.fail(
                    f"{s.card(c).id} ({c}) is on the field with damage {s.damage(c)} >= HP {s.hp_of(c)} after {action}",
                    key=f"hp {c}",
                )
                self.seen["hp_violation"] += 1

    def formation_change(self, s: Any, before: tuple[int, int], action: Any, formation: str) -> None:
        """A recruit, move or swap never breaks a legal formation nor makes an illegal one worse."""
        p = s.turn_player
        (f0, b0) = before
        f1, b1 = len(s.front(p)), len(s.back(p))
        if formation_legal(f0, b0, formation) and not formation_legal(f1, b1, formation):
            self.fail(f"{action} broke a legal formation {f0}/{b0} -> {f1}/{b1}")
        if not formation_legal(f0, b0, formation) and not formation_legal(f1, b1, formation) and f1 - b1 < f0 - b0:
            self.fail(f"{action} made an illegal formation worse {f0}/{b0} -> {f1}/{b1}")

    def cards(self, s: Any) -> None:
        """Every card in exactly one zone of its owner (``state.all_zones()``), 50 per player."""
        if self.layout is None or self.layout_of is not s.game:
            # the zone layout of a game never changes: (owner, name) per index, from all_zones()
            self.layout = [(owner, name) for owner, name, _cards in s.all_zones()]
            self.layout_of = s.game
        elif self.steps % 97 == 0:
            assert [(o, n) for o, n, _c in s.all_zones()] == self.layout
        owned: list[list[int]] = [[], []]
        on_field = set(s.party(0)) | set(s.party(1))
        for (owner, name), cards in zip(self.layout, s.zones, strict=True):
            if not cards:
                continue
            owned[owner].extend(cards)
            if name[0] in "di" and name[:4] in ("dmg.", "item"):  # a pile lying on a card
                c = int(name.split(".")[1])
                if c not in on_field:
                    self.fail(f"card {c} is off the field but carries {name}: {cards}")
        for p in range(2):
            if sorted(owned[p]) != self.expected[p]:
                counts = Counter(owned[p])
                self.fail(
                    f"P{p + 1} has {len(owned[p])} card places, duplicates "
                    f"{[c for c, n in counts.items() if n > 1][:5]}, "
                    f"foreign {[c for c in owned[p] if not 50 * p <= c < 50 * p + 50][:5]}"
                )
        if not set(s.poisoned) <= on_field:
            self.fail(f"poisoned cards off the field: {set(s.poisoned) - on_field}")

    # -- battle arithmetic (DQ-7.7, DQ-7.8, DQ-8.3) -----------------------------------------------------------
    def battle(self, s: Any, d: dict[str, Any], deck_out: bool) -> None:
        self.seen["battle"] += 1
        att, dfn = d["attacker"], d["defender"]
        self.seen[d["order"]] += 1
        self.battle_values(s, d)
        blows = [(x["from"], x["to"], x["damage"]) for x in d["blows"]]
        self.battle_order_and_blows(d, blows, deck_out)
        if deck_out:
            return
        self.battle_defeats(s, d, blows, att, dfn)
        self.seen["defeated"] += len(d["defeated"])
        self.seen["prevented"] += bool(d["prevented"])

    def battle_values(self, s: Any, d: dict[str, Any]) -> None:
        """Each attack and speed: the card's printed value, and the total its base plus item plus aura (>= 0)."""
        bases: tuple[tuple[str, Callable[[int], int]], ...] = (
            ("attack", lambda c: s.card(c).attack),
            ("speed", lambda c: s.card(c).speed),
        )
        for key, base_of in bases:
            for side in ("attacker", "defender"):
                c, m = d[side], d[key][side]
                if m["base"] != base_of(c) or m["total"] != max(0, m["base"] + m["item"] + m["aura"]):
                    self.fail(f"{key} of the {side} {s.card(c).id}: {m}")

    def battle_order_and_blows(self, d: dict[str, Any], blows: list[tuple[int, int, int]], deck_out: bool) -> None:
        """The strike order follows the speeds (or no counterattack), and the blows follow the order."""
        att, dfn = d["attacker"], d["defender"]
        a, b = d["attack"]["attacker"]["total"], d["attack"]["defender"]["total"]
        sa, sd = d["speed"]["attacker"]["total"], d["speed"]["defender"]["total"]
        if not d["counter"]:
            expected_order = "attacker_only"
        else:
            expected_order = "attacker_first" if sa > sd else "defender_first" if sd > sa else "simultaneous"
        if d["order"] != expected_order:
            self.fail(f"order {d['order']} with speeds {sa} / {sd}, counter {d['counter']}")
        first = (dfn, att, b) if d["order"] == "defender_first" else (att, dfn, a)
        second = (first[1], first[0], b if first[0] == att else a)
        if not blows or blows[0] != first:
            self.fail(f"first blow {blows[:1]} expected {first}")
        if d["order"] == "attacker_only":
            if len(blows) != 1 or d["prevented"]:
                self.fail(f"no counterattack but blows {blows}, prevented {d['prevented']}")
        elif d["order"] == "simultaneous":
            if blows != [first, second] or d["prevented"]:
                self.fail(f"simultaneous blows {blows}, prevented {d['prevented']}")
        else:
            self.first_strike(d, blows, first, second, deck_out)

    def first_strike(
        self,
        d: dict[str, Any],
        blows: list[tuple[int, int, int]],
        first: tuple[int, int, int],
        second: tuple[int, int, int],
        deck_out: bool,
    ) -> None:
        """With a first strike, the counterblow is prevented exactly when the first blow defeated its target."""
        first_defeated = first[1] in d["defeated"]
        if d["prevented"] != first_defeated:
            self.fail(f"prevented {d['prevented']} but the first blow defeated: {first_defeated}")
        if d["prevented"] and len(blows) != 1:
            self.fail(f"prevented but {len(blows)} blows")
        if not d["prevented"] and not deck_out and blows != [first, second]:
            self.fail(f"blows {blows}, expected {[first, second]}")

    def battle_defeats(self, s: Any, d: dict[str, Any], blows: list[tuple[int, int, int]], att: int, dfn: int) -> None:
        """The cards defeated are those hit up to their HP; they go to the experience box and their levels are
        the other player's GP."""
        received = {att: 0, dfn: 0}
        for _src, dst, n in blows:
            received[dst] += n
        hit = {dst for _src, dst, _n in blows}
        should = {
            c
            for c, side in ((att, "attacker"), (dfn, "defender"))
            if c in hit and d["damage_before"][side] + received[c] >= d["hp"][side]
        }
        if set(d["defeated"]) != should:
            self.fail(
                f"defeated {d['defeated']}, expected {sorted(should)} ({blows}, {d['damage_before']}, hp {d['hp']})"
            )
        gained = [0, 0]
        for c in d["defeated"]:
            gained[1 - s.owner(c)] += s.card(c).level
            if c not in s.zone(s.owner(c), "exp"):
                self.fail(f"defeated {s.card(c).id} is not in the experience box")
        if list(d["gp_gained"]) != gained:
            self.fail(f"GP gained {d['gp_gained']}, expected {gained} for {d['defeated']}")


class EndSteps:
    def __init__(self) -> None:
        self.left = 0
        self.bad: list[str] = []


@pytest.fixture
def end_steps(monkeypatch: pytest.MonkeyPatch) -> EndSteps:
    """Record every formation that is illegal when a combat's end step is left (DQ-5.4, DQ-7.9)."""
    seen = EndSteps()

    def goto(self: Any, node: str) -> None:
        if self.node == "combat.end_step" and node in ("end", "combat.action"):
            seen.left += 1
            formation = self.game.options["formation"]
            for p in range(2):
                f, b = len(self.front(p)), len(self.back(p))
                if not formation_legal(f, b, formation):
                    seen.bad.append(
                        f"turn {self.turn}: P{p + 1} leaves the end step with {f} front / {b} back ({formation})"
                    )
        State._goto(self, node)

    monkeypatch.setattr(DragonQuestState, "_goto", goto)
    return seen


def play(i: int, checker: Checker) -> Any:
    g = cast(DragonQuest, tcgteach.game("dragonquest", options_of(i)))
    s = g.new_state(seed=i, decks=decks_of(i))
    rng = random.Random(1000 + i)
    checker.where = f"game {i} setup"
    checker.game, checker.steps = i, 0
    checker.step(s, None, None, list(s.events))
    steps = 0
    while not s.is_terminal():
        action = rng.choice(s.legal_actions())
        p = s.turn_player
        before = (len(s.front(p)), len(s.back(p))) if s.node == "prep" else None
        events = s.apply(action)
        steps += 1
        checker.steps = steps
        checker.where = f"game {i} step {steps} ({action})"
        checker.step(s, before, action, events)
    assert steps > 10
    return s


def test_dragonquest_invariants_hold_at_every_step_of_random_games(end_steps: EndSteps) -> None:
    checker = Checker()
    reasons: Counter[str] = Counter()
    formations: Counter[str] = Counter()
    for i in range(GAMES):
        s = play(i, checker)
        reasons[s.result().reason] += 1
        formations[s.game.options["formation"]] += 1
        assert s.turn <= TURN_LIMIT
        if s.result().reason == "DQ-1.4":
            assert s.result().winners == ()
    # the games exercised what the invariants are about
    assert formations == Counter({"strict": GAMES // 2, "at_least": GAMES // 2})
    assert checker.seen["battle"] > GAMES and checker.seen["reset"] > GAMES * 10
    for order in ("attacker_only", "attacker_first", "defender_first", "simultaneous"):
        assert checker.seen[order] > 0, order
    assert checker.seen["prevented"] > 0 and checker.seen["defeated"] > 0
    assert end_steps.left > GAMES
    problems = checker.failures + end_steps.bad[:10]
    assert not problems, (
        f"{len(checker.failures)} invariant failures (outcomes {dict(reasons)}; replay game i with "
        f"play(i, Checker()), options_of(i), decks_of(i)):\n" + "\n".join(problems)
    )


def test_the_checker_notices_a_broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The invariants have teeth: an engine whose first strike never prevents the return blow fails."""
    original = battle.judgment

    def broken(self: Any) -> None:
        original(self)
        ev = [e for e in self.events if e.kind == "battle"]
        if ev:
            ev[-1].data["prevented"] = False

    monkeypatch.setattr(battle, "judgment", broken)
    checker = Checker()
    for i in range(10):
        play(i, checker)
    assert any("prevented" in f for f in checker.failures)
