"""The computers' decisions in worker processes (issue 20), so that every core thinks and
HTTP never waits for a search.

``BotPool(processes)`` runs ``app.bots.worker.decide_packed`` in a ``ProcessPoolExecutor``
of the ``forkserver`` context (``spawn`` where there is none); ``processes=0`` decides in the
server's own interpreter, in a thread, as before. A decision is awaited on the event loop
(``asyncio.wrap_future``). A worker that dies (kill -9) breaks the executor: it is replaced
by a fresh one and the decision asked once more, then made in-process, so nothing hangs and
no decision is lost. Only the level's pure decision goes to a worker: outside programs and
hints stay in-process (``app.web.table.players``). It knows nothing of the web: the server
and the pool's benchmark (``python -m app.bench.pool``) use the same class.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

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


class BotPool:
    """``processes`` worker processes deciding for the computers (0: in-process)."""

    def __init__(self, processes: int) -> None:
        if processes < 0:
            raise ValueError("the number of bot processes cannot be negative")
        self.processes = processes
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = self._start() if processes else None
        self.replaced = 0

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.processes, mp_context=_context())

    @property
    def in_process(self) -> bool:
        return self._executor is None

    async def decide(self, decision: Decision) -> Action:
        """The decision's action, from a worker (or in a thread if there are none)."""
        data = pack(decision)
        for _ in range(2):
            executor = self._executor
            if executor is None:
                break
            try:
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
