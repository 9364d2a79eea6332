"""The table store: every table in memory behind its own lock, saved in the database on change.

One table, one lock (lichess's one actor per game): a person's action and the bot moves that
follow it run under the table's ``asyncio.Lock``, so two clicks never interleave, and the
lock is fair, so actions are applied in the order they arrive. A route that changes a table
takes it with ``async with store.writing(id) as table`` (the lock first, then the table, from
memory or read back from the database) and ``await store.commit(table)`` before it answers; no
table object is kept past its lock, so a stale copy can never be saved over a newer one. A lock
stays as long as anyone holds or awaits it, and the cache never evicts a table in use.

Each change is committed before the answer is sent (``app.web.storage.database``), so a
restart, even a ``kill -9``, resumes every table where it was; a table is read back lazily the
first time it is asked for. A save that fails leaves memory as the database has it (the copy
is dropped, the next request reads the database) and raises ``SaveFailed``. No database call
runs on the event loop: reads run in a few threads of the store's own and saves in one more,
so a save stuck on a locked file holds up only its own table.

The store is the only place besides the engine that holds a full game state. It knows nothing
of pages: who waits for a table's changes is ``app.web.live.bus``'s business.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from app.web.http.problems import Untouched
from app.web.storage.database import (
    BUSY_TIMEOUT_S,
    STORAGE_ERRORS,
    Damaged,
    Database,
    Listed,
)
from app.web.table.model import Table
from app.web.table.stats import DealResult

if TYPE_CHECKING:
    from app.web.storage.postgres import PostgresDatabase

log = logging.getLogger(__name__)
Result = TypeVar("Result")

CACHE_SIZE = 512
"""Tables kept in memory; older ones are read back from the database when asked for."""
READERS = 4
"""Threads that read the database (loading a table, the list, a code); saves have one thread
of their own: SQLite takes one writer at a time anyway, and so a stuck save never keeps a
reader waiting."""
CLAIMERS = 4
"""Threads that claim tables' computers on a shared database (``TableStore.claim``)."""


async def _granted() -> None:
    """The release of a claim that cost nothing."""


class NoSuchTable(LookupError):
    """No table has that id (the routes answer 404)."""


class DamagedTable(LookupError):
    """The table's row exists but cannot be read (the routes show what is left of it)."""

    def __init__(self, damaged: Damaged) -> None:
        super().__init__(damaged.id)
        self.damaged = damaged


class SaveFailed(Exception):
    """The database did not take a change (write-locked, full, failing); the table in memory
    was put back to what the database has, so nothing was changed (the routes answer 503)."""


