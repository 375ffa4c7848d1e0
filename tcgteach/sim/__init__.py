"""Many-game simulation and design statistics.

>>> from tcgteach.sim import simulate, summary, format_table
>>> records = simulate("darkmoon", 1000, agents=("random", "random"))   # a process pool over all cores
>>> print(format_table(summary(records)))   # first-player win rate with a 95% CI, lengths, end reasons ...
games                  1000
first_player_win_rate  ...% (95% CI ...)
...
end_reason DM-1.5 ...

``simulate`` runs on any ``concurrent.futures.Executor`` (pass ``executor=client.get_executor()``
for a Dask cluster); the records are the same whatever runs them. ``compare`` plays two option
sets on the same seeds and says which differences are beyond noise.
"""

from .runner import (
    CAPPED,
    SimulationError,
    agent_seed,
    play_game,
    process_pool,
    read_csv,
    resolve_game,
    simulate,
    to_csv,
    to_frame,
)
from .stats import (
    branching,
    describe,
    end_reasons,
    first_player_win_rate,
    flow_metrics,
    format_table,
    interaction,
    length_distribution,
    outcomes,
    summary,
    wilson_interval,
)
from .variants import Comparison, compare, compare_records

__all__ = [
    "simulate",
    "play_game",
    "process_pool",
    "resolve_game",
    "agent_seed",
    "to_csv",
    "read_csv",
    "to_frame",
    "SimulationError",
    "CAPPED",
    "first_player_win_rate",
    "wilson_interval",
    "outcomes",
    "describe",
    "length_distribution",
    "branching",
    "interaction",
    "end_reasons",
    "flow_metrics",
    "summary",
    "format_table",
    "compare",
    "compare_records",
    "Comparison",
]
