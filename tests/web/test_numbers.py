"""Numbers in addresses and forms: ASCII digits within a stated range, or a 400 (or 404) page
in the site's style, never a 500 or plain text, and nothing changes at the table.

``str.isdigit()`` takes ``²``, which ``int()`` rejects (that was a 500); ``int()`` takes Arabic
and full-width digits; neither is a number any page of ours writes.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.types import Message

from app.web.http.guard import Guard
from app.web.http.reading import MAX_VERSION, whole_number
from tests.web.factory import build_table, person_leads_fool
from tests.web.friends import create, full_table, spectator
from tests.web.support import HX, Person, TestClient, message, start, status_of

BAD = ["²", "٣", "①", "１", "-1", "+1", "1_0", " 1", "9" * 40, "9" * 5000, ""]
"""Not a number of ours: Unicode digits, a sign, a separator, a space, huge, empty."""
BAD_IN_PATH = [raw for raw in BAD if raw and raw != " 1"]
"""An empty path segment is another address (see ``test_empty_path_numbers``); a space in a
path is sent as %20 and reads back as one, but is left to the query's cases."""


def version_of(person: Person) -> int:
    table = person.client.app.state.site.store.get(person.table_id)  # type: ignore[attr-defined]
    version: int = table.version
    return version


def assert_not_understood(response: Any, htmx: bool) -> None:
    """A 400 problem page in the site's style: a whole page, or the htmx partial for #main."""
    assert status_of(response) == 400, (response.status_code, response.text[:300])
    assert "Not understood" in response.text
    assert 'class="page problem"' in response.text
    if htmx:
        assert response.status_code == 200
        assert response.headers["HX-Retarget"] == "#main"
    else:
        assert response.status_code == 400
        assert "<html" in response.text
        assert "text/html" in response.headers["content-type"]


# ------------------------------------------------------------------ the one reader of numbers


@pytest.mark.parametrize("raw", BAD)
def test_whole_number_takes_ascii_digits_only(raw: str) -> None:
    assert whole_number(raw, 0, MAX_VERSION) is None


@pytest.mark.parametrize(
    ("raw", "lowest", "highest", "expected"),
    [("0", 0, 3, 0), ("3", 0, 3, 3), ("007", 0, 999, 7), ("4", 0, 3, None), ("0", 1, 9, None)],
)
def test_whole_number_keeps_to_its_range(
    raw: str, lowest: int, highest: int, expected: int | None
) -> None:
    assert whole_number(raw, lowest, highest) == expected


# ------------------------------------------------------------------ paths and queries


@pytest.fixture
def person(client: TestClient) -> Person:
    return start(client)


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("raw", BAD_IN_PATH)
def test_frame_versions(person: Person, raw: str, htmx: bool) -> None:
    before = version_of(person)
    assert_not_understood(person.get(f"/at/{raw}", htmx=htmx), htmx)
    assert version_of(person) == before


@pytest.mark.parametrize("raw", BAD)
def test_frame_after(person: Person, raw: str) -> None:
    before = version_of(person)
    response = person.get(f"/at/{before}", htmx=True, params={"after": raw})
    assert_not_understood(response, htmx=True)
    assert version_of(person) == before


@pytest.mark.parametrize("raw", [*BAD_IN_PATH, "0"])
def test_deal_numbers(person: Person, raw: str) -> None:
    before = version_of(person)
    assert_not_understood(person.get(f"/deals/{raw}.json"), htmx=False)
    assert version_of(person) == before


def test_a_deal_not_played_is_still_not_found(person: Person) -> None:
    response = person.get("/deals/9.json")
    assert response.status_code == 404
    assert "No such deal" in response.text


def test_empty_path_numbers(person: Person) -> None:
    for path in ("/deals/.json", "/rejoin//key"):
        response = person.get(path)
        assert response.status_code == 404, path
        assert 'class="page problem"' in response.text
    response = person.get("/at/", follow_redirects=True)  # to /at, which only takes a POST
    assert response.status_code == 405
    assert 'class="page problem"' in response.text


@pytest.mark.parametrize("field", ["v", "w"])
@pytest.mark.parametrize("raw", BAD)
def test_poll_numbers(client: TestClient, field: str, raw: str) -> None:
    host = create(client)
    before = version_of(host)
    query = {"v": str(before), "p": "", "w": "0", field: raw}
    response = client.get(f"{host.url}/poll", params=query, headers={**host.headers, **HX})
    assert_not_understood(response, htmx=True)
    assert version_of(host) == before


def test_a_poll_without_numbers_still_answers(client: TestClient) -> None:
    host = create(client)
    response = client.get(f"{host.url}/poll", headers={**host.headers, **HX})
    assert response.status_code == 200  # it shows nothing yet: the table at once


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("raw", [*BAD_IN_PATH, "3"])
def test_rejoin_seats(client: TestClient, method: str, raw: str) -> None:
    host = create(client)
    before = version_of(host)
    response = client.request(method, f"{host.url}/rejoin/{raw}/key", follow_redirects=False)
    assert_not_understood(response, htmx=False)
    assert version_of(host) == before


# ------------------------------------------------------------------ forms


@pytest.mark.parametrize("raw", BAD)
def test_join_seats(client: TestClient, raw: str) -> None:
    host = create(client)
    before = version_of(host)
    watcher = spectator(host)
    response = watcher.post("join", {"name": "Bo", "seat": raw})
    assert status_of(response) == 400
    assert "seat" in message(watcher.html)
    assert version_of(host) == before
    table = client.app.state.site.store.get(host.table_id)  # type: ignore[attr-defined]
    assert table.free_seats() == [1, 2]


@pytest.mark.parametrize("action", ["standin", "giveback"])
@pytest.mark.parametrize("raw", BAD)
def test_stand_in_and_give_back_seats(client: TestClient, action: str, raw: str) -> None:
    host = full_table(client)[0]
    before = version_of(host)
    response = host.post(action, {"seat": raw}, htmx=True)
    assert status_of(response) == 400
    assert "seat" in message(host.html)
    assert version_of(host) == before


@pytest.mark.parametrize("action", ["play", "next"])
@pytest.mark.parametrize("raw", BAD)
def test_action_versions(person: Person, action: str, raw: str) -> None:
    before = version_of(person)
    response = person.post(action, {"version": raw, "card": "CU-K"})
    assert status_of(response) == 400
    assert "version" in message(person.html)
    assert version_of(person) == before


def test_a_valid_action_version_still_plays(seat: Any) -> None:
    person: Person = seat(*build_table(wanted=person_leads_fool, deals_before=2))
    before = version_of(person)
    card = next(code for code in person.legal() if code != "FOOL")
    assert person.post("play", {"version": str(before), "card": card}).status_code == 303
    assert version_of(person) > before


# ------------------------------------------------------------------ a body's declared length


@pytest.mark.parametrize("declared", ["²".encode("latin-1"), "١٢".encode(), b"-1", b"9" * 5000])
def test_a_declared_length_that_is_not_a_number_is_refused(declared: bytes) -> None:
    sent: list[Message] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the request went past the guard")

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "scheme": "http",
        "path": "/tables",
        "headers": [(b"host", b"testserver"), (b"content-length", declared)],
    }
    # In a thread of its own: the browser tests' Playwright may hold this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, Guard(app)(scope, receive, send)).result()
    assert sent[0]["status"] == 413
