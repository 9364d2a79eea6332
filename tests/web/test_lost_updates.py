"""Fair, lossless tables (issue #10): an accepted move is never undone by a slower request's
stale copy of the table, a save the database refuses changes nothing (a 503 page, no ghost
seat, memory as the database has it), and a save stuck on a locked file holds up nobody else.

The races are driven at the ASGI level (httpx over ``ASGITransport``) with a request body that
arrives only when the test says so; the locked file is a second SQLite connection holding the
write lock (``BEGIN IMMEDIATE``), as another process would. The race runs on SQLite and on
PostgreSQL (``backend``); the locked file is SQLite's own (PostgreSQL's refused saves are
``test_postgres``'s).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.engine.deal import Phase
from app.web.http.cookies import SEAT_COOKIE
from app.web.routes import tables as table_routes
from app.web.storage.database import DB_NAME
from app.web.storage.store import TableStore
from app.web.table.model import Table
from tests.web.backends import Backend
from tests.web.friends import act, create, full_table, join, spectator
from tests.web.support import HX, TestClient, attribute, away, inline_app, status_of

NOT_SAVED = "Could not save; nothing was changed. Try again."
FORM = {"content-type": "application/x-www-form-urlencoded"}
LEGAL = re.compile(r'class="card legal[^"]*"\s+name="(?:card|select)" value="([^"]+)"')


def run(scenario: Coroutine[Any, Any, None]) -> None:
    """Run on a thread of its own (the browser tests' Playwright may keep a loop here)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()


def store_of(app: FastAPI) -> TableStore:
    store: TableStore = app.state.site.store
    return store


def saved(data_dir: Path, table_id: str) -> dict[str, Any]:
    """The table as the database has it (what a restart would show)."""
    store = TableStore(data_dir)
    try:
        table = store.get(table_id)
        assert table is not None
        return table.to_json()
    finally:
        store.close()


def in_memory(app: FastAPI, table_id: str) -> Table:
    table = store_of(app).get(table_id)
    assert table is not None
    return table


@contextmanager
def write_locked(data_dir: Path) -> Iterator[sqlite3.Connection]:
    """Another process holds the database's write lock until the block ends."""
    locker = sqlite3.connect(data_dir / DB_NAME, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    try:
        yield locker
    finally:
        locker.execute("ROLLBACK")
        locker.close()


class Seat:
    """One browser at a table, over the ASGI client."""

    def __init__(self, client: httpx.AsyncClient, table_id: str, token: str) -> None:
        self.client = client
        self.url = f"/tables/{table_id}"
        self.cookie = {"Cookie": f"{SEAT_COOKIE}={token}"}

    async def page(self) -> str:
        return (await self.client.get(self.url, headers=self.cookie)).text

    async def post(self, action: str, data: dict[str, Any], htmx: bool = False) -> httpx.Response:
        headers = {**self.cookie, **(HX if htmx else {})}
        return await self.client.post(f"{self.url}/{action}", data=data, headers=headers)


async def started_table(client: httpx.AsyncClient) -> list[Seat]:
    """A Danish Tarok friends' table, a person at each seat, started; index = seat."""
    form = {"game": "danish-tarok", "name": "Host", "speed": "instant"}
    form.update({f"seat_{i}": "person" for i in range(3)})
    created = await client.post("/friends", data=form)
    assert created.status_code == 303, created.text
    table_id = created.headers["location"].rsplit("/", 1)[1]
    seats = [Seat(client, table_id, created.cookies[SEAT_COOKIE])]
    for index in (1, 2):
        client.cookies.clear()
        joined = await client.post(
            f"/tables/{table_id}/join", data={"name": f"P{index}", "seat": str(index)}
        )
        assert joined.status_code == 303, joined.text
        seats.append(Seat(client, table_id, joined.cookies[SEAT_COOKIE]))
    client.cookies.clear()
    assert (await seats[0].post("start", {})).status_code == 303
    return seats


class SlowBody:
    """A request body that the server waits for until ``release``; ``asked`` is set once the
    server has begun to read it."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.asked = asyncio.Event()
        self.release = asyncio.Event()

    async def __aiter__(self) -> AsyncIterator[bytes]:
        self.asked.set()
        await self.release.wait()
        yield self.body


def broken_play(table: Table, seat: int, form: Any) -> Any:
    raise RuntimeError("an action that fails half-way")


# ------------------------------------------------------------------ finding 1: lost updates


@pytest.mark.parametrize("replaced_by", ["failed action", "eviction"])
def test_a_slow_stand_in_never_undoes_the_discard(
    backend: Backend, monkeypatch: pytest.MonkeyPatch, replaced_by: str
) -> None:
    """The host's stand-in body arrives slowly; meanwhile the table in memory is replaced (a
    failed action drops it, or the cache evicts it) and the dealer discards. The stand-in then
    applies to the table *with* the discard, and a restart shows both."""
    app = backend.app()
    store = store_of(app)
    monkeypatch.setitem(table_routes.HANDLERS, "play", (broken_play, True))

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            seats = await started_table(client)
            table_id = seats[0].url.rsplit("/", 1)[1]
            html = await seats[0].page()
            assert attribute(html, "data-phase") == "discard"
            assert attribute(html, "data-turn") == "0"  # the host deals and discards
            away(app, table_id, 2)  # P2 closed the lid: their seat may go

            body = SlowBody(b"seat=2")
            headers = {**seats[0].cookie, **FORM}
            stand_in = asyncio.create_task(
                client.post(f"{seats[0].url}/standin", content=body, headers=headers)
            )
            await body.asked.wait()  # the host's request is in, its body not yet

            version = attribute(html, "data-version")
            if replaced_by == "failed action":
                failed = await seats[1].post("play", {"version": version, "card": "T1"})
                assert status_of(failed) == 500
            else:
                store.forget(table_id)  # what the cache does to a table nobody uses
            discard = {"version": version, "card": LEGAL.findall(html)[:3]}
            assert (await seats[0].post("discard", discard, htmx=True)).status_code == 200

            body.release.set()
            assert (await stand_in).status_code == 303

            restarted = backend.store()  # what a restart reads
            after = restarted.get(table_id)
            restarted.close()
            assert after is not None
            assert after.match.deal is not None
            assert after.match.deal.phase is not Phase.DISCARD  # the discard stands
            assert after.seats[2].stand_in is not None  # and so does the stand-in
            assert in_memory(app, table_id).to_json() == after.to_json()
            assert attribute(await seats[0].page(), "data-phase") != "discard"

    run(scenario())
    store.close()


# ------------------------------------------------------------------ finding 2: failed saves


@pytest.fixture
def app_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def impatient(app_dir: Path) -> Iterator[TestClient]:
    """The app on a store whose saves give up after 0.2 s on a locked file (not 5 s)."""
    app = inline_app(app_dir)
    store_of(app).database.busy_timeout = 0.2  # before any save opens a connection
    with TestClient(app) as client:
        yield client
    store_of(app).close()


def app_of(client: TestClient) -> FastAPI:
    app: FastAPI = client.app  # type: ignore[assignment]
    return app


def assert_nothing_changed(client: TestClient, data_dir: Path, table_id: str) -> None:
    assert in_memory(app_of(client), table_id).to_json() == saved(data_dir, table_id)


def test_a_join_whose_save_fails_leaves_no_ghost_seat(impatient: TestClient, app_dir: Path) -> None:
    host = create(impatient)
    with write_locked(app_dir):
        response = impatient.post(
            f"{host.url}/join", data={"name": "Bo", "seat": "1"}, follow_redirects=False
        )
        assert response.status_code == 503
        assert NOT_SAVED in response.text
        assert SEAT_COOKIE not in response.headers.get("set-cookie", "")
        assert_nothing_changed(impatient, app_dir, host.table_id)
        assert in_memory(app_of(impatient), host.table_id).seats[1].is_free
        assert 'id="join-seat-1"' in spectator(host).html  # the lobby offers the seat
    impatient.cookies.clear()
    bo = join(host, "Bo", 1)  # the retry takes the seat
    assert in_memory(app_of(impatient), host.table_id).seats[1].name == "Bo"
    assert attribute(bo.get().text, "data-seat") == "1"
    assert_nothing_changed(impatient, app_dir, host.table_id)


def test_a_start_whose_save_fails_changes_nothing(impatient: TestClient, app_dir: Path) -> None:
    host = create(impatient)
    join(host, "Bo", 1)
    join(host, "Cy", 2)
    with write_locked(app_dir):
        response = host.post("start", {}, htmx=True)
        assert status_of(response) == 503
        assert response.headers["HX-Retarget"] == "#main"  # the htmx partial of the error page
        assert NOT_SAVED in response.text
        assert not in_memory(app_of(impatient), host.table_id).started
        assert_nothing_changed(impatient, app_dir, host.table_id)
    assert host.post("start", {}).status_code == 303
    assert attribute(host.get().text, "data-phase") == "discard"
    assert_nothing_changed(impatient, app_dir, host.table_id)


def test_an_action_whose_save_fails_changes_nothing(impatient: TestClient, app_dir: Path) -> None:
    people = full_table(impatient)
    phase, turn, version = people[0].state()
    assert (phase, turn) == ("discard", 0)
    with write_locked(app_dir):
        response = act(people[0])
        assert response.status_code == 503
        assert NOT_SAVED in response.text
        assert_nothing_changed(impatient, app_dir, people[0].table_id)
        assert people[0].state() == (phase, turn, version)
    assert act(people[0]).status_code == 303  # the retry is taken
    assert people[0].state()[2] > version
    assert_nothing_changed(impatient, app_dir, people[0].table_id)


def test_a_rejoin_whose_save_fails_keeps_the_old_seat_cookie(
    impatient: TestClient, app_dir: Path
) -> None:
    host = create(impatient)
    bo = join(host, "Bo", 1)
    link = re.search(r'aria-label="Your rejoin link" id="rejoin-link" value="([^"]+)"', bo.html)
    assert link
    path = link.group(1).removeprefix("http://testserver")
    with write_locked(app_dir):
        response = impatient.post(path, follow_redirects=False)
        assert response.status_code == 503
        assert NOT_SAVED in response.text
        assert SEAT_COOKIE not in response.headers.get("set-cookie", "")
        assert_nothing_changed(impatient, app_dir, host.table_id)
    assert attribute(bo.get().text, "data-seat") == "1"  # the old cookie still holds the seat
    impatient.cookies.clear()
    assert impatient.post(path, follow_redirects=False).status_code == 303
    assert_nothing_changed(impatient, app_dir, host.table_id)


def test_creating_a_table_whose_save_fails_sets_no_seat(
    impatient: TestClient, app_dir: Path
) -> None:
    with write_locked(app_dir):
        for path, data in (
            ("/friends", {"game": "troccas", "name": "Anna", "seat_0": "person"}),
            ("/tables", {"game": "troccas", "speed": "instant"}),
        ):
            response = impatient.post(path, data=data, follow_redirects=False)
            assert response.status_code == 503, path
            assert NOT_SAVED in response.text
            assert SEAT_COOKIE not in response.headers.get("set-cookie", "")
        assert impatient.get("/healthz").json() == {"ok": True, "tables": 0}
    assert impatient.get("/tables").status_code == 200


# ------------------------------------------------------------------ finding 3: no freeze


def test_a_stuck_save_holds_up_nobody_else(tmp_path: Path) -> None:
    """While one table's save waits on the locked file, /healthz and another table's page
    (read back from the database) answer; the stuck save goes through once the lock goes."""
    app = inline_app(tmp_path)
    store = store_of(app)
    saving = threading.Event()
    plain_save = store.database.save

    def watched_save(table: Table) -> None:
        saving.set()
        plain_save(table)

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            stuck = await started_table(client)
            other = await started_table(client)
            store.forget(other[0].url.rsplit("/", 1)[1])  # its page must read the database
            html = await stuck[0].page()
            discard = {"version": attribute(html, "data-version"), "card": LEGAL.findall(html)[:3]}
            locker = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
            locker.execute("BEGIN IMMEDIATE")  # another process writes
            store.database.save = watched_save  # type: ignore[method-assign]
            saving_discard = asyncio.create_task(stuck[0].post("discard", discard))
            await asyncio.to_thread(saving.wait, 10)
            health = await client.get("/healthz")
            page = await client.get(other[1].url, headers=other[1].cookie)
            assert not saving_discard.done()  # both answered while the save waits
            locker.execute("ROLLBACK")
            locker.close()
            assert health.json() == {"ok": True, "tables": 2}
            assert page.status_code == 200
            assert attribute(page.text, "data-phase") == "discard"
            assert (await saving_discard).status_code == 303

    store.busy_timeout = 30.0  # the stuck save outlasts the checks; the test lets it go
    run(scenario())
    store.close()
