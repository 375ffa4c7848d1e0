"""Sentences for players built from the kernel's values, in English and Japanese: a game's result, a rule's marks.

The kernel (``tcgteach/core``) formats no sentence of any language (tests/test_layers.py holds it so): it hands
out values (an ``Outcome``, a rule's interpretations and option specs), and the front ends say them through this
module. Only the kernel's error messages (``TcgError`` texts citing rule IDs) are written in the kernel: they are
the library's errors, not teaching sentences.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.checks import check_bool, check_lang, shown
from .core.errors import TcgError
from .core.outcome import Outcome
from .lookup import check_game

if TYPE_CHECKING:
    from .core.game import Game
    from .core.options import OptionSpec

__all__ = ["outcome_text", "rule_marks"]


def outcome_text(outcome: Any, lang: Any = "en", labelled: Any = True) -> str:  # Any: checked here
    """How a game ended, in a line: "P1 wins (points: P1 3 / P2 2; DM-1.5)" or
    "P1 の勝ち（得点：P1 3 / P2 2、DM-1.5）", the scores labelled with what they count (``Outcome.measure``:
    points in DARK MOON, cards left in deck in Dragon Quest).

    ``labelled=False`` gives the unlabelled form, "P1 wins (P1: 3 / P2: 2; DM-1.5)": a game record's result line
    is that text in English (``tcgteach.record``), so that records written before the labels still replay."""
    if not isinstance(outcome, Outcome):
        raise TcgError(f"outcome must be a game's result (state.result()), not {shown(outcome)}")
    check_lang(lang)
    check_bool(labelled, "labelled")
    measure = outcome.measure[1 if lang == "ja" else 0] if labelled else ""
    if measure:
        each = " / ".join(f"P{i + 1} {s}" for i, s in enumerate(outcome.scores))
        scores = f"{measure}：{each}" if lang == "ja" else f"{measure}: {each}"
    else:
        scores = " / ".join(f"P{i + 1}: {s}" for i, s in enumerate(outcome.scores))
    winners = outcome.winners
    if lang == "ja":
        if len(winners) == 1:
            head = f"P{winners[0] + 1} の勝ち"
        elif winners:
            head = "引き分け（" + "・".join(f"P{w + 1}" for w in winners) + "）"
        else:
            head = "勝者なし" if outcome.nobody_wins else "引き分け"
        return f"{head}（{scores}、{outcome.reason}）"
    if len(winners) == 1:
        head = f"P{winners[0] + 1} wins"
    elif winners:
        head = ("Tie between " if labelled else "Draw between ") + " and ".join(f"P{w + 1}" for w in winners)
    else:
        head = "No winner" if outcome.nobody_wins else ("Tie" if labelled else "Draw")
    return f"{head} ({scores}; {outcome.reason})"


def rule_marks(game: Game, rule_id: Any, lang: Any = "en") -> list[str]:  # Any: checked here
    """One visible line per reading of the rule, e.g. "[interpretation: option `wipe_out`, default
    after_own_turn] ..." with the default's meaning from ``game.options.specs`` (en or ja); ``game`` is a game
    or its name."""
    game = check_game(game)
    check_lang(lang)
    ja = lang == "ja"
    lines = []
    for mark in game.rule_interpretations(rule_id):
        spec = game.options.specs.get(mark)
        if spec is None:
            lines.append("［解釈］" if ja else "[interpretation]")
            continue
        head = (
            f"［解釈：オプション `{spec.name}`、既定値 {_shown(spec.default)}］"
            if ja
            else f"[interpretation: option `{spec.name}`, default {_shown(spec.default)}] "
        )
        lines.append(head + _meaning(spec, lang))
    for name in game.rule_automation(rule_id):
        spec = game.options.specs[name]
        sim = game.sim_defaults.get(name, spec.default)
        default, in_sims = _shown(spec.default), _shown(sim)
        head = (
            f"［自動対戦用：オプション `{name}`、既定値 {default}、シミュレーションでは {in_sims}］"
            if ja
            else f"[automated play: option `{name}`, default {default}, in simulations {in_sims}] "
        )
        lines.append(head + spec.explain.get(lang, spec.explain["en"]))
    return lines


def _meaning(spec: OptionSpec, lang: str) -> str:
    """What the option's values do: one line per value (the default first) where the spec has them,
    else its explanation, followed by the values it does not name."""
    ja = lang == "ja"
    order = [spec.default] + [c for c in spec.choices if c != spec.default]
    if spec.values and all(v in spec.values for v in order):
        sep = "／" if ja else "; "
        return sep.join(
            f"{_shown(v)}{'：' if ja else ': '}{spec.values[v].get(lang, spec.values[v]['en'])}" for v in order
        )
    text = spec.explain.get(lang, spec.explain["en"])
    unnamed = [_shown(v) for v in order if v is not None and f"'{_shown(v)}'" not in text and f"'{v}'" not in text]
    if spec.choices and unnamed:
        values = ("、" if ja else ", ").join(_shown(v) for v in order)
        text += f"（値：{values}）" if ja else f" (values: {values})"
    return text


def _shown(value: Any) -> str:
    """An option value as typed on the command line (``--option name=value``)."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
