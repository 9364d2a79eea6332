"""One deal of a tarot trick-taking game: the state and the rules both games share.

``Deal`` owns the phases (discard, play, over and each game's own decisions), the holdings,
tricks, piles and the books. A game subclasses it and fills in the few rules that differ
(scalachess's variants): the discard's legality, what a led Fool means, payments after a trick,
and the settlement. Every action goes through ``apply``, which checks it first, so a refused
action changes nothing.

With the option ``trumpless_redeal`` (rules.md 2.3a) the deal starts by asking each player
dealt no trump whether they ask for a new deal (``AskRedeal``); a demand ends the deal at once
as void (``redealt_by``): nobody pays anything in it, and the same dealer deals again.

A take back (``TakeBack``, against the computer) undoes a seat's last card play and every
action after it. The engine is deterministic, so the deal is simply rebuilt from its cards
with the actions before that play: the state, the legal cards and every seat's observation
are exactly those before the play. ``history`` holds the actions that stand; ``log`` holds
every entry in order, take backs and what they undid included (the hand record).
"""

from __future__ import annotations

import copy as _copy
from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Self

from app.engine.actions import (
    Action,
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    Entry,
    IllegalAction,
    PlayCard,
    TakeBack,
)
from app.engine.cards import (
    FOOL,
    IS_TRUMP,
    STRENGTH,
    SUIT_NAMES,
    SUIT_OF,
    VALUE,
    Card,
    Suit,
    display_name,
)
from app.engine.ledger import Books
from app.engine.options import Options
from app.engine.phrases import N_, Phrase
from app.engine.winning import led_suit

if TYPE_CHECKING:
    from app.engine.declarations import Declaration
    from app.engine.troccas import Bob


class Phase(StrEnum):
    REDEAL = "redeal"
    CHICKS = "chicks"
    DISCARD = "discard"
    DEMAND_FOOL = "demand_fool"
    PLAY = "play"
    BOB = "bob"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TeamCount:
    """A partnership's count in a game of fixed partnerships (rules.md 3.6): the partners'
    seats, their count together, and the result each partner is settled (count minus par)."""

    seats: tuple[int, ...]
    count: int
    result: int

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "count": self.count, "result": self.result}


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its cards in playing order from the leader."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    named: Suit | None = None
    order: tuple[int, ...] = ()
    """The seats in playing order from the leader where a seat sits out the deal (Danish
    Tarok for four, rules.md 2.17); empty where every seat plays (then they go round)."""

    def seat_of(self, index: int, seats: int) -> int:
        if self.order:
            return self.order[index]
        return (self.leader + index) % seats

    def index_of(self, seat: int, seats: int) -> int:
        """Where in the trick ``seat`` played (the inverse of ``seat_of``)."""
        if self.order:
            return self.order.index(seat)
        return (seat - self.leader) % seats


PHASE_NAMES: dict[Phase, Phrase] = {
    Phase.REDEAL: Phrase(N_("redeal")),
    Phase.CHICKS: Phrase(N_("chicks")),
    Phase.DISCARD: Phrase(N_("discard")),
    Phase.PLAY: Phrase(N_("play")),
    Phase.DEMAND_FOOL: Phrase(N_("demand fool")),
    Phase.BOB: Phrase(N_("bob")),
    Phase.OVER: Phrase(N_("over")),
}
"""A phase as the refusal "the deal waits for ..." names it (its value, spaced)."""

_EXPECTED_ACTION: dict[Phase, type] = {
    Phase.REDEAL: AskRedeal,
    Phase.CHICKS: ChooseChicks,
    Phase.DISCARD: Discard,
    Phase.PLAY: PlayCard,
    Phase.DEMAND_FOOL: DemandFool,
    Phase.BOB: CallBob,
}


_SUIT_BOUNDS: dict[Suit, tuple[int, int]] = {
    Suit.CUPS: (0, 14),
    Suit.COINS: (14, 28),
    Suit.SWORDS: (28, 42),
    Suit.STAVES: (42, 56),
    Suit.TRUMPS: (56, 77),
}


