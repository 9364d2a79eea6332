"""``trionfi serve``: the web app on the LAN (design.md 1.5).

One uvicorn worker: the table store keeps every table and its lock in this one process.
"""

from __future__ import annotations

import argparse
import socket
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
        help="an outside bot program (trionfi-bot/1); not supported by the pages yet",
    )
    serve.set_defaults(run=run)
    return serve


def lan_address() -> str | None:
    """This machine's address on the local network, if it has one (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def addresses(host: str, port: int) -> list[str]:
    if host in ("0.0.0.0", "::", ""):
        found = [f"http://localhost:{port}/"]
        lan = lan_address()
        if lan:
            found.insert(0, f"http://{lan}:{port}/")
        return found
    return [f"http://{host}:{port}/"]


def run(args: argparse.Namespace) -> int:
    # Imported here so that building the CLI's parser stays fast for the other commands.
    import uvicorn  # noqa: PLC0415

    from app.web.app import create_app  # noqa: PLC0415

    if args.bot:
        print("Trionfi: --bot is not used by the pages yet; the tables use our own levels.")
    app = create_app(args.data)
    for url in addresses(args.host, args.port):
        print(f"Trionfi: open {url}", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, workers=1, log_level="warning")
    return 0
