"""The hard bot: many sampled deals, each played out, and the card that does best over them.

For a play decision it deals the hidden cards many times consistently with everything its
seat knows (``knowledge`` and ``sampling``), plays every distinct legal card in each sampled
world and finishes the deal with the fast playout policy (``playout``), or searches it
exactly once few cards are left, and picks the card with the best average result: its own
tokens in Danish Tarok, its team's points in Troccas. Every card is tried on the same worlds,
so the comparison is fair.

In Danish Tarok the playouts plan for the last trick (``playout.plan``): in each one, every
seat holding a King (a Queen under Chicks) or the I may keep it for trick 25 and then draws
trumps with its trump length, and the others may keep their highest trump back to stop it;
this seat's own plan alternates between none and keeping its best Ultimo card, so both are
tried on the same worlds (and the hint says when the card kept for the last trick decided).
A card overrules the medium choice only when it does better by ``MARGIN`` standard errors,
paired world by world: one deal's playouts diverge, and noise alone must not pick a card.
With every holding known ("opponents see all hands") every world is the same, so the
playouts vary by their plans and a random card now and then, and the endgame is searched
exactly from further out in the one world (``KNOWN_EXACT_CARDS``).

The budget is a number of simulated card plays per decision, not a time: the same
observation and random stream always give the same card. ``worlds`` = budget / (cards to try
x cards left to play), kept between ``MIN_WORLDS`` and ``MAX_WORLDS`` (one world for an
exact search of a known deal). A wall-clock cap
(``TIME_CAP``) only guards against a pathological case and does not trigger in normal play
(the arena reports think times); when it does, determinism is lost for that decision.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random

from app.bots.knowledge import KITTY, Knowledge, read
from app.bots.odds import Choice, Table, name_of
from app.bots.playout import choose, fool_name, keep_choice, plan, play_out, search
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.bots.words import comparison, keeps_for_last, only_card, situation, trick_words
from app.engine.cards import FOOL, PAGAT, STRENGTH, SUIT_OF, VALUE, WORLD
from app.engine.observation import Observation

HARD_BUDGET = 16_000
"""Simulated card plays per decision in the pages (about 0.1-0.4 s on one core)."""
MIN_WORLDS = 10
MAX_WORLDS = 160
EXACT_WORLDS = 40
EXACT_CARDS = {"danish-tarok": 3, "troccas": 3}
"""Hand sizes from which the rest of the deal is searched exactly in each sampled world."""
KNOWN_EXACT_CARDS = {"danish-tarok": 4, "troccas": 5}
"""The same when every holding is known (see-all): one world, searched from further out."""
TIME_CAP = 4.0
"""Seconds; a safety net only (see the module docstring)."""


@dataclass
class Tally:
    card: int
    name: int | None
    total: float = 0.0
    trick_wins: int = 0
    by_plan: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """The total over the worlds of each of the seat's own plans (none, keep ``kept``)."""
    plan: int = 0
    """The seat's better plan after this card (set by ``_evaluate``; for the hint)."""
    values: list[float] = field(default_factory=list)
    """The card's result in each world, in the order the worlds were dealt."""


