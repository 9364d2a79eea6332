"""The pages that are not a table: home (start a match), the rules of each game, the bots."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.engine.options import OPTION_LABELS, Options
from app.paths import STATIC_DIR
from app.web.deps import Problem, ProgramsDep, StoreDep, recent_tables, seat_of
from app.web.forms import NOLO_HELP, OPTION_PREFIX
from app.web.programs import FALLBACK_LEVEL
from app.web.render import render
from app.web.runner import LEVEL_LABELS, PAGE_LEVELS, available_levels, default_level
from app.web.tables import FOOL_PRESETS, SPEEDS
from app.web.views import GAME_NAMES

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


@dataclass(frozen=True)
class RecentTable:
    id: str
    game: str
    deal: int


@router.get("/")
async def home(request: Request, store: StoreDep, programs: ProgramsDep) -> Response:
    levels = available_levels()
    recent = []
    for table_id in recent_tables(request):
        table = store.get(table_id)
        if table is not None and seat_of(request, table) is not None:
            recent.append(RecentTable(table.id, GAME_NAMES[table.game], table.deal_number))
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


@router.get("/rules")
async def rules_index(request: Request) -> Response:
    return render(request, "pages/rules.html", {})


@router.get("/rules/{game}")
async def rules(request: Request, game: str) -> Response:
    if game not in GAME_NAMES:
        raise Problem(404, "No such game", "Trionfi knows Danish Tarok and Swiss Troccas.")
    template = "pages/rules_danish.html" if game == "danish-tarok" else "pages/rules_troccas.html"
    return render(request, template, {"game": game})


@router.get("/bots")
async def about_bots(request: Request, programs: ProgramsDep) -> Response:
    faults = programs.fault_counts()
    served = [(name, faults.get(name, {})) for name in programs.names]
    context = {"levels": available_levels(), "programs": served, "fallback": FALLBACK_LEVEL}
    return render(request, "pages/bots.html", context)


PROTOCOL_DOCS = {"": "bot-protocol.md", "/session": "bot-protocol-session.txt"}


@router.get("/bots/protocol")
@router.get("/bots/protocol/session")
async def protocol_docs(request: Request) -> Response:
    """The protocol's page and its example session, as plain text a browser shows."""
    name = PROTOCOL_DOCS[request.url.path.removeprefix("/bots/protocol")]
    text = (STATIC_DIR / "docs" / name).read_text(encoding="utf-8")
    return PlainTextResponse(text, headers={"Cache-Control": "public, max-age=3600"})


@router.get("/healthz")
async def health(store: StoreDep) -> dict[str, object]:
    return {"ok": True, "tables": store.count()}
