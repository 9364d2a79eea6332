"""The hand's cards and the seats are drawn once and kept (``app.web.http.render``, issue 20):
what is kept must never stand in for a different drawing. Each kept drawing is keyed by all it
shows: the card or seat itself, its state, the face settings and the reader's language."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.i18n import use_language
from app.web.http.render import make_templates
from app.web.show.cards import CardView
from app.web.show.frame import SeatView
from app.web.show.handrows import HandRows


class Face:
    def __init__(self, card_style: str = "italian", names_on_hover: bool = False) -> None:
        self.card_style = card_style
        self.names_on_hover = names_on_hover


def drawers() -> tuple[Any, Any]:
    globals_ = make_templates().env.globals
    return globals_["hand_cards"], globals_["seat_box"]


HAND = [
    CardView("T-21", "Trump 21", legal=True),
    CardView("CU-K", "King of Cups", why="You must play a trump.", why_id="why-not-1"),
]


def test_a_hand_is_drawn_in_its_state_mode_and_face_settings() -> None:
    hand_cards, _ = drawers()
    rows = HandRows(len(HAND), 18)
    playing = str(hand_cards(HAND, rows, "play", Face(), 0))
    assert 'value="T-21"' in playing
    assert "autofocus" in playing
    assert 'data-why="You must play a trump."' in playing
    waiting = str(hand_cards(HAND, rows, "waiting", Face()))
    assert 'type="button" class="card" data-card="T-21" disabled' in waiting
    assert "autofocus" not in waiting
    assert "data-why" not in waiting
    assert "autofocus" not in str(hand_cards(HAND, rows, "play", Face(), -1))
    assert 'title="Trump 21"' in str(hand_cards(HAND, rows, "play", Face(names_on_hover=True)))
    assert 'title="' not in str(hand_cards(HAND, rows, "play", Face()))
    four_colour = str(hand_cards(HAND, rows, "play", Face("four-colour")))
    assert "/static/cards/four-colour/CU-K.svg" in four_colour
    assert "four-colour" not in str(hand_cards(HAND, rows, "play", Face()))
    pressed = [replace(HAND[0], pressed=True), HAND[1]]
    assert 'aria-pressed="true"' in str(hand_cards(pressed, rows, "discard", Face()))
    assert 'aria-pressed="true"' not in str(hand_cards(HAND, rows, "discard", Face()))


def test_a_kept_drawing_is_per_language() -> None:
    hand_cards, seat_box = drawers()
    seat = SeatView(1, "Right", "Hard", False, False, "right", 18, 0, 5, False, True)
    with use_language("en"):
        english_hand = str(hand_cards(HAND, HandRows(2, 18), "waiting", Face()))
        english_seat = str(seat_box(seat, "/tables/x", True, False, Face()))
    with use_language("da"):
        danish_seat = str(seat_box(seat, "/tables/x", True, False, Face()))
        danish_hand = str(hand_cards(HAND, HandRows(2, 18), "waiting", Face()))
    assert "18 cards" in english_seat
    assert "18 cards" not in danish_seat
    assert "18 kort" in danish_seat
    assert english_hand == danish_hand  # the names are the views' own, said by the frame


def test_a_seat_is_drawn_as_it_is_now() -> None:
    _, seat_box = drawers()
    seat = SeatView(1, "Right", "Hard", False, False, "right", 18, 0, 5, False, True)
    assert "turn-flag" in str(seat_box(seat, "/tables/x", True, False, Face()))
    played = replace(seat, cards=17, is_turn=False)
    drawn = str(seat_box(played, "/tables/x", True, False, Face()))
    assert "17 cards" in drawn
    assert "turn-flag" not in drawn
    assert 'hx-swap-oob="true"' in str(seat_box(seat, "/t", True, False, Face(), oob_swap=True))
    assert "hx-swap-oob" not in str(seat_box(seat, "/t", True, False, Face()))
    person = replace(seat, is_person=True, connected=False)
    assert "/t/standin" in str(seat_box(person, "/t", True, True, Face()))
    assert "/t/standin" not in str(seat_box(person, "/t", False, True, Face()))
    assert "/t/standin" not in str(seat_box(person, "/t", True, False, Face()))
