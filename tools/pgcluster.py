"""A throwaway PostgreSQL cluster for the tests and ``tools/deploy/two_servers.py``.

``initdb`` in a temporary directory, the server on a free local port, stopped and deleted at
the end. Run as the current user, or, as root (PostgreSQL refuses to run as root), as the
``postgres`` user if it exists, else ``nobody``, through ``runuser``. The binaries are looked
for on PATH, then in Debian's ``/usr/lib/postgresql/<version>/bin``.

``python -m tools.pgcluster [--fsync] -- COMMAND …`` runs a command with a throwaway cluster
(a fresh database ``trionfi`` in ``TRIONFI_DATABASE``), then stops and deletes it; e.g.
``python -m tools.pgcluster --fsync -- python -m app.bench.solo --servers 2``. The tests' cluster
runs with ``fsync=off`` (nothing there needs to survive a power cut); ``--fsync`` keeps it on,
as a real server would, for measurements.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


class NoPostgres(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def binaries() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl``."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for directory in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (directory / "pg_ctl").exists() and (directory / "initdb").exists():
            return directory
    raise NoPostgres("no PostgreSQL server found (pg_ctl, initdb): apt-get install postgresql")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_user() -> list[str]:
    """The command prefix that runs the server as a user PostgreSQL accepts."""
    if os.geteuid() != 0:
        return []
    user = "postgres"
    try:
        subprocess.run(["id", user], check=True, capture_output=True)
    except subprocess.CalledProcessError:
        user = "nobody"
    return ["runuser", "-u", user, "--"]


@contextlib.contextmanager
def cluster(fsync: bool = False) -> Iterator[str]:
    """A running PostgreSQL cluster; yields the URL of its ``postgres`` database. Without
    ``fsync`` its commits are not forced to disk (tests)."""
    bin_dir = binaries()
    prefix = _as_user()
    root = Path(tempfile.mkdtemp(prefix="trionfi-pg-"))
    data = root / "data"
    if prefix:
        os.chmod(root, 0o777)
    port = _free_port()
    user = "trionfi"
    env = {**os.environ, "LC_ALL": "C"}
    run = [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-U", user, "-A", "trust"]
    subprocess.run([*run, "--no-sync", "-E", "UTF8"], check=True, capture_output=True, env=env)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
    options += " -c fsync=on" if fsync else " -c fsync=off"
    start = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-w"]
    subprocess.run([*start, "-l", str(root / "log"), "start"], check=True, capture_output=True)
    try:
        url = f"postgresql://{user}@127.0.0.1:{port}/postgres"
        _wait(url)
        yield url
    finally:
        stop = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]
        subprocess.run(stop, check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def _wait(url: str) -> None:
    import psycopg  # noqa: PLC0415

    for _ in range(100):
        try:
            psycopg.connect(url).close()
            return
        except psycopg.OperationalError:
            time.sleep(0.1)
    raise NoPostgres(f"PostgreSQL did not start at {url}")


def fresh_database(url: str, name: str) -> str:
    """A new empty database in the cluster of ``url``; its URL."""
    import psycopg  # noqa: PLC0415

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.pgcluster",
        description="Run a command with a throwaway PostgreSQL cluster in TRIONFI_DATABASE.",
    )
    parser.add_argument("--fsync", action="store_true", help="commits forced to disk")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ...")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name the command to run: -- COMMAND ...")
    with cluster(fsync=args.fsync) as root_url:
        url = fresh_database(root_url, "trionfi")
        print(f"PostgreSQL at {url} (fsync {'on' if args.fsync else 'off'})", file=sys.stderr)
        child = subprocess.Popen(command, env={**os.environ, "TRIONFI_DATABASE": url})
        # stopped (SIGTERM): the command stops first (its own cleanup), then the cluster
        signal.signal(signal.SIGTERM, lambda *_: child.terminate())
        return child.wait()


if __name__ == "__main__":
    sys.exit(main())
