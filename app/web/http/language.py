"""The language of a request: the reader's choice (the ``trionfi_language`` cookie), else the
browser's Accept-Language, else English.

A pure ASGI middleware sets ``app.i18n``'s current language for the whole request, so every
page, partial and long poll is drawn in the language of whoever asked for it: two seats at one
friends' table each read their own. Every HTML answer varies on the two headers it was chosen
from (``Vary: Accept-Language, Cookie``), so no cache hands one reader's page to another.
"""

from __future__ import annotations

from contextvars import ContextVar
from http.cookies import SimpleCookie

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import LANGUAGES, best_language, use_language

LANGUAGE_COOKIE = "trionfi_language"
VARY = ("Accept-Language", "Cookie")

_here: ContextVar[str] = ContextVar("trionfi_here", default="/")


def here() -> str:
    """The address of the page being drawn (path and query), where the language switch
    returns to."""
    return _here.get()


def safe_next(next_url: str | None) -> str:
    """``next_url`` if it is a same-site relative address ("/tables/ab?x=1"), else "/": never
    another site ("//evil.example", "https://...", "/\\evil")."""
    if (
        not next_url
        or not next_url.startswith("/")
        or next_url.startswith("//")
        or "\\" in next_url
        or any(ord(c) < 32 or c.isspace() for c in next_url)
        or len(next_url) > 2048
    ):
        return "/"
    return next_url


def chosen_language(headers: Headers) -> str:
    """The cookie's language if it names one we speak, else the best of Accept-Language."""
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header chooses nothing
        cookie = SimpleCookie()
    morsel = cookie.get(LANGUAGE_COOKIE)
    if morsel is not None and morsel.value in LANGUAGES:
        return morsel.value
    return best_language(headers.get("accept-language"))


def add_vary(headers: MutableHeaders) -> None:
    """Add ``VARY`` to the response's Vary header, keeping what is there."""
    present = [part.strip() for part in headers.get("vary", "").split(",") if part.strip()]
    lowered = {part.lower() for part in present}
    present += [name for name in VARY if name.lower() not in lowered]
    headers["vary"] = ", ".join(present)


class Language:
    """Speak the reader's language within each HTTP request (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_varied(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if headers.get("content-type", "").startswith("text/html"):
                    add_vary(headers)
            await send(message)

        query = scope.get("query_string", b"").decode("latin-1")
        path = scope.get("path", "/") + (f"?{query}" if query else "")
        token = _here.set(safe_next(path))
        try:
            with use_language(chosen_language(Headers(scope=scope))):
                await self.app(scope, receive, send_varied)
        finally:
            _here.reset(token)
