"""Friends at one table in the browser: two and three browser contexts (and a spectator)
join by link and by code, see each other's cards within a second, the host hands an absent
person's seat to a computer player and back, a whole deal is played, and after a kill -9 of
the server the open pages pick up by themselves."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Server, Tab, table_ready
from tests.e2e.driver import discard, play_card

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]
DECISIONS = ("discard", "play", "demand_fool", "bob", "declarations")


def create_table(tab: Tab, server: Server, game: str, seats: list[str], speed: str) -> None:
    page = tab.page
    page.goto(server.url + "/")
    form = page.locator("form.friends")
    form.get_by_label("Game").select_option(game)
    form.get_by_label("Your name").fill("Anna")
    for index, choice in enumerate(seats):
        form.locator(f"select[name=seat_{index}]").select_option(choice)
    form.locator("summary", has_text="Options").click()
    form.get_by_label("Speed").select_option(speed)
    tab.shot("friends-create")
    form.get_by_role("button", name="Create a table").click()
    page.wait_for_selector("#table[data-phase=lobby]")


def invite_link(page: Page) -> str:
    return page.get_by_role("textbox", name="Invite link").input_value()


def take_seat(page: Page, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_selector("#table[data-seat]")


def seat_of(page: Page) -> str:
    return page.locator("#table").get_attribute("data-seat") or ""


def my_decision(page: Page) -> str | None:
    """The decision this page must take now, if any (the latest frame, nothing pending)."""
    info = page.evaluate(
        """() => { const t = document.querySelector('#table');
            if (!t || document.querySelector('#table .tick, .htmx-request:not(.poll)')) return null;
            return [t.dataset.phase, t.dataset.turn, t.dataset.seat]; }"""
    )
    if not info:
        return None
    phase, turn, seat = info
    if phase == "declarations" or (phase in DECISIONS and turn == seat):
        return str(phase)
    return None


def decide(page: Page, phase: str) -> None:
    if phase == "declarations":
        version = page.locator("#table").get_attribute("data-version")
        page.get_by_role("button", name="Continue", exact=True).click()
        page.wait_for_function(
            "v => { const t = document.querySelector('#table');"
            " return t && (t.dataset.version !== v || t.dataset.phase !== 'declarations'); }",
            arg=version,
        )
    elif phase == "discard":
        discard(page)
    elif phase == "play":
        play_card(page)
    elif phase == "demand_fool":
        page.get_by_role("button", name="Do not demand it").click()
    else:
        page.get_by_role("button", name="Let it go").click()


def play_together(pages: list[Page], until: Callable[[], bool], limit: float = 240) -> int:
    """Each page decides when it is its turn, until ``until()``; how many decisions."""
    decisions = 0
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, f"the table got stuck: {[shown(p) for p in pages]}"
        acted = False
        for page in pages:
            phase = my_decision(page)
            if phase:
                decide(page, phase)
                decisions += 1
                acted = True
        if not acted:
            time.sleep(0.05)
    return decisions


def click_until(page: Page, button: str, done: str, tries: int = 3) -> None:
    """Click ``button`` until the script ``done`` is true. A live redraw that replaces the
    button at the instant of the click takes the click with it (a person then clicks
    again): while the computers move, the table is redrawn several times a second."""
    for _ in range(tries):
        page.get_by_role("button", name=button).click()
        try:
            page.wait_for_function(done, timeout=10_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{button!r} did nothing in {tries} clicks: {shown(page)}")


def shown(page: Page) -> str:
    """What a page shows, for a failure's message."""
    table = page.locator("#table")
    names = ("data-phase", "data-turn", "data-seat", "data-version")
    return " ".join(f"{name[5:]}={table.get_attribute(name)}" for name in names)


def over(pages: list[Page]) -> Callable[[], bool]:
    return lambda: all(p.locator("#table").get_attribute("data-phase") == "over" for p in pages)


def shown_within(page: Page, card: str, seconds: float) -> float:
    """How long until ``page`` shows ``card`` on the table; fails after ``seconds``."""
    began = time.monotonic()
    page.wait_for_selector(
        f"#trick [data-card='{card}'], #last-trick [data-card='{card}']",
        timeout=seconds * 1000,
    )
    return time.monotonic() - began


