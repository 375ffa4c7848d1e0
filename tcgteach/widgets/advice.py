"""The panes that tell the player where the game stands: :class:`StatusPane` (whose turn, what to
do), :class:`HintPane` (the coach's advice on demand), :class:`RecentPane` (the last few moves) and
:class:`ResultPane` (who won, why, the final tally, Play again).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..agents import CoachAgent
from ..core.errors import TcgError
from .table import TALLY_PARTS, Table
from .views import describe


class StatusPane(w.HTML):  # type: ignore[misc]
    """One line that stays in view: the turn, who is to move (or thinking), the message of the last click
    (class ``tcg-status``; the message itself in ``tcg-message``)."""

    def __init__(self, table: Table, *, step_hint: bool = False) -> None:
        super().__init__()
        self.add_class("tcg-status")
        self.table = table
        self.step_hint = step_hint
        table.listen(self.refresh)
        table.listen_message(self.refresh)

    def refresh(self) -> None:
        """Redraw the status line: the turn, who decides now and where in the turn graph, or the result."""
        t = self.table
        state = t.state
        parts = []
        if state.turn:  # State.turn: 0 for a game that counts no turns
            parts.append(t.t("turn", n=state.turn))
        seat = state.current_player
        if state.is_terminal():
            parts.append(t.t("over_status"))
        elif t.thinking is not None:
            parts.append(t.t("thinking", n=t.thinking + 1, who=t.kind_of(t.thinking)))
        elif seat is not None and t.session.agents[seat] is None:
            parts.append(t.t("to_move_person", n=seat + 1))
        elif seat is not None and t.moving:
            parts.append(t.t("to_move_agent", n=seat + 1, who=t.kind_of(seat)))
        elif seat is not None:
            parts.append(t.t("to_step", n=seat + 1, who=t.kind_of(seat)))
        text, error = t.message
        color = "#b71c1c" if error else "#1b5e20"
        prefix = "⚠ " if error else ""
        msg = (
            f'<span class="tcg-message" style="color:{color}" role="alert">{prefix}{html.escape(text)}</span>'
            if text
            else '<span class="tcg-message"></span>'
        )
        sep = "・" if t.lang == "ja" else " · "
        head = html.escape(sep.join(parts))
        self.value = f'<div class="tcg-status-line" data-moving="{int(t.moving)}"><b>{head}</b> {msg}</div>'


class HintPane(w.VBox):  # type: ignore[misc]
    """The coach's hint for the person to move, always for the position on the screen: asked on another
    position it is refused, and it disappears the moment the position changes."""

    def __init__(self, table: Table, *, seconds: float = 0.5, seed: Callable[[], int] = lambda: 0) -> None:
        self.table = table
        self.seconds = seconds
        self.seed = seed
        self.button = w.Button(description=table.t("hint"))
        self.button.add_class("tcg-hint")
        self.text = w.HTML(layout=w.Layout(min_height="0px"))
        self.text.add_class("tcg-hint-text")
        super().__init__([self.text])
        self._shown: tuple[int, str] | None = None
        self._cache: dict[tuple[int, str], str] = {}
        self.button.on_click(table.guard(lambda _b: self.show()))
        table.listen(self.refresh, self._lock)

    def _lock(self, on: bool) -> None:
        self.button.disabled = on

    def refresh(self) -> None:
        """Redraw the Hint button: enabled only when a person decides and the game goes on."""
        t = self.table
        self.button.description = t.t("hint")
        over = t.state.is_terminal()
        self.button.disabled = over or t.moving or t.hidden() or not t.session.person_to_move()
        if t.hidden():
            self.clear()
        if self._shown is not None and self._shown != (t.version, t.lang):
            self.text.value = ""
            self._shown = None

    def clear(self) -> None:
        """Remove the shown hint."""
        self.text.value = ""
        self._shown = None

    def hint(self) -> Any:
        """The coach's hint for the current decision, from the deciding seat's view; ``TcgError`` when the game is
        over."""
        t = self.table
        state = t.state
        seat = state.current_player
        if state.is_terminal() or seat is None:
            raise TcgError(t.t("hint_over"))
        t.refuse_if_moving()
        if t.session.agents[seat] is not None:
            raise TcgError(t.t("no_hint", n=seat + 1, who=t.kind_of(seat)))
        coach = CoachAgent(seed=self.seed() * 7919 + len(state.history), time_budget=self.seconds)
        return coach.hint(state.view(seat), lang=t.lang)

    def show(self) -> None:
        """Show the hint for the current decision (computed once per position and language)."""
        t = self.table
        key = (t.version, t.lang)
        text = self._cache.get(key)
        if text is None:
            self.text.value = f"<i>{html.escape(t.t('hint_wait'))}</i>"
            try:
                hint = self.hint()
            except TcgError:
                self.text.value = ""
                raise
            if (t.version, t.lang) != key:  # the position changed meanwhile: never answer for another one
                self.text.value = ""
                raise TcgError(t.t("hint_stale"))
            text = str(hint)
            self._cache = {key: text}
        self.text.value = f'<div role="status" data-version="{key[0]}">{html.escape(text)}</div>'
        self._shown = key


class RecentPane(w.HTML):  # type: ignore[misc]
    """What the others just did: their last moves (and the forced ones) in words, newest first; those
    from before the person's own last decision greyed."""

    LINES = 5

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.add_class("tcg-recent")
        self.table = table
        table.listen(self.refresh)

    def refresh(self) -> None:
        """Redraw the latest lines of the event log, as the table's seat may see them."""
        t = self.table
        if t.hidden():
            self.value = ""
            return
        persp = t.perspective()
        persons = t.session.persons()
        seat = persp if persp is not None else (persons[0] if len(persons) == 1 else None)
        items = []
        for who, action, forced, new in t.session.recent(seat, self.LINES):
            n = (who or 0) + 1
            kind = t.kind_of(who) if who is not None else ""
            text = describe(t, who, action, persp)
            mark = f" <i>{html.escape(t.t('recent_forced'))}</i>" if forced else ""
            style = "" if new else " style='color:#607d8b'"
            items.append(
                f"<li{style} data-new='{int(new)}'><b>P{n}</b> <small>{html.escape(t.t('recent_who', who=kind))}"
                f"</small>{html.escape(t.t('recent_sep'))}{html.escape(text)}{mark}</li>"
            )
        body = (
            f"<ol style='margin:2px 0 0 0;padding-left:1.4em'>{''.join(items)}</ol>"
            if items
            else f"<p style='margin:2px 0'><i>{html.escape(t.t('recent_none'))}</i></p>"
        )
        self.value = (
            f"<div class='tcg-recent-box' role='status' aria-live='polite'>"
            f"<b>{html.escape(t.t('recent'))}</b>{body}</div>"
        )


