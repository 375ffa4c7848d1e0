"""The design lab: the standard measures of a game design, for any variant, side by side (issue 26)::

    from tcgteach import design
    a = design.run("darkmoon", 2000)                                   # the battery, 2000 seeded games
    b = design.run("darkmoon", 2000, options={"tie": "none"})           # the same seeds, one rule read otherwise
    print(design.compare(a, b).table())      # paired on the seeds: what changed, and what is beyond noise

``run`` plays and measures a variant (``Battery``; ``Battery.replay(seed)`` plays one of its games again, move by
move, for what the measures do not keep); ``compare`` sets two side by side; ``skill_trace``
measures skill against luck; ``option_effects`` and ``card_impact`` measure causes on paired seeds;
``rule_map`` says which rules act and which never do; ``report`` writes it all as one HTML file.
"""

from .battery import Battery, measure, run
from .causes import CardImpact, OptionEffects, card_impact, option_effects
from .compare import DesignComparison, Difference, compare
from .kingmaking import kingmaking_rate
from .measures import Estimate
from .report import page, report
from .rulemap import RuleMap, rule_map
from .skill import SkillTrace, skill_trace

__all__ = [
    "run",
    "measure",
    "compare",
    "option_effects",
    "card_impact",
    "skill_trace",
    "kingmaking_rate",
    "rule_map",
    "report",
    "page",
    "Battery",
    "Estimate",
    "DesignComparison",
    "Difference",
    "OptionEffects",
    "CardImpact",
    "SkillTrace",
    "RuleMap",
]
