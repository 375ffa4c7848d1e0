"""The rule explorer: pick a rule, read it, see the lessons that teach it and open its live examples.

``RuleExplorer(game="darkmoon", rule="DM-4.4", lang="ja")`` is an ``ipywidgets.VBox``: a game picker, a
rule picker (ID and title, with a box that narrows the list), the rule's text and [interpretation]
marks, the lessons (links to the notebooks in the chosen language) and the examples of
:func:`tcgteach.explorer.where`, each a line and an "Open in the stepper" button that opens a
:class:`tcgteach.widgets.stepper.Stepper` below at that moment (the flow graph lit there, Back going
back from there).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import tcgteach

from .. import explorer
from ..core.checks import check_bool, check_int, check_text
from ..core.errors import TcgError
from ..core.game import Game
from ..explorer_examples import _shown
from ..i18n import LANGS, Text, pick
from .stepper import Stepper, _close

TEXT = Text(
    {
        "title": ("Rule explorer", "ルールを調べる"),
        "game": ("Game", "ゲーム"),
        "rule": ("Rule", "ルール"),
        "find": ("Find", "絞り込み"),
        "find_hint": ("rule ID or words", "ルールIDか言葉"),
        "lang": ("Language", "言語"),
        "lessons": ("Lessons that teach it", "このルールを学べるレッスン"),
        "no_lessons": ("No lesson lists this rule yet.", "このルールを扱うレッスンはまだありません。"),
        "listed_as": ("listed as {rule}", "レッスンでは{rule}として記載"),
        "examples": ("Live examples from seeded games", "シード付きのゲームから取った実例"),
        "no_examples": ("No example found.", "実例は見つかりませんでした。"),
        "open": ("Open in the stepper", "ステッパーで開く"),
        "open_other": ("Open with {o}={v}", "{o}={v} で開く"),
        "opened_other": (
            "Example {n} with {o}={v}, in the stepper",
            "実例{n}（{o}={v}）をステッパーで開いています",
        ),
        "no_state": ("(the game cannot start: nothing to open)", "（ゲームが始まらないので開けません）"),
        "opened": ("Example {n} in the stepper", "実例{n}をステッパーで開いています"),
        "none_found": ("No rule matches “{text}”.", "「{text}」に当てはまるルールはありません。"),
        "unexpected": (
            "Unexpected error ({kind}): {msg}.",
            "予期しないエラー（{kind}）：{msg}。",
        ),
    }
)
"""The rule explorer's words."""

CSS = """<style>
.tcg-rules .tcg-rule-text{font-size:15px;line-height:1.5;max-width:100%}
.tcg-rules .tcg-rule-text .tcg-marks{color:#5d4037;font-size:13px}
.tcg-rules .tcg-example-line,.tcg-rules .tcg-example-line>.widget-html-content{min-width:0;flex:1 1 300px;
  white-space:normal;overflow-wrap:anywhere;line-height:1.4}
.tcg-rules .tcg-rule-pick select{font-family:inherit}
.tcg-rules .tcg-rule-lessons a{color:#0d47a1;text-decoration:underline}
</style>"""


