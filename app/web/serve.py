"""``trionfi serve``: the web app on the LAN (design.md 1.5).

One uvicorn worker: the table store keeps every table and its lock in this one process, so
one server, and only one, may use a data directory: it holds an exclusive ``flock`` on
``trionfi.lock`` there for its whole life (the kernel lets go when the process ends, even
after ``kill -9``), and a second server on the same directory stops at once. A database that
cannot be used also stops the server with one line, the file untouched.
"""

from __future__ import annotations

import argparse
import fcntl
import gc
import os
import socket
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.protocol.naming import Program

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
DEFAULT_DATA = "data"


DATABASE_VARIABLE = "TRIONFI_DATABASE"
"""The PostgreSQL URL to serve from when ``--database`` is not given."""


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
        "--database",
        default=os.environ.get(DATABASE_VARIABLE) or None,
        metavar="postgresql://...",
        help=f"keep the tables in this PostgreSQL database, shared with other servers "
        f"(default ${DATABASE_VARIABLE}, else the embedded SQLite database in --data)",
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
    serve.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="let any address create tables and try codes as fast as it likes (benchmarks)",
    )
    serve.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        metavar="N",
        help="worker processes for the computers' decisions (default: the number of cores, "
        "or $TRIONFI_BOT_PROCESSES; 0 thinks inside the server process)",
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


LOCK_NAME = "trionfi.lock"


class DataDirUnusable(Exception):
    """The data directory cannot be held: another server has it, or it cannot be made."""


def _data_dir_problem(data: Path, error: OSError) -> str:
    if data.exists() and not data.is_dir():
        return f"the data directory {data} is a file, not a folder"
    return f"cannot use the data directory {data}: {error.strerror}"


@contextmanager
def hold_data_dir(data: Path) -> Iterator[None]:
    """Hold ``data`` for this server alone while the block runs; ``DataDirUnusable`` if another
    server holds it. The lock file keeps the holder's process id for that message."""
    try:
        data.mkdir(parents=True, exist_ok=True)
        handle = open(data / LOCK_NAME, "a+", encoding="ascii")  # noqa: SIM115 - held open
    except OSError as error:
        raise DataDirUnusable(_data_dir_problem(data, error)) from error
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip()
            process = f" (process {holder})" if holder.isdigit() else ""
            raise DataDirUnusable(
                f"another trionfi server{process} is using the data directory {data}; "
                "stop it first, or give this one another --data"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield


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
    from app.protocol.naming import BadProgram, parse_programs  # noqa: PLC0415
    from app.web.storage.database import BadDatabase  # noqa: PLC0415
    from app.web.table.programs import DEFAULT_THINK_MS  # noqa: PLC0415

    try:
        programs = parse_programs(args.bot)
    except BadProgram as error:
        print(f"trionfi serve: {error}", file=sys.stderr)
        return 2
    if args.bot_processes is not None and args.bot_processes < 0:
        print("trionfi serve: --bot-processes is 0 or more", file=sys.stderr)
        return 2
    if args.bot_processes is None:
        from app.bots.pool import default_processes  # noqa: PLC0415

        try:
            args.bot_processes = default_processes()
        except ValueError as error:
            print(f"trionfi serve: {error}", file=sys.stderr)
            return 2
    think_ms = DEFAULT_THINK_MS if args.think_ms is None else args.think_ms
    if not 50 <= think_ms <= 60_000:
        print("trionfi serve: --think-ms is between 50 and 60000", file=sys.stderr)
        return 2
    database = args.database or None
    if database and not database.startswith(("postgresql://", "postgres://")):
        print("trionfi serve: --database is a postgresql://... URL", file=sys.stderr)
        return 2
    try:
        if database:  # several servers may share it; the data directory keeps only logs
            serve(args, programs, think_ms)
        else:
            with hold_data_dir(Path(args.data)):
                serve(args, programs, think_ms)
    except (DataDirUnusable, BadDatabase) as error:
        print(f"trionfi serve: {error}", file=sys.stderr)
        return 1
    return 0


YOUNG_OBJECTS = 10_000
"""New objects between two collections of the youngest generation (Python's default: 700)."""


def settle_heap() -> None:
    """Leave what start-up built out of the garbage collector's work, and let it run less often.

    A serving process holds some 120,000 objects from start-up (modules, compiled templates,
    the app) that live as long as it does; Python's full collections walked all of them, and
    stopped every table for up to 121 to 170 ms at 30 solo games on one core (issue 20).
    Frozen, they are never walked again. A table's answer makes thousands of short-lived
    objects, most freed at once by their reference counts: with the default threshold the
    youngest generation was collected some 850 times a minute at 30 solo games, at
    ``YOUNG_OBJECTS`` about 200, and the full collections none in a minute after start-up
    instead of 7 (docs/performance.md). Only for the serving process: a test's apps come and
    go, and frozen objects are never freed."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, oldest)


def serve(args: argparse.Namespace, programs: Sequence[Program], think_ms: int) -> None:
    """Open the store, say where to go, and serve until stopped."""
    import uvicorn  # noqa: PLC0415

    from app.web.app import create_app  # noqa: PLC0415
    from app.web.http.connections import BACKLOG, guarded_protocol  # noqa: PLC0415
    from app.web.http.limits import RateLimits  # noqa: PLC0415
    from app.web.table.programs import LOG_NAME, probe  # noqa: PLC0415

    url = public_url(args.host, args.port)
    pinned = bool(os.environ.get(PUBLIC_URL_VARIABLE, "").strip())
    lan_base = url if is_wildcard(args.host) or pinned else None
    limits = RateLimits(enabled=not args.no_rate_limits)
    app = create_app(
        args.data,
        lan_base,
        programs,
        think_ms,
        limits=limits,
        inline_computers=False,
        bot_processes=args.bot_processes,
        database=args.database or None,
    )
    for program in programs:
        problem = probe(program, think_ms, Path(args.data) / LOG_NAME)
        state = "ready" if problem is None else f"does not start ({problem})"
        print(f"Program {program.name} ({program.command}): {state}", flush=True)
    if programs:
        print(f"Programs' faults and standard error are kept in {args.data}/{LOG_NAME}")
    print(f"Open {url} on any device on this network", flush=True)
    settle_heap()
    # Waiting polls would hold a graceful shutdown up: cut them after a second (the pages
    # poll again once the server is back). Slow clients: see app/web/http/connections.py.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        workers=1,
        log_level="warning",
        timeout_graceful_shutdown=1,
        http=guarded_protocol(),
        backlog=BACKLOG,
    )
