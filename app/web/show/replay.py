"""Replays of finished deals: a deal stepped through move by move, every hand face up.

A replay is built from a hand record (``trionfi-hand/1``) through the engine: the record is
replayed from the cards dealt, one action at a time, and step ``k`` is the deal after its first
``k`` actions (step 0: as dealt). Only a finished deal is ever shown: every card of it is
public by then (rules.md: the discard and the hands are shown once the deal is over), whereas a
deal in progress would show the hands still being played. A record that is not over is refused
(``Unfinished``), whether it comes from a table or an upload.

Uploaded records are kept for the viewing only (``app.web.storage.uploads``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.engine.actions import (
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    PlayCard,
    TakeBack,
)
from app.engine.cards import SUIT_NAMES, Card, code, display_name, sorted_cards
from app.engine.deal import Deal
from app.engine.observation import observe
from app.engine.record import HandRecord, parse_record, replay, start
from app.i18n import N_, current_language, gettext
from app.web.http.words import say
from app.web.show.cards import CardView
from app.web.show.events import (
    Names,
    bob_text,
    declaration_text,
    payment_lines,
    redeal_events,
    step_events,
)
from app.web.show.summary import LedgerRow, ledger_row
from app.web.show.timeline import SPECTATOR


class Unfinished(ValueError):
    """A record whose deal is not over: the viewer never shows one."""


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    hand: list[CardView]
    tricks_won: int
    is_dealer: bool
    to_act: bool


@dataclass(frozen=True, slots=True)
class TrickCard:
    seat: int
    name: str
    card: CardView
    wins: bool


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    cards: list[TrickCard]
    winner: str | None
    """The winner's name once the trick is complete."""
    named: str | None


@dataclass(frozen=True, slots=True)
class Move:
    """One step of the move list: its number, a short label and the trick it belongs to."""

    step: int
    label: str
    trick: int | None


@dataclass(frozen=True, slots=True)
class Frame:
    """The deal at one step, as the viewer draws it."""

    step: int
    last: int
    said: list[str]
    """What this step did, in the words of the table's log."""
    seats: list[SeatView]
    trick: TrickView | None
    discard: list[CardView]
    discard_label: str
    declarations: list[tuple[str, str, int]]
    bobs: list[str]
    ledger: list[LedgerRow]
    balances: list[tuple[str, int, int]]
    """(name, change in this deal so far, balance) per seat."""
    pots: list[tuple[str, int]]
    counts: list[tuple[str, int]] | None
    """Each seat's count, once the last trick is played."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished deal, ready to be shown at any step."""

    record: HandRecord
    names: Names
    moves: list[Move]
    texts: list[list[str]]
    """What each step said, by step."""

    @property
    def last(self) -> int:
        return len(self.record.actions)

    @property
    def game_name(self) -> str:
        return gettext(self.record.game.name)

    def frame(self, step: int) -> Frame:
        """The deal after its first ``step`` actions (0 <= step <= last)."""
        deal = start(self.record)
        tricks_before = 0
        for action in self.record.actions[:step]:
            tricks_before = len(deal.tricks)
            deal.apply(action)
        trick = _trick_view(deal, self.names, just_finished=len(deal.tricks) > tricks_before)
        name = self.record.game.discard_name
        return Frame(
            step=step,
            last=self.last,
            said=self.texts[step],
            seats=self._seats(deal),
            trick=trick,
            discard=_cards(deal.discarded),
            discard_label=gettext(DISCARD_LABELS.get(name, name.capitalize())),
            declarations=self._declarations(deal),
            bobs=[bob_text(bob, self.names) for bob in deal.bobs_made()],
            ledger=[ledger_row(entry, self.names) for entry in deal.books.ledger],
            balances=self._balances(deal),
            pots=self._pots(deal),
            counts=self._counts(deal),
        )

    def _seats(self, deal: Deal) -> list[SeatView]:
        return [
            SeatView(
                seat,
                self.names.subject(seat),
                _cards(sorted_cards(deal.holdings[seat])),
                deal.won[seat],
                seat == deal.dealer,
                seat == deal.turn,
            )
            for seat in range(deal.seat_count)
        ]

    def _declarations(self, deal: Deal) -> list[tuple[str, str, int]]:
        declared = deal.declarations_made()
        chicks = deal.options.chicks_rule
        return [
            (self.names.subject(d.seat), declaration_text(d, chicks), d.value) for d in declared
        ]

    def _balances(self, deal: Deal) -> list[tuple[str, int, int]]:
        before = self.record.before.balances if self.record.before else [0] * deal.seat_count
        return [
            (self.names.subject(seat), balance - before[seat], balance)
            for seat, balance in enumerate(deal.books.balances)
        ]

    def _pots(self, deal: Deal) -> list[tuple[str, int]]:
        pots = deal.pot_sizes()
        if pots is None:
            return []
        king = gettext("Queen pot") if deal.options.chicks_rule else gettext("King pot")
        return [(king, pots[0]), (gettext("Pagat pot"), pots[1])]

    def _counts(self, deal: Deal) -> list[tuple[str, int]] | None:
        if deal.counts is None:
            return None
        return [(self.names.subject(seat), count) for seat, count in enumerate(deal.counts)]


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[CardView]:
    return [CardView(code(card), say(display_name(card))) for card in cards]


