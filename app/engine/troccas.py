"""Swiss Troccas (rules.md section 3): four players in two partnerships, the kitty, the Bob.

Owns the 21/19 deal, the kitty's legality, the Bob after each trick (with the manual call)
and the team settlement. Shared trick play lives in ``deal.Deal``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar

from app.engine.actions import Action, CallBob, IllegalAction
from app.engine.cards import (
    ALL_CARDS,
    FOOL,
    IS_COURT,
    IS_PIP,
    PAGAT,
    PAGE,
    RANK_OF,
    SUIT_CODES,
    SUIT_OF,
    WORLD,
    Card,
    Suit,
    code,
    plain,
)
from app.engine.deal import Deal, Phase, Trick
from app.engine.declarations import top_rank
from app.engine.ledger import Books
from app.engine.options import TROCCAS, Options
from app.engine.phrases import N_, Phrase
from app.engine.rng import shuffle

SEATS = 4
TRICKS = 19
PAR = 36
TEAMS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))


def team_of(seat: int) -> int:
    return seat % 2


def deal_cards(rng: Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal from the dealer's right in packets of 6, 6, then 7 (the dealer 9)."""
    deck = list(ALL_CARDS)
    shuffle(deck, rng)
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    position = 0
    for packet in (6, 6, 7):
        for offset in range(1, SEATS + 1):
            seat = (dealer + offset) % SEATS
            size = packet + 2 if packet == 7 and seat == dealer else packet
            hands[seat].extend(deck[position : position + size])
            position += size
    return hands, []


@dataclass(frozen=True, slots=True)
class Bob:
    """One Bob (rules.md 3.5): the page moved from ``source`` to ``target``'s pile, or revealed."""

    trick: int
    suit: Suit
    source: int | None = None
    target: int | None = None
    page: Card | None = None
    returned: Card | None = None
    revealed: int | None = None

    def to_json(self) -> dict[str, Any]:
        suit = SUIT_CODES[self.suit]
        if self.revealed is not None:
            return {"trick": self.trick, "suit": suit, "revealed": self.revealed}
        assert self.page is not None
        assert self.returned is not None
        return {
            "trick": self.trick,
            "suit": suit,
            "from": self.source,
            "to": self.target,
            "page": code(self.page),
            "returned": code(self.returned),
        }


def _spot_key(card: Card, strength: tuple[int, ...]) -> tuple[int, int]:
    """Lowest first by strength; between equal strengths the suit first in CU CO SW ST."""
    return (strength[card], int(SUIT_OF[card]))