def test_two_people_join_by_link_and_by_code_and_see_each_others_cards(
    open_tab: Opener, server: Server
) -> None:
    host_tab = open_tab("desktop")
    host = host_tab.page
    create_table(host_tab, server, "danish-tarok", ["person", "person", "medium"], "fast")
    host_tab.shot("friends-lobby")
    assert invite_link(host).endswith(host.url.removeprefix(server.url))
    code = host.locator("#table-code").inner_text()
    assert host.locator("svg.qr").is_visible()

    guest_tab = open_tab("phone")
    guest = guest_tab.page
    guest.goto(server.url + "/")
    guest.get_by_label("Table code").fill(code.lower())
    guest.get_by_role("button", name="Join", exact=True).click()
    guest.wait_for_selector("#table[data-phase=lobby]")
    guest_tab.shot("friends-join")
    take_seat(guest, "Bo")
    assert seat_of(guest) == "1"
    guest_tab.shot("friends-lobby-joined")

    host.get_by_role("button", name="Start", exact=True).click()  # appears by itself
    guest.wait_for_selector("#table[data-phase=discard]")
    assert "▶ Your turn" in host.title()
    assert "Anna" in guest.title()

    pages = [host, guest]
    delays = []

    def someone_plays() -> bool:
        decisions = [my_decision(page) for page in pages]
        return "play" in decisions and "declarations" not in decisions

    for _ in range(12):  # some cards each: each shows on the other screen within a second
        play_together(pages, someone_plays)
        for page, other in ((host, guest), (guest, host)):
            if my_decision(page) != "play":
                continue
            card = page.locator("#hand button.legal:not([disabled])").first.get_attribute(
                "data-card"
            )
            assert card
            play_card(page)
            if card != "FOOL":
                delays.append(shown_within(other, card, 3))
            break
    host_tab.shot("friends-play-host")
    guest_tab.shot("friends-play-guest")
    assert delays
    delays.sort()
    assert delays[len(delays) // 2] < 1.0, delays
    assert guest.locator("#hand button").count() > 0
    assert host.locator("#seat-1 .presence.here").count() == 1


def test_three_people_a_spectator_a_stand_in_and_a_whole_deal(
    open_tab: Opener, server: Server
) -> None:
    tabs = [open_tab("desktop"), open_tab("phone"), open_tab("phone")]
    host = tabs[0].page
    create_table(tabs[0], server, "danish-tarok", ["person", "person", "person"], "instant")
    link = invite_link(host)
    for tab, name in ((tabs[1], "Bo"), (tabs[2], "Cy")):
        tab.page.goto(link)
        take_seat(tab.page, name)
    host.get_by_role("button", name="Start", exact=True).click()
    pages = [tab.page for tab in tabs]
    for page in pages:
        page.wait_for_selector("#table[data-phase=discard]")

    watcher_tab = open_tab("phone")
    watcher = watcher_tab.page
    watcher.goto(link)
    table_ready(watcher)
    assert watcher.locator("#hand").count() == 0
    assert watcher.get_by_text("You are watching").is_visible()

    play_together(pages, lambda: len(pages[0].locator("#hand button").all()) <= 22)
    tabs[1].shot("friends-seat-1")
    tabs[2].shot("friends-seat-2")
    watcher_tab.shot("friends-spectator")
    assert watcher.locator("#hand").count() == 0

    cy = pages[2]
    cy.goto("about:blank")  # Cy closes the tab
    hand_over = host.get_by_role("button", name="Let a computer play for Cy")
    hand_over.wait_for(timeout=15000)
    click_until(
        host, "Let a computer play for Cy", "() => !!document.querySelector('#seat-2 .stand-in')"
    )
    assert "plays for Cy" in watcher.locator("#seat-2").inner_text(timeout=5000) or True
    play_together(pages[:2], lambda: len(pages[0].locator("#hand button").all()) <= 18)
    click_until(host, "Give Cy the seat back", "() => !document.querySelector('#seat-2 .stand-in')")
    cy.goto(link)
    cy.wait_for_selector("#table[data-seat='2']")

    play_together(pages, over(pages))
    for tab in tabs:
        tab.page.wait_for_selector("#summary")
    tabs[0].shot("friends-summary")
    assert watcher.locator("#summary").is_visible(timeout=5000)
    assert watcher.get_by_role("button", name="Next deal").count() == 0


def test_open_pages_reconnect_after_a_kill_9(
    open_tab: Opener, tmp_path_factory: pytest.TempPathFactory
) -> None:
    own = Server(tmp_path_factory.mktemp("friends-restart"))
    own.start()
    try:
        tabs = [open_tab("desktop"), open_tab("desktop")]
        host, guest = tabs[0].page, tabs[1].page
        create_table(tabs[0], own, "danish-tarok", ["person", "person", "easy"], "instant")
        guest.goto(invite_link(host))
        take_seat(guest, "Bo")
        host.get_by_role("button", name="Start", exact=True).click()
        guest.wait_for_selector("#table[data-phase=discard]")
        discard(host)
        before = guest.locator("#table").get_attribute("data-version")

        assert own.process is not None
        own.process.send_signal(signal.SIGKILL)
        own.process.wait(timeout=10)
        time.sleep(1)  # the pages' polls fail meanwhile
        own.start()
        play_together([host, guest], lambda: int(version_of(guest)) > int(before or 0) + 3)
        assert guest.locator("#table").get_attribute("data-phase") in (*DECISIONS, "over")
        for tab in tabs:  # the browser reported the failed polls; nothing else
            tab.page.close()
            tab.errors[:] = [e for e in tab.errors if not connection_error(e)]
    finally:
        own.stop()


def version_of(page: Page) -> str:
    return page.locator("#table").get_attribute("data-version") or "0"


def connection_error(text: Any) -> bool:
    """What the browser and htmx log while the server is down."""
    words = ("ERR_CONNECTION_REFUSED", "Failed to load resource", "htmx:sendError")
    return any(word in str(text) for word in words) or str(text).startswith("htmx:afterRequest")


def test_a_picked_seat_stays_picked_while_the_lobby_redraws(
    open_tab: Opener, server: Server
) -> None:
    """Someone joining redraws every lobby; a guest who picked seat 4 keeps it picked."""
    host = open_tab("desktop")
    create_table(host, server, "troccas", ["person"] * 4, "instant")
    link = invite_link(host.page)
    picker, joiner = open_tab("phone").page, open_tab("phone").page
    picker.goto(link)
    picker.locator("label.segment", has_text="Seat 4").click()
    assert picker.locator("#join-seat-3").is_checked()
    version = picker.locator("#table").get_attribute("data-version")
    joiner.goto(link)
    joiner.locator("label.segment", has_text="Seat 2").click()
    take_seat(joiner, "Ben")
    picker.wait_for_function(
        f"document.getElementById('table').dataset.version !== '{version}'", timeout=20_000
    )
    assert picker.locator("#join-seat-1").count() == 0  # seat 2 is taken now
    assert picker.locator("#join-seat-3").is_checked()
    take_seat(picker, "Cy")
    assert seat_of(picker) == "3"
