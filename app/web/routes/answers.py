"""Who is looking, and the response they get: a frame of the game, or a friends' table's lobby.

A viewer is a seat number, or None for a spectator (someone without a seat at a friends'
table, who sees only what everyone may see). Every response is built for its viewer: their
own hand, their own announcements, their own name read as "You".
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import Response

from app.web.http.qr import qr_svg
from app.web.http.render import is_htmx, render
from app.web.live.presence import presence
from app.web.routes.deps import viewer_of
from app.web.show.frame import make_frame
from app.web.show.timeline import SPECTATOR
from app.web.show.views import GAME_NAMES, Frame
from app.web.table.model import Table
from app.web.table.players import player_label

REFUSAL_HEADER = "X-Trionfi-Status"
POLL_MS = 500
"""After an answer, a friends' table's page asks again within this many milliseconds."""
POLL_WAIT = 15
"""Seconds a poll waits for a change before it answers 204 (``app.web.routes.friends``)."""


def key_of(viewer: int | None) -> int:
    """The timeline key of a viewer."""
    return SPECTATOR if viewer is None else viewer


def viewer_seen(request: Request, table: Table) -> int | None:
    """The viewer, marked as present at the table."""
    viewer = viewer_of(request, table)
    presence.saw(table.id, viewer)
    return viewer


def frame_for(table: Table, viewer: int | None, step: int | None = None, **kwargs: Any) -> Frame:
    frame = make_frame(table, step, viewer=key_of(viewer), **kwargs)
    if table.is_friends:
        frame.presence = presence.states(table)
        frame.is_host = viewer is not None and viewer == table.host
    return frame


# ------------------------------------------------------------------ the lobby


@dataclass(frozen=True)
class LobbySeat:
    seat: int
    name: str
    level: str
    is_free: bool
    is_viewer: bool
    is_host: bool
    connected: bool | None


@dataclass
class Lobby:
    """A friends' table waiting for its people."""

    table: Table
    viewer: int | None
    message: str | None = None
    message_kind: str = "info"

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def game_name(self) -> str:
        return GAME_NAMES[self.table.game]

    @property
    def is_host(self) -> bool:
        return self.viewer is not None and self.viewer == self.table.host

    def title(self) -> str:
        waiting = len(self.table.free_seats())
        if waiting:
            who = "1 person" if waiting == 1 else f"{waiting} people"
            return f"Waiting for {who} · {self.game_name} · Trionfi"
        return f"Ready to start · {self.game_name} · Trionfi"

    def seats(self) -> list[LobbySeat]:
        states = presence.states(self.table)
        return [
            LobbySeat(
                seat=index,
                name=seat.name,
                level=player_label(seat) if seat.kind == "bot" else "",
                is_free=seat.is_free,
                is_viewer=index == self.viewer,
                is_host=index == self.table.host,
                connected=states[index],
            )
            for index, seat in enumerate(self.table.seats)
        ]

    def free(self) -> list[int]:
        return self.table.free_seats()

    def presence_mark(self) -> str:
        return presence.marks(self.table)


# ------------------------------------------------------------------ links


def site_base(request: Request) -> str:
    """The address other devices reach this server at, ending in "/".

    A browser on the host machine may have opened ``localhost``: the invite link then uses
    the LAN address ``trionfi serve`` found (``app.state.lan_base``), so that a phone can
    follow it. Otherwise the address the browser used is the right one.
    """
    base = str(request.base_url)
    lan: str | None = getattr(request.app.state, "lan_base", None)
    if lan and is_loopback(request.url.hostname or ""):
        return lan
    return base


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def invite_context(request: Request, table: Table, viewer: int | None) -> dict[str, Any]:
    """The invite link, code and QR code, and the viewer's private rejoin link."""
    if not table.is_friends:
        return {}
    base = site_base(request)
    link = f"{base}tables/{table.id}"
    rejoin = None
    if viewer is not None:
        key = table.seats[viewer].rejoin_key
        rejoin = f"{base}tables/{table.id}/rejoin/{viewer}/{key}" if key else None
    local = is_loopback(urlsplit(base).hostname or "")
    return {
        "page_id": page_id(),
        "invite": link,
        "qr": qr_svg(link),
        "code": table.code,
        "rejoin": rejoin,
        "renew_rejoin": f"/tables/{table.id}/rejoin",
        "invite_is_local": local,
    }


