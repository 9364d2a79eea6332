"""The bot interface every level implements, and the registry of levels.

A bot is given one seat's ``Observation`` and its own random stream, and returns a legal
action for that seat; the same observation and stream always give the same action. It never
receives the deal itself (tests/architecture checks the imports). Levels: ``random`` (the
baseline for tests and the arena), and the seed's slider "Easier ... Harder" as ``easy``,
``medium`` and ``hard``. ``ARENA_LEVELS`` adds ``ismcts``, an information-set MCTS that the
arena and ``trionfi bot`` offer as a reference opponent (``arena_bot``); it is no level of the
pages (``LEVELS`` and ``get_bot`` do not know it). ``hint`` gives the action with a one-line
reason a person reads, in the words a player uses (``words``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Protocol

from app.bots import danish_play, easy, hard, ismcts, troccas_play
from app.bots.chicks import chicks_choice
from app.bots.conventions import discard_choice, help_nolo, nolo_partners, try_nolo
from app.bots.hard import KITTY_WORDS
from app.bots.knowledge import read
from app.bots.odds import Choice, Table
from app.bots.redeal import redeal_choice
from app.bots.seating import four_seat_action, three_seat, three_seat_names, three_seat_pairs
from app.bots.words import sentence
from app.engine.actions import Action, CallBob, DemandFool, Discard, PlayCard
from app.engine.cards import IS_PIP, PLAIN_SUITS, Card, Suit
from app.engine.deal import Phase
from app.engine.observation import Observation
from app.engine.options import DANISH, TROCCAS
from app.engine.rng import shuffle

NAMEABLE: tuple[Suit, ...] = (*PLAIN_SUITS, Suit.TRUMPS)
LEVEL_NAMES: tuple[str, ...] = ("random", "easy", "medium", "hard")
SLIDER: tuple[str, ...] = ("easy", "medium", "hard")
"""The seed's "Easier ... Harder" slider, easiest first; ``random`` is not offered."""
ARENA_LEVELS: tuple[str, ...] = (*LEVEL_NAMES, *ismcts.LEVELS)
"""What ``trionfi arena`` and ``trionfi bot`` accept: the levels and the ``ismcts`` and
``ismcts-random`` reference opponents, which the pages never offer."""


@dataclass(frozen=True)
class Hint:
    """A suggested action with a one-line reason a person understands."""

    action: Action
    reason: str

    @property
    def text(self) -> str:
        """The whole hint as a player would say it: "Play the 9 of Cups: ... ."."""
        return sentence(self.action, self.reason)


@dataclass(frozen=True)
class BotSettings:
    """Per-match settings that change only how the computer plays (rules.md 2.13, 2.15, 3.7).

    ``nolo_help`` holds (helper, trier) seat pairs from the four "... can help ... try for No
    Tricks" boxes: the trier may try for Nolo and the helper takes tricks for them.
    ``see_all`` is "opponents see all hands" (off by default); a bot reads other hands only
    when it is on and the observation was built with it.
    ``hard_budget`` is the hard level's simulated card plays per decision (the arena may
    lower it to save time; the pages keep the default).
    """

    nolo_help: frozenset[tuple[int, int]] = frozenset()
    see_all: bool = False
    hard_budget: int = hard.HARD_BUDGET


class Bot(Protocol):
    """What a player of a seat is: ours (``LevelBot``, which also gives hints) or a program."""

    level: str

    def choose(self, obs: Observation, rng: Random) -> Action:
        """A legal action for ``obs.seat``; called only when it is that seat's turn."""
        ...


