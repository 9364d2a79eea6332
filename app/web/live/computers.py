"""The computers think off the request: a person's action is saved and answered at once, and
the computers' moves follow one at a time, each saved as soon as it is decided.

One task per table (``Computers.wake``, or ``wake_after`` the answer is sent) moves the
computers until a person must act or the deal is over. Each move is applied and saved while
the task holds the table's lock (``store.writing``), exactly as the request used to, so a
page never shows a move half applied, two moves are never made for one seat, and the moves
are the same ones (``players.bot_rng`` keys them by the table's secret seed and
the deal's step). After each save the pages' polls are woken (``PollBus.changed``), so the
moves reach every page by the live updates that friends' tables already use; the page says
"Right is thinking…" meanwhile. A click while a computer thinks is refused as stale (it is
not the person's turn).

A restart loses the task, not the moves: the table is saved with a computer to move, and the
first request that looks at it (the page, its poll) wakes the task again.

A level's decision is made by the bot pool (``BotPool``: in a worker process, ``trionfi
serve --bot-processes N``, or in a thread with none) from the seat's own observation, off
the table's lock, and comes back no sooner than a search's would (a decision that skipped
its search waits out a cover: its think time tells nothing of the hand); the table is then
looked at again under the lock, and a decision the table has moved past (a take back, a
leave, any other change) is dropped and asked again, never applied. An outside program's
move is decided in a thread under the lock.

``inline`` runs the computers inside the request, all at once, as before: the route tests
use it so that a POST returns with the computers moved (``create_app(inline_computers=...)``).
"""

from __future__ import annotations

import asyncio
import logging
import time

from starlette.background import BackgroundTask
from starlette.responses import Response

from app.bots.pool import BotPool
from app.bots.worker import Decision
from app.web.live.bus import PollBus
from app.web.storage.store import NoSuchTable, SaveFailed, TableStore
from app.web.table import players
from app.web.table.model import Table
from app.web.table.programs import ProgramPool

log = logging.getLogger(__name__)

COMPUTER = -2
"""Who made a change the computers made (``PollBus.changed``): no seat, and not a spectator
(``None``), so that every page's poll answers it."""


ORPHAN_SCAN_S = 1.0
"""How often a server on a shared database looks for tables whose computers nobody moves."""

REPLY_MOVES = 3
"""The computers' moves that answer a person's action (three computers at the most in a
four-seat game), which keep that action's time as their place in the bot pool's line."""


