"""The replay viewer in the browser: the arrow keys step through a finished deal, the step is
in the address and spoken politely, and without JavaScript the buttons are plain links."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.conftest import Server, Tab, seated_tab
from tests.web.factory import build_table

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
EXAMPLE = EXAMPLES / "danish-tarok-complete.json"

WIDER_THAN_THE_SCREEN = """() => document.documentElement.scrollWidth >
    document.documentElement.clientWidth + 1"""


def counter(tab: Tab) -> str:
    text: str = tab.page.locator(".replay-counter").inner_text()
    return text


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_arrow_keys_step_through_a_deal(open_tab: Opener, server: Server, size: str) -> None:
    table, token = build_table("troccas", deals_before=1)
    tab = seated_tab(open_tab, server, table, token, size)
    page = tab.page
    page.goto(f"{server.url}/tables/{table.id}/deals/1")
    assert counter(tab) == "Move 0 of 77"
    tab.shot("replay-start")
    for step in ("1", "2", "3"):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => document.querySelector('#replay').dataset.step == n", arg=step)
    assert counter(tab) == "Move 3 of 77"
    assert page.url.endswith("/deals/1?step=3")
    page.wait_for_function(  # the step is spoken politely
        "() => document.getElementById('replay-announce').textContent.startsWith('Move 3 of 77.')"
    )
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step == '77'")
    assert "Counts:" in page.locator(".replay-counts").inner_text()
    assert page.evaluate(WIDER_THAN_THE_SCREEN) is False
    tab.shot("replay-end")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step == '76'")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step == '0'")
    page.keyboard.press("ArrowLeft")  # at the start: nothing happens, nothing breaks
    assert counter(tab) == "Move 0 of 77"
    page.go_back()  # each step was an address of its own
    page.wait_for_function("() => document.querySelector('#replay').dataset.step == '76'")


def test_the_steps_are_links_without_javascript(open_tab: Opener, server: Server) -> None:
    table, token = build_table("danish-tarok", deals_before=1)
    seated = seated_tab(open_tab, server, table, token, "phone")
    cookies = seated.page.context.cookies()
    tab = open_tab("phone", javascript=False)
    tab.page.context.add_cookies(cookies)
    page = tab.page
    page.goto(f"{server.url}/tables/{table.id}/deals/1")
    page.get_by_role("link", name="Next").click()
    assert page.url.endswith("?step=1")
    assert counter(tab) == "Move 1 of " + str(len(table.match.records[0].actions))
    page.get_by_role("link", name="Last").click()
    assert "Counts:" in page.locator(".replay-counts").inner_text()
    tab.shot("replay-no-js")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_hand_record_file_is_uploaded_and_replayed(
    open_tab: Opener, server: Server, size: str, tmp_path: Path
) -> None:
    tab = open_tab(size)
    page = tab.page
    page.goto(f"{server.url}/replay")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "trionfi-hand/1", "game": "chess"}')
    page.get_by_label("Hand record file").set_input_files(str(bad))
    page.get_by_role("button", name="Replay").click()
    assert "game must be" in page.get_by_role("alert").inner_text()
    tab.shot("replay-upload-error")
    page.get_by_label("Hand record file").set_input_files(str(EXAMPLE))
    page.get_by_role("button", name="Replay").click()
    page.wait_for_selector("#replay")
    page.get_by_role("link", name="Last").click()
    page.wait_for_function("() => document.querySelector('#replay').dataset.step == '76'")
    assert "Counts:" in page.locator(".replay-counts").inner_text()
    assert page.evaluate(WIDER_THAN_THE_SCREEN) is False
    tab.shot("replay-uploaded-end")
