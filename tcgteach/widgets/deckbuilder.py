"""The deck builder: a gallery of a game's cards with filters, counts to add and remove, every construction rule
checked as the player clicks (all the broken ones at once, with their rule IDs), the deck's curve, deck files
saved and loaded, "play this deck" in a stepper and "test it" against each starter deck::

    DeckBuilder("darkmoon", lang="ja")              # an empty deck; deck="ensemble" starts from a starter
    DeckBuilder(tcgteach.game("darkmoon", cards="my_cards.json"))   # the user's own card pool

What it shows comes from ``tcgteach.deckbuild`` (``DeckDraft``), so Python gets the same answers. Decks are
saved as ``<name>.deck.json`` in ``folder`` (default: ``tcgteach.deckbuild.deck_folder()``), where the stepper's
and the classroom's seat pickers find them.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.checks import check_int, check_lang
from ..core.errors import TcgError
from ..deckbuild import DeckDraft, card_facts, deck_folder, load_deck, play_against_starters, saved_decks, slug
from ..i18n import Text, pick
from ..lookup import check_game
from .table import SHOWN

__all__ = ["DeckBuilder"]

_log = logging.getLogger("tcgteach.widgets")

#: a filter's value for "every card" (ipywidgets shows a None value as no choice at all)
ALL = "*"

#: the builder's words: key -> (English, Japanese)
WORDS = Text(
    {
        "title": ("Build a deck: {game}", "デッキを作る：{game}"),
        "size": ("{n} / {size} cards", "{n} / {size}枚"),
        "legal": ("Legal: every construction rule holds.", "このデッキは構築ルールをすべて満たしています。"),
        "broken": ("{k} rule(s) broken:", "満たしていないルール：{k}件"),
        "all": ("all", "すべて"),
        "kind": ("type", "種類"),
        "number": ("number", "ナンバー"),
        "level": ("level", "レベル"),
        "cost": ("cost", "コスト"),
        "name": ("name", "名前"),
        "name_hint": ("part of a name or an ID", "名前の一部かID"),
        "deck_name": ("deck name", "デッキ名"),
        "save": ("Save", "保存"),
        "saved": ("Saved as {path}.", "{path} に保存しました。"),
        "load": ("Load", "読み込む"),
        "loaded": ("Loaded {name}.", "「{name}」を読み込みました。"),
        "start_from": ("start from", "もとにする"),
        "empty": ("(empty deck)", "（空のデッキ）"),
        "starter": ("starter: {name}", "スターター：{name}"),
        "saved_deck": ("saved: {name}", "保存済み：{name}"),
        "play": ("Play this deck", "このデッキで遊ぶ"),
        "test": ("Test it", "試す"),
        "games": ("games each", "1組のゲーム数"),
        "testing": ("Playing {n} games against each starter deck…", "スターターデッキそれぞれと{n}ゲームずつ対戦中…"),
        "not_legal": (
            "The deck must be legal first: {rules}.",
            "先にデッキを構築ルールどおりにしてください：{rules}。",
        ),
        "against": ("against", "相手"),
        "won": ("won", "勝ち"),
        "lost": ("lost", "負け"),
        "tied": ("tied", "引き分け"),
        "rate": ("win rate (95% interval)", "勝率（95%信頼区間）"),
        "test_note": (
            "Seats alternate and every pairing uses the same seeds; the heuristic player plays both sides. "
            "The interval is Wilson's: the win rates these games leave plausible.",
            "席は交互に入れ替え、どの組み合わせも同じシードで対戦します。両側ともヒューリスティックのプレイヤーです。"
            "区間はウィルソンの信頼区間で、この対戦結果から考えられる勝率の範囲です。",
        ),
        "play_note": (
            "P1 plays this deck (you), P2 the starter {name} (the computer).",
            "P1がこのデッキ（あなた）、P2がスターター「{name}」（コンピューター）で遊びます。",
        ),
        "curve": ("The deck's shape", "デッキの形"),
        "unexpected": ("Something went wrong ({kind}): {msg}", "思わぬエラーが起きました（{kind}）：{msg}"),
        "add": ("add one", "1枚入れる"),
        "remove": ("take one out", "1枚抜く"),
    }
)

CSS = """<style>
.tcg-deckbuilder{font-size:15px;line-height:1.35}
.tcg-deckbuilder .tcg-db-gallery{display:grid !important;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));
 grid-auto-rows:max-content;gap:6px;max-height:470px;overflow-y:auto;padding:2px}
