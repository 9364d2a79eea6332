"""The computers think off the request (``app.web.live.computers``): a person's click is answered
with their own move at once, and the computers' moves follow, saved one at a time, reaching
the page by its poll; the same moves as when they were made inside the request."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.web import create_app
from app.web.http.problems import REFUSAL_HEADER
from app.web.live.computers import Computers
from app.web.routes import live
from app.web.table import players as runner
from app.web.table.model import Table
from tests.web.factory import build_table, person_discards, save
from tests.web.support import HX, Person, TestClient, attribute, message, start


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(data_dir, inline_computers=False)) as test_client:
        yield test_client


def computers(client: TestClient) -> Computers:
    found: Computers = client.app.state.site.computers  # type: ignore[attr-defined]
    return found


def settle(client: TestClient, table_id: str) -> None:
    """Wait until the table's computers have moved (the background task has ended)."""
    client.portal.call(computers(client).settle, table_id)  # type: ignore[union-attr]


def trick_codes(html: str) -> list[str]:
    block = html.split('id="trick"', 1)[1].split('id="status"', 1)[0]
    return re.findall(r'data-card="([^"]+)"', block)


def status_line(html: str) -> str:
    found = re.search(r'id="status"[^>]*>([^<]*)<', html)
    assert found, "no status line"
    return found.group(1)


def decide(person: Person, phase: str, version: int) -> None:
    """The person's first legal choice (a Fool led stands for Trumps, as in ``finish_deal``)."""
    if phase == "declarations":
        person.post("continue", {"version": version})
    elif phase == "discard":
        size = 2 if attribute(person.html, "data-game") == "troccas" else 3
        person.post("discard", {"version": version, "card": person.legal()[:size]})
    elif phase == "play":
        card = person.legal()[0]
        response = person.post("play", {"version": version, "card": card})
        if "prompt=fool" in response.headers.get("location", ""):
            person.post("play", {"version": version, "card": card, "name": "T"})
    else:
        person.post("decide", {"version": version, "choice": "yes"})


def person_to_play(client: TestClient, person: Person, before: int = 3) -> int:
    """Play until the person is to play a card with fewer than ``before`` cards in the trick
    (so that computers answer it), dealing again if need be; the version shown."""
    for _ in range(300):
        settle(client, person.table_id)
        phase, turn, version = person.state()
        if phase == "over":
            person.post("next", {"version": version})
            continue
        assert turn == 0, (phase, turn)
        if phase == "play" and len(trick_codes(person.html)) < before:
            return version
        decide(person, phase, version)
    raise AssertionError("the person never played such a card")


def test_the_click_shows_the_card_at_once_and_the_computers_follow(client: TestClient) -> None:
    person = start(client, game="troccas", difficulty="medium")
    version = person_to_play(client, person)
    card = person.legal()[0]
    response = person.post("play", {"version": version, "card": card}, htmx=True)

    assert response.status_code == 200
    html = person.html
    assert trick_codes(html)[-1] == card
    assert card not in person.hand()
    assert status_line(html) == "Right is thinking…"
    assert 'class="status thinking" id="status" role="status"' in html
    assert int(attribute(html, "data-version")) == version + 1
    assert f'hx-get="/tables/{person.table_id}/poll?v={version + 1}' in html

    settle(client, person.table_id)
    phase, turn, later = person.state()
    assert later > version + 1
    assert turn == 0 or phase == "over"
    assert "thinking" not in status_line(person.html)
    assert 'id="poll"' not in person.html


def test_a_poll_brings_the_computers_moves(client: TestClient) -> None:
    person = start(client, game="troccas", difficulty="easy")
    version = person_to_play(client, person)
    card = person.legal()[0]
    person.post("play", {"version": version, "card": card}, htmx=True)
    settle(client, person.table_id)

    answer = person.get(f"/poll?v={version + 1}&p=&w=5", htmx=True)
    assert answer.status_code == 200
    assert int(attribute(answer.text, "data-version")) > version + 1
    assert "Right" in answer.text.split('id="announcements"', 1)[1]


