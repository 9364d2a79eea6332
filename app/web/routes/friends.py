"""Friends' tables: create one, find it by its code, take a seat, start, hand an absent
person's seat to a computer player and back, end the match; and the list of tables.

The pages of a friends' table stay live by polling (``app.web.routes.live``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from app.i18n import N_
from app.web.http.cookies import (
    recent_tables,
    remember_table,
    set_player_cookie,
    set_seat_cookie,
)
from app.web.http.limits import limit_creation, limit_lookup
from app.web.http.problems import Problem
from app.web.http.reading import BadForm, address_number, read_form
from app.web.http.render import is_htmx, render
from app.web.routes.answers import Visit, view_response
from app.web.routes.deps import SiteDep, player_of, require_person, viewer_seen
from app.web.show import listing
from app.web.site import Site
from app.web.storage.store import TableStore
from app.web.table import forms, seats
from app.web.table.model import Table, new_code, normal_code
from app.web.table.moves import Refused
from app.web.table.players import DEFAULT_LEVEL
from app.web.table.programs import ProgramPool

log = logging.getLogger(__name__)
router = APIRouter()


# ------------------------------------------------------------------ creating and finding


@router.post("/friends", dependencies=[Depends(limit_creation)])
async def create(request: Request, site: SiteDep) -> Response:
    form = await read_form(request)
    try:
        setup = forms.friends_setup(form, site.programs.names)
    except BadForm as error:
        message = f"The table was not created: {error}."
        raise Problem(400, N_("Cannot create the table"), message) from None
    player = await player_of(request, site)
    table, token = seats.new_friends_table(setup, await unused_code(site.store), player.id)
    await site.store.create(table)
    response = RedirectResponse(f"/tables/{table.id}", status_code=303)
    set_seat_cookie(response, table.id, token)
    set_player_cookie(response, player.token)
    remember_table(request, response, table.id, table.host)
    return response


async def unused_code(store: TableStore) -> str:
    while True:
        code = new_code()
        if await store.find_code(code) is None:
            return code


@router.get("/join", dependencies=[Depends(limit_lookup)])
async def join_by_code(site: SiteDep, code: str = "") -> Response:
    """The home page's "Table code" form: the code leads to the table's address."""
    typed = normal_code(code)[:16]
    table_id = await site.store.find_code(typed) if typed else None
    if table_id is None:
        raise Problem(
            404, N_("No such table"), N_("No table has that code. Check it and try again.")
        )
    return RedirectResponse(f"/tables/{table_id}", status_code=303)


@router.get("/tables")
async def list_tables(request: Request, site: SiteDep) -> Response:
    """The friends' tables on this server: this browser's, those in use (playing, finished,
    joined), and the newest ones waiting (``app.web.show.listing``)."""
    context = await listing.tables_context(site.store, recent_tables(request), time.time())
    return render(request, "pages/tables.html", context)


# ------------------------------------------------------------------ seats


@router.post("/tables/{table_id}/join")
async def join(request: Request, table_id: str, site: SiteDep) -> Response:
    form = await read_form(request)
    player = await player_of(request, site)
    async with site.store.writing(table_id) as table:
        visit = Visit(request, site, table, viewer_seen(request, site, table))
        try:
            name = forms.person_name(form)
            seat = forms.seat_choice(form, len(table.seats))
            token = seats.take_seat(table, seat, name, visit.viewer, player.id)
        except BadForm as error:
            return view_response(visit, message=f"Cannot take a seat: {error}.", status=400)
        except Refused as refusal:
            return view_response(visit, message=refusal.message, status=refusal.status)
        await site.store.commit(table)
        site.presence.saw(table_id, seat)
        site.bus.changed(table_id, seat)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, table_id, token)
    set_player_cookie(response, player.token)
    remember_table(request, response, table_id, seat)
    return response


@router.get("/tables/{table_id}/rejoin/{seat}/{key}")
async def rejoin_page(
    request: Request, table_id: str, seat: str, key: str, site: SiteDep
) -> Response:
    """The private rejoin link asks before it moves the seat (a link preview must not)."""
    async with site.store.reading(table_id) as table:
        index = address_number(seat, "seat", 0, len(table.seats) - 1)
        try:
            index = seats.rejoin_index(table, index, key)
            place = table.seats[index]
        except Refused as refusal:
            raise Problem(refusal.status, N_("Not valid"), refusal.message) from None
        context = {"table_id": table.id, "seat": index, "name": place.name, "key": key}
        return render(request, "pages/rejoin.html", context)


@router.post("/tables/{table_id}/rejoin/{seat}/{key}")
async def rejoin(request: Request, table_id: str, seat: str, key: str, site: SiteDep) -> Response:
    player = await player_of(request, site)
    async with site.store.writing(table_id) as table:
        index = address_number(seat, "seat", 0, len(table.seats) - 1)
        try:
            index = seats.rejoin_index(table, index, key)
            token = seats.rejoin(table, index, key, player.id)
        except Refused as refusal:
            raise Problem(refusal.status, N_("Not valid"), refusal.message) from None
        await site.store.commit(table)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, table_id, token)
    set_player_cookie(response, player.token)
    remember_table(request, response, table_id, index)
    return response


@router.post("/tables/{table_id}/rejoin")
async def reissue_rejoin(request: Request, table_id: str, site: SiteDep) -> Response:
    """The seat's person asks for a new rejoin link (the old one stops working); the page
    opens at it (a browser opens the closed ``<details>`` around a linked element)."""
    async with site.store.writing(table_id) as table:
        seat = require_person(request, table)
        try:
            seats.reissue_rejoin(table, seat)
        except Refused as refusal:
            raise Problem(refusal.status, N_("Cannot do that"), refusal.message) from None
        await site.store.commit(table)
    return RedirectResponse(f"/tables/{table_id}#rejoin-link", status_code=303)


# ------------------------------------------------------------------ the host's actions

Change = Callable[[Site, Table, int, FormData], None]


def _start(site: Site, table: Table, seat: int, form: FormData) -> None:
    seats.start_match(table, seat)


def _stand_in(site: Site, table: Table, seat: int, form: FormData) -> None:
    target = forms.seat_choice(form, len(table.seats))
    here = site.presence.is_connected(table.id, target)
    seats.hand_to_computer(table, seat, target, DEFAULT_LEVEL, here)


def _give_back(site: Site, table: Table, seat: int, form: FormData) -> None:
    seats.give_back(table, seat, forms.seat_choice(form, len(table.seats)))


def _end(site: Site, table: Table, seat: int, form: FormData) -> None:
    """Only the confirming second button ends the match (it says: for everyone)."""
    if form.get("confirm") != "yes":
        raise BadForm("confirm that the match ends for everyone at the table")
    seats.end_match(table, seat)


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
async def change_table(request: Request, table_id: str, site: SiteDep) -> Response:
    """The seat and match changes (the game's own actions are in ``routes.tables``)."""
    handler = CHANGES[request.url.path.rsplit("/", 1)[1]]
    form = await read_form(request)
    async with site.store.writing(table_id) as table:
        seat = require_person(request, table)
        site.presence.saw(table_id, seat)
        return await _change(Visit(request, site, table, seat), seat, handler, form)


async def _change(visit: Visit, seat: int, handler: Change, form: FormData) -> Response:
    """Apply and save the change (inside the table's ``writing`` block)."""
    site, table = visit.site, visit.table
    try:
        await asyncio.to_thread(_apply, site, handler, table, seat, form)
    except BadForm as error:
        return view_response(visit, message=f"{error}.", status=400)
    except Refused as refusal:
        return view_response(visit, message=refusal.message, status=refusal.status)
    await site.store.commit(table)
    site.bus.changed(table.id, seat)
    await asyncio.to_thread(say_goodbye_if_over, table, site.programs)
    if not is_htmx(visit.request):
        return site.computers.wake_after(RedirectResponse(f"/tables/{table.id}", 303), table)
    return site.computers.wake_after(view_response(visit), table)


def _apply(site: Site, handler: Change, table: Table, seat: int, form: FormData) -> None:
    """The change (and, inline, the computers' moves it allows)."""
    if table.finished:
        raise Refused("The match is over.", 409)
    handler(site, table, seat, form)
    if table.started:
        site.computers.after_person(table)


def say_goodbye_if_over(table: Table, programs: ProgramPool) -> None:
    """The host ended the match: its programs' processes are told goodbye and stop."""
    if table.finished:
        programs.close_table(table.id)
