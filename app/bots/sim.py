"""A fast simulator of the rest of one deal, for the hard bot's playouts and searches.

It holds one complete "world" (every holding known: a sample of the hidden cards, never the
real deal) and plays cards by the rules of ``app.engine`` (rules.md 2.6-2.12, 3.4-3.6) on
plain lists and ints, without dataclasses, ledgers or checks. Holdings are kept per suit,
strongest card first, so following, trumping and "my highest / lowest" are list lookups.

Decisions other than plays are taken the way machine players take them: the Fool is always
demanded (rules.md 2.7d) and a Bob is always called (3.7). ``tests/bots/test_sim.py`` plays
many random deals through this simulator and the engine and demands the same legal cards,
tricks and results.

The rules that the engine answers for a game (its trick count, which plays name a suit, its
partnerships) are asked of it once per game (``game_rules``) and kept on the ``Sim`` as ints
and lists; ``danish`` selects the game whose fast rules are played (Danish Tarok's payments,
Fool timing and plans; else the Troccas Bob), and the engine's module constants give their
numbers.
"""

from __future__ import annotations

from random import Random
from typing import Final

from app.bots import scoring
from app.bots.constants import DECK_SIZE, FOOL, STRENGTH, SUIT, TRUMPS, VALUE
from app.engine import danish as danish_rules
from app.engine import troccas as troccas_rules
from app.engine.observation import Observation
from app.engine.options import DANISH

# Final (a C variable when compiled, see app.bots.constants)
FOOL_DEADLINE: Final = danish_rules.FOOL_DEADLINE
NO_FOOL_TRICK: Final = danish_rules.NO_FOOL_TRICK
TROCCAS_PAR: Final = troccas_rules.PAR


def _strongest_first(strength: tuple[int, ...]) -> tuple[int, ...]:
    cards = [card for card in range(DECK_SIZE) if card != FOOL]
    cards.sort(key=lambda card: -strength[card])
    return tuple(cards)


STRONGEST_FIRST: Final = (_strongest_first(STRENGTH[0]), _strongest_first(STRENGTH[1]))
"""``STRONGEST_FIRST[chicks]``: every card but the Fool, strongest first (no two cards of a
suit are equally strong, so each suit's cards come in their order)."""


