"""Click latency and page weight of the web app: ``python -m app.bench.clicks``.

Starts ``trionfi serve`` on a free port (or uses ``--url``), plays whole matches against
computer players the way a browser with htmx does, and times each card click from request to
answer: the person's card and the rendered table. The computers think off the request
(``app.web.live.computers``), so their replies are not in that time: the simulated person looks
again every ``WAIT_S`` until it is their turn (a page learns it by its poll). It also weighs
the first page load (HTML, stylesheet, htmx; card faces not counted) and checks that static
files are sent with Cache-Control. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from app.engine.options import DANISH, TROCCAS

HX = {"HX-Request": "true"}
TABLE = re.compile(
    r'<div id="table"[^>]*data-phase="([^"]*)" data-turn="([^"]*)" data-version="(\d+)"'
)
LEGAL = re.compile(r'class="card legal[^"]*"\s+name="(?:card|select)" value="([^"]+)"')
MODE = re.compile(r'<div id="table" class="[^"]*\bmode-([a-z_]+)')
WAIT_S = 0.02
"""How long the person waits before looking again while the computers move."""


def start_server(port: int, data: Path, extra: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--data", str(data), "--no-rate-limits", *extra]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            time.sleep(0.05)
    process.terminate()
    raise RuntimeError("the server did not start")


def free_port() -> int:
    import socket  # noqa: PLC0415 - only the benchmark needs it

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class Player:
    """A person at one table, clicking the first legal card each time."""

    def __init__(self, client: httpx.Client, game: str, level: str, speed: str) -> None:
        self.client = client
        form = {"game": game, "difficulty": level, "speed": speed, "hints": "on"}
        response = client.post("/tables", data=form, follow_redirects=False)
        self.url = response.headers["location"]
        self.html = client.get(self.url).text

    def state(self) -> tuple[str, str, str]:
        found = TABLE.search(self.html)
        assert found, "no #table in the answer"
        return found.group(1), found.group(2), found.group(3)

    def refresh(self) -> None:
        self.html = self.client.get(self.url, headers=HX).text

    def post(self, action: str, data: dict[str, Any]) -> float:
        began = time.perf_counter()
        response = self.client.post(f"{self.url}/{action}", data=data, headers=HX)
        elapsed = time.perf_counter() - began
        response.raise_for_status()
        self.html = response.text
        return elapsed

    def step(self) -> float | None:
        """One decision; the time of a card click, or None for anything else (a look while
        the computers move included)."""
        self.refresh()
        phase, _, version = self.state()
        mode = MODE.search(self.html)
        if mode and mode.group(1) == "wait":
            time.sleep(WAIT_S)
            return None
        if phase == "over":
            self.post("next", {"version": version})
            return None
        if phase == "declarations":
            self.post("continue", {"version": version})
            return None
        if phase == "discard":
            size = 2 if 'data-game="troccas"' in self.html else 3
            self.post("discard", {"version": version, "card": LEGAL.findall(self.html)[:size]})
            return None
        if phase == "play":
            card = LEGAL.findall(self.html)[0]
            elapsed = self.post("play", {"version": version, "card": card})
            if "fool-question" in self.html:
                elapsed += self.post("play", {"version": version, "card": card, "name": "T"})
            return elapsed
        self.post("decide", {"version": version, "choice": "yes"})
        return None


def click_latency(url: str, clicks: int, level: str, speed: str) -> dict[str, Any]:
    times: list[float] = []
    with httpx.Client(base_url=url, timeout=30) as client:
        games = (DANISH, TROCCAS)
        players = [Player(client, game, level, speed) for game in games]
        turn = 0
        while len(times) < clicks:
            elapsed = players[turn % 2].step()
            turn += 1
            if elapsed is not None:
                times.append(elapsed)
    times.sort()
    return {
        "clicks": len(times),
        "level": level,
        "speed": speed,
        "p50_ms": round(1000 * statistics.median(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
    }


def page_weight(url: str) -> dict[str, Any]:
    """The first load of the home page and of a table page, without card faces: raw bytes
    and bytes sent (gzip); and the Cache-Control of the static files."""
    with httpx.Client(base_url=url) as client:
        home = client.get("/")
        start = client.post("/tables", data={"game": DANISH}, follow_redirects=True)
        figures: dict[str, Any] = {}
        caching: dict[str, str | None] = {}
        for name, page in (("home", home), ("table", start)):
            assets = re.findall(r'(?:href|src)="(/static/(?:css|js|vendor)/[^"]+)"', page.text)
            raw = len(page.content)
            sent = int(page.headers.get("content-length", raw))
            for asset in assets:
                response = client.get(asset)
                raw += len(response.content)
                sent += int(response.headers.get("content-length", len(response.content)))
                caching[asset.split("?")[0]] = response.headers.get("cache-control")
            figures[name] = {"raw_bytes": raw, "sent_bytes": sent, "static_files": len(assets)}
        card = client.get("/static/cards/CU-K.svg?v=1")
        caching["/static/cards/CU-K.svg"] = card.headers.get("cache-control")
    figures["cache_control"] = caching
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.bench.clicks", description=__doc__)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--clicks", type=int, default=300)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    process = None
    url = args.url
    data = None
    if url is None:
        port = free_port()
        data = Path(tempfile.mkdtemp(prefix="trionfi-bench-"))
        process = start_server(port, data)
        url = f"http://127.0.0.1:{port}"
    try:
        report: dict[str, Any] = {
            "clicks": [
                click_latency(url, args.clicks, args.level, "instant"),
                click_latency(url, args.clicks, args.level, "normal"),
            ],
            "first_page": page_weight(url),
        }
    finally:
        if process is not None:
            process.terminate()
            process.wait()
        if data is not None:  # the server's data directory: nothing in it is kept
            shutil.rmtree(data, ignore_errors=True)
    if args.json:
        print(json.dumps(report))
    else:
        for figures in report["clicks"]:
            print(
                f"{figures['clicks']} card clicks, {figures['level']} bots, "
                f"speed {figures['speed']}: p50 {figures['p50_ms']} ms, "
                f"p95 {figures['p95_ms']} ms, max {figures['max_ms']} ms"
            )
        pages = report["first_page"]
        for name in ("home", "table"):
            page = pages[name]
            print(
                f"first load of the {name} page: {page['raw_bytes'] / 1000:.1f} kB raw, "
                f"{page['sent_bytes'] / 1000:.1f} kB sent ({page['static_files']} static files, "
                "card faces not counted)"
            )
        for path, header in pages["cache_control"].items():
            print(f"  {path}: Cache-Control {header}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
