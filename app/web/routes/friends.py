"""Friends' tables: create one, find it by its code, take a seat, start, hand an absent
person's seat to a computer player and back, end the match; the list of tables; and the poll
that keeps every page live.

Live updates are polled, not pushed: a page asks ``/poll?v=<version it shows>&p=<marks it
shows>&w=15`` and the server answers as soon as the table differs from that (the next frame),
or with 204 No Content after ``w`` seconds of no change; the page then asks again. Why
(long) polling rather than server-sent events: each answer depends only on the table's
version and marks, so the server keeps no connection state, and a restart, a sleeping laptop
or a dropped Wi-Fi needs no reconnect logic (the next poll simply works, and htmx keeps
polling); presence comes for free (a seat whose page stops asking is away); and it reuses the
paced frames of the game against the computer. A card reaches the other screens as soon as it
is played, and an idle table costs one request per page per 15 seconds.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from app.web import forms, listing, lobby, runner
from app.web.actions import Refused
from app.web.deps import (
    Problem,
    ProgramsDep,
    StoreDep,
    find_table,
    recent_tables,
    remember_table,
    require_person,
    set_seat_cookie,
)
from app.web.frames import first_stop
from app.web.limits import limit_creation, limit_lookup
from app.web.presence import presence
from app.web.programs import ProgramPool
from app.web.render import is_htmx, no_content, render
from app.web.runner import default_level
from app.web.store import TableStore
from app.web.tables import Table, new_code, normal_code
from app.web.timeline import timeline_of
from app.web.viewing import (
    Lobby,
    frame_for,
    key_of,
    page_of,
    respond,
    respond_lobby,
    respond_presence,
    view_response,
    viewer_seen,
)

log = logging.getLogger(__name__)
router = APIRouter()

WAIT_SLICE = 1.0
"""A waiting poll looks every second whether its page is still there and who is present."""
MAX_WAIT = 20
CATCH_UP = 1
"""A page more than this many tricks behind (a laptop waking up) jumps to the latest frame
instead of replaying every move at the table's pace."""


async def read_form(request: Request) -> FormData:
    try:
        return await request.form(max_files=0, max_fields=40)
    except Exception:
        return FormData()


# ------------------------------------------------------------------ creating and finding


@router.post("/friends", dependencies=[Depends(limit_creation)])
async def create(request: Request, store: StoreDep, programs: ProgramsDep) -> Response:
    form = await read_form(request)
    try:
        setup = forms.friends_setup(form, programs.names)
    except forms.BadForm as error:
        message = f"The table was not created: {error}."
        raise Problem(400, "Cannot create the table", message) from None
    table, token = lobby.new_friends_table(setup, unused_code(store))
    store.add(table)
    response = RedirectResponse(f"/tables/{table.id}", status_code=303)
    set_seat_cookie(response, table.id, token)
    remember_table(request, response, table.id)
    return response


def unused_code(store: TableStore) -> str:
    while True:
        code = new_code()
        if store.find_code(code) is None:
            return code


@router.get("/join", dependencies=[Depends(limit_lookup)])
async def join_by_code(store: StoreDep, code: str = "") -> Response:
    """The home page's "Table code" form: the code leads to the table's address."""
    typed = normal_code(code)[:16]
    table_id = store.find_code(typed) if typed else None
    if table_id is None:
        raise Problem(404, "No such table", "No table has that code. Check it and try again.")
    return RedirectResponse(f"/tables/{table_id}", status_code=303)


@router.get("/tables")
async def list_tables(request: Request, store: StoreDep) -> Response:
    """The friends' tables on this server: this browser's, those in use (playing, finished,
    joined), and the newest ones waiting (``app.web.listing``)."""
    context = listing.tables_context(store, recent_tables(request), time.time())
    return render(request, "pages/tables.html", context)


# ------------------------------------------------------------------ seats


