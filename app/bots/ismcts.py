"""An information-set Monte Carlo tree search: a reference opponent for the arena, not a level
of the pages.

Single-observer ISMCTS as in Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 4(2), 2012). One tree is grown from the deciding seat's information set;
each of its nodes is a sequence of cards played from now on, whoever played them. Every
iteration:

1. deals a fresh determinization: the hidden cards dealt consistently with everything the
   seat's ``Observation`` shows (voids, the discard or kitty it knows, declarations, Bob
   reveals: ``knowledge.read`` and ``sampling.sample_world``), as a ``Sim``;
2. selects down the tree among the children whose card is legal in this determinization by
   UCB1 with availability counts: a child's visits are weighed against the number of
   iterations in which it was available, not its parent's visits;
3. expands one node: a card legal here that the node has not tried yet, at random;
4. plays the rest of the deal out with ``playout.play_out`` (the hard bot's fast policy, the
   last two Danish tricks searched exactly), or, as ``ismcts-random``, with uniformly random
   legal cards as in the paper;
5. backs the result up: each node adds the result of the seat that played the card leading
   to it (Danish Tarok: that seat's tokens; Troccas: its team's points), scaled to about
   [-1, 1].

The card played is the root's most visited child. A led Fool in Danish Tarok names trumps, as
in the hard bot's simulations. The other decisions (the dealer's discard, demanding the Fool,
calling a Bob) are taken as every level of ours takes them, the medium level included:
``conventions.discard_choice``, always demand, always call. It has none of the seed's
conventions (rules.md 2.15) nor the No Tricks help.

First duplicate arenas at equal CPU per decision (hard at its default budget): Danish Tarok,
``ismcts,hard,hard``, 40 deals, seed 11, 260 iterations: ismcts - hard +2.90 tokens per deal
[-12.77, +18.58] (King Ultimo +7.71 against 0.00); Troccas, ``ismcts,hard,ismcts,hard``, 250
iterations, seeds 11 and 12, 40 deals each: hard - ismcts +2.90 [+1.07, +4.73] and +2.92
[+0.25, +5.60] team points.

The budget is a number of iterations per decision, so the same observation and random stream
always give the same card. It reads only its seat's observation (the others' hands only under
the explicit see-all setting, as every level).
"""

from __future__ import annotations

import math
from random import Random

from app.bots.conventions import discard_choice
from app.bots.knowledge import read
from app.bots.playout import fool_name, play_out
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.actions import Action, CallBob, DemandFool, Discard, PlayCard
from app.engine.cards import Card, Suit
from app.engine.deal import Phase
from app.engine.observation import Observation
from app.engine.options import DANISH, TROCCAS

LEVEL = "ismcts"
RANDOM_LEVEL = "ismcts-random"
"""The same search with uniformly random playouts, as in the paper: no knowledge of ours in
it at all, so it is the fairer rival (and in Danish Tarok the stronger one: our policy cashes
safe Kings, where random play carries them to the last trick often enough to value it)."""
LEVELS = (LEVEL, RANDOM_LEVEL)
ISMCTS_ITERATIONS = 250
"""Iterations per decision by default: about 50 ms of CPU per decision with hard's playouts
where it was measured (``trionfi bench``: about 5,000 iterations per CPU second in Danish
Tarok, 5,600 in Troccas); random playouts are cheaper (in a Danish arena 150 of them took
22 ms p50, as hard at budget 4000)."""
EXPLORATION = 0.7
"""UCB1's exploration constant, on results scaled by ``SCALE``."""
SCALE = {DANISH: 60.0, TROCCAS: 36.0}
"""A result of this many tokens (Danish) or team points (Troccas) counts as 1 (per game:
strategy, tuned, not a rule)."""


