"""What a person timing the computers sees: ``python -m app.bench.thinktimes`` (issue 20).

Plays deals with Hard at every seat through ``BotPool(1)`` (the server's pool, one worker
process), one decision at a time, and times each card play from asked to given, as a page at
Instant sees it on a quiet server. The plays are told apart by whether the level searched (its
random stream moved: ``app.bots.worker.decide_timed``, made again in this process) and banded
by the cards in the hand. Were a computer's think time to tell what it holds, the plays made
without a search would stand out; the pool covers them with a recent search's think time
(``app.bots.worker.ThinkTimes``). Prints the median and the 10th to 90th percentiles of each
band; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections import defaultdict
from random import Random
from typing import Any

from app.bots.base import BotSettings
from app.bots.pool import BotPool
from app.bots.worker import decide_timed, request
from app.engine.deal import Phase
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import GAMES as GAME_KEYS
from app.engine.options import TROCCAS, Options

BAND = 5
"""Hand sizes per band."""

Times = dict[int, dict[str, list[float]]]
"""Band (its smallest hand size) -> "searched" or "not searched" -> ms from asked to given."""


async def timed_plays(game_key: str, deals: int, seed: int) -> Times:
    """Each card play of ``deals`` deals, as a page times it, by band and kind."""
    game = GAMES[game_key]
    rng = Random(seed)
    times: Times = defaultdict(lambda: {"searched": [], "not searched": []})
    pool = BotPool(1)
    pool.start()
    try:
        for number in range(deals):
            deal = game.shuffle_and_deal(rng, number % game.seat_count, Options())
            while not deal.is_over:
                obs = observe(deal, deal.turn)
                decision = request(obs, "hard", BotSettings(), Random(rng.random()))
                asked = time.perf_counter()
                action = await pool.decide(decision)
                given = time.perf_counter() - asked
                if obs.phase is Phase.PLAY:
                    kind = "searched" if decide_timed(decision)[1] else "not searched"
                    times[len(obs.hand) // BAND * BAND][kind].append(given * 1000)
                deal.apply(action)
    finally:
        pool.close()
    return times


def spread(values: list[float]) -> dict[str, Any]:
    """How many, the median and the 10th and 90th percentiles (ms)."""
    ordered = sorted(values)
    if not ordered:
        return {"n": 0}
    found: dict[str, Any] = {"n": len(ordered)}
    for name, share in (("p10", 0.1), ("p50", 0.5), ("p90", 0.9)):
        found[name] = round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)
    return found


def report(game_key: str, times: Times) -> dict[str, Any]:
    bands = {
        f"{low}-{low + BAND - 1}": {kind: spread(values) for kind, values in kinds.items()}
        for low, kinds in sorted(times.items())
    }
    return {"game": game_key, "bands": bands}


def describe(found: dict[str, Any]) -> str:
    lines = [
        f"{GAMES[found['game']].name}: Hard's card plays through a pool of one worker, "
        "ms from asked to given (n, median, 10th to 90th percentile)"
    ]
    for band, kinds in found["bands"].items():
        parts = []
        for kind in ("not searched", "searched"):
            figures = kinds[kind]
            if figures["n"]:
                parts.append(
                    f"{kind} {figures['n']:>3} {figures['p50']:>6.1f} "
                    f"({figures['p10']:.1f} to {figures['p90']:.1f})"
                )
            else:
                parts.append(f"{kind}   0")
        lines.append(f"  {band:>5} cards in hand: " + " | ".join(parts))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.bench.thinktimes", description=__doc__)
    parser.add_argument("--game", choices=GAME_KEYS, default=TROCCAS)
    parser.add_argument("--deals", type=int, default=12, help="deals to play (default 12)")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals is at least 1")
    times = asyncio.run(timed_plays(args.game, args.deals, args.seed))
    found = report(args.game, times)
    print(json.dumps(found) if args.json else describe(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
