"""``HEAD`` wherever ``GET`` answers (the same status and headers, no body), and the
same-origin rule of state-changing requests: scheme, host and port must all be the request's
own, a default port written or not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.web.http.problems import REFUSAL_HEADER
from app.web.http.render import card_src, static_url
from tests.web.factory import build_table
from tests.web.support import HX, Person, TestClient, inline_app, start

# ------------------------------------------------------------------ HEAD

PAGES = [
    "/healthz",
    "/",
    "/rules",
    "/rules/troccas",
    "/bots",
    "/bots/protocol",
    "/bots/protocol.md",
    "/tables",
    static_url("css/site.css"),
    card_src("CO-10"),
    "/static/css/site.css",
]
MISSING = ["/nowhere", "/rules/chess", "/tables/no-such-table", "/static/nothing.css"]


def assert_head_like_get(client: TestClient, path: str, **kwargs: Any) -> Any:
    got = client.get(path, follow_redirects=False, **kwargs)
    head = client.head(path, follow_redirects=False, **kwargs)
    assert head.status_code == got.status_code, path
    assert head.content == b"", path
    assert head.headers.get("content-type") == got.headers.get("content-type"), path
    assert head.headers.get("cache-control") == got.headers.get("cache-control"), path
    return head


@pytest.mark.parametrize("path", PAGES)
def test_head_answers_as_get_does(client: TestClient, path: str) -> None:
    head = assert_head_like_get(client, path)
    assert head.status_code == 200
    # a body streamed in chunks (gzip of a file over 64 KiB) has no length, in GET as in HEAD
    assert head.headers.get("content-length") == client.get(path).headers.get("content-length")


@pytest.mark.parametrize("path", MISSING)
def test_head_of_nothing_is_still_not_found(client: TestClient, path: str) -> None:
    assert assert_head_like_get(client, path).status_code == 404


def test_head_of_a_table_page_and_a_hand_record(seat: Any) -> None:
    person: Person = seat(*build_table(deals_before=1))
    client = person.client
    page = assert_head_like_get(client, person.url, headers=person.headers)
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    record = assert_head_like_get(client, f"{person.url}/deals/1.json", headers=person.headers)
    assert record.status_code == 200
    assert record.headers["content-type"] == "application/json"
    assert "attachment" in record.headers["content-disposition"]
    missing = assert_head_like_get(client, f"{person.url}/deals/9.json", headers=person.headers)
    assert missing.status_code == 404


def test_head_keeps_refusals(client: TestClient) -> None:
    person = start(client)
    assert assert_head_like_get(client, person.url).status_code == 403  # not your seat
    assert assert_head_like_get(client, f"{person.url}/play").status_code == 405  # a POST's
    bad = assert_head_like_get(client, f"{person.url}/at/²", headers={**person.headers, **HX})
    assert bad.headers[REFUSAL_HEADER] == "400"


# ------------------------------------------------------------------ the same origin


def create_table(client: TestClient, headers: dict[str, str]) -> int:
    """A new table from the home page's form, sent with ``headers``: the status."""
    data = {"game": "troccas", "speed": "instant"}
    response = client.post("/tables", data=data, headers=headers, follow_redirects=False)
    return response.status_code


def table_count(client: TestClient) -> int:
    count: int = client.get("/healthz").json()["tables"]
    return count


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://testserver"},
        {"Origin": "http://testserver:8000"},
        {"Origin": "http://testserver:443"},
        {"Origin": "ws://testserver"},
        {"Origin": "http://testserver:port"},
        {"Origin": "http://other.testserver"},
        {"Origin": "null"},
        {"Origin": ""},
        {"Referer": "https://testserver/"},
        {"Referer": "http://testserver:8080/tables"},
        {"Origin": "https://testserver", "Referer": "http://testserver/"},
    ],
)
def test_another_origin_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    before = table_count(client)
    assert create_table(client, headers) == 403
    assert table_count(client) == before


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a program, not a browser
        {"Origin": "http://testserver"},
        {"Origin": "http://testserver:80"},
        {"Origin": "HTTP://TestServer"},
        {"Referer": "http://testserver/tables/abc?x=1"},
        {"Referer": "http://testserver:80/"},
    ],
)
def test_the_same_origin_is_let_through(client: TestClient, headers: dict[str, str]) -> None:
    before = table_count(client)
    assert create_table(client, headers) == 303
    assert table_count(client) == before + 1


@pytest.fixture
def https_client(data_dir: Path) -> Iterator[TestClient]:
    """The app as reached over https (a proxy in front of it, say)."""
    with TestClient(inline_app(data_dir), base_url="https://testserver") as test_client:
        yield test_client


def test_over_https_the_scheme_counts_too(https_client: TestClient) -> None:
    assert create_table(https_client, {"Origin": "http://testserver"}) == 403
    assert create_table(https_client, {"Origin": "http://testserver:443"}) == 403
    assert create_table(https_client, {"Origin": "https://testserver"}) == 303
    assert create_table(https_client, {"Origin": "https://testserver:443"}) == 303


def test_a_host_with_a_port_of_its_own(client: TestClient) -> None:
    host = {"Host": "192.168.1.20:8000"}
    assert create_table(client, {**host, "Origin": "http://192.168.1.20:8000"}) == 303
    assert create_table(client, {**host, "Origin": "http://192.168.1.20"}) == 403
    assert create_table(client, {**host, "Origin": "https://192.168.1.20:8000"}) == 403
    ipv6 = {"Host": "[::1]:8000"}
    assert create_table(client, {**ipv6, "Origin": "http://[::1]:8000"}) == 303
    assert create_table(client, {**ipv6, "Origin": "http://[::1]"}) == 403
