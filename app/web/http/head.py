"""``HEAD`` answered wherever ``GET`` is: the same status and headers, and no body.

FastAPI's routes take only the methods they declare, so ``HEAD`` (which monitors, link
checkers and ``curl -I`` send) got 405 everywhere, ``/healthz`` included. Rather than a second
decorator on every route, present and future, one ASGI middleware, the outermost, hands each
``HEAD`` request to the app as a ``GET`` and drops the body the app sends back. The response is
therefore built as for ``GET`` (cheap for these pages), and its status and headers, the
Content-Length and Content-Type included, are exactly those of ``GET`` (RFC 9110, 9.3.2). A
404 stays a 404 and a POST-only address still answers 405. The scope is copied, not changed,
so the server underneath still knows the request was ``HEAD``.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    """ASGI middleware: ``HEAD`` is ``GET`` without the body (see the module's note)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_without_body)
