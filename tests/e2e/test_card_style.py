"""The card style in the browser: "French suits" chosen with the keyboard in the home page's
table options, the table drawn in French faces that load (phone and desktop; the screenshots
are in test-results/e2e/ to look at), and the table's settings turning it back to Italian
suits, with JavaScript and without."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.conftest import Server, Tab, table_ready

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

FACES = """() => [...document.querySelectorAll('#table img[alt]:not([alt=""])')].map(
    (img) => [new URL(img.src).pathname, img.complete && img.naturalWidth > 0])"""


def faces(tab: Tab) -> list[tuple[str, bool]]:
    return [(path, loaded) for path, loaded in tab.page.evaluate(FACES)]


def folders(tab: Tab) -> set[str]:
    return {path.rsplit("/", 1)[0] for path, _ in faces(tab)}


@pytest.mark.parametrize(
    ("size", "javascript"), [("phone", True), ("desktop", True), ("phone", False)]
)
def test_french_suits_from_the_home_page_and_back(
    open_tab: Opener, server: Server, size: str, javascript: bool
) -> None:
    tab = open_tab(size, javascript=javascript)
    page = tab.page
    page.goto(f"{server.url}/")
    page.locator("details.table-options > summary").click()
    italian = page.get_by_role("radio", name="Italian suits")
    assert italian.is_checked()
    italian.focus()
    page.keyboard.press("ArrowDown")  # a radio group: the arrows move the choice
    page.keyboard.press("ArrowDown")
    french = page.get_by_role("radio", name="French suits")
    assert french.is_checked()
    assert "the game still names the suits" in (
        page.locator(f"#{french.get_attribute('aria-describedby')}").inner_text()
    )
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.get_by_role("button", name="Start").click()
    table_ready(page)
    page.wait_for_function("document.querySelectorAll('#hand img').length > 0")
    page.wait_for_load_state("load")
    shown = faces(tab)
    assert shown
    assert all(path.startswith("/static/cards/french/") for path, _ in shown), shown
    assert all(loaded for _, loaded in shown), shown
    tab.shot(f"french-suits{'' if javascript else '-nojs'}")

    page.locator("details.settings > summary").click()
    page.get_by_role("radio", name="Italian suits").check()
    page.locator("details.settings button[type=submit]").click()
    page.wait_for_function(
        "[...document.querySelectorAll('#hand img')].every((img) => !img.src.includes('/french/'))"
    )
    table_ready(page)
    assert folders(tab) == {"/static/cards"}
