"""The computers' decisions in worker processes (issue 20), so that every core thinks and
HTTP never waits for a search.

``BotPool(processes)`` runs ``app.bots.worker.decide_packed`` in worker processes of the
``forkserver`` context (``spawn`` where there is none), started with the server
(``BotPool.start``); ``processes=0`` decides in the server's own interpreter, in a thread, as
before. Each worker has a pipe of its own: the event loop writes a packed decision to it and
reads the answer when the pipe is readable (``loop.add_reader``), with no thread between
them. A worker that dies (kill -9) fails the decisions it had with ``WorkerDied``: it is
replaced by a fresh one and the decision asked once more, then made in-process, so nothing
hangs and no decision is lost. A worker whose server dies reads the end of its pipe and ends
too.

When every worker is busy, the decisions wait in the pool's own line (``Turns``), not in the
workers' pipes: the oldest reply first. A person's card brings up to three computers'
decisions one after another; in a first-come line each would queue again behind every other
table's, so under load every reply would finish late; taken oldest reply first, a reply under
way is finished before the next begins, and the replies wait less in all (the same decisions,
the same work: only their order changes).

Only the level's pure decision goes to a worker: outside programs and hints stay in-process
(``app.web.table.players``). It knows nothing of the web: the server and the pool's
benchmark (``python -m app.bench.pool``) use the same class.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext

from app.bots.worker import Decision, ThinkTimes, decide_covered, decide_packed, pack, unpack_answer
from app.engine.actions import Action

log = logging.getLogger(__name__)

ENV = "TRIONFI_BOT_PROCESSES"


def default_processes() -> int:
    """``TRIONFI_BOT_PROCESSES`` if set, else the number of cores; ``ValueError`` (with a
    sentence to show) if it is not a whole number of 0 or more."""
    value = os.environ.get(ENV, "").strip()
    if not value:
        return os.cpu_count() or 1
    if not value.isdigit():
        raise ValueError(f"{ENV} is a whole number of 0 or more, not {value!r}")
    return int(value)


def _context() -> ForkServerContext | SpawnContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


class Turns:
    """At most ``size`` decisions at the workers at once; the others wait for a turn, the one
    whose reply began first (``since``, ``time.monotonic()``) first, then in arrival order.

    Used on one event loop. A slot freed is handed straight to the next live waiter, so while
    ``busy < size`` nobody waits."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @asynccontextmanager
    async def turn(self, since: float) -> AsyncIterator[None]:
        if self.busy < self.size:
            self.busy += 1
        else:
            ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (since, next(self._arrivals), ticket))
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._release()  # handed the slot as it was cancelled: pass it on
                ticket.cancel()  # still in line: skipped when its turn comes
                raise
        try:
            yield
        finally:
            self._release()

    @property
    def waiting(self) -> int:
        return sum(not ticket.done() for _, _, ticket in self._waiting)

    def _release(self) -> None:
        while self._waiting:
            _, _, ticket = heapq.heappop(self._waiting)
            if not ticket.done():
                ticket.set_result(None)  # the slot goes on to it: busy stays
                return
        self.busy -= 1


IN_FLIGHT_EXTRA = 1
"""Decisions handed to the workers beyond one a worker: one ready in a worker's pipe, so that
a worker that finishes starts the next at once, not after a round trip through the event
loop."""

OK = b"\x00"
FAILED = b"\x01"
"""The first byte of a worker's answer: the packed action follows, or what went wrong."""


class WorkerDied(Exception):
    """A worker process ended (killed, crashed) before it answered."""


class DecisionFailed(Exception):
    """The decision raised an exception in the worker (its text)."""


