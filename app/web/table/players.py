"""The computer players at a table: which levels the pages offer, and their moves.

Bots move on the server, between a person's actions: ``move_once`` applies one move (saved
at once, so a reload always shows the truth), and ``app.web.live.computers`` calls it off the
request until a person must act or the deal is over (``advance`` makes them all at once:
tools, tests); the pages then reveal those moves one at a time. A bot sees only
``observe(deal, seat)`` (with the others' hands only under the labelled setting "opponents
see all hands").
"""

from __future__ import annotations

import logging
from dataclasses import replace
from random import Random

from app.bots import base, worker
from app.engine.actions import Action, IllegalAction
from app.engine.observation import Observation, observe
from app.engine.record import result
from app.engine.rng import keyed_stream
from app.i18n import N_
from app.web.http.words import Spoken
from app.web.table.model import Seat, Table
from app.web.table.programs import FALLBACK_LEVEL, ProgramPool, program_seat
from app.web.table.programs import PREFIX as PROGRAM_PREFIX

log = logging.getLogger(__name__)

PAGE_LEVELS: tuple[str, ...] = base.SLIDER
"""The levels the pages offer, easier to harder (the seed's slider); ``random`` and the
arena's reference opponents are not offered."""
DEFAULT_LEVEL = "medium"
LEVEL_LABELS = Spoken(
    {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"), "random": N_("Random")}
)
"""The computer levels' names, read out in the current language."""
HINT_LEVEL = PAGE_LEVELS[-1]
"""Hints are the strongest level's move, with its reason."""


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


def level_of(seat: Seat) -> str:
    """The level that moves for a computer seat. A table saved with a level this version does
    not know (its name changed, say) is played by the default level rather than not at all."""
    level = seat.computer_level or DEFAULT_LEVEL
    return level if level in base.LEVELS else DEFAULT_LEVEL


def bot_settings(table: Table) -> base.BotSettings:
    pairs = frozenset((helper, trier) for helper, trier in table.settings.nolo_help)
    return base.BotSettings(nolo_help=pairs, see_all=table.settings.see_all)


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
    level = level_of(place)
    settings = bot_settings(table)
    obs = observe(deal, seat, see_all=settings.see_all)
    try:
        action: Action = base.get_bot(level, settings).choose(obs, bot_rng(table, seat))
        deal.check(action)
    except Exception:
        log.exception("bot %s at table %s failed; playing at random instead", level, table.id)
        action = base.RandomBot().choose(obs, bot_rng(table, seat, "fallback"))
    return action


def has_programs(table: Table) -> bool:
    """Whether an outside program plays a seat (talking to it may block on its pipe)."""
    return any(place.program is not None for place in table.seats)


def decision_for(table: Table) -> worker.Decision | None:
    """The decision of the computer to act, for a worker process (``app.bots.pool``):
    its own observation only, the level and the stream's state; None for an outside program's
    seat, which is decided in-process (its process belongs to this server)."""
    deal = table.match.deal
    assert deal is not None
    seat = deal.turn
    place = table.seats[seat]
    if place.program is not None:
        return None
    settings = bot_settings(table)
    obs = observe(deal, seat, see_all=settings.see_all)
    return worker.request(obs, level_of(place), settings, bot_rng(table, seat))


def apply_decided(table: Table, action: Action, obs: Observation) -> None:
    """Apply a worker's action for ``obs.seat`` (a random legal move if the rules refuse it,
    as ``bot_action`` does for a failing bot)."""
    deal = table.match.deal
    assert deal is not None
    deal.apply(checked(action, table, obs))
    table.version += 1


def program_action(table: Table, seat: int, name: str, programs: ProgramPool | None) -> Action:
    """The move of the outside program at ``seat``, or of the fallback level when it cannot
    give one (noted on the table, which tells everyone). The program and its fallback get the
    seat's own observation only: "opponents see all hands" is about our levels."""
    deal = table.match.deal
    assert deal is not None
    obs = observe(deal, seat)
    rng = bot_rng(table, seat)
    level = level_of(table.seats[seat])
    fallback = base.get_bot(level, replace(bot_settings(table), see_all=False))
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

    The observation is the person's own, so the hint knows no more than they do; it names the
    other seats as the page does. A bot that fails gives no hint (logged), never an error.
    Hints think in the server process (a thread of the request), not in the bot worker
    processes (``app.bots.pool``): they are asked for one at a time by a person."""
    if not obs.is_my_turn:
        return None
    rng = bot_rng(table, obs.seat, "hint")
    names = [seat.name for seat in table.seats]
    try:
        found = base.hint(obs, rng, level=HINT_LEVEL, names=names)
    except Exception:
        log.exception("no hint at table %s", table.id)
        return None
    return found.action, found.reason
