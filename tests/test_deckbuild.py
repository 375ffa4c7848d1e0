"""The deck builder (issue 25 item 1): a draft checked live against every construction rule at once, in both
languages; its curve; deck files (schema-checked, the place of a mistake named); the saved decks the seat
pickers list; a paired test against the starter decks; the widget over all of it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import tcgteach
from tcgteach import DataFileError, TcgError
from tcgteach.deckbuild import DeckDraft, card_facts, card_pool, load_deck, play_against_starters, saved_decks


def rules(draft: DeckDraft) -> list[str]:
    return [r for r, _ in draft.problems("en")]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_DM_2_every_construction_rule_is_checked_at_once_as_cards_are_added(lang: str) -> None:
    d = DeckDraft("darkmoon", "ensemble")
    assert d.legal and len(d) == 40 and d.problems(lang) == []
    d.add("S01", 4)
    d.add("S02", 4)
    d.add("C01", 4)
    texts = dict(d.problems(lang))
    assert rules(d) == ["DM-2.1", "DM-2.2", "DM-2.3", "DM-2.3", "DM-2.4"]
    if lang == "ja":
        assert texts["DM-2.1"] == "デッキは52枚です。ちょうど40枚にします"
        assert "スペシャルカードが16枚" in texts["DM-2.2"] and "8枚まで" in texts["DM-2.2"]
        assert "ナンバー1のキャラクターカードが8枚" in texts["DM-2.4"]
        assert all(not any(c.isascii() and c.isalpha() for c in t) for t in texts.values())  # no English left
    else:
        assert texts["DM-2.1"] == "the deck has 52 cards; it must have exactly 40"
    d.remove("S01", 4)
    d.remove("S02", 4)
    d.remove("C01", 4)
    assert d.legal


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_DQ_2_the_fifty_cards_and_the_same_name_limit_are_checked_live(lang: str) -> None:
    d = DeckDraft("dragonquest", "heroes")
    assert d.legal
    top = max(d.counts, key=d.counts.__getitem__)
    d.add(top, 5 - d.counts[top])
    assert rules(d) == ["DQ-2.1", "DQ-2.2"]
    name = d.pool[top].name[lang]
    assert name in dict(d.problems(lang))["DQ-2.2"]


def test_a_draft_refuses_unknown_cards_and_bad_counts_and_changes_nothing() -> None:
    d = DeckDraft("darkmoon", "tempo")
    before = dict(d.counts)
    calls: list[Callable[[], object]] = [
        lambda: d.add("ZZ9"),
        lambda: d.add("C01", 0),
        lambda: d.set("C01", 100),
        lambda: d.add("C01", True),
    ]
    for call in calls:
        with pytest.raises(TcgError):
            call()
    assert d.counts == before
    assert d.remove("C01", 50) == 0  # down to none, never below
    with pytest.raises(TcgError, match="DM-7|pool"):
        DeckDraft("darkmoon", {"nope": 2})


def test_the_curve_counts_numbers_and_specials_or_types_levels_and_costs() -> None:
    dm = dict(DeckDraft("darkmoon", "spotlight").curve("en"))
    assert sum(n for _l, n in dm["characters by number"]) + dict(dm["types"])["specials"] == 40
    dq = dict(DeckDraft("dragonquest", "beasts").curve("ja"))
    assert sum(n for _l, n in dq["種類"]) == 50 and "コスト" in dq and "パーティーカードのレベル" in dq


def test_a_deck_file_round_trips_and_its_mistakes_are_named_with_their_place(tmp_path: Path) -> None:
    d = DeckDraft("dragonquest", "guardians")
    path = d.save(tmp_path / "mine.deck.json", "石壁")
    back = load_deck(path)
    assert back.cards() == d.cards() and back.name == "石壁" and back.game.name == "dragonquest"
    data = json.loads(path.read_text(encoding="utf-8"))
    for change, place in (
        ({"cards": {"M01": 0}}, "cards.M01"),
        ({"version": 2}, "version"),
        ({"name": "  "}, "name"),
        ({"cards": {"ZZ1": 1}}, "cards.ZZ1"),
        ({"extra": 1}, "extra"),
    ):
        bad = {**data, **change}
        with pytest.raises(DataFileError) as err:
            load_deck(bad)
        assert place in str(err.value), (change, str(err.value))
    with pytest.raises(DataFileError, match="cannot be used for darkmoon"):
        load_deck(path, "darkmoon")
    (tmp_path / "broken.deck.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataFileError, match="broken.deck.json"):
        load_deck(tmp_path / "broken.deck.json")


def test_saved_decks_lists_only_the_legal_decks_of_that_game_and_pool(tmp_path: Path) -> None:
    DeckDraft("darkmoon", "tempo").save(tmp_path / "a.deck.json", "Owls")
    half = DeckDraft("darkmoon", "tempo")
    half.remove("C07", 2)
    half.save(tmp_path / "b.deck.json", "Half")  # 38 cards: saved, not offered
    DeckDraft("dragonquest", "heroes").save(tmp_path / "c.deck.json", "Heroes")
    (tmp_path / "d.deck.json").write_text("[]", encoding="utf-8")
    assert [name for name, _p, _c in saved_decks("darkmoon", tmp_path)] == ["Owls"]
    assert [name for name, _p, _c in saved_decks("dragonquest", tmp_path)] == ["Heroes"]
    assert saved_decks("darkmoon", tmp_path / "missing") == []


def test_test_deck_plays_paired_seeds_against_each_starter_and_refuses_an_illegal_deck() -> None:
    d = DeckDraft("darkmoon", "spotlight")
    rows = play_against_starters(d, games=6)
    assert [r["starter"] for r in rows] == ["ensemble", "spotlight", "tempo"]
    for r in rows:
        assert r["games"] == 6 and r["wins"] + r["losses"] + r["ties"] == 6
        assert r["low"] <= r["rate"] <= r["high"]
    assert play_against_starters(d, games=6) == rows  # seeded: the same games again
    d.add("S01")
    with pytest.raises(TcgError, match="DM-2.1"):
        play_against_starters(d, games=6)


def test_card_facts_feed_the_gallery_and_its_filters() -> None:
    g = tcgteach.game("dragonquest")
    f = card_facts(g, card_pool(g)["H01"], "ja")
    assert f["name"] == "流浪の剣士" and f["level"] == 1 and f["cost"] == 0 and "攻撃 2" in f["stats"]
    dm = tcgteach.game("darkmoon")
    assert card_facts(dm, card_pool(dm)["C01"], "en")["number"] == 1


# -- the widget ------------------------------------------------------------------------------------------------
def test_the_widget_checks_as_it_is_clicked_and_plays_and_tests_a_legal_deck(tmp_path: Path) -> None:
    from tcgteach.widgets import DeckBuilder, Stepper

    b = DeckBuilder("darkmoon", lang="ja", folder=tmp_path)
    assert "DM-2.1" in b.problems_html.value and b.play_button.disabled and b.test_button.disabled
    b.load(("starter", "ensemble"))
    assert "満たしています" in b.problems_html.value and not b.play_button.disabled
    plus = b.tiles["S01"][0].children[1].children[2]
    plus.click()  # a 41st card, a 9th special
    assert "DM-2.1" in b.problems_html.value and "DM-2.2" in b.problems_html.value and b.play_button.disabled
    assert b.tiles["S01"][2].value == str(b.draft.counts["S01"])
    b.play_button.click()  # disabled in the page; clicked anyway it says why
    assert b.played is None and "DM-2.1" in b.message.value  # refused, nothing opened
    with pytest.raises(TcgError, match="DM-2.2"):
        b.play()
    b.tiles["S01"][0].children[1].children[0].click()
    b.kind_filter.value = "special"
    assert b.visible() and all(c.startswith("S") for c in b.visible())
    b.kind_filter.value = "*"  # every type
    b.name_filter.value = "ヘリ"
    assert b.visible() and all("ヘリ" in b.facts[c]["name"] for c in b.visible())
    path = b.save("アンサンブル")
    assert path.name == "アンサンブル.deck.json" and load_deck(path).cards() == b.draft.cards()
    assert ("file", str(path)) in [v for _l, v in b.start_picker.options]
    stepper = b.play()
    assert isinstance(stepper, Stepper) and list(stepper.state.setup["decks"][0]) == list(b.draft.cards())
    rows = b.test(4)
    assert len(rows) == 3 and "勝率" in b.test_html.value and "ウィルソン" in b.test_html.value


def test_the_seat_pickers_list_saved_decks_and_play_the_one_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tcgteach.widgets import Classroom, Stepper

    monkeypatch.setenv("TCGTEACH_DECKS", str(tmp_path))
    mine = DeckDraft("dragonquest", "beasts")
    mine.remove("M01", 1)
    mine.add("H01", 1)
    mine.save(tmp_path / "m.deck.json", "My beasts")
    s = Stepper("dragonquest", lang="en")
    picker = s.decks_pane.pickers[0]
    labels = dict(picker.options)
    assert "saved: My beasts" in labels
    picker.value = labels["saved: My beasts"]
    s._restart(3)
    assert tuple(sorted(s.state.setup["decks"][0])) == tuple(sorted(mine.cards()))
    assert s.decks_pane.pickers[0].value == labels["saved: My beasts"]
    c = Classroom("dragonquest", lang="ja")
    assert "保存済み：My beasts" in dict(c.decks_pane.pickers[1].options)
