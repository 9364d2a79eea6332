"""What the table says while it waits, the last trick at the end of a deal, and where a page
without JavaScript lands after a move (issue 21): "Continue when you are ready." while
"Tap to continue" holds a finished trick, a "Skip to the latest move" button that says what it
does, "Last trick" showing the final trick once the deal is over, and every plain move's
redirect landing at ``#hand`` (``#summary`` once the deal is over), never at the top."""

from __future__ import annotations

import html as htmlib
import re
from typing import Any

import pytest

from app.web.table.model import TableSettings
from tests.web.factory import build_table, person_discards, person_leads_fool, play_until
from tests.web.support import HX, TestClient, attribute, start

Seat = Any


def status_line(page: str) -> str:
    found = re.search(r'<p class="status[^"]*" id="status"[^>]*>([^<]*)</p>', page)
    assert found, "no status line"
    return htmlib.unescape(found.group(1))


def frames_until(person: Any, first: Any, found: Any) -> str | None:
    """Follow the frames the page fetches in turn from the answer ``first`` until one for
    which ``found(page)`` holds; that page, or None at the latest frame."""
    page = str(first.text)
    for _ in range(30):
        if found(page):
            return page
        following = re.search(r'hx-get="([^"]+/at/\d+\?after=\d+)"', page)
        if not following:
            return None
        url = htmlib.unescape(following.group(1))
        page = person.client.get(url, headers={**person.headers, **HX}).text
    return None


def test_tap_to_continue_says_so_and_skip_says_what_it_does(seat: Seat) -> None:
    settings = TableSettings(speed="normal", tap_to_continue=True)
    for attempt in range(20):  # a trick won by a computer, who leads next: the page waits
        table, token = build_table(
            wanted=person_leads_fool, deals_before=2, settings=settings, seed=attempt * 11
        )
        person = seat(table, token)
        _, _, version = person.state()
        card = next(c for c in person.legal() if c != "FOOL")
        answer = person.post("play", {"version": version, "card": card}, htmx=True)
        page = frames_until(person, answer, lambda text: ">Continue</button>" in text)
        if page:
            break
    else:
        raise AssertionError("the person won every first trick")
    assert re.search(r"wins? trick 1", page)
    assert status_line(page) == "Continue when you are ready."
    skip = re.search(r'<button type="button" id="show-all"[^>]*>([^<]*)</button>', page)
    assert skip
    assert skip.group(1) == "Skip to the latest move"
    assert 'aria-describedby="show-all-note"' in skip.group(0)
    note = re.search(r'<span id="show-all-note" class="sr-only">([^<]+)</span>', page)
    assert note
    assert "as it is now" in note.group(1)


def test_without_tap_the_frames_being_revealed_name_who_plays(seat: Seat) -> None:
    settings = TableSettings(speed="normal")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    _, _, version = person.state()
    card = next(c for c in person.legal() if c != "FOOL")
    answer = person.post("play", {"version": version, "card": card}, htmx=True)
    revealed = frames_until(person, answer, lambda text: status_line(text).endswith(" to play."))
    assert revealed, "no frame named the seat to play"
    assert ">Continue</button>" not in revealed


@pytest.mark.parametrize(("game", "tricks"), [("danish-tarok", 25), ("troccas", 19)])
def test_at_the_end_the_last_trick_is_the_final_trick(seat: Seat, game: str, tricks: int) -> None:
    table, token = build_table(game)
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    page = seat(table, token).html
    trick = re.search(r'<div id="trick"[^>]*aria-label="([^"]*)"', page)
    last = re.search(r'<div id="last-trick"[^>]*aria-label="([^"]*)"', page)
    assert trick
    assert last
    assert htmlib.unescape(trick.group(1)).startswith(f"Trick {tricks}, won by ")
    assert htmlib.unescape(last.group(1)).startswith(f"Last trick: trick {tricks}, won by ")
    assert f"Trick {tricks}, won by " in page.split('id="last-trick"', 1)[1]


def test_between_tricks_the_last_trick_is_the_one_before(seat: Seat) -> None:
    """During the deal nothing changes: #trick holds the finished trick until the next lead,
    #last-trick the one before it (design.md 1.6)."""
    table, token = build_table()
    assert play_until(table, lambda d: len(d.tricks) >= 3 and not d.trick and d.turn == 0)
    deal = table.match.deal
    assert deal is not None
    number = len(deal.tricks)
    page = seat(table, token).html
    trick = re.search(r'<div id="trick"[^>]*aria-label="([^"]*)"', page)
    last = re.search(r'<div id="last-trick"[^>]*aria-label="([^"]*)"', page)
    assert trick
    assert last
    assert trick.group(1).startswith(f"Trick {number}, won by ")
    assert last.group(1).startswith(f"Last trick: trick {number - 1}, won by ")


def plain_location(response: Any) -> str:
    assert response.status_code == 303
    return str(response.headers["location"])


def test_every_plain_move_lands_at_the_hand(seat: Seat) -> None:
    person = seat(*build_table(wanted=person_discards))
    version = int(attribute(person.html, "data-version"))
    response = person.post("discard", {"version": version, "card": person.legal()[:3]})
    assert plain_location(response) == f"{person.url}#hand"
    for _ in range(60):
        phase, turn, version = person.state()
        if phase == "over":
            break
        assert person.html.count('id="hand"') == 1
        if phase == "declarations":
            response = person.post("continue", {"version": version})
            assert plain_location(response) == f"{person.url}#hand"
            continue
        assert (phase, turn) == ("play", 0)  # the computers move inside the request
        card = next((c for c in person.legal() if c != "FOOL"), "FOOL")
        form = {"version": version, "card": card, **({"name": "T"} if card == "FOOL" else {})}
        location = plain_location(person.post("play", form))
        over = attribute(person.get().text, "data-phase") == "over"
        # the deal's last card: the page lands at the summary, "Next deal" at its top
        assert location == f"{person.url}#{'summary' if over else 'hand'}"
    else:
        raise AssertionError("the deal never ended")
    assert 'id="summary"' in person.html
    assert person.html.count('id="hand"') == 1  # empty, but there
    _, _, version = person.state()
    response = person.post("next", {"version": version})
    assert plain_location(response) == f"{person.url}#hand"


def test_the_skip_link_goes_to_the_hand(client: TestClient) -> None:
    person = start(client)
    assert person.html.count('id="hand"') == 1
    assert '<a class="skip" href="#hand">' in person.html
