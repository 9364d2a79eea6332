"""The hard bot: many sampled deals, each played out, and the card that does best over them.

For a play decision it deals the hidden cards many times consistently with everything its
seat knows (``knowledge`` and ``sampling``), plays every distinct legal card in each sampled
world and finishes the deal with the fast playout policy (``playout``), or searches it
exactly once few cards are left, and picks the card with the best average result: its own
tokens in Danish Tarok, its team's points in Troccas. Every card is tried on the same worlds,
so the comparison is fair.

In Danish Tarok the playouts plan for the last trick (``playout.plan``): in each one, every
other seat holding a King (a Queen under Chicks) or the I may keep it for trick 25 and then
draws trumps with its trump length, and the others may keep their highest trump back to stop
it. This seat's own plan is part of what is searched: each card is tried with no plan and
with keeping its best Ultimo card (without one, its highest trump back), and the (card, plan)
pairs race (``Search``): after each round of worlds the worse half drops out and the budget
goes to the rest, so the few that matter are compared on many worlds. The hint says when the
card kept for the last trick decided. In Danish playouts this seat plays a random card half
the time (``playout.DANISH_NOISE``) and the others always (``DANISH_OTHERS_NOISE``), their
plans apart: the policy alone cashes its Kings and the I, so keeping one for the last trick,
or stopping another's, would never look worth it. A card overrules the medium choice only
when it does better by ``MARGIN`` standard errors, paired world by world: one deal's
playouts diverge, and noise alone must not pick a card.

With every holding known ("opponents see all hands") every world is the same, so the
playouts vary by their plans and random cards (in Troccas too), and the endgame is searched
exactly from further out in the one world (``KNOWN_EXACT_CARDS``).

The budget is a number of simulated card plays per decision, not a time: the same
observation and random stream always give the same card. Playouts x cards left to play stay
within it: in Troccas and the exact endgame ``worlds`` = budget / (cards to try x cards left
to play), kept between ``MIN_WORLDS`` and ``MAX_WORLDS`` (one world for an exact search of a
known deal); the Danish race shares it out over its rounds. A wall-clock cap
(``TIME_CAP``) only guards against a pathological case and does not trigger in normal play
(the arena reports think times); when it does, determinism is lost for that decision.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Final

from app.bots.constants import DECK_SIZE, FOOL, PAGAT, STRENGTH, SUIT_OF, TRUMPS, VALUE, WORLD
from app.bots.knowledge import KITTY, Knowledge, read
from app.bots.odds import Choice, Table, name_of
from app.bots.playout import (
    choose,
    fool_name,
    keep_choice,
    noise_rates,
    plan,
    play_out,
    search,
)
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.bots.words import comparison, keeps_for_last, only_card, situation, trick_words
from app.engine.cards import Card
from app.engine.observation import Observation
from app.engine.options import DANISH, TROCCAS

HARD_BUDGET: Final = 16_000
"""Simulated card plays per decision in the pages (Danish Tarok: about 27 ms of CPU p50,
38 ms p95 on this machine's cores compiled, 48 and 74 ms as pure Python; Troccas 21 and 36
ms compiled, 53 and 88 ms pure; a Troccas dealer's kitty, once a deal, takes 4x). Measured
before the compiled search read its constants as C variables (2026-12-07), which took some
16 % off a compiled Danish decision and 43 % off a Troccas one (``trionfi bench``'s
positions, the same cards)."""
MIN_WORLDS: Final = 10
MAX_WORLDS: Final = 160
EXACT_WORLDS: Final = 40
EXACT_CARDS: Final = {DANISH: 3, TROCCAS: 3}
"""Hand sizes from which the rest of the deal is searched exactly in each sampled world (per
game: strategy, tuned, not a rule)."""
KNOWN_EXACT_CARDS: Final = {DANISH: 4, TROCCAS: 5}
"""The same when every holding is known (see-all): one world, searched from further out."""
TIME_CAP: Final = 4.0
"""Seconds; a safety net only (see the module docstring)."""


@dataclass
class Tally:
    """One candidate card and its results, world by world, under each of the seat's own
    plans (``plan_values[p]``; a plan dropped from the race keeps the worlds it was tried
    in)."""

    card: int
    name: int | None
    plan_values: list[list[float]] = field(default_factory=list)
    trick_wins: int = 0
    trick_tries: int = 0
    plan: int = 0
    """The seat's better own plan after this card (0: none; 1: keep its Ultimo card for the
    last trick, or its highest trump back when it has none); set by ``_evaluate``."""
    values: list[float] = field(default_factory=list)
    """The card's result in each world under its better plan, in the order the worlds were
    dealt (set by ``_evaluate``)."""
    score: float = -math.inf
    """The mean of ``values``."""
    finalist: bool = False
    """Whether the card was still in the race at the end (tried in every world)."""

    def mean(self, plan: int) -> float:
        values = self.plan_values[plan]
        return sum(values) / len(values) if values else -math.inf

    def trick_share(self) -> int:
        """How often the card took the trick, in percent of the worlds it was tried in."""
        return 100 * self.trick_wins // self.trick_tries if self.trick_tries else 0


def decide(
    obs: Observation,
    rng: Random,
    budget: int,
    see_all: bool,
    first: Choice | None,
    names: Sequence[str] | None = None,
    *,
    explain: bool = True,
) -> Choice:
    """The best card over sampled worlds; ``first`` (the medium bot's choice) wins ties, and
    when the search agrees with it, its reason leads the hint's. (A seed convention's card is
    not searched: the level plays it as medium does.)

    When the legal cards are all alike (``candidates``: one is left), the search could only
    pick that one; it runs only to find the hint's words, so not without ``explain`` (a
    computer's move, whose reason nobody reads): 5 % of the search's CPU in a Troccas deal,
    9 % in a Danish one. A computer's move that skipped its search is shown only after a
    recent search's think time (``app.bots.worker.ThinkTimes``), so that playing at once
    does not tell the table that its cards were alike."""
    legal = list(obs.legal)
    if len(legal) == 1:
        return Choice(legal[0], only_card(obs, legal[0]), _name(obs, legal[0]))
    know = read(obs, see_all)
    tallies = [Tally(card, _name(obs, card)) for card in candidates(obs, know)]
    if len(tallies) == 1 and not explain:
        return Choice(tallies[0].card, "", tallies[0].name)
    if first is not None:
        tallies.sort(key=lambda t: t.card != first.card)
    protected = first is not None and tallies[0].card == first.card
    known = all(know.capacity(h) == 0 for h in know.sizes if h != KITTY)
    exact = len(obs.hand) <= (KNOWN_EXACT_CARDS if known else EXACT_CARDS)[obs.game]
    _, kept = Search(obs, know, rng, tallies, exact, known, protected).run(budget)
    best = max((t for t in tallies if t.finalist), key=lambda t: t.score)
    if (
        protected
        and best is not tallies[0]
        and not _clearly_better(best.values, tallies[0].values, MARGIN[obs.game])
    ):
        best = tallies[0]
    reason = _reason(Table(obs, know, names), tallies, best, exact, first)
    if best.plan == 1 and kept in legal and kept != best.card:
        reason = f"{reason}; {keeps_for_last(kept)}"
    return Choice(best.card, reason, best.name)


def _name(obs: Observation, card: int) -> int | None:
    """Trumps, where playing ``card`` names a suit (a led Fool in Danish Tarok)."""
    return TRUMPS if obs.names_suit(Card(card)) else None


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
    return max(low, min(MAX_WORLDS, budget // (tried * _plays_left(obs))))


def _plays_left(obs: Observation) -> int:
    return max(1, sum(obs.hand_sizes) - len(obs.trick))


FINALISTS: Final = 3
"""Danish Tarok: the (card, own plan) pairs still raced in the last round."""
RACE_STEP: Final = 2
"""Danish Tarok: the fewest worlds a round of the race deals when the budget allows (one
when it does not: the budget is kept)."""


class Search:
    """The search of one decision: every candidate card played in sampled worlds.

    In Troccas, and in an exact Danish endgame, every card is tried in the same ``worlds``
    (``_world_count``). Before a Danish endgame every world is played out once per pair of a
    card and one of the seat's own plans (none, and keeping its best Ultimo card for the
    last trick, or without one its highest trump back), and the pairs race: after each
    round of worlds the worse half is dropped (never the medium choice's better plan) and
    the budget goes to the rest, so the few that matter are compared on many worlds. Danish
    results swing by an Ultimo (about 145 tokens), and an even spread of a small budget over
    some 30 pairs left every plan that keeps a King inside the noise. A card is worth its
    better plan's average: the seat follows one plan in every world, so the plan is chosen
    over all of them, never world by world. Every comparison is paired world by world.
    """

    def __init__(
        self,
        obs: Observation,
        know: Knowledge,
        rng: Random,
        tallies: list[Tally],
        exact: bool,
        known: bool,
        protected: bool,
    ) -> None:
        self.obs = obs
        self.know = know
        self.rng = rng
        self.tallies = tallies
        self.exact = exact
        self.known = known
        self.protected = protected
        self.start = time.perf_counter()
        self.done = 0
        self.kept = -1
        self.own_plans: list[tuple[int, bool]] = [(-1, False)]
        partner = obs.rules.partner_of(obs.seat)
        self.team = (obs.seat,) if partner is None else (obs.seat, partner)
        """The seats whose tricks count for this seat: itself, and a partner (Troccas)."""
        # strategy: the Danish playouts' noise (playout.DANISH_NOISE), not a rule
        self.noise_rates = noise_rates(obs.game == DANISH, obs.seat_count, obs.seat)

    def run(self, budget: int) -> tuple[int, int]:
        """Search within ``budget`` simulated plays; the worlds dealt and the Ultimo card
        the seat's "keep" plan keeps (-1: none)."""
        obs = self.obs
        if obs.game != DANISH or self.exact:  # strategy: the race is for Danish plans
            one_known_world = self.exact and self.known
            worlds = (
                1 if one_known_world else _world_count(obs, len(self.tallies), budget, self.exact)
            )
            arms = [(index, 0) for index in range(len(self.tallies))]
            self._round(arms, worlds)
        else:
            self._race(budget)
        for tally in self.tallies:
            tried = [p for p, values in enumerate(tally.plan_values) if values]
            finalist = [p for p in tried if len(tally.plan_values[p]) == self.done]
            tally.finalist = bool(finalist)
            tally.plan = max(finalist or tried, key=tally.mean)
            tally.values = tally.plan_values[tally.plan]
            tally.score = tally.mean(tally.plan)
        return self.done, self.kept

    def _race(self, budget: int) -> None:
        first = self._world()
        self.kept = keep_choice(first, self.obs.seat)
        self.own_plans.append((self.kept, False) if self.kept >= 0 else (-1, True))
        arms = [(t, p) for t in range(len(self.tallies)) for p in range(len(self.own_plans))]
        total = max(len(arms), budget // _plays_left(self.obs))
        rounds = 1 + max(0, math.ceil(math.log2(len(arms) / FINALISTS)))
        spent = 0
        for number in range(rounds):
            share = (total - spent) // (rounds - number)
            step = share // len(arms)
            if share >= RACE_STEP * len(arms):
                step = max(RACE_STEP, step)
            step = max(1, min(step, MAX_WORLDS - self.done))
            self._round(arms, step, first if number == 0 else None)
            spent += step * len(arms)
            if number < rounds - 1:
                arms = self._cut(arms)

    def _cut(self, arms: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The better half of ``arms`` (at least ``FINALISTS``); the medium choice's better
        plan stays in the race in place of the last of them."""
        ranked = sorted(arms, key=lambda arm: -self.tallies[arm[0]].mean(arm[1]))
        kept = ranked[: max(FINALISTS, len(ranked) // 2)]
        if self.protected and not any(t == 0 for t, _ in kept):
            ours = [arm for arm in arms if arm[0] == 0]
            kept[-1] = max(ours, key=lambda arm: self.tallies[0].mean(arm[1]))
        return sorted(kept)

    def _round(self, arms: list[tuple[int, int]], worlds: int, first: Sim | None = None) -> None:
        """Play every arm (card, own plan) in ``worlds`` new worlds."""
        plans = sorted({p for _, p in arms})
        for _ in range(worlds):
            if self.done and time.perf_counter() - self.start > TIME_CAP:
                return
            base = first if first is not None else self._world()
            first = None
            variants = self._variants(base, plans)
            table: dict[tuple[object, ...], tuple[int, int]] = {}
            for index, own in arms:
                tally = self.tallies[index]
                while len(tally.plan_values) <= own:
                    tally.plan_values.append([])
                value = _result(self.obs, variants[own], tally, self.exact, table, self.team)
                tally.plan_values[own].append(value)
            self.done += 1

    def _world(self) -> Sim:
        world = sample_world(self.know, self.obs, self.rng)
        return Sim.from_world(self.obs, world.holdings, world.discard)

    def _variants(self, base: Sim, plans: list[int]) -> dict[int, Sim]:
        """The world ready to play out: in Danish Tarok (before an exact search) once per own
        plan, with the other seats' plans drawn once for all of them."""
        if self.exact:
            return {0: base}
        if self.known or base.danish:
            base.noise, base.noise_rates = self.rng, self.noise_rates
        if not base.danish:
            return {0: base}
        seat = self.obs.seat
        plan(base, self.rng, -1, seat)
        return {p: _with_own_plan(base, seat, self.own_plans[p]) for p in plans}


def _result(
    obs: Observation,
    world: Sim,
    tally: Tally,
    exact: bool,
    table: dict[tuple[object, ...], tuple[int, int]],
    team: tuple[int, ...],
) -> int:
    """The seat's result after playing ``tally``'s card in ``world`` (a copy is played);
    ``table`` is shared by one world's exact Troccas searches; ``team`` are the seats whose
    tricks count as the seat's own (``Search.team``)."""
    sim = world.clone()
    sim.play(tally.card, tally.name)
    if exact:
        return search(sim, table)[obs.seat]
    number = obs.trick_number
    while sim.number == number:
        _policy_step(sim)
    tally.trick_tries += 1
    if sim.leader in team:
        tally.trick_wins += 1
    return play_out(sim)[obs.seat]


def _with_own_plan(base: Sim, seat: int, own: tuple[int, bool]) -> Sim:
    """``base`` with the seat's own plan set: the card it keeps (-1: none), and whether it
    keeps its highest trump back."""
    sim = base.clone()
    keep = list(base.keep) if base.keep else [-1] * base.seats
    guard = list(base.guard) if base.guard else [False] * base.seats
    keep[seat], guard[seat] = own
    sim.keep = keep if any(card >= 0 for card in keep) else []
    sim.guard = guard if any(guard) else []
    return sim


MARGIN: Final = {DANISH: 1.0, TROCCAS: 1.0}
"""How many standard errors a card must beat the medium choice by, paired world by world,
before the search overrules it: playouts of one deal diverge, and a card that wins by
noise alone (a Page thrown into a lost trick instead of winning it with the King) is
worse than the plain choice. Too high a margin is worse still in Danish Tarok: random
playouts swing with the Ultimo, so the search seldom cleared 2 standard errors, and hard
played medium's card, which cashes the King it should keep. Against ismcts-random, 100
duplicate deals, seed 90: hard - rival -0.40 at 2.0 (budget 5000), +6.34 at 1.0, +3.84 at
0; hard's King Ultimo ledger -1.57, +5.17, +9.70 tokens a deal. (Per game: strategy, tuned,
not a rule.)"""


def _clearly_better(best: Sequence[float], first: Sequence[float], margin: float) -> bool:
    """Whether the results ``best`` beat ``first`` by more than ``margin`` standard errors,
    paired world by world (``best[i]`` and ``first[i]`` come from the same world)."""
    diffs = [b - f for b, f in zip(best, first, strict=True)]
    count = len(diffs)
    if count < 2:
        return sum(diffs) > 0
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean > margin * math.sqrt(variance / count)


def _policy_step(sim: Sim) -> None:
    card = choose(sim)
    sim.play(card, fool_name(sim, card))


def _reason(t: Table, tallies: list[Tally], best: Tally, exact: bool, first: Choice | None) -> str:
    """The search's result in a player's words: the medium reason when it chose the same card,
    else what the seat sees and what the card does to this trick; then how it compares with
    the best other card ("it keeps your King of Cups for later"). Never the number of deals
    tried or an average (issue 12)."""
    others = [tally for tally in tallies if tally is not best]
    runner_up = max(others, key=lambda tally: (tally.finalist, tally.score)) if others else None
    other = None if runner_up is None else runner_up.card
    wins = 0 if exact else best.trick_share()
    other_wins = 0 if exact or runner_up is None else runner_up.trick_share()
    compared = comparison(t, best.card, other, other_wins, wins)
    if first is not None and first.card == best.card:
        said = other is not None and name_of(other) in first.reason
        return first.reason if said else f"{first.reason}; {compared}"
    if exact:
        head = "with the last tricks worked out, it is the best card"
    else:
        head = trick_words(best.trick_wins, best.trick_tries, team=t.partner is not None)
    seen = situation(t, best.card)
    if seen is None:
        return f"{head}; {compared}"
    if seen.startswith("it ") and head.startswith(("it ", "your team ")):
        joint = "but" if "lose" in head or "gives up" in head else "and"
        return f"{seen} {joint} {head.removeprefix('it ')}; {compared}"
    return f"{seen}; {head}; {compared}"


# ---------------------------------------------------------------------- the Troccas kitty

DISCARD_BUDGET: Final = 4
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
    plays = DECK_SIZE - len(first)  # every card but the kitty's is played
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
    best = max(range(len(kitties)), key=lambda i: sum(values[i]))
    if best != 0 and _clearly_better(values[best], values[0], MARGIN[TROCCAS]):
        return kitties[best]
    return first


KITTY_WORDS: Final = "in the kitty their points count for your team, whoever takes the tricks"
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