class LevelBot:
    """One level: the shared decisions (discard, Fool demand, Bob, Nolo) and its own play."""

    def __init__(self, level: str, settings: BotSettings) -> None:
        if level not in LEVEL_NAMES:
            raise KeyError(level)
        self.level = level
        self.settings = settings

    def choose(self, obs: Observation, rng: Random) -> Action:
        return self.hint(obs, rng, explain=False).action

    def hint(
        self,
        obs: Observation,
        rng: Random,
        names: Sequence[str] | None = None,
        *,
        explain: bool = True,
    ) -> Hint:
        """The action for ``obs.seat`` with its reason; ``ValueError`` if it is not the
        seat's turn (there is nothing to decide). ``names``: the seats as the person reads
        them ("Right", or a friend's name); by default the reason says Right, Left and your
        partner. Without ``explain`` (a computer's move: nobody reads why) the reason may be
        left empty where only finding it would cost a search; the action is the same."""
        if not obs.is_my_turn or obs.phase is Phase.OVER:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        if obs.phase is Phase.REDEAL:  # every level asks for a new deal (rules.md 2.3a)
            asked, reason = redeal_choice(obs)
            return Hint(asked, reason)
        if obs.sits_out is not None:
            return self._hint_as_three(obs, rng, names, explain)
        seat = obs.seat
        if obs.phase is Phase.CHICKS:
            chosen, why = chicks_choice(obs)
            return Hint(chosen, why)
        if obs.phase is Phase.DEMAND_FOOL:
            why = "its holder must then play it in trick 23 and cannot keep it for the end"
            return Hint(DemandFool(seat, True), why)
        if obs.phase is Phase.BOB:
            why = "you take the Page from its owner for a small card from the trick"
            return Hint(CallBob(seat, True), why)
        if obs.phase is Phase.DISCARD:
            if self.level == "random":
                return Hint(Discard(seat, random_pip_discard(obs, rng)), "pips chosen at random")
            cards, reason = discard_choice(obs)
            # strategy: hard searches only the Troccas kitty, whose points count for the team
            if self.level == "hard" and obs.game == TROCCAS:
                kitty = hard.discard(obs, rng, self.settings.hard_budget, cards)
                if set(kitty) != set(cards):
                    cards, reason = kitty, KITTY_WORDS
            return Hint(Discard(seat, tuple(Card(c) for c in cards)), reason)
        choice = self.play(obs, rng, names, explain=explain)
        name = Suit(choice.name) if choice.name is not None else None
        return Hint(PlayCard(seat, Card(choice.card), name), choice.reason)

    def _hint_as_three(
        self, obs: Observation, rng: Random, names: Sequence[str] | None, explain: bool
    ) -> Hint:
        """The hint of a four-player Danish deal: that of its three-player deal (2.17)."""
        three, real = three_seat(obs)
        nolo_help = three_seat_pairs(self.settings.nolo_help, real)
        bot = get_bot(self.level, replace(self.settings, nolo_help=nolo_help))
        found = bot.hint(three, rng, three_seat_names(names, real), explain=explain)
        return Hint(four_seat_action(found.action, real), found.reason)

    def play(
        self,
        obs: Observation,
        rng: Random,
        names: Sequence[str] | None = None,
        *,
        explain: bool = True,
    ) -> Choice:
        if self.level == "random":
            card = obs.legal[int(rng.random() * len(obs.legal))]
            name = fool_name(obs, card, rng)
            return Choice(card, "any legal card will do", None if name is None else int(name))
        nolo = self.nolo(obs)
        if nolo is not None:
            return nolo
        if self.level == "easy":
            return easy.play(obs, rng)
        first = self.medium(obs, names)
        if self.level == "medium" or first.convention:
            return first  # hard keeps the seed's conventions, as medium does (rules.md 2.15)
        budget, see_all = self.settings.hard_budget, self.settings.see_all
        return hard.decide(obs, rng, budget, see_all, first, names, explain=explain)

    def medium(self, obs: Observation, names: Sequence[str] | None = None) -> Choice:
        table = Table(obs, read(obs, self.settings.see_all), names)
        if obs.game == DANISH:  # strategy: each game's own heuristics
            return danish_play.play(table)
        return troccas_play.play(table)

    def nolo(self, obs: Observation) -> Choice | None:
        may_try, helped = nolo_partners(obs, self.settings.nolo_help)
        if may_try:
            found = try_nolo(obs)
            if found is not None:
                return found
        if helped is not None:
            return help_nolo(obs, helped)
        return None


class RandomBot(LevelBot):
    """Uniformly random legal actions: the baseline for tests and the arena."""

    def __init__(self, settings: BotSettings | None = None) -> None:
        super().__init__("random", settings or BotSettings())


def random_pip_discard(obs: Observation, rng: Random) -> tuple[Card, ...]:
    """Random legal cards to lay away, pips only where there are enough (machine dealers
    discard only pip cards, rules.md 2.4), which is always legal."""
    size = obs.discard_size
    pips = [c for c in obs.legal if IS_PIP[c]]
    choices = pips if len(pips) >= size else list(obs.legal)
    shuffle(choices, rng)
    return tuple(sorted(choices[:size]))


def fool_name(obs: Observation, card: Card, rng: Random) -> Suit | None:
    """A random suit when playing ``card`` now names one (the Fool led in Danish Tarok before
    the last trick), else None."""
    if not obs.names_suit(card):
        return None
    return NAMEABLE[int(rng.random() * len(NAMEABLE))]


_BOTS: dict[tuple[str, BotSettings], LevelBot] = {}


def get_bot(level: str, settings: BotSettings | None = None) -> LevelBot:
    """The bot of a level with the match's settings; raises ``KeyError`` for an unknown level."""
    key = (level, settings or BotSettings())
    bot = _BOTS.get(key)
    if bot is None:
        bot = RandomBot(key[1]) if level == "random" else LevelBot(level, key[1])
        _BOTS[key] = bot
    return bot


def arena_bot(
    level: str,
    settings: BotSettings | None = None,
    ismcts_iterations: int = ismcts.ISMCTS_ITERATIONS,
) -> Bot:
    """A player for the arena or ``trionfi bot``: a level, or ``ismcts`` with its iterations
    per decision; raises ``KeyError`` for anything else."""
    if level in ismcts.LEVELS:
        bot = ismcts.IsmctsBot(ismcts_iterations, (settings or BotSettings()).see_all, level)
        return AsThreeSeats(bot)
    return get_bot(level, settings)


class AsThreeSeats:
    """A player that knows the three-player game, at a four-player Danish table (2.17): it
    is handed the three-player deal and its answer is put back on the real seats. It also
    makes the Chicks choice after the deal (rules.md 2.14) and asks for a new deal of a hand
    with no trumps (2.3a) for the reference search, which
    knows only the classic decisions (and stays as compiled)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level

    def choose(self, obs: Observation, rng: Random) -> Action:
        if obs.phase is Phase.REDEAL and obs.is_my_turn:
            return redeal_choice(obs)[0]  # every player asks for a new deal (rules.md 2.3a)
        if obs.phase is Phase.CHICKS and obs.is_my_turn:
            return chicks_choice(obs)[0]  # every player chooses the Chicks rule alike
        if obs.sits_out is None or not obs.is_my_turn:
            return self.bot.choose(obs, rng)
        three, real = three_seat(obs)
        action = self.bot.choose(three, rng)
        return four_seat_action(action, real)


def hint(
    obs: Observation,
    rng: Random,
    level: str = "hard",
    settings: BotSettings | None = None,
    names: Sequence[str] | None = None,
) -> Hint:
    """A suggested action for ``obs.seat`` with its reason (by default the hard level's),
    naming the other seats by ``names`` when given."""
    return get_bot(level, settings).hint(obs, rng, names)


LEVELS: dict[str, Bot] = {name: get_bot(name) for name in LEVEL_NAMES}
