"""``trionfi arena``: bot levels play each other over many deals (design.md 1.5).

Every arena deal is dealt from its own stream of the seed, as the first deal of a match, with
the dealer rotating with the deal's number; in Danish Tarok a seat's result is its balance
change from after the opening payments (pot founding and the dealer's fee, which no play
changes) to the end of the deal, in Troccas its team's points (count minus 36). With
``--duplicate`` each deal is replayed with the levels rotated through the seats (each
distinct seating once), which cancels most of the luck of the cards.

A level's figure per deal is its mean over the seats it held in that deal's seatings; means,
differences between levels and their 95% intervals (normal approximation) are taken over
deals, which are independent. Each level's result is also split by the ledger's items (the
kinds of its entries: the count, King and Pagat Ultimo, Bagud, declarations, lost Ultimo cards,
the last trick ... in Danish Tarok; the result in Troccas), so that one sees where a gain comes
from.

Think time is measured around each ``choose`` call: wall time, and processor time, which is
the arena's own for our levels and the program's own for an outside program (read from
``/proc``; None where that is not available). Every action goes through the engine's check,
and an illegal one stops the arena with exit status 1 and a JSON error on standard error.

Players are the levels, ``ismcts`` and ``ismcts-random`` (an information-set MCTS with hard's
playouts or with random ones, ``--ismcts-iterations`` per decision: reference opponents the
pages do not offer) and outside programs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing.util
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from app.bots.base import ARENA_LEVELS, LEVEL_NAMES, Bot, BotSettings, arena_bot, get_bot
from app.bots.hard import HARD_BUDGET
from app.bots.ismcts import ISMCTS_ITERATIONS
from app.bots.ismcts import LEVEL as ISMCTS
from app.bots.ismcts import LEVELS as ISMCTS_LEVELS
from app.bots.ismcts import RANDOM_LEVEL as ISMCTS_RANDOM
from app.engine.actions import Action, IllegalAction
from app.engine.games import GAMES
from app.engine.ledger import LedgerEntry
from app.engine.observation import Observation, observe
from app.engine.options import DANISH_FOUR, MATCH_OPTIONS, Options
from app.engine.options import GAMES as GAME_KEYS
from app.engine.record import record_of, result
from app.engine.rng import derive_seed, stream
from app.protocol.naming import parse_programs
from app.protocol.program import FaultLog, ProgramBot, ProgramSeat

Z95 = 1.959964
SEE_ALL = "+see"
"""A level name ending so ("hard+see") plays with "opponents see all hands" on: it reads
every holding (the ceiling that shows what hidden information costs)."""


class ArenaError(Exception):
    """A bot's action the engine refused: a bug, reported loudly."""

    def __init__(self, details: dict[str, Any]) -> None:
        super().__init__(details.get("reason", "illegal action"))
        self.details = details


@dataclass(frozen=True)
class Setup:
    game: str
    players: tuple[str, ...]
    deals: int
    seed: int | str
    duplicate: bool
    options: Options = field(default_factory=Options)
    hard_budget: int = HARD_BUDGET
    records: str | None = None
    external: tuple[tuple[str, str], ...] = ()
    think_ms: int = 1000
    bot_log: str | None = None
    """The file that keeps outside programs' faults (with the offending lines) and stderr."""
    ismcts_iterations: int = ISMCTS_ITERATIONS


@dataclass
class DealOutcome:
    """One deal over its seatings: each level's mean result and its think times (seconds)."""

    index: int
    results: dict[str, float]
    times: dict[str, list[float]]
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """Processor time per decision: the think time a busy machine does not inflate (an outside
    program's own; missing where it cannot be measured)."""
    items: dict[str, dict[str, float]] = field(default_factory=dict)
    """Per level, its mean result split by ledger item (entry kind); the items sum to
    ``results``."""
    faults: dict[str, dict[str, int]] = field(default_factory=dict)
    """Outside programs' faults in this deal, per program and kind."""
    taken_over: dict[str, int] = field(default_factory=dict)
    """Per outside program, its decisions the fallback made (faults, and after it gave up)."""


