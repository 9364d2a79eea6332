"""In the browser: "Your games" on the home page finds a left game again and forgets one;
"Start" is on a phone's first screen; "End the match" asks first, with JavaScript and without,
and the stand-in controls go with the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Phase
from app.engine.observation import observe
from app.web.table.model import Seat, TableSettings, hash_token, new_code, new_token
from tests.e2e.conftest import SIZES, Server, Tab, sit_at, table_ready
from tests.web.factory import build_table, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


def your_games(page: Any) -> list[str]:
    """The links of "Your games" as a screen reader reads them ("game, deal: turn")."""
    rows = page.locator(".your-game-link")
    return [" ".join((rows.nth(i).text_content() or "").split()) for i in range(rows.count())]


def test_your_games_finds_a_left_game_again_and_forgets_one(
    open_tab: Opener, server: Server
) -> None:
    tab = open_tab("phone")
    page = tab.page
    page.goto(server.url + "/")
    assert page.locator("#your-games").count() == 0  # a new browser has none
    start = page.get_by_role("button", name="Start", exact=True).bounding_box()
    assert start
    assert start["y"] + start["height"] <= SIZES["phone"][1], start  # on the first screen
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.get_by_role("button", name="Start", exact=True).click()
    table_ready(page)
    solo = page.url

    page.goto(server.url + "/")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_role("button", name="Create a table").click()
    table_ready(page)
    page.goto(server.url + "/")
    assert your_games(page) == [
        "Danish Tarok with friends: Waiting for players",
        "Danish Tarok, deal 1: Your turn",
    ]
    tab.shot("your-games")

    page.get_by_role("button", name="Forget Danish Tarok with friends").click()
    page.wait_for_url("**/#your-games")
    assert your_games(page) == ["Danish Tarok, deal 1: Your turn"]
    page.get_by_role("link", name="Danish Tarok, deal 1").click()  # one click away
    page.wait_for_selector("#table[data-phase=discard]")
    assert page.url == solo


def finished_friends_table() -> tuple[Any, str]:
    """A friends' table whose first deal is over: Anna hosts, Bo's seat is a person who is
    away, Right is a computer."""
    table, token = build_table(settings=TableSettings(speed="instant"))
    table.host, table.code = 0, new_code()
    table.seats[0].name = "Anna"
    table.seats[2] = Seat("person", "Bo", token_hash=hash_token(new_token()))
    assert play_until(table, lambda deal: deal.is_over)
    return table, token


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_ending_the_match_asks_first_and_takes_the_stand_in_controls(
    open_tab: Opener, server: Server, javascript: bool
) -> None:
    table, token = finished_friends_table()
    save(table, server.data_dir)
    tab = open_tab("desktop", javascript=javascript)
    sit_at(tab, server, table.id, token)
    page = tab.page
    page.wait_for_selector("#summary")
    assert page.get_by_role("button", name="Let a computer play for Bo").count() == 1
    confirm = page.get_by_role("button", name="Yes, end the match for everyone")
    assert not confirm.is_visible()  # folded: one click never ends the match
    page.locator(".end-match summary").click()
    assert confirm.is_visible()
    assert "ends it for everyone" in page.locator(".end-match").inner_text()
    tab.shot(f"end-match-{'js' if javascript else 'no-js'}")
    confirm.click()
    page.wait_for_selector("text=The match is over after 1 deal")
    assert page.get_by_role("button", name="Let a computer play for Bo").count() == 0
    assert page.get_by_role("button", name="Next deal").count() == 0
    tab.shot(f"end-match-done-{'js' if javascript else 'no-js'}")


# ------------------------------------------------------------------ small fixes of the table

OVERLAPS = """() => {
    const won = document.querySelector('#trick .won').getBoundingClientRect();
    return [...document.querySelectorAll('#trick .played')].filter(card => {
        const r = card.getBoundingClientRect();
        return r.right > won.left && r.left < won.right && r.bottom > won.top && r.top < won.bottom;
    }).map(card => card.textContent.trim());
}"""


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_on_a_phone_the_winner_badge_covers_no_card_and_the_pots_say_pot(
    open_tab: Opener, server: Server, game: str
) -> None:
    table, token = build_table(game, settings=TableSettings(speed="instant"))

    def right_won_a_trick(deal: Any) -> bool:
        return bool(deal.tricks) and not deal.trick and deal.tricks[-1].winner == 1

    assert play_until(table, right_won_a_trick)
    save(table, server.data_dir)
    tab = open_tab("phone")
    # Right leads next, and the computers now move after the page is answered: its polls
    # would bring Right's lead at once (Instant). They answer "nothing new" here, so the page
    # stays as it was drawn, with the trick Right won.
    tab.page.route("**/poll?*", lambda route: route.fulfill(status=204, body=""))
    sit_at(tab, server, table.id, token)
    page = tab.page
    assert page.locator("#trick .won").inner_text().startswith("Right wins trick")
    assert page.evaluate(OVERLAPS) == []  # neither a card nor the seat's name under it
    tab.shot(f"phone-trick-won-{game}")
    if game == "danish-tarok":
        pots = [page.locator(".pot").nth(i).inner_text() for i in range(2)]
        assert [pot.split()[:2] for pot in pots] == [["King", "pot"], ["Pagat", "pot"]]


def test_the_declarations_pause_leaves_the_opponents_boxes_on_one_line(
    open_tab: Opener, server: Server
) -> None:
    table, token = build_table(
        settings=TableSettings(speed="instant"),
        deals_before=1,
        acknowledge=False,
        wanted=lambda deal: deal.phase is Phase.PLAY and bool(observe(deal, 0).declarations),
    )
    save(table, server.data_dir)
    tab = open_tab("desktop")
    sit_at(tab, server, table.id, token)
    page = tab.page
    assert page.locator("#table").get_attribute("data-phase") == "declarations"
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.felt .seat-facts')].map(facts => {
            const middles = [...facts.children].filter(c => c.offsetParent)
                .map(c => c.getBoundingClientRect().top + c.offsetHeight / 2);
            return Math.max(...middles) - Math.min(...middles); })"""
    )
    # cards, tricks and balance side by side: their middles within a pixel or two (the card
    # backs' picture and the text round their halves apart), never a line apart
    assert all(spread < 3 for spread in lines), lines
    tab.shot("declarations-pause")
