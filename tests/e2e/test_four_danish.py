"""Danish Tarok for four in the browser (rules.md 2.17): one whole deal against the computer
at a phone's size and a desktop's, the seat opposite the dealer sitting out."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.conftest import Server, Tab, table_ready
from tests.e2e.driver import play_deal
from tests.e2e.test_glance import axe_violations
from tests.e2e.test_play import no_horizontal_scroll

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_deal_for_four_against_the_computer(
    open_tab: Callable[..., Tab], server: Server, size: str
) -> None:
    tab = open_tab(size)
    page = tab.page
    page.goto(server.url + "/")
    page.locator("#game-danish-tarok-4").check()
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.get_by_role("button", name="Start").click()
    table_ready(page)
    assert page.locator("#table").get_attribute("data-game") == "danish-tarok-4"
    assert page.locator(".seat").count() == 4
    note = page.locator("#seat-2 .sits-out")
    assert note.is_visible()
    assert note.inner_text() == "Sits out this deal"
    assert page.locator("#seat-2 .seat-name").inner_text() == "Across"
    assert page.locator("#seat-2 .cards-count").count() == 0
    assert page.locator("#seat-2 .backs").count() == 0  # no card backs: it holds none
    tab.shot("danish-four-start")
    no_horizontal_scroll(page)
    assert not axe_violations(page), axe_violations(page)
    play_deal(page)
    assert page.locator("#summary").is_visible()
    assert "split four ways" in page.locator("#summary").inner_text()
    tab.shot("danish-four-summary")
    no_horizontal_scroll(page)
    assert not axe_violations(page), axe_violations(page)


def test_the_home_page_offers_four_at_both_tables(
    open_tab: Callable[..., Tab], server: Server
) -> None:
    """The game's tile, and at "Create a table" a fourth seat labelled "Seat 4"."""
    tab = open_tab("phone")
    page = tab.page
    page.goto(server.url + "/")
    assert page.get_by_role("radio", name="Danish Tarok for four").count() == 1
    page.locator("#friends-game").select_option("danish-tarok-4")
    fourth = page.locator("select[name=seat_3]")
    assert fourth.is_visible()
    label = page.locator(".seat-field", has=fourth)
    assert label.inner_text().startswith("Seat 4")
    page.locator("#friends-game").select_option("danish-tarok")
    assert not fourth.is_visible()
    assert not axe_violations(page), axe_violations(page)