# ------------------------------------------------------------------ responses


def respond(
    request: Request,
    frame: Frame,
    *,
    status: int = 200,
    oob: tuple[str, list[Any]] | None = None,
) -> Response:
    htmx = is_htmx(request)
    template = "partials/table_response.html" if htmx else "pages/table.html"
    context: dict[str, Any] = {"frame": frame, "view": frame, "oob": oob, "htmx": htmx}
    if frame.table.is_friends or frame.thinking:
        context.update(poll_ms=POLL_MS, poll_wait=POLL_WAIT, mark=presence.marks(frame.table))
        if htmx and request.method == "POST":
            # The answer to the page's own action: a poll of that page sent before it (and
            # queued in the browser) must not announce again what this answer shows. Only
            # these answers are noted: a poll's answer may be dropped by the page (its element
            # redrawn meanwhile), and the page must then get it again.
            store = request.app.state.store
            store.note_shown(frame.table.id, page_of(request), frame.version)
    if not htmx:
        context.update(invite_context(request, frame.table, frame.viewer))
    return render(request, template, context, status_code=status)


PAGE_HEADER = "X-Trionfi-Page"
"""Each friends' table page sends its own random id with every htmx request (hx-headers)."""


def page_id() -> str:
    """A page's own id, sent back with its htmx requests in ``PAGE_HEADER``."""
    return secrets.token_hex(6)


def page_of(request: Request) -> str:
    return request.headers.get(PAGE_HEADER, "")[:32]


def respond_presence(request: Request, frame: Frame) -> Response:
    """Only the presence changed: the seat panels and the poll, out of band, and no swap of
    the table (``HX-Reswap: none``), so that a tap on a card is never lost to a redraw."""
    context = {"frame": frame, "view": frame, "poll_ms": POLL_MS, "poll_wait": POLL_WAIT}
    context["mark"] = presence.marks(frame.table)
    response = render(request, "partials/presence_response.html", context)
    response.headers["HX-Reswap"] = "none"
    return response


def respond_lobby(request: Request, lobby: Lobby, status: int = 200) -> Response:
    htmx = is_htmx(request)
    template = "partials/table_response.html" if htmx else "pages/table.html"
    context: dict[str, Any] = {"lobby": lobby, "view": lobby, "htmx": htmx}
    context.update(poll_ms=POLL_MS, poll_wait=POLL_WAIT, mark=presence.marks(lobby.table))
    if not htmx:
        context.update(invite_context(request, lobby.table, lobby.viewer))
    response = render(request, template, context, status_code=200 if htmx else status)
    if htmx and status != 200:
        response.headers[REFUSAL_HEADER] = str(status)
    return response


def refuse(
    request: Request, table: Table, viewer: int | None, message: str, status: int
) -> Response:
    """A fresh table with the reason, nothing changed.

    A plain request gets the refusal's status (409, 422, 400). An htmx request gets 200, so
    that the browser's console never reports a failed request, with the status in
    ``X-Trionfi-Status``; the page says what happened either way.
    """
    if not table.started:
        return view_response(request, table, viewer, message=message, status=status)
    frame = frame_for(table, viewer, message=message, message_kind="error")
    if is_htmx(request):
        response = respond(request, frame)
        response.headers[REFUSAL_HEADER] = str(status)
        return response
    return respond(request, frame, status=status)


def view_response(
    request: Request,
    table: Table,
    viewer: int | None,
    *,
    message: str | None = None,
    status: int = 200,
) -> Response:
    """The table as ``viewer`` sees it now: the lobby, or the latest frame of the game."""
    kind = "error" if status >= 400 else "info"
    if not table.started:
        return respond_lobby(request, Lobby(table, viewer, message, kind), status)
    if status >= 400:
        return refuse(request, table, viewer, message or "That was refused.", status)
    return respond(request, frame_for(table, viewer, message=message, message_kind=kind))