def seatings(players: tuple[str, ...], duplicate: bool) -> list[tuple[str, ...]]:
    """The seatings a deal is played with: the players as given, or every distinct rotation."""
    if not duplicate:
        return [players]
    found: list[tuple[str, ...]] = []
    for shift in range(len(players)):
        seating = players[shift:] + players[:shift]
        if seating not in found:
            found.append(seating)
    return found


def play_deal(setup: Setup, index: int) -> DealOutcome:
    game = GAMES[setup.game]
    sums: dict[str, list[float]] = {}
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    items: dict[str, list[dict[str, int]]] = {}
    taken_over: dict[str, int] = {}
    for number, seating in enumerate(seatings(setup.players, setup.duplicate)):
        deal_rng = stream(setup.seed, "arena", "deal", index)
        while True:  # a void deal (rules.md 2.3a: a new deal asked) is dealt again
            deal = game.shuffle_and_deal(deal_rng, index % game.seat_count, setup.options)
            start = list(deal.books.balances)
            opening = len(deal.books.ledger)
            bots = [_bot(setup, level, seat) for seat, level in enumerate(seating)]
            rngs = [
                stream(setup.seed, "arena", "bot", index, number, s) for s in range(len(seating))
            ]
            while not deal.is_over:
                seat = deal.turn
                obs = observe(deal, seat, see_all=seating[seat].endswith(SEE_ALL))
                began, began_cpu = time.perf_counter(), time.process_time()
                action = bots[seat].choose(obs, rngs[seat])
                _count_takeover(bots[seat], taken_over)
                times.setdefault(seating[seat], []).append(time.perf_counter() - began)
                used = _cpu_used(bots[seat], time.process_time() - began_cpu)
                if used is not None:
                    cpu.setdefault(seating[seat], []).append(used)
                try:
                    deal.check(action)
                except IllegalAction as error:
                    replacement = _replace_illegal(bots[seat], obs, action, error, rngs[seat])
                    _count_takeover(bots[seat], taken_over)
                    if replacement is not None:
                        deal.apply(replacement)
                        continue
                    raise ArenaError(
                        {
                            "error": "illegal-action",
                            "deal": index,
                            "seating": list(seating),
                            "seat": seat,
                            "level": seating[seat],
                            "action": action.to_json(),
                            "reason": error.reason,
                        }
                    ) from None
                deal.apply(action)
            if not deal.is_void:
                break
        _tell_results(bots, deal)
        for seat, level in enumerate(seating):
            if seat not in deal.players:
                continue  # sat this deal out (Danish Tarok for four, rules.md 2.17)
            change = deal.books.balances[seat] - start[seat]
            sums.setdefault(level, []).append(change)
            items.setdefault(level, []).append(ledger_items(deal.books.ledger[opening:], seat))
        if setup.records:
            _write_record(setup, index, number, seating, deal)
    results = {level: sum(values) / len(values) for level, values in sums.items()}
    faults = {name: dict(kinds) for name, kinds in _FAULTS.counts.items()}
    _FAULTS.counts.clear()
    split = {level: _mean_items(found) for level, found in items.items()}
    return DealOutcome(index, results, times, cpu, split, faults, taken_over)


def ledger_items(entries: Sequence[LedgerEntry], seat: int) -> dict[str, int]:
    """What ``entries`` gave (+) and took (-) from ``seat``, per kind of entry."""
    found: dict[str, int] = {}
    for entry in entries:
        if seat not in (entry.target, entry.source):
            continue
        amount = entry.amount if entry.target == seat else 0
        if entry.source == seat:
            amount -= entry.amount
        found[entry.kind] = found.get(entry.kind, 0) + amount
    return found


def _mean_items(found: list[dict[str, int]]) -> dict[str, float]:
    kinds = dict.fromkeys(kind for one in found for kind in one)
    return {kind: sum(one.get(kind, 0) for one in found) / len(found) for kind in kinds}


def _cpu_used(bot: Bot, own: float) -> float | None:
    """The processor time of the decision just made: an outside program's own (None if it
    cannot be read, or the fallback decided), else this process's ``own``."""
    if isinstance(bot, ProgramBot):
        return bot.last_cpu if bot.last_fault is None else None
    return own


def _count_takeover(bot: Bot, taken_over: dict[str, int]) -> None:
    if isinstance(bot, ProgramBot) and bot.last_fault is not None:
        taken_over[bot.level] = taken_over.get(bot.level, 0) + 1


