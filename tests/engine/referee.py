"""An independent referee for Danish Tarok and Swiss Troccas, written from rules.md only.

It knows nothing of ``app.engine``: it reads a ``trionfi-hand/1`` record as plain JSON data,
works on card codes (``"CU-K"``, ``"T21"``, ``"FOOL"``) and applies the rules step by step, the
slow and obvious way. Tests compare its tricks, ledger, counts, balances and pots with the
engine's result, and the case builders use it to find legal actions.

Section numbers in the comments are those of rules.md.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

SUITS = ("CU", "CO", "SW", "ST")
ROUND_SUITS = ("CU", "CO")
COURTS = ("K", "Q", "N", "P")
PIPS = ("10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
TRUMPS = "T"
FOOL = "FOOL"
PAGAT = "T1"
WORLD = "T21"
DECK = (
    [f"{suit}-{rank}" for suit in SUITS for rank in COURTS + PIPS]
    + [f"T{n}" for n in range(1, 22)]
    + [FOOL]
)
DANISH = "danish-tarok"
TROCCAS = "troccas"
KING_POT = "king-pot"
PAGAT_POT = "pagat-pot"
NAMEABLE = (*SUITS, TRUMPS)


class RefereeError(Exception):
    """The record does something the rules do not allow."""


# ------------------------------------------------------------------ cards (1.1-1.3)


def suit_of(card: str) -> str:
    """``CU``/``CO``/``SW``/``ST``, ``T`` for a trump, ``FOOL`` for the Fool."""
    if card == FOOL:
        return FOOL
    if card.startswith("T"):
        return TRUMPS
    return card[:2]


def rank_of(card: str) -> str:
    return card[3:]


def is_trump(card: str) -> bool:
    return suit_of(card) == TRUMPS


def is_pip(card: str) -> bool:
    return suit_of(card) in SUITS and rank_of(card) in PIPS


def pip_number(card: str) -> int:
    rank = rank_of(card)
    return 1 if rank == "A" else int(rank)


def top_court(chicks: bool) -> str:
    """The court with the King's special roles: the Queen under the Chicks rule (2.14, 3.8)."""
    return "Q" if chicks else "K"


def is_top_court(card: str, chicks: bool) -> bool:
    return suit_of(card) in SUITS and rank_of(card) == top_court(chicks)


def strength(card: str, chicks: bool) -> int:
    """1.2's implementation aid."""
    if is_trump(card):
        return 100 + int(card[1:])
    rank = rank_of(card)
    court = {"P": 11, "N": 12, "Q": 14 if chicks else 13, "K": 13 if chicks else 14}
    if rank in court:
        return court[rank]
    pip = pip_number(card)
    return 11 - pip if suit_of(card) in ROUND_SUITS else pip


def value(card: str, chicks: bool) -> int:
    """1.3 (with 2.14 / 3.8: Queen 4 and King 3 under the Chicks rule)."""
    if card in (PAGAT, WORLD, FOOL):
        return 4
    if suit_of(card) not in SUITS:
        return 0
    values = {"K": 3 if chicks else 4, "Q": 4 if chicks else 3, "N": 2, "P": 1}
    return values.get(rank_of(card), 0)


def is_ultimo_card(card: str, chicks: bool) -> bool:
    """The four Kings (Queens under Chicks) and T1 (2.9, 2.14)."""
    return card == PAGAT or is_top_court(card, chicks)


def pot_of(card: str) -> str:
    return PAGAT_POT if card == PAGAT else KING_POT


# ------------------------------------------------------------------ Danish declarations (2.5)


@dataclass(frozen=True)
class Combination:
    kind: str
    value: int
    cards: frozenset[str]


