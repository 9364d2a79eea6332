"""Build complete, legal hand records around the few cards a rules example names.

A ``Scenario`` says which cards some seats hold, which kinds of card a seat must not hold, and
which tricks are played how ("trick 7: M leads CU-5, D plays CU-K, F plays T2"). ``build`` deals
the other cards at random around those constraints and plays the tricks that are not scripted
with legal filler cards, steering the filler so that the right seat leads each scripted trick.
It retries with the next seed until the record satisfies every constraint. Legality comes from
the independent referee (``tests.engine.referee``), never from the engine under test.

Notation: cards are codes separated by spaces (``"ST-K CU-3 T7 FOOL"``); a led Fool's name is
written after a slash (``"FOOL/CU"``). A seat's ``lacks`` lists card kinds it is dealt none of,
apart from the cards the scenario gives it: a suit code, ``T`` for trumps, ``FOOL``, ``PIP``,
``COURT``, or one card's code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from random import Random
from typing import Any

from tests.engine.referee import (
    DANISH,
    DECK,
    FOOL,
    SUITS,
    TROCCAS,
    Referee,
    RefereeError,
    is_pip,
    is_trump,
    is_ultimo_card,
    referee_for,
    strength,
    suit_of,
)

SEATS = {DANISH: 3, TROCCAS: 4}
HAND_SIZE = {DANISH: (25, 28), TROCCAS: (19, 21)}  # (others, dealer incl. the talon)
ATTEMPTS = 3000


class BuildError(Exception):
    """No record satisfying the scenario was found."""


def cards(text: str) -> list[str]:
    """``"ST-K CU-3"`` -> ``["ST-K", "CU-3"]`` (a ``/name`` suffix dropped)."""
    return [word.split("/")[0] for word in text.split()]


@dataclass(frozen=True)
class Play:
    """A scripted trick: its leader and the cards in playing order (possibly only the first
    few, to stop the record in the middle of the trick)."""

    leader: int
    cards: str

    def plays(self) -> list[tuple[str, str | None]]:
        out = []
        for word in self.cards.split():
            card, _, name = word.partition("/")
            out.append((card, name or None))
        return out


Require = Callable[[Referee], bool]


@dataclass(frozen=True)
class Scenario:
    game: str = DANISH
    dealer: int = 0
    options: tuple[tuple[str, bool], ...] = ()
    before: str | None = None
    """JSON of the record's ``before`` object, or None for the first deal of a match."""
    hands: tuple[tuple[int, str], ...] = ()
    """Cards a seat holds until the last scripted trick (the filler never plays them)."""
    extra: tuple[tuple[int, str], ...] = ()
    """Cards a seat is dealt that the filler may play (to help it win tricks)."""
    lacks: tuple[tuple[int, str], ...] = ()
    discard: str | None = None
    tricks: tuple[tuple[int, Play], ...] = ()
    answers: tuple[tuple[int, int, bool], ...] = ()
    """(trick, seat, answer) for ``demand_fool`` and ``bob`` decisions; the filler says
    ``False`` to a demand and ``True`` to a Bob."""
    stop: tuple[Any, ...] | None = None
    """(trick, cards already in it[, decision]): end the record there ((0, 0): before the
    discard); with a third item
    (``"demand_fool"``, ``"bob"``) at that decision rather than at the next card. Default:
    after the last scripted card if that trick is incomplete, else at the end of the deal."""
    require: tuple[tuple[int, Require], ...] = ()
    """(trick, predicate on the referee before that trick's first card); trick 26 (Danish) or
    20 (Troccas) means at the end of the deal."""
    no_lead: str = ""
    """Suits the filler must not lead (for example a suit whose first trick is scripted)."""
    voids: tuple[tuple[int, int, str], ...] = ()
    """(seat, trick, kinds): from that trick on the seat holds no such card except scripted
    ones; the filler sheds them first."""
    never_win: tuple[int, ...] = ()
    """Seats the filler tries not to let win (a Nolo)."""
    seed: int = 0