class Computers:
    """The computers' moves at every table of one app."""

    def __init__(
        self,
        store: TableStore,
        bus: PollBus,
        programs: ProgramPool,
        inline: bool,
        bots: BotPool | None = None,
    ) -> None:
        self.store = store
        self.bots = bots or BotPool(0)
        self.stale = 0
        """Decisions that came back to a table that had changed meanwhile (dropped)."""
        self.bus = bus
        self.programs = programs
        self.inline = inline
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def after_person(self, table: Table) -> None:
        """After a person's action (in the request's worker thread, under the table's lock):
        inline, the computers' moves until a person must act; otherwise only the programs
        hear the result of a deal that action ended."""
        if self.inline:
            players.advance(table, self.programs)
        else:
            players.tell_if_over(table, self.programs)

    def wake(self, table: Table) -> None:
        """Start the table's task if a computer is to move and none is running (call on the
        event loop, with the table as just saved or read, under its lock)."""
        if self.inline or not players.computer_to_move(table):
            return
        self._start(table.id)

    def wake_after(self, response: Response, table: Table) -> Response:
        """``response``, which wakes the table's computers once it is sent: their thinking
        runs in Python threads, which share the interpreter with the event loop, so it
        would hold up the sending of the very answer that shows the person's move."""
        if not self.inline and players.computer_to_move(table):
            response.background = BackgroundTask(self._wake_now, table.id)
        return response

    async def _wake_now(self, table_id: str) -> None:
        self._start(table_id)

    async def adopt_orphans(self) -> None:
        """Every ``ORPHAN_SCAN_S`` while the app runs, on a shared database: move the
        computers of the tables nobody moves (the server that did died); each move is
        claimed, so exactly one server makes it."""
        while True:
            await asyncio.sleep(ORPHAN_SCAN_S)
            try:
                for table_id in await self.store.orphans(time.time()):
                    self._start(table_id)
            except Exception:
                log.exception("the scan for tables whose computers nobody moves failed")

    def _start(self, table_id: str) -> None:
        running = self._tasks.get(table_id)
        if running is not None and not running.done():
            return  # it looks again under the lock before each move
        task = asyncio.create_task(self._move_all(table_id), name=f"computers-{table_id}")
        self._tasks[table_id] = task
        task.add_done_callback(lambda done: self._forget(table_id, done))

    async def settle(self, table_id: str) -> None:
        """Wait until the table's computers have moved (for tools and tests)."""
        running = self._tasks.get(table_id)
        if running is not None:
            await asyncio.wait([running])

    async def stop(self) -> None:
        """At shutdown: stop every task (a move being decided is not saved; the next start
        makes it again, the same)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)

    async def _move_all(self, table_id: str) -> None:
        """The computers' moves until a person is to act. The first ``REPLY_MOVES`` are a
        reply to the person and keep its start as their place in the bot pool's line (the
        oldest reply first); any later ones (a table of computers only) queue as they come,
        so a long run of them never holds the other tables back."""
        began = time.monotonic()
        moves = 0
        try:
            while await self._move(table_id, began if moves < REPLY_MOVES else time.monotonic()):
                moves += 1
                self.bus.changed(table_id, COMPUTER)
        except (NoSuchTable, SaveFailed) as error:
            log.warning("the computers at table %s stopped: %r", table_id, error)
        except Exception:
            log.exception("the computers at table %s stopped", table_id)

    async def _move(self, table_id: str, since: float) -> bool:
        """One computer's move, saved under the table's lock; False if a person is to act (or
        the deal is over). A level's decision is made off the lock, by the bot pool (in a
        worker process, or in a thread when there are none), and the table looked at again
        under the lock when the answer comes back. The move is first claimed, so that of
        several servers on one database one moves it."""
        release = await self.store.claim(table_id)
        if release is None:
            return False  # another server is moving them
        try:
            return await self._move_decided(table_id, since)
        finally:
            await release()

    async def _move_decided(self, table_id: str, since: float) -> bool:
        async with self.store.reading(table_id) as table:
            if not players.computer_to_move(table):
                return False
            decision = players.decision_for(table)
            version = table.version
        if decision is None:  # an outside program: in-process, under the lock, as before
            return await self._move_here(table_id)
        action = await self.bots.decide(decision, since)
        async with self.store.writing(table_id) as table:
            if not self._still_current(table, version, decision):
                self.stale += 1
                return players.computer_to_move(table)  # decide again, on the table as it is
            players.apply_decided(table, action, decision.obs)
            players.tell_if_over(table, self.programs)
            await self.store.commit(table)
            return True

    async def _move_here(self, table_id: str) -> bool:
        async with self.store.writing(table_id) as table:
            if not players.computer_to_move(table):
                return False
            await asyncio.to_thread(self._decide_and_apply, table)
            await self.store.commit(table)
            return True

    @staticmethod
    def _still_current(table: Table, version: int, decision: Decision) -> bool:
        """Whether the table is still where the decision was asked (no take back, leave or
        other move since): a stale decision is dropped, never applied."""
        deal = table.match.deal
        return (
            table.version == version
            and deal is not None
            and not deal.is_over
            and deal.turn == decision.obs.seat
        )

    def _decide_and_apply(self, table: Table) -> None:
        players.move_once(table, self.programs)
        players.tell_if_over(table, self.programs)

    def _forget(self, table_id: str, done: asyncio.Task[None]) -> None:
        if self._tasks.get(table_id) is done:
            del self._tasks[table_id]
