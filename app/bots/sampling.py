"""Dealing the hidden cards: worlds consistent with everything one seat knows.

A world gives every holding its current cards and the dealer's discard its cards. Hidden
cards go only where ``Knowledge.may_hold`` allows (voids, exclusions), holding sizes are
exact, a Danish trumps declaration fixes how many trumps (the Fool included) the seat kept,
and a seat that declared no combination does not get one. The trumps are dealt first, with
the split between the holders drawn in proportion to the number of deals that have it; the
other cards are dealt most constrained first, each to a holder chosen in proportion to its
free places. A world that breaks a declaration is drawn again; after ``TRIES`` the last one
is used, so sampling always ends.
"""

from __future__ import annotations

from math import comb
from random import Random
from typing import Final

from app.bots.constants import FOOL, IS_TRUMP
from app.bots.knowledge import KITTY, Knowledge
from app.engine.cards import Card
from app.engine.declarations import cavalry_cards
from app.engine.observation import Observation

TRIES: Final = 30


class World:
    """One complete guess: every seat's holding and the discard."""

    __slots__ = ("discard", "holdings")

    def __init__(self, holdings: list[list[int]], discard: list[int]) -> None:
        self.holdings = holdings
        self.discard = discard


def is_trump_group(card: int) -> bool:
    return IS_TRUMP[card] or card == FOOL


class _Prepared:
    """What every world sampled from one ``Knowledge`` shares, worked out once: the holders
    with free places, each hidden card's eligible holders, and the trump splits."""

    __slots__ = (
        "degree",
        "eligible",
        "free",
        "group",
        "holders",
        "know",
        "rest",
        "splits",
        "total",
    )

    def __init__(self, know: Knowledge) -> None:
        self.know = know
        self.holders = [h for h in know.sizes if know.capacity(h) > 0]
        self.eligible = {c: [h for h in self.holders if know.may_hold(h, c)] for c in know.hidden}
        self.free = {h: know.capacity(h) for h in self.holders}
        self.degree = {c: len(holders) for c, holders in self.eligible.items()}
        """How many holders each hidden card may lie with."""
        self.group = [c for c in know.hidden if is_trump_group(c)]
        self.rest = [c for c in know.hidden if not is_trump_group(c)]
        self.splits: list[tuple[dict[int, int], float]] | None = None
        """``_trump_split``'s splits and weights once worked out."""
        self.total = 0.0


_last: _Prepared | None = None
"""The last ``Knowledge`` sampled from, prepared (a bot samples many worlds from one; a
``Knowledge`` is not changed once sampled from)."""


def _prepared(know: Knowledge) -> _Prepared:
    global _last  # noqa: PLW0603 - a one-entry cache
    last = _last
    if last is not None and last.know is know:
        return last
    last = _last = _Prepared(know)
    return last


def sample_world(know: Knowledge, obs: Observation, rng: Random) -> World:
    """A random world consistent with ``know`` (see the module docstring)."""
    prepared = _prepared(know)
    holders = prepared.holders
    eligible = prepared.eligible
    assignment: dict[int, list[int]] | None = None
    for _ in range(TRIES):
        found = _deal_once(know, holders, eligible, rng)
        if found is None:
            continue
        assignment = found
        if _respects_declarations(know, found) and _discard_is_legal(know, obs, found):
            break
    if assignment is None:
        assignment = _deal_loosely(know, holders, rng)
    return _world(know, obs, assignment)


def _deal_once(
    know: Knowledge, holders: list[int], eligible: dict[int, list[int]], rng: Random
) -> dict[int, list[int]] | None:
    prepared = _prepared(know)
    free = prepared.free
    if not know.trump_count:
        whole: dict[int, list[int]] = {h: [] for h in holders}
        return whole if _fill(know.hidden, free, eligible, whole, rng, prepared.degree) else None
    group = prepared.group
    rest = prepared.rest
    targets = _trump_split(know, holders, free, group, rng)
    if targets is None:
        return None
    assignment: dict[int, list[int]] = {h: [] for h in holders}
    rest_free = {h: free[h] - targets[h] for h in holders}
    if not _fill(group, targets, eligible, assignment, rng, prepared.degree):
        return None
    if not _fill(rest, rest_free, eligible, assignment, rng, prepared.degree):
        return None
    return assignment


def _trump_split(
    know: Knowledge, holders: list[int], free: dict[int, int], group: list[int], rng: Random
) -> dict[int, int] | None:
    """How many hidden trumps (and the Fool) each holder gets, drawn in proportion to the
    number of deals with that split, within declared limits."""
    prepared = _prepared(know)
    splits = prepared.splits
    if splits is None:
        limits = {h: _trump_limits(know, h, free[h], group) for h in holders}
        splits = []
        _enumerate_splits(holders, 0, len(group), limits, {}, free, splits)
        prepared.splits = splits
        prepared.total = sum([w for _, w in splits])
    if not splits:
        return None
    pick = rng.random() * prepared.total
    for split, weight in splits:
        pick -= weight
        if pick < 0:
            return split
    return splits[-1][0]


