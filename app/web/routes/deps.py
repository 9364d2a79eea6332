"""What a route is given: its app's ``Site`` (a FastAPI ``Annotated`` dependency), and who is
asking at a table.

A person's seat is proved by the seat cookie (``app.web.http.cookies``): a random secret
token whose hash the seat keeps. A request without the right token is refused with 403 and a
page that says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from app.i18n import N_
from app.web.http.cookies import player_token, seat_token
from app.web.http.problems import Problem
from app.web.site import Site
from app.web.table.model import Table, hash_token, new_token


async def get_site(request: Request) -> Site:
    """The app's ``Site``. Async on purpose: FastAPI runs a plain ``def`` dependency in its
    thread pool, a hop between threads on every request (a third of a table answer's CPU)."""
    site: Site = request.app.state.site
    return site


SiteDep = Annotated[Site, Depends(get_site)]


def seat_of(request: Request, table: Table) -> int | None:
    token = seat_token(request)
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
                N_("Not your seat"),
                N_("Only the people seated at this table can do that; you are watching."),
            )
        raise Problem(
            403,
            N_("Not your seat"),
            N_(
                "This table belongs to someone else, or this browser lost its seat. "
                "Start a new game from the home page."
            ),
        )
    return seat


def viewer_of(request: Request, table: Table) -> int | None:
    """Who looks at the table: a seat, or None for a spectator of a friends' table. A table
    against the computer is shown to its person only."""
    if table.is_friends:
        return seat_of(request, table)
    return require_person(request, table)


def viewer_seen(request: Request, site: Site, table: Table) -> int | None:
    """The viewer, marked as present at the table."""
    viewer = viewer_of(request, table)
    site.presence.saw(table.id, viewer)
    return viewer


@dataclass(frozen=True)
class Player:
    """The browser as a player (its statistics): the player cookie's secret token."""

    token: str
    fresh: bool
    """Handed out now: the browser sent none, a malformed one, or one never handed out."""

    @property
    def id(self) -> str:
        """What the server keeps of it (``Seat.player``, the database's ``players``)."""
        return hash_token(self.token)


async def known_player(request: Request, site: Site) -> Player | None:
    """The browser's player, if its cookie is one this server handed out."""
    token = player_token(request)
    if token is None or not await site.store.player_known(hash_token(token)):
        return None
    return Player(token, fresh=False)


async def player_of(request: Request, site: Site) -> Player:
    """The browser's player, or a new one: a forged or malformed cookie is never adopted, so
    no browser can choose whose statistics its deals count for."""
    return await known_player(request, site) or Player(new_token(), fresh=True)