def danish_combinations(hand: list[str] | set[str], chicks: bool) -> list[Combination]:
    """Every combination a Danish hand qualifies for (2.5, 2.14)."""
    held = set(hand)
    has_fool = FOOL in held
    found: list[Combination] = []
    trumps = {c for c in held if is_trump(c)} | ({FOOL} & held)
    if len(trumps) >= 10:
        found.append(Combination("trumps", 10 + 5 * (len(trumps) - 10), frozenset(trumps)))
    if {FOOL, PAGAT, WORLD} <= held:
        run = []
        for number in range(20, 1, -1):
            if f"T{number}" not in held:
                break
            run.append(f"T{number}")
        found.append(
            Combination("matadors", 10 + 5 * len(run), frozenset({FOOL, PAGAT, WORLD, *run}))
        )
    for suit in SUITS:
        courts = {f"{suit}-{rank}" for rank in COURTS} & held
        if len(courts) == 4:
            kind, amount = ("abundant-cavalry", 15) if has_fool else ("full-cavalry", 10)
            found.append(Combination(kind, amount, frozenset(courts | ({FOOL} & held))))
        elif len(courts) == 3 and has_fool:
            found.append(Combination("half-cavalry", 5, frozenset(courts | {FOOL})))
    tops = {f"{suit}-{top_court(chicks)}" for suit in SUITS} & held
    if len(tops) == 4:
        kind, amount = ("abundant-kings", 15) if has_fool else ("full-kings", 10)
        found.append(Combination(kind, amount, frozenset(tops | ({FOOL} & held))))
    elif len(tops) == 3 and has_fool:
        found.append(Combination("half-kings", 5, frozenset(tops | {FOOL})))
    return found


def combination_cards(hand: list[str] | set[str], chicks: bool) -> set[str]:
    cards: set[str] = set()
    for combination in danish_combinations(hand, chicks):
        cards |= combination.cards
    return cards


# ------------------------------------------------------------------ the referee


@dataclass
class Trick:
    number: int
    leader: int
    cards: list[str] = field(default_factory=list)
    named: str | None = None
    winner: int | None = None


@dataclass
class Decision:
    seat: int
    action: str  # "discard", "play", "demand_fool", "bob" or "chicks"
    legal: list[Any]


