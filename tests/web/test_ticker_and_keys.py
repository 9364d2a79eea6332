"""The table page's one-line ticker (the latest event, under the table) and the markup of the
keyboard shortcuts, at the level of the routes: the ticker follows every frame the pages fetch,
stays out of the screen reader's way (the log is the one live region), spectators get it too,
and the log sits in a box that scrolls from its end (static/css/site.css)."""

from __future__ import annotations

import html as htmlib
import re
from typing import Any

from app.web.table.model import TableSettings
from tests.web.factory import build_table, person_discards, person_leads_fool
from tests.web.friends import create, full_table, spectator
from tests.web.support import HX, TestClient, attribute

SeatAt = Any


def ticker_of(page: str) -> tuple[str, str]:
    """The ticker's kind of event and its text."""
    found = re.search(
        r'<a id="ticker" class="ticker event-([a-z]+)" href="#deal-log" '
        r'aria-controls="full-log">\s*'
        r'<span class="ticker-text" aria-hidden="true">([^<]*)</span>\s*'
        r'<span class="ticker-open">Full log</span>',
        page,
    )
    assert found, "no ticker"
    return found.group(1), htmlib.unescape(found.group(2))


def log_entries(page: str) -> list[str]:
    return [
        htmlib.unescape(text) for text in re.findall(r'<p class="event[^"]*">([^<]*)</p>', page)
    ]


def test_the_ticker_shows_the_latest_event_of_the_log(seat: SeatAt) -> None:
    person = seat(*build_table(wanted=person_discards))
    kind, text = ticker_of(person.html)
    assert kind == "payment"
    assert text == log_entries(person.html)[-1]
    assert text.startswith("Dealer's fee")
    assert '<div id="deal-log"' in person.html  # where "Full log" goes
    assert '<div class="log-scroll">' in person.html


def test_the_ticker_follows_the_frames_the_page_reveals(seat: SeatAt) -> None:
    settings = TableSettings(speed="normal")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    card = next(code for code in person.legal() if code != "FOOL")
    version = int(attribute(person.html, "data-version"))
    response = person.post("play", {"version": version, "card": card}, htmx=True)
    shown = log_entries(response.text)
    for _ in range(20):  # each frame's ticker is the newest entry the log holds then
        assert ticker_of(response.text)[1] == shown[-1]
        following = re.search(r'hx-get="([^"]+/at/\d+\?after=\d+)"', response.text)
        if not following:
            break
        response = person.client.get(
            htmlib.unescape(following.group(1)), headers={**person.headers, **HX}
        )
        shown += log_entries(response.text)
    else:
        raise AssertionError("the frames never reached the person's turn")
    assert ticker_of(response.text)[1] == shown[-1]


def test_a_spectator_has_the_ticker_and_the_list_of_shortcuts(client: TestClient) -> None:
    people = full_table(client)
    watcher = spectator(people[0])
    assert "Latest moves" in watcher.html
    _, text = ticker_of(watcher.html)
    assert text == log_entries(watcher.html)[-1]
    assert 'id="shortcuts"' in watcher.html


def test_the_shortcuts_list_and_its_script_are_on_the_table_page(seat: SeatAt) -> None:
    person = seat(*build_table(wanted=person_discards))
    page = person.html
    assert "/static/js/keys.js?v=" in page
    dialog = page.split('<dialog id="shortcuts"', 1)[1].split("</dialog>", 1)[0]
    assert 'aria-labelledby="shortcuts-title"' in dialog
    for words in ("The last trick", "A hint", "The tricks of this deal", "The next deal"):
        assert words in dialog
    # the opener shows only with the script that makes the keys work
    assert re.search(
        r'<p class="shortcuts-open" hidden><button type="button" id="shortcuts-open"', page
    )
    assert page.count('aria-live="polite"') == 1  # the ticker is no second live region


def test_the_lobby_has_no_ticker(client: TestClient) -> None:
    host = create(client, "danish-tarok", ("person", "person", "easy"))
    assert 'id="ticker"' not in host.html
