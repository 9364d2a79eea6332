""" "Your games" on the home page (the ``trionfi_recent`` cookie, ``app.web.show.yourgames``)
and the host's "End the match", which asks first and takes the stand-in controls with the
match."""

from __future__ import annotations

import re
from typing import Any

from app.web.http.cookies import RECENT_COOKIE
from tests.web.friends import CONFIRMED, full_table, play_deal
from tests.web.support import Person, TestClient, away, site_of

TROCCAS_TABLE = {"game": "troccas", "name": "Anna", "speed": "instant"}
TROCCAS_SEATS = {"seat_0": "person", "seat_1": "person", "seat_2": "easy", "seat_3": "easy"}


def recent_of(response: Any) -> str:
    cookie: str = response.cookies[RECENT_COOKIE]
    return cookie


def post(client: TestClient, path: str, data: dict[str, str], recent: str = "") -> Any:
    """A browser posts a form with its ``trionfi_recent`` cookie (and no seat cookie)."""
    client.cookies.clear()
    headers = {"Cookie": f"{RECENT_COOKIE}={recent}"} if recent else {}
    return client.post(path, data=data, headers=headers, follow_redirects=False)


def home(client: TestClient, recent: str) -> str:
    client.cookies.clear()
    response = client.get("/", headers={"Cookie": f"{RECENT_COOKIE}={recent}"})
    assert response.status_code == 200
    return str(response.text)


def rows(html: str) -> list[tuple[str, str]]:
    """Each row of "Your games": its link and its words, in order."""
    found = []
    for row in re.findall(r'<li class="your-game[^"]*">(.*?)</li>', html, re.S):
        link = re.search(r'href="([^"]+)"', row)
        assert link
        words = re.sub(r"<form.*?</form>", "", row, flags=re.S)
        words = re.sub(r'<span class="sr-only">.*?</span>', "", words)
        found.append((link.group(1), " ".join(re.sub(r"<[^>]+>", " ", words).split())))
    return found


def table_id_of(response: Any) -> str:
    return str(response.headers["location"]).rsplit("/", 1)[1]


# ------------------------------------------------------------------ the list


def test_your_games_lists_this_browsers_tables_newest_first(client: TestClient) -> None:
    assert "Your games" not in home(client, "")
    solo = post(client, "/tables", {"game": "danish-tarok", "speed": "instant"})
    solo_id = table_id_of(solo)
    assert rows(home(client, recent_of(solo))) == [
        (f"/tables/{solo_id}", "Danish Tarok, deal 1 Your turn")  # the dealer discards first
    ]
    friends = post(client, "/friends", {**TROCCAS_TABLE, **TROCCAS_SEATS}, recent_of(solo))
    friends_id = table_id_of(friends)
    html = home(client, recent_of(friends))
    assert rows(html) == [
        (f"/tables/{friends_id}", "Swiss Troccas with friends Waiting for players"),
        (f"/tables/{solo_id}", "Danish Tarok, deal 1 Your turn"),
    ]
    assert "data-card" not in html  # the list shows no card of any hand


def test_a_friends_table_says_whose_turn_it_is_to_each_of_its_people(
    client: TestClient,
) -> None:
    host_answer = post(client, "/friends", {**TROCCAS_TABLE, **TROCCAS_SEATS})
    table_id = table_id_of(host_answer)
    joined = post(client, f"/tables/{table_id}/join", {"name": "Bo", "seat": "1"})
    assert recent_of(joined) == f"{table_id}:1"
    host = Person(client, table_id, host_answer.cookies["trionfi_seat"])
    assert host.post("start", {}).status_code == 303
    assert (
        rows(home(client, recent_of(host_answer)))[0][1]
        == "Swiss Troccas with friends, deal 1 Your turn"
    )
    assert (
        rows(home(client, recent_of(joined)))[0][1]
        == "Swiss Troccas with friends, deal 1 Anna to play"
    )
    # an entry without a person's seat (written before seats were kept, or edited) names the turn
    assert rows(home(client, table_id))[0][1].endswith("Anna to play")
    assert rows(home(client, f"{table_id}:3"))[0][1].endswith("Anna to play")


