"""The layout in the browser: nothing of a table goes under the side column, focus shows on
every surface, long names stay in their boxes, the start page is short on a phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Phase
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab, table_ready
from tests.e2e.driver import discard, play_card, play_deal, settle, state
from tests.web.factory import build_table, person_leads_fool, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

UNDER_THE_SIDE = """() => {
    const s = document.querySelector('.side').getBoundingClientRect();
    const covered = [];
    for (const el of document.querySelectorAll('#table > *, #table button, #table .card')) {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        if (r.right > s.left && r.left < s.right && r.bottom > s.top && r.top < s.bottom)
            covered.push(`${el.className || el.tagName} ${Math.round(r.right)} > ${s.left}`);
    }
    return covered;
}"""


def start_danish(tab: Tab, server: Server) -> None:
    page = tab.page
    page.goto(server.url + "/")
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.get_by_role("button", name="Start", exact=True).click()
    table_ready(page)


def play_a_trick(page: Any) -> None:
    """Play on until a trick is finished and it is the person's turn to play again."""
    for _ in range(60):
        settle(page)
        phase, turn, _ = state(page)
        if phase == "play" and turn == "0" and page.locator("#last-trick .mini").count():
            return
        if page.get_by_role("button", name="Continue", exact=True).count():
            page.get_by_role("button", name="Continue", exact=True).first.click()
        elif phase == "discard" and turn == "0":
            discard(page)
        elif phase == "play" and turn == "0":
            play_card(page)
        else:
            page.wait_for_timeout(100)
    raise AssertionError("no trick was finished")


def test_the_side_column_covers_nothing_of_a_computer_table(
    open_tab: Opener, server: Server
) -> None:
    tab = open_tab("desktop")
    page = tab.page
    page.set_viewport_size({"width": 1280, "height": 900})
    start_danish(tab, server)
    page.locator(".settings summary").click()
    play_a_trick(page)
    tab.shot("layout-side-mid-play")
    assert page.evaluate(UNDER_THE_SIDE) == []

    play_deal(page)
    settle(page)
    tab.shot("layout-side-summary")
    assert page.evaluate(UNDER_THE_SIDE) == []
    next_deal = page.get_by_role("button", name="Next deal")
    box = next_deal.bounding_box()
    assert box
    on_top = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.textContent.trim()",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top == "Next deal"


FOCUS_STYLE = """() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    let back = el.parentElement;
    while (back && getComputedStyle(back).backgroundColor === 'rgba(0, 0, 0, 0)')
        back = back.parentElement;
    return [style.outlineStyle, style.outlineColor, style.boxShadow,
            back ? getComputedStyle(back).backgroundColor : ''];
}"""
FELT = "rgb(31, 94, 59)"  # the lightest green of the table's felt


def rgb(text: str) -> tuple[int, ...]:
    numbers = text[text.index("(") + 1 : text.index(")")].split(",")
    return tuple(int(float(n)) for n in numbers[:3])


