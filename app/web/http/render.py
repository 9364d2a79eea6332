"""Templating and responses: a whole page for a plain request, a partial for htmx.

Static files are addressed with a content hash (``/static/css/site.css?v=1a2b3c4d``), so the
server can let browsers keep them for a year; card faces too. Every page response varies on
``HX-Request`` (design.md Part 2), since the same address answers with a page or a partial.
"""

from __future__ import annotations

import hashlib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape

from app import i18n
from app.paths import STATIC_DIR, TEMPLATES_DIR
from app.web.http.language import here
from app.web.http.words import decimal, say, seat_name

HTMX = "vendor/htmx-2.0.11.min.js"


@cache
def asset_version(relative: str) -> str:
    """A short hash of a static file (or of a folder's files) for cache-busting URLs."""
    path = STATIC_DIR / relative
    digest = hashlib.sha256()
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for file in files:
        if file.exists():
            digest.update(file.name.encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:10]


def static_url(relative: str) -> str:
    return f"/static/{relative}?v={asset_version(relative)}"


@cache
def face_folder(card_code: str, style: str, language: str) -> str:
    """The folder of a card's face in ``style``: ``cards/four-colour``, ``cards/french`` (a
    French court in the reader's language's letters: ``cards/french/<language>``, where there
    is one), else the default ``cards``."""
    candidates = {
        "four-colour": ["cards/four-colour"],
        "french": [f"cards/french/{language}", "cards/french"],
    }.get(style, [])
    for folder in candidates:
        if (STATIC_DIR / folder / f"{card_code}.svg").exists():
            return folder
    return "cards"


def card_src(card_code: str, style: str = "italian") -> str:
    """The address of a card's face in a card style (``TableSettings.card_style``)."""
    folder = face_folder(card_code, style, i18n.current_language())
    return f"/static/{folder}/{card_code}.svg?v={asset_version('cards')}"


def back_src() -> str:
    return f"/static/cards/back.svg?v={asset_version('cards')}"


class FaceSettings(Protocol):
    """The table settings that change how a card face is drawn."""

    @property
    def card_style(self) -> str: ...

    @property
    def names_on_hover(self) -> bool: ...


def card_face(card_code: str, name: str, settings: FaceSettings) -> Markup:
    """The picture of a card its viewer may see, the one way every page draws a face.

    The alt text is the card's name whatever the settings, so that screen readers always hear
    it; the ``title`` (the name on mouseover) only with the setting "Card names on mouseover".
    A card back is never drawn here: it carries no identity (design.md 1.6).
    """
    title = f' title="{escape(name)}"' if settings.names_on_hover else ""
    return Markup(
        f'<img src="{escape(card_src(card_code, settings.card_style))}" alt="{escape(name)}" '
        f'width="240" height="360"{title}>'
    )


def signed(amount: int | float) -> str:
    """+5, −5, 0: amounts of tokens with a real minus sign."""
    if isinstance(amount, float) and not amount.is_integer():
        text = decimal(round(abs(amount), 1))  # 43.3; Danish and German 43,3
    else:
        text = decimal(abs(int(amount)), 0)
    return f"+{text}" if amount > 0 else f"−{text}" if amount < 0 else "0"


def number(amount: int | float) -> str:
    """A number as every page shows it: 94, −94 (a real minus sign, U+2212, never the
    hyphen), 43.3; no sign for a positive number (``signed`` writes one)."""
    if isinstance(amount, float) and not amount.is_integer():
        text = decimal(round(abs(amount), 1))  # 43.3; Danish and German 43,3
    else:
        text = decimal(abs(int(amount)), 0)
    return f"−{text}" if amount < 0 else text


def make_templates(directory: Path = TEMPLATES_DIR) -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(directory))
    env = templates.env
    # The templates are part of the program, read once: a render does not stat every file
    # it includes to see whether it changed (a change needs a restart, as the code does).
    env.auto_reload = False
    env.add_extension("jinja2.ext.i18n")
    # Every word of a template is translated when drawn, into the current language (set for
    # the request by app.web.http.language); newstyle: ``_("%(n)s cards", n=3)``, autoescaped.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext,
        i18n.ngettext,
        newstyle=True,
        pgettext=i18n.pgettext,
        npgettext=i18n.npgettext,
    )
    env.globals.update(
        static_url=static_url,
        card_src=card_src,
        card_face=card_face,
        back_src=back_src,
        htmx_src=static_url(HTMX),
        current_language=i18n.current_language,
        languages=i18n.LANGUAGES,
        here=here,
    )
    env.globals["trick_row"] = _row_drawer(env)
    env.filters["signed"] = signed
    env.filters["number"] = number
    env.filters["say"] = say  # an engine Phrase (a card's name) in the reader's language
    env.filters["seat_name"] = seat_name  # "You", "Left"... translated, people's names kept
    env.trim_blocks = True
    env.lstrip_blocks = True
    return templates


ROWS_DRAWN = 4096
"""Drawn rows of the tricks panel kept (``trick_row``)."""


def _row_drawer(env: Any) -> Any:
    """``trick_row(row, viewer)`` for the templates: the finished trick's row of the tricks
    panel (``partials/trick_row.html``), drawn once per language and viewer and kept (a
    finished trick never changes; every answer that shows the table draws the panel)."""
    template = env.get_template("partials/trick_row.html")

    @lru_cache(maxsize=ROWS_DRAWN)
    def drawn(language: str, row: Any, viewer: int | None) -> Markup:
        return Markup(template.render(row=row, viewer=viewer))

    def trick_row(row: Any, viewer: int | None) -> Markup:
        return drawn(i18n.current_language(), row, viewer)

    return trick_row


def is_htmx(request: Request) -> bool:
    """An htmx request that wants a partial (not a history restore, which wants a page)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


def render(
    request: Request, template: str, context: dict[str, Any], status_code: int = 200
) -> HTMLResponse:
    """The page or partial ``template`` drawn from ``context`` alone: the request itself is not
    handed to templates (through it a template could reach the app, its store and every hand
    in play; no template of ours uses it), so what a page can show is what its route gives."""
    templates: Jinja2Templates = request.app.state.templates
    html = templates.get_template(template).render(context)
    response = HTMLResponse(html, status_code=status_code)
    response.headers["Vary"] = "HX-Request"
    response.headers["Cache-Control"] = "no-store"
    return response


def no_content() -> Response:
    return Response(status_code=204)
