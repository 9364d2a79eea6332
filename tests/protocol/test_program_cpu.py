"""An outside program's think_cpu_ms is its own processor time, not the arena's."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from app.arena import Setup, run
from app.protocol.program import process_cpu

HERE = Path(__file__).parent
BURN_MS = 60
BURNER = f"{sys.executable} {HERE / 'burning_bot.py'} {BURN_MS}"
HAS_PROC = process_cpu(os.getpid()) is not None


def one_deal_against_easy(burner: str) -> dict[str, Any]:
    """The arena's report of one Troccas deal: the program ``burner`` against three easy seats."""
    setup = Setup(
        game="troccas",
        players=("burner", "easy", "easy", "easy"),
        deals=1,
        seed=3,
        duplicate=False,
        external=(("burner", burner),),
        think_ms=2000,
    )
    return run(setup, progress=False)


def test_process_cpu_reads_this_process_and_nothing_for_no_process() -> None:
    if not HAS_PROC:
        assert process_cpu(os.getpid()) is None
        return
    before = process_cpu(os.getpid())
    assert before is not None
    total = 0
    for number in range(3_000_000):
        total += number
    after = process_cpu(os.getpid())
    assert after is not None
    assert after >= before
    assert process_cpu(2**22 + 12345) is None  # above any pid the kernel hands out


@pytest.mark.skipif(not HAS_PROC, reason="no /proc here: think_cpu_ms of programs is null")
def test_the_arena_reports_a_programs_own_processor_time() -> None:
    data = one_deal_against_easy(BURNER)
    burner = data["levels"]["burner"]
    assert data["faults"] == {}
    assert burner["cpu_measured"] == burner["decisions"] >= 19
    # the program burns BURN_MS of its own time per decision while the arena only waits
    # (before, the arena's own time was reported: well under a millisecond)
    assert burner["think_cpu_ms"]["p50"] > BURN_MS / 2
    assert burner["think_cpu_ms"]["p95"] >= burner["think_cpu_ms"]["p50"]


def test_without_proc_a_programs_processor_time_is_null(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.protocol.program.process_cpu", lambda pid: None)
    data = one_deal_against_easy(f"{sys.executable} {HERE / 'burning_bot.py'} 0")
    assert data["levels"]["burner"]["think_cpu_ms"] == {"p50": None, "p95": None}
    assert data["levels"]["burner"]["cpu_measured"] == 0
    assert data["levels"]["easy"]["think_cpu_ms"]["p50"] is not None
