"""The "Tricks of this deal" panel in the browser: one tap from the info bar on a phone opens
it with the newest trick in view and nothing wider than the screen; it stays open while the
table is redrawn; without JavaScript the same link opens it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Deal
from tests.e2e.conftest import Server, Tab, seated_tab, sit_at
from tests.e2e.driver import play_card, settle
from tests.web.factory import build_table, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

IN_VIEW = """(selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight
        && r.left >= 0 && r.right <= window.innerWidth;
}"""


def table_after_tricks(count: int, seed: int = 0) -> tuple[Any, str]:
    table, token = build_table(seed=seed)

    def leads(deal: Deal) -> bool:
        return len(deal.tricks) >= count and deal.turn == 0 and not deal.trick

    assert play_until(table, leads, seed=seed, limit=400)
    return table, token


def open_with_one_tap(tab: Tab) -> None:
    page = tab.page
    assert page.locator("#tricks").get_attribute("open") is None
    page.locator("a.tricks-link").click()
    page.wait_for_function("() => document.querySelector('#tricks').open")


def test_one_tap_opens_the_panel_on_a_phone(open_tab: Opener, server: Server) -> None:
    table, token = table_after_tricks(5)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    link = page.get_by_role("link", name="Tricks")
    assert link.count() == 1
    box = link.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    tab.shot("tricks-link")
    open_with_one_tap(tab)
    heading = page.get_by_role("heading", name="Tricks of this deal")
    assert heading.count() == 1
    assert page.evaluate(IN_VIEW, "#tricks-title")
    assert page.evaluate(IN_VIEW, ".trick-row:first-child .trick-row-won")
    newest = page.locator(".trick-row").first.get_attribute("data-trick")
    assert newest == str(len(table.match.deal.tricks))
    widest = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('#tricks, #tricks *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert widest <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    tab.shot("tricks-panel")


def test_the_panel_stays_open_while_the_table_is_redrawn(open_tab: Opener, server: Server) -> None:
    table, token = table_after_tricks(3, seed=1)
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    tab.shot("tricks-closed")
    open_with_one_tap(tab)
    before = page.locator(".trick-row").count()
    play_card(page)
    settle(page)
    assert page.evaluate("() => document.querySelector('#tricks').open")
    assert page.locator(".trick-row").count() >= before
    assert page.locator("#trick .won .why, #last-trick .why").count() >= 1
    tab.shot("tricks-panel")


def test_without_javascript_the_link_opens_the_panel(open_tab: Opener, server: Server) -> None:
    table, token = table_after_tricks(2, seed=2)
    save(table, server.data_dir)
    tab = open_tab("phone", javascript=False)
    sit_at(tab, server, table.id, token)
    open_with_one_tap(tab)
    assert tab.page.evaluate(IN_VIEW, "#tricks-title")
