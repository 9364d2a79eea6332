"""No hidden card anywhere (design.md 1.6): the HTML for seat 0 never holds the code, the name
or the picture of a card in another seat's holding, nor of a discard or kitty it may not see.

Whole deals are played through the routes, with htmx and without, revealing every frame, and
each response is scanned against the deal as it stood at the step that response shows.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.engine.cards import CODES, Card, display_name
from app.engine.deal import Deal
from app.engine.observation import observe
from app.engine.options import Options
from app.engine.record import record_of
from app.engine.record import start as record_start
from tests.web.support import Person, TestClient, attribute, finish_deal, start


def hidden_cards(deal: Deal, viewer: int = 0) -> set[Card]:
    """What ``viewer`` may not see now: the others' holdings and a hidden discard, less what
    the rules show (played cards, face-up cards)."""
    obs = observe(deal, viewer)
    hidden = {card for seat, hand in enumerate(deal.holdings) if seat != viewer for card in hand}
    if deal.discarded and obs.discard is None:
        hidden |= set(deal.discarded)
    shown = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    if obs.face_up is not None:
        shown |= {card for card in obs.face_up if card is not None}
    return hidden - shown


def leaks(html: str, hidden: set[Card]) -> list[str]:
    found = []
    for card in hidden:
        card_code = CODES[card]
        if re.search(rf"(?<![\w-]){re.escape(card_code)}(?![\w-])", html):
            found.append(card_code)
        elif display_name(card) in html:
            found.append(display_name(card))
    return found


def deal_at(deal: Deal, step: int) -> Deal:
    replayed = record_start(record_of(deal))
    for action in deal.history[:step]:
        replayed.apply(action)
    return replayed


class Scanner:
    """Checks every response a person gets against the deal at the step it shows."""

    def __init__(self, person: Person) -> None:
        self.person = person
        self.checked = 0

    def table(self) -> Any:
        return self.person.client.app.state.site.store.get(self.person.table_id)  # type: ignore[attr-defined]

    def check(self, html: str) -> None:
        if 'id="table"' not in html:
            return
        table = self.table()
        deal = table.match.deal
        step = int(attribute(html, "data-version")) - table.deal_base
        step = max(0, min(step, len(deal.history)))
        found = leaks(html, hidden_cards(deal_at(deal, step)))
        assert not found, f"hidden cards in the page: {found}"
        self.checked += 1

    def follow_frames(self, html: str) -> str:
        """Fetch every frame the page would fetch, checking each."""
        while True:
            self.check(html)
            tick = re.search(r'hx-get="(/tables/[^"]+/at/\d+\?after=\d+)"', html)
            if not tick:
                return html
            url = tick.group(1).replace("&amp;", "&")
            html = self.person.client.get(
                url, headers={**self.person.headers, "HX-Request": "true"}
            ).text


def play_scanned(person: Person, scanner: Scanner, htmx: bool) -> None:
    for _ in range(400):
        phase, _, version = person.state()
        scanner.check(person.html)
        if phase == "over":
            return
        if phase == "declarations":
            person.post("continue", {"version": version}, htmx)
        elif phase == "discard":
            size = 2 if attribute(person.html, "data-game") == "troccas" else 3
            person.post("discard", {"version": version, "card": person.legal()[:size]}, htmx)
        elif phase == "play":
            card = person.legal()[-1]
            response = person.post("play", {"version": version, "card": card}, htmx)
            if "prompt=fool" in response.headers.get("location", ""):
                person.get("?prompt=fool")
            if "fool-question" in person.html:
                scanner.check(person.html)
                person.post("play", {"version": version, "card": card, "name": "CU"}, htmx)
        else:
            person.post("decide", {"version": version, "choice": "yes"}, htmx)
        if htmx:
            scanner.follow_frames(person.html)
        if "?hint=1" in person.html:
            scanner.check(person.get("?hint=1", htmx=htmx).text)
    raise AssertionError("the deal did not end")


OPTION_SETS = [
    ("danish-tarok", {}),
    ("danish-tarok", {"dk_conceal_discards": "on", "dk_traditional_fool_timing": "on"}),
    ("troccas", {}),
    ("troccas", {"tr_show_last_dealt_card": "on", "tr_manual_bob": "on"}),
]


@pytest.mark.parametrize(("game", "options"), OPTION_SETS)
@pytest.mark.parametrize("htmx", [False, True])
def test_no_hidden_card_in_any_page_of_two_deals(
    client: TestClient, game: str, options: dict[str, str], htmx: bool
) -> None:
    person = start(client, game=game, speed="fast" if htmx else "instant", **options)
    scanner = Scanner(person)
    play_scanned(person, scanner, htmx)  # you deal
    _, _, version = person.state()
    person.post("next", {"version": version}, htmx)
    scanner.follow_frames(person.html)
    play_scanned(person, scanner, htmx)  # Right deals
    assert scanner.checked > 30


def test_the_scan_finds_a_leak() -> None:
    """The scanner itself: a page that names another seat's card is caught."""
    from app.engine.match import Match

    deal = Match.new("danish-tarok", Options(), 1).start_deal()
    theirs = deal.holdings[1][0]
    hidden = hidden_cards(deal)
    assert theirs in hidden
    assert leaks(f'<img src="/static/cards/{CODES[theirs]}.svg">', hidden)
    assert leaks(f"<p>{display_name(theirs)}</p>", hidden)
    assert not leaks("<p>nothing to see</p>", hidden)


def test_a_concealed_discard_is_face_down_until_the_end(client: TestClient) -> None:
    person = start(client, dk_conceal_discards="on")
    finish_deal(person)  # you deal and see your own discard
    _, _, version = person.state()
    person.post("next", {"version": version})
    person.get()
    discards = person.html.split('id="discards"', 1)[1].split("</div>\n    </div>", 1)[0]
    assert "Face down until the end of the deal." in person.html
    assert "data-card" not in discards
    assert discards.count("back.svg") == 3
    finish_deal(person)
    discards = person.get().text.split('id="discards"', 1)[1].split("</div>\n    </div>", 1)[0]
    assert discards.count("data-card") == 3  # revealed in the summary
