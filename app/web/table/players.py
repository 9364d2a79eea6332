"""The computer players at a table: which levels the pages offer, and their moves.

Bots move on the server, between a person's actions: ``move_once`` applies one move (saved
at once, so a reload always shows the truth), and ``app.web.live.computers`` calls it off the
request until a person must act or the deal is over (``advance`` makes them all at once:
tools, tests); the pages then reveal those moves one at a time. A bot sees only
``observe(deal, seat)`` (with the others' hands only under the labelled setting "opponents
see all hands").

The bots package grows while the pages are written, so levels are looked up at call time and
a level that is not registered (yet) falls back to the nearest one that is.
"""

from __future__ import annotations

import inspect
import logging
from dataclasses import replace
from random import Random
from typing import Any

from app.bots import base
from app.engine.actions import Action, IllegalAction
from app.engine.observation import Observation, observe
from app.engine.record import result
from app.engine.rng import keyed_stream
from app.web.table.model import Seat, Table
from app.web.table.programs import FALLBACK_LEVEL, ProgramPool, program_seat
from app.web.table.programs import PREFIX as PROGRAM_PREFIX

log = logging.getLogger(__name__)

PAGE_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""The levels the pages offer, easier to harder; ``random`` is for tests and the arena."""
LEVEL_LABELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "random": "Random"}


def computer_seat(name: str, choice: str) -> Seat:
    """A computer seat for a form's choice: a level, or ``program:NAME`` (an outside program,
    with ``FALLBACK_LEVEL`` deciding when it cannot)."""
    if choice.startswith(PROGRAM_PREFIX):
        return Seat("bot", name, level=FALLBACK_LEVEL, program=choice.removeprefix(PROGRAM_PREFIX))
    return Seat("bot", name, level=choice)


def player_label(seat: Seat) -> str:
    """How a computer seat is labelled: its level, or the outside program playing it."""
    if seat.program is not None:
        return f"Program {seat.program}"
    return LEVEL_LABELS.get(seat.level or "", seat.level or "")


def is_registered(level: str) -> bool:
    levels = getattr(base, "LEVELS", None)
    if isinstance(levels, dict):
        return level in levels
    try:
        base.get_bot(level)
    except KeyError:
        return False
    return True


def available_levels() -> list[str]:
    """The page levels the bots package provides now (easier to harder)."""
    return [level for level in PAGE_LEVELS if is_registered(level)]


def default_level() -> str:
    levels = available_levels()
    if "medium" in levels:
        return "medium"
    return levels[len(levels) // 2] if levels else "random"


def resolve_level(level: str) -> str:
    """``level`` if it is registered, else the nearest registered page level, else random."""
    if is_registered(level):
        return level
    levels = available_levels()
    if not levels:
        return "random"
    wanted = PAGE_LEVELS.index(level) if level in PAGE_LEVELS else 1
    return min(levels, key=lambda name: abs(PAGE_LEVELS.index(name) - wanted))


def bot_settings(table: Table) -> base.BotSettings:
    pairs = frozenset((helper, trier) for helper, trier in table.settings.nolo_help)
    return base.BotSettings(nolo_help=pairs, see_all=table.settings.see_all)


def _get_bot(level: str, settings: base.BotSettings) -> Any:
    """The bot of ``level``, given the match's bot settings if ``get_bot`` takes them."""
    get_bot: Any = base.get_bot
    try:
        takes_settings = len(inspect.signature(get_bot).parameters) > 1
    except (TypeError, ValueError):
        takes_settings = False
    return get_bot(level, settings) if takes_settings else get_bot(level)


def bot_rng(table: Table, *labels: int | str) -> Random:
    """A random stream for one decision, keyed by the table's secret seed (restart-safe)."""
    deal = table.match.deal
    step = len(deal.history) if deal is not None else 0
    return keyed_stream(table.seed, "bot", table.deal_number, step, *labels)


