"""Helpers of the friends' table tests: create a table, join it, play it from every seat."""

from __future__ import annotations

import re
from typing import Any

from app.web.http.cookies import SEAT_COOKIE
from tests.web.support import HX, Person, TestClient, attribute, computers_moved

CONFIRMED = {"confirm": "yes"}
"""The form of "Yes, end the match for everyone"."""


def create(
    client: TestClient,
    game: str = "danish-tarok",
    seats: tuple[str, ...] = ("person", "person", "person"),
    name: str = "Anna",
    **form: str,
) -> Person:
    """The host's browser after "Create a table"."""
    data = {"game": game, "name": name, "speed": "instant", **form}
    data.update({f"seat_{index}": choice for index, choice in enumerate(seats)})
    response = client.post("/friends", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    table_id = response.headers["location"].rsplit("/", 1)[1]
    token = response.cookies[SEAT_COOKIE]
    client.cookies.clear()
    host = Person(client, table_id, token)
    host.get()
    return host


def join(host: Person, name: str, seat: int) -> Person:
    """Another browser takes a seat (by the link)."""
    response = host.client.post(
        f"{host.url}/join", data={"name": name, "seat": str(seat)}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    token = response.cookies[SEAT_COOKIE]
    host.client.cookies.clear()
    person = Person(host.client, host.table_id, token)
    person.get()
    return person


def spectator(host: Person) -> Person:
    """A browser without a seat cookie at the table."""
    watcher = Person(host.client, host.table_id, "")
    watcher.get()
    return watcher


def full_table(client: TestClient, game: str = "danish-tarok", **form: str) -> list[Person]:
    """A started table with a person at every seat; index = seat."""
    count = 3 if game == "danish-tarok" else 4
    host = create(client, game, ("person",) * count, **form)
    people = [host] + [join(host, f"P{seat}", seat) for seat in range(1, count)]
    response = host.post("start", {})
    assert response.status_code == 303, response.text
    return people


def code_of(html: str) -> str:
    found = re.search(r'id="table-code">([^<]+)<', html)
    assert found
    return found.group(1)


def act(person: Person, htmx: bool = False) -> Any:
    """The person answers their decision with the first legal choice."""
    phase, _, version = person.state()
    if phase == "declarations":
        return person.post("continue", {"version": version}, htmx)
    if phase == "discard":
        size = 2 if attribute(person.html, "data-game") == "troccas" else 3
        return person.post("discard", {"version": version, "card": person.legal()[:size]}, htmx)
    if phase == "play":
        card = person.legal()[0]
        response = person.post("play", {"version": version, "card": card}, htmx)
        if "fool-question" in person.html or "prompt=fool" in response.headers.get("location", ""):
            data = {"version": version, "card": card, "name": "T"}
            response = person.post("play", data, htmx)
        return response
    return person.post("decide", {"version": version, "choice": "no"}, htmx)


def play_deal(people: list[Person], seen: Any = None, limit: int = 600) -> None:
    """Everyone answers in turn until the deal is over; ``seen(person)`` after each step.
    While a computer is to move (a served app moves them off the request) it waits for
    the table to change."""
    for _ in range(limit):
        acted = False
        for seat, person in enumerate(people):
            phase, turn, version = person.state()
            if seen is not None:
                seen(person)
            if phase == "over":
                return
            if phase == "declarations" or (turn == seat and phase != "lobby"):
                response = act(person)
                assert response.status_code in (200, 303), person.html[-500:]
                acted = True
        if not acted:
            assert computers_moved(people[0], version), "nobody could act"
    raise AssertionError("the deal did not end")


def turn_of(person: Person) -> tuple[str, int]:
    phase, turn, _ = person.state()
    return phase, turn


def poll(person: Person, version: int, mark: str = "") -> Any:
    headers = {**person.headers, **HX}
    return person.client.get(f"{person.url}/poll?v={version}&p={mark}", headers=headers)
