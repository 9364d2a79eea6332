"""Cards that move (static/js/motion.js): a played card travels to the trick, a finished trick
gathers to its winner; at the table's speed, never at Instant or under reduced motion, and
without shifting the page's layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.cards import FOOL
from app.engine.deal import Deal, Phase
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, sit_at
from tests.e2e.driver import settle, state, wait_for_change
from tests.web.factory import build_table, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

WATCH = """
window.motion = { animations: 0, shift: 0, shifts: [], jumps: [] };
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.closest('#trick, #motion-layer')) window.motion.animations += 1;
  return animate.apply(this, args);
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const moved = (entry.sources || []).map((source) => source.node)
      .map((node) => (node && node.nodeType !== 1 ? node.parentElement : node));
    if (moved.length && moved.every((node) => node && node.closest('.side'))) continue;
    window.motion.shift += entry.value;
    window.motion.shifts.push([entry.value, (entry.sources || []).map((source) => {
      const text = source.node && source.node.nodeType !== 1;
      const node = text ? source.node.parentElement : source.node;
      const name = node ? node.tagName + '#' + node.id + '.' + node.className : '?';
      const [a, b] = [source.previousRect, source.currentRect];
      return name + ' ' + [a.x, a.y, a.width, a.height] + ' -> ' + [b.x, b.y, b.width, b.height];
    })]);
  }
}).observe({ type: 'layout-shift', buffered: true });
const LANDMARKS = '#trick, .felt .seat, .mine-head, #hand';
function landmarks() {
  const found = {};
  document.querySelectorAll(LANDMARKS).forEach((element, index) => {
    const box = element.getBoundingClientRect();
    const key = (element.id || element.className) + '#' + index;
    found[key] = [box.left, box.top, box.width, box.height];
  });
  return found;
}
let before = null;
document.addEventListener('htmx:beforeSwap', () => { before = landmarks(); });
document.addEventListener('htmx:afterSwap', () => {
  const after = landmarks();
  for (const key of Object.keys(before || {})) {
    if (!(key in after)) continue;
    const moved = before[key].map((value, i) => Math.abs(after[key][i] - value));
    if (moved[1] > 1 || moved[3] > 1) window.motion.jumps.push([key, ...moved]);
  }
});
"""
"""Counts the animations started on the trick's cards (and the gathering copies); adds up every
layout shift but those of the side column alone (the log grows as moves are announced),
those right after a click too, which the CLS metric leaves out; and, since a
redraw replaces #table whole (new elements never count as shifted), notes every time the
trick, a seat panel, the person's seat row or the hand moves up or down or changes height
across a redraw, as the redraw leaves it (htmx settles the classes a moment later). A panel
may change its width with its text ("1 trick", "2 tricks")."""

GATHERING = """(earlier) => {
  const copies = [...document.querySelectorAll('#motion-layer .motion-ghost')]
    .filter((copy) => !earlier.has(copy));
  if (!copies.length) return null;
  return copies.map((copy) => {
    const frames = copy.getAnimations()[0].effect.getKeyframes();
    const [, dx, dy] = /translate\\((-?[\\d.e-]+)px, (-?[\\d.e-]+)px\\)/
      .exec(frames[frames.length - 1].transform);
    const x = parseFloat(copy.style.left) + parseFloat(copy.style.width) / 2;
    const y = parseFloat(copy.style.top) + parseFloat(copy.style.height) / 2;
    return [x + Number(dx), y + Number(dy)];
  });
}"""
"""Where the copies of a gathering trick's cards are going (the centres they end at), less the
``earlier`` copies (those of a trick gathered before, which may still be on their way)."""

SET_OUT = """(card) => {
  const trick = document.querySelector('#trick');
  const frames = card.getAnimations()[0].effect.getKeyframes();
  const [, dx, dy] = /translate\\((-?[\\d.e-]+)px, (-?[\\d.e-]+)px\\)/.exec(frames[0].transform);
  const box = trick.getBoundingClientRect();
  const x = box.left + trick.clientLeft + card.offsetLeft + card.offsetWidth / 2;
  const y = box.top + trick.clientTop + card.offsetTop + card.offsetHeight / 2;
  return { seat: card.dataset.seat, from: [x + Number(dx), y + Number(dy)],
           transform: getComputedStyle(card).transform };
}"""
"""Where a card on its way to the trick set out from (its centre), whose it is, and its
transform now. The way the person's card and the computers' come in (FIRST_FLIGHT)."""

FIRST_FLIGHT = f"""() => {{
  Object.assign(window, {{ firstFlight: null, landed: null, firstReply: null,
    trickWinner: null, trickGathering: null }});
  document.addEventListener('trionfi:played', () => {{
    const card = document.querySelector('#trick .played.sent');
    const mine = card && card.dataset.card;
    const flight = card && card.getAnimations()[0];
    window.firstFlight = flight
      ? {{ ...({SET_OUT})(card), code: mine,
          gathering: document.querySelectorAll('#motion-layer .motion-ghost').length }}
      : {{ code: mine, transform: 'none' }};
    (flight ? flight.finished : Promise.resolve()).then(() => {{
      window.landed = {{ inTrick: !!document.querySelector(`#trick [data-card="${{mine}}"]`) }};
    }});
    let earlier = new Set();  // the copies of the trick that was on the table before
    const note = () => {{
      const trick = document.querySelector('#trick');
      if (!trick || !trick.querySelector(`[data-card="${{mine}}"]`)) return;
      const reply = [...trick.querySelectorAll('.played')]
        .find((c) => c.dataset.card !== mine && c.getAnimations().length > 0);
      if (reply && !window.firstReply) window.firstReply = ({SET_OUT})(reply);
      const won = trick.classList.contains('finished') && trick.querySelector('.played.winner');
      if (won && !window.trickWinner) {{
        window.trickWinner = won.dataset.seat;
        earlier = new Set(document.querySelectorAll('#motion-layer .motion-ghost'));
      }}
    }};
    const gathered = () => {{
      if (!window.trickWinner || window.trickGathering) return;
      try {{ window.trickGathering = ({GATHERING})(earlier); }} catch (error) {{ /* not yet */ }}
    }};
    new MutationObserver(() => {{ note(); gathered(); }}).observe(document.body,
      {{ subtree: true, childList: true, attributes: true, attributeFilter: ['class'] }});
  }}, {{ once: true }});
}}"""
"""Notes, as they happen, the person's card as it sets out (in the same task as the click:
static/js/motion.js has set it moving by then) and where it lands, the first computer's card
as it sets out, the seat that wins the trick and where its cards gather. At Normal pacing each
of these passes in a moment (a computer that wins the trick leads again at once, and its lead
gathers the trick), and on a slow machine the server's answer may already have redrawn the
table: the test reads what was noted rather than hoping to look at the right moment."""

PLAYABLE = "#hand button.legal:not([disabled]):not([data-card='FOOL'])"


def person_leads_after_a_trick(deal: Deal) -> bool:
    """The person leads, a finished trick on the table, with a card other than the Fool."""
    return (
        deal.phase is Phase.PLAY
        and deal.turn == 0
        and not deal.trick
        and len(deal.tricks) >= 2
        and any(card != FOOL for card in deal.legal_cards())
    )


def motion(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("window.motion")
    return found


SETTLED_BOX = """(selector) => new Promise((resolve) => {
  const started = performance.now();
  const measure = () => {
    const inHand = document.activeElement && document.activeElement.closest('#hand');
    if (!inHand && performance.now() - started < 1500) return requestAnimationFrame(measure);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const box = document.querySelector(selector).getBoundingClientRect();
      resolve({ x: box.x, y: box.y, width: box.width, height: box.height });
    }));
  };
  measure();
})"""
"""Where the first element matching ``selector`` is once the page has settled: the table's
autofocus has put focus in the hand (which may scroll the page or the hand) and two frames
have passed; measured before that, a card could move between the measure and the click."""


def settled_box(page: Any, selector: str) -> dict[str, float]:
    page.locator(selector).first.scroll_into_view_if_needed()
    box: dict[str, float] = page.evaluate(SETTLED_BOX, selector)
    return box


def laid_out_box(page: Any, selector: str) -> dict[str, float]:
    """The element's box; a live update may be swapping the table at the instant it is
    asked (the box is then None for a frame), so it is asked again."""
    for _ in range(100):
        box: dict[str, float] | None = page.locator(selector).first.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(20)
    raise AssertionError(f"{selector} was never laid out")


def play_first_card(page: Any) -> str:
    card = page.locator(PLAYABLE).first
    code: str = card.get_attribute("data-card")
    card.click()
    return code


@pytest.mark.parametrize(
    ("game", "size", "speed"),
    [
        ("danish-tarok", "phone", "normal"),
        ("danish-tarok", "desktop", "normal"),
        ("troccas", "phone", "normal"),
        ("troccas", "desktop", "fast"),
    ],
)
def test_a_played_card_travels_and_the_trick_gathers(
    open_tab: Opener, server: Server, game: str, size: str, speed: str
) -> None:
    table, token = build_table(game, settings=TableSettings(speed=speed), level="easy")
    assert play_until(table, person_leads_after_a_trick, keep_fool=True)
    save(table, server.data_dir)
    tab = open_tab(size)
    page = tab.page
    page.add_init_script(WATCH)
    sit_at(tab, server, table.id, token)
    assert page.locator("#trick.finished .played.winner").count() == 1
    before = motion(page)["shift"]

    button = settled_box(page, PLAYABLE)
    page.evaluate(FIRST_FLIGHT)
    code = play_first_card(page)
    flying = page.wait_for_function("() => window.firstFlight").json_value()
    assert flying["code"] == code
    assert flying["transform"] != "none"  # on its way: moved by a transform, not by the layout
    assert abs(flying["from"][0] - (button["x"] + button["width"] / 2)) < 2, (flying, button)
    assert abs(flying["from"][1] - (button["y"] + button["height"] / 2)) < 2, (flying, button)
    # The finished trick that was on the table gathers to its winner meanwhile.
    assert flying["gathering"] >= 3
    tab.shot(f"motion-{game}-{speed}-card-in-flight")
    assert page.wait_for_function("() => window.landed").json_value() == {"inTrick": True}

    # The computers answer: their cards come from their seat panels.
    reply = page.wait_for_function("() => window.firstReply", timeout=20_000).json_value()
    panel = laid_out_box(page, f"#seat-{reply['seat']}")
    assert reply["seat"] != "0"
    assert abs(reply["from"][0] - (panel["x"] + panel["width"] / 2)) < 2, (reply, panel)
    assert abs(reply["from"][1] - (panel["y"] + panel["height"] / 2)) < 2, (reply, panel)

    # The trick is won; when the next lead comes, its cards gather to the winner's seat panel.
    winner = page.wait_for_function("() => window.trickWinner", timeout=20_000).json_value()
    if winner == "0":  # the person leads the next trick: their card brings the gathering
        settle(page)
        play_first_card(page)
    targets = page.wait_for_function("() => window.trickGathering", timeout=20_000).json_value()
    tab.shot(f"motion-{game}-{speed}-trick-gathering")
    panel = laid_out_box(page, f"#seat-{winner}")
    centre = (panel["x"] + panel["width"] / 2, panel["y"] + panel["height"] / 2)
    assert len(targets) >= 3
    for x, y in targets:
        assert abs(x - centre[0]) < 2, (targets, centre)
        assert abs(y - centre[1]) < 2, (targets, centre)
    settle(page)
    page.wait_for_function("() => !document.querySelector('#motion-layer .motion-ghost')")

    watched = motion(page)
    assert watched["animations"] >= 3
    assert watched["shift"] - before < 0.01, watched["shifts"]
    assert not watched["jumps"], watched["jumps"]
    assert page.locator(f"#trick [data-card='{code}'], #last-trick [data-card='{code}']").count()


@pytest.mark.parametrize("how", ["instant", "reduced-motion"])
def test_nothing_moves_at_instant_or_with_reduced_motion(
    open_tab: Opener, server: Server, how: str
) -> None:
    speed = "instant" if how == "instant" else "normal"
    table, token = build_table(settings=TableSettings(speed=speed), level="easy")
    assert play_until(table, person_leads_after_a_trick, keep_fool=True)
    save(table, server.data_dir)
    tab = open_tab("desktop")
    page = tab.page
    if how == "reduced-motion":
        page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH)
    sit_at(tab, server, table.id, token)

    # From the click on: a page still loading may lay out a half-read hand first (seen once
    # under load: a card drawn alone in the middle of a row, then in its place).
    before = motion(page)["shift"]
    phase, _, version = state(page)
    code = play_first_card(page)
    wait_for_change(page, version, phase)
    settle(page)
    assert page.locator(f"#trick [data-card='{code}'], #last-trick [data-card='{code}']").count()
    assert page.locator("#motion-layer .motion-ghost").count() == 0
    watched = motion(page)
    assert watched["animations"] == 0
    assert watched["shift"] - before < 0.01, watched["shifts"]
    assert not watched["jumps"], watched["jumps"]
