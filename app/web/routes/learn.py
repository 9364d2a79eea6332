"""The pages to learn from: the rules and the strategy of each game, the cards, the computer
players, and the bot protocol (its Markdown as a page, and as plain text to save)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.engine.games import GAMES
from app.i18n import DEFAULT_LANGUAGE, N_, current_language, gettext
from app.paths import STATIC_DIR, TEMPLATES_DIR
from app.protocol import reference_bot
from app.protocol.messages import PROTOCOL
from app.web.http.problems import Problem
from app.web.http.render import render
from app.web.routes.deps import SiteDep
from app.web.show.learn import DIAGRAMS, fool, french_samples, suit_rows, trumps
from app.web.show.markdown import PROTOCOL_MD, SESSION_TXT, markdown_page
from app.web.table.players import PAGE_LEVELS
from app.web.table.programs import FALLBACK_LEVEL

router = APIRouter()

PLAIN_HEADERS = {"Cache-Control": "public, max-age=3600"}
REFERENCE_BOT = Path(reference_bot.__file__)


def game_page(kind: str, game: str) -> tuple[str, bool]:
    """The template of a game's ``kind`` of page (``rules``, ``strategy``) in the reader's
    language, and whether it is the English page shown for want of a translation; an unknown
    game is a 404 page.

    These pages are long prose, translated as whole files (``pages/rules/da/troccas.html``,
    same markup and anchors) rather than message by message."""
    if game not in GAMES:
        names = ", ".join(gettext(rules.name) for rules in GAMES.values())
        raise Problem(
            404, N_("No such game"), gettext("Trionfi knows %(games)s.") % {"games": names}
        )
    page = GAMES[game].pages_key
    language = current_language()
    if language != DEFAULT_LANGUAGE:
        translated = f"pages/{kind}/{language}/{page}.html"
        if (TEMPLATES_DIR / translated).is_file():
            return translated, False
    return f"pages/{kind}/{page}.html", language != DEFAULT_LANGUAGE


def prose_context(game: str, untranslated: bool) -> dict[str, object]:
    """What the base page needs of a prose page: whether it is English under a note, or a
    translator's whole file (marked, since its words are in no catalog)."""
    translated_file = current_language() != DEFAULT_LANGUAGE and not untranslated
    return {"game": game, "untranslated": untranslated, "translated_file": translated_file}


@router.get("/rules")
async def rules_index(request: Request) -> Response:
    return render(request, "pages/rules.html", {})


@router.get("/rules/{game}")
async def rules(request: Request, game: str) -> Response:
    template, untranslated = game_page("rules", game)
    return render(request, template, prose_context(game, untranslated))


@router.get("/strategy")
async def strategy_index(request: Request) -> Response:
    return render(request, "pages/strategy.html", {})


@router.get("/strategy/{game}")
async def strategy(request: Request, game: str) -> Response:
    """How strong players play a game, and how to read the computer players."""
    template, untranslated = game_page("strategy", game)
    diagrams = {diagram.id: diagram for diagram in DIAGRAMS[GAMES[game].pages_key]}
    context = {**prose_context(game, untranslated), "diagrams": diagrams}
    return render(request, template, context)


@router.get("/cards")
async def about_the_cards(request: Request) -> Response:
    """The 78 cards as Trionfi draws them, the games' names and a short history."""
    context = {
        "trumps": trumps(),
        "fool": fool(),
        "suits": suit_rows(),
        "french": french_samples(),
    }
    return render(request, "pages/cards.html", context)


@router.get("/bots")
async def about_bots(request: Request, site: SiteDep) -> Response:
    programs = site.programs
    faults = programs.fault_counts()
    served = [(name, faults.get(name, {})) for name in programs.names]
    context = {"levels": list(PAGE_LEVELS), "programs": served, "fallback": FALLBACK_LEVEL}
    return render(request, "pages/bots.html", context)


def doc_text(name: str) -> str:
    return (STATIC_DIR / "docs" / name).read_text(encoding="utf-8")


PROTOCOL_TITLE = N_("The Trionfi bot protocol, %(protocol)s")
SESSION_TITLE = N_("A complete session of %(protocol)s")
"""The protocol pages' titles: the page around the reference speaks the reader's language, the
reference itself stays English (``lang="en"``, a technical text programs are written to)."""


@router.get("/bots/protocol")
async def protocol_page(request: Request) -> Response:
    """The protocol, as a page of the site: its text in English under a translated title."""
    _, body = markdown_page(doc_text(PROTOCOL_MD), title_in_body=False)
    context = {
        "title": gettext(PROTOCOL_TITLE) % {"protocol": PROTOCOL},
        "body": body,
        "plain": "/bots/protocol.md",
        "session": None,
    }
    return render(request, "pages/protocol.html", context)


@router.get("/bots/protocol/session")
async def protocol_session_page(request: Request) -> Response:
    """The complete example session: each line marked as sent to the program or from it."""
    lines = [
        ("to" if line.startswith(">") else "from" if line.startswith("<") else "", line)
        for line in doc_text(SESSION_TXT).splitlines()
    ]
    context = {
        "title": gettext(SESSION_TITLE) % {"protocol": PROTOCOL},
        "body": None,
        "plain": "/bots/protocol/session.txt",
        "session": lines,
    }
    return render(request, "pages/protocol.html", context)


@router.get("/bots/protocol.md")
async def protocol_text() -> Response:
    """The protocol as written, to copy or save."""
    return PlainTextResponse(doc_text(PROTOCOL_MD), headers=PLAIN_HEADERS)


@router.get("/bots/protocol/session.txt")
async def protocol_session_text() -> Response:
    return PlainTextResponse(doc_text(SESSION_TXT), headers=PLAIN_HEADERS)


@router.get("/bots/reference_bot.py")
async def reference_bot_text() -> Response:
    """The reference bot the protocol page says to start from, to save and run."""
    return PlainTextResponse(REFERENCE_BOT.read_text(encoding="utf-8"), headers=PLAIN_HEADERS)
