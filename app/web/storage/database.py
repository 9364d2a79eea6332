"""The embedded database: every table's row and its finished deals, in SQLite.

A table's row holds its seats, settings and current deal as JSON; its finished deals (hand
records) go once each into ``deals``, so a save costs the same in deal 20 as in deal 1. A
friends' table also keeps its short code and a one-line summary for the list of tables. Each
``save`` is one transaction, committed and synced before it returns.

The statistics of each browser ("Your statistics", ``/stats``) are two more tables: the
``players`` this server handed a player cookie to (by its hash), and ``deal_results``, one
row per seat of a known browser per finished deal (``app.web.table.stats``). The row is written
by the same save that writes the deal's end, keyed by table, deal and seat, so a deal counts
once however often it is saved again (a reload, a restart, the match ended after it).

Durable by default: ``synchronous=FULL`` syncs the log to disk at every commit, so a power cut
loses no move that was answered (``NORMAL`` could lose the last ones). Measured with 400 saves
of a table three deals in, on the development machine's virtual disk: a median of 2.1 ms a
save (p95 8 ms) against 0.18 ms with ``NORMAL``; a click saves once, so that is a few
milliseconds on a click's answer.

The database is checked at opening (``open_database``): a file that is not a database, a
damaged one or one another program is writing raises ``BadDatabase``, the file untouched.

Every method here blocks: the table store (``app.web.storage.store``) calls them from threads
of its own, never on the event loop; each thread gets its own connection (WAL: readers go on
while a writer waits). Nothing here holds a lock of a table or a copy of one.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.web.table.model import Table
from app.web.table.stats import DealResult, finished_deal_results

log = logging.getLogger(__name__)

DB_NAME = "trionfi.sqlite3"
BUSY_TIMEOUT_S = 5.0
"""How long a save waits for another process's write lock on the file before it fails."""

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
    """CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY,
        created REAL NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS deal_results (
        table_id TEXT NOT NULL,
        deal INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        level TEXT NOT NULL,
        result INTEGER NOT NULL,
        ultimos INTEGER NOT NULL,
        ended_match INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, deal, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS deal_results_player ON deal_results (player, at)",
)
SCHEMA_NAMES = {"tables", "deals", "tables_code", "players", "deal_results", "deal_results_player"}
"""What ``sqlite_master`` lists once the schema is up to date."""
RESULT_LIMIT = 10_000
"""The most deals one browser's statistics read (its latest)."""
FILE_RESULT = (
    "INSERT INTO deal_results (table_id, deal, seat, player, game, level, result, ultimos, "
    "ended_match, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT(table_id, deal, seat) DO UPDATE SET "
    "ended_match = max(ended_match, excluded.ended_match)"
)
"""SQL: a seat's finished deal, filed once: saved again, only its match's end is added."""
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


class BadDatabase(Exception):
    """The database cannot be used (not a database, damaged, locked by another program); the
    message is one line for the person starting the server. Nothing in the file was changed."""


class StorageError(Exception):
    """A database other than SQLite did not take a change or a read (``sqlite3.Error`` is its
    SQLite counterpart); the store treats both alike."""


STORAGE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, StorageError)
"""What a failed database call raises, whichever the database."""


