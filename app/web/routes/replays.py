"""The replay viewer: a finished deal stepped through move by move (``app.web.show.replay``).

- ``/tables/{id}/deals`` lists a table's finished deals, each to replay or download;
- ``/tables/{id}/deals/{n}?step=k`` shows deal ``n`` after its ``k``-th move; who may see it
  is who may download it (``routes.tables.download``), and a deal in progress is a 404;
- ``/replay`` takes an uploaded ``trionfi-hand/1`` file and shows it at ``/replay/{key}``.

Every step is a plain link (First, Previous, Next, Last and the move list), so the viewer works
without JavaScript; htmx swaps only ``#replay`` for them, and ``static/js/replay.js`` adds the
arrow keys.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import UploadFile

from app.engine.games import GAMES
from app.engine.options import DANISH
from app.engine.record import BadRecord, IllegalActionAt, parse_record, replay
from app.i18n import N_, gettext
from app.web.http.problems import Problem, refused_with_200
from app.web.http.reading import MAX_VERSION, address_number
from app.web.http.render import is_htmx, render
from app.web.routes.damaged import may_download
from app.web.routes.deps import SiteDep, viewer_seen
from app.web.show.replay import Replay, Unfinished, build_replay, replay_of
from app.web.show.timeline import viewer_names
from app.web.storage.store import DamagedTable
from app.web.table.model import seat_names

router = APIRouter()

MAX_RECORD_BYTES = 12 * 1024
"""A complete hand record is about 4 KiB; anything much larger is not one."""
KEY = re.compile(r"[A-Za-z0-9_-]{22}")
NO_DEAL = "That deal is not finished, or there is no such deal."


@dataclass(frozen=True)
class Faces:
    """How an uploaded record's cards are drawn: the default faces, no names on hover."""

    card_style: str = "italian"
    names_on_hover: bool = False


# ------------------------------------------------------------------ a table's deals


@router.get("/tables/{table_id}/deals")
async def table_deals(request: Request, table_id: str, site: SiteDep) -> Response:
    """A table's finished deals, each with a link to replay it and one to download it."""
    try:
        async with site.store.reading(table_id) as table:
            viewer = viewer_seen(request, site, table)
            numbers = table.finished_deals()
            context: dict[str, Any] = {
                "table_id": table_id,
                "game_name": gettext(GAMES[table.game].name),
                "numbers": numbers,
                "seat_names": viewer_names(table, viewer if viewer is not None else -1),
            }
    except DamagedTable as error:
        damaged = error.damaged
        shown = may_download(request, damaged)
        context = {
            "table_id": table_id,
            "game_name": "",
            "numbers": damaged.deals if shown else [],
            "seat_names": [],
        }
    return render(request, "pages/replay_deals.html", context)


@router.get("/tables/{table_id}/deals/{number}")
async def table_replay(
    request: Request, table_id: str, number: str, site: SiteDep, step: str | None = None
) -> Response:
    """Deal ``number`` of the table at ``step`` (0: as dealt, the default)."""
    if number.endswith(".json"):  # a download's address without its number ("/deals/.json")
        raise Problem(404, N_("Not found"), N_("There is nothing at this address."))
    deal_number = address_number(number, "deal", 1, MAX_VERSION)
    try:
        async with site.store.reading(table_id) as table:
            viewer = viewer_seen(request, site, table)
            raw = table.finished_record(deal_number)
            names = viewer_names(table, viewer if viewer is not None else -1)
            faces: Any = table.settings
    except DamagedTable as error:
        damaged = error.damaged
        if not may_download(request, damaged):
            raise Problem(
                403, N_("Not your table"), N_("This table belongs to someone else.")
            ) from None
        raw = await site.store.filed_record(damaged.id, deal_number)
        names, faces = [], Faces()
    if raw is None:
        raise Problem(404, N_("No such deal"), NO_DEAL)
    try:
        shown = await asyncio.to_thread(replay_of, raw, names or _default_names(raw), deal_number)
    except (BadRecord, IllegalActionAt, Unfinished):
        raise Problem(404, N_("No such deal"), NO_DEAL) from None
    base = f"/tables/{table_id}/deals/{deal_number}"
    links = {
        "back": f"/tables/{table_id}",
        "back_label": gettext("Back to the table"),
        "download": f"{base}.json",
    }
    title = gettext("Deal %(number)s") % {"number": deal_number}
    return _viewer(request, shown, step, base, links, faces, title)


