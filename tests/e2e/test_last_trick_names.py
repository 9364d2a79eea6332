"""The last trick's labels (issue 21): ordinary names show whole under their cards, on a phone
and a desktop, in English and in German (longer seat words): the computers' names, a person's
name as long as the name field allows (24 characters), "You" and the seat words. Only an
unusually long name may be cut, and then its whole name stays in the page (read by a screen
reader, shown on hover and on focus)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Deal, Phase
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, sit_at
from tests.e2e.driver import settle
from tests.e2e.test_glance import axe_violations
from tests.web.factory import build_table, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

NAME_FIELD = 24  # templates/pages/home.html, partials/lobby.html: maxlength="24"
PEOPLE = {
    "troccas": ["You", "Ursina", "Anna-Katharina Casanova", "Gian"],
    "danish-tarok": ["You", "Maximiliane Oberholzer", "Signe"],
}
"""Names at a friends' table: computers' names and people's names up to the field's length."""


def cut_labels(page: Any) -> list[str]:
    """The last trick's labels whose text does not fit their box (cut or clamped)."""
    result: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#last-trick .mini .by')]
            .filter(by => by.scrollWidth > by.clientWidth || by.scrollHeight > by.clientHeight + 1)
            .map(by => `${by.textContent}: ${by.scrollWidth}x${by.scrollHeight} in ` +
                       `${by.clientWidth}x${by.clientHeight}`)"""
    )
    return result


def label_texts(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "#last-trick .mini .by", "els => els.map(e => e.textContent.trim())"
    )
    return texts


def after_a_trick(deal: Deal) -> bool:
    return deal.phase is Phase.PLAY and deal.turn == 0 and len(deal.tricks) >= 2


def table_with(game: str, names: list[str] | None) -> tuple[Any, str]:
    table, token = build_table(game, settings=TableSettings(speed="instant"))
    assert play_until(table, after_a_trick, keep_fool=True)
    if names is not None:
        for seat, name in zip(table.seats, names, strict=True):
            seat.name = name
    return table, token


def opened_at(
    open_tab: Opener, server: Server, table: Any, token: str, size: str, language: str = "en"
) -> Tab:
    save(table, server.data_dir)
    tab = open_tab(size)
    speak(tab, server, language)
    sit_at(tab, server, table.id, token)
    return tab


def speak(tab: Tab, server: Server, language: str) -> None:
    tab.page.context.add_cookies(
        [{"name": "trionfi_language", "value": language, "url": server.url}]
    )


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    ("game", "named"),
    [
        ("troccas", "seats"),
        ("danish-tarok-4", "seats"),
        ("troccas", "people"),
        ("danish-tarok", "people"),
    ],
)
def test_ordinary_names_show_whole_under_the_last_trick(
    open_tab: Opener, server: Server, game: str, named: str, language: str, size: str
) -> None:
    table, token = table_with(game, PEOPLE[game] if named == "people" else None)
    assert all(len(name) <= NAME_FIELD for name in PEOPLE.get(game, []))
    tab = opened_at(open_tab, server, table, token, size, language)
    settle(tab.page)
    tab.page.locator("#last-trick").scroll_into_view_if_needed()
    tab.shot(f"last-trick-{game}-{named}-{language}")
    assert label_texts(tab.page)
    assert cut_labels(tab.page) == []


UNUSUAL = "WWWWWWWWWWWWWWWWWWWWWWWW"  # the field's 24 characters, each of the widest


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_an_unusually_long_name_is_cut_and_still_whole_on_hover_focus_and_to_a_reader(
    open_tab: Opener, server: Server, size: str
) -> None:
    table, token = table_with("troccas", ["You", UNUSUAL, "Ursina", "Gian"])
    tab = opened_at(open_tab, server, table, token, size)
    page = tab.page
    settle(page)
    label = page.locator("#last-trick .mini[data-seat='1'] .by")
    assert label.text_content() == UNUSUAL  # what a screen reader reads: the whole name
    assert label.get_attribute("title") == UNUSUAL  # hover
    assert cut_labels(page) != []  # cut, the others whole
    assert all(UNUSUAL in line for line in cut_labels(page))
    label.focus()  # focus (a tab stop): shown whole
    tab.shot("last-trick-unusual-name-focused")
    assert cut_labels(page) == []
    box = label.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= page.viewport_size["width"]
    assert axe_violations(page) == []  # the tab stop with its title: nothing axe-core finds
