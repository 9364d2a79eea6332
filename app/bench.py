"""``trionfi bench``: throughput figures on this machine, printed, never asserted.

Each figure is the best of a few short trials in this process's CPU time (as ``timeit``
takes the fastest run): on a busy machine the slower trials measure the neighbours, not us.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from random import Random
from typing import Any

from app.engine.games import GAMES
from app.engine.simulate import play_random_deal

TRIALS = 5


def best_rate(work: Callable[[int], None], seconds: float) -> float:
    """The best rate (units per CPU second) of ``work(i)`` over ``TRIALS`` trials."""
    best = 0.0
    for _ in range(TRIALS):
        gc.collect()
        done = 0
        start = time.process_time()
        elapsed = 0.0
        while elapsed < seconds / TRIALS:
            work(done)
            done += 1
            elapsed = time.process_time() - start
        best = max(best, done / elapsed)
    return best


def deals_per_second(game_key: str, seconds: float, seed: int = 1) -> float:
    """Full random deals (shuffle, discard, every legal-move generation, scoring) per second."""
    game = GAMES[game_key]
    rng = Random(seed)

    def one_deal(index: int) -> None:
        play_random_deal(game, rng, dealer=index % game.seat_count)

    return best_rate(one_deal, seconds)


def run_bench(seconds: float = 3.0) -> dict[str, Any]:
    engine = {key: {"deals_per_second": round(deals_per_second(key, seconds))} for key in GAMES}
    return {"engine": engine}


def format_report(report: dict[str, Any]) -> str:
    lines = ["Engine: full random deals per second (one core, best of 5 trials)"]
    for key, figures in report["engine"].items():
        lines.append(f"  {GAMES[key].name:<15} {figures['deals_per_second']:>8,}")
    for level, figures in report.get("bots", {}).items():
        lines.append(f"  bot {level:<11} {figures['decisions_per_second']:>8,} decisions/s")
    return "\n".join(lines)