def _trick_view(deal: Deal, names: Names, just_finished: bool) -> TrickView | None:
    """The trick on the table: the one being played, or the one this step completed."""
    if deal.trick:
        leader, cards, winner, named = deal.leader, tuple(deal.trick), None, deal.named
        number = len(deal.tricks) + 1
    elif just_finished and deal.tricks:
        done = deal.tricks[-1]
        leader, cards, winner, named = done.leader, done.cards, done.winner, done.named
        number = done.number
    else:
        return None
    order = deal.order_from(leader)  # a seat sitting out is passed over (rules.md 2.17)
    played = [
        TrickCard(
            order[index],
            names.subject(order[index]),
            CardView(code(card), say(display_name(card))),
            order[index] == winner,
        )
        for index, card in enumerate(cards)
    ]
    return TrickView(
        number,
        played,
        names.subject(winner) if winner is not None else None,
        say(SUIT_NAMES[named]) if named is not None else None,
    )


def build_replay(record: HandRecord, seat_names: list[str], deal_number: int | None) -> Replay:
    """The replay of a record whose actions the engine has accepted (``record.replay``).

    ``seat_names`` are the names the pages use for the seats; the one called "You" (if any)
    takes the plain verb ("You play", "Left plays"). Raises ``Unfinished`` if the deal is not
    over."""
    viewer = seat_names.index("You") if "You" in seat_names else SPECTATOR
    names = Names(seat_names, viewer, record.options.chicks_rule)
    deal = start(record)
    if deal_number is not None:
        own, other = N_("Deal %(number)s: You deal."), N_("Deal %(number)s: %(seat)s deals.")
    else:
        own, other = N_("The deal: You deal."), N_("The deal: %(seat)s deals.")
    dealt = names.tell(deal.dealer, own, other, number=deal_number or 0)
    texts = [[dealt, *payment_lines(list(deal.books.ledger), names)]]
    moves = [Move(0, gettext("Dealt"), None)]
    for step, action in enumerate(record.actions, start=1):
        before = observe(deal, deal.dealer)
        trick = len(deal.tricks) + 1
        deal.apply(action)
        after = observe(deal, deal.dealer)
        if isinstance(action, TakeBack):
            texts.append([take_back_text(action, names)])
            trick = len(deal.tricks) + 1  # listed with the trick it goes back to
        elif isinstance(action, AskRedeal):  # the deal is over: a decline is public now
            texts.append([e.text for e in redeal_events(action, deal.dealer, names, public=True)])
        else:
            texts.append([event.text for event in step_events(before, after, action, names)])
        in_trick = isinstance(action, PlayCard | TakeBack)
        moves.append(Move(step, _move_label(action, names), trick if in_trick else None))
    if not deal.is_over:
        raise Unfinished("the deal is not finished: only finished deals can be replayed")
    return Replay(record, names, moves, texts)


def replay_of(raw: dict[str, Any], seat_names: list[str], deal_number: int) -> Replay:
    """The replay of a table's finished deal from its record as saved (``BadRecord``,
    ``IllegalActionAt`` or ``Unfinished`` if it is not one), built once per record and names:
    a finished deal never changes, and stepping through it asks for it once a move."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    return _cached_replay(text, tuple(seat_names), deal_number, current_language())


@lru_cache(maxsize=32)
def _cached_replay(
    text: str, seat_names: tuple[str, ...], deal_number: int, language: str
) -> Replay:
    """``language``: the replay's words are the reader's, so each language has its own."""
    record = parse_record(json.loads(text))
    replay(record)
    return build_replay(record, list(seat_names), deal_number)


DISCARD_LABELS = {"kitty": N_("Kitty"), "discard": N_("Discard")}
"""The heading of the cards laid away, by the game's ``discard_name``."""


def take_back_text(action: TakeBack, names: Names) -> str:
    """What a take back says: "You take back 9 of Cups and the moves after it."."""
    return names.tell(
        action.seat,
        N_("You take back %(card)s and the moves after it."),
        N_("%(seat)s takes back %(card)s and the moves after it."),
        card=say(display_name(action.card)),
    )


def _move_label(action: object, names: Names) -> str:
    """A move as the move list shows it: "Right: 9 of Cups", "Left calls Bob"."""
    seat = getattr(action, "seat", None)
    if isinstance(action, PlayCard):
        card = say(display_name(action.card))
        return gettext("%(seat)s: %(card)s") % {"seat": names.subject(action.seat), "card": card}
    if not isinstance(seat, int):
        return str(action)
    own, other = _move_words(action)
    card = say(display_name(action.card)) if isinstance(action, TakeBack) else ""
    return names.tell(seat, own, other, card=card)


def _move_words(action: object) -> tuple[str, str]:
    """A move's label, the viewer's and another seat's (``Names.tell``)."""
    if isinstance(action, TakeBack):
        return N_("You take back %(card)s"), N_("%(seat)s takes back %(card)s")
    if isinstance(action, Discard):
        return N_("You discard"), N_("%(seat)s discards")
    if isinstance(action, DemandFool) and action.demand:
        return N_("You demand the Fool"), N_("%(seat)s demands the Fool")
    if isinstance(action, DemandFool):
        return N_("You do not demand the Fool"), N_("%(seat)s does not demand the Fool")
    if isinstance(action, CallBob) and action.call:
        return N_("You call Bob"), N_("%(seat)s calls Bob")
    if isinstance(action, CallBob):
        return N_("You let the Bob go"), N_("%(seat)s lets the Bob go")
    if isinstance(action, AskRedeal) and action.redeal:
        return N_("You ask for a new deal"), N_("%(seat)s asks for a new deal")
    if isinstance(action, AskRedeal):
        return N_("You play this hand"), N_("%(seat)s plays this hand")
    if isinstance(action, ChooseChicks) and action.chicks:
        return N_("You choose Chicks"), N_("%(seat)s chooses Chicks")
    if isinstance(action, ChooseChicks):
        return N_("You choose no Chicks"), N_("%(seat)s chooses no Chicks")
    return str(action), str(action)
