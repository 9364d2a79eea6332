"""Solo games against Hard under load: ``python -m app.bench.solo`` (issue 20).

Starts ``trionfi serve --bot-processes P`` on a free port with a fresh data directory (or uses
``--url``), opens N games of Swiss Troccas against three Hard computers at Instant pacing,
and lets each simulated person play: when its own page (the table as its seat sees it) shows
its turn, it waits about ``--pause`` seconds (``--pause-spread``) and clicks a legal card it
shows; then its page
long-polls until the computers have replied (its turn again, or the deal over). It runs for
``--seconds`` (or until ``--moves`` clicks) and reports the time from a click to the
computers' replies shown (p50/p95/p99), moves per second, the CPU of the server and of every
process under it (its bot workers) per move and per table, from /proc, errors, and lost or
doubled moves: each deal's hand record is checked against the person's accepted clicks.

It also reports this machine's speed, before and after the run, on the servers' CPUs
(``machine``): the CPU milliseconds a Hard decision takes over ``trionfi bench``'s positions
(compiled search, like the bot workers), and a random deal of the engine (interpreted Python,
like the server); with ``--url``, this machine's own. The speed of these machines changes
from hour to hour by more than most changes of the code do: runs of different hours compare
only with these beside them.

``--servers S --database postgresql://…`` starts S servers on that one database and spreads
the games over them (game i on server i mod S); the CPU is then every server's, and the
database's too when it runs on this machine (the processes under its postmaster).
``python -m tools.pgcluster -- python -m app.bench.solo --servers 2`` runs it on a throwaway
cluster (``TRIONFI_DATABASE`` names it). The people reuse ``app.bench.tables`` (its
connections and pages). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from app.bench.clicks import free_port, start_server
from app.bench.tables import LEGAL, TABLE, Connection, Counts, Person, Table, ms, seat_token
from app.bench.throughput import bot_decisions_per_second, deals_per_second
from app.engine.options import DANISH, GAMES, TROCCAS

CONTINUE = "continue"
FOOL_QUESTION = 'id="fool-question"'
DISCARD_SIZE = re.compile(r"<strong>\d+ of (\d+)</strong>")
PAUSE_S = 1.5
PAUSE_SPREAD = 0.5
"""People's pauses differ: 0.75 to 2.25 s around ``PAUSE_S``. With one pause for all, the
games opened together stay in step, every table's deal ends in the same second and the next
deals' kitties are all thought about at once, a herd no real room of people makes
(``--pause-spread 0`` measures it)."""
WAIT_S = 15
FINISH_S = 180
"""At most this long to play out the deals under way at the end, to check their records."""
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class Tally:
    """What the people measured, together."""

    counts: Counts = field(default_factory=Counts)
    replies_s: list[float] = field(default_factory=list)
    moves: int = 0
    lost: int = 0
    doubled: int = 0
    deals: int = 0
    unchecked: int = 0


class SoloPerson(Person):
    """The person at seat 0 of a game against the computers."""

    def __init__(self, url: str, table: Table, token: str, rng: random.Random) -> None:
        super().__init__(url, table, token, rng)
        self.deal = 1
        self.clicked_in_deal = 0

    def show(self, body: str) -> None:
        """As a friends' page, with the seat: a solo page has no ``data-seat``, seat 0's."""
        tag = TABLE.search(body)
        if tag is not None and 'data-seat="' not in tag.group(0):
            body = body.replace('<div id="table" ', '<div id="table" data-seat="0" ', 1)
        super().show(body)

    def my_turn(self) -> bool:
        return self.state.get("turn") == self.state.get("seat")

    async def wait_for_reply(self, counts: Counts, until: float) -> None:
        """As the page does: show its next frame when it has one to show (a pacing tick),
        else poll; until it is the person's turn or the deal is over."""
        while self.tick is not None or (not self.my_turn() and self.state.get("phase") != "over"):
            if time.monotonic() > until:
                return
            if self.tick is not None:
                path, delay = self.tick
                self.tick = None
                await asyncio.sleep(delay)
                await self.get(path, counts)
                continue
            path = f"{self.table.url}/poll?v={self.version}&p={self.mark}&w={WAIT_S}"
            counts.polls += 1
            await self.get(path, counts)

    def stuck(self, counts: Counts) -> bool:
        """After waiting: whether the person can do nothing (the end came first, or a turn
        the page offers nothing for: an error, and this person stops rather than spin)."""
        if self.decision() is not None or self.state.get("phase") == "over":
            return False
        if self.my_turn():
            counts.errors += 1
        return True

    async def play_solo(self, tally: Tally, deadline: float, pause: Pause, moves: int) -> None:
        await self.wait_for_reply(tally.counts, deadline)
        while time.monotonic() < deadline and (moves <= 0 or tally.moves < moves):
            if self.state.get("phase") == "over":
                await self.finish_deal(tally)
                continue
            chosen = self.decision()
            if chosen is None:
                await self.wait_for_reply(tally.counts, deadline)
                if self.stuck(tally.counts):
                    return
                continue
            await asyncio.sleep(pause.drawn(self.rng))
            before = self.table.accepted
            sent = time.perf_counter()
            await self.click(*chosen, tally.counts)
            if self.table.accepted == before:
                continue
            if self.paused_after(chosen[0]):
                continue
            self.clicked_in_deal += 1
            tally.moves += 1
            await self.wait_for_reply(tally.counts, deadline + 30)
            if self.my_turn() or self.state.get("phase") == "over":
                tally.replies_s.append(time.perf_counter() - sent)

    def decision(self) -> tuple[str, dict[str, Any]] | None:
        """What the person does now, as their page offers it; None when it is not their
        turn. Never a double click here: a solo game's clicks are counted one by one."""
        phase, turn, seat = (self.state.get(k) for k in ("phase", "turn", "seat"))
        if self.tick is not None or turn != seat:
            return None
        version = self.state["version"]
        if phase == "declarations":
            return CONTINUE, {"version": version}
        if phase in ("demand_fool", "chicks", "redeal", "bob"):
            return "decide", {"version": version, "choice": "no"}
        if FOOL_QUESTION in self.html:  # the Fool led in Danish Tarok names a suit
            return "play", {"version": version, "card": "FOOL", "name": "T"}
        legal = LEGAL.findall(self.html)
        if phase == "discard":
            size = DISCARD_SIZE.search(self.html)
            return "discard", {
                "version": version,
                "card": legal[: int(size.group(1)) if size else 2],
            }
        if phase != "play" or not legal:
            return None
        return "play", {"version": version, "card": self.rng.choice(legal)}

    async def click(self, action: str, data: dict[str, Any], counts: Counts) -> None:
        sent = time.perf_counter()
        status, body = await self._post(action, data, self.client)
        counts.click_s.append(time.perf_counter() - sent)
        counts.sent += 1
        if status >= 500:
            counts.errors += 1
        elif status == 200:
            counts.accepted += 1
            self.table.accepted += 1
            self.show(body)
        else:
            counts.refused += 1
            self.show(body)

    async def play_out(self, tally: Tally, deadline: float) -> None:
        """Finish the deal under way at once (its hand record exists only then)."""
        while self.state.get("phase") != "over" and time.monotonic() < deadline:
            chosen = self.decision()
            if chosen is None:
                await self.wait_for_reply(tally.counts, deadline)
                if self.stuck(tally.counts):
                    return
                continue
            before = self.table.accepted
            await self.click(*chosen, tally.counts)
            if self.table.accepted != before and not self.paused_after(chosen[0]):
                self.clicked_in_deal += 1

    def paused_after(self, action: str) -> bool:
        """Whether an accepted click only paused the page (the declarations' Continue, the
        Fool's question): no action of the deal's."""
        return action == CONTINUE or FOOL_QUESTION in self.html

    async def finish_deal(self, tally: Tally) -> None:
        await self.check_record(tally)
        status, body = await self._post("next", {"version": self.state["version"]}, self.client)
        if status >= 400:
            tally.counts.errors += 1
        self.show(body)
        self.deal += 1
        self.clicked_in_deal = 0

    async def check_record(self, tally: Tally) -> None:
        """The deal's hand record against this person's accepted clicks; a deal still under
        way when the play-out's time ran out (``FINISH_S``, a saturated server) has no record
        yet: counted as unchecked, not as an error."""
        if self.state.get("phase") != "over":
            tally.unchecked += 1
            return
        path = f"{self.table.url}/deals/{self.deal}.json"
        status, _, text = await self.client.request("GET", path, self.cookie)
        tally.deals += 1
        try:
            actions = json.loads(text)["actions"] if status == 200 else None
        except (ValueError, KeyError):
            actions = None
        if actions is None:
            tally.counts.errors += 1
            return
        seat = int(self.state["seat"])
        mine = sum(entry.get("seat") == seat for entry in actions)
        tally.lost += max(0, self.clicked_in_deal - mine)
        tally.doubled += max(0, mine - self.clicked_in_deal)


