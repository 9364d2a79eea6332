"""An outside program that speaks ``trionfi-bot/1``, used as a bot wherever a level is.

The program runs as a child process. Whatever it does wrong (crashes, answers garbage or an
illegal action, or stays silent past its think budget), the game goes on: that decision is
made by the fallback level, the fault is counted by kind and logged with the offending line
and the program's standard error. A crashed program is started again at its next decision,
a few times at most.

A program's output is read in bounded pieces: a line longer than ``MAX_LINE`` characters is
garbage as soon as that much of it has arrived, and the rest of it is skipped as it comes, so
that a runaway program cannot fill Trionfi's memory nor its log (which keeps the first
``EXCERPT`` characters of an offending line).

Each answered decision's processor time is the program's own: its user and system time read
from ``/proc/<pid>/stat`` before the ``decide`` message and after the answer (in clock ticks,
usually 10 ms, so single decisions are coarse and the quantiles of many are what count).
Children the program starts are not counted. Where there is no ``/proc`` (macOS, Windows) it
is None.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import IO, Any

from app.bots.base import Bot
from app.engine.actions import Action, IllegalAction
from app.engine.deal import Deal
from app.engine.observation import Observation, observe
from app.engine.options import Options
from app.protocol import messages
from app.protocol.messages import BadAnswer, IllegalAnswer

FAULT_KINDS = ("crash", "garbage", "illegal", "timeout")
START_GRACE_S = 5.0
"""Time allowed for a program to start and answer hello (interpreters start slowly)."""
ANSWER_GRACE_MS = 150
"""Added to the think budget for the pipes and the scheduler."""
MAX_STARTS = 4
"""The first start and three restarts after crashes; then the fallback plays for good."""
MAX_LINE = messages.MAX_LINE
"""Characters in a line from the program, newline excluded; a longer one is garbage."""
EXCERPT = 200
"""Characters of an offending line (or an over-long line of stderr) kept in the log."""


def _clock_ticks() -> int | None:
    try:
        ticks = os.sysconf("SC_CLK_TCK")
    except (AttributeError, ValueError, OSError):
        return None
    return ticks if ticks > 0 else None


CLOCK_TICKS = _clock_ticks()


def process_cpu(pid: int) -> float | None:
    """Seconds of processor time (user and system) process ``pid`` has used so far, read from
    ``/proc/<pid>/stat``; None where that cannot be read."""
    if CLOCK_TICKS is None:
        return None
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            text = handle.read()
        fields = text[text.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (OSError, ValueError, IndexError):
        return None


@dataclass
class FaultLog:
    """Faults per program and kind, with the offending lines, optionally appended to a file."""

    path: Path | None = None
    echo: Callable[[str], None] | None = None
    """Also told of each fault (not of stderr lines): the server's console, say."""
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    entries: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(
        self,
        program: str,
        kind: str,
        detail: str,
        line: str | None = None,
        where: str | None = None,
    ) -> None:
        """Count a fault of ``program`` and log it; ``where`` says which seat and decision."""
        line = None if line is None else excerpt(line)
        entry = {"program": program, "kind": kind, "detail": detail, "line": line, "where": where}
        with self.lock:
            per_kind = self.counts.setdefault(program, dict.fromkeys(FAULT_KINDS, 0))
            per_kind[kind] = per_kind.get(kind, 0) + 1
            self.entries.append(entry)
            label = f"{program} [{where}]" if where else program
            text = f"{label}: {kind}: {detail}" + (f" | line: {line!r}" if line else "")
            self._write(text)
        if self.echo is not None:
            self.echo(text)

    def stderr(self, label: str, line: str) -> None:
        """A line the program wrote to its standard error; ``label`` names program and seat."""
        with self.lock:
            self._write(f"{label} stderr: {line}")

    def mark(self, text: str) -> None:
        """A line of its own (where a run starts), so that runs appended to one file part."""
        with self.lock:
            self._write(f"--- {text}")

    def _write(self, text: str) -> None:
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(text.rstrip("\n") + "\n")


def excerpt(line: str) -> str:
    """``line`` as the log keeps it: its first ``EXCERPT`` characters."""
    return line if len(line) <= EXCERPT else line[:EXCERPT] + "…"


@dataclass(frozen=True)
class Overlong:
    """A line longer than the limit: only its start was read (the rest is skipped)."""

    start: str


