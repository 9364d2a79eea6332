"""What the table says about people and results, in the browser: the deal's verdict at the top
of its summary, the Partner badge and the balance's unit in the seat panels (seen, not only
in a tooltip), and the friends' table form's seats labelled for the chosen game, with and
without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab, table_ready
from tests.web.factory import build_table, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_verdict_leads_the_summary(open_tab: Opener, server: Server, size: str) -> None:
    table, token = build_table(settings=TableSettings(speed="instant"), deals_before=1)
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    verdict = page.locator("#verdict")
    verdict.scroll_into_view_if_needed()
    assert verdict.is_visible()
    text = verdict.inner_text()
    assert text.startswith("You "), text
    assert " token" in text or "broke even" in text
    below = page.locator("#summary .counts")
    assert verdict.bounding_box()["y"] < below.bounding_box()["y"]  # type: ignore[index]
    assert page.locator("#summary .pots-note").inner_text().startswith("The pots hold ")
    assert page.get_by_role("link", name="Download the hand record").is_visible()
    tab.shot("verdict-danish-summary")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_partner_and_the_balance_s_unit_show(
    open_tab: Opener, server: Server, size: str
) -> None:
    table, token = build_table("troccas", settings=TableSettings(speed="instant"))
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    # Against the computer the seat opposite is called "Partner": no badge says it twice (the
    # badge at a friends' table: tests/web/test_verdict.py).
    partner = page.get_by_role("group", name="Partner", exact=True)
    assert partner.locator(".seat-name").inner_text() == "Partner"
    assert page.locator(".badge.partner").count() == 0
    for seat in range(4):
        unit = page.locator(f"#seat-{seat} .balance .unit")
        assert unit.is_visible()
        assert unit.inner_text() in ("point", "points")
    tab.shot("verdict-troccas-partner")


@pytest.mark.parametrize("javascript", [True, False])
def test_the_friends_form_labels_the_seats_of_the_game_chosen(
    open_tab: Opener, server: Server, javascript: bool
) -> None:
    tab = open_tab("phone", javascript=javascript)
    page = tab.page
    page.goto(f"{server.url}/")
    form = page.locator("form.friends")
    seat_3 = form.get_by_role("combobox", name="Seat 3", exact=True)
    assert seat_3.is_visible()  # Danish Tarok first
    assert form.locator(".seats").get_by_role("combobox").count() == 3  # seat 4: Troccas only
    page.select_option("#friends-game", "troccas")
    for seat, partner in ((1, 3), (2, 4), (3, 1), (4, 2)):
        label = f"Seat {seat}, partner of seat {partner}"
        assert form.get_by_role("combobox", name=label, exact=True).is_visible(), label
    assert form.get_by_text("(Troccas)").count() == 0
    form.locator(".seats").scroll_into_view_if_needed()
    tab.shot(f"verdict-friends-seats-{'js' if javascript else 'nojs'}")


def test_a_friends_table_names_its_computers(open_tab: Opener, server: Server) -> None:
    tab = open_tab("desktop")
    page = tab.page
    page.goto(f"{server.url}/")
    form = page.locator("form.friends")
    page.select_option("#friends-game", "troccas")
    form.get_by_label("Your name").fill("Anna")
    form.locator("select[name=seat_1]").select_option("medium")
    form.get_by_role("button", name="Create a table").click()
    table_ready(page)
    seats = page.locator(".lobby-seat .who")
    names = [seats.nth(index).inner_text() for index in range(seats.count())]
    assert names[:3] == ["Anna", "Gian", "Ursina"], names
    tab.shot("verdict-friends-lobby")