async def open_game(base: str, rng: random.Random, game: str, level: str) -> SoloPerson:
    setup = Connection(base)
    form = {"game": game, "difficulty": level, "speed": "instant"}
    _, fields, _ = await setup.request("POST", "/tables", {}, urlencode(form).encode())
    setup.close()
    person = SoloPerson(base, Table(fields["location"]), seat_token(fields), rng)
    await person.get(person.table.url, Counts())
    return person


def process_tree(root: int) -> list[int]:
    """``root`` and every process under it (its bot workers, the forkserver)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """Each live process's user + system CPU so far."""
    seconds = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds[pid] = (int(fields[11]) + int(fields[12])) / TICKS
    return seconds


def cpu_of(pids: list[int], before: dict[int, float], after: dict[int, float]) -> float:
    """The CPU seconds ``pids`` used between the two readings."""
    return sum(after[p] - before.get(p, 0.0) for p in pids if p in after)


def postmaster(url: str) -> int | None:
    """The PostgreSQL server's main process, when it runs on this machine (its backends are
    its children), else None."""
    try:
        import psycopg  # noqa: PLC0415 - only with PostgreSQL

        with psycopg.connect(url, autocommit=True) as db:  # the backend lives as long
            row = db.execute("SELECT pg_backend_pid()").fetchone()
            stat = Path(f"/proc/{int(row[0]) if row else 0}/stat").read_text()
        return int(stat.rsplit(")", 1)[1].split()[1])
    except Exception:  # not installed, not reachable, not on this machine
        return None


