"""The draw before the match (rules.md 2.1a, 3.1a) in the browser: "Partners drawn by trumps"
checked in the home page's rule options starts a Swiss Troccas table whose log tells each
player's trump, who plays together and who deals first, and the dealer's mark sits there;
axe-core clean. Screenshot: test-results/e2e/draw-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.e2e.conftest import Server, Tab, table_ready
from tests.e2e.test_glance import axe_violations

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]
SEATS = ("You", "Right", "Partner", "Left")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_draw_is_shown_at_the_tables_start(open_tab: Opener, server: Server, size: str) -> None:
    tab = open_tab(size)
    page = tab.page
    page.goto(server.url + "/")
    page.locator("#game-troccas").check()
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.locator("details.rule-options summary").click()
    option = page.locator("#opt-tr_draw_partners")
    option.check()
    assert option.is_checked()
    page.get_by_role("button", name="Start").click()
    table_ready(page)
    log = page.locator("#log")
    text = log.inner_text()
    assert re.search(r"You draw [IVXL]+ ", text), text
    for name in SEATS[1:]:
        assert re.search(rf"{name} draws [IVXL]+ ", text), text
    assert "Partner and you play together." in text
    assert "Right and Left play together." in text
    dealt = re.search(r"(You deal|(\w+) deals) first\.", text)
    assert dealt, text
    first = "You" if dealt.group(1) == "You deal" else dealt.group(2)
    assert f"Deal 1: {first} deal" in text  # the first deal is the drawn dealer's
    assert not axe_violations(page), axe_violations(page)
    tab.shot("draw-troccas")