def _replace_illegal(
    bot: Bot, obs: Observation, action: Action, error: IllegalAction, rng: Random
) -> Action | None:
    """An outside program's illegal action is a counted fault and the fallback decides;
    None for our own levels, whose illegal action is a bug the arena reports loudly."""
    if not isinstance(bot, ProgramBot):
        return None
    return bot.report_illegal(obs, action, error.reason, rng)


def _tell_results(bots: list[Bot], deal: Any) -> None:
    """Each outside program at the table hears the deal's result (trionfi-bot/1 ``result``)."""
    programs = [bot for bot in bots if isinstance(bot, ProgramBot)]
    if programs:
        hand_result = result(deal)
        for program in programs:
            program.send_result(hand_result)


_EXTERNAL: dict[tuple[str, int], ProgramBot] = {}
_FAULTS = FaultLog()
"""Outside programs' faults of this process, moved into each deal's outcome."""
FALLBACK_LEVEL = "medium"
DEFAULT_BOT_LOG = "trionfi-bots.log"
"""Decides for an outside program that crashed, answered garbage or too late (issue 6)."""


def _bot(setup: Setup, level: str, seat: int) -> Bot:
    commands = dict(setup.external)
    if level in commands:
        return _program(setup, level, commands[level], seat)
    see_all = level.endswith(SEE_ALL)
    settings = BotSettings(see_all=see_all, hard_budget=setup.hard_budget)
    return arena_bot(level.removesuffix(SEE_ALL), settings, setup.ismcts_iterations)


def _program(setup: Setup, name: str, command: str, seat: int) -> Bot:
    """An outside program speaking trionfi-bot/1 (one process per name and seat)."""
    key = (name, seat)
    _FAULTS.path = Path(setup.bot_log) if setup.bot_log else None
    if key not in _EXTERNAL:
        seed = derive_seed(setup.seed, "arena", "program", name, seat)
        where = ProgramSeat(setup.game, setup.options, seat, setup.think_ms, seed)
        fallback = get_bot(FALLBACK_LEVEL, BotSettings(hard_budget=setup.hard_budget))
        _EXTERNAL[key] = ProgramBot(name, command, where, fallback, _FAULTS)
    return _EXTERNAL[key]


def _close_programs() -> None:
    for program in _EXTERNAL.values():
        program.close()
    _EXTERNAL.clear()


def _write_record(
    setup: Setup, index: int, number: int, seating: tuple[str, ...], deal: Any
) -> None:
    assert setup.records is not None
    folder = Path(setup.records)
    name = f"deal-{index:05d}-{number}.json"
    (folder / name).write_text(json.dumps(record_of(deal).to_json()) + "\n", encoding="utf-8")
    with (folder / "index.jsonl").open("a", encoding="utf-8") as handle:
        entry = {"file": name, "deal": index, "seating": list(seating)}
        handle.write(json.dumps(entry) + "\n")


# ---------------------------------------------------------------------- running


def run(setup: Setup, jobs: int = 1, progress: bool = True) -> dict[str, Any]:
    """Play the arena and return its report (the JSON of design.md 1.5, plus differences)."""
    if setup.records:
        Path(setup.records).mkdir(parents=True, exist_ok=True)
        (Path(setup.records) / "index.jsonl").unlink(missing_ok=True)
    outcomes: list[DealOutcome] = []
    began = time.monotonic()
    if setup.bot_log and setup.external:
        seating = ",".join(setup.players)
        FaultLog(Path(setup.bot_log)).mark(
            f"arena {setup.game} --players {seating} --seed {setup.seed} at {time.ctime()}"
        )
    try:
        for outcome in _outcomes(setup, jobs):
            outcomes.append(outcome)
            if progress and (len(outcomes) % 25 == 0 or len(outcomes) == setup.deals):
                elapsed = time.monotonic() - began
                print(
                    f"arena: {len(outcomes)}/{setup.deals} deals, {elapsed:.0f} s", file=sys.stderr
                )
    finally:
        _close_programs()
    outcomes.sort(key=lambda o: o.index)
    return report(setup, outcomes)