class Referee:
    """Plays one record through the rules; subclasses hold each game's differences."""

    game = ""
    seats = 0
    trick_count = 0
    discard_size = 0

    def __init__(self, record: dict[str, Any]) -> None:
        options = record.get("options") or {}
        self.options = {key: bool(value) for key, value in options.items()}
        self.chicks = self.opt("chicks_rule")
        self.dealer: int = record["dealer"]
        self.dealt = [list(cards) for cards in record["deal"]]
        self.hands = [list(cards) for cards in record["deal"]]
        self.hands[self.dealer] += list(record.get("talon", []))
        self.piles: list[list[str]] = [[] for _ in range(self.seats)]
        self.won = [0] * self.seats
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.discarded: list[str] = []
        self.ledger: list[tuple[str, int | None, Any, Any, int]] = []
        self.phase = "discard"
        self.turn = self.dealer
        self.counts: list[int] | None = None
        self.balances = [0] * self.seats
        self.pots = {KING_POT: 0, PAGAT_POT: 0}
        self.before = record.get("before")
        self.start_books(self.before)
        if self.opt("chicks_after_deal"):  # 2.14a, 3.8a: the forehand decides first
            self.phase = "chicks"
            self.turn = (self.dealer + 1) % self.seats
        self.redealt_by: int | None = None
        self.redeal_order: list[int] = []
        if self.opt("trumpless_redeal"):  # 2.3a: before anything else, from the forehand
            order = [(self.dealer + step) % self.seats for step in range(1, self.seats + 1)]
            self.redeal_order = [s for s in order if not any(is_trump(c) for c in self.hands[s])]
            if self.redeal_order:
                self.phase = "redeal"
                self.turn = self.redeal_order[0]

    def opt(self, key: str) -> bool:
        return self.options.get(key, False)

    # -------------------------------------------------------------- books

    def start_books(self, before: dict[str, Any] | None) -> None:
        if before is not None:
            self.balances = list(before["balances"])

    def pay(self, kind: str, trick: int | None, payer: Any, payee: Any, amount: int) -> None:
        """A payment: ``payer``/``payee`` are seats or pot names."""
        self.ledger.append((kind, trick, payer, payee, amount))
        for account, sign in ((payer, -1), (payee, 1)):
            if isinstance(account, int):
                self.balances[account] += sign * amount
            else:
                self.pots[account] += sign * amount

    def settle(self, kind: str, seat: int, amount: int) -> None:
        """A settlement that is no payment between two parties (``from`` is null)."""
        self.ledger.append((kind, None, None, seat, amount))
        self.balances[seat] += amount

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.seats) if s != seat]

    # -------------------------------------------------------------- decisions

    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.phase == "discard":
            return Decision(self.dealer, "discard", sorted(self.legal_discard_cards()))
        if self.phase == "play":
            return Decision(self.turn, "play", sorted(self.legal_cards()))
        return Decision(self.turn, self.phase, [True, False])

    def apply(self, action: dict[str, Any]) -> None:
        decision = self.decision()
        if decision is None:
            raise RefereeError("the deal is over")
        if action.get("seat") != decision.seat:
            raise RefereeError(f"it is seat {decision.seat}'s turn")
        if decision.action not in action:
            raise RefereeError(f"expected a {decision.action} action")
        if decision.action == "discard":
            self.do_discard(list(action["discard"]))
        elif decision.action == "play":
            self.do_play(action["play"], action.get("name"))
        elif decision.action == "chicks":
            self.chicks = bool(action["chicks"])
            self.phase = "discard"
            self.turn = self.dealer
        elif decision.action == "redeal":
            self.do_redeal(action["redeal"] is True)
        else:
            self.do_decision(bool(action[decision.action]))

    def do_redeal(self, demand: bool) -> None:
        """2.3a: a demand voids the deal (nothing is paid in it, the books are as before it);
        a decline passes the question on, then the deal starts as without the option."""
        seat = self.redeal_order.pop(0)
        if demand:
            self.redealt_by = seat
            self.ledger = []
            before = self.before or {}
            self.balances = list(before.get("balances", [0] * self.seats))
            pots = before.get("pots", {"king": 0, "pagat": 0})
            self.pots = {KING_POT: pots["king"], PAGAT_POT: pots["pagat"]}
            self.phase = "over"
            self.turn = -1
        elif self.redeal_order:
            self.turn = self.redeal_order[0]
        elif self.opt("chicks_after_deal"):
            self.phase = "chicks"
            self.turn = (self.dealer + 1) % self.seats
        else:
            self.phase = "discard"
            self.turn = self.dealer

    # -------------------------------------------------------------- discard

    def legal_discard_cards(self) -> set[str]:
        return {card for group in self.legal_discards() for card in group}

    def legal_discards(self) -> list[frozenset[str]]:
        """Every set of cards the dealer may lay away."""
        raise NotImplementedError

    def do_discard(self, cards: list[str]) -> None:
        hand = self.hands[self.dealer]
        if len(cards) != self.discard_size or len(set(cards)) != len(cards):
            raise RefereeError(f"discard exactly {self.discard_size} different cards")
        if not set(cards) <= set(hand):
            raise RefereeError("discarding a card not held")
        if frozenset(cards) not in self.legal_discards():
            raise RefereeError("this discard is not allowed")
        self.discarded = list(cards)
        self.hands[self.dealer] = [c for c in hand if c not in cards]
        self.after_discard()

    def after_discard(self) -> None:
        self.start_play()

    def start_play(self) -> None:
        self.phase = "play"
        self.trick = Trick(1, (self.dealer + 1) % self.seats)
        self.turn = self.trick.leader

    # -------------------------------------------------------------- play

    def led_suit(self, trick: Trick) -> str | None:
        """The suit others must follow, or None while anything may be played."""
        raise NotImplementedError

    def legal_cards(self) -> set[str]:
        return self.follow_rules(self.hands[self.turn])

    def follow_rules(self, hand: list[str]) -> set[str]:
        """2.6 / 3.4: follow, else trump, else anything; the Fool always (2.7e option)."""
        assert self.trick is not None
        if not self.trick.cards:
            return set(hand)
        led = self.led_suit(self.trick)
        if led is None:
            return set(hand)
        fool = {FOOL} & set(hand)
        follow = {c for c in hand if c != FOOL and suit_of(c) == led}
        if follow:
            return follow | fool
        trumps = {c for c in hand if is_trump(c)}
        if trumps:
            return trumps | fool
        if fool and self.opt("fool_is_last_trump"):
            return fool
        return set(hand)

    def do_play(self, card: str, name: str | None) -> None:
        assert self.trick is not None
        if card not in self.legal_cards():
            raise RefereeError(f"{card} may not be played now")
        self.check_name(card, name)
        self.hands[self.turn].remove(card)
        if not self.trick.cards:
            self.trick.named = name.upper() if name else None
        self.trick.cards.append(card)
        if len(self.trick.cards) < self.seats:
            self.turn = (self.turn + 1) % self.seats
            return
        self.finish_trick()

    def check_name(self, card: str, name: str | None) -> None:
        if name is not None:
            raise RefereeError("a name is given only when leading the Fool")

    def seat_of(self, trick: Trick, index: int) -> int:
        return (trick.leader + index) % self.seats

    def owner(self, trick: Trick, card: str) -> int:
        return self.seat_of(trick, trick.cards.index(card))

    def trick_winner(self, trick: Trick) -> int:
        """2.8 / 3.4.7: leave the Fool out; highest trump; else highest of the suit led."""
        cards = [c for c in trick.cards if c != FOOL]
        trumps = [c for c in cards if is_trump(c)]
        if trumps:
            best = max(trumps, key=lambda c: strength(c, self.chicks))
        else:
            led = self.led_suit(trick)
            suited = [c for c in cards if suit_of(c) == led]
            if not suited:  # 2.7c fallback: the suit of the first non-Fool card
                suited = [c for c in cards if suit_of(c) == suit_of(cards[0])]
            best = max(suited, key=lambda c: strength(c, self.chicks))
        return self.owner(trick, best)

    def fool_goes_to_winner(self, trick: Trick) -> bool:
        return False

    def finish_trick(self) -> None:
        trick = self.trick
        assert trick is not None
        winner = self.trick_winner(trick)
        trick.winner = winner
        self.tricks.append(trick)
        self.won[winner] += 1
        for card in trick.cards:
            if card == FOOL and not self.fool_goes_to_winner(trick):
                self.piles[self.owner(trick, card)].append(card)
            else:
                self.piles[winner].append(card)
        self.after_trick(trick)

    def after_trick(self, trick: Trick) -> None:
        raise NotImplementedError

    def next_trick(self, leader: int) -> None:
        if len(self.tricks) == self.trick_count:
            self.end_of_play()
            return
        self.phase = "play"
        self.trick = Trick(len(self.tricks) + 1, leader)
        self.turn = leader

    def do_decision(self, answer: bool) -> None:
        raise NotImplementedError

    # -------------------------------------------------------------- end

    def count_of(self, seat: int) -> int:
        """1.3: one per trick won + the card values of the pile; the dealer adds the discard."""
        total = self.won[seat] + sum(value(c, self.chicks) for c in self.piles[seat])
        if seat == self.dealer:
            total += 1 + sum(value(c, self.chicks) for c in self.discarded)
        return total

    def end_of_play(self) -> None:
        self.phase = "over"
        self.turn = -1
        self.trick = None
        self.counts = [self.count_of(seat) for seat in range(self.seats)]
        self.settle_hand()

    def settle_hand(self) -> None:
        raise NotImplementedError

    # -------------------------------------------------------------- reporting

    def ledger_totals(self) -> dict[tuple[str, Any, Any], int]:
        """The sum of each (kind, from, to) over the ledger, zero sums left out."""
        return ledger_totals(self.ledger)

    def trick_list(self) -> list[dict[str, Any]]:
        return [
            {
                "number": t.number,
                "leader": t.leader,
                "cards": list(t.cards),
                "winner": t.winner,
                "named": t.named,
            }
            for t in self.tricks
        ]


