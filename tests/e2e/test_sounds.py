"""Sounds at the table (static/js/sounds.js): off by default and remembered; once on, a card
played, a trick won and the person's turn each sound (Web Audio, stubbed here: the test
counts the tones the page starts and the sounds it announces)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine.deal import Phase
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, sit_at
from tests.e2e.driver import play_card, settle
from tests.web.factory import build_table, person_to, play_until, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

STUB = """
window.heard = { contexts: 0, tones: [], kinds: [] };
class FakeParam {
  setValueAtTime() {}
  exponentialRampToValueAtTime() {}
}
class FakeNode {
  constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect(node) { return node; }
  start() { window.heard.tones.push(this.type); }
  stop() {}
}
class FakeAudioContext {
  constructor() { window.heard.contexts += 1; this.state = 'running'; this.destination = {}; }
  get currentTime() { return 0; }
  createOscillator() { return new FakeNode(); }
  createGain() { return new FakeNode(); }
  resume() { return Promise.resolve(); }
}
window.AudioContext = FakeAudioContext;
window.webkitAudioContext = FakeAudioContext;
document.addEventListener('trionfi:sound', (e) => window.heard.kinds.push(e.detail.kind));
"""
"""An AudioContext that makes no sound: it counts the contexts made, the tones started and
the sounds the page announced."""


def heard(tab: Tab) -> dict[str, Any]:
    result: dict[str, Any] = tab.page.evaluate("() => window.heard")
    return result


def at_table(open_tab: Opener, server: Server, size: str = "desktop") -> Tab:
    """The person's turn in the first trick, the computers at a pace that shows each move."""
    table, token = build_table(settings=TableSettings(speed="fast"), level="easy")
    assert play_until(table, person_to(Phase.PLAY), keep_fool=True)
    save(table, server.data_dir)
    tab = open_tab(size)
    tab.page.add_init_script(STUB)
    sit_at(tab, server, table.id, token)
    return tab


def play_round(tab: Tab) -> None:
    """Play a card and wait until it is the person's turn again (the trick it went to is
    finished by then)."""
    play_card(tab.page)
    tab.page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t && t.dataset.turn === '0' && t.dataset.phase === 'play'; }",
        timeout=30000,
    )
    settle(tab.page)


def test_sounds_are_off_by_default_and_make_no_audio(open_tab: Opener, server: Server) -> None:
    tab = at_table(open_tab, server)
    box = tab.page.locator("#sounds")
    assert box.is_visible()
    assert not box.is_checked()
    assert tab.page.get_by_label("Sounds").count() == 1
    play_round(tab)
    assert heard(tab) == {"contexts": 0, "tones": [], "kinds": []}
    assert tab.page.locator("#turn-sound").count() == 0  # the older turn sound is gone
    tab.shot("sounds-off")


def test_sounds_once_on_are_remembered_and_sound_a_card_a_trick_and_your_turn(
    open_tab: Opener, server: Server
) -> None:
    tab = at_table(open_tab, server, "phone")
    page = tab.page
    page.locator("#sounds").check()
    assert heard(tab)["contexts"] == 1  # made at the click: the gesture browsers ask for
    page.reload()
    page.wait_for_selector("#table")
    page.wait_for_load_state("load")
    assert page.locator("#sounds").is_checked()
    assert page.evaluate("() => localStorage.getItem('trionfi-sounds')") == "on"
    assert heard(tab)["kinds"] == []  # a reload sounds nothing by itself
    play_round(tab)
    # The page may pause between two revealed moves (a frame swapped, the next not yet asked
    # for): the round is over for the ear when the person's turn has sounded.
    page.wait_for_function("() => window.heard.kinds.includes('turn')", timeout=30000)
    settle(page)
    kinds = heard(tab)["kinds"]
    assert kinds[0] == "card"  # the person's own, at the click
    assert kinds.count("card") >= 3  # and each computer's
    assert "trick" in kinds
    assert kinds[-1] == "turn"
    assert kinds.count("turn") == 1
    assert len(heard(tab)["tones"]) >= len(kinds)
    page.locator("#sounds").scroll_into_view_if_needed()
    tab.shot("sounds-on")
    # Off again: remembered off, and silent.
    page.locator("#sounds").uncheck()
    page.reload()
    page.wait_for_selector("#table")
    page.wait_for_load_state("load")
    assert not page.locator("#sounds").is_checked()
    play_round(tab)
    assert heard(tab)["kinds"] == []


def test_without_javascript_the_sounds_checkbox_stays_hidden(
    open_tab: Opener, server: Server
) -> None:
    table, token = build_table()
    save(table, server.data_dir)
    tab = open_tab("desktop", javascript=False)
    sit_at(tab, server, table.id, token)
    assert tab.page.locator("#sounds").count() == 1
    assert not tab.page.locator("#sounds").is_visible()