@router.post("/tables/{table_id}/join")
async def join(request: Request, table_id: str, store: StoreDep) -> Response:
    table = find_table(store, table_id)
    form = await read_form(request)
    async with store.lock(table_id):
        current = viewer_seen(request, table)
        try:
            name = forms.person_name(form)
            seat = forms.seat_choice(form, len(table.seats))
            token = lobby.take_seat(table, seat, name, current)
        except forms.BadForm as error:
            message = f"Cannot take a seat: {error}."
            return view_response(request, table, current, message=message, status=400)
        except Refused as refusal:
            return view_response(
                request, table, current, message=refusal.message, status=refusal.status
            )
        await asyncio.to_thread(store.save, table)
        presence.saw(table.id, seat)
        store.changed(table_id, seat)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, table_id, token)
    remember_table(request, response, table_id)
    return response


@router.get("/tables/{table_id}/rejoin/{seat}/{key}")
async def rejoin_page(
    request: Request, table_id: str, seat: str, key: str, store: StoreDep
) -> Response:
    """The private rejoin link asks before it moves the seat (a link preview must not)."""
    table = find_table(store, table_id)
    index = int(seat) if seat.isdigit() else -1
    try:
        place = lobby.rejoin_seat(table, index, key)
    except Refused as refusal:
        raise Problem(refusal.status, "Not valid", refusal.message) from None
    context = {"table": table, "seat": index, "name": place.name, "key": key}
    return render(request, "pages/rejoin.html", context)


@router.post("/tables/{table_id}/rejoin/{seat}/{key}")
async def rejoin(request: Request, table_id: str, seat: str, key: str, store: StoreDep) -> Response:
    table = find_table(store, table_id)
    index = int(seat) if seat.isdigit() else -1
    async with store.lock(table_id):
        try:
            token = lobby.rejoin(table, index, key)
        except Refused as refusal:
            raise Problem(refusal.status, "Not valid", refusal.message) from None
        await asyncio.to_thread(store.save, table)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, table_id, token)
    remember_table(request, response, table_id)
    return response


@router.post("/tables/{table_id}/rejoin")
async def reissue_rejoin(request: Request, table_id: str, store: StoreDep) -> Response:
    """The seat's person asks for a new rejoin link (the old one stops working); the page
    opens at it (a browser opens the closed ``<details>`` around a linked element)."""
    table = find_table(store, table_id)
    seat = require_person(request, table)
    async with store.lock(table_id):
        try:
            lobby.reissue_rejoin(table, seat)
        except Refused as refusal:
            raise Problem(refusal.status, "Cannot do that", refusal.message) from None
        await asyncio.to_thread(store.save, table)
    return RedirectResponse(f"/tables/{table_id}#rejoin-link", status_code=303)


# ------------------------------------------------------------------ the host's actions

Change = Callable[[Table, int, FormData], None]


def _start(table: Table, seat: int, form: FormData) -> None:
    lobby.start_match(table, seat)


def _stand_in(table: Table, seat: int, form: FormData) -> None:
    target = forms.seat_choice(form, len(table.seats))
    here = presence.is_connected(table.id, target)
    lobby.hand_to_computer(table, seat, target, default_level(), here)


def _give_back(table: Table, seat: int, form: FormData) -> None:
    lobby.give_back(table, seat, forms.seat_choice(form, len(table.seats)))


def _end(table: Table, seat: int, form: FormData) -> None:
    lobby.end_match(table, seat)


CHANGES: dict[str, Change] = {
    "start": _start,
    "standin": _stand_in,
    "giveback": _give_back,
    "end": _end,
}


@router.post("/tables/{table_id}/start")
@router.post("/tables/{table_id}/standin")
@router.post("/tables/{table_id}/giveback")
@router.post("/tables/{table_id}/end")
async def change_table(
    request: Request, table_id: str, store: StoreDep, programs: ProgramsDep
) -> Response:
    """The seat and match changes (the game's own actions are in ``routes.tables``)."""
    handler = CHANGES[request.url.path.rsplit("/", 1)[1]]
    table = find_table(store, table_id)
    seat = require_person(request, table)
    presence.saw(table.id, seat)
    form = await read_form(request)
    return await _change(request, (store, programs), handler, table, seat, form)


