"""The pages that are not a table: home (start a match), the rules and the strategy of each game,
about the cards, the bots."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response
from markupsafe import Markup, escape
from starlette.datastructures import FormData

from app.engine.options import OPTION_LABELS, Options
from app.paths import STATIC_DIR
from app.protocol import reference_bot
from app.web.http.render import render
from app.web.routes.deps import (
    TABLE_ID_LIMIT,
    Problem,
    ProgramsDep,
    StoreDep,
    forget_table,
    recent_entries,
)
from app.web.show.learn import DIAGRAMS, fool, suit_rows, trumps
from app.web.show.yourgames import your_games
from app.web.table.forms import NOLO_HELP, OPTION_PREFIX
from app.web.table.model import FOOL_PRESETS, SPEEDS
from app.web.table.players import LEVEL_LABELS, PAGE_LEVELS, available_levels, default_level
from app.web.table.programs import FALLBACK_LEVEL

router = APIRouter()


@dataclass(frozen=True)
class OptionField:
    name: str
    label: str
    explanation: str


def option_fields(game: str) -> list[OptionField]:
    """One checkbox per rule option of ``game`` (rules.md 2.13, 3.7), with its explanation."""
    prefix = OPTION_PREFIX[game]
    return [
        OptionField(prefix + key, OPTION_LABELS[key][0], OPTION_LABELS[key][1])
        for key in Options.keys_for(game)
    ]


NOLO_EXPLANATIONS = {
    "help_0_2": "Left may try to win no trick, counting on you to take the tricks it gives.",
    "help_2_0": "When you try to win no trick, Left helps by taking the tricks you give.",
    "help_0_1": "Right may try to win no trick, counting on you to take the tricks it gives.",
    "help_1_0": "When you try to win no trick, Right helps by taking the tricks you give.",
}


@router.get("/")
async def home(request: Request, store: StoreDep, programs: ProgramsDep) -> Response:
    levels = available_levels()
    recent = await your_games(store, recent_entries(request))
    context = {
        "levels": [(level, LEVEL_LABELS[level]) for level in PAGE_LEVELS if level in levels],
        "default_level": default_level(),
        "danish_options": option_fields("danish-tarok"),
        "troccas_options": option_fields("troccas"),
        "nolo_help": NOLO_HELP,
        "nolo_explanations": NOLO_EXPLANATIONS,
        "speeds": SPEEDS,
        "fool_presets": FOOL_PRESETS,
        "recent": recent,
        "programs": programs.names,
    }
    return render(request, "pages/home.html", context)


TABLE_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{TABLE_ID_LIMIT}}}")
"""A table's id as ``new_table_id`` makes them (URL-safe characters)."""


@router.post("/your-games/forget")
async def forget(request: Request) -> Response:
    """Take a table off "Your games" (its link and seat still work in this browser). A table
    that is not on the list is not on it afterwards either: nothing to refuse."""
    try:
        form = await request.form(max_files=0, max_fields=4)
    except Exception:
        form = FormData()
    table_id = form.get("table")
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise Problem(400, "Cannot forget that game", "The form does not name a table.")
    response = RedirectResponse("/#your-games", status_code=303)
    forget_table(request, response, table_id)
    return response


@router.get("/rules")
async def rules_index(request: Request) -> Response:
    return render(request, "pages/rules.html", {})


RULES_TEMPLATES = {
    "danish-tarok": "pages/rules_danish.html",
    "troccas": "pages/rules_troccas.html",
}
STRATEGY_TEMPLATES = {
    "danish-tarok": "pages/strategy_danish.html",
    "troccas": "pages/strategy_troccas.html",
}


def game_template(templates: dict[str, str], game: str) -> str:
    """The page of ``game`` among ``templates``; an unknown game is a 404 page."""
    if game not in templates:
        raise Problem(404, "No such game", "Trionfi knows Danish Tarok and Swiss Troccas.")
    return templates[game]


