"""Danish Tarok declarations (rules.md 2.5): what a holding declares and what each pays.

Each of the other two players pays the declarer the value. One card may serve several
combinations; three courts or three kings without the Fool are nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from app.engine.cards import (
    COURT_RANKS,
    FOOL,
    IS_TRUMP,
    KING,
    PAGAT,
    PLAIN_SUITS,
    QUEEN,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    WORLD,
    Card,
    Suit,
    plain,
    trump,
)
from app.engine.phrases import N_, Phrase


@dataclass(frozen=True, slots=True)
class Declaration:
    seat: int
    kind: str
    detail: str
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "detail": self.detail, "value": self.value}


_COURTS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(plain(suit, rank) for rank in COURT_RANKS) for suit in PLAIN_SUITS
)


def top_rank(chicks: bool) -> int:
    """The court with the kings' special roles: the King, or the Queen under the Chicks rule."""
    return QUEEN if chicks else KING


def declarations(seat: int, hand: Collection[Card], chicks: bool) -> list[Declaration]:
    """Every combination ``hand`` declares, in a fixed order."""
    hand = set(hand)
    has_fool = FOOL in hand
    found = [*_trumps(seat, hand), *_matadors(seat, hand)]
    for suit in PLAIN_SUITS:
        found.extend(_cavalry(seat, hand, suit, has_fool))
    found.extend(_kings(seat, hand, has_fool, chicks))
    return found


def cavalry_cards(hand: Collection[Card]) -> set[Card]:
    """The courts that belong to a cavalry the hand declares (full, abundant or half)."""
    hand = set(hand)
    cards: set[Card] = set()
    for courts in _COURTS:
        held = [card for card in courts if card in hand]
        if len(held) == 4 or (len(held) == 3 and FOOL in hand):
            cards.update(held)
    return cards


def _trumps(seat: int, hand: Collection[Card]) -> list[Declaration]:
    count = sum(1 for card in hand if IS_TRUMP[card] or card == FOOL)
    if count < 10:
        return []
    if PAGAT in hand:
        detail = Phrase(N_("%(count)d trumps, with the I"), count=count)
    else:
        detail = Phrase(N_("%(count)d trumps, without the I"), count=count)
    return [Declaration(seat, "trumps", detail, 10 + 5 * (count - 10))]


def _matadors(seat: int, hand: Collection[Card]) -> list[Declaration]:
    if not (FOOL in hand and PAGAT in hand and WORLD in hand):
        return []
    count = 3
    for number in range(20, 1, -1):
        if trump(number) not in hand:
            break
        count += 1
    detail = Phrase(N_("%(count)d matadors"), count=count)
    return [Declaration(seat, "matadors", detail, 10 + 5 * (count - 3))]


def _cavalry(seat: int, hand: Collection[Card], suit: Suit, has_fool: bool) -> list[Declaration]:
    courts = _COURTS[suit]
    missing = [rank for rank in COURT_RANKS if courts[rank] not in hand]
    name = SUIT_NAMES[suit]
    if not missing:
        if has_fool:
            detail = Phrase(N_("%(suit)s, with the Fool"), suit=name)
            return [Declaration(seat, "abundant-cavalry", detail, 15)]
        return [Declaration(seat, "full-cavalry", name, 10)]
    if len(missing) == 1 and has_fool:
        court = RANK_NAMES[RANKS[missing[0]]]
        detail = Phrase(N_("%(suit)s, without the %(court)s"), suit=name, court=court)
        return [Declaration(seat, "half-cavalry", detail, 5)]
    return []


KINGS_WORDS: dict[bool, tuple[Phrase, Phrase, str]] = {
    False: (
        Phrase(N_("all four Kings, with the Fool")),
        Phrase(N_("all four Kings")),
        N_("three Kings and the Fool, none in %(suit)s"),
    ),
    True: (
        Phrase(N_("all four Queens, with the Fool")),
        Phrase(N_("all four Queens")),
        N_("three Queens and the Fool, none in %(suit)s"),
    ),
}
"""(Chicks rule?): the kings' declarations' details, abundant, full and half (a message)."""


def _kings(seat: int, hand: Collection[Card], has_fool: bool, chicks: bool) -> list[Declaration]:
    rank = top_rank(chicks)
    missing = [suit for suit in PLAIN_SUITS if _COURTS[suit][rank] not in hand]
    if not missing:
        if has_fool:
            return [Declaration(seat, "abundant-kings", KINGS_WORDS[chicks][0], 15)]
        return [Declaration(seat, "full-kings", KINGS_WORDS[chicks][1], 10)]
    if len(missing) == 1 and has_fool:
        # the suit only: the missing card lies where the others may not see it
        detail = Phrase(KINGS_WORDS[chicks][2], suit=SUIT_NAMES[missing[0]])
        return [Declaration(seat, "half-kings", detail, 5)]
    return []
