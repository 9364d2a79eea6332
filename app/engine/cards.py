"""Cards: the 78-card tarot deck, card codes, rankings and values (rules.md section 1).

A card is a small integer (``Card``) so that the rules and the bots' simulations stay fast;
the stable string code (``CU-K``, ``T21``, ``FOOL``; design.md 1.1) is how a card leaves the
engine. Numbering: plain suits ``suit * 14 + rank`` with ranks in the order
``K Q N P 10 9 8 7 6 5 4 3 2 A``; trumps ``T1``..``T21`` are 56..76; the Fool is 77.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import NewType

from app.engine.phrases import N_, Phrase

Card = NewType("Card", int)


class Suit(IntEnum):
    """The suit a card belongs to; trumps are a suit for following, the Fool has none."""

    CUPS = 0
    COINS = 1
    SWORDS = 2
    STAVES = 3
    TRUMPS = 4
    NONE = 5


PLAIN_SUITS: tuple[Suit, ...] = (Suit.CUPS, Suit.COINS, Suit.SWORDS, Suit.STAVES)
ROUND_SUITS = frozenset({Suit.CUPS, Suit.COINS})
SUIT_CODES: dict[Suit, str] = {
    Suit.CUPS: "CU",
    Suit.COINS: "CO",
    Suit.SWORDS: "SW",
    Suit.STAVES: "ST",
    Suit.TRUMPS: "T",
}
SUIT_BY_CODE: dict[str, Suit] = {code: suit for suit, code in SUIT_CODES.items()}
SUIT_NAMES: dict[Suit, str] = {
    Suit.CUPS: Phrase(N_("Cups")),
    Suit.COINS: Phrase(N_("Coins")),
    Suit.SWORDS: Phrase(N_("Swords")),
    Suit.STAVES: Phrase(N_("Staves")),
    Suit.TRUMPS: Phrase(N_("Trumps")),
}

RANKS: tuple[str, ...] = ("K", "Q", "N", "P", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
RANK_NAMES: dict[str, str] = {
    "K": Phrase(N_("King")),
    "Q": Phrase(N_("Queen")),
    "N": Phrase(N_("Knight")),
    "P": Phrase(N_("Page")),
    "A": Phrase(N_("Ace")),
}
KING, QUEEN, KNIGHT, PAGE = 0, 1, 2, 3
COURT_RANKS = (KING, QUEEN, KNIGHT, PAGE)

TRUMP_TITLES: tuple[str, ...] = (
    Phrase(N_("The Magician")),
    Phrase(N_("The Popess")),
    Phrase(N_("The Empress")),
    Phrase(N_("The Emperor")),
    Phrase(N_("The Pope")),
    Phrase(N_("The Lovers")),
    Phrase(N_("The Chariot")),
    Phrase(N_("Justice")),
    Phrase(N_("The Hermit")),
    Phrase(N_("The Wheel of Fortune")),
    Phrase(N_("Strength")),
    Phrase(N_("The Hanged Man")),
    Phrase(N_("Death")),
    Phrase(N_("Temperance")),
    Phrase(N_("The Devil")),
    Phrase(N_("The Tower")),
    Phrase(N_("The Star")),
    Phrase(N_("The Moon")),
    Phrase(N_("The Sun")),
    Phrase(N_("Judgement")),
    Phrase(N_("The World")),
)
ROMAN: tuple[str, ...] = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip

FIRST_TRUMP = 56
FOOL = Card(77)
DECK_SIZE = 78
ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(DECK_SIZE))


def plain(suit: Suit, rank: int) -> Card:
    """The plain-suit card of ``suit`` at rank index ``rank`` (0 = King ... 13 = Ace)."""
    return Card(int(suit) * 14 + rank)


def trump(number: int) -> Card:
    """Trump ``number`` (1 = the Pagat ... 21 = the World)."""
    return Card(FIRST_TRUMP + number - 1)


PAGAT = trump(1)
WORLD = trump(21)


def _suit_of(card: int) -> Suit:
    if card == FOOL:
        return Suit.NONE
    if card >= FIRST_TRUMP:
        return Suit.TRUMPS
    return Suit(card // 14)


SUIT_OF: tuple[Suit, ...] = tuple(_suit_of(c) for c in range(DECK_SIZE))
RANK_OF: tuple[int, ...] = tuple(c % 14 if c < FIRST_TRUMP else -1 for c in range(DECK_SIZE))
TRUMP_NUMBER: tuple[int, ...] = tuple(
    c - FIRST_TRUMP + 1 if FIRST_TRUMP <= c < FOOL else 0 for c in range(DECK_SIZE)
)
IS_TRUMP: tuple[bool, ...] = tuple(SUIT_OF[c] is Suit.TRUMPS for c in range(DECK_SIZE))
IS_PIP: tuple[bool, ...] = tuple(c < FIRST_TRUMP and c % 14 >= 4 for c in range(DECK_SIZE))
"""Pip (spot) cards: A..10 of a plain suit."""
IS_COURT: tuple[bool, ...] = tuple(c < FIRST_TRUMP and c % 14 < 4 for c in range(DECK_SIZE))


def _code(card: int) -> str:
    if card == FOOL:
        return "FOOL"
    if card >= FIRST_TRUMP:
        return f"T{card - FIRST_TRUMP + 1}"
    return f"{SUIT_CODES[Suit(card // 14)]}-{RANKS[card % 14]}"


CODES: tuple[str, ...] = tuple(_code(c) for c in range(DECK_SIZE))
_BY_CODE: dict[str, Card] = {code: Card(i) for i, code in enumerate(CODES)}


def _strength(card: int, chicks: bool) -> int:
    """Trick strength (rules.md 1.2): higher wins among cards of one suit; trumps above all."""
    if card == FOOL:
        return 0
    if card >= FIRST_TRUMP:
        return 100 + card - FIRST_TRUMP + 1
    rank = card % 14
    if rank < 4:
        courts = (13, 14, 12, 11) if chicks else (14, 13, 12, 11)
        return courts[rank]
    pip = 14 - rank  # "10" -> 10 ... "A" -> 1
    return 11 - pip if Suit(card // 14) in ROUND_SUITS else pip


def _value(card: int, chicks: bool) -> int:
    """Counting value (rules.md 1.3): kings, T1, T21, the Fool 4; queens 3; knights 2; pages 1."""
    if card in (FOOL, PAGAT, WORLD):
        return 4
    if card >= FIRST_TRUMP:
        return 0
    rank = card % 14
    if rank == KING:
        return 3 if chicks else 4
    if rank == QUEEN:
        return 4 if chicks else 3
    return {KNIGHT: 2, PAGE: 1}.get(rank, 0)


STRENGTH: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_strength(c, False) for c in range(DECK_SIZE)),
    tuple(_strength(c, True) for c in range(DECK_SIZE)),
)
"""``STRENGTH[chicks][card]``."""
VALUE: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_value(c, False) for c in range(DECK_SIZE)),
    tuple(_value(c, True) for c in range(DECK_SIZE)),
)
"""``VALUE[chicks][card]``."""


class UnknownCard(ValueError):
    """A string that is no card code."""


def parse(text: str) -> Card:
    """The card for a code in any letter case (``cu-k`` -> ``CU-K``)."""
    if not isinstance(text, str):
        raise UnknownCard(f"not a card code: {text!r}")
    card = _BY_CODE.get(text.strip().upper())
    if card is None:
        raise UnknownCard(f"unknown card {text!r}")
    return card


def code(card: Card) -> str:
    """The canonical code of a card; ``parse(code(c)) == c``."""
    return CODES[card]


def codes(cards: Iterable[Card]) -> list[str]:
    return [CODES[c] for c in cards]


def display_name(card: Card) -> str:
    """The name a person reads: "King of Cups", "5 of Swords", "XXI The World", "The Fool"."""
    if card == FOOL:
        return Phrase(N_("The Fool"))
    number = TRUMP_NUMBER[card]
    if number:
        return Phrase(
            N_("%(number)s %(title)s"), number=ROMAN[number - 1], title=TRUMP_TITLES[number - 1]
        )
    rank = RANKS[RANK_OF[card]]
    return Phrase(
        N_("%(rank)s of %(suit)s"), rank=RANK_NAMES.get(rank, rank), suit=SUIT_NAMES[SUIT_OF[card]]
    )


def sort_key(card: Card) -> tuple[int, int]:
    """Order for showing a holding: suits CU, CO, SW, ST, then trumps low to high, the Fool last.

    Within a plain suit the cards run from high to low by the standard ranking.
    """
    suit = SUIT_OF[card]
    if suit is Suit.NONE:
        return (6, 0)
    if suit is Suit.TRUMPS:
        return (5, TRUMP_NUMBER[card])
    return (int(suit), -STRENGTH[0][card])


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)
