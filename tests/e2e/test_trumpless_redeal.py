"""A new deal of a hand with no trumps (rules.md 2.3a) in the browser, on a phone and a
desktop: the person dealt no trump (the hand is dealt so, ``tests.engine.rigged``) reads the
question, the first button focused and axe-core clean, asks for a new deal from the keyboard,
reads that nobody pays and that they deal again, and "Next deal" deals again with the same
dealer. Screenshots: test-results/e2e/redeal-*.png."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.conftest import Server, Tab, seated_tab
from tests.e2e.driver import settle, state, two_choices, wait_for_change
from tests.e2e.test_glance import axe_violations
from tests.web.factory import trumpless_table

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_person_asks_for_a_new_deal_from_the_keyboard(
    open_tab: Opener, server: Server, size: str
) -> None:
    table, token = trumpless_table("danish-tarok", (0,))
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    settle(page)
    phase, turn, version = state(page)
    assert (phase, turn) == ("redeal", "0")
    two_choices(page, "Ask for a new deal", "Play this hand")
    assert not axe_violations(page), axe_violations(page)
    tab.shot("redeal-question")
    page.keyboard.press("Enter")
    wait_for_change(page, version, phase)
    settle(page)
    phase, _, version = state(page)
    assert phase == "over"
    content = page.content()
    assert "You ask for a new deal: you hold no trump." in content
    assert "Nobody pays anything in this deal, and you deal again." in content
    assert "New deal asked by You" in content
    assert page.get_by_role("button", name="Ask for a new deal").count() == 0
    assert not axe_violations(page), axe_violations(page)
    tab.shot("redeal-void-deal")
    page.get_by_role("button", name="Next deal").click()
    wait_for_change(page, version, phase)
    settle(page)
    assert "Deal 2: You deal." in page.content()
