"""Friends' tables under load: ``python -m app.bench.tables``.

Starts ``trionfi serve`` on a free port (or uses ``--url``) and seats 25 tables of Swiss
Troccas with 4 simulated people each, who play whole deals at once, the way the pages do:
each person's page long-polls (``/poll?v=&p=&w=15``: the answer comes when the table moves,
or 204 after 15 s), follows the paced frames, and when its screen shows the person's turn,
the person thinks a moment and clicks (now and then twice, as people do). It measures the
time from a person's click to each other player's screen showing that card, and checks at
the end, against each deal's hand record, that every accepted action is there exactly once.
Prints figures and the database's size; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from app.bench.clicks import free_port, start_server
from app.engine.options import TROCCAS

HX = {"HX-Request": "true"}
TABLE = re.compile(r'<div id="table"[^>]*>')
ATTR = re.compile(r'data-(phase|turn|version|seat)="([^"]*)"')
LEGAL = re.compile(r'class="card legal[^"]*"\s+name="(?:card|select)" value="([^"]+)"')
MARK = re.compile(r"/poll\?v=\d+&amp;p=([^\"&]*)&amp;")
TICK = re.compile(r'hx-get="([^"]+/at/\d+\?after=\d+)" hx-trigger="load delay:(\d+)ms"')
POLL_S = 0.5
WAIT_S = 15
SEATS = 4


class Connection:
    """A keep-alive HTTP/1.1 connection that reads what ``trionfi serve`` sends (a body with
    Content-Length), so that the simulated people cost the machine little next to the
    server they measure (100 browsers would each have their own processor)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], str]:
        for attempt in (1, 2):  # a kept-alive connection the server closed: once more
            try:
                return await self._exchange(method, path, headers, body)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], str]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if method == "POST":
            lines += ["Content-Type: application/x-www-form-urlencoded"]
            lines += [f"Content-Length: {len(body)}"]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split(" ", 2)[1])
        fields: dict[str, str] = {}
        for line in head[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                key = name.strip().lower()
                fields[key] = f"{fields[key]}, {value.strip()}" if key in fields else value.strip()
        size = int(fields.get("content-length", "0"))
        text = (await reader.readexactly(size)).decode() if size else ""
        return status, fields, text

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


@dataclass
class Counts:
    sent: int = 0
    accepted: int = 0
    refused: int = 0
    errors: int = 0
    double_clicks: int = 0
    polls: int = 0
    empty_polls: int = 0
    click_s: list[float] = field(default_factory=list)


@dataclass
class Table:
    url: str
    accepted: int = 0
    clicked: dict[int, tuple[float, int]] = field(default_factory=dict)
    """Version an accepted click produced -> when the click was sent, and by which seat."""
    seen: dict[int, dict[int, float]] = field(default_factory=dict)
    """Version -> seat -> when that seat's screen first showed it."""


class Person:
    """One simulated person with their page: polls, paced frames, clicks."""

    def __init__(self, url: str, table: Table, token: str, rng: random.Random):
        self.client = Connection(url)
        self.table = table
        page = f"{rng.getrandbits(48):012x}"  # each page's id, as its hx-headers send it
        self.cookie = {"Cookie": f"trionfi_seat={token}", "X-Trionfi-Page": page, **HX}
        self.rng = rng
        self.html = ""
        self.state: dict[str, str] = {}
        self.mark = ""
        self.tick: tuple[str, float] | None = None

    @property
    def version(self) -> int:
        return int(self.state.get("version", "-1"))

    def show(self, body: str) -> None:
        """What the page does with an answer: swap the table, note the next poll or frame."""
        mark = MARK.search(body)
        if mark:
            self.mark = mark.group(1)
        tag = TABLE.search(body)
        if tag is None:
            return
        self.html = body
        self.state = dict(ATTR.findall(tag.group(0)))
        now = time.perf_counter()
        seat = int(self.state["seat"])
        for version in range(self.version, -1, -1):
            seen = self.table.seen.setdefault(version, {})
            if seat in seen:
                break
            seen[seat] = now
        tick = TICK.search(body)
        self.tick = (
            (tick.group(1).replace("&amp;", "&"), int(tick.group(2)) / 1000) if tick else None
        )

    async def get(self, path: str, counts: Counts) -> bool:
        """Fetch and show; whether there was something new."""
        try:
            status, _, text = await self.client.request("GET", path, self.cookie)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            counts.errors += 1
            return False
        if status >= 500:
            counts.errors += 1
            return False
        if status == 204:
            counts.empty_polls += 1
            return False
        self.show(text)
        return True

    def decision(self) -> tuple[str, dict[str, Any]] | None:
        phase, turn, seat = (self.state.get(k) for k in ("phase", "turn", "seat"))
        if self.tick is not None or turn != seat or phase not in ("discard", "play", "bob"):
            return None
        version = self.state["version"]
        legal = LEGAL.findall(self.html)
        if phase == "discard":
            return "discard", {"version": version, "card": legal[:2]}
        if phase == "play":
            return "play", {"version": version, "card": self.rng.choice(legal)}
        return "decide", {"version": version, "choice": "no"}

    async def click(self, action: str, data: dict[str, Any], counts: Counts) -> None:
        twice = self.rng.random() < 0.05
        counts.double_clicks += twice
        sent = time.perf_counter()
        posts = [self._post(action, data, Connection(self.client_url)) for _ in range(twice)]
        answers = await asyncio.gather(self._post(action, data, self.client), *posts)
        counts.click_s.append(time.perf_counter() - sent)
        counts.sent += len(answers)
        for status, body in answers:
            if status >= 500:
                counts.errors += 1
            elif status == 200:
                counts.accepted += 1
                self.table.accepted += 1
                self.show(body)
                self.table.clicked[self.version] = (sent, int(self.state["seat"]))
            else:
                counts.refused += 1
                self.show(body)

    @property
    def client_url(self) -> str:
        return f"http://{self.client.host}:{self.client.port}"

    async def _post(
        self, action: str, data: dict[str, Any], connection: Connection
    ) -> tuple[int, str]:
        """The status the answer stands for (htmx refusals come as 200 with the status in
        ``X-Trionfi-Status``), and the answer; 599 for no answer at all."""
        path = f"{self.table.url}/{action}"
        body = urlencode(data, doseq=True).encode()
        try:
            status, fields, text = await connection.request("POST", path, self.cookie, body)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            return 599, ""
        finally:
            if connection is not self.client:
                connection.close()
        return int(fields.get("x-trionfi-status", status)), text

    async def play(self, counts: Counts, deadline: float) -> None:
        while self.state.get("phase") != "over" and time.monotonic() < deadline:
            chosen = self.decision()
            if chosen is not None:
                await asyncio.sleep(self.rng.uniform(0.3, 1.2))  # a person reads and thinks
                await self.click(*chosen, counts)
            elif self.tick is not None:
                path, delay = self.tick
                await asyncio.sleep(delay)
                self.tick = None
                await self.get(path, counts)
            else:
                counts.polls += 1
                path = f"{self.table.url}/poll?v={self.version}&p={self.mark}&w={WAIT_S}"
                if not await self.get(path, counts):  # 204: the page asks again at its next tick
                    await asyncio.sleep(self.rng.uniform(0, POLL_S))


async def seat_table(base: str, speed: str, rng: random.Random) -> list[Person]:
    """A table whose four seats are taken, started, each page open."""
    setup = Connection(base)
    form = {"game": TROCCAS, "name": "P0", "speed": speed}
    form.update({f"seat_{i}": "person" for i in range(SEATS)})
    _, fields, _ = await setup.request("POST", "/friends", {}, urlencode(form).encode())
    url = fields["location"]
    table = Table(url)
    tokens = [seat_token(fields)]
    for seat in range(1, SEATS):
        joined = urlencode({"name": f"P{seat}", "seat": str(seat)}).encode()
        _, fields, _ = await setup.request("POST", f"{url}/join", {}, joined)
        tokens.append(seat_token(fields))
    people = [Person(base, table, token, rng) for token in tokens]
    await setup.request("POST", f"{url}/start", people[0].cookie)
    setup.close()
    for person in people:
        await person.get(url, Counts())
    return people


def seat_token(fields: dict[str, str]) -> str:
    """The seat cookie among an answer's cookies."""
    found = re.search(r"trionfi_seat=([^;]+)", fields.get("set-cookie", ""))
    assert found, fields
    return found.group(1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def latencies(tables: list[Table]) -> tuple[list[float], list[float]]:
    """(each other player's delay, each click's delay until every other player saw it)."""
    each: list[float] = []
    everyone: list[float] = []
    for table in tables:
        for version, (sent, by) in table.clicked.items():
            seen = table.seen.get(version, {})
            delays = [at - sent for seat, at in seen.items() if seat != by]
            if len(delays) == SEATS - 1:
                each.extend(delays)
                everyone.append(max(delays))
    return each, everyone


async def verify(people: list[Person]) -> tuple[int, int]:
    """(lost, doubled) actions: the deal's hand record against the accepted clicks."""
    table = people[0].table
    path = f"{table.url}/deals/1.json"
    status, _, text = await people[0].client.request("GET", path, people[0].cookie)
    if status != 200:
        return table.accepted, 0
    recorded = len(json.loads(text)["actions"])
    return max(0, table.accepted - recorded), max(0, recorded - table.accepted)


async def bench(url: str, tables: int, speed: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    seated = [await seat_table(url, speed, rng) for _ in range(tables)]
    counts = Counts()
    began = time.monotonic()
    deadline = began + 900
    await asyncio.gather(*(p.play(counts, deadline) for people in seated for p in people))
    elapsed = time.monotonic() - began
    checks = [await verify(people) for people in seated]
    for people in seated:
        for person in people:
            person.client.close()
    each, everyone = latencies([people[0].table for people in seated])
    return {
        "tables": tables,
        "people": tables * SEATS,
        "seconds": round(elapsed, 1),
        "deals_finished": sum(p[0].state.get("phase") == "over" for p in seated),
        "clicks": counts.sent,
        "double_clicks": counts.double_clicks,
        "accepted": counts.accepted,
        "refused": counts.refused,
        "errors": counts.errors,
        "lost": sum(lost for lost, _ in checks),
        "doubled": sum(doubled for _, doubled in checks),
        "polls": counts.polls,
        "polls_204": counts.empty_polls,
        "click_ms": ms(counts.click_s),
        "seen_by_each_ms": ms(each),
        "seen_by_all_ms": ms(everyone),
    }


def ms(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(1000 * (statistics.median(values) if values else 0), 1),
        "p95": round(1000 * percentile(values, 0.95), 1),
        "p99": round(1000 * percentile(values, 0.99), 1),
        "max": round(1000 * max(values, default=0), 1),
    }


def database_size(data: Path) -> int:
    return sum(path.stat().st_size for path in data.glob("trionfi.sqlite3*"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.bench.tables", description=__doc__)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--speed", default="normal", help="the tables' pace (default normal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    data = Path(tempfile.mkdtemp(prefix="trionfi-bench-tables-"))
    process = None
    url = args.url
    if url is None:
        port = free_port()
        process = start_server(port, data)
        url = f"http://127.0.0.1:{port}"
    try:
        try:
            report = asyncio.run(bench(url, args.tables, args.speed, args.seed))
        finally:
            if process is not None:
                process.terminate()
                process.wait()
        if process is not None:
            report["database_bytes"] = database_size(data)
    finally:
        shutil.rmtree(data, ignore_errors=True)  # the server's data directory: nothing is kept
    print(json.dumps(report) if args.json else describe(report))
    return 0


def describe(report: dict[str, Any]) -> str:
    lines = [
        f"{report['tables']} tables, {report['people']} people, {report['seconds']} s: "
        f"{report['deals_finished']} deals finished",
        f"clicks {report['clicks']} ({report['double_clicks']} double): accepted "
        f"{report['accepted']}, refused {report['refused']}, errors {report['errors']}, "
        f"lost {report['lost']}, doubled {report['doubled']}",
        f"polls {report['polls']}, of which 204: {report['polls_204']}",
    ]
    for key, label in (
        ("click_ms", "click to own answer"),
        ("seen_by_each_ms", "click to each other screen"),
        ("seen_by_all_ms", "click to every other screen"),
    ):
        f = report[key]
        lines.append(
            f"{label}: p50 {f['p50']} ms, p95 {f['p95']} ms, p99 {f['p99']} ms, "
            f"max {f['max']} ms (n={f['n']})"
        )
    if "database_bytes" in report:
        lines.append(f"database after the run: {report['database_bytes'] / 1e6:.2f} MB")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
