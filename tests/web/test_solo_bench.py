"""The solo benchmark end to end (``python -m app.bench.solo``): a real server with a bot
worker process, two games against Hard, and a report whose every click is in the hand
records once (a subprocess: the benchmark runs its own event loop)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_a_tiny_solo_run_loses_and_doubles_no_move() -> None:
    command = [sys.executable, "-m", "app.bench.solo", "--games", "2", "--seconds", "3"]
    command += ["--pause", "0.05", "--bot-processes", "1", "--json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=240, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["moves"] > 0
    assert report["replies_ms"]["n"] > 0
    assert report["errors"] == 0
    assert report["lost"] == 0
    assert report["doubled"] == 0
    assert report["deals_checked"] >= 2
    assert report["workers_cpu_ms_per_move"] > 0  # the decisions were made in the worker


@pytest.mark.slow
def test_two_servers_on_one_postgresql_share_the_games(postgres_url: str) -> None:
    """``--servers 2 --database``: the games spread over two servers on one database, the
    same checks, and the CPU per table (the database's too: it runs on this machine)."""
    command = [sys.executable, "-m", "app.bench.solo", "--games", "2", "--seconds", "3"]
    command += ["--pause", "0.05", "--bot-processes", "1", "--servers", "2", "--json"]
    command += ["--database", postgres_url]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=240, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["servers"] == 2
    assert report["database"] == "postgresql"
    assert report["moves"] > 0
    assert (report["errors"], report["lost"], report["doubled"]) == (0, 0, 0)
    assert report["deals_checked"] >= 2
    assert report["total_cpu_ms_per_table_s"] > 0
    assert report["database_cpu_ms_per_move"] is not None
