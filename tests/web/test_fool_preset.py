"""Leading the Fool with a preset (rules.md 2.7c, 2.13): "Ask me each time" asks for the suit
with the preset preselected; a preset chosen instead names its suit at once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from app.engine.record import record_of
from app.web.storage.store import TableStore
from app.web.table.model import TableSettings
from tests.web.factory import build_table, person_leads_fool
from tests.web.support import TestClient, attribute, start

Seat = Any


def table_record(person: Any, data_dir: Path) -> dict[str, Any]:
    """The hand record of the deal in progress, as the app saved it."""
    store = TableStore(data_dir)
    table = store.get(person.table_id)
    store.close()
    assert table is not None
    assert table.match.deal is not None
    return record_of(table.match.deal).to_json()


def test_a_preset_names_the_suit_without_asking(seat: Seat, data_dir: Path) -> None:
    settings = TableSettings(speed="instant", fool_preset="SW", fool_ask=False)
    table, token = build_table(wanted=person_leads_fool, deals_before=2, settings=settings)
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("play", {"version": version, "card": "FOOL"}, htmx=True)
    assert response.status_code == 200
    assert "fool-question" not in person.html
    assert int(attribute(person.html, "data-version")) > version
    record = table_record(person, data_dir)
    lead = next(a for a in record["actions"] if a.get("play") == "FOOL")
    assert lead["name"] == "SW"


def test_asking_is_the_default_with_lowest_trump_preselected(seat: Seat) -> None:
    assert TableSettings().fool_ask
    table, token = build_table(wanted=person_leads_fool, deals_before=2)
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("play", {"version": version, "card": "FOOL"})
    assert response.headers["location"].endswith("?prompt=fool#hand")
    person.get("?prompt=fool")
    assert "fool-question" in person.html
    assert attribute(person.html, "data-version") == str(version)
    assert re.search(r'value="T" class="primary preset" autofocus', person.html)


def test_a_saved_table_without_the_choice_keeps_asking() -> None:
    settings = TableSettings.from_json({"speed": "fast", "fool_preset": "CU"})
    assert settings.fool_ask
    assert settings.fool_preset == "CU"
    assert settings.fool_choice == "ask"


def test_the_home_page_offers_ask_me_each_time_first_and_chosen(client: TestClient) -> None:
    html = client.get("/").text
    radios = re.findall(r'<input type="radio" name="fool_preset" value="(\w+)"[^>]*>', html)
    assert radios == ["ask", "T", "ST", "CU", "SW", "CO"]
    assert re.search(r'name="fool_preset" value="ask"[^>]* checked>', html)
    assert "Ask me each time" in html


def test_a_preset_chosen_at_start_and_changed_back_in_the_settings(client: TestClient) -> None:
    person = start(client, fool_preset="CO")
    person.get()
    assert re.search(r'<option value="CO" selected>lowest coin</option>', person.html)
    person.post("settings", {"speed": "instant", "fool_preset": "ask"})
    person.get()
    assert re.search(r'<option value="ask" selected>Ask me each time</option>', person.html)
    person.post("settings", {"speed": "instant", "fool_preset": "nonsense"})
    person.get()
    assert re.search(r'<option value="ask" selected>', person.html)  # unchanged


def test_a_fool_led_as_cups_says_so(seat: Seat) -> None:
    """Cups is the suit numbered 0: the trick still says what the Fool stands for (it once
    read a led Fool's suit as "none" when it was Cups)."""
    table, token = build_table(wanted=person_leads_fool, deals_before=2)
    person = seat(table, token)
    _, _, version = person.state()
    response = person.post("play", {"version": version, "card": "FOOL", "name": "CU"}, htmx=True)
    assert response.status_code == 200
    assert re.search(r"leads as <strong>Cups</strong>|led as Cups", person.html), person.html
