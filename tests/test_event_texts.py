"""The log's sentences as a player reads them (issue 21, "the small things"): hidden cards are not listed as
a dash, Japanese sentences use Japanese punctuation, and the end of DARK MOON is "終了条件を満たす".

Whole games with random players, in both languages, described from every player's view (the view hides the
other players' hands, so their draws have ``cards = None``) and from the referee's state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

import tcgteach
from tcgteach.agents import make_agent

if TYPE_CHECKING:  # mypy reads tests/ as a package ([tool.mypy] in pyproject.toml)
    from . import gamecases
else:
    try:  # tests/ may become a package
        from . import gamecases
    except ImportError:
        import gamecases

GAMES = gamecases.registered_games()

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def texts(game_name: str, lang: str, seeds: range = range(4)) -> Iterator[tuple[str, str]]:
    """(event kind or action class, text) for every event and legal action of a few random games."""
    game = tcgteach.game(game_name, {"turn_limit": 40} if game_name == "dragonquest" else None)
    for seed in seeds:
        state = game.new_state(seed=seed)
        agents = [make_agent("random", seed * 1000 + i) for i in range(state.num_players)]
        seen = 0
        steps = 0
        while True:
            for p in range(state.num_players):
                view = state.view(p)
                for ev in view.events[seen:]:
                    yield ev.kind, game.describe_event(ev, view, lang)
            for ev in state.events[seen:]:
                yield ev.kind, game.describe_event(ev, state, lang)
            seen = len(state.events)
            if state.is_terminal() or steps > 400:
                break
            for a in state.legal_actions():
                yield type(a).__name__, game.describe_action(a, state, lang)
            mover = state.current_player
            assert mover is not None
            state.apply(agents[mover].act(state.view(mover)))
            steps += 1


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hidden_cards_are_not_listed_as_a_dash(game_name: str, lang: str) -> None:
    """'P2 draws 5 cards: —.' was the deal of another player's hand: now 'P2 draws 5 cards.'"""
    hidden_draws = []
    for kind, text in texts(game_name, lang):
        assert "—." not in text and "：—。" not in text and ": —" not in text, (kind, text)
        if kind in ("draw_hand", "mulligan") and re.fullmatch(r"P\d(?: draws \d cards\.|がカードを\d枚引く。)", text):
            hidden_draws.append(text)
    assert hidden_draws, "no player's view showed another player's deal"


@pytest.mark.parametrize("game_name", GAMES)
def test_japanese_sentences_use_japanese_punctuation(game_name: str) -> None:
    for kind, text in texts(game_name, "ja"):
        if not JAPANESE.search(text):
            continue
        assert ";" not in text, (kind, text)
        # no ASCII comma or colon right after Japanese (P1: 11 between Latin letters and digits is fine)
        assert not re.search(r"[\u3040-\u30ff\u3400-\u9fff][,:]", text), (kind, text)
        assert not re.search(r"[\u3040-\u30ff\u3400-\u9fff] [（。、]", text), (kind, text)


def test_darkmoon_says_the_end_condition_is_met_not_started() -> None:
    armed = [text for kind, text in texts("darkmoon", "ja") if kind in ("end_armed", "end_already_armed")]
    assert armed, "no game filled three unit slots"
    assert all("終了条件" in t and ("満たさ" in t or "満たし" in t) for t in armed), armed
    assert not any("起動" in t for t in armed), armed
    from tcgteach.glossary import GLOSSARY

    assert "起動" not in GLOSSARY["end_trigger"].meaning_ja and "起動" not in GLOSSARY["end_phase"].meaning_ja
