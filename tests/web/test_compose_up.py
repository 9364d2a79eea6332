"""The compose example brought up without containers (``tools/deploy/compose_up.py``): the
compose file's two servers on its PostgreSQL behind nginx with its ``nginx.conf``; through the
proxy, each player is seen by their own address (the rate limits), and a kill -9 of the host's
server mid-deal loses no answered move while the proxy sends the host on to the other."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def missing(reason: str) -> None:
    """Skip here, fail under CI (``CI=true``: .ci/run installs nginx and PostgreSQL)."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI brings the compose example up, but: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_compose_example_serves_through_its_proxy_and_survives_a_kill(tmp_path: Path) -> None:
    from tools.pgcluster import NoPostgres, binaries

    try:
        binaries()
    except NoPostgres as error:
        missing(str(error))
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        missing("nginx is not installed")
    log = tmp_path / "compose_up.log"
    with log.open("w") as out:  # a file, not a pipe: a straggling process cannot hold it open
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "deploy" / "compose_up.py")],
            check=False,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=540,
            cwd=ROOT,
        )
    printed = log.read_text()
    assert done.returncode == 0, printed
    assert "are sent to the same server" in printed
    assert "are sent to two servers" in printed
    assert "still creates tables" in printed
    assert "(the host's) killed (kill -9)" in printed
    assert "the proxy sends the host on to" in printed
    assert "played to its end through the proxy" in printed
    assert "all checks passed" in printed
