"""Two guards in front of every route: state-changing requests must come from our own pages,
and no request body may be large.

Same origin: a POST (or any method other than GET, HEAD, OPTIONS) whose ``Origin`` header,
or failing that ``Referer``, names another site than the ``Host`` it was sent to is refused
with 403 before any route runs. Browsers send ``Origin`` with every POST, so a page on another
site cannot make a friend's browser act at a table (the SameSite cookie refuses that too).
A request with neither header comes from a program, not a browser, and is let through.

Size: the forms of these pages are a few hundred bytes; a body over ``MAX_BODY`` is refused
with 413, whether it declares its length or streams it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 16 * 1024
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def same_origin(headers: Headers) -> bool:
    """Whether the request's Origin (or Referer) is the host it was sent to."""
    host = headers.get("host", "").lower()
    source = headers.get("origin") or headers.get("referer")
    if source is None:
        return True
    if source == "null":
        return False
    return urlsplit(source).netloc.lower() == host


class Guard:
    """ASGI middleware: the same-origin rule and the body limit (see the module's note)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not same_origin(headers):
            await refuse(403, "Refused: this request came from another site.", scope, receive, send)
            return
        declared = headers.get("content-length", "0")
        if not declared.isdigit() or int(declared) > MAX_BODY:
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
