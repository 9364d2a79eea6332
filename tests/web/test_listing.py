"""The list of tables: a flood of empty tables pushes no table in use off it, each browser
always sees its own tables, tables nobody joined leave it and are deleted later; and a table
whose row cannot be read (corrupted through sqlite3 here) is listed and shown as damaged, with
its finished deals still downloadable. Each test runs on SQLite and on PostgreSQL
(``backend``); the rows are aged and damaged by plain SQL."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest

from app.web.http.cookies import RECENT_COOKIE, RECENT_COUNT
from app.web.http.limits import Rate, RateLimits
from app.web.show.listing import SOLO_LISTED_S
from app.web.storage.sweep import ABANDONED_S, drop_abandoned
from tests.web.backends import Backend
from tests.web.friends import code_of, create, full_table, join, play_deal
from tests.web.support import Person, TestClient, attribute, finish_deal, start

FLOOD = RateLimits(creation=Rate(1000, 0.01))
EMPTY_TABLE = {"game": "troccas", "name": "Bot", **{f"seat_{i}": "person" for i in range(4)}}


@pytest.fixture
def client(backend: Backend) -> Iterator[TestClient]:
    with TestClient(backend.app()) as test_client:
        yield test_client


def rows_of(backend: Backend, table_id: str) -> tuple[int, int]:
    tables = backend.sql("SELECT COUNT(*) FROM tables WHERE id = ?", (table_id,))
    deals = backend.sql("SELECT COUNT(*) FROM deals WHERE table_id = ?", (table_id,))
    return int(tables[0][0]), int(deals[0][0])


def age(backend: Backend, table_id: str, seconds: float) -> None:
    """The table's last change moves ``seconds`` into the past."""
    backend.sql("UPDATE tables SET updated = ? WHERE id = ?", (time.time() - seconds, table_id))


def rewrite(backend: Backend, table_id: str, change: dict[str, object]) -> None:
    """Set parts of the table's saved JSON (``{"match.game": "chess"}``), as an older or
    newer version, or a broken disk, might have left it."""
    data = json.loads(backend.sql("SELECT data FROM tables WHERE id = ?", (table_id,))[0][0])
    for path, value in change.items():
        *parents, leaf = path.split(".")
        place = data
        for key in parents:
            place = place[key]
        place[leaf] = value
    backend.sql("UPDATE tables SET data = ? WHERE id = ?", (json.dumps(data), table_id))


def listing(client: TestClient, own: list[str] | None = None) -> str:
    """``/tables`` as a browser sees it; ``own`` is its ``trionfi_recent`` cookie."""
    cookie = {"Cookie": f"{RECENT_COOKIE}={'.'.join(own)}"} if own else {}
    response = client.get("/tables", headers=cookie)
    assert response.status_code == 200
    return response.text


def part(html: str, title: str) -> str:
    """One part of the list, from its heading to the next."""
    found = re.search(rf'<h2 id="{title}">.*?(?=<h2|</section>)', html, re.S)
    return found.group(0) if found else ""


# ------------------------------------------------------------------ flooding


def test_a_flood_of_empty_tables_pushes_no_table_in_use_off_the_list(backend: Backend) -> None:
    app = backend.app(limits=FLOOD)
    with (
        TestClient(app) as client,
        TestClient(app, client=("192.0.2.66", 4000)) as flooder,
    ):
        playing = full_table(client)
        code = code_of(playing[0].get().text)
        for _ in range(200):
            response = flooder.post("/friends", data=EMPTY_TABLE, follow_redirects=False)
            assert response.status_code == 303
        flooded = flooder.portal.call(app.state.site.store.count)  # type: ignore[union-attr]
        assert flooded == 201
        seen = listing(client)
        assert code in part(seen, "in-use-title")
        assert seen.count("waiting for players") <= 10  # only the newest few empty ones
        own = [entry.split(":")[0] for entry in flooder.cookies[RECENT_COOKIE].split(".")]
        assert len(own) == RECENT_COUNT
        mine = part(listing(flooder, own), "own-title")
        assert all(f"/tables/{table_id}" in mine for table_id in own)
        assert code in listing(flooder, own)


def test_a_table_someone_joined_is_in_use(client: TestClient) -> None:
    host = create(client)
    code = code_of(host.html)
    assert code in part(listing(client), "solo-title")
    join(host, "Bo", 1)
    assert code in part(listing(client), "in-use-title")


