"""The puzzle pane's look: one screen at 1366×768 and 1024×768, the board beside the goal and the choices
(stacked on a narrow screen, the choices first), card text ≥ 16 px in projector mode. Its words are in
:mod:`tcgteach.puzzle_words`; the pane itself is :class:`tcgteach.widgets.puzzle.PuzzlePane`.
"""

from __future__ import annotations

from ..puzzle_words import TEXT, stars

__all__ = ["CSS", "TEXT", "stars"]

CSS = """<style>
.tcg-puzzle{font-size:16px;line-height:1.4;max-width:1600px;container-type:inline-size;width:100%;box-sizing:border-box}
.tcg-puzzle .widget-html-content{line-height:1.4}
.tcg-puzzle .tcg-pz-head{font-size:16px;color:#37474f}
.tcg-puzzle .tcg-pz-head b{color:#1b1b1b}
.tcg-puzzle .tcg-pz-score{font-weight:700;color:#1b5e20;white-space:nowrap}
.tcg-puzzle .tcg-pz-title{font-size:20px;font-weight:700;margin:2px 0}
.tcg-puzzle .tcg-pz-goal{border:3px solid #1565c0;background:#e3f2fd;border-radius:8px;padding:5px 12px;margin:3px 0;
  font-size:19px;line-height:1.35}
.tcg-puzzle .tcg-pz-goal .tcg-pz-goal-label{font-weight:800;color:#0d47a1;margin-right:6px}
.tcg-puzzle .tcg-pz-main{width:100%;display:grid !important;grid-template-columns:minmax(0,1fr) 400px;
  grid-template-areas:"board side";column-gap:10px;align-items:start}
.tcg-puzzle .tcg-pz-board-col{grid-area:board;min-width:0;overflow:auto;max-height:calc(100vh - 96px)}
.tcg-puzzle .tcg-pz-side{grid-area:side;min-width:0;overflow-x:hidden;overflow-y:auto;max-height:calc(100vh - 96px)}
.tcg-classroom .tcg-puzzle .tcg-pz-board-col,.tcg-classroom .tcg-puzzle .tcg-pz-side{max-height:calc(100vh - 150px)}
.tcg-puzzle .tcg-pz-side>*,.tcg-puzzle .tcg-pz-board-col>*{flex-shrink:0}
@container (max-width:960px){.tcg-puzzle .tcg-pz-main{grid-template-columns:minmax(0,1fr) 340px}}
@container (max-width:780px){.tcg-puzzle .tcg-pz-main{grid-template-columns:minmax(0,1fr);
  grid-template-areas:"side" "board"}
  .tcg-puzzle .tcg-pz-side,.tcg-puzzle .tcg-pz-board-col,.tcg-classroom .tcg-puzzle .tcg-pz-side,
  .tcg-classroom .tcg-puzzle .tcg-pz-board-col{max-height:none}}
.tcg-puzzle .tcg-pz-caption{font-weight:700;color:#37474f;margin:2px 0}
.tcg-puzzle .tcg-board-view,.tcg-puzzle .tcg-board-view>.widget-html-content{width:100%;min-width:0;max-width:100%}
.tcg-puzzle .tcg-board-view .tcg-board{max-width:100%;box-sizing:border-box}
.tcg-puzzle .tcg-board-view .tcg-board *{white-space:normal;overflow-wrap:anywhere}
.tcg-puzzle .tcg-pz-prompt{font-weight:700;margin:4px 0 2px;font-size:17px}
.tcg-puzzle button{font-size:16px;height:auto;min-height:36px;white-space:normal;line-height:1.3;padding:4px 12px;
  max-width:100%}
.tcg-puzzle button.tcg-pz-choice{width:100%;text-align:left;margin:2px 0;min-height:40px;font-size:17px}
.tcg-puzzle button.tcg-pz-choice.mod-danger{opacity:.9}
.tcg-puzzle button:disabled{cursor:not-allowed}
.tcg-puzzle button:focus-visible{outline:3px solid #ff6f00;outline-offset:2px}
.tcg-puzzle .tcg-pz-bar{flex-flow:row wrap;align-items:center;gap:4px}
.tcg-puzzle .tcg-pz-bar button{width:auto}
.tcg-puzzle .tcg-pz-feedback{font-size:16px}
.tcg-puzzle .tcg-pz-verdict{font-size:19px;font-weight:800;margin:4px 0 2px}
.tcg-puzzle .tcg-pz-right{color:#1b5e20}
.tcg-puzzle .tcg-pz-wrong{color:#b71c1c}
.tcg-puzzle .tcg-pz-moves{max-height:max(230px,42vh);overflow-y:auto;border-left:4px solid #90a4ae;padding:2px 8px;
  margin:4px 0}
.tcg-puzzle .tcg-pz-moves.tcg-pz-follow{display:flex;flex-direction:column-reverse}
.tcg-puzzle .tcg-pz-move{font-weight:700;margin-top:3px}
.tcg-puzzle .tcg-pz-move.tcg-pz-mine{color:#0d47a1}
.tcg-puzzle .tcg-pz-move.tcg-pz-theirs{color:#6d4c41}
.tcg-puzzle .tcg-pz-moves .tcg-log-line{font-size:14px;line-height:1.3;margin-left:10px;color:#37474f}
.tcg-puzzle .tcg-pz-moves .tcg-log-line code{font-size:12px}
.tcg-puzzle .tcg-pz-rules{margin:3px 0;padding-left:1.2em}
.tcg-puzzle .tcg-pz-rules li{margin:1px 0}
.tcg-puzzle .tcg-pz-rules code{font-weight:700}
.tcg-puzzle .tcg-pz-met{font-size:19px;font-weight:800;color:#1b5e20;border:3px solid #2e7d32;background:#f1f8e9;
  border-radius:8px;padding:4px 10px;margin:4px 0}
.tcg-puzzle .tcg-pz-hint-text{background:#fffde7;border-left:4px solid #f9a825;padding:3px 8px;margin:3px 0}
.tcg-puzzle .tcg-pz-hint-text:empty{display:none}
.tcg-puzzle .tcg-pz-message{min-height:0}
.tcg-puzzle .tcg-pz-summary table{border-collapse:collapse;margin:4px 0 8px;font-size:16px}
.tcg-puzzle .tcg-pz-summary td{padding:2px 8px;border-bottom:1px solid #e0e0e0}
.tcg-puzzle .tcg-pz-done{font-size:20px;font-weight:800;color:#1b5e20}
.tcg-projector.tcg-puzzle,.tcg-projector .tcg-puzzle{font-size:18px}
.tcg-projector .tcg-pz-moves .tcg-log-line,.tcg-projector .tcg-pz-feedback{font-size:16px}
.tcg-projector .tcg-pz-moves .tcg-log-line code{font-size:15px}
.tcg-projector button.tcg-pz-choice{font-size:18px}
</style>"""
