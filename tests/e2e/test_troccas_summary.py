"""A finished Troccas deal's summary in the browser: each player's count and each team's, and
the score sheet with the teams' counts, all readable on a phone without scrolling sideways."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab
from tests.web.factory import build_table, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

WIDER_THAN_THEIR_BOX = """() => [...document.querySelectorAll(
        '#summary .counts table, #summary .sheet .scroll-x')]
    .filter(el => el.scrollWidth > el.clientWidth + 1 ||
                  el.getBoundingClientRect().right > document.documentElement.clientWidth)
    .map(el => `${el.className || el.tagName} ${el.scrollWidth} > ${el.clientWidth}`)"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_counts_and_the_score_sheet_fit(open_tab: Opener, server: Server, size: str) -> None:
    table, token = build_table("troccas", settings=TableSettings(speed="instant"), deals_before=2)
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    counts = page.get_by_role("table").filter(has_text="Your team")
    assert counts.get_by_role("rowheader", name="Partner", exact=True).is_visible()
    assert counts.get_by_role("rowheader", name="Their team", exact=True).is_visible()
    sheet = page.locator(".sheet .team-count")
    assert sheet.count() == 6  # two teams in each of three deals
    assert sheet.last.is_visible()
    assert page.evaluate(WIDER_THAN_THEIR_BOX) == []
    tab.shot("troccas-summary")
