"""The table store: a database written before friends' tables opens and is carried over; a
table in use stays in memory with its lock; a file that is not a database is named and left
alone. The store's own behaviour is tested on SQLite and on PostgreSQL (``backend``)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from app.web.storage import store as store_module
from app.web.storage.database import DB_NAME, BadDatabase
from app.web.storage.store import TableStore
from app.web.table.model import Table
from tests.web.backends import Backend
from tests.web.factory import build_table
from tests.web.support import TestClient, start


@pytest.fixture
def client(backend: Backend) -> Iterator[TestClient]:
    with TestClient(backend.app()) as test_client:
        yield test_client


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
    store.database.save(loaded)  # the finished deals go into their own rows, once
    store.database.save(loaded)
    store.forget(table.id)
    again = store.get(table.id)
    assert again is not None
    assert [r.to_json() for r in again.match.records] == [r.to_json() for r in table.match.records]
    store.close()
    rows = sqlite3.connect(tmp_path / DB_NAME).execute("SELECT COUNT(*) FROM deals").fetchone()
    assert rows == (2,)


def test_a_table_in_use_is_neither_evicted_nor_unlocked(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With room for one table in memory, a table whose lock is held and awaited stays (and
    so does its lock): the waiting request gets the very table the first one changed."""
    monkeypatch.setattr(store_module, "CACHE_SIZE", 1)
    store = backend.store()
    first, second, third = (build_table(seed=seed)[0] for seed in (1, 2, 3))
    assert len({first.id, second.id, third.id}) == 3
    for table in (first, second, third):
        store.add(table)
        store.forget(table.id)

    async def next_in_line() -> tuple[Table, int]:
        async with store.writing(first.id) as table:
            return table, table.version

    async def scenario() -> None:
        async with store.writing(first.id) as held:
            waiting = asyncio.create_task(next_in_line())
            await asyncio.sleep(0)  # it waits on the lock now
            async with store.reading(second.id):  # over the cache's size
                pass
            await asyncio.sleep(0)
            assert not waiting.done()  # one writer at a time
            held.version += 1
            await store.commit(held)
        seen, version = await waiting
        assert seen is held
        assert version == held.version
        async with store.reading(third.id):  # nobody uses the others now: they go
            pass
        async with store.reading(first.id) as again:
            assert again is not held
            assert again.version == held.version  # read back as committed

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()
    store.close()


def test_a_save_writes_out_only_the_deals_not_yet_filed(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every move saves the table, but a finished deal is written out once, when it is filed:
    the saves of a long match cost no more than those of its first deal."""
    table, _ = build_table(deals_before=3)
    store = backend.store()
    store.add(table)  # files the three finished deals
    written: list[int] = []
    record_class = type(table.match.records[0])
    original = record_class.to_json

    def counted(record: object) -> dict[str, object]:
        written.append(id(record))
        return original(record)  # type: ignore[arg-type]

    monkeypatch.setattr(record_class, "to_json", counted)
    table.version += 1
    store.database.save(table)
    filed = {id(record) for record in table.match.records}
    assert not filed & set(written)  # only the deal in play was written out
    assert "records" not in table.to_json(records=False)["match"]
    monkeypatch.undo()
    store.forget(table.id)
    again = store.get(table.id)
    assert again is not None
    assert [r.to_json() for r in again.match.records] == [r.to_json() for r in table.match.records]
    assert backend.sql("SELECT COUNT(*) FROM deals") == [(3,)]
    store.close()


def test_a_refused_request_keeps_the_table_in_memory(client: TestClient) -> None:
    """A forged or refused request (not your seat) changes nothing, so the store keeps its
    copy instead of replaying the table from the database for every such request."""
    person = start(client)
    store = client.app.state.site.store  # type: ignore[attr-defined]
    kept = store._tables[person.table_id]
    response = client.post(f"/tables/{person.table_id}/play", data={"version": "1"})
    assert response.status_code == 403
    assert store._tables[person.table_id] is kept


def test_the_store_names_the_problem_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_text("notes for the club evening\nnot a database at all\n")
    with pytest.raises(BadDatabase, match="is not an SQLite database; it was left as it is"):
        TableStore(tmp_path)
    assert path.read_text().startswith("notes for the club evening")
