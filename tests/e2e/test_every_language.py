"""Every language in the browser, not only the switch: a whole deal of each game in Danish,
German and Romansh (phone and desktop) and one of Danish Tarok for four, a whole deal played
with JavaScript off in each, and axe-core in each on the plain pages, a table mid-deal, a
summary, a friends' lobby, an error page, the statistics, the Fool's question, the Chicks
choice and a table of four. The driver finds its buttons by the forms they post, so it plays
in any language; the crawl (tests/i18n) is what proves that no English is left."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Phase
from app.engine.options import Options
from app.i18n import DEFAULT_LANGUAGE, LANGUAGES
from app.web.http.cookies import PLAYER_COOKIE
from app.web.table.model import TableSettings, hash_token
from tests.e2e.conftest import Server, Tab, seated_tab, table_ready
from tests.e2e.driver import play_deal, settle, state
from tests.e2e.test_glance import PLAIN_PAGES, axe_violations, table_in
from tests.web.factory import build_table, person_leads_fool, play_out, play_until, save

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
WHOLE_DEALS.append(("de", "danish-tarok-4", "phone"))
"""Each language plays both games, one on a phone and one on a desktop, the sizes alternating
between the languages; and one deal of Danish Tarok for four (German, the longest words)."""

GAME_TILES = {game: f"#game-{game}" for game in ("danish-tarok", "troccas", "danish-tarok-4")}
"""The home page's radio of each game, by its id (``game-`` and the game's key)."""

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
    page.locator(GAME_TILES[game]).check()
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
    assert page.locator("#table").get_attribute("data-game") == game

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


def page_loaded(page: Any, click: Any) -> None:
    """Click what posts a form or follows a link (JavaScript off: a full page load)."""
    click.click()
    page.wait_for_load_state()


def see_the_computers_move(page: Any) -> None:
    """The Refresh link while a computer thinks; else the page again."""
    page.wait_for_timeout(200)
    refresh = page.locator("a.refresh")
    if refresh.count():
        page_loaded(page, refresh.first)
    else:
        page.reload()


def discard_one_by_one(page: Any) -> None:
    """One step of the discard: choose a card (a post), or lay the chosen ones away."""
    chosen = page.locator("#hand button.legal[aria-pressed='true']").count()
    size = 2 if page.locator("#table").get_attribute("data-game") == "troccas" else 3
    if chosen < size:
        page_loaded(page, page.locator("#hand button.legal[aria-pressed='false']").first)
    else:
        page_loaded(page, page.locator("#discard-button"))


def play_deal_without_javascript(page: Any, max_steps: int = 400) -> int:
    """A whole deal with plain forms: each decision is a post and a page load; while the
    computers are to move the person follows the Refresh link (or reloads). Returns the
    number of cards the person played."""
    played = 0
    for _ in range(max_steps):
        phase, turn, version = state(page)
        if phase == "over":
            return played
        continue_button = page.locator("form[action$='/continue'] button[type=submit]")
        if continue_button.count():  # the declarations' pause
            page_loaded(page, continue_button.first)
        elif turn != "0":
            see_the_computers_move(page)
        elif phase == "discard":
            discard_one_by_one(page)
        elif phase == "play":
            page_loaded(page, page.locator("#hand button.legal").first)
            if page.locator("#fool-question").count():
                page_loaded(page, page.locator(".fool-prompt button.preset"))
            assert state(page)[2] > version
            played += 1
        elif phase in ("demand_fool", "bob", "chicks"):
            page_loaded(page, page.locator("form[action$='/decide'] button[type=submit]").first)
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_deal_with_javascript_off_in_every_language(
    open_tab: Opener, server: Server, language: str
) -> None:
    """A whole deal of Swiss Troccas, from the kitty to the score sheet."""
    tab = opened_in(open_tab, server, language, size="phone", javascript=False)
    page = tab.page
    start_game(tab, server, "troccas", "normal")
    assert lang_of(tab) == language
    played = play_deal_without_javascript(page)
    assert played == 19  # every card of the hand: 19 tricks
    assert page.locator("#summary").is_visible()
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


@pytest.mark.parametrize("language", TRANSLATED)
def test_axe_finds_nothing_on_the_rarer_pages_in_every_language(
    open_tab: Opener, server: Server, language: str
) -> None:
    """An error page (404), the statistics with finished deals, the Fool's question, the
    Chicks choice and a table of Danish Tarok for four, each in the reader's language."""
    found = []
    tab = opened_in(open_tab, server, language, size="phone")
    page = tab.page
    response = page.goto(server.url + "/no-such-page")
    assert response is not None
    assert response.status == 404
    tab.errors.clear()  # the console's note of the 404 itself
    assert lang_of(tab) == language
    found += axe_found(tab, f"{language}-404")

    token = secrets.token_urlsafe(24)
    for game, seed in (("danish-tarok", 0), ("troccas", 2)):
        done, _ = build_table(game, settings=TableSettings(speed="instant"), seed=seed)
        done.seats[0].player = hash_token(token)
        deal = done.match.deal
        assert deal is not None
        play_out(deal, seed + 1)
        save(done, server.data_dir)
    page.context.add_cookies([{"name": PLAYER_COOKIE, "value": token, "url": server.url}])
    page.goto(server.url + "/stats")
    assert page.locator("svg.results-chart").count() == 2
    found += axe_found(tab, f"{language}-stats")

    fool, fool_token = build_table("danish-tarok", wanted=person_leads_fool, deals_before=2)
    seat = seated_tab(open_tab, server, fool, fool_token, "phone")
    speak(seat, server, language)
    seat.page.reload()
    settle(seat.page)
    seat.page.locator("#hand button[data-card='FOOL']").click()
    seat.page.wait_for_selector("#fool-question")
    assert lang_of(seat) == language
    found += axe_found(seat, f"{language}-fool-question")

    options = Options(chicks_after_deal=True)
    chicks, chicks_token = build_table("danish-tarok", options=options, deals_before=2)
    seat = seated_tab(open_tab, server, chicks, chicks_token, "phone")
    speak(seat, server, language)
    seat.page.reload()
    settle(seat.page)
    assert state(seat.page)[:2] == ("chicks", "0")
    found += axe_found(seat, f"{language}-chicks")

    four, four_token = build_table(
        "danish-tarok-4", deals_before=1, wanted=lambda d: d.dealer not in (0, 2)
    )
    assert play_until(four, lambda d: d.phase is Phase.PLAY and d.turn == 0 and d.trick)
    seat = seated_tab(open_tab, server, four, four_token, "phone")
    speak(seat, server, language)
    seat.page.reload()
    settle(seat.page)
    assert seat.page.locator(".sits-out").count() == 1
    found += axe_found(seat, f"{language}-table-danish-tarok-4")
    assert found == [], found