def scenario(
    game: str = DANISH,
    *,
    dealer: int = 0,
    options: dict[str, bool] | None = None,
    before: dict[str, Any] | None = None,
    hands: dict[int, str] | None = None,
    extra: dict[int, str] | None = None,
    lacks: dict[int, str] | None = None,
    discard: str | None = None,
    tricks: dict[int, Play] | None = None,
    answers: dict[tuple[int, int], bool] | None = None,
    stop: tuple[Any, ...] | None = None,
    require: dict[int, Require] | None = None,
    no_lead: str = "",
    voids: dict[int, tuple[int, str]] | None = None,
    never_win: tuple[int, ...] = (),
    seed: int = 0,
) -> Scenario:
    """A ``Scenario`` from plain dictionaries (kept hashable so builds can be cached)."""
    return Scenario(
        game=game,
        dealer=dealer,
        options=tuple(sorted((options or {}).items())),
        before=json.dumps(before) if before is not None else None,
        hands=tuple(sorted((hands or {}).items())),
        extra=tuple(sorted((extra or {}).items())),
        lacks=tuple(sorted((lacks or {}).items())),
        discard=discard,
        tricks=tuple(sorted((tricks or {}).items())),
        answers=tuple(sorted((t, s, a) for (t, s), a in (answers or {}).items())),
        stop=stop,
        require=tuple(sorted((require or {}).items(), key=lambda item: item[0])),
        no_lead=no_lead,
        voids=tuple(sorted((seat, t, kinds) for seat, (t, kinds) in (voids or {}).items())),
        never_win=never_win,
        seed=seed,
    )


@dataclass
class Built:
    record: dict[str, Any]
    positions: dict[tuple[Any, ...], int] = field(default_factory=dict)
    """(trick, cards in it[, decision]) -> number of actions played up to that moment."""
    attempts: int = 1
    """Seeds tried: more than 1 means the scenario's ``seed`` could start later."""

    def prefix(self, at: tuple[Any, ...] | None) -> dict[str, Any]:
        """The record cut at (trick, cards in it), or whole."""
        if at is None:
            return self.record
        if at not in self.positions:
            raise BuildError(f"the record never reaches trick {at[0]} with {at[1]} cards")
        cut = dict(self.record)
        cut["actions"] = self.record["actions"][: self.positions[at]]
        return cut


# ------------------------------------------------------------------ dealing


def lacks_card(kinds: str, card: str) -> bool:
    for kind in kinds.split():
        if kind == "PIP" and is_pip(card):
            return True
        if kind == "COURT" and suit_of(card) in SUITS and not is_pip(card):
            return True
        if kind == card:
            return True
        if kind == suit_of(card):
            return True
    return False


def fixed_cards(sc: Scenario) -> dict[int, list[str]]:
    """Every card the scenario places: given holdings, scripted plays and the discard."""
    fixed: dict[int, list[str]] = {seat: [] for seat in range(SEATS[sc.game])}
    for seat, text in sc.hands + sc.extra:
        fixed[seat] += cards(text)
    for _number, play in sc.tricks:
        for index, (card, _name) in enumerate(play.plays()):
            fixed[(play.leader + index) % SEATS[sc.game]].append(card)
    if sc.discard:
        fixed[sc.dealer] += cards(sc.discard)
    placed: dict[str, int] = {}
    for seat, held in fixed.items():
        for card in held:
            if placed.get(card, seat) != seat:
                raise BuildError(f"{card} is placed with seats {placed[card]} and {seat}")
            placed[card] = seat
        fixed[seat] = list(dict.fromkeys(held))
    return fixed


def deal_around(sc: Scenario, rng: Random) -> list[list[str]]:
    """Each seat's full holding (the Danish dealer with the talon): fixed cards plus filler."""
    seats = SEATS[sc.game]
    holdings = fixed_cards(sc)
    lacks = dict(sc.lacks)
    sizes = [HAND_SIZE[sc.game][seat == sc.dealer] for seat in range(seats)]
    placed = {card for held in holdings.values() for card in held}
    rest = [card for card in DECK if card not in placed]
    rng.shuffle(rest)

    def allowed(card: str) -> list[int]:
        return [
            seat
            for seat in range(seats)
            if len(holdings[seat]) < sizes[seat] and not lacks_card(lacks.get(seat, ""), card)
        ]

    rest.sort(key=lambda card: len(allowed(card)))
    for card in rest:
        seats_free = allowed(card)
        if not seats_free:
            raise BuildError(f"no seat may take {card}")
        weights = [sizes[s] - len(holdings[s]) for s in seats_free]
        holdings[rng.choices(seats_free, weights)[0]].append(card)
    return [holdings[seat] for seat in range(seats)]


