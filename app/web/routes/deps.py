"""Dependencies of the routes (FastAPI ``Annotated`` aliases) and the seat cookie.

A person's seat is proved by a random secret token in an HttpOnly, SameSite=Lax cookie scoped
to the table's address; the table stores only its hash. A request without the right token is
refused with 403 and a page that says so.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import Response

from app.web.live.computers import Computers
from app.web.storage.store import Damaged, TableStore, Untouched
from app.web.table.model import Table
from app.web.table.programs import ProgramPool

SEAT_COOKIE = "trionfi_seat"
RECENT_COOKIE = "trionfi_recent"
"""The tables this browser sits at, newest first, for the home page's "Your games" and the
``/tables`` list: ``id:seat`` entries joined by dots (entries written before the seat was kept
are a bare id). Unlike the seat cookie it is sent to every page, so it holds nothing secret:
an id without the seat token opens nothing, and the seat number only words the home page."""
COOKIE_AGE = 60 * 60 * 24 * 365
RECENT_COUNT = 8
TABLE_ID_LIMIT = 32


class Problem(Untouched):
    """A request that gets a page explaining what went wrong (not found, not your seat); it
    is raised before a table is changed, so the table in memory stays as it is."""

    def __init__(self, status: int, title: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.title = title
        self.message = message


def get_store(request: Request) -> TableStore:
    store: TableStore = request.app.state.store
    return store


StoreDep = Annotated[TableStore, Depends(get_store)]


def get_programs(request: Request) -> ProgramPool:
    programs: ProgramPool = request.app.state.programs
    return programs


ProgramsDep = Annotated[ProgramPool, Depends(get_programs)]


def get_computers(request: Request) -> Computers:
    computers: Computers = request.app.state.computers
    return computers


ComputersDep = Annotated[Computers, Depends(get_computers)]


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


def seat_of(request: Request, table: Table) -> int | None:
    token = request.cookies.get(SEAT_COOKIE)
    for index, seat in enumerate(table.seats):
        if seat.admits(token):
            return index
    return None


def require_person(request: Request, table: Table) -> int:
    """The requester's seat at ``table``: seat 0 against the computer, any seat at a friends'
    table; a request without a seat is refused."""
    seat = seat_of(request, table)
    if seat is None or (not table.is_friends and seat != 0):
        if table.is_friends:
            raise Problem(
                403,
                "Not your seat",
                "Only the people seated at this table can do that; you are watching.",
            )
        raise Problem(
            403,
            "Not your seat",
            "This table belongs to someone else, or this browser lost its seat. "
            "Start a new game from the home page.",
        )
    return seat


def viewer_of(request: Request, table: Table) -> int | None:
    """Who looks at the table: a seat, or None for a spectator of a friends' table. A table
    against the computer is shown to its person only."""
    if table.is_friends:
        return seat_of(request, table)
    return require_person(request, table)


def set_seat_cookie(response: Response, table_id: str, token: str) -> None:
    response.set_cookie(
        SEAT_COOKIE,
        token,
        max_age=COOKIE_AGE,
        path=f"/tables/{table_id}",
        httponly=True,
        samesite="lax",
    )


def recent_entries(request: Request) -> list[tuple[str, int | None]]:
    """This browser's tables, newest first: (id, its seat there, or None if not kept)."""
    entries = []
    for part in request.cookies.get(RECENT_COOKIE, "").split("."):
        table_id, _, seat = part.partition(":")
        if table_id and len(table_id) <= TABLE_ID_LIMIT:
            known = seat.isascii() and seat.isdigit() and len(seat) < 3
            entries.append((table_id, int(seat) if known else None))
    return entries[:RECENT_COUNT]


def recent_tables(request: Request) -> list[str]:
    return [table_id for table_id, _ in recent_entries(request)]


def remember_table(request: Request, response: Response, table_id: str, seat: int | None) -> None:
    """Put the table at the head of this browser's list (the seat is the one it took)."""
    entries = [(table_id, seat), *((i, s) for i, s in recent_entries(request) if i != table_id)]
    store_recent(response, entries[:RECENT_COUNT])


def forget_table(request: Request, response: Response, table_id: str) -> None:
    """Take the table off this browser's list (the seat cookie stays: the link still works)."""
    store_recent(response, [(i, s) for i, s in recent_entries(request) if i != table_id])


def store_recent(response: Response, entries: list[tuple[str, int | None]]) -> None:
    value = ".".join(i if seat is None else f"{i}:{seat}" for i, seat in entries)
    response.set_cookie(
        RECENT_COOKIE, value, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax"
    )
