"""Drawing for the first dealer and for partners before a match (rules.md 2.1a and 3.1a).

A pure function of a random stream and the number of seats: from a shuffled pack the players,
in seat order, draw one card at a time, each until they hold a trump (the Fool is not one).
The lowest trump deals first; in a game of partnerships, the two highest trumps play against
the two lowest, and the players are seated so that partners sit opposite (``Draw.seated``).

The stream is the match's own (``Match`` takes it from the secret seed under a label of its
own), so the drawn cards, which everyone sees, tell nothing about any deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from app.engine.cards import ALL_CARDS, IS_TRUMP, TRUMP_NUMBER, Card, code, parse
from app.engine.rng import shuffle


@dataclass(frozen=True)
class Draw:
    """The cards each seat drew (the last of them its trump), by seat, and what follows."""

    cards: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it drew in order; only the last is a trump."""
    partners: bool = False
    """Whether the draw also made the partnerships (Troccas, ``draw_partners``)."""

    @property
    def trumps(self) -> tuple[Card, ...]:
        """Each seat's trump."""
        return tuple(drawn[-1] for drawn in self.cards)

    @property
    def first_dealer(self) -> int:
        """The seat with the lowest trump deals first."""
        numbers = [TRUMP_NUMBER[card] for card in self.trumps]
        return numbers.index(min(numbers))

    def ranked(self) -> list[int]:
        """The seats from the highest trump to the lowest."""
        return sorted(range(len(self.cards)), key=lambda seat: -TRUMP_NUMBER[self.trumps[seat]])

    def seating(self, anchor: int = 0) -> tuple[int, ...]:
        """Where each seat's player sits after a draw for partners: ``seating[new] = old``.

        Seats 0 and 2 are one partnership, 1 and 3 the other (rules.md 3.1). The player at
        ``anchor`` sits at seat 0 and their partner (the other of the two highest, or of the
        two lowest) opposite, at seat 2; of the two opponents the higher trump sits at seat 1,
        to seat 0's right, the lower at seat 3. Without partners everyone stays."""
        count = len(self.cards)
        if not self.partners:
            return tuple(range(count))
        ranked = self.ranked()
        high, low = ranked[:2], ranked[2:]
        own, other = (high, low) if anchor in high else (low, high)
        partner = own[0] if own[1] == anchor else own[1]
        return (anchor, other[0], partner, other[1])

    def seated(self, anchor: int = 0) -> Draw:
        """The same draw with each player moved to their seat under ``seating(anchor)``."""
        order = self.seating(anchor)
        return Draw(tuple(self.cards[old] for old in order), self.partners)

    def to_json(self) -> dict[str, object]:
        return {
            "cards": [[code(card) for card in drawn] for drawn in self.cards],
            "partners": self.partners,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Draw:
        raw = data["cards"]
        assert isinstance(raw, list)
        cards = tuple(tuple(parse(text) for text in drawn) for drawn in raw)
        return cls(cards, bool(data.get("partners", False)))


def draw(rng: Random, seat_count: int, partners: bool = False) -> Draw:
    """Draw for the first dealer (and, with ``partners``, for the partnerships): from a pack
    shuffled by ``rng``, seat 0, 1, ... in turn each draw one card, and those who hold a trump
    stop, until every seat has one. The Fool is not a trump here."""
    pack = list(ALL_CARDS)
    shuffle(pack, rng)
    drawn: list[list[Card]] = [[] for _ in range(seat_count)]
    waiting = list(range(seat_count))
    position = 0
    while waiting:
        for seat in list(waiting):
            card = pack[position]
            position += 1
            drawn[seat].append(card)
            if IS_TRUMP[card]:
                waiting.remove(seat)
    return Draw(tuple(tuple(cards) for cards in drawn), partners)
