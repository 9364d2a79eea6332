"""The draw before the match on the pages (rules.md 2.1a, 3.1a): the home form offers the
options with their rules links, a table against the computer tells the draw and lets the
lowest trump deal first (the person stays at seat 0), a friends' table reseats its people by
the draw with their cookies and rejoin links following them, and a restart keeps the draw."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from app.engine.cards import TRUMP_NUMBER, code
from app.engine.games import GAMES
from app.engine.options import DANISH_FOUR
from app.web.http.cookies import SEAT_COOKIE
from app.web.table.model import Table
from tests.web.friends import create, join, spectator
from tests.web.support import (
    Person,
    TestClient,
    attribute,
    finish_deal,
    inline_app,
    site_of,
    start,
)


def table_of(client: TestClient, table_id: str) -> Table:
    async def read() -> Table:
        async with site_of(client.app).store.reading(table_id) as table:
            return table

    portal = client.portal  # the app's own loop, where its store's locks live
    if portal is not None:
        return portal.call(read)
    # not started as a context manager: a loop of its own, in a thread of its own (another
    # test may have left this thread's loop running, and asyncio.run refuses then)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, read()).result()


def log_lines(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", line).strip()
        for line in re.findall(r"<li[^>]*>(.*?)</li>", html, re.S)
    ]


def test_the_home_form_offers_both_options_with_their_rules(client: TestClient) -> None:
    html = client.get("/").text
    for name in ("dk_draw_first_dealer", "tr_draw_first_dealer", "tr_draw_partners"):
        assert f'name="{name}"' in html
    assert 'name="dk_draw_partners"' not in html
    for game in ("danish-tarok", "troccas"):
        page = client.get(f"/rules/{game}").text
        assert 'id="option-draw_first_dealer"' in page
    assert 'id="option-draw_partners"' in client.get("/rules/troccas").text


@pytest.mark.parametrize(
    ("game", "field"),
    [
        ("danish-tarok", "dk_draw_first_dealer"),
        ("troccas", "tr_draw_first_dealer"),
        ("troccas", "tr_draw_partners"),
    ],
)
def test_against_the_computer_the_lowest_trump_deals_first(
    client: TestClient, game: str, field: str
) -> None:
    person = start(client, game=game, **{field: "on"})
    table = table_of(client, person.table_id)
    drawn = table.match.drawn
    assert drawn is not None
    deal = table.match.deal
    assert deal is not None
    assert deal.dealer == drawn.first_dealer == table.match.first_dealer
    html = person.html
    assert "You draw " in html
    names = (
        ["You", "Right", "Left"] if game == "danish-tarok" else ["You", "Right", "Partner", "Left"]
    )
    for seat, name in enumerate(names[1:], start=1):
        assert f"{name} draws " in html, seat
    if drawn.first_dealer == 0:
        assert "You deal first." in html
    else:
        assert f"{names[drawn.first_dealer]} deals first." in html
    key = field.split("_", 1)[1]
    assert f"/rules/{game}#option-{key}" in html  # the rules in force link their section
    if field == "tr_draw_partners":
        assert "Partner and you play together." in html
        assert "Right and Left play together." in html
        numbers = [TRUMP_NUMBER[card] for card in drawn.trumps]
        high = set(sorted(numbers)[2:])
        assert ({numbers[0], numbers[2]} == high) or not ({numbers[0], numbers[2]} & high)
    else:
        assert "play together" not in html
    assert [seat.name for seat in table.seats] == names
    assert table.seats[0].kind == "person"


def test_without_the_option_seat_0_deals_and_nothing_is_drawn(client: TestClient) -> None:
    person = start(client, game="troccas")
    assert "draws " not in person.html
    assert "deal first" not in person.html
    table = table_of(client, person.table_id)
    assert table.match.drawn is None
    assert table.match.deal is not None
    assert table.match.deal.dealer == 0


def test_the_draw_survives_a_restart(data_dir: Path) -> None:
    with TestClient(inline_app(data_dir)) as client:
        person = start(client, game="danish-tarok", dk_draw_first_dealer="on")
        before = table_of(client, person.table_id)
        lines = [line for line in log_lines(person.html) if "draw" in line or "first" in line]
    with TestClient(inline_app(data_dir)) as again:
        after = table_of(again, person.table_id)
        assert after.match.drawn == before.match.drawn
        assert after.match.dealer == before.match.dealer
        page = Person(again, person.table_id, person.token)
        page.get()
        for line in lines:
            assert line in log_lines(page.html)


def rejoin_link(html: str) -> str:
    link = re.search(r'id="rejoin-link" value="([^"]+)"', html)
    assert link
    return link.group(1).removeprefix("http://testserver")


def friends_troccas(client: TestClient) -> tuple[list[Person], list[str], list[str]]:
    """A Troccas table of four people with partners drawn, started; index = the seat each
    took in the lobby. Also each person's rejoin link as the lobby gave it."""
    names = ["Anna", "Bo", "Cla", "Dora"]
    host = create(client, "troccas", ("person",) * 4, name=names[0], tr_draw_partners="on")
    assert "everyone draws cards until a trump" in host.html
    assert "seat 1 deals first" not in host.html
    people = [host] + [join(host, names[seat], seat) for seat in range(1, 4)]
    links = [rejoin_link(person.get().text) for person in people]
    response = host.post("start", {})
    assert response.status_code == 303, response.text
    return people, names, links


