"""The registry of games: one entry per game module (python-chess's variant registry)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from app.engine import danish, troccas
from app.engine.cards import Card
from app.engine.deal import Deal
from app.engine.ledger import Books
from app.engine.options import DANISH, TROCCAS, Options


@dataclass(frozen=True)
class Game:
    key: str
    name: str
    seat_count: int
    hand_size: int
    """Cards each seat was dealt (the dealer: ``dealer_hand_size``)."""
    dealer_hand_size: int
    talon_size: int
    deal_class: type[danish.DanishDeal] | type[troccas.TroccasDeal]
    deal_cards: Callable[[Random, int], tuple[list[list[Card]], list[Card]]]
    has_pots: bool

    def new_deal(
        self,
        dealt: list[list[Card]],
        talon: list[Card],
        dealer: int,
        options: Options,
        before: Books | None = None,
    ) -> Deal:
        return self.deal_class(dealt, talon, dealer, options, before)

    def shuffle_and_deal(
        self, rng: Random, dealer: int, options: Options, before: Books | None = None
    ) -> Deal:
        dealt, talon = self.deal_cards(rng, dealer)
        return self.new_deal(dealt, talon, dealer, options, before)


GAMES: dict[str, Game] = {
    DANISH: Game(DANISH, "Danish Tarok", 3, 25, 25, 3, danish.DanishDeal, danish.deal_cards, True),
    TROCCAS: Game(
        TROCCAS, "Swiss Troccas", 4, 19, 21, 0, troccas.TroccasDeal, troccas.deal_cards, False
    ),
}
