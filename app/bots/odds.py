"""Chances about the hidden cards, and the state of the trick, from one seat's knowledge.

The medium bot plays by these estimates: the chance that a seat holds one of some cards
(hypergeometric over the hidden cards it may hold, 1 when a card is known to be there) and
from it the chance that a card played now wins the trick against the seats still to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from app.bots.constants import TRUMPS
from app.bots.knowledge import KITTY, Knowledge
from app.engine.cards import FOOL, IS_TRUMP, PAGAT, STRENGTH, SUIT_OF, VALUE, Card, display_name
from app.engine.observation import Observation

SUIT: tuple[int, ...] = tuple(int(s) for s in SUIT_OF)


class Table:
    """One seat's view of the deal: its knowledge, the trick so far and the chances."""

    def __init__(
        self, obs: Observation, know: Knowledge, names: Sequence[str] | None = None
    ) -> None:
        self.obs = obs
        self.know = know
        self.names = names
        """The seats' names as the hinting person reads them, for the hint's words."""
        self.seat = obs.seat
        self.seats = obs.seat_count
        self.partner = obs.rules.partner_of(obs.seat)
        """The seat's partner in a game of fixed partnerships (Troccas); None in Danish Tarok."""
        self.strength = STRENGTH[know.chicks]
        self.value = VALUE[know.chicks]
        self.top = 1 if know.chicks else 0
        self.hidden = set(know.hidden)
        self.pool = {
            h: sum(1 for c in know.hidden if know.may_hold(h, c)) for h in know.sizes if h != KITTY
        }
        self.trick: list[int] = list(obs.trick)
        self.led = led_suit(self.trick, None if obs.named is None else int(obs.named))
        self.by_suit: list[list[int]] = [[], [], [], [], []]
        for card in sorted(obs.hand, key=lambda c: -self.strength[c]):
            if card != FOOL:
                self.by_suit[SUIT[card]].append(card)
        self.out = [c for c in range(78) if c not in know.played and c not in obs.hand]
        """Cards still in play outside my hand (hidden or known elsewhere, kitty excluded)."""
        kitty = know.known.get(KITTY, set())
        self.out = [c for c in self.out if c not in kitty and self._maybe_in_play(c)]

    def _maybe_in_play(self, card: int) -> bool:
        return any(
            card in self.know.known[h] or (card in self.hidden and self.know.may_hold(h, card))
            for h in self.know.sizes
            if h != KITTY and self.know.sizes[h] > 0
        )

    # ------------------------------------------------------------------ holdings

    def holds_any(self, seat: int, cards: list[int]) -> float:
        """The chance that ``seat`` holds at least one of ``cards``."""
        know = self.know
        if seat == self.seat:
            return 1.0 if any(c in self.obs.hand for c in cards) else 0.0
        known = know.known[seat]
        if any(c in known for c in cards):
            return 1.0
        k = sum(1 for c in cards if c in self.hidden and know.may_hold(seat, c))
        places = know.capacity(seat)
        pool = self.pool.get(seat, 0)
        if k == 0 or places <= 0 or pool <= 0:
            return 0.0
        places = min(places, pool)
        return 1.0 - comb(pool - k, places) / comb(pool, places)

    def out_of_suit(self, suit: int) -> list[int]:
        return [c for c in self.out if SUIT[c] == suit]

    def higher_out(self, card: int) -> list[int]:
        suit = SUIT[card]
        return [c for c in self.out if SUIT[c] == suit and self.strength[c] > self.strength[card]]

    def trumps_out(self) -> int:
        return sum(1 for c in self.out if IS_TRUMP[c])

    def is_boss(self, card: int) -> bool:
        return not self.higher_out(card)

    # ------------------------------------------------------------------ the trick

    def is_partner(self, seat: int) -> bool:
        return seat == self.partner

    def later_seats(self) -> list[int]:
        """The seats still to play to this trick after me."""
        count = self.seats - len(self.trick) - 1
        return [(self.seat + step) % self.seats for step in range(1, count + 1)]

    def current_best(self) -> tuple[int, int] | None:
        """(seat, card) now winning the trick, if a card other than a led Fool is down."""
        cards = self.trick
        if not cards or (len(cards) == 1 and cards[0] == FOOL):
            return None
        best_index = winner_index(cards, self.led, self.strength)
        return (self.obs.leader + best_index) % self.seats, cards[best_index]

    def beats(self, card: int, best: int) -> bool:
        if card == FOOL:
            return False
        if IS_TRUMP[best]:
            return IS_TRUMP[card] and self.strength[card] > self.strength[best]
        if IS_TRUMP[card]:
            return True
        return SUIT[card] == SUIT[best] and self.strength[card] > self.strength[best]

    def beat_chance(self, seat: int, card: int, led: int | None) -> float:
        """The chance that ``seat``, still to play, holds a card that beats ``card``."""
        if led is None:
            return 0.0
        trumps = [c for c in self.out if IS_TRUMP[c]]
        higher_trumps = [c for c in trumps if self.strength[c] > self.strength[card]]
        follows = self.holds_any(seat, self.out_of_suit(led))
        if IS_TRUMP[card]:
            if led == TRUMPS:
                return self.holds_any(seat, higher_trumps)
            return (1.0 - follows) * self.holds_any(seat, higher_trumps)
        if SUIT[card] != led:
            return 1.0
        higher = self.holds_any(seat, self.higher_out(card))
        return min(1.0, higher + (1.0 - follows) * self.holds_any(seat, trumps))

    def win_chance(self, card: int, name: int | None = None) -> float:
        """The chance that ``card`` played now wins the trick for me (in Troccas: for my team,
        whose partner may also take it)."""
        if card == FOOL:
            return 0.0
        best = self.current_best()
        if best is not None and not self.beats(card, best[1]):
            return 0.0
        led = self.led if self.trick else SUIT[card]
        chance = 1.0
        for seat in self.later_seats():
            if self.is_partner(seat):
                continue
            chance *= 1.0 - self.beat_chance(seat, card, led)
        return chance

    def hold_chance(self) -> float:
        """The chance that the card now winning stays the winner (for a partner's trick)."""
        best = self.current_best()
        if best is None:
            return 0.0
        chance = 1.0
        for seat in self.later_seats():
            if self.is_partner(seat):
                continue
            chance *= 1.0 - self.beat_chance(seat, best[1], self.led)
        return chance

    def points_in_trick(self) -> int:
        return 1 + sum(self.value[c] for c in self.trick if c != FOOL)

    def is_ultimo_card(self, card: int) -> bool:
        return card == PAGAT or (card < 56 and card % 14 == self.top)


