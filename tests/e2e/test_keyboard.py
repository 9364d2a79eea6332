"""The keyboard at the table (static/js/keys.js): focus on the first card that may be played when
the page opens, the arrow keys within the hand, the single-key shortcuts (never while typing
or with Ctrl, Alt or Meta) and the "?" list; and the log kept in view: a spectator's newest
entry, and on a phone the one-line ticker under the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Deal, Phase
from app.engine.observation import observe
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab, sit_at, table_ready
from tests.e2e.driver import play_card, settle, state, wait_for_change
from tests.web.factory import build_table, person_discards, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

ACTIVE = """() => { const a = document.activeElement;
    return !a || a === document.body ? 'body' : a.id || a.tagName.toLowerCase(); }"""
ENABLED = '#hand button.card:not([disabled]):not([aria-disabled="true"])'


def active(page: Any) -> str:
    return str(page.evaluate(ACTIVE))


def enabled_cards(page: Any) -> list[str]:
    return [str(card.get_attribute("id")) for card in page.locator(ENABLED).all()]


def must_follow(deal: Deal) -> bool:
    """The person is to play to a trick and may not play every card of the hand."""
    return (
        deal.phase is Phase.PLAY
        and deal.turn == 0
        and bool(deal.trick)
        and 2 < len(deal.legal_cards()) < len(deal.holdings[0])
    )


def test_focus_is_on_the_first_playable_card_after_start(open_tab: Opener, server: Server) -> None:
    tab = open_tab("desktop")
    page = tab.page
    page.goto(server.url + "/")
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.get_by_role("button", name="Start").click()
    table_ready(page)
    settle(page)
    phase, turn, _ = state(page)
    if phase in ("discard", "play") and turn == "0":
        first = page.locator("#hand button.card.legal:not([disabled])").first.get_attribute("id")
        page.wait_for_function("id => document.activeElement.id === id", arg=first)
    else:  # the declarations' pause: its "Continue"
        page.wait_for_function("() => document.activeElement.matches('#table [autofocus]')")


def test_focus_after_start_at_a_friends_table(open_tab: Opener, server: Server) -> None:
    tab = open_tab("phone")
    page = tab.page
    page.goto(server.url + "/")
    form = page.locator("form.friends")
    form.get_by_label("Your name").fill("Anna")
    form.locator("select[name=seat_1]").select_option("easy")
    form.locator("select[name=seat_2]").select_option("easy")
    form.get_by_role("button", name="Create a table").click()
    page.wait_for_selector("#table[data-phase=lobby]")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#table[data-seat]:not([data-phase=lobby])")
    settled_at_a_friends_table(page)
    # The computers move after the answer to "Start": wait for Anna's turn to come (or a
    # pause she must end), the moves before it shown. (The page's long poll stays open
    # meanwhile, so waiting for no request at all would wait for its timeout.)
    page.wait_for_function(
        """() => { const t = document.querySelector('#table');
            return t && !document.querySelector('#table .tick, .htmx-settling')
                && (t.dataset.turn === t.dataset.seat || !!t.querySelector('[autofocus]')); }""",
        timeout=30000,
    )
    # The first card that may be played (or laid away) when it is Anna's turn; else what the
    # page marks (the declarations' "Continue"), or the hand while the computers' moves show.
    page.wait_for_function(
        """() => { const t = document.querySelector('#table');
            const marked = t.querySelector('[autofocus]');
            const card = t.querySelector('#hand button.card.legal:not([disabled])');
            const mine = t.dataset.turn === t.dataset.seat;
            const expected = marked || (mine && card) || document.getElementById('hand');
            return document.activeElement === expected; }"""
    )


def test_arrow_keys_move_within_the_hand_and_enter_plays(open_tab: Opener, server: Server) -> None:
    table, token = build_table(level="medium")
    assert play_until(table, must_follow)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    cards = enabled_cards(page)
    assert 2 < len(cards) < page.locator("#hand button.card").count()  # some may not be played
    page.wait_for_function("id => document.activeElement.id === id", arg=cards[0])
    page.keyboard.press("ArrowRight")
    assert active(page) == cards[1]  # the cards that may not be played are skipped
    page.keyboard.press("ArrowDown")
    assert active(page) == cards[2]
    page.keyboard.press("ArrowLeft")
    assert active(page) == cards[1]
    page.keyboard.press("End")
    assert active(page) == cards[-1]
    page.keyboard.press("ArrowRight")
    assert active(page) == cards[-1]  # the end of the hand: focus stays
    page.keyboard.press("Home")
    assert active(page) == cards[0]
    page.keyboard.press("ArrowUp")
    assert active(page) == cards[0]
    page.locator("#hand").focus()  # where "Skip to your hand" leaves focus
    page.keyboard.press("ArrowRight")
    assert active(page) == cards[0]

    page.keyboard.press("ArrowRight")
    code = page.evaluate("() => document.activeElement.dataset.card")
    phase, _, version = state(page)
    tab.shot("keyboard-arrows")
    page.keyboard.press("Enter")
    wait_for_change(page, version, phase)
    settle(page)
    assert page.locator(f"#hand [data-card='{code}']").count() == 0
    played = page.locator(f"#trick [data-card='{code}'], #last-trick [data-card='{code}']")
    assert played.first.get_attribute("data-seat") == "0"


def test_shortcuts_and_their_list(open_tab: Opener, server: Server) -> None:
    table, token = build_table(level="medium", settings=TableSettings(speed="instant", hints=True))
    assert play_until(table, must_follow)
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    first = enabled_cards(page)[0]
    page.wait_for_function("id => document.activeElement.id === id", arg=first)

    # Not while typing in a field, nor with a modifier key.
    page.evaluate(
        """() => { const field = document.createElement('input');
            field.id = 'probe'; field.setAttribute('aria-label', 'Probe');
            document.querySelector('.side').prepend(field); }"""
    )
    page.locator("#probe").focus()
    page.keyboard.type("hl?n")
    assert page.locator("#probe").input_value() == "hl?n"
    page.locator(f"#{first}").focus()
    page.keyboard.press("Alt+h")
    page.keyboard.press("Control+l")
    assert active(page) == first
    assert not page.locator("#shortcuts").evaluate("d => d.open")
    assert page.locator("#table .hint").count() == 0

    assert page.locator("#hint-button").get_attribute("aria-keyshortcuts") == "h"
    assert page.locator("#last-trick").get_attribute("aria-keyshortcuts") == "l"
    page.keyboard.press("l")
    assert active(page) == "last-trick"
    # The tricks panel (issue 12's "Tricks of this deal") is on the page: t opens it.
    assert page.locator("#tricks").get_attribute("aria-keyshortcuts") == "t"
    assert not page.locator("#tricks").evaluate("d => d.open")
    page.keyboard.press("t")
    assert page.locator("#tricks").evaluate("d => d.open")
    assert page.evaluate("() => document.activeElement.matches('#tricks summary')")

    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    dialog.wait_for()
    assert dialog.get_by_text("The last trick").is_visible()
    tab.shot("keyboard-shortcuts")
    page.keyboard.press("h")  # the list is open: the letters do nothing
    assert page.locator("#table .hint").count() == 0
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.matches('#tricks summary')")

    page.get_by_role("button", name="Keyboard shortcuts").click()  # without a keyboard
    dialog.wait_for()
    dialog.get_by_role("button", name="Close").click()
    dialog.wait_for(state="hidden")

    page.keyboard.press("h")
    page.wait_for_selector("#table .hint")
    assert page.locator("#table .hint").is_visible()


def test_n_starts_the_next_deal(open_tab: Opener, server: Server) -> None:
    table, token = build_table(level="medium")
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    assert page.locator("#summary").is_visible()
    next_deal = page.get_by_role("button", name="Next deal")
    assert next_deal.get_attribute("aria-keyshortcuts") == "n"
    page.keyboard.press("n")
    page.wait_for_function("() => !document.querySelector('#summary')")
    assert page.locator("#table .deal-no").inner_text() == "Deal 2"


def test_the_list_is_not_offered_without_javascript(open_tab: Opener, server: Server) -> None:
    table, token = build_table(wanted=person_discards)
    save(table, server.data_dir)
    tab = open_tab("phone", javascript=False)
    sit_at(tab, server, table.id, token)
    assert not tab.page.get_by_role("button", name="Keyboard shortcuts").is_visible()
    assert tab.page.locator("#ticker").is_visible()  # the ticker is the page's own


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is inside the window and inside every box that scrolls it."""
    return bool(
        page.evaluate(
            """s => { const e = document.querySelector(s); const r = e.getBoundingClientRect();
                if (r.top < 0 || r.bottom > innerHeight) return false;
                for (let box = e.parentElement; box; box = box.parentElement) {
                    const b = box.getBoundingClientRect();
                    const scrolls = getComputedStyle(box).overflowY !== 'visible';
                    if (scrolls && box.scrollHeight > box.clientHeight
                        && box !== document.documentElement && box !== document.body
                        && (r.top < b.top - 1 || r.bottom > b.bottom + 1)) return false;
                }
                return true; }""",
            selector,
        )
    )