def _outcomes(setup: Setup, jobs: int) -> Iterator[DealOutcome]:
    if jobs <= 1:
        for index in range(setup.deals):
            yield play_deal(setup, index)
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker) as pool:
        yield from pool.map(_play_one, [setup] * setup.deals, range(setup.deals), chunksize=1)


def _start_worker() -> None:
    """A worker process tells its programs goodbye when the pool ends it (a worker exits
    without running ``atexit``; multiprocessing's finalizers do run)."""
    multiprocessing.util.Finalize(None, _close_programs, exitpriority=10)


def _play_one(setup: Setup, index: int) -> DealOutcome:
    return play_deal(setup, index)


def report(setup: Setup, outcomes: list[DealOutcome]) -> dict[str, Any]:
    levels = list(dict.fromkeys(setup.players))
    figures: dict[str, Any] = {}
    for level in levels:
        values = [o.results[level] for o in outcomes if level in o.results]  # 2.17: sat out
        times = sorted(t for o in outcomes for t in o.times.get(level, []))
        cpu = sorted(t for o in outcomes for t in o.cpu.get(level, []))
        mean, low, high = mean_ci(values)
        measured = bool(cpu) or not times
        figures[level] = {
            "mean": round(mean, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "decisions": len(times),
            "think_ms": {"p50": _quantile_ms(times, 0.5), "p95": _quantile_ms(times, 0.95)},
            "think_cpu_ms": {
                "p50": _quantile_ms(cpu, 0.5) if measured else None,
                "p95": _quantile_ms(cpu, 0.95) if measured else None,
            },
            "cpu_measured": len(cpu),
            "ledger": _ledger_figures(level, outcomes),
        }
    differences: dict[str, Any] = {}
    ordered = sorted(levels, key=_strength_order)
    for stronger, weaker in itertools.pairwise(ordered):
        values = [
            o.results[stronger] - o.results[weaker]
            for o in outcomes
            if stronger in o.results and weaker in o.results
        ]
        mean, low, high = mean_ci(values)
        differences[f"{stronger} - {weaker}"] = {
            "mean": round(mean, 3),
            "ci95": [round(low, 3), round(high, 3)],
        }
    return {
        "game": setup.game,
        "deals": setup.deals,
        "duplicate": setup.duplicate,
        "seed": setup.seed,
        "seatings": len(seatings(setup.players, setup.duplicate)),
        "hard_budget": setup.hard_budget,
        "ismcts_iterations": setup.ismcts_iterations
        if set(ISMCTS_LEVELS) & {level.removesuffix(SEE_ALL) for level in levels}
        else None,
        "levels": figures,
        "differences": differences,
        "faults": _sum_faults(outcomes),
        "taken_over": _sum_taken_over(outcomes),
        "bot_log": setup.bot_log,
    }


ITEM_ORDER = (
    "count",
    "king-ultimo",
    "pagat-ultimo",
    "bagud",
    "last-trick",
    "card-lost",
    "declaration",
    "pagat-trick",
    "tout",
    "nolo",
    "result",
)
"""The ledger's kinds of entry in the order the report lists them (others after them)."""


def _ledger_figures(level: str, outcomes: list[DealOutcome]) -> dict[str, Any]:
    """The level's mean per deal of each ledger item, with its 95% interval."""
    kinds = dict.fromkeys(kind for o in outcomes for kind in o.items.get(level, {}))
    ordered = sorted(kinds, key=lambda k: (ITEM_ORDER.index(k) if k in ITEM_ORDER else 99, k))
    found: dict[str, Any] = {}
    for kind in ordered:
        played = [o for o in outcomes if level in o.items]
        mean, low, high = mean_ci([o.items[level].get(kind, 0.0) for o in played])
        found[kind] = {"mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}
    return found


def _sum_taken_over(outcomes: list[DealOutcome]) -> dict[str, int]:
    total: dict[str, int] = {}
    for outcome in outcomes:
        for name, count in outcome.taken_over.items():
            total[name] = total.get(name, 0) + count
    return total


def _sum_faults(outcomes: list[DealOutcome]) -> dict[str, dict[str, int]]:
    total: dict[str, dict[str, int]] = {}
    for outcome in outcomes:
        for name, kinds in outcome.faults.items():
            mine = total.setdefault(name, {})
            for kind, count in kinds.items():
                mine[kind] = mine.get(kind, 0) + count
    return total


def _strength_order(level: str) -> float:
    """Strongest first, as differences are taken: outside programs, a see-all level just above
    its honest one, hard, then ``ismcts`` (so that "hard - ismcts" reads as hard's lead over
    the reference), medium, easy, random."""
    order = list(reversed(LEVEL_NAMES))
    order.insert(order.index("hard") + 1, ISMCTS)
    order.insert(order.index("hard") + 1, ISMCTS_RANDOM)
    if level.endswith(SEE_ALL) and level.removesuffix(SEE_ALL) in order:
        return order.index(level.removesuffix(SEE_ALL)) - 0.5
    return order.index(level) if level in order else -1


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation)."""
    count = len(values)
    if count == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / count
    if count == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def _quantile_ms(times: list[float], q: float) -> float:
    if not times:
        return 0.0
    index = min(len(times) - 1, int(q * len(times)))
    return round(times[index] * 1000, 1)


def format_report(data: dict[str, Any]) -> str:
    unit = GAMES[data["game"]].result_unit
    mode = f"duplicate ({data['seatings']} seatings each)" if data["duplicate"] else "single"
    iterations = data.get("ismcts_iterations")
    extra = f", ismcts iterations {iterations}" if iterations else ""
    width = max(10, *(len(level) + 1 for level in data["levels"]))
    lines = [
        f"{GAMES[data['game']].name}: {data['deals']} deals, {mode}, seed {data['seed']}, "
        f"hard budget {data['hard_budget']}{extra}",
        f"mean result per deal and seat, in {unit}, with 95% confidence intervals",
        "",
        f"{'level':<{width}}{'mean':>9}  {'95% CI':<20}{'decisions':>10}{'p50 ms':>9}"
        f"{'p95 ms':>9}{'cpu p50':>9}{'cpu p95':>9}",
    ]
    for level, f in data["levels"].items():
        low, high = f["ci95"]
        interval = f"[{low:+.2f}, {high:+.2f}]"
        think, cpu = f["think_ms"], f["think_cpu_ms"]
        lines.append(
            f"{level:<{width}}{f['mean']:>+9.2f}  {interval:<20}{f['decisions']:>10}"
            f"{think['p50']:>9.1f}{think['p95']:>9.1f}{_ms(cpu['p50'])}{_ms(cpu['p95'])}"
        )
    lines += _ledger_lines(data, unit)
    if data["differences"]:
        pairs = max(18, *(len(pair) + 1 for pair in data["differences"]))
        lines += ["", f"{'difference':<{pairs}}{'mean':>9}  95% CI"]
        for pair, f in data["differences"].items():
            low, high = f["ci95"]
            lines.append(f"{pair:<{pairs}}{f['mean']:>+9.2f}  [{low:+.2f}, {high:+.2f}]")
    for name, kinds in data.get("faults", {}).items():
        counted = ", ".join(f"{kind} {count}" for kind, count in kinds.items() if count)
        taken = data.get("taken_over", {}).get(name, 0)
        decisions = data["levels"].get(name, {}).get("decisions", 0)
        lines.append(
            f"faults of {name}: {counted}; {FALLBACK_LEVEL} made {taken} of its "
            f"{decisions} decisions"
        )
    if data.get("bot_log"):
        lines.append(f"outside programs' faults and stderr are kept in {data['bot_log']}")
    return "\n".join(lines)


def _ms(value: float | None) -> str:
    """A think time in the text report; "n/a" where it could not be measured."""
    return f"{'n/a':>9}" if value is None else f"{value:>9.1f}"


def _ledger_lines(data: dict[str, Any], unit: str) -> list[str]:
    """Each level's mean per deal split by ledger item, one row per item."""
    levels = data["levels"]
    kinds = dict.fromkeys(kind for f in levels.values() for kind in f.get("ledger", {}))
    if not kinds:
        return []
    lines = [
        "",
        f"mean per deal by ledger item, in {unit}",
        f"{'item':<14}" + "".join(f"{level:>{_column(levels)}}" for level in levels),
    ]
    for kind in kinds:
        row = "".join(
            f"{levels[level]['ledger'].get(kind, {'mean': 0.0})['mean']:>+{_column(levels)}.2f}"
            for level in levels
        )
        lines.append(f"{kind:<14}{row}")
    return lines


def _column(levels: dict[str, Any]) -> int:
    return max(12, *(len(level) + 2 for level in levels))


# ---------------------------------------------------------------------- the command


def add_parser(commands: Any) -> None:
    """Add ``trionfi arena`` to the ``trionfi`` command's subparsers."""
    arena = commands.add_parser("arena", help="bot levels play each other over many deals")
    arena.add_argument("--game", required=True, choices=[*GAME_KEYS, DANISH_FOUR])
    arena.add_argument(
        "--players",
        required=True,
        help="one player per seat, e.g. hard,medium,medium: random, easy, medium, hard, ismcts "
        "(an information-set MCTS reference opponent with hard's playouts), ismcts-random (the "
        "same with random playouts, as in the paper) or an outside program's NAME",
    )
    arena.add_argument("--deals", type=int, default=100)
    arena.add_argument("--seed", default="1", help="the seed of the deals and the bots' streams")
    arena.add_argument("--duplicate", action="store_true", help="replay each deal in every seating")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--records", metavar="DIR", help="write every deal as a hand record")
    arena.add_argument(
        "--hard-budget",
        type=int,
        default=HARD_BUDGET,
        help=f"the hard level's simulated card plays per decision (default {HARD_BUDGET})",
    )
    arena.add_argument(
        "--ismcts-iterations",
        type=int,
        default=ISMCTS_ITERATIONS,
        help=f"the ismcts players' iterations per decision (default {ISMCTS_ITERATIONS})",
    )
    arena.add_argument("--jobs", type=int, default=1, help="deals played in parallel processes")
    arena.add_argument(
        "--option", action="append", default=[], metavar="KEY", help="a rule option to turn on"
    )
    arena.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar='NAME="COMMAND"',
        help="an outside program speaking trionfi-bot/1, usable under NAME",
    )
    arena.add_argument(
        "--think-ms", type=int, default=1000, help="outside programs' budget (default 1000)"
    )
    arena.add_argument(
        "--bot-log",
        default=DEFAULT_BOT_LOG,
        metavar="FILE",
        help=f"where outside programs' faults and stderr are kept (default {DEFAULT_BOT_LOG})",
    )
    arena.add_argument("--quiet", action="store_true", help="no progress on standard error")
    arena.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    try:
        setup = _setup(args)
    except ValueError as error:
        print(json.dumps({"error": "bad-arguments", "reason": str(error)}), file=sys.stderr)
        return 2
    try:
        data = run(setup, jobs=args.jobs, progress=not args.quiet)
    except ArenaError as error:
        print(json.dumps(error.details), file=sys.stderr)
        return 1
    print(json.dumps(data) if args.json else format_report(data))
    return 0


