"""The guarded HTTP protocol on a real uvicorn server in a thread, with a small app: a slow
client's connection is closed at its deadline, a whole request is never cut, and at the cap
the oldest connection without a whole request makes room for a new one."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
import uvicorn

from app.web.http.connections import GuardedH11Protocol, connection_cap, guarded_protocol
from tests.e2e.conftest import free_port

SHORT_S = 0.3
"""A deadline the tests wait out (they wait for the server to close, never time it)."""
LONG_S = 60.0
GET = b"GET / HTTP/1.1\r\nHost: test\r\n\r\n"


@dataclass
class Waiter:
    """An app that answers ``/wait`` only once the test lets it, ``/early`` without reading
    the body, everything else at once."""

    released: threading.Event = field(default_factory=threading.Event)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        assert scope["type"] == "http"
        more = scope["path"] != "/early"  # answers before reading the body
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            more = message.get("more_body", False)
        while scope["path"] == "/wait" and not self.released.is_set():
            await asyncio.sleep(0.01)
        headers = [(b"content-length", b"8")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"answered"})


@dataclass
class Running:
    port: int
    protocol: type[GuardedH11Protocol]
    app: Waiter

    def connect(self, stack: ExitStack) -> socket.socket:
        client = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        return stack.enter_context(client)

    def until_live(self, count: int) -> None:
        """Wait until the server has counted ``count`` open connections."""
        for _ in range(1000):
            if len(self.protocol.live) == count:
                return
            time.sleep(0.005)
        raise AssertionError(f"{len(self.protocol.live)} connections, not {count}")


def serve(protocol: type[GuardedH11Protocol]) -> Iterator[Running]:
    app = Waiter()
    port = free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, http=protocol, lifespan="off", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(1000):
        if server.started:
            break
        time.sleep(0.005)
    try:
        yield Running(port, protocol, app)
    finally:
        app.released.set()
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def quick() -> Iterator[Running]:
    """Deadlines of a fraction of a second, no cap to speak of."""
    yield from serve(guarded_protocol(header_s=SHORT_S, body_s=SHORT_S, cap=100))


@pytest.fixture
def slow_body() -> Iterator[Running]:
    """A short deadline for the headers, a long one for the body."""
    yield from serve(guarded_protocol(header_s=SHORT_S, body_s=LONG_S, cap=100))


@pytest.fixture
def capped() -> Iterator[Running]:
    """Three connections at most, deadlines far away."""
    yield from serve(guarded_protocol(header_s=LONG_S, body_s=LONG_S, cap=3))


def closed_by_server(client: socket.socket) -> bool:
    """Read to the end: True once the server closes without answering (10 s at most)."""
    try:
        return client.recv(1024) == b""
    except ConnectionResetError:
        return True


def still_open(client: socket.socket) -> bool:
    client.setblocking(False)
    try:
        client.recv(1)
    except BlockingIOError:
        return True
    finally:
        client.setblocking(True)
    return False


def answer(client: socket.socket) -> bytes:
    received = b""
    while b"answered" not in received:
        chunk = client.recv(4096)
        if not chunk:
            break
        received += chunk
    return received


def test_half_a_request_line_is_closed_at_the_header_deadline(quick: Running) -> None:
    with ExitStack() as stack:
        client = quick.connect(stack)
        client.sendall(b"GET / HT")
        assert closed_by_server(client)


def test_a_connection_that_sends_nothing_is_closed_at_the_header_deadline(
    quick: Running,
) -> None:
    with ExitStack() as stack:
        assert closed_by_server(quick.connect(stack))


def test_half_a_body_is_closed_at_the_body_deadline(quick: Running) -> None:
    with ExitStack() as stack:
        client = quick.connect(stack)
        client.sendall(b"POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\nhalf")
        assert closed_by_server(client)


def test_a_whole_request_is_answered_however_long_the_answer_takes(quick: Running) -> None:
    with ExitStack() as stack:
        client = quick.connect(stack)
        client.sendall(b"GET /wait HTTP/1.1\r\nHost: test\r\n\r\n")
        time.sleep(3 * SHORT_S)  # both deadlines long past
        quick.app.released.set()
        assert answer(client).startswith(b"HTTP/1.1 200 ")


def test_a_kept_alive_connection_gets_a_new_header_deadline(quick: Running) -> None:
    with ExitStack() as stack:
        client = quick.connect(stack)
        client.sendall(GET)
        assert answer(client).startswith(b"HTTP/1.1 200 ")
        client.sendall(b"GET / HT")
        assert closed_by_server(client)


def test_a_body_answered_early_then_finished_leaves_the_next_request_its_deadline(
    slow_body: Running,
) -> None:
    with ExitStack() as stack:
        client = slow_body.connect(stack)
        client.sendall(b"POST /early HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\nhalf.")
        assert answer(client).startswith(b"HTTP/1.1 200 ")
        client.sendall(b"rest.")  # the body is whole; now nothing more comes
        assert closed_by_server(client)


def test_at_the_cap_the_oldest_stalled_connection_makes_room(capped: Running) -> None:
    with ExitStack() as stack:
        stalled = []
        for count in range(1, 4):
            stalled.append(capped.connect(stack))
            stalled[-1].sendall(b"GET / HT")
            capped.until_live(count)
        newcomer = capped.connect(stack)
        newcomer.sendall(GET)
        assert answer(newcomer).startswith(b"HTTP/1.1 200 ")
        assert closed_by_server(stalled[0])
        assert all(still_open(client) for client in stalled[1:])


def test_at_the_cap_a_connection_busy_with_a_request_is_spared(capped: Running) -> None:
    with ExitStack() as stack:
        busy = capped.connect(stack)
        busy.sendall(b"GET /wait HTTP/1.1\r\nHost: test\r\n\r\n")
        capped.until_live(1)
        for count in (2, 3):
            capped.connect(stack).sendall(b"GET / HT")
            capped.until_live(count)
        newcomer = capped.connect(stack)
        newcomer.sendall(GET)
        assert answer(newcomer).startswith(b"HTTP/1.1 200 ")
        capped.app.released.set()
        assert answer(busy).startswith(b"HTTP/1.1 200 ")


@pytest.mark.parametrize(
    ("limit", "cap"), [(1024, 576), (65_536, 65_088), (256, 32), (10**9, 65_536)]
)
def test_the_cap_leaves_a_reserve_of_file_descriptors(limit: int, cap: int) -> None:
    assert connection_cap(limit) == cap