def ticker_matches_the_log(page: Any) -> str:
    ticker = page.locator("#ticker")
    text = ticker.locator(".ticker-text").inner_text()
    assert text == page.locator("#announcements p").last.inner_text()
    assert ticker.locator(".ticker-text").get_attribute("aria-hidden") == "true"
    assert page.get_by_role("link", name="Full log").is_visible()
    assert in_view(page, "#ticker")
    return text


def test_the_ticker_shows_a_payment_on_a_phone(open_tab: Opener, server: Server) -> None:
    table, token = build_table(wanted=person_discards)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    text = ticker_matches_the_log(page)
    assert text.startswith("Dealer's fee")
    assert "event-payment" in (page.locator("#ticker").get_attribute("class") or "")
    assert not in_view(page, "#log")  # the log itself is far below the hand
    tab.shot("keyboard-ticker")
    page.get_by_role("link", name="Full log").click()  # the whole deal's log (issue 21)
    page.wait_for_function("() => location.hash === '#deal-log'")
    assert page.locator("#full-log").evaluate("d => d.open")
    assert in_view(page, "#deal-log p:last-child")


def declared(deal: Deal) -> bool:
    """The declarations are made and someone declared something."""
    return deal.phase is not Phase.DISCARD and bool(observe(deal, 0).declarations)


