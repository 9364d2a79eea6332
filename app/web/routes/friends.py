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

from app.web.http.limits import limit_creation, limit_lookup
from app.web.http.render import is_htmx, no_content, render
from app.web.live.computers import Computers
from app.web.live.presence import presence
from app.web.routes.answers import (
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
from app.web.routes.deps import (
    ComputersDep,
    Problem,
    ProgramsDep,
    StoreDep,
    recent_tables,
    remember_table,
    require_person,
    set_seat_cookie,
)
from app.web.show import listing
from app.web.show.frame import first_stop
from app.web.show.timeline import timeline_of
from app.web.storage.store import TableStore
from app.web.table import forms
from app.web.table import seats as lobby
from app.web.table.model import Table, new_code, normal_code
from app.web.table.moves import Refused
from app.web.table.players import default_level
from app.web.table.programs import ProgramPool

log = logging.getLogger(__name__)
router = APIRouter()

WAIT_SLICE = 1.0
"""A waiting poll looks every second whether its page is still there and who is present."""
MAX_WAIT = 20
ASKED_WAIT = 999
"""A poll may ask for up to this many seconds of waiting; it waits ``MAX_WAIT`` at most."""
CATCH_UP = 2
"""A page more than this many tricks behind (a laptop waking up) jumps to the latest frame
instead of replaying every move at the table's pace. Two: the computers move after the answer
to a person's move, so the page that just showed it is soon up to almost two tricks behind
(the rest of that trick, and the next one up to the person's turn), and shows each move."""


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
    table, token = lobby.new_friends_table(setup, await unused_code(store))
    await store.create(table)
    response = RedirectResponse(f"/tables/{table.id}", status_code=303)
    set_seat_cookie(response, table.id, token)
    remember_table(request, response, table.id, table.host)
    return response


async def unused_code(store: TableStore) -> str:
    while True:
        code = new_code()
        if await store.find_code(code) is None:
            return code


@router.get("/join", dependencies=[Depends(limit_lookup)])
async def join_by_code(store: StoreDep, code: str = "") -> Response:
    """The home page's "Table code" form: the code leads to the table's address."""
    typed = normal_code(code)[:16]
    table_id = await store.find_code(typed) if typed else None
    if table_id is None:
        raise Problem(404, "No such table", "No table has that code. Check it and try again.")
    return RedirectResponse(f"/tables/{table_id}", status_code=303)


@router.get("/tables")
async def list_tables(request: Request, store: StoreDep) -> Response:
    """The friends' tables on this server: this browser's, those in use (playing, finished,
    joined), and the newest ones waiting (``app.web.show.listing``)."""
    context = await listing.tables_context(store, recent_tables(request), time.time())
    return render(request, "pages/tables.html", context)


# ------------------------------------------------------------------ seats


@router.post("/tables/{table_id}/join")
async def join(request: Request, table_id: str, store: StoreDep) -> Response:
    form = await read_form(request)
    async with store.writing(table_id) as table:
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
        await store.commit(table)
        presence.saw(table_id, seat)
        store.changed(table_id, seat)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, table_id, token)
    remember_table(request, response, table_id, seat)
    return response


@router.get("/tables/{table_id}/rejoin/{seat}/{key}")
async def rejoin_page(
    request: Request, table_id: str, seat: str, key: str, store: StoreDep
) -> Response:
    """The private rejoin link asks before it moves the seat (a link preview must not)."""
    async with store.reading(table_id) as table:
        index = forms.address_number(seat, "seat", 0, len(table.seats) - 1)
        try:
            place = lobby.rejoin_seat(table, index, key)
        except Refused as refusal:
            raise Problem(refusal.status, "Not valid", refusal.message) from None
        context = {"table": table, "seat": index, "name": place.name, "key": key}
        return render(request, "pages/rejoin.html", context)


@router.post("/tables/{table_id}/rejoin/{seat}/{key}")
async def rejoin(request: Request, table_id: str, seat: str, key: str, store: StoreDep) -> Response:
    async with store.writing(table_id) as table:
        index = forms.address_number(seat, "seat", 0, len(table.seats) - 1)
        try:
            token = lobby.rejoin(table, index, key)
        except Refused as refusal:
            raise Problem(refusal.status, "Not valid", refusal.message) from None
        await store.commit(table)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, table_id, token)
    remember_table(request, response, table_id, index)
    return response


@router.post("/tables/{table_id}/rejoin")
async def reissue_rejoin(request: Request, table_id: str, store: StoreDep) -> Response:
    """The seat's person asks for a new rejoin link (the old one stops working); the page
    opens at it (a browser opens the closed ``<details>`` around a linked element)."""
    async with store.writing(table_id) as table:
        seat = require_person(request, table)
        try:
            lobby.reissue_rejoin(table, seat)
        except Refused as refusal:
            raise Problem(refusal.status, "Cannot do that", refusal.message) from None
        await store.commit(table)
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
    """Only the confirming second button ends the match (it says: for everyone)."""
    if form.get("confirm") != "yes":
        raise forms.BadForm("confirm that the match ends for everyone at the table")
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
    request: Request, table_id: str, store: StoreDep, computers: ComputersDep
) -> Response:
    """The seat and match changes (the game's own actions are in ``routes.tables``)."""
    handler = CHANGES[request.url.path.rsplit("/", 1)[1]]
    form = await read_form(request)
    async with store.writing(table_id) as table:
        seat = require_person(request, table)
        presence.saw(table_id, seat)
        return await _change(request, (store, computers), handler, table, seat, form)


