"""The table's Hint button speaks a player's words (issue 12): "Play the 9 of Cups: ...", with
no sample counts or averages, naming only cards the person can see."""

from __future__ import annotations

import html
import re

import pytest

from app.engine.cards import ALL_CARDS, code, display_name
from tests.web.support import Person, TestClient, attribute, start

HINT = re.compile(r'<p class="hint" role="status">([^<]*)</p>')
INTERNALS = ("sampled", "average", "tokens", "points for", "Why:")


def hint_text(person: Person) -> str:
    response = person.get("?hint=1", htmx=True)
    assert response.status_code == 200
    found = HINT.search(person.html)
    assert found, "the page shows no hint"
    return html.unescape(found.group(1))


def named_codes(text: str) -> set[str]:
    lowered = text.lower()
    return {
        code(card)
        for card in ALL_CARDS
        if re.search(rf"(?<!\w){re.escape(display_name(card).lower())}(?!\w)", lowered)
    }


def shown_codes(page: str) -> set[str]:
    """The cards the person's page shows face up (hand, trick, last trick)."""
    return set(re.findall(r'data-card="([^"]+)"', page))


def until_play(person: Person) -> bool:
    """Answer the person's other decisions (as the first legal choice) until they must play a
    card; False once the deal is over."""
    for _ in range(20):
        phase, _turn, version = person.state()
        if phase == "play":
            return True
        if phase == "over":
            return False
        if phase == "declarations":
            person.post("continue", {"version": version}, htmx=True)
        elif phase == "discard":
            size = 2 if attribute(person.html, "data-game") == "troccas" else 3
            person.post("discard", {"version": version, "card": person.legal()[:size]}, htmx=True)
        else:
            person.post("decide", {"version": version, "choice": "yes"}, htmx=True)
    raise AssertionError("the person never came to play")


def play_first_legal(person: Person) -> None:
    version = int(attribute(person.html, "data-version"))
    card = re.findall(r'class="card legal[^"]*"\s+name="card" value="([^"]+)"', person.html)[0]
    person.post("play", {"version": version, "card": card, "name": "T"}, htmx=True)


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_the_hint_is_a_sentence_a_player_would_say(client: TestClient, game: str) -> None:
    person = start(client, game=game, difficulty="easy")
    checked = 0
    for _ in range(8):
        if not until_play(person):
            break
        page = person.html
        text = hint_text(person)
        assert re.match(r"Hint: Play (the |[IVXL]+ )", text), text
        assert text.endswith(".")
        assert not any(word in text for word in INTERNALS), text
        leftover = text
        for card in ALL_CARDS:
            leftover = re.sub(re.escape(display_name(card)), "", leftover, flags=re.IGNORECASE)
        assert not re.search(r"\d", re.sub(r"trick \d+", "", leftover)), text
        assert named_codes(text) <= shown_codes(page), text
        hinted = re.findall(r'class="card legal[^"]* hinted"[^>]*value="([^"]+)"', person.html)
        assert len(hinted) == 1
        assert display_name_of(hinted[0]).lower() in text.lower()
        play_first_legal(person)
        checked += 1
    assert checked >= 3


def display_name_of(card_code: str) -> str:
    return next(display_name(c) for c in ALL_CARDS if code(c) == card_code)


def test_the_discard_hint_names_the_cards_and_why(client: TestClient) -> None:
    for _ in range(6):
        person = start(client, game="troccas")
        if attribute(person.html, "data-phase") == "discard":
            text = hint_text(person)
            assert text.startswith("Hint: Lay away the "), text
            assert "pips" in text or "need least" in text or "count for your team" in text
            return
    pytest.skip("the person was not the dealer in six tables")