class TableStore:
    def __init__(
        self,
        data_dir: Path,
        busy_timeout: float = BUSY_TIMEOUT_S,
        prove_writable: bool = False,
        database: str | None = None,
    ) -> None:
        """The tables in ``data_dir``'s SQLite file, or, given a ``postgresql://`` URL as
        ``database``, in that PostgreSQL database (shared with other servers)."""
        self.database: Database | PostgresDatabase
        if database:
            from app.web.storage.postgres import PostgresDatabase  # noqa: PLC0415 - optional

            self.database = PostgresDatabase(database)
        else:
            self.database = Database(data_dir, busy_timeout, prove_writable)
        self._reader = ThreadPoolExecutor(READERS, thread_name_prefix="store-read")
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="store-write")
        self._claimer = ThreadPoolExecutor(CLAIMERS, thread_name_prefix="store-claim")
        """Threads of the claims alone (on a shared database): a claim waiting for one of
        the claims' connections holds up no read, and no release (the readers run those)."""
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._lock_users: dict[str, int] = {}
        """Per table, how many requests hold or await its lock; the lock goes when none do."""

    @property
    def path(self) -> Path | str:
        """The database file (a PostgreSQL database: its host and name)."""
        return self.database.path

    def close(self) -> None:
        self._claimer.shutdown(wait=True)
        self._reader.shutdown(wait=True)
        self._writer.shutdown(wait=True)
        self.database.close()

    # ------------------------------------------------------------------ the routes' access

    @contextlib.asynccontextmanager
    async def writing(self, table_id: str) -> AsyncIterator[Table]:
        """The table to change, under its lock: the one copy in memory, or read afresh from the
        database (off the event loop). Change it, ``commit`` it, and leave the table object
        behind with the block. If the block fails, the copy in memory is dropped (the lock is
        still held), so the next request reads what the database has: nothing half done stays
        (an ``Untouched`` refusal keeps it).
        Raises ``NoSuchTable``."""
        async with self._holding(table_id):
            table = await self._fetch(table_id)
            try:
                yield table
            except Untouched:
                raise
            except BaseException:
                self._drop(table_id)
                raise

    @contextlib.asynccontextmanager
    async def reading(self, table_id: str) -> AsyncIterator[Table]:
        """The table to look at, under its lock (a change runs in a worker thread while it
        holds the lock, so a page never shows a move half applied). Raises ``NoSuchTable``."""
        async with self._holding(table_id):
            yield await self._fetch(table_id)

    async def commit(self, table: Table) -> None:
        """Save the table, inside its ``writing`` block, before the answer is sent. A save that
        fails drops the copy in memory and raises ``SaveFailed``."""
        try:
            await self._finish(self._writer, self.database.save, table)
        except STORAGE_ERRORS as error:
            log.warning("could not save table %s: %s", table.id, error)
            self._drop(table.id)
            raise SaveFailed(str(error)) from error

    async def reload(self, table_id: str) -> Table:
        """Inside the table's ``writing`` block: drop the copy in memory (an action failed
        half-way) and read the table back as the database has it."""
        self._drop(table_id)
        return await self._fetch(table_id)

    async def create(self, table: Table) -> None:
        """Save a new table, then keep it in memory (nothing is kept if the save fails)."""
        try:
            await self._finish(self._writer, self.database.save, table)
        except STORAGE_ERRORS as error:
            log.warning("could not save new table %s: %s", table.id, error)
            self.database.forget(table.id)
            raise SaveFailed(str(error)) from error
        self._remember(table)

    async def find_code(self, code: str) -> str | None:
        """The id of the friends' table with this short code."""
        return await self._read(self.database.find_code, code)

    async def friends_tables(self, limit: int = 50) -> list[Listed]:
        """The friends' tables of more than one person, the most recently changed first: a
        flood of tables with one person each (a script's) does not push them off."""
        return await self._read(self.database.friends_tables, limit)

    async def solo_tables(self, since: float, limit: int) -> list[Listed]:
        """The friends' tables changed since ``since`` where nobody but the host sits (yet),
        the most recent first."""
        return await self._read(self.database.solo_tables, since, limit)

    async def listed(self, table_ids: list[str]) -> list[Listed]:
        """These friends' tables (unknown ids and tables against the computer left out), in
        the order given."""
        return await self._read(self.database.listed, table_ids)

    async def drop_abandoned(self, before: float) -> int:
        """Delete, with their rows, the friends' tables still waiting for players that nobody
        but their host joined and that have not changed since ``before``; returns how many.
        Each goes under its own lock, so no request is using it meanwhile."""
        dropped = 0
        for table_id in await self._read(self.database.abandoned, before):
            async with self._holding(table_id):
                deleting = self.database.delete_abandoned
                if await self._finish(self._writer, deleting, table_id, before):
                    self._drop(table_id)
                    dropped += 1
        return dropped

    async def damaged(self, table_id: str) -> Damaged | None:
        """The table, if its row exists but cannot be read; None for a readable table and
        for no table at all."""
        try:
            async with self.reading(table_id):
                return None
        except DamagedTable as error:
            return error.damaged
        except NoSuchTable:
            return None

    async def filed_record(self, table_id: str, number: int) -> dict[str, Any] | None:
        """A finished deal's hand record as filed, read without its table; None if there is
        no such deal or its record cannot be read."""
        return await self._read(self.database.filed_record, table_id, number)

    async def count(self) -> int:
        return await self._read(self.database.count)

    async def player_known(self, player: str) -> bool:
        """Whether this server handed out the player cookie of this hash (statistics)."""
        return await self._read(self.database.player_known, player)

    async def add_player(self, player: str) -> None:
        """Note a player cookie handed out before any seat names it (a failed write is
        logged: the browser's statistics are empty either way until it plays)."""
        try:
            await self._finish(self._writer, self.database.add_player, player)
        except STORAGE_ERRORS as error:
            log.warning("could not note a player: %s", error)

    async def results_of(self, player: str) -> list[DealResult]:
        """The finished deals of the browser with this player cookie's hash, oldest first."""
        return await self._read(self.database.results_of, player)

    async def claim(self, table_id: str) -> Callable[[], Awaitable[None]] | None:
        """The right to move the table's computers, on a shared database for one server at
        a time (``PostgresDatabase.claim``): a release to call when done, or None if another
        server holds it. On SQLite (one server) always granted, without a database call."""
        if not self.database.shared:
            return _granted
        claim = self.database.claim  # type: ignore[union-attr]
        release: Callable[[], None] | None = await self._finish(self._claimer, claim, table_id)
        if release is None:
            return None

        async def let_go() -> None:
            await self._read(release)

        return let_go

    async def orphans(self, now: float) -> list[str]:
        """On a shared database, the tables whose computers nobody moved for a while."""
        if not self.database.shared:
            return []
        return await self._read(self.database.orphans, now)  # type: ignore[union-attr]

    # ------------------------------------------------------------------ tools and tests

    def get(self, table_id: str) -> Table | None:
        """The table, from memory or from the database; None if there is no such table. For
        tools and tests, in a thread of their own; the routes use ``writing``/``reading``."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        table = self.database.load(table_id)
        if table is not None:
            self._remember(table)
        return table

    def add(self, table: Table) -> None:
        """Save a new table and keep it (for tools and tests; the routes use ``create``)."""
        self.database.save(table)
        self._remember(table)

    def forget(self, table_id: str) -> None:
        """Drop the table from memory: the next look reads its last saved state."""
        self._drop(table_id)

    # ------------------------------------------------------------------ internals

    @contextlib.asynccontextmanager
    async def _holding(self, table_id: str) -> AsyncIterator[None]:
        """Hold the table's lock; it is created on first use and removed when nobody holds
        or awaits it any more (never while someone does, so everyone waits on the same one)."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        self._lock_users[table_id] = self._lock_users.get(table_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            users = self._lock_users.pop(table_id) - 1
            if users:
                self._lock_users[table_id] = users
            else:
                del self._locks[table_id]

    async def _fetch(self, table_id: str) -> Table:
        """The table in memory, or read from the database (call under the table's lock). A
        shared database (other servers change its tables) is asked at every request whether
        the copy in memory is still its latest version, and read again if not."""
        table = self._tables.get(table_id)
        if table is not None and self.database.shared:
            is_current = self.database.is_current  # type: ignore[union-attr]
            if not await self._read(is_current, table):
                table = None
        if table is None:
            table = await self._read(self.database.load, table_id)
            if table is None:
                damaged = await self._read(self.database.damaged, table_id)
                if damaged is not None:
                    raise DamagedTable(damaged)
                raise NoSuchTable(table_id)
            self._remember(table)
        self._tables.move_to_end(table_id)
        return table

    async def _read(self, call: Callable[..., Result], *args: object) -> Result:
        return await self._finish(self._reader, call, *args)

    async def _finish(
        self, pool: ThreadPoolExecutor, call: Callable[..., Result], *args: object
    ) -> Result:
        """Run a database call in one of the store's threads. If the request is cancelled
        meanwhile, the call is still awaited to its end before the table's lock is let go,
        so the next request never reads the database while a save is still running."""
        future = asyncio.get_running_loop().run_in_executor(pool, call, *args)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            await asyncio.wait([future])
            raise

    def _remember(self, table: Table) -> None:
        """Keep the table; past ``CACHE_SIZE`` the longest unused tables go, but never one
        whose lock is held or awaited (its request would read it back while it works)."""
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        excess = len(self._tables) - CACHE_SIZE
        if excess > 0:
            idle = [key for key in self._tables if key not in self._lock_users][:excess]
            for key in idle:
                self._drop(key)

    def _drop(self, table_id: str) -> None:
        self._tables.pop(table_id, None)
        self.database.forget(table_id)
