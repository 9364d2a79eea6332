"""The solo benchmark end to end (``python -m app.bench.solo``): a real server with a bot
worker process, two games against Hard, and a report whose every click is in the hand
records once (a subprocess: the benchmark runs its own event loop)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.bench.solo import Pause

ROOT = Path(__file__).resolve().parents[2]


def solo(*arguments: str, temp: Path | None = None) -> dict[str, Any]:
    """The benchmark's JSON report of a tiny run (its temporary files in ``temp``)."""
    command = [sys.executable, "-m", "app.bench.solo", "--games", "2", "--seconds", "3"]
    command += ["--pause", "0.05", "--bot-processes", "1", "--speed-seconds", "0.2"]
    command += ["--json", *arguments]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if temp is not None:
        env["TMPDIR"] = str(temp)
    done = subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=240, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_a_tiny_solo_run_loses_and_doubles_no_move(tmp_path: Path) -> None:
    report = solo(temp=tmp_path)
    assert report["game"] == "troccas"
    assert report["pause_spread"] == 0.5  # people's pauses differ unless told otherwise
    assert report["moves"] > 0
    assert report["replies_ms"]["n"] > 0
    assert report["errors"] == 0
    assert report["lost"] == 0
    assert report["doubled"] == 0
    assert report["deals_checked"] >= 2
    assert report["deals_unchecked"] == 0  # every deal played out and checked
    assert report["workers_cpu_ms_per_move"] > 0  # the decisions were made in the worker
    for speed in (report["machine"]["before"], report["machine"]["after"]):
        assert speed["hard_decision_ms"] > 0
        assert speed["engine_deal_ms"] > 0
    assert not list(tmp_path.glob("trionfi-bench-solo-*"))  # its server's data went with it


def test_danish_tarok_is_played_through_its_pauses_and_questions() -> None:
    """Danish Tarok: the person continues past the declarations, discards three as dealer,
    names a suit for a led Fool, answers the demand for the Fool; a whole deal and more, and
    not one click refused (a click the page did not offer would be)."""
    report = solo("--game", "danish-tarok", "--seconds", "8", "--seed", "3")
    assert report["game"] == "danish-tarok"
    assert report["deals_checked"] >= 3
    assert (report["errors"], report["refused"], report["lost"], report["doubled"]) == (0, 0, 0, 0)


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two CPUs to keep apart")
def test_the_server_and_the_people_can_be_kept_on_cpus_of_their_own() -> None:
    cpus = sorted(os.sched_getaffinity(0))
    report = solo("--server-cpus", str(cpus[-1]), "--people-cpus", str(cpus[0]))
    assert (report["server_cpus"], report["people_cpus"]) == ([cpus[-1]], [cpus[0]])
    assert report["moves"] > 0
    assert report["people_cpu_ms_per_move"] > 0


def test_the_peoples_pauses_differ_around_the_pause_unless_told_to_keep_in_step() -> None:
    drawn = [Pause(1.5).drawn(random.Random(seed)) for seed in range(2_000)]
    assert 0.75 <= min(drawn) < 0.8
    assert 2.2 < max(drawn) <= 2.25
    assert abs(sum(drawn) / len(drawn) - 1.5) < 0.03  # the same load on average
    assert {Pause(1.5, spread=0).drawn(random.Random(seed)) for seed in range(20)} == {1.5}


def test_a_run_in_step_says_so() -> None:
    report = solo("--pause-spread", "0", "--seconds", "2")
    assert (report["pause_s"], report["pause_spread"]) == (0.05, 0)
    assert report["moves"] > 0


@pytest.mark.parametrize("spread", ["-0.1", "1.5"])
def test_a_spread_outside_0_to_1_is_refused(spread: str) -> None:
    command = [sys.executable, "-m", "app.bench.solo", "--pause-spread", spread]
    done = subprocess.run(command, check=False, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert "--pause-spread from 0 to 1" in done.stderr


def test_cpus_that_are_not_this_machines_are_refused() -> None:
    command = [sys.executable, "-m", "app.bench.solo", "--server-cpus", "4096"]
    done = subprocess.run(command, check=False, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert "not CPUs of this machine" in done.stderr


def test_the_pool_benchmark_compares_pools_on_the_same_decisions() -> None:
    """A subprocess, as it is run: it has an event loop of its own (in the suite, the browser
    tests leave one running on this thread)."""
    command = [sys.executable, "-m", "app.bench.pool", "--processes", "1,2", "--rounds", "1"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [*command, "--json"], check=False, capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    runs = report["runs"]
    assert [entry["processes"] for entry in runs] == [1, 2]
    assert runs[0]["decisions"] == runs[1]["decisions"] > 0
    assert runs[0]["speed_up"] == 1.0
    assert all(entry["decisions_per_s"] > 0 for entry in runs)


def test_the_think_times_benchmark_times_every_card_play_of_its_deals() -> None:
    """A subprocess, as it is run. One Troccas deal: 4 seats play 19 cards each, every play
    timed and told apart by whether Hard searched; some did not (a single legal card)."""
    command = [sys.executable, "-m", "app.bench.thinktimes", "--deals", "1", "--json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, check=False, capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["game"] == "troccas"
    kinds = [kind for band in report["bands"].values() for kind in band.items()]
    assert sum(figures["n"] for _, figures in kinds) == 76
    for name in ("searched", "not searched"):
        assert sum(figures["n"] for kind, figures in kinds if kind == name) > 0
    timed = [figures for _, figures in kinds if figures["n"]]
    assert all(0 <= f["p10"] <= f["p50"] <= f["p90"] for f in timed)


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
