"""Two ``trionfi serve`` processes on one PostgreSQL (``tools/deploy/two_servers.py``): moves
show on the other server (the delays are printed; their target, 1 s at p99, is checked by the
script run on a quiet machine, not here, where other tests load the cores), and a kill -9 of
either server mid-deal (A, the host's, where the table was created; B, the friend's) loses no
answered move while the computers and the deal go on, to its end, through the other."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("killed", ["a", "b"])
def test_two_servers_share_one_table_and_survive_a_kill(tmp_path: Path, killed: str) -> None:
    from tests.web.conftest import no_postgres
    from tools.pgcluster import NoPostgres, binaries

    try:
        import psycopg  # noqa: F401
    except ImportError:
        no_postgres("psycopg is not installed")
    try:
        binaries()
    except NoPostgres as error:
        no_postgres(str(error))
    script = ROOT / "tools" / "deploy" / "two_servers.py"
    log = tmp_path / "two_servers.log"
    with log.open("w") as out:  # a file, not a pipe: a straggling process cannot hold it open
        done = subprocess.run(
            [sys.executable, str(script), "--kill", killed, "--delay-target", "0"],
            check=False,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=540,  # two servers, a cluster and a whole deal: minutes on a loaded machine
            cwd=ROOT,
        )
    printed = log.read_text()
    assert done.returncode == 0, printed
    assert "all checks passed" in printed
    assert "p99" in printed
    assert f"server {killed.upper()} killed (kill -9)" in printed
    assert "played to its end" in printed
