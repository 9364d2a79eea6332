"""The tables' rows on PostgreSQL, shared by several servers (``trionfi serve --database``).

The same interface and the same rows as the embedded SQLite database
(``app.web.storage.database``), for several servers on one database:

- Each save runs in one transaction that holds the table's row lock (``SELECT ... FOR
  UPDATE``) and checks its revision: the row must still have the version this server read
  (or saved) last. A save over a newer row (another server changed the table meanwhile)
  raises ``LostUpdate`` and writes nothing, so a lost update is impossible across servers;
  the store drops its copy and the next request reads the table afresh.
- The same transaction sends ``NOTIFY trionfi_table, '<table id>:<version>'`` (delivered at
  commit); ``Listener`` LISTENs on a connection of its own and wakes this server's polls.
- The schema is created at opening, idempotently (``CREATE ... IF NOT EXISTS``).

Every method blocks, like the SQLite one: the store calls them from its own threads.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from app.web.storage.database import (
    RESULT_LIMIT,
    BadDatabase,
    Damaged,
    Listed,
    StorageError,
    _dumps,
    _json_or_none,
    _result_row,
    _seat_hashes,
    listed_rows,
    summarise,
    unfiled_deals,
)
from app.web.table.model import Table
from app.web.table.players import computer_to_move
from app.web.table.stats import DealResult, finished_deal_results

log = logging.getLogger(__name__)

CHANNEL = "trionfi_table"
"""The NOTIFY channel: each committed change of a table says ``<table id>:<version>``."""
PRESENCE = "trionfi_presence"
"""The NOTIFY channel of presence: a server heard from a seat, ``<table id>:<seat>:<server>``."""
POOL_SIZE = 16
"""The store's 4 readers and writer, the listings, the orphan scan."""
CLAIMS = 24
"""Connections of their own for the computers' claims: each claim keeps one (its row lock)
while the computer decides, so the tables being moved at once never take the readers' and
the writer's connections (with one shared pool, 16 claims starved them: the claims' releases
waited behind reads that waited for a connection). A server thus opens up to
``POOL_SIZE + CLAIMS + 1`` (the listener) connections."""
ORPHAN_S = 1.0
"""A table with a computer to move that has not changed for this long is looked at by every
server's scan (the server moving it may have died); its claim decides who moves it."""
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        version BIGINT NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        data TEXT NOT NULL,
        code TEXT UNIQUE,
        summary TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS deals (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
    "CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL)",
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
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, deal, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS deal_results_player ON deal_results (player, at)",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS computer_to_move BOOLEAN NOT NULL DEFAULT false",
    "CREATE INDEX IF NOT EXISTS tables_computer ON tables (updated) WHERE computer_to_move",
    # one row per table whose computers some server moves: held FOR UPDATE while it does
    "CREATE TABLE IF NOT EXISTS claims (table_id TEXT PRIMARY KEY)",
    # JSON or NULL, never an error (SQLite's json_valid; PostgreSQL 15 has no IS JSON)
    "CREATE OR REPLACE FUNCTION trionfi_json(raw text) RETURNS jsonb LANGUAGE plpgsql "
    "IMMUTABLE AS $$ BEGIN RETURN raw::jsonb; EXCEPTION WHEN others THEN RETURN NULL; END $$",
)
SCHEMA_LOCK = 0x7472696F
"""The advisory lock key that makes two servers starting at once create the schema in turn."""
FILE_RESULT = (
    "INSERT INTO deal_results (table_id, deal, seat, player, game, level, result, ultimos, "
    "ended_match, at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (table_id, deal, seat) DO UPDATE SET "
    "ended_match = greatest(deal_results.ended_match, excluded.ended_match)"
)
SOLO = (
    "(CASE WHEN jsonb_typeof(trionfi_json(summary)) = 'object' "
    "THEN coalesce((trionfi_json(summary) ->> 'people')::int, 2) <= 1 ELSE false END)"
)
"""SQL: as the SQLite one, never an error whatever the summary holds."""
WAITING = (
    "(CASE WHEN jsonb_typeof(trionfi_json(summary)) = 'object' "
    "THEN coalesce(trionfi_json(summary) ->> 'state' = 'waiting', false) ELSE false END)"
)
LIST_COLUMNS = "SELECT id, code, updated, summary, data FROM tables WHERE summary IS NOT NULL"


