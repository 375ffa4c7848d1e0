"""The design lab: pick a game, its rule readings, a deck, the players and N; run; see the standard measures of
the design with their intervals, A against B side by side (two variants, or the two games), with a verdict
only where a difference is beyond noise, the resource curves, and save it all as one HTML report::

    DesignLab()                                    # DARK MOON against itself with the first-turn rule off
    DesignLab("dragonquest", lang="ja", n=2000)
    DesignLab(tcgteach.game("darkmoon", cards="my_cards.json"))    # your own card pool as A

It is made of small panes (``VariantPane`` for each side, ``RunPane`` for N, the agents and the progress,
``ResultsPane`` for the tables and charts), over the functions of ``tcgteach.design`` (``run``, ``measure``,
``compare``, ``option_effects``, ``rule_map``, ``report``), which give Python the same answers.
"""

from __future__ import annotations

import dataclasses
import html
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

import tcgteach

from ..core.checks import check_int, check_lang
from ..core.errors import TcgError
from ..i18n import Text, pick
from ..lookup import check_game
from .table import SHOWN

__all__ = ["DesignLab", "VariantPane", "RunPane", "ResultsPane"]

_log = logging.getLogger("tcgteach.widgets")

#: a deck picker's value for "the game's default decks"
DEFAULT_DECKS = "*"
#: the games of a run are played in this many slices (the progress bar moves after each)
SLICES = 20
#: seconds after a run during which a click on Run is taken for one made while it played (and ignored)
SETTLE = 0.4

WORDS = Text(
    {
        "title": ("Design lab", "デザインラボ"),
        "intro": (
            "Pick a game and its rule readings, run many seeded games, and read the standard measures of the design "
            "with their 95% intervals. With B on, the same seeds are played with B's choices: a difference is marked "
            "only where it is beyond noise.",
            "ゲームとルールの読み方を選んで、シード付きのゲームをたくさん遊ばせ、デザインの標準的な指標を95%区間つきで"
            "読みます。B をオンにすると同じシードで B の設定でも遊び、誤差を超える差にだけ印をつけます。",
        ),
        "a": ("A", "A"),
        "b": ("B", "B"),
        "compare": ("compare with B", "B と比べる"),
        "game": ("game", "ゲーム"),
        "players": ("players", "人数"),
        "decks": ("decks", "デッキ"),
        "default_decks": ("the game's default decks", "ゲームの標準デッキ"),
        "starter": ("every seat: {name}", "全員：{name}"),
        "saved": ("every seat: saved {name}", "全員：保存済み {name}"),
        "games": ("games", "ゲーム数"),
        "agents": ("players' skill", "プレイヤーの強さ"),
        "heuristic": ("heuristic (plays like a person)", "ヒューリスティック（人らしく遊ぶ）"),
        "random": ("random (any legal move)", "ランダム（ルール内で何でも）"),
        "readings": ("every rule reading of A", "A のすべてのルールの読み方"),
        "rules": ("rules in play", "プレイ中のルール"),
        "run": ("Run", "実行"),
        "running": ("Playing {game}: {done} / {n} games", "{game} を実行中：{done} / {n} ゲーム"),
        "done": ("Done: {n} games in {seconds:.1f} s.", "完了：{n} ゲーム、{seconds:.1f} 秒。"),
        "kingmaking": (
            "Looking for kingmaking in {game}: {done} / {n} games (every last-round choice is played out)",
            "{game} のキングメイキングを調べています：{done} / {n} ゲーム（最後の1巡の選択をすべて最後まで試します）",
        ),
        "toggling": (
            "Playing the same {n} games with each rule reading of A switched…",
            "A のルールの読み方を一つずつ切り替えて、同じ {n} ゲームを遊ばせています…",
        ),
        "save": ("Save report", "レポートを保存"),
        "saved_to": ("Report written to {path}.", "レポートを {path} に書きました。"),
        "nothing": ("Run first: there is nothing to save yet.", "まず実行してください。まだ保存するものがありません。"),
        "unexpected": ("Something went wrong ({kind}: {msg}).", "問題が起きました（{kind}：{msg}）。"),
        "default": ("{value} (the engine's)", "{value}（エンジンの読み方）"),
        "cards": ("card file", "カードファイル"),
        "card_hint": (
            "your own card pool (a JSON file's path); empty: the game's cards",
            "自分のカードプール（JSON ファイルのパス）。空ならゲームのカード",
        ),
        "pool": ("Playing with your cards ({digest}).", "あなたのカードで遊びます（{digest}）。"),
    }
)