async def _change(
    request: Request,
    backends: tuple[TableStore, Computers],
    handler: Change,
    table: Table,
    seat: int,
    form: FormData,
) -> Response:
    """Apply and save the change (inside the table's ``writing`` block)."""
    store, computers = backends
    try:
        await asyncio.to_thread(_apply, computers, handler, table, seat, form)
    except forms.BadForm as error:
        return view_response(request, table, seat, message=f"{error}.", status=400)
    except Refused as refusal:
        return view_response(request, table, seat, message=refusal.message, status=refusal.status)
    await store.commit(table)
    store.changed(table.id, seat)
    await asyncio.to_thread(say_goodbye_if_over, table, computers.programs)
    if not is_htmx(request):
        return computers.wake_after(RedirectResponse(f"/tables/{table.id}", 303), table)
    return computers.wake_after(view_response(request, table, seat), table)


def _apply(computers: Computers, handler: Change, table: Table, seat: int, form: FormData) -> None:
    """The change (and, inline, the computers' moves it allows)."""
    if table.finished:
        raise Refused("The match is over.", 409)
    handler(table, seat, form)
    if table.started:
        computers.after_person(table)


def say_goodbye_if_over(table: Table, programs: ProgramPool) -> None:
    """The host ended the match: its programs' processes are told goodbye and stop."""
    if table.finished:
        programs.close_table(table.id)


# ------------------------------------------------------------------ live updates


@router.get("/tables/{table_id}/poll")
async def poll(
    request: Request,
    table_id: str,
    store: StoreDep,
    computers: ComputersDep,
    v: str | None = None,
    p: str = "",
    w: str | None = None,
) -> Response:
    """What the page should show next (the next paced frame, or the latest after a long
    absence) as soon as the table differs from what the page shows; 204 if it does not
    within ``w`` seconds (at most ``MAX_WAIT``)."""
    asked_version = forms.address_number(v, "v", 0, forms.MAX_VERSION)
    asked_wait = forms.address_number(w, "w", 0, ASKED_WAIT)
    async with store.reading(table_id) as table:
        viewer = viewer_seen(request, table)
        computers.wake(table)  # after a restart: the computers' pending moves
    if not is_htmx(request):
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    wait = 0 if asked_wait is None else min(asked_wait, MAX_WAIT)
    page = page_of(request)
    shown = store.shown_to(table_id, page, -1 if asked_version is None else asked_version)
    number = store.begin_poll(table_id, page)
    try:
        changed = await changed_within(request, store, table_id, viewer, (shown, p), wait, number)
    finally:
        store.end_poll(table_id, page, number)
    if not changed:
        return no_content()
    async with store.reading(table_id) as table:
        if not table.started:
            return respond_lobby(request, Lobby(table, viewer))
        return next_frame(request, table, viewer, store.shown_to(table_id, page, shown), p)


async def looks(store: TableStore, table_id: str) -> tuple[int, str]:
    """The table's version and presence marks now (taken fresh each time: the table in
    memory may have been read back from the database since the last look)."""
    async with store.reading(table_id) as table:
        return table.version, presence.marks(table)


async def changed_within(
    request: Request,
    store: TableStore,
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
    Nor does a poll answer once its page has polled again (its table was redrawn)."""
    deadline = time.monotonic() + wait
    now = await looks(store, table_id)
    began = now[0]
    page = page_of(request)
    while shown == now:
        left = deadline - time.monotonic()
        if left <= 0 or store.is_superseded(table_id, page, number):
            return False
        if await request.is_disconnected():
            return False
        await store.wait_change(table_id, min(WAIT_SLICE, left))
        presence.saw(table_id, viewer)
        now = await looks(store, table_id)
    return now[0] == began or store.last_change_by(table_id) != viewer


def next_frame(
    request: Request, table: Table, viewer: int | None, shown: int, mark: str
) -> Response:
    timeline = timeline_of(table, key_of(viewer))
    seen = timeline.step_of(shown)
    behind = timeline.last - seen if seen is not None else None
    if seen is None or behind is None or behind > CATCH_UP * len(timeline.names.seat_names):
        frame = frame_for(table, viewer)
        return respond(request, frame, oob=("innerHTML", frame.events))
    if behind == 0 and not presence.redraw_needed(mark, table):
        return respond_presence(request, frame_for(table, viewer))
    if behind == 0:
        return respond(request, frame_for(table, viewer))
    step = first_stop(table, timeline, seen + 1)
    frame = frame_for(table, viewer, step)
    return respond(request, frame, oob=("beforeend", timeline.events_between(seen + 1, frame.step)))
