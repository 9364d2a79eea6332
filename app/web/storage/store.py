"""The table store: every table in memory behind its own lock, and saved in SQLite on change.

One table, one lock (lichess's one actor per game): a person's action and the bot moves that
follow it run under the table's ``asyncio.Lock``, so two clicks never interleave, and the
lock is fair, so actions are applied in the order they arrive. A route that changes a table
takes it with ``async with store.writing(id) as table`` (the lock first, then the table, from
memory or read back from the database) and ``await store.commit(table)`` before it answers; no
table object is kept past its lock, so a stale copy can never be saved over a newer one. A lock
stays as long as anyone holds or awaits it, and the cache never evicts a table in use.

Each change is committed before the answer is sent (stdlib ``sqlite3``, WAL, one file in the
data directory), so a restart, even a ``kill -9``, resumes every table where it was; a table
is read back lazily the first time it is asked for. A save that fails leaves memory as the
database has it (the copy is dropped, the next request reads the database) and raises
``SaveFailed``. No database call runs on the event loop: reads run in a few threads of the
store's own and saves in one more, each thread with its own connection, so a save stuck on a
locked file holds up only its own table.

Durable by default: ``synchronous=FULL`` syncs the log to disk at every commit, so a power cut
loses no move that was answered (``NORMAL`` could lose the last ones). Measured with 400 saves
of a table three deals in, on the development machine's virtual disk: a median of 2.1 ms a
save (p95 8 ms) against 0.18 ms with ``NORMAL``; a click saves once, so that is a few
milliseconds on a click's answer.

The database is checked at opening (``open_database``): a file that is not a database, a
damaged one or one another program is writing raises ``BadDatabase``, the file untouched.

A table's row holds its seats, settings and current deal; its finished deals (hand records)
go once each into ``deals``, so a save costs the same in deal 20 as in deal 1. A friends'
table also keeps its short code and a one-line summary for the list of tables.

The store is the only place besides the engine that holds a full game state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from app.web.show.timeline import forget as forget_timeline
from app.web.table.model import Table

log = logging.getLogger(__name__)
Result = TypeVar("Result")

DB_NAME = "trionfi.sqlite3"
CACHE_SIZE = 512
"""Tables kept in memory; older ones are read back from the database when asked for."""
SHOWN_PAGES = 4096
"""Pages whose newest shown version is remembered (the oldest are forgotten first)."""
BUSY_TIMEOUT_S = 5.0
"""How long a save waits for another process's write lock on the file before it fails."""
READERS = 4
"""Threads that read the database (loading a table, the list, a code); saves have one thread
of their own: SQLite takes one writer at a time anyway, and so a stuck save never keeps a
reader waiting."""

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        updated REAL NOT NULL,
        data TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS deals (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
)
COLUMNS = {"code": "TEXT", "summary": "TEXT"}
"""Columns added for friends' tables (a database of an older version gets them on opening)."""


SOLO = (
    "(CASE WHEN json_valid(summary) "
    "THEN coalesce(json_extract(summary, '$.people'), 2) <= 1 ELSE 0 END)"
)
"""SQL: a friends' table where nobody but its host sits (1 or 0, never an error whatever the
summary holds; a summary of an older version, which does not count people, is not one)."""
WAITING = (
    "(CASE WHEN json_valid(summary) "
    "THEN coalesce(json_extract(summary, '$.state') = 'waiting', 0) ELSE 0 END)"
)
LIST_COLUMNS = "SELECT id, code, updated, summary, data FROM tables WHERE summary IS NOT NULL"


@dataclass(frozen=True)
class Listed:
    """A friends' table as the list of tables shows it."""

    id: str
    code: str
    updated: float
    summary: dict[str, Any]
    damaged: bool = False
    """Its row cannot be read (its summary may be empty): the list says so."""


@dataclass(frozen=True)
class Damaged:
    """A table whose row this version cannot read (corrupt, or saved in a form it does not
    know): what can still be told of it. Its finished deals are rows of their own."""

    id: str
    code: str
    is_friends: bool
    deals: list[int]
    """The numbers of its finished deals whose hand records are kept."""
    seat_hashes: list[str]
    """Its people's token hashes, if the row still shows them (empty otherwise)."""


