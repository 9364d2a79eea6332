"""The hard bot: many sampled deals, each played out, and the card that does best over them.

For a play decision it deals the hidden cards many times consistently with everything its
seat knows (``knowledge`` and ``sampling``), plays every distinct legal card in each sampled
world and finishes the deal with the fast playout policy (``playout``), or searches it
exactly once few cards are left, and picks the card with the best average result: its own
tokens in Danish Tarok, its team's points in Troccas. Every card is tried on the same worlds,
so the comparison is fair.

The budget is a number of simulated card plays per decision, not a time: the same
observation and random stream always give the same card. ``worlds`` = budget / (cards to try
x cards left to play), kept between ``MIN_WORLDS`` and ``MAX_WORLDS``. A wall-clock cap
(``TIME_CAP``) only guards against a pathological case and does not trigger in normal play
(the arena reports think times); when it does, determinism is lost for that decision.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from random import Random

from app.bots.knowledge import Knowledge, read
from app.bots.odds import Choice, name_of
from app.bots.playout import choose, fool_name, play_out, search
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.cards import FOOL, PAGAT, STRENGTH, SUIT_OF, VALUE, WORLD
from app.engine.observation import Observation

HARD_BUDGET = 16_000
"""Simulated card plays per decision in the pages (about 0.1-0.4 s on one core)."""
MIN_WORLDS = 10
MAX_WORLDS = 160
EXACT_WORLDS = 40
EXACT_CARDS = {"danish-tarok": 3, "troccas": 2}
"""Hand sizes from which the rest of the deal is searched exactly in each sampled world."""
TIME_CAP = 4.0
"""Seconds; a safety net only (see the module docstring)."""


@dataclass
class Tally:
    card: int
    name: int | None
    total: float = 0.0
    trick_wins: int = 0


def decide(
    obs: Observation,
    rng: Random,
    budget: int,
    see_all: bool,
    first: Choice | None,
) -> Choice:
    """The best card over sampled worlds; ``first`` (the medium bot's choice) wins ties. (A seed
    convention's card is not searched: the level plays it as medium does.)"""
    legal = list(obs.legal)
    if len(legal) == 1:
        return Choice(legal[0], "your only legal card", _name(obs, legal[0]))
    know = read(obs, see_all)
    tallies = [Tally(card, _name(obs, card)) for card in candidates(obs, know)]
    if first is not None:
        tallies.sort(key=lambda t: t.card != first.card)
    exact = len(obs.hand) <= EXACT_CARDS[obs.game]
    worlds = _world_count(obs, len(tallies), budget, exact)
    done = _evaluate(obs, know, rng, tallies, worlds, exact)
    best = max(tallies, key=lambda t: t.total)
    return Choice(best.card, _reason(obs, best, done, exact), best.name)


def _name(obs: Observation, card: int) -> int | None:
    if card == FOOL and not obs.trick and obs.game == "danish-tarok" and obs.trick_number < 25:
        return 4
    return None


def candidates(obs: Observation, know: Knowledge) -> list[int]:
    """Legal cards less those that cannot differ from a kept one: same suit and value, and
    every card between them already out of play (or in this hand)."""
    strength = STRENGTH[know.chicks]
    value = VALUE[know.chicks]
    gone = know.played | set(obs.hand)
    kept: list[int] = []
    for card in sorted(obs.legal, key=lambda c: (int(SUIT_OF[c]), -strength[c])):
        if kept and _same(kept[-1], card, gone, strength, value):
            continue
        kept.append(card)
    return kept


def _same(
    high: int, low: int, gone: set[int], strength: tuple[int, ...], value: tuple[int, ...]
) -> bool:
    if FOOL in (high, low) or SUIT_OF[high] != SUIT_OF[low] or value[high] != value[low]:
        return False
    if {high, low} & {PAGAT, WORLD}:
        return False
    suit = SUIT_OF[high]
    return all(
        c in gone
        for c in range(78)
        if SUIT_OF[c] == suit and strength[low] < strength[c] < strength[high]
    )


def _world_count(obs: Observation, tried: int, budget: int, exact: bool) -> int:
    """Worlds to sample: the budget shared out, within bounds that shrink with a small
    budget (tests and quick arenas)."""
    low = max(1, min(MIN_WORLDS, budget // 1500))
    if exact:
        return max(1, min(EXACT_WORLDS, EXACT_WORLDS * budget // HARD_BUDGET))
    plays = max(1, sum(obs.hand_sizes) - len(obs.trick))
    return max(low, min(MAX_WORLDS, budget // (tried * plays)))


def _evaluate(
    obs: Observation,
    know: Knowledge,
    rng: Random,
    tallies: list[Tally],
    worlds: int,
    exact: bool,
) -> int:
    seat = obs.seat
    start = time.perf_counter()
    done = 0
    for _ in range(worlds):
        if done and time.perf_counter() - start > TIME_CAP:
            break
        world = sample_world(know, obs, rng)
        base = Sim.from_world(obs, world.holdings, world.discard)
        for tally in tallies:
            sim = base.clone()
            sim.play(tally.card, tally.name)
            if exact:
                tally.total += search(sim)[seat]
                continue
            number = obs.trick_number
            while sim.number == number:
                _policy_step(sim)
            if _is_ours(obs, sim.leader):
                tally.trick_wins += 1
            tally.total += play_out(sim)[seat]
        done += 1
    return done


def _policy_step(sim: Sim) -> None:
    card = choose(sim)
    sim.play(card, fool_name(sim, card))


def _is_ours(obs: Observation, winner: int) -> bool:
    if obs.game == "danish-tarok":
        return winner == obs.seat
    return winner % 2 == obs.seat % 2


def _reason(obs: Observation, best: Tally, done: int, exact: bool) -> str:
    """ "King of Cups: wins the trick in 41 of 50 sampled deals; the best average result from
    here (+3.2 tokens)"; the part after the colon may follow a medium reason."""
    average = best.total / max(1, done)
    unit = "tokens" if obs.game == "danish-tarok" else "points for your team"
    wins = best.trick_wins
    taker = "wins" if obs.game == "danish-tarok" else "your team wins"
    if exact:
        stats = f"played out exactly in {done} sampled deals"
    elif wins == done:
        stats = f"{taker} the trick in all {done} sampled deals"
    elif wins == 0:
        stats = f"gives up the trick in all {done} sampled deals"
    else:
        stats = f"{taker} the trick in {wins} of {done} sampled deals"
    return (
        f"{name_of(best.card)}: {stats}; the best average result from here ({average:+.1f} {unit})"
    )
