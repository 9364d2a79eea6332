"""Card names on mouseover (the setting "Card names on mouseover"): every card face on the
table page carries its name as a ``title`` when the setting is on, and none when it is off;
the alt text is the name either way, and a card back never carries a name (design.md 1.6)."""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest

from app.engine.cards import display_name, parse
from app.engine.deal import Deal, Phase
from app.engine.options import Options
from app.web.http.render import card_face
from app.web.table.model import TableSettings
from tests.web.factory import build_table, play_until

VOID = frozenset({"img", "input", "br", "meta", "link", "hr", "source", "wbr"})
"""Elements without an end tag."""
REGIONS = ("hand", "trick", "last-trick", "discards", "face-up")
"""Where a card face may be drawn: the ids of design.md 1.6, and the class of a card dealt
face up (Troccas option)."""


class CardImages(HTMLParser):
    """Each card picture of a page with the region it is drawn in (``REGIONS``, or "")."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.images: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "img" and "/static/cards/" in found.get("src", ""):
            region = next((r for r in reversed(self.stack) if r), "")
            self.images.append((region, found))
        if tag in VOID:
            return
        classes = found.get("class", "").split()
        region = found.get("id", "") if found.get("id") in REGIONS else ""
        self.stack.append(region or ("face-up" if "face-up" in classes else ""))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()


def card_images(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = CardImages()
    parser.feed(html)
    return parser.images


def faces_by_region(html: str, names_on_hover: bool) -> dict[str, int]:
    """How many faces each region draws, after checking every picture: a face is named by its
    alt text (and by its title exactly when ``names_on_hover``), a back by neither."""
    counts: dict[str, int] = {}
    for region, attrs in card_images(html):
        src = attrs["src"]
        if "/back.svg" in src:
            assert attrs["alt"] == ""
            assert "title" not in attrs
            continue
        card_code = src.rsplit("/", 1)[1].split(".svg")[0]
        name = display_name(parse(card_code))
        assert attrs["alt"] == name
        if names_on_hover:
            assert attrs.get("title") == name, (region, card_code)
        else:
            assert "title" not in attrs, (region, card_code)
        counts[region] = counts.get(region, 0) + 1
    return counts


def sit_at(
    seat: Any,
    game: str,
    on: bool,
    wanted: Callable[[Deal], bool],
    options: Options | None = None,
    deals_before: int = 0,
) -> Any:
    """A person at a table (names on mouseover ``on`` or off) played on until ``wanted``."""
    settings = TableSettings(speed="instant", names_on_hover=on)
    table, token = build_table(game, options=options, settings=settings, deals_before=deals_before)
    assert play_until(table, wanted, keep_fool=True)
    return seat(table, token)


def mid_play(deal: Deal) -> bool:
    """The person to play, with a trick under way and two finished before it."""
    return (
        deal.phase is Phase.PLAY and deal.turn == 0 and len(deal.tricks) >= 2 and bool(deal.trick)
    )


@pytest.mark.parametrize("on", [True, False])
def test_hand_trick_last_trick_and_the_shown_discard(seat: Any, on: bool) -> None:
    person = sit_at(seat, "danish-tarok", on, mid_play, deals_before=1)
    counts = faces_by_region(person.html, on)
    assert counts["hand"] >= 1
    assert counts["trick"] >= 1
    assert counts["last-trick"] == 3
    assert counts["discards"] == 3  # Danish Tarok shows the discard (conceal_discards off)
    assert counts.keys() <= set(REGIONS)


@pytest.mark.parametrize("on", [True, False])
def test_the_dealers_kitty_and_the_cards_dealt_face_up(seat: Any, on: bool) -> None:
    options = Options(show_last_dealt_card=True)
    person = sit_at(seat, "troccas", on, mid_play, options=options)
    counts = faces_by_region(person.html, on)
    assert counts["discards"] == 2  # the dealer sees their own kitty
    assert counts["hand"] >= 1


@pytest.mark.parametrize("on", [True, False])
def test_cards_dealt_face_up_before_the_first_trick(seat: Any, on: bool) -> None:
    options = Options(show_last_dealt_card=True)
    person = sit_at(seat, "troccas", on, lambda deal: True, options=options)
    counts = faces_by_region(person.html, on)
    assert counts["face-up"] == 3  # the others' (the viewer's own is in the hand)
    assert counts["hand"] == 21  # the dealer, before the kitty


@pytest.mark.parametrize("on", [True, False])
def test_the_kitty_face_down_then_shown_at_the_end(seat: Any, on: bool) -> None:
    person = sit_at(seat, "troccas", on, mid_play, deals_before=1)
    counts = faces_by_region(person.html, on)
    assert "discards" not in counts  # another seat's kitty: two backs, no names
    assert person.html.count('<div class="mini back">') == 2
    person = sit_at(seat, "troccas", on, lambda deal: deal.is_over, deals_before=1)
    counts = faces_by_region(person.html, on)
    assert counts["discards"] == 2
    assert counts["last-trick"] == 4 or counts["trick"] == 4


def test_only_the_setting_adds_a_title_and_the_alt_text_stays() -> None:
    on = card_face("CU-K", "King of Cups", TableSettings(names_on_hover=True))
    off = card_face("CU-K", "King of Cups", TableSettings())
    assert 'alt="King of Cups"' in on
    assert 'alt="King of Cups"' in off
    assert 'title="King of Cups"' in on
    assert "title=" not in off
    assert off == on.replace(' title="King of Cups"', "")
