"""Rate limits per client address: creating tables (both kinds) and trying table codes get a
429 page with ``Retry-After`` past their burst, create nothing, and leave other addresses and
the server's own machine alone; the buckets refill and forget idle addresses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.web.http.limits import Limiter, Rate, RateLimits
from tests.web.support import HX, TestClient, inline_app, status_of

SMALL = RateLimits(creation=Rate(2, 600.0), lookup=Rate(3, 60.0))
FRIENDS_FORM = {"game": "troccas", "name": "Anna", "seat_0": "person", "seat_1": "easy"}
GAME_FORM = {"game": "danish-tarok", "speed": "instant"}


@pytest.fixture
def limited(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(inline_app(data_dir, limits=SMALL)) as client:
        yield client


def created(client: TestClient) -> int:
    return int(client.get("/healthz").json()["tables"])


def test_creating_tables_past_the_burst_gets_a_429_page(limited: TestClient) -> None:
    assert limited.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303
    assert limited.post("/friends", data=FRIENDS_FORM, follow_redirects=False).status_code == 303
    for path, form in (("/tables", GAME_FORM), ("/friends", FRIENDS_FORM)):
        response = limited.post(path, data=form, follow_redirects=False)
        assert response.status_code == 429
        assert 1 <= int(response.headers["Retry-After"]) <= 600
        assert "Too many requests" in response.text
        assert "Too many new tables from this address: wait" in response.text
        assert 'href="/"' in response.text  # the site's page, with its way home
    assert created(limited) == 2  # the refused ones made nothing


def test_the_429_reaches_htmx_as_a_partial(limited: TestClient) -> None:
    for _ in range(2):
        limited.post("/tables", data=GAME_FORM, follow_redirects=False)
    response = limited.post("/tables", data=GAME_FORM, headers=HX, follow_redirects=False)
    assert status_of(response) == 429
    assert "Retry-After" in response.headers
    assert "Too many new tables" in response.text


def test_trying_codes_past_the_burst_gets_a_429(limited: TestClient) -> None:
    for _ in range(3):
        assert limited.get("/join?code=AAAAAA").status_code == 404
    response = limited.get("/join?code=AAAAAA")
    assert response.status_code == 429
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert "Too many table codes tried from this address" in response.text
    # creating is a bucket of its own
    assert limited.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303


def test_each_address_has_its_own_limit(data_dir: Path) -> None:
    app = inline_app(data_dir, limits=SMALL)
    with (
        TestClient(app, client=("192.0.2.1", 5000)) as flooder,
        TestClient(app, client=("192.0.2.2", 5000)) as friend,
        TestClient(app, client=("127.0.0.1", 5000)) as local,
    ):
        for _ in range(2):
            flooder.post("/tables", data=GAME_FORM, follow_redirects=False)
        assert flooder.post("/tables", data=GAME_FORM).status_code == 429
        assert friend.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303
        for _ in range(2):  # this machine too: a local reverse proxy must not lift the limit
            assert local.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303
        assert local.post("/tables", data=GAME_FORM).status_code == 429


def test_limits_can_be_turned_off_for_benchmarks(data_dir: Path) -> None:
    """``trionfi serve --no-rate-limits``: one address creates as many tables as it likes."""
    app = inline_app(data_dir, limits=RateLimits(creation=Rate(1, 600.0), enabled=False))
    with TestClient(app, client=("127.0.0.1", 5000)) as bench:
        for _ in range(5):
            assert bench.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303


def test_an_ipv6_network_counts_as_one_address(data_dir: Path) -> None:
    app = inline_app(data_dir, limits=SMALL)
    with (
        TestClient(app, client=("2001:db8:1:2::a", 5000)) as first,
        TestClient(app, client=("2001:db8:1:2:ffff::b", 5000)) as same_home,
        TestClient(app, client=("2001:db8:1:3::a", 5000)) as next_door,
    ):
        for client in (first, same_home):
            assert client.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303
        assert first.post("/tables", data=GAME_FORM).status_code == 429
        assert same_home.post("/tables", data=GAME_FORM).status_code == 429
        assert next_door.post("/tables", data=GAME_FORM, follow_redirects=False).status_code == 303


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_refills_one_request_per_interval() -> None:
    clock = Clock()
    limiter = Limiter(Rate(2, 6.0), clock=clock)
    assert limiter.take("a") == 0.0
    assert limiter.take("a") == 0.0
    assert limiter.take("a") == pytest.approx(6.0)
    clock.now += 4.0
    assert limiter.take("a") == pytest.approx(2.0)  # refused: nothing taken
    clock.now += 2.0
    assert limiter.take("a") == 0.0
    assert limiter.take("a") > 0
    clock.now += 60.0
    assert limiter.take("a") == 0.0
    assert limiter.take("a") == 0.0  # never more than the burst, however long the wait
    assert limiter.take("a") > 0


def test_idle_addresses_are_forgotten_and_memory_is_bounded() -> None:
    clock = Clock()
    limiter = Limiter(Rate(2, 1.0), max_addresses=100, clock=clock)
    for number in range(50):
        limiter.take(f"10.0.0.{number}")
    assert len(limiter) == 50
    clock.now += 2.0  # every bucket is full again: the same as unknown
    limiter.take("10.0.1.1")
    assert len(limiter) == 1
    for number in range(1000):
        limiter.take(f"10.1.{number // 256}.{number % 256}")
    assert len(limiter) <= 100
