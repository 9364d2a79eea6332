"""A friends' table of Danish Tarok for four, people and computers, checked by the independent
referee (tests/engine/referee_four.py, written from rules.md 2.17 only): a whole deal played
through the web, then the finished deal's hand record (as downloaded) and the balances and
pots the table shows judged by the referee."""

from __future__ import annotations

import re

from tests.engine.referee import KING_POT, PAGAT_POT
from tests.engine.referee_four import judge_four
from tests.web.friends import act, create, join
from tests.web.support import Person, TestClient, computers_moved

GAME = "danish-tarok-4"
MINUS = "\u2212"


def shown_balances(html: str) -> list[int]:
    """Each seat panel's balance, as the page writes it (+38, −60, 0)."""
    balances = []
    for seat in range(4):
        panel = html.split(f'id="seat-{seat}"', 1)[1]
        found = re.search(r'class="balance"[^>]*>.*?</span>\s*([+\u2212]?\d+)', panel, re.S)
        assert found, seat
        balances.append(int(found.group(1).replace("+", "").replace(MINUS, "-")))
    return balances


def shown_pots(html: str) -> list[int]:
    """The King pot's and the Pagat pot's amounts in the bar above the table."""
    return [int(n) for n in re.findall(r'class="pot">.*?<strong>(\d+)</strong>', html)]


def play_to_the_end(host: Person, people: dict[int, Person]) -> None:
    for _ in range(400):
        phase, turn, version = host.state()
        if phase == "over":
            return
        if phase == "declarations":
            for person in people.values():
                if person.state()[0] == "declarations":
                    act(person)
        elif turn in people:
            assert act(people[turn]).status_code in (200, 303)
        else:
            assert computers_moved(host, version)
    raise AssertionError("the deal did not end")


def test_a_friends_deal_for_four_agrees_with_the_independent_referee(client: TestClient) -> None:
    """Two people, two computers (medium and hard); the first deal's dealer is seat 0, so
    seat 2, a person, sits out: the referee checks that the record says so."""
    host = create(client, GAME, ("person", "medium", "person", "hard"))
    people = {0: host, 2: join(host, "Cy", 2)}
    assert host.post("start", {}).status_code == 303
    play_to_the_end(host, people)

    response = client.get(f"/tables/{host.table_id}/deals/1.json")
    assert response.status_code == 200
    record = response.json()
    assert record["game"] == GAME
    verdict = judge_four(record)  # raises on anything 2.17 forbids
    assert verdict.sits_out == 2
    assert all(action["seat"] != 2 for action in record["actions"])

    host.get()
    assert 'data-phase="over"' in host.html
    assert shown_balances(host.html) == verdict.balances
    assert shown_pots(host.html) == [verdict.pots[KING_POT], verdict.pots[PAGAT_POT]]
    assert sum(verdict.balances) + sum(verdict.pots.values()) == 0  # tokens only change hands
    # the sitter-out's view: the same balances
    sitter = people[2]
    sitter.get()
    assert shown_balances(sitter.html) == verdict.balances
