"""Which modules the build (``tools/build_backend.py``) compiles with mypyc, and
``TRIONFI_PURE``, the switch back to their Python sources (``app.bots`` calls
``prefer_sources`` before it imports any of them). A source edited after it was compiled (an
editable install at work) is also imported as Python, with a warning, until the next install
compiles it again.

The hard bot's search spends its time in these modules (the engine's card constants as C
variables, the simulator, the playout policy, the sampling of hidden cards, the search
itself, and the arena's reference MCTS beside them, so that equal-time comparisons stay
fair). They are ordinary typed Python: compiled, they play exactly the same cards, faster.
This module imports nothing of the project, so that the build can read it before anything
is built; it is not compiled itself.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

COMPILED_MODULES = (
    "app.bots.constants",
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


STALE_SECONDS = 2.0
"""How much newer than its extension a source must be to count as edited since it was
compiled (an install writes both within moments)."""


def prefer_sources() -> None:
    """Import the Python sources of the compiled modules with ``TRIONFI_PURE=1``, or when one
    of them was edited after it was compiled."""
    if any(isinstance(finder, _SourcesFirst) for finder in sys.meta_path):
        return
    edited = edited_since_compiled()
    if edited:
        names = ", ".join(edited)
        warnings.warn(
            f"{names} changed since compiled: the bots run as Python until the next install",
            stacklevel=2,
        )
    if edited or os.environ.get(PURE_SWITCH) == "1":
        sys.meta_path.insert(0, _SourcesFirst())


def edited_since_compiled(folder: Path | None = None) -> list[str]:
    """The compiled modules whose source (in ``folder``, by default this package's) is newer
    than their extension."""
    folder = folder or Path(__file__).parent
    edited: list[str] = []
    for name in COMPILED_MODULES:
        leaf = name.rpartition(".")[2]
        source = folder / f"{leaf}.py"
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            extension = folder / f"{leaf}{suffix}"
            if extension.exists() and source.exists():
                if source.stat().st_mtime > extension.stat().st_mtime + STALE_SECONDS:
                    edited.append(name)
                break
    return edited


def is_compiled() -> bool:
    """Whether the bots' search runs compiled (mypyc) in this process."""
    module = sys.modules.get(COMPILED_MODULES[0])
    if module is None:
        spec = importlib.util.find_spec(COMPILED_MODULES[0])
        origin = spec.origin if spec is not None else None
    else:
        origin = module.__file__
    return origin is not None and not origin.endswith(".py")