.tcg-deckbuilder .tcg-db-tile{border:1px solid #b0bec5;border-radius:6px;padding:4px 6px;background:#fafafa;
 flex:none;height:auto;overflow:visible}
.tcg-deckbuilder .tcg-db-tile .widget-html-content{line-height:1.3}
.tcg-deckbuilder .tcg-db-tile.tcg-db-in{border-color:#1565c0;background:#e3f2fd}
.tcg-deckbuilder .tcg-db-name{font-weight:700}
.tcg-deckbuilder .tcg-db-meta{color:#546e7a;font-size:13px}
.tcg-deckbuilder .tcg-db-text{font-size:13px;color:#263238}
.tcg-deckbuilder .tcg-db-count{font-weight:800;font-size:17px;min-width:2.2em;text-align:center}
.tcg-deckbuilder .tcg-db-bad{color:#b71c1c}
.tcg-deckbuilder .tcg-db-good{color:#1b5e20;font-weight:700}
.tcg-deckbuilder .tcg-db-bar{display:inline-block;height:11px;background:#1565c0;vertical-align:middle}
.tcg-deckbuilder table.tcg-db-table td,.tcg-deckbuilder table.tcg-db-table th{padding:1px 8px;text-align:left}
.tcg-projector .tcg-deckbuilder{font-size:20px}
.tcg-projector .tcg-deckbuilder .tcg-db-text,.tcg-projector .tcg-deckbuilder .tcg-db-meta{font-size:17px}
</style>"""


class DeckBuilder(w.VBox):  # type: ignore[misc]
    """Build a deck of ``game`` (a name or a ``Game``, the user's card pool included) in ``lang``.

    ``deck``: the start (None: empty; a starter deck's name; a deck file's path; a list or mapping of cards).
    ``folder``: where Save writes and Load and the seat pickers look (default ``deck_folder()``)."""

    def __init__(self, game: Any = "darkmoon", lang: str = "en", deck: Any = None, folder: Any = None) -> None:
        self.game = check_game(game)
        self._lang = check_lang(lang)
        self.folder = deck_folder(folder)
        if isinstance(deck, str) and deck.endswith(".json"):
            self.draft = load_deck(deck, self.game)
        else:
            self.draft = DeckDraft(self.game, deck)
        self.facts = {cid: card_facts(self.game, card, self._lang) for cid, card in self.draft.pool.items()}
        self.played: Any = None  # the stepper of "Play this deck"
        self.results: list[dict[str, Any]] = []  # the rows of the last "Test it"
        super().__init__()
        self.add_class("tcg-deckbuilder")
        self._build()
        self.refresh()

    def _t(self, key: str, **fmt: Any) -> str:
        return WORDS.t(key, self._lang, **fmt)

    def _deck_title(self, name: str) -> str:
        """A starter deck's title in the builder's language (its name when it has none)."""
        title = self.game.starter_deck(name).title
        return pick(title, self._lang, name) if title else name

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except TcgError as exc:
                self._say(str(exc), error=True)
            except Exception as exc:  # a widget must never show a traceback
                _log.debug("deck builder callback failed", exc_info=True)
                self._say(self._t("unexpected", kind=type(exc).__name__, msg=exc), error=True)

        return run

    # -- construction ---------------------------------------------------------------------------------------
    def _build(self) -> None:
        g = self._guard
        title = pick(self.game.title, self._lang, self.game.name) if self.game.title else self.game.name
        self.heading = w.HTML(f"<h3 style='margin:2px 0'>{html.escape(self._t('title', game=title))}</h3>")
        self.filters = self._filters()
        self.tiles: dict[str, tuple[w.VBox, w.HTML, w.Label]] = {}
        for cid in self.draft.pool:
            self.tiles[cid] = self._tile(cid)
        self.gallery = w.Box([t[0] for t in self.tiles.values()], layout=w.Layout(width="100%"))
        self.gallery.add_class("tcg-db-gallery")
        self.size_label = w.HTML()
        self.problems_html = w.HTML()
        self.problems_html.add_class("tcg-db-problems")
        self.curve_html = w.HTML()
        self.curve_html.add_class("tcg-db-curve")
        self.name_text = w.Text(value=self.draft.name, placeholder=self._t("deck_name"), layout=w.Layout(width="14em"))
        self.save_button = w.Button(description=self._t("save"), icon="save")
        self.save_button.on_click(g(lambda _b: self.save()))
        self.start_picker = w.Dropdown(description=self._t("start_from"), layout=w.Layout(width="auto"))
        self.start_picker.style.description_width = "initial"
        self.load_button = w.Button(description=self._t("load"))
        self.load_button.on_click(g(lambda _b: self.load(self.start_picker.value)))
        self.play_button = w.Button(description=self._t("play"), button_style="success", icon="play")
        self.play_button.add_class("tcg-db-play")
        self.play_button.on_click(g(lambda _b: self.play()))
        self.games_input = w.BoundedIntText(value=40, min=2, max=2000, description=self._t("games"))
        self.games_input.style.description_width = "initial"
        self.games_input.layout.width = "12em"
        self.test_button = w.Button(description=self._t("test"), icon="flask")
        self.test_button.add_class("tcg-db-test")
        self.test_button.on_click(g(lambda _b: self.test(self.games_input.value)))
        self.message = w.HTML()
        self.message.add_class("tcg-db-message")
        self.test_html = w.HTML()
        self.test_html.add_class("tcg-db-results")
        self.play_box = w.VBox()
        side = w.VBox(
            [self.size_label, self.problems_html, w.HTML(f"<b>{html.escape(self._t('curve'))}</b>"), self.curve_html],
            layout=w.Layout(width="34%", min_width="260px", padding="0 0 0 8px"),
        )
        main = w.HBox([w.VBox([self.filters, self.gallery], layout=w.Layout(width="66%")), side])
        files = w.HBox(
            [self.name_text, self.save_button, self.start_picker, self.load_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        tries = w.HBox([self.play_button, self.games_input, self.test_button], layout=w.Layout(flex_flow="row wrap"))
        self.children = [w.HTML(CSS), self.heading, main, files, tries, self.message, self.test_html, self.play_box]
        self._fill_start_picker()

    def _filters(self) -> w.HBox:
        facts = list(self.facts.values())
        kinds = sorted({f["kind"] for f in facts})
        every = (self._t("all"), ALL)

        def picker(label: str, values: list[Any]) -> w.Dropdown:
            dd = w.Dropdown(options=[every] + [(str(v), v) for v in values], description=label)
            dd.style.description_width = "initial"
            dd.layout.width = "auto"
            dd.observe(self._guard(lambda _c: self._apply_filters()), names="value")
            return dd

        kind_words = self._kind_words()
        self.kind_filter = picker(self._t("kind"), kinds)
        self.kind_filter.options = [every] + [(kind_words.get(k, k), k) for k in kinds]
        boxes = [self.kind_filter]
        numbers = sorted({f["number"] for f in facts if f["number"] is not None})
        levels = sorted({f["level"] for f in facts if f["level"] is not None})
        costs = sorted({f["cost"] for f in facts if f["cost"] is not None})
        self.number_filter = picker(self._t("number"), numbers) if numbers else None
        self.level_filter = picker(self._t("level"), levels) if levels else None
        self.cost_filter = picker(self._t("cost"), costs) if costs else None
        boxes += [x for x in (self.number_filter, self.level_filter, self.cost_filter) if x is not None]
        self.name_filter = w.Text(placeholder=self._t("name_hint"), layout=w.Layout(width="12em"))
        self.name_filter.observe(self._guard(lambda _c: self._apply_filters()), names="value")
        boxes.append(self.name_filter)
        return w.HBox(boxes, layout=w.Layout(flex_flow="row wrap"))

    def _kind_words(self) -> dict[str, str]:
        if self._lang != "ja":
            return {}
        return {
            "character": "キャラクター",
            "special": "スペシャル",
            "monster": "モンスター",
            "item": "アイテム",
            "quest": "クエスト",
        }

    def _tile(self, cid: str) -> tuple[w.VBox, w.HTML, w.Label]:
        f = self.facts[cid]
        kind = self._kind_words().get(f["kind"], f["kind"])
        meta = " · ".join(x for x in (cid, kind, f["stats"]) if x)
        text = "".join(f"<div class='tcg-db-text'>{html.escape(x)}</div>" for x in f["lines"])
        face = w.HTML(
            f"<div class='tcg-db-name'>{html.escape(f['name'])}</div><div class='tcg-db-meta'>{html.escape(meta)}</div>"
            + text
        )
        minus = w.Button(description="−", tooltip=self._t("remove"), layout=w.Layout(width="2.6em"))
        plus = w.Button(description="+", tooltip=self._t("add"), layout=w.Layout(width="2.6em"))
        minus.add_class("tcg-db-minus")
        plus.add_class("tcg-db-plus")
        minus.on_click(self._guard(lambda _b: self.remove(cid)))
        plus.on_click(self._guard(lambda _b: self.add(cid)))
        count = w.Label("0")
        count.add_class("tcg-db-count")
        tile = w.VBox([face, w.HBox([minus, count, plus])])
        tile.add_class("tcg-db-tile")
        tile.add_class(f"tcg-db-card-{cid}")
        return tile, face, count

    def _fill_start_picker(self) -> None:
        options: list[tuple[str, Any]] = [(self._t("empty"), ("empty", None))]
        for name in self.game.starter_decks():
            options.append((self._t("starter", name=self._deck_title(name)), ("starter", name)))
        for name, path, _cards in saved_decks(self.game, self.folder):
            options.append((self._t("saved_deck", name=name), ("file", str(path))))
        self.start_picker.options = options
        self.start_picker.index = 0

    # -- commands ---------------------------------------------------------------------------------------------
    def add(self, card: Any, n: int = 1) -> None:
        """Add ``n`` copies of ``card`` (checked) and check the deck again."""
        self.draft.add(card, n)
        self.refresh()

    def remove(self, card: Any, n: int = 1) -> None:
        """Take ``n`` copies of ``card`` out of the deck being built and redraw."""
        self.draft.remove(card, n)
        self.refresh()

    def load(self, choice: Any) -> None:
        """Start again from ``choice``: ("empty", None), ("starter", name) or ("file", path)."""
        kind, value = choice if isinstance(choice, tuple) and len(choice) == 2 else (None, None)
        if kind == "empty":
            self.draft = DeckDraft(self.game)
        elif kind == "starter":
            self.draft = DeckDraft(self.game, value)
        elif kind == "file":
            self.draft = load_deck(value, self.game)
        else:
            raise TcgError(f"load takes ('empty', None), ('starter', name) or ('file', path), not {choice!r}")
        self.name_text.value = self.draft.name
        self.refresh()
        self._say(self._t("loaded", name=self.draft.name or self._t("empty")))

    def save(self, name: Any = None) -> Any:
        """Save the deck as ``<name>.deck.json`` in the folder (the name box's text by default)."""
        name = self.name_text.value if name is None else name
        path = self.draft.save(self.folder / f"{slug(str(name))}.deck.json", name)
        self._fill_start_picker()
        self._say(self._t("saved", path=str(path)))
        return path

    def _require_legal(self) -> None:
        problems = self.draft.problems(self._lang)
        if problems:
            rules = ", ".join(dict.fromkeys(r for r, _ in problems))
            raise TcgError(self._t("not_legal", rules=rules))

    def play(self, opponent: str | None = None) -> Any:
        """A stepper below: P1 (a person) plays this deck, P2 (the computer) a starter deck."""
        from .stepper import Stepper

        self._require_legal()
        starters = self.game.starter_decks()
        other = starters[0] if opponent is None else opponent
        if other not in starters:
            raise TcgError(f"opponent must be a starter deck ({', '.join(starters)}), not {other!r}")
        if self.played is not None:
            self.played.close()
        self.played = Stepper(
            self.game, agents=["person", "heuristic"], decks=[list(self.draft.cards()), other], lang=self._lang
        )
        note = self._t("play_note", name=self._deck_title(other))
        self.play_box.children = [w.HTML(html.escape(note)), self.played]
        return self.played

    def test(self, games: Any = 40) -> list[dict[str, Any]]:
        """Play the deck against each starter deck (``tcgteach.deckbuild.play_against_starters``) and show the table."""
        games = check_int(games, "games", 2, 10_000)
        self._require_legal()
        self._say(self._t("testing", n=games))
        self.results = play_against_starters(self.draft, games=games)
        self.test_html.value = self._results_html()
        self._say("")
        return self.results

    # -- drawing ------------------------------------------------------------------------------------------------
    def _apply_filters(self) -> None:
        name = self.name_filter.value.strip().casefold()
        for cid, (tile, _face, _count) in self.tiles.items():
            f = self.facts[cid]
            shown = (
                self.kind_filter.value in (ALL, f["kind"])
                and (self.number_filter is None or self.number_filter.value in (ALL, f["number"]))
                and (self.level_filter is None or self.level_filter.value in (ALL, f["level"]))
                and (self.cost_filter is None or self.cost_filter.value in (ALL, f["cost"]))
                and (not name or name in cid.casefold() or any(name in n.casefold() for n in f["names"]))
            )
            tile.layout.display = SHOWN if shown else "none"

    def visible(self) -> list[str]:
        """The card IDs the filters show."""
        return [cid for cid, (tile, _f, _c) in self.tiles.items() if tile.layout.display != "none"]

    def refresh(self) -> None:
        """Counts, the rules checked, the curve: drawn again from the draft."""
        for cid, (tile, _face, count) in self.tiles.items():
            n = self.draft.counts.get(cid, 0)
            count.value = str(n)
            if n:
                tile.add_class("tcg-db-in")
            else:
                tile.remove_class("tcg-db-in")
        size = getattr(self.game, "deck_size", None)
        self.size_label.value = f"<b>{html.escape(self._t('size', n=len(self.draft), size=size or '?'))}</b>"
        problems = self.draft.problems(self._lang)
        if problems:
            items = "".join(f"<li><b>{html.escape(r)}</b> {html.escape(t)}</li>" for r, t in problems)
            self.problems_html.value = (
                f"<div class='tcg-db-bad'>{html.escape(self._t('broken', k=len(problems)))}"
                f"<ul style='margin:2px 0 4px 1.2em;padding:0'>{items}</ul></div>"
            )
        else:
            self.problems_html.value = f"<div class='tcg-db-good'>✓ {html.escape(self._t('legal'))}</div>"
        self.curve_html.value = self._curve_html()
        self.play_button.disabled = self.test_button.disabled = bool(problems)

    def _curve_html(self) -> str:
        parts = []
        for title, rows in self.draft.curve(self._lang):
            top = max([n for _l, n in rows] + [1])
            lines = "".join(
                f"<tr><td>{html.escape(label)}</td><td style='text-align:right'>{n}</td>"
                f"<td><span class='tcg-db-bar' style='width:{round(90 * n / top)}px'></span></td></tr>"
                for label, n in rows
            )
            parts.append(f"<div><i>{html.escape(title)}</i><table class='tcg-db-table'>{lines}</table></div>")
        return "".join(parts)

    def _results_html(self) -> str:
        head = "".join(f"<th>{html.escape(self._t(k))}</th>" for k in ("against", "won", "lost", "tied", "rate"))
        body = []
        for r in self.results:
            label = self._deck_title(r["starter"])
            rate = "—" if r["rate"] is None else f"{100 * r['rate']:.0f}%"
            if r["low"] is not None:
                rate += f" ({100 * r['low']:.0f}–{100 * r['high']:.0f}%)"
            body.append(
                f"<tr><td>{html.escape(label)}</td><td>{r['wins']}</td><td>{r['losses']}</td><td>{r['ties']}</td>"
                f"<td>{rate}</td></tr>"
            )
        note = f"<div class='tcg-db-meta'>{html.escape(self._t('test_note'))}</div>"
        return f"<table class='tcg-db-table'><tr>{head}</tr>{''.join(body)}</table>{note}"

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b71c1c" if error else "#1b5e20"
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>' if text else ""
