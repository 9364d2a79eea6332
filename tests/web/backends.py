"""One storage for a test, SQLite or PostgreSQL (the ``backend`` fixture of ``conftest``): its
app, its store, and plain SQL on its database (the tests age rows and damage them)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from app.web.storage.database import DB_NAME
from app.web.storage.store import TableStore
from app.web.table.model import Table
from tests.web.support import inline_app


@dataclass(frozen=True)
class Backend:
    data_dir: Path
    url: str | None
    """A ``postgresql://`` URL, or None for the data directory's SQLite file."""

    @property
    def name(self) -> str:
        return "postgresql" if self.url else "sqlite"

    def app(self, **settings: Any) -> FastAPI:
        """An app on this storage whose computers move inside the request (``inline_app``)."""
        return inline_app(self.data_dir, database=self.url, **settings)

    def store(self) -> TableStore:
        return TableStore(self.data_dir, database=self.url)

    def save(self, table: Table) -> None:
        store = self.store()
        store.add(table)
        store.close()

    def sql(self, statement: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (``?`` for each parameter) in its own transaction; its rows."""
        if self.url is None:
            with sqlite3.connect(self.data_dir / DB_NAME, isolation_level=None) as db:
                return list(db.execute(statement, parameters).fetchall())
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as db:
            cursor = db.execute(statement.replace("?", "%s"), parameters)  # type: ignore[arg-type]
            return list(cursor.fetchall()) if cursor.description else []
