"""Secret deals (issue #10, finding 1): nothing public lets anyone compute a hidden card.

The attack that worked before: a table's match seed was its id, which is in every invite link
and on ``/tables``, so ``app.engine`` reproduced every seat's cards of the current and every
future deal. Here an attacker who holds everything public (the id, the code, the invite link,
the pages a spectator sees, ``/tables``, the finished deals' hand records) tries every way of
deriving a deal from it, and none gives the cards that are still hidden. The seed itself is
256 bits from ``secrets``, kept in the server's database and never in a response.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from app.engine.games import GAMES
from app.engine.match import Match
from app.engine.options import Options
from app.engine.record import record_of
from app.engine.rng import keyed_stream, stream
from app.web.storage.database import DB_NAME
from app.web.table.model import Table
from tests.web.factory import play_out
from tests.web.friends import code_of, full_table, play_deal, spectator
from tests.web.support import TestClient, start


def saved_row(data_dir: Path, table_id: str) -> dict[str, Any]:
    """The table as the server keeps it (the test reads the database; no page shows it)."""
    with sqlite3.connect(data_dir / DB_NAME) as db:
        row = db.execute("SELECT data FROM tables WHERE id = ?", (table_id,)).fetchone()
    data: dict[str, Any] = json.loads(row[0])
    return data


def dealt_cards(row: dict[str, Any]) -> list[list[str]]:
    cards: list[list[str]] = row["match"]["deal"]["deal"]
    return cards


def predictions(game: str, public: set[str], number: int, dealer: int) -> list[list[list[str]]]:
    """Every deal an attacker can derive from the public strings: the old seed (``stream``),
    a keyed stream under each string, and a fresh ``Match`` seeded with it."""
    rules = GAMES[game]
    found = []
    for text in public:
        for rng in (stream(text, "deal", number - 1), keyed_stream(text, "deal", number - 1)):
            deal = rules.shuffle_and_deal(rng, dealer, Options())
            found.append(record_of(deal).to_json()["deal"])
    return found


def everything_public(client: TestClient, table_id: str, html: str) -> tuple[set[str], str]:
    """What anyone on the network can collect: every token of the spectator's page, the
    invite link, the code, the list of tables and the finished deals' records."""
    pages = [html, client.get("/tables").text, client.get("/healthz").text]
    for number in (1, 2):
        response = client.get(f"/tables/{table_id}/deals/{number}.json")
        if response.status_code == 200:
            pages.append(response.text)
    text = "\n".join(pages)
    tokens = set(re.findall(r"[A-Za-z0-9_\-]{4,}", text))
    tokens |= {table_id, code_of(html), f"http://testserver/tables/{table_id}"}
    return tokens, text


def test_no_public_string_predicts_a_friends_table_s_deals(
    client: TestClient, data_dir: Path
) -> None:
    people = full_table(client, "danish-tarok")
    play_deal(people)
    assert people[0].post("next", {"version": people[0].version()}).status_code == 303
    table_id = people[0].table_id
    watcher = spectator(people[0])
    public, text = everything_public(client, table_id, watcher.html)
    row = saved_row(data_dir, table_id)

    assert re.fullmatch(r"[0-9a-f]{64}", row["seed"]), "256 bits, hex"
    assert row["seed"] == row["match"]["seed"]
    assert row["seed"] not in text
    hidden = dealt_cards(row)
    guesses = predictions("danish-tarok", public, number=2, dealer=1)
    assert len(guesses) > 100
    assert all(guess != hidden for guess in guesses)
    for guess in guesses:  # not even one hand
        assert not any(sorted(g) == sorted(h) for g, h in zip(guess, hidden, strict=True))


def test_earlier_deals_records_do_not_predict_the_next(client: TestClient, data_dir: Path) -> None:
    """A finished deal's record carries its cards; the next deal's stream is keyed by the
    secret, so the record's own cards say nothing about it (nor the first deal's cards, given
    the id, about the seed)."""
    people = full_table(client, "troccas")
    play_deal(people)
    record = client.get(f"/tables/{people[0].table_id}/deals/1.json").json()
    first = record["deal"]
    table_id = people[0].table_id
    assert first not in predictions("troccas", {table_id}, number=1, dealer=0)
    assert people[0].post("next", {"version": people[0].version()}).status_code == 303
    second = dealt_cards(saved_row(data_dir, table_id))
    assert second not in predictions("troccas", {table_id, json.dumps(first)}, 2, dealer=1)


def test_each_table_has_its_own_secret(client: TestClient, data_dir: Path) -> None:
    """Two tables set up alike get different seeds and different deals; the seed is in no
    page or fragment of the person's own table either."""
    first, second = start(client), start(client)
    rows = [saved_row(data_dir, person.table_id) for person in (first, second)]
    assert rows[0]["seed"] != rows[1]["seed"]
    assert dealt_cards(rows[0]) != dealt_cards(rows[1])
    for person, row in zip((first, second), rows, strict=True):
        pages = [person.get().text, person.get(htmx=True).text, person.get("?hint=1").text]
        version = int(re.findall(r'data-version="(\d+)"', pages[0])[0])
        pages.append(person.get(f"/at/{version}", htmx=True).text)
        assert all(row["seed"] not in page for page in pages)
        assert row["id"] != row["seed"]


def test_a_table_saved_with_its_id_as_seed_gets_a_secret_for_its_next_deal() -> None:
    """Tables saved before the change keep working: the deal in progress keeps its cards, the
    next one comes from a fresh secret, not from the public id."""
    match = Match.new("danish-tarok", Options(), "oldtable1234")
    match.start_deal()
    old = {
        "id": "oldtable1234",
        "match": match.to_json(),
        "seats": [{"kind": "person", "name": "You"}, {"kind": "bot", "name": "Right"}],
        "settings": {},
        "seed": "oldtable1234",
        "version": 0,
        "deal_base": 0,
    }
    table = Table.from_json(json.loads(json.dumps(old)))
    assert table.seed != "oldtable1234"
    assert table.match.seed == table.seed
    assert re.fullmatch(r"[0-9a-f]{64}", table.seed)
    deal = table.match.deal
    assert deal is not None
    assert record_of(deal).to_json()["deal"] == old["match"]["deal"]["deal"]
    again = Table.from_json(table.to_json())
    assert again.seed == table.seed, "a secret seed is kept"

    predicted = Match.new("danish-tarok", Options(), "oldtable1234")
    predicted.start_deal()
    play_out(deal, seed=1)
    table.match.start_deal()
    following = table.match.deal
    assert following is not None
    old_way = GAMES["danish-tarok"].shuffle_and_deal(
        stream("oldtable1234", "deal", 1), 1, Options()
    )
    assert record_of(following).to_json()["deal"] != record_of(old_way).to_json()["deal"]
