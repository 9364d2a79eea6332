"""A seat's rejoin link in the browser: the seated person replaces it from the table page
with the keyboard, the old link stops working, and the new one moves the seat to a phone
without JavaScript (which then holds a link of its own)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import Server, Tab
from tests.e2e.test_friends import create_table, seat_of

pytestmark = pytest.mark.e2e


def rejoin_link(page: Page) -> str:
    """The link, once "Your rejoin link" is open."""
    link = page.get_by_role("textbox", name="Your rejoin link")
    if not link.is_visible():
        page.locator("details.rejoin summary").click()
    return link.input_value()


def test_a_replaced_rejoin_link_stops_working(open_tab: Callable[..., Tab], server: Server) -> None:
    host = open_tab("desktop")
    create_table(host, server, "danish-tarok", ["person", "person", "easy"], "instant")
    old = rejoin_link(host.page)
    button = host.page.get_by_role("button", name="New rejoin link")
    button.focus()
    with host.page.expect_navigation():
        host.page.keyboard.press("Enter")
    link = host.page.get_by_role("textbox", name="Your rejoin link")
    assert link.is_visible()  # the page opens at the new link
    new = link.input_value()
    assert new != old
    assert seat_of(host.page) == "0"
    host.shot("rejoin-replaced")

    phone = open_tab("phone", javascript=False).page
    stale = phone.context.request.get(old)  # fetched, not opened: a 403 page logs an error
    assert stale.status == 403
    assert "That rejoin link is not valid" in stale.text()
    phone.goto(new)
    phone.get_by_role("button", name="Take my seat").click()
    phone.wait_for_selector("#table[data-seat]")
    assert seat_of(phone) == "0"
    assert rejoin_link(phone) not in (old, new)  # using the link spent it
    host.page.reload()
    assert seat_of(host.page) == ""  # the laptop only watches now
