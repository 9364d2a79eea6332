"""Which step of the deal a response shows, and which one comes next.

The server applies the bots' moves as they are decided (``app.web.live.computers``); the pages
reveal them one at a time at the table's speed, and while one is still deciding the latest
frame says so (``Frame.thinking``) and the page polls for its move. From a frame the page
fetches the next one after a delay (a longer one when a trick was just completed, so its
winner can be seen), or waits for "Continue" at trick ends with "tap to continue", or stops at
the latest step. With JavaScript off no frame is fetched: each page shows the latest step.

One pause is part of the table's state, not of the page: after the Danish declarations the
person confirms with "Continue" (rules.md 2.5), so the table shows the step right after the
discard until they do, whatever the page or a reload asks for.
"""

from __future__ import annotations

from app.engine.cards import FOOL
from app.engine.deal import Phase
from app.engine.observation import Observation
from app.web.show.timeline import SPECTATOR, Timeline
from app.web.table.model import Table

DECISIONS = ("play", "discard", "fool", "demand_fool", "bob", "declarations")
"""The modes in which the viewer is to act."""


def declarations_pending(table: Table, timeline: Timeline, viewer: int) -> bool:
    """Whether the person at ``viewer`` has still to confirm this deal's declarations."""
    if viewer == SPECTATOR or timeline.last < 1 or table.has_acknowledged(viewer):
        return False
    return bool(timeline.observations[1].declarations)


def completes_trick(timeline: Timeline, step: int) -> bool:
    if step < 1:
        return False
    before, after = timeline.observations[step - 1], timeline.observations[step]
    return len(after.tricks) > len(before.tricks)


def next_stop(table: Table, timeline: Timeline, step: int) -> int:
    """The step to show after ``step``: the next one, or with "Instant" the next trick end
    (with "tap to continue") or the latest step."""
    if step >= timeline.last:
        return timeline.last
    if table.settings.delay_ms > 0:
        return step + 1
    if table.settings.tap_to_continue:
        for candidate in range(step + 1, timeline.last):
            if completes_trick(timeline, candidate):
                return candidate
    return timeline.last


def first_stop(table: Table, timeline: Timeline, step: int) -> int:
    """The first frame to show of a sequence that starts with step ``step``."""
    if table.settings.delay_ms > 0 or step >= timeline.last:
        return step
    if table.settings.tap_to_continue and completes_trick(timeline, step):
        return step
    return next_stop(table, timeline, step)


def asks_for_a_suit(obs: Observation) -> bool:
    """Whether the viewer may lead the Fool now and would then name its suit (rules.md 2.7c):
    the page may ask which before the card goes."""
    return obs.is_my_turn and obs.phase is Phase.PLAY and FOOL in obs.legal and obs.names_suit(FOOL)


def mode_of(obs: Observation, is_latest: bool, prompt: str | None, viewer: int) -> str:
    """What the frame asks of its viewer (``Frame.mode``)."""
    if obs.phase is Phase.OVER:
        return "over"
    if viewer == SPECTATOR or not is_latest or not obs.is_my_turn:
        return "wait"
    if obs.phase is Phase.PLAY:
        return "fool" if prompt == "fool" and asks_for_a_suit(obs) else "play"
    return obs.phase.value