def test_a_table_nobody_joined_leaves_the_list_but_not_its_host(
    client: TestClient, backend: Backend
) -> None:
    host = create(client)
    code = code_of(host.html)
    age(backend, host.table_id, SOLO_LISTED_S + 60)
    assert code not in listing(client)
    assert code in part(listing(client, [host.table_id]), "own-title")
    assert host.get().status_code == 200  # still there for the host and the invite link


def test_abandoned_tables_are_deleted_with_their_rows(client: TestClient, backend: Backend) -> None:
    lonely = create(client)
    joined = create(client)
    join(joined, "Bo", 1)
    solo_game = create(client, seats=("person", "easy", "easy"))
    assert solo_game.post("start", {}).status_code == 303
    against_computer = start(client)
    for person in (lonely, joined, solo_game, against_computer):
        age(backend, person.table_id, ABANDONED_S + 60)
    fresh = create(client)
    store = client.app.state.site.store  # type: ignore[attr-defined]
    client.portal.call(drop_abandoned, store, time.time())  # type: ignore[union-attr]
    assert rows_of(backend, lonely.table_id) == (0, 0)
    assert client.get(lonely.url).status_code == 404  # gone from memory too
    for kept in (joined, solo_game, against_computer, fresh):
        assert rows_of(backend, kept.table_id)[0] == 1
        assert Person(client, kept.table_id, kept.token).get().status_code == 200


# ------------------------------------------------------------------ damaged tables


def friends_table_with_a_filed_deal(client: TestClient) -> tuple[list[Person], dict[str, object]]:
    people = full_table(client)
    play_deal(people)
    record = people[1].get("/deals/1.json").json()
    version = int(attribute(people[0].get().text, "data-version"))
    assert people[0].post("next", {"version": version}).status_code == 303
    return people, record


def test_a_corrupt_friends_table_is_listed_and_shown_as_damaged(backend: Backend) -> None:
    with TestClient(backend.app()) as client:
        people, record = friends_table_with_a_filed_deal(client)
        code = code_of(people[0].get().text)
    table_id = people[0].table_id
    backend.sql("UPDATE tables SET data = '{\"id\": broken' WHERE id = ?", (table_id,))
    with TestClient(backend.app()) as client:
        row = re.search(
            rf"<tr[^>]*>\s*<th[^>]*><a href=\"/tables/{table_id}\">.*?</tr>", listing(client), re.S
        )
        assert row
        assert code in row.group(0)
        assert "damaged" in row.group(0)
        page = client.get(f"/tables/{table_id}")
        assert page.status_code == 500
        assert "This table is damaged" in page.text
        assert "No such table" not in page.text
        assert f'href="/tables/{table_id}/deals/1.json"' in page.text
        download = client.get(f"/tables/{table_id}/deals/1.json")
        assert download.status_code == 200
        assert download.json() == record
        assert "attachment" in download.headers["Content-Disposition"]
        assert client.get(f"/tables/{table_id}/deals/2.json").status_code == 404
        host = Person(client, table_id, people[0].token)
        assert host.post("end", {}).status_code == 500  # refused: nothing to act on
        assert host.get().status_code == 500
    assert rows_of(backend, table_id) == (1, 1)  # nothing was overwritten


def test_a_table_this_version_cannot_read_is_damaged_too(backend: Backend) -> None:
    with TestClient(backend.app()) as client:
        host = create(client)
    rewrite(backend, host.table_id, {"match.game": "chess"})
    backend.sql("UPDATE tables SET summary = 'not json' WHERE id = ?", (host.table_id,))
    with TestClient(backend.app()) as client:
        assert "damaged" in part(listing(client), "in-use-title")
        page = client.get(host.url)
        assert "This table is damaged" in page.text
        assert "No finished deal of this table is kept" in page.text


def test_a_damaged_table_against_the_computer_stays_its_persons(backend: Backend) -> None:
    with TestClient(backend.app()) as client:
        person = start(client)
        finish_deal(person)
        record = person.get("/deals/1.json").json()
        version = int(attribute(person.get().text, "data-version"))
        assert person.post("next", {"version": version}).status_code == 303
    rewrite(backend, person.table_id, {"match": "lost"})
    with TestClient(backend.app()) as client:
        own = Person(client, person.table_id, person.token)
        assert "This table is damaged" in own.get().text
        assert own.get("/deals/1.json").json() == record
        stranger = Person(client, person.table_id, "forged")
        assert "deals/1.json" not in stranger.get().text
        assert "This table is damaged" in stranger.html
        assert stranger.get("/deals/1.json").status_code == 403
        assert json.loads(own.get("/deals/1.json").text)["format"] == "trionfi-hand/1"