# ------------------------------------------------------------------ Danish Tarok (section 2)


class DanishReferee(Referee):
    game = DANISH
    seats = 3
    trick_count = 25
    discard_size = 3

    def __init__(self, record: dict[str, Any]) -> None:
        self.fool_demanded = False
        self.demand_order: list[int] = []
        self.declarations: list[tuple[int, str, int]] = []
        super().__init__(record)

    def start_books(self, before: dict[str, Any] | None) -> None:
        """2.2: found (first deal) or refill empty pots, then the dealer's fee."""
        if before is None:
            for pot in (KING_POT, PAGAT_POT):
                for seat in range(self.seats):
                    self.pay("pot-founding", None, seat, pot, 20)
        else:
            self.balances = list(before["balances"])
            self.pots = {KING_POT: before["pots"]["king"], PAGAT_POT: before["pots"]["pagat"]}
            for pot in (KING_POT, PAGAT_POT):
                if self.pots[pot] == 0:
                    for seat in range(self.seats):
                        self.pay("pot-refill", None, seat, pot, 20)
        for pot in (KING_POT, PAGAT_POT):
            self.pay("dealer-fee", None, self.dealer, pot, 5)

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % 3

    @property
    def middlehand(self) -> int:
        return (self.dealer + 2) % 3

    # -------------------------------------------------------------- discard (2.4)

    def legal_discards(self) -> list[frozenset[str]]:
        hand = self.hands[self.dealer]
        in_combination = combination_cards(hand, self.chicks)
        if not self.opt("traditional_skat_restrictions"):
            allowed = [
                c
                for c in sorted(hand)
                if not is_trump(c)
                and c != FOOL
                and not is_top_court(c, self.chicks)
                and c not in in_combination
            ]
            return [frozenset(group) for group in combinations(allowed, 3)]
        # PW/BGA: never K, T1, T21, FOOL; another trump only if the dealer then keeps none
        candidates = [
            c
            for c in sorted(hand)
            if c not in (PAGAT, WORLD, FOOL) and not is_top_court(c, self.chicks)
        ]
        held_trumps = {c for c in hand if is_trump(c)}
        basic = [
            frozenset(group)
            for group in combinations(candidates, 3)
            if not held_trumps & set(group) or held_trumps <= set(group)
        ]
        # a combination card only if there is no other choice: as few of them as possible
        fewest = min(len(group & in_combination) for group in basic)
        return [group for group in basic if len(group & in_combination) == fewest]

    def after_discard(self) -> None:
        """2.5: declarations F, M, D; each other player pays the declarer at once."""
        dealer_hand = self.hands[self.dealer] + [
            c for c in self.discarded if c in combination_cards(self.dealt_dealer(), self.chicks)
        ]
        for seat in (self.forehand, self.middlehand, self.dealer):
            hand = dealer_hand if seat == self.dealer else self.hands[seat]
            for combination in danish_combinations(hand, self.chicks):
                self.declarations.append((seat, combination.kind, combination.value))
                for payer in self.others(seat):
                    self.pay("declaration", None, payer, seat, combination.value)
        self.start_play()

    def dealt_dealer(self) -> list[str]:
        return self.hands[self.dealer] + self.discarded

    # -------------------------------------------------------------- play (2.6, 2.7)

    @property
    def traditional_timing(self) -> bool:
        return self.opt("traditional_fool_timing")

    def legal_cards(self) -> set[str]:
        assert self.trick is not None
        hand = self.hands[self.turn]
        number = self.trick.number
        if FOOL in hand and number == 23 and (not self.traditional_timing or self.fool_demanded):
            return {FOOL}
        if self.traditional_timing and number == 24 and FOOL in hand:
            return self.follow_rules([c for c in hand if c != FOOL])
        return self.follow_rules(hand)

    def led_suit(self, trick: Trick) -> str | None:
        first = trick.cards[0]
        if first != FOOL:
            return suit_of(first)
        if trick.named is not None:
            return trick.named
        return suit_of(trick.cards[1]) if len(trick.cards) > 1 else None

    def check_name(self, card: str, name: str | None) -> None:
        assert self.trick is not None
        leading_fool = card == FOOL and not self.trick.cards
        if leading_fool and self.trick.number < 25:
            if name is None or name.upper() not in NAMEABLE:
                raise RefereeError("a led Fool must name CU, CO, SW, ST or T")
        elif name is not None:
            raise RefereeError("a name is given only when leading the Fool before trick 25")

    def fool_goes_to_winner(self, trick: Trick) -> bool:
        return trick.number == 25

    def after_trick(self, trick: Trick) -> None:
        assert trick.winner is not None
        if trick.number < 25:
            self.pay_during_play(trick)
        self.next_trick(trick.winner)
        if self.phase == "play" and self.trick is not None and self.trick.number == 23:
            self.ask_for_fool()

    def pay_during_play(self, trick: Trick) -> None:
        """2.9: a lost King/T1 pays 5 to each other player and 5 to its pot; Pagat reward."""
        winner = trick.winner
        assert winner is not None
        for card in trick.cards:
            owner = self.owner(trick, card)
            if is_ultimo_card(card, self.chicks) and owner != winner:
                for other in self.others(owner):
                    self.pay("card-lost", trick.number, owner, other, 5)
                self.pay("card-lost", trick.number, owner, pot_of(card), 5)
        if self.opt("pagat_trick_reward") and self.winning_card(trick) == PAGAT:
            for other in self.others(winner):
                self.pay("pagat-trick", trick.number, other, winner, 5)

    def winning_card(self, trick: Trick) -> str:
        assert trick.winner is not None
        return next(c for i, c in enumerate(trick.cards) if self.seat_of(trick, i) == trick.winner)

    # -------------------------------------------------------------- demanding the Fool (2.7d)

    def ask_for_fool(self) -> None:
        if not self.traditional_timing:
            return
        holders = [s for s in range(3) if FOOL in self.hands[s]]
        if not holders:
            return
        assert self.trick is not None
        leader = self.trick.leader
        self.demand_order = [(leader + i) % 3 for i in range(3) if (leader + i) % 3 != holders[0]]
        self.phase = "demand_fool"
        self.turn = self.demand_order.pop(0)

    def do_decision(self, answer: bool) -> None:
        if answer:
            self.fool_demanded = True
        if answer or not self.demand_order:
            self.phase = "play"
            assert self.trick is not None
            self.turn = self.trick.leader
            return
        self.turn = self.demand_order.pop(0)

    # -------------------------------------------------------------- the last trick (2.10, 2.11)

    def settle_hand(self) -> None:
        last = self.tricks[-1]
        winner = last.winner
        assert winner is not None
        tout = next((s for s in range(3) if self.won[s] == 25), None)
        nolo = next((s for s in range(3) if self.won[s] == 0), None) if tout is None else None
        plain_end = tout is None and nolo is None
        end_of_play = dict(self.pots)
        best = self.winning_card(last)
        ultimo_cards = [c for c in last.cards if is_ultimo_card(c, self.chicks)]
        # B: a successful Ultimo
        if plain_end and is_ultimo_card(best, self.chicks):
            pot = pot_of(best)
            kind, bonus = ("pagat-ultimo", 45) if best == PAGAT else ("king-ultimo", 40)
            self.pay(kind, 25, pot, winner, self.pots[pot])
            for other in self.others(winner):
                self.pay(kind, 25, other, winner, bonus)
        # C: Bagud, each Ultimo card in the last trick that did not win
        for card in ultimo_cards:
            if card == best:
                continue
            owner = self.owner(last, card)
            bonus = 45 if card == PAGAT else 40
            for other in self.others(owner):
                self.pay("bagud", 25, owner, other, bonus)
            self.pay("bagud", 25, owner, pot_of(card), end_of_play[pot_of(card)])
        # D: the last-trick bonus
        all_failed = not is_ultimo_card(best, self.chicks)
        if plain_end and (
            not ultimo_cards or (all_failed and self.opt("last_trick_paid_when_ultimo_fails"))
        ):
            for other in self.others(winner):
                self.pay("last-trick", 25, other, winner, 20)
        # E: Tout or Nolo
        if tout is not None:
            for other in self.others(tout):
                self.pay("tout", None, other, tout, 135)
        elif nolo is not None:
            for other in self.others(nolo):
                self.pay("nolo", None, other, nolo, 25)
        # F: the count
        if plain_end:
            self.settle_count()

    def settle_count(self) -> None:
        assert self.counts is not None
        exact = [count - 26 for count in self.counts]
        if not self.opt("round_count"):
            for seat in range(3):
                self.settle("count", seat, exact[seat])
            return
        next_dealer = (self.dealer + 1) % 3
        amounts = [round(e / 5) * 5 for e in exact]
        amounts[next_dealer] = -sum(a for s, a in enumerate(amounts) if s != next_dealer)
        for seat in range(3):
            self.settle("count", seat, amounts[seat])


