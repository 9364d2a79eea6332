"""Two guards in front of every route: state-changing requests must come from our own pages,
and no request body may be large.

Same origin: a POST (or any method other than GET, HEAD, OPTIONS) whose ``Origin`` header,
or failing that ``Referer``, names another origin than the request's own is refused with 403
before any route runs. An origin is the scheme, host and port: the request's own are its
scheme (``http``, or ``https`` behind a proxy that says so) and its ``Host`` header, and a
missing port is the scheme's default, so ``http://h`` is ``http://h:80`` but neither
``https://h`` nor ``http://h:8000``. Browsers send ``Origin`` with every POST, so a page on
another site (or on a plain-http page of the same host) cannot make a friend's browser act at
a table (the SameSite cookie refuses that too). A request with neither header comes from a
program, not a browser, and is let through.

Size: the forms of these pages are a few hundred bytes; a body over ``MAX_BODY`` is refused
with 413, whether it declares its length or streams it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.http.reading import whole_number

MAX_BODY = 16 * 1024
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int | None]
"""Scheme, host and port, lower case, the port filled in from the scheme if left out."""


def origin_of(url: str) -> Origin | None:
    """The origin of ``url`` (``scheme://host[:port]...``); None if it has none or a bad port."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        return None
    if not scheme or not parts.hostname:
        return None
    return scheme, parts.hostname, DEFAULT_PORTS.get(scheme) if port is None else port


def same_origin(headers: Headers, scheme: str) -> bool:
    """Whether the request's Origin (or Referer) is the origin it was sent to: ``scheme``
    (the request's own) with its ``Host``."""
    source = headers.get("origin", headers.get("referer"))
    if source is None:
        return True
    own = origin_of(f"{scheme}://{headers.get('host', '')}")
    return own is not None and origin_of(source) == own


class Guard:
    """ASGI middleware: the same-origin rule and the body limit (see the module's note)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not same_origin(headers, scope["scheme"]):
            await refuse(403, "Refused: this request came from another site.", scope, receive, send)
            return
        if whole_number(headers.get("content-length", "0"), 0, MAX_BODY) is None:
            await refuse(413, "Refused: that request is too large.", scope, receive, send)
            return
        await self.app(scope, limited(receive), send)


def limited(receive: Receive) -> Receive:
    """``receive`` that stops a streamed body at ``MAX_BODY`` bytes."""
    seen = 0

    async def read() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge
        return message

    return read


class BodyTooLarge(Exception):
    """A streamed body went past the limit; the form reader then sees no form."""


async def refuse(status: int, text: str, scope: Scope, receive: Receive, send: Send) -> None:
    response = PlainTextResponse(text, status_code=status)
    await response(scope, receive, send)
