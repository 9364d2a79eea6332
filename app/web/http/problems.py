"""Requests refused before they changed anything, and the pages that say so.

``Untouched`` marks a refusal raised inside a table's ``writing`` block before the table was
changed: the table store keeps its copy in memory (any other exception drops it, since it may
be half changed). ``Problem`` is such a refusal with a page for the person (not found, not your
seat, a bad address); the app turns it into ``error_page``.

An htmx request gets its refusal with status 200 and the real status in ``REFUSAL_HEADER``,
so that the browser's console never reports a failed request while the page says what
happened; a plain request gets the status itself.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from app.i18n import gettext
from app.web.http.render import is_htmx, render

REFUSAL_HEADER = "X-Trionfi-Status"
"""The status of a refusal answered with 200 to htmx (tools and tests read it too)."""


class Untouched(Exception):
    """Raised inside a table's ``writing`` block before anything changed (a refused
    request): the copy in memory is kept. Without this a stream of forged requests would make
    the store read a table back from the database for each of them."""


class Problem(Untouched):
    """A request that gets a page explaining what went wrong (not found, not your seat); it
    is raised before a table is changed, so the table in memory stays as it is."""

    def __init__(self, status: int, title: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.title = title
        self.message = message


def refused_with_200(response: Response, status: int) -> Response:
    """``response`` (already 200) marked with the refusal's real status, for htmx."""
    response.headers[REFUSAL_HEADER] = str(status)
    return response


def error_page(request: Request, status: int, title: str, message: str) -> Response:
    """A page saying what went wrong; for htmx a partial in place of the page's content,
    sent with 200 (and the status in ``REFUSAL_HEADER``) so the console stays clean."""
    # Marked titles and messages (N_ where the Problem is raised) are said in the reader's
    # language here; a message made per request (a table's refusal) is already theirs.
    context = {"title": gettext(title), "message": gettext(message)}
    if not is_htmx(request):
        return render(request, "pages/error.html", context, status)
    response = render(request, "partials/problem_response.html", context)
    response.headers["HX-Retarget"] = "#main"
    response.headers["HX-Reswap"] = "innerHTML"
    return refused_with_200(response, status)
