"""The strategy pages and About the cards in the browser: they fit a phone and a desktop
without JavaScript, their contents are comfortable targets, and the pack loads lazily."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.conftest import SIZES, Server, Tab

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

PAGES = ("/strategy", "/strategy/danish-tarok", "/strategy/troccas", "/cards")
TARGETS = """() => [...document.querySelectorAll('.toc a, .learn-links a')]
    .map(a => a.getBoundingClientRect()).filter(r => r.width)
    .map(r => [Math.round(r.width), Math.round(r.height)])"""
LOADED = (
    "(selector => [...document.querySelectorAll(selector)]"
    ".filter(img => img.complete && img.naturalWidth).length)"
)
"""How many of the images a selector finds have loaded (a function of the selector)."""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_pages_fit_without_javascript(open_tab: Opener, server: Server, size: str) -> None:
    tab = open_tab(size, javascript=False)
    page = tab.page
    for path in PAGES:
        page.goto(server.url + path)
        assert page.title().endswith("· Trionfi"), path
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0], path
        for width, height in page.evaluate(TARGETS):
            assert width >= 24, (path, width)
            assert height >= 44, (path, height)
        tab.shot("learn" + path.replace("/", "-"))


def test_the_pack_loads_lazily_and_the_diagrams_show_their_cards(
    open_tab: Opener, server: Server
) -> None:
    tab = open_tab("phone")
    page = tab.page
    page.goto(server.url + "/cards")
    page.wait_for_function(f"() => {LOADED}('.pack img') > 0")
    assert page.evaluate(f"() => {LOADED}('.pack img')") < 78  # the suits wait below
    last = page.locator(".pack img").last
    last.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth", arg=last.element_handle())
    page.goto(server.url + "/strategy/troccas")
    figure = page.locator("figure#diagram-bob")
    figure.scroll_into_view_if_needed()
    assert figure.get_by_role("img", name="Page of Swords").is_visible()
    page.wait_for_function(f"() => {LOADED}('figure#diagram-bob img') === 5")
