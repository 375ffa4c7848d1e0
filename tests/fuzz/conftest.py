"""Hypothesis profiles of the fuzz suite (tests/fuzz).

``ci`` (the default, 500 examples per property): the whole fuzz suite in about a minute on a two-core machine.
``release`` (15,000): ~25 minutes, before a release: ``HYPOTHESIS_PROFILE=release .venv/bin/pytest tests/fuzz``.
``quick``: a smoke run while editing (5 examples per property); ``probe``: 200, to look at the
statistics of a property while changing it (``--hypothesis-show-statistics``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: what every profile shares, as their parent
_COMMON = settings(
    deadline=None,  # a replayed game or a whole CLI game may take a while on a busy machine
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,  # a failure prints @reproduce_failure(...) to paste above the test
)
settings.register_profile("ci", _COMMON, max_examples=500)
settings.register_profile("release", _COMMON, max_examples=15_000)
settings.register_profile("quick", _COMMON, max_examples=5)
settings.register_profile("probe", _COMMON, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
