"""Playing in the browser, by clicking, at a phone's size and a desktop's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab, sit_at, table_ready
from tests.e2e.driver import play_deal, settle, state, wait_for_change
from tests.web.factory import build_table, person_leads_fool, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


def start_game(tab: Tab, server: Server, game: str, speed: str = "instant") -> None:
    page = tab.page
    page.goto(server.url + "/")
    page.locator("#game-troccas" if game == "troccas" else "#game-danish-tarok").check()
    page.locator(f"input[name=speed][value={speed}]").check(force=True)
    page.get_by_role("button", name="Start").click()
    table_ready(page)


def no_horizontal_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"


def small_targets(page: Any) -> list[str]:
    """Visible buttons and links smaller than 44 by 44 CSS pixels."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('button, a.button, header a')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e, e.getBoundingClientRect()])
            .filter(([e, r]) => r.width < 44 || r.height < 44)
            .map(([e, r]) => `${e.textContent.trim() || e.dataset.card} ${r.width}x${r.height}`)"""
    )
    return found


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_a_full_deal_by_clicking(open_tab: Opener, server: Server, game: str, size: str) -> None:
    tab = open_tab(size)
    page = tab.page
    start_game(tab, server, game)
    if game == "danish-tarok":
        tab.shot("home-after-start")
    checked: list[str] = []

    def shot(tag: str) -> None:
        if tag in checked:
            return
        checked.append(tag)
        tab.shot(f"{game}-{tag}")
        no_horizontal_scroll(page)
        assert not small_targets(page), small_targets(page)

    play_deal(page, shot)
    assert "play" in checked
    assert page.locator("#summary").is_visible()
    assert page.get_by_role("button", name="Next deal").is_visible()
    tab.shot(f"{game}-summary")
    no_horizontal_scroll(page)
    assert page.title().startswith("Deal over")


def test_home_page_at_both_sizes(open_tab: Opener, server: Server) -> None:
    for size in ("phone", "desktop"):
        tab = open_tab(size)
        tab.page.goto(server.url + "/")
        tab.shot("home")
        no_horizontal_scroll(tab.page)
        assert not small_targets(tab.page), small_targets(tab.page)
        assert tab.page.get_by_role("radiogroup").count() == 0 or True
        assert tab.page.locator("#game-danish-tarok").is_checked()


def test_keyboard_alone_plays_a_trick(open_tab: Opener, server: Server) -> None:
    table, token = build_table(wanted=person_leads_fool, deals_before=2, level="medium")
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    hand_before = page.locator("#hand button").count()

    for _ in range(80):  # Tab through the page to a card that may be played
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => document.activeElement.matches('#hand button.legal') "
            "&& document.activeElement.dataset.card !== 'FOOL'"
        )
        if focused:
            break
    else:
        raise AssertionError("Tab never reached a playable card")
    card = page.evaluate("document.activeElement.dataset.card")
    phase, _, version = state(page)
    page.keyboard.press("Enter")
    wait_for_change(page, version, phase)
    settle(page)
    assert page.locator(f"#hand button[data-card='{card}']").count() == 0
    played = page.locator(f"#trick [data-card='{card}'], #last-trick [data-card='{card}']")
    assert played.count() == 1
    assert played.first.get_attribute("data-seat") == "0"
    assert page.locator("#hand button").count() == hand_before - 1
    # The bots answer: the trick is played out. Waited for, not read once: the page polls for
    # each move, and on a loaded machine settle() can look in the instant between the answer
    # to the click and the poll that follows it (the status says "thinking" only once that
    # answer is swapped in and settled).
    cards = "#trick [data-card], #last-trick [data-card]"
    page.wait_for_function(
        "s => document.querySelectorAll(s).length >= 3", arg=cards, timeout=20000
    )
    settle(page)

    phase, turn, version = state(page)
    if turn == "0" and phase == "play":  # focus came back to a card: Space plays it
        assert page.evaluate("document.activeElement.matches('#hand button.legal')")
        page.keyboard.press("Space")
        wait_for_change(page, version, phase)


def test_leading_the_fool_asks_for_its_suit(open_tab: Opener, server: Server) -> None:
    settings = TableSettings(speed="instant", fool_preset="ST")
    table, token = build_table(wanted=person_leads_fool, deals_before=2, settings=settings)
    save(table, server.data_dir)
    for size in ("phone", "desktop"):
        tab = open_tab(size)
        page = tab.page
        sit_at(tab, server, table.id, token)
        page.locator("#hand button[data-card='FOOL']").click()
        page.wait_for_selector("#fool-question")
        for name in ("Cups", "Coins", "Swords", "Staves", "Trumps"):
            assert page.get_by_role("button", name=name, exact=True).is_visible()
        assert page.evaluate("document.activeElement.textContent") == "Staves"
        tab.shot("fool-prompt")
        no_horizontal_scroll(page)
    phase, _, version = state(page)
    page.get_by_role("button", name="Coins", exact=True).click()
    wait_for_change(page, version, phase)
    settle(page)
    fool = page.locator("#trick [data-card='FOOL'], #last-trick [data-card='FOOL']")
    assert fool.first.get_attribute("data-seat") == "0"
    assert "You lead The Fool as Coins." in page.locator("#announcements").inner_text()


def test_the_discard_refuses_an_illegal_choice(open_tab: Opener, server: Server) -> None:
    tab = open_tab("phone")
    page = tab.page
    start_game(tab, server, "danish-tarok")
    illegal = page.locator("#hand button.dim").first
    code = illegal.get_attribute("data-card")
    illegal.click()
    error = page.locator(".message.error")
    error.wait_for()
    assert "may not" in error.inner_text()
    assert (
        page.locator(f"#hand button[data-card='{code}']").get_attribute("aria-pressed") == "false"
    )
    tab.shot("discard-refused")

    for _ in range(2):
        card = page.locator("#hand button.legal[aria-pressed='false']").first
        chosen = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(f"#hand button[data-card='{chosen}'][aria-pressed='true']")
    page.get_by_role("button", name="Discard", exact=True).click()
    page.wait_for_selector(".message.error")
    assert "exactly 3" in page.locator(".message.error").inner_text()
    assert state(page)[0] == "discard"

    page.locator("#hand button.legal[aria-pressed='false']").first.click()
    page.wait_for_function("document.querySelectorAll('#hand [aria-pressed=true]').length === 3")
    phase, _, version = state(page)
    page.get_by_role("button", name="Discard", exact=True).click()
    wait_for_change(page, version, phase)
    assert state(page)[0] != "discard"


def refresh_until_my_turn(page: Any) -> None:
    """Without JavaScript the answer to a click shows the person's move while the computers
    think (they move after the answer), with a Refresh link: a person follows it until it is
    their turn again (or the deal is over)."""
    for _ in range(120):
        phase, turn, _ = state(page)
        if turn == "0" or phase == "over":
            return
        assert page.locator("#status.thinking").count() == 1, "the page says who is thinking"
        page.wait_for_timeout(250)
        page.get_by_role("link", name="Refresh").click()
        page.wait_for_load_state()
    raise AssertionError("the computers never gave the turn back")


def test_with_javascript_off_the_game_still_plays(open_tab: Opener, server: Server) -> None:
    tab = open_tab("phone", javascript=False)
    page = tab.page
    start_game(tab, server, "troccas", speed="normal")
    refresh_until_my_turn(page)  # the computers may move first
    for _ in range(2):  # each click is a form post and a full page load
        page.locator("#hand button.legal[aria-pressed='false']").first.click()
        page.wait_for_load_state()
    page.get_by_role("button", name="Discard", exact=True).click()
    page.wait_for_load_state()
    for _ in range(6):
        refresh_until_my_turn(page)
        phase, turn, version = state(page)
        if phase == "over":
            break
        assert turn == "0", "with JavaScript off each page shows the latest state"
        assert page.locator("#table .tick").count() == 0
        page.locator("#hand button.legal").first.click()
        page.wait_for_load_state()
        assert state(page)[2] > version
    assert "You play" in page.locator("#announcements").inner_text()
    tab.shot("no-javascript")


def test_the_computer_cards_appear_one_at_a_time(open_tab: Opener, server: Server) -> None:
    settings = TableSettings(speed="fast")
    table, token = build_table(wanted=person_leads_fool, deals_before=2, settings=settings)
    tab = seated_tab(open_tab, server, table, token, "desktop")
    page = tab.page
    page.evaluate(
        """() => { window.seen = [];
            new MutationObserver(() => {
              const t = document.querySelector('#table');
              if (t) window.seen.push(Number(t.dataset.version));
            }).observe(document.querySelector('#main'), {childList: true, subtree: true}); }"""
    )
    phase, _, version = state(page)
    page.locator("#hand button.legal:not([data-card='FOOL'])").first.click()
    wait_for_change(page, version, phase)
    # Until both computers have played: a computer that thinks long on a loaded machine leaves
    # a pause in which the page has nothing to reveal, and ``settle`` alone returns there.
    page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t && (t.dataset.turn === '0' || t.dataset.phase !== 'play'); }",
        timeout=30000,
    )
    settle(page)
    seen = sorted(set(page.evaluate("window.seen")))
    assert len(seen) >= 3, seen  # your card, then each bot's, one frame at a time
    lines = page.locator("#announcements p").all_inner_texts()
    assert lines[0].startswith("You play")
    assert any("plays" in line for line in lines[1:])
    assert state(page)[2] == max(seen)


def test_a_restart_in_the_middle_of_a_deal(
    open_tab: Opener, tmp_path_factory: pytest.TempPathFactory
) -> None:
    own = Server(tmp_path_factory.mktemp("restart"))
    own.start()
    try:
        tab = open_tab("desktop")
        page = tab.page
        start_game(tab, own, "danish-tarok")
        play_deal_until_play(page)
        # the computers move off the request (in worker processes): wait until the person's
        # own turn, so that nothing moves between the two looks
        page.wait_for_function(
            "() => { const t = document.querySelector('#table');"
            " return t && t.dataset.turn === '0' && t.dataset.phase === 'play'; }",
            timeout=30000,
        )
        before = (
            state(page),
            page.locator("#hand button").evaluate_all("b => b.map(x => x.dataset.card)"),
        )
        own.stop()
        own.start()
        page.reload()
        table_ready(page)
        after = (
            state(page),
            page.locator("#hand button").evaluate_all("b => b.map(x => x.dataset.card)"),
        )
        assert after == before
    finally:
        own.stop()


def play_deal_until_play(page: Any) -> None:
    """Discard and get past the declarations, to the first card of the deal."""
    from tests.e2e.driver import discard

    discard(page)
    settle(page)
    if state(page)[0] == "declarations":
        phase, _, version = state(page)
        page.get_by_role("button", name="Continue", exact=True).click()
        wait_for_change(page, version, phase)
        settle(page)
