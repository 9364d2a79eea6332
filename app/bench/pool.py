"""The computers' worker pool alone: ``python -m app.bench.pool`` (issue 20).

How many Hard decisions a second ``BotPool(P)`` (``app.bots.pool``, the server's pool) makes
when it always has work waiting, for each P asked (default 1 up to the cores): the same
card-play decisions each time (``throughput.decision_positions``: both games, the whole
deal), all submitted at once, after each worker's first decision (its imports). Without
HTTP, saves or renders, this shows what the pool itself adds with each process: on a machine
whose cores are free, about one core's worth of decisions each. The rate is wall-clock (a
pool's worth is what it finishes in time), so anything else running here lowers it: run it
on a quiet machine and compare the ratios of one run. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from random import Random
from typing import Any

from app.bench.throughput import decision_positions
from app.bots.base import BotSettings
from app.bots.compiled import is_compiled
from app.bots.pool import BotPool
from app.bots.worker import Decision, request
from app.engine.observation import Observation

LEVEL = "hard"


def decisions(positions: list[Observation], rounds: int) -> list[Decision]:
    """Each position ``rounds`` times, each time with a random stream of its own."""
    settings = BotSettings()
    return [
        request(obs, LEVEL, settings, Random(index * len(positions) + round_))
        for round_ in range(rounds)
        for index, obs in enumerate(positions)
    ]


async def rate(processes: int, work: list[Decision]) -> dict[str, Any]:
    """Decisions a second of a fresh pool of ``processes`` workers over ``work``."""
    pool = BotPool(processes)
    try:
        await asyncio.gather(*(pool.decide(work[i]) for i in range(processes)))  # warm up
        began = time.perf_counter()
        await asyncio.gather(*(pool.decide(decision) for decision in work))
        elapsed = time.perf_counter() - began
    finally:
        pool.close()
    return {
        "processes": processes,
        "decisions": len(work),
        "seconds": round(elapsed, 2),
        "decisions_per_s": round(len(work) / elapsed, 1),
    }


def run(process_counts: list[int], rounds: int) -> dict[str, Any]:
    work = decisions(decision_positions(), rounds)
    runs = [asyncio.run(rate(processes, work)) for processes in process_counts]
    first = runs[0]["decisions_per_s"]
    for entry in runs:
        entry["speed_up"] = round(entry["decisions_per_s"] / first, 2)
    return {"compiled": is_compiled(), "cores": os.cpu_count(), "level": LEVEL, "runs": runs}


def counts(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("each pool has at least one process")
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.bench.pool", description=__doc__)
    cores = os.cpu_count() or 1
    parser.add_argument(
        "--processes",
        type=counts,
        default=list(range(1, cores + 1)),
        help=f"the pools' sizes, e.g. 1,2 (default 1 to {cores}, the cores)",
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="passes over the positions (default 5)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds is at least 1")
    report = run(args.processes, args.rounds)
    print(json.dumps(report) if args.json else describe(report))
    return 0


def describe(report: dict[str, Any]) -> str:
    how = "compiled" if report["compiled"] else "pure Python"
    lines = [f"{report['level']} decisions through the bot pool ({how}, {report['cores']} cores)"]
    for entry in report["runs"]:
        lines.append(
            f"  {entry['processes']} process(es): {entry['decisions_per_s']:>7} decisions/s "
            f"(x{entry['speed_up']}, {entry['decisions']} in {entry['seconds']} s)"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