class RuleExplorer(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The rule explorer widget (see the module docstring). ``explorer.info`` is the shown
    :class:`tcgteach.explorer.RuleInfo`; ``explorer.stepper`` the stepper last opened (or None)."""

    TEXT = TEXT

    def __init__(
        self, game: Any = "darkmoon", rule: str | None = None, lang: str = "en", *, link_base: str = "../"
    ) -> None:
        super().__init__()
        check_text(link_base, "link_base", limit=1000)
        #: the path from the page showing the widget to ``notebooks/`` (the lessons are in notebooks/en and
        #: notebooks/ja, so ``"../"`` from a lesson; ``""`` from a notebook in notebooks/ itself)
        self.link_base = link_base
        if lang not in LANGS:
            raise TcgError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        # a Game (e.g. the classroom's, with the user's card pool) is kept, and comes back when chosen again
        self.game = game if isinstance(game, Game) else tcgteach.game(game)
        self._given = self.game
        rid = explorer.resolve_rule(self.game, rule) if rule is not None else self._first_rule()
        self.stepper: Stepper | None = None
        self._opened: int | None = None  # the example open in the stepper
        self._opened_other = False  # ... under the other reading of its option
        self.info: explorer.RuleInfo | None = None
        self._quiet = False
        t = self._t
        self.heading = w.HTML()
        self.game_pick = w.Dropdown(options=self._game_options(), value=self.game.name, layout=w.Layout(width="auto"))
        self.game_pick.add_class("tcg-rules-game")
        self.lang_toggle = w.RadioButtons(
            options=[("English", "en"), ("日本語", "ja")],
            value=lang,
            orientation="horizontal",
            layout=w.Layout(width="auto"),
        )
        self.lang_toggle.add_class("tcg-rules-lang")
        self.find = w.Text(value="", placeholder=t("find_hint"), layout=w.Layout(width="220px"))
        self.find.add_class("tcg-rules-find")
        self.rule_pick = w.Dropdown(options=self._rule_options(""), value=rid, layout=w.Layout(width="100%"))
        self.rule_pick.add_class("tcg-rule-pick")
        self.labels = {k: w.HTML() for k in ("game", "lang", "find", "rule")}
        self.message = w.HTML()
        self.message.add_class("tcg-rules-message")
        self.text = w.HTML()
        self.text.add_class("tcg-rule-text")
        self.lessons = w.HTML()
        self.lessons.add_class("tcg-rule-lessons")
        self.examples_title = w.HTML()
        self.examples = w.VBox([])
        self.examples.add_class("tcg-rule-examples")
        self.stepper_title = w.HTML()
        self.stepper_title.add_class("tcg-rule-stepper-title")
        self.stepper_box = w.VBox([])
        self.stepper_box.add_class("tcg-rule-stepper")
        self.game_pick.observe(self._guard(self._on_game), names="value")
        self.lang_toggle.observe(self._guard(self._on_lang), names="value")
        self.rule_pick.observe(self._guard(self._on_rule), names="value")
        self.find.observe(self._guard(self._on_find), names="value")
        row = w.Layout(flex_flow="row wrap", align_items="center")
        lab = self.labels
        pick_box = w.Box([self.rule_pick], layout=w.Layout(flex="1 1 400px", min_width="0"))
        self.children = [
            w.HTML(CSS),
            self.heading,
            w.HBox([lab["game"], self.game_pick, lab["lang"], self.lang_toggle, lab["find"], self.find], layout=row),
            w.HBox([lab["rule"], pick_box], layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.message,
            self.text,
            self.lessons,
            self.examples_title,
            self.examples,
            self.stepper_title,
            self.stepper_box,
        ]
        self.add_class("tcg-rules")
        self.show_rule(rid)

    # -- words -------------------------------------------------------------------------------------
    def _t(self, key: str, **fmt: Any) -> str:
        return self.TEXT.t(key, self.lang, **fmt)

    def _game_options(self) -> list[tuple[str, str]]:
        return [(pick(tcgteach.game_class(n).title, self.lang, n), n) for n in tcgteach.games()]

    def _rule_options(self, find: str) -> list[tuple[str, str]]:
        needle = find.strip().lower()
        out = []
        for rid in self.game.rule_ids():
            label = f"{rid}  {self.game.rule_title(rid, self.lang)}"
            if needle and needle not in label.lower() and needle not in self.game.rule_text(rid, self.lang).lower():
                continue
            out.append((label, rid))
        return out

    def _first_rule(self) -> str:
        ids = self.game.rule_ids()
        return next((r for r in ids if "." in r), ids[0])

    # -- callbacks ---------------------------------------------------------------------------------
    def _guard(self, fn: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
        def run(change: dict[str, Any]) -> None:
            if self._quiet:
                return
            try:
                fn(change)
            except TcgError as exc:
                self._say(str(exc), error=True)
            except Exception as exc:  # a widget never shows a traceback
                self._say(self._t("unexpected", kind=type(exc).__name__, msg=exc), error=True)

        return run

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b71c1c" if error else "#1b5e20"
        prefix = "⚠ " if error else ""
        self.message.value = (
            f'<span style="color:{color}" role="alert">{prefix}{html.escape(text)}</span>' if text else ""
        )

    def _set_options(self, dd: Any, options: list[tuple[str, Any]], value: Any) -> None:
        self._quiet = True
        try:
            dd.options = options
            dd.value = value
        finally:
            self._quiet = False

    def _on_game(self, change: dict[str, Any]) -> None:
        self.game = self._given if change["new"] == self._given.name else tcgteach.game(change["new"])
        self.find.value = ""
        rid = self._first_rule()
        self._set_options(self.rule_pick, self._rule_options(""), rid)
        self.show_rule(rid)

    def _on_lang(self, change: dict[str, Any]) -> None:
        self.set_lang(change["new"])

    def _on_rule(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.show_rule(change["new"])

    def _on_find(self, change: dict[str, Any]) -> None:
        options = self._rule_options(change["new"])
        if not options:
            self._say(self._t("none_found", text=change["new"]), error=True)
            return
        self._say("")
        current = self.rule_pick.value
        value = current if current in [v for _l, v in options] else options[0][1]
        self._set_options(self.rule_pick, options, value)
        if value != current:
            self.show_rule(value)

    # -- what is shown -----------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        """Every label, the rule and its examples in ``lang``; an open stepper follows."""
        if lang not in LANGS:
            raise TcgError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        if self.lang_toggle.value != lang:
            self._set_options(self.lang_toggle, list(self.lang_toggle.options), lang)
        self._set_options(self.game_pick, self._game_options(), self.game.name)
        self._set_options(self.rule_pick, self._rule_options(self.find.value), self.rule_pick.value)
        self.find.placeholder = self._t("find_hint")
        if self.stepper is not None:
            self.stepper.set_lang(lang)
        self.show_rule(self.rule_pick.value, keep_stepper=True)

    def show_rule(self, rule: str, keep_stepper: bool = False) -> None:
        """Show ``rule`` of the game picked (its text, lessons and examples)."""
        check_bool(keep_stepper, "keep_stepper")
        info = explorer.where(self.game, rule, self.lang)
        self.info = info
        t = self._t
        for key, label in self.labels.items():
            label.value = f"<b>{html.escape(t(key))}</b>"
        self.heading.value = f"<h3 style='margin:4px 0'>{html.escape(t('title'))}</h3>"
        if self.rule_pick.value != info.rule:
            self._set_options(self.rule_pick, self._rule_options(""), info.rule)
        marks = "".join(f"<div class='tcg-marks'>{html.escape(m)}</div>" for m in info.marks)
        self.text.value = (
            f"<div><b><code>{html.escape(info.rule)}</code> {html.escape(info.title)}</b></div>"
            f"<div>{html.escape(info.text)}</div>{marks}"
        )
        items = []
        for ref in info.lessons:
            path = ref.lesson.notebook(self.lang)
            extra = f" <small>({html.escape(t('listed_as', rule=ref.via))})</small>" if ref.via != info.rule else ""
            title = html.escape(pick(ref.lesson.title, self.lang))
            items.append(
                f'<li><a href="{html.escape(self.link_base + path)}" target="_blank">{title}</a>'
                f" <small><code>notebooks/{html.escape(path)}</code></small>{extra}</li>"
            )
        body = f"<ul style='margin:2px 0'>{''.join(items)}</ul>" if items else f"<p>{html.escape(t('no_lessons'))}</p>"
        self.lessons.value = f"<b>{html.escape(t('lessons'))}</b>{body}"
        self.examples_title.value = f"<b>{html.escape(t('examples'))}</b>"
        self._close_examples()
        rows = []
        for i, ex in enumerate(info.examples):
            line = w.HTML(f"{i + 1}. {html.escape(ex.describe(self.lang))}")
            line.add_class("tcg-example-line")
            if ex.kind in ("deck", "setup"):
                button: Any = w.HTML(f"<i>{html.escape(t('no_state'))}</i>")
            else:
                button = w.Button(description=t("open"), layout=w.Layout(width="auto", min_width="180px"))
                button.add_class("tcg-open-example")
                button.on_click(self._opener(i))
                if ex.kind == "reading" and ex.other is not None:
                    other = w.Button(
                        description=t("open_other", o=ex.other[0], v=_shown(ex.other[1])),
                        layout=w.Layout(width="auto"),
                    )
                    other.add_class("tcg-open-other")
                    other.on_click(self._opener(i, other=True))
                    button = w.HBox([button, other])
            wrap = w.Layout(flex_flow="row wrap", align_items="center")
            rows.append(w.HBox([line, button], layout=wrap))
        if not rows:
            rows.append(w.HTML(html.escape(t("no_examples"))))
        self.examples.children = rows
        if not keep_stepper:
            self._close_stepper()
        self._title_stepper()
        self._say("")

    def _opener(self, index: int, other: bool = False) -> Callable[[Any], None]:
        def click(_b: Any) -> None:
            try:
                self.open_example(index, other=other)
            except TcgError as exc:
                self._say(str(exc), error=True)
            except Exception as exc:  # a widget never shows a traceback
                self._say(self._t("unexpected", kind=type(exc).__name__, msg=exc), error=True)

        return click

    def open_example(self, index: int, other: bool = False) -> Stepper:
        """Open example ``index`` of the shown rule in a stepper below, at its moment (``other``: a reading
        example under the other value of its option)."""
        assert self.info is not None
        check_int(index, "index")
        check_bool(other, "other")
        examples = self.info.examples
        if not 0 <= index < len(examples):
            raise TcgError(f"example {index} does not exist: this rule has {len(examples)} (0-{len(examples) - 1})")
        ex = examples[index]
        if ex.kind in ("deck", "setup"):
            raise TcgError(self._t("no_state"))
        self._close_stepper()
        stepper = Stepper.at(ex.in_other_reading() if other else ex, lang=self.lang)
        if ex.kind == "refused":  # the moment is before the refused action: say what is refused
            stepper._say(pick(ex.text, self.lang, str(ex.error)), error=True)
        self.stepper = stepper
        self.stepper_box.children = (stepper,)
        self._opened = index
        self._opened_other = other
        self._title_stepper()
        self._say("")
        return stepper

    def _title_stepper(self) -> None:
        if self.stepper is None or self.info is None or self._opened is None:
            self.stepper_title.value = ""
            return
        ex = self.info.examples[self._opened]
        if self._opened_other and ex.other is not None:
            o, v = ex.other
            head = self._t("opened_other", n=self._opened + 1, o=o, v=_shown(v))
        else:
            head = self._t("opened", n=self._opened + 1)
        self.stepper_title.value = (
            f"<hr style='margin:8px 0'><b>{html.escape(head)}</b><br>"
            f"<small>{html.escape(ex.describe(self.lang))}</small>"
        )

    def _close_examples(self) -> None:
        old = self.examples.children
        self.examples.children = ()
        for row in old:
            for child in getattr(row, "children", ()):
                _close(child)
            _close(row)

    def _close_stepper(self) -> None:
        if self.stepper is not None:
            self.stepper_box.children = ()
            self.stepper.close()
            self.stepper = None
        self._opened = None
        self.stepper_title.value = ""
