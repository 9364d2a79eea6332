"""The HTTP connections of ``trionfi serve``: deadlines for slow clients, a cap on how many.

Plain uvicorn reads a request for as long as the client cares to send it, and accepts
connections until the process runs out of file descriptors: 1,100 clients that send half a
request line and stall (the server under ``ulimit -n 1024``) leave it unable to accept anyone
else. ``guarded_protocol()`` is uvicorn's own h11 protocol with two additions:

- **Deadlines.** A client has ``HEADER_S`` seconds from connecting (or, on a kept-alive
  connection, from the first byte of its next request) to send the request line and headers,
  and ``BODY_S`` seconds more for the body; then the connection is closed. A whole request is
  never cut: a waiting poll, or a slow bot's move, takes as long as it takes. Between requests
  uvicorn's ``timeout_keep_alive`` (5 s) still closes an idle connection.
- **A cap.** When the open connections reach ``connection_cap()`` (the process's file
  descriptor limit less a reserve for the database, the lock file, static files and the bots'
  pipes), each new connection closes the oldest one that has not sent a whole request (half a
  request, or idle between two), so a new client always gets in and a stalled one is what
  goes. Connections busy with a request are never closed this way. The listen backlog is
  ``BACKLOG`` (uvicorn's is 2048) because asyncio accepts a whole backlog's worth at once,
  before any is counted: the reserve must hold that many, and a full queue only makes a
  client's connect wait for its retry while the server catches up.

Measured on the development machine (tests/web/test_slow_clients.py's setup, 1,100 stalled
connections against the server under ``ulimit -n 1024``): ``GET /`` answered in about 1.2 s,
the next ones in milliseconds; with plain uvicorn it did not answer within 30 s.

Why not uvicorn's settings alone: ``limit_concurrency`` answers 503 to every *whole* request
once that many connections are open, so stalled clients would turn every real page into a
503; ``timeout_keep_alive`` only runs between requests; ``h11_max_incomplete_event_size``
(16 kB by default, kept) bounds the size of the headers, not the time they take. A reverse
proxy (nginx's ``client_header_timeout``) would do this, but the server runs on the LAN on its
own, and another server (hypercorn has read timeouts) would be a larger change than this
subclass of the protocol uvicorn already uses.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections import OrderedDict
from itertools import islice
from typing import Any, ClassVar, Literal, cast

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

HEADER_S = 10.0
"""Seconds a client has for its request line and headers."""
BODY_S = 30.0
"""Seconds a client has for its request body, once the headers are in."""
BACKLOG = 128
"""Connections the kernel queues for ``accept`` (uvicorn's ``backlog``): asyncio accepts up to
this many at a time before any of them is counted, so the reserve below makes room for that."""
RESERVE = 3 * BACKLOG + 64
"""File descriptors kept out of the cap: connections accepted but not yet counted, closed
but not yet let go (each takes a turn of the event loop or two), and the database, the lock
file, the static files being sent and the bots' pipes."""
MIN_CAP = 32
MAX_CAP = 65_536

Phase = Literal["headers", "body", "busy", "idle"]
"""Where a connection is: awaiting headers, awaiting the body, answering, between requests."""


def connection_cap(limit: int | None = None) -> int:
    """How many connections may be open: the soft file descriptor limit (``limit``, or this
    process's) less ``RESERVE``, so that accepting never runs out of descriptors (asyncio would
    then stop accepting for a second, and log every failed try)."""
    if limit is None:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if limit < 0 or limit == resource.RLIM_INFINITY:
        return MAX_CAP
    return min(MAX_CAP, max(MIN_CAP, limit - RESERVE))


def guarded_protocol(
    header_s: float = HEADER_S, body_s: float = BODY_S, cap: int | None = None
) -> type[GuardedH11Protocol]:
    """A protocol class for one server (``uvicorn.run(..., http=guarded_protocol())``): its
    connections share the count and the queue of connections still waiting for a request."""
    made = type(
        "GuardedH11Protocol",
        (GuardedH11Protocol,),
        {
            "header_s": header_s,
            "body_s": body_s,
            "cap": connection_cap() if cap is None else cap,
            "live": set(),
            "waiting": OrderedDict(),
        },
    )
    return cast("type[GuardedH11Protocol]", made)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with request deadlines and a cap on open connections; use the
    class ``guarded_protocol()`` makes, which holds one server's shared state."""

    header_s: ClassVar[float]
    body_s: ClassVar[float]
    cap: ClassVar[int]
    live: ClassVar[set[GuardedH11Protocol]]
    """The connections open and not being closed."""
    waiting: ClassVar[OrderedDict[GuardedH11Protocol, None]]
    """The connections without a whole request, the longest waiting first."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.phase: Phase = "headers"
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.live.add(self)
        self._enter("headers")
        self._make_room()

    def data_received(self, data: bytes) -> None:
        if self.phase == "idle":  # the first byte of the next request on a kept-alive connection
            self._enter("headers")
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport.is_closing():
            return
        if self.conn.our_state is h11.IDLE and self.conn.their_state is h11.IDLE:
            self._enter("idle")
        else:  # a pipelined request began, or the client is still sending the answered body
            self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        super().connection_lost(exc)

    # ------------------------------------------------------------------ internals

    def _follow(self) -> None:
        """Move on as h11 reads the request: from headers to body to a whole request."""
        state = self.conn.their_state
        if self.transport.is_closing():
            return
        if state is h11.IDLE:
            if self.phase == "body":  # the rest of a body that was answered early came in
                self._enter("headers")  # and the next request has its deadline
            return
        if state is h11.SEND_BODY:
            if self.phase != "body":
                self._enter("body")
        elif self.phase != "busy":
            self._enter("busy")

    def _enter(self, phase: Phase) -> None:
        self.phase = phase
        self._cancel_deadline()
        if phase == "busy":
            self.waiting.pop(self, None)
            return
        self.waiting[self] = None
        self.waiting.move_to_end(self)
        if phase != "idle":  # between requests, uvicorn's keep-alive timer runs instead
            seconds = self.header_s if phase == "headers" else self.body_s
            self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _too_slow(self) -> None:
        self._deadline = None
        log.debug("closing a connection that took too long to send its %s", self.phase)
        self._close()

    def _make_room(self) -> None:
        """Close the longest waiting connections (not this new one) down to the cap."""
        excess = len(self.live) - self.cap
        if excess <= 0:
            return
        others = (other for other in self.waiting if other is not self)
        for other in list(islice(others, excess)):
            other._close()

    def _close(self) -> None:
        self._forget()
        self.transport.close()

    def _forget(self) -> None:
        self._cancel_deadline()
        self.waiting.pop(self, None)
        self.live.discard(self)

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
