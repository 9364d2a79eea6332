"""Friends' tables under load: ``python -m app.web.tablebench``.

Starts ``trionfi serve`` on a free port (or uses ``--url``) and seats 25 tables of Swiss
Troccas with 4 simulated people each, who play whole deals at once, the way the pages do:
each person's page polls every 500 ms (``/poll?v=&p=``, 204 while nothing changed), follows
the paced frames, and when its screen shows the person's turn, the person thinks a moment
and clicks (now and then twice, as people do). It measures the time from a person's click to
each other player's screen showing that card, and checks at the end, against each deal's
hand record, that every accepted action is there exactly once. Prints figures and the
database's size; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from app.web.loadbench import free_port, start_server

HX = {"HX-Request": "true"}
TABLE = re.compile(r'<div id="table"[^>]*>')
ATTR = re.compile(r'data-(phase|turn|version|seat)="([^"]*)"')
LEGAL = re.compile(r'class="card legal[^"]*"\s+name="(?:card|select)" value="([^"]+)"')
MARK = re.compile(r"/poll\?v=\d+&amp;p=([^\"&]*)\"")
TICK = re.compile(r'hx-get="([^"]+/at/\d+\?after=\d+)" hx-trigger="load delay:(\d+)ms"')
POLL_S = 0.5
SEATS = 4


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

    def __init__(self, client: httpx.AsyncClient, table: Table, token: str, rng: random.Random):
        self.client = client
        self.table = table
        self.cookie = {"Cookie": f"trionfi_seat={token}", **HX}
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

    async def get(self, path: str, counts: Counts) -> None:
        try:
            response = await self.client.get(path, headers=self.cookie)
        except httpx.HTTPError:
            counts.errors += 1
            return
        if response.status_code >= 500:
            counts.errors += 1
        elif response.status_code == 204:
            counts.empty_polls += 1
        else:
            self.show(response.text)

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
        posts = [self._post(action, data) for _ in range(2 if twice else 1)]
        answers = await asyncio.gather(*posts)
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

    async def _post(self, action: str, data: dict[str, Any]) -> tuple[int, str]:
        """The status the answer stands for (htmx refusals come as 200 with the status in
        ``X-Trionfi-Status``), and the answer; 599 for no answer at all."""
        path = f"{self.table.url}/{action}"
        try:
            response = await self.client.post(path, data=data, headers=self.cookie)
        except httpx.HTTPError:
            return 599, ""
        return int(response.headers.get("X-Trionfi-Status", response.status_code)), response.text

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
                await asyncio.sleep(POLL_S)
                counts.polls += 1
                await self.get(f"{self.table.url}/poll?v={self.version}&p={self.mark}", counts)


async def seat_table(client: httpx.AsyncClient, speed: str, rng: random.Random) -> list[Person]:
    form = {"game": "troccas", "name": "P0", "speed": speed}
    form.update({f"seat_{i}": "person" for i in range(SEATS)})
    created = await client.post("/friends", data=form)
    url = created.headers["location"]
    table = Table(url)
    tokens = [created.cookies["trionfi_seat"]]
    for seat in range(1, SEATS):
        client.cookies.clear()
        joined = await client.post(f"{url}/join", data={"name": f"P{seat}", "seat": str(seat)})
        tokens.append(joined.cookies["trionfi_seat"])
    client.cookies.clear()
    people = [Person(client, table, token, rng) for token in tokens]
    await client.post(f"{url}/start", headers=people[0].cookie)
    for person in people:
        await person.get(url, Counts())
    return people


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


async def verify(client: httpx.AsyncClient, people: list[Person]) -> tuple[int, int]:
    """(lost, doubled) actions: the deal's hand record against the accepted clicks."""
    table = people[0].table
    response = await client.get(f"{table.url}/deals/1.json", headers=people[0].cookie)
    if response.status_code != 200:
        return table.accepted, 0
    recorded = len(response.json()["actions"])
    return max(0, table.accepted - recorded), max(0, recorded - table.accepted)


async def bench(url: str, tables: int, speed: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
        seated = [await seat_table(client, speed, rng) for _ in range(tables)]
        counts = Counts()
        began = time.monotonic()
        deadline = began + 900
        await asyncio.gather(*(p.play(counts, deadline) for people in seated for p in people))
        elapsed = time.monotonic() - began
        checks = [await verify(client, people) for people in seated]
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
    parser = argparse.ArgumentParser(prog="python -m app.web.tablebench", description=__doc__)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--speed", default="normal", help="the tables' pace (default normal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    data = Path(tempfile.mkdtemp(prefix="trionfi-tablebench-"))
    process = None
    url = args.url
    if url is None:
        port = free_port()
        process = start_server(port, data)
        url = f"http://127.0.0.1:{port}"
    try:
        report = asyncio.run(bench(url, args.tables, args.speed, args.seed))
    finally:
        if process is not None:
            process.terminate()
            process.wait()
    if process is not None:
        report["database_bytes"] = database_size(data)
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
