"""The language switch in the browser: with the keyboard and with the mouse, on a phone and a
desktop; the page comes back in the chosen language and keeps it after a reload. The header
stays one row on a phone with every tap target at least 44 by 44 pixels."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.i18n import LANGUAGES
from tests.e2e.conftest import Server, Tab

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

HEADER = """() => {
    const header = document.querySelector('header.site').getBoundingClientRect();
    const targets = [...document.querySelectorAll('header.site a, header.site summary')]
        .map(el => el.getBoundingClientRect()).filter(r => r.width && r.height);
    return {height: header.height, width: document.documentElement.scrollWidth,
            tops: targets.map(r => Math.round(r.top)),
            small: targets.filter(r => r.width < 44 || r.height < 43.5).length};
}"""


def lang_of(tab: Tab) -> str:
    return str(tab.page.evaluate("document.documentElement.lang"))


def check_header(tab: Tab, width: int) -> None:
    measured = tab.page.evaluate(HEADER)
    assert measured["small"] == 0, measured
    assert measured["width"] <= width, measured
    assert max(measured["tops"]) - min(measured["tops"]) <= 8, measured  # one row
    assert measured["height"] < 60, measured


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_switch_to_danish_with_the_keyboard(open_tab: Opener, server: Server, size: str) -> None:
    tab = open_tab(size)
    page = tab.page
    page.goto(server.url + "/cards")
    assert lang_of(tab) == "en"
    page.locator(".language-switch summary").focus()
    page.keyboard.press("Enter")  # opens the list of languages
    page.keyboard.press("Tab")  # English
    page.keyboard.press("Tab")  # Dansk
    assert page.evaluate("document.activeElement.value") == "da"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith("/cards")
    assert lang_of(tab) == "da"
    page.reload()
    assert lang_of(tab) == "da"
    assert page.locator(".language-switch summary").inner_text().strip().endswith("DA")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_switch_with_the_mouse_in_every_language(
    open_tab: Opener, server: Server, size: str
) -> None:
    tab = open_tab(size)
    page = tab.page
    page.goto(server.url + "/rules")
    width = page.viewport_size["width"]
    for language in ("da", "de", "rm", "en"):
        check_header(tab, width)
        page.locator(".language-switch summary").click()
        with page.expect_navigation():
            page.locator(f".language-switch button[value={language}]").click()
        assert page.url.endswith("/rules")
        assert lang_of(tab) == language
        check_header(tab, width)
        tab.shot(f"language-header-{language}")
    page.reload()
    assert lang_of(tab) == "en"
    page.locator(".language-switch summary").click()
    names = page.locator(".language-switch button").all_inner_texts()
    assert [name.strip() for name in names] == list(LANGUAGES.values())
    tab.shot("language-open")


def test_the_switch_works_without_javascript(open_tab: Opener, server: Server) -> None:
    tab = open_tab("phone", javascript=False)
    page = tab.page
    page.goto(server.url + "/stats")
    page.locator(".language-switch summary").click()
    with page.expect_navigation():
        page.locator(".language-switch button[value=de]").click()
    assert page.url.endswith("/stats")
    assert lang_of(tab) == "de"
