"""Browser tests: a real ``trionfi serve`` and Debian's Chromium driven by Playwright.

The tests skip (not fail) when /usr/bin/chromium is absent; CI installs it. Each test gets a
fresh browser context at the size it asks for, and fails if the page logged a JavaScript
error. Screenshots go to test-results/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.web.factory import save

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results" / "e2e"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def table_ready(page: Any) -> None:
    """Wait for the table and for its scripts: a click before htmx has bound would post the
    form natively (a full page load, and a 422 logged to the console for a refused card)."""
    page.wait_for_selector("#table")
    page.wait_for_load_state("load")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@dataclass
class Server:
    """``trionfi serve`` in a subprocess, on a free port and its own data directory."""

    data_dir: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    extra: list[str] = field(default_factory=list)
    """More arguments of ``trionfi serve`` (``--bot NAME=COMMAND``, say)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--data", str(self.data_dir), "--no-rate-limits"]
        command += self.extra
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("trionfi serve did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("e2e-data"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium here (CI installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@dataclass
class Tab:
    """One page in a fresh context, with what its console said."""

    page: Any
    size: str
    errors: list[str] = field(default_factory=list)

    def shot(self, name: str) -> Path:
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"{name}-{self.size}.png"
        self.page.screenshot(path=str(path))
        return path


@pytest.fixture
def open_tab(browser: Any) -> Iterator[Callable[..., Tab]]:
    """Open a page at a size ("phone", "desktop"); JavaScript errors fail the test."""
    contexts: list[Any] = []
    tabs: list[Tab] = []

    def opener(size: str = "desktop", javascript: bool = True) -> Tab:
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height}, java_script_enabled=javascript
        )
        context.set_default_timeout(20000)
        contexts.append(context)
        tab = Tab(context.new_page(), size)
        tab.page.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
        tab.page.on("pageerror", lambda error: tab.errors.append(str(error)))
        tabs.append(tab)
        return tab

    yield opener
    for context in contexts:
        context.close()
    for tab in tabs:
        assert not tab.errors, f"JavaScript errors: {tab.errors}"


def seated_tab(
    opener: Callable[..., Tab], server: Server, table: Any, token: str, size: str = "desktop"
) -> Tab:
    """A table built by the test, saved into the server's store, and a tab seated at it."""

    save(table, server.data_dir)
    tab = opener(size)
    sit_at(tab, server, table.id, token)
    return tab


def sit_at(tab: Tab, server: Server, table_id: str, token: str) -> None:
    """Give the tab the seat cookie of a table built by the test, and open the table."""
    tab.page.context.add_cookies(
        [
            {
                "name": "trionfi_seat",
                "value": token,
                "domain": "127.0.0.1",
                "path": f"/tables/{table_id}",
                "httpOnly": True,
                "sameSite": "Lax",
            }
        ]
    )
    tab.page.goto(f"{server.url}/tables/{table_id}")
    table_ready(tab.page)
