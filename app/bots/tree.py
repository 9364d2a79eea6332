"""Hard's search before the endgame: an information-set tree over the cards still to play.

A flat search tries each card now and lets the playout policy play everything after it, so a
plan the policy does not make (keeping a King for the last trick, drawing trumps first) is
never valued. Here the cards after this one are searched too, as in Cowling, Powley and
Whitehouse's information-set Monte Carlo tree search: each iteration deals the hidden cards
afresh, consistently with what the seat knows; walks down one tree of card sequences (UCB1
over the cards legal in that deal, each weighed by how often it was available); adds one
card; and plays the deal out with the plan-drawing policy (``playout.plan``). What hard adds:
only the distinct cards are tried at the root, the medium choice breaks ties, the deals are
those of hard's sampler, and each root card counts how often its trick was won (for the
hint).

Danish Tarok only: in Troccas, which has no Ultimo, the tree measured no better than the flat
search at equal time (hard - ismcts -0.5 [-2.7, +1.7] team points against +2.9 [+1.1, +4.7]
for the flat search), so Troccas keeps the flat one.

The budget is a number of simulated card plays, as for the flat search: one iteration plays
about as many cards as are left, so ``budget // cards left`` iterations. Deterministic given
the random stream.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Protocol, TypeVar

from app.bots.knowledge import Knowledge
from app.bots.playout import choose, fool_name, plan, play_out
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.observation import Observation

EXPLORATION = 0.7
"""UCB1's exploration constant, on results scaled by ``SCALE``."""
SCALE = {"danish-tarok": 60.0, "troccas": 36.0}
"""A result of this many tokens (Danish) or team points (Troccas) counts as 1."""
MIN_ITERATIONS = 20


@dataclass
class Branch:
    """A card played from the root's position by ``seat`` (-1 at the root)."""

    card: int
    seat: int
    children: dict[int, Branch] = field(default_factory=dict)
    visits: int = 0
    avail: int = 1
    total: float = 0.0
    squares: float = 0.0
    trick_wins: int = 0


@dataclass
class RootCard:
    """What the tree found for one card the seat may play now."""

    card: int
    visits: int
    mean: float
    trick_wins: int
    error: float
    """The standard error of ``mean`` (infinite when visited less than twice)."""


def iterations_for(obs: Observation, budget: int) -> int:
    plays = max(1, sum(obs.hand_sizes) - len(obs.trick))
    return max(MIN_ITERATIONS, budget // plays)


def search_cards(
    obs: Observation,
    know: Knowledge,
    rng: Random,
    cards: list[int],
    names: dict[int, int | None],
    budget: int,
) -> list[RootCard]:
    """Grow the tree for ``iterations_for(obs, budget)`` iterations; the root ``cards``'
    visits, mean results (the seat's tokens or team points) and trick wins."""
    scale = SCALE[obs.game]
    root = Branch(-1, -1)
    allowed = set(cards)
    for _ in range(iterations_for(obs, budget)):
        world = sample_world(know, obs, rng)
        sim = Sim.from_world(obs, world.holdings, world.discard)
        plan(sim, rng)
        path = _descend(root, sim, rng, allowed, names)
        first = path[0]
        number = obs.trick_number
        while not sim.is_over and sim.number == number:
            card = choose(sim)
            sim.play(card, fool_name(sim, card))
        if _ours(obs, sim.leader):
            first.trick_wins += 1
        payoffs = play_out(sim) if not sim.is_over else sim.payoffs()
        for branch in path:
            value = payoffs[branch.seat] / scale
            branch.visits += 1
            branch.total += value
            branch.squares += value * value
        root.visits += 1
    found: list[RootCard] = []
    for card in cards:
        child = root.children.get(card)
        if child is None or child.visits == 0:
            found.append(RootCard(card, 0, -math.inf, 0, math.inf))
        else:
            found.append(_root_card(child, scale))
    return found


def _root_card(child: Branch, scale: float) -> RootCard:
    count = child.visits
    mean = child.total / count
    if count < 2:
        return RootCard(child.card, count, mean * scale, child.trick_wins, math.inf)
    variance = max(0.0, (child.squares - count * mean * mean) / (count - 1))
    error = math.sqrt(variance / count) * scale
    return RootCard(child.card, count, mean * scale, child.trick_wins, error)


def _descend(
    root: Branch, sim: Sim, rng: Random, allowed: set[int], names: dict[int, int | None]
) -> list[Branch]:
    """Selection and the expansion of one branch, ``sim`` played along; the path taken."""
    node = root
    path: list[Branch] = []
    while not sim.is_over:
        legal = sim.legal()
        if node is root:
            legal = [card for card in legal if card in allowed]
        children = node.children
        untried = [card for card in legal if card not in children]
        if untried:
            card = untried[int(rng.random() * len(untried))]
            child = Branch(card, sim.turn)
            children[card] = child
            _play(sim, card, node is root, names)
            path.append(child)
            return path
        best = ucb_pick(children, legal)
        _play(sim, best.card, node is root, names)
        path.append(best)
        node = best
    return path


class Counted(Protocol):
    """A tree node as UCB1 with availability counts sees it."""

    card: int
    visits: int
    avail: int
    total: float


CountedNode = TypeVar("CountedNode", bound=Counted)


def ucb_pick(children: Mapping[int, CountedNode], legal: list[int]) -> CountedNode:
    """The child among the ``legal`` cards (all tried before) with the best UCB1 value, its
    visits weighed against how often it was available (each now counts one more)."""
    best: CountedNode | None = None
    best_value = -math.inf
    for card in legal:
        child = children[card]
        child.avail += 1
        value = child.total / child.visits + EXPLORATION * math.sqrt(
            math.log(child.avail) / child.visits
        )
        if value > best_value:
            best, best_value = child, value
    assert best is not None
    return best


def _play(sim: Sim, card: int, at_root: bool, names: dict[int, int | None]) -> None:
    sim.play(card, names.get(card) if at_root else fool_name(sim, card))


def _ours(obs: Observation, winner: int) -> bool:
    if obs.game == "danish-tarok":
        return winner == obs.seat
    return winner % 2 == obs.seat % 2