def reseated(client: TestClient) -> tuple[list[Person], list[str], list[str], Table]:
    for _ in range(12):  # until the draw moves somebody (it keeps everyone 1 time in 3)
        people, names, links = friends_troccas(client)
        table = table_of(client, people[0].table_id)
        if [seat.name for seat in table.seats] != names:
            return people, names, links, table
    raise AssertionError("the draw never moved anybody")


def test_a_friends_table_reseats_its_people_by_the_draw(client: TestClient) -> None:
    people, names, _, table = reseated(client)
    drawn = table.match.drawn
    assert drawn is not None
    assert drawn.partners
    seated = [seat.name for seat in table.seats]
    assert sorted(seated) == sorted(names)
    assert seated[0] == "Anna"  # the player at seat 0 stays
    assert table.host == seated.index("Anna")
    numbers = [TRUMP_NUMBER[card] for card in drawn.trumps]
    high = set(sorted(numbers)[2:])
    assert {numbers[0], numbers[2]} == high or {numbers[1], numbers[3]} == high
    assert numbers[1] > numbers[3]  # of Anna's opponents, the higher sits to her right
    deal = table.match.deal
    assert deal is not None
    assert deal.dealer == drawn.first_dealer
    for old, person in enumerate(people):
        person.get()
        seat = int(attribute(person.html, "data-seat"))
        assert seated[seat] == names[old]  # the cookie opens the person's own, new seat
        assert table.seats[seat].drawn_from == (old if old != seat else None)
        partner = seated[(seat + 2) % 4]
        assert f"{partner} and you play together." in person.html
        assert "You draw " in person.html
        assert set(person.hand()) == {code(card) for card in deal.holdings[seat]}
        others = {
            code(card) for other in range(4) if other != seat for card in deal.holdings[other]
        }
        assert not others & set(re.findall(r'data-card="([^"]+)"', person.html))
    watcher = spectator(people[0])
    assert "you play together" not in watcher.html
    assert f"{seated[0]} and {seated[2]} play together." in watcher.html
    assert f"{seated[1]} and {seated[3]} play together." in watcher.html
    every = {code(card) for hand in deal.holdings for card in hand}
    assert not every & set(re.findall(r'data-card="([^"]+)"', watcher.html))


