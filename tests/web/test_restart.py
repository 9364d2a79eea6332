"""Nothing lost: ``trionfi serve`` as a separate process, killed with SIGKILL in the middle of
a trick and started again on the same data directory. Every table shows exactly what it
showed (the same cards, the same turn, the same scores), the old seat cookies still work,
a page's next poll picks up, and the deal plays on to its end. On SQLite and on PostgreSQL
(``backend``: the server then keeps its tables in a fresh PostgreSQL database)."""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import Server
from tests.web.backends import Backend
from tests.web.friends import act, create, join, play_deal, poll
from tests.web.support import Person, attribute, start

pytestmark = pytest.mark.slow


def view(person: Person) -> dict[str, Any]:
    """What the person's screen shows that must survive: state, hand, trick, scores."""
    html = person.get().text
    trick = html.split('id="trick"', 1)[1].split('id="status"', 1)[0]
    return {
        "state": (attribute(html, "data-phase"), attribute(html, "data-turn")),
        "version": attribute(html, "data-version"),
        "hand": person.hand() if 'id="hand"' in html else [],
        "trick": re.findall(r'data-card="([^"]+)" data-seat="(\d)"', trick),
        "balances": re.findall(r'class="balance"[^>]*>([^<]+)<', html),
    }


@pytest.fixture
def server(backend: Backend) -> Iterator[Server]:
    extra = ["--database", backend.url] if backend.url else []
    running = Server(backend.data_dir, extra=extra)
    running.start()
    yield running
    running.stop()


def kill_and_restart(server: Server) -> None:
    assert server.process is not None
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(timeout=10)
    server.process = None
    server.start()


def mid_trick(people: list[Person]) -> None:
    """Play until a trick has begun and is not finished (a card or two on the table) and a
    person is to play (a computer to move would move off the request, before or after the
    kill: the screens could not be compared)."""
    deadline = time.monotonic() + 60  # the computer's moves come off the request
    while time.monotonic() < deadline:
        phase, turn, _ = people[0].state()
        trick = view(people[0])["trick"]
        if (
            phase == "play"
            and turn < len(people)
            and 0 < len(trick) < 3
            and not re.search(r'class="trick finished', people[0].html)
        ):
            return
        for seat, person in enumerate(people):
            phase, turn, _ = person.state()
            if phase == "declarations" or turn == seat:
                act(person)
        time.sleep(0.02)
    raise AssertionError("never in the middle of a trick")


def test_kill_9_mid_trick_then_every_table_resumes(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as client:
        host = create(client, "troccas", ("person", "person", "person", "medium"))  # type: ignore[arg-type]
        people = [host, join(host, "Bo", 1), join(host, "Cy", 2)]
        assert host.post("start", {}).status_code == 303
        mid_trick(people)
        solo = start(client, game="danish-tarok")  # a table against the computer, too
        solo_version = solo.version()
        before = [view(person) for person in people]
        assert 0 < len(before[0]["trick"]) < 4  # killed in the middle of a trick
        listed = client.get("/tables").text

        kill_and_restart(server)

        assert [view(person) for person in people] == before
        assert solo.version() == solo_version
        assert client.get("/tables").text.count(host.table_id) == listed.count(host.table_id)
        for person, seen in zip(people, before, strict=True):
            answer = poll(person, int(seen["version"]), "")
            assert answer.status_code == 200  # presence is new: the seats are redrawn
            assert f"poll?v={seen['version']}&amp;" in answer.text  # and it polls on from there
        play_deal(people)
        assert 'id="summary"' in host.get().text
