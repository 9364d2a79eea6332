"""Danish Tarok for four (rules.md 2.17): the seat opposite the dealer sits out each deal.

The three others play exactly the three-player deal of ``danish``: the same shuffle and
packets, discard, declarations, Fool, Ultimo and payments, on their own seat numbers. The
deal of a three-player game dealt by seat 0 is mapped onto the players in playing order from
the dealer (``players_from_dealer``), so that one seed gives the same cards to the same
places at the table on every platform. All four found and refill the pots (2.17).
"""

from __future__ import annotations

from random import Random
from typing import ClassVar

from app.engine import danish
from app.engine.cards import Card
from app.engine.danish import DanishDeal
from app.engine.options import DANISH_FOUR

SEATS = 4


def sits_out(dealer: int) -> int:
    """The seat opposite the dealer, who sits out the deal (rules.md 2.17)."""
    return (dealer + 2) % SEATS


def players_from_dealer(dealer: int) -> tuple[int, int, int]:
    """The three players in playing order from the dealer: the dealer, the dealer's right
    (the next seat), and the seat after the one sitting out."""
    return dealer, (dealer + 1) % SEATS, (dealer + 3) % SEATS


def deal_cards(rng: Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """The three-player deal (rules.md 2.3) onto the three players; no card to the one out."""
    three, talon = danish.deal_cards(rng, 0)
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for place, seat in enumerate(players_from_dealer(dealer)):
        hands[seat] = three[place]
    return hands, talon


class FourDanishDeal(DanishDeal):
    """A deal of Danish Tarok with four at the table: three play, one sits out."""

    game: ClassVar[str] = DANISH_FOUR
    seat_count: ClassVar[int] = SEATS

    @classmethod
    def players_of(cls, dealer: int) -> tuple[int, ...]:
        out = sits_out(dealer)
        return tuple(seat for seat in range(SEATS) if seat != out)
