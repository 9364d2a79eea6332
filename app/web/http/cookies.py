"""The three cookies of the site: a person's seat token, this browser's list of tables, and
the player cookie its statistics are kept under.

A person's seat is proved by a random secret token in an HttpOnly, SameSite=Lax cookie scoped
to the table's address; the table stores only its hash (``Seat.admits``). The list of tables
("Your games" on the home page, the top of ``/tables``) is a second cookie sent to every page,
so it holds nothing secret. The player cookie names the browser as a player, for "Your
statistics" (``/stats``): a random secret the server hands out when the browser takes a seat,
kept by the server only as its hash (``Seat.player``, the database's ``players``).
"""

from __future__ import annotations

import re

from fastapi import Request
from fastapi.responses import Response

SEAT_COOKIE = "trionfi_seat"
RECENT_COOKIE = "trionfi_recent"
PLAYER_COOKIE = "trionfi_player"
PLAYER_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
"""A player cookie as ``new_token`` makes them (24 random bytes, URL-safe base64)."""
"""The tables this browser sits at, newest first, for the home page's "Your games" and the
``/tables`` list: ``id:seat`` entries joined by dots (entries written before the seat was kept
are a bare id). Unlike the seat cookie it is sent to every page, so it holds nothing secret:
an id without the seat token opens nothing, and the seat number only words the home page."""
COOKIE_AGE = 60 * 60 * 24 * 365
RECENT_COUNT = 8
TABLE_ID_LIMIT = 32


def seat_token(request: Request) -> str | None:
    """The seat token this browser sends to the table's addresses, if any."""
    return request.cookies.get(SEAT_COOKIE)


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


def reseat_recent(request: Request, response: Response, table_id: str, seat: int) -> None:
    """Correct the seat of the table's entry, in its place, once the draw for partners moved
    this browser's person to another seat (rules.md 3.1a); nothing if the entry is right."""
    entries = recent_entries(request)
    if all(i != table_id or s in (None, seat) for i, s in entries):
        return
    store_recent(response, [(i, seat if i == table_id else s) for i, s in entries])


def forget_table(request: Request, response: Response, table_id: str) -> None:
    """Take the table off this browser's list (the seat cookie stays: the link still works)."""
    store_recent(response, [(i, s) for i, s in recent_entries(request) if i != table_id])


def store_recent(response: Response, entries: list[tuple[str, int | None]]) -> None:
    value = ".".join(i if seat is None else f"{i}:{seat}" for i, seat in entries)
    response.set_cookie(
        RECENT_COOKIE, value, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax"
    )


def player_token(request: Request) -> str | None:
    """This browser's player cookie, if it sends a well-formed one."""
    token = request.cookies.get(PLAYER_COOKIE)
    return token if token is not None and PLAYER_TOKEN.fullmatch(token) else None


def sends_player_cookie(request: Request) -> bool:
    """Whether the browser sends a player cookie at all (well-formed or not)."""
    return PLAYER_COOKIE in request.cookies


def set_player_cookie(response: Response, token: str) -> None:
    """Hand out (or renew for another year) the browser's player cookie."""
    response.set_cookie(
        PLAYER_COOKIE, token, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax"
    )
