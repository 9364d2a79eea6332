"""The home page (start a match against the computer, create a friends' table, "Your games"),
taking a game off "Your games", and the health check."""

from __future__ import annotations

import re
from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from app.engine.games import GAMES, Game
from app.engine.options import Options
from app.i18n import N_
from app.web.http.cookies import TABLE_ID_LIMIT, forget_table, recent_entries
from app.web.http.problems import Problem
from app.web.http.reading import read_form
from app.web.http.render import render
from app.web.routes.deps import SiteDep
from app.web.show.lobby import seat_labels
from app.web.show.rulebook import OptionField, option_fields
from app.web.show.yourgames import your_games
from app.web.table.forms import NOLO_HELP, option_prefix, seed_nolo_boxes
from app.web.table.model import CARD_STYLES, DEFAULT_CARD_STYLE, FOOL_PRESETS, SPEEDS
from app.web.table.players import DEFAULT_LEVEL, LEVEL_LABELS, PAGE_LEVELS

router = APIRouter()

NOLO_EXPLANATIONS = {
    "help_0_2": N_("Left may try to win no trick, counting on you to take the tricks it gives."),
    "help_2_0": N_("When you try to win no trick, Left helps by taking the tricks you give."),
    "help_0_1": N_("Right may try to win no trick, counting on you to take the tricks it gives."),
    "help_1_0": N_("When you try to win no trick, Right helps by taking the tricks you give."),
}
TABLE_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{TABLE_ID_LIMIT}}}")
"""A table's id as ``new_table_id`` makes them (URL-safe characters)."""


def start_options(game: str) -> list[OptionField]:
    """One checkbox per rule option of ``game`` (rules.md 2.13, 3.7), all off to start with."""
    return option_fields(Options(), game, [], option_prefix(game))


@dataclass(frozen=True)
class OptionGroup:
    """The rule options that the games sharing a ``short`` tag share (Danish Tarok and its
    form for four), shown while one of them is chosen."""

    short: str
    title: str
    fields: list[OptionField]
    fool_names_suit: bool
    """Whether the Fool's preset applies: a led Fool names a suit in these games."""
    nolo_boxes: bool


def option_groups() -> list[OptionGroup]:
    """One group per ``short`` tag, in the registry's order, from its first game."""
    first: dict[str, Game] = {}
    for rules in GAMES.values():
        first.setdefault(rules.short, rules)
    return [
        OptionGroup(
            short,
            rules.options_title,
            start_options(rules.key),
            rules.led_fool_names_suit,
            seed_nolo_boxes(rules.key),
        )
        for short, rules in first.items()
    ]


@router.get("/")
async def home(request: Request, site: SiteDep) -> Response:
    recent = await your_games(site.store, site.timelines, recent_entries(request))
    context = {
        "levels": [(level, LEVEL_LABELS[level]) for level in PAGE_LEVELS],
        "default_level": DEFAULT_LEVEL,
        "games": list(GAMES.values()),
        "option_groups": option_groups(),
        "nolo_help": NOLO_HELP,
        "nolo_explanations": NOLO_EXPLANATIONS,
        "speeds": SPEEDS,
        "fool_presets": FOOL_PRESETS,
        "card_style_choices": CARD_STYLES,
        "default_card_style": DEFAULT_CARD_STYLE,
        "recent": recent,
        "programs": site.programs.names,
        "seat_labels": [(key, seat_labels(key)) for key in GAMES],
        "seat_count": max(rules.seat_count for rules in GAMES.values()),
    }
    return render(request, "pages/home.html", context)


@router.post("/your-games/forget")
async def forget(request: Request) -> Response:
    """Take a table off "Your games" (its link and seat still work in this browser). A table
    that is not on the list is not on it afterwards either: nothing to refuse."""
    form = await read_form(request, max_fields=4)
    table_id = form.get("table")
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise Problem(400, N_("Cannot forget that game"), N_("The form does not name a table."))
    response = RedirectResponse("/#your-games", status_code=303)
    forget_table(request, response, table_id)
    return response


@router.get("/healthz")
async def health(site: SiteDep) -> dict[str, object]:
    return {"ok": True, "tables": await site.store.count()}
