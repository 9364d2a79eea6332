"""Every language in the browser, not only the switch: a whole deal of each game in Danish,
German and Romansh (phone and desktop), a deal played with JavaScript off in each, and axe-core
on the plain pages, a table mid-deal, a summary and a friends' lobby in each. The driver finds
its buttons by the forms they post, so it plays in any language; the crawl (tests/i18n) is what
proves that no English is left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.i18n import DEFAULT_LANGUAGE, LANGUAGES
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab, table_ready
from tests.e2e.driver import play_deal, settle, state
from tests.e2e.test_glance import PLAIN_PAGES, axe_violations, table_in
from tests.web.factory import build_table, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

TRANSLATED = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]
WHOLE_DEALS = [
    (language, game, size)
    for index, language in enumerate(TRANSLATED)
    for game, size in (
        ("danish-tarok", ("phone", "desktop")[index % 2]),
        ("troccas", ("desktop", "phone")[index % 2]),
    )
]
"""Each language plays both games, one on a phone and one on a desktop, the sizes alternating
between the languages."""

START = "form.setup:not(.friends) button[type=submit]"
"""The home page's Start button, by its form."""


def speak(tab: Tab, server: Server, language: str) -> None:
    """The browser remembers a language, as the header's switch leaves it."""
    tab.page.context.add_cookies(
        [{"name": "trionfi_language", "value": language, "url": server.url}]
    )


def opened_in(open_tab: Opener, server: Server, language: str, **kwargs: Any) -> Tab:
    tab = open_tab(**kwargs)
    speak(tab, server, language)
    return tab


def lang_of(tab: Tab) -> str:
    return str(tab.page.evaluate("document.documentElement.lang"))


def start_game(tab: Tab, server: Server, game: str, speed: str) -> None:
    page = tab.page
    page.goto(server.url + "/")
    page.locator("#game-troccas" if game == "troccas" else "#game-danish-tarok").check()
    page.locator(f"input[name=speed][value={speed}]").check(force=True)
    page.locator(START).click()
    table_ready(page)


@pytest.mark.parametrize(("language", "game", "size"), WHOLE_DEALS)
def test_a_whole_deal_in_every_language(
    open_tab: Opener, server: Server, language: str, game: str, size: str
) -> None:
    tab = opened_in(open_tab, server, language, size=size)
    page = tab.page
    page.goto(server.url + "/")
    assert lang_of(tab) == language
    start = page.locator(START)
    box = start.bounding_box()
    assert box is not None
    height = page.viewport_size["height"]
    tab.shot(f"language-{language}-home")
    assert box["y"] + box["height"] <= height, f"Start is below the first screen: {box}"
    start_game(tab, server, game, "instant")
    assert lang_of(tab) == language

    def shot(tag: str) -> None:
        tab.shot(f"language-{language}-{game}-{tag}")

    play_deal(page, shot)
    summary = page.locator("#summary")
    assert summary.is_visible()
    next_deal = summary.locator("button[type=submit]").first
    assert next_deal.is_visible()
    assert next_deal.inner_text().strip() != "Next deal"  # in the reader's language
    tab.shot(f"language-{language}-{game}-summary")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def refresh_until_my_turn(page: Any) -> None:
    """With JavaScript off a person follows the Refresh link until it is their turn."""
    for _ in range(120):
        phase, turn, _ = state(page)
        if turn == "0" or phase == "over":
            return
        page.wait_for_timeout(250)
        page.locator("a.refresh").click()
        page.wait_for_load_state()
    raise AssertionError("the computers never gave the turn back")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_deal_with_javascript_off_in_every_language(
    open_tab: Opener, server: Server, language: str
) -> None:
    tab = opened_in(open_tab, server, language, size="phone", javascript=False)
    page = tab.page
    start_game(tab, server, "troccas", "normal")
    assert lang_of(tab) == language
    refresh_until_my_turn(page)
    for _ in range(2):  # the kitty: each click is a form post and a full page load
        page.locator("#hand button.legal[aria-pressed='false']").first.click()
        page.wait_for_load_state()
    page.locator("#discard-button").click()
    page.wait_for_load_state()
    played = 0
    for _ in range(10):
        refresh_until_my_turn(page)
        phase, turn, version = state(page)
        if phase == "over":
            break
        assert turn == "0"
        page.locator("#hand button.legal").first.click()
        page.wait_for_load_state()
        assert state(page)[2] > version
        played += 1
    assert played >= 5
    assert lang_of(tab) == language
    tab.shot(f"language-{language}-no-javascript")


def axe_found(tab: Tab, name: str) -> list[str]:
    found = axe_violations(tab.page)
    tab.shot(f"axe-{name}")
    return [f"{name}: {line}" for line in found]


@pytest.mark.parametrize("language", TRANSLATED)
def test_axe_finds_nothing_in_every_language(
    open_tab: Opener, server: Server, language: str
) -> None:
    found = []
    tab = opened_in(open_tab, server, language, size="phone")
    for path in PLAIN_PAGES:
        tab.page.goto(server.url + path)
        assert lang_of(tab) == language
        found += axe_found(tab, f"{language}-{path.strip('/').replace('/', '-') or 'home'}")
    for game in ("danish-tarok", "troccas"):
        table, token = table_in(game, "mid-deal")
        seat = seated_tab(open_tab, server, table, token, "desktop")
        speak(seat, server, language)
        seat.page.reload()
        settle(seat.page)
        assert lang_of(seat) == language
        found += axe_found(seat, f"{language}-table-{game}")
    table, token = build_table("troccas", settings=TableSettings(speed="instant"), deals_before=1)
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    over = seated_tab(open_tab, server, table, token, "phone")
    speak(over, server, language)
    over.page.reload()
    over.page.wait_for_selector("#summary")
    found += axe_found(over, f"{language}-summary")
    lobby = opened_in(open_tab, server, language, size="phone")
    lobby.page.goto(server.url + "/")
    form = lobby.page.locator("form.friends")
    form.locator("select[name=game]").select_option("danish-tarok")
    form.locator("input[name=name]").fill("Anna")
    form.locator("select[name=seat_2]").select_option("person")
    form.locator("button[type=submit]").click()
    lobby.page.wait_for_selector("#table[data-phase=lobby]")
    found += axe_found(lobby, f"{language}-lobby")
    assert found == [], found