def test_the_ticker_shows_a_declaration_on_a_phone(open_tab: Opener, server: Server) -> None:
    table, token = build_table(wanted=declared, acknowledge=False, deals_before=1)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    assert state(page)[0] == "declarations"
    ticker_matches_the_log(page)
    kind = page.locator("#ticker").get_attribute("class") or ""
    assert "event-declaration" in kind or "event-payment" in kind
    page.get_by_role("button", name="Continue").click()
    settle(page)
    ticker_matches_the_log(page)  # and it follows the moves shown since


def caught_up(page: Any, version: int) -> None:
    """Wait until the page shows ``version`` and reveals nothing more."""
    page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) >= v",
        arg=version,
        timeout=45000,  # the watcher's poll answers within its wait
    )
    settled_at_a_friends_table(page)


def settled_at_a_friends_table(page: Any) -> None:
    """No move being revealed and no other request than the long poll, which a friends'
    table's page keeps waiting nearly all the time (``settle`` waits for no request at all,
    and so only catches the instants between two polls)."""
    page.wait_for_function(
        "() => !document.querySelector('#table .tick, .htmx-settling, .htmx-request:not(#poll)')",
        timeout=20000,
    )


def test_the_spectators_newest_move_is_in_view(open_tab: Opener, server: Server) -> None:
    table, token = build_table(settings=TableSettings(speed="instant"))
    table.host = 0
    table.code = "KEYS42"
    assert play_until(table, lambda deal: deal.phase is Phase.PLAY and deal.turn == 0)
    player = seated_tab(open_tab, server, table, token, "desktop")
    watcher = open_tab("desktop")
    watcher.page.goto(f"{server.url}/tables/{table.id}")
    table_ready(watcher.page)
    assert watcher.page.locator("#log-title").inner_text() == "Latest moves"
    plays = 0
    while plays < 2:  # the person plays; the watcher's log follows every move
        settled_at_a_friends_table(player.page)
        phase, turn, version = state(player.page)
        if phase == "over":
            break
        if phase == "play" and turn == "0":
            play_card(player.page)
            plays += 1
        else:
            wait_for_change(player.page, version, phase)
        caught_up(watcher.page, state(player.page)[2])
    assert in_view(watcher.page, "#announcements p:last-child")
    # A long deal: far more entries than the box holds, added at the end as the polls add them.
    watcher.page.evaluate(
        """() => { const log = document.getElementById('announcements');
            for (let i = 1; i <= 40; i++) log.insertAdjacentHTML('beforeend',
                `<p class="event event-play">Move ${i}</p>`); }"""
    )
    box = watcher.page.locator(".log-scroll")
    assert box.evaluate("b => b.scrollHeight > b.clientHeight + 40"), "the log did not overflow"
    assert watcher.page.locator("#announcements p").last.inner_text() == "Move 40"
    assert in_view(watcher.page, "#announcements p:last-child")
    watcher.shot("keyboard-spectator-log")

    reloaded = open_tab("desktop", javascript=False)  # a full page, without JavaScript too
    reloaded.page.goto(f"{server.url}/tables/{table.id}")
    assert in_view(reloaded.page, "#announcements p:last-child")
