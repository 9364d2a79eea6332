"""A new deal of a hand with no trumps (rules.md 2.3a) on the table page: the person dealt no
trump gets two buttons (plain forms, JavaScript off, and htmx); a demand ends the deal with
nothing paid and the same dealer deals again; a decline is told to nobody else (not the other
seats, not an onlooker) until the deal is over and its record public; a computer always asks.

Such a hand comes about once in seven thousand deals, so the tests deal it
(``tests.engine.rigged``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.engine.deal import Phase
from app.engine.games import GAMES
from app.engine.options import Options
from app.engine.record import parse_record, replay
from app.web.table.stats import finished_deal_results
from tests.engine.rigged import rigged_game
from tests.web.factory import trumpless_table
from tests.web.friends import full_table, play_deal, spectator
from tests.web.support import TestClient, attribute, finish_deal

Seat = Any
QUESTION = "Ask for a new deal"
DECLINED = "not ask for a new deal"


def test_the_home_form_offers_the_option_in_danish_tarok_only(client: TestClient) -> None:
    html = client.get("/").text
    assert "A new deal for a hand with no trumps" in html
    assert 'name="dk_trumpless_redeal"' in html
    assert 'name="tr_trumpless_redeal"' not in html


def test_the_rules_pages_explain_the_option(client: TestClient) -> None:
    words = {"en": "no trumps", "da": "uden trumf", "de": "ohne Trumpf", "rm": "senza trumf"}
    for language, said in words.items():
        headers = {"Accept-Language": language}
        html = client.get("/rules/danish-tarok", headers=headers).text
        assert f'<html lang="{language}">' in html
        assert 'id="option-trumpless_redeal"' in html, language
        assert said in html, language


@pytest.mark.parametrize("game", ["danish-tarok", "danish-tarok-4"])
def test_the_person_declines_with_plain_forms(seat: Seat, game: str) -> None:
    table, token = trumpless_table(game, (0,))
    deal = table.match.deal
    assert deal is not None
    assert deal.phase is Phase.REDEAL
    assert deal.turn == 0
    person = seat(table, token)
    assert attribute(person.html, "data-phase") == "redeal"
    assert QUESTION in person.html
    assert "Play this hand" in person.html
    assert "You hold no trump: ask for a new deal, or play this hand?" in person.html
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "no"})
    assert response.status_code == 303
    html = person.get().text
    assert "You do not ask for a new deal." in html
    assert QUESTION not in html
    assert attribute(html, "data-phase") == "discard"  # the dealer lays away next
    finish_deal(person)
    record = person.client.get(f"{person.url}/deals/1.json", headers=person.headers).json()
    assert record["actions"][0] == {"seat": 0, "redeal": False}
    assert record["options"] == {"trumpless_redeal": True}
    assert not replay(parse_record(record)).is_void


def test_the_person_asks_for_a_new_deal_with_htmx(seat: Seat) -> None:
    table, token = trumpless_table("danish-tarok", (0,))
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "yes"}, htmx=True)
    assert response.status_code == 200
    html = person.html
    assert "You ask for a new deal: you hold no trump." in html
    assert "You asked for a new deal: you held no trump." in html  # the summary's line
    assert "Nobody pays anything in this deal, and you deal again." in html
    assert "New deal asked by You" in html  # the score sheet
    assert "Ledger of this deal" not in html
    assert attribute(html, "data-phase") == "over"
    person.get()
    phase, _, version = person.state()
    assert phase == "over"
    response = person.post("next", {"version": version})
    assert response.status_code == 303
    html = person.get().text
    assert "Deal 2: You deal." in html  # the same dealer deals again
    deal = table_deal(person)
    assert deal.dealer == 0
    assert deal.before is None  # nothing was paid: the pots are founded now
    assert [e.kind for e in deal.books.ledger[:6]] == ["pot-founding"] * 6


def table_deal(person: Any) -> Any:
    from app.web.storage.store import TableStore
    from tests.web.support import site_of

    store: TableStore = site_of(person.client.app).store
    table = store.get(person.table_id)
    assert table is not None
    assert table.match.deal is not None
    return table.match.deal


def test_a_computer_always_asks_and_the_person_reads_it(seat: Seat) -> None:
    table, token = trumpless_table("danish-tarok", (1,))  # Right, the forehand
    deal = table.match.deal
    assert deal is not None
    assert deal.is_void
    assert deal.redealt_by == 1
    assert finished_deal_results(table, 0.0) == []  # a void deal is no deal played
    person = seat(table, token)
    assert attribute(person.html, "data-phase") == "over"
    assert "Right asks for a new deal: no trumps." in person.html
    assert "Nobody pays anything in this deal, and you deal again." in person.html
    assert "New deal asked by Right" in person.html
    page = person.client.get(f"{person.url}/deals/1", headers=person.headers)
    assert page.status_code == 200
    assert "Right asks for a new deal</a>" in page.text  # the replay's move list
    step = person.client.get(f"{person.url}/deals/1?step=1", headers=person.headers).text
    assert "Right asks for a new deal: no trumps." in step
    record = person.client.get(f"{person.url}/deals/1.json", headers=person.headers).json()
    assert record["actions"] == [{"seat": 1, "redeal": True}]


def test_the_hint_says_ask_and_why(seat: Seat) -> None:
    table, token = trumpless_table("danish-tarok", (0,))
    person = seat(table, token)
    person.get("?hint=1", htmx=True)
    found = re.search(r'<p class="hint" role="status">([^<]*)</p>', person.html)
    assert found, "the page shows no hint"
    assert "Ask for a new deal: you hold no trump" in found.group(1)


def test_a_wrong_answer_is_refused_and_changes_nothing(seat: Seat) -> None:
    table, token = trumpless_table("danish-tarok", (0,))
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "maybe"})
    assert response.status_code == 400
    response = person.post("discard", {"version": version, "card": ["CU-1", "CU-2", "CU-3"]})
    assert response.status_code in (400, 409)
    assert person.state()[0] == "redeal"
    assert QUESTION in person.html


def test_a_friends_table_keeps_a_decline_to_its_player(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 deals; the person at seat 1 (the forehand) is dealt no trump. The others and an
    onlooker never read the question nor the decline, at any step; after the deal the record
    and its replay show the decline."""
    monkeypatch.setitem(GAMES, "danish-tarok", rigged_game("danish-tarok", (1,)))
    people = full_table(client, "danish-tarok", dk_trumpless_redeal="on")
    host, asked = people[0], people[1]
    watcher = spectator(host)
    assert asked.state()[0] == "redeal"
    assert QUESTION in asked.html
    for other in (host, people[2], watcher):
        other.get()
        assert QUESTION not in other.html
        assert "hold no trump" not in other.html
        assert "dealt no trump" not in other.html
    _, _, version = asked.state()
    response = asked.post("decide", {"version": version, "choice": "no"}, htmx=True)
    assert response.status_code == 200
    assert "You do not ask for a new deal." in asked.html

    def never_told(person: Any) -> None:
        if person is not asked and attribute(person.html, "data-phase") != "over":
            assert DECLINED not in person.html
            assert "hold no trump" not in person.html

    latest = asked.version()
    for other in (host, people[2], watcher):
        other.get()
        never_told(other)
        for version in range(latest + 1):  # every frame a page may fetch, the decline's too
            frame = other.get(f"/at/{version}", htmx=True)
            assert frame.status_code == 200
            assert DECLINED not in frame.text
            assert "hold no trump" not in frame.text
    play_deal(people, seen=never_told)
    record = host.client.get(f"{host.url}/deals/1.json", headers=host.headers).json()
    assert record["actions"][0] == {"seat": 1, "redeal": False}
    page = host.client.get(f"{host.url}/deals/1", headers=host.headers).text
    assert "P1 plays this hand" in page  # the move list, once the deal is over
    step = host.client.get(f"{host.url}/deals/1?step=1", headers=host.headers).text
    assert "P1 does not ask for a new deal." in step


