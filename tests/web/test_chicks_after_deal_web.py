"""Chicks decided after the deal (rules.md 2.14a, 3.8a) on the table page: the forehand gets two
buttons (plain forms, JavaScript off, and htmx), the others see who decides and then the
choice, and the deal plays by it to its end."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.bots.chicks import wants_chicks
from app.engine.deal import Phase
from app.engine.options import Options
from app.engine.record import parse_record, replay
from tests.web.factory import build_table
from tests.web.friends import full_table, play_deal, spectator
from tests.web.support import TestClient, attribute, finish_deal

Seat = Any
AFTER = Options(chicks_after_deal=True)


def test_the_home_form_offers_the_option(client: TestClient) -> None:
    html = client.get("/").text
    assert "Chicks decided after the deal" in html  # each game's fields, both forms
    assert 'name="dk_chicks_after_deal"' in html
    assert 'name="tr_chicks_after_deal"' in html


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_the_option_starts_from_the_home_form(client: TestClient, game: str) -> None:
    prefix = "dk" if game == "danish-tarok" else "tr"
    data = {"game": game, "speed": "instant", f"{prefix}_chicks_after_deal": "on"}
    response = client.post("/tables", data=data, follow_redirects=False)
    assert response.status_code == 303
    html = client.get(response.headers["location"]).text
    # seat 0 deals the first deal, so Right (the forehand) chose, and everyone reads it
    assert "Right chooses" in html
    assert "Chicks" in html


@pytest.mark.parametrize(("game", "deals_before"), [("danish-tarok", 2), ("troccas", 3)])
@pytest.mark.parametrize("chicks", [True, False])
def test_the_forehand_chooses_with_plain_forms(
    seat: Seat, game: str, deals_before: int, chicks: bool
) -> None:
    table, token = build_table(game, options=AFTER, deals_before=deals_before, acknowledge=False)
    deal = table.match.deal
    assert deal is not None
    assert deal.phase is Phase.CHICKS
    assert deal.turn == 0
    person = seat(table, token)
    assert attribute(person.html, "data-phase") == "chicks"
    assert "Play with Chicks" in person.html
    assert "Play without Chicks" in person.html
    _, _, version = person.state()
    choice = "yes" if chicks else "no"
    response = person.post("decide", {"version": version, "choice": choice})
    assert response.status_code == 303
    html = person.get().text
    said = "You choose the Chicks rule" if chicks else "You choose to play this deal without"
    assert said in html
    assert "Play with Chicks" not in html
    finish_deal(person)
    number = deals_before + 1
    download = person.client.get(f"{person.url}/deals/{number}.json", headers=person.headers)
    record = download.json()
    assert record["actions"][0] == {"seat": 0, "chicks": chicks}
    assert record["options"] == {"chicks_after_deal": True}
    assert replay(parse_record(record)).chicks is chicks


def test_the_forehand_chooses_with_htmx(seat: Seat) -> None:
    table, token = build_table("troccas", options=AFTER, deals_before=3, acknowledge=False)
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "yes"}, htmx=True)
    assert response.status_code == 200
    assert "You choose the Chicks rule for this deal" in person.html


def test_a_bad_choice_is_refused_and_changes_nothing(seat: Seat) -> None:
    table, token = build_table(options=AFTER, deals_before=2, acknowledge=False)
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "maybe"})
    assert response.status_code == 400
    assert table.match.deal is not None
    assert person.state()[0] == "chicks"
    response = person.post("discard", {"version": version, "card": ["CU-1"]})
    assert response.status_code in (400, 409)
    assert person.get().status_code == 200
    assert person.state()[0] == "chicks"
    assert "Play with Chicks" in person.html


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_a_friends_table_plays_the_option_through(client: TestClient, game: str) -> None:
    """The host turns the option on in the friends' form; seat 0 deals, so the person at seat
    1 chooses; the others (and an onlooker) read who decides, then the choice."""
    prefix = "dk" if game == "danish-tarok" else "tr"
    people = full_table(client, game, **{f"{prefix}_chicks_after_deal": "on"})
    host, forehand = people[0], people[1]
    watcher = spectator(host)
    assert forehand.state()[0] == "chicks"
    assert "Play with Chicks" in forehand.html
    for other in (host, watcher):
        other.get()
        assert "Play with Chicks" not in other.html
        assert "decides whether this deal plays the Chicks rule" in other.html
    _, _, version = forehand.state()
    response = forehand.post("decide", {"version": version, "choice": "yes"}, htmx=True)
    assert response.status_code == 200
    host.get()
    assert "P1 chooses the Chicks rule for this deal" in host.html
    play_deal(people)
    record = host.client.get(f"{host.url}/deals/1.json", headers=host.headers).json()
    assert record["actions"][0] == {"seat": 1, "chicks": True}
    replay_page = host.client.get(f"{host.url}/deals/1", headers=host.headers)
    assert replay_page.status_code == 200
    assert "P1 chooses Chicks</a>" in replay_page.text  # the move list


def test_the_hint_says_which_choice_and_why(seat: Seat) -> None:
    table, token = build_table(options=AFTER, deals_before=2, acknowledge=False)
    deal = table.match.deal
    assert deal is not None
    person = seat(table, token)
    person.get("?hint=1", htmx=True)
    found = re.search(r'<p class="hint" role="status">([^<]*)</p>', person.html)
    assert found, "the page shows no hint"
    expected = "with the Chicks rule" if wants_chicks(deal.holdings[0]) else "without Chicks"
    assert expected in found.group(1)
    assert "Queens than Kings" in found.group(1)
