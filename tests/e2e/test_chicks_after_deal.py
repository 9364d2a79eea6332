"""Chicks decided after the deal (rules.md 2.14a, 3.8a) in the browser, on a phone and a
desktop: the forehand's two buttons, the first one focused, axe-core clean, chosen from the
keyboard, and the choice in the table's announcements. Screenshots:
test-results/e2e/chicks-*.png."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.engine.options import Options
from tests.e2e.conftest import Server, Tab, seated_tab
from tests.e2e.driver import settle, state, two_choices, wait_for_change
from tests.e2e.test_glance import axe_violations
from tests.web.factory import build_table

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize(("game", "deals_before"), [("danish-tarok", 2), ("troccas", 3)])
def test_the_forehand_chooses_chicks_from_the_keyboard(
    open_tab: Opener, server: Server, size: str, game: str, deals_before: int
) -> None:
    options = Options(chicks_after_deal=True)
    table, token = build_table(game, options=options, deals_before=deals_before)
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    settle(page)
    phase, turn, version = state(page)
    assert (phase, turn) == ("chicks", "0")
    two_choices(page, "Play with Chicks", "Play without Chicks")
    assert not axe_violations(page), axe_violations(page)
    tab.shot(f"chicks-{game}")
    page.keyboard.press("Enter")
    wait_for_change(page, version, phase)
    settle(page)
    assert "You choose the Chicks rule for this deal" in page.content()
    assert page.get_by_role("button", name="Play with Chicks").count() == 0
