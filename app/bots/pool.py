"""The computers' decisions in worker processes (issue 20), so that every core thinks and
HTTP never waits for a search.

``BotPool(processes)`` runs ``app.bots.worker.decide_packed`` in a ``ProcessPoolExecutor``
of the ``forkserver`` context (``spawn`` where there is none); ``processes=0`` decides in the
server's own interpreter, in a thread, as before. A decision is awaited on the event loop
(``asyncio.wrap_future``). A worker that dies (kill -9) breaks the executor: it is replaced
by a fresh one and the decision asked once more, then made in-process, so nothing hangs and
no decision is lost.

When every worker is busy, the decisions wait in the pool's own line (``Turns``), not in the
executor's: the oldest reply first. A person's card brings up to three computers' decisions
one after another; in the executor's first-come line each would queue again behind every
other table's, so under load every reply would finish late; taken oldest reply first, a reply
under way is finished before the next begins, and the replies wait less in all (the same
decisions, the same work: only their order changes).

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
import threading
import time
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager

from app.bots.worker import Decision, decide, decide_packed, pack, unpack_action
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


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


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
"""Decisions handed to the executor beyond one a worker: one ready in its queue, so that a
worker that finishes starts the next at once, not after a round trip through the event
loop."""


class BotPool:
    """``processes`` worker processes deciding for the computers (0: in-process)."""

    def __init__(self, processes: int) -> None:
        if processes < 0:
            raise ValueError("the number of bot processes cannot be negative")
        self.processes = processes
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = self._start() if processes else None
        self.replaced = 0
        self.turns = Turns(processes + IN_FLIGHT_EXTRA)

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.processes, mp_context=_context())

    @property
    def in_process(self) -> bool:
        return self._executor is None

    async def decide(self, decision: Decision, since: float | None = None) -> Action:
        """The decision's action, from a worker (or in a thread if there are none).
        ``since``: when the reply it is part of began (``time.monotonic()``; default now):
        while the workers are busy, the oldest reply's decisions go first."""
        data = pack(decision)
        since = time.monotonic() if since is None else since
        for _ in range(2):
            executor = self._executor
            if executor is None:
                break
            try:
                async with self.turns.turn(since):
                    answer = await asyncio.wrap_future(executor.submit(decide_packed, data))
                return unpack_action(answer)
            except BrokenProcessPool:
                log.warning("a bot worker process died; starting a new pool")
                self._replace(executor)
            except RuntimeError:  # submit after shutdown: the server is stopping
                break
        return await asyncio.to_thread(decide, decision)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A new executor in place of ``broken`` (once, however many decisions saw it die)."""
        with self._lock:
            if self._executor is not broken:
                return
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            self.replaced += 1

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (for tests and the benchmark)."""
        executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return sorted(processes)

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
