"""The poll that keeps every table's page live: a friends' table's, and a page waiting for a
computer's move.

Live updates are polled, not pushed: a page asks ``/poll?v=<version it shows>&p=<marks it
shows>&w=15`` and the server answers as soon as the table differs from that (the next frame),
or with 204 No Content after ``w`` seconds of no change; the page then asks again. Why
(long) polling rather than server-sent events: each answer depends only on the table's
version and marks, so the server keeps no connection state, and a restart, a sleeping laptop
or a dropped Wi-Fi needs no reconnect logic (the next poll simply works, and htmx keeps
polling); presence comes for free (a seat whose page stops asking is away); and it reuses the
paced frames of the game against the computer. A card reaches the other screens as soon as it
is played, and an idle table costs one request per page per 15 seconds. The waiting itself is
the poll bus's (``app.web.live.bus``).

In a game against the computers at "Instant" pacing (without "tap to continue") the page shows
the computers' moves at once, up to the latest, so a poll that finds the table moved on while
a computer is still to move holds its answer until they have all moved (the person's turn, or
the deal's end), ``HOLD_S`` at most: one answer, and one render, for the computers' whole
reply instead of one per move. The page shows the same: the latest step, and every move's
announcement. Not at a friends' table: there another person's move is shown at once.
"""

from __future__ import annotations

import time

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from app.web.http.reading import MAX_VERSION, address_number
from app.web.http.render import is_htmx, no_content
from app.web.routes.answers import Visit, key_of, page_of, respond, respond_lobby, respond_presence
from app.web.routes.deps import SiteDep, viewer_seen
from app.web.show.pacing import first_stop
from app.web.site import Site
from app.web.table.model import Table
from app.web.table.players import computer_to_move

router = APIRouter()

WAIT_SLICE = 1.0
"""A waiting poll looks every second whether its page is still there and who is present."""
MAX_WAIT = 20
ASKED_WAIT = 999
"""A poll may ask for up to this many seconds of waiting; it waits ``MAX_WAIT`` at most."""
HOLD_S = 1.0
"""At "Instant", how long a poll may hold a change while the computers are still moving, so
that it answers once for their whole reply (a slow computer's first moves show after this;
unloaded, the three Hard computers of Swiss Troccas reply well within it)."""
CATCH_UP = 2
"""A page more than this many tricks behind (a laptop waking up) jumps to the latest frame
instead of replaying every move at the table's pace. Two: the computers move after the answer
to a person's move, so the page that just showed it is soon up to almost two tricks behind
(the rest of that trick, and the next one up to the person's turn), and shows each move."""


@router.get("/tables/{table_id}/poll")
async def poll(
    request: Request,
    table_id: str,
    site: SiteDep,
    v: str | None = None,
    p: str = "",
    w: str | None = None,
) -> Response:
    """What the page should show next (the next paced frame, or the latest after a long
    absence) as soon as the table differs from what the page shows; 204 if it does not
    within ``w`` seconds (at most ``MAX_WAIT``)."""
    asked_version = address_number(v, "v", 0, MAX_VERSION)
    asked_wait = address_number(w, "w", 0, ASKED_WAIT)
    async with site.store.reading(table_id) as table:
        viewer = viewer_seen(request, site, table)
        site.computers.wake(table)  # after a restart: the computers' pending moves
    if not is_htmx(request):
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    wait = 0 if asked_wait is None else min(asked_wait, MAX_WAIT)
    bus, page = site.bus, page_of(request)
    shown = -1 if asked_version is None else asked_version
    if bus.answered_past(table_id, page, shown):
        return no_content()
    number = bus.begin_poll(table_id, page)
    try:
        changed = await changed_within(request, site, table_id, viewer, (shown, p), wait, number)
    finally:
        bus.end_poll(table_id, page, number)
    if not changed or bus.answered_past(table_id, page, shown):
        return no_content()
    async with site.store.reading(table_id) as table:
        visit = Visit(request, site, table, viewer)
        if not table.started:
            return respond_lobby(visit, visit.lobby())
        return next_frame(visit, shown, p)


async def looks(site: Site, table_id: str) -> tuple[int, str, bool]:
    """The table's version and presence marks now (taken fresh each time: the table in
    memory may have been read back from the database since the last look), and whether more
    computers' moves are coming that a page would show at once with this one (``moving``)."""
    async with site.store.reading(table_id) as table:
        return table.version, site.presence.marks(table), moving(table)


def moving(table: Table) -> bool:
    """Whether a computer is to move in a game against the computers whose page shows their
    moves at once (Instant, no tap to continue): its poll may then wait for the rest of their
    reply (the moves the page has not shown are all theirs: the person's own click was
    answered with the person's move)."""
    settings = table.settings
    if table.is_friends or settings.delay_ms > 0 or settings.tap_to_continue:
        return False
    return computer_to_move(table)


async def changed_within(
    request: Request,
    site: Site,
    table_id: str,
    viewer: int | None,
    shown: tuple[int, str],
    wait: float,
    number: int,
) -> bool:
    """Whether the table differs from what the page shows, waiting up to ``wait`` seconds;
    while the page waits it counts as present.

    A change the viewer made while this poll waited is not answered here: the viewer's own
    click gets the answer that shows it (answering twice would repeat the announcements).
    Nor does a poll answer once its page has polled again (its table was redrawn). A change
    of the version alone while the computers are still moving at Instant is held until they
    have all moved, ``HOLD_S`` at most (``moving``)."""
    deadline = time.monotonic() + wait
    version, marks, busy = await looks(site, table_id)
    began = version
    page = page_of(request)
    held_until: float | None = None
    while True:
        now = time.monotonic()
        if shown == (version, marks):
            left = deadline - now
            if left <= 0:
                return False
        elif busy and marks == shown[1]:
            if held_until is None:
                held_until = now + HOLD_S
            left = min(held_until, deadline) - now
            if left <= 0:
                break
        else:
            break
        if site.bus.is_superseded(table_id, page, number):
            return False
        if await request.is_disconnected():
            return False
        await site.bus.wait_change(table_id, min(WAIT_SLICE, left))
        site.presence.saw(table_id, viewer)
        version, marks, busy = await looks(site, table_id)
    return version == began or site.bus.last_change_by(table_id) != viewer


def next_frame(visit: Visit, shown: int, mark: str) -> Response:
    table = visit.table
    timeline = visit.site.timelines.of(table, key_of(visit.viewer))
    seen = timeline.step_of(shown)
    behind = timeline.last - seen if seen is not None else None
    if seen is None or behind is None or behind > CATCH_UP * len(timeline.names.seat_names):
        frame = visit.frame()
        return respond(visit, frame, oob=("innerHTML", frame.events))
    if behind == 0 and not visit.site.presence.redraw_needed(mark, table):
        return respond_presence(visit, visit.frame(), mark)
    if behind == 0:
        return respond(visit, visit.frame())
    step = first_stop(table, timeline, seen + 1)
    frame = visit.frame(step)
    return respond(visit, frame, oob=("beforeend", timeline.events_between(seen + 1, frame.step)))
