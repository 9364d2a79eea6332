"""Outside programs at the tables: ``trionfi serve --bot NAME="COMMAND"`` (issue 6).

A program is a choice for any computer seat when a table is created. Each program seat of a
table gets a process of its own (``trionfi-bot/1`` says hello to one seat), started at the
seat's first decision and kept for the match: it hears every deal's result, and goodbye when
the match ends, when it has been idle a while, or when the server stops. Whatever a program
does wrong, its seat's decision is made by the fallback level (``FALLBACK_LEVEL``) and the
table says so; the fault, the offending line and the program's stderr go to the log file
beside the database.

The ``--bot`` arguments are read by ``app.protocol.naming``, as the arena reads them; the
start-up check (``probe``) writes what went wrong to the log as well.

A program sees what its seat may see and no more: it is never given the others' hands, not
even under the setting "opponents see all hands", which is about our own levels.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.bots.base import Bot, RandomBot
from app.engine.options import DANISH, Options
from app.engine.rng import keyed_stream
from app.i18n import N_
from app.protocol.naming import Program
from app.protocol.program import FaultLog, ProgramBot, ProgramSeat
from app.web.http.words import Spoken

log = logging.getLogger(__name__)

PREFIX = "program:"
"""A form's seat choice that names a program (``program:mine``), apart from the levels."""
FALLBACK_LEVEL = "medium"
"""Decides for a program that crashed, answered garbage, an illegal move or too late."""
DEFAULT_THINK_MS = 2000
"""A program's think budget at a table: a person waits for it, so less than in the arena."""
IDLE_S = 15 * 60.0
"""A program idle this long is told goodbye; the seat's next decision starts it again."""
MAX_RUNNING = 64
"""Program processes at once, over all tables; the least recently used one goes first."""
LOG_NAME = "bots.log"

FAULT_WORDS = Spoken(
    {
        "crash": N_("stopped working"),
        "garbage": N_("answered something that is not a move"),
        "illegal": N_("chose a move the rules do not allow"),
        "timeout": N_("did not answer in time"),
        "absent": N_("is not running on this server"),
    }
)
"""What the table says when the fallback made a program seat's decision."""
FAULT_SHORT = Spoken(
    {
        "crash": N_("it stopped"),
        "garbage": N_("not a move"),
        "illegal": N_("illegal move"),
        "timeout": N_("too slow"),
        "absent": N_("not running here"),
    }
)
"""The same, short enough for the seat's box on a phone."""


@dataclass
class _Running:
    bot: ProgramBot
    last_used: float
    told: int = 0
    """The number of the last deal whose result the program heard."""


class ProgramPool:
    """The server's outside programs and their running processes, per (table, seat)."""

    def __init__(
        self,
        programs: Sequence[Program] = (),
        log_path: Path | None = None,
        think_ms: int = DEFAULT_THINK_MS,
        idle_s: float = IDLE_S,
        max_running: int = MAX_RUNNING,
    ) -> None:
        self.programs = {program.name: program for program in programs}
        self.faults = FaultLog(path=log_path, echo=_warn)
        if self.programs and log_path is not None:
            log_path.parent.mkdir(parents=True, exist_ok=True)
            self.faults.mark(f"trionfi serve at {time.ctime()}: {', '.join(self.programs)}")
        self.think_ms = think_ms
        self.idle_s = idle_s
        self.max_running = max_running
        self._running: OrderedDict[tuple[str, int], _Running] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def names(self) -> list[str]:
        return list(self.programs)

    def has(self, name: str) -> bool:
        return name in self.programs

    def bot_for(
        self, table_id: str, seat: int, setup: ProgramSeat, name: str, fallback: Bot
    ) -> ProgramBot | None:
        """The running program at ``table_id``'s ``seat`` (started if need be), or None if
        this server has no program of that name (the server was restarted without it)."""
        program = self.programs.get(name)
        if program is None:
            return None
        key = (table_id, seat)
        now = time.monotonic()
        with self._lock:
            running = self._running.get(key)
            if running is None:
                place = f"table {table_id}"
                bot = ProgramBot(name, program.command, setup, fallback, self.faults, place)
                running = self._running[key] = _Running(bot, now)
            running.bot.fallback = fallback
            running.last_used = now
            self._running.move_to_end(key)
            retired = self._retire(now, keep=key)
        _close(retired)
        return running.bot

    def tell_result(self, table_id: str, deal_number: int, hand_result: dict[str, Any]) -> None:
        """Each of the table's running programs hears the deal's result, once."""
        with self._lock:
            hearing = [
                running
                for (table, _), running in self._running.items()
                if table == table_id and running.told < deal_number
            ]
            for running in hearing:
                running.told = deal_number
        for running in hearing:
            running.bot.send_result(hand_result)

    def close_table(self, table_id: str) -> None:
        """Goodbye to the table's programs (its match is over)."""
        with self._lock:
            keys = [key for key in self._running if key[0] == table_id]
            closing = [self._running.pop(key).bot for key in keys]
        _close(closing)

    def close_idle(self) -> None:
        """Goodbye to the programs idle longer than ``idle_s`` (the server does this every
        minute, so an abandoned table's processes do not linger)."""
        with self._lock:
            retired = self._retire(time.monotonic())
        _close(retired)

    def close_all(self) -> None:
        with self._lock:
            closing = [running.bot for running in self._running.values()]
            self._running.clear()
        _close(closing)

    def running(self, table_id: str) -> list[int]:
        """The seats of ``table_id`` whose program runs now."""
        with self._lock:
            return sorted(seat for table, seat in self._running if table == table_id)

    def fault_counts(self) -> dict[str, dict[str, int]]:
        with self.faults.lock:
            return {name: dict(kinds) for name, kinds in self.faults.counts.items()}

    def _retire(self, now: float, keep: tuple[str, int] | None = None) -> list[ProgramBot]:
        """The idle programs and those over the limit, taken out (closed by the caller,
        outside the lock: a goodbye may wait a second for the program to exit)."""
        retired = []
        for key, running in list(self._running.items()):
            over = len(self._running) > self.max_running
            if key != keep and (over or now - running.last_used > self.idle_s):
                retired.append(self._running.pop(key).bot)
        return retired


def _warn(text: str) -> None:
    log.warning("outside program fault: %s", text)


def _close(bots: list[ProgramBot]) -> None:
    for bot in bots:
        try:
            bot.close()
        except Exception:
            log.exception("closing the program %s failed", bot.level)


def probe(program: Program, think_ms: int, log_path: Path | None = None) -> str | None:
    """Whether ``program`` starts and answers hello (as at Danish Tarok's seat 1): None if it
    does, else what went wrong. Its faults here are not counted among the tables' ones, but
    they go to the log (``mine [start-up check, seat 1, hello]: crash: …``) with its stderr."""
    setup = program_seat(DANISH, Options(), "probe", 1, think_ms)
    faults = FaultLog(log_path)
    bot = ProgramBot(program.name, program.command, setup, RandomBot(), faults, "start-up check")
    try:
        return bot.start()
    finally:
        bot.close()


def program_seat(
    game: str, options: Options, table_seed: str, seat: int, think_ms: int
) -> ProgramSeat:
    """What a table's program is told in hello; its seed is derived one way from the table's
    secret (knowing it tells nothing about the deals)."""
    seed = keyed_stream(table_seed, "program", seat).getrandbits(31)
    return ProgramSeat(game, options, seat, think_ms, seed)
