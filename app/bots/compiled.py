"""Which modules ``setup.py`` compiles with mypyc, and ``TRIONFI_PURE``, the switch back to
their Python sources (``app.bots`` calls ``prefer_sources`` before it imports any of them).

The hard bot's search spends its time in these modules (the simulator, the playout policy,
the sampling of hidden cards, the search itself, and the arena's reference MCTS beside them,
so that equal-time comparisons stay fair). They are ordinary typed Python: compiled, they
play exactly the same cards, faster. This module imports nothing of the project, so that
``setup.py`` can read it before anything is built; it is not compiled itself.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

COMPILED_MODULES = (
    "app.bots.sim",
    "app.bots.scoring",
    "app.bots.playout",
    "app.bots.sampling",
    "app.bots.knowledge",
    "app.bots.hard",
    "app.bots.ismcts",
)
PURE_SWITCH = "TRIONFI_PURE"
"""An environment variable: "1" makes a compiled install import these modules' sources."""


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` files ahead of their C extensions."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path or ():
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def prefer_sources() -> None:
    """With ``TRIONFI_PURE=1``, import the Python sources of the compiled modules."""
    if os.environ.get(PURE_SWITCH) == "1" and not any(
        isinstance(finder, _SourcesFirst) for finder in sys.meta_path
    ):
        sys.meta_path.insert(0, _SourcesFirst())


def is_compiled() -> bool:
    """Whether the bots' search runs compiled (mypyc) in this process."""
    module = sys.modules.get(COMPILED_MODULES[0])
    if module is None:
        spec = importlib.util.find_spec(COMPILED_MODULES[0])
        origin = spec.origin if spec is not None else None
    else:
        origin = module.__file__
    return origin is not None and not origin.endswith(".py")
