"""``trionfi serve``: the web app on the LAN (design.md 1.5).

One uvicorn worker: the table store keeps every table and its lock in this one process.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path
from typing import Any

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
DEFAULT_DATA = "data"


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` subcommand to the CLI's subparsers."""
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve", help="the web app: play in the browser"
    )
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address (default {DEFAULT_HOST})")
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    serve.add_argument(
        "--data",
        default=DEFAULT_DATA,
        help=f"folder for the embedded database (default ./{DEFAULT_DATA})",
    )
    serve.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar='NAME="COMMAND"',
        help="an outside program speaking trionfi-bot/1, a choice for any computer seat",
    )
    serve.add_argument(
        "--think-ms",
        type=int,
        default=None,
        help="outside programs' think budget per decision, in ms (default 2000)",
    )
    serve.set_defaults(run=run)
    return serve


def lan_address() -> str | None:
    """This machine's address on the local network, if it has one.

    ``connect`` on a UDP socket only chooses the route (and so the local address) for a
    private destination; no packet is sent anywhere.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def lan_host() -> str:
    """The name other devices reach this machine by: its LAN address, else its host name."""
    return lan_address() or socket.gethostname() or "localhost"


def is_wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


PUBLIC_URL_VARIABLE = "TRIONFI_PUBLIC_URL"
"""Set it where this machine cannot see its own LAN address (in a container: the address the
other devices reach the published port at, e.g. ``http://192.168.1.20:8000/``)."""


def public_url(host: str, port: int) -> str:
    """The address to give to the other devices."""
    given = os.environ.get(PUBLIC_URL_VARIABLE, "").strip()
    if given:
        return given if given.endswith("/") else given + "/"
    return f"http://{lan_host() if is_wildcard(host) else host}:{port}/"


def run(args: argparse.Namespace) -> int:
    # Imported here so that building the CLI's parser stays fast for the other commands.
    import uvicorn  # noqa: PLC0415

    from app.protocol.naming import BadProgram, parse_programs  # noqa: PLC0415
    from app.web.app import create_app  # noqa: PLC0415
    from app.web.programs import DEFAULT_THINK_MS, LOG_NAME, probe  # noqa: PLC0415

    try:
        programs = parse_programs(args.bot)
    except BadProgram as error:
        print(f"trionfi serve: {error}", file=sys.stderr)
        return 2
    think_ms = DEFAULT_THINK_MS if args.think_ms is None else args.think_ms
    if not 50 <= think_ms <= 60_000:
        print("trionfi serve: --think-ms is between 50 and 60000", file=sys.stderr)
        return 2
    url = public_url(args.host, args.port)
    pinned = bool(os.environ.get(PUBLIC_URL_VARIABLE, "").strip())
    lan_base = url if is_wildcard(args.host) or pinned else None
    app = create_app(args.data, lan_base, programs, think_ms)
    for program in programs:
        problem = probe(program, think_ms, Path(args.data) / LOG_NAME)
        state = "ready" if problem is None else f"does not start ({problem})"
        print(f"Program {program.name} ({program.command}): {state}", flush=True)
    if programs:
        print(f"Programs' faults and standard error are kept in {args.data}/{LOG_NAME}")
    print(f"Open {url} on any device on this network", flush=True)
    # Waiting polls would hold a graceful shutdown up: cut them after a second (the pages
    # poll again once the server is back).
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        workers=1,
        log_level="warning",
        timeout_graceful_shutdown=1,
    )
    return 0