def run_worker(connection: Connection) -> None:
    """A worker process's life (``serve``). Ctrl+C in the terminal is the server's to handle:
    the server closes its workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(connection)


def serve(connection: Connection) -> None:
    """Answer each packed decision read from ``connection`` on it, in order, until the server
    closes its end (or dies: the worker then ends too). The worker's think times cover its
    decisions that did not search (``app.bots.worker.ThinkTimes``)."""
    times = ThinkTimes()
    while True:
        try:
            data = connection.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            answer = OK + decide_packed(data, times)
        except Exception as error:  # the server hears it and raises it there
            answer = FAILED + repr(error).encode()
        connection.send_bytes(answer)


class Worker:
    """One worker process and the server's end of its pipe. Its answers come back in the
    order it was asked; the pipe is watched on the event loop while any is out."""

    def __init__(self, context: ForkServerContext | SpawnContext) -> None:
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=run_worker, args=(theirs,), name="trionfi-bot", daemon=True
        )
        process.start()
        theirs.close()
        self.process = process
        self.connection = ours
        self.pending: deque[asyncio.Future[bytes]] = deque()
        self.ended = False
        """Its pipe closed: the process is gone or going."""
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def usable(self) -> bool:
        """Alive, and not left watched by an event loop that has closed."""
        left = self._loop is not None and self._loop.is_closed()
        return not self.ended and not left and self.process.is_alive()

    def ask(self, data: bytes) -> asyncio.Future[bytes]:
        """Send a packed decision; its future gets the answer (``WorkerDied`` if none comes)."""
        loop = asyncio.get_running_loop()
        if self._loop is None:
            loop.add_reader(self.connection.fileno(), self._answered)
            self._loop = loop
        elif self._loop is not loop:
            raise RuntimeError("a bot pool serves one event loop at a time")
        future: asyncio.Future[bytes] = loop.create_future()
        self.pending.append(future)
        try:
            self.connection.send_bytes(data)
        except OSError:
            self._ended()
        return future

    def _answered(self) -> None:
        try:
            answer = self.connection.recv_bytes()
        except (EOFError, OSError):
            self._ended()
            return
        future = self.pending.popleft()
        if not future.done():  # a cancelled decision's answer is read and dropped
            future.set_result(answer)
        if not self.pending:
            self._unwatch()

    def _ended(self) -> None:
        """The pipe closed: every decision still out fails with ``WorkerDied``."""
        self.ended = True
        self._unwatch()
        while self.pending:
            future = self.pending.popleft()
            if not future.done():
                future.set_exception(WorkerDied())

    def _unwatch(self) -> None:
        if self._loop is not None:
            if not self._loop.is_closed():
                self._loop.remove_reader(self.connection.fileno())
            self._loop = None

    def stop(self) -> None:
        """End the process and close the pipe (a decision still out fails)."""
        self._ended()
        self.connection.close()
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(STOP_S)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(STOP_S)


STOP_S = 2.0
"""How long a stopping worker is given to end before it is killed."""


class BotPool:
    """``processes`` worker processes deciding for the computers (0: in-process).

    Used on one event loop at a time (the server's), like ``Turns``. Each decision goes down
    a worker's own pipe and its answer is read by the event loop itself when it comes: no
    thread stands between them (an executor's manager and feeder threads cost the server
    about 0.3 ms of CPU a decision, and their hand-offs of the GIL stalled the event loop)."""

    def __init__(self, processes: int) -> None:
        if processes < 0:
            raise ValueError("the number of bot processes cannot be negative")
        self.processes = processes
        self._context = _context()
        self._workers: list[Worker | None] = [None] * processes
        """Started by ``start`` or at the first decision that needs them."""
        self.replaced = 0
        """Workers that died and were started again."""
        self.turns = Turns(processes + IN_FLIGHT_EXTRA)
        self.times = ThinkTimes()
        """The think times that cover the decisions made in-process (each worker keeps its
        own)."""

    @property
    def in_process(self) -> bool:
        return not self._workers

    async def decide(self, decision: Decision, since: float | None = None) -> Action:
        """The decision's action, from a worker (or in a thread if there are none), given no
        sooner than a search's would be: a decision that did not search waits out its cover
        here, on the event loop, off the workers (``app.bots.worker.ThinkTimes``).
        ``since``: when the reply it is part of began (``time.monotonic()``; default now):
        while the workers are busy, the oldest reply's decisions go first. A worker that dies
        meanwhile is replaced and the decision asked once more, then made in-process."""
        action, cover = await self._answer(decision, since)
        if cover > 0:
            await asyncio.sleep(cover)
        return action

    async def _answer(self, decision: Decision, since: float | None) -> tuple[Action, float]:
        data = pack(decision)
        since = time.monotonic() if since is None else since
        for _ in range(2):
            if not self._workers:
                break
            try:
                async with self.turns.turn(since):
                    answer = await self._next_worker().ask(data)
            except WorkerDied:
                log.warning("a bot worker process died; starting a new one")
                continue
            if answer[:1] == FAILED:
                raise DecisionFailed(answer[1:].decode(errors="replace"))
            return unpack_answer(answer[1:])
        return await asyncio.to_thread(decide_covered, decision, self.times)

    def start(self) -> None:
        """Start the workers now (the server does, as it starts), not at the first decision
        that needs them: a worker takes a moment to start and read the bots' code."""
        self._ready()

    def _next_worker(self) -> Worker:
        """The worker with the fewest decisions out; one not started yet is started, and a
        dead one (or one left on an event loop that has closed) is replaced first."""
        return min(self._ready(), key=lambda worker: len(worker.pending))

    def _ready(self) -> list[Worker]:
        for index, worker in enumerate(self._workers):
            if worker is not None and worker.usable:
                continue
            if worker is not None:
                worker.stop()
                self.replaced += 1
            self._workers[index] = Worker(self._context)
        return [worker for worker in self._workers if worker is not None]

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (for tests and the benchmark)."""
        return sorted(
            worker.process.pid
            for worker in self._workers
            if worker is not None and worker.process.pid is not None
        )

    def close(self) -> None:
        """Stop every worker (call on the event loop that used the pool, or after it ended)."""
        workers, self._workers = self._workers, []
        for worker in workers:
            if worker is not None:
                worker.stop()