def beats(card: int, best: int, strength: tuple[int, ...]) -> bool:
    """Whether ``card`` would take the lead from ``best`` (the Fool never does)."""
    if card == FOOL:
        return False
    if IS_TRUMP[best]:
        return IS_TRUMP[card] and strength[card] > strength[best]
    if IS_TRUMP[card]:
        return True
    return SUIT[card] == SUIT[best] and strength[card] > strength[best]


def led_suit(cards: Sequence[int], named: int | None) -> int | None:
    if not cards:
        return None
    if cards[0] != FOOL:
        return SUIT[cards[0]]
    if named is not None:
        return named
    return SUIT[cards[1]] if len(cards) > 1 else None


def winner_index(cards: Sequence[int], led: int | None, strength: tuple[int, ...]) -> int:
    best, best_strength = -1, -1
    for index, card in enumerate(cards):
        if IS_TRUMP[card] and strength[card] > best_strength:
            best, best_strength = index, strength[card]
    if best >= 0:
        return best
    suit = led
    plays = [c for c in cards if c != FOOL]
    if suit is None or all(SUIT[c] != suit for c in plays):
        suit = SUIT[plays[0]]
    for index, card in enumerate(cards):
        if SUIT[card] == suit and strength[card] > best_strength:
            best, best_strength = index, strength[card]
    return best


def name_of(card: int) -> str:
    """The card's name as a person reads it ("King of Cups")."""
    return display_name(Card(card))


class Choice:
    """A card to play, the suit a led Fool names, and the reason a person reads in a hint;
    ``convention`` marks a seed convention's card (rules.md 2.15), which no search overrides."""

    __slots__ = ("card", "convention", "name", "reason")

    def __init__(
        self, card: int, reason: str, name: int | None = None, convention: bool = False
    ) -> None:
        self.card = card
        self.reason = reason
        self.name = name
        self.convention = convention