def _cards_of_suit(hand: list[Card], suit: Suit) -> list[Card]:
    """The cards of ``suit`` in a holding kept sorted by card number (suits are contiguous)."""
    low, high = _SUIT_BOUNDS[suit]
    return hand[bisect_left(hand, low) : bisect_left(hand, high)]


class Deal(ABC):
    """The state of one deal and the shared rules of trick play."""

    game: ClassVar[str]
    seat_count: ClassVar[int]
    trick_count: ClassVar[int]
    discard_size: ClassVar[int]
    discard_name: ClassVar[str] = "discard"
    """What the game calls the cards the dealer lays away: ``discard`` or ``kitty``."""
    partnerships: ClassVar[tuple[tuple[int, ...], ...]] = ()
    """Fixed partnerships, as seats (rules.md 3.1); empty where each plays for themself."""
    par: ClassVar[int] = 0
    """What a partnership must count to break even (rules.md 3.6); 0 without partnerships."""
    fixed_options: ClassVar[tuple[str, ...]] = ()
    """Options that stay as they are for the whole match once its first deal is dealt."""
    led_fool_names_suit: ClassVar[bool] = False
    """Whether a Fool led (before the last trick) names the suit it stands for (rules.md 2.7c)."""
    has_nolo: ClassVar[bool] = False
    """Whether a player may try to win no trick at all, No Tricks (Nolo, rules.md 2.10)."""

    # ----------------------------------------------------------------- the game's rules

    @classmethod
    def names_suit(cls, card: Card, trick_number: int, leading: bool) -> bool:
        """Whether playing ``card`` (to trick ``trick_number``, as its lead or not) names the
        suit it stands for (rules.md 2.7c: a Fool led before the last trick in Danish Tarok)."""
        return False

    @classmethod
    def fool_due_in(cls, options: Options, fool_demanded: bool) -> int | None:
        """The trick in which whoever still holds the Fool must play it (rules.md 2.7): None
        where the rules set no such trick."""
        return None

    @classmethod
    def players_of(cls, dealer: int) -> tuple[int, ...]:
        """The seats that play a deal ``dealer`` deals, in playing order: every seat, unless
        one sits out (Danish Tarok for four, rules.md 2.17)."""
        return tuple(range(cls.seat_count))

    @classmethod
    def team_counts(cls, counts: list[int] | tuple[int, ...]) -> tuple[TeamCount, ...]:
        """Each partnership's count and result from the seats' counts (rules.md 3.6); empty in
        a game without partnerships."""
        teams = []
        for seats in cls.partnerships:
            count = sum(counts[seat] for seat in seats)
            teams.append(TeamCount(seats, count, count - cls.par))
        return tuple(teams)

    @classmethod
    def partner_of(cls, seat: int) -> int | None:
        """The seat's partner in a game of fixed partnerships; None where there is none."""
        for seats in cls.partnerships:
            if seat in seats:
                return next((other for other in seats if other != seat), None)
        return None

    def __init__(
        self,
        dealt: list[list[Card]],
        talon: list[Card],
        dealer: int,
        options: Options,
        books: Books,
        before: Books | None,
    ) -> None:
        self.table_options = options
        """The options the deal was dealt with (its record's); ``options`` is what this deal
        plays, the Chicks rule as chosen after the deal included."""
        self.options = options
        self._set_chicks(options.chicks_rule)
        self.dealer = dealer
        self.players = self.players_of(dealer)
        """The seats that play this deal, in seat order (all but one that sits out)."""
        self.dealt = tuple(tuple(cards) for cards in dealt)
        self.talon = tuple(talon)
        self.holdings: list[list[Card]] = [sorted(cards) for cards in dealt]
        self.holdings[dealer] = sorted(self.holdings[dealer] + list(talon))
        self.books = books
        self.before = before.copy() if before is not None else None
        """The balances and pots when the deal started (None: the first deal of a match)."""
        self.phase = Phase.DISCARD
        self.turn = dealer
        self.discarded: tuple[Card, ...] = ()
        self.tricks: list[Trick] = []
        self.trick: list[Card] = []
        self.leader = self.next_seat(dealer)
        self.named: Suit | None = None
        self.led: Suit | None = None
        self.won = [0] * self.seat_count
        self.piles: list[list[Card]] = [[] for _ in range(self.seat_count)]
        self.history: list[Action] = []
        """The actions that stand, in order: the deal is its cards and these."""
        self.log: list[Entry] = []
        """Every entry applied, in order: ``history`` plus the take backs and what they undid."""
        self.counts: list[int] | None = None
        self._legal: tuple[Card, ...] | None = None
        """The legal cards of the current decision, computed once (bots ask often)."""
        if options.chicks_after_deal:
            self.phase = Phase.CHICKS
            self.turn = self.chicks_chooser
        self.redealt_by: int | None = None
        """The player who asked for a new deal (rules.md 2.3a): the deal is then void."""
        self.redeal_askers: list[int] = []
        """The players still to be asked whether they ask for a new deal, in order."""
        if options.trumpless_redeal:
            self.redeal_askers = self.trumpless_players()
            if self.redeal_askers:
                self.phase = Phase.REDEAL
                self.turn = self.redeal_askers[0]

    def trumpless_players(self) -> list[int]:
        """The players dealt no trump, the Fool not counting (the dealer's cards with the
        talon's), in playing order from the forehand (rules.md 2.3a)."""
        return [
            seat
            for seat in self.order_from(self.next_seat(self.dealer))
            if not any(IS_TRUMP[card] for card in self.dealt_to(seat))
        ]

    def dealt_to(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt: the dealer's with the talon's (28 in Danish Tarok)."""
        if seat == self.dealer:
            return self.dealt[seat] + self.talon
        return self.dealt[seat]

    @property
    def chicks_chooser(self) -> int:
        """Who decides the Chicks rule after the deal (rules.md 2.14, 3.8): the forehand, who
        leads to the first trick. Not the dealer, who has seen the extra cards too."""
        return self.next_seat(self.dealer)

    def _set_chicks(self, chicks: bool) -> None:
        self.chicks = chicks
        self.strength = STRENGTH[chicks]
        self.value = VALUE[chicks]
        if self.options.chicks_rule != chicks:
            self.options = replace(self.options, chicks_rule=chicks)

    # ----------------------------------------------------------------- queries

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played or about to be led."""
        return len(self.tricks) + 1

    @property
    def sits_out(self) -> int | None:
        """The seat that sits out this deal (rules.md 2.17); None where every seat plays."""
        return next((s for s in range(self.seat_count) if s not in self.players), None)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def is_void(self) -> bool:
        """A player asked for a new deal (rules.md 2.3a): the deal ended before it began,
        nobody paid anything in it, and the same dealer deals again."""
        return self.redealt_by is not None

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (a seat that sits out is passed over)."""
        if len(self.players) == self.seat_count:
            return (seat + 1) % self.seat_count
        players = self.players
        return players[(players.index(seat) + 1) % len(players)]

    def order_from(self, seat: int) -> tuple[int, ...]:
        """The seats that play this deal, in playing order from ``seat``."""
        order = [seat]
        while len(order) < len(self.players):
            order.append(self.next_seat(order[-1]))
        return tuple(order)

    def seat_in_trick(self, index: int) -> int:
        if len(self.players) == self.seat_count:
            return (self.leader + index) % self.seat_count
        return self.order_from(self.leader)[index]

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play now (rules.md 2.6, 3.4)."""
        if self._legal is None:
            self._legal = tuple(self._compute_legal_cards())
        return self._legal

    def _compute_legal_cards(self) -> list[Card]:
        hand = self.holdings[self.turn]
        fool_rule = self._fool_rule(hand)
        if fool_rule == "only":
            return [FOOL]
        has_fool = FOOL in hand and fool_rule != "never"
        if fool_rule == "never":
            hand = [c for c in hand if c != FOOL]
        led = self.led
        if not self.trick or led is None:
            return list(hand)
        follow = _cards_of_suit(hand, led)
        if not follow and led is not Suit.TRUMPS:
            follow = _cards_of_suit(hand, Suit.TRUMPS)
        if follow:
            return [*follow, FOOL] if has_fool else follow
        if has_fool and self.options.fool_is_last_trump:
            return [FOOL]
        return list(hand)

    @abstractmethod
    def legal_discard_cards(self) -> list[Card]:
        """The cards that may be part of the dealer's discard."""

    def why_not_discard(self, card: Card) -> str | None:
        """Why ``card`` can be part of no discard the dealer may lay away now; None if it can
        (it is one of ``legal_discard_cards``)."""
        if card in self.legal_discard_cards():
            return None
        if card not in self.holdings[self.dealer]:
            return Phrase(N_("the dealer does not hold %(card)s"), card=display_name(card))
        return self._discard_refusal(card)

    def _discard_refusal(self, card: Card) -> str:
        """The rule that keeps a held ``card`` out of every discard."""
        return Phrase(N_("it cannot be laid away with the other cards"))

    # ----------------------------------------------------------------- what the table sees

    def visible_discard(self, seat: int | None) -> tuple[Card, ...] | None:
        """The discard as ``seat`` may see it (rules.md 2.4, 3.3); ``None``: an onlooker. The
        dealer sees it, and everyone once the deal is over."""
        if not self.discarded:
            return None
        if seat == self.dealer or self.is_over:
            return self.discarded
        return None

    def face_up_cards(self) -> tuple[Card | None, ...] | None:
        """Cards every seat sees in the others' holdings (the Troccas option); None if none."""
        return None

    def declarations_made(self) -> tuple[Declaration, ...]:
        """The declarations announced so far (rules.md 2.5)."""
        return ()

    def bobs_made(self) -> tuple[Bob, ...]:
        """The Bobs so far (rules.md 3.5)."""
        return ()

    def pot_sizes(self) -> tuple[int, int] | None:
        """The King and Pagat pots now, in a game that has pots."""
        return None

    @property
    def fool_was_demanded(self) -> bool:
        """Whether the Fool was demanded (traditional Fool timing, rules.md 2.7d)."""
        return False

    def trick_winner(self, cards: list[Card] | tuple[Card, ...], named: Suit | None) -> int:
        """Index in ``cards`` of the winning card (rules.md 2.8, 3.4 rule 7)."""
        strength = self.strength
        best = -1
        best_strength = -1
        for index, card in enumerate(cards):
            if IS_TRUMP[card] and strength[card] > best_strength:
                best, best_strength = index, strength[card]
        if best >= 0:
            return best
        plays = [c for c in cards if c != FOOL]
        suit = self._led_suit(cards, named)
        if suit is None or all(SUIT_OF[c] is not suit for c in plays):
            suit = SUIT_OF[plays[0]]
        for index, card in enumerate(cards):
            if SUIT_OF[card] is suit and strength[card] > best_strength:
                best, best_strength = index, strength[card]
        return best

    def count_of(self, seat: int) -> int:
        """Tricks won plus the values in the seat's pile, plus the discard for the dealer."""
        count = self.won[seat] + sum(self.value[c] for c in self.piles[seat])
        if seat == self.dealer:
            count += 1 + sum(self.value[c] for c in self.discarded)
        return count

    def copy(self) -> Self:
        """An independent copy, for simulations (cheaper than ``copy.deepcopy``)."""
        clone = _copy.copy(self)
        clone.holdings = [list(h) for h in self.holdings]
        clone.books = self.books.copy()
        clone.tricks = list(self.tricks)
        clone.trick = list(self.trick)
        clone.won = list(self.won)
        clone.piles = [list(p) for p in self.piles]
        clone.history = list(self.history)
        clone.log = list(self.log)
        clone.counts = list(self.counts) if self.counts is not None else None
        clone.redeal_askers = list(self.redeal_askers)
        self._copy_into(clone)
        return clone

    def _copy_into(self, clone: Deal) -> None:
        """Copy a game's own mutable fields into ``clone``."""

    # ----------------------------------------------------------------- actions

    def check(self, action: Entry) -> None:
        """Raise ``IllegalAction`` naming the rule if ``action`` is not allowed now."""
        if isinstance(action, TakeBack):
            self._check_take_back_of(action)
            return
        refusal = self._turn_refusal(type(action), action.seat)
        if refusal is not None:
            raise IllegalAction(refusal)
        if isinstance(action, PlayCard):
            self._check_play(action)
        elif isinstance(action, Discard):
            self._check_discard(action.cards)
        else:
            self._check_decision(action)

    def apply(self, action: Entry) -> None:
        """Check ``action`` and carry it out."""
        self.check(action)
        if isinstance(action, TakeBack):
            self._take_back(action)
            return
        self.log.append(action)
        self.history.append(action)
        self._legal = None
        if isinstance(action, PlayCard):
            self._play(action.card, action.name)
        elif isinstance(action, Discard):
            self._discard(action.cards)
        elif isinstance(action, ChooseChicks):
            self._choose_chicks(action.chicks)
        elif isinstance(action, AskRedeal):
            self._ask_redeal(action.redeal)
        else:
            self._decide(action)

    # ----------------------------------------------------------------- take backs

    def last_play_of(self, seat: int) -> int | None:
        """The index in ``history`` of the seat's last card play that stands; None if none."""
        for index in range(len(self.history) - 1, -1, -1):
            action = self.history[index]
            if isinstance(action, PlayCard) and action.seat == seat:
                return index
        return None

    def check_take_back(self, seat: int) -> Card:
        """The card ``seat`` would take back now; ``IllegalAction`` says why there is none.

        Allowed while the deal is not over, whoever is to act: the seat's last card play that
        stands goes back to its hand, and every action after it is undone. A second take back
        goes on to the play before, as far back as the seat's first card: each one is in the
        log, so nothing is hidden, and a limit would protect nobody (the others at a table
        where take backs are allowed are computers). A discard or a decision is never taken
        back on its own; one made after the card goes with it."""
        if not 0 <= seat < self.seat_count:
            raise IllegalAction(Phrase(N_("there is no seat %(seat)s"), seat=seat))
        if self.is_over:
            raise IllegalAction(
                Phrase(N_("the deal is over: its cards can no longer be taken back"))
            )
        index = self.last_play_of(seat)
        if index is None:
            raise IllegalAction(
                Phrase(N_("there is no card to take back: none played in this deal"))
            )
        action = self.history[index]
        assert isinstance(action, PlayCard)
        return action.card

    def _check_take_back_of(self, action: TakeBack) -> None:
        card = self.check_take_back(action.seat)
        if action.card != card:
            raise IllegalAction(
                Phrase(
                    N_("seat %(seat)s's last card is %(card)s, not %(other)s"),
                    seat=action.seat,
                    card=display_name(card),
                    other=display_name(action.card),
                )
            )

    def restarted(self) -> Self:
        """The same deal as dealt, before any action."""
        make: Callable[..., Self] = type(self)
        before = self.before.copy() if self.before is not None else None
        return make(
            [list(c) for c in self.dealt], list(self.talon), self.dealer, self.table_options, before
        )

    def _take_back(self, action: TakeBack) -> None:
        """Rebuild the deal with the actions before the seat's last card play (checked)."""
        index = self.last_play_of(action.seat)
        assert index is not None
        log = [*self.log, action]
        rebuilt = self.restarted()
        for kept in self.history[:index]:
            rebuilt.apply(kept)
        vars(self).update(vars(rebuilt))
        self.log = log

    def play(self, card: Card, name: Suit | None = None) -> None:
        """Shorthand: the seat to play plays ``card``."""
        self.apply(PlayCard(self.turn, card, name))

    def _turn_refusal(self, kind: type, seat: int) -> str | None:
        """Why no action of type ``kind`` by ``seat`` is allowed now, whatever it holds."""
        phase = self.phase
        if phase is Phase.OVER:
            return Phrase(N_("the deal is over"))
        if not 0 <= seat < self.seat_count:
            return Phrase(N_("there is no seat %(seat)s"), seat=seat)
        if kind is not _EXPECTED_ACTION[phase]:
            return Phrase(N_("the deal waits for %(phase)s"), phase=PHASE_NAMES[phase])
        if seat != self.turn:
            return Phrase(
                N_("it is seat %(turn)s's turn, not seat %(seat)s's"), turn=self.turn, seat=seat
            )
        return None

    def why_not_playable(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` may not play ``card`` now, in the words ``check`` refuses it with; None
        if it may (the card is one of ``legal_cards``; a led Fool still names its suit).

        The reasons (rules.md 2.6-2.7, 3.4): the deal is over or waits for another decision,
        it is another seat's turn, the seat does not hold the card, it must follow the suit
        led, it must trump having none of that suit, the Fool counts as its last trump, the
        Fool must be played now (Danish: by trick 23, or demanded) or may not be (trick 24).
        Nothing restricts an Ultimo card's play (2.9-2.10 only pay for it)."""
        refusal = self._turn_refusal(PlayCard, seat)
        if refusal is not None:
            return refusal
        return self._play_refusal(seat, card)

    def binding_rule(self, seat: int) -> str | None:
        """The rule that keeps ``seat`` from playing some card it holds now, as
        ``why_not_playable`` words it (a plain card's reason before the Fool's); None when it
        is not the seat's turn to play or it may play any card it holds."""
        if self._turn_refusal(PlayCard, seat) is not None:
            return None
        legal = self.legal_cards()
        barred = [card for card in self.holdings[seat] if card not in legal]
        if not barred:
            return None
        card = next((c for c in barred if c != FOOL), barred[0])
        return self._play_refusal(seat, card)

    def _check_play(self, action: PlayCard) -> None:
        refusal = self._play_refusal(action.seat, action.card)
        if refusal is not None:
            raise IllegalAction(refusal)
        if action.name is not None or action.card == FOOL:
            self._check_name(action)

    def _play_refusal(self, seat: int, card: Card) -> str | None:
        """Why the seat to play may not play ``card``; None if it may."""
        if card not in self.holdings[seat]:
            return Phrase(
                N_("seat %(seat)s does not hold %(card)s"), seat=seat, card=display_name(card)
            )
        if card in self.legal_cards():
            return None
        return self._why_not_playable(card)

    def _why_not_playable(self, card: Card) -> str:
        """The rule that bars a held ``card`` that is not one of ``legal_cards``."""
        hand = self.holdings[self.turn]
        rule = self._fool_rule(hand)
        if rule == "only":
            return self._fool_only_reason()
        if rule == "never" and card == FOOL:
            return self._fool_never_reason()
        led = self.led
        if led is not None and any(SUIT_OF[c] is led for c in hand):
            return Phrase(N_("must follow %(suit)s"), suit=SUIT_NAMES[led])
        trump = any(IS_TRUMP[c] for c in hand)
        if led is None:
            if trump:
                return Phrase(N_("must play a trump"))
            return Phrase(N_("must play the Fool as your last trump"))
        if trump:
            return Phrase(N_("must play a trump, having no %(suit)s"), suit=SUIT_NAMES[led])
        return Phrase(
            N_("must play the Fool as your last trump, having no %(suit)s"), suit=SUIT_NAMES[led]
        )

    def _check_name(self, action: PlayCard) -> None:
        if action.name is not None:
            raise IllegalAction(
                Phrase(N_("only a led Fool names a suit, and only in Danish Tarok"))
            )

    def _check_discard(self, cards: tuple[Card, ...]) -> None:
        size = self.discard_size
        if len(cards) != size or len(set(cards)) != size:
            raise IllegalAction(
                Phrase(N_("the dealer must lay away exactly %(size)s different cards"), size=size)
            )
        hand = self.holdings[self.dealer]
        for card in cards:
            if card not in hand:
                raise IllegalAction(
                    Phrase(N_("the dealer does not hold %(card)s"), card=display_name(card))
                )

    def _check_decision(self, action: CallBob | DemandFool | ChooseChicks | AskRedeal) -> None:
        """Yes/no decisions are always allowed when it is their phase and turn."""

    def _ask_redeal(self, redeal: bool) -> None:
        """A player dealt no trump asks for a new deal, or not (rules.md 2.3a). A demand ends
        the deal as void: the pots' founding or refill and the dealer's fee, which the deal
        opened with, are returned (the books are again as before it, with an empty ledger),
        and the match's same dealer deals again. Otherwise the next such player is asked,
        then the deal goes on."""
        seat = self.redeal_askers.pop(0)
        if redeal:
            self.redealt_by = seat
            self.redeal_askers.clear()
            before = self.before
            balances = list(before.balances) if before is not None else [0] * self.seat_count
            pots = dict(before.pots) if before is not None else dict.fromkeys(self.books.pots, 0)
            self.books = Books(balances, pots)
            self.phase = Phase.OVER
            self.turn = -1
        elif self.redeal_askers:
            self.turn = self.redeal_askers[0]
        elif self.table_options.chicks_after_deal:
            self.phase = Phase.CHICKS
            self.turn = self.chicks_chooser
        else:
            self.phase = Phase.DISCARD
            self.turn = self.dealer

    def _choose_chicks(self, chicks: bool) -> None:
        """The Chicks rule for this deal is decided; the dealer lays away next."""
        self._set_chicks(chicks)
        self.phase = Phase.DISCARD
        self.turn = self.dealer

    def _discard(self, cards: tuple[Card, ...]) -> None:
        hand = self.holdings[self.dealer]
        for card in cards:
            hand.remove(card)
        self.discarded = tuple(cards)
        self._after_discard()

    def _after_discard(self) -> None:
        self.phase = Phase.PLAY
        self.leader = self.turn = self.next_seat(self.dealer)

    def _play(self, card: Card, name: Suit | None) -> None:
        self.holdings[self.turn].remove(card)
        if not self.trick:
            self.leader = self.turn
            self.named = name
        trick = self.trick
        trick.append(card)
        if len(trick) <= 2:  # the second card can still set the suit after a led Fool
            self.led = self._led_suit(trick, self.named)
        if len(trick) == len(self.players):
            self._finish_trick()
        else:
            self.turn = self.next_seat(self.turn)

    def _finish_trick(self) -> None:
        cards = tuple(self.trick)
        winner = self.seat_in_trick(self.trick_winner(cards, self.named))
        number = self.trick_number
        order = self.order_from(self.leader) if len(self.players) < self.seat_count else ()
        trick = Trick(number, self.leader, cards, winner, self.named, order)
        self.tricks.append(trick)
        self.won[winner] += 1
        for index, card in enumerate(cards):
            owner = winner
            if card == FOOL and self._fool_returns(number):
                owner = trick.seat_of(index, self.seat_count)
            self.piles[owner].append(card)
        self.trick = []
        self.named = None
        self.led = None
        self.leader = self.turn = winner
        self._after_trick(trick)
        if number == self.trick_count:
            self.phase = Phase.OVER
            self.turn = -1
            self.counts = [self.count_of(seat) for seat in range(self.seat_count)]
            self._settle()

    # ------------------------------------------------------------ game hooks

    def _led_suit(self, cards: list[Card] | tuple[Card, ...], named: Suit | None) -> Suit | None:
        """The suit the others must follow; None while nothing sets it."""
        return led_suit(tuple(cards), named)

    def _fool_rule(self, hand: list[Card]) -> str | None:
        """``"only"`` when the Fool must be played now, ``"never"`` when it may not be."""
        return None

    def _fool_only_reason(self) -> str:
        return "the Fool must be played now"

    def _fool_never_reason(self) -> str:
        return "the Fool may not be played now"

    def _fool_returns(self, trick_number: int) -> bool:
        """Whether a Fool played to this trick goes back to its player's pile."""
        return True

    def _decide(self, action: Action) -> None:
        raise IllegalAction(Phrase(N_("no decision is pending")))

    def _after_trick(self, trick: Trick) -> None:
        """Payments or effects once a trick is complete (before the next lead)."""

    def _settle(self) -> None:
        """The end-of-deal settlement."""
