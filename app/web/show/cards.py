"""Cards as the pages show them: a face the viewer may see, where it lies, what it may do.

Every card here comes from an ``Observation`` (the viewer's hand, the cards on the table, a
discard the rules show), so a page cannot hold a card its viewer may not see (design.md 1.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import SUIT_CODES, Card, Suit, code, display_name
from app.i18n import N_, gettext
from app.web.http.words import say

POSITIONS: dict[int, tuple[str, ...]] = {
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
}
"""Where each seat sits on the viewer's screen, from the viewer's own seat on."""
NAMEABLE_SUITS: tuple[tuple[str, str], ...] = (
    ("CU", N_("Cups")),
    ("CO", N_("Coins")),
    ("SW", N_("Swords")),
    ("ST", N_("Staves")),
    ("T", N_("Trumps")),
)
"""What a led Fool may stand for (rules.md 2.7c), with the buttons' names (design.md 1.6), in
English: they are said in the reader's language where they are shown."""


@dataclass(frozen=True, slots=True)
class CardView:
    code: str
    name: str
    seat: int | None = None
    position: str = ""
    legal: bool = False
    pressed: bool = False
    hinted: bool = False
    winner: bool = False
    why: str = ""
    """Why a card of the hand may not be played now ("You must follow Cups."); "" if it may."""
    why_id: str = ""
    """The id of the page's note that says ``why`` (one note per reason)."""


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    cards: tuple[CardView, ...]
    finished: bool
    winner: int | None = None
    winner_name: str = ""
    named: str | None = None
    why: str = ""
    """Why the winner won a finished trick ("trumped", "highest Cups")."""


def card_view(
    card: Card,
    seat: int | None = None,
    *,
    viewer: int = 0,
    seats: int = 3,
    legal: bool = False,
    pressed: bool = False,
    hinted: bool = False,
    winner: bool = False,
) -> CardView:
    position = ""
    if seat is not None:
        position = POSITIONS[seats][(seat - viewer) % seats]
    name = say(display_name(card))  # the card in the reader's language
    return CardView(code(card), name, seat, position, legal, pressed, hinted, winner)


def named_suit(suit: Suit | None) -> str | None:
    """The name of the suit a led Fool stands for, as its button says it (in the reader's
    language); None if none."""
    if suit is None:
        return None
    label = dict(NAMEABLE_SUITS).get(SUIT_CODES.get(suit, ""))
    return None if label is None else gettext(label)