def _trump_limits(know: Knowledge, holder: int, free: int, group: list[int]) -> tuple[int, int]:
    eligible = sum(1 for c in group if know.may_hold(holder, c))
    low, high = know.trump_count.get(holder, (0, free))
    if holder in know.trump_count:
        accounted = sum(1 for c in know.played_by[holder] if is_trump_group(c)) + sum(
            1 for c in know.known[holder] if is_trump_group(c)
        )
        low, high = low - accounted, high - accounted
    return (max(0, low), min(free, high, eligible))


def _enumerate_splits(
    holders: list[int],
    index: int,
    left: int,
    limits: dict[int, tuple[int, int]],
    chosen: dict[int, int],
    free: dict[int, int],
    out: list[tuple[dict[int, int], float]],
) -> None:
    if index == len(holders):
        if left == 0:
            weight = 1.0
            for h, n in chosen.items():
                weight *= comb(free[h], n)
            out.append((dict(chosen), weight))
        return
    holder = holders[index]
    low, high = limits[holder]
    for n in range(low, min(high, left) + 1):
        chosen[holder] = n
        _enumerate_splits(holders, index + 1, left - n, limits, chosen, free, out)
    chosen.pop(holder, None)


def _fill(
    cards: list[int],
    free: dict[int, int],
    eligible: dict[int, list[int]],
    assignment: dict[int, list[int]],
    rng: Random,
    degree: dict[int, int] | None = None,
) -> bool:
    """Deal ``cards`` into the free places, most constrained card first (``degree``: each
    card's number of eligible holders, when worked out already)."""
    order = list(cards)
    random = rng.random
    for i in range(len(order) - 1, 0, -1):
        j = int(random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    order = _fewest_holders_first(order, eligible, degree)
    free = dict(free)
    for card in order:
        holders = eligible[card]
        if len(holders) == 1:
            # the one place it may go: the draw below is made all the same (same stream)
            only = holders[0]
            if free[only] <= 0:
                return False
            random()
            assignment[only].append(card)
            free[only] -= 1
            continue
        total = 0
        for h in holders:
            total += free[h]
        if total <= 0:
            return False
        pick = int(random() * total)
        for h in holders:
            pick -= free[h]
            if pick < 0:
                assignment[h].append(card)
                free[h] -= 1
                break
    return True


def _fewest_holders_first(
    order: list[int], eligible: dict[int, list[int]], degree: dict[int, int] | None
) -> list[int]:
    """``order`` sorted by each card's number of eligible holders, keeping the order of
    equals: the stable sort, as buckets (compiled, a sort with a key calls it through
    Python's calling convention for every card)."""
    buckets: list[list[int]] = []
    for card in order:
        count = len(eligible[card]) if degree is None else degree[card]
        while len(buckets) <= count:
            buckets.append([])
        buckets[count].append(card)
    return [card for bucket in buckets for card in bucket]


def _deal_loosely(know: Knowledge, holders: list[int], rng: Random) -> dict[int, list[int]]:
    """The last resort: sizes only (never needed when the observation is consistent)."""
    cards = list(know.hidden)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    assignment: dict[int, list[int]] = {}
    position = 0
    for h in holders:
        size = know.capacity(h)
        assignment[h] = cards[position : position + size]
        position += size
    return assignment


def _respects_declarations(know: Knowledge, assignment: dict[int, list[int]]) -> bool:
    for holder, rules in know.forbidden.items():
        if not rules or holder == KITTY:
            continue
        holding = set(assignment.get(holder, ())) | know.known[holder] | set(know.played_by[holder])
        has_fool = FOOL in holding
        for rule in rules:
            if (not rule.with_fool or has_fool) and len(rule.cards & holding) >= rule.need:
                return False
    return True


def _discard_is_legal(know: Knowledge, obs: Observation, assignment: dict[int, list[int]]) -> bool:
    """Danish, hidden discard: no card of a combination the dealer's 28 cards declare, and
    under the traditional restrictions trumps only if the dealer kept none (rules.md 2.4)."""
    if not know.danish or KITTY not in assignment or obs.dealer == know.seat:
        return True
    discard: set[int] = set(assignment[KITTY]) | know.known[KITTY]
    dealer = obs.dealer
    kept: set[int] = set(assignment.get(dealer, ()))
    kept |= know.known[dealer] | set(know.played_by[dealer])
    if discard & cavalry_cards([Card(c) for c in kept | discard]):
        return False
    if any(IS_TRUMP[c] for c in discard):
        return not any(IS_TRUMP[c] for c in kept)
    return True


def _world(know: Knowledge, obs: Observation, assignment: dict[int, list[int]]) -> World:
    holdings: list[list[int]] = []
    for seat in range(know.seats):
        if seat == know.seat:
            holdings.append(list(know.hand))
        else:
            holdings.append([*know.known[seat], *assignment.get(seat, ())])
    discard: list[int]
    if obs.discard is not None:
        discard = list(obs.discard)
    else:
        discard = [*know.known[KITTY], *assignment.get(KITTY, ())]
    return World(holdings, discard)
