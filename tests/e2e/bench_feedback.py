"""How soon a click shows, in the browser: ``python -m tests.e2e.bench_feedback``.

Starts ``trionfi serve`` on a free port, opens Chromium (/usr/bin/chromium) at a desktop's
size and plays whole deals against hard computers at Instant speed, by clicking as a person
does. For each card played and each discard it measures, in the page (``performance.now()``
and a MutationObserver, so Playwright's own round trips do not count):

- click -> own card shown: the card is in the trick (or already in the last trick) and gone
  from the hand (static/js/feedback.js shows it before the answer comes; a discard: the
  cards chosen are gone from the hand);
- click -> the server's answer shown: the table redrawn with the card played;
- click -> computers' replies shown: the table is the person's turn again, or waits for a
  tap ("Tap to continue" at a trick's end), or the deal is over.

Prints p50/p95/max of both; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from tests.e2e.conftest import ARGS, CHROMIUM, Server
from tests.e2e.driver import settle, state, wait_for_change

FOOL_CODE = "FOOL"
WATCH = """(code) => new Promise((resolve) => {
  const clickedAt = performance.now();
  const before = document.querySelector('#table');
  const marks = {};
  const gone = (card) => !card || card.classList.contains('sent');  // static/js/feedback.js
  const mine = () => {
    if (code === null) {
      return [...document.querySelectorAll('#hand button[aria-pressed="true"]')].every(gone);
    }
    const onTable = `#trick [data-card="${code}"], #last-trick [data-card="${code}"]`;
    return !!document.querySelector(onTable)
      && gone(document.querySelector(`#hand [data-card="${code}"]`));
  };
  const answered = () => {
    const tables = document.querySelectorAll('#table');
    return tables.length === 1 && tables[0] !== before
      && (code === null || !document.querySelector(`#hand [data-card="${code}"]`));
  };
  const replied = () => {
    const tables = document.querySelectorAll('#table');  // two while htmx swaps
    const t = tables[0];
    if (tables.length !== 1 || t === before || t.querySelector('.tick')) return false;
    // While htmx settles, the new elements still wear the old ones' classes (#hand.playing).
    if (t.classList.contains('htmx-settling')) return false;
    if (t.dataset.phase === 'over') return true;
    return !!t.querySelector(
      '#hand.playing, #hand.discarding, .decision form, .pacing button.primary');
  };
  const look = () => {
    const now = performance.now() - clickedAt;
    if (marks.shown === undefined && mine()) marks.shown = now;
    if (marks.answered === undefined && answered()) marks.answered = now;
    if (marks.replied === undefined && replied()) {
      marks.replied = now;
      observer.disconnect();
      resolve(marks);
    }
  };
  const observer = new MutationObserver(look);
  setTimeout(() => { observer.disconnect(); resolve(marks); }, 60000);
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
  const button = code === null
    ? [...document.querySelectorAll('#table button')].find(b => b.textContent.trim() === 'Discard')
    : document.querySelector(`#hand button[data-card="${code}"]`);
  button.click();
})"""


def start(page: Page, url: str, game: str) -> None:
    page.goto(url + "/")
    page.locator("#game-troccas" if game == "troccas" else "#game-danish-tarok").check()
    page.locator("input[name=difficulty][value=hard]").check(force=True)
    page.locator("input[name=speed][value=instant]").check(force=True)
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#table")


def measured_play(page: Page) -> dict[str, float] | None:
    """Click a legal card (not the Fool, whose lead asks a question) and time it."""
    codes = page.eval_on_selector_all(
        "#hand button.legal:not([disabled])", "bs => bs.map(b => b.dataset.card)"
    )
    choices = [code for code in codes if code != FOOL_CODE]
    if not choices:
        phase, _, version = state(page)
        page.locator("#hand button.legal:not([disabled])").first.click()
        page.wait_for_function(
            "v => Number(document.querySelector('#table').dataset.version) !== v"
            " || document.querySelector('#fool-question')",
            arg=version,
        )
        if page.locator("#fool-question").count():
            page.locator(".fool-prompt button.preset").click()
            wait_for_change(page, version, phase)
        return None
    marks: dict[str, float] = page.evaluate(WATCH, choices[0])
    return marks


def measured_discard(page: Page) -> dict[str, float]:
    size = 2 if page.locator("#table").get_attribute("data-game") == "troccas" else 3
    for _ in range(size):
        card = page.locator("#hand button.legal[aria-pressed='false']").first
        code = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(f"#hand button[data-card='{code}'][aria-pressed='true']")
    marks: dict[str, float] = page.evaluate(WATCH, None)
    return marks


def play_deal(
    page: Page, plays: list[dict[str, float]], discards: list[dict[str, float]], cards: int
) -> None:
    """Play the deal to its end, or until ``cards`` cards are timed."""
    for _ in range(400):
        if len(plays) >= cards:
            return
        settle(page)
        phase, turn, version = state(page)
        again = page.get_by_role("button", name="Continue", exact=True)
        if phase == "over":
            return
        if again.count():
            again.first.click()
            wait_for_change(page, version, phase)
        elif turn != "0":
            wait_for_change(page, version, phase, timeout=30000)
        elif phase == "discard":
            discards.append(measured_discard(page))
        elif phase == "play":
            marks = measured_play(page)
            if marks is not None:
                plays.append(marks)
        else:
            names = {"demand_fool": "Demand the Fool", "bob": "Call Bob"}
            page.get_by_role("button", name=names[phase]).click()
            wait_for_change(page, version, phase)
    raise RuntimeError("the deal did not end")


def figures(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"{label}: n={len(values)} p50={statistics.median(values):.0f} ms "
        f"p95={p95:.0f} ms max={ordered[-1]:.0f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2, help="deals per game (default 2)")
    parser.add_argument("--game", choices=["danish-tarok", "troccas", "both"], default="both")
    parser.add_argument("--cards", type=int, default=1000, help="stop after timing so many cards")
    args = parser.parse_args(argv)
    games = ["danish-tarok", "troccas"] if args.game == "both" else [args.game]
    plays: list[dict[str, float]] = []
    discards: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = Server(Path(data))
        server.start()
        browser: Any = None
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            for game in games:
                start(page, server.url, game)
                for deal in range(args.deals):
                    play_deal(page, plays, discards, args.cards)
                    print(f"{game} deal {deal + 1}: {len(plays)} cards timed", flush=True)
                    if len(plays) >= args.cards:
                        break
                    if deal + 1 < args.deals:
                        page.get_by_role("button", name="Next deal").click()
                        page.wait_for_selector("#table:not([data-phase=over])")
        finally:
            if browser is not None:
                browser.close()
            server.stop()
    for label, timed in (("card", plays), ("discard", discards)):
        shown = [m["shown"] for m in timed if "shown" in m]
        print(figures(f"{label}: click -> own move shown", shown))
        answered = [m["answered"] for m in timed if "answered" in m]
        print(figures(f"{label}: click -> the server's answer shown", answered))
        replied = [m["replied"] for m in timed if "replied" in m]
        print(figures(f"{label}: click -> computers' replies shown", replied))


if __name__ == "__main__":
    main()
