"""A step's events are worked out once and kept (``Timeline.told``), per language and names:
the deal log tells every step again with every answer, so keeping them must never show words
of another language, another seat's view or an old name."""

from __future__ import annotations

from app.i18n import use_language
from app.web.show.events import Event
from app.web.show.timeline import Timelines
from app.web.table.model import Table
from tests.web.factory import build_table, play_until


def moved_on() -> Table:
    """A Troccas table some tricks into its deal."""
    table, _ = build_table("troccas")
    assert play_until(table, lambda deal: len(deal.history) >= 12, seed=5)
    return table


def told(timelines: Timelines, table: Table, viewer: int = 0) -> list[list[Event]]:
    timeline = timelines.of(table, viewer)
    return [timeline.events_at(step) for step in range(1, timeline.last + 1)]


def test_a_kept_step_is_the_same_as_one_worked_out_afresh() -> None:
    table = moved_on()
    kept = Timelines()
    first = told(kept, table)
    assert first, "the computers have moved before the person's turn"
    assert told(kept, table) == first  # from what was kept
    assert told(Timelines(), table) == first  # worked out afresh


def test_each_language_is_told_in_its_own_words() -> None:
    table = moved_on()
    kept = Timelines()
    english = told(kept, table)
    with use_language("de"):
        german = told(kept, table)
        assert german == told(Timelines(), table)
    assert german != english
    assert told(kept, table) == english


def test_each_viewer_and_each_name_is_told_apart() -> None:
    table = moved_on()
    kept = Timelines()
    before = told(kept, table)
    assert told(kept, table, viewer=1) == told(Timelines(), table, viewer=1)
    table.seats[1].name = "Renamed Rosa"
    after = told(kept, table)
    assert after == told(Timelines(), table)
    if any(event.seat == 1 for events in before for event in events):
        assert any("Renamed Rosa" in event.text for events in after for event in events)
