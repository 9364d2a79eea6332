"""The answer a visit to a table gets: a frame of the game, or a friends' table's lobby.

A ``Visit`` is one request at one table: who asks (a seat, or None for a spectator, someone
without a seat at a friends' table, who sees only what everyone may see), at which table, in
which app. Every answer is built for its viewer: their own hand, their own announcements,
their own name read as "You". The table itself stays here: templates get the frame or the
lobby, built from the viewer's observation and a read-only view of the table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import Response

from app.web.http.problems import refused_with_200
from app.web.http.qr import qr_svg
from app.web.http.render import is_htmx, render
from app.web.show.frame import Frame
from app.web.show.lobby import Lobby
from app.web.show.pacing import make_frame
from app.web.show.tableview import table_view
from app.web.show.timeline import SPECTATOR
from app.web.site import Site
from app.web.table.model import Table

POLL_MS = 500
"""After an answer, a friends' table's page asks again within this many milliseconds."""
POLL_WAIT = 15
"""Seconds a poll waits for a change before it answers 204 (``app.web.routes.live``)."""
PAGE_HEADER = "X-Trionfi-Page"
"""Each friends' table page sends its own random id with every htmx request (hx-headers)."""

Announcements = tuple[str, list[Any]]
"""How the ``#announcements`` region changes out of band: ``innerHTML`` (replaced) or
``beforeend`` (appended), and the events to show."""


def key_of(viewer: int | None) -> int:
    """The timeline key of a viewer."""
    return SPECTATOR if viewer is None else viewer


@dataclass(frozen=True)
class Visit:
    """One request at one table, and who asks: a seat, or None for a spectator."""

    request: Request
    site: Site
    table: Table
    viewer: int | None

    def frame(self, step: int | None = None, **kwargs: Any) -> Frame:
        """The frame at ``step`` (the latest when None) as the viewer sees it."""
        table = self.table
        presence = self.site.presence.states(table) if table.is_friends else ()
        timeline = self.site.timelines.of(table, key_of(self.viewer))
        return make_frame(table, timeline, step, presence=presence, **kwargs)

    def lobby(self, message: str | None = None, message_kind: str = "info") -> Lobby:
        presence = self.site.presence.states(self.table)
        return Lobby(table_view(self.table), self.viewer, presence, message, message_kind)

    def mark(self) -> str:
        """What the page shows of the table besides the deal (``Presence.marks``)."""
        return self.site.presence.marks(self.table)


# ------------------------------------------------------------------ answers


def respond(
    visit: Visit, frame: Frame, *, status: int = 200, oob: Announcements | None = None
) -> Response:
    request, table = visit.request, visit.table
    htmx = is_htmx(request)
    template = "partials/table_response.html" if htmx else "pages/table.html"
    context: dict[str, Any] = {"frame": frame, "view": frame, "oob": oob, "htmx": htmx}
    if table.is_friends or frame.thinking:
        context.update(poll_ms=POLL_MS, poll_wait=POLL_WAIT, mark=visit.mark())
        if htmx and request.method == "POST":
            # The answer to the page's own action: a poll of that page sent before it (and
            # queued in the browser) must not announce again what this answer shows. Only
            # these answers are noted, and each only once (``PollBus.answered_past``): the
            # page drops any answer whose element was redrawn meanwhile, and must then get
            # what it missed from its next poll.
            visit.site.bus.note_answered(table.id, page_of(request), frame.version)
    if not htmx:
        context.update(invite_context(visit))
    return render(request, template, context, status_code=status)


def respond_presence(visit: Visit, frame: Frame, shown_mark: str = "") -> Response:
    """Only the presence changed: the seat panels, the status line and the poll, out of band,
    and no swap of the table (``HX-Reswap: none``), so that a tap on a card is never lost to
    a redraw. ``shown_mark`` is what the page showed (its poll's ``p``)."""
    context: dict[str, Any] = {"frame": frame, "view": frame}
    context.update(poll_ms=POLL_MS, poll_wait=POLL_WAIT, mark=visit.mark())
    context["news"] = absence_news(frame, shown_mark, context["mark"])
    response = render(visit.request, "partials/presence_response.html", context)
    response.headers["HX-Reswap"] = "none"
    return response


def absence_news(frame: Frame, shown_mark: str, mark: str) -> str:
    """What the live region says when the person to move went away (or a computer now plays
    for them): the new status line; nothing when their presence did not change."""
    turn = frame.obs.turn
    if turn < 0 or not frame.is_latest or shown_mark[turn : turn + 1] == mark[turn : turn + 1]:
        return ""
    return frame.absence(turn)


def respond_lobby(visit: Visit, lobby: Lobby, status: int = 200) -> Response:
    htmx = is_htmx(visit.request)
    template = "partials/table_response.html" if htmx else "pages/table.html"
    context: dict[str, Any] = {"lobby": lobby, "view": lobby, "htmx": htmx}
    context.update(poll_ms=POLL_MS, poll_wait=POLL_WAIT, mark=visit.mark())
    if not htmx:
        context.update(invite_context(visit))
    response = render(visit.request, template, context, status_code=200 if htmx else status)
    if htmx and status != 200:
        refused_with_200(response, status)
    return response


def refuse(visit: Visit, message: str, status: int) -> Response:
    """A fresh table with the reason, nothing changed.

    A plain request gets the refusal's status (409, 422, 400). An htmx request gets 200, so
    that the browser's console never reports a failed request, with the status in
    ``REFUSAL_HEADER``; the page says what happened either way.
    """
    if not visit.table.started:
        return view_response(visit, message=message, status=status)
    frame = visit.frame(message=message, message_kind="error")
    if is_htmx(visit.request):
        return refused_with_200(respond(visit, frame), status)
    return respond(visit, frame, status=status)


def view_response(visit: Visit, *, message: str | None = None, status: int = 200) -> Response:
    """The table as the viewer sees it now: the lobby, or the latest frame of the game."""
    kind = "error" if status >= 400 else "info"
    if not visit.table.started:
        return respond_lobby(visit, visit.lobby(message, kind), status)
    if status >= 400:
        return refuse(visit, message or "That was refused.", status)
    return respond(visit, visit.frame(message=message, message_kind=kind))


# ------------------------------------------------------------------ links


def site_base(visit: Visit) -> str:
    """The address other devices reach this server at, ending in "/".

    A browser on the host machine may have opened ``localhost``: the invite link then uses
    the LAN address ``trionfi serve`` found (``Site.lan_base``), so that a phone can follow
    it. Otherwise the address the browser used is the right one.
    """
    request = visit.request
    lan = visit.site.lan_base
    if lan and is_loopback(request.url.hostname or ""):
        return lan
    return str(request.base_url)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def invite_context(visit: Visit) -> dict[str, Any]:
    """The invite link, code and QR code, and the viewer's private rejoin link."""
    table, viewer = visit.table, visit.viewer
    if not table.is_friends:
        return {}
    base = site_base(visit)
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


def page_id() -> str:
    """A page's own id, sent back with its htmx requests in ``PAGE_HEADER``."""
    return secrets.token_hex(6)


def page_of(request: Request) -> str:
    return request.headers.get(PAGE_HEADER, "")[:32]