# ------------------------------------------------------------------ uploads


@router.get("/replay")
async def upload_form(request: Request) -> Response:
    return render(request, "pages/replay_upload.html", {"error": None, "limit": _limit()})


@router.post("/replay")
async def upload(request: Request, site: SiteDep) -> Response:
    """Check an uploaded hand record like ``trionfi replay`` does; keep it for the viewing."""
    try:
        shown = await _uploaded_replay(request)
    except UploadRefused as refusal:
        # The form again with the reason, sent with 200 and the status in a header (as the
        # site's htmx refusals are): a browser logs no failed load for a file it was offered.
        context = {"error": refusal.reason, "limit": _limit()}
        response = render(request, "pages/replay_upload.html", context)
        return refused_with_200(response, refusal.status)
    key = site.uploads.keep(shown)
    return RedirectResponse(f"/replay/{key}", status_code=303)


@router.get("/replay/{key}")
async def uploaded_replay(
    request: Request, key: str, site: SiteDep, step: str | None = None
) -> Response:
    shown = site.uploads.get(key) if KEY.fullmatch(key) else None
    if shown is None:
        message = N_(
            "This replay is no longer kept (uploads are kept for an hour). Upload it again."
        )
        raise Problem(404, N_("No such replay"), message)
    links = {"back": "/replay", "back_label": gettext("Replay another file"), "download": ""}
    return _viewer(request, shown, step, f"/replay/{key}", links, Faces(), gettext("Uploaded deal"))


class UploadRefused(Exception):
    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


async def _uploaded_replay(request: Request) -> Replay:
    """The uploaded file as a finished deal's replay, or ``UploadRefused`` saying why not."""
    try:
        form = await request.form(max_files=1, max_fields=4)
    except Exception:
        raise UploadRefused(f"The file is larger than a hand record ({_limit()}).", 413) from None
    upload = form.get("record")
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise UploadRefused("Choose a hand record file to replay.")
    data = await upload.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise UploadRefused(f"The file is larger than a hand record ({_limit()}).", 413)
    try:
        shown = await asyncio.to_thread(_checked_replay, data)
    except UnicodeDecodeError:
        raise UploadRefused("This file is not text: a hand record is a JSON file.") from None
    except json.JSONDecodeError as error:
        raise UploadRefused(f"This file is not JSON: {error}.") from None
    except RecursionError:
        raise UploadRefused("This file is not JSON: it is nested too deeply.") from None
    except BadRecord as error:
        raise UploadRefused(f"This is not a valid hand record: {error}.") from None
    except IllegalActionAt as error:
        reason = f"Move {error.index + 1} of this record breaks the rules: {error.reason}."
        raise UploadRefused(reason, 422) from None
    except Unfinished:
        reason = "This deal is not finished: only finished deals can be replayed."
        raise UploadRefused(reason, 422) from None
    return shown


def _checked_replay(data: bytes) -> Replay:
    """Check a record as ``trionfi replay`` does, then build its replay (``Unfinished``)."""
    record = parse_record(json.loads(data.decode("utf-8")))
    replay(record)
    return build_replay(record, list(seat_names(record.game.key)), None)


def _limit() -> str:
    return f"{MAX_RECORD_BYTES // 1024} KiB"


# ------------------------------------------------------------------ the viewer


def _viewer(
    request: Request,
    shown: Replay,
    step: str | None,
    base: str,
    links: dict[str, str],
    faces: Any,
    title: str,
) -> Response:
    at = address_number(step, "step", 0, shown.last)
    frame = shown.frame(at or 0)
    context = {
        "replay": shown,
        "frame": frame,
        "base": base,
        "links": links,
        "faces": faces,
        "title": title,
        "game_name": shown.game_name,
    }
    if is_htmx(request):
        return render(request, "partials/replay_response.html", context)
    return render(request, "pages/replay.html", context)


def _default_names(raw: dict[str, Any]) -> list[str]:
    """A damaged table's seat names are lost: the names of a game against the computer."""
    game = raw.get("game")
    return list(seat_names(game if isinstance(game, str) and game in GAMES else DANISH))
