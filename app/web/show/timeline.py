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
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.engine.actions import Action
from app.engine.deal import Deal
from app.engine.draw import Draw
from app.engine.observation import Observation, observe, observe_public
from app.engine.record import record_of, start
from app.i18n import N_, current_language, gettext
from app.web.http.words import seat_name
from app.web.show.events import Event, Names, draw_lines, payment_lines, step_events
from app.web.table.model import Fallback, Table
from app.web.table.players import LEVEL_LABELS
from app.web.table.programs import FAULT_SHORT, FAULT_WORDS

SPECTATOR = -1
"""The viewer key of someone without a seat: they see only what everyone may see."""
StepKey = tuple[int, str, tuple[object, ...]]
"""A step, the language and the viewer's names (``Names.key``) its events were told in."""
CACHE_SIZE = 256
"""Tables whose current deal is kept replayed."""


@dataclass(frozen=True, slots=True)
class Timeline:
    base: int
    """The table version at step 0 (the deal just dealt)."""
    observations: tuple[Observation, ...]
    """The viewer's observation after 0, 1, ... n actions."""
    actions: tuple[Action, ...]
    names: Names
    deal_number: int
    notes: dict[int, Event] = field(default_factory=dict)
    """Per step, a note that the fallback level made a program seat's decision."""
    drawn: Draw | None = None
    """The draw before the match (rules.md 2.1a, 3.1a), told before the first deal."""
    told: dict[StepKey, list[Event]] | None = None
    """The replay's events already worked out (``_Replay.told``), shared by its timelines."""

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
        key = (step, current_language(), self.names.key())
        events = None if self.told is None else self.told.get(key)
        if events is None:
            before, after = self.observations[step - 1], self.observations[step]
            events = step_events(before, after, self.actions[step - 1], self.names)
            if self.told is not None:
                self.told[key] = events
        note = self.notes.get(step)
        return list(events) if note is None else [note, *events]

    def opening(self) -> list[Event]:
        first = self.observations[0]
        text = self.names.tell(
            first.dealer,
            N_("Deal %(number)s: You deal."),
            N_("Deal %(number)s: %(seat)s deals."),
            number=self.deal_number,
        )
        events = draw_lines(self.drawn, self.names) if self.drawn and self.deal_number == 1 else []
        events.append(Event("deal", text, first.dealer))
        lines = payment_lines(list(first.ledger), self.names)
        events.extend(Event("payment", line) for line in lines)
        return events

    def last_action_of(self, seat: int, upto: int) -> int:
        """The step at which ``seat`` last acted, at or before ``upto``; 0 if it has not."""
        return last_step_of(self.actions, seat, upto)

    def events_between(self, first: int, last: int) -> list[Event]:
        """The events of steps ``first`` to ``last`` inclusive."""
        events: list[Event] = []
        for step in range(first, last + 1):
            events.extend(self.events_at(step))
        return events

    def since_viewer(self, upto: int) -> list[Event]:
        """Everything since the viewer's last action (that action included), up to ``upto``;
        for a spectator, the last round of moves."""
        if self.names.viewer == SPECTATOR:
            return self.events_between(max(0, upto - len(self.names.seat_names) + 1), upto)
        return self.events_between(self.last_action_of(self.names.viewer, upto), upto)


def last_step_of(actions: Sequence[Action], seat: int, upto: int) -> int:
    """The step (1 for the first action) at which ``seat`` last acted, at or before ``upto``;
    0 if it has not."""
    for step in range(min(upto, len(actions)), 0, -1):
        if actions[step - 1].seat == seat:
            return step
    return 0


def observe_as(deal: Deal, viewer: int) -> Observation:
    """A seat's view, or a spectator's (laid out from seat 0)."""
    return observe_public(deal) if viewer == SPECTATOR else observe(deal, viewer)


@dataclass
class _Replay:
    """One table's current deal replayed step by step, with every viewer's observations.

    Extended by the new actions when the table moves on, so a frame costs one replayed action
    per new step rather than a replay of the whole deal."""

    table_version: int
    deal_number: int
    base: int
    deal: Deal
    seen: dict[int, list[Observation]]
    told: dict[StepKey, list[Event]] = field(default_factory=dict)
    """Each step's events as told to a viewer in a language (the deal log tells them all
    again with every answer): a step's events never change once it is played."""

    @property
    def actions(self) -> list[Action]:
        return self.deal.history

    def extend(self, actions: list[Action]) -> None:
        for action in actions[len(self.deal.history) :]:
            self.deal.apply(action)
            for viewer, seen in self.seen.items():
                seen.append(observe_as(self.deal, viewer))