def _setup(args: argparse.Namespace) -> Setup:
    game = GAMES[args.game]
    players = tuple(p.strip() for p in args.players.split(","))
    external = tuple((program.name, program.command) for program in parse_programs(args.bot))
    names = [*ARENA_LEVELS, *(f"{level}{SEE_ALL}" for level in ARENA_LEVELS)]
    names += [name for name, _ in external]
    if len(players) != game.seat_count:
        raise ValueError(f"{game.name} needs {game.seat_count} players, not {len(players)}")
    unknown = [p for p in players if p not in names]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}: players are {', '.join(names)}")
    if args.deals < 1 or args.hard_budget < 1 or args.ismcts_iterations < 1:
        raise ValueError("--deals, --hard-budget and --ismcts-iterations must be positive")
    options = Options.from_json(args.game, dict.fromkeys(args.option, True))
    drawn = [key for key in args.option if key in MATCH_OPTIONS]
    if drawn:  # the arena seats its players and rotates the dealer itself
        raise ValueError(f"--option {drawn[0]} is a table's draw: the arena does not draw")
    raw = str(args.seed)
    seed = int(raw) if raw.isascii() and raw.lstrip("-").isdigit() else args.seed
    return Setup(
        args.game,
        players,
        args.deals,
        seed,
        args.duplicate,
        options,
        args.hard_budget,
        args.records,
        external,
        args.think_ms,
        args.bot_log if external else None,
        args.ismcts_iterations,
    )