def decide(
    obs: Observation,
    rng: Random,
    budget: int,
    see_all: bool,
    first: Choice | None,
    names: Sequence[str] | None = None,
) -> Choice:
    """The best card over sampled worlds; ``first`` (the medium bot's choice) wins ties, and
    when the search agrees with it, its reason leads the hint's. (A seed convention's card is
    not searched: the level plays it as medium does.)"""
    legal = list(obs.legal)
    if len(legal) == 1:
        return Choice(legal[0], only_card(obs, legal[0]), _name(obs, legal[0]))
    know = read(obs, see_all)
    tallies = [Tally(card, _name(obs, card)) for card in candidates(obs, know)]
    if first is not None:
        tallies.sort(key=lambda t: t.card != first.card)
    known = all(know.capacity(h) == 0 for h in know.sizes if h != KITTY)
    exact = len(obs.hand) <= (KNOWN_EXACT_CARDS if known else EXACT_CARDS)[obs.game]
    worlds = 1 if exact and known else _world_count(obs, len(tallies), budget, exact)
    done, kept = _evaluate(obs, know, rng, tallies, worlds, exact, known)
    best = max(tallies, key=lambda t: t.total)
    if (
        first is not None
        and tallies[0].card == first.card
        and not _clearly_better(best, tallies[0], MARGIN[obs.game])
    ):
        best = tallies[0]
    reason = _reason(Table(obs, know, names), tallies, best, done, exact, first)
    if best.plan == 1 and kept in legal and kept != best.card:
        reason = f"{reason}; {keeps_for_last(kept)}"
    return Choice(best.card, reason, best.name)


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
    known: bool = False,
) -> tuple[int, int]:
    """Play every tally's card in ``worlds`` sampled worlds; the worlds done and the Ultimo
    card the seat's own "keep" plan keeps (-1: no such plan tried).

    In Danish Tarok every playout draws each seat's plan (``playout.plan``); the seat's own
    plan alternates between none and keeping its best Ultimo card for the last trick. A card
    is worth its average over all worlds (both plans, so that every comparison is paired
    world by world); the better plan for it is kept for the hint. When
    every holding is ``known`` all worlds are the same, and the playouts vary by their plans
    and by random cards now and then instead."""
    seat = obs.seat
    start = time.perf_counter()
    done = 0
    kept = -1
    plans = [0, 0]
    for _ in range(worlds):
        if done and time.perf_counter() - start > TIME_CAP:
            break
        world = sample_world(know, obs, rng)
        base = Sim.from_world(obs, world.holdings, world.discard)
        own = 0
        if not exact:
            if done == 0:
                kept = keep_choice(base, seat) if base.danish else -1
            own = done % 2 if kept >= 0 else 0
            plan(base, rng, kept if own else -1, seat)
            base.noise = rng if known else None
        plans[own] += 1
        table: dict[tuple[object, ...], tuple[int, int]] = {}
        for tally in tallies:
            sim = base.clone()
            sim.play(tally.card, tally.name)
            if exact:
                value = search(sim, table)[seat]
            else:
                number = obs.trick_number
                while sim.number == number:
                    _policy_step(sim)
                if _is_ours(obs, sim.leader):
                    tally.trick_wins += 1
                value = play_out(sim)[seat]
            tally.by_plan[own] += value
            tally.values.append(value)
        done += 1
    for tally in tallies:
        tally.total = sum(tally.values)
        means = [tally.by_plan[p] / plans[p] if plans[p] else -(10.0**9) for p in (0, 1)]
        tally.plan = 1 if means[1] > means[0] else 0
    return done, kept


MARGIN = {"danish-tarok": 2.0, "troccas": 1.0}
"""How many standard errors a card must beat the medium choice by, paired world by world,
before the search overrules it: playouts of one deal diverge, and a card that wins by
noise alone (a Page thrown into a lost trick instead of winning it with the King) is
worse than the plain choice. Danish results swing with the Ultimo far more than a Troccas
count does, so Danish asks for more."""


def _clearly_better(best: Tally, first: Tally, margin: float) -> bool:
    """Whether ``best`` beats ``first`` by more than ``margin`` standard errors, paired
    world by world."""
    if best is first:
        return True
    diffs = [b - f for b, f in zip(best.values, first.values, strict=True)]
    count = len(diffs)
    if count < 2:
        return sum(diffs) > 0
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean > margin * math.sqrt(variance / count)


def _policy_step(sim: Sim) -> None:
    card = choose(sim)
    sim.play(card, fool_name(sim, card))


def _is_ours(obs: Observation, winner: int) -> bool:
    if obs.game == "danish-tarok":
        return winner == obs.seat
    return winner % 2 == obs.seat % 2