class ResultPane(w.VBox):  # type: ignore[misc]
    """The end of the game: who won (or the draw), why (the rule that ended it, in words), the final
    tally per seat, Play again (``on_again``) and, with ``on_review``, Review this game. Hidden while the game
    goes on."""

    def __init__(self, table: Table, on_again: Callable[[], None], on_review: Callable[[], None] | None = None) -> None:
        self.table = table
        self.banner = w.HTML()
        self.again = w.Button(description=table.t("play_again"), button_style="success")
        self.again.add_class("tcg-play-again")
        self.again.on_click(table.guard(lambda _b: on_again()))
        self.review = w.Button(description=table.t("review_game"), button_style="info", layout=w.Layout(width="auto"))
        self.review.add_class("tcg-review-game")
        self.review.on_click(table.guard(lambda _b: on_review and on_review()))
        buttons = [self.again, self.review] if on_review is not None else [self.again]
        super().__init__([self.banner, w.HBox(buttons)], layout=w.Layout(display="none"))
        self.add_class("tcg-result")
        table.listen(self.refresh)

    def refresh(self) -> None:
        """Show the result banner (winners, scores and the rule that ended the game) once the game is over; hidden
        before."""
        t = self.table
        out = t.state.result()
        if out is None:
            self.layout.display = "none"
            self.banner.value = ""
            return
        self.layout.display = "flex"
        self.again.description = t.t("play_again")
        self.review.description = t.t("review_game")
        self.banner.value = result_html(t, out)


def result_headline(t: Table, out: Any) -> str:
    """Who won, in words: "P2 (coach) wins", "Tie between P1 and P3", "Tie", "No winner"."""
    if len(out.winners) == 1:
        return t.t("wins", who=t.who(out.winners[0]))
    if out.winners:
        return t.t("draw_between", who=("・" if t.lang == "ja" else " and ").join(t.who(s) for s in out.winners))
    return t.t("nobody" if out.nobody_wins else "draw")


def result_html(t: Table, out: Any) -> str:
    """The result banner's HTML: the headline, the reason with its rule, one line per seat."""
    persons = set(t.session.persons())

    def name(seat: int) -> str:
        return t.who(seat)

    head = result_headline(t, out)
    try:
        title = t.game.rule_title(out.reason, t.lang)
    except Exception:  # a game without rule texts (a game defined in a test): the rule ID alone
        title = out.reason
    why = t.t("why", title=title, rule=out.reason)
    rows = []
    for seat, score in enumerate(out.scores):
        part = out.breakdown[seat] if seat < len(out.breakdown) else {}
        if "deck" in part:
            main = t.t("cards_left", n=score)
        elif "total" in part:
            main = t.t("points", n=score)
        else:
            main = str(score)
        extra = [
            TALLY_PARTS.t(k, t.lang, n=v)
            for k, v in part.items()
            if k in TALLY_PARTS and isinstance(v, int) and not isinstance(v, bool)
        ]
        won = seat in out.winners and len(out.winners) == 1
        mark = "★ " if won else ""
        ja = t.lang == "ja"
        you = (f"（{t.t('you')}）" if ja else f" — {t.t('you')}") if seat in persons and len(persons) == 1 else ""
        sep, colon = ("、", "：") if ja else (", ", ": ")
        bold = ' style="font-weight:700"' if won else ""
        rows.append(
            f"<li class='tcg-tally-{seat}'{bold}>{mark}{html.escape(name(seat))}"
            f"{html.escape(you)}{colon}<b>{html.escape(main)}</b>"
            + (
                (
                    f" <small>（{html.escape(sep.join(extra))}）</small>"
                    if ja
                    else f" <small>({html.escape(sep.join(extra))})</small>"
                )
                if extra
                else ""
            )
            + "</li>"
        )
    return (
        f"<div class='tcg-result-banner' role='status'><div class='tcg-result-head'>{html.escape(head)}</div>"
        f"<div class='tcg-result-why'>{html.escape(why)}</div>"
        f"<div class='tcg-result-tally'><b>{html.escape(t.t('tally'))}</b><ul>{''.join(rows)}</ul></div></div>"
    )
