"""Plays a deal in the browser the way a person would: by clicking, one decision at a time.

Shared by the browser tests and by the screenshot script; it reads only what the page shows
(design.md 1.6: ``#table``'s data attributes, the card buttons, the buttons' names).
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

Shot = Callable[[str], None]


def state(page: Page) -> tuple[str, str, int]:
    """The table's phase, turn and version, read at once: a poll may redraw the table between
    two reads (the computers' moves arrive while the test looks)."""
    phase, turn, version = page.locator("#table").first.evaluate(
        "t => [t.dataset.phase || '', t.dataset.turn || '', t.dataset.version || '0']"
    )
    return phase, turn, int(version)


def wait_for_change(page: Page, version: int, phase: str, timeout: float = 15000) -> None:
    """Wait until the table shows another version or phase (a click was answered)."""
    page.wait_for_function(
        """([version, phase]) => {
            const t = document.querySelector('#table');
            return t && (Number(t.dataset.version) !== version || t.dataset.phase !== phase
                         || document.querySelector('.message.error'));
        }""",
        arg=[version, phase],
        timeout=timeout,
    )


def settle(page: Page, timeout: float = 20000) -> None:
    """Wait until the page stops revealing moves (the latest frame, or a pause) and no
    computer is thinking: while one thinks the page only polls, and between two polls there
    is neither a pending move nor a request (a long think on a loaded machine looked like
    the end of the trick)."""
    page.wait_for_function(
        "() => !document.querySelector('#table .tick, .htmx-request, #status.thinking')",
        timeout=timeout,
    )


def two_choices(page: Page, first: str, second: str) -> None:
    """A decision of two buttons as the person meets it: both shown, ``first`` focused (Enter
    takes it) and tall enough for a thumb."""
    chosen = page.get_by_role("button", name=first)
    assert chosen.is_visible()
    assert page.get_by_role("button", name=second).is_visible()
    assert page.evaluate("() => document.activeElement.textContent.trim()") == first
    box = chosen.bounding_box()
    assert box is not None
    assert box["height"] >= 24  # a target a thumb can hit


def discard(page: Page, shot: Shot | None = None) -> None:
    size = 2 if page.locator("#table").get_attribute("data-game") == "troccas" else 3
    for _ in range(size):
        phase, _, version = state(page)
        card = page.locator("#hand button.legal[aria-pressed='false']").first
        code = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(f"#hand button[data-card='{code}'][aria-pressed='true']")
    if shot:
        shot("discard")
    phase, _, version = state(page)
    page.locator("#discard-button").click()
    wait_for_change(page, version, phase)


def play_card(page: Page, shot: Shot | None = None) -> None:
    phase, _, version = state(page)
    page.locator("#hand button.legal:not([disabled])").first.click()
    page.wait_for_function(
        """([version]) => {
            const t = document.querySelector('#table');
            return Number(t.dataset.version) !== version
                || document.querySelector('#fool-question');
        }""",
        arg=[version],
    )
    if page.locator("#fool-question").count():
        if shot:
            shot("fool")
        page.locator(".fool-prompt button.preset").click()
        wait_for_change(page, version, phase)


def play_deal(page: Page, shot: Shot | None = None, max_steps: int = 400) -> None:
    """Play until the deal is over (the summary shows)."""
    played = 0
    for _ in range(max_steps):
        settle(page)
        # Buttons by the form they post, not by their words: the driver plays in any language.
        continue_button = page.locator(
            "form[action$='/continue'] button[type=submit], .pacing button.primary"
        )
        phase, turn, version = state(page)
        if phase == "over":
            page.wait_for_selector("#summary")
            return
        if continue_button.count():
            continue_button.first.click()
            wait_for_change(page, version, phase)
        elif turn != "0":
            wait_for_change(page, version, phase)
        elif phase == "discard":
            discard(page, shot)
        elif phase == "play":
            if shot and played == 3:
                shot("play")
            play_card(page, shot)
            played += 1
        elif phase in ("demand_fool", "bob"):  # demand the Fool; call Bob
            page.locator("form[action$='/decide'] button[value=yes]").click()
            wait_for_change(page, version, phase)
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
    raise AssertionError("the deal did not end")
