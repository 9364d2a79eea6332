"""What one seat knows about the cards it cannot see, read from its ``Observation`` only.

int tracking (every card played, the Bob's moves), voids (a seat that did not follow cannot
hold the suit led; one that also did not trump holds no trump), the Fool's deadline, shown
discards, Bob reveals, face-up cards and, in Danish Tarok, the declarations (rules.md 2.5):
which cards they name, how many trumps a seat was dealt, and which combinations a seat
cannot hold because it declared none. The sampler (``sampling.py``) deals the hidden cards
consistently with all of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from app.bots import declared
from app.bots.constants import FOOL, IS_TRUMP, PAGAT, SUIT_OF, TRUMPS, WORLD
from app.bots.declared import Forbidden
from app.engine.cards import PLAIN_SUITS, RANK_NAMES, RANKS, SUIT_NAMES, Suit, plain
from app.engine.deal import Trick
from app.engine.declarations import top_rank
from app.engine.observation import Observation
from app.engine.options import DANISH

KITTY: Final = -1
"""The holder id of the dealer's discard / kitty in the sampler's tables."""
SUIT_BY_NAME: Final = {name: suit for suit, name in SUIT_NAMES.items()}
RANK_BY_NAME: Final = {name: RANKS.index(short) for short, name in RANK_NAMES.items()}


@dataclass
class Knowledge:
    seat: int
    seats: int
    danish: bool
    """Which game's inferences apply: Danish Tarok's declarations, shown discard and Fool
    deadline, else the Troccas Bob's page and face-up cards."""
    chicks: bool
    hand: list[int]
    played: set[int] = field(default_factory=set)
    """Cards out of play: played to tricks (and not given back by a Bob), visible discards."""
    known: dict[int, set[int]] = field(default_factory=dict)
    """Cards known to be in a seat's holding now (or in the kitty, ``KITTY``)."""
    excluded: dict[int, set[int]] = field(default_factory=dict)
    """Cards a holder certainly does not hold (the I declared absent, a missing court ...)."""
    void: dict[int, set[int]] = field(default_factory=dict)
    """Suits (0-4) a seat cannot hold among its hidden cards."""
    sizes: dict[int, int] = field(default_factory=dict)
    """How many cards each holder (other seats, and a hidden ``KITTY``) holds now."""
    played_by: dict[int, list[int]] = field(default_factory=dict)
    trump_count: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Danish: (min, max) trumps, the Fool included, in a seat's kept holding (2.5)."""
    forbidden: dict[int, list[Forbidden]] = field(default_factory=dict)
    hidden: list[int] = field(default_factory=list)
    """Cards whose place this seat does not know."""

    @property
    def holders(self) -> list[int]:
        return [h for h in self.sizes if self.sizes[h] > 0]

    def capacity(self, holder: int) -> int:
        return self.sizes[holder] - len(self.known[holder])

    def may_hold(self, holder: int, card: int) -> bool:
        """Whether a hidden card may lie with ``holder`` (voids, exclusions)."""
        if card in self.excluded[holder]:
            return False
        suit = int(SUIT_OF[card])
        return suit == int(Suit.NONE) or suit not in self.void[holder]

    def unseen_of_suit(self, suit: int) -> int:
        """Cards of ``suit`` not in my hand and not out of play."""
        return sum(1 for c in self.hidden if int(SUIT_OF[c]) == suit) + sum(
            1
            for holder, cards in self.known.items()
            if holder != KITTY
            for c in cards
            if int(SUIT_OF[c]) == suit
        )

    def location(self, card: int) -> int | None:
        """The holder a card is known to lie with, if any."""
        for holder, cards in self.known.items():
            if card in cards:
                return holder
        return None


def read(obs: Observation, see_all: bool = False) -> Knowledge:
    """Everything ``obs.seat`` can infer about the hidden cards."""
    seats = obs.seat_count
    know = Knowledge(
        seat=obs.seat,
        seats=seats,
        danish=obs.game == DANISH,
        chicks=obs.options.chicks_rule,
        hand=list(obs.hand),
    )
    others = [s for s in range(seats) if s != obs.seat]
    for holder in [*others, KITTY]:
        know.known[holder] = set()
        know.excluded[holder] = set()
        know.void[holder] = set()
        know.forbidden[holder] = []
        know.played_by[holder] = []
    for seat in others:
        know.sizes[seat] = obs.hand_sizes[seat]
    _read_discard(know, obs)
    _read_tricks(know, obs)
    if know.danish:
        declared.read_declarations(know, obs)
    else:
        _read_face_up(know, obs)
    if see_all and obs.all_hands is not None:
        for seat in others:
            know.known[seat] = set(obs.all_hands[seat])
    _settle_hidden(know)
    return know