def new_record(sc: Scenario, holdings: list[list[str]], rng: Random) -> dict[str, Any]:
    deal = [list(held) for held in holdings]
    talon: list[str] = []
    if sc.game == DANISH:
        rng.shuffle(deal[sc.dealer])
        talon = deal[sc.dealer][25:]
        deal[sc.dealer] = deal[sc.dealer][:25]
    record: dict[str, Any] = {
        "format": "trionfi-hand/1",
        "game": sc.game,
        "options": dict(sc.options),
        "dealer": sc.dealer,
        "deal": deal,
        "talon": talon,
        "actions": [],
    }
    if sc.before is not None:
        record["before"] = json.loads(sc.before)
    return record


# ------------------------------------------------------------------ playing


class Filler:
    """Plays one attempt of a scenario through the referee."""

    def __init__(self, sc: Scenario, rng: Random) -> None:
        self.sc = sc
        self.rng = rng
        self.seats = SEATS[sc.game]
        self.script = dict(sc.tricks)
        self.answers = {(t, s): a for t, s, a in sc.answers}
        self.require = dict(sc.require)
        self.last_scripted = max(self.script, default=0)
        self.record = new_record(sc, deal_around(sc, rng), rng)
        self.referee = referee_for(self.record)
        self.positions: dict[tuple[Any, ...], int] = {}
        self.kept = {seat: set(cards(text)) for seat, text in sc.hands}

    @property
    def chicks(self) -> bool:
        return self.referee.chicks

    def stop_point(self) -> tuple[Any, ...] | None:
        if self.sc.stop is not None:
            return self.sc.stop
        if self.script:
            play = self.script[self.last_scripted]
            if len(play.plays()) < self.seats:
                return (self.last_scripted, len(play.plays()))
        return None

    def act(self, action: dict[str, Any]) -> None:
        self.referee.apply(action)
        self.record["actions"].append(action)

    def run(self) -> Built:
        stop = self.stop_point()
        self.positions[(0, 0)] = 0
        if stop == (0, 0):
            return Built(self.record, self.positions)
        self.discard()
        while self.referee.phase != "over":
            trick = self.referee.trick
            assert trick is not None
            where: tuple[Any, ...] = (trick.number, len(trick.cards))
            if self.referee.phase != "play":
                where = (*where, self.referee.phase)
            self.positions.setdefault(where, len(self.record["actions"]))
            if self.referee.phase == "play" and not trick.cards:
                self.check_requirements(trick.number)
            if where == stop:
                break
            self.step()
        if stop is not None and stop not in self.positions:
            raise BuildError(f"never reached {stop}")
        if self.referee.phase == "over":
            self.check_requirements(self.referee.trick_count + 1)
        return Built(self.record, self.positions)

    def check_requirements(self, number: int) -> None:
        requirement = self.require.get(number)
        if requirement is not None and not requirement(self.referee):
            raise BuildError(f"requirement before trick {number} not met")
        for seat, trick, kinds in self.sc.voids:
            if trick == number and self.to_shed(seat, number - 1):
                raise BuildError(f"seat {seat} is not void in {kinds} at trick {number}")

    def to_shed(self, seat: int, number: int) -> set[str]:
        """Cards the seat must be rid of before a later trick (``voids``)."""
        out: set[str] = set()
        for void_seat, trick, kinds in self.sc.voids:
            if void_seat == seat and number < trick:
                out |= {c for c in self.referee.hands[seat] if lacks_card(kinds, c)}
        return out - self.reserved(seat, number)

    def reserved(self, seat: int, number: int) -> set[str]:
        """Cards the filler must not play: later scripted cards and kept holdings."""
        out: set[str] = set()
        if number <= self.last_scripted:
            out |= self.kept.get(seat, set())
        for later, play in self.script.items():
            if later >= number:
                out |= {
                    card
                    for index, (card, _) in enumerate(play.plays())
                    if (play.leader + index) % self.seats == seat
                }
        return out

    def discard(self) -> None:
        dealer = self.sc.dealer
        if self.sc.discard is not None:
            self.act({"seat": dealer, "discard": cards(self.sc.discard)})
            return
        avoid = self.reserved(dealer, 1)
        groups = [g for g in self.referee.legal_discards() if not g & avoid]
        if not groups:
            raise BuildError("no legal discard outside the reserved cards")
        plain = [g for g in groups if all(is_pip(c) for c in g)] or groups
        self.act({"seat": dealer, "discard": sorted(self.rng.choice(plain))})

    def step(self) -> None:
        decision = self.referee.decision()
        assert decision is not None
        assert self.referee.trick is not None
        number = self.referee.trick.number
        if decision.action != "play":
            # a demand is asked before trick `number`, a Bob after it
            default = decision.action == "bob"
            answer = self.answers.get((number, decision.seat), default)
            self.act({"seat": decision.seat, decision.action: answer})
            return
        trick = self.referee.trick
        if number in self.script and len(trick.cards) < len(self.script[number].plays()):
            self.play_scripted(number)
        else:
            self.play_filler(number, set(decision.legal))
        self.after_card(number)

    def play_scripted(self, number: int) -> None:
        trick = self.referee.trick
        assert trick is not None
        play = self.script[number]
        if trick.leader != play.leader:
            raise BuildError(f"trick {number} is led by {trick.leader}, not {play.leader}")
        card, name = play.plays()[len(trick.cards)]
        action: dict[str, Any] = {"seat": self.referee.turn, "play": card}
        if name:
            action["name"] = name
        try:
            self.act(action)
        except RefereeError as error:
            raise BuildError(f"scripted {card} in trick {number}: {error}") from None

    def target(self, number: int) -> int:
        """Who should win this filler trick: the next scripted leader, else anyone."""
        if number + 1 in self.script:
            return self.script[number + 1].leader
        return self.rng.choice([s for s in range(self.seats) if s not in self.sc.never_win])

    def play_filler(self, number: int, legal: set[str]) -> None:
        seat = self.referee.turn
        trick = self.referee.trick
        assert trick is not None
        options = sorted(legal - self.reserved(seat, number))
        if not options:
            raise BuildError(f"seat {seat} has only reserved cards in trick {number}")
        if not trick.cards:
            unled = [c for c in options if c != FOOL and suit_of(c) not in self.sc.no_lead]
            options = unled or options
        shed = self.to_shed(seat, number) & set(options)
        options = sorted(shed) or options
        wins = seat == self.target(number)
        card = self.pick(options, trick.cards, wins)
        action: dict[str, Any] = {"seat": seat, "play": card}
        if card == FOOL and not trick.cards and self.sc.game == DANISH and number < 25:
            action["name"] = "T"
        self.act(action)

    def pick(self, options: list[str], played: list[str], wins: bool) -> str:
        """The strongest card for the seat that should win, else a weak, cheap one."""
        led = suit_of(played[0]) if played and played[0] != FOOL else None

        def power(card: str) -> int:
            if card == FOOL:
                return -1
            if not played or is_trump(card) or suit_of(card) == led:
                return strength(card, self.chicks)
            return 0

        def cost(card: str) -> tuple[int, int, float]:
            precious = int(is_ultimo_card(card, self.chicks) or card == FOOL)
            return (precious, power(card), self.rng.random())

        if wins:
            return max(options, key=lambda c: (power(c), self.rng.random()))
        return min(options, key=cost)

    def after_card(self, number: int) -> None:
        """After a filler trick, the next scripted trick must have the right leader."""
        if self.referee.trick is not None and self.referee.trick.number == number:
            return  # the trick goes on
        if self.referee.phase == "over" or number in self.script:
            return
        follow = self.script.get(number + 1)
        if follow is not None and self.referee.tricks[-1].winner != follow.leader:
            raise BuildError(f"trick {number} went to the wrong seat")


@cache
def build(sc: Scenario) -> Built:
    """A record for the scenario (deterministic: the first seed from ``sc.seed`` that works)."""
    reasons: list[str] = []
    for attempt in range(ATTEMPTS):
        rng = Random(sc.seed + attempt)
        try:
            built = Filler(sc, rng).run()
            built.attempts = attempt + 1
            return built
        except (BuildError, RefereeError) as error:
            reasons.append(str(error))
    raise BuildError(f"no record after {ATTEMPTS} attempts; last reasons: {reasons[-3:]}")


def suits_other_than(*excluded: str) -> str:
    return " ".join(s for s in SUITS if s not in excluded)