class TroccasDeal(Deal):
    game: ClassVar[str] = TROCCAS
    seat_count: ClassVar[int] = SEATS
    trick_count: ClassVar[int] = TRICKS
    discard_size: ClassVar[int] = 2
    discard_name: ClassVar[str] = "kitty"
    partnerships: ClassVar[tuple[tuple[int, ...], ...]] = TEAMS
    par: ClassVar[int] = PAR
    fixed_options: ClassVar[tuple[str, ...]] = ("chicks_rule",)
    """The Swiss Chicks rule is decided "before first discard to first hand" (rules.md 3.7)."""

    def __init__(
        self,
        dealt: list[list[Card]],
        talon: list[Card],
        dealer: int,
        options: Options,
        before: Books | None = None,
    ) -> None:
        balances = list(before.balances) if before is not None else [0] * SEATS
        super().__init__(dealt, talon, dealer, options, Books(balances, {}), before)
        self.opened: set[Suit] = set()
        self.bobs: list[Bob] = []
        self.pending_bob: Bob | None = None
        self.teams: list[dict[str, Any]] | None = None

    # ----------------------------------------------------------------- the kitty

    def legal_discard_cards(self) -> list[Card]:
        top = top_rank(self.chicks)
        return [
            c
            for c in self.holdings[self.dealer]
            if c not in (PAGAT, WORLD, FOOL) and not (c < 56 and RANK_OF[c] == top)
        ]

    def _check_discard(self, cards: tuple[Card, ...]) -> None:
        super()._check_discard(cards)
        for card in cards:
            reason = self._kitty_refusal(card)
            if reason is not None:
                raise IllegalAction(reason)

    def _kitty_refusal(self, card: Card) -> str | None:
        """Why ``card`` may not go in the kitty (rules.md 3.3); None if it may."""
        if card == FOOL:
            return Phrase(N_("the Fool may not be put in the kitty"))
        if card in (PAGAT, WORLD):
            return Phrase(N_("the Magician and the World may not be put in the kitty"))
        if card < 56 and RANK_OF[card] == top_rank(self.chicks):
            if self.chicks:
                return Phrase(N_("queens may not be put in the kitty"))
            return Phrase(N_("kings may not be put in the kitty"))
        return None

    def _discard_refusal(self, card: Card) -> str:
        return self._kitty_refusal(card) or super()._discard_refusal(card)

    def face_up_cards(self) -> tuple[Card | None, ...] | None:
        """With "show each player's last dealt card", that card of each seat (rules.md 3.2)."""
        if not self.options.show_last_dealt_card:
            return None
        return tuple(cards[-1] if cards else None for cards in self.dealt)

    def bobs_made(self) -> tuple[Bob, ...]:
        return tuple(self.bobs)

    # ----------------------------------------------------------------- the Bob

    def _after_trick(self, trick: Trick) -> None:
        bob = self._bob_after(trick)
        if bob is None:
            return
        if self.options.manual_bob:
            self.pending_bob = bob
            self.phase = Phase.BOB
            self.turn = trick.winner
        else:
            self._carry_out(bob)

    def _bob_after(self, trick: Trick) -> Bob | None:
        """What the Bob does after ``trick``, if anything (rules.md 3.5)."""
        cards = trick.cards
        suit = SUIT_OF[cards[1]] if cards[0] == FOOL else SUIT_OF[cards[0]]
        if suit not in (Suit.CUPS, Suit.COINS, Suit.SWORDS, Suit.STAVES) or suit in self.opened:
            return None
        self.opened.add(suit)
        winner = trick.winner
        winning = cards[(winner - trick.leader) % SEATS]
        if winning != plain(suit, top_rank(self.chicks)):
            return None
        page = plain(suit, PAGE)
        holder = next((s for s, hand in enumerate(self.holdings) if page in hand), None)
        if page in cards or holder is None:
            return None
        spots = sorted((c for c in cards if IS_PIP[c]), key=lambda c: _spot_key(c, self.strength))
        reveal = Bob(trick.number, suit, revealed=holder)
        if holder == winner:
            if not spots:
                return reveal
            highest = max(spots, key=lambda c: (self.strength[c], -int(SUIT_OF[c])))
            return Bob(trick.number, suit, holder, winner, page, highest)
        played = cards[(holder - trick.leader) % SEATS]
        if (SUIT_OF[played] is suit and IS_COURT[played]) or not spots:
            return reveal
        return Bob(trick.number, suit, holder, winner, page, spots[0])

    def _carry_out(self, bob: Bob) -> None:
        self.bobs.append(bob)
        if bob.page is None or bob.returned is None or bob.source is None or bob.target is None:
            return
        self.holdings[bob.source].remove(bob.page)
        self.piles[bob.target].append(bob.page)
        self.piles[bob.target].remove(bob.returned)
        bisect.insort(self.holdings[bob.source], bob.returned)

    def _decide(self, action: Action) -> None:
        if not isinstance(action, CallBob):
            raise IllegalAction(Phrase(N_("no such decision is pending")))
        bob, self.pending_bob = self.pending_bob, None
        if action.call and bob is not None:
            self._carry_out(bob)
        self.phase = Phase.PLAY
        self.turn = self.leader

    # ----------------------------------------------------------------- the end

    def _settle(self) -> None:
        """Each partner gets the team's count minus 36 (rules.md 3.6)."""
        assert self.counts is not None
        teams = self.team_counts(self.counts)
        self.teams = [team.to_json() for team in teams]
        for seat in range(SEATS):
            self.books.settle("result", seat, teams[team_of(seat)].result)

    def _copy_into(self, clone: Deal) -> None:
        assert isinstance(clone, TroccasDeal)
        clone.opened = set(self.opened)
        clone.bobs = list(self.bobs)