def test_a_friends_table_tells_everyone_of_a_demand(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "danish-tarok", rigged_game("danish-tarok", (1,)))
    people = full_table(client, "danish-tarok", dk_trumpless_redeal="on")
    host, asked = people[0], people[1]
    watcher = spectator(host)
    _, _, version = asked.state()
    response = asked.post("decide", {"version": version, "choice": "yes"})
    assert response.status_code == 303
    for other in (host, people[2], watcher):
        other.get()
        assert "P1 asks for a new deal: no trumps." in other.html
    host.get()
    assert "Nobody pays anything in this deal, and you deal again." in host.html
    phase, _, version = host.state()
    assert phase == "over"
    assert host.post("next", {"version": version}).status_code == 303
    host.get()
    assert "Deal 2: You deal." in host.html
    people[2].get()
    assert "Deal 2: Anna deals." in people[2].html
    assert Options.from_json("danish-tarok", {"trumpless_redeal": True}).trumpless_redeal


def test_a_match_ended_after_a_void_deal_counts_its_last_deal_played() -> None:
    """Statistics: a void deal is no deal played; if the host ends the match right after
    one, the deal played before it is the one the match ended with."""
    from app.engine.actions import AskRedeal
    from tests.web.factory import build_table, play_out

    table, _ = build_table(options=Options(trumpless_redeal=True), deals_before=1)
    table.seats[0].player = "browser"
    deal = table.match.deal
    assert deal is not None
    play_out(deal, 3)
    played = finished_deal_results(table, 0.0)
    assert [(r.deal, r.ended_match) for r in played] == [(2, False)]
    real = table.match.game
    table.match.game = rigged_game("danish-tarok", (2,))  # seat 1 deals, seat 2 is forehand
    void = table.match.start_deal()
    table.match.game = real
    void.apply(AskRedeal(2, True))
    assert finished_deal_results(table, 0.0) == []
    table.finished = True
    ended = finished_deal_results(table, 0.0)
    assert [(r.deal, r.ended_match) for r in ended] == [(2, True)]
    assert ended[0].result == played[0].result