def bot_action(table: Table, seat: int, programs: ProgramPool | None = None) -> Action:
    """The move of the computer at ``seat``; a failing bot is replaced by a random legal move."""
    deal = table.match.deal
    assert deal is not None
    place = table.seats[seat]
    if place.kind == "bot" and place.program is not None:
        try:
            return program_action(table, seat, place.program, programs)
        except Exception:
            log.exception("program seat %s at table %s failed; playing at random", seat, table.id)
            return base.RandomBot().choose(observe(deal, seat), bot_rng(table, seat, "fallback"))
    level = resolve_level(place.computer_level or "random")
    settings = bot_settings(table)
    obs = observe(deal, seat, see_all=settings.see_all)
    try:
        action: Action = _get_bot(level, settings).choose(obs, bot_rng(table, seat))
        deal.check(action)
    except Exception:
        log.exception("bot %s at table %s failed; playing at random instead", level, table.id)
        action = base.RandomBot().choose(obs, bot_rng(table, seat, "fallback"))
    return action


def program_action(table: Table, seat: int, name: str, programs: ProgramPool | None) -> Action:
    """The move of the outside program at ``seat``, or of the fallback level when it cannot
    give one (noted on the table, which tells everyone). The program and its fallback get the
    seat's own observation only: "opponents see all hands" is about our levels."""
    deal = table.match.deal
    assert deal is not None
    obs = observe(deal, seat)
    rng = bot_rng(table, seat)
    level = resolve_level(table.seats[seat].level or FALLBACK_LEVEL)
    fallback = _get_bot(level, replace(bot_settings(table), see_all=False))
    program = None
    if programs is not None:
        setup = program_seat(table.game, table.match.options, table.seed, seat, programs.think_ms)
        program = programs.bot_for(table.id, seat, setup, name, fallback)
    if program is None:
        table.note_fallback(seat, "absent")
        return checked(fallback.choose(obs, rng), table, obs)
    action = program.choose(obs, rng)
    try:
        deal.check(action)
    except IllegalAction as refusal:
        action = program.report_illegal(obs, action, refusal.reason, rng)
    if program.last_fault is not None:
        table.note_fallback(seat, program.last_fault)
    return checked(action, table, obs)


def checked(action: Action, table: Table, obs: Observation) -> Action:
    """``action`` if the rules allow it, else a random legal one (a bug of ours, logged)."""
    deal = table.match.deal
    assert deal is not None
    try:
        deal.check(action)
    except IllegalAction:
        log.exception("an illegal fallback move at table %s; playing at random", table.id)
        return base.RandomBot().choose(obs, bot_rng(table, obs.seat, "fallback"))
    return action


def computer_to_move(table: Table) -> bool:
    """Whether a computer is to move now (the deal is on and the seat to act is a computer's)."""
    deal = table.match.deal
    return deal is not None and not deal.is_over and table.seats[deal.turn].is_computer


def move_once(table: Table, programs: ProgramPool | None = None) -> None:
    """Apply the move of the computer to act (``computer_to_move`` must hold)."""
    deal = table.match.deal
    assert deal is not None
    deal.apply(bot_action(table, deal.turn, programs))
    table.version += 1


def tell_if_over(table: Table, programs: ProgramPool | None) -> None:
    """Once the deal is over, the table's programs hear its result."""
    deal = table.match.deal
    if deal is not None and deal.is_over and programs is not None:
        programs.tell_result(table.id, table.deal_number, result(deal))


def advance(table: Table, programs: ProgramPool | None = None) -> int:
    """Apply the computers' moves until a person must act or the deal is over; how many
    moved (all at once: ``app.web.live.computers`` moves them one at a time, off the request)."""
    moved = 0
    while computer_to_move(table):
        move_once(table, programs)
        moved += 1
    tell_if_over(table, programs)
    return moved


def hint_for(table: Table, obs: Observation) -> tuple[Action, str] | None:
    """The bots' hint for the person at ``obs.seat``: an action and its reason.

    Uses ``app.bots.base.hint(obs, rng)`` (looked up now: the bots package may add it later),
    else the move the strongest available level would make. The observation is the person's
    own, so the hint knows no more than they do; it names the other seats as the page does.
    """
    if not obs.is_my_turn:
        return None
    rng = bot_rng(table, obs.seat, "hint")
    hint = getattr(base, "hint", None)
    names = [seat.name for seat in table.seats]
    try:
        if hint is not None:
            found = hint(obs, rng, names=names)
            return found.action, str(found.reason)
        levels = available_levels() or ["random"]
        action = _get_bot(levels[-1], base.BotSettings()).choose(obs, rng)
    except Exception:
        log.exception("no hint at table %s", table.id)
        return None
    label = LEVEL_LABELS.get(levels[-1], levels[-1])
    return action, f"what the {label.lower()} computer player would do here"
