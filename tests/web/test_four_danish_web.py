"""Danish Tarok for four at the tables (rules.md 2.17): against the computer (you and three
computers) and at a friends' table of four, people and computers mixed; the sitter-out's
panel, the score sheet of four and the tokens."""

from __future__ import annotations

import re

from tests.web.friends import act, create, join
from tests.web.support import TestClient, computers_moved, finish_deal, start

GAME = "danish-tarok-4"


def test_a_solo_game_plays_a_whole_deal(client: TestClient) -> None:
    person = start(client, game=GAME)
    assert 'data-game="danish-tarok-4"' in person.html
    assert "Sits out this deal" in person.html
    finish_deal(person)
    person.get()
    assert 'data-phase="over"' in person.html


def test_a_friends_table_of_four_plays_a_whole_deal(client: TestClient) -> None:
    """Three people and a computer; the person opposite the dealer sits the first deal out."""
    host = create(client, GAME, ("person", "medium", "person", "person"))
    people = {0: host, 2: join(host, "Cy", 2), 3: join(host, "Di", 3)}
    assert host.post("start", {}).status_code == 303
    out = people[2]
    out.get()
    assert "Sits out this deal" in out.html
    assert "You sit out this deal." in out.html
    assert out.hand() == []
    assert "data-card=" not in out.html  # before any card is shown to the table: none at all
    held: set[str] = set()
    for seat in (0, 3):
        people[seat].get()
        held |= set(people[seat].hand())
    assert len(held) == 28 + 25
    assert not any(f'data-card="{card}"' in out.html for card in held)
    for _ in range(400):
        phase, turn, version = host.state()
        if phase == "over":
            break
        assert turn != 2
        if turn in people:
            assert act(people[turn]).status_code in (200, 303)
        elif phase == "declarations":
            assert act(host).status_code in (200, 303)
        else:
            assert computers_moved(host, version)
    host.get()
    assert 'data-phase="over"' in host.html
    sheet = host.html.split('id="score-sheet"', 1)[-1]
    assert sheet.count("<th") >= 4


def test_the_home_page_offers_it_and_the_rules_page_tells_it(client: TestClient) -> None:
    home = client.get("/").text
    assert 'value="danish-tarok-4" id="game-danish-tarok-4"' in home
    assert '<option value="danish-tarok-4">' in home
    assert '<span class="seats-danish-tarok-4">Seat 4</span>' in home
    rules = client.get("/rules/danish-tarok-4")
    assert rules.status_code == 200
    assert 'id="four"' in rules.text
    assert "opposite the dealer sits out" in rules.text
    assert client.get("/strategy/danish-tarok-4").status_code == 200


def test_tokens_and_four_columns_on_the_score_sheet(client: TestClient) -> None:
    person = start(client, game=GAME)
    finish_deal(person)
    person.get()
    html = person.html
    columns = ["You", "Right", "Across", "Left"]
    header = "".join(f'<th scope="col" class="num">{name}</th>' for name in columns)
    assert header in html.replace("\n", "")
    assert "split four ways" in html
    counts = html.split("<h3>Counts</h3>", 1)[1].split("</table>", 1)[0]
    assert [name for name in columns if f'<th scope="row">{name}</th>' in counts] == [
        "You",
        "Right",
        "Left",
    ]  # Across sat the deal out
    # every seat's balance in tokens ("1 token" when a balance is one: the deal is random)
    assert len(re.findall(r'<span class="unit">tokens?</span>', html)) == 4


def test_a_hint_at_the_four_player_table(client: TestClient) -> None:
    person = start(client, game=GAME)
    response = person.get("?hint=1", htmx=True)
    assert response.status_code == 200
    found = re.search(r'<p class="hint" role="status">([^<]*)</p>', response.text)
    assert found
    assert found.group(1).startswith("Hint: Lay away the ")  # the dealer's first decision


def test_the_next_deal_passes_the_deal_and_the_sitting_out_on(client: TestClient) -> None:
    person = start(client, game=GAME)
    finish_deal(person)
    _, _, version = person.state()
    assert person.post("next", {"version": version}).status_code in (200, 303)
    person.get()
    assert 'id="seat-3"' in person.html
    seat_three = person.html.split('id="seat-3"', 1)[1].split('id="seat-', 1)[0]
    assert "Sits out this deal" in seat_three
    assert "You sit out this deal." not in person.html
    finish_deal(person)
    person.get()
    assert 'data-phase="over"' in person.html