def bounded_lines(stream: IO[str], limit: int = MAX_LINE) -> Iterator[str | Overlong]:
    """The stream's lines, none read into memory beyond ``limit`` characters and a newline:
    a longer line is given as ``Overlong`` at once, and its rest is read and dropped in
    pieces of ``limit`` characters."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith("\n"):
            yield line
            continue
        yield Overlong(line[:EXCERPT])
        while line and not line.endswith("\n"):
            line = stream.readline(limit)


class _Process:
    """The child process, its stdout as a queue of lines, and its stderr into the log."""

    def __init__(self, command: str, name: str, log: FaultLog) -> None:
        self.popen = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.lines: queue.Queue[str | Overlong | None] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=50)
        assert self.popen.stdout is not None
        assert self.popen.stderr is not None
        threading.Thread(target=self._pump, args=(self.popen.stdout,), daemon=True).start()
        threading.Thread(
            target=self._drain, args=(self.popen.stderr, name, log), daemon=True
        ).start()

    def _pump(self, stream: IO[str]) -> None:
        for line in bounded_lines(stream):
            self.lines.put(line)
        self.lines.put(None)

    def _drain(self, stream: IO[str], name: str, log: FaultLog) -> None:
        for read in bounded_lines(stream):
            line = (
                read
                if isinstance(read, str)
                else f"{read.start}… (cut: over {MAX_LINE} characters)"
            )
            self.stderr_tail.append(line.rstrip("\n"))
            log.stderr(name, line)

    def send(self, message: dict[str, Any]) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(messages.encode(message))
        self.popen.stdin.flush()

    def read(self, timeout: float) -> str | Overlong | None:
        """The next line (``Overlong`` if it was too long); raises ``queue.Empty`` on timeout;
        None once the program has exited."""
        return self.lines.get(timeout=max(timeout, 0.0))

    def stop(self) -> None:
        try:
            if self.popen.poll() is None:
                self.send(messages.GOODBYE)
                assert self.popen.stdin is not None
                self.popen.stdin.close()
                self.popen.wait(timeout=1)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait()


class _Fault(Exception):
    def __init__(self, kind: str, detail: str, line: str | None = None) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.line = line


@dataclass
class ProgramSeat:
    """What the program is told in ``hello``: the game, its options, its seat and budget."""

    game: str
    options: Options
    seat: int
    think_ms: int
    seed: int


class ProgramBot:
    """A ``Bot`` backed by an outside program, with a fallback level for its faults."""

    def __init__(
        self,
        name: str,
        command: str,
        seat: ProgramSeat,
        fallback: Bot,
        log: FaultLog,
        place: str = "",
    ) -> None:
        self.level = name
        self.place = place
        """Where the program plays, for the log (a table's id); the seat is added."""
        self.command = command
        self.seat = seat
        self.fallback = fallback
        self.log = log
        self.process: _Process | None = None
        self.starts = 0
        self.next_id = 0
        self.last_fault: str | None = None
        """The kind of fault behind the last decision, or None if the program made it."""
        self.last_cpu: float | None = None
        """The program's own processor time (seconds) for the last decision it answered; None
        if it did not answer or that cannot be measured here (``process_cpu``)."""
        self.given_up = False
        """The program stopped too often: the fallback decides for good (counted once)."""

    def choose(self, obs: Observation, rng: Random) -> Action:
        self.last_cpu = None
        if self.given_up:
            self.last_fault = "crash"
            return self.fallback.choose(obs, rng)
        try:
            action = self._ask(obs)
        except _Fault as fault:
            self._fault(fault)
            return self.fallback.choose(obs, rng)
        self.last_fault = None
        return action

    def start(self) -> str | None:
        """Start the program and greet it (a server checks its programs when it starts):
        None if it answered ready, else what went wrong, which is also logged."""
        try:
            self._running()
        except _Fault as fault:
            self._fault(fault)
            return f"{fault.kind}: {fault.detail}"
        return None

    def report_illegal(self, obs: Observation, action: Action, reason: str, rng: Random) -> Action:
        """The engine refused the program's action: count it and let the fallback decide."""
        self._fault(_Fault("illegal", reason, str(messages.action_json(action))))
        return self.fallback.choose(obs, rng)

    def send_result(self, hand_result: dict[str, Any]) -> None:
        if self.process is not None and self.process.popen.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                self.process.send(messages.result(hand_result))

    def close(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.process = None

    # ------------------------------------------------------------------ internals

    @property
    def label(self) -> str:
        """The program, its seat and where it plays, as the log names it."""
        where = f"{self.place}, seat {self.seat.seat}" if self.place else f"seat {self.seat.seat}"
        return f"{self.level} [{where}]"

    def _fault(self, fault: _Fault) -> None:
        self.last_fault = fault.kind
        where = f"{self.place}, " if self.place else ""
        decision = f"decision {self.next_id}" if self.next_id else "hello"
        self.log.add(
            self.level,
            fault.kind,
            fault.detail,
            fault.line,
            f"{where}seat {self.seat.seat}, {decision}",
        )
        if fault.kind == "crash":
            self.close()

    def _ask(self, obs: Observation) -> Action:
        process = self._running()
        self.next_id += 1
        request = self.next_id
        pid = process.popen.pid
        before = process_cpu(pid)
        try:
            process.send(messages.decide(request, obs))
        except (OSError, ValueError):
            raise _Fault("crash", "the program stopped reading its input") from None
        deadline = time.monotonic() + (self.seat.think_ms + ANSWER_GRACE_MS) / 1000
        while True:
            line = self._next_line(process, deadline, "no answer within the think budget")
            try:
                data = messages.decode(line)
                if _is_late(data, request):
                    continue  # an answer to a decision that already timed out
                action = messages.read_action(data, request, obs)
            except BadAnswer as error:
                kind = "illegal" if isinstance(error, IllegalAnswer) else "garbage"
                raise _Fault(kind, str(error), line.rstrip("\n")) from None
            after = process_cpu(pid)
            if before is not None and after is not None:
                self.last_cpu = max(0.0, after - before)
            return action

    def _running(self) -> _Process:
        """The program's process, started (again) if it is not running."""
        if self.process is not None and self.process.popen.poll() is None:
            return self.process
        self.close()
        if self.starts >= MAX_STARTS:
            self.given_up = True
            raise _Fault("crash", "the program stopped too often and is not started again")
        self.starts += 1
        try:
            self.process = _Process(self.command, self.label, self.log)
        except OSError as error:
            self.starts = MAX_STARTS
            raise _Fault("crash", f"cannot start {self.command!r}: {error}") from None
        try:
            self._greet(self.process)
        except _Fault:
            self.close()
            raise
        return self.process

    def _greet(self, process: _Process) -> None:
        seat = self.seat
        try:
            process.send(
                messages.hello(seat.game, seat.options, seat.seat, seat.think_ms, seat.seed)
            )
        except (OSError, ValueError):
            raise _Fault("crash", "the program exited at start") from None
        deadline = time.monotonic() + START_GRACE_S + seat.think_ms / 1000
        line = self._next_line(process, deadline, "no ready answer to hello")
        try:
            data = messages.decode(line)
        except BadAnswer as error:
            raise _Fault("garbage", f"answer to hello: {error}", line.rstrip("\n")) from None
        if data.get("type") != "ready":
            raise _Fault("garbage", "hello must be answered with ready", line.rstrip("\n"))

    def _next_line(self, process: _Process, deadline: float, silence: str) -> str:
        try:
            line = process.read(deadline - time.monotonic())
        except queue.Empty:
            raise _Fault("timeout", silence) from None
        if line is None:
            code = process.popen.wait()
            raise _Fault("crash", f"the program exited with status {code}")
        if isinstance(line, Overlong):
            raise _Fault("garbage", f"a line longer than {MAX_LINE} characters", line.start + "…")
        return line


def _is_late(data: dict[str, Any], request: int) -> bool:
    """An action for an earlier decision (its answer came after the fallback decided)."""
    answered = data.get("id")
    return (
        data.get("type") == "action"
        and isinstance(answered, int)
        and not isinstance(answered, bool)
        and 0 < answered < request
    )


def checked_action(bot: Bot, deal: Deal, rng: Random, see_all: bool = False) -> Action:
    """The action of the bot at the seat to act, checked by the engine before it is applied.

    An outside program's illegal action is a counted fault and the fallback decides; one of
    our own levels answering illegally is a bug and raises ``IllegalAction``.
    """
    obs = observe(deal, deal.turn, see_all=see_all)
    action = bot.choose(obs, rng)
    try:
        deal.check(action)
    except IllegalAction as error:
        if not isinstance(bot, ProgramBot):
            raise
        action = bot.report_illegal(obs, action, error.reason, rng)
        deal.check(action)
    return action
