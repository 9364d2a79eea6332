"""A poll that leaves the browser late (queued behind other requests, its element already
replaced by the page's own action) names an older version than the page shows: the server
answers it from what it last gave that page, so no announcement is shown twice."""

from __future__ import annotations

import re
from typing import Any

from app.web.routes.answers import PAGE_HEADER
from tests.web.friends import create, join
from tests.web.support import HX, Person, TestClient, attribute

PAGE = "a1b2c3d4e5f6"


def send(person: Person, method: str, path: str, data: Any = None) -> Any:
    headers = {**person.headers, **HX, PAGE_HEADER: PAGE}
    if method == "GET":
        return person.client.get(person.url + path, headers=headers)
    return person.client.post(person.url + path, data=data, headers=headers)


def events(html: str) -> list[str]:
    return re.findall(r'<p class="event[^"]*">([^<]*)<', html)


def test_a_late_poll_after_the_pages_own_discard_announces_nothing_again(
    client: TestClient,
) -> None:
    host = create(client, "danish-tarok", ("person", "person", "medium"))
    join(host, "Ben", 1)
    host.post("start", {})
    phase, _, before = host.state()
    assert phase == "discard"
    cards = host.legal()[:3]
    answer = send(host, "POST", "/discard", {"version": before, "card": cards})
    assert answer.status_code == 200
    told = events(answer.text)
    assert any("discard" in text for text in told)
    shown = int(attribute(answer.text, "data-version"))
    assert shown > before

    late = send(host, "GET", f"/poll?v={before}&p=&w=0")
    assert late.status_code == 204 or not (set(events(late.text)) & set(told))

    other_page = {**host.headers, **HX, PAGE_HEADER: "ffffffffffff"}
    fresh = client.get(f"{host.url}/poll?v={before}&p=&w=0", headers=other_page)
    assert fresh.status_code == 200  # another page of the same seat still catches up
    assert any("discard" in text for text in events(fresh.text))


def test_a_page_that_dropped_its_own_actions_answer_is_brought_up_to_date_by_its_next_poll(
    client: TestClient,
) -> None:
    """A poll's answer may redraw the table while the page's own action is on its way; the
    page then drops that action's answer (its element is gone) and goes on polling from the
    version the poll gave it. Seen in a browser: the host's 'Give the seat back' crossed a
    poll, and the server, taking the dropped answer's version for the page's, answered every
    later poll as if the page were up to date, so the host never saw it was their turn."""
    host = create(client, "danish-tarok", ("person", "person", "medium"))
    join(host, "Ben", 1)
    host.post("start", {})
    _, _, before = host.state()
    cards = host.legal()[:3]
    dropped = send(host, "POST", "/discard", {"version": before, "card": cards})
    assert dropped.status_code == 200
    latest = int(attribute(dropped.text, "data-version"))

    shown, polled, told = before, before, []
    for _ in range(3):  # what the page does with each answer to its poll
        answer = send(host, "GET", f"/poll?v={polled}&p=&w=0")
        if answer.status_code == 204:
            continue
        polled = int(re.findall(r"/poll\?v=(\d+)&amp;", answer.text)[-1])
        if answer.headers.get("HX-Reswap") != "none":  # the table is redrawn
            shown = int(attribute(answer.text, "data-version"))
            told += events(answer.text)
    assert (shown, polled) == (latest, latest)
    assert any("discard" in text for text in told)
