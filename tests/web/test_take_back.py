"""Take back a card against the computer (``moves.take_back``): the button, the post with and
without JavaScript, stale and refused take backs, friends' tables, a restart, the replay.

The app's computers move inside the request (``inline_app``), so a play's answer comes with
their replies made; ``test_a_take_back_while_the_computers_reply`` moves them off the request.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.engine.cards import display_name, parse
from app.engine.record import parse_record, replay, result
from app.web import create_app
from app.web.live.computers import Computers
from tests.web.factory import build_table, save
from tests.web.friends import act, full_table
from tests.web.support import (
    Person,
    TestClient,
    attribute,
    finish_deal,
    inline_app,
    message,
    site_of,
    status_of,
)

Seat = Any
BUTTON = 'id="take-back-button"'


def take_back_version(html: str) -> int | None:
    """The version the page's "Take back" form carries; None without the form."""
    found = re.search(r'action="[^"]*/take-back"[^>]*>\s*<input type="hidden" name="version" '
                      r'value="(\d+)"', html)  # fmt: skip
    return int(found.group(1)) if found else None


def person_playing(seat: Seat, game: str = "danish-tarok", seed: int = 0) -> Person:
    """A table against the computer where the person is to play a card, with a trick or more
    to go, and has not played one in this deal yet."""
    table, token = playing_table(game, seed=seed)
    person: Person = seat(table, token)
    return person


def playing_table(game: str = "danish-tarok", **built: Any) -> tuple[Any, str]:
    """A table at deal 2 (a computer deals) where the person is to play their first card."""
    return build_table(game, deals_before=1, wanted=person_to_play_first, **built)


def person_to_play_first(deal: Any) -> bool:
    return deal.turn == 0 and deal.phase.value == "play" and deal.last_play_of(0) is None


def played(person: Person, htmx: bool = False) -> tuple[str, list[str], list[str]]:
    """The person plays their first legal card; that card, their hand and legal cards before."""
    person.get()
    hand, legal = person.hand(), person.legal()
    card = next((c for c in legal if c != "FOOL"), legal[0])  # the Fool alone may ask a suit
    form = {"version": person.version(), "card": card}
    response = person.post("play", form, htmx)
    if "fool-question" in person.html or "prompt=fool" in response.headers.get("location", ""):
        response = person.post("play", {**form, "name": "T"}, htmx)
    assert status_of(response) in (200, 303), message(person.html)
    person.get()
    return card, hand, legal


def take_back(person: Person, version: int | None = None, htmx: bool = False) -> Any:
    """Post "Take back" with the page's version (or ``version``); a redirect is followed, as
    a browser would, so that ``person.html`` is the table either way."""
    sent = person.version() if version is None else version
    response = person.post("take-back", {"version": sent}, htmx)
    if response.status_code == 303:
        person.get(response.headers["location"].removeprefix(person.url))
    return response


def table_of(person: Person) -> Any:
    """The person's table as the app's store holds it."""
    table = site_of(person.client).store.get(person.table_id)
    assert table is not None
    return table


def saved_record(person: Person) -> dict[str, Any]:
    """The current deal's hand record as the store holds it."""
    data: dict[str, Any] = table_of(person).to_json()["match"]["deal"]
    return data


# ------------------------------------------------------------------ the button


def test_no_take_back_before_the_person_has_played_a_card(seat: Seat) -> None:
    person = person_playing(seat)
    assert BUTTON not in person.html
    response = take_back(person)
    assert status_of(response) == 409
    assert message(person.html) == "There is no card to take back: none played in this deal."