class Node:
    """A card played from the root's position; ``seat`` played it (-1 at the root)."""

    __slots__ = ("avail", "card", "children", "parent", "seat", "total", "visits")

    def __init__(self, card: int, seat: int, parent: Node | None) -> None:
        self.card = card
        self.seat = seat
        self.parent = parent
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class IsmctsBot:
    """The arena's ``ismcts`` opponent with ``iterations`` per card decision."""

    def __init__(
        self, iterations: int = ISMCTS_ITERATIONS, see_all: bool = False, level: str = LEVEL
    ) -> None:
        if iterations < 1:
            raise ValueError("ISMCTS needs at least one iteration per decision")
        if level not in LEVELS:
            raise KeyError(level)
        self.level = level
        self.iterations = iterations
        self.see_all = see_all

    def choose(self, obs: Observation, rng: Random) -> Action:
        if not obs.is_my_turn or obs.phase is Phase.OVER:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        seat = obs.seat
        if obs.phase is Phase.DEMAND_FOOL:
            return DemandFool(seat, True)
        if obs.phase is Phase.BOB:
            return CallBob(seat, True)
        if obs.phase is Phase.DISCARD:
            cards, _ = discard_choice(obs)
            return Discard(seat, tuple(Card(c) for c in cards))
        card = self.play(obs, rng)
        return PlayCard(seat, Card(card), led_fool_name(obs, card))

    def play(self, obs: Observation, rng: Random) -> int:
        """The most visited card after ``iterations`` iterations."""
        legal = [int(c) for c in obs.legal]
        if len(legal) == 1:
            return legal[0]
        random = self.level == RANDOM_LEVEL
        root = search_tree(obs, rng, self.iterations, self.see_all, random)
        allowed = set(legal)
        visited = [child for child in root.children.values() if child.card in allowed]
        if not visited:
            return legal[0]
        # Most visits; ties to the higher mean, then to the first legal card.
        order = {card: index for index, card in enumerate(legal)}
        best = max(visited, key=lambda n: (n.visits, n.total / n.visits, -order[n.card]))
        return best.card


def led_fool_name(obs: Observation, card: int) -> Suit | None:
    """Trumps, where playing ``card`` names a suit (a led Fool before the last Danish trick)."""
    return Suit.TRUMPS if obs.names_suit(Card(card)) else None


def search_tree(
    obs: Observation,
    rng: Random,
    iterations: int,
    see_all: bool = False,
    random_playouts: bool = False,
) -> Node:
    """The tree after ``iterations`` iterations from ``obs``'s information set; the playouts
    use hard's policy, or uniformly random legal cards."""
    know = read(obs, see_all)
    scale = SCALE[obs.game]
    root = Node(-1, -1, None)
    for _ in range(iterations):
        world = sample_world(know, obs, rng)
        sim = Sim.from_world(obs, world.holdings, world.discard)
        leaf = _descend(root, sim, rng)
        payoffs = random_play_out(sim, rng) if random_playouts else play_out(sim)
        node: Node | None = leaf
        while node is not None:
            if node.seat >= 0:
                node.visits += 1
                node.total += payoffs[node.seat] / scale
            node = node.parent
        root.visits += 1
    return root


def random_play_out(sim: Sim, rng: Random) -> list[int]:
    """Play ``sim`` to the end with uniformly random legal cards; the payoffs."""
    while not sim.is_over:
        legal = sim.legal()
        card = legal[int(rng.random() * len(legal))]
        sim.play(card, fool_name(sim, card))
    return sim.payoffs()


def _descend(root: Node, sim: Sim, rng: Random) -> Node:
    """Selection by UCB1 with availability counts, then the expansion of one node; ``sim`` is
    played along. Returns the node the playout starts from."""
    node = root
    while not sim.is_over:
        legal = sim.legal()
        children = node.children
        untried = [card for card in legal if card not in children]
        if untried:
            card = untried[int(rng.random() * len(untried))]
            child = Node(card, sim.turn, node)
            children[card] = child
            sim.play(card, fool_name(sim, card))
            return child
        best: Node | None = None
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
        sim.play(best.card, fool_name(sim, best.card))
        node = best
    return node
