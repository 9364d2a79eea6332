"""The table resource: create a table, show it (whole or one frame), act at it, download deals.

Every action is a plain ``<form method=post>``; htmx posts the same forms and gets the
``#table`` partial back (with the announcements swapped out of band), a plain post gets a 303
to the table's page. Forms carry the table's version: a stale one (a double or late click)
gets the fresh table and a short message, never a second action.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from app.engine.match import Match
from app.engine.record import record_of
from app.web.http.limits import limit_creation
from app.web.http.render import is_htmx
from app.web.live.computers import Computers
from app.web.routes.answers import (
    frame_for,
    key_of,
    refuse,
    respond,
    view_response,
    viewer_seen,
)
from app.web.routes.damaged import damaged_download, record_download
from app.web.routes.deps import (
    ComputersDep,
    Problem,
    ProgramsDep,
    StoreDep,
    remember_table,
    require_person,
    set_seat_cookie,
)
from app.web.show.frame import first_stop
from app.web.show.timeline import timeline_of
from app.web.storage.store import DamagedTable, TableStore
from app.web.table import forms
from app.web.table import moves as actions
from app.web.table import players as runner
from app.web.table.model import (
    SEAT_NAMES,
    Seat,
    Table,
    hash_token,
    new_seed,
    new_table_id,
    new_token,
)
from app.web.table.moves import Outcome, Refused
from app.web.table.programs import ProgramPool

log = logging.getLogger(__name__)
router = APIRouter()

Handler = Callable[[Table, int, FormData], Outcome]
HANDLERS: dict[str, tuple[Handler, bool]] = {
    "play": (actions.play, True),
    "select": (actions.select, True),
    "discard": (actions.discard, True),
    "decide": (actions.decide, True),
    "continue": (actions.acknowledge, False),
    "next": (actions.next_deal, True),
    "rules": (actions.change_rules, True),
    "settings": (actions.change_settings, False),
}
"""Action name -> (handler, whether its form must carry the current version)."""
STALE = "The table had moved on since that click, so nothing was done. Here it is now."


def new_table(
    setup: forms.Setup, programs: ProgramPool | None = None, move_computers: bool = True
) -> tuple[Table, str]:
    """A table against the computer: the person at seat 0, who deals first; the computers
    make their first moves now, or (``move_computers`` false) once the table is saved."""
    table_id = new_table_id()
    token = new_token()
    names = SEAT_NAMES[setup.game]
    seats = [Seat("person", names[0], token_hash=hash_token(token))]
    seats += [runner.computer_seat(name, setup.level) for name in names[1:]]
    seed = new_seed()
    match = Match.new(setup.game, setup.options, seed)
    table = Table(table_id, match, seats, setup.settings, seed=seed)
    match.start_deal()
    if move_computers:
        runner.advance(table, programs)
    return table, token


@router.post("/tables", dependencies=[Depends(limit_creation)])
async def create_table(
    request: Request, store: StoreDep, programs: ProgramsDep, computers: ComputersDep
) -> Response:
    form = await _form(request)
    try:
        setup = forms.setup(form, programs.names)
    except forms.BadForm as error:
        raise Problem(400, "Cannot start", f"The game could not start: {error}.") from None
    table, token = await asyncio.to_thread(new_table, setup, programs, computers.inline)
    await store.create(table)
    response = RedirectResponse(f"/tables/{table.id}", status_code=303)
    set_seat_cookie(response, table.id, token)
    remember_table(request, response, table.id, 0)
    return computers.wake_after(response, table)


@router.get("/tables/{table_id}")
async def show_table(
    request: Request,
    table_id: str,
    store: StoreDep,
    computers: ComputersDep,
    prompt: str = "",
    hint: str = "",
) -> Response:
    async with store.reading(table_id) as table:
        viewer = viewer_seen(request, table)
        if not table.started:
            return view_response(request, table, viewer)
        if hint == "1" and viewer is not None:  # the hint may think: off the event loop
            frame = await asyncio.to_thread(
                frame_for, table, viewer, prompt=prompt or None, hint=True
            )
        else:
            frame = frame_for(table, viewer, prompt=prompt or None)
        # After a restart the computers' pending moves are made once someone looks.
        return computers.wake_after(respond(request, frame), table)


@router.get("/tables/{table_id}/at/{version}")
async def show_frame(
    request: Request, table_id: str, version: str, store: StoreDep, after: str | None = None
) -> Response:
    """One frame of the deal: the pages fetch them in turn to reveal the bots' moves. A version
    that is not of this deal shows the latest frame; one that is not a number is refused."""
    wanted = forms.address_number(version, "version", 0, forms.MAX_VERSION)
    shown = forms.address_number(after, "after", 0, forms.MAX_VERSION)
    async with store.reading(table_id) as table:
        viewer = viewer_seen(request, table)
        if not is_htmx(request):
            return RedirectResponse(f"/tables/{table_id}", status_code=303)
        if not table.started:
            return view_response(request, table, viewer)
        timeline = timeline_of(table, key_of(viewer))
        step = timeline.step_of(wanted)
        seen = timeline.step_of(shown) if shown is not None else None
        frame = frame_for(table, viewer, step)
        if seen is None:
            oob = ("innerHTML", frame.events)
        else:
            oob = ("beforeend", timeline.events_between(seen + 1, frame.step))
        return respond(request, frame, oob=oob)


@router.post("/tables/{table_id}/{action}")
async def act(
    request: Request, table_id: str, action: str, store: StoreDep, computers: ComputersDep
) -> Response:
    entry = HANDLERS.get(action)
    if entry is None:
        raise Problem(404, "No such action", "This table has no such action.")
    handler, versioned = entry
    form = await _form(request)
    async with store.writing(table_id) as table:
        seat = require_person(request, table)
        viewer_seen(request, table)
        return await _act(request, (store, computers), (handler, versioned), table, seat, form)


async def _act(
    request: Request,
    backends: tuple[TableStore, Computers],
    entry: tuple[Handler, bool],
    table: Table,
    seat: int,
    form: FormData,
) -> Response:
    """Apply and save the action (inside the table's ``writing`` block); the computers move
    after it (``app.web.live.computers``)."""
    store, computers = backends
    handler, versioned = entry
    if not table.started:
        message = "The game has not started yet."
        return view_response(request, table, seat, message=message, status=409)
    try:
        if versioned and forms.version(form) != table.version:
            raise Refused(STALE, 409)
        outcome = await asyncio.to_thread(_run, computers, handler, table, seat, form)
    except forms.BadForm as error:
        return refuse(request, table, seat, f"That form was not valid ({error}).", 400)
    except Refused as refusal:
        return refuse(request, table, seat, refusal.message, refusal.status)
    except Exception:
        log.exception("action %s at table %s failed", handler.__name__, table.id)
        table = await store.reload(table.id)
        return refuse(request, table, seat, "Something went wrong; nothing was changed.", 500)
    await store.commit(table)
    store.changed(table.id, seat)
    return computers.wake_after(after_action(request, table, seat, outcome), table)


def _run(
    computers: Computers, handler: Handler, table: Table, seat: int, form: FormData
) -> Outcome:
    """The person's action (and, inline, the computers' moves until a person must act)."""
    outcome = handler(table, seat, form)
    computers.after_person(table)
    return outcome


def after_action(request: Request, table: Table, seat: int, outcome: Outcome) -> Response:
    if not is_htmx(request):
        query = "?prompt=fool" if outcome.prompt else ""
        return RedirectResponse(f"/tables/{table.id}{query}", status_code=303)
    timeline = timeline_of(table, seat)
    step = None
    if outcome.start is not None:
        step = first_stop(table, timeline, min(outcome.start, timeline.last))
    frame = frame_for(table, seat, step, prompt=outcome.prompt)
    oob: tuple[str, list[Any]] | None = None
    if outcome.announce == "replace":
        oob = ("innerHTML", frame.events)
    elif outcome.announce == "append" and outcome.start is not None:
        oob = ("beforeend", timeline.events_between(outcome.start, frame.step))
    return respond(request, frame, oob=oob)


@router.get("/tables/{table_id}/deals/{number}.json")
async def download(request: Request, table_id: str, number: str, store: StoreDep) -> Response:
    """A finished deal as a hand record (``trionfi-hand/1``): every card is public by then,
    so anyone who may see the table (a spectator of a friends' table too) may download it;
    a damaged table's filed deals too (``app.web.routes.damaged``)."""
    # Every deal takes at least one version, so no deal's number is above the highest version.
    deal_number = forms.address_number(number, "deal", 1, forms.MAX_VERSION)
    try:
        async with store.reading(table_id) as table:
            viewer_seen(request, table)
            record = finished_record(table, deal_number)
            game = table.game
    except DamagedTable as error:
        return await damaged_download(request, store, error.damaged, deal_number)
    if record is None:
        raise Problem(404, "No such deal", "That deal is not finished, or there is no such deal.")
    return record_download(record, game, table_id, deal_number)


def finished_record(table: Table, number: int) -> dict[str, Any] | None:
    records = table.match.records
    if 1 <= number <= len(records):
        return records[number - 1].to_json()
    deal = table.match.deal
    if number == len(records) + 1 and deal is not None and deal.is_over:
        return record_of(deal).to_json()
    return None


async def _form(request: Request) -> FormData:
    try:
        return await request.form(max_files=0, max_fields=40)
    except Exception:
        return FormData()
