"""Take back a card against the computer, in the browser: the button after a play (also while
the computers' replies are still being shown), the "u" key, and the page without JavaScript.
Screenshots: test-results/e2e/take-back-*.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.actions import PlayCard, TakeBack
from app.engine.cards import display_name
from app.web.table import players as runner
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab, table_ready
from tests.e2e.driver import settle, state, wait_for_change
from tests.web.factory import build_table, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]
BUTTON = "#take-back-button"


def person_to_play_first(deal: Any) -> bool:
    return deal.turn == 0 and deal.phase.value == "play" and deal.last_play_of(0) is None


def playing_tab(open_tab: Opener, server: Server, size: str, speed: str = "instant") -> Tab:
    """Deal 2 of a Danish table (a computer dealt), the person to play their first card."""
    settings = TableSettings(speed=speed)
    table, token = build_table(
        "danish-tarok", deals_before=1, wanted=person_to_play_first, settings=settings
    )
    tab = seated_tab(open_tab, server, table, token, size)
    settle(tab.page)
    return tab


def hand(page: Any) -> list[str]:
    return [str(c) for c in page.locator("#hand button.card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")]  # fmt: skip


def play_first_legal(page: Any) -> str:
    """Click the first playable card other than the Fool (which may ask for a suit)."""
    card = page.locator("#hand button.legal:not([disabled]):not([data-card=FOOL])").first
    code = str(card.get_attribute("data-card"))
    _, _, version = state(page)
    card.click()
    page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) !== v", arg=version
    )
    return code


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_take_back_returns_the_card_to_the_hand(
    open_tab: Opener, server: Server, size: str
) -> None:
    tab = playing_tab(open_tab, server, size)
    page = tab.page
    assert page.locator(BUTTON).count() == 0
    before = hand(page)
    card = play_first_legal(page)
    settle(page)
    button = page.locator(BUTTON)
    button.wait_for()
    assert button.is_visible()
    assert card not in hand(page)
    tab.shot("take-back-offered")
    phase, _, version = state(page)
    button.click()
    wait_for_change(page, version, phase)
    settle(page)
    assert hand(page) == before
    assert state(page)[:2] == ("play", "0")
    notice = page.locator(".decision .message")
    assert notice.inner_text().startswith("You took back ")
    assert page.locator(BUTTON).count() == 0
    tab.shot("take-back-done")


def test_the_u_key_takes_back_while_the_replies_are_shown(open_tab: Opener, server: Server) -> None:
    """At the normal speed the computers' replies are still being revealed: "u" takes the
    card back all the same (the key is marked for screen readers on the button)."""
    tab = playing_tab(open_tab, server, "desktop", speed="normal")
    page = tab.page
    before = hand(page)
    play_first_legal(page)
    page.locator(BUTTON).wait_for()
    # marked as the answer is swapped in (static/js/keys.js): waited for, not read at once
    page.wait_for_function(
        f"() => document.querySelector('{BUTTON}')?.getAttribute('aria-keyshortcuts') === 'u'"
    )
    tab.shot("take-back-while-replying")
    page.locator("#table").focus()
    page.keyboard.press("u")
    page.wait_for_function("() => document.querySelector('.decision .message')")
    settle(page)
    assert hand(page) == before
    assert state(page)[:2] == ("play", "0")


def test_take_back_without_javascript(open_tab: Opener, server: Server, browser: Any) -> None:
    settings = TableSettings(speed="instant")
    table, token = build_table(
        "troccas", deals_before=1, wanted=person_to_play_first, settings=settings
    )
    tab = seated_tab(lambda size: open_tab(size, javascript=False), server, table, token, "phone")
    page = tab.page
    before = hand(page)
    page.locator("#hand button.legal:not([disabled])").first.click()
    table_ready(page)
    assert len(hand(page)) == len(before) - 1
    page.locator(BUTTON).click()
    table_ready(page)
    assert hand(page) == before
    tab.shot("take-back-no-js")


def test_the_replay_of_a_deal_steps_through_its_take_back(open_tab: Opener, server: Server) -> None:
    """A finished deal with a take back: the replay's move list shows it, and its step shows
    the card back in the hand."""
    table, token = build_table("troccas", deals_before=1, wanted=person_to_play_first)
    deal = table.match.deal
    assert deal is not None
    card = deal.legal_cards()[0]
    deal.apply(PlayCard(0, card))
    runner.advance(table)
    deal.apply(TakeBack(0, deal.check_take_back(0)))
    assert play_until(table, lambda d: d.is_over, limit=400)
    table.version += len(deal.log) + 1
    step = deal.log.index(TakeBack(0, card)) + 1
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    page.goto(f"{server.url}/tables/{table.id}/deals/2?step={step}")
    label = f"You take back {display_name(card)}"
    current = page.locator('#replay [aria-current="step"]')
    assert label in current.inner_text()
    assert page.get_by_text(f"{label} and the moves after it.").count() == 1
    tab.shot("take-back-replay")
