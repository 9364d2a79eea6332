"""Danish Tarok (rules.md section 2): three players, tokens, two pots, declarations, Ultimo.

Owns the rigged deal, the discard's legality, the declarations' payments, the Fool's naming
and deadline, payments during play and the last-trick settlement. Shared trick play lives in
``deal.Deal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import ClassVar

from app.engine.actions import Action, DemandFool, IllegalAction, PlayCard
from app.engine.cards import (
    ALL_CARDS,
    FOOL,
    IS_PIP,
    IS_TRUMP,
    PAGAT,
    PLAIN_SUITS,
    RANK_OF,
    WORLD,
    Card,
    Suit,
    plain,
)
from app.engine.deal import Deal, Phase, Trick
from app.engine.declarations import Declaration, cavalry_cards, declarations, top_rank
from app.engine.ledger import KING_POT, KING_ULTIMO, PAGAT_POT, PAGAT_ULTIMO, Books
from app.engine.options import DANISH, Options
from app.engine.phrases import N_, Phrase
from app.engine.rng import shuffle

SEATS = 3
HAND_SIZE = 25
TRICKS = 25
POT_STAKE = 20
DEALER_FEE = 5
LOST_CARD_FINE = 5
PAGAT_TRICK_REWARD = 5
ULTIMO = {KING_POT: 40, PAGAT_POT: 45}
LAST_TRICK_BONUS = 20
TOUT = 135
NOLO = 25
PAR = 26
FOOL_DEADLINE = 23
"""Seed timing: the Fool must be played in trick 23 at the latest (rules.md 2.7d)."""
NO_FOOL_TRICK = 24
"""Traditional timing: the Fool may never be played to trick 24."""


ULTIMO_CARDS: tuple[frozenset[Card], frozenset[Card]] = (
    frozenset({PAGAT, *(plain(suit, top_rank(False)) for suit in PLAIN_SUITS)}),
    frozenset({PAGAT, *(plain(suit, top_rank(True)) for suit in PLAIN_SUITS)}),
)
"""``ULTIMO_CARDS[chicks]``: the Kings (Queens under Chicks) and the I (rules.md 2.9, 2.14)."""


def deal_cards(rng: Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal 25 to each seat in packets of 5 from the dealer's right; 3 to the talon.

    The deal is rigged (rules.md 2.3): while the dealer's 28 cards hold fewer than 3 pips, the
    cards are shuffled and dealt again.
    """
    while True:
        deck = list(ALL_CARDS)
        shuffle(deck, rng)
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        position = 0
        for _ in range(HAND_SIZE // 5):
            for offset in range(1, SEATS + 1):
                hands[(dealer + offset) % SEATS].extend(deck[position : position + 5])
                position += 5
        talon = deck[position:]
        if sum(IS_PIP[c] for c in hands[dealer] + talon) >= 3:
            return hands, talon


def opening_books(before: Books | None, dealer: int, seats: int = SEATS) -> Books:
    """Found or refill the pots, then charge the dealer's fee (rules.md 2.2).

    Every seat at the table pays the stake, also one that sits out the deal (2.17)."""
    if before is None:
        books = Books([0] * seats, {KING_POT: 0, PAGAT_POT: 0})
        kind = "pot-founding"
    else:
        books = Books(list(before.balances), dict(before.pots))
        kind = "pot-refill"
    for pot in (KING_POT, PAGAT_POT):
        if books.pots[pot] == 0:
            for seat in range(seats):
                books.pay(kind, None, seat, pot, POT_STAKE)
    for pot in (KING_POT, PAGAT_POT):
        books.pay("dealer-fee", None, dealer, pot, DEALER_FEE)
    return books


def _is_rank(card: Card, rank: int) -> bool:
    return card < 56 and RANK_OF[card] == rank


@dataclass(frozen=True, slots=True)
class SkatLimits:
    """What the traditional restrictions allow a dealer's holding to lay away (rules.md 2.4)."""

    forbidden: frozenset[Card]
    """The King (Queen under Chicks), the I, the XXI and the Fool: never."""
    trumps: frozenset[Card]
    combination: frozenset[Card]
    most_combination_cards: int
    """Combination cards only where there is no other choice."""

    def refusal(self, cards: tuple[Card, ...]) -> str | None:
        """Why ``cards`` may not be laid away, or None."""
        if any(c in self.forbidden for c in cards):
            return Phrase(N_("kings, the I, the XXI and the Fool may not be discarded"))
        laid_trumps = sum(1 for c in cards if c in self.trumps)
        if laid_trumps and laid_trumps != len(self.trumps):
            return Phrase(N_("a trump may be discarded only when the dealer keeps no trump"))
        if sum(1 for c in cards if c in self.combination) > self.most_combination_cards:
            return Phrase(
                N_(
                    "cards of a declarable combination may be discarded only when there is no "
                    "other choice"
                )
            )
        return None


class DanishDeal(Deal):
    game: ClassVar[str] = DANISH
    seat_count: ClassVar[int] = SEATS
    trick_count: ClassVar[int] = TRICKS
    discard_size: ClassVar[int] = 3
    led_fool_names_suit: ClassVar[bool] = True
    has_nolo: ClassVar[bool] = True

    def __init__(
        self,
        dealt: list[list[Card]],
        talon: list[Card],
        dealer: int,
        options: Options,
        before: Books | None = None,
    ) -> None:
        books = opening_books(before, dealer, self.seat_count)
        super().__init__(dealt, talon, dealer, options, books, before)
        self.declared: list[Declaration] = []
        self.fool_demanded = False
        self.demand_askers: list[int] = []

    # ----------------------------------------------------------------- queries

    def is_ultimo_card(self, card: Card) -> bool:
        """The five Ultimo cards: the Kings (Queens under Chicks) and the I."""
        return card in ULTIMO_CARDS[self.chicks]

    def pot_of(self, card: Card) -> str:
        return PAGAT_POT if card == PAGAT else KING_POT

    def visible_discard(self, seat: int | None) -> tuple[Card, ...] | None:
        """The dealer's discard is shown to everyone unless it is concealed (rules.md 2.4)."""
        if self.discarded and not self.options.conceal_discards:
            return self.discarded
        return super().visible_discard(seat)

    def declarations_made(self) -> tuple[Declaration, ...]:
        return tuple(self.declared)

    def pot_sizes(self) -> tuple[int, int] | None:
        return self.books.pots[KING_POT], self.books.pots[PAGAT_POT]

    @property
    def fool_was_demanded(self) -> bool:
        return self.fool_demanded

    def fool_holder(self) -> int | None:
        for seat, hand in enumerate(self.holdings):
            if FOOL in hand:
                return seat
        return None

    def legal_discard_cards(self) -> list[Card]:
        hand = self.holdings[self.dealer]
        if not self.options.traditional_skat_restrictions:
            return self._seed_discardable(hand)
        limits = self._skat_limits(hand)
        candidates = [c for c in hand if c not in limits.forbidden]
        usable: set[Card] = set()
        for choice in combinations(candidates, 3):
            if not usable.issuperset(choice) and limits.refusal(choice) is None:
                usable.update(choice)
        return sorted(usable)

    def _skat_limits(self, hand: list[Card]) -> SkatLimits:
        top = top_rank(self.chicks)
        forbidden = frozenset(c for c in hand if c in (FOOL, PAGAT, WORLD) or _is_rank(c, top))
        trumps = frozenset(c for c in hand if IS_TRUMP[c])
        combo = frozenset(cavalry_cards(hand))
        free = sum(1 for c in hand if c < 56 and c not in combo and c not in forbidden)
        whole_trumps = len(trumps) <= 3 and not trumps & forbidden
        other_choices = free + (len(trumps) if whole_trumps else 0)
        return SkatLimits(forbidden, trumps, combo, max(0, 3 - other_choices))

    def _seed_discardable(self, hand: list[Card]) -> list[Card]:
        """Not a trump, the Fool, a King (Queen under Chicks) or a combination card (2.4)."""
        combo = cavalry_cards(hand)
        top = top_rank(self.chicks)
        return [c for c in hand if c < 56 and RANK_OF[c] != top and c not in combo]

    # ----------------------------------------------------------------- discard

    def _check_discard(self, cards: tuple[Card, ...]) -> None:
        super()._check_discard(cards)
        hand = self.holdings[self.dealer]
        if self.options.traditional_skat_restrictions:
            self._check_traditional_discard(cards, hand)
            return
        combo = cavalry_cards(hand)
        for card in cards:
            self._refuse_forbidden(card)
            if IS_TRUMP[card]:
                raise IllegalAction(Phrase(N_("trumps may not be discarded")))
            if card in combo:
                raise IllegalAction(
                    Phrase(N_("cards of a declarable combination may not be discarded"))
                )

    def _refuse_forbidden(self, card: Card) -> None:
        reason = self._forbidden_reason(card)
        if reason is not None:
            raise IllegalAction(reason)

    def _forbidden_reason(self, card: Card) -> str | None:
        """Why ``card`` is never laid away, whatever else is (rules.md 2.4); None if it may."""
        if card == FOOL:
            return Phrase(N_("the Fool may not be discarded"))
        if card in (PAGAT, WORLD):
            return Phrase(N_("the I and the XXI may not be discarded"))
        if card < 56 and RANK_OF[card] == top_rank(self.chicks):
            if self.chicks:
                return Phrase(N_("queens may not be discarded"))
            return Phrase(N_("kings may not be discarded"))
        return None

    def _discard_refusal(self, card: Card) -> str:
        forbidden = self._forbidden_reason(card)
        if forbidden is not None:
            return forbidden
        if not self.options.traditional_skat_restrictions:
            if IS_TRUMP[card]:
                return Phrase(N_("trumps may not be discarded"))
            return Phrase(N_("cards of a declarable combination may not be discarded"))
        # Traditional restrictions refuse whole discards: the reason is that of the card laid
        # away with cards that may go (those first), so that it is the card's own.
        hand = self.holdings[self.dealer]
        limits = self._skat_limits(hand)
        legal = [c for c in self.legal_discard_cards() if c != card]
        rest = [c for c in hand if c != card and c not in legal and c not in limits.forbidden]
        for others in combinations(legal + rest, self.discard_size - 1):
            reason = limits.refusal((card, *others))
            if reason is not None:
                return reason
        return super()._discard_refusal(card)

    def _check_traditional_discard(self, cards: tuple[Card, ...], hand: list[Card]) -> None:
        """PW/BGA restrictions (rules.md 2.4, option "Traditional skat restrictions")."""
        for card in cards:
            self._refuse_forbidden(card)
        reason = self._skat_limits(hand).refusal(cards)
        if reason is not None:
            raise IllegalAction(reason)

    def _after_discard(self) -> None:
        hand = self.holdings[self.dealer]
        combination_cards = cavalry_cards(hand + list(self.discarded))
        laid_away = [c for c in self.discarded if c in combination_cards]
        for seat in self.order_from(self.next_seat(self.dealer)):
            holding = hand + laid_away if seat == self.dealer else self.holdings[seat]
            for found in declarations(seat, holding, self.chicks):
                self.declared.append(found)
                for payer in self._others(seat):
                    self.books.pay("declaration", None, payer, seat, found.value)
        super()._after_discard()

    def _others(self, seat: int) -> list[int]:
        """The other players of the deal, in playing order after ``seat``."""
        return list(self.order_from(seat)[1:])

    # ----------------------------------------------------------------- the Fool

    def _fool_rule(self, hand: list[Card]) -> str | None:
        if FOOL not in hand:
            return None
        number = self.trick_number
        if not self.options.traditional_fool_timing:
            return "only" if number == FOOL_DEADLINE else None
        if number == FOOL_DEADLINE and self.fool_demanded:
            return "only"
        return "never" if number == NO_FOOL_TRICK else None

    def _fool_only_reason(self) -> str:
        if self.options.traditional_fool_timing:
            return Phrase(
                N_("the Fool was demanded and must be played in trick %(trick)s"),
                trick=FOOL_DEADLINE,
            )
        return Phrase(N_("the Fool must be played by trick %(trick)s"), trick=FOOL_DEADLINE)

    def _fool_never_reason(self) -> str:
        return Phrase(N_("the Fool may not be played to trick %(trick)s"), trick=NO_FOOL_TRICK)

    def _fool_returns(self, trick_number: int) -> bool:
        return trick_number < TRICKS

    @classmethod
    def names_suit(cls, card: Card, trick_number: int, leading: bool) -> bool:
        """A led Fool names the suit it stands for, except in the last trick (rules.md 2.7c)."""
        return card == FOOL and leading and trick_number < TRICKS

    @classmethod
    def fool_due_in(cls, options: Options, fool_demanded: bool) -> int | None:
        """Trick 23 under the seed's timing, or once the Fool was demanded (rules.md 2.7)."""
        return FOOL_DEADLINE if fool_demanded or not options.traditional_fool_timing else None

    def _check_name(self, action: PlayCard) -> None:
        leading = not self.trick
        if self.names_suit(action.card, self.trick_number, leading):
            if action.name is None or action.name is Suit.NONE:
                raise IllegalAction(Phrase(N_("name the suit the led Fool stands for")))
        elif action.name is not None:
            if leading and action.card == FOOL:
                raise IllegalAction(Phrase(N_("a Fool led to the last trick names no suit")))
            raise IllegalAction(Phrase(N_("only a led Fool names a suit")))

    def _decide(self, action: Action) -> None:
        if not isinstance(action, DemandFool):
            raise IllegalAction(Phrase(N_("no such decision is pending")))
        self.demand_askers.pop(0)
        if action.demand:
            self.fool_demanded = True
            self.demand_askers.clear()
        if self.demand_askers:
            self.turn = self.demand_askers[0]
        else:
            self.phase = Phase.PLAY
            self.turn = self.leader

    # ----------------------------------------------------------------- tricks

    def _after_trick(self, trick: Trick) -> None:
        if trick.number < TRICKS:
            self._pay_during_play(trick)
        if trick.number == FOOL_DEADLINE - 1 and self.options.traditional_fool_timing:
            self._ask_for_fool()

    def _pay_during_play(self, trick: Trick) -> None:
        """Losing an Ultimo card, and the optional reward for the Pagat (rules.md 2.9)."""
        ultimo = ULTIMO_CARDS[self.chicks]
        for index, card in enumerate(trick.cards):
            if card not in ultimo:
                continue
            owner = trick.seat_of(index, self.seat_count)
            if owner != trick.winner:
                for other in self._others(owner):
                    self.books.pay("card-lost", trick.number, owner, other, LOST_CARD_FINE)
                self.books.pay("card-lost", trick.number, owner, self.pot_of(card), LOST_CARD_FINE)
        winning = trick.cards[trick.index_of(trick.winner, self.seat_count)]
        if winning == PAGAT and self.options.pagat_trick_reward:
            for other in self._others(trick.winner):
                self.books.pay("pagat-trick", trick.number, other, trick.winner, PAGAT_TRICK_REWARD)

    def _ask_for_fool(self) -> None:
        """Before trick 23, the players without the Fool may demand it (rules.md 2.7d)."""
        holder = self.fool_holder()
        if holder is None:
            return
        order = self.order_from(self.leader)
        self.demand_askers = [seat for seat in order if seat != holder]
        self.phase = Phase.DEMAND_FOOL
        self.turn = self.demand_askers[0]

    # ----------------------------------------------------------------- the end

    def _settle(self) -> None:
        """Steps A-F of rules.md 2.10, then the count (2.11)."""
        last = self.tricks[-1]
        tout = [s for s in self.players if self.won[s] == TRICKS]
        nolo = [s for s in self.players if self.won[s] == 0]
        special = bool(tout or nolo)
        end_of_play = dict(self.books.pots)
        winning = last.cards[last.index_of(last.winner, self.seat_count)]
        ultimo_won = self.is_ultimo_card(winning)
        if ultimo_won and not special:
            self._pay_ultimo(last, winning, end_of_play)
        failed = self._pay_bagud(last, winning, end_of_play)
        paid_last = not (ultimo_won or failed) or (
            failed and not ultimo_won and self.options.last_trick_paid_when_ultimo_fails
        )
        if paid_last and not special:
            for other in self._others(last.winner):
                self.books.pay("last-trick", last.number, other, last.winner, LAST_TRICK_BONUS)
        if tout:
            for other in self._others(tout[0]):
                self.books.pay("tout", None, other, tout[0], TOUT)
        elif nolo:
            for other in self._others(nolo[0]):
                self.books.pay("nolo", None, other, nolo[0], NOLO)
        else:
            self._settle_count()

    def _pay_ultimo(self, last: Trick, card: Card, end_of_play: dict[str, int]) -> None:
        pot = self.pot_of(card)
        kind = PAGAT_ULTIMO if card == PAGAT else KING_ULTIMO
        if end_of_play[pot]:
            self.books.pay(kind, last.number, pot, last.winner, end_of_play[pot])
        for other in self._others(last.winner):
            self.books.pay(kind, last.number, other, last.winner, ULTIMO[pot])

    def _pay_bagud(self, last: Trick, winning: Card, end_of_play: dict[str, int]) -> bool:
        """Each Ultimo card in the last trick that did not win (rules.md 2.10 step C)."""
        failed = False
        for index, card in enumerate(last.cards):
            if card == winning or not self.is_ultimo_card(card):
                continue
            failed = True
            owner = last.seat_of(index, self.seat_count)
            pot = self.pot_of(card)
            for other in self._others(owner):
                self.books.pay("bagud", last.number, owner, other, ULTIMO[pot])
            if end_of_play[pot]:
                self.books.pay("bagud", last.number, owner, pot, end_of_play[pot])
        return failed

    def _settle_count(self) -> None:
        assert self.counts is not None
        players = self.players
        amounts = {seat: self.counts[seat] - PAR for seat in players}
        if self.options.round_count:
            next_dealer = self.next_seat(self.dealer)
            for seat in players:
                if seat != next_dealer:
                    amounts[seat] = 5 * ((2 * amounts[seat] + 5) // 10)
            amounts[next_dealer] = -sum(a for s, a in amounts.items() if s != next_dealer)
        for seat in players:
            self.books.settle("count", seat, amounts[seat])

    def _copy_into(self, clone: Deal) -> None:
        assert isinstance(clone, DanishDeal)
        clone.declared = list(self.declared)
        clone.demand_askers = list(self.demand_askers)