class Sim:
    """One deal from now to its end, with every holding known."""

    __slots__ = (
        "best",
        "best_strength",
        "chicks",
        "count",
        "danish",
        "dealer",
        "delta",
        "discard_bonus",
        "fool",
        "fool_demanded",
        "guard",
        "hands",
        "keep",
        "last_paid_on_fail",
        "last_trump",
        "leader",
        "led",
        "named",
        "naming",
        "noise",
        "noise_rates",
        "number",
        "opened",
        "pagat_reward",
        "partner",
        "pots",
        "round_count",
        "seats",
        "strength",
        "top",
        "traditional_fool",
        "trick",
        "tricks_total",
        "turn",
        "value",
        "won",
    )

    def __init__(self) -> None:
        self.danish = True
        """Which game's fast rules to play: Danish Tarok's, else the Troccas ones."""
        self.seats = 3
        self.tricks_total = 0
        """The game's trick count (``from_world`` asks the engine, as for ``naming`` and
        ``partner``)."""
        self.naming = 0
        """Bit n set: a Fool led to trick n names the suit it stands for (rules.md 2.7c)."""
        self.partner: list[int] = []
        """Each seat's partner, -1 for none (rules.md 3.1); shared by clones, never changed."""
        self.chicks = False
        self.strength: tuple[int, ...] = STRENGTH[0]
        self.value: tuple[int, ...] = VALUE[0]
        self.top = 0
        self.hands: list[list[list[int]]] = []
        self.fool = -1
        """The seat holding the Fool, or -1 once it is played (or laid away)."""
        self.number = 1
        self.trick: list[int] = []
        self.leader = 0
        self.turn = 0
        self.named: int | None = None
        self.led: int | None = None
        self.best = -1
        """Index in the trick of the card winning it so far (-1: none yet)."""
        self.best_strength = -1
        self.won: list[int] = []
        self.count: list[int] = []
        self.delta: list[int] = []
        """Danish: each seat's token change since the simulation started."""
        self.pots = [0, 0]
        self.dealer = 0
        self.discard_bonus = 0
        self.fool_demanded = False
        self.traditional_fool = False
        self.last_trump = False
        self.pagat_reward = False
        self.last_paid_on_fail = False
        self.round_count = False
        self.opened = 0
        """Troccas: bit s set once plain suit s has been led (the Bob's first trick, 3.5)."""
        self.keep: list[int] = []
        """The playout's plans (``playout.plan``): per seat, the Ultimo card it keeps for the
        last trick, or -1; empty when no seat has a plan."""
        self.noise: Random | None = None
        """When set (with ``noise_rates``), the playout policy plays a random legal card with
        the rate of the seat to play in ``noise_rates`` (``playout.noise_rates``)."""
        self.noise_rates: list[float] = []
        self.guard: list[bool] = []
        """Per seat: it keeps its highest trump back (against another's Ultimo); empty when
        no seat does."""

    # ------------------------------------------------------------------ building

    @classmethod
    def from_world(
        cls, obs: Observation, holdings: list[list[int]], discard: list[int] | tuple[int, ...]
    ) -> Sim:
        """The deal as ``obs`` shows it, with ``holdings`` as every seat's cards now and
        ``discard`` the dealer's discard or kitty (sampled where this seat cannot see them)."""
        sim = cls()
        options = obs.options
        sim.danish = obs.game == DANISH  # which game's fast rules to play
        sim.seats = obs.seat_count
        sim.tricks_total, sim.naming, sim.partner = game_rules(obs)
        sim.chicks = options.chicks_rule
        sim.strength = STRENGTH[sim.chicks]
        sim.value = VALUE[sim.chicks]
        sim.top = 1 if sim.chicks else 0
        sim.set_holdings(holdings)
        sim.number = obs.trick_number
        sim.leader = obs.leader
        sim.turn = obs.turn
        sim.named = int(obs.named) if obs.named is not None else None
        for card in obs.trick:
            sim.trick.append(card)
        sim.led = sim.led_suit()
        if sim.trick and sim.trick != [FOOL]:
            sim.best = sim.winner_of(sim.trick)
            sim.best_strength = sim.strength[sim.trick[sim.best]]
        sim.won = list(obs.won_tricks)
        sim.count = _counts_so_far(obs, sim.value)
        sim.delta = [0] * sim.seats
        sim.pots = list(obs.pots) if obs.pots is not None else [0, 0]
        sim.dealer = obs.dealer
        sim.discard_bonus = 1 + sum(sim.value[c] for c in discard)
        sim.fool_demanded = obs.fool_demanded
        sim.traditional_fool = options.traditional_fool_timing
        sim.last_trump = options.fool_is_last_trump
        sim.pagat_reward = options.pagat_trick_reward
        sim.last_paid_on_fail = options.last_trick_paid_when_ultimo_fails
        sim.round_count = options.round_count
        sim.opened = _opened_suits(obs)
        return sim

    def set_holdings(self, holdings: list[list[int]]) -> None:
        """Each seat's cards by suit, strongest first: the cards are taken in the order of
        strength (``STRONGEST_FIRST``), so no suit needs sorting."""
        holder = [-1] * DECK_SIZE
        for seat, cards in enumerate(holdings):
            for card in cards:
                holder[card] = seat
        self.fool = holder[FOOL]
        hands: list[list[list[int]]] = [[[], [], [], [], []] for _ in holdings]
        for card in STRONGEST_FIRST[self.chicks]:
            seat = holder[card]
            if seat >= 0:
                hands[seat][SUIT[card]].append(card)
        self.hands = hands

    def clone(self) -> Sim:
        other = Sim.__new__(Sim)
        other.best = self.best
        other.best_strength = self.best_strength
        other.chicks = self.chicks
        other.count = list(self.count)
        other.danish = self.danish
        other.dealer = self.dealer
        other.delta = list(self.delta)
        other.discard_bonus = self.discard_bonus
        other.fool = self.fool
        other.fool_demanded = self.fool_demanded
        other.guard = self.guard
        other.hands = [[a[:], b[:], c[:], d[:], e[:]] for a, b, c, d, e in self.hands]
        other.keep = self.keep
        other.last_trump = self.last_trump
        other.last_paid_on_fail = self.last_paid_on_fail
        other.led = self.led
        other.leader = self.leader
        other.named = self.named
        other.naming = self.naming
        other.noise = self.noise
        other.noise_rates = self.noise_rates
        other.number = self.number
        other.opened = self.opened
        other.pagat_reward = self.pagat_reward
        other.partner = self.partner
        other.pots = list(self.pots)
        other.round_count = self.round_count
        other.seats = self.seats
        other.strength = self.strength
        other.top = self.top
        other.traditional_fool = self.traditional_fool
        other.trick = list(self.trick)
        other.tricks_total = self.tricks_total
        other.turn = self.turn
        other.value = self.value
        other.won = list(self.won)
        return other

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.number > self.tricks_total

    def holding(self, seat: int) -> list[int]:
        cards = [c for suit_cards in self.hands[seat] for c in suit_cards]
        if self.fool == seat:
            cards.append(FOOL)
        return cards

    def led_suit(self) -> int | None:
        trick = self.trick
        if not trick:
            return None
        if trick[0] != FOOL:
            return SUIT[trick[0]]
        if self.named is not None:
            return self.named
        return SUIT[trick[1]] if len(trick) > 1 else None

    def fool_rule(self) -> int:
        """0: no timing rule, 1: the Fool is the only legal card, 2: it may not be played."""
        if not self.danish:
            return 0
        if self.number == FOOL_DEADLINE and (self.fool_demanded or not self.traditional_fool):
            return 1
        if self.number == NO_FOOL_TRICK and self.traditional_fool:
            return 2
        return 0

    def legal(self) -> list[int]:
        """The cards the seat to play may play (rules.md 2.6, 2.7, 3.4)."""
        seat = self.turn
        hand = self.hands[seat]
        led = self.led
        if self.fool != seat:  # the common case first, as below without the Fool
            if led is not None:
                follow = hand[led] or hand[TRUMPS]  # follow suit, else trump
                if follow:
                    return follow[:]
            return [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
        has_fool = True
        if self.danish:
            rule = self.fool_rule()
            if rule == 1:
                return [FOOL]
            if rule == 2:
                has_fool = False
        if led is not None:
            follow = hand[led]
            if not follow and led != TRUMPS:
                follow = hand[TRUMPS]
            if follow:
                return [*follow, FOOL] if has_fool else list(follow)
            if has_fool and self.last_trump:
                return [FOOL]
        cards = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
        if has_fool:
            cards.append(FOOL)
        return cards

    def winner_index(self) -> int:
        """Index in the trick of the card winning it so far (rules.md 2.8, 3.4 rule 7)."""
        return self.best

    def winner_of(self, trick: list[int]) -> int:
        """The winning index of ``trick`` worked out from scratch."""
        strength = self.strength
        best, best_strength = -1, -1
        for index, card in enumerate(trick):
            if 56 <= card < FOOL and strength[card] > best_strength:
                best, best_strength = index, strength[card]
        if best >= 0:
            return best
        suit = self.led_suit()
        if suit is None or all(SUIT[c] != suit for c in trick if c != FOOL):
            suit = SUIT[trick[1]] if trick[0] == FOOL else SUIT[trick[0]]
        for index, card in enumerate(trick):
            if SUIT[card] == suit and strength[card] > best_strength:
                best, best_strength = index, strength[card]
        return best

    # ------------------------------------------------------------------ playing

    def play(self, card: int, name: int | None = None) -> None:  # noqa: PLR0912 - inlined, hot
        seat = self.turn
        trick = self.trick
        if card == FOOL:
            self.fool = -1
            if not trick:
                self.leader = seat
                self.named = name
                self.led = name
            trick.append(card)
        else:
            suit = SUIT[card]
            self.hands[seat][suit].remove(card)
            strength = self.strength[card]
            if not trick:
                self.leader = seat
                self.named = name
                self.led = suit
                self.best, self.best_strength = 0, strength
                trick.append(card)
            else:
                # led_suit() and update_best(), inlined: the playouts' hottest path
                if self.led is None and len(trick) == 1:
                    self.led = suit
                best = self.best
                if best < 0:
                    self.best, self.best_strength = len(trick), strength
                else:
                    held = trick[best]
                    if card >= 56:
                        if held < 56 or strength > self.best_strength:
                            self.best, self.best_strength = len(trick), strength
                    elif held < 56:
                        held_suit = SUIT[held]
                        led = self.led
                        if (suit == held_suit and strength > self.best_strength) or (
                            suit == led and held_suit != led
                        ):
                            self.best, self.best_strength = len(trick), strength
                trick.append(card)
        if len(trick) == self.seats:
            self.finish_trick()
        else:
            self.turn = (seat + 1) % self.seats

    def update_best(self, card: int, index: int) -> None:
        """Keep ``best`` current as ``card`` joins the trick at ``index``."""
        best = self.best
        strength = self.strength[card]
        if best < 0:
            self.best, self.best_strength = index, strength
            return
        held = self.trick[best]
        if card >= 56:
            if held < 56 or strength > self.best_strength:
                self.best, self.best_strength = index, strength
        elif held < 56:
            suit, held_suit = SUIT[card], SUIT[held]
            if (suit == held_suit and strength > self.best_strength) or (
                suit == self.led and held_suit != self.led
            ):
                self.best, self.best_strength = index, strength

    def finish_trick(self) -> None:
        index = self.best
        seats = self.seats
        leader = self.leader
        winner = (leader + index) % seats
        trick = self.trick
        value = self.value
        count = self.count
        danish = self.danish
        number = self.number
        total = self.tricks_total
        if seats == 3:
            first, second, third = trick
            points = 1 + value[first] + value[second] + value[third]
        else:
            first, second, third, fourth = trick
            points = 1 + value[first] + value[second] + value[third] + value[fourth]
        if FOOL in trick and (not danish or number < total):
            # the Fool returns to its player (in Danish Tarok not from the last trick)
            count[(leader + trick.index(FOOL)) % seats] += value[FOOL]
            points -= value[FOOL]
        count[winner] += points
        self.won[winner] += 1
        if danish:
            # only a King (Queen) or the I in the trick pays anything during play
            if number < total and not scoring.ULTIMO_CARDS[self.top].isdisjoint(trick):
                scoring.pay_during_play(self, winner, trick[index])
        else:
            # only the first trick of a plain suit may bring a Bob (scoring.bob checks again)
            suit = SUIT[second] if first == FOOL else SUIT[first]
            if suit < TRUMPS and not self.opened >> suit & 1:
                scoring.bob(self, winner, trick[index])
        self.trick = []
        self.named = None
        self.led = None
        self.best = -1
        self.leader = self.turn = winner
        number += 1
        self.number = number
        if danish and self.traditional_fool and number == FOOL_DEADLINE and self.fool >= 0:
            self.fool_demanded = True
        if number > total:
            self.turn = -1
            if danish:
                scoring.settle_danish(self, trick, leader, winner, index)

    # ------------------------------------------------------------------ results

    def final_counts(self) -> list[int]:
        counts = list(self.count)
        counts[self.dealer] += self.discard_bonus
        return counts

    def payoffs(self) -> list[int]:
        """Each seat's result from the start of the simulation: tokens in Danish Tarok, the
        team's count minus 36 in Troccas (only meaningful once the deal is over)."""
        if self.danish:
            return list(self.delta)
        counts = self.final_counts()
        partner = self.partner
        par = TROCCAS_PAR
        return [counts[seat] + counts[partner[seat]] - par for seat in range(self.seats)]


_GAME_RULES: dict[str, tuple[int, int, list[int]]] = {}


def game_rules(obs: Observation) -> tuple[int, int, list[int]]:
    """What the simulator keeps of the engine's rules for ``obs``'s game, asked once per game:
    its trick count, the ``naming`` bits (the tricks in which a led Fool names a suit) and
    each seat's partner (-1: none)."""
    found = _GAME_RULES.get(obs.game)
    if found is None:
        rules = obs.rules
        count = rules.trick_count
        naming = 0
        for number in range(1, count + 1):
            if rules.names_suit(FOOL, number, True):
                naming |= 1 << number
        partners = [rules.partner_of(seat) for seat in range(rules.seat_count)]
        found = (count, naming, [-1 if seat is None else seat for seat in partners])
        _GAME_RULES[obs.game] = found
    return found


_last_counts: tuple[Observation, tuple[int, ...], list[int], int] | None = None
"""The counts and opened suits of the last observation simulated (``from_world`` builds
many worlds of one observation)."""


def _counts_so_far(obs: Observation, value: tuple[int, ...]) -> list[int]:
    """``counts_so_far``, remembered for the last observation."""
    global _last_counts  # noqa: PLW0603 - a one-entry cache
    last = _last_counts
    if last is None or last[0] is not obs or last[1] is not value:
        last = _last_counts = (obs, value, counts_so_far(obs, value), opened_suits(obs))
    return list(last[2])


def _opened_suits(obs: Observation) -> int:
    """``opened_suits``, remembered for the last observation."""
    last = _last_counts
    if last is None or last[0] is not obs:
        return opened_suits(obs)
    return last[3]


def counts_so_far(obs: Observation, value: tuple[int, ...]) -> list[int]:
    """Each seat's tricks and card values won so far (the Fool counting for its player)."""
    seats = obs.seat_count
    count = [0] * seats
    danish = obs.game == DANISH
    last = obs.rules.trick_count
    for trick in obs.tricks:
        count[trick.winner] += 1
        for position, card in enumerate(trick.cards):
            if card == FOOL and (not danish or trick.number < last):
                count[(trick.leader + position) % seats] += value[card]
            else:
                count[trick.winner] += value[card]
    for bob in obs.bobs:
        if bob.page is not None and bob.returned is not None and bob.target is not None:
            count[bob.target] += value[bob.page] - value[bob.returned]
    return count


def opened_suits(obs: Observation) -> int:
    """Troccas: the plain suits already led (for the Bob's "first trick" test)."""
    opened = 0
    for trick in obs.tricks:
        cards = trick.cards
        suit = SUIT[cards[1]] if cards[0] == FOOL else SUIT[cards[0]]
        if suit < TRUMPS:
            opened |= 1 << suit
    return opened
