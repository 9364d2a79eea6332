"""``trionfi bench``: throughput figures on this machine, printed, never asserted."""

from __future__ import annotations

import gc
import time
from random import Random
from typing import Any

from app.engine.games import GAMES
from app.engine.simulate import play_random_deal


def deals_per_second(game_key: str, seconds: float, seed: int = 1) -> float:
    """Full random deals (shuffle, discard, every legal-move generation, scoring) per second.

    Measured in this process's CPU time, i.e. per core: other work on a busy machine then
    changes the figure far less than it changes wall-clock time.
    """
    game = GAMES[game_key]
    rng = Random(seed)
    gc.collect()
    deals = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        play_random_deal(game, rng, dealer=deals % game.seat_count)
        deals += 1
        elapsed = time.process_time() - start
    return deals / elapsed


def run_bench(seconds: float = 3.0) -> dict[str, Any]:
    engine = {key: {"deals_per_second": round(deals_per_second(key, seconds))} for key in GAMES}
    return {"engine": engine}


def format_report(report: dict[str, Any]) -> str:
    lines = ["Engine: full random deals per second (one core)"]
    for key, figures in report["engine"].items():
        lines.append(f"  {GAMES[key].name:<15} {figures['deals_per_second']:>8,}")
    for level, figures in report.get("bots", {}).items():
        lines.append(f"  bot {level:<11} {figures['decisions_per_second']:>8,} decisions/s")
    return "\n".join(lines)
