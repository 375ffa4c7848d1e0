"""The play surface's panes: small widgets over one :class:`Table` (a :class:`tcgteach.session.Session`
with the rules of a safe turn), put together by each front end (the stepper, the combat view, the
classroom; the next ones — a game review, a deck builder — take the same panes).

- :class:`Table` — the session in play, who sees what (a perspective), the language, and the turn's
  safety rules: the moment a person acts every choice is locked until the next position is shown; a
  click made for an earlier position is refused with a message and changes nothing; the agents' moves
  are shown one at a time (``pause`` seconds apart, 0 = at once), each with its log line and lit node.
- Panes: :class:`BoardPane`, :class:`LogPane`, :class:`GraphPane`, :class:`ChoicesPane` (the cards
  themselves as buttons: click a card in hand to play it, click an attacker then a target; every
  choice also as a plain button in a list, for keyboard and screen-reader users), :class:`SeatsPane`,
  :class:`DecksPane`, :class:`HintPane`, :class:`StatusPane`, :class:`ExportPane`,
  :class:`ResultPane` (who won, why, the final tally, Play again), :class:`RecentPane`.

A pane renders the table when the table changes (``Table.render``); no pane subclasses another, and
no front end subclasses another front end.

This module is the panes' one import path; they live by topic in :mod:`tcgteach.widgets.table` (the
table, the words, the helpers), :mod:`tcgteach.widgets.views` (board, log, graph, export),
:mod:`tcgteach.widgets.choices`, :mod:`tcgteach.widgets.advice` (status, hint, recent moves,
result) and :mod:`tcgteach.widgets.seating` (seats, decks).
"""

from __future__ import annotations

from .advice import HintPane, RecentPane, ResultPane, StatusPane, result_headline, result_html
from .choices import ChoicesPane, action_card
from .seating import DecksPane, SeatsPane
from .table import OWN_DECK, PERSON, TALLY_PARTS, WORDS, Table, agent_for, close_tree, close_widget, relabel
from .views import BoardPane, EventLog, ExportPane, GraphPane, LogPane, describe

__all__ = [
    "OWN_DECK",
    "PANES_CSS",
    "PERSON",
    "TALLY_PARTS",
    "WORDS",
    "BoardPane",
    "ChoicesPane",
    "DecksPane",
    "EventLog",
    "ExportPane",
    "GraphPane",
    "HintPane",
    "LogPane",
    "RecentPane",
    "ResultPane",
    "SeatsPane",
    "StatusPane",
    "Table",
    "action_card",
    "agent_for",
    "close_tree",
    "close_widget",
    "describe",
    "relabel",
    "result_headline",
    "result_html",
]

#: the panes' shared look: big enough to read on a projector under ``.tcg-projector`` (card tiles and
#: choices ≥ 16 px), links that look like links, a status line that stays in view
PANES_CSS = """<style>
.tcg-play .tcg-status{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #cfd8dc;padding:2px 0}
.tcg-play .tcg-status-line{font-size:15px;line-height:1.35}
.tcg-projector .tcg-status-line{font-size:18px}
.tcg-play .tcg-zone-head{font-size:13px;color:#455a64;margin:4px 0 0 2px;font-weight:600}
.tcg-projector .tcg-zone-head{font-size:16px}
.tcg-play button.tcg-action,.tcg-play button.tcg-choice{white-space:normal;height:auto;min-height:32px;max-width:100%;
  text-align:left;line-height:1.3;padding:4px 10px;margin:2px}
.tcg-play button.tcg-card-tile{border:2px solid #546e7a;border-radius:6px;background:#fffde7;font-weight:600;
  min-width:88px}
.tcg-play button.tcg-card-tile:hover{background:#fff59d}
.tcg-play button.tcg-card-tile.mod-info{background:#bbdefb;border-color:#0d47a1}
.tcg-play button:disabled{opacity:.45;cursor:not-allowed}
.tcg-projector button.tcg-action,.tcg-projector button.tcg-choice,.tcg-projector .tcg-log-line,
.tcg-projector .tcg-hint-text,.tcg-projector .tcg-recent-box,.tcg-projector .tcg-combat-explain{font-size:16px}
.tcg-play .tcg-log-line{font-size:13px;line-height:1.35}
.tcg-play a.tcg-download{display:inline-block;margin:0 6px;padding:3px 10px;border:1px solid #1565c0;border-radius:4px;
  color:#0d47a1;text-decoration:underline;background:#e3f2fd;font-weight:600}
.tcg-play .tcg-result-banner{border:3px solid #2e7d32;background:#f1f8e9;border-radius:8px;padding:8px 14px;
  margin:4px 0}
.tcg-play .tcg-result-head{font-size:26px;font-weight:800}
.tcg-play .tcg-result-why{font-size:17px;margin:2px 0}
.tcg-play .tcg-result-tally{font-size:16px}
.tcg-play .tcg-result-tally ul{margin:2px 0;padding-left:1.2em}
.tcg-play .tcg-board-view,.tcg-play .tcg-board-view>.widget-html-content{width:100%;min-width:0;max-width:100%}
.tcg-play .tcg-board-view .tcg-board{max-width:100%;box-sizing:border-box}
.tcg-play .tcg-board-view .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-play .tcg-focus,.tcg-play .tcg-graph,.tcg-play .tcg-extra{width:100%;min-width:0}
.tcg-play .tcg-focus>.widget-html-content,.tcg-play .tcg-graph>.widget-html-content{width:100%}
.tcg-play{container-type:inline-size}
.tcg-play .tcg-main{width:100%;display:grid !important;grid-template-columns:minmax(0,1fr) 380px 370px;
  grid-template-areas:"board side graph";align-items:start;column-gap:8px}
.tcg-play .tcg-col-board{grid-area:board;min-width:0;overflow:auto}
.tcg-play .tcg-col-side{grid-area:side;min-width:0;overflow-y:auto;overflow-x:hidden}
.tcg-play .tcg-col-graph{grid-area:graph;min-width:0;overflow-y:auto;overflow-x:hidden}
.tcg-play .tcg-col-side>*,.tcg-play .tcg-choices>*,.tcg-play .tcg-col-board>*,.tcg-play .tcg-col-graph>*{flex-shrink:0}
@container (max-width:1320px){.tcg-play .tcg-main{grid-template-columns:minmax(0,1fr) 400px;
  grid-template-areas:"board side" "board graph";grid-template-rows:auto 1fr}}
@container (max-width:960px){.tcg-play .tcg-main{grid-template-columns:minmax(0,1fr);
  grid-template-areas:"side" "board" "graph";grid-template-rows:auto}}
</style>"""
