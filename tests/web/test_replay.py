"""The replay viewer: every finished deal (of a table, or an uploaded hand record) stepped
through move by move with every hand face up and the ledger filling in; never a deal that is
not over; bad uploads refused with the reason and nothing kept."""

from __future__ import annotations

import copy
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.engine.cards import codes
from app.engine.record import parse_record, replay, result
from app.web.routes.replays import MAX_RECORD_BYTES
from app.web.show.replay import Replay, build_replay
from app.web.storage.database import DB_NAME
from app.web.storage.uploads import Uploads
from tests.web.factory import build_table, play_until
from tests.web.friends import full_table, play_deal
from tests.web.support import (
    HX,
    Person,
    TestClient,
    attribute,
    finish_deal,
    inline_app,
    start,
    status_of,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
GAMES = ["danish-tarok", "troccas"]
Seat = Any


def counter(html: str) -> tuple[int, int]:
    found = re.search(r"Move <strong>(\d+)</strong> of (\d+)", html)
    assert found, "no move counter"
    return int(found.group(1)), int(found.group(2))


def hands(html: str) -> list[list[str]]:
    """The cards of each hand on the page that still holds any."""
    blocks = re.findall(r'<ul class="replay-hand" data-seat=[^>]*>(.*?)</ul>', html, re.S)
    return [re.findall(r'data-card="([^"]+)"', block) for block in blocks]


def trick_cards(html: str) -> list[str]:
    block = re.search(r'<ol class="replay-trick-cards">(.*?)</ol>', html, re.S)
    return re.findall(r'data-card="([^"]+)"', block.group(1)) if block else []


def ledger_rows(html: str) -> list[list[str]]:
    block = html.split('id="replay-ledger-title"', 1)[1].split("replay-balances", 1)[0]
    rows = re.findall(r"<tr><td>(.*?)</td></tr>", block, re.S)
    return [re.split(r"</td><td[^>]*>", row) for row in rows]


def balances(html: str) -> list[int]:
    block = html.split('class="replay-balances"', 1)[1].split("</table>", 1)[0]
    found = re.findall(r'<td class="num"><strong>(−?\d+)</strong></td>', block)
    assert "-" not in "".join(found), "negative numbers are shown with a real minus sign"
    return [int(value.replace("−", "-")) for value in found]


def record_of_deal(person: Person, number: int) -> dict[str, Any]:
    data: dict[str, Any] = person.get(f"/deals/{number}.json").json()
    return data


def over_table(game: str, seat: Seat) -> Person:
    """A table whose first deal is in the records and whose second is over too."""
    table, token = build_table(game, deals_before=1)
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    person: Person = seat(table, token)
    return person


# ------------------------------------------------------------------ a table's deals


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_steps_from_the_cards_dealt_to_the_result(game: str, seat: Seat) -> None:
    person = over_table(game, seat)
    record = record_of_deal(person, 1)
    last = len(record["actions"])
    dealt = sorted([code for cards in record["deal"] for code in cards] + record["talon"])
    first = person.get("/deals/1")
    assert first.status_code == 200
    assert counter(first.text) == (0, last)
    assert sorted(code for cards in hands(first.text) for code in cards) == dealt
    assert 'id="replay-first" aria-disabled="true"' in first.text  # nothing before the start
    assert f'href="{person.url}/deals/1?step=1"' in first.text
    gone = 0  # cards discarded or played so far
    for step in range(1, last + 1):
        page = person.get(f"/deals/1?step={step}", htmx=True)
        assert page.status_code == 200
        assert counter(page.text) == (step, last)
        assert f"Move {step} of {last}." in page.text  # spoken, out of band
        action = record["actions"][step - 1]
        gone += len(action["discard"]) if "discard" in action else "play" in action
        assert sum(len(cards) for cards in hands(page.text)) == len(dealt) - gone
        if step == last // 2:
            middle = page.text
    assert trick_cards(middle) or "No card played to this trick yet" in middle
    end = person.get(f"/deals/1?step={last}")
    outcome = result(replay(parse_record(record)))
    assert len(ledger_rows(end.text)) == len(outcome["ledger"])
    assert balances(end.text)[: len(outcome["balances"])] == outcome["balances"]
    assert "Counts:" in end.text
    assert 'id="replay-last" aria-disabled="true"' in end.text


def test_the_deal_just_finished_replays_and_the_one_in_progress_does_not(seat: Seat) -> None:
    table, token = build_table("danish-tarok", deals_before=1)
    in_progress = table.match.deal
    assert in_progress is not None
    assert not in_progress.is_over
    person: Person = seat(table, token)
    response = person.get("/deals/2")
    assert response.status_code == 404
    assert "No such deal" in response.text
    hidden = codes([card for cards in in_progress.holdings[1:] for card in cards])
    assert not any(f"/{card}.svg" in response.text for card in hidden)
    assert 'data-card="' not in response.text
    assert person.get("/deals/3").status_code == 404
    assert person.get("/deals/1").status_code == 200


@pytest.mark.parametrize(
    ("address", "status"),
    [("/deals/0", 400), ("/deals/x", 400), ("/deals/1?step=-1", 400),
     ("/deals/1?step=9999", 400), ("/deals/1?step=", 400), ("/deals/1?step=2.5", 400)],
)  # fmt: skip
def test_bad_addresses_are_refused(address: str, status: int, seat: Seat) -> None:
    table, token = build_table("troccas", deals_before=1)
    person: Person = seat(table, token)
    response = person.get(address)
    assert response.status_code == status
    assert "Not understood" in response.text


def test_who_may_replay_is_who_may_download(seat: Seat) -> None:
    table, token = build_table("danish-tarok", deals_before=1)
    person: Person = seat(table, token)
    stranger = Person(person.client, person.table_id, "forged")
    assert stranger.get("/deals/1.json").status_code == 403
    assert stranger.get("/deals/1").status_code == 403
    assert 'data-card="' not in stranger.html
    assert stranger.get("/deals").status_code == 403


def test_a_friends_table_deals_replay_for_anyone_who_may_watch(client: TestClient) -> None:
    people = full_table(client)
    play_deal(people)
    watcher = Person(client, people[0].table_id, "")
    page = watcher.get("/deals/1")
    assert page.status_code == 200
    assert counter(page.text)[0] == 0
    listing = watcher.get("/deals")
    assert f'href="{watcher.url}/deals/1"' in listing.text
    assert f'href="/tables/{watcher.table_id}/deals"' in client.get("/tables").text


def test_the_score_sheet_links_each_deal_to_its_replay(seat: Seat) -> None:
    person = over_table("troccas", seat)
    page = person.get()
    assert f'href="{person.url}/deals/1">Replay<span class="sr-only"> deal 1' in page.text
    assert f'href="{person.url}/deals/2">Replay' in page.text
    assert f'href="{person.url}/deals/2">Replay this deal' in page.text


# ------------------------------------------------------------------ uploads


def upload(client: TestClient, content: bytes, name: str = "deal.json") -> Any:
    files = {"record": (name, content, "application/json")}
    return client.post("/replay", files=files, follow_redirects=False)


def kept(client: TestClient) -> int:
    replays: Uploads[Replay] = client.app.state.site.uploads  # type: ignore[attr-defined]
    return len(replays._entries)


@pytest.mark.parametrize(
    "example", ["danish-tarok-complete", "troccas-complete", "danish-tarok-4-complete"]
)
def test_an_uploaded_example_steps_like_a_tables_deal(example: str, client: TestClient) -> None:
    content = (EXAMPLES / f"{example}.json").read_bytes()
    record = json.loads(content)
    response = upload(client, content)
    assert response.status_code == 303
    address = response.headers["location"]
    assert re.fullmatch(r"/replay/[A-Za-z0-9_-]{22}", address)
    last = len(record["actions"])
    first = client.get(address)
    assert counter(first.text) == (0, last)
    assert f'href="{address}?step=1"' in first.text
    middle = client.get(f"{address}?step={last // 2}", headers=HX)
    assert counter(middle.text) == (last // 2, last)
    end = client.get(f"{address}?step={last}")
    outcome = result(replay(parse_record(record)))
    assert len(ledger_rows(end.text)) == len(outcome["ledger"])
    assert balances(end.text)[: len(outcome["balances"])] == outcome["balances"]


def test_an_unknown_or_forgotten_upload_is_a_404(client: TestClient) -> None:
    assert client.get("/replay/" + "A" * 22).status_code == 404
    assert client.get("/replay/not-a-key").status_code == 404
    forgetful: Uploads[Replay] = Uploads(ttl_s=10)
    record = parse_record(json.loads((EXAMPLES / "troccas-complete.json").read_text()))
    shown = build_replay(record, ["You", "Right", "Partner", "Left"], None)
    key = forgetful.keep(shown, now=0)
    assert forgetful.get(key, now=5) is shown
    assert forgetful.get(key, now=14) is shown  # viewing keeps it
    assert forgetful.get(key, now=30) is None


def broken(change: str) -> bytes:
    data = json.loads((EXAMPLES / "danish-tarok-complete.json").read_text())
    if change == "illegal":
        plays = [a for a in data["actions"] if "play" in a]
        plays[0]["play"], plays[1]["play"] = plays[1]["play"], plays[0]["play"]
    elif change == "unfinished":
        data["actions"] = data["actions"][:-1]
    elif change == "format":
        data["format"] = "trionfi-hand/9"
    elif change == "card":
        data["talon"][0] = "XX-99"
    return json.dumps(copy.deepcopy(data)).encode()


@pytest.mark.parametrize(
    ("content", "status", "says"),
    [
        (b"{nope", 400, "This file is not JSON"),
        (b"\xff\xfe\x00", 400, "not text"),
        (b"[1, 2]", 400, "a hand record is a JSON object"),
        (broken("format"), 400, "format must be"),
        (broken("card"), 400, "talon"),
        (broken("illegal"), 422, "breaks the rules"),
        (broken("unfinished"), 422, "only finished deals can be replayed"),
        (b" " * (MAX_RECORD_BYTES + 1), 413, "larger than a hand record"),
    ],
)
def test_a_bad_upload_says_why_and_keeps_nothing(
    content: bytes, status: int, says: str, client: TestClient
) -> None:
    response = upload(client, content)
    assert status_of(response) == status
    assert "This file cannot be replayed" in response.text
    assert says in response.text
    assert 'role="alert"' in response.text
    assert 'type="file"' in response.text  # the form again, to try another file
    assert kept(client) == 0


def test_an_upload_without_a_file_asks_for_one(client: TestClient) -> None:
    response = client.post("/replay", data={"nothing": "here"}, follow_redirects=False)
    assert status_of(response) == 400
    assert "Choose a hand record file" in response.text
    assert client.get("/replay").status_code == 200


def test_uploads_are_kept_for_the_viewing_only(data_dir: Path) -> None:
    with TestClient(inline_app(data_dir)) as client:
        response = upload(client, (EXAMPLES / "troccas-complete.json").read_bytes())
        address = response.headers["location"]
        assert client.get(address).status_code == 200
    with TestClient(inline_app(data_dir)) as client:  # a restart forgets them
        assert client.get(address).status_code == 404
    save_path = list(data_dir.iterdir()) if data_dir.exists() else []
    assert all("replay" not in path.name for path in save_path)


def test_a_damaged_tables_deals_replay_for_its_person_only(data_dir: Path) -> None:
    with TestClient(inline_app(data_dir)) as client:
        person = start(client)
        finish_deal(person)
        version = int(attribute(person.get().text, "data-version"))
        assert person.post("next", {"version": version}).status_code == 303
    with sqlite3.connect(data_dir / DB_NAME, isolation_level=None) as db:
        db.execute(
            "UPDATE tables SET data = json_set(data, '$.match', 'lost') WHERE id = ?",
            (person.table_id,),
        )
    with TestClient(inline_app(data_dir)) as client:
        own = Person(client, person.table_id, person.token)
        assert f'href="{own.url}/deals/1">replay' in own.get().text
        page = own.get("/deals/1?step=1")
        assert page.status_code == 200
        assert counter(page.text)[0] == 1
        assert own.get("/deals/2").status_code == 404
        stranger = Person(client, person.table_id, "forged")
        assert stranger.get("/deals/1").status_code == 403
        assert 'data-card="' not in stranger.html