def _read_discard(know: Knowledge, obs: Observation) -> None:
    know.sizes[KITTY] = 0
    if obs.discard is not None:
        know.played.update(obs.discard)
        if know.danish and obs.seat != obs.dealer:
            declared.discard_breaks_no_combination(know, obs.dealer, obs.discard)
        return
    if not obs.discard_made:
        return
    know.sizes[KITTY] = obs.discard_size
    excluded = know.excluded[KITTY]
    excluded.update({FOOL, PAGAT, WORLD})
    excluded.update(plain(suit, top_rank(know.chicks)) for suit in PLAIN_SUITS)
    if know.danish and not obs.options.traditional_skat_restrictions:
        know.void[KITTY].add(TRUMPS)


def _read_tricks(know: Knowledge, obs: Observation) -> None:
    bobs = {bob.trick: bob for bob in obs.bobs}
    for trick in obs.tricks:
        _read_plays(know, obs, trick.leader, trick.cards, trick.named, trick.number)
        bob = bobs.get(trick.number)
        if bob is None:
            _page_in_kitty(know, obs, trick)
        elif bob.revealed is not None and bob.revealed != obs.seat:
            page = plain(bob.suit, 3)
            if page not in know.played:
                know.known[bob.revealed].add(page)
        elif bob.page is not None and bob.returned is not None and bob.source is not None:
            know.played.add(bob.page)
            for cards in know.known.values():
                cards.discard(bob.page)
            know.played.discard(bob.returned)
            if bob.source != obs.seat:
                know.known[bob.source].add(bob.returned)
    if obs.trick:
        _read_plays(know, obs, obs.leader, obs.trick, obs.named, obs.trick_number)


def _read_plays(
    know: Knowledge,
    obs: Observation,
    leader: int,
    cards: tuple[int, ...],
    named: Suit | None,
    number: int,
) -> None:
    seats = obs.seat_count
    for position, card in enumerate(cards):
        seat = (leader + position) % seats
        know.played.add(card)
        if seat == obs.seat:
            continue
        know.known[seat].discard(card)
        know.played_by[seat].append(card)
        if card != FOOL and _fool_was_due(obs, number):
            know.excluded[seat].add(FOOL)
        led = _led(cards[:position], named)
        if led is None or card == FOOL or int(SUIT_OF[card]) == led:
            continue
        know.void[seat].add(led)
        if not IS_TRUMP[card]:
            know.void[seat].add(TRUMPS)
            if obs.options.fool_is_last_trump:
                know.excluded[seat].add(FOOL)


def _led(cards: tuple[int, ...], named: Suit | None) -> int | None:
    if not cards:
        return None
    if cards[0] != FOOL:
        return int(SUIT_OF[cards[0]])
    if named is not None:
        return int(named)
    return int(SUIT_OF[cards[1]]) if len(cards) > 1 else None


def _fool_was_due(obs: Observation, number: int) -> bool:
    """Whether trick ``number`` is the one where the Fool's holder had to play it (Danish
    trick 23, with the seed's timing or once demanded: the engine says which, rules.md 2.7)."""
    return number == obs.rules.fool_due_in(obs.options, obs.fool_demanded)


def _page_in_kitty(know: Knowledge, obs: Observation, trick: Trick) -> None:
    """Troccas: the first trick of a suit won by its King without the page in it and without a
    Bob means the page is in no holding: it lies in the kitty (rules.md 3.5)."""
    if know.danish or obs.options.manual_bob or know.sizes.get(KITTY, 0) == 0:
        return
    cards = trick.cards
    suit = SUIT_OF[cards[1]] if cards[0] == FOOL else SUIT_OF[cards[0]]
    if suit not in PLAIN_SUITS:
        return
    earlier = [t for t in obs.tricks if t.number < trick.number]
    if any(
        (SUIT_OF[t.cards[1]] if t.cards[0] == FOOL else SUIT_OF[t.cards[0]]) == suit
        for t in earlier
    ):
        return
    winning = cards[(trick.winner - trick.leader) % obs.seat_count]
    page = plain(suit, 3)
    if winning != plain(suit, top_rank(know.chicks)) or page in know.played:
        return
    if page not in know.hand:
        know.known[KITTY].add(page)


def _read_face_up(know: Knowledge, obs: Observation) -> None:
    if obs.face_up is None:
        return
    once_played = {c for trick in obs.tricks for c in trick.cards} | set(obs.trick)
    for seat, card in enumerate(obs.face_up):
        if card is None or seat == obs.seat or card in once_played:
            continue
        if seat == obs.dealer and know.sizes[KITTY]:
            for other in know.known:
                if other not in (seat, KITTY):
                    know.excluded[other].add(card)
        else:
            know.known[seat].add(card)


def _settle_hidden(know: Knowledge) -> None:
    """The hidden pool: every card not in my hand, out of play or known to lie somewhere."""
    placed = set(know.hand) | know.played
    for cards in know.known.values():
        cards.difference_update(know.hand)
        cards.difference_update(know.played)
        placed |= cards
    know.hidden = [c for c in range(78) if c not in placed]
