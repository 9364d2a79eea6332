"""Slow clients: ``trionfi serve`` under ``ulimit -n 1024`` with 1,100 connections that send
half a request line or half a body and stall still answers everyone else."""

from __future__ import annotations

import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.web.http.connections import HEADER_S
from tests.e2e.conftest import ROOT, free_port

pytestmark = pytest.mark.slow

FILE_LIMIT = 1024
STALLED = 1100
HALF_A_LINE = b"GET /tables HT"
HALF_A_BODY = (
    b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 400\r\n\r\n"
    b"game=danish-tarok&speed="
)


def limit_files() -> None:
    """In the server's process, before it starts: ``ulimit -n 1024``."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


@dataclass
class Limited:
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def file_limit(self) -> str:
        limits = Path(f"/proc/{self.process.pid}/limits").read_text()
        return next(line for line in limits.splitlines() if line.startswith("Max open files"))


@pytest.fixture
def limited_server(tmp_path: Path) -> Iterator[Limited]:
    port = free_port()
    command = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--data", str(tmp_path / "data")]
    log = tmp_path / "server.log"
    with log.open("wb") as errors:
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            preexec_fn=limit_files,  # noqa: PLW1509 - only setrlimit, before exec
        )
    running = Limited(f"http://127.0.0.1:{port}", server, log)
    try:
        wait_until_up(running.url)
        yield running
    finally:
        server.terminate()
        server.wait(timeout=15)


def wait_until_up(url: str) -> None:
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("trionfi serve did not start")


@pytest.fixture
def enough_files() -> Iterator[None]:
    """This test process opens 1,100 sockets: raise its own soft limit for that."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = STALLED + 200
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"this process may open only {hard} files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def stall(url: str, count: int, stack: ExitStack) -> list[socket.socket]:
    """``count`` connections, each sending half a request line or half a body, then nothing."""
    port = int(url.rsplit(":", 1)[1])
    stalled = []
    for number in range(count):
        client = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=10))
        client.sendall(HALF_A_LINE if number % 2 else HALF_A_BODY)
        stalled.append(client)
    return stalled


def fetch(url: str) -> tuple[int, float]:
    began = time.monotonic()
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
        return response.status, time.monotonic() - began


def is_closed_by_server(client: socket.socket) -> bool:
    client.settimeout(0)
    try:
        return client.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_stalled_connections_do_not_keep_others_out(
    limited_server: Limited, enough_files: None
) -> None:
    url = limited_server.url
    assert limited_server.file_limit().split()[3:5] == [str(FILE_LIMIT)] * 2
    with ExitStack() as stack:
        stalled = stall(url, STALLED, stack)
        status, took = fetch(f"{url}/")
        assert status == 200
        # Well before the stalled requests' own deadline would have let them go.
        assert took < HEADER_S / 2
        assert fetch(f"{url}/healthz")[0] == 200
        time.sleep(0.5)  # the server closes the oldest stalled ones to make room
        closed = [client for client in stalled if is_closed_by_server(client)]
        assert closed
        assert closed[0] is stalled[0]  # the oldest went first
    # It never ran out of file descriptors (asyncio would have logged every failed accept).
    assert "out of system resource" not in limited_server.log.read_text()
