"""The current deal step by step, as one seat sees it: the frames the pages reveal in turn.

The table keeps only the match; the deal's record replayed action by action gives the seat's
observation after each step (``observe`` is the only view a page gets, so a frame can show no
more than its seat may know). The pages use it to reveal the bots' moves one at a time and to
tell the announcements since the viewer's last action. A timeline is cached per table until
the table's version moves on.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from app.engine.actions import Action
from app.engine.deal import Deal
from app.engine.observation import Observation, observe
from app.engine.record import record_of, start
from app.web.events import Event, Names, payment_lines, step_events
from app.web.tables import Table

CACHE_SIZE = 256


@dataclass(frozen=True)
class Timeline:
    base: int
    """The table version at step 0 (the deal just dealt)."""
    observations: tuple[Observation, ...]
    """The viewer's observation after 0, 1, ... n actions."""
    actions: tuple[Action, ...]
    names: Names
    deal_number: int

    @property
    def last(self) -> int:
        return len(self.actions)

    def step_of(self, version: int) -> int | None:
        """The step shown at ``version``, or None if that version is not of this deal."""
        step = version - self.base
        return step if 0 <= step <= self.last else None

    def events_at(self, step: int) -> list[Event]:
        """What step ``step`` showed (step 0: the deal and its opening payments)."""
        if step == 0:
            return self.opening()
        before, after = self.observations[step - 1], self.observations[step]
        return step_events(before, after, self.actions[step - 1], self.names)

    def opening(self) -> list[Event]:
        first = self.observations[0]
        dealer = self.names.says(first.dealer, "deal", "deals")
        events = [Event("deal", f"Deal {self.deal_number}: {dealer}.", first.dealer)]
        lines = payment_lines(list(first.ledger), self.names)
        events.extend(Event("payment", line) for line in lines)
        return events

    def last_action_of(self, seat: int, upto: int) -> int:
        """The step at which ``seat`` last acted, at or before ``upto``; 0 if it has not."""
        for step in range(upto, 0, -1):
            if self.actions[step - 1].seat == seat:
                return step
        return 0

    def events_between(self, first: int, last: int) -> list[Event]:
        """The events of steps ``first`` to ``last`` inclusive."""
        events: list[Event] = []
        for step in range(first, last + 1):
            events.extend(self.events_at(step))
        return events

    def since_viewer(self, upto: int) -> list[Event]:
        """Everything since the viewer's last action (that action included), up to ``upto``."""
        return self.events_between(self.last_action_of(self.names.viewer, upto), upto)


def build(deal: Deal, base: int, names: Names, deal_number: int) -> Timeline:
    record = record_of(deal)
    replayed = start(record)
    seen = [observe(replayed, names.viewer)]
    for action in record.actions:
        replayed.apply(action)
        seen.append(observe(replayed, names.viewer))
    return Timeline(base, tuple(seen), tuple(record.actions), names, deal_number)


_cache: OrderedDict[tuple[str, int], tuple[int, Timeline]] = OrderedDict()
_cache_lock = threading.Lock()
"""Frames are rendered on the event loop, hints in a worker thread: both use the cache."""


def timeline_of(table: Table, viewer: int = 0) -> Timeline:
    """The current deal's timeline for ``viewer`` (cached until the table changes)."""
    key = (table.id, viewer)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None and cached[0] == table.version:
            _cache.move_to_end(key)
            return cached[1]
    deal = table.match.deal
    assert deal is not None
    names = Names([seat.name for seat in table.seats], viewer, deal.options.chicks_rule)
    timeline = build(deal, table.deal_base, names, table.deal_number)
    with _cache_lock:
        _cache[key] = (table.version, timeline)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return timeline


def forget(table_id: str) -> None:
    """Drop a table's cached timelines (after a failed action reloads the table)."""
    with _cache_lock:
        for key in [key for key in _cache if key[0] == table_id]:
            del _cache[key]
