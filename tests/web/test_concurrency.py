"""One table, one order: many simultaneous actions, on one table and on many, are each
applied once or refused, never twice, never out of turn (design.md Part 2)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from app.engine.record import record_of, replay
from app.web.http.cookies import SEAT_COOKIE
from app.web.http.limits import RateLimits
from app.web.http.problems import REFUSAL_HEADER
from tests.web.support import attribute, inline_app

LEGAL = re.compile(r'class="card legal[^"]*"\s+name="(?:card|select)" value="([^"]+)"')


UNLIMITED = RateLimits(enabled=False)
"""Many tables from one address at once (as a load test, not a person)."""


def run(scenario: Coroutine[Any, Any, None]) -> None:
    """Run on a thread of its own: the browser tests' Playwright keeps a loop running here."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()


class Browser:
    def __init__(self, client: httpx.AsyncClient, url: str, token: str) -> None:
        self.client = client
        self.url = url
        self.cookies = {"Cookie": f"{SEAT_COOKIE}={token}"}

    async def page(self) -> str:
        return (await self.client.get(self.url, headers=self.cookies)).text

    async def post(self, action: str, data: dict[str, Any]) -> int:
        response = await self.client.post(f"{self.url}/{action}", data=data, headers=self.cookies)
        return int(response.headers.get(REFUSAL_HEADER, response.status_code))


async def seat_people(client: httpx.AsyncClient, count: int) -> list[Browser]:
    form = {"game": "danish-tarok", "name": "Host", "speed": "instant"}
    form.update({f"seat_{i}": "person" for i in range(count)})
    created = await client.post("/friends", data=form)
    url = created.headers["location"]
    people = [Browser(client, url, created.cookies[SEAT_COOKIE])]
    for seat in range(1, count):
        client.cookies.clear()  # each join from a browser without a seat here
        joined = await client.post(f"{url}/join", data={"name": f"P{seat}", "seat": str(seat)})
        people.append(Browser(client, url, joined.cookies[SEAT_COOKIE]))
    client.cookies.clear()
    assert await people[0].post("start", {}) == 303
    return people


async def everyone_at_once(people: list[Browser]) -> list[int]:
    """Every seat fires every card it holds (or a discard), twice, all at the same time."""
    for person in people:  # past the declarations pause, so the legal cards show
        html = await person.page()
        if 'data-phase="declarations"' in html:
            await person.post("continue", {"version": attribute(html, "data-version")})
    pages = [await person.page() for person in people]
    version = attribute(pages[0], "data-version")
    posts = []
    for person, html in zip(people, pages, strict=True):
        block = html.split('id="hand"', 1)[1].split("</section>")[0]
        hand = re.findall(r'data-card="([^"]+)"', block)
        legal = LEGAL.findall(html) or hand
        for card in legal[:6]:
            if 'data-phase="discard"' in html:
                data = {"version": version, "card": legal[:3]}
                posts += [person.post("discard", data), person.post("discard", data)]
            else:
                data = {"version": version, "card": card}
                if card == "FOOL":
                    data["name"] = "T"
                posts += [person.post("play", data), person.post("play", data)]
    return list(await asyncio.gather(*posts))


def test_simultaneous_clicks_at_one_table_apply_once(tmp_path: Path) -> None:
    app = inline_app(tmp_path, limits=UNLIMITED)

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            people = await seat_people(client, 3)
            store = app.state.site.store
            table_id = people[0].url.rsplit("/", 1)[1]
            for _ in range(12):
                deal = store.get(table_id).match.deal
                before = len(deal.history)
                statuses = await everyone_at_once(people)
                applied = statuses.count(303)
                assert applied == 1, statuses
                assert set(statuses) <= {303, 409, 422}, statuses
                assert len(deal.history) == before + 1
            table = store.get(table_id)
            replay(record_of(table.match.deal))  # every action legal, in turn
            store.forget(table_id)
            assert store.get(table_id).version == table.version  # saved as applied

    run(scenario())
    app.state.site.store.close()


def test_simultaneous_clicks_at_many_tables(tmp_path: Path) -> None:
    app = inline_app(tmp_path, limits=UNLIMITED)

    async def one_table(client: httpx.AsyncClient) -> None:
        created = await client.post("/tables", data={"game": "troccas", "speed": "instant"})
        person = Browser(client, created.headers["location"], created.cookies[SEAT_COOKIE])
        client.cookies.clear()
        html = await person.page()
        version = attribute(html, "data-version")
        kitty = LEGAL.findall(html)[:2]
        statuses = await asyncio.gather(
            *(person.post("discard", {"version": version, "card": kitty}) for _ in range(8))
        )
        assert statuses.count(303) == 1, statuses
        assert set(statuses) <= {303, 409}

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            await asyncio.gather(*(one_table(client) for _ in range(12)))

    run(scenario())
    app.state.site.store.close()
