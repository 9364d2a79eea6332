"""``trionfi bench``: throughput figures on this machine, printed, never asserted.

Each figure is the best of a few short trials in this process's CPU time (as ``timeit``
takes the fastest run): on a busy machine the slower trials measure the neighbours, not us.
The bots' and the simulator's trials are whole passes over the same positions
(``best_pass_rate``), so that figures of two versions of the code compare.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from random import Random
from typing import Any

from app.bots.base import LEVEL_NAMES, get_bot
from app.bots.compiled import PURE_SWITCH, is_compiled
from app.bots.ismcts import ISMCTS_ITERATIONS, IsmctsBot
from app.bots.knowledge import read
from app.bots.playout import forget_endgames, plan, play_out
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.deal import Phase
from app.engine.games import GAMES
from app.engine.observation import Observation, observe
from app.engine.options import GAMES as GAME_KEYS
from app.engine.options import Options
from app.engine.simulate import play_random_deal, random_action

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


def best_pass_rate(work: Callable[[int], None], count: int, seconds: float) -> float:
    """The best rate (units per CPU second) of whole passes ``work(0) .. work(count - 1)``:
    at least one pass, more while ``seconds`` last (at most ``TRIALS``). Every pass does the
    same work, so rates of slow and fast code compare (a trial cut by time would cover
    fewer, different units on slower code: bot decisions differ a lot in cost)."""
    best = 0.0
    spent = 0.0
    for _ in range(TRIALS):
        gc.collect()
        start = time.process_time()
        for index in range(count):
            work(index)
        elapsed = time.process_time() - start
        best = max(best, count / elapsed)
        spent += elapsed
        if spent >= seconds:
            break
    return best


def deals_per_second(game_key: str, seconds: float, seed: int = 1) -> float:
    """Full random deals (shuffle, discard, every legal-move generation, scoring) per second."""
    game = GAMES[game_key]
    rng = Random(seed)

    def one_deal(index: int) -> None:
        play_random_deal(game, rng, dealer=index % game.seat_count)

    return best_rate(one_deal, seconds)


def decision_positions(count: int = 40, seed: int = 7) -> list[Observation]:
    """Observations of seats about to play, spread over both games and the whole deal."""
    rng = Random(seed)
    positions: list[Observation] = []
    for index in range(count):
        game = GAMES[sorted(GAME_KEYS)[index % len(GAME_KEYS)]]
        deal = game.shuffle_and_deal(rng, index % game.seat_count, Options())
        stop = int(rng.random() * game.seat_count * (25 if game.seat_count == 3 else 19))
        while not deal.is_over and (stop > 0 or deal.phase is not Phase.PLAY):
            if deal.phase is Phase.PLAY:
                stop -= 1
            deal.apply(random_action(deal, rng))
        if not deal.is_over:
            positions.append(observe(deal, deal.turn))
    return positions


def bot_decisions_per_second(level: str, seconds: float) -> float:
    """Card-play decisions per CPU second of one bot level (default settings), each from
    scratch (no endgame remembered from an earlier decision)."""
    bot = get_bot(level)
    positions = decision_positions()

    def one_decision(index: int) -> None:
        forget_endgames()
        bot.choose(positions[index], Random(index))

    return best_pass_rate(one_decision, len(positions), seconds)


def ismcts_iterations_per_second(game_key: str, seconds: float) -> float:
    """The arena's ``ismcts`` opponent at its default budget: search iterations per CPU second
    over the card-play decisions of one game (each a determinization, a walk down the tree and
    a playout)."""
    bot = IsmctsBot(ISMCTS_ITERATIONS)
    positions = [p for p in decision_positions() if p.game == game_key and len(p.legal) > 1]

    def one_decision(index: int) -> None:
        forget_endgames()
        bot.choose(positions[index], Random(index))

    return best_pass_rate(one_decision, len(positions), seconds) * ISMCTS_ITERATIONS


def sim_plays_per_second(seconds: float) -> float:
    """The hard bot's simulator (``Sim`` and the playout policy, ``playout.play_out``): card
    plays per CPU second, playing sampled worlds of the decision positions to the end (each
    with the seats' Ultimo plans drawn; the last Danish tricks searched exactly)."""
    rng = Random(5)
    starts: list[Sim] = []
    for obs in decision_positions():
        if len(obs.legal) < 2:
            continue
        know = read(obs)
        for _ in range(3):
            world = sample_world(know, obs, rng)
            starts.append(Sim.from_world(obs, world.holdings, world.discard))
    plays = [sum(len(sim.holding(seat)) for seat in range(sim.seats)) for sim in starts]

    def one_playout(index: int) -> None:
        if index == 0:
            forget_endgames()
        sim = starts[index].clone()
        plan(sim, Random(index))
        play_out(sim)

    return best_pass_rate(one_playout, len(starts), seconds) * sum(plays) / len(plays)


def run_bench(seconds: float = 3.0) -> dict[str, Any]:
    engine = {key: {"deals_per_second": round(deals_per_second(key, seconds))} for key in GAME_KEYS}
    sim = {"plays_per_second": round(sim_plays_per_second(seconds))}
    bots = {
        level: {"decisions_per_second": _rounded(bot_decisions_per_second(level, seconds))}
        for level in LEVEL_NAMES
    }
    ismcts = {
        "iterations": ISMCTS_ITERATIONS,
        "iterations_per_second": {
            key: round(ismcts_iterations_per_second(key, seconds)) for key in GAME_KEYS
        },
    }
    return {
        "compiled": is_compiled(),
        "engine": engine,
        "sim": sim,
        "bots": bots,
        "ismcts": ismcts,
    }


def _rounded(rate: float) -> float:
    return round(rate) if rate >= 100 else round(rate, 1)


def format_report(report: dict[str, Any]) -> str:
    lines = []
    if "compiled" in report:
        how = (
            "compiled with mypyc"
            if report["compiled"]
            else f"pure Python (not compiled at install, or {PURE_SWITCH}=1)"
        )
        lines.append(f"The bots' search: {how}")
    lines.append("Engine: full random deals per second (one core, best of 5 trials)")
    for key, figures in report["engine"].items():
        lines.append(f"  {GAMES[key].name:<15} {figures['deals_per_second']:>8,}")
    if report.get("sim"):
        lines.append("Sim: card plays per second in the hard bot's playouts (one core)")
        lines.append(f"  {'both games':<15} {report['sim']['plays_per_second']:>8,}")
    if report.get("bots"):
        lines.append("Bots: card-play decisions per second (one core, both games)")
    for level, figures in report.get("bots", {}).items():
        lines.append(f"  {level:<15} {figures['decisions_per_second']:>8,}")
    ismcts = report.get("ismcts")
    if ismcts:
        lines.append(
            f"ismcts (arena opponent, {ismcts['iterations']} iterations a decision): "
            "iterations per second"
        )
        for key, rate in ismcts["iterations_per_second"].items():
            lines.append(f"  {GAMES[key].name:<15} {rate:>8,}")
    return "\n".join(lines)
