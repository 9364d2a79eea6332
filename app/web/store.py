"""The table store: every table in memory behind its own lock, and saved in SQLite on change.

One table, one lock (lichess's one actor per game): a person's action and the bot moves that
follow it run under the table's ``asyncio.Lock``, so two clicks never interleave, and the
lock is fair, so actions are applied in the order they arrive. Each change is committed before
the answer is sent (stdlib ``sqlite3``, WAL, one file in the data directory), so a restart,
even a ``kill -9``, resumes every table where it was; a table is read back lazily the first
time it is asked for.

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.web.tables import Table

log = logging.getLogger(__name__)

DB_NAME = "trionfi.sqlite3"
CACHE_SIZE = 512
SHOWN_PAGES = 4096
"""Pages whose newest shown version is remembered (the oldest are forgotten first)."""
"""Tables kept in memory; older ones are read back from the database when asked for."""

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
LIST_COLUMNS = "SELECT id, code, updated, summary FROM tables WHERE summary IS NOT NULL"


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


class TableStore:
    def __init__(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.path = data_dir / DB_NAME
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        for statement in SCHEMA:
            self._db.execute(statement)
        have = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for name, kind in COLUMNS.items():
            if name not in have:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        self._db.execute("CREATE UNIQUE INDEX IF NOT EXISTS tables_code ON tables (code)")
        self._db_lock = threading.Lock()
        self._filed: dict[str, int] = {}
        """Per table, how many finished deals are in ``deals`` already."""
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._unreadable: set[str] = set()
        """Tables whose row could not be read (logged once each)."""
        self._locks: dict[str, asyncio.Lock] = {}
        self._changes: dict[str, asyncio.Event] = {}
        """Per table, the event the waiting polls wait on; replaced at each change."""
        self._changed_by: dict[str, int | None] = {}
        self._polls: dict[tuple[str, str], int] = {}
        """(table, page) -> the number of that page's latest poll."""
        self._shown: OrderedDict[tuple[str, str], int] = OrderedDict()
        """(table, page) -> the newest version a response gave that page."""

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
        """Write the table in one transaction (its row and any newly finished deal)."""
        data = table.to_json()
        records = data["match"].pop("records")
        summary = json.dumps(summarise(table)) if table.is_friends else None
        row = (table.id, table.version, time.time(), _dumps(data), table.code, summary)
        with self._db_lock:
            filed = self._filed.get(table.id)
            if filed is None:
                filed = self._count_deals(table.id)
            self._db.execute("BEGIN")
            try:
                self._db.executemany(
                    "INSERT OR REPLACE INTO deals (table_id, number, record) VALUES (?, ?, ?)",
                    [(table.id, n + 1, _dumps(r)) for n, r in enumerate(records) if n >= filed],
                )
                self._db.execute(
                    "INSERT INTO tables (id, version, updated, data, code, summary) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                    "version = excluded.version, updated = excluded.updated, "
                    "data = excluded.data, code = excluded.code, summary = excluded.summary",
                    row,
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            self._filed[table.id] = len(records)

    def find_code(self, code: str) -> str | None:
        """The id of the friends' table with this short code."""
        with self._db_lock:
            row = self._db.execute("SELECT id FROM tables WHERE code = ?", (code,)).fetchone()
        return str(row[0]) if row else None

    def friends_tables(self, limit: int = 50) -> list[Listed]:
        """The friends' tables of more than one person, the most recently changed first: a
        flood of tables with one person each (a script's) does not push them off."""
        query = f"{LIST_COLUMNS} AND NOT {SOLO} ORDER BY updated DESC LIMIT ?"
        return self._listed(query, limit)

    def solo_tables(self, since: float, limit: int) -> list[Listed]:
        """The friends' tables changed since ``since`` where nobody but the host sits (yet),
        the most recent first."""
        query = f"{LIST_COLUMNS} AND {SOLO} AND updated >= ? ORDER BY updated DESC LIMIT ?"
        return self._listed(query, since, limit)

    def listed(self, table_ids: list[str]) -> list[Listed]:
        """These friends' tables (unknown ids and tables against the computer left out), in
        the order given."""
        wanted = [table_id for table_id in table_ids if table_id and len(table_id) <= 64]
        marks = ", ".join("?" for _ in wanted)
        found = {
            row.id: row for row in self._listed(f"{LIST_COLUMNS} AND id IN ({marks})", *wanted)
        }
        return [found[table_id] for table_id in wanted if table_id in found]

    def drop_abandoned(self, before: float) -> int:
        """Delete, with their rows, the friends' tables still waiting for players that nobody
        but their host joined and that have not changed since ``before``; returns how many.
        A table whose lock is held right now stays."""
        query = f"SELECT id FROM tables WHERE summary IS NOT NULL AND {SOLO} AND {WAITING}"
        with self._db_lock:
            rows = self._db.execute(f"{query} AND updated < ?", (before,)).fetchall()
        dropped = 0
        for (table_id,) in rows:
            lock = self._locks.get(table_id)
            if lock is not None and lock.locked():
                continue
            with self._db_lock:
                self._db.execute("BEGIN")
                try:
                    self._db.execute("DELETE FROM deals WHERE table_id = ?", (table_id,))
                    self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            self._tables.pop(table_id, None)
            self._locks.pop(table_id, None)
            self._filed.pop(table_id, None)
            dropped += 1
        return dropped

    def damaged(self, table_id: str) -> Damaged | None:
        """The table, if its row exists but cannot be read; None for a readable table and
        for no table at all."""
        if self.get(table_id) is not None or not table_id or len(table_id) > 64:
            return None
        with self._db_lock:
            row = self._db.execute(
                "SELECT data, code, summary FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            numbers = self._db.execute(
                "SELECT number FROM deals WHERE table_id = ? ORDER BY number", (table_id,)
            ).fetchall()
        if row is None:
            return None
        deals = [int(number[0]) for number in numbers]
        return Damaged(table_id, row[1] or "", row[2] is not None, deals, _seat_hashes(row[0]))

    def filed_record(self, table_id: str, number: int) -> dict[str, Any] | None:
        """A finished deal's hand record as filed, read without its table; None if there is
        no such deal or its record cannot be read."""
        with self._db_lock:
            row = self._db.execute(
                "SELECT record FROM deals WHERE table_id = ? AND number = ?", (table_id, number)
            ).fetchone()
        if row is None:
            return None
        try:
            record = json.loads(row[0])
        except ValueError:
            return None
        return record if isinstance(record, dict) else None

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
            records = self._db.execute(
                "SELECT record FROM deals WHERE table_id = ? ORDER BY number", (table_id,)
            ).fetchall()
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

    def _listed(self, query: str, *parameters: object) -> list[Listed]:
        """The rows of a list query; a row that cannot be read is listed as damaged."""
        with self._db_lock:
            rows = self._db.execute(query, parameters).fetchall()
        listed = []
        for table_id, code, updated, raw in rows:
            try:
                summary = json.loads(raw)
            except ValueError:
                summary = None
            readable = isinstance(summary, dict) and self.get(table_id) is not None
            shown = summary if isinstance(summary, dict) else {}
            listed.append(Listed(table_id, code or "", updated, shown, damaged=not readable))
        return listed

    def _count_deals(self, table_id: str) -> int:
        row = self._db.execute(
            "SELECT COUNT(*) FROM deals WHERE table_id = ?", (table_id,)
        ).fetchone()
        return int(row[0])

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
