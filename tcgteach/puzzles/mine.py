"""The puzzle miner: seeded games searched for positions where exactly one choice reaches a goal.

    python -m tcgteach.puzzles.mine darkmoon --out tcgteach/data/puzzles/darkmoon.json
    python -m tcgteach.puzzles.mine dragonquest --seeds 0-80 --count 48
    python -m tcgteach.puzzles.mine darkmoon --retext tcgteach/data/puzzles/darkmoon.json --out ...

Each seed plays one game between two seeded heuristic players, with the starter decks in turn. Before
every decision the miner asks which goals the player to decide could be set (``candidates``): DARK MOON
the most points reachable this turn (``best_points``) and, in the last turn, a win; Dragon Quest a win
this turn, the defeat of each of the opponent's party cards (with and without losing a card of one's
own) and, for the player under attack, surviving until the next turn. A goal is kept when the exact
search (``solver.solve``) proves exactly one first choice reaches it, the choice is not an obvious one (the
only alternative to doing nothing), and the proof is small enough to check again in CI. Then:

* **tags**: the rule IDs the winning line's events cite up to the moment the goal is decided, with the
  goal's own rule and, for DARK MOON, the scoring rules the final score uses (``tags``);
* **near-duplicates** are removed: one puzzle per game turn, and none whose cards in play overlap an earlier
  puzzle's by ``SIMILAR`` or more with the same kind of goal (``fingerprint``); of each game's puzzles at
  most ``PER_GAME`` are kept, those that add the most rule IDs not yet covered (``pick``);
* **difficulty** from how often the random player (exactly: the share of first choices that work) and the
  heuristic player (``HEURISTIC_TRIES`` seeds) choose an answer at the puzzle's decision (``random_rate``,
  ``find_rate``, ``grade``).

Everything is seeded and nothing depends on time: the same arguments write the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import TcgError
from .goals import OPEN, Goal
from .solver import KEYS, Proof, PuzzleSearchError, _plain_key, solve
from .texts import hint, title

if TYPE_CHECKING:
    from ..agents.base import Agent
    from ..core.game import Game
    from ..core.state import State

#: the positions one proof may search while mining, and the most a kept puzzle's proof may need
MINE_BUDGET = 20_000
KEEP_NODES = 2_500
#: the budget of a search that starts in a Dragon Quest preparation phase (most of them are too big)
PREP_BUDGET = 3_000
#: the seeds the heuristic player decides with (it breaks ties at random)
HEURISTIC_TRIES = 5
#: two puzzles with the same kind of goal whose cards in play overlap this much are near-duplicates
SIMILAR = 0.75
#: decisions that do nothing: a choice between one of them and one other is not a puzzle
PASSIVE = frozenset({"pass", "skip", "done", "noblock", "nocounter", "endbattle", "end", "decline", "cancel"})
#: the most puzzles kept from one game (so that a set spreads over many games, their ends included)
PER_GAME = 4
#: the most decisions a game of the miner runs (a safeguard; every game ends far sooner)
MAX_STEPS = 3_000


def games_of(game: Game, seed: int) -> Iterator[State]:
    """The states before each decision of the seeded game ``seed`` (the same state object, moved on after
    each yield: clone what you keep). Seats get the starter decks in turn, shifted by the seed."""
    from ..agents import HeuristicAgent

    starters = game.starter_decks()
    decks = [starters[(seed + k) % len(starters)] for k in range(2)]
    state = game.new_state(seed, decks)
    agents = [HeuristicAgent(seed * 2 + 1), HeuristicAgent(seed * 2 + 2)]
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        yield state
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state.view(seat)))


# -- goals worth asking --------------------------------------------------------------------------------
def best_points(state: State, seat: int, budget: int = MINE_BUDGET) -> int:
    """DARK MOON: the most points (DM-5) ``seat`` can have when its turn ends, from ``state`` (its decision):
    a search over every line of the rest of the turn (all of them the seat's: DM-6.5, no player acts in
    another's turn)."""
    key = KEYS.get(state.game.name, _plain_key)
    table: dict[Hashable, int] = {}
    turn = state.turn
    count = [0]

    def value(s: State) -> int:
        points: int = s.score(seat)["total"]  # type: ignore[attr-defined]
        if s.is_terminal() or s.turn != turn:
            return points
        k = key(s)
        if k in table:
            return table[k]
        count[0] += 1
        if count[0] > budget:
            raise PuzzleSearchError(f"best_points passed its budget of {budget:,} positions")
        table[k] = points  # (a move back to this position gains nothing)
        best = points
        for action in s.legal_actions():
            s.apply_unchecked(action)
            try:
                best = max(best, value(s))
            finally:
                s.undo()
        table[k] = best
        return best

    return value(state)


def candidates(state: State, prep: bool = True) -> list[tuple[int, Goal, int]]:
    """The goals worth proving for the player to decide in ``state``: (seat, goal, search budget). ``prep``:
    also in a Dragon Quest preparation phase (most of its searches pass ``PREP_BUDGET``: slow to mine)."""
    seat = state.current_player
    if seat is None or len(state.legal_actions()) < 2:
        return []
    if state.game.name == "darkmoon":
        return _dm_candidates(state, seat)
    if state.game.name == "dragonquest":
        return _dq_candidates(state, seat, prep)
    return []


def _dm_candidates(state: Any, seat: int) -> list[tuple[int, Goal, int]]:
    """The most points reachable this turn; in the seat's last turn (DM-1.5) a win, when one can be had."""
    if state.node != "main":
        return []
    try:
        best = best_points(state, seat)
    except PuzzleSearchError:
        return []
    out: list[tuple[int, Goal, int]] = []
    last = state.armed_by is not None and seat == (state.armed_by - 1) % state.num_players
    rivals = max(state.score(p)["total"] for p in range(state.num_players) if p != seat)
    if last and best > rivals:
        out.append((seat, Goal("win"), MINE_BUDGET))
    if best > state.score(seat)["total"]:
        out.append((seat, Goal("points", points=best), MINE_BUDGET))
    return out


def _dq_candidates(state: Any, seat: int, prep: bool) -> list[tuple[int, Goal, int]]:
    node = str(state.node)
    opp = 1 - seat
    theirs = sorted(state.zone(opp, "front") + state.zone(opp, "back"))
    if seat == state.turn_player:
        if node not in ("prep", "combat.start", "combat.action") or (node == "prep" and not prep):
            return []
        budget = PREP_BUDGET if node == "prep" else MINE_BUDGET
        goals = [Goal("win")] + [Goal("defeat", card=c, keep=k) for c in theirs for k in (True, False)]
        return [(seat, g, budget) for g in goals]
    if node not in ("combat.start", "combat.defend", "combat.counter"):
        return []
    goals = [Goal("survive")] + [Goal("defeat", card=c, keep=True) for c in theirs]
    return [(seat, g, MINE_BUDGET) for g in goals]


def obvious(proof: Proof) -> bool:
    """A choice between doing nothing and one other thing, where the other thing is the answer."""
    if len(proof.choices) != 2:
        return False
    verbs = [c.split()[0] for c in proof.choices]
    return verbs == ["fight", "skip"] or (
        any(v in PASSIVE for v in verbs) and proof.answers[0].split()[0] not in PASSIVE
    )


# -- tags, near-duplicates, difficulty ----------------------------------------------------------------------
def tags(state: State, seat: int, goal: Goal, proof: Proof) -> tuple[str, ...]:
    """The rule IDs of the winning line's events (to the moment the goal is decided), the goal's own, and
    for DARK MOON the rules of the score the line makes (DM-4.3 in the first turn's single action, DM-4.1
    when it takes both actions, DM-4.7 when it fills the last unit slot, DM-5.2 when a unit bonus grows,
    DM-5.3 when loose specials count, DM-1.5 in the seat's last turn and DM-5.4 when characters stay on its
    field then)."""
    found = list(proof.line_rules)
    found += [r for r in goal.rules(state.game.name) if r not in found]
    if state.game.name == "darkmoon":
        found += [r for r in _dm_score_rules(state, seat, proof.line) if r not in found]
    known = set(state.game.rule_ids())
    return tuple(r for r in found if r in known)


def _dm_score_rules(state: Any, seat: int, line: Sequence[str]) -> list[str]:
    before = state.score(seat)
    slots = sum(1 for u in state.units(seat) if u)
    last = state.armed_by is not None and seat == (state.armed_by - 1) % state.num_players
    s = state.clone()
    for text in line:
        s.apply(s.game.parse_action(text))
    after = s.score(seat)
    out = []
    if state.action_limit() == 1:
        out.append("DM-4.3")
    if sum(1 for t in line if t.split()[0] in ("play", "finish")) >= 2:
        out.append("DM-4.1")
    if slots < 3 and all(s.units(seat)):
        out.append("DM-4.7")
    if after["unit_bonuses"] > before["unit_bonuses"]:
        out.append("DM-5.2")
    if after["loose_specials"]:
        out.append("DM-5.3")
    if last:  # the seat's last turn of the final round (DM-1.5): what stays on its field scores nothing (DM-5.4)
        out.append("DM-1.5")
        if any(s.inst.is_char[c] for c in s.field(seat)):
            out.append("DM-5.4")
    return out


def fingerprint(state: Any, seat: int) -> Counter[str]:
    """The cards in play a learner sees, by card ID: the seat's hand and both fields (and DARK MOON units)."""
    zones = ("hand", "field", "unit1", "unit2", "unit3") if state.game.name == "darkmoon" else ("hand", "front", "back")
    cards: Counter[str] = Counter()
    for p in range(state.num_players):
        for z in zones:
            if z == "hand" and p != seat:
                continue
            cards.update(f"{p}:{z}:{state.card(c).id}" for c in state.zone(p, z))
    return cards


def similar(a: Counter[str], b: Counter[str]) -> float:
    """How much two fingerprints overlap: shared cards over all cards (1.0: the same cards)."""
    union = sum((a | b).values())
    return sum((a & b).values()) / union if union else 1.0


def find_rate(state: State, seat: int, answers: Sequence[str], make: Callable[[int], Agent], tries: int) -> float:
    """How often the player ``make(seed)``, deciding for ``seat`` in ``state`` (from its view), picks one of the
    ``answers``, over ``tries`` seeds (the puzzle is its first decision: the rest of the line is played out
    for the learner by ``check``)."""
    view = state.view(seat)
    found = sum(str(make(seed).act(view)) in answers for seed in range(tries))
    return found / tries


def random_rate(state: State, proof: Proof) -> float:
    """How often the random player finds the answer: exactly, the share of the legal first choices that work."""
    return len(proof.answers) / len(state.legal_actions())


def grade(rates: dict[str, float]) -> int:
    """Difficulty 1 (easy) to 5 (hard) from the find rates: the mean of the random and heuristic rates."""
    mean = (rates["random"] + rates["heuristic"]) / 2
    for level, floor in ((1, 0.6), (2, 0.45), (3, 0.3), (4, 0.15)):
        if mean >= floor:
            return level
    return 5


# -- the miner ----------------------------------------------------------------------------------------------
def prove_candidate(state: State, seat: int, goal: Goal, budget: int) -> tuple[Goal, Proof] | None:
    """The candidate's anchored goal and proof when it makes a puzzle (one answer, not obvious, small)."""
    try:
        anchored = goal.anchored(state, seat)
        if anchored.status(state) is not OPEN:
            return None
        proof = solve(state=state, seat=seat, goal=anchored, budget=budget)
    except (PuzzleSearchError, TcgError):
        return None
    if not proof.unique or obvious(proof) or proof.nodes > KEEP_NODES:
        return None
    return anchored, proof


def mine(
    game_name: str, seeds: Sequence[int], count: int, prep: bool = True, log: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """A puzzle file's data: up to ``count`` puzzles mined from the seeded games ``seeds``, in seed order; of
    each game's puzzles at most ``PER_GAME``, those that add the most rule IDs not yet covered (``pick``)."""
    import tcgteach

    game = tcgteach.game(game_name)
    kept: list[dict[str, Any]] = []
    prints: list[tuple[str, Counter[str]]] = []
    covered: set[str] = set()
    for seed in seeds:
        if len(kept) >= count:
            break
        found = game_puzzles(game, seed, prints, prep=prep)
        for item in pick(found, covered, min(PER_GAME, count - len(kept))):
            state, seat, goal, _, tagged = item
            prints.append((goal.kind, fingerprint(state, seat)))
            covered.update(tagged)
            kept.append(entry(seed, item))
        if log is not None:
            log(f"seed {seed}: {len(found)} found, {len(kept)} kept, {len(covered)} rule IDs")
    return {
        "format": "tcgteach-puzzles",
        "version": 1,
        "game": game_name,
        "title": SET_TITLES[game_name],
        "mined": {
            "seeds": [seeds[0], seeds[-1]] if seeds else [],
            "budget": MINE_BUDGET,
            "keep_nodes": KEEP_NODES,
            "prep": prep,
        },
        "puzzles": kept,
    }


Found = tuple[Any, int, Goal, Proof, tuple[str, ...]]


def game_puzzles(
    game: Game, seed: int, prints: list[tuple[str, Counter[str]]], until: int | None = None, prep: bool = True
) -> list[Found]:
    """Every puzzle of one seeded game (up to turn ``until``), at most one per turn, none a near-duplicate of
    one kept before or of an earlier one of this game: (state, seat, goal, proof, tags), the state a copy."""
    found: list[Found] = []
    mine_prints = list(prints)
    turns: set[int] = set()
    for state in games_of(game, seed):
        if until is not None and state.turn > until:
            break
        if state.turn in turns:
            continue
        puzzle = _first_puzzle(state, mine_prints, prep)
        if puzzle is None:
            continue
        seat, goal, proof = puzzle
        turns.add(state.turn)
        mine_prints.append((goal.kind, fingerprint(state, seat)))
        found.append((state.clone(), seat, goal, proof, tags(state, seat, goal, proof)))
    return found


def pick(found: list[Found], covered: set[str], n: int) -> list[Found]:
    """Up to ``n`` of a game's puzzles, one at a time: the one whose tags add the most rule IDs not yet
    covered (the earliest of equals), so that the set spreads over the rules."""
    left = list(found)
    chosen: list[Found] = []
    seen = set(covered)
    while left and len(chosen) < n:
        best = max(range(len(left)), key=lambda i: (len(set(left[i][4]) - seen), -i))
        item = left.pop(best)
        chosen.append(item)
        seen.update(item[4])
    return chosen


SET_TITLES = {
    "darkmoon": {"en": "DARK MOON puzzles", "ja": "DARK MOON のパズル"},
    "dragonquest": {"en": "Dragon Quest puzzles", "ja": "ドラゴンクエストのパズル"},
}


def _first_puzzle(
    state: State, prints: list[tuple[str, Counter[str]]], prep: bool = True
) -> tuple[int, Goal, Proof] | None:
    """The first candidate of ``state`` that proves as a puzzle and is no near-duplicate of one kept."""
    for seat, goal, budget in candidates(state, prep):
        mark = fingerprint(state, seat)
        if any(kind == goal.kind and similar(mark, other) >= SIMILAR for kind, other in prints):
            continue
        found = prove_candidate(state, seat, goal, budget)
        if found is not None:
            return seat, found[0], found[1]
    return None


def entry(seed: int, found: Found) -> dict[str, Any]:
    """One puzzle as the file writes it, graded (``find_rate``); its position is the game so far (a record
    prefix)."""
    from ..agents import HeuristicAgent

    state, seat, goal, proof, tagged = found
    rates = {
        "random": random_rate(state, proof),
        "heuristic": find_rate(state, seat, proof.answers, HeuristicAgent, HEURISTIC_TRIES),
    }
    game_name = state.game.name
    setup = state.setup
    return {
        "id": f"{'dm' if game_name == 'darkmoon' else 'dq'}-s{seed:03d}-t{state.turn:03d}",
        "seat": seat,
        "position": {
            "record": {
                "seed": seed,
                "decks": [_deck_name(state.game, d) for d in setup["decks"]],
                "first_player": setup.get("first_player"),
                "actions": [str(a) for a in state.history],
            }
        },
        "goal": goal.to_dict(),
        "solution": list(proof.line),
        "answers": list(proof.answers),
        "tags": list(tagged),
        "difficulty": grade(rates),
        "rates": {k: round(v, 3) for k, v in rates.items()},
        "title": title(state, goal, tagged),
        "hint": hint(state, seat, goal, tagged),
        "source": f"seed {seed}, turn {state.turn}, {len(state.history)} actions in",
    }


def _deck_name(game: Game, cards: Any) -> str:
    """The starter deck whose cards these are (the miner plays starter decks only)."""
    cards = tuple(cards)
    for name in game.starter_decks():
        if game.deck_cards(name) == cards:
            return name
    raise TcgError("the miner plays starter decks only")


def retext(data: dict[str, Any]) -> dict[str, Any]:
    """A puzzle file's data with every title and hint written again by ``texts`` (the words change without
    mining again: the positions, goals and tags stay)."""
    import tcgteach

    from .puzzle import build_position

    game = tcgteach.game(data["game"], options=data.get("options"))
    for raw in data["puzzles"]:
        state = build_position(game, raw["position"], "position")
        goal = Goal.from_dict(raw["goal"]).anchored(state, raw["seat"])
        raw["title"] = title(state, goal, raw["tags"])
        raw["hint"] = hint(state, raw["seat"], goal, raw["tags"])
    return data


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _seed_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tcgteach.puzzles.mine GAME [--seeds A-B] [--count N] [--out FILE]``."""
    parser = argparse.ArgumentParser(prog="python -m tcgteach.puzzles.mine", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(SET_TITLES))
    parser.add_argument("--seeds", default="0-200", help="the seeds of the games to mine, A-B (default 0-200)")
    parser.add_argument("--count", type=int, default=48, help="stop when this many puzzles are kept (default 48)")
    parser.add_argument("--out", help="the file to write (default: print the JSON)")
    parser.add_argument("--no-prep", action="store_true", help="Dragon Quest: no puzzle in a preparation phase")
    parser.add_argument("--retext", metavar="FILE", help="write the titles and hints of a mined file again, no mining")
    args = parser.parse_args(argv)
    if args.retext:
        data = retext(json.loads(Path(args.retext).read_text(encoding="utf-8")))
    else:
        data = mine(args.game, _seed_range(args.seeds), args.count, prep=not args.no_prep, log=_stderr)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if args.out:
        from ..core.files import atomic_write_text

        atomic_write_text(args.out, text)
        print(f"{len(data['puzzles'])} puzzles written to {args.out}")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