def contrast(first: str, second: str) -> float:
    def luminance(colour: str) -> float:
        parts = [c / 255 for c in rgb(colour)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def focus_by_keyboard(page: Any, selector: str) -> list[str]:
    """Focus an element the way the keyboard does (Tab onto it); its focus style."""
    page.locator(selector).first.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(f"document.activeElement.matches({selector!r})")
    style: list[str] = page.evaluate(FOCUS_STYLE)
    return style


def test_the_focus_ring_shows_on_paper_and_on_the_felt(open_tab: Opener, server: Server) -> None:
    """WCAG 1.4.11: 3:1 against what is around it, on the light panels and on the felt."""
    tab = open_tab("desktop")
    page = tab.page
    page.goto(server.url + "/")
    for selector in ("form.setup:not(.friends) button[type=submit]", "a[href='/tables']"):
        outline, ring, halo, surface = focus_by_keyboard(page, selector)
        assert outline == "solid", selector
        assert contrast(ring, surface) >= 3, (selector, ring, surface)
    halo_colour = halo[: halo.index(")") + 1]
    assert contrast(halo_colour, FELT) >= 3, halo
    assert contrast(halo_colour, ring) >= 3, (halo, ring)  # the two tones tell apart
    tab.shot("layout-focus-paper")


CARD_LOOK = """card => {
    const img = getComputedStyle(card.querySelector('img'));
    return [img.outlineStyle, img.outlineColor, img.boxShadow];
}"""


def test_a_focused_card_looks_unlike_a_playable_one(open_tab: Opener, server: Server) -> None:
    """Playable cards have a gold ring; the focused one a dark ring in a white one."""
    settings = TableSettings(speed="instant")
    table, token = build_table(wanted=person_leads_fool, deals_before=2, settings=settings)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    legal = page.locator("#hand button.legal")
    assert legal.count() >= 2
    focus_by_keyboard(page, "#hand button.legal")
    focused = page.locator("#hand button.legal:focus-visible")
    outline, ring, shadow = focused.evaluate(CARD_LOOK)
    other = page.locator("#hand button.legal:not(:focus)").first.evaluate(CARD_LOOK)
    tab.shot("layout-focused-card")
    assert outline == "solid"
    assert rgb(ring) == (255, 255, 255)
    assert shadow.startswith("rgb(28, 27, 25) 0px 0px 0px 3px"), shadow  # dark inside the white
    assert other[0] == "none"
    assert other[2].startswith("rgb(240, 194, 75) 0px 0px 0px 2px"), other  # the gold ring


LONG_NAMES = ("Maximilianfriedrichsenxy", "Bartholomewvanderlindenz")  # 24 letters, no space

OVERFLOWS = """() => {
    const out = [];
    for (const seat of document.querySelectorAll('.seat')) {
        const box = seat.getBoundingClientRect();
        for (const el of seat.querySelectorAll('*')) {
            const r = el.getBoundingClientRect();
            if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
                out.push(`${seat.id} ${el.className}: ${r.right} > ${box.right}`);
        }
    }
    const labels = [...document.querySelectorAll('#last-trick .by, #trick .by')]
        .map(e => [e.textContent, e.getBoundingClientRect()]);
    for (const [i, [a, p]] of labels.entries())
        for (const [b, q] of labels.slice(i + 1))
            if (p.right > q.left && p.left < q.right && p.bottom > q.top && p.top < q.bottom)
                out.push(`labels ${a} and ${b} overlap`);
    return out;
}"""


def test_long_names_stay_in_their_boxes_on_a_phone(open_tab: Opener, server: Server) -> None:
    table, token = build_table(settings=TableSettings(speed="instant"))
    for index, name in zip((1, 2), LONG_NAMES, strict=True):
        table.seats[index].name = name

    def after_two_tricks(deal: Any) -> bool:
        return len(deal.tricks) >= 2 and deal.phase is Phase.PLAY and deal.turn == 0

    assert play_until(table, after_two_tricks)
    tab = seated_tab(open_tab, server, table, token, "phone")
    page = tab.page
    settle(page)
    tab.shot("layout-long-names")
    assert page.locator("#last-trick .by").count() == 3  # the trick before the one shown
    assert page.evaluate(OVERFLOWS) == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_the_start_page_is_short_on_a_phone_and_even_on_a_desktop(
    open_tab: Opener, server: Server
) -> None:
    phone = open_tab("phone")
    phone.page.goto(server.url + "/")
    start = phone.page.get_by_role("button", name="Start", exact=True)
    box = start.bounding_box()
    assert box
    assert box["y"] + box["height"] <= 844, box  # on the first screen (once 3,000px down)
    phone.page.locator(".rule-options summary").click()  # every option is a tap away
    assert phone.page.get_by_label("Chicks rule").first.is_visible()
    phone.shot("layout-home-rules-open")

    desktop = open_tab("desktop")
    page = desktop.page
    page.goto(server.url + "/")
    box = page.locator("form.setup:not(.friends) button[type=submit]").bounding_box()
    assert box
    assert box["y"] + box["height"] <= 800, box  # the desktop's first screen too
    widths = page.evaluate(
        "() => [...document.querySelectorAll('main > .page')]"
        ".map(e => Math.round(e.getBoundingClientRect().width))"
    )
    assert len(set(widths)) == 1, widths  # "Play with friends" as wide as the others
    for size_tab in (phone, desktop):
        selects = size_tab.page.evaluate(
            """() => [...document.querySelectorAll('.seat-fields select')]
                .filter(s => s.offsetParent).map(s => s.getBoundingClientRect().width)"""
        )
        assert selects
        assert min(selects) >= 200, selects  # "Computer · Medium" is not cut off


def test_the_rules_contents_are_comfortable_targets(open_tab: Opener, server: Server) -> None:
    tab = open_tab("phone")
    tab.page.goto(server.url + "/rules/danish-tarok")
    boxes = tab.page.evaluate(
        "() => [...document.querySelectorAll('.toc a')].map(a => a.getBoundingClientRect())"
        ".map(r => [r.left, r.top, r.width, r.height])"
    )
    assert len(boxes) == 10  # the nine parts and "For four" (rules.md 2.17)
    for box in boxes:
        assert box[2] >= 44, box
        assert box[3] >= 44, box
    for index, (left, top, width, height) in enumerate(boxes):
        for other in boxes[index + 1 :]:
            apart = (
                other[0] >= left + width
                or left >= other[0] + other[2]
                or other[1] >= top + height
                or top >= other[1] + other[3]
            )
            assert apart, ((left, top, width, height), other)
    tab.shot("layout-rules-contents")


def test_the_protocol_reads_well_on_a_phone(open_tab: Opener, server: Server) -> None:
    tab = open_tab("phone")
    page = tab.page
    for path in ("/bots/protocol", "/bots/protocol/session"):
        page.goto(server.url + path)
        assert page.title().endswith("· Trionfi")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('pre')).fontSize)")
        assert size >= 14, (path, size)  # was a 390px-wide page of tiny plain text
        tab.shot("layout-protocol" + path.removeprefix("/bots/protocol").replace("/", "-"))
    link = page.get_by_role("link", name="This page as plain text").get_attribute("href")
    assert link == "/bots/protocol/session.txt"
    # fetched, not opened: a plain-text document makes the browser ask for /favicon.ico (a 404
    # in the console, which fails the test), while the site's pages carry their icon inline
    plain = page.request.get(server.url + link)
    assert plain.headers["content-type"] == "text/plain; charset=utf-8"