@dataclass(frozen=True)
class Pause:
    """How long a person waits before a click: ``seconds`` on average, each pause drawn
    evenly within ``spread`` of it (0.5: from half of ``seconds`` to one and a half times
    it; 0: always ``seconds``)."""

    seconds: float
    spread: float = PAUSE_SPREAD

    def drawn(self, rng: random.Random) -> float:
        return self.seconds * rng.uniform(1 - self.spread, 1 + self.spread)


@dataclass(frozen=True)
class Plan:
    """What the benchmark plays: ``games`` concurrent games of ``game`` against Hard, for
    ``seconds`` (or ``moves`` clicks), each person pausing as ``pause`` says."""

    games: int
    game: str
    seconds: float
    moves: int
    pause: Pause
    seed: int


async def bench(
    urls: list[str], plan: Plan, servers: list[int], database: int | None = None
) -> dict[str, Any]:
    """Run the games over ``urls`` (game i on ``urls[i % len(urls)]``); ``servers`` are the
    servers' process ids (their CPU is measured), ``database`` the postmaster's."""
    games, seconds, moves, pause, seed = (
        plan.games,
        plan.seconds,
        plan.moves,
        plan.pause,
        plan.seed,
    )
    rng = random.Random(seed)
    people = [await open_game(urls[i % len(urls)], rng, plan.game, "hard") for i in range(games)]
    tally = Tally()

    def trees() -> tuple[list[int], list[int]]:
        under = [pid for server in servers for pid in process_tree(server)]
        return under, process_tree(database) if database is not None else []

    under, db_pids = trees()
    cpu_before = cpu_seconds(under + db_pids)
    people_before = time.process_time()
    began = time.monotonic()
    deadline = began + seconds
    await asyncio.gather(*(p.play_solo(tally, deadline, pause, moves) for p in people))
    elapsed = time.monotonic() - began
    people_cpu = time.process_time() - people_before
    under, db_pids = trees()
    cpu_after = cpu_seconds(under + db_pids)
    # Each deal under way is played out (not timed) so that its hand record can be checked.
    ending = Tally()
    finish = time.monotonic() + FINISH_S
    await asyncio.gather(*(p.play_out(ending, finish) for p in people))
    for person in people:
        await person.check_record(tally)
        person.client.close()
    main_cpu = cpu_of(servers, cpu_before, cpu_after)
    workers_cpu = cpu_of(under, cpu_before, cpu_after) - main_cpu
    db_cpu = cpu_of(db_pids, cpu_before, cpu_after)
    all_cpu = main_cpu + workers_cpu + db_cpu
    per_move = 1000 / max(1, tally.moves)
    per_table = 1000 / max(elapsed, 1e-9) / games
    return {
        "games": games,
        "game": plan.game,
        "servers": len(urls),
        "seconds": round(elapsed, 1),
        "pause_s": pause.seconds,
        "pause_spread": pause.spread,
        "moves": tally.moves,
        "moves_per_s": round(tally.moves / elapsed, 2) if elapsed else 0.0,
        "deals_checked": tally.deals,
        "deals_unchecked": tally.unchecked,
        "replies_ms": ms(tally.replies_s),
        "click_ms": ms(tally.counts.click_s),
        "polls_per_move": round(tally.counts.polls / max(1, tally.moves), 2),
        "polls_204": tally.counts.empty_polls,
        "refused": tally.counts.refused,
        "errors": tally.counts.errors,
        "lost": tally.lost,
        "doubled": tally.doubled,
        "server_cpu_ms_per_move": round(main_cpu * per_move, 1),
        "workers_cpu_ms_per_move": round(workers_cpu * per_move, 1),
        "database_cpu_ms_per_move": round(db_cpu * per_move, 1) if database else None,
        "total_cpu_ms_per_move": round(all_cpu * per_move, 1),
        "people_cpu_ms_per_move": round(people_cpu * per_move, 1),
        # CPU per table: milliseconds of CPU per second of play of one table (100: a tenth
        # of a core), and how many such tables one core would carry
        "server_cpu_ms_per_table_s": round(main_cpu * per_table, 1),
        "total_cpu_ms_per_table_s": round(all_cpu * per_table, 1),
        "tables_per_core": round(1000 / (all_cpu * per_table), 1) if all_cpu else None,
        "processes": len(cpu_after),
    }


