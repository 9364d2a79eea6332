"""Instant feedback in the browser: the person's card shows with the answer to the click, the
page says which computer is thinking, and the computers' moves follow by the page's poll."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.engine.deal import Deal, Phase
from app.web.table.model import Table, TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab
from tests.e2e.driver import settle
from tests.web.factory import build_table

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


def person_leads(deal: Deal) -> bool:
    return deal.phase is Phase.PLAY and deal.turn == 0 and not deal.trick


def hard_table(seed: int) -> tuple[Table, str]:
    """Danish Tarok at Instant, the person to lead the first trick of the third deal, against
    hard computers (the earlier deals are played by random ones, which is quick)."""
    settings = TableSettings(speed="instant")
    table, token = build_table(
        "danish-tarok", settings=settings, deals_before=2, wanted=person_leads, seed=seed
    )
    for seat in table.seats[1:]:
        seat.level = "hard"
    return table, token


SNAPSHOT_WHILE_THINKING = """(code) => {
    window.seenThinking = null;
    const snapshot = () => {
        const status = document.querySelector('#status.thinking');
        if (!status || window.seenThinking !== null) return;
        const roles = [...document.querySelectorAll('[role=status]')];
        window.seenThinking = {
            inTrick: !!document.querySelector(`#trick [data-card="${code}"]`),
            inHand: !!document.querySelector(`#hand [data-card="${code}"]`),
            status: status.textContent,
            turn: document.querySelector('#table').dataset.turn,
            statusRoles: roles.filter(e => e.textContent.includes('Right is thinking')).length,
        };
    };
    new MutationObserver(snapshot).observe(document.body, {
        subtree: true, childList: true, attributes: true, characterData: true,
    });
}"""
"""The page as the answer to the click left it, noted by a mutation observer in the same task
as the swap: the computers' replies (some 30 ms each, compiled) may follow by the next poll
before a test could ask the page again."""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_card_shows_at_once_then_the_computers_reply(
    open_tab: Opener, server: Server, size: str
) -> None:
    table, token = hard_table(0)
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    settle(page)
    card = page.locator("#hand button.legal:not([disabled])").first
    code = card.get_attribute("data-card")

    page.evaluate(SNAPSHOT_WHILE_THINKING, code)
    card.click()
    page.wait_for_function("() => window.seenThinking !== null")
    seen = page.evaluate("() => window.seenThinking")
    assert seen == {
        "inTrick": True,
        "inHand": False,
        "status": "Right is thinking…",
        "turn": "1",
        "statusRoles": 1,
    }

    page.wait_for_selector("#hand.playing", timeout=60000)  # the replies, by the poll
    assert page.locator("#table").get_attribute("data-turn") == "0"
    assert page.locator("#status.thinking").count() == 0
    assert page.locator("#poll").count() == 0


def test_the_thinking_status_screenshots(open_tab: Opener, server: Server) -> None:
    """The page while a hard computer thinks, at both sizes (for people to look at)."""
    for size in ("phone", "desktop"):
        table, token = hard_table(7)
        tab = seated_tab(open_tab, server, table, token, size)
        page = tab.page
        settle(page)
        page.locator("#hand button.legal:not([disabled])").first.click()
        page.wait_for_selector("#status.thinking", state="visible")
        page.wait_for_timeout(600)  # past the fade-in, for the picture only
        if page.locator("#status.thinking").count():
            tab.shot("thinking")
        page.wait_for_selector("#hand.playing", timeout=60000)
