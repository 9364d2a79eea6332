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

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from app.i18n import N_, gettext
from app.web.http.cookies import (
    remember_table,
    reseat_recent,
    set_player_cookie,
    set_seat_cookie,
)
from app.web.http.limits import limit_creation
from app.web.http.problems import Problem
from app.web.http.reading import MAX_VERSION, BadForm, address_number, read_form, version
from app.web.http.render import is_htmx
from app.web.routes.answers import Announcements, Visit, key_of, refuse, respond, view_response
from app.web.routes.damaged import damaged_download, record_download
from app.web.routes.deps import SiteDep, player_of, require_person, viewer_seen
from app.web.show.pacing import first_stop
from app.web.site import Site
from app.web.storage.store import DamagedTable
from app.web.table import forms, moves, players, seats
from app.web.table.model import Table
from app.web.table.moves import Outcome, Refused

log = logging.getLogger(__name__)
router = APIRouter()

Handler = Callable[[Table, int, FormData], Outcome]
HANDLERS: dict[str, tuple[Handler, bool]] = {
    "play": (moves.play, True),
    "select": (moves.select, True),
    "discard": (moves.discard, True),
    "decide": (moves.decide, True),
    "continue": (moves.acknowledge, False),
    "next": (moves.next_deal, True),
    "take-back": (moves.take_back, False),  # it checks the version itself: computers may move
    "rules": (moves.change_rules, True),
    "settings": (moves.change_settings, False),
}
"""Action name -> (handler, whether its form must carry the current version)."""
STALE = N_("The table had moved on since that click, so nothing was done. Here it is now.")


@router.post("/tables", dependencies=[Depends(limit_creation)])
async def create_table(request: Request, site: SiteDep) -> Response:
    form = await read_form(request)
    try:
        setup = forms.setup(form, site.programs.names)
    except BadForm as error:
        raise Problem(400, N_("Cannot start"), f"The game could not start: {error}.") from None
    computers = site.computers
    new = seats.new_computer_table
    player = await player_of(request, site)
    table, token = await asyncio.to_thread(new, setup, site.programs, computers.inline, player.id)
    await site.store.create(table)
    response = RedirectResponse(f"/tables/{table.id}", status_code=303)
    set_seat_cookie(response, table.id, token)
    set_player_cookie(response, player.token)
    remember_table(request, response, table.id, 0)
    return computers.wake_after(response, table)


@router.get("/tables/{table_id}")
async def show_table(
    request: Request,
    table_id: str,
    site: SiteDep,
    prompt: str = "",
    hint: str = "",
    taken: str = "",
) -> Response:
    async with site.store.reading(table_id) as table:
        visit = Visit(request, site, table, viewer_seen(request, site, table))
        if not table.started:
            return view_response(visit)
        if hint == "1" and visit.viewer is not None:  # the hint may think: off the event loop
            frame = await asyncio.to_thread(visit.frame, prompt=prompt or None, hint=True)
        else:
            said = moves.taken_back_message(table, visit.viewer) if taken == "1" else None
            frame = visit.frame(prompt=prompt or None, message=said)
        response = respond(visit, frame)
        if table.is_friends and visit.viewer is not None:  # the draw may have moved the seat
            reseat_recent(request, response, table.id, visit.viewer)
        # After a restart the computers' pending moves are made once someone looks.
        return site.computers.wake_after(response, table)


@router.get("/tables/{table_id}/at/{version}")
async def show_frame(
    request: Request, table_id: str, version: str, site: SiteDep, after: str | None = None
) -> Response:
    """One frame of the deal: the pages fetch them in turn to reveal the bots' moves. A version
    that is not of this deal shows the latest frame; one that is not a number is refused."""
    wanted = address_number(version, "version", 0, MAX_VERSION)
    shown = address_number(after, "after", 0, MAX_VERSION)
    async with site.store.reading(table_id) as table:
        visit = Visit(request, site, table, viewer_seen(request, site, table))
        if not is_htmx(request):
            return RedirectResponse(f"/tables/{table_id}", status_code=303)
        if not table.started:
            return view_response(visit)
        timeline = site.timelines.of(table, key_of(visit.viewer))
        step = timeline.step_of(wanted)
        seen = timeline.step_of(shown) if shown is not None else None
        frame = visit.frame(step)
        if seen is None:
            oob: Announcements = ("innerHTML", frame.events)
        else:
            oob = ("beforeend", timeline.events_between(seen + 1, frame.step))
        return respond(visit, frame, oob=oob)