@router.get("/rules/{game}")
async def rules(request: Request, game: str) -> Response:
    return render(request, game_template(RULES_TEMPLATES, game), {"game": game})


@router.get("/strategy")
async def strategy_index(request: Request) -> Response:
    return render(request, "pages/strategy.html", {})


@router.get("/strategy/{game}")
async def strategy(request: Request, game: str) -> Response:
    """How strong players play a game, and how to read the computer players."""
    template = game_template(STRATEGY_TEMPLATES, game)
    diagrams = {diagram.id: diagram for diagram in DIAGRAMS[game]}
    return render(request, template, {"game": game, "diagrams": diagrams})


@router.get("/cards")
async def about_the_cards(request: Request) -> Response:
    """The 78 cards as Trionfi draws them, the games' names and a short history."""
    context = {"trumps": trumps(), "fool": fool(), "suits": suit_rows()}
    return render(request, "pages/cards.html", context)


@router.get("/bots")
async def about_bots(request: Request, programs: ProgramsDep) -> Response:
    faults = programs.fault_counts()
    served = [(name, faults.get(name, {})) for name in programs.names]
    context = {"levels": available_levels(), "programs": served, "fallback": FALLBACK_LEVEL}
    return render(request, "pages/bots.html", context)


# ------------------------------------------------------------------ the bot protocol's pages
#
# The protocol is written in Markdown (static/docs/bot-protocol.md, read on GitHub too). The site
# shows it as a page of its own, converted by the few lines below: exactly the subset the file
# uses (headings, paragraphs, "- " lists, fenced code, pipe tables; `code`, **strong** and
# [links]), every character of the text escaped. The plain text stays a link away.

PROTOCOL_MD = "bot-protocol.md"
SESSION_TXT = "bot-protocol-session.txt"
PLAIN_HEADERS = {"Cache-Control": "public, max-age=3600"}
REFERENCE_BOT = Path(reference_bot.__file__)
DOC_LINKS = {
    SESSION_TXT: "/bots/protocol/session",
    PROTOCOL_MD: "/bots/protocol",
    "../../app/protocol/reference_bot.py": "/bots/reference_bot.py",
}
"""Links between the docs, as the site serves them (the file links them as neighbours)."""

INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)")
HEADING = re.compile(r"(#{1,4}) +(.+)")
FENCE = "```"


def link_target(target: str) -> str | None:
    """Where a link of the docs leads on this site; None for a file of the source tree that
    the server does not serve (its text stays, without a link)."""
    if target in DOC_LINKS:
        return DOC_LINKS[target]
    if target.startswith(("https://", "http://", "#")) or re.match(r"/[^/]", target):
        return target
    return None


def inline(text: str) -> Markup:
    """One line's text: `code`, **strong**, [label](target); everything else escaped."""
    parts: list[Markup] = []
    end = 0
    for found in INLINE.finditer(text):
        parts.append(escape(text[end : found.start()]))
        code, strong, label, target = found.groups()
        if code is not None:
            parts.append(Markup("<code>{}</code>").format(code))
        elif strong is not None:
            parts.append(Markup("<strong>{}</strong>").format(inline(strong)))
        else:
            href = link_target(target)
            shown = inline(label)
            parts.append(Markup('<a href="{}">{}</a>').format(href, shown) if href else shown)
        end = found.end()
    parts.append(escape(text[end:]))
    return Markup("").join(parts)


def plain(text: str) -> str:
    """A heading's words without the marks, for a title or an id."""
    return INLINE.sub(lambda m: m.group(1) or m.group(2) or m.group(3), text)


def table_cells(line: str) -> list[str]:
    """A table row's cells: split at each | outside `code`."""
    cells, cell, in_code = [], "", False
    for char in line.strip().removeprefix("|").removesuffix("|"):
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += char
    return [*cells, cell.strip()]


def starts_block(line: str) -> bool:
    return line.startswith(("- ", "|", FENCE)) or bool(HEADING.match(line))


Block = tuple[Markup, int]
"""A block's HTML and the index of the line after it."""


