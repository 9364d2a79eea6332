"""Danish Tarok declarations read as knowledge of the hidden cards (rules.md 2.4, 2.5).

A trumps declaration fixes how many trumps (the Fool included) a seat kept and whether it has
the I; matadors, cavalries and kings name cards and show or deny the Fool; a combination a
seat did not declare is one its kept cards do not hold, and a shown discard's courts belong to
no combination of the dealer's cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.engine.cards import (
    FOOL,
    PAGAT,
    PLAIN_SUITS,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    WORLD,
    Suit,
    plain,
    trump,
)
from app.engine.declarations import Declaration, top_rank
from app.engine.observation import Observation

if TYPE_CHECKING:
    from app.bots.knowledge import Knowledge

SUIT_BY_NAME = {name: suit for suit, name in SUIT_NAMES.items()}
RANK_BY_NAME = {name: RANKS.index(short) for short, name in RANK_NAMES.items()}


@dataclass
class Forbidden:
    """A combination a seat's kept holding cannot contain (it would have been declared):
    at least ``need`` of ``cards``, and the Fool too when ``with_fool``."""

    cards: frozenset[int]
    need: int
    with_fool: bool


def discard_breaks_no_combination(know: Knowledge, dealer: int, discard: tuple[int, ...]) -> None:
    """A discarded court belonged to no combination of the dealer's 28 cards (rules.md 2.4):
    the kept cards do not complete its suit's courts, with or without the Fool."""
    for suit in PLAIN_SUITS:
        courts = {int(plain(suit, rank)) for rank in range(4)}
        laid = len(courts & set(discard))
        if not laid:
            continue
        rest = frozenset(courts - set(discard))
        know.forbidden[dealer].append(Forbidden(rest, 4 - laid, False))
        know.forbidden[dealer].append(Forbidden(rest, 3 - laid, True))


def read_declarations(know: Knowledge, obs: Observation) -> None:
    declared: dict[int, list[Declaration]] = {s: [] for s in range(obs.seat_count)}
    for declaration in obs.declarations:
        declared[declaration.seat].append(declaration)
    if not obs.discard_made:
        return
    for seat in range(obs.seat_count):
        if seat != obs.seat:
            _read_seat_declarations(know, seat, declared[seat])


def _read_seat_declarations(know: Knowledge, seat: int, found: list[Declaration]) -> None:
    kinds = {d.kind: d for d in found}
    top = top_rank(know.chicks)
    must: set[int] = set()
    trumps = kinds.get("trumps")
    if trumps is not None:
        count = 10 + (trumps.value - 10) // 5
        know.trump_count[seat] = (count, count)
        if "without" in trumps.detail:
            know.excluded[seat].add(PAGAT)
        else:
            must.add(PAGAT)
    else:
        know.trump_count[seat] = (0, 9)
    matadors = kinds.get("matadors")
    if matadors is not None:
        run = (matadors.value - 10) // 5
        must.update({FOOL, PAGAT, WORLD, *(trump(20 - i) for i in range(run))})
        if 20 - run >= 2:
            know.excluded[seat].add(trump(20 - run))
    else:
        know.forbidden[seat].append(Forbidden(frozenset({FOOL, PAGAT, WORLD}), 3, False))
    has_fool = _read_courts(know, seat, found, must, top)
    if has_fool is True:
        must.add(FOOL)
    elif has_fool is False:
        know.excluded[seat].add(FOOL)
    for card in must:
        if card not in know.played and card not in know.hand:
            know.known[seat].add(card)


def _read_courts(
    know: Knowledge, seat: int, found: list[Declaration], must: set[int], top: int
) -> bool | None:
    """Cavalry and kings declarations; returns whether they show the Fool (None: silent)."""
    has_fool: bool | None = None
    cavalry_suits: set[Suit] = set()
    kings_declared = False
    for declaration in found:
        kind = declaration.kind
        if kind.endswith("cavalry"):
            suit = SUIT_BY_NAME[declaration.detail.split(",")[0]]
            cavalry_suits.add(suit)
            courts = {plain(suit, rank) for rank in range(4)}
            if kind == "half-cavalry":
                missing = plain(suit, RANK_BY_NAME[declaration.detail.split()[-1]])
                courts.discard(missing)
                know.excluded[seat].add(missing)
            must.update(courts)
            has_fool = kind != "full-cavalry"
        elif kind.endswith("kings"):
            kings_declared = True
            tops = {plain(suit, top) for suit in PLAIN_SUITS}
            if kind == "half-kings":
                missing = plain(SUIT_BY_NAME[declaration.detail.split()[-1]], top)
                tops.discard(missing)
                know.excluded[seat].add(missing)
            must.update(tops)
            has_fool = kind != "full-kings"
    for suit in PLAIN_SUITS:
        if suit not in cavalry_suits:
            court_set = frozenset(int(plain(suit, rank)) for rank in range(4))
            know.forbidden[seat].append(Forbidden(court_set, 4, False))
            know.forbidden[seat].append(Forbidden(court_set, 3, True))
    if not kings_declared:
        top_set = frozenset(int(plain(suit, top)) for suit in PLAIN_SUITS)
        know.forbidden[seat].append(Forbidden(top_set, 4, False))
        know.forbidden[seat].append(Forbidden(top_set, 3, True))
    return has_fool
