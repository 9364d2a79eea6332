"""Your statistics (``/stats``): the player cookie, the deals filed once each, the page.

A browser that takes a seat gets a player cookie; each deal it finishes is filed once for it
(by the save that writes the deal's end), whatever reloads, saves or restarts follow; the page
adds them up per game and level. A browser without a cookie, or with a forged or malformed
one, sees the empty page and never anyone else's numbers. The tests that keep something run
on SQLite and on PostgreSQL (``backend``).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.engine.ledger import LedgerEntry
from app.web.http.cookies import PLAYER_COOKIE, PLAYER_TOKEN, SEAT_COOKIE
from app.web.http.render import signed
from app.web.show.stats import statistics
from app.web.storage.database import DB_NAME, Database
from app.web.table.model import hash_token, new_token
from app.web.table.stats import FRIENDS, DealResult, finished_deal_results
from tests.web.backends import Backend
from tests.web.factory import build_table, play_out
from tests.web.friends import CONFIRMED
from tests.web.friends import play_deal as play_friends_deal
from tests.web.support import Person, TestClient, finish_deal, site_of

EMPTY = "No finished deal in this browser yet"


def stats_page(client: TestClient, token: str | None) -> Any:
    headers = {"Cookie": f"{PLAYER_COOKIE}={token}"} if token is not None else {}
    return client.get("/stats", headers=headers)


def number_of(html: str, label: str) -> int:
    found = re.search(rf"<dt>{label}</dt><dd>(\d+)", html)
    assert found, label
    return int(found.group(1))


def start_with_player(client: TestClient, player: str | None = None, **form: str) -> Any:
    """Start a match against the computer as a browser would; the person and its player."""
    data = {"game": "danish-tarok", "speed": "instant", **form}
    headers = {"Cookie": f"{PLAYER_COOKIE}={player}"} if player else {}
    response = client.post("/tables", data=data, headers=headers, follow_redirects=False)
    assert response.status_code == 303
    table_id = response.headers["location"].rsplit("/", 1)[1]
    person = Person(client, table_id, response.cookies[SEAT_COOKIE])
    token = response.cookies[PLAYER_COOKIE]
    client.cookies.clear()
    return person, token


@pytest.fixture
def client(backend: Backend) -> Iterator[TestClient]:
    with TestClient(backend.app()) as test_client:
        yield test_client


def rows(backend: Backend) -> list[tuple[Any, ...]]:
    return backend.sql(
        "SELECT player, table_id, deal, seat, level FROM deal_results ORDER BY deal, seat"
    )


def test_a_browser_without_a_player_cookie_sees_the_empty_page_and_gets_none(
    client: TestClient,
) -> None:
    response = stats_page(client, None)
    assert response.status_code == 200
    assert "<h1" in response.text
    assert "Your statistics" in response.text
    assert EMPTY in response.text
    assert PLAYER_COOKIE not in response.headers.get("set-cookie", "")


def test_taking_a_seat_hands_out_a_long_lived_httponly_player_cookie(client: TestClient) -> None:
    response = client.post("/tables", data={"game": "danish-tarok"}, follow_redirects=False)
    cookie = next(c for c in response.headers.get_list("set-cookie") if PLAYER_COOKIE in c)
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert "Path=/;" in cookie
    assert "Max-Age=31536000" in cookie
    token = response.cookies[PLAYER_COOKIE]
    assert PLAYER_TOKEN.fullmatch(token)
    # The server keeps its hash only, in the seat and among the players it handed out.
    table_id = response.headers["location"].rsplit("/", 1)[1]
    table = site_of(client).store.get(table_id)
    assert table is not None
    assert table.seats[0].player == hash_token(token)
    assert site_of(client).store.database.player_known(hash_token(token))
    assert not site_of(client).store.database.player_known(token)


def test_a_known_player_cookie_is_kept_at_the_next_table(client: TestClient) -> None:
    _, token = start_with_player(client)
    _, again = start_with_player(client, token)
    assert again == token


def test_a_finished_deal_counts_once_through_reloads_saves_and_a_restart(
    client: TestClient, backend: Backend
) -> None:
    person, token = start_with_player(client, difficulty="hard")
    assert EMPTY in stats_page(client, token).text  # nothing until a deal is over
    finish_deal(person)
    table = site_of(client).store.get(person.table_id)
    assert table is not None
    change = table.match.summaries()[-1].changes[0]
    for _ in range(3):
        person.get()
        stats_page(client, token)
    assert person.post("settings", {"speed": "fast"}).status_code == 303  # saved again
    html = stats_page(client, token).text
    assert number_of(html, "Deals played") == 1
    assert number_of(html, "Matches played") == 1
    assert ">Hard</th>" in html
    assert signed(change) in html
    assert rows(backend) == [(hash_token(token), person.table_id, 1, 0, "hard")]
    with TestClient(backend.app()) as restarted:
        again = Person(restarted, person.table_id, person.token)
        again.get()
        assert again.post("settings", {"speed": "slow"}).status_code == 303
        assert number_of(stats_page(restarted, token).text, "Deals played") == 1
        # The next deal: the first is filed into the match, and still counts once.
        assert again.post("next", {"version": again.version()}).status_code == 303
        finish_deal(again)
        assert number_of(stats_page(restarted, token).text, "Deals played") == 2
    assert [row[2] for row in rows(backend)] == [1, 2]


def test_forged_and_malformed_cookies_get_a_fresh_one_and_never_another_browsers_numbers(
    client: TestClient,
) -> None:
    person, token = start_with_player(client)
    finish_deal(person)
    assert number_of(stats_page(client, token).text, "Deals played") == 1
    for sent in ("not a cookie", token[:-1], token + "x", new_token(), "", hash_token(token)):
        response = stats_page(client, sent)
        assert EMPTY in response.text, sent
        fresh = response.cookies[PLAYER_COOKIE]
        assert PLAYER_TOKEN.fullmatch(fresh)
        assert fresh not in (sent, token)
        # The fresh one is known from now on, and has no deals.
        again = stats_page(client, fresh)
        assert EMPTY in again.text
        assert again.cookies[PLAYER_COOKIE] == fresh
    # A table started with a forged cookie gets a fresh one: its deals are not the forger's.
    forged = new_token()
    _, handed = start_with_player(client, forged)
    assert handed != forged


def test_friends_deals_count_for_each_browser_and_the_match_end_is_noted(
    client: TestClient,
) -> None:
    people, players = friends_table(client)
    play_friends_deal(people)
    for player in players:
        html = stats_page(client, player).text
        assert number_of(html, "Deals played") == 1
        assert ">Friends</th>" in html
        assert "ended" not in html
    assert people[0].post("end", CONFIRMED).status_code == 303
    for player in players:
        assert "(1 ended)" in stats_page(client, player).text
    results = site_of(client).store.database.results_of(hash_token(players[1]))
    assert [(r.seat, r.level, r.ended_match) for r in results] == [(1, FRIENDS, True)]


def friends_table(client: TestClient) -> tuple[list[Person], list[str]]:
    """A started Danish table of three browsers, each with its own player cookie."""
    data = {"game": "danish-tarok", "name": "Anna", "speed": "instant"}
    data.update({f"seat_{index}": "person" for index in range(3)})
    created = client.post("/friends", data=data, follow_redirects=False)
    table_id = created.headers["location"].rsplit("/", 1)[1]
    people = [Person(client, table_id, created.cookies[SEAT_COOKIE])]
    players = [created.cookies[PLAYER_COOKIE]]
    client.cookies.clear()
    for seat, name in ((1, "Ben"), (2, "Cy")):
        joined = client.post(
            f"/tables/{table_id}/join",
            data={"name": name, "seat": str(seat)},
            follow_redirects=False,
        )
        people.append(Person(client, table_id, joined.cookies[SEAT_COOKIE]))
        players.append(joined.cookies[PLAYER_COOKIE])
        client.cookies.clear()
    assert len(set(players)) == 3
    assert people[0].post("start", {}).status_code == 303
    return people, players


def test_an_ultimo_is_counted_for_the_seat_that_made_it() -> None:
    table, _ = build_table()
    deal = table.match.deal
    assert deal is not None
    assert finished_deal_results(table, 0.0) == []  # not over yet
    play_out(deal, 1)  # this deal ends in a King Ultimo of seat 0 (and Bagud of seat 1)
    assert LedgerEntry("king-ultimo", 25, 1, 0, 40) in deal.books.ledger
    table.seats[0].player = "p"
    (mine,) = finished_deal_results(table, 0.0)
    assert mine.ultimos == 1
    assert mine.level == "random"
    assert mine.deal == 1
    assert mine.result == table.match.summaries()[-1].changes[0]
    table.seats[1].kind, table.seats[1].player = "person", "q"
    assert [r.ultimos for r in finished_deal_results(table, 0.0)] == [1, 0]
    table.seats[1].kind, table.seats[1].player = "bot", None
    table.seats[0].player = None  # a seat taken before statistics: nothing to file
    assert finished_deal_results(table, 0.0) == []


def test_an_older_data_directory_gains_the_statistics_tables(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / DB_NAME) as old:
        old.execute(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
            "updated REAL NOT NULL, data TEXT NOT NULL, code TEXT, summary TEXT)"
        )
        old.execute(
            "CREATE TABLE deals (table_id TEXT NOT NULL, number INTEGER NOT NULL, "
            "record TEXT NOT NULL, PRIMARY KEY (table_id, number))"
        )
        old.execute("CREATE UNIQUE INDEX tables_code ON tables (code)")
    table, _ = build_table()
    data = table.to_json()
    for seat in data["seats"]:
        del seat["player"]  # a table saved before seats knew their player
    with sqlite3.connect(tmp_path / DB_NAME) as old:
        old.execute(
            "INSERT INTO tables (id, version, updated, data) VALUES (?, ?, 0, ?)",
            (table.id, table.version, json.dumps(data)),
        )
    database = Database(tmp_path)
    loaded = database.load(table.id)
    assert loaded is not None
    assert loaded.seats[0].player is None
    deal = loaded.match.deal
    assert deal is not None
    play_out(deal, 2)
    database.save(loaded)  # its deal ends: nobody to file it for
    assert database.results_of("anyone") == []
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        assert {"players", "deal_results"} <= names
        assert db.execute("SELECT COUNT(*) FROM deal_results").fetchone() == (0,)
    database.close()


def test_the_page_adds_up_by_game_and_level_and_draws_the_latest_deals() -> None:
    def deal(n: int, game: str, level: str, result: int, ultimos: int = 0) -> DealResult:
        return DealResult("p", f"t{game}{level}", n, game, level, 0, result, ultimos, False, n)

    results = [
        deal(1, "danish-tarok", "easy", 30),
        deal(2, "danish-tarok", "easy", -10, 1),
        deal(3, "danish-tarok", "hard", -45),
        deal(4, "troccas", FRIENDS, 7),
        deal(5, "danish-tarok", "easy", 30),
        deal(6, "no-such-game", "easy", 999),
    ]
    stats = statistics(results)
    assert (stats.deals, stats.matches, stats.ultimos) == (5, 3, 1)
    danish, troccas = stats.games
    assert (danish.played, danish.won, danish.total, danish.average) == (4, 2, "+5", "+1.2")
    assert [(x.level, x.played, x.won, x.total, x.average) for x in danish.levels] == [
        ("Easy", 3, 2, "+50", "+16.7"),
        ("Hard", 1, 0, "−45", "−45"),
    ]
    assert danish.best.deal == 1
    assert danish.best.result == "+30"
    assert danish.ultimos == 1
    assert troccas.ultimos is None
    assert troccas.unit == "team points"
    assert troccas.levels[0].level == "Friends"
    chart = str(danish.chart)
    assert chart.count('class="bar won"') == 2
    assert chart.count('class="bar lost"') == 2
    assert 'role="img"' in chart
    assert "<title" in chart
    assert "your last 4 deals" in chart
    assert "2 won, 2 lost" in chart
    assert "fill=" not in chart  # the colours are the stylesheet's (the theme's)
    assert [d.result for d in danish.recent] == ["+30", "−10", "−45", "+30"]
    many = statistics([deal(n, "troccas", "hard", n % 3 - 1) for n in range(1, 31)])
    assert len(many.games[0].recent) == 20
    assert many.games[0].played == 30
    assert statistics([]).empty


def test_the_statistics_are_linked_from_the_header_and_your_games(client: TestClient) -> None:
    person, _ = start_with_player(client)
    assert 'href="/stats"' in client.get("/rules").text
    home = client.get("/", headers={"Cookie": f"trionfi_recent={person.table_id}:0"}).text
    your_games = home.split('id="your-games"', 1)[1].split("</section>", 1)[0]
    assert 'href="/stats"' in your_games


def test_a_stats_page_of_a_served_store_reads_nothing_of_other_tables(backend: Backend) -> None:
    """Two browsers' deals in one database: each page shows its own only."""
    mine, _ = build_table(seed=3)
    theirs, _ = build_table(seed=4)
    for table, player in ((mine, "me"), (theirs, "them")):
        table.seats[0].player = hash_token(player)
        deal = table.match.deal
        assert deal is not None
        play_out(deal, 5)
        backend.save(table)
    store = backend.store()
    try:
        assert [r.table_id for r in store.database.results_of(hash_token("me"))] == [mine.id]
        assert [r.table_id for r in store.database.results_of(hash_token("them"))] == [theirs.id]
    finally:
        store.close()