class NoSuchTable(LookupError):
    """No table has that id (the routes answer 404)."""


class DamagedTable(LookupError):
    """The table's row exists but cannot be read (the routes show what is left of it)."""

    def __init__(self, damaged: Damaged) -> None:
        super().__init__(damaged.id)
        self.damaged = damaged


class Untouched(Exception):
    """Raised inside a ``writing`` block before anything changed (a refused request): the
    copy in memory is kept. Any other exception drops it, since it may be half changed;
    without this a stream of forged requests would make the store replay a table from the
    database for each of them."""


class SaveFailed(Exception):
    """The database did not take a change (write-locked, full, failing); the table in memory
    was put back to what the database has, so nothing was changed (the routes answer 503)."""


class BadDatabase(Exception):
    """The database cannot be used (not a database, damaged, locked by another program); the
    message is one line for the person starting the server. Nothing in the file was changed."""


class TableStore:
    def __init__(
        self, data_dir: Path, busy_timeout: float = BUSY_TIMEOUT_S, prove_writable: bool = False
    ) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.path = data_dir / DB_NAME
        self.busy_timeout = busy_timeout
        """Seconds a save waits for another writer's lock on the file before it fails."""
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._connections_lock = threading.Lock()
        self._reader = ThreadPoolExecutor(READERS, thread_name_prefix="store-read")
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="store-write")
        open_database(self.path, prove_writable).close()
        self._filed: dict[str, int] = {}
        """Per table, how many finished deals are in ``deals`` already."""
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._unreadable: set[str] = set()
        """Tables whose row could not be read (logged once each)."""
        self._locks: dict[str, asyncio.Lock] = {}
        self._lock_users: dict[str, int] = {}
        """Per table, how many requests hold or await its lock; the lock goes when none do."""
        self._changes: dict[str, asyncio.Event] = {}
        """Per table, the event the waiting polls wait on; replaced at each change."""
        self._changed_by: dict[str, int | None] = {}
        self._polls: dict[tuple[str, str], int] = {}
        """(table, page) -> the number of that page's latest poll."""
        self._shown: OrderedDict[tuple[str, str], int] = OrderedDict()
        """(table, page) -> the newest version a response gave that page."""

    def close(self) -> None:
        self._reader.shutdown(wait=True)
        self._writer.shutdown(wait=True)
        with self._connections_lock:
            for db in self._connections:
                db.close()
            self._connections.clear()

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
            await self._finish(self._writer, self.save, table)
        except sqlite3.Error as error:
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
            await self._finish(self._writer, self.save, table)
        except sqlite3.Error as error:
            log.warning("could not save new table %s: %s", table.id, error)
            self._filed.pop(table.id, None)
            raise SaveFailed(str(error)) from error
        self._remember(table)

    async def find_code(self, code: str) -> str | None:
        """The id of the friends' table with this short code."""
        return await self._finish(self._reader, self._find_code, code)

    async def friends_tables(self, limit: int = 50) -> list[Listed]:
        """The friends' tables of more than one person, the most recently changed first: a
        flood of tables with one person each (a script's) does not push them off."""
        query = f"{LIST_COLUMNS} AND NOT {SOLO} ORDER BY updated DESC LIMIT ?"
        return await self._finish(self._reader, self._listed, query, limit)

    async def solo_tables(self, since: float, limit: int) -> list[Listed]:
        """The friends' tables changed since ``since`` where nobody but the host sits (yet),
        the most recent first."""
        query = f"{LIST_COLUMNS} AND {SOLO} AND updated >= ? ORDER BY updated DESC LIMIT ?"
        return await self._finish(self._reader, self._listed, query, since, limit)

    async def listed(self, table_ids: list[str]) -> list[Listed]:
        """These friends' tables (unknown ids and tables against the computer left out), in
        the order given."""
        wanted = [table_id for table_id in table_ids if table_id and len(table_id) <= 64]
        marks = ", ".join("?" for _ in wanted)
        query = f"{LIST_COLUMNS} AND id IN ({marks})"
        rows = await self._finish(self._reader, self._listed, query, *wanted)
        found = {row.id: row for row in rows}
        return [found[table_id] for table_id in wanted if table_id in found]

    async def drop_abandoned(self, before: float) -> int:
        """Delete, with their rows, the friends' tables still waiting for players that nobody
        but their host joined and that have not changed since ``before``; returns how many.
        Each goes under its own lock, so no request is using it meanwhile."""
        dropped = 0
        for table_id in await self._finish(self._reader, self._abandoned, before):
            async with self._holding(table_id):
                if await self._finish(self._writer, self._delete_abandoned, table_id, before):
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
        return await self._finish(self._reader, self._filed_record, table_id, number)

    async def count(self) -> int:
        return await self._finish(self._reader, self._count)

    # ------------------------------------------------------------------ polls

    def changed(self, table_id: str, by: int | None) -> None:
        """Wake every poll waiting on the table (call on the event loop, after a save);
        ``by`` is the seat whose request made the change."""
        self._changed_by[table_id] = by
        event = self._changes.pop(table_id, None)
        if event is not None:
            event.set()

    def begin_poll(self, table_id: str, page: str) -> int:
        """A page's new poll: the page's older waiting poll (its table was redrawn since)
        is woken to answer 204 and free its connection. Returns the new poll's number."""
        key = (table_id, page)
        number = self._polls.get(key, 0) + 1
        self._polls[key] = number
        event = self._changes.pop(table_id, None)
        if event is not None:
            event.set()
        return number

    def is_superseded(self, table_id: str, page: str, number: int) -> bool:
        """Whether the page has polled again since (a request without a page id never is)."""
        return bool(page) and self._polls.get((table_id, page), number) != number

    def note_shown(self, table_id: str, page: str, version: int) -> None:
        """The answer to ``page``'s own action gives it the table at ``version``: a poll of
        that page that names an older version (it left the browser late, its element already
        replaced) is then answered from here, so nothing is announced twice."""
        if not page:
            return
        key = (table_id, page)
        self._shown[key] = max(version, self._shown.get(key, -1))
        self._shown.move_to_end(key)
        while len(self._shown) > SHOWN_PAGES:
            self._shown.popitem(last=False)

    def shown_to(self, table_id: str, page: str, version: int) -> int:
        """What ``page`` shows: ``version`` as its poll says, or newer if a response since
        gave it more."""
        return max(version, self._shown.get((table_id, page), -1)) if page else version

    def end_poll(self, table_id: str, page: str, number: int) -> None:
        if self._polls.get((table_id, page)) == number:
            del self._polls[(table_id, page)]

    def last_change_by(self, table_id: str) -> int | None:
        return self._changed_by.get(table_id)

    async def wait_change(self, table_id: str, timeout: float) -> None:
        """Wait until the table changes, or ``timeout`` seconds."""
        event = self._changes.setdefault(table_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # ------------------------------------------------------------------ tools and tests

    def get(self, table_id: str) -> Table | None:
        """The table, from memory or from the database; None if there is no such table. For
        tools and tests, in a thread of their own; the routes use ``writing``/``reading``."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        table = self._load(table_id)
        if table is not None:
            self._remember(table)
        return table

    def add(self, table: Table) -> None:
        """Save a new table and keep it (for tools and tests; the routes use ``create``)."""
        self.save(table)
        self._remember(table)

    def forget(self, table_id: str) -> None:
        """Drop the table from memory: the next look reads its last saved state."""
        self._drop(table_id)

    def save(self, table: Table) -> None:
        """Write the table in one transaction (its row and any newly finished deal), in the
        calling thread (the routes' ``commit`` runs it in the store's writer thread)."""
        data = table.to_json()
        records = data["match"].pop("records")
        summary = json.dumps(summarise(table)) if table.is_friends else None
        row = (table.id, table.version, time.time(), _dumps(data), table.code, summary)
        db = self._connection()
        filed = self._filed.get(table.id)
        if filed is None:
            filed = self._count_deals(db, table.id)
        db.execute("BEGIN IMMEDIATE")  # the write lock now, so COMMIT cannot find it taken
        try:
            db.executemany(
                "INSERT OR REPLACE INTO deals (table_id, number, record) VALUES (?, ?, ?)",
                [(table.id, n + 1, _dumps(r)) for n, r in enumerate(records) if n >= filed],
            )
            db.execute(
                "INSERT INTO tables (id, version, updated, data, code, summary) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "version = excluded.version, updated = excluded.updated, "
                "data = excluded.data, code = excluded.code, summary = excluded.summary",
                row,
            )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        self._filed[table.id] = len(records)

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
        """The table in memory, or read from the database (call under the table's lock)."""
        table = self._tables.get(table_id)
        if table is None:
            table = await self._finish(self._reader, self._load, table_id)
            if table is None:
                damaged = await self._finish(self._reader, self._damaged, table_id)
                if damaged is not None:
                    raise DamagedTable(damaged)
                raise NoSuchTable(table_id)
            self._remember(table)
        self._tables.move_to_end(table_id)
        return table

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

    def _connection(self) -> sqlite3.Connection:
        """This thread's own connection (WAL: readers go on while a writer waits)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(
                self.path, timeout=self.busy_timeout, check_same_thread=False, isolation_level=None
            )
            db.execute("PRAGMA synchronous=FULL")
            self._local.db = db
            with self._connections_lock:
                self._connections.append(db)
        return db

    def _load(self, table_id: str) -> Table | None:
        if not table_id or len(table_id) > 64:
            return None
        db = self._connection()
        db.execute("BEGIN")  # the row and its deals from one snapshot
        try:
            row = db.execute("SELECT data FROM tables WHERE id = ?", (table_id,)).fetchone()
            records = db.execute(
                "SELECT record FROM deals WHERE table_id = ? ORDER BY number", (table_id,)
            ).fetchall()
        finally:
            db.execute("COMMIT")
        if row is None:
            return None
        try:
            data = json.loads(row[0])
            if "records" not in data["match"]:  # older rows keep their records inline
                data["match"]["records"] = [json.loads(record[0]) for record in records]
            return Table.from_json(data)
        except Exception:  # a table saved by an older version we can no longer read
            if table_id not in self._unreadable:  # said once, not at every listing
                self._unreadable.add(table_id)
                log.exception("cannot read table %s", table_id)
            return None

    def _find_code(self, code: str) -> str | None:
        row = self._connection().execute("SELECT id FROM tables WHERE code = ?", (code,))
        found = row.fetchone()
        return str(found[0]) if found else None

    def _listed(self, query: str, *parameters: object) -> list[Listed]:
        """The rows of a list query; a row that cannot be read is listed as damaged (its
        summary or its data is not JSON, or reading it as a table failed before)."""
        rows = self._connection().execute(query, parameters).fetchall()
        listed = []
        for table_id, code, updated, raw, data in rows:
            summary = _json_or_none(raw)
            readable = (
                isinstance(summary, dict)
                and table_id not in self._unreadable
                and isinstance(_json_or_none(data), dict)
            )
            shown = summary if isinstance(summary, dict) else {}
            listed.append(Listed(table_id, code or "", updated, shown, damaged=not readable))
        return listed

    def _abandoned(self, before: float) -> list[str]:
        query = f"SELECT id FROM tables WHERE summary IS NOT NULL AND {SOLO} AND {WAITING}"
        rows = self._connection().execute(f"{query} AND updated < ?", (before,)).fetchall()
        return [str(row[0]) for row in rows]

    def _delete_abandoned(self, table_id: str, before: float) -> bool:
        """Delete the table and its deals if it is still abandoned (checked in the same
        transaction, so a table joined meanwhile stays)."""
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            gone = db.execute(
                f"DELETE FROM tables WHERE id = ? AND summary IS NOT NULL AND {SOLO} "
                f"AND {WAITING} AND updated < ?",
                (table_id, before),
            ).rowcount
            if gone:
                db.execute("DELETE FROM deals WHERE table_id = ?", (table_id,))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return bool(gone)

    def _damaged(self, table_id: str) -> Damaged | None:
        if not table_id or len(table_id) > 64:
            return None
        db = self._connection()
        row = db.execute(
            "SELECT data, code, summary FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        numbers = db.execute(
            "SELECT number FROM deals WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        deals = [int(number[0]) for number in numbers]
        return Damaged(table_id, row[1] or "", row[2] is not None, deals, _seat_hashes(row[0]))

    def _filed_record(self, table_id: str, number: int) -> dict[str, Any] | None:
        row = (
            self._connection()
            .execute(
                "SELECT record FROM deals WHERE table_id = ? AND number = ?", (table_id, number)
            )
            .fetchone()
        )
        record = _json_or_none(row[0]) if row is not None else None
        return record if isinstance(record, dict) else None

    def _count(self) -> int:
        row = self._connection().execute("SELECT COUNT(*) FROM tables").fetchone()
        return int(row[0])

    @staticmethod
    def _count_deals(db: sqlite3.Connection, table_id: str) -> int:
        row = db.execute("SELECT COUNT(*) FROM deals WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])

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
        self._filed.pop(table_id, None)
        forget_timeline(table_id)


def open_database(path: Path, prove_writable: bool = True) -> sqlite3.Connection:
    """The store's connection to ``path``, checked before anything is written to it.

    A file that is not an SQLite database, or a damaged one, is left exactly as it was, and so
    is a database another program is writing to (after SQLite's usual five seconds' wait):
    each raises ``BadDatabase``. The schema is brought up to date in one write transaction,
    which is also what proves that this process may write; without ``prove_writable`` (a tool
    that only reads) that transaction is left out when the schema is up to date already.
    """
    try:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    except sqlite3.Error as error:
        raise BadDatabase(_database_problem(path, error)) from error
    try:
        _check_intact(db, path)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        if prove_writable or not _schema_is_current(db):
            _update_schema(db)
    except sqlite3.Error as error:
        db.close()
        raise BadDatabase(_database_problem(path, error)) from error
    except BadDatabase:
        db.close()
        raise
    return db


def _check_intact(db: sqlite3.Connection, path: Path) -> None:
    """SQLite's quick check (it reads every page, writes nothing)."""
    problems = [row[0] for row in db.execute("PRAGMA quick_check(1)")]
    if problems != ["ok"]:
        first = " ".join(problems[0].replace("*** in database main ***", "").split())
        raise BadDatabase(f"the database {path} is damaged ({first}); it was left as it is")


def _schema_is_current(db: sqlite3.Connection) -> bool:
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    if not {"tables", "deals", "tables_code"} <= names:
        return False
    have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
    return set(COLUMNS) <= have


def _update_schema(db: sqlite3.Connection) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        for statement in SCHEMA:
            db.execute(statement)
        have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
        for name, kind in COLUMNS.items():
            if name not in have:
                db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        db.execute("CREATE UNIQUE INDEX IF NOT EXISTS tables_code ON tables (code)")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _database_problem(path: Path, error: sqlite3.Error) -> str:
    """One line saying what is wrong with the database file."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        what = "is locked by another program (another server, or a tool that has it open)"
    elif code == sqlite3.SQLITE_NOTADB:
        what = "is not an SQLite database"
    elif code == sqlite3.SQLITE_CORRUPT:
        what = "is damaged"
    else:
        what = f"cannot be used ({error})"
    return f"the database {path} {what}; it was left as it is"


def _json_or_none(raw: str | None) -> Any:
    try:
        return json.loads(raw) if raw is not None else None
    except ValueError:
        return None


def _seat_hashes(raw: str) -> list[str]:
    """The seat token hashes of a row that cannot be read as a table, as far as it shows them."""
    try:
        seats = json.loads(raw)["seats"]
        return [seat["token_hash"] for seat in seats if isinstance(seat.get("token_hash"), str)]
    except (ValueError, TypeError, KeyError, AttributeError):
        return []


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def summarise(table: Table) -> dict[str, Any]:
    """What the list of tables shows of a friends' table (no card, nothing secret)."""
    if table.finished:
        state = "finished"
    elif table.started:
        state = "playing"
    else:
        state = "waiting"
    deal = table.match.deal
    done = len(table.match.records) + (1 if deal is not None and deal.is_over else 0)
    return {
        "game": table.game,
        "state": state,
        "seats": [seat.name if not seat.is_free else "" for seat in table.seats],
        "people": sum(1 for seat in table.seats if seat.kind == "person" and not seat.is_free),
        "deals": done,
    }
