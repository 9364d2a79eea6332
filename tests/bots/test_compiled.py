"""The bots' search compiled with mypyc (``tools/build_backend.py``) and its pure-Python path.

An install compiles ``COMPILED_MODULES`` where a C compiler is at hand; ``TRIONFI_PURE=1``
makes the process import their Python sources instead. Both paths must play the same cards:
the pinned decisions, the simulator's agreement with the engine and the hard bot's tests run
here again in a process on the other path than this one's (so a compiled install tests its
pure-Python path too, and a pure install the switch).
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.bots.compiled import (
    COMPILED_MODULES,
    PURE_SWITCH,
    STALE_SECONDS,
    edited_since_compiled,
    is_compiled,
)

ROOT = Path(__file__).resolve().parents[2]

SHOW_FILES = (
    "import importlib, sys\n"
    "from app.bots.compiled import COMPILED_MODULES, is_compiled\n"
    "for name in COMPILED_MODULES:\n"
    "    print(importlib.import_module(name).__file__)\n"
    "print(is_compiled())\n"
)


def _run(code_or_args: list[str], pure: bool) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != PURE_SWITCH}
    if pure:
        env[PURE_SWITCH] = "1"
    return subprocess.run(
        [sys.executable, *code_or_args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_pure_switch_imports_every_compiled_module_from_its_source() -> None:
    done = _run(["-c", SHOW_FILES], pure=True)
    assert done.returncode == 0, done.stderr
    *files, compiled = done.stdout.split()
    assert len(files) == len(COMPILED_MODULES)
    assert all(file.endswith(".py") for file in files)
    assert compiled == "False"


def test_without_the_switch_the_modules_are_all_compiled_or_all_pure() -> None:
    """Never half of them: the build removes a failed build's extensions."""
    done = _run(["-c", SHOW_FILES], pure=False)
    assert done.returncode == 0, done.stderr
    *files, compiled = done.stdout.split()
    sources = [file.endswith(".py") for file in files]
    assert all(sources) or not any(sources)
    assert compiled == str(not all(sources))


def test_a_source_edited_after_compiling_is_found(tmp_path: Path) -> None:
    """An editable install being worked on: the edited module's source must run, not the
    stale extension (``prefer_sources`` then imports every source)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for leaf in ("sim", "hard", "playout"):
        (tmp_path / f"{leaf}.py").write_text("")
        (tmp_path / f"{leaf}{suffix}").write_bytes(b"")
    later = (tmp_path / f"hard{suffix}").stat().st_mtime + STALE_SECONDS + 5
    os.utime(tmp_path / "hard.py", (later, later))
    assert edited_since_compiled(tmp_path) == ["app.bots.hard"]


OTHER_PATH_TESTS = (
    "tests/bots/test_pinned_play.py",
    "tests/bots/test_sim.py",
    "tests/bots/test_hard.py",
    "tests/bots/test_ismcts.py",
    "tests/bots/test_knowledge.py",
)


@pytest.mark.slow
def test_the_other_path_plays_the_same_cards() -> None:
    """This process runs one path (compiled when the install compiled); the other one must
    pass the tests that pin what the bots play."""
    tests = [test for test in OTHER_PATH_TESTS if (ROOT / test).exists()]
    done = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], pure=is_compiled())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