def fenced(lines: list[str], index: int) -> Block:
    end = index + 1
    while end < len(lines) and not lines[end].startswith(FENCE):
        end += 1
    code = "\n".join(lines[index + 1 : end])
    return Markup("<pre><code>{}</code></pre>").format(code), end + 1


def table(lines: list[str], index: int) -> Block:
    rows: list[list[str]] = []
    while index < len(lines) and lines[index].startswith("|"):
        cells = table_cells(lines[index])
        if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):  # not the |---| line
            rows.append(cells)
        index += 1
    head = Markup("").join(Markup('<th scope="col">{}</th>').format(inline(c)) for c in rows[0])
    body = Markup("").join(
        Markup("<tr>{}</tr>").format(
            Markup("").join(Markup("<td>{}</td>").format(inline(c)) for c in row)
        )
        for row in rows[1:]
    )
    html = '<div class="scroll-x"><table><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>'
    return Markup(html).format(head, body), index


def bullets(lines: list[str], index: int) -> Block:
    """A "- " list; an item goes on in the lines indented under it."""
    items: list[str] = []
    while index < len(lines) and (
        lines[index].startswith("- ") or (lines[index].startswith("  ") and items)
    ):
        if lines[index].startswith("- "):
            items.append(lines[index][2:].strip())
        else:
            items[-1] += " " + lines[index].strip()
        index += 1
    listed = Markup("").join(Markup("<li>{}</li>").format(inline(item)) for item in items)
    return Markup("<ul>{}</ul>").format(listed), index


def paragraph(lines: list[str], index: int) -> Block:
    words = []
    while index < len(lines) and lines[index].strip() and not starts_block(lines[index]):
        words.append(lines[index].strip())
        index += 1
    return Markup("<p>{}</p>").format(inline(" ".join(words))), index


def markdown_page(text: str) -> tuple[str, Markup]:
    """The page's title (its first heading, as plain text) and its body as HTML."""
    lines = text.splitlines()
    title = ""
    blocks: list[Markup] = []
    ids: set[str] = set()
    index = 0
    while index < len(lines):
        line = lines[index]
        heading = HEADING.match(line)
        if not line.strip():
            index += 1
            continue
        if heading:
            level, words = len(heading.group(1)), heading.group(2).strip()
            title = title or plain(words)
            slug = re.sub(r"[^a-z0-9]+", "-", plain(words).lower()).strip("-") or "part"
            anchor, number = slug, 2
            while anchor in ids:
                anchor, number = f"{slug}-{number}", number + 1
            ids.add(anchor)
            block = Markup('<h{0} id="{1}">{2}</h{0}>').format(level, anchor, inline(words))
            index += 1
        elif line.startswith(FENCE):
            block, index = fenced(lines, index)
        elif line.startswith("|"):
            block, index = table(lines, index)
        elif line.startswith("- "):
            block, index = bullets(lines, index)
        else:
            block, index = paragraph(lines, index)
        blocks.append(block)
    return title, Markup("\n").join(blocks)


def doc_text(name: str) -> str:
    return (STATIC_DIR / "docs" / name).read_text(encoding="utf-8")


@router.get("/bots/protocol")
async def protocol_page(request: Request) -> Response:
    """The protocol, as a page of the site."""
    title, body = markdown_page(doc_text(PROTOCOL_MD))
    context = {"title": title, "body": body, "plain": "/bots/protocol.md", "session": None}
    return render(request, "pages/protocol.html", context)


@router.get("/bots/protocol/session")
async def protocol_session_page(request: Request) -> Response:
    """The complete example session: each line marked as sent to the program or from it."""
    lines = [
        ("to" if line.startswith(">") else "from" if line.startswith("<") else "", line)
        for line in doc_text(SESSION_TXT).splitlines()
    ]
    context = {
        "title": "A complete session of trionfi-bot/1",
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


@router.get("/healthz")
async def health(store: StoreDep) -> dict[str, object]:
    return {"ok": True, "tables": await store.count()}
