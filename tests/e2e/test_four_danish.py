"""Danish Tarok for four in the browser (rules.md 2.17): one whole deal against the computer
at a phone's size, the seat opposite the dealer sitting out."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.conftest import Server, Tab, table_ready
from tests.e2e.driver import play_deal
from tests.e2e.test_play import no_horizontal_scroll

pytestmark = pytest.mark.e2e


def test_a_deal_for_four_against_the_computer_on_a_phone(
    open_tab: Callable[..., Tab], server: Server
) -> None:
    tab = open_tab("phone")
    page = tab.page
    page.goto(server.url + "/")
    page.locator("#game-danish-four").check()
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
    tab.shot("danish-four-start")
    no_horizontal_scroll(page)
    play_deal(page)
    assert page.locator("#summary").is_visible()
    assert "split four ways" in page.locator("#summary").inner_text()
    tab.shot("danish-four-summary")
    no_horizontal_scroll(page)