class LostUpdate(StorageError):
    """Another server changed the table since this one read it: nothing was written."""


class PostgresDatabase:
    """The tables' rows in one PostgreSQL database, shared by every server that opens it."""

    shared = True
    """Other servers write the same rows: the store reads a table afresh for each request."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.path = url.rsplit("@", maxsplit=1)[-1]  # said in messages, without the password
        try:
            with psycopg.connect(url, autocommit=True) as db:
                _update_schema(db)
        except psycopg.Error as error:
            raise BadDatabase(f"cannot use the database {self.path}: {error}") from error
        self._pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, open=True)
        self._claims = ConnectionPool(url, min_size=1, max_size=CLAIMS, open=True)
        self._versions: dict[str, int] = {}
        """Per table, the version of the row this server read or wrote last."""
        self._versions_lock = threading.Lock()
        self.server = uuid.uuid4().hex[:12]
        """This server among those on the database (its own presence notes are not news)."""
        self.saved_here: dict[str, int] = {}
        """Per table, the latest version this server saved (its own NOTIFY is not news)."""
        self._filed: dict[str, int] = {}
        self.unreadable: set[str] = set()

    def close(self) -> None:
        self._claims.close()
        self._pool.close()

    def announce(self, table_id: str, seat: int) -> None:
        """Tell the other servers that this one heard from the seat."""
        payload = f"{table_id}:{seat}:{self.server}"
        try:
            with self._pool.connection() as db:
                db.execute("SELECT pg_notify(%s, %s)", (PRESENCE, payload))
        except psycopg.Error as error:
            log.warning("could not tell the other servers who is here: %s", error)

    def is_news(self, table_id: str, version: int) -> bool:
        """Whether a committed change came from another server (this one's own saves wake
        its polls already)."""
        with self._versions_lock:
            return self.saved_here.get(table_id) != version

    def forget(self, table_id: str) -> None:
        self._filed.pop(table_id, None)

    def save(self, table: Table) -> None:
        """Write the table in one transaction under its row lock, if the row is still at the
        version this server last read (``LostUpdate`` otherwise), and announce the change."""
        data = table.to_json(records=False)
        summary = json.dumps(summarise(table)) if table.is_friends else None
        now = time.time()
        results = [_result_row(result) for result in finished_deal_results(table, now)]
        players = [(seat.player, now) for seat in table.seats if seat.player is not None]
        waits = computer_to_move(table)
        with self._versions_lock:
            expected = self._versions.get(table.id)
        try:
            with self._pool.connection() as db, db.transaction():
                row = db.execute(
                    "SELECT version FROM tables WHERE id = %s FOR UPDATE", (table.id,)
                ).fetchone()
                if row is not None and row[0] != expected:
                    raise LostUpdate(
                        f"table {table.id} is at version {row[0]}, this server read {expected}"
                    )
                if row is None and expected is not None:
                    raise LostUpdate(f"table {table.id} was deleted meanwhile")
                filed = self._filed.get(table.id)
                if filed is None:
                    counted = db.execute(
                        "SELECT count(*) FROM deals WHERE table_id = %s", (table.id,)
                    ).fetchone()
                    filed = int(counted[0]) if counted else 0
                with db.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO deals (table_id, number, record) VALUES (%s, %s, %s) "
                        "ON CONFLICT (table_id, number) DO UPDATE SET record = excluded.record",
                        unfiled_deals(table, filed),
                    )
                    cursor.execute(
                        "INSERT INTO tables (id, version, updated, data, code, summary, "
                        "computer_to_move) VALUES (%s, %s, %s, %s, %s, %s, %s) "
                        "ON CONFLICT (id) DO UPDATE SET "
                        "version = excluded.version, updated = excluded.updated, "
                        "data = excluded.data, code = excluded.code, summary = excluded.summary, "
                        "computer_to_move = excluded.computer_to_move",
                        (table.id, table.version, now, _dumps(data), table.code, summary, waits),
                    )
                    cursor.executemany(
                        "INSERT INTO players (id, created) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                        players,
                    )
                    cursor.executemany(FILE_RESULT, results)
                    cursor.execute(
                        "SELECT pg_notify(%s, %s)", (CHANNEL, f"{table.id}:{table.version}")
                    )
        except psycopg.Error as error:
            raise StorageError(str(error)) from error
        with self._versions_lock:
            self._versions[table.id] = table.version
            self.saved_here[table.id] = table.version
        self._filed[table.id] = len(table.match.records)

    def claim(self, table_id: str) -> Callable[[], None] | None:
        """Claim the right to move the table's computers, for exactly one server: its row in
        ``claims`` locked ``FOR UPDATE SKIP LOCKED`` in a transaction kept open until the
        returned release is called (or this server dies: the database ends it). None if
        another server holds it. The connection is one of the claims' own (``CLAIMS``); the
        call waits for one while as many tables are being moved, the release never waits."""
        db = self._claims.getconn()
        try:
            db.execute(
                "INSERT INTO claims (table_id) VALUES (%s) ON CONFLICT DO NOTHING", (table_id,)
            )
            db.commit()
            held = db.execute(
                "SELECT 1 FROM claims WHERE table_id = %s FOR UPDATE SKIP LOCKED", (table_id,)
            ).fetchone()
        except psycopg.Error as error:
            db.rollback()
            self._claims.putconn(db)
            raise StorageError(str(error)) from error
        if held is None:
            db.rollback()
            self._claims.putconn(db)
            return None

        def release() -> None:
            db.rollback()
            self._claims.putconn(db)

        return release

    def orphans(self, now: float, limit: int = 50) -> list[str]:
        """Tables where a computer is to move and nothing changed for ``ORPHAN_S``."""
        query = "SELECT id FROM tables WHERE computer_to_move AND updated < %s LIMIT %s"
        return [str(row[0]) for row in self._rows(query, (now - ORPHAN_S, limit))]

    def is_current(self, table: Table) -> bool:
        """Whether the row still has the version this server read or saved last and the copy
        ``table`` has (one indexed look, instead of reading the table and its deals)."""
        with self._versions_lock:
            known = self._versions.get(table.id)
        if known != table.version:
            return False
        rows = self._rows("SELECT version FROM tables WHERE id = %s", (table.id,))
        return bool(rows) and int(rows[0][0]) == known

    def load(self, table_id: str) -> Table | None:
        if not table_id or len(table_id) > 64:
            return None
        with self._pool.connection() as db, db.transaction():
            db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")  # one snapshot
            row = db.execute(
                "SELECT data, version FROM tables WHERE id = %s", (table_id,)
            ).fetchone()
            records = db.execute(
                "SELECT record FROM deals WHERE table_id = %s ORDER BY number", (table_id,)
            ).fetchall()
        if row is None:
            return None
        with self._versions_lock:
            self._versions[table_id] = int(row[1])
        self._filed[table_id] = len(records)
        try:
            data = json.loads(row[0])
            if "records" not in data["match"]:
                data["match"]["records"] = [json.loads(record[0]) for record in records]
            return Table.from_json(data)
        except Exception:
            if table_id not in self.unreadable:
                self.unreadable.add(table_id)
                log.exception("cannot read table %s", table_id)
            return None

    def _rows(self, query: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._pool.connection() as db:
            return db.execute(query, parameters).fetchall()

    def find_code(self, code: str) -> str | None:
        rows = self._rows("SELECT id FROM tables WHERE code = %s", (code,))
        return str(rows[0][0]) if rows else None

    def friends_tables(self, limit: int) -> list[Listed]:
        return self._listed(f"{LIST_COLUMNS} AND NOT {SOLO} ORDER BY updated DESC LIMIT %s", limit)

    def solo_tables(self, since: float, limit: int) -> list[Listed]:
        query = f"{LIST_COLUMNS} AND {SOLO} AND updated >= %s ORDER BY updated DESC LIMIT %s"
        return self._listed(query, since, limit)

    def listed(self, table_ids: list[str]) -> list[Listed]:
        wanted = [table_id for table_id in table_ids if table_id and len(table_id) <= 64]
        found = {row.id: row for row in self._listed(f"{LIST_COLUMNS} AND id = ANY(%s)", wanted)}
        return [found[table_id] for table_id in wanted if table_id in found]

    def _listed(self, query: str, *parameters: object) -> list[Listed]:
        return listed_rows(self._rows(query, parameters), self.unreadable)

    def abandoned(self, before: float) -> list[str]:
        query = f"SELECT id FROM tables WHERE summary IS NOT NULL AND {SOLO} AND {WAITING}"
        return [str(row[0]) for row in self._rows(f"{query} AND updated < %s", (before,))]

    def delete_abandoned(self, table_id: str, before: float) -> bool:
        """Delete the table if it is still abandoned, under its row lock (a server saving it
        meanwhile waits, then finds it gone; a table joined meanwhile stays)."""
        with self._pool.connection() as db, db.transaction():
            gone = db.execute(
                f"DELETE FROM tables WHERE id = %s AND summary IS NOT NULL AND {SOLO} "
                f"AND {WAITING} AND updated < %s",
                (table_id, before),
            ).rowcount
            if gone:
                db.execute("DELETE FROM deals WHERE table_id = %s", (table_id,))
        return bool(gone)

    def damaged(self, table_id: str) -> Damaged | None:
        if not table_id or len(table_id) > 64:
            return None
        rows = self._rows("SELECT data, code, summary FROM tables WHERE id = %s", (table_id,))
        if not rows:
            return None
        data, code, summary = rows[0]
        numbers = self._rows(
            "SELECT number FROM deals WHERE table_id = %s ORDER BY number", (table_id,)
        )
        deals = [int(number[0]) for number in numbers]
        return Damaged(table_id, code or "", summary is not None, deals, _seat_hashes(data))

    def filed_record(self, table_id: str, number: int) -> dict[str, Any] | None:
        rows = self._rows(
            "SELECT record FROM deals WHERE table_id = %s AND number = %s", (table_id, number)
        )
        record = _json_or_none(rows[0][0]) if rows else None
        return record if isinstance(record, dict) else None

    def count(self) -> int:
        return int(self._rows("SELECT count(*) FROM tables")[0][0])

    def player_known(self, player: str) -> bool:
        return bool(self._rows("SELECT 1 FROM players WHERE id = %s", (player,)))

    def add_player(self, player: str) -> None:
        with self._pool.connection() as db:
            db.execute(
                "INSERT INTO players (id, created) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                (player, time.time()),
            )

    def results_of(self, player: str) -> list[DealResult]:
        rows = self._rows(
            "SELECT table_id, deal, game, level, seat, result, ultimos, ended_match, at "
            "FROM deal_results WHERE player = %s ORDER BY at DESC LIMIT %s",
            (player, RESULT_LIMIT),
        )
        return [
            DealResult(player, table_id, deal, game, level, seat, result, ultimos, bool(ended), at)
            for table_id, deal, game, level, seat, result, ultimos, ended, at in reversed(rows)
        ]


def _update_schema(db: psycopg.Connection[Any]) -> None:
    """Create what is missing, one server at a time (the advisory lock)."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        for statement in SCHEMA:
            db.execute(statement)


class Listener:
    """One dedicated connection that LISTENs on ``CHANNEL`` in a thread of its own and calls
    ``changed(table_id, version)`` for every change committed by any server (this one too)."""

    def __init__(
        self,
        url: str,
        changed: Callable[[str, int], None],
        present: Callable[[str, int, str], None] | None = None,
    ) -> None:
        self.url = url
        self.changed = changed
        self.present = present
        """Called with (table id, seat, server) when a server heard from a seat."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    db.execute(f"LISTEN {PRESENCE}")
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=0.5):
                            if note.channel == PRESENCE:
                                self._deliver_presence(note.payload)
                            else:
                                self._deliver(note.payload)
            except psycopg.Error as error:  # the database restarted: listen again
                log.warning("listening for changes failed (%s); again in a second", error)
                self._stop.wait(1.0)

    def _deliver(self, payload: str) -> None:
        table_id, _, version = payload.rpartition(":")
        if table_id and version.isdigit():
            self.changed(table_id, int(version))

    def _deliver_presence(self, payload: str) -> None:
        table_id, _, rest = payload.partition(":")
        seat, _, server = rest.partition(":")
        if table_id and seat.isdigit() and self.present is not None:
            self.present(table_id, int(seat), server)
