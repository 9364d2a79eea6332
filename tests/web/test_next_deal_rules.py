"""Rule options changed between deals (rules.md 2.13, 3.7): against the computer by the
person, at a friends' table by the host; refused mid-deal and from anyone else; applied from
the next deal on, with the earlier deals' records and the score sheet saying how they were
played."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from app.web.storage.store import TableStore
from tests.web.friends import CONFIRMED, full_table, play_deal, poll
from tests.web.support import (
    Person,
    TestClient,
    attribute,
    finish_deal,
    inline_app,
    message,
    start,
    status_of,
)

CHICKS_ON = "You turned on the Chicks rule for the next deal."


def record(person: Person, number: int) -> dict[str, Any]:
    response = person.client.get(f"{person.url}/deals/{number}.json", headers=person.headers)
    assert response.status_code == 200
    data: dict[str, Any] = json.loads(response.text)
    return data


def rules_list(html: str) -> str:
    found = re.search(r'<div id="rules".*?</div>', html, re.S)
    assert found, "the table shows no rules"
    return found.group(0)


def next_deal(person: Person) -> None:
    response = person.post("next", {"version": person.version()})
    assert response.status_code == 303, message(person.html)
    person.get()


def test_the_chicks_rule_turned_on_between_deals_against_the_computer(
    client: TestClient, data_dir: Path
) -> None:
    person = start(client)
    assert "The standard rules, no option on." in rules_list(person.html)
    finish_deal(person)
    assert 'action="/tables/' in person.html
    assert "Rules for the next deal" in person.html

    response = person.post("rules", {"version": person.version(), "dk_chicks_rule": "on"})
    assert response.status_code == 303
    person.get()
    assert CHICKS_ON in person.html
    assert "<strong>From the next deal:</strong> with the Chicks rule." in rules_list(person.html)
    assert re.search(r'id="next-chicks_rule"[^>]* checked', person.html)
    assert "Deal 1 was played without the Chicks rule." in person.html  # the sheet's mark
    assert '<span class="sr-only">, played without the Chicks rule</span>' in person.html

    next_deal(person)
    assert attribute(person.html, "data-phase") != "over"
    listed = rules_list(person.html)
    assert '<a href="/rules/danish-tarok#option-chicks_rule">Chicks rule</a>' in listed
    assert "next deal" not in listed
    finish_deal(person)
    assert CHICKS_ON not in person.html  # nothing changed after deal 2
    assert "Deal 1 was played without the Chicks rule." in person.html
    assert "Deal 2 was played" not in person.html
    assert record(person, 1)["options"] == {}
    assert record(person, 2)["options"] == {"chicks_rule": True}

    with TestClient(inline_app(data_dir)):  # a restart reads the saved table back
        store = TableStore(data_dir)
        table = store.get(person.table_id)
        store.close()
    assert table is not None
    assert [r.options.chicks_rule for r in table.match.records] == [False]
    assert table.match.options.chicks_rule
    assert table.match.deal is not None
    assert table.match.deal.options.chicks_rule


def test_turning_it_off_again_before_the_next_deal_changes_nothing(client: TestClient) -> None:
    person = start(client)
    finish_deal(person)
    person.post("rules", {"version": person.version(), "dk_chicks_rule": "on"})
    person.post("rules", {"version": person.version()}, htmx=True)
    assert CHICKS_ON not in person.html
    assert "From the next deal:" not in rules_list(person.html)
    assert "Deal 1 was played" not in person.html  # the score sheet marks no deal


def test_the_rules_do_not_change_during_a_deal(client: TestClient) -> None:
    person = start(client)
    version = person.version()
    response = person.post("rules", {"version": version, "dk_chicks_rule": "on"}, htmx=True)
    assert status_of(response) == 409
    assert message(person.html) == "The rules change only between deals: finish this deal first."
    person.get()
    assert person.version() == version
    assert "The standard rules, no option on." in rules_list(person.html)
    assert "Rules for the next deal" not in person.html
    finish_deal(person)
    next_deal(person)
    assert "The standard rules, no option on." in rules_list(person.html)


def test_a_stale_rules_form_changes_nothing(client: TestClient) -> None:
    person = start(client)
    finish_deal(person)
    stale = person.version()
    next_deal(person)
    response = person.post("rules", {"version": stale, "dk_chicks_rule": "on"})
    assert status_of(response) == 409
    person.get()
    assert "The standard rules, no option on." in rules_list(person.html)


def test_the_swiss_chicks_rule_stays_but_the_other_options_change(client: TestClient) -> None:
    person = start(client, game="troccas")
    finish_deal(person)
    assert re.search(r'id="next-chicks_rule"[^>]* disabled', person.html)
    assert "In Swiss Troccas it stays for the whole match." in person.html
    data = {"version": person.version(), "tr_chicks_rule": "on", "tr_manual_bob": "on"}
    assert person.post("rules", data).status_code == 303
    person.get()
    assert "You turned on the manual Bob call for the next deal." in person.html
    next_deal(person)
    listed = rules_list(person.html)
    assert "Manual Bob call" in listed
    assert "Chicks rule" not in listed


def test_the_host_changes_the_rules_and_everyone_is_told(client: TestClient) -> None:
    people = full_table(client)
    mid_deal = people[0].post("rules", {"version": people[0].version(), "dk_chicks_rule": "on"})
    assert status_of(mid_deal) == 409
    play_deal(people)
    host, guest = people[0], people[1]
    guest.get()
    assert "Rules for the next deal" not in guest.html
    shown = re.search(r"poll\?v=(\d+)&amp;p=([^&]+)&amp;", guest.html)
    assert shown
    version = host.version()
    refused = guest.post("rules", {"version": version, "dk_chicks_rule": "on"}, htmx=True)
    assert status_of(refused) == 403
    assert message(guest.html) == "Only the host (who created the table) changes the rules."
    assert "From the next deal:" not in rules_list(guest.html)

    assert host.post("rules", {"version": version, "dk_chicks_rule": "on"}).status_code == 303
    host.get()
    assert CHICKS_ON in host.html
    answer = poll(guest, int(shown.group(1)), shown.group(2))  # the guest's page redraws
    assert answer.status_code == 200
    assert "The host turned on the Chicks rule for the next deal." in answer.text
    assert "<strong>From the next deal:</strong> with the Chicks rule." in answer.text
    for person in people:
        assert "turned on the Chicks rule for the next deal." in person.get().text

    next_deal(guest)  # anyone seated deals the next deal; the host's rules apply
    for person in people:
        person.get()
        assert "Chicks rule" in rules_list(person.html)
        assert "turned on the Chicks rule" not in person.html
    play_deal(people)
    assert record(host, 1)["options"] == {}
    assert record(host, 2)["options"] == {"chicks_rule": True}


def test_no_rules_change_once_the_match_is_over(client: TestClient) -> None:
    people = full_table(client)
    play_deal(people)
    host = people[0]
    assert host.post("end", CONFIRMED).status_code == 303
    refused = host.post("rules", {"version": host.version(), "dk_chicks_rule": "on"}, htmx=True)
    assert status_of(refused) == 409
    assert message(host.html) == "The match is over: this table takes no more deals."
    assert "Rules for the next deal" not in host.get().text
