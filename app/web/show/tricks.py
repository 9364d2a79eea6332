"""The "Tricks of this deal" panel: every finished trick and the cards played so far by suit.

Built from the viewer's observation only: the finished tricks and the cards on the table are
public, so the panel holds nothing else (never a hand, never the dealer's hidden discard). The
winner of each trick comes with the rule that made it win (``app.engine.winning``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.engine.cards import (
    FOOL,
    PLAIN_SUITS,
    RANK_NAMES,
    RANK_OF,
    RANKS,
    STRENGTH,
    SUIT_CODES,
    SUIT_NAMES,
    SUIT_OF,
    TRUMP_NUMBER,
    Card,
    Suit,
    code,
    display_name,
)
from app.engine.deal import Trick
from app.engine.observation import Observation
from app.engine.winning import why_won
from app.i18n import current_language, gettext
from app.web.http.words import say


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of a finished trick, with who played it."""

    code: str
    name: str
    seat: int
    player: str
    winner: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    number: int
    leader: int
    leader_name: str
    cards: tuple[PlayedCard, ...]
    winner: int
    winner_name: str
    why: str
    """Why the winner won: "trumped", "highest Cups; the Fool does not win"."""
    named: str
    """The suit a led Fool named, or ""."""

    def won_by(self, viewer: int | None) -> str:
        """ "You win" / "Right wins", the way the table's badge says it."""
        if self.winner == viewer:
            return gettext("%(seat)s win") % {"seat": self.winner_name}
        return gettext("%(seat)s wins") % {"seat": self.winner_name}


@dataclass(frozen=True, slots=True)
class SuitGroup:
    """The cards of one suit (trumps, the Fool, a plain suit) played so far."""

    key: str
    label: str
    ranks: tuple[str, ...]
    """Short names, highest first: "King", "10", "Ace"; "21" for a trump."""
    size: int

    @property
    def summary(self) -> str:
        if self.key == "FOOL":
            return gettext("played") if self.ranks else gettext("not yet played")
        return gettext("%(played)d of %(size)d") % {"played": len(self.ranks), "size": self.size}


@dataclass(frozen=True, slots=True)
class TricksPanel:
    rows: tuple[TrickRow, ...]
    """Newest first: on a phone the latest trick is the first thing in the panel."""
    played: tuple[SuitGroup, ...]
    count: int
    """How many cards have been played so far (the open trick's included)."""


def win_reason(trick: Trick, chicks: bool) -> str:
    """The phrase next to a trick's winner."""
    return say(why_won(trick.cards, trick.named, chicks).text())


def tricks_panel(obs: Observation, names: Sequence[str]) -> TricksPanel:
    """The panel as the seat of ``obs`` may see it, with seats named as in ``names``."""
    chicks = obs.options.chicks_rule
    said = tuple(names)
    language = current_language()
    rows = tuple(
        _known_row(language, trick, obs.seat_count, said, chicks) for trick in reversed(obs.tricks)
    )
    cards = [card for trick in obs.tricks for card in trick.cards] + list(obs.trick)
    return TricksPanel(rows, _played_by_suit(cards, chicks), len(cards))


ROWS_KEPT = 4096
"""Finished tricks' rows kept (a finished trick never changes: each answer that shows the
panel builds only the rows it has not built before)."""


@lru_cache(maxsize=ROWS_KEPT)
def _known_row(
    language: str, trick: Trick, seats: int, names: tuple[str, ...], chicks: bool
) -> TrickRow:
    """``_row``, kept per language (its words are the current language's)."""
    return _row(trick, seats, names, chicks)


def _row(trick: Trick, seats: int, names: Sequence[str], chicks: bool) -> TrickRow:
    cards = tuple(
        PlayedCard(
            code(card),
            say(display_name(card)),
            trick.seat_of(index, seats),
            names[trick.seat_of(index, seats)],
            trick.seat_of(index, seats) == trick.winner,
        )
        for index, card in enumerate(trick.cards)
    )
    named = say(SUIT_NAMES[trick.named]) if trick.named is not None else ""
    return TrickRow(
        number=trick.number,
        leader=trick.leader,
        leader_name=names[trick.leader],
        cards=cards,
        winner=trick.winner,
        winner_name=names[trick.winner],
        why=win_reason(trick, chicks),
        named=named,
    )


def _played_by_suit(cards: Iterable[Card], chicks: bool) -> tuple[SuitGroup, ...]:
    """Trumps, the Fool, then Cups, Coins, Swords and Staves; each highest card first."""
    strength = STRENGTH[chicks]
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(SUIT_OF[card], []).append(card)

    def ranks(suit: Suit) -> tuple[str, ...]:
        ordered = sorted(by_suit.get(suit, []), key=lambda c: -strength[c])
        return tuple(_short_name(card) for card in ordered)

    groups = [SuitGroup("T", gettext("Trumps"), ranks(Suit.TRUMPS), 21)]
    groups.append(SuitGroup("FOOL", gettext("Fool"), ranks(Suit.NONE), 1))
    for suit in PLAIN_SUITS:
        groups.append(SuitGroup(SUIT_CODES[suit], say(SUIT_NAMES[suit]), ranks(suit), 14))
    return tuple(groups)


def _short_name(card: Card) -> str:
    if card == FOOL:
        return gettext("The Fool")
    number = TRUMP_NUMBER[card]
    if number:
        return str(number)
    rank = RANKS[RANK_OF[card]]
    return say(RANK_NAMES.get(rank, rank))