def test_a_finished_deal_and_an_ended_match_say_so(client: TestClient) -> None:
    people = full_table(client)
    recent = f"{people[0].table_id}:0"
    play_deal(people)
    assert rows(home(client, recent))[0][1] == "Danish Tarok with friends, deal 1 Deal over"
    assert people[0].post("end", CONFIRMED).status_code == 303
    assert rows(home(client, recent))[0][1] == "Danish Tarok with friends, deal 1 Match ended"


def test_tables_that_are_gone_are_left_out(client: TestClient) -> None:
    solo = post(client, "/tables", {"game": "troccas", "speed": "instant"})
    recent = f"nosuchtable1:0.{recent_of(solo)}.{'x' * 40}:0"
    assert [link for link, _ in rows(home(client, recent))] == [f"/tables/{table_id_of(solo)}"]


def test_forget_takes_a_game_off_the_list_only(client: TestClient) -> None:
    first = post(client, "/tables", {"game": "troccas", "speed": "instant"})
    second = post(client, "/tables", {"game": "danish-tarok", "speed": "instant"}, recent_of(first))
    recent = recent_of(second)
    answer = post(client, "/your-games/forget", {"table": table_id_of(second)}, recent)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/#your-games"
    assert recent_of(answer) == recent_of(first)
    assert [link for link, _ in rows(home(client, recent_of(answer)))] == [
        f"/tables/{table_id_of(first)}"
    ]
    again = post(client, "/your-games/forget", {"table": table_id_of(second)}, recent_of(answer))
    assert again.status_code == 303  # a second click: not on the list, and still not
    assert recent_of(again) == recent_of(first)


def test_forget_refuses_a_form_that_names_no_table(client: TestClient) -> None:
    recent = recent_of(post(client, "/tables", {"game": "troccas", "speed": "instant"}))
    for data in ({}, {"table": ""}, {"table": "a.b:c"}, {"table": "x" * 33}):
        answer = post(client, "/your-games/forget", data, recent)
        assert answer.status_code == 400
        assert "does not name a table" in answer.text
        assert RECENT_COOKIE not in answer.cookies


# ------------------------------------------------------------------ ending the match


def test_ending_the_match_asks_first_and_says_it_is_for_everyone(client: TestClient) -> None:
    people = full_table(client)
    host = people[0]
    play_deal(people)
    html = host.get().text
    folded = re.search(r'<details class="end-match">.*?</details>', html, re.S)
    assert folded, "the host's End the match is folded"
    assert "<summary>End the match…</summary>" in folded.group(0)
    assert "ends it for everyone at this table" in folded.group(0)
    assert "Yes, end the match for everyone" in folded.group(0)
    assert "end-match" not in people[1].get().text  # only the host
    refused = host.post("end", {})  # the old one-click form: refused, nothing changed
    assert refused.status_code == 400
    assert "confirm that the match ends for everyone" in refused.text
    assert "Next deal" in host.get().text
    assert host.post("end", CONFIRMED).status_code == 303
    assert "The match is over" in host.get().text


def test_stand_in_controls_go_with_the_match(client: TestClient) -> None:
    people = full_table(client)
    host = people[0]
    play_deal(people)
    away(host.client, host.table_id, 1)  # P1 closed the lid
    away(host.client, host.table_id, 2)
    assert host.post("standin", {"seat": "2"}).status_code == 303
    html = host.get().text
    assert "Let a computer play for P1" in html
    assert "Give P2 the seat back" in html
    assert "Play myself again" in people[2].get().text
    assert host.post("end", CONFIRMED).status_code == 303
    site_of(host.client).presence._seen[host.table_id].pop(1, None)
    html = host.get().text
    assert "Let a computer play for" not in html
    assert "seat back" not in html
    assert "Play myself again" not in people[2].get().text
    assert host.post("standin", {"seat": "1"}).status_code == 409  # the match is over


def test_a_forged_list_cookie_is_read_safely(client: TestClient) -> None:
    """Seat numbers in the cookie are ASCII digits or nothing: '²' passes ``isdigit``."""
    for value in ("abc:²", "abc:١", ":1", "a" * 500, "x:-1.y:99999"):
        cookie = {"Cookie": f"{RECENT_COOKIE}={value}".encode()}  # as a browser's bytes
        assert client.get("/", headers=cookie).status_code == 200, value
        assert client.get("/tables", headers=cookie).status_code == 200, value
