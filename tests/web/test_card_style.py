"""The setting "Card style" (Italian suits, four colours, French suits; rules.md 0.3): one radio
group on the home page and in a table's settings, kept with the table, read from tables and
forms saved when it was the checkbox ``four_colour``, and followed by the table and the replays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from app.engine.cards import ALL_CARDS, IS_COURT, code
from app.i18n import LANGUAGES, use_language
from app.paths import STATIC_DIR
from app.web.http.language import LANGUAGE_COOKIE
from app.web.http.render import card_src
from app.web.storage.store import TableStore
from app.web.table.model import CARD_STYLES, TableSettings
from tests.web.factory import build_table
from tests.web.support import TestClient, attribute, finish_deal, start

Seat = Any
STYLES = ["italian", "four-colour", "french"]
FACE = re.compile(r'<img src="/static/(cards(?:/[\w-]+)*)/([A-Z0-9-]+)\.svg\?v=\w+" alt="')


def face_folders(html: str) -> set[str]:
    """The folders of the card faces a page draws (the back aside)."""
    return {folder for folder, _ in FACE.findall(html)}


def radios(html: str, prefix: str) -> list[tuple[str, str, str]]:
    """The card style radios of a form: (value, id, checked)."""
    return re.findall(
        rf'<input type="radio" name="card_style" value="([\w-]+)" id="({prefix}style-[\w-]+)"'
        r' aria-describedby="[\w-]+-note"( checked)?>',
        html,
    )


def test_the_styles_are_the_three_and_italian_is_the_default() -> None:
    assert list(CARD_STYLES) == STYLES
    assert TableSettings().card_style == "italian"


def test_the_home_page_offers_the_styles_as_one_labelled_radio_group(client: TestClient) -> None:
    html = client.get("/").text
    found = radios(html, "opt-")
    assert [value for value, _, _ in found] == STYLES
    assert [value for value, _, checked in found if checked] == ["italian"]
    group = html.split('<fieldset class="choice card-styles">', 1)[1].split("</fieldset>", 1)[0]
    assert "<legend>Card style</legend>" in group
    for _value, radio_id, _ in found:
        assert f'<label for="{radio_id}">' in group
        assert f'id="{radio_id}-note"' in group
    assert "French suits" in group
    assert "Hearts, diamonds, spades and clubs" in group


def test_a_match_started_in_french_suits_draws_french_faces(client: TestClient) -> None:
    person = start(client, card_style="french")
    assert face_folders(person.html) == {"cards/french"}  # English: the courts' own letters
    assert "cards-french" in attribute(person.html, "class")
    assert [value for value, _, checked in radios(person.html, "set-") if checked] == ["french"]


def test_the_table_settings_change_the_style_and_the_table_keeps_it(
    client: TestClient, data_dir: Path
) -> None:
    person = start(client)
    assert face_folders(person.html) == {"cards"}
    response = person.post("settings", {"speed": "instant", "card_style": "french"}, htmx=True)
    assert response.status_code == 200
    assert face_folders(person.html) == {"cards/french"}
    store = TableStore(data_dir)
    saved = store.get(person.table_id)
    store.close()
    assert saved is not None
    assert saved.settings.card_style == "french"
    person.post("settings", {"speed": "instant", "card_style": "nonsense"})
    person.get()
    assert face_folders(person.html) == {"cards/french"}  # a value no page sends changes nothing
    person.post("settings", {"speed": "instant", "card_style": "four-colour"})
    person.get()
    assert face_folders(person.html) == {"cards/four-colour"}


def test_forms_from_before_the_choice_send_the_four_colour_checkbox(client: TestClient) -> None:
    person = start(client, four_colour="on")
    assert face_folders(person.html) == {"cards/four-colour"}
    person.post("settings", {"speed": "instant"})  # the old form, box left empty
    person.get()
    assert face_folders(person.html) == {"cards"}


@pytest.mark.parametrize(
    ("saved", "style"),
    [
        ({"four_colour": True}, "four-colour"),
        ({"four_colour": False}, "italian"),
        ({}, "italian"),
        ({"card_style": "french", "four_colour": True}, "french"),
        ({"card_style": "sepia"}, "italian"),
    ],
)
def test_settings_saved_before_the_choice_keep_their_style(
    saved: dict[str, Any], style: str
) -> None:
    settings = TableSettings.from_json({"speed": "fast", **saved})
    assert settings.card_style == style
    again = TableSettings.from_json(settings.to_json())
    assert again == settings
    assert "four_colour" not in settings.to_json()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_card_has_a_french_face_in_every_language(language: str) -> None:
    with use_language(language):
        for card in ALL_CARDS:
            src = card_src(code(card), "french")
            path = src.split("?", 1)[0].removeprefix("/static/")
            assert (STATIC_DIR / path).is_file(), src
            folder = path.rsplit("/", 1)[0]
            if IS_COURT[card] and language != "en":
                assert folder == f"cards/french/{language}"  # its letters
            else:
                assert folder == "cards/french"


def test_a_french_table_read_in_german_shows_german_court_letters(client: TestClient) -> None:
    person = start(client, card_style="french")
    response = client.get(
        person.url,
        headers={"Cookie": f"{person.headers['Cookie']}; {LANGUAGE_COOKIE}=de"},
    )
    courts = [(folder, card) for folder, card in FACE.findall(response.text) if card[-1] in "KQNP"]
    pips = [
        (folder, card) for folder, card in FACE.findall(response.text) if card[-1] not in "KQNP"
    ]
    assert all(folder == "cards/french/de" for folder, _ in courts)
    assert all(folder == "cards/french" for folder, _ in pips)
    assert courts or pips


def test_the_replay_of_a_deal_follows_the_tables_style(seat: Seat) -> None:
    table, token = build_table(
        "troccas", settings=TableSettings(speed="instant", card_style="french")
    )
    person = seat(table, token)
    finish_deal(person)
    page = person.get("/deals/1")
    assert page.status_code == 200
    assert face_folders(page.text) == {"cards/french"}


def test_the_cards_page_shows_the_french_faces(client: TestClient) -> None:
    html = client.get("/cards").text
    assert 'aria-label="French-suited faces"' in html
    assert 'src="/static/cards/french/CU-K.svg' in html
    german = client.get("/cards", headers={"Cookie": f"{LANGUAGE_COOKIE}=de"}).text
    assert 'src="/static/cards/french/de/CU-K.svg' in german
    assert 'src="/static/cards/french/T21.svg' in german