class Database:
    """The tables' rows in one SQLite file (``DB_NAME`` in the data directory)."""

    shared = False
    """One server per data directory (``app.web.serve.hold_data_dir``): its copies in memory
    are the tables as saved."""

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
        open_database(self.path, prove_writable).close()
        self._filed: dict[str, int] = {}
        """Per table, how many finished deals are in ``deals`` already."""
        self.unreadable: set[str] = set()
        """Tables whose row could not be read (logged once each)."""

    def close(self) -> None:
        with self._connections_lock:
            for db in self._connections:
                db.close()
            self._connections.clear()

    def forget(self, table_id: str) -> None:
        """Forget what is known of the table's filed deals (its next save counts them)."""
        self._filed.pop(table_id, None)

    def save(self, table: Table) -> None:
        """Write the table in one transaction (its row and any newly finished deal), in the
        calling thread (the routes' ``commit`` runs it in the store's writer thread)."""
        data = table.to_json(records=False)
        summary = json.dumps(summarise(table)) if table.is_friends else None
        now = time.time()
        row = (table.id, table.version, now, _dumps(data), table.code, summary)
        results = [_result_row(result) for result in finished_deal_results(table, now)]
        players = [(seat.player, now) for seat in table.seats if seat.player is not None]
        db = self._connection()
        filed = self._filed.get(table.id)
        if filed is None:
            filed = self._count_deals(db, table.id)
        db.execute("BEGIN IMMEDIATE")  # the write lock now, so COMMIT cannot find it taken
        try:
            db.executemany(
                "INSERT OR REPLACE INTO deals (table_id, number, record) VALUES (?, ?, ?)",
                unfiled_deals(table, filed),
            )
            db.execute(
                "INSERT INTO tables (id, version, updated, data, code, summary) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "version = excluded.version, updated = excluded.updated, "
                "data = excluded.data, code = excluded.code, summary = excluded.summary",
                row,
            )
            db.executemany("INSERT OR IGNORE INTO players (id, created) VALUES (?, ?)", players)
            db.executemany(FILE_RESULT, results)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        self._filed[table.id] = len(table.match.records)

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

    def load(self, table_id: str) -> Table | None:
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
            if table_id not in self.unreadable:  # said once, not at every listing
                self.unreadable.add(table_id)
                log.exception("cannot read table %s", table_id)
            return None

    def find_code(self, code: str) -> str | None:
        row = self._connection().execute("SELECT id FROM tables WHERE code = ?", (code,))
        found = row.fetchone()
        return str(found[0]) if found else None

    def friends_tables(self, limit: int) -> list[Listed]:
        """The friends' tables of more than one person, the most recently changed first."""
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

    def _listed(self, query: str, *parameters: object) -> list[Listed]:
        """The rows of a list query; a row that cannot be read is listed as damaged (its
        summary or its data is not JSON, or reading it as a table failed before)."""
        rows = self._connection().execute(query, parameters).fetchall()
        return listed_rows(rows, self.unreadable)

    def abandoned(self, before: float) -> list[str]:
        query = f"SELECT id FROM tables WHERE summary IS NOT NULL AND {SOLO} AND {WAITING}"
        rows = self._connection().execute(f"{query} AND updated < ?", (before,)).fetchall()
        return [str(row[0]) for row in rows]

    def delete_abandoned(self, table_id: str, before: float) -> bool:
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

    def damaged(self, table_id: str) -> Damaged | None:
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

    def filed_record(self, table_id: str, number: int) -> dict[str, Any] | None:
        row = (
            self._connection()
            .execute(
                "SELECT record FROM deals WHERE table_id = ? AND number = ?", (table_id, number)
            )
            .fetchone()
        )
        record = _json_or_none(row[0]) if row is not None else None
        return record if isinstance(record, dict) else None

    def count(self) -> int:
        row = self._connection().execute("SELECT COUNT(*) FROM tables").fetchone()
        return int(row[0])

    def player_known(self, player: str) -> bool:
        """Whether this server handed out the player cookie of this hash."""
        found = self._connection().execute("SELECT 1 FROM players WHERE id = ?", (player,))
        return found.fetchone() is not None

    def add_player(self, player: str) -> None:
        """Note a player cookie handed out (by its hash), before any seat names it."""
        self._connection().execute(
            "INSERT OR IGNORE INTO players (id, created) VALUES (?, ?)", (player, time.time())
        )

    def results_of(self, player: str) -> list[DealResult]:
        """The browser's finished deals, oldest first (its latest ``RESULT_LIMIT``), read
        newest first along the ``deal_results_player`` index."""
        rows = (
            self._connection()
            .execute(
                "SELECT table_id, deal, game, level, seat, result, ultimos, ended_match, at "
                "FROM deal_results WHERE player = ? ORDER BY at DESC LIMIT ?",
                (player, RESULT_LIMIT),
            )
            .fetchall()
        )
        return [
            DealResult(player, table_id, deal, game, level, seat, result, ultimos, bool(ended), at)
            for table_id, deal, game, level, seat, result, ultimos, ended, at in reversed(rows)
        ]

    @staticmethod
    def _count_deals(db: sqlite3.Connection, table_id: str) -> int:
        row = db.execute("SELECT COUNT(*) FROM deals WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])


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
    if not names >= SCHEMA_NAMES:
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


def listed_rows(rows: Iterable[Sequence[Any]], unreadable: Container[str]) -> list[Listed]:
    """List rows (id, code, updated, summary, data) as ``Listed``; a row that cannot be read is
    listed as damaged (its summary or its data is not JSON, or reading it as a table failed
    before: its id is in ``unreadable``). Both databases list with it."""
    listed = []
    for table_id, code, updated, raw, data in rows:
        summary = _json_or_none(raw)
        readable = (
            isinstance(summary, dict)
            and table_id not in unreadable
            and isinstance(_json_or_none(data), dict)
        )
        shown = summary if isinstance(summary, dict) else {}
        listed.append(Listed(table_id, code or "", updated, shown, damaged=not readable))
    return listed


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


def _result_row(result: DealResult) -> tuple[object, ...]:
    """The values of ``FILE_RESULT``, in its order."""
    return (
        result.table_id,
        result.deal,
        result.seat,
        result.player,
        result.game,
        result.level,
        result.result,
        result.ultimos,
        int(result.ended_match),
        result.at,
    )


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def unfiled_deals(table: Table, filed: int) -> list[tuple[str, int, str]]:
    """The rows of the table's finished deals past the first ``filed`` (those already in the
    database): its id, the deal's number and its hand record. Each deal is written out once,
    when it is filed, not at every save."""
    records = table.match.records[filed:]
    return [(table.id, n, _dumps(r.to_json())) for n, r in enumerate(records, filed + 1)]


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
