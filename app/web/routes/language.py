"""The language switch in the site header: a plain form that remembers the reader's choice.

``POST /language`` with ``language`` (one of ``app.i18n.LANGUAGES``) and ``next`` (the page it
came from) sets the ``trionfi_language`` cookie for a year and answers 303 to ``next``, so it
works without JavaScript. ``next`` must be a same-site relative address; any other goes home.
A language we do not speak is a 400 problem, and the cookie is left as it was.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from app.i18n import LANGUAGES, gettext
from app.web.http.cookies import COOKIE_AGE
from app.web.http.language import LANGUAGE_COOKIE, safe_next
from app.web.http.problems import Problem
from app.web.http.reading import read_form, text

router = APIRouter()


@router.post("/language")
async def choose_language(request: Request) -> Response:
    form = await read_form(request)
    language = text(form, "language", "")
    if language not in LANGUAGES:
        names = ", ".join(LANGUAGES.values())
        raise Problem(
            400,
            gettext("No such language"),
            gettext("Trionfi speaks %(names)s.") % {"names": names},
        )
    response = RedirectResponse(safe_next(text(form, "next", "/")), status_code=303)
    response.set_cookie(LANGUAGE_COOKIE, language, max_age=COOKIE_AGE, path="/", samesite="lax")
    return response