def _replay_of(deal: Deal, table: Table) -> _Replay:
    record = record_of(deal)
    replayed = start(record)
    viewers = [*range(deal.seat_count), SPECTATOR]
    entry = _Replay(
        table.version,
        table.deal_number,
        table.deal_base,
        replayed,
        {viewer: [observe_as(replayed, viewer)] for viewer in viewers},
    )
    entry.extend(deal.history)  # the actions that stand: a take back's undone ones are gone
    return entry


def _fits(entry: _Replay, table: Table, deal: Deal) -> bool:
    """Whether the cached replay is a beginning of the table's current deal."""
    done = len(entry.actions)
    return (
        entry.deal_number == table.deal_number
        and entry.base == table.deal_base
        and done <= len(deal.history)
        and (done == 0 or deal.history[done - 1] == entry.actions[-1])
    )


class Timelines:
    """The current deal of the most recently shown tables, replayed step by step (one app's;
    frames are rendered on the event loop and hints in worker threads, so it takes a lock).

    A cached replay is used only while it is a beginning of the table's current deal
    (``_fits``): a table read back from the database after a failed action, whose deal is
    shorter or went another way since, is replayed afresh, so nothing needs to tell the cache
    that a table was reloaded."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._cache: OrderedDict[str, _Replay] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, table: Table, viewer: int = 0) -> Timeline:
        """The current deal's timeline for ``viewer`` (a seat, or ``SPECTATOR``)."""
        deal = table.match.deal
        assert deal is not None
        with self._lock:
            entry = self._cache.get(table.id)
            if entry is None or not _fits(entry, table, deal):
                entry = _replay_of(deal, table)
                self._cache[table.id] = entry
            elif entry.table_version != table.version:
                entry.extend(deal.history)
            entry.table_version = table.version
            self._cache.move_to_end(table.id)
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
            seen = tuple(entry.seen[viewer])
            actions = tuple(entry.actions)
        names = Names(viewer_names(table, viewer), viewer, deal.options.chicks_rule)
        notes = fallback_notes(table, actions)
        drawn = table.match.drawn
        return Timeline(
            entry.base, seen, actions, names, entry.deal_number, notes, drawn, entry.told
        )


def fallback_notes(table: Table, actions: tuple[Action, ...]) -> dict[int, Event]:
    """The steps at which a program's fallback decided, told once per run of the same fault
    (a program that stays silent is not announced at every card)."""
    noted = table.current_fallbacks()
    notes: dict[int, Event] = {}
    for step, fallback in sorted(noted.items()):
        previous = last_step_of(actions, fallback.seat, step - 1)
        if previous in noted and noted[previous].fault == fallback.fault:
            continue
        notes[step] = Event("fallback", fallback_text(table, fallback), fallback.seat)
    return notes


def latest_fallback(table: Table, seat: int, step: int) -> Fallback | None:
    """The fallback's decision if it made ``seat``'s latest decision up to ``step``."""
    deal = table.match.deal
    noted = table.current_fallbacks()
    if deal is None or not noted:
        return None
    found = noted.get(last_step_of(deal.history, seat, step))
    return found if found is not None and found.seat == seat else None


def standing_in_text(table: Table, fallback: Fallback) -> str:
    """The seat's note while the fallback decides for its program."""
    place = table.seats[fallback.seat]
    level = LEVEL_LABELS.get(place.level or "", place.level or N_("The computer"))
    why = FAULT_SHORT.get(fallback.fault, N_("no move"))
    return gettext("%(level)s plays for it (%(why)s)") % {"level": level, "why": why}


def fallback_text(table: Table, fallback: Fallback) -> str:
    place = table.seats[fallback.seat]
    level = LEVEL_LABELS.get(place.level or "", place.level or N_("the computer"))
    words = FAULT_WORDS.get(fallback.fault, N_("could not decide"))
    return gettext("%(seat)s’s program “%(program)s” %(words)s: %(level)s decides for it.") % {
        "seat": seat_name(place.name),
        "program": place.program,
        "words": words,
        "level": level,
    }


def viewer_names(table: Table, viewer: int) -> list[str]:
    """The seats' names as ``viewer`` reads them: their own seat is "You"."""
    names = [seat.name for seat in table.seats]
    if table.is_friends and 0 <= viewer < len(names):
        names[viewer] = "You"
    return names