def test_a_seat_taken_back_by_its_rejoin_link_counts_for_the_new_browser(
    client: TestClient,
) -> None:
    people, players = friends_table(client)
    table = site_of(client).store.get(people[0].table_id)
    assert table is not None
    key = table.seats[1].rejoin_key
    moved = client.post(f"{people[0].url}/rejoin/1/{key}", follow_redirects=False)
    assert moved.status_code == 303
    people[1] = Person(client, people[0].table_id, moved.cookies[SEAT_COOKIE])
    newcomer = moved.cookies[PLAYER_COOKIE]
    client.cookies.clear()
    assert newcomer not in players
    play_friends_deal(people)
    assert number_of(stats_page(client, newcomer).text, "Deals played") == 1
    assert EMPTY in stats_page(client, players[1]).text  # the device it left counts nothing
    assert number_of(stats_page(client, players[2]).text, "Deals played") == 1


READER = "r" * 32  # a well-formed player token


def test_the_page_speaks_the_readers_language_names_units_days_and_chart(
    client: TestClient,
) -> None:
    """The games' names, their units, the days and the chart's words (its text alternative,
    its axis) in the reader's language, not English (they were English in every language)."""
    site = site_of(client)
    for game, seed in (("troccas", 2), ("danish-tarok", 0)):
        table, _ = build_table(game, seed=seed)
        table.seats[0].player = hash_token(READER)
        deal = table.match.deal
        assert deal is not None
        play_out(deal, seed + 1)
        site.store.add(table)
    cookies = f"{PLAYER_COOKIE}={READER}; trionfi_language=de"
    page = client.get("/stats", headers={"Cookie": cookies}).text
    for german in ("Schweizer Troccas", "Dänisches Tarok", "(Teampunkte)", "(Marken)"):
        assert german in page, german
    assert "älteste zuerst:" in page  # the chart's text alternative
    assert ">älteste</text>" in page
    assert ">neueste</text>" in page
    for english in ("team points", "tokens", "oldest", "latest", "Swiss Troccas", " won,"):
        assert english not in page, english
    assert re.search(r"<td>\d\d\.\d\d\.20\d\d</td>", page)  # a German date: 06.12.2026