@router.post("/tables/{table_id}/{action}")
async def act(request: Request, table_id: str, action: str, site: SiteDep) -> Response:
    entry = HANDLERS.get(action)
    if entry is None:
        raise Problem(404, N_("No such action"), N_("This table has no such action."))
    form = await read_form(request)
    async with site.store.writing(table_id) as table:
        seat = require_person(request, table)
        site.presence.saw(table.id, seat)
        return await _act(Visit(request, site, table, seat), seat, entry, form)


async def _act(visit: Visit, seat: int, entry: tuple[Handler, bool], form: FormData) -> Response:
    """Apply and save the action (inside the table's ``writing`` block); the computers move
    after it (``app.web.live.computers``)."""
    site, table = visit.site, visit.table
    handler, versioned = entry
    if not table.started:
        return view_response(visit, message="The game has not started yet.", status=409)
    try:
        if versioned and version(form) != table.version:
            raise Refused(gettext(STALE), 409)
        if site.computers.inline or players.has_programs(table):
            outcome = await asyncio.to_thread(_run, site, handler, table, seat, form)
        else:  # the engine's move alone, well under a millisecond: no hop to a thread
            outcome = _run(site, handler, table, seat, form)
    except BadForm as error:
        return refuse(visit, f"That form was not valid ({error}).", 400)
    except Refused as refusal:
        return refuse(visit, refusal.message, refusal.status)
    except Exception:
        log.exception("action %s at table %s failed", handler.__name__, table.id)
        reloaded = Visit(visit.request, site, await site.store.reload(table.id), seat)
        return refuse(reloaded, "Something went wrong; nothing was changed.", 500)
    await site.store.commit(table)
    site.bus.changed(table.id, seat)
    return site.computers.wake_after(after_action(visit, seat, outcome), table)


def _run(site: Site, handler: Handler, table: Table, seat: int, form: FormData) -> Outcome:
    """The person's action (and, inline, the computers' moves until a person must act). In a
    thread only when it may take a while: computers moving inline, or outside programs that
    hear the end of a deal through their pipes."""
    outcome = handler(table, seat, form)
    site.computers.after_person(table)
    return outcome


def after_action(visit: Visit, seat: int, outcome: Outcome) -> Response:
    table = visit.table
    if not is_htmx(visit.request):
        query = "?prompt=fool" if outcome.prompt else "?taken=1" if outcome.message else ""
        return RedirectResponse(f"/tables/{table.id}{query}#{landing(table)}", status_code=303)
    timeline = visit.site.timelines.of(table, seat)
    step = None
    if outcome.start is not None:
        step = first_stop(table, timeline, min(outcome.start, timeline.last))
    frame = visit.frame(step, prompt=outcome.prompt, message=outcome.message)
    oob: Announcements | None = None
    if outcome.announce == "replace":
        oob = ("innerHTML", frame.events)
    elif outcome.announce == "append" and outcome.start is not None:
        oob = ("beforeend", timeline.events_between(outcome.start, frame.step))
    return respond(visit, frame, oob=oob)


def landing(table: Table) -> str:
    """Where the page lands after a plain (no-JavaScript) move, which reloads it: at the hand,
    with the decision and the trick above it (static/css/site.css gives #hand the room), or
    at the summary once the deal is over; never at the top of the page (issue 21)."""
    deal = table.match.deal
    return "summary" if deal is not None and deal.is_over else "hand"


@router.get("/tables/{table_id}/deals/{number}.json")
async def download(request: Request, table_id: str, number: str, site: SiteDep) -> Response:
    """A finished deal as a hand record (``trionfi-hand/1``): every card is public by then,
    so anyone who may see the table (a spectator of a friends' table too) may download it;
    a damaged table's filed deals too (``app.web.routes.damaged``)."""
    # Every deal takes at least one version, so no deal's number is above the highest version.
    deal_number = address_number(number, "deal", 1, MAX_VERSION)
    try:
        async with site.store.reading(table_id) as table:
            viewer_seen(request, site, table)
            record = table.finished_record(deal_number)
            game = table.game
    except DamagedTable as error:
        return await damaged_download(request, site.store, error.damaged, deal_number)
    if record is None:
        raise Problem(
            404, N_("No such deal"), N_("That deal is not finished, or there is no such deal.")
        )
    return record_download(record, game, table_id, deal_number)