def _reason(
    t: Table, tallies: list[Tally], best: Tally, done: int, exact: bool, first: Choice | None
) -> str:
    """The search's result in a player's words: the medium reason when it chose the same card,
    else what the seat sees and what the card does to this trick; then how it compares with
    the best other card ("it keeps your King of Cups for later"). Never the number of deals
    tried or an average (issue 12)."""
    others = [tally for tally in tallies if tally is not best]
    runner_up = max(others, key=lambda tally: tally.total) if others else None
    other = None if runner_up is None else runner_up.card
    wins = 0 if exact else best.trick_wins
    other_wins = 0 if exact or runner_up is None else runner_up.trick_wins
    compared = comparison(t, best.card, other, other_wins, wins)
    if first is not None and first.card == best.card:
        said = other is not None and name_of(other) in first.reason
        return first.reason if said else f"{first.reason}; {compared}"
    if exact:
        head = "with the last tricks worked out, it is the best card"
    else:
        head = trick_words(best.trick_wins, done, team=not t.danish)
    seen = situation(t, best.card)
    if seen is None:
        return f"{head}; {compared}"
    if seen.startswith("it ") and head.startswith(("it ", "your team ")):
        joint = "but" if "lose" in head or "gives up" in head else "and"
        return f"{seen} {joint} {head.removeprefix('it ')}; {compared}"
    return f"{seen}; {head}; {compared}"


# ---------------------------------------------------------------------- the Troccas kitty

DISCARD_BUDGET = 4
"""Troccas: the kitty is one decision a deal, so it may take this many play budgets."""


def discard(obs: Observation, rng: Random, budget: int, first: tuple[int, ...]) -> tuple[int, ...]:
    """Troccas, the dealer's kitty (rules.md 3.3): ``first`` (the medium choice, pips from short
    suits) against kitties that bank a Queen, Knight or Page (their points count for the team
    at once), each played out on the same sampled deals; another kitty is taken only when it
    does better by ``MARGIN`` standard errors, paired deal by deal."""
    kitties = discard_candidates(obs, first)
    if len(kitties) == 1:
        return first
    know = read(obs)
    seat = obs.seat
    leader = (obs.dealer + 1) % obs.seat_count
    plays = 4 * 19
    worlds = max(4, min(MAX_WORLDS, DISCARD_BUDGET * budget // (len(kitties) * plays)))
    values: list[list[float]] = [[] for _ in kitties]
    for _ in range(worlds):
        world = sample_world(know, obs, rng)
        for index, kitty in enumerate(kitties):
            holdings = [list(cards) for cards in world.holdings]
            holdings[seat] = [c for c in obs.hand if c not in kitty]
            sim = Sim.from_world(obs, holdings, kitty)
            sim.leader = sim.turn = leader
            values[index].append(play_out(sim)[seat])
    tallies = [
        Tally(kitty[0], None, sum(v), values=v) for kitty, v in zip(kitties, values, strict=True)
    ]
    best = max(range(len(kitties)), key=lambda i: tallies[i].total)
    if _clearly_better(tallies[best], tallies[0], MARGIN["troccas"]):
        return kitties[best]
    return first


KITTY_WORDS = "in the kitty they count for your team whoever takes the tricks: keep them safe there"
"""Why hard banks court cards in the Troccas kitty, in a player's words."""


def discard_candidates(obs: Observation, first: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``first``, then kitties of its lowest card with one of the hand's best courts short of
    the King (a Queen, Knight or Page), and of two such courts."""
    strength = STRENGTH[obs.options.chicks_rule]
    value = VALUE[obs.options.chicks_rule]
    legal = set(obs.legal)
    courts = sorted(
        (c for c in legal if c < 56 and value[c] > 0),
        key=lambda c: (-value[c], strength[c]),
    )[:4]
    low = min(first, key=lambda c: (value[c], strength[c]))
    found: list[tuple[int, ...]] = [tuple(sorted(first))]
    pairs = [(court, low) for court in courts]
    pairs += [(a, b) for i, a in enumerate(courts[:3]) for b in courts[i + 1 : 3]]
    for a, b in pairs:
        kitty = tuple(sorted((a, b)))
        if a != b and kitty not in found:
            found.append(kitty)
    return found
