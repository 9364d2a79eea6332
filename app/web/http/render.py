"""Templating and responses: a whole page for a plain request, a partial for htmx.

Static files are addressed with a content hash (``/static/css/site.css?v=1a2b3c4d``), so the
server can let browsers keep them for a year; card faces too. Every page response varies on
``HX-Request`` (design.md Part 2), since the same address answers with a page or a partial.
"""

from __future__ import annotations

import hashlib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple, Protocol

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
    env.filters["signed"] = signed
    env.filters["number"] = number
    env.filters["say"] = say  # an engine Phrase (a card's name) in the reader's language
    env.filters["seat_name"] = seat_name  # "You", "Left"... translated, people's names kept
    env.trim_blocks = True
    env.lstrip_blocks = True
    # Last: the drawers compile their partials now, with the filters and settings above.
    env.globals["trick_row"] = _row_drawer(env)
    env.globals["hand_cards"] = _hand_drawer(env)
    env.globals["seat_box"] = _seat_drawer(env)
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


CARDS_DRAWN = 4096
"""Drawn cards of the hand kept (``hand_cards``): 78 cards in each of a few states and styles
per language."""
HANDS_DRAWN = 2048
"""Drawn hands kept (``hand_cards``): a hand is drawn again only when it changed."""


class FaceStyle(NamedTuple):
    """The face settings of a drawn card (``FaceSettings``), as a key of the kept drawings."""

    card_style: str
    names_on_hover: bool

    @classmethod
    def of(cls, settings: FaceSettings) -> FaceStyle:
        return cls(settings.card_style, settings.names_on_hover)


def _hand_drawer(env: Any) -> Any:
    """``hand_cards(hand, rows, mode, settings, focus_at=-1)`` for the templates: the buttons
    of the viewer's hand (``partials/hand_card.html``) with the row ends between them
    (``HandRows``), the button at ``focus_at`` with autofocus. Each card is drawn once per
    language, state and style, and each hand once until it changes, and kept: every answer
    that shows the table shows the hand, mostly as it was (a poll while the computers play),
    and the drawing was a quarter of such an answer's CPU (issue 20)."""
    template = env.get_template("partials/hand_card.html")

    @lru_cache(maxsize=CARDS_DRAWN)
    def card(language: str, mode: str, view: Any, face: FaceStyle, autofocus: bool) -> str:
        html: str = template.render(c=view, mode=mode, s=face, autofocus=autofocus)
        return html

    @lru_cache(maxsize=HANDS_DRAWN)
    def drawn(
        language: str, mode: str, hand: tuple[Any, ...], rows: Any, face: FaceStyle, focus_at: int
    ) -> Markup:
        parts = []
        for index, view in enumerate(hand):
            parts.append(card(language, mode, view, face, index == focus_at))
            ends = rows.ends_after(index)
            if ends:
                parts.append(f'<span class="row-end {ends}" aria-hidden="true"></span>')
        return Markup("\n".join(parts))

    def hand_cards(
        hand: list[Any], rows: Any, mode: str, settings: FaceSettings, focus_at: int = -1
    ) -> Markup:
        face = FaceStyle.of(settings)
        return drawn(i18n.current_language(), mode, tuple(hand), rows, face, focus_at)

    return hand_cards


SEATS_DRAWN = 4096
"""Drawn seats kept (``seat_box``)."""


def _seat_drawer(env: Any) -> Any:
    """``seat_box(seat, base, match_on, is_host, settings, oob_swap=False)`` for the
    templates: one seat of the table (``partials/seat.html``), drawn once per language until
    it changes and kept (the seats were a quarter of a table answer's drawing, issue 20)."""
    template = env.get_template("partials/seat.html")

    @lru_cache(maxsize=SEATS_DRAWN)
    def drawn(
        language: str,
        seat: Any,
        base: str,
        match_on: bool,
        is_host: bool,
        face: FaceStyle,
        oob_swap: bool,
    ) -> Markup:
        context = {"seat": seat, "base": base, "match_on": match_on, "is_host": is_host}
        return Markup(template.render(context, s=face, oob_swap=oob_swap))

    def seat_box(
        seat: Any,
        base: str,
        match_on: bool,
        is_host: bool,
        settings: FaceSettings,
        oob_swap: bool = False,
    ) -> Markup:
        face = FaceStyle.of(settings)
        language = i18n.current_language()
        return drawn(language, seat, base, match_on, is_host, face, oob_swap)

    return seat_box


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