# ------------------------------------------------------------------ Swiss Troccas (section 3)


@dataclass
class BobEvent:
    trick: int
    suit: str
    holder: int  # the page's holder, revealed or robbed
    winner: int
    page: str
    returned: str | None  # None: the Bob only reveals

    def to_json(self) -> dict[str, Any]:
        if self.returned is None:
            return {"trick": self.trick, "suit": self.suit, "revealed": self.holder}
        return {
            "trick": self.trick,
            "suit": self.suit,
            "from": self.holder,
            "to": self.winner,
            "page": self.page,
            "returned": self.returned,
        }


class TroccasReferee(Referee):
    game = TROCCAS
    seats = 4
    trick_count = 19
    discard_size = 2

    def __init__(self, record: dict[str, Any]) -> None:
        self.opened: set[str] = set()
        self.bobs: list[BobEvent] = []
        self.pending_bob: BobEvent | None = None
        self.teams: list[dict[str, Any]] | None = None
        super().__init__(record)

    def legal_discards(self) -> list[frozenset[str]]:
        """3.3: anything but T1, T21, the Fool and the Kings (Queens under Chicks)."""
        allowed = [
            c
            for c in sorted(self.hands[self.dealer])
            if c not in (PAGAT, WORLD, FOOL) and not is_top_court(c, self.chicks)
        ]
        return [frozenset(group) for group in combinations(allowed, 2)]

    def led_suit(self, trick: Trick) -> str | None:
        """3.4.4: after a Fool lead the second card sets the suit."""
        if trick.cards[0] != FOOL:
            return suit_of(trick.cards[0])
        return suit_of(trick.cards[1]) if len(trick.cards) > 1 else None

    def after_trick(self, trick: Trick) -> None:
        assert trick.winner is not None
        bob = self.bob_of(trick)
        if bob is not None and self.opt("manual_bob"):
            self.pending_bob = bob
            self.phase = "bob"
            self.turn = trick.winner
            return
        if bob is not None:
            self.do_bob(bob)
        self.next_trick(trick.winner)

    def do_decision(self, answer: bool) -> None:
        bob = self.pending_bob
        assert bob is not None
        self.pending_bob = None
        if answer:
            self.do_bob(bob)
        self.next_trick(bob.winner)

    # -------------------------------------------------------------- the Bob (3.5)

    def spot_cards(self, trick: Trick) -> list[str]:
        return [c for c in trick.cards if is_pip(c)]

    def suit_order(self, card: str) -> int:
        return SUITS.index(suit_of(card))

    def bob_of(self, trick: Trick) -> BobEvent | None:
        """3.5's pseudo-code up to the decision; None when nothing happens."""
        suit = self.led_suit(trick)
        if suit not in SUITS or suit in self.opened:
            return None
        self.opened.add(suit)
        winner = trick.winner
        assert winner is not None
        if self.winning_card(trick) != f"{suit}-{top_court(self.chicks)}":
            return None
        page = f"{suit}-P"
        if page in trick.cards:
            return None
        holder = next((s for s in range(4) if page in self.hands[s]), None)
        if holder is None:  # in the kitty or already won
            return None
        spots = self.spot_cards(trick)
        reveal = BobEvent(trick.number, suit, holder, winner, page, None)
        if holder == winner:
            if not spots:
                return reveal
            highest = min(spots, key=lambda c: (-strength(c, self.chicks), self.suit_order(c)))
            return BobEvent(trick.number, suit, holder, winner, page, highest)
        played = trick.cards[(holder - trick.leader) % 4]
        courts = ("N", "K") if self.chicks else ("N", "Q")
        if suit_of(played) == suit and rank_of(played) in courts:
            return reveal
        if not spots:
            return reveal
        lowest = min(spots, key=lambda c: (strength(c, self.chicks), self.suit_order(c)))
        return BobEvent(trick.number, suit, holder, winner, page, lowest)

    def do_bob(self, bob: BobEvent) -> None:
        self.bobs.append(bob)
        if bob.returned is None:
            return
        self.hands[bob.holder].remove(bob.page)
        self.piles[bob.winner].append(bob.page)
        self.piles[bob.winner].remove(bob.returned)
        self.hands[bob.holder].append(bob.returned)

    def winning_card(self, trick: Trick) -> str:
        assert trick.winner is not None
        return next(
            c
            for i, c in enumerate(trick.cards)
            if self.seat_of(trick, i) == trick.winner and c != FOOL
        )

    # -------------------------------------------------------------- settlement (3.6)

    def settle_hand(self) -> None:
        assert self.counts is not None
        self.teams = []
        results = [0] * 4
        for team in ((0, 2), (1, 3)):
            count = sum(self.counts[s] for s in team)
            self.teams.append({"seats": list(team), "count": count, "result": count - 36})
            for seat in team:
                results[seat] = count - 36
        for seat in range(4):
            self.settle("result", seat, results[seat])


def ledger_totals(entries: list[tuple[str, Any, Any, Any, int]]) -> dict[tuple[str, Any, Any], int]:
    """Sum (kind, trick, from, to, amount) entries by (kind, from, to); zero sums left out."""
    totals: Counter[tuple[str, Any, Any]] = Counter()
    for kind, _trick, payer, payee, amount in entries:
        totals[(kind, payer, payee)] += amount
    return {key: total for key, total in totals.items() if total != 0}


REFEREES: dict[str, type[Referee]] = {DANISH: DanishReferee, TROCCAS: TroccasReferee}


def referee_for(record: dict[str, Any]) -> Referee:
    return REFEREES[record["game"]](record)


def judge(record: dict[str, Any]) -> Referee:
    """Play every action of a record; raise ``RefereeError`` at the first illegal one."""
    referee = referee_for(record)
    for index, action in enumerate(record.get("actions", [])):
        try:
            referee.apply(action)
        except RefereeError as error:
            raise RefereeError(f"action {index} {action}: {error}") from None
    return referee