def test_a_lobby_rejoin_link_opens_the_persons_new_seat(client: TestClient) -> None:
    people, names, links, table = reseated(client)
    seated = [seat.name for seat in table.seats]
    moved = next(old for old, name in enumerate(names) if seated[old] != name)
    path = links[moved]
    assert f"/rejoin/{moved}/" in path
    new = seated.index(names[moved])
    page = client.get(path).text
    assert names[moved] in page
    assert f"/rejoin/{new}/" in page
    response = client.post(path, follow_redirects=False)
    assert response.status_code == 303
    phone = Person(client, people[0].table_id, response.cookies[SEAT_COOKIE])
    client.cookies.clear()
    assert attribute(phone.get().text, "data-seat") == str(new)
    # the old device now only watches; the spent link opens nothing, nor any other seat
    assert "data-seat" not in re.search(r'<div id="table"[^>]*>', people[moved].get().text).group(0)  # type: ignore[union-attr]
    assert client.post(path, follow_redirects=False).status_code == 403
    assert client.post(path[:-3] + "xyz", follow_redirects=False).status_code == 403


@pytest.mark.parametrize(
    ("language", "own", "first"),
    [
        ("da", "Du trækker ", "giver først."),
        ("de", "Du ziehst ", "zuerst."),
        ("rm", "Ti tiras ", "l'emprim."),
    ],
)
def test_the_draw_is_told_in_the_readers_language(
    client: TestClient, language: str, own: str, first: str
) -> None:
    from app.engine.cards import display_name
    from app.i18n import use_language
    from app.web.http.words import say

    client.headers["Accept-Language"] = language
    person = start(client, game="troccas", tr_draw_partners="on")
    table = table_of(client, person.table_id)
    assert table.match.drawn is not None
    html = person.html.replace("&#39;", "'")
    assert own in html
    assert first in html
    with use_language(language):
        name = say(display_name(table.match.drawn.trumps[0]))
    assert f"{own}{name}." in html


def test_your_games_follows_the_moved_seat(client: TestClient) -> None:
    """The list of this browser's tables keeps each table's seat; the first table page after
    the draw moved the person corrects it in place, so "Your turn" is told for the right seat."""
    people, names, _, table = reseated(client)
    seated = [seat.name for seat in table.seats]
    moved = next(old for old, name in enumerate(names) if seated[old] != name)
    new = seated.index(names[moved])
    person = people[moved]
    recent = f"other:1.{person.table_id}:{moved}"
    cookie = f"{SEAT_COOKIE}={person.token}; trionfi_recent={recent}"
    response = client.get(person.url, headers={"Cookie": cookie})
    client.cookies.clear()
    assert f"other:1.{person.table_id}:{new}" in response.headers["set-cookie"]
    settled = f"{SEAT_COOKIE}={person.token}; trionfi_recent=other:1.{person.table_id}:{new}"
    again = client.get(person.url, headers={"Cookie": settled})
    client.cookies.clear()
    assert "trionfi_recent" not in again.headers.get("set-cookie", "")


def test_after_the_first_deal_the_draw_stays(client: TestClient) -> None:
    person = start(client, game="troccas", tr_draw_partners="on")
    finish_deal(person)
    html = person.get().text
    box = re.search(r'<input type="checkbox" name="tr_draw_partners"[^>]*>', html)
    assert box
    assert "disabled" in box.group(0)
    assert "It was drawn before the first deal and stays for the whole match." in html
    person.post("rules", {"version": person.version(), "tr_manual_bob": "on"})
    table = table_of(client, person.table_id)
    assert table.match.options.manual_bob
    assert table.match.options.draw_partners  # a form without it changes nothing


def test_danish_tarok_for_four_draws_among_all_four(client: TestClient) -> None:
    short = GAMES[DANISH_FOUR].short
    person = start(client, game=DANISH_FOUR, **{f"{short}_draw_first_dealer": "on"})
    table = table_of(client, person.table_id)
    drawn = table.match.drawn
    assert drawn is not None
    assert len(drawn.trumps) == 4
    deal = table.match.deal
    assert deal is not None
    assert deal.dealer == drawn.first_dealer
    for name in ("You draw ", "Right draws ", "Across draws ", "Left draws "):
        assert name in person.html
