"""Changing a rule option between deals in the browser, with and without JavaScript; leading
the Fool with a preset."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.engine.deal import Deal
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab
from tests.e2e.driver import settle, state, wait_for_change
from tests.e2e.test_play import no_horizontal_scroll
from tests.web.factory import build_table, person_leads_fool, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


def deal_over(deal: Deal) -> bool:
    return deal.is_over


@pytest.mark.parametrize(("size", "javascript"), [("phone", False), ("desktop", True)])
def test_the_chicks_rule_turned_on_for_the_next_deal(
    open_tab: Opener, server: Server, size: str, javascript: bool
) -> None:
    table, token = build_table(deals_before=1)
    assert play_until(table, deal_over, limit=400)
    tab = seated_tab(
        lambda wanted: open_tab(wanted, javascript=javascript), server, table, token, size
    )
    page = tab.page
    assert state(page)[0] == "over"
    page.get_by_text("Rules for the next deal").click()
    page.get_by_role("checkbox", name="Chicks rule").check()
    page.get_by_role("button", name="Save the rules").click()
    notice = page.locator("#rules-notice")
    notice.filter(has_text="You turned on the Chicks rule for the next deal.").wait_for()
    assert "From the next deal: with the Chicks rule." in page.locator("#rules").inner_text()
    sheet = page.locator(".sheet").inner_text()
    assert "Deal 2 was played without the Chicks rule." in sheet
    tab.shot("next-deal-rules")
    no_horizontal_scroll(page)

    phase, _, version = state(page)
    page.get_by_role("button", name="Next deal").click()
    if javascript:
        wait_for_change(page, version, phase)
        settle(page)
    else:
        page.wait_for_load_state()
    rules = page.locator("#rules")
    assert rules.get_by_role("link", name="Chicks rule").get_attribute("href") == (
        "/rules/danish-tarok#option-chicks_rule"
    )
    assert "next deal" not in rules.inner_text()
    tab.shot("rules-in-force")


def test_a_fool_preset_names_the_suit_without_asking(open_tab: Opener, server: Server) -> None:
    settings = TableSettings(speed="instant", fool_preset="CU", fool_ask=False)
    table, token = build_table(wanted=person_leads_fool, deals_before=2, settings=settings)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    page.get_by_text("Table settings").click()
    assert page.get_by_role("combobox", name="Leading the Fool as").input_value() == "CU"
    phase, _, version = state(page)
    page.locator("#hand button[data-card='FOOL']").click()
    wait_for_change(page, version, phase)
    settle(page)
    assert page.locator("#fool-question").count() == 0
    assert "You lead The Fool as Cups." in page.locator("#announcements").inner_text()
