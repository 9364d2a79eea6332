"""What the pages for learning the games show: tricks drawn with the site's card faces for the
strategy pages, and the whole pack in order for "About the cards".

A diagram is data, not markup, so that its cards are real card codes with their engine names
(the images' text alternatives) and a test can check every one of them. Every diagram follows
the rules (rules.md 2.10, 2.15, 3.5); the captions say what the cards alone cannot.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import (
    ALL_CARDS,
    FOOL,
    PLAIN_SUITS,
    RANK_NAMES,
    RANK_OF,
    RANKS,
    ROMAN,
    ROUND_SUITS,
    STRENGTH,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    Suit,
    code,
    display_name,
    parse,
    trump,
)
from app.engine.options import DANISH, TROCCAS
from app.i18n import gettext
from app.web.http.words import say


@dataclass(frozen=True, slots=True)
class Shown:
    """One card of a diagram: who played it (or where it went), and whether it won."""

    code: str
    name: str
    label: str
    wins: bool = False


def shown(card_code: str, label: str, wins: bool = False) -> Shown:
    return Shown(card_code, say(display_name(parse(card_code))), label, wins)


@dataclass(frozen=True, slots=True)
class Diagram:
    """A trick in the order it was played, and what happened to it (``after``: cards that
    moved once the trick was over, as a Bob moves the page)."""

    id: str
    title: str
    plays: tuple[Shown, ...]
    caption: str
    after: tuple[Shown, ...] = ()

    @property
    def codes(self) -> list[str]:
        return [card.code for card in (*self.plays, *self.after)]


KING_COVERS_A_PAGE = Diagram(
    "king-cover",
    "A King covers a Page",
    (
        shown("CU-P", "Left leads"),
        shown("CU-5", "You"),
        shown("CU-K", "Right", wins=True),
    ),
    "Left has declared 12 trumps. Left leads the Page of Cups, you follow with the 5 of Cups, "
    "and Right covers the Page with the King of Cups. Right's King wins the trick and takes "
    "the Page away from the trump hand; and now you know where the King of Cups was.",
)

PAGAT_ULTIMO = Diagram(
    "pagat-ultimo",
    "The last trick won with the Pagat",
    (
        shown("ST-4", "Right leads"),
        shown("ST-8", "Left"),
        shown("T1", "You", wins=True),
    ),
    "Trick 25. Right leads the 4 of Staves and Left follows with the 8. You have no Staves "
    "left, so you must trump, and your I is the only trump in the trick: it wins. That is a "
    "Pagat Ultimo: you take the whole Pagat pot and 45 tokens from each other player.",
)

BAGUD = Diagram(
    "bagud",
    "A King caught in the last trick (Bagud)",
    (
        shown("CO-K", "You lead"),
        shown("T2", "Right", wins=True),
        shown("SW-6", "Left"),
    ),
    "Trick 25. You lead your last card, the King of Coins, hoping for a King Ultimo. Right "
    "has no Coins but one trump left, the II, and must play it: the lowest trump still beats "
    "the King. Your King is Bagud: you pay 40 to each other player, and into the King pot as "
    "much as it held at the end of play.",
)

THE_BOB = Diagram(
    "bob",
    "The Bob",
    (
        shown("SW-K", "You lead", wins=True),
        shown("SW-4", "Right"),
        shown("SW-2", "Partner"),
        shown("SW-9", "Left"),
    ),
    "The first trick led in Swords. Your King wins it, and the Page of Swords was not played: "
    "Left still holds it. Bob! The Page goes from Left's hand into your trick, and Left takes "
    "the lowest spot card of the trick, your partner's 2 of Swords, into hand instead.",
    after=(shown("SW-P", "Bobbed from Left"),),
)

GIVE_POINTS = Diagram(
    "give-points",
    "Giving points to your partner's trick",
    (
        shown("CO-5", "Right leads"),
        shown("T19", "Partner", wins=True),
        shown("CO-9", "Left"),
        shown("CO-Q", "You"),
    ),
    "Right leads the 5 of Coins. Your partner has no Coins and trumps with the XIX; Left "
    "follows with the 9 of Coins. You play last, so the trick is surely your partner's: give "
    "it your Queen of Coins, 3 points for your team, instead of a blank card.",
)

DIAGRAMS: dict[str, tuple[Diagram, ...]] = {
    DANISH: (KING_COVERS_A_PAGE, PAGAT_ULTIMO, BAGUD),
    TROCCAS: (THE_BOB, GIVE_POINTS),
}
"""The diagrams of each game's strategy page, in the order the page shows them."""


# ---------------------------------------------------------------------- the pack


@dataclass(frozen=True, slots=True)
class PackCard:
    code: str
    name: str


@dataclass(frozen=True, slots=True)
class SuitRow:
    """One suit's 14 cards from the highest to the lowest (rules.md 1.2)."""

    name: str
    kind: str
    cards: tuple[PackCard, ...]
    ranks: tuple[str, ...] = ()
    """The cards' ranks, high to low: "K", "Q", "N", "P", "10", ..."""

    @property
    def order(self) -> str:
        """The ranks from high to low in words: "King, Queen, Knight, Page, 10, 9, …"."""
        return ", ".join(say(RANK_NAMES.get(rank, rank)) for rank in self.ranks)


def pack_card(card: Card) -> PackCard:
    return PackCard(code(card), say(display_name(card)))


def trumps() -> list[PackCard]:
    """The 21 trumps, I (the Magician, the Pagat) up to XXI (the World)."""
    return [pack_card(trump(number)) for number in range(1, len(ROMAN) + 1)]


def fool() -> PackCard:
    return pack_card(FOOL)


FRENCH_SAMPLES = ("CU-K", "CO-Q", "SW-N", "ST-P", "CU-A", "T21", "FOOL")


def french_samples() -> list[PackCard]:
    """A few cards for the /cards page in the style "French suits": a court of each suit, an
    ace, a trump and the Fool, named as the game names them."""
    return [pack_card(parse(card_code)) for card_code in FRENCH_SAMPLES]


def suit_rows() -> list[SuitRow]:
    """The four suits in Trionfi's order (Cups, Coins, Swords, Staves), each high to low."""
    rows = []
    for suit in PLAIN_SUITS:
        cards = sorted((c for c in ALL_CARDS if SUIT_OF[c] is suit), key=lambda c: -STRENGTH[0][c])
        name = say(SUIT_NAMES[suit])
        ranks = tuple(RANKS[RANK_OF[c]] for c in cards)
        rows.append(SuitRow(name, suit_kind(suit), tuple(pack_card(c) for c in cards), ranks))
    return rows


def suit_kind(suit: Suit) -> str:
    return gettext("round suit, red") if suit in ROUND_SUITS else gettext("long suit, black")