def test_after_a_play_the_page_offers_to_take_it_back(seat: Seat) -> None:
    person = person_playing(seat)
    card, _, _ = played(person)
    person.get()
    assert BUTTON in person.html
    assert f'<span class="sr-only"> {display_name(parse(card))}</span>' in person.html
    assert take_back_version(person.html) == person.version()
    assert 'aria-keyshortcuts="u"' not in person.html  # marked by keys.js, not the server
    assert "<kbd>u</kbd>" in person.html  # the shortcuts list names it


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_take_back_returns_the_card_and_undoes_the_computers_replies(
    seat: Seat, htmx: bool
) -> None:
    person = person_playing(seat)
    card, hand, legal = played(person)
    before = person.version()
    assert card not in person.hand()
    response = take_back(person, before, htmx)
    said = f"You took back {display_name(parse(card))}: it is your turn again."
    if htmx:
        assert response.status_code == 200
        assert 'id="announcements" hx-swap-oob="innerHTML"' in person.html
    else:
        assert response.status_code == 303
        assert response.headers["location"] == f"{person.url}?taken=1#hand"
    assert message(person.html) == said
    phase, turn, version = person.state()
    assert (phase, turn) == ("play", 0)
    assert version == before + 1
    assert person.hand() == hand
    assert person.legal() == legal
    assert BUTTON not in person.html  # the person's first card: nothing more to take back
    actions = saved_record(person)["actions"]
    assert actions[-1] == {"seat": 0, "take_back": card}
    person.get("?taken=1")  # told while the take back is the latest entry (a reload)
    assert message(person.html) == said
    played(person)
    person.get("?taken=1")  # and no longer after another card
    assert message(person.html) == ""


def test_the_same_card_again_brings_the_same_replies(seat: Seat) -> None:
    """The computers see what they saw and draw from the same stream: the same moves."""
    person = person_playing(seat)
    card, _, _ = played(person)
    first = saved_record(person)["actions"]
    take_back(person)
    played(person)
    again = saved_record(person)["actions"]
    undone = first[first.index({"seat": 0, "play": card}) :]
    assert again[-len(undone) :] == undone


def test_repeated_take_backs_go_back_card_by_card(seat: Seat) -> None:
    person = person_playing(seat, "troccas")
    first, hand, _ = played(person)
    second, _, _ = played(person)
    take_back(person)
    assert second in person.hand()
    assert first not in person.hand()
    person.get()
    assert take_back_version(person.html) == person.version()
    take_back(person)
    assert person.hand() == hand


# ------------------------------------------------------------------ refusals


def test_a_double_click_takes_back_once(seat: Seat) -> None:
    person = person_playing(seat, "troccas")
    played(person)
    second, _, _ = played(person)
    version = person.version()
    person.post("take-back", {"version": version}, htmx=True)
    hand = person.hand()
    response = person.post("take-back", {"version": version}, htmx=True)
    assert status_of(response) == 409
    assert "nothing was done" in message(person.html)
    assert person.hand() == hand
    assert person.version() == version + 1
    assert second in hand


def test_a_page_from_before_the_card_cannot_take_it_back(seat: Seat) -> None:
    person = person_playing(seat, "troccas")
    played(person)
    older = person.version()
    played(person)
    hand, version = person.hand(), person.version()
    for stale in (older, version + 1, 0):
        response = person.post("take-back", {"version": stale})
        assert status_of(response) == 409
        assert person.hand() == hand
        assert person.version() == version


@pytest.mark.parametrize("form", [{}, {"version": "x"}, {"version": "-1"}])
def test_a_malformed_take_back_is_refused(seat: Seat, form: dict[str, str]) -> None:
    person = person_playing(seat)
    played(person)
    version = person.version()
    response = person.post("take-back", form)
    assert status_of(response) == 400
    assert person.version() == version


def test_no_take_back_once_the_deal_is_over(seat: Seat) -> None:
    person = person_playing(seat)
    finish_deal(person)
    assert BUTTON not in person.html
    response = take_back(person)
    assert status_of(response) == 409
    assert message(person.html).startswith("The deal is over")


def test_no_take_back_without_the_seat_cookie(seat: Seat) -> None:
    person = person_playing(seat)
    played(person)
    version = person.version()
    stranger = Person(person.client, person.table_id, "")
    response = stranger.post("take-back", {"version": version})
    assert status_of(response) == 403
    assert person.version() == version


