"""``trionfi serve`` at start, as real processes: one server per data directory, and a
database that cannot be used stops the server with one line and is left byte for byte."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.web.serve import LOCK_NAME
from app.web.storage.database import DB_NAME
from app.web.storage.store import TableStore
from tests.e2e.conftest import ROOT, Server, free_port
from tests.web.factory import build_table

pytestmark = pytest.mark.slow


def serve_briefly(data: Path) -> subprocess.CompletedProcess[str]:
    """Start ``trionfi serve`` on ``data``, expecting it to stop by itself."""
    command = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(free_port()), "--data", str(data)]
    return subprocess.run(
        command, check=False, cwd=ROOT, capture_output=True, text=True, timeout=30
    )


def answers(server: Server) -> bool:
    with urllib.request.urlopen(f"{server.url}/healthz", timeout=5) as response:
        return bool(response.status == 200)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    running.start()
    yield running
    running.stop()


def test_a_second_server_on_the_same_data_directory_stops_with_one_line(server: Server) -> None:
    second = serve_briefly(server.data_dir)
    assert second.returncode == 1
    assert second.stdout == ""
    lines = second.stderr.splitlines()
    assert len(lines) == 1
    assert str(server.data_dir) in lines[0]
    assert "another trionfi server" in lines[0]
    assert server.process is not None
    assert f"process {server.process.pid}" in lines[0]
    assert answers(server)  # the first one goes on


def test_the_data_directory_is_free_again_once_its_server_stops(server: Server) -> None:
    server.stop()
    assert (server.data_dir / LOCK_NAME).exists()  # a stale lock file holds nothing
    server.start()
    assert answers(server)


def test_another_data_directory_is_another_server(server: Server, tmp_path: Path) -> None:
    other = Server(tmp_path / "other")
    other.start()
    try:
        assert answers(other)
        assert answers(server)
    finally:
        other.stop()


def text_file(path: Path) -> None:
    path.write_text("notes for the club evening\nnot a database at all\n")


def damaged_database(path: Path) -> None:
    store = TableStore(path.parent)
    for _ in range(20):
        table, _ = build_table(deals_before=1)
        store.add(table)
    store.close()
    data = bytearray(path.read_bytes())
    assert len(data) > 4 * 4096
    data[3 * 4096 : 3 * 4096 + 512] = b"\x5a" * 512  # the fourth page overwritten
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "problem"),
    [(text_file, "is not an SQLite database"), (damaged_database, "is damaged")],
)
def test_a_database_that_cannot_be_read_stops_the_server_untouched(
    tmp_path: Path, make: Callable[[Path], None], problem: str
) -> None:
    path = tmp_path / DB_NAME
    make(path)
    before = path.read_bytes()
    started = serve_briefly(tmp_path)
    assert started.returncode == 1
    lines = started.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"trionfi serve: the database {path} {problem}")
    assert "Traceback" not in started.stderr
    assert path.read_bytes() == before
    assert not path.with_name(DB_NAME + "-wal").exists()


def test_a_database_another_program_is_writing_stops_the_server(tmp_path: Path) -> None:
    TableStore(tmp_path).close()
    path = tmp_path / DB_NAME
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        before = path.read_bytes()
        started = serve_briefly(tmp_path)
        assert path.read_bytes() == before
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert started.returncode == 1
    lines = started.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"trionfi serve: the database {path} is locked by another")


def test_a_data_directory_that_is_a_file_stops_the_server(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("a file, not a folder\n")
    started = serve_briefly(data)
    assert started.returncode == 1
    assert started.stderr.splitlines() == [
        f"trionfi serve: the data directory {data} is a file, not a folder"
    ]
