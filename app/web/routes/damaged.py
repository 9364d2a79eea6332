"""A table whose saved row this version cannot read (corrupt, or written in a form it does not
know): its page says so in plain words, the list of tables marks it, and its finished deals,
kept as rows of their own, can still be downloaded.

Who may download them is who may see the table: anyone at a friends' table, and at a table
against the computer only its person, as far as the damaged row still shows their seat.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from app.engine.games import GAMES
from app.i18n import N_
from app.web.http.cookies import seat_token
from app.web.http.problems import Problem
from app.web.http.render import render
from app.web.storage.database import Damaged
from app.web.storage.store import TableStore
from app.web.table.model import Seat


class TableDamaged(Problem):
    """The table's saved row cannot be read: its page says so and offers its finished deals."""

    def __init__(self, damaged: Damaged) -> None:
        super().__init__(
            500,
            "This table is damaged",
            "This table was saved, but its saved state is damaged or was written by a version "
            "of Trionfi that this one cannot read, so it cannot be shown or played any more.",
        )
        self.damaged = damaged


def may_download(request: Request, damaged: Damaged) -> bool:
    if damaged.is_friends:
        return True
    token = seat_token(request)
    return any(Seat("person", "", token_hash=known).admits(token) for known in damaged.seat_hashes)


def damaged_page(request: Request, error: TableDamaged) -> Response:
    """The damaged table's page: what happened, and its finished deals to download."""
    damaged = error.damaged
    shown = may_download(request, damaged)
    context = {
        "title": error.title,
        "message": error.message,
        "table_id": damaged.id,
        "code": damaged.code,
        "deals": damaged.deals if shown else [],
        "hidden": not shown and bool(damaged.deals),
    }
    return render(request, "pages/damaged.html", context, error.status)


async def damaged_download(
    request: Request, store: TableStore, damaged: Damaged, number: int
) -> Response:
    """A finished deal of a damaged table, as it was filed."""
    if not may_download(request, damaged):
        raise Problem(403, N_("Not your table"), N_("This table belongs to someone else."))
    record = await store.filed_record(damaged.id, number)
    if record is None:
        raise Problem(
            404, N_("No such deal"), N_("That deal's hand record is not kept, or cannot be read.")
        )
    game = record.get("game")
    known = game if isinstance(game, str) and game in GAMES else "deal"
    return record_download(record, known, damaged.id, number)


def record_download(record: dict[str, Any], game: str, table_id: str, number: int) -> Response:
    """A hand record as a file to save."""
    name = f"trionfi-{game}-{table_id}-deal-{number}.json"
    return Response(
        json.dumps(record, indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
