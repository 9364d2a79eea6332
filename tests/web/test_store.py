"""The table store: a database written before friends' tables opens and is carried over;
a file that is not a database is named and left alone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from app.web.store import DB_NAME, BadDatabase, TableStore
from tests.web.factory import build_table


def test_an_older_database_opens_and_moves_its_deals_out(tmp_path: Path) -> None:
    table, _ = build_table(deals_before=2)
    data = table.to_json()
    data["acknowledged"] = 3  # one number, for the person at seat 0
    old = sqlite3.connect(tmp_path / DB_NAME)
    old.execute(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
        "updated REAL NOT NULL, data TEXT NOT NULL)"
    )
    old.execute("INSERT INTO tables VALUES (?, ?, ?, ?)", (table.id, 7, 0.0, json.dumps(data)))
    old.commit()
    old.close()
    store = TableStore(tmp_path)
    loaded = store.get(table.id)
    assert loaded is not None
    assert len(loaded.match.records) == 2
    assert loaded.has_acknowledged(0) == (loaded.deal_number == 3)
    store.save(loaded)  # the finished deals go into their own rows, once
    store.save(loaded)
    store.forget(table.id)
    again = store.get(table.id)
    assert again is not None
    assert [r.to_json() for r in again.match.records] == [r.to_json() for r in table.match.records]
    store.close()
    rows = sqlite3.connect(tmp_path / DB_NAME).execute("SELECT COUNT(*) FROM deals").fetchone()
    assert rows == (2,)


def test_the_store_names_the_problem_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_text("notes for the club evening\nnot a database at all\n")
    with pytest.raises(BadDatabase, match="is not an SQLite database; it was left as it is"):
        TableStore(tmp_path)
    assert path.read_text().startswith("notes for the club evening")
