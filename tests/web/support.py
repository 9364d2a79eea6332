"""Helpers of the route tests: a person at a table, reading the page as a browser shows it."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from typing import Any

with warnings.catch_warnings():
    # Starlette asks for httpx2 in a future release; httpx is what the project pins.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from fastapi import FastAPI

from app.web import create_app
from app.web.http.cookies import SEAT_COOKIE
from app.web.http.problems import REFUSAL_HEADER
from app.web.site import Site

HX = {"HX-Request": "true"}
TABLE_TAG = re.compile(r'<div id="table"[^>]*>')


def attribute(html: str, name: str) -> str:
    tag = TABLE_TAG.search(html)
    assert tag, "the page has no #table"
    found = re.search(rf'{name}="([^"]*)"', tag.group(0))
    assert found, f"#table has no {name}"
    return found.group(1)


def inline_app(data_dir: Any, **settings: Any) -> FastAPI:
    """An app whose computers move inside the person's request, all at once, so that a POST
    returns with their moves made (``trionfi serve`` moves them off the request)."""
    return create_app(data_dir, inline_computers=True, **settings)


def site_of(app: Any) -> Site:
    """The services of an app, or of a test client's app."""
    site: Site = getattr(app, "app", app).state.site
    return site


def away(app: Any, table_id: str, seat: int) -> None:
    """The person at ``seat`` closed the lid: their page stops polling, so they are away."""
    site_of(app).presence._seen[table_id].pop(seat)


def status_of(response: Any) -> int:
    """The status a refusal stands for: htmx gets 200 and the status in a header."""
    return int(response.headers.get(REFUSAL_HEADER, response.status_code))


def message(html: str) -> str:
    found = re.search(r'class="message[^"]*"[^>]*>([^<]*)<', html)
    return found.group(1) if found else ""


@dataclass
class Person:
    """A browser at one table: its client, the table's address and its seat cookie."""

    client: TestClient
    table_id: str
    token: str
    html: str = field(default="")

    @property
    def url(self) -> str:
        return f"/tables/{self.table_id}"

    @property
    def headers(self) -> dict[str, str]:
        return {"Cookie": f"{SEAT_COOKIE}={self.token}"}

    def get(self, path: str = "", htmx: bool = False, **kwargs: Any) -> Any:
        headers = {**self.headers, **(HX if htmx else {})}
        response = self.client.get(self.url + path, headers=headers, **kwargs)
        self.html = response.text
        return response

    def post(self, action: str, data: dict[str, Any], htmx: bool = False) -> Any:
        headers = {**self.headers, **(HX if htmx else {})}
        response = self.client.post(
            f"{self.url}/{action}", data=data, headers=headers, follow_redirects=False
        )
        self.html = response.text
        return response

    def version(self) -> int:
        self.get()
        return int(attribute(self.html, "data-version"))

    def state(self) -> tuple[str, int, int]:
        self.get()
        html = self.html
        return (
            attribute(html, "data-phase"),
            int(attribute(html, "data-turn")),
            int(attribute(html, "data-version")),
        )

    def legal(self) -> list[str]:
        return re.findall(
            r'class="card legal[^"]*"\s+name="(?:card|select)" value="([^"]+)"', self.html
        )

    def hand(self) -> list[str]:
        block = self.html.split('id="hand"', 1)[1].split("</div>", 1)[0]
        return re.findall(r'data-card="([^"]+)"', block)


def start(client: TestClient, **form: str) -> Person:
    """Start a match from the home page's form, as a browser would."""
    data = {"game": "danish-tarok", "speed": "instant", "hints": "on", **form}
    response = client.post("/tables", data=data, follow_redirects=False)
    assert response.status_code == 303
    table_id = response.headers["location"].rsplit("/", 1)[1]
    token = response.cookies[SEAT_COOKIE]
    client.cookies.clear()  # each request names its seat cookie itself
    person = Person(client, table_id, token)
    person.get()
    return person


def computers_moved(person: Person, version: int) -> bool:
    """Wait (a long poll) until the table moves on from ``version``; whether it did. For a
    served app, which moves the computers off the request (``app.web.live.computers``)."""
    headers = {**person.headers, **HX}
    url = f"{person.url}/poll?v={version}&p=&w=20"
    return bool(person.client.get(url, headers=headers).status_code == 200)


def finish_deal(person: Person, htmx: bool = False) -> None:
    """Answer every decision with the first legal choice until the deal is over (waiting for
    the computers where they move off the request)."""
    for _ in range(400):
        phase, turn, version = person.state()
        if phase == "over":
            return
        if turn != 0 and phase != "declarations":
            assert computers_moved(person, version), (phase, turn)
            continue
        if phase == "declarations":
            response = person.post("continue", {"version": version}, htmx)
        elif phase == "discard":
            size = 2 if attribute(person.html, "data-game") == "troccas" else 3
            response = person.post(
                "discard", {"version": version, "card": person.legal()[:size]}, htmx
            )
        elif phase == "play":
            card = person.legal()[0]
            response = person.post("play", {"version": version, "card": card}, htmx)
            if "fool-question" in person.html or "prompt=fool" in response.headers.get(
                "location", ""
            ):
                response = person.post(
                    "play", {"version": version, "card": card, "name": "T"}, htmx
                )
        else:
            response = person.post("decide", {"version": version, "choice": "yes"}, htmx)
        assert response.status_code in (200, 303), (
            phase,
            response.status_code,
            message(person.html),
        )
    raise AssertionError("the deal did not end")
