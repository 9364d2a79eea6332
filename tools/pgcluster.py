"""A throwaway PostgreSQL cluster for the tests and ``tools/deploy/two_servers.py``.

``initdb`` in a temporary directory, the server on a free local port, stopped and deleted at
the end. Run as the current user, or, as root (PostgreSQL refuses to run as root), as the
``postgres`` user if it exists, else ``nobody``, through ``runuser``. The binaries are looked
for on PATH, then in Debian's ``/usr/lib/postgresql/<version>/bin``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
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
def cluster() -> Iterator[str]:
    """A running PostgreSQL cluster; yields the URL of its ``postgres`` database."""
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
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
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
