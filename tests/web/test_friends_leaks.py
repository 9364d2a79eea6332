"""No hidden card at a friends' table (design.md 1.6), for every seated person and for a
spectator: whole deals are played between people, and every page, every polled answer and
every paced frame each viewer gets is scanned against what that viewer may see at the step
the answer shows."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.engine.cards import Card
from app.engine.deal import Deal
from app.engine.observation import observe
from tests.web.friends import full_table, play_deal, spectator
from tests.web.support import HX, Person, TestClient, attribute
from tests.web.test_leaks import deal_at, hidden_cards, leaks


def public_hidden(deal: Deal) -> set[Card]:
    """What someone without a seat may not see: every holding, and a discard the table does
    not show, less the cards the rules show."""
    other = (deal.dealer + 1) % deal.seat_count
    obs = observe(deal, other)
    hidden = {card for hand in deal.holdings for card in hand}
    if deal.discarded and obs.discard is None:
        hidden |= set(deal.discarded)
    shown = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    if obs.face_up is not None:
        shown |= {card for card in obs.face_up if card is not None}
    return hidden - shown


class Watch:
    """Scans everything one viewer receives."""

    def __init__(self, person: Person, seat: int | None) -> None:
        self.person = person
        self.seat = seat
        self.checked = 0
        self.last = -1

    def table(self) -> Any:
        return self.person.client.app.state.site.store.get(self.person.table_id)  # type: ignore[attr-defined]

    def check(self, html: str) -> None:
        if 'id="table"' not in html or 'data-phase="lobby"' in html:
            return
        table = self.table()
        deal = table.match.deal
        step = int(attribute(html, "data-version")) - table.deal_base
        at = deal_at(deal, max(0, min(step, len(deal.history))))
        hidden = public_hidden(at) if self.seat is None else hidden_cards(at, self.seat)
        found = leaks(html, hidden)
        assert not found, f"seat {self.seat} sees hidden cards: {found}"
        self.checked += 1

    def poll_and_follow(self) -> None:
        """Poll from the version last seen, then fetch the paced frames as the page would."""
        get = self.person.client.get
        headers = {**self.person.headers, **HX}
        response = get(f"{self.person.url}/poll?v={self.last}&p=", headers=headers)
        html = response.text
        for _ in range(200):
            self.check(html)
            if 'id="table"' in html:
                self.last = int(attribute(html, "data-version"))
            tick = re.search(r'hx-get="(/tables/[^"]+/at/\d+\?after=\d+)"', html)
            if not tick:
                return
            html = get(tick.group(1).replace("&amp;", "&"), headers=headers).text


OPTION_SETS = [
    ("danish-tarok", {"dk_conceal_discards": "on", "speed": "fast"}),
    ("troccas", {"tr_show_last_dealt_card": "on", "speed": "fast"}),
]


@pytest.mark.parametrize(("game", "options"), OPTION_SETS)
def test_no_hidden_card_for_people_or_spectators(
    client: TestClient, game: str, options: dict[str, str]
) -> None:
    people = full_table(client, game, **options)
    watcher = spectator(people[0])
    watches = {id(p): Watch(p, seat) for seat, p in enumerate(people)}
    watches[id(watcher)] = Watch(watcher, None)

    def seen(person: Person) -> None:
        watch = watches[id(person)]
        watch.check(person.html)
        watch.poll_and_follow()
        if person is people[-1]:  # once a round: the spectator's page and polls
            spectating = watches[id(watcher)]
            spectating.check(watcher.get().text)
            spectating.poll_and_follow()

    play_deal(people, seen)
    for watch in watches.values():
        watch.check(watch.person.get().text)  # the summary: every card is public now
        assert watch.checked > 20
