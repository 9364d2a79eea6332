"""Friends' tables through the routes: create, join by link and by code, the lobby, start,
every viewer's own view, live polls, rejoin links, computer stand-ins, ending a match, and
the refusals (forged tokens, taken seats, other people's turns, other sites, big bodies)."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from app.web.http.cookies import SEAT_COOKIE
from tests.web.friends import (
    CONFIRMED,
    act,
    code_of,
    create,
    full_table,
    join,
    play_deal,
    poll,
    spectator,
)
from tests.web.support import (
    HX,
    Person,
    TestClient,
    attribute,
    away,
    inline_app,
    message,
    start,
    status_of,
)


def table_of(person: Person) -> object:
    return person.client.app.state.site.store.get(person.table_id)  # type: ignore[attr-defined]


# ------------------------------------------------------------------ creating and joining


def test_create_shows_invite_link_code_and_qr(client: TestClient) -> None:
    host = create(client, seats=("medium", "person", "person"), name="Anna")
    html = host.html
    assert attribute(html, "data-phase") == "lobby"
    assert attribute(html, "data-seat") == "1"  # the first seat chosen for a person
    link = re.search(
        r'<input readonly aria-label="Invite link" id="invite-link" value="([^"]+)"', html
    )
    assert link
    assert link.group(1) == f"http://testserver/tables/{host.table_id}"
    assert re.fullmatch(r"[A-Z0-9]{6}", code_of(html))
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html
    assert "Your rejoin link" in html
    assert "Start" not in re.sub(r"“Start”", "", html.split('id="table"', 1)[1].split("</form>")[0])


def test_the_seat_cookie_is_httponly_samesite_and_scoped(client: TestClient) -> None:
    data = {"game": "troccas", "name": "Anna", "seat_0": "person"}
    response = client.post("/friends", data=data, follow_redirects=False)
    cookie = next(c for c in response.headers.get_list("set-cookie") if c.startswith(SEAT_COOKIE))
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert f"Path={response.headers['location']}" in cookie
    client.cookies.clear()


def test_join_by_code_then_take_a_seat(client: TestClient) -> None:
    host = create(client)
    code = code_of(host.html)
    typed = f" {code[:3].lower()}-{code[3:]} "
    response = client.get("/join", params={"code": typed}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == host.url
    assert client.get("/join", params={"code": "ZZZZZZ"}).status_code == 404

    guest = spectator(host)
    assert "Your name" in guest.html
    assert "Take a seat" in guest.html
    bo = join(host, "Bo <script>", 2)
    assert attribute(bo.html, "data-seat") == "2"
    assert "Bo &lt;script&gt;" in bo.html
    assert "<script>" not in bo.html.replace('<script src="', "")
    assert "Take a seat" not in bo.html  # reopening the link returns to the seat
    assert "Bo &lt;script&gt;" in host.get().text


def test_seat_refusals(client: TestClient) -> None:
    host = create(client)
    bo = join(host, "Bo", 1)
    before = host.version()
    for data, status, words in [
        ({"name": "Cy", "seat": "1"}, 409, "taken"),
        ({"name": "Cy", "seat": "7"}, 400, "not a seat"),
        ({"name": "", "seat": "2"}, 400, "name"),
        ({"name": "x" * 200, "seat": "2"}, 400, "at most 24"),
        ({"name": "bo", "seat": "2"}, 409, "called"),
        ({"name": "You", "seat": "2"}, 400, "other than"),
    ]:
        response = client.post(f"{host.url}/join", data=data)
        assert response.status_code == status, (data, response.status_code)
        assert words in message(response.text), message(response.text)
    again = bo.post("join", {"name": "Bo again", "seat": "2"})
    assert again.status_code == 409
    assert "already" in message(bo.html)
    assert bo.post("start", {}).status_code == 403  # only the host starts
    assert host.post("start", {}).status_code == 409  # not every seat is taken
    assert host.version() == before


def test_each_person_sees_the_table_from_their_seat(client: TestClient) -> None:
    people = full_table(client)
    table = table_of(people[0])
    deal = table.match.deal  # type: ignore[attr-defined]
    for seat, person in enumerate(people):
        html = person.get().text
        assert attribute(html, "data-seat") == str(seat)
        hand = sorted(person.hand())
        held = sorted(c for c in re.findall(r'data-card="([^"]+)"', html.split('id="hand"')[1]))
        assert hand == sorted(set(held) & set(hand))
        assert len(hand) == len(deal.holdings[seat])
        mine = re.search(r'class="seat pos-bottom[^"]*" id="seat-(\d)"', html)
        assert mine
        assert mine.group(1) == str(seat)
        assert '<span class="seat-name">You</span>' in html
    title = re.search(r"<title>([^<]+)</title>", people[0].get().text)
    assert title
    assert title.group(1).startswith("▶ Your turn")
    assert "P1 to play" not in title.group(1)
    other = re.search(r"<title>([^<]+)</title>", people[1].get().text)
    assert other
    assert other.group(1).startswith("Anna")  # whose turn, on every screen


def test_a_spectator_gets_no_hand_and_no_actions(client: TestClient) -> None:
    people = full_table(client)
    watcher = spectator(people[0])
    assert 'id="hand"' not in watcher.html
    assert "You are watching" in watcher.html
    _, _, version = people[0].state()
    card = people[0].legal()[0]
    response = watcher.post("play", {"version": version, "card": card})
    assert response.status_code == 403
    forged = Person(client, people[0].table_id, "forged-token-that-is-long-enough")
    assert forged.post("play", {"version": version, "card": card}).status_code == 403
    assert people[0].version() == version


def test_an_action_for_someone_elses_turn_is_refused(client: TestClient) -> None:
    people = full_table(client)
    _, turn, version = people[0].state()
    assert turn == 0  # seat 0 deals and discards first
    other = people[1]
    for data in ({"version": version, "card": "CU-K"}, {"version": version, "card": "FOOL"}):
        response = other.post("discard", data)
        assert status_of(response) in (409, 422)
    response = other.post("discard", {"version": version, "card": people[0].legal()[:3]})
    assert status_of(response) == 409
    assert "not your turn" in message(other.html)
    assert people[0].version() == version


def test_polls_answer_204_until_the_table_moves(client: TestClient) -> None:
    people = full_table(client)
    _, _, version = people[1].state()
    mark = re.search(r"poll\?v=\d+&amp;p=([01-]+)", people[1].html)
    assert mark
    assert poll(people[1], version, mark.group(1)).status_code == 204
    assert act(people[0]).status_code == 303  # the dealer discards
    answer = poll(people[1], version, mark.group(1))
    assert answer.status_code == 200
    assert int(attribute(answer.text, "data-version")) > version
    assert "discards three cards" in answer.text
    assert 'hx-swap-oob="' in answer.text
    changed = poll(people[1], int(attribute(answer.text, "data-version")), "000")
    assert changed.status_code == 200  # the page shows other presence: a fresh frame


def test_a_whole_deal_between_three_people_then_the_next(client: TestClient) -> None:
    people = full_table(client)
    play_deal(people)
    for person in people:
        assert 'id="summary"' in person.get().text
    watcher = spectator(people[0])
    assert 'id="summary"' in watcher.html
    assert "Next deal" not in watcher.html
    assert "End the match" in people[0].html
    assert "End the match" not in people[1].html
    download = client.get(f"{people[0].url}/deals/1.json")  # anyone, once it is over
    assert download.status_code == 200
    version = int(attribute(people[0].html, "data-version"))
    late = people[0].post("play", {"version": version, "card": "CU-K"})
    assert late.status_code == 409  # an action on a finished deal
    assert "over" in message(people[0].html)
    version = int(attribute(people[2].html, "data-version"))
    assert people[2].post("next", {"version": version}).status_code == 303
    assert people[1].post("next", {"version": version}).status_code == 409  # once only
    assert "Deal 2" in people[0].get().text


def test_ending_the_match_keeps_it_listed(client: TestClient) -> None:
    people = full_table(client)
    assert people[0].post("end", CONFIRMED).status_code == 409  # only after a deal
    play_deal(people)
    assert people[1].post("end", CONFIRMED).status_code == 403
    assert people[0].post("end", CONFIRMED).status_code == 303
    html = people[1].get().text
    assert "The match is over" in html
    assert "Next deal" not in html
    listing = client.get("/tables").text
    assert code_of(people[0].get().text) in listing
    assert "finished after 1 deal" in listing
    version = int(attribute(html, "data-version"))
    assert people[1].post("next", {"version": version}).status_code == 409


# ------------------------------------------------------------------ away and back


def test_rejoin_link_moves_the_seat_to_another_device(client: TestClient) -> None:
    host = create(client)
    bo = join(host, "Bo", 1)
    link = re.search(r'aria-label="Your rejoin link" id="rejoin-link" value="([^"]+)"', bo.html)
    assert link
    path = link.group(1).removeprefix("http://testserver")
    assert "Take my seat" in client.get(path).text
    assert client.post(path.replace("/1/", "/2/")).status_code == 403
    assert client.post(path[:-3] + "xyz").status_code == 403
    response = client.post(path, follow_redirects=False)
    assert response.status_code == 303
    phone = Person(client, host.table_id, response.cookies[SEAT_COOKIE])
    client.cookies.clear()
    assert attribute(phone.get().text, "data-seat") == "1"
    assert "data-seat" not in re.search(r'<div id="table"[^>]*>', bo.get().text).group(0)  # type: ignore[union-attr]
    assert client.post(path, follow_redirects=False).status_code == 403  # used: it is spent
    assert "not valid" in client.get(path).text
    assert attribute(phone.get().text, "data-seat") == "1"  # the failed use moved nothing
    fresh = rejoin_link(phone.html)
    assert fresh != path
    response = client.post(fresh, follow_redirects=False)
    assert response.status_code == 303  # the page shows the seat's new link, which works
    client.cookies.clear()
    assert "data-seat" not in re.search(r'<div id="table"[^>]*>', phone.get().text).group(0)  # type: ignore[union-attr]


def rejoin_link(html: str) -> str:
    link = re.search(r'aria-label="Your rejoin link" id="rejoin-link" value="([^"]+)"', html)
    assert link
    return link.group(1).removeprefix("http://testserver")


def test_the_seated_person_replaces_their_rejoin_link(client: TestClient) -> None:
    host = create(client)
    bo = join(host, "Bo", 1)
    old = rejoin_link(bo.html)
    assert f'action="{bo.url}/rejoin"' in bo.html
    assert "New rejoin link" in bo.html
    response = bo.post("rejoin", {})
    assert response.status_code == 303
    assert response.headers["location"] == f"{bo.url}#rejoin-link"
    new = rejoin_link(bo.get().text)
    assert new != old
    assert client.post(old, follow_redirects=False).status_code == 403
    assert attribute(bo.get().text, "data-seat") == "1"  # Bo keeps his seat
    assert rejoin_link(host.get().text) != new  # each seat has its own link
    watcher = spectator(host)
    assert watcher.post("rejoin", {}).status_code == 403  # only a seated person
    assert rejoin_link(bo.get().text) == new
    assert client.post(new, follow_redirects=False).status_code == 303


def test_a_table_against_the_computer_has_no_rejoin_link(client: TestClient) -> None:
    person = start(client)
    assert person.post("rejoin", {}).status_code == 409
    assert client.app.state.site.store.get(person.table_id).seats[0].rejoin_key is None  # type: ignore[attr-defined]


def test_the_host_hands_an_absent_seat_to_a_computer_and_back(client: TestClient) -> None:
    people = full_table(client)
    host, bo = people[0], people[1]
    assert host.post("standin", {"seat": "1"}).status_code == 409  # Bo is here
    assert bo.post("standin", {"seat": "2"}).status_code == 403  # only the host
    away(host.client, host.table_id, 1)  # Bo closed the lid
    html = host.get().text
    assert "Let a computer play for P1" in html
    assert host.post("standin", {"seat": "1"}).status_code == 303
    table = table_of(host)
    assert table.seats[1].stand_in  # type: ignore[attr-defined]
    assert "A computer (Medium) plays for P1" in host.get().text
    act(host)  # the discard: then the computer plays for Bo when it is his turn
    deal = table.match.deal  # type: ignore[attr-defined]
    assert deal.turn != 1 or deal.is_over
    assert "Play myself again" in bo.get().text
    assert bo.post("giveback", {"seat": "1"}).status_code == 303
    assert table.seats[1].stand_in is None  # type: ignore[attr-defined]


# ------------------------------------------------------------------ requests from elsewhere


def test_posts_from_another_origin_are_refused(client: TestClient) -> None:
    people = full_table(client)
    _, _, version = people[0].state()
    data = {"version": version, "card": people[0].legal()[:3]}
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Referer": "http://evil.example/page"},
    ):
        response = client.post(
            f"{people[0].url}/discard",
            data=data,
            headers={**people[0].headers, **headers},
            follow_redirects=False,
        )
        assert response.status_code == 403
        assert "another site" in response.text
    assert people[0].version() == version
    same = client.post(
        f"{people[0].url}/discard",
        data=data,
        headers={**people[0].headers, "Origin": "http://testserver"},
        follow_redirects=False,
    )
    assert same.status_code == 303


@pytest.mark.parametrize("size", [20_000, 200_000])
def test_oversized_bodies_are_refused(client: TestClient, size: int) -> None:
    host = create(client)
    response = client.post(f"{host.url}/join", content=b"name=" + b"x" * size, headers=HX)
    assert response.status_code == 413
    response = client.post("/friends", data={"name": "y" * 300, "game": "troccas"})
    assert response.status_code == 400


def test_a_waiting_poll_answers_as_soon_as_someone_plays(client: TestClient) -> None:
    """The long poll: 204 after ``w`` seconds of nothing, at once when the table moves."""
    people = full_table(client)
    html = people[1].get(htmx=True).text
    version = int(attribute(html, "data-version"))
    found = re.search(r"poll\?v=\d+&amp;p=([^&]+)&amp;w=(\d+)", html)
    assert found
    assert found.group(2) == "15"
    url = f"{people[1].url}/poll?v={version}&p={found.group(1)}"
    headers = {**people[1].headers, **HX}
    began = time.monotonic()
    assert client.get(url + "&w=1", headers=headers).status_code == 204
    assert 0.9 < time.monotonic() - began < 3
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(client.get, url + "&w=10", headers=headers)
        time.sleep(0.3)
        assert not waiting.done()
        began = time.monotonic()
        assert act(people[0]).status_code == 303  # the dealer discards
        answer = waiting.result(timeout=5)
    assert answer.status_code == 200
    assert time.monotonic() - began < 1.0
    assert int(attribute(answer.text, "data-version")) == version + 1


def test_a_waiting_poll_leaves_your_own_move_to_its_answer(client: TestClient) -> None:
    """Your own click's answer shows your move; your page's waiting poll must not show it a
    second time (the announcements would say it twice)."""
    host = full_table(client)[0]
    html = host.get(htmx=True).text
    found = re.search(r"poll\?v=(\d+)&amp;p=([^&]+)&amp;", html)
    assert found
    url = f"{host.url}/poll?v={found.group(1)}&p={found.group(2)}&w=5"
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(client.get, url, headers={**host.headers, **HX})
        time.sleep(0.3)
        assert act(host, htmx=True).status_code == 200
        assert waiting.result(timeout=8).status_code == 204
    # only the announcements: not the ticker's copy, nor the whole deal's log (#deal-log)
    announced = host.html.split('<div id="announcements"', 1)[1].split("</div>", 1)[0]
    assert announced.count("You discard three cards") == 1


def test_the_invite_link_uses_the_lan_address_when_the_host_opened_localhost(
    data_dir: Path,
) -> None:
    """``trionfi serve`` on 0.0.0.0 passes its LAN address: a phone cannot follow
    ``localhost``, so the host's own page shows the LAN address instead."""
    app = inline_app(data_dir, lan_base="http://192.0.2.7:8000/")
    with TestClient(app, base_url="http://localhost:8000") as local:
        host = create(local)
        link = re.search(r'aria-label="Invite link" id="invite-link" value="([^"]+)"', host.html)
        assert link
        assert link.group(1) == f"http://192.0.2.7:8000/tables/{host.table_id}"
        assert "on this computer only" not in host.html
    with TestClient(app, base_url="http://192.0.2.7:8000") as remote:
        page = remote.get(f"/tables/{host.table_id}").text
        assert f'value="http://192.0.2.7:8000/tables/{host.table_id}"' in page
