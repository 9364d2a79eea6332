"""Random legal play over the full state: for benchmarks, property tests and the arena's checks.

This is not a bot (bots see only an observation); it drives a whole deal with uniformly random
legal actions from a given ``random.Random``.
"""

from __future__ import annotations

from random import Random

from app.engine.actions import (
    Action,
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    IllegalAction,
    PlayCard,
)
from app.engine.cards import PLAIN_SUITS, Suit
from app.engine.deal import Deal, Phase
from app.engine.games import Game
from app.engine.options import Options

NAMEABLE: tuple[Suit, ...] = (*PLAIN_SUITS, Suit.TRUMPS)


def random_discard(deal: Deal, rng: Random) -> Discard:
    """A uniformly chosen legal discard (rejection sampling over the legal cards)."""
    legal = deal.legal_discard_cards()
    while True:
        picked = [legal[int(rng.random() * len(legal))] for _ in range(deal.discard_size)]
        if len(set(picked)) < deal.discard_size:
            continue
        action = Discard(deal.turn, tuple(sorted(picked)))
        try:
            deal.check(action)
        except IllegalAction:
            continue
        return action


def random_action(deal: Deal, rng: Random) -> Action:
    """A random legal action for the seat whose turn it is."""
    phase = deal.phase
    if phase is Phase.PLAY:
        legal = deal.legal_cards()
        card = legal[int(rng.random() * len(legal))]
        name = None
        if deal.names_suit(card, deal.trick_number, leading=not deal.trick):
            name = NAMEABLE[int(rng.random() * len(NAMEABLE))]
        return PlayCard(deal.turn, card, name)
    if phase is Phase.DISCARD:
        return random_discard(deal, rng)
    if phase is Phase.REDEAL:
        return AskRedeal(deal.turn, rng.random() < 0.5)
    if phase is Phase.CHICKS:
        return ChooseChicks(deal.turn, rng.random() < 0.5)
    if phase is Phase.DEMAND_FOOL:
        return DemandFool(deal.turn, rng.random() < 0.5)
    return CallBob(deal.turn, rng.random() < 0.5)


def play_random_deal(
    game: Game, rng: Random, dealer: int = 0, options: Options | None = None
) -> Deal:
    """Shuffle, deal and play a whole deal with random legal actions."""
    deal = game.shuffle_and_deal(rng, dealer, options or Options())
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    return deal
