"""The ``trionfi`` command (design.md 1.5)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from app.bots.ismcts import ISMCTS_ITERATIONS


def _replay(args: argparse.Namespace) -> int:
    from app.engine.record import BadRecord, IllegalActionAt, parse_record, replay, result

    try:
        text = sys.stdin.read() if args.file == "-" else _read(args.file)
        record = parse_record(json.loads(text))
        deal = replay(record)
    except (OSError, UnicodeDecodeError) as error:
        return _fail(2, {"error": "bad-record", "reason": f"cannot read {args.file}: {error}"})
    except json.JSONDecodeError as error:
        return _fail(2, {"error": "bad-record", "reason": f"not JSON: {error}"})
    except RecursionError:
        return _fail(2, {"error": "bad-record", "reason": "not JSON: nested too deeply"})
    except BadRecord as error:
        return _fail(2, {"error": "bad-record", "reason": str(error)})
    except IllegalActionAt as error:
        return _fail(1, error.to_json())
    print(json.dumps(result(deal)))
    return 0


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _fail(status: int, error: dict[str, Any], stream: TextIO | None = None) -> int:
    print(json.dumps(error), file=stream or sys.stderr)
    return status


def _bench(args: argparse.Namespace) -> int:
    from app.bench.throughput import format_report, run_bench

    report = run_bench(seconds=args.seconds)
    print(json.dumps(report) if args.json else format_report(report))
    return 0


def _bot(args: argparse.Namespace) -> int:
    from app.bots.base import ARENA_LEVELS
    from app.protocol.speaker import speak

    if args.level not in ARENA_LEVELS:
        known = ", ".join(ARENA_LEVELS)
        return _fail(2, {"error": "unknown-level", "reason": f"levels are {known}"})
    if args.iterations < 1:
        return _fail(2, {"error": "bad-arguments", "reason": "--iterations must be positive"})
    return speak(args.level, iterations=args.iterations)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trionfi", description="Tarot card games: Danish Tarok and Swiss Troccas."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    replay = commands.add_parser("replay", help="check a hand record and print its result as JSON")
    replay.add_argument("file", help="a trionfi-hand/1 file, or - for standard input")
    replay.set_defaults(run=_replay)

    bench = commands.add_parser("bench", help="engine and bot throughput on this machine")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--seconds", type=float, default=3.0, help="time per measurement (default 3)"
    )
    bench.set_defaults(run=_bench)

    bot = commands.add_parser("bot", help="one of our levels speaking trionfi-bot/1 on stdio")
    bot.add_argument(
        "--level",
        required=True,
        help="random, easy, medium or hard, or ismcts / ismcts-random (an information-set MCTS "
        "with hard's or random playouts, arena only)",
    )
    bot.add_argument(
        "--iterations",
        type=int,
        default=ISMCTS_ITERATIONS,
        help=f"the ismcts level's iterations per decision (default {ISMCTS_ITERATIONS})",
    )
    bot.set_defaults(run=_bot)

    from app.web.serve import add_parser as add_serve

    add_serve(commands)

    from app.arena import add_parser as add_arena

    add_arena(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