SPEED_S = 1.5
"""CPU seconds each of the machine's speed trials may take (the best of a few passes)."""


def machine_speed(cpus: set[int] | None, seconds: float) -> dict[str, float]:
    """This machine's speed now, on ``cpus`` (this process's own when None): the CPU
    milliseconds a Hard decision and a random engine deal take, the best of a few passes
    within ``seconds`` each (a Hard decision's takes one pass at least)."""
    own = os.sched_getaffinity(0)
    if cpus:
        os.sched_setaffinity(0, cpus)
    try:
        hard = bot_decisions_per_second("hard", seconds)
        deal = deals_per_second(TROCCAS, seconds)
    finally:
        os.sched_setaffinity(0, own)
    return {"hard_decision_ms": round(1000 / hard, 2), "engine_deal_ms": round(1000 / deal, 2)}


def cpu_list(text: str) -> set[int]:
    """``0``, ``1-3`` or ``0,2``: a set of this machine's CPUs."""
    cpus: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            cpus.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of CPUs: {text!r}") from None
    if not cpus or not cpus <= os.sched_getaffinity(0):
        raise argparse.ArgumentTypeError(f"not CPUs of this machine: {text!r}")
    return cpus


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m app.bench.solo", description=__doc__)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--games", type=int, default=25, help="concurrent games (default 25)")
    parser.add_argument(
        "--game",
        choices=GAMES,
        default=TROCCAS,
        help=f"{TROCCAS} (three computers: three Hard decisions a card; the default) or "
        f"{DANISH} (two computers: two a card)",
    )
    parser.add_argument("--bot-processes", type=int, default=1, help="each server's (default 1)")
    parser.add_argument("--servers", type=int, default=1, help="servers to start (default 1)")
    parser.add_argument(
        "--database",
        default=os.environ.get("TRIONFI_DATABASE") or None,
        help="the servers' postgresql:// database (default TRIONFI_DATABASE, else SQLite)",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (default 60)")
    parser.add_argument("--moves", type=int, default=0, help="stop after this many clicks")
    parser.add_argument(
        "--pause", type=float, default=PAUSE_S, help=f"a person's pause on average ({PAUSE_S})"
    )
    parser.add_argument(
        "--pause-spread",
        type=float,
        default=PAUSE_SPREAD,
        help=f"each pause drawn within this share of --pause either side ({PAUSE_SPREAD}; "
        "0: every person always pauses --pause, the games in step)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--server-cpus",
        type=cpu_list,
        help="run the servers (and their bot workers) on these CPUs only, e.g. 1 or 1-3",
    )
    parser.add_argument(
        "--people-cpus",
        type=cpu_list,
        help="run the simulated people on these CPUs only, e.g. 0 (apart from the servers: "
        "what one core of the server's carries)",
    )
    parser.add_argument(
        "--speed-seconds",
        type=float,
        default=SPEED_S,
        help=f"CPU seconds for each trial of this machine's speed, before and after ({SPEED_S})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = _parser()
    args = parser.parse_args(argv)
    if min(args.seconds, args.speed_seconds) <= 0 or args.games < 1 or args.bot_processes < 0:
        parser.error("--games is at least 1, --bot-processes 0 or more, times positive")
    if args.pause < 0 or not 0 <= args.pause_spread <= 1:
        parser.error("--pause is 0 or more, --pause-spread from 0 to 1")
    if args.servers < 1 or (args.servers > 1 and not args.database):
        parser.error(
            "--servers is at least 1; several share one PostgreSQL: --database postgresql://… "
            "(or python -m tools.pgcluster -- python -m app.bench.solo --servers 2)"
        )
    return args


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    speed_before = machine_speed(args.server_cpus, args.speed_seconds)
    if args.people_cpus:
        os.sched_setaffinity(0, args.people_cpus)
    # stopped (SIGTERM, a timeout): the servers it started are stopped too, by the finally
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    processes = []
    urls = [args.url] if args.url else []
    folders: list[str] = []
    try:
        if not args.url:
            extra = ["--bot-processes", str(args.bot_processes)]
            if args.database:
                extra += ["--database", args.database]
            for _ in range(args.servers):
                data = Path(tempfile.mkdtemp(prefix="trionfi-bench-solo-"))
                folders.append(str(data))
                port = free_port()
                processes.append(start_server(port, data, extra))
                urls.append(f"http://127.0.0.1:{port}")
        database = postmaster(args.database) if args.database and processes else None
        servers = [process.pid for process in processes]
        for pid in (pid for server in servers for pid in process_tree(server)):
            if args.server_cpus:  # the server and its workers (later ones inherit it)
                os.sched_setaffinity(pid, args.server_cpus)
        pause = Pause(args.pause, args.pause_spread)
        plan = Plan(args.games, args.game, args.seconds, args.moves, pause, args.seed)
        run = bench(urls, plan, servers, database)
        report = asyncio.new_event_loop().run_until_complete(run)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait()
        for folder in folders:  # the servers' data directories: nothing in them is kept
            shutil.rmtree(folder, ignore_errors=True)
    report["machine"] = {
        "before": speed_before,
        "after": machine_speed(args.server_cpus, args.speed_seconds),
    }
    report["bot_processes"] = args.bot_processes if processes else None
    report["database"] = "postgresql" if args.database else "sqlite"
    report["server_cpus"] = sorted(args.server_cpus) if args.server_cpus else None
    report["people_cpus"] = sorted(args.people_cpus) if args.people_cpus else None
    print(json.dumps(report) if args.json else describe(report))
    return 0


def describe(report: dict[str, Any]) -> str:
    replies = report["replies_ms"]
    before, after = report["machine"]["before"], report["machine"]["after"]
    return "\n".join(
        [
            f"{report['games']} solo games against Hard on {report['servers']} server(s) "
            f"({report['database']}), {report['bot_processes']} bot processes each, "
            f"{report['seconds']} s, pause {report['pause_s']} s "
            f"(give or take {report['pause_spread']:.0%})",
            f"moves: {report['moves']} ({report['moves_per_s']}/s), deals checked "
            f"{report['deals_checked']} (still under way when the play-out's time ran out, "
            f"so not checked: {report['deals_unchecked']})",
            f"click -> replies shown: p50 {replies['p50']} ms, p95 {replies['p95']} ms, "
            f"p99 {replies['p99']} ms (n={replies['n']})",
            f"CPU per move: server {report['server_cpu_ms_per_move']} ms, workers "
            f"{report['workers_cpu_ms_per_move']} ms, database "
            f"{report['database_cpu_ms_per_move']} ms (the simulated people "
            f"{report['people_cpu_ms_per_move']} ms)",
            f"CPU per table: {report['total_cpu_ms_per_table_s']} ms a second (server "
            f"{report['server_cpu_ms_per_table_s']}), {report['tables_per_core']} tables a core",
            f"errors {report['errors']}, refused {report['refused']}, lost {report['lost']}, "
            f"doubled {report['doubled']}",
            f"this machine's speed before and after: a Hard decision {before['hard_decision_ms']}"
            f" and {after['hard_decision_ms']} ms, an engine deal {before['engine_deal_ms']} and "
            f"{after['engine_deal_ms']} ms of CPU",
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
