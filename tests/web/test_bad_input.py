"""Bad input: a stale or double click, a card that is not yours, an illegal card, a forged form,
someone else's table. Each gets a clear message and a fresh table, nothing changes, never a 500.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.cards import CODES, FOOL
from app.engine.deal import Phase
from tests.web.factory import build_table, person_leads_fool, play_until
from tests.web.support import HX, Person, TestClient, attribute, message, start, status_of

Seat = Any


def snapshot(person: Person) -> tuple[str, str]:
    html = person.get().text
    return attribute(html, "data-version"), html.split('id="hand"', 1)[1].split("</form>", 1)[0]


@pytest.fixture
def playing(seat: Seat) -> Person:
    """The person leads the first trick (so every kind of bad play can be tried)."""
    person: Person = seat(*build_table(wanted=person_leads_fool, deals_before=2))
    return person


@pytest.mark.parametrize("htmx", [False, True])
def test_stale_version_gets_the_fresh_table(playing: Person, htmx: bool) -> None:
    before = snapshot(playing)
    version = int(before[0])
    card = next(c for c in playing.legal() if c != "FOOL")
    response = playing.post("play", {"version": version - 1, "card": card}, htmx)
    assert status_of(response) == 409
    assert response.status_code == (200 if htmx else 409)  # htmx: no failed request logged
    assert "moved on" in message(playing.html)
    assert 'id="table"' in playing.html
    assert snapshot(playing) == before


def test_double_click_plays_once(playing: Person) -> None:
    version = int(snapshot(playing)[0])
    card = next(c for c in playing.legal() if c != "FOOL")
    first = playing.post("play", {"version": version, "card": card})
    after_first = snapshot(playing)
    second = playing.post("play", {"version": version, "card": card})
    assert first.status_code == 303
    assert second.status_code == 409
    assert snapshot(playing) == after_first


def test_a_card_that_is_not_yours(playing: Person, data_dir: Any) -> None:
    before = snapshot(playing)
    store = playing.client.app.state.site.store  # type: ignore[attr-defined]
    deal = store.get(playing.table_id).match.deal
    theirs = CODES[deal.holdings[1][0]]
    response = playing.post("play", {"version": before[0], "card": theirs})
    assert status_of(response) == 422
    assert message(playing.html) == "That card is not in your hand."
    assert theirs not in playing.html  # the refusal does not name (or show) their card
    assert snapshot(playing) == before


def test_an_illegal_card_is_refused_with_the_rule(seat: Seat) -> None:
    table, token = build_table()

    def must_follow(deal: Any) -> bool:
        return (
            deal.phase is Phase.PLAY
            and deal.turn == 0
            and bool(deal.trick)
            and len(deal.legal_cards()) < len(deal.holdings[0])
        )

    assert play_until(table, must_follow)
    deal = table.match.deal
    assert deal is not None
    illegal = next(c for c in deal.holdings[0] if c not in deal.legal_cards())
    person: Person = seat(table, token)
    before = snapshot(person)
    response = person.post("play", {"version": before[0], "card": CODES[illegal]}, htmx=True)
    assert status_of(response) == 422
    assert message(person.html).startswith("You must")
    assert snapshot(person) == before


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"card": "CU-K"},
        {"version": "", "card": "CU-K"},
        {"version": "abc", "card": "CU-K"},
        {"version": "-1", "card": "CU-K"},
        {"version": "1" * 40, "card": "CU-K"},
        {"version": "VERSION", "card": "XX-99"},
        {"version": "VERSION", "card": ""},
        {"version": "VERSION"},
        {"version": "VERSION", "card": "FOOL", "name": "hearts"},
        {"version": "VERSION", "card": "x" * 5000},
        {"version": "VERSION", "card": ["CU-K", "CU-Q"]},
    ],
)
def test_forged_play_forms(playing: Person, form: dict[str, Any]) -> None:
    before = snapshot(playing)
    data = {key: (before[0] if value == "VERSION" else value) for key, value in form.items()}
    response = playing.post("play", data)
    assert 400 <= status_of(response) < 500, response.status_code
    assert message(playing.html)
    assert snapshot(playing) == before


@pytest.mark.parametrize("action", ["select", "discard", "decide", "continue", "next", "settings"])
def test_forged_forms_for_every_action(playing: Person, action: str) -> None:
    before = snapshot(playing)
    for data in ({}, {"version": "x"}, {"version": before[0], "choice": "maybe", "select": "ZZ"}):
        response = playing.post(action, data)
        assert response.status_code < 500, (action, data, response.status_code)
        if response.status_code != 303:  # "continue" and "settings" may well succeed
            assert 'id="table"' in playing.html
            assert message(playing.html)
    assert snapshot(playing)[0] == before[0]


def test_actions_out_of_turn_or_phase(playing: Person) -> None:
    before = snapshot(playing)
    for action, data in (
        ("select", {"version": before[0], "select": "CU-K"}),
        ("discard", {"version": before[0], "card": ["CU-K", "CU-Q", "CU-N"]}),
        ("decide", {"version": before[0], "choice": "yes"}),
        ("next", {"version": before[0]}),
    ):
        response = playing.post(action, data, htmx=True)
        assert status_of(response) in (409, 422), (action, response.status_code)
        assert message(playing.html), action
    assert snapshot(playing) == before


def test_unknown_action_and_wrong_method(playing: Person) -> None:
    response = playing.post("cheat", {"version": "1"})
    assert status_of(response) == 404
    response = playing.client.get(f"{playing.url}/play", headers=playing.headers)
    assert status_of(response) == 405
    assert "text/html" in response.headers["content-type"]


def test_someone_elses_table_is_refused(client: TestClient, playing: Person) -> None:
    before = snapshot(playing)
    stranger = start(client)
    for headers in ({}, {"Cookie": "trionfi_seat=guess"}, stranger.headers):
        page = client.get(playing.url, headers=headers)
        assert page.status_code == 403
        assert "Not your seat" in page.text
        assert "data-card" not in page.text
        response = client.post(
            f"{playing.url}/play",
            data={"version": before[0], "card": CODES[FOOL]},
            headers={**headers, **HX},
        )
        assert status_of(response) == 403
        assert response.headers.get("HX-Retarget") == "#main"
    assert snapshot(playing) == before


def test_frames_not_of_this_deal_show_the_latest(playing: Person) -> None:
    for path in ("/at/999999", "/at/0?after=999999", "/at/0"):
        response = playing.get(path, htmx=True)
        assert response.status_code == 200, path
        assert 'id="table"' in response.text


def test_frames_with_bad_numbers_are_not_understood(playing: Person) -> None:
    for path in ("/at/abc", "/at/999999?after=xyz", "/at/0?after=-5"):
        response = playing.get(path, htmx=True)
        assert status_of(response) == 400, path
        assert "Not understood" in response.text


def test_bad_setup_form(client: TestClient) -> None:
    response = client.post("/tables", data={"game": "chess"}, follow_redirects=False)
    assert status_of(response) == 400
    assert "Cannot start" in response.text
    response = client.post(
        "/tables", data={"game": "troccas", "speed": "warp", "difficulty": "god"}
    )
    assert response.status_code == 200  # unknown settings fall back to the defaults
    assert attribute(response.text, "data-game") == "troccas"
