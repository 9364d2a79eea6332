"""Settings shared by every test layer.

Hypothesis runs the "ci" profile unless HYPOTHESIS_PROFILE names another: derandomized, so a
property test explores the same examples on every run and CI never flakes on a lucky draw, and
without deadlines, since a busy two-core machine makes timings meaningless.
"""

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
