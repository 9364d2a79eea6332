"""Why a card may not be played, in the browser (static/js/whynot.js): a tap, a click or Enter
on such a card shows the engine's reason over the hand at once, sends nothing, and the note
goes away after a few seconds; without JavaScript the post is refused with the same words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Deal, Phase
from tests.e2e.conftest import Server, Tab, seated_tab, sit_at
from tests.e2e.driver import state
from tests.web.factory import build_table, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]
BARRED = '#hand button.card[aria-disabled="true"]'


def must_follow(deal: Deal) -> bool:
    return (
        deal.phase is Phase.PLAY
        and deal.turn == 0
        and bool(deal.trick)
        and 2 <= len(deal.legal_cards()) < len(deal.holdings[0])
    )


def following(level: str = "random") -> tuple[Any, str]:
    table, token = build_table(level=level)
    assert play_until(table, must_follow)
    return table, token


def posts_of(page: Any) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    return sent


def note(page: Any) -> str:
    return str(page.locator("#why-not").text_content() or "")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_tap_on_a_card_that_may_not_be_played_says_why(
    open_tab: Opener, server: Server, size: str
) -> None:
    table, token = following()
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    sent = posts_of(page)
    _, _, version = state(page)
    card = page.locator(BARRED).first
    why = card.get_attribute("data-why")
    assert why
    assert page.locator("#status").text_content() == f"Your turn: {why[:1].lower()}{why[1:]}"
    card.click(force=True)  # Playwright counts aria-disabled as not enabled; a person can
    page.wait_for_function("why => document.getElementById('why-not').textContent === why", arg=why)
    assert page.locator("#why-not").get_attribute("aria-live") == "polite"
    assert page.locator("#why-not").is_visible()
    tab.shot("why-not")
    assert state(page)[2] == version  # nothing was sent, the table is as it was
    assert sent == []
    assert card.is_visible()
    page.wait_for_function("() => document.getElementById('why-not').textContent === ''")


def test_enter_on_a_card_that_may_not_be_played_says_why(open_tab: Opener, server: Server) -> None:
    table, token = following()
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    sent = posts_of(page)
    card = page.locator(BARRED).first
    why = card.get_attribute("data-why")
    card.focus()  # Tab reaches it (the arrow keys skip it: static/js/keys.js)
    page.keyboard.press("Enter")
    page.wait_for_function("why => document.getElementById('why-not').textContent === why", arg=why)
    page.keyboard.press("Space")
    page.wait_for_function("why => document.getElementById('why-not').textContent === why", arg=why)
    assert sent == []
    # a card that may be played still plays
    version = state(page)[2]
    page.locator("#hand button.card.legal").first.click()
    page.wait_for_function("v => Number(document.querySelector('#table').dataset.version) !== v",
                           arg=version)  # fmt: skip
    assert sent


def test_without_javascript_the_card_is_refused_with_the_same_words(
    open_tab: Opener, server: Server
) -> None:
    table, token = following()
    save(table, server.data_dir)
    tab = open_tab("phone", javascript=False)
    sit_at(tab, server, table.id, token)
    page = tab.page
    card = page.locator(BARRED).first
    code, why = card.get_attribute("data-card"), card.get_attribute("data-why")
    version = state(page)[2]
    card.click(force=True)
    page.wait_for_selector(".message.error")
    assert page.locator(".message.error").text_content() == why
    assert state(page)[2] == version
    assert page.locator(f"#hand [data-card='{code}']").count() == 1
    tab.shot("why-not-nojs")
    # A plain post that is refused answers 422 (test_bad_input.py): the browser logs it.
    tab.errors[:] = [error for error in tab.errors if "status of 422" not in error]
