"""The tables on PostgreSQL (``trionfi serve --database``), several servers on one database:
the same rows as SQLite, no lost update across servers, a change on one server wakes the
polls of another, the sweep deletes only what is still abandoned."""

from __future__ import annotations

import asyncio
import html
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from app.web.storage.database import StorageError
from app.web.storage.postgres import Listener, PostgresDatabase
from app.web.storage.store import SaveFailed, TableStore
from tests.web.factory import build_table
from tests.web.friends import create
from tests.web.support import HX, TestClient, inline_app, site_of, start


def test_a_table_and_its_deals_come_back_as_saved(postgres_url: str, tmp_path: Path) -> None:
    table, _ = build_table(deals_before=2)
    store = TableStore(tmp_path, database=postgres_url)
    store.add(table)
    store.forget(table.id)
    reader = PostgresDatabase(postgres_url)
    again = reader.load(table.id)
    reader.close()
    assert again is not None
    assert again.to_json() == table.to_json()
    assert store.database.count() == 1
    assert store.database.filed_record(table.id, 2) == table.match.records[1].to_json()
    assert store.database.filed_record(table.id, 3) is None
    store.close()


def test_the_schema_is_created_once_whoever_starts_first(postgres_url: str) -> None:
    """Servers starting together each bring the schema up; none fails, nothing doubles."""
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            PostgresDatabase(postgres_url).close()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    opened = PostgresDatabase(postgres_url)
    assert opened.count() == 0
    opened.close()


def test_a_save_over_another_servers_change_is_refused(postgres_url: str) -> None:
    """Two servers read the same table; the first saves a change; the second's save (made on
    the older copy) is refused and writes nothing: no lost update."""
    table, _ = build_table()
    one, two = PostgresDatabase(postgres_url), PostgresDatabase(postgres_url)
    one.save(table)
    first, second = one.load(table.id), two.load(table.id)
    assert first is not None
    assert second is not None
    first.version += 1
    one.save(first)
    second.version += 5
    with pytest.raises(StorageError, match="version"):
        two.save(second)
    kept = one.load(table.id)
    assert kept is not None
    assert kept.version == first.version
    reread = two.load(table.id)  # read afresh, the second server may save again
    assert reread is not None
    reread.version += 1
    two.save(reread)
    one.close()
    two.close()


def test_the_store_answers_a_lost_update_as_a_failed_save(
    postgres_url: str, tmp_path: Path
) -> None:
    table, _ = build_table()
    store = TableStore(tmp_path, database=postgres_url)
    store.add(table)
    other = PostgresDatabase(postgres_url)
    theirs = other.load(table.id)
    assert theirs is not None
    theirs.version += 1
    other.save(theirs)

    async def change_on_a_stale_copy() -> None:
        store.database._versions[table.id] = table.version  # as read before the other save
        stale = store._tables[table.id]
        stale.version += 1
        await store.commit(stale)

    with pytest.raises(SaveFailed), ThreadPoolExecutor(1) as pool:
        # a loop of its own in a thread: the test run may have left one running in this one
        pool.submit(asyncio.run, change_on_a_stale_copy()).result()
    store.close()
    other.close()


def test_a_change_is_announced_to_every_listening_server(postgres_url: str) -> None:
    table, _ = build_table()
    heard: list[tuple[str, int]] = []
    arrived = threading.Event()

    def changed(table_id: str, version: int) -> None:
        heard.append((table_id, version))
        arrived.set()

    listener = Listener(postgres_url, changed)
    listener.start()
    writer = PostgresDatabase(postgres_url)
    try:
        time.sleep(0.3)  # listening
        writer.save(table)
        assert arrived.wait(2.0)
    finally:
        listener.stop()
        writer.close()
    assert heard == [(table.id, table.version)]


def test_a_change_on_another_server_wakes_the_page_promptly(
    postgres_url: str, tmp_path: Path
) -> None:
    """A person's page on one app waits in a long poll; another server (a second database
    connection of its own) saves a change of the table; the poll answers within a second."""
    with TestClient(inline_app(tmp_path / "a", database=postgres_url)) as client:
        person = create(client, seats=("person", "person", "medium"))  # a friends' table
        version = person.version()
        answer: dict[str, float] = {}

        found = re.search(r'hx-get="(/tables/[^"]+/poll\?[^"]+)"', person.html)
        assert found, "the page polls"
        url = re.sub(r"w=\d+", "w=10", html.unescape(found.group(1)))

        def poll() -> None:
            response = client.get(url, headers={**person.headers, **HX})
            answer["status"] = response.status_code
            answer["at"] = time.monotonic()

        waiting = threading.Thread(target=poll)
        waiting.start()
        time.sleep(0.5)  # the poll waits
        other = PostgresDatabase(postgres_url)
        table = other.load(person.table_id)
        assert table is not None
        table.version += 1
        saved = time.monotonic()
        other.save(table)
        waiting.join(12)
        assert answer["status"] == 200
        assert 0 <= answer["at"] - saved < 1.0  # it waited for the change, then woke

        async def read() -> int:
            async with site_of(client).store.reading(person.table_id) as table:
                return table.version

        portal = client.portal  # the app's own loop, where its store's locks live
        assert portal is not None
        assert portal.call(read) == version + 1  # read afresh: what the other server saved
        other.close()


def test_the_sweep_leaves_a_table_changed_meanwhile(postgres_url: str) -> None:
    table, _ = build_table()
    database = PostgresDatabase(postgres_url)
    database.save(table)
    assert database.delete_abandoned(table.id, time.time() + 60) is False  # not a friends' one
    assert database.count() == 1
    database.close()


def test_a_person_seen_on_one_server_is_here_on_the_other(
    postgres_url: str, tmp_path: Path
) -> None:
    with (
        TestClient(inline_app(tmp_path / "a", database=postgres_url)) as first,
        TestClient(inline_app(tmp_path / "b", database=postgres_url)) as second,
    ):
        time.sleep(0.5)  # both listening
        person = start(first)  # the person's page on the first server
        there = site_of(second).presence
        for _ in range(20):
            if there.is_connected(person.table_id, 0):
                break
            time.sleep(0.1)
        assert there.is_connected(person.table_id, 0)
        assert not there.is_connected(person.table_id, 1)


def test_a_dead_servers_computers_are_moved_by_another(postgres_url: str, tmp_path: Path) -> None:
    """A table saved with a computer to move by a server that then died (nobody moves it):
    a running server's scan claims it and its computers move on."""
    from app.web.app import create_app
    from app.web.table import players

    table, _ = build_table(level="random")
    dead = PostgresDatabase(postgres_url)
    assert table.match.deal is not None
    while not players.computer_to_move(table):
        players.move_once(table)  # the person's moves as a computer would make them
    dead.save(table)
    dead.close()
    with TestClient(create_app(tmp_path / "a", database=postgres_url)) as client:
        reader = PostgresDatabase(postgres_url)
        for _ in range(50):
            now = reader.load(table.id)
            assert now is not None
            if now.version > table.version:
                break
            time.sleep(0.1)
        reader.close()
        assert now.version > table.version
        assert client.get("/").status_code == 200
