"""The whole deal's log (issue 21): the ticker's "Full log" opens ``#full-log``, a <details>
holding every entry of the deal so far (``#deal-log``), not only those since the person's last
move; every htmx answer brings it up to date out of band, frame by frame."""

from __future__ import annotations

import html as htmlib
import re
from typing import Any

from app.web.table.model import TableSettings
from tests.web.factory import build_table, person_leads_fool
from tests.web.friends import full_table, spectator
from tests.web.support import HX, TestClient, attribute, finish_deal, start

SeatAt = Any
ENTRY = re.compile(r'<p class="event[^"]*">([^<]*)</p>')


def deal_log(page: str) -> list[str]:
    """The entries of ``#deal-log`` (the page's, or an answer's out-of-band copy)."""
    found = re.search(r'<div id="deal-log"[^>]*>(.*?)</div>', page, re.S)
    assert found, "no #deal-log"
    return [htmlib.unescape(text) for text in ENTRY.findall(found.group(1))]


def announcements(page: str) -> list[str]:
    found = re.search(r'<div id="announcements"[^>]*>(.*?)</div>', page, re.S)
    assert found, "no #announcements"
    return [htmlib.unescape(text) for text in ENTRY.findall(found.group(1))]


def test_full_log_opens_the_whole_deal(client: TestClient) -> None:
    person = start(client)
    page = person.html
    assert '<details class="log deal-log" id="full-log">' in page
    assert re.search(r'<a id="ticker" [^>]*href="#deal-log"', page)
    entries = deal_log(page)
    assert entries[0].startswith("Deal 1: ")
    assert announcements(page)[-1] == entries[-1]
    # a deal played out: the whole log holds far more than "Since your last move"
    finish_deal(person)
    entries = deal_log(person.html)
    assert entries[0].startswith("Deal 1: ")
    assert len(entries) > 75 > len(announcements(person.html))
    assert [e for e in entries if re.fullmatch(r".+ wins? trick \d+\.", e)][-1].endswith(
        " trick 25."
    )
    assert sum(bool(re.fullmatch(r".+ wins? trick \d+\.", e)) for e in entries) == 25
    assert announcements(person.html)[-1] == entries[-1]


def test_every_frame_brings_the_log_up_to_that_step(seat: SeatAt) -> None:
    settings = TableSettings(speed="normal")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    before = deal_log(person.html)
    card = next(code for code in person.legal() if code != "FOOL")
    version = int(attribute(person.html, "data-version"))
    response = person.post("play", {"version": version, "card": card}, htmx=True)
    assert '<div id="deal-log" hx-swap-oob="innerHTML">' in response.text
    shown = deal_log(response.text)
    assert shown[: len(before)] == before  # the log only grows
    assert len(shown) > len(before)
    for _ in range(20):
        following = re.search(r'hx-get="([^"]+/at/\d+\?after=\d+)"', response.text)
        if not following:
            break
        response = person.client.get(
            htmlib.unescape(following.group(1)), headers={**person.headers, **HX}
        )
        now = deal_log(response.text)
        assert now[: len(shown)] == shown
        assert len(now) > len(shown)
        shown = now
    else:
        raise AssertionError("the frames never reached the person's turn")
    assert deal_log(person.get().text) == shown  # the latest frame, reloaded: the same log


def test_a_spectator_reads_the_whole_log_of_what_everyone_may_see(client: TestClient) -> None:
    people = full_table(client)
    watcher = spectator(people[0])
    entries = deal_log(watcher.html)
    assert entries[0].startswith("Deal 1: ")
    host_entries = deal_log(people[0].get().text)
    assert len(entries) == len(host_entries)