def test_a_friends_table_has_no_take_back(client: TestClient) -> None:
    people = full_table(client, "danish-tarok")
    host = people[0]
    for _ in range(10):  # everyone answers until the host has played a card
        phase, turn, _ = host.state()
        if phase == "declarations":
            act(host)
            continue
        act(people[turn])
        if phase == "play" and turn == 0:
            break
    assert table_of(host).match.deal.last_play_of(0) is not None  # type: ignore[union-attr]
    for person in people:
        person.get()
        assert BUTTON not in person.html
    version = host.version()
    response = host.post("take-back", {"version": version})
    assert status_of(response) == 403
    assert message(host.html) == "Cards are taken back only at a table against the computer."
    assert host.version() == version


# ------------------------------------------------------------------ the computers off the request


@pytest.fixture
def served(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(data_dir, inline_computers=False)) as test_client:
        yield test_client


def settle(client: TestClient, table_id: str) -> None:
    computers: Computers = site_of(client).computers
    client.portal.call(computers.settle, table_id)  # type: ignore[union-attr]


def test_a_take_back_while_the_computers_reply(served: TestClient, data_dir: Path) -> None:
    """The post is sent with the version of the play's answer, while the computers still
    think: it waits for the table's lock, then undoes the card and whatever they played."""
    table, token = playing_table("troccas", level="medium")
    save(table, data_dir)
    person = Person(served, table.id, token)
    person.get()
    hand, version = person.hand(), int(attribute(person.html, "data-version"))
    card = person.legal()[0]
    person.post("play", {"version": version, "card": card}, htmx=True)
    assert take_back_version(person.html) == version + 1
    response = person.post("take-back", {"version": version + 1}, htmx=True)
    assert response.status_code == 200, message(person.html)
    settle(served, table.id)
    phase, turn, _ = person.state()
    assert (phase, turn) == ("play", 0)
    assert person.hand() == hand


# ------------------------------------------------------------------ restart and replay


def test_a_table_with_a_take_back_survives_a_restart(data_dir: Path) -> None:
    table, token = playing_table("danish-tarok")
    save(table, data_dir)
    with TestClient(inline_app(data_dir)) as client:
        person = Person(client, table.id, token)
        card, _, _ = played(person)
        played(person)
        take_back(person)
        shown = person.state(), person.hand(), take_back_version(person.html)
    with TestClient(inline_app(data_dir)) as client:
        person = Person(client, table.id, token)
        assert (person.state(), person.hand(), take_back_version(person.html)) == shown
        take_back(person)
        assert card in person.hand()


def test_a_finished_deal_with_take_backs_replays_them(seat: Seat) -> None:
    table, token = playing_table("troccas")
    person: Person = seat(table, token)
    card, _, _ = played(person)
    take_back(person)
    finish_deal(person)
    record = person.get("/deals/2.json").json()
    assert {"seat": 0, "take_back": card} in record["actions"]
    stored = site_of(person.client).store.get(table.id)
    assert stored is not None
    deal = stored.match.deal
    assert deal is not None
    assert result(replay(parse_record(record))) == result(deal)
    where = record["actions"].index({"seat": 0, "take_back": card}) + 1
    page = person.get(f"/deals/2?step={where}")
    assert page.status_code == 200
    said = f"You take back {display_name(parse(card))} and the moves after it."
    assert said in page.text
    label = f'You take back {display_name(parse(card))}<span class="sr-only"> (trick '
    assert label in page.text  # the move list, with the trick it goes back to
    assert json.dumps(record)  # a plain JSON record, downloadable as any other


def test_a_spectator_never_sees_a_take_back_button(seat: Seat) -> None:
    table, token = playing_table("danish-tarok")
    person: Person = seat(table, token)
    played(person)
    watcher = Person(person.client, person.table_id, "")
    watcher.get()
    assert BUTTON not in watcher.html
