"""Which step of the deal a response shows, which one comes next, and the frame made of it.

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

from app.bots.words import sentence
from app.engine.actions import Discard, PlayCard
from app.engine.cards import FOOL, code, display_name
from app.engine.deal import Phase
from app.engine.observation import Observation
from app.i18n import gettext
from app.web.http.words import say
from app.web.show.cards import CardView
from app.web.show.frame import Frame
from app.web.show.summary import build_summary
from app.web.show.tableview import table_view
from app.web.show.timeline import SPECTATOR, Timeline, latest_fallback, standing_in_text
from app.web.table.model import Table
from app.web.table.moves import play_limits
from app.web.table.players import computer_to_move, hint_for


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


# ------------------------------------------------------------------ the frame at a step


def make_frame(
    table: Table,
    timeline: Timeline,
    step: int | None = None,
    *,
    message: str | None = None,
    message_kind: str = "info",
    prompt: str | None = None,
    hint: bool = False,
    presence: tuple[bool | None, ...] = (),
) -> Frame:
    """The frame at ``step`` of the current deal (the latest when None), as the viewer of
    ``timeline`` (a seat, or ``SPECTATOR``) sees it; ``presence`` is who is connected at a
    friends' table."""
    viewer = timeline.names.viewer
    last = timeline.last
    step = last if step is None else max(0, min(step, last))
    if declarations_pending(table, timeline, viewer) and step >= 1:
        step = 1
        mode = "declarations"
    else:
        mode = mode_of(timeline.observations[step], step == last, prompt, viewer)
    obs = timeline.observations[step]
    frame = Frame(
        table=table_view(table, discarding=mode == "discard"),
        obs=obs,
        viewer=None if viewer == SPECTATOR else viewer,
        names=timeline.names.seat_names,
        version=table.version if mode == "declarations" else timeline.base + step,
        step=step,
        is_latest=step == last,
        mode=mode,
        events=timeline.since_viewer(step),
        deal_events=timeline.events_between(0, step),
        message=message,
        message_kind=message_kind,
        presence=presence,
        standing_in_texts=_standing_in(table, step),
    )
    if mode not in ("declarations", "over") and step < last:
        _schedule(frame, table, timeline)
    frame.thinking = mode == "wait" and step == last and computer_to_move(table)
    if viewer != SPECTATOR and mode != "declarations":
        frame.take_back = take_back_card(table, viewer)
    if mode == "play":  # the latest step: the table's deal is the frame's
        limits = play_limits(table, viewer)
        frame.barred, frame.binding = limits.barred, limits.binding
    if mode == "over" and step == last:
        frame.summary = build_summary(obs, table.match, timeline.names)
    if hint and frame.is_latest and table.settings.hints:
        _add_hint(frame, table)
    return frame


def take_back_card(table: Table, seat: int) -> CardView | None:
    """The card ``seat`` may take back now: against the computer, their last card play that
    stands while the deal runs (the latest state, whichever step the page shows; a card once
    played is on the table for everyone, so naming it reveals nothing)."""
    deal = table.match.deal
    if table.is_friends or deal is None or table.take_back_version(seat) is None:
        return None
    card = deal.check_take_back(seat)
    return CardView(code(card), say(display_name(card)))


def _standing_in(table: Table, step: int) -> tuple[str, ...]:
    """Per seat, the note that the fallback level decided for its program at its latest
    decision up to ``step`` ("" for the others)."""
    texts = []
    for seat, place in enumerate(table.seats):
        fallback = latest_fallback(table, seat, step) if place.program is not None else None
        texts.append(standing_in_text(table, fallback) if fallback is not None else "")
    return tuple(texts)


def _schedule(frame: Frame, table: Table, timeline: Timeline) -> None:
    step = frame.step
    frame.next_version = timeline.base + next_stop(table, timeline, step)
    trick_end = completes_trick(timeline, step)
    frame.tap = trick_end and table.settings.tap_to_continue
    frame.delay_ms = table.settings.delay_ms * (2 if trick_end else 1)


def _add_hint(frame: Frame, table: Table) -> None:
    found = hint_for(table, frame.obs)
    if found is None:
        frame.hint = gettext("No hint is available just now.")
        return
    action, reason = found
    if isinstance(action, PlayCard):
        frame.hinted = (action.card,)
    elif isinstance(action, Discard):
        frame.hinted = action.cards
    frame.hint = gettext("Hint: %(hint)s") % {"hint": say(sentence(action, reason))}
