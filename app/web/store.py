"""The table store: every table in memory behind its own lock, and saved in SQLite on change.

One table, one lock (lichess's one actor per game): a person's action and the bot moves that
follow it run under the table's ``asyncio.Lock``, so two clicks never interleave. Each change
is written at once (stdlib ``sqlite3``, WAL, one file in the data directory), so a restart
resumes every table where it was; a table is read back lazily the first time it is asked for.

The store is the only place besides the engine that holds a full game state.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from pathlib import Path

from app.web.tables import Table

log = logging.getLogger(__name__)

DB_NAME = "trionfi.sqlite3"
CACHE_SIZE = 512
"""Tables kept in memory; older ones are read back from the database when asked for."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    updated REAL NOT NULL,
    data TEXT NOT NULL
)
"""


class TableStore:
    def __init__(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.path = data_dir / DB_NAME
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(SCHEMA)
        self._db_lock = threading.Lock()
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    def close(self) -> None:
        with self._db_lock:
            self._db.close()

    # ------------------------------------------------------------------ access

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock (created on first use; the store lives in one event loop)."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def get(self, table_id: str) -> Table | None:
        """The table, from memory or from the database; None if there is no such table."""
        table = self._tables.get(table_id)
        if table is not None:
            self._tables.move_to_end(table_id)
            return table
        table = self._load(table_id)
        if table is not None:
            self._remember(table)
        return table

    def add(self, table: Table) -> None:
        self._remember(table)
        self.save(table)

    def save(self, table: Table) -> None:
        data = json.dumps(table.to_json(), separators=(",", ":"))
        with self._db_lock:
            self._db.execute(
                "INSERT INTO tables (id, version, updated, data) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET version = excluded.version, "
                "updated = excluded.updated, data = excluded.data",
                (table.id, table.version, time.time(), data),
            )

    def forget(self, table_id: str) -> None:
        """Drop the table from memory: the next ``get`` reads its last saved state."""
        self._tables.pop(table_id, None)

    def count(self) -> int:
        with self._db_lock:
            row = self._db.execute("SELECT COUNT(*) FROM tables").fetchone()
        return int(row[0])

    # ------------------------------------------------------------------ internals

    def _load(self, table_id: str) -> Table | None:
        if not table_id or len(table_id) > 64:
            return None
        with self._db_lock:
            row = self._db.execute("SELECT data FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        try:
            return Table.from_json(json.loads(row[0]))
        except Exception:  # a table saved by an older version we can no longer read
            log.exception("cannot read table %s", table_id)
            return None

    def _remember(self, table: Table) -> None:
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > CACHE_SIZE:
            oldest = next(iter(self._tables))
            lock = self._locks.get(oldest)
            if lock is not None and lock.locked():
                break
            del self._tables[oldest]
            self._locks.pop(oldest, None)