CSS = """<style>
.tcg-designlab{font-size:15px;max-width:1340px}
.tcg-designlab .tcg-dl-side{border:1px solid #ccc;border-radius:6px;padding:4px 8px;margin:2px;flex:1 1 440px;
 max-width:660px}
.tcg-designlab .widget-checkbox{margin:0 10px}
.tcg-designlab .tcg-dl-side .widget-label,.tcg-designlab .widget-dropdown>label{min-width:7em}
.tcg-designlab .tcg-dl-message{min-height:1.4em}
.tcg-designlab .tcg-design{max-width:100%}
/* the results may be wider than the notebook (a wide table): they scroll sideways instead of running out of
 sight, and the charts shrink to the width there is (a flex item never shrinks below its content by default) */
.tcg-designlab .tcg-dl-results{max-width:100%}
.tcg-designlab .tcg-dl-results .widget-html-content{min-width:0;overflow-x:auto}
</style>"""


def _guarded(say: Callable[[str, bool], None], lang: str) -> Callable[[Callable[..., Any]], Callable[..., None]]:
    def wrap(fn: Callable[..., Any]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except TcgError as exc:
                say(str(exc), True)
            except Exception as exc:  # a widget must never show a traceback
                _log.debug("design lab callback failed", exc_info=True)
                say(WORDS.t("unexpected", lang, kind=type(exc).__name__, msg=exc), True)

        return run

    return wrap


class VariantPane(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """One side of the lab: a game, its rule readings (one picker per reading, the engine's marked), the players
    and the decks. ``variant()`` is the chosen Game, its players and decks."""

    def __init__(self, label: str, game: Any, lang: str, options: dict[str, Any] | None = None) -> None:
        self._lang = lang
        self._pool_game = check_game(game) if not isinstance(game, str) else None
        self.label = label
        self.game_picker = w.Dropdown(
            options=[(self._title(n), n) for n in tcgteach.games()],
            value=check_game(game).name,
            description=WORDS.t("game", lang),
            layout=w.Layout(width="98%"),
        )
        self.players = w.Dropdown(description=WORDS.t("players", lang))
        self.decks = w.Dropdown(description=WORDS.t("decks", lang), layout=w.Layout(width="auto"))
        self.option_box = w.VBox()
        self.pickers: dict[str, w.Dropdown] = {}
        self.card_file = w.Text(
            placeholder=WORDS.t("card_hint", lang), description=WORDS.t("cards", lang), continuous_update=False
        )
        self.card_file.layout.width = "98%"
        self.note = w.HTML()
        self.note.add_class("tcg-dl-note")
        super().__init__()
        self.add_class("tcg-dl-side")
        self.game_picker.observe(lambda _c: self._fill({}), names="value")
        self.card_file.observe(lambda c: self.load_cards(c["new"]), names="value")
        self._fill(options or {})

    def load_cards(self, path: str) -> None:
        """Play with the card file at ``path`` (checked like the package's own; empty: the package's cards); a
        file that is refused is said under the pickers, with its place, and changes nothing."""
        name = self.game_picker.value
        try:
            self._pool_game = tcgteach.game(name, cards=path.strip()) if path.strip() else None
        except TcgError as exc:
            self.note.value = f"<span style='color:#b71c1c'>{html.escape(str(exc))}</span>"
            return
        pool = self._pool_game.user_pool if self._pool_game is not None else None
        self.note.value = "" if pool is None else html.escape(WORDS.t("pool", self._lang, digest=pool.digest))
        self._fill({k: p.value for k, p in self.pickers.items()})

    def _title(self, name: str) -> str:
        g = tcgteach.game(name)
        return pick(g.title, self._lang, name) if g.title else name

    def base_game(self) -> Any:
        """The game this variant starts from (the picked game, with the loaded card pool if there is one)."""
        name = self.game_picker.value
        if self._pool_game is not None and self._pool_game.name == name:
            return self._pool_game
        return tcgteach.game(name)

    def _fill(self, options: dict[str, Any]) -> None:
        """The pickers of the chosen game: its readings, its player counts and its decks."""
        from ..deckbuild import saved_decks

        g = self.base_game()
        self.pickers = {}
        for spec in type(g).OPTION_SPECS:
            if spec.kind != "choice":
                continue
            labels = []
            for v in spec.choices:
                words = pick(spec.values[v], self._lang) if v in spec.values else str(v)
                labels.append((WORDS.t("default", self._lang, value=words) if v == spec.default else words, v))
            picker = w.Dropdown(options=labels, value=options.get(spec.name, spec.default), description=spec.rule)
            picker.tooltip = f"{spec.name}: {pick(spec.explain, self._lang)}"
            picker.style.description_width = "6em"
            picker.layout.width = "98%"
            self.pickers[spec.name] = picker
        self.option_box.children = list(self.pickers.values())
        counts = list(range(g.min_players, min(g.max_players, 6) + 1))
        self.players.options = counts
        self.players.value = counts[0]
        choices: list[tuple[str, Any]] = [(WORDS.t("default_decks", self._lang), DEFAULT_DECKS)]
        for name in g.starter_decks():
            title = g.starter_deck(name).title
            choices.append(
                (WORDS.t("starter", self._lang, name=pick(title, self._lang, name) if title else name), name)
            )
        for name, path, _cards in saved_decks(g):
            choices.append((WORDS.t("saved", self._lang, name=name), str(path)))
        self.decks.options = choices
        self.decks.value = DEFAULT_DECKS
        heading = w.HTML(f"<b>{html.escape(self.label)}</b>")
        self.children = [
            heading,
            self.game_picker,
            self.players,
            self.decks,
            self.option_box,
            self.card_file,
            self.note,
        ]

    def variant(self) -> tuple[Any, int, list[Any] | None]:
        """(the Game with the chosen readings, the players, one deck per seat or None)."""
        from ..deckbuild import load_deck

        g = self.base_game()
        chosen = {name: p.value for name, p in self.pickers.items()}
        g = g.with_options({**dict(g.options), **chosen})
        players = int(self.players.value)
        pick_ = self.decks.value
        if pick_ == DEFAULT_DECKS:
            return g, players, None
        cards = load_deck(pick_, g).cards() if str(pick_).endswith(".json") else g.starter_deck(pick_).cards
        return g, players, [list(cards)] * players


class RunPane(w.HBox):  # type: ignore[misc]
    """N, the agents, the extras, Run, the progress bar and Save report."""

    def __init__(self, lang: str, n: int) -> None:
        sizes = sorted({200, 500, 1000, 2000, 5000, 10000, n})
        self.n = w.Dropdown(options=sizes, value=n, description=WORDS.t("games", lang))
        self.n.layout.width = "12em"
        self.agents = w.Dropdown(
            options=[(WORDS.t("heuristic", lang), "heuristic"), (WORDS.t("random", lang), "random")],
            description=WORDS.t("agents", lang),
        )
        self.agents.style.description_width = "initial"
        self.agents.layout.width = "auto"
        self.readings = w.Checkbox(
            value=False, description=WORDS.t("readings", lang), indent=False, layout=w.Layout(width="auto")
        )
        self.rules = w.Checkbox(
            value=False, description=WORDS.t("rules", lang), indent=False, layout=w.Layout(width="auto")
        )
        self.run_button = w.Button(description=WORDS.t("run", lang), button_style="primary", icon="play")
        self.run_button.add_class("tcg-dl-run")
        self.save_button = w.Button(description=WORDS.t("save", lang), icon="save")
        self.save_button.add_class("tcg-dl-save")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="12em"))
        super().__init__(
            [self.n, self.agents, self.readings, self.rules, self.run_button, self.progress, self.save_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )


class ResultsPane(w.HTML):  # type: ignore[misc]
    """The tables and charts of the last run (the report's own fragments)."""

    def show(self, parts: list[Any], lang: str) -> None:
        """Show ``parts`` (batteries, comparisons ...) as the design report's sections, in ``lang``."""
        from ..design.report import STYLE, fragment

        body = "".join(f"<section>{fragment(p, lang)}</section>" for p in parts)
        self.value = f"<style>{STYLE}</style><div class='tcg-design'>{body}</div>"


class DesignLab(w.VBox):  # type: ignore[misc]
    """The design lab of ``game`` (a name or a Game, the user's card pool included) in ``lang``: A is the game
    as given, B (on by default) the same game with the first rule reading changed; ``n`` games per side."""

    def __init__(self, game: Any = "darkmoon", lang: str = "en", n: int = 1000, folder: Any = None) -> None:
        self._lang = check_lang(lang)
        check_int(n, "n", 2, 10**7)
        g = check_game(game)
        from ..sim.runner import _path_arg

        self.folder = Path.home() / "tcgteach-reports" if folder is None else Path(_path_arg(folder))
        self.parts: list[Any] = []
        self._settled = 0.0  # clicks on Run before this moment were made during the last run
        self.a = VariantPane(WORDS.t("a", lang), g, lang)
        # B starts one reading away from A: the first yes/no reading (DARK MOON's first-turn rule), else the first
        readings = [s for s in type(g).OPTION_SPECS if s.kind == "choice"]
        first = next((s for s in readings if all(isinstance(c, bool) for c in s.choices)), None) or next(
            iter(readings), None
        )
        b_options = {} if first is None else {first.name: next(v for v in first.choices if v != first.default)}
        self.b = VariantPane(WORDS.t("b", lang), g, lang, b_options)
        self.compare_box = w.Checkbox(value=True, description=WORDS.t("compare", lang), indent=False)
        self.runner = RunPane(lang, n)
        self.message = w.HTML()
        self.message.add_class("tcg-dl-message")
        self.results = ResultsPane()
        self.results.add_class("tcg-dl-results")
        guard = _guarded(self._say, lang)
        self.runner.run_button.on_click(guard(lambda _b: self._clicked_run()))
        self.runner.save_button.on_click(guard(lambda _b: self.save()))
        self.compare_box.observe(
            lambda c: setattr(self.b.layout, "display", SHOWN if c["new"] else "none"), names="value"
        )
        super().__init__()
        self.add_class("tcg-designlab")
        intro = w.HTML(f"<p style='margin:2px 0;max-width:1100px'>{html.escape(WORDS.t('intro', lang))}</p>")
        sides = w.HBox([self.a, self.b], layout=w.Layout(flex_flow="row wrap"))
        self.children = [
            w.HTML(CSS), w.HTML(f"<h3 style='margin:2px 0'>{html.escape(WORDS.t('title', lang))}</h3>"), intro,
            self.compare_box, sides, self.runner, self.message, self.results,
        ]  # fmt: skip

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b71c1c" if error else "#1b5e20"
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>' if text else ""

    def _battery(self, side: VariantPane, n: int, agents: str, done: int) -> Any:
        """Play one side in slices (the progress bar moves after each) and measure it."""
        from ..design import measure
        from ..design.battery import play

        g, players, decks = side.variant()
        started = time.perf_counter()
        records: list[dict[str, Any]] = []
        size = max(1, -(-n // SLICES))
        title = pick(g.title, self._lang, g.name) if g.title else g.name
        for start in range(0, n, size):
            count = min(size, n - start)
            records += play(g, range(start, start + count), agents=agents, players=players, decks=decks, progress=False)
            self.runner.progress.value = done + start + count
            self._say(WORDS.t("running", self._lang, game=title, done=start + count, n=n))
        battery = measure(g, records, agents=agents, decks=decks, started=started, kingmaking=0)
        if players < 3:
            return battery
        return self._kingmaking(battery, title, done + n)

    def _kingmaking(self, battery: Any, title: str, done: int) -> Any:
        """DM-1.5 kingmaking at 3+ players, measured as ``design.run`` does (its first ``KINGMAKING_GAMES``
        games that ended), in slices so that the progress bar and the message follow it: each of a game's
        last-round choices is played out, which takes longer than playing the games."""
        from ..design import kingmaking_rate
        from ..design.battery import KINGMAKING_GAMES
        from ..design.measures import Estimate
        from ..sim.stats import wilson_interval

        started = time.perf_counter()
        seeds = [s for s in battery.seeds if battery.values.get("draw", {}).get(s) is not None][:KINGMAKING_GAMES]
        found = 0
        size = max(1, -(-len(seeds) // SLICES))
        for start in range(0, len(seeds), size):
            part = seeds[start : start + size]
            rate = kingmaking_rate(battery.variant, part, agents=battery.agents, players=battery.players,
                                   decks=battery.decks)  # fmt: skip
            found += round((rate.value or 0.0) * rate.n)
            self.runner.progress.value = done + start + len(part)
            self._say(WORDS.t("kingmaking", self._lang, game=title, done=start + len(part), n=len(seeds)))
        low, high = wilson_interval(found, len(seeds)) or (None, None)
        estimate = Estimate(found / len(seeds) if seeds else None, low, high, len(seeds))
        seconds = battery.seconds + time.perf_counter() - started  # as design.run counts them: kingmaking included
        return dataclasses.replace(battery, kingmaking=estimate, seconds=seconds)

    def _clicked_run(self) -> None:
        """Run, unless the click is one made while the last run was playing (the kernel answers clicks in
        order, so a click on the button before it showed as disabled arrives just after the run ends)."""
        if time.perf_counter() < self._settled:
            return
        self.run()

    def run(self) -> list[Any]:
        """Play A (and B), measure and show them; the results (also what Save report writes)."""
        from ..design import compare, option_effects, rule_map
        from ..design.battery import KINGMAKING_GAMES

        n, agents = int(self.runner.n.value), str(self.runner.agents.value)
        both = bool(self.compare_box.value)
        self.runner.run_button.disabled = True
        start = time.perf_counter()
        try:
            sides = [self.a, self.b] if both else [self.a]
            km = sum(min(n, KINGMAKING_GAMES) for side in sides if side.variant()[1] >= 3)
            total = n * len(sides)
            self.runner.progress.max = total + km
            self.runner.progress.value = 0
            a = self._battery(self.a, n, agents, 0)
            parts: list[Any] = [a]
            if both:
                b = self._battery(self.b, n, agents, self.runner.progress.value)
                parts = [compare(a, b), a, b]
            if self.runner.readings.value:
                g, players, decks = self.a.variant()
                self._say(WORDS.t("toggling", self._lang, n=n))
                parts.append(option_effects(g, n, agents=agents, players=players, decks=decks, progress=False))
            if self.runner.rules.value:
                parts.append(rule_map(a))
            self.parts = parts
            self.results.show(parts, self._lang)
            self._say(WORDS.t("done", self._lang, n=total, seconds=time.perf_counter() - start))
        finally:
            self.runner.run_button.disabled = False
            self._settled = time.perf_counter() + SETTLE
        return self.parts

    def save(self, path: Any = None) -> Path:
        """Write the last run as one HTML report (default: a dated file in ``folder``); its path."""
        from ..design import report
        from ..sim.runner import _path_arg

        if path is not None:
            path = _path_arg(path)
        if not self.parts:
            raise TcgError(WORDS.t("nothing", self._lang))
        target = Path(path) if path is not None else self.folder / time.strftime("design-%Y%m%d-%H%M%S.html")
        target.parent.mkdir(parents=True, exist_ok=True)
        report(str(target), self.parts, self._lang)
        self._say(WORDS.t("saved_to", self._lang, path=target))
        return target
