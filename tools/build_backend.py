"""The package's build backend: setuptools, compiling the bots' search with mypyc where it can.

``pyproject.toml`` names this module (``backend-path``); nothing imports it at run time, and it
is not installed. It is setuptools' own backend with one change: its ``setup()`` gets the C
extensions that mypyc makes of ``COMPILED_MODULES`` (``app/bots/compiled.py``, which stays in
the app: it picks the compiled or the Python modules at run time, and the build reads it as a
file, before anything is built or importable), so the hard bot thinks about 2.8 times as fast
(``trionfi bench``; issue 11). Compiling is optional: without mypy, a C compiler or Python's
headers, or with ``TRIONFI_PURE=1`` set while installing, the install is pure Python and plays
the same cards, only slower.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import build_meta, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent.parent
_COMPILED = runpy.run_path(str(ROOT / "app" / "bots" / "compiled.py"))
GROUP = "app_bots_compiled"
"""The name of the one shared library the compiled modules live in."""


def _optional_build_ext(base: Any) -> Any:
    """setuptools' ``build_ext`` that builds every extension or none: a failed build removes
    what it made, so a half-compiled package never imports."""

    def run(self: Any) -> None:
        try:
            base.run(self)
        except Exception as error:  # no compiler, no Python headers, ...
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            print(
                f"trionfi: the bots stay pure Python (compiling failed: {error})", file=sys.stderr
            )

    # made with type(): to mypy, setuptools' (untyped) build_ext is Any, not a base class
    return type("OptionalBuildExt", (base,), {"run": run})


def extensions() -> list[Any]:
    """mypyc's extensions of the compiled modules, or none (see the module docstring)."""
    if os.environ.get(_COMPILED["PURE_SWITCH"]) == "1":
        return []
    try:
        from mypyc.build import mypycify  # noqa: PLC0415  (absent from some build setups)

        paths = [name.replace(".", "/") + ".py" for name in _COMPILED["COMPILED_MODULES"]]
        # no config file: the project's names a mypy plugin of pydantic, absent while building;
        # nor are the project's dependencies there (Babel, which app.i18n imports and the bots
        # reach through it): typed as Any, they stay Python, as every module not listed does
        options = ["--config-file", os.devnull, "--ignore-missing-imports"]
        return list(mypycify([*options, *paths], opt_level="3", group_name=GROUP))
    except (Exception, SystemExit) as error:  # mypy missing, or it found a type error
        print(f"trionfi: the bots stay pure Python ({error!r})", file=sys.stderr)
        return []


BUILD_COMMANDS = frozenset({"bdist_wheel", "editable_wheel", "build", "build_ext"})
"""The setup commands that build extensions. pip also runs setup for the build's
requirements and its metadata, each in a process of its own: mypyc (a type check and the C
code, some 20 seconds) runs only for the build itself."""


def _run_setup(setup_script: str = "setup.py") -> None:
    """Stands in for setuptools' ``run_setup``, which runs a ``setup.py`` (this project has
    none: pyproject.toml holds the rest of its setup)."""
    building = not BUILD_COMMANDS.isdisjoint(sys.argv[1:])
    setup(
        ext_modules=extensions() if building else [],
        cmdclass={"build_ext": _optional_build_ext(build_ext)},
    )


_BACKEND = build_meta._BuildMetaBackend()
_BACKEND.run_setup = _run_setup

get_requires_for_build_wheel = _BACKEND.get_requires_for_build_wheel
get_requires_for_build_sdist = _BACKEND.get_requires_for_build_sdist
get_requires_for_build_editable = _BACKEND.get_requires_for_build_editable
prepare_metadata_for_build_wheel = _BACKEND.prepare_metadata_for_build_wheel
prepare_metadata_for_build_editable = _BACKEND.prepare_metadata_for_build_editable
build_wheel = _BACKEND.build_wheel
build_sdist = _BACKEND.build_sdist
build_editable = _BACKEND.build_editable
