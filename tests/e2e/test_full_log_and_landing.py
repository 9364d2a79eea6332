"""Issue 21 in the browser: the ticker's "Full log" opens the whole deal's log (and it stays
open and up to date as the table moves), "l" at the end of a deal shows its final trick, and
without JavaScript a move reloads the page at the hand (the URL ends with #hand), not at the
top."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import Server, Tab, seated_tab, sit_at
from tests.e2e.driver import settle, state, wait_for_change
from tests.web.factory import build_table, person_leads_fool, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


def entries(page: Any, selector: str) -> int:
    return int(page.locator(f"{selector} p.event").count())


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return bool(box) and box["y"] < height and box["y"] + box["height"] > 0


def test_full_log_opens_the_whole_deal_and_follows_it(open_tab: Opener, server: Server) -> None:
    table, token = build_table(wanted=person_leads_fool, deals_before=2, level="random")
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    assert not page.locator("#full-log").evaluate("d => d.open")
    page.locator("#ticker").click()
    page.wait_for_function("() => document.getElementById('full-log').open")
    assert page.evaluate("() => document.activeElement.id") == "deal-log"
    assert page.url.endswith("#deal-log")
    assert in_view(page, "#deal-log")
    assert page.locator("#deal-log p.event").first.text_content().startswith("Deal 3: ")
    before = entries(page, "#deal-log")
    tab.shot("full-log")
    # a move: the log grows by it and the computers' answers, and stays open
    phase, _, version = state(page)
    page.locator("#hand button.legal:not([data-card='FOOL'])").first.click()
    wait_for_change(page, version, phase)
    settle(page)
    assert page.locator("#full-log").evaluate("d => d.open")
    assert entries(page, "#deal-log") > before
    assert entries(page, "#deal-log") > entries(page, "#announcements")
    last = page.locator("#deal-log p.event").last.text_content()
    assert last == page.locator("#announcements p.event").last.text_content()


def test_full_log_opens_without_javascript(open_tab: Opener, server: Server) -> None:
    table, token = build_table(wanted=person_leads_fool, deals_before=2)
    save(table, server.data_dir)
    tab = open_tab("phone", javascript=False)
    sit_at(tab, server, table.id, token)
    page = tab.page
    page.locator("#ticker").click()
    page.wait_for_url("**#deal-log")
    assert page.locator("#full-log").get_attribute("open") is not None  # Chromium opens it
    assert in_view(page, "#deal-log")


def test_l_at_the_end_shows_the_final_trick(open_tab: Opener, server: Server) -> None:
    table, token = build_table(level="medium")
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    assert page.locator("#trick").get_attribute("aria-label").startswith("Trick 25,")
    page.locator("#status").click()  # focus off any field; the page's own keys
    page.keyboard.press("l")
    page.wait_for_function("() => document.activeElement.id === 'last-trick'")
    label = page.locator("#last-trick").get_attribute("aria-label")
    assert label.startswith("Last trick: trick 25, won by ")
    tab.shot("last-trick-at-the-end")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_without_javascript_a_move_lands_at_the_hand(
    open_tab: Opener, server: Server, size: str
) -> None:
    table, token = build_table(wanted=person_leads_fool, deals_before=2)
    save(table, server.data_dir)
    tab = open_tab(size, javascript=False)
    sit_at(tab, server, table.id, token)
    page = tab.page
    card = page.locator("#hand button.legal:not([data-card='FOOL'])").first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_load_state("load")
    assert page.url.endswith("#hand")
    assert page.locator(f"#hand [data-card='{code}']").count() == 0
    assert in_view(page, "#hand")
    assert in_view(page, "#trick")  # the card just played is in view above the hand
    if size == "phone":
        assert page.evaluate("() => scrollY") > 0  # not at the top of the page
    tab.shot("nojs-landing")