async def _change(
    request: Request,
    backends: tuple[TableStore, ProgramPool],
    handler: Change,
    table: Table,
    seat: int,
    form: FormData,
) -> Response:
    table_id = table.id
    store = backends[0]
    async with store.lock(table_id):
        try:
            await asyncio.to_thread(_apply, backends, handler, table, seat, form)
            store.changed(table_id, seat)
        except forms.BadForm as error:
            return view_response(request, table, seat, message=f"{error}.", status=400)
        except Refused as refusal:
            return view_response(
                request, table, seat, message=refusal.message, status=refusal.status
            )
        if not is_htmx(request):
            return RedirectResponse(f"/tables/{table_id}", status_code=303)
        return view_response(request, table, seat)


def _apply(
    backends: tuple[TableStore, ProgramPool],
    handler: Change,
    table: Table,
    seat: int,
    form: FormData,
) -> None:
    """The change, then the computers' moves it allows; a finished match's programs are told
    goodbye."""
    store, programs = backends
    if table.finished:
        raise Refused("The match is over.", 409)
    handler(table, seat, form)
    if table.started:
        runner.advance(table, programs)
    store.save(table)
    say_goodbye_if_over(table, programs)


def say_goodbye_if_over(table: Table, programs: ProgramPool) -> None:
    """The host ended the match: its programs' processes are told goodbye and stop."""
    if table.finished:
        programs.close_table(table.id)


# ------------------------------------------------------------------ live updates


@router.get("/tables/{table_id}/poll")
async def poll(
    request: Request, table_id: str, store: StoreDep, v: str = "", p: str = "", w: str = ""
) -> Response:
    """What the page should show next (the next paced frame, or the latest after a long
    absence) as soon as the table differs from what the page shows; 204 if it does not
    within ``w`` seconds."""
    table = find_table(store, table_id)
    viewer = viewer_seen(request, table)
    if not is_htmx(request):
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    wait = min(int(w), MAX_WAIT) if w.isdigit() and len(w) < 4 else 0
    page = page_of(request)
    shown = store.shown_to(table.id, page, int(v) if v.isdigit() and len(v) < 12 else -1)
    number = store.begin_poll(table.id, page)
    try:
        changed = await changed_within(request, store, table, viewer, (shown, p), wait, number)
    finally:
        store.end_poll(table.id, page, number)
    if not changed:
        return no_content()
    async with store.lock(table_id):
        if not table.started:
            return respond_lobby(request, Lobby(table, viewer))
        return next_frame(request, table, viewer, store.shown_to(table.id, page, shown), p)


async def changed_within(
    request: Request,
    store: TableStore,
    table: Table,
    viewer: int | None,
    shown: tuple[int, str],
    wait: float,
    number: int,
) -> bool:
    """Whether the table differs from what the page shows, waiting up to ``wait`` seconds;
    while the page waits it counts as present.

    A change the viewer made while this poll waited is not answered here: the viewer's own
    click gets the answer that shows it (answering twice would repeat the announcements).
    Nor does a poll answer once its page has polled again (its table was redrawn)."""
    deadline = time.monotonic() + wait
    began = table.version
    page = page_of(request)
    while shown == (table.version, presence.marks(table)):
        left = deadline - time.monotonic()
        if left <= 0 or store.is_superseded(table.id, page, number):
            return False
        if await request.is_disconnected():
            return False
        await store.wait_change(table.id, min(WAIT_SLICE, left))
        presence.saw(table.id, viewer)
    return table.version == began or store.last_change_by(table.id) != viewer


def next_frame(
    request: Request, table: Table, viewer: int | None, shown: int, mark: str
) -> Response:
    timeline = timeline_of(table, key_of(viewer))
    seen = timeline.step_of(shown)
    behind = timeline.last - seen if seen is not None else None
    if seen is None or behind is None or behind > CATCH_UP * len(timeline.names.seat_names):
        frame = frame_for(table, viewer)
        return respond(request, frame, oob=("innerHTML", frame.events))
    if behind == 0 and mark.endswith("F") == table.finished:
        return respond_presence(request, frame_for(table, viewer))
    if behind == 0:
        return respond(request, frame_for(table, viewer))
    step = first_stop(table, timeline, seen + 1)
    frame = frame_for(table, viewer, step)
    return respond(request, frame, oob=("beforeend", timeline.events_between(seen + 1, frame.step)))