def test_at_instant_one_poll_answer_brings_the_computers_whole_reply(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poll that sees the first computer's move while the others are still to move holds
    its answer until they have all moved: one answer (and one render) for the whole reply,
    the person's turn again, with every move announced."""
    person = start(client, game="troccas", difficulty="easy")
    version = person_to_play(client, person, before=1)  # a new trick: three computers answer
    monkeypatch.setattr(live, "HOLD_S", 30.0)  # never cut short on a loaded machine
    decide_and_apply = Computers._decide_and_apply

    def slowly(self: Computers, table: Table) -> None:  # each thinks a while: the poll is first
        time.sleep(0.3)
        decide_and_apply(self, table)

    monkeypatch.setattr(Computers, "_decide_and_apply", slowly)
    person.post("play", {"version": version, "card": person.legal()[0]}, htmx=True)
    poll = re.search(r'hx-get="([^"]+/poll\?[^"]+)"', person.html)
    assert poll, "the answer polls for the computers' moves"

    answer = client.get(poll.group(1).replace("&amp;", "&"), headers={**person.headers, **HX})
    assert answer.status_code == 200
    html = answer.text
    phase, turn = attribute(html, "data-phase"), int(attribute(html, "data-turn"))
    assert phase == "over" or turn == 0, (phase, turn)
    assert "is thinking" not in status_line(html)
    assert int(attribute(html, "data-version")) >= version + 4
    announced = html.split('id="announcements"', 1)[1]
    assert "Right" in announced
    assert "Left" in announced


def test_the_poll_reveals_the_computers_moves_at_the_tables_pace(client: TestClient) -> None:
    person = start(client, game="troccas", difficulty="easy", speed="normal")
    version = person_to_play(client, person, before=2)
    person.post("play", {"version": version, "card": person.legal()[0]}, htmx=True)
    assert status_line(person.html) == "Right is thinking…"
    settle(client, person.table_id)

    answer = person.get(f"/poll?v={version + 1}&p=&w=5", htmx=True).text
    assert int(attribute(answer, "data-version")) == version + 2  # one move, then the next
    assert f'hx-get="{person.url}/at/{version + 3}?after={version + 2}"' in answer
    assert 'class="tick"' in answer
    assert "is thinking" not in answer  # Right's move is shown; the others are decided


def test_a_click_while_a_computer_thinks_is_refused(client: TestClient) -> None:
    person = start(client, game="troccas", difficulty="medium")
    version = person_to_play(client, person)
    first = person.legal()[0]
    second = next(card for card in person.hand() if card != first)  # legal or not: refused
    person.post("play", {"version": version, "card": first}, htmx=True)
    response = person.post("play", {"version": version + 1, "card": second}, htmx=True)

    assert response.headers.get(REFUSAL_HEADER) == "409"
    assert message(person.html)
    settle(client, person.table_id)
    person.get()
    assert second in person.hand()


def test_a_restart_resumes_the_computers_moves_and_the_page_offers_refresh(
    data_dir: Path,
) -> None:
    """A table saved with a computer to move (the server stopped while it thought): its page
    wakes the computers; without JavaScript it says who is thinking and offers Refresh."""
    table, token = build_table("troccas", level="easy", wanted=person_discards, seed=3)
    deal = table.match.deal
    assert deal is not None
    deal.apply(runner.bot_action(table, 0))  # the kitty laid away, and saved
    table.version += 1
    assert runner.computer_to_move(table)
    save(table, data_dir)

    with TestClient(create_app(data_dir, inline_computers=False)) as client:
        person = Person(client, table.id, token)
        person.get()
        assert status_line(person.html) == "Right is thinking…"
        assert f'<noscript><a class="button secondary refresh" href="{person.url}">' in (
            person.html
        )
        settle(client, table.id)
        phase, turn, _ = person.state()
        assert turn == 0 or phase == "over"
        assert "is thinking" not in person.html
        assert "<noscript>" not in person.html


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_the_moves_are_those_made_inside_the_request(tmp_path: Path, game: str) -> None:
    table, token = build_table(game, level="easy", seed=5)
    records = []
    for inline in (True, False):
        data = tmp_path / ("inline" if inline else "background")
        save(table, data)
        with TestClient(create_app(data, inline_computers=inline)) as client:
            person = Person(client, table.id, token)
            _finish(client, person)
            record = client.get(f"/tables/{table.id}/deals/1.json", headers=person.headers)
            assert record.status_code == 200
            records.append(json.loads(record.text))
    assert records[0] == records[1]


def _finish(client: TestClient, person: Person) -> None:
    """Finish the deal, waiting for the computers after each decision."""
    for _ in range(100):
        settle(client, person.table_id)
        phase, turn, version = person.state()
        if phase == "over":
            return
        assert turn == 0, (phase, turn)
        decide(person, phase, version)
    raise AssertionError("the deal did not end")


def test_continue_after_the_declarations_counts_once_whatever_the_version(
    client: TestClient,
) -> None:
    """The computers play on while the person reads the declarations: the version the pause
    was drawn at is stale by the time they continue, and that must not refuse it."""
    person = start(client, game="danish-tarok", difficulty="easy")
    version = person.version()
    assert person.post("continue", {"version": version - 1}).status_code == 303
    again = person.post("continue", {"version": version}, htmx=True)
    assert again.headers.get(REFUSAL_HEADER) == "409"
    assert message(person.html) == "You had read the declarations already; here is the table now."
